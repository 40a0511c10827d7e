//! The solver's position agrees with the ruleset on every variant: the same legal moves, the
//! same result of each move (flips, runs, deals), and exact undo.

use super::support::{ruleset_of, shipped, solver_view, variant};
use crate::solver::glue::{action_of, move_of, position_of};
use crate::solver::moves::{legal_moves, shared_columns};
use crate::solver::position::{byte, Position, UNKNOWN};
use crate::solver::{SolverMove, SolverRules};
use crate::SpiderRuleset;
use felt_core::{Action, Card, Ruleset, Suit};
use proptest::prelude::*;
use std::collections::BTreeSet;

/// Every relative the solver must handle: suits, packs, columns, group and deal rules.
fn relatives() -> Vec<SpiderRuleset> {
    vec![
        shipped("spider-1suit", "classic"),
        shipped("spider-2suit", "relaxed"),
        shipped("spider-4suit", "classic"),
        // Spiderette: one pack, seven columns like Klondike, a short last deal of three.
        ruleset_of(
            &variant(
                "packs = 1\nsuits = \"SHDC\"\ncolumns = [1, 2, 3, 4, 5, 6, 7]\ndeals = [7, 7, 7, 3]\nruns_to_win = 4",
                &["classic", "relaxed"],
            ),
            "relaxed",
        ),
        // Relaxed deal: dealing allowed with empty columns.
        ruleset_of(&variant("packs = 2\nsuits = \"SH\"\ndeal_rule = \"any\"", &["classic"]), "classic"),
        // The site's exception: empty columns allowed below ten cards on the table.
        ruleset_of(
            &variant("packs = 2\nsuits = \"S\"\ndeal_with_empty_below = 10", &["classic"]),
            "classic",
        ),
        // Three packs in twelve columns, with a short last deal.
        ruleset_of(
            &variant(
                "packs = 3\nsuits = \"SHDC\"\ncolumns = [6, 6, 6, 6, 6, 6, 5, 5, 5, 5, 5, 5]",
                &["classic"],
            ),
            "classic",
        ),
        // Ostrow's 1945 layout: ten columns of five, a short last deal of four.
        ruleset_of(
            &variant("packs = 2\nsuits = \"SHDC\"\ncolumns = [5, 5, 5, 5, 5, 5, 5, 5, 5, 5]\nface_up = 1", &["classic"]),
            "classic",
        ),
    ]
}

fn solver_actions(
    ruleset: &SpiderRuleset,
    pos: &Position,
    rules: &SolverRules,
) -> BTreeSet<String> {
    let mut moves = Vec::new();
    legal_moves(pos, rules, &mut moves);
    moves
        .iter()
        .map(|&m| format!("{:?}", action_of(ruleset, pos, m)))
        .collect()
}

fn ruleset_actions(
    ruleset: &SpiderRuleset,
    state: &crate::SpiderState,
) -> (Vec<Action>, BTreeSet<String>) {
    let mut all = Vec::new();
    ruleset.legal_actions(state, &mut all);
    let set = all.iter().map(|a| format!("{a:?}")).collect();
    (all, set)
}

/// A small deterministic generator for choosing among legal actions.
fn pick(seed: &mut u64, n: usize) -> usize {
    *seed = seed
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    ((*seed >> 33) % n as u64) as usize
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// SP-BUILD, SP-GROUP, SP-DEAL, SP-FLIP, SP-RUN: along random games of every relative,
    /// the solver lists exactly the ruleset's legal actions, a move changes the solver's
    /// position exactly as it changes the game, and undo restores position and key.
    #[test]
    fn solver_position_follows_the_ruleset_move_for_move(which in 0usize..8, seed in 0u64..1_000_000, steps in 1usize..160) {
        let ruleset = &relatives()[which];
        let mut state = ruleset.new_game(seed);
        let (mut pos, rules) = solver_view(ruleset, &state);
        let mut rng = seed ^ 0x5eed;
        for _ in 0..steps {
            let (actions, expected) = ruleset_actions(ruleset, &state);
            prop_assert_eq!(solver_actions(ruleset, &pos, &rules), expected);
            if actions.is_empty() {
                break;
            }
            let action = &actions[pick(&mut rng, actions.len())];
            let mv = move_of(&pos, action).expect("a Spider action is a solver move");
            let before = pos.clone();
            let key_before = pos.key(shared_columns(&pos, false));
            let undo = pos.apply(mv);
            ruleset.apply(&mut state, action).expect("legal");
            prop_assert_eq!(&pos, &position_of(ruleset, &state));
            // The incremental column keys agree with keys computed afresh.
            let mut fresh = pos.clone();
            fresh.rehash();
            prop_assert_eq!(pos.key(0), fresh.key(0));
            pos.undo(undo);
            prop_assert_eq!(&pos, &before);
            prop_assert_eq!(pos.key(shared_columns(&pos, false)), key_before);
            pos.apply(mv);
        }
    }
}

