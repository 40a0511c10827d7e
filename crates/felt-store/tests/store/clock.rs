//! The game clock in the records: the time a game was played, kept with its steps, restored on
//! resume, and the best time of a variant (the fastest won game); and a database written before
//! felt kept times upgrades with its games intact.

use crate::common;

use crate::common::{deal, give_up, session};
use felt_core::Status;
use felt_store::{GameResult, Recorder, Store, SCHEMA_VERSION};
use std::time::Duration;

fn store() -> (tempfile::TempDir, Store) {
    let dir = tempfile::tempdir().expect("temporary directory");
    let store = Store::open_dir(dir.path()).expect("fresh store opens");
    (dir, store)
}

/// Plays `seed` of the counter game to a win, the clock reading `secs` at every step.
fn win_in(store: &Store, seed: u64, secs: u64) -> felt_store::GameId {
    let mut s = session("count", seed);
    let mut rec = Recorder::new();
    while s.status() == Status::Playing {
        s.act(&deal()).expect("deal is always legal");
        rec.set_played(Duration::from_secs(secs));
        store.record_step(&mut rec, &s).expect("step recorded");
    }
    rec.game().expect("recorded")
}

/// Gives up `seed` of the counter game after `secs` on the clock.
fn lose_in(store: &Store, seed: u64, secs: u64) -> felt_store::GameId {
    let mut s = session("count", seed);
    let mut rec = Recorder::new();
    s.act(&give_up()).expect("giving up is legal");
    rec.set_played(Duration::from_secs(secs));
    store.record_step(&mut rec, &s).expect("step recorded");
    rec.game().expect("recorded")
}

#[test]
fn the_best_time_is_the_fastest_won_game_and_never_a_lost_one() {
    let (_dir, store) = store();
    assert_eq!(store.stats("count").expect("stats").best_time, None);
    win_in(&store, 1, 300);
    win_in(&store, 2, 95);
    // Faster than any win, but lost: never a best time.
    lose_in(&store, 3, 4);
    // A game recorded without a clock (headless) has no time and is no best either.
    let mut s = session("count", 4);
    let mut rec = Recorder::new();
    while s.status() == Status::Playing {
        s.act(&deal()).expect("deal");
        store.record_step(&mut rec, &s).expect("step");
    }
    let headless = store.summary(rec.game().expect("kept")).expect("summary");
    assert_eq!((headless.result, headless.played), (GameResult::Won, None));
    let stats = store.stats("count").expect("stats");
    assert_eq!((stats.won, stats.lost), (3, 1));
    assert_eq!(stats.best_time, Some(Duration::from_secs(95)));
    let json = serde_json::to_value(&stats).expect("json");
    assert_eq!(json["best_time_ms"], 95_000);
}

#[test]
fn the_time_goes_on_after_the_last_step_and_comes_back_on_resume() {
    let (_dir, store) = store();
    let mut s = session("count", 6);
    let mut rec = Recorder::new();
    // Before its first action the game is not in the store; the time waits for that step.
    store
        .record_time(&mut rec, Duration::from_secs(2))
        .expect("nothing to write yet");
    s.act(&deal()).expect("deal");
    store.record_step(&mut rec, &s).expect("step");
    let id = rec.game().expect("recorded");
    assert_eq!(
        store.summary(id).expect("summary").played,
        Some(Duration::from_secs(2))
    );
    rec.set_played(Duration::from_millis(61_250));
    s.act(&deal()).expect("deal");
    store.record_step(&mut rec, &s).expect("step");
    // Thinking after the last move, then leaving: the leave writes the time at once.
    store
        .record_time(&mut rec, Duration::from_secs(75))
        .expect("time kept");
    let summary = store.summary(id).expect("summary");
    assert_eq!(summary.played, Some(Duration::from_secs(75)));
    assert_eq!(summary.actions, 2, "a time is not a step");
    drop(rec);
    let ruleset = common::counter("count");
    let (resumed, rec) = store.resume(id, ruleset, 10).expect("resumes");
    assert_eq!(resumed.log().len(), 2);
    assert_eq!(rec.played(), Some(Duration::from_secs(75)));
}

