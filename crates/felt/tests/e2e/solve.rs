//! `felt solve` says what stopped a search: an undecided answer names the budget that ran out
//! (states, memory, CPU time) or, for an honest search, that hidden cards decide; the batch
//! table gives the lengths of the winning lines.

use crate::common::run;
use tempfile::TempDir;

/// Runs felt with `args`; its exit status and its standard output and error.
fn felt(args: &[&str]) -> (bool, String, String) {
    let home = TempDir::new().expect("a temporary home");
    let out = run(home.path(), args, "");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn solve(args: &[&str]) -> String {
    let mut all = vec!["solve"];
    all.extend_from_slice(args);
    let (ok, out, err) = felt(&all);
    assert!(ok, "felt solve failed: {err}");
    out
}

#[test]
fn a_state_budget_that_runs_out_is_named_with_its_size() {
    let out = solve(&["SP1-S4C-AAAAAAD", "--budget-states", "1000"]);
    assert!(
        out.contains("undecided: the budget of 1000 states ran out"),
        "{out}"
    );
}

#[test]
fn a_memory_cap_that_stops_the_search_is_named_and_kept() {
    let out = solve(&["SP1-S4C-AAAAAAD", "--max-mb", "1"]);
    assert!(
        out.contains("undecided: memory cap of 1 MB reached after"),
        "{out}"
    );
    assert!(
        out.contains("peak 1 MB"),
        "the search kept inside its cap: {out}"
    );
}

#[test]
fn an_honest_search_says_that_hidden_cards_decide_not_that_time_ran_out() {
    let out = solve(&["SP1-S4C-AAAAAAD", "--mode", "honest"]);
    assert!(
        out.contains("undecided: an honest search cannot decide while cards are hidden"),
        "{out}"
    );
    assert!(!out.contains("ms of CPU time used"), "{out}");
}

#[test]
fn the_batch_table_gives_solution_lengths_and_the_cpu_budget() {
    let out = solve(&[
        "--variant",
        "spider-1suit",
        "--deals",
        "1..3",
        "--budget-states",
        "200000",
        "--jobs",
        "1",
    ]);
    assert!(out.contains("budget 200000 states, 256 MB a deal"), "{out}");
    assert!(out.contains("moves a won deal        median "), "{out}");
    assert!(out.contains("CPU time a deal"), "{out}");
}

// Issue 28: with no deal won there is no length to give, and a zero would read as one.
#[test]
fn a_batch_with_nothing_won_gives_no_figure_for_the_winning_lines() {
    let out = solve(&[
        "--variant",
        "spider-4suit",
        "--deals",
        "1..2",
        "--budget-states",
        "10",
        "--jobs",
        "1",
    ]);
    assert!(
        out.contains("moves a won deal        median —, 90th percentile —, max —"),
        "{out}"
    );
    assert!(!out.contains("median 0,"), "{out}");
}

#[test]
fn a_range_past_what_game_codes_carry_is_refused_with_the_limit() {
    let (ok, _, err) = felt(&[
        "solve",
        "--variant",
        "spider-1suit",
        "--deals",
        "1..18446744073709551615",
    ]);
    assert!(!ok);
    assert!(err.contains("shuffle numbers go up to 8031810175"), "{err}");
}

#[test]
fn more_jobs_than_cores_run_one_a_core_and_say_so() {
    let (ok, out, err) = felt(&[
        "solve",
        "--variant",
        "spider-1suit",
        "--deals",
        "1..2",
        "--budget-states",
        "100",
        "--jobs",
        "100000",
    ]);
    assert!(ok);
    assert!(err.contains("--jobs 100000: this machine has"), "{err}");
    assert!(!out.contains("100000 job(s)"));
}

#[test]
fn autoplay_refuses_shuffle_numbers_no_game_code_carries() {
    let (ok, _, err) = felt(&[
        "autoplay",
        "--variant",
        "spider-1suit",
        "--seed",
        "8031810170",
        "--games",
        "100",
    ]);
    assert!(!ok);
    assert!(err.contains("shuffle numbers go up to 8031810175"), "{err}");
}
