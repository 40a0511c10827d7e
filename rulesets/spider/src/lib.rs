//! Spider Solitaire and its relatives, driven entirely by variant files.
//!
//! A variant's `[game]` table ([`SpiderParams`]) sets the deck, the layout, the stock's deals,
//! the deal rule, the runs that win and a move limit; the rules choice sets the group rule
//! (`classic`: one suit; `relaxed`: any suits). Everything else is the rules of
//! `docs/rules/spider.md`, each refusal naming its rule id.
//!
//! The host reaches Spider through [`factory`]; solvers and benchmarks may use
//! [`SpiderRuleset`] and [`SpiderState`] directly for the allocation-free fast path
//! ([`SpiderRuleset::play`], [`SpiderRuleset::legal_into`]).

#![warn(missing_docs)]

pub mod params;
pub mod position;
pub mod rules;
mod ruleset;
pub mod solver;
pub mod state;
mod view;

pub use params::{Counter, DealRule, SpiderParams};
pub use position::PositionError;
pub use rules::{GroupRule, SpiderRuleset};
pub use ruleset::{factory, RULESET_ID};
pub use state::{Column, SpiderState};
