//! The solver's compact position: fixed arrays copied by value, the stock and waste as one
//! sequence in the order the cards are turned, and the moves of the game as the ruleset plays
//! them — automatic turns and foundation moves included — so a line the search finds is a line
//! the ruleset accepts.

use crate::params::Params;
use crate::rules::{goes_up_unasked, waste_goes_up_unasked};
use crate::state::State;
use felt_core::Card;

/// Most cards a column can hold: six face down under a King-to-Ace sequence.
pub const MAX_COL: usize = 20;
/// Cards in the stock and waste at the deal.
pub const MAX_TALON: usize = 24;
/// Bytes of a position key: at most 52 cards, 7 column ends, the talon's start, the waste's
/// end and the talon's end marks, and two bytes of passes used.
pub const KEY_LEN: usize = 64;

/// A position key: the columns in a fixed order of their own (the column a card sits in
/// changes nothing the rules allow), each card with its face-down bit, then the stock and
/// waste with the waste's end marked, then the passes used when they are limited. Every part
/// ends in a mark no card byte equals, so a key stands for one position only.
pub type Key = [u8; KEY_LEN];

const DOWN: u8 = 0x80;
/// Whether the quick search moves a group off a card for the group's twin to take its
/// place. Over Thoughtful deals 1..100 at 1M states it won 67 with these moves and 76 without:
/// they widen the search more than they help.
pub(super) const TWINS: bool = false;
/// What a face-down card weighs in [`Game::distance`] against a card not yet up.
const DOWN_WEIGHT: i32 = 4;
/// What a card over a lower card of its own suit weighs in [`Game::distance`]: that card
/// must leave its column (onto another column, or up only after the lower card) before the
/// lower one can go up, so such a column is a knot the quick search should untie early. Over
/// the 152 Thoughtful deals of 1..1000 that were undecided or took over half a second at 1M
/// positions, the quick search at 500,000 positions won 40 with no such weight, 47 with 1, 49
/// with 3, 52 with 5, 53 with 8 and with 12 (counting only cards face down, 40 with 1).
const BLOCK_WEIGHT: i32 = 8;
const END: u8 = 0xFF;
const WASTE_END: u8 = 0xFD;
const TALON_START: u8 = 0xFE;
const TALON_END: u8 = 0xFC;

/// Where a played card goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dest {
    /// Its suit's foundation.
    Foundation,
    /// An empty column (a King, or a group led by one).
    Empty,
    /// The column whose last card is this one (a card byte).
    Onto(u8),
}

/// One of the player's actions, named by the cards it touches so it maps back onto the
/// ruleset's piles whatever order the columns are in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Move {
    /// Deal from the stock: turn cards, or turn the waste back over.
    Deal,
    /// Play this card (with any cards on it) from where it lies.
    Play {
        /// The card (byte).
        card: u8,
        /// Where it goes.
        to: Dest,
    },
}

/// A step of the search: `deals` deals from the stock, then `first` when there is one, then a
/// move. The complete search deals one at a time (`deals = 0`, `then = Move::Deal`) but where
/// it folds the deals of a round; the quick one deals up to the card it plays in one step.
/// `first` is a move the complete walk plays only together with the move after it (a group
/// split off a card for that card's use, `search.rs` rule 6).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step {
    /// Deals first.
    pub deals: u8,
    /// Then this, when there is one.
    pub first: Option<Move>,
    /// Then this.
    pub then: Move,
}

impl Step {
    /// One action, no deals before it.
    pub fn one(then: Move) -> Step {
        Step {
            deals: 0,
            first: None,
            then,
        }
    }

    /// `then` after `deals` deals.
    pub fn dealt(deals: u8, then: Move) -> Step {
        Step {
            deals,
            first: None,
            then,
        }
    }

    /// The step's actions in the order they are played.
    pub fn actions(self) -> impl Iterator<Item = Move> {
        std::iter::repeat_n(Move::Deal, self.deals as usize)
            .chain(self.first)
            .chain([self.then])
    }
}

