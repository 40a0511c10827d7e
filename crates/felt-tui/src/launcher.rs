//! The launcher: every variant of the catalog grouped by ruleset, the rules choice, a game code
//! to replay, display options; it remembers the last choice.

use crate::game::{GameSetup, Note, Seeds};
use crate::hit::{HitMap, Target};
use crate::input::{key_bar, Mode, MouseKind, Msg, LAUNCHER_KEYS};
use crate::paint::{fill, put};
use crate::settings::Settings;
use crate::theme::Theme;
use felt_core::{Catalog, GameCode};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use std::path::PathBuf;

/// One line of the list.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Row {
    /// A ruleset's heading: its id and one-line description.
    Heading(String, String),
    /// A variant, by its index in the catalog.
    Variant(usize),
}

/// What the launcher asks of the app.
pub enum LauncherEffect {
    /// Nothing.
    None,
    /// Leave the app.
    Quit,
    /// Start this game.
    Start(GameSetup),
}

/// The launcher's state.
pub struct Launcher {
    rows: Vec<Row>,
    selected: usize,
    code: Option<String>,
    note: Option<Note>,
    pub(crate) settings: Settings,
    settings_path: Option<PathBuf>,
    hits: HitMap,
    top: usize,
}

impl Launcher {
    /// A launcher over `catalog`, remembering through the file at `settings_path` (none: forget).
    pub fn new(catalog: &Catalog, settings: Settings, settings_path: Option<PathBuf>) -> Launcher {
        let mut rows = Vec::new();
        for factory in catalog.rulesets() {
            let variants: Vec<usize> = catalog
                .variants()
                .iter()
                .enumerate()
                .filter(|(_, e)| e.variant.ruleset == factory.id())
                .map(|(i, _)| i)
                .collect();
            if variants.is_empty() {
                continue;
            }
            rows.push(Row::Heading(
                factory.id().to_string(),
                factory.description().to_string(),
            ));
            for i in variants {
                rows.push(Row::Variant(i));
            }
        }
        let selected = settings
            .last_variant
            .as_deref()
            .and_then(|id| catalog.variants().iter().position(|e| e.variant.id == id))
            .and_then(|v| rows.iter().position(|r| *r == Row::Variant(v)))
            .or_else(|| rows.iter().position(|r| matches!(r, Row::Variant(_))))
            .unwrap_or(0);
        Launcher {
            rows,
            selected,
            code: None,
            note: None,
            settings,
            settings_path,
            hits: HitMap::default(),
            top: 0,
        }
    }

    /// Which keymap is in force.
    pub fn mode(&self) -> Mode {
        if self.code.is_some() {
            Mode::CodeEntry
        } else {
            Mode::Launcher
        }
    }

    /// Shows a message under the list (an error or news).
    pub fn set_note(&mut self, text: String, error: bool) {
        self.note = Some(Note { text, error });
    }

    /// The message shown, if any.
    pub fn note(&self) -> Option<&Note> {
        self.note.as_ref()
    }

    /// Selects variant `id`, if the list has it.
    pub fn select(&mut self, catalog: &Catalog, id: &str) {
        let index = catalog.variants().iter().position(|e| e.variant.id == id);
        if let Some(row) = index.and_then(|v| self.rows.iter().position(|r| *r == Row::Variant(v)))
        {
            self.selected = row;
        }
    }

