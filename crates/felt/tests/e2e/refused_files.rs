//! End-to-end: files `felt` refuses, through the real binary. `felt check` answers with its
//! exit code and names a mistake by file, line and key; a file that is not a regular file, or
//! is too large, is refused while the rest load.

use crate::common::run;
use crate::variants::{stderr, stdout, user_dir, BAD_SUM, MINE};

#[test]
fn felt_check_answers_with_its_exit_code() {
    let home = tempfile::tempdir().expect("temp dir");
    let good = home.path().join("six.toml");
    std::fs::write(&good, MINE).expect("write");
    let out = run(home.path(), &["check", &good.to_string_lossy()], "");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(
        stdout(&out).trim(),
        "ok: test-six (Six columns of four), ruleset spider"
    );

    let bad = home.path().join("bad.toml");
    std::fs::write(
        &bad,
        BAD_SUM.replace("columns = [60, 60]", "deals = [11, 10, 10, 10, 9]"),
    )
    .expect("write");
    let out = run(home.path(), &["check", &bad.to_string_lossy()], "");
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    assert!(
        err.contains(&format!("{}:8:1: key `game.deals`", bad.display())),
        "{err}"
    );
    assert!(
        err.contains("a deal of 11 cards cannot be dealt onto 10 columns"),
        "{err}"
    );

    let scoring = home.path().join("scoring.toml");
    std::fs::write(
        &scoring,
        MINE.replace("scoring = \"links\"", "scoring = \"golf\""),
    )
    .expect("write");
    let out = run(home.path(), &["check", &scoring.to_string_lossy()], "");
    assert_eq!(out.status.code(), Some(1));
    // The known tables are felt's and those of the plugins found beside the binary: which
    // plugins were built there (the engine's adds patience-standard after none) varies.
    let err = stderr(&out);
    assert!(
        err.contains("unknown scoring table 'golf' (known: classic, ")
            && err.contains("links, none"),
        "{err}"
    );

    let ruleset = home.path().join("ruleset.toml");
    std::fs::write(
        &ruleset,
        MINE.replace("ruleset = \"spider\"", "ruleset = \"golf\""),
    )
    .expect("write");
    let out = run(home.path(), &["check", &ruleset.to_string_lossy()], "");
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    assert!(
        err.contains(&format!(
            "{}:4:1: key `ruleset`: unknown ruleset 'golf' (known: spider",
            ruleset.display()
        )),
        "{err}"
    );

    let missing = home.path().join("nowhere.toml");
    let out = run(home.path(), &["check", &missing.to_string_lossy()], "");
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("cannot read"), "{}", stderr(&out));
}

/// A FIFO named like a variant, a link to an endless device and a huge one-line file in the
/// user's folder: `felt variants` still answers at once, names each file and why it was not
/// read, and lists the built-in variants.
#[cfg(unix)]
#[test]
fn files_that_are_not_regular_or_too_large_are_refused_and_the_rest_load() {
    let home = tempfile::tempdir().expect("a temporary home");
    let dir = user_dir(home.path());
    let fifo = dir.join("fifo.toml");
    let status = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .expect("mkfifo runs");
    assert!(status.success());
    std::os::unix::fs::symlink("/dev/zero", dir.join("zero.toml")).expect("a link");
    let huge = format!("id = \"{}\n", "x".repeat(3 << 20));
    std::fs::write(dir.join("huge.toml"), huge).expect("a large file");
    let out = run(home.path(), &["variants"], "");
    let text = format!("{}{}", stdout(&out), stderr(&out));
    assert!(text.contains("spider-1suit"), "{text}");
    assert!(
        text.contains("fifo.toml") && text.contains("a FIFO"),
        "{text}"
    );
    assert!(
        text.contains("zero.toml") && text.contains("a device"),
        "{text}"
    );
    assert!(
        text.contains("huge.toml") && text.contains("more than the 1 MB"),
        "{text}"
    );
    assert!(
        text.len() < 100_000,
        "the huge file was echoed: {} bytes",
        text.len()
    );
}
