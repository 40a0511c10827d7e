//! End-to-end: records that must not lose a player's games or count something false. A new
//! game ends no kept game, a game played with help is counted apart by `felt stats`, and a
//! record file whose header contradicts itself or its actions is refused with the line.

use crate::common::run;
use felt_core::Session;
use felt_store::{GameId, GameResult, Recorder, Store};
use std::path::Path;
use std::process::Output;

/// Records a spider-1suit game of `code` playing the first legal action `actions` times,
/// marked assisted when `assisted`.
fn record_game(data: &Path, code: &str, actions: usize, assisted: bool) -> GameId {
    let catalog = felt::catalog::builtin_catalog();
    let code = felt_core::GameCode::parse(code).expect("a valid code");
    let ruleset = catalog.build("spider-1suit", None).expect("builds");
    let mut session = Session::new(ruleset, code, 100);
    let store = Store::open_dir(data).expect("store opens");
    let mut rec = Recorder::new();
    if assisted {
        rec.set_assisted();
    }
    for _ in 0..actions {
        let action = session.legal_actions().into_iter().next().expect("legal");
        session.act(&action).expect("legal");
        store.record_step(&mut rec, &session).expect("recorded");
    }
    rec.game().expect("recorded")
}

fn felt_in(home: &Path, data: &Path, args: &[&str], input: &str) -> Output {
    let data = data.to_str().expect("a UTF-8 temp path");
    let mut all = vec!["--data-dir", data];
    all.extend_from_slice(args);
    run(home, &all, input)
}

