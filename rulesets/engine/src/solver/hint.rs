//! The engine's hint ([`hint`]): the first step of a solver win where every card is seen, or
//! of an honest search's way on where some are hidden (or, where its budget found none, of
//! its way to the table nearest a win); else, every card seen, the legal moves nearest a
//! win where the nearest comes nearer, none first that leads to a table proven lost where
//! that can be known, or the shortest line the solver found to a table that comes nearer.
//! Each plan so makes progress, and hints followed alone end the game (`super`'s "Hints
//! never loop").

use super::search::{Found, Mode, Searcher};
use super::{hidden, Engine, Limits};
use crate::play::State;
use felt_core::{Action, Ruleset};

/// Tables a hint that found no win, where every card is seen, may search after its nearest
/// moves, nearest first, to leave out those that lead to a table proven lost ([`hint`]): each
/// move's search at most [`HINT_LOOK_STATES`], all of them together at most this, so that a
/// hint costs at most eight of its own searches more, and only at a table where the nearest
/// moves are proven to lose one after the other. Seahaven Towers deal 38 has 27 moves, 20 of
/// them into tables proven lost, the nearest six among them, each proven in up to 20,000.
pub const HINT_LOOK_BUDGET: u64 = 8 * HINT_LOOK_STATES;

/// The most tables one move's look of [`HINT_LOOK_BUDGET`] may search: as many as a hint's
/// own search has by default (`felt autoplay --by-hints`).
pub const HINT_LOOK_STATES: u64 = 20_000;

/// How many times its budget a hint's search gets again where the budget stopped it with no
/// way on (or, every card seen, no win), before the hint says no move helps or, every card
/// seen, falls back on the nearest moves: Klondike (the engine's) deals 1..40 by hints, 24
/// won without the second look, 28 with it (as many as when the hint fell back on the
/// nearest moves), the slowest game 0.95 s of CPU.
pub const HONEST_WIDER: u64 = 8;

