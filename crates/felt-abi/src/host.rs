//! The host side of the ABI: loading a library, checking its version, and calling it.

use crate::child::{ChildLink, Isolation};
use crate::error::PluginError;
use crate::protocol::{self, Hello, Reply, Request};
use crate::{EntryFn, PluginTable, ABI_VERSION, STATUS_ERROR, STATUS_OK, STATUS_PANIC};
use felt_core::{ParamError, RuleChoice};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};

/// A loaded plugin: its table, and what it said about itself.
///
/// The library it came from is never unloaded (✱ contract 7): code and statics of the plugin
/// may still be referenced by states, threads or panics the host holds.
pub struct Plugin {
    name: String,
    path: Option<PathBuf>,
    /// Where its code runs: set at once, or on the first call of a plugin listed from felt's
    /// cache ([`Plugin::listed`]), so a command that needs none of its code runs none.
    link: OnceLock<Result<Link, PluginError>>,
    /// How to load a listed plugin when it is first called.
    later: Option<Later>,
    /// How its helper processes are started, for a plugin that runs in them: the table's,
    /// and each search's ([`Plugin::start_helper`]).
    isolation: Option<Isolation>,
    hello: Hello,
    /// What the plugin answered to variants it was asked to build (see [`Verdict`]).
    verdicts: Mutex<BTreeMap<u64, Verdict>>,
    /// Build requests the plugin did not answer in time (see [`Plugin::hang`]), with why.
    hangs: Mutex<BTreeMap<u64, String>>,
    /// Whether a verdict or a hang was remembered that it did not hold before: what felt's
    /// plugin cache does not know yet ([`Plugin::listed_unchanged`]).
    learned: std::sync::atomic::AtomicBool,
}

/// What a plugin answered when asked to build a variant: built, or refused with why. A
/// ruleset is pure, so the same request to the same library always gets the same answer;
/// a failure of the plugin itself is never a verdict.
pub type Verdict = Result<(), ParamError>;

/// Where a listed plugin's library is and how to run it.
struct Later {
    path: PathBuf,
    isolation: Option<crate::Isolation>,
}

/// Where the plugin's code runs.
enum Link {
    /// In this process: its table.
    Local(&'static PluginTable),
    /// In a helper process of its own (boxed: far larger than a table's address).
    Child(Box<ChildLink>),
}

impl std::fmt::Debug for Plugin {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Plugin")
            .field("name", &self.name)
            .field("ruleset", &self.hello.ruleset)
            .field("version", &self.hello.version)
            .finish()
    }
}

impl Plugin {
    /// Loads the library at `path`, checks its ABI version, and asks who it is.
    pub fn load(path: &Path) -> Result<Arc<Plugin>, PluginError> {
        // SAFETY: `entry_of` gives an entry found under the ABI's name, as `from_entry` asks.
        unsafe {
            Plugin::from_entry(
                &path.display().to_string(),
                Some(path.to_path_buf()),
                crate::local::entry_of(path)?,
            )
        }
    }

    /// A plugin whose table is in this process, not yet asked who it is.
    fn local(name: String, path: Option<PathBuf>, table: &'static PluginTable) -> Plugin {
        Plugin {
            name,
            path,
            link: OnceLock::from(Ok(Link::Local(table))),
            later: None,
            isolation: None,
            verdicts: Mutex::new(BTreeMap::new()),
            hangs: Mutex::new(BTreeMap::new()),
            learned: Default::default(),
            hello: unasked_hello(),
        }
    }

    /// A plugin from an entry function already in this process (tests, and statically linked
    /// plugins).
    ///
    /// # Safety
    /// `entry` must follow the ABI: return null or a table valid for the rest of the process.
    pub unsafe fn from_entry(
        name: &str,
        path: Option<PathBuf>,
        entry: EntryFn,
    ) -> Result<Arc<Plugin>, PluginError> {
        // SAFETY: the caller vouches for `entry`.
        let table = unsafe { crate::local::table_of(entry) }?;
        let mut plugin = Plugin::local(name.to_string(), path, table);
        match plugin.call(&Request::Hello, &[])? {
            (Reply::Hello(hello), _) => {
                check_hello(&hello)?;
                plugin.hello = hello;
            }
            (other, _) => {
                return Err(PluginError::Unexpected {
                    asked: "hello",
                    got: other.name(),
                })
            }
        }
        Ok(Arc::new(plugin))
    }

