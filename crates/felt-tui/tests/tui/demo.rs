//! The demo (`p`): the bot plays the game on screen a move at a time, the status bar says so,
//! and any key stops it. Offered only where the ruleset gives hints.

use crate::common::*;
use std::time::{Duration, Instant};

fn shot(app: &mut felt_tui::App, w: u16, h: u16) -> String {
    let mut term = screen(w, h);
    draw(&mut term, app);
    text(&term)
}

fn moves(app: &felt_tui::App) -> usize {
    app.game().map_or(0, |g| g.session().log().len())
}

/// Ticks as the terminal loop does when no key comes, until `done` or a generous deadline
/// (hints are searched on a background thread).
fn tick_until(app: &mut felt_tui::App, done: impl Fn(&felt_tui::App) -> bool) {
    let until = Instant::now() + Duration::from_secs(120);
    while !done(app) && Instant::now() < until {
        std::thread::sleep(Duration::from_millis(2));
        app.tick();
    }
}

#[test]
fn the_demo_plays_moves_says_so_and_any_key_stops_it() {
    let mut app = playing("SP1-S1C-AAAAAAD");
    assert!(!shot(&mut app, 80, 24).contains(felt_tui::demo::DEMO_WORDS));
    keys(&mut app, "p");
    assert!(app.game().is_some_and(|g| g.demo_running()));
    let bar = shot(&mut app, 80, 24);
    assert!(
        bar.contains(felt_tui::demo::DEMO_WORDS),
        "the status bar says the demo runs:\n{bar}"
    );
    tick_until(&mut app, |a| moves(a) >= 3);
    assert!(moves(&app) >= 3, "the demo played moves");
    // Every move is on the game's line with no table twice.
    let tables = app
        .game()
        .map(|g| g.session().tables().to_vec())
        .unwrap_or_default();
    let mut distinct = tables.clone();
    distinct.sort_unstable();
    distinct.dedup();
    assert_eq!(distinct.len(), tables.len());
    // Any key stops it, and does nothing else: `j` would move the cursor.
    let cursor = app.game().map(|g| g.cursor());
    keys(&mut app, "j");
    assert!(app.game().is_some_and(|g| !g.demo_running()));
    assert_eq!(app.game().map(|g| g.cursor()), cursor);
    let stopped = moves(&app);
    for _ in 0..50 {
        std::thread::sleep(Duration::from_millis(2));
        app.tick();
    }
    assert_eq!(moves(&app), stopped, "no move after the key");
    assert!(!shot(&mut app, 80, 24).contains(felt_tui::demo::DEMO_WORDS));
}

#[test]
fn the_demos_first_move_is_the_hint() {
    let mut demo = playing("SP1-S1C-AAAAAAD");
    keys(&mut demo, "p");
    tick_until(&mut demo, |a| moves(a) >= 1);
    let played = demo.game().and_then(|g| g.session().log().first().cloned());
    let mut hinted = playing("SP1-S1C-AAAAAAD");
    keys(&mut hinted, "H");
    settle(&mut hinted);
    // The hint's source is under the cursor; its text names the same move the demo played.
    let note = hinted.game().and_then(|g| g.note()).map(|n| n.text.clone());
    let demo_note = demo.game().and_then(|g| g.note()).map(|n| n.text.clone());
    assert!(played.is_some());
    assert_eq!(
        note.map(|n| n.replacen("Hint: ", "", 1)),
        demo_note.map(|n| n.replacen("Demo: ", "", 1)),
    );
}

#[test]
fn the_demo_is_in_the_help_only_where_the_game_gives_hints() {
    let demo_line = |screen: &str| screen.lines().any(|l| l.contains("demo: the bot plays"));
    let mut app = toy(true);
    keys(&mut app, "?");
    assert!(demo_line(&shot(&mut app, 100, 40)));
    let mut app = toy(false);
    keys(&mut app, "?");
    assert!(!demo_line(&shot(&mut app, 100, 40)));
    // Asked anyway, it says why not.
    keys(&mut app, "⎋p");
    assert!(app.game().is_some_and(|g| !g.demo_running()));
    let note = app.game().and_then(|g| g.note()).map(|n| n.text.clone());
    assert!(note.is_some_and(|n| n.contains("no hints")));
}
