//! Replays: a recorded game as steps a viewer walks forward and back.
//!
//! A record may hold a million actions, and a table view is kilobytes: building every step
//! first cost gigabytes before the first one showed. A [`Replayer`] checks the whole record once
//! (every action legal, none after the game ended), keeping only the game state every
//! [`CHECKPOINT_EVERY`] actions, and builds a step when it is asked for: from the step before
//! it (walking forward) or from the nearest checkpoint (a jump). Memory grows with the record
//! by one state a checkpoint, and a step costs at most that many actions applied.

use crate::error::{ReplayError, StoreError};
use crate::model::{GameRecord, GameResult};
use crate::record::start_session;
use felt_core::{Action, DynRuleset, Event, GameState, Scoreboard, Seat, Status, TableView};
use std::sync::Arc;

/// Actions between two kept states: a jump replays at most this many.
pub const CHECKPOINT_EVERY: usize = 128;

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

/// A checked record, stepped through on demand.
pub struct Replayer {
    record: GameRecord,
    ruleset: Arc<dyn DynRuleset>,
    seat: Seat,
    /// The state after `i * CHECKPOINT_EVERY` actions, for each `i`.
    checkpoints: Vec<GameState>,
    /// The last step built and its state, where walking forward goes on from.
    cursor: (usize, GameState),
    /// Where the actions lead: the status and scoreboard after the last one.
    end: (Status, Scoreboard),
}

impl GameRecord {
    /// Checks the record against `ruleset` (built by the host for the record's variant and
    /// rules) and returns a replayer that shows each position as `seat` may see it: hidden
    /// cards stay hidden. An action the rules refuse is reported with its number.
    pub fn replayer(
        &self,
        ruleset: Arc<dyn DynRuleset>,
        seat: Seat,
    ) -> Result<Replayer, StoreError> {
        // Only the deal is taken from a session: the walk below keeps no log or undo.
        let session = start_session(&self.summary, ruleset.clone(), 0)?;
        let mut state = session.state().clone();
        let mut checkpoints = vec![state.clone()];
        for (i, action) in self.actions.iter().enumerate() {
            apply(ruleset.as_ref(), &mut state, action).map_err(|violation| ReplayError {
                number: i + 1,
                action: crate::text::file_action_to_text(action),
                violation,
            })?;
            if (i + 1) % CHECKPOINT_EVERY == 0 {
                checkpoints.push(state.clone());
            }
        }
        let end = (ruleset.status(&state), ruleset.scoreboard(&state));
        let cursor = (0, checkpoints[0].clone());
        Ok(Replayer {
            record: self.clone(),
            ruleset,
            seat,
            checkpoints,
            cursor,
            end,
        })
    }
}

/// `action` applied as a session would: refused after the game ended, else by the rules.
fn apply(
    ruleset: &dyn DynRuleset,
    state: &mut GameState,
    action: &Action,
) -> Result<Vec<Event>, felt_core::RuleViolation> {
    if let Status::Won { .. } | Status::Over { .. } = ruleset.status(state) {
        return Err(felt_core::RuleViolation::new(
            felt_core::session::OVER_RULE,
            "The game is over: start a new one, or undo",
        ));
    }
    ruleset.apply(state, action)
}

impl Replayer {
    /// The record replayed.
    pub fn record(&self) -> &GameRecord {
        &self.record
    }

    /// The status and scoreboard the actions lead to: what the game was, whatever the record's
    /// header says.
    pub fn end(&self) -> (&Status, &Scoreboard) {
        (&self.end.0, &self.end.1)
    }

    /// Where the replayed game stands: won or lost as its actions end it; a game they leave
    /// in progress is abandoned if its record says so (given up unfinished), else in progress.
    pub fn reached(&self) -> GameResult {
        match self.end.0 {
            Status::Won { .. } => GameResult::Won,
            Status::Over { .. } => GameResult::Lost,
            Status::Playing if self.record.summary.result == GameResult::Abandoned => {
                GameResult::Abandoned
            }
            Status::Playing => GameResult::Playing,
        }
    }

    /// Steps there are: the deal and one for each action.
    pub fn len(&self) -> usize {
        self.record.actions.len() + 1
    }

    /// Never: a record has at least its deal. (Here for the `len` convention.)
    pub fn is_empty(&self) -> bool {
        false
    }

    /// Step `n` (0 is the deal), `None` past the last.
    pub fn step(&mut self, n: usize) -> Option<ReplayStep> {
        if n >= self.len() {
            return None;
        }
        let ruleset = self.ruleset.clone();
        let (mut at, mut state) =
            if n > 0 && self.cursor.0 < n && n - self.cursor.0 <= CHECKPOINT_EVERY {
                self.cursor.clone()
            } else {
                let k = n.saturating_sub(1) / CHECKPOINT_EVERY;
                (k * CHECKPOINT_EVERY, self.checkpoints[k].clone())
            };
        let mut events = Vec::new();
        while at < n {
            // Checked when the replayer was made: every action here applies.
            events = apply(ruleset.as_ref(), &mut state, &self.record.actions[at]).ok()?;
            at += 1;
        }
        let step = ReplayStep {
            number: n,
            action: n.checked_sub(1).map(|i| self.record.actions[i].clone()),
            events,
            view: ruleset.view(&state, self.seat),
            scoreboard: ruleset.scoreboard(&state),
            status: ruleset.status(&state),
        };
        self.cursor = (n, state);
        Some(step)
    }

    /// Every step in order, each built as it is reached (what `felt replay --headless` prints).
    pub fn steps(&mut self) -> impl Iterator<Item = ReplayStep> + '_ {
        (0..self.len()).map_while(move |n| self.step(n))
    }
}
