//! The plugin through the real ABI, as the host loads it: the `cdylib` cargo builds beside
//! this test binary registers its ruleset, scoring tables and bundled variants, and deals the
//! same games as the direct trait.

use crate::common;

use felt_abi::{discover_in, register, Locations};
use felt_core::{Catalog, GameCode, Seat, Session};
use felt_patience::testing::plugin_library;

#[test]
fn the_plugin_ships_its_scoring_and_plays_what_the_direct_ruleset_plays() {
    let mut catalog = Catalog::new();
    let reports = discover_in(&Locations {
        extra: vec![plugin_library("felt_klondike")],
        user_dir: None,
        exe_dir: None,
        isolation: None,
    });
    assert_eq!(register(&mut catalog, &reports).len(), 1, "{reports:?}");
    assert!(catalog.errors().is_empty(), "{:?}", catalog.errors());
    assert_eq!(catalog.variants().len(), felt_klondike::VARIANTS.len());
    assert!(catalog.scoring("klondike-standard").is_some());
    assert_eq!(
        catalog.scoring("klondike-vegas").map(|t| t.start),
        Some(-52)
    );
    for id in ["klondike", "vegas"] {
        let through = catalog.build(id, None).expect("builds through the plugin");
        let direct = common::variant(id);
        let code = GameCode::new("KL-D1", 'S', 617).expect("code");
        let mut a = Session::new(through, code.clone(), 100);
        let mut b = Session::new(direct, code, 100);
        for _ in 0..30 {
            assert_eq!(a.view(Seat::SOLO), b.view(Seat::SOLO));
            assert_eq!(a.scoreboard(), b.scoreboard());
            let legal = a.legal_actions();
            assert_eq!(legal, b.legal_actions());
            let Some(action) = legal.first() else { break };
            a.act(action).expect("through the plugin");
            b.act(action).expect("direct");
        }
    }
}
