//! The launcher's memory: the last game and rules chosen and the display options, in a small
//! TOML file written atomically (a temporary file, then a rename). A file that does not read is
//! kept aside under another name and reported, never overwritten silently; a value felt does
//! not take (`table = "purple"`, `four_colour = "yes"`) is reported with its line and the
//! values allowed, and that setting alone is left at its default while every other is kept.

use crate::look::{BackColour, Choice, Contrast, TableColour};
use felt_files::ReadError;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};

/// What the launcher remembers.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// The variant chosen last.
    pub last_variant: Option<String>,
    /// The rules chosen last, per variant.
    pub rules: BTreeMap<String, String>,
    /// Draw a four-colour deck.
    pub four_colour: bool,
    /// A mouse drop anywhere sends the cards to the best place.
    pub auto_place: bool,
    /// Say so when the ruleset proves that no move can make progress any more (a dead end),
    /// in games whose rules do not end there by themselves.
    pub stuck_notice: bool,
    /// Count a game in which a move a hint showed was played as assisted, like one the demo
    /// moved in: it then sets no best and the statistics count it apart.
    pub hints_assist: bool,
    /// How long a moment of play the game wants seen (a trick the computer players completed)
    /// stays on the table before it goes on by itself, in tenths of a second; 0 keeps it until
    /// a key. Not set: 15.
    pub moment_pause: Option<u16>,
    /// Standard colours or high contrast (`theme = "high-contrast"`).
    pub theme: Contrast,
    /// The colour under the cards.
    pub table: TableColour,
    /// The colour of the cards' backs.
    pub backs: BackColour,
}

/// Why settings could not be read or written.
#[derive(Debug, thiserror::Error)]
pub enum SettingsError {
    /// The file exists but does not read as settings; it was moved to `kept`.
    #[error(
        "settings file {path} did not read ({reason}); kept it as {kept} and started with defaults"
    )]
    Corrupt {
        /// The settings file.
        path: PathBuf,
        /// What was wrong.
        reason: String,
        /// Where the old file now is.
        kept: PathBuf,
    },
    /// Some values are not ones felt knows: those settings are at their defaults, the others
    /// as the file says.
    #[error("settings file {path}: {problems}")]
    Values {
        /// The settings file.
        path: PathBuf,
        /// What was wrong and what felt does instead, one sentence a value.
        problems: String,
    },
    /// The path names something felt does not read (a FIFO, a device): the defaults are used
    /// and nothing is moved.
    #[error("settings file {path} was not read ({reason}); started with defaults")]
    Unread {
        /// The settings file.
        path: PathBuf,
        /// Why not.
        reason: String,
    },
    /// Reading, moving or writing failed.
    #[error("settings file {path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// The system's error.
        source: std::io::Error,
    },
}

/// The most a settings file may hold: a few settings and a rules choice per variant take a
/// few kilobytes.
pub const SETTINGS_LIMIT: u64 = 256 << 10;

/// The default place of the settings file: `tui.toml` in the user's config directory for felt.
pub fn default_path() -> Option<PathBuf> {
    directories::ProjectDirs::from("", "", "felt").map(|d| d.config_dir().join("tui.toml"))
}

impl Settings {
    /// Reads the settings at `path`; a missing file gives the defaults. The file is read as
    /// felt reads every file a user hands it (`felt-files`: a regular file only, opened without
    /// waiting, at most [`SETTINGS_LIMIT`]), so a FIFO or a link to a device is reported at once
    /// and never read. A value felt does not take is reported with its line, its key and the
    /// values allowed, and that setting alone is left at its default; a file that does not
    /// read as TOML at all is renamed aside and reported together with the defaults.
    pub fn load(path: &Path) -> (Settings, Option<SettingsError>) {
        let text = match felt_files::read_text(path, SETTINGS_LIMIT) {
            Ok(t) => t,
            Err(ReadError::Io(e)) if e.kind() == std::io::ErrorKind::NotFound => {
                return (Settings::default(), None)
            }
            Err(ReadError::Io(source)) => {
                let err = SettingsError::Io {
                    path: path.to_path_buf(),
                    source,
                };
                return (Settings::default(), Some(err));
            }
            // Not a file at all: nothing of the user's to keep, and nothing read.
            Err(e @ ReadError::NotAFile { .. }) => {
                let err = SettingsError::Unread {
                    path: path.to_path_buf(),
                    reason: e.to_string(),
                };
                return (Settings::default(), Some(err));
            }
            Err(e) => return (Settings::default(), Some(keep_aside(path, e.to_string()))),
        };
        let entries = match toml::from_str::<BTreeMap<String, toml::Spanned<toml::Value>>>(&text) {
            Ok(entries) => entries,
            Err(e) => {
                return (
                    Settings::default(),
                    Some(keep_aside(path, e.message().into())),
                )
            }
        };
        let defaults = toml::Table::try_from(Settings::default()).unwrap_or_default();
        let mut table = toml::Table::new();
        let mut problems = Vec::new();
        for (key, entry) in entries {
            let line = text[..entry.span().start.min(text.len())]
                .matches('\n')
                .count()
                + 1;
            let value = entry.into_inner();
            // Each setting is tried on its own, so one bad value costs only its own setting.
            let alone = toml::Table::from_iter([(key.clone(), value.clone())]);
            match Settings::deserialize(toml::Value::Table(alone)) {
                Ok(_) => {
                    table.insert(key, value);
                }
                Err(e) => {
                    let using = match defaults.get(&key) {
                        Some(toml::Value::String(word)) => word.clone(),
                        Some(other) => other.to_string(),
                        None => "the default".to_string(),
                    };
                    problems.push((
                        line,
                        format!(
                            "line {line}: {key} = {value} is not {}; using {using}",
                            allowed(&key, e.message())
                        ),
                    ));
                }
            }
        }
        // In the file's order, as the player reads it.
        problems.sort();
        match Settings::deserialize(toml::Value::Table(table)) {
            Ok(s) if problems.is_empty() => (s, None),
            Ok(s) => {
                let problems: Vec<String> = problems.into_iter().map(|(_, p)| p).collect();
                let err = SettingsError::Values {
                    path: path.to_path_buf(),
                    problems: problems.join("; "),
                };
                (s, Some(err))
            }
            // Every setting read alone; together they still do not (no such case is known).
            Err(e) => (
                Settings::default(),
                Some(keep_aside(path, e.message().into())),
            ),
        }
    }

