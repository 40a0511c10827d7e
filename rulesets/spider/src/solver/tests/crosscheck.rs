//! The solver's verdicts against the plain reference searches of [`super::reference`], on
//! thousands of small random positions ([`super::generate`]): a "proven unwinnable" the
//! reference wins, or a "stuck" where it finds a way out, is a failure; a winning line must
//! replay legally to a win; "undecided" is allowed only when the budget ran out.
//!
//! `FELT_CROSSCHECK_CASES` sets the number of cases (the defaults take a few seconds in the
//! debug profile); a failure prints the seed and the position.

use super::generate::{case, cases, full_table_case, Case, Stock};
use super::reference::{reference_progress, reference_wins, replay};
use crate::solver::deadend::{bases_stuck, exhaustive, relaxed_progress};
use crate::solver::moves::{deal_allowed, is_won};
use crate::solver::{dead_end, solve, Budget, DeadEnd, Mode, SolverMove, Verdict};

/// Positions the reference may visit before a case is skipped as too big to check.
const REFERENCE_LIMIT: usize = 30_000;
/// Positions the solver may visit: most cases need a few hundred; a proof past this many
/// would need more than [`REFERENCE_LIMIT`] plain positions to check anyway.
const SOLVER_STATES: u64 = 5_000;
/// Positions an honest solve may visit: it decides only the simplest cases anyway.
const HONEST_STATES: u64 = 1_000;

/// Counts of what a cross-check met, so that it can insist on having tested something.
#[derive(Default, Debug)]
struct Tally {
    /// Won (solve) or a way out (dead end), checked by replaying the line.
    won: usize,
    /// Proven unwinnable (solve) or stuck (dead end), confirmed by the reference.
    proven: usize,
    /// Undecided, or too big for the reference to confirm.
    skipped: usize,
    /// Decided cases of the whole-column rule's shape ([`bug_shape`]).
    bug_shape: usize,
}

/// Whether an empty column and a non-empty column without face-down cards (one that could
/// move whole) lie side by side while a stock row still to deal reaches one of them: the
/// shape the whole-column rule once got wrong.
fn bug_shape(c: &Case) -> bool {
    let p = &c.pos;
    let reach = p.rows_left_sizes().iter().copied().max().unwrap_or(0) as usize;
    let empty = (0..p.columns()).filter(|&i| p.is_empty(i));
    let whole = (0..p.columns()).filter(|&i| !p.is_empty(i) && p.face_down(i) == 0);
    let (first_empty, first_whole) = (empty.min(), whole.min());
    matches!((first_empty, first_whole), (Some(e), Some(w)) if e < reach || w < reach)
}

/// Checks one case of `solve` (full information) against the reference; what went wrong,
/// if anything.
fn check_solve(seed: u64, c: &Case, tally: &mut Tally) -> Result<(), String> {
    let answer = solve(&c.pos, &c.rules, Mode::Full, Budget::states(SOLVER_STATES));
    match &answer.verdict {
        Verdict::Won(line) => match replay(&c.pos, &c.rules, line) {
            Err(i) => {
                return Err(format!(
                    "seed {seed}: move {i} of {line:?} is illegal\n{c:?}"
                ))
            }
            Ok(end) if !is_won(&end, &c.rules) => {
                return Err(format!(
                    "seed {seed}: the line {line:?} does not win\n{c:?}"
                ))
            }
            Ok(_) => tally.won += 1,
        },
        Verdict::ProvenUnwinnable => match reference_wins(&c.pos, &c.rules, REFERENCE_LIMIT) {
            Some(true) => {
                return Err(format!(
                    "seed {seed}: proven unwinnable, but the reference wins\n{c:?}"
                ))
            }
            Some(false) => tally.proven += 1,
            None => tally.skipped += 1,
        },
        Verdict::Undecided if answer.states < SOLVER_STATES => {
            return Err(format!(
                "seed {seed}: undecided after {} states\n{c:?}",
                answer.states
            ))
        }
        Verdict::Undecided => {
            tally.skipped += 1;
            return Ok(());
        }
    }
    if bug_shape(c) {
        tally.bug_shape += 1;
    }
    // Every fourth case, to keep the default run short.
    if seed.is_multiple_of(4) {
        check_honest(seed, c, &answer.verdict)?;
    }
    Ok(())
}

