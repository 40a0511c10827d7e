//! Tests of the solver: the position against the ruleset, known answers, replays through a
//! session, exact dead ends, and honest hints that cannot see hidden cards.

mod bases;
mod crosscheck;
mod deadend;
mod generate;
mod honest;
mod position;
mod reference;
mod solve;
mod support;
