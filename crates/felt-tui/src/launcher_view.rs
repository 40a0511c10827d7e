//! The launcher's screen: the list, the details of the selected line, the key bar.

use crate::hit::Target;
use crate::input::{key_bar, LAUNCHER_HELP, LAUNCHER_KEYS, NEW_GAME_KEYS};
use crate::launcher::{Launcher, Overlay, Row};
use crate::paint::{
    centred, clip_keeping_end, fill, paragraph, put, screen_title, window, wrapped_height,
};
use crate::theme::Theme;
use felt_core::Catalog;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use unicode_width::UnicodeWidthStr;

/// Lines of the details under the list: the description (two lines), saved game, rules, code,
/// options, a gap and the message.
const DETAILS: u16 = 8;
/// Rows at the end of the details a message may take: the last, and the gap above it (the
/// rows above are the description, the saved game, the rules, the code and the options).
const NOTE_ROWS: u16 = 2;

impl Launcher {
    /// Draws the launcher over `area`.
    pub fn draw(&mut self, catalog: &Catalog, buf: &mut Buffer, area: Rect, theme: &Theme) {
        self.hits.clear();
        fill(buf, area, ' ', Style::default());
        let w = area.width;
        screen_title(buf, area, "· choose a game", theme);
        // The details follow the list closely; a long list scrolls. A short terminal shares
        // its rows: the list keeps half of them (the games are what is chosen), the details
        // the rest, never over the key bar.
        let avail = area.height.saturating_sub(3);
        let room = avail
            .saturating_sub(DETAILS + 1)
            .max(avail / 2)
            .min(self.rows.len() as u16);
        let list = Rect::new(area.x, area.y + 2, w, room);
        self.draw_list(catalog, buf, list, theme);
        let height = avail.saturating_sub(room + 1).min(DETAILS);
        let details = Rect::new(area.x, list.bottom() + 1, w, height);
        self.draw_details_in(catalog, buf, details, theme);
        let bar = Rect::new(area.x, area.bottom().saturating_sub(1), w, 1);
        let keys = match (&self.overlay, &self.code) {
            (Some(Overlay::Help { .. }), _) => "↑↓ PgUp PgDn scroll  Esc close".to_string(),
            (Some(Overlay::Delete { .. }), _) => "y delete it  n keep it".to_string(),
            (Some(Overlay::NewGame { .. }), _) => {
                "c continue it  n new, the old one lost  k new, keep both  Esc cancel".to_string()
            }
            (None, Some(_)) => {
                "type a code or a deal number  Enter play  Backspace erase  Esc cancel".to_string()
            }
            (None, None) => key_bar(LAUNCHER_KEYS),
        };
        fill(buf, bar, ' ', theme.bar());
        put(
            buf,
            bar.x + 1,
            bar.y,
            &keys,
            w.saturating_sub(1),
            theme.bar(),
        );
        let body = Rect::new(area.x, area.y, w, area.height.saturating_sub(1));
        match &self.overlay {
            Some(Overlay::Help { scroll }) => {
                let scroll = *scroll;
                self.draw_help(buf, body, scroll, theme);
            }
            Some(Overlay::NewGame { saved, .. }) => {
                let saved = *saved;
                self.draw_question(catalog, buf, body, saved, theme);
            }
            Some(Overlay::Delete { saved }) => {
                let saved = *saved;
                self.draw_delete(catalog, buf, body, saved, theme);
            }
            None => {}
        }
    }

