//! End to end through a `Session`, as the headless mode and the terminal drive a game:
//! refusals carry their rule ids and change nothing, undo and redo are exact, and a game is
//! played to a win.

use crate::common;

use crate::common::{deal, mv, position};
use felt_core::{GameCode, GameState, Seat, Session, Status};
use felt_klondike::State;

fn code(seed: u64) -> GameCode {
    GameCode::new("KL-D1", 'S', seed).expect("code")
}

// KL-BUILD, KL-STOCK through a session: a refusal changes nothing and says its rule.
#[test]
fn refusals_name_their_rule_and_change_nothing() {
    let k = common::variant("klondike");
    let mut session = Session::new(k, code(1), 100);
    let before = session.state().clone();
    // Deal 1: column 1 holds 3♦, column 2 ends with 7♠: 3♦ fits nowhere but a black Four.
    let e = session.act(&mv(0, 0, 1)).expect_err("3D on 7S");
    assert_eq!(e.rule, "KL-BUILD");
    let e = session.act(&mv(7, 0, 0)).expect_err("from the stock");
    assert_eq!(e.rule, "KL-STOCK");
    assert!(session.state() == &before);
    assert!(session.log().is_empty());
}

// Undo and redo through a session restore the state, the score and the counters exactly.
#[test]
fn undo_and_redo_are_exact() {
    let k = common::variant("klondike");
    let mut session = Session::new(k, code(7), 100);
    let start = session.state().clone();
    session.act(&deal()).expect("deal");
    let dealt = session.state().clone();
    let legal = session.legal_actions();
    session.act(&legal[0]).expect("a legal action");
    session.undo().expect("undo");
    assert!(session.state() == &dealt);
    session.undo().expect("undo");
    assert!(session.state() == &start);
    assert_eq!(session.scoreboard().moves, 0);
    session.redo().expect("redo");
    assert!(session.state() == &dealt);
}

// KL-WIN through a session: the last cards go up (the rest by KL-AUTO) and the game is won.
#[test]
fn a_game_is_played_to_a_win() {
    let k = common::variant("klondike");
    // Everything up but the Kings and Queens; the waste holds K♠, the stock Q♥.
    let mut s = position(
        &["| KH QS", "| KD QC", "| KC QD"],
        "QH",
        "KS",
        [11, 11, 11, 11],
    );
    s.foundations = [11, 11, 11, 11];
    let state = GameState::new(s);
    let mut session = Session::from_state(k, code(0), 100, state);
    assert_eq!(session.status(), Status::Playing);
    // Q♥ from the stock: every other-colour Jack is up, so it and all the rest go up alone.
    session.act(&deal()).expect("turn Q♥");
    assert_eq!(
        session.status(),
        Status::Won {
            winner: String::new()
        }
    );
    let s: &State = session.state().downcast_ref().expect("state");
    assert_eq!(s.cards_up(), 52);
    let view = session.view(Seat::SOLO);
    assert_eq!(view.status_value("cards"), Some("52/52"));
    let e = session.act(&deal()).expect_err("the game is over");
    assert!(!e.rule.is_empty());
}
