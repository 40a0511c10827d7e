//! `felt solve --variant V --deals A..B --dead-ends`: the exact dead-end check timed on
//! positions met in random games once their stock is empty.

use super::{
    budget_of, cpu_ms_since, deadline, figures, header, in_chunks, pool, progress, thread_cpu,
    Deals,
};
use anyhow::Result;
use felt_spider::solver::dead_end;
use felt_spider::solver::glue::{random_endgames, rules_of};
use rayon::prelude::*;

pub(super) fn dead_end_table(deals: &Deals<'_>) -> Result<()> {
    let (ruleset, args) = (deals.ruleset, deals.args);
    let (first, last) = (deals.first, deals.last);
    use felt_spider::solver::DeadEnd;
    // What one check answered: 0 stuck, 1 not stuck, 2 undecided (the budget ran out).
    let rules = rules_of(ruleset);
    let bar = progress((last - first).saturating_add(1));
    let pool = pool(args)?;
    let chunk = |from: u64, to: u64| -> Vec<(f64, usize, u64)> {
        (from..=to)
            .into_par_iter()
            .flat_map_iter(|seed| {
                let positions = random_endgames(ruleset, seed, 20);
                let out: Vec<(f64, usize, u64)> = positions
                    .iter()
                    .map(|pos| {
                        let start = thread_cpu();
                        let keep_going = deadline(args.time_limit());
                        let answer = dead_end(pos, &rules, budget_of(args, &keep_going));
                        let ms = cpu_ms_since(start);
                        let (kind, states) = match answer {
                            DeadEnd::Stuck { states } => (0, states),
                            DeadEnd::NotStuck { states, .. } => (1, states),
                            DeadEnd::Undecided { states } => (2, states),
                        };
                        // With --verbose, the slow checks are shown, to see what makes them slow.
                        if args.verbose && ms >= 20.0 {
                            let what = ["stuck", "not stuck", "undecided"][kind];
                            bar.suspend(|| {
                                felt::say!(
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
    };
    let timings = in_chunks(&pool, first, last, chunk);
    bar.finish_and_clear();
    header(deals, "exact dead-end check");
    let t: Vec<f64> = timings.iter().map(|x| x.0).collect();
    let count = |kind: usize| timings.iter().filter(|x| x.1 == kind).count();
    felt::say!(
        "{} positions with an empty stock, from random play: {} stuck, {} not stuck, {} undecided (budget {})",
        timings.len(),
        count(0),
        count(1),
        count(2),
        args.budget_text()
    );
    let points = [
        ("median", 0.5),
        ("90th percentile", 0.9),
        ("99th percentile", 0.99),
        ("max", 1.0),
    ];
    felt::say!("CPU time a check: {}", figures(&t, &points, 2, " ms"));
    let max_states = timings.iter().map(|x| x.2).max().unwrap_or(0);
    felt::say!("most positions visited by one check: {max_states}");
    Ok(())
}
