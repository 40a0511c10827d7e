//! Records read back: a replay shows every position as the player saw it, an exported record
//! file reads back and replays the same, and a record the rules refuse names its action.

use crate::common;

use crate::common::{counter, deal, play_out, store};
use felt_core::{CardFace, Seat, Status};
use felt_store::{GameRecord, RecordFile, StoreError};

#[test]
fn a_replay_shows_every_position_with_hidden_cards_hidden() {
    let (_dir, store) = store();
    let id = play_out(&store, 1, "count");
    let record = store.record(id).expect("record");
    let mut replayer = record
        .replayer(counter("count"), Seat::SOLO)
        .expect("replays");
    assert_eq!(replayer.len(), 5);
    let steps: Vec<_> = replayer.steps().collect();
    assert_eq!(steps.len(), 5);
    let deal_view = &steps[0].view;
    assert_eq!(deal_view.piles[0].cards, vec![CardFace::Down; 4]);
    assert_eq!(steps[0].action, None);
    assert_eq!(steps[2].action, Some(deal()));
    assert_eq!(steps[2].scoreboard.moves, 2);
    assert!(matches!(steps[4].status, Status::Won { .. }));
    // Any step, in any order, is the one walking forward reaches.
    for n in [4, 0, 3, 1, 2] {
        assert_eq!(replayer.step(n).as_ref(), Some(&steps[n]));
    }
    assert_eq!(replayer.step(5), None);
    let Err(err) = record.replayer(counter("another"), Seat::SOLO) else {
        panic!("a replayer of the wrong variant");
    };
    assert!(matches!(err, StoreError::WrongRuleset { .. }));
}

#[test]
fn an_exported_record_reads_back_and_replays_the_same() {
    let (_dir, store) = store();
    let id = play_out(&store, 3, "count");
    let record = store.record(id).expect("record");
    let text = record.to_text();
    assert!(text.contains("code: CT-1C-AAAAAAD"), "{text}");
    // Piles count from 1 in the file, as on the screen.
    assert!(text.contains("6. deal from 1"), "{text}");
    let back = GameRecord::from_text(&text).expect("reads back");
    assert_eq!(back, record);
    let steps = |r: &GameRecord| -> Vec<_> {
        match r.replayer(counter("count"), Seat::SOLO) {
            Ok(mut replayer) => replayer.steps().collect(),
            Err(e) => panic!("does not replay: {e}"),
        }
    };
    assert_eq!(steps(&record), steps(&back));
}

#[test]
fn a_record_the_rules_refuse_names_the_action() {
    let text = format!(
        "{}\nid: 1\nvariant: count\nruleset: counter\nrules: classic\ncode: CT-1C-AAAAAAA\nstarted: 2025-03-01T12:30:00Z\nfinished: -\nresult: playing\nscore: -\nmoves: 0\nactions: 2\n\n1. deal from 1\n2. move 2[1] -> 1\n",
        felt_store::RECORD_HEADER
    );
    let record = GameRecord::from_text(&text).expect("well formed");
    let Err(err) = record.replayer(counter("count"), Seat::SOLO) else {
        panic!("an illegal move replays");
    };
    assert_eq!(
        err.to_string(),
        "action 2 of the record (move 2[1] -> 1) is refused: CT-ONLY-DEAL: Only dealing from the stock counts"
    );
}

/// The exported text of a counter game of seed 3 (6 deals to win) after `deals` deals.
fn exported(deals: usize) -> String {
    let (_dir, store) = store();
    let mut s = common::session("count", 3);
    let mut rec = felt_store::Recorder::new();
    for _ in 0..deals {
        s.act(&deal()).expect("deal");
        store.record_step(&mut rec, &s).expect("step");
    }
    store
        .record(rec.game().expect("recorded"))
        .expect("record")
        .to_text()
}

/// The line of `text` that starts with `key: `, counted from 1.
fn line_of(text: &str, key: &str) -> usize {
    text.lines()
        .position(|l| l.starts_with(&format!("{key}: ")))
        .expect("the key is there")
        + 1
}

fn refusal(text: &str) -> felt_store::RecordTextError {
    let file = RecordFile::from_text(text).expect("well formed");
    match file.replayer(counter("count"), Seat::SOLO) {
        Ok(_) => panic!("a file that contradicts its actions replays:\n{text}"),
        Err(e) => e,
    }
}

#[test]
fn a_file_whose_result_its_actions_do_not_reach_is_refused_at_that_line() {
    // Two deals of six: in progress, whatever the header claims.
    let text = exported(2)
        .replace("result: playing", "result: won")
        .replace("finished: -", "finished: 2025-03-01T12:30:00Z");
    let err = refusal(&text);
    assert_eq!(err.line, line_of(&text, "result"));
    assert_eq!(
        err.message,
        "the file says the game is won, but after its 2 actions it is in progress"
    );
    // A won game's file claiming it is still being played.
    let won = exported(6);
    assert!(won.contains("result: won"), "{won}");
    let text = won
        .lines()
        .map(|l| match l.split_once(": ") {
            Some(("result", _)) => "result: playing".to_string(),
            Some(("finished", _)) => "finished: -".to_string(),
            _ => l.to_string(),
        })
        .collect::<Vec<_>>()
        .join("\n");
    let err = refusal(&text);
    assert_eq!(err.line, line_of(&text, "result"));
    assert_eq!(
        err.message,
        "the file says the game is in progress, but after its 6 actions it is won"
    );
    // Abandoned is a game its actions leave in progress: no contradiction.
    let text = exported(2)
        .replace("result: playing", "result: abandoned")
        .replace("finished: -", "finished: 2025-03-01T12:30:00Z");
    let file = RecordFile::from_text(&text).expect("reads");
    let replayer = file
        .replayer(counter("count"), Seat::SOLO)
        .expect("replays");
    assert_eq!(replayer.reached(), felt_store::GameResult::Abandoned);
}

#[test]
fn a_file_whose_score_moves_or_ruleset_lie_is_refused_at_that_line() {
    let text = exported(2).replace("score: 20", "score: 900");
    let err = refusal(&text);
    assert_eq!(
        (err.line, err.message.as_str()),
        (
            line_of(&text, "score"),
            "the file says the score is 900, but after its 2 actions it is 20"
        )
    );
    let text = exported(2).replace("moves: 2", "moves: 1");
    let err = refusal(&text);
    assert_eq!(err.line, line_of(&text, "moves"));
    let text = exported(2).replace("ruleset: counter", "ruleset: another");
    let err = refusal(&text);
    assert_eq!(
        (err.line, err.message.as_str()),
        (
            line_of(&text, "ruleset"),
            "the file says ruleset 'another', but count is played by ruleset 'counter'"
        )
    );
    // A refused action is named at its own line.
    let text = format!(
        "{}3. move 2[1] -> 1\n",
        exported(2).replace("actions: 2", "actions: 3")
    );
    let err = refusal(&text);
    assert_eq!(err.line, text.lines().count());
    assert!(
        err.message
            .starts_with("action 3 (move 2[1] -> 1) is refused"),
        "{err}"
    );
}
