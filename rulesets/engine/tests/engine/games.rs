//! Moves and refusals game by game, each test naming the PA- rule it checks: a refusal says
//! the rule in a sentence made from the game's own settings, with the rule's id.

use crate::support::*;
use felt_core::{Event, Rank, Ruleset, Status};
use felt_engine::Pile;

#[test]
fn yukon_builds_down_in_alternate_colours_pa_build() {
    let yukon = engine(YUKON);
    let mut state = blank(&yukon);
    lay(&mut state, 0, "9S", 0);
    lay(&mut state, 1, "9H", 0);
    lay(&mut state, 2, "8D", 0);
    let why = refused(
        &yukon,
        &state,
        &mv(&yukon, Pile::Column(2), 0, Pile::Column(1)),
    );
    assert_eq!(why.rule, "PA-BUILD");
    assert_eq!(why.message, "8♦ goes only on a black Nine");
    play(
        &yukon,
        &mut state,
        &mv(&yukon, Pile::Column(2), 0, Pile::Column(0)),
    );
    assert_eq!(state.columns[0].cards, cards("9S 8D"));
}

#[test]
fn yukon_moves_any_face_up_card_with_all_on_it_and_turns_the_last_card_pa_move() {
    let yukon = engine(YUKON);
    let mut state = blank(&yukon);
    // 9♣ carries cards that are no run: Yukon moves them all the same.
    lay(&mut state, 1, "2C 9C 4H 3S", 1);
    lay(&mut state, 2, "TH", 0);
    let why = refused(
        &yukon,
        &state,
        &mv(&yukon, Pile::Column(1), 0, Pile::Column(2)),
    );
    assert_eq!(
        (why.rule.as_str(), why.message.as_str()),
        ("PA-MOVE", "A face-down card cannot move")
    );
    let events = play(
        &yukon,
        &mut state,
        &mv(&yukon, Pile::Column(1), 1, Pile::Column(2)),
    );
    assert_eq!(state.columns[2].cards, cards("TH 9C 4H 3S"));
    // PA-TURN: the face-down card left last turns up.
    assert_eq!(state.columns[1].down, 0);
    assert!(events.contains(&Event::Flipped {
        pile: yukon.id(Pile::Column(1))
    }));
}

#[test]
fn yukon_empties_take_only_kings_pa_empty() {
    let yukon = engine(YUKON);
    let mut state = blank(&yukon);
    lay(&mut state, 0, "9C 8H", 0);
    lay(&mut state, 1, "KD QS", 0);
    let why = refused(
        &yukon,
        &state,
        &mv(&yukon, Pile::Column(0), 0, Pile::Column(3)),
    );
    assert_eq!(why.rule, "PA-EMPTY");
    assert_eq!(why.message, "Only a King goes to an empty column, not 9♣");
    play(
        &yukon,
        &mut state,
        &mv(&yukon, Pile::Column(1), 0, Pile::Column(3)),
    );
    assert_eq!(state.columns[3].cards, cards("KD QS"));
}

#[test]
fn yukon_sends_aces_up_by_itself_and_foundations_build_by_suit_pa_foundations() {
    let yukon = engine(YUKON);
    let mut state = blank(&yukon);
    lay(&mut state, 0, "5C AH", 0);
    lay(&mut state, 1, "3H", 0);
    lay(&mut state, 2, "6D", 0);
    // PA-AUTOMATIC: moving 3♥ leaves nothing to do, but the safe rule sends A♥ up first chance.
    let why = refused(
        &yukon,
        &state,
        &mv(&yukon, Pile::Column(1), 0, Pile::Foundation(0)),
    );
    assert_eq!(why.rule, "PA-FOUNDATIONS");
    assert_eq!(why.message, "An empty foundation takes only an Ace, not 3♥");
    play(
        &yukon,
        &mut state,
        &mv(&yukon, Pile::Column(0), 1, Pile::Foundation(0)),
    );
    assert_eq!(state.foundations[0], cards("AH"));
    let why = refused(
        &yukon,
        &state,
        &mv(&yukon, Pile::Column(1), 0, Pile::Foundation(0)),
    );
    assert_eq!(why.message, "3♥ goes up only on a Two of hearts, not on A♥");
    // The dealt game has sent every Ace lying last in a column up already.
    for seed in 1..=50 {
        let dealt = yukon.new_game(seed);
        assert!(dealt
            .columns
            .iter()
            .all(|c| c.cards.last().is_none_or(|c| c.rank() != Rank::ACE)));
    }
}