fn stdout(out: &Output) -> String {
    assert!(
        out.status.success(),
        "felt failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn stderr(out: &Output) -> String {
    assert!(!out.status.success(), "felt accepted it");
    String::from_utf8_lossy(&out.stderr).into_owned()
}

#[test]
fn a_headless_game_ends_no_kept_game_even_one_open_in_another_felt() {
    let home = tempfile::tempdir().expect("temp dir");
    let data = home.path().join("data-dir");
    // Two games kept, as the launcher's "keep both" leaves them; another felt plays one.
    let kept = record_game(&data, "SP1-S1C-AAAAAAD", 2, false);
    let open = record_game(&data, "SP1-S1C-AAAAAAE", 1, false);
    let other = Store::open_dir(&data).expect("store opens");
    let ruleset = felt::catalog::builtin_catalog()
        .build("spider-1suit", None)
        .expect("builds");
    let (_playing, _held) = other.resume(open, ruleset, 100).expect("resumes");

    let out = felt_in(
        home.path(),
        &data,
        &["play", "spider-1suit", "--seed", "5", "--headless"],
        "move 10 7 1\nquit\n",
    );
    stdout(&out);
    let store = Store::open_dir(&data).expect("store opens");
    for game in [kept, open] {
        assert_eq!(
            store.summary(game).expect("kept").result,
            GameResult::Playing,
            "game {game}"
        );
    }
    assert_eq!(
        store
            .all_in_progress_of("spider-1suit")
            .expect("reads")
            .len(),
        3
    );
    assert_eq!(store.stats("spider-1suit").expect("stats").lost, 0);
}

#[test]
fn stats_count_games_played_with_help_apart_in_the_table_and_in_json() {
    let home = tempfile::tempdir().expect("temp dir");
    let data = home.path().join("data-dir");
    let own = record_game(&data, "SP1-S1C-AAAAAAD", 3, false);
    let helped = record_game(&data, "SP1-S1C-AAAAAAE", 2, true);
    let json = stdout(&felt_in(home.path(), &data, &["stats", "--json"], ""));
    let all: serde_json::Value = serde_json::from_str(&json).expect("JSON");
    let s = &all[0];
    assert_eq!(s["played"].as_u64(), Some(1), "{json}");
    assert_eq!(
        (
            s["assisted"]["played"].as_u64(),
            s["assisted"]["won"].as_u64(),
            s["assisted"]["lost"].as_u64()
        ),
        (Some(1), Some(0), Some(0)),
        "{json}"
    );
    let table = stdout(&felt_in(home.path(), &data, &["stats"], ""));
    let row: Vec<&str> = table
        .lines()
        .nth(1)
        .expect("a row")
        .split_whitespace()
        .collect();
    assert_eq!(row[..2], ["spider-1suit", "1"], "{table}");
    assert!(
        table.contains("\n  spider-1suit  1 played, 0 won, 0 lost\n"),
        "{table}"
    );
    let list = stdout(&felt_in(home.path(), &data, &["stats", "--games"], ""));
    let line = |id: GameId| {
        list.lines()
            .find(|l| l.trim_start().starts_with(&format!("{id} ")))
            .unwrap_or_else(|| panic!("game {id} listed:\n{list}"))
            .to_string()
    };
    assert!(line(helped).contains("playing, assisted"), "{list}");
    assert!(!line(own).contains("assisted"), "{list}");
    let games = stdout(&felt_in(
        home.path(),
        &data,
        &["stats", "--games", "--json"],
        "",
    ));
    let games: serde_json::Value = serde_json::from_str(&games).expect("JSON");
    assert_eq!(games[0]["assisted"], true, "{games}");
    assert_eq!(games[1]["assisted"], false, "{games}");
}

/// Exports game `id` of `data` and returns its text.
fn exported(home: &Path, data: &Path, id: GameId) -> String {
    stdout(&felt_in(home, data, &["export", &id.to_string()], ""))
}

/// The line of `text` (counted from 1) that starts with `start`.
fn line_of(text: &str, start: &str) -> usize {
    text.lines()
        .position(|l| l.starts_with(start))
        .unwrap_or_else(|| panic!("no line starts with {start}:\n{text}"))
        + 1
}

/// `felt replay FILE --headless` on `text`, in a felt with another (empty) database.
fn replay_file(home: &Path, text: &str) -> Output {
    let file = home.join("edited.txt");
    std::fs::write(&file, text).expect("written");
    let file = file.to_str().expect("UTF-8 path").to_string();
    felt_in(
        home,
        &home.join("elsewhere"),
        &["replay", &file, "--headless"],
        "",
    )
}

#[test]
fn a_record_file_that_contradicts_itself_or_its_actions_is_refused_at_the_line() {
    let home = tempfile::tempdir().expect("temp dir");
    let data = home.path().join("data-dir");
    let id = record_game(&data, "SP1-S1C-AAAAAAF", 1, false);
    let text = exported(home.path(), &data, id);
    // The truth replays, and says where the game stands.
    let header = stdout(&replay_file(home.path(), &text));
    assert!(
        header
            .lines()
            .next()
            .unwrap_or("")
            .contains(", in progress, 1 actions"),
        "{header}"
    );

    // "won" for a replay that ends in progress.
    let won = text
        .replace("result: playing", "result: won")
        .replace("finished: -", "finished: 2026-01-01T00:00:00Z");
    let err = stderr(&replay_file(home.path(), &won));
    let n = line_of(&won, "result:");
    assert!(
        err.contains(&format!(
            "line {n}: the file says the game is won, but after its 1 action it is in progress"
        )),
        "{err}"
    );
    // A code of another variant, and one of no variant at all.
    let other = text.replace("code: SP1-S1C-AAAAAAF", "code: SP1-S4C-AAAAAAF");
    let err = stderr(&replay_file(home.path(), &other));
    let n = line_of(&other, "code:");
    let v = line_of(&other, "variant:");
    assert!(
        err.contains(&format!(
            "line {n}: code SP1-S4C-AAAAAAF deals a game of spider-4suit, but the file says variant spider-1suit (line {v})"
        )),
        "{err}"
    );
    let none = text.replace("code: SP1-S1C-AAAAAAF", "code: SP4-S4C-AAAAAAF");
    let err = stderr(&replay_file(home.path(), &none));
    assert!(
        err.contains(&format!("line {n}: unknown variant prefix SP4")),
        "{err}"
    );
    // A key given twice.
    let twice = text.replace("moves: 1\n", "moves: 1\nmoves: 7\n");
    let err = stderr(&replay_file(home.path(), &twice));
    let n = line_of(&twice, "moves: 7");
    assert!(
        err.contains(&format!(
            "line {n}: 'moves' is given twice (first on line {})",
            n - 1
        )),
        "{err}"
    );
    // A ruleset that does not play the variant.
    let ruleset = text.replace("ruleset: spider", "ruleset: klondike");
    let err = stderr(&replay_file(home.path(), &ruleset));
    let n = line_of(&ruleset, "ruleset:");
    assert!(
        err.contains(&format!(
            "line {n}: the file says ruleset 'klondike', but spider-1suit is played by ruleset 'spider'"
        )),
        "{err}"
    );
}

#[test]
fn a_replay_shows_what_its_actions_reach_for_an_abandoned_game_too() {
    let home = tempfile::tempdir().expect("temp dir");
    let data = home.path().join("data-dir");
    let id = record_game(&data, "SP1-S1C-AAAAAAF", 2, false);
    Store::open_dir(&data)
        .expect("store opens")
        .give_up(&[id])
        .expect("given up");
    let text = stdout(&felt_in(
        home.path(),
        &data,
        &["replay", "--id", &id.to_string(), "--headless"],
        "",
    ));
    assert!(
        text.lines()
            .next()
            .unwrap_or("")
            .contains(", abandoned, 2 actions"),
        "{text}"
    );
    // Its file says so and replays: abandoned is a game its actions leave unfinished.
    let file = exported(home.path(), &data, id);
    assert!(file.contains("result: abandoned"), "{file}");
    stdout(&replay_file(home.path(), &file));
}
