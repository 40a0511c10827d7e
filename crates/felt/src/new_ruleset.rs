//! `felt new-ruleset NAME`: a ruleset crate to start from ([`template`]), reaching felt's
//! crates by a path relative to itself.

mod template;

use anyhow::{anyhow, bail, Context, Result};
use std::path::Path;

/// Writes the crate of a new ruleset `name` into `dir` (default: here), depending on the felt
/// source tree `felt` (default: the one this felt was built from, when it is still there).
pub fn run(name: &str, dir: Option<&Path>, felt: Option<&Path>) -> Result<()> {
    // The felt source tree this felt was built from, when it is still there (a developer's
    // checkout); an installed felt is told where one is with --felt.
    let felt_src = match felt {
        Some(p) => p.to_path_buf(),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("../.."),
    };
    let felt_src = std::fs::canonicalize(&felt_src)
        .ok()
        .filter(|p| p.join("crates/felt-plugin/Cargo.toml").is_file())
        .with_context(|| {
            format!(
                "no felt source tree at {}: give --felt DIR, a checkout of felt's sources (the new crate depends on its felt-core and felt-plugin)",
                felt_src.display()
            )
        })?;
    let parent = dir.unwrap_or(Path::new("."));
    let root = parent.join(name);
    if root.exists() {
        bail!(
            "{} already exists: choose another name or folder",
            root.display()
        );
    }
    std::fs::create_dir_all(&root).with_context(|| format!("cannot create {}", root.display()))?;
    let here = std::fs::canonicalize(&root)
        .with_context(|| format!("cannot resolve {}", root.display()))?;
    // A path from the crate to felt, so the pair can move together; never this machine's.
    let felt_path = template::relative(&here, &felt_src).unwrap_or(felt_src);
    let files = template::files(name, &felt_path).map_err(|e| {
        let _ = std::fs::remove_dir(&root);
        anyhow!(e)
    })?;
    for (path, text) in &files {
        let path = root.join(path);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent)
                .with_context(|| format!("cannot create {}", parent.display()))?;
        }
        std::fs::write(&path, text).with_context(|| format!("cannot write {}", path.display()))?;
    }
    felt::say!("Wrote the ruleset crate {}.", root.display());
    felt::say!(
        "Build it:   cargo build --release --manifest-path {}/Cargo.toml",
        root.display()
    );
    felt::say!(
        "List it:    felt plugins --plugin {}/target/release",
        root.display()
    );
    felt::say!(
        "Install it: felt plugins install {}/target/release/{}felt_{}{}",
        root.display(),
        std::env::consts::DLL_PREFIX,
        name.replace('-', "_"),
        std::env::consts::DLL_SUFFIX
    );
    Ok(())
}
