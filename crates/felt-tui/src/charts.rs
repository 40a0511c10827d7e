//! The statistics screen's chart of a variant's recent games, one bar a game, oldest first:
//! by moves, by score, by the win rate after each game, or by time played. Bars rather than
//! lines, since bars have an ASCII form and stay readable at 80 × 24.
//!
//! The chart is drawn here rather than with ratatui's `BarChart`, which writes each figure
//! over its bar's foot and has no bars below zero: each figure stands just above its bar (just
//! under it for a bar below zero), and a score below zero hangs under a zero line.

use crate::paint::put;
use crate::records::{Outcome, RecentGame, VariantStats};
use crate::theme::Theme;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Style};
use unicode_width::UnicodeWidthStr;

/// The narrowest bar, and the gap after each bar.
const BAR_W: u16 = 3;
const BAR_GAP: u16 = 1;

/// The fewest lines a bar may grow in: fewer, and the chart says too little to be drawn.
const MIN_BAR_ROWS: u16 = 2;

/// Eighths of a cell growing up from its foot, empty to full.
const UP_EIGHTHS: [&str; 9] = [" ", "▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"];
/// The same in ASCII.
const UP_ASCII: [&str; 9] = [" ", "_", "_", "=", "=", "=", "#", "#", "#"];

/// What the bars measure.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChartKind {
    /// Moves made.
    Moves,
    /// Points at the last step.
    Score,
    /// The variant's win rate over every finished game up to and including this one.
    WinRate,
    /// Time played by the game clock.
    Time,
}

impl ChartKind {
    const ALL: [ChartKind; 4] = [
        ChartKind::Moves,
        ChartKind::Score,
        ChartKind::WinRate,
        ChartKind::Time,
    ];

    /// The next kind (`dir` 1) or the one before (-1), round.
    pub fn step(self, dir: i32) -> ChartKind {
        let i = ChartKind::ALL.iter().position(|k| *k == self).unwrap_or(0) as i32;
        ChartKind::ALL[(i + dir).rem_euclid(ChartKind::ALL.len() as i32) as usize]
    }

    /// The chart's title, before its legend.
    fn title(self) -> &'static str {
        match self {
            ChartKind::Moves => "Recent games by moves",
            ChartKind::Score => "Recent games by score",
            ChartKind::WinRate => "Running win rate after each game",
            ChartKind::Time => "Recent games by time",
        }
    }
}

/// One bar: its height and the figure written by it; `None` draws no bar (no figure known).
fn bar_of(kind: ChartKind, game: &RecentGame, rate: Option<f64>) -> Option<(i64, String)> {
    match kind {
        ChartKind::Moves => Some((i64::from(game.moves), game.moves.to_string())),
        ChartKind::Score => game.score.map(|s| (s, s.to_string())),
        ChartKind::WinRate => rate.map(|r| {
            let pct = (r * 100.0).round() as i64;
            (pct, pct.to_string())
        }),
        ChartKind::Time => game.played.map(|t| {
            let secs = t.as_secs();
            let text = match secs {
                0..60 => format!("{secs}s"),
                60..6_000 => format!("{}m", secs / 60),
                _ => format!("{}h", secs / 3_600),
            };
            (i64::try_from(secs).unwrap_or(i64::MAX), text)
        }),
    }
}

/// The win rate over every finished game of the variant after each of `stats.recent`, worked
/// back from the totals (the recent games are the latest ones): `None` before any game ended
/// and for a game still in progress, which moves no rate.
fn running_rates(stats: &VariantStats) -> Vec<Option<f64>> {
    let (mut won, mut finished) = (stats.won, stats.won + stats.lost);
    let mut rates: Vec<Option<f64>> = stats
        .recent
        .iter()
        .rev()
        .map(|g| {
            if g.outcome == Outcome::Playing {
                return None;
            }
            let rate = (finished > 0).then(|| won as f64 / finished as f64);
            finished = finished.saturating_sub(1);
            if g.outcome == Outcome::Won {
                won = won.saturating_sub(1);
            }
            rate
        })
        .collect();
    rates.reverse();
    rates
}

