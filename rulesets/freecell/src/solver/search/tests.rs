//! The exact search against a plain one: the search it was (every child played and keyed,
//! a map of whole keys, a heap) stores the same positions in the same order to the same end,
//! and so does it without skipping the moves of the card just placed; with rules 4 and 5
//! (a run's last card into a cell left out) it gives the plain search's verdicts.

use super::*;
use crate::solver::position::Dest;
use crate::Params;

/// Deal `deal` laid out for `params`, as the solver sees it.
fn dealt(game: &Game, params: &Params, deal: u32) -> Pos {
    let state = crate::solver::dealt_state(params, deal);
    game.from_state(&state)
}

/// Seahaven Towers: ten columns, build by suit, Kings only into empty columns.
fn seahaven() -> Params {
    Params {
        build: crate::Build::Suit,
        empty: crate::Empty::Kings,
        columns: 10,
        cells_dealt: 2,
        ..Params::default()
    }
}

/// The exact search's outcome and the keys it stored, skipping the moves of the card just
/// placed or not.
fn exact(game: &Game, start: &Pos, max_states: u64, skip: bool) -> (Outcome, Vec<Key>) {
    let mut exact = Exact::new(game, start);
    exact.skip_placed = skip;
    // Rules 4 and 5 leave moves out: the plain search tries them all.
    exact.park_whole = false;
    let outcome = exact.run(&Limits::states(max_states), u64::MAX, 0, 0);
    (outcome.expect("not paused"), exact.keys)
}

// The exact search stores the same positions, in the same order, to the same end (the
// same line when won) as the plain search it was, and so it does without skipping the moves
// of the card just placed: on two-cell, four-cell and Seahaven deals, each within 20,000
// positions (won, lost or stopped). Two-cell deals 351 and 927 in full: the next test.
#[test]
fn the_exact_search_is_the_plain_one() {
    let two_cells = Params {
        cells: 2,
        ..Params::default()
    };
    let seahaven = seahaven();
    let mut ends = [0; 3];
    // Deals 1..=12 and some lost ones (two-cell 21, 32, 48, 57, 63; Seahaven 21, 68, 70).
    let lost = [21, 32, 48, 57, 63, 68, 70];
    for params in [two_cells, Params::default(), seahaven] {
        let game = Game::new(&params);
        for deal in (1..=12).chain(lost) {
            let start = dealt(&game, &params, deal);
            let (plain, plain_states) = plain_search(&game, &start, 20_000);
            let (with, stored_with) = exact(&game, &start, 20_000, true);
            let (without, stored_without) = exact(&game, &start, 20_000, false);
            assert_eq!(with, plain, "deal {deal}, {params:?}");
            assert_eq!(
                stored_with.len() as u64,
                plain_states,
                "deal {deal}, {params:?}"
            );
            assert_eq!(without, plain, "deal {deal}, {params:?}");
            assert!(stored_with == stored_without, "deal {deal}, {params:?}");
            ends[match plain {
                Outcome::Won(_) => 0,
                Outcome::Lost => 1,
                Outcome::Undecided => 2,
            }] += 1;
        }
    }
    // Every way of ending is among them.
    assert!(ends.iter().all(|&n| n > 0), "{ends:?}");
}

// Two-cell deals 351 and 927, lost: the exact search's proofs (258,282 and 483,397
// positions) store what the plain search's do. Seconds in a release build, minutes in a
// debug one: run with `cargo test --release -- --ignored`.
#[test]
#[ignore]
fn the_exact_search_proves_what_the_plain_one_does() {
    let params = Params {
        cells: 2,
        ..Params::default()
    };
    let game = Game::new(&params);
    for (deal, states) in [(351, 258_282), (927, 483_397)] {
        let start = dealt(&game, &params, deal);
        let (plain, plain_states) = plain_search(&game, &start, 2_000_000);
        let (with, stored) = exact(&game, &start, 2_000_000, true);
        assert_eq!(
            (&plain, plain_states),
            (&Outcome::Lost, states),
            "deal {deal}"
        );
        assert_eq!(
            (with, stored.len() as u64),
            (plain, plain_states),
            "deal {deal}"
        );
    }
}

// Rules 4 and 5 (a home run's last card, or a run's longer than the free cells, into a
// cell): on Seahaven Towers and Eight Off deals, and tables a few random moves on from them,
// the exact search with them wins where the plain search wins and proves lost where it
// does, storing no more positions on the lost ones; and they act (the positions stored
// differ).
#[test]
fn rules_4_and_5_keep_the_plain_searchs_verdicts() {
    let seahaven = seahaven();
    let eight_off = Params {
        cells: 8,
        cells_dealt: 4,
        ..seahaven
    };
    let two_cells = Params {
        cells: 2,
        ..seahaven
    };
    let (mut won, mut lost, mut fewer) = (0, 0, 0);
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    for params in [seahaven, eight_off, two_cells] {
        let game = Game::new(&params);
        assert!(game.parks_whole());
        // Deals 1..=8 and lost Seahaven deals, each as dealt and after random moves.
        for deal in (1..=8).chain([21, 34, 68, 70]) {
            let mut start = dealt(&game, &params, deal);
            for _ in 0..3 {
                let (plain, plain_states) = plain_search(&game, &start, 60_000);
                let mut exact = Exact::new(&game, &start);
                let with = exact
                    .run(&Limits::states(60_000), u64::MAX, 0, 0)
                    .expect("not paused");
                match (&plain, &with) {
                    (Outcome::Won(_), Outcome::Won(_)) => won += 1,
                    (Outcome::Lost, Outcome::Lost) => {
                        assert!(exact.keys.len() as u64 <= plain_states, "deal {deal}");
                        fewer += usize::from((exact.keys.len() as u64) < plain_states);
                        lost += 1;
                    }
                    (Outcome::Undecided, _) | (_, Outcome::Undecided) => {}
                    _ => panic!("deal {deal}, {params:?}: plain {plain:?}, with {with:?}"),
                }
                let mut moves = Vec::new();
                game.moves(&start, &mut moves);
                if moves.is_empty() {
                    break;
                }
                for _ in 0..4 {
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    game.moves(&start, &mut moves);
                    if let Some(&m) = moves.get((seed % moves.len().max(1) as u64) as usize) {
                        game.play(&mut start, m);
                        game.auto(&mut start);
                    }
                }
            }
        }
    }
    eprintln!("{won} won, {lost} lost, {fewer} with fewer positions");
    assert!(
        won > 0 && lost > 0 && fewer > 0,
        "{won} won, {lost} lost, {fewer} fewer"
    );
}