/// The schema of felt's version-3 database, as felt wrote it before it kept times: frozen here
/// on purpose, so the upgrade is tested from what old felts really left on disk.
const VERSION_3: &str = "
    CREATE TABLE games (
        id       INTEGER PRIMARY KEY AUTOINCREMENT,
        variant  TEXT NOT NULL,
        ruleset  TEXT NOT NULL,
        rules    TEXT NOT NULL,
        code     TEXT NOT NULL,
        started  INTEGER NOT NULL,
        finished INTEGER,
        result   TEXT NOT NULL CHECK (result IN ('playing', 'won', 'lost', 'abandoned')),
        score    INTEGER,
        moves    INTEGER NOT NULL DEFAULT 0 CHECK (moves >= 0),
        revision INTEGER NOT NULL DEFAULT 0,
        CHECK ((result = 'playing') = (finished IS NULL))
    );
    CREATE INDEX games_by_variant ON games (variant, id);
    CREATE INDEX games_by_code ON games (code, id);
    CREATE TABLE actions (
        game   INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        seq    INTEGER NOT NULL CHECK (seq >= 0),
        action TEXT NOT NULL,
        PRIMARY KEY (game, seq)
    ) WITHOUT ROWID;
    CREATE INDEX games_in_progress
        ON games (variant, ruleset, rules, id) WHERE result = 'playing';
    INSERT INTO games (variant, ruleset, rules, code, started, finished, result, score, moves, revision)
        VALUES ('count', 'counter', 'classic', 'CT-1C-AAAAAAC', 1740832200, 1740832500, 'won', 50, 5, 5);
    INSERT INTO games (variant, ruleset, rules, code, started, result, score, moves, revision)
        VALUES ('count', 'counter', 'classic', 'CT-1C-AAAAAAD', 1740833000, 'playing', 20, 2, 2);
    INSERT INTO actions VALUES (1, 0, 'deal from 0'), (1, 1, 'deal from 0'), (1, 2, 'deal from 0'),
        (1, 3, 'deal from 0'), (1, 4, 'deal from 0'), (2, 0, 'deal from 0'), (2, 1, 'deal from 0');
    PRAGMA user_version = 3;";

#[test]
fn a_database_from_before_times_were_kept_upgrades_and_keeps_its_games() {
    let dir = tempfile::tempdir().expect("temporary directory");
    let path = dir.path().join(felt_store::FILE_NAME);
    rusqlite::Connection::open(&path)
        .and_then(|c| c.execute_batch(VERSION_3))
        .expect("an old database");
    let store = Store::open_dir(dir.path()).expect("the old database opens");
    assert!(store.recovery().is_none(), "nothing was moved aside");
    let version: i64 = rusqlite::Connection::open(&path)
        .and_then(|c| c.query_row("PRAGMA user_version", [], |r| r.get(0)))
        .expect("version");
    assert_eq!(version, SCHEMA_VERSION);
    let games = store.games(None, 10).expect("games");
    assert_eq!(games.len(), 2);
    assert!(
        games.iter().all(|g| g.played.is_none()),
        "old games have no time"
    );
    let stats = store.stats("count").expect("stats");
    assert_eq!((stats.played, stats.won, stats.best_time), (2, 1, None));
    // The game in progress resumes and goes on with a time from now on.
    let (mut s, mut rec) = store
        .resume(games[0].id, common::counter("count"), 10)
        .expect("resumes");
    assert_eq!((s.log().len(), rec.played()), (2, None));
    s.act(&deal()).expect("deal");
    rec.set_played(Duration::from_secs(30));
    store.record_step(&mut rec, &s).expect("step");
    assert_eq!(
        store.summary(games[0].id).expect("summary").played,
        Some(Duration::from_secs(30))
    );
}
