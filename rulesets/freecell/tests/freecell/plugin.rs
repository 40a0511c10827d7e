//! The plugin through the real ABI, as the host loads it: the `cdylib` cargo builds beside
//! this test binary registers its ruleset and bundled variants, deals the same games as the
//! direct trait, and a solver line played through it wins.

use crate::common;

use felt_abi::{discover_in, register, Locations};
use felt_core::{Analysis, AnalyzeRequest, Catalog, GameCode, Seat, Session, Status};
use felt_patience::testing::plugin_library;

#[test]
fn the_plugin_plays_what_the_direct_ruleset_plays() {
    let mut catalog = Catalog::new();
    let reports = discover_in(&Locations {
        extra: vec![plugin_library("felt_freecell")],
        user_dir: None,
        exe_dir: None,
        isolation: None,
    });
    assert_eq!(register(&mut catalog, &reports).len(), 1, "{reports:?}");
    assert!(catalog.errors().is_empty(), "{:?}", catalog.errors());
    assert_eq!(catalog.variants().len(), felt_freecell::VARIANTS.len());
    let through = catalog
        .build("freecell", None)
        .expect("builds through the plugin");
    let direct = common::variant("freecell");
    let code = GameCode::new("FC-4C", 'S', 617).expect("code");
    let mut a = Session::new(through.clone(), code.clone(), 100);
    let b = Session::new(direct, code, 100);
    assert_eq!(a.view(Seat::SOLO), b.view(Seat::SOLO));
    let Some(Analysis::Won { actions, .. }) = through.analyze(
        a.state(),
        &AnalyzeRequest::Solve {
            full_information: true,
            budget: felt_core::Budget::states(1_000_000),
        },
    ) else {
        panic!("deal 617 is won through the plugin");
    };
    a.replay(&actions)
        .expect("the line replays through the plugin");
    assert_eq!(
        a.status(),
        Status::Won {
            winner: String::new()
        }
    );
}
