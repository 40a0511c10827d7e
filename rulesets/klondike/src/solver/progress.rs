//! The way on (KL-DEADEND): a breadth-first search over every table the player can reach
//! without learning anything new, for the nearest action that turns a face-down card, turns a
//! stock card never seen, or wins.
//!
//! What a player knows of a table is what it shows and what it has shown: the turned-up
//! cards, the foundations, the waste, and after one whole pass through the stock (a recycle)
//! every card of the stock and its order, since each was turned up once and nothing changes
//! their order. So the tables reached by actions that turn nothing new up are all known to the
//! player, and so is which of them are won. An action that turns something new up ends the
//! search there, and the search never looks at what it would turn up: it reads nothing hidden,
//! and the hint built on it is an honest one.
//!
//! **Why "no way on" is a proof.** Every action from a table of the set either stays in the
//! set or turns a card up (the search's targets). When the whole set has been searched without
//! a target, no line of play from the table ever turns a card up or wins: every line stays in
//! the set, which holds no won table. A table with cards face down can only be won after they
//! are turned, and one with every card known is won only if the set holds a won table. So the
//! game is lost, whatever the hidden cards are. The set is searched whole, with no move left
//! out and tables told apart by everything the rules read (columns in any order, since all
//! seven follow the same rules); a search stopped by its budget says nothing.
//!
//! The search runs on the solver's positions and steps ([`Game::moves`]), so it takes as one
//! the tables the complete search takes as one (`search.rs`, rules 1 to 3: columns in any
//! order, a closed round of the stock, a King's whole column moved to an empty one), each
//! with the same future. Those reductions keep which tables can turn a card up: a closed round
//! is only formed once its cards have all been seen (before, its deal turns new cards and ends
//! the search), and its tables reach one another by deals that turn nothing new. Tests check
//! the answers against a plain search of the ruleset's actions.

use super::actions_for_moves;
use super::position::{Game, Key, Move, Pos, Step};
use crate::ruleset::Klondike;
use crate::state::State;
use felt_core::Action;
use std::collections::HashSet;

/// What the search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WayOn {
    /// The shortest line to a new card or a win: every action but the last stays among tables
    /// the player knows, and the last turns a card up (or wins).
    Line(Vec<Action>),
    /// No line ever turns a card up or wins: the game is lost.
    None,
    /// The budget ran out first.
    Unknown,
}

fn face_down(pos: &Pos) -> u32 {
    pos.downs.iter().map(|&d| u32::from(d)).sum()
}

/// Whether `step` from `pos` turns up stock cards the player has not seen: a deal on the
/// first pass through the stock of a game not dealt face up.
fn deals_new(game: &Game, pos: &Pos, step: &Step) -> bool {
    !game.params.face_up
        && pos.recycles == 0
        && pos.waste_len < pos.talon_len
        && (step.deals > 0 || step.then == Move::Deal)
}

/// Whether `step` from `here`, giving `after`, ends the search: a win, a card turned up, or
/// stock cards never seen.
fn is_target(game: &Game, here: &Pos, step: &Step, after: &Pos) -> bool {
    game.won(after) || face_down(after) < face_down(here) || deals_new(game, here, step)
}

/// A line of steps as felt actions from `state`, replayed through the ruleset (a line it
/// refuses is no answer).
fn line_actions(
    k: &Klondike,
    state: &State,
    line: impl IntoIterator<Item = Step>,
) -> Option<Vec<Action>> {
    let moves: Vec<Move> = line.into_iter().flat_map(|s| s.actions()).collect();
    actions_for_moves(k, state, &moves)
}

/// Searches for the way on from `state`, entering at most `max_states` tables.
pub fn way_on(k: &Klondike, state: &State, max_states: u64) -> WayOn {
    way_on_counted(k, state, max_states).0
}

/// [`way_on`], and how many tables it entered.
pub fn way_on_counted(k: &Klondike, state: &State, max_states: u64) -> (WayOn, u64) {
    let (lines, end, entered) = ways_on(k, state, max_states, 1);
    match lines.into_iter().next() {
        Some(line) => (WayOn::Line(line), entered),
        None => (end, entered),
    }
}

