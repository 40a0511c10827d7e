//! Honest hints where the search finds no way on within its budget: the plan then goes to the
//! table nearest a win it found, so hints followed make progress and end the game rather
//! than go round.

use crate::support::*;
use felt_core::{Analysis, AnalyzeRequest, Budget, Ruleset, Status};
use felt_engine::solver::hidden;
use felt_engine::solver::search::Searcher;

/// Klondike (the engine's, the stock redealt without end), deals 11 and 13. Where a hint's
/// honest search of 20,000 tables found no way on, the hint used to be the nearest legal
/// move, and those moves went round with the stock turned between them, every table new by
/// the waste's length (deal 11: 261 actions before the game ended stuck; deal 13: 1,368).
/// Now every plan a hint gives, followed whole, ends with a card more in view or, the same
/// cards in view, at a table nearer a win by the search's distance: hints that cannot go
/// round for ever.
#[test]
fn honest_hints_without_a_way_on_go_nearer_a_win_and_end() {
    let engine = engine(shipped_game("patience-klondike"));
    let searcher = Searcher::new(&engine);
    let play = engine.play();
    for seed in [11u64, 13] {
        let mut state = engine.new_game(seed);
        let mut actions = 0;
        loop {
            if matches!(engine.status(&state), Status::Won { .. }) {
                break;
            }
            let before = (hidden(play, &state), searcher.distance(&state));
            let request = AnalyzeRequest::Hint {
                rank: 0,
                budget: Budget::states(20_000),
            };
            let Some(Analysis::Hint { action, then }) = engine.analyze(&state, &request, &|_| true)
            else {
                panic!("deal {seed}: no hint answer");
            };
            let Some(first) = action else {
                break;
            };
            for a in std::iter::once(first).chain(then) {
                engine
                    .apply(&mut state, &a)
                    .unwrap_or_else(|e| panic!("deal {seed}: hint {a} refused: {e}"));
                actions += 1;
            }
            let after = (hidden(play, &state), searcher.distance(&state));
            if before.0 > 0 && !matches!(engine.status(&state), Status::Won { .. }) {
                assert!(
                    after < before,
                    "deal {seed}: a plan followed after {actions} actions left (hidden, distance) \
                     at {after:?}, from {before:?}"
                );
            }
            assert!(actions < 400, "deal {seed}: hints went on and on");
        }
    }
}
