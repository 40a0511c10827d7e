//! The launcher's memory: the last game and rules chosen and the display options, in a small
//! TOML file written atomically (a temporary file, then a rename). A file that does not read is
//! kept aside under another name and reported, never overwritten silently; a look felt does
//! not know (`table = "purple"`) is reported with the words it does, and left at its default
//! while every other setting is kept.

use crate::look::{BackColour, Choice, Contrast, TableColour};
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
    /// Reading, moving or writing failed.
    #[error("settings file {path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// The system's error.
        source: std::io::Error,
    },
}

/// The default place of the settings file: `tui.toml` in the user's config directory for felt.
pub fn default_path() -> Option<PathBuf> {
    directories::ProjectDirs::from("", "", "felt").map(|d| d.config_dir().join("tui.toml"))
}

impl Settings {
    /// Reads the settings at `path`; a missing file gives the defaults. A corrupt file is
    /// renamed aside and reported together with the defaults.
    pub fn load(path: &Path) -> (Settings, Option<SettingsError>) {
        let text = match std::fs::read_to_string(path) {
            Ok(t) => t,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                return (Settings::default(), None)
            }
            Err(source) => {
                let err = SettingsError::Io {
                    path: path.to_path_buf(),
                    source,
                };
                return (Settings::default(), Some(err));
            }
        };
        let mut problems = Vec::new();
        let read = toml::from_str::<toml::Table>(&text).and_then(|mut table| {
            check_choice::<Contrast>(&mut table, &mut problems);
            check_choice::<TableColour>(&mut table, &mut problems);
            check_choice::<BackColour>(&mut table, &mut problems);
            Settings::deserialize(toml::Value::Table(table))
        });
        match read {
            Ok(s) if problems.is_empty() => (s, None),
            Ok(s) => {
                let err = SettingsError::Values {
                    path: path.to_path_buf(),
                    problems: problems.join("; "),
                };
                (s, Some(err))
            }
            Err(e) => {
                let kept = aside_name(path);
                let err = match std::fs::rename(path, &kept) {
                    Ok(()) => SettingsError::Corrupt {
                        path: path.to_path_buf(),
                        reason: e.message().to_string(),
                        kept,
                    },
                    Err(source) => SettingsError::Io {
                        path: path.to_path_buf(),
                        source,
                    },
                };
                (Settings::default(), Some(err))
            }
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

/// Takes out of `table` a value of `C`'s key that names no choice, saying so in `problems`:
/// the setting then takes its default and the rest of the file still counts.
fn check_choice<C: Choice>(table: &mut toml::Table, problems: &mut Vec<String>) {
    let Some(value) = table.get(C::KEY) else {
        return;
    };
    if value.as_str().and_then(C::parse).is_some() {
        return;
    }
    problems.push(format!(
        "{} = {value} is not one of {}; using {}",
        C::KEY,
        C::words(),
        C::ALL[0].word()
    ));
    table.remove(C::KEY);
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
    fn a_corrupt_file_is_kept_aside_and_reported() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("tui.toml");
        std::fs::write(&path, "four_colour = \"maybe\"").expect("write");
        let (s, err) = Settings::load(&path);
        assert_eq!(s, Settings::default());
        let msg = err.expect("reported").to_string();
        assert!(msg.contains("kept it as"), "{msg}");
        let kept = dir.path().join("tui.toml.corrupt");
        assert_eq!(
            std::fs::read_to_string(&kept).expect("kept"),
            "four_colour = \"maybe\""
        );
        assert!(!path.exists());
        // A second corrupt file does not overwrite the first one kept.
        std::fs::write(&path, "[[[").expect("write");
        let _ = Settings::load(&path);
        assert!(dir.path().join("tui.toml.corrupt-2").exists());
    }
}
