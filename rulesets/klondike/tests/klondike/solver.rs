//! The solver: its won lines replay through the ruleset to a win, it proves small lost games
//! lost, its answers agree with a plain breadth-first search over the ruleset's own actions,
//! and the honest hint reads nothing hidden.

use crate::common;

use crate::common::{
    dealt_face_up, knotted_end_game, plain_search, plain_search_all, position, solve,
};
use felt_core::{Analysis, AnalyzeRequest, GameState, Ruleset, Seat, Status};
use felt_klondike::{Klondike, Params, State};
use std::collections::HashSet;

fn thoughtful() -> Klondike {
    Klondike::with_params(
        Params {
            draw: 3,
            face_up: true,
            ..Params::default()
        },
        None,
    )
}

// KL-WIN: a won line replays through a session of the shipped variant to a win.
#[test]
fn won_lines_replay_to_a_win() {
    let dynamic = common::variant("thoughtful");
    let mut won = 0;
    for seed in 1..=6 {
        let state = dynamic.new_game(seed);
        let answer = common::solve_shipped(&dynamic, &state, felt_core::Budget::states(30_000));
        if let Analysis::Won { actions, .. } = answer {
            won += 1;
            let mut s: GameState = state.clone();
            for a in &actions {
                dynamic.apply(&mut s, a).expect("the line is legal");
            }
            assert_eq!(
                dynamic.status(&s),
                Status::Won {
                    winner: String::new()
                }
            );
        }
    }
    assert!(won >= 3, "only {won} of 6 won");
}

/// A small end game: the foundations hold all but `left` cards of each suit, half the rest
/// lie in the stock, the others one or none to a column.
fn end_game(seed: u64, left: u8, k: &Klondike) -> State {
    knotted_end_game(seed, left, 2 * left as usize, 7, k)
}

// The solver's won and lost answers match a plain search of the ruleset's actions on small
// end games, with and without KL-AUTO and KL-RETURN, drawing one and three.
#[test]
fn answers_match_a_plain_search_over_the_rulesets_actions() {
    let mut checked = 0;
    let mut lost = 0;
    // Cards back from the foundations make even a small end game's tree large: those games
    // keep two cards of each suit out, the others three.
    // A single pass through the stock loses some of them.
    for (draw, auto, back, passes) in [
        (1, true, false, None),
        (3, true, false, Some(1)),
        (3, false, false, None),
        (1, false, false, Some(1)),
        (3, true, true, None),
        (1, false, true, Some(2)),
    ] {
        let k = dealt_face_up(draw, auto, back, passes);
        for seed in 0..12 {
            let s = end_game(seed, if back { 2 } else { 3 }, &k);
            let Some(truth) = plain_search(&k, &s, 20_000) else {
                continue;
            };
            checked += 1;
            match solve(&k, &s, 1_000_000) {
                Analysis::Won { actions, .. } => {
                    assert!(truth, "seed {seed}: the solver won a lost game");
                    let mut t = s.clone();
                    for a in &actions {
                        k.apply(&mut t, a).expect("legal");
                    }
                    assert_eq!(t.cards_up(), 52);
                }
                Analysis::Unwinnable { .. } => {
                    assert!(
                        !truth,
                        "seed {seed} draw {draw}: the solver lost a won game"
                    );
                    lost += 1;
                }
                other => panic!("seed {seed}: {other:?}"),
            }
        }
    }
    assert!(checked >= 25, "{checked} end games checked");
    // Small end games are nearly always won; the lost answers are pinned by the test below.
    assert!(lost < checked, "some end game is won");
}

// The complete walk by itself — the only search whose end proves a game lost, with its closed
// rounds of the stock taken as one position — wins exactly the end games a plain search of
// the ruleset's actions wins, and its won lines replay to a win. Knotted end games (low cards
// buried under high ones) are often lost, so both answers are checked many times; drawing
// three with KL-AUTO is where a round of the stock opens and closes.
#[test]
fn the_complete_walk_alone_matches_a_plain_search() {
    use felt_klondike::solver::{actions_for, position::Game, search::complete_walk};
    use felt_patience::search::Outcome;
    let (mut won, mut lost) = (0, 0);
    for (draw, auto, back) in [
        (3, true, false),
        (1, true, false),
        (3, false, false),
        (3, true, true),
        (1, false, true),
    ] {
        let k = dealt_face_up(draw, auto, back, None);
        // Every position counted: none left unsearched for being lost in the relaxed game
        // (`relaxed.rs`'s tests check that cut), and every split and return played by itself
        // (the test below checks rule 6).
        let game = Game::new(k.params())
            .without_relaxed_cut()
            .without_split_rule();
        for seed in 0..40 {
            let s = knotted_end_game(seed, 3, 3, 2, &k);
            let Some((truth, reachable)) = plain_search_all(&k, &s, 4_000) else {
                continue;
            };
            let start = game.from_state(&s).expect("fits");
            let report = complete_walk(
                &game,
                &start,
                &felt_patience::search::Limits::states(1_000_000),
            );
            match report.outcome {
                Outcome::Won(line) => {
                    assert!(
                        truth,
                        "draw {draw} auto {auto} seed {seed}: won a lost game"
                    );
                    let actions = actions_for(&k, &s, &line);
                    assert!(actions.is_some(), "seed {seed}: the line replays to a win");
                    won += 1;
                }
                Outcome::Lost => {
                    assert!(
                        !truth,
                        "draw {draw} auto {auto} seed {seed}: lost a won game"
                    );
                    // Every reachable position was entered, once for each key: as many keys
                    // as the plain search's states give. Where cards come back from the
                    // foundations, the safe ones do not (rule 4), and drawing three, the
                    // deals of an open round are folded (rule 5), so no more than that.
                    let keys: HashSet<_> = reachable
                        .iter()
                        .map(|t| game.key(&game.from_state(t).expect("fits")))
                        .collect();
                    if back || draw == 3 {
                        assert!(report.states <= keys.len() as u64, "seed {seed}");
                    } else {
                        assert_eq!(
                            report.states,
                            keys.len() as u64,
                            "draw {draw} auto {auto} back {back} seed {seed}: positions entered"
                        );
                    }
                    lost += 1;
                }
                other => panic!("seed {seed}: {other:?}"),
            }
        }
    }
    eprintln!("complete walk against a plain search: {won} won, {lost} lost");
    assert!(won >= 20 && lost >= 20, "{won} won and {lost} lost checked");
}

