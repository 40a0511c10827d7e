//! The kept summary against fresh computations: keys, heuristic scores, groups, along
//! random play, winning lines and a run completed by a deal.

use super::*;
use crate::solver::eval::{column_cost, score};
use crate::solver::moves::{legal_moves, movable_group};
use crate::solver::position::byte;
use crate::solver::{solve, Budget, DealPolicy, Mode, SolverRules, Verdict};
use felt_core::{Card, DeckSpec, Suit};
use proptest::prelude::*;

/// A two-pack deal of `suits` suits in the classic layout.
fn deal(suits: usize, seed: u64) -> Position {
    let deck = DeckSpec::new(2, Suit::ALL[..suits].to_vec()).expect("deck");
    let cards = deck.shuffled(seed);
    let sizes = [6, 6, 6, 6, 5, 5, 5, 5, 5, 5];
    let mut cols: Vec<Vec<Card>> = vec![Vec::new(); 10];
    let mut k = 0;
    for row in 0..6 {
        for (c, &size) in sizes.iter().enumerate() {
            if row < size {
                cols[c].push(cards[k]);
                k += 1;
            }
        }
    }
    let parts: Vec<(Vec<Card>, usize)> = cols
        .into_iter()
        .map(|c| {
            let down = c.len() - 1;
            (c, down)
        })
        .collect();
    let rows: Vec<Vec<Card>> = cards[k..].chunks(10).map(<[Card]>::to_vec).collect();
    Position::from_parts(&parts, &rows, 0).expect("a deal")
}

fn rules(relaxed: bool, any_deal: bool) -> SolverRules {
    SolverRules {
        group: if relaxed {
            GroupRule::Relaxed
        } else {
            GroupRule::Classic
        },
        deal: if any_deal {
            DealPolicy::Any
        } else {
            DealPolicy::Filled
        },
        runs_to_win: 8,
        columns: 10,
    }
}

fn views(rules: &SolverRules) -> Vec<Weights> {
    let base = Weights::for_rules(rules);
    vec![
        base,
        Weights {
            suit_break: 120,
            hidden_column: 7,
            cover: 3,
            empty: 45,
            ..base
        },
    ]
}

/// What a column changed by `mv` marks, as the search marks it.
fn touched(mv: SolverMove) -> u32 {
    match mv {
        SolverMove::Move { from, to, .. } => 1 << from | 1 << to,
        SolverMove::Deal => u32::MAX,
    }
}

