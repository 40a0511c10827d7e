//! End to end in a pseudo-terminal: the real `felt` binary opens the launcher, deals Spider with
//! one suit, takes a move and its undo, leaves with `q`, and the terminal is back as it was; also
//! when SIGTERM ends it. The screen is read through a VT100 parser.

use crate::common;

use portable_pty::{native_pty_system, Child, CommandBuilder, MasterPty, PtySize};
use std::io::{Read, Write};
use std::path::PathBuf;
use std::process::Command;
use std::sync::mpsc::{channel, Receiver};
use std::time::{Duration, Instant};

/// Long enough for a debug build on a busy machine; a screen that never comes fails the test.
const PATIENCE: Duration = Duration::from_secs(30);

/// The `felt` binary cargo built for this test run.
fn felt_binary() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_felt"))
}

/// felt in a pseudo-terminal, its screen as a VT100 parser reads it (also for `pty_analysis`).
pub(crate) struct Term {
    pub(crate) parser: vt100::Parser,
    pub(crate) output: Receiver<Vec<u8>>,
    input: Box<dyn Write + Send>,
    pub(crate) child: Box<dyn Child + Send + Sync>,
    pub(crate) master: Box<dyn MasterPty + Send>,
    _home: tempfile::TempDir,
}

impl Term {
    /// `felt` run by a shell that afterwards prints its exit status and the terminal's modes.
    fn start() -> Term {
        Term::start_in(tempfile::tempdir().expect("temp home"))
    }

    /// [`Term::start`] with `home` as the home folder (its data folder is `data/felt`).
    pub(crate) fn start_in(home: tempfile::TempDir) -> Term {
        let felt = felt_binary();
        let pty = native_pty_system()
            .openpty(PtySize {
                rows: 24,
                cols: 80,
                pixel_width: 0,
                pixel_height: 0,
            })
            .expect("a pty");
        let mut cmd = CommandBuilder::new("sh");
        cmd.args(["-c", "\"$FELT\"; echo \"felt-exit=$?\"; stty -a; sleep 5"]);
        cmd.env("FELT", &felt);
        cmd.env("HOME", home.path());
        cmd.env("XDG_CONFIG_HOME", home.path().join("config"));
        cmd.env("XDG_DATA_HOME", home.path().join("data"));
        cmd.env("LANG", "C.UTF-8");
        cmd.env("TERM", "xterm-256color");
        cmd.env_remove("NO_COLOR");
        let child = pty.slave.spawn_command(cmd).expect("felt starts");
        let mut reader = pty.master.try_clone_reader().expect("pty reader");
        let input = pty.master.take_writer().expect("pty writer");
        let (tx, output) = channel();
        std::thread::spawn(move || {
            let mut buf = [0u8; 4096];
            while let Ok(n) = reader.read(&mut buf) {
                if n == 0 || tx.send(buf[..n].to_vec()).is_err() {
                    break;
                }
            }
        });
        Term {
            parser: vt100::Parser::new(24, 80, 0),
            output,
            input,
            child,
            master: pty.master,
            _home: home,
        }
    }

    pub(crate) fn screen(&self) -> String {
        self.parser.screen().contents()
    }

    /// Reads output until the screen shows `text`.
    pub(crate) fn wait_for(&mut self, text: &str) {
        let deadline = Instant::now() + PATIENCE;
        while !self.screen().contains(text) {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.output.recv_timeout(left) {
                Ok(bytes) => self.parser.process(&bytes),
                Err(_) => panic!(
                    "the screen never showed {text:?}; it shows:\n{}",
                    self.screen()
                ),
            }
        }
    }

    /// Moves the launcher's highlight down until it is on `entry`.
    fn select(&mut self, entry: &str) {
        let marked = format!("▶ {entry} ");
        for _ in 0..100 {
            if self.screen().contains(&marked) {
                return;
            }
            self.send("\x1b[B");
            while let Ok(bytes) = self.output.recv_timeout(Duration::from_millis(150)) {
                self.parser.process(&bytes);
            }
        }
        panic!("{entry} is not in the list:\n{}", self.screen());
    }

