//! felt-tui's tests that play the real Klondike ruleset: its table at 80×24 and 120×40, and a
//! newcomer's walk through Spider and Klondike (insta snapshots in `snapshots/`).
//!
//! A test binary apart from the `tui` suite: every plugin ruleset crate exports the plugin
//! entry point (`felt_plugin_entry`, from `export_ruleset!`), so one binary can link only one
//! of them, and `tui` links FreeCell's. Each `.rs` file of this folder is a module declared
//! here; felt's `repo::test_files` test fails, naming the file, for one that is not.

#[path = "../tui/common/mod.rs"]
mod common;

mod klondike;
mod walkthrough;
