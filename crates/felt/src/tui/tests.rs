//! The terminal's records: what the app tells the store and what the launcher reads back.

use super::*;
use felt_tui::input::Msg;
use felt_tui::{App, Theme};

const CODE: &str = "SP1-S1C-AAAAAAD";

fn app(start: Option<Start>, store: Store) -> App {
    let catalog = felt::catalog::builtin_catalog();
    let mut app = App::new(catalog, Theme::default(), None, start, 1).expect("app");
    app.set_observer(Box::new(Records::new(store, None)));
    app
}

#[test]
fn the_list_of_past_games_gets_a_records_tape_or_why_not() {
    let dir = tempfile::tempdir().expect("temp dir");
    let open = || Store::open_dir(dir.path()).expect("store opens");
    let mut played = app(Some(Start::Code(CODE.into())), open());
    played.update(Msg::Deal);
    played.update(Msg::Deal);
    drop(played);
    let mut records = Records::new(open(), None);
    let games = records.games("spider-1suit", 10).expect("listed");
    let id = games.first().expect("the game is listed").id;
    let catalog = felt::catalog::builtin_catalog();
    let mut tape = records.replay(id, &catalog).expect("replays");
    assert_eq!(
        tape.frames.len(),
        3,
        "the deal and two deals from the stock"
    );
    assert!(tape.frames.frame(2).is_some());
    assert!(tape.title.contains(&format!("#{id}")), "{}", tape.title);
    // A game whose ruleset is not loaded (a plugin gone), and a record that is not there.
    assert!(records.replay(id, &Catalog::new()).is_err());
    assert!(records.replay(id + 1000, &catalog).is_err());
}

#[test]
fn a_game_continued_from_the_launcher_goes_on_in_the_same_record() {
    let dir = tempfile::tempdir().expect("temp dir");
    let open = || Store::open_dir(dir.path()).expect("store opens");
    // First run: three deals from the stock, then felt is closed mid-game.
    let mut first = app(Some(Start::Code(CODE.into())), open());
    for _ in 0..3 {
        first.update(Msg::Deal);
    }
    drop(first);
    let saved = open().in_progress("spider-1suit").expect("reads");
    let saved = saved.expect("the game is kept in progress");
    assert_eq!(saved.actions, 3);

    // Second run: the launcher offers it; Continue, undo once, deal again.
    let mut second = app(None, open());
    for _ in 0..20 {
        if second.launcher().selected_saved().is_some() {
            break;
        }
        second.update(Msg::Up);
    }
    let offered = second.launcher().selected_saved().expect("offered").clone();
    assert_eq!((offered.id, offered.code.as_str()), (saved.id.0, CODE));
    second.update(Msg::Start);
    let log = |app: &App| app.game().expect("on the table").session().log().len();
    assert_eq!(log(&second), 3);
    second.update(Msg::Undo);
    assert_eq!(log(&second), 2);
    let store = open();
    let now = store
        .in_progress("spider-1suit")
        .expect("reads")
        .expect("kept");
    assert_eq!(
        (now.id, now.actions),
        (saved.id, 2),
        "the undo is in the same record"
    );
    second.update(Msg::Deal);
    assert_eq!(store.record(saved.id).expect("record").actions.len(), 3);
    let stats = store.stats("spider-1suit").expect("stats");
    assert_eq!(
        (stats.played, stats.abandoned),
        (1, 0),
        "one game, never abandoned"
    );
}

