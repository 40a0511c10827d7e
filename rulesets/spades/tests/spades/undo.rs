//! Fair undo (SPD-UNDO): a player may take back only their own last action, before any other
//! seat has acted; never a bid once the next seat has bid, never once a trick is complete,
//! never a finished game. The `undo = "free"` variant key lifts all of it.

use felt_core::{Action, Catalog, GameCode, Origin, Ruleset, Session, Status};
use felt_spades::cards::card;
use felt_spades::game::{Phase, Step, SOUTH};
use felt_spades::ruleset::UndoRule;
use felt_spades::{Params, Spades};
use std::sync::Arc;

fn quick(undo: UndoRule) -> Spades {
    Spades::with_params(Params {
        samples: 2,
        undo,
        ..Params::default()
    })
}

/// A session of quick Spades from a variant file, as the host plays it.
fn session(extra: &str, seed: u64) -> Session {
    let mut catalog = Catalog::new();
    catalog.add_ruleset(Arc::new(felt_spades::SpadesFactory));
    let text = format!(
        "id = \"spades-test\"\nname = \"Spades test\"\nruleset = \"spades\"\ncode = \"SPD-T4\"\n[game]\nsamples = 2\n{extra}"
    );
    catalog
        .add_variant(Origin::BuiltIn("test".into()), &text)
        .expect("the test variant loads");
    let ruleset = catalog.build("spades-test", None).expect("builds");
    let code: GameCode = catalog.code_for("spades-test", None, seed).expect("code");
    Session::new(ruleset, code, 100)
}

/// A seed whose first bid is South's and whose next seat bids after it.
fn bid_then_others(spades: &Spades) -> u64 {
    (0..64)
        .find(|&seed| {
            let s = spades.new_game(seed);
            s.phase == Phase::Bidding && s.turn == SOUTH && s.bids.iter().all(Option::is_none)
        })
        .expect("a seed where South bids first")
}

#[test]
fn a_bid_cannot_be_taken_back_once_the_next_seat_has_bid() {
    // SPD-UNDO, and pagat's "a bid cannot be changed".
    let spades = quick(UndoRule::OwnLast);
    let seed = bid_then_others(&spades);
    let mut session = session("", seed);
    session
        .act(&Action::Choose { option: 3 })
        .expect("South bids 3");
    let before = session.state().clone();
    let why = session.undo().expect_err("West has bid since");
    assert_eq!(why.rule, "SPD-UNDO");
    assert!(why.message.starts_with("West has bid since"), "{why}");
    assert_eq!(session.state(), &before, "a refused undo changes nothing");
    assert_eq!(session.log().len(), 1);
}

#[test]
fn a_card_cannot_be_taken_back_once_another_seat_has_played() {
    // SPD-UNDO: South's card and then West's (or a completed trick) close the step.
    let mut session = session("", 3);
    while let Some(action) = session.legal_actions().into_iter().next() {
        let playing = matches!(action, Action::Move { .. });
        session.act(&action).expect("legal");
        if playing {
            break;
        }
    }
    let why = session
        .undo()
        .expect_err("others played after South's card");
    assert_eq!(why.rule, "SPD-UNDO");
}

#[test]
fn only_the_actors_own_last_action_before_anyone_else_acts_may_be_undone() {
    // SPD-UNDO, on the states themselves: what the last step did decides.
    let spades = quick(UndoRule::OwnLast);
    let mut state = spades.new_game(11);
    state.phase = Phase::Playing;
    state.step = Step {
        acts: vec![(SOUTH, card("2H"))],
        ..Step::default()
    };
    assert!(spades.may_undo(&state, 0).is_ok(), "South alone played");
    let twice = spades.may_undo(&state, 1).expect_err("once only");
    assert_eq!(twice.rule, "SPD-UNDO");

    state.step.acts.push((1, card("3H")));
    let why = spades.may_undo(&state, 0).expect_err("West played since");
    assert!(why.message.starts_with("West has played since"), "{why}");

    state.step = Step {
        acts: vec![(SOUTH, card("2H"))],
        tricks: 1,
        ..Step::default()
    };
    let why = spades
        .may_undo(&state, 0)
        .expect_err("the trick is complete");
    assert!(why.message.contains("trick is complete"), "{why}");

    state.step = Step {
        dealt: true,
        ..Step::default()
    };
    assert!(spades.may_undo(&state, 0).is_err(), "a new hand was dealt");

    state.step = Step {
        acts: vec![(SOUTH, card("2H"))],
        ..Step::default()
    };
    state.phase = Phase::GameOver;
    let why = spades.may_undo(&state, 0).expect_err("the game is over");
    assert!(why.message.contains("game is over"), "{why}");
}

#[test]
fn a_finished_game_stays_finished() {
    // SPD-UNDO: the host's undo of the last step of a finished game is refused.
    let mut session = session("target = 50\n", 5);
    let mut steps = 0;
    while session.status() == Status::Playing {
        let action = session.legal_actions().into_iter().next().expect("a move");
        session.act(&action).expect("legal");
        steps += 1;
        assert!(steps < 2_000, "the game ends");
    }
    let why = session.undo().expect_err("finished");
    assert_eq!(why.rule, "SPD-UNDO");
    assert_ne!(session.status(), Status::Playing);
}

#[test]
fn the_free_variant_key_undoes_anything() {
    let spades = quick(UndoRule::Free);
    let seed = bid_then_others(&spades);
    let mut session = session("undo = \"free\"\n", seed);
    let start = session.state().clone();
    session.act(&Action::Choose { option: 3 }).expect("bid");
    session.undo().expect("free undo");
    assert_eq!(session.state(), &start);
}

#[test]
fn an_unknown_undo_setting_is_refused_with_the_choices() {
    let mut catalog = Catalog::new();
    catalog.add_ruleset(Arc::new(felt_spades::SpadesFactory));
    let text = "id = \"bad\"\nname = \"Bad\"\nruleset = \"spades\"\ncode = \"SPD-B4\"\n[game]\nundo = \"sometimes\"\n";
    // The catalog checks a variant by building it: the file itself is refused.
    let err = match catalog.add_variant(Origin::BuiltIn("bad".into()), text) {
        Err(e) => e.to_string(),
        Ok(_) => match catalog.build("bad", None) {
            Err(e) => e.to_string(),
            Ok(_) => String::new(),
        },
    };
    assert!(err.contains("own-last"), "{err}");
}
