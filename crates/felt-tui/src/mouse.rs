//! The mouse on the table: click to pick up and to drop, press–drag–release, double-click to
//! send cards to the best place. Every event is matched against the last frame's regions.

use crate::game::{Game, Press};
use crate::hit::Target;
use crate::input::{Mouse, MouseKind};
use felt_core::CardFace;

impl Game {
    pub(crate) fn mouse(&mut self, m: Mouse) {
        match m.kind {
            MouseKind::Press => self.press_at(m.x, m.y),
            MouseKind::Drag => self.drag_to(m.x, m.y),
            MouseKind::Release => self.release_at(m.x, m.y),
            MouseKind::DoubleClick => self.double_click(m.x, m.y),
            MouseKind::ScrollUp | MouseKind::ScrollDown => {}
        }
    }

    fn press_at(&mut self, x: u16, y: u16) {
        if let Some(Target::Choice(option)) = self.hits.at(x, y) {
            self.press = None;
            self.choose(option);
            return;
        }
        self.press = Some(Press {
            card: self.hits.card_at(x, y),
            at: (x, y),
        });
    }

    fn drag_to(&mut self, x: u16, y: u16) {
        let Some(press) = self.press else {
            return;
        };
        if self.pointer.is_none() && press.at != (x, y) && self.carry.is_none() {
            match press.card {
                Some((pile, index)) if self.face_up(pile, index) && !self.is_stack(pile) => {
                    self.pick(pile, index)
                }
                _ => return,
            }
        }
        if self.carry.is_some() {
            self.pointer = Some((x, y));
        }
    }

    fn release_at(&mut self, x: u16, y: u16) {
        // A release without its press (the end of a double-click) means nothing.
        let Some(press) = self.press.take() else {
            return;
        };
        let target = self.hits.pile_at(x, y);
        if self.pointer.take().is_some() {
            let Some(carry) = self.carry.clone() else {
                return;
            };
            let accepted = target.is_some_and(|t| carry.targets.contains(&t));
            match target {
                _ if self.auto_place && !accepted => self.auto(carry.from, carry.index),
                Some(to) if to != carry.from => self.drop_on(to),
                _ => self.carry = None,
            }
            return;
        }
        if let Some(carry) = self.carry.clone() {
            match (target, self.hits.card_at(x, y)) {
                (Some(to), _) if to != carry.from => self.drop_on(to),
                // A click on another card of the same pile picks up from there instead.
                (Some(_), Some((pile, index)))
                    if index != carry.index && self.face_up(pile, index) =>
                {
                    self.pick(pile, index)
                }
                _ => self.carry = None,
            }
            return;
        }
        if let Some((pile, index)) = self.hits.card_at(x, y).or(press.card) {
            self.cursor = (pile, index);
            self.pick_or_deal(pile, index);
        }
    }

    fn double_click(&mut self, x: u16, y: u16) {
        self.press = None;
        self.pointer = None;
        self.carry = None;
        if let Some((pile, index)) = self.hits.card_at(x, y) {
            if self.face_up(pile, index) && !self.is_stack(pile) {
                self.auto(pile, index);
            }
        }
    }

    fn face_up(&self, pile: felt_core::PileId, index: u16) -> bool {
        self.pile(pile)
            .and_then(|p| p.cards.get(usize::from(index)))
            .is_some_and(|c| *c != CardFace::Down)
    }

    fn is_stack(&self, pile: felt_core::PileId) -> bool {
        self.pile(pile)
            .is_some_and(|p| p.role == felt_core::PileRole::Stock)
    }
}
