//! One test per rule of the App's rules page (docs/rules/spider.md), named after it:
//! the deck, the layout, building, flips, groups and empty columns. Dealing, runs, the win
//! and the options are in `app_rules_deal_run_win.rs`.

use crate::common::*;
use felt_core::{Action, Card, Event, PileId, Ruleset, Seat, Suit};
use felt_spider::SpiderRuleset;

fn two() -> SpiderRuleset {
    typed("spider-2suit", "classic")
}

fn card_counts(cards: &[Card]) -> Vec<(Card, usize)> {
    let mut sorted = cards.to_vec();
    sorted.sort();
    let mut counts: Vec<(Card, usize)> = Vec::new();
    for c in sorted {
        match counts.last_mut() {
            Some((last, n)) if *last == c => *n += 1,
            _ => counts.push((c, 1)),
        }
    }
    counts
}

fn assert_deck(variant: &str, suits: &[Suit], copies: usize) {
    let r = typed(variant, "classic");
    let cards = r.new_game(7).all_cards();
    assert_eq!(cards.len(), 104, "{variant}");
    let counts = card_counts(&cards);
    assert_eq!(counts.len(), 13 * suits.len(), "{variant}: distinct cards");
    for (card, n) in counts {
        assert!(suits.contains(&card.suit()), "{variant}: {card}");
        assert_eq!(n, copies, "{variant}: copies of {card}");
    }
}

#[test]
fn sp_deck_one_suit_is_eight_sets_of_spades() {
    // SP-DECK: 1 suit: 8×13 spades.
    assert_deck("spider-1suit", &[Suit::Spade], 8);
}

#[test]
fn sp_deck_two_suits_are_four_sets_of_spades_and_four_of_hearts() {
    // SP-DECK: 2 suits: 4×13 spades + 4×13 hearts.
    assert_deck("spider-2suit", &[Suit::Spade, Suit::Heart], 4);
}

#[test]
fn sp_deck_four_suits_are_two_sets_of_each_suit() {
    // SP-DECK: 4 suits: 2×13 of each suit; the suit count never changes the number of cards.
    assert_deck("spider-4suit", &Suit::ALL, 2);
}

#[test]
fn sp_layout_deals_54_cards_a_row_at_a_time_and_leaves_50_in_five_deals() {
    // SP-LAYOUT: first 4 columns get 6, the other 6 get 5, dealt one row at a time from left
    // to right; only the last card of each column face up; 50 cards left as 5 deals of 10.
    let r = typed("spider-4suit", "classic");
    let seed = 12_345;
    let s = r.new_game(seed);
    let shuffled = r.params().deck.shuffled(seed);
    let sizes: Vec<usize> = s.columns().iter().map(|c| c.len()).collect();
    assert_eq!(sizes, [6, 6, 6, 6, 5, 5, 5, 5, 5, 5]);
    for (k, &card) in shuffled.iter().take(54).enumerate() {
        assert_eq!(
            s.columns()[k % 10].cards()[k / 10],
            card,
            "card {k} of the shuffle"
        );
    }
    for column in s.columns() {
        assert_eq!(column.face_down(), column.len() - 1);
    }
    assert_eq!(s.stock().len(), 50);
    assert_eq!(r.deals_left(&s), 5);
    // The next cards of the shuffle form the first deal, card i to column i.
    let mut s = s;
    play(&r, &mut s, &Action::Deal { from: PileId(10) });
    for i in 0..10 {
        assert_eq!(s.columns()[i].last(), Some(shuffled[54 + i]));
    }
}

#[test]
fn sp_build_a_card_goes_on_one_rank_higher_whatever_the_suit() {
    // SP-BUILD: 9♥ on 10♠; Q on K.
    let r = two();
    let mut s = position(
        &r,
        &[
            "9H", "TS", "QS", "KH", "AS", "2H", "5S", "|3H 4S", "8S", "KS",
        ],
        &[],
        "",
        9,
    );
    play(&r, &mut s, &mv(0, 0, 1));
    assert_eq!(face_up_text(&s, 1), "TS 9H");
    play(&r, &mut s, &mv(2, 0, 3));
    assert_eq!(face_up_text(&s, 3), "KH QS");
}

#[test]
fn sp_build_nothing_goes_on_an_ace() {
    // SP-BUILD: Ace is lowest; nothing goes on an Ace.
    let r = two();
    let mut s = position(
        &r,
        &[
            "9H", "TS", "QS", "KH", "AS", "2H", "5S", "|3H 4S", "8S", "KS",
        ],
        &[],
        "",
        9,
    );
    let err = refused(&r, &mut s, &mv(5, 0, 4));
    assert_eq!(err.rule, "SP-BUILD");
    assert_eq!(err.message, "Nothing goes on an Ace");
}

#[test]
fn sp_build_refuses_a_card_that_is_not_one_rank_lower() {
    // SP-BUILD: exactly one rank lower; a King goes on no card.
    let r = two();
    let mut s = position(
        &r,
        &[
            "9H", "TS", "QS", "KH", "AS", "2H", "5S", "|3H 4S", "8S", "KS",
        ],
        &[],
        "",
        9,
    );
    let err = refused(&r, &mut s, &mv(6, 0, 9));
    assert_eq!(
        (err.rule.as_str(), err.message.as_str()),
        ("SP-BUILD", "5S goes only on a 6, not on KS")
    );
    let err = refused(&r, &mut s, &mv(8, 0, 1));
    assert_eq!(err.message, "8S goes only on a 9, not on TS");
    let err = refused(&r, &mut s, &mv(3, 0, 9));
    assert_eq!(
        err.message,
        "A King goes only on an empty column, not on KS"
    );
}

