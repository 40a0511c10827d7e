//! The launcher: the games in progress to continue, every variant of the catalog grouped by
//! ruleset, the rules choice, a game code to replay, display options; it remembers the last
//! choice.

use crate::game::{GameSetup, Note, Seeds};
use crate::hit::{HitMap, Target};
use crate::input::{Mode, MouseKind, Msg};
use crate::records::SavedGame;
use crate::settings::Settings;
use felt_core::{Catalog, GameCode};
use std::path::PathBuf;

mod rows;
mod setup;

use rows::rows;
pub(crate) use rows::Row;
use setup::not_a_code;
pub use setup::{setup_code, setup_deal, setup_variant};

/// A window over the launcher's list.
pub(crate) enum Overlay {
    /// The help, scrolled this many lines down.
    Help {
        /// Lines scrolled.
        scroll: u16,
    },
    /// A new game was asked for while `saved` (an index in the saved games) of its variant is
    /// in progress: continue it, replace it, keep both, or cancel.
    NewGame {
        /// The game in progress the question names, the variant's newest.
        saved: usize,
        /// The new game, dealt already.
        setup: GameSetup,
    },
    /// Deleting `saved` (an index in the saved games) was asked for: yes or no.
    Delete {
        /// The game to delete.
        saved: usize,
    },
}

/// What the launcher asks of the app.
pub enum LauncherEffect {
    /// Nothing.
    None,
    /// Leave the app.
    Quit,
    /// Start this game. `give_up`: the games in progress the player chose to give up for
    /// it, which count as lost at once; every other one stays in progress.
    Start {
        /// The game.
        setup: GameSetup,
        /// The saved games' ids given up.
        give_up: Vec<i64>,
    },
    /// Continue this game in progress.
    Resume(SavedGame),
    /// Open the statistics.
    Stats,
    /// Open the settings screen.
    Options,
    /// Delete these saved games (by id): they are given up, counted as lost.
    Delete(Vec<i64>),
}

/// The launcher's state.
pub struct Launcher {
    pub(crate) rows: Vec<Row>,
    pub(crate) saved: Vec<SavedGame>,
    pub(crate) selected: usize,
    pub(crate) code: Option<String>,
    pub(crate) note: Option<Note>,
    pub(crate) settings: Settings,
    settings_path: Option<PathBuf>,
    pub(crate) hits: HitMap,
    pub(crate) top: usize,
    pub(crate) overlay: Option<Overlay>,
    /// How far the help can scroll, as last drawn.
    pub(crate) help_max: u16,
    /// Lines of the list the last drawing showed, for a page up or down.
    pub(crate) page: usize,
    /// Whether games in progress were offered before: the first offer selects one.
    offered: bool,
}

impl Launcher {
    /// A launcher over `catalog`, remembering through the file at `settings_path` (none: forget).
    pub fn new(
        catalog: &Catalog,
        mut settings: Settings,
        settings_path: Option<PathBuf>,
    ) -> Launcher {
        adopt_aliases(&mut settings, catalog);
        let rows = rows(catalog, &[]);
        let selected = settings
            .last_variant
            .as_deref()
            .and_then(|id| {
                let id = catalog.canonical(id);
                catalog.variants().iter().position(|e| e.variant.id == id)
            })
            .and_then(|v| rows.iter().position(|r| *r == Row::Variant(v)))
            .or_else(|| rows.iter().position(|r| matches!(r, Row::Variant(_))))
            .unwrap_or(0);
        Launcher {
            rows,
            saved: Vec::new(),
            selected,
            code: None,
            note: None,
            settings,
            settings_path,
            hits: HitMap::default(),
            top: 0,
            overlay: None,
            help_max: 0,
            page: 10,
            offered: false,
        }
    }

    /// Selects variant `id` when no game was chosen before: the game a newcomer most likely
    /// wants, which the host names (this crate knows no game).
    pub fn prefer(&mut self, catalog: &Catalog, id: &str) {
        let known = self
            .settings
            .last_variant
            .as_deref()
            .is_some_and(|last| catalog.get(last).is_some());
        if !known {
            self.select_row(catalog, id, false);
        }
    }

