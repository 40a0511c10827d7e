//! felt-klondike's tests, in one test binary: each rule, KL-AUTO, places, hints, the position
//! format, the solver, sessions, the docs that must not drift, property tests, and the plugin
//! through the real ABI, with rulesets and hand-made positions from `common`.
//!
//! Each `.rs` file of this folder is a module declared here: cargo compiles only what is
//! declared, and felt's `repo::test_files` test fails, naming the file, for one that is not.

mod common;

mod auto;
mod docs;
mod hints;
mod invariants;
mod places;
mod plugin;
mod position;
mod relaxed;
mod rules;
mod session;
mod solver;
