//! End-to-end: the real `felt` binary driven through the headless protocol (docs/protocol.md).

use crate::common;

use crate::common::{answers, run};

/// Rank number of a card token (`TS` -> 10), `None` for `??`.
fn rank(token: &str) -> Option<u8> {
    "A23456789TJQK"
        .find(token.chars().next()?)
        .map(|i| i as u8 + 1)
}

/// The column lines of a `show` answer, as token lists, in order 1..=10.
fn columns(show: &[String]) -> Vec<Vec<String>> {
    (1..=10)
        .map(|n| {
            let prefix = format!("{n}:");
            let line = show
                .iter()
                .find(|l| l.starts_with(&prefix))
                .unwrap_or_else(|| panic!("no column {n} in {show:?}"));
            line[prefix.len()..]
                .split_whitespace()
                .map(str::to_string)
                .collect()
        })
        .collect()
}

fn status_line(show: &[String]) -> &str {
    show.iter()
        .find(|l| l.starts_with("code "))
        .map(String::as_str)
        .unwrap_or_else(|| panic!("no status line in {show:?}"))
}

#[test]
fn a_fresh_deal_shows_ten_columns_with_only_the_last_card_up() {
    let home = tempfile::tempdir().expect("temp dir");
    let out = run(
        home.path(),
        &["play", "--code", "SP1-S1C-AAAAAAD", "--headless"],
        "show\nquit\n",
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let answers = answers(&out.stdout);
    let show = &answers[0];
    assert_eq!(show[0], "ok");
    let cols = columns(show);
    // SP-LAYOUT: 6, 6, 6, 6, then 5 each; only the last card is face up.
    let sizes: Vec<usize> = cols.iter().map(Vec::len).collect();
    assert_eq!(sizes, [6, 6, 6, 6, 5, 5, 5, 5, 5, 5]);
    for col in &cols {
        assert!(col[..col.len() - 1].iter().all(|t| t == "??"));
        assert!(col[col.len() - 1].ends_with('S'), "one suit: spades only");
    }
    assert_eq!(
        status_line(show),
        "code SP1-S1C-AAAAAAD score 500 moves 0 stock 50 deals 5 runs 0/8 playing"
    );
}

#[test]
fn deal_then_undo_then_redo_restores_score_and_counters() {
    let home = tempfile::tempdir().expect("temp dir");
    let script = "deal\nshow\nundo\nshow\nredo\nshow\nundo\nundo\n";
    let out = run(
        home.path(),
        &["play", "spider-4suit", "--seed", "42", "--headless"],
        script,
    );
    let a = answers(&out.stdout);
    assert_eq!(a[0][0], "ok");
    assert!(
        a[0].iter().any(|l| l == "dealt 10 from stock"),
        "{:?}",
        a[0]
    );
    assert!(
        status_line(&a[1]).contains("score 499 moves 1 stock 40 deals 4"),
        "{:?}",
        a[1]
    );
    assert_eq!(a[2], ["ok"]);
    assert!(
        status_line(&a[3]).contains("score 500 moves 0 stock 50 deals 5"),
        "{:?}",
        a[3]
    );
    assert_eq!(columns(&a[3]).iter().map(Vec::len).sum::<usize>(), 54);
    assert_eq!(a[4], ["ok"]);
    assert_eq!(a[5], a[1], "redo gives back exactly the dealt table");
    assert_eq!(a[6], ["ok"]);
    assert_eq!(a[7], ["error FELT-UNDO: Nothing to undo"]);
}

#[test]
fn a_move_that_breaks_the_building_rule_is_refused_and_changes_nothing() {
    let home = tempfile::tempdir().expect("temp dir");
    let args = ["play", "spider-2suit", "--seed", "7", "--headless"];
    let first = answers(&run(home.path(), &args, "show\n").stdout);
    let cols = columns(&first[0]);
    // SP-BUILD: find two columns whose last cards are not one rank apart.
    let (from, to) = (0..10)
        .flat_map(|i| (0..10).map(move |j| (i, j)))
        .find(|&(i, j)| {
            i != j
                && rank(&cols[i][cols[i].len() - 1])
                    .zip(rank(&cols[j][cols[j].len() - 1]))
                    .is_some_and(|(a, b)| a + 1 != b)
        })
        .expect("some pair does not fit");
    let script = format!("move {} {} 1\nshow\n", from + 1, to + 1);
    let a = answers(&run(home.path(), &args, &script).stdout);
    assert!(a[0][0].starts_with("error SP-BUILD: "), "{:?}", a[0]);
    assert_eq!(a[1], first[0], "the refused move changed the table");
}

/// A 1-suit position with five runs already off: one move finishes a sixth run, another a
/// seventh; columns 5 to 10 are empty and one deal is left in the stock.
const POSITION: &str = "\
Play0: KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S
Play1: AS
Play2: KS QS JS TS 9S 8S 7S
Play3: 6S 5S 4S 3S 2S AS
Play4: |KS |QS JS
Play5:
Play6:
Play7:
Play8:
Play9:
Deal4: TS 9S 8S 7S 6S 5S 4S 3S 2S AS
Off: KS KS KS KS KS
";

#[test]
fn a_scripted_game_from_a_position_removes_runs_refuses_a_deal_and_undoes() {
    let home = tempfile::tempdir().expect("temp dir");
    let file = home.path().join("near-end.game");
    std::fs::write(&file, POSITION).expect("write position");
    let path = file.to_string_lossy().into_owned();
    let args = [
        "play",
        "spider-1suit",
        "--position",
        path.as_str(),
        "--headless",
    ];
    let script = "show\ndeal\nmove 1 2\nmove 2 1\nshow\nundo\nshow\nredo\nmove 4 3\nshow\nquit\n";
    let out = run(home.path(), &args, script);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let a = answers(&out.stdout);
    assert!(status_line(&a[0]).contains("runs 5/8"), "{:?}", a[0]);
    // SP-DEAL: refused while a column is empty.
    assert!(a[1][0].starts_with("error SP-DEAL: "), "{:?}", a[1]);
    // SP-BUILD: a 2 does not go on an Ace.
    assert!(a[2][0].starts_with("error "), "{:?}", a[2]);
    // SP-RUN: the Ace completes King..Ace in column 1, which leaves the game.
    assert_eq!(a[3][0], "ok");
    assert!(
        a[3].iter().any(|l| l.starts_with("removed a set")),
        "{:?}",
        a[3]
    );
    assert!(status_line(&a[4]).contains("runs 6/8"), "{:?}", a[4]);
    assert!(columns(&a[4])[0].is_empty() && columns(&a[4])[1].is_empty());
    // SP-UNDO: undoing the move that formed the run brings the run back.
    assert_eq!(a[5], ["ok"]);
    assert_eq!(columns(&a[6])[0].len(), 12);
    assert_eq!(columns(&a[6])[1], ["AS"]);
    assert!(status_line(&a[6]).contains("runs 5/8"));
    assert_eq!(a[7], ["ok"]);
    // A group of six goes on the 7: another run leaves.
    assert!(
        a[8].iter().any(|l| l.starts_with("removed a set")),
        "{:?}",
        a[8]
    );
    assert!(status_line(&a[9]).contains("runs 7/8"), "{:?}", a[9]);
}

#[test]
fn json_mode_answers_one_object_a_line() {
    let home = tempfile::tempdir().expect("temp dir");
    let out = run(
        home.path(),
        &[
            "play",
            "spider-2suit",
            "--seed",
            "5",
            "--headless",
            "--json",
        ],
        "show\ndeal\nfrobnicate\n",
    );
    let text = String::from_utf8_lossy(&out.stdout);
    let lines: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).expect("each line is one JSON object"))
        .collect();
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0]["ok"], true);
    assert_eq!(lines[0]["state"], "playing");
    assert_eq!(lines[0]["view"]["piles"].as_array().map(Vec::len), Some(12));
    assert_eq!(lines[1]["ok"], true);
    assert_eq!(lines[2]["ok"], false);
    assert_eq!(lines[2]["rule"], "FELT-COMMAND");
}

