//! The `[game]` table of a Klondike variant file, each key checked with an error that names it.
//!
//! | key | meaning | default |
//! | --- | --- | --- |
//! | `draw` | cards turned from the stock at a time, 1 or 3 (KL-STOCK) | 1 |
//! | `passes` | times through the stock: `"unlimited"` or a whole number from 1 (KL-RECYCLE) | `"unlimited"` |
//! | `foundation_return` | whether a foundation's top card may come back to a column (KL-RETURN) | `true` |
//! | `face_up` | every card dealt face up, the full-information game (KL-DEAL) | `false` |
//! | `auto` | play safe cards to the foundations by themselves (KL-AUTO) | `true` |
//! | `dead_end` | end the game, lost, once no line of play can turn a card up or win (KL-DEADEND) | `true` |

use felt_core::ParamError;
use toml::{Table, Value};

/// The keys `[game]` may hold.
pub const KEYS: [&str; 6] = [
    "draw",
    "passes",
    "foundation_return",
    "face_up",
    "auto",
    "dead_end",
];

/// The most passes a number may say; more is the same as unlimited in any real game.
pub const MAX_PASSES: u32 = 1000;

/// A Klondike variant's settings, checked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Params {
    /// Cards turned from the stock at a time.
    pub draw: usize,
    /// Times through the stock (the first deal counts as one), `None` for unlimited.
    pub passes: Option<u32>,
    /// Whether a card may come back down from a foundation.
    pub foundation_return: bool,
    /// Whether every card is dealt face up.
    pub face_up: bool,
    /// Whether safe cards go up by themselves.
    pub auto: bool,
    /// Whether a game ends, lost, where no line of play can turn a card up or win.
    pub dead_end: bool,
}

impl Default for Params {
    fn default() -> Params {
        Params {
            draw: 1,
            passes: None,
            foundation_return: true,
            face_up: false,
            auto: true,
            dead_end: true,
        }
    }
}

fn flag(at: &str, value: &Value) -> Result<bool, ParamError> {
    value
        .as_bool()
        .ok_or_else(|| ParamError::at(at, "expected true or false"))
}

impl Params {
    /// Reads and checks a variant's `[game]` table.
    pub fn from_table(game: &Table) -> Result<Params, ParamError> {
        let mut p = Params::default();
        for (key, value) in game {
            let at = format!("game.{key}");
            match key.as_str() {
                "draw" => {
                    p.draw = match value.as_integer() {
                        Some(1) => 1,
                        Some(3) => 3,
                        _ => return Err(ParamError::at(&at, "expected 1 or 3")),
                    }
                }
                "passes" => {
                    p.passes = match (value.as_str(), value.as_integer()) {
                        (Some("unlimited"), _) => None,
                        (_, Some(n)) if (1..=MAX_PASSES as i64).contains(&n) => Some(n as u32),
                        _ => {
                            return Err(ParamError::at(
                                &at,
                                format!(
                                "expected \"unlimited\" or a whole number from 1 to {MAX_PASSES}"
                            ),
                            ))
                        }
                    }
                }
                "foundation_return" => p.foundation_return = flag(&at, value)?,
                "face_up" => p.face_up = flag(&at, value)?,
                "auto" => p.auto = flag(&at, value)?,
                "dead_end" => p.dead_end = flag(&at, value)?,
                other => {
                    return Err(ParamError::at(
                        &at,
                        format!(
                            "unknown setting '{other}' (klondike knows: {})",
                            KEYS.join(", ")
                        ),
                    ))
                }
            }
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
    fn an_empty_table_is_classic_klondike() {
        assert_eq!(Params::from_table(&Table::new()), Ok(Params::default()));
    }

    #[test]
    fn settings_read() {
        let p = Params::from_table(&table(
            "draw = 3\npasses = 1\nfoundation_return = false\nface_up = true\nauto = false\ndead_end = false",
        ))
        .expect("good table");
        assert_eq!(
            p,
            Params {
                draw: 3,
                passes: Some(1),
                foundation_return: false,
                face_up: true,
                auto: false,
                dead_end: false,
            }
        );
    }

    #[test]
    fn bad_settings_name_their_key() {
        for (text, key) in [
            ("draw = 2", "game.draw"),
            ("draw = \"3\"", "game.draw"),
            ("passes = 0", "game.passes"),
            ("passes = \"many\"", "game.passes"),
            ("foundation_return = 1", "game.foundation_return"),
            ("face_up = \"yes\"", "game.face_up"),
            ("auto = 0", "game.auto"),
            ("dead_end = \"no\"", "game.dead_end"),
            ("redeals = 3", "game.redeals"),
        ] {
            let err = Params::from_table(&table(text)).expect_err(text);
            assert_eq!(err.key.as_deref(), Some(key), "{text}: {}", err.message);
        }
    }
}
