//! felt-core: everything generic about a card game.
//!
//! Cards and decks, the deterministic shuffle, game codes, the variant schema, the table view
//! renderers draw, the generic actions, the [`Ruleset`] trait, the [`Session`] with undo, and
//! the [`Advisor`] that gives hints from a ruleset's plans.
//! ✱ Contract 2: nothing here knows any particular game.

#![warn(missing_docs)]

pub mod action;
pub mod advice;
pub mod analysis;
pub mod card;
pub mod catalog;
pub mod code;
pub mod deck;
pub mod facts;
pub mod ruleset;
pub mod session;
pub mod text;
pub mod variant;
pub mod view;

pub use action::{Action, PileId, Seat};
pub use advice::{Advice, Advisor, Hint, HINT_STATES};
pub use analysis::{Budget, Cancel, KeepGoing, Report, Stopped};
pub use card::{cards_in_text, Card, CardParseError, CardText, Rank, Suit};
pub use catalog::{Catalog, CatalogError, Entry};
pub use code::{CodeError, GameCode};
pub use deck::{shuffle, DeckError, DeckSpec};
pub use facts::{Fact, FactSummary, Summary};
pub use ruleset::{
    Analysis, AnalyzeRequest, Command, DynRuleset, Event, ExtraKey, GameState, HostKey, ParamError,
    Places, RuleChoice, RuleViolation, Ruleset, RulesetFactory, RulesetInfo, Scoreboard, Setup,
    Shuffles, StateError, Status, Turn, Typed,
};
pub use session::Session;
pub use variant::{Origin, ScoreTable, Variant, VariantError};
pub use view::{
    clip, CardFace, DrawHint, Moment, PileRole, PileView, Place, Prompt, PromptOption, Sheet,
    StatusItem, TableView,
};
