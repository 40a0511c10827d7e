//! The files of a new ruleset crate, as `felt new-ruleset NAME` writes them: Scorpion, a small
//! but complete patience exported as a plugin, with its variant, scoring table and tests.
//!
//! The game's source is the workspace crate `rulesets/template`, compiled and tested with the
//! rest of felt, so the template always builds against this felt. The copy gets the new
//! ruleset's names: its id (and variant and file names) is NAME, its variant code and rule ids
//! start with NAME's first letters, and its library is `felt_NAME`, which felt loads.

use std::path::{Path, PathBuf};

const LIB: &str = include_str!("../../../../rulesets/template/src/lib.rs");
const ANALYSIS: &str = include_str!("../../../../rulesets/template/src/analysis.rs");
const TESTS: &str = include_str!("../../../../rulesets/template/tests/game.rs");
const VARIANT: &str = include_str!("../../../../rulesets/template/variants/scorpion.toml");
const SCORING: &str = include_str!("../../../../rulesets/template/scoring/scorpion-standard.toml");

const MANIFEST: &str = r#"[package]
name = "felt-@NAME@"
version = "0.1.0"
edition = "2021"
publish = false

[lib]
name = "@CRATE@"
# cdylib: the plugin felt loads; rlib: so tests can call the ruleset directly.
crate-type = ["cdylib", "rlib"]

[dependencies]
# felt's crates, by the path from this crate to a felt source tree.
felt-core = { path = "@FELT@/crates/felt-core" }
felt-plugin = { path = "@FELT@/crates/felt-plugin" }
serde = { version = "1", features = ["derive"] }
toml = "0.8"

[dev-dependencies]
proptest = "1"

# A plugin must unwind, never abort: felt catches a panic in the plugin and keeps running.
[profile.release]
panic = "unwind"

# A crate of its own, even when created inside another workspace.
[workspace]
"#;

const README: &str = r#"# @TITLE@: a felt ruleset

Started from `felt new-ruleset`: the game is Scorpion, a small patience that uses every part
of a ruleset (dealing, moves checked by rules with ids, cards turned up, a stock, best places,
a scoring table, draw hints, an honest hint and a solver). Make it your own game: felt's
docs/writing-a-ruleset.md explains each piece.

    cargo test                       # the rules, the solver and a property of random play
    cargo build --release
    felt plugins install target/release/@LIB@
    felt play @NAME@                 # or choose it in the launcher
    felt solve --variant @NAME@ --deals 1..100

`felt plugins install` links the library into felt's data folder, so each rebuild is what felt
loads next. Plugins are native code: share only what you trust.
"#;

/// The crate's files, as `(path inside the crate, text)`, for a ruleset id `name` whose
/// manifest reaches felt's crates at `felt` (best a path relative to the crate); or why the
/// name cannot be used.
pub fn files(name: &str, felt: &Path) -> Result<Vec<(PathBuf, String)>, String> {
    let ok = !name.is_empty()
        && name.len() <= 32
        && name.starts_with(|c: char| c.is_ascii_lowercase())
        && name
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
    if !ok {
        return Err(format!(
            "'{name}' cannot name a ruleset: use 1 to 32 lower-case letters, digits and '-', starting with a letter"
        ));
    }
    let letters: String = name
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .take(3)
        .collect();
    let code = letters.to_ascii_uppercase();
    let title = {
        let mut chars = name.chars();
        chars.next().map_or(String::new(), |c| {
            c.to_ascii_uppercase().to_string() + chars.as_str()
        })
    };
    let crate_name = format!("felt_{}", name.replace('-', "_"));
    let lib_file = format!(
        "{}{crate_name}{}",
        std::env::consts::DLL_PREFIX,
        std::env::consts::DLL_SUFFIX
    );
    let felt = felt.display().to_string().replace('\\', "/");
    // The game's names become the new ruleset's: the library first (it holds "scorpion").
    let rename = |text: &str| {
        text.replace("template_scorpion", &crate_name)
            .replace("scorpion", name)
            .replace("Scorpion", &title)
            .replace("SCO-", &format!("{code}-"))
    };
    let fill = |text: &str| {
        text.replace("@NAME@", name)
            .replace("@TITLE@", &title)
            .replace("@CRATE@", &crate_name)
            .replace("@FELT@", &felt)
            .replace("@LIB@", &lib_file)
    };
    Ok(vec![
        (PathBuf::from("Cargo.toml"), fill(MANIFEST)),
        (PathBuf::from("src/lib.rs"), rename(LIB)),
        (PathBuf::from("src/analysis.rs"), rename(ANALYSIS)),
        (PathBuf::from("tests/game.rs"), rename(TESTS)),
        (
            PathBuf::from(format!("variants/{name}.toml")),
            rename(VARIANT),
        ),
        (
            PathBuf::from(format!("scoring/{name}-standard.toml")),
            rename(SCORING),
        ),
        (PathBuf::from("README.md"), fill(README)),
    ])
}