    /// Starts a helper process that loads the library at `path` (see [`Isolation`]), and asks
    /// it who it is. A library the helper cannot load is refused with the same error loading
    /// it here would give; a helper that crashes, hangs or babbles is refused with what it did.
    pub fn spawn(
        path: &Path,
        isolation: &Isolation,
    ) -> Result<std::sync::Arc<Plugin>, PluginError> {
        let link = ChildLink::start(path, isolation)?;
        let hello = say_hello(&link, isolation)?;
        Plugin::with_link(path, link, hello, isolation)
    }

    /// A plugin whose code runs behind `link`, which said `hello`.
    pub(crate) fn with_link(
        path: &Path,
        link: ChildLink,
        hello: Hello,
        isolation: &Isolation,
    ) -> Result<Arc<Plugin>, PluginError> {
        check_hello(&hello)?;
        Ok(Arc::new(Plugin {
            name: path.display().to_string(),
            path: Some(path.to_path_buf()),
            link: OnceLock::from(Ok(Link::Child(Box::new(link)))),
            later: None,
            isolation: Some(isolation.clone()),
            hello,
            verdicts: Mutex::new(BTreeMap::new()),
            hangs: Mutex::new(BTreeMap::new()),
            learned: Default::default(),
        }))
    }

    /// Starts another helper process for this plugin, from the same library and under the
    /// same [`Isolation`] as the table's, and checks that it says the same hello: where a
    /// search runs, so that the table's own helper answers at once meanwhile, or a batch's
    /// ruleset ([`Isolation::batch`]). `None` for a plugin in this process, or one that failed
    /// to load.
    pub(crate) fn start_helper(&self) -> Option<Result<ChildLink, PluginError>> {
        // A listed plugin not loaded yet runs in helpers too, when it has an isolation: a
        // batch's ruleset starts its own without the plugin's table helper ever starting.
        let runs_apart = match self.link.get() {
            Some(Ok(Link::Child(_))) => true,
            Some(_) => false,
            None => self.later.as_ref().is_some_and(|l| l.isolation.is_some()),
        };
        if !runs_apart {
            return None;
        }
        let (path, isolation) = (self.path.as_deref()?, self.isolation.as_ref()?);
        let start = || {
            let link = ChildLink::start(path, isolation)?;
            if say_hello(&link, isolation)? != self.hello {
                return Err(PluginError::Changed);
            }
            Ok(link)
        };
        Some(start())
    }

    /// Whether the plugin's code is loaded and runs in a helper process.
    pub(crate) fn in_helper(&self) -> bool {
        matches!(self.link.get(), Some(Ok(Link::Child(_))))
    }

    /// How its helper processes are started and limited, when it runs in them.
    pub(crate) fn isolation(&self) -> Option<&Isolation> {
        self.isolation.as_ref()
    }

    /// Whether each ruleset built runs in a helper process of its own ([`Isolation::batch`]).
    pub(crate) fn batch(&self) -> bool {
        self.isolation.as_ref().is_some_and(|i| i.batch)
    }

    /// A plugin known from what it said on an earlier run (felt's plugin cache), loaded from
    /// `path` only when it is first called: in this process, or under `isolation`; with its
    /// answers to build requests and the build requests it hung on, as the cache kept them.
    pub fn listed(
        path: &Path,
        hello: Hello,
        isolation: Option<crate::Isolation>,
        verdicts: impl IntoIterator<Item = (u64, Verdict)>,
        hangs: impl IntoIterator<Item = (u64, String)>,
    ) -> Arc<Plugin> {
        Arc::new(Plugin {
            name: path.display().to_string(),
            path: Some(path.to_path_buf()),
            link: OnceLock::new(),
            later: Some(Later {
                path: path.to_path_buf(),
                isolation: isolation.clone(),
            }),
            isolation,
            hello,
            verdicts: Mutex::new(verdicts.into_iter().collect()),
            hangs: Mutex::new(hangs.into_iter().collect()),
            learned: Default::default(),
        })
    }

    /// The link to the plugin's code, loading a listed plugin on first use. A plugin that
    /// fails to load fails every call after with the same error.
    fn link(&self) -> Result<&Link, PluginError> {
        self.link
            .get_or_init(|| self.load_now())
            .as_ref()
            .map_err(Clone::clone)
    }

    fn load_now(&self) -> Result<Link, PluginError> {
        let Some(later) = &self.later else {
            // Only listed plugins start without a link.
            return Err(PluginError::NotLoaded("the plugin was never loaded".into()));
        };
        let loaded = match &later.isolation {
            Some(isolation) => Plugin::spawn(&later.path, isolation)?,
            None => Plugin::load(&later.path)?,
        };
        // Just made, so ours alone.
        let loaded = Arc::try_unwrap(loaded)
            .map_err(|_| PluginError::NotLoaded("the plugin was shared while loading".into()))?;
        if loaded.hello != self.hello {
            return Err(PluginError::Changed);
        }
        loaded
            .link
            .into_inner()
            .unwrap_or_else(|| Err(PluginError::NotLoaded("no link".into())))
    }

