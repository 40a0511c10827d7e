//! The launcher: choosing a variant and its rules, replaying a code, remembering the choice.

use crate::common::*;
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
        app.handle(&key_event(crossterm::event::KeyCode::Backspace), now());
    }
    keys(&mut app, "SP1-S1C-AAAAAAD⏎");
    assert_eq!(code_of(&app), "SP1-S1C-AAAAAAD");
}

#[test]
fn q_quits_from_the_launcher() {
    let mut app = launcher();
    let q = key_event(crossterm::event::KeyCode::Char('q'));
    assert_eq!(app.handle(&q, now()), felt_tui::Flow::Quit);
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
    assert!(screen.contains("f [x] four colours"), "{screen}");
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

fn shot(app: &mut App, w: u16, h: u16) -> String {
    let mut term = screen(w, h);
    draw(&mut term, app);
    text(&term)
}

#[test]
fn question_mark_and_f1_open_the_help_and_esc_closes_it() {
    let mut app = launcher();
    keys(&mut app, "?");
    assert_eq!(app.mode(), felt_tui::input::Mode::Help);
    insta::assert_snapshot!(shot(&mut app, 80, 24));
    keys(&mut app, "⎋");
    assert_eq!(app.mode(), felt_tui::input::Mode::Launcher);
    app.handle(&key_event(crossterm::event::KeyCode::F(1)), now());
    assert_eq!(app.mode(), felt_tui::input::Mode::Help);
    // Enter closes the help; it does not start a game behind it.
    keys(&mut app, "⏎");
    assert!(app.game().is_none());
    assert_eq!(app.mode(), felt_tui::input::Mode::Launcher);
}

#[test]
fn the_help_at_120x40() {
    let mut app = launcher();
    keys(&mut app, "?");
    insta::assert_snapshot!(shot(&mut app, 120, 40));
}

#[test]
fn end_home_and_the_page_keys_move_through_the_list() {
    use crossterm::event::KeyCode;
    let mut app = launcher();
    let press = |app: &mut App, code| {
        app.handle(&key_event(code), now());
    };
    press(&mut app, KeyCode::End);
    assert_eq!(
        app.launcher().selected_variant(&catalog()),
        Some("spider-4suit")
    );
    press(&mut app, KeyCode::Home);
    assert_eq!(
        app.launcher().selected_variant(&catalog()),
        Some("spider-1suit")
    );
    press(&mut app, KeyCode::PageDown);
    assert_eq!(
        app.launcher().selected_variant(&catalog()),
        Some("spider-4suit")
    );
    press(&mut app, KeyCode::PageUp);
    assert_eq!(
        app.launcher().selected_variant(&catalog()),
        Some("spider-1suit")
    );
}

#[test]
fn a_bad_codes_error_goes_once_the_player_acts_on_it() {
    let mut app = launcher();
    keys(&mut app, "cSP9-S1C-AAAAAAA⏎");
    assert!(app.launcher().note().is_some());
    app.handle(&key_event(crossterm::event::KeyCode::Backspace), now());
    assert!(app.launcher().note().is_none(), "erased as it is corrected");
    keys(&mut app, "A⏎");
    assert!(app.launcher().note().is_some());
    keys(&mut app, "⎋");
    assert!(app.launcher().note().is_none(), "gone with the code entry");
}

#[test]
fn the_host_picks_the_first_game_until_the_player_has_played_one() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("tui.toml");
    let mut app = App::new(catalog(), theme(), Some(path.clone()), None, 7).expect("app");
    app.prefer_variant("spider-2suit");
    assert_eq!(
        app.launcher().selected_variant(&catalog()),
        Some("spider-2suit")
    );
    keys(&mut app, "j⏎");
    let mut again = App::new(catalog(), theme(), Some(path), None, 8).expect("app");
    again.prefer_variant("spider-2suit");
    assert_eq!(
        again.launcher().selected_variant(&catalog()),
        Some("spider-4suit"),
        "the last game played wins over the host's pick"
    );
}

