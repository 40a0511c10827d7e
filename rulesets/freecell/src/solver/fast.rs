//! The win finder, and the solve that puts it before the proof.
//!
//! [`find_win`] is the search of [`super::search`] with three things changed for speed, none
//! of which it relies on for a proof, because it never claims one:
//!
//! - it remembers a position by a 64-bit [`Game::fingerprint`] (8 bytes, a few additions to
//!   compute) instead of its sorted 64-byte [`super::position::Key`];
//! - its open list holds a position's parent and the move to it, not the position: the
//!   position is played again from its parent when it is taken out, so a position waiting in
//!   the list costs 16 bytes;
//! - a position taken out is kept packed in 64 bytes as it lies ([`Game::pack`]: no sorting),
//!   and unpacked to play its children from.
//!
//! Two positions may share a fingerprint; the finder then skips the second and may miss a
//! win through it, but never reports a win that is not there: every line is replayed through
//! the ruleset before it is handed out. When the finder runs out of positions the deal is
//! only probably lost, so [`solve`] hands it to the exact search, whose proof is sound
//! (see [`super::search`]).

use super::position::{Dest, Game, Key, Move, Pos};
use super::search::{search, Outcome, Report};
use felt_core::analysis::Stopped;
use felt_patience::search::{room_bytes, FingerprintSet, Limits, Open};
use std::collections::BinaryHeap;
use std::mem::size_of;

/// What the finder found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Finding {
    /// A line from the start to a won position.
    Won(Vec<Move>),
    /// No position was left to try: the deal is probably lost (not proven).
    Exhausted,
    /// A limit stopped it.
    Stopped(Stopped),
}

/// The finder's answer and its cost.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found {
    /// What it found.
    pub finding: Finding,
    /// Distinct positions it stored (fingerprints).
    pub states: u64,
    /// The most memory its tables held, in bytes.
    pub peak_bytes: u64,
    /// Positions taken out of the open list and expanded.
    pub expanded: u64,
}

const ROOT: u32 = u32::MAX;

/// How one run of the win finder orders its open list: the priority of a position is
/// `weight` times [`Game::distance_valuing_room`] with `room`, plus `depth_cost` a move of
/// its line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Scan {
    /// What the distance counts for (against `depth_cost`).
    pub weight: i32,
    /// What one move more costs.
    pub depth_cost: i32,
    /// What a free cell is worth beyond [`Game::distance`]'s own (an empty column twice).
    pub room: i32,
}

