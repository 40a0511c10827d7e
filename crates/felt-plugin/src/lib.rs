//! The plugin side of felt's ABI (✱ contract 7): what a ruleset crate links to be loaded by
//! felt at run time, and nothing of the host's (no loader, no files, no processes).
//!
//! A plugin is a `cdylib` exporting one C function, [`ENTRY_SYMBOL`], that returns a
//! [`PluginTable`]: the ABI version first, then a `call` that takes one serialized request and
//! writes one serialized reply, and a `free` that gives the reply's memory back to the plugin
//! that allocated it. Nothing Rust-specific crosses: only bytes, lengths and C function pointers.
//! Implement [`felt_core::RulesetFactory`] and write `felt_plugin::export_ruleset!(MyFactory);`
//! ([`export`]). The wire format is described in [`protocol`]; the host side is the felt-abi
//! crate, which only the host links.

#![warn(missing_docs)]

pub mod export;
pub mod protocol;
pub mod schema;

use std::ffi::c_void;

/// The ABI this crate speaks. Bumped on any change of [`PluginTable`] or of the protocol.
pub const ABI_VERSION: u32 = 2;

/// The shape of the messages: a hash of their golden samples (see [`schema`]), said in every
/// plugin's hello. felt refuses, when it loads it, a plugin whose hash is not its own.
pub const SCHEMA_HASH: u64 = schema::hash(schema::GOLDEN);

/// The name of the one exported function, NUL-terminated as the loader wants it.
pub const ENTRY_SYMBOL: &[u8] = b"felt_plugin_entry\0";

/// `call` succeeded: the reply buffer holds a reply frame.
pub const STATUS_OK: i32 = 0;
/// The request was refused (it did not decode, or named an unknown instance): the reply
/// buffer holds a UTF-8 message.
pub const STATUS_ERROR: i32 = 1;
/// The plugin panicked while answering: the reply buffer holds the panic message.
pub const STATUS_PANIC: i32 = 2;

/// A reply allocated by the plugin and freed only by the plugin's `free`.
#[repr(C)]
#[derive(Debug)]
pub struct ReplyBuffer {
    /// First byte, or null for an empty reply.
    pub ptr: *mut u8,
    /// Bytes in the reply.
    pub len: usize,
    /// The allocation's capacity, which `free` needs to release it.
    pub cap: usize,
}

impl ReplyBuffer {
    /// An empty buffer, for the host to hand to `call`.
    pub const fn empty() -> ReplyBuffer {
        ReplyBuffer {
            ptr: std::ptr::null_mut(),
            len: 0,
            cap: 0,
        }
    }
}

/// `call(ctx, request, request_len, reply) -> status`: answers one request frame.
pub type CallFn = unsafe extern "C" fn(
    ctx: *const c_void,
    request: *const u8,
    request_len: usize,
    reply: *mut ReplyBuffer,
) -> i32;

/// `free(ctx, reply)`: releases a reply written by `call`.
pub type FreeFn = unsafe extern "C" fn(ctx: *const c_void, reply: ReplyBuffer);

/// The entry point's type: returns the plugin's table, or null if the plugin failed to start.
pub type EntryFn = unsafe extern "C" fn() -> *const PluginTable;

/// What the entry point returns. The table lives as long as the library.
///
/// `abi_version` must stay the first field in every future version: the host reads it before
/// anything else and trusts nothing more of a table whose version differs.
#[repr(C)]
#[derive(Debug)]
pub struct PluginTable {
    /// [`ABI_VERSION`] of the felt-abi the plugin was built with.
    pub abi_version: u32,
    /// The plugin's own context, passed back to `call` and `free`.
    pub ctx: *const c_void,
    /// Answers a request.
    pub call: Option<CallFn>,
    /// Frees a reply.
    pub free: Option<FreeFn>,
}

// The table is immutable after creation and `ctx` points to data the plugin shares between
// threads behind its own locks.
unsafe impl Send for PluginTable {}
unsafe impl Sync for PluginTable {}
