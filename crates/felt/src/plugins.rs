//! `felt plugins`, `felt autoplay` and `felt new-ruleset`: glue over felt-abi.
//!
//! Plugins are found with `--plugin PATH`, in `<data dir>/plugins/`, and beside the `felt`
//! executable (`felt_*` libraries only); see felt_abi::discover.

use crate::plugin_isolation::isolation;
use anyhow::{anyhow, bail, Result};
use clap::{Args, Subcommand};
use felt_abi::{PluginReport, Source};
use felt_core::{Action, Analysis, AnalyzeRequest, Catalog, DynRuleset, Seat, Status};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;

/// The plugin commands, flattened into felt's own.
#[derive(Subcommand)]
pub enum PluginCommand {
    /// List plugins: path, ABI version, ruleset id and version, or why one was refused; or
    /// install one.
    Plugins {
        /// Load every plugin again instead of taking what felt's cache remembers of the ones
        /// whose files have not changed.
        #[arg(long)]
        refresh: bool,
        #[command(subcommand)]
        action: Option<PluginAction>,
    },
    /// Computer players only: play games of a variant and print the results.
    Autoplay(AutoplayArgs),
    /// Write a new ruleset crate, built as a plugin, to start from.
    NewRuleset {
        /// The ruleset's id, e.g. `hilo` (letters, digits and '-').
        name: String,
        /// The folder to create the crate in (default: the current folder).
        #[arg(long, value_name = "DIR")]
        dir: Option<PathBuf>,
        /// The felt source tree the crate depends on (default: the one this felt was built from).
        #[arg(long, value_name = "DIR")]
        felt: Option<PathBuf>,
    },
}

/// What `felt plugins` may do besides listing.
#[derive(Subcommand)]
pub enum PluginAction {
    /// Link a built plugin library into the data folder's `plugins/`, where every felt
    /// command finds it. A link, not a copy: rebuilding the plugin updates what felt loads.
    Install {
        /// The library (`target/release/libfelt_NAME.so` of a ruleset crate).
        library: PathBuf,
    },
    /// Take a plugin out of the data folder's `plugins/` (the library itself is kept).
    Remove {
        /// The library's file name in `plugins/`, or the ruleset id it provides.
        name: String,
    },
}

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
    /// Play every game by asking for a hint and playing it through a session, as `hint` in
    /// the headless mode and the terminal's demo do (what a one-player game always does).
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

/// The standard places, with each plugin run by `felt plugin-host` in a process of its own
/// unless `--plugins-in-process` was given (or felt cannot name its own executable).
fn locations(data_dir: Option<&Path>, extra: &[PathBuf]) -> felt_abi::Locations {
    let mut locations = felt_abi::Locations::standard(data_dir, extra);
    locations.isolation = isolation();
    locations
}

/// felt's plugin cache, beside the user plugins folder (in the data folder).
fn cache_of(locations: &felt_abi::Locations) -> Option<felt_abi::Cache> {
    let data = locations.user_dir.as_deref()?.parent()?;
    Some(felt_abi::Cache::open(&data.join("plugin-cache.json")))
}

/// The plugins found for a catalog, to be remembered once the catalog is complete.
pub struct Loaded {
    reports: Vec<PluginReport>,
    cache: Option<felt_abi::Cache>,
}

impl Loaded {
    /// Keeps what the plugins said, and their answers to every variant the catalog checked,
    /// in felt's plugin cache, so the next command need not run their code to list them. A
    /// data folder that cannot be written to goes without: the cache saves time, nothing else.
    pub fn remember(self) {
        if let Some(cache) = &self.cache {
            let _ = cache.store(&self.reports);
        }
    }
}

