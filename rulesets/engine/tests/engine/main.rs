//! felt-engine's tests, in one test binary: the vocabulary read from real `[game]` tables, play
//! and its refusals game by game, random play keeping every card, and
//! deals cross-checked against the crates whose games the engine re-expresses.
//!
//! Each `.rs` file of this folder is a module declared here: cargo compiles only what is
//! declared, and felt's `repo::test_files` test fails, naming the file, for one that is not.

mod across_games;
mod alpha_star;
mod carry;
mod deal;
mod extensions;
mod forced;
mod freecell;
mod games;
mod help;
mod hole_reach;
mod home_runs;
mod honest_hints;
mod locked;
mod park;
mod plain;
mod plain_moves;
mod position;
mod random_play;
mod reserves_and_chosen_base;
mod shipped;
mod shortcuts;
mod skipped_games;
mod solver;
mod support;
mod tri_peaks;
mod verdicts;
mod vocabulary;
