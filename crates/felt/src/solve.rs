//! `felt solve`: any ruleset's solver from the command line, through the one analysis
//! interface ([`felt_core::analysis`]); nothing here knows a game.
//!
//! - `felt solve CODE | --variant V --position FILE [--budget-ms N] [--budget-states N]
//!   [--max-mb N] [--mode full|honest] [--moves]`: one position.
//! - `felt solve --variant V --deals A..B [...] [--jobs N]`: many deals, a summary table (won /
//!   proven unwinnable / undecided and why, median and 90th-percentile CPU time and solution
//!   length, memory). With `--mode honest` the deals are played by following the hints
//!   (`felt autoplay`'s table); with `--dead-ends` random games are played and the dead-end
//!   check is timed on their last positions.
//!
//! The budget is the searching thread's CPU time, positions and memory, all three passed to
//! the ruleset ([`Budget`]); the CPU clock is read on the host's side of the interface (in a
//! plugin's helper process for a plugin), so the same deal gets the same search on a quiet
//! machine and a busy one (`--budget-states` makes it exact: the figure repeats to the state).

pub(crate) mod batch;
pub(crate) mod budget;
mod dead_ends;
pub(crate) mod paired;

pub(crate) use batch::{figures, run_deals, SPREAD};
use batch::{jobs_for, jobs_of, print_lengths, print_verdicts};
pub(crate) use budget::{cpu_ms_since, thread_cpu};

use anyhow::{anyhow, bail, Context, Result};
use clap::{Args, ValueEnum};
use felt_core::analysis::states_text;
use felt_core::{
    Action, Analysis, AnalyzeRequest, Budget, Catalog, DynRuleset, GameCode, GameState, Report,
    Seat, Status, Stopped,
};
use std::path::PathBuf;
use std::sync::Arc;

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
    /// A game code whose deal to solve, e.g. SP1-S4C-AAAAAAD or FC-4CS-GWTEMJR.
    code: Option<String>,
    /// Solve a position file instead, in the --variant's own format (Spider: .game; what `felt
    /// deal CODE --format position` writes).
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
    /// With --mode honest and one position: positions the hint's search may visit.
    #[arg(long, default_value_t = PLAN_STATES)]
    plan_states: u64,
    /// With --deals: time the exact dead-end check on positions from random play instead.
    #[arg(long, requires = "deals")]
    dead_ends: bool,
    /// Print the winning line, one command a line as `felt play --headless` takes it
    /// (`move FROM TO N`, `deal`, ...).
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
        if args.mode == ModeArg::Honest {
            // The honest bot is the hints followed to the end: `felt autoplay`'s table.
            return crate::autoplay::table(
                catalog,
                crate::autoplay::Batch {
                    variant,
                    rules: args.rules.as_deref(),
                    seats: &[],
                    first,
                    last,
                    verbose: args.verbose,
                    jobs: args.jobs,
                },
            );
        }
        let ruleset = catalog.build(variant, args.rules.as_deref())?;
        // The range's ends are the deals furthest out: a range the ruleset deals all of.
        ruleset.check_shuffle(first)?;
        ruleset.check_shuffle(last)?;
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
        } else {
            solve_table(&deals)
        };
    }
    let (ruleset, state, label) = match (&args.code, &args.position) {
        (Some(text), _) => {
            let code = GameCode::parse(text)?;
            let (entry, choice) = catalog.resolve(&code)?;
            let ruleset = catalog.build(&entry.variant.id, Some(&choice.id))?;
            ruleset.check_shuffle(code.shuffle)?;
            let label = format!("{code} ({}, {})", entry.variant.id, choice.id);
            let state = ruleset.new_game(code.shuffle);
            (ruleset, state, label)
        }
        (None, Some(path)) => {
            let variant = args.variant.as_deref().ok_or_else(|| {
                anyhow!("--position needs --variant: the variant whose deck the file holds")
            })?;
            let ruleset = catalog.build(variant, args.rules.as_deref())?;
            let text = felt::files::read_text(path, felt::files::TEXT_FILE_LIMIT)
                .with_context(|| format!("cannot read {}", path.display()))?;
            let state = ruleset
                .import_position(&text)
                .map_err(|e| anyhow!("{}: {e}", path.display()))?;
            (ruleset, state, format!("{} ({variant})", path.display()))
        }
        (None, None) => bail!("give a game code, --position FILE, or --variant V --deals A..B"),
    };
    solve_one(&ruleset, &state, &label, args)
}

impl SolveArgs {
    /// The variant asked for (`--variant`), which decides the catalog the command loads.
    pub fn variant(&self) -> Option<&str> {
        self.variant.as_deref()
    }

    /// Whether the command searches on one thread, one search after another (one position,
    /// or deals with one job, or one deal): then nothing waits on a plugin's table while it
    /// searches, and each ruleset's table and searches share one helper process
    /// ([`crate::plugin_isolation::set_batch`]).
    pub fn one_thread(&self) -> bool {
        match self.deals.as_deref().map(parse_range) {
            None => true,
            Some(Ok((first, last))) => jobs_for(self.jobs, first, last) == 1,
            Some(Err(_)) => jobs_of(self.jobs) == 1,
        }
    }

