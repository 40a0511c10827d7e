//! Finding plugins: `--plugin PATH` first, then the user data folder's `plugins/`, then the
//! folder of the running `felt` (so `cargo run` finds the workspace's own plugins).

use crate::error::PluginError;
use crate::factory::PluginFactory;
use crate::host::Plugin;
use crate::report::{PluginReport, Source};
use felt_core::{Catalog, Origin, VariantError};
use std::collections::BTreeSet;
use std::env::consts::{DLL_PREFIX, DLL_SUFFIX};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The places to look.
#[derive(Clone, Debug, Default)]
pub struct Locations {
    /// Libraries or folders given with `--plugin`; every library in a folder is tried.
    pub extra: Vec<PathBuf>,
    /// The user's plugin folder; every library in it is tried.
    pub user_dir: Option<PathBuf>,
    /// The executable's folder; only libraries named `felt_*` are tried there, since it may be
    /// a system folder full of unrelated libraries.
    pub exe_dir: Option<PathBuf>,
    /// How to run each plugin in a helper process of its own; `None` loads them into this
    /// process (trusted plugins, benchmarks).
    pub isolation: Option<crate::Isolation>,
}

impl Locations {
    /// The standard places: `extra`, `<data dir>/plugins` (the user data folder unless
    /// `data_dir` is given), and the running executable's folder.
    pub fn standard(data_dir: Option<&Path>, extra: &[PathBuf]) -> Locations {
        let data = data_dir.map(Path::to_path_buf).or_else(|| {
            directories::ProjectDirs::from("", "", "felt").map(|d| d.data_dir().to_path_buf())
        });
        let exe_dir = std::env::current_exe()
            .ok()
            .and_then(|exe| exe.parent().map(Path::to_path_buf));
        Locations {
            extra: extra.to_vec(),
            user_dir: data.map(|d| d.join("plugins")),
            exe_dir,
            isolation: None,
        }
    }
}

/// Finds and loads plugins in the standard places plus `extra` (see [`Locations::standard`]).
pub fn discover(extra: &[PathBuf]) -> Vec<PluginReport> {
    discover_in(&Locations::standard(None, extra))
}

/// Whether `path` is named as a library and is a file, or a link, even one that leads
/// nowhere: a link whose library is gone is listed as broken (and `felt plugins remove`
/// can take it out), not skipped as if it were not there.
fn is_library(path: &Path) -> bool {
    let named = path
        .file_name()
        .and_then(|n| n.to_str())
        .is_some_and(|n| n.ends_with(DLL_SUFFIX));
    named
        && (path.is_file()
            || std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink()))
}

fn libraries_in(dir: &Path, felt_only: bool) -> Vec<PathBuf> {
    let prefix = format!("{DLL_PREFIX}felt_");
    let mut found: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .filter_map(Result::ok)
                .map(|e| e.path())
                .filter(|p| is_library(p))
                .filter(|p| {
                    !felt_only
                        || p.file_name()
                            .and_then(|n| n.to_str())
                            .is_some_and(|n| n.starts_with(&prefix))
                })
                .collect()
        })
        .unwrap_or_default();
    found.sort();
    found
}

/// Why `path`, a link, leads to no file, if it does not: it points at a file that is gone,
/// round a loop of links, or at something that is not a file.
fn broken_link(path: &Path) -> Option<PluginError> {
    let link = std::fs::symlink_metadata(path).ok()?;
    if !link.file_type().is_symlink() {
        return None;
    }
    let target =
        std::fs::read_link(path).map_or_else(|_| "?".to_string(), |t| t.display().to_string());
    let why = match std::fs::metadata(path) {
        Ok(meta) if meta.is_file() => return None,
        Ok(_) => "which is not a file".to_string(),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => "which is not there".to_string(),
        Err(e) => format!("which cannot be followed: {e}"),
    };
    Some(PluginError::BrokenLink { target, why })
}

/// Loads every plugin in `locations`, in order. A library seen twice (by the same real path)
/// is loaded once; a later plugin with an already loaded ruleset id is refused as a duplicate.
pub fn discover_in(locations: &Locations) -> Vec<PluginReport> {
    discover_cached(locations, None)
}