/// An honest solve of the same case: it proves a loss only without hidden cards, then agreeing
/// with full information, and a line it wins by is a win in the real position too.
fn check_honest(seed: u64, c: &Case, full: &Verdict) -> Result<(), String> {
    let honest = solve(
        &c.pos,
        &c.rules,
        Mode::Honest,
        Budget::states(HONEST_STATES),
    );
    match &honest.verdict {
        Verdict::ProvenUnwinnable if c.pos.has_unknown() || c.pos.face_down_total() > 0 => {
            Err(format!("seed {seed}: honest proof with hidden cards\n{c:?}"))
        }
        Verdict::ProvenUnwinnable if matches!(full, Verdict::Won(_)) => {
            Err(format!("seed {seed}: honest proof of a won position\n{c:?}"))
        }
        Verdict::Won(line) => match replay(&c.pos, &c.rules, line) {
            Ok(end) if is_won(&end, &c.rules) => Ok(()),
            Ok(_) => Err(format!(
                "seed {seed}: the honest line {line:?} does not win the real position\n{c:?}"
            )),
            Err(i) => Err(format!(
                "seed {seed}: move {i} of the honest line {line:?} is illegal in the real position\n{c:?}"
            )),
        },
        _ => Ok(()),
    }
}

/// Panics with the failures, if any: how many, and the first few in full.
fn report(what: &str, failures: &[String]) {
    assert!(
        failures.is_empty(),
        "{what}: {} failures; the first:\n{}",
        failures.len(),
        failures[..failures.len().min(3)].join("\n\n")
    );
}

/// The full-information solver never proves a loss the reference wins, and its wins replay.
/// Cases of one or two runs left, with stock rows of every width and every deal policy.
#[test]
fn solve_agrees_with_a_plain_exhaustive_search() {
    let mut tally = Tally::default();
    let n = cases(500);
    let mut failures = Vec::new();
    for seed in 0..n {
        let Some(c) = case(seed, 2, Stock::Any) else {
            continue;
        };
        if let Err(e) = check_solve(seed, &c, &mut tally) {
            failures.push(e);
        }
    }
    eprintln!("solve cross-check: {tally:?}");
    report("solve", &failures);
    // The check must have met both answers and the shape that matters, many times.
    let n = n as usize;
    assert!(
        tally.won >= n / 10 && tally.proven >= n / 20 && tally.bug_shape >= n / 10,
        "{tally:?}"
    );
}

/// Checks one case of `dead_end` against the plain search of moves.
fn check_dead_end(seed: u64, c: &Case, tally: &mut Tally) {
    const STATES: u64 = 2_000_000;
    let reference = reference_progress(&c.pos, &c.rules, REFERENCE_LIMIT);
    let answer = dead_end(&c.pos, &c.rules, Budget::states(STATES));
    match &answer {
        DeadEnd::Stuck { .. } => {
            assert_ne!(
                reference,
                Some(true),
                "seed {seed}: stuck, but moves reach progress\n{c:?}"
            );
            tally.proven += 1;
        }
        DeadEnd::NotStuck { line, .. } => {
            // The line is legal move by move and its last move (or the start, for an
            // empty line) makes progress.
            let masked = c.pos.masked();
            assert!(!line.contains(&SolverMove::Deal), "seed {seed}: {line:?}");
            let before = replay(&masked, &c.rules, &line[..line.len().saturating_sub(1)])
                .unwrap_or_else(|i| panic!("seed {seed}: move {i} of {line:?} is illegal\n{c:?}"));
            let progress = match line.last() {
                None => is_won(&masked, &c.rules) || deal_allowed(&masked, &c.rules),
                Some(&mv) => {
                    let end = replay(&before, &c.rules, &[mv]).unwrap_or_else(|_| {
                        panic!("seed {seed}: the last move of {line:?} is illegal\n{c:?}")
                    });
                    end.face_down_total() < before.face_down_total()
                        || end.removed() > before.removed()
                        || deal_allowed(&end, &c.rules)
                }
            };
            assert!(progress, "seed {seed}: {line:?} makes no progress\n{c:?}");
            assert_ne!(reference, Some(false), "seed {seed}: {c:?}");
            tally.won += 1;
        }
        DeadEnd::Undecided { states } => {
            assert!(
                *states >= STATES,
                "seed {seed}: undecided at {states}\n{c:?}"
            );
            tally.skipped += 1;
        }
    }
    if reference.is_none() {
        return;
    }
    let stuck = reference == Some(false);
    // The coarse games alone never call a position stuck that is not...
    let masked = c.pos.masked();
    if !relaxed_progress(&masked, &c.rules) {
        assert!(stuck, "seed {seed}: the relaxed game's false alarm\n{c:?}");
    }
    if bases_stuck(&masked, &c.rules) {
        assert!(stuck, "seed {seed}: the game on bases' false alarm\n{c:?}");
    }
    // ...and the search without the relaxed cut agrees.
    let plain = exhaustive(masked, &c.rules, Budget::states(STATES), false);
    if !matches!(plain, DeadEnd::Undecided { .. }) {
        assert_eq!(plain.is_stuck(), stuck, "seed {seed}: {plain:?}\n{c:?}");
    }
    if bug_shape(c) {
        tally.bug_shape += 1;
    }
}

