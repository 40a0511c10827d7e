//! Random legal play, in every game the tests describe: every card stays on the table exactly
//! once (PA-DEAL's pack, never a card lost or made), nothing panics, every legal action is
//! carried out, and a game that says it is over has no legal action left.

use crate::support::*;
use felt_core::{Ruleset, Status};
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
