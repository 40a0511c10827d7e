//! The solve ([`solve`]): the win finder's scans ([`SCANS`]) and the exact search in turns,
//! as fc-solve's scans take theirs, then the exact search alone, which alone proves a loss.

use super::*;
use crate::params::Empty;
use crate::solver::position::{FIRST_WEIGHTS, WEIGHTS};
use crate::solver::search::{Exact, Outcome};
use felt_patience::search::stage_spent;

/// The win finder's scans and the weight of each one's turn (see [`solve`]). The second's
/// weight 4 and the scans' 12/16 of the budget, against 3 and 9/16, stored 36 % and 28 %
/// fewer positions on four-cell deals 145444 and 545874, the slowest of 100001..200000 and
/// 500001..600000, for 4 % more over two-cell deals 1..1000; in a tight game, where the
/// exact search takes turns too ([`EXACT_WEIGHT`]), the second's weight is twice this
/// ([`turn_weights`]): at 4, two-cell deal 140, which it wins within 164,000 positions of
/// its own, was left undecided at 1 s (the exact search's turns took its time). Each is
/// there for deals the
/// ones before it find hard, measured on four-cell deals 1..1000 and
/// 100001..200000 and two-cell deals 1..1000 (docs/freecell-solver.md):
///
/// 1. 4 × distance + 6 a move: the workhorse, which alone wins nearly every four-cell deal
///    (with [`WEIGHTS`], in about 85 positions taken out at the median). It leaves out the
///    moves [`Game::moves_with`] may: paired on four-cell deals 1..1000, that stores 588
///    positions at the median instead of 1,201 (median CPU 0.165 -> 0.120 ms, mean 0.45 ->
///    0.28 ms), lines as short; the other scans try every move. Its charges: with the first
///    weights, 3 × distance + 5 a move stored 16 % fewer positions than the exact search's
///    1 × distance + 2 (median CPU 0.52 -> 0.42 ms on 600001..601000) for lines 3 % longer,
///    and 2 × distance + 3 was faster still but its lines passed 0.65 of fc-solve's; with
///    the later weights and moves, 4 × distance + 6 against 3 × distance + 5, paired on
///    1..1000: median CPU 0.086 -> 0.084 ms, mean 0.228 -> 0.217 ms, lines 0.611 -> 0.616
///    of fc-solve's.
/// 2. Free cells and empty columns worth 4 more each (twice for a column), 2 a move, and
///    the distance's [`FIRST_WEIGHTS`]: four-cell deals 131220, 170666 and 191247 within
///    133,000 positions, undecided within 1 s of CPU before. With the first weights kept
///    here (the others take [`WEIGHTS`]), at 1 s of CPU a deal, two-cell deals 1..1000 leave
///    10 undecided and Seahaven Towers 1, against 11 and 3 with [`WEIGHTS`] in every scan
///    (Seahaven's deal 923: won within 0.5 s, undecided with them).
/// 3. 1 a move: greedier; two-cell deal 9 within 6,000 positions, where the exact search's
///    order needs over a million.
/// 4. Room worth 4 more and 1 a move: two-cell deal 805 within 170,000.
pub const SCANS: [(Scan, u64); 4] = [
    (
        Scan {
            weight: 4,
            depth_cost: 6,
            room: 0,
            weights: WEIGHTS,
            every_move: false,
        },
        1,
    ),
    (
        Scan {
            weight: 1,
            depth_cost: 2,
            room: 4,
            weights: FIRST_WEIGHTS,
            every_move: true,
        },
        4,
    ),
    (
        Scan {
            weight: 1,
            depth_cost: 1,
            room: 0,
            weights: WEIGHTS,
            every_move: true,
        },
        1,
    ),
    (
        Scan {
            weight: 1,
            depth_cost: 1,
            room: 4,
            weights: WEIGHTS,
            every_move: true,
        },
        4,
    ),
];

/// The positions the scans' budget is cut from when the positions budget has more (or none:
/// a budget of CPU time alone), so that a generous budget still reaches the exact search.
pub const NOMINAL_STATES: u64 = 1_000_000;

/// The weight of the exact search's turn in a tight game ([`turn_weights`]), taken after
/// each round of the scans from the second on: in [`SLICE`]s of its own positions, each of
/// which costs it about five times what one costs a scan (it tells positions apart by whole
/// keys and proves), so at 32 it has about three quarters of the CPU from the second round
/// on. Two-cell deals whose proofs need the exact search's 250,000 to 480,000 positions
/// (351 and 927, Seahaven Towers' 73) are decided within 1 s, where it ran only once the
/// scans had stored 12/16 of the budget; at 16, 927 was not (docs/freecell-solver.md).
pub const EXACT_WEIGHT: u64 = 32;

/// The weights of the scans' turns ([`SCANS`]'s) and of the exact search's. A tight game
/// (fewer than four cells, or empty columns that take only Kings: two-cell FreeCell,
/// Seahaven Towers, Eight Off) has many lost deals, whose proofs need the exact search's
/// time: it takes turns of [`EXACT_WEIGHT`], and the second scan twice its weight. In the
/// others (FreeCell, Baker's Game) the scans win nearly every deal and the rare lost one is
/// proven after them: the exact search's turns only slowed the hard deals the scans win
/// (four-cell deal 182653 at 1 s: 0.25 -> 0.87 s; 133883 0.14 -> 0.50 s), so it takes
/// none, and runs once the scans are done, as it always did.
pub fn turn_weights(game: &Game) -> ([u64; SCANS.len()], u64) {
    let mut weights = SCANS.map(|(_, weight)| weight);
    if game.ncells < 4 || game.empty == Empty::Kings {
        weights[1] *= 2;
        (weights, EXACT_WEIGHT)
    } else {
        (weights, 0)
    }
}

