//! Seats driven from outside, and the rule-based reference player's habits.

use felt_core::{Action, Event, Ruleset, Status};
use felt_spades::bots::{bid, simple, Knowledge, Policy, Public};
use felt_spades::cards::{card, hand};
use felt_spades::game::{Phase, State};
use felt_spades::{Params, Spades};

fn quick(words: &[&str]) -> Spades {
    Spades::with_params(Params {
        samples: 2,
        ..Params::default()
    })
    .seated(words)
    .expect("seats")
}

/// Plays by the hints until the hand is over; returns every event.
fn one_hand(spades: &Spades, state: &mut State) -> Vec<Event> {
    let mut events = Vec::new();
    while matches!(state.phase, Phase::Bidding | Phase::Playing) {
        assert!(
            spades.seating().outside[state.turn as usize],
            "the game waits only for seats driven from outside"
        );
        let turn = spades.turn(state).expect("a seat to act");
        assert_eq!(turn.seat.0, state.turn);
        let action = Spades::action_for(state, spades.decide(state, state.turn));
        events.extend(spades.apply(state, &action).expect("the decision is legal"));
    }
    events
}

fn played(events: &[Event]) -> Vec<String> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Log { kind, text } if kind == "played" => Some(text.clone()),
            _ => None,
        })
        .collect()
}

#[test]
fn south_and_north_wait_for_the_script_and_every_card_is_reported() {
    let spades = quick(&["S", "N"]);
    let mut state = spades.new_game(4);
    let mut events = Vec::new();
    // The bots before the first outside seat play inside new_game; their cards are none yet.
    events.extend(one_hand(&spades, &mut state));
    assert_eq!(state.phase, Phase::HandOver);
    assert_eq!(played(&events).len(), 52);
    assert_eq!(spades.turn(&state), None, "between hands nobody is to act");
}

#[test]
fn with_all_four_seats_outside_no_bot_plays() {
    let spades = quick(&["all"]);
    let mut state = spades.new_game(6);
    let mut actions = 0;
    while matches!(state.phase, Phase::Bidding | Phase::Playing) {
        let action = Spades::action_for(&state, spades.decide(&state, state.turn));
        let events = spades.apply(&mut state, &action).expect("legal");
        assert!(
            played(&events).len() <= 1,
            "one card an action: no bot plays"
        );
        actions += 1;
    }
    assert_eq!(actions, 4 + 52, "four bids and 52 cards, all from outside");
}

#[test]
fn a_move_from_another_seats_hand_is_refused() {
    let spades = quick(&["all"]);
    let mut state = spades.new_game(6);
    while state.phase == Phase::Bidding {
        spades
            .apply(&mut state, &Action::Choose { option: 3 })
            .expect("bids");
    }
    let other = (state.turn + 1) % 4;
    let why = spades
        .check(
            &state,
            &Action::Move {
                from: felt_core::PileId(other),
                index: 0,
                to: felt_core::PileId(4 + other),
            },
        )
        .expect_err("not this seat's hand");
    assert_eq!(why.rule, "SPD-PLAY");
}

#[test]
fn with_no_seat_outside_a_whole_hand_plays_itself() {
    let spades = quick(&["S=rules"]);
    assert_eq!(spades.seating().players[0], Policy::Simple);
    let state = spades.new_game(2);
    assert_eq!(state.phase, Phase::HandOver);
    assert_eq!(spades.status(&state), Status::Playing);
}

fn public(bids: [Option<u8>; 4], trick: [Option<&str>; 4], leader: u8, turn: u8) -> Public {
    let trick = trick.map(|c| c.and_then(card));
    let played = trick.iter().flatten().copied().collect();
    Public {
        bids,
        taken: [0; 4],
        trick,
        leader,
        turn,
        tricks_played: 0,
        played,
        voids: [0; 4],
        broken: false,
        scores: [0; 2],
        bags: [0; 2],
    }
}

#[test]
fn the_reference_player_ducks_under_as_a_nil_bidder() {
    // South bid Nil; West led the king of hearts: South plays its highest heart below it.
    let p = public(
        [Some(0), Some(3), Some(4), Some(3)],
        [None, Some("KH"), None, None],
        1,
        0,
    );
    let c = simple::choose(0, hand("AH QH 4H 2C"), &p);
    assert_eq!(c, card("QH").expect("card"));
}

#[test]
fn the_reference_player_covers_its_partners_nil() {
    // North bid Nil and has played the queen of hearts, winning so far: South overtakes cheaply.
    let p = public(
        [None, Some(3), Some(0), Some(3)],
        [None, Some("5H"), Some("QH"), Some("9H")],
        1,
        0,
    );
    let c = simple::choose(0, hand("AH KH 3H 2C"), &p);
    assert_eq!(c, card("KH").expect("card"));
}

#[test]
fn the_reference_player_wins_cheaply_when_its_side_needs_tricks_and_ducks_when_made() {
    let mut p = public(
        [Some(4), Some(3), Some(4), Some(2)],
        [None, Some("TH"), Some("4H"), Some("9H")],
        1,
        0,
    );
    let h = hand("AH QH JH 3H");
    assert_eq!(
        simple::choose(0, h, &p),
        card("JH").expect("card"),
        "cheapest winner"
    );
    p.taken = [5, 0, 3, 0];
    assert_eq!(
        simple::choose(0, h, &p),
        card("3H").expect("card"),
        "bid made: duck"
    );
}

#[test]
fn the_reference_bid_counts_aces_guarded_kings_and_spades() {
    let mut state = State::new(1);
    let seat = state.turn;
    state.hands[seat as usize] = hand("AS KS QS 9S 5S AH KH 2H AC 3C 4D 5D 6D");
    let k = Knowledge::of(&state, seat);
    // AS, KS guarded, QS with two more, two spades past three, AH, KH guarded, AC.
    assert_eq!(bid::reference_bid(&k), 8);
    state.hands[seat as usize] = hand("2S 3H 4H 5H 6C 7C 8C 2D 3D 4D 5D 6D 7D");
    let weak = Knowledge::of(&state, seat);
    assert_eq!(bid::reference_bid(&weak), 0, "Nil on a hand fit for it");
}

#[test]
fn each_seat_reads_its_own_bid_as_its_own_and_the_others_by_name() {
    // SPD-BID: whoever drives a seat (a script drives all four here), the news names it;
    // only the seat it is shown to reads "You".
    let spades = quick(&["all"]);
    let mut state = spades.new_game(11);
    let bidder = state.turn;
    let events = spades
        .apply(&mut state, &Action::Choose { option: 3 })
        .expect("a bid");
    let name = felt_spades::game::SEAT_NAMES[bidder as usize];
    let said = format!("{name} bids 3");
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::Note { text, .. } if *text == said)),
        "{events:?}"
    );
    let seen = |seat: u8| spades.view(&state, felt_core::Seat(seat)).messages;
    assert_eq!(seen(bidder), ["You bid 3"]);
    assert_eq!(seen((bidder + 1) % 4), [said.as_str()]);
}
