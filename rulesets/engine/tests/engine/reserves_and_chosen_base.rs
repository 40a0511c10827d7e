//! The vocabulary Duchess needed, each a key any game may use: a reserve of several piles
//! (`reserve.piles`) lying open, every card in view and each pile's top card in play
//! (`reserve.shape = "open"`); a base the player chooses with the first card up
//! (`foundations.base = "chosen"`); and spaces the player fills from the reserve, then the
//! waste (`empty = "reserve"`). Each test names the PA- rule it checks.

use crate::support::*;
use felt_core::{Action, CardFace, DrawHint, PileRole, Rank, Ruleset};
use felt_engine::play::deal;
use felt_engine::vocabulary::{Base, Empty, ReserveShape};
use felt_engine::{Engine, Pile, State};

/// A Duchess table laid out by hand: each fan from its bottom card to its top, the columns'
/// cards, and the foundations' base chosen as `base` (none: still to choose).
fn duchess_table(
    duchess: &Engine,
    fans: [&str; 4],
    columns: [&str; 4],
    base: Option<&str>,
) -> State {
    let mut state = blank(duchess);
    for (pile, fan) in state.reserve.iter_mut().zip(fans) {
        *pile = cards(fan);
    }
    for (i, column) in columns.iter().enumerate() {
        lay(&mut state, i, column, 0);
    }
    if let Some(token) = base {
        let up = card(token);
        state.base = up.rank();
        state.foundations[0] = vec![up];
    }
    state
}

#[test]
fn the_new_words_read_and_a_wrong_one_lists_them_pa_deal() {
    let duchess = game(DUCHESS);
    assert_eq!(
        (
            duchess.reserve_piles,
            duchess.reserve,
            duchess.reserve_shape
        ),
        (4, 3, ReserveShape::Open)
    );
    assert_eq!(duchess.foundations.base, Base::Chosen);
    assert_eq!(duchess.empty, Empty::Reserve);
    assert_eq!(duchess.dealt(), 4 + 12);

    let (key, message) =
        refused_table("tableau.columns = 4\nreserve = { cards = 3, shape = \"fans\" }\n");
    assert_eq!(key, "game.reserve.shape");
    assert!(
        message.contains("open") && message.contains("stack"),
        "{message}"
    );
    let (key, message) = refused_table("tableau.columns = 4\nreserve = { cards = 3, piles = 9 }\n");
    assert_eq!(key, "game.reserve.piles");
    assert!(message.contains("from 1 to 8"), "{message}");
    let (key, message) = refused_table("tableau.columns = 4\nreserve.piles = 4\nstock = {}\n");
    assert_eq!(key, "game.reserve.piles");
    assert!(message.contains("`cards`"), "{message}");
    let (key, message) =
        refused_table("tableau.columns = 4\nfoundations.base = \"choose\"\nstock = {}\n");
    assert_eq!(key, "game.foundations.base");
    assert!(message.contains("chosen"), "{message}");
    // Thirteen piles of four would deal more than a pack.
    let (key, _) = refused_table("tableau.columns = 4\nreserve = { cards = 13, piles = 8 }\n");
    assert_eq!(key, "game.tableau");
}

#[test]
fn a_chosen_base_is_refused_where_the_foundations_would_not_wait_for_it_pa_foundations() {
    for clash in [
        "foundations = { base = \"chosen\", start = \"one-card\" }",
        "foundations = { base = \"chosen\", back = true }",
        "foundations = { base = \"chosen\", as_dealt = true }",
        "foundations.base = \"chosen\"\nremove = \"suit\"",
    ] {
        let (key, message) =
            refused_table(&format!("tableau.columns = 4\n{clash}\nstock = {{}}\n"));
        assert_eq!(key, "game.foundations", "{clash}");
        assert!(message.contains("\"chosen\""), "{clash}: {message}");
    }
    let (key, message) = refused_game("tableau.columns = 4\nempty = \"reserve\"\nstock = {}\n");
    assert_eq!(key, "game.empty");
    assert!(
        message.contains("\"reserve\"") && message.contains("has none"),
        "{message}"
    );
}

