//! What the app tells the records of a game given up and of help: a confirmed new deal
//! abandons the game left before the next one opens, the launcher's choice is given up at
//! once (and a refusal is shown), and a game the demo moved in, or one where a followed hint
//! counts as help, is reported assisted.

use crate::common::*;
use felt_core::Session;
use felt_tui::{App, Observer, SavedGame, Start, VariantStats};
use std::cell::RefCell;
use std::rc::Rc;

const CODE: &str = "SP1-S1C-AAAAAAD";

/// What the app told the observer, in order.
type Told = Rc<RefCell<Vec<String>>>;

/// Writes down every word of the app, and answers the running total with the games it was
/// told were abandoned, so the screen shows whether the total was asked before or after.
struct Ledger {
    told: Told,
    abandoned: i64,
    saved: Vec<SavedGame>,
    refuse_give_up: Option<String>,
}

impl Ledger {
    fn new() -> Ledger {
        Ledger {
            told: Told::default(),
            abandoned: 0,
            saved: Vec::new(),
            refuse_give_up: None,
        }
    }
}

impl Observer for Ledger {
    fn changed(&mut self, session: &Session, new_game: bool) -> Result<(), String> {
        let word = if new_game { "new" } else { "on" };
        self.told
            .borrow_mut()
            .push(format!("changed {} {word}", session.log().len()));
        Ok(())
    }

    fn abandoned(&mut self) -> Result<(), String> {
        self.abandoned += 1;
        self.told.borrow_mut().push("abandoned".into());
        Ok(())
    }

    fn give_up(&mut self, games: Vec<i64>) -> Result<(), String> {
        self.told.borrow_mut().push(format!("give up {games:?}"));
        match &self.refuse_give_up {
            Some(why) => Err(why.clone()),
            None => Ok(()),
        }
    }

    fn assisted(&mut self) {
        self.told.borrow_mut().push("assisted".into());
    }

    fn saved_games(&mut self) -> Result<Vec<SavedGame>, String> {
        Ok(self.saved.clone())
    }

    fn running_total(&mut self, _variant: &str) -> Option<i64> {
        Some(self.abandoned)
    }
}

fn watched(mut app: App, ledger: Ledger) -> (App, Told) {
    let told = ledger.told.clone();
    app.set_observer(Box::new(ledger));
    (app, told)
}

fn note(app: &App) -> Option<String> {
    app.game().and_then(|g| g.note()).map(|n| n.text.clone())
}

#[test]
fn a_confirmed_new_deal_abandons_the_game_left_before_the_next_one_opens() {
    let (mut app, told) = watched(playing(CODE), Ledger::new());
    keys(&mut app, "d");
    keys(&mut app, "n");
    assert!(
        !told.borrow().contains(&"abandoned".to_string()),
        "asked first"
    );
    keys(&mut app, "y");
    assert_eq!(
        *told.borrow(),
        ["changed 1 new", "abandoned", "changed 0 new"]
    );
    // The new deal's running total was asked after the game left was given up.
    assert_eq!(note(&app).as_deref(), Some("Running total: 1"));
    // A new deal with no move made gives nothing up (there is nothing to lose).
    keys(&mut app, "n");
    let abandoned = told.borrow().iter().filter(|t| *t == "abandoned").count();
    assert_eq!(abandoned, 1, "{:?}", told.borrow());
}

#[test]
fn the_launchers_new_game_gives_up_the_kept_game_at_once_or_says_why_not() {
    let saved = SavedGame {
        id: 12,
        variant: "spider-1suit".into(),
        rules: "classic".into(),
        code: CODE.into(),
        moves: 3,
        started: "2 h ago".into(),
    };
    let mut ledger = Ledger::new();
    ledger.saved = vec![saved.clone()];
    let (mut app, told) = watched(launcher(), ledger);
    keys(&mut app, "j⏎n");
    assert!(app.game().is_some_and(|g| g.session().log().is_empty()));
    assert_eq!(*told.borrow(), ["give up [12]"], "before any move");

    let mut ledger = Ledger::new();
    ledger.saved = vec![saved];
    ledger.refuse_give_up = Some("game #12 is open in another felt".into());
    let (mut app, _) = watched(launcher(), ledger);
    keys(&mut app, "j⏎n");
    assert_eq!(
        note(&app).as_deref(),
        Some("The game kept was not given up: game #12 is open in another felt")
    );
}

