//! Known answers: a position won in three, a provably lost one confirmed by an independent
//! brute force, budgets that run out, and whole deals whose winning line replays to a win
//! through an ordinary session.

use super::support::{brute_force_wins, ruleset_of, session, shipped, solver_view, state, variant};
use crate::solver::glue::{actions_of, analyze};
use crate::solver::{search_stages, solve, Budget, Mode, Retry, Tuning, Verdict};
use crate::{SpiderRuleset, SpiderState};
use felt_core::{Analysis, AnalyzeRequest, Ruleset, Status};

/// Seven runs of spades gone; the last one lies in four pieces: K..7, 6..4, 3 2, A.
fn won_in_three() -> (SpiderRuleset, SpiderState) {
    let ruleset = shipped("spider-1suit", "classic");
    let text = "Play0: KS..7S\nPlay1: 6S..4S\nPlay2: 3S 2S\nPlay3: AS\nPlay4:\nPlay5:\nPlay6:\nPlay7:\nPlay8:\nPlay9:\n\
                Deal0:\nDeal1:\nDeal2:\nDeal3:\nDeal4:\nOff: KS KS KS KS KS KS KS\n";
    let s = state(&ruleset, text);
    (ruleset, s)
}

/// Three columns, one pack of spades with three runs gone: moves exist, none leads to a
/// win. Found by a random search and confirmed by the brute force below.
fn lost() -> (SpiderRuleset, SpiderState) {
    let ruleset = ruleset_of(
        &variant(
            "packs = 1\nsuits = \"S\"\ncolumns = [3, 3, 3]\nruns_to_win = 4",
            &["classic"],
        ),
        "classic",
    );
    let mut text =
        String::from("Play0: 6S 4S\nPlay1: |2S |KS |QS |8S 5S\nPlay2: |TS AS 3S JS 9S 7S\n");
    for d in 0..15 {
        text.push_str(&format!("Deal{d}:\n"));
    }
    text.push_str("Off: KS KS KS\n");
    let s = state(&ruleset, &text);
    (ruleset, s)
}

fn replays_to_a_win(
    ruleset: SpiderRuleset,
    start: SpiderState,
    line: &[crate::solver::SolverMove],
) {
    let (pos, _) = solver_view(&ruleset, &start);
    let actions = actions_of(&ruleset, &pos, line);
    let mut game = session(ruleset, start);
    game.replay(&actions)
        .unwrap_or_else(|(i, e)| panic!("action {i} refused: {e}"));
    assert!(
        matches!(game.status(), Status::Won { .. }),
        "the line ends in {:?}",
        game.status()
    );
}

#[test]
fn a_position_won_in_three_moves_is_won_in_three_and_replays_to_a_win() {
    let (ruleset, start) = won_in_three();
    let (pos, rules) = solver_view(&ruleset, &start);
    let answer = solve(&pos, &rules, Mode::Full, Budget::states(10_000));
    let Verdict::Won(line) = answer.verdict else {
        panic!("not won: {answer:?}")
    };
    assert_eq!(line.len(), 3, "{line:?}");
    replays_to_a_win(ruleset, start, &line);
}

#[test]
fn a_lost_position_is_proven_unwinnable_and_an_independent_brute_force_agrees() {
    let (ruleset, start) = lost();
    let (pos, rules) = solver_view(&ruleset, &start);
    let answer = solve(&pos, &rules, Mode::Full, Budget::states(100_000));
    assert_eq!(answer.verdict, Verdict::ProvenUnwinnable);
    assert!(
        answer.states > 10,
        "a real search, not a trivial one: {} states",
        answer.states
    );
    assert_eq!(brute_force_wins(&ruleset, &start, 1_000_000), Some(false));
    // The same hook the host calls says the same.
    let hook = analyze(
        &ruleset,
        &start,
        &AnalyzeRequest::Solve {
            full_information: true,
            budget: felt_core::Budget::states(100_000),
        },
        &|_| true,
    );
    assert!(matches!(hook, Analysis::Unwinnable { .. }), "{hook:?}");
}

