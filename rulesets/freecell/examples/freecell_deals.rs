//! Solves a range of Microsoft deals and prints how many were won, proven lost or left
//! undecided, with the CPU time a deal took (median, 90th percentile, most).
//!
//! ```sh
//! cargo run --release -p felt-freecell --example freecell_deals -- 1 32000 [max_states]
//! ```
//!
//! `FREECELL_VARIANT=eight-off` measures a bundled variant, `FREECELL_DEALS=325,437` a list of
//! deals. Runs on one thread. CPU time is the thread's own clock, else wall time.
//! `FREECELL_VERBOSE=1` prints a line a deal (verdict, CPU ns, states, the line's moves and
//! those not to a foundation), the shape `bench/fc_solve_deals.c` prints for fc-solve, so the
//! two pair deal by deal. `FREECELL_COST=C` runs one scan of the win finder alone instead of
//! the whole solve, charging C a move, with `FREECELL_WEIGHT` (times the distance, default 1)
//! and `FREECELL_ROOM` (more for room to move, default 0): how the scans were chosen.
//! `FREECELL_EVERY=0` leaves out the moves the first scan leaves out, `FREECELL_FIRST=1` takes
//! the distance's first weights (the second scan's).
//! `FREECELL_EXACT=1` runs the exact search alone (the one that proves), without the scans.
//! `FREECELL_CPU_MS=1000` gives each deal felt's default budget instead of positions: that
//! much CPU time, as `felt solve` does.

use felt_core::{Analysis, Ruleset};
use felt_freecell::{FreeCell, Params};
use felt_patience::testing::thread_cpu_ns;
use std::time::Instant;

fn main() {
    let (deals, budget) = felt_patience::testing::deals_from_args("FREECELL_DEALS", 2_000_000);
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
    let verbose = std::env::var("FREECELL_VERBOSE").is_ok_and(|v| v == "1");
    // The settings, read once: reading the environment is no part of a solve's time.
    // FREECELL_CPU_MS=1000: felt's default budget instead, that much of the thread's CPU
    // time and no positions limit (as `felt solve`), for the undecided counts.
    let cpu_ms: Option<u64> = setting("FREECELL_CPU_MS");
    // FREECELL_COST=N runs the win finder alone with that cost a move (a tuning aid).
    let room = setting("FREECELL_ROOM").unwrap_or(0);
    let depth_cost: Option<i32> = setting("FREECELL_COST");
    let weight = setting("FREECELL_WEIGHT").unwrap_or(1);
    // FREECELL_EVERY=0: the first scan's fewer moves.
    let every_move = std::env::var("FREECELL_EVERY").map_or(true, |v| v == "1");
    // FREECELL_FIRST=1: the distance's first weights (the second scan's) for FREECELL_COST.
    let first_weights = std::env::var("FREECELL_FIRST").is_ok_and(|v| v == "1");
    // FREECELL_EXACT=1: the exact search alone.
    let exact = std::env::var("FREECELL_EXACT").is_ok_and(|v| v == "1");
    for &deal in &deals {
        let state = fc.new_game(deal);
        let (cpu0, wall0) = (thread_cpu_ns(), Instant::now());
        let mut searched = None;
        let keep_going = move |_: u64| {
            thread_cpu_ns().is_some_and(|now| {
                now - cpu0.unwrap_or(0) < cpu_ms.unwrap_or(u64::MAX / 1_000_000) * 1_000_000
            })
        };
        let limits = match cpu_ms {
            Some(_) => felt_patience::search::Limits::new(
                &felt_core::analysis::Budget::default(),
                &keep_going,
            ),
            None => felt_patience::search::Limits::states(budget),
        };
        let answer = match depth_cost {
            None if exact => {
                let game = felt_freecell::solver::Game::new(fc.params());
                felt_freecell::solver::search(&game, &game.from_state(&state), &limits)
                    .into_analysis(|line| {
                        felt_freecell::solver::glue::actions_for(&fc, &state, line)
                    })
            }
            Some(depth_cost) => {
                let cost = felt_freecell::solver::fast::Scan {
                    weight,
                    depth_cost,
                    room,
                    weights: match first_weights {
                        true => felt_freecell::solver::position::FIRST_WEIGHTS,
                        false => felt_freecell::solver::position::WEIGHTS,
                    },
                    every_move,
                };
                use felt_freecell::solver::fast::{find_win, Finding};
                let game = felt_freecell::solver::Game::new(fc.params());
                let found = find_win(&game, &game.from_state(&state), &limits, cost);
                if verbose {
                    eprintln!("{deal} expanded {} stored {}", found.expanded, found.states);
                }
                let report = felt_patience::search::Report::new(
                    match found.finding {
                        Finding::Won(line) => felt_patience::search::Outcome::Won(line),
                        Finding::Exhausted => felt_patience::search::Outcome::Lost,
                        Finding::Stopped(_) => felt_patience::search::Outcome::Undecided,
                    },
                    found.states,
                );
                report.into_analysis(|line| {
                    felt_freecell::solver::glue::actions_for(&fc, &state, line)
                })
            }
            // `glue::solve`, with the time its search ends noted: what the solve costs
            // before its line is replayed through the ruleset and turned into actions.
            None => {
                let game = felt_freecell::solver::Game::new(fc.params());
                let report =
                    felt_freecell::solver::fast::solve(&game, &game.from_state(&state), &limits);
                searched = thread_cpu_ns();
                report.into_analysis(|line| {
                    felt_freecell::solver::glue::actions_for(&fc, &state, line)
                })
            }
        };
        let ns = match (cpu0, thread_cpu_ns()) {
            (Some(a), Some(b)) => b - a,
            _ => wall0.elapsed().as_nanos() as u64,
        };
        times.push(ns);
        if verbose {
            let (verdict, states, moves, not_up) = match &answer {
                Analysis::Won { report, actions } => {
                    let layout = fc.rules().layout();
                    let up = actions
                        .iter()
                        .filter(|a| {
                            matches!(a, felt_core::Action::Move { to, .. }
                                if matches!(layout.pile(*to), Some(felt_freecell::Pile::Foundation(_))))
                        })
                        .count();
                    ("won", report.states, actions.len(), actions.len() - up)
                }
                Analysis::Unwinnable { report } => ("lost", report.states, 0, 0),
                Analysis::Undecided { report } => ("undecided", report.states, 0, 0),
                _ => ("?", 0, 0, 0),
            };
            // What stopped an undecided solve, last (the pairing scripts read the first
            // fields only).
            let stopped = match &answer {
                Analysis::Undecided { report } => format!(" stopped={:?}", report.stopped),
                _ => String::new(),
            };
            // The search alone, without the line's replay (the whole solve's time where the
            // mode has no replay apart).
            let solve_ns = match (cpu0, searched) {
                (Some(a), Some(b)) => b - a,
                _ => ns,
            };
            println!(
                "{deal} {verdict} cpu_ns={ns} states={states} moves={moves} not_up={not_up} solve_ns={solve_ns}{stopped}"
            );
        }
        match answer {
            Analysis::Won { report, .. } => {
                let s = report.states;
                won.push(deal);
                states.push(s);
            }
            Analysis::Unwinnable { report } => {
                let s = report.states;
                lost.push(deal);
                states.push(s);
            }
            Analysis::Undecided { report } => {
                let s = report.states;
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

/// The environment variable `name` read as a number, if it is set and is one.
fn setting<T: std::str::FromStr>(name: &str) -> Option<T> {
    std::env::var(name).ok().and_then(|v| v.parse().ok())
}
