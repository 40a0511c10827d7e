//! Text from outside felt (a variant or position file, a record, a plugin's words) as a
//! terminal may show it.
//!
//! A terminal obeys the control characters in what it is sent: an escape sequence in a card
//! token can retitle the window, clear the screen or move the cursor; a NUL or a bell reaches
//! it as it is; a bidirectional override makes a line read backwards. Every string felt did not
//! write itself passes through here before it reaches a terminal or a plain-text output, and
//! comes out with each such character written as a visible escape: ESC as `\x1b`, NUL as `\0`,
//! a C1 control as `\u{9b}`, a bidi override as `\u{202e}`. Ordinary Unicode (`♠♥`, accents,
//! wide characters) is kept as it is. A backslash is not escaped: the result is for reading,
//! not for parsing back.
//!
//! The sinks use it, not the places errors are made: the binary's error printer and listings
//! write through [`Visible`] or [`visible`], the headless protocol renders its answers through
//! [`visible_line_within`] (text) and [`json_visible`] (JSON), and the terminal's text painters
//! through [`visible_line`].

use std::borrow::Cow;
use std::fmt::Write as _;

/// Whether `c` must not reach a terminal as it is: C0 controls, DEL and C1 controls
/// (`char::is_control`), the bidirectional formatting characters (embeddings, overrides,
/// isolates and marks), and the line and paragraph separators, which some terminals treat
/// as line breaks.
pub fn is_unsafe(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{061c}'
                | '\u{200e}'
                | '\u{200f}'
                | '\u{202a}'..='\u{202e}'
                | '\u{2066}'..='\u{2069}'
                | '\u{2028}'
                | '\u{2029}'
        )
}

/// The escape written for `c`, when [`is_unsafe`] says it needs one; `keep_lines` keeps
/// line feeds and tabs, which a text of several lines holds on purpose.
fn escape_of(c: char, keep_lines: bool) -> Option<Escape> {
    match c {
        '\n' | '\t' if keep_lines => None,
        '\0' => Some(Escape::Short("\\0")),
        '\n' => Some(Escape::Short("\\n")),
        '\t' => Some(Escape::Short("\\t")),
        '\r' => Some(Escape::Short("\\r")),
        c if (c as u32) < 0x80 && is_unsafe(c) => Some(Escape::Byte(c as u8)),
        c if is_unsafe(c) => Some(Escape::Code(c as u32)),
        _ => None,
    }
}

/// How one character is written instead of itself.
#[derive(Clone, Copy)]
enum Escape {
    /// A fixed escape (`\0`, `\n`).
    Short(&'static str),
    /// An ASCII control as `\x1b`.
    Byte(u8),
    /// Any other as `\u{202e}`.
    Code(u32),
}

impl Escape {
    /// Writes it to `out`; returns how many characters that took.
    fn write(self, out: &mut String) -> usize {
        let before = out.len();
        // Writing to a String cannot fail.
        let _ = match self {
            Escape::Short(s) => out.write_str(s),
            Escape::Byte(b) => write!(out, "\\x{b:02x}"),
            Escape::Code(n) => write!(out, "\\u{{{n:x}}}"),
        };
        // Escapes are ASCII: bytes are characters.
        out.len() - before
    }

    /// How many characters it takes.
    fn width(self) -> usize {
        match self {
            Escape::Short(s) => s.len(),
            Escape::Byte(_) => 4,
            Escape::Code(n) => 4 + format!("{n:x}").len(),
        }
    }
}

/// `text`, one or several lines, with every unsafe character but the line feed and the tab
/// written as a visible escape. Borrowed when nothing needed escaping.
pub fn visible(text: &str) -> Cow<'_, str> {
    escaped(text, true)
}

/// `text` as one line: as [`visible`], and line feeds and tabs escaped too (`\n`, `\t`), so a
/// name or a token from a file cannot break the line it is shown on.
pub fn visible_line(text: &str) -> Cow<'_, str> {
    escaped(text, false)
}

