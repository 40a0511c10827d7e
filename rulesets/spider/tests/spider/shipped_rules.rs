//! The rules where each shipped relative differs from the App's Spider, one test per
//! difference, quoting the rule id (docs/rules/spider.md) where it has one.

use crate::common::*;
use felt_core::{Action, Event, Ruleset, Seat, Status};
use felt_spider::SpiderRuleset;

fn site(suits: &str) -> SpiderRuleset {
    typed(&format!("spider-site-{suits}"), "classic")
}

fn deal(r: &SpiderRuleset) -> Action {
    Action::Deal {
        from: r.stock_pile(),
    }
}

fn status(r: &SpiderRuleset, s: &felt_spider::SpiderState) -> Vec<(String, String)> {
    r.view(s, Seat::SOLO)
        .status
        .into_iter()
        .map(|i| (i.key, i.value))
        .collect()
}

/// Nine cards on the table, the first column empty, three deals left, five runs off.
fn nine_cards(r: &SpiderRuleset) -> felt_spider::SpiderState {
    position(
        r,
        &["", "5S", "6S", "7S", "8S", "9S", "TS", "JS", "QS", "KS"],
        &["*", "*", "*"],
        "KS KS KS KS KS",
        9,
    )
}

#[test]
fn site_deal_is_allowed_with_an_empty_column_on_a_table_of_nine_cards() {
    // SITE-DEAL: with fewer than ten cards on the table they could never fill every column,
    // so dealing with empty columns is allowed. Nine cards here, the first column empty.
    let r = site("1suit");
    let mut s = nine_cards(&r);
    assert_eq!(s.cards_on_table(), 9);
    assert!(s.columns()[0].is_empty());
    let events = play(&r, &mut s, &deal(&r));
    assert_eq!(
        events[0],
        Event::Dealt {
            from: r.stock_pile(),
            count: 10
        }
    );
    assert_eq!(s.cards_on_table(), 19);
    assert_eq!(s.columns()[0].len(), 1, "the empty column got its card");
}

#[test]
fn site_deal_needs_every_column_filled_from_ten_cards_on() {
    // SITE-DEAL: ten cards could fill ten columns, so the App's rule holds.
    let r = site("1suit");
    let mut s = position(
        &r,
        &["", "5S", "6S", "7S", "8S", "9S", "TS", "JS", "QS", "KS 4S"],
        &["*", "*"],
        "KS KS KS KS KS",
        9,
    );
    assert_eq!(s.cards_on_table(), 19);
    let err = refused(&r, &mut s, &deal(&r));
    assert_eq!(err.rule, "SP-DEAL");
    assert_eq!(err.message, "Dealing needs a card in every column");
    // The App's own Spider refuses the nine-card table too: the exception is the Site's.
    let app = typed("spider-1suit", "classic");
    let mut nine = nine_cards(&app);
    assert_eq!(refused(&app, &mut nine, &deal(&app)).rule, "SP-DEAL");
}

#[test]
fn site_game_stops_after_three_thousand_moves() {
    // SITE-LIMIT: every game stops after 3,000 moves, not won.
    let r = site("2suit");
    let mut s = position(
        &r,
        &["5H", "", "6S", "7S", "8S", "9S", "TS", "JS", "QS", "KS"],
        &["*"],
        "",
        9,
    );
    for n in 0..3000u32 {
        assert_eq!(
            r.status(&s),
            Status::Playing,
            "still playing after {n} moves"
        );
        // The lone 5 goes back and forth between the first two columns.
        let (from, to) = if s.columns()[0].is_empty() {
            (1, 0)
        } else {
            (0, 1)
        };
        play(&r, &mut s, &mv(from, 0, to));
    }
    assert_eq!(s.moves(), 3000);
    assert_eq!(
        r.status(&s),
        Status::Over {
            reason: "The game stops after 3,000 moves".into()
        }
    );
    assert!(legal(&r, &s).is_empty(), "nothing is legal once stopped");
    let err = refused(&r, &mut s, &deal(&r));
    assert_eq!(err.rule, "SITE-LIMIT");
    assert!(r.info().help.join(" ").contains("stops after 3,000 moves"));
}

