//! The files of a new ruleset crate, as `felt new-ruleset NAME` writes them: a small but
//! complete game (higher or lower) exported as a plugin, with its variant file.

use std::path::{Path, PathBuf};

const LIB: &str = include_str!("template/lib.rs.txt");

const MANIFEST: &str = r#"[package]
name = "felt-@NAME@"
version = "0.1.0"
edition = "2021"
publish = false

[lib]
# cdylib: the plugin felt loads; rlib: so tests can call the ruleset directly.
crate-type = ["cdylib", "rlib"]

[dependencies]
felt-core = { path = "@FELT@/crates/felt-core" }
felt-abi = { path = "@FELT@/crates/felt-abi" }
serde = { version = "1", features = ["derive"] }

# A plugin must unwind, never abort: felt catches a panic in the plugin and keeps running.
[profile.release]
panic = "unwind"

# A crate of its own, even when created inside another workspace.
[workspace]
"#;

const VARIANT: &str = r#"# A variant of @NAME@: felt lists it once the plugin is loaded.
id = "@NAME@"
name = "@TITLE@"
description = "Guess whether the next card is higher or lower"
ruleset = "@NAME@"
code = "@CODE@-G1"

[game]
# Right guesses that win.
goal = 10
"#;

const README: &str = r#"# @TITLE@: a felt ruleset

Build the plugin and show felt where it is:

    cargo build --release
    felt plugins --plugin target/release
    felt autoplay @NAME@ --plugin target/release   # needs a hint (analyze) to play itself

To install it (a link into felt's data folder, so a rebuild is what felt loads next):

    felt plugins install target/release/@LIB@

Plugins are native code: share only what you trust.
"#;

/// The crate's files, as `(path inside the crate, text)`, for a ruleset id `name` depending
/// on the felt source tree at `felt_src`; or why the name cannot be used.
pub fn files(name: &str, felt_src: &Path) -> Result<Vec<(PathBuf, String)>, String> {
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
    let rule = code.clone();
    let lib_file = format!(
        "{}felt_{}{}",
        std::env::consts::DLL_PREFIX,
        name.replace('-', "_"),
        std::env::consts::DLL_SUFFIX
    );
    let felt = felt_src.display().to_string().replace('\\', "/");
    let fill = |text: &str| {
        text.replace("@NAME@", name)
            .replace("@TITLE@", &title)
            .replace("@CODE@", &code)
            .replace("@RULE@", &rule)
            .replace("@FELT@", &felt)
            .replace("@LIB@", &lib_file)
    };
    Ok(vec![
        (PathBuf::from("Cargo.toml"), fill(MANIFEST)),
        (PathBuf::from("src/lib.rs"), fill(LIB)),
        (
            PathBuf::from(format!("variants/{name}.toml")),
            fill(VARIANT),
        ),
        (PathBuf::from("README.md"), fill(README)),
    ])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_new_ruleset_gets_a_manifest_a_game_and_a_variant() {
        let files = files("hilo", Path::new("/src/felt")).expect("a good name");
        let manifest = &files[0].1;
        let parsed: toml::Table = toml::from_str(manifest).expect("the manifest is TOML");
        assert_eq!(parsed["package"]["name"].as_str(), Some("felt-hilo"));
        assert!(manifest.contains("path = \"/src/felt/crates/felt-abi\""));
        let variant = &files[2].1;
        let origin = felt_core::Origin::BuiltIn("hilo.toml".into());
        let v = felt_core::variant::parse_variant(&origin, variant).expect("the variant parses");
        assert_eq!(
            (v.id.as_str(), v.ruleset.as_str(), v.code.as_str()),
            ("hilo", "hilo", "HIL-G1")
        );
        assert!(files[1].1.contains("felt_abi::export_ruleset!(Factory);"));
        assert!(
            !files.iter().any(|(_, t)| t.contains('@')),
            "every placeholder is filled"
        );
    }

    #[test]
    fn bad_names_are_refused_with_the_rule() {
        for bad in ["", "Hilo", "9lives", "hi lo", "x/y"] {
            let err = files(bad, Path::new("/f")).expect_err("refused");
            assert!(err.contains("lower-case letters"), "{err}");
        }
    }
}
