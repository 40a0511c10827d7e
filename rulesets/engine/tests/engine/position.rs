//! The engine's position format: every game's deals read back as written, and every mistake
//! in a position file named by its line (what `felt deal CODE --format position` writes and
//! `--position FILE` reads).

use crate::support::{engine, CANFIELD, FREECELL, GOLF, KLONDIKE, SCORPION, YUKON};
use crate::support::{BAKERS_DOZEN, DUCHESS, FORTY_THIEVES, SIMPLE_SIMON};
use felt_core::{Action, Ruleset};

#[test]
fn every_game_reads_back_what_it_writes_mid_game_too() {
    for text in [
        YUKON,
        CANFIELD,
        FREECELL,
        GOLF,
        KLONDIKE,
        SCORPION,
        BAKERS_DOZEN,
        FORTY_THIEVES,
        SIMPLE_SIMON,
        DUCHESS,
        // Columns in overlapping rows, their covered cards face down (PA-COVER).
        crate::tri_peaks::tri_peaks_table(),
    ] {
        let game = engine(text);
        for seed in 1..=10 {
            let mut state = game.new_game(seed);
            // Some play first, so the waste, the foundations and turned cards are not empty.
            for _ in 0..30 {
                let mut legal: Vec<Action> = Vec::new();
                game.legal_actions(&state, &mut legal);
                let Some(action) = legal.get(seed as usize % legal.len().max(1)).cloned() else {
                    break;
                };
                game.apply(&mut state, &action).expect("a legal action");
            }
            let written = game.export_position(&state).expect("a position");
            let read = game
                .import_position(&written)
                .unwrap_or_else(|e| panic!("{e}\n{written}"));
            let mut expected = state.clone();
            expected.moves = 0;
            expected.score = read.score;
            assert_eq!(read, expected, "{written}");
        }
    }
}

/// The error reading `text` as a position of `game`.
fn refusal(game: &str, text: &str) -> String {
    match engine(game).import_position(text) {
        Ok(_) => panic!("read:\n{text}"),
        Err(e) => e,
    }
}

#[test]
fn mistakes_are_named_by_line() {
    let yukon = engine(YUKON)
        .export_position(&engine(YUKON).new_game(3))
        .expect("text");
    // A card that is no card.
    let bad = yukon.replacen("\n1:", "\n1: ZZ", 1);
    let e = refusal(YUKON, &bad);
    assert!(e.contains("'ZZ' is not a card"), "{e}");
    assert!(e.starts_with("line "), "{e}");
    // A card twice, so another is missing.
    let first_card = yukon
        .lines()
        .find_map(|l| l.strip_prefix("1: "))
        .expect("column 1")
        .split_whitespace()
        .next()
        .expect("a card")
        .to_string();
    let doubled = yukon.replacen("\n2:", &format!("\n2: {first_card}"), 1);
    assert!(refusal(YUKON, &doubled).contains("every card of the game's pack exactly once"));
    // A pile the game lacks, a column past the last, a line twice.
    assert!(refusal(YUKON, &format!("{yukon}Reserve: AS\n")).contains("this game has no reserve"));
    assert!(refusal(YUKON, &format!("{yukon}8: AS\n")).contains("a column 1 to 7"));
    assert!(refusal(YUKON, &format!("{yukon}1: AS\n")).contains("is given twice (first on line"));
    assert!(refusal(YUKON, "Base: K\n").contains("start from A, not K"));
    assert!(refusal(YUKON, "just words\n").contains("line 1: expected 'Name: ...'"));
}

#[test]
fn foundations_and_cells_are_checked_against_the_game() {
    let e = refusal(FREECELL, "Cells: - -\n");
    assert!(
        e.contains("this game has 4 free cells, the line lists 2"),
        "{e}"
    );
    let e = refusal(FREECELL, "Foundation 1: AS 3S\n");
    assert!(
        e.contains("foundation 1 is not built from an Ace up in suit"),
        "{e}"
    );
    let e = refusal(CANFIELD, "Foundation 1: 7S\n");
    assert!(e.contains("name its rank with a 'Base:' line"), "{e}");
}

#[test]
fn a_huge_position_is_refused_before_it_is_read() {
    let e = refusal(YUKON, &"# padding\n".repeat(10_000));
    assert!(e.contains("a position is at most"), "{e}");
}
