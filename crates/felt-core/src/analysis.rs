//! The one analysis interface every ruleset answers and every front end asks: solve a
//! position under a [`Budget`], give a hint, tell a dead end. (The honest bot is the host's
//! [`crate::Advisor`] followed to the end: it follows the hints, so it plays what a player who
//! follows them plays.)
//!
//! A budget is CPU time, positions and memory, and a search honours all three. Rulesets read no
//! clock (✱ contract 1), so the time part reaches a search as its "keep going?" callback
//! ([`KeepGoing`]), which the host side builds from the searching thread's own CPU clock
//! ([`thread_cpu`]): the same deal gets the same search on a quiet machine and a busy one, and a
//! plugin's search, run in its helper process, is held to the same budget by the same code
//! there. Every answer carries a [`Report`] that says how far the search went and what stopped
//! it, in words a player reads ("memory cap of 64 MB reached after 2.1 M states").

use crate::action::Action;
use serde::{Deserialize, Serialize};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// The memory a search may hold when its budget names none.
pub const DEFAULT_MB: u64 = 256;

/// What a search may spend. `None` is no limit, except memory, which is always bounded
/// ([`DEFAULT_MB`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Budget {
    /// Milliseconds of the searching thread's CPU time.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cpu_ms: Option<u64>,
    /// Positions the search may store.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub states: Option<u64>,
    /// Megabytes the search may hold.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_mb: Option<u64>,
}

impl Budget {
    /// A budget of `states` positions (and the default memory): a budget that repeats to the
    /// state on any machine.
    pub fn states(states: u64) -> Budget {
        Budget {
            states: Some(states),
            ..Budget::default()
        }
    }

    /// The positions a search may store: `u64::MAX` when unbounded.
    pub fn max_states(&self) -> u64 {
        self.states.unwrap_or(u64::MAX)
    }

    /// The bytes a search may hold.
    pub fn max_bytes(&self) -> usize {
        let mb = self.max_mb.unwrap_or(DEFAULT_MB);
        usize::try_from(mb.saturating_mul(1 << 20)).unwrap_or(usize::MAX)
    }

    /// The budget in words, as a batch table's header states it: "500 ms of CPU time,
    /// 64 MB".
    pub fn text(&self) -> String {
        let mut parts = Vec::new();
        if let Some(ms) = self.cpu_ms {
            parts.push(format!("{ms} ms of CPU time"));
        }
        if let Some(n) = self.states {
            parts.push(states_text(n));
        }
        parts.push(format!("{} MB", self.max_mb.unwrap_or(DEFAULT_MB)));
        parts.join(", ")
    }
}

/// What stopped a search.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Stopped {
    /// It won or proved a loss.
    #[default]
    Decided,
    /// Its CPU time ran out ([`Budget::cpu_ms`]).
    CpuTime,
    /// It stored the positions it was allowed ([`Budget::states`]).
    States,
    /// Going on would have taken it past [`Budget::max_mb`].
    Memory,
    /// Its [`KeepGoing`] callback said no. A ruleset reports this; the host side that built the
    /// callback tells [`Stopped::CpuTime`] from [`Stopped::Cancelled`] before anyone reads it.
    Caller,
    /// The one who asked no longer wants the answer (a hint the player walked away from).
    Cancelled,
    /// An honest search saw every line the visible cards allow without deciding: while cards
    /// are hidden it cannot prove a loss, and no certain line won. More budget would not help.
    Hidden,
    /// The line found wins, but in more moves than the variant's move limit leaves.
    MoveLimit,
    /// The ruleset held the search to a cap of its own, below the budget it was given.
    RulesetCap,
    /// A plugin's search ran past the wall-clock limit of the helper process it ran in, which
    /// was stopped (the host's watchdog, for a plugin that hangs); the game goes on.
    WallClock,
    /// A plugin's search ended without an answer: the helper process it ran in crashed or
    /// was killed, or the plugin failed to answer. The game goes on; the next search starts a
    /// new helper.
    Failed,
}

/// How far a search went and what stopped it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Report {
    /// Positions stored.
    pub states: u64,
    /// The most memory it held, in bytes (0 when the ruleset does not count it).
    #[serde(default)]
    pub peak_bytes: u64,
    /// What stopped it.
    #[serde(default)]
    pub stopped: Stopped,
}

impl Report {
    /// A search that decided after `states` positions.
    pub fn decided(states: u64) -> Report {
        Report {
            states,
            peak_bytes: 0,
            stopped: Stopped::Decided,
        }
    }

    /// A search stopped by `stopped` after `states` positions.
    pub fn stopped(states: u64, stopped: Stopped) -> Report {
        Report {
            states,
            peak_bytes: 0,
            stopped,
        }
    }

