//! KL-AUTO never loses a won game: the cards it sends up are ones no card still in play could
//! need (rules.rs, `goes_up_unasked`, says why), so a game is won with the automatic moves
//! exactly when it is won without them. Checked on hand-made tables, on small end games
//! against plain searches that send no card up unasked, and on whole deals against the
//! solver with the automatic moves off.

use crate::common;

use crate::common::{deal, dealt_face_up, knotted_end_game, mv, position, solve};
use felt_core::{Analysis, Ruleset};
use felt_klondike::state::{FIRST_FOUNDATION, WASTE};
use felt_klondike::{Klondike, Params};

fn klondike(draw: usize, foundation_return: bool) -> Klondike {
    Klondike::with_params(
        Params {
            draw,
            foundation_return,
            ..Params::default()
        },
        None,
    )
}

/// Deals how many whole deals the cross-check below solves (default 300 Thoughtful deals and
/// a third as many draw-one deals): `FELT_KLONDIKE_AUTO_DEALS=1000` checks more.
fn deals() -> u64 {
    std::env::var("FELT_KLONDIKE_AUTO_DEALS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(300)
}

// KL-AUTO: where cards may come back (KL-RETURN), a red Five stays down while the other red
// suit's Three is still in play: a black Four brought back onto it could take that Three.
// Once that Three is up, the Five goes up by itself.
#[test]
fn a_card_stays_down_while_a_card_of_its_colour_two_below_is_in_play() {
    // ♠ 4, ♥ 4, ♦ 2, ♣ 4: the 5♥ is next on hearts; the 3♦ lies under the 8♣ in column 2.
    let table = |diamonds: u8| position(&["9C | 5H", "3D | 8C", "KS"], "", "", [4, 4, diamonds, 4]);
    let k = klondike(1, true);
    let mut s = table(2);
    // Any move lets KL-AUTO look: the King goes to an empty column.
    k.apply(&mut s, &mv(2, 0, 3))
        .expect("a King to an empty column");
    assert_eq!(s.columns[0].cards.len(), 2, "the 5♥ stayed down: {s:?}");
    // With the 3♦ on its foundation the 5♥ is safe.
    let mut s = table(3);
    s.columns[1] = common::column("8C");
    k.apply(&mut s, &mv(2, 0, 3))
        .expect("a King to an empty column");
    assert_eq!(s.foundations[1], 5, "the 5♥ went up: {s:?}");
    // Without KL-RETURN nothing comes back onto it, and the black Fours alone make it safe.
    let k = klondike(1, false);
    let mut s = table(2);
    k.apply(&mut s, &mv(2, 0, 3))
        .expect("a King to an empty column");
    assert_eq!(s.foundations[1], 5, "the 5♥ went up: {s:?}");
}

// KL-AUTO: under draw three the waste's top card never goes up by itself (taking it out would
// change which cards the next rounds turn together); under draw one it does.
#[test]
fn the_waste_sends_cards_up_by_itself_only_under_draw_one() {
    for (draw, stock, up) in [(1, "AH", true), (3, "AH 9H 2C", false)] {
        let k = klondike(draw, true);
        let mut s = position(&["KS"], stock, "", [0; 4]);
        k.apply(&mut s, &deal()).expect("a deal");
        assert_eq!(s.foundations[1] == 1, up, "draw {draw}: {s:?}");
        if !up {
            // The player may still send it.
            let index = s.waste.len() as u16 - 1;
            k.apply(&mut s, &mv(WASTE.0, index, FIRST_FOUNDATION + 1))
                .expect("the player sends the Ace up");
            assert_eq!(s.foundations[1], 1);
        }
    }
}

// KL-AUTO: on small knotted end games (low cards under high ones, so many are lost), the
// solver wins exactly the games with the automatic moves that it wins without them, whatever
// the draw, the passes and KL-RETURN. Its complete walk is checked against a plain search of
// the ruleset's actions, with and without KL-AUTO, in solver.rs; a card sent up that
// some card still needed would make the first answer "lost" where the second is "won".
#[test]
fn automatic_moves_win_exactly_the_end_games_won_without_them() {
    let (mut compared, mut won, mut lost) = (0, 0, 0);
    for (draw, back, passes) in [
        (1, true, None),
        (3, true, None),
        (1, false, None),
        (3, false, None),
        (3, true, Some(2)),
        (1, true, Some(1)),
    ] {
        let manual = dealt_face_up(draw, false, back, passes);
        let auto = dealt_face_up(draw, true, back, passes);
        for seed in 0..60 {
            let s = knotted_end_game(seed, 3, 3, 2, &manual);
            let decided = |a: Analysis| match a {
                Analysis::Won { .. } => Some(true),
                Analysis::Unwinnable { .. } => Some(false),
                _ => None,
            };
            let Some(without) = decided(solve(&manual, &s, 300_000)) else {
                continue;
            };
            let mut settled = s.clone();
            auto.rules()
                .auto_moves(&mut settled, &mut Vec::new(), &mut Vec::new());
            let Some(with) = decided(solve(&auto, &settled, 300_000)) else {
                continue;
            };
            assert_eq!(
                with, without,
                "draw {draw} KL-RETURN {back} passes {passes:?} seed {seed}: won with \
                 KL-AUTO {with}, without {without}"
            );
            compared += 1;
            if with {
                won += 1;
            } else {
                lost += 1;
            }
        }
    }
    eprintln!("{compared} end games compared: {won} won, {lost} lost");
    assert!(compared >= 200, "{compared} end games compared");
    assert!(
        won >= 20 && lost >= 20,
        "{won} won and {lost} lost compared"
    );
}

// KL-AUTO: Thoughtful deals 28 and 4118 are won by standard rules (a card goes up when the
// player sends it); the automatic moves of an earlier felt sent up cards they needed, and the
// solver then proved both lost. As shipped they are won.
#[test]
fn thoughtful_deals_28_and_4118_are_won_as_shipped() {
    let thoughtful = common::variant("thoughtful");
    for deal in [28, 4118] {
        let state = thoughtful.new_game(deal);
        let answer =
            common::solve_shipped(&thoughtful, &state, felt_core::Budget::states(1_000_000));
        assert!(
            matches!(answer, Analysis::Won { .. }),
            "deal {deal}: {answer:?}"
        );
    }
}

// KL-AUTO: no deal the solver proves lost with the automatic moves is won without them, over
// Thoughtful deals and draw-one deals solved with every card in view.
#[test]
fn no_deal_proven_lost_with_automatic_moves_is_won_without_them() {
    let n = deals();
    let mut proven = 0;
    for (id, count) in [("thoughtful", n), ("klondike", n / 3)] {
        let shipped = common::variant(id);
        let k = |auto: bool| {
            let base = match id {
                "thoughtful" => Params {
                    draw: 3,
                    face_up: true,
                    ..Params::default()
                },
                _ => Params::default(),
            };
            Klondike::with_params(Params { auto, ..base }, None)
        };
        let (with, without) = (k(true), k(false));
        for deal in 1..=count {
            let state = with.new_game(deal);
            // Built by hand, the variant deals what the shipped one deals.
            assert_eq!(
                shipped
                    .view(&shipped.new_game(deal), felt_core::Seat::SOLO)
                    .piles,
                with.view(&state, felt_core::Seat::SOLO).piles,
                "{id} deal {deal}"
            );
            if let Analysis::Unwinnable { .. } = solve(&with, &state, 50_000) {
                proven += 1;
                let answer = solve(&without, &without.new_game(deal), 1_000_000);
                assert!(
                    !matches!(answer, Analysis::Won { .. }),
                    "{id} deal {deal}: proven lost with KL-AUTO, won without it"
                );
            }
        }
    }
    assert!(proven >= n / 30, "only {proven} deals proven lost");
}
