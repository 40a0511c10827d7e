//! felt's standard output for what scripts read (a headless game's answers, a deal), kept
//! apart from what plugin code prints when plugins run in felt's own process
//! (`--plugins-in-process`).
//!
//! The descriptor table is the process's, so the one sound way is to move felt's output, not
//! the plugin's: before any plugin is loaded, felt keeps a copy of its standard output and
//! points descriptor 1 at standard error for the rest of its life. Whatever plugin code then
//! writes to standard output (on any thread, at any time, through Rust's or C's buffers)
//! lands on standard error, and felt's answers go to the copy. Pointing descriptor 1 away only
//! around each plugin call would also send away what felt's other threads print meanwhile,
//! and still let through what a plugin's own threads or buffers write between calls. In a
//! helper process (the default) the helper does the same for its plugin (`felt_abi::serve`),
//! and felt's standard output is left as it is.

use std::io::Write;
use std::sync::OnceLock;

/// The copy of the original standard output, once made.
static KEPT: OnceLock<Option<std::fs::File>> = OnceLock::new();

/// Where felt writes its machine-read output: standard output, or with plugins in felt's
/// process, the kept copy of it (made at the first call, which must come before any plugin
/// is loaded). If no copy can be made, standard output as it is.
pub fn stdout() -> Box<dyn Write> {
    if crate::plugin_isolation::isolation().is_some() {
        return Box::new(std::io::stdout());
    }
    match KEPT.get_or_init(keep) {
        Some(file) => Box::new(file),
        None => Box::new(std::io::stdout()),
    }
}

/// Copies descriptor 1 and points it at standard error.
#[cfg(unix)]
fn keep() -> Option<std::fs::File> {
    use std::os::fd::FromRawFd;
    // Nothing of felt's may wait in the buffer of the descriptor that is about to move.
    let _ = std::io::stdout().flush();
    // SAFETY: `fcntl` and `dup2` only take and make descriptors; the copy is closed on exec
    // so that no process felt starts holds it.
    let copy = unsafe { libc::fcntl(1, libc::F_DUPFD_CLOEXEC, 3) };
    if copy < 0 {
        return None;
    }
    // SAFETY: as above.
    if unsafe { libc::dup2(2, 1) } < 0 {
        // SAFETY: `copy` is ours alone.
        unsafe { libc::close(copy) };
        return None;
    }
    // SAFETY: `copy` is a fresh descriptor that nothing else owns.
    Some(unsafe { std::fs::File::from_raw_fd(copy) })
}

#[cfg(not(unix))]
fn keep() -> Option<std::fs::File> {
    None
}
