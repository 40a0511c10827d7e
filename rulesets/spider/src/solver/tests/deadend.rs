//! Exact dead ends (SITE-DEADEND): never a false alarm, and "stuck" only when it is.

use super::support::{
    app_rules, fingerprint, ruleset_of, session, shipped, solver_view, state, variant, visible,
};
use crate::solver::deadend::{exhaustive, relaxed_progress, shortcut};
use crate::solver::{dead_end, is_legal, Budget, DeadEnd};
use crate::{SpiderRuleset, SpiderState};
use felt_core::{Action, Ruleset};
use std::collections::{HashSet, VecDeque};

/// Which moves that split a one-suit run a brute force may make.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Splits {
    Any,
    IntoEmptyOnly,
    None,
}

/// Progress by the ruleset's own actions (a turned card, a removed run or a legal deal),
/// searched breadth-first; `splits` limits the moves that take part of a one-suit run off the
/// card it lies on (ignoring them is the blind spot behind PySolFC's false alarms).
pub(super) fn progress_possible(
    ruleset: &SpiderRuleset,
    start: &SpiderState,
    splits: Splits,
) -> bool {
    let flips = |s: &SpiderState| s.columns().iter().map(|c| c.face_down()).sum::<usize>();
    let mut seen = HashSet::from([fingerprint(start)]);
    let mut queue = VecDeque::from([start.clone()]);
    let mut actions = Vec::new();
    while let Some(s) = queue.pop_front() {
        actions.clear();
        ruleset.legal_actions(&s, &mut actions);
        for a in &actions {
            if matches!(a, Action::Deal { .. }) {
                return true;
            }
            let into_empty =
                matches!(a, Action::Move { to, .. } if s.columns()[to.0 as usize].is_empty());
            let allowed = match splits {
                Splits::Any => true,
                Splits::IntoEmptyOnly => into_empty,
                Splits::None => false,
            };
            if !allowed && splits_a_run(&s, a) {
                continue;
            }
            let mut next = s.clone();
            ruleset.apply(&mut next, a).expect("legal");
            if flips(&next) < flips(&s) || next.removed().len() > s.removed().len() {
                return true;
            }
            if seen.insert(fingerprint(&next)) {
                queue.push_back(next);
            }
        }
    }
    false
}

/// The `.game` text of a finished-stock position of the shipped two-suit game.
fn two_suit(play: &[&str], off: &str) -> String {
    let mut text = String::new();
    for (i, column) in play.iter().enumerate() {
        text.push_str(&format!("Play{i}: {column}\n"));
    }
    for d in 0..5 {
        text.push_str(&format!("Deal{d}:\n"));
    }
    text.push_str(&format!("Off: {off}\n"));
    text
}

/// Positions where the only progress is to move part of a one-suit run off the card it lies
/// on (here, into the empty column): a check that ignores such moves calls them stuck.
fn split_cases() -> Vec<String> {
    vec![
        // The 10 of spades leaves its Jack for the empty column; then the 10-to-Ace run of
        // column 2 goes on the Jack and finishes King to Ace.
        two_suit(
            &[
                "KS QS JS TS",
                "9S 3S JS TS 9S 8S 7S 6S 5S 4S 3S 2S AS",
                "KS",
                "4S QH 2H 5H",
                "7S 3H 8H",
                "QS 6S 7H 6H 9H 5S 4H AS",
                "8S",
                "JH AH",
                "2S KH TH",
                "",
            ],
            "KS KS KH KH KH",
        ),
        // A longer way out, through many moves, starting with a split into the empty column.
        two_suit(
            &[
                "KS QS JS TS 9S 8S 7S 6S 5S 4S 3S",
                "6H 4S 3S 2S AS",
                "JS",
                "5H 5S",
                "|QS KS TS AH",
                "7H 9H 7S 2S QH 2H 4H TH AS 8S",
                "8H",
                "JH",
                "9S 6S 3H KH",
                "",
            ],
            "KS KS KH KH KH",
        ),
    ]
}

