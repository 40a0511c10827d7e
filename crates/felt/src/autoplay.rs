//! `felt autoplay`: computer players only. Every deal of a batch is played by the one hint
//! loop ([`crate::by_hints`]) on the one batch runner ([`crate::solve::run_deals`]), for a
//! game of one seat or of several; `--against` plays every deal twice and compares the arms
//! ([`crate::solve::paired`]). `felt solve --deals --mode honest` prints the same table.

use crate::by_hints::{End, Played, MAX_ACTIONS};
use anyhow::{bail, Result};
use clap::Args;
use felt_core::Catalog;

/// `felt autoplay`.
#[derive(Args)]
pub struct AutoplayArgs {
    /// The variant id, e.g. `spades`, `spades-easy` or `spider-4suit`.
    #[arg(required_unless_present = "variant_flag")]
    variant: Option<String>,
    /// The variant id, as a flag (`--variant spider-1suit`).
    #[arg(long = "variant", value_name = "VARIANT", conflicts_with = "variant")]
    variant_flag: Option<String>,
    /// How many games (or deals).
    #[arg(long, visible_alias = "deals", default_value_t = 10)]
    games: u64,
    /// The first game's shuffle number; game k uses seed + k.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Print only the summary, not a line per game.
    #[arg(long)]
    summary: bool,
    /// Every game is played by asking for a hint and playing it through a session, as `hint`
    /// in the headless mode and the terminal's demo do; the flag is kept for the scripts
    /// that give it.
    #[arg(long)]
    by_hints: bool,
    /// Threads (default: every core).
    #[arg(long)]
    jobs: Option<usize>,
    /// Who plays each seat, in the ruleset's words, as `felt play --seats` takes them
    /// (Spades: `N=normal,E=rules`; `SEAT=KIND` makes a seat a computer player of that kind).
    #[arg(long, value_delimiter = ',', value_name = "WORDS")]
    seats: Vec<String>,
    /// Play every deal twice, the second time with these seat words added (`S=rules`: the
    /// rule-based player in South's seat), and compare the two deal by deal.
    #[arg(long, value_delimiter = ',', value_name = "WORDS")]
    against: Vec<String>,
}

/// Which deals a table plays, and how.
pub(crate) struct Batch<'a> {
    /// The variant id.
    pub variant: &'a str,
    /// The rules choice (default: the variant's first).
    pub rules: Option<&'a str>,
    /// The seat words (`--seats`).
    pub seats: &'a [String],
    /// The first shuffle number.
    pub first: u64,
    /// The last shuffle number (included).
    pub last: u64,
    /// A line a deal.
    pub verbose: bool,
    /// Threads (default: every core).
    pub jobs: Option<usize>,
}

/// Runs `felt autoplay`.
pub fn run(args: &AutoplayArgs, catalog: &Catalog) -> Result<()> {
    let (first, last) = check_seeds(args)?;
    let variant = args
        .variant
        .as_deref()
        .or(args.variant_flag.as_deref())
        .unwrap_or_default();
    if !args.against.is_empty() {
        return crate::solve::paired::compare(
            catalog,
            crate::solve::paired::Arms {
                variant,
                seats: &args.seats,
                against: &args.against,
                first,
                last,
                jobs: args.jobs,
            },
        );
    }
    table(
        catalog,
        Batch {
            variant,
            rules: None,
            seats: &args.seats,
            first,
            last,
            verbose: !args.summary,
            jobs: args.jobs,
        },
    )
}

/// Refuses shuffle numbers no game code carries, as `felt play --seed` does: every game of a
/// batch must be one a player can deal again from its code. The batch's first and last.
fn check_seeds(args: &AutoplayArgs) -> Result<(u64, u64)> {
    let limit = felt_core::code::SHUFFLE_LIMIT;
    if args.games == 0 {
        bail!("--games 0: give at least one game");
    }
    match args.seed.checked_add(args.games - 1) {
        Some(last) if last < limit => Ok((args.seed, last)),
        _ => bail!(
            "--seed {} with --games {}: shuffle numbers go up to {} (the largest a game code carries)",
            args.seed,
            args.games,
            limit - 1
        ),
    }
}

