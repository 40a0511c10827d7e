//! Helpers the test files share: rulesets for each shipped variant and hand-made positions.

#![allow(dead_code)]

use felt_core::{Action, Card, Catalog, DynRuleset, PileId};
use felt_klondike::{Column, Klondike, Params, State};
use std::sync::Arc;

/// The catalog of the bundled scoring tables and variants, as the host builds it.
pub fn catalog() -> Catalog {
    felt_patience::testing::catalog(
        Arc::new(felt_klondike::KlondikeFactory),
        &felt_klondike::SCORING,
        &felt_klondike::VARIANTS,
    )
}

/// A shipped variant, built through the catalog.
pub fn variant(id: &str) -> Arc<dyn DynRuleset> {
    catalog()
        .build(id, None)
        .unwrap_or_else(|e| panic!("{id}: {e}"))
}

/// Klondike (draw one) with automatic moves off, so hand-made positions stay as written.
pub fn manual() -> Klondike {
    Klondike::with_params(
        Params {
            auto: false,
            ..Params::default()
        },
        None,
    )
}

/// Cards from tokens (`"KS QH JC"`).
pub fn cards(text: &str) -> Vec<Card> {
    text.split_whitespace()
        .map(|t| t.parse().expect("test card"))
        .collect()
}

/// A column from tokens, the cards before `|` face down (`"4C 9D | 8S 7H"`).
pub fn column(text: &str) -> Column {
    match text.split_once('|') {
        Some((down, up)) => {
            let down = cards(down);
            let n = down.len();
            let mut all = down;
            all.extend(cards(up));
            Column {
                cards: all,
                down: n,
            }
        }
        None => Column {
            cards: cards(text),
            down: 0,
        },
    }
}

/// A position: the given columns, stock (top last) and waste (top last), foundations by count
/// (♠ ♥ ♦ ♣). For the rules alone the cards need not be a whole pack; [`whole`] says when
/// they are.
pub fn position(columns: &[&str], stock: &str, waste: &str, foundations: [u8; 4]) -> State {
    let mut cols: Vec<Column> = columns.iter().map(|c| column(c)).collect();
    cols.resize(7, Column::default());
    State {
        seed: 0,
        columns: cols,
        stock: cards(stock),
        waste: cards(waste),
        foundations,
        recycles: 0,
        moves: 0,
        score: 0,
        news: Vec::new(),
    }
}

/// A move between piles by id.
pub fn mv(from: u8, index: u16, to: u8) -> Action {
    Action::Move {
        from: PileId(from),
        index,
        to: PileId(to),
    }
}

/// The deal from the stock.
pub fn deal() -> Action {
    Action::Deal {
        from: felt_klondike::state::STOCK,
    }
}

/// Whether a hand-made position holds each of the 52 cards once.
pub fn whole(state: &State) -> bool {
    let mut all = state.all_cards();
    all.sort();
    all.dedup();
    all.len() == 52 && state.all_cards().len() == 52
}
