//! `felt solve` says what stopped a search: an undecided answer names the budget that ran out
//! (states, memory, CPU time) or, for an honest search, that hidden cards decide; the batch
//! table gives the lengths of the winning lines.

use crate::common::{self, run};
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
    // Positions for the first search and one fresh start, each of which the cap stops.
    let out = solve(&[
        "SP1-S4C-AAAAAAD",
        "--max-mb",
        "1",
        "--budget-states",
        "500000",
    ]);
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
fn a_deal_won_under_a_memory_cap_is_shortened_inside_the_cap_too() {
    // With time left (5 s, against about 0.6 s needed), fresh starts that the cap stops one
    // after another win this deal; the line is then shortened (a beam search among others)
    // within the same cap.
    let out = solve(&["SP1-S4C-AAAAAAD", "--max-mb", "1", "--budget-ms", "5000"]);
    assert!(out.contains("won in "), "{out}");
    assert!(
        out.contains("peak 1 MB"),
        "the solve kept inside its cap: {out}"
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
    assert!(
        out.contains("budget 200,000 states, 256 MB a deal"),
        "{out}"
    );
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

/// The lines `felt solve --moves` prints for `variant`'s deal `seed`, solved from its position
/// file under a budget of 500 ms of CPU time and 64 MB, played through `felt play --position
/// FILE --headless`: the game's status line at the end.
fn solve_and_replay(plugin: Option<&str>, variant: &str, seed: &str) -> (String, String) {
    let data = match plugin {
        Some(stem) => common::data_dir_with(stem),
        None => TempDir::new().expect("a temporary folder"),
    };
    let dir = data.path();
    let show = common::run_in(
        dir,
        &["play", variant, "--seed", seed, "--headless", "--json"],
        "show\n",
    );
    let show = String::from_utf8_lossy(&show.stdout).into_owned();
    let code = show
        .split("\"code\":\"")
        .nth(1)
        .and_then(|rest| rest.split('"').next())
        .unwrap_or_else(|| panic!("no code in {show}"))
        .to_string();
    let deal = common::run_in(dir, &["deal", &code, "--format", "position"], "");
    assert!(
        deal.status.success(),
        "{}",
        String::from_utf8_lossy(&deal.stderr)
    );
    let file = dir.join("deal.txt");
    std::fs::write(&file, &deal.stdout).expect("writes the position");
    let file = file.to_str().expect("a UTF-8 path");
    let solved = common::run_in(
        dir,
        &[
            "solve",
            "--variant",
            variant,
            "--position",
            file,
            "--budget-ms",
            "500",
            "--max-mb",
            "64",
            "--moves",
        ],
        "",
    );
    let solved = String::from_utf8_lossy(&solved.stdout).into_owned();
    // The commands are the lines after the figures; the report above them says how it went.
    let commands: String = solved
        .lines()
        .skip_while(|l| !l.starts_with("CPU time"))
        .skip(1)
        .map(|l| format!("{l}\n"))
        .collect();
    let played = common::run_in(
        dir,
        &["play", variant, "--position", file, "--headless"],
        &format!("{commands}show\n"),
    );
    let played = String::from_utf8_lossy(&played.stdout).into_owned();
    assert!(
        !played.lines().any(|l| l.starts_with("error")),
        "a line of the solution was refused:\n{solved}\n{played}"
    );
    let status = played
        .lines()
        .rfind(|l| l.starts_with("code "))
        .unwrap_or_else(|| panic!("no status line in {played}"))
        .to_string();
    (solved, status)
}

/// Every word of the report that says the search kept within its budget: won, within 500 ms
/// (a little over, for the last check), and under its 64 MB cap.
fn within_budget(solved: &str) {
    assert!(solved.contains("\nwon in "), "{solved}");
    let figures = solved
        .lines()
        .find(|l| l.starts_with("CPU time"))
        .unwrap_or_else(|| panic!("no figures in {solved}"));
    let number = |after: &str, before: &str| -> u64 {
        let rest = figures.split(after).nth(1).unwrap_or("");
        rest.split(before)
            .next()
            .unwrap_or("")
            .trim()
            .parse()
            .unwrap_or(u64::MAX)
    };
    assert!(number("CPU time ", " ms") <= 600, "{figures}");
    assert!(number("peak ", " MB") <= 64, "{figures}");
}

// Issue 31: `--moves` prints lines the headless mode takes as typed, for every ruleset, and
// they play the position to the same end the solver found.
#[test]
fn a_spider_solution_replays_through_the_headless_mode_to_a_win() {
    let (solved, status) = solve_and_replay(None, "spider-1suit", "5");
    within_budget(&solved);
    assert!(status.ends_with(" won"), "{status}");
}

#[test]
fn a_freecell_solution_replays_through_the_headless_mode_to_a_win() {
    let (solved, status) = solve_and_replay(Some("felt_freecell"), "freecell", "5");
    within_budget(&solved);
    assert!(status.ends_with(" won"), "{status}");
}

#[test]
fn a_klondike_solution_replays_through_the_headless_mode_to_a_win() {
    let (solved, status) = solve_and_replay(Some("felt_klondike"), "klondike", "5");
    within_budget(&solved);
    assert!(status.ends_with(" won"), "{status}");
}

/// `felt solve` solves any game with a solver, and its help says so: it does not call itself
/// a Spider solver, nor ask for Spider's position format of every game (issue 30).
#[test]
fn the_help_says_solve_takes_any_game_with_a_solver() {
    let (ok, out, err) = felt(&["solve", "--help"]);
    assert!(ok, "{err}");
    let first = out.lines().next().unwrap_or_default();
    assert!(first.contains("of any game with a solver"), "{first}");
    assert!(!first.contains("Spider"), "{first}");
    assert!(out.contains("the --variant's own format"), "{out}");
    let (ok, out, err) = felt(&["--help"]);
    assert!(ok, "{err}");
    let listed = out
        .lines()
        .find(|l| l.trim_start().starts_with("solve "))
        .unwrap_or_default();
    assert!(listed.contains("any game with a solver"), "{out}");
}
