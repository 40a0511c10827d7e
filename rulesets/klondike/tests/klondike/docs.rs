//! docs/rules/klondike.md cannot drift from the code: every rule id a refusal or the source
//! cites is on the page and every id on the page is used; its variant and scoring tables match
//! the bundled files; docs/game-codes.md lists every bundled variant.

use crate::common;

use std::collections::BTreeSet;

const GAME_CODES_MD: &str = include_str!("../../../../docs/game-codes.md");
const RULES_MD: &str = include_str!("../../../../docs/rules/klondike.md");
const SOURCES: [&str; 5] = [
    include_str!("../../src/rules.rs"),
    include_str!("../../src/ruleset.rs"),
    include_str!("../../src/params.rs"),
    include_str!("../../src/view.rs"),
    include_str!("../../src/solver/hint.rs"),
];

use felt_patience::testing::{defined_rule_ids, rule_ids, table_after};

#[test]
fn every_rule_id_the_code_cites_is_defined_on_the_rules_page_and_every_defined_id_is_cited() {
    let defined = defined_rule_ids(RULES_MD);
    let cited: BTreeSet<String> = SOURCES.iter().flat_map(|s| rule_ids(s, "KL-")).collect();
    // Game codes (KL-D1 …) are not rule ids.
    let cited: BTreeSet<String> = cited
        .into_iter()
        .filter(|id| !matches!(id.as_str(), "KL-D1" | "KL-D3" | "KL-VG" | "KL-TH"))
        .collect();
    assert_eq!(cited, defined);
    assert!(defined.len() >= 14, "{defined:?}");
}

#[test]
fn the_game_codes_page_lists_every_bundled_variant() {
    felt_patience::testing::assert_game_codes_table(
        &common::catalog(),
        GAME_CODES_MD,
        "## Klondike",
        felt_klondike::VARIANTS.len(),
    );
}

#[test]
fn the_rules_page_lists_every_bundled_variant_with_its_settings() {
    let catalog = common::catalog();
    let rows = table_after(RULES_MD, "## The shipped variants");
    assert_eq!(rows.len(), felt_klondike::VARIANTS.len());
    for row in rows {
        let entry = catalog
            .variants()
            .iter()
            .find(|e| e.variant.name == row[0])
            .unwrap_or_else(|| panic!("{} is not bundled", row[0]));
        let p = felt_klondike::Params::from_table(&entry.variant.game).expect("checked");
        let settings = [
            p.draw.to_string(),
            p.passes
                .map_or_else(|| "unlimited".to_string(), |n| n.to_string()),
            p.foundation_return.to_string(),
            p.face_up.to_string(),
            entry
                .variant
                .scoring
                .clone()
                .unwrap_or_else(|| "none".into()),
        ];
        assert_eq!(
            row[1..6].to_vec(),
            settings.iter().map(String::as_str).collect::<Vec<_>>(),
            "{}",
            row[0]
        );
    }
}

#[test]
fn the_rules_page_prices_each_event_as_the_shipped_tables_do() {
    let catalog = common::catalog();
    let rows = table_after(RULES_MD, "## Scoring tables");
    assert_eq!(rows.len(), felt_klondike::SCORING.len());
    let events = [
        "foundation",
        "waste-tableau",
        "turn",
        "foundation-tableau",
        "recycle-1",
        "recycle-3",
    ];
    for row in rows {
        let table = catalog
            .scoring(row[0].trim_matches('`'))
            .unwrap_or_else(|| panic!("{} is not shipped", row[0]));
        assert_eq!(row[1], table.start.to_string(), "{}", row[0]);
        assert_eq!(
            row[2],
            table
                .floor
                .map_or_else(|| "none".to_string(), |f| f.to_string()),
            "{}",
            row[0]
        );
        for (cell, event) in row[3..].iter().zip(events) {
            assert_eq!(
                *cell,
                table.points(event, 1).to_string(),
                "{} {event}",
                row[0]
            );
        }
    }
}
