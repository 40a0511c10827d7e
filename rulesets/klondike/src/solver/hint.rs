//! The honest hint: legal actions ranked by what the player can see. It reads the turned-up
//! cards, the waste, the foundations and how many cards lie face down, never a face-down card
//! or the stock's order before the stock has been turned through once (unless the variant
//! deals every card face up, where the solver answers first).
//!
//! **No loops.** Every ranked move but the deal leaves the table nearer the end for good: a
//! card up (never taken back by a hint), a card turned, the waste one card shorter, a card
//! uncovered that goes up next, or a column emptied for a King that waits with cards under
//! it. Only the deal can bring a table back, once the stock has come round. So the deal is
//! ranked only while it turns cards never seen; after that its place goes to the shortest
//! line to a new card ([`super::progress`]), which the host follows to its end. Following
//! hints therefore turns a card, or ends the game, within a bounded number of moves, and the
//! game ends where no line turns one (KL-DEADEND).

use super::progress::{deep_way_on, ways_on, WayOn};
use super::DEAD_END_STATES;
use crate::rules::safe;
use crate::ruleset::Klondike;
use crate::state::{suit_index, Pile, State};
use felt_core::{Action, Ruleset};

/// The worth of one legal action; `None` for a move that changes nothing worth a hint (a
/// card back from a foundation, a group moved from one card to its twin, a King from one
/// empty column to another).
fn worth(k: &Klondike, state: &State, action: &Action) -> Option<i32> {
    let Action::Move { from, index, to } = *action else {
        // Turning the stock: after every useful move.
        return Some(1);
    };
    let index = index as usize;
    let src = Pile::of(from)?;
    let dst = Pile::of(to)?;
    match (src, dst) {
        (Pile::Foundation(_), _) => None,
        (_, Pile::Foundation(_)) => {
            let turns = match src {
                Pile::Column(i) => state.columns[i].down > 0 && index == state.columns[i].down,
                _ => false,
            };
            Some(if turns { 120 } else { 100 })
        }
        (Pile::Waste, Pile::Column(_)) => Some(50),
        (Pile::Column(i), Pile::Column(_)) => {
            let col = &state.columns[i];
            if index == 0 {
                // A King between empty columns only trades places.
                if col.cards[0].rank().number() == 13 {
                    return None;
                }
                // A column emptied: worth it only if a King is waiting for the space with
                // cards under it, or on the waste.
                let king_waiting = state.columns.iter().enumerate().any(|(j, c)| {
                    j != i && c.down > 0 && c.up().first().is_some_and(|k| k.rank().number() == 13)
                }) || state
                    .waste
                    .last()
                    .is_some_and(|k| k.rank().number() == 13);
                return king_waiting.then_some(30);
            }
            if index == col.down {
                // Turns a card; the longer the hidden pile, the more it frees.
                return Some(80 + col.down as i32);
            }
            // Uncovers a turned-up card: worth it when that card can then go up.
            let under = col.cards[index - 1];
            let ready = state.foundations[suit_index(under.suit())] + 1 == under.rank().number();
            (ready && safe(k.params(), &state.foundations, under)).then_some(60)
        }
        _ => None,
    }
}

/// Whether dealing turns up stock cards the player has never seen: on the first pass through
/// the stock of a game not dealt face up.
fn deal_turns_new(k: &Klondike, state: &State) -> bool {
    !k.params().face_up && state.recycles == 0 && !state.stock.is_empty()
}

/// The legal actions worth a hint, best first, each with the rest of its plan: the moves
/// `worth` ranks, then the deal while it turns new cards, or else the first step of the
/// shortest line to a new card within `max_states` tables (its other steps as the plan). That
/// line is searched only when the list would otherwise hold no more than `need` hints.
pub fn ranked(
    k: &Klondike,
    state: &State,
    max_states: u64,
    need: usize,
) -> Vec<(Action, Vec<Action>)> {
    let mut legal = Vec::new();
    k.legal_actions(state, &mut legal);
    let mut scored: Vec<(i32, usize, Action)> = legal
        .into_iter()
        .enumerate()
        .filter_map(|(i, a)| worth(k, state, &a).map(|w| (w, i, a)))
        .collect();
    scored.sort_by_key(|&(w, i, _)| (-w, i));
    let mut out: Vec<(Action, Vec<Action>)> = scored
        .into_iter()
        .filter(|(_, _, a)| !matches!(a, Action::Deal { .. }) || deal_turns_new(k, state))
        .map(|(_, _, a)| (a, Vec::new()))
        .collect();
    if !deal_turns_new(k, state) && out.len() <= need {
        // Ways on with different first steps, for asking again (a first step may bring back
        // a table the game has stood on, which the host then holds back).
        let wanted = need + 1 - out.len();
        let budget = max_states.max(DEAD_END_STATES);
        let (mut lines, end, _) = ways_on(k, state, budget, wanted);
        // Where the shortest lines lie beyond the budget, a line found depth first.
        if lines.is_empty() && end == WayOn::Unknown {
            lines.extend(deep_way_on(k, state, budget));
        }
        for line in lines {
            let mut line = line.into_iter();
            if let Some(first) = line.next() {
                if !out.iter().any(|(a, _)| *a == first) {
                    out.push((first, line.collect()));
                }
            }
        }
    }
    out
}
