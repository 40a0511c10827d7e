//! Arbitrary text as a variant file: a located error or a checked variant that deals and plays,
//! never a panic. Random text, TOML-shaped noise, and the shipped files mutated (bytes cut,
//! inserted, lines swapped, `[game]` keys given values of every shape).

use crate::common::*;
use felt_core::{Catalog, Origin, Ruleset};
use felt_spider::params::KEYS;
use proptest::prelude::*;

/// Checks `text` as a variant file in `catalog`; on success builds, deals and plays a little.
fn check(catalog: &Catalog, text: &str, steps: usize) -> Result<(), TestCaseError> {
    match catalog.check_variant(&Origin::File("fuzz.toml".into()), text) {
        Err(e) => {
            let shown = e.to_string();
            prop_assert!(shown.starts_with("error: fuzz.toml"), "{}", shown);
            prop_assert!(!e.message.is_empty());
            if let Some(line) = e.line {
                prop_assert!(
                    line >= 1 && line <= text.lines().count() + 1,
                    "line {} of {:?}",
                    line,
                    text
                );
                let at = format!(":{line}");
                prop_assert!(shown.contains(&at), "{} lacks {}", shown, at);
            }
        }
        Ok(entry) => {
            for choice in &entry.rules {
                let scoring = entry
                    .variant
                    .scoring
                    .as_deref()
                    .and_then(|id| catalog.scoring(id));
                let r = felt_spider::SpiderRuleset::new(felt_core::Setup {
                    variant: &entry.variant,
                    scoring,
                    rules: choice,
                })
                .map_err(|e| TestCaseError::fail(format!("checked but does not build: {e:?}")))?;
                let mut deck = r.params().deck.cards();
                deck.sort();
                let mut s = r.new_game(7);
                for step in 0..steps {
                    let mut all = s.all_cards();
                    all.sort();
                    prop_assert_eq!(&all, &deck);
                    let _ = r.view(&s, felt_core::Seat::SOLO);
                    let legal = legal(&r, &s);
                    if legal.is_empty() {
                        break;
                    }
                    let action = legal[(step * 7919) % legal.len()].clone();
                    r.apply(&mut s, &action).map_err(|e| {
                        TestCaseError::fail(format!("listed {action} refused: {e}"))
                    })?;
                }
            }
        }
    }
    Ok(())
}

/// A shipped file under a new id and code, so it is checked as a file of its own rather than
/// as an override or a clash of codes.
fn mutant_of(original: &str) -> String {
    original
        .replacen("id = \"", "id = \"mutant-", 1)
        .replacen("code = \"", "code = \"M", 1)
}

