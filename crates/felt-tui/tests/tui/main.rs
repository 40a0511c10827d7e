//! felt-tui's tests, in one test binary: whole screens on a `TestBackend` (insta snapshots in
//! `snapshots/`), input, the launcher, the records and the layout's properties, with Spider,
//! FreeCell and a toy trick game (`common`).
//!
//! Each `.rs` file of this folder is a module declared here: cargo compiles only what is
//! declared, and felt's `repo::test_files` test fails, naming the file, for one that is not.
//! The tests of Spades (`../spades.rs`) and Klondike (`../klondike/`) are binaries of their
//! own: every plugin ruleset crate exports the plugin entry point (`felt_plugin_entry`, from
//! `export_ruleset!`), so one binary can link only one of them, and this one links FreeCell's.

mod common;

mod analysis;
mod assist;
mod demo;
mod engine;
mod finish;
mod freecell;
mod games_list;
mod generic;
mod input;
mod launcher;
mod layout_props;
mod look;
mod pilekeys;
mod records;
mod render;
mod replay_play;
mod stats_screen;
