//! How near a win a table looks ([`Searcher::distance`]) and the order the digging search
//! tries children in ([`Searcher::order`]): the searches' estimates, apart from the keys and
//! the pruning the rest of [`super`] holds. They order the searches and decide no verdict.

use super::Searcher;
use crate::play::State;
use crate::vocabulary::{Direction, Empty, Win};
use felt_core::Card;

/// What each face-up column top the hole takes next takes off [`Searcher::order`], in the
/// games of one hole that takes every card (Golf, Black Hole, Tri Peaks): the digging search
/// keeps ways on open. Paired at 1 s: Black Hole deals 1..200 4 → 2 undecided, the 21 left
/// undecided over 1..1000 20 → 15; held out, 1001..1300, 7 → 4; Golf 1..100 9 → 10, Tri
/// Peaks 1..300 6 → 5 (a weight of 6: 16 of the 21).
const MOBILITY: i32 = 2;

/// What each empty column takes off [`Searcher::distance`] where a space takes any card and
/// no stock brings cards: there a space is the table's one spare room, what lets a run be
/// taken apart and a buried card dug out. Paired at 1 s: Streets and Alleys deals 1..300
/// 12 -> 8 undecided, held out 301..1000 26 -> 21; Beleaguered Castle, King Albert, Raglan,
/// Stronghold, Fore Cell, Citadel and Siegecraft alike. Where a stock deals, it hurt: East
/// Haven 1..200 and 301..1000 46 -> 58, Lucas 1..200 5 -> 9.
const SPACE: i32 = 4;

/// What each card of a column built from a King at its bottom (by the build rule, every card
/// face up) takes off [`Searcher::distance`] in the same games as [`SPACE`]: such cards stay
/// where they lie until they go up, so a line that lays them so has done what a win asks of
/// them in the columns. Where whole suits leave together (Simple Simon, Mrs Mop) only a run
/// from the King in one suit is so: a King built on in mixed suits must be taken apart again
/// before any of it leaves. Counted by the build rule there too (from 8601355 until stop 58),
/// the bonus led the search into mixed runs: Simple Simon deals 1..100 at 1 s won 0, and 49
/// with one suit counted (41 of the held-out 101..200, against 32 with no bonus there).
/// Paired at 1 s: King Albert deals 1..300 7 -> 5 undecided, held out
/// 301..1000 35 -> 24 (CPU of the deals both decide 43.9 -> 35.5 s); Streets and Alleys 1..300
/// 8 -> 8, 301..1000 21 -> 23; Beleaguered Castle 3 -> 3; deals 1..200 of ten more such
/// games as before or better (Flower Garden 67 -> 59, Raglan 3 -> 1). A weight of 4: King
/// Albert 1..1000 29 -> 31 against 2.
const KING_RUN: i32 = 2;

/// What each card lying on the card its column's foundations want soonest adds to
/// [`Searcher::distance`] ([`Searcher::buried`]).
const BURIED: usize = 1;

