//! `felt stats`, `felt replay` and `felt export`: the commands over the game database.
//!
//! Glue only: the records, statistics and replays are felt-store's; the table printing is the
//! headless protocol's, so a replay reads like a headless game; the replay viewer is felt-tui's.

use anyhow::{anyhow, bail, Context, Result};
use clap::{Args, Subcommand};
use felt::headless::{describe, table_lines};
use felt_core::{clip, Catalog, Seat, TableView};
use felt_store::{GameId, GameRecord, Replayer, Store, VariantStats};
use felt_tui::{ReplayFrame, ReplayFrames, ReplayTape, Start, TuiOptions};
use std::io::Write;
use std::path::{Path, PathBuf};

/// The store's subcommands, flattened into felt's own.
#[derive(Subcommand)]
pub enum StoreCommand {
    /// Statistics per variant, counted from the game records.
    Stats(StatsArgs),
    /// Step through a recorded game: the latest, one by code or id, or a record file.
    Replay(ReplayArgs),
    /// Write a game's record as a text file that `felt replay FILE` reads back.
    Export(ExportArgs),
}

/// `felt stats`.
#[derive(Args)]
pub struct StatsArgs {
    /// Only this variant (shown even with no games).
    variant: Option<String>,
    /// Print JSON: a list of objects, one per variant (or per game, with --games).
    #[arg(long)]
    json: bool,
    /// List past games instead, newest first: their numbers are what `felt replay --id` and
    /// `felt export` take.
    #[arg(long)]
    games: bool,
    /// With --games: how many at most.
    #[arg(long, default_value_t = 50, requires = "games")]
    last: usize,
}

/// `felt replay`.
#[derive(Args)]
pub struct ReplayArgs {
    /// A record file written by `felt export`.
    #[arg(conflicts_with_all = ["code", "id"])]
    file: Option<PathBuf>,
    /// The latest game dealt from this code.
    #[arg(long, conflicts_with = "id")]
    code: Option<String>,
    /// The game with this number (`felt stats --games` lists them).
    #[arg(long)]
    id: Option<i64>,
    /// Print every step instead of stepping through it in the terminal.
    #[arg(long)]
    headless: bool,
}

/// `felt export`.
#[derive(Args)]
pub struct ExportArgs {
    /// The game's number (`felt stats --games` lists them).
    id: i64,
    /// Where to write it (default: standard output).
    file: Option<PathBuf>,
}

/// The folder felt keeps its database in: `--data-dir`, or the user data folder.
pub fn data_dir(given: Option<&Path>) -> Result<PathBuf> {
    match given {
        Some(dir) => Ok(dir.to_path_buf()),
        None => directories::ProjectDirs::from("", "", "felt")
            .map(|d| d.data_dir().to_path_buf())
            .ok_or_else(|| anyhow!("no home folder to keep games in: give --data-dir DIR")),
    }
}

/// Renames in `store` the records of every variant id the catalog lists as an alias to the
/// id it names now, so games saved before a rename go on under the new id. A failure leaves
/// the old records as they were: they are still there, only listed under the old id.
pub fn adopt_aliases(store: &Store, catalog: &felt_core::Catalog) {
    for (old, now) in catalog.aliases() {
        let _ = store.rename_variant(old, now);
    }
}

/// Opens the game database, telling the user on stderr if an unusable one was moved aside.
pub fn open_store(given: Option<&Path>) -> Result<Store> {
    let store = Store::open_dir(&data_dir(given)?)?;
    if let Some(recovery) = store.recovery() {
        felt::tell!("warning: {recovery}");
    }
    Ok(store)
}

/// Opens the game database to read it: as [`open_store`], but a data folder felt may not write
/// to is opened read-only, so the records in it can still be shown, replayed, exported and
/// resumed (a resumed game then says at its first move that it is not recorded).
pub fn open_store_for_reading(given: Option<&Path>) -> Result<Store> {
    let store = Store::open_dir_for_reading(&data_dir(given)?)?;
    if let Some(recovery) = store.recovery() {
        felt::tell!("warning: {recovery}");
    }
    Ok(store)
}

