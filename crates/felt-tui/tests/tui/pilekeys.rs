//! Every pile by keys: digits for the columns (again: one card fewer), `g` to move without
//! picking up, a key per pile role (`e` free cells, `f` foundations), Tab between rows, a
//! group that may not move refused as soon as it is picked up, the best place apart from the
//! legal targets, and the ruleset's own keys (FreeCell's `m` collect) in the help and key bar.

use crate::common::{catalog, draw, keys, screen, text, theme};
use felt_core::{GameState, PileId, Session, Typed};
use felt_freecell::{FreeCell, Params, State};
use felt_tui::{App, Start};

/// An app playing a Spider position of `variant` and `rules`, given in the `.game` format.
fn spider(variant: &str, rules: &str, text: &str) -> App {
    let catalog = catalog();
    let ruleset = catalog.build(variant, Some(rules)).expect("variant builds");
    let code = catalog.code_for(variant, Some(rules), 0).expect("code");
    let state = ruleset
        .import_position(text)
        .unwrap_or_else(|e| panic!("{e}"));
    let start = Start::Session {
        session: Session::from_state(ruleset, code, 100, state),
        undo_depth: 100,
        position: None,
    };
    App::new(catalog, theme(), None, Some(start), 7).unwrap_or_else(|e| panic!("{e}"))
}

/// Two suits, six runs off: 9♠ 8♥ 7♠ in column 1 (mixed suits), a run of spades in column 2.
const MIXED: &str = "\
Play0: 9S 8H 7S
Play1: KS QS JS TS
Play2: KH QH JH TH 9H
Play3: 8S 6S 5S 4S 3S 2S AS
Play4: 7H 6H 5H 4H 3H 2H AH
Play5:
Play6:
Play7:
Play8:
Play9:
Deal0:
Deal1:
Deal2:
Deal3:
Deal4:
Off: KS KS KS KH KH KH
";

/// An app playing classic FreeCell (automatic moves off) from `columns` and `cells`.
fn freecell(columns: &[&str], cells: &[&str]) -> App {
    let fc = FreeCell::with_params(Params {
        auto: false,
        ..Params::default()
    });
    let mut cols: Vec<Vec<felt_core::Card>> = columns
        .iter()
        .map(|c| {
            c.split_whitespace()
                .map(|t| t.parse().expect("card"))
                .collect()
        })
        .collect();
    cols.resize(8, Vec::new());
    let mut cl: Vec<_> = cells.iter().map(|c| c.parse().ok()).collect();
    cl.resize(4, None);
    let state = State {
        deal: 1,
        columns: cols,
        cells: cl,
        foundations: [0; 4],
        moves: 0,
        news: Vec::new(),
    };
    let code = felt_core::GameCode::new("FC-4", 'S', 1).expect("code");
    let session = Session::from_state(Typed::shared(fc), code, 100, GameState::new(state));
    let start = Start::Session {
        session,
        undo_depth: 100,
        position: None,
    };
    App::new(catalog(), theme(), None, Some(start), 7).unwrap_or_else(|e| panic!("{e}"))
}

fn carried(app: &App) -> Option<(u8, u16)> {
    app.game()
        .and_then(|g| g.carry())
        .map(|c| (c.from.0, c.index))
}

fn note(app: &App) -> String {
    app.game()
        .and_then(|g| g.note())
        .map_or_else(String::new, |n| n.text.clone())
}

fn moves(app: &App) -> usize {
    app.game().map_or(0, |g| g.session().log().len())
}

#[test]
fn a_digit_picks_the_longest_run_and_again_takes_one_card_fewer() {
    let mut app = spider("spider-2suit", "classic", MIXED);
    keys(&mut app, "2");
    assert_eq!(carried(&app), Some((1, 0)), "KS QS JS TS: the whole run");
    keys(&mut app, "2");
    assert_eq!(carried(&app), Some((1, 1)), "one card fewer");
    keys(&mut app, "22");
    assert_eq!(carried(&app), Some((1, 3)), "down to TS alone");
    keys(&mut app, "2");
    assert_eq!(carried(&app), None, "and then put back");
    assert_eq!(moves(&app), 0);
}

#[test]
fn g_then_a_digit_moves_the_cursor_without_picking_up() {
    let mut app = spider("spider-2suit", "classic", MIXED);
    keys(&mut app, "g3");
    let game = app.game().expect("playing");
    assert_eq!(game.cursor().0, PileId(2));
    assert_eq!(carried(&app), None);
    assert_eq!(moves(&app), 0);
    // While carrying, g and a digit move the cursor and keep the cards in hand.
    keys(&mut app, "2g4");
    assert_eq!(carried(&app), Some((1, 0)));
    assert_eq!(app.game().map(|g| g.cursor().0), Some(PileId(3)));
}

#[test]
fn a_mixed_suit_group_is_refused_when_picked_up_under_classic_rules() {
    // SP-GROUP: the refusal comes at once, naming its rule, and nothing is carried.
    let mut app = spider("spider-2suit", "classic", MIXED);
    keys(&mut app, "g1↑⏎");
    assert_eq!(carried(&app), None);
    assert!(note(&app).contains("· SP-GROUP"), "{}", note(&app));
    // Under relaxed rules the whole column may move, so the cursor starts on 9♠: one down
    // is 8♥, and the same group is picked up.
    let mut app = spider("spider-2suit", "relaxed", MIXED);
    keys(&mut app, "g1↓⏎");
    assert_eq!(carried(&app), Some((0, 1)));
}

