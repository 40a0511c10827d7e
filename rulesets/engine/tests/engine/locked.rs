//! The solver's rule 10 (solver/locked.rs): a card lying for good above every card it could
//! go up on makes a table lost, and the searches do not expand it. Checked on hand-laid
//! tables, and against a plain search of the ruleset's own actions on small tables of the
//! games it holds in, and on random moves from them.

use crate::plain::hopeless_against_a_plain_search;
use crate::support::*;
use felt_core::{Analysis, Budget};
use felt_engine::solver::search::Searcher;
use felt_engine::{Engine, State};

fn solve(engine: &Engine, state: &State) -> Analysis {
    crate::plain::solve(engine, state, Budget::states(20_000))
}

/// A table of `engine`'s game with the columns laid (each a list, top card last, and its
/// count of face-down cards), every other card up: each suit up to the card below its lowest
/// laid one. Every card of the pack is placed once.
fn table(engine: &Engine, columns: &[(&str, usize)]) -> State {
    let mut state = blank(engine);
    let laid: Vec<_> = columns.iter().flat_map(|(t, _)| cards(t)).collect();
    for (i, (tokens, down)) in columns.iter().enumerate() {
        lay(&mut state, i, tokens, *down);
    }
    for (f, suit) in felt_core::Suit::ALL.into_iter().enumerate() {
        state.foundations[f] = felt_core::Rank::all()
            .map(|r| felt_core::Card::new(suit, r))
            .take_while(|c| !laid.contains(c))
            .collect();
    }
    let placed = laid.len() + state.foundations.iter().map(Vec::len).sum::<usize>();
    assert_eq!(placed, 52, "every card placed once");
    state
}

#[test]
fn a_card_over_its_way_up_and_its_only_place_is_lost_in_fan() {
    // PA-FOUNDATIONS: the 6♥ goes up only on the 5♥; PA-BUILD: in a column only on the 7♥;
    // PA-EMPTY: a space takes only a King. Both lie under it: it never moves.
    let engine = engine(shipped_game("fan"));
    let hearts = ("KH QH JH TH 9H 8H", 0);
    let state = table(&engine, &[("7H 5H 6H", 0), hearts]);
    assert!(Searcher::new(&engine).hopeless(&state));
    assert!(matches!(
        solve(&engine, &state),
        Analysis::Unwinnable { .. }
    ));
    // The 7♥ on the 8♥ instead: the 6♥ goes there, the 5♥ up, and the rest follow.
    let state = table(&engine, &[("5H 6H", 0), ("KH QH JH TH 9H 8H 7H", 0)]);
    assert!(!Searcher::new(&engine).hopeless(&state));
    assert!(matches!(solve(&engine, &state), Analysis::Won { .. }));
}

#[test]
fn a_face_down_card_over_its_way_up_still_turns_and_moves() {
    // Klondike: the 5♥ lies face down over the 4♥, under the 9♣. Once the 9♣ is up, the
    // 5♥ turns and goes onto the 6♠ of the next column: nothing is held.
    let engine = engine(KLONDIKE);
    let rest = [
        ("KH QH JH TH 9H 8H 7H 6H", 0),
        ("KS QS JS TS 9S 8S 7S", 0),
        ("KC QC JC TC", 0),
    ];
    let state = table(
        &engine,
        &[&[("4H 5H 9C", 2), ("6S", 0)][..], &rest].concat(),
    );
    assert!(!Searcher::new(&engine).hopeless(&state));
    assert!(matches!(solve(&engine, &state), Analysis::Won { .. }));
    // With both black Sixes under it too, the 5♥ (face down, then turned) never moves.
    let rest = [
        ("KH QH JH TH 9H 8H 7H 6H", 0),
        ("KS QS JS TS 9S 8S 7S", 0),
        ("KC QC JC TC 9C 8C 7C", 0),
    ];
    let state = table(&engine, &[&[("4H 6S 6C 5H", 3)][..], &rest].concat());
    assert!(Searcher::new(&engine).hopeless(&state));
    assert!(matches!(
        solve(&engine, &state),
        Analysis::Unwinnable { .. }
    ));
}

