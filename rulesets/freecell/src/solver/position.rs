//! The solver's compact position, its moves, and its canonical key.
//!
//! Cards are felt's card bytes (rank in the low four bits, suit above), 0 for "no card". A move
//! names cards, never piles — "the card X and those above it go onto card Y" — so it means the
//! same in every arrangement of the same position, and a line found on canonical positions
//! replays on the real table.

use crate::params::{Build, Empty, Params};
use crate::state::State;

mod distance;
mod keys;
mod moves;

pub use distance::{Weights, FIRST_WEIGHTS, WEIGHTS};

/// Longest column the solver stores: a game reaches at most 13 cards dealt (four columns) and
/// 12 built on a King; [`crate::FreeCell::is_whole`] lets through columns of up to 27, and 13
/// more can never land on one.
pub const MAX_LEN: usize = 40;
/// Most columns.
pub const MAX_COLS: usize = crate::params::MAX_COLUMNS;
/// Most cells.
pub const MAX_CELLS: usize = crate::params::MAX_CELLS;
/// Bytes of a canonical key: 52 cards, a 0 after the cells and a 0 after each column.
pub const KEY_LEN: usize = 64;

/// A canonical key: the cells' cards sorted, a 0, then the columns in the order of their
/// hashes ([`Pos`]'s `hash`), each followed by a 0. Cards on the foundations are the ones missing, so the key is the whole
/// position: two positions with the same key differ only in which cell or column holds what.
pub type Key = [u8; KEY_LEN];

/// Where a move sends its cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Dest {
    /// Onto the column whose last card is this one.
    Onto(u8),
    /// Into an empty column (they are all alike).
    EmptyColumn,
    /// Into an empty cell (they are all alike).
    Cell,
    /// Onto the card's own foundation.
    Foundation,
}

/// One solver move: the card `card` and those above it go to `dest`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// The first (lowest) card moved.
    pub card: u8,
    /// Where it goes.
    pub dest: Dest,
}

/// A position as the solver stores it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pos {
    pub(super) cols: [[u8; MAX_LEN]; MAX_COLS],
    pub(super) lens: [u8; MAX_COLS],
    pub(super) cells: [u8; MAX_CELLS],
    /// Cards on each foundation, by felt suit index.
    pub found: [u8; 4],
    /// Each column's hash: the sum of [`card_at`] over its cards, kept up to date as cards
    /// come and go so that [`Game::fingerprint`] costs a few operations, not a pass over
    /// every card.
    pub(super) hash: [u64; MAX_COLS],
    /// Each column's share of [`Game::distance`] at these foundations, kept up to date by
    /// every change, so a distance sums ten numbers instead of reading every card: a move
    /// that sends nothing up changes two columns' shares only.
    pub(super) term: [i16; MAX_COLS],
}

/// The hash of card `c` lying at height `k` of a column. Summed over a column it tells
/// columns apart by their cards and their order; adding and taking away the top card is one
/// addition.
pub(super) fn card_at(c: u8, k: usize) -> u64 {
    CARD_AT[c as usize & 63][k]
}

/// [`card_at`] for every card and height, worked out when compiling: a play, an unpacking
/// and a preview each look up a few of these, where mixing afresh cost a few multiplications
/// each.
static CARD_AT: [[u64; MAX_LEN]; 64] = {
    let mut table = [[0u64; MAX_LEN]; 64];
    let mut c = 0;
    while c < 64 {
        let mut k = 0;
        while k < MAX_LEN {
            table[c][k] = const_mix(((c as u64) << 8) | k as u64 | 0x5eed_0000);
            k += 1;
        }
        c += 1;
    }
    table
};