/// Whether `action` takes a group off the card one rank higher of its own suit.
fn splits_a_run(state: &SpiderState, action: &Action) -> bool {
    let Action::Move { from, index, .. } = *action else {
        return false;
    };
    let source = &state.columns()[from.0 as usize];
    let index = index as usize;
    index > source.face_down() && {
        let (below, first) = (source.cards()[index - 1], source.cards()[index]);
        below.suit() == first.suit() && below.rank().number() == first.rank().number() + 1
    }
}

#[test]
fn splitting_a_run_into_an_empty_column_is_progress_not_a_dead_end() {
    let ruleset = shipped("spider-2suit", "classic");
    for text in split_cases() {
        let start = state(&ruleset, &text);
        let (pos, rules) = solver_view(&ruleset, &start);
        let answer = dead_end(&pos, &rules, Budget::states(1_000_000));
        let DeadEnd::NotStuck { line, .. } = answer else {
            panic!("false alarm:\n{text}")
        };
        // A check blind to run splits finds nothing: this is the false alarm avoided. Allowed
        // to split runs into an empty column only, a brute force gets out.
        assert!(!progress_possible(&ruleset, &start, Splits::None), "{text}");
        assert!(
            progress_possible(&ruleset, &start, Splits::IntoEmptyOnly),
            "{text}"
        );
        // The way out the solver found really makes progress when the session plays it.
        let actions = crate::solver::glue::actions_of(&ruleset, &pos, &line);
        let mut game = session(ruleset.clone(), start.clone());
        game.replay(&actions).expect("the line is legal");
        let end = state_of(&game);
        assert!(end.removed().len() > start.removed().len() || hidden(end) < hidden(&start));
    }
}

fn hidden(state: &SpiderState) -> usize {
    state.columns().iter().map(|c| c.face_down()).sum()
}

fn state_of(game: &felt_core::Session) -> &SpiderState {
    game.state().downcast_ref().expect("a Spider state")
}

