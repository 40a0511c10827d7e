//! "The best place" and "legal targets" apart (KL-RETURN, KL-MOVE): a move may be legal and
//! still not worth making by itself.

use crate::common::{manual, mv, position};
use felt_core::{PileId, Ruleset};

const SPADES: u8 = 9;

#[test]
fn kl_return_a_card_back_from_a_foundation_has_legal_targets_and_no_best_place() {
    let k = manual();
    // 2♠ on its foundation may come back onto the red 3 in column 1.
    let s = position(&["3H", "KD"], "", "", [2, 0, 0, 0]);
    let legal = k.legal_targets(&s, PileId(SPADES), 1);
    assert_eq!(legal, [mv(SPADES, 1, 0)]);
    assert_eq!(k.best_place(&s, PileId(SPADES), 1, &legal), None);
}

#[test]
fn kl_move_a_whole_column_into_an_empty_one_is_legal_but_not_the_best_place() {
    let k = manual();
    // A King alone in column 1 may go to the empty column 3: it only trades places.
    let s = position(&["KS", "QH", ""], "", "", [0; 4]);
    let legal = k.legal_targets(&s, PileId(0), 0);
    assert!(legal.contains(&mv(0, 0, 2)), "{legal:?}");
    assert_eq!(k.best_place(&s, PileId(0), 0, &legal), None);
    // The same King over a face-down card goes there as its best place: it turns the card.
    let s = position(&["4C | KS", "QH", ""], "", "", [0; 4]);
    let legal = k.legal_targets(&s, PileId(0), 1);
    assert_eq!(k.best_place(&s, PileId(0), 1, &legal), Some(mv(0, 1, 2)));
}
