//! End-to-end: a plugin that crashes costs only its own games. felt runs every plugin in a
//! helper process of its own (`felt plugin-host`), so an abort inside the plugin is reported
//! as an error, felt goes on, and every other game plays, with the plugin still in the
//! plugins folder. (Each way of crashing mid-call is tested in felt-abi's `tests/process.rs`.)

mod common;

use common::run;
use std::path::{Path, PathBuf};

/// felt-abi's faulty fixture, built with `rustc` to abort at its first call after hello, as a
/// library in the plugins folder of the data folder `data`.
fn aborting_plugin(data: &Path) -> PathBuf {
    faulty_plugin(data, "abort")
}

/// felt-abi's faulty fixture, built to fail as `fault` says, in the plugins folder of `data`.
fn faulty_plugin(data: &Path, fault: &str) -> PathBuf {
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
        .status()
        .expect("rustc runs");
    assert!(status.success(), "the fixture builds");
    out
}

#[test]
fn a_plugin_that_aborts_ends_its_own_game_with_a_message_and_felt_goes_on() {
    let home = tempfile::tempdir().expect("temp dir");
    let data = home.path().join("data");
    aborting_plugin(&data);
    let data_arg = data.to_str().expect("UTF-8 temp path");

    // Its hello works, so it is listed; the catalog checks its variant by building it, which
    // makes it abort: the variant is refused with why, and felt lists the rest.
    let listed = run(home.path(), &["--data-dir", data_arg, "plugins"], "");
    let text = String::from_utf8_lossy(&listed.stdout);
    assert!(text.contains("ruleset faulty"), "{text}");
    let out = run(home.path(), &["--data-dir", data_arg, "variants"], "");
    // The listing names the refused file after the variants.
    let err = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "felt itself goes on: {err}");
    assert!(
        err.contains("faulty.toml")
            && err.contains(
                "the plugin stopped: its process was killed by signal 6 (SIGABRT: it aborted)"
            ),
        "{err}"
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("spider-1suit"));

    // Every other game is untouched by the plugin beside it.
    let out = run(
        home.path(),
        &[
            "--data-dir",
            data_arg,
            "play",
            "spider-1suit",
            "--seed",
            "1",
            "--headless",
        ],
        "show\n",
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("code SP1-S1C-AAAAAAB"));
}

#[test]
fn a_headless_game_of_a_built_in_variant_runs_no_plugin_code() {
    // The noisy fixture prints a line (to standard error, in its helper) at every request.
    let home = tempfile::tempdir().expect("temp dir");
    let data = home.path().join("data");
    faulty_plugin(&data, "noisy");
    let data_arg = data.to_str().expect("UTF-8 temp path");
    let out = run(
        home.path(),
        &[
            "--data-dir",
            data_arg,
            "play",
            "spider-1suit",
            "--seed",
            "1",
            "--headless",
        ],
        "show\n",
    );
    assert!(out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!err.contains("noise"), "the plugin ran: {err}");
    let out = run(
        home.path(),
        &["--data-dir", data_arg, "deal", "SP1-S1C-AAAAAAB"],
        "",
    );
    assert!(out.status.success());
    assert!(!String::from_utf8_lossy(&out.stderr).contains("noise"));
    // A command that lists every family does run it.
    let out = run(home.path(), &["--data-dir", data_arg, "variants"], "");
    assert!(String::from_utf8_lossy(&out.stderr).contains("noise"));
}