#[test]
fn canfield_deals_a_base_and_fills_empty_columns_from_the_reserve_pa_empty() {
    let canfield = engine(CANFIELD);
    let state = canfield.new_game(3);
    assert_eq!(state.foundations[0].len(), 1);
    assert_eq!(state.base, state.foundations[0][0].rank());
    assert_eq!(state.reserve.len(), 1);
    assert_eq!(state.reserve[0].len(), 13);
    // Where spaces fill by themselves the safe rule holds only for cards whose going up
    // fills nothing: the player is told which.
    assert!(canfield
        .info()
        .help
        .iter()
        .any(|p| p.contains("never the last card of a column")));

    let mut state = blank(&canfield);
    state.base = Rank::new(7).expect("a rank");
    state.foundations[0] = cards("7S");
    lay(&mut state, 0, "7H", 0);
    lay(&mut state, 1, "9C", 0);
    lay(&mut state, 2, "8D", 0);
    lay(&mut state, 3, "6S", 0);
    state.reserve = vec![cards("2C QD")];
    let why = refused(
        &canfield,
        &state,
        &mv(&canfield, Pile::Column(1), 0, Pile::Foundation(1)),
    );
    assert_eq!(why.rule, "PA-FOUNDATIONS");
    assert_eq!(
        why.message,
        "An empty foundation takes only a Seven, not 9♣"
    );
    let why = refused(
        &canfield,
        &state,
        &mv(&canfield, Pile::Reserve(0), 0, Pile::Column(3)),
    );
    assert_eq!(why.rule, "PA-MOVE");
    assert_eq!(why.message, "Only the top card of the reserve plays");
    play(
        &canfield,
        &mut state,
        &mv(&canfield, Pile::Column(0), 0, Pile::Foundation(1)),
    );
    // The emptied column took the reserve's top card at once.
    assert_eq!(state.columns[0].cards, cards("QD"));
    assert_eq!(state.reserve, vec![cards("2C")]);
}

#[test]
fn canfield_sends_up_by_itself_only_a_safe_card_whose_going_fills_nothing_pa_automatic() {
    // PA-AUTOMATIC where spaces fill from the reserve: with every Seven up, no card could
    // still want an Eight, but a card goes up by itself only from under another card of its
    // column: the last card of a column would empty it (and the reserve would fill it), and
    // the reserve's top is what the next fill takes.
    let canfield = engine(CANFIELD);
    for on_reserve in [false, true] {
        let mut state = blank(&canfield);
        state.base = Rank::new(7).expect("a rank");
        state.foundations[0] = cards("7S");
        state.foundations[1] = cards("7H");
        state.foundations[2] = cards("7D");
        state.foundations[3] = cards("7C");
        lay(&mut state, 0, "KD 8S", 0);
        lay(&mut state, 1, if on_reserve { "TD" } else { "8C" }, 0);
        lay(&mut state, 2, "6S", 0);
        lay(&mut state, 3, "QH 5H", 0);
        state.reserve = vec![cards(if on_reserve { "2C 8C" } else { "2C JS" })];
        play(
            &canfield,
            &mut state,
            &mv(&canfield, Pile::Column(3), 1, Pile::Column(2)),
        );
        assert_eq!(
            state.foundations[0],
            cards("7S 8S"),
            "under another card: up"
        );
        assert_eq!(state.columns[0].cards, cards("KD"));
        if on_reserve {
            assert_eq!(
                state.reserve,
                vec![cards("2C 8C")],
                "the reserve's top stays"
            );
        } else {
            assert_eq!(
                state.columns[1].cards,
                cards("8C"),
                "a column's last card stays"
            );
        }
        // The player may still send it up.
        let from = if on_reserve {
            Pile::Reserve(0)
        } else {
            Pile::Column(1)
        };
        let index = if on_reserve { 1 } else { 0 };
        play(
            &canfield,
            &mut state,
            &mv(&canfield, from, index, Pile::Foundation(3)),
        );
        assert_eq!(state.foundations[3], cards("7C 8C"));
    }
}

