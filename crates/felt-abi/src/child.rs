//! A plugin in a process of its own, so that a plugin that crashes, aborts, calls `exit`,
//! overflows its stack or loops costs only its own games.
//!
//! The host starts a helper process ([`Isolation`]: for felt, `felt-helper LIBRARY` beside it,
//! else `felt plugin-host LIBRARY`),
//! which loads the library in-process ([`serve`](crate::serve())) and answers the host's requests over its
//! standard input and output with the plugin's own frames, each wrapped as
//!
//! - request: `u64` length (little-endian), then the frame [`crate::protocol::encode`] made;
//! - reply: `i32` status, `u64` CPU time in nanoseconds, `u64` length, then the bytes the
//!   plugin's `call` wrote.
//!
//! The CPU time is the helper's serving thread's own (`CLOCK_THREAD_CPUTIME_ID`) over the
//! call, so a host that times work by its threads' clocks (`felt solve --deals`) can count a
//! plugin's search that ran here as it would count one in its own process: the host adds it
//! to the calling thread's account, [`served_cpu`]. This framing is felt's own (both ends are
//! the same binary); the plugin's C ABI and its request frames are not touched by it.
//!
//! The host waits for a reply at most [`Isolation::call_limit`] and takes at most
//! [`Isolation::reply_limit`] bytes; past either, or when the process ends, it stops the
//! process and every later call is refused with the reason ([`PluginError::Process`]): the
//! plugin's instances lived in that process, so the games built on them cannot go on, and
//! the host never starts a fresh process behind their back. The library is loaded once per
//! felt, as in-process: a new felt starts a new helper. A search runs on a helper of its own
//! (`analysts.rs`), whose stop costs that search only: the table's instances do not live
//! there, and the next search starts another.
//!
//! No helper outlives felt: on Linux each is started from a thread that lives as long as
//! felt (`spawn_kept`: felt's main thread, or one kept for it), and the helper asks the
//! kernel, first thing, to kill it when that thread ends (`PR_SET_PDEATHSIG`), then checks
//! that its parent is still the felt that started it (`HOST_PID` in `serve.rs`), so a felt
//! ended by a signal in the middle of a hung call takes its helpers with it. The request is the
//! helper's own, made after exec rather than between fork and exec, so that the helper is
//! started without copying felt's address space (`posix_spawn`, a vfork: a fork of felt
//! then its copy-on-write faults cost a one-deal solve a tenth of a millisecond or more).
//! A batch's helper where felt has one thread is the exception: it is felt forked without an
//! exec (`fork.rs`), which saves starting a program at all, and makes the same request.

use crate::error::PluginError;
use crate::relay::Relay;
use crate::replies::{Answer, Replies};
use std::cell::Cell;
use std::ffi::OsString;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStderr, ChildStdout, Command, Stdio};
use std::sync::mpsc;
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};

use crate::serve::{framing, FRAMING, HOST_PID, STATUS_LOAD_FAILED};

thread_local! {
    /// The CPU time helper processes reported for this thread's calls ([`served_cpu`]).
    static SERVED: Cell<Duration> = const { Cell::new(Duration::ZERO) };
}

/// The CPU time helper processes have spent answering the calls the calling thread made, since
/// it started. A plugin in a helper process works on the helper's clock, not this thread's, so
/// a host that measures a search by its thread's CPU time adds this to count the plugin's part
/// (in-process, the plugin's work is already on the thread's own clock, and this stays zero).
pub fn served_cpu() -> Duration {
    SERVED.with(Cell::get)
}