/// Runs one store command; `catalog` is only built when a ruleset is needed; `ascii` draws the
/// replay viewer with letters for suits.
pub fn run(
    command: &StoreCommand,
    data: Option<&Path>,
    ascii: bool,
    catalog: impl FnOnce() -> Catalog,
) -> Result<()> {
    match command {
        StoreCommand::Stats(args) => stats(&open_store_for_reading(data)?, args, catalog),
        StoreCommand::Replay(args) => replay(data, args, ascii, catalog),
        StoreCommand::Export(args) => export(&open_store_for_reading(data)?, args),
    }
}

fn stats(store: &Store, args: &StatsArgs, catalog: impl FnOnce() -> Catalog) -> Result<()> {
    if args.games {
        return games(store, args);
    }
    let all = match &args.variant {
        Some(v) => vec![store.stats(v)?],
        None => store.all_stats()?,
    };
    // Only the catalog knows which scoring tables run on, and whether the variant asked for
    // exists or was refused; it is built only when a total could be one or a variant was named.
    let totals = !args.json && all.iter().any(|s| s.score_total.is_some());
    let catalog = (totals || args.variant.is_some()).then(catalog);
    if let (Some(v), Some(catalog)) = (args.variant.as_deref(), &catalog) {
        // A name nothing knows and no record bears is a typo, not a variant never played.
        if catalog.get(v).is_none() && all.iter().all(|s| s.played == 0) {
            if let e @ felt_core::CatalogError::UnknownVariant(_) = catalog.missing(v) {
                bail!("{e}; no games are recorded under it");
            }
        }
    }
    listing(store, args.json, &all, stats_table)?;
    if let Some(catalog) = catalog {
        if totals {
            let mut out = felt::out::stdout();
            for line in running_totals(&all, |v| catalog.score_runs_on(v)) {
                writeln!(out, "{line}")?;
            }
        }
        // Its records are still counted above; the player learns why it cannot be played.
        if let Some(v) = args.variant.as_deref().filter(|v| catalog.get(v).is_none()) {
            if let e @ felt_core::CatalogError::Refused { .. } = catalog.missing(v) {
                felt::tell!("note: {e}");
            }
        }
    }
    Ok(())
}

/// The running totals of the variants whose score runs on across games (`runs_on`).
fn running_totals(all: &[VariantStats], runs_on: impl Fn(&str) -> bool) -> Vec<String> {
    let runs: Vec<(&str, i64)> = all
        .iter()
        .filter(|s| runs_on(&s.variant))
        .filter_map(|s| Some((s.variant.as_str(), s.score_total?)))
        .collect();
    if runs.is_empty() {
        return Vec::new();
    }
    let mut lines = vec![
        String::new(),
        "Running totals (scores that run on from game to game, over finished games):".to_string(),
    ];
    lines.extend(
        runs.iter()
            .map(|(v, total)| format!("  {}  {total}", clip(v, VARIANT_CHARS))),
    );
    lines
}

/// Prints `items` as JSON or as the lines `table` makes of them, or says no game was recorded.
fn listing<T: serde::Serialize>(
    store: &Store,
    json: bool,
    items: &[T],
    table: impl FnOnce(&[T]) -> Vec<String>,
) -> Result<()> {
    let mut out = felt::out::stdout();
    if json {
        writeln!(
            out,
            "{}",
            felt_core::text::json_visible(&serde_json::to_string_pretty(items)?)
        )?;
    } else if items.is_empty() {
        writeln!(
            out,
            "No games recorded yet (database: {}).",
            store.path().display()
        )?;
    } else {
        for line in table(items) {
            writeln!(out, "{line}")?;
        }
    }
    Ok(())
}

/// `felt stats --games`: one line a game, newest first.
fn games(store: &Store, args: &StatsArgs) -> Result<()> {
    let games = store.games(args.variant.as_deref(), args.last)?;
    listing(store, args.json, &games, games_table)
}

