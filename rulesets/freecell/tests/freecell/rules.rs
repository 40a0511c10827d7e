//! Rule tests: each names the rule it pins (docs/rules/freecell.md).

use crate::common::{cards, manual, position, variant};
use felt_core::{Action, PileId, Ruleset, Status};
use felt_freecell::{FreeCell, Params};

fn mv(from: u8, index: u16, to: u8) -> Action {
    Action::Move {
        from: PileId(from),
        index,
        to: PileId(to),
    }
}

// Pile ids of classic FreeCell: columns 0..8, cells 8..12, foundations 12..16 (♠ ♥ ♦ ♣).
const CELL0: u8 = 8;
const SPADES: u8 = 12;
const HEARTS: u8 = 13;

fn refusal(fc: &FreeCell, state: &felt_freecell::State, action: Action) -> (String, String) {
    let e = fc.check(state, &action).expect_err("refused");
    (e.rule, e.message)
}

// FC-DEAL: the first rows of the published deals, and the whole of deals 1, 617 and 11982.
#[test]
fn golden_deals_are_microsofts() {
    let fc = FreeCell::with_params(Params::default());
    let rows = |n: u32| -> Vec<String> {
        let s = fc.deal(n);
        (0..7)
            .map(|r| {
                s.columns
                    .iter()
                    .filter_map(|c| c.get(r).map(|c| c.token()))
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect()
    };
    assert_eq!(
        rows(1),
        [
            "JD 2D 9H JC 5D 7H 7C 5H",
            "KD KC 9S 5S AD QC KH 3H",
            "2S KS 9D QD JS AS AH 3C",
            "4C 5C TS QH 4H AC 4D 7S",
            "3S TD 4S TH 8H 2C JH 7D",
            "6D 8S 8D QS 6C 3D 8C TC",
            "6S 9C 2H 6H",
        ]
    );
    assert_eq!(
        rows(617),
        [
            "7D AD 5C 3S 5S 8C 2D AH",
            "TD 7S QD AC 6D 8H AS KH",
            "TH QC 3H 9D 6S 8D 3D TC",
            "KD 5H 9S 3C 8S 7H 4D JS",
            "4C QS 9C 9H 7C 6H 2C 2S",
            "4S TS 2H 5D JC 6C JH QH",
            "JD KS KC 4H",
        ]
    );
    assert_eq!(
        rows(11982),
        [
            "AH AS 4H AC 2D 6S TS JS",
            "3D 3H QS QC 8S 7H AD KS",
            "KD 6H 5S 4D 9H JH 9S 3C",
            "JC 5D 5C 8C 9D TD KH 7C",
            "6C 2C TH QH 6D TC 4S 7S",
            "JD 7D 8H 9C 2H QD 4C 5H",
            "KC 8D 2S 3S",
        ]
    );
}

// FC-DEAL: a game code's shuffle is the deal number, up to 2^31 − 1: deal 1,000,001 is not
// deal 1, and the last deal is not deal 483,647 (issue 28). The rows were computed by an
// implementation of the published procedure written apart from felt's; deal 24's columns are
// as pysol_cards' tests publish them (4C 2C 9C 8C QS 4S 2H down the first).
#[test]
fn the_shuffle_number_is_the_deal_number() {
    let fc = manual();
    assert_eq!(fc.new_game(617), fc.deal(617));
    let first_row = |n: u64| -> String {
        let s = fc.new_game(n);
        s.columns
            .iter()
            .map(|c| c[0].token())
            .collect::<Vec<_>>()
            .join(" ")
    };
    assert_eq!(first_row(24), "4C 5H QC 5D 2D 7H AH 7S");
    assert_eq!(
        fc.new_game(24).columns[0],
        cards("4C 2C 9C 8C QS 4S 2H"),
        "pysol_cards' published deal 24"
    );
    for (n, row) in [
        (1_000_001, "3D 3H 5S JH 9H QS QC 9S"),
        (219_837_216, "8S 2S 6S AC 3H 9D 9S 4D"),
        (1_252_215_044, "6D QS 5C TS 6S 2S 8C 9S"),
        (2_147_483_647, "9S 2H 7C 5H 4C 6D 3D 4S"),
    ] {
        assert_eq!(first_row(n), row, "deal {n}");
        assert_eq!(fc.new_game(n).deal as u64, n);
    }
    assert_ne!(fc.new_game(1_000_001), fc.new_game(1));
    assert_ne!(fc.new_game(2_147_483_647), fc.new_game(483_647));
    assert_eq!(
        fc.new_game(2_147_483_647).columns[7],
        cards("4S JC 4D 9H JS KS"),
        "the last deal's eighth column"
    );
    // No deal 0 or 2^31: the host refuses them (felt_core::DynRuleset::check_shuffle); one
    // that still comes is dealt as felt dealt it before.
    assert_eq!(fc.new_game(0).deal, 1_000_000);
    assert_eq!(fc.new_game(3_000_000_617).deal, 617);
}

// FC-DEAL: the layouts of the shipped variants.
#[test]
fn each_variant_lays_out_its_deal() {
    for (id, lens, in_cells) in [
        ("freecell", vec![7, 7, 7, 7, 6, 6, 6, 6], 0),
        ("freecell-2cells", vec![7, 7, 7, 7, 6, 6, 6, 6], 0),
        ("bakers-game", vec![7, 7, 7, 7, 6, 6, 6, 6], 0),
        ("eight-off", vec![6; 8], 4),
        ("seahaven-towers", vec![5; 10], 2),
    ] {
        let fc = variant(id);
        let view = fc.view(&fc.new_game(5), felt_core::Seat::SOLO);
        let tableau: Vec<usize> = view
            .piles
            .iter()
            .filter(|p| p.role == felt_core::PileRole::Tableau)
            .map(|p| p.cards.len())
            .collect();
        let cells: usize = view
            .piles
            .iter()
            .filter(|p| p.role == felt_core::PileRole::Cell)
            .map(|p| p.cards.len())
            .sum();
        let up: usize = view
            .piles
            .iter()
            .filter(|p| p.role == felt_core::PileRole::Foundation)
            .map(|p| p.cards.len())
            .sum();
        // Cards FC-AUTO sent up at the deal left their piles.
        assert_eq!(tableau.iter().sum::<usize>() + cells + up, 52, "{id}");
        if up == 0 {
            assert_eq!(tableau, lens, "{id}");
            assert_eq!(cells, in_cells, "{id}");
        }
    }
}

// FC-BUILD: a card goes on one a rank higher of the other colour.
#[test]
fn build_is_down_in_alternating_colours() {
    let fc = manual();
    let s = position(&["KS QH", "JD", "JC"], &[], [0; 4]);
    assert_eq!(fc.check(&s, &mv(2, 0, 0)), Ok(()));
    let (rule, msg) = refusal(&fc, &s, mv(1, 0, 0));
    assert_eq!(rule, "FC-BUILD");
    assert!(msg.contains("J♦ goes only on a black Queen"), "{msg}");
}

// FC-BUILD: under build by suit only the same suit fits.
#[test]
fn bakers_game_builds_by_suit() {
    let fc = FreeCell::with_params(Params {
        build: felt_freecell::Build::Suit,
        auto: false,
        ..Params::default()
    });
    let s = position(&["KS QH", "JH", "JC"], &[], [0; 4]);
    assert_eq!(fc.check(&s, &mv(1, 0, 0)), Ok(()));
    assert_eq!(refusal(&fc, &s, mv(2, 0, 0)).0, "FC-BUILD");
}

// FC-SUPERMOVE: (cells + 1) × 2^empty cards move together, and the refusal says why.
#[test]
fn supermove_limit_counts_cells_and_empty_columns() {
    let fc = manual();
    // Three free cells taken, one free; no empty column: at most 2 cards.
    let mut cols = vec!["KS", "9H 8S 7H", "2C", "3C", "4C", "5C", "6C", "8C"];
    let s = position(&cols, &["2D", "3D", "4D"], [0; 4]);
    cols[0] = "TS";
    let s2 = position(&cols, &["2D", "3D", "4D"], [0; 4]);
    let (rule, msg) = refusal(&fc, &s2, mv(1, 0, 0));
    assert_eq!(rule, "FC-SUPERMOVE");
    assert!(
        msg.contains("with 1 free cell and no empty column, at most 2 cards move together"),
        "{msg}"
    );
    // Two of them move.
    cols[0] = "9D";
    let s3 = position(&cols, &["2D", "3D", "4D"], [0; 4]);
    assert_eq!(fc.check(&s3, &mv(1, 1, 0)), Ok(()));
    assert_eq!(refusal(&fc, &s, mv(1, 0, 0)).0, "FC-BUILD");
    // With all four cells free and one empty column: (4 + 1) × 2 = 10 cards onto a card.
    let mut s5 = position(
        &["KD", "KH QS JH TS 9H 8S 7H 6S 5H 4S 3H", "", "3C"],
        &[],
        [0; 4],
    );
    s5.columns[4] = cards("2H");
    s5.columns[5] = cards("2S");
    s5.columns[6] = cards("AD");
    s5.columns[7] = cards("AC");
    assert_eq!(fc.check(&s5, &mv(1, 1, 0)), Ok(()), "QS..3H: 10 cards");
    // Eleven do not.
    s5.columns[1].push(cards("2S")[0]);
    s5.columns[5] = cards("2D");
    let (rule, msg) = refusal(&fc, &s5, mv(1, 1, 0));
    assert_eq!(rule, "FC-SUPERMOVE");
    assert!(msg.contains("at most 10"), "{msg}");
}

// FC-SUPERMOVE: onto an empty column the empty column itself does not help.
#[test]
fn supermove_to_an_empty_column_is_halved() {
    let fc = manual();
    // Four free cells, two empty columns: 20 onto a card, 10 onto an empty column.
    let mut s = position(
        &["KD", "QS JH TS 9H 8S 7H 6S 5H 4S 3H 2S", "", ""],
        &[],
        [0; 4],
    );
    s.columns[4] = cards("2D");
    s.columns[5] = cards("3D");
    s.columns[6] = cards("AD");
    s.columns[7] = cards("AC");
    // 11 cards to an empty column: refused, at most (4 + 1) × 2^1 = 10.
    let (rule, msg) = refusal(&fc, &s, mv(1, 0, 2));
    assert_eq!(rule, "FC-SUPERMOVE");
    assert!(
        msg.contains("to an empty column: with 4 free cells and 1 other empty column besides the one moved to, at most 10 cards move together"),
        "{msg}"
    );
    assert_eq!(fc.check(&s, &mv(1, 1, 2)), Ok(()), "10 cards");
    assert_eq!(fc.check(&s, &mv(1, 0, 0)), Ok(()), "11 cards onto a card");
}

// FC-EMPTY: under `empty = "kings"` only a King goes into an empty column, and empty columns
// do not raise the group limit.
#[test]
fn kings_only_empty_columns() {
    let fc = FreeCell::with_params(Params {
        empty: felt_freecell::Empty::Kings,
        build: felt_freecell::Build::Suit,
        auto: false,
        ..Params::default()
    });
    let s = position(&["KS QS", "QH", "", "KH"], &["", "", "", "7C"], [0; 4]);
    assert_eq!(refusal(&fc, &s, mv(1, 0, 2)).0, "FC-EMPTY");
    assert_eq!(fc.check(&s, &mv(0, 0, 2)), Ok(()));
    let (rule, msg) = refusal(&fc, &s, mv(1, 0, 0));
    assert_eq!(rule, "FC-BUILD", "{msg}");
    // 3 cells free, one empty column: still only 4 cards move.
    let s = position(&["KH", "QH JH TH 9H 8H", ""], &["", "", "", "7C"], [0; 4]);
    let (rule, msg) = refusal(&fc, &s, mv(1, 0, 0));
    assert_eq!(rule, "FC-SUPERMOVE");
    assert!(msg.contains("at most 4"), "{msg}");
    let s = position(&["KH", "QH JH TH 9H", ""], &["", "", "", "7C"], [0; 4]);
    assert_eq!(fc.check(&s, &mv(1, 0, 0)), Ok(()));
}

// FC-CELL: one card to an empty cell, never more, never onto a card.
#[test]
fn free_cells_hold_one_card() {
    let fc = manual();
    let s = position(&["KS QH", "5C"], &["7D", "", "", ""], [0; 4]);
    assert_eq!(fc.check(&s, &mv(0, 1, CELL0 + 1)), Ok(()));
    let (rule, msg) = refusal(&fc, &s, mv(1, 0, CELL0));
    assert_eq!(
        (rule.as_str(), msg.as_str()),
        ("FC-CELL", "Free cell 1 already holds 7♦")
    );
    assert_eq!(refusal(&fc, &s, mv(0, 0, CELL0 + 1)).0, "FC-CELL");
    assert_eq!(refusal(&fc, &s, mv(CELL0 + 1, 0, 0)).0, "FC-MOVE");
}

// FC-FOUNDATION: up by suit from the Ace, one card at a time, never back.
#[test]
fn foundations_build_up_by_suit() {
    let fc = manual();
    let s = position(&["AS", "3H", "2H AH"], &["2S"], [0, 0, 0, 0]);
    assert_eq!(fc.check(&s, &mv(0, 0, SPADES)), Ok(()));
    // Another suit's foundation refuses it (tests/freecell/refusals.rs has the sentences).
    assert_eq!(refusal(&fc, &s, mv(0, 0, HEARTS)).0, "FC-FOUNDATION");
    let (rule, msg) = refusal(&fc, &s, mv(CELL0, 0, SPADES));
    assert_eq!(rule, "FC-FOUNDATION");
    assert!(msg.contains("the Ace of spades starts it"), "{msg}");
    let (rule, msg) = refusal(&fc, &s, mv(1, 0, HEARTS));
    assert_eq!(rule, "FC-FOUNDATION", "{msg}");
    let s = position(&["KS"], &[], [1, 0, 0, 0]);
    assert_eq!(refusal(&fc, &s, mv(SPADES, 0, 0)).0, "FC-FOUNDATION");
    let s = position(&["KS", "3S 2S"], &[], [1, 0, 0, 0]);
    let (rule, msg) = refusal(&fc, &s, mv(1, 0, SPADES));
    assert_eq!(rule, "FC-FOUNDATION", "one card at a time: {msg}");
}

// FC-AUTO: safe cards go up after a move; a card that could still carry one stays.
#[test]
fn safe_cards_go_up_by_themselves() {
    let fc = FreeCell::with_params(Params::default());
    // Aces and the 2♠ are safe; 3♥ is not while the black Twos are down.
    let mut s = position(&["KD 2S", "3H AS", "KC", "QD"], &["AH", "2H"], [0; 4]);
    s.columns[4] = cards("2C");
    s.columns[5] = cards("9D");
    // Move the K♣ somewhere harmless: onto nothing... Q♦ onto K♣.
    fc.apply(&mut s, &mv(3, 0, 2)).expect("QD on KC");
    assert_eq!(s.foundations, [2, 2, 0, 0], "A♠ 2♠ A♥ 2♥ went up");
    assert_eq!(s.columns[1], cards("3H"), "3♥ waits for the black Twos");
    assert!(s.news.iter().any(|n| n.starts_with("To the foundations")));
    assert_eq!(s.moves, 1, "automatic moves are not counted");
}

// FC-AUTO: under build by suit every playable card is safe.
#[test]
fn under_build_by_suit_every_next_card_is_safe() {
    let fc = FreeCell::with_params(Params {
        build: felt_freecell::Build::Suit,
        ..Params::default()
    });
    let mut s = position(&["9D 3H", "KC", "QC"], &[], [0, 2, 0, 0]);
    fc.apply(&mut s, &mv(2, 0, 1)).expect("QC on KC");
    assert_eq!(s.foundations[1], 3);
}

// FC-WIN: all 52 up wins; nothing moves after.
#[test]
fn all_cards_up_is_a_win() {
    let fc = manual();
    let s = position(&[], &[], [13; 4]);
    assert_eq!(
        fc.status(&s),
        Status::Won {
            winner: String::new()
        }
    );
    assert_eq!(refusal(&fc, &s, mv(0, 0, 1)).0, "FC-WIN");
}

// FC-MOVE: actions that are no move, and moves from nowhere.
#[test]
fn other_actions_are_refused() {
    let fc = manual();
    let s = fc.new_game(1);
    let e = fc
        .check(&s, &Action::Deal { from: PileId(0) })
        .expect_err("no deal");
    assert_eq!(e.rule, "FC-MOVE");
    assert_eq!(refusal(&fc, &s, mv(40, 0, 1)).0, "FC-MOVE");
    assert_eq!(refusal(&fc, &s, mv(CELL0, 0, 1)).0, "FC-MOVE");
    assert_eq!(refusal(&fc, &s, mv(0, 0, 0)).0, "FC-MOVE");
}

// Every legal action listed is accepted, and ranked foundation first.
#[test]
fn legal_actions_are_all_accepted() {
    let fc = FreeCell::with_params(Params::default());
    let s = fc.new_game(617);
    let mut all = Vec::new();
    fc.legal_actions(&s, &mut all);
    assert!(!all.is_empty());
    for a in &all {
        assert_eq!(fc.check(&s, a), Ok(()), "{a}");
    }
}

// FC-DEAL: Eight Off lays six cards in each column and the shuffle's last four into cells.
#[test]
fn eight_off_deals_four_cards_into_cells() {
    let fc = FreeCell::with_params(Params {
        cells: 8,
        cells_dealt: 4,
        build: felt_freecell::Build::Suit,
        empty: felt_freecell::Empty::Kings,
        auto: false,
        ..Params::default()
    });
    let order = felt_freecell::deal::microsoft_order(1);
    let s = fc.deal(1);
    assert!(s.columns.iter().all(|c| c.len() == 6));
    assert_eq!(s.columns[0][0], order[0]);
    assert_eq!(s.columns[7][5], order[47]);
    let cells: Vec<_> = s.cells.iter().flatten().copied().collect();
    assert_eq!(cells, order[48..].to_vec());
    assert_eq!(s.cells[4..], [None; 4]);
}

// FC-AUTO: under alternate colours a card waits while the other card of its colour two ranks
// lower is not up, even when both of the other colour one lower are.
#[test]
fn a_card_waits_for_its_colour_partner_two_lower() {
    let fc = FreeCell::with_params(Params::default());
    // ♠ 2, ♥ 2, ♦ 0, ♣ 2: 3♥ has both black Twos up but the A♦ is still down.
    let mut s = position(&["KC", "QD", "3H", "AD 9S"], &[], [2, 2, 0, 2]);
    fc.apply(&mut s, &mv(1, 0, 0)).expect("QD on KC");
    assert_eq!(s.foundations[1], 2, "3♥ waits for the A♦");
    // Once the A♦ is up, the 3♥ follows by itself.
    fc.apply(&mut s, &mv(3, 1, CELL0)).expect("9S to a cell");
    assert_eq!(s.foundations, [2, 3, 1, 2]);
}

// FC-WIN: a won game has nothing to analyse and no hint.
#[test]
fn a_won_game_needs_no_hint() {
    let fc = manual();
    let s = position(&[], &[], [13; 4]);
    let hint = fc.analyze_metered(
        &s,
        &felt_core::AnalyzeRequest::Hint {
            rank: 0,
            budget: felt_core::Budget::states(100),
        },
    );
    // All 52 cards are up: no move is left to suggest.
    assert_eq!(
        hint,
        Some(felt_core::Analysis::Hint {
            action: None,
            then: Vec::new()
        })
    );
}

// The position format: a deal written out reads back the same, and a bad one says why.
#[test]
fn positions_round_trip_through_text() {
    let fc = FreeCell::with_params(Params::default());
    let mut s = fc.new_game(617);
    let mut legal = Vec::new();
    fc.legal_actions(&s, &mut legal);
    fc.apply(&mut s, &legal[0]).expect("legal");
    let text = fc.write_position(&s);
    let back = fc.read_position(&text).expect("reads back");
    assert_eq!(
        (&back.columns, &back.cells, back.foundations, back.deal),
        (&s.columns, &s.cells, s.foundations, s.deal)
    );
    let err = fc
        .read_position(&text.replace("Cells:", "Cells: -"))
        .expect_err("five cells");
    assert!(err.starts_with("line 2:"), "{err}");
    let err = fc
        .read_position(&text.replace("1:", "9:"))
        .expect_err("no column 9");
    assert!(err.contains("column 1 to 8"), "{err}");
    let short: String = text.lines().take(4).collect::<Vec<_>>().join("\n");
    assert!(fc
        .read_position(&short)
        .expect_err("cards missing")
        .contains("every card"));
}
