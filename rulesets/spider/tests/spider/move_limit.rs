//! SITE-LIMIT and the solver: a winning line longer than the moves a variant's limit leaves is
//! no win there, so the analysis says "undecided" rather than "won"; within the limit the same
//! line is a win.

use crate::common;

use crate::common::{catalog_with, typed_in};
use felt_core::{Analysis, AnalyzeRequest, Ruleset};

/// Spider one suit with a move limit of `limit`, under a code of its own.
fn limited(limit: u32) -> String {
    common::ONE_SUIT
        .replace(
            "id = \"spider-1suit\"",
            &format!("id = \"limited-{limit}\""),
        )
        .replace("code = \"SP1-S1\"", &format!("code = \"LIM{limit}-S1\""))
        .replace(
            "runs_to_win = 8",
            &format!("runs_to_win = 8\nmove_limit = {limit}"),
        )
}

/// Seven runs gone; the last one lies in four pieces, won in three moves.
const WON_IN_THREE: &str = "Play0: KS..7S\nPlay1: 6S..4S\nPlay2: 3S 2S\nPlay3: AS\nPlay4:\nPlay5:\nPlay6:\nPlay7:\nPlay8:\nPlay9:\nDeal0:\nDeal1:\nDeal2:\nDeal3:\nDeal4:\nOff: KS KS KS KS KS KS KS\n";

fn solve_with_limit(limit: u32) -> Analysis {
    let catalog = catalog_with(&[&limited(limit)]);
    let ruleset = typed_in(&catalog, &format!("limited-{limit}"), "classic");
    let state = ruleset.read_position(WON_IN_THREE).expect("a position");
    let request = AnalyzeRequest::Solve {
        full_information: true,
        budget: felt_core::Budget::states(100_000),
    };
    ruleset
        .analyze_metered(&state, &request)
        .expect("Spider analyses")
}

#[test]
fn a_win_longer_than_the_move_limit_allows_is_undecided_not_won() {
    // SITE-LIMIT: the game stops after `move_limit` moves and deals.
    assert!(
        matches!(solve_with_limit(2), Analysis::Undecided { .. }),
        "a three-move win under a limit of two"
    );
    assert!(matches!(solve_with_limit(3), Analysis::Won { ref actions, .. } if actions.len() == 3));
}
