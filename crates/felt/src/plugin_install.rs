//! `felt plugins install` and `felt plugins remove`: the data folder's `plugins/` holds links
//! to built libraries, so a rebuilt plugin is what felt loads next, with no stale copy left.

use anyhow::{bail, Context, Result};
use felt_abi::{Locations, PluginReport, Source};
use std::path::{Path, PathBuf};

/// The user plugins folder of the data folder.
fn plugins_dir(data_dir: Option<&Path>) -> Result<PathBuf> {
    Locations::standard(data_dir, &[])
        .user_dir
        .context("no user data folder is known here: give --data-dir DIR")
}

/// The plugins in the user folder alone, as felt would find them (its cache saying what
/// unchanged ones are, so listing them runs no plugin code).
fn installed(dir: &Path) -> Vec<PluginReport> {
    let locations = Locations {
        user_dir: Some(dir.to_path_buf()),
        ..Locations::default()
    };
    let cache = dir
        .parent()
        .map(|data| felt_abi::Cache::open(&data.join("plugin-cache.json")));
    felt_abi::discover_cached(&locations, cache.as_ref())
}

/// Links `library` into the user plugins folder, after checking that it loads and says who
/// it is (in a helper process, so a broken library cannot take felt down).
pub fn install(data_dir: Option<&Path>, library: &Path) -> Result<()> {
    let meta =
        std::fs::metadata(library).with_context(|| format!("cannot read {}", library.display()))?;
    if !meta.is_file() {
        bail!(
            "{} is not a file: name the built library (target/release/{}felt_NAME{})",
            library.display(),
            std::env::consts::DLL_PREFIX,
            std::env::consts::DLL_SUFFIX
        );
    }
    let target = std::fs::canonicalize(library)
        .with_context(|| format!("cannot resolve {}", library.display()))?;
    let Some(file_name) = target
        .file_name()
        .filter(|n| n.to_string_lossy().ends_with(std::env::consts::DLL_SUFFIX))
    else {
        bail!(
            "{} is not a shared library (its name does not end in {})",
            library.display(),
            std::env::consts::DLL_SUFFIX
        );
    };
    let checked = felt_abi::discover_in(&Locations {
        extra: vec![target.clone()],
        isolation: crate::plugin_isolation::isolation(),
        ..Locations::default()
    });
    let plugin = match checked.into_iter().next().map(|r| r.outcome) {
        Some(Ok(plugin)) => plugin,
        Some(Err(why)) => bail!("{} is not a plugin felt can load: {why}", library.display()),
        None => bail!("{} could not be looked at", library.display()),
    };
    let dir = plugins_dir(data_dir)?;
    std::fs::create_dir_all(&dir).with_context(|| format!("cannot create {}", dir.display()))?;
    let link = dir.join(file_name);
    // The library named may already be what the folder holds: an entry of the folder itself
    // (a copy, or a link of any name), or the file a link of the folder leads to. Installing
    // it again would move the file aside and leave a link to where it was.
    if let Some(entry) = already_there(library, &target, &dir, &link) {
        let shown = match std::fs::read_link(&entry) {
            Ok(to) => format!("{} -> {}", entry.display(), to.display()),
            Err(_) => entry.display().to_string(),
        };
        felt::say!(
            "Ruleset {} {} is already installed: {shown}. Nothing changed.",
            plugin.ruleset_id(),
            plugin.version()
        );
        return Ok(());
    }
    let mut notes = Vec::new();
    for report in installed(&dir) {
        let same_id = report
            .outcome
            .as_ref()
            .is_ok_and(|p| p.ruleset_id() == plugin.ruleset_id());
        if same_id && report.path != link && report.source == Source::UserDir {
            notes.push(format!(
                "{} also provides ruleset {}; felt loads only the first: `felt plugins remove {}` takes it out",
                report.path.display(),
                plugin.ruleset_id(),
                report.path.file_name().map_or_else(String::new, |n| n.to_string_lossy().into_owned())
            ));
        }
    }
    match std::fs::symlink_metadata(&link) {
        Ok(old) if old.file_type().is_symlink() => {}
        Ok(old) if old.is_file() => {
            // A copy installed by hand: kept aside, under a name felt does not load.
            let aside = dir.join(format!("{}.replaced", file_name.to_string_lossy()));
            std::fs::rename(&link, &aside)
                .with_context(|| format!("cannot move the old copy {} aside", link.display()))?;
            notes.push(format!(
                "the copy that was there is kept as {}",
                aside.display()
            ));
        }
        Ok(_) => bail!(
            "{} is there and is not a file or a link: felt leaves it alone",
            link.display()
        ),
        Err(_) => {}
    }
    replace_with_link(&target, &link)?;
    felt::say!(
        "Installed ruleset {} {} ({}): {} -> {}",
        plugin.ruleset_id(),
        plugin.version(),
        plugin.description(),
        link.display(),
        target.display()
    );
    for note in notes {
        felt::say!("Note: {note}");
    }
    Ok(())
}