/// SITE-DEADEND: `dead_end` never says stuck where a plain search of every legal move finds
/// a flip, a removed run or a legal deal, and agrees with it whenever it decides: stock rows
/// left and empty columns under every deal policy, and finished stocks, of tiny decks.
#[test]
fn dead_end_agrees_with_a_plain_search_of_moves() {
    let mut tally = Tally::default();
    let n = cases(500);
    for seed in 0..n {
        let stock = if seed % 2 == 0 {
            Stock::Any
        } else {
            Stock::Empty
        };
        let Some(c) = case(seed, 2, stock) else {
            continue;
        };
        check_dead_end(seed, &c, &mut tally);
    }
    eprintln!("dead-end cross-check: {tally:?}");
    let n = n as usize;
    assert!(tally.won >= n / 10 && tally.proven >= n / 20, "{tally:?}");
}

/// SITE-DEADEND where its two coarse games and the cache of the game on bases do the most:
/// finished stocks, every column holding a card, half of them face up to the bottom (so they
/// can be emptied and filled again), 26 cards of two or four suits.
#[test]
fn dead_end_agrees_with_a_plain_search_on_full_tables() {
    let mut tally = Tally::default();
    let n = cases(500) / 5;
    for seed in 0..n {
        let Some(c) = full_table_case(seed) else {
            continue;
        };
        check_dead_end(seed, &c, &mut tally);
    }
    eprintln!("full-table dead-end cross-check: {tally:?}");
    let n = n as usize;
    assert!(tally.won >= n / 10 && tally.proven >= n / 10, "{tally:?}");
}

/// The whole-column rule's regression (seed 452 of the cross-check): the 6 of clubs alone in
/// column 3 must go whole into the empty column 1 before the deal, which then puts the 3 of
/// clubs on column 3 instead of on the 6. The solver once called this "proven unwinnable".
fn whole_column_case() -> Case {
    use crate::solver::position::byte;
    use crate::solver::{DealPolicy, GroupRule, Position, SolverRules};
    use felt_core::{Card, Suit};
    let c = |r: u8| Position::card(byte(Suit::Club, r)).expect("a card");
    let cards = |rs: &[u8]| rs.iter().map(|&r| c(r)).collect::<Vec<Card>>();
    let columns = [
        (vec![], 0),
        (cards(&[5, 12, 2, 13, 9, 7]), 0),
        (cards(&[6]), 0),
        (cards(&[11]), 0),
    ];
    let rows = [cards(&[1, 4, 3]), cards(&[10, 8])];
    let pos = Position::from_parts(&columns, &rows, 3).expect("a position");
    let rules = SolverRules {
        group: GroupRule::Relaxed,
        deal: DealPolicy::Any,
        runs_to_win: 4,
        columns: 4,
    };
    Case { pos, rules }
}

#[test]
fn moving_a_whole_column_into_an_empty_one_before_a_deal_can_be_the_only_win() {
    let Case { pos, rules } = whole_column_case();
    assert_eq!(reference_wins(&pos, &rules, REFERENCE_LIMIT), Some(true));
    let answer = solve(&pos, &rules, Mode::Full, Budget::states(SOLVER_STATES));
    let Verdict::Won(line) = answer.verdict else {
        panic!("not won: {answer:?}")
    };
    let end = replay(&pos, &rules, &line).expect("a legal line");
    assert!(is_won(&end, &rules), "{line:?}");
}

