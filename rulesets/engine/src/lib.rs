//! The patience engine (docs/patience-engine.md): one ruleset whose games are TOML files
//! written in a shared vocabulary, so a classic patience needs no Rust of its own.
//!
//! - [`vocabulary::Game`]: a variant's `[game]` table, read with a default for every key but
//!   the number of columns, every mistake named by its dotted key with the values allowed;
//! - [`deal`]: the deal, in the order felt's Klondike, FreeCell and Scorpion deal (checked
//!   against them deal by deal);
//! - [`play`] and [`Engine`]: moves and the stock checked with refusals that name a `PA-`
//!   rule, the view by pile roles, and the automatic moves;
//! - [`solver`]: the analysis, on felt-patience's `Limits`: a solver that sees every card,
//!   honest hints that read no hidden card, and dead ends proven (PA-DEADEND);
//! - [`position`]: one position format for every game;
//! - [`variants`]: the games it ships, each a file in `variants/` with its page in
//!   `docs/rules/`. A player's own file plays the same way.
//!
//! The plugin felt loads is the shell crate felt-engine-plugin.

#![warn(missing_docs)]

pub mod deal;
pub mod engine;
mod help;
pub mod play;
pub mod position;
mod reader;
mod refusal;
pub mod rules;
pub mod solver;
mod state;
pub mod variants;
pub mod vocabulary;

pub use deal::{Column, Layout};
pub use engine::Engine;
pub use play::{Pile, State};
pub use vocabulary::Game;

use felt_core::{DynRuleset, ParamError, RuleChoice, RulesetFactory, Setup, Typed};
use std::sync::Arc;

/// Makes the engine's games from variant files: its own and any a player writes.
pub struct EngineFactory;

impl RulesetFactory for EngineFactory {
    fn id(&self) -> &str {
        engine::RULESET_ID
    }
    fn name(&self) -> String {
        "Patience".to_string()
    }
    fn description(&self) -> &str {
        "Patience games described in TOML: Yukon, Canfield, Forty Thieves and the classic canon"
    }
    fn rule_choices(&self) -> Vec<RuleChoice> {
        vec![RuleChoice {
            id: "standard".into(),
            letter: 'S',
            name: "Standard".into(),
            description: "The variant's [game] table says the whole game".into(),
        }]
    }
    fn bundled_variants(&self) -> Vec<(String, String)> {
        variants::VARIANTS
            .iter()
            .map(|(n, t)| (n.to_string(), t.to_string()))
            .collect()
    }
    fn bundled_scoring(&self) -> Vec<(String, String)> {
        variants::SCORING
            .iter()
            .map(|(n, t)| (n.to_string(), t.to_string()))
            .collect()
    }
    fn build(&self, setup: Setup<'_>) -> Result<Arc<dyn DynRuleset>, ParamError> {
        Ok(Typed::shared(Engine::new(setup)?))
    }
}
