//! Real faults: a process killed mid-recording, random bytes for a database, a database from a
//! newer felt, two processes recording at once.
//!
//! The child processes are this same test binary started again with `FELT_STORE_CHILD` set, so
//! the file has its own `main` (harness = false) instead of libtest's, and is a test binary
//! apart from the `store` suite.

#[path = "store/common.rs"]
mod common;

use common::{counter, deal, session};
use felt_core::{Seat, Status};
use felt_store::{GameId, GameResult, Recorder, Store, SCHEMA_VERSION};
use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};
use std::collections::BTreeSet;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

const CHILD: &str = "FELT_STORE_CHILD";
const VARIANT: &str = "count";

fn main() {
    if let Ok(role) = std::env::var(CHILD) {
        child(&role);
        return;
    }
    let tests: &[(&str, fn())] = &[
        (
            "killed_mid_recording_many_times_loses_no_finished_game",
            killed_mid_recording,
        ),
        (
            "two_processes_recording_at_once_count_every_game",
            two_processes_at_once,
        ),
        ("random_bytes_for_a_database_are_moved_aside", random_bytes),
        (
            "two_processes_meeting_a_corrupt_database_move_it_once",
            two_processes_meet_a_corrupt_database,
        ),
        (
            "a_felt_starting_while_another_moves_the_database_aside_waits_for_it",
            starting_during_a_move,
        ),
        ("damaged_pages_are_found_and_moved_aside", damaged_pages),
        (
            "damaged_actions_are_found_when_read_then_moved_aside",
            damaged_actions,
        ),
        (
            "a_database_from_a_newer_felt_is_refused_and_left_as_it_is",
            newer_schema,
        ),
        ("another_programs_database_is_moved_aside", foreign_database),
    ];
    let filters: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .collect();
    let chosen: Vec<_> = tests
        .iter()
        .filter(|(name, _)| filters.is_empty() || filters.iter().any(|f| name.contains(f.as_str())))
        .collect();
    println!("\nrunning {} tests", chosen.len());
    let mut failed = Vec::new();
    for (name, test) in &chosen {
        let start = std::time::Instant::now();
        let outcome = std::panic::catch_unwind(test);
        let verdict = if outcome.is_ok() { "ok" } else { "FAILED" };
        println!(
            "test {name} ... {verdict} ({:.2} s)",
            start.elapsed().as_secs_f64()
        );
        if outcome.is_err() {
            failed.push(*name);
        }
    }
    println!(
        "\ntest result: {}. {} passed; {} failed\n",
        if failed.is_empty() { "ok" } else { "FAILED" },
        chosen.len() - failed.len(),
        failed.len()
    );
    if !failed.is_empty() {
        std::process::exit(1);
    }
}

/// What a child does, told by `FELT_STORE_CHILD=role:seed:games` and `FELT_STORE_DIR`.
///
/// It plays counter games (deals, with an undo now and then), recording every step, and prints
/// `step ID LEN` after each recorded step and `done ID` after each won game, both only once the
/// store has committed them. `games` 0 means play until killed.
fn child(role: &str) {
    let mut parts = role.split(':');
    let (Some(_), Some(seed), Some(games)) = (parts.next(), parts.next(), parts.next()) else {
        panic!("bad {CHILD} value {role}");
    };
    let seed: u64 = seed.parse().expect("seed");
    let games: u64 = games.parse().expect("games");
    let dir = PathBuf::from(std::env::var("FELT_STORE_DIR").expect("FELT_STORE_DIR"));
    // A start line: children that wait for the file `go` open the store within microseconds
    // of each other.
    if std::env::var_os("FELT_STORE_WAIT").is_some() {
        while !dir.join("go").exists() {
            std::thread::yield_now();
        }
    }
    let store = Store::open_dir(&dir).expect("child opens the store");
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut played = 0;
    while games == 0 || played < games {
        let mut s = session(VARIANT, seed * 10_000 + played);
        let mut rec = Recorder::new();
        while s.status() == Status::Playing {
            if rng.next_u32() % 4 == 0 && s.can_undo() {
                s.undo().expect("undo");
            } else {
                s.act(&deal()).expect("deal");
            }
            let done = store.record_step(&mut rec, &s).expect("step recorded");
            let id = done.game.expect("a game after an action");
            println!("step {id} {}", s.log().len());
        }
        println!("done {}", rec.game().expect("recorded"));
        played += 1;
    }
}

