//! How far a position looks from a win ([`Game::distance`]): the weights of its parts, and
//! each column's share, kept in the position and worked out again where a move changes it.

use super::*;

/// What each part of [`Game::distance`] counts for. A position's kept distance shares
/// ([`Pos`]'s `term`) are worked out with one game's weights, so positions move between
/// games of different weights only through [`Game::from_key`] or after
/// [`Game::reweigh`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weights {
    /// Each card not yet up.
    pub out: i32,
    /// Each card lying above a lower card of its own suit (it must move before that one
    /// goes up).
    pub buried: i16,
    /// Each card lying on one it does not fit (a break in a column's order).
    pub unfit: i16,
    /// Each card lying on a suit's next card to go up.
    pub above_next: i16,
    /// Each free cell, taken off (an empty column counts twice).
    pub cell: i32,
}

/// The weights felt's searches use. Against [`FIRST_WEIGHTS`], paired on four-cell deals
/// 1..1000 and confirmed on 600001..601000 (docs/freecell-solver.md), the win finder's
/// first scan takes out 91 positions at the median instead of 220 (462 at the 90th
/// percentile instead of 1,616) for lines as short: a break in a column's order counts more,
/// and what lies on a suit's next card less, than a card buried under a lower one of its
/// suit.
pub const WEIGHTS: Weights = Weights {
    out: 5,
    buried: 1,
    unfit: 2,
    above_next: 1,
    cell: 3,
};

/// The weights felt's searches used before [`WEIGHTS`]; a scan that keeps them looks at
/// deals differently, which wins some the others find hard.
pub const FIRST_WEIGHTS: Weights = Weights {
    out: 4,
    buried: 2,
    unfit: 1,
    above_next: 2,
    cell: 2,
};

impl Game {
    /// One column's share of [`Game::distance`] with the foundations at `found`: each card
    /// above a lower card of its suit, each card on one it does not fit, each card on a
    /// suit's next card, at their [`Weights`].
    pub(in crate::solver) fn column_term(&self, col: &[u8], found: &[u8; 4]) -> i16 {
        let w = &self.weights;
        let len = col.len() as i16;
        // The first card lies on no card: it is counted as on one it does not fit (no card
        // fits on 0), and the count starts one such card lower.
        let mut h = -w.unfit * i16::from(!col.is_empty());
        let mut lowest = [14u8; 4];
        let mut below = 0u8;
        for (k, &c) in col.iter().enumerate() {
            let s = suit(c);
            h += w.buried * i16::from(rank(c) > lowest[s]);
            h += w.unfit * i16::from(!self.fits(c, below));
            lowest[s] = lowest[s].min(rank(c));
            // The next card of its suit to go up, and how many lie on it.
            h += w.above_next * (len - 1 - k as i16) * i16::from(found[s] + 1 == rank(c));
            below = c;
        }
        h
    }

    /// Whether the hashes and distance shares kept in `p` are what they would be if worked
    /// out afresh (tests walk random lines with it).
    #[cfg(test)]
    pub(crate) fn caches_hold(&self, p: &Pos) -> bool {
        (0..self.ncols).all(|i| {
            p.hash[i] == Self::column_hash(self.col(p, i))
                && p.term[i] == self.column_term(self.col(p, i), &p.found)
        })
    }

    /// Every column's share of the distance, after the foundations changed.
    pub(super) fn refresh_terms(&self, p: &mut Pos) {
        for i in 0..self.ncols {
            p.term[i] = self.column_term(self.col(p, i), &p.found);
        }
    }

    /// How far a position looks from a win, lower is nearer: cards still out, cards lying
    /// on a lower card of their own suit (each must move before that one goes up), cards on
    /// one they do not fit, how deep the next card of each suit is buried, less the room to
    /// move in; each counted with its [`Weights`].
    pub fn distance(&self, p: &Pos) -> i32 {
        self.distance_valuing_room(p, 0)
    }

    /// [`Game::distance`], less `room` more for each free cell and twice that for each empty
    /// column: a scan that values room to move more than the rest (the win finder's second
    /// scan, for deals the first finds too tight).
    pub fn distance_valuing_room(&self, p: &Pos, room: i32) -> i32 {
        let mut h = 0i32;
        let out = 52 - self.up(p) as i32;
        h += self.weights.out * out;
        h += p.term[..self.ncols].iter().map(|&t| t as i32).sum::<i32>();
        h -= (self.weights.cell + room) * self.free_cells(p) as i32;
        h -= 2 * (self.weights.cell + room) * self.empty_cols(p) as i32;
        h
    }
}
