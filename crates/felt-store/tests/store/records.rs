//! Recording, resuming, statistics, replays and record files, with a tiny counter ruleset.

use crate::common;

use crate::common::{counter, counter_with_rules, deal, give_up, play_out, session, store};
use felt_core::Status;
use felt_store::{GameResult, Recorder, Store, StoreError, Timestamp};
use proptest::prelude::*;
use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::Arc;

fn lose(store: &Store, seed: u64, variant: &str) {
    let mut s = session(variant, seed);
    let mut rec = Recorder::new();
    s.act(&give_up()).expect("giving up is legal");
    store.record_step(&mut rec, &s).expect("step recorded");
}

#[test]
fn nothing_is_recorded_before_the_first_action() {
    let (_dir, store) = store();
    let s = session("count", 1);
    let mut rec = Recorder::new();
    let done = store.record_step(&mut rec, &s).expect("no-op step");
    assert_eq!(done.game, None);
    assert_eq!(store.latest().expect("query"), None);
    assert_eq!(store.stats("count").expect("stats").played, 0);
}

#[test]
fn a_won_game_is_kept_with_its_code_moves_and_score() {
    let (_dir, mut store) = store();
    let clock = Arc::new(AtomicI64::new(1_740_832_200));
    let c = clock.clone();
    store.set_clock(Arc::new(move || {
        Timestamp(c.fetch_add(60, Ordering::SeqCst))
    }));
    let id = play_out(&store, 2, "count");
    let record = store.record(id).expect("record");
    let s = &record.summary;
    assert_eq!(
        (s.variant.as_str(), s.ruleset.as_str(), s.rules.as_str()),
        ("count", "counter", "classic")
    );
    assert_eq!(s.code, "CT-1C-AAAAAAC");
    assert_eq!(s.result, GameResult::Won);
    assert_eq!((s.moves, s.score, s.actions), (5, Some(50), 5));
    assert_eq!(s.started, Timestamp(1_740_832_200));
    assert_eq!(s.finished, Some(Timestamp(1_740_832_200 + 4 * 60)));
    assert_eq!(record.actions, vec![deal(); 5]);
}

#[test]
fn undone_actions_leave_the_record() {
    let (_dir, store) = store();
    let mut s = session("count", 4);
    let mut rec = Recorder::new();
    for _ in 0..3 {
        s.act(&deal()).expect("deal");
        store.record_step(&mut rec, &s).expect("step");
    }
    s.undo().expect("undo");
    s.undo().expect("undo");
    store.record_step(&mut rec, &s).expect("step");
    let id = rec.game().expect("recorded");
    assert_eq!(store.record(id).expect("record").actions, vec![deal()]);
    assert_eq!(store.summary(id).expect("summary").moves, 1);
    s.restart();
    store.record_step(&mut rec, &s).expect("step");
    let summary = store.summary(id).expect("summary");
    // Played once an action was made, even if every action is taken back.
    assert_eq!((summary.actions, summary.result), (0, GameResult::Playing));
    assert_eq!(store.stats("count").expect("stats").played, 1);
}

#[test]
fn undo_after_a_win_puts_the_game_back_in_progress() {
    let (_dir, store) = store();
    let mut s = session("count", 0);
    let mut rec = Recorder::new();
    for _ in 0..3 {
        s.act(&deal()).expect("deal");
        store.record_step(&mut rec, &s).expect("step");
    }
    let id = rec.game().expect("recorded");
    assert_eq!(store.summary(id).expect("summary").result, GameResult::Won);
    s.undo().expect("undo the winning deal");
    store.record_step(&mut rec, &s).expect("step");
    let summary = store.summary(id).expect("summary");
    assert_eq!(
        (summary.result, summary.finished),
        (GameResult::Playing, None)
    );
    assert_eq!(store.stats("count").expect("stats").won, 0);
}

