//! docs/variants.md and docs/game-codes.md cannot drift: every TOML block loads, the key tables
//! name exactly the keys the code reads, and the tables of shipped variants match the files.

use crate::common::*;
use felt_core::variant::parse_score_table;
use felt_core::{Origin, Ruleset, ScoreTable, Variant};
use felt_spider::params::KEYS;

const VARIANTS_MD: &str = include_str!("../../../../docs/variants.md");
const GAME_CODES_MD: &str = include_str!("../../../../docs/game-codes.md");

/// The fenced blocks of `doc` whose info string is `lang`, with the line each starts on.
fn blocks(doc: &str, lang: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let mut current: Option<(usize, String)> = None;
    for (i, line) in doc.lines().enumerate() {
        match (&mut current, line.trim_end()) {
            (None, l) if l == format!("```{lang}") => current = Some((i + 2, String::new())),
            (Some(_), "```") => out.extend(current.take()),
            (Some((_, text)), l) => {
                text.push_str(l);
                text.push('\n');
            }
            (None, _) => {}
        }
    }
    assert!(current.is_none(), "an unclosed ```{lang} block");
    out
}

/// The lines of the section under `heading`, up to the next heading of its level or above.
fn section<'a>(doc: &'a str, heading: &str) -> Vec<&'a str> {
    let mut lines = doc.lines().skip_while(|l| l.trim() != heading);
    assert!(lines.next().is_some(), "no section '{heading}'");
    lines.take_while(|l| !l.starts_with("## ")).collect()
}

/// The first cell's backticked names of each row of the first table in `lines`.
fn table_rows<'a>(lines: &[&'a str]) -> Vec<(Vec<&'a str>, Vec<&'a str>)> {
    lines
        .iter()
        .skip_while(|l| !l.starts_with('|'))
        .take_while(|l| l.starts_with('|'))
        .skip(2)
        .map(|row| {
            let cells: Vec<&str> = row.trim_matches('|').split(" | ").map(str::trim).collect();
            let names = cells[0].split('`').skip(1).step_by(2).collect();
            (names, cells)
        })
        .collect()
}

fn first_names(lines: &[&str]) -> Vec<String> {
    table_rows(lines)
        .into_iter()
        .map(|(names, _)| names[0].to_string())
        .collect()
}

/// The keys a value serializes to: the fields its file may hold.
fn keys_of<T: serde::Serialize>(value: &T) -> Vec<String> {
    let text = toml::to_string(value).expect("serializes");
    let table: toml::Table = text.parse().expect("parses back");
    let mut keys: Vec<String> = table.keys().cloned().collect();
    keys.sort();
    keys
}

#[test]
fn every_toml_block_of_the_variants_page_loads() {
    let catalog = catalog();
    let shipped_tables = shipped("scoring");
    let toml_blocks = blocks(VARIANTS_MD, "toml");
    assert!(toml_blocks.len() >= 5, "the page lost its examples");
    let (mut variants, mut tables) = (0, 0);
    for (line, text) in toml_blocks {
        let origin = Origin::File(format!("docs/variants.md:{line}").into());
        let table: toml::Table = text
            .parse()
            .unwrap_or_else(|e| panic!("block at line {line} is not TOML: {e}"));
        if table.contains_key("ruleset") {
            let entry = catalog
                .check_variant(&origin, &text)
                .unwrap_or_else(|e| panic!("block at line {line}:\n{e}"));
            if let Some(shipped) = catalog.get(&entry.variant.id) {
                // A block showing a shipped file shows it as shipped.
                assert_eq!(entry.variant, shipped.variant, "block at line {line}");
            }
            variants += 1;
        } else {
            let parsed = parse_score_table(&origin, "doc", &text)
                .unwrap_or_else(|e| panic!("block at line {line}:\n{e}"));
            let named = shipped_tables.iter().find(|(name, _)| {
                text.lines()
                    .next()
                    .is_some_and(|l| l.contains(name.as_str()))
            });
            let (name, shipped_text) = named.unwrap_or_else(|| {
                panic!("scoring block at line {line} does not name its config/scoring file")
            });
            let shipped = parse_score_table(&origin, "doc", shipped_text).expect("shipped table");
            assert_eq!(parsed, shipped, "block at line {line} differs from {name}");
            tables += 1;
        }
    }
    assert!(variants >= 2 && tables == shipped_tables.len());
}

