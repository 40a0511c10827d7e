//! The replay playing by itself: Space plays and pauses, `+` and `-` set the speed, the key
//! bar says both, and the steps come on the terminal loop's ticks (the tests give the times).

use crate::common::*;
use crate::records::replaying;
use felt_tui::App;
use std::time::Duration;

fn shot(app: &mut App, w: u16, h: u16) -> String {
    let mut term = screen(w, h);
    draw(&mut term, app);
    text(&term)
}

fn step(app: &App) -> Option<usize> {
    app.replay().map(|r| r.step())
}

fn tick(app: &mut App, millis: u64) {
    app.tick_at(now() + Duration::from_millis(millis));
}

#[test]
fn space_plays_a_step_a_second_and_pauses() {
    let mut app = replaying();
    let paused = shot(&mut app, 80, 24);
    assert!(paused.contains("Space play  + - 1 step/s"), "{paused}");
    keys(&mut app, " ");
    tick(&mut app, 0);
    tick(&mut app, 900);
    assert_eq!(step(&app), Some(0), "not before a second");
    tick(&mut app, 1000);
    assert_eq!(step(&app), Some(1));
    tick(&mut app, 2000);
    assert_eq!(step(&app), Some(2));
    let playing = shot(&mut app, 80, 24);
    assert!(playing.contains("Space pause"), "{playing}");
    insta::assert_snapshot!("playing_80x24", playing);
    insta::assert_snapshot!("playing_120x40", shot(&mut app, 120, 40));
    keys(&mut app, " ");
    tick(&mut app, 5000);
    tick(&mut app, 9000);
    assert_eq!(step(&app), Some(2), "paused");
}

#[test]
fn plus_and_minus_change_the_speed_and_the_key_bar_says_it() {
    let mut app = replaying();
    keys(&mut app, "++");
    assert!(shot(&mut app, 80, 24).contains("+ - 4 steps/s"));
    keys(&mut app, " ");
    tick(&mut app, 0);
    tick(&mut app, 250);
    tick(&mut app, 500);
    assert_eq!(step(&app), Some(2));
    keys(&mut app, "----");
    assert!(shot(&mut app, 80, 24).contains("+ - 1 step/3s"));
}

#[test]
fn playing_stops_at_the_last_step_and_space_plays_again_from_the_deal() {
    let mut app = replaying();
    keys(&mut app, "G←");
    keys(&mut app, " ");
    tick(&mut app, 0);
    tick(&mut app, 1000);
    assert_eq!(step(&app), Some(8));
    assert!(
        app.replay().is_some_and(|r| !r.playing()),
        "paused at the end"
    );
    keys(&mut app, " ");
    assert_eq!(step(&app), Some(0));
    assert!(app.replay().is_some_and(|r| r.playing()));
}