#[test]
fn a_new_game_keeps_the_unfinished_one_until_the_player_abandons_it() {
    let (_dir, store) = store();
    let mut first = session("count", 3);
    let mut first_rec = Recorder::new();
    first.act(&deal()).expect("deal");
    store.record_step(&mut first_rec, &first).expect("step");
    let first_id = first_rec.game().expect("recorded");
    assert_eq!(
        store.in_progress("count").expect("query").map(|g| g.id),
        Some(first_id)
    );

    // A new game of the same variant and rules, played: the first stays in progress.
    let mut second = session("count", 5);
    second.act(&deal()).expect("deal");
    store
        .record_step(&mut Recorder::new(), &second)
        .expect("step");
    assert_eq!(
        store.summary(first_id).expect("summary").result,
        GameResult::Playing
    );
    assert_eq!(store.all_in_progress().expect("query").len(), 2);
    // The player abandons it (a new deal confirmed): a loss at once, with its end stamped.
    assert_eq!(
        store.abandon(&mut first_rec).expect("abandons"),
        Some(first_id)
    );
    let first_now = store.summary(first_id).expect("summary");
    assert_eq!(first_now.result, GameResult::Abandoned);
    assert!(first_now.finished.is_some());
    // Abandoning again, or a game never recorded, changes nothing.
    assert_eq!(store.abandon(&mut first_rec).expect("again"), None);
    assert_eq!(store.abandon(&mut Recorder::new()).expect("none"), None);
    // Another variant's game in progress is untouched.
    let mut other = session("other", 1);
    other.act(&deal()).expect("deal");
    store
        .record_step(&mut Recorder::new(), &other)
        .expect("step");
    assert_eq!(store.all_in_progress().expect("query").len(), 2);

    let stats = store.stats("count").expect("stats");
    assert_eq!(
        (stats.played, stats.won, stats.lost, stats.abandoned),
        (2, 0, 1, 1)
    );
    assert!(stats.in_progress);
    assert_eq!(stats.win_rate, Some(0.0));
}

#[test]
fn a_game_abandoned_and_played_on_still_counts_when_it_ends() {
    let (_dir, store) = store();
    let mut here = session("count", 1);
    let mut here_rec = Recorder::new();
    here.act(&deal()).expect("deal");
    store.record_step(&mut here_rec, &here).expect("step");
    let here_id = here_rec.game().expect("recorded");

    // Given up, then played on by the same recorder (a host that keeps it on the table).
    store.abandon(&mut here_rec).expect("abandoned");
    here.act(&deal()).expect("deal");
    let done = store.record_step(&mut here_rec, &here).expect("step");
    assert_eq!(done.result, Some(GameResult::Abandoned));
    assert_eq!(
        store.record(here_id).expect("record").actions.len(),
        2,
        "still recorded"
    );

    // Finished after all: it counts as won, and undoing the win does not take the slot back.
    while here.status() == Status::Playing {
        here.act(&deal()).expect("deal");
    }
    assert_eq!(
        store
            .record_step(&mut here_rec, &here)
            .expect("step")
            .result,
        Some(GameResult::Won)
    );
    here.undo().expect("undo");
    assert_eq!(
        store
            .record_step(&mut here_rec, &here)
            .expect("step")
            .result,
        Some(GameResult::Abandoned)
    );
    assert_ne!(
        store.in_progress("count").expect("query").map(|g| g.id),
        Some(here_id)
    );
}

#[test]
fn resume_rebuilds_the_game_with_its_undo_history() {
    let (dir, store) = store();
    let mut s = session("count", 4);
    let mut rec = Recorder::new();
    for _ in 0..4 {
        s.act(&deal()).expect("deal");
        store.record_step(&mut rec, &s).expect("step");
    }
    let id = rec.game().expect("recorded");
    // The felt quits: its store and its recorder (with the game's lock) go.
    drop(store);
    drop(rec);

    let store = Store::open_dir(dir.path()).expect("reopens");
    let saved = store
        .in_progress("count")
        .expect("query")
        .expect("a game to continue");
    assert_eq!(saved.id, id);
    let (mut resumed, mut rec) = store.resume(id, counter("count"), 100).expect("resumes");
    assert_eq!(resumed.state(), s.state());
    assert_eq!(resumed.log(), s.log());
    for _ in 0..4 {
        resumed.undo().expect("undo reaches back to the deal");
    }
    assert!(!resumed.can_undo());
    store.record_step(&mut rec, &resumed).expect("step");
    assert_eq!(store.record(id).expect("record").actions, vec![]);
    resumed.redo().expect("redo still works in this run");
    store.record_step(&mut rec, &resumed).expect("step");
    assert_eq!(store.record(id).expect("record").actions, vec![deal()]);
}

#[test]
fn resume_refuses_finished_games_and_other_rulesets() {
    let (_dir, store) = store();
    let won = play_out(&store, 1, "count");
    let err = store
        .resume(won, counter("count"), 10)
        .err()
        .expect("finished");
    assert!(
        matches!(
            err,
            StoreError::NotInProgress {
                result: GameResult::Won,
                ..
            }
        ),
        "{err}"
    );

    let mut s = session("count", 2);
    let mut rec = Recorder::new();
    s.act(&deal()).expect("deal");
    store.record_step(&mut rec, &s).expect("step");
    let id = rec.game().expect("recorded");
    let err = store
        .resume(id, counter_with_rules("count", "relaxed"), 10)
        .err()
        .expect("other rules");
    assert_eq!(
        err.to_string(),
        format!(
            "game #{id} is count with classic rules, but the ruleset given plays count with relaxed rules"
        )
    );
}

