//! A batch's helper ([`crate::Isolation::batch`]) started as a copy of felt's own process
//! (`fork` without `exec`), where felt has one thread: the copy is already a running program,
//! so it skips what starting a program costs (the kernel's exec, the dynamic loader's work and
//! the C and Rust runtimes' starts), 4.60 -> 3.68 ms of CPU for a one-deal `felt solve`
//! (docs/process-cost.md). It serves exactly as a started helper does ([`crate::serve()`]): it
//! loads the library itself (`local.rs`), and what the plugin does there touches only the copy.
//!
//! Sound only where nothing else runs in felt at the fork: a thread holding a lock (the
//! allocator's, standard output's) at that instant would leave it held for ever in the copy.
//! So [`start`] forks only when felt's main thread is the process's only thread (read from
//! the kernel's count, not assumed), and from that thread, which lives as long as felt and
//! which the copy's end-with-felt request ([`libc::PR_SET_PDEATHSIG`]) is tied to. Elsewhere
//! the helper is started as a program ([`crate::child`]).
//!
//! Only in a batch: the copy carries felt's command line (it is named `felt-helper` for `ps`
//! and `top`), and a game's helpers are looked for by their own.
//!
//! The copy never returns into felt's code: it serves, then ends with `_exit`, so none of
//! felt's exit work runs twice (no buffered output of felt's is written by the copy, no
//! destructor of felt's runs). It keeps only its three pipes: every other descriptor it
//! inherited (felt's files, other helpers' pipes) is closed first, so no helper holds another
//! helper's pipe open past that helper's end.

use std::io;
use std::os::fd::{FromRawFd, OwnedFd, RawFd};
use std::os::unix::net::UnixStream;
use std::os::unix::process::ExitStatusExt;
use std::path::Path;
use std::process::{ChildStderr, ChildStdout, ExitStatus};

/// A helper process forked from felt: its id, and how it ended once reaped.
pub(crate) struct Forked {
    pid: libc::pid_t,
    ended: Option<ExitStatus>,
}

impl Forked {
    /// Ends the helper (SIGKILL) unless it was reaped already.
    pub(crate) fn kill(&mut self) {
        if self.ended.is_none() {
            // SAFETY: `kill` only signals; the process is ours and not yet reaped, so the id
            // still names it.
            unsafe { libc::kill(self.pid, libc::SIGKILL) };
        }
    }

    /// Waits for the helper to end, and reaps it (once: later calls give the same status).
    pub(crate) fn wait(&mut self) -> io::Result<ExitStatus> {
        if let Some(status) = self.ended {
            return Ok(status);
        }
        let mut status = 0;
        loop {
            // SAFETY: `waitpid` writes the status into the local it is given.
            let got = unsafe { libc::waitpid(self.pid, &mut status, 0) };
            if got == self.pid {
                let status = ExitStatus::from_raw(status);
                self.ended = Some(status);
                return Ok(status);
            }
            let error = io::Error::last_os_error();
            if error.kind() != io::ErrorKind::Interrupted {
                return Err(error);
            }
        }
    }
}

/// The host's ends of a forked helper: the process, its requests' channel, its replies and
/// its standard error.
pub(crate) struct Ends {
    /// The helper process.
    pub(crate) process: Forked,
    /// Where requests go (a socket: a write to a helper that died fails rather than raising
    /// SIGPIPE, as for a started helper).
    pub(crate) requests: UnixStream,
    /// The helper's standard output: its replies.
    pub(crate) replies: ChildStdout,
    /// The helper's standard error.
    pub(crate) errors: ChildStderr,
}

/// Forks a helper serving `library`, when it is sound here (see the module's documentation):
/// `None` when felt has another thread or this is not its main thread, and the caller starts
/// the helper as a program instead.
pub(crate) fn start(library: &Path) -> Option<io::Result<Ends>> {
    // SAFETY: `gettid` and `getpid` only read the caller's ids.
    if unsafe { libc::gettid() != libc::getpid() } || threads() != Some(1) {
        return None;
    }
    Some(fork_serving(library))
}

