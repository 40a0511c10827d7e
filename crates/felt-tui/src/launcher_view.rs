//! The launcher's screen: the list, the details of the selected line, the key bar.

use crate::hit::Target;
use crate::input::{key_bar, LAUNCHER_KEYS};
use crate::launcher::{Launcher, Row};
use crate::paint::{fill, put, screen_title};
use crate::theme::Theme;
use felt_core::Catalog;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;

impl Launcher {
    /// Draws the launcher over `area`.
    pub fn draw(&mut self, catalog: &Catalog, buf: &mut Buffer, area: Rect, theme: &Theme) {
        self.hits.clear();
        fill(buf, area, ' ', Style::default());
        let w = area.width;
        screen_title(buf, area, "· choose a game", theme);
        let details_h = 5;
        // The details follow the list closely; a long list scrolls.
        let room = area.height.saturating_sub(3 + details_h + 1);
        let list = Rect::new(area.x, area.y + 2, w, room.min(self.rows.len() as u16));
        self.draw_list(catalog, buf, list, theme);
        let details = Rect::new(area.x, list.bottom() + 1, w, details_h);
        self.draw_details(catalog, buf, details, theme);
        let bar = Rect::new(area.x, area.bottom().saturating_sub(1), w, 1);
        let keys = match self.code {
            Some(_) => "type the code  Enter play  Backspace erase  Esc cancel".to_string(),
            None => key_bar(LAUNCHER_KEYS),
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
    }

    fn draw_list(&mut self, catalog: &Catalog, buf: &mut Buffer, list: Rect, theme: &Theme) {
        let height = usize::from(list.height);
        if height == 0 {
            return;
        }
        if self.selected < self.top {
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
                    put(
                        buf,
                        x,
                        y,
                        &format!("· {description}"),
                        list.right().saturating_sub(x),
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
                    put(
                        buf,
                        x,
                        y,
                        &entry.variant.description,
                        list.right().saturating_sub(x),
                        theme.dim(),
                    );
                    self.hits
                        .push(Rect::new(list.x, y, list.width, 1), Target::Row(r));
                }
                Row::Continue(i) => {
                    let Some(game) = self.saved.get(*i) else {
                        continue;
                    };
                    let name = catalog
                        .get(&game.variant)
                        .map_or(game.variant.as_str(), |e| e.variant.name.as_str());
                    let selected = r == self.selected;
                    let (mark, style) = if selected {
                        (theme.select_mark(), theme.selected())
                    } else {
                        ("  ", Style::default())
                    };
                    put(buf, list.x + 1, y, mark, 2, theme.cursor());
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
                    let moves = if game.moves == 1 { "move" } else { "moves" };
                    let about = format!(
                        "{} {moves}{}started {}",
                        game.moves,
                        theme.separator(),
                        game.started
                    );
                    put(
                        buf,
                        x,
                        y,
                        &about,
                        list.right().saturating_sub(x),
                        theme.dim(),
                    );
                    self.hits
                        .push(Rect::new(list.x, y, list.width, 1), Target::Row(r));
                }
            }
        }
    }

    fn draw_details(&self, catalog: &Catalog, buf: &mut Buffer, area: Rect, theme: &Theme) {
        let x = area.x + 1;
        let value_x = x + 9;
        let room = area.right().saturating_sub(value_x);
        let mut y = area.y;
        if let Some(game) = self.selected_saved() {
            put(buf, x, y, "Saved", 8, theme.heading());
            let text = format!(
                "{} ({} rules): Enter continues it, undo and all",
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
                put(
                    buf,
                    dx,
                    y,
                    &choice.description,
                    area.right().saturating_sub(dx),
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
                "a new deal (c: replay a deal by its code)",
                room,
                theme.dim(),
            ),
        }
        y += 1;
        let tick = |on: bool| if on { "[x]" } else { "[ ]" };
        let options = format!(
            "{} four-colour deck  {} auto-place on drop  {} dead-end notice (e)",
            tick(self.settings.four_colour),
            tick(self.settings.auto_place),
            tick(self.settings.stuck_notice)
        );
        put(buf, x, y, "Options", 8, theme.heading());
        put(buf, value_x, y, &options, room, Style::default());
        y += 2;
        if let Some(note) = &self.note {
            let style = if note.error {
                theme.error()
            } else {
                theme.info()
            };
            put(buf, x, y, &note.text, area.width.saturating_sub(1), style);
        } else if let Some(game) = self
            .selected_variant(catalog)
            .and_then(|id| self.saved.iter().find(|g| g.variant == id))
        {
            let text = format!(
                "A game of this variant is in progress ({}): it counts as lost once a new one is played.",
                game.code
            );
            put(buf, x, y, &text, area.width.saturating_sub(1), theme.info());
        } else if let Some(err) = catalog.errors().first() {
            let first = err.to_string();
            let first = first.lines().next().unwrap_or_default();
            let text = format!(
                "{} variant file(s) did not load: {first}",
                catalog.errors().len()
            );
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
