//! Test support for patience rulesets (the `testing` feature, for test targets only): the
//! catalog of a plugin's bundled files, the plugin library cargo built, and the tables and rule
//! ids of a rules page.

use felt_core::{Card, Catalog, Origin, Rank, RulesetFactory, Suit};
use std::collections::BTreeSet;
use std::path::PathBuf;
use std::sync::Arc;

/// The catalog a host builds from one ruleset and the scoring tables and variant files it
/// bundles (`(file name, TOML text)`, a table's id being its file name without `.toml`).
/// A bundled file that does not load is a test failure, named.
pub fn catalog(
    factory: Arc<dyn RulesetFactory>,
    scoring: &[(&str, &str)],
    variants: &[(&str, &str)],
) -> Catalog {
    let mut catalog = Catalog::new();
    catalog.add_ruleset(factory);
    for (name, text) in scoring {
        let id = name.strip_suffix(".toml").unwrap_or(name);
        catalog
            .add_scoring(Origin::Plugin(name.to_string()), id, text)
            .unwrap_or_else(|e| panic!("{name}: {e}"));
    }
    for (name, text) in variants {
        catalog
            .add_variant(Origin::Plugin(name.to_string()), text)
            .unwrap_or_else(|e| panic!("{name}: {e}"));
    }
    catalog
}

/// The plugin library `lib{stem}.so` (or the platform's name for it) that cargo built beside
/// the running test binary: in its `deps` folder or the one above.
pub fn plugin_library(stem: &str) -> PathBuf {
    let name = format!(
        "{}{stem}{}",
        std::env::consts::DLL_PREFIX,
        std::env::consts::DLL_SUFFIX
    );
    let exe = std::env::current_exe().expect("test binary path");
    let deps = exe.parent().expect("deps folder");
    [deps.join(&name), deps.join("..").join(&name)]
        .into_iter()
        .find(|p| p.is_file())
        .unwrap_or_else(|| panic!("{name} not found beside {}", deps.display()))
}

/// How many cases a property test plays: the environment variable `var` when it holds a
/// number, `default` otherwise (a moderate default keeps the whole suite quick; a long run
/// sets the variable).
pub fn cases(var: &str, default: u32) -> u32 {
    std::env::var(var)
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(default)
}

/// One pack of 52 cards, sorted: what a conserving game holds in all its piles together.
pub fn pack() -> Vec<Card> {
    let mut v: Vec<Card> = Suit::ALL
        .iter()
        .flat_map(|&s| Rank::all().map(move |r| Card::new(s, r)))
        .collect();
    v.sort();
    v
}

/// Checks that docs/game-codes.md's table under `heading` lists exactly the `bundled`
/// variants of `catalog`, each with its code: the page cannot drift from the variant files.
pub fn assert_game_codes_table(
    catalog: &Catalog,
    game_codes_md: &str,
    heading: &str,
    bundled: usize,
) {
    let rows = table_after(game_codes_md, heading);
    assert_eq!(rows.len(), bundled, "{heading}: {rows:?}");
    for row in rows {
        let (code, id) = (row[0].trim_matches('`'), row[1].trim_matches('`'));
        let entry = catalog
            .get(id)
            .unwrap_or_else(|| panic!("{id} is not bundled"));
        assert_eq!(entry.variant.code, code, "{id}");
    }
}

/// The rows of the first Markdown table after the line starting with `heading` (and before
/// the next `## ` heading), header row left out, each cell trimmed.
pub fn table_after<'a>(doc: &'a str, heading: &str) -> Vec<Vec<&'a str>> {
    doc.lines()
        .skip_while(|l| !l.starts_with(heading))
        .skip(1)
        .take_while(|l| !l.starts_with("## "))
        .filter(|l| l.starts_with("| ") && !l.starts_with("| ---"))
        .skip(1)
        .map(|l| l.trim_matches('|').split('|').map(|c| c.trim()).collect())
        .collect()
}

/// Every rule id in `text` that starts with `prefix` (`KL-`) and goes on in at least two
/// capital letters or digits.
pub fn rule_ids(text: &str, prefix: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let mut rest = text;
    while let Some(at) = rest.find(prefix) {
        let tail = &rest[at + prefix.len()..];
        let len = tail
            .find(|c: char| !(c.is_ascii_uppercase() || c.is_ascii_digit()))
            .unwrap_or(tail.len());
        if len > 1 {
            out.insert(format!("{prefix}{}", &tail[..len]));
        }
        rest = &tail[len..];
    }
    out
}

/// The rule ids a rules page defines: its `- **ID**` list items.
pub fn defined_rule_ids(page: &str) -> BTreeSet<String> {
    page.lines()
        .filter_map(|l| l.strip_prefix("- **"))
        .filter_map(|l| l.split("**").next())
        .map(str::to_string)
        .collect()
}

/// The calling thread's CPU time in nanoseconds, for the measuring examples (budgets are
/// CPU time, so a figure repeats on a busy machine); `None` where the clock is not there.
pub fn thread_cpu_ns() -> Option<u64> {
    Some(felt_core::analysis::thread_cpu().as_nanos() as u64)
}

/// What a measuring example was asked on its command line: `FIRST LAST [BUDGET]` (defaults
/// 1, 1000 and `budget`), or the deals listed in the environment variable `list_var`
/// (`12,40`) instead of the range. Returns the deals and the budget.
pub fn deals_from_args(list_var: &str, budget: u64) -> (Vec<u64>, u64) {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let arg = |i: usize, default: u64| -> u64 {
        args.get(i)
            .map(|s| {
                s.parse()
                    .unwrap_or_else(|_| panic!("'{s}' is not a number"))
            })
            .unwrap_or(default)
    };
    let (first, last, budget) = (arg(0, 1), arg(1, 1000), arg(2, budget));
    let deals = match std::env::var(list_var) {
        Ok(list) => list
            .split(',')
            .filter_map(|d| d.trim().parse().ok())
            .collect(),
        Err(_) => (first..=last).collect(),
    };
    (deals, budget)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rule_ids_and_tables_are_read_from_text() {
        let ids = rule_ids("KL-BUILD and KL-D1, not KL-x or KL-", "KL-");
        assert_eq!(
            ids.into_iter().collect::<Vec<_>>(),
            vec!["KL-BUILD", "KL-D1"]
        );
        let page =
            "# T\n- **KL-A1** one\n## Table\n| a | b |\n| --- | --- |\n| 1 | 2 |\n## Next\n| x |";
        assert_eq!(table_after(page, "## Table"), vec![vec!["1", "2"]]);
        assert_eq!(
            defined_rule_ids(page).into_iter().collect::<Vec<_>>(),
            vec!["KL-A1"]
        );
    }
}
