//! Checks of the repository's own shape, read from its files as they stand: every test file is
//! compiled, files of one crate that import each other in a circle are explained, and the
//! README opens with what a player needs.

mod import_circles;
mod readme;
mod rust;
mod test_files;

use std::path::{Path, PathBuf};

/// The repository's root (this package is `crates/felt`).
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The workspace's packages: every folder of `crates/` and `rulesets/` with a manifest.
pub fn packages() -> Vec<PathBuf> {
    let mut out = Vec::new();
    for group in ["crates", "rulesets"] {
        for entry in std::fs::read_dir(root().join(group))
            .expect("reads the folder")
            .flatten()
        {
            if entry.path().join("Cargo.toml").is_file() {
                out.push(entry.path());
            }
        }
    }
    out.sort();
    out
}

/// `path` from the repository's root, with `/` between names, as the docs write it.
pub fn relative(path: &Path) -> String {
    let root = root().canonicalize().expect("the root");
    let full = path.canonicalize().unwrap_or_else(|_| path.to_path_buf());
    let rel = full.strip_prefix(&root).unwrap_or(&full);
    rel.components()
        .map(|c| c.as_os_str().to_string_lossy())
        .collect::<Vec<_>>()
        .join("/")
}
