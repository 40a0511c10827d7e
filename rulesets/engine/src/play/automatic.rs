//! Cards that go up to the foundations by themselves (`automatic`), and the proof that the
//! safe ones never lose a won game, for the settings it holds under.

use super::Play;
use crate::state::{Pile, State};
use crate::vocabulary::{Automatic, Direction, Empty, Match, Redeal, StockDeal, Win};
use felt_core::{Card, Event, Rank, Suit};

impl Play {
    /// The cards a player could send up now, each with where it lies, in the order they are
    /// tried: the columns, the cells, the waste, the reserve.
    fn sources<'s>(&'s self, state: &'s State) -> impl Iterator<Item = (Pile, usize, Card)> + 's {
        let columns = (0..state.columns.len()).filter_map(|i| {
            let card = self.open_top(state, i)?;
            Some((Pile::Column(i), state.columns[i].cards.len() - 1, card))
        });
        let cells = state
            .cells
            .iter()
            .enumerate()
            .filter_map(|(i, cell)| cell.map(|card| (Pile::Cell(i), 0, card)));
        let waste = state
            .waste
            .last()
            .map(|&card| (Pile::Waste, state.waste.len() - 1, card));
        let top_only = self.game.reserve_shape.top_only();
        let reserve = state.reserve.iter().enumerate().flat_map(move |(r, pile)| {
            let from = if top_only {
                pile.len().saturating_sub(1)
            } else {
                0
            };
            pile.iter()
                .enumerate()
                .skip(from)
                .map(move |(k, &card)| (Pile::Reserve(r), k, card))
        });
        columns.chain(cells).chain(waste).chain(reserve)
    }

    /// Column `i`'s last card, where it lies face up and nothing covers the column
    /// (PA-COVER): the card of the column a player could send up.
    fn open_top(&self, state: &State, i: usize) -> Option<Card> {
        let column = &state.columns[i];
        let &card = column.cards.last()?;
        (column.down < column.cards.len() && !self.covered(state, i)).then_some(card)
    }

    /// Sends one card up by PA-AUTOMATIC, if one goes; whether one did.
    pub(super) fn send_one_up(&self, state: &mut State, events: &mut Vec<Event>) -> bool {
        let Some(send) = self.sending() else {
            return false;
        };
        // How many copies of each card are up: counted once, and only when a card that could
        // go up is weighed (most tables have none).
        let mut up = None;
        let wanted = self.wanted(state);
        // Most tables have no card a foundation wants on top of any pile: told by reading
        // each top's bit in a plain loop, before the sources are gone through in order.
        let bit = |c: &Card| wanted >> (c.to_byte() & 63) & 1 != 0;
        let any = (0..state.columns.len())
            .any(|i| self.open_top(state, i).is_some_and(|c| bit(&c)))
            || state.cells.iter().flatten().any(bit)
            || state.waste.last().is_some_and(bit)
            || state.reserve.iter().flatten().any(bit);
        if !any {
            return false;
        }
        let found = self.sources(state).find_map(|(pile, index, card)| {
            self.sends(state, send, wanted, pile, card, &mut up)
                .map(|f| (pile, index, f))
        });
        let Some((pile, index, f)) = found else {
            return false;
        };
        self.move_cards(state, pile, index, Pile::Foundation(f), events);
        true
    }

    /// Whether PA-AUTOMATIC would send `card` up from the top of the waste in `state`: what
    /// a deal that shows it sets off (the solver's closed rounds, `crate::solver`).
    pub(crate) fn sends_from_waste(&self, state: &State, card: Card) -> bool {
        self.sending()
            .and_then(|send| {
                self.sends(
                    state,
                    send,
                    self.wanted(state),
                    Pile::Waste,
                    card,
                    &mut None,
                )
            })
            .is_some()
    }

