//! docs/rules/ is the source of the rule ids: every id a refusal, a test or a variant file of
//! Spider or Spades cites is defined on its game's rules page, so a player or a reviewer can
//! look each one up, and a page defines each id once.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

const SPIDER_MD: &str = include_str!("../../../../docs/rules/spider.md");
const SPADES_MD: &str = include_str!("../../../../docs/rules/spades.md");

/// The ids a page defines: a list item opening with the id in bold, `- **SP-DEAL** — …`.
fn defined(page: &str) -> Vec<String> {
    page.lines()
        .filter_map(|l| l.strip_prefix("- **"))
        .filter_map(|l| l.split_once("**"))
        .map(|(id, _)| id.to_string())
        .collect()
}

/// Every rule id of the families `SP-`, `SITE-` and `SPD-` cited in `text`. A word with a digit
/// after the family (`SPD-P4`, `SP1-S1`) is a game code's prefix, not a rule.
fn cited(text: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let bytes = text.as_bytes();
    for prefix in ["SP-", "SITE-", "SPD-"] {
        let mut from = 0;
        while let Some(at) = text[from..].find(prefix) {
            let start = from + at;
            from = start + prefix.len();
            // A whole word: not the tail of another (`XSP-`).
            if start > 0 && (bytes[start - 1].is_ascii_alphanumeric() || bytes[start - 1] == b'-') {
                continue;
            }
            let end = text[from..]
                .find(|c: char| !(c.is_ascii_uppercase() || c.is_ascii_digit()))
                .map_or(text.len(), |i| from + i);
            if end > from && !text[from..end].contains(|c: char| c.is_ascii_digit()) {
                out.insert(text[start..end].to_string());
            }
        }
    }
    out
}

fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            files(&path, out);
        } else if path
            .extension()
            .is_some_and(|x| x == "rs" || x == "toml" || x == "md")
        {
            out.push(path);
        }
    }
}

#[test]
fn each_rules_page_defines_each_id_once() {
    for (name, page) in [("spider", SPIDER_MD), ("spades", SPADES_MD)] {
        let ids = defined(page);
        let unique: BTreeSet<&String> = ids.iter().collect();
        assert_eq!(unique.len(), ids.len(), "{name}.md defines an id twice");
        assert!(ids.len() >= 10, "{name}.md defines only {ids:?}");
    }
}

#[test]
fn every_rule_id_cited_in_the_code_tests_and_variants_is_on_a_rules_page() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut paths = Vec::new();
    for dir in ["rulesets", "config", "crates", "docs"] {
        files(&root.join(dir), &mut paths);
    }
    let known: BTreeSet<String> = defined(SPIDER_MD)
        .into_iter()
        .chain(defined(SPADES_MD))
        .collect();
    let mut missing = Vec::new();
    for path in &paths {
        let Ok(text) = std::fs::read_to_string(path) else {
            continue;
        };
        for id in cited(&text) {
            if !known.contains(&id) {
                missing.push(format!("{id} in {}", path.display()));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "rule ids cited but defined on no page of docs/rules/:\n{}",
        missing.join("\n")
    );
}
