//! Playing on the table: picking cards up and dropping them, sending them to their best place,
//! dealing, and answering the game's question. Each ends in one action on the session.

use crate::game::{Carry, Game, Overlay, Pending};
use felt_core::{Action, CardFace, PileId, PileRole};

impl Game {
    pub(crate) fn select(&mut self) {
        if self.carry.is_none() {
            if let Some(option) = self
                .view
                .prompt
                .as_ref()
                .and_then(|p| p.options.get(self.choice))
            {
                let option = option.id;
                self.choose(option);
                return;
            }
        }
        if self.carry.is_some() {
            self.drop_on(self.cursor.0);
        } else {
            self.pick_or_deal(self.cursor.0, self.cursor.1);
        }
    }

    pub(crate) fn pick_or_deal(&mut self, id: PileId, index: u16) {
        let Some(pile) = self.pile(id) else {
            return;
        };
        // What a pile does follows from its role, never from how it is drawn: a foundation
        // drawn stacked is still a pile to pick from, only a stock deals.
        if pile.role == PileRole::Stock {
            self.act(Action::Deal { from: id });
            return;
        }
        match pile.cards.get(usize::from(index)) {
            None => self.error("There are no cards here to pick up".to_string()),
            Some(CardFace::Down) => self.error("That card is face down".to_string()),
            Some(CardFace::Up(_)) => self.pick(id, index),
        }
    }

    pub(crate) fn pick(&mut self, from: PileId, index: u16) {
        let mut targets = Vec::new();
        for a in self
            .session
            .ruleset()
            .rank_moves(self.session.state(), from, index)
        {
            if let Action::Move { to, .. } = a {
                if !targets.contains(&to) {
                    targets.push(to);
                }
            }
        }
        self.note = None;
        self.cursor = (from, index);
        self.carry = Some(Carry {
            from,
            index,
            targets,
        });
    }

    /// Drops the carried cards on `to`; dropping them where they came from sends them to the
    /// best place ("Enter twice").
    pub(crate) fn drop_on(&mut self, to: PileId) {
        let Some(carry) = self.carry.take() else {
            return;
        };
        self.pointer = None;
        if to == carry.from {
            self.auto(carry.from, carry.index);
        } else {
            let stay = self.plays_from_hand(carry.from);
            if self.act(Action::Move {
                from: carry.from,
                index: carry.index,
                to,
            }) {
                self.cursor_after_move(carry.from, to, stay);
            }
        }
    }

    /// Whether cards leave `from` one at a time as from a hand (a row across): the cursor
    /// then stays on the hand for the next card, rather than following the card played.
    fn plays_from_hand(&self, from: PileId) -> bool {
        self.pile(from)
            .is_some_and(|p| p.hint == felt_core::DrawHint::FanRight && p.role == PileRole::Hand)
    }

    fn cursor_after_move(&mut self, from: PileId, to: PileId, stay: bool) {
        let at = if stay && self.pile(from).is_some() {
            from
        } else {
            to
        };
        self.cursor = (at, self.default_index(at));
    }

    /// Sends the cards from `index` of `from` to the ruleset's best place for them.
    pub(crate) fn auto(&mut self, from: PileId, index: u16) {
        self.carry = None;
        let best = self
            .session
            .ruleset()
            .rank_moves(self.session.state(), from, index)
            .into_iter()
            .next();
        match best {
            Some(action) => {
                if let Action::Move { to, .. } = action {
                    let stay = self.plays_from_hand(from);
                    if self.act(action) {
                        self.cursor_after_move(from, to, stay);
                    }
                } else {
                    self.act(action);
                }
            }
            // While the game waits for an answer, that is why no card goes anywhere.
            None if self.view.prompt.is_some() => {
                let question = self
                    .view
                    .prompt
                    .as_ref()
                    .map_or("", |p| p.question.as_str());
                self.error(format!("Answer first: {question}"));
            }
            None => {
                let what = crate::describe::describe_cards(&self.view, from, index, &self.theme);
                self.error(format!("No pile takes {what}"));
            }
        }
    }

    pub(crate) fn deal_key(&mut self) {
        let legal = self
            .legal
            .iter()
            .find(|a| matches!(a, Action::Deal { .. }))
            .cloned();
        let stock = self
            .view
            .piles
            .iter()
            .find(|p| p.role == PileRole::Stock)
            .map(|p| p.id);
        match (legal, stock) {
            (Some(action), _) => {
                self.act(action);
            }
            // Not legal now: asking anyway gets the ruleset's reason for the player.
            (None, Some(from)) => {
                self.act(Action::Deal { from });
            }
            (None, None) => self.error("There is nothing to deal from".to_string()),
        }
    }

    /// Answers the question with `option`, first asking to confirm when the ruleset wants it.
    pub(crate) fn choose(&mut self, option: u32) {
        let confirm = self
            .view
            .prompt
            .as_ref()
            .and_then(|p| p.options.iter().find(|o| o.id == option))
            .is_some_and(|o| o.confirm.is_some());
        if confirm {
            self.overlay = Some(Overlay::Confirm(Pending::Choose(option)));
        } else {
            self.act(Action::Choose { option });
        }
    }
}