fn escaped(text: &str, keep_lines: bool) -> Cow<'_, str> {
    let Some(first) = text.find(|c| escape_of(c, keep_lines).is_some()) else {
        return Cow::Borrowed(text);
    };
    let mut out = String::with_capacity(text.len() + 16);
    out.push_str(&text[..first]);
    for c in text[first..].chars() {
        match escape_of(c, keep_lines) {
            Some(e) => {
                e.write(&mut out);
            }
            None => out.push(c),
        }
    }
    Cow::Owned(out)
}

/// `text` as [`visible`] makes it (line feeds and tabs kept), at most `max` characters long
/// once escaped, with `…` in the last place when something was left out. An escape is never
/// cut in two, so a 1 MB line of NULs costs `max` characters, not 2 MB.
pub fn visible_within(text: &str, max: usize) -> String {
    bounded(text, max, true)
}

/// `text` as [`visible_line`] makes it (one line), at most `max` characters long once
/// escaped, cut as [`visible_within`] cuts.
pub fn visible_line_within(text: &str, max: usize) -> String {
    bounded(text, max, false)
}

fn bounded(text: &str, max: usize, keep_lines: bool) -> String {
    let mut out = String::new();
    let mut used = 0;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        let escape = escape_of(c, keep_lines);
        let width = escape.map_or(1, Escape::width);
        // The last character may take the last place; anything before it leaves one for `…`.
        let room = if chars.peek().is_some() {
            max.saturating_sub(1)
        } else {
            max
        };
        if used + width > room {
            out.push('…');
            return out;
        }
        used += match escape {
            Some(e) => e.write(&mut out),
            None => {
                out.push(c);
                1
            }
        };
    }
    out
}

/// JSON text (as serde_json writes it) with the unsafe characters it leaves as they are (C1
/// controls, DEL, bidi formatting, separators: serde escapes only C0 controls) written as JSON
/// escapes (`\u009b`, `\u202e`). The JSON means the same; only its bytes are safe to show.
/// Outside its strings serde writes only ASCII punctuation and whitespace, so every such
/// character is inside a string, where a `\u` escape is valid.
pub fn json_visible(json: &str) -> Cow<'_, str> {
    let unsafe_here = |c: char| is_unsafe(c) && !matches!(c, '\n' | '\t' | '\r' | ' ');
    let Some(first) = json.find(unsafe_here) else {
        return Cow::Borrowed(json);
    };
    let mut out = String::with_capacity(json.len() + 16);
    out.push_str(&json[..first]);
    for c in json[first..].chars() {
        if unsafe_here(c) {
            // Every unsafe character is in the Basic Multilingual Plane: one `\uXXXX` each.
            let _ = write!(out, "\\u{:04x}", c as u32);
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// A writer that passes bytes on with [`visible`]'s escapes: the sink for listings and for a
/// helper process's error output, which are byte streams. Line feeds and tabs pass; a byte
/// that is not part of valid UTF-8 is written as `\xff`. A character cut between two writes
/// is held until the next one completes it, so escaping never depends on how a text was split;
/// one still incomplete at the end is written as its bytes' escapes when the writer is
/// finished or dropped.
pub struct Visible<W: std::io::Write> {
    /// Where the escaped text goes; taken out by [`Visible::finish`].
    inner: Option<W>,
    /// The start of a character the last write ended inside (at most three bytes).
    pending: Vec<u8>,
}

impl<W: std::io::Write> Visible<W> {
    /// Escapes what is written before it reaches `inner`.
    pub fn new(inner: W) -> Visible<W> {
        Visible {
            inner: Some(inner),
            pending: Vec::new(),
        }
    }

    /// Writes out a character left incomplete, flushes, and hands back the writer.
    pub fn finish(mut self) -> std::io::Result<W> {
        self.end()?;
        self.inner
            .take()
            .ok_or_else(|| std::io::Error::other("the writer was already finished"))
    }

    /// Writes the bytes of a character left incomplete as escapes, and flushes.
    fn end(&mut self) -> std::io::Result<()> {
        let mut out = String::new();
        for b in self.pending.drain(..) {
            let _ = write!(out, "\\x{b:02x}");
        }
        if let Some(inner) = self.inner.as_mut() {
            inner.write_all(out.as_bytes())?;
            inner.flush()?;
        }
        Ok(())
    }
}

impl<W: std::io::Write> std::io::Write for Visible<W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let mut bytes = std::mem::take(&mut self.pending);
        bytes.extend_from_slice(buf);
        let mut out = String::with_capacity(bytes.len());
        let mut rest = &bytes[..];
        loop {
            match std::str::from_utf8(rest) {
                Ok(text) => {
                    out.push_str(&visible(text));
                    break;
                }
                Err(e) => {
                    let (good, bad) = rest.split_at(e.valid_up_to());
                    // The bytes up to `valid_up_to` are UTF-8 by its definition.
                    out.push_str(&visible(std::str::from_utf8(good).unwrap_or_default()));
                    match e.error_len() {
                        Some(n) => {
                            for b in &bad[..n] {
                                let _ = write!(out, "\\x{b:02x}");
                            }
                            rest = &bad[n..];
                        }
                        // A character begun but not ended: the next write may complete it.
                        None => {
                            self.pending = bad.to_vec();
                            break;
                        }
                    }
                }
            }
        }
        let inner = self
            .inner
            .as_mut()
            .ok_or_else(|| std::io::Error::other("the writer was already finished"))?;
        inner.write_all(out.as_bytes())?;
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        match self.inner.as_mut() {
            Some(inner) => inner.flush(),
            None => Ok(()),
        }
    }
}

