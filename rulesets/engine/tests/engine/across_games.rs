//! What holds across games rather than in one: settings not played yet refused by key, the
//! table laid out by pile roles, the safe rule where another card could still want a card,
//! cards that cannot move refused when picked up, and a game stored and read back.

use crate::support::*;
use felt_core::{Rank, Ruleset};
use felt_engine::{Engine, Pile};

#[test]
fn settings_not_played_yet_are_refused_by_key_not_played_as_another_game() {
    let gather = game("tableau = { columns = 17, up = 3 }\nstock = { redeal = \"gather\" }\nbuild.by = \"suit\"\n");
    let err = Engine::for_game(gather, None).err().expect("refused");
    assert_eq!(err.key.as_deref(), Some("game.stock.redeal"));
    assert!(err.message.contains("gather"), "{}", err.message);

    let mut up = game(SIMPLE_SIMON);
    up.build = felt_engine::vocabulary::Direction::Up;
    let err = Engine::for_game(up, None).err().expect("refused");
    assert_eq!(err.key.as_deref(), Some("game.remove"));
}

#[test]
fn the_view_lays_piles_out_by_role() {
    use felt_core::PileRole;
    let canfield = engine(CANFIELD);
    let state = canfield.new_game(1);
    let view = canfield.view(&state, felt_core::Seat(0));
    let roles = |role: PileRole| view.piles.iter().filter(|p| p.role == role).count();
    assert_eq!(roles(PileRole::Tableau), 4);
    assert_eq!(roles(PileRole::Foundation), 4);
    assert_eq!(
        (
            roles(PileRole::Stock),
            roles(PileRole::Waste),
            roles(PileRole::Reserve)
        ),
        (1, 1, 1)
    );
    // The columns sit below the top row, which holds every other pile left to right.
    let reserve = view.pile(canfield.id(Pile::Reserve(0))).expect("a reserve");
    assert_eq!(reserve.place.row, 0);
    assert_eq!(
        reserve.cards.iter().filter(|c| c.card().is_some()).count(),
        1
    );
    assert!(view
        .piles
        .iter()
        .all(|p| (p.role == PileRole::Tableau) == (p.place.row == 1)));
}

#[test]
fn the_safe_rule_keeps_a_card_another_could_still_want_and_all_sends_it_pa_automatic() {
    let run = |automatic: &str| {
        let yukon = engine(&format!("{YUKON}automatic = \"{automatic}\"\n"));
        let mut state = blank(&yukon);
        state.foundations[0] = cards("AH");
        lay(&mut state, 0, "9C 2H", 0);
        lay(&mut state, 1, "TD", 0);
        // Any move lets what goes up by itself go: 2♥ could still hold a black Ace.
        play(
            &yukon,
            &mut state,
            &mv(&yukon, Pile::Column(0), 0, Pile::Column(1)),
        );
        state.foundations[0].clone()
    };
    assert_eq!(run("safe"), cards("AH"));
    assert_eq!(run("all"), cards("AH 2H"));
    assert_eq!(run("none"), cards("AH"));
}

#[test]
fn what_cannot_move_is_refused_when_picked_up() {
    let bakers = engine(BAKERS_DOZEN);
    let mut state = blank(&bakers);
    lay(&mut state, 0, "9H 8S", 0);
    let why = bakers
        .may_lift(&state, bakers.id(Pile::Column(0)), 0)
        .expect_err("a group in a game of single cards");
    assert_eq!(why.rule, "PA-MOVE");
    assert!(bakers
        .may_lift(&state, bakers.id(Pile::Column(0)), 1)
        .is_ok());
    // Foreign positions are refused, never a panic.
    let mut short = state.clone();
    short.columns.pop();
    assert_eq!(
        bakers
            .may_lift(&short, bakers.id(Pile::Column(0)), 0)
            .expect_err("not this game")
            .rule,
        "PA-DEAL"
    );
}

#[test]
fn canfield_fills_from_the_waste_only_once_the_reserve_is_out_pa_empty() {
    let canfield = engine(CANFIELD);
    let mut state = blank(&canfield);
    state.foundations[0] = cards("7S");
    state.base = Rank::new(7).expect("a rank");
    lay(&mut state, 0, "9C", 0);
    lay(&mut state, 2, "JD", 0);
    lay(&mut state, 3, "4H", 0);
    state.waste = cards("2S");
    let why = refused(
        &canfield,
        &state,
        &mv(&canfield, Pile::Column(3), 0, Pile::Column(1)),
    );
    assert_eq!(why.rule, "PA-EMPTY");
    assert_eq!(
        why.message,
        "An empty column is filled from the reserve, and once the reserve is out only from the waste"
    );
    play(
        &canfield,
        &mut state,
        &mv(&canfield, Pile::Waste, 0, Pile::Column(1)),
    );
    assert_eq!(state.columns[1].cards, cards("2S"));
}

#[test]
fn a_game_travels_as_felt_stores_it() {
    use felt_core::{DynRuleset, Typed};
    let thieves = Typed(engine(FORTY_THIEVES));
    let mut state = thieves.new_game(11);
    let deal = thieves.legal_actions(&state)[0].clone();
    thieves.apply(&mut state, &deal).expect("the stock deals");
    let bytes = thieves.encode_state(&state);
    let back = thieves.decode_state(&bytes).expect("decodes");
    assert_eq!(thieves.encode_state(&back), bytes);
    assert_eq!(thieves.legal_actions(&back), thieves.legal_actions(&state));
}

#[test]
fn two_packs_send_a_card_up_only_once_both_copies_it_could_hold_are_up_pa_automatic() {
    let thieves = engine(FORTY_THIEVES);
    // Built down by suit: 2♥ could hold only an A♥, and two packs hold two of them.
    let after_a_move = |aces: usize| {
        let mut state = blank(&thieves);
        for f in 0..aces {
            state.foundations[f] = cards("AH");
        }
        lay(&mut state, 0, "2H", 0);
        lay(&mut state, 1, "TC", 0);
        lay(&mut state, 2, "9C", 0);
        play(
            &thieves,
            &mut state,
            &mv(&thieves, Pile::Column(2), 0, Pile::Column(1)),
        );
        state.columns[0].cards.clone()
    };
    assert_eq!(after_a_move(1), cards("2H"));
    assert_eq!(after_a_move(2), cards(""));
}