#[test]
fn site_shows_no_score_but_moves_cards_left_deals_left_and_runs_finished() {
    // SITE-NOSCORE: no points; the status counts moves, cards left, deals left and runs
    // finished, in the order of the other variants.
    let r = site("1suit");
    let mut s = r.new_game(3);
    assert_eq!(r.scoreboard(&s).score, None);
    let pairs = |s: &felt_spider::SpiderState| status(&r, s);
    assert_eq!(
        pairs(&s),
        [
            ("moves".to_string(), "0".to_string()),
            ("cards".into(), "104".into()),
            ("deals".into(), "5".into()),
            ("runs".into(), "0/8".into()),
        ]
    );
    play(&r, &mut s, &deal(&r));
    assert_eq!(pairs(&s)[1].1, "104", "a deal moves cards, it removes none");
    assert_eq!(pairs(&s)[2].1, "4");
    // A finished run leaves: 13 cards fewer (SITE-RUN: always, by itself).
    let mut s = position(
        &r,
        &[
            "KS..2S", "AS", "5S", "5S", "5S", "5S", "5S", "5S", "5S", "KS",
        ],
        &[],
        "",
        9,
    );
    play(&r, &mut s, &mv(1, 0, 0));
    assert_eq!(pairs(&s)[1], ("cards".into(), "91".into()));
    assert_eq!(pairs(&s)[3], ("runs".into(), "1/8".into()));
    assert!(
        !r.info().help.join(" ").contains("score"),
        "no score to explain"
    );
}

#[test]
fn site_dead_end_setting_is_on_for_every_site_game() {
    // SITE-DEADEND applies to the Site's games, with its other rules beside it.
    for suits in ["1suit", "2suit", "4suit"] {
        let r = site(suits);
        assert!(r.params().dead_end, "{suits}");
        assert_eq!(r.params().move_limit, Some(3000));
        assert_eq!(r.params().deal_with_empty_below, Some(10));
    }
}

/// A finished stock with one face-up card on each column and every other card face down under
/// the first: with `last` a King nothing can move at all; with `last` a 2 of spades, the Ace
/// of spades on the first column can go onto it and turn up a card.
fn one_card_each(r: &SpiderRuleset, last: &str) -> felt_spider::SpiderState {
    let tops = ["AS", "AS", "AH", "AH", "AD", "AD", "AC", "AC", "KS", last];
    position(r, &tops, &[], "", 0)
}

#[test]
fn site_game_is_over_at_a_proven_dead_end_and_says_why() {
    // SITE-DEADEND: "when the stock is empty and no sequence of moves can ever turn up another
    // card or finish another run, the game is over without a win, and the player is told so."
    let r = site("4suit");
    match r.status(&one_card_each(&r, "KH")) {
        Status::Over { reason } => assert!(reason.contains("turn up another card"), "{reason}"),
        other => panic!("a stuck game should be over, not {other:?}"),
    }
    assert_eq!(r.status(&one_card_each(&r, "2S")), Status::Playing);
    // The App's game has no such rule: the same stuck table simply goes on.
    let app = typed("spider-4suit", "classic");
    assert_eq!(app.status(&one_card_each(&app, "KH")), Status::Playing);
}

#[test]
fn site_dead_end_is_no_false_alarm_when_only_splitting_a_run_into_an_empty_column_helps() {
    // SITE-DEADEND says "no sequence of moves": here the 10 of spades must leave its Jack for
    // the empty column so the 10-to-Ace run can finish a run. A check that never splits a run
    // would call this stuck; the Site's rule does not.
    let r = site("2suit");
    let text = "Play0: KS QS JS TS\nPlay1: 9S 3S JS TS 9S 8S 7S 6S 5S 4S 3S 2S AS\nPlay2: KS\n\
                Play3: 4S QH 2H 5H\nPlay4: 7S 3H 8H\nPlay5: QS 6S 7H 6H 9H 5S 4H AS\nPlay6: 8S\n\
                Play7: JH AH\nPlay8: 2S KH TH\nPlay9:\n\
                Deal0:\nDeal1:\nDeal2:\nDeal3:\nDeal4:\nOff: KS KS KH KH KH\n";
    let state = r.read_position(text).expect("the position loads");
    assert_eq!(r.status(&state), Status::Playing);
}

#[test]
fn site_offers_classic_groups_only() {
    // The Site's groups are one suit; it offers no relaxed choice.
    let catalog = catalog();
    for suits in ["1suit", "2suit", "4suit"] {
        let id = format!("spider-site-{suits}");
        let err = catalog
            .choose(&id, Some("relaxed"))
            .expect_err("no relaxed");
        assert!(err.to_string().contains("it offers: classic"), "{err}");
    }
}

