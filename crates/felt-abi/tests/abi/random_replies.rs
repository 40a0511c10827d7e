//! Random bytes as a plugin's reply: every host call turns them into an error or a fault
//! report, never a crash.

use crate::fake;

use felt_abi::protocol::{self, Reply, Request};
use felt_core::{Action, AnalyzeRequest, PileId, Seat};
use proptest::prelude::*;
use std::cell::RefCell;

thread_local! {
    /// The status and bytes the fake plugin answers the next request with.
    static NEXT: RefCell<(i32, Vec<u8>)> = const { RefCell::new((0, Vec::new())) };
}

/// The fake's answers: what [`answer`] last set, but a release is done.
fn next(request: &Request) -> (i32, Vec<u8>) {
    match request {
        Request::Release { .. } => (0, protocol::encode(&Reply::Done, &[])),
        _ => NEXT.with(|n| n.borrow().clone()),
    }
}

fn answer(status: i32, bytes: Vec<u8>) {
    NEXT.with(|n| *n.borrow_mut() = (status, bytes));
}

/// Random bytes, or a well-framed reply whose JSON is random.
fn reply_bytes() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        proptest::collection::vec(any::<u8>(), 0..64),
        proptest::collection::vec(any::<u8>(), 0..64).prop_map(|json| {
            let mut v = (json.len() as u32).to_le_bytes().to_vec();
            v.extend(json);
            v
        }),
        "[\\{\\}\\[\\]\":,a-zA-Z0-9 ]{0,40}".prop_map(|json| protocol::encode_raw(json.as_bytes())),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn random_replies_are_errors_never_crashes(status in prop_oneof![Just(0), Just(1), Just(2), any::<i32>()], bytes in reply_bytes()) {
        let ruleset = fake::ruleset(0, next);
        // A good state first, so that every later call reaches the plugin and its random reply.
        answer(0, protocol::encode(&Reply::State, b"a state"));
        let mut state = ruleset.new_game(1);
        prop_assert_eq!(ruleset.encode_state(&state), b"a state".to_vec());
        answer(status, bytes);
        let before = state.clone();
        let _ = ruleset.check(&state, &Action::Choose { option: 1 });
        if ruleset.apply(&mut state, &Action::Choose { option: 1 }).is_err() {
            prop_assert_eq!(&state, &before);
        }
        let _ = ruleset.legal_actions(&state);
        let _ = ruleset.places(&state, PileId(0), 0);
        let _ = ruleset.view(&state, Seat(0));
        let _ = ruleset.status(&state);
        let _ = ruleset.scoreboard(&state);
        let _ = ruleset.analyze(&state, &AnalyzeRequest::DeadEnd);
        let _ = ruleset.decode_state(b"{}");
        let _ = ruleset.import_position("x");
        // A plugin of protocol revision 0 is never sent the undo question: its games undo as
        // they always did, whatever it would have answered.
        prop_assert!(ruleset.may_undo(&state, 0).is_ok());
        // Nor asked for facts (a revision-2 request): its games keep the common statistics.
        prop_assert!(ruleset.facts(&state).is_empty());
        // Nor asked which piles it closes (revision 4): they are all the player's.
        prop_assert!(ruleset.player_moves(PileId(0)));
        let _ = ruleset.export_position(&state);
        let _ = ruleset.new_game(2);
    }

    #[test]
    fn random_replies_to_the_later_revisions_requests_are_errors_never_crashes(status in prop_oneof![Just(0), Just(1), Just(2), any::<i32>()], bytes in reply_bytes()) {
        let ruleset = fake::ruleset(protocol::REVISION, next);
        answer(0, protocol::encode(&Reply::State, b"a state"));
        let state = ruleset.new_game(1);
        answer(status, bytes);
        let _ = ruleset.may_undo(&state, 1);
        let _ = ruleset.places(&state, PileId(0), 0);
        let _ = ruleset.facts(&state);
        // Whatever it answers, the closed piles are asked once and kept.
        let open = ruleset.player_moves(PileId(0));
        prop_assert_eq!(ruleset.player_moves(PileId(0)), open, "asked once, kept");
    }
}
