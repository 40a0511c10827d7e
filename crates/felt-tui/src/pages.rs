//! What a ruleset adds to its table beyond piles: the pages it offers under keys of its own
//! (a score sheet), the moments of a step it wants seen before the table goes on (a trick the
//! computer seats completed and cleared), and which of the host's commands it has a use for.
//! All of it read from the `TableView` and the `RulesetInfo`: it knows no game. The table
//! keeps the [`Moments`] and opens the pages as its overlays.

use crate::input::Msg;
use crate::keymap::{command_of, TABLE_KEYS};
use crate::paint::{centred, paragraph, window, wrapped_height};
use crate::theme::Theme;
use felt_core::{Command, Moment, PileRole, RulesetInfo, Sheet, TableView};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use std::borrow::Cow;

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

/// The moments of the last step that live play stops on: which is on show, and how long each
/// stays. The view they belong to is the game's, handed in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Moments {
    held: Option<Held>,
    /// Idle ticks a moment stays on show before the table goes on by itself (0: until a key).
    pause_ticks: u16,
}

impl Default for Moments {
    fn default() -> Moments {
        Moments {
            held: None,
            pause_ticks: PAUSE_TICKS,
        }
    }
}

impl Moments {
    /// Sets how many idle ticks a moment stays on show; 0 keeps it until a key.
    pub(crate) fn set_pause_ticks(&mut self, ticks: u16) {
        self.pause_ticks = ticks;
    }

    /// Whether a moment is on show instead of the table.
    pub(crate) fn holding(&self) -> bool {
        self.held.is_some()
    }

    /// The moment of `view` on show, if any.
    pub(crate) fn on_show<'v>(&self, view: &'v TableView) -> Option<&'v Moment> {
        self.held.and_then(|h| view.moments.get(h.index))
    }

    fn wait(&self) -> Option<u16> {
        (self.pause_ticks > 0).then_some(self.pause_ticks)
    }

    /// The first moment of `view` from `from` on that live play stops on.
    fn held_from(&self, view: &TableView, from: usize) -> Option<Held> {
        let index = (from..view.moments.len()).find(|&i| view.moments[i].hold)?;
        Some(Held {
            index,
            wait: self.wait(),
        })
    }

    /// After an action: shows the moments of its step to stop on first, if there are any.
    pub(crate) fn hold(&mut self, view: &TableView) {
        self.held = self.held_from(view, 0);
    }

    /// On to the next moment to stop on, or to the table after the last.
    pub(crate) fn next(&mut self, view: &TableView) {
        let next = self.held.map_or(0, |h| h.index + 1);
        self.held = self.held_from(view, next);
    }

    /// The table changed: no moment of the old one stays on show.
    pub(crate) fn let_go(&mut self) {
        self.held = None;
    }

    /// One idle tick of a moment on show; true when the screen changed.
    pub(crate) fn tick(&mut self, view: &TableView) -> bool {
        let Some(held) = self.held.as_mut() else {
            return false;
        };
        match held.wait.as_mut() {
            Some(0) => {
                self.next(view);
                true
            }
            Some(w) => {
                *w -= 1;
                false
            }
            None => false,
        }
    }

    /// The table to draw: `view`, with the piles of the moment on show in place of theirs.
    pub(crate) fn shown_view<'v>(&self, view: &'v TableView) -> Cow<'v, TableView> {
        match self.on_show(view) {
            Some(moment) => Cow::Owned(at_moment(view, moment)),
            None => Cow::Borrowed(view),
        }
    }
}

/// `view` as it was at `moment`: its piles in place of theirs, no question, no moments.
pub fn at_moment(view: &TableView, moment: &Moment) -> TableView {
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

/// The page of `view` under `key`.
pub(crate) fn sheet(view: &TableView, key: char) -> Option<&Sheet> {
    view.sheets.iter().find(|s| s.key == key)
}

/// The key of a page `view` asks to be read now (a hand just scored).
pub(crate) fn asked_sheet(view: &TableView) -> Option<char> {
    view.sheets.iter().find(|s| s.open).map(|s| s.key)
}

/// The pages of the view, as the help and the key bar list them: `s score sheet`.
pub(crate) fn sheet_keys(view: &TableView) -> Vec<(String, String)> {
    view.sheets
        .iter()
        .map(|s| (s.key.to_string(), s.title.to_lowercase()))
        .collect()
}

/// A page's scroll after `msg`, at most `max`; `None` when `msg` closes it.
pub(crate) fn scroll_sheet(scroll: u16, max: u16, msg: Msg) -> Option<u16> {
    Some(match msg {
        Msg::Up => scroll.saturating_sub(1),
        Msg::Down => scroll.saturating_add(1).min(max),
        Msg::PageUp => scroll.saturating_sub(10),
        Msg::PageDown => scroll.saturating_add(10).min(max),
        Msg::First => 0,
        Msg::Last => max,
        Msg::Cancel => return None,
        _ => scroll,
    })
}

/// Draws `sheet` over `area`, scrolled by `scroll`; returns how far it scrolls (its lines
/// beyond the window).
pub(crate) fn draw_sheet(
    buf: &mut Buffer,
    area: Rect,
    sheet: &Sheet,
    scroll: u16,
    theme: &Theme,
) -> u16 {
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
        theme,
    );
    let body = Rect::new(
        inner.x,
        inner.y,
        inner.width,
        inner.height.saturating_sub(1),
    );
    let lines: Vec<Line<'_>> = sheet.lines.iter().map(|l| Line::raw(l.clone())).collect();
    let beyond = wrapped_height(&lines, body.width).saturating_sub(body.height);
    paragraph(buf, body, lines, scroll.min(beyond));
    let foot = Rect::new(inner.x, inner.bottom().saturating_sub(1), inner.width, 1);
    centred(buf, foot, "↑↓ scroll · Esc or Enter close", theme.dim());
    beyond
}

/// Whether the game on `view` has a use for `command`: the ruleset offers it
/// ([`RulesetInfo::offers`]) and the table has what it works on. A deal needs a stock to deal
/// from, so a ruleset that declares no commands (every one offered) still gets no `d` at a
/// table without one; the help and the key bar list a key only where this holds.
pub(crate) fn has_use(command: Command, view: &TableView, info: &RulesetInfo) -> bool {
    info.offers(command)
        && (command != Command::Deal || view.piles.iter().any(|p| p.role == PileRole::Stock))
}

/// What the message line says when the ruleset has no use for what `msg` asks; `None` when
/// it has one (or `msg` is no command a game may go without).
pub(crate) fn not_offered(msg: Msg, view: &TableView, info: &RulesetInfo) -> Option<String> {
    let command = command_of(msg)?;
    if let Msg::Column(n) = msg {
        // A digit still answers a numbered question.
        let label = (n % 10).to_string();
        let answers = view
            .prompt
            .as_ref()
            .is_some_and(|p| p.options.iter().any(|o| o.label == label));
        if answers {
            return None;
        }
    }
    if has_use(command, view, info) {
        return None;
    }
    let key = TABLE_KEYS
        .iter()
        .find(|b| b.keys.first().is_some_and(|k| (b.msg)(k.0) == msg))
        .map_or("That key", |b| b.label);
    Some(format!(
        "{key} does nothing in {}: ? lists its keys",
        info.name
    ))
}