/// The largest char boundary at or below `i`.
fn boundary(text: &str, i: usize) -> usize {
    let mut i = i.min(text.len());
    while !text.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// One edit of a text.
#[derive(Clone, Debug)]
enum Edit {
    Cut(usize, usize),
    Insert(usize, String),
    SwapLines(usize, usize),
    DuplicateLine(usize),
    Truncate(usize),
    /// Sets `[game]` key `KEYS[k]` to a value of some shape.
    SetKey(usize, String),
}

fn apply(text: &str, edit: &Edit) -> String {
    let len = text.len().max(1);
    match edit {
        Edit::Cut(at, n) => {
            let a = boundary(text, at % len);
            let b = boundary(text, a + n % 16);
            format!("{}{}", &text[..a], &text[b.max(a)..])
        }
        Edit::Insert(at, what) => {
            let a = boundary(text, at % len);
            format!("{}{what}{}", &text[..a], &text[a..])
        }
        Edit::SwapLines(a, b) => {
            let mut lines: Vec<&str> = text.lines().collect();
            if !lines.is_empty() {
                let n = lines.len();
                lines.swap(a % n, b % n);
            }
            lines.join("\n")
        }
        Edit::DuplicateLine(a) => {
            let mut lines: Vec<&str> = text.lines().collect();
            if !lines.is_empty() {
                let line = lines[a % lines.len()];
                lines.insert(a % lines.len(), line);
            }
            lines.join("\n")
        }
        Edit::Truncate(at) => text[..boundary(text, at % len)].to_string(),
        Edit::SetKey(k, value) => {
            let key = KEYS[k % KEYS.len()];
            // Drop the key where it is, then set it anew at the end of [game].
            let kept: Vec<&str> = text
                .lines()
                .filter(|l| !l.trim_start().starts_with(&format!("{key} =")))
                .collect();
            let mut out = kept.join("\n");
            if !out.contains("[game]") {
                out.push_str("\n[game]");
            }
            out.push_str(&format!("\n{key} = {value}\n"));
            out
        }
    }
}

/// TOML values of every shape, in and out of every key's range.
fn value() -> impl Strategy<Value = String> {
    prop_oneof![
        (-3i64..300).prop_map(|n| n.to_string()),
        Just("9223372036854775807".to_string()),
        Just("-9223372036854775808".to_string()),
        Just("1.5".to_string()),
        Just("true".to_string()),
        Just("\"any\"".to_string()),
        Just("\"filled\"".to_string()),
        "\"[SHDCX]{0,5}\"",
        prop::collection::vec(-2i64..60, 0..24).prop_map(|v| format!("{v:?}")),
        prop::collection::vec(0u8..4, 0..6).prop_map(|v| {
            let names = ["\"cards\"", "\"runs\"", "\"moves\"", "\"x\""];
            format!(
                "[{}]",
                v.iter()
                    .map(|&i| names[i as usize])
                    .collect::<Vec<_>>()
                    .join(", ")
            )
        }),
        Just("{ a = 1 }".to_string()),
        Just("[[1], 2]".to_string()),
    ]
}

fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        (any::<usize>(), any::<usize>()).prop_map(|(a, n)| Edit::Cut(a, n)),
        (any::<usize>(), "[ -~\n\u{e9}\u{2660}]{0,8}").prop_map(|(a, s)| Edit::Insert(a, s)),
        (any::<usize>(), any::<usize>()).prop_map(|(a, b)| Edit::SwapLines(a, b)),
        any::<usize>().prop_map(Edit::DuplicateLine),
        any::<usize>().prop_map(Edit::Truncate),
        (any::<usize>(), value()).prop_map(|(k, v)| Edit::SetKey(k, v)),
        (any::<usize>(), value()).prop_map(|(k, v)| Edit::SetKey(k, v)),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    #[test]
    fn arbitrary_text_is_an_error_never_a_panic(text in "(?s).{0,300}") {
        let catalog = catalog();
        check(&catalog, &text, 40)?;
    }

    #[test]
    fn toml_shaped_noise_is_an_error_never_a_panic(text in "[a-z_\\[\\]=\"0-9, \n.#{}-]{0,300}") {
        let catalog = catalog();
        check(&catalog, &text, 40)?;
    }

    #[test]
    fn a_mutated_shipped_file_is_an_error_or_a_playable_variant(
        file in any::<prop::sample::Index>(),
        edits in prop::collection::vec(edit(), 1..4),
    ) {
        let catalog = catalog();
        let files = shipped("variants");
        let (_, original) = &files[file.index(files.len())];
        let mut text = mutant_of(original);
        for e in &edits {
            text = apply(&text, e);
        }
        check(&catalog, &text, 40)?;
    }
}

#[test]
fn every_game_key_set_to_every_value_shape_is_checked() {
    // The exhaustive corner of the property above: each key, each shape, on each shipped file.
    let catalog = catalog();
    let shapes = [
        "0",
        "-1",
        "255",
        "256",
        "70000",
        "9223372036854775807",
        "1.5",
        "true",
        "\"\"",
        "\"S\"",
        "\"SHDCS\"",
        "\"any\"",
        "[]",
        "[0]",
        "[255, 255]",
        "[1, -1]",
        "[20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20]",
        "[\"cards\", \"cards\"]",
        "[\"moves\"]",
        "{}",
    ];
    let mut errors = 0;
    let files = shipped("variants");
    let kinds = [
        "spider-1suit.toml",
        "spider-site-1suit.toml",
        "spiderette-4suit.toml",
        "spider-3packs.toml",
    ];
    for (_, original) in files
        .iter()
        .filter(|(name, _)| kinds.contains(&name.as_str()))
    {
        let text = mutant_of(original);
        for k in 0..KEYS.len() {
            for shape in shapes {
                let mutant = apply(&text, &Edit::SetKey(k, shape.to_string()));
                check(&catalog, &mutant, 8).unwrap_or_else(|e| panic!("{e}\n{mutant}"));
                errors += usize::from(
                    catalog
                        .check_variant(&Origin::File("m.toml".into()), &mutant)
                        .is_err(),
                );
            }
        }
    }
    let tried = 4 * KEYS.len() * shapes.len();
    assert!(errors > 0, "some shapes are refused");
    assert!(errors < tried, "some shapes are accepted and played");
}