    /// Writes the settings to `path` atomically, creating its directory.
    pub fn save(&self, path: &Path) -> Result<(), SettingsError> {
        let io = |source| SettingsError::Io {
            path: path.to_path_buf(),
            source,
        };
        let dir = path
            .parent()
            .filter(|d| !d.as_os_str().is_empty())
            .unwrap_or(Path::new("."));
        std::fs::create_dir_all(dir).map_err(io)?;
        let text = toml::to_string_pretty(self).map_err(|e| io(std::io::Error::other(e)))?;
        let mut tmp = tempfile::NamedTempFile::new_in(dir).map_err(io)?;
        tmp.write_all(text.as_bytes()).map_err(io)?;
        tmp.as_file().sync_all().map_err(io)?;
        tmp.persist(path).map_err(|e| io(e.error))?;
        Ok(())
    }
}

/// What `key` may hold, for a message: the words of a look, or what the value should be;
/// for a setting this list does not name, what serde expected (`message`).
fn allowed(key: &str, message: &str) -> String {
    match key {
        k if k == Contrast::KEY => format!("one of {}", Contrast::words()),
        k if k == TableColour::KEY => format!("one of {}", TableColour::words()),
        k if k == BackColour::KEY => format!("one of {}", BackColour::words()),
        "four_colour" | "auto_place" | "stuck_notice" => "true or false".to_string(),
        "moment_pause" => "tenths of a second from 0 to 65535 (0: until a key)".to_string(),
        "last_variant" => "a variant's id in quotes".to_string(),
        "rules" => "a table of variant ids, each with the id of its rules in quotes".to_string(),
        _ => message
            .split_once("expected ")
            .map_or("what felt takes", |(_, what)| what.trim_end())
            .to_string(),
    }
}

/// Renames the unreadable settings file at `path` aside and says so, with `reason`; a file
/// that cannot be moved is reported as it is.
fn keep_aside(path: &Path, reason: String) -> SettingsError {
    let kept = aside_name(path);
    match std::fs::rename(path, &kept) {
        Ok(()) => SettingsError::Corrupt {
            path: path.to_path_buf(),
            reason,
            kept,
        },
        Err(source) => SettingsError::Io {
            path: path.to_path_buf(),
            source,
        },
    }
}

