//! Whole games and rule checks through the `Ruleset` trait, as the host calls it.

use felt_core::{Action, Analysis, AnalyzeRequest, CardFace, PileId, Ruleset, Seat, Status};
use felt_spades::cards::{card, hand, Hand};
use felt_spades::game::{Phase, State, SOUTH};
use felt_spades::{Params, Spades};

/// Few samples: the rules, not the bots' strength, are under test here.
fn quick() -> Spades {
    Spades::with_params(Params {
        samples: 2,
        ..Params::default()
    })
}

fn hint(spades: &Spades, state: &State) -> Action {
    let request = AnalyzeRequest::Hint {
        rank: 0,
        budget: felt_core::Budget::states(0),
    };
    match spades.analyze_metered(state, &request) {
        Some(Analysis::Hint {
            action: Some(a), ..
        }) => a,
        other => panic!("no hint in {:?}: {other:?}", state.phase),
    }
}

/// Plays South by the hint until the game ends; returns the final state and South's actions.
fn play_out(spades: &Spades, seed: u64) -> (State, Vec<Action>) {
    let mut state = spades.new_game(seed);
    let mut actions = Vec::new();
    while spades.status(&state) == Status::Playing {
        let a = hint(spades, &state);
        spades.apply(&mut state, &a).expect("the hint is legal");
        actions.push(a);
        assert!(actions.len() < 5_000, "the game does not end");
    }
    (state, actions)
}

#[test]
fn a_whole_game_ends_when_a_side_reaches_the_target() {
    // SPD-GAME
    let spades = Spades::with_params(Params {
        samples: 2,
        target: 200,
        ..Params::default()
    });
    let (state, _) = play_out(&spades, 11);
    assert_eq!(state.phase, Phase::GameOver);
    let w = state.winner.expect("a winner");
    assert!(state.scores[w] >= 200);
    assert!(state.scores[w] > state.scores[1 - w]);
}

#[test]
fn the_same_seed_and_actions_replay_the_same_game() {
    let spades = quick();
    let target = Spades::with_params(Params {
        samples: 2,
        target: 150,
        ..Params::default()
    });
    let (a, actions) = play_out(&target, 5);
    let mut b = target.new_game(5);
    for action in &actions {
        target.apply(&mut b, action).expect("replays");
    }
    assert_eq!(a, b);
    assert_ne!(spades.new_game(5).hands, spades.new_game(6).hands);
}

#[test]
fn after_every_step_it_is_south_to_act_or_the_hand_is_over() {
    let spades = quick();
    let mut state = spades.new_game(3);
    for _ in 0..40 {
        match state.phase {
            Phase::Bidding | Phase::Playing => assert_eq!(state.turn, SOUTH),
            Phase::HandOver | Phase::GameOver => {}
        }
        let a = hint(&spades, &state);
        spades.apply(&mut state, &a).expect("legal");
    }
}

#[test]
fn other_hands_are_face_down_with_their_counts() {
    // ✱ contract 3: no hidden card value reaches the view.
    let spades = quick();
    let mut state = spades.new_game(9);
    let bid = hint(&spades, &state);
    spades.apply(&mut state, &bid).expect("bid");
    let view = spades.view(&state, Seat(0));
    for seat in 1..4u8 {
        let pile = view.pile(PileId(seat)).expect("hand pile");
        assert_eq!(pile.cards.len() as u32, state.hands[seat as usize].len());
        assert!(pile.cards.iter().all(|c| *c == CardFace::Down));
    }
    let south = view.pile(PileId(0)).expect("south");
    assert!(south.cards.iter().all(|c| matches!(c, CardFace::Up(_))));
    let json = serde_json::to_string(&view).expect("json");
    for seat in 1..4 {
        for c in state.hands[seat].iter() {
            // A card in another hand may show only if it lies in the trick (it does not: it is
            // still in the hand), so its token must not appear in South's view.
            assert!(
                !json.contains(&format!("\"{}\"", c.card().token())),
                "{} leaked",
                c.card()
            );
        }
    }
}

#[test]
fn bidding_is_a_prompt_from_nil_to_thirteen() {
    // SPD-BID, SPD-NIL
    let spades = quick();
    let state = spades.new_game(1);
    assert_eq!(state.phase, Phase::Bidding);
    let prompt = spades.view(&state, Seat(0)).prompt.expect("a prompt");
    assert_eq!(prompt.options.len(), 14);
    assert_eq!(prompt.options[0].label, "Nil");
    assert_eq!(prompt.options[13].label, "13");
    let err = spades
        .check(&state, &Action::Choose { option: 14 })
        .expect_err("14 is no bid");
    assert_eq!(err.rule, "SPD-BID");
    let err = spades
        .check(
            &state,
            &Action::Move {
                from: PileId(0),
                index: 0,
                to: PileId(4),
            },
        )
        .expect_err("no card before the bids");
    assert_eq!(err.rule, "SPD-BID");
}

