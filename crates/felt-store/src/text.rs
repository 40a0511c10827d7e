//! Text forms: one line per action (stored in the database and in record files), and the
//! record file `felt export` writes and `felt replay FILE` reads — a game shared by mail
//! (`file.rs` reads it back).
//!
//! ```text
//! felt game record 2
//! id: 12
//! variant: some-variant
//! ...
//! played: 754.210
//! actions: 2
//!
//! 1. move 4[6] -> 8
//! 2. deal from 11
//! ```
//!
//! In a record file piles and cards count from 1, as the screen numbers the columns
//! (`move 4[6] -> 8`: column 4's sixth card, counted from the first one dealt, and those on it,
//! to column 8); in the database and in format 1 files (still read) they count from 0.

use crate::model::GameRecord;
use felt_core::{Action, PileId};
use std::fmt::Write;

/// The first line of a record file; the number is the format's version.
pub const RECORD_HEADER: &str = "felt game record 2";

/// The first line of a record file of format 1 (piles from 0, no time), still read.
pub(crate) const RECORD_HEADER_1: &str = "felt game record 1";

/// An action as a record file of format 2 writes it: piles and the card counted from 1, as
/// the screen numbers the columns (what a player reads in an exported file and in messages).
pub fn file_action_to_text(action: &Action) -> String {
    match action {
        Action::Move { from, index, to } => format!(
            "move {}[{}] -> {}",
            u32::from(from.0) + 1,
            u32::from(*index) + 1,
            u32::from(to.0) + 1
        ),
        Action::Deal { from } => format!("deal from {}", u32::from(from.0) + 1),
        other => action_to_text(other),
    }
}

/// Reads a line of a record file of format 2 (piles and the card counted from 1).
pub(crate) fn file_action_from_text(text: &str) -> Result<Action, String> {
    let text = text.trim();
    let bad = || {
        format!("'{text}' is not an action: expected 'move F[I] -> T', 'deal from F', 'choose N' or 'extra \"NAME\" N', piles and cards counted from 1")
    };
    let number = |s: &str| -> Result<u32, String> {
        s.trim()
            .parse::<u32>()
            .ok()
            .filter(|n| *n >= 1)
            .map(|n| n - 1)
            .ok_or_else(bad)
    };
    let pile = |s: &str| number(s).and_then(|n| u8::try_from(n).map(PileId).map_err(|_| bad()));
    if let Some(rest) = text.strip_prefix("move ") {
        let (from, rest) = rest.split_once('[').ok_or_else(bad)?;
        let (index, to) = rest.split_once("] -> ").ok_or_else(bad)?;
        return Ok(Action::Move {
            from: pile(from)?,
            index: number(index).and_then(|n| u16::try_from(n).map_err(|_| bad()))?,
            to: pile(to)?,
        });
    }
    if let Some(rest) = text.strip_prefix("deal from ") {
        return Ok(Action::Deal { from: pile(rest)? });
    }
    action_from_text(text)
}

/// One action as a line: `move 3[5] -> 7`, `deal from 10`, `choose 2`, `extra "name" -1`.
pub fn action_to_text(action: &Action) -> String {
    match action {
        Action::Move { from, index, to } => format!("move {}[{index}] -> {}", from.0, to.0),
        Action::Deal { from } => format!("deal from {}", from.0),
        Action::Choose { option } => format!("choose {option}"),
        // A JSON string keeps any name (spaces, quotes) on one line and unambiguous.
        Action::Extra { name, arg } => {
            format!("extra {} {arg}", serde_json::Value::String(name.clone()))
        }
    }
}

/// Reads a line written by [`action_to_text`], or says what was expected.
pub fn action_from_text(text: &str) -> Result<Action, String> {
    let text = text.trim();
    let bad = || {
        format!("'{text}' is not an action: expected 'move F[I] -> T', 'deal from F', 'choose N' or 'extra \"NAME\" N'")
    };
    let pile = |s: &str| s.trim().parse::<u8>().map(PileId).map_err(|_| bad());
    let (word, rest) = text.split_once(' ').ok_or_else(bad)?;
    match word {
        "move" => {
            let (from, rest) = rest.split_once('[').ok_or_else(bad)?;
            let (index, to) = rest.split_once("] -> ").ok_or_else(bad)?;
            Ok(Action::Move {
                from: pile(from)?,
                index: index.parse().map_err(|_| bad())?,
                to: pile(to)?,
            })
        }
        "deal" => Ok(Action::Deal {
            from: pile(rest.strip_prefix("from ").ok_or_else(bad)?)?,
        }),
        "choose" => Ok(Action::Choose {
            option: rest.parse().map_err(|_| bad())?,
        }),
        "extra" => {
            let mut names = serde_json::Deserializer::from_str(rest).into_iter::<String>();
            let name = names.next().and_then(Result::ok).ok_or_else(bad)?;
            let arg = rest[names.byte_offset()..]
                .trim()
                .parse()
                .map_err(|_| bad())?;
            Ok(Action::Extra { name, arg })
        }
        _ => Err(bad()),
    }
}

fn optional<T: ToString>(value: Option<T>) -> String {
    value.map_or_else(|| "-".to_string(), |v| v.to_string())
}

