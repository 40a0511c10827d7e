//! What the host knows of a ruleset instance and asks of it beyond the rules: its identity and
//! the commands and keys it offers (`RulesetInfo`), the seat it waits for, and where a group of
//! cards may go (`Places`).

use super::RuleViolation;
use crate::action::{Action, Seat};
use serde::{Deserialize, Serialize};

/// Where a group of cards may go (the card at an index of a pile and those above it), as a
/// front end asks when a player picks it up: "the best place" and "legal targets" are two
/// answers, since a move may be legal and still not worth making by itself.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Places {
    /// The move "send to the best place" makes; `None` when the ruleset names none, which
    /// does not mean that no move is legal (see `legal`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub best: Option<Action>,
    /// Every legal move of the group, for marking the piles that take it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub legal: Vec<Action>,
    /// Why the group may not be picked up at all; `best` and `legal` are then empty.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub refused: Option<RuleViolation>,
}

impl Places {
    /// The answer of a ruleset that ranks moves best first and states no other best place
    /// (an older plugin's `rank_moves`): its first move is the best.
    pub fn ranked(ranked: Vec<Action>) -> Places {
        Places {
            best: ranked.first().cloned(),
            legal: ranked,
            refused: None,
        }
    }

    /// The moves best first, the best place leading (what an older host's `rank_moves` asked).
    pub fn ranked_moves(&self) -> Vec<Action> {
        let mut out: Vec<Action> = self.best.iter().cloned().collect();
        out.extend(
            self.legal
                .iter()
                .filter(|a| Some(*a) != self.best.as_ref())
                .cloned(),
        );
        out
    }
}

/// The shuffle numbers a ruleset deals when it numbers its deals its own way (a numbering its
/// players already use, say 1 to 2^31 − 1), so that a number outside them is refused rather
/// than dealt as another, and a new game's random shuffle is drawn among them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shuffles {
    /// The lowest shuffle number dealt.
    pub first: u64,
    /// The highest shuffle number dealt (below [`crate::code::SHUFFLE_LIMIT`]).
    pub last: u64,
    /// What the numbers are, for a refusal (`numbered deals`).
    pub what: String,
}

impl Shuffles {
    /// Whether `shuffle` is one of them.
    pub fn contains(&self, shuffle: u64) -> bool {
        (self.first..=self.last).contains(&shuffle)
    }

    /// One of them, chosen by `random` (any number): a new game's shuffle.
    pub fn pick(&self, random: u64) -> u64 {
        let span = self.last.saturating_sub(self.first).saturating_add(1);
        self.first.saturating_add(random % span)
    }
}

/// What the host knows of a ruleset instance (a ruleset built for one variant and rules).
/// `Default` lets an author name only the fields that matter (`..RulesetInfo::default()`),
/// so a field added later does not break their code.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct RulesetInfo {
    /// The ruleset's id (`patience`).
    pub ruleset: String,
    /// The variant's id (`patience-2suit`).
    pub variant: String,
    /// The variant's display name.
    pub name: String,
    /// The rules choice in force (`classic`).
    pub rules: String,
    /// Rules text shown by the help overlay, one paragraph per entry.
    pub help: Vec<String>,
    /// Seats a human may take; other seats are played by the ruleset.
    pub seats: u8,
    /// Whether `analyze` answers `Hint` requests: the terminal offers its hint-driven keys
    /// (the demo) only then. An older plugin's info, without it, reads as no.
    #[serde(default)]
    pub hints: bool,
    /// The host's commands this game has a use for: the terminal binds, lists and shows on
    /// its key bar only these, and says so when another is pressed. `None` offers every
    /// command, as for a ruleset (or an older plugin) that does not say.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub commands: Option<Vec<Command>>,
    /// Actions of the game's own ([`Action::Extra`]) a front end offers under keys: the
    /// terminal binds each to its key and lists it in the help and on the key bar, and the
    /// headless mode takes it typed as `legal` prints it (`NAME ARG`). Empty from a ruleset
    /// (or an older plugin) that has none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub extras: Vec<ExtraKey>,
}

/// An [`Action::Extra`] a ruleset offers under a key of its own.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ExtraKey {
    /// The action's name, as [`Action::Extra`] carries it (one word: the headless mode
    /// reads it as a command).
    pub name: String,
    /// The argument the key sends.
    pub arg: i64,
    /// The key (a character the host does not bind at the table: felt refuses a plugin's
    /// ruleset that asks for one of the table's own keys, which would never reach it).
    pub key: char,
    /// What the help and the key bar say it does, in a few words.
    pub help: String,
}

impl ExtraKey {
    /// The action the key sends.
    pub fn action(&self) -> Action {
        Action::Extra {
            name: self.name.clone(),
            arg: self.arg,
        }
    }
}

impl RulesetInfo {
    /// Whether the game has a use for `command`.
    pub fn offers(&self, command: Command) -> bool {
        self.commands
            .as_ref()
            .is_none_or(|list| list.contains(&command))
    }