/// Where a card to play lies, for the search's own use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum From {
    Column(usize, usize),
    Waste,
    Foundation(usize),
}

/// A position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pos {
    pub(super) cols: [[u8; MAX_COL]; 7],
    pub(super) lens: [u8; 7],
    pub(super) downs: [u8; 7],
    /// The waste bottom to top, then the stock top to bottom: the order cards are turned.
    pub(super) talon: [u8; MAX_TALON],
    pub(super) talon_len: u8,
    /// How many of `talon` are the waste.
    pub(super) waste_len: u8,
    /// Cards on each foundation, in `Suit::ALL` order.
    pub found: [u8; 4],
    pub(super) recycles: u16,
}

pub(super) fn rank(c: u8) -> u8 {
    c & 0x0f
}
pub(super) fn suit(c: u8) -> usize {
    ((c >> 4) & 3) as usize
}
pub(super) fn red(c: u8) -> bool {
    matches!(suit(c), 1 | 2)
}
/// Cards in the columns that lie over (nearer the column's end than) a lower card of their
/// own suit, face up or down: each has to move off before that card can go up.
fn blockers(pos: &Pos) -> i32 {
    let mut n = 0;
    for i in 0..7 {
        // The lowest rank of each suit met so far, from the column's first card on.
        let mut lowest = [14u8; 4];
        for &c in &pos.cols[i][..pos.lens[i] as usize] {
            let s = suit(c);
            if lowest[s] < rank(c) {
                n += 1;
            } else {
                lowest[s] = rank(c);
            }
        }
    }
    n
}

pub(super) fn fits(card: u8, on: u8) -> bool {
    rank(card) + 1 == rank(on) && red(card) != red(on)
}

/// The game's rules as the search needs them.
#[derive(Clone, Copy, Debug)]
pub struct Game {
    pub(super) params: Params,
    /// Whether the complete walk goes no further from a position the relaxed game proves
    /// lost (`search.rs`): always, but for the test that counts every position it enters.
    relaxed_cut: bool,
    /// Whether the complete walk plays a group split off a turned-up card only with that
    /// card's use (`search.rs` rule 6): always, but for the test that counts every position
    /// it enters.
    pub(super) split_rule: bool,
}

impl Game {
    /// The rules of a variant.
    pub fn new(params: &Params) -> Game {
        Game {
            params: *params,
            relaxed_cut: true,
            split_rule: true,
        }
    }

    /// The same rules, with the complete walk going on from positions the relaxed game proves
    /// lost: so that a test can count every position it enters against a plain search.
    pub fn without_relaxed_cut(self) -> Game {
        Game {
            relaxed_cut: false,
            ..self
        }
    }

    /// The same rules, with the complete walk playing every split of a group by itself: so
    /// that a test can count every position it enters against a plain search.
    pub fn without_split_rule(self) -> Game {
        Game {
            split_rule: false,
            ..self
        }
    }

    /// Whether the complete walk stops at positions the relaxed game proves lost.
    pub(super) fn cuts_relaxed_lost(&self) -> bool {
        self.relaxed_cut
    }

    /// The position of a ruleset state, if it fits the solver's arrays (a whole game always
    /// does).
    pub fn from_state(&self, state: &State) -> Option<Pos> {
        let mut pos = Pos {
            cols: [[0; MAX_COL]; 7],
            lens: [0; 7],
            downs: [0; 7],
            talon: [0; MAX_TALON],
            talon_len: 0,
            waste_len: 0,
            found: state.foundations,
            recycles: state.recycles.min(u16::MAX as u32) as u16,
        };
        if state.columns.len() != 7 || state.waste.len() + state.stock.len() > MAX_TALON {
            return None;
        }
        for (i, col) in state.columns.iter().enumerate() {
            if col.cards.len() > MAX_COL {
                return None;
            }
            for (k, c) in col.cards.iter().enumerate() {
                pos.cols[i][k] = c.to_byte();
            }
            pos.lens[i] = col.cards.len() as u8;
            pos.downs[i] = col.down as u8;
        }
        let talon = state
            .waste
            .iter()
            .chain(state.stock.iter().rev())
            .map(|c| c.to_byte());
        for (k, c) in talon.enumerate() {
            pos.talon[k] = c;
        }
        pos.talon_len = (state.waste.len() + state.stock.len()) as u8;
        pos.waste_len = state.waste.len() as u8;
        Some(pos)
    }