impl Searcher<'_> {
    /// How far `s` looks from a win, from what the player sees only: the cards still to go
    /// (up, or into their runs), the face-down cards, and the face-up cards lying on one they
    /// do not build on. Lower is nearer.
    pub fn distance(&self, s: &State) -> i32 {
        let play = self.play;
        let down: usize = s.columns.iter().map(|c| c.down).sum();
        let mut breaks = 0usize;
        let mut soft = 0usize;
        let mut settled = 0usize;
        // The columns built from a King where spaces take any card and no stock deals
        // (`KING_RUN`).
        let roomy = play.game.empty == Empty::Any && play.game.stock.is_none();
        let mut built = 0usize;
        // Where a group moves by a rule of its own (Simple Simon's suits on any-suit builds),
        // a card built on one it does not move with is half a break: the run must be taken
        // apart again before it goes anywhere whole.
        let grouped = play.group != play.build;
        for c in &s.columns {
            let up = &c.cards[c.down.min(c.cards.len())..];
            for w in up.windows(2) {
                if !play.follows.build.follows(w[0], w[1]) {
                    breaks += 1;
                } else if grouped && !play.follows.group.follows(w[0], w[1]) {
                    soft += 1;
                }
            }
            if play.game.win == Win::Sequences && c.down == 0 {
                // The run from the bottom that is already where a win wants it.
                settled += from_king(&c.cards, in_suit_below);
            } else if roomy && c.down == 0 {
                built += from_king(&c.cards, |below, card| match play.game.remove_suits {
                    true => in_suit_below(below, card),
                    false => play.follows.build.follows(below, card),
                });
            }
        }
        let to_go = match play.game.win {
            // Where the columns are cleared onto foundations (Golf's hole), what lies in the
            // stock still counts: dealing it onto the hole is the way on, and an order that
            // counted the columns alone searched Golf's won deals longer (1..40: 12 -> 15
            // undecided at 1 s).
            Win::Foundations | Win::Columns => {
                play.game.cards() as usize - s.foundations.iter().map(Vec::len).sum::<usize>()
            }
            Win::Sequences => {
                let removed: usize = s.foundations.iter().map(Vec::len).sum();
                play.game.cards() as usize - removed - settled
            }
        };
        let cells = s.cells.iter().filter(|c| c.is_some()).count();
        let spaces = if roomy {
            s.columns.iter().filter(|c| c.cards.is_empty()).count() as i32
        } else {
            0
        };
        (4 * to_go + 4 * down + 2 * breaks + soft + cells + BURIED * self.buried(s)) as i32
            - SPACE * spaces
            - KING_RUN * built as i32
    }

    /// The order the portfolio's second depth-first search tries children in
    /// ([`crate::solver::runs::portfolio`]), lower first: [`Searcher::distance`], plus, where the game
    /// is won on the foundations, the cards lying on each card a foundation takes now, summed
    /// over the columns: digging out the next cards up is what a line that comes out does
    /// first. Neither order is better on every game (as the only order of the one
    /// depth-first search, at 1 s on deals 1..=100 of eleven games: 56 → 47 undecided, Fore
    /// Cell 5 → 1 and Stronghold 3 → 5; held out, deals 1001..=1015 of all 47 games, 185 →
    /// 185, 17 decided each way), so the portfolio runs a depth-first search in each. In the
    /// games of one hole, less `MOBILITY` for each face-up top the hole takes next.
    pub fn order(&self, s: &State) -> i32 {
        let play = self.play;
        let (mut dig, mut mobility) = (0usize, 0i32);
        if play.game.win != Win::Sequences {
            let wanted = play.wanted(s);
            let takes = |card: &Card| wanted >> (card.to_byte() & 63) & 1 != 0;
            for c in &s.columns {
                let n = c.cards.len();
                for (i, card) in c.cards.iter().enumerate() {
                    if takes(card) {
                        dig += n - 1 - i;
                    }
                }
                // Where one hole takes every card (rule 9's games), the face-up tops it takes
                // next: a line that keeps more of them open has more ways on.
                if self.reach.is_some() && c.down < n && c.cards.last().is_some_and(takes) {
                    mobility += 1;
                }
            }
        }
        self.distance(s) + dig as i32 - MOBILITY * mobility
    }

    /// The cards lying on the card of their column that the foundations want soonest, summed
    /// over the columns: where foundations build one way from a base, a low card under many
    /// others is what keeps a game from coming out. None in a game won in the columns, by a
    /// hole built either way, or with more than one pack. Paired on deals 1..=10 of the 43
    /// shipped games at 1 s, it took FreeCell's hardest deals from about 1 s to under 0.5 s.
    fn buried(&self, s: &State) -> usize {
        let f = &self.play.game.foundations;
        let up = match f.build {
            Direction::Up => true,
            Direction::Down => false,
            Direction::Either | Direction::None => return 0,
        };
        if self.play.game.win == Win::Sequences {
            return 0;
        }
        if self.play.game.decks > 1 {
            // With two packs either copy of the card wanted will do, so the one in a given
            // column need not be dug out: counting what lies on it led the search astray
            // (deals 1..=10 at 1 s: Gargantua 1 undecided without it, 8 with it).
            return 0;
        }
        let base = i32::from(s.base.number());
        // How many cards of its suit go up before a card of each rank: its place from the
        // base, worked out once a table rather than for every card.
        let mut place = [0u8; 16];
        for (r, p) in place.iter_mut().enumerate().take(14).skip(1) {
            let r = r as i32;
            *p = (if up { r - base } else { base - r }).rem_euclid(13) as u8;
        }
        s.columns
            .iter()
            .map(|c| {
                // The card soonest up, the last of them where two are as soon (`<=`): what
                // lies on it is what must be moved first.
                let mut least = (u8::MAX, 0usize);
                for (i, card) in c.cards.iter().enumerate() {
                    let p = place[usize::from(card.rank().number() & 15)];
                    if p <= least.0 {
                        least = (p, i);
                    }
                }
                if c.cards.is_empty() {
                    0
                } else {
                    c.cards.len() - 1 - least.1
                }
            })
            .sum()
    }
}

/// The cards from the bottom of a column that are a King and the cards laid on it in turn,
/// each one `on` takes on the card under it: the game's build rule (`KING_RUN`), or one suit
/// built down (a run a game won by sequences keeps).
fn from_king(cards: &[Card], on: impl Fn(Card, Card) -> bool) -> usize {
    let Some(first) = cards.first() else {
        return 0;
    };
    if first.rank().number() != 13 {
        return 0;
    }
    1 + cards.windows(2).take_while(|w| on(w[0], w[1])).count()
}

/// Whether `card` lies on `below` as a run of one suit has it: the same suit, a rank lower.
fn in_suit_below(below: Card, card: Card) -> bool {
    below.suit() == card.suit() && below.rank().number() == card.rank().number() + 1
}
