//! One test per rule of the App's rules page (docs/rules/spider.md), named after it:
//! dealing, runs, the win, the options, the double-click ranking and refusals.

use crate::common::*;
use felt_core::{Action, Card, Event, PileId, Ruleset, Seat, Status};
use felt_spider::SpiderRuleset;

fn two() -> SpiderRuleset {
    typed("spider-2suit", "classic")
}

#[test]
fn sp_deal_puts_one_face_up_card_on_each_column_first_to_last() {
    // SP-DEAL: one face-up card on each of the 10 columns, from first to last.
    let r = two();
    let row = "AH 2H 3H 4H 5H 6H 7H 8H 9H TH";
    let mut s = position(
        &r,
        &["KS", "KS", "KS", "KS", "KH", "KH", "KH", "KH", "QS", "QS"],
        &[row],
        "",
        9,
    );
    let events = play(&r, &mut s, &Action::Deal { from: PileId(10) });
    assert_eq!(
        events,
        [Event::Dealt {
            from: PileId(10),
            count: 10
        }]
    );
    for (i, card) in row.split_whitespace().enumerate() {
        assert_eq!(
            s.columns()[i].last().map(|c| c.to_string()).as_deref(),
            Some(card)
        );
        assert!(
            s.columns()[i].face_up().len() >= 2,
            "dealt cards are face up"
        );
    }
    assert!(s.stock().is_empty());
}

#[test]
fn sp_deal_refused_while_a_column_is_empty() {
    // SP-DEAL: refused while any column is empty: a card must be put there first.
    let r = two();
    let mut s = position(
        &r,
        &["KS", "KS", "KS", "", "KH", "KH", "KH", "KH", "QS", "QS"],
        &["*"],
        "",
        9,
    );
    let err = refused(&r, &mut s, &Action::Deal { from: PileId(10) });
    assert_eq!(
        (err.rule.as_str(), err.message.as_str()),
        ("SP-DEAL", "Dealing needs a card in every column")
    );
    assert!(!legal(&r, &s).contains(&Action::Deal { from: PileId(10) }));
}

#[test]
fn sp_deal_after_five_deals_the_stock_is_empty() {
    // SP-DEAL: after 5 deals the stock is empty.
    let r = two();
    let mut s = r.new_game(99);
    for k in 1..=5 {
        play(&r, &mut s, &Action::Deal { from: PileId(10) });
        assert_eq!(s.stock().len(), 50 - 10 * k);
    }
    assert_eq!(r.deals_left(&s), 0);
    let err = refused(&r, &mut s, &Action::Deal { from: PileId(10) });
    assert_eq!(
        (err.rule.as_str(), err.message.as_str()),
        ("SP-DEAL", "The stock is empty: all 5 deals are done")
    );
}

#[test]
fn sp_run_leaves_after_the_move_that_formed_it_and_uncovers_a_card() {
    // SP-RUN: a finished K..A run of one suit leaves by itself; the card it covered turns up.
    let r = two();
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
        &[],
        "",
        9,
    );
    let events = play(&r, &mut s, &mv(1, 0, 0));
    assert_eq!(
        events,
        [
            Event::Moved {
                from: PileId(1),
                to: PileId(0),
                count: 1
            },
            Event::SetRemoved { pile: PileId(0) },
            Event::Flipped { pile: PileId(0) },
        ]
    );
    assert_eq!(column_text(&s, 0), "5H");
    assert_eq!(s.removed(), ["KS".parse::<Card>().expect("card")]);
    assert_eq!(r.view(&s, Seat::SOLO).status_value("runs"), Some("1/8"));
}

#[test]
fn sp_run_of_mixed_suits_is_not_removed_even_under_relaxed_rules() {
    // SP-RUN: under both rules only a one-suit run is removed.
    for rules in ["classic", "relaxed"] {
        let r = typed("spider-2suit", rules);
        let mut s = position(
            &r,
            &[
                "KH..3H 2S",
                "AH",
                "9H",
                "9H",
                "9H",
                "9S",
                "9S",
                "9S",
                "9S",
                "KS",
            ],
            &[],
            "",
            9,
        );
        play(&r, &mut s, &mv(1, 0, 0));
        assert_eq!(s.columns()[0].len(), 13, "{rules}");
        assert!(s.removed().is_empty(), "{rules}");
    }
}