    /// How far `pos` looks from a win, for the quick search's order: each card face down
    /// counts most (it blocks what lies under it and hides what it is), then each card not
    /// yet up, then each card left in the stock and waste, and, when `blocking`, each card
    /// that lies over a lower card of its own suit (`blockers`). The order only steers the
    /// quick search, which proves nothing, so no weight here bears on a proof.
    pub fn distance(&self, pos: &Pos, blocking: bool) -> i32 {
        let down: i32 = pos.downs.iter().map(|&d| i32::from(d)).sum();
        let up: i32 = pos.found.iter().map(|&n| i32::from(n)).sum();
        let plain = DOWN_WEIGHT * down + (52 - up) + i32::from(pos.talon_len) / 2;
        if blocking {
            plain + BLOCK_WEIGHT * blockers(pos)
        } else {
            plain
        }
    }

    /// Whether every card is up.
    pub fn won(&self, pos: &Pos) -> bool {
        pos.found.iter().map(|&n| n as usize).sum::<usize>() == 52
    }

    fn may_recycle(&self, pos: &Pos) -> bool {
        self.params
            .passes
            .is_none_or(|p| u32::from(pos.recycles) + 1 < p)
    }

    pub(super) fn waste_top(pos: &Pos) -> Option<u8> {
        (pos.waste_len > 0).then(|| pos.talon[pos.waste_len as usize - 1])
    }

    pub(super) fn col(pos: &Pos, i: usize) -> &[u8] {
        &pos.cols[i][..pos.lens[i] as usize]
    }

    pub(super) fn ready(pos: &Pos, c: u8) -> bool {
        pos.found[suit(c)] + 1 == rank(c)
    }

    /// KL-AUTO's test, the ruleset's own ([`crate::rules::goes_up_unasked`]).
    pub(super) fn safe(&self, pos: &Pos, c: u8) -> bool {
        goes_up_unasked(&self.params, &pos.found, suit(c), rank(c))
    }

    /// Whether KL-AUTO sends `c` up where it lies on top: ready and safe.
    pub(super) fn goes_up(&self, pos: &Pos, c: u8) -> bool {
        Self::ready(pos, c) && self.safe(pos, c)
    }

    fn remove_waste_top(pos: &mut Pos) {
        let w = pos.waste_len as usize;
        let n = pos.talon_len as usize;
        pos.talon.copy_within(w..n, w - 1);
        pos.talon[n - 1] = 0;
        pos.talon_len -= 1;
        pos.waste_len -= 1;
    }

    fn take(pos: &mut Pos, from: From) {
        match from {
            From::Waste => Self::remove_waste_top(pos),
            From::Foundation(s) => pos.found[s] -= 1,
            From::Column(i, k) => {
                for c in &mut pos.cols[i][k..pos.lens[i] as usize] {
                    *c = 0;
                }
                pos.lens[i] = k as u8;
                // KL-FLIP.
                if pos.downs[i] > 0 && pos.downs[i] == pos.lens[i] {
                    pos.downs[i] -= 1;
                }
            }
        }
    }