    /// The automatic rule that sends cards up in this game, if any does.
    fn sending(&self) -> Option<Automatic> {
        let send = match self.game.automatic {
            Automatic::None => return None,
            Automatic::Safe if !self.safe_proven => return None,
            automatic => automatic,
        };
        if self.game.remove_suits || self.game.win == Win::Sequences {
            return None;
        }
        Some(send)
    }

    /// The cards some foundation of `state` takes, as bits by card byte: those of the base's
    /// rank on an empty one, what follows the top of one not full (as `goes_up` reads them),
    /// so that most cards weighed are turned away by one bit. The solver's depth-first order
    /// reads it too, to find the cards to dig out next.
    pub(crate) fn wanted(&self, state: &State) -> u64 {
        if self.choosing(state) {
            // The base is the player's choice (`base = "chosen"`): until it is made, no card
            // goes up by itself, for any card could be the one chosen.
            return 0;
        }
        let mut bits = 0;
        for pile in &state.foundations {
            match pile.last() {
                None => {
                    for suit in Suit::ALL {
                        bits |= 1 << (Card::new(suit, state.base).to_byte() & 63);
                    }
                }
                Some(_) if pile.len() >= 13 && self.game.foundations.count > 1 => {}
                Some(&top) => bits |= self.follows.foundation.row(top),
            }
        }
        bits
    }

