//! The best place and the legal targets cross the ABI apart (protocol revision 2), and a
//! plugin of an older revision, asked for its ranked moves, still gives both.

use crate::fake;

use felt_abi::protocol::{self, Reply, Request, REVISION_PLACES};
use felt_core::{Action, PileId, Places, RuleViolation};
use std::cell::RefCell;

thread_local! {
    /// The requests the fake plugin was sent, by name.
    static ASKED: RefCell<Vec<&'static str>> = const { RefCell::new(Vec::new()) };
}

fn mv(to: u8) -> Action {
    Action::Move {
        from: PileId(0),
        index: 0,
        to: PileId(to),
    }
}

fn reply(request: &Request) -> Reply {
    match request {
        Request::NewGame { .. } => Reply::State,
        Request::RankMoves { .. } => Reply::Actions(vec![mv(2), mv(1)]),
        Request::Places { index: 0, .. } => Reply::Places(Places {
            best: None,
            legal: vec![mv(1)],
            refused: None,
        }),
        Request::Places { .. } => Reply::Places(Places {
            refused: Some(RuleViolation::new("FK-GROUP", "not together")),
            ..Places::default()
        }),
        _ => Reply::Done,
    }
}

/// The fake's answers: [`reply`], each request noted.
fn answer(request: &Request) -> (i32, Vec<u8>) {
    ASKED.with(|a| a.borrow_mut().push(request.name()));
    let blob: &[u8] = if matches!(request, Request::NewGame { .. }) {
        b"s"
    } else {
        &[]
    };
    (0, protocol::encode(&reply(request), blob))
}

/// The places of pile 0 from `index` asked of a fake plugin of `revision`, and the requests
/// it was sent for them.
fn places_at(revision: u32, index: u16) -> (Places, Vec<&'static str>) {
    let ruleset = fake::ruleset(revision, answer);
    let state = ruleset.new_game(1);
    ASKED.with(|a| a.borrow_mut().clear());
    let places = ruleset.places(&state, PileId(0), index);
    (places, ASKED.with(|a| a.borrow().clone()))
}

#[test]
fn an_older_plugin_is_asked_its_ranked_moves_and_its_first_is_the_best_place() {
    let (places, asked) = places_at(REVISION_PLACES - 1, 0);
    assert_eq!(asked, ["rank-moves"]);
    assert_eq!(places, Places::ranked(vec![mv(2), mv(1)]));
    assert_eq!(places.best, Some(mv(2)));
}

#[test]
fn a_plugin_of_the_places_revision_may_name_no_best_place_or_refuse_the_group() {
    let (places, asked) = places_at(REVISION_PLACES, 0);
    assert_eq!(asked, ["places"]);
    assert_eq!(places.best, None);
    assert_eq!(places.legal, [mv(1)]);
    let (places, _) = places_at(REVISION_PLACES, 1);
    assert_eq!(places.refused.map(|v| v.rule).as_deref(), Some("FK-GROUP"));
}

#[test]
fn an_older_host_asking_ranked_moves_gets_the_best_place_first() {
    let places = Places {
        best: Some(mv(3)),
        legal: vec![mv(1), mv(3), mv(2)],
        refused: None,
    };
    assert_eq!(places.ranked_moves(), [mv(3), mv(1), mv(2)]);
    let none = Places {
        best: None,
        legal: vec![mv(1)],
        refused: None,
    };
    assert_eq!(none.ranked_moves(), [mv(1)]);
}
