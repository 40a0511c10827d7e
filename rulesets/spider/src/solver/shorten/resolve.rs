//! The re-solves of [`super::improve`]: from places along a winning line, a search with a
//! depth cost looks for a shorter way to win from there.

use super::super::moves::{shared_columns, SolverMove};
use super::super::position::Position;
use super::super::search::{best_first_toward, Stop, Targets};
use super::super::{Budget, SolverRules, Tuning, Verdict, Weights};
use super::beam::beam;
use super::splice::{splice, Branch};
use super::winning_length;
use std::collections::HashMap;

/// Where and how hard the re-solves search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plan {
    /// Beam searches from the start, in turn, before the re-solves ([`Beam`]).
    pub beams: Vec<Beam>,
    /// The search parameters of the re-solves, one pass along the line for each, in turn:
    /// searches that weigh the table differently find different short wins.
    pub rounds: Vec<Tuning>,
    /// Positions each re-solve may visit.
    pub states_each: u64,
    /// Positions the beams and the re-solves together may visit.
    pub states_total: u64,
    /// A re-solve starts at the line's start, after each deal, and after this many moves
    /// without one.
    pub every: usize,
    /// Moves the local edits after the re-solves may apply ([`super::Effort::steps`]).
    pub edit_steps: u64,
}

/// A beam search of the plan (`beam`): a win it finds is spliced into the line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Beam {
    /// The weights its layers are ranked by.
    pub weights: Weights,
    /// Positions a layer keeps.
    pub width: usize,
    /// Positions of each level (rows dealt) a layer keeps at least, over `width`.
    pub per_level: usize,
    /// Positions it may visit (within what the plan has left).
    pub states: u64,
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

impl Resolved {
    /// Splices `branches` into the line ([`splice`]) if that gives a shorter win from `start`.
    fn splice_in(
        &mut self,
        start: &Position,
        rules: &SolverRules,
        branches: &[Branch<'_>],
    ) -> bool {
        match splice(start, rules, &self.line, branches) {
            Some(line)
                if line.len() < self.line.len()
                    && winning_length(start, rules, &line) == Some(line.len()) =>
            {
                self.line = line;
                true
            }
            _ => false,
        }
    }
}

/// `line` (a win from `start`) with every part a beam or a re-solve found a shorter win for
/// replaced. The places are taken along the line as it improves, so a later re-solve starts
/// from the better line.
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
    for b in &plan.beams {
        let left = plan.states_total.saturating_sub(out.states);
        let within = Budget {
            max_states: left.min(b.states),
            ..budget
        };
        let found = beam(start, rules, honest, b, out.line.len(), within);
        out.states += found.states;
        out.peak_bytes = out.peak_bytes.max(found.peak_bytes);
        if let Some(won) = &found.line {
            out.splice_in(start, rules, &[Branch { at: 0, moves: won }]);
        }
        if found.stopped {
            return out;
        }
    }
    for tuning in &plan.rounds {
        if !pass(start, rules, honest, plan, tuning, budget, &mut out) {
            break;
        }
    }
    out
}

/// One pass of re-solves along `out.line` with `tuning`; false if the caller or the bound
/// stopped it. Each re-solve looks out for the line's later positions too
/// ([`Targets`]), and what it found is spliced in ([`splice`]).
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
    let mut targets = targets_of(start, honest, &out.line);
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
            targets.from = i;
            let (answer, stop, shortcut) =
                best_first_toward(&p, rules, honest, within, tuning, Some(&targets));
            out.states += answer.states;
            out.peak_bytes = out.peak_bytes.max(answer.peak_bytes);
            let mut branches = Vec::with_capacity(2);
            if let Verdict::Won(rest) = &answer.verdict {
                branches.push(Branch { at: i, moves: rest });
            }
            if let Some(path) = &shortcut {
                branches.push(Branch { at: i, moves: path });
            }
            if out.splice_in(start, rules, &branches) {
                targets = targets_of(start, honest, &out.line);
                // The splice may have changed the line before place `i` too.
                i = i.min(out.line.len());
                p = start.clone();
                for &mv in &out.line[..i] {
                    p.apply(mv);
                }
            }
            if stop == Stop::Caller {
                return false;
            }
        }
        if i >= out.line.len() {
            break;
        }
        p.apply(out.line[i]);
        since += 1;
        i += 1;
    }
    true
}

/// The positions along `line` from `start`, keyed as a search in this mode keys them, each
/// with its last place.
fn targets_of(start: &Position, honest: bool, line: &[SolverMove]) -> Targets {
    let mut places = HashMap::default();
    let mut p = start.clone();
    places.insert(p.key(shared_columns(&p, honest)), 0);
    for (t, &mv) in line.iter().enumerate() {
        p.apply(mv);
        places.insert(p.key(shared_columns(&p, honest)), t + 1);
    }
    Targets { places, from: 0 }
}
