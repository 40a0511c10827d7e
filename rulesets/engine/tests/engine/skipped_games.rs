//! The vocabulary the games issue 27 skipped first needed, each a key any game may use: spaces
//! filled from the waste (`empty = "auto-waste"`, Fortune's Favor), the columns gathered,
//! shuffled and dealt again (`stock.redeal = "gather"`, Trefoil), and the beak (`base =
//! "first-dealt"` with `start = "bases"`, spaces for the rank below the base: `empty =
//! "below-base"`, Penguin). Each test names the PA- rule it checks.

use crate::support::*;
use felt_core::{Action, Rank, Ruleset};
use felt_engine::play::deal;
use felt_engine::vocabulary::{Base, Empty, Redeal, Start};
use felt_engine::Pile;

#[test]
fn the_new_words_read_and_a_wrong_one_lists_them_all_pa_empty() {
    assert_eq!(game(FORTUNES_FAVOR).empty, Empty::AutoWaste);
    assert_eq!(game(PENGUIN).empty, Empty::BelowBase);
    let (key, message) = refused_table("tableau.columns = 4\nempty = \"waste\"\nstock = {}\n");
    assert_eq!(key, "game.empty");
    assert!(
        message.contains("auto-waste") && message.contains("below-base"),
        "{message}"
    );
}

#[test]
fn auto_waste_fills_a_space_at_once_from_the_waste_then_the_stock_pa_empty() {
    let ff = engine(FORTUNES_FAVOR);
    let mut state = blank(&ff);
    // Every other column holds a card, so only the spaces this test makes are filled.
    for (i, token) in ["3D", "4D", "5D", "6D", "7C", "8D", "9D", "TD", "JD", "QD"]
        .iter()
        .enumerate()
    {
        lay(&mut state, i + 2, token, 0);
    }
    state.foundations[0] = cards("AS");
    lay(&mut state, 0, "2S", 0);
    lay(&mut state, 1, "9H", 0);
    state.waste = cards("4C 7D");
    state.stock = cards("KH QH");
    play(
        &ff,
        &mut state,
        &mv(&ff, Pile::Column(0), 0, Pile::Foundation(0)),
    );
    // The waste's top card fills the space as part of the same move.
    assert_eq!(state.columns[0].cards, cards("7D"));
    assert_eq!(state.waste, cards("4C"));
    state.waste.clear();
    state.foundations[1] = cards("AH 2H 3H 4H 5H 6H 7H 8H");
    play(
        &ff,
        &mut state,
        &mv(&ff, Pile::Column(1), 0, Pile::Foundation(1)),
    );
    // The waste is empty: the stock's top card fills it.
    assert_eq!(state.columns[1].cards, cards("QH"));
    assert_eq!(state.stock, cards("KH"));
}

#[test]
fn auto_waste_refuses_a_card_into_a_space_while_anything_could_fill_it_pa_empty() {
    let ff = engine(FORTUNES_FAVOR);
    let mut state = blank(&ff);
    lay(&mut state, 1, "9H", 0);
    state.stock = cards("KH");
    let why = refused(&ff, &state, &mv(&ff, Pile::Column(1), 0, Pile::Column(0)));
    assert_eq!(why.rule, "PA-EMPTY");
    assert!(
        why.message.contains("filled from the waste"),
        "{}",
        why.message
    );
    // Both out: nothing fills it by itself, so the player may.
    state.stock.clear();
    play(
        &ff,
        &mut state,
        &mv(&ff, Pile::Column(1), 0, Pile::Column(0)),
    );
    assert_eq!(state.columns[0].cards, cards("9H"));
}

#[test]
fn auto_waste_needs_a_stock_dealt_to_a_waste_pa_empty() {
    let (key, message) =
        refused_game("tableau = { columns = 4, up = 13 }\nempty = \"auto-waste\"\n");
    assert_eq!(key, "game.empty");
    assert!(message.contains("auto-waste"), "{message}");
    let (key, _) = refused_game(
        "tableau = { columns = 4 }\nempty = \"auto-waste\"\nstock = { deal = \"columns\" }\n",
    );
    assert_eq!(key, "game.empty");
}

#[test]
fn the_beak_sets_the_base_and_its_fellows_go_up_as_they_are_dealt_pa_deal() {
    let penguin = game(PENGUIN);
    assert_eq!(
        (penguin.foundations.base, penguin.foundations.start),
        (Base::FirstDealt, Start::Bases)
    );
    assert_eq!(penguin.dealt(), 52);
    for seed in 1..=30 {
        let layout = penguin.deal(seed);
        let plain = penguin.deck().shuffled(seed);
        let beak = plain[0];
        // The beak is the first card dealt, at the bottom of the first column.
        assert_eq!(layout.columns[0].cards[0], beak, "seed {seed}");
        assert_eq!(layout.base, beak.rank(), "seed {seed}");
        let up: Vec<_> = layout.foundations.iter().flatten().copied().collect();
        assert_eq!(up.len(), 3, "seed {seed}");
        assert!(up.iter().all(|c| c.rank() == beak.rank() && *c != beak));
        // The other cards keep their order: each fellow's place went to the next card.
        let dealt: Vec<_> = plain.iter().filter(|c| !up.contains(c)).copied().collect();
        let mut rows = Vec::new();
        for row in 0..7 {
            for column in &layout.columns {
                rows.push(column.cards[row]);
            }
        }
        assert_eq!(rows, dealt, "seed {seed}");
        assert!(layout.stock.is_empty());
    }
}