#[test]
fn spiderette_wins_with_four_runs() {
    // SITE-SPIDERETTE: one pack, so four runs clear it.
    let r = typed("spiderette", "classic");
    let mut s = position(
        &r,
        &["KH..2H", "AH", "", "", "", "", ""],
        &[],
        "KS KD KC",
        2,
    );
    assert_eq!(r.status(&s), Status::Playing);
    play(&r, &mut s, &mv(1, 0, 0));
    assert_eq!(s.removed().len(), 4);
    assert_eq!(
        r.status(&s),
        Status::Won {
            winner: String::new()
        }
    );
    assert_eq!(status(&r, &s).last().map(|(_, v)| v.as_str()), Some("4/4"));
}

#[test]
fn spiderette_short_last_deal_puts_three_cards_on_the_first_three_columns() {
    let r = typed("spiderette-2suit", "relaxed");
    let mut s = position(
        &r,
        &["KS", "KS", "KH", "KH", "QS", "QS", "QH"],
        &["4S 5S 6S"],
        "",
        6,
    );
    let before: Vec<usize> = s.columns().iter().map(|c| c.len()).collect();
    play(&r, &mut s, &deal(&r));
    let after: Vec<usize> = s.columns().iter().map(|c| c.len()).collect();
    let grew: Vec<usize> = after.iter().zip(&before).map(|(a, b)| a - b).collect();
    assert_eq!(grew, [1, 1, 1, 0, 0, 0, 0]);
    assert_eq!(face_up_text(&s, 2).split(' ').next_back(), Some("6S"));
    assert!(s.stock().is_empty());
}

#[test]
fn will_o_the_wisp_turns_up_the_second_of_three_cards() {
    // Two face down under one face up: moving the up card away turns the middle one up.
    let r = typed("will-o-the-wisp", "classic");
    let opening = (0..100u64).find_map(|seed| {
        let s = r.new_game(seed);
        let pair = (0..7)
            .flat_map(|from| (0..7).map(move |to| (from, to)))
            .find(|&(from, to)| r.check(&s, &mv(from as u8, 2, to as u8)).is_ok());
        pair.map(|p| (s, p))
    });
    let (mut s, (from, to)) = opening.expect("some deal opens with a move");
    let events = play(&r, &mut s, &mv(from as u8, 2, to as u8));
    assert!(events.contains(&Event::Flipped {
        pile: felt_core::PileId(from as u8)
    }));
    assert_eq!(s.columns()[from].len(), 2);
    assert_eq!(s.columns()[from].face_down(), 1);
}

#[test]
fn relaxed_deal_deals_onto_empty_columns_whatever_the_group_rule() {
    // PySolFC's Relaxed Spider: dealing is allowed with empty columns. The group rule is a
    // separate choice: classic still refuses a mixed-suit group.
    for rules in ["classic", "relaxed"] {
        let r = typed("spider-relaxed-deal", rules);
        let mut s = position(
            &r,
            &["", "", "8S 7H", "5S", "5H", "5D", "5C", "6S", "6H", "KS"],
            &["*"],
            "",
            9,
        );
        let mixed = mv(2, 0, 0);
        if rules == "classic" {
            assert_eq!(refused(&r, &mut s, &mixed).rule, "SP-GROUP");
        } else {
            assert!(r.check(&s, &mixed).is_ok());
        }
        play(&r, &mut s, &deal(&r));
        assert_eq!(s.columns()[0].len(), 1);
        assert_eq!(s.columns()[1].len(), 1);
        assert!(r.info().help.join(" ").contains("even on empty columns"));
    }
}

#[test]
fn three_packs_need_twelve_runs() {
    let r = typed("spider-3packs", "classic");
    let mut s = position(
        &r,
        &["KH..2H", "AH", "", "", "", "", "", "", "", "", "", ""],
        &[],
        "KS KS KS KH KH KD KD KD KC KC KC",
        11,
    );
    assert_eq!(s.removed().len(), 11);
    assert_eq!(r.status(&s), Status::Playing, "eleven runs are not enough");
    play(&r, &mut s, &mv(1, 0, 0));
    assert_eq!(
        r.status(&s),
        Status::Won {
            winner: String::new()
        }
    );
}