/// Loads the plugins of the standard places and `extra` into `catalog` (rulesets and their
/// bundled variants), taking what felt's cache remembers of plugins whose files have not
/// changed, so that no plugin code runs until a game of it is played. Call it after the
/// built-ins and before the user's variant files, so user variants may name plugin rulesets,
/// and [`Loaded::remember`] after them.
pub fn load_into(catalog: &mut Catalog, data_dir: Option<&Path>, extra: &[PathBuf]) -> Loaded {
    let locations = locations(data_dir, extra);
    let cache = cache_of(&locations);
    let reports = felt_abi::discover_cached(&locations, cache.as_ref());
    felt_abi::register(catalog, &reports);
    Loaded { reports, cache }
}

/// Runs a plugin command. `catalog` gives the catalog of the other commands (built-ins and
/// user files); plugins from `--plugin` are added to it.
pub fn run(
    command: &PluginCommand,
    data_dir: Option<&Path>,
    extra: &[PathBuf],
    catalog: impl FnOnce() -> Catalog,
) -> Result<()> {
    match command {
        PluginCommand::Plugins {
            refresh,
            action: None,
        } => list(data_dir, extra, *refresh),
        PluginCommand::Plugins {
            action: Some(PluginAction::Install { library }),
            ..
        } => crate::plugin_install::install(data_dir, library),
        PluginCommand::Plugins {
            action: Some(PluginAction::Remove { name }),
            ..
        } => crate::plugin_install::remove(data_dir, name),
        PluginCommand::Autoplay(args) => {
            check_seeds(args)?;
            let catalog = catalog();
            let variant = args
                .variant
                .as_deref()
                .or(args.variant_flag.as_deref())
                .unwrap_or_default();
            if !args.against.is_empty() {
                return paired(&catalog, variant, args);
            }
            // A one-player game is played by the host's advisor, as a player who follows the
            // hints plays it: its plans are played whole and no hint returns to a table already
            // met, so every game comes to an end. A game of several seats takes each seat's
            // hint as it comes.
            let one_seat = args.seats.is_empty()
                && catalog
                    .build(variant, None)
                    .is_ok_and(|r| r.info().seats <= 1);
            if args.by_hints || one_seat {
                return crate::by_hints::run(
                    &catalog,
                    variant,
                    crate::by_hints::Batch {
                        first: args.seed,
                        games: args.games,
                        verbose: !args.summary,
                        jobs: args.jobs,
                    },
                );
            }
            autoplay(&catalog, variant, args)
        }
        PluginCommand::NewRuleset { name, dir, felt } => {
            crate::new_ruleset::run(name, dir.as_deref(), felt.as_deref())
        }
    }
}

fn list(data_dir: Option<&Path>, extra: &[PathBuf], refresh: bool) -> Result<()> {
    let locations = locations(data_dir, extra);
    let cache = cache_of(&locations);
    let reports = felt_abi::discover_cached(&locations, cache.as_ref().filter(|_| !refresh));
    // The variants are checked so their answers are remembered with the plugins.
    let mut catalog = crate::catalog::builtin_catalog();
    felt_abi::register(&mut catalog, &reports);
    let from_cache = reports
        .iter()
        .filter(|r| r.outcome.as_ref().is_ok_and(|p| !p.loaded()))
        .count();
    let mut out = felt::out::stdout();
    let shown = |p: &Option<PathBuf>| {
        p.as_ref()
            .map_or("(none)".to_string(), |p| p.display().to_string())
    };
    writeln!(out, "Plugins are native code: load only plugins you trust.")?;
    writeln!(
        out,
        "Looked in: --plugin ({}), {} (user), {} (beside felt, felt_* only)",
        extra.len(),
        shown(&locations.user_dir),
        shown(&locations.exe_dir)
    )?;
    if let Some(cache) = &cache {
        let _ = cache.store(&reports);
    }
    if reports.is_empty() {
        writeln!(out, "No plugins found.")?;
        return Ok(());
    }
    if from_cache > 0 {
        writeln!(
            out,
            "{from_cache} listed from felt's plugin cache, unchanged since they were last loaded (`felt plugins --refresh` loads them again)."
        )?;
    }
    for report in &reports {
        writeln!(out)?;
        writeln!(
            out,
            "{}  [{}]",
            report.path.display(),
            source_word(report.source)
        )?;
        match &report.outcome {
            Ok(plugin) => {
                writeln!(
                    out,
                    "  ruleset {} {}  ABI {}  {}",
                    plugin.ruleset_id(),
                    plugin.version(),
                    plugin.abi_version(),
                    plugin.description()
                )?;
                for (name, _) in plugin.bundled_scoring() {
                    writeln!(out, "  scoring file {name}")?;
                }
                for (name, _) in plugin.bundled_variants() {
                    // Refused as `felt variants` says (a variant that did not build, a key of
                    // the table asked for): the plugin's author reads why where it is listed.
                    let origin = format!("plugin {} ({name})", report.path.display());
                    match catalog.errors().iter().find(|e| e.origin == origin) {
                        Some(e) => writeln!(out, "  variant file {name} refused: {}", e.message)?,
                        None => writeln!(out, "  variant file {name}")?,
                    }
                }
            }
            Err(why) => {
                writeln!(out, "  refused: {why}")?;
                if matches!(why, felt_abi::PluginError::BrokenLink { .. })
                    && report.source == Source::UserDir
                {
                    broken_link_help(&mut out, &report.path)?;
                }
            }
        }
    }
    Ok(())
}

