//! Solves a range of Microsoft deals and prints how many were won, proven lost or left
//! undecided, with the CPU time a deal took (median, 90th percentile, most).
//!
//! ```sh
//! cargo run --release -p felt-freecell --example freecell_deals -- 1 32000 [max_states]
//! ```
//!
//! `FREECELL_VARIANT=eight-off` measures a bundled variant, `FREECELL_DEALS=325,437` a list of
//! deals. Runs on one thread. CPU time is the thread's own clock, else wall time.

use felt_core::{Analysis, Ruleset};
use felt_freecell::{FreeCell, Params};
use std::time::Instant;

fn thread_cpu_ns() -> Option<u64> {
    let mut t = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: clock_gettime writes one timespec, which `t` is.
    let ok = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) } == 0;
    ok.then(|| t.tv_sec as u64 * 1_000_000_000 + t.tv_nsec as u64)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let arg = |i: usize, default: u64| -> u64 {
        args.get(i)
            .map(|s| {
                s.parse()
                    .unwrap_or_else(|_| panic!("'{s}' is not a number"))
            })
            .unwrap_or(default)
    };
    let (first, last, budget) = (arg(0, 1), arg(1, 1000), arg(2, 2_000_000));
    // FREECELL_DEALS=325,437 measures just those deals.
    let deals: Vec<u64> = match std::env::var("FREECELL_DEALS") {
        Ok(list) => list
            .split(',')
            .filter_map(|d| d.trim().parse().ok())
            .collect(),
        Err(_) => (first..=last).collect(),
    };
    // FREECELL_VARIANT=eight-off measures a bundled variant instead of classic FreeCell.
    let fc = match std::env::var("FREECELL_VARIANT") {
        Ok(id) => {
            let (_, text) = felt_freecell::VARIANTS
                .iter()
                .find(|(name, _)| name.trim_end_matches(".toml") == id)
                .unwrap_or_else(|| panic!("no bundled variant {id}"));
            let table: toml::Table = text.parse().expect("bundled variants parse");
            let game = table
                .get("game")
                .and_then(|g| g.as_table())
                .cloned()
                .unwrap_or_default();
            FreeCell::with_params(Params::from_table(&game).expect("bundled variants check"))
        }
        Err(_) => FreeCell::with_params(Params::default()),
    };
    let (mut won, mut lost, mut undecided) = (Vec::new(), Vec::new(), Vec::new());
    let mut times = Vec::new();
    let mut states = Vec::new();
    for &deal in &deals {
        let state = fc.new_game(deal);
        let (cpu0, wall0) = (thread_cpu_ns(), Instant::now());
        let answer = felt_freecell::solver::glue::solve(&fc, &state, budget);
        let ns = match (cpu0, thread_cpu_ns()) {
            (Some(a), Some(b)) => b - a,
            _ => wall0.elapsed().as_nanos() as u64,
        };
        times.push(ns);
        match answer {
            Analysis::Won { states: s, .. } => {
                won.push(deal);
                states.push(s);
            }
            Analysis::Unwinnable { states: s } => {
                lost.push(deal);
                states.push(s);
            }
            Analysis::Undecided { states: s } => {
                undecided.push(deal);
                states.push(s);
            }
            _ => {}
        }
    }
    times.sort_unstable();
    states.sort_unstable();
    let pct = |v: &[u64], p: usize| v[(v.len() - 1) * p / 100];
    println!(
        "{} deals from {}: won {}, proven unwinnable {} {:?}, undecided {} {:?}",
        deals.len(),
        deals.first().unwrap_or(&0),
        won.len(),
        lost.len(),
        lost,
        undecided.len(),
        undecided
    );
    println!(
        "cpu per deal: median {:.2} ms, p90 {:.2} ms, max {:.1} ms; states median {}, p90 {}, max {}",
        pct(&times, 50) as f64 / 1e6,
        pct(&times, 90) as f64 / 1e6,
        pct(&times, 100) as f64 / 1e6,
        pct(&states, 50),
        pct(&states, 90),
        pct(&states, 100)
    );
}
