//! The records the store keeps, as plain values.

use crate::time::Timestamp;
use felt_core::Action;
use serde::Serialize;
use std::fmt;
use std::time::Duration;

/// A game record's number, assigned in the order games were first played and never reused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(transparent)]
pub struct GameId(pub i64);

impl fmt::Display for GameId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// Where a recorded game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum GameResult {
    /// Still being played, or quit to be resumed (a player may keep several of a variant).
    Playing,
    /// Won.
    Won,
    /// Ended without a win (the ruleset said the game is over).
    Lost,
    /// Given up unfinished by the player (a new deal confirmed at the table, or the
    /// launcher's "start a new one"): counts as a loss. A new game alone never abandons one.
    Abandoned,
}

impl GameResult {
    /// The word stored in the database and in record files.
    pub fn as_str(self) -> &'static str {
        match self {
            GameResult::Playing => "playing",
            GameResult::Won => "won",
            GameResult::Lost => "lost",
            GameResult::Abandoned => "abandoned",
        }
    }

    /// The result a stored word names.
    pub fn parse(word: &str) -> Option<GameResult> {
        [
            GameResult::Playing,
            GameResult::Won,
            GameResult::Lost,
            GameResult::Abandoned,
        ]
        .into_iter()
        .find(|r| r.as_str() == word)
    }

    /// Whether statistics count it as a loss (lost or abandoned).
    pub fn is_loss(self) -> bool {
        matches!(self, GameResult::Lost | GameResult::Abandoned)
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            GameResult::Playing => "in progress",
            other => other.as_str(),
        })
    }
}

/// One game's row: everything but its actions.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GameSummary {
    /// Its number.
    pub id: GameId,
    /// The variant's id, as the catalog knows it.
    pub variant: String,
    /// The id of the ruleset that plays it.
    pub ruleset: String,
    /// The rules choice's id (`classic`).
    pub rules: String,
    /// The game code that deals it again.
    pub code: String,
    /// When its first action was made.
    pub started: Timestamp,
    /// When it was won, lost or abandoned; `None` while in progress.
    pub finished: Option<Timestamp>,
    /// Where it stands.
    pub result: GameResult,
    /// Points at the last recorded step, if the variant scores points.
    pub score: Option<i64>,
    /// Moves at the last recorded step, as the variant's rules count them.
    pub moves: u32,
    /// How many actions the record holds (undone ones are not kept).
    pub actions: u32,
    /// How long it was played by the host's game clock, up to its last recorded step; `None`
    /// when no clock was kept (a headless game, a game recorded before felt kept times).
    #[serde(rename = "played_ms", serialize_with = "millis")]
    pub played: Option<Duration>,
    /// Whether it was played with help (the demo moved in it, or a hint was followed where
    /// the player counts hints as help): it never sets a best, and the statistics count it
    /// apart from the player's own games.
    pub assisted: bool,
}

/// A time as whole milliseconds in JSON (`null` when there is none): the figure the database
/// keeps, which every JSON reader takes, unlike a structure of seconds and nanoseconds.
pub(crate) fn millis<S: serde::Serializer>(
    time: &Option<Duration>,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    match time {
        Some(t) => serializer.serialize_some(&to_millis(*t)),
        None => serializer.serialize_none(),
    }
}

/// `time` in whole milliseconds, as stored (a time beyond 292 million years is cut short).
pub(crate) fn to_millis(time: Duration) -> i64 {
    i64::try_from(time.as_millis()).unwrap_or(i64::MAX)
}

/// A stored time back as a duration; a negative one (which the schema refuses) reads as none.
pub(crate) fn from_millis(ms: Option<i64>) -> Option<Duration> {
    ms.and_then(|ms| u64::try_from(ms).ok())
        .map(Duration::from_millis)
}

/// A game's row and its actions, from the deal to the last recorded step.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GameRecord {
    /// The row.
    pub summary: GameSummary,
    /// The actions, replayable from the deal of `summary.code`.
    pub actions: Vec<Action>,
}
