//! Embeds every file of `config/variants` and `config/scoring` into the binary, so felt runs
//! from any folder and a new built-in variant is a new file, not a code change.

// A build script speaks to cargo on its standard output, not to a terminal: the crate's ban
// on `println!` (its clippy.toml, for text reaching the player) does not apply here.
#![allow(clippy::disallowed_macros)]

use std::fmt::Write as _;
use std::path::Path;

fn list(dir: &Path) -> Vec<(String, String)> {
    println!("cargo:rerun-if-changed={}", dir.display());
    // A felt without its built-in variants would start and offer nothing: fail the build
    // instead, saying where it looked.
    let entries = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("cannot read the built-in files in {}: {e}", dir.display()));
    let mut files: Vec<(String, String)> = entries
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .map(|p| {
            println!("cargo:rerun-if-changed={}", p.display());
            let name = p
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            (name, p.display().to_string())
        })
        .collect();
    if files.is_empty() {
        panic!("no .toml files in {}", dir.display());
    }
    files.sort();
    files
}

fn main() {
    // Read at run time, not baked in with env!(): a build script compiled for one checkout
    // and reused from a shared target folder must still read this checkout's files.
    let manifest = std::env::var("CARGO_MANIFEST_DIR").unwrap_or_else(|_| ".".into());
    let root = Path::new(&manifest).join("../../config");
    let mut out = String::new();
    for (konst, sub) in [("VARIANTS", "variants"), ("SCORING", "scoring")] {
        let _ = writeln!(
            out,
            "/// Embedded `config/{sub}/*.toml`: (file name, text)."
        );
        let _ = writeln!(out, "pub const {konst}: &[(&str, &str)] = &[");
        for (name, path) in list(&root.join(sub)) {
            let _ = writeln!(out, "    ({name:?}, include_str!({path:?})),");
        }
        let _ = writeln!(out, "];");
    }
    let dest =
        Path::new(&std::env::var("OUT_DIR").unwrap_or_else(|_| ".".into())).join("builtin.rs");
    if let Err(e) = std::fs::write(&dest, out) {
        panic!("cannot write {}: {e}", dest.display());
    }
}
