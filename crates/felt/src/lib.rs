//! The felt binary's library half: glue between the command line and the crates, kept in a
//! library so fuzz targets and tests reach the same code the binary runs.

#![warn(missing_docs)]

pub mod catalog;
pub mod out;
pub mod table_keys;

/// The headless protocol (its own crate, shared with the e2e tests and fuzz targets).
pub use felt_headless as headless;
/// The table and its actions in the protocol's words, which the replay printer writes too.
pub use felt_headless::table_text;

/// The bounded file reader, shared with the terminal (felt-tui reads `tui.toml` with it).
pub use felt_files as files;

#[cfg(test)]
mod tests {
    #[test]
    fn a_stopped_plugin_is_refused_under_the_plugin_host_s_own_rule() {
        // The protocol crate names the rule without depending on the plugin host.
        assert_eq!(felt_headless::STOPPED_RULE, felt_abi::remote::PLUGIN_RULE);
    }
}
