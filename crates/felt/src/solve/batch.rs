//! What every batch table shares: worker threads (at most one a core), deals handed out a
//! chunk at a time, the progress bar, and the verdict and length lines of the table.

use super::SolveArgs;
use anyhow::{anyhow, Result};
use indicatif::{ProgressBar, ProgressStyle};

/// The machine's cores: more jobs than that only share them.
pub(super) fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// The worker threads a batch runs: `--jobs`, at most one a core (default: every core).
pub(super) fn jobs(args: &SolveArgs) -> usize {
    jobs_of(args.jobs)
}

/// `jobs` threads, at most one a core (default: every core).
pub(crate) fn jobs_of(jobs: Option<usize>) -> usize {
    jobs.unwrap_or(usize::MAX).clamp(1, cores())
}

pub(super) fn pool(args: &SolveArgs) -> Result<rayon::ThreadPool> {
    worker_pool(args.jobs)
}

/// The worker threads of a batch (`--jobs`, capped at the machine's cores with a word why).
pub(crate) fn worker_pool(jobs: Option<usize>) -> Result<rayon::ThreadPool> {
    if let Some(n) = jobs.filter(|&n| n > cores()) {
        felt::tell!(
            "--jobs {n}: this machine has {} cores, so {} jobs run",
            cores(),
            jobs_of(jobs)
        );
    }
    rayon::ThreadPoolBuilder::new()
        .num_threads(jobs_of(jobs))
        .build()
        .map_err(|e| anyhow!("cannot start the worker threads: {e}"))
}

pub(super) fn progress(n: u64) -> ProgressBar {
    let bar = ProgressBar::new(n);
    if let Ok(style) =
        ProgressStyle::with_template("{bar:40} {pos}/{len} deals  {elapsed} (eta {eta})  {msg}")
    {
        bar.set_style(style);
    }
    bar
}

/// Deals a batch hands the worker threads at a time.
pub(super) const CHUNK: u64 = 4096;

/// `chunk(from, to)` on `pool` for consecutive ranges of [`CHUNK`] seeds covering
/// `first..=last`, the results joined in order. Deals go out a chunk at a time, so the results
/// grow as deals are played instead of a billion rows being reserved before the first deal
/// (which aborted the program).
pub(crate) fn in_chunks<T: Send>(
    pool: &rayon::ThreadPool,
    first: u64,
    last: u64,
    chunk: impl Fn(u64, u64) -> Vec<T> + Sync,
) -> Vec<T> {
    let mut out = Vec::new();
    let mut from = first;
    loop {
        let to = from.saturating_add(CHUNK - 1).min(last);
        out.extend(pool.install(|| chunk(from, to)));
        if to == last {
            return out;
        }
        from = to + 1;
    }
}

/// The won / proven / undecided lines of a batch table, from each deal's verdict word
/// (`won`, `proven`, `undecided`) and line length.
pub(super) fn print_verdicts(rows: &[(&str, usize)]) {
    let n = rows.len() as f64;
    felt::say!("{:<22} {:>7} {:>8}", "", "deals", "share");
    for (name, key) in [
        ("won", "won"),
        ("proven unwinnable", "proven"),
        ("undecided", "undecided"),
    ] {
        let k = rows.iter().filter(|r| r.0 == key).count();
        felt::say!("{name:<22} {k:>7} {:>7.1}%", 100.0 * k as f64 / n);
    }
}

/// The median, 90th percentile and longest winning line of a batch, from the rows of
/// [`print_verdicts`].
pub(super) fn print_lengths(rows: &[(&str, usize)]) {
    let mut lengths: Vec<f64> = rows
        .iter()
        .filter(|r| r.0 == "won")
        .map(|r| r.1 as f64)
        .collect();
    lengths.sort_by(f64::total_cmp);
    felt::say!(
        "moves a won deal        median {:.0}, 90th percentile {:.0}, max {:.0}",
        percentile(&lengths, 0.5),
        percentile(&lengths, 0.9),
        percentile(&lengths, 1.0)
    );
}

pub(super) fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let i = ((sorted.len() as f64 * p).ceil() as usize).clamp(1, sorted.len()) - 1;
    sorted[i]
}
