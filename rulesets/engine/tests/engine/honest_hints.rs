//! Hints followed alone end the game: each plan a hint gives, followed whole, wins, shows a
//! card the player had not seen, or leaves as many hidden at a table strictly nearer a win by
//! the search's distance (the argument is in the solver's docs, "Hints never loop").

use crate::support::*;
use felt_core::{Analysis, AnalyzeRequest, Budget, Ruleset, Status};
use felt_engine::solver::hidden;
use felt_engine::solver::search::Searcher;

/// Follows the hints of `game`'s deal `seed` (each asked with the host's budget) until the
/// game is won or no hint is given, asserting that each plan not ending in a win lowers
/// (hidden cards, distance) and that the game ends within `cap` actions.
fn follow_hints(game: &str, seed: u64, cap: usize) {
    let engine = engine(shipped_game(game));
    let searcher = Searcher::new(&engine);
    let play = engine.play();
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
            panic!("{game} deal {seed}: no hint answer");
        };
        let Some(first) = action else {
            break;
        };
        for a in std::iter::once(first).chain(then) {
            engine
                .apply(&mut state, &a)
                .unwrap_or_else(|e| panic!("{game} deal {seed}: hint {a} refused: {e}"));
            actions += 1;
        }
        let after = (hidden(play, &state), searcher.distance(&state));
        if !matches!(engine.status(&state), Status::Won { .. }) {
            assert!(
                after < before,
                "{game} deal {seed}: a plan followed after {actions} actions left (hidden, \
                 distance) at {after:?}, from {before:?}"
            );
        }
        assert!(actions < cap, "{game} deal {seed}: hints went on and on");
    }
}

/// Klondike (the engine's, the stock redealt without end), deals 11 and 13. Where a hint's
/// honest search of 20,000 tables found no way on, the hint used to be the nearest legal
/// move, and those moves went round with the stock turned between them, every table new by
/// the waste's length (deal 11: 261 actions before the game ended stuck; deal 13: 1,368).
/// Now such a plan goes to a table nearer a win: hints that cannot go round for ever.
#[test]
fn honest_hints_without_a_way_on_go_nearer_a_win_and_end() {
    for seed in [11, 13] {
        follow_hints("patience-klondike", seed, 400);
    }
}

/// Thoughtful (the engine's: every card in view from the deal) deals 16 and 30, where the
/// solver finds no win within a hint's budget. The hint used to be the legal move nearest a
/// win even where no move came nearer, and those moves went round, every table new: by
/// hints through the host, deal 16 took 117 actions and 30 s of CPU to end, deal 30 79
/// actions and 19 s, and Lucas deal 3, once its stock was out, moved single cards from column
/// to column past 300 actions. Now, where no move comes nearer, the plan is the shortest line
/// the search found to a table that does, and without one there is no hint.
#[test]
fn hints_where_every_card_is_seen_go_nearer_a_win_and_end() {
    for seed in [16, 30] {
        follow_hints("patience-thoughtful", seed, 400);
    }
}

/// Simple Simon deal 17 through the host's advisor, which asks the next rank where a hint
/// goes back to a table the game stood on. The next ranks used to be the legal moves nearest
/// a win whether or not they came nearer, and here, where a plan's first step went back,
/// single cards then went from column to column towards the advisor's cap of 5,000 actions,
/// every table new, at a tenth of a second a hint. Now the next ranks come nearer too (none
/// after a line through tables no nearer), so the game ends: won, in 254 actions, and in 628
/// since a hint without a win searches again at eight times its budget first (the wider
/// search's win is a longer line).
#[test]
fn hints_through_the_host_s_advisor_end() {
    use felt_core::{Advice, Advisor, GameCode, Session};
    let ruleset = felt_core::Typed::shared(engine(shipped_game("simple-simon")));
    let code = GameCode::new("PA-SIM", 'S', 17).expect("a game code");
    let mut session = Session::new(ruleset, code, 0);
    let mut advisor = Advisor::new();
    while session.status() == Status::Playing {
        let Advice::Hint(hint) = advisor.hint_in(&session) else {
            break;
        };
        session.act(&hint.action).expect("the hint is legal");
        advisor.table_changed();
        assert!(
            session.log().len() < 1_000,
            "Simple Simon deal 17: hints went on and on"
        );
    }
    assert!(matches!(session.status(), Status::Won { .. }));
}

/// Simple Simon deals 102, 106 and 116 followed by hints alone through the host's advisor
/// are won. Every card is seen, so a hint is the first step of a solver win; where a hint's
/// 20,000 tables held none, it fell back on the nearest moves, and these games ended in a
/// table proven lost (102) or with no hint that left the line's tables (106, 116). The
/// search at eight times the budget, asked before the nearest moves, finds their wins.
#[test]
fn simple_simon_followed_by_hints_is_won_where_a_wider_search_finds_the_win() {
    use felt_core::{Advice, Advisor, GameCode, Session};
    let ruleset = felt_core::Typed::shared(engine(shipped_game("simple-simon")));
    for deal in [102, 106, 116] {
        let code = GameCode::new("PA-SIM", 'S', deal).expect("a game code");
        let mut session = Session::new(ruleset.clone(), code, 0);
        let mut advisor = Advisor::new();
        while session.status() == Status::Playing && session.log().len() < 1000 {
            let Advice::Hint(hint) = advisor.hint_in(&session) else {
                break;
            };
            session.act(&hint.action).expect("the hint is legal");
            advisor.table_changed();
        }
        assert!(
            matches!(session.status(), Status::Won { .. }),
            "Simple Simon deal {deal} by hints: {:?} after {} actions",
            session.status(),
            session.log().len()
        );
    }
}
