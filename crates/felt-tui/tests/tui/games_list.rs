//! The list of past games on the statistics screen: what it shows at 80×24 and 120×40, how it
//! scrolls, the commands it gives for the selected game, and the replay Enter opens, which
//! comes back to the list. An in-memory observer stands in for the binary's database.

use crate::common::*;
use felt_core::{Action, Catalog, GameCode, Seat, Session};
use felt_tui::input::{Mode, Msg};
use felt_tui::{App, Flow, Observer, Outcome, PastGame, ReplayFrame, ReplayTape, VariantStats};
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

    /// Every game is the same few moves of one deal, but game 29's record is gone.
    fn replay(&mut self, id: i64, catalog: &Catalog) -> Result<ReplayTape, String> {
        if id == GONE {
            return Err(format!(
                "no game #{id} in the database: another felt removed it while the list was open"
            ));
        }
        let ruleset = catalog
            .build("spider-1suit", None)
            .map_err(|e| e.to_string())?;
        let code = GameCode::parse(DEAL).map_err(|e| e.to_string())?;
        let mut session = Session::new(ruleset, code, 100);
        let mut frames = vec![ReplayFrame {
            view: session.view(Seat::SOLO),
            action: None,
            status: session.status(),
        }];
        for _ in 0..4 {
            let legal = session.legal_actions();
            let Some(action) = legal.iter().find(|a| matches!(a, Action::Move { .. })) else {
                break;
            };
            let action = action.clone();
            session.act(&action).map_err(|v| v.message)?;
            frames.push(ReplayFrame {
                view: session.view(Seat::SOLO),
                action: Some(action),
                status: session.status(),
            });
        }
        Ok(ReplayTape {
            title: format!("Replay of game #{id} · Spider, one suit · in progress"),
            code: DEAL.into(),
            frames: Box::new(frames),
        })
    }
}

/// The deal of every replay the archive gives.
const DEAL: &str = "SP1-S1C-AAAAAAD";
/// The game whose record cannot be read.
const GONE: i64 = 29;

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
                assisted: false,
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
        text.contains("Game 12: Enter replays it here · felt replay --id 12 · felt export 12 FILE"),
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

#[test]
fn enter_on_a_game_opens_its_replay_at_80x24() {
    let (mut app, _) = with_games(30);
    keys(&mut app, "jj");
    assert_eq!(selected(&app), Some(28));
    keys(&mut app, "⏎");
    assert_eq!(app.mode(), Mode::Replay);
    keys(&mut app, "→→");
    assert_eq!(app.replay().map(|r| r.step()), Some(2));
    let text = shot(&mut app, 80, 24);
    assert!(text.contains("Replay of game #28"), "{text}");
    insta::assert_snapshot!(text);
}

#[test]
fn leaving_the_replay_comes_back_to_the_list_with_the_game_selected() {
    for leave in ["q", "⎋"] {
        let (mut app, _) = with_games(30);
        keys(&mut app, "jj⏎→");
        assert_eq!(app.mode(), Mode::Replay);
        keys(&mut app, leave);
        assert!(app.replay().is_none(), "{leave} leaves the viewer");
        assert_eq!(app.mode(), Mode::Stats);
        assert_eq!(selected(&app), Some(28), "{leave}: the same game selected");
        let text = shot(&mut app, 80, 24);
        assert!(text.contains("past games, newest first"), "{text}");
        // And the list goes on as before: Enter opens the replay again, Esc goes back.
        keys(&mut app, "⏎");
        assert_eq!(app.mode(), Mode::Replay);
        keys(&mut app, "q⎋");
        assert!(app.stats().is_some_and(|s| s.games().is_none()));
    }
}

#[test]
fn ctrl_c_in_a_replay_from_the_list_still_quits() {
    let (mut app, _) = with_games(3);
    keys(&mut app, "⏎");
    assert_eq!(app.mode(), Mode::Replay);
    assert_eq!(app.update(Msg::Quit), Flow::Quit);
}

#[test]
fn a_record_that_cannot_be_read_says_why_and_the_list_stays() {
    let (mut app, _) = with_games(30);
    keys(&mut app, "j⏎");
    assert_eq!(selected(&app), Some(GONE));
    assert_eq!(app.mode(), Mode::Stats);
    assert!(app.replay().is_none());
    // Too long for one line at 80 columns, the reason takes the blank line above too.
    let text = shot(&mut app, 80, 24);
    let lines: Vec<&str> = text.lines().collect();
    assert!(
        lines[21].starts_with(" Game 29 cannot be replayed: no game #29 in the database:"),
        "{text}"
    );
    assert!(lines[22].contains("while the list was open"), "{text}");
    assert!(
        lines[23].contains("Enter replay"),
        "the key bar stays: {text}"
    );
    app.update(Msg::Redraw);
    let wide = shot(&mut app, 120, 40);
    assert!(wide.contains("database: another felt removed it while the list was open"));
    keys(&mut app, "j");
    let text = shot(&mut app, 80, 24);
    assert!(
        !text.contains("cannot be replayed"),
        "gone with the next key"
    );
    assert!(text.contains("Game 28: Enter replays it here"), "{text}");
}

#[test]
fn without_a_store_the_list_says_no_game_is_kept() {
    // An observer that keeps no replays (the trait's default) answers with a reason too.
    struct Listing(Vec<PastGame>);
    impl Observer for Listing {
        fn changed(&mut self, _: &Session, _: bool) -> Result<(), String> {
            Ok(())
        }
        fn statistics(&mut self) -> Result<Vec<VariantStats>, String> {
            Ok(vec![VariantStats {
                variant: "spider-1suit".into(),
                played: 1,
                ..VariantStats::default()
            }])
        }
        fn games(&mut self, _: &str, _: usize) -> Result<Vec<PastGame>, String> {
            Ok(self.0.clone())
        }
    }
    let mut app = launcher();
    app.set_observer(Box::new(Listing(games(1))));
    keys(&mut app, "s⏎⏎");
    assert_eq!(app.mode(), Mode::Stats);
    assert!(shot(&mut app, 80, 24).contains("Game 1 cannot be replayed: game 1 is not kept"));
}
