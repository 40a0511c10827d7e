//! Shorter winning lines. The search dives for a win (a greedy best-first search), and the line
//! it finds wanders: groups moved away and back, a group moved twice where once would do, a
//! long way round where a direct one exists; at four suits its lines ran to twice the length
//! of a public solver's, some to thousands of moves, nothing a person would replay.
//! [`improve`] turns a winning line into one that is never longer, replays legally and still
//! wins, in three steps:
//!
//! 1. **A beam search** from the start ([`Beam`]): layer by layer, one move deeper each, the
//!    best positions by a lower bound of the moves still needed; its first win is as short as
//!    any in the beam.
//! 2. **Re-solves**: from positions along the line (the start, after each deal,
//!    and every few moves), a new search with a depth cost ([`Tuning::depth_weight`] > 0:
//!    each move made counts against a position, so shorter ways win the queue) looks for a win
//!    from there, and notes the line's later positions it reaches in fewer moves than the line.
//!    Both are bounded by positions, each search and all of them together ([`Plan`]).
//!
//!    What the beam and the re-solves find is **spliced** in: the new line is the shortest
//!    win through the old line and the branch, joined at every position they share, so the
//!    better part of each is kept.
//! 3. **Local edits** ([`shorten`]): a loop (the same position twice) is cut out; a group moved
//!    and later moved again is moved once, or not at all; from each position a search of one or
//!    two moves looks for a position further on. Each is bounded by moves applied ([`Effort`]).
//!
//! Every edit is checked by replaying: a candidate is kept only if each of its moves is legal
//! ([`is_legal`]) and it wins, or if it reaches a position of the old line further on (same
//! 128-bit key, [`Position::key`] over the columns no stock row reaches: once the stock is
//! empty the columns may come in another order, and the later moves are renamed to match).
//! At the end the new line is replayed once more from the start and must win; should that ever
//! fail (a key collision), the old line is kept. So the answer is always a true win.
//!
//! All of it is bounded by counts, never by a clock: rules code is pure. A caller's
//! [`Budget::keep_going`] still stops the re-solves.

mod beam;
mod edits;
mod resolve;
mod splice;

use super::moves::{is_legal, is_won, SolverMove};
use super::position::{suit, Position, UNKNOWN};
use super::{Answer, Budget, Mode, SolverRules, Tuning, Verdict, Weights};
pub use resolve::{Beam, Plan};

/// How much work [`shorten`] may do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Effort {
    /// Moves it may apply, over every replay and shortcut search together.
    pub steps: u64,
    /// Depth of the shortcut search from each position of the line (0 to switch it off).
    pub depth: u8,
}

impl Effort {
    /// The effort for a line of `len` moves: the replays grow with the square of the line,
    /// so does the budget, between a floor and a ceiling (a line of thousands of moves stays
    /// cheap).
    pub fn for_line(len: usize) -> Effort {
        let len = len as u64;
        Effort {
            steps: (len * len * 4).clamp(50_000, 2_000_000),
            depth: 2,
        }
    }
}

/// A shortened line and what it cost.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shortened {
    /// The winning line, never longer than the one given.
    pub line: Vec<SolverMove>,
    /// Moves the local edits applied.
    pub steps: u64,
    /// Positions the re-solves visited.
    pub states: u64,
    /// Most bytes one re-solve held.
    pub peak_bytes: usize,
}

/// The length at which `line` first wins from `start`, if every move is legal and it wins.
pub fn winning_length(start: &Position, rules: &SolverRules, line: &[SolverMove]) -> Option<usize> {
    let mut p = start.clone();
    if is_won(&p, rules) {
        return Some(0);
    }
    for (i, &mv) in line.iter().enumerate() {
        if !is_legal(&p, rules, mv) {
            return None;
        }
        p.apply(mv);
        if is_won(&p, rules) {
            return Some(i + 1);
        }
    }
    None
}

