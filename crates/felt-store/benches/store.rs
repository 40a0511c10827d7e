//! What the store costs: a recorded step (one synced transaction), resuming a long game,
//! statistics over many games, and opening a database (its integrity check reads every page).

#[path = "../tests/store/common.rs"]
mod common;

use common::{counter, deal, session, LONG};
use criterion::{criterion_group, criterion_main, BatchSize, Criterion};
use felt_core::Status;
use felt_store::{GameId, Recorder, Store};
use std::path::Path;

/// A store holding `games` won counter games plus one `long` game of `long_actions` actions in
/// progress; returns the long game's id.
fn filled(dir: &Path, games: u64, long_actions: usize) -> GameId {
    let store = Store::open_dir(dir).expect("opens");
    for seed in 0..games {
        let mut s = session("count", seed);
        while s.status() == Status::Playing {
            s.act(&deal()).expect("deal");
        }
        store
            .record_step(&mut Recorder::new(), &s)
            .expect("recorded");
    }
    let mut s = session(LONG, 0);
    for _ in 0..long_actions {
        s.act(&deal()).expect("deal");
    }
    let mut rec = Recorder::new();
    store.record_step(&mut rec, &s).expect("recorded");
    rec.game().expect("recorded")
}

fn record_step(c: &mut Criterion) {
    let dir = tempfile::tempdir().expect("temporary directory");
    let id = filled(dir.path(), 100, 500);
    let store = Store::open_dir(dir.path()).expect("opens");
    let (mut s, mut rec) = store.resume(id, counter(LONG), 100).expect("resumes");
    let mut group = c.benchmark_group("record_step");
    group.sample_size(20);
    // An action then its undo: two steps, two synced transactions, the game's length unchanged.
    group.bench_function("act_then_undo_on_a_500_action_game", |b| {
        b.iter(|| {
            s.act(&deal()).expect("deal");
            store.record_step(&mut rec, &s).expect("recorded");
            s.undo().expect("undo");
            store.record_step(&mut rec, &s).expect("recorded");
        })
    });
    group.finish();
}

fn resume_and_stats(c: &mut Criterion) {
    let dir = tempfile::tempdir().expect("temporary directory");
    let id = filled(dir.path(), 1000, 2000);
    let store = Store::open_dir(dir.path()).expect("opens");
    c.bench_function("resume_a_2000_action_game", |b| {
        b.iter(|| store.resume(id, counter(LONG), 100).expect("resumes"))
    });
    c.bench_function("stats_over_1000_games", |b| {
        b.iter(|| store.stats("count").expect("stats"))
    });
    drop(store);
    let bytes = std::fs::metadata(dir.path().join(felt_store::FILE_NAME)).map_or(0, |m| m.len());
    let mut group = c.benchmark_group("open");
    group.sample_size(20);
    group.bench_function(format!("open_a_{}_kib_database", bytes / 1024), |b| {
        b.iter_batched(
            || (),
            |()| Store::open_dir(dir.path()).expect("opens"),
            BatchSize::PerIteration,
        )
    });
    group.finish();
}

criterion_group!(benches, record_step, resume_and_stats);
criterion_main!(benches);
