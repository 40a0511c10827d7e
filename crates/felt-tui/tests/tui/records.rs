//! The records as the interface shows them: "Continue" in the launcher, the statistics screen,
//! and the replay viewer. An in-memory observer stands in for the binary's database.

use crate::common::*;
use felt_core::{Action, Catalog, GameCode, Seat, Session};
use felt_tui::input::Mode;
use felt_tui::{
    App, Flow, Observer, Outcome, RecentGame, ReplayFrame, ReplayTape, SavedGame, Start,
    VariantStats,
};
use std::cell::RefCell;
use std::rc::Rc;
use std::time::Duration;

const CODE: &str = "SP1-S1C-AAAAAAD";

/// The first `n` moves of the deal `CODE`, each the first legal move (a deal when none).
fn opening(n: usize) -> Vec<Action> {
    let mut session = fresh();
    let mut played = Vec::new();
    for _ in 0..n {
        let legal = session.legal_actions();
        let action = legal
            .iter()
            .find(|a| matches!(a, Action::Move { .. }))
            .or(legal.first())
            .cloned()
            .expect("a legal action");
        session.act(&action).expect("legal");
        played.push(action);
    }
    played
}

fn fresh() -> Session {
    let ruleset = catalog().build("spider-1suit", None).expect("builds");
    Session::new(ruleset, GameCode::parse(CODE).expect("code"), 100)
}

fn after(actions: &[Action]) -> Session {
    let mut session = fresh();
    session.replay(actions).expect("replays");
    session
}

/// Every report the app made: the log's length and whether it was a new game.
type Reports = Rc<RefCell<Vec<(usize, bool)>>>;

/// Keeps games in memory as the binary's store does: saved games by their actions, and every
/// report the app makes.
struct Shelf {
    saved: Vec<(SavedGame, Vec<Action>)>,
    stats: Vec<VariantStats>,
    reports: Reports,
    /// What the launcher said the next new game gives up.
    given_up: Rc<RefCell<Option<Vec<i64>>>>,
}

impl Shelf {
    fn new(saved: Vec<(SavedGame, Vec<Action>)>) -> Shelf {
        Shelf {
            saved,
            stats: Vec::new(),
            reports: Rc::default(),
            given_up: Rc::default(),
        }
    }
}

impl Observer for Shelf {
    fn changed(&mut self, session: &Session, new_game: bool) -> Result<(), String> {
        self.reports
            .borrow_mut()
            .push((session.log().len(), new_game));
        Ok(())
    }

    fn saved_games(&mut self) -> Result<Vec<SavedGame>, String> {
        Ok(self.saved.iter().map(|(g, _)| g.clone()).collect())
    }

    fn give_up(&mut self, games: Vec<i64>) -> Result<(), String> {
        *self.given_up.borrow_mut() = Some(games);
        Ok(())
    }

    fn resume(&mut self, game: &SavedGame, catalog: &Catalog) -> Result<Session, String> {
        let (_, actions) = self
            .saved
            .iter()
            .find(|(g, _)| g.id == game.id)
            .ok_or("no such game")?;
        let ruleset = catalog
            .build(&game.variant, Some(&game.rules))
            .map_err(|e| e.to_string())?;
        let code = GameCode::parse(&game.code).map_err(|e| e.to_string())?;
        let mut session = Session::new(ruleset, code, 100);
        session
            .replay(actions)
            .map_err(|(i, v)| format!("action {i}: {}", v.message))?;
        Ok(session)
    }

    fn statistics(&mut self) -> Result<Vec<VariantStats>, String> {
        Ok(self.stats.clone())
    }
}

fn saved_game(moves: u32) -> SavedGame {
    SavedGame {
        id: 12,
        variant: "spider-1suit".into(),
        rules: "classic".into(),
        code: CODE.into(),
        moves,
        started: "2 h ago".into(),
    }
}

/// A launcher whose observer keeps one one-suit game of three moves in progress.
fn with_saved_game() -> (App, Reports, Vec<Action>) {
    let actions = opening(3);
    let shelf = Shelf::new(vec![(saved_game(3), actions.clone())]);
    let reports = shelf.reports.clone();
    let mut app = launcher();
    app.set_observer(Box::new(shelf));
    (app, reports, actions)
}