#[test]
fn a_score_that_runs_on_is_totalled_and_shown_as_a_new_game_opens() {
    let dir = tempfile::tempdir().expect("temp dir");
    let open = || Store::open_dir(dir.path()).expect("store opens");
    let make = || {
        let mut catalog = felt::catalog::builtin_catalog();
        let origin = || felt_core::Origin::BuiltIn("test".into());
        let table = "name = \"Runs\"\nstart = -52\nrunning_total = true\n";
        catalog
            .add_scoring(origin(), "runs", table)
            .expect("the table reads");
        let text = include_str!("../../../../config/variants/spider-1suit.toml")
            .replace("id = \"spider-1suit\"", "id = \"spider-run\"")
            .replace("code = \"SP1-S1\"", "code = \"SPR-S1\"")
            .replace("scoring = \"classic\"", "scoring = \"runs\"");
        catalog
            .add_variant(origin(), &text)
            .expect("the variant reads");
        catalog
    };
    let catalog = make();
    assert!(catalog.score_runs_on("spider-run"));
    assert!(!catalog.score_runs_on("spider-1suit"));
    let code = catalog
        .code_for("spider-run", None, 1)
        .expect("code")
        .to_string();
    let note = |app: &App| app.game().and_then(|g| g.note()).map(|n| n.text.clone());
    let play = |catalog: &Catalog| {
        let mut app = App::new(
            make(),
            Theme::default(),
            None,
            Some(Start::Code(code.clone())),
            1,
        )
        .expect("app");
        app.set_observer(Box::new(Records::new(open(), None).running_on(catalog)));
        app
    };
    let mut first = play(&catalog);
    assert_eq!(note(&first).as_deref(), Some("Running total: 0"));
    first.update(Msg::Deal);
    // The player abandons it for a new deal (n, y): its score counts as the new deal opens,
    // and leaving before a move there takes nothing back.
    first.update(Msg::NewGame);
    first.update(Msg::Yes);
    assert_eq!(note(&first).as_deref(), Some("Running total: -52"));
    drop(first);
    let store = open();
    assert_eq!(
        store.stats("spider-run").expect("stats").score_total,
        Some(-52)
    );
    assert!(
        store.all_in_progress().expect("reads").is_empty(),
        "the abandoned game is not offered to continue"
    );
    drop(store);
    let third = play(&catalog);
    assert_eq!(note(&third).as_deref(), Some("Running total: -52"));
    let mut records = Records::new(open(), None).running_on(&catalog);
    let stats = records.statistics().expect("reads");
    assert_eq!(stats[0].running_total, Some(-52));
    let mut plain = Records::new(open(), None);
    assert_eq!(plain.statistics().expect("reads")[0].running_total, None);
}

#[test]
fn statistics_and_saved_games_come_from_the_store() {
    let dir = tempfile::tempdir().expect("temp dir");
    let store = Store::open_dir(dir.path()).expect("store opens");
    let mut first = app(Some(Start::Code(CODE.into())), store);
    first.update(Msg::Deal);
    drop(first);
    let mut records = Records::new(Store::open_dir(dir.path()).expect("opens"), None);
    let saved = records.saved_games().expect("reads");
    assert_eq!(saved.len(), 1);
    assert_eq!((saved[0].moves, saved[0].started.as_str()), (1, "just now"));
    let stats = records.statistics().expect("reads");
    assert_eq!(stats.len(), 1);
    assert_eq!(stats[0].played, 1);
    assert_eq!(
        stats[0].recent,
        [RecentGame {
            outcome: Outcome::Playing,
            moves: 1,
            score: Some(499),
            played: Some(Duration::ZERO),
        }]
    );
    let games = records.games(&stats[0].variant, 10).expect("reads");
    assert_eq!(games.len(), 1);
    let game = &games[0];
    assert_eq!(game.id, saved[0].id, "the number felt replay --id takes");
    assert_eq!(
        (game.code.as_str(), game.outcome, game.moves),
        (CODE, Outcome::Playing, 1)
    );
    assert_eq!(
        game.started.len(),
        "2025-03-01 12:30".len(),
        "{}",
        game.started
    );
    assert!(records.games("klondike", 10).expect("reads").is_empty());
}

#[test]
fn a_game_saved_under_a_former_variant_id_goes_on_under_the_new_one() {
    let dir = tempfile::tempdir().expect("temp dir");
    let open = || Store::open_dir(dir.path()).expect("store opens");
    let mut first = app(Some(Start::Code("SPE-S4C-AAAAAAD".into())), open());
    first.update(Msg::Deal);
    drop(first);
    // As a felt from before the rename wrote it.
    let store = open();
    assert_eq!(
        store.rename_variant("spiderette-4suit", "spiderette").ok(),
        Some(1)
    );
    let catalog = felt::catalog::builtin_catalog();
    assert_eq!(catalog.canonical("spiderette"), "spiderette-4suit");
    store_cmd::adopt_aliases(&store, &catalog);
    let mut records = Records::new(store, None);
    let saved = records.saved_games().expect("reads");
    assert_eq!(saved.len(), 1);
    assert_eq!(saved[0].variant, "spiderette-4suit");
    let session = records.resume(&saved[0], &catalog).expect("resumes");
    assert_eq!(session.log().len(), 1);
}

#[test]
fn ages_read_at_a_glance() {
    let now = Timestamp::parse("2025-03-10T12:00:00Z").expect("time");
    let at = |t: &str| ago(Timestamp::parse(t).expect("time"), now);
    assert_eq!(at("2025-03-10T11:59:30Z"), "just now");
    assert_eq!(at("2025-03-10T11:35:00Z"), "25 min ago");
    assert_eq!(at("2025-03-10T09:00:00Z"), "3 h ago");
    assert_eq!(at("2025-03-09T10:00:00Z"), "yesterday");
    assert_eq!(at("2025-03-04T12:00:00Z"), "6 days ago");
    assert_eq!(at("2025-01-02T08:00:00Z"), "2025-01-02");
    // A clock set back reads as now, not as a negative age.
    assert_eq!(at("2025-03-10T12:05:00Z"), "just now");
}

