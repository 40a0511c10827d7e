//! felt's plugin cache: what each plugin library said about itself, its answers to the
//! variants it was asked to build, and the build requests it hung on, kept between runs so
//! that listing plugins and variants runs no plugin's code, and a command loads only the
//! plugin whose game it plays.
//!
//! An entry is keyed by the library's real path, size and modification time: a rebuilt or
//! replaced library is loaded again. Entries of libraries a run did not look at (another felt
//! build's, sharing the data folder) are kept while their files are unchanged. `felt plugins --refresh` ignores the cache. A library
//! that is loaded after all is checked to say exactly what the cache said
//! ([`PluginError::Changed`] if not).
//!
//! The cache is only a cache: a missing, unreadable, corrupt or foreign one is read as empty
//! and written again; a data folder that cannot be written to just goes without.

use crate::error::PluginError;
use crate::host::Verdict;
use crate::protocol::{Hello, REVISION};
use crate::report::PluginReport;
use crate::ABI_VERSION;
use felt_core::ParamError;
use serde::{Deserialize, Serialize};
use std::io::Read;
use std::path::{Path, PathBuf};
use std::time::UNIX_EPOCH;

/// The largest cache file read: bundled variant texts make it a few hundred kilobytes.
const MAX_BYTES: u64 = 16 << 20;

/// The felt that wrote a cache: another felt may read plugins differently, so its cache is
/// not used.
fn writer() -> String {
    format!(
        "felt-abi {} abi {ABI_VERSION} revision {REVISION} schema {}",
        env!("CARGO_PKG_VERSION"),
        crate::schema::text(crate::SCHEMA_HASH)
    )
}

/// The cache file's contents.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
struct CacheFile {
    writer: String,
    plugins: Vec<Entry>,
}

/// One library as it was last loaded.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct Entry {
    path: PathBuf,
    len: u64,
    modified_secs: u64,
    modified_nanos: u32,
    outcome: Outcome,
}

/// What loading the library gave.
// One per library, read or written once a run: boxing the hello would save nothing.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
enum Outcome {
    /// A plugin: what it said, its answers to build requests by request key, and the build
    /// requests it hung on, with why ([`crate::Plugin::hang`]).
    Plugin {
        hello: Hello,
        verdicts: Vec<(u64, Option<Refusal>)>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        hangs: Vec<(u64, String)>,
    },
    /// Refused, with why.
    Refused(String),
}

/// A variant the plugin refused, as [`ParamError`] says it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct Refusal {
    key: Option<String>,
    message: String,
}

/// What a library found in the cache says, for [`crate::discover_cached`].
// One per library, taken apart at once: boxing the hello would save nothing.
#[allow(clippy::large_enum_variant)]
pub enum Remembered {
    /// A plugin, to be loaded when first called.
    Plugin {
        /// What it said about itself.
        hello: Hello,
        /// Its answers to build requests.
        verdicts: Vec<(u64, Verdict)>,
        /// The build requests it did not answer in time, with why: not sent to it again.
        hangs: Vec<(u64, String)>,
    },
    /// A library that was refused, with why.
    Refused(String),
}

/// The cache at one path, as read when opened.
#[derive(Debug)]
pub struct Cache {
    path: PathBuf,
    read: CacheFile,
}

/// A library's identity on disk: its real path, size and modification time.
fn identity(library: &Path) -> Option<(PathBuf, u64, u64, u32)> {
    identity_at(std::fs::canonicalize(library).ok()?)
}

/// [`identity`] of a library whose real path is `real` already.
fn identity_at(real: PathBuf) -> Option<(PathBuf, u64, u64, u32)> {
    let meta = std::fs::metadata(&real).ok()?;
    let modified = meta.modified().ok()?.duration_since(UNIX_EPOCH).ok()?;
    Some((
        real,
        meta.len(),
        modified.as_secs(),
        modified.subsec_nanos(),
    ))
}

impl Cache {
    /// The cache kept at `path`; empty when there is none or it cannot be used.
    pub fn open(path: &Path) -> Cache {
        let read = read_file(path)
            .filter(|file| file.writer == writer())
            .unwrap_or_default();
        Cache {
            path: path.to_path_buf(),
            read,
        }
    }

    /// The file the cache lives in.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// What the cache holds for `library`, if the file is the one it saw.
    pub fn lookup(&self, library: &Path) -> Option<Remembered> {
        self.lookup_real(&std::fs::canonicalize(library).ok()?)
    }

