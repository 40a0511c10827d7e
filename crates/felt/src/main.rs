//! felt: card games in the terminal. This file is glue: arguments, paths, wiring.

use anyhow::{anyhow, bail, Context, Result};
use clap::{Args, Parser, Subcommand};
use felt::catalog;
use felt_core::{Catalog, GameCode, Seat, Session};
use felt_headless::{self as headless, Format, Headless};
use felt_store::{Recorder, Store};
use std::io::Write;
use std::path::PathBuf;

mod autoplay;
mod by_hints;
mod new_ruleset;
mod plugin_install;
mod plugin_isolation;
mod plugins;
mod script_output;
mod solve;
mod started;
mod store_cmd;
mod tui;

#[derive(Parser)]
#[command(
    name = "felt",
    version,
    about = "Card games in the terminal: Spider and its relatives, and rulesets loaded as plugins"
)]
struct Cli {
    #[command(flatten)]
    global: Global,
    #[command(subcommand)]
    command: Option<Command>,
}

/// Options every command takes.
#[derive(Args, Clone, Debug)]
struct Global {
    /// A folder of extra variant files (`*.toml`, `variants/*.toml`, `scoring/*.toml`); repeatable.
    #[arg(long = "config", global = true, value_name = "DIR")]
    config: Vec<PathBuf>,
    /// Do not load the user's variant folder (~/.config/felt/variants).
    #[arg(long, global = true)]
    no_user_config: bool,
    /// Draw cards with letters (S H D C) instead of suit symbols.
    #[arg(long, global = true)]
    ascii: bool,
    /// Where felt keeps its database (default: the user data folder).
    #[arg(long, global = true, value_name = "DIR")]
    data_dir: Option<PathBuf>,
    /// Load plugins into felt's own process instead of a helper process each (faster calls,
    /// for trusted plugins and benchmarks; a plugin that crashes then takes felt with it).
    #[arg(long, global = true)]
    plugins_in_process: bool,
    /// Also load this plugin library, or every library in this folder; repeatable.
    #[arg(long = "plugin", global = true, value_name = "PATH")]
    plugin: Vec<PathBuf>,
}

#[derive(Subcommand)]
enum Command {
    /// Play a variant: in the terminal, or headless for scripts and bots.
    Play(PlayArgs),
    /// Write the full deal of a game code.
    Deal {
        /// The game code, e.g. SP1-S1C-AAAAAAD.
        code: String,
        /// Output format: `position`, the ruleset's own position format (`game` is another
        /// name for it: Spider's .game files).
        #[arg(long, default_value = "game")]
        format: String,
    },
    /// List every variant with its id, name, source file and ruleset.
    Variants,
    /// Check one variant file and explain what is wrong with it.
    Check {
        /// The file.
        file: PathBuf,
    },
    #[command(flatten)]
    Store(store_cmd::StoreCommand),
    #[command(flatten)]
    Plugins(plugins::PluginCommand),
    /// Solve deals or positions of any game with a solver: won, proven unwinnable or undecided; or time many.
    Solve(solve::SolveArgs),
    /// Computer players only: play games of a variant and print the results.
    ///
    /// Each computer move takes the time a player would wait for it: at most a second of CPU
    /// on average, most far less (Spider's player, which sees only what a player sees, about
    /// 15 ms a move at four suits; figures and commands in docs/honest-bot.md and
    /// docs/figures.md).
    Autoplay(autoplay::AutoplayArgs),
    /// The helper process felt runs a plugin in (felt starts it; not for people).
    #[command(hide = true)]
    PluginHost {
        /// The plugin library.
        library: PathBuf,
    },
}

