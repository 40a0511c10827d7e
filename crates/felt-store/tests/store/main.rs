//! felt-store's tests, in one test binary: recording, resuming, statistics, replays and record
//! files, the clock and help kept with a game, with a tiny counter ruleset (`common`).
//!
//! Each `.rs` file of this folder is a module declared here: cargo compiles only what is
//! declared, and felt's `repo::test_files` test fails, naming the file, for one that is not.
//! The fault tests (`../faults.rs`) are a binary of their own: they run their binary again as
//! the child process they kill or race, so they have a main of their own.

mod common;

mod assisted;
mod clock;
mod kept;
mod records;
mod replay;