/// How to clear a broken link of the user plugins folder; and where an older felt that
/// installed a file onto itself left the library (renamed `NAME.replaced`, the link made
/// to its old name).
fn broken_link_help(out: &mut impl Write, link: &Path) -> Result<()> {
    let Some(name) = link.file_name().map(|n| n.to_string_lossy().into_owned()) else {
        return Ok(());
    };
    writeln!(out, "  `felt plugins remove {name}` takes the link out")?;
    let aside = link.with_file_name(format!("{name}.replaced"));
    if aside.is_file() {
        writeln!(
            out,
            "  the library it stood for may be {}: rename it back to {name} after removing the link",
            aside.display()
        )?;
    }
    Ok(())
}

fn source_word(source: Source) -> &'static str {
    source.word()
}

/// One finished game.
struct Played {
    seed: u64,
    status: Status,
    /// The hint found no move in a game still playing: it ends there, lost.
    stuck: bool,
    score_line: String,
    actions: u32,
    seconds: f64,
}

/// Plays one game by always taking the ruleset's own hint.
fn play_one(ruleset: &dyn DynRuleset, seed: u64) -> Result<Played> {
    let start = Instant::now();
    let mut state = ruleset.new_game(seed);
    let mut actions = 0u32;
    let hint = AnalyzeRequest::Hint {
        rank: 0,
        budget: felt_core::Budget::states(felt_core::HINT_STATES),
    };
    let mut stuck = false;
    while ruleset.status(&state) == Status::Playing {
        let action: Action = match ruleset.analyze(&state, &hint) {
            Some(Analysis::Hint {
                action: Some(a), ..
            }) => a,
            // The hint finds nothing to do in a game that goes on: this game is stuck, and
            // counts as a loss; the batch goes on with the next deal.
            Some(Analysis::Hint { action: None, .. }) => {
                stuck = true;
                break;
            }
            _ => bail!(
                "{} offers no move for the human's seat, so it cannot play itself",
                ruleset.info().variant
            ),
        };
        ruleset
            .apply(&mut state, &action)
            .map_err(|e| anyhow!("seed {seed}: the hint {action} was refused: {e}"))?;
        actions += 1;
        if actions > 1_000_000 {
            bail!("seed {seed}: no end after a million actions");
        }
    }
    let view = ruleset.view(&state, Seat(0));
    let score_line = view.status_value("score").map_or_else(
        || {
            ruleset
                .scoreboard(&state)
                .score
                .map_or(String::new(), |s| s.to_string())
        },
        str::to_string,
    );
    Ok(Played {
        seed,
        status: ruleset.status(&state),
        stuck,
        score_line,
        actions,
        seconds: start.elapsed().as_secs_f64(),
    })
}