    /// Remembers `id` as the variant played last, so the launcher opens on it next time.
    pub(crate) fn remember(&mut self, id: &str) {
        if self.settings.last_variant.as_deref() != Some(id) {
            self.settings.last_variant = Some(id.to_string());
            self.save();
        }
    }

    /// Offers `saved` to continue, above the variants, keeping the selected line selected.
    pub fn set_saved(&mut self, catalog: &Catalog, saved: Vec<SavedGame>) {
        let keep = match self.rows.get(self.selected) {
            Some(Row::Continue(i)) => self.saved.get(*i).map(|g| (true, g.variant.clone())),
            Some(Row::Variant(i)) => catalog
                .variants()
                .get(*i)
                .map(|e| (false, e.variant.id.clone())),
            _ => None,
        };
        self.rows = rows(catalog, &saved);
        self.saved = saved;
        // A returning player sees their games in progress first, whatever they played last:
        // the last game's own, else the newest, selected with the list scrolled to the top.
        let first = !std::mem::replace(&mut self.offered, true) && !self.saved.is_empty();
        if let Some((resume, id)) = keep {
            self.select_row(catalog, &id, resume || first);
        }
        if first {
            if self.selected_saved().is_none() {
                if let Some(row) = self.rows.iter().position(|r| *r == Row::Continue(0)) {
                    self.selected = row;
                }
            }
            self.top = 0;
        }
        if !matches!(
            self.rows.get(self.selected),
            Some(Row::Variant(_) | Row::Continue(_))
        ) {
            self.step(1);
        }
    }

    /// The games in progress offered to continue.
    pub fn saved(&self) -> &[SavedGame] {
        &self.saved
    }

    /// The saved game selected, if a "Continue" line is.
    pub fn selected_saved(&self) -> Option<&SavedGame> {
        match self.rows.get(self.selected) {
            Some(Row::Continue(i)) => self.saved.get(*i),
            _ => None,
        }
    }

    /// Which keymap is in force.
    pub fn mode(&self) -> Mode {
        match (&self.overlay, &self.code) {
            (Some(Overlay::Help { .. }), _) => Mode::Help,
            (Some(Overlay::NewGame { .. }), _) => Mode::NewGame,
            (Some(Overlay::Delete { .. }), _) => Mode::Confirm,
            (None, Some(_)) => Mode::CodeEntry,
            (None, None) => Mode::Launcher,
        }
    }

    /// Whether the new-game question is asked.
    pub fn asking(&self) -> bool {
        matches!(self.overlay, Some(Overlay::NewGame { .. }))
    }

    /// Shows a message under the list (an error or news).
    pub fn set_note(&mut self, text: String, error: bool) {
        self.note = Some(Note {
            text,
            error,
            rule: None,
        });
    }

    /// The message shown, if any.
    pub fn note(&self) -> Option<&Note> {
        self.note.as_ref()
    }

    /// Selects variant `id`: its game in progress if it has one, else its line of the list.
    pub fn select(&mut self, catalog: &Catalog, id: &str) {
        self.select_row(catalog, id, true);
    }

