//! The help the table gives: hints (`H`), the demo (`p`), the live status (`w`) and the
//! dead-end notice, wired into the game. Each keeps its own state (`analysis.rs`, `demo.rs`);
//! here they meet the session, the cursor and the message line.

use super::*;
use crate::analysis::{hides_cards, STUCK_NOTE, THINKING};
use crate::demo::{Step, STARTED};
use felt_core::Advice;

impl Game {
    /// `H`: the advisor's hint, shown with its source under the cursor and its target marked;
    /// again for the next best. A hint the kept plan holds is shown at once; any other is
    /// searched on a background thread and [`Self::tick`] shows it.
    pub(crate) fn hint(&mut self) {
        if self.hints.searching() {
            // Already searching this table: the answer is on its way.
            return;
        }
        match self.hints.ask(&self.session) {
            Some(advice) => self.show_advice(advice),
            None => self.tell(THINKING.to_string()),
        }
    }

    /// Whether a hint is still being searched for the table on show.
    pub fn hint_pending(&self) -> bool {
        self.hints.searching()
    }

    /// The table changed: a hint searched for the old one is dropped unseen.
    pub(crate) fn forget_hint_search(&mut self) {
        if self.hints.forget_search() && self.note.as_ref().is_some_and(|n| n.text == THINKING) {
            self.note = None;
        }
    }

    /// Shows a finished hint search's answer; true when the screen changed.
    fn poll_hint(&mut self) -> bool {
        let Some(advice) = self.hints.poll() else {
            return false;
        };
        self.show_advice(advice);
        true
    }

    /// A hint for the player to see, or for the demo to play.
    fn show_advice(&mut self, advice: Advice) {
        // A search of a ruleset that stopped meanwhile found only its stand-in answers.
        if self.session.ruleset().stopped().is_some() {
            if self.demo.is_some() {
                self.stop_demo("Demo stopped");
            }
            self.tell_stopped();
            return;
        }
        if self.demo.is_some() {
            self.demo_plays(advice);
            return;
        }
        let text = match advice {
            Advice::Hint(hint) => {
                let a = hint.action;
                if let Action::Move { from, index, .. } = a {
                    self.cursor = (from, index);
                }
                let text = format!("Hint: {}", self.describe(&a));
                self.hints.show(a);
                text
            }
            Advice::Nothing => "Hint: no helpful move found".to_string(),
            Advice::NotOffered => "no hint available".to_string(),
        };
        self.tell(text);
    }

    /// `w`: the live status on or off, saying plainly that it peeks.
    pub(crate) fn toggle_live(&mut self) {
        let peeks = hides_cards(&self.view);
        let text = self.live.toggle(
            self.revision,
            self.session.ruleset(),
            self.session.state(),
            peeks,
        );
        self.tell(text.to_string());
    }

    /// The status bar's live part, when the status is on; it says that the solver peeks
    /// while the table has cards the player cannot see.
    pub(crate) fn live_words(&self) -> Option<String> {
        self.live.words(self.revision, hides_cards(&self.view))
    }

    /// Picks up finished background searches (the live status, a hint); true when the screen
    /// should be drawn again.
    pub fn tick(&mut self) -> bool {
        let live = self.live.poll();
        let hint = self.poll_hint();
        let moment = self.moments.tick(&self.view);
        // The demo waits while a moment of its last move is on show.
        let demo = !self.moments.holding() && self.demo_tick();
        hint || live || demo || moment
    }

    /// Turns the dead-end notice on or off (the launcher's option); on, the position on the
    /// table is checked at once.
    pub fn set_stuck_notice(&mut self, on: bool) {
        self.dead_end.set(on);
        self.notice_dead_end();
    }

    /// The dead-end notice where the table was not reached by an action (a new table, undo,
    /// redo), so what was known about the last one is forgotten.
    pub(crate) fn notice_dead_end(&mut self) {
        self.dead_end.forget();
        self.notice_dead_end_after_action();
    }

    /// The dead-end notice after an action, on the message line when the game is stuck
    /// ([`crate::analysis::DeadEndNotice::check`]).
    pub(crate) fn notice_dead_end_after_action(&mut self) {
        if self.dead_end.check(&self.session, &self.status) {
            self.tell(STUCK_NOTE.to_string());
        }
    }

    /// Whether the demo is running.
    pub fn demo_running(&self) -> bool {
        self.demo.is_some()
    }

    /// `p`: starts the demo, where the ruleset offers hints.
    pub(crate) fn start_demo(&mut self) {
        match Demo::start(self.session.ruleset().info().hints, &self.status) {
            Ok(demo) => {
                self.carry = None;
                self.demo = Some(demo);
                self.tell(STARTED.to_string());
            }
            Err(why) => self.error(why.to_string()),
        }
    }

    /// Stops the demo, saying `why`.
    pub(crate) fn stop_demo(&mut self, why: &str) {
        self.demo = None;
        self.forget_hint_search();
        self.tell(why.to_string());
    }

    /// One idle tick of the demo: asks for the next move once the pause is over. True when
    /// the screen changed.
    fn demo_tick(&mut self) -> bool {
        let Some(demo) = self.demo.as_mut() else {
            return false;
        };
        match demo.tick(&self.status, self.hints.searching()) {
            Step::Stop => {
                self.demo = None;
                true
            }
            Step::Wait => false,
            Step::Ask => {
                // Always the best move, never the next alternative of an earlier `H`.
                self.hints.best_next();
                self.hint();
                true
            }
        }
    }

    /// Plays the advisor's answer for the demo.
    fn demo_plays(&mut self, advice: Advice) {
        match advice {
            Advice::Hint(hint) => {
                let what = self.describe(&hint.action);
                if self.act(hint.action) {
                    // The player did not make this move: the game is theirs no more alone.
                    self.assisted = true;
                    // The finish window says how the game ended: no demo words under it.
                    if self.note.is_none() && self.status == Status::Playing {
                        self.tell(format!("Demo: {what}"));
                    }
                    self.demo = Some(Demo::after_move());
                } else {
                    let why = self.note.as_ref().map_or(String::new(), |n| n.text.clone());
                    self.stop_demo(&format!("Demo stopped: {why}"));
                }
            }
            Advice::Nothing => self.stop_demo("Demo stopped: no helpful move found"),
            Advice::NotOffered => self.stop_demo("Demo stopped: no hint available"),
        }
    }
}
