//! The solver's rule 14: where one card moves at a time, a run is carried through the free
//! cells and the empty columns in one step of the search, and a line found is spelled out
//! card by card.

use crate::plain::{against_a_plain_search, random_move, replays_to_a_win, small_position, Lcg};
use crate::support::*;
use felt_core::{Action, Ruleset};
use felt_engine::solver::carry;
use felt_engine::solver::search::{Found, Searcher};
use felt_engine::Pile;
use felt_patience::search::Limits;

/// FreeCell played one card at a time: runs move only through the cells, by hand.
const FREECELL_SINGLE: &str = r#"
tableau = { columns = 8, up = [7, 7, 7, 7, 6, 6, 6, 6] }
cells.count = 3
"#;

/// One cell and spaces that take only a King: the cell alone parks cards; tight.
const CELL_AND_KINGS: &str = r#"
tableau = { columns = 8, up = [7, 7, 7, 7, 6, 6, 6, 6] }
cells.count = 1
empty = "king"
"#;

/// One cell and spaces that take nothing, one card at a time: tight, many tables lost.
const ONE_CELL_SINGLE: &str = r#"
tableau = { columns = 8, up = [7, 7, 7, 7, 6, 6, 6, 6] }
cells.count = 1
empty = "none"
"#;

/// The games rule 14 acts in, each with about as many cards left in play as a plain search
/// can go through.
fn games() -> [(&'static str, &'static str, usize); 6] {
    [
        ("king-albert", shipped_game("king-albert"), 13),
        ("raglan", shipped_game("raglan"), 13),
        ("flower-garden", shipped_game("flower-garden"), 13),
        ("freecell-single", FREECELL_SINGLE, 12),
        ("cell-and-kings", CELL_AND_KINGS, 14),
        ("one-cell-single", ONE_CELL_SINGLE, 15),
    ]
}

/// The single moves of a step, by their piles, and the table they lead to from `state`.
fn spelled(
    engine: &felt_engine::Engine,
    state: &felt_engine::State,
    step: &Action,
) -> (Vec<(Pile, Pile)>, felt_engine::State) {
    let play = engine.play();
    let line = carry::spell(play, state, std::slice::from_ref(step)).expect("the step is carried");
    let mut now = state.clone();
    let mut piles = Vec::new();
    for single in &line {
        let &Action::Move { from, to, .. } = single else {
            panic!("a single move: {single:?}");
        };
        piles.push((
            play.ids.pile(from).expect("a pile"),
            play.ids.pile(to).expect("a pile"),
        ));
        engine
            .apply(&mut now, single)
            .expect("each single move is legal");
    }
    (piles, now)
}

/// A table of the game `text` with `columns` laid from the first, and the single moves, by
/// their piles, of the step that carries column 0's cards from `index` onto column 1, which
/// the solver lists there, with the table they lead to through the ruleset.
fn carried_onto_column_1(
    text: &str,
    columns: &[&str],
    index: u16,
) -> (Vec<(Pile, Pile)>, felt_engine::State) {
    let engine = engine(text);
    let mut state = blank(&engine);
    for (i, tokens) in columns.iter().enumerate() {
        lay(&mut state, i, tokens, 0);
    }
    let step = mv(&engine, Pile::Column(0), index, Pile::Column(1));
    let mut steps = Vec::new();
    Searcher::new(&engine).carried(&state, &mut steps);
    assert!(steps.contains(&step), "{steps:?}");
    spelled(&engine, &state, &step)
}

/// PA-MOVE, one card at a time: three cards go onto the Queen of diamonds through three free
/// cells in five moves, the last two from the cells in the order they went in, reversed;
/// in King Albert, with no cell, four cards go through two empty columns in nine.
#[test]
fn a_run_goes_through_the_cells_and_spaces_card_by_card_pa_move() {
    let columns = [
        "KS QH JC TD 9S",
        "KC QD",
        "KD",
        "KH",
        "5C",
        "6C",
        "7C",
        "8C",
    ];
    let (piles, now) = carried_onto_column_1(FREECELL_SINGLE, &columns, 2);
    let (c0, c1) = (Pile::Column(0), Pile::Column(1));
    assert_eq!(
        piles,
        vec![
            (c0, Pile::Cell(0)),
            (c0, Pile::Cell(1)),
            (c0, c1),
            (Pile::Cell(1), c1),
            (Pile::Cell(0), c1),
        ]
    );
    assert_eq!(now.columns[1].cards, cards("KC QD JC TD 9S"));
    assert_eq!(now.columns[0].cards, cards("KS QH"));

    let columns = [
        "KS QH JC TD 9S 8H",
        "KC QD",
        "",
        "",
        "5C",
        "6C",
        "7C",
        "8C",
        "KH",
    ];
    let (piles, now) = carried_onto_column_1(shipped_game("king-albert"), &columns, 2);
    assert_eq!(piles.len(), 9, "{piles:?}");
    assert_eq!(now.columns[1].cards, cards("KC QD JC TD 9S 8H"));
    assert!(now.columns[2].cards.is_empty() && now.columns[3].cards.is_empty());
}

