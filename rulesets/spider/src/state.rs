//! The Spider game state: a few hundred bytes, one byte a card.
//!
//! `Clone::clone_from` is written out so that undo snapshots and solver searches reuse the
//! vectors they copy into: once warm, copying a state allocates nothing.

use felt_core::Card;
use serde::{Deserialize, Serialize};

/// One tableau column: its cards bottom first, the first `down` of them face down.
///
/// Face-down cards are always at the bottom of a column, so a count says everything.
#[derive(Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "ColumnData")]
pub struct Column {
    cards: Vec<Card>,
    down: u8,
}

/// A column as saved, checked on the way in so a damaged save cannot break the rules' indexing.
#[derive(Deserialize)]
struct ColumnData {
    cards: Vec<Card>,
    down: u8,
}

impl TryFrom<ColumnData> for Column {
    type Error = String;
    fn try_from(data: ColumnData) -> Result<Column, String> {
        let hidden_top = !data.cards.is_empty() && data.down as usize >= data.cards.len();
        if data.down as usize > data.cards.len() || hidden_top || data.cards.len() > 255 {
            return Err(format!(
                "a column of {} cards cannot have {} face down (its last card is always face up)",
                data.cards.len(),
                data.down
            ));
        }
        Ok(Column {
            cards: data.cards,
            down: data.down,
        })
    }
}

impl Clone for Column {
    fn clone(&self) -> Self {
        Column {
            cards: self.cards.clone(),
            down: self.down,
        }
    }
    fn clone_from(&mut self, source: &Self) {
        self.cards.clone_from(&source.cards);
        self.down = source.down;
    }
}

impl Column {
    /// A column of `cards`, the first `down` face down.
    pub(crate) fn new(cards: Vec<Card>, down: u8) -> Column {
        Column { cards, down }
    }

    /// Every card, bottom first, face down or not.
    pub fn cards(&self) -> &[Card] {
        &self.cards
    }

    /// How many cards at the bottom are face down.
    pub fn face_down(&self) -> usize {
        self.down as usize
    }

    /// The face-up cards, bottom first.
    pub fn face_up(&self) -> &[Card] {
        self.cards.get(self.down as usize..).unwrap_or(&[])
    }

    /// The last card, if any.
    pub fn last(&self) -> Option<Card> {
        self.cards.last().copied()
    }

    /// Cards in the column.
    pub fn len(&self) -> usize {
        self.cards.len()
    }

    /// True when the column holds no card.
    pub fn is_empty(&self) -> bool {
        self.cards.is_empty()
    }

    pub(crate) fn cards_mut(&mut self) -> &mut Vec<Card> {
        &mut self.cards
    }

    /// SP-FLIP: turns the last card up if it is face down; true if it did.
    pub(crate) fn flip_last(&mut self) -> bool {
        if !self.cards.is_empty() && self.down as usize >= self.cards.len() {
            self.down = self.cards.len() as u8 - 1;
            true
        } else {
            false
        }
    }
}

/// A game of Spider in progress.
#[derive(Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SpiderState {
    pub(crate) columns: Vec<Column>,
    /// The stock, the last deal first: the next deal is the last `k` cards, card `i` of them
    /// going to column `i`, so dealing only shortens the vector.
    pub(crate) stock: Vec<Card>,
    pub(crate) deals_done: u16,
    pub(crate) removed: Vec<Card>,
    pub(crate) score: i64,
    pub(crate) moves: u32,
}

impl Clone for SpiderState {
    fn clone(&self) -> Self {
        SpiderState {
            columns: self.columns.clone(),
            stock: self.stock.clone(),
            deals_done: self.deals_done,
            removed: self.removed.clone(),
            score: self.score,
            moves: self.moves,
        }
    }
    fn clone_from(&mut self, source: &Self) {
        self.columns.clone_from(&source.columns);
        self.stock.clone_from(&source.stock);
        self.deals_done = source.deals_done;
        self.removed.clone_from(&source.removed);
        self.score = source.score;
        self.moves = source.moves;
    }
}

impl SpiderState {
    /// The tableau columns, left to right.
    pub fn columns(&self) -> &[Column] {
        &self.columns
    }

    /// The stock, every card face down; the next deal is at the end.
    pub fn stock(&self) -> &[Card] {
        &self.stock
    }

    /// Deals already made from the stock.
    pub fn deals_done(&self) -> usize {
        self.deals_done as usize
    }

    /// The King of each removed run, in the order they left.
    pub fn removed(&self) -> &[Card] {
        &self.removed
    }

    /// Points, as the scoring table counts them (the table's start when it has none).
    pub fn score(&self) -> i64 {
        self.score
    }

    /// Moves and deals made (removed runs are not moves).
    pub fn moves(&self) -> u32 {
        self.moves
    }

    /// Cards in the columns.
    pub fn cards_on_table(&self) -> usize {
        self.columns.iter().map(Column::len).sum()
    }

    /// Every card of the game: columns, stock, and the 13 cards of each removed run.
    pub fn all_cards(&self) -> Vec<Card> {
        let mut all: Vec<Card> = self
            .columns
            .iter()
            .flat_map(|c| c.cards.iter().copied())
            .collect();
        all.extend_from_slice(&self.stock);
        for king in &self.removed {
            all.extend(felt_core::Rank::all().map(|r| Card::new(king.suit(), r)));
        }
        all
    }
}
