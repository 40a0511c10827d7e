//! End-to-end: `felt stats`, `felt replay` and `felt export` on games recorded through
//! felt-store with the real Spider ruleset (a damaged or read-only store: store_faults.rs).

// A test may say on stderr why it skipped a case.
#![allow(clippy::disallowed_macros)]

use crate::common;

use crate::common::{answers, run};
use felt_core::Session;
use felt_store::{GameId, Recorder, Store};
use std::path::Path;
use std::process::Output;

/// Records a spider-1suit game of `code` playing the first legal action `actions` times.
pub(crate) fn record_game(data: &Path, code: &str, actions: usize) -> GameId {
    let catalog = felt::catalog::builtin_catalog();
    let code = felt_core::GameCode::parse(code).expect("a valid code");
    let (entry, choice) = catalog.resolve(&code).expect("a built-in variant");
    let ruleset = catalog
        .build(&entry.variant.id, Some(&choice.id))
        .expect("builds");
    let mut session = Session::new(ruleset, code, 100);
    let store = Store::open_dir(data).expect("store opens");
    let mut rec = Recorder::new();
    for _ in 0..actions {
        let action = session
            .legal_actions()
            .into_iter()
            .next()
            .expect("a legal action");
        session.act(&action).expect("legal");
        store.record_step(&mut rec, &session).expect("recorded");
    }
    rec.game().expect("recorded")
}

pub(crate) fn felt_in(home: &Path, data: &Path, args: &[&str]) -> Output {
    let data = data.to_str().expect("a UTF-8 temp path");
    let mut all = vec!["--data-dir", data];
    all.extend_from_slice(args);
    run(home, &all, "")
}