// Rule 6 of `search.rs`: the complete walk that plays a group split off a turned-up card, or a
// card taken back from a foundation, only together with its use gives the answers of a plain
// search of the ruleset's actions where that search can finish, and elsewhere those of the
// walk that plays every action alone (which the test above checks against the plain search);
// it never enters more positions than that walk, and its won lines replay to a win. The end
// games are knotted (low cards under high ones, so often lost) and then played on a few
// actions, so that groups are built and split and cards go up and come back.
#[test]
fn the_walk_with_splits_and_returns_used_matches_a_plain_search() {
    walk_with_uses_matches_a_plain_search(&SETTINGS, 2, [(4, 4), (5, 6)]);
}

// Rule 6's emptying: with the end game's cards across all seven columns, none is empty at
// first, so a whole column moved onto a card (emptying it) is played only with a King moved
// into it; the answers are still those of the walk without the rule (checked against a plain
// search above), and of a plain search where it can finish.
#[test]
fn the_walk_with_emptied_columns_used_matches_a_plain_search() {
    walk_with_uses_matches_a_plain_search(&SETTINGS[..2], 7, [(7, 2), (8, 3)]);
}

/// The settings of rule 6's tests: draw, KL-AUTO, cards back from the foundations, passes.
const SETTINGS: [(usize, bool, bool, Option<u32>); 5] = [
    (3, true, true, None),
    (1, true, true, None),
    (3, false, true, Some(2)),
    (3, true, false, None),
    (1, false, false, None),
];

/// The check of the two tests above, under `settings`, on forty end games of each across
/// `cols` columns of `sizes` (cards left of each suit, cards in the stock, taken in turn).
fn walk_with_uses_matches_a_plain_search(
    settings: &[(usize, bool, bool, Option<u32>)],
    cols: usize,
    sizes: [(u8, usize); 2],
) {
    use felt_klondike::solver::{actions_for, position::Game, search::complete_walk};
    use felt_patience::search::{Limits, Outcome};
    let (mut won, mut lost, mut fewer, mut plain) = (0, 0, 0, 0);
    for &(draw, auto, back, passes) in settings {
        let k = dealt_face_up(draw, auto, back, passes);
        let game = Game::new(k.params()).without_relaxed_cut();
        for seed in 0..40 {
            let (left, stock) = sizes[seed as usize % 2];
            let s = walked(&k, knotted_end_game(seed, left, stock, cols, &k), seed);
            let start = game.from_state(&s).expect("fits");
            let limits = Limits::states(300_000);
            let alone = complete_walk(&game.without_split_rule(), &start, &limits);
            let truth = match (plain_search(&k, &s, 5_000), &alone.outcome) {
                (Some(truth), _) => {
                    plain += 1;
                    truth
                }
                (None, Outcome::Won(_)) => true,
                (None, Outcome::Lost) => false,
                _ => continue,
            };
            let used = complete_walk(&game, &start, &limits);
            match used.outcome {
                Outcome::Won(line) => {
                    assert!(
                        truth,
                        "draw {draw} back {back} seed {seed}: won a lost game"
                    );
                    assert!(actions_for(&k, &s, &line).is_some(), "seed {seed}: replays");
                    won += 1;
                }
                Outcome::Lost => {
                    assert!(
                        !truth,
                        "draw {draw} auto {auto} back {back} passes {passes:?} seed {seed}: lost a won game"
                    );
                    assert!(used.states <= alone.states, "seed {seed}: more positions");
                    fewer += usize::from(used.states < alone.states);
                    lost += 1;
                }
                other => panic!("seed {seed}: {other:?}"),
            }
        }
    }
    eprintln!(
        "walk with rule 6: {won} won, {lost} lost ({fewer} with fewer positions), {plain} by a plain search"
    );
    assert!(
        won >= 20 && lost >= 20 && fewer >= 10 && plain >= 20,
        "{won} won, {lost} lost, {fewer} fewer, {plain} plain"
    );
}

