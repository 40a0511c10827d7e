//! `felt solve --variant V --deals A..B --dead-ends`: the exact dead-end check timed on
//! positions met in random games once their stock is empty.

use super::{budget_of, deadline, header, percentile, pool, progress, Deals};
use anyhow::Result;
use felt_core::{Action, Ruleset, Status};
use felt_spider::solver::glue::{position_of, rules_of};
use felt_spider::solver::{dead_end, Position};
use felt_spider::SpiderRuleset;
use rayon::prelude::*;
use std::time::Instant;

/// A small deterministic generator for random play.
fn next(seed: &mut u64) -> u64 {
    *seed = seed
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    *seed >> 33
}

/// Random legal play of one deal until the stock is empty, then on until the game ends: the
/// positions met once the stock is empty, up to `keep` of them. A variant that ends the game at
/// a dead end (SITE-DEADEND) ends its random games there too, so the positions are the ones
/// its players meet.
fn random_positions(ruleset: &SpiderRuleset, seed: u64, keep: usize) -> Vec<Position> {
    let mut state = ruleset.deal(seed);
    let mut rng = seed ^ 0x5eed_dead;
    let mut actions: Vec<Action> = Vec::new();
    let mut out = Vec::new();
    for _ in 0..5_000 {
        actions.clear();
        ruleset.legal_actions(&state, &mut actions);
        if actions.is_empty() || out.len() >= keep {
            break;
        }
        let pos = position_of(ruleset, &state);
        if pos.rows_left() == 0 {
            out.push(pos);
        }
        // The game ends where the variant says it does (SITE-DEADEND ends it at a dead end):
        // no position after that is ever checked.
        if !matches!(ruleset.status(&state), Status::Playing) {
            break;
        }
        // Deal as soon as it is allowed, about one step in ten, so games reach the end.
        let deal = actions
            .iter()
            .position(|a| matches!(a, Action::Deal { .. }));
        let pick = match deal {
            Some(i) if next(&mut rng).is_multiple_of(10) => i,
            _ => next(&mut rng) as usize % actions.len(),
        };
        if ruleset.apply(&mut state, &actions[pick]).is_err() {
            break;
        }
    }
    out
}

pub(super) fn dead_end_table(deals: &Deals<'_>) -> Result<()> {
    let (ruleset, args) = (deals.ruleset, deals.args);
    let (first, last) = (deals.first, deals.last);
    use felt_spider::solver::DeadEnd;
    // What one check answered: 0 stuck, 1 not stuck, 2 undecided (the budget ran out).
    let rules = rules_of(ruleset);
    let bar = progress(last - first + 1);
    let timings: Vec<(f64, usize, u64)> = pool(args)?.install(|| {
        (first..=last)
            .into_par_iter()
            .flat_map_iter(|seed| {
                let positions = random_positions(ruleset, seed, 20);
                let out: Vec<(f64, usize, u64)> = positions
                    .iter()
                    .map(|pos| {
                        let keep_going = deadline(args.budget_ms);
                        let start = Instant::now();
                        let answer = dead_end(pos, &rules, budget_of(args, &keep_going));
                        let ms = start.elapsed().as_secs_f64() * 1000.0;
                        let (kind, states) = match answer {
                            DeadEnd::Stuck { states } => (0, states),
                            DeadEnd::NotStuck { states, .. } => (1, states),
                            DeadEnd::Undecided { states } => (2, states),
                        };
                        // With --verbose, the slow checks are shown, to see what makes them slow.
                        if args.verbose && ms >= 20.0 {
                            let what = ["stuck", "not stuck", "undecided"][kind];
                            bar.suspend(|| {
                                println!(
                                    "deal {seed}: {what}, {states} states, {ms:.1} ms\n{pos:?}\n"
                                )
                            });
                        }
                        (ms, kind, states)
                    })
                    .collect();
                bar.inc(1);
                out
            })
            .collect()
    });
    bar.finish_and_clear();
    header(deals, "exact dead-end check");
    let mut t: Vec<f64> = timings.iter().map(|x| x.0).collect();
    t.sort_by(f64::total_cmp);
    let count = |kind: usize| timings.iter().filter(|x| x.1 == kind).count();
    println!(
        "{} positions with an empty stock, from random play: {} stuck, {} not stuck, {} undecided (budget {} ms)",
        timings.len(),
        count(0),
        count(1),
        count(2),
        args.budget_ms
    );
    println!(
        "time a check: median {:.2} ms, 90th percentile {:.2} ms, 99th percentile {:.2} ms, max {:.2} ms",
        percentile(&t, 0.5),
        percentile(&t, 0.9),
        percentile(&t, 0.99),
        percentile(&t, 1.0)
    );
    let max_states = timings.iter().map(|x| x.2).max().unwrap_or(0);
    println!("most positions visited by one check: {max_states}");
    Ok(())
}
