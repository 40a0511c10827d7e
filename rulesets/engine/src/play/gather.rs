//! The gather (`stock.redeal = "gather"`, PA-STOCK): the columns' cards are picked up,
//! shuffled and dealt again, as La Belle Lucie and Trefoil are redealt.
//!
//! **Deterministic.** The shuffle is felt's own (felt-core's Fisher–Yates over ChaCha20), its
//! seed made from the seed the game was dealt from (`State::seed`, which no action changes)
//! and the redeals left, so the same deal and the same actions give the same game on every
//! machine, and nothing reads a clock or a global generator. felt follows PySolFC, whose
//! La Belle Lucie family shuffles the gathered cards (the usual accounts say so too).
//!
//! **The solver.** The cards are sorted before they are shuffled, so what a gather deals
//! depends only on which cards the columns hold and on the redeals left, never on the
//! columns' order: tables equal up to that order still gather alike (rule 2 of the solver's
//! keys, module docs of [`crate::solver`]). The seed is not in the solver's keys, and need
//! not be: every table of one search comes from one table by actions, and none changes it.
//! The safe automatic rule is not used with a gather (`safe_holds`): a card sent up changes
//! which cards a later gather deals, so its proof does not hold.

use super::Play;
use crate::state::State;
use felt_core::{Card, Event};

impl Play {
    /// Gathers the columns, shuffles their cards and deals them again, column by column from
    /// the left, each column as many as it was first dealt (the last one takes any over).
    pub(super) fn gather(&self, state: &mut State, events: &mut Vec<Event>) {
        let mut cards: Vec<Card> = Vec::new();
        for column in &mut state.columns {
            cards.append(&mut column.cards);
            column.down = 0;
        }
        cards.sort_unstable();
        felt_core::shuffle(&mut cards, gather_seed(state.seed, state.redeals));
        let mut rest = cards.into_iter();
        let last = state.columns.len().saturating_sub(1);
        for (i, column) in state.columns.iter_mut().enumerate() {
            let take = if i == last {
                usize::MAX
            } else {
                usize::from(self.game.tableau.up.get(i).copied().unwrap_or(1))
            };
            column.cards.extend(rest.by_ref().take(take));
        }
        if let Some(left) = state.redeals.as_mut() {
            *left = left.saturating_sub(1);
        }
        self.score(state, "redeal", 1);
        events.push(Event::Note {
            kind: "redeal".into(),
            text: "The columns are gathered, shuffled and dealt again".into(),
        });
    }
}

/// The seed of a gather's shuffle: the deal's seed and the redeals left, mixed (SplitMix64's
/// finaliser) so that neighbouring seeds shuffle unalike.
fn gather_seed(seed: u64, redeals: Option<u8>) -> u64 {
    let round = u64::from(redeals.unwrap_or(u8::MAX));
    let mut z = seed ^ (round << 56) ^ 0x9E37_79B9_7F4A_7C15;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}