    pub(crate) fn send(&mut self, keys: &str) {
        self.input.write_all(keys.as_bytes()).expect("keys sent");
        self.input.flush().expect("keys flushed");
    }

    /// After felt left: it exited with 0, the normal screen is back with its cursor, and the
    /// line discipline is cooked again (`stty` shows `icanon` and `echo`, not `-icanon`).
    pub(crate) fn assert_restored(&mut self) {
        self.wait_for("felt-exit=");
        self.wait_for("icanon");
        let screen = self.parser.screen();
        assert!(!screen.alternate_screen(), "still on the alternate screen");
        assert!(!screen.hide_cursor(), "the cursor is still hidden");
        let text = self.screen();
        assert!(text.contains("felt-exit=0"), "{text}");
        let words: Vec<&str> = text.split_whitespace().collect();
        assert!(
            words.contains(&"icanon") && words.contains(&"echo"),
            "raw mode left on:\n{text}"
        );
    }
}

impl Drop for Term {
    fn drop(&mut self) {
        // A failed test must not leave the shell or felt running.
        let _ = self.child.kill();
    }
}

#[test]
fn launcher_deal_move_undo_and_quit_restore_the_terminal() {
    let mut t = Term::start();
    t.wait_for("choose a game");
    assert!(t.screen().contains("Spider, one suit"));
    assert!(t.parser.screen().alternate_screen());
    // A known deal: its column 7 ends on 3♠ and column 4 on 4♠.
    t.send("c");
    t.wait_for("Backspace erase");
    t.send("SP1-S1C-AAAAAAD\r");
    t.wait_for("Moves 0");
    t.wait_for("SP1-S1C-AAAAAAD");
    t.send("74");
    t.wait_for("Moves 1");
    t.send("u");
    t.wait_for("Moves 0");
    t.send("q");
    t.wait_for("choose a game");
    t.send("q");
    t.assert_restored();
}

#[test]
fn sigterm_restores_the_terminal() {
    let mut t = Term::start();
    t.wait_for("choose a game");
    t.send("\r");
    t.wait_for("Moves 0");
    let felt = Command::new("pgrep")
        .args([
            "-P",
            &t.child.process_id().expect("shell pid").to_string(),
            "felt",
        ])
        .output()
        .expect("pgrep runs");
    let pid = String::from_utf8_lossy(&felt.stdout).trim().to_string();
    assert!(!pid.is_empty(), "felt is running under the shell");
    let killed = Command::new("kill")
        .args(["-TERM", &pid])
        .status()
        .expect("kill runs");
    assert!(killed.success());
    t.assert_restored();
}

#[test]
fn a_new_game_of_a_variant_in_progress_asks_first_and_can_keep_both() {
    let mut t = Term::start();
    t.wait_for("choose a game");
    t.send("c");
    t.wait_for("Backspace erase");
    t.send("SP1-S1C-AAAAAAD\r");
    t.wait_for("Moves 0");
    // A deal makes it a game in progress; leaving keeps it.
    t.send("d");
    t.wait_for("Moves 1");
    t.send("q");
    t.wait_for("Leave this game");
    t.send("y");
    t.wait_for("Continue");
    t.wait_for("SP1-S1C-AAAAAAD · 1 move");
    // Down from the game in progress to the one-suit line (below the 1945 layout), Enter.
    t.send("\x1b[B");
    t.send("\x1b[B");
    t.wait_for("▶ Spider, one suit     ");
    t.send("\r");
    t.wait_for("Start a new game?");
    t.wait_for("the old one counts as lost");
    // q (as Esc) cancels: nothing started. (A lone Esc byte waits for what may follow it.)
    t.send("q");
    t.wait_for("? F1 help");
    t.send("\r");
    t.wait_for("Start a new game?");
    t.send("k");
    t.wait_for("Moves 0");
    t.send("d");
    t.wait_for("Moves 1");
    t.send("q");
    t.wait_for("Leave this game");
    t.send("y");
    t.wait_for("Continue");
    t.wait_for("SP1-S1C-AAAAAAD · 1 move");
    // Both games are kept: two lines of one move each under Continue.
    t.wait_for("just now\n   Spider, one suit");
    t.send("q");
    t.assert_restored();
}