#[test]
fn the_game_key_table_names_exactly_the_keys_spider_reads() {
    let documented = first_names(&section(VARIANTS_MD, "## The `[game]` keys of Spider"));
    assert_eq!(
        documented, KEYS,
        "docs/variants.md and params::KEYS, in the same order"
    );
}

#[test]
fn the_common_key_table_names_exactly_the_variant_fields() {
    let full = Variant {
        id: "x".into(),
        aliases: vec!["y".into()],
        name: "X".into(),
        description: String::new(),
        ruleset: "spider".into(),
        code: "X-1".into(),
        rules: vec!["classic".into()],
        undo_depth: 1,
        scoring: Some("classic".into()),
        seats: vec!["S".into()],
        game: toml::Table::from_iter([("packs".to_string(), toml::Value::Integer(2))]),
    };
    let mut documented = first_names(&section(VARIANTS_MD, "## The keys every variant has"));
    documented.sort();
    assert_eq!(documented, keys_of(&full));
}

#[test]
fn the_scoring_key_table_names_exactly_the_table_fields() {
    let full = ScoreTable {
        id: "written from the file name".into(),
        name: "X".into(),
        shows_score: true,
        start: 0,
        floor: Some(0),
        points: [("move".to_string(), 1)].into(),
        running_total: true,
    };
    let mut documented = first_names(&section(VARIANTS_MD, "## Scoring tables"));
    documented.sort();
    let mut fields = keys_of(&full);
    fields.retain(|k| k != "id");
    assert_eq!(documented, fields);
}

/// Lines of a file that are neither blank nor comments.
fn toml_lines(text: &str) -> usize {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .count()
}

#[test]
fn the_shipped_variants_table_lists_every_file_with_its_true_line_count() {
    let files = shipped("variants");
    let rows = table_rows(&section(VARIANTS_MD, "## The shipped variants"));
    let mut listed = Vec::new();
    for (ids, cells) in rows {
        let stated: usize = cells[cells.len() - 1].parse().expect("a line count");
        for id in ids {
            let (_, text) = files
                .iter()
                .find(|(name, _)| name.trim_end_matches(".toml") == id)
                .unwrap_or_else(|| panic!("{id} is listed but not shipped"));
            assert_eq!(toml_lines(text), stated, "{id}: lines of TOML");
            listed.push(id.to_string());
        }
    }
    listed.sort();
    let mut ids = shipped_ids();
    ids.sort();
    assert_eq!(listed, ids);
    for (name, text) in &files {
        // The promise of variant files: a Spider relative fits in 15 lines beyond comments.
        assert!(toml_lines(text) <= 15, "{name}: {} lines", toml_lines(text));
    }
}

#[test]
fn the_game_codes_page_lists_every_shipped_code_with_its_rules_letters() {
    let catalog = catalog();
    let rows = table_rows(&section(GAME_CODES_MD, "## The built-in variant codes"));
    assert_eq!(rows.len(), shipped_ids().len());
    for (names, cells) in rows {
        let (code, id) = (names[0], cells[1].trim_matches('`'));
        let entry = catalog
            .get(id)
            .unwrap_or_else(|| panic!("{id} is not shipped"));
        assert_eq!(entry.variant.code, code, "{id}");
        let letters: Vec<String> = entry.rules.iter().map(|c| c.letter.to_string()).collect();
        assert_eq!(cells[2], letters.join(" "), "{id}: rules letters");
    }
    // As the page says: the App's and the Site's one-suit games deal the same cards.
    let app = typed_in(&catalog, "spider-1suit", "classic");
    let site = typed_in(&catalog, "spider-site-1suit", "classic");
    let (a, b) = (app.new_game(3), site.new_game(3));
    assert_eq!((a.columns(), a.stock()), (b.columns(), b.stock()));
}