#[derive(Args)]
struct PlayArgs {
    /// The variant id (see `felt variants`); optional with --code.
    variant: Option<String>,
    /// Replay the deal of a game code.
    #[arg(long, conflicts_with = "seed")]
    code: Option<String>,
    /// The shuffle number (default: a random one). `--deal` says the same in the words of a
    /// game whose players number their deals (FreeCell: Microsoft's deal numbers).
    #[arg(long, visible_alias = "deal")]
    seed: Option<u64>,
    /// The rules choice, e.g. classic or relaxed.
    #[arg(long)]
    rules: Option<String>,
    /// Read commands from standard input and answer on standard output.
    #[arg(long)]
    headless: bool,
    /// With --headless: answer in JSON, one object a line.
    #[arg(long, requires = "headless")]
    json: bool,
    /// Start from a position file in the ruleset's own format (Spider: .game; what `felt deal
    /// CODE --format position` writes); not recorded.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["code", "resume"])]
    position: Option<PathBuf>,
    /// Continue the variant's game in progress, with its undo history: the newest, when
    /// several are kept.
    #[arg(long, conflicts_with_all = ["code", "seed"])]
    resume: bool,
    /// With --resume: the game to continue, by its number (the message of a plain --resume
    /// lists them when several are in progress).
    #[arg(long, requires = "resume")]
    id: Option<i64>,
    /// With --headless: the seats the script plays, in the ruleset's words (Spades: `S,N`, or
    /// `all`); the ruleset's computer players take the others. Such a game is not recorded.
    #[arg(
        long,
        requires = "headless",
        conflicts_with = "resume",
        value_delimiter = ',',
        value_name = "SEATS"
    )]
    seats: Vec<String>,
}

fn load_catalog(global: &Global) -> Catalog {
    let mut catalog = catalog::builtin_catalog();
    // Plugins come before user files, so a user variant may also use a plugin's ruleset.
    let plugins = plugins::load_into(&mut catalog, global.data_dir.as_deref(), &global.plugin);
    catalog::load_user(&mut catalog, &global.config, !global.no_user_config);
    plugins.remember();
    catalog
}

/// The catalog a command about one variant needs (by its id, or a game code's): without any
/// plugin when that variant plays a built-in ruleset, so a Spider game runs no plugin's code
/// and a faulty plugin cannot slow it down. Any doubt (a user file that did not load, perhaps
/// because it names a plugin's ruleset, or a variant not found) loads everything.
///
/// A variant a plugin bundles gets that plugin's ruleset and that one file
/// ([`plugins::lean_catalog`]), not every variant of every plugin, with the same doubts.
fn catalog_for(global: &Global, variant: Option<&str>, code: Option<&str>) -> Catalog {
    if let Some(id) = variant {
        let lean = plugins::lean_catalog(
            id,
            global.data_dir.as_deref(),
            &global.plugin,
            &global.config,
            !global.no_user_config,
        );
        if let Some(catalog) = lean {
            return catalog;
        }
    }
    let mut lean = catalog::builtin_catalog();
    catalog::load_user(&mut lean, &global.config, !global.no_user_config);
    let wanted = match (variant, code) {
        (Some(id), _) => lean.get(id).map(|e| e.variant.id.clone()),
        (None, Some(code)) => GameCode::parse(code)
            .ok()
            .and_then(|c| lean.resolve(&c).ok().map(|(e, _)| e.variant.id.clone())),
        (None, None) => None,
    };
    if wanted.is_some() && lean.errors().is_empty() && global.plugin.is_empty() {
        lean
    } else {
        load_catalog(global)
    }
}

/// A shuffle number from the operating system's randomness, within what a code can carry.
fn random_shuffle() -> u64 {
    let mut bytes = [0u8; 8];
    let from_os = std::fs::File::open("/dev/urandom")
        .and_then(|mut f| std::io::Read::read_exact(&mut f, &mut bytes));
    let n = match from_os {
        Ok(()) => u64::from_le_bytes(bytes),
        Err(_) => std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos() as u64)
            .unwrap_or(0),
    };
    n % felt_core::code::SHUFFLE_LIMIT
}