fn spawn(dir: &Path, seed: u64, games: u64) -> Child {
    command(dir, seed, games).spawn().expect("child starts")
}

fn command(dir: &Path, seed: u64, games: u64) -> Command {
    let mut command = Command::new(std::env::current_exe().expect("test binary path"));
    command
        .env(CHILD, format!("play:{seed}:{games}"))
        .env("FELT_STORE_DIR", dir)
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit());
    command
}

/// What a child reported.
#[derive(Default)]
struct Report {
    done: Vec<GameId>,
    last_step: Option<(GameId, usize)>,
}

impl Report {
    fn read_line(&mut self, line: &str) {
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.as_slice() {
            ["done", id] => self.done.push(GameId(id.parse().expect("id"))),
            ["step", id, len] => {
                self.last_step = Some((GameId(id.parse().expect("id")), len.parse().expect("len")))
            }
            _ => panic!("unexpected child line {line:?}"),
        }
    }
}

/// Opens the store as the next felt would, and checks it opens cleanly and passes SQLite's
/// full integrity check.
fn reopen_cleanly(dir: &Path) -> Store {
    let store = Store::open_dir(dir).expect("reopens");
    assert!(
        store.recovery().is_none(),
        "a clean database was moved aside: {:?}",
        store.recovery()
    );
    let conn = rusqlite::Connection::open(store.path()).expect("sqlite opens it");
    let check: String = conn
        .query_row("PRAGMA integrity_check", [], |r| r.get(0))
        .expect("integrity check runs");
    assert_eq!(check, "ok");
    store
}

/// Every game reported won is in the store, won, and replays to a win.
fn assert_won(store: &Store, ids: &[GameId]) {
    for &id in ids {
        let record = store.record(id).expect("a finished game is still there");
        assert_eq!(record.summary.result, GameResult::Won, "game {id}");
        let mut replayer = record
            .replayer(counter(VARIANT), Seat::SOLO)
            .expect("replays");
        let last = replayer.step(replayer.len() - 1).expect("a step");
        assert!(
            matches!(last.status, Status::Won { .. }),
            "game {id} replays to {:?}",
            last.status
        );
    }
}

fn killed_mid_recording() {
    let dir = tempfile::tempdir().expect("temporary directory");
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mut all_done = Vec::new();
    let rounds = 30;
    for round in 0..rounds {
        let mut child = spawn(dir.path(), round, 0);
        let mut lines = BufReader::new(child.stdout.take().expect("piped")).lines();
        let mut report = Report::default();
        // Every fifth child dies while opening the database (possibly creating or migrating
        // it); the others after a few games and steps, at a random moment within a few steps.
        if round % 5 != 0 {
            let wanted = rng.next_u32() % 3;
            while report.done.len() < wanted as usize || report.last_step.is_none() {
                let line = lines
                    .next()
                    .expect("child still running")
                    .expect("readable");
                report.read_line(&line);
            }
            std::thread::sleep(Duration::from_micros(u64::from(rng.next_u32() % 10_000)));
        }
        child.kill().expect("SIGKILL delivered");
        let status = child.wait().expect("child reaped");
        assert!(!status.success(), "the child was killed, not finished");
        for line in lines {
            report.read_line(&line.expect("readable"));
        }
        let store = reopen_cleanly(dir.path());
        assert_won(&store, &report.done);
        // The last step the child reported is stored, or the one after it (which it committed
        // but did not live to report): a crash loses at most the step being written.
        if let Some((id, len)) = report.last_step {
            let record = store.record(id).expect("the game being played is there");
            let stored = record.actions.len();
            assert!(
                stored + 1 >= len && stored <= len + 1,
                "game {id}: reported {len}, stored {stored}"
            );
            if record.replayer(counter(VARIANT), Seat::SOLO).is_err() {
                panic!("game {id}: the stored prefix does not replay");
            }
        }
        all_done.extend(report.done);
    }
    let store = reopen_cleanly(dir.path());
    assert_won(&store, &all_done);
    let stats = store.stats(VARIANT).expect("stats");
    let unique: BTreeSet<_> = all_done.iter().collect();
    assert_eq!(unique.len(), all_done.len());
    // Each kill may also have finished one game it could not report.
    let won = stats.won as usize;
    assert!(
        won >= all_done.len() && won <= all_done.len() + rounds as usize,
        "won {won}"
    );
    assert!(stats.played >= stats.won + stats.lost);
    println!(
        "    {rounds} kills, {} reported wins, {} games recorded",
        all_done.len(),
        stats.played
    );
}

