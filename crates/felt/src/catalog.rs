//! Builds the catalog: built-in rulesets and embedded config, then user files, then `--config`.

use felt_core::{Catalog, Origin, VariantError};
use std::path::{Path, PathBuf};

mod builtin {
    include!(concat!(env!("OUT_DIR"), "/builtin.rs"));
}

/// The user's variant folder (`~/.config/felt/variants` on Linux), if there is a home.
pub fn user_variant_dir() -> Option<PathBuf> {
    directories::ProjectDirs::from("", "", "felt").map(|d| d.config_dir().join("variants"))
}

fn stem(name: &str) -> &str {
    name.strip_suffix(".toml").unwrap_or(name)
}

/// Reads every `*.toml` of a folder in name order; an unreadable folder is no folder.
fn toml_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|rd| {
            rd.filter_map(Result::ok)
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|x| x == "toml"))
                .collect()
        })
        .unwrap_or_default();
    files.sort();
    files
}

/// Loads the files of one folder: `scoring/*.toml` first, then variants (the folder itself and
/// its `variants/` subfolder). Bad files are recorded in the catalog's errors.
pub fn load_dir(catalog: &mut Catalog, dir: &Path) {
    load_scoring(catalog, &dir.join("scoring"));
    for path in toml_files(dir)
        .into_iter()
        .chain(toml_files(&dir.join("variants")))
    {
        load_variant(catalog, &path);
    }
}

/// Adds one variant file. One that cannot be read is refused like one that does not parse, under
/// its file's name, so asking for that variant says why it is not there.
fn load_variant(catalog: &mut Catalog, path: &Path) {
    let origin = Origin::File(path.to_path_buf());
    match crate::files::read_text(path, crate::files::TEXT_FILE_LIMIT) {
        Ok(text) => {
            let _ = catalog.add_variant(origin, &text);
        }
        Err(e) => {
            let error = unreadable(&origin, &e);
            catalog.refuse_unreadable(&origin, error);
        }
    }
}

/// The error of a file that could not be read.
fn unreadable(origin: &Origin, e: &impl std::fmt::Display) -> VariantError {
    VariantError::at_key(origin, "", None, format!("cannot read the file: {e}"))
}

/// A scoring table's text, or its error recorded with the others.
fn read(catalog: &mut Catalog, path: &Path) -> Option<String> {
    match crate::files::read_text(path, crate::files::TEXT_FILE_LIMIT) {
        Ok(text) => Some(text),
        Err(e) => {
            // Recorded with the parse errors so `felt variants` shows it and the rest still load.
            catalog.push_error(unreadable(&Origin::File(path.to_path_buf()), &e));
            None
        }
    }
}

/// Adds the user's variant folder (unless `user_dir` is false) and then each `extra` folder
/// (`--config`) to a catalog that already holds the built-in and plugin rulesets.
pub fn load_user(catalog: &mut Catalog, extra: &[PathBuf], user_dir: bool) {
    if user_dir {
        if let Some(dir) = user_variant_dir() {
            // The user folder is variants/ itself; its parent may hold scoring/.
            if let Some(parent) = dir.parent() {
                load_scoring(catalog, &parent.join("scoring"));
            }
            for path in toml_files(&dir) {
                load_variant(catalog, &path);
            }
        }
    }
    for dir in extra {
        load_dir(catalog, dir);
    }
}

fn load_scoring(catalog: &mut Catalog, dir: &Path) {
    for path in toml_files(dir) {
        let id = path
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        if let Some(text) = read(catalog, &path) {
            let _ = catalog.add_scoring(Origin::File(path.clone()), &id, &text);
        }
    }
}

/// Only what is built into the binary.
pub fn builtin_catalog() -> Catalog {
    let mut catalog = base_catalog();
    for (name, text) in builtin::VARIANTS {
        let _ = catalog.add_variant(Origin::BuiltIn(name.to_string()), text);
    }
    catalog
}

/// What is built into the binary except its variant files: the host's keys, the built-in
/// rulesets and the scoring tables. A command about one plugin's variant starts from this
/// ([`declared`] tells it that no built-in file is in the way), so the built-in variants are
/// not parsed and checked for it.
pub fn base_catalog() -> Catalog {
    let mut catalog = Catalog::new();
    // Before any variant loads, so that one whose extra key felt's table binds is refused
    // when it loads, built in or a plugin's.
    catalog.reserve_keys(crate::table_keys::table_keys());
    catalog.add_ruleset(felt_spider::factory());
    for (name, text) in builtin::SCORING {
        let _ = catalog.add_scoring(Origin::BuiltIn(name.to_string()), stem(name), text);
    }
    catalog
}

