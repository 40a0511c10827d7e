//! Games played with help (the demo, or followed hints where the player counts them): marked
//! for good, never a best, and counted apart from the player's own games.

use crate::common::{counter, deal, play_out, session, store};
use felt_core::Status;
use felt_store::{Assisted, GameRecord, Recorder, Store};
use std::time::Duration;

/// Plays seed `seed` to its win, marked assisted from its `from`th deal, in `time`.
fn assisted_win(store: &Store, seed: u64, from: usize, time: Duration) -> felt_store::GameId {
    let mut s = session("count", seed);
    let mut rec = Recorder::new();
    let mut n = 0;
    while s.status() == Status::Playing {
        s.act(&deal()).expect("deal");
        n += 1;
        if n >= from {
            rec.set_assisted();
        }
        rec.set_played(time);
        store.record_step(&mut rec, &s).expect("step");
    }
    rec.game().expect("recorded")
}

#[test]
fn an_assisted_win_sets_no_best_and_is_counted_apart() {
    let (_dir, store) = store();
    // The player's own win: seed 4 needs 7 deals (score 70), timed at a minute.
    let mut s = session("count", 4);
    let mut rec = Recorder::new();
    while s.status() == Status::Playing {
        s.act(&deal()).expect("deal");
        rec.set_played(Duration::from_secs(60));
        store.record_step(&mut rec, &s).expect("step");
    }
    let own = rec.game().expect("recorded");
    // A demo win with fewer moves and less time, helped from its second deal on.
    let demo = assisted_win(&store, 0, 2, Duration::from_secs(5));
    assert!(store.summary(demo).expect("demo").assisted);
    assert!(!store.summary(own).expect("own").assisted);

    let stats = store.stats("count").expect("stats");
    assert_eq!((stats.played, stats.won, stats.lost), (1, 1, 0));
    assert_eq!(stats.best_time, Some(Duration::from_secs(60)));
    assert_eq!(stats.fewest_moves_won, Some(7));
    assert_eq!(stats.best_score, Some(70));
    assert_eq!(stats.current_win_streak, 1);
    assert_eq!(
        stats.assisted,
        Assisted {
            played: 1,
            won: 1,
            lost: 0
        }
    );
    // The chart's recent games are the player's; the list of past games has both.
    let recent: Vec<_> = store
        .recent("count", None)
        .expect("recent")
        .iter()
        .map(|g| g.id)
        .collect();
    assert_eq!(recent, [own]);
    assert_eq!(store.games(Some("count"), 10).expect("games").len(), 2);
}

#[test]
fn assisted_is_stored_even_alone_and_survives_resume() {
    let (_dir, store) = store();
    let mut s = session("count", 4);
    let mut rec = Recorder::new();
    s.act(&deal()).expect("deal");
    store.record_step(&mut rec, &s).expect("step");
    // Nothing else changed: marking it still reaches the record.
    rec.set_assisted();
    store.record_step(&mut rec, &s).expect("step");
    let id = rec.game().expect("recorded");
    assert!(store.summary(id).expect("game").assisted);
    drop(rec);
    let (mut again, mut resumed) = store.resume(id, counter("count"), 100).expect("resumes");
    assert!(resumed.assisted(), "the record said so");
    // Undoing the help's moves does not make it the player's own game.
    again.undo().expect("undo");
    store.record_step(&mut resumed, &again).expect("step");
    assert!(store.summary(id).expect("game").assisted);
}

#[test]
fn an_exported_assisted_game_says_so_and_reads_back() {
    let (_dir, store) = store();
    let demo = assisted_win(&store, 1, 1, Duration::from_secs(3));
    let own = play_out(&store, 2, "count");
    let text = store.record(demo).expect("record").to_text();
    assert!(text.contains("\nassisted: yes\n"), "{text}");
    let back = GameRecord::from_text(&text).expect("reads back");
    assert!(back.summary.assisted);
    let plain = store.record(own).expect("record").to_text();
    assert!(!plain.contains("assisted"), "{plain}");
    assert!(
        !GameRecord::from_text(&plain)
            .expect("reads")
            .summary
            .assisted
    );
}
