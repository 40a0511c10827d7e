//! What the engine's searches ([`super::runs`]) know of a game: the tables' keys
//! ([`Searcher::key`], the module docs of [`super`] say what they leave out and why), the
//! actions tried ([`Searcher::legal`]: the legal ones, [`Play::legal`]) and the estimate that
//! orders them ([`Searcher::distance`], in `search/estimate.rs` with the digging order).
//!
//! A search runs in one of two modes. [`Mode::Solve`] looks for a win and, when every table reachable has
//! been seen without one, proves the loss. [`Mode::Honest`] stops every line at the first
//! action that shows the player a card they have not seen ([`super::hidden`] falls), never
//! looking past it: such a line is a *way on*, and the search answers the best one it finds
//! (or a win, when one lies among the tables the player can reach without learning anything).
//! Its order reads only what the player sees ([`Searcher::distance`]), so the hint it gives is
//! the same whatever the hidden cards are.

mod estimate;

use super::carry::{self, Carry};
use super::forced;
use super::hidden;
use super::locked::Locks;
use super::onto;
use super::park::Park;
use super::reach::Reach;
use crate::engine::Engine;
use crate::play::{Play, State};
use crate::vocabulary::{Automatic, Match, Redeal, StockDeal};
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
    /// The budget stopped the search before it found a win (or, in [`Mode::Honest`], a way
    /// on): a line to a table it stored that is strictly nearer a win than the start by
    /// [`Searcher::distance`] — the nearest such table in an honest search, the one of the
    /// shortest line in a full-information portfolio's best-first search. Following it, a
    /// hint makes progress that cannot go round (`super`'s "Hints never loop").
    Nearer(Vec<Action>, Stopped),
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
const DEPTH_COST: i32 = 2;

/// What one move more costs against [`Searcher::distance`] in a full-information search
/// ([`Mode::Solve`]) of a game without a stock: a little more than [`DEPTH_COST`], so the
/// best-first search leaves a line that has stopped coming nearer sooner. Paired at 1 s
/// against 2, deals 1..=300: Baker's Dozen 28 -> 11 undecided (4: 17; 1: 48). Deals
/// 1..=1000: Baker's Dozen 88 -> 38 (held out, 1001..=2000, 85 -> 37), Streets and Alleys 30
/// -> 15 (43 -> 29), King Albert 20 -> 14 (19 -> 14), Spanish Patience 16 -> 4, Fore Cell 13
/// -> 6, Alaska 73 -> 59, Beleaguered Castle 12 -> 9, Stronghold 7 -> 3, Somerset 5 -> 2,
/// Siegecraft 3 -> 0; deals 1..=100, Flower Garden 22 -> 17, Northwest Territory 19 -> 16.
/// Where a stock deals, whose deals are moves a line cannot do without, it did harm (East
/// Haven 1..=1000 10 -> 17, held out 16 -> 18; deals 1..=100, Duchess 19 -> 27, Canfield 23
/// -> 28), so those games keep [`DEPTH_COST`], as does the honest search, whose hints were
/// not measured with another charge. So do the games whose suits leave the table whole
/// (Simple Simon, Mrs Mop): a suit is gathered in a column by long lines that bring no card
/// nearer the estimate's foundations until it leaves, and at 3 Simple Simon at 1 s won 49 of
/// deals 1..100 against 61 at 2 (held out, 101..200: 42 against 66).
const SOLVE_DEPTH_COST: i32 = 3;

