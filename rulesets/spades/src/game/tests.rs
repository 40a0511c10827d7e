//! The game state's transitions: dealing, the lead, following, breaking spades, winning tricks.

use super::*;
use crate::cards::{card, hand};

#[test]
fn each_seat_is_dealt_thirteen_from_the_dealers_left() {
    // SPD-DEAL
    let hands = deal(42, 1, 2);
    assert!(hands.iter().all(|h| h.len() == 13));
    let all = hands.iter().fold(Hand::EMPTY, |a, h| Hand(a.0 | h.0));
    assert_eq!(all, Hand::FULL);
    // The first card of the shuffled pack goes to the dealer's left (East when North deals).
    let mut cards: Vec<Card> = SUITS
        .iter()
        .flat_map(|&s| felt_core::Rank::all().map(move |r| Card::new(s, r)))
        .collect();
    felt_core::shuffle(&mut cards, 42);
    assert!(hands[3].contains(C::of(cards[0])));
    assert!(hands[2].contains(C::of(cards[51])));
}

#[test]
fn a_first_trick_spade_lead_is_refused_unless_only_spades_are_held() {
    // SPD-LEAD
    let mixed = hand("AS KH 2C");
    let why = refusal(mixed, None, false, true, card("AS").expect("card")).expect("refused");
    assert_eq!(why.rule, "SPD-LEAD");
    let only_spades = hand("AS KS 2S");
    assert!(refusal(only_spades, None, false, true, card("AS").expect("card")).is_none());
}

#[test]
fn unbroken_spades_may_not_be_led_later_either() {
    // SPD-BREAK
    let why =
        refusal(hand("AS KH"), None, false, false, card("AS").expect("card")).expect("refused");
    assert_eq!(why.rule, "SPD-BREAK");
    assert!(refusal(hand("AS KH"), None, true, false, card("AS").expect("card")).is_none());
}

#[test]
fn a_player_must_follow_suit_and_is_told_which() {
    // SPD-FOLLOW
    let why = refusal(
        hand("AS KH 2C"),
        Some(1),
        false,
        false,
        card("2C").expect("card"),
    )
    .expect("refused");
    assert_eq!(why.rule, "SPD-FOLLOW");
    assert_eq!(why.message, "You must follow suit: hearts were led");
    // Void in the suit led: anything goes, spades included.
    assert!(refusal(
        hand("AS 2C"),
        Some(1),
        false,
        false,
        card("AS").expect("card")
    )
    .is_none());
}

#[test]
fn the_highest_spade_wins_else_the_highest_of_the_suit_led() {
    // SPD-WIN
    let t = |s: [&str; 4]| s.map(card);
    assert_eq!(trick_winner(&t(["2H", "AH", "KC", "3H"]), 0), 1);
    assert_eq!(trick_winner(&t(["2H", "AH", "2S", "3H"]), 0), 2);
    assert_eq!(
        trick_winner(&t(["2H", "AC", "KC", "QC"]), 0),
        0,
        "off-suit aces lose"
    );
    assert_eq!(trick_winner(&t(["3S", "2S", "AH", "KH"]), 2), 0);
}

#[test]
fn a_spade_led_from_a_hand_of_only_spades_does_not_break_them() {
    // SPD-BREAK: East holds only spades and leads one; South, holding a heart, still may
    // not lead spades on the next trick.
    let mut s = State::new(7);
    s.phase = Phase::Playing;
    s.hands = [hand("2H 3S"), hand("4S 5D"), hand("6S 7D"), hand("AS KS")];
    s.tricks_played = 5;
    s.leader = 3;
    s.turn = 3;
    let mut events = Vec::new();
    s.play(card("KS").expect("card"), 500, &mut events);
    assert!(!s.broken, "a spade lead is no spade on another suit's lead");
    s.play(card("3S").expect("card"), 500, &mut events);
    s.play(card("4S").expect("card"), 500, &mut events);
    s.play(card("6S").expect("card"), 500, &mut events);
    assert!(!s.broken, "spades followed to a spade lead break nothing");
    assert_eq!(s.turn, 3, "East's king won");
    let south = hand("2H 9S");
    let why = refusal(south, None, s.broken, false, card("9S").expect("card"))
        .expect("South holds a heart: no spade lead yet");
    assert_eq!(why.rule, "SPD-BREAK");
    assert!(refusal(
        hand("9S 8S"),
        None,
        s.broken,
        false,
        card("9S").expect("card")
    )
    .is_none());
}

#[test]
fn a_spade_discard_breaks_spades() {
    // SPD-BREAK
    let mut s = State::new(7);
    s.phase = Phase::Playing;
    s.hands = [hand("AH"), hand("2S 3D"), hand("KD"), hand("QD")];
    s.leader = 0;
    s.turn = 0;
    let mut events = Vec::new();
    s.play(card("AH").expect("card"), 500, &mut events);
    assert!(!s.broken);
    s.play(card("2S").expect("card"), 500, &mut events);
    assert!(s.broken);
    assert_eq!(s.voids[1], 1 << 1, "West showed a heart void");
}