    /// The game code asked for, which decides the catalog when no variant is named.
    pub fn code(&self) -> Option<&str> {
        self.code.as_deref()
    }

    /// The CPU time each search may take, if it is bounded by time: 1000 ms unless a budget
    /// of states alone is given.
    fn time_limit(&self) -> Option<u64> {
        match (self.budget_ms, self.budget_states) {
            (Some(ms), _) => Some(ms),
            (None, Some(_)) => None,
            (None, None) => Some(1000),
        }
    }

    /// The budget every search of this command is held to.
    fn budget(&self) -> Budget {
        Budget {
            cpu_ms: self.time_limit(),
            states: self.budget_states,
            max_mb: Some(self.max_mb as u64),
        }
    }

    fn solve_request(&self) -> AnalyzeRequest {
        AnalyzeRequest::Solve {
            full_information: self.mode == ModeArg::Full,
            budget: self.budget(),
        }
    }
}

/// A solve's answer: the verdict's word for the tables, the line, and the figures.
struct Solved {
    word: &'static str,
    line: Vec<Action>,
    report: Report,
}

/// What `ruleset` answered to a solve of `state`: a dead plugin is an error that says so,
/// never "no solver".
fn solved(ruleset: &dyn DynRuleset, answer: Option<Analysis>) -> Result<Solved> {
    if let Some(why) = ruleset.stopped() {
        bail!("{why}");
    }
    let (word, line, report) = match answer {
        Some(Analysis::Won { actions, report }) => ("won", actions, report),
        Some(Analysis::Unwinnable { report }) => ("proven", Vec::new(), report),
        Some(Analysis::Undecided { report }) => ("undecided", Vec::new(), report),
        Some(other) => bail!("the ruleset answered a solve with {other:?}"),
        None => bail!("{} has no solver", ruleset.info().variant),
    };
    Ok(Solved { word, line, report })
}

fn solve_one(
    ruleset: &Arc<dyn DynRuleset>,
    state: &GameState,
    label: &str,
    args: &SolveArgs,
) -> Result<()> {
    felt::say!("{label}");
    if ruleset.status(state) != Status::Playing {
        felt::say!("the game is over: {}", ruleset.status(state).word());
        return Ok(());
    }
    felt::say!(
        "{}",
        match args.mode {
            ModeArg::Full =>
                "full information: the solver peeks at face-down cards and the stock order",
            ModeArg::Honest => "honest: the solver sees only what the player sees",
        }
    );
    let budget = args.budget();
    let start = thread_cpu();
    let answer = solved(
        ruleset.as_ref(),
        ruleset.analyze(state, &args.solve_request()),
    )?;
    let ms = cpu_ms_since(start);
    match answer.word {
        "won" => felt::say!("won in {} moves", answer.line.len()),
        "proven" => felt::say!("proven unwinnable: no line wins from here"),
        _ => felt::say!("undecided: {}", answer.report.because(&budget)),
    }
    felt::say!(
        "CPU time {ms:.0} ms, {} searched, peak {} MB",
        states_text(answer.report.states),
        answer.report.peak_bytes.div_ceil(1 << 20)
    );
    if args.mode == ModeArg::Honest {
        let request = AnalyzeRequest::Hint {
            rank: 0,
            budget: Budget::states(args.plan_states),
        };
        let view = ruleset.view(state, Seat(0));
        match ruleset.analyze(state, &request) {
            Some(Analysis::Hint {
                action: Some(action),
                ..
            }) => felt::say!("hint: {}", felt_headless::describe(&view, &action)),
            Some(Analysis::Hint { action: None, .. }) => {
                felt::say!("hint: none (no helpful move found)")
            }
            _ => felt::say!("hint: this game offers none"),
        }
    }
    if args.moves && answer.word == "won" {
        for line in commands(ruleset.as_ref(), state, &answer.line)? {
            felt::say!("{line}");
        }
    }
    Ok(())
}

/// `line` as the commands `felt play --headless` takes, each worded on the table it is played
/// on (the piles' labels and the count of cards moved are the table's).
fn commands(ruleset: &dyn DynRuleset, state: &GameState, line: &[Action]) -> Result<Vec<String>> {
    let mut now = state.clone();
    let mut out = Vec::with_capacity(line.len());
    for (k, action) in line.iter().enumerate() {
        let view = ruleset.view(&now, Seat(0));
        out.push(felt_headless::describe(&view, action));
        ruleset
            .apply(&mut now, action)
            .map_err(|e| anyhow!("step {} of the line, {action}, was refused: {e}", k + 1))?;
    }
    Ok(out)
}

