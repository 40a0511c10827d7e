//! The variant file schema and scoring tables (✱ contract 6), with errors that point at the
//! file, line and key.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;

fn default_undo_depth() -> usize {
    100
}

/// A playable variant: which ruleset, which rules choices, and the ruleset's own settings.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Variant {
    /// Stable id (`patience-2suit`); a user file with a built-in's id overrides it.
    pub id: String,
    /// Former ids that still name this variant, so saved games, settings and scripts written
    /// before a rename keep working. An id a variant has is never taken as an alias.
    #[serde(default)]
    pub aliases: Vec<String>,
    /// What the launcher shows.
    pub name: String,
    /// One line for the launcher.
    #[serde(default)]
    pub description: String,
    /// The ruleset that plays it (`patience`).
    pub ruleset: String,
    /// The code prefix of its game codes (`SP1-S2`), see docs/game-codes.md.
    pub code: String,
    /// The ruleset's rules choices this variant offers, the default first; empty means all.
    #[serde(default)]
    pub rules: Vec<String>,
    /// How many actions undo reaches back.
    #[serde(default = "default_undo_depth")]
    pub undo_depth: usize,
    /// The scoring table, by id (`classic` is `config/scoring/classic.toml`).
    #[serde(default)]
    pub scoring: Option<String>,
    /// The seats driven from outside the ruleset (a person, a script), in words the ruleset
    /// reads (a trick game's `S`, `N`, `all`); empty leaves the ruleset's default. The ruleset plays
    /// the other seats itself. `--seats` on the command line sets it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub seats: Vec<String>,
    /// The ruleset's own settings; the ruleset checks them.
    #[serde(default)]
    pub game: toml::Table,
}

/// A scoring table: points per named event, a start and an optional floor.
///
/// Rulesets name their events (`move`, `deal`, `run`); the table gives them points, so a new
/// way of scoring is a file, not code.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScoreTable {
    /// Stable id, from the file name when loaded from a file.
    #[serde(default)]
    pub id: String,
    /// What a person reads.
    pub name: String,
    /// Whether the game shows a points score at all.
    #[serde(default = "yes")]
    pub shows_score: bool,
    /// Points at the start.
    #[serde(default)]
    pub start: i64,
    /// The score never goes below this, clamped at every step.
    #[serde(default)]
    pub floor: Option<i64>,
    /// Points per event, by the ruleset's event names.
    #[serde(default)]
    pub points: BTreeMap<String, i64>,
    /// Whether the score runs on across games (Vegas: a game's cost and winnings add up): the
    /// records keep the variant's running total, the sum of its finished games' scores, and
    /// the host shows it in the statistics and at the start of a new game. Left out of the
    /// table sent to a plugin when false, so an older plugin still reads every other table.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub running_total: bool,
}

fn yes() -> bool {
    true
}

impl ScoreTable {
    /// Points for `count` occurrences of `event` (0 for an event the table does not list).
    pub fn points(&self, event: &str, count: i64) -> i64 {
        self.points.get(event).copied().unwrap_or(0) * count
    }

    /// `score` after `count` occurrences of `event`, clamped to the floor.
    pub fn add(&self, score: i64, event: &str, count: i64) -> i64 {
        let s = score + self.points(event, count);
        match self.floor {
            Some(f) => s.max(f),
            None => s,
        }
    }
}

/// Where a variant or scoring table came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Origin {
    /// Embedded in the binary, with its file name.
    BuiltIn(String),
    /// A file on disk.
    File(std::path::PathBuf),
    /// Shipped inside a plugin.
    Plugin(String),
}

impl fmt::Display for Origin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Origin::BuiltIn(name) => write!(f, "built-in {name}"),
            // A file name may hold any byte but `/`: shown with its control characters as
            // escapes (`\x1b`), so a name cannot move the cursor or retitle the terminal it is
            // printed on, even where a sink forgot to.
            Origin::File(path) => {
                write!(
                    f,
                    "{}",
                    crate::text::visible_line(&path.display().to_string())
                )
            }
            Origin::Plugin(name) => write!(f, "plugin {name}"),
        }
    }
}

/// A bad variant or scoring file: where, which key, what was expected.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub struct VariantError {
    /// The file.
    pub origin: String,
    /// 1-based line, if known.
    pub line: Option<usize>,
    /// 1-based column, if known.
    pub column: Option<usize>,
    /// The key at fault, dotted (`game.columns`), if known.
    pub key: Option<String>,
    /// What is wrong.
    pub message: String,
    /// The offending line of the file, if known.
    pub snippet: Option<String>,
}

