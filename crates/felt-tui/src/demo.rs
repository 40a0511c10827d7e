//! The demo (`p`): the honest bot plays the game on screen, one move at a time, so a player can
//! watch how a deal is won. Each move is the hint `H` would give on that table (the same
//! advisor, so the same plans), played as the player would play it; the status bar says the
//! demo is running, and any key or click stops it. It paces itself by the terminal's idle ticks
//! rather than a clock, so it reads none. A game the demo moved in is assisted, as is one
//! where a hinted move was played when the player counts hints as help.

use crate::game::{Game, Note};
use felt_core::{Advice, Status};

/// Idle ticks (of about a tenth of a second) between two moves: slow enough to follow.
const PACE: u8 = 3;

/// The demo while it runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Demo {
    /// Ticks still to wait before the next move.
    wait: u8,
}

/// What the status bar says while the demo runs.
pub const DEMO_WORDS: &str = "demo (any key stops)";

impl Game {
    /// Whether this game was played with help (the demo moved, or a followed hint where
    /// hints count as help): its record is marked assisted and never sets a best.
    pub fn assisted(&self) -> bool {
        self.assisted
    }

    /// Whether playing a move a hint showed marks the game assisted (the player's setting).
    pub fn set_hints_assist(&mut self, on: bool) {
        self.hints_assist = on;
    }

    /// Whether the demo is running.
    pub fn demo_running(&self) -> bool {
        self.demo.is_some()
    }

    /// `p`: starts the demo, where the ruleset offers hints.
    pub(crate) fn start_demo(&mut self) {
        if !self.session.ruleset().info().hints {
            self.error("This game offers no hints, so no demo".to_string());
            return;
        }
        if self.status != Status::Playing {
            self.error("The game is over: nothing to play".to_string());
            return;
        }
        self.carry = None;
        self.demo = Some(Demo { wait: 0 });
        self.note = Some(Note {
            text: "Demo: the bot plays a move at a time · any key stops it".to_string(),
            error: false,
            rule: None,
        });
    }

    /// Stops the demo, saying `why`.
    pub(crate) fn stop_demo(&mut self, why: &str) {
        self.demo = None;
        self.forget_hint_search();
        self.note = Some(Note {
            text: why.to_string(),
            error: false,
            rule: None,
        });
    }

    /// One idle tick of the demo: asks for the next move once the pause is over. True when
    /// the screen changed.
    pub(crate) fn demo_tick(&mut self) -> bool {
        let Some(demo) = self.demo.as_mut() else {
            return false;
        };
        if self.status != Status::Playing {
            self.demo = None;
            return true;
        }
        if self.hint_search.is_some() {
            return false;
        }
        if demo.wait > 0 {
            demo.wait -= 1;
            return false;
        }
        // Always the best move, never the next alternative of an earlier `H`.
        self.advisor.table_changed();
        self.hint();
        true
    }

    /// Plays the advisor's answer for the demo.
    pub(crate) fn demo_plays(&mut self, advice: Advice) {
        match advice {
            Advice::Hint(hint) => {
                let what = self.describe(&hint.action);
                if self.act(hint.action) {
                    // The player did not make this move: the game is theirs no more alone.
                    self.assisted = true;
                    if self.note.is_none() {
                        self.note = Some(Note {
                            text: format!("Demo: {what}"),
                            error: false,
                            rule: None,
                        });
                    }
                    self.demo = Some(Demo { wait: PACE });
                } else {
                    let why = self.note.as_ref().map_or(String::new(), |n| n.text.clone());
                    self.stop_demo(&format!("Demo stopped: {why}"));
                }
            }
            Advice::Nothing => self.stop_demo("Demo stopped: no move helps here"),
            Advice::NotOffered => self.stop_demo("Demo stopped: no hint available"),
        }
    }
}