#[test]
fn the_list_of_past_games_says_when_each_started_on_the_local_clock() {
    // The same words as `felt stats --games` (whose end-to-end test runs felt in a zone
    // five hours ahead of UTC): the local minute, never the store's UTC.
    let started = Timestamp::parse("2025-03-01T12:30:00Z").expect("time");
    let game = GameSummary {
        id: GameId(1),
        variant: "spider-1suit".into(),
        ruleset: "spider".into(),
        rules: "classic".into(),
        code: CODE.into(),
        started,
        finished: None,
        result: GameResult::Playing,
        score: None,
        moves: 3,
        actions: 3,
        played: None,
        assisted: false,
    };
    let local = felt_tui::local_time::local_minute(started.0).expect("a time in range");
    assert_eq!(past(&game).started, local);
    assert_eq!(crate::started::local_start(started), local);
}

/// Presses Down in the launcher until variant `id` is selected.
fn select_variant(app: &mut App, id: &str) {
    let catalog = felt::catalog::builtin_catalog();
    for _ in 0..60 {
        if app.launcher().selected_variant(&catalog) == Some(id) {
            return;
        }
        app.update(Msg::Down);
    }
    panic!("variant {id} is not in the launcher");
}

#[test]
fn a_new_game_ends_no_kept_game_of_its_variant() {
    let dir = tempfile::tempdir().expect("temp dir");
    let open = || Store::open_dir(dir.path()).expect("store opens");
    // Two games kept (as "keep both" leaves them), then one more opened as `felt play` does.
    for code in [CODE, "SP1-S1C-AAAAAAE", "SP1-S1C-AAAAAAF"] {
        let mut played = app(Some(Start::Code(code.into())), open());
        played.update(Msg::Deal);
    }
    let store = open();
    let kept = store.all_in_progress_of("spider-1suit").expect("reads");
    assert_eq!(kept.len(), 3, "{kept:?}");
    assert_eq!(store.stats("spider-1suit").expect("stats").abandoned, 0);
}

#[test]
fn starting_anew_in_the_launcher_gives_the_old_game_up_at_once() {
    let dir = tempfile::tempdir().expect("temp dir");
    let open = || Store::open_dir(dir.path()).expect("store opens");
    let mut first = app(Some(Start::Code(CODE.into())), open());
    first.update(Msg::Deal);
    drop(first);
    let old = open()
        .in_progress("spider-1suit")
        .expect("reads")
        .expect("kept");

    let mut second = app(None, open());
    select_variant(&mut second, "spider-1suit");
    second.update(Msg::Start);
    assert!(
        second.launcher().asking(),
        "the question names the kept game"
    );
    second.update(Msg::NewGame);
    assert!(second.game().is_some(), "the new deal is on the table");
    // No move in the new deal: the choice stands all the same.
    assert_eq!(
        open().summary(old.id).expect("reads").result,
        GameResult::Abandoned
    );
}

#[test]
fn a_game_the_demo_moved_in_is_recorded_assisted() {
    let dir = tempfile::tempdir().expect("temp dir");
    let open = || Store::open_dir(dir.path()).expect("store opens");
    let mut played = app(Some(Start::Code(CODE.into())), open());
    played.update(Msg::Demo);
    // The demo plays by idle ticks; its hint is searched on a thread.
    let start = std::time::Instant::now();
    while played.game().is_some_and(|g| g.session().log().is_empty()) {
        assert!(start.elapsed().as_secs() < 60, "the demo made no move");
        played.tick();
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    played.update(Msg::Cancel);
    assert!(played.game().is_some_and(|g| g.assisted()));
    let store = open();
    let game = store
        .in_progress("spider-1suit")
        .expect("reads")
        .expect("kept");
    assert!(game.assisted, "the record says the demo helped");
    let mut records = Records::new(open(), None);
    let stats = records.statistics().expect("reads");
    assert_eq!(
        (
            stats[0].played,
            stats[0].assisted_played,
            stats[0].assisted_won
        ),
        (0, 1, 0)
    );
    assert!(records.games("spider-1suit", 5).expect("reads")[0].assisted);
    // A new deal at the table is the player's own again.
    played.update(Msg::NewGame);
    played.update(Msg::Yes);
    assert!(played.game().is_some_and(|g| !g.assisted()));
}
