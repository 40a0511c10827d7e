//! A game of Klondike in progress, and the pile numbering actions use.

use felt_core::{Card, PileId, Rank, Suit};
use serde::{Deserialize, Serialize};

/// Columns of the tableau.
pub const COLUMNS: usize = 7;
/// Pile id of the stock.
pub const STOCK: PileId = PileId(COLUMNS as u8);
/// Pile id of the waste.
pub const WASTE: PileId = PileId(COLUMNS as u8 + 1);
/// Pile id of the first foundation (♠); the others follow in [`Suit::ALL`] order.
pub const FIRST_FOUNDATION: u8 = COLUMNS as u8 + 2;
/// How many piles a game has.
pub const PILES: usize = COLUMNS + 2 + 4;

/// One column: its cards bottom first, the first `down` of them not yet turned up.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Column {
    /// The cards, bottom first.
    pub cards: Vec<Card>,
    /// How many of the bottom cards lie face down (KL-FLIP turns the last one up).
    pub down: usize,
}

impl Column {
    /// The turned-up cards, bottom first: always a sequence built as KL-BUILD says.
    pub fn up(&self) -> &[Card] {
        &self.cards[self.down.min(self.cards.len())..]
    }
}

/// The whole game. What the player may see of it is the view's business (`face_up` decides
/// whether unturned cards show).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    /// The shuffle this game was dealt from.
    pub seed: u64,
    /// The seven columns, left to right.
    pub columns: Vec<Column>,
    /// The stock, its top (the next card turned) last.
    pub stock: Vec<Card>,
    /// The waste, its top (the card that may be played) last.
    pub waste: Vec<Card>,
    /// Cards on each suit's foundation (so the top card's rank), in [`Suit::ALL`] order.
    pub foundations: [u8; 4],
    /// Times the waste was turned back into the stock.
    pub recycles: u32,
    /// Moves the player made (automatic foundation moves are not counted).
    pub moves: u32,
    /// Points, when the variant keeps a scoring table.
    pub score: i64,
    /// What the last step did by itself, for the player to read.
    #[serde(default)]
    pub news: Vec<String>,
}

/// What a pile id stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pile {
    /// Column `i`, from the left.
    Column(usize),
    /// The stock.
    Stock,
    /// The waste.
    Waste,
    /// The foundation of suit `Suit::ALL[i]`.
    Foundation(usize),
}

impl Pile {
    /// The pile an id names, if any.
    pub fn of(id: PileId) -> Option<Pile> {
        let i = id.0 as usize;
        match i {
            _ if i < COLUMNS => Some(Pile::Column(i)),
            _ if id == STOCK => Some(Pile::Stock),
            _ if id == WASTE => Some(Pile::Waste),
            _ if i < PILES => Some(Pile::Foundation(i - FIRST_FOUNDATION as usize)),
            _ => None,
        }
    }

    /// Its id.
    pub fn id(self) -> PileId {
        match self {
            Pile::Column(i) => PileId(i as u8),
            Pile::Stock => STOCK,
            Pile::Waste => WASTE,
            Pile::Foundation(i) => PileId(FIRST_FOUNDATION + i as u8),
        }
    }
}

pub use felt_patience::foundation::suit_index;

impl State {
    /// Cards on all foundations together.
    pub fn cards_up(&self) -> usize {
        self.foundations.iter().map(|&n| n as usize).sum()
    }

    /// Cards still face down in the columns.
    pub fn face_down(&self) -> usize {
        self.columns.iter().map(|c| c.down).sum()
    }

    /// The top card of a suit's foundation, if any.
    pub fn foundation_top(&self, i: usize) -> Option<Card> {
        Rank::new(self.foundations[i]).map(|r| Card::new(Suit::ALL[i], r))
    }

    /// Every card, wherever it is: on foundations as the cards they stand for.
    pub fn all_cards(&self) -> Vec<Card> {
        let mut out: Vec<Card> = self
            .columns
            .iter()
            .flat_map(|c| c.cards.iter().copied())
            .collect();
        out.extend(self.stock.iter().copied());
        out.extend(self.waste.iter().copied());
        for (i, &n) in self.foundations.iter().enumerate() {
            out.extend(felt_patience::foundation::cards(Suit::ALL[i], n));
        }
        out
    }
}