    fn draw_help(&mut self, buf: &mut Buffer, area: Rect, scroll: u16, theme: &Theme) {
        // The list is hidden whole: a cut line showing at the window's side reads as noise.
        fill(buf, area, ' ', Style::default());
        let inner = window(buf, area, 78, area.height, "Help: the launcher", theme);
        let mut lines: Vec<Line<'_>> = vec![Line::styled("Keys", theme.heading())];
        for (keys, does) in LAUNCHER_HELP {
            lines.push(Line::from(vec![
                Span::styled(format!("{keys:<14}"), theme.heading()),
                Span::raw(*does),
            ]));
        }
        lines.push(Line::raw(""));
        lines.push(Line::styled("The list", theme.heading()));
        for para in [
            "Continue: the games left unfinished, with their game code, moves and age; Enter \
             continues one where it was left, its undo history too. Several unfinished deals \
             of a game may be kept.",
            "Below, every game felt can play, grouped by the rules family that plays it; the \
             selected one's description is shown in full under the list.",
            "Starting a game that has a deal in progress asks first: continue that one, start \
             a new one (the old one then counts as lost), or keep both.",
            "A game code (c) replays a deal exactly: the same code deals the same cards. A \
             number there is a deal of the selected game, in its own numbering where it \
             numbers its deals.",
        ] {
            lines.push(Line::raw(para));
            lines.push(Line::raw(""));
        }
        let body = Rect::new(
            inner.x,
            inner.y,
            inner.width,
            inner.height.saturating_sub(1),
        );
        self.help_max = wrapped_height(&lines, body.width).saturating_sub(body.height);
        paragraph(buf, body, lines, scroll.min(self.help_max));
        let foot = Rect::new(inner.x, inner.bottom().saturating_sub(1), inner.width, 1);
        centred(buf, foot, "↑↓ scroll · Esc close", theme.dim());
    }

    fn draw_question(
        &self,
        catalog: &Catalog,
        buf: &mut Buffer,
        area: Rect,
        saved: usize,
        theme: &Theme,
    ) {
        let Some(game) = self.saved.get(saved) else {
            return;
        };
        let name = catalog
            .get(&game.variant)
            .map_or(game.variant.as_str(), |e| e.variant.name.as_str());
        let others = self
            .saved
            .iter()
            .filter(|g| g.variant == game.variant)
            .count()
            - 1;
        let mut lines = vec![
            Line::raw(format!("A game of {name} is in progress:")),
            Line::styled(about(game, theme), theme.heading()),
        ];
        if others > 0 {
            let s = if others == 1 { "" } else { "s" };
            lines.push(Line::styled(
                format!("(and {others} older one{s}, under Continue)"),
                theme.dim(),
            ));
        }
        lines.push(Line::raw(""));
        for b in NEW_GAME_KEYS {
            lines.push(Line::from(vec![
                Span::styled(format!("{:<5}", b.label), theme.heading()),
                Span::raw(capitalised(b.help)),
            ]));
        }
        let width = 66u16.min(area.width);
        let height = wrapped_height(&lines, width.saturating_sub(4)) + 2;
        let inner = window(buf, area, width, height, "Start a new game?", theme);
        paragraph(buf, inner, lines, 0);
    }

    fn draw_delete(
        &self,
        catalog: &Catalog,
        buf: &mut Buffer,
        area: Rect,
        saved: usize,
        theme: &Theme,
    ) {
        let Some(game) = self.saved.get(saved) else {
            return;
        };
        let name = catalog
            .get(&game.variant)
            .map_or(game.variant.as_str(), |e| e.variant.name.as_str());
        let lines = vec![
            Line::raw(format!("Delete this saved game of {name}?")),
            Line::styled(about(game, theme), theme.heading()),
            Line::raw("Its undo history goes too, and it counts as a lost game."),
            Line::raw(""),
            Line::from(vec![
                Span::styled(format!("{:<5}", "y"), theme.heading()),
                Span::raw("Delete it"),
            ]),
            Line::from(vec![
                Span::styled(format!("{:<5}", "n"), theme.heading()),
                Span::raw("Keep it"),
            ]),
        ];
        let width = 66u16.min(area.width);
        let height = wrapped_height(&lines, width.saturating_sub(4)) + 2;
        let inner = window(buf, area, width, height, "Delete a saved game?", theme);
        paragraph(buf, inner, lines, 0);
    }

