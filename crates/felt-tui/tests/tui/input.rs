//! Input tests: keys and mouse events go through `App::handle`, the same path as the terminal,
//! and the session's log shows the actions they became. The deal is SP1-S1C-AAAAAAD, whose
//! columns end K K K 4 J 2 3 4 10 6; column 7's 3♠ fits on the 4♠ of columns 4 and 8.

use crate::common::*;
use felt_core::{Action, PileId};
use felt_tui::App;

const DEAL: &str = "SP1-S1C-AAAAAAD";
const COL4: PileId = PileId(3);
const COL7: PileId = PileId(6);
const COL8: PileId = PileId(7);
const STOCK: PileId = PileId(10);

fn log(app: &App) -> Vec<Action> {
    app.game().expect("a game is on").session().log().to_vec()
}

fn note(app: &App) -> Option<String> {
    app.game().and_then(|g| g.note()).map(|n| n.text.clone())
}

fn three_onto(to: PileId) -> Action {
    Action::Move {
        from: COL7,
        index: 4,
        to,
    }
}

fn drawn(code: &str) -> App {
    let mut app = playing(code);
    let mut term = screen(80, 24);
    draw(&mut term, &mut app);
    app
}

fn redraw(app: &mut App) {
    let mut term = screen(80, 24);
    draw(&mut term, app);
}

#[test]
fn a_digit_picks_up_a_column_and_another_drops_it() {
    let mut app = playing(DEAL);
    keys(&mut app, "74");
    assert_eq!(log(&app), [three_onto(COL4)]);
}

#[test]
fn arrows_move_the_cursor_and_enter_picks_up_and_drops() {
    let mut app = playing(DEAL);
    keys(&mut app, "llllll⏎→⏎");
    assert_eq!(log(&app), [three_onto(COL8)]);
}

#[test]
fn enter_twice_sends_the_group_to_the_best_column() {
    let mut app = playing(DEAL);
    keys(&mut app, "7⏎");
    let played = log(&app);
    assert!(
        played == [three_onto(COL4)] || played == [three_onto(COL8)],
        "{played:?}"
    );
}

#[test]
fn a_sends_the_cursor_group_or_says_nothing_takes_it() {
    let mut app = playing(DEAL);
    // The cursor starts on column 1, whose King goes nowhere.
    keys(&mut app, "a");
    assert_eq!(note(&app).as_deref(), Some("No pile takes K♠"));
    assert!(log(&app).is_empty());
    keys(&mut app, "7⎋a");
    assert_eq!(log(&app).len(), 1);
}

#[test]
fn escape_puts_the_carried_cards_back() {
    let mut app = playing(DEAL);
    keys(&mut app, "7");
    assert!(app.game().and_then(|g| g.carry()).is_some());
    keys(&mut app, "⎋");
    assert!(app.game().and_then(|g| g.carry()).is_none());
    assert!(log(&app).is_empty());
}

#[test]
fn a_carried_group_knows_the_columns_that_take_it() {
    let mut app = playing(DEAL);
    keys(&mut app, "7");
    let mut targets = app
        .game()
        .and_then(|g| g.carry())
        .expect("carrying")
        .targets
        .clone();
    targets.sort();
    assert_eq!(targets, [COL4, COL8]);
}

#[test]
fn d_deals_u_undoes_r_and_ctrl_r_redo() {
    let mut app = playing(DEAL);
    keys(&mut app, "d");
    assert_eq!(log(&app), [Action::Deal { from: STOCK }]);
    keys(&mut app, "u");
    assert!(log(&app).is_empty());
    keys(&mut app, "r");
    assert_eq!(log(&app).len(), 1);
    keys(&mut app, "u");
    let ctrl_r = crossterm::event::Event::Key(crossterm::event::KeyEvent::new(
        crossterm::event::KeyCode::Char('r'),
        crossterm::event::KeyModifiers::CONTROL,
    ));
    app.handle(&ctrl_r, now());
    assert_eq!(log(&app), [Action::Deal { from: STOCK }]);
}

#[test]
fn a_refused_move_changes_nothing_and_says_why() {
    let mut app = playing(DEAL);
    keys(&mut app, "56");
    assert!(log(&app).is_empty());
    assert!(app.game().and_then(|g| g.note()).is_some_and(|n| n.error));
}

#[test]
fn q_asks_before_leaving_a_game_in_progress() {
    let mut app = playing(DEAL);
    keys(&mut app, "q");
    assert!(
        app.game().is_none(),
        "nothing played: straight back to the menu"
    );
    keys(&mut app, "c");
    keys(&mut app, DEAL);
    keys(&mut app, "⏎74q");
    assert!(app.game().is_some());
    keys(&mut app, "n");
    assert_eq!(log(&app).len(), 1, "declined: the game goes on");
    keys(&mut app, "qy");
    assert!(app.game().is_none());
}

#[test]
fn new_game_and_restart() {
    let mut app = playing(DEAL);
    keys(&mut app, "n");
    let code = app.game().expect("playing").session().code().to_string();
    assert_ne!(code, DEAL);
    assert!(code.starts_with("SP1-S1C-"));
    keys(&mut app, "d");
    keys(&mut app, "Ry");
    assert!(log(&app).is_empty());
    assert_eq!(
        app.game().expect("playing").session().code().to_string(),
        code
    );
}

