//! A newcomer's walk through every game at 80×24 and 120×40 (issue 30): what each table says
//! and shows where the walk found it wrong — hints marked on the table, a face-up stock in
//! order, marks kept off the labels, whole words on the status bar, the words players use,
//! and help pages that agree with the rules felt enforces.

use crate::common::{draw, keys, screen, text, theme};
use felt_core::{Catalog, Origin};
use felt_tui::{App, Start};
use std::time::{Duration, Instant};

const SPIDER: [(&str, &str); 3] = [
    (
        "spider-1suit.toml",
        include_str!("../../../../config/variants/spider-1suit.toml"),
    ),
    (
        "spider-3packs.toml",
        include_str!("../../../../config/variants/spider-3packs.toml"),
    ),
    (
        "spider-site-2suit.toml",
        include_str!("../../../../config/variants/spider-site-2suit.toml"),
    ),
];
const SCORING: [(&str, &str); 3] = [
    (
        "classic",
        include_str!("../../../../config/scoring/classic.toml"),
    ),
    (
        "links",
        include_str!("../../../../config/scoring/links.toml"),
    ),
    ("none", include_str!("../../../../config/scoring/none.toml")),
];

/// Spider (three of its variants) and every Klondike variant (one plugin crate a test binary:
/// each exports the plugin entry; FreeCell's walk is in freecell.rs).
fn catalog() -> Catalog {
    let mut catalog = Catalog::new();
    catalog.add_ruleset(felt_spider::factory());
    catalog.add_ruleset(std::sync::Arc::new(felt_klondike::KlondikeFactory));
    for (id, text) in SCORING {
        catalog
            .add_scoring(Origin::BuiltIn(format!("{id}.toml")), id, text)
            .unwrap_or_else(|e| panic!("{e}"));
    }
    for (name, text) in felt_klondike::SCORING {
        catalog
            .add_scoring(
                Origin::Plugin(name.into()),
                name.trim_end_matches(".toml"),
                text,
            )
            .unwrap_or_else(|e| panic!("{e}"));
    }
    let bundled = SPIDER
        .iter()
        .map(|(n, t)| (Origin::BuiltIn((*n).into()), *t))
        .chain(
            felt_klondike::VARIANTS
                .iter()
                .map(|(n, t)| (Origin::Plugin((*n).into()), *t)),
        );
    for (origin, text) in bundled {
        catalog
            .add_variant(origin, text)
            .unwrap_or_else(|e| panic!("{e}"));
    }
    catalog
}

/// An app playing shuffle `seed` of `variant`.
fn game(variant: &str, seed: u64) -> App {
    let catalog = catalog();
    let code = catalog
        .code_for(variant, None, seed)
        .expect("a code")
        .to_string();
    App::new(catalog, theme(), None, Some(Start::Code(code)), 7).unwrap_or_else(|e| panic!("{e}"))
}

fn shot(app: &mut App, w: u16, h: u16) -> String {
    let mut term = screen(w, h);
    draw(&mut term, app);
    text(&term)
}

/// Ticks the app until `done` (a hint is searched on a background thread).
fn tick_until(app: &mut App, done: impl Fn(&App) -> bool) {
    let until = Instant::now() + Duration::from_secs(120);
    while !done(app) && Instant::now() < until {
        std::thread::sleep(Duration::from_millis(2));
        app.tick();
    }
}

fn note(app: &App) -> String {
    app.game()
        .and_then(|g| g.note())
        .map(|n| n.text.clone())
        .unwrap_or_default()
}

fn help(app: &App) -> Vec<String> {
    app.game()
        .map(|g| g.session().ruleset().info().help.clone())
        .unwrap_or_default()
}

#[test]
fn a_hint_marks_its_cards_and_their_target_at_80x24_and_120x40() {
    let mut app = game("klondike", 1);
    keys(&mut app, "H");
    tick_until(&mut app, |a| {
        note(a).starts_with("Hint: ") && !note(a).contains('…')
    });
    let hint = app
        .game()
        .and_then(|g| g.hint_action().cloned())
        .expect("a hint");
    for (w, h) in [(80, 24), (120, 40)] {
        let shown = shot(&mut app, w, h);
        assert!(
            shown.contains('»'),
            "the hinted cards are marked at {w}×{h}:\n{shown}"
        );
        if let felt_core::Action::Move { .. } = hint {
            assert!(shown.contains('['), "the target is marked:\n{shown}");
        }
        if w == 80 {
            insta::assert_snapshot!("hint_80x24", shown);
        } else {
            insta::assert_snapshot!("hint_120x40", shown);
        }
    }
}