#[test]
fn canfield_moves_a_whole_pile_or_its_last_card_pa_move() {
    let canfield = engine(CANFIELD);
    let mut state = blank(&canfield);
    state.foundations[0] = cards("7S");
    state.base = Rank::new(7).expect("a rank");
    lay(&mut state, 0, "TS 9H 8C", 0);
    lay(&mut state, 1, "9D", 0);
    lay(&mut state, 2, "JD", 0);
    state.reserve = vec![cards("4C")];
    let why = refused(
        &canfield,
        &state,
        &mv(&canfield, Pile::Column(0), 1, Pile::Column(1)),
    );
    assert_eq!(why.rule, "PA-MOVE");
    assert_eq!(
        why.message,
        "Only a whole column, or its last card alone, moves"
    );
    play(
        &canfield,
        &mut state,
        &mv(&canfield, Pile::Column(0), 0, Pile::Column(2)),
    );
    assert_eq!(state.columns[2].cards, cards("JD TS 9H 8C"));
    assert_eq!(state.columns[0].cards, cards("4C"));
    // Built with wrap: an Ace goes on a Two, and a King on an Ace.
    lay(&mut state, 3, "AH", 0);
    state.waste = cards("KS");
    play(
        &canfield,
        &mut state,
        &mv(&canfield, Pile::Waste, 0, Pile::Column(3)),
    );
    assert_eq!(state.columns[3].cards, cards("AH KS"));
}

#[test]
fn canfield_turns_three_and_redeals_without_end_pa_stock() {
    let canfield = engine(CANFIELD);
    let mut state = canfield.new_game(5);
    let deal = felt_engine::engine::deal_action(&canfield);
    let stock = state.stock.len();
    assert_eq!(stock, 52 - 4 - 13 - 1);
    play(&canfield, &mut state, &deal);
    assert_eq!((state.stock.len(), state.waste.len()), (stock - 3, 3));
    while !state.stock.is_empty() {
        play(&canfield, &mut state, &deal);
    }
    let waste = state.waste.clone();
    play(&canfield, &mut state, &deal);
    assert!(state.waste.is_empty());
    assert_eq!(state.stock.iter().rev().copied().collect::<Vec<_>>(), waste);
}

#[test]
fn a_stock_with_no_redeal_left_refuses_pa_stock() {
    let thieves = engine(FORTY_THIEVES);
    let mut state = thieves.new_game(2);
    let deal = felt_engine::engine::deal_action(&thieves);
    while !state.stock.is_empty() {
        play(&thieves, &mut state, &deal);
    }
    let why = refused(&thieves, &state, &deal);
    assert_eq!(why.rule, "PA-STOCK");
    assert_eq!(why.message, "The stock is out and no redeal is left");
}

#[test]
fn bakers_dozen_moves_one_card_regardless_of_suit_pa_move_pa_build() {
    let bakers = engine(BAKERS_DOZEN);
    let mut state = blank(&bakers);
    lay(&mut state, 0, "9H 8S", 0);
    lay(&mut state, 1, "9C", 0);
    lay(&mut state, 2, "8H", 0);
    let why = refused(
        &bakers,
        &state,
        &mv(&bakers, Pile::Column(0), 0, Pile::Column(3)),
    );
    assert_eq!(
        (why.rule.as_str(), why.message.as_str()),
        ("PA-MOVE", "Cards move one at a time")
    );
    let why = refused(
        &bakers,
        &state,
        &mv(&bakers, Pile::Column(2), 0, Pile::Column(0)),
    );
    assert_eq!(why.rule, "PA-BUILD");
    assert_eq!(why.message, "8♥ goes only on a Nine");
    play(
        &bakers,
        &mut state,
        &mv(&bakers, Pile::Column(2), 0, Pile::Column(1)),
    );
    assert_eq!(state.columns[1].cards, cards("9C 8H"));
}