    /// Whether the plugin's code has been loaded (a listed plugin is loaded on first call).
    pub fn loaded(&self) -> bool {
        self.link.get().is_some_and(Result::is_ok)
    }

    /// The answer remembered for the build request whose key is `key`, if any.
    pub fn verdict(&self, key: u64) -> Option<Verdict> {
        self.verdicts.lock().ok()?.get(&key).cloned()
    }

    /// Remembers the plugin's answer to the build request whose key is `key`.
    pub fn remember(&self, key: u64, verdict: Verdict) {
        if let Ok(mut verdicts) = self.verdicts.lock() {
            if verdicts.get(&key) != Some(&verdict) {
                self.learned
                    .store(true, std::sync::atomic::Ordering::Relaxed);
            }
            verdicts.insert(key, verdict);
        }
    }

    /// Whether the plugin was listed from felt's plugin cache ([`Plugin::listed`]) and has
    /// remembered nothing since that the cache did not hold: storing it would write the same.
    pub fn listed_unchanged(&self) -> bool {
        self.later.is_some() && !self.learned.load(std::sync::atomic::Ordering::Relaxed)
    }

    /// Every answer remembered, by request key.
    pub fn verdicts(&self) -> Vec<(u64, Verdict)> {
        self.verdicts
            .lock()
            .map(|v| v.iter().map(|(k, v)| (*k, v.clone())).collect())
            .unwrap_or_default()
    }

    /// Why the build request whose key is `key` is not sent, if the plugin hung on it
    /// before ([`PluginError::TimedOut`]): a hang costs the call limit every time, so it is
    /// remembered like a refusal, in felt's plugin cache, until the file changes or
    /// `felt plugins --refresh` asks again. Never a verdict: the plugin did not answer.
    pub fn hang(&self, key: u64) -> Option<String> {
        self.hangs.lock().ok()?.get(&key).cloned()
    }

    /// Remembers that the build request whose key is `key` hung, with why.
    pub fn remember_hang(&self, key: u64, why: String) {
        if let Ok(mut hangs) = self.hangs.lock() {
            if hangs.get(&key) != Some(&why) {
                self.learned
                    .store(true, std::sync::atomic::Ordering::Relaxed);
            }
            hangs.insert(key, why);
        }
    }

    /// Every hang remembered, by request key.
    pub fn hangs(&self) -> Vec<(u64, String)> {
        self.hangs
            .lock()
            .map(|h| h.iter().map(|(k, why)| (*k, why.clone())).collect())
            .unwrap_or_default()
    }

    /// Why the plugin's code can answer no more in this felt, if so: its helper process
    /// stopped (it crashed, hung or was killed), or a listed plugin failed to load. Never
    /// waits, even while another thread waits for a call.
    pub fn stopped(&self) -> Option<PluginError> {
        match self.link.get()? {
            Err(error) => Some(error.clone()),
            Ok(Link::Child(link)) => link.stopped().cloned(),
            Ok(Link::Local(_)) => None,
        }
    }

    /// What the plugin said about itself.
    pub fn hello(&self) -> &Hello {
        &self.hello
    }

    /// Sends one request and reads the reply and its blob.
    pub fn call(&self, request: &Request, blob: &[u8]) -> Result<(Reply, Vec<u8>), PluginError> {
        let frame = protocol::encode(request, blob);
        match self.link()? {
            Link::Local(_) => self.call_raw(&frame, read_reply),
            Link::Child(link) => {
                let (status, bytes) = link.exchange(&frame)?;
                read_reply(status, &bytes)
            }
        }
    }

    /// Sends raw request bytes; `read` sees the status and the reply bytes before they are
    /// given back to the plugin. A plugin in a helper process that has stopped answers
    /// [`STATUS_ERROR`] with the reason.
    pub fn call_raw<T>(&self, request: &[u8], read: impl FnOnce(i32, &[u8]) -> T) -> T {
        let link = match self.link() {
            Ok(link) => link,
            Err(e) => return read(STATUS_ERROR, e.to_string().as_bytes()),
        };
        let table = match link {
            Link::Local(table) => table,
            Link::Child(link) => {
                return match link.exchange(request) {
                    Ok((status, bytes)) => read(status, &bytes),
                    Err(e) => read(STATUS_ERROR, e.to_string().as_bytes()),
                }
            }
        };
        crate::local::call(table, request, read)
    }

