//! Plugins in a helper process of their own ([`Isolation`]): every way a plugin can take its
//! process down (abort, a bad memory access, `exit`, a call that never returns, a reply too
//! large, a start-up that hangs or aborts) ends with a clear error here, and this process,
//! the host, goes on. The helper is felt-abi's `felt-plugin-host`; felt runs itself the same way.

use crate::common;

use felt_abi::protocol::Request;
use felt_abi::{Isolation, Plugin, PluginError};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The faulty fixture built to fail as `fault` says, in `dir`.
fn faulty(fault: &str, dir: &Path) -> PathBuf {
    let abi = felt_abi::ABI_VERSION.to_string();
    let schema = felt_abi::SCHEMA_HASH.to_string();
    common::build_fixture(
        "faulty",
        &format!("faulty_{fault}"),
        dir,
        &[
            ("FELT_FAULT", fault),
            ("FELT_ABI", &abi),
            ("FELT_SCHEMA", &schema),
        ],
    )
}

/// The helper, with a short call limit so a hang is noticed quickly, and a small reply limit.
fn isolation() -> Isolation {
    Isolation {
        call_limit: Duration::from_secs(2),
        hello_limit: Duration::from_secs(3),
        reply_limit: 1 << 20,
        ..Isolation::new(env!("CARGO_BIN_EXE_felt-plugin-host").into(), Vec::new())
    }
}

/// The error of the first call after hello, and of the one after it.
fn first_calls(plugin: &Plugin) -> (PluginError, PluginError) {
    let request = Request::Release { instance: 1 };
    let first = plugin.call(&request, &[]).expect_err("the plugin fails");
    let second = plugin.call(&request, &[]).expect_err("still stopped");
    (first, second)
}

fn stopped_with(fault: &str, words: &str) {
    let dir = tempfile::tempdir().expect("temp dir");
    let plugin = Plugin::spawn(&faulty(fault, dir.path()), &isolation()).expect("says hello");
    assert!(plugin.isolated());
    assert_eq!(plugin.ruleset_id(), "faulty");
    let (first, second) = first_calls(&plugin);
    // A hang is an error of its own kind, so that felt can remember which request hangs.
    let kind_ok = match fault {
        "hang" => matches!(first, PluginError::TimedOut(_)),
        _ => matches!(first, PluginError::Process(_)),
    };
    assert!(kind_ok, "{fault}: {first:?}");
    let text = first.to_string();
    assert!(text.starts_with("the plugin stopped: "), "{text}");
    assert!(text.contains(words), "{fault}: {text}");
    // Its instances died with it: the plugin is not started again behind the games' back.
    assert_eq!(second, first);
}

#[test]
fn a_plugin_that_aborts_is_stopped_and_says_so() {
    stopped_with("abort", "signal 6 (SIGABRT: it aborted)");
}

#[test]
fn a_plugin_that_reads_a_null_pointer_is_stopped_and_says_so() {
    stopped_with("segv", "signal 11 (SIGSEGV");
}

#[test]
fn a_plugin_that_exits_is_stopped_and_says_so() {
    stopped_with("exit", "its process exited with code 7");
}

#[test]
fn a_call_that_never_returns_is_cancelled() {
    stopped_with("hang", "did not answer within 2 s and was stopped");
}

#[test]
fn a_reply_over_the_limit_is_refused_unread() {
    stopped_with(
        "huge",
        "a reply of 2097152 bytes, over the limit of 1048576",
    );
}

#[test]
fn a_start_up_that_hangs_or_aborts_refuses_that_plugin_only() {
    let dir = tempfile::tempdir().expect("temp dir");
    let err = Plugin::spawn(&faulty("hang_start", dir.path()), &isolation()).expect_err("no hello");
    assert!(
        err.to_string().contains("did not answer within 3 s"),
        "{err}"
    );
    let err =
        Plugin::spawn(&faulty("abort_start", dir.path()), &isolation()).expect_err("no hello");
    assert!(err.to_string().contains("signal 6"), "{err}");
}

