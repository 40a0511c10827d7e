//! Every kind of bad move, and the one rule its refusal names (docs/rules/freecell.md): the
//! rule the move broke, in a sentence about the cards it moves. A move that breaks two rules
//! is refused under the first of them in check.rs's order: the piles, what the target takes
//! at all, the sequence, the first card's fit, then the number of cards.

use crate::common::{cards, manual, position};
use felt_core::{Action, PileId, Ruleset};
use felt_freecell::{Build, Empty, FreeCell, Params, State};

fn mv(from: u8, index: u16, to: u8) -> Action {
    Action::Move {
        from: PileId(from),
        index,
        to: PileId(to),
    }
}

// Pile ids of classic FreeCell: columns 0..8, cells 8..12, foundations 12..16 (♠ ♥ ♦ ♣).
const CELL0: u8 = 8;
const SPADES: u8 = 12;
const HEARTS: u8 = 13;
const CLUBS: u8 = 15;

fn refusal(fc: &FreeCell, state: &State, action: Action) -> (String, String) {
    let e = fc.check(state, &action).expect_err("refused");
    (e.rule, e.message)
}

fn refused(fc: &FreeCell, state: &State, action: Action, rule: &str, message: &str) {
    assert_eq!(
        refusal(fc, state, action.clone()),
        (rule.to_string(), message.to_string()),
        "{action}"
    );
}

/// Seahaven Towers' rules (build by suit, Kings only in empty columns) on a classic table.
fn kings_only() -> FreeCell {
    FreeCell::with_params(Params {
        build: Build::Suit,
        empty: Empty::Kings,
        auto: false,
        ..Params::default()
    })
}

#[test]
fn fc_move_no_such_pile_nothing_there_or_already_there() {
    let fc = manual();
    let s = position(&["KS QH", "", "5C"], &["", "7D"], [0; 4]);
    refused(&fc, &s, mv(40, 0, 1), "FC-MOVE", "There is no pile 40");
    refused(&fc, &s, mv(0, 1, 40), "FC-MOVE", "There is no pile 40");
    refused(&fc, &s, mv(1, 0, 0), "FC-MOVE", "Column 2 is empty");
    refused(&fc, &s, mv(CELL0, 0, 0), "FC-MOVE", "Free cell 1 is empty");
    refused(
        &fc,
        &s,
        mv(0, 2, 1),
        "FC-MOVE",
        "column 1 has no card at position 2",
    );
    refused(
        &fc,
        &s,
        mv(CELL0 + 1, 1, 1),
        "FC-MOVE",
        "free cell 2 has no card at position 1",
    );
    refused(
        &fc,
        &s,
        mv(0, 1, 0),
        "FC-MOVE",
        "The cards are already there",
    );
    let e = fc
        .check(&s, &Action::Deal { from: PileId(0) })
        .expect_err("no stock");
    assert_eq!(e.rule, "FC-MOVE");
}

#[test]
fn fc_move_a_position_of_another_variant_is_refused() {
    let fc = manual();
    let mut s = position(&["KS"], &[], [0; 4]);
    s.columns.push(Vec::new());
    assert_eq!(refusal(&fc, &s, mv(0, 0, 1)).0, "FC-MOVE");
}

#[test]
fn fc_foundation_never_gives_a_card_back() {
    let fc = manual();
    let s = position(&["KS", ""], &[], [1, 0, 0, 0]);
    for to in [0, 1, CELL0, HEARTS] {
        refused(
            &fc,
            &s,
            mv(SPADES, 0, to),
            "FC-FOUNDATION",
            "A card on a foundation stays there",
        );
    }
}

#[test]
fn fc_foundation_takes_one_card_even_of_a_sequence() {
    let fc = manual();
    // 3♥ 2♠ is a sequence that would move onto a column; a foundation takes it one at a time.
    let s = position(&["KS", "3H 2S"], &[], [1, 2, 0, 0]);
    refused(
        &fc,
        &s,
        mv(1, 0, SPADES),
        "FC-FOUNDATION",
        "Cards go to a foundation one at a time, not the 2 cards from 3♥",
    );
    // 3♠ 2♠ is no sequence in alternating colours: still the foundation's rule it breaks.
    let s = position(&["KS", "3S 2S"], &[], [1, 0, 0, 0]);
    refused(
        &fc,
        &s,
        mv(1, 0, SPADES),
        "FC-FOUNDATION",
        "Cards go to a foundation one at a time, not the 2 cards from 3♠",
    );
}

