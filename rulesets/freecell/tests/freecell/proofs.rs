//! The solver's answers (the exact search's, and the whole solve's with its win finder)
//! checked against a plain search that knows none of its shortcuts: on
//! small end games, every position reachable by the ruleset's own legal actions (no canonical
//! keys, no automatic moves, every group move) is visited, and "won" or "lost" must agree with
//! the solver's, whose won lines must replay. `FELT_FREECELL_CASES` sets how many end games
//! (default 48).

use felt_core::{Action, Card, Rank, Ruleset, Suit};
use felt_freecell::solver::{fast, glue, search, Game, Outcome};
use felt_freecell::{Build, Empty, FreeCell, Params, State};
use proptest::prelude::*;
use std::collections::{HashSet, VecDeque};

fn cases() -> u32 {
    std::env::var("FELT_FREECELL_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(48)
}

/// Whether any line of legal actions wins, by breadth-first search over whole states.
fn plainly_winnable(fc: &FreeCell, start: &State) -> bool {
    let key = |s: &State| -> Vec<u8> {
        let mut k: Vec<u8> = s
            .cells
            .iter()
            .map(|c| c.map_or(0, |c| c.to_byte()))
            .collect();
        for col in &s.columns {
            k.push(0xff);
            k.extend(col.iter().map(|c| c.to_byte()));
        }
        k
    };
    let mut seen = HashSet::new();
    let mut queue = VecDeque::new();
    seen.insert(key(start));
    queue.push_back(start.clone());
    let mut legal: Vec<Action> = Vec::new();
    while let Some(s) = queue.pop_front() {
        if s.cards_up() == 52 {
            return true;
        }
        legal.clear();
        fc.legal_actions(&s, &mut legal);
        for a in &legal {
            let mut next = s.clone();
            fc.apply(&mut next, a).expect("a listed action applies");
            if seen.insert(key(&next)) {
                queue.push_back(next);
            }
        }
    }
    false
}

/// An end game: each suit's foundation at `levels`, the cards above it dealt by `order` into
/// four columns and the cells.
fn end_game(params: &Params, levels: [u8; 4], order: &[u16], in_cells: usize) -> State {
    let mut rest: Vec<Card> = Suit::ALL
        .iter()
        .enumerate()
        .flat_map(|(i, &s)| {
            ((levels[i] + 1)..=13).filter_map(move |r| Rank::new(r).map(|r| Card::new(s, r)))
        })
        .collect();
    // A shuffle driven by the generated numbers.
    for (i, &o) in order.iter().enumerate().take(rest.len()) {
        let j = i + o as usize % (rest.len() - i);
        rest.swap(i, j);
    }
    let mut cells = vec![None; params.cells];
    for cell in cells.iter_mut().take(in_cells) {
        *cell = rest.pop();
    }
    let mut columns = vec![Vec::new(); params.columns];
    for (i, c) in rest.into_iter().enumerate() {
        columns[i % params.columns].push(c);
    }
    State {
        deal: 0,
        columns,
        cells,
        foundations: levels,
        moves: 0,
        news: Vec::new(),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases()))]

    #[test]
    fn the_solver_agrees_with_a_plain_search(
        cells in 0usize..=1,
        suit in any::<bool>(),
        kings in any::<bool>(),
        levels in [8u8..=13, 10u8..=13, 10u8..=13, 10u8..=13],
        order in proptest::collection::vec(any::<u16>(), 24),
        in_cells in 0usize..=2,
    ) {
        let params = Params {
            cells,
            columns: 4,
            cells_dealt: 0,
            build: if suit { Build::Suit } else { Build::Alternate },
            empty: if kings { Empty::Kings } else { Empty::Any },
            auto: false,
            dead_end: false,
        };
        let fc = FreeCell::with_params(params);
        let start = end_game(&params, levels, &order, in_cells.min(cells));
        let plain = plainly_winnable(&fc, &start);
        let game = Game::new(&params);
        let report = search(
            &game,
            &game.from_state(&start),
            &felt_patience::search::Limits::states(1_000_000),
        );
        match report.outcome {
            Outcome::Won(line) => {
                prop_assert!(plain, "the solver won a lost end game: {start:?}");
                prop_assert!(glue::actions_for(&fc, &start, &line).is_some(), "the line replays");
            }
            Outcome::Lost => prop_assert!(!plain, "the solver lost a won end game: {start:?}"),
            Outcome::Undecided => prop_assert!(false, "undecided on a small end game"),
        }
        // The solve felt runs (the win finder's scans, then the exact search for a proof)
        // agrees too.
        let report = fast::solve(
            &game,
            &game.from_state(&start),
            &felt_patience::search::Limits::states(1_000_000),
        );
        match report.outcome {
            Outcome::Won(line) => {
                prop_assert!(plain, "the solve won a lost end game: {start:?}");
                prop_assert!(glue::actions_for(&fc, &start, &line).is_some(), "the line replays");
            }
            Outcome::Lost => prop_assert!(!plain, "the solve lost a won end game: {start:?}"),
            Outcome::Undecided => prop_assert!(false, "undecided on a small end game"),
        }
    }
}
