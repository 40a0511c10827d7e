//! Alpha Star as shipped (`variants/alpha-star.toml`): its deal and its moves, each test
//! naming the PA- rule it checks.

use crate::support::*;
use felt_core::{Rank, Ruleset};
use felt_engine::Pile;

/// Alpha Star as shipped: its file's `[game]` table.
fn alpha_star() -> felt_engine::Engine {
    engine(shipped_game("alpha-star"))
}

#[test]
fn alpha_star_deals_the_aces_up_and_twelve_open_columns_of_four_pa_deal() {
    let alpha = alpha_star();
    for seed in 1..=5 {
        let state = alpha.new_game(seed);
        assert_eq!(state.columns.len(), 12);
        // The deal is twelve columns of four; only cards that went up by themselves
        // (PA-AUTOMATIC: Twos, Threes, ... on the Aces) have left them since.
        let mut up = 0;
        for column in &state.columns {
            assert!(column.cards.len() <= 4 && column.down == 0, "seed {seed}");
            assert!(column.cards.iter().all(|c| c.rank() != Rank::ACE));
            up += 4 - column.cards.len();
        }
        for foundation in &state.foundations {
            assert_eq!(
                foundation.first().map(|c| c.rank()),
                Some(Rank::ACE),
                "seed {seed}"
            );
            up -= foundation.len() - 1;
        }
        assert_eq!(
            up, 0,
            "seed {seed}: the columns lost what the foundations gained"
        );
        assert!(state.stock.is_empty() && state.cells.is_empty());
    }
}

#[test]
fn alpha_star_moves_a_run_in_suit_whole_with_no_space_free_pa_move_pa_build() {
    let alpha = alpha_star();
    let mut state = blank(&alpha);
    // Every column holds a card, so no space and no cell could carry a run card by card.
    lay(&mut state, 0, "3D 9S 8S 7S 6S 5S", 0);
    lay(&mut state, 1, "TS", 0);
    lay(&mut state, 2, "TH", 0);
    lay(&mut state, 3, "9H 8D", 0);
    for i in 4..12 {
        lay(&mut state, i, "2C", 0);
    }
    play(
        &alpha,
        &mut state,
        &mv(&alpha, Pile::Column(0), 1, Pile::Column(1)),
    );
    assert_eq!(state.columns[1].cards, cards("TS 9S 8S 7S 6S 5S"));
    let why = refused(
        &alpha,
        &state,
        &mv(&alpha, Pile::Column(3), 0, Pile::Column(2)),
    );
    assert_eq!(why.rule, "PA-MOVE");
    let why = refused(
        &alpha,
        &state,
        &mv(&alpha, Pile::Column(3), 1, Pile::Column(2)),
    );
    assert_eq!(why.rule, "PA-BUILD");
    assert_eq!(why.message, "8♦ goes only on a Nine of diamonds");
}