#[test]
fn a_taller_terminal_shows_the_heading_again() {
    let mut app = launcher();
    keys(&mut app, "jj");
    // So short that the list scrolls to keep the last line in view...
    let small = shot(&mut app, 80, 10);
    assert!(!small.contains("Spider ·"), "{small}");
    // ...then tall again: nothing is left scrolled away.
    let tall = shot(&mut app, 80, 24);
    assert!(tall.contains("Spider ·"), "{tall}");
    assert!(tall.contains("Spider, one suit"), "{tall}");
}

#[test]
fn a_long_description_is_cut_after_a_word_and_shown_whole_below() {
    let mut cat = catalog();
    cat.add_variant(
        felt_core::Origin::BuiltIn("long.toml".into()),
        r#"id = "spider-long"
name = "Spider, long"
description = "A description long enough that the list cannot show all of it on one line of eighty columns"
ruleset = "spider"
code = "SPL-S1"
[game]
suits = "S"
"#,
    )
    .expect("loads");
    let mut app = App::new(cat, theme(), None, None, 7).expect("app");
    keys(&mut app, "jjj");
    let screen = shot(&mut app, 80, 24);
    assert!(screen.contains("cannot show all…"), "{screen}");
    assert!(
        screen.contains("show all of it on one line of\n eighty columns"),
        "{screen}"
    );
}

#[test]
fn a_game_from_a_position_file_names_the_file_and_c_copies_the_position() {
    let catalog = catalog();
    let ruleset = catalog.build("spider-1suit", None).expect("builds");
    let code = catalog.code_for("spider-1suit", None, 0).expect("code");
    let state = ruleset
        .import_position(ONE_MOVE_FROM_WINNING)
        .expect("reads");
    let start = felt_tui::Start::Session {
        session: felt_core::Session::from_state(ruleset.clone(), code.clone(), 100, state),
        undo_depth: 100,
        position: Some(felt_tui::PositionSource {
            file: "near-win.game".into(),
            text: ONE_MOVE_FROM_WINNING.into(),
        }),
    };
    let mut app = App::new(catalog, theme(), None, Some(start), 7).expect("app");
    let screen = shot(&mut app, 80, 24);
    assert!(screen.contains("position: near-win.game"), "{screen}");
    assert!(!screen.contains(&code.to_string()), "{screen}");
    keys(&mut app, "c");
    let copied = app.take_clipboard().expect("copied");
    assert!(ruleset.import_position(&copied).is_ok(), "{copied}");
    assert!(copied.contains("AS"), "{copied}");
    let screen = shot(&mut app, 80, 24);
    assert!(
        screen.contains("Position of near-win.game copied"),
        "{screen}"
    );
    // A new deal is a dealt game again, shown by its code.
    keys(&mut app, "ny");
    assert!(app.game().expect("playing").session().log().is_empty());
    let screen = shot(&mut app, 80, 24);
    assert!(!screen.contains("position:"), "{screen}");
}

#[test]
fn a_former_variant_id_still_names_the_variant() {
    let mut cat = catalog();
    cat.add_variant(
        felt_core::Origin::BuiltIn("renamed.toml".into()),
        r#"id = "spider-renamed"
aliases = ["spider-old"]
name = "Spider, renamed"
ruleset = "spider"
code = "SPR-S1"
[game]
suits = "S"
"#,
    )
    .expect("loads");
    assert_eq!(cat.canonical("spider-old"), "spider-renamed");
    assert_eq!(cat.canonical("spider-1suit"), "spider-1suit");
    assert_eq!(cat.aliases(), [("spider-old", "spider-renamed")]);
    let ruleset = cat.build("spider-old", None).expect("builds by its old id");
    assert_eq!(ruleset.info().variant, "spider-renamed");
    // Settings written before the rename open the launcher on it.
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("tui.toml");
    std::fs::write(&path, "last_variant = \"spider-old\"\n").expect("write");
    let app = App::new(cat, theme(), Some(path), None, 7).expect("app");
    assert_eq!(
        app.launcher().selected_variant(&catalog_with_renamed()),
        Some("spider-renamed")
    );
}

fn catalog_with_renamed() -> felt_core::Catalog {
    let mut cat = catalog();
    cat.add_variant(
        felt_core::Origin::BuiltIn("renamed.toml".into()),
        "id = \"spider-renamed\"\nname = \"R\"\nruleset = \"spider\"\ncode = \"SPR-S1\"\n[game]\nsuits = \"S\"\n",
    )
    .expect("loads");
    cat
}
