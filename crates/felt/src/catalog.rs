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
    let mut catalog = Catalog::new();
    // Before any variant loads, so that one whose extra key felt's table binds is refused
    // when it loads, built in or a plugin's.
    catalog.reserve_keys(crate::table_keys::table_keys());
    catalog.add_ruleset(felt_spider::factory());
    for (name, text) in builtin::SCORING {
        let _ = catalog.add_scoring(Origin::BuiltIn(name.to_string()), stem(name), text);
    }
    for (name, text) in builtin::VARIANTS {
        let _ = catalog.add_variant(Origin::BuiltIn(name.to_string()), text);
    }
    catalog
}
