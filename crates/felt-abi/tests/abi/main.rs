//! felt-abi's tests, in one test binary: the host's side of each protocol revision against a
//! fake plugin in this process (`fake`), random replies, a ruleset exported for real and
//! loaded, plugins in helper processes that crash, hang or flood, and searches on helpers of
//! their own (fixtures built by `common` from `../fixtures/`).
//!
//! Each `.rs` file of this folder is a module declared here: cargo compiles only what is
//! declared, and felt's `repo::test_files` test fails, naming the file, for one that is not.
//! The load-time faults (`../faults.rs`) are a binary of their own: `export_ruleset!` defines
//! the plugin entry point `felt_plugin_entry`, one per binary, and `closed_piles` here exports
//! its own.

mod common;
mod enum_samples;
mod fake;
mod samples;

mod analysis_link;
mod closed_piles;
mod golden;
mod meant_group;
mod places;
mod process;
mod random_replies;
