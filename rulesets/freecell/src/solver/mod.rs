//! The FreeCell solver: every card is face up, so an honest search is a full-information one.
//! [`position`] holds the compact position, its moves, its canonical key and its fingerprint;
//! [`preview`] a child's fingerprint and distance worked out without playing it;
//! [`fast`] the win finder (best-first scans that remember fingerprints) and [`fast::solve`],
//! which runs its scans and then the exact search; [`search`](mod@search) the exact
//! best-first search and why its proofs are sound; [`glue`] the `analyze` answers in felt's
//! actions. How this compares with fc-solve: docs/freecell-solver.md.

mod buckets;
pub mod fast;
pub mod glue;
pub mod position;
pub mod preview;
pub mod search;

pub use position::{Dest, Game, Move, Pos};
pub use search::{search, Outcome, Report};

/// Deal `deal` laid out for `params` as a table, for the solver's own tests: built from the
/// deal module, not the ruleset, so they import nothing that imports the solver.
#[cfg(test)]
pub(crate) fn dealt_state(params: &crate::Params, deal: u32) -> crate::state::State {
    use crate::deal::{lay_out, microsoft_order};
    let (columns, dealt) = lay_out(&microsoft_order(deal), params.columns, params.cells_dealt);
    let mut cells = vec![None; params.cells];
    for (cell, card) in cells.iter_mut().zip(dealt) {
        *cell = Some(card);
    }
    crate::state::State {
        deal,
        columns,
        cells,
        foundations: [0; 4],
        moves: 0,
        news: Vec::new(),
    }
}
