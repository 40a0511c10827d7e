//! A loaded plugin as an ordinary ruleset: [`PluginRuleset`] is a [`DynRuleset`], built by
//! the plugin's factory (`factory.rs`, [`crate::PluginFactory`]).
//!
//! The trait's methods have no room for "the plugin failed", so a fault is turned into the
//! nearest honest answer: a refused action citing [`PLUGIN_RULE`], no legal actions, a view
//! whose messages say what went wrong, and a status `Over` with the reason. The last fault is
//! also kept ([`PluginRuleset::last_fault`]) for the launcher to show.

use crate::analysts::{Analysts, Outcome};
use crate::child::ChildLink;
use crate::error::PluginError;
use crate::host::Plugin;
use crate::own::Own;
use crate::protocol::{Reply, Request};
use felt_core::{
    Action, Analysis, AnalyzeRequest, DynRuleset, Event, Fact, GameState, PileId, Places,
    RuleViolation, RulesetInfo, Scoreboard, Seat, Shuffles, StateError, Status, Stopped, TableView,
    Turn,
};
use std::fmt;
use std::sync::{Arc, Mutex, OnceLock};

/// Rule id of an action refused because the plugin failed.
pub const PLUGIN_RULE: &str = "FELT-PLUGIN";

/// A game state held for a plugin: the bytes the plugin gave, opaque to the host.
#[derive(Clone, PartialEq, Eq)]
pub struct PluginState {
    bytes: Vec<u8>,
    /// Why there is no state, when the plugin failed to make one.
    fault: Option<String>,
}

impl fmt::Debug for PluginState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.fault {
            Some(fault) => write!(f, "PluginState(fault: {fault})"),
            None => write!(f, "PluginState({} bytes)", self.bytes.len()),
        }
    }
}

/// One ruleset instance living in a plugin.
pub struct PluginRuleset {
    plugin: Arc<Plugin>,
    /// The request that built the instance: each search's helper builds its own from it.
    build: Request,
    /// Where its searches run, apart from the table's calls ([`crate::analysts`]).
    analysts: Analysts,
    /// In a batch, the helper process of its own where its table's calls and its searches
    /// both run ([`crate::Isolation::batch`], `own.rs`); `None` otherwise.
    own: Option<Own>,
    instance: u64,
    info: RulesetInfo,
    /// The shuffles the instance deals, as its `Built` said.
    shuffles: Option<Shuffles>,
    last_fault: Mutex<Option<String>>,
    /// The piles the plugin closes to the player, asked on the first question about one:
    /// the answer holds for the instance (see [`Request::ClosedPiles`]), and an instance built
    /// only to check a variant never asks.
    closed: OnceLock<Vec<PileId>>,
}

impl PluginRuleset {
    /// The ruleset a plugin's `Built` reply describes: instance `instance`, built by `build`.
    pub(crate) fn built(
        plugin: Arc<Plugin>,
        build: Request,
        instance: u64,
        info: RulesetInfo,
        shuffles: Option<Shuffles>,
    ) -> PluginRuleset {
        PluginRuleset {
            plugin,
            build,
            analysts: Analysts::default(),
            own: None,
            instance,
            info,
            shuffles,
            last_fault: Mutex::new(None),
            closed: OnceLock::new(),
        }
    }

    /// The ruleset a plugin's `Built` reply describes, built by `build` in `link`, a helper
    /// process of its own where all its calls go (a batch's: [`crate::Isolation::batch`]).
    pub(crate) fn built_apart(
        plugin: Arc<Plugin>,
        build: Request,
        link: ChildLink,
        reply: (u64, RulesetInfo, Option<Shuffles>),
    ) -> PluginRuleset {
        let (instance, info, shuffles) = reply;
        let mut ruleset = PluginRuleset::built(plugin, build, instance, info, shuffles);
        ruleset.own = Some(Own::new(link, instance));
        ruleset
    }

    /// Sends one request about this ruleset's instance: to its own helper in a batch, else to
    /// the plugin's.
    fn call(&self, request: &Request, blob: &[u8]) -> Result<(Reply, Vec<u8>), PluginError> {
        match &self.own {
            Some(own) => own.call(&self.plugin, &self.build, request, blob),
            None => self.plugin.call(request, blob),
        }
    }

    /// Why this ruleset's calls can be answered no more, if so: its own helper's failure in a
    /// batch, else the plugin's ([`Plugin::stopped`]). Never waits.
    fn halted(&self) -> Option<PluginError> {
        match &self.own {
            Some(own) => own.dead().cloned(),
            None => self.plugin.stopped(),
        }
    }
}

