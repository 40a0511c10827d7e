//! The relaxed game's proofs (`solver/relaxed.rs`): a position it calls lost is lost by a plain
//! search of the ruleset's actions, no position on a won line is called lost, and the complete
//! walk that goes no further from such positions gives the plain search's answers.

use crate::common::{dealt_face_up, knotted_end_game, plain_search, plain_search_all};
use felt_core::{Analysis, Ruleset};
use felt_klondike::solver::position::Game;
use felt_klondike::{Klondike, Params};

/// The settings the end games are played under: draw one and three, with and without KL-AUTO
/// and KL-RETURN, passes unlimited or not.
const SETTINGS: [(usize, bool, bool, Option<u32>); 6] = [
    (3, true, true, None),
    (3, true, false, None),
    (1, true, false, None),
    (3, false, false, Some(2)),
    (1, false, true, None),
    (3, false, true, Some(1)),
];

// Every position a small knotted end game reaches that the relaxed game calls lost is lost by
// a plain breadth-first search of the ruleset's own actions; the proof fires often enough to
// be tested.
#[test]
fn a_position_the_relaxed_game_calls_lost_is_lost() {
    let (mut proven, mut checked, mut looked) = (0, 0, 0);
    for (draw, auto, back, passes) in SETTINGS {
        let k = dealt_face_up(draw, auto, back, passes);
        let game = Game::new(k.params());
        // Five cards of each suit out, in four columns and no stock: knotted enough for the
        // proof to fire, small enough for the plain search; and three of each suit, six of
        // them in the stock, so that the stock's order is what the proof reads.
        for (seed, (left, stock, cols)) in (0..12)
            .map(|seed| (seed, (5, 0, 4)))
            .chain((0..24).map(|seed| (seed, (3, 6, 1))))
        {
            let s = knotted_end_game(seed, left, stock, cols, &k);
            let Some((_, reachable)) = plain_search_all(&k, &s, 5_000) else {
                continue;
            };
            for t in reachable.iter().step_by(11).take(25) {
                looked += 1;
                let pos = game.from_state(t).expect("fits");
                if game.relaxed_lost(&pos) {
                    proven += 1;
                    let truth = plain_search(&k, t, 20_000);
                    assert_ne!(
                        truth,
                        Some(true),
                        "draw {draw} auto {auto} back {back} seed {seed}: a won position called lost"
                    );
                    checked += usize::from(truth.is_some());
                }
            }
        }
    }
    eprintln!("relaxed proofs: {proven} of {looked} positions, {checked} checked");
    assert!(
        checked >= 20 && proven < looked,
        "{checked} checked, {proven} of {looked}"
    );
}

// No position on a won line of a deal dealt face up, drawing three (Thoughtful) or one, is
// called lost: the line is replayed through the ruleset and the relaxed game asked at each
// step.
#[test]
fn no_position_on_a_won_line_is_called_lost() {
    let mut lines = 0;
    for draw in [3, 1] {
        let params = Params {
            draw,
            face_up: true,
            ..Params::default()
        };
        let k = Klondike::with_params(params, None);
        let game = Game::new(&params);
        for deal in 1..=25 {
            let mut s = k.new_game(deal);
            let Analysis::Won { actions, .. } = crate::common::solve(&k, &s, 20_000) else {
                continue;
            };
            lines += 1;
            for a in &actions {
                let pos = game.from_state(&s).expect("fits");
                assert!(
                    !game.relaxed_lost(&pos),
                    "draw {draw} deal {deal}: on a won line"
                );
                k.apply(&mut s, a).expect("legal");
            }
        }
    }
    assert!(lines >= 30, "{lines} won lines");
}

// The complete walk, going no further from positions the relaxed game proves lost, wins
// exactly the end games a plain search wins, and never enters more positions than without
// that cut.
#[test]
fn the_cut_complete_walk_matches_a_plain_search() {
    use felt_klondike::solver::search::complete_walk;
    use felt_patience::search::{Limits, Outcome};
    let (mut won, mut lost) = (0, 0);
    for (draw, auto, back, passes) in SETTINGS {
        let k = dealt_face_up(draw, auto, back, passes);
        let game = Game::new(k.params());
        for seed in 0..40 {
            let s = knotted_end_game(seed, 3, 3, 2, &k);
            let Some(truth) = plain_search(&k, &s, 4_000) else {
                continue;
            };
            let start = game.from_state(&s).expect("fits");
            let limits = Limits::states(1_000_000);
            let cut = complete_walk(&game, &start, &limits);
            let whole = complete_walk(&game.without_relaxed_cut(), &start, &limits);
            assert!(cut.states <= whole.states, "seed {seed}");
            match cut.outcome {
                Outcome::Won(line) => {
                    assert!(truth, "draw {draw} seed {seed}: won a lost game");
                    let line = felt_klondike::solver::actions_for(&k, &s, &line);
                    assert!(line.is_some(), "seed {seed}: the line replays to a win");
                    won += 1;
                }
                Outcome::Lost => {
                    assert!(!truth, "draw {draw} seed {seed}: lost a won game");
                    lost += 1;
                }
                other => panic!("seed {seed}: {other:?}"),
            }
        }
    }
    eprintln!("cut complete walk against a plain search: {won} won, {lost} lost");
    assert!(won >= 20 && lost >= 20, "{won} won and {lost} lost checked");
}
