//! The terminal interface: `felt` alone opens the launcher, `felt play VARIANT` the table.
//! Glue only: felt-tui draws and plays; this picks the catalog, the options and the start, and
//! records every game in the store as it is played.

use super::{load_catalog, store_cmd, Global};
use anyhow::Result;
use felt_core::{Catalog, Session};
use felt_store::{Recorder, Store};
use felt_tui::{Observer, Start, TuiOptions};

/// `felt` with no command: the launcher.
pub fn launch(global: &Global) -> Result<()> {
    let catalog = load_catalog(global);
    felt_tui::run(catalog, options(global, None))
}

/// `felt play …` without `--headless`: straight to the table; `q` leads to the launcher.
pub fn play(global: &Global, catalog: Catalog, session: Session) -> Result<()> {
    let variant = session.ruleset().info().variant.clone();
    let undo_depth = catalog.get(&variant).map_or(100, |e| e.variant.undo_depth);
    let start = Start::Session {
        session,
        undo_depth,
    };
    felt_tui::run(catalog, options(global, Some(start)))
}

fn options(global: &Global, start: Option<Start>) -> TuiOptions {
    let observer: Box<dyn Observer> = match store_cmd::data_dir(global.data_dir.as_deref())
        .and_then(|dir| Ok(Store::open_dir(&dir)?))
    {
        Ok(store) => Box::new(Records {
            store,
            recorder: Recorder::new(),
            replayable: false,
        }),
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

/// Keeps each game's record up to date in the store.
struct Records {
    store: Store,
    recorder: Recorder,
    /// Whether the game's code and actions rebuild it; a game from a position file does not,
    /// so it is not recorded.
    replayable: bool,
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
}
