//! `felt solve --variant V --deals A..B --dead-ends`: the ruleset's dead-end check timed on the
//! positions random games end in, for any ruleset that answers it.
//!
//! Each deal is played by picking legal actions at random (a generator seeded by the deal, so
//! the positions repeat) until the game ends, no action is left, or [`MOVES`] actions; the
//! check is then asked of the last [`KEEP`] positions of that game, where dead ends are met.

use super::{cpu_ms_since, figures, header, run_deals, thread_cpu, Deals};
use anyhow::{bail, Result};
use felt_core::{Analysis, AnalyzeRequest, DynRuleset, GameState, Status};

/// Actions a random game may take before it is cut off.
const MOVES: usize = 2_000;
/// Positions of each random game the check is timed on: its last ones.
const KEEP: usize = 20;

/// A small deterministic generator for random play (a 64-bit linear congruence, its high
/// bits): the positions only need to repeat, not to be strong randomness.
fn next(seed: &mut u64) -> u64 {
    *seed = seed
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    *seed >> 33
}

/// The last [`KEEP`] positions of a random game of deal `seed`.
fn random_game(ruleset: &dyn DynRuleset, seed: u64) -> Vec<GameState> {
    let mut state = ruleset.new_game(seed);
    let mut rng = seed ^ 0x5eed_dead;
    let mut kept: std::collections::VecDeque<GameState> = std::collections::VecDeque::new();
    for _ in 0..MOVES {
        if ruleset.status(&state) != Status::Playing {
            break;
        }
        let legal = ruleset.legal_actions(&state);
        if legal.is_empty() {
            break;
        }
        let pick = &legal[next(&mut rng) as usize % legal.len()];
        if ruleset.apply(&mut state, pick).is_err() {
            break;
        }
        if ruleset.status(&state) == Status::Playing {
            kept.push_back(state.clone());
            if kept.len() > KEEP {
                kept.pop_front();
            }
        }
    }
    kept.into()
}

pub(super) fn dead_end_table(deals: &Deals<'_>) -> Result<()> {
    let (ruleset, args) = (deals.ruleset, deals.args);
    let (first, last) = (deals.first, deals.last);
    let opening = ruleset.new_game(first);
    if ruleset
        .analyze(&opening, &AnalyzeRequest::DeadEnd)
        .is_none()
    {
        match ruleset.stopped() {
            Some(why) => bail!("{why}"),
            None => bail!("{} offers no dead-end check", deals.variant),
        }
    }
    // Each check: its CPU time and whether it answered "stuck".
    let timings: Vec<(f64, bool)> = run_deals(args.jobs, first, last, |seed| {
        random_game(ruleset.as_ref(), seed)
            .iter()
            .map(|state| {
                let start = thread_cpu();
                let answer = ruleset.analyze(state, &AnalyzeRequest::DeadEnd);
                let ms = cpu_ms_since(start);
                (
                    ms,
                    matches!(answer, Some(Analysis::DeadEnd { stuck: true })),
                )
            })
            .collect::<Vec<_>>()
    })?
    .rows
    .into_iter()
    .flatten()
    .collect();
    header(deals, "dead-end check");
    let t: Vec<f64> = timings.iter().map(|x| x.0).collect();
    let stuck = timings.iter().filter(|x| x.1).count();
    felt::say!(
        "{} positions from the ends of random games: {stuck} stuck, {} not proven stuck",
        timings.len(),
        timings.len() - stuck
    );
    let points = [
        ("median", 0.5),
        ("90th percentile", 0.9),
        ("99th percentile", 0.99),
        ("max", 1.0),
    ];
    felt::say!("CPU time a check: {}", figures(&t, &points, 2, " ms"));
    Ok(())
}
