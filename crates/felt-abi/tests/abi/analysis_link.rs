//! A plugin's searches run on helper processes of their own, never on the table's (issue 31):
//! the table answers while a search runs, a cancel stops the search and answers so, and a
//! search whose helper is killed, crashes or passes the wall watchdog costs that search only.
//! The fixture `slow` waits in every search until the test lets it end, so each test knows
//! from the fixture's own mark, not from a clock, that a search is under way.

use crate::common;

use felt_abi::{Isolation, Plugin, PluginFactory};
use felt_core::{
    Analysis, AnalyzeRequest, Budget, Cancel, DynRuleset, GameState, RulesetFactory, Seat, Setup,
    Status, Stopped, Variant,
};
use std::path::{Path, PathBuf};
use std::sync::mpsc::{channel, Receiver};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The slow fixture, built to mark and wait in `dir`.
fn slow(dir: &Path) -> PathBuf {
    let abi = felt_abi::ABI_VERSION.to_string();
    let schema = felt_abi::SCHEMA_HASH.to_string();
    let folder = dir.to_str().expect("a UTF-8 temp path");
    common::build_fixture(
        "slow",
        "slow",
        dir,
        &[
            ("FELT_ABI", &abi),
            ("FELT_SCHEMA", &schema),
            ("FELT_DIR", folder),
        ],
    )
}

fn isolation(call_limit: Duration) -> Isolation {
    Isolation {
        call_limit,
        hello_limit: Duration::from_secs(20),
        ..Isolation::new(env!("CARGO_BIN_EXE_felt-plugin-host").into(), Vec::new())
    }
}

/// The slow plugin's ruleset in a helper process, and a game dealt on it.
fn table(dir: &Path, call_limit: Duration) -> (Arc<Plugin>, Arc<dyn DynRuleset>, GameState) {
    table_in(dir, isolation(call_limit))
}

/// [`table`] in a batch: the ruleset's table and searches share a helper of its own.
fn batch_table(dir: &Path, call_limit: Duration) -> (Arc<Plugin>, Arc<dyn DynRuleset>, GameState) {
    table_in(
        dir,
        Isolation {
            batch: true,
            ..isolation(call_limit)
        },
    )
}

fn table_in(dir: &Path, isolation: Isolation) -> (Arc<Plugin>, Arc<dyn DynRuleset>, GameState) {
    let plugin = Plugin::spawn(&slow(dir), &isolation).expect("says hello");
    let variant: Variant = toml::from_str(&plugin.bundled_variants()[0].1).expect("variant");
    let factory = PluginFactory::new(plugin.clone());
    let rules = factory.rule_choices()[0].clone();
    let ruleset = factory
        .build(Setup {
            variant: &variant,
            scoring: None,
            rules: &rules,
        })
        .expect("builds");
    let state = ruleset.new_game(1);
    (plugin, ruleset, state)
}

fn solve() -> AnalyzeRequest {
    AnalyzeRequest::Solve {
        full_information: true,
        budget: Budget::states(1_000),
    }
}

/// Starts a solve of `state` on another thread; its answer arrives on the receiver.
fn search(
    ruleset: &Arc<dyn DynRuleset>,
    state: &GameState,
    cancel: &Cancel,
) -> Receiver<Option<Analysis>> {
    let (tx, rx) = channel();
    let (ruleset, state, cancel) = (ruleset.clone(), state.clone(), cancel.clone());
    std::thread::spawn(move || {
        let _ = tx.send(ruleset.analyze_until(&state, &solve(), &cancel));
    });
    rx
}

