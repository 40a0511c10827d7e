//! Cards that go up to the foundations by themselves (`automatic`), and the proof that the
//! safe ones never lose a won game, for the settings it holds under.

use super::Play;
use crate::state::{Pile, State};
use crate::vocabulary::{Automatic, Direction, Empty, Match, StockDeal, Win};
use felt_core::{Card, Event, Rank, Suit};

impl Play {
    /// The cards a player could send up now, each with where it lies.
    fn sources(&self, state: &State) -> Vec<(Pile, usize, Card)> {
        let mut out = Vec::new();
        for (i, column) in state.columns.iter().enumerate() {
            if let Some(&card) = column.cards.last() {
                if column.down < column.cards.len() {
                    out.push((Pile::Column(i), column.cards.len() - 1, card));
                }
            }
        }
        for (i, cell) in state.cells.iter().enumerate() {
            if let Some(card) = *cell {
                out.push((Pile::Cell(i), 0, card));
            }
        }
        if let Some(&card) = state.waste.last() {
            out.push((Pile::Waste, state.waste.len() - 1, card));
        }
        if self.game.reserve_fanned {
            for (k, &card) in state.reserve.iter().enumerate() {
                out.push((Pile::Reserve, k, card));
            }
        } else if let Some(&card) = state.reserve.last() {
            out.push((Pile::Reserve, state.reserve.len() - 1, card));
        }
        out
    }

    /// Sends one card up by PA-AUTOMATIC, if one goes; whether one did.
    pub(super) fn send_one_up(&self, state: &mut State, events: &mut Vec<Event>) -> bool {
        let send = match self.game.automatic {
            Automatic::None => return false,
            Automatic::Safe if !self.safe_proven => return false,
            automatic => automatic,
        };
        if self.game.remove_suits || self.game.win == Win::Sequences {
            return false;
        }
        for (pile, index, card) in self.sources(state) {
            if send == Automatic::Safe && !self.safe(state, card) {
                continue;
            }
            if let Some(f) =
                (0..state.foundations.len()).find(|&f| self.goes_up(state, f, card).is_ok())
            {
                // The waste shows its cards `cards` at a time: a card taken from it changes
                // which cards the next turns show, so only a waste turned one by one gives its
                // cards up by itself under the safe rule (see `safe_holds`).
                if send == Automatic::Safe
                    && pile == Pile::Waste
                    && self.game.stock.is_some_and(|s| s.cards > 1)
                {
                    continue;
                }
                self.move_cards(state, pile, index, Pile::Foundation(f), events);
                return true;
            }
        }
        false
    }

    /// Whether the settings in force are ones under which [`Play::safe`] is proven to never
    /// lose a won game; under others the safe rule sends nothing up.
    ///
    /// The argument. Take a card `c` that can go up now, and every card that could ever be
    /// built on `c` in a column (each card `x` with `build.follows(c, x)`) already on the
    /// foundations in every copy the packs hold. Let `L` be any winning line from the position
    /// with `c` still down. Play `L` from the position with `c` up, leaving out every move of
    /// `c`. Each move of `L` stays legal:
    /// - no move of `L` puts a card on `c`: every card that could go there is up, and with
    ///   `foundations.back = false` stays up;
    /// - `c` lay last in its pile (a column's last card, a cell, the reserve's playable card,
    ///   the waste's top card turned one at a time), so no card is under it that `L` needs
    ///   except through moving `c` off, which has happened already; an empty column, an empty
    ///   cell and the supermove's room are only larger without `c`;
    /// - since nothing is ever put on `c`, it stays last in its pile throughout `L`: a group of
    ///   `L` that carries `c` ends with it, and the same group without it is still one that
    ///   moves (a run's first cards are a run, a whole column is still the whole column, and
    ///   a supermove of fewer cards needs less room);
    /// - the foundations build one way (up or down, no wrap, not `either`) by suit, so the
    ///   foundations of one suit are interchangeable and `c` must go on one of them at some
    ///   point of `L`: raising one now is what `L` does later (if `L` puts another copy of `c`
    ///   up first, that copy plays `c`'s part from then on: the two cards are the same);
    /// - nothing moves by itself on an emptied column or a changed stock: the settings exclude
    ///   auto-filled columns (`empty = auto-…`), a stock dealt onto the columns (the dealt cards
    ///   would land elsewhere), full suits leaving (`remove`), and a win by sequences (which
    ///   wants `c` in a column).
    ///
    /// So the line without `c`'s moves wins too.
    pub(super) fn safe_holds(&self) -> bool {
        let g = &self.game;
        g.foundations.by == Match::Suit
            && matches!(g.foundations.build, Direction::Up | Direction::Down)
            && !g.foundations.wrap
            && !g.foundations.back
            && usize::from(g.foundations.count) == 4 * usize::from(g.decks)
            && !g.remove_suits
            && g.win == Win::Foundations
            && matches!(g.empty, Empty::Any | Empty::King | Empty::None)
            && g.stock.is_none_or(|s| s.deal == StockDeal::Waste)
    }

    /// Whether every card that could be built on `card` in a column is up, in every copy.
    fn safe(&self, state: &State, card: Card) -> bool {
        let suits = &Suit::ALL[..usize::from(self.game.suits)];
        let copies = usize::from(self.game.decks) * 4 / suits.len();
        suits.iter().all(|&suit| {
            Rank::all().all(|rank| {
                let x = Card::new(suit, rank);
                !self.build.follows(card, x)
                    || state
                        .foundations
                        .iter()
                        .flatten()
                        .filter(|&&up| up == x)
                        .count()
                        >= copies
            })
        })
    }
}