#[test]
fn bakers_dozen_empty_columns_stay_empty_pa_empty() {
    let bakers = engine(BAKERS_DOZEN);
    let mut state = blank(&bakers);
    lay(&mut state, 0, "KH", 0);
    let why = refused(
        &bakers,
        &state,
        &mv(&bakers, Pile::Column(0), 0, Pile::Column(1)),
    );
    assert_eq!(why.rule, "PA-EMPTY");
    assert_eq!(why.message, "An empty column stays empty");
}

#[test]
fn freecell_moves_runs_as_far_as_cells_and_empty_columns_allow_pa_move() {
    let freecell = engine(FREECELL);
    let mut state = blank(&freecell);
    lay(&mut state, 0, "KS QH JC TD 9S", 0);
    lay(&mut state, 1, "KC", 0);
    for i in 2..8 {
        lay(
            &mut state,
            i,
            ["2H", "3H", "4H", "5H", "6H", "7H"][i - 2],
            0,
        );
    }
    state.cells = vec![Some(card("2S")), Some(card("3S")), Some(card("4S")), None];
    let to_king = mv(&freecell, Pile::Column(0), 1, Pile::Column(1));
    let why = refused(&freecell, &state, &to_king);
    assert_eq!(why.rule, "PA-MOVE");
    assert_eq!(
        why.message,
        "4 cards cannot move together now: the free cells and empty columns let at most 2 through"
    );
    // One empty column doubles it: (1 + 1) × 2 = 4.
    state.columns[7].cards.clear();
    play(&freecell, &mut state, &to_king);
    assert_eq!(state.columns[1].cards, cards("KC QH JC TD 9S"));
    // A group that is no run does not move together.
    lay(&mut state, 2, "8H 7D", 0);
    lay(&mut state, 3, "9C", 0);
    let why = refused(
        &freecell,
        &state,
        &mv(&freecell, Pile::Column(2), 0, Pile::Column(3)),
    );
    assert_eq!(why.rule, "PA-MOVE");
    assert_eq!(
        why.message,
        "7♦ is not built on 8♥: cards move together only when built down in alternate colours"
    );
}

#[test]
fn freecell_cells_hold_one_card_each_pa_cells() {
    let freecell = engine(FREECELL);
    let mut state = blank(&freecell);
    lay(&mut state, 0, "KS QH", 0);
    state.cells = vec![Some(card("2S")), None, None, None];
    let why = refused(
        &freecell,
        &state,
        &mv(&freecell, Pile::Column(0), 1, Pile::Cell(0)),
    );
    assert_eq!(
        (why.rule.as_str(), why.message.as_str()),
        ("PA-CELLS", "That cell holds a card already")
    );
    let why = refused(
        &freecell,
        &state,
        &mv(&freecell, Pile::Column(0), 0, Pile::Cell(1)),
    );
    assert_eq!(
        (why.rule.as_str(), why.message.as_str()),
        ("PA-CELLS", "A cell holds one card")
    );
    play(
        &freecell,
        &mut state,
        &mv(&freecell, Pile::Column(0), 1, Pile::Cell(1)),
    );
    assert_eq!(state.cells[1], Some(card("QH")));
}

#[test]
fn golf_builds_the_hole_a_rank_either_way_pa_foundations() {
    let golf = engine(GOLF);
    let dealt = golf.new_game(9);
    assert_eq!((dealt.foundations[0].len(), dealt.stock.len()), (1, 16));
    let mut state = blank(&golf);
    state.foundations[0] = cards("7C");
    lay(&mut state, 0, "5D 8H", 0);
    lay(&mut state, 1, "TS", 0);
    lay(&mut state, 2, "9S", 0);
    state.stock = cards("JD");
    let why = refused(
        &golf,
        &state,
        &mv(&golf, Pile::Column(1), 0, Pile::Foundation(0)),
    );
    assert_eq!(why.rule, "PA-FOUNDATIONS");
    assert_eq!(why.message, "10♠ goes up only on a Jack or Nine, not on 7♣");
    let why = refused(
        &golf,
        &state,
        &mv(&golf, Pile::Column(2), 0, Pile::Column(0)),
    );
    assert_eq!(
        (why.rule.as_str(), why.message.as_str()),
        ("PA-BUILD", "Nothing is built on the columns")
    );
    play(
        &golf,
        &mut state,
        &mv(&golf, Pile::Column(0), 1, Pile::Foundation(0)),
    );
    play(
        &golf,
        &mut state,
        &mv(&golf, Pile::Column(2), 0, Pile::Foundation(0)),
    );
    assert_eq!(state.foundations[0], cards("7C 8H 9S"));
    // PA-STOCK: the stock deals into the hole whatever its rank.
    play(&golf, &mut state, &felt_engine::engine::deal_action(&golf));
    assert_eq!(state.foundations[0].last(), Some(&card("JD")));
    play(
        &golf,
        &mut state,
        &mv(&golf, Pile::Column(1), 0, Pile::Foundation(0)),
    );
    // 5♦ cannot go, and nothing else can: the game is over, lost.
    assert!(matches!(golf.status(&state), Status::Over { .. }));
}

