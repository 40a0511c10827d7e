//! A plugin's library in this process: loaded (its file checked first where that can be
//! done), its table asked for and checked, and called. What the host's [`crate::Plugin`] does
//! with a plugin in felt's own process, and all a helper does to serve one
//! ([`crate::serve()`]): kept apart from host.rs so that serving stands on nothing that starts
//! helpers (a helper forked from felt, `fork.rs`, serves with this module alone).

use crate::error::PluginError;
use crate::{EntryFn, PluginTable, ReplyBuffer, ABI_VERSION, ENTRY_SYMBOL, STATUS_ERROR};
use std::path::Path;

/// The entry function of the library at `path`, loaded for the rest of the process.
pub(crate) fn entry_of(path: &Path) -> Result<EntryFn, PluginError> {
    // A file cut short would be mapped anyway and kill the process on first touch.
    #[cfg(all(unix, not(target_os = "macos")))]
    crate::elf::check(path).map_err(PluginError::NotALibrary)?;
    // SAFETY: loading a library runs its initialisers: a plugin is trusted native code, as
    // the README says. Everything after this point is checked.
    let library = unsafe { libloading::Library::new(path) }
        .map_err(|e| PluginError::NotALibrary(e.to_string()))?;
    // Never unloaded: see the type's documentation.
    let library: &'static libloading::Library = Box::leak(Box::new(library));
    // SAFETY: the symbol's type is the ABI's entry type; a library exporting this name with
    // another type is not a felt plugin, and no signature check is possible in C.
    let entry: libloading::Symbol<'static, EntryFn> =
        unsafe { library.get(ENTRY_SYMBOL) }.map_err(|_| PluginError::NoEntry)?;
    Ok(*entry)
}

/// Loads the library at `path` and checks its table (ABI version, functions), without asking
/// who it is: what a helper serves. The host asks that itself, through the helper, as its
/// first request, and checks the answer: asking here too built, encoded and decoded the whole
/// hello (every bundled variant file) twice a helper start.
pub(crate) fn load(path: &Path) -> Result<&'static PluginTable, PluginError> {
    // SAFETY: `entry_of` gives an entry found under the ABI's name, as `table_of` asks.
    unsafe { table_of(entry_of(path)?) }
}

/// The table `entry` returns, once its ABI version and functions are checked.
///
/// # Safety
/// `entry` must follow the ABI: return null or a table valid for the rest of the process.
pub(crate) unsafe fn table_of(entry: EntryFn) -> Result<&'static PluginTable, PluginError> {
    // SAFETY: the caller vouches for `entry`.
    let table = unsafe { entry() };
    // SAFETY: the caller vouches that a non-null table lives forever.
    let table = unsafe { table.as_ref() }.ok_or(PluginError::NoTable)?;
    // The version comes first and alone: nothing else of a foreign table is trusted.
    if table.abi_version != ABI_VERSION {
        return Err(PluginError::AbiMismatch {
            found: table.abi_version,
            expected: ABI_VERSION,
        });
    }
    if table.call.is_none() {
        return Err(PluginError::MissingFunction("call"));
    }
    if table.free.is_none() {
        return Err(PluginError::MissingFunction("free"));
    }
    Ok(table)
}

/// Calls the plugin's `call` with one request and hands its reply to `read`, then frees the
/// reply with the plugin's `free`.
pub(crate) fn call<T>(
    table: &PluginTable,
    request: &[u8],
    read: impl FnOnce(i32, &[u8]) -> T,
) -> T {
    let (Some(call), Some(free)) = (table.call, table.free) else {
        // Checked when the plugin was loaded.
        return read(STATUS_ERROR, b"the plugin's table lost a function");
    };
    let mut reply = ReplyBuffer::empty();
    // SAFETY: the request slice is valid for the call; `reply` is a writable buffer.
    let status = unsafe { call(table.ctx, request.as_ptr(), request.len(), &mut reply) };
    let bytes: &[u8] = if reply.ptr.is_null() || reply.len == 0 {
        &[]
    } else {
        // SAFETY: the plugin wrote `len` bytes at `ptr`, ours to read until `free`.
        unsafe { std::slice::from_raw_parts(reply.ptr, reply.len) }
    };
    let result = read(status, bytes);
    // SAFETY: the buffer came from this plugin's `call` and is freed once, by the plugin.
    unsafe { free(table.ctx, reply) };
    result
}
