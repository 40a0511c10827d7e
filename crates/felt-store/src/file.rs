//! Reading a record file (`felt export` writes it, `felt replay FILE` reads it back), and
//! refusing one that says what its actions do not show.
//!
//! A file travels by mail and is edited by hand, so its header is a claim, not a fact: the
//! actions are what the game was. [`RecordFile::replayer`] replays them and refuses a header
//! that contradicts them (a result, score or move count the replay does not reach, a ruleset
//! that is not the variant's), each refusal at the line that says it; a key given twice is
//! refused as it is read, since nothing says which of the two is meant.

use crate::error::{RecordTextError, StoreError};
use crate::model::{GameId, GameRecord, GameResult, GameSummary};
use crate::replay::Replayer;
use crate::text::{action_from_text, file_action_from_text, RECORD_HEADER, RECORD_HEADER_1};
use crate::time::Timestamp;
use felt_core::{DynRuleset, Seat, Status};
use std::sync::Arc;

/// A record file as read: the record, and the line each part of it stands on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordFile {
    record: GameRecord,
    /// Each header key as written, with its line.
    keys: Vec<(String, usize)>,
    /// The line of each action, in order.
    action_lines: Vec<usize>,
}

impl GameRecord {
    /// Reads a record file written by [`GameRecord::to_text`] ([`RecordFile::from_text`],
    /// keeping only the record). Blank lines and lines starting with `#` are ignored;
    /// anything else out of place is an error naming its line.
    pub fn from_text(text: &str) -> Result<GameRecord, RecordTextError> {
        RecordFile::from_text(text).map(RecordFile::into_record)
    }
}

impl RecordFile {
    /// Reads a record file written by [`GameRecord::to_text`]. Blank lines and lines starting
    /// with `#` are ignored; anything else out of place, and a key given twice, is an error
    /// naming its line.
    pub fn from_text(text: &str) -> Result<RecordFile, RecordTextError> {
        let mut lines = text
            .lines()
            .enumerate()
            .map(|(i, l)| (i + 1, l.trim()))
            .filter(|(_, l)| !l.is_empty() && !l.starts_with('#'));
        let err = |line: usize, message: String| RecordTextError { line, message };
        let from_one = match lines.next() {
            Some((_, RECORD_HEADER)) => true,
            Some((_, RECORD_HEADER_1)) => false,
            Some((n, other)) => {
                return Err(err(
                    n,
                    format!("expected '{RECORD_HEADER}' first, found '{other}'"),
                ));
            }
            None => {
                return Err(err(
                    1,
                    "the file is empty: expected a felt game record".into(),
                ))
            }
        };
        let mut header = Header::default();
        let mut keys: Vec<(String, usize)> = Vec::new();
        let mut actions = Vec::new();
        let mut action_lines = Vec::new();
        let mut last_line = 1;
        for (n, line) in lines {
            last_line = n;
            if let Some((number, action)) = line
                .split_once(". ")
                .filter(|(k, _)| k.bytes().all(|b| b.is_ascii_digit()))
            {
                let expected = actions.len() + 1;
                if number.parse::<usize>().ok() != Some(expected) {
                    return Err(err(
                        n,
                        format!("expected action number {expected}, found {number}"),
                    ));
                }
                let action = if from_one {
                    file_action_from_text(action)
                } else {
                    action_from_text(action)
                };
                actions.push(action.map_err(|m| err(n, m))?);
                action_lines.push(n);
            } else if let Some((key, value)) = line.split_once(':') {
                let key = key.trim();
                if !actions.is_empty() {
                    return Err(err(
                        n,
                        format!("'{key}' comes after the actions: the header goes first"),
                    ));
                }
                if let Some((_, first)) = keys.iter().find(|(k, _)| k == key) {
                    return Err(err(
                        n,
                        format!("'{key}' is given twice (first on line {first}): which one is meant cannot be told"),
                    ));
                }
                header.set(key, value.trim()).map_err(|m| err(n, m))?;
                keys.push((key.to_string(), n));
            } else {
                return Err(err(
                    n,
                    format!("expected 'key: value' or a numbered action, found '{line}'"),
                ));
            }
        }
        let summary = header
            .finish(actions.len())
            .map_err(|m| err(last_line, m))?;
        Ok(RecordFile {
            record: GameRecord { summary, actions },
            keys,
            action_lines,
        })
    }

