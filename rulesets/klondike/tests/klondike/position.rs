//! The position format (src/position.rs): every deal of every shipped variant reads back as
//! itself, a hand-written table reads as written, and each kind of mistake is refused naming
//! its line.

use crate::common;

use felt_core::Ruleset;
use felt_klondike::{Klondike, Params, State};

fn klondike() -> Klondike {
    Klondike::with_params(Params::default(), None)
}

#[test]
fn every_deal_reads_back_as_itself() {
    for id in ["klondike", "klondike-draw3", "vegas", "thoughtful"] {
        let k = common::variant(id);
        for seed in [1, 2, 617, 1_000_000] {
            let state = k.new_game(seed);
            let text = k
                .export_position(&state)
                .expect("Klondike has a position format");
            let back = k.import_position(&text).expect("reads back");
            assert_eq!(
                k.export_position(&back).as_deref(),
                Some(text.as_str()),
                "{id} {seed}"
            );
        }
    }
}

#[test]
fn a_played_table_reads_back_with_its_waste_stock_and_passes() {
    let k = klondike();
    let mut state: State = k.new_game(5);
    for _ in 0..30 {
        k.apply(&mut state, &common::deal())
            .expect("the stock turns round");
    }
    let text = k.write_position(&state);
    let back = k.read_position(&text).expect("reads back");
    assert_eq!(back.stock, state.stock);
    assert_eq!(back.waste, state.waste);
    assert_eq!(back.recycles, state.recycles);
    assert_eq!(back.columns, state.columns);
}

/// A whole pack: the spades on their foundation, hearts and diamonds in the columns, clubs in
/// the stock and waste.
const HAND_MADE: &str = "\
# a hand-made table
Deal: 7
Passes: 1
Stock: AC 2C 3C 4C 5C 6C
Waste: 7C 8C 9C TC JC QC KC
Foundations: S=13 H=0 D=0 C=0
1: AH 2H 3H | KD
2: 4H 5H 6H 7H | QD
3: 8H 9H TH JH QH KH
4: AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD
";

#[test]
fn a_hand_written_table_reads_as_written() {
    let s = klondike().read_position(HAND_MADE).expect("a whole table");
    assert_eq!(s.seed, 7);
    assert_eq!(s.recycles, 1);
    assert_eq!(
        s.stock.last().map(|c| c.to_string()),
        Some("AC".into()),
        "AC turns next"
    );
    assert_eq!(
        s.waste.last().map(|c| c.to_string()),
        Some("KC".into()),
        "KC is played next"
    );
    assert_eq!(s.foundations, [13, 0, 0, 0]);
    assert_eq!((s.columns[0].down, s.columns[0].cards.len()), (3, 4));
    assert_eq!(s.columns[2].down, 0);
    assert!(s.columns[4].cards.is_empty());
}

#[test]
fn each_mistake_is_refused_naming_its_line() {
    let k = klondike();
    let with = |from: &str, to: &str| HAND_MADE.replace(from, to);
    for (text, says) in [
        (
            with("1: AH 2H 3H | KD", "1: AH 2H 3H KD |"),
            "line 7: column 1 ends face down",
        ),
        (
            with("Deal: 7", "Deal: seven"),
            "line 2: 'seven' is not a deal number",
        ),
        (
            with("Passes: 1", "Passes: x"),
            "line 3: 'x' is not a number of passes",
        ),
        (with("Stock: AC", "Stock: ZZ"), "line 4:"),
        (with("S=13", "S=14"), "line 6: '14' is not 0 to 13"),
        (with("S=13", "X=13"), "line 6: 'X' is not a suit"),
        (with("4: AD", "9: AD"), "line 10: '9' is neither"),
        (
            with("4: AD", "Deal: 3\n4: AD"),
            "line 10: 'deal' is given twice",
        ),
        (
            with("1: AH 2H 3H | KD", "1: AH | 2H | KD"),
            "line 7: a column has one '|' at the most",
        ),
        (with(" KC\n", "\n"), "every card of the pack exactly once"),
        (
            with("Waste: 7C", "just words"),
            "line 5: expected 'Name: ...'",
        ),
    ] {
        let err = k.read_position(&text).expect_err(says);
        assert!(err.contains(says), "{says}: got {err}");
    }
    // Vegas allows one pass: a table that says a second was used is not one of its games.
    let vegas = common::variant("vegas");
    let err = vegas.import_position(HAND_MADE).expect_err("one pass only");
    assert!(err.contains("allows one pass"), "{err}");
}
