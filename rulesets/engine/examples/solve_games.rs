//! Measures the engine's solver: deals `A..B` of one game, each solved with every card read
//! under a CPU budget, and prints how many were won, proven lost and left undecided, with the
//! median and mean CPU time a deal took.
//!
//! ```text
//! cargo run --release -p felt-engine --example solve_games -- GAME [A..B] [MS]
//! ```
//!
//! `GAME` is a variant file (its `[game]` table is read) or a bare `[game]` table, or one of
//! the games the engine's tests describe, by name: yukon, klondike, freecell, bakers-dozen,
//! golf, canfield, scorpion. Deals default to `1..201`, the budget to 1000 ms of CPU time.

use felt_core::analysis::thread_cpu;
use felt_core::{Analysis, AnalyzeRequest, Budget, Ruleset};
use felt_engine::{Engine, Game};
use std::time::Duration;

/// The games of the engine's test suite (tests/engine/support.rs), by name.
const GAMES: &[(&str, &str)] = &[
    (
        "yukon",
        r#"
tableau = { columns = 7, down = [0, 1, 2, 3, 4, 5, 6], up = [1, 5, 5, 5, 5, 5, 5] }
move = "any-face-up"
empty = "king"
"#,
    ),
    (
        "klondike",
        r#"
tableau = { columns = 7, down = [0, 1, 2, 3, 4, 5, 6], up = 1 }
move = "sequence"
empty = "king"
stock = { cards = 1, redeals = "unlimited" }
"#,
    ),
    (
        "freecell",
        r#"
tableau = { columns = 8, up = [7, 7, 7, 7, 6, 6, 6, 6] }
cells.count = 4
move = "supermove"
"#,
    ),
    (
        "bakers-dozen",
        r#"
tableau = { columns = 13, up = 4, kings_to_bottom = true }
build.by = "any"
empty = "none"
"#,
    ),
    (
        "golf",
        r#"
tableau = { columns = 7, up = 5 }
foundations = { count = 1, build = "either", by = "any", start = "one-card" }
build.direction = "none"
empty = "none"
stock = { deal = "foundation" }
"#,
    ),
    (
        "canfield",
        r#"
tableau.columns = 4
reserve.cards = 13
foundations = { base = "first-dealt", start = "one-card", wrap = true }
build.wrap = true
move = "pile"
empty = "auto-reserve"
stock = { cards = 3, redeals = "unlimited" }
"#,
    ),
    (
        "scorpion",
        r#"
tableau = { columns = 7, down = [3, 3, 3, 3, 0, 0, 0], up = [4, 4, 4, 4, 7, 7, 7] }
build.by = "suit"
move = { group = "any-face-up", by = "any" }
empty = "king"
stock = { deal = "columns" }
win = "sequences"
"#,
    ),
];

fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let name = args.first().ok_or("usage: solve_games GAME [A..B] [MS]")?;
    let text = match GAMES.iter().find(|(n, _)| n == name) {
        Some((_, t)) => t.to_string(),
        None => std::fs::read_to_string(name).map_err(|e| format!("{name}: {e}"))?,
    };
    let table: toml::Table = text.parse().map_err(|e| format!("{name}: {e}"))?;
    let table = match table.get("game") {
        Some(toml::Value::Table(game)) => game.clone(),
        _ => table,
    };
    let game = Game::read(&table).map_err(|e| format!("{:?}: {}", e.key, e.message))?;
    let engine = Engine::for_game(game, None).map_err(|e| e.message)?;
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
        "{name} deals {from}..{to} at {ms} ms: won {won}, proven lost {lost}, undecided {} ({:.1} %); median {:.1} ms, mean {:.1} ms, {} states a deal",
        undecided.len(),
        100.0 * undecided.len() as f64 / n as f64,
        median.as_secs_f64() * 1e3,
        mean.as_secs_f64() * 1e3,
        states / n as u64,
    );
    if !undecided.is_empty() {
        println!("undecided: {undecided:?}");
    }
    Ok(())
}