    /// The record the file holds.
    pub fn record(&self) -> &GameRecord {
        &self.record
    }

    /// The record, leaving the lines behind.
    pub fn into_record(self) -> GameRecord {
        self.record
    }

    /// The line header key `key` (`code`, `result`) stands on, if the file gives it.
    pub fn line_of(&self, key: &str) -> Option<usize> {
        self.keys.iter().find(|(k, _)| k == key).map(|(_, n)| *n)
    }

    /// An error about header key `key`, at its line (the first line if the file lacks it):
    /// what the host finds wrong with it (a code of another variant, say).
    pub fn error_at(&self, key: &str, message: impl Into<String>) -> RecordTextError {
        RecordTextError {
            line: self.line_of(key).unwrap_or(1),
            message: message.into(),
        }
    }

    /// Replays the record with `ruleset` (built by the host for the file's variant and rules),
    /// showing each position as `seat` may see it, after checking that the file says nothing
    /// its actions contradict: its `ruleset:` is the one that plays the variant, every action
    /// is legal, and its `result:`, `score:` and `moves:` are where the actions lead (a game
    /// abandoned is one the actions leave in progress). Each refusal names its line.
    pub fn replayer(
        &self,
        ruleset: Arc<dyn DynRuleset>,
        seat: Seat,
    ) -> Result<Replayer, RecordTextError> {
        let summary = &self.record.summary;
        let info = ruleset.info();
        if info.ruleset != summary.ruleset {
            return Err(self.error_at(
                "ruleset",
                format!(
                    "the file says ruleset '{}', but {} is played by ruleset '{}'",
                    summary.ruleset, info.variant, info.ruleset
                ),
            ));
        }
        let replayer = self.record.replayer(ruleset, seat).map_err(|e| match e {
            StoreError::Replay(r) => RecordTextError {
                line: self.action_lines.get(r.number - 1).copied().unwrap_or(1),
                message: format!(
                    "action {} ({}) is refused: {}",
                    r.number, r.action, r.violation
                ),
            },
            StoreError::WrongRuleset { .. } => self.error_at("variant", e.to_string()),
            StoreError::Damaged { what, .. } => self.error_at("code", what),
            other => self.error_at("id", other.to_string()),
        })?;
        self.check_end(&replayer)?;
        Ok(replayer)
    }

    /// Refuses a result, score or move count the replay does not reach.
    fn check_end(&self, replayer: &Replayer) -> Result<(), RecordTextError> {
        let summary = &self.record.summary;
        let (status, board) = replayer.end();
        let n = self.record.actions.len();
        let after = format!("after its {n} action{}", if n == 1 { "" } else { "s" });
        let reached = match status {
            Status::Won { .. } => GameResult::Won,
            Status::Over { .. } => GameResult::Lost,
            Status::Playing => GameResult::Playing,
        };
        let agrees = match reached {
            GameResult::Playing => {
                matches!(summary.result, GameResult::Playing | GameResult::Abandoned)
            }
            other => summary.result == other,
        };
        if !agrees {
            let now = match reached {
                GameResult::Won => "won",
                GameResult::Lost => "lost",
                _ => "in progress",
            };
            return Err(self.error_at(
                "result",
                format!(
                    "the file says the game is {}, but {after} it is {now}",
                    summary.result
                ),
            ));
        }
        if summary.score != board.score {
            let shown = |s: Option<i64>| s.map_or_else(|| "none".to_string(), |s| s.to_string());
            return Err(self.error_at(
                "score",
                format!(
                    "the file says the score is {}, but {after} it is {}",
                    shown(summary.score),
                    shown(board.score)
                ),
            ));
        }
        if summary.moves != board.moves {
            return Err(self.error_at(
                "moves",
                format!(
                    "the file says {} moves were made, but {after} the rules count {}",
                    summary.moves, board.moves
                ),
            ));
        }
        Ok(())
    }
}