/// How to start the helper process, and the limits it is held to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Isolation {
    /// The program: for felt, `felt-helper` beside it, else felt itself
    /// (`std::env::current_exe`).
    pub program: PathBuf,
    /// Its arguments before the library's path: for felt itself, `plugin-host`.
    pub args: Vec<OsString>,
    /// How long one call may take before the plugin is stopped. Generous: a ruleset's own
    /// searches (hints, a solver) answer in well under a second at felt's budgets.
    pub call_limit: Duration,
    /// How long the helper may take to load the library and say hello: a plugin whose start
    /// hangs then delays each felt command by this much, not for ever.
    pub hello_limit: Duration,
    /// The largest reply taken, in bytes: a table view or a state is kilobytes.
    pub reply_limit: u64,
    /// A batch, where nothing waits on a table while it searches (`felt solve` on one
    /// thread): each ruleset built gets one helper process of its own, where its table's
    /// calls and its searches both run, instead of the plugin's table helper and another
    /// helper for its searches (`analysts.rs`): one process started instead of two. A search
    /// that crashes, hangs past the watchdog or is cancelled still costs that search only: its
    /// helper is stopped, and the ruleset's next call starts another and builds the ruleset
    /// there again from the same request (a state is the host's bytes, which mean the same in
    /// any helper of the plugin, as they do in a search's helper). On Linux, where felt has
    /// one thread, the helper is felt itself forked without an exec (`fork.rs`): the same
    /// serving code, without starting a program. Off by default.
    pub batch: bool,
}

impl Isolation {
    /// `program args… LIBRARY`, with the default limits (5 s to start, 30 s a call, 64 MB a
    /// reply).
    pub fn new(program: PathBuf, args: Vec<OsString>) -> Isolation {
        Isolation {
            program,
            args,
            call_limit: Duration::from_secs(30),
            hello_limit: Duration::from_secs(5),
            reply_limit: 64 << 20,
            batch: false,
        }
    }
}

/// The host's end of a helper process.
pub(crate) struct ChildLink {
    state: Mutex<LinkState>,
    /// Why the helper stopped, once it has: read without the state's lock, which a call
    /// holds while it waits (up to the call limit), so a front end asking whether the game
    /// can go on never waits for a hung plugin.
    stopped: OnceLock<PluginError>,
    limits: Isolation,
    /// The helper's standard error, passed on escaped.
    errors: Option<Relay>,
}

enum LinkState {
    Running {
        child: Process,
        stdin: Box<dyn Write + Send>,
        replies: Replies,
    },
    /// Stopped, with why: every call is refused with it.
    Stopped(PluginError),
}

impl ChildLink {
    /// Starts the helper for `library`.
    pub(crate) fn start(library: &Path, isolation: &Isolation) -> Result<ChildLink, PluginError> {
        // In a batch only: a forked helper carries felt's own command line, so elsewhere (a
        // game's helpers, which people and tests look for by name) it is started as a program.
        #[cfg(target_os = "linux")]
        if let Some(forked) = isolation
            .batch
            .then(|| crate::fork::start(library))
            .flatten()
        {
            let ends = forked.map_err(|e| {
                PluginError::Process(format!("its helper process did not start: {e}"))
            })?;
            return Self::linked(
                Process::Forked(ends.process),
                Box::new(ends.requests),
                ends.replies,
                ends.errors,
                isolation,
            );
        }
        let (stdin, child_stdin) = request_channel()
            .map_err(|e| PluginError::Process(format!("no channel to its helper process: {e}")))?;
        let mut command = Command::new(&isolation.program);
        command
            .env(FRAMING, framing())
            .args(&isolation.args)
            .arg(library)
            .stdin(child_stdin)
            .stdout(Stdio::piped())
            // Passed on through the sanitiser (`relay.rs`), never straight to the terminal.
            .stderr(Stdio::piped());
        let mut child = spawn_kept(command).map_err(|e| {
            PluginError::Process(format!(
                "its helper process ({}) did not start: {e}",
                isolation.program.display()
            ))
        })?;
        let (Some(stdout), Some(stdin), Some(stderr)) = (
            child.stdout.take(),
            stdin.or(child
                .stdin
                .take()
                .map(|s| Box::new(s) as Box<dyn Write + Send>)),
            child.stderr.take(),
        ) else {
            let _ = child.kill();
            return Err(PluginError::Process(
                "its helper process has no pipes".to_string(),
            ));
        };
        Self::linked(Process::Spawned(child), stdin, stdout, stderr, isolation)
    }

