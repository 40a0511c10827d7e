//! The re-solves of [`super::improve`]: from places along a winning line, a search with a
//! depth cost looks for a shorter way to win from there.

use super::super::moves::SolverMove;
use super::super::position::Position;
use super::super::search::{best_first, Stop};
use super::super::{Budget, SolverRules, Tuning, Verdict};

/// Where and how hard the re-solves search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plan {
    /// The search parameters of the re-solves, one pass along the line for each, in turn:
    /// searches that weigh the table differently find different short wins.
    pub rounds: Vec<Tuning>,
    /// Positions each re-solve may visit.
    pub states_each: u64,
    /// Positions all re-solves together may visit.
    pub states_total: u64,
    /// A re-solve starts at the line's start, after each deal, and after this many moves
    /// without one.
    pub every: usize,
    /// Moves the local edits after the re-solves may apply ([`super::Effort::steps`]).
    pub edit_steps: u64,
}

/// What the re-solves found: the line, the positions they visited, and the most bytes one
/// of them held.
pub(super) struct Resolved {
    /// The line, never longer than the one given.
    pub line: Vec<SolverMove>,
    /// Positions the re-solves visited.
    pub states: u64,
    /// Most bytes one re-solve held.
    pub peak_bytes: usize,
}

/// `line` (a win from `start`) with every part a re-solve found a shorter win for replaced.
/// The places are taken along the line as it improves, so a later re-solve starts from the
/// better line.
pub(super) fn resolve(
    start: &Position,
    rules: &SolverRules,
    honest: bool,
    line: &[SolverMove],
    plan: &Plan,
    budget: Budget<'_>,
) -> Resolved {
    let mut out = Resolved {
        line: line.to_vec(),
        states: 0,
        peak_bytes: 0,
    };
    for tuning in &plan.rounds {
        if !pass(start, rules, honest, plan, tuning, budget, &mut out) {
            break;
        }
    }
    out
}

/// One pass of re-solves along `out.line` with `tuning`; false if the caller or the bound
/// stopped it.
fn pass(
    start: &Position,
    rules: &SolverRules,
    honest: bool,
    plan: &Plan,
    tuning: &Tuning,
    budget: Budget<'_>,
    out: &mut Resolved,
) -> bool {
    let mut p = start.clone();
    let mut since = 0;
    let mut i = 0;
    while i < out.line.len() {
        let point = i == 0 || since >= plan.every || out.line[i - 1] == SolverMove::Deal;
        if point {
            since = 0;
            let left = plan.states_total.saturating_sub(out.states);
            if left == 0 {
                return false;
            }
            let within = Budget {
                max_states: plan.states_each.min(left),
                ..budget
            };
            let (answer, stop) = best_first(&p, rules, honest, within, tuning);
            out.states += answer.states;
            out.peak_bytes = out.peak_bytes.max(answer.peak_bytes);
            if let Verdict::Won(rest) = answer.verdict {
                if i + rest.len() < out.line.len() {
                    out.line.truncate(i);
                    out.line.extend(rest);
                }
            }
            if stop == Stop::Caller {
                return false;
            }
        }
        p.apply(out.line[i]);
        since += 1;
        i += 1;
    }
    true
}
