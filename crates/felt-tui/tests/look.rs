//! The table's clock, the settings screen and its themes, F1 at the table, and settings kept
//! under a variant's former id. Times are given by the test, so every screen is the same on
//! any machine.

mod common;

use common::*;
use crossterm::event::{Event, KeyCode};
use felt_core::Origin;
use felt_tui::game::Overlay;
use felt_tui::input::Mode;
use felt_tui::look::{BackColour, Contrast, TableColour};
use felt_tui::settings::Settings;
use felt_tui::{App, Start};
use std::time::Duration;

const CODE: &str = "SP1-S1C-AAAAAAD";

fn at(secs: u64) -> std::time::Instant {
    now() + Duration::from_secs(secs)
}

fn press(app: &mut App, code: KeyCode, secs: u64) {
    app.handle(&key_event(code), at(secs));
}

fn shot(app: &mut App, w: u16, h: u16) -> String {
    let mut term = screen(w, h);
    draw(&mut term, app);
    text(&term)
}

fn played(app: &App) -> u64 {
    app.game().expect("on the table").played().as_secs()
}

#[test]
fn the_clock_starts_with_the_first_move_and_shows_in_the_status_bar() {
    let mut app = playing(CODE);
    press(&mut app, KeyCode::Right, 0);
    // Looking before the first move is not playing.
    app.tick_at(at(40));
    assert_eq!(played(&app), 0);
    assert!(!shot(&mut app, 80, 24).contains("0:00"));
    press(&mut app, KeyCode::Char('d'), 40);
    app.tick_at(at(40 + 754));
    assert_eq!(played(&app), 754);
    insta::assert_snapshot!(shot(&mut app, 80, 24));
}

#[test]
fn the_clock_stops_behind_the_help_and_while_the_terminal_is_in_the_background() {
    let mut app = playing(CODE);
    press(&mut app, KeyCode::Char('d'), 0);
    app.tick_at(at(10));
    assert_eq!(played(&app), 10);
    // Help for a minute: not counted. F1 opens it as ? does.
    press(&mut app, KeyCode::F(1), 10);
    assert!(matches!(
        app.game().and_then(|g| g.overlay()),
        Some(Overlay::Help { .. })
    ));
    app.tick_at(at(70));
    assert_eq!(played(&app), 10);
    press(&mut app, KeyCode::Esc, 70);
    app.tick_at(at(75));
    assert_eq!(played(&app), 15);
    // Another window in front for an hour.
    app.handle(&Event::FocusLost, at(75));
    app.tick_at(at(3675));
    assert_eq!(played(&app), 15);
    app.handle(&Event::FocusGained, at(3675));
    app.tick_at(at(3680));
    assert_eq!(played(&app), 20);
    // The settings screen covers the table: stopped too.
    press(&mut app, KeyCode::Char('o'), 3680);
    assert_eq!(app.mode(), Mode::Options);
    app.tick_at(at(3780));
    press(&mut app, KeyCode::Esc, 3780);
    assert_eq!(app.mode(), Mode::Table);
    app.tick_at(at(3781));
    assert_eq!(played(&app), 21);
}

#[test]
fn a_new_deal_starts_its_own_clock() {
    let mut app = playing(CODE);
    press(&mut app, KeyCode::Char('d'), 0);
    app.tick_at(at(30));
    press(&mut app, KeyCode::Char('n'), 30);
    press(&mut app, KeyCode::Char('y'), 31);
    assert_eq!(app.game().expect("game").session().log().len(), 0);
    app.tick_at(at(60));
    assert_eq!(played(&app), 0);
}

/// An app at the launcher whose settings live in `dir`.
fn with_settings(dir: &tempfile::TempDir, start: Option<Start>) -> App {
    let path = dir.path().join("tui.toml");
    App::new(catalog(), theme(), Some(path), start, 7).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn the_settings_screen_lists_every_setting_and_saves_each_change() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut app = with_settings(&dir, None);
    keys(&mut app, "o");
    assert_eq!(app.mode(), Mode::Options);
    insta::assert_snapshot!("settings_80x24", shot(&mut app, 80, 24));
    // High contrast, a green table, red backs.
    keys(&mut app, "→↓→↓→");
    let (saved, problem) = Settings::load(&dir.path().join("tui.toml"));
    assert!(problem.is_none());
    assert_eq!(
        (saved.theme, saved.table, saved.backs),
        (Contrast::High, TableColour::Green, BackColour::Red)
    );
    keys(&mut app, "⎋");
    assert_eq!(app.mode(), Mode::Launcher);
    // The next felt opens with them.
    let mut again = with_settings(&dir, Some(Start::Code(CODE.into())));
    keys(&mut again, "o");
    insta::assert_snapshot!("settings_high_contrast_120x40", shot(&mut again, 120, 40));
}

