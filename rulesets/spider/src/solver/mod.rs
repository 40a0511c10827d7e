//! The Spider solver: winnability with full information, honest hints, exact dead ends.
//!
//! It works on its own compact [`Position`] (✱ contract 10), built from the ruleset's state by
//! [`Position::from_parts`], and answers in [`SolverMove`]s that the ruleset turns into
//! `felt_core::Action`s. Like every ruleset code it is pure: it reads no clock; the caller
//! bounds it by states and memory, and may stop it early through [`Budget::keep_going`].
//!
//! Three answers, never a guess ([`Verdict`]):
//! - **won**, with the whole move list;
//! - **proven unwinnable**, only when the search visited every position reachable under the
//!   rules in force (its pruning is limited to dominance that cannot lose a win);
//! - **undecided**, when the budget ran out first.
//!
//! Two modes ([`Mode`]): full information sees face-down cards and the stock order; honest
//! mode first replaces every hidden card by [`UNKNOWN`] ([`Position::masked`]), so nothing it
//! does can depend on a hidden card. See [`honest`] for how it plans without them.

pub mod deadend;
pub mod eval;
pub mod glue;
pub mod honest;
pub mod moves;
pub mod position;
mod pruning;
mod search;
pub mod shorten;
mod table;
mod zobrist;

#[cfg(test)]
mod tests;

pub use deadend::{dead_end, is_dead_end, DeadEnd};
pub use eval::Weights;
pub use honest::{hint, hints};
pub use moves::{is_legal, legal_moves, SolverMove};
pub use position::{Position, PositionError, UNKNOWN};

/// Which groups of cards move together (SP-GROUP).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GroupRule {
    /// Only a descending run of one suit moves as a group.
    Classic,
    /// Any descending sequence moves as a group, whatever its suits.
    Relaxed,
}

/// When the stock may be dealt (SP-DEAL and its relatives).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DealPolicy {
    /// Only while every column holds a card.
    Filled,
    /// Whatever the columns hold.
    Any,
    /// Every column must hold a card, unless fewer than this many cards are on the table
    /// (SITE-DEAL: they could never fill every column).
    FilledUnlessFewerThan(u16),
}

/// The rules the solver plays by: everything about a Spider relative that changes what is
/// legal or what wins. Layout and stock sizes come with the position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SolverRules {
    /// Which groups move.
    pub group: GroupRule,
    /// When dealing is allowed.
    pub deal: DealPolicy,
    /// Removed runs that win.
    pub runs_to_win: u8,
    /// Columns on the table.
    pub columns: u8,
}

/// What the solver may look at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Sees face-down cards and the stock order: "was this deal winnable?". Says that it peeks.
    Full,
    /// Sees only what the player sees.
    Honest,
}

/// How far a search may go.
#[derive(Clone, Copy)]
pub struct Budget<'a> {
    /// Positions the search may visit.
    pub max_states: u64,
    /// Bytes the search may hold (nodes, packed positions, the transposition table).
    pub max_bytes: usize,
    /// Asked now and then with the states visited so far; `false` stops the search with
    /// "undecided". The binary uses it for a wall-clock deadline, keeping the solver clock-free.
    pub keep_going: Option<&'a (dyn Fn(u64) -> bool + Sync)>,
}

impl Budget<'_> {
    /// A budget of `max_states` positions and 256 MB.
    pub fn states(max_states: u64) -> Budget<'static> {
        Budget {
            max_states,
            max_bytes: 256 << 20,
            keep_going: None,
        }
    }
}

/// The solver's verdict.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// A winning line, replayable from the position solved.
    Won(Vec<SolverMove>),
    /// No line wins: every reachable position was visited.
    ProvenUnwinnable,
    /// The budget ran out before either could be shown.
    Undecided,
}

/// A verdict with what it cost.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    /// Won, proven unwinnable or undecided.
    pub verdict: Verdict,
    /// Distinct positions visited.
    pub states: u64,
    /// Most bytes the search held at once.
    pub peak_bytes: usize,
    /// What ended the search: an undecided answer says why it is undecided.
    pub stopped: Stopped,
}

