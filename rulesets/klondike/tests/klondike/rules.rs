//! Rule tests: each names the rule it pins (docs/rules/klondike.md).

use crate::common;

use crate::common::{cards, deal, manual, mv, position, variant};
use felt_core::{Action, Ruleset, Status};
use felt_klondike::{Klondike, Params, State};

// Pile ids: columns 0..7, the stock 7, the waste 8, foundations 9..13 (♠ ♥ ♦ ♣).
const STOCK: u8 = 7;
const WASTE: u8 = 8;
const SPADES: u8 = 9;
const HEARTS: u8 = 10;

fn refusal(k: &Klondike, state: &State, action: Action) -> (String, String) {
    let e = k.check(state, &action).expect_err("refused");
    (e.rule, e.message)
}

fn tokens(cards: &[felt_core::Card]) -> String {
    cards
        .iter()
        .map(|c| c.token())
        .collect::<Vec<_>>()
        .join(" ")
}

/// The 52 cards of a won game but for those named, on the foundations by count.
fn rest_up(named: &str) -> [u8; 4] {
    // Callers name the highest cards of each suit, so the foundations hold the rest.
    let mut f = [13u8; 4];
    for c in cards(named) {
        let s = c.suit() as usize;
        f[s] = f[s].min(c.rank().number() - 1);
    }
    f
}

// KL-DEAL: golden deals: the same seed deals the same game forever.
#[test]
fn golden_deals_stay_the_same() {
    let k = manual();
    let s = k.deal(1);
    let columns: Vec<String> = s.columns.iter().map(|c| tokens(&c.cards)).collect();
    assert_eq!(
        columns,
        [
            "3D",
            "TH 7S",
            "JC KC 6S",
            "6C 2C JS 8H",
            "TD QH 3C 9C 7H",
            "4D 7C KS JD 8S 6H",
            "AD 9S 5S 9H TS 5D TC",
        ]
    );
    assert_eq!(
        tokens(&s.stock),
        "8C KH 4C 5C 2D KD 5H 7D 9D 6D 2H AC QC 3H 4S QD JH AS 8D 3S QS 4H AH 2S"
    );
    let s = k.deal(2);
    assert_eq!(tokens(&s.columns[6].cards), "AD 2D QH KS JC KC 8C");
    assert_eq!(s.stock.last().map(|c| c.token()), Some("JS".into()));
}

// KL-DEAL: column n holds n cards, only the last face up; 24 cards in the stock.
#[test]
fn the_deal_lays_one_to_seven_cards_the_last_face_up() {
    let k = manual();
    for seed in 1..20 {
        let s = k.deal(seed);
        for (i, c) in s.columns.iter().enumerate() {
            assert_eq!(c.cards.len(), i + 1);
            assert_eq!(c.down, i);
        }
        assert_eq!(s.stock.len(), 24);
        assert!(common::whole(&s));
    }
}

// KL-DEAL: Thoughtful shows every card, the stock's order too; Klondike shows none of them.
#[test]
fn thoughtful_shows_every_card_and_klondike_hides_them() {
    use felt_core::{CardFace, Seat};
    let closed = variant("klondike");
    let open = variant("thoughtful");
    let a = closed.view(&closed.new_game(5), Seat::SOLO);
    let b = open.view(&open.new_game(5), Seat::SOLO);
    let downs = |v: &felt_core::TableView| {
        v.piles
            .iter()
            .flat_map(|p| &p.cards)
            .filter(|c| **c == CardFace::Down)
            .count()
    };
    assert_eq!(downs(&a), 21 + 24);
    assert_eq!(downs(&b), 0);
}

// KL-STOCK: one card, or three, from the stock's top onto the waste.
#[test]
fn dealing_turns_one_or_three_cards() {
    let k = manual();
    let mut s = k.deal(1);
    k.apply(&mut s, &deal()).expect("deal");
    assert_eq!(tokens(&s.waste), "2S");
    let three = Klondike::with_params(
        Params {
            draw: 3,
            auto: false,
            ..Params::default()
        },
        None,
    );
    let mut s = three.deal(1);
    three.apply(&mut s, &deal()).expect("deal");
    assert_eq!(tokens(&s.waste), "2S AH 4H");
    assert_eq!(s.stock.len(), 21);
    let (rule, _) = refusal(&k, &s, mv(STOCK, 0, 0));
    assert_eq!(rule, "KL-STOCK");
}

