//! A game of FreeCell in progress, and the pile numbering actions use.

use felt_core::{Card, PileId, Suit};
use serde::{Deserialize, Serialize};

/// The whole game: every card is face up, so the state is also what the player sees.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    /// The Microsoft deal number this game was dealt from.
    pub deal: u32,
    /// The columns, bottom card first.
    pub columns: Vec<Vec<Card>>,
    /// The free cells.
    pub cells: Vec<Option<Card>>,
    /// Cards on each suit's foundation (so the top card's rank), in [`Suit::ALL`] order.
    pub foundations: [u8; 4],
    /// Moves the player made (automatic foundation moves are not counted).
    pub moves: u32,
    /// What the last step did by itself, for the player to read.
    #[serde(default)]
    pub news: Vec<String>,
}

/// What a pile id stands for in a game with a given number of columns and cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pile {
    /// Column `i`, from the left.
    Column(usize),
    /// Free cell `i`.
    Cell(usize),
    /// The foundation of suit `Suit::ALL[i]`.
    Foundation(usize),
}

/// Pile ids: the columns from 0, then the cells, then the four foundations.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    /// Columns.
    pub columns: usize,
    /// Free cells.
    pub cells: usize,
}

impl Layout {
    /// The pile an id names, if any.
    pub fn pile(self, id: PileId) -> Option<Pile> {
        let i = id.0 as usize;
        if i < self.columns {
            Some(Pile::Column(i))
        } else if i < self.columns + self.cells {
            Some(Pile::Cell(i - self.columns))
        } else if i < self.columns + self.cells + 4 {
            Some(Pile::Foundation(i - self.columns - self.cells))
        } else {
            None
        }
    }

    /// The id of a pile.
    pub fn id(self, pile: Pile) -> PileId {
        PileId(match pile {
            Pile::Column(i) => i,
            Pile::Cell(i) => self.columns + i,
            Pile::Foundation(i) => self.columns + self.cells + i,
        } as u8)
    }

    /// How many piles there are.
    pub fn piles(self) -> usize {
        self.columns + self.cells + 4
    }
}

pub use felt_patience::foundation::suit_index;

impl State {
    /// Cards on all foundations together.
    pub fn cards_up(&self) -> usize {
        self.foundations.iter().map(|&n| n as usize).sum()
    }

    /// Empty free cells.
    pub fn free_cells(&self) -> usize {
        self.cells.iter().filter(|c| c.is_none()).count()
    }

    /// Empty columns.
    pub fn empty_columns(&self) -> usize {
        self.columns.iter().filter(|c| c.is_empty()).count()
    }

    /// Every card, wherever it is: on foundations as the cards they stand for.
    pub fn all_cards(&self) -> Vec<Card> {
        let mut out: Vec<Card> = self.columns.iter().flatten().copied().collect();
        out.extend(self.cells.iter().flatten().copied());
        for (i, &n) in self.foundations.iter().enumerate() {
            out.extend(felt_patience::foundation::cards(Suit::ALL[i], n));
        }
        out
    }
}
