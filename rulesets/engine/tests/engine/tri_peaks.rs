//! Tri Peaks as shipped (`variants/tri-peaks.toml`): columns laid in overlapping rows
//! (`tableau.rows`), each covered column waiting for the two on it (PA-COVER), each test
//! naming the PA- rule it checks.

use crate::support::*;
use felt_core::{CardFace, DrawHint, Ruleset};
use felt_engine::Pile;

/// The shipped file's `[game]` table.
pub(crate) fn tri_peaks_table() -> &'static str {
    shipped_game("tri-peaks")
}

#[test]
fn tri_peaks_deals_three_peaks_of_face_down_cards_over_a_row_of_ten_pa_deal() {
    let peaks = engine(tri_peaks_table());
    for seed in 1..=5 {
        let state = peaks.new_game(seed);
        assert_eq!(state.columns.len(), 28);
        assert!(state.columns.iter().all(|c| c.cards.len() == 1));
        // The upper three rows (3 + 6 + 9 places) face down, the bottom ten face up.
        let down: Vec<usize> = state.columns.iter().map(|c| c.down).collect();
        assert_eq!(down[..18], [1; 18], "seed {seed}");
        assert_eq!(down[18..], [0; 10], "seed {seed}");
        assert_eq!(state.foundations.len(), 1);
        assert_eq!(state.foundations[0].len(), 1, "one card starts the pile");
        assert_eq!(state.stock.len(), 23);
    }
}

#[test]
fn a_covered_card_waits_for_both_cards_on_it_then_turns_up_and_plays_pa_cover() {
    let peaks = engine(tri_peaks_table());
    let mut state = blank(&peaks);
    // Column 10 (index 9), the first of the third row, lies under columns 19 and 20 (the
    // first two of the bottom row); column 4 lies under 10 and 11.
    lay(&mut state, 9, "5H", 1);
    lay(&mut state, 18, "7C", 0);
    lay(&mut state, 19, "8D", 0);
    lay(&mut state, 3, "9S", 1);
    lay(&mut state, 10, "2S", 1);
    state.foundations[0] = cards("6S");
    state.stock = cards("KD QD");

    let why = refused(
        &peaks,
        &state,
        &mv(&peaks, Pile::Column(9), 0, Pile::Foundation(0)),
    );
    assert_eq!(why.rule, "PA-COVER");
    assert_eq!(
        why.message,
        "Column 10 is under columns 19 and 20: clear them first"
    );
    // One of the two gone: still covered, still face down.
    play(
        &peaks,
        &mut state,
        &mv(&peaks, Pile::Column(18), 0, Pile::Foundation(0)),
    );
    assert_eq!(state.columns[9].down, 1);
    assert_eq!(
        refused(
            &peaks,
            &state,
            &mv(&peaks, Pile::Column(9), 0, Pile::Foundation(0))
        )
        .rule,
        "PA-COVER"
    );
    // Both gone: it turns up (PA-TURN) and plays, a rank under the 8.
    play(
        &peaks,
        &mut state,
        &mv(&peaks, Pile::Column(19), 0, Pile::Foundation(0)),
    );
    assert_eq!(state.columns[9].down, 0, "uncovered, the card turns up");
    let why = refused(
        &peaks,
        &state,
        &mv(&peaks, Pile::Column(9), 0, Pile::Foundation(0)),
    );
    assert_eq!(why.rule, "PA-FOUNDATIONS", "5♥ is not next to 8♦");
    // Column 4 still lies under column 10's card: it stays down and offers no move.
    assert_eq!(state.columns[3].down, 1);
    let mut legal = Vec::new();
    peaks.legal_actions(&state, &mut legal);
    let column_4 = peaks.id(Pile::Column(3));
    assert!(!legal
        .iter()
        .any(|a| matches!(a, felt_core::Action::Move { from, .. } if *from == column_4)));
}

#[test]
fn the_peaks_are_drawn_as_rows_each_between_two_places_of_the_row_under_it_pa_deal() {
    let peaks = engine(tri_peaks_table());
    let state = peaks.new_game(7);
    let view = peaks.view(&state, felt_core::Seat(0));
    let place = |i: usize| {
        let p = view
            .pile(peaks.id(Pile::Column(i)))
            .expect("every column is drawn");
        assert_eq!(p.hint, DrawHint::Slot);
        p.place
    };
    // Row by row down the first peak, each place sits between the two places of the row
    // under it that cover it: half a column right of the first of them.
    let (summit, second, third, bottom) = (place(0), place(3), place(9), place(18));
    assert_eq!(summit.row + 1, second.row);
    assert_eq!(second.row + 1, third.row);
    assert_eq!(third.row + 1, bottom.row);
    assert_eq!((bottom.col, bottom.half), (0, false));
    assert_eq!((third.col, third.half), (0, true));
    assert_eq!((second.col, second.half), (1, false));
    assert_eq!((summit.col, summit.half), (1, true));
    // Covered cards are drawn face down, the bottom row face up.
    let faces = |i: usize| {
        view.pile(peaks.id(Pile::Column(i)))
            .expect("drawn")
            .cards
            .clone()
    };
    assert_eq!(faces(0), vec![CardFace::Down]);
    assert!(matches!(faces(27)[..], [CardFace::Up(_)]));
}

#[test]
fn tri_peaks_and_golf_are_won_once_the_columns_are_clear_whatever_the_stock_holds_pa_win() {
    for id in ["tri-peaks", "golf"] {
        let game = engine(shipped_game(id));
        let mut state = blank(&game);
        state.foundations[0] = cards("6S");
        state.stock = cards("KD QD 2C");
        lay(&mut state, 0, "7H", 0);
        assert_eq!(game.status(&state), felt_core::Status::Playing, "{id}");
        play(
            &game,
            &mut state,
            &mv(&game, Pile::Column(0), 0, Pile::Foundation(0)),
        );
        assert!(
            matches!(game.status(&state), felt_core::Status::Won { .. }),
            "{id}: won with three cards still in the stock"
        );
    }
}
