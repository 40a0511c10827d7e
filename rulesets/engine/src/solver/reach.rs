//! Rule 9 of the solver ([`super`]): a table from which some card can never reach the hole is
//! lost, and a full-information search does not expand it.
//!
//! **Where it holds** ([`Reach::of`]): one foundation, built regardless of suit (Golf's,
//! Black Hole's and Tri Peaks' hole), that no card leaves; no full suit removed elsewhere; the
//! game won once the columns, cells and reserve are clear or every card is up; and a stock,
//! if any, dealt onto the hole itself. Then every card in a column, a cell or the reserve has
//! one way out of play, onto the hole, and the win needs each of them gone.
//!
//! **The argument.** Follow the rank of the hole's top card along any line. It changes only
//! when a card goes onto the hole: a card from a column, a cell or the reserve, which the
//! foundation's rule lets lie on the top before it (one *step*, up or down as the game
//! builds, King to Ace where it wraps), or a card the stock deals there, whatever its rank (a
//! *jump*). A step onto rank `r` takes a card of rank `r` still in play. Cards only leave play
//! (nothing comes back from the hole, and the stock deals only onto it), so the ranks a step
//! can land on are among those of the cards in play now, `T`. So every rank the top ever
//! shows is reached from the top's rank now, or from the rank of a card in the stock now,
//! by steps through ranks of `T` ([`Reach::hopeless`] computes that closure). A card in play
//! whose rank lies outside it never goes onto the hole, and the game is never won. Nothing
//! here reads the order of the columns, the suits of the hole, or the stock's order: the
//! verdict is the same for every table of one key (rules 2, 3, 4 and 5), so a table stored
//! and not expanded is one no line wins from, whichever search stored it.
//!
//! It reads the face-down cards and the stock, so only a search that sees every card uses it
//! ([`super::search::Mode::Solve`]); an honest one must not know what it says.

use crate::play::{Play, State};
use crate::vocabulary::{Direction, Match, StockDeal, Win};
use felt_core::{Card, Rank, Suit};

/// The ranks that may follow each rank on the hole: bit `x` of `steps[r]` where a card of
/// rank `x` may go on one of rank `r`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reach {
    steps: [u16; 14],
}

impl Reach {
    /// The rule for `play`'s game, where it holds (module docs).
    pub fn of(play: &Play) -> Option<Reach> {
        let g = &play.game;
        let f = &g.foundations;
        let holds = f.count == 1
            && f.by == Match::Any
            && f.build != Direction::None
            && !f.back
            && !g.remove_suits
            && matches!(g.win, Win::Foundations | Win::Columns)
            && g.stock.is_none_or(|s| s.deal == StockDeal::Foundation);
        if !holds {
            return None;
        }
        let card = |r: u8| Rank::new(r).map(|r| Card::new(Suit::Spade, r));
        let mut steps = [0u16; 14];
        for (r, row) in steps.iter_mut().enumerate().skip(1) {
            for x in 1..=13u8 {
                // Regardless of suit: one suit stands for all.
                if let (Some(below), Some(above)) = (card(r as u8), card(x)) {
                    if play.foundation.follows(below, above) {
                        *row |= 1 << x;
                    }
                }
            }
        }
        Some(Reach { steps })
    }

    /// Whether some card in play in `s` can never go onto the hole (module docs): then no
    /// line from `s` wins.
    pub fn hopeless(&self, s: &State) -> bool {
        let Some(top) = s.foundations.first().and_then(|f| f.last()) else {
            // An empty hole takes its first card by the base's rule, not by a step.
            return false;
        };
        let bit = |c: &Card| 1u16 << c.rank().number();
        let mut in_play = 0u16;
        for c in &s.columns {
            in_play |= c.cards.iter().fold(0, |m, c| m | bit(c));
        }
        for pile in &s.reserve {
            in_play |= pile.iter().fold(0, |m, c| m | bit(c));
        }
        in_play |= s.cells.iter().flatten().fold(0, |m, c| m | bit(c));
        let mut reach = s.stock.iter().fold(bit(top), |m, c| m | bit(c));
        loop {
            let mut next = reach;
            let mut left = reach;
            while left != 0 {
                let r = left.trailing_zeros() as usize;
                left &= left - 1;
                next |= self.steps[r] & in_play;
            }
            if next == reach {
                return in_play & !reach != 0;
            }
            reach = next;
        }
    }
}