#[test]
fn sp_build_only_face_up_cards_move() {
    // SP-BUILD: a face-up card may go on another column; face-down cards stay.
    let r = two();
    let mut s = position(
        &r,
        &[
            "9H", "TS", "QS", "KH", "AS", "2H", "5S", "|3H 4S", "8S", "KS",
        ],
        &[],
        "",
        9,
    );
    let err = refused(&r, &mut s, &mv(7, 0, 2));
    assert_eq!(err.rule, "SP-BUILD");
    assert!(err.message.contains("face down"), "{}", err.message);
}

#[test]
fn sp_flip_the_card_under_a_leaving_one_turns_up() {
    // SP-FLIP: when the last card of a column leaves, the face-down card under it turns up.
    let r = two();
    let mut s = position(
        &r,
        &[
            "9H", "TS", "QS", "KH", "AS", "2H", "5S", "|3H 4S", "8S", "KS",
        ],
        &[],
        "",
        9,
    );
    let events = play(&r, &mut s, &mv(7, 1, 6));
    assert_eq!(
        events,
        [
            Event::Moved {
                from: PileId(7),
                to: PileId(6),
                count: 1
            },
            Event::Flipped { pile: PileId(7) }
        ]
    );
    assert_eq!(column_text(&s, 7), "3H");
    let view = r.view(&s, Seat::SOLO);
    assert_eq!(
        view.piles[7].cards,
        [felt_core::CardFace::Up("3H".parse().expect("card"))]
    );
}

#[test]
fn sp_group_classic_moves_a_run_of_one_suit_where_its_first_card_could_go() {
    // SP-GROUP: 8, 7, 6 of one suit move together; the group goes where its first card could.
    let r = two();
    let mut s = position(
        &r,
        &[
            "KH 8S 7S 6S",
            "9H",
            "TH",
            "5S",
            "5S",
            "5S",
            "5S",
            "5H",
            "5H",
            "5H",
        ],
        &[],
        "",
        9,
    );
    let err = refused(&r, &mut s, &mv(0, 1, 2));
    assert_eq!(err.message, "8S goes only on a 9, not on TH");
    let events = play(&r, &mut s, &mv(0, 1, 1));
    assert_eq!(
        events[0],
        Event::Moved {
            from: PileId(0),
            to: PileId(1),
            count: 3
        }
    );
    assert_eq!(face_up_text(&s, 1), "9H 8S 7S 6S");
    assert_eq!(face_up_text(&s, 0), "KH");
}

#[test]
fn sp_group_classic_refuses_mixed_suits() {
    // SP-GROUP, classic: the group must also be of one suit.
    let r = two();
    let mut s = position(
        &r,
        &[
            "8H 7S 6H", "9S", "5S", "5S", "5S", "5S", "5H", "5H", "5H", "KS",
        ],
        &[],
        "",
        9,
    );
    let err = refused(&r, &mut s, &mv(0, 0, 1));
    assert_eq!(err.rule, "SP-GROUP");
    assert_eq!(
        err.message,
        "Only a run of one suit moves as a group (classic rules)"
    );
}

#[test]
fn sp_group_relaxed_moves_mixed_suits_together() {
    // SP-GROUP, relaxed: mixed suits may move together.
    let r = typed("spider-2suit", "relaxed");
    let mut s = position(
        &r,
        &[
            "8H 7S 6H", "9S", "5S", "5S", "5S", "5S", "5H", "5H", "5H", "KS",
        ],
        &[],
        "",
        9,
    );
    play(&r, &mut s, &mv(0, 0, 1));
    assert_eq!(face_up_text(&s, 1), "9S 8H 7S 6H");
    assert!(s.columns()[0].is_empty());
}

#[test]
fn sp_group_cards_must_descend_one_rank_at_a_time_under_both_rules() {
    // SP-GROUP: ranks must descend one by one (8, 7, 6); suits alone do not make a group.
    for rules in ["classic", "relaxed"] {
        let r = typed("spider-2suit", rules);
        let mut s = position(
            &r,
            &[
                "8S 6S", "9H", "5S", "5S", "5S", "5S", "5H", "5H", "5H", "KS",
            ],
            &[],
            "",
            9,
        );
        let err = refused(&r, &mut s, &mv(0, 0, 1));
        assert_eq!(err.rule, "SP-GROUP", "{rules}");
        assert_eq!(
            err.message,
            "These cards do not go down one rank at a time, so they cannot move together"
        );
    }
}

#[test]
fn sp_group_has_no_length_limit() {
    // SP-GROUP: no limit on a group's length: Q down to A, 12 cards, move at once.
    let r = two();
    let mut s = position(
        &r,
        &[
            "QS..AS", "KH", "5S", "5S", "5S", "5H", "5H", "5H", "5H", "KS",
        ],
        &[],
        "",
        9,
    );
    let events = play(&r, &mut s, &mv(0, 0, 1));
    assert_eq!(
        events[0],
        Event::Moved {
            from: PileId(0),
            to: PileId(1),
            count: 12
        }
    );
    assert_eq!(s.columns()[1].len(), 13);
    assert!(s.removed().is_empty(), "K♥ Q♠ … A♠ is not a one-suit run");
}

#[test]
fn sp_empty_column_takes_any_card_or_group_not_only_a_king() {
    // SP-EMPTY: an empty column takes any card or any movable group.
    let r = two();
    let mut s = position(
        &r,
        &[
            "", "5H", "9S 8S 7S", "KS", "KS", "KS", "KH", "KH", "KH", "KH",
        ],
        &[],
        "",
        9,
    );
    play(&r, &mut s, &mv(1, 0, 0));
    assert_eq!(face_up_text(&s, 0), "5H");
    play(&r, &mut s, &mv(2, 0, 1));
    assert_eq!(face_up_text(&s, 1), "9S 8S 7S");
}
