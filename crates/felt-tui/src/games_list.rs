//! The list of one variant's past games, opened from the statistics screen: a line a game,
//! newest first, with the number `felt replay --id N` and `felt export N` take, and those two
//! commands for the selected game at the foot of the screen. Enter opens the selected game's
//! replay in the viewer, and leaving the viewer comes back here.
//!
//! The games come from the observer ([`crate::Observer::games`]) as plain values, and so does
//! a replay's tape ([`crate::Observer::replay`]); this screen only scrolls and draws them.

use crate::clock::clock_text;
use crate::input::Msg;
use crate::paint::{fill, paragraph, put, screen_title};
use crate::records::Outcome;
use crate::theme::Theme;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::Line;
use std::cell::Cell;
use std::time::Duration;

/// The most games the list asks the observer for: more than a player scrolls through, few
/// enough to read at once from any store.
pub const GAMES_SHOWN: usize = 1000;

/// One recorded game, as the list shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PastGame {
    /// The record's number: what `felt replay --id` and `felt export` take.
    pub id: i64,
    /// The game code of its deal.
    pub code: String,
    /// How it ended, or that it has not.
    pub outcome: Outcome,
    /// Points at its last step, if the variant scores points.
    pub score: Option<i64>,
    /// Moves made, as the variant's rules count them.
    pub moves: u32,
    /// How long it was played, if a clock was kept.
    pub played: Option<Duration>,
    /// When it was started, as the host writes dates (felt-tui reads no clock): in the
    /// player's time zone ([`crate::local_time`]).
    pub started: String,
    /// Whether it was played with help (the demo, or followed hints where they count): the
    /// list says so beside its result, since the statistics count it apart.
    pub assisted: bool,
}

/// What a message did to the list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GamesEffect {
    /// Stay on the list.
    None,
    /// Back to the statistics.
    Back,
    /// The replay of the game of this number is asked for.
    Replay(i64),
}

/// The list's state: the games, the selected one, and the first one on screen.
pub struct GamesList {
    /// The variant's name, for the title.
    name: String,
    games: Vec<PastGame>,
    problem: Option<String>,
    /// Why the replay last asked for cannot be shown, until the next key.
    note: Option<String>,
    selected: usize,
    /// The first game on screen, moved by drawing only as far as keeps the selection in sight.
    top: Cell<usize>,
    /// Games the last drawing had room for: a page for PgUp and PgDn.
    page: Cell<usize>,
}

/// Lines above the list: the title, a blank line, the heading.
const TOP: u16 = 3;
/// Lines under it: a blank line, the commands for the selected game, the key bar.
const BOTTOM: u16 = 3;

/// The key bar of the list (its keys are the statistics screen's, so `?` lists them there).
const KEY_BAR: &str = "↑↓ game  Enter replay  PgUp PgDn Home End  Esc back";

impl GamesList {
    /// The list of variant `name`'s games, newest first, or the reason there are none.
    pub fn new(name: &str, games: Result<Vec<PastGame>, String>) -> GamesList {
        let (games, problem) = match games {
            Ok(games) => (games, None),
            Err(e) => (Vec::new(), Some(e)),
        };
        GamesList {
            name: name.to_string(),
            games,
            problem,
            note: None,
            selected: 0,
            top: Cell::new(0),
            page: Cell::new(10),
        }
    }

    /// The selected game.
    pub fn selected(&self) -> Option<&PastGame> {
        self.games.get(self.selected)
    }

    /// Why the replay asked for cannot be shown: said on the list until the next key.
    pub fn set_note(&mut self, text: String) {
        self.note = Some(text);
    }

    /// What the list says of the replay last asked for, if it could not be shown.
    pub fn note(&self) -> Option<&str> {
        self.note.as_deref()
    }

    /// The position of the first game the last drawing showed.
    pub fn first_shown(&self) -> usize {
        self.top.get()
    }