#[test]
fn a_budget_too_small_answers_undecided_never_unwinnable() {
    let ruleset = shipped("spider-4suit", "classic");
    let start = ruleset.new_game(11);
    let (pos, rules) = solver_view(&ruleset, &start);
    let answer = solve(&pos, &rules, Mode::Full, Budget::states(500));
    assert_eq!(answer.verdict, Verdict::Undecided);
    // The caller's "keep going?" stops it as well (the binary's clock lives there).
    let stop = |_: u64| false;
    let budget = Budget {
        keep_going: Some(&stop),
        ..Budget::states(u64::MAX)
    };
    let answer = solve(&pos, &rules, Mode::Full, budget);
    assert_eq!(answer.verdict, Verdict::Undecided);
    assert!(answer.states < 100_000);
}

#[test]
fn dealt_games_of_several_relatives_are_won_and_their_lines_replay_through_a_session() {
    let spiderette = variant(
        "packs = 1\nsuits = \"S\"\ncolumns = [1, 2, 3, 4, 5, 6, 7]\ndeals = [7, 7, 7, 3]\nruns_to_win = 4",
        &["classic"],
    );
    let cases = [
        (shipped("spider-1suit", "classic"), 1),
        (shipped("spider-1suit", "classic"), 3),
        (ruleset_of(&spiderette, "classic"), 2),
        (
            ruleset_of(
                &variant(
                    "packs = 2\nsuits = \"S\"\ndeal_rule = \"any\"",
                    &["classic"],
                ),
                "classic",
            ),
            4,
        ),
    ];
    for (ruleset, seed) in cases {
        let start = ruleset.new_game(seed);
        let (pos, rules) = solver_view(&ruleset, &start);
        let answer = solve(&pos, &rules, Mode::Full, Budget::states(300_000));
        let Verdict::Won(line) = answer.verdict else {
            panic!("seed {seed} not won: {answer:?}")
        };
        replays_to_a_win(ruleset, start, &line);
    }
}

#[test]
fn the_analyze_hook_returns_replayable_actions() {
    let (ruleset, start) = won_in_three();
    let hook = analyze(
        &ruleset,
        &start,
        &AnalyzeRequest::Solve {
            full_information: true,
            budget: felt_core::Budget::states(10_000),
        },
        &|_| true,
    );
    let Analysis::Won { actions, report } = hook else {
        panic!("{hook:?}")
    };
    assert!(report.states > 0);
    let mut game = session(ruleset, start);
    game.replay(&actions).expect("replays");
    assert!(matches!(game.status(), Status::Won { .. }));
}

#[test]
fn an_honest_solve_never_claims_a_loss_it_could_not_see() {
    // The lost position has face-down cards: with them hidden, exhausting the visible moves
    // proves nothing.
    let (ruleset, start) = lost();
    let (pos, rules) = solver_view(&ruleset, &start);
    let answer = solve(&pos, &rules, Mode::Honest, Budget::states(100_000));
    assert_eq!(answer.verdict, Verdict::Undecided);
    // Without hidden cards honest and full information agree.
    let (ruleset, start) = won_in_three();
    let (pos, rules) = solver_view(&ruleset, &start);
    let answer = solve(&pos, &rules, Mode::Honest, Budget::states(10_000));
    assert!(matches!(answer.verdict, Verdict::Won(_)));
}

