//! The `Ruleset` trait a game author writes, and the object-safe `DynRuleset` the host calls.
//!
//! An author implements [`Ruleset`] with a concrete `State` type; [`Typed`] wraps it into a
//! [`DynRuleset`] whose state is an opaque [`GameState`]. Plugins implement [`DynRuleset`]
//! directly on the host side, so built-ins and plugins travel the same path (✱ contract 10).

use crate::action::{Action, PileId, Seat};
use crate::analysis::{metered, Cancel, KeepGoing};
pub use crate::analysis::{Analysis, AnalyzeRequest};
use crate::facts::Fact;
use crate::variant::{ScoreTable, Variant};
use crate::view::TableView;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::sync::Arc;

/// A refused action: a stable rule id and a sentence a player understands (✱ contract 5).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
#[error("{rule}: {message}")]
pub struct RuleViolation {
    /// The rule's stable id, e.g. `SP-DEAL`.
    pub rule: String,
    /// What the player reads.
    pub message: String,
}

impl RuleViolation {
    /// A violation of `rule` explained by `message`.
    pub fn new(rule: impl Into<String>, message: impl Into<String>) -> RuleViolation {
        RuleViolation {
            rule: rule.into(),
            message: message.into(),
        }
    }
}

/// Where a game stands.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Status {
    /// Actions are expected.
    Playing,
    /// Won; for multi-player games, `winner` names the winning side.
    Won {
        /// Who won, for games with sides; empty for solitaire.
        winner: String,
    },
    /// Ended without a win.
    Over {
        /// Why, in a sentence ("3,000 moves reached").
        reason: String,
    },
}

impl Status {
    /// The one-word form used by the headless protocol.
    pub fn word(&self) -> &'static str {
        match self {
            Status::Playing => "playing",
            Status::Won { .. } => "won",
            Status::Over { .. } => "over",
        }
    }
}

/// Something that happened in one step, for messages, animation and records.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    /// Cards moved from one pile to another.
    Moved {
        /// From.
        from: PileId,
        /// To.
        to: PileId,
        /// How many.
        count: u16,
    },
    /// A face-down card turned up.
    Flipped {
        /// The pile whose last card turned.
        pile: PileId,
    },
    /// Cards were dealt from a pile.
    Dealt {
        /// The pile dealt from.
        from: PileId,
        /// How many cards.
        count: u16,
    },
    /// A finished set left the table.
    SetRemoved {
        /// The pile it left from.
        pile: PileId,
    },
    /// Anything else, named by the ruleset, with a sentence for the player.
    Note {
        /// A stable kind (`trick-won`, `bid`).
        kind: String,
        /// What the player reads.
        text: String,
    },
    /// A step a script or a log follows that the table already shows in its own way (each card
    /// a computer seat played, which the table shows as moments): the headless mode reports it
    /// like a note, the terminal does not repeat it on its message line.
    Log {
        /// A stable kind (`played`).
        kind: String,
        /// The step in the words of the headless protocol (`West plays QH`).
        text: String,
    },
}

/// Score and counters, as records and statistics keep them.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Scoreboard {
    /// Points, if the variant scores points.
    pub score: Option<i64>,
    /// Moves counted by the variant's rules.
    pub moves: u32,
}

/// A rules choice a ruleset offers (e.g. classic or relaxed group moves).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RuleChoice {
    /// Stable id used in variant files and on the command line (`classic`).
    pub id: String,
    /// The letter in game codes (`C`).
    pub letter: char,
    /// What a person reads (`Classic`).
    pub name: String,
    /// One sentence on what it changes.
    pub description: String,
}

mod info;
pub use info::{Command, ExtraKey, HostKey, Places, RulesetInfo, Shuffles, Turn};

