//! Issue 31, end to end: the real `felt` in a pseudo-terminal plays Klondike, the real plugin
//! in its helper process, while the live status's search hangs in a helper of its own. The
//! search is made to hang by stopping its process (SIGSTOP), so the test knows without a clock
//! that it is still under way; the table answers the cursor, a redraw and a move meanwhile,
//! and the move, which makes the search useless, stops it and starts the next.

use crate::pty::Term;

use std::time::{Duration, Instant};

/// Long enough for a debug build on a busy machine; a screen that never comes fails the test.
const PATIENCE: Duration = Duration::from_secs(30);

/// Klondike deal 1, whose first hint is `move 6 2`: the 6♥ onto the 7♠ (read from the
/// headless game, `felt play klondike --seed 1 --headless`).
const DEAL: &str = "KL-D1S-AAAAAAB";

/// The parent's process id and the command line of the process `pid`, if it still runs.
fn process(pid: u32) -> Option<(u32, String)> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // `pid (name) state ppid …`: the name may hold spaces, so count from its closing bracket.
    let after = &stat[stat.rfind(')')? + 1..];
    let parent = after.split_whitespace().nth(1)?.parse().ok()?;
    let line = std::fs::read(format!("/proc/{pid}/cmdline")).ok()?;
    Some((parent, String::from_utf8_lossy(&line).replace('\0', " ")))
}

/// The processes whose parent is `parent`, with their command lines.
fn children(parent: u32) -> Vec<(u32, String)> {
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    entries
        .filter_map(|e| e.ok()?.file_name().to_str()?.parse::<u32>().ok())
        .filter_map(|pid| {
            let (p, line) = process(pid)?;
            (p == parent).then_some((pid, line))
        })
        .collect()
}

/// The plugin helpers felt started (`felt-helper LIBRARY`) under the shell `shell`.
fn helpers(shell: u32) -> Vec<u32> {
    children(shell)
        .into_iter()
        .flat_map(|(felt, _)| children(felt))
        .filter(|(_, line)| crate::common::is_helper(line) && line.contains("felt_klondike"))
        .map(|(pid, _)| pid)
        .collect()
}

fn signal(pid: u32, name: &str) {
    let sent = std::process::Command::new("kill")
        .args([name, &pid.to_string()])
        .status()
        .expect("kill runs");
    assert!(sent.success(), "kill {name} {pid}");
}

impl Term {
    /// Reads output until `done` holds of the screen.
    fn wait_until(&mut self, what: &str, done: impl Fn(&str) -> bool) {
        let deadline = Instant::now() + PATIENCE;
        while !done(&self.screen()) {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.output.recv_timeout(left) {
                Ok(bytes) => self.parser.process(&bytes),
                Err(_) => panic!(
                    "the screen never showed {what}; it shows:\n{}",
                    self.screen()
                ),
            }
        }
    }

    /// The row of the screen holding `text`, from the top.
    fn row_with(&self, text: &str) -> Option<usize> {
        self.screen().lines().position(|l| l.contains(text))
    }

    /// The terminal takes `rows` rows: felt is told (SIGWINCH) and draws the screen again.
    fn resize(&mut self, rows: u16) {
        self.master
            .resize(portable_pty::PtySize {
                rows,
                cols: 80,
                pixel_width: 0,
                pixel_height: 0,
            })
            .expect("resized");
        self.parser.set_size(rows, 80);
    }
}

/// Where the cursor's mark `▶` is on `screen`: its row and its column, in characters.
fn cursor(screen: &str) -> Option<(usize, usize)> {
    screen.lines().enumerate().find_map(|(row, line)| {
        let column = line.chars().position(|c| c == '▶')?;
        Some((row, column))
    })
}

/// A home whose data folder's `plugins/` holds the Klondike plugin built for this run.
fn home_with_klondike() -> tempfile::TempDir {
    let data = crate::common::data_dir_with("felt_klondike");
    let home = tempfile::tempdir().expect("temp home");
    let plugins = home.path().join("data/felt/plugins");
    std::fs::create_dir_all(&plugins).expect("plugins folder");
    for entry in std::fs::read_dir(data.path().join("plugins")).expect("plugins") {
        let entry = entry.expect("entry");
        std::fs::copy(entry.path(), plugins.join(entry.file_name())).expect("copies");
    }
    home
}

#[cfg(target_os = "linux")]
#[test]
fn the_klondike_table_answers_keys_while_a_search_hangs_in_its_helper() {
    let mut t = Term::start_in(home_with_klondike());
    let shell = t.child.process_id().expect("the shell's pid");
    t.wait_for("choose a game");
    t.send("c");
    t.wait_for("Backspace erase");
    t.send(&format!("{DEAL}\r"));
    t.wait_for("Moves 0");
    let table = helpers(shell);
    assert!(!table.is_empty(), "the plugin runs in a helper");

    // The live status's first search starts the search's own helper, and answers.
    t.send("w");
    t.wait_until("a verdict", |s| {
        s.contains("solver (peeks): ") && !s.contains("thinking…")
    });
    let analyst: Vec<u32> = helpers(shell)
        .into_iter()
        .filter(|p| !table.contains(p))
        .collect();
    assert_eq!(analyst.len(), 1, "one helper searches: {analyst:?}");
    t.send("w");
    t.wait_for("Live status off");

    // Stopped, the search's helper takes the next search and never answers it.
    signal(analyst[0], "-STOP");
    t.send("w");
    t.wait_for("solver (peeks): thinking…");

    // The cursor (`▶`): one pile to the right, then back.
    let first = cursor(&t.screen()).expect("the cursor is on show");
    t.send("\x1b[C");
    t.wait_until("the cursor moved right", |s| {
        cursor(s).is_some_and(|(_, column)| column > first.1)
    });
    t.send("\x1b[D");
    t.wait_until("the cursor back", |s| cursor(s) == Some(first));
    // A redraw: the terminal grows, and the table is drawn again for its new size.
    let row = t.row_with("Moves 0");
    t.resize(30);
    t.wait_until("the table redrawn", |s| {
        s.lines().position(|l| l.contains("Moves 0")) == row.map(|r| r + 6)
    });
    assert!(t.screen().contains("solver (peeks): thinking…"));
    // The move: the 6♥ from pile 6 onto the 7♠ of pile 2.
    t.send("62");
    t.wait_for("Moves 1");

    // The move stopped the hung search (its helper is gone) and searched the new table.
    t.wait_until("a verdict for the new table", |s| {
        s.contains("solver (peeks): ") && !s.contains("thinking…")
    });
    assert!(
        !helpers(shell).contains(&analyst[0]),
        "the hung search's helper was stopped"
    );
    assert!(
        table.iter().all(|p| helpers(shell).contains(p)),
        "the table's helper goes on"
    );
    t.send("q");
    t.wait_for("Leave this game");
    t.send("y");
    t.wait_for("choose a game");
    t.send("q");
    t.assert_restored();
}
