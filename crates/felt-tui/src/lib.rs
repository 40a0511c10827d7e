//! felt-tui: the one terminal renderer and the launcher.
//!
//! It draws a [`felt_core::TableView`] and nothing else, so every ruleset, built in or a
//! plugin, is drawn by the same code (✱ contracts 2 and 3). Which cards may move and where
//! comes from the session's legal actions and the ruleset's rankings, never from game
//! knowledge here.
//!
//! The shape is Elm's: [`input`] turns terminal events into [`input::Msg`]s in one place;
//! [`App::update`] changes the state; [`App::draw`] draws it. Tests drive the same
//! [`App::handle`] the terminal loop calls.
//!
//! felt-tui keeps no records: the launcher's "Continue" lines, the statistics screen and the
//! replay viewer take plain values ([`records`]) that the binary's [`Observer`] reads from its
//! store, so this crate knows no database and no game.

#![warn(missing_docs)]

pub mod analysis;
pub mod app;
pub mod charts;
pub mod clock;
mod cursor;
pub mod demo;
mod describe;
pub mod draw;
mod finish;
pub mod game;
mod game_view;
pub mod games_list;
mod help_view;
pub mod hit;
pub mod input;
pub mod keymap;
pub mod launcher;
mod launcher_view;
pub mod layout;
pub mod local_time;
pub mod look;
mod message_line;
mod mouse;
mod note;
pub mod options;
mod pages;
mod paint;
mod pilekeys;
mod play;
pub mod records;
pub mod replay;
pub mod settings;
pub mod stats;
mod term;
pub mod theme;

pub use app::{App, Flow, Observer, Start};
pub use game::{Effect, Game, GameSetup, PositionSource, Seeds};
pub use games_list::PastGame;
pub use records::{
    Bests, Outcome, RecentGame, ReplayFrame, ReplayFrames, ReplayTape, SavedGame, VariantStats,
};
pub use term::restore;
pub use theme::Theme;

use felt_core::Catalog;
use std::path::PathBuf;

/// How the binary opens the interface.
#[derive(Default)]
pub struct TuiOptions {
    /// Draw with ASCII only (`--ascii`); also chosen when the locale is not UTF-8.
    pub ascii: bool,
    /// Draw a four-colour deck whatever the settings say.
    pub four_colour: bool,
    /// The settings file; `None` uses `tui.toml` in the user's config directory.
    pub settings: Option<PathBuf>,
    /// Open straight into a game rather than the launcher.
    pub start: Option<Start>,
    /// Hears of every change to the game on the table (the binary records games with it).
    pub observer: Option<Box<dyn Observer>>,
    /// The variant the launcher opens on before the player has chosen one.
    pub first_variant: Option<String>,
    /// News for the player on the first screen (which game `--resume` picked of several).
    pub notice: Option<String>,
}

/// The theme for `options` in the current environment: `NO_COLOR`, and the locale for ASCII.
pub fn theme_from_env(options: &TuiOptions) -> Theme {
    let var = |k: &str| std::env::var(k).ok();
    Theme {
        ascii: options.ascii
            || theme::ascii_needed(
                var("LC_ALL").as_deref(),
                var("LC_CTYPE").as_deref(),
                var("LANG").as_deref(),
            ),
        colour: !theme::no_color_requested(var("NO_COLOR").as_deref()),
        four_colour: options.four_colour,
        ..Theme::default()
    }
}

/// Opens the launcher (or the game `options.start` names) in the terminal and runs until the
/// player quits. The terminal is restored on every way out.
pub fn run(catalog: Catalog, options: TuiOptions) -> anyhow::Result<()> {
    let theme = theme_from_env(&options);
    let settings = options.settings.clone().or_else(settings::default_path);
    let mut app = App::new(catalog, theme, settings, options.start, clock_seed())
        .map_err(anyhow::Error::msg)?;
    if let Some(id) = &options.first_variant {
        app.prefer_variant(id);
    }
    if let Some(text) = options.notice {
        app.tell(text);
    }
    if let Some(observer) = options.observer {
        app.set_observer(observer);
    }
    term::run_app(app)
}

/// A seed for new deals from the clock: the host's choice, never a ruleset's (✱ contract 1).
fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
}
