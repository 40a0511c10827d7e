//! The headless reader: one command a line in, one answer out, with no line allowed to grow
//! the reader without bound.

use super::{Answer, Format, Headless};
use std::io::{BufRead, Write};

/// The longest input line read: a command is a few words.
pub const MAX_LINE: usize = 64 << 10;

/// Reads commands from `input` until `quit` or the end, writing answers to `output`.
/// Invalid UTF-8 and any text get an answer, never a panic.
pub fn run<R: BufRead, W: Write>(
    headless: &mut Headless,
    mut input: R,
    mut output: W,
    format: Format,
) -> std::io::Result<()> {
    let mut buf = Vec::new();
    loop {
        buf.clear();
        let long = match read_line(&mut input, &mut buf)? {
            Line::End => return Ok(()),
            Line::Read => false,
            Line::TooLong => true,
        };
        if long {
            let answer = Answer::bad(format!(
                "a line may hold at most {} KB; this one was longer and was skipped",
                MAX_LINE >> 10
            ));
            output.write_all(answer.render(format).as_bytes())?;
            output.flush()?;
            continue;
        }
        let line = String::from_utf8_lossy(&buf);
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let answer = headless.handle(line);
        output.write_all(answer.render(format).as_bytes())?;
        output.flush()?;
        if answer.quit {
            return Ok(());
        }
    }
}

/// What [`read_line`] found.
enum Line {
    /// No more input.
    End,
    /// A line, in the buffer.
    Read,
    /// A line longer than [`MAX_LINE`], skipped to its end.
    TooLong,
}

/// Reads one line into `buf`, holding at most [`MAX_LINE`] bytes of it: the rest of a longer
/// line is read and dropped chunk by chunk, so no line makes the reader grow without bound.
fn read_line<R: BufRead>(input: &mut R, buf: &mut Vec<u8>) -> std::io::Result<Line> {
    let mut too_long = false;
    let mut any = false;
    loop {
        let chunk = input.fill_buf()?;
        if chunk.is_empty() {
            return Ok(match (any, too_long) {
                (false, _) => Line::End,
                (true, false) => Line::Read,
                (true, true) => Line::TooLong,
            });
        }
        any = true;
        let (part, done) = match chunk.iter().position(|&b| b == b'\n') {
            Some(i) => (&chunk[..=i], true),
            None => (chunk, false),
        };
        let n = part.len();
        if !too_long {
            if buf.len() + n > MAX_LINE + 1 {
                too_long = true;
                buf.clear();
            } else {
                buf.extend_from_slice(part);
            }
        }
        input.consume(n);
        if done {
            return Ok(if too_long { Line::TooLong } else { Line::Read });
        }
    }
}