#[test]
fn a_card_carried_off_its_way_up_is_not_held_in_yukon() {
    // Yukon moves any face-up card with everything on it: the 5♥ (the 6♥'s way up) goes
    // onto the 6♠ carrying the 6♥, the 7♠ under them is uncovered, the 6♥ goes onto it and
    // the 5♥ up (the 6♥'s other place, the 7♣, is up already). A card the 6♥ builds on
    // lying under its way up holds nothing.
    let yukon = engine(YUKON);
    let rest = [
        ("KH QH JH TH 9H 8H 7H", 0),
        ("KS QS JS TS 9S 8S", 0),
        ("KC QC JC TC 9C 8C", 0),
    ];
    let state = table(&yukon, &[&[("7S 5H 6H", 0), ("6S", 0)][..], &rest].concat());
    assert!(!Searcher::new(&yukon).hopeless(&state));
    assert!(matches!(solve(&yukon, &state), Analysis::Won { .. }));
    // Where only the last card moves (Fan builds in suit, one card at a time), the same lie
    // holds it: the 6♥ over the 5♥ over the 7♥.
    let fan = engine(shipped_game("fan"));
    let state = table(&fan, &[("7H 5H 6H", 0), ("KH QH JH TH 9H 8H", 0)]);
    assert!(Searcher::new(&fan).hopeless(&state));
}

#[test]
fn cards_locking_each_other_across_two_columns_are_lost_in_fan() {
    // PA-FOUNDATIONS, PA-BUILD (in suit, one card at a time), PA-EMPTY (Kings only). The
    // 6♠ goes up on the 5♠ (under the 5♥) and lies only on the 7♠ (under the 4♥); the 5♥
    // goes up on the 4♥ (under the 6♠) and lies only on the 6♥ (under the 5♠): no card of
    // the two columns ever moves, though none lies over its own way up (rule 10 alone sees
    // no lock).
    let engine = engine(shipped_game("fan"));
    let rest = [("KH QH JH TH 9H 8H 7H", 0), ("KS QS JS TS 9S 8S", 0)];
    let state = table(
        &engine,
        &[&[("7S 4H 6S", 0), ("6H 5S 5H", 0)][..], &rest].concat(),
    );
    assert!(Searcher::new(&engine).hopeless(&state));
    assert!(matches!(
        solve(&engine, &state),
        Analysis::Unwinnable { .. }
    ));
    // The 7♠ on the Spades' column instead: the 6♠ goes onto it, the 4♥ up, and the rest.
    let rest = [("KH QH JH TH 9H 8H 7H", 0), ("KS QS JS TS 9S 8S 7S", 0)];
    let state = table(
        &engine,
        &[&[("4H 6S", 0), ("6H 5S 5H", 0)][..], &rest].concat(),
    );
    assert!(!Searcher::new(&engine).hopeless(&state));
    assert!(matches!(solve(&engine, &state), Analysis::Won { .. }));
}

#[test]
fn kings_over_their_queens_are_lost_when_no_column_can_ever_empty() {
    // Two columns built down in suit, one card at a time, Kings into spaces (PA-BUILD,
    // PA-EMPTY); PA-FOUNDATIONS: the K♠ goes up only on the Q♠, which lies under it, as the
    // K♥ on the Q♥. Once the J♠ is up, neither column can empty (each Queen could only go
    // onto its own King, above it), so no King ever moves: rule 10 sees it only where it
    // knows that no space ever comes.
    let engine = engine(
        r#"
tableau = { columns = 2, up = 26 }
build.by = "suit"
empty = "king"
"#,
    );
    let state = table(&engine, &[("QS KS", 0), ("QH KH JS", 0)]);
    assert!(Searcher::new(&engine).hopeless(&state));
    assert!(matches!(
        solve(&engine, &state),
        Analysis::Unwinnable { .. }
    ));
    // The J♠ alone in the second column, the Hearts up: it goes up, its column empties, the
    // K♠ goes there, and the Q♠ and the K♠ go up.
    let state = table(&engine, &[("QS KS", 0), ("JS", 0)]);
    assert!(!Searcher::new(&engine).hopeless(&state));
    assert!(matches!(solve(&engine, &state), Analysis::Won { .. }));
}

