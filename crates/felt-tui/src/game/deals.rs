//! Which deal the table plays: a fresh deal of the same game, the same deal again from its
//! start, a game set up from a position file, and the code or position that names it.

use super::*;

impl Game {
    /// A fresh deal of the same variant and rules; `abandon` when the game left is given up
    /// unfinished (the player confirmed it), so its record says so at once.
    pub(crate) fn new_game(&mut self, abandon: bool) {
        let old = self.session.code().clone();
        let shuffle = self
            .session
            .ruleset()
            .pick_shuffle(self.seeds.next_shuffle());
        let code = GameCode::new(&old.variant, old.rules, shuffle).unwrap_or(old);
        self.session = Session::new(self.session.ruleset().clone(), code, self.undo_depth);
        // The game left keeps its time in its record; the new one starts from nothing.
        self.left = Some(Left {
            time: self.clock.shown(),
            abandoned: abandon,
        });
        self.clock = crate::clock::GameClock::default();
        self.assisted = false;
        // The bests of the game left may be beaten by it: the app asks again for this deal.
        self.bests = None;
        self.bests_asked = false;
        // A fresh deal is the deal its code names, whatever the last game started from.
        self.position = None;
        self.hints.new_deal();
        self.deal += 1;
        self.note = None;
        self.refresh();
    }

    /// `R`: this deal again from its start.
    pub(super) fn restart(&mut self) {
        self.session.restart();
        self.note = None;
        self.refresh();
    }

    /// Marks this game as set up from a position file: the table names the file, not the
    /// code (which deals another game), and `c` copies the position.
    pub fn set_position(&mut self, position: Option<PositionSource>) {
        self.position = position;
    }

    /// What the message line and the finish screen call this game: its code, or for a game
    /// from a position file `position: FILE`.
    pub(crate) fn code_label(&self) -> String {
        match &self.position {
            Some(p) => format!("position: {}", p.file),
            None => self.session.code().to_string(),
        }
    }

    /// `c`: the game's code, or the position it stands at, copied.
    pub(super) fn show_code(&mut self) -> Effect {
        if let Some(p) = &self.position {
            // The position as it stands now, when the ruleset writes positions; else the file.
            let text = self
                .session
                .ruleset()
                .export_position(self.session.state())
                .unwrap_or_else(|| p.text.clone());
            self.note = Some(Note {
                text: format!("Position of {} copied to the clipboard", p.file),
                error: false,
                rule: None,
            });
            return Effect::Copy(text);
        }
        let code = self.session.code().to_string();
        self.note = Some(Note {
            text: format!("Game code {code} (copied to the clipboard)"),
            error: false,
            rule: None,
        });
        Effect::Copy(code)
    }
}