#[test]
fn bad_input_gets_errors_and_the_reader_goes_on() {
    let home = tempfile::tempdir().expect("temp dir");
    let mut script = b"frobnicate\nmove 1\nmove 11 2\nmove 1 2 0\nplay QH\n".to_vec();
    script.extend_from_slice(&[0xff, 0xfe, b'\n']);
    script.extend_from_slice(b"show\n");
    let out = run(
        home.path(),
        &["play", "spider-1suit", "--seed", "1", "--headless"],
        &String::from_utf8_lossy(&script),
    );
    assert!(out.status.success());
    let a = answers(&out.stdout);
    assert_eq!(a.len(), 7, "{a:?}");
    assert!(a[0][0].starts_with("error FELT-COMMAND: unknown command 'frobnicate'"));
    assert!(a[1][0].starts_with("error FELT-COMMAND: wrong arguments"));
    assert!(a[2][0].starts_with("error FELT-COMMAND: no pile '11'"));
    assert!(a[3][0].starts_with("error FELT-COMMAND: '0' is not a number of cards"));
    assert!(a[4][0].starts_with("error FELT-COMMAND: QH is not in your hand"));
    assert!(a[5][0].starts_with("error FELT-COMMAND: unknown command"));
    assert_eq!(a[6][0], "ok");
}

