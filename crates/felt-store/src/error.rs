//! What can go wrong with the store, each with a message a person can act on.

use crate::model::{GameId, GameResult};
use felt_core::RuleViolation;
use std::path::PathBuf;

/// A failure of the store. A corrupt database is not one of these: it is moved aside and
/// reported by [`crate::Store::recovery`].
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The data directory could not be created.
    #[error("cannot create the data directory {path}: {source}")]
    Directory {
        /// The directory.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The database could not be opened or read, for a reason that moving it aside would not
    /// cure (permissions, a full disk, another felt holding a lock too long).
    #[error("game database {path}: {source}")]
    Database {
        /// The database file.
        path: PathBuf,
        /// SQLite's reason.
        source: rusqlite::Error,
    },
    /// Damage found while reading: the next start checks the whole file and moves it aside if
    /// it must.
    #[error("the game database {path} is damaged ({source}); felt will check it when it next starts and, if it must, move it aside and start a fresh one")]
    Corrupt {
        /// The database file.
        path: PathBuf,
        /// SQLite's reason.
        source: rusqlite::Error,
    },
    /// An unusable database could not be moved out of the way.
    #[error(
        "the game database {path} is unusable ({reason}) and could not be moved aside to {to}: {source}"
    )]
    MoveAside {
        /// The database file.
        path: PathBuf,
        /// Where it was to go.
        to: PathBuf,
        /// Why it is unusable.
        reason: String,
        /// Why the move failed.
        source: std::io::Error,
    },
    /// Even a freshly created database could not be used (a broken file system, say).
    #[error("a fresh game database at {path} cannot be used either: {reason}")]
    FreshUnusable {
        /// The database file.
        path: PathBuf,
        /// Why.
        reason: String,
    },
    /// A newer felt wrote the database: this one does not know its tables, and touches nothing.
    #[error("the game database {path} was written by a newer felt (schema version {version}; this felt knows up to {known}): upgrade felt, or use --data-dir for another folder")]
    TooNew {
        /// The database file.
        path: PathBuf,
        /// Its schema version.
        version: i64,
        /// The newest this felt knows.
        known: i64,
    },
    /// The database opens but cannot give the guarantees felt needs.
    #[error("the game database {path} cannot be used safely: {reason}")]
    Unsupported {
        /// The database file.
        path: PathBuf,
        /// Why.
        reason: String,
    },
    /// The database was opened read-only ([`crate::Store::open_read_only`]): it can be read,
    /// not written.
    #[error("the game database {path} is read-only here (felt may not write to its folder): its games can be shown, replayed and exported, but this game's moves are not recorded; use --data-dir for a folder felt may write to")]
    ReadOnly {
        /// The database file.
        path: PathBuf,
    },
    /// No record has this id.
    #[error("there is no game #{0} in the records (`felt stats --games` lists them)")]
    NoSuchGame(GameId),
    /// Another felt is playing the game: two would overwrite each other's moves.
    #[error("game #{0} is open in another felt: go on there, watch it with `felt replay --id {0}`, or start a new game")]
    OpenElsewhere(GameId),
    /// Only a game in progress can be resumed.
    #[error("game #{id} cannot be resumed: it is {result}")]
    NotInProgress {
        /// The game.
        id: GameId,
        /// How it ended.
        result: GameResult,
    },
    /// The ruleset handed in plays another variant or rules than the record.
    #[error("game #{id} is {variant} with {rules} rules, but the ruleset given plays {given_variant} with {given_rules} rules")]
    WrongRuleset {
        /// The game.
        id: GameId,
        /// The record's variant.
        variant: String,
        /// The record's rules.
        rules: String,
        /// The ruleset's variant.
        given_variant: String,
        /// The ruleset's rules.
        given_rules: String,
    },
    /// A stored field does not read back (written by hand, or by a broken felt).
    #[error("game #{id} has a damaged record: {what}")]
    Damaged {
        /// The game.
        id: GameId,
        /// What does not read.
        what: String,
    },
    /// The recorded actions do not replay with this ruleset.
    #[error(transparent)]
    Replay(#[from] ReplayError),
}

/// A recorded action the ruleset refuses: the record belongs to other rules or another version.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("action {number} of the record ({action}) is refused: {violation}")]
pub struct ReplayError {
    /// 1-based number of the refused action.
    pub number: usize,
    /// The action, as the record writes it.
    pub action: String,
    /// The ruleset's reason.
    pub violation: RuleViolation,
}

/// A record text file that does not read, with the line at fault.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {message}")]
pub struct RecordTextError {
    /// 1-based line.
    pub line: usize,
    /// What is wrong and what was expected.
    pub message: String,
}
