//! Shared helpers: the shipped Spider variants in a catalog, an app driven by the same events
//! the terminal sends, and a screen to draw it on.

#![allow(dead_code)]

pub mod toy;

use crossterm::event::{
    Event, KeyCode, KeyEvent, KeyEventKind, KeyEventState, KeyModifiers, MouseButton, MouseEvent,
    MouseEventKind,
};
use felt_core::{Catalog, Origin, Session};
use felt_tui::{App, Start, Theme};
use ratatui::backend::TestBackend;
use ratatui::Terminal;
use std::time::{Duration, Instant};

const CLASSIC: &str = include_str!("../../../../../config/scoring/classic.toml");
const VARIANTS: [(&str, &str); 3] = [
    (
        "spider-1suit.toml",
        include_str!("../../../../../config/variants/spider-1suit.toml"),
    ),
    (
        "spider-2suit.toml",
        include_str!("../../../../../config/variants/spider-2suit.toml"),
    ),
    (
        "spider-4suit.toml",
        include_str!("../../../../../config/variants/spider-4suit.toml"),
    ),
];

/// Spider, one suit, one move from winning: seven runs off, one column of King to 2 and the
/// Ace beside it (Spider's `.game` position format).
pub const ONE_MOVE_FROM_WINNING: &str = "\
Play0: KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S
Play1: AS
Play2:
Play3:
Play4:
Play5:
Play6:
Play7:
Play8:
Play9:
Deal0:
Deal1:
Deal2:
Deal3:
Deal4:
Off: KS KS KS KS KS KS KS
";

/// The built-in rulesets and variants, as the binary embeds them.
pub fn catalog() -> Catalog {
    let mut catalog = Catalog::new();
    catalog.add_ruleset(felt_spider::factory());
    catalog
        .add_scoring(Origin::BuiltIn("classic.toml".into()), "classic", CLASSIC)
        .expect("classic scoring loads");
    for (name, text) in VARIANTS {
        catalog
            .add_variant(Origin::BuiltIn(name.into()), text)
            .unwrap_or_else(|e| panic!("{e}"));
    }
    catalog
}

/// The look of the snapshots: Unicode suits, colours on (the text does not show them).
pub fn theme() -> Theme {
    Theme::default()
}

/// An app at the launcher, remembering nothing.
pub fn launcher() -> App {
    App::new(catalog(), theme(), None, None, 7).unwrap_or_else(|e| panic!("{e}"))
}

/// An app playing the deal `code`.
pub fn playing(code: &str) -> App {
    playing_with(code, theme())
}

/// An app playing the deal `code`, drawn with `theme`.
pub fn playing_with(code: &str, theme: Theme) -> App {
    App::new(catalog(), theme, None, Some(Start::Code(code.into())), 7)
        .unwrap_or_else(|e| panic!("{e}"))
}

/// An app playing a one-suit position given in the `.game` format.
pub fn position(text: &str) -> App {
    position_with(text, theme())
}

/// An app playing a one-suit position given in the `.game` format, drawn with `theme`.
pub fn position_with(text: &str, theme: Theme) -> App {
    let catalog = catalog();
    let ruleset = catalog.build("spider-1suit", None).expect("variant builds");
    let code = catalog.code_for("spider-1suit", None, 0).expect("code");
    let state = ruleset
        .import_position(text)
        .unwrap_or_else(|e| panic!("{e}"));
    let session = Session::from_state(ruleset, code, 100, state);
    let start = Start::Session {
        session,
        undo_depth: 100,
        position: None,
    };
    App::new(catalog, theme, None, Some(start), 7).unwrap_or_else(|e| panic!("{e}"))
}

/// An app playing the toy trick game, with or without hints.
pub fn toy(hint: bool) -> App {
    let start = Start::Session {
        session: toy::session(hint),
        undo_depth: 10,
        position: None,
    };
    App::new(Catalog::new(), theme(), None, Some(start), 7).unwrap_or_else(|e| panic!("{e}"))
}

/// A test terminal of `w` × `h`.
pub fn screen(w: u16, h: u16) -> Terminal<TestBackend> {
    Terminal::new(TestBackend::new(w, h)).expect("test terminal")
}

/// Draws `app` as the terminal loop does.
pub fn draw(term: &mut Terminal<TestBackend>, app: &mut App) {
    term.draw(|f| {
        let area = f.area();
        app.draw(f.buffer_mut(), area);
    })
    .expect("draws");
}