// Rule 5 at its edge: in two-cell Seahaven, A♦ lies under 9♦ 8♦ and 10♦ under Q♦ J♦ on K♦;
// the one way to win parks 8♦ and 9♦ in the two cells (a run as long as the free cells), in
// one step, which the ruleset replays as two moves. A rule that left out a run as long as the
// cells calls it lost.
#[test]
fn a_run_as_long_as_the_free_cells_may_be_parked() {
    let params = Params {
        cells: 2,
        cells_dealt: 0,
        ..seahaven()
    };
    let fc = crate::FreeCell::with_params(params);
    let state = fc
        .read_position(
            "Deal: 0\nCells: - -\nFoundations: S=13 H=13 D=0 C=13\n\
             1: AD 9D 8D\n2: 7D 6D 5D 4D 3D 2D\n3: KD TD QD JD\n4:\n\
             5:\n6:\n7:\n8:\n9:\n10:\n",
        )
        .expect("a position");
    let game = Game::new(&params);
    let start = game.from_state(&state);
    let mut moves = Vec::new();
    game.moves(&start, &mut moves);
    game.park_runs(&start, &mut moves);
    let into_cell = |card: &str| Move {
        card: card.parse::<felt_core::Card>().expect("card").to_byte(),
        dest: Dest::Cell,
    };
    // 9♦ 8♦ parked whole, one step; Q♦ J♦ too; neither 8♦ nor J♦ alone.
    assert!(moves.contains(&into_cell("9D")) && moves.contains(&into_cell("QD")));
    assert!(!moves.contains(&into_cell("8D")) && !moves.contains(&into_cell("JD")));
    let (plain, _) = plain_search(&game, &start, 10_000);
    let mut exact = Exact::new(&game, &start);
    let with = exact.run(&Limits::states(10_000), u64::MAX, 0, 0);
    assert!(matches!(plain, Outcome::Won(_)), "{plain:?}");
    let Some(Outcome::Won(line)) = with else {
        panic!("{with:?}");
    };
    // The line, its step spelled out card by card, is the ruleset's own and wins.
    let actions = crate::solver::glue::actions_for(&fc, &state, &line).expect("a line");
    assert!(actions.len() > line.len(), "the step spelled out");
    let mut now = state.clone();
    for a in &actions {
        felt_core::Ruleset::apply(&fc, &mut now, a).expect("a legal move");
    }
    assert_eq!(now.cards_up(), 52);
}

/// The exact search as it was before it found positions by fingerprint: every child played,
/// its key written from the played position and looked up in a map of whole keys, the open
/// positions in a heap. Its outcome and the positions it stored.
fn plain_search(game: &Game, start: &Pos, max_states: u64) -> (Outcome, u64) {
    use felt_patience::search::{KeyMap, Open};
    use std::collections::BinaryHeap;
    let mut first = *start;
    game.auto(&mut first);
    if game.won(&first) {
        return (Outcome::Won(Vec::new()), 1);
    }
    let mut seen: KeyMap<Key, u32> = KeyMap::default();
    let mut nodes: Vec<(u32, Move, u16)> = Vec::new();
    let mut open = BinaryHeap::new();
    let key = game.key(&first);
    seen.insert(key, ROOT);
    open.push(Open {
        priority: game.distance(&first),
        node: ROOT,
        item: key,
    });
    let mut moves = Vec::new();
    while let Some(Open { node, item, .. }) = open.pop() {
        let pos = game.from_key(&item);
        game.moves(&pos, &mut moves);
        let d = if node == ROOT {
            1
        } else {
            nodes[node as usize].2 + 1
        };
        for &m in &moves {
            let mut next = pos;
            game.play(&mut next, m);
            let k = game.key(&next);
            if seen.contains_key(&k) {
                continue;
            }
            let id = nodes.len() as u32;
            nodes.push((node, m, d));
            if game.won(&next) {
                let mut line = Vec::new();
                let mut at = id;
                while at != ROOT {
                    let (parent, m, _) = nodes[at as usize];
                    line.push(m);
                    at = parent;
                }
                line.reverse();
                return (Outcome::Won(line), seen.len() as u64 + 1);
            }
            seen.insert(k, id);
            if seen.len() as u64 >= max_states {
                return (Outcome::Undecided, seen.len() as u64);
            }
            open.push(Open {
                priority: game.distance(&next) + DEPTH_COST * d as i32,
                node: id,
                item: k,
            });
        }
    }
    (Outcome::Lost, seen.len() as u64)
}