fn spades(ranks: &[u8]) -> Vec<Card> {
    ranks
        .iter()
        .map(|&r| Card::from_byte(byte(Suit::Spade, r)).expect("card"))
        .collect()
}

#[test]
fn a_packed_position_unpacks_to_itself() {
    let ruleset = shipped("spider-4suit", "classic");
    let state = ruleset.new_game(42);
    let (pos, _) = solver_view(&ruleset, &state);
    let mut packed = Vec::new();
    pos.pack(&mut packed);
    let mut other = position_of(&ruleset, &ruleset.new_game(7));
    let read = other.unpack(&packed);
    assert_eq!(read, packed.len());
    assert_eq!(other.key(0), pos.key(0));
    for c in 0..pos.columns() {
        assert_eq!(other.column(c), pos.column(c));
        assert_eq!(other.face_down(c), pos.face_down(c));
    }
}

#[test]
fn masking_hides_every_face_down_and_stock_card_and_nothing_else() {
    let ruleset = shipped("spider-2suit", "classic");
    let (pos, _) = solver_view(&ruleset, &ruleset.new_game(5));
    let masked = pos.masked();
    assert!(masked.has_unknown() && !pos.has_unknown());
    assert!(masked.stock_left().iter().all(|&b| b == UNKNOWN));
    for c in 0..pos.columns() {
        let down = pos.face_down(c);
        assert!(masked.column(c)[..down].iter().all(|&b| b == UNKNOWN));
        assert_eq!(masked.column(c)[down..], pos.column(c)[down..]);
    }
}

#[test]
fn columns_in_another_order_are_one_position_only_when_no_deal_can_tell_them_apart() {
    let cols = [(spades(&[9, 8]), 0), (spades(&[5]), 0), (Vec::new(), 0)];
    let swapped = [(spades(&[5]), 0), (spades(&[9, 8]), 0), (Vec::new(), 0)];
    let a = Position::from_parts(&cols, &[], 0).expect("position");
    let b = Position::from_parts(&swapped, &[], 0).expect("position");
    assert_eq!(
        a.key(shared_columns(&a, false)),
        b.key(shared_columns(&b, false))
    );
    // With a row still to deal, column 1 and column 2 receive different cards.
    let row = vec![spades(&[1, 2, 3])];
    let a = Position::from_parts(&cols, &row, 0).expect("position");
    let b = Position::from_parts(&swapped, &row, 0).expect("position");
    assert_ne!(
        a.key(shared_columns(&a, false)),
        b.key(shared_columns(&b, false))
    );
    // A short row of one card reaches only the first column: the other two stay alike.
    let short = vec![spades(&[1])];
    let c = Position::from_parts(&cols, &short, 0).expect("position");
    assert_eq!(shared_columns(&c, false), 0b110);
}

#[test]
fn a_move_that_completes_a_run_removes_it_and_turns_the_card_beneath() {
    // SP-RUN: K..2 of spades on a face-down card, the Ace alone in the next column.
    let mut k_to_2: Vec<Card> = spades(&[4]);
    k_to_2.extend(spades(&(2..=13).rev().collect::<Vec<u8>>()));
    let cols = [(k_to_2, 1), (spades(&[1]), 0)];
    let mut pos = Position::from_parts(&cols, &[], 0).expect("position");
    let before = pos.clone();
    let u = pos.apply(SolverMove::Move {
        from: 1,
        count: 1,
        to: 0,
    });
    assert_eq!(pos.removed(), 1);
    assert_eq!(pos.column(0), &[byte(Suit::Spade, 4)]);
    assert_eq!(pos.face_down(0), 0);
    assert!(pos.is_empty(1));
    pos.undo(u);
    assert_eq!(pos, before);
}

#[test]
fn bad_parts_are_refused_with_a_reason() {
    let hidden_top = Position::from_parts(&[(spades(&[5]), 1)], &[], 0);
    assert!(hidden_top.is_err_and(|e| e.to_string().contains("last card must be face up")));
    let wide_row = Position::from_parts(&[(spades(&[5]), 0)], &[spades(&[1, 2])], 0);
    assert!(wide_row.is_err_and(|e| e.to_string().contains("stock row 0 has 2 cards")));
    assert!(Position::from_parts(&[], &[], 0).is_err());
}
