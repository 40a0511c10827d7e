//! Between the ruleset and the solver: a [`SpiderState`] becomes a solver [`Position`], a
//! [`SolverMove`] becomes a `felt_core::Action`, and an [`AnalyzeRequest`] gets its
//! [`Analysis`]. `Ruleset::analyze` for Spider is one call to [`analyze`].

use super::{
    honest, is_dead_end, solve, Answer, Budget, DealPolicy, GroupRule, Mode, Position, SolverMove,
    SolverRules, Stopped, Verdict,
};
use crate::params::DealRule;
use crate::rules::{GroupRule as RulesGroup, SpiderRuleset};
use crate::state::SpiderState;
use felt_core::analysis::{KeepGoing, Report};
use felt_core::{Action, Analysis, AnalyzeRequest, Card, PileId, Ruleset, Status};

/// Positions the dead-end check may visit before it gives up and says "not stuck" (it never
/// raises a false alarm). The check runs inside `status`, which the session works out once a
/// move, so the budget bounds how long a move can take: about a third of a second at worst.
/// Positions from random play almost all decide at once, by counting; the slowest dead end in
/// `felt solve --variant spider-site-4suit --deals 1..200 --dead-ends` needs 330,000.
pub const DEAD_END_STATES: u64 = 400_000;

/// The solver's rules for a Spider ruleset instance.
pub fn rules_of(ruleset: &SpiderRuleset) -> SolverRules {
    let p = ruleset.params();
    SolverRules {
        group: match ruleset.group_rule() {
            RulesGroup::Classic => GroupRule::Classic,
            RulesGroup::Relaxed => GroupRule::Relaxed,
        },
        deal: match (p.deal_rule, p.deal_with_empty_below) {
            (DealRule::Any, _) => DealPolicy::Any,
            (DealRule::Filled, None) => DealPolicy::Filled,
            (DealRule::Filled, Some(n)) => DealPolicy::FilledUnlessFewerThan(n),
        },
        runs_to_win: p.runs_to_win,
        columns: p.columns.len() as u8,
    }
}

/// The stock rows still to deal, the next first: the state keeps the next deal at the end of
/// its stock, a row of `k` cards going onto the first `k` columns.
fn stock_rows(ruleset: &SpiderRuleset, state: &SpiderState) -> Vec<Vec<Card>> {
    let stock = state.stock();
    let ncols = state.columns().len();
    let mut end = stock.len();
    let mut rows = Vec::new();
    for &size in ruleset.params().deals.iter().skip(state.deals_done()) {
        if end == 0 {
            break;
        }
        let k = (size as usize).min(end).min(ncols);
        rows.push(stock[end - k..end].to_vec());
        end -= k;
    }
    rows
}

/// `answer` under a move limit that leaves `moves_left` moves (SITE-LIMIT): a winning line
/// longer than that does not win this variant, so it becomes undecided (a shorter line may
/// still exist). A proof of a loss stands, since a limit only takes lines away.
pub fn within_move_limit(moves_left: Option<u32>, answer: Answer) -> Answer {
    match (&answer.verdict, moves_left) {
        (Verdict::Won(line), Some(left)) if line.len() > left as usize => Answer {
            verdict: Verdict::Undecided,
            stopped: Stopped::MoveLimit,
            ..answer
        },
        _ => answer,
    }
}

/// The solver's position for `state`, every card known (full information). Honest searches
/// mask it themselves.
pub fn position_of(ruleset: &SpiderRuleset, state: &SpiderState) -> Position {
    let columns: Vec<(Vec<Card>, usize)> = state
        .columns()
        .iter()
        .map(|c| (c.cards().to_vec(), c.face_down()))
        .collect();
    // A state the ruleset made always fits: at most 20 columns, 208 cards, last card face up.
    Position::from_parts(&columns, &stock_rows(ruleset, state), state.removed().len())
        .unwrap_or_else(|e| unreachable!("a Spider state is a solver position: {e}"))
}

/// The action for `mv` played in `pos` (which gives the source column's length).
pub fn action_of(ruleset: &SpiderRuleset, pos: &Position, mv: SolverMove) -> Action {
    match mv {
        SolverMove::Deal => Action::Deal {
            from: ruleset.stock_pile(),
        },
        SolverMove::Move { from, count, to } => Action::Move {
            from: PileId(from),
            index: (pos.len(from as usize) - count as usize) as u16,
            to: PileId(to),
        },
    }
}

/// The actions of a whole line played from `pos`.
pub fn actions_of(ruleset: &SpiderRuleset, pos: &Position, line: &[SolverMove]) -> Vec<Action> {
    let mut p = pos.clone();
    line.iter()
        .map(|&mv| {
            let action = action_of(ruleset, &p, mv);
            p.apply(mv);
            action
        })
        .collect()
}

/// The solver move an action names in `pos`, if it names one.
pub fn move_of(pos: &Position, action: &Action) -> Option<SolverMove> {
    match *action {
        Action::Deal { .. } => Some(SolverMove::Deal),
        Action::Move { from, index, to } => {
            let f = from.0 as usize;
            if f >= pos.columns() {
                return None;
            }
            let count = pos.len(f).checked_sub(index as usize)?;
            Some(SolverMove::Move {
                from: from.0,
                count: u8::try_from(count).ok()?,
                to: to.0,
            })
        }
        _ => None,
    }
}

