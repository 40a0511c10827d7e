//! The table's clock, the settings screen and its themes, F1 at the table, and settings kept
//! under a variant's former id. Times are given by the test, so every screen is the same on
//! any machine.

use crate::common::*;
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
    // Looking before the first move is not playing: the clock shows 0:00 and stands.
    app.tick_at(at(40));
    assert_eq!(played(&app), 0);
    for (w, h) in [(80, 24), (120, 40)] {
        let shown = shot(&mut app, w, h);
        let bar = shown.lines().rev().nth(1).unwrap_or_default();
        assert!(bar.trim_end().ends_with("0:00"), "{bar}");
    }
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
    // The help lists both keys (on a screen tall enough to show the whole list).
    let tall = shot(&mut app, 100, 60);
    assert!(tall.contains("? F1"), "{tall}");
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
    let text = include_str!("../../../../config/variants/spider-2suit.toml").replacen(
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

/// What the app told the observer: each `played` (seconds, leaving) and each change (the
/// log's length, new game).
#[derive(Debug, PartialEq)]
enum Told {
    Played(u64, bool),
    Changed(usize, bool),
}

/// An observer that keeps what it is told, and has statistics and a time to resume with.
struct Ear {
    told: std::rc::Rc<std::cell::RefCell<Vec<Told>>>,
    stats: Vec<felt_tui::VariantStats>,
    resumed_at: Duration,
}

impl felt_tui::Observer for Ear {
    fn changed(&mut self, session: &felt_core::Session, new_game: bool) -> Result<(), String> {
        self.told
            .borrow_mut()
            .push(Told::Changed(session.log().len(), new_game));
        Ok(())
    }

    fn played(&mut self, time: Duration, leaving: bool) -> Result<(), String> {
        self.told
            .borrow_mut()
            .push(Told::Played(time.as_secs(), leaving));
        Ok(())
    }

    fn time_played(&mut self) -> Duration {
        self.resumed_at
    }

    fn statistics(&mut self) -> Result<Vec<felt_tui::VariantStats>, String> {
        Ok(self.stats.clone())
    }
}

fn ear(app: &mut App, resumed_at: Duration) -> std::rc::Rc<std::cell::RefCell<Vec<Told>>> {
    let told = std::rc::Rc::default();
    app.set_observer(Box::new(Ear {
        told: std::rc::Rc::clone(&told),
        stats: Vec::new(),
        resumed_at,
    }));
    told
}

#[test]
fn the_observer_hears_the_time_with_each_change_and_when_a_game_leaves_the_table() {
    let mut app = playing(CODE);
    let told = ear(&mut app, Duration::ZERO);
    press(&mut app, KeyCode::Char('d'), 0);
    press(&mut app, KeyCode::Char('d'), 20);
    app.tick_at(at(50));
    // A new deal: the old game's time is kept at once, then the new game's first report.
    press(&mut app, KeyCode::Char('n'), 50);
    press(&mut app, KeyCode::Char('y'), 53);
    press(&mut app, KeyCode::Char('d'), 60);
    app.tick_at(at(70));
    // Back to the menu: the time since the last move counts too.
    press(&mut app, KeyCode::Char('q'), 70);
    press(&mut app, KeyCode::Char('y'), 71);
    use Told::*;
    assert_eq!(
        *told.borrow(),
        [
            Played(0, false),
            Changed(1, true),
            Played(20, false),
            Changed(2, false),
            Played(50, true),
            Played(0, false),
            Changed(0, true),
            Played(0, false),
            Changed(1, false),
            Played(10, true),
        ]
    );
}

#[test]
fn a_resumed_game_goes_on_from_the_time_its_record_kept() {
    let catalog = catalog();
    let ruleset = catalog.build("spider-1suit", None).expect("builds");
    let mut session = felt_core::Session::new(
        ruleset,
        felt_core::GameCode::parse(CODE).expect("code"),
        100,
    );
    let deal = session
        .legal_actions()
        .into_iter()
        .find(|a| matches!(a, felt_core::Action::Deal { .. }))
        .expect("the stock deals");
    session.act(&deal).expect("deal");
    let start = Start::Resumed {
        session,
        undo_depth: 100,
    };
    let mut app = App::new(catalog, theme(), None, Some(start), 7).expect("app");
    let _told = ear(&mut app, Duration::from_secs(600));
    app.tick_at(at(0));
    app.tick_at(at(5));
    assert_eq!(played(&app), 605);
}

/// One variant's statistics with a history long enough for every chart.
fn history() -> felt_tui::VariantStats {
    use felt_tui::Outcome::*;
    let games = [
        (Lost, 80, 420, Some(300)),
        (Won, 140, 960, Some(720)),
        (Won, 118, 982, Some(545)),
        (Abandoned, 12, 488, None),
        (Lost, 95, 405, Some(410)),
        (Won, 131, 969, Some(612)),
        (Won, 104, 1012, Some(498)),
        (Lost, 77, -23, Some(61)),
        (Won, 120, 980, Some(530)),
        (Playing, 9, 491, Some(40)),
    ];
    felt_tui::VariantStats {
        variant: "spider-1suit".into(),
        played: 20,
        won: 9,
        lost: 10,
        win_rate: Some(9.0 / 19.0),
        current_win_streak: 1,
        longest_win_streak: 3,
        longest_loss_streak: 4,
        best_score: Some(1012),
        fewest_moves_won: Some(104),
        average_moves_won: Some(125.0),
        best_time: Some(Duration::from_secs(498)),
        recent: games
            .iter()
            .map(|&(outcome, moves, score, secs)| felt_tui::RecentGame {
                outcome,
                moves,
                score: Some(score),
                played: secs.map(Duration::from_secs),
            })
            .collect(),
        ..felt_tui::VariantStats::default()
    }
}

#[test]
fn the_statistics_at_80x24_show_the_best_time_and_each_chart() {
    let mut app = launcher();
    app.set_observer(Box::new(Ear {
        told: std::rc::Rc::default(),
        stats: vec![history()],
        resumed_at: Duration::ZERO,
    }));
    keys(&mut app, "s");
    assert_eq!(app.mode(), Mode::Stats);
    let moves = shot(&mut app, 80, 24);
    assert!(moves.contains("Best time        8:18"), "{moves}");
    keys(&mut app, "→");
    insta::assert_snapshot!("stats_score_80x24", shot(&mut app, 80, 24));
    keys(&mut app, "→");
    insta::assert_snapshot!("stats_win_rate_80x24", shot(&mut app, 80, 24));
    keys(&mut app, "→");
    insta::assert_snapshot!("stats_time_120x40", shot(&mut app, 120, 40));
    keys(&mut app, "→");
    assert_eq!(shot(&mut app, 80, 24), moves, "round to the moves again");
}
