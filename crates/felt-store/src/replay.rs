//! Replays: a recorded game as a list of steps a viewer can walk forward and back.

use crate::error::{ReplayError, StoreError};
use crate::model::GameRecord;
use crate::record::start_session;
use crate::text::action_to_text;
use felt_core::{Action, DynRuleset, Event, Scoreboard, Seat, Status, TableView};
use std::sync::Arc;

/// One position of a replay.
#[derive(Clone, Debug, PartialEq)]
pub struct ReplayStep {
    /// Actions played to reach it: 0 is the deal.
    pub number: usize,
    /// The action that led here; `None` for the deal.
    pub action: Option<Action>,
    /// What that action set off (flips, removed runs, computer seats' plays).
    pub events: Vec<Event>,
    /// The table as the replaying seat may see it.
    pub view: TableView,
    /// Score and moves here.
    pub scoreboard: Scoreboard,
    /// Playing, won or over.
    pub status: Status,
}

/// A recorded game, position by position.
#[derive(Clone, Debug, PartialEq)]
pub struct Replay {
    /// The record replayed.
    pub record: GameRecord,
    /// The deal, then one step per action.
    pub steps: Vec<ReplayStep>,
}

impl GameRecord {
    /// Replays the record with `ruleset` (built by the host for the record's variant and
    /// rules), showing each position as `seat` may see it: hidden cards stay hidden.
    pub fn replay(&self, ruleset: Arc<dyn DynRuleset>, seat: Seat) -> Result<Replay, StoreError> {
        // Undo is never used while replaying: no snapshots needed.
        let mut session = start_session(&self.summary, ruleset, 0)?;
        let mut steps = Vec::with_capacity(self.actions.len() + 1);
        let step = |session: &felt_core::Session, number, action, events| ReplayStep {
            number,
            action,
            events,
            view: session.view(seat),
            scoreboard: session.scoreboard(),
            status: session.status(),
        };
        steps.push(step(&session, 0, None, Vec::new()));
        for (i, action) in self.actions.iter().enumerate() {
            let events = session.act(action).map_err(|violation| ReplayError {
                number: i + 1,
                action: action_to_text(action),
                violation,
            })?;
            steps.push(step(&session, i + 1, Some(action.clone()), events));
        }
        Ok(Replay {
            record: self.clone(),
            steps,
        })
    }
}