pub(crate) fn stdout(out: &Output) -> String {
    assert!(
        out.status.success(),
        "felt failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn stats_count_recorded_games_in_a_table_and_in_json() {
    let home = tempfile::tempdir().expect("temp dir");
    let data = home.path().join("data-dir");
    let first = record_game(&data, "SP1-S1C-AAAAAAD", 3);
    // The player gave the first up for a second game of the variant: a loss.
    let given = Store::open_dir(&data)
        .expect("store opens")
        .give_up(&[first])
        .expect("given up");
    assert_eq!(given, [first]);
    record_game(&data, "SP1-S1C-AAAAAAE", 2);

    let table = stdout(&felt_in(home.path(), &data, &["stats"]));
    let lines: Vec<&str> = table.lines().collect();
    assert!(
        lines[0].starts_with("VARIANT") && lines[0].contains("WIN%"),
        "{table}"
    );
    let row: Vec<&str> = lines[1].split_whitespace().collect();
    assert_eq!(
        row[..6],
        ["spider-1suit", "2", "0", "1", "0.0", "L1"],
        "{table}"
    );

    let json = stdout(&felt_in(home.path(), &data, &["stats", "--json"]));
    let all: serde_json::Value = serde_json::from_str(&json).expect("JSON");
    let s = &all[0];
    assert_eq!(s["variant"], "spider-1suit");
    assert_eq!(
        (s["played"].as_u64(), s["won"].as_u64(), s["lost"].as_u64()),
        (Some(2), Some(0), Some(1))
    );
    assert_eq!(
        (s["abandoned"].as_u64(), s["in_progress"].as_bool()),
        (Some(1), Some(true))
    );
    assert_eq!(s["win_rate"].as_f64(), Some(0.0));
    assert!(s["fewest_moves_won"].is_null());
}

#[test]
fn stats_with_no_games_say_so() {
    let home = tempfile::tempdir().expect("temp dir");
    let data = home.path().join("data-dir");
    let out = stdout(&felt_in(home.path(), &data, &["stats"]));
    assert!(out.starts_with("No games recorded yet"), "{out}");
    let out = felt_in(home.path(), &data, &["replay", "--headless"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("no games recorded yet"));
}

/// The steps of a headless replay: each step's heading and table lines.
fn steps(text: &str) -> Vec<Vec<String>> {
    answers(text.as_bytes())
        .into_iter()
        .filter(|block| block.first().is_some_and(|l| l.starts_with("step ")))
        .collect()
}

#[test]
fn a_headless_replay_shows_each_step_as_the_game_showed_it() {
    let home = tempfile::tempdir().expect("temp dir");
    let data = home.path().join("data-dir");
    let id = record_game(&data, "SP1-S1C-AAAAAAD", 6);
    let text = stdout(&felt_in(
        home.path(),
        &data,
        &["replay", "--id", &id.to_string(), "--headless"],
    ));
    assert!(
        text.starts_with(&format!("replay of game #{id}: spider-1suit")),
        "{text}"
    );
    let steps = steps(&text);
    assert_eq!(steps.len(), 7, "{text}");
    assert_eq!(steps[0][0], "step 0: the deal");
    // SP-LAYOUT: the deal shows face-down cards as ?? and only the last card of a column up.
    assert!(
        steps[0].iter().any(|l| l.starts_with("1: ?? ")),
        "{:?}",
        steps[0]
    );

    // Each step's heading is a headless command: played in `felt play`, they lead to the same
    // table the replay shows last.
    let mut script: String = steps[1..]
        .iter()
        .map(|s| s[0].split_once(": ").expect("step heading").1.to_string() + "\n")
        .collect();
    script.push_str("show\nquit\n");
    let played = run(
        home.path(),
        &["play", "--code", "SP1-S1C-AAAAAAD", "--headless"],
        &script,
    );
    let answers = answers(&stdout(&played).into_bytes());
    let shown = &answers[answers.len() - 2];
    assert_eq!(shown[0], "ok");
    assert_eq!(shown[1..], steps[6][1..], "replay and play disagree");
    // --code finds the same game.
    let by_code = stdout(&felt_in(
        home.path(),
        &data,
        &["replay", "--code", "sp1-s1c-aaaaaad", "--headless"],
    ));
    assert_eq!(by_code, text);
}

#[test]
fn an_exported_record_replays_the_same_from_its_file() {
    let home = tempfile::tempdir().expect("temp dir");
    let data = home.path().join("data-dir");
    let id = record_game(&data, "SP1-S1C-AAAAAAG", 5).to_string();
    let file = home.path().join("game.txt");
    let file_arg = file.to_str().expect("UTF-8 path");
    stdout(&felt_in(home.path(), &data, &["export", &id, file_arg]));
    let written = std::fs::read_to_string(&file).expect("record file");
    assert!(written.starts_with("felt game record 2\n"), "{written}");
    // Piles and cards count from 1 in the file, as the screen numbers the columns.
    let moves: Vec<&str> = written.lines().filter(|l| l.contains(". move ")).collect();
    assert!(!moves.is_empty(), "{written}");
    assert!(
        moves
            .iter()
            .all(|l| !l.contains("[0]") && !l.ends_with("-> 0")),
        "{written}"
    );
    assert!(written.contains("code: SP1-S1C-AAAAAAG"), "{written}");
    assert_eq!(
        stdout(&felt_in(home.path(), &data, &["export", &id])),
        written
    );

    let from_db = stdout(&felt_in(
        home.path(),
        &data,
        &["replay", "--id", &id, "--headless"],
    ));
    // Read back by a felt with a different (empty) database, as when the file came by mail.
    let elsewhere = home.path().join("other-data");
    let from_file = stdout(&felt_in(
        home.path(),
        &elsewhere,
        &["replay", file_arg, "--headless"],
    ));
    assert_eq!(from_file, from_db);

    // A record cut short is refused with its file and line.
    let cut: String = written
        .lines()
        .take(written.lines().count() - 1)
        .map(|l| format!("{l}\n"))
        .collect();
    std::fs::write(&file, cut).expect("cut");
    let out = felt_in(home.path(), &elsewhere, &["replay", file_arg, "--headless"]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains(file_arg) && err.contains("says 5 actions but the file lists 4"),
        "{err}"
    );
}

/// `felt stats --games` lists past games newest first with the numbers `felt replay --id` and
/// `felt export` take; an unknown number names that command.
#[test]
fn stats_games_lists_each_game_with_its_number_and_an_unknown_number_names_it() {
    let home = tempfile::tempdir().expect("temp dir");
    let data = home.path().join("data-dir");
    let first = record_game(&data, "SP1-S1C-AAAAAAG", 2);
    let second = record_game(&data, "SP1-S1C-AAAAAAH", 3);
    let list = stdout(&felt_in(home.path(), &data, &["stats", "--games"]));
    let lines: Vec<&str> = list.lines().collect();
    assert!(lines[0].starts_with("ID  VARIANT"), "{list}");
    assert!(
        lines[1].trim_start().starts_with(&second.to_string()),
        "{list}"
    );
    assert!(lines[1].contains("SP1-S1C-AAAAAAH"), "{list}");
    assert!(
        lines[2].trim_start().starts_with(&first.to_string()),
        "{list}"
    );
    let out = felt_in(home.path(), &data, &["export", "999"]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("`felt stats --games` lists them"), "{err}");
}

/// `felt stats --games` says when each game started on the player's own clock (the local
/// time zone, as the statistics screen does), not in UTC; `--json` keeps the store's UTC.
#[test]
fn stats_games_says_when_a_game_started_in_local_time() {
    let home = tempfile::tempdir().expect("temp dir");
    let data = home.path().join("data-dir");
    record_game(&data, "SP1-S1C-AAAAAAG", 2);
    let data_arg = data.to_str().expect("a UTF-8 temp path");
    // POSIX zone strings, which need no zone files: "XYZ-5" is five hours ahead of UTC.
    let started_in = |zone: &str| {
        let out = common::felt(home.path())
            .env("TZ", zone)
            .args(["--data-dir", data_arg, "stats", "--games"])
            .output()
            .expect("felt runs");
        let list = stdout(&out);
        let lines: Vec<&str> = list.lines().collect();
        assert!(lines[0].ends_with("STARTED"), "no zone named: {list}");
        let row = lines[1];
        // `YYYY-MM-DD HH:MM` ends the row.
        let minute = row.get(row.len().saturating_sub(16)..).unwrap_or_default();
        let hour: u32 = minute
            .get(11..13)
            .and_then(|h| h.parse().ok())
            .unwrap_or_else(|| panic!("an hour in {row}"));
        (minute.to_string(), hour)
    };
    let (utc, utc_hour) = started_in("UTC0");
    let (ahead, ahead_hour) = started_in("XYZ-5");
    assert_eq!((utc_hour + 5) % 24, ahead_hour, "{utc} then {ahead}");
    let json = stdout(&felt_in(
        home.path(),
        &data,
        &["stats", "--games", "--json"],
    ));
    assert!(
        json.contains(&format!("{}T{}:", &utc[..10], &utc[11..])),
        "{json}"
    );
}

#[test]
fn a_headless_replay_says_when_the_game_started_in_local_time() {
    let home = tempfile::tempdir().expect("temp dir");
    let data = home.path().join("data-dir");
    let id = record_game(&data, "SP1-S1C-AAAAAAG", 2);
    let data_arg = data.to_str().expect("a UTF-8 temp path");
    // POSIX zone strings, which need no zone files: "XYZ-5" is five hours ahead of UTC.
    let hour_in = |zone: &str| {
        let out = common::felt(home.path())
            .env("TZ", zone)
            .args(["--data-dir", data_arg, "replay", "--id", &id.to_string()])
            .arg("--headless")
            .output()
            .expect("felt runs");
        let text = stdout(&out);
        let first = text.lines().next().unwrap_or_default().to_string();
        // `started YYYY-MM-DD HH:MM,` in the heading.
        let at = first
            .find("started ")
            .unwrap_or_else(|| panic!("no start in {first}"));
        let minute = first.get(at + 8..at + 24).unwrap_or_default().to_string();
        assert!(
            first.get(at + 24..at + 25) == Some(","),
            "not to the minute: {first}"
        );
        let hour: u32 = minute
            .get(11..13)
            .and_then(|h| h.parse().ok())
            .unwrap_or_else(|| panic!("an hour in {first}"));
        hour
    };
    assert_eq!((hour_in("UTC0") + 5) % 24, hour_in("XYZ-5"));
}

#[test]
fn a_long_record_replays_any_step_as_the_game_showed_it() {
    // More actions than a replay keeps states for: steps are built from checkpoints.
    let home = tempfile::tempdir().expect("temp dir");
    let data = home.path().join("data-dir");
    let n = 3 * felt_store::CHECKPOINT_EVERY + 5;
    let id = record_game(&data, "SP1-S1C-AAAAAAD", n);
    let store = Store::open_dir(&data).expect("opens");
    let record = store.record(id).expect("record");
    let catalog = felt::catalog::builtin_catalog();
    let ruleset = catalog
        .build(&record.summary.variant, Some(&record.summary.rules))
        .expect("builds");
    let mut replayer = record
        .replayer(ruleset.clone(), felt_core::Seat::SOLO)
        .expect("replays");
    assert_eq!(replayer.len(), n + 1);

    let code = felt_core::GameCode::parse(&record.summary.code).expect("code");
    let mut session = Session::new(ruleset, code, 0);
    let mut views = vec![session.view(felt_core::Seat::SOLO)];
    for action in &record.actions {
        session.act(action).expect("legal");
        views.push(session.view(felt_core::Seat::SOLO));
    }
    // Jumps back and forth, across checkpoints, and walks forward.
    for k in [n, 0, 129, 128, 127, 300, 1, 2, 3, n - 1, 256, 257] {
        let step = replayer.step(k).expect("a step");
        assert_eq!(step.number, k);
        assert_eq!(step.view, views[k], "step {k}");
        assert_eq!(
            step.action.as_ref(),
            k.checked_sub(1).map(|i| &record.actions[i])
        );
    }
    assert!(replayer.step(n + 1).is_none());
}

#[test]
fn resume_with_several_in_progress_takes_the_newest_and_says_how_to_pick_another() {
    let home = tempfile::tempdir().expect("temp dir");
    let data = home.path().join("data-dir");
    let older = record_game(&data, "SP1-S1C-AAAAAAD", 3);
    // The player kept the first game when starting the second.
    let catalog = felt::catalog::builtin_catalog();
    let ruleset = catalog.build("spider-1suit", None).expect("builds");
    let code = felt_core::GameCode::parse("SP1-S1C-AAAAAAE").expect("code");
    let mut session = Session::new(ruleset, code, 100);
    let store = Store::open_dir(&data).expect("store opens");
    let mut rec = Recorder::new();
    let first = session.legal_actions().into_iter().next().expect("legal");
    session.act(&first).expect("legal");
    store.record_step(&mut rec, &session).expect("recorded");
    let newer = rec.game().expect("recorded");
    // This felt leaves the game: its lock goes with the recorder.
    drop(rec);
    drop(store);

    let out = felt_in(
        home.path(),
        &data,
        &["play", "spider-1suit", "--resume", "--headless"],
    );
    let said = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(out.status.success(), "{said}");
    assert!(
        said.contains(&format!("Resumed game {}, the newest of 2", newer.0))
            && said.contains(&format!("--resume --id N picks another ({})", older.0)),
        "{said}"
    );
    let older_id = older.0.to_string();
    let out = felt_in(
        home.path(),
        &data,
        &[
            "play",
            "spider-1suit",
            "--resume",
            "--id",
            &older_id,
            "--headless",
        ],
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.stderr.is_empty(), "a named game needs no word");
    let out = felt_in(
        home.path(),
        &data,
        &[
            "play",
            "spider-1suit",
            "--resume",
            "--id",
            "99",
            "--headless",
        ],
    );
    assert!(!out.status.success());
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("not a game of spider-1suit in progress"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// The header line of `felt replay … --headless`.
fn replay_header(home: &Path, data: &Path, args: &[&str]) -> String {
    let mut all = vec!["replay"];
    all.extend_from_slice(args);
    all.push("--headless");
    let text = stdout(&felt_in(home, data, &all));
    text.lines().next().unwrap_or_default().to_string()
}

#[test]
fn a_replay_shows_the_time_played_as_the_game_list_does() {
    let home = tempfile::tempdir().expect("temp dir");
    let data = home.path().join("data-dir");
    // A game the terminal's clock timed (12 minutes 34 seconds), and one played headless.
    let timed = {
        let catalog = felt::catalog::builtin_catalog();
        let code = felt_core::GameCode::parse("SP1-S1C-AAAAAAG").expect("a valid code");
        let ruleset = catalog.build("spider-1suit", None).expect("builds");
        let mut session = Session::new(ruleset, code, 100);
        let store = Store::open_dir(&data).expect("store opens");
        let mut rec = Recorder::new();
        let action = session.legal_actions().into_iter().next().expect("a move");
        session.act(&action).expect("legal");
        rec.set_played(std::time::Duration::from_millis(754_210));
        store.record_step(&mut rec, &session).expect("recorded");
        rec.game().expect("recorded").to_string()
    };
    let untimed = record_game(&data, "SP1-S1C-AAAAAAH", 2).to_string();
    let listed = stdout(&felt_in(home.path(), &data, &["stats", "--games"]));
    assert!(listed.contains("12:34"), "{listed}");

    let header = replay_header(home.path(), &data, &["--id", &timed]);
    assert!(header.ends_with(", 1 actions, time 12:34"), "{header}");
    // The exported record carries it (`played:`), read back by a felt with another database.
    let file = home.path().join("timed.txt");
    let file_arg = file.to_str().expect("UTF-8 path");
    stdout(&felt_in(home.path(), &data, &["export", &timed, file_arg]));
    let elsewhere = home.path().join("other-data");
    assert_eq!(replay_header(home.path(), &elsewhere, &[file_arg]), header);

    let header = replay_header(home.path(), &data, &["--id", &untimed]);
    assert!(header.ends_with(", 2 actions, time —"), "{header}");
}

/// `felt stats NAME` for a name no variant has and no record bears is a mistyped name: felt
/// says so and fails, instead of printing a row of zeros. A known variant never played still
/// gets its row.
#[test]
fn stats_of_a_name_nothing_knows_is_an_error_and_of_a_variant_never_played_a_row() {
    let home = tempfile::tempdir().expect("temp dir");
    let data = home.path().join("data-dir");
    let typo = felt_in(home.path(), &data, &["stats", "spider-1siut"]);
    assert!(!typo.status.success());
    let err = String::from_utf8_lossy(&typo.stderr);
    assert!(
        err.contains("unknown variant 'spider-1siut'") && err.contains("no games are recorded"),
        "{err}"
    );
    assert!(typo.stdout.is_empty(), "no table for a typo");
    let never = stdout(&felt_in(home.path(), &data, &["stats", "spider-4suit"]));
    assert!(
        never.lines().any(|l| l.starts_with("spider-4suit")),
        "{never}"
    );
}
