//! Analysis: an honest hint from what the player sees, and a solver that sees every card.

use crate::{Game, State};
use felt_core::{Action, Analysis, Budget, KeepGoing, Report, Ruleset, Stopped};
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

/// Looks for a win from `state` with every card in view, depth first, each position once,
/// within `budget`: its positions and memory counted here, its CPU time asked of the host's
/// `keep_going` (a ruleset reads no clock).
///
/// Soundness of "unwinnable": this is a plain graph search. Every legal action is tried from
/// every position reached, and the only pruning is skipping a position already reached, whose
/// actions are tried from its first visit. So a search that ends inside the budget has reached
/// every position reachable from `state`, and if none of them is won, no line wins. Scores and
/// move counts change nothing of what can be won, so positions are compared without them. A
/// won line is replayed through [`Ruleset::apply`] before it is given.
pub fn solve(game: &Game, state: &State, budget: &Budget, keep_going: KeepGoing<'_>) -> Analysis {
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
            report: Report::decided(1),
        };
    }
    let mut seen: HashSet<Vec<u8>> = HashSet::from([key(state)]);
    let mut states = 1u64;
    // Bytes held, roughly: each seen key with the set's own cost, and each frame on the path.
    let mut held = 0usize;
    let mut peak = 0usize;
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
                    report: Report {
                        peak_bytes: peak as u64,
                        ..Report::decided(states)
                    },
                }
            } else {
                // A line the rules refuse would be a bug here: say nothing false.
                Analysis::Undecided {
                    report: Report::stopped(states, Stopped::Decided),
                }
            };
        }
        let k = key(&next);
        // The key's bytes and what the set spends on an entry beside them.
        let size = k.capacity() + 48;
        if !seen.insert(k) {
            continue;
        }
        held += size;
        states += 1;
        peak = peak.max(held);
        let stop = if states > budget.max_states() {
            Some(Stopped::States)
        } else if peak > budget.max_bytes() {
            Some(Stopped::Memory)
        } else if states.is_multiple_of(256) && !keep_going(states) {
            Some(Stopped::Caller)
        } else {
            None
        };
        if let Some(stopped) = stop {
            return Analysis::Undecided {
                report: Report {
                    peak_bytes: peak as u64,
                    ..Report::stopped(states, stopped)
                },
            };
        }
        line.push(action);
        stack.push(Frame {
            actions: legal(&next),
            state: next,
            next: 0,
        });
    }
    Analysis::Unwinnable {
        report: Report {
            peak_bytes: peak as u64,
            ..Report::decided(states)
        },
    }
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
