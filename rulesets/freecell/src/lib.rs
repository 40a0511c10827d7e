//! FreeCell and its relatives for felt, loaded as a plugin: four free cells, four foundations,
//! eight columns dealt face up from Microsoft's numbered deals, group moves as far as the free
//! cells and empty columns allow, safe cards sent up by themselves, and a solver behind
//! `analyze` that wins a deal or proves it lost. The rule ids (FC-*) are those of
//! `docs/rules/freecell.md`.
//!
//! Piles: the columns from 0, then the free cells, then the four foundations in ♠ ♥ ♦ ♣ order.
//! A card goes only to its own suit's foundation.
//!
//! Built as a `cdylib` it is a felt plugin ([`felt_plugin::export_ruleset!`]); built as an `rlib`,
//! tests and the measuring example call [`FreeCell`] directly.

#![warn(missing_docs)]

pub mod check;
pub mod collect;
pub mod deal;
pub mod params;
pub mod position;
pub mod rules;
pub mod ruleset;
pub mod solver;
pub mod state;
pub mod view;

pub use params::{Build, Empty, Params};
pub use ruleset::{FreeCell, RULESET_ID};
pub use state::{Layout, Pile, State};

use felt_core::{DynRuleset, ParamError, RuleChoice, RulesetFactory, Setup, Typed};
use std::sync::Arc;

/// The variant files the plugin ships, as `(file name, TOML text)`.
pub const VARIANTS: [(&str, &str); 5] = [
    ("freecell.toml", include_str!("../variants/freecell.toml")),
    (
        "freecell-2cells.toml",
        include_str!("../variants/freecell-2cells.toml"),
    ),
    (
        "bakers-game.toml",
        include_str!("../variants/bakers-game.toml"),
    ),
    ("eight-off.toml", include_str!("../variants/eight-off.toml")),
    (
        "seahaven-towers.toml",
        include_str!("../variants/seahaven-towers.toml"),
    ),
];

/// Makes FreeCell instances from variant files.
pub struct FreeCellFactory;

impl RulesetFactory for FreeCellFactory {
    fn id(&self) -> &str {
        RULESET_ID
    }
    fn name(&self) -> String {
        "FreeCell".to_string()
    }
    fn description(&self) -> &str {
        "FreeCell and its relatives: every card face up, free cells, build down to the foundations"
    }
    fn rule_choices(&self) -> Vec<RuleChoice> {
        ruleset::rule_choices()
    }
    fn bundled_variants(&self) -> Vec<(String, String)> {
        VARIANTS
            .iter()
            .map(|(n, t)| (n.to_string(), t.to_string()))
            .collect()
    }
    fn build(&self, setup: Setup<'_>) -> Result<Arc<dyn DynRuleset>, ParamError> {
        Ok(Typed::shared(FreeCell::new(setup)?))
    }
}

felt_plugin::export_ruleset!(FreeCellFactory);