/// Searches from `start` (FC-AUTO applied first) for a win, best first as
/// [`super::search::search`] does, remembering positions by fingerprint; `depth_cost` is what
/// one move more costs against [`Game::distance`] (the exact search's is [`super::search::DEPTH_COST`]).
pub fn find_win(game: &Game, start: &Pos, limits: &Limits<'_>, scan: Scan) -> Found {
    let mut first = *start;
    game.auto(&mut first);
    let found = |finding, states: usize, peak: usize, expanded: usize| Found {
        finding,
        states: states as u64,
        peak_bytes: peak as u64,
        expanded: expanded as u64,
    };
    if game.won(&first) {
        return found(Finding::Won(Vec::new()), 1, 0, 0);
    }
    let mut seen = FingerprintSet::default();
    seen.insert(game.fingerprint(&first));
    // The positions taken out of the open list, each with its parent, the move to it and the
    // length of its line; the root is number 0.
    let mut taken: Vec<Key> = Vec::new();
    let mut links: Vec<(u32, Move, u16)> = Vec::new();
    let mut open: BinaryHeap<Open<(u32, Move)>> = BinaryHeap::new();
    let mut moves = Vec::with_capacity(64);
    let mut peak = 0usize;
    let held = |seen: &FingerprintSet,
                taken: &Vec<Key>,
                links: &Vec<(u32, Move, u16)>,
                open: &BinaryHeap<Open<(u32, Move)>>| {
        room_bytes(seen.len(), seen.capacity(), (size_of::<u64>() + 1) * 8 / 7)
            + room_bytes(taken.len(), taken.capacity(), size_of::<Key>())
            + room_bytes(links.len(), links.capacity(), size_of::<(u32, Move, u16)>())
            + room_bytes(open.len(), open.capacity(), size_of::<Open<(u32, Move)>>())
    };
    taken.push(game.pack(&first));
    // The root's link is never read: lines stop at number 0.
    links.push((
        ROOT,
        Move {
            card: 0,
            dest: Dest::Cell,
        },
        0,
    ));
    let mut at = Some((first, 0u32, 0u16));
    while let Some((pos, id, depth)) = at {
        game.moves(&pos, &mut moves);
        let last = links[id as usize].1;
        let parent = game.parent(&pos);
        for &m in &moves {
            // The card the last move placed is not moved again at once, but to its
            // foundation: moving it on is nearly always one move of the two played the other
            // way round. The finder may skip what it likes (it claims no proof); a win it
            // misses so is left to the next scan or the exact search.
            if id != 0 && m.card == last.card && m.dest != Dest::Foundation {
                continue;
            }
            // Most children need not be played: their fingerprint and distance follow from
            // the parent's (see `preview`). Those whose move changes the foundations are.
            let (priority, won) = match game.preview(&pos, &parent, m, scan.room) {
                Some((fingerprint, distance)) => {
                    if !seen.insert(fingerprint) {
                        continue;
                    }
                    (scan.weight * distance, false)
                }
                None => {
                    let mut next = pos;
                    game.play(&mut next, m);
                    if !seen.insert(game.fingerprint(&next)) {
                        continue;
                    }
                    (
                        scan.weight * game.distance_valuing_room(&next, scan.room),
                        game.won(&next),
                    )
                }
            };
            if won {
                let mut line = line(&links, id);
                line.push(m);
                return found(Finding::Won(line), seen.len(), peak, taken.len());
            }
            let stop = limits.stop(seen.len() as u64, &mut peak, || {
                held(&seen, &taken, &links, &open)
            });
            if let Some(stopped) = stop {
                return found(Finding::Stopped(stopped), seen.len(), peak, taken.len());
            }
            open.push(Open {
                priority: priority + scan.depth_cost * (depth as i32 + 1),
                node: seen.len() as u32,
                item: (id, m),
            });
        }
        // The next position: played again from its parent, and kept.
        at = open.pop().map(|o| {
            let (from, m) = o.item;
            let mut pos = game.from_key(&taken[from as usize]);
            game.play(&mut pos, m);
            let depth = links[from as usize].2 + 1;
            taken.push(game.pack(&pos));
            links.push((from, m, depth));
            (pos, taken.len() as u32 - 1, depth)
        });
    }
    found(Finding::Exhausted, seen.len(), peak, taken.len())
}

fn line(links: &[(u32, Move, u16)], mut id: u32) -> Vec<Move> {
    let mut out = Vec::new();
    while id != 0 {
        let (parent, m, _) = links[id as usize];
        out.push(m);
        id = parent;
    }
    out.reverse();
    out
}

/// The win finder's scans, tried in turn, each with its share of the scans' budget in
/// sixteenths (of the positions budget, or of [`NOMINAL_STATES`] when that is smaller). Each
/// is there for deals the ones before it find hard, measured on four-cell deals 1..1000 and
/// 100001..200000 and two-cell deals 1..1000 (docs/freecell-solver.md):
///
/// 1. 3 × distance + 5 a move: the workhorse. Against the exact search's 1 × distance + 2 a
///    move, paired on four-cell deals 1..1000 and confirmed on 600001..601000, it stores 16 %
///    fewer positions (median CPU 0.52 -> 0.42 ms, mean 1.40 -> 1.01 ms on the deals not
///    tuned on) for lines 3 % longer; 2 × distance + 3 was faster still, but its lines passed
///    0.65 of fc-solve's.
/// 2. Free cells and empty columns worth 4 more each (twice for a column), 2 a move: four-cell
///    deals 131220, 170666 and 191247 within 133,000 positions, undecided within 1 s of CPU
///    before.
/// 3. 1 a move: greedier; two-cell deal 9 within 6,000 positions, where the exact search's
///    order needs over a million.
/// 4. Room worth 4 more and 1 a move: two-cell deal 805 within 170,000.
pub const SCANS: [(Scan, u64); 4] = [
    (
        Scan {
            weight: 3,
            depth_cost: 5,
            room: 0,
        },
        1,
    ),
    (
        Scan {
            weight: 1,
            depth_cost: 2,
            room: 4,
        },
        3,
    ),
    (
        Scan {
            weight: 1,
            depth_cost: 1,
            room: 0,
        },
        1,
    ),
    (
        Scan {
            weight: 1,
            depth_cost: 1,
            room: 4,
        },
        4,
    ),
];

