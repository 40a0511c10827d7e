//! The game screen: the table, the prompt, the status bar, the message line and the overlays.

use crate::draw::{draw_table, Marks};
use crate::game::{Game, Overlay, Pending};
use crate::hit::Target;
use crate::input::{key_bar, Binding, Msg, FINISH_KEYS, TABLE_KEYS};
use crate::layout::{layout, TooSmall};
use crate::paint::{
    centred, fill, paragraph, put, put_with_code, status_line, window, wrapped_height,
};
use crate::theme::Theme;
use felt_core::{Action, Status};
use ratatui::buffer::Buffer;
use ratatui::layout::{Alignment, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget, Wrap};

/// Lines under the table: the status bar and the message line.
const BARS: u16 = 2;

impl Game {
    /// Draws the whole game screen into `buf` over `area` and records where things went.
    pub fn draw(&mut self, buf: &mut Buffer, area: Rect) {
        let theme = self.theme;
        self.hits.clear();
        fill(buf, area, ' ', Style::default());
        let prompt_h = u16::from(self.view.prompt.is_some());
        let bars = BARS + prompt_h;
        let table = Rect::new(area.x, area.y, area.width, area.height.saturating_sub(bars));
        match layout(&self.view, table) {
            Ok(l) => {
                let marks = self.marks();
                draw_table(buf, &self.view, &l, &marks, &theme, &mut self.hits);
                self.layout = Some(l);
            }
            Err(need) => {
                self.layout = None;
                too_small(buf, area, need, bars, &theme);
                return;
            }
        }
        let bottom = area.bottom();
        if prompt_h == 1 {
            self.draw_prompt(buf, Rect::new(area.x, bottom - 3, area.width, 1));
        }
        self.draw_status(buf, Rect::new(area.x, bottom - 2, area.width, 1));
        self.draw_message(buf, Rect::new(area.x, bottom - 1, area.width, 1));
        match self.overlay {
            Some(Overlay::Help { scroll }) => self.draw_help(buf, area, scroll),
            Some(Overlay::Confirm(p)) => draw_confirm(buf, area, p, &theme),
            Some(Overlay::Finish) => self.draw_finish(buf, area),
            None => {}
        }
    }

    fn marks(&self) -> Marks {
        let dragging = self.pointer.is_some();
        let cursor = if dragging {
            None
        } else if self.carry.is_some() {
            let top = self
                .pile(self.cursor.0)
                .map_or(0, |p| p.cards.len().saturating_sub(1) as u16);
            Some((self.cursor.0, top))
        } else {
            Some(self.cursor)
        };
        // A hint shows where its cards go as the piles that would take them are shown.
        let hinted = match (&self.hint, &self.carry) {
            (Some(Action::Move { to, .. }), None) => vec![*to],
            _ => Vec::new(),
        };
        Marks {
            cursor,
            carried: self.carry.as_ref().map(|c| (c.from, c.index)),
            accepting: self
                .carry
                .as_ref()
                .map(|c| c.targets.clone())
                .unwrap_or(hinted),
            pointer: self.pointer,
        }
    }

    fn draw_prompt(&mut self, buf: &mut Buffer, line: Rect) {
        let Some(prompt) = &self.view.prompt else {
            return;
        };
        let theme = self.theme;
        put(
            buf,
            line.x + 1,
            line.y,
            &prompt.question,
            line.width,
            theme.heading(),
        );
        let mut x = line.x + 2 + prompt.question.chars().count() as u16;
        for (i, option) in prompt.options.iter().enumerate() {
            let text = format!(" {} ", option.label);
            let w = text.chars().count() as u16;
            if x + w > line.right() {
                break;
            }
            let style = if i == self.choice {
                theme.selected()
            } else {
                theme.label()
            };
            put(buf, x, line.y, &text, w, style);
            self.hits
                .push(Rect::new(x, line.y, w, 1), Target::Choice(option.id));
            x += w + 1;
        }
    }

