//! The terminal interface: `felt` alone opens the launcher, `felt play VARIANT` the table.
//! Glue only: felt-tui draws and plays; this picks the catalog, the options and the start,
//! records every game in the store as it is played, and hands felt-tui the games in progress
//! and the statistics as its plain values.

use super::{load_catalog, store_cmd, Global};
use anyhow::Result;
use felt_core::{Catalog, Seat, Session};
use felt_store::{GameId, GameResult, GameSummary, Recorder, Store, StoreError, Timestamp};
use felt_tui::local_time::local_date;
use felt_tui::{
    Bests, Observer, Outcome, PastGame, PositionSource, RecentGame, ReplayTape, SavedGame, Start,
    TuiOptions, VariantStats,
};
use std::time::Duration;

/// The variant the launcher opens on the first time.
const FIRST_VARIANT: &str = "spider-1suit";

/// Recent games the statistics screen's chart may show.
const RECENT: usize = 40;

/// `felt` with no command: the launcher.
pub fn launch(global: &Global) -> Result<()> {
    let catalog = load_catalog(global);
    let options = options(global, &catalog, None, None);
    felt_tui::run(catalog, options)
}

/// How `felt play` opens the table besides the session itself.
pub struct Opening {
    /// The recorder of a game resumed from the store, which goes on into its record.
    pub resumed: Option<Recorder>,
    /// The position file the game was set up from.
    pub position: Option<PositionSource>,
    /// A word for the player on the table (which game `--resume` picked of several).
    pub notice: Option<String>,
}

/// `felt play …` without `--headless`: straight to the table; `q` leads to the launcher.
/// `opening` says how: resumed, from a position file, with a word for the player.
pub fn play(global: &Global, catalog: Catalog, session: Session, opening: Opening) -> Result<()> {
    let Opening {
        resumed,
        position,
        notice,
    } = opening;
    let variant = session.ruleset().info().variant.clone();
    let undo_depth = catalog.get(&variant).map_or(100, |e| e.variant.undo_depth);
    let start = if resumed.is_some() {
        Start::Resumed {
            session,
            undo_depth,
        }
    } else {
        Start::Session {
            session,
            undo_depth,
            position,
        }
    };
    let mut options = options(global, &catalog, Some(start), resumed);
    options.notice = notice;
    felt_tui::run(catalog, options)
}

fn options(
    global: &Global,
    catalog: &Catalog,
    start: Option<Start>,
    resumed: Option<Recorder>,
) -> TuiOptions {
    let observer: Box<dyn Observer> = match store_cmd::data_dir(global.data_dir.as_deref())
        .and_then(|dir| Ok(Store::open_dir_for_reading(&dir)?))
    {
        Ok(store) => {
            store_cmd::adopt_aliases(&store, catalog);
            Box::new(Records::new(store, resumed).running_on(catalog))
        }
        // The player can still play; the first move tells them why nothing is kept.
        Err(e) => Box::new(Unrecorded(Some(format!("{e:#}")))),
    };
    TuiOptions {
        ascii: global.ascii,
        start,
        observer: Some(observer),
        // The game most players come for; the launcher opens on the last one played after.
        first_variant: Some(FIRST_VARIANT.to_string()),
        ..TuiOptions::default()
    }
}

/// Keeps each game's record up to date in the store, and reads the records for the launcher.
pub(crate) struct Records {
    store: Store,
    recorder: Recorder,
    /// Whether the game's code and actions rebuild it; a game from a position file does not,
    /// so it is not recorded.
    replayable: bool,
    /// Whether the player was told that the read-only store keeps no moves.
    told_read_only: bool,
    /// The change reported next is of a game played with help ([`Observer::assisted`]).
    assisted: bool,
    /// The play time the next change is reported at, kept with its step.
    time: Option<Duration>,
    /// The variants whose scoring table runs the score on across games.
    runs_on: Vec<String>,
}

impl Records {
    /// Records over `store`; `resumed` is the recorder of the game the app opens resumed.
    pub(crate) fn new(store: Store, resumed: Option<Recorder>) -> Records {
        Records {
            store,
            replayable: resumed.is_some(),
            recorder: resumed.unwrap_or_default(),
            told_read_only: false,
            assisted: false,
            time: None,
            runs_on: Vec::new(),
        }
    }