#[test]
fn a_game_the_demo_moved_in_is_reported_assisted_and_a_new_deal_is_not() {
    let (mut app, told) = watched(playing(CODE), Ledger::new());
    keys(&mut app, "p");
    let until = std::time::Instant::now() + std::time::Duration::from_secs(120);
    while app.game().is_some_and(|g| g.session().log().is_empty()) {
        assert!(std::time::Instant::now() < until, "the demo made no move");
        std::thread::sleep(std::time::Duration::from_millis(5));
        app.tick();
    }
    keys(&mut app, "⎋");
    assert!(app.game().is_some_and(|g| g.assisted()));
    assert_eq!(told.borrow()[..2], ["assisted", "changed 1 new"]);
    told.borrow_mut().clear();
    keys(&mut app, "ny");
    keys(&mut app, "d");
    assert_eq!(
        *told.borrow(),
        ["abandoned", "changed 0 new", "changed 1 on"],
        "the player's own"
    );
}

/// Asks for a hint and plays it as a player would; returns whether it was played.
fn follow_hint(app: &mut App) {
    keys(app, "H");
    settle(app);
    let hint = note(app).expect("a hint");
    match hint.rsplit(' ').next().and_then(|n| n.parse::<u8>().ok()) {
        Some(to) => keys(app, &format!("⏎{}", to % 10)),
        None => keys(app, "d"),
    }
    assert_eq!(
        app.game().map(|g| g.session().log().len()),
        Some(1),
        "{hint} was played"
    );
}

#[test]
fn a_followed_hint_is_help_only_where_the_player_counts_hints_so() {
    // Hints not counted (the default): the game stays the player's own.
    let (mut app, told) = watched(playing(CODE), Ledger::new());
    follow_hint(&mut app);
    assert!(!told.borrow().contains(&"assisted".to_string()));
    assert!(app.game().is_some_and(|g| !g.assisted()));

    // Counted, in the settings file.
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("tui.toml");
    std::fs::write(&path, "hints_assist = true\n").expect("settings");
    let app = App::new(
        catalog(),
        theme(),
        Some(path),
        Some(Start::Code(CODE.into())),
        7,
    )
    .expect("app");
    let (mut app, told) = watched(app, Ledger::new());
    follow_hint(&mut app);
    assert_eq!(*told.borrow(), ["assisted", "changed 1 new"]);

    // A hint seen but another move played is no help taken.
    let app = App::new(
        catalog(),
        theme(),
        Some(dir.path().join("tui.toml")),
        Some(Start::Code(CODE.into())),
        7,
    )
    .expect("app");
    let (mut app, told) = watched(app, Ledger::new());
    keys(&mut app, "H");
    settle(&mut app);
    assert!(
        note(&app).is_some_and(|n| !n.contains("deal")),
        "a move hinted"
    );
    keys(&mut app, "d");
    assert_eq!(*told.borrow(), ["changed 1 new"]);
}

#[test]
fn the_statistics_screen_shows_assisted_games_apart() {
    let stats = VariantStats {
        variant: "spider-1suit".into(),
        played: 2,
        won: 1,
        lost: 1,
        assisted_played: 3,
        assisted_won: 2,
        ..VariantStats::default()
    };
    struct Stats(VariantStats);
    impl Observer for Stats {
        fn changed(&mut self, _: &Session, _: bool) -> Result<(), String> {
            Ok(())
        }
        fn statistics(&mut self) -> Result<Vec<VariantStats>, String> {
            Ok(vec![self.0.clone()])
        }
    }
    let mut app = launcher();
    app.set_observer(Box::new(Stats(stats)));
    keys(&mut app, "s");
    let mut term = screen(80, 24);
    draw(&mut term, &mut app);
    let shown = text(&term);
    assert!(
        shown.contains("Assisted         3 games, 2 won: the demo or hints helped"),
        "{shown}"
    );
    assert!(shown.contains("counted apart (Assisted)"), "{shown}");
}
