//! The replay viewer: a recorded game drawn step by step with the table renderer the game uses,
//! forward and back, with the action that led to each step in words.

use crate::describe::describe;
use crate::draw::{draw_table, Marks};
use crate::hit::HitMap;
use crate::input::{key_bar, Msg, REPLAY_KEYS};
use crate::layout::layout;
use crate::pages::at_moment;
use crate::paint::{centred, fill, put, put_with_code, status_line};
use crate::records::{ReplayFrame, ReplayTape};
use crate::theme::Theme;
use felt_core::{Action, Status};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;

/// Lines under the table: the status bar, the step line and the key bar.
const BARS: u16 = 3;
/// Steps a page key moves.
const PAGE: usize = 10;

/// Whether the viewer goes on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReplayEffect {
    /// Stay.
    None,
    /// Leave the viewer.
    Leave,
}

/// A recorded game on screen and the step shown.
pub struct ReplayViewer {
    tape: ReplayTape,
    /// What each step says happened, where it is not the recorded action in words: the
    /// tables from inside an action's step (each card the computer seats played) are steps
    /// of their own, and the table after them says what was played last.
    said: Vec<Option<String>>,
    at: usize,
    theme: Theme,
    hits: HitMap,
}

impl ReplayViewer {
    /// A viewer of `tape` at its deal, drawn with `theme`. A step with tables from inside it
    /// ([`felt_core::TableView::moments`]) is shown as those tables, then its own.
    pub fn new(mut tape: ReplayTape, theme: Theme) -> ReplayViewer {
        let frames_in = tape.frames.len();
        let mut frames: Vec<ReplayFrame> = Vec::with_capacity(frames_in);
        let mut said = Vec::with_capacity(frames_in);
        for mut frame in tape.frames.drain(..) {
            let moments = std::mem::take(&mut frame.view.moments);
            for (i, moment) in moments.iter().enumerate() {
                // The first table inside a step follows the action itself: both are said.
                let first = match (i, &frame.action, frames.last()) {
                    (0, Some(action), Some(before)) => {
                        let done: String = describe(&before.view, action, &theme);
                        Some(format!("{done} · {}", moment.message))
                    }
                    _ => None,
                };
                said.push(first.or_else(|| Some(moment.message.clone())));
                frames.push(ReplayFrame {
                    view: at_moment(&frame.view, moment),
                    action: frame.action.clone().filter(|_| i == 0),
                    status: Status::Playing,
                });
            }
            said.push(if moments.is_empty() {
                None
            } else {
                frame.view.messages.last().cloned()
            });
            frames.push(frame);
        }
        tape.frames = frames;
        ReplayViewer {
            tape,
            said,
            at: 0,
            theme,
            hits: HitMap::default(),
        }
    }

    /// The step shown: 0 is the deal.
    pub fn step(&self) -> usize {
        self.at
    }

    /// The number of the last step (the actions recorded).
    pub fn last(&self) -> usize {
        self.tape.frames.len().saturating_sub(1)
    }

    /// Handles one message.
    pub fn update(&mut self, msg: Msg) -> ReplayEffect {
        let last = self.last();
        self.at = match msg {
            Msg::Right => (self.at + 1).min(last),
            Msg::Left => self.at.saturating_sub(1),
            Msg::PageDown => (self.at + PAGE).min(last),
            Msg::PageUp => self.at.saturating_sub(PAGE),
            Msg::First => 0,
            Msg::Last => last,
            Msg::Back | Msg::Cancel | Msg::Quit => return ReplayEffect::Leave,
            _ => self.at,
        };
        ReplayEffect::None
    }

    /// The action that led to the step shown, in words; `None` at the deal.
    pub fn action_text(&self) -> Option<String> {
        if let Some(said) = self.said.get(self.at).cloned().flatten() {
            return Some(said);
        }
        let frame = self.tape.frames.get(self.at)?;
        let action = frame.action.as_ref()?;
        let before = self.tape.frames.get(self.at.checked_sub(1)?)?;
        Some(describe(&before.view, action, &self.theme))
    }

    /// Where the last action put its cards: the cursor marks them.
    fn marks(&self) -> Marks {
        let mut marks = Marks::default();
        let (Some(frame), Some(before)) = (
            self.tape.frames.get(self.at),
            self.at.checked_sub(1).and_then(|i| self.tape.frames.get(i)),
        ) else {
            return marks;
        };
        if let Some(Action::Move { from, index, to }) = frame.action {
            let moved = before
                .view
                .pile(from)
                .map_or(0, |p| p.cards.len().saturating_sub(usize::from(index)));
            // A move that completed a run took cards away: then mark the pile's top card.
            if let Some(pile) = frame.view.pile(to) {
                let first = pile.cards.len().saturating_sub(moved.max(1));
                marks.cursor = Some((to, first as u16));
            }
        }
        marks
    }

    /// Draws the step shown over `area`.
    pub fn draw(&mut self, buf: &mut Buffer, area: Rect) {
        let theme = self.theme;
        self.hits.clear();
        fill(buf, area, ' ', Style::default());
        let Some(frame) = self.tape.frames.get(self.at) else {
            put(
                buf,
                area.x + 1,
                area.y,
                "This record holds no step to show.",
                area.width,
                theme.error(),
            );
            return;
        };
        let table = Rect::new(area.x, area.y, area.width, area.height.saturating_sub(BARS));
        match layout(&frame.view, table) {
            Ok(l) => draw_table(buf, &frame.view, &l, &self.marks(), &theme, &mut self.hits),
            Err(need) => {
                let text = format!(
                    "Terminal too small: this game needs {}×{}; q leaves",
                    need.width,
                    need.height + BARS
                );
                centred(
                    buf,
                    Rect::new(area.x, area.y + area.height / 2, area.width, 1),
                    &text,
                    theme.error(),
                );
                return;
            }
        }
        let bottom = area.bottom();
        let status = Rect::new(area.x, bottom - 3, area.width, 1);
        fill(buf, status, ' ', theme.bar());
        let text = status_line(
            format!(" {}", self.tape.title),
            &frame.view.status,
            status.width,
        );
        put(buf, status.x, status.y, &text, status.width, theme.bar());
        self.draw_step_line(buf, Rect::new(area.x, bottom - 2, area.width, 1));
        let keys = Rect::new(area.x, bottom - 1, area.width, 1);
        put(
            buf,
            keys.x + 1,
            keys.y,
            &key_bar(REPLAY_KEYS),
            keys.width.saturating_sub(1),
            theme.dim(),
        );
    }

    /// `Step k of n: what happened`, the game's end at the last step, the code on the right.
    fn draw_step_line(&self, buf: &mut Buffer, line: Rect) {
        let theme = self.theme;
        let what = self.action_text().unwrap_or_else(|| "the deal".to_string());
        let mut text = format!(" Step {} of {}: {what}", self.at, self.last());
        let end = match self.tape.frames.get(self.at).map(|f| &f.status) {
            Some(Status::Won { winner }) if winner.is_empty() => Some("won".to_string()),
            Some(Status::Won { winner }) => Some(format!("{winner} won")),
            Some(Status::Over { reason }) => Some(format!("over: {reason}")),
            _ => None,
        };
        if let Some(end) = end {
            text.push_str(theme.separator());
            text.push_str(&end);
        }
        put_with_code(buf, line, &text, theme.info(), &self.tape.code, theme.dim());
    }
}