#[test]
fn c_copies_the_code() {
    let mut app = playing(DEAL);
    keys(&mut app, "c");
    assert_eq!(app.take_clipboard().as_deref(), Some(DEAL));
    assert!(note(&app).is_some_and(|n| n.contains(DEAL)));
}

#[test]
fn click_a_card_then_click_a_column() {
    let mut app = drawn(DEAL);
    let mut pointer = Pointer::new();
    let (x, y) = card_cell(&app, 6, 4);
    pointer.click(&mut app, x, y);
    assert!(app.game().and_then(|g| g.carry()).is_some());
    redraw(&mut app);
    pointer.pause();
    let (x, y) = card_cell(&app, 3, 5);
    pointer.click(&mut app, x, y + 8);
    assert_eq!(log(&app), [three_onto(COL4)]);
}

#[test]
fn press_drag_release_moves_the_cards() {
    let mut app = drawn(DEAL);
    let mut pointer = Pointer::new();
    let (x, y) = card_cell(&app, 6, 4);
    pointer.press(&mut app, x, y);
    pointer.drag(&mut app, x + 3, y + 1);
    let carry = app
        .game()
        .and_then(|g| g.carry())
        .expect("dragging carries");
    assert_eq!((carry.from, carry.index), (COL7, 4));
    pointer.drag(&mut app, x + 8, y + 2);
    pointer.release(&mut app, x + 8, y + 2);
    assert_eq!(log(&app), [three_onto(COL8)]);
}

#[test]
fn a_drop_on_no_pile_puts_the_cards_back() {
    let mut app = drawn(DEAL);
    let mut pointer = Pointer::new();
    let (x, y) = card_cell(&app, 6, 4);
    pointer.press(&mut app, x, y);
    pointer.drag(&mut app, x, 22);
    pointer.release(&mut app, x, 22);
    assert!(log(&app).is_empty());
    assert!(app.game().and_then(|g| g.carry()).is_none());
}

#[test]
fn double_click_sends_the_cards_to_the_best_place() {
    let mut app = drawn(DEAL);
    let mut pointer = Pointer::new();
    let (x, y) = card_cell(&app, 6, 4);
    pointer.click(&mut app, x, y);
    pointer.click(&mut app, x, y);
    let played = log(&app);
    assert!(
        played == [three_onto(COL4)] || played == [three_onto(COL8)],
        "{played:?}"
    );
}

#[test]
fn a_click_on_the_stock_deals() {
    let mut app = drawn(DEAL);
    let mut pointer = Pointer::new();
    pointer.click(&mut app, 3, 2);
    assert_eq!(log(&app), [Action::Deal { from: STOCK }]);
}

#[test]
fn with_auto_place_a_drop_that_would_be_refused_goes_to_the_best_place() {
    let mut app = launcher();
    keys(&mut app, "pc");
    keys(&mut app, DEAL);
    keys(&mut app, "⏎");
    redraw(&mut app);
    let mut pointer = Pointer::new();
    let (x, y) = card_cell(&app, 6, 4);
    let (x1, y1) = card_cell(&app, 0, 5);
    pointer.press(&mut app, x, y);
    pointer.drag(&mut app, x1, y1);
    pointer.release(&mut app, x1, y1);
    let played = log(&app);
    assert!(
        played == [three_onto(COL4)] || played == [three_onto(COL8)],
        "{played:?}"
    );
}

/// Keeps what the app reported: the log length and whether it was a new game.
struct Journal(std::rc::Rc<std::cell::RefCell<Vec<(usize, bool)>>>);

impl felt_tui::Observer for Journal {
    fn changed(&mut self, session: &felt_core::Session, new_game: bool) -> Result<(), String> {
        self.0.borrow_mut().push((session.log().len(), new_game));
        Ok(())
    }
}

#[test]
fn every_change_is_reported_once_and_a_new_deal_as_a_new_game() {
    let journal = std::rc::Rc::new(std::cell::RefCell::new(Vec::new()));
    let mut app = playing(DEAL);
    app.set_observer(Box::new(Journal(journal.clone())));
    keys(&mut app, "74");
    keys(&mut app, "u?⎋r");
    keys(&mut app, "Ry");
    keys(&mut app, "n");
    assert_eq!(
        *journal.borrow(),
        [(1, true), (0, false), (1, false), (0, false), (0, true)]
    );
}

struct Broken;

impl felt_tui::Observer for Broken {
    fn changed(&mut self, _: &felt_core::Session, _: bool) -> Result<(), String> {
        Err("disk full".into())
    }
}

#[test]
fn a_record_that_cannot_be_kept_is_shown_to_the_player() {
    let mut app = playing(DEAL);
    app.set_observer(Box::new(Broken));
    keys(&mut app, "74");
    assert_eq!(
        note(&app).as_deref(),
        Some("This game is not being recorded: disk full")
    );
    assert_eq!(log(&app).len(), 1, "the move itself stands");
}