/// The positions the scans' shares are cut from when the budget has more (or none: a budget
/// of CPU time alone), so that a generous budget still reaches every scan and the exact
/// search.
pub const NOMINAL_STATES: u64 = 1_000_000;

/// Wins or proves: the win finder's [`SCANS`] one after another, each with its share, then
/// the exact search ([`super::search::search`]), which both wins and proves, with the whole
/// positions budget of its own. Where a scan runs out of positions to try, the deal is
/// probably lost and the exact search comes at once to prove it. So a solve stores at most
/// twice the positions budget (the scans together at most once, then the exact search at
/// most once), one search's tables at a time; the CPU time and the memory are the budget's.
/// The report counts every search's positions.
pub fn solve(game: &Game, start: &Pos, limits: &Limits<'_>) -> Report {
    let nominal = limits.max_states().min(NOMINAL_STATES);
    let mut spent = 0u64;
    let mut peak = 0u64;
    for (scan, sixteenths) in SCANS {
        let share = (nominal / 16).saturating_mul(sixteenths).max(1);
        let fast = find_win(game, start, &limits.with_states(share), scan);
        spent += fast.states;
        peak = peak.max(fast.peak_bytes);
        match fast.finding {
            Finding::Won(line) => return Report::new(Outcome::Won(line), spent).holding(peak),
            // Its share ran out: the next scan may win within its own.
            Finding::Stopped(Stopped::States) => continue,
            Finding::Stopped(stopped) => return Report::undecided(spent, stopped).holding(peak),
            Finding::Exhausted => break,
        }
    }
    let mut exact = search(game, start, limits);
    exact.states += spent;
    exact.holding(peak)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deal::{lay_out, microsoft_order};
    use crate::state::State;
    use crate::Params;

    /// Deal `deal` laid out for `params`, as the solver sees it (FC-AUTO applied). Built from
    /// the deal module, not the ruleset, so the solver's tests import nothing that imports
    /// the solver.
    fn game_and_deal(params: Params, deal: u32) -> (Game, Pos) {
        let (columns, dealt) = lay_out(&microsoft_order(deal), params.columns, params.cells_dealt);
        let mut cells = vec![None; params.cells];
        for (cell, card) in cells.iter_mut().zip(dealt) {
            *cell = Some(card);
        }
        let state = State {
            deal,
            columns,
            cells,
            foundations: [0; 4],
            moves: 0,
            news: Vec::new(),
        };
        let game = Game::new(&params);
        let mut pos = game.from_state(&state);
        game.auto(&mut pos);
        (game, pos)
    }
    // The kept hashes and distance shares equal fresh ones after every move of long random
    // lines, so do the previews of every child on the way, and a fingerprint is the same for every order of the columns and cells (it
    // survives packing in another order and unpacking).
    #[test]
    fn kept_hashes_distances_and_previews_match_fresh_ones() {
        let variants = [
            Params::default(),
            Params {
                cells: 2,
                ..Params::default()
            },
            Params {
                build: crate::Build::Suit,
                empty: crate::Empty::Kings,
                cells: 8,
                cells_dealt: 4,
                ..Params::default()
            },
        ];
        let mut moves = Vec::new();
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        for params in variants {
            for deal in 1..=20 {
                let (game, mut pos) = game_and_deal(params, deal);
                for _ in 0..200 {
                    assert!(game.caches_hold(&pos), "deal {deal}");
                    let sorted = game.from_key(&game.key(&pos));
                    assert_eq!(game.fingerprint(&sorted), game.fingerprint(&pos));
                    assert_eq!(game.distance(&sorted), game.distance(&pos));
                    game.moves(&pos, &mut moves);
                    if moves.is_empty() {
                        break;
                    }
                    // A preview says what playing the move gives.
                    let parent = game.parent(&pos);
                    for &m in &moves {
                        let mut next = pos;
                        game.play(&mut next, m);
                        if let Some((f, d)) = game.preview(&pos, &parent, m, 3) {
                            assert_eq!(f, game.fingerprint(&next), "{m:?}");
                            assert_eq!(d, game.distance_valuing_room(&next, 3), "{m:?}");
                        }
                    }
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    game.play(&mut pos, moves[(seed % moves.len() as u64) as usize]);
                }
            }
        }
    }
}
