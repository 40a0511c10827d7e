//! The app: the launcher or a game, one input mapping, one update, one view. The terminal loop
//! and the tests drive the same `App::handle` and `App::draw`.

use crate::game::{Effect, Game, GameSetup, Seeds};
use crate::input::{Input, Mode, Msg};
use crate::launcher::{setup_code, setup_variant, Launcher, LauncherEffect};
use crate::settings::Settings;
use crate::theme::Theme;
use crossterm::event::Event;
use felt_core::{Catalog, Session};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use std::path::PathBuf;
use std::time::Instant;

/// Where the app opens.
pub enum Start {
    /// A new deal of a variant, with rules (the variant's default when none).
    Variant {
        /// The variant's id.
        id: String,
        /// The rules' id.
        rules: Option<String>,
    },
    /// The deal a game code names.
    Code(String),
    /// A game already set up (a position file, a resumed save).
    Session {
        /// The game.
        session: Session,
        /// How far undo reaches in the next deals.
        undo_depth: usize,
    },
}

/// Told of every change to the game on the table, so the binary can keep records without
/// felt-tui knowing where they go.
pub trait Observer {
    /// `session` changed: an action, an undo or redo, a restart, or a new deal (`new_game`,
    /// also true for the first report of a game just opened). An error is shown to the player.
    fn changed(&mut self, session: &Session, new_game: bool) -> Result<(), String>;
}

/// Whether the app goes on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    /// Keep running.
    Continue,
    /// Leave.
    Quit,
}

/// The whole interface's state.
pub struct App {
    catalog: Catalog,
    theme: Theme,
    input: Input,
    launcher: Launcher,
    game: Option<Game>,
    seeds: Seeds,
    clipboard: Option<String>,
    observer: Option<Box<dyn Observer>>,
    /// The revision of the game last reported to the observer, and the deal it belonged to
    /// (none before the first report of a game just opened).
    reported: (u64, Option<u64>),
}

impl App {
    /// An app over `catalog`, drawn with `theme`, remembering through `settings_path`
    /// (`None`: nothing is remembered), opening at `start` or at the launcher. `seed` starts
    /// the numbering of new deals. Fails when `start` names no playable game.
    pub fn new(
        catalog: Catalog,
        theme: Theme,
        settings_path: Option<PathBuf>,
        start: Option<Start>,
        seed: u64,
    ) -> Result<App, String> {
        let (settings, problem) = match &settings_path {
            Some(p) => Settings::load(p),
            None => (Settings::default(), None),
        };
        let launcher = Launcher::new(&catalog, settings, settings_path);
        let mut app = App {
            catalog,
            theme,
            input: Input::default(),
            launcher,
            game: None,
            seeds: Seeds(seed),
            clipboard: None,
            observer: None,
            reported: (0, None),
        };
        if let Some(e) = problem {
            app.launcher.set_note(e.to_string(), true);
        }
        if let Some(start) = start {
            let setup = match start {
                Start::Variant { id, rules } => {
                    let shuffle = app.seeds.next_shuffle();
                    setup_variant(&app.catalog, &id, rules.as_deref(), shuffle)?
                }
                Start::Code(text) => setup_code(&app.catalog, &text)?,
                Start::Session {
                    session,
                    undo_depth,
                } => {
                    app.game = Some(Game::from_session(
                        session,
                        undo_depth,
                        app.game_theme(),
                        app.launcher.settings.auto_place,
                        app.seeds,
                    ));
                    return Ok(app);
                }
            };
            app.open(setup);
        }
        Ok(app)
    }

    fn game_theme(&self) -> Theme {
        Theme {
            four_colour: self.theme.four_colour || self.launcher.settings.four_colour,
            ..self.theme
        }
    }

    fn open(&mut self, setup: GameSetup) {
        self.game = Some(Game::new(
            setup,
            self.game_theme(),
            self.launcher.settings.auto_place,
            self.seeds,
        ));
        self.reported = (0, None);
    }

    /// Sets who hears of every change to the game on the table.
    pub fn set_observer(&mut self, observer: Box<dyn Observer>) {
        self.observer = Some(observer);
    }

    /// Tells the observer of a change it has not heard of yet.
    fn report(&mut self) {
        let (Some(game), Some(observer)) = (&mut self.game, &mut self.observer) else {
            return;
        };
        if game.revision == self.reported.0 {
            return;
        }
        let new_game = self.reported.1 != Some(game.deal);
        self.reported = (game.revision, Some(game.deal));
        if let Err(e) = observer.changed(&game.session, new_game) {
            game.error(format!("This game is not being recorded: {e}"));
        }
    }

    /// The game being played, if any.
    pub fn game(&self) -> Option<&Game> {
        self.game.as_ref()
    }

    /// The launcher.
    pub fn launcher(&self) -> &Launcher {
        &self.launcher
    }

    /// The keymap in force.
    pub fn mode(&self) -> Mode {
        match &self.game {
            Some(g) => g.mode(),
            None => self.launcher.mode(),
        }
    }

    /// Text the app wants on the clipboard, taken once.
    pub fn take_clipboard(&mut self) -> Option<String> {
        self.clipboard.take()
    }

    /// Turns a terminal event into a message and handles it.
    pub fn handle(&mut self, event: &Event, now: Instant) -> Flow {
        match self.input.map(self.mode(), event, now) {
            Some(msg) => self.update(msg),
            None => Flow::Continue,
        }
    }

    /// Handles one message.
    pub fn update(&mut self, msg: Msg) -> Flow {
        if let Some(game) = &mut self.game {
            match game.update(msg) {
                Effect::None => {}
                Effect::Back => {
                    // New deals after this game go on from where the game's numbering got to.
                    self.seeds = game.seeds;
                    let variant = game.session.ruleset().info().variant.clone();
                    self.launcher.select(&self.catalog, &variant);
                    self.game = None;
                }
                Effect::Quit => return Flow::Quit,
                Effect::Copy(text) => self.clipboard = Some(text),
            }
            self.report();
            return Flow::Continue;
        }
        match self.launcher.update(&self.catalog, &mut self.seeds, msg) {
            LauncherEffect::None => Flow::Continue,
            LauncherEffect::Quit => Flow::Quit,
            LauncherEffect::Start(setup) => {
                self.open(setup);
                Flow::Continue
            }
        }
    }

    /// Draws the current screen.
    pub fn draw(&mut self, buf: &mut Buffer, area: Rect) {
        match &mut self.game {
            Some(game) => game.draw(buf, area),
            None => {
                let theme = self.game_theme();
                self.launcher.draw(&self.catalog, buf, area, &theme);
            }
        }
    }
}
