//! `analyze` for FreeCell: the solver's lines turned into felt actions and checked by replaying
//! them through the ruleset, so a line handed out is a line the game accepts.

use super::fast;
use super::position::{Dest, Game, Move};
use crate::ruleset::FreeCell;
use crate::state::{suit_index, Pile, State};
use felt_core::analysis::KeepGoing;
use felt_core::{Action, Analysis, AnalyzeRequest, Ruleset};
use felt_patience::search::Limits;

/// Positions a dead-end question may visit: enough to prove most lost tables, few enough to
/// answer while the player waits. A table not proven lost within it is not called stuck.
pub const DEAD_END_STATES: u64 = 200_000;

/// Answers an analysis request. Everything is face up, so full and honest information are
/// the same and `full_information` changes nothing.
pub fn analyze(
    fc: &FreeCell,
    state: &State,
    request: &AnalyzeRequest,
    keep_going: KeepGoing<'_>,
) -> Analysis {
    if !fc.is_whole(state) {
        // Not a game this variant can reach (a damaged save): no claim either way.
        return request.no_claim();
    }
    match request {
        AnalyzeRequest::Solve { budget, .. } => solve(fc, state, &Limits::new(budget, keep_going)),
        AnalyzeRequest::Hint { rank, budget } => {
            let (hints, plan) = hints(fc, state, &Limits::new(budget, keep_going));
            let action = hints.into_iter().nth(*rank as usize);
            // The best hint is the first step of a winning line, and the host follows the
            // rest of it while the player does: a hint never wanders.
            let then = if *rank == 0 { plan } else { Vec::new() };
            Analysis::Hint { action, then }
        }
        AnalyzeRequest::DeadEnd => Analysis::DeadEnd {
            stuck: matches!(
                solve(fc, state, &Limits::states(DEAD_END_STATES)),
                Analysis::Unwinnable { .. }
            ),
        },
    }
}

/// Positions the check that ends a lost game (FC-DEADEND) may visit after each move: a
/// winnable table is nearly always won within a few thousand, and a lost one proven within
/// this is lost. A table neither won nor proven lost within it plays on.
pub const STATUS_STATES: u64 = 20_000;

/// FC-DEADEND: whether the solver proves, within [`STATUS_STATES`], that no line wins from
/// `state`. Every card is face up, so this reads nothing a player cannot see.
pub fn proven_lost(fc: &FreeCell, state: &State) -> bool {
    fc.is_whole(state)
        && matches!(
            solve(fc, state, &Limits::states(STATUS_STATES)),
            Analysis::Unwinnable { .. }
        )
}

/// Searches for a win from `state` within `limits`.
pub fn solve(fc: &FreeCell, state: &State, limits: &Limits<'_>) -> Analysis {
    let game = Game::new(fc.params());
    fast::solve(&game, &game.from_state(state), limits)
        .into_analysis(|line| actions_for(fc, state, line))
}

/// The hints for `state`, best first: the first step of a winning line if the search finds
/// one, then every other legal move, those leading nearer a win first (without a winning
/// line, none first that leads to a table proven lost); and the rest of that winning line
/// (empty without one). None at all where the search proves the table lost.
pub fn hints(fc: &FreeCell, state: &State, limits: &Limits<'_>) -> (Vec<Action>, Vec<Action>) {
    let mut out = Vec::new();
    let mut rest = Vec::new();
    match solve(fc, state, limits) {
        Analysis::Won { actions, .. } => {
            let mut line = actions.into_iter();
            out.extend(line.next());
            rest.extend(line);
        }
        // No move helps a table proven lost: no hint, rather than moves that go round.
        Analysis::Unwinnable { .. } => return (Vec::new(), Vec::new()),
        _ => {}
    }
    let game = Game::new(fc.params());
    let mut legal = Vec::new();
    fc.legal_actions(state, &mut legal);
    let mut scored: Vec<(i32, Action)> = legal
        .into_iter()
        .filter(|a| !out.contains(a))
        .filter_map(|a| {
            let mut next = state.clone();
            fc.apply(&mut next, &a).ok()?;
            let mut pos = game.from_state(&next);
            game.auto(&mut pos);
            Some((game.distance(&pos), a))
        })
        .collect();
    scored.sort_by_key(|(d, _)| *d);
    if out.is_empty() {
        // No winning line within the budget: the nearest moves first, but not one after which
        // the dead-end check (FC-DEADEND) proves the table lost, which would end a game that
        // may be won; the moves before the first that is not so proven are left out. (Where
        // every move is, none is left out: the search did not prove the table lost.)
        let lost = |a: &Action| {
            let mut next = state.clone();
            fc.apply(&mut next, a).is_ok() && proven_lost(fc, &next)
        };
        if let Some(first) = scored.iter().position(|(_, a)| !lost(a)) {
            scored.drain(..first);
        }
    }
    out.extend(scored.into_iter().map(|(_, a)| a));
    (out, rest)
}

