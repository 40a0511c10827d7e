//! A game in progress: the state, undo and redo, the action log. Written once for every
//! ruleset (✱ contract 2).

use crate::action::{Action, Seat};
use crate::code::GameCode;
use crate::ruleset::{DynRuleset, Event, GameState, RuleViolation, Scoreboard, Status};
use crate::view::TableView;
use std::collections::VecDeque;
use std::sync::Arc;

/// Rule id of a refused undo.
pub const UNDO_RULE: &str = "FELT-UNDO";
/// Rule id of a refused redo.
pub const REDO_RULE: &str = "FELT-REDO";
/// Rule id of an action after the game ended.
pub const OVER_RULE: &str = "FELT-OVER";

struct Step {
    before: GameState,
    action: Action,
}

/// One game: a ruleset instance, a deal, and everything done since.
pub struct Session {
    ruleset: Arc<dyn DynRuleset>,
    code: GameCode,
    state: GameState,
    undo: VecDeque<Step>,
    redo: Vec<(Action, GameState)>,
    depth: usize,
    log: Vec<Action>,
    /// The state's status, worked out once for each change: a ruleset's status may search (a
    /// variant may end a game at a proven dead end), and the session and its front ends ask
    /// often.
    status: Status,
    /// The table key ([`TableView::table_key`], seen from [`Seat::SOLO`]) of every table from
    /// the start to the one on show: `tables[i]` before `log[i]`, the last one now. Undo takes
    /// the last off, so this is the line the game stands on, not every table ever shown: a
    /// table undone was left, not returned to. Kept here rather than rebuilt from the undo
    /// stack, whose depth is bounded.
    tables: Vec<u64>,
}

impl Session {
    /// A new game of `ruleset` dealt from the code's shuffle, with undo reaching `undo_depth`
    /// actions back.
    pub fn new(ruleset: Arc<dyn DynRuleset>, code: GameCode, undo_depth: usize) -> Session {
        let state = ruleset.new_game(code.shuffle);
        Session::from_state(ruleset, code, undo_depth, state)
    }

    /// A game starting from a given state (a position file, a resumed save).
    pub fn from_state(
        ruleset: Arc<dyn DynRuleset>,
        code: GameCode,
        undo_depth: usize,
        state: GameState,
    ) -> Session {
        let status = ruleset.status(&state);
        let tables = vec![table_key(ruleset.as_ref(), &state)];
        Session {
            ruleset,
            code,
            state,
            undo: VecDeque::new(),
            redo: Vec::new(),
            depth: undo_depth,
            log: Vec::new(),
            status,
            tables,
        }
    }

    /// Works the status out again after the state changed.
    fn changed(&mut self) {
        self.status = self.ruleset.status(&self.state);
    }

    /// The key of the table on show, added to the line after a step forward.
    fn stepped(&mut self) {
        self.tables
            .push(table_key(self.ruleset.as_ref(), &self.state));
    }

    /// Replays `actions` from the deal, refusing at the first illegal one.
    pub fn replay(&mut self, actions: &[Action]) -> Result<(), (usize, RuleViolation)> {
        for (i, action) in actions.iter().enumerate() {
            self.act(action).map_err(|e| (i, e))?;
        }
        Ok(())
    }

    /// Plays `action`: refused with the rule it breaks and nothing changed, or applied with its
    /// automatic follow-ups as one undoable step.
    pub fn act(&mut self, action: &Action) -> Result<Vec<Event>, RuleViolation> {
        if let Status::Won { .. } | Status::Over { .. } = self.status() {
            return Err(RuleViolation::new(
                OVER_RULE,
                "The game is over: start a new one, or undo",
            ));
        }
        let before = self.state.clone();
        let events = self.ruleset.apply(&mut self.state, action)?;
        if self.depth > 0 {
            if self.undo.len() == self.depth {
                self.undo.pop_front();
            }
            self.undo.push_back(Step {
                before,
                action: action.clone(),
            });
        }
        self.redo.clear();
        self.log.push(action.clone());
        self.stepped();
        self.changed();
        Ok(events)
    }

    /// Takes back the last action, exactly: state, score and counters, where the ruleset
    /// allows it ([`DynRuleset::may_undo`]: a game of hidden cards may refuse, with why).
    pub fn undo(&mut self) -> Result<(), RuleViolation> {
        if !self.undo.is_empty() {
            self.ruleset.may_undo(&self.state, self.redo.len())?;
        }
        let step = self.undo.pop_back().ok_or_else(|| {
            let why = if self.log.is_empty() {
                "Nothing to undo".to_string()
            } else {
                format!("Undo reaches back only {} actions", self.depth)
            };
            RuleViolation::new(UNDO_RULE, why)
        })?;
        let after = std::mem::replace(&mut self.state, step.before);
        self.log.pop();
        self.tables.pop();
        self.redo.push((step.action, after));
        self.changed();
        Ok(())
    }

    /// Plays again the last undone action.
    pub fn redo(&mut self) -> Result<(), RuleViolation> {
        let (action, after) = self
            .redo
            .pop()
            .ok_or_else(|| RuleViolation::new(REDO_RULE, "Nothing to redo"))?;
        let before = std::mem::replace(&mut self.state, after);
        self.undo.push_back(Step {
            before,
            action: action.clone(),
        });
        self.log.push(action);
        self.stepped();
        self.changed();
        Ok(())
    }

    /// Whether [`Session::undo`] would do something.
    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    /// Whether [`Session::redo`] would do something.
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// The same deal from the start, keeping the ruleset and code.
    pub fn restart(&mut self) {
        *self = Session::new(self.ruleset.clone(), self.code.clone(), self.depth);
    }

    /// The game code of this deal.
    pub fn code(&self) -> &GameCode {
        &self.code
    }

    /// The ruleset instance.
    pub fn ruleset(&self) -> &Arc<dyn DynRuleset> {
        &self.ruleset
    }

    /// The current state, opaque.
    pub fn state(&self) -> &GameState {
        &self.state
    }

    /// The actions from the deal to now (undone ones removed).
    pub fn log(&self) -> &[Action] {
        &self.log
    }

    /// The table as `seat` sees it.
    pub fn view(&self, seat: Seat) -> TableView {
        self.ruleset.view(&self.state, seat)
    }

    /// Playing, won or over.
    pub fn status(&self) -> Status {
        self.status.clone()
    }

    /// Score and moves.
    pub fn scoreboard(&self) -> Scoreboard {
        self.ruleset.scoreboard(&self.state)
    }

    /// Every legal action now: none once the game is won or over, since [`Session::act`]
    /// then refuses every action (a ruleset may end a game that still has moves, at a
    /// proven dead end).
    pub fn legal_actions(&self) -> Vec<Action> {
        if let Status::Won { .. } | Status::Over { .. } = self.status {
            return Vec::new();
        }
        self.ruleset.legal_actions(&self.state)
    }

    /// The table keys of the line from the start to now, the table on show last.
    pub fn tables(&self) -> &[u64] {
        &self.tables
    }
}

/// The key [`Session::tables`] keeps for `state`: its table as [`Seat::SOLO`] sees it.
pub fn table_key(ruleset: &dyn DynRuleset, state: &GameState) -> u64 {
    ruleset.view(state, Seat::SOLO).table_key()
}
