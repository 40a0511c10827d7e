//! Properties of the layout for any table and any screen: every card is accounted for once,
//! nothing is drawn outside the screen, and any size, however small, draws without a panic.

use crate::common::*;
use felt_core::{
    Card, CardFace, DrawHint, PileId, PileRole, PileView, Place, Rank, Seat, Suit, TableView,
};
use felt_tui::layout::{layout, minimum_size};
use proptest::prelude::*;
use ratatui::layout::Rect;

fn face() -> impl Strategy<Value = CardFace> {
    prop_oneof![
        Just(CardFace::Down),
        (0u8..4, 1u8..=13).prop_map(|(s, r)| CardFace::Up(Card::new(
            Suit::ALL[usize::from(s)],
            Rank::new(r).unwrap_or(Rank::ACE)
        ))),
    ]
}

fn hint() -> impl Strategy<Value = DrawHint> {
    prop_oneof![
        Just(DrawHint::FanDown),
        Just(DrawHint::FanRight),
        Just(DrawHint::Stacked),
        Just(DrawHint::Slot)
    ]
}

fn table() -> impl Strategy<Value = TableView> {
    prop::collection::vec(
        (hint(), 0u8..4, prop::collection::vec(face(), 0..40)),
        1..14,
    )
    .prop_map(|piles| TableView {
        seat: Seat::SOLO,
        piles: piles
            .into_iter()
            .enumerate()
            .map(|(i, (hint, row, cards))| PileView {
                id: PileId(i as u8),
                role: PileRole::Other,
                label: format!("p{i}"),
                hint,
                place: Place::at(row, i as u8),
                cards,
                note: (i % 3 == 0).then(|| "a note".to_string()),
            })
            .collect(),
        status: Vec::new(),
        prompt: None,
        messages: Vec::new(),
        moments: Vec::new(),
        sheets: Vec::new(),
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn every_card_is_placed_once_inside_the_screen(view in table(), w in 10u16..200, h in 5u16..80) {
        let area = Rect::new(0, 0, w, h);
        let need = minimum_size(&view);
        match layout(&view, area) {
            Err(e) => prop_assert!(w < e.width || h < e.height),
            Ok(l) => {
                prop_assert!(w >= need.width && h >= need.height);
                for g in &l.piles {
                    let pile = &view.piles[g.pile];
                    for place in &g.cards {
                        prop_assert!(place.rect.right() <= area.right() && place.rect.bottom() <= area.bottom(), "{:?} outside {:?} in {:?}", place, area, g.area);
                    }
                    if matches!(pile.hint, DrawHint::Stacked | DrawHint::Slot) {
                        // Only the top card shows, standing for the pile.
                        let top = pile.cards.len().checked_sub(1).map(|i| i as u16);
                        prop_assert_eq!(g.cards.first().map(|p| p.first), top);
                        prop_assert!(g.cards.len() <= 1);
                        continue;
                    }
                    let mut next = 0;
                    for place in &g.cards {
                        prop_assert_eq!(place.first, next, "units follow each other");
                        next += place.count;
                    }
                    prop_assert_eq!(next as usize, pile.cards.len(), "pile {} accounted for", g.pile);
                }
            }
        }
    }

    #[test]
    fn any_screen_size_draws_without_a_panic(w in 1u16..120, h in 1u16..50, keys_typed in "[0-9hjkl?dunRq⏎⎋ayc]{0,12}") {
        let mut app = playing("SP1-S4C-AAAAAAH");
        keys(&mut app, &keys_typed);
        let mut term = screen(w, h);
        draw(&mut term, &mut app);
        let mut launcher = launcher();
        draw(&mut term, &mut launcher);
    }
}