fn shot(app: &mut App, w: u16, h: u16) -> String {
    let mut term = screen(w, h);
    draw(&mut term, app);
    text(&term)
}

#[test]
fn the_launcher_offers_the_game_in_progress_first() {
    let (mut app, _, _) = with_saved_game();
    assert_eq!(app.launcher().selected_saved(), Some(&saved_game(3)));
    insta::assert_snapshot!(shot(&mut app, 80, 24));
}

#[test]
fn a_returning_player_sees_the_game_in_progress_first() {
    // The last game chosen sits at the end of the list, scrolled to: a restart still opens
    // on the game in progress, the Continue section at the top.
    let mut app = launcher();
    keys(&mut app, "G");
    let scrolled = shot(&mut app, 80, 10);
    assert!(!scrolled.contains("Spider ·"), "{scrolled}");
    app.set_observer(Box::new(Shelf::new(vec![(saved_game(3), opening(3))])));
    assert_eq!(app.launcher().selected_saved(), Some(&saved_game(3)));
    insta::assert_snapshot!("returning_80x24", shot(&mut app, 80, 24));
    insta::assert_snapshot!("returning_120x40", shot(&mut app, 120, 40));
}

#[test]
fn a_short_terminal_keeps_the_list_in_view() {
    let (mut app, _, _) = with_saved_game();
    let small = shot(&mut app, 40, 12);
    assert!(small.contains("▶ Spider, one suit"), "{small}");
    insta::assert_snapshot!("launcher_40x12", small);
    let tiny = shot(&mut app, 30, 8);
    assert!(tiny.contains("▶ Spider, one suit"), "{tiny}");
    insta::assert_snapshot!("launcher_30x8", tiny);
}

#[test]
fn x_or_del_deletes_a_saved_game_after_a_question() {
    let (mut app, given_up) = with_saved_games(vec![saved_game(3)]);
    keys(&mut app, "x");
    assert_eq!(app.mode(), Mode::Confirm);
    insta::assert_snapshot!("delete_question_80x24", shot(&mut app, 80, 24));
    insta::assert_snapshot!("delete_question_120x40", shot(&mut app, 120, 40));
    // n keeps it.
    keys(&mut app, "n");
    assert_eq!(app.mode(), Mode::Launcher);
    assert_eq!(*given_up.borrow(), None);
    assert_eq!(app.launcher().selected_saved(), Some(&saved_game(3)));
    // Del, then y: it is given up, and said so.
    app.handle(&key_event(crossterm::event::KeyCode::Delete), now());
    keys(&mut app, "y");
    assert_eq!(*given_up.borrow(), Some(vec![12]));
    let note = app.launcher().note().expect("said").text.clone();
    assert!(note.contains("Deleted") && note.contains(CODE), "{note}");
}

#[test]
fn x_on_a_game_not_saved_says_what_it_deletes() {
    let (mut app, given_up) = with_saved_games(vec![saved_game(3)]);
    keys(&mut app, "jx");
    assert_eq!(app.mode(), Mode::Launcher);
    assert_eq!(*given_up.borrow(), None);
    let note = app.launcher().note().expect("explained").text.clone();
    assert!(note.contains("Continue"), "{note}");
}

#[test]
fn continue_opens_the_saved_game_and_undo_reaches_into_its_history() {
    let (mut app, reports, actions) = with_saved_game();
    keys(&mut app, "⏎");
    let game = app.game().expect("the saved game is on the table");
    assert_eq!(game.session().log(), actions.as_slice());
    assert_eq!(game.session().code().to_string(), CODE);
    keys(&mut app, "uu");
    let game = app.game().expect("still playing");
    assert_eq!(game.session().log(), &actions[..1]);
    assert_eq!(game.session().state(), after(&actions[..1]).state());
    keys(&mut app, "r");
    assert_eq!(app.game().expect("playing").session().log(), &actions[..2]);
    // Every change goes on into the resumed record: none is reported as a new game.
    assert_eq!(*reports.borrow(), [(2, false), (1, false), (2, false)]);
}

