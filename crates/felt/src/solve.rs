//! `felt solve`: the Spider solver from the command line.
//!
//! - `felt solve CODE | --position FILE [--budget-ms N] [--mode full|honest]`: one position.
//! - `felt solve --variant V --deals A..B [--budget-ms N] [--jobs N]`: many deals, a summary
//!   table (won / proven unwinnable / undecided and why, median and 90th-percentile CPU time
//!   and solution length, memory).
//!   With `--mode honest` the honest bot plays each deal instead and the table gives its win
//!   rate; with `--dead-ends` random games are played to an empty stock and the exact dead-end
//!   check is timed on their positions.
//!
//! The solver itself reads no clock (rulesets are pure): the time budget becomes a deadline
//! checked here, through the solver's "keep going?" callback. The budget is the searching
//! thread's CPU time, not the wall clock, so the same deal gets the same search on a quiet
//! machine and a busy one (`--budget-states` makes it exact: the figure repeats to the state).

mod batch;
mod budget;
mod dead_ends;
mod generic;
pub(crate) mod paired;

use batch::{figures, jobs, pool, print_lengths, print_verdicts, progress, share, SPREAD};
pub(crate) use batch::{in_chunks, jobs_of, worker_pool};
use budget::{budget_of, deadline, undecided_because};
pub(crate) use budget::{cpu_ms_since, thread_cpu};

use anyhow::{anyhow, bail, Context, Result};
use clap::{Args, ValueEnum};
use felt_core::{Catalog, GameCode, Setup};
use felt_spider::solver::glue::{position_of, rules_of, within_move_limit};
use felt_spider::solver::honest::{self, autoplay};
use felt_spider::solver::{
    solve, Budget, Mode, Position, SolverMove, SolverRules, Stopped, Verdict,
};
use felt_spider::{SpiderRuleset, SpiderState, RULESET_ID};
use rayon::prelude::*;
use std::path::PathBuf;

/// What the solver may look at.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ModeArg {
    /// Sees face-down cards and the stock order ("was this deal winnable?"); it peeks.
    Full,
    /// Sees only what the player sees: hints, and the honest bot.
    Honest,
}

/// Positions the honest bot searches for each plan: the hints' budget, so that following hints
/// plays the bot's games (`felt autoplay --by-hints` shows it).
const PLAN_STATES: u64 = felt_core::HINT_STATES;

/// `felt solve`.
#[derive(Args)]
pub struct SolveArgs {
    /// A game code whose deal to solve, e.g. SP1-S4C-AAAAAAD.
    code: Option<String>,
    /// Solve a position file in the `.game` format instead (with --variant, whose deck it holds).
    #[arg(long, value_name = "FILE", conflicts_with = "code")]
    position: Option<PathBuf>,
    /// The variant, for --position and --deals (see `felt variants`).
    #[arg(long)]
    variant: Option<String>,
    /// The rules choice, e.g. classic or relaxed (default: the variant's first).
    #[arg(long)]
    rules: Option<String>,
    /// Solve the deals of these shuffle numbers, e.g. 1..1000 (both ends included).
    #[arg(long, value_name = "A..B", conflicts_with_all = ["code", "position"])]
    deals: Option<String>,
    /// CPU time allowed for each position, in milliseconds of the searching thread's time
    /// (default 1000, or no time limit when --budget-states is given).
    #[arg(long, value_name = "MS")]
    budget_ms: Option<u64>,
    /// Positions each search may visit: a budget that repeats exactly on any machine.
    #[arg(long, value_name = "N")]
    budget_states: Option<u64>,
    /// Memory allowed for each search, in megabytes.
    #[arg(long, default_value_t = 256)]
    max_mb: usize,
    /// Full information (peeks) or honest (sees what the player sees).
    #[arg(long, value_enum, default_value_t = ModeArg::Full)]
    mode: ModeArg,
    /// With --deals: threads (default: every core).
    #[arg(long)]
    jobs: Option<usize>,
    /// With --mode honest: positions each honest plan may search.
    #[arg(long, default_value_t = PLAN_STATES)]
    plan_states: u64,
    /// With --deals: time the exact dead-end check on positions from random play instead.
    #[arg(long, requires = "deals")]
    dead_ends: bool,
    /// Print the winning line, one headless command a line (`move FROM TO N`, `deal`).
    #[arg(long)]
    moves: bool,
    /// With --deals: a line for every deal.
    #[arg(long)]
    verbose: bool,
}

