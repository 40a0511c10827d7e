//! Helpers shared by the end-to-end tests: run the real `felt` binary.

#![allow(dead_code)]

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// The binary under test, isolated from the user's config and data folders.
pub fn felt(home: &Path) -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_felt"));
    cmd.env("HOME", home)
        .env("XDG_CONFIG_HOME", home.join("config"))
        .env("XDG_DATA_HOME", home.join("data"))
        .env_remove("NO_COLOR");
    cmd
}

/// Runs felt with `args`, feeds `input` on stdin, and returns its output.
pub fn run(home: &Path, args: &[&str], input: &str) -> Output {
    let mut child = felt(home)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("felt starts");
    if let Some(mut stdin) = child.stdin.take() {
        stdin
            .write_all(input.as_bytes())
            .expect("stdin takes the script");
    }
    child.wait_with_output().expect("felt finishes")
}

/// The answers of a text-mode headless run: each answer's lines (answers end with a blank line).
pub fn answers(stdout: &[u8]) -> Vec<Vec<String>> {
    let text = String::from_utf8_lossy(stdout);
    let mut out = Vec::new();
    let mut current = Vec::new();
    for line in text.lines() {
        if line.is_empty() {
            out.push(std::mem::take(&mut current));
        } else {
            current.push(line.to_string());
        }
    }
    if !current.is_empty() {
        out.push(current);
    }
    out
}

/// felt-abi's faulty fixture, built to fail as `fault` says, in the plugins folder of `data`.
pub fn faulty_plugin(data: &Path, fault: &str) -> PathBuf {
    marked_plugin(data, fault, None)
}

/// The faulty fixture, adding a line to `mark` (when given) each time its code is started.
pub fn marked_plugin(data: &Path, fault: &str, mark: Option<&Path>) -> PathBuf {
    let dir = data.join("plugins");
    std::fs::create_dir_all(&dir).expect("plugins folder");
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("../felt-abi/tests/fixtures/faulty.rs");
    let out = dir.join(format!(
        "{}felt_faulty{}",
        std::env::consts::DLL_PREFIX,
        std::env::consts::DLL_SUFFIX
    ));
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".to_string());
    let status = std::process::Command::new(rustc)
        .args([
            "--edition",
            "2021",
            "--crate-type",
            "cdylib",
            "--crate-name",
            "felt_faulty",
            "-o",
        ])
        .arg(&out)
        .arg(source)
        .env("FELT_FAULT", fault)
        .env("FELT_ABI", felt_abi::ABI_VERSION.to_string())
        .env("FELT_MARK", mark.unwrap_or(Path::new("")))
        .status()
        .expect("rustc runs");
    assert!(status.success(), "the fixture builds");
    out
}
