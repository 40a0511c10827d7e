//! `felt plugins` and `felt new-ruleset`: glue over felt-abi.
//!
//! Plugins are found with `--plugin PATH`, in `<data dir>/plugins/`, and beside the `felt`
//! executable (`felt_*` libraries only); see felt_abi::discover.

use crate::plugin_isolation::isolation;
use anyhow::Result;
use clap::Subcommand;
use felt_abi::{PluginReport, Source};
use felt_core::Catalog;
use std::io::Write;
use std::path::{Path, PathBuf};

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

/// The standard places, with each plugin run by `felt-helper` in a process of its own
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

/// Runs a plugin command; plugins from `--plugin` are listed with the others.
pub fn run(command: &PluginCommand, data_dir: Option<&Path>, extra: &[PathBuf]) -> Result<()> {
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

/// The catalog of a command about the one variant `wanted`, when a plugin bundles it: the
/// built-in rulesets and scoring tables, that plugin's ruleset, scoring tables and that one
/// variant file, then the user's files, as the full catalog orders them. Parsing and checking
/// every variant file of every plugin cost more than the rest of a one-deal solve.
///
/// `None` at any doubt that the answer would be the full catalog's, and the caller loads
/// that: a file whose top cannot be read without parsing it ([`felt::catalog::declared`]);
/// `wanted` given by a built-in file, or named in any file's former ids; no plugin file or
/// more than one giving it; another file with its code prefix; or, once loaded, an error of
/// any file, or `wanted` given by a user's file instead.
pub fn lean_catalog(
    wanted: &str,
    data_dir: Option<&Path>,
    extra: &[PathBuf],
    config: &[PathBuf],
    user_dir: bool,
) -> Option<Catalog> {
    use felt::catalog::{declared, Declared};
    let names =
        |d: &Declared| d.id == wanted || d.aliases.as_deref().is_some_and(|a| a.contains(wanted));
    let mut catalog = crate::catalog::base_catalog();
    let mut codes: Vec<String> = Vec::new();
    for (_, text) in felt::catalog::builtin_variants() {
        let d = declared(text)?;
        if names(&d) {
            return None;
        }
        codes.push(d.code?);
    }
    let locations = locations(data_dir, extra);
    let cache = cache_of(&locations);
    let reports = felt_abi::discover_cached(&locations, cache.as_ref());
    let mut found = None;
    let mut taken: Vec<&str> = Vec::new();
    for (index, report) in reports.iter().enumerate() {
        let Ok(plugin) = &report.outcome else {
            continue;
        };
        // A ruleset id already taken is skipped by the full catalog too, with its variants.
        if catalog.factory(plugin.ruleset_id()).is_some() || taken.contains(&plugin.ruleset_id()) {
            continue;
        }
        taken.push(plugin.ruleset_id());
        for (name, text) in plugin.bundled_variants() {
            let d = declared(text)?;
            let code = d.code.clone()?;
            if d.id == wanted {
                if found.replace((index, name.clone(), code)).is_some() {
                    return None;
                }
            } else if names(&d) {
                return None;
            } else {
                codes.push(code);
            }
        }
    }
    let (index, file, code) = found?;
    if codes.contains(&code) {
        return None;
    }
    felt_abi::register_one(&mut catalog, &reports[index], &file)?;
    crate::catalog::load_user(&mut catalog, config, user_dir);
    let loaded = Loaded { reports, cache };
    let ours = catalog.get(wanted).is_some_and(
        |e| matches!(&e.origin, felt_core::Origin::Plugin(o) if o.ends_with(&format!("({file})"))),
    );
    loaded.remember();
    (ours && catalog.errors().is_empty()).then_some(catalog)
}
