//! Partnership Spades for felt, as on pagat.com (John McLeod): the human in the South seat,
//! three computer seats, bidding with Nil, bags and the game to 500. See
//! shared rules `spades.md` for the rule ids (SPD-*) the refusals and tests cite.
//!
//! Built as a `cdylib`, it is a felt plugin ([`felt_plugin::export_ruleset!`]); built as an
//! `rlib`, tests and benchmarks call [`Spades`] directly.
//!
//! Seats go clockwise: South 0 (the human), West 1, North 2, East 3. Bids are the prompt's
//! options 0–13 (`Action::Choose`); a card is played with `Action::Move` from pile 0 (South's
//! hand, cards in display order) at the card's index to pile 4 (South's place in the trick).
//! Every computer turn is played inside the same `apply`, so after each action it is the
//! human's turn again, or the hand or game is over. Which seats are driven from outside (South
//! by default; `--seats S,N`, `all`) and which computer player takes each other seat is the
//! variant's ([`seats`]); a seat driven from outside plays from its own hand pile to its own
//! place in the trick.

#![warn(missing_docs)]

pub mod bots;
pub mod cards;
pub mod facts;
pub mod game;
pub mod params;
pub mod position;
pub mod ruleset;
pub mod scoring;
pub mod seats;
pub mod view;

pub use game::State;
pub use ruleset::{Decision, Params, Spades};

use felt_core::{DynRuleset, ParamError, RuleChoice, RulesetFactory, Setup, Typed};
use std::sync::Arc;

/// The variant files the plugin ships, as `(file name, TOML text)`.
pub const VARIANTS: [(&str, &str); 3] = [
    ("spades.toml", include_str!("../variants/spades.toml")),
    (
        "spades-easy.toml",
        include_str!("../variants/spades-easy.toml"),
    ),
    (
        "spades-strong.toml",
        include_str!("../variants/spades-strong.toml"),
    ),
];

/// Makes Spades instances from variant files.
pub struct SpadesFactory;

impl RulesetFactory for SpadesFactory {
    fn id(&self) -> &str {
        "spades"
    }
    fn description(&self) -> &str {
        "Partnership Spades for four, with computer partners and opponents"
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
        Ok(Typed::shared(Spades::new(setup)?))
    }
}

felt_plugin::export_ruleset!(SpadesFactory);