    /// Selects the "Continue" line of variant `id` (when `resume` and it has one), else its
    /// variant line.
    fn select_row(&mut self, catalog: &Catalog, id: &str, resume: bool) {
        let saved = self.saved.iter().position(|g| g.variant == id);
        if let Some(row) = saved
            .filter(|_| resume)
            .and_then(|g| self.rows.iter().position(|r| *r == Row::Continue(g)))
        {
            self.selected = row;
            return;
        }
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
    pub(crate) fn rules_index(&self, catalog: &Catalog, id: &str) -> usize {
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
        match self.overlay.take() {
            Some(Overlay::Help { scroll }) => {
                self.update_help(scroll, msg);
                return LauncherEffect::None;
            }
            Some(Overlay::NewGame { saved, setup }) => return self.answer(saved, setup, msg),
            Some(Overlay::Delete { saved }) => {
                return match (msg, self.saved.get(saved)) {
                    (Msg::Yes, Some(game)) => {
                        let text = format!("Deleted the saved game {}", game.code);
                        let effect = LauncherEffect::Delete(vec![game.id]);
                        self.set_note(text, false);
                        effect
                    }
                    (Msg::No | Msg::Cancel | Msg::Back, _) | (_, None) => LauncherEffect::None,
                    (Msg::Quit, _) => LauncherEffect::Quit,
                    _ => {
                        self.overlay = Some(Overlay::Delete { saved });
                        LauncherEffect::None
                    }
                };
            }
            None => {}
        }
        if msg == Msg::Redraw {
            return LauncherEffect::None;
        }
        // A message was read once the player does anything: it does not linger over what
        // they do next (a bad code's error is gone as they correct it).
        self.note = None;
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
            Msg::PageUp => self.jump(-(self.page.max(2) as i32 - 1)),
            Msg::PageDown => self.jump(self.page.max(2) as i32 - 1),
            Msg::First => {
                self.top = 0;
                self.step_from(-1, 1);
            }
            Msg::Last => {
                self.step_from(self.rows.len() as i32, -1);
            }
            Msg::Left => self.cycle_rules(catalog, -1),
            Msg::Right => self.cycle_rules(catalog, 1),
            Msg::Help => self.overlay = Some(Overlay::Help { scroll: 0 }),
            Msg::EditCode => self.code = Some(String::new()),
            Msg::ToggleFourColour => {
                self.settings.four_colour = !self.settings.four_colour;
                self.save();
            }
            Msg::ToggleAutoPlace => {
                self.settings.auto_place = !self.settings.auto_place;
                self.save();
            }
            Msg::ToggleStuckNotice => {
                self.settings.stuck_notice = !self.settings.stuck_notice;
                self.save();
            }
            Msg::Start => return self.start_selected(catalog, seeds),
            Msg::Delete => match self.rows.get(self.selected) {
                Some(Row::Continue(i)) => self.overlay = Some(Overlay::Delete { saved: *i }),
                _ => self.set_note(
                    "Only a saved game, under Continue, can be deleted".into(),
                    true,
                ),
            },
            Msg::Stats => return LauncherEffect::Stats,
            Msg::Options => return LauncherEffect::Options,
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

    fn update_help(&mut self, scroll: u16, msg: Msg) {
        let max = self.help_max;
        let scroll = match msg {
            Msg::Up => scroll.saturating_sub(1),
            Msg::Down => scroll.saturating_add(1).min(max),
            Msg::PageUp => scroll.saturating_sub(10),
            Msg::PageDown => scroll.saturating_add(10).min(max),
            Msg::First => 0,
            Msg::Last => max,
            Msg::Cancel | Msg::Help => return,
            _ => scroll,
        };
        self.overlay = Some(Overlay::Help { scroll });
    }

    /// The player's answer to the new-game question.
    fn answer(&mut self, saved: usize, setup: GameSetup, msg: Msg) -> LauncherEffect {
        let Some(game) = self.saved.get(saved).cloned() else {
            return LauncherEffect::None;
        };
        match msg {
            Msg::Yes => LauncherEffect::Resume(game),
            Msg::NewGame => self.started(setup, vec![game.id]),
            Msg::Keep => self.started(setup, Vec::new()),
            Msg::Cancel | Msg::Back => LauncherEffect::None,
            Msg::Quit => LauncherEffect::Quit,
            _ => {
                self.overlay = Some(Overlay::NewGame { saved, setup });
                LauncherEffect::None
            }
        }
    }

    fn started(&mut self, setup: GameSetup, give_up: Vec<i64>) -> LauncherEffect {
        let id = setup.ruleset.info().variant.clone();
        self.remember(&id);
        LauncherEffect::Start { setup, give_up }
    }

    /// Moves the selection `by` lines, stopping at the ends, onto a line that can be chosen.
    fn jump(&mut self, by: i32) {
        let last = self.rows.len().saturating_sub(1) as i32;
        let target = (self.selected as i32 + by).clamp(0, last);
        let dir = if by < 0 { -1 } else { 1 };
        if !self.step_from(target - dir, dir) {
            // Nothing choosable from the target on that way: take the nearest one back.
            self.step_from(target + dir, -dir);
        }
    }

    /// Selects the first choosable line after `from` going `dir`; false when there is none.
    fn step_from(&mut self, from: i32, dir: i32) -> bool {
        let mut i = from;
        loop {
            i += dir;
            match usize::try_from(i).ok().and_then(|u| self.rows.get(u)) {
                Some(Row::Variant(_) | Row::Continue(_)) => {
                    self.selected = i as usize;
                    return true;
                }
                Some(Row::Heading(..) | Row::Gap) => continue,
                None => return false,
            }
        }
    }

    fn step(&mut self, dir: i32) {
        let mut i = self.selected as i32;
        loop {
            i += dir;
            match usize::try_from(i).ok().and_then(|u| self.rows.get(u)) {
                Some(Row::Variant(_) | Row::Continue(_)) => {
                    self.selected = i as usize;
                    return;
                }
                Some(Row::Heading(..) | Row::Gap) => continue,
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

    /// Writes the settings to their file; a failure is the launcher's message.
    pub(crate) fn save(&mut self) {
        if let Some(path) = &self.settings_path {
            if let Err(e) = self.settings.save(path) {
                self.note = Some(Note {
                    text: e.to_string(),
                    error: true,
                    rule: None,
                });
            }
        }
    }

    fn start_selected(&mut self, catalog: &Catalog, seeds: &mut Seeds) -> LauncherEffect {
        if let Some(game) = self.selected_saved() {
            return LauncherEffect::Resume(game.clone());
        }
        let Some(id) = self.selected_variant(catalog).map(str::to_string) else {
            return LauncherEffect::None;
        };
        let rules = catalog
            .get(&id)
            .and_then(|e| e.rules.get(self.rules_index(catalog, &id)))
            .map(|c| c.id.clone());
        match setup_variant(catalog, &id, rules.as_deref(), seeds.next_shuffle()) {
            Ok(setup) => {
                // The saved games come newest first within a variant: the first is the one
                // the question names.
                if let Some(saved) = self.saved.iter().position(|g| g.variant == id) {
                    self.overlay = Some(Overlay::NewGame { saved, setup });
                    return LauncherEffect::None;
                }
                self.started(setup, Vec::new())
            }
            Err(e) => {
                self.set_note(e, true);
                LauncherEffect::None
            }
        }
    }

    fn start_code(&mut self, catalog: &Catalog) -> LauncherEffect {
        let text = self.code.clone().unwrap_or_default();
        let selected = self.selected_variant(catalog).map(|id| {
            let rules = catalog
                .get(id)
                .and_then(|e| e.rules.get(self.rules_index(catalog, id)))
                .map(|c| c.id.clone());
            (id.to_string(), rules)
        });
        let setup = match (&selected, text.parse::<u64>()) {
            // A number is a deal of the selected game, in its own numbering (a game dealing
            // numbered deals shows the number on its status bar as "Deal #…").
            (Some((id, rules)), Ok(deal)) => setup_deal(catalog, id, rules.as_deref(), deal),
            (selected, _) => setup_code(catalog, &text).map_err(|e| match selected {
                Some((id, rules)) if GameCode::parse(&text).is_err() => {
                    not_a_code(catalog, &text, id, rules.as_deref()).unwrap_or(e)
                }
                _ => e,
            }),
        };
        match setup {
            Ok(setup) => {
                self.code = None;
                LauncherEffect::Start {
                    setup,
                    give_up: Vec::new(),
                }
            }
            Err(e) => {
                self.set_note(e, true);
                LauncherEffect::None
            }
        }
    }
}

/// Moves rules choices remembered under a variant's former id (an alias in its file) to the
/// id it has now, unless one was remembered under the new id too; the last variant likewise.
fn adopt_aliases(settings: &mut Settings, catalog: &Catalog) {
    let old: Vec<String> = settings
        .rules
        .keys()
        .filter(|id| catalog.canonical(id) != id.as_str())
        .cloned()
        .collect();
    for id in old {
        let now = catalog.canonical(&id).to_string();
        if let Some(rules) = settings.rules.remove(&id) {
            settings.rules.entry(now).or_insert(rules);
        }
    }
    if let Some(last) = &settings.last_variant {
        settings.last_variant = Some(catalog.canonical(last).to_string());
    }
}