    /// KL-AUTO until nothing is left to send up, when the variant says so. The cards that go
    /// up do not depend on the order they are tried in: sending one up only ever makes others
    /// ready or safe.
    pub fn settle(&self, pos: &mut Pos) {
        if !self.params.auto {
            return;
        }
        loop {
            let mut moved = false;
            if self.waste_goes_up(pos) {
                if let Some(c) = Self::waste_top(pos) {
                    Self::remove_waste_top(pos);
                    pos.found[suit(c)] += 1;
                    moved = true;
                }
            }
            for i in 0..7 {
                let len = pos.lens[i] as usize;
                if len > 0 && pos.downs[i] < pos.lens[i] {
                    let c = pos.cols[i][len - 1];
                    if self.goes_up(pos, c) {
                        Self::take(pos, From::Column(i, len - 1));
                        pos.found[suit(c)] += 1;
                        moved = true;
                    }
                }
            }
            if !moved {
                return;
            }
        }
    }

    fn locate(pos: &Pos, card: u8) -> Option<From> {
        if Self::waste_top(pos) == Some(card) {
            return Some(From::Waste);
        }
        let s = suit(card);
        if pos.found[s] == rank(card) {
            return Some(From::Foundation(s));
        }
        (0..7).find_map(|i| {
            Self::col(pos, i)
                .iter()
                .position(|&c| c == card)
                .map(|k| From::Column(i, k))
        })
    }

    /// Whether KL-AUTO would send a card of `pos` up: the waste's top or a column's last card
    /// both ready and safe.
    pub(super) fn would_settle(&self, pos: &Pos) -> bool {
        self.waste_goes_up(pos)
            || (self.params.auto
                && (0..7).any(|i| {
                    let c = pos.cols[i][pos.lens[i].max(1) as usize - 1];
                    pos.downs[i] < pos.lens[i] && self.goes_up(pos, c)
                }))
    }

    /// Whether KL-AUTO ever sends the waste's top card up in this variant.
    pub(super) fn waste_goes_up_at_all(&self) -> bool {
        self.params.auto && waste_goes_up_unasked(&self.params)
    }

    /// Whether KL-AUTO would send the waste's top card up (never under draw three).
    pub(super) fn waste_goes_up(&self, pos: &Pos) -> bool {
        self.params.auto
            && waste_goes_up_unasked(&self.params)
            && Self::waste_top(pos).is_some_and(|c| self.goes_up(pos, c))
    }

    /// A deal that sends nothing up, as [`Game::play`] plays it: the waste grows by a draw or
    /// is turned back over. Only the waste's length and the passes used change.
    pub(super) fn turn(&self, pos: &mut Pos) {
        if pos.waste_len < pos.talon_len {
            pos.waste_len = (pos.waste_len + self.params.draw as u8).min(pos.talon_len);
        } else {
            pos.waste_len = 0;
            pos.recycles = pos.recycles.saturating_add(1);
        }
    }

    /// Plays a move listed by [`Game::moves`], with its automatic follow-ups.
    pub fn play(&self, pos: &mut Pos, m: Move) {
        match m {
            Move::Deal => {
                self.turn(pos);
                self.settle(pos);
            }
            Move::Play { card, to } => {
                let Some(from) = Self::locate(pos, card) else {
                    return;
                };
                let moved: ([u8; MAX_COL], usize) = match from {
                    From::Column(i, k) => {
                        let len = pos.lens[i] as usize;
                        let mut out = [0; MAX_COL];
                        out[..len - k].copy_from_slice(&pos.cols[i][k..len]);
                        (out, len - k)
                    }
                    _ => {
                        let mut out = [0; MAX_COL];
                        out[0] = card;
                        (out, 1)
                    }
                };
                Self::take(pos, from);
                match to {
                    Dest::Foundation => pos.found[suit(card)] += 1,
                    Dest::Empty | Dest::Onto(_) => {
                        let j = match to {
                            Dest::Onto(on) => (0..7).find(|&j| {
                                pos.lens[j] > 0 && pos.cols[j][pos.lens[j] as usize - 1] == on
                            }),
                            _ => (0..7).find(|&j| pos.lens[j] == 0),
                        };
                        let Some(j) = j else { return };
                        let len = pos.lens[j] as usize;
                        let n = moved.1.min(MAX_COL - len);
                        pos.cols[j][len..len + n].copy_from_slice(&moved.0[..n]);
                        pos.lens[j] += n as u8;
                    }
                }
                // KL-RETURN: a card taken back stays down for the next move.
                if !matches!(from, From::Foundation(_)) {
                    self.settle(pos);
                }
            }
        }
    }

