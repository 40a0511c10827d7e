//! Several games of one variant in progress: the host says which games a new one gives up, and
//! old variant ids are renamed to the ids that replaced them.

mod common;

use common::{deal, session};
use felt_store::{GameResult, Recorder, Store};

fn store() -> (tempfile::TempDir, Store) {
    let dir = tempfile::tempdir().expect("temporary directory");
    let store = Store::open_dir(dir.path()).expect("fresh store opens");
    (dir, store)
}

/// Starts a game of `count` with one deal, recorded by `rec`; returns its id.
fn start(store: &Store, seed: u64, mut rec: Recorder) -> (felt_store::GameId, Recorder) {
    let mut s = session("count", seed);
    s.act(&deal()).expect("deal");
    let step = store.record_step(&mut rec, &s).expect("step");
    (step.game.expect("recorded"), rec)
}

#[test]
fn a_new_game_that_gives_up_nothing_keeps_the_old_one_in_progress() {
    let (_dir, store) = store();
    let (first, _) = start(&store, 3, Recorder::new());
    let (second, _) = start(&store, 5, Recorder::giving_up(Vec::new()));
    let kept: Vec<_> = store
        .all_in_progress_of("count")
        .expect("query")
        .iter()
        .map(|g| g.id)
        .collect();
    assert_eq!(kept, [second, first], "both kept, newest first");
    assert_eq!(
        store.in_progress("count").expect("query").map(|g| g.id),
        Some(second)
    );
    assert_eq!(store.stats("count").expect("stats").abandoned, 0);
}

#[test]
fn a_new_game_gives_up_exactly_the_games_named() {
    let (_dir, store) = store();
    let (a, _) = start(&store, 3, Recorder::new());
    let (b, _) = start(&store, 4, Recorder::giving_up(Vec::new()));
    let mut s = session("count", 5);
    s.act(&deal()).expect("deal");
    let mut rec = Recorder::giving_up(vec![a]);
    let step = store.record_step(&mut rec, &s).expect("step");
    assert_eq!(step.abandoned, vec![a]);
    assert_eq!(store.summary(a).expect("a").result, GameResult::Abandoned);
    assert_eq!(store.summary(b).expect("b").result, GameResult::Playing);
    // A plain recorder still gives up the game of the same variant and rules: both left.
    let (_, _) = start(&store, 6, Recorder::new());
    assert_eq!(store.summary(b).expect("b").result, GameResult::Abandoned);
}

#[test]
fn a_won_game_undone_beside_a_kept_one_is_back_in_progress() {
    let (_dir, store) = store();
    let (kept, _) = start(&store, 3, Recorder::new());
    let mut s = session("count", 0);
    let mut rec = Recorder::giving_up(Vec::new());
    while s.status() == felt_core::Status::Playing {
        s.act(&deal()).expect("deal");
        store.record_step(&mut rec, &s).expect("step");
    }
    let won = rec.game().expect("recorded");
    assert_eq!(store.summary(won).expect("won").result, GameResult::Won);
    s.undo().expect("undo");
    store.record_step(&mut rec, &s).expect("step");
    assert_eq!(store.summary(won).expect("won").result, GameResult::Playing);
    assert_eq!(
        store.summary(kept).expect("kept").result,
        GameResult::Playing
    );
}

#[test]
fn renaming_a_variant_moves_its_records_to_the_new_id() {
    let (_dir, store) = store();
    let (id, _) = start(&store, 3, Recorder::new());
    assert_eq!(
        store.rename_variant("count", "counter").expect("renames"),
        1
    );
    assert_eq!(store.summary(id).expect("game").variant, "counter");
    assert!(store.in_progress("count").expect("query").is_none());
    assert_eq!(store.rename_variant("count", "counter").expect("again"), 0);
}
