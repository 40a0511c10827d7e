//! End to end: `felt play spades --headless --seats …` with the real binary and the real
//! Spades plugin. The script plays the seats it names, felt's computer players the rest;
//! every answer says whose turn it is, `legal` lines are typed back as they are, and every
//! card anyone plays is reported.

mod common;

use common::{data_dir_with, run, Game};

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
    let out = run(
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
    let out = run(
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
