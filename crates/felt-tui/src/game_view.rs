//! The game screen: the table, the prompt, the status bar, the message line and the overlays.

use crate::draw::{draw_table, Marks};
use crate::game::{Game, Overlay, Pending};
use crate::hit::Target;
use crate::input::Msg;
use crate::layout::{layout, TooSmall};
use crate::paint::{
    centred, clip_keeping_end, fill, put, put_with_code, status_line, window, wrapped_height,
};
use crate::theme::Theme;
use felt_core::{Action, Status};
use ratatui::buffer::Buffer;
use ratatui::layout::{Alignment, Rect};
use ratatui::style::Style;
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Widget, Wrap};
use unicode_width::UnicodeWidthStr;

/// Lines under the table: the status bar and the message line.
const BARS: u16 = 2;

impl Game {
    /// Draws the whole game screen into `buf` over `area` and records where things went.
    pub fn draw(&mut self, buf: &mut Buffer, area: Rect) {
        let theme = self.theme;
        self.hits.clear();
        fill(buf, area, ' ', theme.table());
        let prompt_h = if self.moments.holding() {
            0
        } else {
            self.prompt_lines(area.width)
        };
        let bars = BARS + prompt_h;
        let table = Rect::new(area.x, area.y, area.width, area.height.saturating_sub(bars));
        let shown = self.moments.shown_view(&self.view).into_owned();
        match layout(&shown, table) {
            Ok(l) => {
                let marks = if self.moments.holding() {
                    Marks::default()
                } else {
                    self.marks()
                };
                draw_table(buf, &shown, &l, &marks, &theme, &mut self.hits);
                self.layout = Some(l);
            }
            Err(need) => {
                self.layout = None;
                too_small(buf, area, need, bars, &theme);
                return;
            }
        }
        let bottom = area.bottom();
        if prompt_h > 0 {
            let at = bottom - BARS - prompt_h;
            self.draw_prompt(buf, Rect::new(area.x, at, area.width, prompt_h));
        }
        // News too long for the message line takes a second line, the table's last, when
        // nothing of the table is drawn there; the status bar moves up over it.
        let above = bottom.saturating_sub(BARS + 1);
        let bare = prompt_h == 0 && above >= area.y && row_is_bare(buf, area, above);
        let message = self.message_lines(area.width, if bare { 2 } else { 1 });
        let extra = message
            .as_ref()
            .map_or(0, |m| m.len().saturating_sub(1) as u16);
        let status_y = bottom - 2 - extra;
        self.draw_status(buf, Rect::new(area.x, status_y, area.width, 1));
        self.draw_message(buf, Rect::new(area.x, bottom - 1, area.width, 1), message);
        match self.overlay {
            Some(Overlay::Help { scroll }) => self.draw_help(buf, area, scroll),
            Some(Overlay::Confirm(p)) => draw_confirm(buf, area, p, self.confirm_text(p), &theme),
            Some(Overlay::Finish) => self.draw_finish(buf, area),
            Some(Overlay::Sheet { key, scroll }) => {
                if let Some(sheet) = crate::pages::sheet(&self.view, key) {
                    self.help_lines = crate::pages::draw_sheet(buf, area, sheet, scroll, &theme);
                }
            }
            None => {}
        }
    }