#[test]
fn a_real_dead_end_is_stuck_and_a_brute_force_agrees() {
    // SITE-DEADEND: found by a random search (9,939 positions visited to prove it).
    let ruleset = ruleset_of(
        &variant(
            "packs = 1\nsuits = \"SH\"\ncolumns = [3, 3, 3, 3, 3]\nruns_to_win = 4",
            &["classic"],
        ),
        "classic",
    );
    let mut text = String::from(
        "Play0: AH 8H 5H\nPlay1: JS 9H\nPlay2: |4H |7S 9S 8S JH AS QH TH KS 6S 4S 7H\n\
         Play3: KH 2H 3H TS QS 6H 2S 5S 3S\nPlay4:\n",
    );
    for d in 0..ruleset.params().deals.len() {
        text.push_str(&format!("Deal{d}:\n"));
    }
    text.push_str("Off: KS KH\n");
    let start = state(&ruleset, &text);
    let (pos, rules) = solver_view(&ruleset, &start);
    let answer = dead_end(&pos, &rules, Budget::states(1_000_000));
    assert!(answer.is_stuck(), "{answer:?}");
    assert!(!progress_possible(&ruleset, &start, Splits::Any));
    // The plain exhaustive search needs many positions to prove it...
    let plain = exhaustive(pos.masked(), &rules, Budget::states(1_000_000), false);
    assert!(
        matches!(plain, DeadEnd::Stuck { states } if states > 1_000),
        "{plain:?}"
    );
    // ...and too small a budget never turns into a false "stuck".
    assert!(matches!(
        exhaustive(pos.masked(), &rules, Budget::states(100), false),
        DeadEnd::Undecided { .. }
    ));
    // And the hook says the same.
    let hook = crate::solver::glue::analyze(
        &ruleset,
        &start,
        &felt_core::AnalyzeRequest::DeadEnd,
        &|_| true,
    );
    assert_eq!(hook, felt_core::Analysis::DeadEnd { stuck: true });
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(40))]

    /// SITE-DEADEND: on small random positions the exact check and an independent brute
    /// force over the ruleset's own actions always agree, and hidden cards never matter.
    #[test]
    fn the_dead_end_check_agrees_with_a_brute_force(seed in 0u64..u64::MAX) {
        let ruleset = ruleset_of(
            &variant("packs = 1\nsuits = \"SH\"\ncolumns = [3, 3, 3, 3, 3]\nruns_to_win = 4", &["classic"]),
            "classic",
        );
        // Two runs gone: one card of each spade and heart is left, shuffled into four
        // columns with a fifth empty.
        let mut keep: Vec<felt_core::Card> = ruleset.params().deck.cards();
        keep.sort();
        keep.dedup();
        felt_core::shuffle(&mut keep, seed);
        let cuts = [(seed % 7 + 1) as usize, (seed / 7 % 7 + 8) as usize, (seed / 49 % 8 + 16) as usize];
        let mut text = String::new();
        let mut start = 0;
        for (i, end) in cuts.iter().copied().chain([keep.len()]).enumerate() {
            let column = &keep[start..end];
            let down = (seed >> (8 + i * 3)) as usize % column.len();
            let tokens: Vec<String> = column.iter().enumerate().map(|(j, c)| if j < down { format!("|{c}") } else { c.to_string() }).collect();
            text.push_str(&format!("Play{i}: {}\n", tokens.join(" ")));
            start = end;
        }
        text.push_str("Play4:\n");
        for d in 0..ruleset.params().deals.len() {
            text.push_str(&format!("Deal{d}:\n"));
        }
        text.push_str("Off: KS KH\n");
        let start = match ruleset.read_position(&text) {
            Ok(s) => s,
            // A finished run in a column: not a position this test is about.
            Err(_) => return Ok(()),
        };
        let (pos, rules) = solver_view(&ruleset, &start);
        let answer = dead_end(&pos, &rules, Budget::states(2_000_000));
        let brute = progress_possible(&ruleset, &start, Splits::Any);
        proptest::prop_assert_eq!(answer.is_stuck(), !brute, "{}", text);
        // The relaxed game alone never calls a position stuck that is not ("never a false
        // alarm"), and the search without it agrees too.
        if !relaxed_progress(&pos.masked(), &rules) {
            proptest::prop_assert!(!brute, "relaxation's false alarm:\n{}", text);
        }
        let plain = exhaustive(pos.masked(), &rules, Budget::states(2_000_000), false);
        proptest::prop_assert_eq!(plain.is_stuck(), !brute, "{}", text);
    }
}

/// A small two-suit position from `seed` under `rules`: the 26 cards left after two runs, in five columns
/// that all keep at least one face-down card, so no column can empty without a flip (where
/// the relaxed game of the dead-end check is at its strongest).
pub(super) fn no_empty_column_case(
    seed: u64,
    rules: &str,
) -> Option<(SpiderRuleset, SpiderState, String)> {
    let ruleset = ruleset_of(
        &variant(
            "packs = 1\nsuits = \"SH\"\ncolumns = [3, 3, 3, 3, 3]\nruns_to_win = 4",
            &[rules],
        ),
        rules,
    );
    let mut keep: Vec<felt_core::Card> = ruleset.params().deck.cards();
    keep.sort();
    keep.dedup();
    felt_core::shuffle(&mut keep, seed);
    let mut text = String::new();
    for (i, column) in keep.chunks(6).take(5).enumerate() {
        // One or two face-down cards, then the rest face up.
        let down = 1 + (seed >> (8 + i)) as usize % 2;
        let tokens: Vec<String> = column
            .iter()
            .enumerate()
            .map(|(j, c)| {
                if j < down {
                    format!("|{c}")
                } else {
                    c.to_string()
                }
            })
            .collect();
        text.push_str(&format!("Play{i}: {}\n", tokens.join(" ")));
    }
    for d in 0..ruleset.params().deals.len() {
        text.push_str(&format!("Deal{d}:\n"));
    }
    text.push_str("Off: KS KH\n");
    let start = ruleset.read_position(&text).ok()?;
    Some((ruleset, start, text))
}