/// Runs `felt solve`.
pub fn run(args: &SolveArgs, catalog: &Catalog) -> Result<()> {
    if let Some(range) = &args.deals {
        let variant = args
            .variant
            .as_deref()
            .ok_or_else(|| anyhow!("--deals needs --variant, e.g. --variant spider-4suit"))?;
        let (first, last) = parse_range(range)?;
        if !is_spider(catalog, variant) {
            if args.dead_ends || args.mode == ModeArg::Honest {
                bail!("--dead-ends and --mode honest are for Spider's solver only");
            }
            return generic::solve_table(catalog, variant, first, last, args);
        }
        let ruleset = spider(catalog, variant, args.rules.as_deref())?;
        return_large_blocks();
        let deals = Deals {
            ruleset: &ruleset,
            variant,
            first,
            last,
            args,
        };
        return if args.dead_ends {
            dead_ends::dead_end_table(&deals)
        } else if args.mode == ModeArg::Honest {
            bot_table(&deals)
        } else {
            solve_table(&deals)
        };
    }
    if let Some(text) = &args.code {
        let code = GameCode::parse(text)?;
        let (entry, choice) = catalog.resolve(&code)?;
        if !is_spider(catalog, &entry.variant.id) {
            let ruleset = catalog.build(&entry.variant.id, Some(&choice.id))?;
            ruleset.check_shuffle(code.shuffle)?;
            let label = format!("{code} ({}, {})", entry.variant.id, choice.id);
            return generic::solve_one(&ruleset, &ruleset.new_game(code.shuffle), &label, args);
        }
    }
    let (ruleset, state, label) = match (&args.code, &args.position) {
        (Some(text), _) => {
            let code = GameCode::parse(text)?;
            let (entry, choice) = catalog.resolve(&code)?;
            let ruleset = spider(catalog, &entry.variant.id, Some(&choice.id))?;
            let label = format!("{code} ({}, {})", entry.variant.id, choice.id);
            (ruleset.clone(), ruleset.deal(code.shuffle), label)
        }
        (None, Some(path)) => {
            let variant = args.variant.as_deref().ok_or_else(|| {
                anyhow!("--position needs --variant: the variant whose deck the file holds")
            })?;
            let ruleset = spider(catalog, variant, args.rules.as_deref())?;
            let text = felt::files::read_text(path, felt::files::TEXT_FILE_LIMIT)
                .with_context(|| format!("cannot read {}", path.display()))?;
            let state = ruleset
                .read_position(&text)
                .map_err(|e| anyhow!("{}: {e}", path.display()))?;
            (ruleset, state, format!("{} ({variant})", path.display()))
        }
        (None, None) => bail!("give a game code, --position FILE, or --variant V --deals A..B"),
    };
    solve_one(&ruleset, &state, &label, args)
}

/// `felt autoplay` for a Spider-family variant: the honest bot plays `games` deals from shuffle
/// `first` on, on `jobs` threads (default: every core), and the table gives its win rate (a
/// line a deal when `verbose`).
pub fn honest_autoplay(
    catalog: &Catalog,
    variant: &str,
    first: u64,
    games: u64,
    verbose: bool,
    jobs: Option<usize>,
) -> Result<()> {
    let args = SolveArgs {
        code: None,
        position: None,
        variant: Some(variant.to_string()),
        rules: None,
        deals: Some(format!("{first}..{}", first + games.max(1) - 1)),
        budget_ms: None,
        budget_states: None,
        max_mb: 256,
        mode: ModeArg::Honest,
        jobs,
        plan_states: PLAN_STATES,
        dead_ends: false,
        moves: false,
        verbose,
    };
    run(&args, catalog)
}

