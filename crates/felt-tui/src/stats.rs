//! The statistics screen: a line per variant played, the selected variant's records, and a bar
//! chart of its recent games. The figures come from the observer (the binary's store), counted
//! from the game records.

use crate::charts::{draw_chart, ChartKind};
use crate::clock::clock_text;
use crate::games_list::{GamesEffect, GamesList, PastGame};
use crate::input::{key_bar, Msg, STATS_KEYS};
use crate::keymap::STATS_CHART_LABEL;
use crate::paint::{fill, paragraph, put, screen_title};
use crate::records::VariantStats;
use crate::theme::Theme;
use felt_core::{clip, Catalog};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::Line;

/// Lines of the table's heading and the blank line under the title.
const TOP: u16 = 2;

/// Whether the screen goes on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StatsEffect {
    /// Stay.
    None,
    /// Back to the launcher.
    Back,
    /// The list of this variant's past games is asked for ([`StatsScreen::open_games`]).
    Games(String),
    /// The replay of the game of this number is asked for, from the list of past games.
    Replay(i64),
}

/// The statistics screen's state.
pub struct StatsScreen {
    rows: Vec<VariantStats>,
    names: Vec<String>,
    selected: usize,
    problem: Option<String>,
    /// What the chart of recent games shows.
    chart: ChartKind,
    /// The selected variant's past games, when their list is open.
    games: Option<GamesList>,
}

/// Characters of a variant's name the table shows at most.
const NAME_CHARS: usize = 40;

impl StatsScreen {
    /// The screen over `rows` (or the reason there are none), naming variants as `catalog`
    /// does; a variant the catalog lacks (a plugin not loaded) goes by its id. A name is cut
    /// to `NAME_CHARS`: a record may hold any id, and the table must still fit.
    pub fn new(rows: Result<Vec<VariantStats>, String>, catalog: &Catalog) -> StatsScreen {
        let (rows, problem) = match rows {
            Ok(rows) => (rows, None),
            Err(e) => (Vec::new(), Some(e)),
        };
        let names = rows
            .iter()
            .map(|r| {
                let name = catalog
                    .get(&r.variant)
                    .map_or_else(|| r.variant.clone(), |e| e.variant.name.clone());
                clip(&name, NAME_CHARS)
            })
            .collect();
        StatsScreen {
            rows,
            names,
            selected: 0,
            problem,
            chart: ChartKind::Moves,
            games: None,
        }
    }

    /// Selects variant `id`, if it has statistics.
    pub fn select(&mut self, id: &str) {
        if let Some(i) = self.rows.iter().position(|r| r.variant == id) {
            self.selected = i;
        }
    }

    /// The variant whose details are shown.
    pub fn selected(&self) -> Option<&VariantStats> {
        self.rows.get(self.selected)
    }

    /// What the chart shows.
    pub fn chart(&self) -> ChartKind {
        self.chart
    }

    /// The list of past games, if it is open.
    pub fn games(&self) -> Option<&GamesList> {
        self.games.as_ref()
    }

    /// The replay asked for from the list of past games cannot be shown: the list says why.
    pub fn replay_failed(&mut self, text: String) {
        if let Some(list) = &mut self.games {
            list.set_note(text);
        }
    }

    /// Opens the list of the selected variant's past games (or why there are none).
    pub fn open_games(&mut self, games: Result<Vec<PastGame>, String>) {
        let name = self.names.get(self.selected).cloned().unwrap_or_default();
        self.games = Some(GamesList::new(&name, games));
    }

    /// Handles one message.
    pub fn update(&mut self, msg: Msg) -> StatsEffect {
        if let Some(list) = &mut self.games {
            match list.update(msg) {
                GamesEffect::None => {}
                GamesEffect::Back => self.games = None,
                GamesEffect::Replay(id) => return StatsEffect::Replay(id),
            }
            return StatsEffect::None;
        }
        match msg {
            Msg::Select => {
                if let Some(stats) = self.selected() {
                    return StatsEffect::Games(stats.variant.clone());
                }
            }
            Msg::Left => self.chart = self.chart.step(-1),
            Msg::Right => self.chart = self.chart.step(1),
            Msg::Up => self.selected = self.selected.saturating_sub(1),
            Msg::Down => self.selected = (self.selected + 1).min(self.rows.len().saturating_sub(1)),
            Msg::PageUp => self.selected = self.selected.saturating_sub(10),
            Msg::PageDown => {
                self.selected = (self.selected + 10).min(self.rows.len().saturating_sub(1))
            }
            Msg::First => self.selected = 0,
            Msg::Last => self.selected = self.rows.len().saturating_sub(1),
            Msg::Back | Msg::Cancel => return StatsEffect::Back,
            _ => {}
        }
        StatsEffect::None
    }