/// SITE-DEADEND: the relaxed game's shortcut ("even with targets that never wear out,
/// nothing turns up") is never a false alarm, and it does prove real dead ends.
#[test]
fn the_relaxed_shortcut_is_never_a_false_alarm() {
    let (mut proved, mut stuck) = (0, 0);
    for seed in 0..300u64 {
        let Some((ruleset, start, text)) = no_empty_column_case(seed, "classic") else {
            continue;
        };
        let (pos, rules) = solver_view(&ruleset, &start);
        let brute = progress_possible(&ruleset, &start, Splits::Any);
        let relaxed = relaxed_progress(&pos.masked(), &rules);
        assert!(relaxed || !brute, "false alarm:\n{text}");
        assert_eq!(
            dead_end(&pos, &rules, Budget::states(2_000_000)).is_stuck(),
            !brute,
            "{text}"
        );
        proved += usize::from(!relaxed);
        stuck += usize::from(!brute);
    }
    // The shortcut must carry its weight: it settles some of the real dead ends alone.
    assert!(proved > 0 && stuck >= proved, "{proved} of {stuck}");
}

/// The relaxed game of `relaxed_progress` in its plainest form: every column is looked at again
/// until nothing changes, and each claim walks its group up card by card. The solver's version
/// looks at a column again only when what it depends on grew; both must reach the same answer.
fn relaxed_reference(p: &crate::solver::Position, rules: &crate::solver::SolverRules) -> bool {
    use crate::solver::moves::{links, suited_link};
    use crate::solver::position::{rank, suit};
    if p.rows_left() > 0 {
        return true;
    }
    let n_of = |c: usize| p.len(c);
    let mut rem: Vec<Vec<bool>> = (0..p.columns())
        .map(|c| (0..=n_of(c)).map(|k| k == n_of(c)).collect())
        .collect();
    let mut empty = (0..p.columns()).any(|c| n_of(c) == 0);
    let mut changed = true;
    while changed {
        changed = false;
        let mut avail: Vec<u8> = Vec::new();
        for (c, r) in rem.iter().enumerate() {
            let down = p.face_down(c);
            for (k, _) in r.iter().enumerate().skip(down + 1).filter(|(_, &may)| may) {
                avail.push(rank(p.at(c, k - 1)));
            }
        }
        for (c, r) in rem.iter_mut().enumerate() {
            let (n, down) = (n_of(c), p.face_down(c));
            for k in (down..n).rev() {
                let head = p.at(c, k);
                let placeable = empty || avail.contains(&(rank(head) + 1));
                if r[k] || !placeable {
                    continue;
                }
                let mut j = k + 1;
                while !r[j] && j < n && links(p.at(c, j - 1), p.at(c, j), rules.group) {
                    j += 1;
                }
                if r[j] {
                    r[k] = true;
                    changed = true;
                }
            }
            if n > 0 && down > 0 && r[down] {
                return true;
            }
            if n > 0 && down == 0 && r[0] {
                empty = true;
            }
        }
    }
    // A finished run: a face-up King heading a suited chain that may be last, with every
    // lower rank of its suit face up somewhere.
    let up = |s: u8, r: u8| {
        (0..p.columns()).any(|c| {
            (p.face_down(c)..n_of(c)).any(|i| suit(p.at(c, i)) == s && rank(p.at(c, i)) == r)
        })
    };
    (0..p.columns()).any(|c| {
        (p.face_down(c)..n_of(c)).any(|k| {
            let king = p.at(c, k);
            rank(king) == 13
                && (k + 1..=n_of(c)).any(|j| {
                    j - k <= 13
                        && (k + 1..j).all(|i| suited_link(p.at(c, i - 1), p.at(c, i)))
                        && rem[c][j]
                        && (1..rank(p.at(c, j - 1))).all(|r| up(suit(king), r))
                })
        })
    })
}

