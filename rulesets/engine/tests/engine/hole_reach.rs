//! The solver's rule 9 (solver/reach.rs): in a game whose one hole takes every card, a table
//! where some card in play can never be stepped onto the hole is lost, and the searches do
//! not expand it. Checked on hand-laid tables, and against a plain search of the ruleset's own
//! actions on many small tables of the three hole games.

use crate::plain::{hopeless_against_a_plain_search, Lcg};
use crate::support::*;
use felt_core::{Analysis, Budget, Ruleset};
use felt_engine::solver::search::Searcher;
use felt_engine::{Engine, State};

fn solve(engine: &Engine, state: &State) -> Analysis {
    crate::plain::solve(engine, state, Budget::states(10_000))
}

/// Black Hole's table: the hole's top `hole` over every card not laid, then one column a
/// list, each top card last.
fn black_hole(hole: &str, columns: &[&str]) -> (Engine, State) {
    let engine = engine(shipped_game("black-hole"));
    let mut state = blank(&engine);
    for (i, tokens) in columns.iter().enumerate() {
        lay(&mut state, i, tokens, 0);
    }
    let laid: Vec<_> = columns
        .iter()
        .flat_map(|t| cards(t))
        .chain(cards(hole))
        .collect();
    let all = engine.new_game(1).all_cards();
    state.foundations[0] = all.into_iter().filter(|c| !laid.contains(c)).collect();
    state.foundations[0].extend(cards(hole));
    (engine, state)
}

#[test]
fn a_rank_no_step_reaches_makes_a_black_hole_table_lost() {
    // PA-FOUNDATIONS: a card goes on the hole one rank up or down, King and Ace following each
    // other. From the 7 the hole can step only onto the other 7: no 6 or 8 is left, so the
    // Ten never goes.
    let (engine, state) = black_hole("7S", &["7H", "TD"]);
    assert!(Searcher::new(&engine).hopeless(&state));
    assert!(matches!(
        solve(&engine, &state),
        Analysis::Unwinnable { .. }
    ));
    // The 8 and 9 lead there: a win, and the rule says nothing.
    let (engine, state) = black_hole("7S", &["TD 9C 8H"]);
    assert!(!Searcher::new(&engine).hopeless(&state));
    assert!(matches!(solve(&engine, &state), Analysis::Won { .. }));
    // Every rank is reached, but three Eights cannot be stepped onto one after another:
    // the walk's count (each Eight is entered from a Seven or a Nine, none in play) fails.
    let (engine, state) = black_hole("7S", &["8H", "8D", "8C"]);
    assert!(Searcher::new(&engine).hopeless(&state));
    assert!(matches!(
        solve(&engine, &state),
        Analysis::Unwinnable { .. }
    ));
    // With a Nine between two of them: 7, 8, 9, 8.
    let (engine, state) = black_hole("7S", &["8D 9C 8H"]);
    assert!(!Searcher::new(&engine).hopeless(&state));
    assert!(matches!(solve(&engine, &state), Analysis::Won { .. }));
    // Round the corner: from the King, the Ace and the Two.
    let (engine, state) = black_hole("KS", &["2D", "AH"]);
    assert!(!Searcher::new(&engine).hopeless(&state));
    assert!(matches!(solve(&engine, &state), Analysis::Won { .. }));
}

#[test]
fn a_stock_card_dealt_onto_the_hole_is_a_jump_the_rule_counts() {
    // Golf: the stock deals onto the hole whatever the rank.
    let engine = engine(shipped_game("golf"));
    let mut state = blank(&engine);
    state.foundations[0] = cards("7S");
    lay(&mut state, 0, "TD", 0);
    // A Nine in the stock: dealt, the Ten steps onto it.
    state.stock = cards("9S");
    assert!(!Searcher::new(&engine).hopeless(&state));
    assert!(matches!(solve(&engine, &state), Analysis::Won { .. }));
    // A Queen: from 7 or Q no step reaches the Ten (no Jack or Nine in play).
    state.stock = cards("QS");
    assert!(Searcher::new(&engine).hopeless(&state));
    assert!(matches!(
        solve(&engine, &state),
        Analysis::Unwinnable { .. }
    ));
}

#[test]
fn a_card_that_may_go_only_on_cards_it_lies_over_waits_for_good() {
    // PA-FOUNDATIONS: the 5♣ goes on the hole only on a Four or a Six, and the one Six in
    // play lies under it: it never goes. Rank by rank (7, then 6, then 5) nothing is amiss.
    let (hole, state) = black_hole("7S", &["6D 5C"]);
    assert!(Searcher::new(&hole).hopeless(&state));
    assert!(matches!(solve(&hole, &state), Analysis::Unwinnable { .. }));
    // The Six right on it: 7, 6, 5, a win.
    let (hole, state) = black_hole("7S", &["5C 6D"]);
    assert!(!Searcher::new(&hole).hopeless(&state));
    assert!(matches!(solve(&hole, &state), Analysis::Won { .. }));
    // Golf, a King in the stock that nothing steps from: the Six is two cards up from the
    // Five, and the Seven between goes onto it before the Five is free.
    let golf = engine(shipped_game("golf"));
    let mut state = blank(&golf);
    state.foundations[0] = cards("7S");
    lay(&mut state, 0, "5C 7D 6D", 0);
    state.stock = cards("KS");
    assert!(Searcher::new(&golf).hopeless(&state));
    assert!(matches!(solve(&golf, &state), Analysis::Unwinnable { .. }));
    // A Four in the stock instead: the Five goes on it once it is dealt.
    state.stock = cards("4S");
    assert!(!Searcher::new(&golf).hopeless(&state));
}

