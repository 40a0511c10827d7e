//! Dealing a game the vocabulary describes: from one seed, the same layout on every machine.
//!
//! The order is the one a player deals by hand, and the one felt's Klondike, FreeCell and
//! Scorpion deal in, so the engine's versions of those games can be checked against their
//! crates deal by deal: the base cards a game starts with are taken out of the shuffled pack
//! first (under a first-dealt base, all but the pack's first card, which sets the rank); then the columns are dealt row by row (one card to each column that still takes one,
//! face-down cards first; under `foundations.as_dealt` a face-up card a foundation takes goes
//! up instead, its place left empty); then the free cells, the reserve and a first foundation card; what
//! is left is the stock, its top card last.

use crate::rules::Rule;
use crate::vocabulary::{Base, Game, Shuffle, Start};
use felt_core::{Card, DeckSpec, Rank, Suit};
use felt_patience::microsoft;
use serde::{Deserialize, Serialize};

/// One column: its cards from the table up, the first `down` of them face down.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Column {
    /// The cards, the last one the one a player reaches first.
    pub cards: Vec<Card>,
    /// How many of the first cards are face down.
    pub down: usize,
}

/// A game as dealt, before any move.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Layout {
    /// The columns, left to right.
    pub columns: Vec<Column>,
    /// The reserve's piles, each its top card last.
    pub reserve: Vec<Vec<Card>>,
    /// The free cells.
    pub cells: Vec<Option<Card>>,
    /// The foundations, each from its base up.
    pub foundations: Vec<Vec<Card>>,
    /// The stock, its top card last.
    pub stock: Vec<Card>,
    /// The rank every foundation starts from: the game's fixed base, or the rank of the first
    /// card dealt to the foundations.
    pub base: Rank,
}

impl Game {
    /// The packs this game shuffles together: `decks` packs of the game's suits (one suit of
    /// Spades four times over, two suits twice, or all four).
    pub fn deck(&self) -> DeckSpec {
        let suits: Vec<Suit> = Suit::ALL[..usize::from(self.suits)].to_vec();
        DeckSpec {
            packs: self.decks,
            suits,
        }
    }

    /// The game dealt from `seed`.
    pub fn deal(&self, seed: u64) -> Layout {
        let mut pack = match self.shuffle {
            Shuffle::Felt => self.deck().shuffled(seed),
            // The order Microsoft's deal of that number lays out, first card first.
            Shuffle::Microsoft => microsoft::microsoft_order(microsoft::deal_number(seed)),
        };
        let foundations = usize::from(self.foundations.count);
        let mut layout = Layout {
            columns: vec![Column::default(); usize::from(self.tableau.columns)],
            cells: vec![None; usize::from(self.cells)],
            foundations: vec![Vec::new(); foundations],
            base: rank(match self.foundations.base {
                Base::Rank(r) => r,
                // Not known yet: the deal or the player sets it; an Ace until then, so that
                // every deal's tables agree before it is set.
                Base::FirstDealt | Base::Chosen => 1,
            }),
            reserve: vec![Vec::new(); self.reserve_pile_count()],
            stock: Vec::new(),
        };
        if self.foundations.start == Start::Bases {
            // With a first-dealt base (Penguin's beak) the first card of the pack, the first
            // the columns are dealt, sets the base and stays where it is dealt; its fellows
            // go up as they would turn up in the deal, the next card taking each one's
            // place, which is the same as taking them out first.
            let beak = usize::from(self.foundations.base == Base::FirstDealt);
            if let (1, Some(first)) = (beak, pack.first()) {
                layout.base = first.rank();
            }
            // Each foundation takes the first base card of its suit left in the pack, suits in
            // felt's order, so that two packs give two foundations of each suit.
            let suits = self.deck().suits;
            for (i, pile) in layout.foundations.iter_mut().enumerate() {
                let suit = suits[i % suits.len()];
                let wanted = Card::new(suit, layout.base);
                let found = pack.iter().skip(beak).position(|&c| c == wanted);
                if let Some(at) = found {
                    pile.push(pack.remove(at + beak));
                }
            }
        }
        let mut cards = pack.into_iter();
        let lengths: Vec<usize> = self
            .tableau
            .down
            .iter()
            .zip(&self.tableau.up)
            .map(|(d, u)| usize::from(*d) + usize::from(*u))
            .collect();
        let rows = lengths.iter().copied().max().unwrap_or(0);
        let up_rule = self.foundations.as_dealt.then_some(Rule {
            direction: self.foundations.build,
            by: self.foundations.by,
            wrap: self.foundations.wrap,
        });
        for row in 0..rows {
            for (i, &length) in lengths.iter().enumerate() {
                if row >= length {
                    continue;
                }
                let Some(card) = cards.next() else { break };
                let face_up = row >= usize::from(self.tableau.down[i]);
                // Citadel: a card dealt face up that a foundation takes goes up, and its
                // place in the column stays empty.
                if let Some(rule) = up_rule.filter(|_| face_up) {
                    let full = if self.foundations.count > 1 {
                        13
                    } else {
                        usize::MAX
                    };
                    let base = layout.base;
                    let pile = layout.foundations.iter_mut().find(|f| match f.last() {
                        None => card.rank() == base,
                        Some(&top) => f.len() < full && rule.follows(top, card),
                    });
                    if let Some(pile) = pile {
                        pile.push(card);
                        continue;
                    }
                }
                layout.columns[i].cards.push(card);
            }
        }
        for (column, &down) in layout.columns.iter_mut().zip(&self.tableau.down) {
            column.down = usize::from(down).min(column.cards.len());
            if self.tableau.kings_to_bottom {
                kings_to_bottom(column);
            }
        }
        for cell in layout.cells.iter_mut().take(usize::from(self.cells_filled)) {
            *cell = cards.next();
        }
        // Pile by pile, as a player lays out fans.
        for pile in &mut layout.reserve {
            pile.extend(cards.by_ref().take(usize::from(self.reserve)));
        }
        if self.foundations.start == Start::OneCard {
            if let (Some(card), Some(pile)) = (cards.next(), layout.foundations.first_mut()) {
                if self.foundations.base == Base::FirstDealt {
                    layout.base = card.rank();
                }
                pile.push(card);
            }
        }
        layout.stock = cards.collect();
        layout
    }
}

/// Moves a column's face-up Kings under its other face-up cards, keeping their order
/// otherwise (Baker's Dozen: no King lies on a card it could never be moved off).
fn kings_to_bottom(column: &mut Column) {
    let up = column.cards.split_off(column.down);
    let (kings, others): (Vec<Card>, Vec<Card>) =
        up.into_iter().partition(|c| c.rank() == Rank::KING);
    column.cards.extend(kings);
    column.cards.extend(others);
}

impl Game {
    /// The reserve piles a table of this game has: one, empty, in a game without a reserve,
    /// so that every game's piles keep their ids and a table saved before reserves had
    /// several piles reads back as one pile.
    pub fn reserve_pile_count(&self) -> usize {
        usize::from(self.reserve_piles.max(1))
    }
}

fn rank(number: u8) -> Rank {
    // The vocabulary holds a base to 1..=13.
    Rank::new(number).unwrap_or(Rank::ACE)
}