#[test]
fn four_reserve_piles_are_dealt_pile_by_pile_each_with_an_id_pa_deal() {
    let duchess = engine(DUCHESS);
    for seed in 1..=20 {
        let state = duchess.new_game(seed);
        assert_eq!(state.reserve.len(), 4);
        assert!(state.reserve.iter().all(|pile| pile.len() == 3));
        assert!(state.foundations.iter().all(Vec::is_empty));
        assert_eq!(state.stock.len(), 52 - 4 - 12);
    }
    // The reserve piles sit between the cells and the stock: the stock and the waste are
    // three ids further on than in a game of one reserve pile.
    let ids: Vec<u8> = (0..4).map(|r| duchess.id(Pile::Reserve(r)).0).collect();
    assert_eq!(ids, [8, 9, 10, 11]);
    assert_eq!(duchess.id(Pile::Stock).0, 12);
    assert_eq!(duchess.id(Pile::Waste).0, 13);
    assert_eq!(engine(CANFIELD).id(Pile::Stock).0, 9);
}

#[test]
fn an_open_reserve_shows_every_card_in_a_row_of_its_own_and_plays_only_tops_pa_move() {
    let duchess = engine(DUCHESS);
    let state = duchess.new_game(7);
    let view = duchess.view(&state, felt_core::Seat(0));
    let fans: Vec<_> = view
        .piles
        .iter()
        .filter(|p| p.role == PileRole::Reserve)
        .collect();
    assert_eq!(fans.len(), 4);
    for (r, fan) in fans.iter().enumerate() {
        assert_eq!(fan.label, format!("r{}", r + 1));
        assert_eq!(fan.hint, DrawHint::FanRight);
        assert_eq!(fan.place.row, 1, "the fans have a row of their own");
        assert!(fan.cards.iter().all(|c| matches!(c, CardFace::Up(_))));
    }
    let columns: Vec<_> = view
        .piles
        .iter()
        .filter(|p| p.role == PileRole::Tableau)
        .collect();
    assert!(columns.iter().all(|p| p.place.row == 2));
    // Every card lies in view: nothing the player has not seen but the stock.
    assert_eq!(felt_engine::solver::hidden(duchess.play(), &state), 36);

    let state = duchess_table(
        &duchess,
        ["2S 3S 4S", "", "", ""],
        ["KH", "QC", "5D", "8C"],
        Some("AS"),
    );
    let why = refused(
        &duchess,
        &state,
        &mv(&duchess, Pile::Reserve(0), 1, Pile::Column(0)),
    );
    assert_eq!(why.rule, "PA-MOVE");
    assert!(
        why.message.contains("Only the top card of the reserve"),
        "{}",
        why.message
    );
    // The top card plays, from its own pile.
    let mut after = state.clone();
    play(
        &duchess,
        &mut after,
        &mv(&duchess, Pile::Reserve(0), 2, Pile::Column(2)),
    );
    assert_eq!(after.reserve[0], cards("2S 3S"));
    assert_eq!(after.columns[2].cards, cards("5D 4S"));
}