/// The screen's text with each cell's colours, for a theme whose point is its colours.
fn styled(app: &mut App, w: u16, h: u16) -> String {
    let mut term = screen(w, h);
    draw(&mut term, app);
    let buf = term.backend().buffer();
    let mut out = String::new();
    for y in 0..h {
        let mut last = None;
        let mut line = String::new();
        for x in 0..w {
            let cell = &buf[(x, y)];
            let style = (cell.fg, cell.bg, cell.modifier);
            if last != Some(style) {
                line.push_str(&format!("{{{:?}/{:?}/{:?}}}", style.0, style.1, style.2));
                last = Some(style);
            }
            line.push_str(cell.symbol());
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

#[test]
fn a_green_table_with_red_backs_in_high_contrast() {
    let dir = tempfile::tempdir().expect("temp dir");
    let settings = Settings {
        theme: Contrast::High,
        table: TableColour::Green,
        backs: BackColour::Red,
        ..Settings::default()
    };
    settings
        .save(&dir.path().join("tui.toml"))
        .expect("settings saved");
    let mut app = with_settings(&dir, Some(Start::Code(CODE.into())));
    press(&mut app, KeyCode::Char('d'), 0);
    app.tick_at(at(65));
    insta::assert_snapshot!(styled(&mut app, 80, 24));
    // The same table in the standard theme on green: the cards keep their colours.
    keys(&mut app, "o←⎋");
    let shown = styled(&mut app, 80, 24);
    assert!(shown.contains("Indexed(22)"), "the green table");
    assert!(shown.contains("LightRed/Red"), "red backs");
}

#[test]
fn settings_changed_at_the_table_apply_at_once() {
    let mut app = playing("SP1-S4C-AAAAAAD");
    let before = styled(&mut app, 80, 24);
    assert!(!before.contains("Green/White"), "{before}");
    keys(&mut app, "o↓↓↓→⎋");
    // The four-colour deck is on: a club is green.
    let shown = styled(&mut app, 80, 24);
    assert_eq!(app.mode(), Mode::Table);
    assert!(shown.contains("Green/White"), "{shown}");
}

#[test]
fn f1_at_the_table_opens_the_same_help_as_the_question_mark() {
    let mut app = playing(CODE);
    keys(&mut app, "?");
    let question = shot(&mut app, 80, 24);
    keys(&mut app, "⎋");
    press(&mut app, KeyCode::F(1), 0);
    assert_eq!(shot(&mut app, 80, 24), question);
    assert!(question.contains("? F1"), "{question}");
}

#[test]
fn rules_chosen_under_a_former_variant_id_are_read_under_the_new_one() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("tui.toml");
    std::fs::write(
        &path,
        "last_variant = \"spider-two\"\n[rules]\nspider-two = \"relaxed\"\n",
    )
    .expect("old settings");
    // The two-suit variant, as if renamed from `spider-two`.
    let mut catalog = catalog();
    let text = include_str!("../../../config/variants/spider-2suit.toml").replacen(
        "[game]",
        "aliases = [\"spider-two\"]\n\n[game]",
        1,
    );
    let file = Origin::BuiltIn("spider-2suit.toml".into());
    catalog
        .add_variant(file, &text)
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(catalog.canonical("spider-two"), "spider-2suit");
    let mut app = App::new(catalog, theme(), Some(path), None, 7).unwrap_or_else(|e| panic!("{e}"));
    keys(&mut app, "⏎");
    let info = app
        .game()
        .expect("playing")
        .session()
        .ruleset()
        .info()
        .clone();
    assert_eq!(
        (info.variant.as_str(), info.rules.as_str()),
        ("spider-2suit", "relaxed")
    );
}