#[test]
fn a_new_deal_of_the_variant_is_still_a_new_game() {
    let (mut app, reports, _) = with_saved_game();
    // Down to the one-suit line, below the game in progress; a new one, the old one lost.
    keys(&mut app, "j");
    assert_eq!(app.launcher().selected_saved(), None);
    keys(&mut app, "⏎n");
    let game = app.game().expect("a new deal");
    assert!(game.session().log().is_empty());
    keys(&mut app, "d");
    assert_eq!(*reports.borrow(), [(1, true)]);
}

/// A launcher whose observer keeps `games` of the one-suit variant in progress, newest first.
fn with_saved_games(games: Vec<SavedGame>) -> (App, Rc<RefCell<Option<Vec<i64>>>>) {
    let shelf = Shelf::new(games.into_iter().map(|g| (g, opening(3))).collect());
    let given_up = shelf.given_up.clone();
    let mut app = launcher();
    app.set_observer(Box::new(shelf));
    (app, given_up)
}

#[test]
fn a_new_game_of_a_variant_in_progress_asks_first() {
    let (mut app, given_up) = with_saved_games(vec![saved_game(3)]);
    keys(&mut app, "j⏎");
    assert!(app.game().is_none(), "nothing starts before the answer");
    assert!(app.launcher().asking());
    assert_eq!(app.mode(), Mode::NewGame);
    insta::assert_snapshot!(shot(&mut app, 80, 24));
    // Esc: nothing happens, the list is back.
    keys(&mut app, "⎋");
    assert!(!app.launcher().asking());
    assert!(app.game().is_none());
    assert_eq!(*given_up.borrow(), None);
    // c: the game in progress goes on.
    keys(&mut app, "⏎c");
    let game = app.game().expect("continued");
    assert_eq!(game.session().log(), opening(3).as_slice());
}

#[test]
fn the_question_at_120x40_names_the_older_games_kept() {
    let mut older = saved_game(7);
    older.id = 5;
    older.started = "yesterday".into();
    let (mut app, _) = with_saved_games(vec![saved_game(3), older]);
    keys(&mut app, "jj⏎");
    assert!(app.launcher().asking());
    insta::assert_snapshot!(shot(&mut app, 120, 40));
}

#[test]
fn a_new_one_gives_up_the_old_one_and_keep_gives_up_none() {
    let (mut app, given_up) = with_saved_games(vec![saved_game(3)]);
    keys(&mut app, "j⏎n");
    assert!(app.game().expect("a new deal").session().log().is_empty());
    assert_eq!(*given_up.borrow(), Some(vec![12]));
    let (mut app, given_up) = with_saved_games(vec![saved_game(3)]);
    keys(&mut app, "j⏎k");
    assert!(app.game().expect("a new deal").session().log().is_empty());
    assert_eq!(
        *given_up.borrow(),
        None,
        "both games are kept: none given up"
    );
}

#[test]
fn several_games_of_one_variant_are_listed_with_code_moves_and_age() {
    let mut older = saved_game(7);
    older.id = 5;
    older.code = "SP1-S1C-AAAAAAB".into();
    older.started = "yesterday".into();
    let (mut app, _) = with_saved_games(vec![saved_game(3), older]);
    let screen = shot(&mut app, 80, 24);
    assert!(
        screen.contains("SP1-S1C-AAAAAAD · 3 moves · 2 h ago"),
        "{screen}"
    );
    assert!(
        screen.contains("SP1-S1C-AAAAAAB · 7 moves · yesterday"),
        "{screen}"
    );
}

#[test]
fn leaving_a_resumed_game_selects_it_again_and_a_second_continue_works() {
    let (mut app, _, actions) = with_saved_game();
    keys(&mut app, "⏎qy");
    assert!(app.game().is_none());
    assert_eq!(app.launcher().selected_saved(), Some(&saved_game(3)));
    keys(&mut app, "⏎");
    assert_eq!(
        app.game().expect("resumed again").session().log(),
        actions.as_slice()
    );
}

#[test]
fn a_game_that_cannot_be_rebuilt_is_explained_in_the_launcher() {
    let mut broken = saved_game(3);
    broken.variant = "spider-9suit".into();
    let mut app = launcher();
    app.set_observer(Box::new(Shelf::new(vec![(broken, opening(3))])));
    // Up from the one-suit line to the game in progress.
    keys(&mut app, "k");
    assert!(app.launcher().selected_saved().is_some());
    keys(&mut app, "⏎");
    assert!(app.game().is_none());
    let note = app.launcher().note().expect("explained").text.clone();
    assert!(
        note.starts_with("Cannot continue SP1-S1C-AAAAAAD:"),
        "{note}"
    );
    assert!(note.contains("spider-9suit"), "{note}");
}