#[test]
fn fc_foundation_of_another_suit_is_refused() {
    let fc = manual();
    let s = position(&["AS", "2H", "5H"], &["3D"], [0, 1, 0, 0]);
    // The card is the next one of its own suit's foundation, so only the suit is wrong.
    refused(
        &fc,
        &s,
        mv(1, 0, CLUBS),
        "FC-FOUNDATION",
        "2♥ goes to the hearts foundation, not to the clubs one",
    );
    refused(
        &fc,
        &s,
        mv(0, 0, HEARTS),
        "FC-FOUNDATION",
        "A♠ goes to the spades foundation, not to the hearts one",
    );
    // Wrong suit, and not its turn on its own foundation either: both are said.
    refused(
        &fc,
        &s,
        mv(2, 0, SPADES),
        "FC-FOUNDATION",
        "5♥ goes to the hearts foundation, not to the spades one (and not yet: the Two of hearts goes next)",
    );
    refused(
        &fc,
        &s,
        mv(CELL0, 0, CLUBS),
        "FC-FOUNDATION",
        "3♦ goes to the diamonds foundation, not to the clubs one (and not yet: the Ace of diamonds starts it)",
    );
    // Nothing was sent anywhere: the table is as it was, and the right foundation takes it.
    let mut after = s.clone();
    assert!(fc.apply(&mut after, &mv(1, 0, CLUBS)).is_err());
    assert_eq!(after, s);
    assert_eq!(fc.check(&s, &mv(1, 0, HEARTS)), Ok(()));
    // Legal moves name only a card's own foundation.
    let mut legal = Vec::new();
    fc.legal_actions(&s, &mut legal);
    assert!(legal.contains(&mv(1, 0, HEARTS)), "{legal:?}");
    assert!(!legal.contains(&mv(1, 0, CLUBS)), "{legal:?}");
}

#[test]
fn fc_foundation_takes_the_next_card_of_its_suit() {
    let fc = manual();
    let s = position(&["2S", "3H"], &[], [0, 1, 0, 0]);
    refused(
        &fc,
        &s,
        mv(0, 0, SPADES),
        "FC-FOUNDATION",
        "2♠ cannot go to the spades foundation: the Ace of spades starts it",
    );
    refused(
        &fc,
        &s,
        mv(1, 0, HEARTS),
        "FC-FOUNDATION",
        "3♥ cannot go to the hearts foundation: the Two of hearts goes next",
    );
}

#[test]
fn fc_cell_holds_one_card() {
    let fc = manual();
    let s = position(&["KS QH", "5C", "KD QC JH TS"], &["7D"], [0; 4]);
    refused(
        &fc,
        &s,
        mv(1, 0, CELL0),
        "FC-CELL",
        "Free cell 1 already holds 7♦",
    );
    // A sequence, and few enough to move onto a card: a cell still takes only one card.
    refused(
        &fc,
        &s,
        mv(0, 0, CELL0 + 1),
        "FC-CELL",
        "A free cell holds one card, not the 2 cards from K♠",
    );
    refused(
        &fc,
        &s,
        mv(2, 1, CELL0 + 1),
        "FC-CELL",
        "A free cell holds one card, not the 3 cards from Q♣",
    );
}

#[test]
fn fc_build_names_the_first_card_and_the_card_it_would_lie_on() {
    let fc = manual();
    let s = position(&["KS QH", "JD", "JC", "KH", "8C"], &[], [0; 4]);
    refused(
        &fc,
        &s,
        mv(1, 0, 0),
        "FC-BUILD",
        "J♦ goes only on a black Queen, not on Q♥",
    );
    refused(
        &fc,
        &s,
        mv(3, 0, 2),
        "FC-BUILD",
        "K♥ goes only on an empty column, not on J♣",
    );
    refused(
        &fc,
        &s,
        mv(4, 0, 2),
        "FC-BUILD",
        "8♣ goes only on a red Nine, not on J♣",
    );
    let fc = kings_only();
    let s = position(&["KS QH", "JH", "JC"], &[], [0; 4]);
    refused(
        &fc,
        &s,
        mv(2, 0, 0),
        "FC-BUILD",
        "J♣ goes only on the Queen of clubs, not on Q♥",
    );
}

#[test]
fn fc_build_of_a_group_too_long_whose_first_card_does_not_fit() {
    let fc = manual();
    // Q♠ … 9♥ is four cards; with no cell and no empty column only one moves. The Q♠ does not
    // fit the 5♦ either: the first card's rule comes before the number's.
    let mut s = position(
        &["5D", "QS JH TS 9H", "2C", "3C", "4C", "5C", "6C", "7C"],
        &["2D", "3D", "4D", "6D"],
        [0; 4],
    );
    refused(
        &fc,
        &s,
        mv(1, 0, 0),
        "FC-BUILD",
        "Q♠ goes only on a red King, not on 5♦",
    );
    s.columns[0] = cards("KD");
    refused(
        &fc,
        &s,
        mv(1, 0, 0),
        "FC-SUPERMOVE",
        "4 cards from Q♠ cannot move together onto K♦: with no free cell and no empty column, only 1 card moves",
    );
}

