//! The host's end of a helper's replies ([`crate::child`]'s framing): each reply as it comes,
//! waited for at most a given time, so a call can give up on a hung plugin or ask between
//! waits whether it is still wanted.
//!
//! On Unix the calling thread reads the pipe itself: non-blocking, with `poll` to wait. A
//! thread of its own that blocked on the pipe and handed each reply on cost every helper
//! started a thread, and every call two more switches between threads (a one-deal `felt
//! solve` counts both: docs/process-cost.md). Elsewhere such a thread still reads it.

use std::time::Duration;

/// One reply: the plugin's status, the helper's CPU time over the call, the plugin's bytes.
pub(crate) struct Answer {
    /// The plugin's status, or [`crate::serve::STATUS_LOAD_FAILED`].
    pub(crate) status: i32,
    /// The helper's serving thread's CPU time over the call.
    pub(crate) cpu: Duration,
    /// The plugin's reply.
    pub(crate) bytes: Vec<u8>,
}

/// The length of a reply's head: status, CPU time and length.
const HEAD: usize = 20;

/// A reply's head: its status, CPU time and length.
fn head(bytes: &[u8; HEAD]) -> (i32, Duration, u64) {
    let word = |from: usize| {
        let mut word = [0u8; 8];
        word.copy_from_slice(&bytes[from..from + 8]);
        u64::from_le_bytes(word)
    };
    let status = i32::from_le_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]);
    (status, Duration::from_nanos(word(4)), word(12))
}

/// Why a reply of `len` bytes is refused.
fn too_large(len: u64, limit: u64) -> String {
    format!("it sent a reply of {len} bytes, over the limit of {limit}, and was stopped")
}

#[cfg(unix)]
pub(crate) use unix::Replies;

#[cfg(unix)]
mod unix {
    use super::{head, too_large, Answer, HEAD};
    use crate::relay::Relay;
    use std::io::Read;
    use std::os::fd::AsRawFd;
    use std::process::ChildStdout;
    use std::time::{Duration, Instant};

    /// The helper's standard output, read by whoever waits for a reply.
    pub(crate) struct Replies {
        out: ChildStdout,
        limit: u64,
        /// What has been read and not handed on yet: part of a reply.
        buf: Vec<u8>,
        /// Why no more replies come, once the pipe ended (empty: the caller says how the
        /// process ended) or a reply was too large.
        ended: Option<String>,
    }

    impl Replies {
        /// Reads `out`, taking replies of at most `limit` bytes.
        pub(crate) fn new(out: ChildStdout, limit: u64) -> std::io::Result<Replies> {
            let fd = out.as_raw_fd();
            // SAFETY: `fd` is the open pipe `out` owns; F_GETFL and F_SETFL only change its
            // status flags. Non-blocking, a read takes what is there and `poll` waits.
            unsafe {
                let flags = libc::fcntl(fd, libc::F_GETFL);
                if flags < 0 || libc::fcntl(fd, libc::F_SETFL, flags | libc::O_NONBLOCK) < 0 {
                    return Err(std::io::Error::last_os_error());
                }
            }
            Ok(Replies {
                out,
                limit,
                buf: Vec::new(),
                ended: None,
            })
        }

        /// The next reply, if one comes within `wait`: `Ok(None)` if not yet, `Err` (the
        /// reason, empty when the pipe just ended) once none can come. Meanwhile what the
        /// helper writes to its standard error is passed on by `errors`, when no thread of
        /// its own does ([`Relay::waits_on`]).
        pub(crate) fn next(
            &mut self,
            wait: Duration,
            errors: Option<&Relay>,
        ) -> Result<Option<Answer>, String> {
            let deadline = Instant::now() + wait;
            let mut chunk = [0u8; 64 << 10];
            loop {
                if let Some(answer) = self.take()? {
                    return Ok(Some(answer));
                }
                if let Some(why) = &self.ended {
                    return Err(why.clone());
                }
                match self.out.read(&mut chunk) {
                    Ok(0) => self.ended = Some(String::new()),
                    Ok(n) => self.buf.extend_from_slice(&chunk[..n]),
                    Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                    Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {
                        let left = deadline.saturating_duration_since(Instant::now());
                        if left.is_zero() || !self.ready_within(left, errors) {
                            return Ok(None);
                        }
                    }
                    Err(_) => self.ended = Some(String::new()),
                }
            }
        }