    /// The link to a started helper, given its pipes.
    fn linked(
        mut child: Process,
        stdin: Box<dyn Write + Send>,
        stdout: ChildStdout,
        stderr: ChildStderr,
        isolation: &Isolation,
    ) -> Result<ChildLink, PluginError> {
        // A batch's calls follow one another: they pass on its standard error themselves.
        let errors = Some(Relay::start(stderr, !isolation.batch));
        let replies = match Replies::new(stdout, isolation.reply_limit) {
            Ok(replies) => replies,
            Err(e) => {
                stop(&mut child);
                return Err(PluginError::Process(format!(
                    "its replies cannot be read: {e}"
                )));
            }
        };
        Ok(ChildLink {
            state: Mutex::new(LinkState::Running {
                child,
                stdin,
                replies,
            }),
            stopped: OnceLock::new(),
            limits: isolation.clone(),
            errors,
        })
    }

    /// Why the helper stopped, if it has: every call since is refused with this.
    pub(crate) fn stopped(&self) -> Option<&PluginError> {
        self.stopped.get()
    }

    /// Stops the helper for good with `error`, which every later call gets.
    fn stop_with(&self, state: &mut LinkState, error: PluginError) -> PluginError {
        if let LinkState::Running { child, .. } = state {
            stop(child);
        }
        *state = LinkState::Stopped(error.clone());
        let _ = self.stopped.set(error.clone());
        error
    }

    /// Sends one frame and waits for the reply: the plugin's status and bytes, or why the
    /// process is stopped. A load failure of the helper comes back as
    /// [`PluginError::NotLoaded`] with its message.
    pub(crate) fn exchange(&self, frame: &[u8]) -> Result<(i32, Vec<u8>), PluginError> {
        self.exchange_within(frame, self.limits.call_limit)
    }

    /// [`ChildLink::exchange`], waiting at most `limit` for the reply.
    pub(crate) fn exchange_within(
        &self,
        frame: &[u8],
        limit: Duration,
    ) -> Result<(i32, Vec<u8>), PluginError> {
        match self.exchange_watched(frame, limit, &|| false) {
            Watched::Answer(status, bytes) => Ok((status, bytes)),
            Watched::Failed(error) => Err(error),
            Watched::Cancelled => unreachable!("nobody cancels"),
        }
    }