    /// Why the search stopped undecided under `budget`, in the words `felt solve` prints: each
    /// names the figure reached and, where one helps, the flag that raises it.
    pub fn because(&self, budget: &Budget) -> String {
        let states = states_text(self.states);
        match self.stopped {
            Stopped::Memory => format!(
                "memory cap of {} MB reached after {states} (--max-mb raises it)",
                budget.max_mb.unwrap_or(DEFAULT_MB)
            ),
            Stopped::CpuTime | Stopped::Caller => format!(
                "{} ms of CPU time used after {states} (--budget-ms raises it)",
                budget.cpu_ms.unwrap_or(0)
            ),
            Stopped::States => format!(
                "the budget of {} ran out (--budget-states raises it)",
                states_text(budget.states.unwrap_or(self.states))
            ),
            Stopped::Cancelled => format!("cancelled after {states}"),
            Stopped::Hidden => format!(
                "an honest search cannot decide while cards are hidden: it saw every line the \
                 visible cards allow ({states}), and none of them wins for certain"
            ),
            Stopped::MoveLimit => format!(
                "the line found wins, but in more moves than the variant's move limit leaves \
                 ({states})"
            ),
            Stopped::RulesetCap => {
                format!("the game's own search cap was reached after {states}")
            }
            Stopped::WallClock => "the plugin's search ran past felt's time limit for one call \
                 and was stopped (the game goes on)"
                .to_string(),
            Stopped::Failed => "the plugin's search ended without an answer: its helper \
                 process crashed or was killed, or the plugin failed (the game goes on)"
                .to_string(),
            Stopped::Decided => format!("no verdict after {states}"),
        }
    }
}

/// A count of positions as a person reads it: "2.1 M states", "4,000 states".
pub fn states_text(n: u64) -> String {
    if n >= 1_000_000 {
        format!("{:.1} M states", n as f64 / 1e6)
    } else if n >= 10_000 {
        format!("{},{:03} states", n / 1000, n % 1000)
    } else {
        format!("{n} states")
    }
}

/// A question for a ruleset's analysis.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum AnalyzeRequest {
    /// Is the game still winnable?
    Solve {
        /// May the analysis look at face-down cards and the stock order?
        full_information: bool,
        /// What the search may spend.
        budget: Budget,
    },
    /// The `rank`-th best next action found honestly (0 = best).
    Hint {
        /// Which hint, for cycling.
        rank: u32,
        /// What the search may spend.
        budget: Budget,
    },
    /// Can any sequence of actions still make progress? A table reached by actions from one
    /// answered "stuck" is stuck too (its ways on were the stuck table's), so a host may keep
    /// that answer until an undo instead of asking again.
    DeadEnd,
}

impl AnalyzeRequest {
    /// The answer that claims nothing either way, for a table the ruleset cannot analyse (a
    /// damaged save, a position of another layout): no hint, not stuck, undecided.
    pub fn no_claim(&self) -> Analysis {
        match self {
            AnalyzeRequest::Hint { .. } => Analysis::Hint {
                action: None,
                then: Vec::new(),
            },
            AnalyzeRequest::DeadEnd => Analysis::DeadEnd { stuck: false },
            AnalyzeRequest::Solve { .. } => Analysis::Undecided {
                report: Report::default(),
            },
        }
    }

    /// The budget the request carries (a dead-end check runs within the ruleset's own).
    pub fn budget(&self) -> Option<&Budget> {
        match self {
            AnalyzeRequest::Solve { budget, .. } | AnalyzeRequest::Hint { budget, .. } => {
                Some(budget)
            }
            AnalyzeRequest::DeadEnd => None,
        }
    }
}

/// An analysis answer. `Unwinnable` is only given when the search was exhaustive.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Analysis {
    /// A winning line.
    Won {
        /// The actions, replayable from the analysed position.
        actions: Vec<Action>,
        /// How far the search went.
        report: Report,
    },
    /// Proven: no line wins.
    Unwinnable {
        /// How far the search went.
        report: Report,
    },
    /// The budget ran out first; the report says which part of it.
    Undecided {
        /// How far the search went and what stopped it.
        report: Report,
    },
    /// A suggested action, or none when nothing helps.
    Hint {
        /// The action.
        action: Option<Action>,
        /// The actions that follow `action` in the same plan, as far as the ruleset can tell
        /// they are right whatever a hidden card turns out to be. A host that sees the table
        /// reach the next step of the plan plays on from it instead of searching again
        /// ([`crate::advice::Advisor`]). Empty when the ruleset plans one action at a time.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        then: Vec<Action>,
    },
    /// Whether any progress is still possible.
    DeadEnd {
        /// True when nothing can ever turn a card or finish a set again.
        stuck: bool,
    },
}

impl Analysis {
    /// The search's report, for the three answers to a solve.
    pub fn report(&self) -> Option<&Report> {
        match self {
            Analysis::Won { report, .. }
            | Analysis::Unwinnable { report }
            | Analysis::Undecided { report } => Some(report),
            Analysis::Hint { .. } | Analysis::DeadEnd { .. } => None,
        }
    }

    /// The answer of a search that was stopped before it could say anything (cancelled, or
    /// its plugin's helper stopped): undecided, with what stopped it.
    pub fn undecided(stopped: Stopped) -> Analysis {
        Analysis::Undecided {
            report: Report::stopped(0, stopped),
        }
    }

