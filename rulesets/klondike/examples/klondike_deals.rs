//! Solves Thoughtful deals (or those of another bundled variant) and prints one line a deal in
//! the form `felt solve --verbose` uses, so two runs can be compared deal by deal.
//!
//! ```sh
//! cargo run --release -p felt-klondike --example klondike_deals -- 1 1000 [max_states]
//! ```
//!
//! `KLONDIKE_VARIANT=klondike` measures another bundled variant, `KLONDIKE_DEALS=12,40` a
//! list of deals. Runs on one thread; CPU time is the thread's own clock.

use felt_core::{Analysis, Ruleset};
use felt_klondike::{Klondike, Params};

fn thread_cpu_ns() -> u64 {
    let mut t = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: clock_gettime writes one timespec, which `t` is.
    unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) };
    t.tv_sec as u64 * 1_000_000_000 + t.tv_nsec as u64
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
    let (first, last, budget) = (arg(0, 1), arg(1, 1000), arg(2, 1_000_000));
    let deals: Vec<u64> = match std::env::var("KLONDIKE_DEALS") {
        Ok(list) => list
            .split(',')
            .filter_map(|d| d.trim().parse().ok())
            .collect(),
        Err(_) => (first..=last).collect(),
    };
    let id = std::env::var("KLONDIKE_VARIANT").unwrap_or_else(|_| "thoughtful".into());
    let (_, text) = felt_klondike::VARIANTS
        .iter()
        .find(|(name, _)| name.trim_end_matches(".toml") == id)
        .unwrap_or_else(|| panic!("no bundled variant {id}"));
    let table: toml::Table = text.parse().expect("bundled variants parse");
    let game = table
        .get("game")
        .and_then(|g| g.as_table())
        .cloned()
        .unwrap_or_default();
    let k = Klondike::with_params(Params::from_table(&game).expect("checked"), None);
    for deal in deals {
        let state = k.new_game(deal);
        let t0 = thread_cpu_ns();
        let answer = felt_klondike::solver::solve(&k, &state, budget);
        let ms = (thread_cpu_ns() - t0) as f64 / 1e6;
        let (word, states, moves) = match answer {
            Analysis::Won { states, actions } => ("won", states, actions.len()),
            Analysis::Unwinnable { states } => ("proven", states, 0),
            Analysis::Undecided { states } => ("undecided", states, 0),
            _ => ("other", 0, 0),
        };
        println!("deal {deal:>7}: {word:<10} {ms:>8.1} ms {states:>10} states {moves:>5} moves");
    }
}
