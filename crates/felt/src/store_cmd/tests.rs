//! The statistics tables `felt stats` prints.

use super::*;
use felt_store::VariantStats;

#[test]
fn a_recorded_variant_id_of_any_length_fits_the_statistics_table() {
    // A width argument above 65,535 panicked, and the record stays for good.
    let stats = VariantStats {
        variant: "v".repeat(70_000),
        played: 1,
        lost: 1,
        ..VariantStats::default()
    };
    let lines = stats_table(&[stats]);
    let row = lines.get(1).expect("a row for the variant");
    assert!(row.starts_with(&format!("{}…", "v".repeat(39))), "{row}");
    assert!(row.chars().count() < 200, "{row}");
}

#[test]
fn only_a_score_that_runs_on_has_its_total_shown() {
    let stats = |variant: &str, total| VariantStats {
        variant: variant.into(),
        score_total: total,
        ..VariantStats::default()
    };
    let all = [
        stats("vegas", Some(-47)),
        stats("classic", Some(900)),
        stats("vegas-unplayed", None),
    ];
    let lines = running_totals(&all, |v| v.starts_with("vegas"));
    assert_eq!(lines.last().map(String::as_str), Some("  vegas  -47"));
    assert_eq!(lines.len(), 3);
    assert!(running_totals(&all, |_| false).is_empty());
}

#[test]
fn the_facts_a_ruleset_states_follow_the_table() {
    let fact = |key: &str, label: &str, summary, total, out_of| felt_core::FactSummary {
        key: key.into(),
        label: label.into(),
        summary,
        games: 3,
        total,
        out_of,
        nonzero: 2,
    };
    let stats = VariantStats {
        variant: "trick".into(),
        played: 3,
        won: 2,
        lost: 1,
        facts: vec![
            fact("made", "Bids made", felt_core::Summary::Rate, 5, 8),
            fact("pts", "Points a hand", felt_core::Summary::Mean, 83, 20),
        ],
        ..VariantStats::default()
    };
    let lines = stats_table(&[stats]);
    let tail: Vec<&str> = lines
        .iter()
        .rev()
        .take(3)
        .rev()
        .map(String::as_str)
        .collect();
    assert_eq!(
        tail,
        [
            "trick, over 3 finished games:",
            "  Bids made      62.5% (5 of 8)",
            "  Points a hand  4.2 (over 20)"
        ]
    );
}

#[test]
fn the_games_list_shows_each_time_and_a_dash_for_a_game_without_a_clock() {
    let game = |id: i64, played: Option<std::time::Duration>| felt_store::GameSummary {
        id: GameId(id),
        variant: "spider-1suit".into(),
        ruleset: "spider".into(),
        rules: "classic".into(),
        code: "SP1-S1C-AAAAAAD".into(),
        started: felt_store::Timestamp(1_740_832_200),
        finished: None,
        result: felt_store::GameResult::Playing,
        score: Some(480),
        moves: 20,
        actions: 20,
        played,
        assisted: id == 3,
    };
    let lines = games_table(&[
        game(3, None),
        game(2, Some(std::time::Duration::from_secs(754))),
        game(1, None),
    ]);
    // A game played with help says so beside its result.
    assert!(lines[1].contains("playing, assisted"), "{lines:?}");
    let lines: Vec<String> = [&lines[..1], &lines[2..]].concat();
    assert!(lines[0].ends_with("MOVES   TIME  STARTED"), "{lines:?}");
    // Started on the player's own clock, to the minute, as the statistics screen says it.
    let local = felt_tui::local_time::local_minute(1_740_832_200).expect("a time in range");
    assert!(
        lines[1].ends_with(&format!(" 20  12:34  {local}")),
        "{lines:?}"
    );
    assert!(
        lines[2].ends_with(&format!(" 20      —  {local}")),
        "{lines:?}"
    );
}

#[test]
fn games_played_with_help_are_listed_apart_under_the_table() {
    let own = VariantStats {
        variant: "plain".into(),
        played: 2,
        won: 2,
        ..VariantStats::default()
    };
    let helped = VariantStats {
        variant: "helped".into(),
        played: 1,
        won: 0,
        lost: 1,
        assisted: felt_store::Assisted {
            played: 3,
            won: 2,
            lost: 1,
        },
        ..VariantStats::default()
    };
    let lines = stats_table(&[own.clone(), helped]);
    let at = lines
        .iter()
        .position(|l| l.starts_with("Assisted games"))
        .expect("the block is there");
    assert_eq!(
        lines[at + 2],
        "  helped  3 played, 2 won, 1 lost",
        "{lines:?}"
    );
    assert!(
        !lines.iter().any(|l| l.starts_with("  plain  ")),
        "{lines:?}"
    );
    // The row counts the player's own games only.
    assert!(
        lines[2].starts_with("helped        1    0     1"),
        "{lines:?}"
    );
    assert!(stats_table(&[own])
        .iter()
        .all(|l| !l.starts_with("Assisted")));
}
