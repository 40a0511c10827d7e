//! The solver's rule 11 (solver/mod.rs): the group a plain move just laid is not moved again
//! at once. Searches with the rule and without it must store the same tables.

use crate::plain::small_position;
use crate::support::*;
use felt_core::Ruleset;

/// Rule 11 (solver/mod.rs): the group a plain move just laid is not moved again at once, as
/// the table that would make is one move from the table before. A search that ends having
/// stored every table it can reach must store the very same tables with the rule and without
/// it, and give the same verdict; so must every search that ends.
#[test]
fn rule_11_leaves_out_no_table_an_exhausted_search_stores() {
    use felt_engine::solver::search::{Found, Searcher};
    use felt_patience::search::Limits;
    let cases = u64::from(felt_patience::testing::cases("FELT_ENGINE_SOLVER_CASES", 6)) * 2;
    let games = [
        ("bakers-dozen", BAKERS_DOZEN, 10),
        ("freecell", FREECELL, 11),
        ("yukon", YUKON, 10),
        ("klondike", KLONDIKE, 9),
        ("canfield", CANFIELD, 8),
        ("duchess", DUCHESS, 8),
        ("klondike-in-suit", KLONDIKE_IN_SUIT, 12),
        ("threes-in-suit", THREES_IN_SUIT, 12),
        ("beleaguered-castle", shipped_game("beleaguered-castle"), 20),
        ("streets-and-alleys", shipped_game("streets-and-alleys"), 20),
        ("seahaven", shipped_game("patience-seahaven-towers"), 20),
        ("fan", shipped_game("fan"), 16),
    ];
    let (mut exhausted, mut decided) = (0, 0);
    for (name, text, left) in games {
        let engine = engine(text);
        let with = Searcher::new(&engine);
        let without = Searcher::new(&engine).without_rule_11();
        for case in 1..=cases {
            let state = small_position(&engine, case * 15_485_863 + left as u64, left);
            let a = with.solve(&state, &Limits::states(50_000));
            let b = without.solve(&state, &Limits::states(50_000));
            match (&a.found, &b.found) {
                (Found::Exhausted, Found::Exhausted) => {
                    assert_eq!(a.states, b.states, "{name} case {case}: tables stored");
                    exhausted += 1;
                    decided += 1;
                }
                (Found::Won(_), Found::Won(_)) => decided += 1,
                (Found::Stopped(_), _) | (_, Found::Stopped(_)) => {}
                (x, y) => panic!("{name} case {case}: {x:?} with the rule, {y:?} without"),
            }
        }
    }
    // Whole deals proven lost within a few thousand tables: larger searches of the games
    // where one card moves at a time.
    let deals: [(&str, &[u64]); 5] = [
        ("streets-and-alleys", &[49, 57]),
        ("beleaguered-castle", &[13, 98, 117]),
        ("patience-seahaven-towers", &[75, 80, 104]),
        ("klondike-by-threes", &[14, 90]),
        ("fan", &[35, 40]),
    ];
    for (name, numbers) in deals {
        let engine = engine(shipped_game(name));
        let with = Searcher::new(&engine);
        let without = Searcher::new(&engine).without_rule_11();
        for &deal in numbers {
            let state = engine.new_game(deal);
            let a = with.solve(&state, &Limits::states(100_000));
            let b = without.solve(&state, &Limits::states(100_000));
            assert_eq!(a.found, Found::Exhausted, "{name} deal {deal}: lost");
            assert_eq!(
                b.found,
                Found::Exhausted,
                "{name} deal {deal}: lost without rule 11"
            );
            assert_eq!(a.states, b.states, "{name} deal {deal}: tables stored");
            exhausted += 1;
        }
    }
    eprintln!("{decided} decided alike, {exhausted} exhausted with the same tables");
    assert!(exhausted > 0, "no search was exhausted");
}