/// The `rank`-th hint for `state` and, for the best one, the rest of its plan: the first step
/// of a win, of the best way on an honest search finds, or of a line to a table nearer a win,
/// then the other legal actions, those leading nearer a win first (judged by what the player
/// sees; every card seen and no win found, only those that come nearer). None where the
/// table is proven lost, or proven to have no way on, or where a search of [`HONEST_WIDER`]
/// times the budget finds neither a win nor a way on nor a table nearer a win (and, every
/// card seen, no move comes nearer).
pub fn hint(
    engine: &Engine,
    state: &State,
    rank: usize,
    limits: &Limits<'_>,
) -> (Option<Action>, Vec<Action>) {
    let play = engine.play();
    let searcher = Searcher::new(engine);
    let mode = if hidden(play, state) == 0 {
        Mode::Solve
    } else {
        Mode::Honest
    };
    let mut searched = match mode {
        Mode::Solve => searcher.solve(state, limits),
        Mode::Honest => searcher.search(state, mode, limits),
    };
    if mode == Mode::Honest && matches!(searched.found, Found::Stopped(_)) {
        searched = searcher.search(state, mode, &wider(limits));
    }
    // Every card seen and no win within the budget: the search again at [`HONEST_WIDER`]
    // times it before the nearest moves, whose stretches often end with no hint that leaves
    // the line's tables. Its answer stands where it wins or proves the table lost; else the
    // first search's does, and this one's line nearer a win serves below in place of a
    // search of its own.
    let mut wide = None;
    if mode == Mode::Solve && matches!(searched.found, Found::Stopped(_) | Found::Nearer(..)) {
        let again = searcher.solve(state, &wider(limits));
        match again.found {
            Found::Won(_) | Found::Exhausted => searched = again,
            found => wide = Some(found),
        }
    }
    let mut sooner = None;
    let plan = match searched.found {
        Found::Won(line) => won_line(&searcher, state, line),
        // Every card seen, no win found: the nearest moves, or where none of them comes
        // nearer, the shortest line the search found to a table that does (below).
        Found::Nearer(line, _) if mode == Mode::Solve => {
            sooner = Some(line);
            None
        }
        Found::WayOn(line) | Found::Nearer(line, _) => searcher.replay(state, &line).map(|_| line),
        // No move helps a table proven lost: no hint, rather than moves that go round.
        Found::Exhausted => return (None, Vec::new()),
        // Honestly, nothing the budget reached is nearer a win than this table, nor shows a
        // card: no hint rather than the nearest moves, which then go round (each looks as
        // near as the table it leaves, and a stock turned between them keeps every table
        // new: Klondike deal 11 went round for most of its 261 actions that way).
        Found::Stopped(_) if mode == Mode::Honest => return (None, Vec::new()),
        Found::Stopped(_) => None,
    };
    let mut ranked: Vec<Action> = Vec::new();
    let mut then = Vec::new();
    let planned = plan.is_some();
    if let Some(line) = plan {
        let mut line = line.into_iter();
        ranked.extend(line.next());
        then.extend(line);
    }
    let mut others = others(engine, state, &ranked);
    if !planned && mode == Mode::Solve {
        // No win found within the budget, every card seen: the nearest moves first, but not
        // one after which a search of [`HINT_LOOK_STATES`] proves the table lost, which would
        // lose a game that may be won; the moves before the first not so proven within
        // [`HINT_LOOK_BUDGET`] are left out (where every move is, the search did not prove
        // this table lost, and a move looked at last may not be). Where
        // cards are hidden, an honest search without a way on is mostly a long game's
        // stretch of such hints: a look after each doubled their cost (Klondike deals 1..30
        // by hints, 335 -> 669 s of CPU) and won nothing more.
        //
        // Then, where the nearest move left does not come strictly nearer a win, not the
        // nearest moves (which went round: Lucas deal 3 moved single cards from column to
        // column past 300 actions, every table new) but the shortest line the solver's
        // search stored to a table that does, one not starting with a move proven lost; the
        // search again at [`HONEST_WIDER`] times the budget where it stored none; else no hint.
        let mut left = HINT_LOOK_BUDGET;
        let mut dropped = 0;
        for (_, a) in &others {
            if left == 0 {
                break;
            }
            let mut next = state.clone();
            play.perform(&mut next, a);
            let looked = searcher.solve(&next, &Limits::states(left.min(HINT_LOOK_STATES)));
            left = left.saturating_sub(looked.states);
            if play.won(&next) || looked.found != Found::Exhausted {
                break;
            }
            dropped += 1;
        }
        let lost: Vec<Action> = others.drain(..dropped).map(|(_, a)| a).collect();
        // Every card seen, each move is scored by the distance of the table it leads to.
        let here = searcher.distance(state);
        let nearer = |&(d, _): &(i32, Action)| d < here;
        if others.first().is_some_and(nearer) {
            // The moves that come nearer only, at every rank: the host asks the next rank
            // where a hint goes back to a table the game stood on, and a move that comes no
            // nearer, offered then, went round (Simple Simon deal 17, single cards from column
            // to column, every table new).
            others.retain(nearer);
        } else {
            let fits = |line: &Vec<Action>| {
                line.first().is_some_and(|a| !lost.contains(a))
                    && searcher.replay(state, line).is_some()
            };
            let mut line = sooner.filter(fits);
            if line.is_none() {
                line = match wide {
                    Some(Found::Nearer(line, _)) => Some(line).filter(fits),
                    _ => None,
                };
            }
            let Some(line) = line else {
                return (None, Vec::new());
            };
            let mut line = line.into_iter();
            ranked.extend(line.next());
            then.extend(line);
            // No next rank, for the same reason: the moves left come no nearer.
            others.clear();
        }
    }
    ranked.extend(others.into_iter().map(|(_, a)| a));
    let action = ranked.into_iter().nth(rank);
    if rank != 0 {
        then.clear();
    }
    (action, then)
}

/// The legal actions but `not`, those leading nearer a win first, each with the distance it
/// is judged by, only by what the player sees (an action that shows a card is judged by the
/// table it leaves, a card nearer); none that leaves the table as it was.
fn others(engine: &Engine, state: &State, not: &[Action]) -> Vec<(i32, Action)> {
    let play = engine.play();
    let searcher = Searcher::new(engine);
    let mut legal = Vec::new();
    engine.legal_actions(state, &mut legal);
    let mut here = Vec::new();
    searcher.key(state, &mut here);
    let mut key = Vec::new();
    let mut scored: Vec<(i32, usize, Action)> = legal
        .into_iter()
        .enumerate()
        .filter(|(_, a)| !not.contains(a))
        .filter_map(|(i, a)| {
            let mut next = state.clone();
            play.perform(&mut next, &a);
            searcher.key(&next, &mut key);
            if key == here {
                return None;
            }
            let d = if hidden(play, &next) < hidden(play, state) {
                searcher.distance(state) - 4
            } else {
                searcher.distance(&next)
            };
            Some((d, i, a))
        })
        .collect();
    scored.sort_by_key(|&(d, i, _)| (d, i));
    scored.into_iter().map(|(d, _, a)| (d, a)).collect()
}

/// The limits of a hint's second search: [`HONEST_WIDER`] times the budget.
fn wider<'l>(limits: &Limits<'l>) -> Limits<'l> {
    (*limits).with_room(limits.max_states().saturating_mul(HONEST_WIDER))
}

/// `line` where the ruleset replays it from `state` to a win.
fn won_line(searcher: &Searcher<'_>, state: &State, line: Vec<Action>) -> Option<Vec<Action>> {
    searcher
        .replay(state, &line)
        .filter(|end| searcher.play.won(end))
        .map(|_| line)
}
