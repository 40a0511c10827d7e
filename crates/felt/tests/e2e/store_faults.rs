//! End-to-end: the store in trouble, met by the real binary: a corrupt database is reported,
//! moved aside and replaced; `felt export` will not write over a link or a FIFO; a read-only
//! data folder still shows exports and resumes its games.

// A test may say on stderr why it skipped a case.
#![allow(clippy::disallowed_macros)]

use crate::common::{self, answers};
use crate::store::{felt_in, record_game, stdout};
use std::path::Path;
use std::process::Output;

#[test]
fn a_corrupt_database_is_reported_moved_aside_and_replaced() {
    let home = tempfile::tempdir().expect("temp dir");
    let data = home.path().join("data-dir");
    std::fs::create_dir_all(&data).expect("data dir");
    let garbage: Vec<u8> = (0..10_000u32)
        .map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8)
        .collect();
    std::fs::write(data.join("felt.db"), &garbage).expect("garbage");
    let out = felt_in(home.path(), &data, &["stats"]);
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(out.status.success(), "{err}");
    assert!(err.contains("could not use the game database"), "{err}");
    assert!(
        err.contains(&data.join("felt.db").display().to_string()),
        "{err}"
    );
    let moved: Vec<_> = std::fs::read_dir(&data)
        .expect("listing")
        .filter_map(Result::ok)
        .filter(|e| {
            e.file_name()
                .to_string_lossy()
                .starts_with("felt.db.corrupt-")
        })
        .collect();
    assert_eq!(moved.len(), 1, "{err}");
    assert_eq!(std::fs::read(moved[0].path()).expect("moved file"), garbage);
    // The fresh database is used from now on, without further warnings.
    let again = felt_in(home.path(), &data, &["stats"]);
    assert!(
        again.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&again.stderr)
    );
}

/// `felt export` replaces only a regular file: a link, a FIFO or a device at the path is
/// refused with what it is, and left as it was.
#[cfg(unix)]
#[test]
fn export_refuses_to_write_over_a_link_or_a_fifo() {
    let home = tempfile::tempdir().expect("temp dir");
    let data = home.path().join("data-dir");
    let id = record_game(&data, "SP1-S1C-AAAAAAG", 2).to_string();
    let target = home.path().join("precious.txt");
    std::fs::write(&target, "keep me\n").expect("written");
    let link = home.path().join("link.txt");
    std::os::unix::fs::symlink(&target, &link).expect("a link");
    let fifo = home.path().join("fifo.txt");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .expect("mkfifo runs");
    assert!(made.success());
    for (path, kind) in [(&link, "a symbolic link"), (&fifo, "a FIFO")] {
        let arg = path.to_str().expect("UTF-8 path");
        let out = felt_in(home.path(), &data, &["export", &id, arg]);
        assert!(!out.status.success());
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains("will not write over") && err.contains(kind),
            "{err}"
        );
    }
    assert!(std::fs::symlink_metadata(&link)
        .expect("the link")
        .file_type()
        .is_symlink());
    assert_eq!(std::fs::read_to_string(&target).expect("kept"), "keep me\n");
}

/// Runs felt as a user who may not write to `data` (the folder and its database made
/// read-only; as root, whom permissions do not stop, felt runs as `nobody` through `setpriv`).
/// `None` where neither can be arranged (root without `setpriv`).
fn felt_read_only(home: &Path, data: &Path, args: &[&str], input: &str) -> Option<Output> {
    use std::os::unix::fs::PermissionsExt;
    use std::process::Stdio;
    let set = |p: &Path, mode: u32| {
        std::fs::set_permissions(p, std::fs::Permissions::from_mode(mode)).expect("chmod")
    };
    set(home, 0o755);
    set(data, 0o555);
    set(&data.join("felt.db"), 0o444);
    let root = unsafe { libc::geteuid() } == 0;
    let mut cmd = if root {
        let setpriv = Path::new("/usr/bin/setpriv");
        if !setpriv.exists() {
            eprintln!("skipped: root, and no setpriv to run felt as another user");
            return None;
        }
        let mut cmd = std::process::Command::new(setpriv);
        cmd.args(["--reuid", "65534", "--regid", "65534", "--clear-groups"])
            .arg(env!("CARGO_BIN_EXE_felt"));
        cmd
    } else {
        std::process::Command::new(env!("CARGO_BIN_EXE_felt"))
    };
    cmd.env("HOME", home)
        .env("XDG_CONFIG_HOME", home.join("config"))
        .env("XDG_DATA_HOME", home.join("data"))
        .arg("--data-dir")
        .arg(data)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = cmd.spawn().expect("felt starts");
    common::feed(&mut child, input);
    Some(child.wait_with_output().expect("felt finishes"))
}

#[test]
fn a_read_only_data_folder_still_shows_exports_and_resumes_its_games() {
    let home = tempfile::tempdir().expect("temp dir");
    let data = home.path().join("data-dir");
    let id = record_game(&data, "SP1-S1C-AAAAAAD", 3);
    let before = std::fs::read(data.join("felt.db")).expect("db");

    let Some(stats) = felt_read_only(home.path(), &data, &["stats"], "") else {
        return;
    };
    let table = stdout(&stats);
    assert!(table.contains("spider-1suit"), "{table}");

    let export =
        felt_read_only(home.path(), &data, &["export", &id.0.to_string()], "").expect("ran before");
    let text = stdout(&export);
    assert!(text.starts_with("felt game record"), "{text}");

    // Resumed, the game plays on; each answer says its move was not recorded, and the exit
    // code tells a script that reads only that.
    let out = felt_read_only(
        home.path(),
        &data,
        &["play", "spider-1suit", "--resume", "--headless"],
        "legal\n",
    )
    .expect("ran before");
    let first = answers(&out.stdout)[0][1].clone();
    let out = felt_read_only(
        home.path(),
        &data,
        &["play", "spider-1suit", "--resume", "--headless", "--json"],
        &format!("{first}\n"),
    )
    .expect("ran before");
    let json = String::from_utf8_lossy(&out.stdout);
    let answer: serde_json::Value =
        serde_json::from_str(json.lines().next().expect("an answer")).expect("JSON");
    assert_eq!(answer["ok"], true, "{json}");
    let warning = answer["warning"].as_str().expect("a warning");
    assert!(warning.contains("read-only"), "{warning}");
    assert_eq!(out.status.code(), Some(3));
    assert_eq!(
        std::fs::read(data.join("felt.db")).expect("db"),
        before,
        "the database is untouched"
    );
}