    /// [`ChildLink::exchange_within`], asking `cancelled` every [`CANCEL_POLL`] while it
    /// waits: once it says yes, the helper is stopped (a search cannot be reached inside it
    /// any other way) and the link refuses every later call, as after any stop. For a link of
    /// its own that a search runs on, which the caller then drops.
    pub(crate) fn exchange_watched(
        &self,
        frame: &[u8],
        limit: Duration,
        cancelled: &dyn Fn() -> bool,
    ) -> Watched {
        let mut state = self
            .state
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let LinkState::Running {
            child,
            stdin,
            replies,
        } = &mut *state
        else {
            let LinkState::Stopped(error) = &*state else {
                unreachable!("the state is one of two")
            };
            return Watched::Failed(error.clone());
        };
        // One write: the helper, waiting on its input, then wakes once for the request.
        let mut whole = Vec::with_capacity(8 + frame.len());
        whole.extend_from_slice(&(frame.len() as u64).to_le_bytes());
        whole.extend_from_slice(frame);
        let sent = stdin.write_all(&whole).and_then(|()| stdin.flush());
        let outcome = match sent {
            // The process is gone: its replies say so next, or its exit status does.
            Err(_) => match replies.next(Duration::from_secs(1), self.errors.as_ref()) {
                Ok(Some(answer)) => Ok(answer),
                Ok(None) => Err(String::new()),
                Err(why) => Err(why),
            },
            Ok(()) => {
                let deadline = Instant::now() + limit;
                loop {
                    let left = deadline.saturating_duration_since(Instant::now());
                    if left.is_zero() {
                        // Its own kind, so a caller can remember that this request hangs.
                        let error = PluginError::TimedOut(format!(
                            "it did not answer within {} s and was stopped",
                            limit.as_secs_f64()
                        ));
                        return Watched::Failed(self.stop_with(&mut state, error));
                    }
                    match replies.next(left.min(CANCEL_POLL), self.errors.as_ref()) {
                        Ok(Some(answer)) => break Ok(answer),
                        Ok(None) if cancelled() => {
                            let error = PluginError::Process(
                                "its search was cancelled and its process stopped".to_string(),
                            );
                            self.stop_with(&mut state, error);
                            return Watched::Cancelled;
                        }
                        Ok(None) => {}
                        Err(why) => break Err(why),
                    }
                }
            }
        };
        // What the plugin printed before it answered comes before what felt prints next.
        if let Some(errors) = &self.errors {
            errors.drain();
        }
        match outcome {
            Ok(Answer {
                status: STATUS_LOAD_FAILED,
                bytes,
                ..
            }) => {
                let error = PluginError::NotLoaded(String::from_utf8_lossy(&bytes).into_owned());
                Watched::Failed(self.stop_with(&mut state, error))
            }
            Ok(Answer { status, cpu, bytes }) => {
                // The caller's account: the thread that waited for this reply.
                SERVED.with(|served| served.set(served.get().saturating_add(cpu)));
                Watched::Answer(status, bytes)
            }
            Err(why) => {
                stop(child);
                let ended = describe_end(child);
                let reason = if why.is_empty() {
                    ended
                } else {
                    format!("{why}; {ended}")
                };
                Watched::Failed(self.stop_with(&mut state, PluginError::Process(reason)))
            }
        }
    }
}

/// How often a watched call ([`ChildLink::exchange_watched`]) asks whether it is still
/// wanted: short against a person's patience, long against the cost of asking.
pub(crate) const CANCEL_POLL: Duration = Duration::from_millis(10);

/// How a watched call ended.
pub(crate) enum Watched {
    /// The plugin's status and bytes.
    Answer(i32, Vec<u8>),
    /// Nobody wanted the answer any more: the helper was stopped.
    Cancelled,
    /// The helper stopped (or had stopped) with this.
    Failed(PluginError),
}

impl Drop for ChildLink {
    fn drop(&mut self) {
        // What the helper wrote since its last reply, when no thread passed it on.
        if let Some(errors) = &self.errors {
            errors.drain();
        }
        let state = self
            .state
            .get_mut()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if let LinkState::Running { child, .. } = state {
            stop(child);
        }
    }
}

/// The host's end of the channel requests go down, and the child's standard input. On Unix a
/// socket pair: writing to a socket of a process that died fails with an error, where a pipe
/// would raise SIGPIPE, which felt leaves at its default (ending felt with the plugin).
#[cfg(unix)]
fn request_channel() -> std::io::Result<(Option<Box<dyn Write + Send>>, Stdio)> {
    let (host, child) = std::os::unix::net::UnixStream::pair()?;
    Ok((
        Some(Box::new(host)),
        Stdio::from(std::os::fd::OwnedFd::from(child)),
    ))
}

#[cfg(not(unix))]
fn request_channel() -> std::io::Result<(Option<Box<dyn Write + Send>>, Stdio)> {
    Ok((None, Stdio::piped()))
}

/// A helper to start, and where to send the started child.
type SpawnJob = (Command, mpsc::Sender<std::io::Result<Child>>);

