//! The few generic actions every ruleset understands (✱ contract 4).

use serde::{Deserialize, Serialize};
use std::fmt;

/// A pile on the table, numbered by the ruleset from 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct PileId(pub u8);

/// A player's seat, numbered by the ruleset from 0. Solitaire games have only seat 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Seat(pub u8);

impl Seat {
    /// The only seat of a one-player game, and the human's seat by convention.
    pub const SOLO: Seat = Seat(0);
}

/// What a player (or a bot) asks the ruleset to do.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Action {
    /// Take the card at `index` of pile `from` (0 is the bottom card) and put it on `to`.
    /// In games that move groups, the cards above it go too.
    Move {
        /// Where the cards come from.
        from: PileId,
        /// Position in `from` of the first card moved, counted from the bottom.
        index: u16,
        /// Where they go.
        to: PileId,
    },
    /// Deal or draw from a pile (the stock).
    Deal {
        /// The pile dealt from.
        from: PileId,
    },
    /// Pick option `option` of the current prompt (a bid, say).
    Choose {
        /// The option's id as the prompt gave it.
        option: u32,
    },
    /// Anything else a ruleset needs, named by the ruleset.
    Extra {
        /// What the ruleset calls the action.
        name: String,
        /// Its argument.
        arg: i64,
    },
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Move { from, index, to } => {
                write!(f, "move {}[{}] -> {}", from.0, index, to.0)
            }
            Action::Deal { from } => write!(f, "deal from {}", from.0),
            Action::Choose { option } => write!(f, "choose {option}"),
            Action::Extra { name, arg } => write!(f, "{name} {arg}"),
        }
    }
}
