//! `felt solve`'s budgets: the searching thread's CPU time as the solver's "keep going?"
//! callback, the state and memory bounds, and the words an undecided answer is given.

use super::SolveArgs;
use felt_spider::solver::{Answer, Budget, Stopped};
use std::time::Duration;

impl SolveArgs {
    /// The CPU time each search may take, if it is bounded by time.
    pub(super) fn time_limit(&self) -> Option<u64> {
        match (self.budget_ms, self.budget_states) {
            (Some(ms), _) => Some(ms),
            (None, Some(_)) => None,
            (None, None) => Some(1000),
        }
    }

    /// The budget a batch table's header states.
    pub(super) fn budget_text(&self) -> String {
        let mut parts = Vec::new();
        if let Some(ms) = self.time_limit() {
            parts.push(format!("{ms} ms of CPU time"));
        }
        if let Some(n) = self.budget_states {
            parts.push(format!("{n} states"));
        }
        parts.push(format!("{} MB", self.max_mb));
        parts.join(", ")
    }
}

pub(super) fn budget_of<'a>(
    args: &SolveArgs,
    keep_going: &'a (dyn Fn(u64) -> bool + Sync),
) -> Budget<'a> {
    Budget {
        max_states: args.budget_states.unwrap_or(u64::MAX),
        max_bytes: args.max_mb.saturating_mul(1 << 20),
        keep_going: Some(keep_going),
    }
}

/// The CPU time of the calling thread's work: its own clock, plus what plugins' helper
/// processes spent answering its calls (`felt_abi::served_cpu`). A search runs on one thread
/// and asks its budget on that thread, so this is the time the search itself took, whatever
/// else the machine runs, and a plugin's search counts the same in its helper process as in
/// felt's; where the system cannot tell it, the wall clock since the first call stands in.
pub(crate) fn thread_cpu() -> Duration {
    let own = felt_abi::thread_cpu().unwrap_or_else(|| {
        static START: std::sync::OnceLock<std::time::Instant> = std::sync::OnceLock::new();
        START.get_or_init(std::time::Instant::now).elapsed()
    });
    own.saturating_add(felt_abi::served_cpu())
}

/// A CPU-time deadline of `ms` milliseconds from now (none: no limit) as the solver's "keep
/// going?" callback; it must be called on the searching thread.
pub(super) fn deadline(ms: Option<u64>) -> impl Fn(u64) -> bool + Sync {
    let end = ms.map(|ms| thread_cpu() + Duration::from_millis(ms));
    move |_| end.is_none_or(|end| thread_cpu() < end)
}

/// Milliseconds of CPU time the calling thread used since `start` (a [`thread_cpu`] reading).
pub(crate) fn cpu_ms_since(start: Duration) -> f64 {
    thread_cpu().saturating_sub(start).as_secs_f64() * 1000.0
}

/// Millions of states, as a person reads a count: "2.1 M states", "4,000 states".
pub(super) fn states_text(n: u64) -> String {
    if n >= 1_000_000 {
        format!("{:.1} M states", n as f64 / 1e6)
    } else if n >= 10_000 {
        format!("{},{:03} states", n / 1000, n % 1000)
    } else {
        format!("{n} states")
    }
}

/// Why an undecided answer is undecided, in the words `felt solve` prints.
pub(super) fn undecided_because(answer: &Answer, args: &SolveArgs) -> String {
    let states = states_text(answer.states);
    match answer.stopped {
        Stopped::Memory => format!(
            "memory cap of {} MB reached after {states} (--max-mb raises it)",
            args.max_mb
        ),
        Stopped::Caller => format!(
            "{} ms of CPU time used after {states} (--budget-ms raises it)",
            args.time_limit().unwrap_or(0)
        ),
        Stopped::States => format!(
            "the budget of {} ran out (--budget-states raises it)",
            states_text(args.budget_states.unwrap_or(answer.states))
        ),
        Stopped::Hidden => format!(
            "an honest search cannot decide while cards are hidden: it saw every line the \
             visible cards allow ({states}), and none of them wins for certain"
        ),
        Stopped::MoveLimit => format!(
            "the line found wins, but in more moves than the variant's move limit leaves \
             ({states})"
        ),
        Stopped::Decided => format!("no verdict after {states}"),
    }
}
