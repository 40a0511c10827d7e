//! The game's windows over the table: the help, a question to confirm, the finish window.

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