#[test]
fn rule_10_never_calls_a_table_lost_that_a_plain_search_wins() {
    let cases = u64::from(felt_patience::testing::cases("FELT_ENGINE_SOLVER_CASES", 6)) * 5;
    let games = [
        ("klondike", KLONDIKE, 10),
        ("yukon", YUKON, 10),
        ("fan", shipped_game("fan"), 12),
        ("bakers-dozen", BAKERS_DOZEN, 12),
        ("alaska", shipped_game("alaska"), 10),
        ("scotch-patience", shipped_game("scotch-patience"), 12),
    ];
    let (compared, won, locked) = hopeless_against_a_plain_search(&games, cases);
    eprintln!("{compared} tables compared, {won} won, {locked} called lost by rule 10");
    assert!(locked > 0, "rule 10 never applied on {compared} tables");
}

#[test]
fn cards_held_in_full_cells_hold_the_columns_too() {
    // One cell, four columns built down in suit, one card at a time with no cell free,
    // nothing into a space (PA-BUILD, PA-EMPTY). Every column ends in a King over another
    // suit's Queen, the K♣ fills the cell: each King goes up only on its Queen, which lies
    // under a King; nothing moves, and no cell ever frees to take a King.
    let engine = engine(
        r#"
tableau = { columns = 4, up = 13 }
cells.count = 1
build.by = "suit"
move = "supermove"
empty = "none"
"#,
    );
    let laid = |columns: &[&str], cell: Option<&str>| {
        let mut state = blank(&engine);
        for (i, tokens) in columns.iter().enumerate() {
            lay(&mut state, i, tokens, 0);
        }
        state.cells[0] = cell.map(card);
        for (f, suit) in felt_core::Suit::ALL.into_iter().enumerate() {
            state.foundations[f] = felt_core::Rank::all()
                .map(|r| felt_core::Card::new(suit, r))
                .take(11)
                .collect();
        }
        state
    };
    let state = laid(&["QD QC KH", "QH KS", "QS KD"], Some("KC"));
    assert!(Searcher::new(&engine).hopeless(&state));
    assert!(matches!(
        solve(&engine, &state),
        Analysis::Unwinnable { .. }
    ));
    // The K♣ in a column of its own and the cell free: the K♥ goes into it, and every card
    // goes up.
    let state = laid(&["QD QC KH", "QH KS", "QS KD", "KC"], None);
    assert!(!Searcher::new(&engine).hopeless(&state));
    assert!(matches!(solve(&engine, &state), Analysis::Won { .. }));
}

#[test]
fn pinned_columns_never_call_a_table_lost_that_a_plain_search_wins() {
    // Three columns, so that small tables often have none empty and Kings may be held for
    // good (solver/locked.rs, pinned columns): the three ways groups move, each where a
    // space takes a King, and a game with a cell dealt full (cells).
    let cases = u64::from(felt_patience::testing::cases("FELT_ENGINE_SOLVER_CASES", 6)) * 50;
    let face_up = r#"
tableau = { columns = 3, down = [2, 2, 2], up = [15, 15, 16] }
move = "any-face-up"
empty = "king"
"#;
    let runs = r#"
tableau = { columns = 3, down = [2, 2, 2], up = [15, 15, 16] }
move = "sequence"
empty = "king"
"#;
    let last = r#"
tableau = { columns = 3, up = [17, 17, 18] }
build.by = "suit"
empty = "king"
"#;
    let either = r#"
tableau = { columns = 3, down = [2, 2, 2], up = [15, 15, 16] }
build = { direction = "either", by = "suit" }
move = "any-face-up"
empty = "king"
"#;
    let cell = r#"
tableau = { columns = 3, up = [17, 17, 17] }
cells = { count = 1, filled = 1 }
build.by = "suit"
move = "supermove"
empty = "king"
"#;
    let games = [
        ("three columns and a cell, last cards, in suit", cell, 12),
        ("three columns, any face-up card", face_up, 12),
        ("three columns, runs", runs, 12),
        ("three columns, last cards, in suit", last, 12),
        ("three columns, either way in suit", either, 12),
    ];
    let (compared, won, locked) = hopeless_against_a_plain_search(&games, cases);
    eprintln!("{compared} tables compared, {won} won, {locked} called lost by rule 10");
    assert!(locked > 0, "rule 10 never applied on {compared} tables");
}