fn two_processes_at_once() {
    let dir = tempfile::tempdir().expect("temporary directory");
    let games = 25;
    // Neither the database nor its schema exists yet: the two also race to create them, from
    // a common start line.
    let children: Vec<Child> = (0..2)
        .map(|i| {
            let mut child = command(dir.path(), 100 + i, games);
            child
                .env("FELT_STORE_WAIT", "1")
                .spawn()
                .expect("child starts")
        })
        .collect();
    std::thread::sleep(Duration::from_millis(50));
    std::fs::write(dir.path().join("go"), b"go").expect("start line");
    let mut done = Vec::new();
    for mut child in children {
        let mut report = Report::default();
        for line in BufReader::new(child.stdout.take().expect("piped")).lines() {
            report.read_line(&line.expect("readable"));
        }
        assert!(child.wait().expect("reaped").success(), "a child failed");
        assert_eq!(report.done.len() as u64, games);
        done.extend(report.done);
    }
    let store = reopen_cleanly(dir.path());
    assert_won(&store, &done);
    let stats = store.stats(VARIANT).expect("stats");
    // Each child's new games abandoned the other's game in progress, and each abandoned game was
    // still finished and counted as won by the felt playing it.
    assert_eq!(
        (stats.played, stats.won, stats.lost),
        (2 * games, 2 * games, 0)
    );
    assert!(!stats.in_progress);
}

fn random_bytes_file(path: &Path, len: usize, seed: u64) -> Vec<u8> {
    let mut bytes = vec![0u8; len];
    ChaCha8Rng::seed_from_u64(seed).fill_bytes(&mut bytes);
    std::fs::write(path, &bytes).expect("written");
    bytes
}

/// Opens `dir` expecting its database moved aside for a reason containing `why`; checks the
/// moved file holds exactly `old` and the fresh store works.
fn assert_moved_aside(dir: &Path, old: &[u8], why: &str) {
    let store = Store::open_dir(dir).expect("a fresh store opens");
    let recovery = store
        .recovery()
        .expect("the old file was moved aside")
        .clone();
    assert!(recovery.reason.contains(why), "reason: {}", recovery.reason);
    assert_eq!(recovery.path, dir.join("felt.db"));
    let name = recovery
        .moved_to
        .file_name()
        .expect("a name")
        .to_string_lossy()
        .into_owned();
    assert!(name.starts_with("felt.db.corrupt-"), "{name}");
    assert_eq!(
        std::fs::read(&recovery.moved_to).expect("the moved file"),
        old,
        "moved untouched"
    );
    let notice = recovery.to_string();
    assert!(
        notice.contains(&dir.join("felt.db").display().to_string()),
        "{notice}"
    );
    assert!(
        notice.contains(&recovery.moved_to.display().to_string()),
        "{notice}"
    );
    assert_eq!(store.stats(VARIANT).expect("stats").played, 0);
    let mut s = session(VARIANT, 1);
    s.act(&deal()).expect("deal");
    store
        .record_step(&mut Recorder::new(), &s)
        .expect("records into the fresh database");
    drop(store);
    let again = reopen_cleanly(dir);
    assert_eq!(again.stats(VARIANT).expect("stats").played, 1);
}