/// Every step the solver lists is a run of two cards or more, which its single moves, each
/// through the ruleset's own `apply` (PA-MOVE: one card at a time), carry onto the column it
/// names; and the table they reach is the table the search makes of the step.
#[test]
fn a_run_carried_in_one_step_is_the_single_moves_that_carry_it_pa_move() {
    let cases = u64::from(felt_patience::testing::cases("FELT_ENGINE_SOLVER_CASES", 6)) * 4;
    let mut carried = 0;
    for (name, text, left) in games() {
        let engine = engine(text);
        let play = engine.play();
        let mut rng = Lcg(left as u64 + 14);
        for case in 1..=cases {
            let mut state = small_position(&engine, case * 7_907 + left as u64, left + 10);
            for step in 0..8 {
                let mut steps = Vec::new();
                Searcher::new(&engine).carried(&state, &mut steps);
                for action in &steps {
                    let &Action::Move { from, index, to } = action else {
                        panic!("{name} case {case} step {step}: a step that is no move");
                    };
                    let (Some(Pile::Column(a)), Some(Pile::Column(b))) =
                        (play.ids.pile(from), play.ids.pile(to))
                    else {
                        panic!("{name} case {case}: a step between columns");
                    };
                    let run = state.columns[a].cards[usize::from(index)..].to_vec();
                    assert!(run.len() >= 2, "{name} case {case}: a run of {}", run.len());
                    assert!(
                        engine.check(&state, action).is_err(),
                        "{name}: the ruleset moves one card at a time"
                    );
                    let mut made = state.clone();
                    let mut events = Vec::new();
                    if !carry::perform(play, &mut made, action, &mut events) {
                        // Refused part way only where a card went up by itself on the way.
                        assert_ne!(
                            made.foundations, state.foundations,
                            "{name} case {case} step {step}: {action:?} refused"
                        );
                        continue;
                    }
                    let spelled = carry::spell(play, &state, std::slice::from_ref(action))
                        .expect("a step carried out is spelled out");
                    let mut now = state.clone();
                    for single in &spelled {
                        engine
                            .apply(&mut now, single)
                            .expect("each single move is legal");
                    }
                    assert!(
                        spelled.len() >= run.len(),
                        "{name} case {case}: {spelled:?}"
                    );
                    assert_eq!(
                        (
                            now.columns.clone(),
                            now.cells.clone(),
                            now.foundations.clone()
                        ),
                        (
                            made.columns.clone(),
                            made.cells.clone(),
                            made.foundations.clone()
                        ),
                        "{name} case {case} step {step}: {action:?}"
                    );
                    let last = &now.columns[b].cards;
                    assert!(
                        last.ends_with(&run) || now.foundations != state.foundations,
                        "{name} case {case}: the run lies on column {b}"
                    );
                    carried += 1;
                }
                if !random_move(&engine, &mut state, &mut rng) {
                    break;
                }
            }
        }
    }
    eprintln!("{carried} steps carried");
    assert!(carried > 20, "{carried}");
}

/// Every verdict of the solver on small tables of the games rule 14 acts in, and on the
/// tables random moves from them lead to, agrees with a plain search of single moves and
/// with the solver without the rule; every line it wins by is single moves the ruleset
/// replays to a win.
#[test]
fn rule_14_agrees_with_a_plain_search() {
    let cases = u64::from(felt_patience::testing::cases("FELT_ENGINE_SOLVER_CASES", 6)) * 2;
    let carries = |engine: &felt_engine::Engine, state: &felt_engine::State| {
        let mut steps = Vec::new();
        Searcher::new(engine).carried(state, &mut steps);
        !steps.is_empty()
    };
    against_a_plain_search("rule 14", &games(), cases, |s| s.without_rule_14(), carries);
}

/// On whole deals of the games rule 14 acts in, the solver with the rule and without it give
/// the same verdict wherever both decide within the budget, many of them losses.
#[test]
fn rule_14_gives_the_verdicts_of_the_search_without_it() {
    let deals = u64::from(felt_patience::testing::cases("FELT_ENGINE_SOLVER_CASES", 6)) * 4;
    let (mut both, mut lost) = (0, 0);
    for (name, text, _) in games() {
        let engine = engine(text);
        for deal in 1..=deals {
            let state = engine.new_game(deal);
            let with = Searcher::new(&engine).solve(&state, &Limits::states(20_000));
            let without = Searcher::new(&engine)
                .without_rule_14()
                .solve(&state, &Limits::states(20_000));
            match (&with.found, &without.found) {
                (Found::Won(line), Found::Won(_)) => {
                    assert!(
                        replays_to_a_win(&engine, &state, line),
                        "{name} deal {deal}"
                    );
                    both += 1;
                }
                (Found::Exhausted, Found::Exhausted) => {
                    both += 1;
                    lost += 1;
                }
                (Found::Won(_), Found::Exhausted) | (Found::Exhausted, Found::Won(_)) => {
                    panic!(
                        "{name} deal {deal}: {:?} against {:?}",
                        with.found, without.found
                    )
                }
                _ => {}
            }
        }
    }
    eprintln!("{both} deals decided alike, {lost} of them lost");
    assert!(both > 0 && lost > 0, "{both} {lost}");
}

/// A King Albert deal the solver wins in a few hundred tables carrying runs (deal 270: 556
/// tables, against 59,408 one card at a time) is won within 20,000, by a line of single
/// moves, and not without the rule.
#[test]
fn carrying_runs_wins_a_deal_sooner() {
    let engine = engine(shipped_game("king-albert"));
    let state = engine.new_game(270);
    let with = Searcher::new(&engine).solve(&state, &Limits::states(20_000));
    let Found::Won(line) = with.found else {
        panic!("King Albert deal 270 won with rule 14: {:?}", with.found);
    };
    assert!(replays_to_a_win(&engine, &state, &line));
    let without = Searcher::new(&engine)
        .without_rule_14()
        .solve(&state, &Limits::states(20_000));
    assert!(
        !matches!(without.found, Found::Won(_)),
        "won without rule 14 too, in {} tables",
        without.states
    );
}
