//! The finish window, shown when a game is won or over: how it ended, the figures every game
//! has (time, moves, score) beside the player's best so far and whether this game beat it,
//! the game code, and what to do next.
//!
//! It shows a fixed set of figures the host itself keeps (the game clock and the ruleset's
//! [`felt_core::Scoreboard`]) rather than the status bar's items: those say how play stands
//! (cards left in the stock, passes left, how many cards may move at once) and mean nothing
//! once the game is over.

use crate::clock::clock_text;
use crate::game::Game;
use crate::game_view::word_wrap;
use crate::input::{key_bar, FINISH_KEYS};
use crate::paint::{centred, put, window};
use crate::records::Bests;
use felt_core::Status;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use std::time::Duration;
use unicode_width::UnicodeWidthStr;

/// The window's width, and the widest text inside it.
const WIDTH: u16 = 62;
const TEXT_W: usize = 58;

/// One figure of the game just ended, beside the best before it.
struct Figure {
    label: &'static str,
    value: String,
    /// The best before this game, in words (`-` when no game was won yet).
    best: Option<String>,
    /// Whether this game set a new best of this figure.
    new_best: bool,
}

/// The figures of a game ended with `time`, `moves` and `score`, compared with `bests` (when
/// the records are known) if the game was `won` by the player alone (`counts`): a lost game
/// or one played with help sets no best, but still shows the best to compare with.
fn figures(
    time: Duration,
    moves: u32,
    score: Option<i64>,
    bests: Option<&Bests>,
    counts: bool,
) -> Vec<Figure> {
    let dash = || "-".to_string();
    let mut out = vec![
        Figure {
            label: "Time",
            value: clock_text(time),
            best: bests.map(|b| b.time.map_or_else(dash, clock_text)),
            // A game clock that never ran (a game won with no time played) beats nothing.
            new_best: counts
                && !time.is_zero()
                && bests.is_some_and(|b| b.time.is_none_or(|t| time < t)),
        },
        Figure {
            label: "Moves",
            value: moves.to_string(),
            best: bests.map(|b| b.moves.map_or_else(dash, |m| m.to_string())),
            new_best: counts && bests.is_some_and(|b| b.moves.is_none_or(|m| moves < m)),
        },
    ];
    if let Some(score) = score {
        out.push(Figure {
            label: "Score",
            value: score.to_string(),
            best: bests.map(|b| b.score.map_or_else(dash, |s| s.to_string())),
            new_best: counts && bests.is_some_and(|b| b.score.is_none_or(|s| score > s)),
        });
    }
    out
}

/// The figures as lines of one block: label, value, the best before, and the news of a new one.
fn figure_lines(figures: &[Figure]) -> Vec<(String, bool)> {
    let value_w = figures.iter().map(|f| f.value.width()).max().unwrap_or(0);
    figures
        .iter()
        .map(|f| {
            let mut line = format!("{:<6}{:>value_w$}", f.label, f.value);
            if let Some(best) = &f.best {
                line.push_str(&format!("   best before {best}"));
            }
            if f.new_best {
                line.push_str("   new best!");
            }
            (line, f.new_best)
        })
        .collect()
}

impl Game {
    /// Draws the finish window over the table.
    pub(crate) fn draw_finish(&self, buf: &mut Buffer, area: Rect) {
        let theme = self.theme;
        let won = matches!(self.status, Status::Won { .. });
        let (title, reason) = match &self.status {
            Status::Won { winner } if winner.is_empty() => ("You won!".to_string(), None),
            Status::Won { winner } => (format!("{winner} won!"), None),
            Status::Over { reason } => ("Game over".to_string(), Some(reason.clone())),
            Status::Playing => return,
        };
        // A ruleset's reason may be a long sentence: it wraps rather than being cut.
        let reason_lines = reason
            .as_deref()
            .map_or_else(Vec::new, |r| word_wrap(r, TEXT_W));
        let board = self.session.scoreboard();
        let figures = figures(
            self.clock.shown(),
            board.moves,
            board.score,
            self.bests.as_ref(),
            won && !self.assisted,
        );
        let lines = figure_lines(&figures);
        let helped = won && self.assisted && self.bests.is_some();
        // A blank line, the reason, the figures, a word on help, the code, a blank line and
        // two lines of keys, in a frame.
        let height = 7 + reason_lines.len() + lines.len() + usize::from(helped);
        let inner = window(buf, area, WIDTH, height as u16, &title, &theme);
        let mut y = inner.y + 1;
        for r in &reason_lines {
            centred(buf, Rect::new(inner.x, y, inner.width, 1), r, theme.error());
            y += 1;
        }
        // The figures as one block in the middle, so their values line up.
        let block_w = lines.iter().map(|(l, _)| l.width()).max().unwrap_or(0) as u16;
        let x = inner.x + inner.width.saturating_sub(block_w) / 2;
        for (line, new_best) in &lines {
            let style = if *new_best {
                theme.info()
            } else {
                Style::default()
            };
            put(buf, x, y, line, inner.right().saturating_sub(x), style);
            y += 1;
        }
        if helped {
            let text = "Played with help: it sets no best";
            centred(
                buf,
                Rect::new(inner.x, y, inner.width, 1),
                text,
                theme.dim(),
            );
            y += 1;
        }
        let label = match &self.position {
            Some(_) => self.code_label(),
            None => format!("Game code {}", self.session.code()),
        };
        centred(
            buf,
            Rect::new(inner.x, y, inner.width, 1),
            &label,
            Style::default(),
        );
        let (first, second) = FINISH_KEYS.split_at(FINISH_KEYS.len() / 2);
        let keys = Rect::new(inner.x, inner.bottom().saturating_sub(2), inner.width, 1);
        centred(buf, keys, &key_bar(first), theme.dim());
        let keys = Rect {
            y: keys.y + 1,
            ..keys
        };
        centred(buf, keys, &key_bar(second), theme.dim());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SECS: fn(u64) -> Duration = Duration::from_secs;

    #[test]
    fn a_won_game_beating_every_best_says_so_of_each() {
        let bests = Bests {
            score: Some(900),
            moves: Some(120),
            time: Some(SECS(600)),
        };
        let f = figures(SECS(300), 110, Some(950), Some(&bests), true);
        assert!(f.iter().all(|f| f.new_best));
        let f = figures(SECS(700), 130, Some(850), Some(&bests), true);
        assert!(f.iter().all(|f| !f.new_best));
    }

    #[test]
    fn a_first_win_is_a_new_best_and_a_tie_is_not() {
        let f = figures(SECS(60), 100, None, Some(&Bests::default()), true);
        assert!(f.iter().all(|f| f.new_best) && f.len() == 2);
        let tie = Bests {
            moves: Some(100),
            ..Bests::default()
        };
        let f = figures(SECS(60), 100, None, Some(&tie), true);
        assert!(!f[1].new_best);
    }

    #[test]
    fn no_best_is_claimed_without_records_nor_for_a_game_that_does_not_count() {
        let f = figures(SECS(60), 100, Some(5), None, true);
        assert!(f.iter().all(|f| !f.new_best && f.best.is_none()));
        let f = figures(SECS(60), 100, Some(5), Some(&Bests::default()), false);
        assert!(f.iter().all(|f| !f.new_best && f.best.is_some()));
    }
}