    /// These records, showing the running total of the variants in `catalog` whose scoring
    /// table says the score runs on.
    pub(crate) fn running_on(mut self, catalog: &Catalog) -> Records {
        self.runs_on = catalog
            .variants()
            .iter()
            .map(|e| e.variant.id.clone())
            .filter(|id| catalog.score_runs_on(id))
            .collect();
        self
    }
}

impl Observer for Records {
    fn changed(&mut self, session: &Session, new_game: bool) -> Result<(), String> {
        if new_game {
            // A new game ends no other: the player gives games up only by choosing to.
            self.recorder = Recorder::new();
            self.replayable = replays(session);
        }
        if std::mem::take(&mut self.assisted) {
            self.recorder.set_assisted();
        }
        // A stopped ruleset's status is a stand-in (a game over): recorded, it would end the
        // game's record, which is kept instead to resume in a new felt.
        if !self.replayable || session.ruleset().stopped().is_some() {
            return Ok(());
        }
        if let Some(time) = self.time.take() {
            self.recorder.set_played(time);
        }
        match self.store.record_step(&mut self.recorder, session) {
            Ok(_) => Ok(()),
            // A read-only folder refuses every move alike: told once, as the player is when
            // the store cannot be opened at all, rather than at every move.
            Err(StoreError::ReadOnly { .. }) if self.told_read_only => Ok(()),
            Err(e) => {
                self.told_read_only |= matches!(e, StoreError::ReadOnly { .. });
                Err(e.to_string())
            }
        }
    }

    fn played(&mut self, time: Duration, leaving: bool) -> Result<(), String> {
        if !leaving {
            self.time = Some(time);
            return Ok(());
        }
        if !self.replayable || self.store.read_only() {
            return Ok(());
        }
        self.store
            .record_time(&mut self.recorder, time)
            .map_err(|e| e.to_string())
    }

    fn time_played(&mut self) -> Duration {
        self.recorder.played().unwrap_or_default()
    }

    fn saved_games(&mut self) -> Result<Vec<SavedGame>, String> {
        let now = Timestamp::now();
        let games = self.store.all_in_progress().map_err(|e| e.to_string())?;
        Ok(games.iter().map(|g| saved(g, now)).collect())
    }

    fn give_up(&mut self, games: Vec<i64>) -> Result<(), String> {
        // The game left for the launcher lets go of its lock first: it may be one of these.
        self.recorder = Recorder::new();
        let games: Vec<GameId> = games.into_iter().map(GameId).collect();
        self.store
            .give_up(&games)
            .map(|_| ())
            .map_err(|e| e.to_string())
    }

    fn abandoned(&mut self) -> Result<(), String> {
        if !self.replayable || self.store.read_only() {
            return Ok(());
        }
        self.store
            .abandon(&mut self.recorder)
            .map(|_| ())
            .map_err(|e| e.to_string())
    }

    fn assisted(&mut self) {
        self.assisted = true;
    }

    fn resume(&mut self, game: &SavedGame, catalog: &Catalog) -> Result<Session, String> {
        let ruleset = catalog
            .build(&game.variant, Some(&game.rules))
            .map_err(|e| e.to_string())?;
        let depth = catalog
            .get(&game.variant)
            .map_or(100, |e| e.variant.undo_depth);
        // The game left for the launcher lets go of its lock first: it may be this very game.
        self.recorder = Recorder::new();
        let (session, recorder) = self
            .store
            .resume(GameId(game.id), ruleset, depth)
            .map_err(|e| e.to_string())?;
        // From here on this session's changes go into the resumed record.
        self.recorder = recorder;
        self.replayable = true;
        Ok(session)
    }

    fn running_total(&mut self, variant: &str) -> Option<i64> {
        if !self.runs_on.iter().any(|v| v == variant) {
            return None;
        }
        let stats = self.store.stats(variant).ok()?;
        Some(stats.score_total.unwrap_or(0))
    }

    fn bests(&mut self, variant: &str) -> Option<Bests> {
        // A database that cannot be read claims no best: the finish window then shows only
        // the game's own figures.
        let stats = self.store.stats(variant).ok()?;
        Some(Bests {
            score: stats.best_score,
            moves: stats.fewest_moves_won,
            time: stats.best_time,
        })
    }

