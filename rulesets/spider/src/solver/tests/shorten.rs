//! Shorter winning lines: a detour is cut out, a loop through permuted columns is cut with the
//! later moves renamed, random padded lines come back never longer, legal and winning, and a
//! whole deal's line, shortened inside `solve`, replays to a win through a session.

use super::support::{ruleset_of, session, shipped, solver_view, state, variant};
use crate::solver::glue::actions_of;
use crate::solver::shorten::{improve, shorten, winning_length, Effort, Plan};
use crate::solver::{legal_moves, solve, Budget, Mode, Position, SolverMove, SolverRules, Verdict};
use crate::{SpiderRuleset, SpiderState};
use felt_core::{Ruleset, Status};
use proptest::prelude::*;

/// Seven runs of spades gone; the last one lies in four pieces: K..7, 6..4, 3 2, A.
fn won_in_three() -> (SpiderRuleset, SpiderState) {
    let ruleset = shipped("spider-1suit", "classic");
    let text = "Play0: KS..7S\nPlay1: 6S..4S\nPlay2: 3S 2S\nPlay3: AS\nPlay4:\nPlay5:\nPlay6:\nPlay7:\nPlay8:\nPlay9:\n\
                Deal0:\nDeal1:\nDeal2:\nDeal3:\nDeal4:\nOff: KS KS KS KS KS KS KS\n";
    let s = state(&ruleset, text);
    (ruleset, s)
}

fn mv(from: u8, count: u8, to: u8) -> SolverMove {
    SolverMove::Move { from, count, to }
}

/// Every move of `line` legal in turn from `start`, and the last one wins.
fn wins_exactly(start: &Position, rules: &SolverRules, line: &[SolverMove]) -> bool {
    winning_length(start, rules, line) == Some(line.len())
}

#[test]
fn a_line_with_a_detour_and_a_group_moved_twice_gets_as_short_as_it_can() {
    let (ruleset, start) = won_in_three();
    let (pos, rules) = solver_view(&ruleset, &start);
    // The ace to an empty column and back (a loop), the 3-2 by way of an empty column (moved
    // twice where once does), then the win.
    let line = [
        mv(3, 1, 4),
        mv(4, 1, 3),
        mv(1, 3, 0),
        mv(2, 2, 5),
        mv(5, 2, 0),
        mv(3, 1, 0),
    ];
    assert!(wins_exactly(&pos, &rules, &line));
    let short = shorten(&pos, &rules, &line, Effort::for_line(line.len()));
    assert_eq!(short.line, [mv(1, 3, 0), mv(2, 2, 0), mv(3, 1, 0)]);
    assert!(short.steps > 0);
}

#[test]
fn a_whole_column_moved_to_an_empty_one_is_cut_and_the_later_moves_renamed() {
    // With the stock empty the columns are interchangeable: after K..7 goes from column 1 to
    // the empty column 5 the table is the same but for the order of its columns, so the move
    // is dropped and the later moves onto column 5 go onto column 1.
    let (ruleset, start) = won_in_three();
    let (pos, rules) = solver_view(&ruleset, &start);
    let line = [mv(0, 7, 4), mv(1, 3, 4), mv(2, 2, 4), mv(3, 1, 4)];
    assert!(wins_exactly(&pos, &rules, &line));
    let short = shorten(&pos, &rules, &line, Effort::for_line(line.len()));
    assert_eq!(short.line, [mv(1, 3, 0), mv(2, 2, 0), mv(3, 1, 0)]);
}

#[test]
fn a_line_that_does_not_win_is_given_back_unchanged() {
    let (ruleset, start) = won_in_three();
    let (pos, rules) = solver_view(&ruleset, &start);
    let line = [mv(3, 1, 4), mv(4, 1, 3)];
    let short = shorten(&pos, &rules, &line, Effort::for_line(line.len()));
    assert_eq!(short.line, line);
}

/// The spiderette of the solver tests: one pack of spades on seven columns, three deals.
fn spiderette() -> SpiderRuleset {
    ruleset_of(
        &variant(
            "packs = 1\nsuits = \"S\"\ncolumns = [1, 2, 3, 4, 5, 6, 7]\ndeals = [7, 7, 7, 3]\nruns_to_win = 4",
            &["classic"],
        ),
        "classic",
    )
}