/// `to` as a path from the folder `from`, both absolute: `../../felt`. `None` when they share
/// no root (another drive), and an absolute path is all there is.
pub fn relative(from: &Path, to: &Path) -> Option<PathBuf> {
    let from: Vec<_> = from.components().collect();
    let to: Vec<_> = to.components().collect();
    let common = from.iter().zip(&to).take_while(|(a, b)| a == b).count();
    if common == 0 {
        return None;
    }
    let mut path: PathBuf = from[common..].iter().map(|_| "..").collect();
    path.extend(to[common..].iter().map(|c| c.as_os_str()));
    if path.as_os_str().is_empty() {
        path.push(".");
    }
    Some(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_new_ruleset_gets_the_game_under_its_own_names() {
        let files = files("hilo", Path::new("../felt")).expect("a good name");
        let text = |path: &str| {
            files
                .iter()
                .find(|(p, _)| p == Path::new(path))
                .map(|(_, t)| t.as_str())
                .unwrap_or_else(|| panic!("{path} is written"))
        };
        let parsed: toml::Table = toml::from_str(text("Cargo.toml")).expect("the manifest is TOML");
        assert_eq!(parsed["package"]["name"].as_str(), Some("felt-hilo"));
        assert_eq!(parsed["lib"]["name"].as_str(), Some("felt_hilo"));
        assert_eq!(
            parsed["dependencies"]["felt-plugin"]["path"].as_str(),
            Some("../felt/crates/felt-plugin")
        );
        let origin = felt_core::Origin::BuiltIn("hilo.toml".into());
        let v = felt_core::variant::parse_variant(&origin, text("variants/hilo.toml"))
            .expect("the variant parses");
        assert_eq!(
            (v.id.as_str(), v.ruleset.as_str(), v.code.as_str()),
            ("hilo", "hilo", "HIL-S1")
        );
        assert_eq!(v.scoring.as_deref(), Some("hilo-standard"));
        let lib = text("src/lib.rs");
        assert!(lib.contains("pub const RULESET_ID: &str = \"hilo\";"));
        assert!(lib.contains("\"HIL-MOVE\"") && !lib.contains("SCO-"));
        assert!(lib.contains("include_str!(\"../variants/hilo.toml\")"));
        assert!(lib.contains("include_str!(\"../scoring/hilo-standard.toml\")"));
        assert!(text("tests/game.rs").contains("use felt_hilo::"));
        assert!(
            !files
                .iter()
                .any(|(_, t)| t.contains('@') || t.contains("scorpion")),
            "every name is the new ruleset's"
        );
    }

    #[test]
    fn bad_names_are_refused_with_the_rule() {
        for bad in ["", "Hilo", "9lives", "hi lo", "x/y"] {
            let err = files(bad, Path::new("/f")).expect_err("refused");
            assert!(err.contains("lower-case letters"), "{err}");
        }
    }

    #[test]
    fn every_rule_the_template_cites_is_on_its_rules_page() {
        let page = include_str!("../../../../docs/rules/scorpion.md");
        let defined: Vec<&str> = page
            .lines()
            .filter_map(|l| l.strip_prefix("- **"))
            .filter_map(|l| l.split_once("**"))
            .map(|(id, _)| id)
            .collect();
        assert!(defined.len() >= 6, "{defined:?}");
        for text in [LIB, ANALYSIS, TESTS, VARIANT, SCORING] {
            for (at, _) in text.match_indices("SCO-") {
                let id: String = text[at..]
                    .chars()
                    .take_while(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || *c == '-')
                    .collect();
                // A word with a digit is the variant's code (`SCO-S1`), not a rule; `SCO-*`
                // names them all.
                let tail = &id[4..];
                if !tail.is_empty() && !tail.contains(|c: char| c.is_ascii_digit()) {
                    assert!(
                        defined.contains(&id.as_str()),
                        "{id} is cited but not on the page"
                    );
                }
            }
        }
    }

    #[test]
    fn the_path_to_felt_is_written_from_the_new_crate() {
        let rel = |a: &str, b: &str| {
            relative(Path::new(a), Path::new(b)).map(|p| p.display().to_string())
        };
        assert_eq!(
            rel("/a/games/hilo", "/a/src/felt").as_deref(),
            Some("../../src/felt")
        );
        assert_eq!(
            rel("/a/felt/games/hilo", "/a/felt").as_deref(),
            Some("../..")
        );
        assert_eq!(rel("/a", "/a").as_deref(), Some("."));
    }
}