impl fmt::Display for VariantError {
    /// Renders like a compiler's error: a header naming the file, line, column and key, then
    /// the line itself with the offending token underlined.
    ///
    /// ```text
    /// error: bad.toml:5:14: key `undo_depth`: invalid type: string "lots", expected usize
    ///   |
    /// 5 | undo_depth = "lots"
    ///   |              ^^^^^^
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "error: {}", self.origin)?;
        if let Some(line) = self.line {
            write!(f, ":{line}")?;
            if let Some(col) = self.column {
                write!(f, ":{col}")?;
            }
        }
        if let Some(key) = &self.key {
            write!(f, ": key `{key}`")?;
        }
        // The toml crate's messages may run over several lines; the header keeps to one, and
        // to a length a terminal shows (a message may quote a huge value from the file).
        let message: Vec<&str> = self
            .message
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .collect();
        write!(f, ": {}", shown(&message.join("; "), 0, MESSAGE_CHARS))?;
        if let (Some(line), Some(snippet)) = (self.line, &self.snippet) {
            let gutter = line.to_string().len();
            // Only a window of a long line is shown, around the column at fault: a one-line
            // file of megabytes must not fill the terminal.
            let col = self.column.unwrap_or(1).max(1);
            let start = (col - 1).saturating_sub(SNIPPET_BEFORE);
            let text = shown(snippet, start, SNIPPET_CHARS);
            let lead = usize::from(start > 0);
            write!(f, "\n{:gutter$} |\n{line} | {}", "", text.trim_end())?;
            if self.column.is_some() {
                let window: String = snippet.chars().skip(start).take(SNIPPET_CHARS).collect();
                let width = token_width(&window, col - start);
                let pad = col - 1 - start + lead;
                // Written out, not as a width argument: a formatting width is at most 65,535.
                write!(
                    f,
                    "\n{:gutter$} | {}{}",
                    "",
                    " ".repeat(pad),
                    "^".repeat(width)
                )?;
            }
        }
        Ok(())
    }
}

/// Characters of an error message shown at most.
const MESSAGE_CHARS: usize = 300;
/// Characters of the faulty line shown before the column at fault, at most.
const SNIPPET_BEFORE: usize = 40;
/// Characters of the faulty line shown at most.
const SNIPPET_CHARS: usize = 100;

/// At most `max` characters of `text` from character `start`, as a terminal may show them:
/// tabs and control characters (which a file could use to move the cursor or retitle the
/// terminal) become one space each, so a column counted in characters stays under the token;
/// `…` marks text left out before and after.
fn shown(text: &str, start: usize, max: usize) -> String {
    let mut out = String::new();
    if start > 0 {
        out.push('…');
    }
    let mut chars = text.chars().skip(start);
    for c in chars.by_ref().take(max) {
        out.push(if c.is_control() { ' ' } else { c });
    }
    if chars.next().is_some() {
        out.push('…');
    }
    out
}

/// How many characters to underline from 1-based character `column` of `line`: the token
/// there and, when that token is a key (`key = value`), the whole assignment, since an error
/// located at a key is about the value it sets. At least one, so the caret is always drawn.
fn token_width(line: &str, column: usize) -> usize {
    let rest: Vec<char> = line.chars().skip(column.saturating_sub(1)).collect();
    let mut end = token_end(&rest, 0);
    let mut i = end;
    while rest.get(i).is_some_and(|c| *c == ' ' || *c == '\t') {
        i += 1;
    }
    if end > 0 && rest.get(i) == Some(&'=') {
        i += 1;
        while rest.get(i).is_some_and(|c| *c == ' ' || *c == '\t') {
            i += 1;
        }
        if i < rest.len() && rest[i] != '#' {
            end = token_end(&rest, i);
        }
    }
    end.max(1)
}

/// Where the token starting at `start` of `chars` ends: a quoted string at its closing quote,
/// a list at its closing bracket on the same line (or the line's end), else before a space,
/// `=`, `,` or `]`.
fn token_end(chars: &[char], start: usize) -> usize {
    let rest = &chars[start.min(chars.len())..];
    let width = match rest.first() {
        None => 0,
        Some(&quote @ ('"' | '\'')) => rest[1..]
            .iter()
            .position(|&c| c == quote)
            .map_or(rest.len(), |end| end + 2),
        Some('[') => {
            let mut depth = 0usize;
            let mut end = rest.len();
            for (i, &c) in rest.iter().enumerate() {
                match c {
                    '[' => depth += 1,
                    ']' => {
                        depth = depth.saturating_sub(1);
                        if depth == 0 {
                            end = i + 1;
                            break;
                        }
                    }
                    _ => {}
                }
            }
            end
        }
        Some(_) => rest
            .iter()
            .position(|&c| c.is_whitespace() || matches!(c, '=' | ',' | ']'))
            .unwrap_or(rest.len()),
    };
    start.min(chars.len()) + width
}

