//! felt-freecell's tests, in one test binary: each rule and refusal, places, dead ends, the
//! solver and its proofs against a plain search, the docs that must not drift, property tests,
//! and the plugin through the real ABI, with rulesets and hand-made positions from `common`.
//!
//! Each `.rs` file of this folder is a module declared here: cargo compiles only what is
//! declared, and felt's `repo::test_files` test fails, naming the file, for one that is not.

mod common;

mod dead_end;
mod docs;
mod invariants;
mod places;
mod plugin;
mod proofs;
mod refusals;
mod reserved_keys;
mod rules;
mod solver;