/// One game's column of the chart.
struct Column {
    outcome: Outcome,
    /// The bar's height above the chart's base (below zero: under the zero line).
    value: Option<i64>,
    /// The figure said by the bar: the game's own, before any base is taken off.
    text: String,
}

/// Lines the chart's heading takes in `width` cells: the title and the legend on one line
/// when they fit, else on two.
fn heading(kind: ChartKind, base: i64, width: u16, theme: &Theme) -> Vec<String> {
    let playing = if theme.ascii { "." } else { "·" };
    let title = if base > 0 {
        format!("{} (bars start at {base}%), oldest first", kind.title())
    } else {
        format!("{}, oldest first", kind.title())
    };
    let legend = format!("W won, L lost, A abandoned, {playing} playing");
    let one = format!("{title}: {legend}");
    if one.width() <= usize::from(width) {
        vec![one]
    } else {
        vec![format!("{title}:"), legend]
    }
}

/// Draws the chart of `kind` over `area`, if it fits: a title with a legend, a bar per recent
/// game (as many as fit, the latest), each figure beside its bar's end and each bar labelled
/// under the chart with how its game ended. Scores below zero hang under a zero line. The
/// win rate's bars stand on a whole ten below the lowest rate, which the title names.
/// Returns whether a chart was drawn (the key bar offers to change charts only then).
pub fn draw_chart(
    buf: &mut Buffer,
    area: Rect,
    stats: &VariantStats,
    kind: ChartKind,
    theme: &Theme,
) -> bool {
    if stats.recent.is_empty() || area.width < BAR_W + 2 {
        return false;
    }
    let rates = running_rates(stats);
    let mut columns: Vec<Column> = stats
        .recent
        .iter()
        .zip(rates)
        .map(|(g, rate)| {
            let bar = bar_of(kind, g, rate);
            Column {
                outcome: g.outcome,
                value: bar.as_ref().map(|(v, _)| *v),
                text: bar.map(|(_, t)| t).unwrap_or_default(),
            }
        })
        .collect();
    let bar_w = columns
        .iter()
        .map(|c| c.text.width() as u16)
        .max()
        .unwrap_or(0)
        .max(BAR_W);
    let inner = area.width.saturating_sub(2);
    let shown = usize::from((inner + BAR_GAP) / (bar_w + BAR_GAP)).max(1);
    columns.drain(..columns.len().saturating_sub(shown));
    // Rates move slowly once many games count: bars from a base below the lowest (a whole
    // ten, said in the title) show the changes that bars from zero would flatten.
    let base = match kind {
        ChartKind::WinRate => columns
            .iter()
            .filter_map(|c| c.value)
            .min()
            .map_or(0, |low| (low - 1).max(0) / 10 * 10),
        _ => 0,
    };
    for c in &mut columns {
        if let Some(v) = &mut c.value {
            *v -= base;
        }
    }
    let top = columns
        .iter()
        .filter_map(|c| c.value)
        .max()
        .unwrap_or(0)
        .max(0);
    let bottom = columns
        .iter()
        .filter_map(|c| c.value)
        .min()
        .unwrap_or(0)
        .min(0);
    let head = heading(kind, base, area.width.saturating_sub(1), theme);
    // Under the heading: a line for the figures over the highest bars, the bars, the zero
    // line and a line for the figures under the lowest when some are below zero, and the
    // outcomes' letters.
    let below = bottom < 0;
    // With every figure below zero no figure stands over a bar: no line is kept for one.
    let over = u16::from(columns.iter().any(|c| c.value.is_some_and(|v| v >= 0)));
    let fixed = head.len() as u16 + over + 1 + if below { 2 } else { 0 };
    let rows = area.height.saturating_sub(fixed);
    if rows < MIN_BAR_ROWS {
        return false;
    }
    // Rows above the zero line and under it, in proportion to the tallest bar each way.
    let up_rows = if below {
        let span = (top - bottom) as f64;
        let up = (f64::from(rows) * top as f64 / span).round() as u16;
        // Each side keeps a line when it has bars, so no bar is only its figure.
        if top > 0 {
            up.clamp(1, rows - 1)
        } else {
            0
        }
    } else {
        rows
    };
    let down_rows = rows - up_rows;
    // One scale both ways, so a bar's length compares with every other's.
    let span = (top - bottom).max(1) as f64;
    let eighths_per_unit = f64::from(rows) * 8.0 / span;

    for (i, line) in head.iter().enumerate() {
        let y = area.y + i as u16;
        put(
            buf,
            area.x + 1,
            y,
            line,
            area.width.saturating_sub(1),
            theme.label(),
        );
    }
    // The line the bars stand on: the zero line, or the letters' line when none goes below.
    let zero_y = area.y + head.len() as u16 + over + up_rows;
    let letters_y = area.bottom() - 1;
    let dim = theme.dim();
    if below {
        let rule = if theme.ascii { "-" } else { "─" };
        let line = rule.repeat(usize::from(inner));
        put(buf, area.x + 1, zero_y, &line, inner, dim);
    }
    let up_set = if theme.ascii { UP_ASCII } else { UP_EIGHTHS };
    for (i, c) in columns.iter().enumerate() {
        let x = area.x + 1 + i as u16 * (bar_w + BAR_GAP);
        let style = outcome_style(c.outcome, theme);
        let letter = c.outcome.letter(theme.ascii);
        put(buf, x + (bar_w - 1) / 2, letters_y, letter, 1, style);
        let Some(v) = c.value else { continue };
        let eighths = ((v.unsigned_abs() as f64) * eighths_per_unit).round() as u16;
        // A figure above zero shows at least a sliver, so no game looks unplayed.
        let eighths = if v != 0 { eighths.max(1) } else { 0 };
        let cells = eighths.div_ceil(8);
        let text_x = x + (bar_w - c.text.width() as u16) / 2;
        if v >= 0 {
            let eighths = eighths.min(up_rows * 8);
            for row in 0..eighths.div_ceil(8) {
                let fill = (eighths - row * 8).min(8);
                let y = zero_y - 1 - row;
                let cell = up_set[usize::from(fill)].repeat(usize::from(bar_w));
                put(buf, x, y, &cell, bar_w, style);
            }
            let y = zero_y - 1 - eighths.div_ceil(8);
            put(buf, text_x, y, &c.text, bar_w, theme.label());
        } else {
            let eighths = eighths.min(down_rows * 8);
            for row in 0..eighths.div_ceil(8) {
                let fill = (eighths - row * 8).min(8);
                let cell = down_cell(fill, theme.ascii).repeat(usize::from(bar_w));
                put(buf, x, zero_y + 1 + row, &cell, bar_w, style);
            }
            let y = zero_y + 1 + cells.min(down_rows);
            put(buf, text_x, y, &c.text, bar_w, theme.label());
        }
    }
    true
}

