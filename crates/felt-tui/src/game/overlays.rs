//! The game's windows over the table: the help, the ruleset's pages, a question to confirm,
//! the finish window.

use super::*;

impl Game {
    pub(super) fn update_help(&mut self, scroll: u16, msg: Msg) -> Effect {
        let max = self.help_lines;
        let scroll = match msg {
            Msg::Up => scroll.saturating_sub(1),
            Msg::Down => scroll.saturating_add(1).min(max),
            Msg::PageUp => scroll.saturating_sub(10),
            Msg::PageDown => scroll.saturating_add(10).min(max),
            Msg::First => 0,
            Msg::Last => max,
            Msg::Mouse(m) if m.kind == crate::input::MouseKind::ScrollUp => {
                scroll.saturating_sub(3)
            }
            Msg::Mouse(m) if m.kind == crate::input::MouseKind::ScrollDown => {
                scroll.saturating_add(3).min(max)
            }
            Msg::Cancel => {
                self.overlay = None;
                return Effect::None;
            }
            _ => scroll,
        };
        self.overlay = Some(Overlay::Help { scroll });
        Effect::None
    }

    /// Scrolls or closes a sheet; closing it over a finished game shows the finish screen.
    pub(super) fn update_sheet(&mut self, key: char, scroll: u16, msg: Msg) -> Effect {
        self.overlay = match crate::pages::scroll_sheet(scroll, self.help_lines, msg) {
            Some(scroll) => Some(Overlay::Sheet { key, scroll }),
            None => (self.status != Status::Playing).then_some(Overlay::Finish),
        };
        Effect::None
    }

    /// Opens a sheet the view asks to be read now (a hand just scored).
    pub(super) fn open_sheet_asked(&mut self) {
        if let Some(key) = crate::pages::asked_sheet(&self.view) {
            self.overlay = Some(Overlay::Sheet { key, scroll: 0 });
        }
    }

    /// A key the host does not bind: a page of the ruleset's, one of its own actions, or a
    /// word that it does nothing.
    pub(crate) fn other_key(&mut self, c: char) {
        if crate::pages::sheet(&self.view, c).is_some() {
            self.overlay = Some(Overlay::Sheet { key: c, scroll: 0 });
        } else if !self.extra_key(c) {
            let name = self.session.ruleset().info().name.clone();
            self.error(format!("{c} does nothing in {name}: ? lists its keys"));
        }
    }

    pub(super) fn update_confirm(&mut self, pending: Pending, msg: Msg) -> Effect {
        match msg {
            Msg::Yes => {
                self.overlay = None;
                match pending {
                    Pending::Leave => return Effect::Back,
                    Pending::NewGame => self.new_game(true),
                    Pending::Restart => self.restart(),
                    Pending::Choose(option) => {
                        self.act(Action::Choose { option });
                    }
                }
            }
            Msg::No => self.overlay = None,
            _ => {}
        }
        Effect::None
    }

    pub(super) fn update_finish(&mut self, msg: Msg) -> Effect {
        if !self.offered(msg) {
            return Effect::None;
        }
        match msg {
            // The game is over: nothing is left unfinished.
            Msg::NewGame => self.new_game(false),
            Msg::Restart => self.restart(),
            Msg::Undo => self.undo(),
            Msg::ShowCode => return self.show_code(),
            Msg::Cancel => self.overlay = None,
            Msg::Back => return Effect::Back,
            Msg::Char(c) => self.other_key(c),
            _ => {}
        }
        Effect::None
    }

    pub(super) fn confirm_or(&mut self, pending: Pending) {
        if self.in_progress() {
            self.overlay = Some(Overlay::Confirm(pending));
        } else if pending == Pending::NewGame {
            // No move made, or the game over: nothing to give up.
            self.new_game(false);
        } else {
            self.restart();
        }
    }
}
