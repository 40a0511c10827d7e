//! The `[game]` table of a FreeCell variant file, each key checked with an error that names it.
//!
//! | key | meaning | default |
//! | --- | --- | --- |
//! | `cells` | free cells, 0 to 8 (FC-CELL) | 4 |
//! | `columns` | columns, 4 to 10 (FC-DEAL) | 8 |
//! | `cells_dealt` | cards of the shuffle's end dealt into the cells, 0 to `cells` (FC-DEAL) | 0 |
//! | `build` | `"alternate"` colours or `"suit"` (FC-BUILD) | `"alternate"` |
//! | `empty` | what an empty column takes: `"any"` card or `"kings"` (FC-EMPTY) | `"any"` |
//! | `deal` | the shuffle: `"microsoft"` (FC-DEAL) | `"microsoft"` |
//! | `auto` | play safe cards to the foundations by themselves (FC-AUTO) | `true` |
//! | `dead_end` | end the game, lost, once the solver proves no line wins (FC-DEADEND) | `true` |

use felt_core::ParamError;
use toml::{Table, Value};

/// The keys `[game]` may hold.
pub const KEYS: [&str; 8] = [
    "cells",
    "columns",
    "cells_dealt",
    "build",
    "empty",
    "deal",
    "auto",
    "dead_end",
];

/// Most free cells a variant may have.
pub const MAX_CELLS: usize = 8;
/// Fewest columns a variant may have.
pub const MIN_COLUMNS: usize = 4;
/// Most columns a variant may have.
pub const MAX_COLUMNS: usize = 10;

/// FC-BUILD: what may go on a column's last card.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Build {
    /// One rank lower, the other colour (`"alternate"`).
    Alternate,
    /// One rank lower, the same suit (`"suit"`).
    Suit,
}

/// FC-EMPTY: what an empty column takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Empty {
    /// Any card or group (`"any"`).
    Any,
    /// Only a King or a group headed by one (`"kings"`).
    Kings,
}

/// A FreeCell variant's settings, checked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Params {
    /// Free cells.
    pub cells: usize,
    /// Columns.
    pub columns: usize,
    /// Cards dealt into the cells.
    pub cells_dealt: usize,
    /// What builds on a column.
    pub build: Build,
    /// What an empty column takes.
    pub empty: Empty,
    /// Whether safe cards go up by themselves.
    pub auto: bool,
    /// Whether a game ends, lost, once the solver proves that no line wins.
    pub dead_end: bool,
}

impl Default for Params {
    fn default() -> Params {
        Params {
            cells: 4,
            columns: 8,
            cells_dealt: 0,
            build: Build::Alternate,
            empty: Empty::Any,
            auto: true,
            dead_end: true,
        }
    }
}

fn number(at: &str, value: &Value, lo: usize, hi: usize, what: &str) -> Result<usize, ParamError> {
    value
        .as_integer()
        .filter(|n| (lo as i64..=hi as i64).contains(n))
        .map(|n| n as usize)
        .ok_or_else(|| {
            ParamError::at(
                at,
                format!("expected {what}, a whole number from {lo} to {hi}"),
            )
        })
}

fn word<T: Copy>(at: &str, value: &Value, choices: &[(&str, T)]) -> Result<T, ParamError> {
    let names: Vec<String> = choices.iter().map(|(n, _)| format!("\"{n}\"")).collect();
    value
        .as_str()
        .and_then(|s| choices.iter().find(|(n, _)| *n == s))
        .map(|&(_, t)| t)
        .ok_or_else(|| ParamError::at(at, format!("expected {}", names.join(" or "))))
}

impl Params {
    /// Reads and checks a variant's `[game]` table.
    pub fn from_table(game: &Table) -> Result<Params, ParamError> {
        let mut p = Params::default();
        for (key, value) in game {
            let at = format!("game.{key}");
            match key.as_str() {
                "cells" => p.cells = number(&at, value, 0, MAX_CELLS, "the number of free cells")?,
                "columns" => {
                    p.columns = number(
                        &at,
                        value,
                        MIN_COLUMNS,
                        MAX_COLUMNS,
                        "the number of columns",
                    )?
                }
                "cells_dealt" => {
                    p.cells_dealt =
                        number(&at, value, 0, MAX_CELLS, "the cards dealt into free cells")?
                }
                "build" => {
                    p.build = word(
                        &at,
                        value,
                        &[("alternate", Build::Alternate), ("suit", Build::Suit)],
                    )?
                }
                "empty" => {
                    p.empty = word(&at, value, &[("any", Empty::Any), ("kings", Empty::Kings)])?
                }
                "deal" => word(&at, value, &[("microsoft", ())])?,
                "auto" => {
                    p.auto = value
                        .as_bool()
                        .ok_or_else(|| ParamError::at(&at, "expected true or false"))?
                }
                "dead_end" => {
                    p.dead_end = value
                        .as_bool()
                        .ok_or_else(|| ParamError::at(&at, "expected true or false"))?
                }
                other => {
                    return Err(ParamError::at(
                        &at,
                        format!(
                            "unknown setting '{other}' (freecell knows: {})",
                            KEYS.join(", ")
                        ),
                    ))
                }
            }
        }
        if p.cells_dealt > p.cells {
            return Err(ParamError::at(
                "game.cells_dealt",
                format!(
                    "{} cards cannot be dealt into {} free cells",
                    p.cells_dealt, p.cells
                ),
            ));
        }
        Ok(p)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(text: &str) -> Table {
        text.parse().expect("test table parses")
    }

    #[test]
    fn an_empty_table_is_classic_freecell() {
        assert_eq!(Params::from_table(&Table::new()), Ok(Params::default()));
    }

    #[test]
    fn bad_settings_name_their_key() {
        for (text, key) in [
            ("cells = 9", "game.cells"),
            ("columns = 3", "game.columns"),
            ("columns = \"8\"", "game.columns"),
            ("build = \"colour\"", "game.build"),
            ("empty = \"queens\"", "game.empty"),
            ("deal = \"pysol\"", "game.deal"),
            ("auto = 1", "game.auto"),
            ("cells = 2\ncells_dealt = 3", "game.cells_dealt"),
            ("freecells = 4", "game.freecells"),
        ] {
            let err = Params::from_table(&table(text)).expect_err(text);
            assert_eq!(err.key.as_deref(), Some(key), "{text}: {}", err.message);
        }
    }
}
