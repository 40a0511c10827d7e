//! FC-COLLECT: the player's "everything up" key: every card that may go to its foundation
//! goes there, safe or not, one after another until none may, as one action. It is an
//! `Action::Extra` the ruleset declares with a key, so the terminal binds it and the headless
//! mode takes it typed as `legal` prints it (`collect 0`).

use crate::rules::{Rules, Step};
use crate::state::{suit_index, Pile, State};
use felt_core::{Action, Card, Event, ExtraKey, RuleViolation};

/// The action's name, as `Action::Extra` carries it.
pub const COLLECT: &str = "collect";

/// The action itself.
pub fn collect_action() -> Action {
    Action::Extra {
        name: COLLECT.into(),
        arg: 0,
    }
}

/// The key the ruleset offers it under.
pub fn collect_key() -> ExtraKey {
    ExtraKey {
        name: COLLECT.into(),
        arg: 0,
        key: 'm',
        help: "collect: every card that may go up goes to the foundations".into(),
    }
}

impl Rules {
    /// The next card that may go to its foundation, safe or not: cells first, then columns,
    /// from the left (FC-FOUNDATION).
    fn next_up(&self, state: &State) -> Option<Step> {
        let ready = |c: Card| state.foundations[suit_index(c.suit())] + 1 == c.rank().number();
        let step = |from: Pile, c: Card| Step {
            from,
            count: 1,
            to: Pile::Foundation(suit_index(c.suit())),
        };
        let cells = state
            .cells
            .iter()
            .enumerate()
            .find_map(|(i, c)| c.filter(|&c| ready(c)).map(|c| step(Pile::Cell(i), c)));
        cells.or_else(|| {
            state.columns.iter().enumerate().find_map(|(i, col)| {
                col.last()
                    .copied()
                    .filter(|&c| ready(c))
                    .map(|c| step(Pile::Column(i), c))
            })
        })
    }

    /// FC-COLLECT: whether collecting would move a card.
    pub fn check_collect(&self, state: &State) -> Result<(), RuleViolation> {
        match self.next_up(state) {
            Some(_) => Ok(()),
            None => Err(RuleViolation::new(
                "FC-COLLECT",
                "No card may go to a foundation now",
            )),
        }
    }

    /// FC-COLLECT: sends every card that may go up to its foundation, until none may.
    pub fn collect(&self, state: &mut State, events: &mut Vec<Event>) {
        let mut names = Vec::new();
        while let Some(step) = self.next_up(state) {
            let card = match step.from {
                Pile::Cell(i) => state.cells[i],
                Pile::Column(i) => state.columns[i].last().copied(),
                Pile::Foundation(_) => None,
            };
            names.extend(card.map(crate::rules::name));
            self.perform(state, step, events);
        }
        if !names.is_empty() {
            state
                .news
                .push(format!("Collected to the foundations: {}", names.join(" ")));
        }
    }
}