/// The game logic an author writes, with a concrete state type.
///
/// ✱ Contract 1: every method is pure: no I/O, no clock, no global state.
pub trait Ruleset: Send + Sync + 'static {
    /// The whole game state: cloneable for undo, serializable for saves and plugins.
    type State: Clone
        + PartialEq
        + fmt::Debug
        + Serialize
        + DeserializeOwned
        + Send
        + Sync
        + 'static;

    /// Identity and help text.
    fn info(&self) -> &RulesetInfo;
    /// A new game dealt from `seed`.
    fn new_game(&self, seed: u64) -> Self::State;
    /// Whether `action` is legal now, and if not which rule forbids it.
    fn check(&self, state: &Self::State, action: &Action) -> Result<(), RuleViolation>;
    /// Checks and applies `action` with every automatic follow-up; on error, `state` is unchanged.
    fn apply(&self, state: &mut Self::State, action: &Action) -> Result<Vec<Event>, RuleViolation>;
    /// Every legal action, appended to `out`.
    fn legal_actions(&self, state: &Self::State, out: &mut Vec<Action>);
    /// Every legal move of the card at `index` of `from` and those above it: the piles a front
    /// end marks as taking them. By default the moves of [`Ruleset::legal_actions`] that take
    /// these cards, in that order.
    fn legal_targets(&self, state: &Self::State, from: PileId, index: u16) -> Vec<Action> {
        let mut all = Vec::new();
        self.legal_actions(state, &mut all);
        all.retain(
            |a| matches!(a, Action::Move { from: f, index: i, .. } if *f == from && *i == index),
        );
        all
    }
    /// Where "send to the best place" puts these cards, chosen from `legal` (their
    /// [`Ruleset::legal_targets`]); `None` when no legal move is worth making on its own (a
    /// whole column to an empty one), so a front end says so rather than make it. By default
    /// the first legal move.
    fn best_place(
        &self,
        _state: &Self::State,
        _from: PileId,
        _index: u16,
        legal: &[Action],
    ) -> Option<Action> {
        legal.first().cloned()
    }
    /// Whether the card at `index` of `from` and those above it may be picked up at all,
    /// wherever they would go (a group that may not move together, a face-down card): a
    /// front end refuses the pick at once with the rule, not only on the drop. By default
    /// anything may be picked up and the drop is checked.
    fn may_lift(
        &self,
        _state: &Self::State,
        _from: PileId,
        _index: u16,
    ) -> Result<(), RuleViolation> {
        Ok(())
    }
    /// The shuffle numbers this ruleset deals, when it numbers its deals its own way and
    /// `new_game` deals no other number as itself (a numbering players already use). `None`,
    /// the default: every shuffle a game code carries is a deal.
    fn shuffles(&self) -> Option<Shuffles> {
        None
    }
    /// The cards of `from` a player means to put on `to` when they name no number of cards
    /// and no move there is legal (the headless `move FROM TO`): the index of the group the
    /// refusal should be about, such as a group whose first card `to` would take but which is
    /// too long to move. `None`, the default, means the last card, whose refusal then says
    /// why.
    fn meant_group(&self, _state: &Self::State, _from: PileId, _to: PileId) -> Option<u16> {
        None
    }
    /// Whether a player ever moves cards to or from `pile`: false for a pile that only the
    /// rules' own follow-ups fill and nothing leaves (removed runs), which a front end then
    /// offers no key for, since its cards would be refused at every table. By default every
    /// pile is the player's. It may be asked of any id, one the game has no pile for too (a
    /// plugin is asked of every id once per instance), which answers true.
    fn player_moves(&self, _pile: PileId) -> bool {
        true
    }
    /// The table as `seat` may see it.
    fn view(&self, state: &Self::State, seat: Seat) -> TableView;
    /// Playing, won or over.
    fn status(&self, state: &Self::State) -> Status;
    /// Score and move counter.
    fn scoreboard(&self, state: &Self::State) -> Scoreboard;
    /// The solver / hint / dead-end hook ([`crate::analysis`]); `None` when the ruleset offers
    /// no analysis. A search honours the request's budget: its positions and memory itself,
    /// its CPU time through `keep_going` (asked now and then; `false` stops it, reported as
    /// [`crate::Stopped::Caller`]), which also stops it when the asker gives up.
    fn analyze(
        &self,
        _state: &Self::State,
        _request: &AnalyzeRequest,
        _keep_going: KeepGoing<'_>,
    ) -> Option<Analysis> {
        None
    }
    /// [`Ruleset::analyze`] held to the request's budget by the host's own clock, as
    /// [`DynRuleset::analyze`] runs it: for a caller holding the typed ruleset (its tests,
    /// its measuring examples).
    fn analyze_metered(&self, state: &Self::State, request: &AnalyzeRequest) -> Option<Analysis> {
        metered(request.budget(), &Cancel::new(), |keep_going| {
            self.analyze(state, request, keep_going)
        })
    }
    /// The seat the game waits for, in a game whose seats take turns; `None` for a one-seat
    /// game, and when nobody is to act. A host driving several seats (`--seats`) shows the
    /// table as this seat sees it.
    fn turn(&self, _state: &Self::State) -> Option<Turn> {
        None
    }
    /// A position from the ruleset's own text format (a solver's file format), or why not.
    fn import_position(&self, _text: &str) -> Result<Self::State, String> {
        Err(format!("{} has no position format", self.info().ruleset))
    }
    /// The position in the ruleset's own text format, with every card shown (a full deal).
    fn export_position(&self, _state: &Self::State) -> Option<String> {
        None
    }
    /// Whether the last action may be taken back from `state`, the state it led to; `undone`
    /// actions were taken back just before (0 when the last change was an action). A game of
    /// hidden cards refuses, with the rule and why, an undo that would let a player act again
    /// on what the undone step showed them. By default everything may be undone.
    fn may_undo(&self, _state: &Self::State, _undone: usize) -> Result<(), RuleViolation> {
        Ok(())
    }
    /// The facts the records keep about the game as it stands, each with how the statistics
    /// sum it up ([`Fact`]); the host stores those of a game's last step. None by default:
    /// the result, score and moves are then all its statistics.
    fn facts(&self, _state: &Self::State) -> Vec<Fact> {
        Vec::new()
    }
}