    /// Draws the screen over `area`.
    pub fn draw(&self, buf: &mut Buffer, area: Rect, theme: &Theme) {
        if let Some(list) = &self.games {
            list.draw(buf, area, theme);
            return;
        }
        fill(buf, area, ' ', Style::default());
        let w = area.width;
        screen_title(buf, area, "· statistics", theme);
        // The key bar offers to change charts only when one is drawn.
        let charted = self.draw_body(buf, area, theme);
        let keys = STATS_KEYS
            .iter()
            .filter(|b| charted || b.label != STATS_CHART_LABEL);
        let bar = Rect::new(area.x, area.bottom().saturating_sub(1), w, 1);
        fill(buf, bar, ' ', theme.bar());
        put(
            buf,
            bar.x + 1,
            bar.y,
            &key_bar(keys),
            w.saturating_sub(1),
            theme.bar(),
        );
    }

    /// Draws all but the key bar; returns whether a chart was drawn.
    fn draw_body(&self, buf: &mut Buffer, area: Rect, theme: &Theme) -> bool {
        let w = area.width;
        let body = Rect::new(area.x, area.y + TOP, w, area.height.saturating_sub(TOP + 1));
        if let Some(problem) = &self.problem {
            let text = format!("No statistics: {problem}");
            put(
                buf,
                body.x + 1,
                body.y,
                &text,
                w.saturating_sub(1),
                theme.error(),
            );
            return false;
        }
        if self.rows.is_empty() {
            put(
                buf,
                body.x + 1,
                body.y,
                "No games recorded yet: a game counts from its first move.",
                w.saturating_sub(1),
                theme.dim(),
            );
            return false;
        }
        let mut y = self.draw_table(buf, body, theme);
        y += 1;
        if let Some(stats) = self.selected() {
            let name = &self.names[self.selected];
            y = draw_details(
                buf,
                Rect::new(body.x, y, w, body.bottom().saturating_sub(y)),
                name,
                stats,
                theme,
            );
            // The notes at the bottom; the chart takes what is left between.
            let notes_y = body.bottom().saturating_sub(NOTES_H);
            // A blank line parts the chart from the records; it runs down to the notes, so a
            // chart with bars below zero still fits at 80 × 24.
            let chart_h = notes_y.saturating_sub(y + 1).min(CHART_H);
            let chart = Rect::new(body.x, y + 1, w, chart_h);
            let charted = draw_chart(buf, chart, stats, self.chart, theme);
            let notes = Rect::new(body.x + 1, notes_y, w.saturating_sub(2), NOTES_H);
            paragraph(buf, notes, vec![Line::styled(NOTES, theme.dim())], 0);
            return charted;
        }
        false
    }

    /// The table of every variant; returns the line under it.
    fn draw_table(&self, buf: &mut Buffer, area: Rect, theme: &Theme) -> u16 {
        let name_w = self
            .names
            .iter()
            .map(|n| n.chars().count())
            .chain(["VARIANT".len()])
            .max()
            .unwrap_or(0);
        let x = area.x + 3;
        let room = area.right().saturating_sub(x);
        // The figures keep their columns; a long name is cut to leave them room, so the
        // streak at the end is never what the screen's edge cuts.
        let name_w = name_w
            .min(usize::from(room).saturating_sub(FIGURES_W))
            .max("VARIANT".len());
        let line = |cells: [&str; 6]| {
            format!(
                "{:<name_w$}  {:>6}  {:>5}  {:>5}  {:>6}  {:>8}",
                clip(cells[0], name_w),
                cells[1],
                cells[2],
                cells[3],
                cells[4],
                cells[5]
            )
        };
        put(
            buf,
            x,
            area.y,
            &line(["VARIANT", "PLAYED", "WON", "LOST", "WIN %", "STREAK"]),
            room,
            theme.heading(),
        );
        // The rows that fit, keeping the selected one in sight; the rest of the screen needs
        // at least a few lines.
        let room_rows = usize::from(area.height.saturating_sub(13)).max(1);
        let first = (self.selected + 1).saturating_sub(room_rows);
        let mut y = area.y + 1;
        for (i, stats) in self.rows.iter().enumerate().skip(first).take(room_rows) {
            let selected = i == self.selected;
            let (mark, style) = if selected {
                (theme.select_mark(), theme.selected())
            } else {
                ("  ", Style::default())
            };
            put(buf, area.x + 1, y, mark, 2, theme.cursor());
            let rate = stats
                .win_rate
                .map_or_else(|| "-".to_string(), |r| format!("{:.1}%", r * 100.0));
            let text = line([
                &self.names[i],
                &stats.played.to_string(),
                &stats.won.to_string(),
                &stats.lost.to_string(),
                &rate,
                &streak(stats),
            ]);
            put(buf, x, y, &text, room, style);
            y += 1;
        }
        y
    }
}

