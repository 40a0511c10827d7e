//! What the patience rulesets (Spider, Klondike, FreeCell) have in common, written once.
//!
//! felt-core knows no game, so helpers that only make sense for a one-player card game built
//! on foundations live here, in a crate of their own that a ruleset may take or leave: the
//! host binary never depends on it. Everything here is pure (no clock, no file, no terminal),
//! except the `testing` module, which exists only under the `testing` feature that test
//! targets turn on.

pub mod foundation;
pub mod microsoft;
pub mod search;
pub mod status;
pub mod words;

#[cfg(feature = "testing")]
pub mod testing;
