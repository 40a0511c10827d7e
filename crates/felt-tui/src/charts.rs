//! The statistics screen's chart of a variant's recent games, one bar a game, oldest first:
//! by moves, by score, by the win rate after each game, or by time played. Bars (ratatui's
//! `BarChart`) rather than lines, since bars have an ASCII form and stay readable at 80 × 24.

use crate::paint::put;
use crate::records::{Outcome, RecentGame, VariantStats};
use crate::theme::Theme;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Style};
use ratatui::symbols::bar;
use ratatui::text::Line;
use ratatui::widgets::{Bar, BarChart, BarGroup, Widget};

/// The narrowest bar, room for a three-digit figure in it, and the gap after each bar.
const BAR_W: u16 = 3;
const BAR_GAP: u16 = 1;

/// Bars drawn with ASCII only.
const ASCII_BARS: bar::Set = bar::Set {
    full: "#",
    seven_eighths: "#",
    three_quarters: "#",
    five_eighths: "=",
    half: "=",
    three_eighths: "=",
    one_quarter: "_",
    one_eighth: "_",
    empty: " ",
};

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
            ChartKind::WinRate => "Win % so far",
            ChartKind::Time => "Recent games by time",
        }
    }
}

/// One bar: its height and the figure written in it; `None` draws no bar (no figure known).
fn bar_of(kind: ChartKind, game: &RecentGame, rate: Option<f64>) -> Option<(u64, String)> {
    match kind {
        ChartKind::Moves => Some((u64::from(game.moves), game.moves.to_string())),
        // A score below zero stands as an empty bar with its figure.
        ChartKind::Score => game
            .score
            .map(|s| (u64::try_from(s).unwrap_or(0), s.to_string())),
        ChartKind::WinRate => rate.map(|r| {
            let pct = (r * 100.0).round() as u64;
            (pct, pct.to_string())
        }),
        ChartKind::Time => game.played.map(|t| {
            let secs = t.as_secs();
            let text = match secs {
                0..60 => format!("{secs}s"),
                60..6_000 => format!("{}m", secs / 60),
                _ => format!("{}h", secs / 3_600),
            };
            (secs, text)
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

/// Draws the chart of `kind` over `area`: a title with a legend, a bar per recent game (as
/// many as fit, the latest), each labelled with how the game ended. The win rate's bars
/// stand on a whole ten below the lowest rate, which the title names.
pub fn draw_chart(
    buf: &mut Buffer,
    area: Rect,
    stats: &VariantStats,
    kind: ChartKind,
    theme: &Theme,
) {
    if area.height < 4 || stats.recent.is_empty() {
        return;
    }
    let rates = running_rates(stats);
    let bars: Vec<(Outcome, Option<(u64, String)>)> = stats
        .recent
        .iter()
        .zip(rates)
        .map(|(g, rate)| (g.outcome, bar_of(kind, g, rate)))
        .collect();
    let bar_w = bars
        .iter()
        .filter_map(|(_, b)| b.as_ref().map(|(_, t)| t.chars().count() as u16))
        .max()
        .unwrap_or(0)
        .max(BAR_W);
    let shown = usize::from(area.width.saturating_sub(2) / (bar_w + BAR_GAP)).max(1);
    let mut bars = bars[bars.len().saturating_sub(shown)..].to_vec();
    // Rates move slowly once many games count: bars from a floor below the lowest (a whole
    // ten, said in the title) show the changes that bars from zero would flatten.
    let floor = match kind {
        ChartKind::WinRate => bars
            .iter()
            .filter_map(|(_, b)| b.as_ref().map(|(v, _)| *v))
            .min()
            .map_or(0, |low| low.saturating_sub(1) / 10 * 10),
        _ => 0,
    };
    for (_, b) in &mut bars {
        if let Some((v, _)) = b {
            *v -= floor;
        }
    }
    let playing = if theme.ascii { "." } else { "·" };
    let from = if floor > 0 {
        format!(" (from {floor}%)")
    } else {
        String::new()
    };
    let title = format!(
        "{}{from}, oldest first: W won, L lost, A abandoned, {playing} playing",
        kind.title()
    );
    put(
        buf,
        area.x + 1,
        area.y,
        &title,
        area.width.saturating_sub(1),
        theme.label(),
    );
    let max = bars
        .iter()
        .filter_map(|(_, b)| b.as_ref().map(|(v, _)| *v))
        .max()
        .unwrap_or(1)
        .max(1);
    let drawn: Vec<Bar<'_>> = bars
        .iter()
        .map(|(outcome, b)| {
            let (value, text) = b.clone().unwrap_or((0, String::new()));
            Bar::default()
                .value(value)
                .text_value(text)
                .label(Line::from(outcome.letter(theme.ascii)))
                .style(outcome_style(*outcome, theme))
        })
        .collect();
    let chart = BarChart::default()
        .data(BarGroup::default().bars(&drawn))
        .bar_width(bar_w)
        .bar_gap(BAR_GAP)
        .max(max)
        .bar_set(if theme.ascii {
            ASCII_BARS
        } else {
            bar::NINE_LEVELS
        })
        .value_style(if theme.colour {
            Style::default().fg(Color::Black).bg(Color::Gray)
        } else {
            Style::default()
        });
    chart.render(
        Rect::new(
            area.x + 1,
            area.y + 1,
            area.width.saturating_sub(2),
            area.height - 1,
        ),
        buf,
    );
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