    fn draw_list(&mut self, catalog: &Catalog, buf: &mut Buffer, list: Rect, theme: &Theme) {
        let height = usize::from(list.height);
        if height == 0 {
            return;
        }
        self.page = height;
        // Never scrolled further than the list needs: after a resize to a taller terminal the
        // headings above come back into view.
        self.top = self.top.min(self.rows.len().saturating_sub(height));
        if self.selected < self.top {
            // The heading or gap above the selected line comes along.
            self.top = self.selected.saturating_sub(1);
        } else if self.selected >= self.top + height {
            self.top = self.selected + 1 - height;
        }
        let name_w = catalog
            .variants()
            .iter()
            .map(|e| e.variant.name.chars().count())
            .max()
            .unwrap_or(0) as u16
            + 2;
        for (line, (r, row)) in self
            .rows
            .iter()
            .enumerate()
            .skip(self.top)
            .take(height)
            .enumerate()
        {
            let y = list.y + line as u16;
            match row {
                Row::Gap => {}
                Row::Heading(id, description) => {
                    let title = capitalised(id);
                    put(buf, list.x + 1, y, &title, list.width, theme.heading());
                    let x = list.x + 2 + title.chars().count() as u16;
                    let room = list.right().saturating_sub(x + 1);
                    put(
                        buf,
                        x,
                        y,
                        &fit_words(&format!("· {description}"), room, theme),
                        room,
                        theme.dim(),
                    );
                }
                Row::Variant(i) => {
                    let Some(entry) = catalog.variants().get(*i) else {
                        continue;
                    };
                    let selected = r == self.selected;
                    let (mark, style) = if selected {
                        (theme.select_mark(), theme.selected())
                    } else {
                        ("  ", Style::default())
                    };
                    put(buf, list.x + 1, y, mark, 2, theme.cursor());
                    let name = format!(
                        "{:<width$}",
                        entry.variant.name,
                        width = usize::from(name_w)
                    );
                    put(
                        buf,
                        list.x + 3,
                        y,
                        &name,
                        list.width.saturating_sub(3),
                        style,
                    );
                    let x = list.x + 4 + name_w;
                    let room = list.right().saturating_sub(x);
                    put(
                        buf,
                        x,
                        y,
                        &fit_words(&entry.variant.description, room, theme),
                        room,
                        theme.dim(),
                    );
                    self.hits
                        .push(Rect::new(list.x, y, list.width, 1), Target::Row(r));
                }
                Row::Continue(i) => {
                    let Some(game) = self.saved.get(*i) else {
                        continue;
                    };
                    let name = saved_name(catalog, game);
                    let selected = r == self.selected;
                    let (mark, style) = if selected {
                        (theme.select_mark(), theme.selected())
                    } else {
                        ("  ", Style::default())
                    };
                    put(buf, list.x + 1, y, mark, 2, theme.cursor());
                    // Two saved games of one variant differ by their code, moves and start
                    // alone: there the names' column gives way (down to eight cells, the
                    // name shortened) so that the code stays in view on a narrow screen.
                    let shared = (self.saved.iter().enumerate())
                        .any(|(i, g)| self.saved[..i].iter().any(|h| h.variant == g.variant));
                    let name_w = if shared && list.width.saturating_sub(4 + name_w) < ABOUT_MIN {
                        let saved_w = (self.saved.iter())
                            .map(|g| saved_name(catalog, g).width())
                            .max()
                            .unwrap_or(0) as u16
                            + 2;
                        saved_w
                            .min(name_w)
                            .min(list.width.saturating_sub(4 + ABOUT_MIN).max(8))
                    } else {
                        name_w
                    };
                    let name = clip_keeping_end(
                        name,
                        "",
                        usize::from(name_w.saturating_sub(1)),
                        theme.ascii,
                    );
                    let name = format!("{name:<width$}", width = usize::from(name_w));
                    put(
                        buf,
                        list.x + 3,
                        y,
                        &name,
                        list.width.saturating_sub(3),
                        style,
                    );
                    let x = list.x + 4 + name_w;
                    let room = list.right().saturating_sub(x);
                    put(
                        buf,
                        x,
                        y,
                        &fit_words(&about(game, theme), room, theme),
                        room,
                        theme.dim(),
                    );
                    self.hits
                        .push(Rect::new(list.x, y, list.width, 1), Target::Row(r));
                }
            }
        }
    }

