//! "The best place", "legal targets" and groups refused before they are picked up
//! (FC-SUPERMOVE, FC-FOUNDATION, FC-MOVE).

use crate::common::{manual, position};
use felt_core::{Action, PileId, Ruleset};

// Pile ids of classic FreeCell: columns 0..8, cells 8..12, foundations 12..16 (♠ ♥ ♦ ♣).
const CELL0: u8 = 8;
const SPADES: u8 = 12;

fn mv(from: u8, index: u16, to: u8) -> Action {
    Action::Move {
        from: PileId(from),
        index,
        to: PileId(to),
    }
}

#[test]
fn fc_move_a_whole_column_into_an_empty_one_is_legal_but_not_the_best_place() {
    let fc = manual();
    let s = position(&["9S", "KD"], &[], [0; 4]);
    let legal = fc.legal_targets(&s, PileId(0), 0);
    assert!(legal.contains(&mv(0, 0, 2)), "{legal:?}");
    // Into an empty column only trades places; a free cell is still a best place.
    let best = fc.best_place(&s, PileId(0), 0, &legal);
    assert_eq!(best, Some(mv(0, 0, CELL0)));
    // With the cells full, nothing but the empty columns takes it: no best place.
    let s = position(&["9S", "KD"], &["2D", "3D", "4D", "5D"], [0; 4]);
    let legal = fc.legal_targets(&s, PileId(0), 0);
    assert!(!legal.is_empty());
    assert_eq!(fc.best_place(&s, PileId(0), 0, &legal), None);
}

#[test]
fn fc_supermove_a_group_that_is_no_sequence_or_too_long_is_refused_when_picked_up() {
    let fc = manual();
    // 8♠ on 9♠ is no build in alternating colours: from the 9♠ the cards are no sequence.
    let s = position(&["KD 9S 8S 7D"], &["2D", "3D", "4D"], [0; 4]);
    let refused = fc.may_lift(&s, PileId(0), 1).expect_err("no sequence");
    assert_eq!(refused.rule, "FC-SUPERMOVE");
    assert!(fc.may_lift(&s, PileId(0), 2).is_ok());
    // One free cell and no empty column: two cards move at most.
    let full = ["KD 9D 8C 7H", "KC", "KC", "KC", "KC", "KC", "KC", "KC"];
    let s = position(&full, &["2D", "3D", "4D"], [0; 4]);
    let refused = fc
        .may_lift(&s, PileId(0), 1)
        .expect_err("three cards, room for two");
    assert_eq!(refused.rule, "FC-SUPERMOVE");
    assert!(refused.message.contains("at most 2"), "{}", refused.message);
    assert!(fc.may_lift(&s, PileId(0), 2).is_ok());
    let s = position(&["KD"], &[], [1, 0, 0, 0]);
    assert_eq!(
        fc.may_lift(&s, PileId(SPADES), 0).map_err(|v| v.rule),
        Err("FC-FOUNDATION".to_string())
    );
}

#[test]
fn fc_collect_sends_every_card_that_may_go_up_as_one_move() {
    // FC-COLLECT: A♠ from a cell, then 2♠ and 3♠ from the columns, though 3♠ is not safe.
    let fc = manual();
    let mut s = position(&["5H 3S", "2S", "4D"], &["AS"], [0; 4]);
    let collect = felt_freecell::collect::collect_action();
    let mut legal = Vec::new();
    fc.legal_actions(&s, &mut legal);
    assert!(legal.contains(&collect), "{legal:?}");
    assert_eq!(collect.to_string(), "collect 0");
    fc.apply(&mut s, &collect).expect("collects");
    assert_eq!(s.foundations, [3, 0, 0, 0]);
    assert_eq!(s.moves, 1);
    let refused = fc.check(&s, &collect).expect_err("nothing more goes up");
    assert_eq!(refused.rule, "FC-COLLECT");
    assert!(fc.info().extras.iter().any(|e| e.action() == collect));
}
