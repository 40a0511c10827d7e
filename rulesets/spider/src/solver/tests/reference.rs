//! Plain reference searches, kept for good as the yardstick of the solver's proofs: no key
//! merging, no column symmetry, no dominance, no heuristic. Each one tries every move
//! [`legal_moves`] lists from every position, remembers full positions in a plain
//! `HashSet`, and answers only when it has seen everything (or gives up past a limit).
//!
//! They share the rules with the solver (legality, applying a move, what wins) and nothing
//! else: a pruning rule of the solver that loses a win, or a cut of the dead-end check that
//! hides a way out, shows up as a disagreement with them.

use crate::solver::moves::{deal_allowed, is_legal, is_won, legal_moves};
use crate::solver::{Position, SolverMove, SolverRules};
use std::collections::HashSet;

/// A position as plain bytes: runs removed, rows left, then each column's face-down count,
/// length and cards. Two positions with the same bytes are the same position of one search
/// (the stock's order is fixed by the root, so the rows left say which cards remain).
pub(super) fn fingerprint(p: &Position) -> Vec<u8> {
    let mut out = vec![p.removed() as u8, p.rows_left() as u8];
    for c in 0..p.columns() {
        out.push(p.face_down(c) as u8);
        out.push(p.len(c) as u8);
        out.extend_from_slice(p.column(c));
    }
    out
}

/// Whether some sequence of legal moves and deals wins from `start`: `Some(true)` or
/// `Some(false)` once decided, `None` when more than `limit` positions would be needed.
pub(super) fn reference_wins(start: &Position, rules: &SolverRules, limit: usize) -> Option<bool> {
    if is_won(start, rules) {
        return Some(true);
    }
    let mut seen = HashSet::from([fingerprint(start)]);
    let mut stack = vec![start.clone()];
    let mut moves = Vec::new();
    while let Some(p) = stack.pop() {
        moves.clear();
        legal_moves(&p, rules, &mut moves);
        for &mv in &moves {
            let mut next = p.clone();
            next.apply(mv);
            if is_won(&next, rules) {
                return Some(true);
            }
            if seen.insert(fingerprint(&next)) {
                if seen.len() > limit {
                    return None;
                }
                stack.push(next);
            }
        }
    }
    Some(false)
}

/// Whether moves alone (no deal) can reach progress from `start`: a card turned, a run
/// removed, or a deal made legal (a legal deal at the start counts, as does a won start).
/// `None` past `limit` positions.
pub(super) fn reference_progress(
    start: &Position,
    rules: &SolverRules,
    limit: usize,
) -> Option<bool> {
    if is_won(start, rules) || deal_allowed(start, rules) {
        return Some(true);
    }
    let mut seen = HashSet::from([fingerprint(start)]);
    let mut stack = vec![start.clone()];
    let mut moves = Vec::new();
    while let Some(p) = stack.pop() {
        moves.clear();
        legal_moves(&p, rules, &mut moves);
        for &mv in &moves {
            if mv == SolverMove::Deal {
                continue;
            }
            let mut next = p.clone();
            let undo = next.apply(mv);
            if undo.flipped != 0 || undo.removed != 0 || deal_allowed(&next, rules) {
                return Some(true);
            }
            if seen.insert(fingerprint(&next)) {
                if seen.len() > limit {
                    return None;
                }
                stack.push(next);
            }
        }
    }
    Some(false)
}

/// Plays `line` from `start`, checking each move with [`is_legal`] first; the position
/// reached, or the index of the first illegal move.
pub(super) fn replay(
    start: &Position,
    rules: &SolverRules,
    line: &[SolverMove],
) -> Result<Position, usize> {
    let mut p = start.clone();
    for (i, &mv) in line.iter().enumerate() {
        if !is_legal(&p, rules, mv) {
            return Err(i);
        }
        p.apply(mv);
    }
    Ok(p)
}