    /// The details in `area`, however few its rows: the first ones, and the message on the
    /// last row when there is one.
    fn draw_details_in(&self, catalog: &Catalog, buf: &mut Buffer, area: Rect, theme: &Theme) {
        if area.height == 0 {
            return;
        }
        let full = Rect::new(0, 0, area.width, DETAILS);
        let mut all = Buffer::empty(full);
        self.draw_details(catalog, &mut all, full, theme);
        let bare = |y: u16| (0..full.width).all(|x| all[(x, y)].symbol() == " ");
        // The message takes the last row, and the one above when it needs two.
        let message: Vec<u16> = (DETAILS - NOTE_ROWS..DETAILS)
            .filter(|&y| !bare(y))
            .collect();
        let shown: Vec<u16> = if area.height >= DETAILS {
            (0..DETAILS).collect()
        } else {
            let keep = area.height.saturating_sub(message.len() as u16);
            let cut = message.len().saturating_sub(usize::from(area.height));
            (0..keep).chain(message.into_iter().skip(cut)).collect()
        };
        for (row, y) in shown.into_iter().enumerate() {
            for x in 0..area.width {
                buf[(area.x + x, area.y + row as u16)] = all[(x, y)].clone();
            }
        }
    }

    fn draw_details(&self, catalog: &Catalog, buf: &mut Buffer, area: Rect, theme: &Theme) {
        let x = area.x + 1;
        let value_x = x + 9;
        let room = area.right().saturating_sub(value_x);
        let mut y = area.y;
        let description = self
            .selected_variant(catalog)
            .or(self.selected_saved().map(|g| g.variant.as_str()))
            .and_then(|id| catalog.get(id))
            .map(|e| e.variant.description.as_str())
            .unwrap_or_default();
        // The whole description, wrapped at words: the list's line may have had to cut it.
        // Past two lines the second ends with an ellipsis, so a cut never reads as the end.
        let about_w = area.width.saturating_sub(2);
        let mut about = wrap_words(description, about_w);
        if about.len() > 2 {
            let rest = about.split_off(1).join(" ");
            about.push(fit_words(&rest, about_w, theme));
        }
        for line in about {
            put(buf, x, y, &line, about_w, theme.info());
            y += 1;
        }
        y = area.y + 2;
        if let Some(game) = self.selected_saved() {
            put(buf, x, y, "Saved", 8, theme.heading());
            let text = format!(
                "{} ({} rules): Enter continues it, x deletes it",
                game.code, game.rules
            );
            put(buf, value_x, y, &text, room, Style::default());
            y += 1;
        }
        if let Some(entry) = self
            .selected_variant(catalog)
            .and_then(|id| catalog.get(id))
        {
            if entry.rules.len() > 1 {
                let choice = &entry.rules[self
                    .rules_index(catalog, &entry.variant.id)
                    .min(entry.rules.len() - 1)];
                put(buf, x, y, "Rules", 8, theme.heading());
                let (l, r) = if theme.ascii {
                    ("<", ">")
                } else {
                    ("◀", "▶")
                };
                let name = format!("{l} {} {r}", choice.name);
                put(buf, value_x, y, &name, room, theme.selected());
                let dx = value_x + name.chars().count() as u16 + 2;
                let room = area.right().saturating_sub(dx + 1);
                put(
                    buf,
                    dx,
                    y,
                    &fit_words(&choice.description, room, theme),
                    room,
                    theme.dim(),
                );
                y += 1;
            }
        }
        put(buf, x, y, "Code", 8, theme.heading());
        match &self.code {
            Some(code) => {
                let cursor = if theme.ascii { "_" } else { "█" };
                put(
                    buf,
                    value_x,
                    y,
                    &format!("{code}{cursor}"),
                    room,
                    theme.selected(),
                );
            }
            None => put(
                buf,
                value_x,
                y,
                "a new deal (c: a game code or a deal number)",
                room,
                theme.dim(),
            ),
        }
        y += 1;
        let tick = |on: bool| if on { "[x]" } else { "[ ]" };
        let options = format!(
            "f {} four colours  p {} auto-place on drop  e {} dead-end notice",
            tick(self.settings.four_colour),
            tick(self.settings.auto_place),
            tick(self.settings.stuck_notice)
        );
        put(buf, x, y, "Options", 8, theme.heading());
        put(buf, value_x, y, &options, room, Style::default());
        y = area.y + DETAILS - 1;
        if let Some(note) = &self.note {
            let style = if note.error {
                theme.error()
            } else {
                theme.info()
            };
            // A note too long for the line (a refused code and the game's own examples) goes
            // on over the free row above it, never cut mid-word.
            let width = area.width.saturating_sub(2);
            let mut lines = wrap_words(&note.text, width);
            if lines.len() > usize::from(NOTE_ROWS) {
                let rest = lines.split_off(usize::from(NOTE_ROWS) - 1).join(" ");
                lines.push(fit_words(&rest, width, theme));
            }
            let first = y + 1 - lines.len() as u16;
            for (i, line) in lines.iter().enumerate() {
                put(buf, x, first + i as u16, line, width, style);
            }
        } else if let Some(game) = self
            .selected_variant(catalog)
            .and_then(|id| self.saved.iter().find(|g| g.variant == id))
        {
            let text = format!(
                "In progress: {} (Enter asks whether to continue it or start anew)",
                game.code
            );
            put(buf, x, y, &text, area.width.saturating_sub(1), theme.info());
        } else if let Some(err) = catalog.errors().first() {
            let first = err.to_string();
            let first = first.lines().next().unwrap_or_default();
            let text = format!(
                "{} variant file(s) did not load (felt variants tells why): {first}",
                catalog.errors().len()
            );
            let text = fit_words(&text, area.width.saturating_sub(2), theme);
            put(
                buf,
                x,
                y,
                &text,
                area.width.saturating_sub(1),
                theme.error(),
            );
        }
    }
}