/// Starts `command` as a helper that does not outlive felt. On Linux the kernel kills it
/// (SIGKILL) when the thread that forked it ends, which is why every helper is forked by one
/// thread kept for felt's whole life, not by whichever thread first calls a plugin (a
/// worker thread's end would take the helper with it); and the child checks, once that
/// request is made, that felt is still its parent, since felt may have ended just before.
/// Where the kernel offers no such request, or the thread cannot be had, the calling thread
/// starts it as any process. Called on felt's main thread, which lives as long as felt, it
/// forks there: a one-deal `felt solve` then starts no thread for it.
fn spawn_kept(mut command: Command) -> std::io::Result<Child> {
    #[cfg(target_os = "linux")]
    {
        // SAFETY: `gettid` and `getpid` only read the caller's ids.
        if unsafe { libc::gettid() == libc::getpid() } {
            return spawn_tied(command);
        }
        static SPAWNER: OnceLock<Option<Mutex<mpsc::Sender<SpawnJob>>>> = OnceLock::new();
        let spawner = SPAWNER.get_or_init(|| {
            let (send, jobs) = mpsc::channel::<SpawnJob>();
            std::thread::Builder::new()
                .name("felt-plugin-spawner".to_string())
                .spawn(move || {
                    for (command, answer) in jobs {
                        let _ = answer.send(spawn_tied(command));
                    }
                })
                .ok()
                .map(|_| Mutex::new(send))
        });
        if let Some(spawner) = spawner {
            let (answer, started) = mpsc::channel();
            let sent = spawner
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner)
                .send((command, answer));
            return match sent {
                Ok(()) => started.recv().unwrap_or_else(|_| {
                    Err(std::io::Error::other("felt's helper starter thread ended"))
                }),
                Err(mpsc::SendError((mut command, _))) => command.spawn(),
            };
        }
    }
    command.spawn()
}

/// Spawns `command` telling the child who started it (`HOST_PID` in `serve.rs`): the helper
/// then asks the kernel to kill it when this thread ends ([`crate::serve::tie_to_host`]). No
/// closure runs between fork and exec, so the standard library starts it with `posix_spawn`.
#[cfg(target_os = "linux")]
fn spawn_tied(mut command: Command) -> std::io::Result<Child> {
    command.env(HOST_PID, std::process::id().to_string());
    command.spawn()
}

/// A helper process: started as a program, or forked from felt (`fork.rs`).
enum Process {
    Spawned(Child),
    #[cfg(target_os = "linux")]
    Forked(crate::fork::Forked),
}

impl Process {
    fn kill(&mut self) {
        match self {
            Process::Spawned(child) => {
                let _ = child.kill();
            }
            #[cfg(target_os = "linux")]
            Process::Forked(forked) => forked.kill(),
        }
    }

    fn wait(&mut self) -> std::io::Result<std::process::ExitStatus> {
        match self {
            Process::Spawned(child) => child.wait(),
            #[cfg(target_os = "linux")]
            Process::Forked(forked) => forked.wait(),
        }
    }
}

/// Ends the helper process, and reaps it.
fn stop(child: &mut Process) {
    child.kill();
    let _ = child.wait();
}

/// How the helper process ended, in words (it has been reaped).
fn describe_end(child: &mut Process) -> String {
    let Ok(status) = child.wait() else {
        return "its process ended".to_string();
    };
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        if let Some(signal) = status.signal() {
            return format!(
                "its process was killed by signal {signal}{}",
                signal_name(signal).map_or(String::new(), |n| format!(" ({n})"))
            );
        }
    }
    match status.code() {
        Some(code) => format!("its process exited with code {code}"),
        None => "its process ended".to_string(),
    }
}

#[cfg(unix)]
fn signal_name(signal: i32) -> Option<&'static str> {
    Some(match signal {
        4 => "SIGILL: an illegal instruction",
        6 => "SIGABRT: it aborted",
        7 => "SIGBUS: a bad memory access",
        8 => "SIGFPE: an arithmetic fault",
        9 => "SIGKILL",
        11 => "SIGSEGV: a bad memory access, or its stack overflowed",
        15 => "SIGTERM",
        _ => return None,
    })
}
