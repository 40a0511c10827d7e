//! Why a plugin could not be loaded or did not answer: below both the loader ([`crate::host`])
//! and the helper process's link ([`crate::child`]), which each fail with it.

/// Why a plugin could not be loaded or did not answer.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PluginError {
    /// The file is not a shared library this system can load.
    #[error("not a loadable library: {0}")]
    NotALibrary(String),
    /// A link in a plugins folder that leads to no library file.
    #[error("a link to {target}, {why}")]
    BrokenLink {
        /// Where the link points.
        target: String,
        /// Why that is no library: gone, a loop, not a file.
        why: String,
    },
    /// The library has no felt entry point.
    #[error("no entry point `felt_plugin_entry`: not a felt plugin (a plugin exports one with felt_abi::export_ruleset!)")]
    NoEntry,
    /// The entry point returned no table.
    #[error("the plugin failed while starting (its entry point returned no table)")]
    NoTable,
    /// The plugin speaks another ABI version.
    #[error("the plugin speaks felt plugin ABI {found}, this felt speaks ABI {expected}: rebuild the plugin against this felt's felt-abi")]
    AbiMismatch {
        /// The plugin's version.
        found: u32,
        /// Ours.
        expected: u32,
    },
    /// The plugin's hello names another ABI or another shape of the messages
    /// ([`crate::SCHEMA_HASH`]) than this felt's: it was built against another felt-abi.
    #[error(
        "the plugin speaks felt plugin ABI {abi} with message schema {theirs}, this felt speaks ABI {ours_abi} with message schema {ours}: rebuild the plugin against this felt's felt-abi",
        theirs = schema.map_or_else(|| "unstated (a plugin older than schema hashes)".to_string(), crate::schema::text),
        ours_abi = crate::ABI_VERSION,
        ours = crate::schema::text(crate::SCHEMA_HASH),
    )]
    SchemaMismatch {
        /// The ABI its hello names.
        abi: u32,
        /// The schema hash its hello names, if any.
        schema: Option<u64>,
    },
    /// The table lacks a function.
    #[error("the plugin's table has no `{0}` function")]
    MissingFunction(&'static str),
    /// A ruleset with the same id was already loaded.
    #[error("ruleset '{id}' is already provided by {first}")]
    Duplicate {
        /// The ruleset id.
        id: String,
        /// The plugin that provides it.
        first: String,
    },
    /// The plugin panicked while answering.
    #[error("the plugin panicked: {0}")]
    Panicked(String),
    /// The plugin refused the request.
    #[error("the plugin refused the request: {0}")]
    Refused(String),
    /// The reply does not decode.
    #[error("the plugin's reply does not decode: {0}")]
    BadReply(String),
    /// The plugin's helper process crashed, hung, sent too much or could not start
    /// ([`crate::Isolation`]); the plugin is stopped for the rest of this felt.
    #[error("the plugin stopped: {0}")]
    Process(String),
    /// The plugin did not answer a call within its time limit, and its helper process was
    /// stopped ([`crate::Isolation::call_limit`]). Apart from [`PluginError::Process`] because
    /// a hang costs the whole limit each time: a build request that hangs is remembered in
    /// felt's plugin cache, as a refusal is, and not sent again to the same file.
    #[error("the plugin stopped: {0}")]
    TimedOut(String),
    /// The helper process could not load the library: what loading it said (the message
    /// loading it in this process would give).
    #[error("{0}")]
    NotLoaded(String),
    /// A refusal remembered from an earlier run (felt's plugin cache), for a library that
    /// has not changed since.
    #[error("{0} (as when felt last tried this file: `felt plugins --refresh` tries again)")]
    Remembered(String),
    /// The library said something else on loading than when felt listed it, though its file
    /// looks the same.
    #[error("the plugin is not what felt listed: run `felt plugins --refresh`")]
    Changed,
    /// A reply of the wrong kind.
    #[error("the plugin answered '{got}' to a '{asked}' request")]
    Unexpected {
        /// The request.
        asked: &'static str,
        /// The reply.
        got: &'static str,
    },
}
