//! Analysis: an honest hint from what the player sees, and a solver that sees every card.

use crate::{Game, State};
use felt_core::{Action, Analysis, Ruleset};
use std::collections::HashSet;

/// The legal actions, best first, judged only by what the player sees: a move that turns a
/// card up, then one that empties a column, then any move onto a card, then dealing the
/// stock, then the rest. It reads no face-down card and nothing of the stock but its size.
pub(crate) fn honest_hints(game: &Game, state: &State) -> Vec<Action> {
    let mut legal = Vec::new();
    game.legal_actions(state, &mut legal);
    let worth = |action: &Action| match *action {
        Action::Move { from, index, to } => {
            let column = &state.columns[from.0 as usize];
            let turns = column.down > 0 && index as usize == column.down;
            let empties = index == 0;
            let onto_card = !state.columns[to.0 as usize].cards.is_empty();
            match (turns, empties, onto_card) {
                (true, _, _) => 0,
                (_, true, true) => 1,
                (_, _, true) => 2,
                _ => 4,
            }
        }
        _ => 3,
    };
    legal.sort_by_key(worth);
    legal
}

/// Looks for a win from `state` with every card in view, visiting at most `max_states`
/// positions, depth first, each position once.
///
/// Soundness of "unwinnable": this is a plain graph search. Every legal action is tried from
/// every position reached, and the only pruning is skipping a position already reached, whose
/// actions are tried from its first visit. So a search that ends inside the budget has reached
/// every position reachable from `state`, and if none of them is won, no line wins. Scores and
/// move counts change nothing of what can be won, so positions are compared without them. A
/// won line is replayed through [`Ruleset::apply`] before it is given.
pub fn solve(game: &Game, state: &State, max_states: u64) -> Analysis {
    /// A position on the search path and the actions left to try from it.
    struct Frame {
        state: State,
        actions: Vec<Action>,
        next: usize,
    }
    let legal = |s: &State| {
        let mut out = Vec::new();
        game.legal_actions(s, &mut out);
        out
    };
    if Game::won(state) {
        return Analysis::Won {
            actions: Vec::new(),
            states: 1,
        };
    }
    let mut seen: HashSet<Vec<u8>> = HashSet::from([key(state)]);
    let mut states = 1u64;
    // The path: line[i] leads from stack[i] to stack[i + 1].
    let mut line: Vec<Action> = Vec::new();
    let mut stack = vec![Frame {
        actions: legal(state),
        state: state.clone(),
        next: 0,
    }];
    while let Some(top) = stack.last_mut() {
        let Some(action) = top.actions.get(top.next).cloned() else {
            stack.pop();
            line.pop();
            continue;
        };
        top.next += 1;
        let mut next = top.state.clone();
        if game.apply(&mut next, &action).is_err() {
            continue;
        }
        if Game::won(&next) {
            line.push(action);
            let mut replay = state.clone();
            let replays = line.iter().all(|a| game.apply(&mut replay, a).is_ok());
            return if replays && Game::won(&replay) {
                Analysis::Won {
                    actions: line,
                    states,
                }
            } else {
                // A line the rules refuse would be a bug here: say nothing false.
                Analysis::Undecided { states }
            };
        }
        if !seen.insert(key(&next)) {
            continue;
        }
        states += 1;
        if states > max_states {
            return Analysis::Undecided { states };
        }
        line.push(action);
        stack.push(Frame {
            actions: legal(&next),
            state: next,
            next: 0,
        });
    }
    Analysis::Unwinnable { states }
}

/// A position as compact bytes, without its score and move count: each column's cards, then
/// how many are face down, then the stock's size.
fn key(state: &State) -> Vec<u8> {
    let mut bytes = Vec::with_capacity(72);
    for column in &state.columns {
        bytes.extend(column.cards.iter().map(|c| c.to_byte()));
        bytes.push(0xF0 | column.down as u8);
    }
    bytes.push(state.stock.len() as u8);
    bytes
}