/// The felt action that carries out a solver move on `state`, if the cards are where the move
/// expects them.
pub fn action_for(fc: &FreeCell, state: &State, m: Move) -> Option<Action> {
    let layout = fc.rules().layout();
    let card = felt_core::Card::from_byte(m.card)?;
    // Most moves take a column's last card: the columns' tops are read first, then the cells,
    // and only then the columns card by card, each from its top down, where a run's first
    // card lies near (a replay asks this for every move of a line).
    let top = state
        .columns
        .iter()
        .position(|col| col.last() == Some(&card));
    let (from, index) = if let Some(i) = top {
        (Pile::Column(i), state.columns[i].len() - 1)
    } else if let Some(i) = state.cells.iter().position(|&c| c == Some(card)) {
        (Pile::Cell(i), 0)
    } else {
        state.columns.iter().enumerate().find_map(|(i, col)| {
            col.iter()
                .rposition(|&c| c == card)
                .map(|k| (Pile::Column(i), k))
        })?
    };
    let to = match m.dest {
        Dest::Foundation => Pile::Foundation(suit_index(card.suit())),
        Dest::Cell => Pile::Cell(state.cells.iter().position(|c| c.is_none())?),
        Dest::EmptyColumn => Pile::Column(state.columns.iter().position(|c| c.is_empty())?),
        Dest::Onto(on) => Pile::Column(
            state
                .columns
                .iter()
                .position(|c| c.last().map(|c| c.to_byte()) == Some(on))?,
        ),
    };
    Some(Action::Move {
        from: layout.id(from),
        index: index as u16,
        to: layout.id(to),
    })
}

/// A solver line as felt actions from `state`, replayed through the ruleset. Where the variant
/// does not send safe cards up by itself, the line sends them up explicitly, as the solver
/// assumed.
///
/// Each action goes through what [`Ruleset::apply`] runs for it: the table not won yet, the
/// ruleset's own check of the move (`Rules::check_move`, FC-MOVE and the rules it names),
/// its own step, and FC-AUTO after it where the variant has it. Only the news lines a table
/// shows its player are not written: a replay shows nobody anything, and writing them cost
/// more than the rest of the replay.
pub fn actions_for(fc: &FreeCell, state: &State, line: &[Move]) -> Option<Vec<Action>> {
    let rules = fc.rules();
    let layout = rules.layout();
    let auto = fc.params().auto;
    let mut now = state.clone();
    let mut out = Vec::with_capacity(2 * line.len());
    let mut events = Vec::new();
    let mut play = |now: &mut State, action: Action| -> Option<Action> {
        let Action::Move { from, index, to } = action else {
            return None;
        };
        if now.cards_up() == 52 {
            return None;
        }
        let step = rules.check_move(now, from, index, to).ok()?;
        rules.perform(now, step, &mut events);
        if auto {
            while let Some(step) = rules.next_auto(now) {
                rules.perform(now, step, &mut events);
            }
        }
        events.clear();
        Some(action)
    };
    let send_safe = |now: &mut State,
                     out: &mut Vec<Action>,
                     play: &mut dyn FnMut(&mut State, Action) -> Option<Action>|
     -> Option<()> {
        while let Some(step) = rules.next_auto(now) {
            let index = match step.from {
                Pile::Column(i) => now.columns[i].len() - 1,
                _ => 0,
            };
            let a = Action::Move {
                from: layout.id(step.from),
                index: index as u16,
                to: layout.id(step.to),
            };
            out.push(play(now, a)?);
        }
        Some(())
    };
    send_safe(&mut now, &mut out, &mut play)?;
    for &m in line {
        // A run parked in the cells in one step (the exact search's rule 5) is moved there
        // card by card, from the top, as the ruleset takes it.
        let card = felt_core::Card::from_byte(m.card)?;
        let parked = match m.dest {
            Dest::Cell => now.columns.iter().find_map(|col| {
                col.iter()
                    .position(|&c| c == card)
                    .filter(|&k| k + 1 < col.len())
                    .map(|k| col[k..].iter().rev().map(|c| c.to_byte()).collect())
            }),
            _ => None,
        };
        let parked: Vec<u8> = parked.unwrap_or_default();
        let singles = parked.iter().map(|&card| Move {
            card,
            dest: Dest::Cell,
        });
        // One move alone, the usual case, is not collected into a list first.
        for m in singles.chain(parked.is_empty().then_some(m)) {
            let a = action_for(fc, &now, m)?;
            out.push(play(&mut now, a)?);
            // Where the variant sends safe cards up, `play` has sent them all.
            if !auto {
                send_safe(&mut now, &mut out, &mut play)?;
            }
        }
    }
    (now.cards_up() == 52).then_some(out)
}