/// An honest line that ends in a deal rather than a card turned in a column costs this much
/// more: a card turned is known progress, a deal may only cycle the stock.
pub(super) const DEAL_COST: i32 = 2;

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
    /// Whether a card that goes up first is the one move tried ([`super`]'s rule 12).
    forced: bool,
    /// Whether a card laid on a card that never moves but up is the one move tried
    /// ([`super`]'s rule 13).
    onto: bool,
    /// Where a run is carried through the cells and spaces in one step ([`super`]'s rule 14).
    carry: Option<Carry>,
    /// Where a run goes into the cells only whole, in one step ([`super`]'s rule 15).
    park: Option<Park>,
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
            forced: forced::holds(play),
            onto: onto::holds(play),
            carry: Carry::of(play),
            park: Park::of(play),
        }
    }

    /// What one move more costs a line against [`Searcher::distance`] in a best-first search
    /// of `mode`: [`SOLVE_DEPTH_COST`] in a full-information search of a game without a
    /// stock whose cards go up one by one, else [`DEPTH_COST`].
    pub(super) fn move_charge(&self, mode: Mode) -> i32 {
        match mode {
            Mode::Solve if self.play.game.stock.is_none() && !self.play.game.remove_suits => {
                SOLVE_DEPTH_COST
            }
            Mode::Solve | Mode::Honest => DEPTH_COST,
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
            forced: false,
            ..self
        }
    }

    /// This searcher with rule 13 of [`super`] off: every legal action is tried where a card
    /// would be laid first on a card that never moves. For the tests that compare its
    /// verdicts with and without it.
    pub fn without_rule_13(self) -> Searcher<'e> {
        Searcher {
            onto: false,
            ..self
        }
    }

    /// This searcher with rule 14 of [`super`] off: no run is carried in one step. For the
    /// tests that compare its verdicts with and without it.
    pub fn without_rule_14(self) -> Searcher<'e> {
        Searcher {
            carry: None,
            ..self
        }
    }

    /// This searcher with rule 15 of [`super`] off: a run's last card may go into a cell
    /// alone. For the tests that compare its verdicts with and without it.
    pub fn without_rule_15(self) -> Searcher<'e> {
        Searcher { park: None, ..self }
    }

    /// Puts on the end of `legal`, the actions listed from `s`, the steps that carry a run
    /// through the cells and spaces ([`super`]'s rule 14), and where a run goes into the
    /// cells only whole, takes its last card's move there out for the step that parks it
    /// (rule 15). For full-information searches, from a table where no move is forced (rules
    /// 12 and 13).
    pub fn carried(&self, s: &State, legal: &mut Vec<Action>) {
        if let Some(carry) = self.carry {
            carry.list(self.play, s, legal);
        }
        if let Some(park) = self.park {
            park.list(self.play, s, legal);
        }
    }

    /// `found` with a won (or nearer) line's steps of rule 14 spelled out as the single moves
    /// the ruleset takes, from `start` (a line that cannot be is left as it is: the
    /// ruleset's replay then refuses it, and no claim is made).
    pub(super) fn spelled(&self, start: &State, found: Found) -> Found {
        match found {
            Found::Won(line) if self.carry.is_some() || self.park.is_some() => {
                Found::Won(carry::spell(self.play, start, &line).unwrap_or(line))
            }
            Found::Nearer(line, why) if self.carry.is_some() || self.park.is_some() => {
                Found::Nearer(carry::spell(self.play, start, &line).unwrap_or(line), why)
            }
            other => other,
        }
    }

    /// Leaves in `legal`, the actions listed from `s`, only the one that sends up a card
    /// that goes first ([`super`]'s rule 12), or else the one that lays a card on a card
    /// that never moves but up (rule 13), where there is one; whether it did. It reads
    /// every card: for full-information searches only.
    pub fn force(&self, s: &State, legal: &mut Vec<Action>) -> bool {
        let first = self
            .forced
            .then(|| forced::find(self.play, s, legal))
            .flatten()
            .or_else(|| self.onto.then(|| onto::find(self.play, s, legal)).flatten());
        if let Some(i) = first {
            legal.swap(0, i);
            legal.truncate(1);
        }
        first.is_some()
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
        self.symmetric || (self.dealt_out && crate::play::stock_out(self.play, s))
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

/// A column's bytes in a key: a marker holding its face-down count, then its cards.
fn column_bytes(c: &crate::deal::Column, buf: &mut Vec<u8>) {
    // At most 104 cards face down: the marker byte is no card's (cards are < 0x40).
    buf.push(0x80 | (c.down.min(0x7f) as u8));
    buf.extend(c.cards.iter().map(|c| c.to_byte()));
}