#[test]
fn a_plugin_that_crashes_mid_game_costs_only_its_game_and_the_terminal_is_restored() {
    // The fixture builds its variant (so the launcher lists it) and aborts at any other call:
    // the first of them is dealing the game.
    let home = tempfile::tempdir().expect("temp home");
    common::faulty_plugin(&home.path().join("data/felt"), "builds_then_abort");
    let mut t = Term::start_in(home);
    t.wait_for("choose a game");
    t.select("Faulty");
    t.send("\r");
    // The window over the table says what the plugin did.
    t.wait_for("SIGABRT: it aborted");
    assert!(t.screen().contains("the plugin stopped"));
    // felt goes on: another game deals and plays.
    t.send("q");
    t.wait_for("choose a game");
    t.send("\x1b[H");
    t.send("c");
    t.wait_for("Backspace erase");
    t.send("SP1-S1C-AAAAAAD\r");
    t.wait_for("Moves 0");
    t.send("74");
    t.wait_for("Moves 1");
    t.send("q");
    t.wait_for("Leave this game");
    t.send("y");
    t.wait_for("choose a game");
    t.send("q");
    t.assert_restored();
}

// Issue 28: a plugin's table text (status, messages) shows its control characters as escapes
// on the screen; none reaches the terminal to retitle it, ring it or clear it.
#[test]
fn a_plugins_hostile_table_text_is_shown_escaped_and_never_obeyed() {
    let home = tempfile::tempdir().expect("temp home");
    common::faulty_plugin(&home.path().join("data/felt"), "hostile");
    let mut t = Term::start_in(home);
    t.wait_for("choose a game");
    t.select("Evil");
    t.send("\r");
    t.wait_for("message\\x1b]0;pwned\\x07");
    let screen = t.parser.screen();
    assert_eq!(screen.title(), "", "the window was retitled");
    assert_eq!(screen.audible_bell_count(), 0, "the terminal was rung");
    t.send("q");
    t.wait_for("choose a game");
    t.send("q");
    t.assert_restored();
}

/// `home`'s settings file (tests point XDG_CONFIG_HOME at `home/config`).
fn settings_file(home: &std::path::Path) -> PathBuf {
    let dir = home.join("config").join("felt");
    std::fs::create_dir_all(&dir).expect("config folder");
    dir.join("tui.toml")
}

// A FIFO as tui.toml used to block the launcher's start for ever (`q` ignored): it is reported
// at once, the launcher opens with the defaults, and `q` leaves.
#[cfg(unix)]
#[test]
fn a_fifo_as_the_settings_file_is_reported_and_the_launcher_opens() {
    let home = tempfile::tempdir().expect("temp home");
    let path = settings_file(home.path());
    let status = Command::new("mkfifo")
        .arg(&path)
        .status()
        .expect("mkfifo runs");
    assert!(status.success());
    let mut t = Term::start_in(home);
    t.wait_for("choose a game");
    t.wait_for("it is a FIFO");
    t.send("q");
    t.assert_restored();
}

// One value felt does not take used to move the whole file aside and reset every setting:
// now it is named with its line and the values allowed, and the other settings are kept.
#[test]
fn one_bad_setting_is_named_and_the_others_are_kept() {
    let home = tempfile::tempdir().expect("temp home");
    let path = settings_file(home.path());
    std::fs::write(&path, "four_colour = \"yes\"\ntheme = \"high-contrast\"\n").expect("write");
    let kept = path.with_file_name("tui.toml.corrupt");
    let mut t = Term::start_in(home);
    t.wait_for("choose a game");
    t.wait_for("line 1: four_colour");
    t.send("q");
    t.assert_restored();
    assert!(!kept.exists(), "the file was moved aside");
    let text = std::fs::read_to_string(&path).expect("the settings file is still there");
    assert!(text.contains("theme = \"high-contrast\""), "{text}");
}