#[test]
fn the_first_card_up_from_the_reserve_chooses_every_foundations_base_pa_foundations() {
    let duchess = engine(DUCHESS);
    let state = duchess.new_game(3);
    let view = duchess.view(&state, felt_core::Seat(0));
    let base = view
        .status
        .iter()
        .find(|s| s.key == "base")
        .expect("a base item");
    assert_eq!(base.value, "to choose");

    // Before the choice nothing else goes: not the stock, not a column card, not a fan card
    // onto a column.
    let why = refused(&duchess, &state, &deal(duchess.play()));
    assert_eq!(why.rule, "PA-FOUNDATIONS");
    assert!(
        why.message.contains("First choose the base"),
        "{}",
        why.message
    );
    let why = refused(
        &duchess,
        &state,
        &mv(&duchess, Pile::Column(0), 0, Pile::Foundation(2)),
    );
    assert_eq!(why.rule, "PA-FOUNDATIONS");
    assert!(
        why.message.contains("chosen with a card from the reserve"),
        "{}",
        why.message
    );
    let mut legal = Vec::new();
    duchess.legal_actions(&state, &mut legal);
    assert!(!legal.is_empty());
    for action in &legal {
        let Action::Move { from, to, .. } = action else {
            panic!("{action} before the choice");
        };
        assert!(
            matches!(duchess.play().ids.pile(*from), Some(Pile::Reserve(_))),
            "{action}"
        );
        assert!(
            matches!(duchess.play().ids.pile(*to), Some(Pile::Foundation(_))),
            "{action}"
        );
    }

    // Any fan's top card, of any rank, to any foundation: its rank is the base of all four.
    let mut after = state.clone();
    let top = *state.reserve[2].last().expect("a card");
    play(
        &duchess,
        &mut after,
        &mv(&duchess, Pile::Reserve(2), 2, Pile::Foundation(3)),
    );
    assert_eq!(after.base, top.rank());
    assert_eq!(after.foundations[3], vec![top]);
    let view = duchess.view(&after, felt_core::Seat(0));
    let base = view
        .status
        .iter()
        .find(|s| s.key == "base")
        .expect("a base item");
    assert_ne!(base.value, "to choose");
    // Now the stock deals.
    duchess
        .check(&after, &deal(duchess.play()))
        .expect("the stock deals");
}

#[test]
fn once_chosen_an_empty_foundation_takes_only_the_base_rank_pa_foundations() {
    let duchess = engine(DUCHESS);
    let state = duchess_table(
        &duchess,
        ["7H", "6D", "KS", ""],
        ["8C", "QC", "9D", "2C"],
        Some("7S"),
    );
    let why = refused(
        &duchess,
        &state,
        &mv(&duchess, Pile::Reserve(1), 0, Pile::Foundation(1)),
    );
    assert_eq!(why.rule, "PA-FOUNDATIONS");
    assert!(why.message.contains("only a Seven"), "{}", why.message);
    let mut after = state.clone();
    play(
        &duchess,
        &mut after,
        &mv(&duchess, Pile::Reserve(0), 0, Pile::Foundation(1)),
    );
    assert_eq!(after.foundations[1], cards("7H"));
    assert_eq!(after.base, Rank::new(7).expect("Seven"));
}

#[test]
fn nothing_goes_up_by_itself_before_the_choice_and_safe_cards_do_after_pa_automatic() {
    // Where every card that can go up goes, a chosen base still waits for the player: any
    // card could go up as the first, and none does.
    let all = engine(&format!("{DUCHESS}automatic = \"all\"\n"));
    for seed in 1..=10 {
        let state = all.new_game(seed);
        assert!(state.foundations.iter().all(Vec::is_empty), "deal {seed}");
    }
    let duchess = engine(DUCHESS);
    assert!(
        duchess.play().safe_proven,
        "the safe rule holds for Duchess's settings"
    );
    // Aces chosen, both black Twos up: the Three of hearts, which no card left could be
    // built on, goes up by itself after the next move.
    let mut state = duchess_table(&duchess, ["3H", "", "", ""], ["9C", "QC", "9D", "6D"], None);
    state.base = Rank::ACE;
    state.foundations[0] = cards("AS 2S");
    state.foundations[1] = cards("AC 2C");
    state.foundations[2] = cards("AH 2H");
    state.waste = cards("5S");
    play(
        &duchess,
        &mut state,
        &mv(&duchess, Pile::Waste, 0, Pile::Column(3)),
    );
    assert!(state.reserve[0].is_empty(), "{:?}", state.reserve);
    assert_eq!(state.foundations[2], cards("AH 2H 3H"));
}