/// The dotted key whose value holds byte `offset` of a TOML text (`game.columns`), found by the
/// nearest `key =` line at or above it and the table header above that. For an error the
/// toml crate locates by span but does not name.
fn key_at_offset(text: &str, offset: usize) -> Option<String> {
    let offset = text.floor_char_boundary_compat(offset.min(text.len()));
    let line_index = text[..offset].matches('\n').count();
    let lines: Vec<&str> = text.lines().collect();
    let mut key = None;
    for line in lines.iter().take(line_index + 1).rev() {
        let trimmed = line.trim();
        if let Some(header) = trimmed.strip_prefix('[') {
            let table = header.trim_start_matches('[').split(']').next()?.trim();
            return key.map(|k: String| format!("{table}.{k}"));
        }
        if key.is_none() {
            if let Some((k, _)) = trimmed.split_once('=') {
                let k = k.trim().trim_matches('"').trim_matches('\'');
                let bare = !k.is_empty()
                    && k.chars()
                        .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.'));
                if bare {
                    key = Some(k.to_string());
                }
            }
        }
    }
    key
}

impl VariantError {
    /// An error at a byte offset of `text` (from a TOML span).
    fn at_offset(
        origin: &Origin,
        text: &str,
        offset: usize,
        key: Option<String>,
        message: String,
    ) -> VariantError {
        let offset = offset.min(text.len());
        let before = &text[..text.floor_char_boundary_compat(offset)];
        let line = before.matches('\n').count() + 1;
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        let column = before[line_start..].chars().count() + 1;
        VariantError {
            origin: origin.to_string(),
            line: Some(line),
            column: Some(column),
            key,
            message,
            snippet: text.lines().nth(line - 1).map(str::to_string),
        }
    }

    /// An error about `key` (dotted), located in `text` if the key can be found there.
    pub fn at_key(origin: &Origin, text: &str, key: Option<&str>, message: String) -> VariantError {
        match key.and_then(|k| locate_key(text, k)) {
            Some(offset) => {
                VariantError::at_offset(origin, text, offset, key.map(str::to_string), message)
            }
            None => VariantError {
                origin: origin.to_string(),
                line: None,
                column: None,
                key: key.map(str::to_string),
                message,
                snippet: None,
            },
        }
    }
}

trait FloorCharBoundary {
    fn floor_char_boundary_compat(&self, i: usize) -> usize;
}

impl FloorCharBoundary for str {
    fn floor_char_boundary_compat(&self, mut i: usize) -> usize {
        while i > 0 && !self.is_char_boundary(i) {
            i -= 1;
        }
        i
    }
}

/// The byte offset of `key` (dotted: `game.columns`, `game.build.by`) in a TOML text: where
/// the parser saw that key, however the file spells the path (a `[game.build]` header, a
/// dotted `build.by = ` line or an inline `build = { by = … }`), so an error points at the
/// very key. A text that does not parse is searched line by line for the header and the line
/// that assigns the key.
fn locate_key(text: &str, dotted: &str) -> Option<usize> {
    spanned_key(text, dotted).or_else(|| assigned_key(text, dotted))
}

/// [`locate_key`] by the parser's spans: each part of the path looked up in the table (or
/// inline table) the part before it names.
fn spanned_key(text: &str, dotted: &str) -> Option<usize> {
    let document = toml_edit::ImDocument::parse(text).ok()?;
    let mut table: &dyn toml_edit::TableLike = document.as_table();
    let mut parts = dotted.split('.').peekable();
    while let Some(part) = parts.next() {
        let (key, item) = table.get_key_value(part)?;
        if parts.peek().is_none() {
            return key.span().map(|span| span.start);
        }
        table = item.as_table_like()?;
    }
    None
}