mod state;
pub use state::{GameState, StateError};

/// The object-safe face of a ruleset that the host calls (sessions, renderer, store, plugins).
pub trait DynRuleset: Send + Sync {
    /// Identity and help text.
    fn info(&self) -> &RulesetInfo;
    /// A new game dealt from `seed`.
    fn new_game(&self, seed: u64) -> GameState;
    /// Whether `action` is legal now.
    fn check(&self, state: &GameState, action: &Action) -> Result<(), RuleViolation>;
    /// Checks and applies `action`; on error, `state` is unchanged.
    fn apply(&self, state: &mut GameState, action: &Action) -> Result<Vec<Event>, RuleViolation>;
    /// Every legal action.
    fn legal_actions(&self, state: &GameState) -> Vec<Action>;
    /// Where the card at `index` of `from` and those above it may go: the best place, every
    /// legal target, or why they may not be picked up ([`Ruleset::legal_targets`],
    /// [`Ruleset::best_place`], [`Ruleset::may_lift`]), in one answer.
    fn places(&self, state: &GameState, from: PileId, index: u16) -> Places;
    /// The table as `seat` may see it.
    fn view(&self, state: &GameState, seat: Seat) -> TableView;
    /// Playing, won or over.
    fn status(&self, state: &GameState) -> Status;
    /// Score and moves.
    fn scoreboard(&self, state: &GameState) -> Scoreboard;
    /// The analysis hook ([`Ruleset::analyze`]), held to the request's budget.
    fn analyze(&self, state: &GameState, request: &AnalyzeRequest) -> Option<Analysis> {
        self.analyze_until(state, request, &Cancel::new())
    }
    /// [`DynRuleset::analyze`], stopped early (answering [`crate::Stopped::Cancelled`]) once
    /// `cancel` is set: a front end that drops a hint it no longer wants stops its search.
    fn analyze_until(
        &self,
        state: &GameState,
        request: &AnalyzeRequest,
        cancel: &Cancel,
    ) -> Option<Analysis>;
    /// The seat the game waits for ([`Ruleset::turn`]); `None` by default.
    fn turn(&self, _state: &GameState) -> Option<Turn> {
        None
    }
    /// The state as bytes, for saves and records.
    fn encode_state(&self, state: &GameState) -> Vec<u8>;
    /// A state from bytes written by [`DynRuleset::encode_state`].
    fn decode_state(&self, bytes: &[u8]) -> Result<GameState, StateError>;
    /// A position from the ruleset's own text format, or why not.
    fn import_position(&self, text: &str) -> Result<GameState, String>;
    /// The position in the ruleset's own text format, every card shown.
    fn export_position(&self, state: &GameState) -> Option<String>;
    /// Whether the last action may be taken back ([`Ruleset::may_undo`]); by default it may.
    fn may_undo(&self, state: &GameState, undone: usize) -> Result<(), RuleViolation> {
        let _ = (state, undone);
        Ok(())
    }
    /// The facts the records keep about the game ([`Ruleset::facts`]); none by default.
    fn facts(&self, state: &GameState) -> Vec<Fact> {
        let _ = state;
        Vec::new()
    }
    /// Whether a player ever moves cards to or from `pile` ([`Ruleset::player_moves`]); by
    /// default they may.
    fn player_moves(&self, pile: PileId) -> bool {
        let _ = pile;
        true
    }
    /// Why this ruleset can answer no more, when it has stopped for good (a plugin whose
    /// process ended): a front end then says so at every step instead of taking the stand-in
    /// answers it gives meanwhile (no piles, no legal actions, a game over) for the game's,
    /// and records none of them. A ruleset in felt's own process never stops: `None`.
    fn stopped(&self) -> Option<String> {
        None
    }
    /// The group of `from` a player means for `to` when no move there is legal
    /// ([`Ruleset::meant_group`]); by default the last card (`None`).
    fn meant_group(&self, state: &GameState, from: PileId, to: PileId) -> Option<u16> {
        let _ = (state, from, to);
        None
    }
    /// The shuffle numbers the ruleset deals ([`Ruleset::shuffles`]); `None` by default,
    /// every one a code carries.
    fn shuffles(&self) -> Option<Shuffles> {
        None
    }
    /// Refuses a shuffle the ruleset does not deal, naming what it deals: what a host asks
    /// before it deals a number a player gave (`--deal N`, a game code). Not meant to be
    /// overridden.
    fn check_shuffle(&self, shuffle: u64) -> Result<(), crate::CodeError> {
        match self.shuffles() {
            Some(range) if !range.contains(shuffle) => Err(crate::CodeError::NoSuchDeal {
                variant: self.info().variant.clone(),
                shuffle,
                first: range.first,
                last: range.last,
                what: range.what,
            }),
            _ => Ok(()),
        }
    }
    /// A new game's shuffle from `random`, any number: one the ruleset deals, below what a
    /// code carries. Not meant to be overridden.
    fn pick_shuffle(&self, random: u64) -> u64 {
        match self.shuffles() {
            Some(range) => range.pick(random),
            None => random % crate::code::SHUFFLE_LIMIT,
        }
    }
}

