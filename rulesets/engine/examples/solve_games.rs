//! Measures the engine's solver: deals `A..B` of one game, each solved with every card read
//! under a CPU budget, and prints how many were won, proven lost and left undecided, with the
//! median and mean CPU time a deal took.
//!
//! ```text
//! cargo run --release -p felt-engine --example solve_games -- GAME [A..B] [MS] [--verbose]
//! ```
//!
//! `GAME` is a shipped game's id (`yukon`, `patience-freecell`, … as `felt variants` lists
//! them: the files of `variants/`, not copies of them), or a variant file (its `[game]`
//! table is read) or a bare `[game]` table. Deals default to `1..201`, the budget to
//! 1000 ms of CPU time.

use felt_core::analysis::thread_cpu;
use felt_core::{Analysis, AnalyzeRequest, Budget, Ruleset};
use std::time::Duration;

fn main() -> Result<(), String> {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    // `--verbose`, anywhere: a line a deal, its verdict, CPU time and tables.
    let verbose = args.iter().any(|a| a == "--verbose");
    args.retain(|a| a != "--verbose");
    let name = args.first().ok_or("usage: solve_games GAME [A..B] [MS]")?;
    // A shipped game by its id (its file's name), else a file.
    let text = match felt_engine::variants::shipped(name) {
        Some(t) => t.to_string(),
        None => std::fs::read_to_string(name).map_err(|e| format!("{name}: {e}"))?,
    };
    let engine = felt_engine::variants::engine_from_text(name, &text)?;
    let (from, to) = match args.get(1) {
        Some(range) => {
            let (a, b) = range.split_once("..").ok_or("deals are A..B")?;
            (
                a.parse::<u64>().map_err(|e| e.to_string())?,
                b.parse::<u64>().map_err(|e| e.to_string())?,
            )
        }
        None => (1, 201),
    };
    let ms: u64 = match args.get(2) {
        Some(ms) => ms.parse().map_err(|_| "MS is a number")?,
        None => 1000,
    };
    let request = AnalyzeRequest::Solve {
        full_information: true,
        budget: Budget {
            cpu_ms: Some(ms),
            ..Budget::default()
        },
    };
    let (mut won, mut lost, mut undecided) = (0, 0, Vec::new());
    let mut times: Vec<Duration> = Vec::new();
    let mut states = 0u64;
    for seed in from..to {
        let state = engine.new_game(seed);
        let start = thread_cpu();
        let answer = engine.analyze_metered(&state, &request);
        times.push(thread_cpu() - start);
        if verbose {
            let (verdict, report) = match &answer {
                Some(Analysis::Won { report, .. }) => ("won", Some(report)),
                Some(Analysis::Unwinnable { report }) => ("lost", Some(report)),
                Some(Analysis::Undecided { report }) => ("undecided", Some(report)),
                _ => ("?", None),
            };
            println!(
                "deal {seed}: {verdict}, {:.1} ms, {} states",
                times.last().map_or(0.0, |t| t.as_secs_f64() * 1e3),
                report.map_or(0, |r| r.states),
            );
        }
        match answer {
            Some(Analysis::Won { report, .. }) => {
                won += 1;
                states += report.states;
            }
            Some(Analysis::Unwinnable { report }) => {
                lost += 1;
                states += report.states;
            }
            Some(Analysis::Undecided { report }) => {
                undecided.push(seed);
                states += report.states;
            }
            other => return Err(format!("deal {seed}: {other:?}")),
        }
    }
    times.sort();
    let n = times.len().max(1);
    let median = times.get(times.len() / 2).copied().unwrap_or_default();
    let mean = times.iter().sum::<Duration>() / n as u32;
    println!(
        "{name} deals {from}..{to} at {ms} ms: won {won}, proven lost {lost}, undecided {} ({:.1} %); median {:.1} ms, mean {:.1} ms, {} states a deal, {:.0} k states a CPU second",
        undecided.len(),
        100.0 * undecided.len() as f64 / n as f64,
        median.as_secs_f64() * 1e3,
        mean.as_secs_f64() * 1e3,
        states / n as u64,
        states as f64 / times.iter().sum::<Duration>().as_secs_f64().max(1e-9) / 1e3,
    );
    if !undecided.is_empty() {
        println!("undecided: {undecided:?}");
    }
    Ok(())
}
