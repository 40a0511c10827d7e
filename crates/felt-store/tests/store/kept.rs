//! Several games of one variant in progress: a new game ends none of them, the player gives up
//! exactly the ones chosen, and old variant ids are renamed to the ids that replaced them.

use crate::common;

use crate::common::{deal, session};
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
fn a_new_game_keeps_every_game_in_progress() {
    let (_dir, store) = store();
    let (first, _) = start(&store, 3, Recorder::new());
    let (second, _) = start(&store, 5, Recorder::new());
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
fn giving_up_ends_exactly_the_games_named_at_once() {
    let (_dir, store) = store();
    let (a, _) = start(&store, 3, Recorder::new());
    let (b, _) = start(&store, 4, Recorder::new());
    // The player chose to give up `a` (the launcher's "start a new one"): lost before the new
    // game is even played, so leaving it unplayed cannot bring `a` back.
    assert_eq!(store.give_up(&[a]).expect("given up"), vec![a]);
    assert_eq!(store.summary(a).expect("a").result, GameResult::Abandoned);
    assert_eq!(store.summary(b).expect("b").result, GameResult::Playing);
    // A game no longer in progress is skipped; a new game ends nothing.
    assert_eq!(store.give_up(&[a]).expect("again"), Vec::new());
    let (_, _) = start(&store, 6, Recorder::new());
    assert_eq!(store.summary(b).expect("b").result, GameResult::Playing);
}

#[test]
fn a_game_open_in_another_felt_is_not_given_up() {
    let (dir, store) = store();
    let (a, rec) = start(&store, 3, Recorder::new());
    drop(rec);
    // Another felt resumes it and holds it while it plays.
    let other = Store::open_dir(dir.path()).expect("a second felt opens the store");
    let (_session, playing) = other
        .resume(a, common::counter("count"), 100)
        .expect("resumes");
    let err = store.give_up(&[a]).expect_err("it is being played");
    assert!(
        matches!(err, felt_store::StoreError::OpenElsewhere(g) if g == a),
        "{err}"
    );
    assert_eq!(store.summary(a).expect("a").result, GameResult::Playing);
    // Once that felt lets go, the player may give it up.
    drop(playing);
    assert_eq!(store.give_up(&[a]).expect("given up"), vec![a]);
}

#[test]
fn a_won_game_undone_beside_a_kept_one_is_back_in_progress() {
    let (_dir, store) = store();
    let (kept, _) = start(&store, 3, Recorder::new());
    let mut s = session("count", 0);
    let mut rec = Recorder::new();
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
