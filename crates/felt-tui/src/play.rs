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
            Some(CardFace::Down) => self.refuse_face_down(id, index),
            Some(CardFace::Up(_)) => self.pick(id, index),
        }
    }

    /// A face-down card cannot be picked up: the ruleset's own refusal says why where it has
    /// one (Tri Peaks' covered card names the cards on it), else the plain fact.
    fn refuse_face_down(&mut self, id: PileId, index: u16) {
        if self.places_allowed(id, index).is_some() {
            self.error("That card is face down".to_string());
        }
    }

    /// Where the cards from `index` of `from` may go, or `None` once the ruleset's refusal to
    /// let them be picked up at all has been shown, with its rule.
    fn places_allowed(&mut self, from: PileId, index: u16) -> Option<Vec<Action>> {
        let places = self
            .session
            .ruleset()
            .places(self.session.state(), from, index);
        match places.refused {
            Some(refused) => {
                self.cursor = (from, index);
                self.refuse(&refused);
                None
            }
            None => Some(places.legal),
        }
    }

    /// Picks up the cards from `index` of `from`, marking the piles that take them; cards the
    /// ruleset says may not be picked up at all are refused at once, with its rule.
    pub(crate) fn pick(&mut self, from: PileId, index: u16) {
        if let Some(legal) = self.places_allowed(from, index) {
            self.note = None;
            self.carry_with(from, index, &legal);
        }
    }

    /// Carries the cards from `index` of `from`, with `legal` (their moves) marking targets.
    fn carry_with(&mut self, from: PileId, index: u16, legal: &[Action]) {
        let mut targets = Vec::new();
        for a in legal {
            if let Action::Move { to, .. } = a {
                if !targets.contains(to) {
                    targets.push(*to);
                }
            }
        }
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

    /// Sends the cards from `index` of `from` to the ruleset's best place for them. With no
    /// best place but legal moves, it says so and keeps them carried over the marked piles.
    pub(crate) fn auto(&mut self, from: PileId, index: u16) {
        self.carry = None;
        let places = self
            .session
            .ruleset()
            .places(self.session.state(), from, index);
        if let (Some(refused), None) = (&places.refused, &self.view.prompt) {
            self.refuse(refused);
            return;
        }
        if places.best.is_none() && !places.legal.is_empty() {
            let what = crate::describe::describe_cards(&self.view, from, index, &self.theme);
            let mut onto: Vec<String> = Vec::new();
            for a in &places.legal {
                if let Action::Move { to, .. } = a {
                    let label = self
                        .pile(*to)
                        .map_or_else(|| to.0.to_string(), |p| p.label.clone());
                    if !onto.contains(&label) {
                        onto.push(label);
                    }
                }
            }
            self.cursor = (from, index);
            self.carry_with(from, index, &places.legal);
            self.error(format!(
                "No best place for {what}; it may go to {}: drop it on a marked pile",
                onto.join(", ")
            ));
            return;
        }
        match places.best {
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