/// SITE-DEADEND: proven, never guessed, that no sequence of moves can turn up a card, finish a
/// run or make a deal legal, within [`DEAD_END_STATES`]. The check reads no hidden card.
pub fn dead_ended(ruleset: &SpiderRuleset, state: &SpiderState) -> bool {
    let budget = Budget::states(DEAD_END_STATES);
    is_dead_end(&position_of(ruleset, state), &rules_of(ruleset), budget)
}

/// Answers an analysis request for `state`: what `Ruleset::analyze` returns for Spider.
///
/// - `Solve`: [`solve`] in the requested mode, within `max_states` positions and 256 MB;
/// - `Hint`: the first move of the `rank`-th best honest plan ([`honest::best_plans`], what
///   the bot plays), counting round again past the last, with the rest of the plan's line as
///   `then`; `None` when nothing helps;
/// - `DeadEnd`: [`is_dead_end`] within [`DEAD_END_STATES`]; "stuck" only when proven.
pub fn analyze(
    ruleset: &SpiderRuleset,
    state: &SpiderState,
    request: &AnalyzeRequest,
    keep_going: KeepGoing<'_>,
) -> Analysis {
    let rules = rules_of(ruleset);
    let pos = position_of(ruleset, state);
    let budget_of = |budget: &felt_core::Budget| Budget {
        max_states: budget.max_states(),
        max_bytes: budget.max_bytes(),
        keep_going: Some(keep_going),
    };
    match *request {
        AnalyzeRequest::Solve {
            full_information,
            ref budget,
        } => {
            let mode = if full_information {
                Mode::Full
            } else {
                Mode::Honest
            };
            let answer = within_move_limit(
                ruleset.moves_left(state),
                solve(&pos, &rules, mode, budget_of(budget)),
            );
            let report = Report {
                states: answer.states,
                peak_bytes: answer.peak_bytes as u64,
                stopped: answer.stopped,
            };
            match answer.verdict {
                Verdict::Won(line) => Analysis::Won {
                    actions: actions_of(ruleset, &pos, &line),
                    report,
                },
                Verdict::ProvenUnwinnable => Analysis::Unwinnable { report },
                Verdict::Undecided => Analysis::Undecided { report },
            }
        }
        AnalyzeRequest::Hint { rank, ref budget } => {
            // The bot's chooser: plan `rank` of the plans it would pick from, whose line the
            // bot plays whole before it looks again, so the host can follow it the same way.
            let plans: Vec<honest::Plan> = honest::best_plans(&pos, &rules, budget_of(budget))
                .into_iter()
                .filter(|p| !p.line.is_empty())
                .collect();
            // Asking again past the last hint starts the list over, as a player expects.
            let pick = match plans.len() {
                0 => None,
                n => Some(&plans[rank as usize % n]),
            };
            let mut line = pick.map_or_else(Vec::new, |p| actions_of(ruleset, &pos, &p.line));
            let action = (!line.is_empty()).then(|| line.remove(0));
            Analysis::Hint { action, then: line }
        }
        AnalyzeRequest::DeadEnd => Analysis::DeadEnd {
            stuck: is_dead_end(&pos, &rules, Budget::states(DEAD_END_STATES)),
        },
    }
}

/// A small deterministic generator for random play.
fn next(seed: &mut u64) -> u64 {
    *seed = seed
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    *seed >> 33
}

/// Random legal play of deal `seed` until the stock is empty, then on until the game ends: the
/// positions met once the stock is empty, up to `keep` of them. The tables the dead-end
/// check is measured on (`felt solve --dead-ends`, the benchmarks) and tested on; the same
/// seed always gives the same tables. A variant that ends the game at
/// a dead end (SITE-DEADEND) ends its random games there too, so the positions are the ones
/// its players meet.
pub fn random_endgames(ruleset: &SpiderRuleset, seed: u64, keep: usize) -> Vec<Position> {
    let mut state = ruleset.deal(seed);
    let mut rng = seed ^ 0x5eed_dead;
    let mut actions: Vec<Action> = Vec::new();
    let mut out = Vec::new();
    for _ in 0..5_000 {
        actions.clear();
        ruleset.legal_actions(&state, &mut actions);
        if actions.is_empty() || out.len() >= keep {
            break;
        }
        let pos = position_of(ruleset, &state);
        if pos.rows_left() == 0 {
            out.push(pos);
        }
        // The game ends where the variant says it does (SITE-DEADEND ends it at a dead end):
        // no position after that is ever checked.
        if !matches!(ruleset.status(&state), Status::Playing) {
            break;
        }
        // Deal as soon as it is allowed, about one step in ten, so games reach the end.
        let deal = actions
            .iter()
            .position(|a| matches!(a, Action::Deal { .. }));
        let pick = match deal {
            Some(i) if next(&mut rng).is_multiple_of(10) => i,
            _ => next(&mut rng) as usize % actions.len(),
        };
        if ruleset.apply(&mut state, &actions[pick]).is_err() {
            break;
        }
    }
    out
}
