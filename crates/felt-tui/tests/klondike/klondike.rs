//! The one renderer draws a third patience: Klondike's stock, waste, foundations and columns
//! with face-down cards at 80×24 and 120×40 (insta snapshots), the draw-three waste fanned,
//! and the stock dealt by keys alone.

use crate::common;

use crate::common::{draw, screen, text, theme};
use felt_core::{Catalog, Origin, RulesetFactory};
use felt_tui::{App, Start};
use std::sync::Arc;

/// An app playing shuffle `seed` of a bundled Klondike variant.
fn game(variant: &str, seed: u64) -> App {
    let mut catalog = Catalog::new();
    let factory: Arc<dyn RulesetFactory> = Arc::new(felt_klondike::KlondikeFactory);
    catalog.add_ruleset(factory);
    for (name, text) in felt_klondike::SCORING {
        catalog
            .add_scoring(
                Origin::Plugin(name.into()),
                name.trim_end_matches(".toml"),
                text,
            )
            .unwrap_or_else(|e| panic!("{e}"));
    }
    for (name, text) in felt_klondike::VARIANTS {
        catalog
            .add_variant(Origin::Plugin(name.into()), text)
            .unwrap_or_else(|e| panic!("{e}"));
    }
    let code = catalog
        .code_for(variant, None, seed)
        .expect("a code")
        .to_string();
    App::new(catalog, theme(), None, Some(Start::Code(code)), 7).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn klondike_deal_one_at_80x24() {
    let mut app = game("klondike", 1);
    let mut term = screen(80, 24);
    draw(&mut term, &mut app);
    let shown = text(&term);
    // KL-DEAL: shuffle 1 turns up 3♦ 7♠ 6♠ 8♥ 7♥ 6♥ 10♣ on the seven columns.
    assert!(shown.contains("stock"), "{shown}");
    insta::assert_snapshot!(shown);
}

#[test]
fn klondike_draw_three_after_a_deal_at_120x40() {
    let mut app = game("klondike-draw3", 1);
    common::keys(&mut app, "d");
    let mut term = screen(120, 40);
    draw(&mut term, &mut app);
    let shown = text(&term);
    // KL-STOCK: three cards turned, the waste's top three shown face up.
    assert!(shown.contains("Stock 21"), "{shown}");
    insta::assert_snapshot!(shown);
}

#[test]
fn thoughtful_shows_every_card_at_80x24() {
    let mut app = game("thoughtful", 1);
    let mut term = screen(80, 24);
    draw(&mut term, &mut app);
    insta::assert_snapshot!(text(&term));
}

/// The columns where the top row's labels start (`waste`, the four foundations), and the
/// top line's text.
fn top_row_places(shown: &str) -> Vec<usize> {
    let top: Vec<char> = shown.lines().next().unwrap_or_default().chars().collect();
    let text: String = top.iter().collect();
    ["waste", " S ", " H ", " D ", " C"]
        .iter()
        .map(|w| {
            let at = text.find(w).unwrap_or_else(|| panic!("{w} in {text}"));
            text[..at].chars().count()
        })
        .collect()
}

/// Draws `variant` before and after turning the whole stock (24 `d`s) at `w`×`h`: the top
/// row keeps its places, the empty stock shows `sign` inside its outline, and the screen
/// after is returned.
fn stock_runs_out(variant: &str, w: u16, h: u16, draws: usize, sign: &str) -> String {
    let mut app = game(variant, 1);
    let mut term = screen(w, h);
    draw(&mut term, &mut app);
    let before = top_row_places(&text(&term));
    common::keys(&mut app, &"d".repeat(draws));
    draw(&mut term, &mut app);
    let shown = text(&term);
    assert!(shown.contains("Stock 0"), "{shown}");
    assert_eq!(top_row_places(&shown), before, "{shown}");
    // The sign sits inside the empty stock's outline, under its label.
    let top = shown.lines().next().unwrap_or_default();
    let stock_x = top.find("stock").map_or(0, |at| top[..at].chars().count());
    let inside = shown.lines().skip(1).take(5).any(|l| {
        let under: String = l.chars().skip(stock_x).take(12).collect();
        under.contains(sign)
    });
    assert!(inside, "{shown}");
    shown
}

#[test]
fn the_top_row_keeps_its_places_when_the_stock_runs_out_at_80x24() {
    // KL-RECYCLE: after 24 single draws the stock is empty and may take the waste back (↺).
    let shown = stock_runs_out("klondike", 80, 24, 24, "↺");
    insta::assert_snapshot!(shown);
}

#[test]
fn the_top_row_keeps_its_places_when_the_stock_runs_out_at_120x40() {
    // Vegas goes through the stock once (KL-RECYCLE): after 8 draws of three it is empty
    // for good (✕).
    let shown = stock_runs_out("vegas", 120, 40, 8, "✕");
    insta::assert_snapshot!(shown);
}

#[test]
fn klondike_keeps_f_for_its_foundations_at_the_deal() {
    // Cards go up to a foundation and may come back down: its key is offered from the deal
    // on, before any card can go there.
    let mut app = game("klondike", 1);
    let mut term = screen(120, 40);
    draw(&mut term, &mut app);
    let shown = text(&term);
    let bar = shown.lines().last().unwrap_or_default();
    assert!(bar.contains("f foundation"), "{bar}");
    common::keys(&mut app, "?");
    draw(&mut term, &mut app);
    let help = text(&term);
    assert!(help.contains("foundation: pick up from one"), "{help}");
}
