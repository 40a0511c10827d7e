//! felt-store: game records, saved games, statistics and replays in one SQLite file.
//!
//! ✱ Contract 9: nothing is lost. Every change is one transaction in a write-ahead-logged
//! database; statistics are queries over the records, never counters kept apart; a database
//! that is corrupt or from a newer felt is moved aside, never overwritten.
//! ✱ Contract 2: the store knows no game. A record is a variant, ruleset, rules and game code,
//! the actions played, and what the ruleset's [`felt_core::Scoreboard`] and
//! [`felt_core::Status`] said, and the facts its ruleset states about it
//! ([`felt_core::Fact`]), which the statistics sum up without knowing what they mean.
//!
//! The host's part, in order:
//! 1. [`Store::open_dir`] at start; print [`Store::recovery`] if it is `Some`.
//! 2. A new game: a [`Recorder::new`] beside the [`felt_core::Session`]; after every action,
//!    undo, redo or restart, [`Store::record_step`].
//! 3. "Continue": [`Store::in_progress`] or [`Store::all_in_progress`], then [`Store::resume`].
//! 4. Statistics: [`Store::stats`], [`Store::all_stats`], and [`Store::recent`] for a chart.
//! 5. Replays: [`Store::record`], then [`GameRecord::replayer`], whose
//!    [`Replayer::reached`] is what the game was; for a file [`RecordFile::from_text`] and
//!    [`RecordFile::replayer`], which refuses a header its actions contradict.
//!    [`GameRecord::to_text`] exports.
//! 6. Giving up: the player's choice alone ends a game unfinished: [`Store::abandon`] (the
//!    game on the table, a new deal confirmed) or [`Store::give_up`] (games the player
//!    chose). A new game ends no other.
//! 7. Help: [`Recorder::set_assisted`] when the demo moved or a followed hint counts as help;
//!    the statistics count such games apart ([`VariantStats::assisted`]).

#![warn(missing_docs)]

mod connect;
mod error;
mod file;
mod lock;
mod model;
mod open;
mod query;
mod record;
mod recover;
mod replay;
mod schema;
mod stats;
mod text;
mod time;

pub use error::{RecordTextError, ReplayError, StoreError};
pub use file::RecordFile;
pub use model::{GameId, GameRecord, GameResult, GameSummary};
pub use open::{Clock, Store, FILE_NAME};
pub use record::{Recorded, Recorder};
pub use recover::Recovery;
pub use replay::{ReplayStep, Replayer, CHECKPOINT_EVERY};
pub use schema::LATEST as SCHEMA_VERSION;
pub use stats::{Assisted, Streaks, VariantStats};
pub use text::{action_from_text, action_to_text, RECORD_HEADER};
pub use time::Timestamp;
