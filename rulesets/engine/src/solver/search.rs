//! What the engine's searches ([`super::runs`]) know of a game: the tables' keys
//! ([`Searcher::key`], the module docs of [`super`] say what they leave out and why), the
//! actions tried ([`Searcher::legal`]: the legal ones, [`Play::legal`]) and the estimate that
//! orders them ([`Searcher::distance`]).
//!
//! A search runs in one of two modes. [`Mode::Solve`] looks for a win and, when every table reachable has
//! been seen without one, proves the loss. [`Mode::Honest`] stops every line at the first
//! action that shows the player a card they have not seen ([`super::hidden`] falls), never
//! looking past it: such a line is a *way on*, and the search answers the best one it finds
//! (or a win, when one lies among the tables the player can reach without learning anything).
//! Its order reads only what the player sees ([`Searcher::distance`]), so the hint it gives is
//! the same whatever the hidden cards are.

use super::forced::Forced;
use super::hidden;
use super::locked::Locks;
use super::reach::Reach;
use crate::engine::Engine;
use crate::play::{Play, State};
use crate::vocabulary::{Automatic, Direction, Match, Redeal, StockDeal, Win};
use felt_core::analysis::Stopped;
use felt_core::Action;
use felt_core::Card;

/// What a search looks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// A win, with every card read (full information).
    Solve,
    /// A win or a way on among the tables the player can reach without seeing a new card.
    Honest,
}

/// How a search ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Found {
    /// A line that wins.
    Won(Vec<Action>),
    /// A line whose last action shows a card the player has not seen ([`Mode::Honest`]).
    WayOn(Vec<Action>),
    /// Every table reachable (without a new card, in [`Mode::Honest`]) was seen: no line wins
    /// (nor, honestly, shows a new card).
    Exhausted,
    /// The budget stopped it first.
    Stopped(Stopped),
}

/// A search's answer and its cost.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Searched {
    /// What it found.
    pub found: Found,
    /// Tables stored.
    pub states: u64,
    /// The most memory held, in bytes.
    pub peak_bytes: u64,
}

/// What one move more costs against [`Searcher::distance`]: charging for a line's length
/// keeps the search from wandering among look-alike tables (as FreeCell's `DEPTH_COST`).
/// Paired on the same deals at 1 s of CPU (examples/solve_games.rs), a charge of 1 left
/// FreeCell deals 1..=200 10 undecided and Baker's Dozen deals 1..=40 26; a charge of 2, 2
/// and 20.
pub(super) const DEPTH_COST: i32 = 2;

/// An honest line that ends in a deal rather than a card turned in a column costs this much
/// more: a card turned is known progress, a deal may only cycle the stock.
pub(super) const DEAL_COST: i32 = 2;

/// What each face-up column top the hole takes next takes off [`Searcher::order`], in the
/// games of one hole that takes every card (Golf, Black Hole, Tri Peaks): the digging search
/// keeps ways on open. Paired at 1 s: Black Hole deals 1..200 4 → 2 undecided, the 21 left
/// undecided over 1..1000 20 → 15; held out, 1001..1300, 7 → 4; Golf 1..100 9 → 10, Tri
/// Peaks 1..300 6 → 5 (a weight of 6: 16 of the 21).
const MOBILITY: i32 = 2;

/// What each card lying on the card its column's foundations want soonest adds to
/// [`Searcher::distance`] ([`Searcher::buried`]).
const BURIED: usize = 1;

/// The room [`Searcher::fingerprint`] works in, kept from one table to the next: the bytes of
/// a key, and each column of the table fingerprinted last with its hash (its face-down
/// count, its cards, the hash).
#[derive(Default)]
pub struct KeyRoom {
    buf: Vec<u8>,
    columns: Vec<(usize, Vec<Card>, u128)>,
    /// Whether the hashes kept were of columns in any order (unseeded).
    symmetric: bool,
}

