//! The launcher: choosing a variant and its rules, replaying a code, remembering the choice.

mod common;

use common::*;
use felt_tui::App;

fn code_of(app: &App) -> String {
    app.game()
        .expect("a game is on")
        .session()
        .code()
        .to_string()
}

#[test]
fn enter_deals_the_selected_variant() {
    let mut app = launcher();
    keys(&mut app, "⏎");
    assert!(code_of(&app).starts_with("SP1-S1C-"));
    keys(&mut app, "qj⏎");
    assert!(code_of(&app).starts_with("SP1-S2C-"));
}

#[test]
fn left_and_right_choose_the_rules() {
    let mut app = launcher();
    keys(&mut app, "jj→⏎");
    assert!(code_of(&app).starts_with("SP1-S4R-"));
}

#[test]
fn a_game_code_replays_its_deal() {
    let mut app = launcher();
    keys(&mut app, "c");
    keys(&mut app, "sp1-s2r-aaaaabc⏎");
    assert_eq!(code_of(&app), "SP1-S2R-AAAAABC");
}

#[test]
fn a_bad_code_is_explained_and_can_be_corrected() {
    let mut app = launcher();
    keys(&mut app, "c");
    keys(&mut app, "SP9-S1C-AAAAAAA⏎");
    assert!(app.game().is_none());
    let note = app.launcher().note().expect("explained").text.clone();
    assert!(note.contains("SP9"), "{note}");
    for _ in 0.."SP9-S1C-AAAAAAA".len() {
        app.handle(
            &key_event(crossterm::event::KeyCode::Backspace),
            std::time::Instant::now(),
        );
    }
    keys(&mut app, "SP1-S1C-AAAAAAD⏎");
    assert_eq!(code_of(&app), "SP1-S1C-AAAAAAD");
}

#[test]
fn q_quits_from_the_launcher() {
    let mut app = launcher();
    let q = key_event(crossterm::event::KeyCode::Char('q'));
    assert_eq!(
        app.handle(&q, std::time::Instant::now()),
        felt_tui::Flow::Quit
    );
}

#[test]
fn the_last_choice_is_remembered() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("tui.toml");
    let mut app = App::new(catalog(), theme(), Some(path.clone()), None, 7).expect("app");
    keys(&mut app, "jj→f⏎");
    let mut again = App::new(catalog(), theme(), Some(path), None, 8).expect("app");
    assert_eq!(
        again.launcher().selected_variant(&catalog()),
        Some("spider-4suit")
    );
    let mut term = screen(80, 24);
    draw(&mut term, &mut again);
    let screen = text(&term);
    assert!(screen.contains("◀ Relaxed ▶"), "{screen}");
    assert!(screen.contains("[x] four-colour deck"), "{screen}");
    keys(&mut again, "⏎");
    assert!(code_of(&again).starts_with("SP1-S4R-"));
}

#[test]
fn a_corrupt_settings_file_is_reported_in_the_launcher() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("tui.toml");
    std::fs::write(&path, "last_variant = [").expect("write");
    let app = App::new(catalog(), theme(), Some(path), None, 7).expect("app");
    let note = app.launcher().note().expect("reported");
    assert!(
        note.error && note.text.contains("kept it as"),
        "{}",
        note.text
    );
}

#[test]
fn back_from_a_game_the_launcher_shows_the_variant_played() {
    let mut app = App::new(
        catalog(),
        theme(),
        None,
        Some(felt_tui::Start::Code("SP1-S4C-AAAAAAB".into())),
        7,
    )
    .expect("app");
    keys(&mut app, "q");
    assert_eq!(
        app.launcher().selected_variant(&catalog()),
        Some("spider-4suit")
    );
}