/// Whether `variant` is one of the Spider family, whose solver `felt solve` drives directly;
/// any other ruleset is solved through its analysis hook.
fn is_spider(catalog: &Catalog, variant: &str) -> bool {
    catalog
        .get(variant)
        .is_none_or(|e| e.variant.ruleset == RULESET_ID)
}

/// The typed Spider ruleset of a catalog variant.
fn spider(catalog: &Catalog, variant: &str, rules: Option<&str>) -> Result<SpiderRuleset> {
    let (entry, choice) = catalog.choose(variant, rules)?;
    if entry.variant.ruleset != RULESET_ID {
        bail!(
            "{variant} is a game of the '{}' ruleset: only Spider and its relatives have a solver",
            entry.variant.ruleset
        );
    }
    let scoring = entry
        .variant
        .scoring
        .as_deref()
        .and_then(|id| catalog.scoring(id));
    let setup = Setup {
        variant: &entry.variant,
        scoring,
        rules: choice,
    };
    SpiderRuleset::new(setup).map_err(|e| anyhow!("{variant}: {e}"))
}

/// `A..B` (both included) or a single number.
fn parse_range(text: &str) -> Result<(u64, u64)> {
    let bad = || anyhow!("--deals takes a range of shuffle numbers like 1..1000, not '{text}'");
    let (a, b) = match text.split_once("..") {
        Some((a, b)) => (a.trim(), b.trim().trim_start_matches('=')),
        None => (text.trim(), text.trim()),
    };
    let (a, b): (u64, u64) = (a.parse().map_err(|_| bad())?, b.parse().map_err(|_| bad())?);
    if a > b {
        return Err(bad());
    }
    if b >= felt_core::code::SHUFFLE_LIMIT {
        bail!(
            "--deals {text}: shuffle numbers go up to {} (the largest a game code carries)",
            felt_core::code::SHUFFLE_LIMIT - 1
        );
    }
    Ok((a, b))
}

/// The headless command for a solver move (columns from 1): `move FROM TO N` or `deal`.
fn command(mv: SolverMove) -> String {
    match mv {
        SolverMove::Move { from, count, to } => format!("move {} {} {count}", from + 1, to + 1),
        SolverMove::Deal => "deal".to_string(),
    }
}

fn solve_one(
    ruleset: &SpiderRuleset,
    state: &SpiderState,
    label: &str,
    args: &SolveArgs,
) -> Result<()> {
    let pos = position_of(ruleset, state);
    let rules = rules_of(ruleset);
    let mode = match args.mode {
        ModeArg::Full => Mode::Full,
        ModeArg::Honest => Mode::Honest,
    };
    felt::say!("{label}");
    felt::say!(
        "{}",
        match mode {
            Mode::Full =>
                "full information: the solver peeks at face-down cards and the stock order",
            Mode::Honest => "honest: the solver sees only what the player sees",
        }
    );
    let start = thread_cpu();
    let keep_going = deadline(args.time_limit());
    let answer = within_move_limit(
        ruleset.moves_left(state),
        solve(&pos, &rules, mode, budget_of(args, &keep_going)),
    );
    let ms = cpu_ms_since(start);
    match &answer.verdict {
        Verdict::Won(line) => felt::say!("won in {} moves", line.len()),
        Verdict::ProvenUnwinnable => felt::say!("proven unwinnable: no line wins from here"),
        Verdict::Undecided => felt::say!("undecided: {}", undecided_because(&answer, args)),
    }
    felt::say!(
        "CPU time {ms:.0} ms, {} states searched, peak {} MB",
        answer.states,
        answer.peak_bytes.div_ceil(1 << 20)
    );
    if mode == Mode::Honest {
        let hints = honest::hints(&pos, &rules, Budget::states(args.plan_states));
        match hints.first() {
            Some(&mv) => felt::say!("hint: {}", command(mv)),
            None => felt::say!("hint: none (no move turns a card, finishes a run or deals)"),
        }
    }
    if let (true, Verdict::Won(line)) = (args.moves, &answer.verdict) {
        for &mv in line {
            felt::say!("{}", command(mv));
        }
    }
    Ok(())
}

