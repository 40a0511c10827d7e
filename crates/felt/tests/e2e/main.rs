//! felt's end-to-end tests, in one test binary: the real `felt` binary (which cargo builds for
//! this package's tests, `CARGO_BIN_EXE_felt`) driven headless, in a pseudo-terminal and with
//! the real plugins; the Spades plugin loaded through the ABI; and the repository's own checks
//! (every test file runs, import circles are explained).
//!
//! Each `.rs` file of this folder is a module declared here: cargo compiles only what is
//! declared, so `repo::test_files` fails, naming the file, for one that is not.

mod common;

mod autoplay;
mod engine;
mod freecell;
mod headless;
mod hints;
mod hostile_text;
mod klondike;
mod plugin_faults;
mod plugin_hostile;
mod plugins;
mod pty;
mod pty_analysis;
mod records;
mod refused_files;
mod repo;
mod seats;
mod solve;
mod store;
mod store_faults;
mod variants;