    /// Whether the plugin's code runs in a helper process of its own.
    pub fn isolated(&self) -> bool {
        match self.link.get() {
            Some(Ok(link)) => matches!(link, Link::Child(_)),
            _ => self
                .later
                .as_ref()
                .is_some_and(|later| later.isolation.is_some()),
        }
    }

    /// What the plugin is called in messages: its path, or the name it was given.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// What the plugin is called where a line is short (a game's message): its library's
    /// file name; `felt plugins` gives the whole path.
    pub fn short_name(&self) -> String {
        self.path
            .as_deref()
            .and_then(Path::file_name)
            .map_or_else(|| self.name.clone(), |n| n.to_string_lossy().into_owned())
    }

    /// The library's path, when it was loaded from a file.
    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    /// The ABI version the plugin speaks (always [`ABI_VERSION`] once loaded).
    pub fn abi_version(&self) -> u32 {
        // Loading checks the table's version and the hello's are both this felt's.
        self.hello.abi
    }

    /// The ruleset id.
    pub fn ruleset_id(&self) -> &str {
        &self.hello.ruleset
    }

    /// The plugin crate's version.
    pub fn version(&self) -> &str {
        &self.hello.version
    }

    /// One line on the game.
    pub fn description(&self) -> &str {
        &self.hello.description
    }

    /// The family's name as the plugin writes it; empty if it does not say.
    pub fn family_name(&self) -> &str {
        &self.hello.name
    }

    /// The protocol revision the plugin speaks (0 when it does not say).
    pub fn revision(&self) -> u32 {
        self.hello.revision
    }

    /// Rules choices, default first.
    pub fn rule_choices(&self) -> &[RuleChoice] {
        &self.hello.rules
    }

    /// Variant files shipped in the plugin, as `(file name, TOML text)`.
    pub fn bundled_variants(&self) -> &[(String, String)] {
        &self.hello.variants
    }

    /// Scoring tables shipped in the plugin, as `(file name, TOML text)`.
    pub fn bundled_scoring(&self) -> &[(String, String)] {
        &self.hello.scoring
    }
}

/// The hello of a plugin not asked yet: this felt's ABI, and nothing said.
fn unasked_hello() -> Hello {
    Hello {
        abi: ABI_VERSION,
        ruleset: String::new(),
        version: String::new(),
        description: String::new(),
        rules: Vec::new(),
        variants: Vec::new(),
        name: String::new(),
        revision: 0,
        scoring: Vec::new(),
        schema: None,
    }
}

/// What a helper just started says it is: its hello, within [`Isolation::hello_limit`].
fn say_hello(link: &ChildLink, isolation: &Isolation) -> Result<Hello, PluginError> {
    let frame = crate::protocol::encode(&Request::Hello, &[]);
    let (status, bytes) = link.exchange_within(&frame, isolation.hello_limit)?;
    match status {
        crate::STATUS_OK => match crate::protocol::decode::<Reply>(&bytes) {
            Ok((Reply::Hello(hello), _)) => Ok(hello),
            Ok((other, _)) => Err(PluginError::Unexpected {
                asked: "hello",
                got: other.name(),
            }),
            Err(e) => Err(PluginError::BadReply(e.to_string())),
        },
        _ => Err(PluginError::Refused(
            String::from_utf8_lossy(&bytes).into_owned(),
        )),
    }
}

/// Refuses, before any game, a plugin whose hello speaks another ABI or whose messages have
/// other shapes ([`crate::SCHEMA_HASH`]): its replies would fail mid-game.
fn check_hello(hello: &Hello) -> Result<(), PluginError> {
    if hello.abi == ABI_VERSION && hello.schema == Some(crate::SCHEMA_HASH) {
        return Ok(());
    }
    Err(PluginError::SchemaMismatch {
        abi: hello.abi,
        schema: hello.schema,
    })
}

/// A reply as the plugin's status and bytes say.
pub(crate) fn read_reply(status: i32, bytes: &[u8]) -> Result<(Reply, Vec<u8>), PluginError> {
    match status {
        STATUS_OK => {
            let (reply, blob): (Reply, &[u8]) =
                protocol::decode(bytes).map_err(|e| PluginError::BadReply(e.to_string()))?;
            Ok((reply, blob.to_vec()))
        }
        STATUS_ERROR => Err(PluginError::Refused(
            String::from_utf8_lossy(bytes).into_owned(),
        )),
        STATUS_PANIC => Err(PluginError::Panicked(
            String::from_utf8_lossy(bytes).into_owned(),
        )),
        other => Err(PluginError::BadReply(format!("unknown status {other}"))),
    }
}
