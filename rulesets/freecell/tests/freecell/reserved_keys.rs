//! The host's own keys are refused to a ruleset linked into the host as much as to a plugin:
//! FreeCell's `collect` asks for `m` (FC-COLLECT), so at a table that binds `m` itself every
//! FreeCell variant is refused, with why, when it loads and when it is built.

use felt_core::{Catalog, HostKey, Origin};
use std::sync::Arc;

fn catalog_reserving(key: char) -> Catalog {
    let mut catalog = Catalog::new();
    catalog.reserve_keys(vec![HostKey {
        key,
        does: "marking a card".into(),
    }]);
    catalog.add_ruleset(Arc::new(felt_freecell::FreeCellFactory));
    catalog
}

#[test]
fn a_variant_whose_extra_asks_for_a_host_key_is_refused_naming_the_key_and_its_use() {
    let mut catalog = catalog_reserving('m');
    let (name, text) = felt_freecell::VARIANTS[0];
    let error = catalog
        .add_variant(Origin::BuiltIn(name.into()), text)
        .expect_err("collect's key is the host's");
    assert!(
        error.to_string().contains(
            "ruleset freecell's extra 'collect' asks for key 'm', which felt uses for marking a card; choose another key"
        ),
        "{error}"
    );
    assert!(catalog.variants().is_empty());
    // Asking for the variant says why it is not there.
    let asked = catalog.build("freecell", None).err().map(|e| e.to_string());
    assert!(
        asked
            .as_deref()
            .is_some_and(|e| e.contains("asks for key 'm'")),
        "{asked:?}"
    );
}

#[test]
fn a_free_key_leaves_every_variant_playable() {
    let mut catalog = catalog_reserving('z');
    for (name, text) in felt_freecell::VARIANTS {
        catalog
            .add_variant(Origin::BuiltIn(name.into()), text)
            .unwrap_or_else(|e| panic!("{name}: {e}"));
    }
    assert!(catalog.build("freecell", None).is_ok());
}