impl Drop for PluginRuleset {
    fn drop(&mut self) {
        // Its own helper ends with it (dropping the link stops the process): nothing to
        // release there.
        if self.own.is_some() {
            return;
        }
        // A failure to release costs the plugin a little memory, nothing more.
        let _ = self.plugin.call(
            &Request::Release {
                instance: self.instance,
            },
            &[],
        );
    }
}

impl PluginRuleset {
    /// The last fault of the plugin, as a sentence, if any call failed.
    pub fn last_fault(&self) -> Option<String> {
        self.last_fault
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone()
    }

    fn fault(&self, error: &str) -> String {
        let text = format!("plugin {} failed: {error}", self.plugin.short_name());
        *self.last_fault.lock().unwrap_or_else(|e| e.into_inner()) = Some(text.clone());
        text
    }

    /// Sends a request about a game; a state from elsewhere or a failed state is a fault.
    fn ask(&self, request: Request, state: &GameState) -> Result<(Reply, Vec<u8>), String> {
        let state = state
            .downcast_ref::<PluginState>()
            .ok_or_else(|| self.fault("the game state does not belong to this plugin"))?;
        if let Some(fault) = &state.fault {
            return Err(fault.clone());
        }
        self.call(&request, &state.bytes)
            .map_err(|e| self.fault(&e.to_string()))
    }

    fn unexpected(&self, asked: &Request, reply: &Reply) -> String {
        self.fault(
            &PluginError::Unexpected {
                asked: asked.name(),
                got: reply.name(),
            }
            .to_string(),
        )
    }

    fn faulty_state(&self, fault: String) -> GameState {
        GameState::new(PluginState {
            bytes: Vec::new(),
            fault: Some(fault),
        })
    }

    /// The piles closed to the player, asked of the plugin once. A plugin of an older
    /// revision has no such request, and a failed answer is kept as none closed (the fault
    /// noted): either way every pile is the player's, as the trait's default says, and the
    /// plugin's rules still refuse a move that breaks them.
    fn closed_piles(&self) -> &[PileId] {
        self.closed.get_or_init(|| {
            if self.plugin.revision() < crate::protocol::REVISION_CLOSED_PILES {
                return Vec::new();
            }
            let request = Request::ClosedPiles {
                instance: self.instance,
            };
            match self.call(&request, &[]) {
                Ok((Reply::ClosedPiles(piles), _)) => piles,
                Ok((other, _)) => {
                    self.unexpected(&request, &other);
                    Vec::new()
                }
                Err(e) => {
                    self.fault(&e.to_string());
                    Vec::new()
                }
            }
        })
    }

    fn actions(&self, request: Request, state: &GameState) -> Vec<Action> {
        match self.ask(request.clone(), state) {
            Ok((Reply::Actions(actions), _)) => actions,
            Ok((other, _)) => {
                self.unexpected(&request, &other);
                Vec::new()
            }
            Err(_) => Vec::new(),
        }
    }
}

impl DynRuleset for PluginRuleset {
    fn info(&self) -> &RulesetInfo {
        &self.info
    }

    fn shuffles(&self) -> Option<Shuffles> {
        self.shuffles.clone()
    }

    fn new_game(&self, seed: u64) -> GameState {
        let request = Request::NewGame {
            instance: self.instance,
            seed,
        };
        match self.call(&request, &[]) {
            Ok((Reply::State, bytes)) => GameState::new(PluginState { bytes, fault: None }),
            Ok((other, _)) => self.faulty_state(self.unexpected(&request, &other)),
            Err(e) => self.faulty_state(self.fault(&e.to_string())),
        }
    }

    fn check(&self, state: &GameState, action: &Action) -> Result<(), RuleViolation> {
        let request = Request::Check {
            instance: self.instance,
            action: action.clone(),
        };
        match self.ask(request.clone(), state) {
            Ok((Reply::Checked(result), _)) => result,
            Ok((other, _)) => Err(RuleViolation::new(
                PLUGIN_RULE,
                self.unexpected(&request, &other),
            )),
            Err(fault) => Err(RuleViolation::new(PLUGIN_RULE, fault)),
        }
    }

    fn apply(&self, state: &mut GameState, action: &Action) -> Result<Vec<Event>, RuleViolation> {
        let request = Request::Apply {
            instance: self.instance,
            action: action.clone(),
        };
        match self.ask(request.clone(), state) {
            Ok((Reply::Applied(Ok(events)), bytes)) => {
                *state = GameState::new(PluginState { bytes, fault: None });
                Ok(events)
            }
            Ok((Reply::Applied(Err(refused)), _)) => Err(refused),
            Ok((other, _)) => Err(RuleViolation::new(
                PLUGIN_RULE,
                self.unexpected(&request, &other),
            )),
            Err(fault) => Err(RuleViolation::new(PLUGIN_RULE, fault)),
        }
    }

