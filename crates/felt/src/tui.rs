//! The terminal interface: `felt` alone opens the launcher, `felt play VARIANT` the table.
//! Glue only: felt-tui draws and plays; this picks the catalog, the options and the start,
//! records every game in the store as it is played, and hands felt-tui the games in progress
//! and the statistics as its plain values.

use super::{load_catalog, store_cmd, Global};
use anyhow::Result;
use felt_core::{Catalog, Session};
use felt_store::{GameId, GameResult, GameSummary, Recorder, Store, Timestamp};
use felt_tui::{Observer, Outcome, RecentGame, SavedGame, Start, TuiOptions, VariantStats};

/// Recent games the statistics screen's chart may show.
const RECENT: usize = 40;

/// `felt` with no command: the launcher.
pub fn launch(global: &Global) -> Result<()> {
    let catalog = load_catalog(global);
    felt_tui::run(catalog, options(global, None, None))
}

/// `felt play …` without `--headless`: straight to the table; `q` leads to the launcher.
/// `resumed` is the recorder of a game resumed from the store, which goes on into its record.
pub fn play(
    global: &Global,
    catalog: Catalog,
    session: Session,
    resumed: Option<Recorder>,
) -> Result<()> {
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
        }
    };
    felt_tui::run(catalog, options(global, Some(start), resumed))
}

fn options(global: &Global, start: Option<Start>, resumed: Option<Recorder>) -> TuiOptions {
    let observer: Box<dyn Observer> = match store_cmd::data_dir(global.data_dir.as_deref())
        .and_then(|dir| Ok(Store::open_dir(&dir)?))
    {
        Ok(store) => Box::new(Records::new(store, resumed)),
        // The player can still play; the first move tells them why nothing is kept.
        Err(e) => Box::new(Unrecorded(Some(format!("{e:#}")))),
    };
    TuiOptions {
        ascii: global.ascii,
        start,
        observer: Some(observer),
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
}

impl Records {
    /// Records over `store`; `resumed` is the recorder of the game the app opens resumed.
    pub(crate) fn new(store: Store, resumed: Option<Recorder>) -> Records {
        Records {
            store,
            replayable: resumed.is_some(),
            recorder: resumed.unwrap_or_default(),
        }
    }
}

impl Observer for Records {
    fn changed(&mut self, session: &Session, new_game: bool) -> Result<(), String> {
        if new_game {
            self.recorder = Recorder::new();
            self.replayable = replays(session);
        }
        if !self.replayable {
            return Ok(());
        }
        self.store
            .record_step(&mut self.recorder, session)
            .map(|_| ())
            .map_err(|e| e.to_string())
    }

    fn saved_games(&mut self) -> Result<Vec<SavedGame>, String> {
        let now = Timestamp::now();
        let games = self.store.all_in_progress().map_err(|e| e.to_string())?;
        Ok(games.iter().map(|g| saved(g, now)).collect())
    }

    fn resume(&mut self, game: &SavedGame, catalog: &Catalog) -> Result<Session, String> {
        let ruleset = catalog
            .build(&game.variant, Some(&game.rules))
            .map_err(|e| e.to_string())?;
        let depth = catalog
            .get(&game.variant)
            .map_or(100, |e| e.variant.undo_depth);
        let (session, recorder) = self
            .store
            .resume(GameId(game.id), ruleset, depth)
            .map_err(|e| e.to_string())?;
        // From here on this session's changes go into the resumed record.
        self.recorder = recorder;
        self.replayable = true;
        Ok(session)
    }

    fn statistics(&mut self) -> Result<Vec<VariantStats>, String> {
        let all = self.store.all_stats().map_err(|e| e.to_string())?;
        all.into_iter()
            .map(|s| {
                let recent = self
                    .store
                    .recent(&s.variant, Some(RECENT))
                    .map_err(|e| e.to_string())?;
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
                    recent: recent
                        .iter()
                        .map(|g| RecentGame {
                            outcome: outcome(g.result),
                            moves: g.moves,
                        })
                        .collect(),
                })
            })
            .collect()
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
        _ => then.to_rfc3339().chars().take(10).collect(),
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
mod tests {
    use super::*;

    #[test]
    fn ages_read_at_a_glance() {
        let now = Timestamp::parse("2025-03-10T12:00:00Z").expect("time");
        let at = |t: &str| ago(Timestamp::parse(t).expect("time"), now);
        assert_eq!(at("2025-03-10T11:59:30Z"), "just now");
        assert_eq!(at("2025-03-10T11:35:00Z"), "25 min ago");
        assert_eq!(at("2025-03-10T09:00:00Z"), "3 h ago");
        assert_eq!(at("2025-03-09T10:00:00Z"), "yesterday");
        assert_eq!(at("2025-03-04T12:00:00Z"), "6 days ago");
        assert_eq!(at("2025-01-02T08:00:00Z"), "2025-01-02");
        // A clock set back reads as now, not as a negative age.
        assert_eq!(at("2025-03-10T12:05:00Z"), "just now");
    }
}