/// The entry of the plugins folder `dir` that already is `library` (resolved: `target`), if
/// one is: `library` itself when it lies in the folder, or `link`, the entry installing it
/// would make, when that is the same file.
fn already_there(library: &Path, target: &Path, dir: &Path, link: &Path) -> Option<PathBuf> {
    let parent = library
        .parent()
        .map(|p| {
            if p.as_os_str().is_empty() {
                Path::new(".")
            } else {
                p
            }
        })
        .and_then(|p| std::fs::canonicalize(p).ok());
    if parent.is_some() && parent == std::fs::canonicalize(dir).ok() {
        return Some(library.to_path_buf());
    }
    same_file(link, target).then(|| link.to_path_buf())
}

/// Whether `a` and `b` lead to one file (one device and inode; where the system has no
/// inodes, one real path).
fn same_file(a: &Path, b: &Path) -> bool {
    let (Ok(first), Ok(second)) = (std::fs::metadata(a), std::fs::metadata(b)) else {
        return false;
    };
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        first.dev() == second.dev() && first.ino() == second.ino()
    }
    #[cfg(not(unix))]
    {
        let _ = (first, second);
        std::fs::canonicalize(a).ok() == std::fs::canonicalize(b).ok()
    }
}

/// Points `link` at `target`, atomically: a link made beside it is renamed over it, so felt
/// never sees the folder without the plugin.
#[cfg(unix)]
fn replace_with_link(target: &Path, link: &Path) -> Result<()> {
    let dir = link.parent().unwrap_or(Path::new("."));
    let temp = dir.join(format!(
        ".{}.installing",
        link.file_name()
            .map_or_else(String::new, |n| n.to_string_lossy().into_owned())
    ));
    let _ = std::fs::remove_file(&temp);
    std::os::unix::fs::symlink(target, &temp)
        .with_context(|| format!("cannot make a link in {}", dir.display()))?;
    std::fs::rename(&temp, link).with_context(|| format!("cannot replace {}", link.display()))
}

/// Without symbolic links, a copy is the only way; it goes stale when the plugin is rebuilt.
#[cfg(not(unix))]
fn replace_with_link(target: &Path, link: &Path) -> Result<()> {
    std::fs::copy(target, link)
        .map(|_| ())
        .with_context(|| format!("cannot copy {} to {}", target.display(), link.display()))
}

/// Takes the plugin `name` (a file name in the user plugins folder, or the ruleset id it
/// provides) out of that folder. Only the folder's entry goes: a link's library is kept.
pub fn remove(data_dir: Option<&Path>, name: &str) -> Result<()> {
    let dir = plugins_dir(data_dir)?;
    let reports = installed(&dir);
    let found = reports.iter().find(|r| {
        r.path.file_name().is_some_and(|n| n == name)
            || r.outcome.as_ref().is_ok_and(|p| p.ruleset_id() == name)
    });
    let Some(found) = found else {
        let names: Vec<String> = reports
            .iter()
            .filter_map(|r| r.path.file_name().map(|n| n.to_string_lossy().into_owned()))
            .collect();
        bail!(
            "no plugin '{name}' in {} (there: {})",
            dir.display(),
            if names.is_empty() {
                "none".to_string()
            } else {
                names.join(", ")
            }
        );
    };
    std::fs::remove_file(&found.path)
        .with_context(|| format!("cannot remove {}", found.path.display()))?;
    felt::say!("Removed {}.", found.path.display());
    Ok(())
}