/// `line` by the local edits alone: a winning line from `start` never longer than `line`
/// (which should win from `start`; if it does not, it is returned as it is).
pub fn shorten(
    start: &Position,
    rules: &SolverRules,
    line: &[SolverMove],
    effort: Effort,
) -> Shortened {
    let Some(n) = winning_length(start, rules, line) else {
        return Shortened {
            line: line.to_vec(),
            steps: 0,
            states: 0,
            peak_bytes: 0,
        };
    };
    let (edited, steps) = edits::edit(start, rules, &line[..n], effort, None);
    Shortened {
        line: checked(start, rules, edited, &line[..n]),
        steps,
        states: 0,
        peak_bytes: 0,
    }
}

/// `line` re-solved from places along it, then edited locally ([`shorten`]): a winning line
/// from `start` never longer than `line`. `honest`: the search's view (unknown cards inert).
pub fn improve(
    start: &Position,
    rules: &SolverRules,
    honest: bool,
    line: &[SolverMove],
    plan: &Plan,
    budget: Budget<'_>,
) -> Shortened {
    let Some(n) = winning_length(start, rules, line) else {
        return Shortened {
            line: line.to_vec(),
            steps: 0,
            states: 0,
            peak_bytes: 0,
        };
    };
    let resolved = resolve::resolve(start, rules, honest, &line[..n], plan, budget);
    let line = checked(start, rules, resolved.line, &line[..n]);
    let effort = Effort {
        steps: Effort::for_line(line.len()).steps.min(plan.edit_steps),
        ..Effort::for_line(line.len())
    };
    // The caller's budget stops the edits too, as it stops the searches before them.
    let spent = resolved.states;
    let stop = budget.keep_going.map(|go| move || !go(spent));
    let (edited, steps) = edits::edit(
        start,
        rules,
        &line,
        effort,
        stop.as_ref().map(|f| f as &dyn Fn() -> bool),
    );
    let edited = Shortened {
        line: checked(start, rules, edited, &line),
        steps,
        states: 0,
        peak_bytes: 0,
    };
    Shortened {
        line: edited.line,
        steps: edited.steps,
        states: resolved.states,
        peak_bytes: resolved.peak_bytes,
    }
}

/// `new` if it wins from `start` and is no longer than `old` (cut at its first win), else `old`.
fn checked(
    start: &Position,
    rules: &SolverRules,
    new: Vec<SolverMove>,
    old: &[SolverMove],
) -> Vec<SolverMove> {
    match winning_length(start, rules, &new) {
        Some(k) if k <= old.len() => {
            let mut new = new;
            new.truncate(k);
            new
        }
        _ => old.to_vec(),
    }
}

