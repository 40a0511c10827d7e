//! The one batch runner of `felt solve --deals` and `felt autoplay`: worker threads (at most
//! one a core), deals handed out a chunk at a time, the progress bar ([`run_deals`]); and the
//! verdict and length lines their tables share.

use anyhow::{anyhow, Result};
use indicatif::{ProgressBar, ProgressStyle};

/// The machine's cores: more jobs than that only share them. Asked of the system once: on
/// Linux the answer reads the process's cgroup files, a dozen system calls each time.
pub(super) fn cores() -> usize {
    static CORES: std::sync::OnceLock<usize> = std::sync::OnceLock::new();
    *CORES.get_or_init(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
}

/// `jobs` threads, at most one a core (default: every core).
pub(super) fn jobs_of(jobs: Option<usize>) -> usize {
    match jobs {
        // One job is one whatever the machine: no need to ask it.
        Some(0 | 1) => 1,
        _ => jobs.unwrap_or(usize::MAX).clamp(1, cores()),
    }
}

/// The threads a batch of the deals `first..=last` runs on: [`jobs_of`], never more than it
/// has deals. A one-deal batch so runs on the calling thread: no pool to start, and (see
/// `SolveArgs::one_thread`) one helper process for a plugin's ruleset instead of one for its
/// table and another for its searches, which took `felt solve --variant freecell --deals
/// N..N` from one process started to two, and from no thread to four.
pub(super) fn jobs_for(jobs: Option<usize>, first: u64, last: u64) -> usize {
    let deals = last.saturating_sub(first).saturating_add(1);
    jobs_of(jobs).min(usize::try_from(deals).unwrap_or(usize::MAX))
}

/// Says so when `--jobs` asks for more threads than the machine has cores.
fn tell_capped(jobs: Option<usize>) {
    if let Some(n) = jobs.filter(|&n| n > 1 && n > cores()) {
        felt::tell!(
            "--jobs {n}: this machine has {} cores, so {} jobs run",
            cores(),
            jobs_of(jobs)
        );
    }
}

/// The worker threads of a batch: `threads` of them ([`jobs_for`]).
fn worker_pool(threads: usize) -> Result<rayon::ThreadPool> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| anyhow!("cannot start the worker threads: {e}"))
}

