//! The `.game` position format: round trips, what the reader accepts, and its errors.

use crate::common::*;
use felt_core::{Action, Ruleset};
use felt_spider::{SpiderRuleset, SpiderState};
use proptest::prelude::*;

/// Plays `steps` legal actions chosen by a small deterministic generator.
fn wander(r: &SpiderRuleset, s: &mut SpiderState, steps: usize, mut seed: u64) {
    let mut legal = Vec::new();
    for _ in 0..steps {
        legal.clear();
        r.legal_actions(s, &mut legal);
        if legal.is_empty() {
            break;
        }
        seed = seed
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        let action = legal[(seed >> 33) as usize % legal.len()].clone();
        play(r, s, &action);
    }
}

fn base() -> (SpiderRuleset, String) {
    let r = typed("spider-4suit", "classic");
    let text = r.write_position(&r.new_game(1));
    (r, text)
}

fn line_of(text: &str, head: &str) -> String {
    text.lines()
        .find(|l| l.starts_with(head))
        .expect("line")
        .to_string()
}

fn error_of(r: &SpiderRuleset, text: &str) -> String {
    r.read_position(text)
        .expect_err("the text should be refused")
        .to_string()
}

#[test]
fn a_new_game_exports_every_card_and_reads_back_the_same() {
    for (variant, rules) in [
        ("spider-1suit", "classic"),
        ("spider-2suit", "relaxed"),
        ("spider-4suit", "classic"),
    ] {
        let r = typed(variant, rules);
        for seed in [0, 3, 77, 8_031_810_175] {
            let s = r.new_game(seed);
            let text = r.write_position(&s);
            assert_eq!(text.lines().count(), 16);
            assert_eq!(text.matches('|').count(), 44, "44 face-down cards");
            assert_eq!(r.read_position(&text), Ok(s), "{variant} {seed}");
        }
    }
}

#[test]
fn a_game_in_progress_reads_back_with_its_stock_runs_and_flips() {
    let r = typed("spider-1suit", "classic");
    for seed in 0..6 {
        let mut s = r.new_game(seed);
        wander(&r, &mut s, 150, seed);
        let text = r.write_position(&s);
        let mut back = r.read_position(&text).expect("reads back");
        // A position carries no score or move count: they start afresh.
        assert_eq!((back.score(), back.moves()), (500, 0));
        back.clone_from(&s);
        assert_eq!(back, s);
        let again = r.read_position(&text).expect("reads back");
        assert_eq!(again.columns(), s.columns());
        assert_eq!(again.stock(), s.stock());
        assert_eq!(again.removed(), s.removed());
        assert_eq!(again.deals_done(), s.deals_done());
    }
}

#[test]
fn the_reader_takes_comments_blank_lines_any_order_any_case_and_crlf() {
    let (r, text) = base();
    let s = r.read_position(&text).expect("base reads");
    let mut lines: Vec<&str> = text.lines().collect();
    lines.reverse();
    let shuffled = format!("# a comment\n\n{}\n", lines.join("\r\n"));
    assert_eq!(r.read_position(&shuffled), Ok(s.clone()));
    assert_eq!(r.read_position(&text.to_lowercase()), Ok(s));
}

#[test]
fn ranges_run_either_way_and_may_be_face_down() {
    let r = typed("spider-1suit", "classic");
    let s = position(
        &r,
        &[
            "AS..3S",
            "3S..AS",
            "|KS..JS TS",
            "",
            "",
            "",
            "",
            "",
            "",
            "5S",
        ],
        &[],
        "",
        9,
    );
    assert_eq!(column_text(&s, 0), "AS 2S 3S");
    assert_eq!(column_text(&s, 1), "3S 2S AS");
    assert_eq!(column_text(&s, 2), "|KS |QS |JS TS");
}

#[test]
fn the_export_of_a_dealt_row_is_empty_and_off_lists_kings() {
    let r = typed("spider-2suit", "classic");
    let mut s = position(
        &r,
        &[
            "|5H KS..2S",
            "AS",
            "9H",
            "9H",
            "9H",
            "9H",
            "9S",
            "9S",
            "9S",
            "KH",
        ],
        &["*", "*"],
        "",
        9,
    );
    play(&r, &mut s, &mv(1, 0, 0));
    let text = r.write_position(&s);
    assert_eq!(line_of(&text, "Off:"), "Off: KS");
    assert_eq!(line_of(&text, "Deal2:"), "Deal2:");
    assert_eq!(line_of(&text, "Deal3:").split_whitespace().count(), 11);
    assert_eq!(line_of(&text, "Play0:"), "Play0: 5H");
}

