//! The app: the launcher, its statistics, a game or a replay; one input mapping, one update,
//! one view. The terminal loop and the tests drive the same `App::handle` and `App::draw`.

use crate::game::{Effect, Game, GameSetup, PositionSource, Seeds};
use crate::input::{Input, Mode, Msg};
use crate::launcher::{setup_code, setup_variant, Launcher, LauncherEffect};
use crate::options::{OptionsEffect, OptionsScreen};
use crate::records::{ReplayTape, SavedGame};
use crate::replay::ReplayViewer;
use crate::settings::Settings;
use crate::stats::StatsScreen;
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
    /// A game already set up (a position file): a new game for the observer.
    Session {
        /// The game.
        session: Session,
        /// How far undo reaches in the next deals.
        undo_depth: usize,
        /// The position file it was set up from, shown instead of its code.
        position: Option<PositionSource>,
    },
    /// A saved game resumed, which the observer already records: its changes are reported
    /// with `new_game` false, so they go on into the same record.
    Resumed {
        /// The game, with its undo history.
        session: Session,
        /// How far undo reaches in the next deals.
        undo_depth: usize,
    },
    /// A recorded game to step through; leaving the viewer leaves the app (a replay opened
    /// from the list of past games goes back to the list instead).
    Replay(ReplayTape),
}

