//! Building the test plugins of `tests/fixtures/*.rs` with `rustc`: they have no
//! dependencies, so each builds in a moment, and no cargo runs inside a test.

use std::path::{Path, PathBuf};
use std::process::Command;

/// Compiles fixture `source` into `dir` as the shared library `lib<name>.so` (or the
/// platform's name for it), with `env` set while it compiles (a fixture reads its settings
/// with `env!`), and returns its path.
pub fn build_fixture(source: &str, name: &str, dir: &Path, env: &[(&str, &str)]) -> PathBuf {
    let file = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(format!("{source}.rs"));
    let out = dir.join(format!(
        "{}{name}{}",
        std::env::consts::DLL_PREFIX,
        std::env::consts::DLL_SUFFIX
    ));
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".to_string());
    let status = Command::new(rustc)
        .args([
            "--edition",
            "2021",
            "--crate-type",
            "cdylib",
            "--crate-name",
            name,
            "-o",
        ])
        .arg(&out)
        .arg(&file)
        .envs(env.iter().copied())
        .status()
        .expect("rustc runs");
    assert!(status.success(), "fixture {source} builds");
    out
}
