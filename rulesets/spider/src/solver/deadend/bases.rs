//! A game on columns' bases that proves most dead ends (SITE-DEADEND) by counting targets.
//!
//! Call a face-up card *floating* when it lies on a face-up card one rank higher and every
//! card above it floats too; the rest of a column is its *base*, and the base's last card is
//! the column's *base top*. Moving a floating group can be undone (the card it left is one rank
//! higher and is now last) and leaves every base as it was. Moving a base top cannot be undone
//! (it left a card not one rank higher, or a face-down card) and shortens its column's base by
//! one card and any cards that float once it is gone. So every line of moves, seen through its
//! bases, is a line of base-top moves, each taken from a set of positions with the same bases.
//!
//! Among positions with the same bases, the number of last cards of rank `q` is fixed:
//! `B(q) + F(q) - F(q - 1)`, the base tops and floating cards of rank `q` less those covered,
//! since each floating card of rank `q - 1` covers exactly one of them. So a base top `b` of
//! rank `s` can move only when that count for `s + 1` is at least one; a King never can (there
//! is no empty column: one would need a column emptied, which this game does not model and
//! gives up on). Under the classic group rule `b` must also carry one suit: when the count for
//! `s` is zero, every card of rank `s` that can hold a card holds one, which can never leave
//! (it needs a last card of rank `s`), so the card on `b` must be `b`'s suit one rank lower;
//! and so on down while the count is zero.
//!
//! Progress is a move of a base top lying on a face-down card (a card turns), a column emptied,
//! or a run: a King base top with its suit's Queen to Ace all floating. The game explores every
//! base-top move those counts allow, from every set of bases reached; when none of them leads
//! to progress, no real line can, and the position is stuck.

use super::super::position::{rank, suit, Position, MAX_COLUMNS};
use super::super::{GroupRule, SolverRules};
use std::collections::{HashMap, HashSet};

/// Each column's base top, as a height in the column.
type Bases = [u8; MAX_COLUMNS];

/// The base top of column `c` once only its first `end` cards are left.
fn base_top(p: &Position, c: usize, end: usize) -> usize {
    let down = p.face_down(c);
    let mut i = end - 1;
    while i > down && rank(p.at(c, i - 1)) == rank(p.at(c, i)) + 1 {
        i -= 1;
    }
    i
}

/// The position's bases, or `None` where the game on bases says nothing: with stock rows to
/// deal, or a column empty or without a face-up card.
fn bases_of(p: &Position) -> Option<Bases> {
    if p.rows_left() > 0 {
        return None;
    }
    let mut bases = [0u8; MAX_COLUMNS];
    for (c, b) in bases.iter_mut().enumerate().take(p.columns()) {
        let n = p.len(c);
        if n <= p.face_down(c) || n > u8::MAX as usize {
            return None;
        }
        *b = base_top(p, c, n) as u8;
    }
    Some(bases)
}

/// Sets of bases the game may visit before it gives up proving anything. Base tops of different
/// columns may move in any order, so on a table with many breaks the sets multiply; the game
/// is worth asking only while it is far cheaper than the search it spares.
const MAX_BASES: usize = 20_000;

/// Whether the game on bases proves `p` stuck from `start`, its bases.
fn stuck_from(p: &Position, rules: &SolverRules, start: Bases) -> bool {
    let n = p.columns();
    let mut seen = HashSet::from([start]);
    let mut stack = vec![start];
    while let Some(bases) = stack.pop() {
        if seen.len() > MAX_BASES {
            return false;
        }
        // Base tops and floating cards by rank, and floating ranks by suit (bits 1 to 13).
        let (mut tops, mut floating) = ([0i32; 15], [0i32; 15]);
        let mut floating_by_suit = [0u16; 4];
        for (c, &b) in bases.iter().enumerate().take(n) {
            tops[rank(p.at(c, b as usize)) as usize] += 1;
            for i in b as usize + 1..p.len(c) {
                let x = p.at(c, i);
                floating[rank(x) as usize] += 1;
                floating_by_suit[(suit(x) >> 4) as usize] |= 1 << rank(x);
            }
        }
        let last = |q: usize| tops[q] + floating[q] - floating[q - 1];
        for (c, &b) in bases.iter().enumerate().take(n) {
            let top = p.at(c, b as usize);
            let s = rank(top) as usize;
            let mine = floating_by_suit[(suit(top) >> 4) as usize];
            if s == 13 && mine & 0x1ffe == 0x1ffe {
                return false;
            }
            if s > 12 || last(s + 1) < 1 {
                continue;
            }
            if rules.group == GroupRule::Classic && !may_be_one_suit(s, mine, &last) {
                continue;
            }
            if b as usize == p.face_down(c) {
                return false;
            }
            let mut next = bases;
            next[c] = base_top(p, c, b as usize) as u8;
            if seen.insert(next) {
                stack.push(next);
            }
        }
    }
    true
}

/// Whether a base top of rank `s` may carry only its own suit, given which ranks of its suit
/// float (`mine`) and the count of last cards by rank (`last`).
fn may_be_one_suit(s: usize, mine: u16, last: &impl Fn(usize) -> i32) -> bool {
    let mut k = s;
    while k > 1 && last(k) == 0 {
        if mine & (1 << (k - 1)) == 0 {
            return false;
        }
        k -= 1;
    }
    true
}

/// Whether the game on bases proves `p` stuck. Hidden cards are never read.
pub(crate) fn bases_stuck(p: &Position, rules: &SolverRules) -> bool {
    bases_of(p).is_some_and(|b| stuck_from(p, rules, b))
}

/// [`bases_stuck`] for the positions of one search, remembered by bases: positions with the
/// same bases get the same answer, and a search meets each set of bases many times.
///
/// The answer depends on the cards of every base (and on the floating cards, which are the
/// rest of the fixed set of cards on the table: a search ends at the first flip or removed
/// run). The heights alone do not fix them once a column has been emptied and filled again,
/// so the key also holds each column's bottom card. That is enough: while a column is never
/// emptied its base is its original first cards (a card put on a column lies on a card one
/// rank higher, so it floats, and a base top only ever moves down), and a column filled again
/// holds one descending group, whose base is its bottom card alone, at height 0.
#[derive(Default)]
pub(crate) struct BasesCache {
    answers: HashMap<(Bases, Bases), bool>,
}

impl BasesCache {
    /// Whether the game on bases proves `p` stuck.
    pub(crate) fn stuck(&mut self, p: &Position, rules: &SolverRules) -> bool {
        let Some(bases) = bases_of(p) else {
            return false;
        };
        let mut bottoms = [0u8; MAX_COLUMNS];
        for (c, b) in bottoms.iter_mut().enumerate().take(p.columns()) {
            // `bases_of` saw a card in every column.
            *b = p.at(c, 0);
        }
        *self
            .answers
            .entry((bases, bottoms))
            .or_insert_with(|| stuck_from(p, rules, bases))
    }
}
