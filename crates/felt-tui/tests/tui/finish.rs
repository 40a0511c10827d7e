//! The finish window as a player reads it: the time, the moves and the score beside the best
//! before this game, which of them this game beat, none of the status bar's in-play items, and
//! no word of the demo left under it.

use crate::common::*;
use felt_tui::game::Overlay;
use felt_tui::{App, Bests};
use std::time::{Duration, Instant};

/// An observer that keeps no records but knows the variant's bests.
struct Records(Bests);

impl felt_tui::Observer for Records {
    fn changed(&mut self, _: &felt_core::Session, _: bool) -> Result<(), String> {
        Ok(())
    }

    fn bests(&mut self, _: &str) -> Option<Bests> {
        Some(self.0)
    }
}

fn shot(app: &mut App, w: u16, h: u16) -> String {
    let mut term = screen(w, h);
    draw(&mut term, app);
    text(&term)
}

fn one_move_from_winning(bests: Bests) -> App {
    let mut app = position(ONE_MOVE_FROM_WINNING);
    app.set_observer(Box::new(Records(bests)));
    app
}

#[test]
fn a_win_shows_time_moves_and_score_beside_the_bests_and_which_it_beat() {
    let mut app = one_move_from_winning(Bests {
        score: Some(560),
        moves: Some(140),
        time: Some(Duration::from_secs(300)),
    });
    keys(&mut app, "21");
    let small = shot(&mut app, 80, 24);
    assert!(
        small.contains("Score  599   best before 560   new best!"),
        "{small}"
    );
    assert!(
        small.contains("Moves    1   best before 140   new best!"),
        "{small}"
    );
    // A clock that never ran (one move, at once) beats no time.
    assert!(
        small.contains("Time  0:00   best before 5:00") && !small.contains("5:00   new best"),
        "{small}"
    );
    // Runs, stock and deals say how play stands: nothing once the game is over.
    let window: String = small.lines().skip(8).take(9).collect();
    assert!(
        !window.contains("Runs") && !window.contains("Deals"),
        "{small}"
    );
    insta::assert_snapshot!("won_80x24", small);
    insta::assert_snapshot!("won_120x40", shot(&mut app, 120, 40));
}

#[test]
fn a_first_win_is_a_best_and_without_records_no_best_is_claimed() {
    let mut app = one_move_from_winning(Bests::default());
    keys(&mut app, "21");
    let first = shot(&mut app, 80, 24);
    assert!(first.contains("best before -   new best!"), "{first}");
    let mut app = position(ONE_MOVE_FROM_WINNING);
    keys(&mut app, "21");
    let unknown = shot(&mut app, 80, 24);
    assert!(
        unknown.contains("Score 599") && !unknown.contains("best"),
        "{unknown}"
    );
}

#[test]
fn a_game_the_demo_won_leaves_no_demo_words_under_the_finish() {
    let mut app = one_move_from_winning(Bests::default());
    keys(&mut app, "p");
    let until = Instant::now() + Duration::from_secs(60);
    while app.game().and_then(|g| g.overlay()) != Some(Overlay::Finish) && Instant::now() < until {
        std::thread::sleep(Duration::from_millis(2));
        app.tick();
    }
    let screen = shot(&mut app, 80, 24);
    assert!(screen.contains("You won!"), "{screen}");
    assert!(!screen.contains("Demo"), "{screen}");
    assert!(
        screen.contains("Played with help: it sets no best"),
        "{screen}"
    );
    assert!(!screen.contains("new best"), "{screen}");
}
