//! The rectangles the last frame drew, so a mouse event can be matched to what was under it.

use felt_core::PileId;
use ratatui::layout::{Position, Rect};

/// What a region of the screen stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// A card (or a folded group of cards, by its first card).
    Card {
        /// The pile.
        pile: PileId,
        /// The card's index from the bottom of the pile.
        index: u16,
    },
    /// A pile's whole area: label, cards and the room under them.
    Pile(PileId),
    /// An option of the game's prompt, by its id.
    Choice(u32),
    /// A row of a menu.
    Row(usize),
}

/// Regions in drawing order: later regions lie on top of earlier ones.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HitMap {
    regions: Vec<(Rect, Target)>,
}

impl HitMap {
    /// Forgets the previous frame.
    pub fn clear(&mut self) {
        self.regions.clear();
    }

    /// Records a region drawn now, above everything recorded before.
    pub fn push(&mut self, rect: Rect, target: Target) {
        if !rect.is_empty() {
            self.regions.push((rect, target));
        }
    }

    /// The topmost target at a cell.
    pub fn at(&self, x: u16, y: u16) -> Option<Target> {
        self.find(x, y, |_| true)
    }

    /// The topmost card at a cell.
    pub fn card_at(&self, x: u16, y: u16) -> Option<(PileId, u16)> {
        match self.find(x, y, |t| matches!(t, Target::Card { .. })) {
            Some(Target::Card { pile, index }) => Some((pile, index)),
            _ => None,
        }
    }

    /// The pile at a cell, whether over one of its cards or the room around them.
    pub fn pile_at(&self, x: u16, y: u16) -> Option<PileId> {
        match self.find(x, y, |t| matches!(t, Target::Card { .. } | Target::Pile(_))) {
            Some(Target::Card { pile, .. }) | Some(Target::Pile(pile)) => Some(pile),
            _ => None,
        }
    }

    fn find(&self, x: u16, y: u16, want: impl Fn(&Target) -> bool) -> Option<Target> {
        let at = Position { x, y };
        self.regions
            .iter()
            .rev()
            .find(|(r, t)| r.contains(at) && want(t))
            .map(|(_, t)| *t)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_topmost_card_wins() {
        let mut hits = HitMap::default();
        hits.push(Rect::new(0, 0, 8, 20), Target::Pile(PileId(0)));
        hits.push(
            Rect::new(1, 1, 7, 1),
            Target::Card {
                pile: PileId(0),
                index: 0,
            },
        );
        hits.push(
            Rect::new(1, 2, 7, 3),
            Target::Card {
                pile: PileId(0),
                index: 1,
            },
        );
        assert_eq!(hits.card_at(3, 2), Some((PileId(0), 1)));
        assert_eq!(hits.card_at(3, 1), Some((PileId(0), 0)));
        assert_eq!(hits.card_at(3, 10), None);
        assert_eq!(hits.pile_at(3, 10), Some(PileId(0)));
        assert_eq!(hits.pile_at(9, 10), None);
    }
}