fn random_bytes() {
    let dir = tempfile::tempdir().expect("temporary directory");
    let old = random_bytes_file(&dir.path().join("felt.db"), 20_000, 1);
    assert_moved_aside(dir.path(), &old, "not a database");
}

/// A store with `n` won games, closed (so everything is in the main file). Each game is
/// recorded in one step at its end, which is quicker than step by step and just as valid.
fn store_with_games(dir: &Path, n: u64) {
    let store = Store::open_dir(dir).expect("opens");
    for seed in 0..n {
        let mut s = session(VARIANT, seed);
        while s.status() == Status::Playing {
            s.act(&deal()).expect("deal");
        }
        store
            .record_step(&mut Recorder::new(), &s)
            .expect("game recorded");
    }
}

fn damaged_pages() {
    let dir = tempfile::tempdir().expect("temporary directory");
    store_with_games(dir.path(), 60);
    let path = dir.path().join("felt.db");
    let mut bytes = std::fs::read(&path).expect("database file");
    assert!(bytes.len() > 4 * 4096, "database of {} bytes", bytes.len());
    // Keep the header page, scramble the rest: the file still looks like a database.
    let mut noise = vec![0u8; bytes.len() - 4096];
    ChaCha8Rng::seed_from_u64(2).fill_bytes(&mut noise);
    bytes[4096..].copy_from_slice(&noise);
    std::fs::write(&path, &bytes).expect("damaged");
    assert_moved_aside(dir.path(), &bytes, "integrity check failed");
}

fn newer_schema() {
    let dir = tempfile::tempdir().expect("temporary directory");
    store_with_games(dir.path(), 3);
    let path = dir.path().join("felt.db");
    {
        let conn = rusqlite::Connection::open(&path).expect("opens");
        conn.pragma_update(None, "user_version", SCHEMA_VERSION + 1)
            .expect("version set");
    }
    let old = std::fs::read(&path).expect("database file");
    let err = match Store::open_dir(dir.path()) {
        Ok(_) => panic!("a newer database was opened"),
        Err(e) => e.to_string(),
    };
    assert!(
        err.contains(&format!(
            "written by a newer felt (schema version {}; this felt knows up to {SCHEMA_VERSION}): upgrade felt, or use --data-dir",
            SCHEMA_VERSION + 1
        )),
        "{err}"
    );
    // Nothing was moved or changed: the newer felt finds its history as it left it.
    assert_eq!(std::fs::read(&path).expect("database file"), old);
    let moved = std::fs::read_dir(dir.path())
        .expect("listing")
        .filter_map(Result::ok)
        .any(|e| e.path().to_string_lossy().contains("corrupt-"));
    assert!(!moved, "the database was moved aside");
}

fn foreign_database() {
    let dir = tempfile::tempdir().expect("temporary directory");
    let path = dir.path().join("felt.db");
    {
        let conn = rusqlite::Connection::open(&path).expect("opens");
        conn.execute_batch(
            "CREATE TABLE recipes (name TEXT); INSERT INTO recipes VALUES ('soup');",
        )
        .expect("someone else's data");
    }
    let old = std::fs::read(&path).expect("database file");
    assert_moved_aside(dir.path(), &old, "not a felt database");
}

/// Damage in the actions table only: the start-up check (of the games table) passes, reading a
/// game finds the damage, and the next start checks everything and moves the file aside.
fn damaged_actions() {
    let dir = tempfile::tempdir().expect("temporary directory");
    store_with_games(dir.path(), 100);
    let path = dir.path().join("felt.db");
    let (page_size, root): (usize, usize) = {
        let conn = rusqlite::Connection::open(&path).expect("opens");
        let size = conn
            .query_row("PRAGMA page_size", [], |r| r.get(0))
            .expect("page size");
        let root = conn
            .query_row(
                "SELECT rootpage FROM sqlite_master WHERE name = 'actions'",
                [],
                |r| r.get(0),
            )
            .expect("the actions table's root page");
        (size, root)
    };
    let mut bytes = std::fs::read(&path).expect("database file");
    let start = (root - 1) * page_size;
    ChaCha8Rng::seed_from_u64(3).fill_bytes(&mut bytes[start..start + page_size]);
    std::fs::write(&path, &bytes).expect("damaged");

    let store = Store::open_dir(dir.path()).expect("opens");
    assert!(store.recovery().is_none(), "the games table is sound");
    assert_eq!(
        store
            .stats(VARIANT)
            .expect("statistics need no actions")
            .won,
        100
    );
    let err = store
        .record(GameId(1))
        .expect_err("the actions are damaged");
    assert!(err.to_string().contains("is damaged"), "{err}");
    drop(store);
    assert_moved_aside(dir.path(), &bytes, "integrity check failed");
}