/// The number of threads in this process, as the kernel counts them (`/proc/self/stat`'s
/// twentieth field).
fn threads() -> Option<u64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // The second field is the command's name in parentheses, which may hold anything.
    let rest = &stat[stat.rfind(')')? + 1..];
    rest.split_whitespace().nth(17)?.parse().ok()
}

/// A pipe's two ends, reading then writing, closed on exec (nothing here execs, but felt's
/// other helpers started as programs must not inherit them).
fn pipe() -> io::Result<(OwnedFd, OwnedFd)> {
    let mut fds = [0; 2];
    // SAFETY: `pipe2` writes two new descriptors into `fds`, which the OwnedFds then own.
    if unsafe { libc::pipe2(fds.as_mut_ptr(), libc::O_CLOEXEC) } < 0 {
        return Err(io::Error::last_os_error());
    }
    // SAFETY: both are fresh descriptors nothing else owns.
    Ok(unsafe { (OwnedFd::from_raw_fd(fds[0]), OwnedFd::from_raw_fd(fds[1])) })
}

fn fork_serving(library: &Path) -> io::Result<Ends> {
    use std::os::fd::AsRawFd;
    let (requests, their_requests) = UnixStream::pair()?;
    let (replies, their_replies) = pipe()?;
    let (errors, their_errors) = pipe()?;
    // SAFETY: `getpid` only reads this process's id.
    let host = unsafe { libc::getpid() };
    let theirs = [
        their_requests.as_raw_fd(),
        their_replies.as_raw_fd(),
        their_errors.as_raw_fd(),
    ];
    // SAFETY: this is felt's only thread (checked by `start`), so the copy holds no lock
    // another thread held, and it runs `serve_copy` and ends with `_exit` without returning
    // here.
    match unsafe { libc::fork() } {
        -1 => Err(io::Error::last_os_error()),
        0 => {
            let code = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                serve_copy(library, host, theirs)
            }))
            .unwrap_or(3);
            // SAFETY: ends the copy at once, running none of felt's exit work.
            unsafe { libc::_exit(code) }
        }
        pid => Ok(Ends {
            process: Forked { pid, ended: None },
            requests,
            replies: ChildStdout::from(replies),
            errors: ChildStderr::from(errors),
        }),
    }
}

/// The copy's life: its pipes made its standard streams, every other descriptor closed, tied
/// to felt's end, then serving. Returns its exit code.
fn serve_copy(library: &Path, host: libc::pid_t, theirs: [RawFd; 3]) -> i32 {
    // SAFETY: plain system calls on this process's descriptors, signals and parent; the
    // descriptors are first moved above the standard three so that placing one cannot close
    // another that happened to sit there.
    unsafe {
        let mut high = [0; 3];
        for (to, from) in high.iter_mut().zip(theirs) {
            *to = libc::fcntl(from, libc::F_DUPFD, 10);
            if *to < 0 {
                return 2;
            }
        }
        for (standard, from) in high.into_iter().enumerate() {
            if libc::dup2(from, standard as RawFd) < 0 {
                return 2;
            }
        }
        if libc::syscall(libc::SYS_close_range, 3u32, u32::MAX, 0u32) != 0 {
            // A kernel before 5.9: close them one by one.
            for fd in 3..1024 {
                libc::close(fd);
            }
        }
        // Named for what it is in `ps` and `top` (its command line stays felt's).
        libc::prctl(libc::PR_SET_NAME, c"felt-helper".as_ptr());
        // A started Rust program ignores SIGPIPE; the copy keeps felt's choice otherwise.
        libc::signal(libc::SIGPIPE, libc::SIG_IGN);
        if libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL as libc::c_ulong) != 0
            || libc::getppid() != host
        {
            return 2;
        }
    }
    crate::serve::serve_here(library, Ok(()))
}
