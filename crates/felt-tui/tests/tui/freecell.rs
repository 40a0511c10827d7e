//! The one renderer draws a second patience: FreeCell's cells, foundations and columns at
//! 80×24 and 120×40 (insta snapshots), the cells dashed and the foundations solid, and a card
//! goes into a cell by keys alone.

use crate::common;

use crate::common::{draw, keys, screen, text, theme};
use felt_core::{Catalog, Origin, RulesetFactory};
use felt_tui::{App, Start};
use std::sync::Arc;

const FREECELL: &str = include_str!("../../../../rulesets/freecell/variants/freecell.toml");

/// An app playing Microsoft's FreeCell deal 1.
fn deal_one() -> App {
    deal_one_drawn(theme())
}

/// The catalog of classic FreeCell alone.
fn freecell_catalog() -> Catalog {
    let mut catalog = Catalog::new();
    let factory: Arc<dyn RulesetFactory> = Arc::new(felt_freecell::FreeCellFactory);
    catalog.add_ruleset(factory);
    catalog
        .add_variant(Origin::Plugin("freecell".into()), FREECELL)
        .unwrap_or_else(|e| panic!("{e}"));
    catalog
}

/// An app started from the game code of FreeCell's shuffle `shuffle`, drawn with `theme`.
fn from_shuffle(shuffle: u64, theme: felt_tui::Theme) -> Result<App, String> {
    let catalog = freecell_catalog();
    let code = catalog
        .code_for("freecell", None, shuffle)
        .expect("a code")
        .to_string();
    App::new(catalog, theme, None, Some(Start::Code(code)), 7).map_err(|e| e.to_string())
}

/// [`deal_one`], drawn with `theme`.
fn deal_one_drawn(theme: felt_tui::Theme) -> App {
    from_shuffle(1, theme).unwrap_or_else(|e| panic!("{e}"))
}

// FC-DEAL (issue 28): the code of deal 2^31 − 1 plays that deal, not deal 483,647; a code of
// no Microsoft deal is refused, saying which numbers are; and every new game the table deals
// is a Microsoft deal whose code's shuffle is its number.
#[test]
fn a_high_deals_code_plays_that_deal_and_new_games_are_microsoft_deals() {
    let mut app = from_shuffle(2_147_483_647, theme()).unwrap_or_else(|e| panic!("{e}"));
    let mut term = screen(80, 24);
    draw(&mut term, &mut app);
    let shown = text(&term);
    assert!(
        shown.contains("9♠        2♥        7♣        5♥        4♣        6♦        3♦        4♠"),
        "{shown}"
    );
    let mut dealt = std::collections::BTreeSet::new();
    for _ in 0..20 {
        common::keys(&mut app, "n");
        let code = app.game().expect("playing").session().code().clone();
        assert!(
            (1..=2_147_483_647).contains(&code.shuffle),
            "{code} is no Microsoft deal"
        );
        dealt.insert(code.shuffle);
    }
    assert!(dealt.len() >= 19, "each n deals anew: {dealt:?}");
    let refused = from_shuffle(0, theme()).err().expect("no deal 0");
    assert!(
        refused.contains(
            "freecell has no deal 0: it deals Microsoft's numbered deals, 1 to 2147483647"
        ),
        "{refused}"
    );
}

#[test]
fn freecell_deal_one_at_80x24() {
    let mut app = deal_one();
    let mut term = screen(80, 24);
    draw(&mut term, &mut app);
    let shown = text(&term);
    // FC-DEAL: Microsoft's deal 1 begins J♦ 2♦ 9♥ J♣ 5♦ 7♥ 7♣ 5♥ across the columns.
    assert!(
        shown.contains("J♦        2♦        9♥        J♣        5♦        7♥        7♣        5♥"),
        "{shown}"
    );
    insta::assert_snapshot!(shown);
}

#[test]
fn freecell_deal_one_at_120x40() {
    let mut app = deal_one();
    let mut term = screen(120, 40);
    draw(&mut term, &mut app);
    insta::assert_snapshot!(text(&term));
}

#[test]
fn a_card_goes_into_a_free_cell_by_keys_alone() {
    // FC-CELL: any card at the end of a column may go into an empty free cell.
    let mut app = deal_one();
    common::keys(&mut app, "1↑↑↑⏎");
    let mut term = screen(80, 24);
    draw(&mut term, &mut app);
    let shown = text(&term);
    let first_row = shown.lines().nth(1).unwrap_or_default();
    assert!(
        first_row.contains("6♠"),
        "6♠ is in the first cell:\n{shown}"
    );
    assert!(shown.contains("Moves 1"), "{shown}");
}

#[test]
fn a_refusal_names_its_cards_as_the_table_draws_them() {
    // FC-BUILD: 10♣ (column 8's last card) may not go on 6♠ (column 1's).
    let refusal = |theme: felt_tui::Theme| {
        let mut app = deal_one_drawn(theme);
        common::keys(&mut app, "81");
        let mut term = screen(80, 24);
        draw(&mut term, &mut app);
        text(&term)
    };
    let shown = refusal(theme());
    assert!(
        shown.contains("10♣ goes only on a red Jack, not on 6♠"),
        "{shown}"
    );
    let ascii = refusal(felt_tui::Theme {
        ascii: true,
        ..theme()
    });
    assert!(
        ascii.contains("10C goes only on a red Jack, not on 6S"),
        "{ascii}"
    );
    assert!(!ascii.contains('♣') && !ascii.contains('♠'), "{ascii}");
}

