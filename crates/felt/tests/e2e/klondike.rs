//! End to end: Klondike through the real binary and the real plugin, loaded from the data
//! folder as a player's would be. Refusals name their rule (KL-…) and change nothing, undo
//! gives back the table exactly, and following the hints of a Thoughtful deal wins it.

use crate::common;

use crate::common::{data_dir_with, Game};

/// The status line of a `show` answer (the line with the game code).
fn status(show: &[String]) -> &str {
    show.iter()
        .find(|l| l.starts_with("code "))
        .unwrap_or_else(|| panic!("no status line in {show:?}"))
}

fn start(data: &std::path::Path, variant: &str, seed: &str) -> Game {
    Game::start(data, &["play", variant, "--seed", seed, "--headless"])
}

// KL-BUILD, KL-FOUNDATION, KL-MOVE: each refusal names its rule, and the table is as it was.
#[test]
fn refusals_name_their_rule_and_change_nothing() {
    let data = data_dir_with("felt_klondike");
    let mut game = start(data.path(), "klondike", "5");
    let before = game.ask("show");
    assert_eq!(before[0], "ok", "{before:?}");
    // Deal 5: column 1 is 3♦, column 2 ends in 2♦, column 4 in K♣.
    assert!(before.iter().any(|l| l == "1: 3D"), "{before:?}");
    for (command, rule) in [
        ("move 1 2", "KL-BUILD"),
        ("move 4 C", "KL-FOUNDATION"),
        ("move 1 1", "KL-MOVE"),
    ] {
        let answer = game.ask(command);
        assert!(
            answer[0].starts_with(&format!("error {rule}: ")),
            "{command}: {answer:?}"
        );
        assert_eq!(game.ask("show"), before, "{command} changed the table");
    }
    // Face-down cards stay hidden (KL-DEAL): column 7 shows six `??` and its last card.
    let seven = before
        .iter()
        .find(|l| l.starts_with("7: "))
        .expect("column 7");
    assert_eq!(seven.matches("??").count(), 6, "{seven}");
}

// KL-STOCK, KL-SCORE: a deal and its undo; the table, score and counters come back exactly,
// and redo plays it again.
#[test]
fn deal_undo_and_redo_give_back_the_table_exactly() {
    let data = data_dir_with("felt_klondike");
    let mut game = start(data.path(), "klondike", "5");
    let before = game.ask("show");
    assert!(status(&before).contains("stock 24"), "{before:?}");
    let dealt = game.ask("deal");
    assert_eq!(dealt[0], "ok", "{dealt:?}");
    let after = game.ask("show");
    assert!(status(&after).contains("stock 23"), "{after:?}");
    assert!(
        after
            .iter()
            .any(|l| l.starts_with("waste: ") && l.len() > "waste: ".len()),
        "{after:?}"
    );
    assert_eq!(game.ask("undo")[0], "ok");
    assert_eq!(game.ask("show"), before, "undo gives back the deal's table");
    assert_eq!(game.ask("redo")[0], "ok");
    assert_eq!(game.ask("show"), after, "redo plays the deal again");
    let nothing = game.ask("redo");
    assert!(nothing[0].starts_with("error "), "{nothing:?}");
}

// KL-WIN: following the hints of a Thoughtful deal (the first step of a solver's winning line,
// then its rest) plays it to a win, each hint typed back in as it is given.
#[test]
fn following_the_hints_wins_a_thoughtful_deal() {
    let data = data_dir_with("felt_klondike");
    let mut game = start(data.path(), "thoughtful", "5");
    let mut played = 0;
    for _ in 0..400 {
        let show = game.ask("show");
        if status(&show).ends_with(" won") || status(&show).contains(" won ") {
            break;
        }
        let hint = game.ask("hint");
        let command = hint[0]
            .strip_prefix("ok ")
            .unwrap_or_else(|| panic!("a hint: {hint:?}"))
            .to_string();
        let answer = game.ask(&command);
        assert_eq!(
            answer[0], "ok",
            "{command} is accepted as typed: {answer:?}"
        );
        played += 1;
    }
    let show = game.ask("show");
    assert!(status(&show).contains("cards 52/52"), "{show:?}");
    assert!(status(&show).contains("won"), "{show:?}");
    assert!(played > 20, "a whole game was played: {played} actions");
}

/// Each deal's states and CPU milliseconds from `felt solve --deals … --verbose`.
fn deal_rows(data: &std::path::Path, flags: &[&str]) -> Vec<(u64, f64)> {
    let mut args = flags.to_vec();
    args.extend([
        "solve",
        "--variant",
        "thoughtful",
        "--deals",
        "1..3",
        "--budget-states",
        "20000",
        "--jobs",
        "1",
        "--verbose",
    ]);
    let out = common::run_in(data, &args, "");
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(out.status.success(), "{text}");
    // `deal       1: won             4.5 ms        673 states   116 moves`
    let rows: Vec<(u64, f64)> = text
        .lines()
        .filter(|l| l.starts_with("deal "))
        .map(|l| {
            let words: Vec<&str> = l.split_whitespace().collect();
            let at = |unit: &str| {
                let i = words.iter().position(|w| *w == unit).expect("a unit");
                words[i - 1].to_string()
            };
            (
                at("states").parse().expect("states"),
                at("ms").parse().expect("ms"),
            )
        })
        .collect();
    assert_eq!(rows.len(), 3, "{text}");
    rows
}

// A batch counts the plugin's search in its helper process as it does in felt's own: the same
// searches (states) either way, and CPU time for both, where the helper's used to be left out.
#[test]
fn a_batch_counts_the_cpu_time_of_a_plugin_in_its_helper_process() {
    let data = data_dir_with("felt_klondike");
    let isolated = deal_rows(data.path(), &[]);
    let in_process = deal_rows(data.path(), &["--plugins-in-process"]);
    let states = |rows: &[(u64, f64)]| rows.iter().map(|r| r.0).collect::<Vec<_>>();
    assert_eq!(states(&isolated), states(&in_process));
    let ms = |rows: &[(u64, f64)]| rows.iter().map(|r| r.1).sum::<f64>();
    let (there, here) = (ms(&isolated), ms(&in_process));
    assert!(
        here > 0.0 && there > 0.0,
        "{there} ms isolated, {here} in process"
    );
    // Loose: the same searches take about the same CPU time; the felt side of the calls alone
    // (what was counted before) is a small fraction of it.
    assert!(
        there * 10.0 > here,
        "{there} ms isolated, {here} in process"
    );
}
