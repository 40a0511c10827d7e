//! A Spades variant's settings: its `[game]` table read and checked, every mistake named by
//! its key.

use crate::bots::Policy;
use felt_core::ParamError;

/// What undo may take back (`undo` in a variant's `[game]` table; SPD-UNDO).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum UndoRule {
    /// `"own-last"`, the default: a player's own last action, before any other seat has
    /// acted; never once a trick is complete, a hand dealt or the game over.
    #[default]
    OwnLast,
    /// `"free"`: any action, as far back as the host keeps them (a practice table).
    Free,
}

/// Settings from a variant's `[game]` table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Params {
    /// Points that win the game (`target`, default 500).
    pub target: i32,
    /// Sampled deals per computer decision (`samples`, default 24).
    pub samples: u32,
    /// Search nodes per sampled deal of the strong player (`nodes`, default 200,000).
    pub nodes: u64,
    /// How North plays, and South's hints (`partner`: `rules`, `normal` or `strong`).
    pub partner: Policy,
    /// How East and West play (`opponents`: `rules`, `normal` or `strong`).
    pub opponents: Policy,
    /// What undo may take back (`undo`: `own-last` or `free`).
    pub undo: UndoRule,
}

impl Default for Params {
    fn default() -> Params {
        Params {
            target: 500,
            samples: 24,
            nodes: 200_000,
            partner: Policy::MonteCarlo,
            opponents: Policy::MonteCarlo,
            undo: UndoRule::OwnLast,
        }
    }
}

impl Params {
    /// Reads and checks the `[game]` table.
    pub fn from_table(game: &toml::Table) -> Result<Params, ParamError> {
        let mut params = Params::default();
        for (key, value) in game {
            let at = format!("game.{key}");
            match key.as_str() {
                "target" => {
                    params.target = value
                        .as_integer()
                        .filter(|n| (50..=10_000).contains(n))
                        .ok_or_else(|| {
                            ParamError::at(
                                &at,
                                "expected the winning score, a whole number from 50 to 10000",
                            )
                        })? as i32
                }
                "samples" => {
                    params.samples = value
                        .as_integer()
                        .filter(|n| (1..=1_000).contains(n))
                        .ok_or_else(|| {
                            ParamError::at(
                                &at,
                                "expected sampled deals per bot decision, 1 to 1000",
                            )
                        })? as u32
                }
                "nodes" => {
                    params.nodes = value
                        .as_integer()
                        .filter(|n| (1..=100_000_000).contains(n))
                        .ok_or_else(|| {
                            ParamError::at(
                                &at,
                                "expected search nodes per sampled deal, 1 to 100000000",
                            )
                        })? as u64
                }
                "partner" | "opponents" => {
                    let policy = value.as_str().and_then(Policy::named).ok_or_else(|| {
                        ParamError::at(&at, format!("expected {}", Policy::NAMES))
                    })?;
                    if key == "partner" {
                        params.partner = policy;
                    } else {
                        params.opponents = policy;
                    }
                }
                "undo" => {
                    params.undo = match value.as_str() {
                        Some("own-last") => UndoRule::OwnLast,
                        Some("free") => UndoRule::Free,
                        _ => {
                            return Err(ParamError::at(&at, "expected \"own-last\" or \"free\""))
                        }
                    }
                }
                other => {
                    return Err(ParamError::at(
                        &at,
                        format!(
                            "unknown setting '{other}' (spades knows: target, samples, nodes, partner, opponents, undo)"
                        ),
                    ))
                }
            }
        }
        Ok(params)
    }
}