#[test]
fn sp_run_several_leave_at_once_after_a_deal() {
    // SP-RUN: after a deal, every run it finished leaves, each turning up what it covered.
    let r = two();
    let mut s = position(
        &r,
        &[
            "|7S KS..2S",
            "KH..2H",
            "9S",
            "9S",
            "9S",
            "9H",
            "9H",
            "9H",
            "8S",
            "8H",
        ],
        &["AS AH 5S 5S 5S 5H 6H 6H 6H 5H"],
        "",
        9,
    );
    let events = play(&r, &mut s, &Action::Deal { from: PileId(10) });
    assert_eq!(
        events,
        [
            Event::Dealt {
                from: PileId(10),
                count: 10
            },
            Event::SetRemoved { pile: PileId(0) },
            Event::Flipped { pile: PileId(0) },
            Event::SetRemoved { pile: PileId(1) },
        ]
    );
    assert_eq!(s.removed().len(), 2);
    assert_eq!(column_text(&s, 0), "7S");
    assert!(s.columns()[1].is_empty());
    // SP-SCORE: one deal (−1) and two runs (+100 each).
    assert_eq!(s.score(), 500 - 1 + 200);
}

#[test]
fn sp_win_when_all_eight_runs_are_removed() {
    // SP-WIN: the game is won when all 8 runs are removed; no card is left.
    let r = typed("spider-1suit", "classic");
    let mut s = position(
        &r,
        &["KS..2S", "AS", "", "", "", "", "", "", "", ""],
        &[],
        "KS KS KS KS KS KS KS",
        0,
    );
    assert_eq!(r.status(&s), Status::Playing);
    play(&r, &mut s, &mv(1, 0, 0));
    assert_eq!(
        r.status(&s),
        Status::Won {
            winner: String::new()
        }
    );
    assert_eq!(s.cards_on_table(), 0);
    assert!(legal(&r, &s).is_empty());
    let err = refused(&r, &mut s, &Action::Deal { from: PileId(10) });
    assert_eq!(err.rule, "SP-WIN");
}

#[test]
fn sp_win_a_stuck_game_is_not_detected() {
    // SP-WIN: the App does not detect a stuck game: no legal action, yet still playing.
    let r = two();
    let s = position(
        &r,
        &["AS", "AS", "AS", "AS", "AH", "AH", "AH", "AH", "KS", "KH"],
        &[],
        "",
        9,
    );
    assert!(legal(&r, &s).is_empty());
    assert_eq!(r.status(&s), Status::Playing);
}

#[test]
fn sp_options_one_suit_offers_only_classic_and_codes_name_the_rules() {
    // SP-OPTIONS: 1, 2 or 4 suits; classic or relaxed with 2 and 4 suits only; a game code
    // names suits, rules and shuffle.
    let catalog = catalog();
    let ids = |v: &str| -> Vec<String> {
        catalog
            .get(v)
            .expect("variant")
            .rules
            .iter()
            .map(|c| c.id.clone())
            .collect()
    };
    assert_eq!(ids("spider-1suit"), ["classic"]);
    assert_eq!(ids("spider-2suit"), ["classic", "relaxed"]);
    assert_eq!(ids("spider-4suit"), ["classic", "relaxed"]);
    let code = catalog.code_for("spider-1suit", None, 3).expect("code");
    assert_eq!(code.to_string(), "SP1-S1C-AAAAAAD");
    let code = felt_core::GameCode::parse("SP1-S2R-AAAAZZZ").expect("code");
    let (entry, rules) = catalog.resolve(&code).expect("resolves");
    assert_eq!(
        (entry.variant.id.as_str(), rules.id.as_str()),
        ("spider-2suit", "relaxed")
    );
    assert!(catalog
        .resolve(&felt_core::GameCode::parse("SP1-S1R-AAAAAAA").expect("code"))
        .is_err());
}

#[test]
fn sp_automove_ranks_a_same_suit_target_first_then_other_cards_then_empty_columns() {
    // SP-AUTOMOVE: the best column for the touched group, a same-suit target first.
    let r = two();
    let s = position(
        &r,
        &["9S 7H", "8S", "KS", "", "8S", "8H", "KH", "", "KH", "KS"],
        &[],
        "",
        9,
    );
    let ranked: Vec<u8> = r
        .legal_targets(&s, PileId(0), 1)
        .iter()
        .map(|a| match a {
            Action::Move { to, .. } => to.0,
            other => panic!("not a move: {other}"),
        })
        .collect();
    assert_eq!(ranked, [5, 1, 4, 3, 7]);
}

#[test]
fn sp_highlight_the_columns_that_accept_a_group_are_its_legal_moves() {
    // SP-HIGHLIGHT: the UI highlights the columns that accept a dragged group: exactly the
    // legal moves of that group, as legal_targets lists them.
    let r = typed("spider-2suit", "relaxed");
    let s = position(
        &r,
        &[
            "9S 8H 7S", "9H", "9S", "", "KS", "TS", "TH", "QS", "KH", "KS",
        ],
        &[],
        "",
        9,
    );
    let mut ranked: Vec<Action> = r.legal_targets(&s, PileId(0), 1);
    ranked.sort_by_key(|a| a.to_string());
    let mut listed: Vec<Action> = legal(&r, &s)
        .into_iter()
        .filter(|a| {
            matches!(
                a,
                Action::Move {
                    from: PileId(0),
                    index: 1,
                    ..
                }
            )
        })
        .collect();
    listed.sort_by_key(|a| a.to_string());
    assert_eq!(ranked, listed);
    assert_eq!(ranked.len(), 3, "9H, 9S and the empty column take 8H 7S");
}