    /// The id of the variant selected.
    pub fn selected_variant<'c>(&self, catalog: &'c Catalog) -> Option<&'c str> {
        match self.rows.get(self.selected) {
            Some(Row::Variant(i)) => catalog.variants().get(*i).map(|e| e.variant.id.as_str()),
            _ => None,
        }
    }

    /// The rules chosen for variant `id`: remembered, else the variant's default.
    fn rules_index(&self, catalog: &Catalog, id: &str) -> usize {
        let Some(entry) = catalog.get(id) else {
            return 0;
        };
        self.settings
            .rules
            .get(id)
            .and_then(|r| entry.rules.iter().position(|c| &c.id == r))
            .unwrap_or(0)
    }

    /// Handles one message.
    pub fn update(&mut self, catalog: &Catalog, seeds: &mut Seeds, msg: Msg) -> LauncherEffect {
        if let Some(code) = &mut self.code {
            match msg {
                Msg::Char(c) if c.is_ascii_alphanumeric() || c == '-' => {
                    code.push(c.to_ascii_uppercase())
                }
                Msg::Backspace => {
                    code.pop();
                }
                Msg::Cancel => self.code = None,
                Msg::Start => return self.start_code(catalog),
                Msg::Quit => return LauncherEffect::Quit,
                _ => {}
            }
            return LauncherEffect::None;
        }
        match msg {
            Msg::Up => self.step(-1),
            Msg::Down => self.step(1),
            Msg::Left => self.cycle_rules(catalog, -1),
            Msg::Right => self.cycle_rules(catalog, 1),
            Msg::EditCode => {
                self.note = None;
                self.code = Some(String::new());
            }
            Msg::ToggleFourColour => {
                self.settings.four_colour = !self.settings.four_colour;
                self.save();
            }
            Msg::ToggleAutoPlace => {
                self.settings.auto_place = !self.settings.auto_place;
                self.save();
            }
            Msg::Start => return self.start_selected(catalog, seeds),
            Msg::Cancel => self.note = None,
            Msg::Back | Msg::Quit => return LauncherEffect::Quit,
            Msg::Mouse(m) => match (m.kind, self.hits.at(m.x, m.y)) {
                (MouseKind::Press, Some(Target::Row(r))) => self.selected = r,
                (MouseKind::DoubleClick, Some(Target::Row(r))) => {
                    self.selected = r;
                    return self.start_selected(catalog, seeds);
                }
                (MouseKind::ScrollUp, _) => self.step(-1),
                (MouseKind::ScrollDown, _) => self.step(1),
                _ => {}
            },
            _ => {}
        }
        LauncherEffect::None
    }

    fn step(&mut self, dir: i32) {
        let mut i = self.selected as i32;
        loop {
            i += dir;
            match usize::try_from(i).ok().and_then(|u| self.rows.get(u)) {
                Some(Row::Variant(_)) => {
                    self.selected = i as usize;
                    return;
                }
                Some(Row::Heading(..)) => continue,
                None => return,
            }
        }
    }

    fn cycle_rules(&mut self, catalog: &Catalog, dir: i32) {
        let Some(id) = self.selected_variant(catalog) else {
            return;
        };
        let Some(entry) = catalog.get(id) else {
            return;
        };
        let n = entry.rules.len() as i32;
        if n < 2 {
            return;
        }
        let next = (self.rules_index(catalog, id) as i32 + dir).rem_euclid(n) as usize;
        self.settings
            .rules
            .insert(id.to_string(), entry.rules[next].id.clone());
        self.save();
    }

    fn save(&mut self) {
        if let Some(path) = &self.settings_path {
            if let Err(e) = self.settings.save(path) {
                self.note = Some(Note {
                    text: e.to_string(),
                    error: true,
                });
            }
        }
    }

    fn start_selected(&mut self, catalog: &Catalog, seeds: &mut Seeds) -> LauncherEffect {
        let Some(id) = self.selected_variant(catalog).map(str::to_string) else {
            return LauncherEffect::None;
        };
        let rules = catalog
            .get(&id)
            .and_then(|e| e.rules.get(self.rules_index(catalog, &id)))
            .map(|c| c.id.clone());
        match setup_variant(catalog, &id, rules.as_deref(), seeds.next_shuffle()) {
            Ok(setup) => {
                self.settings.last_variant = Some(id);
                self.save();
                LauncherEffect::Start(setup)
            }
            Err(e) => {
                self.set_note(e, true);
                LauncherEffect::None
            }
        }
    }

    fn start_code(&mut self, catalog: &Catalog) -> LauncherEffect {
        let text = self.code.clone().unwrap_or_default();
        match setup_code(catalog, &text) {
            Ok(setup) => {
                self.code = None;
                LauncherEffect::Start(setup)
            }
            Err(e) => {
                self.set_note(e, true);
                LauncherEffect::None
            }
        }
    }

    /// Draws the launcher over `area`.
    pub fn draw(&mut self, catalog: &Catalog, buf: &mut Buffer, area: Rect, theme: &Theme) {
        self.hits.clear();
        fill(buf, area, ' ', Style::default());
        let w = area.width;
        put(buf, area.x + 1, area.y, "felt", w, theme.heading());
        put(
            buf,
            area.x + 6,
            area.y,
            "· choose a game",
            w.saturating_sub(6),
            theme.dim(),
        );
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
            }
        }
    }

    fn draw_details(&self, catalog: &Catalog, buf: &mut Buffer, area: Rect, theme: &Theme) {
        let x = area.x + 1;
        let value_x = x + 9;
        let room = area.right().saturating_sub(value_x);
        let mut y = area.y;
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
            "{} four-colour deck   {} auto-place on drop",
            tick(self.settings.four_colour),
            tick(self.settings.auto_place)
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

/// A game of variant `id` with `rules` (default when none), dealt from `shuffle`.
pub fn setup_variant(
    catalog: &Catalog,
    id: &str,
    rules: Option<&str>,
    shuffle: u64,
) -> Result<GameSetup, String> {
    let (entry, choice) = catalog.choose(id, rules).map_err(|e| e.to_string())?;
    let undo_depth = entry.variant.undo_depth;
    let rules = choice.id.clone();
    let code = catalog
        .code_for(id, Some(&rules), shuffle)
        .map_err(|e| e.to_string())?;
    let ruleset = catalog.build(id, Some(&rules)).map_err(|e| e.to_string())?;
    Ok(GameSetup {
        ruleset,
        code,
        undo_depth,
    })
}

/// The game a code names.
pub fn setup_code(catalog: &Catalog, text: &str) -> Result<GameSetup, String> {
    let code = GameCode::parse(text).map_err(|e| e.to_string())?;
    let (entry, choice) = catalog.resolve(&code).map_err(|e| e.to_string())?;
    let ruleset = catalog
        .build(&entry.variant.id, Some(&choice.id))
        .map_err(|e| e.to_string())?;
    Ok(GameSetup {
        ruleset,
        code,
        undo_depth: entry.variant.undo_depth,
    })
}
