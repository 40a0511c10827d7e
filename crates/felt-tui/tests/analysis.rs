//! The solver in the terminal: `H` shows the best honest move with its source and target
//! marked, again for the next best; `w` turns on the live status, which says it peeks.

mod common;

use common::*;
use std::time::{Duration, Instant};

fn shot(app: &mut felt_tui::App) -> String {
    let mut term = screen(100, 30);
    draw(&mut term, app);
    text(&term)
}

fn note(app: &felt_tui::App) -> Option<String> {
    app.game().and_then(|g| g.note()).map(|n| n.text.clone())
}

/// The columns marked as targets: an accepting column's label is drawn as `[n]`.
fn marked_targets(screen: &str) -> Vec<String> {
    screen
        .split_whitespace()
        .filter(|w| {
            w.len() > 2
                && w.starts_with('[')
                && w.ends_with(']')
                && w[1..w.len() - 1].chars().all(|c| c.is_ascii_digit())
        })
        .map(str::to_string)
        .collect()
}

#[test]
fn a_hint_marks_where_the_cards_go_and_asking_again_gives_the_next_best() {
    let mut app = playing("SP1-S4C-AAAAAAB");
    assert!(marked_targets(&shot(&mut app)).is_empty());
    keys(&mut app, "H");
    let first = note(&app).expect("a hint");
    assert!(first.starts_with("Hint: "), "{first}");
    let targets = marked_targets(&shot(&mut app));
    assert_eq!(targets.len(), 1, "one target marked: {targets:?}");
    keys(&mut app, "H");
    let second = note(&app).expect("a second hint");
    assert_ne!(first, second, "the second hint is the next best");
    // Moving on clears the marks: they belong to the hint just given.
    keys(&mut app, "j");
    assert!(marked_targets(&shot(&mut app)).is_empty());
}

#[test]
fn the_live_status_is_off_by_default_and_says_that_it_peeks_when_on() {
    let mut app = playing("SP1-S1C-AAAAAAD");
    assert!(!shot(&mut app).contains("solver"));
    keys(&mut app, "w");
    assert!(note(&app).is_some_and(|n| n.contains("peeks")));
    // The answer comes from a background thread; the terminal loop ticks until it arrives.
    let until = Instant::now() + Duration::from_secs(120);
    let mut screen = shot(&mut app);
    while !screen.contains("solver (peeks): winnable") && Instant::now() < until {
        std::thread::sleep(Duration::from_millis(20));
        app.tick();
        screen = shot(&mut app);
    }
    assert!(screen.contains("solver (peeks): winnable"), "{screen}");
    // After a move the old answer is not shown for the new position.
    keys(&mut app, "d");
    let after = shot(&mut app);
    assert!(after.contains("solver (peeks): thinking…"), "{after}");
    keys(&mut app, "w");
    assert!(!shot(&mut app).contains("solver"));
}