/// Cells the table's figures take after the name: PLAYED to STREAK with their gaps.
const FIGURES_W: usize = 2 + 6 + 2 + 5 + 2 + 5 + 2 + 6 + 2 + 8;

/// What the figures count, under the chart.
const NOTES: &str = "Played counts every game with a move, those in progress too; a game you \
    abandon counts as lost. Win % is over finished games. Games the demo or a hint helped are \
    counted apart (Assisted), never as a best.";
/// The chart's most lines: its title, the bars, their values and labels.
const CHART_H: u16 = 14;

/// Lines kept for the notes.
const NOTES_H: u16 = 3;

/// The current streak in words: `3 won`, `1 lost`, or `-`.
fn streak(stats: &VariantStats) -> String {
    match (stats.current_win_streak, stats.current_loss_streak) {
        (0, 0) => "-".to_string(),
        (0, l) => format!("{l} lost"),
        (w, _) => format!("{w} won"),
    }
}

fn or_dash<T: ToString>(value: Option<T>) -> String {
    value.map_or_else(|| "-".to_string(), |v| v.to_string())
}

/// The selected variant's records; returns the line under them.
fn draw_details(
    buf: &mut Buffer,
    area: Rect,
    name: &str,
    stats: &VariantStats,
    theme: &Theme,
) -> u16 {
    let x = area.x + 1;
    put(buf, x, area.y, name, area.width, theme.heading());
    let average = match stats.average_moves_won {
        Some(a) => format!(
            "{a:.1}, the mean over {} won game{}",
            stats.won,
            if stats.won == 1 { "" } else { "s" }
        ),
        None => "- (no game won yet)".to_string(),
    };
    let mut lines = vec![
        (
            "Longest streaks".to_string(),
            format!(
                "{} won{}{} lost",
                stats.longest_win_streak,
                theme.separator(),
                stats.longest_loss_streak
            ),
        ),
        ("Best score".to_string(), or_dash(stats.best_score)),
    ];
    if let Some(total) = stats.running_total {
        lines.push(("Running total".to_string(), total.to_string()));
    }
    if stats.assisted_played > 0 {
        // Kept apart from every figure here, as the notes say.
        lines.push((
            "Assisted".to_string(),
            format!(
                "{} game{}, {} won: the demo or hints helped",
                stats.assisted_played,
                if stats.assisted_played == 1 { "" } else { "s" },
                stats.assisted_won
            ),
        ));
    }
    if stats.facts.is_empty() {
        lines.push(("Fewest moves".to_string(), or_dash(stats.fewest_moves_won)));
        lines.push(("Average moves".to_string(), average));
        lines.push((
            "Best time".to_string(),
            stats
                .best_time
                .map_or_else(|| "- (no timed win yet)".to_string(), clock_text),
        ));
    } else {
        // The ruleset said what its games are about: its facts take the place of the moves.
        lines.extend(stats.facts.iter().map(|f| (f.label.clone(), f.text())));
    }
    let label_w = lines
        .iter()
        .map(|(l, _)| l.chars().count() + 1)
        .max()
        .unwrap_or(0)
        .clamp(16, 34) as u16;
    let mut y = area.y + 1;
    for (label, value) in lines {
        if y >= area.bottom() {
            break;
        }
        put(buf, x + 2, y, &label, label_w, theme.label());
        let vx = x + 3 + label_w;
        put(
            buf,
            vx,
            y,
            &value,
            area.right().saturating_sub(vx),
            Style::default(),
        );
        y += 1;
    }
    y
}