/// [`felt_patience::search::mix`], as a `const fn` for [`CARD_AT`].
const fn const_mix(mut h: u64) -> u64 {
    h = (h ^ (h >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    h = (h ^ (h >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    h ^ (h >> 31)
}

/// A column's part of a fingerprint, from its hash.
pub(super) fn column_mix(h: u64) -> u64 {
    felt_patience::search::mix(h ^ 0xc01)
}

/// A cell's card's part of a fingerprint.
pub(super) fn cell_mix(c: u8) -> u64 {
    felt_patience::search::mix(c as u64 | 0xce11_0000)
}

pub(super) fn rank(c: u8) -> u8 {
    c & 0x0f
}
pub(super) fn suit(c: u8) -> usize {
    (c >> 4) as usize & 3
}
fn red(c: u8) -> bool {
    matches!(suit(c), 1 | 2)
}

/// The cards `card` may lie on under `build` (FC-BUILD): one rank higher, of the other
/// colour's two suits or of its own suit; 0 (no card) where there is none. A byte of rank 0
/// is no card and lies on nothing.
fn parents_by(build: Build, card: u8) -> [u8; 2] {
    let r = rank(card) + 1;
    if !(2..=13).contains(&r) {
        return [0, 0];
    }
    match build {
        Build::Suit => [(card & 0x30) | r, 0],
        Build::Alternate if red(card) => [r, 0x30 | r],
        Build::Alternate => [0x10 | r, 0x20 | r],
    }
}

/// The settings the solver plays by, copied out of [`Params`] for the hot loop.
#[derive(Clone, Copy, Debug)]
pub struct Game {
    /// Columns.
    pub ncols: usize,
    /// Cells.
    pub ncells: usize,
    /// Build rule.
    pub build: Build,
    /// Empty-column rule.
    pub empty: Empty,
    /// The parameters, for the shared safety rule.
    pub params: Params,
    /// What each part of [`Game::distance`] counts for.
    pub weights: Weights,
    // For each card, the cards it fits on (FC-BUILD), one bit each: a lookup in place of
    // the rank and colour tests, which the hot loops ask several times a card.
    fits_on: [u64; 64],
}

impl Game {
    /// The solver's game for a variant.
    pub fn new(params: &Params) -> Game {
        Game {
            ncols: params.columns,
            ncells: params.cells,
            build: params.build,
            empty: params.empty,
            params: *params,
            weights: WEIGHTS,
            // Built from each card's two places at most: a solve builds a game.
            fits_on: std::array::from_fn(|card| {
                parents_by(params.build, card as u8)
                    .into_iter()
                    .filter(|&on| on != 0)
                    .fold(0, |bits, on| bits | 1 << on)
            }),
        }
    }

    /// The same game with other [`Weights`].
    pub fn with_weights(&self, weights: Weights) -> Game {
        Game { weights, ..*self }
    }

    /// Works out `p`'s kept distance shares afresh with this game's weights (for a position
    /// made by a game of other weights).
    pub fn reweigh(&self, p: &mut Pos) {
        self.refresh_terms(p);
    }

    /// The cards `card` may lie on (FC-BUILD): one rank higher, of the other colour's two
    /// suits or of its own suit; 0 (no card, never a column's last) where there is none.
    fn parents(&self, card: u8) -> [u8; 2] {
        parents_by(self.build, card)
    }

    /// The cards that may lie on `card` (FC-BUILD): one rank lower, of the other colour's two
    /// suits or of its own suit; 0 where there is none.
    pub(super) fn children(&self, card: u8) -> [u8; 2] {
        let r = rank(card).wrapping_sub(1);
        if !(1..=12).contains(&r) {
            return [0, 0];
        }
        match self.build {
            Build::Suit => [(card & 0x30) | r, 0],
            Build::Alternate if red(card) => [r, 0x30 | r],
            Build::Alternate => [0x10 | r, 0x20 | r],
        }
    }

    pub(super) fn fits(&self, card: u8, on: u8) -> bool {
        self.fits_on[card as usize & 63] >> (on & 63) & 1 != 0
    }

    /// The position of a game state.
    pub fn from_state(&self, state: &State) -> Pos {
        let mut p = Pos {
            cols: [[0; MAX_LEN]; MAX_COLS],
            lens: [0; MAX_COLS],
            cells: [0; MAX_CELLS],
            found: state.foundations,
            hash: [0; MAX_COLS],
            term: [0; MAX_COLS],
        };
        for (i, col) in state.columns.iter().enumerate().take(MAX_COLS) {
            for (k, c) in col.iter().enumerate().take(MAX_LEN) {
                p.cols[i][k] = c.to_byte();
            }
            p.lens[i] = col.len().min(MAX_LEN) as u8;
            p.hash[i] = Self::column_hash(&p.cols[i][..p.lens[i] as usize]);
        }
        for (i, c) in state.cells.iter().enumerate().take(MAX_CELLS) {
            p.cells[i] = c.map_or(0, |c| c.to_byte());
        }
        self.refresh_terms(&mut p);
        p
    }

    fn column_hash(col: &[u8]) -> u64 {
        col.iter()
            .enumerate()
            .fold(0u64, |h, (k, &c)| h.wrapping_add(card_at(c, k)))
    }

    /// A 64-bit fingerprint of the position, the same for every arrangement of its columns
    /// and cells (as [`Game::key`]): each column's hash is mixed, so columns count as wholes,
    /// and the mixes are added, so their order does not matter; the cells' cards likewise.
    /// Two positions may share one (see [`felt_patience::search::mix`]), so only a search
    /// that never claims a loss may keep fingerprints in place of keys.
    pub fn fingerprint(&self, p: &Pos) -> u64 {
        let mut f = 0u64;
        for &h in &p.hash[..self.ncols] {
            f = f.wrapping_add(column_mix(h));
        }
        for &c in &p.cells[..self.ncells] {
            if c != 0 {
                f = f.wrapping_add(cell_mix(c));
            }
        }
        f
    }

    fn col<'a>(&self, p: &'a Pos, i: usize) -> &'a [u8] {
        &p.cols[i][..p.lens[i] as usize]
    }

    fn top(&self, p: &Pos, i: usize) -> Option<u8> {
        let n = p.lens[i] as usize;
        (n > 0).then(|| p.cols[i][n - 1])
    }

    fn run_len(&self, p: &Pos, i: usize) -> usize {
        let col = self.col(p, i);
        if col.is_empty() {
            return 0;
        }
        let mut n = 1;
        while n < col.len() && self.fits(col[col.len() - n], col[col.len() - n - 1]) {
            n += 1;
        }
        n
    }

    pub(super) fn free_cells(&self, p: &Pos) -> usize {
        p.cells[..self.ncells].iter().filter(|&&c| c == 0).count()
    }

    pub(super) fn empty_cols(&self, p: &Pos) -> usize {
        p.lens[..self.ncols].iter().filter(|&&n| n == 0).count()
    }

    /// Whether every card is up.
    pub fn won(&self, p: &Pos) -> bool {
        p.found.iter().all(|&n| n == 13)
    }

    /// Cards on the foundations.
    pub fn up(&self, p: &Pos) -> usize {
        p.found.iter().map(|&n| n as usize).sum()
    }

    pub(super) fn playable(&self, p: &Pos, c: u8) -> bool {
        p.found[suit(c)] + 1 == rank(c)
    }

    pub(super) fn safe(&self, p: &Pos, c: u8) -> bool {
        self.safe_at(&p.found, c)
    }

    /// Whether `c` is safe to send up with the foundations at `found`.
    pub(super) fn safe_at(&self, found: &[u8; 4], c: u8) -> bool {
        // The ruleset's rule (`rules::safe`, which a test holds this to) on card bytes: under
        // build by suit every card; else an Ace or a Two, or a card whose two possible
        // children (the other colour, one rank lower) are up, and the same colour's other
        // suit up to two ranks lower.
        match self.build {
            Build::Suit => true,
            Build::Alternate => {
                let r = rank(c);
                r <= 2
                    || (0..4).all(|t| {
                        let need = if t == suit(c) {
                            0
                        } else if matches!(t, 1 | 2) != red(c) {
                            r - 1
                        } else {
                            r - 2
                        };
                        found[t] >= need
                    })
            }
        }
    }

    /// FC-AUTO on the solver's position: sends every safe card up, as the ruleset does. The
    /// order does not matter: sending a card up only makes more cards playable and safe, so
    /// every order reaches the same position.
    pub fn auto(&self, p: &mut Pos) {
        if self.send_up(p) {
            self.refresh_terms(p);
        }
    }

    /// FC-AUTO's moves, without the distance terms; whether any card went up.
    fn send_up(&self, p: &mut Pos) -> bool {
        let mut any = false;
        loop {
            let mut moved = false;
            for i in 0..self.ncells {
                let c = p.cells[i];
                if c != 0 && self.playable(p, c) && self.safe(p, c) {
                    p.found[suit(c)] += 1;
                    p.cells[i] = 0;
                    moved = true;
                }
            }
            for i in 0..self.ncols {
                while let Some(c) = self.top(p, i) {
                    if self.playable(p, c) && self.safe(p, c) {
                        p.found[suit(c)] += 1;
                        p.lens[i] -= 1;
                        p.hash[i] = p.hash[i].wrapping_sub(card_at(c, p.lens[i] as usize));
                        p.cols[i][p.lens[i] as usize] = 0;
                        moved = true;
                    } else {
                        break;
                    }
                }
            }
            if !moved {
                return any;
            }
            any = true;
        }
    }

    /// Plays a move from [`Game::moves`] (or the exact search's step that parks a run in the
    /// cells, [`Game::park_runs`]), then FC-AUTO.
    pub fn play(&self, p: &mut Pos, m: Move) {
        // Take the cards from where they are.
        let mut moving = [0u8; MAX_LEN];
        let mut n = 0;
        let mut from_col = None;
        let mut to_col = None;
        if let Some(i) = (0..self.ncells).find(|&i| p.cells[i] == m.card) {
            p.cells[i] = 0;
            moving[0] = m.card;
            n = 1;
        } else {
            for i in 0..self.ncols {
                let len = p.lens[i] as usize;
                if let Some(k) = p.cols[i][..len].iter().rposition(|&c| c == m.card) {
                    n = len - k;
                    moving[..n].copy_from_slice(&p.cols[i][k..len]);
                    for (at, &c) in p.cols[i][k..len].iter().enumerate() {
                        p.hash[i] = p.hash[i].wrapping_sub(card_at(c, k + at));
                    }
                    p.cols[i][k..len].fill(0);
                    p.lens[i] = k as u8;
                    from_col = Some(i);
                    break;
                }
            }
        }
        match m.dest {
            Dest::Foundation => p.found[suit(m.card)] += 1,
            Dest::Cell => {
                // One card, or a run parked whole from the top (the exact search's rule 5).
                for &c in moving[..n].iter().rev() {
                    if let Some(i) = (0..self.ncells).find(|&i| p.cells[i] == 0) {
                        p.cells[i] = c;
                    }
                }
            }
            Dest::EmptyColumn | Dest::Onto(_) => {
                let j = (0..self.ncols).find(|&j| match m.dest {
                    Dest::Onto(on) => self.top(p, j) == Some(on),
                    _ => p.lens[j] == 0,
                });
                if let Some(j) = j {
                    let len = p.lens[j] as usize;
                    p.cols[j][len..len + n].copy_from_slice(&moving[..n]);
                    for (at, &c) in moving[..n].iter().enumerate() {
                        p.hash[j] = p.hash[j].wrapping_add(card_at(c, len + at));
                    }
                    p.lens[j] += n as u8;
                    to_col = Some(j);
                }
            }
        }
        // The position was closed under FC-AUTO before the move. A move to a column or a
        // cell sends nothing up itself and leaves the foundations as they were, so the only
        // card it can make safe to send up is the one it uncovers; and only then does any
        // column's share of the distance change beyond the two columns it touched.
        let uncovered = from_col.and_then(|i| self.top(p, i));
        let ready = |c: u8| self.playable(p, c) && self.safe(p, c);
        if m.dest == Dest::Foundation || uncovered.is_some_and(ready) {
            self.send_up(p);
            self.refresh_terms(p);
        } else {
            for i in [from_col, to_col].into_iter().flatten() {
                p.term[i] = self.column_term(self.col(p, i), &p.found);
            }
        }
    }
}
