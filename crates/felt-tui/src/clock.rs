//! The game clock: how long a game has been played, counted by the host (a ruleset never reads
//! a clock). It runs only while the game is in front of the player: not before the first move,
//! not while the terminal is in the background, an overlay covers the table or the game is
//! over. Time comes in from outside (the terminal loop's `Instant`s), so tests drive it with
//! times of their own and a screen never depends on how fast a test ran.

use std::time::{Duration, Instant};

/// Play time banked, and since when it runs, if it does.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GameClock {
    /// Time counted up to the last stop.
    banked: Duration,
    /// When it last started, while it runs.
    since: Option<Instant>,
    /// What the status bar shows: the time at the last look.
    shown: Duration,
}

impl GameClock {
    /// A clock that has already counted `played` (a resumed game), stopped.
    pub fn starting_at(played: Duration) -> GameClock {
        GameClock {
            banked: played,
            since: None,
            shown: played,
        }
    }

    /// The time played at `now`.
    pub fn at(&self, now: Instant) -> Duration {
        self.banked
            + self
                .since
                .map_or(Duration::ZERO, |s| now.saturating_duration_since(s))
    }

    /// Runs or stops the clock at `now`. True when the time shown changed.
    pub fn set_running(&mut self, run: bool, now: Instant) -> bool {
        match (run, self.since) {
            (true, None) => self.since = Some(now),
            (false, Some(_)) => {
                self.banked = self.at(now);
                self.since = None;
            }
            _ => {}
        }
        let shown = self.at(now);
        let changed = shown.as_secs() != self.shown.as_secs();
        self.shown = shown;
        changed
    }

    /// Whether it runs.
    pub fn running(&self) -> bool {
        self.since.is_some()
    }

    /// The time as last looked at (what the status bar shows).
    pub fn shown(&self) -> Duration {
        self.shown
    }
}

/// A time as the status bar and the statistics write it: `0:07`, `12:34`, `1:02:03`.
pub fn clock_text(time: Duration) -> String {
    let secs = time.as_secs();
    let (h, m, s) = (secs / 3600, secs / 60 % 60, secs % 60);
    if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else {
        format!("{m}:{s:02}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_clock_counts_only_while_it_runs() {
        let t0 = Instant::now();
        let at = |s: u64| t0 + Duration::from_secs(s);
        let mut clock = GameClock::default();
        assert!(!clock.set_running(true, at(0)));
        assert!(clock.set_running(true, at(10)));
        assert_eq!(clock.shown(), Duration::from_secs(10));
        clock.set_running(false, at(15));
        // Away for an hour: nothing counted.
        clock.set_running(false, at(3615));
        assert_eq!(clock.at(at(3615)), Duration::from_secs(15));
        clock.set_running(true, at(3615));
        clock.set_running(true, at(3620));
        assert_eq!(clock.shown(), Duration::from_secs(20));
        let resumed = GameClock::starting_at(Duration::from_secs(754));
        assert!(!resumed.running());
        assert_eq!(clock_text(resumed.shown()), "12:34");
    }

    #[test]
    fn times_read_as_a_clock() {
        assert_eq!(clock_text(Duration::from_millis(7_900)), "0:07");
        assert_eq!(clock_text(Duration::from_secs(59 * 60 + 59)), "59:59");
        assert_eq!(clock_text(Duration::from_secs(3723)), "1:02:03");
    }
}