    /// [`Cache::lookup`] of the library whose real path (`std::fs::canonicalize`) is `real`:
    /// discovery has it already, and finding it again costs a system call a path component.
    pub fn lookup_real(&self, real: &Path) -> Option<Remembered> {
        let (real, len, secs, nanos) = identity_at(real.to_path_buf())?;
        let entry = self.read.plugins.iter().find(|e| {
            e.path == real && e.len == len && e.modified_secs == secs && e.modified_nanos == nanos
        })?;
        Some(match &entry.outcome {
            Outcome::Plugin {
                hello,
                verdicts,
                hangs,
            } => Remembered::Plugin {
                hello: hello.clone(),
                hangs: hangs.clone(),
                verdicts: verdicts
                    .iter()
                    .map(|(key, refusal)| {
                        let verdict = match refusal {
                            None => Ok(()),
                            Some(r) => Err(ParamError {
                                key: r.key.clone(),
                                message: r.message.clone(),
                            }),
                        };
                        (*key, verdict)
                    })
                    .collect(),
            },
            Outcome::Refused(why) => Remembered::Refused(why.clone()),
        })
    }

    /// Writes what `reports` found (with every answer their plugins gave since), when it
    /// differs from what was read, keeping the entries of the libraries they do not name while
    /// those files are unchanged. The write is atomic: a reader sees the old cache or the new
    /// one.
    pub fn store(&self, reports: &[PluginReport]) -> std::io::Result<()> {
        // Every library listed from this very cache, none of them told anything new: the file
        // would be written as it was read (each such report matched one entry by its real
        // path, and the other entries are kept, below), so it is not even made.
        let unchanged = |report: &PluginReport| match &report.outcome {
            Ok(plugin) => plugin.listed_unchanged(),
            Err(PluginError::Remembered(_) | PluginError::Duplicate { .. }) => true,
            _ => false,
        };
        if reports.iter().all(unchanged) {
            return Ok(());
        }
        let mut file = CacheFile {
            writer: writer(),
            plugins: Vec::new(),
        };
        // The real paths of the libraries this run looked at: their entries are written anew.
        let mut looked_at = Vec::new();
        for report in reports {
            let Some((path, len, modified_secs, modified_nanos)) = identity(&report.path) else {
                continue;
            };
            looked_at.push(path.clone());
            let outcome = match &report.outcome {
                Ok(plugin) => Outcome::Plugin {
                    hello: plugin.hello().clone(),
                    verdicts: plugin
                        .verdicts()
                        .into_iter()
                        .map(|(key, verdict)| {
                            let refusal = verdict.err().map(|e| Refusal {
                                key: e.key,
                                message: e.message,
                            });
                            (key, refusal)
                        })
                        .collect(),
                    hangs: plugin.hangs(),
                },
                // Which of two plugins is the duplicate depends on the others, not the file.
                Err(PluginError::Duplicate { .. }) => continue,
                Err(PluginError::Remembered(why)) => Outcome::Refused(why.clone()),
                Err(other) => Outcome::Refused(other.to_string()),
            };
            file.plugins.push(Entry {
                path,
                len,
                modified_secs,
                modified_nanos,
                outcome,
            });
        }
        // The entries of libraries this run did not look at (those of another felt build that
        // shares the data folder, beside its own executable) are kept while their files are
        // as they were: two felts used in turn would otherwise each load every plugin again
        // at every start, the other having written its own plugins only.
        for entry in &self.read.plugins {
            if looked_at.contains(&entry.path) {
                continue;
            }
            let same = identity_at(entry.path.clone()).is_some_and(|(_, len, secs, nanos)| {
                (len, secs, nanos) == (entry.len, entry.modified_secs, entry.modified_nanos)
            });
            if same {
                file.plugins.push(entry.clone());
            }
        }
        if file == self.read {
            return Ok(());
        }
        let dir = self.path.parent().unwrap_or(Path::new("."));
        std::fs::create_dir_all(dir)?;
        let mut temp = tempfile::NamedTempFile::new_in(dir)?;
        serde_json::to_writer(&mut temp, &file)?;
        temp.persist(&self.path).map_err(|e| e.error)?;
        Ok(())
    }
}

/// The cache file at `path`, if it is a regular file of a sane size that parses.
fn read_file(path: &Path) -> Option<CacheFile> {
    let meta = std::fs::symlink_metadata(path).ok()?;
    if !meta.file_type().is_file() || meta.len() > MAX_BYTES {
        return None;
    }
    let mut text = String::new();
    std::fs::File::open(path)
        .ok()?
        .take(MAX_BYTES)
        .read_to_string(&mut text)
        .ok()?;
    serde_json::from_str(&text).ok()
}
