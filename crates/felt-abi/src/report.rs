//! What discovery found of one library: where it was and how, and the plugin or why it was
//! refused. Its own module because both [`crate::discover`](mod@crate::discover), which makes reports, and
//! [`crate::cache`], which keeps them between runs, read it.

use crate::error::PluginError;
use crate::host::Plugin;
use std::path::PathBuf;
use std::sync::Arc;

/// Where a plugin was found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// Named with `--plugin`.
    CommandLine,
    /// The user data folder's `plugins/`.
    UserDir,
    /// Beside the `felt` executable.
    ExeDir,
}

impl Source {
    /// A word for listings.
    pub fn word(self) -> &'static str {
        match self {
            Source::CommandLine => "--plugin",
            Source::UserDir => "user",
            Source::ExeDir => "beside felt",
        }
    }
}

/// One library looked at: where, and either the loaded plugin or why it was refused.
#[derive(Debug)]
pub struct PluginReport {
    /// The library file.
    pub path: PathBuf,
    /// How it was found.
    pub source: Source,
    /// The plugin, or the reason it was refused.
    pub outcome: Result<Arc<Plugin>, PluginError>,
}