/// `line` with a pair of moves out and back inserted before move `at`, where both are legal
/// and the padded line still wins; `pick` chooses among the legal moves there.
fn padded(
    start: &Position,
    rules: &SolverRules,
    line: &[SolverMove],
    at: usize,
    pick: usize,
) -> Vec<SolverMove> {
    let at = at % (line.len() + 1);
    let mut p = start.clone();
    for &m in &line[..at] {
        p.apply(m);
    }
    let mut moves = Vec::new();
    legal_moves(&p, rules, &mut moves);
    moves.retain(|m| *m != SolverMove::Deal);
    if moves.is_empty() {
        return line.to_vec();
    }
    let out = moves[pick % moves.len()];
    let SolverMove::Move { from, count, to } = out else {
        return line.to_vec();
    };
    let mut candidate = line[..at].to_vec();
    candidate.push(out);
    candidate.push(mv(to, count, from));
    candidate.extend_from_slice(&line[at..]);
    if wins_exactly(start, rules, &candidate) {
        candidate
    } else {
        // Back is not legal (or the way out turned a card): one move only, if the line
        // still wins after it.
        let mut one = line[..at].to_vec();
        one.push(out);
        one.extend_from_slice(&line[at..]);
        if wins_exactly(start, rules, &one) {
            one
        } else {
            line.to_vec()
        }
    }
}

/// Cases of the property tests: `FELT_SHORTEN_CASES`, 24 by default (a few seconds).
fn cases() -> u32 {
    std::env::var("FELT_SHORTEN_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(24)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(), ..ProptestConfig::default() })]

    #[test]
    fn a_padded_winning_line_comes_back_never_longer_legal_and_winning(
        seed in 1u64..400,
        pads in prop::collection::vec((any::<u16>(), any::<u16>()), 1..12),
    ) {
        let ruleset = spiderette();
        let start = ruleset.new_game(seed);
        let (pos, rules) = solver_view(&ruleset, &start);
        let Verdict::Won(line) = solve(&pos, &rules, Mode::Full, Budget::states(100_000)).verdict
        else {
            return Ok(());
        };
        prop_assert!(wins_exactly(&pos, &rules, &line));
        let mut long = line;
        for &(at, pick) in &pads {
            long = padded(&pos, &rules, &long, at as usize, pick as usize);
        }
        prop_assert!(wins_exactly(&pos, &rules, &long));
        let short = shorten(&pos, &rules, &long, Effort::for_line(long.len()));
        prop_assert!(short.line.len() <= long.len());
        prop_assert!(wins_exactly(&pos, &rules, &short.line), "{:?}", short.line);
        let plan = Plan::after(&pos, &rules, 1_000, 50_000);
        let better = improve(&pos, &rules, false, &long, &plan, Budget::states(u64::MAX));
        prop_assert!(better.line.len() <= long.len());
        prop_assert!(wins_exactly(&pos, &rules, &better.line), "{:?}", better.line);
        // Each search checks its bound as it expands, so it may pass it by one position's
        // children.
        prop_assert!(better.states <= 50_000 + 500, "{} states", better.states);
    }
}

#[test]
fn a_whole_deal_shortened_inside_solve_replays_to_a_win_through_a_session() {
    for (variant, seed) in [
        ("spider-1suit", 1),
        ("spider-2suit", 2),
        ("spider-4suit", 2),
    ] {
        let ruleset = shipped(variant, "classic");
        let start = ruleset.new_game(seed);
        let (pos, rules) = solver_view(&ruleset, &start);
        // A budget of its own bounds the shortening too (it may spend what the search left).
        let answer = solve(&pos, &rules, Mode::Full, Budget::states(300_000));
        let Verdict::Won(line) = answer.verdict else {
            panic!("{variant} {seed} not won: {answer:?}")
        };
        assert!(wins_exactly(&pos, &rules, &line), "{variant} {seed}");
        // Shorter than the search's own line (about 350 moves for the four-suit deal).
        assert!(line.len() < 250, "{variant} {seed}: {} moves", line.len());
        let actions = actions_of(&ruleset, &pos, &line);
        let mut game = session(ruleset, start);
        game.replay(&actions)
            .unwrap_or_else(|(i, e)| panic!("{variant} {seed}: action {i} refused: {e}"));
        assert!(
            matches!(game.status(), Status::Won { .. }),
            "{variant} {seed}: the line ends in {:?}",
            game.status()
        );
    }
}
