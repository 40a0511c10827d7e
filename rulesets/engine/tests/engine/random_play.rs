//! Random legal play, in every game the tests describe: every card stays on the table exactly
//! once (PA-DEAL's pack, never a card lost or made), nothing panics, every legal action is
//! carried out, any other move is refused by a named rule and changes nothing, and a game
//! that is stuck says it is over; the solver's packed table unpacks to the table it packed.

use crate::support::*;
use felt_core::{Ruleset, Status};
use felt_engine::solver::packed::Packed;
use felt_engine::Engine;
use proptest::prelude::*;

fn sorted(mut cards: Vec<felt_core::Card>) -> Vec<felt_core::Card> {
    cards.sort();
    cards
}

fn random_game(engine: &Engine, seed: u64, picks: &[u16]) {
    let mut state = engine.new_game(seed);
    let pack = sorted(engine.play().game.deck().cards());
    assert_eq!(sorted(state.all_cards()), pack, "seed {seed}: the deal");
    for (step, &pick) in picks.iter().enumerate() {
        let mut legal = Vec::new();
        engine.legal_actions(&state, &mut legal);
        let status = engine.status(&state);
        if legal.is_empty() {
            assert_ne!(status, Status::Playing, "seed {seed}: stuck but playing");
            break;
        }
        // Any move at all, legal or not: a refusal names a PA- rule, says it, and changes
        // nothing.
        let piles = 80u16;
        let wild = felt_core::Action::Move {
            from: felt_core::PileId((pick % piles) as u8),
            index: (pick / piles) % 20,
            to: felt_core::PileId(((pick / 7) % piles) as u8),
        };
        let before = state.clone();
        if let Err(why) = engine.apply(&mut state, &wild) {
            assert!(why.rule.starts_with("PA-"), "seed {seed}: {why}");
            assert!(!why.message.is_empty(), "seed {seed}: {why}");
            assert_eq!(
                state, before,
                "seed {seed}: a refused {wild} changed the game"
            );
        } else {
            assert!(
                legal.contains(&wild),
                "seed {seed}: {wild} played but not listed"
            );
            state = before;
        }
        // The solver's packed table and its reused one are the table itself.
        let mut unpacked = engine.new_game(seed ^ 1);
        Packed::pack(&state, &mut Vec::new()).unpack_into(&mut unpacked);
        assert_eq!(
            unpacked, state,
            "seed {seed} step {step}: packed and unpacked"
        );
        let mut copied = engine.new_game(seed ^ 1);
        copied.copy_from(&state);
        assert_eq!(copied, state, "seed {seed} step {step}: copied");
        let action = &legal[usize::from(pick) % legal.len()];
        engine
            .apply(&mut state, action)
            .unwrap_or_else(|e| panic!("seed {seed} step {step}: legal {action} refused: {e}"));
        assert_eq!(
            sorted(state.all_cards()),
            pack,
            "seed {seed} step {step}: after {action}"
        );
        if matches!(engine.status(&state), Status::Won { .. }) {
            break;
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(
        felt_patience::testing::cases("FELT_ENGINE_CASES", 24)
    ))]

    #[test]
    fn random_legal_play_keeps_every_card_once(seed in 1u64..1_000_000, picks in proptest::collection::vec(any::<u16>(), 150)) {
        for text in [YUKON, CANFIELD, BAKERS_DOZEN, FREECELL, GOLF, SCORPION, KLONDIKE, FORTY_THIEVES, SIMPLE_SIMON] {
            random_game(&engine(text), seed, &picks);
        }
    }
}