/// [`discover_in`], taking what `cache` remembers of a library that has not changed instead
/// of loading it: such a plugin is loaded when it is first called, and a remembered refusal
/// is given again without trying. Save what was found with [`Cache::store`](crate::Cache::store)
/// once the catalog is built, so the plugins' answers to its variants are kept too.
pub fn discover_cached(locations: &Locations, cache: Option<&crate::Cache>) -> Vec<PluginReport> {
    let mut candidates: Vec<(PathBuf, Source)> = Vec::new();
    for path in &locations.extra {
        if path.is_dir() {
            candidates.extend(
                libraries_in(path, false)
                    .into_iter()
                    .map(|p| (p, Source::CommandLine)),
            );
        } else {
            // A missing or odd file is reported by the loader, not skipped: the user named it.
            candidates.push((path.clone(), Source::CommandLine));
        }
    }
    if let Some(dir) = &locations.user_dir {
        candidates.extend(
            libraries_in(dir, false)
                .into_iter()
                .map(|p| (p, Source::UserDir)),
        );
    }
    if let Some(dir) = &locations.exe_dir {
        candidates.extend(
            libraries_in(dir, true)
                .into_iter()
                .map(|p| (p, Source::ExeDir)),
        );
    }
    let mut seen = BTreeSet::new();
    let mut reports: Vec<PluginReport> = Vec::new();
    for (path, source) in candidates {
        let real = std::fs::canonicalize(&path).unwrap_or_else(|_| path.clone());
        if !seen.insert(real.clone()) {
            continue;
        }
        if let Some(broken) = broken_link(&path) {
            reports.push(PluginReport {
                path,
                source,
                outcome: Err(broken),
            });
            continue;
        }
        let loaded = match cache.and_then(|c| c.lookup_real(&real)) {
            Some(crate::cache::Remembered::Plugin {
                hello,
                verdicts,
                hangs,
            }) => Ok(Plugin::listed(
                &path,
                hello,
                locations.isolation.clone(),
                verdicts,
                hangs,
            )),
            Some(crate::cache::Remembered::Refused(why)) => Err(PluginError::Remembered(why)),
            None => match &locations.isolation {
                Some(isolation) => Plugin::spawn(&path, isolation),
                None => Plugin::load(&path),
            },
        };
        let outcome = loaded.and_then(|plugin| {
            let first = reports.iter().find_map(|r| match &r.outcome {
                Ok(p) if p.ruleset_id() == plugin.ruleset_id() => {
                    Some(r.path.display().to_string())
                }
                _ => None,
            });
            match first {
                Some(first) => Err(PluginError::Duplicate {
                    id: plugin.ruleset_id().to_string(),
                    first,
                }),
                None => Ok(plugin),
            }
        });
        reports.push(PluginReport {
            path,
            source,
            outcome,
        });
    }
    reports
}

/// Adds each loaded plugin's ruleset and bundled variants to the catalog, skipping ids the
/// catalog already has (a built-in wins). Bad bundled variants land in the catalog's errors.
/// Returns the plugins added.
pub fn register(catalog: &mut Catalog, reports: &[PluginReport]) -> Vec<Arc<Plugin>> {
    reports
        .iter()
        .filter_map(|report| add_plugin(catalog, report, |_| true))
        .collect()
}

/// Adds one plugin's ruleset, its scoring tables and only its bundled variant file `file`
/// (the name [`Plugin::bundled_variants`] gives): what a command about that one variant
/// needs, without checking every other variant the plugin ships (each check costs a parse,
/// and a build for a variant the plugin cache has no verdict for). `None` when the report is
/// a refusal, or a ruleset of that id is already in the catalog (which [`register`] skips
/// too).
pub fn register_one(
    catalog: &mut Catalog,
    report: &PluginReport,
    file: &str,
) -> Option<Arc<Plugin>> {
    add_plugin(catalog, report, |name| name == file)
}

/// [`register`]'s work for one report: the ruleset, its scoring tables, and the bundled
/// variant files `wanted` takes.
fn add_plugin(
    catalog: &mut Catalog,
    report: &PluginReport,
    wanted: impl Fn(&str) -> bool,
) -> Option<Arc<Plugin>> {
    let Ok(plugin) = &report.outcome else {
        return None;
    };
    if catalog.factory(plugin.ruleset_id()).is_some() {
        return None;
    }
    catalog.add_ruleset(Arc::new(PluginFactory::new(plugin.clone())));
    // Scoring tables first: the plugin's variants may name them.
    for (name, text) in plugin.bundled_scoring() {
        let origin = Origin::Plugin(format!("{} ({name})", report.path.display()));
        let id = name.strip_suffix(".toml").unwrap_or(name);
        if catalog.scoring(id).is_some() {
            // A plugin adds tables; it never changes one felt or another plugin ships.
            catalog.push_error(VariantError::at_key(
                &origin,
                text,
                None,
                format!(
                    "a plugin cannot replace the scoring table '{id}': give its file another name"
                ),
            ));
            continue;
        }
        // A bad table is recorded in the catalog's errors; the others still load.
        let _ = catalog.add_scoring(origin, id, text);
    }
    for (name, text) in plugin.bundled_variants() {
        if !wanted(name) {
            continue;
        }
        let origin = Origin::Plugin(format!("{} ({name})", report.path.display()));
        // A refused variant is recorded in the catalog's errors; the others still load.
        let _ = catalog.add_variant(origin, text);
    }
    Some(plugin.clone())
}