/// The lines of `felt stats --games`.
fn games_table(games: &[felt_store::GameSummary]) -> Vec<String> {
    let rows: Vec<[String; 8]> = games
        .iter()
        .map(|g| {
            [
                g.id.to_string(),
                clip(&g.variant, VARIANT_CHARS),
                g.code.clone(),
                g.result.as_str().to_string(),
                or_dash(g.score),
                g.moves.to_string(),
                time_text(g.played),
                g.started.to_rfc3339().replace('T', " ").replace('Z', ""),
            ]
        })
        .collect();
    let header = [
        "ID",
        "VARIANT",
        "CODE",
        "RESULT",
        "SCORE",
        "MOVES",
        "TIME",
        "STARTED (UTC)",
    ];
    aligned(&header, &rows, &[1, 2, 3, 7])
}

/// How long a game was played, as the game clock writes it: "—" for a game played headless
/// (or before felt kept times), which has no time.
fn time_text(played: Option<std::time::Duration>) -> String {
    played.map_or_else(|| "—".to_string(), felt_tui::clock::clock_text)
}

/// `header` and `rows` as lines of columns two spaces apart, each as wide as its widest cell:
/// the columns in `left` left-aligned (words), the others right-aligned (numbers).
fn aligned<const N: usize>(
    header: &[&str; N],
    rows: &[[String; N]],
    left: &[usize],
) -> Vec<String> {
    let widths: Vec<usize> = (0..N)
        .map(|i| {
            rows.iter()
                .map(|r| r[i].chars().count())
                .chain([header[i].chars().count()])
                .max()
                .unwrap_or(0)
        })
        .collect();
    let line = |cells: Vec<&str>| {
        let mut text = String::new();
        for (i, cell) in cells.iter().enumerate() {
            if i > 0 {
                text.push_str("  ");
            }
            // Padded by hand, not with a width argument: a formatting width is at most 65,535.
            let pad = " ".repeat(widths[i].saturating_sub(cell.chars().count()));
            if left.contains(&i) {
                text.push_str(cell);
                text.push_str(&pad);
            } else {
                text.push_str(&pad);
                text.push_str(cell);
            }
        }
        text.trim_end().to_string()
    };
    let mut lines = vec![line(header.to_vec())];
    lines.extend(
        rows.iter()
            .map(|r| line(r.iter().map(String::as_str).collect())),
    );
    lines
}

fn or_dash<T: ToString>(value: Option<T>) -> String {
    value.map_or_else(|| "-".to_string(), |v| v.to_string())
}

/// The statistics as an aligned table with a note on what the figures count.
fn stats_table(all: &[VariantStats]) -> Vec<String> {
    let header = [
        "VARIANT",
        "PLAYED",
        "WON",
        "LOST",
        "WIN%",
        "STREAK",
        "BEST W",
        "BEST L",
        "BEST SCORE",
        "FEWEST",
        "AVG MOVES",
        "BEST TIME",
    ];
    let rows: Vec<[String; 12]> = all
        .iter()
        .map(|s| {
            let streak = match (s.current_win_streak, s.current_loss_streak) {
                (0, 0) => "-".to_string(),
                (0, l) => format!("L{l}"),
                (w, _) => format!("W{w}"),
            };
            [
                clip(&s.variant, VARIANT_CHARS),
                s.played.to_string(),
                s.won.to_string(),
                s.lost.to_string(),
                or_dash(s.win_rate.map(|r| format!("{:.1}", r * 100.0))),
                streak,
                s.longest_win_streak.to_string(),
                s.longest_loss_streak.to_string(),
                or_dash(s.best_score),
                or_dash(s.fewest_moves_won),
                or_dash(s.average_moves_won.map(|a| format!("{a:.1}"))),
                or_dash(s.best_time.map(felt_tui::clock::clock_text)),
            ]
        })
        .collect();
    // The variant name reads left-aligned; numbers line up on the right.
    let mut lines = aligned(&header, &rows, &[0]);
    lines.push(String::new());
    lines.push(
        "PLAYED counts every game with at least one move, the one in progress too; LOST includes"
            .into(),
    );
    lines.push(
        "games left unfinished when a new one started. WIN% is over finished games. STREAK is the"
            .into(),
    );
    lines.push(
        "current run (W wins, L losses); BEST W and BEST L the longest. BEST SCORE, FEWEST and AVG"
            .into(),
    );
    lines.push(
        "MOVES are over won games (a lost game's score is no best), moves as the variant counts them."
            .into(),
    );
    lines.push(
        "BEST TIME is the fastest won game by the terminal's clock, which stops while felt is in"
            .into(),
    );
    lines.push("the background; a game played headless has no time.".into());
    lines.extend(fact_lines(all));
    lines
}