/// Wraps a typed [`Ruleset`] as a [`DynRuleset`].
pub struct Typed<R: Ruleset>(pub R);

impl<R: Ruleset> Typed<R> {
    /// Wraps `ruleset` for the host, shared.
    pub fn shared(ruleset: R) -> Arc<dyn DynRuleset> {
        Arc::new(Typed(ruleset))
    }

    fn state<'a>(&self, state: &'a GameState) -> &'a R::State {
        // A state always comes from the same ruleset instance: a mismatch is a host bug.
        state
            .downcast_ref()
            .expect("game state belongs to another ruleset")
    }
}

impl<R: Ruleset> DynRuleset for Typed<R> {
    fn info(&self) -> &RulesetInfo {
        self.0.info()
    }
    fn new_game(&self, seed: u64) -> GameState {
        GameState::new(self.0.new_game(seed))
    }
    fn check(&self, state: &GameState, action: &Action) -> Result<(), RuleViolation> {
        self.0.check(self.state(state), action)
    }
    fn apply(&self, state: &mut GameState, action: &Action) -> Result<Vec<Event>, RuleViolation> {
        let s = state
            .downcast_mut::<R::State>()
            .expect("game state belongs to another ruleset");
        self.0.apply(s, action)
    }
    fn legal_actions(&self, state: &GameState) -> Vec<Action> {
        let mut out = Vec::new();
        self.0.legal_actions(self.state(state), &mut out);
        out
    }
    fn places(&self, state: &GameState, from: PileId, index: u16) -> Places {
        let state = self.state(state);
        if let Err(refused) = self.0.may_lift(state, from, index) {
            return Places {
                refused: Some(refused),
                ..Places::default()
            };
        }
        let legal = self.0.legal_targets(state, from, index);
        let best = self.0.best_place(state, from, index, &legal);
        Places {
            best,
            legal,
            refused: None,
        }
    }
    fn view(&self, state: &GameState, seat: Seat) -> TableView {
        self.0.view(self.state(state), seat)
    }
    fn status(&self, state: &GameState) -> Status {
        self.0.status(self.state(state))
    }
    fn scoreboard(&self, state: &GameState) -> Scoreboard {
        self.0.scoreboard(self.state(state))
    }
    fn analyze_until(
        &self,
        state: &GameState,
        request: &AnalyzeRequest,
        cancel: &Cancel,
    ) -> Option<Analysis> {
        let state = self.state(state);
        metered(request.budget(), cancel, |keep_going| {
            self.0.analyze(state, request, keep_going)
        })
    }
    fn turn(&self, state: &GameState) -> Option<Turn> {
        self.0.turn(self.state(state))
    }
    fn encode_state(&self, state: &GameState) -> Vec<u8> {
        // Serializing plain data to JSON cannot fail for the derive-generated impls.
        serde_json::to_vec(self.state(state)).unwrap_or_default()
    }
    fn decode_state(&self, bytes: &[u8]) -> Result<GameState, StateError> {
        serde_json::from_slice::<R::State>(bytes)
            .map(GameState::new)
            .map_err(|e| StateError(e.to_string()))
    }
    fn import_position(&self, text: &str) -> Result<GameState, String> {
        self.0.import_position(text).map(GameState::new)
    }
    fn export_position(&self, state: &GameState) -> Option<String> {
        self.0.export_position(self.state(state))
    }
    fn may_undo(&self, state: &GameState, undone: usize) -> Result<(), RuleViolation> {
        self.0.may_undo(self.state(state), undone)
    }
    fn facts(&self, state: &GameState) -> Vec<Fact> {
        self.0.facts(self.state(state))
    }
    fn player_moves(&self, pile: PileId) -> bool {
        self.0.player_moves(pile)
    }
    fn meant_group(&self, state: &GameState, from: PileId, to: PileId) -> Option<u16> {
        self.0.meant_group(self.state(state), from, to)
    }
    fn shuffles(&self) -> Option<Shuffles> {
        self.0.shuffles()
    }
}