    fn legal_actions(&self, state: &GameState) -> Vec<Action> {
        self.actions(
            Request::LegalActions {
                instance: self.instance,
            },
            state,
        )
    }

    fn places(&self, state: &GameState, from: PileId, index: u16) -> Places {
        // A plugin of an older revision ranks moves best first: its first is the best place.
        if self.plugin.revision() < crate::protocol::REVISION_PLACES {
            let request = Request::RankMoves {
                instance: self.instance,
                from,
                index,
            };
            return Places::ranked(self.actions(request, state));
        }
        let request = Request::Places {
            instance: self.instance,
            from,
            index,
        };
        match self.ask(request.clone(), state) {
            Ok((Reply::Places(places), _)) => places,
            Ok((other, _)) => Places {
                refused: Some(RuleViolation::new(
                    PLUGIN_RULE,
                    self.unexpected(&request, &other),
                )),
                ..Places::default()
            },
            Err(fault) => Places {
                refused: Some(RuleViolation::new(PLUGIN_RULE, fault)),
                ..Places::default()
            },
        }
    }

    fn view(&self, state: &GameState, seat: Seat) -> TableView {
        let request = Request::View {
            instance: self.instance,
            seat,
        };
        let fault = match self.ask(request.clone(), state) {
            Ok((Reply::View(view), _)) => return view,
            Ok((other, _)) => self.unexpected(&request, &other),
            Err(fault) => fault,
        };
        TableView {
            seat,
            piles: Vec::new(),
            status: Vec::new(),
            prompt: None,
            messages: vec![fault],
            moments: Vec::new(),
            sheets: Vec::new(),
        }
    }

    fn status(&self, state: &GameState) -> Status {
        let request = Request::Status {
            instance: self.instance,
        };
        let reason = match self.ask(request.clone(), state) {
            Ok((Reply::Status(status), _)) => return status,
            Ok((other, _)) => self.unexpected(&request, &other),
            Err(fault) => fault,
        };
        Status::Over { reason }
    }

    fn scoreboard(&self, state: &GameState) -> Scoreboard {
        let request = Request::Scoreboard {
            instance: self.instance,
        };
        match self.ask(request.clone(), state) {
            Ok((Reply::Scoreboard(board), _)) => board,
            Ok((other, _)) => {
                self.unexpected(&request, &other);
                Scoreboard::default()
            }
            Err(_) => Scoreboard::default(),
        }
    }

    /// A plugin in a helper process searches in helpers of their own (`analysts.rs`),
    /// so the table's calls answer at once meanwhile, and a cancel, the wall watchdog or a
    /// crash stops that search only: its answer is then undecided with what stopped it. A
    /// plugin whose table's helper has stopped answers none, and [`DynRuleset::stopped`] says
    /// why, never "not offered".
    ///
    /// A plugin in felt's own process searches on the calling thread, as a built-in does: its
    /// table's calls from other threads do not wait for it (the plugin's dispatcher holds no
    /// lock over a call), and its CPU budget is metered on this thread's clock. The C ABI has
    /// no message to reach a search under way, so a cancel is seen before the search starts
    /// and when it ends; a trusted in-process plugin's search is bounded by its budget alone.
    fn analyze_until(
        &self,
        state: &GameState,
        request: &AnalyzeRequest,
        cancel: &felt_core::Cancel,
    ) -> Option<Analysis> {
        if self.halted().is_some() {
            return None;
        }
        if cancel.is_cancelled() {
            return Some(Analysis::undecided(Stopped::Cancelled));
        }
        if self.own.is_some() || self.plugin.in_helper() {
            let Some(bytes) = state.downcast_ref::<PluginState>() else {
                self.fault("the game state does not belong to this plugin");
                return None;
            };
            if bytes.fault.is_some() {
                return None;
            }
            let outcome = match &self.own {
                Some(own) => own.search(&self.plugin, &self.build, &bytes.bytes, request, cancel),
                None => {
                    self.analysts
                        .analyze(&self.plugin, &self.build, &bytes.bytes, request, cancel)
                }
            };
            return match outcome {
                Outcome::Answer(analysis) => analysis,
                Outcome::Stopped(stopped) => Some(Analysis::undecided(stopped)),
                Outcome::Failed(why, stopped) => {
                    self.fault(&why);
                    Some(Analysis::undecided(stopped))
                }
            };
        }
        let ask = Request::Analyze {
            instance: self.instance,
            request: request.clone(),
        };
        let answer = self.ask(ask.clone(), state);
        if cancel.is_cancelled() {
            return Some(Analysis::undecided(Stopped::Cancelled));
        }
        match answer {
            Ok((Reply::Analysis(analysis), _)) => analysis,
            Ok((other, _)) => {
                self.unexpected(&ask, &other);
                None
            }
            Err(_) => None,
        }
    }

