//! End to end, hostile cases around plugins: installing a library onto itself, a link whose
//! library is gone, a plugin that hangs while building a variant, felt ended by a signal in
//! the middle of a hung call, the game of a plugin whose process died, standard error that
//! cannot be written, and a plugin in felt's own process that prints to standard output.

use crate::common::{data_dir_with, faulty_plugin, felt, marked_plugin, run, run_in, Game};

use std::path::Path;
use std::process::Stdio;
use std::time::{Duration, Instant};

/// felt with `--data-dir data` and `args`, from the home `home`: its output.
fn felt_in(home: &Path, data: &Path, args: &[&str]) -> std::process::Output {
    let data_arg = data.to_str().expect("UTF-8 temp path");
    let mut all = vec!["--data-dir", data_arg];
    all.extend_from_slice(args);
    run(home, &all, "")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn installing_the_library_the_plugins_folder_holds_changes_nothing_and_says_so() {
    let home = tempfile::tempdir().expect("temp dir");
    let data = home.path().join("data");
    // A copy put in plugins/ by hand, installed again by its own path.
    let library = marked_plugin(&data, "builds", None);
    let lib_arg = library.to_str().expect("UTF-8 temp path");
    let out = felt_in(home.path(), &data, &["plugins", "install", lib_arg]);
    let said = text(&out.stdout);
    assert!(out.status.success(), "{out:?}");
    assert!(
        said.contains("Ruleset faulty 0.0.1 is already installed")
            && said.contains("Nothing changed"),
        "{said}"
    );
    let meta = std::fs::symlink_metadata(&library).expect("still there");
    assert!(meta.is_file(), "the library is still the file it was");
    let names: Vec<String> = std::fs::read_dir(data.join("plugins"))
        .expect("plugins folder")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names, ["libfelt_faulty.so"], "nothing renamed aside");
    let listed = text(&felt_in(home.path(), &data, &["variants"]).stdout);
    assert!(
        listed.contains("faulty "),
        "its variant is still offered: {listed}"
    );

    // Installed as a link, then named again by that link: the same file, so no change.
    let other = tempfile::tempdir().expect("temp dir");
    let built = marked_plugin(&other.path().join("built"), "builds", None);
    let data2 = other.path().join("data");
    let out = felt_in(
        other.path(),
        &data2,
        &["plugins", "install", built.to_str().expect("UTF-8")],
    );
    assert!(out.status.success(), "{out:?}");
    let link = data2.join("plugins/libfelt_faulty.so");
    for again in [&link, &built] {
        let out = felt_in(
            other.path(),
            &data2,
            &["plugins", "install", again.to_str().expect("UTF-8")],
        );
        assert!(
            out.status.success() && text(&out.stdout).contains("is already installed"),
            "{again:?}: {out:?}"
        );
        assert_eq!(
            std::fs::read_link(&link).expect("still a link"),
            std::fs::canonicalize(&built).expect("built")
        );
    }
}

#[test]
fn a_link_whose_library_is_gone_is_listed_as_broken_and_removed_by_name() {
    let home = tempfile::tempdir().expect("temp dir");
    let data = home.path().join("data");
    let plugins = data.join("plugins");
    std::fs::create_dir_all(&plugins).expect("plugins folder");
    let gone = plugins.join("libfelt_gone.so");
    std::os::unix::fs::symlink(home.path().join("built/libfelt_gone.so"), &gone).expect("link");
    // What an older felt left after installing a library onto itself: a link to its own
    // name, the library renamed aside.
    let looped = plugins.join("libfelt_self.so");
    std::os::unix::fs::symlink(&looped, &looped).expect("link");
    std::fs::write(plugins.join("libfelt_self.so.replaced"), b"the old library").expect("aside");

    let listed = text(&felt_in(home.path(), &data, &["plugins"]).stdout);
    assert!(
        listed.contains(&format!("{}  [user]", gone.display()))
            && listed.contains("refused: a link to ")
            && listed.contains("built/libfelt_gone.so, which is not there")
            && listed.contains("`felt plugins remove libfelt_gone.so` takes the link out"),
        "{listed}"
    );
    assert!(
        listed.contains(&format!("{}  [user]", looped.display()))
            && listed.contains("which cannot be followed")
            && listed.contains("libfelt_self.so.replaced: rename it back to libfelt_self.so"),
        "{listed}"
    );
    for (name, link) in [("libfelt_gone.so", &gone), ("libfelt_self.so", &looped)] {
        let out = felt_in(home.path(), &data, &["plugins", "remove", name]);
        assert!(out.status.success(), "{name}: {out:?}");
        assert!(std::fs::symlink_metadata(link).is_err(), "{name} removed");
    }
    assert!(plugins.join("libfelt_self.so.replaced").exists(), "kept");
    let listed = text(&felt_in(home.path(), &data, &["plugins"]).stdout);
    assert!(!listed.contains("libfelt_gone"), "{listed}");
}

