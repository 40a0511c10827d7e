//! The one renderer draws the patience engine's games, which are only data: a table laid out
//! from pile roles alone (Yukon's long columns, Canfield's reserve beside its stock and waste,
//! Duchess's four reserve fans in a row of their own, Fan's eighteen fans in two rows), at
//! 80×24 and 120×40 (insta snapshots).

use crate::common::{draw, keys, screen, text, theme};
use felt_core::{Catalog, Origin, RulesetFactory};
use felt_tui::{App, Start};
use std::sync::Arc;

/// The catalog of the engine's shipped games.
fn engine_catalog() -> Catalog {
    let mut catalog = Catalog::new();
    let factory: Arc<dyn RulesetFactory> = Arc::new(felt_engine::EngineFactory);
    catalog.add_ruleset(factory);
    for (name, text) in felt_engine::variants::SCORING {
        let id = name.trim_end_matches(".toml");
        catalog
            .add_scoring(Origin::Plugin(name.to_string()), id, text)
            .unwrap_or_else(|e| panic!("{name}: {e}"));
    }
    for (name, text) in felt_engine::variants::VARIANTS {
        catalog
            .add_variant(Origin::Plugin(name.to_string()), text)
            .unwrap_or_else(|e| panic!("{name}: {e}"));
    }
    catalog
}

/// The app at `variant`'s deal 1.
fn at_deal_one(variant: &str) -> App {
    let catalog = engine_catalog();
    let code = catalog
        .code_for(variant, None, 1)
        .expect("a code")
        .to_string();
    App::new(catalog, theme(), None, Some(Start::Code(code)), 7).expect("the game starts")
}

fn shot(app: &mut App, width: u16, height: u16) -> String {
    let mut term = screen(width, height);
    draw(&mut term, app);
    text(&term)
}

/// The screen of `variant`'s deal 1 at `width`×`height`.
fn deal_one(variant: &str, width: u16, height: u16) -> String {
    shot(&mut at_deal_one(variant), width, height)
}

#[test]
fn a_game_with_no_stock_offers_no_deal_key_in_its_help_or_key_bar() {
    let mut app = at_deal_one("yukon");
    let table = shot(&mut app, 120, 40);
    assert!(!table.contains("d deal"), "{table}");
    keys(&mut app, "?");
    let help = shot(&mut app, 80, 24);
    assert!(!help.contains("from the stock"), "{help}");
    insta::assert_snapshot!("yukon_help_80x24", help);
    // Canfield deals from its stock: its help says so.
    let mut app = at_deal_one("canfield");
    keys(&mut app, "?");
    assert!(shot(&mut app, 80, 40).contains("from the stock"));
}

#[test]
fn the_help_page_clears_the_table_beside_its_box() {
    let mut app = at_deal_one("yukon");
    keys(&mut app, "?");
    let help = shot(&mut app, 120, 40);
    // The box is 78 wide in the middle: nothing of the table beside it.
    for line in help.lines() {
        let left: String = line.chars().take(21).collect();
        let right: String = line.chars().skip(99).collect();
        assert!(left.trim().is_empty() && right.trim().is_empty(), "{help}");
    }
    insta::assert_snapshot!("yukon_help_120x40", help);
}

#[test]
fn yukon_at_80x24() {
    let shown = deal_one("yukon", 80, 24);
    assert!(shown.contains("Yukon"), "{shown}");
    insta::assert_snapshot!(shown);
}

#[test]
fn yukon_at_120x40() {
    insta::assert_snapshot!(deal_one("yukon", 120, 40));
}

#[test]
fn canfield_at_80x24() {
    let shown = deal_one("canfield", 80, 24);
    for label in ["stock", "waste", "reserve", "f1"] {
        assert!(shown.contains(label), "{label}: {shown}");
    }
    insta::assert_snapshot!(shown);
}

#[test]
fn canfield_at_120x40() {
    insta::assert_snapshot!(deal_one("canfield", 120, 40));
}

#[test]
fn duchess_four_reserve_fans_lie_in_a_row_of_their_own_at_80x24() {
    let shown = deal_one("duchess", 80, 24);
    assert!(!shown.contains("too small"), "{shown}");
    for label in ["r1", "r2", "r3", "r4", "f4", "Base to choose"] {
        assert!(shown.contains(label), "{label}: {shown}");
    }
    // The four fans' labels share one line: a row of their own, under the top row.
    assert!(
        shown
            .lines()
            .any(|l| ["r1", "r2", "r3", "r4"].iter().all(|r| l.contains(r))),
        "{shown}"
    );
    insta::assert_snapshot!(shown);
}

#[test]
fn fans_eighteen_columns_fit_80x24_in_two_rows() {
    let shown = deal_one("fan", 80, 24);
    assert!(!shown.contains("too small"), "{shown}");
    assert!(shown.contains("18"), "{shown}");
    insta::assert_snapshot!(shown);
}

