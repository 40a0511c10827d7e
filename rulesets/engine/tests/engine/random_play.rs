//! Random legal play, in every game the tests describe: every card stays on the table exactly
//! once (PA-DEAL's pack, never a card lost or made), nothing panics, every legal action is
//! carried out, any other move is refused by a named rule and changes nothing, and a game
//! that is stuck says it is over; the solver's packed table unpacks to the table it packed.

use crate::support::*;
use felt_core::{Ruleset, Status};
use felt_engine::solver::packed::Packed;
use felt_engine::{Engine, Pile, State};
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
        if step % 16 == 0 {
            every_move_the_check_accepts_is_listed(engine, &state, &legal, seed, step);
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

/// Every move from any card of any pile to any pile that the ruleset's check accepts is among
/// the legal actions, and every move listed is accepted: the listing (read once a table, a
/// group offered only to the columns that could take it) says exactly what the check says.
fn every_move_the_check_accepts_is_listed(
    engine: &Engine,
    state: &State,
    legal: &[felt_core::Action],
    seed: u64,
    step: usize,
) {
    let ids = engine.play().ids;
    let piles: Vec<(u8, Pile)> = (0..=u8::MAX)
        .map_while(|i| ids.pile(felt_core::PileId(i)).map(|p| (i, p)))
        .collect();
    let size = |pile: Pile| match pile {
        Pile::Column(i) => state.columns[i].cards.len(),
        Pile::Foundation(i) => state.foundations[i].len(),
        Pile::Cell(_) => 1,
        Pile::Reserve(i) => state.reserve[i].len(),
        Pile::Stock => state.stock.len(),
        Pile::Waste => state.waste.len(),
    };
    let mut accepted = Vec::new();
    for &(from, pile) in &piles {
        for index in 0..size(pile) {
            for &(to, _) in &piles {
                let action = felt_core::Action::Move {
                    from: felt_core::PileId(from),
                    index: index as u16,
                    to: felt_core::PileId(to),
                };
                if engine.check(state, &action).is_ok() {
                    accepted.push(action);
                }
            }
        }
    }
    let mut listed: Vec<_> = legal
        .iter()
        .filter(|a| matches!(a, felt_core::Action::Move { .. }))
        .cloned()
        .collect();
    let key = |a: &felt_core::Action| format!("{a:?}");
    listed.sort_by_key(key);
    accepted.sort_by_key(key);
    assert_eq!(
        listed, accepted,
        "seed {seed} step {step}: listed against checked"
    );
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