impl<W: std::io::Write> Drop for Visible<W> {
    fn drop(&mut self) {
        let _ = self.end();
    }
}

/// One `Name: rest` line of a position file, as [`named_lines`] reads it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NamedLine<'a> {
    /// The line's number in the file, from 1.
    pub number: usize,
    /// The name before the colon, trimmed and in lower case.
    pub head: String,
    /// What follows the colon, trimmed.
    pub rest: &'a str,
}

impl NamedLine<'_> {
    /// An error about this line: `line N: message`.
    pub fn error(&self, message: impl std::fmt::Display) -> String {
        format!("line {}: {message}", self.number)
    }
}

/// The `Name: rest` lines of a position file (every ruleset's format is one), in order. A `#`
/// starts a comment, to the end of its line (no card token holds one), and blank lines are
/// skipped. A line with no colon, or a name given twice (which of the two is meant cannot be
/// told), is refused, naming the line and quoting a short, visible piece of it.
pub fn named_lines(text: &str) -> Result<Vec<NamedLine<'_>>, String> {
    let mut lines: Vec<NamedLine<'_>> = Vec::new();
    for (n, raw) in text.lines().enumerate() {
        let number = n + 1;
        let line = raw.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let quoted = |s: &str| visible_within(s, 64);
        let Some((head, rest)) = line.split_once(':') else {
            return Err(format!(
                "line {number}: expected 'Name: ...', not '{}'",
                quoted(line)
            ));
        };
        let head = head.trim().to_ascii_lowercase();
        if let Some(first) = lines.iter().find(|l| l.head == head) {
            return Err(format!(
                "line {number}: '{}' is given twice (first on line {})",
                quoted(&head),
                first.number
            ));
        }
        lines.push(NamedLine {
            number,
            head,
            rest: rest.trim(),
        });
    }
    Ok(lines)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    #[test]
    fn controls_are_shown_as_escapes_and_cards_are_kept() {
        assert_eq!(
            visible_line("KH\u{1b}]0;pwned\u{7} \0"),
            "KH\\x1b]0;pwned\\x07 \\0"
        );
        assert_eq!(visible("10♠ Q♥ été 列\n"), "10♠ Q♥ été 列\n");
        assert!(matches!(visible("plain ♣"), Cow::Borrowed(_)));
        assert_eq!(visible_line("a\nb\tc\rd"), "a\\nb\\tc\\rd");
        assert_eq!(visible("a\nb\tc\rd"), "a\nb\tc\\rd");
        assert_eq!(visible("del\u{7f}"), "del\\x7f");
    }

    #[test]
    fn c1_controls_and_bidi_overrides_are_shown_as_escapes() {
        assert_eq!(visible("\u{9b}2J"), "\\u{9b}2J");
        assert_eq!(visible("\u{85}"), "\\u{85}");
        assert_eq!(visible("abc\u{202e}fed"), "abc\\u{202e}fed");
        assert_eq!(visible("\u{2066}x\u{2069}"), "\\u{2066}x\\u{2069}");
        assert_eq!(visible("\u{200f}\u{2028}"), "\\u{200f}\\u{2028}");
    }

    #[test]
    fn a_bounded_text_never_passes_its_limit_nor_cuts_an_escape() {
        let nuls = "\0".repeat(1 << 20);
        let shown = visible_within(&nuls, 100);
        assert!(shown.chars().count() <= 100, "{}", shown.len());
        assert!(shown.ends_with("\\0…"), "{shown}");
        assert_eq!(visible_within("short\u{1b}", 100), "short\\x1b");
        assert_eq!(visible_within("abcdef", 6), "abcdef");
        assert_eq!(visible_within("abcdefg", 6), "abcde…");
        // `\x1b` does not fit in what is left: it is left out whole.
        assert_eq!(visible_within("abc\u{1b}def", 6), "abc…");
        assert_eq!(visible_line_within("a\nb", 10), "a\\nb");
        assert_eq!(visible_within("a\nb", 10), "a\nb");
    }

    #[test]
    fn json_keeps_its_meaning_and_loses_its_unsafe_bytes() {
        let value = "r\u{9b}2J\u{202e}\u{1b}♠";
        let json =
            serde_json::to_string(&serde_json::json!({ "rule": value })).expect("serialises");
        let shown = json_visible(&json);
        assert!(!shown.contains(is_unsafe), "{shown}");
        let back: serde_json::Value = serde_json::from_str(&shown).expect("still JSON");
        assert_eq!(back["rule"], value);
        let pretty = serde_json::to_string_pretty(&serde_json::json!([1, 2])).expect("json");
        assert_eq!(json_visible(&pretty), pretty);
    }

    #[test]
    fn the_writer_escapes_whatever_way_a_text_is_split() {
        let text = "K\u{1b}[2J ♠\u{9b}\u{202e} done\n".as_bytes();
        for cut in 0..text.len() {
            let mut w = Visible::new(Vec::new());
            w.write_all(&text[..cut]).expect("writes");
            w.write_all(&text[cut..]).expect("writes");
            let out = String::from_utf8(w.finish().expect("finished")).expect("UTF-8");
            assert_eq!(out, "K\\x1b[2J ♠\\u{9b}\\u{202e} done\n", "cut at {cut}");
        }
    }

    #[test]
    fn the_writer_shows_bytes_that_are_not_text() {
        let mut w = Visible::new(Vec::new());
        w.write_all(b"a\xffb\xe2\x80").expect("writes");
        let out = String::from_utf8(w.finish().expect("finished")).expect("UTF-8");
        assert_eq!(out, "a\\xffb\\xe2\\x80");
    }

    #[test]
    fn named_lines_skip_comments_and_refuse_a_name_twice() {
        let lines = named_lines("# a deal\nDeal: 7  # its number\n\n1: AS 2S\n").expect("reads");
        assert_eq!(lines.len(), 2);
        assert_eq!((lines[0].number, lines[0].head.as_str()), (2, "deal"));
        assert_eq!((lines[1].head.as_str(), lines[1].rest), ("1", "AS 2S"));
        assert_eq!(lines[1].error("no"), "line 4: no");
        assert_eq!(
            named_lines("Deal: 1\ndeal: 2").err().as_deref(),
            Some("line 2: 'deal' is given twice (first on line 1)")
        );
        let e = named_lines("just \u{1b}[2J words").expect_err("refused");
        assert!(e.starts_with("line 1: expected 'Name: ...'"), "{e}");
        assert!(!e.contains('\u{1b}'), "{e}");
    }
}