fn one_suit_stats() -> VariantStats {
    use Outcome::*;
    // How each ended, its moves, score and minutes on the clock (none: played headless).
    let results = [
        (Lost, 40, 433, Some(6)),
        (Won, 131, 969, Some(12)),
        (Abandoned, 3, 497, None),
        (Won, 104, 1012, Some(9)),
        (Won, 158, 942, Some(21)),
        (Lost, 77, 423, Some(8)),
        (Won, 120, 980, Some(11)),
        (Playing, 9, 491, Some(1)),
    ];
    VariantStats {
        variant: "spider-1suit".into(),
        played: 8,
        won: 4,
        lost: 3,
        win_rate: Some(4.0 / 7.0),
        current_win_streak: 1,
        current_loss_streak: 0,
        longest_win_streak: 2,
        longest_loss_streak: 1,
        best_score: Some(1012),
        fewest_moves_won: Some(104),
        average_moves_won: Some(128.25),
        best_time: Some(Duration::from_secs(9 * 60 + 14)),
        facts: Vec::new(),
        running_total: None,
        assisted_played: 0,
        assisted_won: 0,
        recent: results
            .iter()
            .map(|&(outcome, moves, score, minutes)| RecentGame {
                outcome,
                moves,
                score: Some(score),
                played: minutes.map(|m| Duration::from_secs(m * 60)),
            })
            .collect(),
    }
}

fn with_stats() -> App {
    let mut shelf = Shelf::new(Vec::new());
    let two = VariantStats {
        variant: "spider-2suit".into(),
        played: 1,
        lost: 1,
        win_rate: Some(0.0),
        current_loss_streak: 1,
        longest_loss_streak: 1,
        recent: vec![RecentGame {
            outcome: Outcome::Lost,
            moves: 61,
            score: Some(439),
            played: None,
        }],
        ..VariantStats::default()
    };
    shelf.stats = vec![one_suit_stats(), two];
    let mut app = launcher();
    app.set_observer(Box::new(shelf));
    app
}

#[test]
fn the_statistics_screen_shows_every_variant_and_a_chart_of_recent_games() {
    let mut app = with_stats();
    keys(&mut app, "s");
    assert_eq!(app.mode(), Mode::Stats);
    insta::assert_snapshot!(shot(&mut app, 80, 30));
}

#[test]
fn the_statistics_screen_moves_between_variants_and_esc_returns() {
    let mut app = with_stats();
    keys(&mut app, "s");
    let variant = |app: &App| {
        app.stats()
            .and_then(|s| s.selected())
            .map(|s| s.variant.clone())
    };
    assert_eq!(variant(&app).as_deref(), Some("spider-1suit"));
    keys(&mut app, "j");
    assert_eq!(variant(&app).as_deref(), Some("spider-2suit"));
    let text = shot(&mut app, 80, 30);
    assert!(text.contains("Spider, two suits\n"), "{text}");
    keys(&mut app, "⎋");
    assert_eq!(app.mode(), Mode::Launcher);
    assert!(app.stats().is_none());
    assert!(shot(&mut app, 80, 24).contains("choose a game"));
}

#[test]
fn statistics_without_records_say_so() {
    let mut app = launcher();
    keys(&mut app, "s");
    let text = shot(&mut app, 80, 24);
    assert!(text.contains("No games recorded yet"), "{text}");
    keys(&mut app, "q");
    assert_eq!(
        app.mode(),
        Mode::Launcher,
        "q on the statistics goes back, not out"
    );
}

/// The deal `CODE` and its first eight actions as a replay.
pub(crate) fn tape() -> ReplayTape {
    let actions = opening(8);
    let mut session = fresh();
    let mut frames = vec![ReplayFrame {
        view: session.view(Seat::SOLO),
        action: None,
        status: session.status(),
    }];
    for action in actions {
        session.act(&action).expect("legal");
        frames.push(ReplayFrame {
            view: session.view(Seat::SOLO),
            action: Some(action),
            status: session.status(),
        });
    }
    ReplayTape {
        title: "Replay of game #12 · Spider, one suit · in progress".into(),
        code: CODE.into(),
        frames: Box::new(frames),
    }
}