/// A random finished-stock position: some of two packs of two suits in eight columns, some
/// empty, some without face-down cards, each with a random number of them face down.
fn random_position(seed: u64) -> crate::solver::Position {
    let mut deck: Vec<felt_core::Card> = (0..2u8)
        .flat_map(|_| {
            [0x00u8, 0x20]
                .into_iter()
                .flat_map(|s| (1..=13u8).filter_map(move |r| felt_core::Card::from_byte(s | r)))
        })
        .collect();
    felt_core::shuffle(&mut deck, seed);
    let mut bits = seed;
    let mut take = |m: u64| {
        bits = bits.rotate_left(7) ^ 0x5851_f42d_4c95_7f2d;
        ((bits.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 40) & 0xffff) % m.max(1)
    };
    let total = 20 + (take(33) as usize);
    let mut columns = Vec::new();
    let mut rest = &deck[..total];
    for c in 0..8 {
        let n = if c == 7 {
            rest.len()
        } else {
            (take(12) as usize).min(rest.len())
        };
        let (cards, tail) = rest.split_at(n);
        rest = tail;
        let down = if n == 0 { 0 } else { take(n as u64) as usize };
        columns.push((cards.to_vec(), down));
    }
    crate::solver::Position::from_parts(&columns, &[], 0).expect("a valid position")
}

/// SITE-DEADEND: the solver's relaxed game (a column looked at again only when the ranks that
/// may be last or an empty column grew) answers as its plainest form does, under both group
/// rules, on random positions with and without empty columns; both answers occur.
#[test]
fn the_fast_relaxed_game_answers_as_the_plain_one() {
    use crate::solver::{DealPolicy, GroupRule, SolverRules};
    let mut answers = [0usize; 2];
    for seed in 0..1500u64 {
        let pos = random_position(seed).masked();
        for group in [GroupRule::Classic, GroupRule::Relaxed] {
            let rules = SolverRules {
                group,
                deal: DealPolicy::Filled,
                runs_to_win: 8,
                columns: 8,
            };
            let fast = relaxed_progress(&pos, &rules);
            assert_eq!(fast, relaxed_reference(&pos, &rules), "{pos:?}");
            answers[usize::from(fast)] += 1;
        }
    }
    assert!(answers[0] >= 20 && answers[1] >= 20, "{answers:?}");
}

/// A 4-suit table from random play, stock empty, every column with face-down cards: the one
/// way out is five moves deep, behind a branch of some 260,000 positions.
fn far_way_out() -> crate::solver::Position {
    visible(&[
        (5, "KD QS 9C QC TS KH 3C"),
        (5, "7D 6C 5H 4D 3S 7S 8H"),
        (5, "7H 5H 5C 9D 2S AD 2D"),
        (4, "5D JH AS 4S"),
        (4, "9S 9S 8H 4H JC 6D"),
        (4, "3H 8S JS 9H 6H"),
        (3, "JH 9D 9C AC 2H AD 6S"),
        (4, "KC 9H 8D KC QS AC 5S QD"),
        (4, "3D 4C 3H QD JS TC 3C"),
        (3, "KS AH 6H 4C KS"),
    ])
}

/// SITE-DEADEND asks whether "any sequence of moves" can still turn a card: the answer
/// must not cost a search of every position when the way out is a few moves away. The
/// depth-first search alone wanders through its whole branch first; the breadth-first probe
/// finds the shortest line, and the line really turns a card.
#[test]
fn a_way_out_a_few_moves_deep_is_found_without_searching_the_closed_set() {
    let rules = app_rules(10);
    let pos = far_way_out();
    let alone = exhaustive(pos.clone(), &rules, Budget::states(2_000_000), true);
    assert!(
        matches!(alone, DeadEnd::NotStuck { states, .. } if states > 200_000),
        "{alone:?}"
    );
    let DeadEnd::NotStuck { line, states } = dead_end(&pos, &rules, Budget::states(2_000_000))
    else {
        panic!("a way out exists");
    };
    assert!(states < 25_000, "{states} positions");
    assert_eq!(line.len(), 5, "{line:?}");
    let mut p = pos.masked();
    let turned: Vec<u32> = line.iter().map(|&mv| p.apply(mv).flipped).collect();
    assert!(
        turned[..4].iter().all(|&f| f == 0) && turned[4] != 0,
        "{turned:?}"
    );
}