/// The screen's text, line by line.
pub fn text(term: &Terminal<TestBackend>) -> String {
    let buf = term.backend().buffer();
    let mut out = String::new();
    for y in 0..buf.area.height {
        let line: String = (0..buf.area.width).map(|x| buf[(x, y)].symbol()).collect();
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// A key press event.
pub fn key_event(code: KeyCode) -> Event {
    let modifiers = match code {
        KeyCode::Char(c) if c.is_ascii_uppercase() => KeyModifiers::SHIFT,
        _ => KeyModifiers::NONE,
    };
    Event::Key(KeyEvent {
        code,
        modifiers,
        kind: KeyEventKind::Press,
        state: KeyEventState::NONE,
    })
}

/// The one time the tests' keys are pressed at (and the pointer starts from): the game clock
/// moves only when a test moves the time itself, so no screen depends on how fast a test ran.
pub fn now() -> Instant {
    static BASE: std::sync::OnceLock<Instant> = std::sync::OnceLock::new();
    *BASE.get_or_init(Instant::now)
}

/// Types `keys`: each character is a key; `⏎` is Enter, `⎋` is Esc, `⇥` Tab, `⇤` Shift-Tab.
pub fn keys(app: &mut App, keys: &str) {
    let now = now();
    for c in keys.chars() {
        let code = match c {
            '⏎' => KeyCode::Enter,
            '⎋' => KeyCode::Esc,
            '←' => KeyCode::Left,
            '→' => KeyCode::Right,
            '↑' => KeyCode::Up,
            '↓' => KeyCode::Down,
            '⇥' => KeyCode::Tab,
            '⇤' => KeyCode::BackTab,
            c => KeyCode::Char(c),
        };
        app.handle(&key_event(code), now);
    }
}

/// Ticks the app, as the terminal loop does between keys, until no hint is being searched
/// (hints are searched on a background thread).
pub fn settle(app: &mut App) {
    let until = Instant::now() + std::time::Duration::from_secs(120);
    while app.game().is_some_and(|g| g.hint_pending()) && Instant::now() < until {
        std::thread::sleep(std::time::Duration::from_millis(5));
        app.tick();
    }
}

/// A left-button mouse event at a cell.
pub fn mouse_event(kind: MouseEventKind, x: u16, y: u16) -> Event {
    Event::Mouse(MouseEvent {
        kind,
        column: x,
        row: y,
        modifiers: KeyModifiers::NONE,
    })
}

/// A mouse driven with a clock the test moves.
pub struct Pointer {
    pub now: Instant,
}

impl Pointer {
    pub fn new() -> Pointer {
        Pointer { now: now() }
    }

    /// Waits long enough that the next press is not a double-click.
    pub fn pause(&mut self) {
        self.now += Duration::from_secs(2);
    }

    pub fn press(&mut self, app: &mut App, x: u16, y: u16) {
        app.handle(
            &mouse_event(MouseEventKind::Down(MouseButton::Left), x, y),
            self.now,
        );
    }

    pub fn drag(&mut self, app: &mut App, x: u16, y: u16) {
        app.handle(
            &mouse_event(MouseEventKind::Drag(MouseButton::Left), x, y),
            self.now,
        );
    }

    pub fn release(&mut self, app: &mut App, x: u16, y: u16) {
        app.handle(
            &mouse_event(MouseEventKind::Up(MouseButton::Left), x, y),
            self.now,
        );
    }

    pub fn click(&mut self, app: &mut App, x: u16, y: u16) {
        self.press(app, x, y);
        self.release(app, x, y);
        self.now += Duration::from_millis(100);
    }
}

/// Where a pile's `index`-th card was drawn: its first cell, found from the screen's layout.
pub fn card_cell(app: &App, pile: u8, index: u16) -> (u16, u16) {
    let game = app.game().expect("a game is on");
    let layout = felt_tui::layout::layout(game.view(), ratatui::layout::Rect::new(0, 0, 80, 22))
        .expect("fits");
    let geom = layout.pile(felt_core::PileId(pile)).expect("pile drawn");
    let place = geom
        .cards
        .iter()
        .find(|p| p.first <= index && index < p.first + p.count)
        .expect("card drawn");
    (place.rect.x + 1, place.rect.y)
}
