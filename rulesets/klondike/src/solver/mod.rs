//! Analysis: an honest hint from what the player sees ([`hint`]), and a solver that sees every
//! card ([`search`](mod@search)), its lines checked by replaying them through the ruleset.

pub mod compact;
pub mod complete;
pub mod hint;
pub mod position;
pub mod progress;
pub mod quick;
pub mod relaxed;
pub mod schedule;
pub mod search;

use crate::ruleset::Klondike;
use crate::state::{suit_index, Pile, State};
use felt_core::analysis::{KeepGoing, Report};
use felt_core::{Action, Analysis, AnalyzeRequest, Card, Ruleset};
use felt_patience::search::Limits;
use position::{Dest, Game, Move};
use progress::{way_on, WayOn};
use schedule::search;

/// Positions a dead-end question may visit in a game dealt face up: enough to prove many lost
/// tables, few enough to answer while the player waits. A table not proven lost within it is
/// not called stuck.
pub const DEAD_END_STATES: u64 = 200_000;

/// Answers an analysis request.
pub fn analyze(
    k: &Klondike,
    state: &State,
    request: &AnalyzeRequest,
    keep_going: KeepGoing<'_>,
) -> Analysis {
    if !k.is_whole(state) {
        // Not a game this variant can reach (a damaged save): no claim either way.
        return request.no_claim();
    }
    // Under `face_up` the player sees every card, and once every card is turned up and the
    // stock has been seen whole, so do all players: then the solver reads nothing hidden.
    let open = all_known(k, state);
    match request {
        AnalyzeRequest::Solve {
            full_information,
            budget,
        } => {
            if *full_information || open {
                solve(k, state, &Limits::new(budget, keep_going))
            } else {
                // Without the hidden cards there is nothing to search exactly.
                Analysis::Undecided {
                    report: Report::stopped(0, felt_core::Stopped::Hidden),
                }
            }
        }
        AnalyzeRequest::Hint { rank, budget } => {
            let rank = *rank as usize;
            let limits = Limits::new(budget, keep_going);
            let max_states = limits.max_states();
            let mut solved = None;
            if open {
                if let Analysis::Won { actions, .. } = solve(k, state, &limits) {
                    let mut line = actions.into_iter();
                    solved = line.next().map(|first| (first, line.collect::<Vec<_>>()));
                }
            }
            // The best hint is the first step of a winning line, and the host follows the
            // rest of it while the player does.
            let mut ranked = hint::ranked(k, state, max_states, rank);
            if let Some((first, then)) = solved {
                ranked.retain(|(a, _)| *a != first);
                ranked.insert(0, (first, then));
            }
            let (action, then) = ranked
                .into_iter()
                .nth(rank)
                .map_or((None, Vec::new()), |(a, then)| (Some(a), then));
            Analysis::Hint { action, then }
        }
        AnalyzeRequest::DeadEnd => {
            let stuck = stuck(k, state)
                || (open
                    && matches!(
                        solve(k, state, &Limits::states(DEAD_END_STATES)),
                        Analysis::Unwinnable { .. }
                    ));
            Analysis::DeadEnd { stuck }
        }
    }
}

/// Whether the player knows every card of `state` where it lies: a game dealt face up, or one
/// with no card face down whose stock has been turned through (or is empty).
pub fn all_known(k: &Klondike, state: &State) -> bool {
    k.params().face_up || (state.face_down() == 0 && (state.recycles > 0 || state.stock.is_empty()))
}

/// KL-DEADEND: whether no line of play from `state` turns a card up or wins
/// ([`progress::way_on`] within [`DEAD_END_STATES`] tables, or where every card is known, the
/// solver): proven, never guessed.
pub fn stuck(k: &Klondike, state: &State) -> bool {
    if state.cards_up() == 52 {
        return false;
    }
    match way_on(k, state, DEAD_END_STATES) {
        WayOn::None => true,
        WayOn::Line(_) => false,
        WayOn::Unknown => {
            all_known(k, state)
                && matches!(
                    solve(k, state, &Limits::states(DEAD_END_STATES)),
                    Analysis::Unwinnable { .. }
                )
        }
    }
}

/// Searches for a win from `state` with every card in view, within `limits`.
pub fn solve(k: &Klondike, state: &State, limits: &Limits<'_>) -> Analysis {
    let game = Game::new(k.params());
    let Some(start) = game.from_state(state) else {
        return Analysis::Undecided {
            report: Report::default(),
        };
    };
    search(&game, &start, limits).into_analysis(|line| actions_for(k, state, line))
}

/// The felt action that carries out a solver move on `state`, if the cards are where the move
/// expects them.
pub fn action_for(state: &State, m: Move) -> Option<Action> {
    let Move::Play { card, to } = m else {
        return Some(Action::Deal {
            from: Pile::Stock.id(),
        });
    };
    let card = Card::from_byte(card)?;
    let s = suit_index(card.suit());
    let (from, index) = if state.waste.last() == Some(&card) {
        (Pile::Waste, state.waste.len() - 1)
    } else if state.foundation_top(s) == Some(card) {
        (Pile::Foundation(s), state.foundations[s] as usize - 1)
    } else {
        state.columns.iter().enumerate().find_map(|(i, col)| {
            col.cards
                .iter()
                .position(|&c| c == card)
                .map(|k| (Pile::Column(i), k))
        })?
    };
    let to = match to {
        Dest::Foundation => Pile::Foundation(s),
        Dest::Empty => Pile::Column(state.columns.iter().position(|c| c.cards.is_empty())?),
        Dest::Onto(on) => Pile::Column(
            state
                .columns
                .iter()
                .position(|c| c.cards.last().map(|c| c.to_byte()) == Some(on))?,
        ),
    };
    Some(Action::Move {
        from: from.id(),
        index: index as u16,
        to: to.id(),
    })
}

/// A solver line as felt actions from `state`, each replayed through the ruleset: a line is
/// handed out only if the game accepts every step of it and ends won.
pub fn actions_for(k: &Klondike, state: &State, line: &[Move]) -> Option<Vec<Action>> {
    let mut now = state.clone();
    let out = replay(k, &mut now, line)?;
    (now.cards_up() == 52).then_some(out)
}

/// Solver moves as felt actions from `state`, each replayed through the ruleset; `None` if it
/// refuses one.
pub fn actions_for_moves(k: &Klondike, state: &State, line: &[Move]) -> Option<Vec<Action>> {
    replay(k, &mut state.clone(), line)
}

fn replay(k: &Klondike, now: &mut State, line: &[Move]) -> Option<Vec<Action>> {
    let mut out = Vec::with_capacity(line.len());
    for &m in line {
        let a = action_for(now, m)?;
        k.apply(now, &a).ok()?;
        out.push(a);
    }
    Some(out)
}