/// A hand mid-play with South to lead or follow, bids in.
fn playing(hands: [Hand; 4], leader: u8, trick: &[(u8, &str)]) -> State {
    let mut s = State::new(1);
    s.phase = Phase::Playing;
    s.hands = hands;
    s.bids = [Some(3); 4];
    s.leader = leader;
    s.turn = SOUTH;
    s.tricks_played = 13 - hands[0].len() as u8;
    for &(seat, token) in trick {
        let c = card(token).expect("card");
        s.trick[seat as usize] = Some(c);
        s.played.insert(c);
    }
    s
}

fn play_card(state: &State, token: &str) -> Action {
    let c = card(token).expect("card");
    let index = state.hands[0].position(c).expect("in hand") as u16;
    Action::Move {
        from: PileId(0),
        index,
        to: PileId(4),
    }
}

#[test]
fn a_card_not_following_suit_is_refused_with_the_suit_led() {
    // SPD-FOLLOW
    let spades = quick();
    // North led the king of hearts; East and West have played; South holds a heart.
    let s = playing(
        [
            hand("AS 4H 2C"),
            hand("3C 5D 6D"),
            hand("KH 7D 8D"),
            hand("2D 3D 4D"),
        ],
        2,
        &[(2, "KH"), (3, "2D"), (1, "3C")],
    );
    let err = spades
        .check(&s, &play_card(&s, "2C"))
        .expect_err("must follow");
    assert_eq!(err.rule, "SPD-FOLLOW");
    assert_eq!(err.message, "You must follow suit: hearts were led");
    assert!(spades.check(&s, &play_card(&s, "4H")).is_ok());
}

#[test]
fn the_first_lead_may_be_a_spade_only_from_a_hand_of_spades() {
    // SPD-LEAD
    let spades = quick();
    let s = playing(
        [
            hand("AS KS 2H"),
            hand("3H 4H 5H"),
            hand("6H 7H 8H"),
            hand("9H TH JH"),
        ],
        SOUTH,
        &[],
    );
    let s = State {
        tricks_played: 0,
        ..s
    };
    assert_eq!(
        spades
            .check(&s, &play_card(&s, "AS"))
            .expect_err("refused")
            .rule,
        "SPD-LEAD"
    );
    let only = playing(
        [
            hand("AS KS 2S"),
            hand("3H 4H 5H"),
            hand("6H 7H 8H"),
            hand("9H TH JH"),
        ],
        SOUTH,
        &[],
    );
    let only = State {
        tricks_played: 0,
        ..only
    };
    assert!(spades.check(&only, &play_card(&only, "AS")).is_ok());
}

#[test]
fn a_boston_is_announced() {
    // SPD-BOSTON: South holds all thirteen spades and takes every trick.
    let spades = quick();
    let mut s = spades.new_game(4);
    let rest: Vec<_> = Hand::FULL.minus(Hand::FULL.suit(0)).iter().collect();
    s.hands[0] = Hand::FULL.suit(0);
    for seat in 1..4 {
        s.hands[seat] = rest[(seat - 1) * 13..seat * 13].iter().copied().collect();
    }
    s.phase = Phase::Playing;
    s.bids = [Some(12), Some(1), Some(1), Some(1)];
    s.leader = SOUTH;
    s.turn = SOUTH;
    let mut news = Vec::new();
    while s.phase == Phase::Playing {
        let mut legal = Vec::new();
        spades.legal_actions(&s, &mut legal);
        spades.apply(&mut s, &legal[0]).expect("legal");
        news.extend(s.news.clone());
    }
    assert_eq!(s.taken[0], 13);
    assert!(news.iter().any(|n| n.contains("Boston")), "{news:?}");
    assert_eq!(s.scores[0], 130);
}

#[test]
fn pile_labels_are_unique_single_words_for_the_headless_protocol() {
    let spades = quick();
    let view = spades.view(&spades.new_game(2), Seat(0));
    let labels: Vec<&str> = view.piles.iter().map(|p| p.label.as_str()).collect();
    assert_eq!(
        labels,
        ["South", "West", "North", "East", "trick-S", "trick-W", "trick-N", "trick-E"]
    );
    let south = view
        .pile(PileId(0))
        .and_then(|p| p.note.clone())
        .unwrap_or_default();
    assert!(south.starts_with("you · bid"), "{south}");
}
