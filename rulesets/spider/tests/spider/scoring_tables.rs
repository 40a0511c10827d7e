//! The shipped scoring tables: `links` scores the table's state (a point per same-suit link
//! made, one back per link broken, as GNOME Aisleriot's Spider), `none` shows no score. Both
//! are files the ruleset reads by event name; no variant is special-cased.

use crate::common::*;
use felt_core::{Action, Origin, Ruleset, Seat};
use felt_spider::{SpiderRuleset, SpiderState};

/// Two-suit Spider in the App's layout, scored by `table`.
fn scored_by(table: &str) -> SpiderRuleset {
    let text = format!(
        "id = \"scored\"\nname = \"Scored\"\nruleset = \"spider\"\ncode = \"TST-L1\"\nscoring = \"{table}\"\n\n[game]\nsuits = \"SH\"\n"
    );
    typed_in(&catalog_with(&[&text]), "scored", "classic")
}

fn links() -> SpiderRuleset {
    scored_by("links")
}

/// The score after playing `action` on a position sketched from `play` (every other card face
/// down at the bottom of the last column).
fn scores(
    r: &SpiderRuleset,
    play_: &[&str],
    deals: &[&str],
    action: &Action,
) -> (i64, SpiderState) {
    let mut s = position(r, play_, deals, "", 9);
    let before = s.score();
    play(r, &mut s, action);
    (s.score() - before, s)
}

#[test]
fn a_card_laid_on_the_next_higher_card_of_its_suit_scores_one() {
    let (points, _) = scores(
        &links(),
        &["9S", "8S", "KH", "KH", "KH", "KH", "QH", "QH", "QH", "QH"],
        &[],
        &mv(1, 0, 0),
    );
    assert_eq!(points, 1);
}

#[test]
fn a_card_laid_on_another_suit_scores_nothing() {
    let (points, _) = scores(
        &links(),
        &["9S", "8H", "KH", "KH", "KH", "KH", "QH", "QH", "QH", "QH"],
        &[],
        &mv(1, 0, 0),
    );
    assert_eq!(points, 0);
}

#[test]
fn taking_a_card_off_its_suit_parent_breaks_a_link() {
    // No floor in the table: the score may go below its start.
    let r = links();
    let (points, s) = scores(
        &r,
        &[
            "9S 8S", "9H", "KH", "KH", "KH", "KH", "QH", "QH", "QH", "QH",
        ],
        &[],
        &mv(0, 1, 1),
    );
    assert_eq!(points, -1);
    assert_eq!(r.scoreboard(&s).score, Some(-1));
}

#[test]
fn moving_a_run_from_one_suit_parent_to_another_nets_nothing() {
    let (points, _) = scores(
        &links(),
        &[
            "9S 8S 7S", "9S", "KH", "KH", "KH", "KH", "QH", "QH", "QH", "QH",
        ],
        &[],
        &mv(0, 1, 1),
    );
    assert_eq!(
        points, 0,
        "one link broken, one made; the 8-7 link travels along"
    );
}

#[test]
fn a_face_down_parent_is_no_link_before_or_after_it_turns_up() {
    // GNOME counts only face-up pairs: the 8 leaving a hidden 9 breaks nothing, and the 9
    // turning up makes nothing.
    let (points, s) = scores(
        &links(),
        &["|9S 8S", "", "KH", "KH", "KH", "KH", "QH", "QH", "QH", "QH"],
        &[],
        &mv(0, 1, 1),
    );
    assert_eq!(points, 0);
    assert_eq!(s.columns()[0].face_down(), 0, "the 9 turned up");
}

#[test]
fn a_deal_scores_each_card_it_lays_on_its_suit_parent() {
    let (points, _) = scores(
        &links(),
        &["9S", "9S", "9H", "KH", "KH", "KH", "QH", "QH", "QH", "QH"],
        &["8S 8H 8H 2S 2S 2S 2S 3S 3S 3S"],
        &Action::Deal {
            from: felt_core::PileId(10),
        },
    );
    assert_eq!(points, 2, "8S on 9S and 8H on 9H; 8H on 9S is another suit");
}

#[test]
fn a_finished_run_keeps_its_twelve_links_when_it_leaves() {
    // The Ace makes the run's twelfth link; the run leaves and its links stay scored, so a
    // won game scores twelve per run.
    let (points, s) = scores(
        &links(),
        &[
            "KS..2S", "AS", "KH", "KH", "KH", "KH", "QH", "QH", "QH", "QH",
        ],
        &[],
        &mv(1, 0, 0),
    );
    assert_eq!(s.removed().len(), 1);
    assert_eq!(points, 1);
}

#[test]
fn undo_takes_the_link_points_back() {
    let r = links();
    let s = position(
        &r,
        &["9S", "8S", "KH", "KH", "KH", "KH", "QH", "QH", "QH", "QH"],
        &[],
        "",
        9,
    );
    let mut game = session(r, s, 100);
    game.act(&mv(1, 0, 0)).expect("legal");
    assert_eq!(game.scoreboard().score, Some(1));
    game.undo().expect("undo");
    assert_eq!(game.scoreboard().score, Some(0));
    assert_eq!(game.view(Seat::SOLO).status_value("score"), Some("0"));
}

#[test]
fn the_links_table_explains_itself_and_starts_at_zero() {
    let r = links();
    assert_eq!(r.new_game(1).score(), 0);
    let help = r.info().help.join(" ");
    assert!(
        help.contains(
            "each card laid on the next higher card of its suit +1, each such link broken −1"
        ),
        "{help}"
    );
    assert!(
        !help.contains("each move −1"),
        "links score no action as such"
    );
}

#[test]
fn the_classic_table_is_not_touched_by_links() {
    // SP-SCORE: a same-suit move under the classic table is still just a move, −1.
    let (points, _) = scores(
        &scored_by("classic"),
        &["9S", "8S", "KH", "KH", "KH", "KH", "QH", "QH", "QH", "QH"],
        &[],
        &mv(1, 0, 0),
    );
    assert_eq!(points, -1);
}

#[test]
fn the_none_table_shows_no_score() {
    let r = scored_by("none");
    let s = r.new_game(2);
    assert_eq!(r.scoreboard(&s).score, None);
    assert!(r.view(&s, Seat::SOLO).status_value("score").is_none());
}

#[test]
fn a_table_with_a_link_event_scores_links_for_any_variant() {
    // The event is general: a new table file that pays 5 per link, read from text here, needs
    // no code.
    let mut catalog = catalog();
    catalog
        .add_scoring(
            Origin::BuiltIn("five.toml".into()),
            "five",
            "name = \"Five a link\"\nstart = 100\n[points]\nlink = 5\nmove = -1\n",
        )
        .expect("table");
    let text = "id = \"five\"\nname = \"Five\"\nruleset = \"spider\"\ncode = \"TST-F1\"\nscoring = \"five\"\n[game]\npacks = 1\nsuits = \"S\"\ncolumns = [1, 2, 3, 4, 5, 6, 7]\n";
    catalog
        .add_variant(Origin::BuiltIn("five-variant.toml".into()), text)
        .expect("variant");
    let r = typed_in(&catalog, "five", "classic");
    let mut s = position(&r, &["9S", "8S", "", "", "", "", "KS"], &["*"], "", 6);
    play(&r, &mut s, &mv(1, 0, 0));
    assert_eq!(s.score(), 100 + 5 - 1);
}