#[test]
fn fc_empty_names_the_card_that_is_not_a_king() {
    let fc = kings_only();
    let s = position(&["KS QS", "QH", "", "KH"], &["", "", "", "7C"], [0; 4]);
    refused(
        &fc,
        &s,
        mv(1, 0, 2),
        "FC-EMPTY",
        "Q♥ is not a King: an empty column takes only a King, or a group headed by one",
    );
    refused(
        &fc,
        &s,
        mv(0, 1, 2),
        "FC-EMPTY",
        "Q♠ is not a King: an empty column takes only a King, or a group headed by one",
    );
    let s = position(&["KS QS JS", "", "KH"], &[], [0; 4]);
    refused(
        &fc,
        &s,
        mv(0, 1, 1),
        "FC-EMPTY",
        "These cards are headed by Q♠, not by a King: an empty column takes only a King, or a group headed by one",
    );
    assert_eq!(fc.check(&s, &mv(0, 0, 1)), Ok(()));
}

#[test]
fn fc_supermove_names_the_limit_when_a_king_group_is_too_long_for_an_empty_column() {
    // The hostile case of issue 28: K♠ Q♠ J♠ T♠ under Seahaven's rules with two cells free
    // and one empty column: at most 3 cards move, and the refusal says so, not FC-EMPTY.
    let fc = kings_only();
    let s = position(
        &["JD 9S KS QS JS TS", "", "2C", "3C", "4C", "5C", "6C", "7C"],
        &["2H", "6H"],
        [0; 4],
    );
    refused(
        &fc,
        &s,
        mv(0, 2, 1),
        "FC-SUPERMOVE",
        "4 cards from K♠ cannot move together to an empty column: with 2 free cells and 1 empty column (empty columns take only Kings, so they hold nothing on the way), at most 3 cards move together",
    );
    // And the group a player means by "column 1 to column 2" is the King's.
    assert_eq!(fc.rules().meant_group(&s, PileId(0), PileId(1)), Some(2));
}

#[test]
fn fc_supermove_names_the_limit_when_a_fitting_group_is_too_long() {
    // Seven cards from 9♦ onto 10♠ with one free cell and one empty column: at most 4 move.
    let fc = manual();
    let mut s = position(
        &[
            "TS",
            "KC 9D 8S 7D 6S 5D 4S 3D",
            "",
            "2C",
            "3C",
            "4C",
            "5C",
            "6C",
        ],
        &["2D", "4D", "6D"],
        [0; 4],
    );
    s.columns[7] = cards("7C");
    refused(
        &fc,
        &s,
        mv(1, 1, 0),
        "FC-SUPERMOVE",
        "7 cards from 9♦ cannot move together onto 10♠: with 1 free cell and 1 empty column, at most 4 cards move together",
    );
    assert_eq!(fc.rules().meant_group(&s, PileId(1), PileId(0)), Some(1));
    // The last card alone is refused for itself, as asked.
    refused(
        &fc,
        &s,
        mv(1, 7, 0),
        "FC-BUILD",
        "3♦ goes only on a black Four, not on 10♠",
    );
    // No card of the sequence fits the 2♣: no group is meant.
    assert_eq!(fc.rules().meant_group(&s, PileId(1), PileId(3)), None);
}

#[test]
fn fc_supermove_only_a_sequence_moves_together() {
    let fc = manual();
    let s = position(&["TD", "9S 8S", ""], &[], [0; 4]);
    refused(
        &fc,
        &s,
        mv(1, 0, 0),
        "FC-SUPERMOVE",
        "The cards from 9♠ to the end of column 2 are not a sequence built down in alternating colours, so they do not move together",
    );
    refused(
        &fc,
        &s,
        mv(1, 0, 2),
        "FC-SUPERMOVE",
        "The cards from 9♠ to the end of column 2 are not a sequence built down in alternating colours, so they do not move together",
    );
}

#[test]
fn fc_supermove_too_long_to_pick_up() {
    let fc = manual();
    let s = position(
        &["KC QD JS TD", "2C", "3C", "4C", "5C", "6C", "7C", "8C"],
        &["2D", "3D", "4D"],
        [0; 4],
    );
    let e = fc
        .may_lift(&s, PileId(0), 1)
        .expect_err("3 cards, at most 2");
    assert_eq!(
        (e.rule.as_str(), e.message.as_str()),
        (
            "FC-SUPERMOVE",
            "3 cards from Q♦ cannot move together: with 1 free cell and no empty column, at most 2 cards move together"
        )
    );
    let e = fc.may_lift(&s, PileId(CELL0 + 3), 0).expect_err("empty");
    assert_eq!(e.rule, "FC-MOVE");
    assert_eq!(fc.may_lift(&s, PileId(CELL0), 0), Ok(()));
}

#[test]
fn fc_collect_with_nothing_to_send_up() {
    let fc = manual();
    let s = position(&["KS", "3H"], &["5D"], [0, 1, 0, 0]);
    let e = fc
        .check(
            &s,
            &Action::Extra {
                name: "collect".into(),
                arg: 0,
            },
        )
        .expect_err("nothing goes up");
    assert_eq!(
        (e.rule.as_str(), e.message.as_str()),
        ("FC-COLLECT", "No card may go to a foundation now")
    );
}

#[test]
fn fc_win_nothing_moves_after_the_last_card() {
    let fc = manual();
    let s = position(&[], &[], [13; 4]);
    refused(&fc, &s, mv(0, 0, 1), "FC-WIN", "The game is won");
}
