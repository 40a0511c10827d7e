//! The terminal interface: `felt` alone opens the launcher, `felt play VARIANT` the table.
//! Glue only: felt-tui draws and plays; this picks the catalog, the options and the start.

use super::{load_catalog, Global};
use anyhow::Result;
use felt_core::{Catalog, Session};
use felt_tui::{Start, TuiOptions};

/// `felt` with no command: the launcher.
pub fn launch(global: &Global) -> Result<()> {
    let catalog = load_catalog(global);
    felt_tui::run(catalog, options(global, None))
}

/// `felt play …` without `--headless`: straight to the table; `q` leads to the launcher.
pub fn play(global: &Global, catalog: Catalog, session: Session) -> Result<()> {
    let variant = session.ruleset().info().variant.clone();
    let undo_depth = catalog.get(&variant).map_or(100, |e| e.variant.undo_depth);
    let start = Start::Session { session, undo_depth };
    felt_tui::run(catalog, options(global, Some(start)))
}

fn options(global: &Global, start: Option<Start>) -> TuiOptions {
    TuiOptions {
        ascii: global.ascii,
        start,
        ..TuiOptions::default()
    }
}
