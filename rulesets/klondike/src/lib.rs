//! Klondike for felt, loaded as a plugin: seven columns of one to seven cards, a stock turned
//! one or three cards at a time onto a waste, four foundations built up by suit, the tableau
//! built down in alternating colours, safe cards sent up by themselves, scoring tables of its
//! own (standard and Vegas), and a solver behind `analyze`. The rule ids (KL-*) are those of
//! `docs/rules/klondike.md`.
//!
//! Piles: the columns 0..7, the stock (7), the waste (8), then the four foundations in
//! ♠ ♥ ♦ ♣ order (9..13). A card sent to any foundation goes to its own suit's.
//!
//! Built as a `cdylib` it is a felt plugin ([`felt_plugin::export_ruleset!`]); built as an
//! `rlib`, tests call [`Klondike`] directly.

#![warn(missing_docs)]

pub mod params;
pub mod position;
pub mod rules;
pub mod ruleset;
pub mod solver;
pub mod state;
pub mod view;

pub use params::Params;
pub use ruleset::{Klondike, RULESET_ID};
pub use state::{Column, Pile, State};

use felt_core::{DynRuleset, ParamError, RuleChoice, RulesetFactory, Setup, Typed};
use std::sync::Arc;

/// The variant files the plugin ships, as `(file name, TOML text)`.
pub const VARIANTS: [(&str, &str); 4] = [
    ("klondike.toml", include_str!("../variants/klondike.toml")),
    (
        "klondike-draw3.toml",
        include_str!("../variants/klondike-draw3.toml"),
    ),
    ("vegas.toml", include_str!("../variants/vegas.toml")),
    (
        "thoughtful.toml",
        include_str!("../variants/thoughtful.toml"),
    ),
];

/// The scoring tables the plugin ships, as `(file name, TOML text)`; a variant names one by
/// the file name without `.toml`.
pub const SCORING: [(&str, &str); 2] = [
    (
        "klondike-standard.toml",
        include_str!("../scoring/klondike-standard.toml"),
    ),
    (
        "klondike-vegas.toml",
        include_str!("../scoring/klondike-vegas.toml"),
    ),
];

/// Makes Klondike instances from variant files.
pub struct KlondikeFactory;

impl RulesetFactory for KlondikeFactory {
    fn id(&self) -> &str {
        RULESET_ID
    }
    fn description(&self) -> &str {
        "Klondike: the stock and waste, seven columns, build down in alternating colours"
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
    fn bundled_scoring(&self) -> Vec<(String, String)> {
        SCORING
            .iter()
            .map(|(n, t)| (n.to_string(), t.to_string()))
            .collect()
    }
    fn build(&self, setup: Setup<'_>) -> Result<Arc<dyn DynRuleset>, ParamError> {
        Ok(Typed::shared(Klondike::new(setup)?))
    }
}

felt_plugin::export_ruleset!(KlondikeFactory);