/// What ended a search: felt-core's one list ([`felt_core::Stopped`]). Only
/// [`Stopped::Decided`] goes with a won or proven verdict; every other reason goes with
/// [`Verdict::Undecided`], so a caller can say what it would take to decide ("a larger memory
/// cap") instead of a budget that was not the one used up. The solver itself gives `Decided`,
/// `States`, `Memory`, `Caller` (its `keep_going` said no), `Hidden` and `MoveLimit`.
pub use felt_core::Stopped;

/// Solves `pos` under `rules`. In [`Mode::Honest`] the hidden cards are masked first; an
/// honest search can then only win or prove a loss when no hidden card is left that matters:
/// otherwise it is undecided (use [`hint`] to play honestly).
pub fn solve(pos: &Position, rules: &SolverRules, mode: Mode, budget: Budget<'_>) -> Answer {
    solve_tuned(pos, rules, mode, budget, &Tuning::for_rules(rules))
}

/// [`solve`] with explicit search parameters, for experiments and benchmarks. A won line is
/// then made shorter ([`shorten`]), within a bound of its own and the caller's `keep_going`.
pub fn solve_tuned(
    pos: &Position,
    rules: &SolverRules,
    mode: Mode,
    budget: Budget<'_>,
    tuning: &Tuning,
) -> Answer {
    let answer = search_stages(pos, rules, mode, budget, tuning);
    shorten::after_search(pos, rules, mode, budget, answer)
}

/// The search of [`solve_tuned`], before its line is shortened.
///
/// With [`Tuning::second`] set and no [`Tuning::restart_after`], one search expands by both
/// heuristics in turn (the default: they fail on different deals). Otherwise the search runs
/// in up to three stages, each starting afresh:
/// 1. with [`Tuning::weights`], for at most [`Tuning::restart_after`] positions (half the
///    states budget if that is smaller), when [`Tuning::second`] is set;
/// 2. with [`Tuning::second`] for the rest of the budget;
/// 3. if a search with [`Tuning::prune`] ran dry, a complete one without pruning: only such a
///    search may prove a loss.
///
/// With [`Tuning::retry`] set and no [`Tuning::restart_after`], the one search runs for at most
/// [`Retry::after`] positions (half the states budget if that is smaller), and then a fresh one
/// with the retry's depth cost and tie-breaking noise runs for the rest of the budget; either,
/// run dry, is followed by a complete one as in step 3.
///
/// A stage stopped by the memory bound goes on to the next as one that spent its positions
/// does ([`felt_patience::search::stage_spent`], the rule every solver's stages share); only
/// the caller's `keep_going` ends every stage at once.
pub fn search_stages(
    pos: &Position,
    rules: &SolverRules,
    mode: Mode,
    budget: Budget<'_>,
    tuning: &Tuning,
) -> Answer {
    let (root, honest) = match mode {
        Mode::Full => (pos.clone(), false),
        Mode::Honest => (pos.masked(), true),
    };
    let mut spent = Answer {
        verdict: Verdict::Undecided,
        states: 0,
        peak_bytes: 0,
        stopped: Stopped::States,
    };
    let mut stages: Vec<(Tuning, u64)> = Vec::with_capacity(2);
    match tuning.second {
        Some(second) => match tuning.restart_after {
            // No restart point: both heuristics take turns in one search.
            None => stages.push((*tuning, u64::MAX)),
            Some(after) => {
                let first = after.min(budget.max_states / 2);
                stages.push((
                    Tuning {
                        second: None,
                        ..*tuning
                    },
                    first,
                ));
                let other = Tuning {
                    weights: second,
                    second: None,
                    ..*tuning
                };
                stages.push((other, u64::MAX));
            }
        },
        None => stages.push((*tuning, u64::MAX)),
    }
    if let (Some(retry), [(only, u64::MAX)]) = (tuning.retry, stages.as_slice()) {
        // The one search gets `after` positions; fresh ones with the retry's depth cost and
        // noise, each with its own seed, get the rest ([`Retry::again`]).
        let first = Tuning {
            retry: None,
            ..*only
        };
        stages = vec![(first, retry.after.min(budget.max_states / 2))];
        stages.extend(retry.starts(budget.max_states).map(|(seed, cap)| {
            let again = Tuning {
                depth_weight: retry.depth_weight,
                noise: retry.noise,
                seed,
                ..first
            };
            (again, cap)
        }));
    }
    for (stage, cap) in stages {
        let (answer, stop) = run(&root, rules, honest, budget, &stage, cap, &mut spent);
        match stop {
            search::Stop::Answered | search::Stop::Caller => return answer,
            search::Stop::Dry if stage.prune && answer.verdict == Verdict::Undecided => {
                // The pruned search ran dry having left moves out: only a complete one may
                // prove a loss. (One that left nothing out was complete: its proof stands.)
                let complete = Tuning {
                    prune: false,
                    ..stage
                };
                return run(
                    &root,
                    rules,
                    honest,
                    budget,
                    &complete,
                    u64::MAX,
                    &mut spent,
                )
                .0;
            }
            search::Stop::Dry => return answer,
            search::Stop::States if spent.states >= budget.max_states => return answer,
            // The stage spent its share of positions or of memory (`stage_spent`; with 8 MB a
            // deal, four-suit deals 1..100 left 10 undecided when memory ended every stage).
            search::Stop::States | search::Stop::Memory => spent.stopped = answer.stopped,
        }
    }
    spent
}

