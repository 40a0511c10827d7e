//! FC-DEADEND: a game the solver proves lost ends there, lost, and gets no hint; with the
//! setting off it plays on.

use crate::common::cards;
use felt_core::{Analysis, AnalyzeRequest, Ruleset, Status};
use felt_freecell::{FreeCell, Params, State};

/// Four columns, no free cell: the other suits are up, the spades lie so that the Ace is
/// under the King and Queen with one empty column to spare. Cards can still move (the
/// Queen or a Nine to the empty column and back) but no line frees the Ace.
fn spades_knot() -> State {
    State {
        deal: 0,
        columns: vec![
            cards("AS KS QS"),
            cards("2S JS TS"),
            cards("3S 4S 5S 6S 7S 8S 9S"),
            Vec::new(),
        ],
        cells: Vec::new(),
        foundations: [0, 13, 13, 13],
        moves: 0,
        news: Vec::new(),
    }
}

fn knot_rules(dead_end: bool) -> FreeCell {
    FreeCell::with_params(Params {
        cells: 0,
        columns: 4,
        auto: false,
        dead_end,
        ..Params::default()
    })
}

// FC-DEADEND: a table with moves left that no line wins is over, lost, with the rule named.
#[test]
fn fc_deadend_a_table_proven_lost_ends_the_game() {
    let fc = knot_rules(true);
    let s = spades_knot();
    let mut legal = Vec::new();
    fc.legal_actions(&s, &mut legal);
    assert!(!legal.is_empty(), "cards can still move");
    match fc.status(&s) {
        Status::Over { reason } => assert!(reason.contains("FC-DEADEND"), "{reason}"),
        other => panic!("{other:?}"),
    }
    // No hint at a table proven lost: no move there helps.
    let hint = fc.analyze_metered(
        &s,
        &AnalyzeRequest::Hint {
            rank: 0,
            budget: felt_core::Budget::states(20_000),
        },
    );
    assert_eq!(
        hint,
        Some(Analysis::Hint {
            action: None,
            then: Vec::new()
        })
    );
    // With the setting off the game plays on.
    assert_eq!(knot_rules(false).status(&s), Status::Playing);
}

// FC-DEADEND: a won deal is never called lost: the shipped FreeCell plays on from its deals.
#[test]
fn fc_deadend_a_winnable_deal_plays_on() {
    let fc = FreeCell::with_params(Params::default());
    for deal in 1..=20 {
        let s = fc.new_game(deal);
        assert_eq!(fc.status(&s), Status::Playing, "deal {deal}");
    }
}
