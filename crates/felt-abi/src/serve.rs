//! The helper process's side of [`crate::child`]: it loads the plugin in-process and answers
//! the host's frames, wrapped as that module describes. Apart from `child.rs`, the host's end,
//! and standing on the in-process loader alone (`local.rs`), not on the host's `Plugin`, which
//! starts helpers: a helper forked from felt (`fork.rs`, which `child.rs` starts) runs this.

use felt_core::analysis::thread_cpu;
use std::io::{Read, Write};
use std::path::Path;
use std::time::Duration;

/// The helper's side: loads `library` and answers requests on standard input and output
/// until the input ends. Returns the process's exit code.
///
/// The plugin's own writes to standard output would corrupt the replies, so the replies go
/// to a copy of the descriptor taken first, and standard output is pointed at standard
/// error for the plugin.
pub fn serve(library: &Path) -> i32 {
    // Before anything else: a felt that ended meanwhile takes this helper with it.
    tie_to_host();
    // A host of another build speaks another framing: every request is answered with why.
    let framing = match std::env::var(FRAMING) {
        Ok(theirs) if theirs != framing() => Err(crate::PluginError::NotLoaded(format!(
            "its helper program was built for another felt (felt speaks {theirs}, the helper \
                 {}): rebuild felt, whose build makes its helper beside it",
            framing()
        ))),
        _ => Ok(()),
    };
    serve_here(library, framing)
}

/// [`serve`] once the helper is tied to felt and its framing checked (`framing`: why it
/// cannot serve, if so): also the whole life of a helper forked from felt (`fork.rs`), which
/// is felt's own build.
pub(crate) fn serve_here(library: &Path, framing: Result<(), crate::PluginError>) -> i32 {
    let (mut input, mut output) = match protocol_streams() {
        Ok(streams) => streams,
        Err(e) => {
            eprintln!("felt plugin-host: {e}");
            return 2;
        }
    };
    let plugin = framing.and_then(|()| crate::local::load(library));
    loop {
        let mut len = [0u8; 8];
        if input.read_exact(&mut len).is_err() {
            return 0;
        }
        let len = u64::from_le_bytes(len);
        let mut frame = Vec::new();
        if (&mut input).take(len).read_to_end(&mut frame).is_err() || frame.len() as u64 != len {
            return 0;
        }
        let written = match &plugin {
            Ok(table) => {
                let start = thread_cpu();
                crate::local::call(table, &frame, |status, bytes| {
                    // Measured before the reply is written: the plugin's work, not the pipe's.
                    let cpu = thread_cpu().saturating_sub(start);
                    reply(&mut output, status, cpu, bytes)
                })
            }
            Err(e) => reply(
                &mut output,
                STATUS_LOAD_FAILED,
                Duration::ZERO,
                e.to_string().as_bytes(),
            ),
        };
        if written.is_err() {
            return 0;
        }
    }
}

/// Writes one reply in one write where the pipe takes it: the host, waiting in `poll`, then
/// wakes once for it rather than once for each part (a one-deal `felt solve` makes four calls).
fn reply(out: &mut impl Write, status: i32, cpu: Duration, bytes: &[u8]) -> std::io::Result<()> {
    let nanos = u64::try_from(cpu.as_nanos()).unwrap_or(u64::MAX);
    let mut whole = Vec::with_capacity(20 + bytes.len());
    whole.extend_from_slice(&status.to_le_bytes());
    whole.extend_from_slice(&nanos.to_le_bytes());
    whole.extend_from_slice(&(bytes.len() as u64).to_le_bytes());
    whole.extend_from_slice(bytes);
    out.write_all(&whole)?;
    out.flush()
}

/// Standard input, and a private copy of standard output with the real one sent to stderr.
#[cfg(unix)]
fn protocol_streams() -> std::io::Result<(std::io::Stdin, std::fs::File)> {
    use std::os::unix::io::FromRawFd;
    // SAFETY: `dup` and `dup2` only take descriptors; the copy is owned by the File below.
    let copy = unsafe { libc::dup(1) };
    if copy < 0 {
        return Err(std::io::Error::last_os_error());
    }
    // SAFETY: as above.
    if unsafe { libc::dup2(2, 1) } < 0 {
        return Err(std::io::Error::last_os_error());
    }
    // SAFETY: `copy` is a fresh descriptor nothing else owns.
    Ok((std::io::stdin(), unsafe {
        std::fs::File::from_raw_fd(copy)
    }))
}

#[cfg(not(unix))]
fn protocol_streams() -> std::io::Result<(std::io::Stdin, std::io::Stdout)> {
    Ok((std::io::stdin(), std::io::stdout()))
}

/// The status of a reply that carries a load failure (its message) instead of a plugin's
/// answer: the helper could not load the library.
pub(crate) const STATUS_LOAD_FAILED: i32 = -1000;

/// The environment variable through which the host tells a helper which framing it speaks
/// ([`framing`]): a helper program of another build (a `felt-helper` left beside a newer
/// felt) refuses to serve, saying so, instead of answering in words the host misreads.
pub(crate) const FRAMING: &str = "FELT_PLUGIN_FRAMING";

/// This build's framing: felt-abi's version, the ABI and the message schema. The wrapping
/// described at the top of `child.rs` belongs to felt-abi's version.
pub(crate) fn framing() -> String {
    format!(
        "felt-abi {} abi {} schema {}",
        env!("CARGO_PKG_VERSION"),
        crate::ABI_VERSION,
        crate::schema::text(crate::SCHEMA_HASH)
    )
}

/// The environment variable through which felt tells a helper its process id, so that the
/// helper can tie its life to felt's ([`tie_to_host`]).
pub(crate) const HOST_PID: &str = "FELT_PLUGIN_HOST_PID";

/// In a helper started as a program (`child.rs`'s `spawn_tied`): asks the kernel to kill this
/// process when the thread that started it ends, then checks that its parent is still that
/// felt (if felt ended before the request, the request came too late, and the helper ends
/// here). Does nothing in a process started otherwise.
pub(crate) fn tie_to_host() {
    #[cfg(target_os = "linux")]
    {
        let Some(host) = std::env::var_os(HOST_PID) else {
            return;
        };
        // Not passed on to whatever the plugin itself starts.
        std::env::remove_var(HOST_PID);
        let host: Option<u32> = host.to_str().and_then(|t| t.parse().ok());
        // SAFETY: `prctl` with PR_SET_PDEATHSIG and `getppid` are plain system calls on this
        // process.
        let tied = unsafe { libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL as libc::c_ulong) };
        // SAFETY: as above.
        let parent = unsafe { libc::getppid() } as u32;
        if tied != 0 || host != Some(parent) {
            std::process::exit(2);
        }
    }
}
