//! What a player cannot see: the position with its hidden cards masked, and the worlds that
//! differ from it only in where the hidden cards lie.

use super::{Position, UNKNOWN};

impl Position {
    /// The same position with every face-down card and every stock card replaced by
    /// [`UNKNOWN`]: what honest mode searches, so it cannot read a hidden card by mistake.
    pub fn masked(&self) -> Position {
        let mut p = self.clone();
        for c in 0..p.ncols {
            let start = c * p.stride;
            let down = p.down[c] as usize;
            p.cards[start..start + down].fill(UNKNOWN);
        }
        p.stock.fill(UNKNOWN);
        p.rehash();
        p
    }

    /// Whether this position was built or masked without knowledge of some hidden card.
    pub fn has_unknown(&self) -> bool {
        self.stock_left().contains(&UNKNOWN)
            || (0..self.ncols).any(|c| self.column(c)[..self.down[c] as usize].contains(&UNKNOWN))
    }

    /// The hidden cards, face-down ones column by column and then the stock still to deal:
    /// what a player does not see, as a multiset they could work out from the deck.
    pub fn hidden_cards(&self) -> Vec<u8> {
        let mut out: Vec<u8> = (0..self.ncols)
            .flat_map(|c| self.column(c)[..self.down[c] as usize].iter().copied())
            .collect();
        out.extend_from_slice(self.stock_left());
        out
    }

    /// The same position with its hidden cards replaced, in [`Position::hidden_cards`]'s order,
    /// by `cards`: one world the player cannot tell from the real one.
    pub fn with_hidden(&self, cards: &[u8]) -> Position {
        let mut p = self.clone();
        let mut it = cards.iter().copied();
        for c in 0..p.ncols {
            let start = c * p.stride;
            for b in &mut p.cards[start..start + p.down[c] as usize] {
                *b = it.next().unwrap_or(UNKNOWN);
            }
        }
        let next = p.next as usize;
        for b in &mut p.stock[next..] {
            *b = it.next().unwrap_or(UNKNOWN);
        }
        p.rehash();
        p
    }
}
