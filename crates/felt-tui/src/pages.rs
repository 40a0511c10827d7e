//! What a ruleset adds to its table beyond piles: the pages it offers under keys of its own
//! (a score sheet), the moments of a step it wants seen before the table goes on (a trick the
//! computer seats completed and cleared), and which of the host's commands it has a use for.
//! All of it read from the `TableView` and the `RulesetInfo`: it knows no game.

use crate::game::{Game, Overlay};
use crate::input::Msg;
use crate::keymap::{command_of, TABLE_KEYS};
use crate::paint::{centred, paragraph, window, wrapped_height};
use felt_core::{Sheet, TableView};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;

/// Idle ticks (about a tenth of a second each) a moment stays on show by default: long enough
/// to read four cards, short enough not to hold up a player who has seen them.
pub const PAUSE_TICKS: u16 = 15;

/// A moment of the last step on show.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Held {
    /// Which of the view's moments.
    pub index: usize,
    /// Idle ticks left before the next one (or the table); `None` waits for a key.
    pub wait: Option<u16>,
}

/// `view` as it was at `moment`: its piles in place of theirs, no question, no moments.
pub fn at_moment(view: &TableView, moment: &felt_core::Moment) -> TableView {
    let mut then = view.clone();
    for pile in &moment.piles {
        if let Some(p) = then.piles.iter_mut().find(|p| p.id == pile.id) {
            *p = pile.clone();
        }
    }
    then.prompt = None;
    then.moments.clear();
    then.messages = vec![moment.message.clone()];
    then
}

impl Game {
    /// Sets how many idle ticks a moment stays on show; 0 keeps it until a key.
    pub fn set_pause_ticks(&mut self, ticks: u16) {
        self.pause_ticks = ticks;
    }

    /// The moment on show, if any.
    pub fn moment(&self) -> Option<&felt_core::Moment> {
        self.held.and_then(|h| self.view.moments.get(h.index))
    }

    fn wait(&self) -> Option<u16> {
        (self.pause_ticks > 0).then_some(self.pause_ticks)
    }

    /// The first moment from `from` on that live play stops on.
    fn held_from(&self, from: usize) -> Option<Held> {
        let index = (from..self.view.moments.len()).find(|&i| self.view.moments[i].hold)?;
        Some(Held {
            index,
            wait: self.wait(),
        })
    }

    /// After an action: shows the moments of its step to stop on first, if there are any.
    pub(crate) fn hold_moments(&mut self) {
        self.held = self.held_from(0);
    }

    /// On to the next moment to stop on, or to the table after the last.
    pub(crate) fn next_moment(&mut self) {
        let next = self.held.map_or(0, |h| h.index + 1);
        self.held = self.held_from(next);
    }

    /// One idle tick of a moment on show; true when the screen changed.
    pub(crate) fn moment_tick(&mut self) -> bool {
        let Some(held) = self.held.as_mut() else {
            return false;
        };
        match held.wait.as_mut() {
            Some(0) => {
                self.next_moment();
                true
            }
            Some(w) => {
                *w -= 1;
                false
            }
            None => false,
        }
    }