/// The process ids of the searches the fixture started in `dir`, once there are `n`.
fn started(dir: &Path, n: usize) -> Vec<u32> {
    // Only a safeguard against a broken host: the fixture marks within a moment.
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let text = std::fs::read_to_string(dir.join("started")).unwrap_or_default();
        let pids: Vec<u32> = text.lines().filter_map(|l| l.parse().ok()).collect();
        if pids.len() >= n {
            return pids;
        }
        assert!(Instant::now() < deadline, "no search started: {text:?}");
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// Lets every search of the fixture in `dir` end, now and later.
fn let_go(dir: &Path) {
    std::fs::write(dir.join("go"), "").expect("writes the go file");
}

fn stopped_by(answer: Option<Analysis>) -> Stopped {
    answer
        .as_ref()
        .and_then(Analysis::report)
        .unwrap_or_else(|| panic!("a solve's answer with a report: {answer:?}"))
        .stopped
}

/// The message the fixture's view shows: its state, as text.
fn shown(ruleset: &dyn DynRuleset, state: &GameState) -> String {
    ruleset.view(state, Seat(0)).messages.join(" ")
}

/// The table's calls answer, and change the game, while nothing else changes.
fn table_answers(ruleset: &dyn DynRuleset, state: &mut GameState) {
    let before = shown(ruleset, state);
    let action = felt_core::Action::Choose { option: 0 };
    assert_eq!(ruleset.check(state, &action), Ok(()));
    ruleset.apply(state, &action).expect("applied");
    assert_eq!(shown(ruleset, state), format!("{before}+"));
    assert_eq!(ruleset.status(state), Status::Playing);
    assert_eq!(ruleset.stopped(), None, "the plugin goes on");
}

#[test]
fn the_table_answers_while_a_search_runs_and_the_plugins_own_cap_passes_through() {
    let dir = tempfile::tempdir().expect("temp dir");
    let (_plugin, ruleset, mut state) = table(dir.path(), Duration::from_secs(30));
    let answer = search(&ruleset, &state, &Cancel::new());
    started(dir.path(), 1);
    // The search cannot end before the go file exists: every call here answered meanwhile.
    table_answers(ruleset.as_ref(), &mut state);
    table_answers(ruleset.as_ref(), &mut state);
    assert!(answer.try_recv().is_err(), "the search is still under way");
    let_go(dir.path());
    let answer = answer.recv().expect("the search answers");
    assert_eq!(
        answer,
        Some(Analysis::Undecided {
            report: felt_core::Report::stopped(7, Stopped::RulesetCap)
        })
    );
}

#[test]
fn a_cancelled_search_says_so_and_the_table_and_the_next_search_go_on() {
    let dir = tempfile::tempdir().expect("temp dir");
    let (plugin, ruleset, mut state) = table(dir.path(), Duration::from_secs(30));
    let cancel = Cancel::new();
    let answer = search(&ruleset, &state, &cancel);
    let first = started(dir.path(), 1);
    cancel.cancel();
    let answer = answer.recv().expect("the search answers");
    assert_eq!(stopped_by(answer), Stopped::Cancelled);
    assert_eq!(plugin.stopped(), None);
    table_answers(ruleset.as_ref(), &mut state);
    // The next search runs on a new helper, since the cancelled one was stopped.
    let_go(dir.path());
    let next = ruleset.analyze_until(&state, &solve(), &Cancel::new());
    assert_eq!(stopped_by(next), Stopped::RulesetCap);
    let pids = started(dir.path(), 2);
    assert_ne!(pids[1], first[0], "a new helper searched");
    // One that answered is kept for the search after.
    let again = ruleset.analyze_until(&state, &solve(), &Cancel::new());
    assert_eq!(stopped_by(again), Stopped::RulesetCap);
    assert_eq!(started(dir.path(), 3)[2], pids[1]);
}

#[test]
fn a_search_whose_helper_is_killed_costs_that_search_only() {
    let dir = tempfile::tempdir().expect("temp dir");
    let (plugin, ruleset, mut state) = table(dir.path(), Duration::from_secs(30));
    let answer = search(&ruleset, &state, &Cancel::new());
    let pid = started(dir.path(), 1)[0];
    let killed = std::process::Command::new("kill")
        .args(["-KILL", &pid.to_string()])
        .status()
        .expect("kill runs");
    assert!(killed.success());
    let answer = answer.recv().expect("the search answers");
    assert_eq!(stopped_by(answer), Stopped::Failed);
    assert_eq!(plugin.stopped(), None, "the plugin is not dead");
    table_answers(ruleset.as_ref(), &mut state);
    let_go(dir.path());
    let next = ruleset.analyze_until(&state, &solve(), &Cancel::new());
    assert_eq!(stopped_by(next), Stopped::RulesetCap);
}

#[test]
fn the_wall_watchdog_stops_a_search_not_the_plugin() {
    let dir = tempfile::tempdir().expect("temp dir");
    // The fixture never ends this search by itself: only the watchdog does.
    let (plugin, ruleset, mut state) = table(dir.path(), Duration::from_secs(1));
    let answer = ruleset.analyze_until(&state, &solve(), &Cancel::new());
    assert_eq!(stopped_by(answer.clone()), Stopped::WallClock);
    let report = answer.as_ref().and_then(Analysis::report).expect("report");
    assert!(
        report
            .because(&Budget::default())
            .contains("the game goes on"),
        "{report:?}"
    );
    assert_eq!(plugin.stopped(), None);
    table_answers(ruleset.as_ref(), &mut state);
}

#[cfg(target_os = "linux")]
#[test]
fn a_dead_table_is_reported_dead_by_a_search_never_as_not_offered() {
    let dir = tempfile::tempdir().expect("temp dir");
    let (_plugin, ruleset, state) = table(dir.path(), Duration::from_secs(30));
    let library = dir.path().join(format!(
        "{}slow{}",
        std::env::consts::DLL_PREFIX,
        std::env::consts::DLL_SUFFIX
    ));
    // No search has run, so the one helper of this test's library is the table's.
    let table_helper = helpers_of(&library);
    assert_eq!(table_helper.len(), 1, "{table_helper:?}");
    let killed = std::process::Command::new("kill")
        .args(["-KILL", &table_helper[0].to_string()])
        .status()
        .expect("kill runs");
    assert!(killed.success());
    // The table's next call finds it dead; from then on so does every search.
    let _ = ruleset.status(&state);
    let why = ruleset.stopped().expect("the plugin is dead");
    assert!(why.contains("signal 9"), "{why}");
    assert_eq!(
        ruleset.analyze_until(&state, &solve(), &Cancel::new()),
        None
    );
    assert!(
        !dir.path().join("started").exists(),
        "no search was started"
    );
}

#[test]
fn a_batch_searches_on_its_tables_helper_and_a_crash_costs_that_search_only() {
    let dir = tempfile::tempdir().expect("temp dir");
    let (plugin, ruleset, mut state) = batch_table(dir.path(), Duration::from_secs(30));
    // The search runs in the helper the table's calls went to: the one process the ruleset
    // has. Killed there, the search answers as failed, and the ruleset goes on.
    let answer = search(&ruleset, &state, &Cancel::new());
    let first = started(dir.path(), 1)[0];
    let killed = std::process::Command::new("kill")
        .args(["-KILL", &first.to_string()])
        .status()
        .expect("kill runs");
    assert!(killed.success());
    assert_eq!(stopped_by(answer.recv().expect("answers")), Stopped::Failed);
    assert_eq!(ruleset.stopped(), None, "the ruleset goes on");
    assert_eq!(plugin.stopped(), None);
    // A new helper took its place, built the ruleset again, and reads the state it had.
    table_answers(ruleset.as_ref(), &mut state);
    // A cancel stops the helper the search runs in, and the ruleset goes on in another.
    let cancel = Cancel::new();
    let answer = search(&ruleset, &state, &cancel);
    let second = started(dir.path(), 2)[1];
    assert_ne!(second, first, "a new helper searched");
    cancel.cancel();
    assert_eq!(
        stopped_by(answer.recv().expect("answers")),
        Stopped::Cancelled
    );
    assert_eq!(ruleset.stopped(), None);
    table_answers(ruleset.as_ref(), &mut state);
    let_go(dir.path());
    let next = ruleset.analyze_until(&state, &solve(), &Cancel::new());
    assert_eq!(stopped_by(next), Stopped::RulesetCap);
    let third = started(dir.path(), 3)[2];
    assert!(third != first && third != second, "a third helper searched");
}

#[test]
fn a_batch_s_wall_watchdog_stops_a_search_not_the_ruleset() {
    let dir = tempfile::tempdir().expect("temp dir");
    let (_plugin, ruleset, mut state) = batch_table(dir.path(), Duration::from_secs(1));
    let answer = ruleset.analyze_until(&state, &solve(), &Cancel::new());
    assert_eq!(stopped_by(answer), Stopped::WallClock);
    assert_eq!(ruleset.stopped(), None);
    table_answers(ruleset.as_ref(), &mut state);
}

#[test]
fn a_batch_table_whose_helper_dies_between_calls_is_reported_dead() {
    let dir = tempfile::tempdir().expect("temp dir");
    let (_plugin, ruleset, state) = batch_table(dir.path(), Duration::from_secs(30));
    let_go(dir.path());
    let answer = ruleset.analyze_until(&state, &solve(), &Cancel::new());
    assert_eq!(stopped_by(answer), Stopped::RulesetCap);
    // The searching helper is the table's: killed between calls, the table's next call
    // fails, and from then on the ruleset says why, as a dead table helper does.
    let pid = started(dir.path(), 1)[0];
    let killed = std::process::Command::new("kill")
        .args(["-KILL", &pid.to_string()])
        .status()
        .expect("kill runs");
    assert!(killed.success());
    let _ = ruleset.status(&state);
    let why = ruleset.stopped().expect("the ruleset's helper is dead");
    assert!(why.contains("signal 9"), "{why}");
    assert_eq!(
        ruleset.analyze_until(&state, &solve(), &Cancel::new()),
        None
    );
}

/// The processes whose command line names `library`.
#[cfg(target_os = "linux")]
fn helpers_of(library: &Path) -> Vec<u32> {
    let name = library.to_string_lossy().into_owned();
    std::fs::read_dir("/proc")
        .expect("/proc")
        .filter_map(|e| {
            let pid: u32 = e.ok()?.file_name().to_str()?.parse().ok()?;
            let line = std::fs::read(format!("/proc/{pid}/cmdline")).ok()?;
            String::from_utf8_lossy(&line)
                .split('\0')
                .any(|arg| arg == name)
                .then_some(pid)
        })
        .collect()
}
