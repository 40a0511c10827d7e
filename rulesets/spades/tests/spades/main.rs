//! felt-spades' tests, in one test binary: whole games and rule checks through the `Ruleset`
//! trait, seats driven from outside, fair undo, the position format and invariants under
//! random play.
//!
//! Each `.rs` file of this folder is a module declared here: cargo compiles only what is
//! declared, and felt's `repo::test_files` test fails, naming the file, for one that is not.

mod invariants;
mod play;
mod position;
mod seats;
mod undo;
