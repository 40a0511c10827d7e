//! Exact dead-end detection (SITE-DEADEND): can any sequence of moves still turn up a
//! face-down card, finish a run, or make a deal legal?
//!
//! The question never depends on what a hidden card is (turning it up is progress whatever it
//! shows), so the search runs on the masked position and may be shown to any player. It is a
//! depth-first search over every position reachable by moves, with a transposition table that
//! merges positions differing only by the order of interchangeable columns. Only two kinds of
//! move are left out, both provably useless: moving a whole column into an empty one, and
//! choosing between two empty columns no stock row will reach. So "stuck" is only said after
//! every other position was seen: never a false alarm, including when the only way out is to
//! split a run into an empty column.

use super::moves::{deal_allowed, search_moves, shared_columns, SolverMove};
use super::position::{Position, Undo};
use super::table::KeySet;
use super::{Budget, SolverRules};

/// The answer of [`dead_end`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DeadEnd {
    /// Nothing can ever turn a card, finish a run or deal again: the game is over.
    Stuck {
        /// Positions visited to prove it.
        states: u64,
    },
    /// Progress is still possible; `line` leads to it (empty if a deal is legal now).
    NotStuck {
        /// Moves that reach a flip, a removed run or a legal deal.
        line: Vec<SolverMove>,
        /// Positions visited.
        states: u64,
    },
    /// The budget ran out before either was shown.
    Undecided {
        /// Positions visited.
        states: u64,
    },
}

impl DeadEnd {
    /// True only for a proven dead end.
    pub fn is_stuck(&self) -> bool {
        matches!(self, DeadEnd::Stuck { .. })
    }
}

struct Frame {
    lo: usize,
    hi: usize,
    next: usize,
    undo: Option<Undo>,
}

/// Decides exactly whether `pos` is a dead end under `rules`. Hidden cards are never read.
pub fn dead_end(pos: &Position, rules: &SolverRules, budget: Budget<'_>) -> DeadEnd {
    let mut p = pos.masked();
    if super::moves::is_won(&p, rules) || deal_allowed(&p, rules) {
        return DeadEnd::NotStuck {
            line: Vec::new(),
            states: 0,
        };
    }
    let mut seen = KeySet::with_capacity(1 << 10);
    seen.insert(p.key(shared_columns(&p, true)));
    let mut buf: Vec<SolverMove> = Vec::with_capacity(256);
    search_moves(&p, rules, shared_columns(&p, true), &mut buf);
    let mut stack = vec![Frame {
        lo: 0,
        hi: buf.len(),
        next: 0,
        undo: None,
    }];
    let mut visited = 0u64;
    while let Some(top) = stack.last_mut() {
        if top.next == top.hi {
            buf.truncate(top.lo);
            if let Some(u) = top.undo {
                p.undo(u);
            }
            stack.pop();
            continue;
        }
        let mv = buf[top.next];
        top.next += 1;
        let u = p.apply(mv);
        if u.flipped != 0 || u.removed != 0 || deal_allowed(&p, rules) {
            let mut line: Vec<SolverMove> =
                stack.iter().filter_map(|f| f.undo.map(|u| u.mv)).collect();
            line.push(mv);
            return DeadEnd::NotStuck {
                line,
                states: seen.len() as u64,
            };
        }
        if !seen.insert(p.key(shared_columns(&p, true))) {
            p.undo(u);
            continue;
        }
        visited += 1;
        if seen.len() as u64 >= budget.max_states || seen.bytes() > budget.max_bytes {
            return DeadEnd::Undecided {
                states: seen.len() as u64,
            };
        }
        if visited.is_multiple_of(1024) {
            if let Some(go) = budget.keep_going {
                if !go(visited) {
                    return DeadEnd::Undecided {
                        states: seen.len() as u64,
                    };
                }
            }
        }
        let lo = buf.len();
        search_moves(&p, rules, shared_columns(&p, true), &mut buf);
        let hi = buf.len();
        stack.push(Frame {
            lo,
            hi,
            next: lo,
            undo: Some(u),
        });
    }
    DeadEnd::Stuck {
        states: seen.len() as u64,
    }
}