/// Two felts start at once on a corrupt database: the corrupt file is moved aside, never a
/// fresh database the other just made, and both play into the same fresh one.
fn two_processes_meet_a_corrupt_database() {
    for round in 0..6 {
        let dir = tempfile::tempdir().expect("temporary directory");
        let garbage = random_bytes_file(&dir.path().join("felt.db"), 8192, round);
        let children: Vec<Child> = (0..2)
            .map(|i| {
                let mut child = command(dir.path(), 200 + 2 * round + i, 1);
                child
                    .env("FELT_STORE_WAIT", "1")
                    .spawn()
                    .expect("child starts")
            })
            .collect();
        // Both are started and waiting: let them go at once.
        std::thread::sleep(Duration::from_millis(50));
        std::fs::write(dir.path().join("go"), b"go").expect("start line");
        for child in children {
            let out = child.wait_with_output().expect("reaped");
            assert!(out.status.success(), "a child failed");
        }
        let moved: Vec<PathBuf> = std::fs::read_dir(dir.path())
            .expect("listing")
            .filter_map(Result::ok)
            .map(|e| e.path())
            .filter(|p| {
                let name = p
                    .file_name()
                    .map(|n| n.to_string_lossy().into_owned())
                    .unwrap_or_default();
                name.starts_with("felt.db.corrupt-")
                    && !name.ends_with("-wal")
                    && !name.ends_with("-shm")
            })
            .collect();
        assert_eq!(
            moved.len(),
            1,
            "the corrupt file is moved aside once: {moved:?}"
        );
        for file in &moved {
            assert_eq!(
                std::fs::read(file).expect("moved file"),
                garbage,
                "{} is not the corrupt file",
                file.display()
            );
        }
        let store = reopen_cleanly(dir.path());
        assert_eq!(
            store.stats(VARIANT).expect("stats").won,
            2,
            "both games are in the live database"
        );
    }
}

/// A felt that starts while another is moving the database aside creates nothing until the
/// move is over. Had it created the fresh database between the move of `felt.db` and the move
/// of its `-wal` file, the move would take its log and its games would be lost. Here the test
/// is the felt moving the file aside: it holds the recovery lock as that felt does, moves
/// `felt.db`, and gives the child time to start; a child that did not wait would have made a
/// fresh `felt.db` by then (a slow machine can only hide the fault, never invent one).
fn starting_during_a_move() {
    let dir = tempfile::tempdir().expect("temporary directory");
    let path = dir.path().join("felt.db");
    random_bytes_file(&path, 8192, 9);
    let lock = rusqlite::Connection::open(dir.path().join("felt.db.lock")).expect("lock file");
    lock.execute_batch("BEGIN EXCLUSIVE")
        .expect("the recovery lock");
    std::fs::rename(&path, dir.path().join("felt.db.corrupt-test")).expect("moved aside");
    let mut child = spawn(dir.path(), 300, 1);
    std::thread::sleep(Duration::from_millis(300));
    assert!(
        child.try_wait().expect("child state").is_none(),
        "the child finished while the database was being moved"
    );
    assert!(
        !path.exists(),
        "the child made a fresh database while the old one was being moved"
    );
    drop(lock);
    let out = child.wait_with_output().expect("reaped");
    assert!(out.status.success(), "the child failed");
    let store = reopen_cleanly(dir.path());
    assert_eq!(store.stats(VARIANT).expect("stats").won, 1);
}
