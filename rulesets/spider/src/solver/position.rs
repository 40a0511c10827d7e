//! The solver's own compact position (✱ contract 10): a card in a byte, all columns in one
//! flat buffer, the stock as one byte string, and a 128-bit Zobrist key per column kept up to
//! date by every change.
//!
//! It is independent of the ruleset's state type so that the search can copy, hash and pack
//! positions without allocating. Face-down cards hold their real byte in full-information mode
//! and [`UNKNOWN`] once [`Position::masked`] has hidden them for honest play.

use super::moves::SolverMove;
pub use super::zobrist::Key;
use super::zobrist::{mix, zobrist};
use felt_core::{Card, Rank, Suit};
use std::fmt;

mod hidden;
mod packing;

/// The byte of a card the solver may not know (a face-down card or a stock card in honest mode).
pub const UNKNOWN: u8 = 0;
/// Most columns a position may have (the ruleset's own limit).
pub const MAX_COLUMNS: usize = 20;
/// Cards in a complete run, King to Ace.
pub const RUN: usize = 13;
/// Marks a face-down card in the hash key, so a card hashes differently up and down.
const DOWN_FLAG: u8 = 0x40;

/// Why parts do not make a position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("not a Spider position: {0}")]
pub struct PositionError(pub String);

/// A Spider position as the solver sees it.
#[derive(Clone)]
pub struct Position {
    ncols: usize,
    stride: usize,
    cards: Vec<u8>,
    len: [u8; MAX_COLUMNS],
    down: [u8; MAX_COLUMNS],
    /// Every stock row still to deal, concatenated, first row first.
    stock: Vec<u8>,
    rows: Vec<u8>,
    dealt: u8,
    next: u16,
    removed: u8,
    col_key: [Key; MAX_COLUMNS],
}

/// What [`Position::apply`] changed beyond the move itself, so that [`Position::undo`] can
/// take it back exactly.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Undo {
    /// The move applied.
    pub mv: SolverMove,
    /// Columns whose top card turned face up, one bit each.
    pub flipped: u32,
    /// Columns a complete run left, one bit each.
    pub removed: u32,
    /// For a move that completed a run: the run's suit byte.
    run_suit: u8,
}

impl Position {
    /// A position from its parts: each column bottom first with how many of its first cards
    /// are face down, the stock rows still to deal (the first dealt first, card `i` of a row
    /// onto column `i`), and the runs already removed.
    pub fn from_parts(
        columns: &[(Vec<Card>, usize)],
        stock_rows: &[Vec<Card>],
        removed: usize,
    ) -> Result<Position, PositionError> {
        let cols: Vec<(Vec<u8>, usize)> = columns
            .iter()
            .map(|(cards, down)| (cards.iter().map(|c| c.to_byte()).collect(), *down))
            .collect();
        let rows: Vec<Vec<u8>> = stock_rows
            .iter()
            .map(|r| r.iter().map(|c| c.to_byte()).collect())
            .collect();
        Position::from_bytes(&cols, &rows, removed)
    }

    /// A position from what a player sees: each column's face-down count and face-up cards,
    /// the sizes of the stock rows still to deal, and the runs removed. Hidden cards are
    /// [`UNKNOWN`]: such a position can only be searched in honest mode.
    pub fn from_visible(
        columns: &[(usize, Vec<Card>)],
        stock_rows: &[usize],
        removed: usize,
    ) -> Result<Position, PositionError> {
        let cols: Vec<(Vec<u8>, usize)> = columns
            .iter()
            .map(|(down, up)| {
                let mut v = vec![UNKNOWN; *down];
                v.extend(up.iter().map(|c| c.to_byte()));
                (v, *down)
            })
            .collect();
        let rows: Vec<Vec<u8>> = stock_rows.iter().map(|&n| vec![UNKNOWN; n]).collect();
        Position::from_bytes(&cols, &rows, removed)
    }