/// The built-in variant files, as `(file name, TOML text)`.
pub fn builtin_variants() -> &'static [(&'static str, &'static str)] {
    builtin::VARIANTS
}

/// What a variant file says of itself at its top, read without parsing the file: enough to
/// tell which file a command about one variant needs, and whether any other file could stand
/// in its way (the same id, a former id naming it, the same code prefix).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Declared {
    /// The `id` it gives.
    pub id: String,
    /// The `code` prefix it gives, if any.
    pub code: Option<String>,
    /// The text of its `aliases` value, if it has one: a caller only asks whether a name
    /// occurs in it, so a false match costs a full load, never a wrong answer.
    pub aliases: Option<String>,
}

/// The `id`, `code` and `aliases` of a variant file, from its lines before the first table,
/// where TOML keeps the top-level keys; `None` at any doubt: no `id` line, a key given twice,
/// a value that is not a plain string of letters, digits, `-` and `_`, or a multi-line string
/// (whose lines could look like keys). Whoever reads `None` loads every file instead, so the
/// reading only has to be right when it answers.
pub fn declared(text: &str) -> Option<Declared> {
    let mut id = None;
    let mut code = None;
    let mut aliases = None;
    for line in text.lines().map(str::trim) {
        if line.starts_with('[') {
            break;
        }
        // Byte windows, not `str::contains`: a pattern search is set up anew for each line,
        // and every plugin's every file is read so at each one-variant command.
        if line
            .as_bytes()
            .windows(3)
            .any(|w| w == b"\"\"\"" || w == b"'''")
        {
            return None;
        }
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let Some((key, value)) = line.split_once('=') else {
            continue;
        };
        let key = key.trim().trim_matches(|c| c == '"' || c == '\'');
        let value = value.trim();
        let slot = match key {
            "id" => &mut id,
            "code" => &mut code,
            "aliases" => {
                if aliases.replace(value.to_string()).is_some() {
                    return None;
                }
                continue;
            }
            _ => continue,
        };
        if slot.replace(plain_string(value)?).is_some() {
            return None;
        }
    }
    Some(Declared {
        id: id?,
        code,
        aliases,
    })
}

/// `"text"` (or `'text'`), possibly followed by a comment, when `text` is made of letters,
/// digits, `-` and `_` only.
fn plain_string(value: &str) -> Option<String> {
    let quote = value.chars().next().filter(|&c| c == '"' || c == '\'')?;
    let rest = &value[1..];
    let end = rest.find(quote)?;
    let (inner, after) = (&rest[..end], rest[end + 1..].trim());
    let plain = !inner.is_empty()
        && inner
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
    (plain && (after.is_empty() || after.starts_with('#'))).then(|| inner.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_built_in_file_declares_what_its_parse_gives() {
        // The lean catalog of a plugin's variant trusts `declared` to tell it that no
        // built-in file is in the way: it must read every built-in file as the parser does.
        let catalog = builtin_catalog();
        assert!(catalog.errors().is_empty(), "{:?}", catalog.errors());
        for (name, text) in builtin_variants() {
            let declared = declared(text).unwrap_or_else(|| panic!("{name}: not declared"));
            let entry = catalog
                .get(&declared.id)
                .expect("the declared id is the entry's");
            assert_eq!(Some(&entry.variant.code), declared.code.as_ref(), "{name}");
            for alias in &entry.variant.aliases {
                assert!(
                    declared
                        .aliases
                        .as_deref()
                        .is_some_and(|a| a.contains(alias.as_str())),
                    "{name}: {alias}"
                );
            }
        }
    }

    #[test]
    fn any_doubt_reads_as_none() {
        let plain = "# a comment\nid = \"a-b\"  # why\ncode = 'AB-1'\naliases = [\"old\"]\n[game]\nid = \"x\"\n";
        assert_eq!(
            declared(plain),
            Some(Declared {
                id: "a-b".into(),
                code: Some("AB-1".into()),
                aliases: Some("[\"old\"]".into()),
            })
        );
        for doubtful in [
            "name = \"no id\"\n",
            "id = \"a\"\nid = \"b\"\n",
            "id = \"a\\u0062\"\n",
            "id = \"a\" trailing\n",
            "description = \"\"\"\nid = \"a\"\n\"\"\"\nid = \"b\"\n",
            "[game]\nid = \"a\"\n",
        ] {
            assert_eq!(declared(doubtful), None, "{doubtful}");
        }
    }
}
