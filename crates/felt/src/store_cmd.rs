//! `felt stats`, `felt replay` and `felt export`: the commands over the game database.
//!
//! Glue only: the records, statistics and replays are felt-store's; the table printing is the
//! headless protocol's, so a replay reads like a headless game; the replay viewer is felt-tui's.

use anyhow::{anyhow, bail, Context, Result};
use clap::{Args, Subcommand};
use felt_core::{Catalog, GameCode, Seat, TableView};
use felt_headless::{describe, table_lines};
use felt_store::{GameId, RecordFile, Replayer, Store};
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
    /// List past games instead, newest first, started at in local time: their numbers are
    /// what `felt replay --id` and `felt export` take.
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

fn replay(
    data: Option<&Path>,
    args: &ReplayArgs,
    ascii: bool,
    catalog: impl FnOnce() -> Catalog,
) -> Result<()> {
    let (catalog, replayer) = match &args.file {
        Some(path) => {
            let text = felt::files::read_text(path, felt::files::RECORD_FILE_LIMIT)
                .with_context(|| format!("cannot read {}", path.display()))?;
            let file =
                RecordFile::from_text(&text).map_err(|e| anyhow!("{}: {e}", path.display()))?;
            let catalog = catalog();
            let replayer = file_replayer(&catalog, &file, path)?;
            (catalog, replayer)
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
            let record = store.record(id)?;
            let catalog = catalog();
            let summary = &record.summary;
            let ruleset = catalog
                .build(&summary.variant, Some(&summary.rules))
                .with_context(|| format!("cannot replay game #{}", summary.id))?;
            let replayer = record.replayer(ruleset, Seat::SOLO)?;
            (catalog, replayer)
        }
    };
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

/// The replayer of a record file, refusing a file that contradicts itself or its actions:
/// a code that deals another variant or rules than its header names, a ruleset that does not
/// play its variant, a result, score or move count the actions do not reach (each refusal
/// with the file's line and the reason).
fn file_replayer(catalog: &Catalog, file: &RecordFile, path: &Path) -> Result<Replayer> {
    let summary = &file.record().summary;
    let at = |e: felt_store::RecordTextError| anyhow!("{}: {e}", path.display());
    let ruleset = catalog
        .build(&summary.variant, Some(&summary.rules))
        .with_context(|| format!("{}: cannot replay game #{}", path.display(), summary.id))?;
    let code =
        GameCode::parse(&summary.code).map_err(|e| at(file.error_at("code", e.to_string())))?;
    let (entry, choice) = catalog
        .resolve(&code)
        .map_err(|e| at(file.error_at("code", e.to_string())))?;
    let line = |key: &str| {
        file.line_of(key)
            .map_or_else(String::new, |n| format!(" (line {n})"))
    };
    if entry.variant.id != catalog.canonical(&summary.variant) {
        return Err(at(file.error_at(
            "code",
            format!(
                "code {code} deals a game of {}, but the file says variant {}{}",
                entry.variant.id,
                summary.variant,
                line("variant")
            ),
        )));
    }
    if choice.id != summary.rules {
        return Err(at(file.error_at(
            "code",
            format!(
                "code {code} deals {} rules, but the file says rules {}{}",
                choice.id,
                summary.rules,
                line("rules")
            ),
        )));
    }
    file.replayer(ruleset, Seat::SOLO).map_err(at)
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
        crate::started::local_start(summary.started),
        replayer.reached(),
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
    let reached = replayer.reached();
    let name = catalog
        .get(&summary.variant)
        .map_or(summary.variant.as_str(), |e| e.variant.name.as_str());
    ReplayTape {
        title: format!(
            "Replay of game #{} · {name} · {} · time {}",
            summary.id,
            reached,
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

mod tables;
use tables::*;

#[cfg(test)]
mod tests;