/// What the rulesets say about their variants' games ([`felt_core::Fact`]): a block per
/// variant that has any, each fact summed up over its finished games as the ruleset asks.
fn fact_lines(all: &[VariantStats]) -> Vec<String> {
    let mut lines = Vec::new();
    for s in all.iter().filter(|s| !s.facts.is_empty()) {
        let games = s.facts.iter().map(|f| f.games).max().unwrap_or(0);
        lines.push(String::new());
        lines.push(format!(
            "{}, over {games} finished game{}:",
            clip(&s.variant, VARIANT_CHARS),
            if games == 1 { "" } else { "s" }
        ));
        // A label is the ruleset's text, of any length: cut like a variant id.
        let labels: Vec<String> = s
            .facts
            .iter()
            .map(|f| clip(&f.label, VARIANT_CHARS))
            .collect();
        let width = labels.iter().map(|l| l.chars().count()).max().unwrap_or(0);
        for (f, label) in s.facts.iter().zip(&labels) {
            let pad = " ".repeat(width - label.chars().count());
            lines.push(format!("  {label}{pad}  {}", f.text()));
        }
    }
    lines
}

fn replay(
    data: Option<&Path>,
    args: &ReplayArgs,
    ascii: bool,
    catalog: impl FnOnce() -> Catalog,
) -> Result<()> {
    let record = match &args.file {
        Some(path) => {
            let text = felt::files::read_text(path, felt::files::RECORD_FILE_LIMIT)
                .with_context(|| format!("cannot read {}", path.display()))?;
            GameRecord::from_text(&text).map_err(|e| anyhow!("{}: {e}", path.display()))?
        }
        None => {
            let store = open_store_for_reading(data)?;
            let id = match (&args.code, args.id) {
                (_, Some(id)) => GameId(id),
                (Some(code), None) => {
                    store
                        .latest_with_code(code)?
                        .ok_or_else(|| anyhow!("no recorded game was dealt from {code}"))?
                        .id
                }
                (None, None) => {
                    store
                        .latest()?
                        .ok_or_else(|| anyhow!("no games recorded yet"))?
                        .id
                }
            };
            store.record(id)?
        }
    };
    let summary = &record.summary;
    let catalog = catalog();
    let ruleset = catalog
        .build(&summary.variant, Some(&summary.rules))
        .with_context(|| format!("cannot replay game #{}", summary.id))?;
    let replayer = record.replayer(ruleset, Seat::SOLO)?;
    if !args.headless {
        let start = Start::Replay(tape(&catalog, replayer));
        let options = TuiOptions {
            ascii,
            start: Some(start),
            ..TuiOptions::default()
        };
        return felt_tui::run(catalog, options);
    }
    ended_pipe(print_replay(replayer))
}

