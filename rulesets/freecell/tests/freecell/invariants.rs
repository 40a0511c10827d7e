//! Properties over random deals and random play: cards are conserved, undo through a
//! `Session` is exact, and no sequence of actions panics. `FELT_FREECELL_CASES` sets how many
//! games each property plays (default 48).

use crate::common;

use felt_core::{Action, Card, GameCode, PileId, Session};
use proptest::prelude::*;

fn cases() -> u32 {
    felt_patience::testing::cases("FELT_FREECELL_CASES", 48)
}

const VARIANTS: [&str; 5] = [
    "freecell",
    "freecell-2cells",
    "bakers-game",
    "eight-off",
    "seahaven-towers",
];

use felt_patience::testing::pack;

fn cards_of(session: &Session) -> Vec<Card> {
    let view = session.view(felt_core::Seat::SOLO);
    let mut v: Vec<Card> = view
        .piles
        .iter()
        .flat_map(|p| p.cards.iter().filter_map(|c| c.card()))
        .collect();
    v.sort();
    v
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases()))]

    // FC-DEAL, FC-FOUNDATION: every card is somewhere, once, whatever is played.
    #[test]
    fn cards_are_conserved_and_undo_is_exact(
        v in 0..VARIANTS.len(),
        deal in 1u64..=1_000_000,
        picks in proptest::collection::vec(any::<u16>(), 1..120),
    ) {
        let fc = common::variant(VARIANTS[v]);
        let mut session = Session::new(fc, GameCode::new("FC-4C", 'S', deal).expect("code"), 1000);
        let mut history = vec![session.state().clone()];
        for pick in picks {
            let legal = session.legal_actions();
            if legal.is_empty() {
                break;
            }
            let action = &legal[pick as usize % legal.len()];
            session.act(action).expect("a listed action is accepted");
            prop_assert_eq!(cards_of(&session), pack());
            history.push(session.state().clone());
        }
        // Undo walks back through exactly the states played.
        history.pop();
        while let Some(before) = history.pop() {
            session.undo().expect("undo");
            prop_assert!(session.state() == &before);
        }
    }

    // Any action at all, legal or not, is answered without a panic and a refusal changes
    // nothing.
    #[test]
    fn random_actions_never_panic(
        v in 0..VARIANTS.len(),
        deal in 0u64..=2_000_000,
        raw in proptest::collection::vec((0u8..24, 0u16..30, 0u8..24), 1..200),
    ) {
        let fc = common::variant(VARIANTS[v]);
        let mut session = Session::new(fc, GameCode::new("FC-4C", 'S', deal).expect("code"), 50);
        for (from, index, to) in raw {
            let action = Action::Move { from: PileId(from), index, to: PileId(to) };
            let before = session.state().clone();
            if session.act(&action).is_err() {
                prop_assert!(session.state() == &before);
            }
            let _ = session.view(felt_core::Seat::SOLO);
        }
        prop_assert_eq!(cards_of(&session), pack());
    }
}