#[test]
fn thoughtful_shows_its_stock_in_order_at_80x24_and_120x40() {
    // KL-DEAL: every card is dealt face up; the stock shows each of its cards, the next to
    // turn last (whole, at the right end).
    let mut app = game("thoughtful", 1);
    let stock: Vec<String> = app
        .game()
        .and_then(|g| g.view().piles.iter().find(|p| p.label == "stock").cloned())
        .expect("a stock")
        .cards
        .iter()
        .map(|c| theme().card_label(c.card().expect("face up")))
        .collect();
    assert_eq!(stock.len(), 24);
    for (w, h) in [(80, 24), (120, 40)] {
        let shown = shot(&mut app, w, h);
        let row = shown
            .lines()
            .find(|l| l.contains(stock[0].as_str()) && l.contains(stock[22].as_str()))
            .unwrap_or_else(|| panic!("a row with the stock:\n{shown}"));
        let mut from = 0;
        for card in &stock[..23] {
            let at = row[from..]
                .find(card.as_str())
                .unwrap_or_else(|| panic!("{card} in order in {row}"));
            from += at + card.len();
        }
        if w == 120 {
            insta::assert_snapshot!("thoughtful_120x40", shown);
        }
    }
}

#[test]
fn the_waste_marks_stay_off_its_label_in_draw_one() {
    // `t` picks up the waste's top card: the cursor and the carry marks go beside the card,
    // the label reads whole.
    let mut app = game("klondike", 1);
    keys(&mut app, "dt");
    for (w, h) in [(80, 24), (120, 40)] {
        let shown = shot(&mut app, w, h);
        let top = shown.lines().next().unwrap_or_default();
        assert!(top.contains(" waste"), "{top}");
        assert!(!top.contains('▼'), "{top}");
        if w == 80 {
            insta::assert_snapshot!(shown);
        } else {
            insta::assert_snapshot!("the_waste_marks_stay_off_its_label_at_120x40", shown);
        }
    }
}

#[test]
fn klondike_says_draw_and_pass() {
    let mut app = game("klondike", 1);
    let shown = shot(&mut app, 80, 24);
    let bar = shown.lines().last().unwrap_or_default();
    assert!(bar.contains("d draw"), "{bar}");
    keys(&mut app, "?");
    assert!(shot(&mut app, 120, 40).contains("draw from the stock"));
    // A hint to turn the stock says "draw" too.
    let hinted = (1..40).find_map(|seed| {
        let mut app = game("klondike", seed);
        keys(&mut app, "H");
        tick_until(&mut app, |a| {
            note(a).starts_with("Hint: ") && !note(a).contains('…')
        });
        let deal = app
            .game()
            .and_then(|g| g.hint_action().cloned())
            .is_some_and(|a| matches!(a, felt_core::Action::Deal { .. }));
        deal.then_some(app)
    });
    let mut hinted = hinted.expect("a deal whose first hint draws");
    assert_eq!(note(&hinted), "Hint: draw from stock");
    // The stock it draws from is marked on the table, its label and its top card.
    for (w, h) in [(80, 24), (120, 40)] {
        let shown = shot(&mut hinted, w, h);
        assert!(shown.contains("[stock]"), "{shown}");
        assert!(shown.contains('»'), "{shown}");
    }
    // Spider deals onto its columns.
    let mut spider = game("spider-1suit", 1);
    let bar = shot(&mut spider, 80, 24);
    assert!(bar.lines().last().unwrap_or_default().contains("d deal"));
    // Vegas goes through its stock once: the first pass of one.
    let mut vegas = game("vegas", 1);
    let shown = shot(&mut vegas, 120, 40);
    assert!(shown.contains("Pass 1/1"), "{shown}");
    assert!(!shown.contains("Passes left"), "{shown}");
}

#[test]
fn the_help_explains_klondike_and_vegas_scoring_and_vegas_keeps_to_one_pass() {
    let klondike = help(&game("klondike", 1)).join("\n");
    assert!(klondike.contains("Standard scoring"), "{klondike}");
    assert!(
        klondike.contains("a card to a foundation +10"),
        "{klondike}"
    );
    let vegas = help(&game("vegas", 1)).join("\n");
    assert!(vegas.contains("each game costs 52"), "{vegas}");
    assert!(vegas.contains("running total"), "{vegas}");
    assert!(!vegas.contains("takes the waste back"), "{vegas}");
    assert!(vegas.contains("once only"), "{vegas}");
}