/// The session a `play` command asks for, and the code label `show` prints.
fn start_session(catalog: &Catalog, args: &PlayArgs) -> Result<(Session, String)> {
    let (variant_id, rules_id, shuffle) = match &args.code {
        Some(text) => {
            let code = GameCode::parse(text)?;
            let (entry, choice) = catalog.resolve(&code)?;
            if let Some(v) = &args.variant {
                if v != &entry.variant.id {
                    bail!("code {code} is a game of {}, not {v}", entry.variant.id);
                }
            }
            (
                entry.variant.id.clone(),
                Some(choice.id.clone()),
                Some(code.shuffle),
            )
        }
        None => {
            let variant = args.variant.clone().ok_or_else(|| {
                anyhow!("name a variant (felt variants lists them) or give --code")
            })?;
            (variant, args.rules.clone(), args.seed)
        }
    };
    let ruleset = catalog.build_seated(&variant_id, rules_id.as_deref(), &args.seats)?;
    // A number the player gave is dealt as itself or refused; a random one is drawn among the
    // shuffles the ruleset deals (FreeCell: Microsoft's numbered deals).
    let shuffle = match shuffle {
        Some(n) => {
            ruleset.check_shuffle(n)?;
            n
        }
        None => ruleset.pick_shuffle(random_shuffle()),
    };
    let code = catalog.code_for(&variant_id, rules_id.as_deref(), shuffle)?;
    let depth = catalog
        .get(&variant_id)
        .map_or(100, |e| e.variant.undo_depth);
    match &args.position {
        Some(path) => {
            let text = felt::files::read_text(path, felt::files::TEXT_FILE_LIMIT)
                .with_context(|| format!("cannot read {}", path.display()))?;
            let state = ruleset
                .import_position(&text)
                .map_err(|e| anyhow!("{}: {e}", path.display()))?;
            let label = format!("position:{}", path.display());
            Ok((Session::from_state(ruleset, code, depth, state), label))
        }
        None => {
            let label = code.to_string();
            Ok((Session::new(ruleset, code, depth), label))
        }
    }
}