    fn report_mut(&mut self) -> Option<&mut Report> {
        match self {
            Analysis::Won { report, .. }
            | Analysis::Unwinnable { report }
            | Analysis::Undecided { report } => Some(report),
            Analysis::Hint { .. } | Analysis::DeadEnd { .. } => None,
        }
    }
}

/// A search's "keep going?" callback, asked now and then with the positions stored so far:
/// `false` stops the search undecided, reported as [`Stopped::Caller`]. It must be asked on the
/// searching thread, whose CPU clock it reads.
pub type KeepGoing<'a> = &'a (dyn Fn(u64) -> bool + Sync);

/// A flag the one who asked for an analysis sets when the answer is no longer wanted; the
/// search sees it through its [`KeepGoing`] and stops. Clones share the flag.
#[derive(Clone, Debug, Default)]
pub struct Cancel(Arc<AtomicBool>);

impl Cancel {
    /// A flag nobody has set.
    pub fn new() -> Cancel {
        Cancel::default()
    }

    /// Asks the search to stop.
    pub fn cancel(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Whether the search was asked to stop.
    pub fn is_cancelled(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

/// The CPU time the calling thread has used: its own clock, which other threads and processes
/// on a busy machine do not move. Where the system cannot tell it, the time since the first
/// call stands in.
pub fn thread_cpu() -> Duration {
    #[cfg(unix)]
    {
        let mut t = libc::timespec {
            tv_sec: 0,
            tv_nsec: 0,
        };
        // SAFETY: `clock_gettime` only writes the `timespec` it is handed.
        if unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) } == 0 {
            return Duration::new(t.tv_sec as u64, t.tv_nsec as u32);
        }
    }
    static START: std::sync::OnceLock<std::time::Instant> = std::sync::OnceLock::new();
    START.get_or_init(std::time::Instant::now).elapsed()
}

/// Runs `search` with a [`KeepGoing`] that holds it to `budget`'s CPU time (read from the
/// calling thread's clock, [`thread_cpu`]) and stops it when `cancel` is set, then puts the
/// right name on a [`Stopped::Caller`] in its answer: the host's side of every analysis, in
/// felt's process and in a plugin's helper alike ([`crate::Typed`] calls it).
pub fn metered(
    budget: Option<&Budget>,
    cancel: &Cancel,
    search: impl FnOnce(KeepGoing<'_>) -> Option<Analysis>,
) -> Option<Analysis> {
    let end = budget
        .and_then(|b| b.cpu_ms)
        .map(|ms| thread_cpu() + Duration::from_millis(ms));
    let keep_going =
        |_states: u64| !cancel.is_cancelled() && end.is_none_or(|end| thread_cpu() < end);
    let mut answer = search(&keep_going);
    if let Some(report) = answer.as_mut().and_then(Analysis::report_mut) {
        if report.stopped == Stopped::Caller {
            report.stopped = if cancel.is_cancelled() {
                Stopped::Cancelled
            } else {
                Stopped::CpuTime
            };
        }
    }
    answer
}

#[cfg(test)]
mod tests {
    use super::*;

    fn undecided(stopped: Stopped) -> Option<Analysis> {
        Some(Analysis::Undecided {
            report: Report::stopped(10, stopped),
        })
    }

    #[test]
    fn a_stop_by_the_callback_is_named_by_what_fired() {
        let cancel = Cancel::new();
        let budget = Budget {
            cpu_ms: Some(0),
            ..Budget::default()
        };
        let answer = metered(Some(&budget), &cancel, |keep_going| {
            // No CPU time is left at all: the callback says stop at once.
            assert!(!keep_going(1));
            undecided(Stopped::Caller)
        });
        assert_eq!(
            answer.and_then(|a| a.report().copied()).map(|r| r.stopped),
            Some(Stopped::CpuTime)
        );
        cancel.cancel();
        let answer = metered(None, &cancel, |keep_going| {
            assert!(!keep_going(1));
            undecided(Stopped::Caller)
        });
        assert_eq!(
            answer.and_then(|a| a.report().copied()).map(|r| r.stopped),
            Some(Stopped::Cancelled)
        );
    }

    #[test]
    fn an_unbounded_budget_keeps_going_and_memory_is_always_bounded() {
        let answer = metered(None, &Cancel::new(), |keep_going| {
            assert!(keep_going(u64::MAX));
            undecided(Stopped::States)
        });
        assert_eq!(answer, undecided(Stopped::States));
        assert_eq!(Budget::default().max_bytes(), 256 << 20);
        assert_eq!(Budget::default().max_states(), u64::MAX);
    }

    #[test]
    fn an_undecided_answer_says_what_stopped_it() {
        let budget = Budget {
            cpu_ms: Some(500),
            states: None,
            max_mb: Some(64),
        };
        let memory = Report::stopped(2_100_000, Stopped::Memory);
        assert_eq!(
            memory.because(&budget),
            "memory cap of 64 MB reached after 2.1 M states (--max-mb raises it)"
        );
        let time = Report::stopped(4_000, Stopped::CpuTime);
        assert_eq!(
            time.because(&budget),
            "500 ms of CPU time used after 4000 states (--budget-ms raises it)"
        );
        assert_eq!(budget.text(), "500 ms of CPU time, 64 MB");
    }
}
