//! The solver's rule 15 (felt_engine::solver::park): in rule 8's games whose runs move whole
//! (Seahaven Towers, Eight Off), a card lying on the next higher card of its suit goes into a
//! cell only with its whole run, in one step; the single move is left out.

use crate::home_runs::{against_plain, laid_in, run_of, ONE_CELL_SEAHAVEN, TWO_CELL_SEAHAVEN};
use crate::plain::{plain_wins, random_move, small_position, Lcg};
use crate::support::*;
use felt_core::{Action, Ruleset};
use felt_engine::solver::search::{Found, Searcher};
use felt_engine::{Engine, Pile, State};

/// What a full-information search tries from `state`: the listing, the one forced move where
/// rule 12 or 13 acts, else the steps of rules 14 and 15 with it.
fn listed(searcher: &Searcher<'_>, state: &State) -> Vec<Action> {
    let mut legal = Vec::new();
    searcher.legal(state, &mut legal);
    if !searcher.force(state, &mut legal) {
        searcher.carried(state, &mut legal);
    }
    legal
}

#[test]
fn a_runs_last_card_goes_into_a_cell_only_with_its_whole_run() {
    let sea = engine(shipped_game("patience-seahaven-towers"));
    let play = sea.play();
    let searcher = Searcher::new(&sea);
    let mut state = blank(&sea);
    // Two cells free of four. Column 1: 9♦ 8♦ on 3♣ (a run of two, the cells hold it);
    // column 2: 9♠ 8♠ 7♠ on 5♥ (three, they do not); column 3 a home run; column 4 one card.
    lay(&mut state, 0, "3C 9D 8D", 0);
    lay(&mut state, 1, "5H 9S 8S 7S", 0);
    lay(&mut state, 2, "KH QH", 0);
    lay(&mut state, 3, "4C", 0);
    state.cells[2] = Some(card("2H"));
    state.cells[3] = Some(card("6S"));
    let tried = listed(&searcher, &state);
    let into_cells: Vec<&Action> = tried
        .iter()
        .filter(|a| matches!(a, Action::Move { to, .. } if *to == sea.id(Pile::Cell(0))))
        .collect();
    let park = mv(&sea, Pile::Column(0), 1, Pile::Cell(0));
    assert_eq!(
        into_cells,
        vec![&mv(&sea, Pile::Column(3), 0, Pile::Cell(0)), &park],
        "4♣ alone into a cell, and 9♦ 8♦ parked whole; not 8♦ alone, 7♠ or Q♥"
    );
    // The ruleset itself refuses the step (a cell takes one card): it is the search's own.
    assert!(sea.check(&state, &park).is_err());
    // Made by its single moves: 8♦, then 9♦, into the free cells; spelled out as those.
    let mut parked = state.clone();
    let mut events = Vec::new();
    assert!(felt_engine::solver::carry::perform(
        play,
        &mut parked,
        &park,
        &mut events
    ));
    assert_eq!(parked.columns[0].cards, cards("3C"));
    assert_eq!(parked.cells[0], Some(card("8D")));
    assert_eq!(parked.cells[1], Some(card("9D")));
    let line = felt_engine::solver::carry::spell(play, &state, std::slice::from_ref(&park))
        .expect("the step is spelled out");
    assert_eq!(
        line,
        vec![
            mv(&sea, Pile::Column(0), 2, Pile::Cell(0)),
            mv(&sea, Pile::Column(0), 1, Pile::Cell(1)),
        ]
    );
    let mut replayed = state.clone();
    for action in &line {
        sea.apply(&mut replayed, action)
            .expect("each single move is legal");
    }
    assert_eq!(replayed, parked);
    // With a third cell free, the three spades are parked too; without rule 15, 8♦ and 7♠
    // go alone, and no step is listed.
    state.cells[3] = None;
    let tried = listed(&searcher, &state);
    assert!(tried.contains(&mv(&sea, Pile::Column(1), 1, Pile::Cell(0))));
    assert!(!tried.contains(&mv(&sea, Pile::Column(1), 3, Pile::Cell(0))));
    let without = Searcher::new(&sea).without_rule_15();
    let tried = listed(&without, &state);
    assert!(tried.contains(&mv(&sea, Pile::Column(0), 2, Pile::Cell(0))));
    assert!(tried.contains(&mv(&sea, Pile::Column(1), 3, Pile::Cell(0))));
    assert!(!tried.contains(&park));
    // Games whose single cards move, or that build in alternate colours, keep the move.
    for text in [
        TWO_CELL_SEAHAVEN.replace("supermove", "single"),
        shipped_game("patience-freecell").to_string(),
    ] {
        let other = engine(&text);
        assert!(felt_engine::solver::park::Park::of(other.play()).is_none());
    }
}

