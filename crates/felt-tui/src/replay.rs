//! The replay viewer: a recorded game drawn step by step with the table renderer the game uses,
//! forward and back, with the action that led to each step in words. Space plays it by itself
//! at a speed `+` and `-` choose: the terminal loop's idle ticks move it on when a step is due,
//! so no thread sleeps and a key is answered at once.

use crate::describe::describe;
use crate::draw::{draw_table, Marks};
use crate::hit::HitMap;
use crate::input::{Msg, REPLAY_KEYS};
use crate::keymap::{REPLAY_PLAY_LABEL, REPLAY_SPEED_LABEL};
use crate::layout::layout;
use crate::pages::at_moment;
use crate::paint::{centred, fill, put, put_with_code, status_line};
use crate::records::{ReplayFrame, ReplayTape};
use crate::theme::Theme;
use felt_core::{Action, Status, TableView};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use std::time::{Duration, Instant};

/// Lines under the table: the status bar, the step line and the key bar.
const BARS: u16 = 3;
/// Steps a page key moves.
const PAGE: usize = 10;

/// The time between two steps played by themselves, slowest first; `+` and `-` move along it.
/// The fastest is the terminal loop's tick, which cannot step sooner.
const SPEEDS: [Duration; 6] = [
    Duration::from_millis(3000),
    Duration::from_millis(2000),
    Duration::from_millis(1000),
    Duration::from_millis(500),
    Duration::from_millis(250),
    Duration::from_millis(100),
];
/// The speed a replay starts at: a step a second.
const START_SPEED: usize = 2;

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
    /// Playing by itself: when the next step is due (`None` until the first tick after
    /// Space, which sets it from that tick's time).
    playing: Option<Option<Instant>>,
    /// The time between steps played by themselves, an index of [`SPEEDS`].
    speed: usize,
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
            playing: None,
            speed: START_SPEED,
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

    /// Whether the replay is playing by itself.
    pub fn playing(&self) -> bool {
        self.playing.is_some()
    }

    /// The time between two steps played by themselves.
    pub fn interval(&self) -> Duration {
        SPEEDS[self.speed]
    }

    /// Whether the last table of the last step is shown.
    fn at_end(&self) -> bool {
        self.at >= self.last() && self.sub >= self.moments()
    }

    /// One idle tick of the terminal at `now`: plays the next table when one is due. True
    /// when the screen changed.
    pub fn tick(&mut self, now: Instant) -> bool {
        let Some(due) = self.playing else {
            return false;
        };
        match due {
            Some(due) if now >= due => {
                self.update(Msg::Right);
                // From this tick, not from when it was due: a slow tick never brings a burst.
                self.playing = (!self.at_end()).then_some(Some(now + self.interval()));
                true
            }
            Some(_) => false,
            None => {
                self.playing = Some(Some(now + self.interval()));
                false
            }
        }
    }

    /// Handles one message. Left and right go a table at a time, through the tables inside
    /// a step; the page keys, Home and End go by whole steps. Space plays or pauses; a step
    /// taken by hand while playing keeps playing from there.
    pub fn update(&mut self, msg: Msg) -> ReplayEffect {
        let last = self.last();
        match msg {
            Msg::PlayPause if self.playing.is_some() => self.playing = None,
            Msg::PlayPause => {
                // Played to the end: Space plays it again from the deal.
                if self.at_end() {
                    self.go(0, true);
                }
                self.playing = Some(None);
            }
            Msg::Faster => self.speed = (self.speed + 1).min(SPEEDS.len() - 1),
            Msg::Slower => self.speed = self.speed.saturating_sub(1),
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
        // A step by hand while playing: the next one comes a whole interval after it.
        let by_hand = matches!(
            msg,
            Msg::Right | Msg::Left | Msg::PageUp | Msg::PageDown | Msg::First | Msg::Last
        );
        if by_hand && self.playing.is_some() {
            self.playing = Some(None);
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
            &self.key_bar(),
            keys.width.saturating_sub(1),
            theme.dim(),
        );
    }

    /// The key bar, with the play key and the speed worded as they stand.
    fn key_bar(&self) -> String {
        REPLAY_KEYS
            .iter()
            .filter(|b| !b.label.is_empty())
            .map(|b| match b.label {
                REPLAY_PLAY_LABEL if self.playing() => format!("{} pause", b.label),
                REPLAY_PLAY_LABEL => format!("{} play", b.label),
                REPLAY_SPEED_LABEL => format!("{} {}", b.label, speed_words(self.interval())),
                _ => format!("{} {}", b.label, b.help),
            })
            .collect::<Vec<_>>()
            .join("  ")
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

/// A speed in words for the key bar: `1 step/s`, `4 steps/s`, `1 step/2s`.
fn speed_words(interval: Duration) -> String {
    let ms = interval.as_millis().max(1);
    if ms >= 1000 {
        match ms / 1000 {
            1 => "1 step/s".to_string(),
            n => format!("1 step/{n}s"),
        }
    } else {
        format!("{} steps/s", 1000 / ms)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_speed_reads_in_steps_a_second() {
        let words: Vec<String> = SPEEDS.iter().map(|s| speed_words(*s)).collect();
        assert_eq!(
            words,
            [
                "1 step/3s",
                "1 step/2s",
                "1 step/s",
                "2 steps/s",
                "4 steps/s",
                "10 steps/s"
            ]
        );
    }
}
