//! Fitting the message line's news to the room it has: whole on one line, else wrapped onto
//! a second line where the table leaves one bare, else its oldest pieces left out (`… `), and
//! a single piece too long even so ends at a word with `…`. Never cut in the middle of a word.

use unicode_width::UnicodeWidthStr;

/// The lines of news `pieces` (joined by ` · `) followed by `tail`, each line starting with a
/// space, in at most `lines` lines of `width` cells.
pub fn fit(pieces: &[String], tail: &str, width: u16, lines: u16, ascii: bool) -> Vec<String> {
    let width = usize::from(width);
    let dots = if ascii { "..." } else { "…" };
    let lines = usize::from(lines.max(1));
    for first in 0..pieces.len().max(1) {
        let mut text = pieces[first.min(pieces.len())..].join(" · ");
        if first > 0 {
            text = format!("{dots} {text}");
        }
        text.push_str(tail);
        let wrapped = wrap(&text, width.saturating_sub(1));
        if wrapped.len() <= lines {
            return wrapped.into_iter().map(|l| format!(" {l}")).collect();
        }
    }
    // The newest piece alone does not fit: it ends at the last word that fits, with dots.
    let last = pieces.last().map_or("", String::as_str);
    let text = format!("{last}{tail}");
    let mut wrapped = wrap(&text, width.saturating_sub(1));
    wrapped.truncate(lines);
    if let Some(end) = wrapped.last_mut() {
        while !end.is_empty() && end.width() + dots.width() > width.saturating_sub(1) {
            match end.rfind(' ') {
                Some(at) => end.truncate(at),
                None => end.clear(),
            }
        }
        end.push_str(dots);
    }
    wrapped.into_iter().map(|l| format!(" {l}")).collect()
}

/// `text` in lines of at most `width` cells, broken between words; a word longer than a
/// line has a line of its own.
fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for word in text.split(' ').filter(|w| !w.is_empty()) {
        match out.last_mut() {
            Some(line) if line.width() + 1 + word.width() <= width => {
                line.push(' ');
                line.push_str(word);
            }
            _ => out.push(word.to_string()),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::fit;
    use unicode_width::UnicodeWidthStr;

    fn news() -> Vec<String> {
        [
            "North plays 5♥",
            "East plays 9♥",
            "South plays 2♥",
            "West wins the trick with A♥",
            "East leads Q♣",
        ]
        .map(String::from)
        .to_vec()
    }

    #[test]
    fn news_that_fits_is_one_line() {
        assert_eq!(
            fit(&news()[3..4], "", 80, 2, false),
            [" West wins the trick with A♥"]
        );
    }

    #[test]
    fn long_news_wraps_onto_a_second_line_between_words() {
        let lines = fit(&news(), " · any key goes on", 40, 2, false);
        assert_eq!(lines.len(), 2, "{lines:?}");
        assert!(lines.iter().all(|l| l.width() <= 40), "{lines:?}");
        assert!(lines[1].ends_with("any key goes on"), "{lines:?}");
    }

    #[test]
    fn on_one_line_the_oldest_news_gives_way_whole() {
        let lines = fit(&news(), "", 50, 1, false);
        assert_eq!(lines, [" … West wins the trick with A♥ · East leads Q♣"]);
    }

    #[test]
    fn a_piece_too_long_ends_at_a_word() {
        let long = vec!["one two three four five six seven eight".to_string()];
        let lines = fit(&long, "", 20, 1, true);
        assert_eq!(lines, [" one two three..."]);
    }
}