/// [`locate_key`] for a text the parser refused: the line that assigns the last part of the
/// path under the header of the parts before it.
fn assigned_key(text: &str, dotted: &str) -> Option<usize> {
    let (table, key) = match dotted.rsplit_once('.') {
        Some((t, k)) => (t, k),
        None => ("", dotted),
    };
    let mut current = String::new();
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let trimmed = line.trim();
        if let Some(header) = trimmed.strip_prefix('[') {
            current = header.trim_end_matches(']').trim().to_string();
        } else if current == table {
            if let Some((k, _)) = trimmed.split_once('=') {
                if k.trim().trim_matches('"') == key {
                    return Some(offset + line.find(k.trim()).unwrap_or(0));
                }
            }
        }
        offset += line.len();
    }
    None
}

/// Parses a TOML document into `T`, turning the toml crate's error into a located one.
fn parse_toml<T: serde::de::DeserializeOwned>(
    origin: &Origin,
    text: &str,
) -> Result<T, VariantError> {
    toml::from_str(text).map_err(|e| {
        let message = match e.message().trim() {
            // The toml crate gives no words for a stray character (a lone carriage return).
            "" => {
                let at = e.span().map_or(0, |s| s.start);
                let found = text.get(at..).and_then(|t| t.chars().next());
                format!(
                    "unexpected {}: expected `key = value`, a `[table]` header, a `# comment` or a blank line",
                    describe_char(found)
                )
            }
            m => m.to_string(),
        };
        let key = unknown_field_key(&message)
            .or_else(|| e.span().and_then(|span| key_at_offset(text, span.start)));
        match e.span() {
            Some(span) => VariantError::at_offset(origin, text, span.start, key, message),
            None => VariantError::at_key(origin, text, key.as_deref(), message),
        }
    })
}

/// A character as an error message names it: `'x'`, or its code point when invisible.
fn describe_char(c: Option<char>) -> String {
    match c {
        None => "end of file".to_string(),
        Some('\r') => "carriage return (U+000D) without a line feed".to_string(),
        Some(c) if c.is_control() || c.is_whitespace() => format!("character U+{:04X}", c as u32),
        Some(c) => format!("'{c}'"),
    }
}

fn unknown_field_key(message: &str) -> Option<String> {
    let rest = message.split("field `").nth(1)?;
    Some(rest.split('`').next()?.to_string())
}

/// The longest variant id: ids name files, records and command-line choices, and are shown in
/// tables and lists that must fit a terminal.
pub const MAX_ID_CHARS: usize = 64;
/// The longest variant name: one line of a list.
pub const MAX_NAME_CHARS: usize = 80;
/// The longest description: a few lines of the launcher.
pub const MAX_DESCRIPTION_CHARS: usize = 500;

/// Parses a variant file; checks the keys every variant shares. The ruleset checks `[game]`.
pub fn parse_variant(origin: &Origin, text: &str) -> Result<Variant, VariantError> {
    let variant: Variant = parse_toml(origin, text)?;
    let bad = |key: &str, message: &str| {
        Err(VariantError::at_key(
            origin,
            text,
            Some(key),
            message.to_string(),
        ))
    };
    if variant.id.is_empty()
        || !variant
            .id
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
    {
        return bad("id", "expected an id of letters, digits, '-' and '_'");
    }
    for (key, value, max) in [
        ("name", &variant.name, MAX_NAME_CHARS),
        ("description", &variant.description, MAX_DESCRIPTION_CHARS),
    ] {
        if value.chars().any(char::is_control) {
            // Names and descriptions reach every screen and list: a control character there
            // could clear or retitle the user's terminal.
            return bad(
                key,
                "control characters (escapes, tabs, line breaks) are not allowed",
            );
        }
        if value.chars().count() > max {
            return bad(key, &format!("at most {max} characters"));
        }
    }
    if variant.id.len() > MAX_ID_CHARS {
        return bad(
            "id",
            &format!("an id may be at most {MAX_ID_CHARS} characters long"),
        );
    }
    let code_ok = variant.code.contains('-')
        && !variant.code.starts_with('-')
        && !variant.code.ends_with('-')
        && variant
            .code
            .chars()
            .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '-');
    if !code_ok {
        return bad(
            "code",
            "expected a code prefix like \"SP1-S2\": capitals and digits with one '-' inside",
        );
    }
    Ok(variant)
}

/// Parses a scoring table; `id` is the file's stem.
pub fn parse_score_table(
    origin: &Origin,
    id: &str,
    text: &str,
) -> Result<ScoreTable, VariantError> {
    let mut table: ScoreTable = parse_toml(origin, text)?;
    table.id = id.to_string();
    Ok(table)
}

#[cfg(test)]
mod tests;
