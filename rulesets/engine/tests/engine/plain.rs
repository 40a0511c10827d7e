//! What the solver's tests compare it with: small tables of a game (most cards sent up), a
//! plain search of the ruleset's own actions with no pruning, and the checks built on the two.

use crate::support::*;
use felt_core::{Action, Analysis, AnalyzeRequest, Budget, Ruleset, Status};
use felt_engine::solver::search::{Found, Searcher};
use felt_engine::vocabulary::{Match, Win};
use felt_engine::{Engine, State};
use felt_patience::search::Limits;
use std::collections::HashSet;

/// A small random number source, so that a case repeats from its number.
pub(crate) struct Lcg(pub(crate) u64);

impl Lcg {
    pub(crate) fn below(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (self.0 >> 33) % n.max(1)
    }
}

/// Takes `card` out of whichever pile holds it.
fn take_out(state: &mut State, card: felt_core::Card) {
    for c in &mut state.columns {
        if let Some(i) = c.cards.iter().position(|&x| x == card) {
            c.cards.remove(i);
            return;
        }
    }
    let reserve = state.reserve.iter_mut();
    for pile in reserve.chain([&mut state.stock, &mut state.waste]) {
        if let Some(i) = pile.iter().position(|&x| x == card) {
            pile.remove(i);
            return;
        }
    }
    for cell in &mut state.cells {
        if *cell == Some(card) {
            *cell = None;
            return;
        }
    }
}

/// A deal of the game made small: most cards sent up the foundations in their order (or,
/// in a game won in the columns, whole suits taken out of the game), about `left` in play.
pub(crate) fn small_position(engine: &Engine, seed: u64, left: usize) -> State {
    let mut rng = Lcg(seed);
    let mut state = engine.new_game(seed);
    let game = &engine.play().game;
    let all = state.all_cards();
    if game.win == Win::Sequences {
        // Scorpion: keep one suit (or two), every other suit out of the game.
        let keep = if left > 13 { 2 } else { 1 };
        let suits: Vec<_> = felt_core::Suit::ALL[..keep].to_vec();
        for card in all.iter().filter(|c| !suits.contains(&c.suit())) {
            take_out(&mut state, *card);
        }
    } else if game.foundations.by == Match::Suit {
        if game.foundations.base == felt_engine::vocabulary::Base::Chosen {
            // A base the player might have chosen.
            let rank = rng.below(13) as u8 + 1;
            state.base = felt_core::Rank::new(rank).expect("a rank");
        }
        // Each suit up to a level, from the base: about `left` cards stay.
        let mut levels = [13usize; 4];
        let mut remaining = 0;
        while remaining < left {
            let s = rng.below(4) as usize;
            if levels[s] > 0 {
                levels[s] -= 1;
                remaining += 1;
            }
        }
        for (s, suit) in felt_core::Suit::ALL.into_iter().enumerate() {
            let f = state
                .foundations
                .iter()
                .position(|p| p.first().is_some_and(|c| c.suit() == suit))
                .or_else(|| state.foundations.iter().position(Vec::is_empty))
                .expect("a foundation for every suit");
            let have = state.foundations[f].len();
            for k in have..levels[s] {
                let rank = (usize::from(state.base.number()) - 1 + k) % 13 + 1;
                let card =
                    felt_core::Card::new(suit, felt_core::Rank::new(rank as u8).expect("rank"));
                take_out(&mut state, card);
                state.foundations[f].push(card);
            }
        }
    } else {
        // A hole: random cards into it until about `left` stay.
        let mut out: Vec<felt_core::Card> = all
            .into_iter()
            .filter(|c| !state.foundations[0].contains(c))
            .collect();
        while out.len() > left {
            let card = out.remove(rng.below(out.len() as u64) as usize);
            take_out(&mut state, card);
            state.foundations[0].insert(0, card);
        }
    }
    for c in &mut state.columns {
        c.down = c.down.min(c.cards.len().saturating_sub(1));
    }
    state
}

/// A table as the plain search compares it: without the score and the move count.
pub(crate) fn plain_key(state: &State) -> State {
    let mut s = state.clone();
    s.score = 0;
    s.moves = 0;
    s
}

/// The plain search: depth first over the ruleset's legal actions, every table once, no
/// pruning. `Some(won)` when it ended within `cap` tables.
pub(crate) fn plain_wins(engine: &Engine, start: &State, cap: usize) -> Option<bool> {
    let mut seen: HashSet<State> = HashSet::new();
    let mut stack = vec![start.clone()];
    seen.insert(plain_key(start));
    while let Some(state) = stack.pop() {
        if engine.play().won(&state) {
            return Some(true);
        }
        let mut legal = Vec::new();
        engine.legal_actions(&state, &mut legal);
        for a in legal {
            let mut next = state.clone();
            engine.apply(&mut next, &a).expect("legal");
            if seen.insert(plain_key(&next)) {
                if seen.len() > cap {
                    return None;
                }
                stack.push(next);
            }
        }
    }
    Some(false)
}