    fn from_bytes(
        cols: &[(Vec<u8>, usize)],
        rows: &[Vec<u8>],
        removed: usize,
    ) -> Result<Position, PositionError> {
        let err = |m: String| Err(PositionError(m));
        if cols.is_empty() || cols.len() > MAX_COLUMNS {
            return err(format!(
                "{} columns; expected 1 to {MAX_COLUMNS}",
                cols.len()
            ));
        }
        let total: usize = cols.iter().map(|(c, _)| c.len()).sum::<usize>()
            + rows.iter().map(Vec::len).sum::<usize>();
        if total > 255 {
            return err(format!(
                "{total} cards on the table and in the stock; at most 255 fit"
            ));
        }
        if removed > 255 {
            return err(format!("{removed} runs removed; at most 255"));
        }
        for (i, row) in rows.iter().enumerate() {
            if row.is_empty() || row.len() > cols.len() {
                return err(format!(
                    "stock row {i} has {} cards; a row deals 1 to {} (one a column)",
                    row.len(),
                    cols.len()
                ));
            }
        }
        for (i, (cards, down)) in cols.iter().enumerate() {
            if *down > cards.len() || (*down == cards.len() && !cards.is_empty()) {
                return err(format!(
                    "column {} has {} cards of which {down} face down; its last card must be face up",
                    i + 1,
                    cards.len()
                ));
            }
            if cards[*down..].contains(&UNKNOWN) {
                return err(format!("column {} has an unknown face-up card", i + 1));
            }
        }
        let stride = total.max(1);
        let mut pos = Position {
            ncols: cols.len(),
            stride,
            cards: vec![UNKNOWN; stride * cols.len()],
            len: [0; MAX_COLUMNS],
            down: [0; MAX_COLUMNS],
            stock: rows.concat(),
            rows: rows.iter().map(|r| r.len() as u8).collect(),
            dealt: 0,
            next: 0,
            removed: removed as u8,
            col_key: [Key::default(); MAX_COLUMNS],
        };
        for (c, (cards, down)) in cols.iter().enumerate() {
            pos.cards[c * stride..c * stride + cards.len()].copy_from_slice(cards);
            pos.len[c] = cards.len() as u8;
            pos.down[c] = *down as u8;
        }
        pos.rehash();
        Ok(pos)
    }

    /// Recomputes every column key from the cards.
    pub(crate) fn rehash(&mut self) {
        for c in 0..self.ncols {
            self.rehash_column(c);
        }
    }

    /// Recomputes column `c`'s key from its cards.
    fn rehash_column(&mut self, c: usize) {
        let mut k = Key::default();
        for i in 0..self.len[c] as usize {
            k.xor(zobrist(i, self.key_byte(c, i)));
        }
        self.col_key[c] = k;
    }

    fn key_byte(&self, c: usize, i: usize) -> u8 {
        let b = self.cards[c * self.stride + i];
        if i < self.down[c] as usize {
            b | DOWN_FLAG
        } else {
            b
        }
    }

    /// Number of columns.
    pub fn columns(&self) -> usize {
        self.ncols
    }

    /// Column `c`'s cards as bytes, bottom first (face-down ones first).
    pub fn column(&self, c: usize) -> &[u8] {
        let start = c * self.stride;
        &self.cards[start..start + self.len[c] as usize]
    }

    /// How many of column `c`'s cards are face down.
    pub fn face_down(&self, c: usize) -> usize {
        self.down[c] as usize
    }

    /// Cards in column `c`.
    pub fn len(&self, c: usize) -> usize {
        self.len[c] as usize
    }

    /// Whether column `c` is empty.
    pub fn is_empty(&self, c: usize) -> bool {
        self.len[c] == 0
    }

    /// The top (last) card byte of column `c`, if any.
    pub fn top(&self, c: usize) -> Option<u8> {
        let n = self.len[c] as usize;
        (n > 0).then(|| self.cards[c * self.stride + n - 1])
    }

    /// Card byte at height `i` of column `c` (0 is the bottom).
    #[inline]
    pub fn at(&self, c: usize, i: usize) -> u8 {
        self.cards[c * self.stride + i]
    }

    /// Runs removed so far.
    pub fn removed(&self) -> usize {
        self.removed as usize
    }

    /// Stock rows still to deal.
    pub fn rows_left(&self) -> usize {
        self.rows.len() - self.dealt as usize
    }

    /// Sizes of the stock rows still to deal, first first.
    pub fn rows_left_sizes(&self) -> &[u8] {
        &self.rows[self.dealt as usize..]
    }

    /// The stock rows still to deal, as card bytes.
    pub fn stock_left(&self) -> &[u8] {
        &self.stock[self.next as usize..]
    }

    /// Cards on the table (face up and face down).
    pub fn table_cards(&self) -> usize {
        (0..self.ncols).map(|c| self.len[c] as usize).sum()
    }

    /// Face-down cards on the table.
    pub fn face_down_total(&self) -> usize {
        (0..self.ncols).map(|c| self.down[c] as usize).sum()
    }

    /// Empty columns.
    pub fn empty_columns(&self) -> usize {
        (0..self.ncols).filter(|&c| self.len[c] == 0).count()
    }

    /// The key of the position. Columns in `shared` (one bit each) are interchangeable and
    /// hash as a multiset, so positions that differ only by their order meet in the table.
    pub fn key(&self, shared: u32) -> Key {
        let mut k = self.header_key();
        for c in 0..self.ncols {
            k = k.add(self.column_key(c, shared));
        }
        k
    }

    /// The part of [`Position::key`] that does not depend on the columns.
    #[inline]
    pub(crate) fn header_key(&self) -> Key {
        let a = mix(self.removed as u64 ^ ((self.rows_left() as u64) << 8) ^ 0xD1CE);
        Key(a, mix(a ^ 0xFACE))
    }

