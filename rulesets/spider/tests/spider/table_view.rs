//! The table view conventions renderers and the headless mode rely on, and the help text.

use crate::common::*;
use felt_core::{Action, CardFace, DrawHint, PileId, PileRole, Place, Ruleset, Seat};

#[test]
fn the_view_lays_out_columns_stock_and_runs_as_agreed() {
    let r = typed("spider-2suit", "classic");
    let s = r.new_game(5);
    let view = r.view(&s, Seat::SOLO);
    assert_eq!(view.piles.len(), 12);
    for (i, pile) in view.piles.iter().take(10).enumerate() {
        assert_eq!(pile.id, PileId(i as u8));
        assert_eq!(pile.role, PileRole::Tableau);
        assert_eq!(pile.hint, DrawHint::FanDown);
        assert_eq!(pile.label, (i + 1).to_string());
        assert_eq!(pile.place, Place::at(1, i as u8));
    }
    let stock = &view.piles[10];
    assert_eq!(
        (stock.id, stock.role, stock.hint),
        (PileId(10), PileRole::Stock, DrawHint::Stacked)
    );
    assert_eq!(
        (stock.label.as_str(), stock.place),
        ("stock", Place::at(0, 0))
    );
    assert_eq!(stock.cards, vec![CardFace::Down; 50]);
    assert_eq!(stock.note.as_deref(), Some("5 deals"));
    let runs = &view.piles[11];
    assert_eq!(
        (runs.id, runs.role, runs.hint),
        (PileId(11), PileRole::Foundation, DrawHint::FanRight)
    );
    assert_eq!((runs.label.as_str(), runs.place), ("runs", Place::at(0, 1)));
    assert!(runs.cards.is_empty());
    let status: Vec<(&str, &str)> = view
        .status
        .iter()
        .map(|i| (i.key.as_str(), i.value.as_str()))
        .collect();
    assert_eq!(
        status,
        [
            ("score", "500"),
            ("moves", "0"),
            ("stock", "50"),
            ("deals", "5"),
            ("runs", "0/8")
        ]
    );
    assert!(view.prompt.is_none());
}

#[test]
fn face_down_cards_never_reach_the_view() {
    // ✱ Contract 3: a hidden card carries nothing of its value.
    let r = typed("spider-4suit", "classic");
    let s = r.new_game(8);
    let view = r.view(&s, Seat::SOLO);
    for (column, pile) in s.columns().iter().zip(&view.piles) {
        let down = pile.cards.iter().filter(|c| **c == CardFace::Down).count();
        assert_eq!(down, column.face_down());
        assert_eq!(
            pile.cards.last(),
            Some(&CardFace::Up(column.cards()[column.len() - 1]))
        );
    }
}

#[test]
fn removed_runs_show_their_kings_face_up() {
    let r = typed("spider-2suit", "classic");
    let s = position(
        &r,
        &["9S", "9S", "9S", "9H", "9H", "9H", "5H", "5S", "5S", "5S"],
        &[],
        "KS KH",
        9,
    );
    let view = r.view(&s, Seat::SOLO);
    let kings: Vec<String> = view.piles[11]
        .cards
        .iter()
        .filter_map(|c| c.card())
        .map(|c| c.to_string())
        .collect();
    assert_eq!(kings, ["KS", "KH"]);
    assert_eq!(view.status_value("runs"), Some("2/8"));
    assert_eq!(view.piles[10].note.as_deref(), Some("no deals"));
}

#[test]
fn the_stock_note_counts_down_the_deals() {
    let r = typed("spider-1suit", "classic");
    let mut s = r.new_game(2);
    for _ in 0..4 {
        play(&r, &mut s, &Action::Deal { from: PileId(10) });
    }
    assert_eq!(
        r.view(&s, Seat::SOLO).piles[10].note.as_deref(),
        Some("1 deal")
    );
}

#[test]
fn the_help_text_explains_the_variants_rules() {
    let classic = typed("spider-2suit", "classic");
    let help = classic.info().help.join("\n");
    for words in [
        "104 cards",
        "spades and hearts",
        "5 deals of 10",
        "nothing goes on an Ace",
        "one suit (classic rules)",
        "Remove 8 runs",
        "starts at 500",
        "each move −1",
        "each removed run +100",
        "never goes below 0",
    ] {
        assert!(help.contains(words), "help lacks '{words}':\n{help}");
    }
    let relaxed = typed("spider-2suit", "relaxed");
    assert!(relaxed
        .info()
        .help
        .join("\n")
        .contains("whatever their suits (relaxed rules)"));
    assert_eq!(relaxed.info().rules, "relaxed");
    assert_eq!(relaxed.info().variant, "spider-2suit");
    assert_eq!(relaxed.info().seats, 1);
}
