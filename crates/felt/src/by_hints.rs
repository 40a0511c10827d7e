//! `felt autoplay --by-hints`: every deal played by asking the host's [`Advisor`] for a hint
//! and playing it through a [`Session`], the path of the headless `hint` and of the
//! terminal's demo. Its table stands beside the bot's (`felt autoplay` without the flag): for
//! Spider the two must win the same deals, since a hint is the move the bot would play.

use anyhow::Result;
use felt_core::{Advice, Advisor, Catalog, DynRuleset, Session, Status};
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use std::sync::Arc;

/// Actions after which a game that has not ended counts as lost: the bot's own cap.
const MAX_ACTIONS: usize = 5_000;

/// Which deals, and how.
pub struct Batch {
    /// The first shuffle number.
    pub first: u64,
    /// How many deals.
    pub games: u64,
    /// A line a deal.
    pub verbose: bool,
    /// Threads (default: every core).
    pub jobs: Option<usize>,
}

/// How one game went.
struct Game {
    seed: u64,
    outcome: &'static str,
    actions: usize,
    /// Hints offered though they returned to a table already on the game's line.
    repeats: usize,
    ms: f64,
}

/// Plays deal `seed` by hints to its end.
fn play(ruleset: &Arc<dyn DynRuleset>, catalog: &Catalog, variant: &str, seed: u64) -> Game {
    // The game is played on one worker thread: its CPU time is the game's, however busy the
    // machine is.
    let start = crate::solve::budget::thread_cpu();
    let Ok(code) = catalog.code_for(variant, Some(&ruleset.info().rules), seed) else {
        return Game {
            seed,
            outcome: "no code",
            actions: 0,
            repeats: 0,
            ms: 0.0,
        };
    };
    // No undo is taken, so none is kept.
    let mut session = Session::new(ruleset.clone(), code, 0);
    let mut advisor = Advisor::new();
    let mut repeats = 0;
    let outcome = loop {
        match session.status() {
            Status::Won { .. } => break "won",
            Status::Over { .. } => break "over",
            Status::Playing if session.log().len() >= MAX_ACTIONS => break "cap",
            Status::Playing => {}
        }
        // No hint in a game that goes on: this game is stuck and lost, the batch goes on.
        let Advice::Hint(hint) = advisor.hint_in(&session) else {
            break "stuck";
        };
        repeats += usize::from(hint.repeats);
        if session.act(&hint.action).is_err() {
            break "refused";
        }
        advisor.table_changed();
    };
    Game {
        seed,
        outcome,
        actions: session.log().len(),
        repeats,
        ms: crate::solve::budget::cpu_ms_since(start),
    }
}

/// Runs the batch and prints its table.
pub fn run(catalog: &Catalog, variant: &str, batch: Batch) -> Result<()> {
    let ruleset = catalog.build(variant, None)?;
    if !ruleset.info().hints {
        anyhow::bail!("{variant} offers no hints, so it cannot be played by them");
    }
    let games = batch.games.max(1);
    let last = batch.first + games - 1;
    ruleset.check_shuffle(batch.first)?;
    ruleset.check_shuffle(last)?;
    let pool = crate::solve::batch::worker_pool(batch.jobs)?;
    let bar = ProgressBar::new(games);
    if let Ok(style) =
        ProgressStyle::with_template("{bar:40} {pos}/{len} deals  {elapsed} (eta {eta})")
    {
        bar.set_style(style);
    }
    let chunk = |from: u64, to: u64| -> Vec<Game> {
        (from..=to)
            .into_par_iter()
            .map(|seed| {
                let game = play(&ruleset, catalog, variant, seed);
                bar.inc(1);
                game
            })
            .collect()
    };
    let mut rows = crate::solve::batch::in_chunks(&pool, batch.first, last, chunk);
    bar.finish_and_clear();
    rows.sort_by_key(|g| g.seed);
    if batch.verbose {
        for g in &rows {
            felt::say!(
                "deal {:>6}: {:<10} {:>8.1} ms {:>5} actions {:>3} repeats",
                g.seed,
                g.outcome,
                g.ms,
                g.actions,
                g.repeats
            );
        }
    }
    felt::say!(
        "by hints (the host's advisor, through a session): {variant} ({}), deals {}..{last}, {} job(s)",
        ruleset.info().rules,
        batch.first,
        pool.current_num_threads()
    );
    felt::say!(
        "{} positions searched for each hint",
        felt_core::HINT_STATES
    );
    let n = rows.len();
    let count = |what: &str| rows.iter().filter(|g| g.outcome == what).count();
    let won = count("won");
    felt::say!(
        "won {won} of {n} games: {:.1}%",
        100.0 * won as f64 / n.max(1) as f64
    );
    felt::say!(
        "not won: {} stuck (the hint found no move: lost), {} over by the rules, {} at the cap of {MAX_ACTIONS} actions, {} refused",
        count("stuck"),
        count("over"),
        count("cap"),
        count("refused")
    );
    let repeats: usize = rows.iter().map(|g| g.repeats).sum();
    felt::say!("hints that returned to a table already on the line: {repeats}");
    let mut t: Vec<f64> = rows.iter().map(|g| g.ms).collect();
    t.sort_by(f64::total_cmp);
    let at = |p: f64| {
        let i = ((t.len() as f64 * p).ceil() as usize).clamp(1, t.len().max(1)) - 1;
        t.get(i).copied().unwrap_or(0.0)
    };
    felt::say!(
        "CPU time a game: median {:.0} ms, 90th percentile {:.0} ms",
        at(0.5),
        at(0.9)
    );
    Ok(())
}
