//! Property tests: the cards are always all there, undo restores exactly, the legal list is
//! exactly what `check` accepts and never touches the runs pile, and random legal play never
//! panics.

use crate::common::*;
use felt_core::{Action, Card, PileId, Ruleset, Session, Status};
use felt_spider::{SpiderRuleset, SpiderState};
use proptest::prelude::*;

const CHOICES: [(&str, &str); 4] = [
    ("spider-1suit", "classic"),
    ("spider-2suit", "classic"),
    ("spider-2suit", "relaxed"),
    ("spider-4suit", "relaxed"),
];

fn sorted(mut cards: Vec<Card>) -> Vec<Card> {
    cards.sort();
    cards
}

/// What must hold of every position reached by play.
fn check_invariants(
    r: &SpiderRuleset,
    s: &SpiderState,
    deck: &[Card],
) -> Result<(), TestCaseError> {
    prop_assert_eq!(
        &sorted(s.all_cards()),
        deck,
        "SP-DECK: every card is somewhere"
    );
    for column in s.columns() {
        // SP-FLIP: the last card of a column is always face up.
        prop_assert!(column.is_empty() || column.face_down() < column.len());
    }
    prop_assert_eq!(
        s.stock().len(),
        r.params().deals[s.deals_done()..]
            .iter()
            .map(|&d| d as usize)
            .sum::<usize>()
    );
    prop_assert!(s.score() >= 0, "SP-SCORE: never below 0");
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    #[test]
    fn cards_are_conserved_and_undo_restores_exactly(
        choice in 0..CHOICES.len(),
        shuffle in 0u64..felt_core::code::SHUFFLE_LIMIT,
        picks in prop::collection::vec(any::<u32>(), 1..200),
    ) {
        let (variant, rules) = CHOICES[choice];
        let catalog = catalog();
        let typed = typed_in(&catalog, variant, rules);
        let deck = sorted(typed.params().deck.cards());
        let code = catalog.code_for(variant, Some(rules), shuffle).expect("code");
        let mut session = Session::new(catalog.build(variant, Some(rules)).expect("builds"), code, 100);
        for pick in picks {
            let legal = session.legal_actions();
            if legal.is_empty() {
                break;
            }
            let action = &legal[pick as usize % legal.len()];
            let before = session.state().clone();
            let board = session.scoreboard();
            let view = session.view(felt_core::Seat::SOLO);
            session.act(action).expect("a legal action is accepted");
            let after = session.state().clone();
            check_invariants(&typed, state_of(&session), &deck)?;
            prop_assert_eq!(session.scoreboard().moves, board.moves + 1, "each move and deal counts once");
            session.undo().expect("undo");
            prop_assert!(*session.state() == before, "SP-UNDO restores the state exactly");
            prop_assert_eq!(session.scoreboard(), board);
            prop_assert_eq!(session.view(felt_core::Seat::SOLO), view);
            session.redo().expect("redo");
            prop_assert!(*session.state() == after);
        }
    }

    #[test]
    fn the_legal_list_is_exactly_what_check_accepts(
        choice in 0..CHOICES.len(),
        shuffle in 0u64..1_000_000,
        picks in prop::collection::vec(any::<u32>(), 0..120),
    ) {
        let (variant, rules) = CHOICES[choice];
        let r = typed(variant, rules);
        let mut s = r.new_game(shuffle);
        let mut legal = Vec::new();
        for pick in picks {
            legal.clear();
            r.legal_actions(&s, &mut legal);
            if legal.is_empty() {
                break;
            }
            let action = legal[pick as usize % legal.len()].clone();
            r.play(&mut s, &action).expect("legal");
        }
        legal.clear();
        r.legal_actions(&s, &mut legal);
        // SP-RUN: no legal move goes to or from the runs pile (and with the checks below,
        // `check` refuses every one), as `player_moves` tells a front end.
        let runs = r.runs_pile();
        prop_assert!(!r.player_moves(runs) && r.player_moves(PileId(0)));
        let touches_runs = |a: &Action| matches!(a, Action::Move { from, to, .. } if *from == runs || *to == runs);
        prop_assert!(!legal.iter().any(touches_runs), "a legal move touches the runs pile");
        let longest = s.columns().iter().map(|c| c.len()).max().unwrap_or(0);
        for from in 0..12u8 {
            for to in 0..12u8 {
                for index in 0..=longest as u16 {
                    let action = mv(from, index, to);
                    prop_assert_eq!(r.check(&s, &action).is_ok(), legal.contains(&action), "{}", action);
                }
            }
        }
        let deal = Action::Deal { from: PileId(10) };
        prop_assert_eq!(r.check(&s, &deal).is_ok(), legal.contains(&deal));
        // Every legal target is legal, and listing them loses none.
        for from in 0..10u8 {
            for index in 0..longest as u16 {
                let ranked = r.legal_targets(&s, PileId(from), index);
                let listed = legal.iter().filter(|a| matches!(a, Action::Move { from: f, index: i, .. } if f.0 == from && *i == index)).count();
                prop_assert_eq!(ranked.len(), listed);
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(12))]

    #[test]
    fn random_legal_play_to_the_end_never_panics(choice in 0..CHOICES.len(), shuffle in any::<u32>(), walk in any::<u64>()) {
        let (variant, rules) = CHOICES[choice];
        let r = typed(variant, rules);
        let deck = sorted(r.params().deck.cards());
        let mut s = r.new_game(shuffle as u64);
        let mut legal = Vec::new();
        let mut rng = walk | 1;
        let mut steps = 0;
        // Random play can shuffle a card back and forth forever: stop after a long game.
        while steps < 3000 && r.status(&s) == Status::Playing {
            legal.clear();
            r.legal_actions(&s, &mut legal);
            if legal.is_empty() {
                break;
            }
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            let events = Ruleset::apply(&r, &mut s, &legal[(rng % legal.len() as u64) as usize]).expect("legal");
            prop_assert!(!events.is_empty());
            steps += 1;
        }
        check_invariants(&r, &s, &deck)?;
        prop_assert_eq!(s.moves() as usize, steps);
        let text = r.write_position(&s);
        prop_assert_eq!(r.read_position(&text).map(|p| p.all_cards().len()), Ok(104));
    }
}

#[test]
fn a_damaged_save_is_refused_or_played_without_panic() {
    let catalog = catalog();
    let ruleset = catalog.build("spider-2suit", None).expect("builds");
    let good = ruleset.encode_state(&ruleset.new_game(4));
    let text = String::from_utf8(good.clone()).expect("JSON");
    // A column claiming more face-down cards than it holds is refused when read.
    let bad = text.replacen("\"down\":4", "\"down\":40", 1);
    assert_ne!(bad, text);
    let err = ruleset.decode_state(bad.as_bytes()).expect_err("refused");
    assert!(
        err.to_string().contains("cannot have 40 face down"),
        "{err}"
    );
    // Counters at their limits saturate instead of overflowing.
    let huge = text
        .replacen("\"moves\":0", &format!("\"moves\":{}", u32::MAX), 1)
        .replacen("\"score\":500", &format!("\"score\":{}", i64::MAX), 1);
    let mut state = ruleset.decode_state(huge.as_bytes()).expect("reads");
    let action = ruleset.legal_actions(&state)[0].clone();
    ruleset.apply(&mut state, &action).expect("plays");
    assert_eq!(ruleset.scoreboard(&state).moves, u32::MAX);
}