#[test]
fn the_beak_needs_four_foundations_a_pack_pa_deal() {
    let (key, message) = refused_table(
        "tableau = { columns = 7, up = 7 }\ncells.count = 7\nfoundations = { base = \"first-dealt\", start = \"bases\", count = 2 }\nstock = {}\n",
    );
    assert_eq!(key, "game.foundations");
    assert!(message.contains("count = 4"), "{message}");
}

#[test]
fn below_base_spaces_take_only_the_rank_under_the_base_pa_empty() {
    let penguin = engine(PENGUIN);
    let mut state = blank(&penguin);
    state.base = Rank::new(10).expect("rank");
    lay(&mut state, 1, "9S 8S", 0);
    lay(&mut state, 2, "8H", 0);
    let why = refused(
        &penguin,
        &state,
        &mv(&penguin, Pile::Column(2), 0, Pile::Column(0)),
    );
    assert_eq!(why.rule, "PA-EMPTY");
    assert_eq!(why.message, "Only a Nine goes to an empty column, not 8♥");
    // A run from a Nine moves as one, whatever the free cells.
    play(
        &penguin,
        &mut state,
        &mv(&penguin, Pile::Column(1), 0, Pile::Column(0)),
    );
    assert_eq!(state.columns[0].cards, cards("9S 8S"));
    // With an Ace for base, a King is the rank below.
    state.base = Rank::ACE;
    lay(&mut state, 3, "KD", 0);
    play(
        &penguin,
        &mut state,
        &mv(&penguin, Pile::Column(3), 0, Pile::Column(1)),
    );
}

#[test]
fn penguin_builds_round_the_corner_pa_build_pa_foundations() {
    let penguin = engine(PENGUIN);
    let mut state = blank(&penguin);
    state.base = Rank::new(10).expect("rank");
    lay(&mut state, 0, "AS", 0);
    lay(&mut state, 1, "KS", 0);
    play(
        &penguin,
        &mut state,
        &mv(&penguin, Pile::Column(1), 0, Pile::Column(0)),
    );
    state.foundations[0] = cards("TS JS QS KS");
    lay(&mut state, 2, "AS", 0);
    state.columns[0].cards = cards("2S");
    play(
        &penguin,
        &mut state,
        &mv(&penguin, Pile::Column(2), 0, Pile::Foundation(0)),
    );
    // The Ace follows the King (the Two after it goes up by itself: PA-AUTOMATIC).
    assert_eq!(state.foundations[0][..5], cards("TS JS QS KS AS"));
}

#[test]
fn a_gather_picks_up_the_columns_shuffles_and_deals_them_again_pa_stock() {
    let trefoil = engine(TREFOIL);
    assert_eq!(
        trefoil.play().game.stock.map(|s| s.redeal),
        Some(Redeal::Gather)
    );
    let start = trefoil.new_game(9);
    let mut state = start.clone();
    state.foundations[0].extend(cards("2S"));
    for column in &mut state.columns {
        column.cards.retain(|&c| c != card("2S"));
    }
    let before: Vec<_> = {
        let mut all: Vec<_> = state.columns.iter().flat_map(|c| c.cards.clone()).collect();
        all.sort();
        all
    };
    let gathered = state.columns.clone();
    play(&trefoil, &mut state, &deal(trefoil.play()));
    let mut after: Vec<_> = state.columns.iter().flat_map(|c| c.cards.clone()).collect();
    after.sort();
    assert_eq!(after, before, "the same cards, dealt again");
    assert_ne!(state.columns, gathered, "shuffled");
    // Fans of three from the left, the last of them short: 47 cards.
    let lengths: Vec<usize> = state.columns.iter().map(|c| c.cards.len()).collect();
    assert_eq!(&lengths[..15], &[3; 15]);
    assert_eq!(lengths[15], 2);
    assert_eq!(state.foundations[0], cards("AS 2S"), "the foundations stay");
    assert_eq!(state.redeals, Some(1));
}

