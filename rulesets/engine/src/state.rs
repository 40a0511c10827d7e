//! What one game of the engine is at a moment, and the ids its piles go by.

use crate::deal::Column;
use crate::vocabulary::Game;
use felt_core::{Card, PileId, Rank};
use serde::{Deserialize, Serialize};

/// Everything about one game: felt clones it for undo and stores it as JSON.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct State {
    /// The columns, left to right.
    pub columns: Vec<Column>,
    /// The reserve's piles, left to right, each its top card last: one pile but where the
    /// reserve is several (Duchess's four fans), one empty pile in a game without a reserve.
    /// A table saved while the reserve was one list of cards reads back as that one pile.
    #[serde(deserialize_with = "reserve_piles")]
    pub reserve: Vec<Vec<Card>>,
    /// The free cells.
    pub cells: Vec<Option<Card>>,
    /// The foundations, each from its base up.
    pub foundations: Vec<Vec<Card>>,
    /// The stock, its top card last.
    pub stock: Vec<Card>,
    /// The waste, its top card last.
    pub waste: Vec<Card>,
    /// Redeals left; `None` is without end.
    pub redeals: Option<u8>,
    /// Whether the waste has been turned over to be the stock at least once, so every card
    /// of the stock has been in view: what the player has seen, read by honest searches
    /// alone, and kept where a redeal without end leaves no count behind. Games saved before
    /// it was kept read as never turned, the honest reading.
    #[serde(default)]
    pub turned: bool,
    /// The rank every foundation starts from.
    pub base: Rank,
    /// The seed the game was dealt from: a gather (`stock.redeal = "gather"`) shuffles with
    /// it, so the same deal and actions give the same game, and no action changes it. 0 in
    /// every other game, which never reads it; games saved before it was kept read 0.
    #[serde(default)]
    pub seed: u64,
    /// Actions taken.
    pub moves: u32,
    /// Points, under a scoring table.
    pub score: i64,
}

impl State {
    /// Makes this table `other`, reusing its piles' room (a search makes many tables of one
    /// game, and a derived `clone_from` would build every column anew).
    pub fn copy_from(&mut self, other: &State) {
        if self.columns.len() != other.columns.len() {
            self.columns.clone_from(&other.columns);
        } else {
            for (mine, theirs) in self.columns.iter_mut().zip(&other.columns) {
                mine.cards.clone_from(&theirs.cards);
                mine.down = theirs.down;
            }
        }
        if self.reserve.len() != other.reserve.len() {
            self.reserve.clone_from(&other.reserve);
        } else {
            for (mine, theirs) in self.reserve.iter_mut().zip(&other.reserve) {
                mine.clone_from(theirs);
            }
        }
        self.cells.clone_from(&other.cells);
        if self.foundations.len() != other.foundations.len() {
            self.foundations.clone_from(&other.foundations);
        } else {
            for (mine, theirs) in self.foundations.iter_mut().zip(&other.foundations) {
                mine.clone_from(theirs);
            }
        }
        self.stock.clone_from(&other.stock);
        self.waste.clone_from(&other.waste);
        self.redeals = other.redeals;
        self.turned = other.turned;
        self.base = other.base;
        self.seed = other.seed;
        self.moves = other.moves;
        self.score = other.score;
    }

    /// Every card of the game, wherever it lies: a game that keeps its cards holds the same
    /// cards after every action.
    pub fn all_cards(&self) -> Vec<Card> {
        let mut all: Vec<Card> = self.columns.iter().flat_map(|c| c.cards.clone()).collect();
        all.extend(self.reserve.iter().flatten());
        all.extend(self.cells.iter().flatten());
        all.extend(self.foundations.iter().flatten());
        all.extend(&self.stock);
        all.extend(&self.waste);
        all
    }
}

/// A pile of the table, by what it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pile {
    /// A column, from the left.
    Column(usize),
    /// A foundation, from the left.
    Foundation(usize),
    /// A free cell, from the left.
    Cell(usize),
    /// A reserve pile, from the left.
    Reserve(usize),
    /// The stock.
    Stock,
    /// The waste.
    Waste,
}

/// The pile ids of one game: the columns first, then the foundations, the cells, the reserve
/// piles, the stock and the waste, so a column's id is its number from the left (and a game of
/// one reserve pile, or none, has the ids it had before reserves had several piles).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ids {
    pub(crate) columns: usize,
    pub(crate) foundations: usize,
    pub(crate) cells: usize,
    pub(crate) reserves: usize,
}

impl Ids {
    /// The ids of `game`'s piles.
    pub fn new(game: &Game) -> Ids {
        Ids {
            columns: usize::from(game.tableau.columns),
            foundations: usize::from(game.foundations.count),
            cells: usize::from(game.cells),
            reserves: game.reserve_pile_count(),
        }
    }

    /// The pile an id names, if any.
    pub fn pile(self, id: PileId) -> Option<Pile> {
        let mut i = usize::from(id.0);
        if i < self.columns {
            return Some(Pile::Column(i));
        }
        i -= self.columns;
        if i < self.foundations {
            return Some(Pile::Foundation(i));
        }
        i -= self.foundations;
        if i < self.cells {
            return Some(Pile::Cell(i));
        }
        i -= self.cells;
        if i < self.reserves {
            return Some(Pile::Reserve(i));
        }
        match i - self.reserves {
            0 => Some(Pile::Stock),
            1 => Some(Pile::Waste),
            _ => None,
        }
    }

    /// A pile's id.
    pub fn id(self, pile: Pile) -> PileId {
        let after = self.columns + self.foundations + self.cells;
        let n = match pile {
            Pile::Column(i) => i,
            Pile::Foundation(i) => self.columns + i,
            Pile::Cell(i) => self.columns + self.foundations + i,
            Pile::Reserve(i) => after + i,
            Pile::Stock => after + self.reserves,
            Pile::Waste => after + self.reserves + 1,
        };
        // At most 52 columns, 16 foundations, 8 cells and 8 reserve piles: every id fits a byte.
        PileId(n as u8)
    }
}

/// The reserve as saved: a list of piles, or (a table saved while the reserve was one pile)
/// one list of cards, read as that pile; an empty list is one empty pile, as every game has.
fn reserve_piles<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Vec<Vec<Card>>, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Item {
        Pile(Vec<Card>),
        Card(Card),
    }
    let items = Vec::<Item>::deserialize(d)?;
    if items.is_empty() {
        return Ok(vec![Vec::new()]);
    }
    let mut piles = Vec::new();
    let mut one = Vec::new();
    for item in items {
        match item {
            Item::Pile(pile) => piles.push(pile),
            Item::Card(card) => one.push(card),
        }
    }
    match (piles.is_empty(), one.is_empty()) {
        (_, true) => Ok(piles),
        (true, false) => Ok(vec![one]),
        (false, false) => Err(serde::de::Error::custom(
            "the reserve is either piles of cards or one list of cards, not both",
        )),
    }
}