impl Plan {
    /// The plan for `pos` after a search that visited `states` positions to win it under
    /// `rules`, with `left` positions left in the caller's budget: the re-solves never go
    /// beyond it, so a caller that wants only a verdict and gives a small budget pays little
    /// for a line.
    ///
    /// First a beam search from the start ([`Beam`]): 500 positions a layer and at least the
    /// best 100 of each level, ranked by a lower bound of the moves still needed (a move turns
    /// at most one face-down card or mends at most one break, so each weighs 10, a card in the
    /// stock 8: a little less, so that a deal waits while moves still mend; an empty column is
    /// credited 3), within 800,000 positions. Deals 1..100, one suit, 1 s of CPU time (`felt
    /// solve --variant spider-1suit --deals 1..100 --budget-ms 1000 --jobs 1`): median 99
    /// moves without it, 86 with it (p90 102 and 90), CPU time median 89 and 423 ms; a stock
    /// card weighed 10: 92; 6 or 4 without the per-level share: 98 (the beam never dealt and
    /// found no win); a share of 50: 87, of 250 (more positions than the bound leaves the
    /// re-solves): 87 with a p90 of 117; a width of 1000 without the share: 91; 800 with 150:
    /// 86; a second beam with a stock card at 10: 86. Two suits 110 to 101, four 140 to 131
    /// (deals 1..100, all won either way). Deals 1..1000 by the README's commands: one suit
    /// median 99 to 87 moves (p90 90, max 98; CPU time median 422 ms), two suits 110 to 101
    /// (p90 107; 449 ms), four suits 142 to 131 (p90 169 to 150; 503 ms), the same deals won
    /// (the line is shortened only once the search has won: 991 of 1000 at four suits, 990
    /// the run before, one deal at the edge of the second).
    ///
    /// Then three passes, each re-solving from the start, after each deal and every 5 moves (3 with
    /// one or two suits in the deck, whose re-solves are cheap: the bound is seldom reached,
    /// and two suits, deals 1-30, came to 109 moves against 110 every 5; at four suits the
    /// bound is reached, and more places spread it thinner: 145 against 140), each
    /// re-solve within the search's own count (at least 50,000, at most 200,000), all of them
    /// within 1,000,000 positions. The first pass uses the solver's weights with a rank or
    /// suit break as costly as a wrong-suit build (120) and a depth cost of 20: at four suits
    /// it finds a win from the start within the bound where heavier depth costs do not. The
    /// second (depth cost 60; a face-down card, a break and an empty column weigh more) and
    /// the third (depth cost 30; breaks weigh most, empty columns and runs nothing) were the
    /// best of a random search over 50 weight sets for one and two suits (deals 1-30); two
    /// suits, deals 1-30: 111 moves after two passes, 110 after three. At four suits the
    /// bound is what limits, and the third pass rarely runs: deals 1-30, median 149 moves
    /// within 150,000 to 1,000,000 positions (six times the search's), 140 within 1,000,000.
    pub fn after(pos: &Position, rules: &SolverRules, states: u64, left: u64) -> Plan {
        let base = Tuning::for_rules(rules);
        let first = Tuning {
            weights: Weights {
                rank_break: 120,
                suit_break: 120,
                ..base.weights
            },
            depth_weight: 20,
            ..base
        };
        let second = Tuning {
            weights: Weights {
                down: 90,
                stock: 0,
                rank_break: 120,
                suit_break: 120,
                empty: 40,
                run: 200,
                hidden_column: 50,
                cover: 0,
            },
            depth_weight: 60,
            ..base
        };
        let third = Tuning {
            weights: Weights {
                down: 30,
                stock: 0,
                rank_break: 150,
                suit_break: 160,
                empty: 0,
                run: 0,
                hidden_column: 20,
                cover: 0,
            },
            depth_weight: 30,
            ..base
        };
        Plan {
            beams: vec![Beam {
                weights: Weights {
                    down: 10,
                    stock: 8,
                    rank_break: 10,
                    suit_break: 10,
                    empty: 3,
                    run: 0,
                    hidden_column: 0,
                    cover: 0,
                },
                width: 500,
                per_level: 100,
                states: 800_000,
            }],
            rounds: vec![first, second, third],
            states_each: states.clamp(50_000, 200_000).min(left),
            states_total: 1_000_000.min(left),
            every: if suits(pos) > 2 { 5 } else { 3 },
            edit_steps: 2_000_000,
        }
    }
}

/// How many suits the cards of `pos` that it knows (on the table and in the stock) come in.
fn suits(pos: &Position) -> u32 {
    let mut seen = 0u64;
    let cards = (0..pos.columns())
        .flat_map(|c| pos.column(c).iter())
        .chain(pos.stock_left());
    for &b in cards.filter(|&&b| b != UNKNOWN) {
        seen |= 1 << (suit(b) >> 4);
    }
    seen.count_ones()
}

/// `answer` with its line, if won, made shorter by [`improve`] and the re-solves' cost added:
/// what [`super::solve_tuned`] answers. `pos` and `mode` are the ones the search was given.
pub(crate) fn after_search(
    pos: &Position,
    rules: &SolverRules,
    mode: Mode,
    budget: Budget<'_>,
    answer: Answer,
) -> Answer {
    let Verdict::Won(line) = &answer.verdict else {
        return answer;
    };
    let (root, honest) = match mode {
        Mode::Full => (pos.clone(), false),
        Mode::Honest => (pos.masked(), true),
    };
    let plan = Plan::after(
        &root,
        rules,
        answer.states,
        budget.max_states.saturating_sub(answer.states),
    );
    let short = improve(&root, rules, honest, line, &plan, budget);
    Answer {
        verdict: Verdict::Won(short.line),
        states: answer.states + short.states,
        peak_bytes: answer.peak_bytes.max(short.peak_bytes),
        stopped: answer.stopped,
    }
}