    fn turn(&self, state: &GameState) -> Option<Turn> {
        let request = Request::Turn {
            instance: self.instance,
        };
        match self.ask(request.clone(), state) {
            Ok((Reply::Turn(turn), _)) => turn,
            Ok((other, _)) => {
                self.unexpected(&request, &other);
                None
            }
            Err(_) => None,
        }
    }

    fn encode_state(&self, state: &GameState) -> Vec<u8> {
        state
            .downcast_ref::<PluginState>()
            .map(|s| s.bytes.clone())
            .unwrap_or_default()
    }

    fn decode_state(&self, bytes: &[u8]) -> Result<GameState, StateError> {
        let request = Request::DecodeState {
            instance: self.instance,
        };
        match self.call(&request, bytes) {
            Ok((Reply::State, bytes)) => Ok(GameState::new(PluginState { bytes, fault: None })),
            Ok((other, _)) => Err(StateError(self.unexpected(&request, &other))),
            Err(e) => Err(StateError(e.to_string())),
        }
    }

    fn import_position(&self, text: &str) -> Result<GameState, String> {
        let request = Request::ImportPosition {
            instance: self.instance,
            text: text.to_string(),
        };
        match self.call(&request, &[]) {
            Ok((Reply::Imported(Ok(())), bytes)) => {
                Ok(GameState::new(PluginState { bytes, fault: None }))
            }
            Ok((Reply::Imported(Err(why)), _)) => Err(why),
            Ok((other, _)) => Err(self.unexpected(&request, &other)),
            Err(e) => Err(self.fault(&e.to_string())),
        }
    }

    fn may_undo(&self, state: &GameState, undone: usize) -> Result<(), RuleViolation> {
        // A plugin of an older revision has no such request: its games undo as they did.
        if self.plugin.revision() < crate::protocol::REVISION_MAY_UNDO {
            return Ok(());
        }
        let request = Request::MayUndo {
            instance: self.instance,
            undone,
        };
        match self.ask(request.clone(), state) {
            Ok((Reply::Checked(result), _)) => result,
            Ok((other, _)) => Err(RuleViolation::new(
                PLUGIN_RULE,
                self.unexpected(&request, &other),
            )),
            Err(fault) => Err(RuleViolation::new(PLUGIN_RULE, fault)),
        }
    }

    fn facts(&self, state: &GameState) -> Vec<Fact> {
        // A plugin of an older revision has no such request: its games keep no facts.
        if self.plugin.revision() < crate::protocol::REVISION_FACTS {
            return Vec::new();
        }
        let request = Request::Facts {
            instance: self.instance,
        };
        match self.ask(request.clone(), state) {
            Ok((Reply::Facts(facts), _)) => facts,
            Ok((other, _)) => {
                self.unexpected(&request, &other);
                Vec::new()
            }
            Err(_) => Vec::new(),
        }
    }

    fn player_moves(&self, pile: PileId) -> bool {
        !self.closed_piles().contains(&pile)
    }

    fn stopped(&self) -> Option<String> {
        let why = match self.halted()? {
            PluginError::Process(why) | PluginError::TimedOut(why) => why,
            other => other.to_string(),
        };
        Some(format!(
            "plugin {} stopped: {why}",
            self.plugin.short_name()
        ))
    }

    fn meant_group(&self, state: &GameState, from: PileId, to: PileId) -> Option<u16> {
        // A plugin of an older revision has no such request: the last card is meant, and a
        // failed answer means the same (the refusal is then still the plugin's own).
        if self.plugin.revision() < crate::protocol::REVISION_MEANT_GROUP {
            return None;
        }
        let request = Request::MeantGroup {
            instance: self.instance,
            from,
            to,
        };
        match self.ask(request.clone(), state) {
            Ok((Reply::Group(index), _)) => index,
            Ok((other, _)) => {
                self.unexpected(&request, &other);
                None
            }
            Err(_) => None,
        }
    }

    fn export_position(&self, state: &GameState) -> Option<String> {
        let request = Request::ExportPosition {
            instance: self.instance,
        };
        match self.ask(request.clone(), state) {
            Ok((Reply::Exported(text), _)) => text,
            Ok((other, _)) => {
                self.unexpected(&request, &other);
                None
            }
            Err(_) => None,
        }
    }
}