#[test]
fn a_game_open_in_one_felt_is_refused_to_a_second_until_the_first_lets_go() {
    let (dir, store) = store();
    let mut s = session("count", 4);
    let mut rec = Recorder::new();
    s.act(&deal()).expect("deal");
    store.record_step(&mut rec, &s).expect("step");
    let id = rec.game().expect("recorded");

    // The felt that started the game still plays it: a second one may not resume it.
    let other = Store::open_dir(dir.path()).expect("second felt");
    let err = match other.resume(id, counter("count"), 10) {
        Ok(_) => panic!("the game was resumed twice"),
        Err(e) => e,
    };
    assert!(
        matches!(err, StoreError::OpenElsewhere(g) if g == id),
        "{err}"
    );
    assert_eq!(
        err.to_string(),
        format!("game #{id} is open in another felt: go on there, watch it with `felt replay --id {id}`, or start a new game")
    );
    // Watching it read-only still works.
    assert_eq!(other.record(id).expect("record").actions, s.log());

    // Once the first felt quits, the second resumes it, and then holds it in turn.
    drop(rec);
    let (mut b, mut rec_b) = other.resume(id, counter("count"), 10).expect("resume");
    assert!(matches!(
        store.resume(id, counter("count"), 10),
        Err(StoreError::OpenElsewhere(_))
    ));
    b.act(&deal()).expect("deal");
    other.record_step(&mut rec_b, &b).expect("step");
    assert_eq!(store.record(id).expect("record").actions, b.log());
}

#[test]
fn a_finished_game_leaves_no_lock_behind() {
    let (dir, store) = store();
    let id = play_out(&store, 3, "count");
    let locks = dir.path().join("locks");
    let left: Vec<_> = std::fs::read_dir(&locks)
        .map(|rd| rd.filter_map(Result::ok).map(|e| e.path()).collect())
        .unwrap_or_default();
    assert!(left.is_empty(), "game {id} left {left:?}");
}

#[test]
fn statistics_are_counted_from_the_records() {
    let (_dir, store) = store();
    // Seed n needs 3 + n % 5 deals to win.
    play_out(&store, 0, "count");
    play_out(&store, 1, "count");
    lose(&store, 2, "count");
    play_out(&store, 3, "count");
    play_out(&store, 4, "count");
    play_out(&store, 5, "count");
    lose(&store, 6, "count");
    let mut s = session("count", 7);
    let mut rec = Recorder::new();
    s.act(&deal()).expect("deal");
    store.record_step(&mut rec, &s).expect("step");
    // The player abandons it for a new deal, gives that one up in the launcher for a third,
    // and leaves the third in progress.
    store.abandon(&mut rec).expect("abandoned");
    let mut eight = Recorder::new();
    let mut s = session("count", 8);
    s.act(&deal()).expect("deal");
    s.act(&deal()).expect("deal");
    store.record_step(&mut eight, &s).expect("step");
    let eight_id = eight.game().expect("recorded");
    // The felt left it for the launcher: its recorder, and the game's lock, are let go.
    drop(eight);
    let eight = eight_id;
    assert_eq!(store.give_up(&[eight]).expect("given up"), [eight]);
    let mut s = session("count", 9);
    s.act(&deal()).expect("deal");
    store.record_step(&mut Recorder::new(), &s).expect("step");
    play_out(&store, 0, "elsewhere");

    let stats = store.stats("count").expect("stats");
    assert_eq!(stats.played, 10);
    assert_eq!((stats.won, stats.lost, stats.abandoned), (5, 4, 2));
    assert!(stats.in_progress);
    assert_eq!(stats.win_rate, Some(5.0 / 9.0));
    // In play order: W W L W W W L A A (and the game in progress, which does not count yet).
    assert_eq!(
        (stats.current_win_streak, stats.current_loss_streak),
        (0, 3)
    );
    assert_eq!(
        (stats.longest_win_streak, stats.longest_loss_streak),
        (3, 3)
    );
    // Won games took 3, 4, 6, 7 and 3 (seed 5: 3 + 5 % 5) deals.
    assert_eq!(stats.fewest_moves_won, Some(3));
    assert_eq!(
        stats.average_moves_won,
        Some((3 + 4 + 6 + 7 + 3) as f64 / 5.0)
    );
    assert_eq!(stats.best_score, Some(70));

    let all = store.all_stats().expect("stats");
    assert_eq!(
        all.iter().map(|s| s.variant.as_str()).collect::<Vec<_>>(),
        ["count", "elsewhere"]
    );
    let recent = store.recent("count", Some(3)).expect("recent");
    let results: Vec<GameResult> = recent.iter().map(|g| g.result).collect();
    assert_eq!(
        results,
        [
            GameResult::Abandoned,
            GameResult::Abandoned,
            GameResult::Playing
        ]
    );
}

