//! The honest hint: legal actions ranked by what the player can see. It reads the turned-up
//! cards, the waste, the foundations and how many cards lie face down, never a face-down card
//! or the stock's order (unless the variant deals every card face up, where the solver
//! answers instead).

use crate::rules::safe;
use crate::ruleset::Klondike;
use crate::state::{suit_index, Pile, State};
use felt_core::{Action, Ruleset};

/// The worth of one legal action; `None` for a move that changes nothing worth a hint (a
/// group moved from one card to its twin, a King from one empty column to another).
fn worth(k: &Klondike, state: &State, action: &Action) -> Option<i32> {
    let Action::Move { from, index, to } = *action else {
        // Turning the stock is always allowed as a hint, after every useful move.
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
                // A King leaving an empty column behind: worth it only if another King is
                // waiting for the space.
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

/// The legal actions worth a hint, best first.
pub fn ranked(k: &Klondike, state: &State) -> Vec<Action> {
    let mut legal = Vec::new();
    k.legal_actions(state, &mut legal);
    let mut scored: Vec<(i32, usize, Action)> = legal
        .into_iter()
        .enumerate()
        .filter_map(|(i, a)| worth(k, state, &a).map(|w| (w, i, a)))
        .collect();
    scored.sort_by_key(|&(w, i, _)| (-w, i));
    scored.into_iter().map(|(_, _, a)| a).collect()
}
