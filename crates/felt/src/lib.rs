//! The felt binary's library half: glue between the command line and the crates, kept in a
//! library so fuzz targets and tests reach the same code the binary runs.

#![warn(missing_docs)]

pub mod catalog;
pub mod headless;
pub mod out;
pub mod table_keys;
pub mod table_text;

/// The bounded file reader, shared with the terminal (felt-tui reads `tui.toml` with it).
pub use felt_files as files;
