//! SP-SCORE and SP-UNDO: the classic table, the move counter, and undo through the session.

use crate::common::*;
use felt_core::{Action, PileId, Ruleset, Seat, Status};
use felt_spider::{SpiderRuleset, SpiderState};

/// Eight runs of spades each missing its Ace (columns 1–8), the eight Aces face up in column
/// 9, column 10 empty: every run is one move from leaving.
fn eight_runs_waiting(r: &SpiderRuleset) -> SpiderState {
    let mut play = vec!["KS..2S"; 8];
    play.push("AS AS AS AS AS AS AS AS");
    play.push("");
    position(r, &play, &[], "", 9)
}

/// Moves the group in column 1 to the empty column 10 and back, `times` times in all.
fn shuffle_back_and_forth(r: &SpiderRuleset, s: &mut SpiderState, times: usize) {
    for i in 0..times {
        let (from, to) = if i % 2 == 0 { (0, 9) } else { (9, 0) };
        play(r, s, &mv(from, 0, to));
    }
}

#[test]
fn sp_score_a_win_in_117_moves_ends_at_1183() {
    // SP-SCORE: start 500; each move −1; each removed run +100: 500 − 117 + 800 = 1183.
    let r = typed("spider-1suit", "classic");
    let mut s = eight_runs_waiting(&r);
    assert_eq!(s.score(), 500);
    shuffle_back_and_forth(&r, &mut s, 109);
    // After an odd number of trips the first run sits in column 10.
    let targets = [9, 1, 2, 3, 4, 5, 6, 7];
    for to in targets {
        let action = mv_last(&s, 8, 1, to);
        play(&r, &mut s, &action);
    }
    assert_eq!(
        r.status(&s),
        Status::Won {
            winner: String::new()
        }
    );
    assert_eq!(s.moves(), 117);
    assert_eq!(s.score(), 1183);
    assert_eq!(r.scoreboard(&s).score, Some(1183));
}

#[test]
fn sp_score_never_goes_below_zero_and_a_later_run_counts_from_zero() {
    // SP-SCORE: the score never goes below 0, clamped at every step.
    let r = typed("spider-1suit", "classic");
    let mut s = eight_runs_waiting(&r);
    shuffle_back_and_forth(&r, &mut s, 506);
    assert_eq!(s.score(), 0);
    assert_eq!(s.moves(), 506);
    let action = mv_last(&s, 8, 1, 1);
    play(&r, &mut s, &action);
    assert_eq!(
        s.score(),
        100,
        "the run's +100 counts from the clamped 0, after the move's −1"
    );
}

#[test]
fn sp_score_the_move_counter_counts_moves_and_deals_not_runs() {
    // SP-SCORE: the move counter counts moves and deals; a removed run is not a move.
    let r = typed("spider-2suit", "classic");
    let mut s = position(
        &r,
        &[
            "|5H KS..2S",
            "5S AS",
            "9H",
            "9H",
            "9H",
            "9H",
            "9S",
            "9S",
            "9S",
            "KH",
        ],
        &["*"],
        "",
        9,
    );
    let action = mv_last(&s, 1, 1, 0);
    play(&r, &mut s, &action);
    assert_eq!(s.removed().len(), 1);
    assert_eq!((s.moves(), s.score()), (1, 500 - 1 + 100));
    play(&r, &mut s, &Action::Deal { from: PileId(10) });
    assert_eq!((s.moves(), s.score()), (2, 500 - 2 + 100));
    let view = r.view(&s, Seat::SOLO);
    assert_eq!(view.status_value("moves"), Some("2"));
    assert_eq!(view.status_value("score"), Some("598"));
}

#[test]
fn a_table_that_shows_no_score_leaves_the_score_out() {
    // Variants may count without points (the scoring table says so): no `score` item then.
    let mut catalog = felt_core::Catalog::new();
    catalog.add_ruleset(felt_spider::factory());
    let none = "name = \"None\"\nshows_score = false\n";
    catalog
        .add_scoring(felt_core::Origin::BuiltIn("none.toml".into()), "none", none)
        .expect("table");
    let variant = ONE_SUIT.replace("scoring = \"classic\"", "scoring = \"none\"");
    catalog
        .add_variant(felt_core::Origin::BuiltIn("t.toml".into()), &variant)
        .expect("variant");
    let r = typed_in(&catalog, "spider-1suit", "classic");
    let s = r.new_game(1);
    let view = r.view(&s, Seat::SOLO);
    let keys: Vec<&str> = view.status.iter().map(|i| i.key.as_str()).collect();
    assert_eq!(keys, ["moves", "stock", "deals", "runs"]);
    assert_eq!(r.scoreboard(&s).score, None);
}

#[test]
fn sp_undo_brings_back_a_removed_run_with_score_and_moves() {
    // SP-UNDO: a removed run comes back when the move that formed it is undone; score and
    // move count return to what they were. Redo plays it again.
    let r = typed("spider-2suit", "classic");
    let start = position(
        &r,
        &[
            "|5H KS..2S",
            "AS",
            "9H",
            "9H",
            "9H",
            "9H",
            "9S",
            "9S",
            "9S",
            "KH",
        ],
        &[],
        "",
        9,
    );
    let mut session = session(r, start.clone(), 100);
    session.act(&mv(1, 0, 0)).expect("forms the run");
    let after = state_of(&session).clone();
    assert_eq!(after.removed().len(), 1);
    session.undo().expect("undo");
    assert_eq!(*state_of(&session), start);
    assert_eq!(session.scoreboard().score, Some(500));
    assert_eq!(session.scoreboard().moves, 0);
    assert_eq!(
        column_text(state_of(&session), 0).split(' ').count(),
        13,
        "the run is back"
    );
    session.redo().expect("redo");
    assert_eq!(*state_of(&session), after);
}

#[test]
fn sp_undo_reaches_back_the_variants_100_actions() {
    // SP-UNDO: undo of the last 100 actions, the depth given by the variant file.
    let catalog = catalog();
    let depth = catalog
        .get("spider-1suit")
        .expect("variant")
        .variant
        .undo_depth;
    assert_eq!(depth, 100);
    let r = typed("spider-1suit", "classic");
    let s = eight_runs_waiting(&r);
    let mut session = session(r, s, depth);
    for i in 0..120 {
        let (from, to) = if i % 2 == 0 { (0, 9) } else { (9, 0) };
        session.act(&mv(from, 0, to)).expect("legal");
    }
    for _ in 0..100 {
        session.undo().expect("within the depth");
    }
    assert_eq!(state_of(&session).moves(), 20);
    let err = session.undo().expect_err("beyond the depth");
    assert_eq!(err.rule, "FELT-UNDO");
}

#[test]
fn undo_of_a_deal_puts_the_cards_back_in_the_stock() {
    // SP-UNDO with SP-DEAL: undoing a deal restores the stock and the deals left.
    let catalog = catalog();
    let ruleset = catalog.build("spider-4suit", None).expect("builds");
    let code = catalog.code_for("spider-4suit", None, 11).expect("code");
    let mut session = felt_core::Session::new(ruleset, code, 100);
    let before = session.state().clone();
    session
        .act(&Action::Deal { from: PileId(10) })
        .expect("deal");
    assert_eq!(session.view(Seat::SOLO).status_value("deals"), Some("4"));
    session.undo().expect("undo");
    assert!(*session.state() == before);
    let view = session.view(Seat::SOLO);
    assert_eq!(view.status_value("stock"), Some("50"));
    assert_eq!(view.status_value("deals"), Some("5"));
}
