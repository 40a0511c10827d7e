//! One answer of the protocol to one command, and how it is written: as lines of text, or as
//! one JSON object a line (docs/protocol.md).

use crate::COMMAND_RULE;
use felt_core::{clip, Action, Event, RuleViolation, TableView};
use serde::Serialize;

/// How answers are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Lines of text, each answer ending with an empty line.
    Text,
    /// One JSON object per answer, on one line.
    Json,
}

/// One answer to one command.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Answer {
    /// Whether the command was carried out.
    pub ok: bool,
    /// The rule that refused it, when it was refused.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rule: Option<String>,
    /// The refusal's sentence, or a short note on success.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
    /// What happened (moves, flips, removed sets).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub events: Vec<Event>,
    /// Extra lines of text (the table for `show`, the list for `legal`).
    #[serde(skip)]
    pub lines: Vec<String>,
    /// The table, for `show` in JSON.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub view: Option<TableView>,
    /// The game code, for `show` in JSON.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub code: Option<String>,
    /// `playing`, `won` or `over`, for `show` in JSON.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub state: Option<String>,
    /// Legal actions, for `legal` in JSON; the hinted one for `hint`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub actions: Option<Vec<Action>>,
    /// For `hint` in JSON: the actions that follow the hinted one in its plan, which the
    /// next hints will give while the table is the one the plan expects.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub then: Option<Vec<Action>>,
    /// Whose turn it is after the command, in a game whose seats take turns (`-` when
    /// nobody is to act: between hands, after the end).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub turn: Option<String>,
    /// Something went wrong besides the command itself: the change was made but not saved.
    /// A field of its own, so a JSON client sees it as surely as a text reader does.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub warning: Option<String>,
    /// Set by `quit`: the reader stops after this answer.
    #[serde(skip)]
    pub quit: bool,
}

impl Answer {
    pub(crate) fn ok() -> Answer {
        Answer {
            ok: true,
            rule: None,
            message: None,
            events: Vec::new(),
            lines: Vec::new(),
            view: None,
            code: None,
            state: None,
            actions: None,
            then: None,
            turn: None,
            warning: None,
            quit: false,
        }
    }

    pub(crate) fn refused(v: RuleViolation) -> Answer {
        Answer {
            ok: false,
            rule: Some(v.rule),
            message: Some(v.message),
            ..Answer::ok()
        }
    }

    pub(crate) fn bad(message: impl Into<String>) -> Answer {
        Answer::refused(RuleViolation::new(COMMAND_RULE, message))
    }

    pub(crate) fn with_events(events: Vec<Event>) -> Answer {
        Answer {
            events,
            ..Answer::ok()
        }
    }

    /// The answer as protocol text; text answers end with an empty line.
    pub fn render(&self, format: Format) -> String {
        match format {
            Format::Json => {
                let mut answer = self.clone();
                answer.message = answer.message.map(|m| clip(&tokens(&m), MESSAGE_CHARS));
                answer.lines = answer.lines.iter().map(|l| tokens(l)).collect();
                let json =
                    serde_json::to_string(&answer).unwrap_or_else(|_| "{\"ok\":false}".into());
                // serde escapes C0 controls only; C1 and bidi characters are escaped too.
                felt_core::text::json_visible(&json).into_owned() + "\n"
            }
            Format::Text => {
                // Text may quote the input back, or names from files: it is cut to a length a
                // terminal shows and its control characters never reach the terminal.
                let message = self.message.as_deref().map(|m| shown(m, MESSAGE_CHARS));
                let rule = self.rule.as_deref().map(|r| shown(r, MESSAGE_CHARS));
                let mut out = match (rule, message) {
                    (Some(rule), Some(message)) => format!("error {rule}: {message}\n"),
                    (_, Some(message)) => format!("ok {message}\n"),
                    _ => "ok\n".to_string(),
                };
                for line in &self.lines {
                    out.push_str(&shown(line, LINE_CHARS));
                    out.push('\n');
                }
                if let Some(turn) = &self.turn {
                    out.push_str(&shown(&format!("turn {turn}"), LINE_CHARS));
                    out.push('\n');
                }
                if let Some(warning) = &self.warning {
                    out.push_str(&shown(&format!("warning: {warning}"), LINE_CHARS));
                    out.push('\n');
                }
                out.push('\n');
                out
            }
        }
    }
}

/// Characters of an answer's message written at most: a message may quote what was typed.
pub(crate) const MESSAGE_CHARS: usize = 300;
/// Characters of one line of a text answer written at most.
const LINE_CHARS: usize = 2000;

/// `text` in the protocol's tokens, cut to `max` characters, as one line with its control
/// characters (escape sequences could move the cursor, clear or retitle the terminal) and
/// bidi overrides written as visible escapes (`\x1b`): a plugin's rule id or message, or a
/// name from a file, can neither act on a terminal nor break the answer's lines.
fn shown(text: &str, max: usize) -> String {
    felt_core::text::visible_line_within(&tokens(text), max)
}

/// A ruleset's text with its cards (`10♠`) written as the protocol's tokens (`TS`), the way
/// `show` and `legal` write them.
fn tokens(text: &str) -> String {
    felt_core::cards_in_text(text, felt_core::CardText::Tokens)
}