/// Positions one weight of a turn is worth: a scan of weight 3 stores 3 × this many more
/// positions in its turn before the next scan's.
pub const SLICE: u64 = 4096;

/// Wins or proves. The first scan of [`SCANS`] goes first alone (the prelude) for 1/16 of
/// the budget: nearly every deal ends there. Then the scans take turns, each going on from
/// where it stopped for its weight in [`SLICE`]s, as fc-solve's scans do, and after each
/// round, in a tight game, the exact search ([`Exact`], which both wins and proves) for
/// [`EXACT_WEIGHT`] ([`turn_weights`]),
/// until one wins, the exact search proves the loss, or a scan runs out of positions to
/// try, or together the scans hold 12/16 of the budget (of at most [`NOMINAL_STATES`]).
/// Then the exact search goes on alone: a deal a scan exhausted is probably lost and gets
/// its proof there. The exact search counts only its own positions against the positions
/// budget, so a solve stores at most twice the budget (the scans together at most once, the
/// exact search at most once); the scans' tables are dropped when it goes on alone; the CPU
/// time and the memory (every search's tables together) are the budget's. The report
/// counts every search's positions.
pub fn solve(game: &Game, start: &Pos, limits: &Limits<'_>) -> Report {
    let nominal = limits.max_states().min(NOMINAL_STATES);
    let prelude = nominal / 16;
    let scans_budget = nominal / 16 * 12;
    // The other scans, and the exact search, are set up only when the prelude did not end
    // the deal.
    let (weights, exact_weight) = turn_weights(game);
    let mut finders: Vec<(Finder, u64)> = vec![(Finder::new(game, start, SCANS[0].0), weights[0])];
    let mut exact: Option<Exact> = None;
    let mut peak = 0u64;
    let mut round = 0u64;
    let exact_bytes = |exact: &Option<Exact>| exact.as_ref().map_or(0, |e| e.bytes());
    'turns: loop {
        if round == 1 {
            finders.extend(
                SCANS[1..]
                    .iter()
                    .zip(&weights[1..])
                    .map(|(&(scan, _), &weight)| (Finder::new(game, start, scan), weight)),
            );
            if exact_weight > 0 {
                exact = Some(Exact::new(game, start));
            }
        }
        for i in 0..finders.len() {
            let total: u64 = finders.iter().map(|(f, _)| f.states()).sum();
            if total >= scans_budget {
                break 'turns;
            }
            let quota = match (round, i) {
                (0, 0) => prelude,
                (0, _) => continue,
                _ => SLICE * finders[i].1,
            };
            let own = finders[i].0.states();
            let pause_at = own + quota.min(scans_budget - total);
            let other_bytes: usize = (0..finders.len())
                .filter(|&j| j != i)
                .map(|j| finders[j].0.bytes())
                .sum::<usize>()
                + exact_bytes(&exact);
            let finding = finders[i].0.run(limits, pause_at, total - own, other_bytes);
            peak = peak.max(finders[i].0.peak as u64 + other_bytes as u64);
            let spent: u64 = finders.iter().map(|(f, _)| f.states()).sum::<u64>()
                + exact.as_ref().map_or(0, |e| e.states());
            match finding {
                None => {}
                Some(Finding::Won(line)) => {
                    return Report::new(Outcome::Won(line), spent).holding(peak)
                }
                // No position left (probably lost), or the scans' share spent, of positions
                // or of memory (`stage_spent`: their tables are dropped, so the exact search
                // has the cap to itself): the exact search decides.
                Some(Finding::Exhausted) => break 'turns,
                Some(Finding::Stopped(stopped)) if stage_spent(stopped) => break 'turns,
                Some(Finding::Stopped(stopped)) => {
                    return Report::undecided(spent, stopped).holding(peak)
                }
            }
        }
        // The exact search's turn: it counts its own positions against the budget (it has
        // the whole of it, as when it runs alone), and the scans' memory with its own.
        // It pauses short of the positions budget, by more than one position's children
        // (it pauses only between positions), so that it never stops for good on the
        // budget while the scans still have rounds: with a small budget (a dead-end
        // check's), or a large one of positions.
        let most = limits.max_states().saturating_sub(1024);
        if let Some(e) = exact.as_mut().filter(|e| e.states() < most) {
            let other_bytes: usize = finders.iter().map(|(f, _)| f.bytes()).sum();
            let pause_at = (e.states() + SLICE * exact_weight).min(most);
            let outcome = e.run(limits, pause_at, 0, other_bytes);
            peak = peak.max(e.peak() as u64 + other_bytes as u64);
            if outcome.is_some() {
                let spent: u64 = finders.iter().map(|(f, _)| f.states()).sum();
                let mut report = e.report(outcome);
                report.states += spent;
                return report.holding(peak);
            }
        }
        round += 1;
    }
    let spent: u64 = finders.iter().map(|(f, _)| f.states()).sum();
    drop(finders);
    let mut exact = exact.unwrap_or_else(|| Exact::new(game, start));
    let outcome = exact.run(limits, u64::MAX, 0, 0);
    let mut report = exact.report(outcome);
    report.states += spent;
    report.holding(peak)
}