/// Up to `wanted` ways on from `state`, each the shortest of those that start with its
/// first action, the shortest first; then how the search ended when it found fewer
/// ([`WayOn::None`]: there are no more; [`WayOn::Unknown`]: the budget ran out), and how many
/// tables it entered.
pub fn ways_on(
    k: &Klondike,
    state: &State,
    max_states: u64,
    wanted: usize,
) -> (Vec<Vec<Action>>, WayOn, u64) {
    if state.cards_up() == 52 {
        return (vec![Vec::new()], WayOn::None, 0);
    }
    let game = Game::new(k.params());
    let Some(start) = game.from_state(state) else {
        return (Vec::new(), WayOn::Unknown, 0);
    };
    // Each table entered, with the one it was reached from, the step taken there and the
    // first step of its line (its index among the start's steps): the search goes breadth
    // first, so the first target found below each first step ends the shortest line with it.
    let mut tables: Vec<(Pos, usize, Option<Step>, usize)> = vec![(start, 0, None, usize::MAX)];
    let mut seen: HashSet<Key> = HashSet::new();
    seen.insert(game.key(&start));
    let mut found: Vec<Vec<Action>> = Vec::new();
    let mut firsts: HashSet<usize> = HashSet::new();
    let mut steps = Vec::new();
    let mut next = 0;
    while next < tables.len() {
        let (here, at) = (tables[next].0, next);
        next += 1;
        game.moves(&here, &mut steps);
        for (n, &step) in steps.iter().enumerate() {
            let first = if at == 0 { n } else { tables[at].3 };
            let mut after = here;
            game.step(&mut after, step);
            if is_target(&game, &here, &step, &after) {
                if !firsts.insert(first) {
                    continue;
                }
                let mut line = vec![step];
                let mut back = at;
                while let (_, from, Some(s), _) = tables[back] {
                    line.push(s);
                    back = from;
                }
                line.reverse();
                let moves: Vec<Move> = line.iter().flat_map(|s| s.actions()).collect();
                // The line is replayed through the ruleset; a line it refuses is no answer.
                if let Some(actions) = actions_for_moves(k, state, &moves) {
                    found.push(actions);
                    if found.len() >= wanted {
                        return (found, WayOn::Unknown, tables.len() as u64);
                    }
                }
                continue;
            }
            if seen.insert(game.key(&after)) {
                if tables.len() as u64 >= max_states {
                    return (found, WayOn::Unknown, tables.len() as u64);
                }
                tables.push((after, at, Some(step), first));
            }
        }
    }
    (found, WayOn::None, tables.len() as u64)
}

/// A line to a new card or a win found depth first, trying each table's steps in the order
/// the complete search tries them (cards up, cards turned, the waste played, the deal, other
/// moves, cards back last), within `max_states` tables: not the shortest line, but one found
/// where the breadth-first search runs out of budget first. `None` when none was found.
pub fn deep_way_on(k: &Klondike, state: &State, max_states: u64) -> Option<Vec<Action>> {
    let game = Game::new(k.params());
    let start = game.from_state(state)?;
    let mut seen: HashSet<Key> = HashSet::new();
    seen.insert(game.key(&start));
    // The line walked so far: each table with its steps and the next one to try.
    let mut path: Vec<(Pos, Vec<Step>, usize)> = Vec::new();
    let mut steps = Vec::new();
    game.moves(&start, &mut steps);
    path.push((start, steps.clone(), 0));
    while let Some((here, steps, next)) = path.last_mut() {
        let Some(&step) = steps.get(*next) else {
            path.pop();
            continue;
        };
        *next += 1;
        let here = *here;
        let mut after = here;
        game.step(&mut after, step);
        if is_target(&game, &here, &step, &after) {
            return line_actions(k, state, path.iter().map(|(_, s, n)| s[*n - 1]));
        }
        if seen.insert(game.key(&after)) {
            if seen.len() as u64 >= max_states {
                return None;
            }
            let mut more = Vec::new();
            game.moves(&after, &mut more);
            path.push((after, more, 0));
        }
    }
    None
}