/// `s` after a few legal actions chosen by `seed`: groups built on one another, some split
/// again, cards up and back down, where a knotted end game alone has few.
fn walked(k: &Klondike, mut s: State, seed: u64) -> State {
    let mut x = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    let mut legal = Vec::new();
    for _ in 0..(seed % 13) {
        legal.clear();
        k.legal_actions(&s, &mut legal);
        if legal.is_empty() {
            break;
        }
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let a = legal[(x % legal.len() as u64) as usize].clone();
        k.apply(&mut s, &a).expect("legal");
    }
    s
}

// A hopeless game is proven lost: one pass, the stock spent, the spades in the waste the wrong
// way up, no card back from the foundations; the King may go to a column, and then nothing
// moves.
#[test]
fn a_game_with_no_way_on_is_proven_lost() {
    let k = Klondike::with_params(
        Params {
            passes: Some(1),
            face_up: true,
            foundation_return: false,
            ..Params::default()
        },
        None,
    );
    let s = position(&[], "", "8S 9S TS JS QS KS", [7, 13, 13, 13]);
    assert!(matches!(solve(&k, &s, 1000), Analysis::Unwinnable { .. }));
    let dead = k
        .analyze_metered(&s, &AnalyzeRequest::DeadEnd)
        .expect("answers");
    assert_eq!(dead, Analysis::DeadEnd { stuck: true });
}

// The honest hint never reads a face-down card or the stock's order: two games that look the
// same get the same hints, whatever lies hidden.
#[test]
fn the_hint_reads_only_what_the_player_sees() {
    let k = Klondike::with_params(Params::default(), None);
    let dynamic: &dyn Ruleset<State = State> = &k;
    for seed in 1..30 {
        let a = k.new_game(seed);
        let mut b = a.clone();
        // Swap the hidden cards and the stock around: the player sees the same table.
        let mut hidden: Vec<felt_core::Card> = Vec::new();
        for col in &b.columns {
            hidden.extend(&col.cards[..col.down]);
        }
        hidden.extend(&b.stock);
        hidden.reverse();
        let mut it = hidden.into_iter();
        for col in &mut b.columns {
            for c in &mut col.cards[..col.down] {
                *c = it.next().expect("card");
            }
        }
        for c in &mut b.stock {
            *c = it.next().expect("card");
        }
        assert_eq!(dynamic.view(&a, Seat::SOLO), dynamic.view(&b, Seat::SOLO));
        let hint = |s: &State| {
            (0..3)
                .map(|rank| {
                    k.analyze_metered(
                        s,
                        &AnalyzeRequest::Hint {
                            rank,
                            budget: felt_core::Budget::states(10_000),
                        },
                    )
                })
                .collect::<Vec<_>>()
        };
        assert_eq!(hint(&a), hint(&b), "seed {seed}");
    }
}

// Under Thoughtful the best hint is the first step of a winning line, and it carries the rest.
#[test]
fn a_thoughtful_hint_is_the_first_step_of_a_win() {
    let k = thoughtful();
    let s = k.new_game(1);
    if let Analysis::Won { actions, .. } = solve(&k, &s, 30_000) {
        let hint = k
            .analyze_metered(
                &s,
                &AnalyzeRequest::Hint {
                    rank: 0,
                    budget: felt_core::Budget::states(30_000),
                },
            )
            .expect("answers");
        let Analysis::Hint { action, then } = hint else {
            panic!("{hint:?}")
        };
        assert_eq!(action.as_ref(), actions.first());
        assert_eq!(then.len() + 1, actions.len());
    }
}

// A quick search stopped by the memory cap has only spent its share: the later searches (each
// with the whole cap again, the tables before it dropped) still win. With 4 MB a deal,
// Thoughtful deals 11, 17 and 24 were left undecided at the first probe's 16,384 positions.
#[test]
fn a_small_memory_cap_stops_one_stage_not_the_solve() {
    let thoughtful = common::variant("thoughtful");
    for deal in [11, 17, 24] {
        let state = thoughtful.new_game(deal);
        let budget = felt_core::Budget {
            cpu_ms: None,
            states: Some(2_000_000),
            max_mb: Some(4),
        };
        let answer = common::solve_shipped(&thoughtful, &state, budget);
        let Analysis::Won { actions, report } = answer else {
            panic!("deal {deal}: {answer:?}");
        };
        assert!(report.peak_bytes <= 4 << 20, "deal {deal}: {report:?}");
        let mut session = felt_core::Session::new(
            thoughtful.clone(),
            felt_core::GameCode::new("KL-TH", 'S', deal).expect("code"),
            0,
        );
        session.replay(&actions).expect("the line replays");
        assert!(
            matches!(session.status(), Status::Won { .. }),
            "deal {deal}"
        );
    }
}
