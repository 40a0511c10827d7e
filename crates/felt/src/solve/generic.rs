//! `felt solve` for a ruleset other than Spider (a plugin's): through the generic analysis
//! hook (`AnalyzeRequest::Solve`), bounded by states, since a budget callback cannot cross the
//! plugin boundary. The same table as Spider's: won / proven / undecided, CPU time, and the
//! length of the winning lines.

use super::{
    cpu_ms_since, figures, in_chunks, print_lengths, print_verdicts, progress, thread_cpu,
    worker_pool, SolveArgs, SPREAD,
};
use anyhow::{anyhow, bail, Result};
use felt_core::{Analysis, AnalyzeRequest, Catalog, DynRuleset, GameState, Status};
use rayon::prelude::*;
use std::sync::Arc;

/// Positions a search may visit when `--budget-states` is not given.
const DEFAULT_STATES: u64 = 1_000_000;

/// The state budget of a generic solve; a time budget alone cannot be kept through the hook.
fn states_budget(args: &SolveArgs) -> Result<u64> {
    match (args.budget_states, args.budget_ms) {
        (Some(n), _) => Ok(n),
        (None, Some(_)) => bail!(
            "this ruleset's solver is bounded by positions, not time: use --budget-states N \
             (default {DEFAULT_STATES})"
        ),
        (None, None) => Ok(DEFAULT_STATES),
    }
}

/// One deal of a batch: its seed, the verdict's word, the line's length, states, CPU ms.
type Row = (u64, &'static str, usize, u64, f64);

/// What one solve said: a word for the table, the line's length, states.
fn verdict(analysis: Option<Analysis>) -> Result<(&'static str, usize, u64)> {
    match analysis {
        Some(Analysis::Won { actions, states }) => Ok(("won", actions.len(), states)),
        Some(Analysis::Unwinnable { states }) => Ok(("proven", 0, states)),
        Some(Analysis::Undecided { states }) => Ok(("undecided", 0, states)),
        Some(other) => bail!("the ruleset answered a solve with {other:?}"),
        None => bail!("this ruleset has no solver"),
    }
}

/// Solves one position of `ruleset` and prints the answer.
pub(super) fn solve_one(
    ruleset: &Arc<dyn DynRuleset>,
    state: &GameState,
    label: &str,
    args: &SolveArgs,
) -> Result<()> {
    let max_states = states_budget(args)?;
    felt::say!("{label}");
    if ruleset.status(state) != Status::Playing {
        felt::say!("the game is over: {}", ruleset.status(state).word());
        return Ok(());
    }
    let request = AnalyzeRequest::Solve {
        full_information: true,
        max_states,
    };
    let start = thread_cpu();
    let analysis = ruleset.analyze(state, &request);
    let ms = cpu_ms_since(start);
    let moves = match &analysis {
        Some(Analysis::Won { actions, .. }) => Some(actions.clone()),
        _ => None,
    };
    let (word, length, states) = verdict(analysis)?;
    match word {
        "won" => felt::say!("won in {length} moves"),
        "proven" => felt::say!("proven unwinnable: no line wins from here"),
        _ => felt::say!(
            "undecided: the budget of {max_states} states ran out (--budget-states raises it)"
        ),
    }
    felt::say!("CPU time {ms:.0} ms, {states} states searched");
    if let (true, Some(actions)) = (args.moves, moves) {
        for action in actions {
            felt::say!("{action}");
        }
    }
    Ok(())
}

/// `felt solve --variant V --deals A..B` for a ruleset with an analysis hook.
pub(super) fn solve_table(
    catalog: &Catalog,
    variant: &str,
    first: u64,
    last: u64,
    args: &SolveArgs,
) -> Result<()> {
    let ruleset = catalog.build(variant, args.rules.as_deref())?;
    // The range's ends are the deals furthest out: a range the ruleset deals all of.
    ruleset.check_shuffle(first)?;
    ruleset.check_shuffle(last)?;
    let max_states = states_budget(args)?;
    let pool = worker_pool(args.jobs)?;
    let bar = progress((last - first).saturating_add(1));
    let chunk = |from: u64, to: u64| -> Vec<Result<Row>> {
        (from..=to)
            .into_par_iter()
            .map(|seed| {
                let state = ruleset.new_game(seed);
                let request = AnalyzeRequest::Solve {
                    full_information: true,
                    max_states,
                };
                let start = thread_cpu();
                let answer = verdict(ruleset.analyze(&state, &request));
                let ms = cpu_ms_since(start);
                bar.inc(1);
                answer.map(|(word, length, states)| (seed, word, length, states, ms))
            })
            .collect()
    };
    let rows = in_chunks(&pool, first, last, chunk)
        .into_iter()
        .collect::<Result<Vec<_>>>()
        .map_err(|e| anyhow!("{e}"))?;
    bar.finish_and_clear();
    if args.verbose {
        for (seed, word, length, states, ms) in &rows {
            felt::say!(
                "deal {seed:>7}: {word:<10} {ms:>8.1} ms {states:>10} states {length:>5} moves"
            );
        }
    }
    felt::say!(
        "solve: {variant} ({}), deals {first}..{last}, {} job(s)",
        ruleset.info().rules,
        super::jobs_of(args.jobs)
    );
    felt::say!("budget {max_states} states a deal");
    let verdicts: Vec<(&str, usize)> = rows.iter().map(|r| (r.1, r.2)).collect();
    print_verdicts(&verdicts);
    // The proven deals by number (the first twenty): a named unwinnable deal is a fact a
    // player can check.
    let proven: Vec<String> = rows
        .iter()
        .filter(|r| r.1 == "proven")
        .map(|r| r.0.to_string())
        .collect();
    if !proven.is_empty() {
        let more = if proven.len() > 20 { ", …" } else { "" };
        felt::say!(
            "  proven unwinnable     deal {}{more}",
            proven[..proven.len().min(20)].join(", ")
        );
    }
    print_lengths(&verdicts);
    let t: Vec<f64> = rows.iter().map(|r| r.4).collect();
    felt::say!("CPU time a deal         {}", figures(&t, SPREAD, 1, " ms"));
    Ok(())
}