/// Rule P of `pruning`: in every combination of stages `solve_tuned` runs (one heuristic, two
/// taking turns, a restart, no pruning), a pruned search that runs dry is redone complete. The
/// fast search alone cannot win the whole-column case (it leaves whole-column moves out), and
/// only a complete search may prove a loss.
#[test]
fn every_stage_combination_redoes_a_dry_pruned_search_complete() {
    use crate::solver::{solve_tuned, Tuning};
    let won = whole_column_case();
    // The generator's first proof that needs a real search, confirmed by the reference.
    let lost = (0..)
        .filter_map(|seed| case(seed, 1, Stock::Any))
        .find(|c| {
            let a = solve(&c.pos, &c.rules, Mode::Full, Budget::states(SOLVER_STATES));
            a.verdict == Verdict::ProvenUnwinnable
                && a.states > 200
                && c.pos.rows_left() > 0
                && reference_wins(&c.pos, &c.rules, REFERENCE_LIMIT) == Some(false)
        })
        .expect("a proven case");
    // The pruned search alone runs dry on the won case, and says so without proving anything.
    let fast = Tuning::for_rules(&won.rules);
    let (answer, stop) = crate::solver::search::best_first(
        &won.pos,
        &won.rules,
        false,
        Budget::states(100_000),
        &fast,
    );
    assert_eq!(stop, crate::solver::search::Stop::Dry);
    assert_eq!(answer.verdict, Verdict::Undecided);
    for c in [&won, &lost] {
        let base = Tuning::for_rules(&c.rules);
        let second = Some(crate::solver::Weights {
            suit_break: 120,
            ..base.weights
        });
        let tunings = [
            Tuning {
                second: None,
                ..base
            },
            Tuning {
                second,
                restart_after: None,
                ..base
            },
            Tuning {
                second,
                restart_after: Some(5),
                ..base
            },
            Tuning {
                second,
                restart_after: Some(100_000),
                ..base
            },
            Tuning {
                second,
                restart_after: None,
                retry: Some(crate::solver::Retry {
                    after: 5,
                    depth_weight: -10,
                    noise: 60,
                    again: 5,
                }),
                ..base
            },
            Tuning {
                prune: false,
                ..base
            },
        ];
        for t in tunings {
            let a = solve_tuned(&c.pos, &c.rules, Mode::Full, Budget::states(100_000), &t);
            match &a.verdict {
                Verdict::Won(line) => {
                    assert!(
                        std::ptr::eq(c, &won),
                        "{t:?} won a lost case: {line:?}\n{c:?}"
                    );
                    let end = replay(&c.pos, &c.rules, line).expect("a legal line");
                    assert!(is_won(&end, &c.rules));
                }
                Verdict::ProvenUnwinnable => {
                    assert!(
                        std::ptr::eq(c, &lost),
                        "{t:?} proved a won case lost\n{c:?}"
                    )
                }
                Verdict::Undecided => panic!("{t:?} undecided\n{c:?}"),
            }
        }
    }
}

/// Rule S of `pruning`: a table short of cards is starved only while no run can leave it.
/// Sixteen columns, fourteen cards, one stock row: finishing the spade run wins when one run
/// is all that is left to win, and brings the table below `deal_with_empty_below` otherwise.
#[test]
fn a_short_table_that_can_still_remove_a_run_is_not_starved() {
    use crate::solver::moves::starved;
    use crate::solver::position::byte;
    use crate::solver::{DealPolicy, GroupRule, Position, SolverRules};
    use felt_core::Suit;
    let card = |s: Suit, r: u8| Position::card(byte(s, r)).expect("a card");
    let mut run: Vec<_> = vec![card(Suit::Heart, 5)];
    run.extend((2..=13).rev().map(|r| card(Suit::Spade, r)));
    let mut columns = vec![(run, 0), (vec![card(Suit::Spade, 1)], 0)];
    columns.resize(16, (vec![], 0));
    let rows = [vec![card(Suit::Heart, 6)]];
    let pos = Position::from_parts(&columns, &rows, 0).expect("a position");
    let rules = |deal, runs_to_win| SolverRules {
        group: GroupRule::Classic,
        deal,
        runs_to_win,
        columns: 16,
    };
    for (deal, runs_to_win) in [
        (DealPolicy::Filled, 1),
        (DealPolicy::FilledUnlessFewerThan(2), 2),
    ] {
        let rules = rules(deal, runs_to_win);
        assert!(!starved(&pos, &rules), "{rules:?}");
        assert_eq!(reference_progress(&pos, &rules, 1_000), Some(true));
    }
    assert_eq!(
        reference_wins(&pos, &rules(DealPolicy::Filled, 1), 1_000),
        Some(true)
    );
    // With the spade run short of its Ace, nothing can leave: starved indeed.
    let mut short = columns.clone();
    short[1] = (vec![card(Suit::Heart, 1)], 0);
    short[0].0.truncate(11);
    let pos = Position::from_parts(&short, &rows, 0).expect("a position");
    assert!(starved(&pos, &rules(DealPolicy::Filled, 1)));
}
