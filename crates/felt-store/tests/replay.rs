//! Records read back: a replay shows every position as the player saw it, an exported record
//! file reads back and replays the same, and a record the rules refuse names its action.

mod common;

use common::{counter, deal, play_out, store};
use felt_core::{CardFace, Seat, Status};
use felt_store::{GameRecord, StoreError};

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