    fn statistics(&mut self) -> Result<Vec<VariantStats>, String> {
        let all = self.store.all_stats().map_err(|e| e.to_string())?;
        all.into_iter()
            .map(|s| {
                let recent = self
                    .store
                    .recent(&s.variant, Some(RECENT))
                    .map_err(|e| e.to_string())?;
                let runs_on = self.runs_on.contains(&s.variant);
                let running_total = runs_on.then(|| s.score_total.unwrap_or(0));
                Ok(VariantStats {
                    variant: s.variant,
                    played: s.played,
                    won: s.won,
                    lost: s.lost,
                    win_rate: s.win_rate,
                    current_win_streak: s.current_win_streak,
                    current_loss_streak: s.current_loss_streak,
                    longest_win_streak: s.longest_win_streak,
                    longest_loss_streak: s.longest_loss_streak,
                    best_score: s.best_score,
                    fewest_moves_won: s.fewest_moves_won,
                    average_moves_won: s.average_moves_won,
                    best_time: s.best_time,
                    facts: s.facts,
                    running_total,
                    assisted_played: s.assisted.played,
                    assisted_won: s.assisted.won,
                    recent: recent
                        .iter()
                        .map(|g| RecentGame {
                            outcome: outcome(g.result),
                            moves: g.moves,
                            score: g.score,
                            played: g.played,
                        })
                        .collect(),
                })
            })
            .collect()
    }

    fn games(&mut self, variant: &str, limit: usize) -> Result<Vec<PastGame>, String> {
        let games = self
            .store
            .games(Some(variant), limit)
            .map_err(|e| e.to_string())?;
        Ok(games.iter().map(past).collect())
    }

    fn replay(&mut self, id: i64, catalog: &Catalog) -> Result<ReplayTape, String> {
        // As `felt replay --id` reads it: a record gone, or a variant whose plugin is not
        // loaded, is an error for the list to show.
        let record = self.store.record(GameId(id)).map_err(|e| e.to_string())?;
        let summary = &record.summary;
        let ruleset = catalog
            .build(&summary.variant, Some(&summary.rules))
            .map_err(|e| e.to_string())?;
        let replayer = record
            .replayer(ruleset, Seat::SOLO)
            .map_err(|e| e.to_string())?;
        Ok(store_cmd::tape(catalog, replayer))
    }
}

/// A game of the store as the statistics screen's list shows it: started to the minute, on
/// the player's own clock (the local time zone).
fn past(game: &GameSummary) -> PastGame {
    PastGame {
        id: game.id.0,
        code: game.code.clone(),
        outcome: outcome(game.result),
        score: game.score,
        moves: game.moves,
        played: game.played,
        started: crate::started::local_start(game.started),
        assisted: game.assisted,
    }
}

fn outcome(result: GameResult) -> Outcome {
    match result {
        GameResult::Playing => Outcome::Playing,
        GameResult::Won => Outcome::Won,
        GameResult::Lost => Outcome::Lost,
        GameResult::Abandoned => Outcome::Abandoned,
    }
}

fn saved(game: &GameSummary, now: Timestamp) -> SavedGame {
    SavedGame {
        id: game.id.0,
        variant: game.variant.clone(),
        rules: game.rules.clone(),
        code: game.code.clone(),
        moves: game.moves,
        started: ago(game.started, now),
    }
}

/// How long ago `then` was, in words a player reads at a glance; a date after a month.
fn ago(then: Timestamp, now: Timestamp) -> String {
    let secs = now.0.saturating_sub(then.0).max(0);
    match secs {
        0..60 => "just now".to_string(),
        60..3_600 => format!("{} min ago", secs / 60),
        3_600..86_400 => format!("{} h ago", secs / 3_600),
        86_400..172_800 => "yesterday".to_string(),
        172_800..2_592_000 => format!("{} days ago", secs / 86_400),
        _ => local_date(then.0).unwrap_or_else(|| then.to_rfc3339().chars().take(10).collect()),
    }
}

/// True when the deal of `session`'s code and its actions give its current state.
fn replays(session: &Session) -> bool {
    let mut fresh = Session::new(session.ruleset().clone(), session.code().clone(), 0);
    fresh.replay(session.log()).is_ok() && fresh.state() == session.state()
}

/// The store could not be opened: say so once, then let the player be.
struct Unrecorded(Option<String>);

impl Observer for Unrecorded {
    fn changed(&mut self, _: &Session, _: bool) -> Result<(), String> {
        self.0.take().map_or(Ok(()), Err)
    }

    fn saved_games(&mut self) -> Result<Vec<SavedGame>, String> {
        Ok(Vec::new())
    }

    fn statistics(&mut self) -> Result<Vec<VariantStats>, String> {
        Err("the game database could not be opened".to_string())
    }
}

#[cfg(test)]
mod tests;
