//! What the app tells the binary and asks of it: the [`Observer`] that keeps the records.

use crate::games_list::PastGame;
use crate::records::{Bests, ReplayTape, SavedGame, VariantStats};
use felt_core::{Catalog, Session};
use std::time::Duration;

/// Told of every change to the game on the table, and asked for the records it keeps, so the
/// binary can keep records without felt-tui knowing where they go. Only `changed` is required:
/// an observer that keeps nothing offers no game to continue and no statistics.
pub trait Observer {
    /// `session` changed: an action, an undo or redo, a restart, or a new deal (`new_game`,
    /// also true for the first report of a game just opened, but not of one resumed). An error
    /// is shown to the player.
    fn changed(&mut self, session: &Session, new_game: bool) -> Result<(), String>;

    /// The games in progress the launcher offers to continue, by variant and newest first
    /// within a variant (the launcher's question names a variant's first).
    fn saved_games(&mut self) -> Result<Vec<SavedGame>, String> {
        Ok(Vec::new())
    }

    /// The player gave up `games` (by [`SavedGame::id`]) for a new game in the launcher: they
    /// count as lost now, whether or not the new game is ever played. A new game ends no
    /// other game by itself: only this and [`Observer::abandoned`] do. An error (a game open
    /// in another felt, which is then left as it is) is shown to the player.
    fn give_up(&mut self, games: Vec<i64>) -> Result<(), String> {
        let _ = games;
        Ok(())
    }

    /// The player abandoned the game being recorded for a new deal (and confirmed it): it
    /// counts as lost now, not at the next game's first move. Told before the new deal's
    /// first report.
    fn abandoned(&mut self) -> Result<(), String> {
        Ok(())
    }

    /// The change [`Observer::changed`] reports next is of a game played with help: the demo
    /// moved in it, or the player followed a hint where hints count as help. Told before each
    /// such report; the record is then assisted for good, never a best and counted apart.
    fn assisted(&mut self) {}

    /// Rebuilds `game` with its undo history, with a ruleset built from `catalog`, and makes it
    /// the game being recorded: the app reports its changes with `new_game` false, so they go
    /// on into the same record.
    fn resume(&mut self, game: &SavedGame, catalog: &Catalog) -> Result<Session, String> {
        let _ = catalog;
        Err(format!("game {} is not kept anywhere", game.code))
    }

    /// Statistics of every variant played, with their recent games.
    fn statistics(&mut self) -> Result<Vec<VariantStats>, String> {
        Ok(Vec::new())
    }

    /// The last `limit` games of `variant`, newest first, for the statistics screen's list of
    /// past games: their numbers are the ones `felt replay --id` and `felt export` take.
    fn games(&mut self, variant: &str, limit: usize) -> Result<Vec<PastGame>, String> {
        let _ = (variant, limit);
        Ok(Vec::new())
    }

    /// The tape of record `id` (a number [`Observer::games`] gave), with a ruleset built from
    /// `catalog`, for the replay viewer the list of past games opens; or why it cannot be read
    /// (the record is gone, its game's plugin is not loaded), which the list shows.
    fn replay(&mut self, id: i64, catalog: &Catalog) -> Result<ReplayTape, String> {
        let _ = catalog;
        Err(format!("game {id} is not kept anywhere"))
    }

    /// The game on the table has been played for `time` by the host's clock. Told before
    /// each [`Observer::changed`] with `leaving` false (the time of the change about to be
    /// reported, to keep with it); with `leaving` true the time is to be kept at once, for the
    /// game being recorded now: it leaves the table (a new deal, the menu, quitting) or the
    /// terminal went to the background, and the time since its last change counts too.
    fn played(&mut self, time: Duration, leaving: bool) -> Result<(), String> {
        let _ = (time, leaving);
        Ok(())
    }

    /// How long the game being recorded had been played when it was resumed (its clock goes
    /// on from there); zero when nothing is known.
    fn time_played(&mut self) -> Duration {
        Duration::ZERO
    }

    /// `variant`'s best won games so far, for the finish window to compare the game just
    /// ended with; asked for as each deal opens, before it is recorded. `None` when nothing is
    /// known (no records are kept), and the window then claims no best.
    fn bests(&mut self, variant: &str) -> Option<Bests> {
        let _ = variant;
        None
    }

    /// The running total of `variant`'s score before the game now starting, when its scoring
    /// table says the score runs on across games; the table shows it as the game opens.
    fn running_total(&mut self, variant: &str) -> Option<i64> {
        let _ = variant;
        None
    }
}