    pub(super) fn can_deal(&self, pos: &Pos) -> bool {
        pos.waste_len < pos.talon_len || (pos.talon_len > 0 && self.may_recycle(pos))
    }

    /// Plays a step: its deals, then its moves.
    pub fn step(&self, pos: &mut Pos, s: Step) {
        for _ in 0..s.deals {
            self.play(pos, Move::Deal);
        }
        if let Some(first) = s.first {
            self.play(pos, first);
        }
        self.play(pos, s.then);
    }

    /// The position's key: a closed round's ([`Game::closed_round`]) with its waste empty,
    /// whatever waste length it stands at, since all of them are one position.
    pub fn key(&self, pos: &Pos) -> Key {
        if self.closed_round(pos) {
            self.key_with_waste(pos, 0)
        } else {
            self.exact_key(pos)
        }
    }

    /// The position's key with its waste length as it is.
    pub(super) fn exact_key(&self, pos: &Pos) -> Key {
        self.key_with_waste(pos, pos.waste_len)
    }

    /// The key `pos` would have with `waste_len` cards of its talon in the waste.
    pub(super) fn key_with_waste(&self, pos: &Pos, waste_len: u8) -> Key {
        let mut key = [0u8; KEY_LEN];
        // Columns by their first card, empty ones last (and left out below): no two columns
        // with cards share a first card, so an unstable sort gives the one order.
        let firsts: [u16; 7] = std::array::from_fn(|i| {
            if pos.lens[i] == 0 {
                0xFF
            } else {
                u16::from(pos.cols[i][0])
            }
        });
        let mut order: [usize; 7] = std::array::from_fn(|i| i);
        order.sort_unstable_by_key(|&i| firsts[i]);
        let mut n = 0;
        for &i in &order {
            let len = pos.lens[i] as usize;
            if len == 0 {
                continue;
            }
            for k in 0..len {
                let down = if k < pos.downs[i] as usize { DOWN } else { 0 };
                key[n] = pos.cols[i][k] | down;
                n += 1;
            }
            key[n] = END;
            n += 1;
        }
        key[n] = TALON_START;
        n += 1;
        for k in 0..pos.talon_len as usize {
            if k == waste_len as usize {
                key[n] = WASTE_END;
                n += 1;
            }
            key[n] = pos.talon[k];
            n += 1;
        }
        if waste_len == pos.talon_len {
            key[n] = WASTE_END;
            n += 1;
        }
        key[n] = TALON_END;
        n += 1;
        // With unlimited passes the count changes nothing the rules allow.
        if self.params.passes.is_some() {
            key[n..n + 2].copy_from_slice(&pos.recycles.to_le_bytes());
        }
        key
    }

    /// The card a byte stands for.
    pub fn card(byte: u8) -> Option<Card> {
        Card::from_byte(byte)
    }
}

/// For the solver's unit tests: a walk of at most `len` steps from `start`, each chosen at
/// random among the complete walk's (`x` is the xorshift state, carried from walk to walk),
/// `visit` called at each position before its step.
#[cfg(test)]
pub(crate) fn random_walk(
    game: &Game,
    start: Pos,
    len: usize,
    x: &mut u64,
    mut visit: impl FnMut(&Pos),
) {
    let mut pos = start;
    let mut steps = Vec::new();
    let mut lists = Default::default();
    for _ in 0..len {
        visit(&pos);
        game.walk_moves(&pos, &mut steps, &mut lists);
        if steps.is_empty() {
            return;
        }
        *x ^= *x << 13;
        *x ^= *x >> 7;
        *x ^= *x << 17;
        game.step(&mut pos, steps[(*x % steps.len() as u64) as usize]);
    }
}
