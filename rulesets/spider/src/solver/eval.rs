//! The heuristic that orders the search: how much disorder is left. Lower is better.
//!
//! It counts what a winning line must still undo: face-down cards, cards still in the stock,
//! and every break in the face-up part of a column, a break of suit costing less than a break
//! of rank. Empty columns are credited, as a player values them.

use super::moves::SolverMove;
use super::position::{rank, suit, Position, UNKNOWN};
use super::{GroupRule, SolverRules};

/// Weights of the heuristic, in tenths.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Weights {
    pub down: i32,
    pub stock: i32,
    pub rank_break: i32,
    pub suit_break: i32,
    pub empty: i32,
    pub run: i32,
}

impl Weights {
    pub(crate) fn for_rules(rules: &SolverRules) -> Weights {
        let e = |k: &str, d: i32| std::env::var(k).ok().and_then(|v| v.parse().ok()).unwrap_or(d);
        Weights {
            down: e("W_DOWN", 60),
            stock: e("W_STOCK", 35),
            rank_break: e("W_RANK", 40),
            suit_break: if rules.group == GroupRule::Relaxed { e("W_SUITR", 12) } else { e("W_SUIT", 20) },
            empty: e("W_EMPTY", 30),
            run: e("W_RUN", 100),
        }
    }
}

/// The heuristic value of `pos`: lower is closer to a win.
pub(crate) fn score(pos: &Position, w: &Weights) -> i32 {
    let mut h = 0;
    for c in 0..pos.columns() {
        let col = pos.column(c);
        let down = pos.face_down(c);
        if col.is_empty() {
            h -= w.empty;
            continue;
        }
        h += w.down * down as i32;
        for i in down + 1..col.len() {
            let (lo, up) = (col[i - 1], col[i]);
            if up == UNKNOWN || lo == UNKNOWN {
                h += w.rank_break;
            } else if rank(lo) != rank(up) + 1 {
                h += w.rank_break;
            } else if suit(lo) != suit(up) {
                h += w.suit_break;
            }
        }
    }
    h += w.stock * pos.stock_left().len() as i32;
    h -= w.run * pos.removed() as i32;
    h
}

/// A small bonus for the kind of move, to break ties toward moves a player would prefer.
pub(crate) fn move_bias(_pos: &Position, mv: SolverMove) -> i32 {
    match mv {
        SolverMove::Deal => 5,
        SolverMove::Move { .. } => 0,
    }
}
