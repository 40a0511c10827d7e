//! What the end-to-end tests of plugin games share: the `felt` binary of this build, a data
//! folder holding a plugin built for this run, and a headless session kept open.

#![allow(dead_code)]

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// The `felt` binary cargo built for this test run.
pub fn felt_binary() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_felt"))
}

/// A data folder whose `plugins/` holds the plugin `lib{stem}.so` built for this test run.
pub fn data_dir_with(stem: &str) -> tempfile::TempDir {
    let name = format!(
        "{}{stem}{}",
        std::env::consts::DLL_PREFIX,
        std::env::consts::DLL_SUFFIX
    );
    let exe = std::env::current_exe().expect("test binary path");
    let deps = exe.parent().expect("deps folder");
    let library = [deps.join(&name), deps.join("..").join(&name)]
        .into_iter()
        .find(|p| p.is_file())
        .unwrap_or_else(|| panic!("{name} not found beside {}", deps.display()));
    let dir = tempfile::tempdir().expect("temp dir");
    let plugins = dir.path().join("plugins");
    std::fs::create_dir_all(&plugins).expect("plugins folder");
    std::fs::copy(&library, plugins.join(&name)).expect("copies the plugin");
    dir
}

/// Runs felt in `data` with `args`, `input` on stdin, to the end.
pub fn run(data: &Path, args: &[&str], input: &str) -> Output {
    let mut child = Command::new(felt_binary())
        .env("HOME", data)
        .env("XDG_CONFIG_HOME", data.join("config"))
        .arg("--data-dir")
        .arg(data)
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

/// A session kept open: one command in, its answer's lines out.
pub struct Game {
    child: std::process::Child,
    input: std::process::ChildStdin,
    output: std::io::BufReader<std::process::ChildStdout>,
}

impl Game {
    /// Starts felt in `data` with `args`, its stdin and stdout kept.
    pub fn start(data: &Path, args: &[&str]) -> Game {
        let mut child = Command::new(felt_binary())
            .env("HOME", data)
            .env("XDG_CONFIG_HOME", data.join("config"))
            .arg("--data-dir")
            .arg(data)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("felt starts");
        let input = child.stdin.take().expect("stdin");
        let output = std::io::BufReader::new(child.stdout.take().expect("stdout"));
        Game {
            child,
            input,
            output,
        }
    }

    /// Sends one command and reads its answer (up to the blank line that ends it).
    pub fn ask(&mut self, line: &str) -> Vec<String> {
        use std::io::BufRead;
        writeln!(self.input, "{line}").expect("writes");
        self.input.flush().expect("flushes");
        let mut lines = Vec::new();
        loop {
            let mut l = String::new();
            let n = self.output.read_line(&mut l).expect("reads");
            let l = l.trim_end().to_string();
            if n == 0 || l.is_empty() {
                return lines;
            }
            lines.push(l);
        }
    }
}

impl Drop for Game {
    fn drop(&mut self) {
        let _ = writeln!(self.input, "quit");
        let _ = self.child.wait();
    }
}