/// Four-suit deal 13028 as the honest bot had it after 136 moves, stock empty: no plan turns
/// a card, so the bot played the dead-end check's way out.
fn wandering_way_out() -> crate::solver::Position {
    visible(&[
        (3, "KC QC JC AC 8D 7S 6S 5H 2H"),
        (3, "3C KH QH JC TC 9C 8C 7C 6C 5C 4C 3C 2D AD 5S"),
        (0, "AS QC JH"),
        (1, "QH 7C 6C 5C 4C 3D"),
        (1, "KS JS TD 9D 4S 3S 2D AD TH 9S 8S 7S 6S 5D 3D"),
        (3, "KS TC 9D 8D 7D 6D 5D 4D 3S 2S AS 9H"),
        (0, "QS JS TS"),
        (3, "KC AC 2C KD"),
        (3, "KD QD JD TS 9S 8H QD JD TH 9H 8H 7H 6H 5H 4H 3H 2H 2S"),
        (0, "QS TD"),
    ])
}

/// A way out is a line the player can follow: the depth-first search's own path to it
/// wanders through the table's near-equal positions (here 147,000 moves, which the honest bot
/// followed to its cap of 5,000 actions having turned nothing), and cut of its detours it
/// ends on the same position, the card turned at its last move and not before. The check
/// itself answers with a shortest way out, found breadth first: a few moves.
#[test]
fn a_way_out_found_depth_first_is_cut_to_a_line_that_ends_on_the_same_progress() {
    let rules = app_rules(10);
    let pos = wandering_way_out();
    let DeadEnd::NotStuck { line, .. } =
        exhaustive(pos.masked(), &rules, Budget::states(400_000), true)
    else {
        panic!("a way out exists");
    };
    let cut = shortcut(&pos.masked(), &rules, line.clone());
    assert!(
        line.len() > 100_000,
        "the search's own line: {} moves",
        line.len()
    );
    assert!(
        cut.len() < 1_000,
        "{} moves cut to {}",
        line.len(),
        cut.len()
    );
    let (mut long, mut short) = (pos.masked(), pos.masked());
    for &mv in &line {
        long.apply(mv);
    }
    let progress = progress_along(&mut short, &rules, &cut);
    assert_eq!(progress.iter().filter(|&&p| p).count(), 1, "{progress:?}");
    assert!(progress[progress.len() - 1]);
    assert_eq!(
        short.key(0),
        long.key(0),
        "the same position as the long line's end"
    );
    // And the check itself answers with a line shorter still, legal, that turns a card at
    // its last move and not before.
    let DeadEnd::NotStuck { line: given, .. } = dead_end(&pos, &rules, Budget::states(400_000))
    else {
        panic!("a way out exists");
    };
    assert!(given.len() <= 10, "{} moves", given.len());
    let progress = progress_along(&mut pos.masked(), &rules, &given);
    assert_eq!(progress.iter().filter(|&&p| p).count(), 1, "{progress:?}");
    assert!(progress[progress.len() - 1]);
}

/// Plays `line` on `p`, each move checked legal, and says of each whether it made progress
/// (turned a card or finished a run).
fn progress_along(
    p: &mut crate::solver::Position,
    rules: &crate::solver::SolverRules,
    line: &[crate::solver::SolverMove],
) -> Vec<bool> {
    line.iter()
        .enumerate()
        .map(|(i, &mv)| {
            assert!(is_legal(p, rules, mv), "move {i} of {line:?}");
            let u = p.apply(mv);
            u.flipped != 0 || u.removed != 0
        })
        .collect()
}