mod observer;
mod reporting;
mod screens;
pub use observer::Observer;

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
    stats: Option<StatsScreen>,
    replay: Option<ReplayViewer>,
    /// The settings screen, over the launcher or the game while it is open.
    options: Option<OptionsScreen>,
    seeds: Seeds,
    clipboard: Option<String>,
    observer: Option<Box<dyn Observer>>,
    /// The revision of the game last reported to the observer, and the deal it belonged to
    /// (none before the first report of a game just opened).
    reported: (u64, Option<u64>),
    /// The latest time the terminal gave with an event or a tick; the game clock moves only
    /// by these, so a test that gives no times sees a clock standing still.
    now: Option<Instant>,
    /// Whether the terminal is in front (focus events; assumed until one says otherwise).
    focused: bool,
    /// The deal whose running total was shown (or needed none), so it is shown once.
    greeted: Option<u64>,
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
            stats: None,
            replay: None,
            options: None,
            seeds: Seeds(seed),
            clipboard: None,
            observer: None,
            reported: (0, None),
            now: None,
            focused: true,
            greeted: None,
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
                    position,
                } => {
                    app.continue_session(session, undo_depth, false);
                    if let Some(game) = &mut app.game {
                        game.set_position(position);
                    }
                    return Ok(app);
                }
                Start::Resumed {
                    session,
                    undo_depth,
                } => {
                    app.continue_session(session, undo_depth, true);
                    return Ok(app);
                }
                Start::Replay(tape) => {
                    app.replay = Some(ReplayViewer::new(tape, app.game_theme()));
                    return Ok(app);
                }
            };
            app.open(setup);
        }
        Ok(app)
    }

    /// The theme the terminal allows with the looks the player chose.
    fn game_theme(&self) -> Theme {
        let settings = &self.launcher.settings;
        Theme {
            four_colour: self.theme.four_colour || settings.four_colour,
            contrast: settings.theme,
            table: settings.table,
            backs: settings.backs,
            ..self.theme
        }
    }

    /// Gives the game on the table the settings as they are now (after the settings screen
    /// changed one).
    fn apply_settings(&mut self) {
        let theme = self.game_theme();
        let settings = &self.launcher.settings;
        if let Some(game) = &mut self.game {
            game.theme = theme;
            game.auto_place = settings.auto_place;
            game.set_stuck_notice(settings.stuck_notice);
            game.set_hints_assist(settings.hints_assist);
            game.set_pause_ticks(settings.moment_pause.unwrap_or(crate::pages::PAUSE_TICKS));
        }
    }

    /// The settings screen, if it is open.
    pub fn options(&self) -> Option<&OptionsScreen> {
        self.options.as_ref()
    }

    fn open(&mut self, setup: GameSetup) {
        self.launcher.remember(&setup.ruleset.info().variant);
        let mut game = Game::new(
            setup,
            self.game_theme(),
            self.launcher.settings.auto_place,
            self.seeds,
        );
        game.set_stuck_notice(self.launcher.settings.stuck_notice);
        game.set_hints_assist(self.launcher.settings.hints_assist);
        game.set_pause_ticks(
            self.launcher
                .settings
                .moment_pause
                .unwrap_or(crate::pages::PAUSE_TICKS),
        );
        self.game = Some(game);
        self.reported = (0, None);
        self.greeted = None;
        self.greet();
    }

    /// Puts `session` on the table; `resumed` when the observer already records it.
    fn continue_session(&mut self, session: Session, undo_depth: usize, resumed: bool) {
        self.launcher.remember(&session.ruleset().info().variant);
        let mut game = Game::from_session(
            session,
            undo_depth,
            self.game_theme(),
            self.launcher.settings.auto_place,
            self.seeds,
        );
        game.set_stuck_notice(self.launcher.settings.stuck_notice);
        game.set_hints_assist(self.launcher.settings.hints_assist);
        game.set_pause_ticks(
            self.launcher
                .settings
                .moment_pause
                .unwrap_or(crate::pages::PAUSE_TICKS),
        );
        // A resumed game's deal counts as already reported, so its first change is not a new
        // game: the observer goes on with the record it resumed.
        self.reported = (game.revision, resumed.then_some(game.deal));
        self.greeted = Some(game.deal);
        self.game = Some(game);
    }

    /// Sets who hears of every change to the game on the table, and offers the games it keeps
    /// in progress in the launcher.
    pub fn set_observer(&mut self, observer: Box<dyn Observer>) {
        self.observer = Some(observer);
        // A game opened resumed goes on from the time its record kept.
        if let (Some(game), Some(observer)) = (&mut self.game, &mut self.observer) {
            if self.reported.1 == Some(game.deal) {
                game.clock = crate::clock::GameClock::starting_at(observer.time_played());
            }
        }
        self.greet();
        self.refresh_saved();
        if let Some(id) = self
            .launcher
            .selected_variant(&self.catalog)
            .map(str::to_string)
        {
            self.launcher.select(&self.catalog, &id);
        }
    }

    /// Shows `text` as news: on the table when a game is open, else in the launcher (the
    /// host's word on how the game was opened, which its stderr could not show behind the
    /// full-screen interface).
    pub fn tell(&mut self, text: String) {
        match &mut self.game {
            Some(game) => {
                game.note = Some(crate::game::Note {
                    text,
                    error: false,
                    rule: None,
                })
            }
            None => self.launcher.set_note(text, false),
        }
    }

    /// Opens the launcher on variant `id` when the player has not chosen one before (the
    /// host's pick for a newcomer: this crate knows no game).
    pub fn prefer_variant(&mut self, id: &str) {
        self.launcher.prefer(&self.catalog, id);
    }

    /// Asks the observer again for the games in progress.
    fn refresh_saved(&mut self) {
        let Some(observer) = &mut self.observer else {
            return;
        };
        match observer.saved_games() {
            Ok(saved) => self.launcher.set_saved(&self.catalog, saved),
            Err(e) => self
                .launcher
                .set_note(format!("Saved games cannot be read: {e}"), true),
        }
    }

    /// Continues `game` from the launcher.
    fn resume(&mut self, game: &SavedGame) {
        let Some(observer) = &mut self.observer else {
            return;
        };
        match observer.resume(game, &self.catalog) {
            Ok(session) => {
                let undo_depth = self
                    .catalog
                    .get(&game.variant)
                    .map_or(100, |e| e.variant.undo_depth);
                let played = observer.time_played();
                self.continue_session(session, undo_depth, true);
                if let Some(game) = &mut self.game {
                    game.clock = crate::clock::GameClock::starting_at(played);
                }
            }
            Err(e) => self
                .launcher
                .set_note(format!("Cannot continue {}: {e}", game.code), true),
        }
    }

    /// The statistics screen, if it is open.
    pub fn stats(&self) -> Option<&StatsScreen> {
        self.stats.as_ref()
    }

    /// The replay viewer, if it is open.
    pub fn replay(&self) -> Option<&ReplayViewer> {
        self.replay.as_ref()
    }

    /// Runs or stops the game clock as the screen stands at the latest time known. True when
    /// the time shown changed.
    fn sync_clock(&mut self) -> bool {
        let (Some(now), Some(game)) = (self.now, &mut self.game) else {
            return false;
        };
        let run = self.focused && self.options.is_none() && game.clock_may_run();
        game.clock.set_running(run, now)
    }

    /// The app is closing (a quit, or a signal): the game's time since its last move is kept.
    pub fn close(&mut self) {
        self.sync_clock();
        self.keep_time();
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
        if self.replay.is_some() {
            return Mode::Replay;
        }
        if self.options.is_some() {
            return Mode::Options;
        }
        match (&self.game, &self.stats) {
            (Some(g), _) => g.mode(),
            (None, Some(_)) => Mode::Stats,
            (None, None) => self.launcher.mode(),
        }
    }

    /// Text the app wants on the clipboard, taken once.
    pub fn take_clipboard(&mut self) -> Option<String> {
        self.clipboard.take()
    }

    /// Time passed with no input: picks up background work (the live solver status, a hint)
    /// and plays the demo's next move, which the observer hears of as of any other. True when
    /// the screen should be drawn again.
    pub fn tick(&mut self) -> bool {
        let changed = self.game.as_mut().is_some_and(Game::tick);
        self.report();
        changed
    }

    /// [`App::tick`] at `now`, which also moves the game clock (the terminal loop's tick).
    pub fn tick_at(&mut self, now: Instant) -> bool {
        self.now = Some(now);
        // A replay playing by itself steps on the loop's ticks.
        let stepped = self.replay.as_mut().is_some_and(|r| r.tick(now));
        let shown = self.sync_clock() || stepped;
        let changed = self.tick();
        self.sync_clock() || shown || changed
    }

    /// Turns a terminal event at `now` into a message and handles it. The terminal going to
    /// the background or coming back only stops or runs the game clock.
    pub fn handle(&mut self, event: &Event, now: Instant) -> Flow {
        self.now = Some(now);
        // The clock is brought to `now` first, so what this event changes is timed at it.
        self.sync_clock();
        match event {
            Event::FocusLost => {
                self.focused = false;
                self.sync_clock();
                self.keep_time();
                return Flow::Continue;
            }
            Event::FocusGained => {
                self.focused = true;
                self.sync_clock();
                return Flow::Continue;
            }
            _ => {}
        }
        let flow = match self.input.map(self.mode(), event, now) {
            Some(msg) => self.update(msg),
            None => Flow::Continue,
        };
        self.sync_clock();
        flow
    }

    /// Handles one message.
    pub fn update(&mut self, msg: Msg) -> Flow {
        if self.replay.is_some() {
            return self.update_replay(msg);
        }
        if let Some(options) = &mut self.options {
            if msg == Msg::Quit {
                return Flow::Quit;
            }
            match options.update(msg, &mut self.launcher.settings) {
                OptionsEffect::None => {}
                OptionsEffect::Changed => {
                    self.launcher.save();
                    self.apply_settings();
                }
                OptionsEffect::Back => self.options = None,
            }
            return Flow::Continue;
        }
        if let Some(game) = &mut self.game {
            match game.update(msg) {
                Effect::None => {}
                Effect::Back => {
                    self.keep_time();
                    let Some(game) = &self.game else {
                        return Flow::Continue;
                    };
                    // New deals after this game go on from where the game's numbering got to.
                    self.seeds = game.seeds;
                    let variant = game.session.ruleset().info().variant.clone();
                    self.game = None;
                    // The game left may now be in progress: offer it, selected.
                    self.refresh_saved();
                    self.launcher.select(&self.catalog, &variant);
                    return Flow::Continue;
                }
                Effect::Quit => return Flow::Quit,
                Effect::Copy(text) => self.clipboard = Some(text),
                Effect::Options => self.options = Some(OptionsScreen::default()),
            }
            self.report();
            return Flow::Continue;
        }
        if self.stats.is_some() {
            return self.update_stats(msg);
        }
        match self.launcher.update(&self.catalog, &mut self.seeds, msg) {
            LauncherEffect::None => Flow::Continue,
            LauncherEffect::Quit => Flow::Quit,
            LauncherEffect::Start { setup, give_up } => {
                // Given up first, so the new deal's running total counts them.
                let refused = match &mut self.observer {
                    Some(observer) if !give_up.is_empty() => observer.give_up(give_up).err(),
                    _ => None,
                };
                self.open(setup);
                if let (Some(e), Some(game)) = (refused, &mut self.game) {
                    game.error(format!("The game kept was not given up: {e}"));
                }
                Flow::Continue
            }
            LauncherEffect::Resume(game) => {
                self.resume(&game);
                Flow::Continue
            }
            LauncherEffect::Options => {
                self.options = Some(OptionsScreen::default());
                Flow::Continue
            }
            LauncherEffect::Stats => {
                self.open_stats();
                Flow::Continue
            }
            LauncherEffect::Delete(games) => {
                if let Some(Err(e)) = self.observer.as_mut().map(|o| o.give_up(games)) {
                    self.launcher
                        .set_note(format!("The saved game was not deleted: {e}"), true);
                }
                self.refresh_saved();
                Flow::Continue
            }
        }
    }

    /// Draws the current screen.
    pub fn draw(&mut self, buf: &mut Buffer, area: Rect) {
        let theme = self.game_theme();
        if let Some(options) = &self.options {
            options.draw(buf, area, &self.launcher.settings, &theme);
        } else if let Some(viewer) = &mut self.replay {
            viewer.draw(buf, area);
        } else if let Some(game) = &mut self.game {
            game.draw(buf, area);
        } else if let Some(stats) = &self.stats {
            stats.draw(buf, area, &theme);
        } else {
            self.launcher.draw(&self.catalog, buf, area, &theme);
        }
        if theme.ascii {
            // A ruleset writes cards with suit symbols (`10♠`) whatever the screen: without
            // them they read as the table draws them, `10S`.
            for cell in buf.content.iter_mut() {
                if let Some(suit) = felt_core::Suit::ALL
                    .iter()
                    .find(|s| cell.symbol().chars().eq(std::iter::once(s.symbol())))
                {
                    cell.set_char(suit.letter());
                }
            }
        }
        crate::paint::scrub(buf);
    }
}
