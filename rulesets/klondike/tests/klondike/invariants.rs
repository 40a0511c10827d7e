//! Properties over random deals and random play: cards are conserved, undo through a
//! `Session` is exact, and no sequence of actions panics. `FELT_KLONDIKE_CASES` sets how many
//! games each property plays (default 48).

use crate::common;

use felt_core::{Action, Card, GameCode, PileId, Session};
use felt_klondike::State;
use proptest::prelude::*;

fn cases() -> u32 {
    felt_patience::testing::cases("FELT_KLONDIKE_CASES", 48)
}

const VARIANTS: [&str; 4] = ["klondike", "klondike-draw3", "vegas", "thoughtful"];

use felt_patience::testing::pack;

fn cards_of(session: &Session) -> Vec<Card> {
    let state: &State = session.state().downcast_ref().expect("a Klondike state");
    let mut v = state.all_cards();
    v.sort();
    v
}

/// The view shows no card it should hide: a face-down card carries nothing, and the cards it
/// shows are real and each shown once.
fn view_is_honest(session: &Session) -> bool {
    let view = session.view(felt_core::Seat::SOLO);
    let mut shown: Vec<Card> = view
        .piles
        .iter()
        .flat_map(|p| p.cards.iter().filter_map(|c| c.card()))
        .collect();
    let n = shown.len();
    shown.sort();
    shown.dedup();
    n == shown.len()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases()))]

    // KL-DEAL, KL-STOCK, KL-RECYCLE, KL-FOUNDATION: every card is somewhere, once, whatever
    // is played; undo walks back exactly.
    #[test]
    fn cards_are_conserved_and_undo_is_exact(
        v in 0..VARIANTS.len(),
        seed in 0u64..=1_000_000_000,
        picks in proptest::collection::vec(any::<u16>(), 1..160),
    ) {
        let k = common::variant(VARIANTS[v]);
        let mut session = Session::new(k, GameCode::new("KL-D1", 'S', seed).expect("code"), 1000);
        let mut history = vec![session.state().clone()];
        let mut scores = vec![session.scoreboard()];
        for pick in picks {
            let legal = session.legal_actions();
            if legal.is_empty() {
                break;
            }
            let action = &legal[pick as usize % legal.len()];
            session.act(action).expect("a listed action is accepted");
            prop_assert_eq!(cards_of(&session), pack());
            prop_assert!(view_is_honest(&session));
            history.push(session.state().clone());
            scores.push(session.scoreboard());
        }
        history.pop();
        scores.pop();
        while let Some(before) = history.pop() {
            session.undo().expect("undo");
            prop_assert!(session.state() == &before);
            prop_assert_eq!(Some(session.scoreboard()), scores.pop());
        }
    }

    // Any action at all, legal or not, is answered without a panic and a refusal changes
    // nothing.
    #[test]
    fn random_actions_never_panic(
        v in 0..VARIANTS.len(),
        seed in 0u64..=1_000_000_000,
        raw in proptest::collection::vec((0u8..16, 0u16..30, 0u8..16, any::<bool>()), 1..200),
    ) {
        let k = common::variant(VARIANTS[v]);
        let mut session = Session::new(k, GameCode::new("KL-D1", 'S', seed).expect("code"), 50);
        for (from, index, to, deal) in raw {
            let action = if deal {
                Action::Deal { from: PileId(from) }
            } else {
                Action::Move { from: PileId(from), index, to: PileId(to) }
            };
            let before = session.state().clone();
            if session.act(&action).is_err() {
                prop_assert!(session.state() == &before);
            }
            let _ = session.view(felt_core::Seat::SOLO);
            let _ = session.legal_actions();
        }
        prop_assert_eq!(cards_of(&session), pack());
    }
}