/// Every step of a replay as the headless protocol prints a table, each built as it is
/// printed.
fn print_replay(mut replayer: Replayer) -> std::io::Result<()> {
    let summary = replayer.record().summary.clone();
    let mut out = felt::out::stdout();
    writeln!(
        out,
        "replay of game #{}: {} ({} rules), code {}, started {}, {}, {} actions, time {}",
        summary.id,
        summary.variant,
        summary.rules,
        summary.code,
        summary.started,
        summary.result,
        summary.actions,
        time_text(summary.played)
    )?;
    writeln!(out)?;
    let mut previous: Option<TableView> = None;
    for step in replayer.steps() {
        match (&step.action, &previous) {
            (Some(action), Some(before)) => {
                writeln!(out, "step {}: {}", step.number, describe(before, action))?
            }
            _ => writeln!(out, "step {}: the deal", step.number)?,
        }
        for line in table_lines(&step.view, &summary.code, &step.status) {
            writeln!(out, "{line}")?;
        }
        writeln!(out)?;
        previous = Some(step.view);
    }
    Ok(())
}

/// A reader that stopped reading (`felt replay --headless | head`) is not an error.
fn ended_pipe(result: std::io::Result<()>) -> Result<()> {
    match result {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        other => Ok(other?),
    }
}

/// A replay as the terminal viewer takes it: its frames, titled with the game's number and the
/// variant's name.
pub(crate) fn tape(catalog: &Catalog, replayer: Replayer) -> ReplayTape {
    let summary = &replayer.record().summary;
    let name = catalog
        .get(&summary.variant)
        .map_or(summary.variant.as_str(), |e| e.variant.name.as_str());
    ReplayTape {
        title: format!(
            "Replay of game #{} · {name} · {} · time {}",
            summary.id,
            summary.result,
            time_text(summary.played)
        ),
        code: summary.code.clone(),
        frames: Box::new(Frames(replayer)),
    }
}

/// A replayer as the viewer's frames: each built when it is shown.
struct Frames(Replayer);

impl ReplayFrames for Frames {
    fn len(&self) -> usize {
        self.0.len()
    }

    fn frame(&mut self, i: usize) -> Option<ReplayFrame> {
        self.0.step(i).map(|s| ReplayFrame {
            view: s.view,
            action: s.action,
            status: s.status,
        })
    }
}

fn export(store: &Store, args: &ExportArgs) -> Result<()> {
    let text = store.record(GameId(args.id))?.to_text();
    match &args.file {
        None => std::io::stdout().lock().write_all(text.as_bytes())?,
        Some(path) => {
            // Only a regular file is replaced: a rename over a link, a FIFO or a device would
            // put a regular file in its place (as root, even over a device node).
            if let Ok(meta) = std::fs::symlink_metadata(path) {
                if !meta.is_file() {
                    bail!(
                        "will not write over {}: it is {}; give a new path or a regular file",
                        path.display(),
                        kind_of(&meta)
                    );
                }
            }
            // Written to a fresh temporary file beside the target and renamed, so a crash
            // never leaves half a file.
            let dir = match path.parent() {
                Some(p) if !p.as_os_str().is_empty() => p,
                _ => std::path::Path::new("."),
            };
            let mut tmp = tempfile::NamedTempFile::new_in(dir)
                .with_context(|| format!("cannot write in {}", dir.display()))?;
            tmp.write_all(text.as_bytes())
                .and_then(|()| tmp.as_file().sync_all())
                .with_context(|| format!("cannot write {}", path.display()))?;
            tmp.persist(path)
                .with_context(|| format!("cannot write {}", path.display()))?;
            felt::tell!("wrote game #{} to {}", args.id, path.display());
        }
    }
    Ok(())
}

/// What a path that is not a regular file is, for a refusal.
fn kind_of(meta: &std::fs::Metadata) -> &'static str {
    let t = meta.file_type();
    if t.is_symlink() {
        return "a symbolic link";
    }
    if t.is_dir() {
        return "a folder";
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if t.is_fifo() {
            return "a FIFO";
        }
        if t.is_char_device() || t.is_block_device() {
            return "a device";
        }
        if t.is_socket() {
            return "a socket";
        }
    }
    "not a regular file"
}

/// Characters of a variant id the statistics table shows at most: a record may hold an id of
/// any length (one from a file felt no longer loads), and the table must still line up.
const VARIANT_CHARS: usize = 40;

#[cfg(test)]
mod tests;