/// An app playing deal 1 of any bundled FreeCell variant.
fn of(variant: &str) -> App {
    let mut catalog = Catalog::new();
    let factory: Arc<dyn RulesetFactory> = Arc::new(felt_freecell::FreeCellFactory);
    catalog.add_ruleset(factory);
    for (name, text) in felt_freecell::VARIANTS {
        catalog
            .add_variant(Origin::Plugin(name.into()), text)
            .unwrap_or_else(|e| panic!("{e}"));
    }
    let code = catalog
        .code_for(variant, None, 1)
        .expect("a code")
        .to_string();
    App::new(catalog, theme(), None, Some(Start::Code(code)), 7).unwrap_or_else(|e| panic!("{e}"))
}

fn help(app: &App) -> Vec<String> {
    app.game()
        .map(|g| g.session().ruleset().info().help.clone())
        .unwrap_or_default()
}

fn shot(app: &mut App, w: u16, h: u16) -> String {
    let mut term = screen(w, h);
    draw(&mut term, app);
    text(&term)
}

fn note(app: &App) -> String {
    app.game()
        .and_then(|g| g.note())
        .map(|n| n.text.clone())
        .unwrap_or_default()
}

#[test]
fn the_help_of_a_kings_only_freecell_gives_the_group_felt_allows() {
    // FC-SUPERMOVE: where an empty column takes only a King, empty columns add nothing to a
    // group; the help says so and the status bar's figure is the same formula.
    for variant in ["seahaven-towers", "eight-off"] {
        let mut app = of(variant);
        let text = help(&app).join("\n");
        assert!(!text.contains("2 ^"), "{variant}: {text}");
        assert!(text.contains("free cells + 1"), "{variant}: {text}");
        let view = app.game().expect("playing").view().clone();
        let free = view
            .piles
            .iter()
            .filter(|p| p.role == felt_core::PileRole::Cell && p.cards.is_empty())
            .count();
        assert_eq!(
            view.status_value("supermove"),
            Some((free + 1).to_string().as_str())
        );
        let shown = shot(&mut app, 80, 24);
        assert!(shown.contains(&format!("Group {}", free + 1)), "{shown}");
    }
    let freecell = help(&of("freecell")).join("\n");
    assert!(freecell.contains("2 ^ (empty columns)"), "{freecell}");
}

#[test]
fn freecell_does_not_say_the_solver_peeks() {
    // Every card is face up: there is nothing to peek at.
    let mut app = of("freecell");
    keys(&mut app, "w");
    assert!(!note(&app).contains("peeks"), "{}", note(&app));
    keys(&mut app, "?");
    let shown = shot(&mut app, 80, 24);
    assert!(!shown.contains("peeks"), "{shown}");
}

// Issue 30: in the launcher, `c` takes the selected game's own deal numbers (FreeCell's
// status bar says "Deal #11982"), and a word that is neither a code nor a number is
// explained with an example of that game's codes, not another game's.
#[test]
fn the_launcher_plays_freecell_deals_by_their_microsoft_numbers() {
    let mut app = App::new(freecell_catalog(), theme(), None, None, 7).expect("app");
    common::keys(&mut app, "c11982⏎");
    let code = app
        .game()
        .expect("deal 11982 is on")
        .session()
        .code()
        .clone();
    assert_eq!(code.shuffle, 11982);
    assert!(code.to_string().starts_with("FC-4C"), "{code}");

    let mut app = App::new(freecell_catalog(), theme(), None, None, 7).expect("app");
    common::keys(&mut app, "cx1⏎");
    assert!(app.game().is_none());
    let note = app.launcher().note().expect("explained").text.clone();
    assert!(
        note.contains("'X1' is neither a game code nor a deal number"),
        "{note}"
    );
    assert!(note.contains("looks like FC-4C"), "{note}");
    assert!(!note.contains("SP1"), "{note}");

    let mut app = App::new(freecell_catalog(), theme(), None, None, 7).expect("app");
    common::keys(&mut app, "c0⏎");
    let note = app.launcher().note().expect("explained").text.clone();
    assert!(note.contains("freecell has no deal 0"), "{note}");
}

// Issue 30: the launcher's explanation of a word that names no game is read whole at 80
// columns (it goes on over the free row above), with the selected game's own example.
#[test]
fn a_code_that_names_no_game_is_explained_whole_at_80x24_and_120x40() {
    for (w, h) in [(80, 24), (120, 40)] {
        let mut app = App::new(freecell_catalog(), theme(), None, None, 7).expect("app");
        common::keys(&mut app, "c11982x⏎");
        let shown = shot(&mut app, w, h);
        let words: String = shown.lines().map(str::trim).collect::<Vec<_>>().join(" ");
        assert!(
            words.contains(
                "'11982X' is neither a game code nor a deal number: a code of this game looks \
                 like FC-4C"
            ) && words.contains("and a deal number like 617"),
            "{shown}"
        );
        if w == 80 {
            insta::assert_snapshot!("not_a_code_80x24", shown);
        } else {
            insta::assert_snapshot!("not_a_code_120x40", shown);
        }
    }
}