#[test]
fn a_plugin_that_hangs_building_its_variant_costs_the_call_limit_once_not_at_every_start() {
    let home = tempfile::tempdir().expect("temp dir");
    let data = home.path().join("data");
    faulty_plugin(&data, "hang");
    let hung = "the plugin stopped: it did not answer within 30 s and was stopped";

    let out = felt_in(home.path(), &data, &["variants"]);
    assert!(out.status.success(), "{out:?}");
    let listed = text(&out.stdout);
    assert!(
        listed.contains("faulty.toml") && listed.contains(hung),
        "{listed}"
    );
    // Remembered: the next starts do not wait for it again, and say why it is not offered.
    let start = Instant::now();
    let out = felt_in(home.path(), &data, &["variants"]);
    let listed = text(&out.stdout);
    assert!(
        listed.contains(hung)
            && listed.contains("as when felt last tried this file: `felt plugins --refresh`"),
        "{listed}"
    );
    let out = run_in(&data, &["play", "faulty", "--headless"], "show\n");
    let err = text(&out.stderr);
    assert!(
        !out.status.success() && err.contains("variant 'faulty' was refused") && err.contains(hung),
        "{err}"
    );
    assert!(
        start.elapsed() < Duration::from_secs(20),
        "{:?}: the hang was waited for again",
        start.elapsed()
    );
}

/// The processes whose parent is `pid`, with their command lines.
fn children_of(pid: u32) -> Vec<(u32, String)> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir("/proc").expect("/proc").flatten() {
        let Some(child) = entry
            .file_name()
            .to_str()
            .and_then(|n| n.parse::<u32>().ok())
        else {
            continue;
        };
        let Ok(stat) = std::fs::read_to_string(entry.path().join("stat")) else {
            continue;
        };
        // `pid (name) state ppid ...`: the name may hold spaces, so read after its ')'.
        let after = stat.rsplit_once(')').map_or("", |(_, rest)| rest);
        let ppid = after.split_whitespace().nth(1).and_then(|p| p.parse().ok());
        if ppid == Some(pid) {
            let cmdline = std::fs::read(entry.path().join("cmdline")).unwrap_or_default();
            found.push((child, text(&cmdline).replace('\0', " ")));
        }
    }
    found
}

/// Whether the process `pid` still runs (a zombie waiting to be reaped does not).
fn running(pid: u32) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|stat| {
        let state = stat
            .rsplit_once(')')
            .map_or("", |(_, rest)| rest)
            .trim_start();
        !state.starts_with('Z') && !state.starts_with('X')
    })
}

