//! What the Spades table tests share: a catalog with a quick Spades, apps dealt from it, the
//! table drawn as text, and South played by keys. Kept apart so the tests' file holds tests.

use crate::common::{draw, keys, screen, text, theme};
use felt_core::{CardFace, Catalog, DynRuleset, Origin, PileId, Seat};
use felt_tui::{App, Start};
use std::sync::Arc;

/// Few samples per computer decision: the table, not the bots, is under test.
pub const VARIANT: &str = "id = \"spades-test\"\nname = \"Spades\"\nruleset = \"spades\"\ncode = \"SPD-T4\"\n[game]\nsamples = 2\n";

/// A game to 50, which a hand or two decides.
pub const SHORT: &str = "id = \"spades-short\"\nname = \"Spades\"\nruleset = \"spades\"\ncode = \"SPD-S4\"\n[game]\nsamples = 2\ntarget = 50\n";

pub fn catalog() -> Catalog {
    let mut catalog = Catalog::new();
    catalog.add_ruleset(Arc::new(felt_spades::SpadesFactory));
    for text in [VARIANT, SHORT] {
        catalog
            .add_variant(Origin::Plugin("spades".into()), text)
            .unwrap_or_else(|e| panic!("{e}"));
    }
    catalog
}

/// The first deal from `from` on where South is asked to bid after at least one other seat.
pub fn seed_bidding_after_others(from: u64) -> u64 {
    let ruleset: Arc<dyn DynRuleset> = catalog().build("spades-test", None).expect("builds");
    (from..from + 64)
        .find(|&seed| {
            let state = ruleset.new_game(seed);
            let view = ruleset.view(&state, Seat(0));
            view.prompt.is_some() && view.messages.iter().any(|m| m.contains("bids"))
        })
        .expect("such a deal")
}

pub fn app(seed: u64) -> App {
    app_of("spades-test", seed)
}

pub fn app_of(variant: &str, seed: u64) -> App {
    let catalog = catalog();
    let code = catalog
        .code_for(variant, None, seed)
        .expect("a code")
        .to_string();
    App::new(catalog, theme(), None, Some(Start::Code(code)), 7).unwrap_or_else(|e| panic!("{e}"))
}

pub fn shot(app: &mut App, w: u16, h: u16) -> String {
    let mut term = screen(w, h);
    draw(&mut term, app);
    text(&term)
}

/// South's cards as the theme writes them.
pub fn south_cards(app: &App) -> Vec<String> {
    let game = app.game().expect("playing");
    let hand = game.view().pile(PileId(0)).expect("South's hand");
    hand.cards
        .iter()
        .filter_map(|c| match c {
            CardFace::Up(card) => Some(theme().card_label(*card)),
            CardFace::Down => None,
        })
        .collect()
}

pub fn check_full_table(shown: &str, app: &App) {
    let cards = south_cards(app);
    assert_eq!(cards.len(), 13);
    // Every card of the hand shows its rank and its suit, tens included, on one line.
    let row = shown
        .lines()
        .find(|l| l.split_whitespace().count() == 13)
        .unwrap_or_else(|| panic!("no line of 13 cards:\n{shown}"));
    assert_eq!(row.split_whitespace().collect::<Vec<_>>(), cards, "{shown}");
    // Seat labels are whole, with every bid and the tricks taken.
    for seat in [
        "West · bid",
        "North · bid",
        "East · bid",
        "South · you · bid",
    ] {
        assert!(shown.contains(seat), "{seat} in\n{shown}");
    }
    assert_eq!(shown.matches("· won 0").count(), 4, "{shown}");
    // The bid prompt shows every bid, 0 (Nil) to 13, and starts on one that is not Nil.
    let options = shown
        .lines()
        .find(|l| l.contains("Nil") && l.contains("13"))
        .unwrap_or_else(|| panic!("no prompt with every bid:\n{shown}"));
    let words: Vec<&str> = options.split_whitespace().collect();
    for n in 1..=13 {
        let (plain, chosen) = (n.to_string(), format!("[{n}]"));
        assert!(
            words.contains(&plain.as_str()) || words.contains(&chosen.as_str()),
            "{n}: {options}"
        );
    }
    assert!(!options.contains("[Nil]"), "{options}");
    assert!(options.contains('['), "a bid is highlighted: {options}");
}

/// Plays South by keys until `done` holds: Enter answers a question on its highlighted option,
/// a key moves on from a moment or a sheet, `a` plays the card under the cursor.
pub fn play_until(app: &mut App, done: impl Fn(&App) -> bool) {
    for _ in 0..2_000 {
        if done(app) {
            return;
        }
        let key = next_key(app);
        keys(app, key);
    }
    panic!("never got there");
}

/// The key South's player presses next: Escape past a moment or a sheet, Enter on a
/// question's highlighted option, else `a` for the card under the cursor.
pub fn next_key(app: &App) -> &'static str {
    let game = app.game().expect("playing");
    if game.moment().is_some() || game.overlay().is_some() {
        "⎋"
    } else if game.view().prompt.is_some() {
        "⏎"
    } else {
        "a"
    }
}

pub fn holding_a_trick(app: &App) -> bool {
    app.game().is_some_and(|g| g.moment().is_some())
}
