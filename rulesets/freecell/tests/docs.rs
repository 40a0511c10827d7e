//! docs/game-codes.md's FreeCell table and docs/rules/freecell.md's variant table cannot drift
//! from the bundled variant files.

mod common;

const GAME_CODES_MD: &str = include_str!("../../../docs/game-codes.md");
const RULES_MD: &str = include_str!("../../../docs/rules/freecell.md");

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