/// Refuses shuffle numbers no game code carries, as `felt play --seed` does: every game of a
/// batch must be one a player can deal again from its code.
fn check_seeds(args: &AutoplayArgs) -> Result<()> {
    let limit = felt_core::code::SHUFFLE_LIMIT;
    if args.games == 0 {
        bail!("--games 0: give at least one game");
    }
    let last = args.seed.checked_add(args.games - 1);
    match last {
        Some(last) if last < limit => Ok(()),
        _ => bail!(
            "--seed {} with --games {}: shuffle numbers go up to {} (the largest a game code carries)",
            args.seed,
            args.games,
            limit - 1
        ),
    }
}

/// Refuses a batch whose first or last shuffle the ruleset does not deal (FreeCell: no
/// Microsoft deal 0), as `felt play --deal` does; [`check_seeds`] has kept it to what codes
/// carry, so the two ends say it for the whole batch.
fn check_deals(ruleset: &dyn DynRuleset, args: &AutoplayArgs) -> Result<()> {
    ruleset.check_shuffle(args.seed)?;
    ruleset.check_shuffle(args.seed + (args.games - 1))?;
    Ok(())
}

/// `felt autoplay --against`: see [`crate::solve::paired`].
fn paired(catalog: &Catalog, variant: &str, args: &AutoplayArgs) -> Result<()> {
    let a = catalog.build_seated(variant, None, &args.seats)?;
    check_deals(a.as_ref(), args)?;
    let mut words = args.seats.clone();
    words.extend(args.against.iter().cloned());
    let b = catalog.build_seated(variant, None, &words)?;
    let jobs = crate::solve::jobs_of(args.jobs).clamp(1, args.games.max(1) as usize);
    let pairs = crate::solve::paired::run(
        a.as_ref(),
        b.as_ref(),
        args.seed..args.seed + args.games,
        jobs,
    )?;
    crate::solve::paired::report(
        &mut felt::out::stdout(),
        variant,
        &args.seats,
        &args.against,
        &pairs,
    )
}