/// A free name beside `path` for keeping a corrupt file: `tui.toml.corrupt`, `.corrupt-2`, ….
fn aside_name(path: &Path) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(".corrupt");
    let first = PathBuf::from(&name);
    if !first.exists() {
        return first;
    }
    (2..)
        .map(|n| {
            let mut candidate = name.clone();
            candidate.push(format!("-{n}"));
            PathBuf::from(candidate)
        })
        .find(|p| !p.exists())
        .unwrap_or(first)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_round_trip_and_a_missing_file_means_defaults() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("deep/er/tui.toml");
        let (s, err) = Settings::load(&path);
        assert_eq!(s, Settings::default());
        assert!(err.is_none());
        let mut s = Settings {
            last_variant: Some("variant-b".into()),
            four_colour: true,
            ..Settings::default()
        };
        s.rules.insert("variant-b".into(), "relaxed".into());
        s.save(&path).expect("saved");
        assert_eq!(Settings::load(&path).0, s);
    }

    #[test]
    fn looks_are_kept_and_an_unknown_one_is_named_with_the_words_felt_knows() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("tui.toml");
        let chosen = Settings {
            theme: Contrast::High,
            table: TableColour::Green,
            backs: BackColour::Red,
            ..Settings::default()
        };
        chosen.save(&path).expect("saved");
        let text = std::fs::read_to_string(&path).expect("written");
        assert!(text.contains("theme = \"high-contrast\""), "{text}");
        assert!(text.contains("table = \"green\""), "{text}");
        let (back, err) = Settings::load(&path);
        assert!(err.is_none());
        assert_eq!(back, chosen);
        std::fs::write(
            &path,
            "four_colour = true\ntable = \"purple\"\nbacks = 3\ntheme = \"high-contrast\"\n",
        )
        .expect("write");
        let (s, err) = Settings::load(&path);
        // The values felt knows are kept; the others are at their defaults.
        assert!(s.four_colour);
        assert_eq!(s.theme, Contrast::High);
        assert_eq!(
            (s.table, s.backs),
            (TableColour::Terminal, BackColour::Blue)
        );
        let msg = err.expect("reported").to_string();
        assert!(
            msg.contains(
                "table = \"purple\" is not one of terminal, green, blue or red; using terminal"
            ),
            "{msg}"
        );
        assert!(
            msg.contains("backs = 3 is not one of blue, red, green or grey; using blue"),
            "{msg}"
        );
        assert!(path.exists(), "a file with a bad look is not moved aside");
    }

    #[test]
    fn a_file_that_is_not_toml_is_kept_aside_and_reported() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("tui.toml");
        std::fs::write(&path, "four_colour = maybe").expect("write");
        let (s, err) = Settings::load(&path);
        assert_eq!(s, Settings::default());
        let msg = err.expect("reported").to_string();
        assert!(msg.contains("kept it as"), "{msg}");
        let kept = dir.path().join("tui.toml.corrupt");
        assert_eq!(
            std::fs::read_to_string(&kept).expect("kept"),
            "four_colour = maybe"
        );
        assert!(!path.exists());
        // A second corrupt file does not overwrite the first one kept.
        std::fs::write(&path, "[[[").expect("write");
        let _ = Settings::load(&path);
        assert!(dir.path().join("tui.toml.corrupt-2").exists());
    }

    #[test]
    fn one_bad_value_costs_only_its_own_setting_and_is_named_with_its_line() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("tui.toml");
        let text = "last_variant = \"variant-b\"\nauto_place = true\nfour_colour = \"yes\"\n\
                    moment_pause = -3\ntheme = \"high-contrast\"\n[rules]\nvariant-b = \"relaxed\"\n";
        std::fs::write(&path, text).expect("write");
        let (s, err) = Settings::load(&path);
        assert_eq!(s.last_variant.as_deref(), Some("variant-b"));
        assert!(s.auto_place);
        assert_eq!(s.theme, Contrast::High);
        assert_eq!(
            s.rules.get("variant-b").map(String::as_str),
            Some("relaxed")
        );
        assert!(!s.four_colour);
        assert_eq!(s.moment_pause, None);
        let msg = err.expect("reported").to_string();
        assert!(
            msg.starts_with(&format!("settings file {}: ", path.display())),
            "{msg}"
        );
        assert!(
            msg.contains("line 3: four_colour = \"yes\" is not true or false; using false"),
            "{msg}"
        );
        assert!(
            msg.contains("line 4: moment_pause = -3 is not tenths of a second from 0 to 65535 (0: until a key); using the default"),
            "{msg}"
        );
        assert_eq!(
            std::fs::read_to_string(&path).expect("kept"),
            text,
            "not moved"
        );
    }

    #[cfg(unix)]
    #[test]
    fn a_fifo_is_reported_at_once_and_never_waited_for() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("tui.toml");
        let c = std::ffi::CString::new(path.as_os_str().as_encoded_bytes()).expect("a path");
        // SAFETY: `mkfifo` reads the NUL-terminated path it is given.
        assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
        let (s, err) = Settings::load(&path);
        assert_eq!(s, Settings::default());
        let msg = err.expect("reported").to_string();
        assert!(msg.contains("it is a FIFO, not a regular file"), "{msg}");
        assert!(path.exists(), "nothing of the user's is moved");
    }

    #[cfg(unix)]
    #[test]
    fn a_link_to_an_endless_device_is_not_read() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("tui.toml");
        std::os::unix::fs::symlink("/dev/zero", &path).expect("a link");
        let (s, err) = Settings::load(&path);
        assert_eq!(s, Settings::default());
        let msg = err.expect("reported").to_string();
        assert!(msg.contains("it is a device"), "{msg}");
    }

    #[test]
    fn a_file_too_large_is_kept_aside_unread() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("tui.toml");
        std::fs::write(&path, vec![b'#'; SETTINGS_LIMIT as usize + 1]).expect("write");
        let (s, err) = Settings::load(&path);
        assert_eq!(s, Settings::default());
        let msg = err.expect("reported").to_string();
        assert!(msg.contains("more than the 256 KB"), "{msg}");
        assert!(dir.path().join("tui.toml.corrupt").exists());
    }
}