pub(crate) fn replaying() -> App {
    App::new(catalog(), theme(), None, Some(Start::Replay(tape())), 7)
        .unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn the_replay_viewer_draws_a_middle_step_with_its_action() {
    let mut app = replaying();
    assert_eq!(app.mode(), Mode::Replay);
    keys(&mut app, "→→→→");
    assert_eq!(app.replay().map(|r| r.step()), Some(4));
    insta::assert_snapshot!(shot(&mut app, 80, 30));
}

#[test]
fn forward_then_back_draws_the_same_table() {
    let mut app = replaying();
    keys(&mut app, "lll");
    let before = shot(&mut app, 80, 30);
    keys(&mut app, "→");
    let later = shot(&mut app, 80, 30);
    assert_ne!(before, later, "a step changes the table");
    keys(&mut app, "←");
    assert_eq!(shot(&mut app, 80, 30), before);
    keys(&mut app, "np");
    assert_eq!(shot(&mut app, 80, 30), before);
}

#[test]
fn the_viewer_stops_at_both_ends_and_jumps_to_them() {
    let mut app = replaying();
    let step = |app: &App| app.replay().map(|r| r.step());
    keys(&mut app, "←h");
    assert_eq!(step(&app), Some(0));
    assert!(shot(&mut app, 80, 30).contains("Step 0 of 8: the deal"));
    keys(&mut app, "G");
    assert_eq!(step(&app), Some(8));
    keys(&mut app, "→");
    assert_eq!(step(&app), Some(8));
    keys(&mut app, "g");
    assert_eq!(step(&app), Some(0));
}

#[test]
fn the_step_line_names_the_action_as_the_table_shows_it() {
    let mut app = replaying();
    keys(&mut app, "→");
    let text = shot(&mut app, 80, 30);
    let line = text
        .lines()
        .find(|l| l.contains("Step 1 of 8"))
        .expect("a step line");
    let Some(Action::Move { from, to, .. }) = opening(1).first().cloned() else {
        panic!("the first action is a move");
    };
    let view = fresh().view(Seat::SOLO);
    let label = |id| view.pile(id).expect("pile").label.clone();
    assert!(
        line.contains(&format!("from {} to {}", label(from), label(to))),
        "{line}"
    );
}

#[test]
fn q_leaves_the_viewer() {
    let mut app = replaying();
    let q = key_event(crossterm::event::KeyCode::Char('q'));
    assert_eq!(app.handle(&q, now()), Flow::Quit);
}

#[test]
fn saved_games_of_one_variant_keep_their_codes_in_view_on_a_narrow_screen() {
    // A catalog with a long name in it (the engine's and the plugins' games) widens the
    // names' column; the saved games' rows give way so that each still shows which deal it
    // is, where at 40 columns two games of one variant read alike.
    let mut catalog = catalog();
    let long = include_str!("../../../../config/variants/spider-2suit.toml")
        .replace("id = \"spider-2suit\"", "id = \"spider-long\"")
        .replace("code = \"SP1-S2\"", "code = \"SPL-S2\"")
        .replace(
            "name = \"Spider, two suits\"",
            "name = \"Spider, two suits as a club plays them\"",
        );
    catalog
        .add_variant(felt_core::Origin::BuiltIn("spider-long.toml".into()), &long)
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(catalog.get("spider-long").is_some());
    let shelf = Shelf::new(vec![
        (saved_game(3), opening(3)),
        (saved_game(7), opening(3)),
    ]);
    let mut app = App::new(catalog, theme(), None, None, 7).unwrap_or_else(|e| panic!("{e}"));
    app.set_observer(Box::new(shelf));
    let small = shot(&mut app, 40, 12);
    let rows: Vec<&str> = small
        .lines()
        .filter(|l| l.contains("Spider, one suit"))
        .collect();
    assert_eq!(rows.len(), 2, "{small}");
    for row in rows {
        assert!(row.contains(CODE), "{small}");
    }
}