#[test]
fn malformed_lines_are_refused_with_their_line_and_reason() {
    let (r, text) = base();
    let play0 = line_of(&text, "Play0:");
    let deal2 = line_of(&text, "Deal2:");
    let play9 = line_of(&text, "Play9:");
    let mut tokens: Vec<&str> = play0.split_whitespace().skip(1).collect();
    let last = tokens.pop().expect("a face-up card").to_string();
    let upside_down = format!("Play0: {last} {}", tokens.join(" "));
    let hidden_top = play0.replace(&format!(" {last}"), &format!(" |{last}"));
    let short_deal = deal2.rsplit_once(' ').expect("cards").0.to_string();
    let extra = format!("{play9} {}", play9.split_whitespace().last().expect("card"));
    let cases: Vec<(String, usize, &str)> = vec![
        (
            text.replace("Play3:", "Plya3:"),
            4,
            "'Plya3' is not a row name: expected Play0 … Play9, Deal0 … Deal4, or Off",
        ),
        (
            format!("{text}Play0: KS\n"),
            17,
            "Play0 is given twice (first on line 1)",
        ),
        (
            text.replacen("Play1: |", "Play1: |Z", 1),
            2,
            "is not a card",
        ),
        (
            text.replace(&play0, &upside_down),
            1,
            "a face-down card lies on a face-up one",
        ),
        (
            text.replace(&play0, &hidden_top),
            1,
            "the last card of a column is always face up",
        ),
        (
            text.replace(&deal2, &short_deal),
            13,
            "Deal2 has 9 cards, but deal 3 of this variant is 10 cards",
        ),
        (text.replace(&play9, &extra), 10, "too many"),
        (text.replace("Off:", "Off: QS"), 16, "'QS' is not a King"),
        (
            text.replace("Play4:", "Play10:"),
            5,
            "this variant has 10 columns",
        ),
        (
            text.replace("Deal4:", "Deal5:"),
            15,
            "this variant has 5 deals",
        ),
        (
            text.replace("Off:", "Off"),
            16,
            "expected a row name and ':'",
        ),
        (text.replace("Play2:", "Play2: AS..4H"), 3, "changes suit"),
    ];
    for (bad, line, words) in cases {
        let err = r.read_position(&bad).expect_err(words);
        assert_eq!(err.line, Some(line), "{words}: {err}");
        assert!(
            err.to_string().contains(words),
            "expected '{words}' in: {err}"
        );
        assert!(
            err.to_string().starts_with(&format!("line {line}: ")),
            "{err}"
        );
    }
}

#[test]
fn a_missing_card_or_row_is_named() {
    let (r, text) = base();
    let play9 = line_of(&text, "Play9:");
    let first = play9.split_whitespace().nth(1).expect("card").to_string();
    let without = play9.replacen(&format!(" {first}"), "", 1);
    let err = error_of(&r, &text.replace(&play9, &without));
    assert!(err.contains("are missing: 1×"), "{err}");
    assert!(err.contains(first.trim_start_matches('|')), "{err}");
    let no_play5: String = text
        .lines()
        .filter(|l| !l.starts_with("Play5:"))
        .map(|l| format!("{l}\n"))
        .collect();
    assert!(error_of(&r, &no_play5).starts_with("Play5 is missing"));
}

#[test]
fn deals_must_be_used_in_order() {
    let (r, text) = base();
    let deal1 = line_of(&text, "Deal1:");
    let err = r
        .read_position(&text.replace(&deal1, "Deal1:"))
        .expect_err("a gap");
    assert_eq!(err.line, Some(12));
    assert!(
        err.message.contains("Deal1 is empty but Deal0 is not"),
        "{err}"
    );
}

#[test]
fn a_finished_run_cannot_sit_in_a_column() {
    let r = typed("spider-1suit", "classic");
    let text = sketch(
        &r,
        &["KS..AS", "", "", "", "", "", "", "", "", "5S"],
        &[],
        "",
        9,
    );
    let err = r.read_position(&text).expect_err("a finished run");
    assert!(
        err.message.contains("ends with a finished run KS..AS"),
        "{err}"
    );
}

#[test]
fn the_host_reads_positions_through_the_ruleset() {
    let catalog = catalog();
    let ruleset = catalog.build("spider-4suit", None).expect("builds");
    let (_, text) = base();
    let state = ruleset.import_position(&text).expect("reads");
    assert_eq!(
        ruleset.export_position(&state).as_deref(),
        Some(text.as_str())
    );
    let err = ruleset.import_position("Play0: XX").expect_err("bad card");
    assert!(err.starts_with("line 1: 'XX' is not a card"), "{err}");
    assert!(ruleset.legal_actions(&state).contains(&Action::Deal {
        from: felt_core::PileId(10)
    }));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn arbitrary_text_never_panics(text in "\\PC{0,400}") {
        let (r, _) = base();
        let _ = r.read_position(&text);
    }

    #[test]
    fn format_like_text_never_panics(lines in prop::collection::vec("(Play|Deal|Off|play)[0-9]{0,2}:( \\|?[A2-9TJQK1][SHDCX]?(\\.\\.[A2-9TJQK][SHDC])?){0,14}", 0..20)) {
        let (r, _) = base();
        let _ = r.read_position(&lines.join("\n"));
    }

    #[test]
    fn a_mutated_position_never_panics(at in 0usize..2000, cut in 0usize..8, insert in "[|. A-Z0-9:\n]{0,6}") {
        let (r, text) = base();
        let mut chars: Vec<char> = text.chars().collect();
        let at = at % chars.len();
        let end = (at + cut).min(chars.len());
        chars.splice(at..end, insert.chars());
        let mutated: String = chars.into_iter().collect();
        if let Ok(state) = r.read_position(&mutated) {
            // Whatever it accepts is a whole deck.
            prop_assert_eq!(state.all_cards().len(), 104);
        }
    }
}
