//! The demo (`p`): the honest bot plays the game on screen, one move at a time, so a player can
//! watch how a deal is won. Each move is the hint `H` would give on that table (the same
//! advisor, so the same plans), played as the player would play it; the status bar says the
//! demo is running, and any key or click stops it. It paces itself by the terminal's idle ticks
//! rather than a clock, so it reads none. A game the demo moved in is assisted, as is one
//! where a hinted move was played when the player counts hints as help.
//!
//! The demo keeps its own pace; the table asks it what each idle tick is for, and plays the
//! moves it is given.

use felt_core::Status;

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

/// What the message line says as the demo starts.
pub(crate) const STARTED: &str = "Demo: the bot plays a move at a time · any key stops it";

/// What one idle tick of the demo asks of the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Step {
    /// The game is over: the demo ends.
    Stop,
    /// Nothing yet: a hint is being searched, or the pause between moves is not over.
    Wait,
    /// Ask for the best move, and play it when it comes.
    Ask,
}

impl Demo {
    /// `p`: the demo, to ask for its first move at once, where the game offers hints
    /// (`hints`) and is not over; else why not, for the message line.
    pub(crate) fn start(hints: bool, status: &Status) -> Result<Demo, &'static str> {
        if !hints {
            return Err("This game offers no hints, so no demo");
        }
        if *status != Status::Playing {
            return Err("The game is over: nothing to play");
        }
        Ok(Demo { wait: 0 })
    }

    /// The demo after a move of its own: it waits a while before the next.
    pub(crate) fn after_move() -> Demo {
        Demo { wait: PACE }
    }

    /// One idle tick of the game in `status`, while a hint is being searched (`searching`)
    /// or not.
    pub(crate) fn tick(&mut self, status: &Status, searching: bool) -> Step {
        if *status != Status::Playing {
            return Step::Stop;
        }
        if searching {
            return Step::Wait;
        }
        if self.wait > 0 {
            self.wait -= 1;
            return Step::Wait;
        }
        Step::Ask
    }
}
