//! The list of past games on the statistics screen: what it shows at 80×24 and 120×40, how it
//! scrolls, and the commands it gives for the selected game. An in-memory observer stands in
//! for the binary's database.

mod common;

use common::*;
use felt_core::Session;
use felt_tui::input::Mode;
use felt_tui::{App, Observer, Outcome, PastGame, VariantStats};
use std::cell::RefCell;
use std::rc::Rc;
use std::time::Duration;

/// What the list asked the observer for: the variant and how many games at most.
type Asked = Rc<RefCell<Vec<(String, usize)>>>;

/// Statistics of one variant and its games, newest first; remembers what it was asked for.
struct Archive {
    games: Vec<PastGame>,
    asked: Asked,
}

impl Observer for Archive {
    fn changed(&mut self, _: &Session, _: bool) -> Result<(), String> {
        Ok(())
    }

    fn statistics(&mut self) -> Result<Vec<VariantStats>, String> {
        Ok(vec![VariantStats {
            variant: "spider-1suit".into(),
            played: self.games.len() as u64,
            ..VariantStats::default()
        }])
    }

    fn games(&mut self, variant: &str, limit: usize) -> Result<Vec<PastGame>, String> {
        self.asked.borrow_mut().push((variant.to_string(), limit));
        Ok(self.games.iter().take(limit).cloned().collect())
    }
}

fn letter(k: i64) -> char {
    char::from(b'A' + (k % 26) as u8)
}

/// `n` games numbered `n` down to 1, with a few of each outcome, some without a clock.
fn games(n: i64) -> Vec<PastGame> {
    (1..=n)
        .rev()
        .map(|id| {
            let outcome = match id % 4 {
                0 => Outcome::Won,
                1 => Outcome::Lost,
                2 => Outcome::Abandoned,
                _ => Outcome::Won,
            };
            let outcome = if id == n { Outcome::Playing } else { outcome };
            PastGame {
                id,
                code: format!("SP1-S1C-AAAAA{}{}", letter(id / 26), letter(id)),
                outcome,
                score: Some(400 + id * 17 % 600),
                moves: (30 + id * 7 % 140) as u32,
                played: (id % 5 != 0).then(|| Duration::from_secs((id * 97 % 1500) as u64)),
                started: format!("2026-11-{:02} {:02}:{:02}", 1 + id % 28, id % 24, id % 60),
            }
        })
        .collect()
}

fn with_games(n: i64) -> (App, Asked) {
    let asked = Rc::default();
    let mut app = launcher();
    app.set_observer(Box::new(Archive {
        games: games(n),
        asked: Rc::clone(&asked),
    }));
    keys(&mut app, "s⏎");
    (app, asked)
}

fn shot(app: &mut App, w: u16, h: u16) -> String {
    let mut term = screen(w, h);
    draw(&mut term, app);
    text(&term)
}

fn selected(app: &App) -> Option<i64> {
    app.stats()
        .and_then(|s| s.games())
        .and_then(|l| l.selected())
        .map(|g| g.id)
}

#[test]
fn enter_on_the_statistics_lists_the_variants_games_at_80x24() {
    let (mut app, asked) = with_games(30);
    assert_eq!(app.mode(), Mode::Stats);
    assert_eq!(
        asked.borrow()[0],
        (
            "spider-1suit".to_string(),
            felt_tui::games_list::GAMES_SHOWN
        )
    );
    insta::assert_snapshot!(shot(&mut app, 80, 24));
}

#[test]
fn the_list_at_120x40() {
    let (mut app, _) = with_games(30);
    keys(&mut app, "jjj");
    insta::assert_snapshot!(shot(&mut app, 120, 40));
}

#[test]
fn a_narrow_screen_drops_columns_but_keeps_the_number_and_code() {
    let (mut app, _) = with_games(3);
    let text = shot(&mut app, 48, 12);
    assert!(!text.contains("STARTED"), "{text}");
    assert!(text.contains("#  CODE"), "{text}");
    assert!(text.contains("SP1-S1C-AAAAAAD"), "{text}");
}

#[test]
fn arrows_scroll_the_list_and_the_footer_names_the_selected_game() {
    let (mut app, _) = with_games(30);
    let first = |app: &App| app.stats().and_then(|s| s.games()).map(|l| l.first_shown());
    assert_eq!(selected(&app), Some(30), "newest first");
    shot(&mut app, 80, 24);
    // 24 lines leave 18 for games: the 18th down is the last one on screen.
    keys(&mut app, &"j".repeat(17));
    assert_eq!(selected(&app), Some(13));
    assert_eq!(shot(&mut app, 80, 24).lines().count(), 24);
    assert_eq!(first(&app), Some(0));
    keys(&mut app, "j");
    let text = shot(&mut app, 80, 24);
    assert_eq!(first(&app), Some(1), "one line on, not a page");
    assert!(
        text.contains("Game 12: felt replay --id 12 · felt export 12 FILE"),
        "{text}"
    );
    keys(&mut app, "k");
    shot(&mut app, 80, 24);
    assert_eq!(first(&app), Some(1), "the selection is still in sight");
    keys(&mut app, "G");
    shot(&mut app, 80, 24);
    assert_eq!(selected(&app), Some(1));
    assert_eq!(first(&app), Some(12));
    keys(&mut app, "j");
    assert_eq!(selected(&app), Some(1), "stops at the oldest");
    keys(&mut app, "g");
    assert_eq!(selected(&app), Some(30));
}

#[test]
fn page_keys_move_by_what_the_screen_shows() {
    let (mut app, _) = with_games(30);
    shot(&mut app, 80, 24);
    let page = |app: &mut App, code| {
        app.handle(&key_event(code), now());
    };
    page(&mut app, crossterm::event::KeyCode::PageDown);
    assert_eq!(selected(&app), Some(12));
    page(&mut app, crossterm::event::KeyCode::PageDown);
    assert_eq!(selected(&app), Some(1));
    page(&mut app, crossterm::event::KeyCode::PageUp);
    assert_eq!(selected(&app), Some(19));
}

#[test]
fn esc_goes_back_to_the_statistics_then_to_the_launcher() {
    let (mut app, _) = with_games(5);
    keys(&mut app, "⎋");
    assert_eq!(app.mode(), Mode::Stats);
    assert!(app.stats().is_some_and(|s| s.games().is_none()));
    assert!(shot(&mut app, 80, 24).contains("Enter games"));
    keys(&mut app, "⎋");
    assert_eq!(app.mode(), Mode::Launcher);
}

#[test]
fn a_variant_without_games_says_so() {
    let (mut app, _) = with_games(0);
    let text = shot(&mut app, 80, 24);
    assert!(
        text.contains("No game of this variant recorded yet."),
        "{text}"
    );
}