#[test]
fn rule_9_never_calls_a_table_lost_that_a_plain_search_wins() {
    let cases = u64::from(felt_patience::testing::cases("FELT_ENGINE_SOLVER_CASES", 6)) * 5;
    let games = [
        ("golf", shipped_game("golf"), 12),
        ("black-hole", shipped_game("black-hole"), 12),
        ("tri-peaks", crate::tri_peaks::tri_peaks_table(), 12),
    ];
    let (compared, won, hopeless) = hopeless_against_a_plain_search(&games, cases);
    eprintln!("{compared} tables compared, {won} won, {hopeless} called lost by rule 9");
    assert!(hopeless > 0, "rule 9 never applied on {compared} tables");
}

/// A table won by construction: a random walk on the ranks, each step one rank up or down
/// (round the corner where the hole wraps), now and then (where the game has a stock) a jump
/// to any rank, whose card goes in the stock to be dealt at that point; the stepped cards
/// laid in the columns so that each column gives them in the walk's order. `None` where the
/// walk found no card to go on with at once.
fn walked_table(engine: &Engine, rng: &mut Lcg, length: usize) -> Option<State> {
    let g = &engine.play().game;
    let wrap = g.foundations.wrap;
    let stocked = g.stock.is_some();
    let mut state = blank(engine);
    let mut unused = engine.new_game(1).all_cards();
    let mut take = |rank: u8, rng: &mut Lcg| {
        let of_rank: Vec<usize> = (0..unused.len())
            .filter(|&i| unused[i].rank().number() == rank)
            .collect();
        (!of_rank.is_empty())
            .then(|| unused.remove(of_rank[rng.below(of_rank.len() as u64) as usize]))
    };
    let first = rng.below(13) as u8 + 1;
    let top = take(first, rng)?;
    let (mut rank, mut stepped, mut jumps) = (first, Vec::new(), Vec::new());
    while stepped.len() < length {
        if stocked && rng.below(4) == 0 {
            rank = rng.below(13) as u8 + 1;
            jumps.push(take(rank, rng)?);
            continue;
        }
        let up = rng.below(2) == 0;
        rank = match (rank, up) {
            (13, true) if wrap => 1,
            (1, false) if wrap => 13,
            (13, true) => 12,
            (1, false) => 2,
            (r, true) => r + 1,
            (r, false) => r - 1,
        };
        stepped.push(take(rank, rng)?);
    }
    // The columns a card may go in: where the columns overlap (Tri Peaks), only the bottom
    // row's ten, one card each (the rows above, left empty, cover nothing).
    let overlapping = !g.tableau.places.is_empty();
    let columns = state.columns.len();
    let free: Vec<usize> = if overlapping {
        (columns - 10..columns).collect()
    } else {
        (0..columns).collect()
    };
    if overlapping && stepped.len() > free.len() {
        return None;
    }
    for (k, card) in stepped.iter().enumerate() {
        let i = if overlapping {
            free[k]
        } else {
            free[rng.below(free.len() as u64) as usize]
        };
        // Played first lies last (on top).
        state.columns[i].cards.insert(0, *card);
    }
    state.stock = jumps.iter().rev().copied().collect();
    // Every other card is in the hole already, under the walk's first top.
    state.foundations[0] = unused;
    state.foundations[0].push(top);
    Some(state)
}

#[test]
fn rule_9_never_calls_a_table_lost_that_a_walk_wins() {
    // Tables won by construction, many of them tight (a rank's cards all needed at their
    // turn): the population where a wrong count would show. Each must be left to search,
    // and the solver, with the rule on every table it meets, must win it.
    let cases = u64::from(felt_patience::testing::cases("FELT_ENGINE_SOLVER_CASES", 6)) * 20;
    let mut tables = 0;
    for name in ["golf", "black-hole", "tri-peaks"] {
        let engine = engine(shipped_game(name));
        let searcher = Searcher::new(&engine);
        let mut rng = Lcg(cases);
        for case in 0..cases {
            let length = 4 + rng.below(12) as usize;
            let Some(state) = walked_table(&engine, &mut rng, length) else {
                continue;
            };
            tables += 1;
            assert!(
                !searcher.hopeless(&state),
                "{name} case {case}: a walk wins it, but rule 9 calls it lost"
            );
            assert!(
                matches!(solve(&engine, &state), Analysis::Won { .. }),
                "{name} case {case}: a walk wins it, the solver does not"
            );
        }
    }
    assert!(tables > 100, "only {tables} tables walked");
}