/// One deal's result in a batch.
struct Row {
    seed: u64,
    verdict: &'static str,
    /// CPU time of the thread that played the deal.
    ms: f64,
    states: u64,
    peak: usize,
    moves: usize,
    stopped: Stopped,
}

/// What one deal of a batch gave, before its seed and time are added.
struct Outcome {
    verdict: &'static str,
    states: u64,
    peak: usize,
    moves: usize,
    stopped: Stopped,
}

/// Deals `first..=last` of `ruleset`, each given to `one` as a solver position and timed, in
/// parallel (`--jobs`), with a progress bar; rows in seed order.
fn batch(
    deals: &Deals<'_>,
    one: impl Fn(&Position, &SolverRules) -> Outcome + Sync,
) -> Result<Vec<Row>> {
    let (ruleset, args) = (deals.ruleset, deals.args);
    let (first, last) = (deals.first, deals.last);
    let rules = rules_of(ruleset);
    let bar = progress((last - first).saturating_add(1));
    let pool = pool(args)?;
    let chunk = |from: u64, to: u64| -> Vec<Row> {
        (from..=to)
            .into_par_iter()
            .map(|seed| {
                let pos = position_of(ruleset, &ruleset.deal(seed));
                let start = thread_cpu();
                let out = one(&pos, &rules);
                let row = Row {
                    seed,
                    verdict: out.verdict,
                    ms: cpu_ms_since(start),
                    states: out.states,
                    peak: out.peak,
                    moves: out.moves,
                    stopped: out.stopped,
                };
                bar.inc(1);
                row
            })
            .collect()
    };
    let rows = in_chunks(&pool, first, last, chunk);
    bar.finish_and_clear();
    if args.verbose {
        for r in &rows {
            felt::say!(
                "deal {:>6}: {:<10} {:>8.1} ms {:>10} states {:>5} MB {:>5} moves",
                r.seed,
                r.verdict,
                r.ms,
                r.states,
                r.peak.div_ceil(1 << 20),
                r.moves
            );
        }
    }
    Ok(rows)
}

fn times(rows: &[Row]) -> Vec<f64> {
    let mut t: Vec<f64> = rows.iter().map(|r| r.ms).collect();
    t.sort_by(f64::total_cmp);
    t
}

/// Makes the allocator hand every block of 4 MB or more straight back to the system when it
/// is freed. A batch runs a thousand searches one after another; by default glibc raises this
/// threshold as large blocks are freed, then keeps the later mid-size blocks of each search's
/// tables. Over the 4-suit batch (deals 1..1000, one job) the process grew to 270 MB though no
/// search used 200 MB; with this it peaks at 190 MB, for 10 to 15 % more time a deal (1 MB:
/// 185 MB and 25 % more time).
fn return_large_blocks() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: `mallopt` only changes a tuning value of the allocator; it is called before the
    // batch starts its worker threads.
    unsafe {
        libc::mallopt(libc::M_MMAP_THRESHOLD, 4 << 20);
    }
}

/// The process's peak resident memory, where the system tells it (Linux).
fn process_peak_mb() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb.div_ceil(1024))
}