/// The search's view of one game.
pub struct Searcher<'e> {
    engine: &'e Engine,
    pub(super) play: &'e Play,
    /// Whether columns and cells may be taken in any order ([`super`]'s rule 2).
    symmetric: bool,
    /// Whether they may once the stock, dealt onto the columns, is out for good (rule 2).
    dealt_out: bool,
    /// Whether a foundation is keyed by its size and top card alone ([`super`]'s rule 3).
    foundation_tops: bool,
    /// Whether the stock and the reserve are keyed by their sizes alone ([`super`]'s rule 4).
    shrinking: (bool, bool),
    /// Whether a foundation's top is keyed by its rank alone ([`super`]'s rule 5).
    rank_tops: bool,
    /// Whether a stock dealt round and round may close its round ([`super`]'s rule 6).
    rounds: bool,
    /// Whether every table the search lists moves from is settled, so that the moves that
    /// lead back to the table itself up to rule 2 are left out
    /// ([`Play::legal_distinct_settled`]): every table an action leads to is, and the
    /// searches check their start ([`Searcher::settled_at`]).
    pub(super) settled: bool,
    /// Where a card that can never reach the hole makes a table lost ([`super`]'s rule 9).
    reach: Option<Reach>,
    /// Where a card held above every card it could go up on makes a table lost
    /// ([`super`]'s rule 10).
    locks: Option<Locks>,
    /// Whether a plain move's group is kept from moving again at once ([`super`]'s rule
    /// 11); off only for the tests that show the rule loses no table.
    pub(super) once: bool,
    /// Where a card that goes up first is the one move tried ([`super`]'s rule 12).
    forced: Option<Forced>,
}

impl<'e> Searcher<'e> {
    /// The searcher for `engine`'s game.
    pub fn new(engine: &'e Engine) -> Searcher<'e> {
        let play = engine.play();
        let g = &play.game;
        // Rule 2 (module docs of `super`): every rule treats all columns, all cells and all
        // foundations alike, except a stock dealt onto the columns (the i-th card to the i-th
        // column), a stock dealt onto the first foundation of several, and cards sent up by
        // `automatic = "all"`, whose order picks which card goes first.
        let symmetric = g.stock.is_none_or(|s| {
            s.deal != StockDeal::Columns
                && (s.deal != StockDeal::Foundation || g.foundations.count == 1)
        }) && g.automatic != Automatic::All
            && g.tableau.places.is_empty();
        // A stock dealt onto the columns reads their order only while it has cards to deal:
        // once it is out for good, rule 2 holds as in a game without it.
        let dealt_out = g.stock.is_some_and(|s| s.deal == StockDeal::Columns)
            && g.automatic != Automatic::All
            && g.tableau.places.is_empty();
        // Rule 3: with no card ever coming back down, only a foundation's size and top card
        // are read, except by the safe rule, which reads its cards only where they follow
        // from those two.
        let foundation_tops = !g.foundations.back;
        // Rule 4: a stock never turned over again only gives cards from its top, and so does
        // each reserve pile whose top card alone plays (stacked or open): each is the start's
        // with cards taken off, and its size says which.
        let shrinking = (
            g.stock.is_none_or(|s| s.redeals == Some(0)),
            g.reserve_shape.top_only(),
        );
        // Rule 5: foundations built regardless of suit, that no card leaves, are read only by
        // the ranks of their tops (the safe rule, proven only for foundations by suit, is off).
        let rank_tops = foundation_tops
            && g.foundations.by == Match::Any
            && !g.remove_suits
            && !g.foundations.as_dealt;
        // Rule 6: a stock dealt to a waste and turned over as it was, without end, where
        // nothing goes up by itself or only safe cards of a single pack do (the argument
        // needs each card to be the only one of its kind).
        let rounds = g.stock.is_some_and(|s| {
            s.deal == StockDeal::Waste && s.redeal == Redeal::Waste && s.redeals.is_none()
        }) && (g.automatic == Automatic::None
            || (g.automatic == Automatic::Safe && g.decks == 1));
        Searcher {
            engine,
            play,
            symmetric,
            dealt_out,
            foundation_tops,
            shrinking,
            rank_tops,
            rounds,
            settled: true,
            reach: Reach::of(play),
            locks: Locks::of(play),
            once: true,
            forced: Forced::of(play),
        }
    }

    /// This searcher with rule 11 of [`super`] off: a plain move's group may move again at
    /// once. For the tests that compare the tables a search stores with and without it.
    pub fn without_rule_11(self) -> Searcher<'e> {
        Searcher {
            once: false,
            ..self
        }
    }

