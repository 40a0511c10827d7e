//! The game on bases (SITE-DEADEND): counting the last cards of each rank proves dead ends,
//! and never one that is not.

use super::deadend::{no_empty_column_case, progress_possible, Splits};
use super::support::{shipped, solver_view, visible};
use crate::solver::deadend::{bases_stuck, exhaustive};
use crate::solver::glue::{random_endgames, rules_of};
use crate::solver::{dead_end, Budget, DeadEnd};

/// SITE-DEADEND: "no sequence of moves can turn up a face-down card or finish a run". Where the
/// count of last cards says no base top can ever move on, the ruleset's own actions, searched
/// breadth-first, find no progress either; under both group rules, and the count alone settles
/// at least nine in ten of the real dead ends.
#[test]
fn counting_targets_is_never_a_false_alarm() {
    for rules in ["classic", "relaxed"] {
        let (mut proved, mut stuck) = (0, 0);
        for seed in 0..300u64 {
            let Some((ruleset, start, text)) = no_empty_column_case(seed, rules) else {
                continue;
            };
            let (pos, solver_rules) = solver_view(&ruleset, &start);
            let brute = progress_possible(&ruleset, &start, Splits::Any);
            let counted = bases_stuck(&pos.masked(), &solver_rules);
            assert!(!(counted && brute), "false alarm under {rules}:\n{text}");
            assert_eq!(
                dead_end(&pos, &solver_rules, Budget::states(2_000_000)).is_stuck(),
                !brute,
                "{rules}:\n{text}"
            );
            proved += usize::from(counted);
            stuck += usize::from(!brute);
        }
        assert!(
            proved * 10 >= stuck * 9 && stuck >= proved && stuck > 100,
            "{rules}: {proved} of {stuck}"
        );
    }
}

/// On real tables from random 2- and 4-suit play, every dead end the count proves is one the
/// plain exhaustive search (no shortcut at all) proves too, whenever it finishes.
#[test]
fn dead_ends_counted_in_random_play_are_real() {
    let mut checked = 0;
    for id in ["spider-2suit", "spider-4suit"] {
        let ruleset = shipped(id, "classic");
        let rules = rules_of(&ruleset);
        for (seed, pos) in (1..41).flat_map(|s| {
            random_endgames(&ruleset, s, 6)
                .into_iter()
                .map(move |p| (s, p))
        }) {
            let p = pos.masked();
            if !bases_stuck(&p, &rules) {
                continue;
            }
            match exhaustive(p, &rules, Budget::states(60_000), false) {
                DeadEnd::NotStuck { line, .. } => {
                    panic!("{id} deal {seed}: counted stuck, but {line:?} leads out\n{pos:?}")
                }
                DeadEnd::Stuck { .. } => checked += 1,
                DeadEnd::Undecided { .. } => {}
            }
        }
    }
    assert!(checked >= 100, "only {checked} checked");
}

/// SITE-DEADEND on a 4-suit table from random play, stock empty: nothing can turn a card, and
/// the plain search needs some 90,000 positions to see every move; counting the last cards of
/// each rank shows it before any move is tried.
#[test]
fn a_dead_end_behind_thousands_of_positions_is_proven_by_counting() {
    let pos = visible(&[
        (5, "TD 3C 5H 7D 3S 2D 9C"),
        (5, "5D 6S AS 5S QS"),
        (5, "7H KS 9H TS QH JS TH 6H"),
        (5, "7S 7C 8S 9D 4H AC"),
        (4, "QC AC 9S 8C QH QD TS 9C"),
        (3, "2D 8D KH"),
        (4, "5S JD 5H JC JH"),
        (4, "AH 4D 7D 4C 9H 5C"),
        (4, "QC JC 3D 9D 4C 2S 7C"),
        (4, "3H 3C 3D JH 2C AS"),
    ]);
    let rules = rules_of(&shipped("spider-4suit", "classic"));
    assert_eq!(
        dead_end(&pos, &rules, Budget::states(2_000_000)),
        DeadEnd::Stuck { states: 1 }
    );
    let plain = exhaustive(pos.masked(), &rules, Budget::states(2_000_000), false);
    assert!(
        matches!(plain, DeadEnd::Stuck { states } if states > 50_000),
        "{plain:?}"
    );
}
