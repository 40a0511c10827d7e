//! End to end: `felt autoplay` of a game of several seats, with the real binary and the real
//! Spades plugin, through the one hint loop: the table counts each side's wins and says how
//! the other games ended, and `--against` compares the facts the ruleset states.

use crate::common::{data_dir_with, run_in};

#[test]
fn a_game_of_several_seats_is_played_by_hints_seat_by_seat_and_every_game_ends() {
    let data = data_dir_with("felt_spades");
    let out = run_in(
        data.path(),
        &["autoplay", "spades", "--games", "1", "--seats", "N,S"],
        "",
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        text.contains("by hints (the host's advisor, through a session): spades"),
        "{text}"
    );
    assert!(text.contains(" of 1 games: "), "{text}");
    assert!(
        text.contains("0 at the cap of 5000 actions, 0 refused"),
        "{text}"
    );
    assert!(
        text.contains("hints that returned to a table already on the line: 0"),
        "{text}"
    );
    // The per-game line gives the score the ruleset keeps for the records.
    assert!(text.contains("  score "), "{text}");
}

#[test]
fn against_compares_the_win_rate_and_the_facts_the_ruleset_states() {
    let data = data_dir_with("felt_spades");
    let out = run_in(
        data.path(),
        &[
            "autoplay",
            "spades",
            "--games",
            "1",
            "--seats",
            "N=normal,E=normal,W=normal",
            "--against",
            "S=rules",
        ],
        "",
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(text.contains("1 paired games of spades"), "{text}");
    assert!(text.contains("points of win rate"), "{text}");
    // Spades states its points a hand as a fact; the host reads no status key for it.
    assert!(text.contains("Points a hand (1 games): as set "), "{text}");
}