/// A cell of a bar hanging below zero, `fill` eighths of it from its top: the terminal's block
/// characters grow up from the foot, so a part cell shows as a half or an eighth from the top.
fn down_cell(fill: u16, ascii: bool) -> &'static str {
    match (fill, ascii) {
        (6.., false) => "█",
        (3..=5, false) => "▀",
        (_, false) => "▔",
        (6.., true) => "#",
        (3..=5, true) => "=",
        (_, true) => "-",
    }
}

fn outcome_style(outcome: Outcome, theme: &Theme) -> Style {
    if !theme.colour {
        return Style::default();
    }
    match outcome {
        Outcome::Won => Style::default().fg(Color::Green),
        Outcome::Lost | Outcome::Abandoned => Style::default().fg(Color::Red),
        Outcome::Playing => Style::default().fg(Color::Gray),
    }
}
#[cfg(test)]
mod tests {
    use super::*;

    fn game(outcome: Outcome) -> RecentGame {
        RecentGame {
            outcome,
            moves: 1,
            score: None,
            played: None,
        }
    }

    #[test]
    fn the_running_win_rate_counts_every_finished_game_before() {
        // Ten games before the recent ones: 3 won of 10; then W, L, playing, W.
        use Outcome::*;
        let stats = VariantStats {
            won: 5,
            lost: 8,
            recent: [Won, Lost, Playing, Won].map(game).to_vec(),
            ..VariantStats::default()
        };
        let rates = running_rates(&stats);
        assert_eq!(
            rates,
            [Some(4.0 / 11.0), Some(4.0 / 12.0), None, Some(5.0 / 13.0)]
        );
    }
}