#[test]
fn golf_is_won_with_every_card_in_the_hole_pa_win() {
    let golf = engine(GOLF);
    let mut state = blank(&golf);
    let mut all = felt_core::DeckSpec::new(1, felt_core::Suit::ALL.to_vec())
        .expect("a pack")
        .cards();
    let last = all.pop().expect("a card");
    state.foundations[0] = all;
    lay(&mut state, 0, &last.token(), 0);
    assert_eq!(golf.status(&state), Status::Playing);
    state.foundations[0].push(state.columns[0].cards.remove(0));
    assert!(matches!(golf.status(&state), Status::Won { .. }));
}

#[test]
fn scorpion_deals_its_stock_onto_the_columns_and_wins_by_sequences_pa_win() {
    let scorpion = engine(SCORPION);
    let mut state = scorpion.new_game(4);
    let deal = felt_engine::engine::deal_action(&scorpion);
    let before: Vec<usize> = state.columns.iter().map(|c| c.cards.len()).collect();
    play(&scorpion, &mut state, &deal);
    let after: Vec<usize> = state.columns.iter().map(|c| c.cards.len()).collect();
    assert_eq!(after[..3], [before[0] + 1, before[1] + 1, before[2] + 1]);
    assert_eq!(after[3..], before[3..]);
    let why = refused(&scorpion, &state, &deal);
    assert_eq!(
        (why.rule.as_str(), why.message.as_str()),
        ("PA-STOCK", "The stock is out")
    );

    let mut won = blank(&scorpion);
    for (i, suit) in ["S", "H", "D", "C"].iter().enumerate() {
        let run: Vec<String> = "KQJT98765432A"
            .chars()
            .map(|r| format!("{r}{suit}"))
            .collect();
        lay(&mut won, i, &run.join(" "), 0);
    }
    assert!(matches!(scorpion.status(&won), Status::Won { .. }));
}

#[test]
fn simple_simon_takes_full_suits_off_by_themselves_pa_remove() {
    let simon = engine(SIMPLE_SIMON);
    let mut state = blank(&simon);
    lay(&mut state, 0, "4H KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S", 0);
    lay(&mut state, 1, "AS", 0);
    let why = refused(
        &simon,
        &state,
        &mv(&simon, Pile::Column(1), 0, Pile::Foundation(0)),
    );
    assert_eq!(why.rule, "PA-REMOVE");
    let events = play(
        &simon,
        &mut state,
        &mv(&simon, Pile::Column(1), 0, Pile::Column(0)),
    );
    assert_eq!(state.columns[0].cards, cards("4H"));
    assert_eq!(state.foundations[0].len(), 13);
    assert!(events.contains(&Event::SetRemoved {
        pile: simon.id(Pile::Column(0))
    }));
    // Built regardless of suit, but moved together only in suit.
    lay(&mut state, 2, "9D 8C", 0);
    lay(&mut state, 3, "TH", 0);
    let why = refused(
        &simon,
        &state,
        &mv(&simon, Pile::Column(2), 0, Pile::Column(3)),
    );
    assert_eq!(why.rule, "PA-MOVE");
    assert_eq!(
        why.message,
        "8♣ is not built on 9♦: cards move together only when built down in suit"
    );
}