fn autoplay(catalog: &Catalog, variant: &str, args: &AutoplayArgs) -> Result<()> {
    let ruleset: Arc<dyn DynRuleset> = catalog.build_seated(variant, None, &args.seats)?;
    check_deals(ruleset.as_ref(), args)?;
    let threads = crate::solve::jobs_of(args.jobs).clamp(1, args.games.max(1) as usize);
    let start = Instant::now();
    let mut results: Vec<Result<Played>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let ruleset = ruleset.clone();
                scope.spawn(move || {
                    (0..args.games)
                        .filter(|k| *k as usize % threads == t)
                        .map(|k| play_one(ruleset.as_ref(), args.seed + k))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| {
                h.join()
                    .unwrap_or_else(|_| vec![Err(anyhow!("a game thread panicked"))])
            })
            .collect()
    });
    let wall = start.elapsed().as_secs_f64();
    results.sort_by_key(|r| r.as_ref().map_or(u64::MAX, |p| p.seed));
    let mut out = felt::out::stdout();
    let mut tally: Vec<(String, u64)> = Vec::new();
    let mut game_seconds = 0.0;
    for result in &results {
        let played = result.as_ref().map_err(|e| anyhow!("{e}"))?;
        let outcome = match &played.status {
            _ if played.stuck => "stuck: the hint found no move (lost)".to_string(),
            Status::Won { winner } if winner.is_empty() => "won".to_string(),
            Status::Won { winner } => format!("won by {winner}"),
            Status::Over { reason } => format!("over: {reason}"),
            Status::Playing => "unfinished".to_string(),
        };
        let key = match &played.status {
            _ if played.stuck => "stuck (lost)".to_string(),
            Status::Won { winner } if !winner.is_empty() => format!("won by {winner}"),
            other => other.word().to_string(),
        };
        match tally.iter_mut().find(|(k, _)| *k == key) {
            Some((_, n)) => *n += 1,
            None => tally.push((key, 1)),
        }
        game_seconds += played.seconds;
        if !args.summary {
            let code = catalog
                .code_for(variant, None, played.seed)
                .map_or_else(|_| format!("seed {}", played.seed), |c| c.to_string());
            writeln!(
                out,
                "{code}  {outcome}  [{}]  {} actions  {:.2} s",
                played.score_line, played.actions, played.seconds
            )?;
        }
    }
    writeln!(out, "{} games of {variant}:", results.len())?;
    for (key, n) in &tally {
        writeln!(
            out,
            "  {key}: {n} ({:.1} %)",
            100.0 * *n as f64 / results.len().max(1) as f64
        )?;
    }
    writeln!(
        out,
        "  {:.3} s a game on average, {:.1} s in all on {threads} thread(s)",
        game_seconds / results.len().max(1) as f64,
        wall
    )?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use felt_core::{Event, RuleViolation, RulesetInfo, Scoreboard, TableView};

    /// A walk of `length` steps whose hint finds nothing after `stuck_at` steps (when that
    /// comes first): a game its own hint cannot finish.
    struct Walk {
        info: RulesetInfo,
        stuck_at: u32,
    }

    impl felt_core::Ruleset for Walk {
        type State = u32;
        fn info(&self) -> &RulesetInfo {
            &self.info
        }
        fn new_game(&self, _seed: u64) -> u32 {
            0
        }
        fn check(&self, _: &u32, _: &Action) -> Result<(), RuleViolation> {
            Ok(())
        }
        fn apply(&self, state: &mut u32, _: &Action) -> Result<Vec<Event>, RuleViolation> {
            *state += 1;
            Ok(Vec::new())
        }
        fn legal_actions(&self, _: &u32, out: &mut Vec<Action>) {
            out.push(Action::Choose { option: 0 });
        }
        fn view(&self, _: &u32, seat: Seat) -> TableView {
            TableView {
                seat,
                piles: Vec::new(),
                status: Vec::new(),
                prompt: None,
                messages: Vec::new(),
                moments: Vec::new(),
                sheets: Vec::new(),
            }
        }
        fn status(&self, state: &u32) -> Status {
            if *state >= 3 {
                Status::Won {
                    winner: String::new(),
                }
            } else {
                Status::Playing
            }
        }
        fn scoreboard(&self, state: &u32) -> Scoreboard {
            Scoreboard {
                score: None,
                moves: *state,
            }
        }
        fn analyze(
            &self,
            state: &u32,
            _: &AnalyzeRequest,
            _: felt_core::KeepGoing<'_>,
        ) -> Option<Analysis> {
            Some(Analysis::Hint {
                action: (*state < self.stuck_at).then_some(Action::Choose { option: 0 }),
                then: Vec::new(),
            })
        }
    }

    fn walk(stuck_at: u32) -> Arc<dyn DynRuleset> {
        let info = RulesetInfo {
            ruleset: "walk".into(),
            variant: "walk".into(),
            name: "Walk".into(),
            rules: "standard".into(),
            help: Vec::new(),
            seats: 1,
            hints: true,
            commands: None,
            extras: Vec::new(),
        };
        felt_core::Typed::shared(Walk { info, stuck_at })
    }

    #[test]
    fn a_game_whose_hint_finds_nothing_is_stuck_and_lost_not_an_error() {
        let played = play_one(walk(1).as_ref(), 7).expect("a stuck game is a result");
        assert!(played.stuck);
        assert_eq!(played.status, Status::Playing);
        assert_eq!(played.actions, 1);
        let played = play_one(walk(10).as_ref(), 7).expect("played to the end");
        assert!(!played.stuck);
        assert!(matches!(played.status, Status::Won { .. }));
    }
}
