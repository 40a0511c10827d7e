//! Tests of the solver: the position against the ruleset, known answers, replays through a
//! session, exact dead ends, honest hints that cannot see hidden cards, and cross-checks of
//! every proof against plain reference searches on small random positions (`crosscheck`,
//! sized by `FELT_CROSSCHECK_CASES`).

mod bases;
mod crosscheck;
mod deadend;
mod generate;
mod honest;
mod memory;
mod position;
mod reference;
mod shorten;
mod solve;
mod support;