    /// Handles one message.
    pub fn update(&mut self, msg: Msg) -> GamesEffect {
        // A key clears the word on a replay refused; a new size or the mouse does not.
        if !matches!(msg, Msg::Redraw | Msg::Mouse(_)) {
            self.note = None;
        }
        let last = self.games.len().saturating_sub(1);
        let page = self.page.get().max(1);
        self.selected = match msg {
            Msg::Select => {
                return self
                    .selected()
                    .map_or(GamesEffect::None, |g| GamesEffect::Replay(g.id))
            }
            Msg::Up => self.selected.saturating_sub(1),
            Msg::Down => (self.selected + 1).min(last),
            Msg::PageUp => self.selected.saturating_sub(page),
            Msg::PageDown => (self.selected + page).min(last),
            Msg::First => 0,
            Msg::Last => last,
            Msg::Back | Msg::Cancel => return GamesEffect::Back,
            _ => self.selected,
        };
        GamesEffect::None
    }

    /// Draws the list over `area`.
    pub fn draw(&self, buf: &mut Buffer, area: Rect, theme: &Theme) {
        fill(buf, area, ' ', Style::default());
        let w = area.width;
        let title = format!(
            "· statistics{}{}{}past games, newest first",
            theme.separator(),
            self.name,
            theme.separator()
        );
        screen_title(buf, area, &title, theme);
        let bar = Rect::new(area.x, area.bottom().saturating_sub(1), w, 1);
        fill(buf, bar, ' ', theme.bar());
        put(
            buf,
            bar.x + 1,
            bar.y,
            KEY_BAR,
            w.saturating_sub(1),
            theme.bar(),
        );
        let x = area.x + 1;
        let room = w.saturating_sub(1);
        let y = area.y + 2;
        if let Some(problem) = &self.problem {
            let text = format!("No list of games: {problem}");
            put(buf, x, y, &text, room, theme.error());
            return;
        }
        if self.games.is_empty() {
            let text = "No game of this variant recorded yet.";
            put(buf, x, y, text, room, theme.dim());
            return;
        }
        let rows: Vec<[String; COLUMNS]> = self.games.iter().map(|g| cells(g, theme)).collect();
        let shown = columns_that_fit(&rows, usize::from(w.saturating_sub(3)));
        let line = |cells: &[String; COLUMNS]| line_of(cells, &shown);
        let heading = HEADING.map(str::to_string);
        put(buf, x + 2, y, &line(&heading), room, theme.heading());
        let height = usize::from(area.height.saturating_sub(TOP + BOTTOM)).max(1);
        self.page.set(height);
        let top = scrolled(self.top.get(), self.selected, height, self.games.len());
        self.top.set(top);
        for (row, i) in (top..self.games.len()).take(height).enumerate() {
            let y = y + 1 + row as u16;
            let (mark, style) = if i == self.selected {
                (theme.select_mark(), theme.selected())
            } else {
                ("  ", Style::default())
            };
            put(buf, x, y, mark, 2, theme.cursor());
            put(
                buf,
                x + 2,
                y,
                &line(&rows[i]),
                room.saturating_sub(2),
                style,
            );
        }
        let y = area.bottom().saturating_sub(2);
        if let Some(note) = &self.note {
            // A reason too long for the line also takes the blank one above: it is wrapped
            // rather than cut.
            let width = room.saturating_sub(1);
            if note.chars().count() <= usize::from(width) {
                put(buf, x, y, note, room, theme.error());
            } else {
                let rect = Rect::new(x, y.saturating_sub(1), width, 2);
                let lines = vec![Line::styled(note.as_str(), theme.error())];
                paragraph(buf, rect, lines, 0);
            }
        } else if let Some(game) = self.selected() {
            let foot = format!(
                "Game {0}: Enter replays it here{1}felt replay --id {0}{1}felt export {0} FILE",
                game.id,
                theme.separator()
            );
            put(buf, x, y, &foot, room, theme.label());
        }
    }
}

/// The first line to show so that `selected` is in sight, moving from `top` no further than
/// needed (a list that scrolls by a line at a time, not a page).
fn scrolled(top: usize, selected: usize, height: usize, len: usize) -> usize {
    let top = if selected < top {
        selected
    } else if selected >= top + height {
        selected + 1 - height
    } else {
        top
    };
    // No blank lines at the end while there are games above to fill them.
    top.min(len.saturating_sub(height))
}