    /// The table to draw: the view, with the piles of the moment on show in place of theirs.
    pub(crate) fn shown_view(&self) -> std::borrow::Cow<'_, TableView> {
        match self.moment() {
            Some(moment) => std::borrow::Cow::Owned(at_moment(&self.view, moment)),
            None => std::borrow::Cow::Borrowed(&self.view),
        }
    }

    /// Opens a sheet the view asks to be read now (a hand just scored).
    pub(crate) fn open_sheet_asked(&mut self) {
        if let Some(sheet) = self.view.sheets.iter().find(|s| s.open) {
            self.overlay = Some(Overlay::Sheet {
                key: sheet.key,
                scroll: 0,
            });
        }
    }

    fn sheet(&self, key: char) -> Option<&Sheet> {
        self.view.sheets.iter().find(|s| s.key == key)
    }

    /// A key the host does not bind: a page of the ruleset's, one of its own actions, or a
    /// word that it does nothing.
    pub(crate) fn other_key(&mut self, c: char) {
        if self.sheet(c).is_some() {
            self.overlay = Some(Overlay::Sheet { key: c, scroll: 0 });
        } else if !self.extra_key(c) {
            let name = self.session.ruleset().info().name.clone();
            self.error(format!("{c} does nothing in {name}: ? lists its keys"));
        }
    }

    /// Scrolls or closes a sheet; closing it over a finished game shows the finish screen.
    pub(crate) fn update_sheet(&mut self, key: char, scroll: u16, msg: Msg) -> crate::Effect {
        let max = self.help_lines;
        let scroll = match msg {
            Msg::Up => scroll.saturating_sub(1),
            Msg::Down => scroll.saturating_add(1).min(max),
            Msg::PageUp => scroll.saturating_sub(10),
            Msg::PageDown => scroll.saturating_add(10).min(max),
            Msg::First => 0,
            Msg::Last => max,
            Msg::Cancel => {
                self.overlay =
                    (self.status != felt_core::Status::Playing).then_some(Overlay::Finish);
                return crate::Effect::None;
            }
            _ => scroll,
        };
        self.overlay = Some(Overlay::Sheet { key, scroll });
        crate::Effect::None
    }

    /// Whether the ruleset has a use for what `msg` asks; if not, says so and drops it.
    pub(crate) fn offered(&mut self, msg: Msg) -> bool {
        let Some(command) = command_of(msg) else {
            return true;
        };
        if let Msg::Column(n) = msg {
            // A digit still answers a numbered question.
            let label = (n % 10).to_string();
            let answers = self
                .view
                .prompt
                .as_ref()
                .is_some_and(|p| p.options.iter().any(|o| o.label == label));
            if answers {
                return true;
            }
        }
        let info = self.session.ruleset().info();
        if info.offers(command) {
            return true;
        }
        let key = TABLE_KEYS
            .iter()
            .find(|b| b.keys.first().is_some_and(|k| (b.msg)(k.0) == msg))
            .map_or("That key", |b| b.label);
        let text = format!("{key} does nothing in {}: ? lists its keys", info.name);
        self.error(text);
        false
    }

    /// The pages of the view, as the help and the key bar list them: `s score sheet`.
    pub(crate) fn sheet_keys(&self) -> Vec<(String, String)> {
        self.view
            .sheets
            .iter()
            .map(|s| (s.key.to_string(), s.title.to_lowercase()))
            .collect()
    }

    /// Draws the sheet under `key` over the table.
    pub(crate) fn draw_sheet(&mut self, buf: &mut Buffer, area: Rect, key: char, scroll: u16) {
        let theme = self.theme;
        let Some(sheet) = self.sheet(key).cloned() else {
            return;
        };
        let widest = sheet
            .lines
            .iter()
            .map(|l| l.chars().count() as u16)
            .max()
            .unwrap_or(0);
        let height = (sheet.lines.len() as u16).saturating_add(4);
        let inner = window(
            buf,
            area,
            widest.saturating_add(4).max(40),
            height,
            &sheet.title,
            &theme,
        );
        let body = Rect::new(
            inner.x,
            inner.y,
            inner.width,
            inner.height.saturating_sub(1),
        );
        let lines: Vec<Line<'_>> = sheet.lines.iter().map(|l| Line::raw(l.clone())).collect();
        self.help_lines = wrapped_height(&lines, body.width).saturating_sub(body.height);
        paragraph(buf, body, lines, scroll.min(self.help_lines));
        let foot = Rect::new(inner.x, inner.bottom().saturating_sub(1), inner.width, 1);
        centred(buf, foot, "↑↓ scroll · Esc or Enter close", theme.dim());
    }
}
