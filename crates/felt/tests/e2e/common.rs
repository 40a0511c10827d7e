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
    feed(&mut child, input);
    child.wait_with_output().expect("felt finishes")
}

/// Writes `input` to a started felt's stdin and closes it. A felt that finishes before it
/// reads its script (one that refuses its arguments) closes the pipe first: that is its
/// answer, which the test reads from its output, not a failure to write.
pub fn feed(child: &mut std::process::Child, input: &str) {
    if let Some(mut stdin) = child.stdin.take() {
        if let Err(e) = stdin.write_all(input.as_bytes()) {
            assert_eq!(
                e.kind(),
                std::io::ErrorKind::BrokenPipe,
                "stdin takes the script: {e}"
            );
        }
    }
}

/// Runs felt with `data` as its home and its data folder (`--data-dir`), `input` on stdin, to
/// the end: a plugin game's folder from [`data_dir_with`].
pub fn run_in(data: &Path, args: &[&str], input: &str) -> Output {
    let data_arg = data.to_str().expect("a UTF-8 temp path");
    let mut all = vec!["--data-dir", data_arg];
    all.extend_from_slice(args);
    run(data, &all, input)
}

/// A data folder whose `plugins/` holds the plugin `lib{stem}.so` built for this test run
/// (as a dev-dependency of the felt package, its library lies beside the test binary).
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

/// A headless session kept open: one command in, its answer's lines out.
pub struct Game {
    child: std::process::Child,
    input: std::process::ChildStdin,
    output: std::io::BufReader<std::process::ChildStdout>,
}

impl Game {
    /// Starts felt with `data` as its home and data folder and `args`, its stdin and stdout
    /// kept.
    pub fn start(data: &Path, args: &[&str]) -> Game {
        let mut child = felt(data)
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

    /// The felt process's id.
    pub fn pid(&self) -> u32 {
        self.child.id()
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
        .env("FELT_SCHEMA", felt_abi::SCHEMA_HASH.to_string())
        .env("FELT_MARK", mark.unwrap_or(Path::new("")))
        .status()
        .expect("rustc runs");
    assert!(status.success(), "the fixture builds");
    out
}

/// Whether a process's command line is a plugin helper felt started: `felt-helper LIBRARY`
/// beside felt, or `felt plugin-host LIBRARY` where it is not.
pub fn is_helper(command_line: &str) -> bool {
    command_line.contains("felt-helper") || command_line.contains("plugin-host")
}