    /// The status bar: the game's name, then its counters as far as they fit.
    fn draw_status(&self, buf: &mut Buffer, line: Rect) {
        let theme = self.theme;
        fill(buf, line, ' ', theme.bar());
        let mut text = format!(" {}", self.session.ruleset().info().name);
        // The live status goes first after the name: when it is on, it must never be cut off,
        // since it says that it peeks.
        if let Some(live) = self.live_words() {
            text.push_str(&format!("  · {live} ·"));
        }
        if self.demo_running() {
            text.push_str(&format!("  · {} ·", crate::demo::DEMO_WORDS));
        }
        let text = status_line(text, &self.view.status, line.width);
        put(buf, line.x, line.y, &text, line.width, theme.bar());
    }

    /// The message line: a refusal, news or key hints on the left, the game code on the right.
    fn draw_message(&self, buf: &mut Buffer, line: Rect) {
        let theme = self.theme;
        let code = self.session.code().to_string();
        let (text, style) = match (&self.note, &self.status) {
            (Some(n), _) if n.error => (format!(" {}", n.text), theme.error()),
            (Some(n), _) => (format!(" {}", n.text), theme.info()),
            (None, Status::Won { .. }) => (
                " Won! n new game · R play it again · q menu".to_string(),
                theme.info(),
            ),
            (None, Status::Over { reason }) => (
                format!(" Game over: {reason} · n new game · q menu"),
                theme.info(),
            ),
            _ if !self.view.messages.is_empty() => {
                (format!(" {}", self.view.messages.join(" · ")), theme.info())
            }
            _ if self.carry.is_some() => (
                " Carrying: Enter or a digit drops on a [marked] pile · Esc puts back".to_string(),
                theme.dim(),
            ),
            _ => (
                " ? help  d deal  u undo  a best place  H hint  q menu".to_string(),
                theme.dim(),
            ),
        };
        put_with_code(buf, line, &text, style, &code, theme.dim());
    }

    fn draw_help(&mut self, buf: &mut Buffer, area: Rect, scroll: u16) {
        let theme = self.theme;
        let info = self.session.ruleset().info();
        let inner = window(
            buf,
            area,
            78,
            area.height,
            &format!("Help: {}", info.name),
            &theme,
        );
        let mut lines: Vec<Line<'_>> = vec![Line::styled("Keys", theme.heading())];
        // The demo plays by hints: a game that offers none has no demo to list.
        let offered =
            |b: &&Binding| info.hints || b.keys.first().is_none_or(|k| (b.msg)(k.0) != Msg::Demo);
        for b in TABLE_KEYS.iter().filter(offered) {
            lines.push(Line::from(vec![
                Span::styled(format!("{:<15}", b.label), theme.heading()),
                Span::raw(b.help),
            ]));
        }
        for (what, does) in [
            (
                "click",
                "pick up from the card clicked; click a pile to drop",
            ),
            ("drag", "carry cards with the pointer, release on a pile"),
            ("double-click", "send the cards to the best place"),
        ] {
            lines.push(Line::from(vec![
                Span::styled(format!("{what:<15}"), theme.heading()),
                Span::raw(does),
            ]));
        }
        lines.push(Line::raw(""));
        lines.push(Line::styled(
            format!("Rules: {}", info.name),
            theme.heading(),
        ));
        for para in &info.help {
            lines.push(Line::raw(para.clone()));
            lines.push(Line::raw(""));
        }
        let body = Rect::new(
            inner.x,
            inner.y,
            inner.width,
            inner.height.saturating_sub(1),
        );
        self.help_lines = wrapped_height(&lines, body.width).saturating_sub(body.height);
        let scroll = scroll.min(self.help_lines);
        paragraph(buf, body, lines, scroll);
        let foot = Rect::new(inner.x, inner.bottom().saturating_sub(1), inner.width, 1);
        centred(buf, foot, "↑↓ scroll · Esc close", theme.dim());
    }