#[test]
fn spider_says_its_solver_peeks() {
    // Spider hides cards: its solver peeks, and says so (FreeCell's does not: freecell.rs).
    let mut spider = game("spider-1suit", 1);
    keys(&mut spider, "w");
    assert!(note(&spider).contains("peeks"), "{}", note(&spider));
}

#[test]
fn spider_help_starts_its_stock_sentence_with_a_capital_and_explains_the_site() {
    let spider = help(&game("spider-1suit", 1)).join("\n");
    assert!(spider.contains("face up. The other 50 cards"), "{spider}");
    let site = help(&game("spider-site-2suit", 1)).join("\n");
    assert!(
        site.contains("house rules of a well-known Spider web site"),
        "{site}"
    );
}

#[test]
fn the_site_variants_count_in_the_order_of_the_others() {
    for (w, h) in [(80, 24), (120, 40)] {
        let mut site = game("spider-site-2suit", 1);
        let shown = shot(&mut site, w, h);
        assert!(
            shown.contains("Moves 0  Cards 104  Deals 5  Runs 0/8"),
            "{shown}"
        );
        let mut spider = game("spider-1suit", 1);
        let shown = shot(&mut spider, w, h);
        assert!(
            shown.contains("Moves 0  Stock 50  Deals 5  Runs 0/8"),
            "{shown}"
        );
    }
}

#[test]
fn the_site_variants_say_whose_house_rules_they_are() {
    // "(Site rules)" named a site nobody had heard of: the description says what it is, in
    // the launcher at both sizes.
    let shipped = catalog();
    let about = &shipped
        .get("spider-site-2suit")
        .expect("shipped")
        .variant
        .description;
    assert!(!about.contains("Site rules"), "{about}");
    assert!(about.contains("a well-known Spider web site"), "{about}");
    let mut app = App::new(catalog(), theme(), None, None, 7).expect("the launcher");
    for _ in 0..40 {
        if app.launcher().selected_variant(&shipped) == Some("spider-site-2suit") {
            break;
        }
        keys(&mut app, "↓");
    }
    assert_eq!(
        app.launcher().selected_variant(&shipped),
        Some("spider-site-2suit")
    );
    for (w, h) in [(80, 24), (120, 40)] {
        let shown = shot(&mut app, w, h);
        assert!(!shown.contains("Site rules"), "{shown}");
        let words = shown.lines().map(str::trim).collect::<Vec<_>>().join(" ");
        assert!(
            words.contains("a well-known Spider web site's house rules Code"),
            "the description whole: {shown}"
        );
    }
}

#[test]
fn stock_labels_are_whole_at_the_smallest_screens() {
    // At its minimum a stock says its deals whole, and never runs into the next label.
    for (variant, w, h) in [("spider-1suit", 50, 13), ("spider-3packs", 60, 13)] {
        let mut app = game(variant, 1);
        let shown = shot(&mut app, w, h);
        let top = shown.lines().next().unwrap_or_default();
        assert!(top.contains(" deals"), "{variant} at {w}×{h}: {top}");
        let before_runs = top.split("runs").next().unwrap_or_default();
        assert!(before_runs.ends_with("  "), "{variant} at {w}×{h}: {top}");
        insta::assert_snapshot!(format!("smallest_{variant}"), shown);
    }
}

#[test]
fn the_demos_status_bar_keeps_its_words_and_the_moves_at_80_columns() {
    let mut app = game("klondike", 1);
    keys(&mut app, "p");
    tick_until(&mut app, |a| {
        a.game().is_some_and(|g| !g.session().log().is_empty())
    });
    for (w, h) in [(80, 24), (120, 40)] {
        let shown = shot(&mut app, w, h);
        let bar = shown.lines().rev().nth(1).unwrap_or_default();
        assert!(bar.contains(felt_tui::demo::DEMO_WORDS), "{bar}");
        assert!(bar.contains("Moves "), "{bar}");
        assert!(
            bar.trim_end().ends_with(char::is_numeric),
            "the clock: {bar}"
        );
    }
}

#[test]
fn the_help_box_at_80_columns_hides_the_table_at_its_sides() {
    let mut app = game("klondike", 1);
    keys(&mut app, "?");
    let shown = shot(&mut app, 80, 24);
    for line in shown.lines().take(23) {
        let first = line.chars().next().unwrap_or(' ');
        let last = line.chars().nth(79).unwrap_or(' ');
        assert!(
            "╭│╰".contains(first) && "╮│╯".contains(last),
            "{line}\n{shown}"
        );
    }
}
