//! felt-spider's tests, in one test binary: the App's rules one test per rule, the shipped
//! variants and scoring tables, positions, golden deals, the docs that must not drift, and
//! property tests, with the shipped files in a catalog (`common`).
//!
//! Each `.rs` file of this folder is a module declared here: cargo compiles only what is
//! declared, and felt's `repo::test_files` test fails, naming the file, for one that is not.

mod common;

mod app_rules;
mod app_rules_deal_run_win;
mod catalog;
mod docs;
mod golden;
mod invariants;
mod move_limit;
mod positions;
mod rules_pages;
mod score_and_undo;
mod scoring_tables;
mod shipped_layouts;
mod shipped_play;
mod shipped_rules;
mod table_view;
mod variant_files;
mod variants;