/// The list's columns.
const COLUMNS: usize = 7;
const HEADING: [&str; COLUMNS] = ["#", "CODE", "RESULT", "SCORE", "MOVES", "TIME", "STARTED"];
/// Which columns hold words (left-aligned); the others hold numbers.
const LEFT: [bool; COLUMNS] = [false, true, true, false, false, false, true];
/// The columns a narrow screen gives up, first to last: the number and the code, which the
/// commands take and a replay is found by, are kept.
const DROP_ORDER: [usize; 4] = [6, 3, 5, 4];

/// A game's cells, as the columns show them.
fn cells(game: &PastGame, theme: &Theme) -> [String; COLUMNS] {
    let dash = if theme.ascii { "-" } else { "—" };
    [
        game.id.to_string(),
        game.code.clone(),
        if game.assisted {
            format!("{}, assisted", result_word(game.outcome))
        } else {
            result_word(game.outcome).to_string()
        },
        game.score
            .map_or_else(|| dash.to_string(), |s| s.to_string()),
        game.moves.to_string(),
        game.played.map_or_else(|| dash.to_string(), clock_text),
        game.started.clone(),
    ]
}

/// How a game ended, in the word `felt stats --games` uses.
fn result_word(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::Won => "won",
        Outcome::Lost => "lost",
        Outcome::Abandoned => "abandoned",
        Outcome::Playing => "playing",
    }
}

/// Each column's width (its widest cell or heading), `None` for a column not shown.
type Widths = [Option<usize>; COLUMNS];

/// The widths of the columns that fit in `room` characters, dropping them in [`DROP_ORDER`].
fn columns_that_fit(rows: &[[String; COLUMNS]], room: usize) -> Widths {
    let mut widths: Widths = std::array::from_fn(|i| {
        Some(
            rows.iter()
                .map(|r| r[i].chars().count())
                .chain([HEADING[i].chars().count()])
                .max()
                .unwrap_or(0),
        )
    });
    let total = |w: &Widths| {
        let shown: Vec<usize> = w.iter().flatten().copied().collect();
        shown.iter().sum::<usize>() + 2 * shown.len().saturating_sub(1)
    };
    for i in DROP_ORDER {
        if total(&widths) <= room {
            break;
        }
        widths[i] = None;
    }
    widths
}

/// One line of the columns shown, two spaces apart.
fn line_of(cells: &[String; COLUMNS], widths: &Widths) -> String {
    let mut parts = Vec::new();
    for (i, cell) in cells.iter().enumerate() {
        let Some(width) = widths[i] else { continue };
        let pad = " ".repeat(width.saturating_sub(cell.chars().count()));
        parts.push(if LEFT[i] {
            format!("{cell}{pad}")
        } else {
            format!("{pad}{cell}")
        });
    }
    parts.join("  ").trim_end().to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_view_moves_only_as_far_as_keeps_the_selection_in_sight() {
        assert_eq!(scrolled(0, 3, 5, 20), 0);
        assert_eq!(scrolled(0, 5, 5, 20), 1);
        assert_eq!(scrolled(4, 2, 5, 20), 2);
        assert_eq!(scrolled(18, 19, 5, 20), 15, "no blank lines at the end");
        assert_eq!(scrolled(3, 1, 5, 2), 0);
    }

    #[test]
    fn a_narrow_screen_drops_the_date_first_and_keeps_number_and_code() {
        let row = [
            "12",
            "SP1-S1C-AAAAAAD",
            "abandoned",
            "1012",
            "131",
            "12:00",
            "2026-12-01 21:40",
        ]
        .map(str::to_string);
        let all = columns_that_fit(std::slice::from_ref(&row), 200);
        assert!(all.iter().all(Option::is_some));
        let narrow = columns_that_fit(std::slice::from_ref(&row), 60);
        assert_eq!(narrow[6], None);
        assert!(narrow[3].is_some());
        let tiny = columns_that_fit(std::slice::from_ref(&row), 10);
        assert_eq!(tiny.iter().flatten().count(), 3, "number, code, result");
    }
}