#[test]
fn unknown_codes_and_bad_positions_are_explained() {
    let home = tempfile::tempdir().expect("temp dir");
    let out = run(
        home.path(),
        &["play", "--code", "SP3-S1C-AAAAAAA", "--headless"],
        "",
    );
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("unknown variant prefix SP3"));

    let out = run(
        home.path(),
        &["play", "--code", "SP1-S1C-AAA", "--headless"],
        "",
    );
    assert!(String::from_utf8_lossy(&out.stderr).contains("shuffle must be 7 letters A–Z"));

    let file = home.path().join("bad.game");
    std::fs::write(&file, "Play0: KS QS\nPlay1: XX\n").expect("write");
    let path = file.to_string_lossy().into_owned();
    let out = run(
        home.path(),
        &["play", "spider-1suit", "--position", &path, "--headless"],
        "",
    );
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("bad.game") && err.contains("line 2"), "{err}");
}

#[test]
fn deal_writes_a_position_that_plays_the_same_game() {
    let home = tempfile::tempdir().expect("temp dir");
    let out = run(
        home.path(),
        &["deal", "SP1-S4C-AAAAAAB", "--format", "game"],
        "",
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let file = home.path().join("deal.game");
    std::fs::write(&file, &out.stdout).expect("write");
    let path = file.to_string_lossy().into_owned();
    let script = "deal\nshow\n";
    let from_code = answers(
        &run(
            home.path(),
            &["play", "--code", "SP1-S4C-AAAAAAB", "--headless"],
            script,
        )
        .stdout,
    );
    let from_file = answers(
        &run(
            home.path(),
            &["play", "spider-4suit", "--position", &path, "--headless"],
            script,
        )
        .stdout,
    );
    assert_eq!(columns(&from_code[1]), columns(&from_file[1]));
}

#[test]
fn a_quit_game_resumes_with_its_undo_history() {
    let home = tempfile::tempdir().expect("temp dir");
    let first = answers(
        &run(
            home.path(),
            &["play", "spider-2suit", "--seed", "31", "--headless"],
            "deal\nshow\nquit\n",
        )
        .stdout,
    );
    let resumed = answers(
        &run(
            home.path(),
            &["play", "spider-2suit", "--resume", "--headless"],
            "show\nundo\nshow\nundo\n",
        )
        .stdout,
    );
    assert_eq!(resumed[0], first[1], "the resumed table is the one left");
    assert_eq!(resumed[1], ["ok"]);
    assert!(
        status_line(&resumed[2]).contains("moves 0 stock 50"),
        "{:?}",
        resumed[2]
    );
    assert_eq!(resumed[3], ["error FELT-UNDO: Nothing to undo"]);

    let none = run(
        home.path(),
        &["play", "spider-4suit", "--resume", "--headless"],
        "",
    );
    assert!(!none.status.success());
    assert!(
        String::from_utf8_lossy(&none.stderr).contains("no game of spider-4suit is in progress")
    );
}

#[test]
fn hint_gives_a_move_that_types_back_in_and_asking_again_gives_the_next_best() {
    let home = tempfile::tempdir().expect("temp dir");
    let out = run(
        home.path(),
        &["play", "--code", "SP1-S4C-AAAAAAB", "--headless"],
        "hint\nhint\nquit\n",
    );
    let hints: Vec<String> = answers(&out.stdout)
        .iter()
        .take(2)
        .map(|a| a[0].strip_prefix("ok ").expect("a hint").to_string())
        .collect();
    assert_ne!(hints[0], hints[1], "the second hint is the next best");
    // Each hint is a command the protocol takes as it is.
    for hint in &hints {
        let out = run(
            home.path(),
            &["play", "--code", "SP1-S4C-AAAAAAB", "--headless"],
            &format!("{hint}\nquit\n"),
        );
        let answers = answers(&out.stdout);
        assert!(answers[0][0].starts_with("ok"), "{hint}: {:?}", answers[0]);
    }
}

#[test]
fn a_site_game_at_a_dead_end_is_over_and_says_why() {
    // SITE-DEADEND: "the game is over without a win, and the player is told so". Each column
    // shows one card; under the first lie all the others, face down. Aces and Kings on top
    // with the stock dealt out: no card can ever move, so nothing can turn up.
    let tops = ["AS", "AS", "AH", "AH", "AD", "AD", "AC", "AC", "KS", "KH"];
    let mut hidden: Vec<String> = Vec::new();
    for _pack in 0..2 {
        for suit in "SHDC".chars() {
            for rank in "A23456789TJQK".chars() {
                hidden.push(format!("{rank}{suit}"));
            }
        }
    }
    for top in tops {
        let at = hidden.iter().position(|c| c == top).expect("in the deck");
        hidden.remove(at);
    }
    let mut text = String::new();
    for (i, top) in tops.iter().enumerate() {
        let under: Vec<String> = match i {
            0 => hidden.iter().map(|c| format!("|{c}")).collect(),
            _ => Vec::new(),
        };
        text.push_str(&format!("Play{i}: {} {top}\n", under.join(" ")));
    }
    for d in 0..5 {
        text.push_str(&format!("Deal{d}:\n"));
    }
    text.push_str("Off:\n");
    let home = tempfile::tempdir().expect("temp dir");
    let file = home.path().join("stuck.game");
    std::fs::write(&file, text).expect("write the position");
    let position = file.to_string_lossy().into_owned();
    let args = [
        "play",
        "spider-site-4suit",
        "--position",
        &position,
        "--headless",
    ];
    let out = run(home.path(), &args, "show\nmove 1 9\nquit\n");
    let answers = answers(&out.stdout);
    assert!(
        answers[0]
            .iter()
            .any(|l| l.starts_with("over: ") && l.contains("turn up another card")),
        "{:?}",
        answers[0]
    );
    assert!(answers[1][0].starts_with("error"), "{:?}", answers[1]);
    // The App's own rules have no such stop: the same table is still in play.
    let args = [
        "play",
        "spider-4suit",
        "--position",
        &position,
        "--headless",
    ];
    let out = run(home.path(), &args, "show\nquit\n");
    assert!(!answers_of(&out).iter().any(|l| l.starts_with("over: ")));
}

fn answers_of(out: &std::process::Output) -> Vec<String> {
    answers(&out.stdout).into_iter().next().unwrap_or_default()
}

#[test]
fn output_into_a_closed_pipe_ends_quietly_without_a_panic() {
    // `felt variants | head -0`: the reader is gone before felt writes its first line.
    let home = tempfile::tempdir().expect("temp dir");
    let mut child = common::felt(home.path())
        .arg("variants")
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("felt starts");
    drop(child.stdout.take());
    let out = child.wait_with_output().expect("felt finishes");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        !stderr.contains("panicked") && !stderr.contains("Broken pipe"),
        "felt complained about the closed pipe: {stderr}"
    );
}