/// One search stage within what is left of `budget` (and at most `cap` positions), its cost
/// added to `spent`.
fn run(
    root: &Position,
    rules: &SolverRules,
    honest: bool,
    budget: Budget<'_>,
    tuning: &Tuning,
    cap: u64,
    spent: &mut Answer,
) -> (Answer, search::Stop) {
    let left = Budget {
        max_states: budget.max_states.saturating_sub(spent.states).min(cap),
        ..budget
    };
    let (answer, stop) = search::best_first(root, rules, honest, left, tuning);
    spent.states += answer.states;
    spent.peak_bytes = spent.peak_bytes.max(answer.peak_bytes);
    let answer = Answer {
        states: spent.states,
        peak_bytes: spent.peak_bytes,
        ..answer
    };
    (answer, stop)
}

/// The search's [`Weights::cover`], in both views (chosen among 5, 10, 15, 25 and 40 on
/// four-suit deals 4001..6000, and 10 against 15 on 6001..10000).
const COVER: i32 = 10;

/// The search's parameters. [`Tuning::for_rules`] gives the tuned defaults.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tuning {
    /// The heuristic's weights.
    pub weights: Weights,
    /// A second heuristic: it takes turns with the first in one search, or, with
    /// [`Tuning::restart_after`], starts again when the first has not won.
    pub second: Option<Weights>,
    /// Positions the first heuristic may search before the second starts afresh; `None`: the
    /// two take turns from the start.
    pub restart_after: Option<u64>,
    /// Expansions each level (rows dealt) gets in turn before the next level's turn.
    pub per_round: u32,
    /// Leave out the moves [`moves::pruned`] names until that search runs dry.
    pub prune: bool,
    /// How much more later levels get: level `l` gets `per_round * (1 + l * level_boost / 8)`.
    pub level_boost: u32,
    /// Cost of each move made, added to the heuristic (0: greedy).
    pub depth_weight: i32,
    /// A fresh start for a search that has not won early ([`Retry`]); ignored with
    /// [`Tuning::restart_after`].
    pub retry: Option<Retry>,
    /// Largest tie-breaking noise added to a child's score (0: none), drawn from a hash of
    /// its key and [`Tuning::seed`], so a search stays deterministic.
    pub noise: u32,
    /// Seed of [`Tuning::noise`].
    pub seed: u64,
}