    fn draw_finish(&self, buf: &mut Buffer, area: Rect) {
        let theme = self.theme;
        let (title, reason) = match &self.status {
            Status::Won { winner } if winner.is_empty() => ("You won!".to_string(), None),
            Status::Won { winner } => (format!("{winner} won!"), None),
            Status::Over { reason } => ("Game over".to_string(), Some(reason.clone())),
            Status::Playing => return,
        };
        // A ruleset's reason may be a long sentence: it wraps rather than being cut.
        let reason_lines = reason
            .as_deref()
            .map_or_else(Vec::new, |r| word_wrap(r, 58));
        let extra = reason_lines.len().saturating_sub(1) as u16;
        let inner = window(buf, area, 62, 8 + extra, &title, &theme);
        let mut y = inner.y + 1;
        let mut line = |text: &str, style: Style| {
            centred(buf, Rect::new(inner.x, y, inner.width, 1), text, style);
            y += 1;
        };
        for r in &reason_lines {
            line(r, theme.error());
        }
        let items: Vec<String> = self
            .view
            .status
            .iter()
            .map(|s| format!("{} {}", s.label, s.value))
            .collect();
        line(&items.join(theme.separator()), Style::default());
        line(
            &format!("Game code {}", self.session.code()),
            Style::default(),
        );
        let (first, second) = FINISH_KEYS.split_at(FINISH_KEYS.len() / 2);
        let keys = Rect::new(inner.x, inner.bottom().saturating_sub(2), inner.width, 1);
        centred(buf, keys, &key_bar(first), theme.dim());
        centred(
            buf,
            Rect {
                y: keys.y + 1,
                ..keys
            },
            &key_bar(second),
            theme.dim(),
        );
    }
}

fn draw_confirm(buf: &mut Buffer, area: Rect, pending: Pending, theme: &Theme) {
    let question = match pending {
        Pending::Leave => "Leave this game for the menu?",
        Pending::NewGame => "Abandon this game for a new deal?",
        Pending::Restart => "Start this deal again from the beginning?",
    };
    let inner = window(buf, area, 48, 5, "Are you sure?", theme);
    centred(
        buf,
        Rect::new(inner.x, inner.y, inner.width, 1),
        question,
        Style::default(),
    );
    centred(
        buf,
        Rect::new(inner.x, inner.y + 2, inner.width, 1),
        "y yes · n no",
        theme.dim(),
    );
}

fn too_small(buf: &mut Buffer, area: Rect, need: TooSmall, bars: u16, theme: &Theme) {
    let lines = vec![
        Line::styled("Terminal too small", theme.error()),
        Line::raw(format!(
            "This game needs {}×{}; the terminal is {}×{}.",
            need.width,
            need.height + bars,
            area.width,
            area.height
        )),
        Line::styled("Enlarge it, or press q for the menu.", theme.dim()),
    ];
    let h = wrapped_height(&lines, area.width) + 1;
    let y = area.y + area.height.saturating_sub(h) / 2;
    let rect = Rect::new(area.x, y, area.width, area.bottom() - y);
    Paragraph::new(lines)
        .alignment(Alignment::Center)
        .wrap(Wrap { trim: true })
        .render(rect, buf);
}

/// `text` in lines of at most `width` characters, broken between words.
fn word_wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for word in text.split_whitespace() {
        match lines.last_mut() {
            Some(last) if last.chars().count() + 1 + word.chars().count() <= width => {
                last.push(' ');
                last.push_str(word);
            }
            _ => lines.push(word.to_string()),
        }
    }
    lines
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_long_reason_wraps_between_words_and_keeps_every_word() {
        let reason = "No sequence of moves can turn up another card or finish another run";
        let lines = super::word_wrap(reason, 30);
        assert!(lines.len() > 1 && lines.iter().all(|l| l.chars().count() <= 30));
        assert_eq!(lines.join(" "), reason);
    }
}