#[test]
fn a_lost_games_score_is_never_the_best_score() {
    let (_dir, store) = store();
    play_out(&store, 0, "count"); // won with 3 deals: 30
    let mut s = session("count", 4); // target 7: 6 deals and a loss score 60
    let mut rec = Recorder::new();
    for _ in 0..6 {
        s.act(&deal()).expect("deal");
    }
    s.act(&give_up()).expect("give up");
    store.record_step(&mut rec, &s).expect("step");
    let stats = store.stats("count").expect("stats");
    assert_eq!((stats.won, stats.lost), (1, 1));
    assert_eq!(stats.best_score, Some(30));
    lose(&store, 1, "lost-only");
    assert_eq!(store.stats("lost-only").expect("stats").best_score, None);
}

#[test]
fn the_rulesets_facts_are_kept_per_game_and_summed_over_finished_games() {
    let (_dir, store) = store();
    play_out(&store, 0, "count"); // 3 of 3
    play_out(&store, 1, "count"); // 4 of 4
                                  // Left at 2 deals of 5 (the third undone) and abandoned for the next game, which is
                                  // abandoned in turn for a loss.
    let mut s = session("count", 2);
    let mut rec = Recorder::new();
    s.act(&deal()).expect("deal");
    s.act(&deal()).expect("deal");
    s.act(&deal()).expect("deal");
    store.record_step(&mut rec, &s).expect("step");
    s.undo().expect("undo");
    store
        .record_step(&mut rec, &s)
        .expect("the undo is recorded, facts too");
    store.abandon(&mut rec).expect("abandoned");
    let mut s = session("count", 3);
    let mut rec = Recorder::new();
    s.act(&deal()).expect("deal");
    store.record_step(&mut rec, &s).expect("step");
    store.abandon(&mut rec).expect("abandoned at 1 of 6");
    lose(&store, 4, "count"); // gave up at 0 of 7

    let stats = store.stats("count").expect("stats");
    let facts: Vec<(&str, i64, i64, u64, u64)> = stats
        .facts
        .iter()
        .map(|f| (f.key.as_str(), f.total, f.out_of, f.games, f.nonzero))
        .collect();
    assert_eq!(
        facts,
        [
            ("deals", 3 + 4 + 2 + 1, 5, 5, 4),
            ("reached", 10, 3 + 4 + 5 + 6 + 7, 5, 4),
            ("gave-up", 1, 5, 5, 1),
        ]
    );
    let texts: Vec<String> = stats.facts.iter().map(|f| f.text()).collect();
    assert_eq!(texts, ["10", "40.0% (10 of 25)", "1 of 5 games"]);
    assert_eq!(stats.facts[1].label, "Share of the target reached");
    // A variant whose games are all in progress has no facts to sum yet.
    let mut s = session("fresh", 0);
    s.act(&deal()).expect("deal");
    store.record_step(&mut Recorder::new(), &s).expect("step");
    assert!(store.stats("fresh").expect("stats").facts.is_empty());
}

#[derive(Clone, Debug)]
enum Step {
    Act,
    GiveUp,
    Undo,
    Redo,
    Restart,
    Reopen,
}