impl GameRecord {
    /// The record as a readable text file; [`GameRecord::from_text`] reads it back.
    pub fn to_text(&self) -> String {
        let s = &self.summary;
        let mut out = String::new();
        // Writing to a String cannot fail.
        let _ = writeln!(out, "{RECORD_HEADER}");
        let _ = writeln!(out, "# Replay it with: felt replay FILE");
        let _ = writeln!(out, "id: {}", s.id);
        let _ = writeln!(out, "variant: {}", s.variant);
        let _ = writeln!(out, "ruleset: {}", s.ruleset);
        let _ = writeln!(out, "rules: {}", s.rules);
        let _ = writeln!(out, "code: {}", s.code);
        let _ = writeln!(out, "started: {}", s.started);
        let _ = writeln!(out, "finished: {}", optional(s.finished));
        let _ = writeln!(out, "result: {}", s.result.as_str());
        let _ = writeln!(out, "score: {}", optional(s.score));
        let _ = writeln!(out, "moves: {}", s.moves);
        let played = s.played.map(|d| format!("{:.3}", d.as_secs_f64()));
        let _ = writeln!(out, "played: {}", optional(played));
        // Only an assisted game says so: a file without the key is the player's own game.
        if s.assisted {
            let _ = writeln!(out, "assisted: yes");
        }
        let _ = writeln!(out, "actions: {}", self.actions.len());
        out.push('\n');
        let _ = writeln!(
            out,
            "# Piles and cards count from 1, as the screen numbers the columns."
        );
        for (i, action) in self.actions.iter().enumerate() {
            let _ = writeln!(out, "{}. {}", i + 1, file_action_to_text(action));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{GameId, GameResult, GameSummary};
    use crate::time::Timestamp;
    use proptest::prelude::*;

    fn any_action() -> impl Strategy<Value = Action> {
        prop_oneof![
            (any::<u8>(), any::<u16>(), any::<u8>()).prop_map(|(f, i, t)| Action::Move {
                from: PileId(f),
                index: i,
                to: PileId(t)
            }),
            any::<u8>().prop_map(|f| Action::Deal { from: PileId(f) }),
            any::<u32>().prop_map(|option| Action::Choose { option }),
            ("\\PC*", any::<i64>()).prop_map(|(name, arg)| Action::Extra { name, arg }),
        ]
    }

    fn record(actions: Vec<Action>, result: GameResult) -> GameRecord {
        GameRecord {
            summary: GameSummary {
                id: GameId(7),
                variant: "some-variant".into(),
                ruleset: "some-ruleset".into(),
                rules: "classic".into(),
                code: "XX-1C-AAAAAAD".into(),
                started: Timestamp(1_740_832_200),
                finished: (result != GameResult::Playing).then_some(Timestamp(1_740_833_000)),
                result,
                score: Some(-3),
                moves: 12,
                actions: actions.len() as u32,
                played: None,
                assisted: false,
            },
            actions,
        }
    }

    #[test]
    fn actions_read_as_a_person_writes_them() {
        assert_eq!(
            action_from_text("move 3[5] -> 7"),
            Ok(Action::Move {
                from: PileId(3),
                index: 5,
                to: PileId(7)
            })
        );
        assert_eq!(
            action_from_text("deal from 10"),
            Ok(Action::Deal { from: PileId(10) })
        );
        assert_eq!(
            action_to_text(&Action::Extra {
                name: "bid nil".into(),
                arg: -2
            }),
            "extra \"bid nil\" -2"
        );
        let err = action_from_text("fly 3").expect_err("no such action");
        assert!(err.contains("expected 'move F[I] -> T'"), "{err}");
    }

    #[test]
    fn a_cut_short_file_is_refused_with_its_line() {
        let text = record(vec![Action::Deal { from: PileId(1) }; 3], GameResult::Won).to_text();
        let cut: String = text
            .lines()
            .take(text.lines().count() - 1)
            .map(|l| format!("{l}\n"))
            .collect();
        let err = GameRecord::from_text(&cut).expect_err("one action missing");
        assert!(
            err.message.contains("says 3 actions but the file lists 2"),
            "{err}"
        );
    }

    #[test]
    fn a_file_of_something_else_says_what_it_expected() {
        let err = GameRecord::from_text("hello\n").expect_err("not a record");
        assert_eq!(err.line, 1);
        assert!(err.message.contains(RECORD_HEADER));
        let err = GameRecord::from_text(&format!("{RECORD_HEADER}\ncolour: red\n"))
            .expect_err("unknown key");
        assert_eq!(err.to_string(), "line 2: unknown key 'colour'");
    }

    #[test]
    fn a_key_given_twice_is_refused_at_its_second_line() {
        let text = record(vec![Action::Deal { from: PileId(1) }], GameResult::Playing).to_text();
        let doubled = text.replace("moves: 12\n", "moves: 12\nmoves: 7\n");
        let first = doubled
            .lines()
            .position(|l| l == "moves: 12")
            .expect("the key")
            + 1;
        let err = GameRecord::from_text(&doubled).expect_err("which moves?");
        assert_eq!(err.line, first + 1);
        assert_eq!(
            err.message,
            format!(
                "'moves' is given twice (first on line {first}): which one is meant cannot be told"
            )
        );
    }

    proptest! {
        #[test]
        fn every_action_reads_back(action in any_action()) {
            prop_assert_eq!(action_from_text(&action_to_text(&action)), Ok(action));
        }

        #[test]
        fn every_record_reads_back(actions in proptest::collection::vec(any_action(), 0..20), won in any::<bool>(), assisted in any::<bool>()) {
            let mut r = record(actions, if won { GameResult::Won } else { GameResult::Playing });
            r.summary.assisted = assisted;
            prop_assert_eq!(GameRecord::from_text(&r.to_text()), Ok(r));
        }

        #[test]
        fn any_text_reads_or_errors_without_panic(text in "\\PC*") {
            let _ = GameRecord::from_text(&text);
            let _ = action_from_text(&text);
        }
    }
}
