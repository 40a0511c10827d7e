//! A way out found depth first, with its detours cut.
//!
//! The depth-first search of [`super::dead_end`] heads for progress but returns the path its
//! stack held when it met some: that path wanders through the table's many near-equal
//! positions, and once it was the honest bot's plan (no other plan turning a card) the bot
//! followed it move by move. Four-suit deal 13028: a way out of 147,000 moves, so the bot
//! reached its cap of 5,000 actions with no table repeated and no card turned.

use super::super::moves::{search_moves, shared_columns, SolverMove};
use super::super::position::{Key, Position};
use super::super::SolverRules;
use std::collections::HashMap;

/// `line`, played from `start`, with its detours cut: from each position on the line the
/// move that reaches the latest position of the line is played, so the shorter line ends on
/// the same position (the same progress) and never on one the line did not pass.
///
/// Positions are compared by their exact keys (no column taken as interchangeable with
/// another), so the rest of the line goes on from the very position it expects. The cost is
/// the moves of each position kept, and the line is never longer than the positions the
/// search visited: bounded by the check's own budget.
pub(crate) fn shortcut(
    start: &Position,
    rules: &SolverRules,
    line: Vec<SolverMove>,
) -> Vec<SolverMove> {
    if line.len() < 2 {
        return line;
    }
    let mut p = start.clone();
    let mut at: HashMap<Key, usize> = HashMap::with_capacity(line.len() + 1);
    at.insert(p.key(0), 0);
    for (i, &mv) in line.iter().enumerate() {
        p.apply(mv);
        at.insert(p.key(0), i + 1);
    }
    let mut p = start.clone();
    let mut out = Vec::new();
    let mut moves = Vec::new();
    let mut i = 0;
    while i < line.len() {
        moves.clear();
        search_moves(&p, rules, shared_columns(&p, true), &mut moves);
        let mut best = (i + 1, line[i]);
        for &mv in &moves {
            if mv == SolverMove::Deal {
                continue;
            }
            let u = p.apply(mv);
            if let Some(&j) = at.get(&p.key(0)) {
                if j > best.0 {
                    best = (j, mv);
                }
            }
            p.undo(u);
        }
        p.apply(best.1);
        out.push(best.1);
        i = best.0;
    }
    out
}