/// Waits up to `limit` for `done`.
fn within(limit: Duration, mut done: impl FnMut() -> bool) -> bool {
    let start = Instant::now();
    while start.elapsed() < limit {
        if done() {
            return true;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    done()
}

#[test]
fn no_helper_process_outlives_a_felt_ended_by_a_signal_during_a_hung_call() {
    for (signal, name) in [
        (libc::SIGINT, "SIGINT"),
        (libc::SIGTERM, "SIGTERM"),
        (libc::SIGHUP, "SIGHUP"),
    ] {
        let home = tempfile::tempdir().expect("temp dir");
        let data = home.path().join("data");
        faulty_plugin(&data, "hang");
        // The catalog builds the plugin's variant to check it: that call hangs.
        let mut game = felt(home.path())
            .arg("--data-dir")
            .arg(&data)
            .args(["play", "faulty", "--headless"])
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("felt starts");
        let pid = game.id();
        assert!(
            within(Duration::from_secs(20), || children_of(pid).iter().any(
                |(_, cmd)| crate::common::is_helper(cmd) && cmd.contains("libfelt_faulty")
            )),
            "{name}: felt started no helper"
        );
        // The call is under way: the helper has loaded the library and hangs in it. Every
        // helper felt started (those of the plugins beside it too) must end with felt.
        std::thread::sleep(Duration::from_millis(500));
        let helpers: Vec<u32> = children_of(pid)
            .into_iter()
            .filter(|(_, cmd)| crate::common::is_helper(cmd))
            .map(|(p, _)| p)
            .collect();
        ended_with_felt(&mut game, signal, &helpers, name);
    }
}

/// Ends the felt `game` with `signal` and checks that every one of `helpers` ended with it
/// (any left over is killed, so no test leaves a process behind).
fn ended_with_felt(game: &mut std::process::Child, signal: i32, helpers: &[u32], name: &str) {
    // SAFETY: `kill` only sends a signal, to the felt this test started.
    assert_eq!(unsafe { libc::kill(game.id() as libc::pid_t, signal) }, 0);
    let status = game.wait().expect("felt ends");
    assert!(!status.success(), "{name}: {status:?}");
    let gone = within(Duration::from_secs(5), || {
        !helpers.iter().any(|h| running(*h))
    });
    for helper in helpers.iter().filter(|h| running(**h)) {
        // SAFETY: as above; the test's own leftover, by its id.
        unsafe { libc::kill(*helper as libc::pid_t, libc::SIGKILL) };
    }
    assert!(gone, "{name}: a helper ({helpers:?}) outlived felt");
}

#[test]
fn no_helper_of_a_batch_outlives_a_felt_ended_by_a_signal_during_a_hung_call() {
    // A one-thread `felt solve` forks its helpers from itself rather than starting a program:
    // they carry felt's command line and the name `felt-helper`, and must end with felt too.
    let home = tempfile::tempdir().expect("temp dir");
    let data = home.path().join("data");
    faulty_plugin(&data, "hang");
    let mut solve = felt(home.path())
        .arg("--data-dir")
        .arg(&data)
        .args([
            "solve",
            "--variant",
            "faulty",
            "--deals",
            "1..1",
            "--jobs",
            "1",
        ])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("felt starts");
    let pid = solve.id();
    let named = |child: u32| {
        std::fs::read_to_string(format!("/proc/{child}/comm"))
            .is_ok_and(|name| name.trim() == "felt-helper")
    };
    assert!(
        within(Duration::from_secs(20), || children_of(pid)
            .iter()
            .any(|(child, _)| named(*child))),
        "felt started no helper: {:?}",
        children_of(pid)
    );
    std::thread::sleep(Duration::from_millis(500));
    let helpers: Vec<u32> = children_of(pid).into_iter().map(|(p, _)| p).collect();
    ended_with_felt(&mut solve, libc::SIGTERM, &helpers, "SIGTERM");
}

/// Kills the helper process that runs `plugin` for the felt `pid` (the plugin's process
/// dying under a game, as a crash or the system's out-of-memory killer would end it).
fn kill_helper(pid: u32, plugin: &str) {
    let helper = children_of(pid)
        .into_iter()
        .find(|(_, cmd)| crate::common::is_helper(cmd) && cmd.contains(plugin))
        .unwrap_or_else(|| panic!("no helper for {plugin}: {:?}", children_of(pid)));
    // SAFETY: `kill` only sends a signal, to a helper of the felt this test started.
    assert_eq!(
        unsafe { libc::kill(helper.0 as libc::pid_t, libc::SIGKILL) },
        0
    );
    assert!(within(Duration::from_secs(5), || !running(helper.0)));
}

#[test]
fn after_its_plugin_dies_every_command_says_so_and_how_to_resume_the_recorded_game() {
    let data = data_dir_with("felt_klondike");
    let mut game = Game::start(
        data.path(),
        &["play", "klondike", "--seed", "5", "--headless"],
    );
    assert_eq!(game.ask("deal")[0], "ok");
    assert_eq!(game.ask("deal")[0], "ok");
    assert_eq!(game.ask("undo")[0], "ok");
    // A hint's plan is kept: answering from it without the plugin would be a stale answer.
    assert!(game.ask("hint")[0].starts_with("ok "));
    kill_helper(game.pid(), "libfelt_klondike");

    let stopped = "error FELT-PLUGIN: the game's plugin libfelt_klondike.so stopped: its process was killed by signal 9 (SIGKILL). The game is recorded up to its last move: `felt play klondike --resume` goes on with it.";
    for command in [
        "hint",
        "move 1 2 1",
        "legal",
        "show",
        "redo",
        "undo",
        "deal",
        "auto 1",
    ] {
        let answer = game.ask(command);
        assert_eq!(answer, [stopped], "{command}");
    }
    assert_eq!(game.ask("help")[0], "ok", "help still answers");
    drop(game);

    // The game was kept in progress (a stopped plugin's stand-in "game over" was not
    // recorded): a new felt goes on with it, one deal made.
    let out = run_in(
        data.path(),
        &["play", "klondike", "--resume", "--headless"],
        "show\n",
    );
    let shown = text(&out.stdout);
    assert!(out.status.success(), "{out:?}");
    assert!(shown.contains("stock 23"), "{shown}");
}

#[test]
fn a_stopped_plugin_is_reported_in_json_with_its_rule() {
    use std::io::{BufRead, Write};
    let data = data_dir_with("felt_klondike");
    let mut child = felt(data.path())
        .arg("--data-dir")
        .arg(data.path())
        .args(["play", "klondike", "--seed", "5", "--headless", "--json"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("felt starts");
    let mut input = child.stdin.take().expect("stdin");
    let mut output = std::io::BufReader::new(child.stdout.take().expect("stdout"));
    let mut ask = |command: &str| -> serde_json::Value {
        writeln!(input, "{command}").expect("writes");
        let mut line = String::new();
        output.read_line(&mut line).expect("reads");
        serde_json::from_str(&line).unwrap_or_else(|e| panic!("{e}: {line:?}"))
    };
    assert_eq!(ask("show")["ok"], true);
    kill_helper(child.id(), "libfelt_klondike");
    let answer = ask("legal");
    assert_eq!(answer["ok"], false, "{answer}");
    assert_eq!(answer["rule"], "FELT-PLUGIN", "{answer}");
    let message = answer["message"].as_str().expect("a message");
    assert!(
        message.contains("stopped: its process was killed by signal 9")
            && message.contains("This game is not recorded: `felt play --code KL"),
        "nothing was played yet, so nothing is recorded: {message}"
    );
    assert_eq!(ask("quit")["ok"], true);
    assert!(child.wait().expect("felt ends").success());
}

#[test]
fn an_error_that_cannot_be_written_to_standard_error_still_fails_without_a_panic() {
    let home = tempfile::tempdir().expect("temp dir");
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .expect("/dev/full");
    let status = felt(home.path())
        .args(["play", "nosuch"])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(full)
        .status()
        .expect("felt runs");
    assert_eq!(status.code(), Some(1), "{status:?}");
}

#[test]
fn a_plugin_in_felts_process_that_prints_leaves_the_json_answers_whole() {
    let home = tempfile::tempdir().expect("temp dir");
    let data = home.path().join("data");
    faulty_plugin(&data, "noisy_builds");
    let out = run_in(
        &data,
        &[
            "--plugins-in-process",
            "play",
            "faulty",
            "--seed",
            "1",
            "--headless",
            "--json",
        ],
        "show\nlegal\nquit\n",
    );
    let answers = text(&out.stdout);
    assert_eq!(answers.lines().count(), 3, "{answers}");
    for line in answers.lines() {
        let answer: Result<serde_json::Value, _> = serde_json::from_str(line);
        assert!(answer.is_ok(), "not JSON: {line:?} in {answers}");
    }
    // What the plugin printed went to standard error instead.
    assert!(
        text(&out.stderr).contains("noise on standard output"),
        "{out:?}"
    );
}

#[test]
fn after_its_plugin_dies_the_terminal_says_so_at_every_key_and_keeps_the_game() {
    use portable_pty::{native_pty_system, CommandBuilder, PtySize};
    use std::io::{Read, Write};
    let data = data_dir_with("felt_klondike");
    let pty = native_pty_system()
        .openpty(PtySize {
            rows: 30,
            cols: 160,
            pixel_width: 0,
            pixel_height: 0,
        })
        .expect("a pty");
    let mut cmd = CommandBuilder::new(env!("CARGO_BIN_EXE_felt"));
    cmd.arg("--data-dir");
    cmd.arg(data.path());
    cmd.args(["play", "klondike", "--seed", "5"]);
    cmd.env("HOME", data.path());
    cmd.env("XDG_CONFIG_HOME", data.path().join("config"));
    cmd.env("XDG_DATA_HOME", data.path().join("data"));
    cmd.env("LANG", "C.UTF-8");
    cmd.env("TERM", "xterm-256color");
    let mut child = pty.slave.spawn_command(cmd).expect("felt starts");
    let pid = child.process_id().expect("a pid");
    let mut reader = pty.master.try_clone_reader().expect("pty reader");
    let mut input = pty.master.take_writer().expect("pty writer");
    let (tx, output) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut buf = [0u8; 4096];
        while let Ok(n) = reader.read(&mut buf) {
            if n == 0 || tx.send(buf[..n].to_vec()).is_err() {
                break;
            }
        }
    });
    let mut parser = vt100::Parser::new(30, 160, 0);
    let wait_for = |parser: &mut vt100::Parser, text: &str| {
        let deadline = Instant::now() + Duration::from_secs(30);
        while !parser.screen().contents().contains(text) {
            let left = deadline.saturating_duration_since(Instant::now());
            match output.recv_timeout(left) {
                Ok(bytes) => parser.process(&bytes),
                Err(_) => panic!("never showed {text:?}:\n{}", parser.screen().contents()),
            }
        }
    };
    let mut send = |keys: &str| {
        input.write_all(keys.as_bytes()).expect("keys sent");
        input.flush().expect("keys flushed");
    };
    wait_for(&mut parser, "KL-D1S-");
    // One move, recorded, then the plugin's process dies under the game.
    send("d");
    wait_for(&mut parser, "Moves 1");
    kill_helper(pid, "libfelt_klondike");
    let stopped = "Game kept, start felt again to go on: plugin libfelt_klondike.so stopped: its process was killed by signal 9";
    // A hint, picking up a column, a deal: each says so (Esc clears the line between them).
    for key in ["H", "1", "d"] {
        send(key);
        wait_for(&mut parser, stopped);
        send("\x1b");
        let deadline = Instant::now() + Duration::from_secs(30);
        while parser.screen().contents().contains(stopped) && Instant::now() < deadline {
            if let Ok(bytes) = output.recv_timeout(Duration::from_millis(100)) {
                parser.process(&bytes);
            }
        }
    }
    let _ = child.kill();
    let _ = child.wait();
    // The game is still in progress, its move kept: not recorded as lost.
    let out = run_in(
        data.path(),
        &["play", "klondike", "--resume", "--headless"],
        "show\n",
    );
    assert!(out.status.success(), "{out:?}");
    assert!(
        text(&out.stdout).contains("stock 23"),
        "{}",
        text(&out.stdout)
    );
}
