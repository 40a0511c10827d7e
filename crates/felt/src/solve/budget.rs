//! The CPU clock `felt solve` and `felt autoplay` time their searches by.

use std::time::Duration;

/// The CPU time of the calling thread's work: its own clock, plus what plugins' helper
/// processes spent answering its calls (`felt_abi::served_cpu`). A search runs on one thread,
/// so this is the time the search itself took, whatever else the machine runs, and a plugin's
/// search counts the same in its helper process as in felt's.
pub(crate) fn thread_cpu() -> Duration {
    felt_core::analysis::thread_cpu().saturating_add(felt_abi::served_cpu())
}

/// Milliseconds of CPU time the calling thread used since `start` (a [`thread_cpu`] reading).
pub(crate) fn cpu_ms_since(start: Duration) -> f64 {
    thread_cpu().saturating_sub(start).as_secs_f64() * 1000.0
}
