//! Invariants under random play: cards are conserved, the view hides what it must, scores move
//! only at the end of a hand, and every refusal names a Spades rule.

use felt_core::{Action, CardFace, PileId, Ruleset, Seat, Status};
use felt_spades::bots::{rng, sample, Knowledge};
use felt_spades::cards::Hand;
use felt_spades::game::{Phase, SOUTH};
use felt_spades::{Params, Spades};
use proptest::prelude::*;

fn spades() -> Spades {
    Spades::with_params(Params {
        samples: 1,
        ..Params::default()
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn random_play_keeps_every_invariant(seed in 0u64..1_000_000, picks in proptest::collection::vec(any::<u16>(), 1..70)) {
        let spades = spades();
        let mut state = spades.new_game(seed);
        for pick in picks {
            if spades.status(&state) != Status::Playing {
                break;
            }
            // Conservation: the hands and the cards played this hand make the pack.
            let held = state.hands.iter().fold(Hand::EMPTY, |a, h| Hand(a.0 | h.0));
            prop_assert_eq!(held.and(state.played), Hand::EMPTY);
            prop_assert_eq!(Hand(held.0 | state.played.0), Hand::FULL);
            // After each step it is South's turn, or the hand is over.
            if matches!(state.phase, Phase::Bidding | Phase::Playing) {
                prop_assert_eq!(state.turn, SOUTH);
            }
            // ✱ contract 3: other hands are backs only, with the right counts.
            let view = spades.view(&state, Seat(0));
            for seat in 1..4u8 {
                let pile = view.pile(PileId(seat)).expect("hand pile");
                prop_assert_eq!(pile.cards.len() as u32, state.hands[seat as usize].len());
                prop_assert!(pile.cards.iter().all(|c| *c == CardFace::Down));
            }
            // The bots' sampled deals agree with everything South has seen.
            if state.phase == Phase::Playing {
                let k = Knowledge::of(&state, SOUTH);
                let hands = sample::deal(&k, &mut rng(pick as u64));
                for (seat, sampled) in hands.iter().enumerate().skip(1) {
                    prop_assert_eq!(sampled.len(), state.hands[seat].len());
                    for suit in 0..4u8 {
                        if state.voids[seat] >> suit & 1 == 1 {
                            prop_assert!(sampled.suit(suit).is_empty());
                        }
                    }
                }
            }
            let mut legal = Vec::new();
            spades.legal_actions(&state, &mut legal);
            prop_assert!(!legal.is_empty());
            // Every legal action checks; a random other one is refused with an SPD rule.
            let probe = Action::Move { from: PileId((pick % 9) as u8), index: pick % 14, to: PileId(4) };
            if let Err(why) = spades.check(&state, &probe) {
                prop_assert!(why.rule.starts_with("SPD-"), "{}", why.rule);
                prop_assert!(!legal.contains(&probe));
            }
            let action = legal[pick as usize % legal.len()].clone();
            prop_assert_eq!(spades.check(&state, &action), Ok(()));
            let before = state.scores;
            let hand_before = state.hand_no;
            spades.apply(&mut state, &action).expect("a legal action applies");
            if state.phase == Phase::Playing || (state.phase == Phase::Bidding && state.hand_no == hand_before) {
                prop_assert_eq!(state.scores, before, "scores change only when a hand ends");
            }
        }
    }
}