        /// Whether the pipe, or the standard error `errors` watches, has something to read
        /// (or has ended) within `left`; what came on standard error is passed on.
        fn ready_within(&self, left: Duration, errors: Option<&Relay>) -> bool {
            let watched = errors.and_then(Relay::waits_on);
            let mut polls = [
                libc::pollfd {
                    fd: self.out.as_raw_fd(),
                    events: libc::POLLIN,
                    revents: 0,
                },
                libc::pollfd {
                    fd: watched.unwrap_or(-1),
                    events: libc::POLLIN,
                    revents: 0,
                },
            ];
            let count = if watched.is_some() { 2 } else { 1 };
            // At least a millisecond, so a wait never spins.
            let ms = left.as_millis().clamp(1, i32::MAX as u128) as i32;
            // SAFETY: `count` valid pollfds, on pipes `out` and the relay keep open.
            let ready = unsafe { libc::poll(polls.as_mut_ptr(), count, ms) };
            if polls[1].revents != 0 {
                if let Some(errors) = errors {
                    errors.drain();
                }
            }
            // An interrupted wait reads again, and waits again if there is still nothing.
            ready != 0
        }

        /// The first whole reply read, if any; a head that announces too much ends the replies.
        fn take(&mut self) -> Result<Option<Answer>, String> {
            let Some(first) = self.buf.first_chunk::<HEAD>() else {
                return Ok(None);
            };
            let (status, cpu, len) = head(first);
            if len > self.limit {
                let why = too_large(len, self.limit);
                self.ended = Some(why.clone());
                self.buf.clear();
                return Err(why);
            }
            // At most `limit` bytes: the length was checked above.
            let end = HEAD + len as usize;
            if self.buf.len() < end {
                return Ok(None);
            }
            let bytes = self.buf[HEAD..end].to_vec();
            self.buf.drain(..end);
            Ok(Some(Answer { status, cpu, bytes }))
        }
    }
}

#[cfg(not(unix))]
pub(crate) use thread::Replies;

#[cfg(not(unix))]
mod thread {
    use super::{head, too_large, Answer, HEAD};
    use std::io::Read;
    use std::process::ChildStdout;
    use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
    use std::time::Duration;

    /// The helper's standard output, read by a thread of its own that blocks on the pipe.
    pub(crate) struct Replies {
        replies: Receiver<Result<Answer, String>>,
    }

    impl Replies {
        /// Reads `out` on a thread, taking replies of at most `limit` bytes.
        pub(crate) fn new(out: ChildStdout, limit: u64) -> std::io::Result<Replies> {
            let (send, replies) = mpsc::channel();
            std::thread::Builder::new()
                .name("felt-plugin-reader".to_string())
                .spawn(move || read_replies(out, limit, &send))?;
            Ok(Replies { replies })
        }

        /// As the Unix reader's `next`; the relay's own thread reads standard error here.
        pub(crate) fn next(
            &mut self,
            wait: Duration,
            _errors: Option<&crate::relay::Relay>,
        ) -> Result<Option<Answer>, String> {
            match self.replies.recv_timeout(wait) {
                Ok(reply) => reply.map(Some),
                Err(RecvTimeoutError::Timeout) => Ok(None),
                Err(RecvTimeoutError::Disconnected) => Err(String::new()),
            }
        }
    }

    /// Each reply as it comes, until the pipe ends or a reply is too large.
    fn read_replies(mut out: ChildStdout, limit: u64, send: &mpsc::Sender<Result<Answer, String>>) {
        loop {
            let mut first = [0u8; HEAD];
            if out.read_exact(&mut first).is_err() {
                let _ = send.send(Err(String::new()));
                return;
            }
            let (status, cpu, len) = head(&first);
            if len > limit {
                let _ = send.send(Err(too_large(len, limit)));
                return;
            }
            // At most `limit` bytes: the length was checked above.
            let mut bytes = vec![0; len as usize];
            if out.read_exact(&mut bytes).is_err() {
                let _ = send.send(Err(String::new()));
                return;
            }
            if send.send(Ok(Answer { status, cpu, bytes })).is_err() {
                return;
            }
        }
    }
}
