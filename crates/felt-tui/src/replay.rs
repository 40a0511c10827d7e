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
use felt_core::{Action, Status, TableView};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

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
///
/// A step is a recorded action (frame `at` of the tape); a step whose table carries tables
/// from inside it ([`felt_core::TableView::moments`]: each card the computer seats played)
/// is shown as those tables first, one sub-step each, then as its own. Frames are fetched
/// from the tape when the step changes, so a record of any length is never built whole.
pub struct ReplayViewer {
    tape: ReplayTape,
    /// The step shown.
    at: usize,
    /// Which of its tables: `0..moments` the ones inside it, `moments` its own.
    sub: usize,
    /// The frame of the step shown and the one before it (which the action is told against).
    shown: Option<ReplayFrame>,
    before: Option<ReplayFrame>,
    theme: Theme,
    hits: HitMap,
}

impl ReplayViewer {
    /// A viewer of `tape` at its deal, drawn with `theme`.
    pub fn new(tape: ReplayTape, theme: Theme) -> ReplayViewer {
        let mut viewer = ReplayViewer {
            tape,
            at: 0,
            sub: 0,
            shown: None,
            before: None,
            theme,
            hits: HitMap::default(),
        };
        viewer.fetch();
        viewer
    }

    /// Fetches the frames of the step shown.
    fn fetch(&mut self) {
        self.before = self
            .at
            .checked_sub(1)
            .and_then(|i| self.tape.frames.frame(i));
        self.shown = self.tape.frames.frame(self.at);
    }

    /// The tables inside the step shown (0 for most games).
    fn moments(&self) -> usize {
        self.shown.as_ref().map_or(0, |f| f.view.moments.len())
    }

    /// Goes to step `at`, at its first table (`first`) or its own (its last).
    fn go(&mut self, at: usize, first: bool) {
        if at != self.at {
            self.at = at;
            self.fetch();
        }
        self.sub = if first { 0 } else { self.moments() };
    }

    /// The step shown: 0 is the deal.
    pub fn step(&self) -> usize {
        self.at
    }

    /// The number of the last step (the actions recorded).
    pub fn last(&self) -> usize {
        self.tape.frames.len().saturating_sub(1)
    }

    /// Handles one message. Left and right go a table at a time, through the tables inside
    /// a step; the page keys, Home and End go by whole steps.
    pub fn update(&mut self, msg: Msg) -> ReplayEffect {
        let last = self.last();
        match msg {
            Msg::Right if self.sub < self.moments() => self.sub += 1,
            Msg::Right if self.at < last => self.go(self.at + 1, true),
            Msg::Left if self.sub > 0 => self.sub -= 1,
            Msg::Left if self.at > 0 => self.go(self.at - 1, false),
            Msg::PageDown => self.go((self.at + PAGE).min(last), false),
            Msg::PageUp => self.go(self.at.saturating_sub(PAGE), false),
            Msg::First => self.go(0, false),
            Msg::Last => self.go(last, false),
            Msg::Back | Msg::Cancel | Msg::Quit => return ReplayEffect::Leave,
            _ => {}
        }
        ReplayEffect::None
    }

    /// The table shown: one from inside the step, or the step's own.
    fn view(&self) -> Option<TableView> {
        let frame = self.shown.as_ref()?;
        Some(match frame.view.moments.get(self.sub) {
            Some(moment) => at_moment(&frame.view, moment),
            None => frame.view.clone(),
        })
    }

    /// What led to the table shown, in words; `None` at the deal. The first table inside a
    /// step follows the action itself, so both are said; a later one says its own moment;
    /// the step's own table after moments says the last thing that happened.
    pub fn action_text(&self) -> Option<String> {
        let frame = self.shown.as_ref()?;
        let done = || {
            let action = frame.action.as_ref()?;
            let before = self.before.as_ref()?;
            Some(describe(&before.view, action, &self.theme))
        };
        let moments = &frame.view.moments;
        match moments.get(self.sub) {
            Some(moment) if self.sub == 0 => Some(match done() {
                Some(done) => format!("{done} · {}", moment.message),
                None => moment.message.clone(),
            }),
            Some(moment) => Some(moment.message.clone()),
            None if !moments.is_empty() => frame.view.messages.last().cloned().or_else(done),
            None => done(),
        }
    }

    /// Where the last action put its cards: the cursor marks them.
    fn marks(&self) -> Marks {
        let mut marks = Marks::default();
        let (Some(frame), Some(before)) = (&self.shown, &self.before) else {
            return marks;
        };
        if self.sub < frame.view.moments.len() {
            return marks;
        }
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
        fill(buf, area, ' ', theme.table());
        let Some(view) = self.view() else {
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
        match layout(&view, table) {
            Ok(l) => {
                let marks = self.marks();
                draw_table(buf, &view, &l, &marks, &theme, &mut self.hits)
            }
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
        let bar = Rect::new(area.x, bottom - 3, area.width, 1);
        fill(buf, bar, ' ', theme.bar());
        let text = status_line(format!(" {}", self.tape.title), &view.status, bar.width);
        put(buf, bar.x, bar.y, &text, bar.width, theme.bar());
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
        let inside = match self.moments() {
            0 => String::new(),
            n => format!(" ({} of {})", self.sub + 1, n + 1),
        };
        let mut text = format!(" Step {}{inside} of {}: {what}", self.at, self.last());
        let own = self.sub >= self.moments();
        let end = match self.shown.as_ref().filter(|_| own).map(|f| &f.status) {
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