/// Two-cell Seahaven where the one way to win parks a run as long as the free cells: A♦
/// lies under 9♦ 8♦, and 10♦ under Q♦ J♦ on K♦ (two cells hold one run or the other, and
/// 9♦ 8♦ cannot go onto 10♦ with both full). The solver wins it with rule 15 as without.
#[test]
fn a_run_as_long_as_the_free_cells_is_parked_to_win() {
    let sea = engine(TWO_CELL_SEAHAVEN);
    let mut state = blank(&sea);
    for (f, suit) in ["S", "H", "C"].into_iter().enumerate() {
        let pack: Vec<String> = [
            "A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K",
        ]
        .iter()
        .map(|r| format!("{r}{suit}"))
        .collect();
        state.foundations[f] = cards(&pack.join(" "));
    }
    lay(&mut state, 0, "AD 9D 8D", 0);
    lay(&mut state, 1, "7D 6D 5D 4D 3D 2D", 0);
    lay(&mut state, 2, "KD TD QD JD", 0);
    let park = mv(&sea, Pile::Column(0), 1, Pile::Cell(0));
    assert!(listed(&Searcher::new(&sea), &state).contains(&park));
    assert_eq!(plain_wins(&sea, &state, 20_000), Some(true));
    let limits = felt_patience::search::Limits::states(20_000);
    for s in [Searcher::new(&sea), Searcher::new(&sea).without_rule_15()] {
        let Found::Won(line) = s.solve(&state, &limits).found else {
            panic!("not won");
        };
        let mut replay = state.clone();
        for action in &line {
            sea.apply(&mut replay, action).expect("a legal line");
        }
        assert!(sea.play().won(&replay));
    }
}

/// A small table of `sea` with a run of two to four cards of one suit, not from a King,
/// laid at the end of column 1 on the lowest other card in play (the one the foundations
/// want soonest), two to four cells free, and the other cards in play dealt again at random
/// round columns 2 to 5 and the other cells: tables where parking the run may be the way on.
fn with_run(sea: &Engine, seed: u64) -> Option<State> {
    let mut rng = Lcg(seed);
    let left = 14 + rng.below(10) as usize;
    let suit = felt_core::Suit::ALL[rng.below(4) as usize];
    let high = 5 + rng.below(8) as u8; // the run's first card: a Five up to a Queen
    let low = high.saturating_sub(1 + rng.below(3) as u8).max(2);
    let free = 2 + rng.below(3) as usize;
    let mut state = laid_in(
        sea,
        (seed, left),
        run_of(suit, high, low),
        (free, true),
        &mut rng,
    )?;
    // The card under the run swapped with the lowest card of columns 2 to 5.
    let rank = |c: &felt_core::Card| c.rank().number();
    let (i, k) = (1..5)
        .flat_map(|i| (0..state.columns[i].cards.len()).map(move |k| (i, k)))
        .min_by_key(|&(i, k)| rank(&state.columns[i].cards[k]))?;
    let lowest = state.columns[i].cards[k];
    if rank(&lowest) < rank(&state.columns[0].cards[0]) {
        state.columns[i].cards[k] = std::mem::replace(&mut state.columns[0].cards[0], lowest);
    }
    Some(state)
}

/// Rule 15 against a plain search and against the solver without it, on small Seahaven and
/// Eight Off tables with a run laid in and random moves from them, and on small deals of
/// one- and two-cell Seahaven.
#[test]
fn rule_15_agrees_with_a_plain_search_on_tables_with_runs() {
    let cases = u64::from(felt_patience::testing::cases("FELT_ENGINE_SOLVER_CASES", 6)) * 2;
    let (mut tally, mut acted) = ([0; 3], 0);
    for (text, left) in [
        (shipped_game("patience-seahaven-towers"), 0),
        (TWO_CELL_SEAHAVEN, 0),
        (shipped_game("patience-eight-off"), 0),
        (ONE_CELL_SEAHAVEN, 18),
        (TWO_CELL_SEAHAVEN, 22),
    ] {
        let sea = engine(text);
        let searcher = Searcher::new(&sea);
        let without = Searcher::new(&sea).without_rule_15();
        let mut rng = Lcg(29 + left as u64);
        for seed in 1..=cases {
            let state = if left == 0 {
                with_run(&sea, seed * 6_007)
            } else {
                Some(small_position(&sea, seed * 6_007, left))
            };
            let Some(mut state) = state else {
                continue;
            };
            for _ in 0..3 {
                acted += usize::from(listed(&searcher, &state) != listed(&without, &state));
                let with = [("with rule 15", &searcher), ("without", &without)];
                against_plain(&sea, &state, with, seed, &mut tally);
                if !random_move(&sea, &mut state, &mut rng) {
                    break;
                }
            }
        }
    }
    let [compared, won, lost] = tally;
    eprintln!("{compared} compared, {won} won, {lost} lost, rule 15 acted on {acted}");
    assert!(compared > 10 && won > 0 && lost > 0 && acted > 0);
}