// KL-RECYCLE: an empty stock takes the waste back in its first order; a one-pass game refuses.
#[test]
fn the_waste_turns_back_into_the_stock_as_often_as_passes_allow() {
    let k = manual();
    let mut s = k.deal(1);
    let first = s.stock.clone();
    for _ in 0..24 {
        k.apply(&mut s, &deal()).expect("deal");
    }
    assert!(s.stock.is_empty());
    k.apply(&mut s, &deal()).expect("recycle");
    assert_eq!(s.stock, first);
    assert_eq!(s.recycles, 1);

    let once = Klondike::with_params(
        Params {
            draw: 3,
            passes: Some(1),
            auto: false,
            ..Params::default()
        },
        None,
    );
    let mut s = once.deal(1);
    for _ in 0..8 {
        once.apply(&mut s, &deal()).expect("deal");
    }
    let (rule, message) = refusal(&once, &s, deal());
    assert_eq!(rule, "KL-RECYCLE");
    assert!(message.contains("one pass"), "{message}");
    assert_eq!(once.status(&s), Status::Playing, "moves may still be left");
}

// KL-WASTE: only the waste's top card is played.
#[test]
fn only_the_top_of_the_waste_plays() {
    let k = manual();
    let s = position(&["| KS"], "", "QH 5C 2D", [0; 4]);
    let (rule, message) = refusal(&k, &s, mv(WASTE, 0, 0));
    assert_eq!(rule, "KL-WASTE");
    assert!(message.contains("2♦"), "{message}");
    let s = position(&["| KS"], "", "5C QH", [0; 4]);
    k.check(&s, &mv(WASTE, 1, 0)).expect("QH on KS");
}

// KL-FOUNDATION: up by suit from the Ace, one card at a time.
#[test]
fn foundations_build_up_by_suit_one_card_at_a_time() {
    let k = manual();
    let s = position(&["| 2H", "| AS", "| 3S 2H"], "", "", [0; 4]);
    let (rule, message) = refusal(&k, &s, mv(0, 0, HEARTS));
    assert_eq!(rule, "KL-FOUNDATION");
    assert!(message.contains("Ace of hearts"), "{message}");
    // A card sent to any foundation goes to its own suit's.
    let mut t = s.clone();
    k.apply(&mut t, &mv(1, 0, HEARTS)).expect("AS up");
    assert_eq!(t.foundations, [1, 0, 0, 0]);
    let (rule, _) = refusal(&k, &s, mv(2, 0, SPADES));
    assert_eq!(rule, "KL-FOUNDATION", "a group never goes up");
}

// KL-BUILD: down by one, alternating colours.
#[test]
fn columns_build_down_in_alternating_colours() {
    let k = manual();
    let s = position(&["| 9S", "| 8C", "| 8H", "| 7D"], "", "", [0; 4]);
    let (rule, message) = refusal(&k, &s, mv(1, 0, 0));
    assert_eq!(rule, "KL-BUILD");
    assert_eq!(message, "8♣ goes only on a red Nine, not on 9♠");
    let (rule, _) = refusal(&k, &s, mv(3, 0, 0));
    assert_eq!(rule, "KL-BUILD", "two ranks lower");
    k.check(&s, &mv(2, 0, 0)).expect("8H on 9S");
}

// KL-GROUP: any turned-up card leads a group; an unturned card never moves.
#[test]
fn any_turned_up_card_moves_with_the_cards_on_it() {
    let k = manual();
    let s = position(&["4C 9D | 8S 7H 6C", "| 9H", "| 8D"], "", "", [0; 4]);
    let (rule, _) = refusal(&k, &s, mv(0, 1, 1));
    assert_eq!(rule, "KL-GROUP");
    let mut t = s.clone();
    k.apply(&mut t, &mv(0, 2, 1)).expect("8S 7H 6C onto 9H");
    assert_eq!(tokens(&t.columns[1].cards), "9H 8S 7H 6C");
    let (rule, _) = refusal(&k, &s, mv(0, 3, 2));
    assert_eq!(
        rule, "KL-BUILD",
        "a group's first card must fit: 7H on 8D does not"
    );
}

// KL-EMPTY: only a King, or a group led by one, into an empty column.
#[test]
fn an_empty_column_takes_only_a_king() {
    let k = manual();
    let s = position(&["", "| QD", "3S | KC QH"], "", "", [0; 4]);
    let (rule, message) = refusal(&k, &s, mv(1, 0, 0));
    assert_eq!(rule, "KL-EMPTY");
    assert!(message.contains("Q♦"), "{message}");
    let mut t = s.clone();
    k.apply(&mut t, &mv(2, 1, 0))
        .expect("KC QH to the empty column");
    assert_eq!(t.columns[2].down, 0, "KL-FLIP turned the 3S");
}