/// Fresh starts of the search: when it has not won within [`Retry::after`] positions it
/// starts afresh, with the same heuristics, another depth cost and a little noise in how it
/// breaks ties ([`Tuning::noise`]); a fresh start that has not won within its share
/// ([`Retry::again`]) gives way to another with the next seed, the last taking the rest.
///
/// The positions a deal needs before its win are heavy-tailed (four suits, deals 1-1000: half
/// are won within 30,000, nine in ten within 120,000, but one in a hundred needs over 600,000),
/// and a deal the search wanders on is often found quickly by a search that orders its moves a
/// little otherwise. The noise makes the fresh start differ from the first search more than
/// its depth cost alone does: of the four-suit deals 4001..6000 the first search had not won
/// within 600,000 positions, the fresh start won 25 of 66 within 400,000 without noise and 29
/// to 37 with it (by the seed, four seeds); of deals 1..200 not won within 30,000, 28 of 103
/// within 30,000 without and 44 and 46 with it. A fresh start drops nothing a proof needs:
/// each stage is a search of its own, and only a complete one that runs dry proves a loss
/// (rule P of `solver/pruning.rs`).
///
/// Several fresh starts rather than one: each seed's search wins other deals (alone, within
/// 1.3M positions, seeds 1 to 7 leave 33 to 52 of deals 4001..6000 unwon), so within the
/// same positions a few shorter searches win more than one long one: 19 unwon against 27 with
/// the first search's 400,000 and fresh starts of 400,000 (chosen there), and held out, deals
/// 6001..10000, 44 against 48 at 1.3M positions and 30 against 36 at 2M. Short fresh starts
/// lose: with 20,000 each, 107 of deals 1..300 unwon within 80,000 against 73 with one, so
/// the shares are set in positions, not as parts of the budget, and a budget within the first
/// search's and one fresh start's (800,000, well above the honest bot's) is split as before.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Retry {
    /// Positions the first search may visit.
    pub after: u64,
    /// The fresh search's [`Tuning::depth_weight`].
    pub depth_weight: i32,
    /// The fresh search's [`Tuning::noise`].
    pub noise: u32,
    /// Positions of each fresh start but the last, which gets the rest: the first two get
    /// this many, the next two twice as many, and so on, so that however large the budget a
    /// deal that needs one long search still gets one. `u64::MAX`: one fresh start.
    pub again: u64,
}

impl Retry {
    /// The fresh starts within `max_states` positions in all, each as its seed and its
    /// positions (the last `u64::MAX`: whatever is left).
    fn starts(&self, max_states: u64) -> impl Iterator<Item = (u64, u64)> {
        let mut used = self.after.min(max_states / 2);
        let mut seed = 0u64;
        let mut done = false;
        // A zero would never use up the budget.
        let again = self.again.max(1);
        std::iter::from_fn(move || {
            if done {
                return None;
            }
            seed += 1;
            let cap = again.saturating_mul(1 << ((seed - 1) / 2).min(63));
            used = used.saturating_add(cap);
            if used >= max_states {
                done = true;
                return Some((seed, u64::MAX));
            }
            Some((seed, cap))
        })
    }
}

impl Tuning {
    /// The defaults for `rules`.
    pub fn for_rules(rules: &SolverRules) -> Tuning {
        let base = Weights::for_rules(rules);
        let classic = rules.group == GroupRule::Classic;
        Tuning {
            // Under classic rules a wrong-suit build costs more here than in honest plans:
            // with 80 against 60, one search wins more four-suit deals within 1M positions
            // (deals 1-283: 280 against 278, and 276 against 272 within 500,000) than the
            // two-stage restart did.
            //
            // Each face-up card over a face-down one costs a little ([`Weights::cover`]): the
            // search keeps the columns it must dig short and builds on the others, as players
            // do. Four-suit deals within 1.3M positions: 4001..6000 19 -> 15 unwon, held out
            // 6001..10000 44 -> 31 (22 won only with it, 9 only without), and the positions of
            // a won deal 12 % fewer at the median, 10 to 25 % at the 90th percentile.
            weights: Weights {
                suit_break: if classic { 80 } else { base.suit_break },
                cover: COVER,
                ..base
            },
            // A second view that builds in suit harder, taking turns with the first in one
            // search: four-suit deals won within 1M positions, 1-1000: 990 against 985;
            // 1001-2000: 983 against 978; one- and two-suit deals still all won.
            second: classic.then_some(Weights {
                suit_break: 120,
                cover: COVER,
                ..base
            }),
            restart_after: None,
            per_round: 8,
            prune: true,
            level_boost: 0,
            depth_weight: -5,
            // Four-suit deals 1-1000 within 1.3M positions (about a second): 992 won by one
            // search, 998 when a search that has not won within 600,000 starts afresh with a
            // deeper dive (-10 alone: 990); 996 to 998 with the restart anywhere from 400,000
            // to 800,000. The fresh starts also break ties with noise, each with its own
            // seed, and there are several (figures at [`Retry`]): the first search's share
            // and theirs of 400,000 were chosen together on deals 4001..6000.
            retry: classic.then_some(Retry {
                after: 400_000,
                depth_weight: -10,
                // Up to one face-down card's weight: enough to reorder near-equal positions,
                // too little to overturn the heuristic.
                noise: 60,
                again: 400_000,
            }),
            noise: 0,
            seed: 0,
        }
    }
}
