//! docs/game-codes.md's FreeCell table and docs/rules/freecell.md's variant table cannot drift
//! from the bundled variant files.

use crate::common;

const GAME_CODES_MD: &str = include_str!("../../../../docs/game-codes.md");
const RULES_MD: &str = include_str!("../../../../docs/rules/freecell.md");

use felt_patience::testing::table_after;

#[test]
fn the_game_codes_page_lists_every_bundled_variant() {
    felt_patience::testing::assert_game_codes_table(
        &common::catalog(),
        GAME_CODES_MD,
        "## FreeCell",
        felt_freecell::VARIANTS.len(),
    );
}

#[test]
fn the_rules_page_lists_every_bundled_variant_with_its_settings() {
    let catalog = common::catalog();
    let rows = table_after(RULES_MD, "## The shipped variants");
    assert_eq!(rows.len(), felt_freecell::VARIANTS.len());
    for row in rows {
        let entry = catalog
            .variants()
            .iter()
            .find(|e| e.variant.name == row[0].replace(", two cells", " (two cells)"))
            .unwrap_or_else(|| panic!("{} is not bundled", row[0]));
        let p = felt_freecell::Params::from_table(&entry.variant.game).expect("checked");
        let build = match p.build {
            felt_freecell::Build::Alternate => "alternate",
            felt_freecell::Build::Suit => "suit",
        };
        let empty = match p.empty {
            felt_freecell::Empty::Any => "any",
            felt_freecell::Empty::Kings => "kings",
        };
        let settings = [
            p.cells.to_string(),
            p.columns.to_string(),
            p.cells_dealt.to_string(),
            build.to_string(),
            empty.to_string(),
        ];
        assert_eq!(
            row[1..6].to_vec(),
            settings.iter().map(String::as_str).collect::<Vec<_>>(),
            "{}",
            row[0]
        );
    }
}

/// The rule ids of the rules page, in the order it gives them (`- **FC-…** —`).
fn rule_ids() -> Vec<&'static str> {
    RULES_MD
        .lines()
        .filter_map(|l| l.strip_prefix("- **"))
        .filter_map(|l| l.split_once("**"))
        .map(|(id, _)| id)
        .filter(|id| id.starts_with("FC-"))
        .collect()
}

#[test]
fn every_rule_a_move_may_break_is_quoted_by_a_refusal_test() {
    const REFUSALS: &str = include_str!("refusals.rs");
    // FC-DEAL, FC-AUTO and FC-DEADEND say what happens by itself: no action breaks them
    // (tests/freecell/dead_end.rs pins FC-DEADEND).
    let ids = rule_ids();
    assert!(ids.len() >= 10, "{ids:?}");
    for id in ids
        .into_iter()
        .filter(|id| !["FC-DEAL", "FC-AUTO", "FC-DEADEND"].contains(id))
    {
        let name = format!("fn {}_", id.to_ascii_lowercase().replace('-', "_"));
        assert!(
            REFUSALS.contains(&name),
            "{id}: no test in tests/freecell/refusals.rs is named for it"
        );
        assert!(
            REFUSALS.contains(&format!("\"{id}\"")),
            "{id}: no test in tests/freecell/refusals.rs quotes it"
        );
    }
}
