//! The launcher's list, line by line: the games in progress under their heading, then every
//! variant of the catalog grouped by its ruleset.

use crate::records::SavedGame;
use felt_core::Catalog;

/// One line of the list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Row {
    /// A ruleset's heading: its id and one-line description.
    Heading(String, String),
    /// A variant, by its index in the catalog.
    Variant(usize),
    /// A game in progress, by its index in the saved games.
    Continue(usize),
    /// An empty line between the games in progress and the variants.
    Gap,
}

/// The heading of the games in progress.
const CONTINUE: &str = "continue";

/// The list's lines: the games in progress under their heading, then every variant grouped by
/// ruleset.
pub(super) fn rows(catalog: &Catalog, saved: &[SavedGame]) -> Vec<Row> {
    let mut rows = Vec::new();
    if !saved.is_empty() {
        rows.push(Row::Heading(
            CONTINUE.to_string(),
            "games in progress, with their undo history".to_string(),
        ));
        rows.extend((0..saved.len()).map(Row::Continue));
        rows.push(Row::Gap);
    }
    for factory in catalog.rulesets() {
        let variants: Vec<usize> = catalog
            .variants()
            .iter()
            .enumerate()
            .filter(|(_, e)| e.variant.ruleset == factory.id())
            .map(|(i, _)| i)
            .collect();
        if variants.is_empty() {
            continue;
        }
        rows.push(Row::Heading(
            factory.name(),
            factory.description().to_string(),
        ));
        rows.extend(variants.into_iter().map(Row::Variant));
    }
    rows
}
