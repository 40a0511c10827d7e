//! The FreeCell solver: every card is face up, so an honest search is a full-information one.
//! [`position`] holds the compact position and its moves, [`search`](mod@search) the best-first search and
//! why its proofs are sound, [`glue`] the `analyze` answers in felt's actions.

pub mod fast;
pub mod glue;
pub mod position;
pub mod preview;
pub mod search;

pub use position::{Dest, Game, Move, Pos};
pub use search::{search, Outcome, Report};