// A search that has not won starts afresh more than once, each fresh start with its own
// seed of noise (`Retry::again`): with the first search and each fresh start given 20,000
// positions, four-suit deal 20 is won by the second fresh start (at 51,509 positions in all),
// and left undecided within the same 80,000 when one fresh start gets all the rest.
#[test]
fn a_second_fresh_start_with_its_own_seed_wins_a_deal_one_long_fresh_start_does_not() {
    let ruleset = shipped("spider-4suit", "classic");
    let (_, rules) = solver_view(&ruleset, &ruleset.new_game(20));
    let tuning = Tuning::for_rules(&rules);
    let retry = tuning.retry.expect("classic rules start afresh");
    let with_again = |again| Tuning {
        retry: Some(Retry {
            after: 20_000,
            again,
            ..retry
        }),
        ..tuning
    };
    won_only_with(
        &ruleset,
        20,
        80_000,
        &with_again(u64::MAX),
        &with_again(20_000),
        40_000,
    );
}

/// Four-suit deal `deal` within `states` positions: undecided with `plain`, won with `better`
/// after more than `past` positions (so by a later stage), its line replaying to a win.
fn won_only_with(
    ruleset: &SpiderRuleset,
    deal: u64,
    states: u64,
    plain: &Tuning,
    better: &Tuning,
    past: u64,
) {
    let start = ruleset.new_game(deal);
    let (pos, rules) = solver_view(ruleset, &start);
    let budget = || Budget::states(states);
    let before = search_stages(&pos, &rules, Mode::Full, budget(), plain);
    assert_eq!(before.verdict, Verdict::Undecided, "deal {deal}");
    let after = search_stages(&pos, &rules, Mode::Full, budget(), better);
    let Verdict::Won(line) = after.verdict else {
        panic!("deal {deal} not won: {after:?}")
    };
    assert!(after.states > past, "deal {deal} won at {}", after.states);
    replays_to_a_win(ruleset.clone(), start, &line);
}

// The fresh start of a search that has not won early breaks its ties with noise (`Retry`):
// four-suit deals 39 and 41 are not won within 60,000 positions by the first search and a
// fresh one without noise, and are won by the fresh one with it (at 49,145 and 49,388
// positions in all); the lines replay to a win.
#[test]
fn a_fresh_start_breaking_ties_with_noise_wins_deals_the_plain_one_does_not() {
    let ruleset = shipped("spider-4suit", "classic");
    for deal in [39, 41] {
        let (_, rules) = solver_view(&ruleset, &ruleset.new_game(deal));
        let tuning = Tuning::for_rules(&rules);
        let retry = tuning.retry.expect("classic rules start afresh");
        let quiet = Tuning {
            retry: Some(Retry { noise: 0, ..retry }),
            ..tuning
        };
        won_only_with(&ruleset, deal, 60_000, &quiet, &tuning, 30_000);
    }
}

proptest::proptest! {
    /// The fresh starts share out any budget: the first search's positions and theirs stay
    /// within it, the last takes the rest, and a start's share is never less than the one
    /// before it (so a deal that needs one long search gets one), whatever the shares asked,
    /// a zero included.
    #[test]
    fn fresh_starts_share_out_the_budget_and_end(
        after in 0u64..2_000_000,
        again in proptest::prop_oneof![0u64..1_000_000, proptest::strategy::Just(u64::MAX)],
        max_states in proptest::prop_oneof![1u64..20_000_000, proptest::strategy::Just(u64::MAX)],
    ) {
        let retry = Retry { after, depth_weight: -10, noise: 60, again };
        let starts: Vec<(u64, u64)> = retry.starts(max_states).take(1000).collect();
        proptest::prop_assert!(starts.len() < 200, "{} starts", starts.len());
        let (seeds, caps): (Vec<u64>, Vec<u64>) = starts.iter().copied().unzip();
        proptest::prop_assert_eq!(seeds, (1..=starts.len() as u64).collect::<Vec<_>>());
        proptest::prop_assert_eq!(caps.last(), Some(&u64::MAX));
        let before_last: u64 = caps[..caps.len() - 1].iter().sum();
        proptest::prop_assert!(after.min(max_states / 2) + before_last < max_states);
        proptest::prop_assert!(caps.windows(2).all(|w| w[0] <= w[1]));
    }
}