/// The tables `Searcher::hopeless` calls lost (the solver's rules 9 and 10), checked against
/// a plain search: on small tables of each game (`left` cards in play) and on the tables
/// six random moves from each lead to, none it calls lost is won, and the solver proves
/// each lost. The tables compared, how many were won, and how many the rules called lost.
pub(crate) fn hopeless_against_a_plain_search(
    games: &[(&str, &str, usize)],
    cases: u64,
) -> (usize, usize, usize) {
    let (mut compared, mut won_tables, mut hopeless) = (0, 0, 0);
    for &(name, text, left) in games {
        let engine = engine(text);
        let searcher = Searcher::new(&engine);
        let mut rng = Lcg(left as u64);
        for case in 1..=cases {
            let mut state = small_position(&engine, case * 7919 + left as u64, left);
            for step in 0..6 {
                if let Some(won) = plain_wins(&engine, &state, 20_000) {
                    compared += 1;
                    won_tables += usize::from(won);
                    if searcher.hopeless(&state) {
                        hopeless += 1;
                        assert!(!won, "{name} case {case} step {step}: called lost, but won");
                        assert!(matches!(
                            solve(&engine, &state, Budget::states(20_000)),
                            Analysis::Unwinnable { .. }
                        ));
                    }
                }
                if !random_move(&engine, &mut state, &mut rng) {
                    break;
                }
            }
        }
    }
    (compared, won_tables, hopeless)
}

/// The solver's answer from `state`, every card read, within `budget`.
pub(crate) fn solve(engine: &Engine, state: &State, budget: Budget) -> Analysis {
    engine
        .analyze(
            state,
            &AnalyzeRequest::Solve {
                full_information: true,
                budget,
            },
            &|_| true,
        )
        .expect("the engine analyses")
}

/// Whether `actions` from `state`, each through the ruleset's own `apply`, end in a win.
pub(crate) fn replays_to_a_win(engine: &Engine, state: &State, actions: &[Action]) -> bool {
    let mut now = state.clone();
    actions.iter().all(|a| engine.apply(&mut now, a).is_ok())
        && matches!(engine.status(&now), Status::Won { .. })
}

/// On small tables of `games` (each its name, its `[game]` text and about how many cards
/// stay in play) and on the tables three random moves from them lead to: every verdict of
/// the solver agrees with a plain search, and with the solver made `without` a rule, and
/// every line it wins by replays to a win through the ruleset; some tables are proven lost,
/// and the rule (named `rule`) `acts` at some.
pub(crate) fn against_a_plain_search(
    rule: &str,
    games: &[(&str, &str, usize)],
    cases: u64,
    without: impl for<'e> Fn(Searcher<'e>) -> Searcher<'e>,
    acts: impl Fn(&Engine, &State) -> bool,
) {
    let (mut compared, mut acted, mut lost) = (0, 0, 0);
    for &(name, text, left) in games {
        let engine = engine(text);
        let without = without(Searcher::new(&engine));
        let mut rng = Lcg(left as u64 + 12);
        for case in 1..=cases {
            let mut state = small_position(&engine, case * 104_729 + left as u64, left);
            for step in 0..3 {
                acted += usize::from(acts(&engine, &state));
                if let Some(won) = plain_wins(&engine, &state, 5_000) {
                    compared += 1;
                    match solve(&engine, &state, Budget::states(20_000)) {
                        Analysis::Won { actions, .. } => {
                            assert!(won, "{name} case {case} step {step}: won, but lost");
                            assert!(replays_to_a_win(&engine, &state, &actions));
                        }
                        Analysis::Unwinnable { .. } => {
                            assert!(!won, "{name} case {case} step {step}: lost, but won");
                            lost += 1;
                        }
                        _ => {}
                    }
                    let plain = without.solve(&state, &Limits::states(20_000));
                    match plain.found {
                        Found::Won(_) => assert!(won),
                        Found::Exhausted => assert!(!won),
                        _ => {}
                    }
                }
                if !random_move(&engine, &mut state, &mut rng) {
                    break;
                }
            }
        }
    }
    eprintln!("{compared} compared, {lost} proven lost, {rule} acted on {acted}");
    assert!(
        compared > 0 && lost > 0 && acted > 0,
        "{rule}: {compared} {lost} {acted}"
    );
}

/// Makes one of `state`'s legal actions, drawn from `rng`; false where none is left.
pub(crate) fn random_move(engine: &Engine, state: &mut State, rng: &mut Lcg) -> bool {
    let mut legal = Vec::new();
    engine.legal_actions(state, &mut legal);
    if legal.is_empty() {
        return false;
    }
    let a = &legal[rng.below(legal.len() as u64) as usize];
    engine.apply(state, a).expect("a legal action");
    true
}