fn any_step() -> impl Strategy<Value = Step> {
    prop_oneof![
        4 => Just(Step::Act),
        1 => Just(Step::GiveUp),
        3 => Just(Step::Undo),
        2 => Just(Step::Redo),
        1 => Just(Step::Restart),
        1 => Just(Step::Reopen),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    /// After every step, the stored actions are the session's log, and the stored result,
    /// moves and score are the session's, whatever mix of undo, redo, restart and quitting.
    #[test]
    fn the_record_always_equals_the_session(seed in 0u64..20, steps in proptest::collection::vec(any_step(), 1..40)) {
        let dir = tempfile::tempdir().expect("temporary directory");
        let mut store = Store::open_dir(dir.path()).expect("opens");
        let mut s = session("count", seed);
        let mut rec = Recorder::new();
        for step in steps {
            match step {
                Step::Act => { let _ = s.act(&deal()); }
                Step::GiveUp => { let _ = s.act(&give_up()); }
                Step::Undo => { let _ = s.undo(); }
                Step::Redo => { let _ = s.redo(); }
                Step::Restart => s.restart(),
                Step::Reopen => {
                    drop(store);
                    store = Store::open_dir(dir.path()).expect("reopens");
                    if let Some(id) = rec.game() {
                        if store.summary(id).expect("summary").result == GameResult::Playing {
                            // The felt that quit let go of the game with its recorder.
                            drop(std::mem::take(&mut rec));
                            let (again, again_rec) = store.resume(id, counter("count"), 100).expect("resumes");
                            prop_assert_eq!(again.state(), s.state());
                            s = again;
                            rec = again_rec;
                        }
                    }
                }
            }
            store.record_step(&mut rec, &s).expect("recorded");
            if let Some(id) = rec.game() {
                let record = store.record(id).expect("record");
                prop_assert_eq!(&record.actions[..], s.log());
                prop_assert_eq!(record.summary.moves, s.scoreboard().moves);
                prop_assert_eq!(record.summary.score, s.scoreboard().score);
                let expected = match s.status() {
                    Status::Playing => GameResult::Playing,
                    Status::Won { .. } => GameResult::Won,
                    Status::Over { .. } => GameResult::Lost,
                };
                prop_assert_eq!(record.summary.result, expected);
            } else {
                prop_assert!(s.log().is_empty());
            }
        }
    }
}

#[test]
fn a_read_only_store_reads_every_record_and_refuses_to_write_with_a_reason() {
    // A folder whose name needs escaping in an SQLite URI opens as itself.
    let parent = tempfile::tempdir().expect("temporary directory");
    let dir = parent.path().join("odd ?#%& name");
    let id = {
        let store = Store::open_dir(&dir).expect("opens");
        play_out(&store, 3, "count")
    };
    let path = dir.join(felt_store::FILE_NAME);
    let before = std::fs::read(&path).expect("db");
    let store = Store::open_read_only(&path).expect("opens read-only");
    assert!(store.read_only());
    assert_eq!(store.all_stats().expect("stats").len(), 1);
    let record = store.record(id).expect("the record reads");
    assert!(!record.actions.is_empty());

    let mut s = session("count", 4);
    s.act(&deal()).expect("legal");
    let err = store
        .record_step(&mut Recorder::new(), &s)
        .expect_err("a read-only store refuses to write");
    assert!(matches!(err, StoreError::ReadOnly { .. }), "{err}");
    assert!(err.to_string().contains("--data-dir"), "{err}");
    drop(store);
    assert_eq!(std::fs::read(&path).expect("db"), before, "nothing written");
}

#[test]
fn a_game_of_rules_this_felt_lacks_is_never_abandoned_by_a_new_game() {
    let (_dir, store) = store();
    let code = felt_core::GameCode::new(common::CODE, 'C', 1).expect("small seed");
    let mut old = felt_core::Session::new(counter_with_rules("count", "old"), code.clone(), 10);
    let mut rec = Recorder::new();
    old.act(&deal()).expect("legal");
    store.record_step(&mut rec, &old).expect("recorded");
    let old_id = rec.game().expect("recorded");

    // The variant now plays other rules (its file changed, or a plugin of that id is gone):
    // a game of the new rules leaves the old one in progress, not lost.
    let mut new = felt_core::Session::new(counter_with_rules("count", "new"), code, 10);
    new.act(&deal()).expect("legal");
    let mut rec = Recorder::new();
    store.record_step(&mut rec, &new).expect("recorded");
    let stats = store.stats("count").expect("stats");
    assert_eq!((stats.lost, stats.abandoned), (0, 0));
    let kept = store.summary(old_id).expect("the old game");
    assert_eq!(kept.result, GameResult::Playing);
    assert_eq!(store.all_in_progress().expect("in progress").len(), 2);
    // "Continue" offers the newest.
    let newest = store.in_progress("count").expect("query").expect("one");
    assert_eq!(Some(newest.id), rec.game());

    // A second game of the same rules keeps the first of them too.
    let code = felt_core::GameCode::new(common::CODE, 'C', 2).expect("small seed");
    let mut again = felt_core::Session::new(counter_with_rules("count", "new"), code, 10);
    again.act(&deal()).expect("legal");
    store
        .record_step(&mut Recorder::new(), &again)
        .expect("recorded");
    assert_eq!(store.all_in_progress().expect("in progress").len(), 3);
    assert_eq!(store.stats("count").expect("stats").abandoned, 0);
}