/// The header fields as read so far.
#[derive(Default)]
struct Header {
    id: Option<GameId>,
    variant: Option<String>,
    ruleset: Option<String>,
    rules: Option<String>,
    code: Option<String>,
    started: Option<Timestamp>,
    finished: Option<Option<Timestamp>>,
    result: Option<GameResult>,
    score: Option<Option<i64>>,
    moves: Option<u32>,
    actions: Option<usize>,
    /// Format 2 only; format 1 files carry no time.
    played: Option<Option<std::time::Duration>>,
    /// Written only for an assisted game; a file without it is the player's own game.
    assisted: Option<bool>,
}

impl Header {
    fn set(&mut self, key: &str, value: &str) -> Result<(), String> {
        let number = |what: &str| format!("{key}: expected {what}, found '{value}'");
        fn maybe(v: &str) -> Option<&str> {
            (v != "-").then_some(v)
        }
        match key {
            "id" => self.id = Some(GameId(value.parse().map_err(|_| number("a game number"))?)),
            "variant" => self.variant = Some(value.to_string()),
            "ruleset" => self.ruleset = Some(value.to_string()),
            "rules" => self.rules = Some(value.to_string()),
            "code" => self.code = Some(value.to_string()),
            "started" => self.started = Some(Timestamp::parse(value)?),
            "finished" => self.finished = Some(maybe(value).map(Timestamp::parse).transpose()?),
            "result" => {
                self.result = Some(
                    GameResult::parse(value)
                        .ok_or_else(|| number("playing, won, lost or abandoned"))?,
                )
            }
            "score" => {
                let score = maybe(value).map(str::parse).transpose();
                self.score = Some(score.map_err(|_| number("a whole number or '-'"))?);
            }
            "moves" => self.moves = Some(value.parse().map_err(|_| number("a count of moves"))?),
            "actions" => {
                self.actions = Some(value.parse().map_err(|_| number("a count of actions"))?)
            }
            "played" => {
                let seconds = maybe(value)
                    .map(str::parse::<f64>)
                    .transpose()
                    .ok()
                    .flatten()
                    .filter(|s| s.is_finite() && *s >= 0.0 && *s < 1e9);
                if maybe(value).is_some() && seconds.is_none() {
                    return Err(number("seconds played, or '-'"));
                }
                self.played = Some(seconds.map(std::time::Duration::from_secs_f64));
            }
            "assisted" => {
                self.assisted = Some(match value {
                    "yes" => true,
                    "no" => false,
                    _ => return Err(number("yes or no")),
                })
            }
            _ => return Err(format!("unknown key '{key}'")),
        }
        Ok(())
    }

    fn finish(self, actions: usize) -> Result<GameSummary, String> {
        let missing = |key: &str| format!("the header lacks '{key}:'");
        let declared = self.actions.ok_or_else(|| missing("actions"))?;
        if declared != actions {
            return Err(format!(
                "the header says {declared} actions but the file lists {actions}: it was cut short or edited"
            ));
        }
        let result = self.result.ok_or_else(|| missing("result"))?;
        let finished = self.finished.ok_or_else(|| missing("finished"))?;
        if (result == GameResult::Playing) != finished.is_none() {
            return Err("'finished' must be '-' exactly when the result is 'playing'".to_string());
        }
        Ok(GameSummary {
            id: self.id.ok_or_else(|| missing("id"))?,
            variant: self.variant.ok_or_else(|| missing("variant"))?,
            ruleset: self.ruleset.ok_or_else(|| missing("ruleset"))?,
            rules: self.rules.ok_or_else(|| missing("rules"))?,
            code: self.code.ok_or_else(|| missing("code"))?,
            started: self.started.ok_or_else(|| missing("started"))?,
            finished,
            result,
            score: self.score.ok_or_else(|| missing("score"))?,
            moves: self.moves.ok_or_else(|| missing("moves"))?,
            actions: u32::try_from(actions).map_err(|_| "too many actions".to_string())?,
            // Format 1 files carry no time.
            played: self.played.flatten(),
            assisted: self.assisted.unwrap_or(false),
        })
    }
}