    /// Column `c`'s share of [`Position::key`].
    #[inline]
    pub(crate) fn column_key(&self, c: usize, shared: u32) -> Key {
        Position::share_of(self.col_key[c], c, shared)
    }

    /// The share in [`Position::key`] of column `c` whose cards hash to `k` (the column's
    /// Zobrist key, as [`Position::moved_column_keys`] gives it).
    #[inline]
    pub(crate) fn share_of(k: Key, c: usize, shared: u32) -> Key {
        let salt = if shared & (1 << c) != 0 {
            0
        } else {
            (c as u64 + 1) << 56
        };
        Key(mix(k.0 ^ salt), mix(k.1 ^ salt.rotate_left(7)))
    }

    /// The Zobrist keys columns `from` and `to` would have once the last `count` cards of
    /// `from` lay on `to` and the card they uncover is turned up, without moving anything:
    /// the search scores most children this way instead of applying and undoing their move.
    /// A run the move would complete is not removed here.
    #[inline]
    pub(crate) fn moved_column_keys(&self, from: usize, count: usize, to: usize) -> (Key, Key) {
        let (mut kf, mut kt) = (self.col_key[from], self.col_key[to]);
        let lf = self.len[from] as usize - count;
        let lt = self.len[to] as usize;
        let group = &self.cards[from * self.stride + lf..from * self.stride + lf + count];
        for (i, &b) in group.iter().enumerate() {
            kf.xor(zobrist(lf + i, b));
            kt.xor(zobrist(lt + i, b));
        }
        if lf > 0 && self.down[from] as usize == lf {
            let b = self.cards[from * self.stride + lf - 1];
            kf.xor(zobrist(lf - 1, b | DOWN_FLAG));
            kf.xor(zobrist(lf - 1, b));
        }
        (kf, kt)
    }

    #[inline]
    fn push(&mut self, c: usize, b: u8) {
        let n = self.len[c] as usize;
        self.cards[c * self.stride + n] = b;
        self.col_key[c].xor(zobrist(n, b));
        self.len[c] += 1;
    }

    #[inline]
    fn pop(&mut self, c: usize) -> u8 {
        self.len[c] -= 1;
        let n = self.len[c] as usize;
        let b = self.cards[c * self.stride + n];
        self.col_key[c].xor(zobrist(n, b));
        b
    }

    /// Turns the top card of `c` up if it is face down; true if it did.
    #[inline]
    fn flip_if_needed(&mut self, c: usize) -> bool {
        let n = self.len[c] as usize;
        if n > 0 && self.down[c] as usize == n {
            let b = self.cards[c * self.stride + n - 1];
            self.col_key[c].xor(zobrist(n - 1, b | DOWN_FLAG));
            self.col_key[c].xor(zobrist(n - 1, b));
            self.down[c] -= 1;
            true
        } else {
            false
        }
    }

    fn unflip(&mut self, c: usize) {
        let n = self.len[c] as usize;
        let b = self.cards[c * self.stride + n - 1];
        self.col_key[c].xor(zobrist(n - 1, b));
        self.col_key[c].xor(zobrist(n - 1, b | DOWN_FLAG));
        self.down[c] += 1;
    }

    /// Whether column `c` ends with a complete face-up run, King down to Ace, of one suit.
    pub fn complete_run_on_top(&self, c: usize) -> bool {
        let n = self.len[c] as usize;
        if n < RUN + self.down[c] as usize {
            return false;
        }
        let col = self.column(c);
        let ace = col[n - 1];
        if ace == UNKNOWN || ace & 0x0f != 1 {
            return false;
        }
        (1..RUN).all(|k| col[n - 1 - k] == ace + k as u8)
    }

    /// Whether moving the last `count` cards of column `from` onto column `to` would leave a
    /// complete run on top of `to` ([`Position::complete_run_on_top`]), without moving them.
    #[inline]
    pub(crate) fn move_completes_run(&self, from: usize, count: usize, to: usize) -> bool {
        let (lf, lt) = (self.len[from] as usize - count, self.len[to] as usize);
        let n = lt + count;
        if n < RUN + self.down[to] as usize {
            return false;
        }
        let card = |j: usize| {
            if j < lt {
                self.cards[to * self.stride + j]
            } else {
                self.cards[from * self.stride + lf + j - lt]
            }
        };
        let ace = card(n - 1);
        if ace == UNKNOWN || ace & 0x0f != 1 {
            return false;
        }
        (1..RUN).all(|k| card(n - 1 - k) == ace + k as u8)
    }

    fn remove_run(&mut self, c: usize) {
        for _ in 0..RUN {
            self.pop(c);
        }
        self.removed += 1;
    }