    /// This searcher with rule 12 of [`super`] off: every legal action is tried where a card
    /// would go up first. For the tests that compare its verdicts with and without it.
    pub fn without_rule_12(self) -> Searcher<'e> {
        Searcher {
            forced: None,
            ..self
        }
    }

    /// Leaves in `legal`, the actions listed from `s`, only the one that sends up a card
    /// that goes first ([`super`]'s rule 12), where there is one. It reads every card: for
    /// full-information searches only.
    pub fn force(&self, s: &State, legal: &mut Vec<Action>) {
        if let Some(i) = self
            .forced
            .as_ref()
            .and_then(|f| f.find(self.play, s, legal))
        {
            legal.swap(0, i);
            legal.truncate(1);
        }
    }

    /// Whether some card in play in `s` can never go onto the hole, so that no line from `s`
    /// wins ([`super`]'s rule 9, [`Reach::hopeless`]). It reads every card: for
    /// full-information searches only.
    pub fn hopeless(&self, s: &State) -> bool {
        self.reach.is_some_and(|r| r.hopeless(s))
            || self
                .locks
                .as_ref()
                .is_some_and(|l| l.locked(s, self.play.choosing(s)))
    }

    /// The actions the search tries from `s`: every legal one, but where the order of the
    /// piles is taken out of the keys (rule 2), a group goes to one empty pile of each kind
    /// only: the others lead to tables equal to its up to that order, stored once anyway.
    pub fn legal(&self, s: &State, out: &mut Vec<Action>) {
        match (self.symmetric_at(s), self.settled) {
            (true, true) => self.play.legal_distinct_settled(s, out),
            (true, false) => self.play.legal_distinct(s, out),
            (false, _) => self.play.legal(s, out),
        }
    }

    /// This searcher for a search from `start`: one that keeps the moves
    /// [`Play::legal_distinct_settled`] leaves out where `start` is not settled (a table
    /// loaded from a file may not be), since from such a table they may set something off.
    pub(super) fn settled_at(&self, start: &State) -> Searcher<'e> {
        Searcher {
            settled: self.settled && self.play.settled(start),
            ..*self
        }
    }

    /// Whether the order of the columns, cells and foundations is left out of `s`'s key
    /// (rule 2): in every table of a game that never reads it, and, where a stock is dealt
    /// onto the columns, in a table whose stock and waste are empty with no redeal left.
    pub fn symmetric_at(&self, s: &State) -> bool {
        self.symmetric
            || (self.dealt_out && s.stock.is_empty() && s.waste.is_empty() && s.redeals == Some(0))
    }

    /// Whether `s` lies in a closed round of its stock ([`super`]'s rule 6): a stock dealt
    /// round and round onto a waste, the waste's size one the deals come back to (a multiple
    /// of the cards a deal turns, or the whole of stock and waste), and no deal of the round
    /// setting anything else off: no card it shows goes up by itself, and no empty column
    /// waits to be filled by itself.
    pub fn closed(&self, s: &State) -> bool {
        let Some(stock) = self.play.game.stock.filter(|_| self.rounds) else {
            return false;
        };
        let d = usize::from(stock.cards.max(1));
        let (p, n) = (s.waste.len(), s.waste.len() + s.stock.len());
        if p % d != 0 && p != n {
            return false;
        }
        if self.play.fills_itself() && s.columns.iter().any(|c| c.cards.is_empty()) {
            return false;
        }
        // The card each waste size of the round shows: the stock and the waste read as one
        // run in the order they are dealt, the waste's first card first.
        let shown = |q: usize| {
            if q <= p {
                s.waste[q - 1]
            } else {
                s.stock[s.stock.len() + p - q]
            }
        };
        let mut q = d.min(n);
        while q > 0 {
            if self.play.sends_from_waste(s, shown(q)) {
                return false;
            }
            q = if q == n { 0 } else { (q + d).min(n) };
        }
        true
    }

    /// The table's key: everything the rules read, without the score and the move count, and
    /// with the reorderings of rules 2 and 3 taken out.
    pub fn key(&self, s: &State, buf: &mut Vec<u8>) {
        self.key_for(s, buf, false);
    }

    /// [`Searcher::key`], or where `solve` the key of a full-information search: the tables
    /// of a closed round (rule 6) share one, whatever the waste's size, and whether the stock
    /// was turned (which only what the player has seen reads) is left out of it.
    pub fn key_for(&self, s: &State, buf: &mut Vec<u8>, solve: bool) {
        buf.clear();
        // The piles' order, sorted where rule 2 lets it be: any order that sorts equal piles
        // together serves, so it is the piles' own (face-down count, then cards).
        let symmetric = self.symmetric_at(s);
        let mut order: Vec<usize> = (0..s.columns.len()).collect();
        if symmetric {
            order.sort_by(|&a, &b| {
                let (a, b) = (&s.columns[a], &s.columns[b]);
                (a.down, &a.cards).cmp(&(b.down, &b.cards))
            });
        }
        for i in order {
            column_bytes(&s.columns[i], buf);
        }
        self.rest(s, buf, solve, symmetric);
    }

    /// The 128-bit fingerprint a full-information search (where `solve`, else an honest
    /// one) stores `s` by, in place of its key ([`Searcher::key_for`]; [`super`]'s rule 7):
    /// a function of the key alone, so tables of one key share it. Each column's bytes are
    /// hashed alone (XXH3-128), and where rule 2 lets the columns be taken in any order the
    /// hashes are added up (mod 2^128), a sum that does not depend on their order, where
    /// sorting the columns first cost a quarter of a search's time; else each column is
    /// hashed with its place as the seed. The sum, then the rest of the key, are hashed
    /// again. `room` keeps each column's hash from the table fingerprinted before: a child
    /// differs from its parent and its siblings in a column or two, and a column unchanged
    /// is not hashed again.
    pub fn fingerprint(&self, s: &State, room: &mut KeyRoom, solve: bool) -> u128 {
        let mut columns = 0u128;
        let symmetric = self.symmetric_at(s);
        if room.columns.len() != s.columns.len() || room.symmetric != symmetric {
            // A column's hash depends on whether it is seeded by its place.
            room.columns = vec![(usize::MAX, Vec::new(), 0); s.columns.len()];
            room.symmetric = symmetric;
        }
        for (i, (c, kept)) in s.columns.iter().zip(&mut room.columns).enumerate() {
            if kept.0 != c.down || kept.1 != c.cards {
                room.buf.clear();
                column_bytes(c, &mut room.buf);
                let seed = if symmetric { 0 } else { i as u64 + 1 };
                kept.0 = c.down;
                kept.1.clone_from(&c.cards);
                kept.2 = xxhash_rust::xxh3::xxh3_128_with_seed(&room.buf, seed);
            }
            columns = columns.wrapping_add(kept.2);
        }
        let buf = &mut room.buf;
        buf.clear();
        buf.extend_from_slice(&columns.to_le_bytes());
        self.rest(s, buf, solve, symmetric);
        xxhash_rust::xxh3::xxh3_128(buf)
    }

    /// The key but its columns, put on the end of `buf`: the cells, the foundations, the
    /// reserve, the stock and the waste (or a closed round's run), and the counts.
    fn rest(&self, s: &State, buf: &mut Vec<u8>, solve: bool, symmetric: bool) {
        let mut order = [0u8; 64];
        let cells_at = buf.len();
        buf.extend(s.cells.iter().map(|c| c.map_or(0xff, |c| c.to_byte())));
        if symmetric {
            buf[cells_at..].sort_unstable();
        }
        let foundations = s.foundations.len().min(order.len());
        for (i, slot) in order.iter_mut().enumerate().take(foundations) {
            *slot = i as u8;
        }
        if self.foundation_tops {
            // Rule 3: a foundation's size and its top card, or (rule 5) only the top's rank.
            let mut tops = [(0u8, 0u8); 64];
            for (top, f) in tops.iter_mut().zip(&s.foundations) {
                let card = f.last().map_or(0xff, |c| {
                    if self.rank_tops {
                        c.rank().number()
                    } else {
                        c.to_byte()
                    }
                });
                *top = (f.len() as u8, card);
            }
            if symmetric {
                tops[..foundations].sort_unstable();
            }
            for &(len, card) in &tops[..foundations] {
                buf.extend_from_slice(&[0xf0, len, card]);
            }
        } else {
            let foundation = |i: &u8| s.foundations[usize::from(*i)].as_slice();
            if symmetric {
                order[..foundations].sort_unstable_by(|a, b| {
                    let (a, b) = (foundation(a), foundation(b));
                    (a.len(), a).cmp(&(b.len(), b))
                });
            }
            for i in &order[..foundations] {
                let cards = foundation(i);
                buf.push(0xf0);
                buf.push(cards.len() as u8);
                buf.extend(cards.iter().map(|c| c.to_byte()));
            }
        }
        let (stock, reserve) = self.shrinking;
        let round = solve && self.closed(s);
        // Each reserve pile in its own place, never sorted: under rule 4 a pile's size says
        // its cards only together with which pile it is. A closed round (rule 6) keys the
        // stock and the waste as one run of cards below instead.
        let reserves = s.reserve.iter().map(|pile| (0xf1, pile, reserve));
        let stock_and_waste = [(0xf2, &s.stock, stock), (0xf3, &s.waste, false)];
        let stock_and_waste = &stock_and_waste[..if round { 0 } else { 2 }];
        for (marker, pile, by_size) in reserves.chain(stock_and_waste.iter().copied()) {
            buf.push(marker);
            buf.push(pile.len() as u8);
            if !by_size {
                buf.extend(pile.iter().map(|c| c.to_byte()));
            }
        }
        if round {
            // The round's cards in the order they are dealt, and not where it stands.
            buf.push(0xf4);
            buf.push((s.waste.len() + s.stock.len()) as u8);
            buf.extend(
                s.waste
                    .iter()
                    .chain(s.stock.iter().rev())
                    .map(|c| c.to_byte()),
            );
        }
        buf.push(s.redeals.map_or(0xff, |r| r));
        if !solve {
            // No rule reads it, but what the player has seen does ([`super::hidden`]): an
            // honest search must not take a table whose stock was seen for one whose stock
            // was not.
            buf.push(u8::from(s.turned));
        }
        buf.push(s.base.number());
    }

    /// How far `s` looks from a win, from what the player sees only: the cards still to go
    /// (up, or into their runs), the face-down cards, and the face-up cards lying on one they
    /// do not build on. Lower is nearer.
    pub fn distance(&self, s: &State) -> i32 {
        let play = self.play;
        let down: usize = s.columns.iter().map(|c| c.down).sum();
        let mut breaks = 0usize;
        let mut soft = 0usize;
        let mut settled = 0usize;
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
                settled += run_from_king(&c.cards);
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
        (4 * to_go + 4 * down + 2 * breaks + soft + cells + BURIED * self.buried(s)) as i32
    }

    /// The order the portfolio's second depth-first search tries children in
    /// ([`super::runs::portfolio`]), lower first: [`Searcher::distance`], plus, where the game
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

    /// Whether `action` from `before` to `after` shows the player a card they had not seen.
    pub(super) fn shows_new(&self, before: &State, after: &State) -> bool {
        hidden(self.play, after) < hidden(self.play, before)
    }

    /// `actions` replayed from `state` through the ruleset: `Some` only if every one is
    /// accepted, and then the table they lead to.
    pub fn replay(&self, state: &State, actions: &[Action]) -> Option<State> {
        use felt_core::Ruleset;
        let mut now = state.clone();
        for a in actions {
            self.engine.apply(&mut now, a).ok()?;
        }
        Some(now)
    }
}

/// The cards from the bottom of a column that are one suit built down from a King.
fn run_from_king(cards: &[felt_core::Card]) -> usize {
    let Some(first) = cards.first() else {
        return 0;
    };
    if first.rank().number() != 13 {
        return 0;
    }
    1 + cards
        .windows(2)
        .take_while(|w| {
            w[0].suit() == w[1].suit() && w[0].rank().number() == w[1].rank().number() + 1
        })
        .count()
}

/// A column's bytes in a key: a marker holding its face-down count, then its cards.
fn column_bytes(c: &crate::deal::Column, buf: &mut Vec<u8>) {
    // At most 104 cards face down: the marker byte is no card's (cards are < 0x40).
    buf.push(0x80 | (c.down.min(0x7f) as u8));
    buf.extend(c.cards.iter().map(|c| c.to_byte()));
}
