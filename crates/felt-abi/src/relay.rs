//! A helper process's standard error, passed on to felt's own through felt-core's sanitiser
//! (`felt_core::text::Visible`): what a plugin prints reaches the terminal with its control
//! characters shown (`\x1b`), never obeyed.
//!
//! A thread passes on what comes between calls. After each reply the caller also drains what
//! the plugin wrote before it: the plugin finished those writes before it replied, so they
//! are in the pipe, and they come before anything felt prints next, as they did when the
//! helper wrote to felt's own descriptor.
//!
//! In a batch ([`crate::Isolation::batch`]) there is no thread: calls follow one another, and
//! a call that waits for its reply passes on what comes meanwhile ([`Relay::waits_on`]), so a
//! plugin that writes much during a call never fills the pipe and blocks. What a plugin writes
//! between calls waits in the pipe for the next call, or for the helper's end. A thread that
//! started, waited and ended with each helper cost a one-deal `felt solve` a sixth of a
//! millisecond (docs/process-cost.md).

use felt_core::text::Visible;
use std::io::{Read, Write};
use std::process::ChildStderr;
use std::sync::{Arc, Mutex, PoisonError};

/// The host's end of a helper's standard error.
pub(crate) struct Relay {
    shared: Arc<Mutex<Pipe>>,
    /// Whether a thread passes on what comes between calls.
    threaded: bool,
}

/// The pipe and where its text goes; one reader at a time.
struct Pipe {
    from: ChildStderr,
    to: Visible<std::io::Stderr>,
    /// Whether the helper may still write (no end of file seen yet).
    open: bool,
}

impl Relay {
    /// Passes on what `from` brings from now on: on a thread of its own when `threaded` (or
    /// elsewhere than Unix, where the pipe is not read without blocking), else as the calls
    /// drain it (see the module's documentation).
    pub(crate) fn start(from: ChildStderr, threaded: bool) -> Relay {
        let threaded = threaded || cfg!(not(unix));
        #[cfg(unix)]
        {
            use std::os::fd::AsRawFd;
            let fd = from.as_raw_fd();
            // SAFETY: `fd` is the open pipe `from` owns; F_GETFL and F_SETFL only change its
            // status flags. Non-blocking, a drain reads what is there and stops.
            unsafe {
                let flags = libc::fcntl(fd, libc::F_GETFL);
                if flags >= 0 {
                    libc::fcntl(fd, libc::F_SETFL, flags | libc::O_NONBLOCK);
                }
            }
        }
        let shared = Arc::new(Mutex::new(Pipe {
            from,
            to: Visible::new(std::io::stderr()),
            open: true,
        }));
        if threaded {
            let thread = Arc::clone(&shared);
            // Without the thread the pipe is still drained after every reply; only what the
            // plugin writes between calls waits for the next one.
            let _ = std::thread::Builder::new()
                .name("felt-plugin-stderr".to_string())
                .spawn(move || follow(&thread));
        }
        Relay { shared, threaded }
    }

    /// The pipe a waiting call should watch too, and drain when it has text: when no thread
    /// does, and the helper may still write. (Unix only: elsewhere a thread always reads.)
    #[cfg(unix)]
    pub(crate) fn waits_on(&self) -> Option<std::os::fd::RawFd> {
        use std::os::fd::AsRawFd;
        if self.threaded {
            return None;
        }
        let pipe = self.shared.lock().unwrap_or_else(PoisonError::into_inner);
        pipe.open.then(|| pipe.from.as_raw_fd())
    }

    /// Passes on what the helper has written so far. (Elsewhere than Unix the pipe blocks,
    /// so only the thread reads it.)
    pub(crate) fn drain(&self) {
        #[cfg(unix)]
        let mut pipe = self.shared.lock().unwrap_or_else(PoisonError::into_inner);
        #[cfg(unix)]
        pass_on(&mut pipe);
    }
}

/// Waits for text and passes it on, until the helper's end closes.
fn follow(shared: &Mutex<Pipe>) {
    loop {
        #[cfg(unix)]
        {
            use std::os::fd::AsRawFd;
            let fd = shared
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .from
                .as_raw_fd();
            let mut poll = libc::pollfd {
                fd,
                events: libc::POLLIN,
                revents: 0,
            };
            // SAFETY: one valid pollfd; the pipe stays open while `shared` holds it. The lock
            // is not held while waiting, so a drain never waits for text to come.
            let ready = unsafe { libc::poll(&mut poll, 1, -1) };
            if ready < 0
                && std::io::Error::last_os_error().kind() != std::io::ErrorKind::Interrupted
            {
                return;
            }
        }
        let mut pipe = shared.lock().unwrap_or_else(PoisonError::into_inner);
        pass_on(&mut pipe);
        if !pipe.open {
            return;
        }
    }
}

/// Reads what the pipe holds now and writes it on, escaped.
fn pass_on(pipe: &mut Pipe) {
    let mut buf = [0u8; 4096];
    while pipe.open {
        match pipe.from.read(&mut buf) {
            Ok(0) => pipe.open = false,
            Ok(n) => {
                let _ = pipe.to.write_all(&buf[..n]);
            }
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            // Nothing more for now (non-blocking), or the pipe failed.
            Err(e) => {
                if e.kind() != std::io::ErrorKind::WouldBlock {
                    pipe.open = false;
                }
                break;
            }
        }
    }
    let _ = pipe.to.flush();
}