fn progress(n: u64) -> ProgressBar {
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
fn in_chunks<T: Send>(
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

/// A batch's results in deal order, and how many threads played them.
pub(crate) struct Ran<T> {
    /// One result a deal, the first deal's first.
    pub rows: Vec<T>,
    /// Worker threads that ran the batch.
    pub threads: usize,
}

/// Runs `deal(seed)` for every shuffle of `first..=last` on the worker threads of `jobs`
/// ([`worker_pool`]), a chunk at a time ([`in_chunks`]), with a progress bar while it runs.
/// Each deal runs on one thread from start to end, so its thread's CPU clock times it alone.
pub(crate) fn run_deals<T: Send>(
    jobs: Option<usize>,
    first: u64,
    last: u64,
    deal: impl Fn(u64) -> T + Sync,
) -> Result<Ran<T>> {
    tell_capped(jobs);
    let bar = progress((last - first).saturating_add(1));
    let threads = jobs_for(jobs, first, last);
    if threads == 1 {
        // One job plays on the calling thread, one deal after another: a pool of one worker
        // would only add a thread to start (a one-deal `felt solve` counts it).
        let mut rows = Vec::new();
        for seed in first..=last {
            rows.push(deal(seed));
            bar.inc(1);
        }
        bar.finish_and_clear();
        return Ok(Ran { rows, threads: 1 });
    }
    let pool = worker_pool(threads)?;
    let chunk = |from: u64, to: u64| -> Vec<T> {
        use rayon::prelude::*;
        (from..=to)
            .into_par_iter()
            .map(|seed| {
                let row = deal(seed);
                bar.inc(1);
                row
            })
            .collect()
    };
    let rows = in_chunks(&pool, first, last, chunk);
    bar.finish_and_clear();
    Ok(Ran {
        rows,
        threads: pool.current_num_threads(),
    })
}

/// The won / proven / undecided lines of a batch table, from each deal's verdict word
/// (`won`, `proven`, `undecided`) and line length.
pub(super) fn print_verdicts(rows: &[(&str, usize)]) {
    felt::say!("{:<22} {:>7} {:>8}", "", "deals", "share");
    for (name, key) in [
        ("won", "won"),
        ("proven unwinnable", "proven"),
        ("undecided", "undecided"),
    ] {
        let k = rows.iter().filter(|r| r.0 == key).count();
        felt::say!("{name:<22} {k:>7} {:>8}", share(k, rows.len()));
    }
}

/// `k` of `n` as a percentage with one decimal, or `—` when there are none to share.
pub(super) fn share(k: usize, n: usize) -> String {
    if n == 0 {
        return NOTHING.to_string();
    }
    format!("{:.1}%", 100.0 * k as f64 / n as f64)
}

/// What a figure reads when there is nothing to count (no deal won, say).
pub(super) const NOTHING: &str = "—";

/// The usual figures of a batch's line: median, 90th percentile, largest.
pub(crate) const SPREAD: &[(&str, f64)] =
    &[("median", 0.5), ("90th percentile", 0.9), ("max", 1.0)];

/// Figures of `values` (in any order) in one line's words, `median 1.1 ms, 90th percentile
/// 1.2 ms, max 1.3 ms` for `SPREAD`: every figure rounded to the same `decimals`, so that no
/// figure of a line reads smaller than one it is at least; each `—` when `values` is empty.
pub(crate) fn figures(
    values: &[f64],
    points: &[(&str, f64)],
    decimals: usize,
    unit: &str,
) -> String {
    let mut sorted = values.to_vec();
    sorted.sort_by(f64::total_cmp);
    points
        .iter()
        .map(|&(name, p)| match percentile(&sorted, p) {
            Some(v) => format!("{name} {v:.decimals$}{unit}"),
            None => format!("{name} {NOTHING}"),
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// The median, 90th percentile and longest winning line of a batch, from the rows of
/// [`print_verdicts`].
pub(super) fn print_lengths(rows: &[(&str, usize)]) {
    let lengths: Vec<f64> = rows
        .iter()
        .filter(|r| r.0 == "won")
        .map(|r| r.1 as f64)
        .collect();
    felt::say!(
        "moves a won deal        {}",
        figures(&lengths, SPREAD, 0, "")
    );
}

/// The value at fraction `p` of `sorted` (nearest rank: the median of 1, 2, 3, 4 is 2, the
/// max is the last); `None` for no values.
pub(super) fn percentile(sorted: &[f64], p: f64) -> Option<f64> {
    if sorted.is_empty() {
        return None;
    }
    let i = ((sorted.len() as f64 * p).ceil() as usize).clamp(1, sorted.len()) - 1;
    Some(sorted[i])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_figure_of_a_line_is_rounded_alike() {
        // The case of issue 28: the max was written without decimals, under the median.
        let t = [1.06, 1.12, 1.34];
        assert_eq!(
            figures(&t, SPREAD, 1, " ms"),
            "median 1.1 ms, 90th percentile 1.3 ms, max 1.3 ms"
        );
        assert_eq!(
            figures(&[40.0, 12.0, 7.0], SPREAD, 0, ""),
            "median 12, 90th percentile 40, max 40"
        );
    }

    #[test]
    fn nothing_to_count_reads_as_a_dash_not_zero() {
        assert_eq!(
            figures(&[], SPREAD, 0, ""),
            "median —, 90th percentile —, max —"
        );
        assert_eq!(share(0, 0), "—");
        assert_eq!(share(1, 3), "33.3%");
    }
}
