//! The catalog with real variant files: a plugin cannot replace a built-in variant, and
//! thousands of user files load, each found by its id and its code.

use crate::common::{CLASSIC, ONE_SUIT};
use felt_core::{Catalog, GameCode, Origin};

fn catalog() -> Catalog {
    let mut catalog = Catalog::new();
    catalog.add_ruleset(felt_spider::factory());
    catalog
        .add_scoring(Origin::BuiltIn("classic.toml".into()), "classic", CLASSIC)
        .expect("the shipped scoring table");
    catalog
        .add_variant(Origin::BuiltIn("spider-1suit.toml".into()), ONE_SUIT)
        .expect("the shipped variant");
    catalog
}

#[test]
fn a_plugin_variant_with_a_built_in_id_is_refused_and_the_built_in_stays() {
    let mut catalog = catalog();
    let imposter = ONE_SUIT.replace("Spider, one suit", "Not Spider at all");
    let err = catalog
        .add_variant(Origin::Plugin("evil".into()), &imposter)
        .expect_err("a plugin cannot replace a built-in");
    assert!(
        err.message
            .contains("a plugin cannot replace the built-in variant 'spider-1suit'"),
        "{err}"
    );
    let entry = catalog.get("spider-1suit").expect("still there");
    assert_eq!(entry.variant.name, "Spider, one suit");
    assert!(matches!(entry.origin, Origin::BuiltIn(_)));
    assert_eq!(catalog.errors().len(), 1, "the refusal is reported");
}

#[test]
fn a_user_file_may_still_replace_a_built_in() {
    let mut catalog = catalog();
    let mine = ONE_SUIT.replace("Spider, one suit", "My one suit");
    let entry = catalog
        .add_variant(Origin::File("mine.toml".into()), &mine)
        .expect("a user's file replaces a built-in");
    assert!(matches!(entry.overrides, Some(Origin::BuiltIn(_))));
    assert_eq!(
        catalog.get("spider-1suit").map(|e| e.variant.name.as_str()),
        Some("My one suit")
    );
}

#[test]
fn thousands_of_variant_files_load_each_found_by_id_and_code() {
    let mut catalog = catalog();
    let n = 3000;
    for i in 0..n {
        let text = ONE_SUIT
            .replace("id = \"spider-1suit\"", &format!("id = \"many-{i}\""))
            .replace("code = \"SP1-S1\"", &format!("code = \"MANY{i}-S1\""));
        catalog
            .add_variant(Origin::File(format!("many-{i}.toml").into()), &text)
            .expect("a valid variant");
    }
    assert_eq!(catalog.variants().len(), n + 1);
    for i in [0, n / 2, n - 1] {
        let id = format!("many-{i}");
        assert!(catalog.get(&id).is_some(), "{id}");
        let code = GameCode::parse(&format!("MANY{i}-S1C-AAAAAAB")).expect("a code");
        let (entry, _) = catalog.resolve(&code).expect("resolves");
        assert_eq!(entry.variant.id, id);
    }
    // A code prefix stays taken by its variant.
    let clash = ONE_SUIT
        .replace("id = \"spider-1suit\"", "id = \"clash\"")
        .replace("code = \"SP1-S1\"", "code = \"MANY7-S1\"");
    let err = catalog
        .add_variant(Origin::File("clash.toml".into()), &clash)
        .expect_err("a code in use");
    assert!(
        err.message.contains("already used by variant many-7"),
        "{err}"
    );
}