/// Plays the batch by hints and prints its table: a line a deal when asked, then the wins
/// (by side, for a game of sides), the rest by how they ended, and the CPU time a game.
pub(crate) fn table(catalog: &Catalog, batch: Batch<'_>) -> Result<()> {
    let Batch {
        variant,
        first,
        last,
        ..
    } = batch;
    let ruleset = catalog.build_seated(variant, batch.rules, batch.seats)?;
    if !ruleset.info().hints {
        bail!("{variant} offers no hints, so it cannot be played by them");
    }
    // The range's ends are the deals furthest out: a range the ruleset deals all of
    // (FreeCell: no Microsoft deal 0), refused as `felt play --deal` refuses one.
    ruleset.check_shuffle(first)?;
    ruleset.check_shuffle(last)?;
    let rules = ruleset.info().rules.clone();
    let ran = crate::solve::run_deals(batch.jobs, first, last, |seed| {
        let code = catalog.code_for(variant, Some(&rules), seed)?;
        crate::by_hints::play(&ruleset, code)
    })?;
    let rows = ran.rows.into_iter().collect::<Result<Vec<Played>>>()?;
    if batch.verbose {
        for g in &rows {
            let outcome = match &g.end {
                End::Won { winner } if !winner.is_empty() => format!("won by {winner}"),
                End::Over { reason } => format!("over: {reason}"),
                end => end.word().to_string(),
            };
            let score = g.score.map_or_else(String::new, |s| format!("  score {s}"));
            felt::say!(
                "deal {:>6}  {}  {outcome}{score}  {} actions  {:.1} ms  {} repeats",
                g.seed,
                g.code,
                g.actions,
                g.ms,
                g.repeats
            );
        }
    }
    felt::say!(
        "by hints (the host's advisor, through a session): {variant} ({rules}), deals {first}..{last}, {} job(s)",
        ran.threads
    );
    // The budget each hint is asked with: a ruleset whose lines run longer may search a
    // multiple of it, so the line says what was asked, not what was searched.
    felt::say!(
        "each hint asked with a budget of {} positions (a ruleset may scale it)",
        felt_core::HINT_STATES
    );
    let n = rows.len();
    let share = |k: usize| 100.0 * k as f64 / n.max(1) as f64;
    let count = |what: &str| rows.iter().filter(|g| g.end.word() == what).count();
    let won = count("won");
    felt::say!("won {won} of {n} games: {:.1}%", share(won));
    // A game of sides says which side won; the table counts each side's wins.
    let mut sides: Vec<(&str, usize)> = Vec::new();
    for g in &rows {
        if let End::Won { winner } = &g.end {
            if winner.is_empty() {
                continue;
            }
            match sides.iter_mut().find(|(w, _)| *w == winner.as_str()) {
                Some((_, k)) => *k += 1,
                None => sides.push((winner, 1)),
            }
        }
    }
    for (winner, k) in sides {
        felt::say!("  won by {winner}: {k} ({:.1}%)", share(k));
    }
    felt::say!(
        "not won: {} at a dead end (the ruleset proves no move makes progress), {} stuck (no hint found, not proven lost), {} over by the rules, {} at the cap of {MAX_ACTIONS} actions, {} refused",
        count("dead-end"),
        count("stuck"),
        count("over"),
        count("cap"),
        count("refused")
    );
    let repeats: usize = rows.iter().map(|g| g.repeats).sum();
    felt::say!("hints that returned to a table already on the line: {repeats}");
    let t: Vec<f64> = rows.iter().map(|g| g.ms).collect();
    felt::say!(
        "CPU time a game: {}",
        crate::solve::figures(&t, &crate::solve::SPREAD[..2], 0, " ms")
    );
    Ok(())
}