/// The games in progress as `--id` takes them: `12: SP1-S1C-AAAAAAD, 3 moves`, newest first.
fn in_progress_list(games: &[felt_store::GameSummary]) -> String {
    games
        .iter()
        .map(|g| {
            let moves = if g.moves == 1 { "move" } else { "moves" };
            format!("{}: {}, {} {moves}", g.id.0, g.code, g.moves)
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// The variant's game in progress, rebuilt from its record, and the recorder that goes on with
/// it; with, when several were in progress and none was named, a word on how to pick another.
fn resume_session(
    catalog: &Catalog,
    store: &Store,
    args: &PlayArgs,
) -> Result<(Session, Recorder, Option<String>)> {
    let variant = args
        .variant
        .as_deref()
        .ok_or_else(|| anyhow!("name the variant to resume"))?;
    // A former id names the variant still, and its old records are renamed to the new one.
    let variant = catalog.canonical(variant);
    store_cmd::adopt_aliases(store, catalog);
    let games = store.all_in_progress_of(variant)?;
    let summary = match args.id {
        Some(id) => games.iter().find(|g| g.id.0 == id).ok_or_else(|| {
            anyhow!(
                "game {id} is not a game of {variant} in progress (in progress: {})",
                in_progress_list(&games)
            )
        })?,
        None => games.first().ok_or_else(|| {
            anyhow!("no game of {variant} is in progress (felt stats lists what was played)")
        })?,
    };
    // The newest is the one meant most often; the others are a flag away.
    let notice = (args.id.is_none() && games.len() > 1).then(|| {
        let others: Vec<String> = games[1..].iter().map(|g| g.id.0.to_string()).collect();
        format!(
            "Resumed game {}, the newest of {} in progress; --resume --id N picks another ({})",
            games[0].id.0,
            games.len(),
            others.join(", ")
        )
    });
    let ruleset = catalog.build(variant, Some(&summary.rules))?;
    let depth = catalog.get(variant).map_or(100, |e| e.variant.undo_depth);
    let (session, recorder) = store.resume(summary.id, ruleset, depth)?;
    Ok((session, recorder, notice))
}

fn play(global: &Global, args: &PlayArgs) -> Result<()> {
    // Taken before any plugin loads, so nothing a plugin in felt's process prints can mix
    // with the answers.
    let answers = args.headless.then(script_output::stdout);
    // The terminal keeps every family for its launcher; a headless game needs its own only.
    let catalog = if args.headless {
        catalog_for(global, args.variant.as_deref(), args.code.as_deref())
    } else {
        load_catalog(global)
    };
    let mut resumed = None;
    let mut notice = None;
    let (session, label) = if args.resume {
        let store = store_cmd::open_store_for_reading(global.data_dir.as_deref())?;
        let (session, recorder, word) = resume_session(&catalog, &store, args)?;
        resumed = Some((store, recorder));
        notice = word;
        let label = session.code().to_string();
        (session, label)
    } else {
        start_session(&catalog, args)?
    };
    if !args.headless {
        let position = match &args.position {
            Some(path) => Some(felt_tui::PositionSource {
                file: path.display().to_string(),
                text: felt::files::read_text(path, felt::files::TEXT_FILE_LIMIT)
                    .with_context(|| format!("cannot read {}", path.display()))?,
            }),
            None => None,
        };
        return tui::play(
            global,
            catalog,
            session,
            tui::Opening {
                resumed: resumed.map(|(_, r)| r),
                position,
                notice,
            },
        );
    }
    if let Some(word) = notice {
        felt::tell!("{word}");
    }
    let format = if args.json {
        Format::Json
    } else {
        Format::Text
    };
    let mut game = Headless::new(session, Seat::SOLO, label);
    // A game from a position file is not the deal its code names, and one with its own seats
    // replays only with them: neither is recorded.
    if args.position.is_none() && args.seats.is_empty() {
        let recording = match resumed {
            Some(pair) => Ok(pair),
            None => store_cmd::open_store(global.data_dir.as_deref()).map(|s| (s, Recorder::new())),
        };
        match recording {
            Ok((store, mut recorder)) => game.observe(Box::new(move |session: &Session| {
                store
                    .record_step(&mut recorder, session)
                    .map(|_| ())
                    .map_err(|e| e.to_string())
            })),
            Err(e) => felt::tell!("warning: games will not be saved: {e:#}"),
        }
    }
    let stdin = std::io::stdin();
    let answers = answers.unwrap_or_else(script_output::stdout);
    headless::run(&mut game, stdin.lock(), answers, format)?;
    if game.unsaved() {
        // The answers said so as they went; the exit code tells a script that reads only it.
        felt::tell!("error: some changes of this game were not saved (see the warnings)");
        std::process::exit(EXIT_UNSAVED);
    }
    Ok(())
}

/// The exit code of a headless game some of whose changes were not saved.
const EXIT_UNSAVED: i32 = 3;

fn deal(global: &Global, code: &str, format: &str) -> Result<()> {
    if format != "game" && format != "position" {
        bail!("unknown format '{format}': the format is 'position' (or 'game', the same)");
    }
    let out = script_output::stdout();
    let catalog = catalog_for(global, None, Some(code));
    let code = GameCode::parse(code)?;
    let (entry, choice) = catalog.resolve(&code)?;
    let ruleset = catalog.build(&entry.variant.id, Some(&choice.id))?;
    ruleset.check_shuffle(code.shuffle)?;
    let state = ruleset.new_game(code.shuffle);
    let text = ruleset
        .export_position(&state)
        .ok_or_else(|| anyhow!("{} has no position format", entry.variant.ruleset))?;
    let mut out = felt_core::text::Visible::new(out);
    out.write_all(text.as_bytes())?;
    out.flush()?;
    Ok(())
}

fn variants(global: &Global) -> Result<()> {
    let catalog = load_catalog(global);
    let mut out = felt::out::stdout();
    // Each column as wide as its longest entry (a file's id or name may be long; past a
    // bound it is cut with …), so the columns line up whatever the names.
    const WIDEST: usize = 48;
    let width = |of: &dyn Fn(&felt_core::Entry) -> &str, head: &str| {
        catalog
            .variants()
            .iter()
            .map(|e| of(e).chars().count())
            .chain([head.len()])
            .max()
            .unwrap_or(0)
            .min(WIDEST)
    };
    let id_w = width(&|e| e.variant.id.as_str(), "ID");
    let name_w = width(&|e| e.variant.name.as_str(), "NAME");
    let rules_w = width(&|e| e.variant.ruleset.as_str(), "RULESET");
    let clip = felt_core::view::clip;
    writeln!(
        out,
        "{:<id_w$} {:<name_w$} {:<rules_w$} SOURCE",
        "ID", "NAME", "RULESET"
    )?;
    for entry in catalog.variants().iter() {
        let v = &entry.variant;
        write!(
            out,
            "{:<id_w$} {:<name_w$} {:<rules_w$} {}",
            clip(&v.id, id_w),
            clip(&v.name, name_w),
            clip(&v.ruleset, rules_w),
            entry.origin
        )?;
        if let Some(old) = &entry.overrides {
            write!(out, " (overrides {old})")?;
        }
        writeln!(out)?;
    }
    for error in catalog.errors() {
        writeln!(out, "\n{error}")?;
    }
    Ok(())
}

fn check(global: &Global, file: &std::path::Path) -> Result<()> {
    let catalog = load_catalog(global);
    let text = felt::files::read_text(file, felt::files::TEXT_FILE_LIMIT)
        .with_context(|| format!("cannot read {}", file.display()))?;
    match catalog.check_variant(&felt_core::Origin::File(file.to_path_buf()), &text) {
        Ok(entry) => {
            felt::say!(
                "ok: {} ({}), ruleset {}",
                entry.variant.id,
                entry.variant.name,
                entry.variant.ruleset
            );
            Ok(())
        }
        Err(e) => {
            felt::tell!("{}", felt::out::error_text(e));
            std::process::exit(1);
        }
    }
}

fn main() -> std::process::ExitCode {
    quiet_on_closed_pipe();
    if let Some(library) = plugin_host_library() {
        std::process::exit(felt_abi::serve(&library));
    }
    match run(&Cli::parse()) {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            // The cause chain on one line, never a backtrace: `RUST_BACKTRACE`, set by many
            // developers' shells, would otherwise turn every user mistake into a stack dump.
            felt::tell!("error: {}", felt::out::error_text(format_args!("{e:#}")));
            std::process::ExitCode::FAILURE
        }
    }
}

/// The library of `felt plugin-host LIBRARY`, the very words felt starts its helper process
/// with: read before the command line parser, which describes every command and option of
/// felt before it reads a word, work a helper started for each plugin does for nothing. Any
/// other form (an option, a missing library) goes through the parser as every command does.
fn plugin_host_library() -> Option<PathBuf> {
    let mut args = std::env::args_os().skip(1);
    let (command, library) = (args.next()?, args.next()?);
    let plain = !library.to_string_lossy().starts_with('-');
    (command == "plugin-host" && plain && args.next().is_none()).then(|| PathBuf::from(library))
}

/// Makes `felt … | head` end quietly when the reader stops, as Unix tools do. Rust ignores
/// SIGPIPE, so a closed pipe turns every later `println!` into a panic with a stack trace;
/// with the default action the process just ends. Nothing is lost: records are written in
/// SQLite transactions and files atomically, so ending between two writes leaves both whole.
fn quiet_on_closed_pipe() {
    #[cfg(unix)]
    // SAFETY: called first thing in `main`, before any thread exists; it only resets the
    // action of one signal to the system default.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

fn run(cli: &Cli) -> Result<()> {
    plugin_isolation::set_in_process(cli.global.plugins_in_process);
    match &cli.command {
        Some(Command::PluginHost { library }) => std::process::exit(felt_abi::serve(library)),
        None => tui::launch(&cli.global),
        Some(Command::Play(args)) => play(&cli.global, args),
        Some(Command::Deal { code, format }) => deal(&cli.global, code, format),
        Some(Command::Variants) => variants(&cli.global),
        Some(Command::Check { file }) => check(&cli.global, file),
        Some(Command::Solve(args)) => {
            plugin_isolation::set_batch(args.one_thread());
            solve::run(args, &catalog_for(&cli.global, args.variant(), args.code()))
        }
        Some(Command::Autoplay(args)) => autoplay::run(args, &load_catalog(&cli.global)),
        Some(Command::Plugins(cmd)) => {
            plugins::run(cmd, cli.global.data_dir.as_deref(), &cli.global.plugin)
        }
        Some(Command::Store(cmd)) => store_cmd::run(
            cmd,
            cli.global.data_dir.as_deref(),
            cli.global.ascii,
            || load_catalog(&cli.global),
        ),
    }
}