/// Brings `kept` up to `pos` by the columns in `changed` and checks it against a fresh
/// summary and the heuristic, then checks every legal move's child key and scores against
/// the ones computed afresh.
fn check(pos: &mut Position, rules: &SolverRules, honest: bool, kept: &mut Summary, changed: u32) {
    let views = views(rules);
    // The position's own keys, kept up to date by moves and unpacking, are exact.
    let mut rehashed = pos.clone();
    rehashed.rehash();
    assert_eq!(pos.key(0), rehashed.key(0));
    let shared = shared_columns(pos, honest);
    kept.update(pos, shared, &views, rules.group, changed);
    let fresh = Summary::of(pos, shared, &views, rules.group);
    assert_eq!(kept.keys, fresh.keys);
    assert_eq!(kept.key_sum, fresh.key_sum);
    assert_eq!(kept.cost_sum, fresh.cost_sum);
    assert_eq!(kept.free, fresh.free);
    assert_eq!(kept.deal_width, fresh.deal_width);
    for c in 0..pos.columns() {
        for w in &views {
            assert_eq!(Shape::of(pos, c).cost(w), column_cost(pos, c, w));
        }
        assert_eq!(kept.groups[c] as usize, movable_group(pos, c, rules.group));
        assert_eq!(kept.tops[c], pos.top(c).unwrap_or(UNKNOWN));
    }
    let mut moves = Vec::new();
    legal_moves(pos, rules, &mut moves);
    for &mv in &moves {
        let before = match mv {
            SolverMove::Move { from, count, to } => kept.move_child(pos, from, count, to, &views),
            SolverMove::Deal => None,
        };
        let undo = pos.apply(mv);
        if let Some((key, scores)) = before {
            assert_eq!(key, pos.key(shared_columns(pos, honest)), "{mv:?}");
            for (v, w) in views.iter().enumerate() {
                assert_eq!(scores[v], score(pos, w), "{mv:?}");
            }
        }
        let (key, scores) = kept.child(pos, &undo, honest, &views);
        assert_eq!(key, pos.key(shared_columns(pos, honest)), "{mv:?}");
        for (v, w) in views.iter().enumerate() {
            assert_eq!(scores[v], score(pos, w), "{mv:?}");
        }
        pos.undo(undo);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    /// Along random play (deals taken often, both group rules and deal rules, full and
    /// honest views, with jumps back to earlier positions as the search makes), the kept
    /// summary equals a fresh one and gives every child's key and scores exactly.
    #[test]
    fn a_kept_summary_scores_children_as_a_fresh_computation(
        suits in prop::sample::select(vec![1usize, 2, 4]),
        seed in 0u64..1_000_000,
        relaxed in any::<bool>(),
        honest in any::<bool>(),
        any_deal in any::<bool>(),
    ) {
        let rules = rules(relaxed, any_deal);
        let mut pos = deal(suits, seed);
        if honest {
            pos = pos.masked();
        }
        let mut kept = Summary::of(&pos, shared_columns(&pos, honest), &views(&rules), rules.group);
        let mut changed = 0u32;
        let mut snapshots: Vec<Vec<u8>> = Vec::new();
        let mut rng = seed | 1;
        let mut moves = Vec::new();
        for _ in 0..300 {
            check(&mut pos, &rules, honest, &mut kept, changed);
            moves.clear();
            legal_moves(&pos, &rules, &mut moves);
            if moves.is_empty() {
                break;
            }
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            if rng % 7 == 0 && !snapshots.is_empty() {
                // Back to an earlier position: only the columns unpacking rewrote count.
                let back = &snapshots[(rng >> 16) as usize % snapshots.len()];
                changed = pos.unpack_changed(back).1;
                continue;
            }
            let mut packed = Vec::new();
            pos.pack(&mut packed);
            snapshots.push(packed);
            // Deal about one time in six, so that later rows are met.
            let deal = moves.iter().position(|&m| m == SolverMove::Deal);
            let pick = match deal {
                Some(i) if rng % 6 == 0 => i,
                _ => (rng >> 8) as usize % moves.len(),
            };
            changed = touched(pos.apply(moves[pick]).mv);
        }
    }
}

/// SP-RUN: a deal whose card completes a run (and turns the card under it) is scored by
/// counting that column afresh, not by adding the dealt card's link.
#[test]
fn a_deal_that_completes_a_run_is_scored_afresh() {
    let card = |suit: Suit, rank: u8| Card::from_byte(byte(suit, rank)).expect("card");
    let mut first: Vec<Card> = vec![card(Suit::Heart, 5)];
    first.extend((2..=13).rev().map(|r| card(Suit::Spade, r)));
    let mut columns = vec![(first, 1)];
    for r in 1..10 {
        columns.push((vec![card(Suit::Diamond, r)], 0));
    }
    let row: Vec<Card> = std::iter::once(card(Suit::Spade, 1))
        .chain((1..10).map(|r| card(Suit::Club, r)))
        .collect();
    let mut pos = Position::from_parts(&columns, &[row], 0).expect("a position");
    let rules = rules(false, false);
    let mut kept = Summary::of(
        &pos,
        shared_columns(&pos, false),
        &views(&rules),
        rules.group,
    );
    check(&mut pos, &rules, false, &mut kept, 0);
    let undo = pos.apply(SolverMove::Deal);
    assert_eq!(
        (undo.removed, pos.removed()),
        (1, 1),
        "the deal completes a run"
    );
}

/// Along winning lines, where runs are removed (also by deals), every position's kept
/// summary and children check out.
#[test]
fn a_kept_summary_follows_a_winning_line() {
    for (suits, seed, relaxed) in [(1, 1, false), (1, 2, true), (2, 3, false), (1, 4, false)] {
        let rules = rules(relaxed, false);
        let mut pos = deal(suits, seed);
        let answer = solve(&pos, &rules, Mode::Full, Budget::states(300_000));
        let Verdict::Won(line) = answer.verdict else {
            panic!("deal {seed} of {suits} suits is won within 300,000 positions");
        };
        let mut kept = Summary::of(
            &pos,
            shared_columns(&pos, false),
            &views(&rules),
            rules.group,
        );
        let mut changed = 0;
        for mv in line {
            check(&mut pos, &rules, false, &mut kept, changed);
            changed = touched(pos.apply(mv).mv);
        }
        assert_eq!(pos.removed(), 8);
    }
}