#[test]
fn fan_at_120x40() {
    insta::assert_snapshot!(deal_one("fan", 120, 40));
}

/// A Yukon table whose first column holds four cards face down and a run of twenty face up.
const LONG_YUKON_COLUMN: &str = "\
Base: A
Foundation 1:
Foundation 2:
Foundation 3:
Foundation 4:
1: 6C 5H 7D 7H | KS QH JS TH 9S 8H 7S 6H 5S 4H 3S 2H KC QD JC TD 9C 8D 7C 6D
2: 8C | TS AH KD
3: AS | AD 3H 2D
4: AC | 2C JD KH
5: 3C | 5C QS 3D
6: 4C | 5D 9H 6S
7: 4D | 4S 2S QC JH 8S TC 9D
";

fn long_yukon_column() -> App {
    let catalog = engine_catalog();
    let ruleset = catalog.build("yukon", None).expect("Yukon builds");
    let code = catalog.code_for("yukon", None, 1).expect("a code");
    let state = ruleset
        .import_position(LONG_YUKON_COLUMN)
        .unwrap_or_else(|e| panic!("{e}"));
    let session = felt_core::Session::from_state(ruleset, code, 100, state);
    let start = Start::Session {
        session,
        undo_depth: 100,
        position: None,
    };
    App::new(catalog, theme(), None, Some(start), 7).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn a_long_yukon_column_folds_face_up_cards_only_where_its_rows_run_out() {
    // Issue 30: a long column of face-up cards shows each of them where the screen has the
    // rows (120×40), and folds some away (`┊+n`) only when even one line each does not fit
    // (80×24), after using every row down to the status bar.
    let mut app = long_yukon_column();
    let run = [
        "K♠", "Q♥", "J♠", "10♥", "9♠", "8♥", "7♠", "6♥", "5♠", "4♥", "3♠", "2♥", "K♣", "Q♦", "J♣",
        "10♦", "9♣", "8♦", "7♣", "6♦",
    ];
    let large = shot(&mut app, 120, 40);
    assert!(!large.contains('┊'), "nothing folded at 120×40:\n{large}");
    let first_column: Vec<&str> = large
        .lines()
        .map(|l| l.get(..40).unwrap_or(l).trim())
        .collect();
    let mut from = 0;
    for card in run {
        let at = first_column[from..]
            .iter()
            .position(|l| l.starts_with(card))
            .unwrap_or_else(|| panic!("{card} in order at 120×40:\n{large}"));
        from += at + 1;
    }
    insta::assert_snapshot!("long_yukon_column_120x40", large);
    let small = shot(&mut app, 80, 24);
    assert!(small.contains('┊'), "folded at 80×24:\n{small}");
    // The column runs down to the line over the status bar before it folds anything.
    let lines: Vec<&str> = small.lines().collect();
    let above_status = lines[lines.len() - 3];
    assert!(!above_status.trim().is_empty(), "{small}");
    insta::assert_snapshot!("long_yukon_column_80x24", small);
}

/// The label of the pile under `app`'s cursor, and whether cards are carried.
fn at_cursor(app: &App) -> (String, bool) {
    let game = app.game().expect("playing");
    let id = game.cursor().0;
    let label = game
        .view()
        .piles
        .iter()
        .find(|p| p.id == id)
        .map(|p| p.label.clone())
        .unwrap_or_default();
    (label, game.carry().is_some())
}

#[test]
fn g_and_two_digits_go_to_a_column_past_the_tenth() {
    // Fan's eighteen columns: `g12` goes to column 12, `g1` then Enter to column 1, `g1` then
    // an arrow to column 1 and on; a digit no two-digit column begins with goes at once.
    let mut app = at_deal_one("fan");
    keys(&mut app, "g12");
    assert_eq!(at_cursor(&app), ("12".to_string(), false));
    keys(&mut app, "g1⏎");
    assert_eq!(at_cursor(&app), ("1".to_string(), false));
    keys(&mut app, "g18");
    assert_eq!(at_cursor(&app), ("18".to_string(), false));
    keys(&mut app, "g10");
    assert_eq!(at_cursor(&app), ("10".to_string(), false));
    keys(&mut app, "g7");
    assert_eq!(at_cursor(&app), ("7".to_string(), false));
    // Past the last column: said, and the cursor stays.
    keys(&mut app, "g19");
    assert_eq!(at_cursor(&app).0, "7");
    let note = app
        .game()
        .and_then(|g| g.note())
        .map(|n| n.text.clone())
        .unwrap_or_default();
    assert!(note.contains("no column 19"), "{note}");
    // Esc after the first digit goes nowhere.
    keys(&mut app, "g1⎋");
    assert_eq!(at_cursor(&app).0, "7");
    // The terminal resized between the digits: the first still waits for the second.
    keys(&mut app, "g1");
    app.update(felt_tui::input::Msg::Redraw);
    keys(&mut app, "5");
    assert_eq!(at_cursor(&app), ("15".to_string(), false));
}