    fn restore_run(&mut self, c: usize, suit_bits: u8) {
        for r in (1..=RUN as u8).rev() {
            self.push(c, suit_bits | r);
        }
        self.removed -= 1;
    }

    /// Applies a move the caller knows to be legal, with its automatic follow-ups (run
    /// removal, flips), and returns what [`Position::undo`] needs.
    pub fn apply(&mut self, mv: SolverMove) -> Undo {
        let mut u = Undo {
            mv,
            flipped: 0,
            removed: 0,
            run_suit: 0,
        };
        match mv {
            SolverMove::Move { from, count, to } => {
                let (f, t, n) = (from as usize, to as usize, count as usize);
                let src = f * self.stride + self.len[f] as usize - n;
                for i in 0..n {
                    let b = self.cards[src + i];
                    self.push(t, b);
                }
                for _ in 0..n {
                    self.pop(f);
                }
                if self.complete_run_on_top(t) {
                    u.run_suit = self.top(t).unwrap_or(0) & 0x30;
                    self.remove_run(t);
                    u.removed |= 1 << t;
                    if self.flip_if_needed(t) {
                        u.flipped |= 1 << t;
                    }
                }
                if self.flip_if_needed(f) {
                    u.flipped |= 1 << f;
                }
            }
            SolverMove::Deal => {
                let k = self.rows[self.dealt as usize] as usize;
                let start = self.next as usize;
                for c in 0..k {
                    let b = self.stock[start + c];
                    self.push(c, b);
                }
                self.next += k as u16;
                self.dealt += 1;
                for c in 0..k {
                    if self.complete_run_on_top(c) {
                        self.remove_run(c);
                        u.removed |= 1 << c;
                        if self.flip_if_needed(c) {
                            u.flipped |= 1 << c;
                        }
                    }
                }
            }
        }
        u
    }

    /// Takes back a move applied by [`Position::apply`], exactly.
    pub fn undo(&mut self, u: Undo) {
        match u.mv {
            SolverMove::Move { from, count, to } => {
                let (f, t, n) = (from as usize, to as usize, count as usize);
                if u.flipped & (1 << f) != 0 {
                    self.unflip(f);
                }
                if u.flipped & (1 << t) != 0 {
                    self.unflip(t);
                }
                if u.removed & (1 << t) != 0 {
                    self.restore_run(t, u.run_suit);
                }
                let src = t * self.stride + self.len[t] as usize - n;
                for i in 0..n {
                    let b = self.cards[src + i];
                    self.push(f, b);
                }
                for _ in 0..n {
                    self.pop(t);
                }
            }
            SolverMove::Deal => {
                self.dealt -= 1;
                let k = self.rows[self.dealt as usize] as usize;
                self.next -= k as u16;
                let start = self.next as usize;
                for c in 0..k {
                    if u.flipped & (1 << c) != 0 {
                        self.unflip(c);
                    }
                    if u.removed & (1 << c) != 0 {
                        let ace = self.stock[start + c];
                        self.restore_run(c, ace & 0x30);
                    }
                    self.pop(c);
                }
            }
        }
    }

    /// The card a byte stands for, for display and conversion.
    pub fn card(b: u8) -> Option<Card> {
        Card::from_byte(b)
    }
}

/// Rank number (1 to 13) of a card byte; 0 for [`UNKNOWN`].
#[inline]
pub fn rank(b: u8) -> u8 {
    b & 0x0f
}

/// Suit bits of a card byte.
#[inline]
pub fn suit(b: u8) -> u8 {
    b & 0x30
}

fn token(b: u8) -> String {
    match Card::from_byte(b) {
        Some(c) => c.token(),
        None => "??".into(),
    }
}

/// Two positions are equal when a player could not tell them apart with every card shown:
/// same columns, same stock still to deal, same runs removed.
impl PartialEq for Position {
    fn eq(&self, other: &Self) -> bool {
        self.ncols == other.ncols
            && self.removed == other.removed
            && self.rows_left_sizes() == other.rows_left_sizes()
            && self.stock_left() == other.stock_left()
            && (0..self.ncols)
                .all(|c| self.down[c] == other.down[c] && self.column(c) == other.column(c))
    }
}

impl Eq for Position {}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for c in 0..self.ncols {
            write!(f, "{:2}:", c + 1)?;
            for (i, &b) in self.column(c).iter().enumerate() {
                let sep = if i < self.down[c] as usize { " |" } else { " " };
                write!(f, "{sep}{}", token(b))?;
            }
            writeln!(f)?;
        }
        write!(
            f,
            "stock rows left {}, removed {}",
            self.rows_left(),
            self.removed
        )
    }
}

/// A card byte for a suit and rank; for tests and hand-built positions.
pub fn byte(suit: Suit, rank: u8) -> u8 {
    Rank::new(rank).map_or(UNKNOWN, |r| Card::new(suit, r).to_byte())
}