// KL-RETURN: a foundation's top card may come back, and stays down for a move even with auto.
#[test]
fn a_card_comes_back_from_a_foundation_unless_the_variant_forbids_it() {
    let auto = Klondike::with_params(Params::default(), None);
    let mut s = position(&["| 3D"], "", "", [2, 0, 0, 0]);
    let (rule, _) = refusal(&auto, &s, mv(SPADES, 0, 0));
    assert_eq!(rule, "KL-RETURN", "only the top card");
    auto.apply(&mut s, &mv(SPADES, 1, 0)).expect("2S onto 3D");
    assert_eq!(tokens(&s.columns[0].cards), "3D 2S");
    assert_eq!(s.foundations[0], 1, "it stays down after coming back");
    let (rule, _) = refusal(&auto, &s, mv(SPADES, 0, WASTE));
    assert_eq!(rule, "KL-RETURN", "back to a column only");

    let kept = Klondike::with_params(
        Params {
            foundation_return: false,
            ..Params::default()
        },
        None,
    );
    let s = position(&["| 3D"], "", "", [2, 0, 0, 0]);
    let (rule, _) = refusal(&kept, &s, mv(SPADES, 1, 0));
    assert_eq!(rule, "KL-RETURN");
}

// KL-FLIP: the uncovered card turns up in the same step.
#[test]
fn an_uncovered_card_turns_up() {
    let k = manual();
    let mut s = position(&["4C 9D | 8S", "| 9H"], "", "", [0; 4]);
    let events = k.apply(&mut s, &mv(0, 2, 1)).expect("8S onto 9H");
    assert_eq!(s.columns[0].down, 1);
    assert!(events
        .iter()
        .any(|e| matches!(e, felt_core::Event::Flipped { .. })));
}

// KL-AUTO: a card whose lower other-colour cards are up goes by itself; others wait.
#[test]
fn safe_cards_go_up_by_themselves() {
    let k = Klondike::with_params(Params::default(), None);
    // 3H: both black Twos are up, so it goes. 3S: the red Twos are not, so it waits.
    let mut s = position(&["| 5C 4H", "| 3S", "| 3H", "| KD"], "", "", [2, 2, 1, 2]);
    k.apply(&mut s, &mv(0, 1, 1))
        .expect_err("4H on 3S is no build");
    k.apply(&mut s, &mv(3, 0, 4))
        .expect("KD to an empty column");
    assert_eq!(s.foundations, [2, 3, 1, 2], "3H went up, 3S stayed");
    assert_eq!(tokens(&s.columns[1].cards), "3S");
    assert!(s.news.iter().any(|n| n.contains("3♥")), "{:?}", s.news);
}

// KL-SCORE: the standard table prices each event; the floor holds the score at 0.
#[test]
fn the_standard_table_prices_each_event() {
    let catalog = common::catalog();
    let table = catalog
        .scoring("klondike-standard")
        .expect("shipped")
        .clone();
    let k = Klondike::with_params(
        Params {
            auto: false,
            ..Params::default()
        },
        Some(table),
    );
    let mut s = position(&["4C | AS", "| 9H"], "", "8S", [0; 4]);
    k.apply(&mut s, &mv(WASTE, 0, 1)).expect("8S onto 9H");
    assert_eq!(s.score, 5, "waste to tableau");
    k.apply(&mut s, &mv(0, 1, SPADES)).expect("AS up");
    assert_eq!(s.score, 5 + 10 + 5, "to a foundation, and 4C turned");
    k.apply(&mut s, &mv(SPADES, 0, 0))
        .expect_err("AS does not go on 4C");
    let mut t = position(&["| 3D"], "", "", [2, 0, 0, 0]);
    t.score = 10;
    k.apply(&mut t, &mv(SPADES, 1, 0)).expect("2S back");
    assert_eq!(t.score, 0, "-15, held at the floor");
}

// KL-WIN: all 52 up wins, and nothing more is allowed.
#[test]
fn all_cards_up_wins() {
    let k = manual();
    let mut s = position(&["| KS"], "", "", rest_up("KS"));
    assert_eq!(k.status(&s), Status::Playing);
    k.apply(&mut s, &mv(0, 0, SPADES)).expect("the last card");
    assert_eq!(
        k.status(&s),
        Status::Won {
            winner: String::new()
        }
    );
    let (rule, _) = refusal(&k, &s, deal());
    assert_eq!(rule, "KL-WIN");
}

// KL-MOVE: no such pile, nothing onto the stock or waste, no such action.
#[test]
fn other_actions_are_refused_with_kl_move() {
    let k = manual();
    let s = position(&["| KS", "| QH"], "", "", rest_up("KS QH"));
    for action in [
        mv(1, 0, STOCK),
        mv(1, 0, WASTE),
        mv(1, 0, 40),
        mv(4, 0, 0),
        Action::Choose { option: 1 },
    ] {
        let (rule, _) = refusal(&k, &s, action.clone());
        assert_eq!(rule, "KL-MOVE", "{action:?}");
    }
}
