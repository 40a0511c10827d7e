//! End to end: `felt play spades --headless --seats …` with the real binary and the real
//! Spades plugin. The script plays the seats it names, felt's computer players the rest;
//! every answer says whose turn it is, `legal` lines are typed back as they are, and every
//! card anyone plays is reported.

use crate::common::{data_dir_with, run_in, Game};

fn data_dir_with_spades() -> tempfile::TempDir {
    data_dir_with("felt_spades")
}

fn turn_of(answer: &[String]) -> &str {
    answer
        .iter()
        .rev()
        .find_map(|l| l.strip_prefix("turn "))
        .unwrap_or_else(|| panic!("no turn line in {answer:?}"))
}

fn hand_line<'a>(show: &'a [String], seat: &str) -> &'a str {
    show.iter()
        .find_map(|l| l.strip_prefix(&format!("{seat}: ")))
        .unwrap_or("")
}

/// Plays one whole hand through the protocol, always the first legal line, and returns the
/// seats whose turn the script was given and the cards reported played.
fn play_a_hand(game: &mut Game) -> (Vec<String>, Vec<String>) {
    let mut turns = Vec::new();
    let mut played = Vec::new();
    let first = game.ask("show");
    turns.push(turn_of(&first).to_string());
    for _ in 0..200 {
        let legal = game.ask("legal");
        assert_eq!(legal[0], "ok");
        let Some(line) = legal.get(1).filter(|l| !l.starts_with("turn ")).cloned() else {
            break;
        };
        if line == "choose 0" && legal.iter().any(|l| l == "choose 3") {
            // A bid: 3, not Nil, so the hand is an ordinary one.
            let answer = game.ask("bid 3");
            assert_eq!(answer[0], "ok", "{answer:?}");
            played.extend(
                answer
                    .iter()
                    .filter_map(|l| l.strip_prefix("played: ").map(str::to_string)),
            );
            turns.push(turn_of(&answer).to_string());
            continue;
        }
        if line.starts_with("choose") {
            // The hand is over: "Next hand" is the only choice.
            break;
        }
        assert!(line.starts_with("play "), "{line}");
        let seat = turn_of(&legal).to_string();
        let show = game.ask("show");
        let card = &line["play ".len()..];
        assert!(
            hand_line(&show, &seat)
                .split_whitespace()
                .any(|t| t == card),
            "{seat} is shown its own hand with {card}: {show:?}"
        );
        let answer = game.ask(&line);
        assert_eq!(answer[0], "ok", "{line} is accepted as typed: {answer:?}");
        assert!(
            answer
                .iter()
                .any(|l| l == &format!("played: {seat} plays {card}")),
            "{answer:?}"
        );
        played.extend(
            answer
                .iter()
                .filter_map(|l| l.strip_prefix("played: ").map(str::to_string)),
        );
        turns.push(turn_of(&answer).to_string());
    }
    (turns, played)
}

#[test]
fn a_script_plays_south_and_north_and_the_bots_east_and_west() {
    let data = data_dir_with_spades();
    let mut game = Game::start(
        data.path(),
        &[
            "play",
            "spades-easy",
            "--seed",
            "5",
            "--headless",
            "--seats",
            "S,N",
        ],
    );
    let (turns, played) = play_a_hand(&mut game);
    let asked: std::collections::BTreeSet<&str> = turns.iter().map(String::as_str).collect();
    assert!(
        asked.contains("South") && asked.contains("North"),
        "{asked:?}"
    );
    assert!(
        asked.iter().all(|s| ["South", "North", "-"].contains(s)),
        "only the script's seats are its turn: {asked:?}"
    );
    assert_eq!(
        played.len(),
        52,
        "every card of the hand is reported: {played:?}"
    );
    for seat in ["South", "West", "North", "East"] {
        let n = played.iter().filter(|p| p.starts_with(seat)).count();
        assert_eq!(n, 13, "{seat} played 13 cards");
    }
    let show = game.ask("show");
    assert_eq!(turn_of(&show), "-", "between hands nobody is to act");
    let status = show
        .iter()
        .find(|l| l.starts_with("code "))
        .expect("status");
    assert!(status.contains(" last "), "{status}");
    assert!(
        status.contains("won_by_"),
        "the last trick names its winner: {status}"
    );
}

