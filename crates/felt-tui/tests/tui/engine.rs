//! The one renderer draws the patience engine's games, which are only data: a table laid out
//! from pile roles alone (Yukon's long columns, Canfield's reserve beside its stock and waste,
//! Fan's eighteen fans in two rows), at 80×24 and 120×40 (insta snapshots).

use crate::common::{draw, screen, text, theme};
use felt_core::{Catalog, Origin, RulesetFactory};
use felt_tui::{App, Start};
use std::sync::Arc;

/// The catalog of the engine's shipped games.
fn engine_catalog() -> Catalog {
    let mut catalog = Catalog::new();
    let factory: Arc<dyn RulesetFactory> = Arc::new(felt_engine::EngineFactory);
    catalog.add_ruleset(factory);
    for (name, text) in felt_engine::variants::SCORING {
        let id = name.trim_end_matches(".toml");
        catalog
            .add_scoring(Origin::Plugin(name.to_string()), id, text)
            .unwrap_or_else(|e| panic!("{name}: {e}"));
    }
    for (name, text) in felt_engine::variants::VARIANTS {
        catalog
            .add_variant(Origin::Plugin(name.to_string()), text)
            .unwrap_or_else(|e| panic!("{name}: {e}"));
    }
    catalog
}

/// The screen of `variant`'s deal 1 at `width`×`height`.
fn deal_one(variant: &str, width: u16, height: u16) -> String {
    let catalog = engine_catalog();
    let code = catalog
        .code_for(variant, None, 1)
        .expect("a code")
        .to_string();
    let mut app =
        App::new(catalog, theme(), None, Some(Start::Code(code)), 7).expect("the game starts");
    let mut term = screen(width, height);
    draw(&mut term, &mut app);
    text(&term)
}

#[test]
fn yukon_at_80x24() {
    let shown = deal_one("yukon", 80, 24);
    assert!(shown.contains("Yukon"), "{shown}");
    insta::assert_snapshot!(shown);
}

#[test]
fn yukon_at_120x40() {
    insta::assert_snapshot!(deal_one("yukon", 120, 40));
}

#[test]
fn canfield_at_80x24() {
    let shown = deal_one("canfield", 80, 24);
    for label in ["stock", "waste", "reserve", "f1"] {
        assert!(shown.contains(label), "{label}: {shown}");
    }
    insta::assert_snapshot!(shown);
}

#[test]
fn canfield_at_120x40() {
    insta::assert_snapshot!(deal_one("canfield", 120, 40));
}

#[test]
fn fans_eighteen_columns_fit_80x24_in_two_rows() {
    let shown = deal_one("fan", 80, 24);
    assert!(!shown.contains("too small"), "{shown}");
    assert!(shown.contains("18"), "{shown}");
    insta::assert_snapshot!(shown);
}

#[test]
fn fan_at_120x40() {
    insta::assert_snapshot!(deal_one("fan", 120, 40));
}