    /// The foundation `send` sends `card`, lying last in `pile`, up to now, if it sends it;
    /// `wanted` is [`Play::wanted`] of `state`, `up` counts the cards up, made when first
    /// needed.
    fn sends(
        &self,
        state: &State,
        send: Automatic,
        wanted: u64,
        pile: Pile,
        card: Card,
        up: &mut Option<[u8; 64]>,
    ) -> Option<usize> {
        if wanted >> (card.to_byte() & 63) & 1 == 0 {
            return None;
        }
        let f = (0..state.foundations.len()).find(|&f| self.goes_up(state, f, card).is_ok())?;
        if send == Automatic::Safe {
            if !self.safe(up.get_or_insert_with(|| count_up(state)), card) {
                return None;
            }
            // The waste shows its cards `cards` at a time: a card taken from it changes
            // which cards the next turns show, so only a waste turned one by one gives its
            // cards up by itself under the safe rule (see `safe_holds`).
            if pile == Pile::Waste && self.game.stock.is_some_and(|s| s.cards > 1) {
                return None;
            }
            // Where empty columns fill by themselves, a card goes up by itself only where
            // taking it fills nothing and changes no card a fill would take: from under
            // another card of its column, or from a cell (see `safe_holds`).
            if self.fills_itself() {
                let fills = match pile {
                    Pile::Column(i) => state.columns[i].cards.len() == 1,
                    Pile::Reserve(_) | Pile::Waste | Pile::Stock => true,
                    Pile::Cell(_) | Pile::Foundation(_) => false,
                };
                if fills {
                    return None;
                }
            }
        }
        Some(f)
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
    /// - the foundations build one way (up or down, not `either`) by suit, four a pack, so
    ///   each is complete at thirteen cards and holds its suit in one fixed order from the
    ///   base (round the corner from King to Ace under `wrap`, Penguin's, where completing
    ///   at thirteen stops it going round again); the foundations of one suit are
    ///   interchangeable and `c` must go on one of them at some point of `L`: raising one
    ///   now is what `L` does later (if `L` puts another copy of `c` up first, that copy
    ///   plays `c`'s part from then on: the two cards are the same);
    /// - nothing moves by itself on a changed stock: the settings exclude a stock dealt onto
    ///   the columns (the dealt cards would land elsewhere), a gather (it deals whatever cards
    ///   the columns hold, so without `c` every card may land elsewhere), full suits leaving
    ///   (`remove`), and a win by sequences (which wants `c` in a column);
    /// - where empty columns fill by themselves (`empty = auto-…`, from the reserve, the
    ///   stock or the waste), `c` goes up only from under another card of its column or from
    ///   a cell (`sends`), so it empties no column and changes no pile a fill takes from. In
    ///   `L` nothing is put on `c` and only `c` lies over the card under it, so until `L`
    ///   moves `c` its column holds that card and more in both lines, and no column empties
    ///   in one line and not the other; after `L` moves `c` onto another column, that column
    ///   differs by `c` alone on top, which `L` takes off before any card under it (or with
    ///   them, in a group that then moves without it, emptying the column at the same move).
    ///   So every fill of `L` comes at the same move from the same pile, with the same card.
    ///   Other empty-column rules (`below-base`, like `king`) only limit what the player puts
    ///   there;
    /// - where an empty column takes cards from the reserve only, and from the waste once the
    ///   reserve is out (`empty = "reserve"`), `c` up early leaves the reserve smaller or as it
    ///   was, never fuller: each space `L` fills is filled as `L` fills it;
    /// - a chosen base (`base = "chosen"`) is chosen by the first card up, before which
    ///   nothing goes up by itself (any card could be the one chosen): from then on the base is
    ///   fixed, as in every game above.
    ///
    /// So the line without `c`'s moves wins too.
    pub(super) fn safe_holds(&self) -> bool {
        let g = &self.game;
        self.safe_holds_but_stock()
            && g.stock
                .is_none_or(|s| s.deal == StockDeal::Waste && s.redeal == Redeal::Waste)
    }

    /// [`Play::safe_holds`] but what it asks of the stock: the settings the solver's rule 12
    /// asks, which reads the stock itself (`crate::solver::forced`: a stock that deals alike
    /// whether a card went up or not, or one out for good).
    pub(crate) fn safe_holds_but_stock(&self) -> bool {
        let g = &self.game;
        g.foundations.by == Match::Suit
            && matches!(g.foundations.build, Direction::Up | Direction::Down)
            && !g.foundations.back
            && usize::from(g.foundations.count) == 4 * usize::from(g.decks)
            && !g.remove_suits
            && g.win == Win::Foundations
            && matches!(
                g.empty,
                Empty::Any
                    | Empty::King
                    | Empty::None
                    | Empty::BelowBase
                    | Empty::Reserve
                    | Empty::AutoReserve
                    | Empty::AutoStock
                    | Empty::AutoWaste
            )
    }

    /// Whether an empty column is filled by itself (`empty = "auto-…"`).
    pub(crate) fn fills_itself(&self) -> bool {
        matches!(
            self.game.empty,
            Empty::AutoReserve | Empty::AutoStock | Empty::AutoWaste
        )
    }

    /// Whether every card that could be built on `card` in a column is up, in every copy;
    /// `up` counts the copies of each card on the foundations, by its byte.
    fn safe(&self, up: &[u8; 64], card: Card) -> bool {
        let copies = usize::from(self.game.decks) * 4 / usize::from(self.game.suits);
        self.followers[usize::from(card.to_byte() & 0x3f)]
            .iter()
            .all(|x| usize::from(up[usize::from(x.to_byte() & 0x3f)]) >= copies)
    }

    /// For each card, by its byte, the cards of the game's suits that may be built on it in a
    /// column: what the safe rule waits for.
    pub(super) fn followers(&self) -> Vec<Vec<Card>> {
        let suits = &Suit::ALL[..usize::from(self.game.suits)];
        (0..64u8)
            .map(|b| match Card::from_byte(b) {
                Some(card) => suits
                    .iter()
                    .flat_map(|&suit| Rank::all().map(move |rank| Card::new(suit, rank)))
                    .filter(|&x| self.build.follows(card, x))
                    .collect(),
                None => Vec::new(),
            })
            .collect()
    }
}

/// How many copies of each card, by its byte, are on the foundations.
fn count_up(state: &State) -> [u8; 64] {
    let mut up = [0u8; 64];
    for card in state.foundations.iter().flatten() {
        up[usize::from(card.to_byte() & 0x3f)] += 1;
    }
    up
}
