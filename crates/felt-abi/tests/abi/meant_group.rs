//! The group a player means by "these piles" when no move between them is legal crosses the
//! ABI (protocol revision 5); a plugin of an older revision is never asked, and the last card
//! is meant.

use crate::fake;

use felt_abi::protocol::{self, Reply, Request, REVISION_MEANT_GROUP};
use felt_core::PileId;
use std::cell::RefCell;

thread_local! {
    /// The requests the fake plugin was sent, by name.
    static ASKED: RefCell<Vec<&'static str>> = const { RefCell::new(Vec::new()) };
}

/// The fake's answers: a state for a new game, and for the group meant from pile `f` to pile
/// `t` the index `f + t`, so the test sees both piles crossed; each request noted.
fn answer(request: &Request) -> (i32, Vec<u8>) {
    ASKED.with(|a| a.borrow_mut().push(request.name()));
    match request {
        Request::NewGame { .. } => (0, protocol::encode(&Reply::State, b"s")),
        Request::MeantGroup { from, to, .. } => (
            0,
            protocol::encode(&Reply::Group(Some(u16::from(from.0 + to.0))), &[]),
        ),
        _ => (0, protocol::encode(&Reply::Done, &[])),
    }
}

/// The group meant from pile 2 to pile 5 by a fake plugin of `revision`, and the requests it
/// was sent for it.
fn meant_of(revision: u32, answer: fake::Answer) -> (Option<u16>, Vec<&'static str>) {
    let ruleset = fake::ruleset(revision, answer);
    let state = ruleset.new_game(1);
    ASKED.with(|a| a.borrow_mut().clear());
    let meant = ruleset.meant_group(&state, PileId(2), PileId(5));
    (meant, ASKED.with(|a| a.borrow().clone()))
}

#[test]
fn a_plugin_of_the_meant_group_revision_is_asked_and_its_answer_kept() {
    assert_eq!(
        meant_of(REVISION_MEANT_GROUP, answer),
        (Some(7), vec!["meant-group"])
    );
}

#[test]
fn an_older_plugin_is_never_asked_and_the_last_card_is_meant() {
    assert_eq!(meant_of(REVISION_MEANT_GROUP - 1, answer), (None, vec![]));
}

#[test]
fn a_wrong_answer_means_the_last_card() {
    let wrong: fake::Answer = |request| match request {
        Request::NewGame { .. } => (0, protocol::encode(&Reply::State, b"s")),
        _ => (0, protocol::encode(&Reply::Done, &[])),
    };
    assert_eq!(meant_of(REVISION_MEANT_GROUP, wrong).0, None);
}