#[test]
fn a_plugin_of_other_message_shapes_is_refused_as_loading_it_here_would_be() {
    let dir = tempfile::tempdir().expect("temp dir");
    let library = faulty("other_schema", dir.path());
    let here = Plugin::load(&library).expect_err("refused");
    assert!(
        matches!(here, PluginError::SchemaMismatch { .. }),
        "{here:?}"
    );
    // The helper loads the library as felt would and says why it would not.
    let there = Plugin::spawn(&library, &isolation()).expect_err("refused");
    assert_eq!(there.to_string(), here.to_string());
}

#[test]
fn what_a_plugin_prints_does_not_garble_its_replies() {
    let dir = tempfile::tempdir().expect("temp dir");
    let plugin = Plugin::spawn(&faulty("noisy", dir.path()), &isolation()).expect("hello");
    let err = plugin
        .call(&Request::Release { instance: 1 }, &[])
        .expect_err("refused");
    assert_eq!(err, PluginError::Refused("not today".into()));
}

#[test]
fn a_library_the_helper_cannot_load_is_refused_as_loading_it_here_would_be() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir
        .path()
        .join(format!("libfelt_fake{}", std::env::consts::DLL_SUFFIX));
    std::fs::write(&path, "this is a text file, not a library\n").expect("write");
    let here = Plugin::load(&path).expect_err("refused").to_string();
    let there = Plugin::spawn(&path, &isolation()).expect_err("refused");
    assert_eq!(there.to_string(), here);
}

#[test]
fn a_helper_that_does_not_start_is_reported() {
    let dir = tempfile::tempdir().expect("temp dir");
    let missing = Isolation::new(dir.path().join("no-such-helper"), Vec::new());
    let err = Plugin::spawn(&faulty("abort", dir.path()), &missing).expect_err("no helper");
    assert!(err.to_string().contains("did not start"), "{err}");
}

#[test]
fn the_cpu_time_a_plugin_spends_in_its_helper_is_counted_for_the_calling_thread() {
    let dir = tempfile::tempdir().expect("temp dir");
    let library = faulty("busy", dir.path());
    let request = Request::Release { instance: 1 };
    let refused = PluginError::Refused("not today".into());

    let there = Plugin::spawn(&library, &isolation()).expect("says hello");
    let served = felt_abi::served_cpu();
    assert_eq!(there.call(&request, &[]).expect_err("refused"), refused);
    assert!(
        felt_abi::served_cpu() > served,
        "the helper's CPU time over the call is counted for this thread"
    );

    // In process the plugin counts on this thread's own clock, and nothing is served.
    let here = Plugin::load(&library).expect("loads");
    let (own, served) = (felt_core::analysis::thread_cpu(), felt_abi::served_cpu());
    assert_eq!(here.call(&request, &[]).expect_err("refused"), refused);
    assert_eq!(felt_abi::served_cpu(), served);
    assert!(felt_core::analysis::thread_cpu() > own);
}

#[cfg(unix)]
#[test]
fn a_helper_program_of_another_build_refuses_to_serve_saying_so() {
    // `env` starts the helper with the framing of another felt than this one (as a
    // `felt-helper` left beside a newer felt would see it): the plugin is refused with why,
    // never misread.
    let dir = tempfile::tempdir().expect("temp dir");
    let isolation = Isolation {
        args: vec![
            "FELT_PLUGIN_FRAMING=felt-abi 0.0.0 abi 0 schema 0".into(),
            env!("CARGO_BIN_EXE_felt-plugin-host").into(),
        ],
        ..Isolation::new("/usr/bin/env".into(), Vec::new())
    };
    let error =
        Plugin::spawn(&faulty("builds", dir.path()), &isolation).expect_err("the helper refuses");
    let text = error.to_string();
    assert!(
        text.contains("its helper program was built for another felt")
            && text.contains("felt speaks felt-abi 0.0.0 abi 0 schema 0"),
        "{text}"
    );
}