fn capitalised(id: &str) -> String {
    let mut chars = id.chars();
    match chars.next() {
        Some(c) => c.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// A saved game's line: its code, moves and age.
/// The cells a saved game's code, moves and start keep beside its name where the screen
/// allows: the code whole.
const ABOUT_MIN: u16 = 18;

/// The name of a saved game's variant, or its id where the catalog no longer has it.
fn saved_name<'c>(catalog: &'c Catalog, game: &'c crate::records::SavedGame) -> &'c str {
    catalog
        .get(&game.variant)
        .map_or(game.variant.as_str(), |e| e.variant.name.as_str())
}

fn about(game: &crate::records::SavedGame, theme: &Theme) -> String {
    let moves = if game.moves == 1 { "move" } else { "moves" };
    let sep = theme.separator();
    format!(
        "{}{sep}{} {moves}{sep}{}",
        game.code, game.moves, game.started
    )
}

/// `text` in `width` columns, cut after a whole word with an ellipsis when it does not fit.
pub(crate) fn fit_words(text: &str, width: u16, theme: &Theme) -> String {
    let width = usize::from(width);
    if text.chars().count() <= width {
        return text.to_string();
    }
    let ellipsis = if theme.ascii { "..." } else { "…" };
    let room = width.saturating_sub(ellipsis.chars().count());
    let mut out = String::new();
    for word in text.split(' ') {
        let need = out.chars().count() + usize::from(!out.is_empty()) + word.chars().count();
        if need > room {
            break;
        }
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(word);
    }
    // A separator left last ("·") says nothing before the ellipsis.
    while let Some((head, last)) = out.rsplit_once(' ') {
        if last.chars().any(char::is_alphanumeric) {
            break;
        }
        out = head.to_string();
    }
    let out = out.trim_end_matches([',', ';', ':']).to_string();
    if out.is_empty() {
        return String::new();
    }
    out + ellipsis
}

/// `text` broken into lines of at most `width` columns at spaces (a word longer than a line
/// is cut).
pub(crate) fn wrap_words(text: &str, width: u16) -> Vec<String> {
    let width = usize::from(width.max(1));
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        let len = line.chars().count();
        if len > 0 && len + 1 + word.chars().count() > width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}
