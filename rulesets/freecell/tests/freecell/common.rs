//! Helpers the test files share: rulesets for each shipped variant and hand-made positions.

#![allow(dead_code)]

use felt_core::{Card, Catalog, DynRuleset};
use felt_freecell::{FreeCell, Params, State};
use std::sync::Arc;

/// The catalog of the bundled variants, as the host builds it.
pub fn catalog() -> Catalog {
    felt_patience::testing::catalog(
        Arc::new(felt_freecell::FreeCellFactory),
        &[],
        &felt_freecell::VARIANTS,
    )
}

/// A shipped variant, built through the catalog.
pub fn variant(id: &str) -> Arc<dyn DynRuleset> {
    catalog()
        .build(id, None)
        .unwrap_or_else(|e| panic!("{id}: {e}"))
}

/// Classic FreeCell with automatic moves off, so hand-made positions stay as written.
pub fn manual() -> FreeCell {
    FreeCell::with_params(Params {
        auto: false,
        ..Params::default()
    })
}

/// Cards from tokens (`"KS QH JC"`).
pub fn cards(text: &str) -> Vec<Card> {
    text.split_whitespace()
        .map(|t| t.parse().expect("test card"))
        .collect()
}

/// A position of classic FreeCell: columns and cells from tokens, foundations by count
/// (♠ ♥ ♦ ♣). The cards need not be a whole pack: rules never count the missing ones.
pub fn position(columns: &[&str], cells: &[&str], foundations: [u8; 4]) -> State {
    let mut cols: Vec<Vec<Card>> = columns.iter().map(|c| cards(c)).collect();
    cols.resize(8, Vec::new());
    let mut cl: Vec<Option<Card>> = cells
        .iter()
        .map(|c| (!c.is_empty()).then(|| c.parse().expect("test card")))
        .collect();
    cl.resize(4, None);
    State {
        deal: 0,
        columns: cols,
        cells: cl,
        foundations,
        moves: 0,
        news: Vec::new(),
    }
}