#[test]
fn a_space_takes_a_reserve_card_then_the_waste_once_the_reserve_is_out_pa_empty() {
    let duchess = engine(DUCHESS);
    let mut state = duchess_table(
        &duchess,
        ["", "3D", "", ""],
        ["", "QC", "9D", "8C"],
        Some("AS"),
    );
    state.waste = cards("5H");
    state.stock = cards("JH");
    // The waste waits while a fan holds a card; so does a column's card.
    let why = refused(
        &duchess,
        &state,
        &mv(&duchess, Pile::Waste, 0, Pile::Column(0)),
    );
    assert_eq!(why.rule, "PA-EMPTY");
    assert!(
        why.message.contains("takes a reserve card"),
        "{}",
        why.message
    );
    let why = refused(
        &duchess,
        &state,
        &mv(&duchess, Pile::Column(1), 0, Pile::Column(0)),
    );
    assert_eq!(why.rule, "PA-EMPTY");
    // Nothing fills it by itself: the player moves the fan's card.
    play(
        &duchess,
        &mut state,
        &mv(&duchess, Pile::Reserve(1), 0, Pile::Column(0)),
    );
    assert_eq!(state.columns[0].cards, cards("3D"));
    // The reserve out, the space takes the waste's card.
    state.columns[0].cards.clear();
    play(
        &duchess,
        &mut state,
        &mv(&duchess, Pile::Waste, 0, Pile::Column(0)),
    );
    assert_eq!(state.columns[0].cards, cards("5H"));
}

#[test]
fn several_reserve_piles_read_and_write_in_positions_and_old_saves_read_as_one_pile() {
    let duchess = engine(DUCHESS);
    let state = duchess.new_game(5);
    let text = duchess.export_position(&state).expect("a position");
    assert!(
        text.contains("Reserve 1:") && text.contains("Reserve 4:"),
        "{text}"
    );
    let back = duchess
        .import_position(&text)
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(back.reserve, state.reserve);
    let one = text.replace("Reserve 1:", "Reserve:");
    let why = duchess.import_position(&one).expect_err("refused");
    assert!(why.contains("'Reserve 1:' to 'Reserve 4:'"), "{why}");
    let why = duchess
        .import_position(&text.replace("Reserve 4:", "Reserve 5:"))
        .expect_err("refused");
    assert!(why.contains("not a reserve pile 1 to 4"), "{why}");

    // A table saved while the reserve was one list of cards: that one pile, or one empty one.
    let canfield = engine(CANFIELD);
    let state = canfield.new_game(2);
    let json = serde_json::to_string(&state).expect("JSON");
    assert!(json.contains("\"reserve\":[["), "{json}");
    let flat: Vec<String> = state.reserve[0]
        .iter()
        .map(|c| format!("\"{c}\""))
        .collect();
    let old = json.replacen(
        &serde_json::to_string(&state.reserve).expect("JSON"),
        &format!("[{}]", flat.join(",")),
        1,
    );
    let read: State = serde_json::from_str(&old).expect("an old save reads");
    assert_eq!(read, state);
    let empty = old.replacen(&format!("[{}]", flat.join(",")), "[]", 1);
    let read: State = serde_json::from_str(&empty).expect("an old save reads");
    assert_eq!(read.reserve, vec![Vec::new()]);
}

#[test]
fn without_a_reserve_the_choice_is_any_card_that_plays_pa_foundations() {
    let game = engine("tableau = { columns = 4, up = 13 }\nfoundations.base = \"chosen\"\n");
    let mut state = blank(&game);
    lay(&mut state, 0, "KH 5C", 0);
    lay(&mut state, 1, "9D", 0);
    let rest: Vec<_> = game
        .new_game(1)
        .all_cards()
        .into_iter()
        .filter(|c| !cards("KH 5C 9D").contains(c))
        .collect();
    state.columns[2].cards = rest;
    // A column's last card chooses: Fives are the base.
    play(
        &game,
        &mut state,
        &mv(&game, Pile::Column(0), 1, Pile::Foundation(2)),
    );
    assert_eq!(state.base, Rank::new(5).expect("Five"));
    let help = game.info().help.join(" ");
    assert!(
        help.contains("the first card the player sends up"),
        "{help}"
    );
    assert!(!help.contains("from the reserve"), "{help}");
}