#[test]
fn no_best_place_is_said_without_claiming_there_is_no_legal_move() {
    // SP-AUTOMOVE: a whole column into an empty one is legal, never the best place.
    let mut app = spider("spider-2suit", "classic", MIXED);
    keys(&mut app, "2a");
    let said = note(&app);
    assert!(said.starts_with("No best place for K"), "{said}");
    assert!(said.contains("may go to 6"), "{said}");
    assert_eq!(carried(&app), Some((1, 0)), "carried over the marked piles");
    assert_eq!(moves(&app), 0);
}

#[test]
fn freecell_a_card_into_a_cell_and_from_the_cell_to_a_foundation_by_keys_alone() {
    // FC-CELL, FC-FOUNDATION.
    let mut app = freecell(&["5H 2S", "AS", "KD"], &[]);
    keys(&mut app, "2f");
    keys(&mut app, "1e");
    let game = app.game().expect("playing");
    assert_eq!(moves(&app), 2, "{}", note(&app));
    assert!(game
        .view()
        .piles
        .iter()
        .any(|p| p.label == "c1" && p.cards.len() == 1));
    keys(&mut app, "ef");
    assert_eq!(moves(&app), 3, "{}", note(&app));
    let spades = app
        .game()
        .and_then(|g| g.view().piles.iter().find(|p| p.label == "S"))
        .map_or(0, |p| p.cards.len());
    assert_eq!(spades, 2);
}

#[test]
fn tab_goes_round_the_rows() {
    let mut app = freecell(&["5H 2S", "AS", "KD"], &[]);
    let row = |app: &App| {
        let g = app.game().expect("playing");
        g.view().pile(g.cursor().0).map(|p| p.place.row)
    };
    assert_eq!(row(&app), Some(1), "the cursor starts on the columns");
    keys(&mut app, "⇥");
    assert_eq!(row(&app), Some(0));
    keys(&mut app, "⇥");
    assert_eq!(row(&app), Some(1), "round to the columns again");
    keys(&mut app, "⇤");
    assert_eq!(row(&app), Some(0));
}

#[test]
fn the_rulesets_own_key_plays_its_action_and_is_listed() {
    // FC-COLLECT under `m`: A♠ then 2♠ go up.
    let mut app = freecell(&["5H 2S", "AS", "KD"], &[]);
    let mut term = screen(120, 40);
    draw(&mut term, &mut app);
    let bar = text(&term);
    assert!(bar.contains("m collect"), "{bar}");
    keys(&mut app, "m");
    assert_eq!(moves(&app), 1);
    assert!(note(&app).is_empty() || !note(&app).contains("does nothing"));
    keys(&mut app, "?");
    draw(&mut term, &mut app);
    let help = text(&term);
    assert!(
        help.contains("collect: every card that may go up"),
        "{help}"
    );
    insta::assert_snapshot!(help);
}

#[test]
fn freecell_key_bar_at_80x24_lists_the_games_own_key_first() {
    let mut app = freecell(&["5H 2S", "AS", "KD"], &[]);
    let mut term = screen(80, 24);
    draw(&mut term, &mut app);
    let shown = text(&term);
    assert!(shown.contains("? help  m collect"), "{shown}");
    insta::assert_snapshot!(shown);
}

#[test]
fn spider_offers_no_foundation_key_for_the_runs_it_removes_itself() {
    // The runs pile has the Foundation role, but SP-RUN fills it and nothing leaves it: the
    // ruleset says no move of the player's touches it, so `f` is neither offered nor bound.
    let ruleset = catalog().build("spider-2suit", None).expect("builds");
    let runs = ruleset.view(&ruleset.new_game(1), felt_core::Seat::SOLO);
    let runs = runs
        .piles
        .iter()
        .find(|p| p.role == felt_core::PileRole::Foundation)
        .expect("a runs pile");
    assert!(!ruleset.player_moves(runs.id));
    assert!(ruleset.player_moves(PileId(0)), "a column is the player's");
    let mut app = spider("spider-2suit", "classic", MIXED);
    let mut term = screen(120, 40);
    draw(&mut term, &mut app);
    let shown = text(&term);
    let bar = shown.lines().last().unwrap_or_default();
    assert!(
        bar.contains("? help") && !bar.contains("f foundation"),
        "{bar}"
    );
    insta::assert_snapshot!(shown);
    keys(&mut app, "?");
    draw(&mut term, &mut app);
    let help = text(&term);
    assert!(help.contains("go to: g then a digit"), "{help}");
    assert!(!help.contains("foundation:"), "{help}");
    keys(&mut app, "⎋2f");
    assert_eq!(carried(&app), Some((1, 0)), "f drops nothing on the runs");
    assert!(note(&app).contains("f does nothing in"), "{}", note(&app));
}

#[test]
fn freecell_keeps_f_for_its_foundations() {
    let mut app = freecell(&["5H 2S", "AS", "KD"], &[]);
    let mut term = screen(120, 40);
    draw(&mut term, &mut app);
    let bar = text(&term);
    assert!(bar.contains("f foundation"), "{bar}");
    // FC-FOUNDATION: A♠ goes up by its key.
    keys(&mut app, "2f");
    assert_eq!(moves(&app), 1);
    keys(&mut app, "?");
    draw(&mut term, &mut app);
    let help = text(&term);
    assert!(help.contains("foundation: pick up from one"), "{help}");
}