#[test]
fn sp_automove_a_whole_column_into_an_empty_one_is_legal_but_not_the_best_place() {
    // SP-AUTOMOVE: moving a whole column into an empty one only trades places: the empty
    // column is a legal target, and there is no best place.
    let r = two();
    let s = position(
        &r,
        &["9S", "KS", "KS", "", "KH", "QS", "KH", "QH", "KH", "KS"],
        &[],
        "",
        9,
    );
    let legal = r.legal_targets(&s, PileId(0), 0);
    assert_eq!(
        legal,
        [Action::Move {
            from: PileId(0),
            index: 0,
            to: PileId(3)
        }]
    );
    assert_eq!(r.best_place(&s, PileId(0), 0, &legal), None);
    // The same card over another card does go to the empty column as its best place.
    let s = position(
        &r,
        &["KH 9S", "KS", "KS", "", "KH", "QS", "KH", "QH", "KH", "KS"],
        &[],
        "",
        9,
    );
    let legal = r.legal_targets(&s, PileId(0), 1);
    assert_eq!(
        r.best_place(&s, PileId(0), 1, &legal),
        legal.first().cloned()
    );
    assert!(!legal.is_empty());
}

#[test]
fn sp_group_a_mixed_suit_group_is_refused_when_picked_up_under_classic_rules() {
    // SP-GROUP: under classic rules only a run of one suit moves as a group, so picking up
    // 8H 7S is refused at once, before any drop; relaxed rules let it be picked up.
    let cols = [
        "9S 8H 7S", "9H", "9S", "", "KS", "TS", "TH", "QS", "KH", "KS",
    ];
    let classic = two();
    let s = position(&classic, &cols, &[], "", 9);
    let refused = classic
        .may_lift(&s, PileId(0), 1)
        .expect_err("a mixed-suit group");
    assert_eq!(refused.rule, "SP-GROUP");
    assert!(classic.may_lift(&s, PileId(0), 2).is_ok(), "one card lifts");
    let relaxed = typed("spider-2suit", "relaxed");
    let s = position(&relaxed, &cols, &[], "", 9);
    assert!(relaxed.may_lift(&s, PileId(0), 1).is_ok());
    // Under any rules, a group that does not go down one rank at a time is refused.
    let s = position(
        &relaxed,
        &["9S 7S", "9H", "9S", "", "KS", "TS", "TH", "QS", "KH", "KS"],
        &[],
        "",
        9,
    );
    assert_eq!(
        relaxed.may_lift(&s, PileId(0), 0).map_err(|v| v.rule),
        Err("SP-GROUP".to_string())
    );
}

#[test]
fn sp_explain_every_refusal_names_its_rule_with_a_sentence() {
    // SP-EXPLAIN: after a refused move the player is told the rule.
    let r = two();
    let s = position(
        &r,
        &[
            "9H 8S", "TS", "QS", "", "AS", "2H", "5S", "|3H 4S", "8S 6H", "KS",
        ],
        &["*"],
        "",
        9,
    );
    let known = ["SP-BUILD", "SP-GROUP", "SP-DEAL", "SP-RUN"];
    let mut refusals = 0;
    for from in 0..12u8 {
        for to in 0..12u8 {
            for index in 0..4u16 {
                if let Err(e) = r.check(&s, &mv(from, index, to)) {
                    refusals += 1;
                    assert!(known.contains(&e.rule.as_str()), "{e}");
                    assert!(
                        e.message
                            .chars()
                            .next()
                            .is_some_and(|c| c.is_ascii_uppercase() || c.is_ascii_digit()),
                        "{e}"
                    );
                }
            }
        }
    }
    assert!(refusals > 100);
    let err = r
        .check(&s, &Action::Choose { option: 1 })
        .expect_err("no prompts in Spider");
    assert_eq!(err.rule, "SP-BUILD");
}

#[test]
fn every_rank_in_a_refusal_is_named_with_its_article() {
    // SP-EXPLAIN: "goes only on an 8", "on a Queen": the sentence reads as English.
    let r = two();
    let s = position(
        &r,
        &["7S", "JH", "JS", "KS", "KS", "KS", "KH", "KH", "KH", "KH"],
        &[],
        "",
        9,
    );
    assert_eq!(
        r.check(&s, &mv(0, 0, 1)).expect_err("7 on J").message,
        "7S goes only on an 8, not on JH"
    );
    assert_eq!(
        r.check(&s, &mv(2, 0, 1)).expect_err("J on J").message,
        "JS goes only on a Queen, not on JH"
    );
}