    fn marks(&self) -> Marks {
        let dragging = self.pointer.is_some();
        let cursor = if dragging {
            None
        } else if let Some(carry) = &self.carry {
            let pile = self.pile(self.cursor.0);
            let top = pile.map_or(0, |p| p.cards.len().saturating_sub(1) as u16);
            // Over its own row across the cursor stays on the card taken from it.
            let across = pile.is_some_and(|p| p.hint == felt_core::DrawHint::FanRight);
            if across && carry.from == self.cursor.0 {
                Some((self.cursor.0, carry.index))
            } else {
                Some((self.cursor.0, top))
            }
        } else {
            Some(self.cursor)
        };
        // A hint marks the cards it moves beside them, and where they go as the piles that
        // would take carried cards are shown; a deal marks the pile dealt from.
        let (hinted, hinted_cards) = match (self.hints.on_show(), &self.carry) {
            (Some(Action::Move { from, index, to }), None) => (vec![*to], Some((*from, *index))),
            (Some(Action::Deal { from }), None) => {
                let top = self.pile(*from).and_then(|p| p.cards.len().checked_sub(1));
                (vec![*from], top.map(|t| (*from, t as u16)))
            }
            _ => (Vec::new(), None),
        };
        Marks {
            hinted: hinted_cards,
            unplayable: self.unplayable(),
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

    /// The cards of the player's hands that no legal action plays, while some card of the
    /// hand may be played (the player's turn): greyed on the table, so the cards that follow
    /// the game's rules stand out. Piles of other roles keep their colours: which of a
    /// column's cards may move is a question of groups, not of single cards.
    fn unplayable(&self) -> Vec<(felt_core::PileId, u16)> {
        let mut out = Vec::new();
        for pile in &self.view.piles {
            if pile.role != felt_core::PileRole::Hand {
                continue;
            }
            let plays = |i: u16| {
                self.legal.iter().any(
                    |a| matches!(a, Action::Move { from, index, .. } if *from == pile.id && *index == i),
                )
            };
            let indexes = 0..pile.cards.len() as u16;
            if !indexes.clone().any(plays) {
                continue;
            }
            out.extend(
                indexes
                    .filter(|&i| pile.cards[usize::from(i)].card().is_some() && !plays(i))
                    .map(|i| (pile.id, i)),
            );
        }
        out
    }

    /// The prompt's options, as drawn: ` 3 `, the chosen one `[3]`, so it shows without
    /// colour too.
    fn option_texts(&self) -> Vec<String> {
        self.view.prompt.as_ref().map_or_else(Vec::new, |p| {
            p.options
                .iter()
                .enumerate()
                .map(|(i, o)| {
                    if i == self.choice {
                        format!("[{}]", o.label)
                    } else {
                        format!(" {} ", o.label)
                    }
                })
                .collect()
        })
    }

    /// Lines the prompt takes at `width`: one, or two when the question and its options do
    /// not fit on one (the options then get a line of their own, so none is cut off).
    fn prompt_lines(&self, width: u16) -> u16 {
        let Some(prompt) = &self.view.prompt else {
            return 0;
        };
        let options: usize = self
            .option_texts()
            .iter()
            .map(|t| t.chars().count() + 1)
            .sum();
        if 2 + prompt.question.chars().count() + options <= usize::from(width) {
            1
        } else {
            2
        }
    }

    fn draw_prompt(&mut self, buf: &mut Buffer, area: Rect) {
        let Some(prompt) = &self.view.prompt else {
            return;
        };
        let theme = self.theme;
        put(
            buf,
            area.x + 1,
            area.y,
            &prompt.question,
            area.width,
            theme.heading(),
        );
        let (mut x, y) = if area.height > 1 {
            (area.x + 1, area.y + 1)
        } else {
            (area.x + 2 + prompt.question.chars().count() as u16, area.y)
        };
        let ids: Vec<u32> = prompt.options.iter().map(|o| o.id).collect();
        for (i, (text, id)) in self.option_texts().iter().zip(ids).enumerate() {
            let w = text.chars().count() as u16;
            if x + w > area.right() {
                break;
            }
            let style = if i == self.choice {
                theme.selected()
            } else {
                theme.label()
            };
            put(buf, x, y, text, w, style);
            self.hits.push(Rect::new(x, y, w, 1), Target::Choice(id));
            x += w + 1;
        }
    }

    /// The question to ask before `pending` is done, when the ruleset words it.
    fn confirm_text(&self, pending: Pending) -> Option<String> {
        let Pending::Choose(option) = pending else {
            return None;
        };
        self.view
            .prompt
            .as_ref()
            .and_then(|p| p.options.iter().find(|o| o.id == option))
            .and_then(|o| o.confirm.clone())
    }

    /// The status bar: the game's name, then its counters as far as they fit, the clock at
    /// the right end. Nothing on it is cut in the middle: the live status and the demo's
    /// words stay whole, and the name gives way to the counters (shortened with `…`, or
    /// left out) when the line is short, since they are what changes as the game goes on.
    fn draw_status(&self, buf: &mut Buffer, line: Rect) {
        let theme = self.theme;
        fill(buf, line, ' ', theme.bar());
        // The live status goes first after the name: when it is on, it must never be cut off,
        // since it says that it peeks.
        let mut extras = String::new();
        if let Some(live) = self.live_words() {
            extras.push_str(&format!("  · {live} ·"));
        }
        if self.demo_running() {
            extras.push_str(&format!("  · {} ·", crate::demo::DEMO_WORDS));
        }
        // The clock sits at the right end from the deal on (0:00 until the first move); the
        // counters give way to it rather than it to them.
        let clock = format!("{} ", crate::clock::clock_text(self.clock.shown()));
        let clock_w = clock.width() as u16 + 1;
        let room = line.width.saturating_sub(clock_w);
        let widths: Vec<usize> = self
            .view
            .status
            .iter()
            .map(|i| format!("  {} {}", i.label, i.value).width())
            .collect();
        let name = &self.session.ruleset().info().name;
        let room_beside = |kept: usize| usize::from(room).saturating_sub(1 + extras.width() + kept);
        let every: usize = widths.iter().sum();
        let all = room_beside(every);
        let two = room_beside(widths.iter().take(2).sum());
        // The name whole when every counter fits beside it; shortened (to six cells at the
        // least) so that they all fit; left out where they fit only without it; else whole
        // or shortened beside the first two.
        let name = if name.width() <= all {
            name.clone()
        } else if all >= 6 {
            clip_keeping_end(name, "", all, theme.ascii)
        } else if usize::from(room) > extras.width() + every {
            String::new()
        } else if name.width() <= two {
            name.clone()
        } else if two >= 8 {
            clip_keeping_end(name, "", two, theme.ascii)
        } else {
            String::new()
        };
        // Without the name the counters' own leading blanks start the line.
        let head = if name.is_empty() {
            extras.trim_start().to_string()
        } else {
            format!(" {name}{extras}")
        };
        let text = status_line(head, &self.view.status, room);
        put(buf, line.x, line.y, &text, room, theme.bar());
        let w = clock.width() as u16;
        if w < line.width {
            put(buf, line.right() - w, line.y, &clock, w, theme.bar());
        }
    }

    /// The message line: a refusal, news or key hints on the left, the game code on the right.
    /// The message line's news fitted to `lines` lines of `width` (one, or two where the
    /// table leaves its last line bare), when it is news; `None` for a refusal and the key
    /// bar, which are fitted their own ways.
    fn message_lines(&self, width: u16, lines: u16) -> Option<Vec<String>> {
        let ascii = self.theme.ascii;
        let split = |text: &str| -> Vec<String> { text.split(" · ").map(String::from).collect() };
        let (pieces, tail) = if let Some(moment) = self.moment() {
            (vec![moment.message.clone()], " · any key goes on")
        } else {
            match (&self.note, &self.status) {
                (Some(n), _) if n.error => return None,
                (Some(n), _) => (split(&n.text), ""),
                (None, Status::Over { reason }) => (
                    vec![format!("Game over: {reason}")],
                    " · n new game · q menu",
                ),
                (None, Status::Won { .. }) => return None,
                _ if !self.view.messages.is_empty() => (self.view.messages.clone(), ""),
                _ => return None,
            }
        };
        Some(crate::message_line::fit(&pieces, tail, width, lines, ascii))
    }

    fn draw_message(&self, buf: &mut Buffer, line: Rect, news: Option<Vec<String>>) {
        let theme = self.theme;
        let code = self.code_label();
        if let Some(news) = news {
            let style = theme.info();
            let first = line.bottom().saturating_sub(news.len() as u16);
            for (i, text) in news.iter().enumerate() {
                let row = Rect {
                    y: first + i as u16,
                    ..line
                };
                if i + 1 == news.len() {
                    put_with_code(buf, row, text, style, &code, theme.dim());
                } else {
                    fill(buf, row, ' ', theme.table());
                    put(buf, row.x, row.y, text, row.width, style);
                }
            }
            return;
        }
        let (text, style) = match (&self.note, &self.status) {
            (Some(n), _) if n.error => {
                let text = format!(" {}", n.text);
                // A refusal too long for the line keeps its rule id and loses the end of its
                // reason instead; the id is drawn dimmed after the sentence.
                let Some(rule) = &n.rule else {
                    put_with_code(buf, line, &text, theme.error(), &code, theme.dim());
                    return;
                };
                let keep = format!("{}{rule}", theme.separator());
                let text = clip_keeping_end(&text, &keep, usize::from(line.width), theme.ascii);
                put_with_code(buf, line, &text, theme.error(), &code, theme.dim());
                if text.ends_with(keep.as_str()) {
                    let end = line.x + text.width() as u16;
                    let w = rule.width() as u16;
                    put(buf, end.saturating_sub(w), line.y, rule, w, theme.dim());
                }
                return;
            }
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
            _ => (self.key_hints(line.width, &code), theme.dim()),
        };
        put_with_code(buf, line, &text, style, &code, theme.dim());
    }
}

fn draw_confirm(
    buf: &mut Buffer,
    area: Rect,
    pending: Pending,
    asked: Option<String>,
    theme: &Theme,
) {
    let question = match pending {
        Pending::Leave => "Leave this game for the menu?".to_string(),
        Pending::NewGame => "Abandon this game for a new deal?".to_string(),
        Pending::Restart => "Start this deal again from the beginning?".to_string(),
        Pending::Choose(_) => asked.unwrap_or_else(|| "Choose this?".to_string()),
    };
    let lines = word_wrap(&question, 56);
    let extra = lines.len().saturating_sub(1) as u16;
    let inner = window(buf, area, 60, 5 + extra, "Are you sure?", theme);
    for (i, l) in lines.iter().enumerate() {
        centred(
            buf,
            Rect::new(inner.x, inner.y + i as u16, inner.width, 1),
            l,
            Style::default(),
        );
    }
    centred(
        buf,
        Rect::new(inner.x, inner.y + 2 + extra, inner.width, 1),
        "y yes · n no",
        theme.dim(),
    );
}

impl Game {
    /// The key bar of the table: help first, the game's own pages, then the commands it has
    /// a use for, as many as fit beside the code; the menu key always.
    fn key_hints(&self, width: u16, code: &str) -> String {
        let info = self.session.ruleset().info();
        let mut items: Vec<String> = vec!["? help".to_string()];
        for (key, what) in crate::pages::sheet_keys(&self.view) {
            items.push(format!("{key} {what}"));
        }
        for (key, name, _) in self.extra_keys() {
            items.push(format!("{key} {name}"));
        }
        let deal = format!("d {}", crate::describe::deal_word(&self.view));
        // A new deal and a restart come before the rest, as every patience program has
        // them in view; what does not fit is left out, and shorter items after it still come.
        for (msg, text) in [
            (Msg::Deal, deal.as_str()),
            (Msg::Undo, "u undo"),
            (Msg::NewGame, "n new deal"),
            (Msg::Restart, "R restart"),
            (Msg::Hint, "H hint"),
        ] {
            let has_use = |c| crate::pages::has_use(c, &self.view, info);
            if crate::keymap::command_of(msg).is_none_or(has_use) {
                items.push(text.to_string());
            }
        }
        for (key, role, name) in crate::pilekeys::ROLE_KEYS {
            if self.has_role(*role) {
                items.push(format!("{key} {name}"));
            }
        }
        // Last: a double click or Enter twice does the same, as the help says.
        if crate::keymap::command_of(Msg::Auto).is_none_or(|c| info.offers(c)) {
            items.push("a best place".to_string());
        }
        let room = usize::from(width).saturating_sub(code.chars().count() + 3);
        let mut text = String::from(" ");
        let last = "q menu";
        for item in items {
            if text.chars().count() + item.chars().count() + 2 + last.len() > room {
                continue;
            }
            text.push_str(&item);
            text.push_str("  ");
        }
        text.push_str(last);
        text
    }
}

/// Whether line `y` of `area` has nothing drawn on it: only blanks.
fn row_is_bare(buf: &Buffer, area: Rect, y: u16) -> bool {
    (area.left()..area.right()).all(|x| buf[(x, y)].symbol() == " ")
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
pub(crate) fn word_wrap(text: &str, width: usize) -> Vec<String> {
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