#[test]
fn with_all_seats_the_script_plays_every_card() {
    let data = data_dir_with_spades();
    let mut game = Game::start(
        data.path(),
        &[
            "play",
            "spades-easy",
            "--seed",
            "8",
            "--headless",
            "--seats",
            "all",
        ],
    );
    let (turns, played) = play_a_hand(&mut game);
    for seat in ["South", "West", "North", "East"] {
        assert!(
            turns.iter().any(|t| t == seat),
            "{seat} was the script's: {turns:?}"
        );
    }
    assert_eq!(played.len(), 52);
}

#[test]
fn json_answers_say_whose_turn_and_report_cards_played() {
    let data = data_dir_with_spades();
    let out = run_in(
        data.path(),
        &[
            "play",
            "spades-easy",
            "--seed",
            "5",
            "--headless",
            "--json",
            "--seats",
            "N",
        ],
        "show\nbid 2\n",
    );
    let text = String::from_utf8_lossy(&out.stdout);
    let answers: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).expect("one JSON object a line"))
        .collect();
    assert_eq!(answers[0]["turn"], "North", "{text}");
    let events = answers[1]["events"].as_array().expect("events");
    let played: Vec<&str> = events
        .iter()
        .filter(|e| e["Log"]["kind"] == "played")
        .filter_map(|e| e["Log"]["text"].as_str())
        .collect();
    assert!(!played.is_empty(), "the bots' cards are reported: {text}");
}

#[test]
fn a_seat_that_is_not_one_is_refused_before_the_game() {
    let data = data_dir_with_spades();
    let out = run_in(
        data.path(),
        &["play", "spades", "--headless", "--seats", "S,Q"],
        "show\n",
    );
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("seats") && err.contains("'Q' is not a seat"),
        "{err}"
    );
}

/// Pagat's side on 337 with 7 bags, bid 5, with 7 tricks taken; South leads the last trick.
const PAGAT: &str = "Hand: 6\nDealer: West\nScores: 337 250\nBags: 7 3\nSouth: AS\nWest: 2H\nNorth: 3H\nEast: 4H\nBids: North 3, East 4, South 2, West 4\nTricks: South 4, West 3, North 3, East 2\nBroken: yes\nTurn: South\n";

#[test]
fn a_position_file_is_played_from_headless() {
    // SPD-BAGS: the eighth trick is the tenth bag: 337 + 53 - 100 = 290 with 0 bags.
    let data = data_dir_with_spades();
    let file = data.path().join("pagat.txt");
    std::fs::write(&file, PAGAT).expect("writes the position");
    let path = file.to_str().expect("a UTF-8 path");
    let out = run_in(
        data.path(),
        &["play", "spades", "--headless", "--position", path],
        "play AS\nquit\n",
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(text.contains("→ 290, 0 bags"), "{text}");
    // A broken file is refused with its line.
    std::fs::write(&file, PAGAT.replace("West: 2H", "West: AS")).expect("writes");
    let out = run_in(
        data.path(),
        &["play", "spades", "--headless", "--position", path],
        "quit\n",
    );
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("line 6: AS is also in South's hand (line 5)"),
        "{err}"
    );
}

#[test]
fn a_dealt_position_plays_back_as_the_same_table() {
    let data = data_dir_with_spades();
    let out = run_in(
        data.path(),
        &["deal", "SPD-P4S-AAAAAAD", "--format", "position"],
        "",
    );
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        text.contains("\nSouth: ") && text.contains("\nDealer: "),
        "{text}"
    );
    let file = data.path().join("deal.txt");
    std::fs::write(&file, &text).expect("writes");
    let path = file.to_str().expect("a UTF-8 path");
    let shown = run_in(
        data.path(),
        &["play", "spades", "--headless", "--position", path],
        "show\nquit\n",
    );
    let from_file = String::from_utf8_lossy(&shown.stdout).to_string();
    let dealt = run_in(
        data.path(),
        &["play", "spades", "--headless", "--seed", "3"],
        "show\nquit\n",
    );
    let from_code = String::from_utf8_lossy(&dealt.stdout).to_string();
    // South's hand, as the table lists it, is the same either way.
    let hand = |t: &str| {
        t.lines()
            .find(|l| l.trim_start().starts_with("South"))
            .map(str::to_string)
    };
    assert!(hand(&from_file).is_some(), "{from_file}");
    assert_eq!(
        hand(&from_file),
        hand(&from_code),
        "{from_file}\n{from_code}"
    );
}
