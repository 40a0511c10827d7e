//! What the interface shows of the game records, as plain values: the games in progress the
//! launcher offers to continue, the statistics per variant, and a recorded game to replay.
//!
//! felt-tui keeps no records itself (it knows no database, ✱ contract 9 is the store's); the
//! binary fills these from its store through [`crate::Observer`].

use felt_core::{Action, Status, TableView};
use std::time::Duration;

/// A game quit unfinished, kept to be continued; a player may keep several of one variant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SavedGame {
    /// The record's number, as the observer knows it.
    pub id: i64,
    /// The variant's id.
    pub variant: String,
    /// The rules choice's id.
    pub rules: String,
    /// The game code of its deal.
    pub code: String,
    /// Moves made, as the variant's rules count them.
    pub moves: u32,
    /// When it was started, in words for the player ("2 h ago", "2025-03-01").
    pub started: String,
}

/// How a recorded game ended, or that it has not.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Won.
    Won,
    /// Lost: the game ended without a win.
    Lost,
    /// Given up unfinished by the player: counted as a loss.
    Abandoned,
    /// Still in progress.
    Playing,
}

impl Outcome {
    /// One letter for a chart's label: `W`, `L`, `A`, or `·` (`.` in ASCII) in progress.
    pub fn letter(self, ascii: bool) -> &'static str {
        match self {
            Outcome::Won => "W",
            Outcome::Lost => "L",
            Outcome::Abandoned => "A",
            Outcome::Playing if ascii => ".",
            Outcome::Playing => "·",
        }
    }
}

/// One game of a variant's recent history, for the chart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RecentGame {
    /// How it ended.
    pub outcome: Outcome,
    /// Moves made.
    pub moves: u32,
    /// Points at its last step, if the variant scores points.
    pub score: Option<i64>,
    /// How long it was played, if a clock was kept.
    pub played: Option<Duration>,
}

/// One variant's statistics, as counted from its records.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct VariantStats {
    /// The variant's id.
    pub variant: String,
    /// The player's own games with at least one move, those in progress too (every figure
    /// but the assisted ones is over the player's own games).
    pub played: u64,
    /// Games won.
    pub won: u64,
    /// Games lost, abandoned ones included.
    pub lost: u64,
    /// Won over finished games, 0 to 1; `None` before any game finished.
    pub win_rate: Option<f64>,
    /// Wins in a row up to the latest finished game.
    pub current_win_streak: u64,
    /// Losses in a row up to the latest finished game.
    pub current_loss_streak: u64,
    /// The longest run of wins.
    pub longest_win_streak: u64,
    /// The longest run of losses.
    pub longest_loss_streak: u64,
    /// The best final score of a won game, if the variant scores points.
    pub best_score: Option<i64>,
    /// The fewest moves in a won game.
    pub fewest_moves_won: Option<u32>,
    /// The mean moves of won games.
    pub average_moves_won: Option<f64>,
    /// The fastest won game by the game clock (games without a time are not counted).
    pub best_time: Option<Duration>,
    /// The facts the ruleset states about its games, summed up over finished games; when
    /// there are any, the screen shows them in place of the moves.
    pub facts: Vec<felt_core::FactSummary>,
    /// The variant's running total, for a scoring table whose score runs on across games
    /// (the sum of its finished games' scores); `None` for any other.
    pub running_total: Option<i64>,
    /// Games played with help (the demo moved, or a followed hint where hints count as
    /// help): counted here alone, in none of the figures above.
    pub assisted_played: u64,
    /// Of them, those won.
    pub assisted_won: u64,
    /// The latest games, oldest first.
    pub recent: Vec<RecentGame>,
}

/// A variant's best won games before the game on the table, as the finish window compares
/// them: each `None` when no won game of the player's own (help never sets a best) has one.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Bests {
    /// The highest score of a won game, if the variant scores points.
    pub score: Option<i64>,
    /// The fewest moves of a won game.
    pub moves: Option<u32>,
    /// The fastest won game by the game clock.
    pub time: Option<Duration>,
}

/// One position of a recorded game.
#[derive(Clone, Debug, PartialEq)]
pub struct ReplayFrame {
    /// The table there, as the replaying seat may see it.
    pub view: TableView,
    /// The action that led here; `None` for the deal.
    pub action: Option<Action>,
    /// Playing, won or over.
    pub status: Status,
}

/// The frames of a recorded game, each built when it is shown: a record of a million actions
/// is never built whole (the host's source keeps checkpoints and replays from them).
pub trait ReplayFrames {
    /// Frames there are: the deal, then one for each action.
    fn len(&self) -> usize;
    /// Whether there is no frame at all (the viewer then says so).
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// Frame `i`, `None` past the last.
    fn frame(&mut self, i: usize) -> Option<ReplayFrame>;
}

/// Frames built beforehand (tests, short records).
impl ReplayFrames for Vec<ReplayFrame> {
    fn len(&self) -> usize {
        Vec::len(self)
    }

    fn frame(&mut self, i: usize) -> Option<ReplayFrame> {
        self.get(i).cloned()
    }
}

/// A recorded game to step through: the deal, then one frame per action.
pub struct ReplayTape {
    /// What the viewer's status bar calls it: "Game #12 · " and the variant's name.
    pub title: String,
    /// The game code of its deal.
    pub code: String,
    /// The frames; the viewer shows nothing without at least one.
    pub frames: Box<dyn ReplayFrames>,
}