    /// Why this ruleset cannot have its keys at a table where the host binds `keys`: the
    /// first extra action that asks for a key the host uses, or one an earlier extra already has
    /// (a key sends one action: the later one would never be sent). `None` when every key works.
    pub fn key_clash(&self, keys: &[HostKey]) -> Option<String> {
        let info = self;
        for (i, extra) in info.extras.iter().enumerate() {
            let asks = format!(
                "ruleset {}'s extra '{}' asks for key '{}'",
                info.ruleset,
                extra.name,
                extra.key.escape_debug()
            );
            if let Some(host) = keys.iter().find(|k| k.key == extra.key) {
                return Some(format!(
                    "{asks}, which felt uses for {}; choose another key",
                    host.does
                ));
            }
            if let Some(earlier) = info.extras[..i].iter().find(|e| e.key == extra.key) {
                return Some(format!(
                    "{asks}, which its extra '{}' already has; choose another key",
                    earlier.name
                ));
            }
        }
        None
    }
}

/// A command of the host's that only some games have a use for (the rest, such as undo, a
/// new game or the help, every game has).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Command {
    /// Deal from a stock.
    Deal,
    /// Send the cards under the cursor to their best place.
    BestPlace,
    /// Digits name piles (columns) to pick from or drop on; without it digits only answer a
    /// numbered question.
    Columns,
    /// Ask for a hint (also needs [`RulesetInfo::hints`]).
    Hint,
    /// The bot plays on screen (also needs [`RulesetInfo::hints`]).
    Demo,
    /// The live "still winnable?" status, a solver that sees every card.
    LiveStatus,
    /// Take back an action (what may be taken back is still the ruleset's:
    /// [`Ruleset::may_undo`](crate::Ruleset::may_undo)).
    Undo,
    /// Play an undone action again.
    Redo,
}

/// The seat whose action a game waits for, as [`Ruleset::turn`](crate::Ruleset::turn) names it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Turn {
    /// The seat.
    pub seat: Seat,
    /// Its name as players say it (`North`).
    pub name: String,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_random_number_picks_one_of_the_shuffles_dealt() {
        let range = Shuffles {
            first: 1,
            last: (1 << 31) - 1,
            what: "deals".into(),
        };
        for random in [0, 1, (1 << 31) - 2, (1 << 31) - 1, 1 << 31, u64::MAX] {
            assert!(range.contains(range.pick(random)), "{random}");
        }
        assert_eq!(range.pick(0), 1);
        assert_eq!(range.pick(616), 617);
        assert!(!range.contains(0) && !range.contains(1 << 31));
    }
}

/// A key the host binds at its table, and what it does there, in its help's words. The host
/// hands its keys to the catalog ([`crate::Catalog::reserve_keys`]), which refuses every
/// ruleset, built in or a plugin's, whose extra action asks for one: the key would silently do
/// the host's thing instead.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HostKey {
    /// The character.
    pub key: char,
    /// What the host does with it (`back to the menu`).
    pub does: String,
}

#[cfg(test)]
mod reserved_key_tests {
    use super::*;

    fn info(extras: &[(&str, char)]) -> RulesetInfo {
        RulesetInfo {
            ruleset: "sweeper".into(),
            variant: "sweeper".into(),
            name: "Sweeper".into(),
            rules: "standard".into(),
            help: Vec::new(),
            seats: 1,
            hints: false,
            commands: None,
            extras: extras
                .iter()
                .map(|(name, key)| ExtraKey {
                    name: (*name).into(),
                    arg: 0,
                    key: *key,
                    help: String::new(),
                })
                .collect(),
        }
    }

    fn keys() -> Vec<HostKey> {
        vec![
            HostKey {
                key: 'q',
                does: "back to the menu".into(),
            },
            HostKey {
                key: 'u',
                does: "undo".into(),
            },
        ]
    }

    #[test]
    fn a_key_the_host_uses_is_refused_with_its_use() {
        assert_eq!(
            info(&[("collect", 'm'), ("sweep", 'u')]).key_clash(&keys()).as_deref(),
            Some("ruleset sweeper's extra 'sweep' asks for key 'u', which felt uses for undo; choose another key")
        );
    }

    #[test]
    fn a_key_two_extras_ask_for_is_refused_for_the_second() {
        assert_eq!(
            info(&[("collect", 'm'), ("sweep", 'm')]).key_clash(&keys()).as_deref(),
            Some("ruleset sweeper's extra 'sweep' asks for key 'm', which its extra 'collect' already has; choose another key")
        );
    }

    #[test]
    fn free_keys_pass_and_no_host_keys_refuse_nothing() {
        assert_eq!(info(&[("collect", 'm')]).key_clash(&keys()), None);
        assert_eq!(info(&[("sweep", 'q')]).key_clash(&[]), None);
    }
}