/// A variant setting the ruleset cannot accept.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct ParamError {
    /// The key at fault, dotted from the variant's top (`game.columns`), if one is.
    pub key: Option<String>,
    /// What is wrong and what was expected.
    pub message: String,
}

impl ParamError {
    /// An error about `key`.
    pub fn at(key: impl Into<String>, message: impl Into<String>) -> ParamError {
        ParamError {
            key: Some(key.into()),
            message: message.into(),
        }
    }
}

/// Everything a ruleset needs to build itself for one variant.
#[derive(Clone, Copy, Debug)]
pub struct Setup<'a> {
    /// The variant file, parsed.
    pub variant: &'a Variant,
    /// The scoring table it names, if any.
    pub scoring: Option<&'a ScoreTable>,
    /// The rules choice in force.
    pub rules: &'a RuleChoice,
}

/// `id` with its first letter a capital: the name a family goes by when it states none.
pub fn capitalised(id: &str) -> String {
    let mut chars = id.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// Makes ruleset instances from variants. One per ruleset, built in or loaded from a plugin.
pub trait RulesetFactory: Send + Sync {
    /// The id variant files name in `ruleset = "..."`.
    fn id(&self) -> &str;
    /// One line on the game.
    fn description(&self) -> &str;
    /// The family's name as a player writes it (with its own capitals, as players spell it); by default the id with a capital.
    fn name(&self) -> String {
        capitalised(self.id())
    }
    /// Rules choices, the default first.
    fn rule_choices(&self) -> Vec<RuleChoice>;
    /// Variant files the ruleset ships itself (plugins), as `(name, TOML text)`.
    fn bundled_variants(&self) -> Vec<(String, String)> {
        Vec::new()
    }
    /// Scoring tables the ruleset ships itself, as `(name.toml, TOML text)`: the host adds them
    /// (id: the name without `.toml`) before the bundled variants, which may name them.
    fn bundled_scoring(&self) -> Vec<(String, String)> {
        Vec::new()
    }
    /// A ruleset instance for one variant and rules choice, or what is wrong with the variant.
    fn build(&self, setup: Setup<'_>) -> Result<Arc<dyn DynRuleset>, ParamError>;
    /// Whether [`build`](Self::build) would accept the setup at a table whose host binds
    /// `reserved` itself ([`RulesetInfo::key_clash`]). The catalog checks every variant this way
    /// when it loads; a factory that can answer without building (a plugin that remembers its
    /// answers, so listing variants runs none of its code) says so here.
    fn check(&self, setup: Setup<'_>, reserved: &[HostKey]) -> Result<(), ParamError> {
        let ruleset = self.build(setup)?;
        match ruleset.info().key_clash(reserved) {
            Some(message) => Err(ParamError { key: None, message }),
            None => Ok(()),
        }
    }
}