/// One deal's result in a batch: what the table reads of it, and not its line, only the
/// line's length (a batch of a million deals held every line: 2.2 GB).
struct Row {
    seed: u64,
    word: &'static str,
    /// Moves of the winning line.
    moves: usize,
    report: Report,
    /// CPU time of the thread that solved the deal.
    ms: f64,
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

fn times(rows: &[Row]) -> Vec<f64> {
    let mut t: Vec<f64> = rows.iter().map(|r| r.ms).collect();
    t.sort_by(f64::total_cmp);
    t
}

/// Makes the allocator hand every block of 4 MB or more straight back to the system when it
/// is freed. A batch runs a thousand searches one after another; by default glibc raises this
/// threshold as large blocks are freed, then keeps the later mid-size blocks of each search's
/// tables. Over the Spider 4-suit batch (deals 1..1000, one job) the process grew to 270 MB
/// though no search used 200 MB; with this it peaks at 190 MB, for 10 to 15 % more time a deal
/// (1 MB: 185 MB and 25 % more time).
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
    ruleset: &'a Arc<dyn DynRuleset>,
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
    felt::say!(
        "{what}: {variant} ({}), deals {first}..{last}, {} job(s)",
        ruleset.info().rules,
        jobs_for(args.jobs, first, last)
    );
}

fn solve_table(deals: &Deals<'_>) -> Result<()> {
    let (ruleset, args) = (deals.ruleset, deals.args);
    let (first, last) = (deals.first, deals.last);
    let request = args.solve_request();
    let rows = run_deals(args.jobs, first, last, |seed| {
        let state = ruleset.new_game(seed);
        let start = thread_cpu();
        let answer = solved(ruleset.as_ref(), ruleset.analyze(&state, &request));
        let ms = cpu_ms_since(start);
        answer.map(|solved| Row {
            seed,
            word: solved.word,
            moves: solved.line.len(),
            report: solved.report,
            ms,
        })
    })?
    .rows
    .into_iter()
    .collect::<Result<Vec<_>>>()?;
    if args.verbose {
        for r in &rows {
            felt::say!(
                "deal {:>6}: {:<10} {:>8.1} ms {:>10} states {:>5} MB {:>5} moves",
                r.seed,
                r.word,
                r.ms,
                r.report.states,
                r.report.peak_bytes.div_ceil(1 << 20),
                r.moves
            );
        }
    }
    header(
        deals,
        match args.mode {
            ModeArg::Full => "solve, full information",
            ModeArg::Honest => "solve, honest",
        },
    );
    felt::say!("budget {} a deal", args.budget().text());
    let verdicts: Vec<(&str, usize)> = rows.iter().map(|r| (r.word, r.moves)).collect();
    print_verdicts(&verdicts);
    // Every reason a search can stop, in the table's order; `stopped_words` names each, so
    // a new way to stop cannot be left out of the table.
    let why: Vec<String> = [
        Stopped::CpuTime,
        Stopped::Memory,
        Stopped::States,
        Stopped::MoveLimit,
        Stopped::Hidden,
        Stopped::RulesetCap,
        Stopped::WallClock,
        Stopped::Failed,
        Stopped::Cancelled,
        Stopped::Caller,
        Stopped::Decided,
    ]
    .iter()
    .filter_map(|&reason| {
        let k = rows
            .iter()
            .filter(|r| r.word == "undecided" && r.report.stopped == reason)
            .count();
        (k > 0).then(|| format!("{k} {}", stopped_words(reason)))
    })
    .collect();
    if !why.is_empty() {
        felt::say!("  undecided because     {}", why.join(", "));
    }
    // The proven deals by number (the first twenty): a named unwinnable deal is a fact a
    // player can check.
    let proven: Vec<String> = rows
        .iter()
        .filter(|r| r.word == "proven")
        .map(|r| r.seed.to_string())
        .collect();
    if !proven.is_empty() {
        let more = if proven.len() > 20 { ", …" } else { "" };
        felt::say!(
            "  proven unwinnable     deal {}{more}",
            proven[..proven.len().min(20)].join(", ")
        );
    }
    print_lengths(&verdicts);
    let t = times(&rows);
    felt::say!("CPU time a deal         {}", figures(&t, SPREAD, 1, " ms"));
    let states: Vec<f64> = rows.iter().map(|r| r.report.states as f64).collect();
    felt::say!(
        "states a deal           {}",
        figures(&states, &SPREAD[..2], 0, "")
    );
    let peak = rows.iter().map(|r| r.report.peak_bytes).max().unwrap_or(0);
    let whole = process_peak_mb().map_or(String::new(), |mb| format!(", whole process {mb} MB"));
    felt::say!(
        "peak memory             largest search {} MB{whole}",
        peak.div_ceil(1 << 20)
    );
    Ok(())
}

/// How the table of `--deals` words what stopped an undecided search.
fn stopped_words(stopped: Stopped) -> &'static str {
    match stopped {
        Stopped::CpuTime => "out of time",
        Stopped::Memory => "out of memory",
        Stopped::States => "out of states",
        Stopped::MoveLimit => "won only past the move limit",
        Stopped::Hidden => "hidden cards",
        Stopped::RulesetCap => "at the game's own cap",
        Stopped::WallClock => "past the wall-clock watchdog",
        Stopped::Failed => "the search's helper failed",
        Stopped::Cancelled => "cancelled",
        Stopped::Caller => "stopped by the caller",
        Stopped::Decided => "no reason given",
    }
}