#[test]
fn a_gather_replays_the_same_from_the_same_seed_and_actions_pa_stock() {
    let trefoil = engine(TREFOIL);
    let gathered = |seed: u64| {
        let mut state = trefoil.new_game(seed);
        play(&trefoil, &mut state, &deal(trefoil.play()));
        state
    };
    assert_eq!(gathered(4), gathered(4));
    assert_ne!(gathered(4).columns, gathered(5).columns);
    // The second gather shuffles otherwise than the first: its seed counts the redeals left.
    let mut state = gathered(4);
    let first = state.columns.clone();
    play(&trefoil, &mut state, &deal(trefoil.play()));
    assert_ne!(state.columns, first);
}

#[test]
fn a_gather_deals_alike_whatever_the_columns_order_solver_rule_2() {
    let trefoil = engine(TREFOIL);
    let mut one = trefoil.new_game(3);
    let mut two = one.clone();
    two.columns.reverse();
    play(&trefoil, &mut one, &deal(trefoil.play()));
    play(&trefoil, &mut two, &deal(trefoil.play()));
    assert_eq!(one.columns, two.columns);
}

#[test]
fn gathers_are_counted_and_refused_once_spent_pa_stock() {
    let trefoil = engine(TREFOIL);
    let mut state = trefoil.new_game(2);
    let hidden = |s: &felt_engine::State| felt_engine::solver::hidden(trefoil.play(), s);
    // Each gather to come deals cards where the player has not seen them.
    assert_eq!(hidden(&state), 2);
    play(&trefoil, &mut state, &deal(trefoil.play()));
    play(&trefoil, &mut state, &deal(trefoil.play()));
    assert_eq!(hidden(&state), 0);
    let why = refused(&trefoil, &state, &deal(trefoil.play()));
    assert_eq!(
        (why.rule.as_str(), why.message.as_str()),
        ("PA-STOCK", "The stock is out and no redeal is left")
    );
    let mut legal: Vec<Action> = Vec::new();
    trefoil.legal_actions(&state, &mut legal);
    assert!(!legal.contains(&deal(trefoil.play())));
}

#[test]
fn a_gather_is_refused_where_it_would_be_another_game_pa_stock() {
    let (key, message) = refused_game(
        "tableau = { columns = 10, up = 3 }\nbuild.by = \"suit\"\nstock = { redeals = 2, redeal = \"gather\" }\n",
    );
    assert_eq!(key, "game.stock.redeal");
    assert!(message.contains("no stock"), "{message}");
    let (key, _) = refused_game(
        "tableau = { columns = 13, down = 1, up = 3 }\nstock = { redeals = 2, redeal = \"gather\" }\n",
    );
    assert_eq!(key, "game.stock.redeal");
    let (key, message) = refused_game(
        "tableau = { columns = 16, up = 3 }\nfoundations.start = \"bases\"\nstock = { redeals = \"unlimited\", redeal = \"gather\" }\n",
    );
    assert_eq!(key, "game.stock.redeals");
    assert!(message.contains("unlimited"), "{message}");
}

#[test]
fn a_gather_game_writes_its_seed_in_a_position_pa_deal() {
    let trefoil = engine(TREFOIL);
    let state = trefoil.new_game(77);
    let text = trefoil.export_position(&state).expect("a position");
    assert!(text.contains("Seed: 77"), "{text}");
    let back = trefoil.import_position(&text).expect("reads");
    assert_eq!(back.seed, 77);
    assert_eq!(back.columns, state.columns);
}

#[test]
fn the_help_says_the_new_words() {
    let text = |g: &str| engine(g).info().help.join(" ");
    assert!(text(FORTUNES_FAVOR).contains("filled at once from the waste"));
    assert!(text(TREFOIL).contains("gathered, shuffled and dealt again 2 times"));
    let penguin = text(PENGUIN);
    assert!(
        penguin.contains("one rank below the foundations' base"),
        "{penguin}"
    );
    assert!(
        penguin.contains("first card dealt to the columns"),
        "{penguin}"
    );
}

#[test]
fn penguin_sends_up_by_itself_round_the_corner_pa_automatic() {
    let penguin = engine(PENGUIN);
    assert!(penguin.play().safe_proven);
    let mut state = blank(&penguin);
    state.base = Rank::new(10).expect("rank");
    state.foundations[0] = cards("TS JS QS");
    state.foundations[1] = cards("TH");
    lay(&mut state, 0, "AS", 0);
    lay(&mut state, 1, "KS", 0);
    lay(&mut state, 2, "9H", 0);
    lay(&mut state, 3, "QH", 0);
    play(
        &penguin,
        &mut state,
        &mv(&penguin, Pile::Column(1), 0, Pile::Foundation(0)),
    );
    // The Ace waited only for the King, which could be built on it: now it goes up.
    assert_eq!(state.foundations[0], cards("TS JS QS KS AS"));
    // The Queen of hearts waits: the Jack of hearts could still be built on it.
    assert_eq!(state.columns[3].cards, cards("QH"));
}
