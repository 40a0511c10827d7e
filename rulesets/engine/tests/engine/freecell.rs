//! The engine's FreeCell family against the FreeCell crate: with `shuffle = "microsoft"` the
//! engine lays out Microsoft's deals exactly as the crate does, deal by deal, so their
//! verdicts can be compared on the same tables.

use crate::support::engine;
use felt_core::Ruleset;
use felt_freecell::{FreeCell, Params};

/// FreeCell as the engine says it, on Microsoft's deals.
const FREECELL: &str = r#"
shuffle = "microsoft"
tableau = { columns = 8, up = [7, 7, 7, 7, 6, 6, 6, 6] }
cells.count = 4
move = "supermove"
"#;

/// Seahaven Towers: ten columns of five, the last two cards in the cells.
const SEAHAVEN: &str = r#"
shuffle = "microsoft"
tableau = { columns = 10, up = 5 }
cells = { count = 4, filled = 2 }
build.by = "suit"
move = "supermove"
empty = "king"
"#;

/// The crate's deal `seed` and the engine's agree pile by pile, before any card goes up.
fn same_deals(text: &str, params: Params) {
    let ours = engine(text);
    let theirs = FreeCell::with_params(params);
    for seed in 1..=1000u64 {
        let a = ours.play().game.deal(seed);
        let b = theirs.deal(seed as u32);
        let columns: Vec<_> = a.columns.iter().map(|c| c.cards.clone()).collect();
        assert_eq!(columns, b.columns, "deal {seed}");
        assert!(a.columns.iter().all(|c| c.down == 0), "deal {seed}");
        assert_eq!(a.cells, b.cells, "deal {seed}");
    }
    // And the host is told these are numbered deals.
    assert_eq!(ours.shuffles(), theirs.shuffles());
}

#[test]
fn the_engines_freecell_deals_microsofts_deals_as_the_crate_does_pa_deal() {
    same_deals(FREECELL, Params::default());
}

#[test]
fn the_engines_seahaven_deals_as_the_crates_pa_deal() {
    same_deals(
        SEAHAVEN,
        Params {
            columns: 10,
            cells_dealt: 2,
            ..Params::default()
        },
    );
}

#[test]
fn a_microsoft_shuffle_needs_one_whole_pack() {
    let table: toml::Table = format!("decks = 2\n{FREECELL}").parse().expect("TOML");
    let e = felt_engine::Game::read(&table).expect_err("two packs");
    assert_eq!(e.key.as_deref(), Some("game.shuffle"));
    assert!(
        e.message.contains("needs decks = 1 and suits = 4"),
        "{}",
        e.message
    );
}

/// The FreeCell crate's Eight Off, which knows nothing of the engine's rules.
fn crates_eight_off() -> Params {
    Params {
        cells: 8,
        cells_dealt: 4,
        build: felt_freecell::Build::Suit,
        empty: felt_freecell::Empty::Kings,
        ..Params::default()
    }
}

/// The engine's Eight Off, as it ships.
fn eight_off() -> &'static str {
    crate::support::shipped_game("patience-eight-off")
}

#[test]
fn the_engines_eight_off_deals_as_the_crates_pa_deal() {
    same_deals(eight_off(), crates_eight_off());
}

#[test]
fn the_engines_eight_off_gives_the_freecell_crates_verdicts() {
    let ours = engine(eight_off());
    let theirs = FreeCell::with_params(crates_eight_off());
    // The first deals, and the two of 1..1000 that no line wins (both solvers prove them
    // lost within the budget), so that losses are compared too.
    let deals = u64::from(felt_patience::testing::cases(
        "FELT_ENGINE_EIGHT_OFF_DEALS",
        30,
    ));
    let chosen = (1..=deals).chain([465, 644].into_iter().filter(|&d| d > deals));
    let (won, lost) = crate::home_runs::agree(&ours, &theirs, chosen, 100_000);
    assert!(won >= 1 && lost == 2, "{won} won, {lost} lost");
}