/// A batch of deals from the command line: which ruleset and variant, which shuffles, and
/// the options.
#[derive(Clone, Copy)]
struct Deals<'a> {
    ruleset: &'a SpiderRuleset,
    variant: &'a str,
    first: u64,
    last: u64,
    args: &'a SolveArgs,
}

fn header(deals: &Deals<'_>, what: &str) {
    let Deals {
        ruleset,
        variant,
        first,
        last,
        args,
    } = *deals;
    let jobs = jobs(args);
    felt::say!(
        "{what}: {variant} ({}), deals {first}..{last}, {jobs} job(s)",
        match ruleset.group_rule() {
            felt_spider::GroupRule::Classic => "classic",
            felt_spider::GroupRule::Relaxed => "relaxed",
        }
    );
}

fn solve_table(deals: &Deals<'_>) -> Result<()> {
    let args = deals.args;
    let rows = batch(deals, |pos, rules| {
        let keep_going = deadline(args.time_limit());
        // Every deal of the batch starts with no move made.
        let answer = within_move_limit(
            deals.ruleset.params().move_limit,
            solve(pos, rules, Mode::Full, budget_of(args, &keep_going)),
        );
        let (verdict, moves) = match &answer.verdict {
            Verdict::Won(line) => ("won", line.len()),
            Verdict::ProvenUnwinnable => ("proven", 0),
            Verdict::Undecided => ("undecided", 0),
        };
        Outcome {
            verdict,
            states: answer.states,
            peak: answer.peak_bytes,
            moves,
            stopped: answer.stopped,
        }
    })?;
    header(deals, "solve, full information");
    felt::say!("budget {} a deal", args.budget_text());
    let verdicts: Vec<(&str, usize)> = rows.iter().map(|r| (r.verdict, r.moves)).collect();
    print_verdicts(&verdicts);
    let why: Vec<String> = [
        (Stopped::Caller, "out of time"),
        (Stopped::Memory, "out of memory"),
        (Stopped::States, "out of states"),
        (Stopped::MoveLimit, "won only past the move limit"),
    ]
    .iter()
    .filter_map(|&(reason, text)| {
        let k = rows
            .iter()
            .filter(|r| r.verdict == "undecided" && r.stopped == reason)
            .count();
        (k > 0).then(|| format!("{k} {text}"))
    })
    .collect();
    if !why.is_empty() {
        felt::say!("  undecided because     {}", why.join(", "));
    }
    print_lengths(&verdicts);
    let t = times(&rows);
    felt::say!("CPU time a deal         {}", figures(&t, SPREAD, 1, " ms"));
    let states: Vec<f64> = rows.iter().map(|r| r.states as f64).collect();
    felt::say!(
        "states a deal           {}",
        figures(&states, &SPREAD[..2], 0, "")
    );
    let peak = rows.iter().map(|r| r.peak).max().unwrap_or(0);
    let whole = process_peak_mb().map_or(String::new(), |mb| format!(", whole process {mb} MB"));
    felt::say!(
        "peak memory             largest search {} MB{whole}",
        peak.div_ceil(1 << 20)
    );
    Ok(())
}

fn bot_table(deals: &Deals<'_>) -> Result<()> {
    let args = deals.args;
    let rows = batch(deals, |pos, rules| {
        let played = autoplay(pos, rules, args.plan_states, 5_000);
        Outcome {
            verdict: if played.won { "won" } else { "lost" },
            states: 0,
            peak: 0,
            moves: played.moves.len(),
            stopped: Stopped::Decided,
        }
    })?;
    header(deals, "honest bot (never sees a hidden card)");
    felt::say!("{} positions searched for each plan", args.plan_states);
    let won = rows.iter().filter(|r| r.verdict == "won").count();
    felt::say!(
        "won {won} of {} games: {}",
        rows.len(),
        share(won, rows.len())
    );
    let t = times(&rows);
    felt::say!("CPU time a game: {}", figures(&t, &SPREAD[..2], 1, " ms"));
    Ok(())
}
