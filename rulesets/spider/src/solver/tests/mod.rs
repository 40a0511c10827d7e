//! Tests of the solver: the position against the ruleset, known answers, replays through a
//! session, exact dead ends, and honest hints that cannot see hidden cards.

mod bases;
mod deadend;
mod honest;
mod position;
mod shorten;
mod solve;
mod support;
