//! The host side of felt's plugin ABI (✱ contract 7): rulesets compiled on their own and
//! loaded at run time. The plugin side (the table a plugin exports, the protocol and
//! `export_ruleset!`) is the felt-plugin crate, re-exported here, so a plugin links none of
//! the loader, the cache or the helper process.
//!
//! A plugin is a `cdylib` exporting one C function, [`ENTRY_SYMBOL`], that returns a
//! [`PluginTable`]: the ABI version first, then a `call` that takes one serialized request and
//! writes one serialized reply, and a `free` that gives the reply's memory back to the plugin
//! that allocated it. Nothing Rust-specific crosses: only bytes, lengths and C function pointers.
//!
//! - Plugin side (felt-plugin): implement [`felt_core::RulesetFactory`] and write
//!   `felt_plugin::export_ruleset!(MyFactory);` ([`export`]).
//! - Host side: [`discover`](discover::discover) finds and loads plugins ([`host::Plugin`]);
//!   each becomes a [`felt_core::RulesetFactory`] whose instances are ordinary
//!   [`felt_core::DynRuleset`]s ([`remote`]), so a plugin travels the same path as a built-in.
//!
//! The wire format is described in [`protocol`].

#![warn(missing_docs)]

mod analysts;
pub mod cache;
pub mod child;
pub mod discover;
#[cfg(all(unix, not(target_os = "macos")))]
mod elf;
pub mod error;
mod factory;
#[cfg(target_os = "linux")]
mod fork;
pub mod host;
mod local;
mod own;
mod relay;
pub mod remote;
mod replies;
pub mod report;
pub mod serve;

pub use cache::Cache;
pub use child::{served_cpu, Isolation};
pub use discover::{discover, discover_cached, discover_in, register, register_one, Locations};
pub use error::PluginError;
pub use factory::PluginFactory;
pub use felt_plugin::{
    export, export_ruleset, protocol, schema, CallFn, EntryFn, FreeFn, PluginTable, ReplyBuffer,
    ABI_VERSION, ENTRY_SYMBOL, SCHEMA_HASH, STATUS_ERROR, STATUS_OK, STATUS_PANIC,
};
pub use host::{Plugin, Verdict};
pub use remote::PluginRuleset;
pub use report::{PluginReport, Source};
pub use serve::serve;
