//! Exact dead-end detection (SITE-DEADEND): can any sequence of moves still turn up a
//! face-down card, finish a run, or make a deal legal?
//!
//! The question never depends on what a hidden card is (turning it up is progress whatever it
//! shows), so the search runs on the masked position and may be shown to any player. It is a
//! depth-first search over every position reachable by moves, with a transposition table that
//! merges positions differing only by the order of columns (all are interchangeable here: the
//! check never deals, and progress does not depend on the order). Only two kinds of move are
//! left out, both provably useless: moving a whole column into an empty one, and choosing
//! between two empty columns. So "stuck" is only said after every other position was seen:
//! never a false alarm, including when the only way out is to split a run into an empty
//! column. Each rule and cut, with why it is sound: `solver/pruning.rs`, rules D1 to D5.
//!
//! Four things make it fast without making it inexact. Two coarser games prove most dead ends
//! without any search, and cut, inside the search, positions from which they see no way out:
//! one counts the last cards of each rank, which only a move that cannot be undone changes
//! (`bases`, argued there), and one lets targets never wear out (`relaxed_progress`). Moves
//! are tried toward progress first, so a way out, when there is one, is usually met early;
//! and when it is not, a breadth-first probe looks at the nearest positions before the
//! depth-first search goes on, since a way out a few moves deep can hide behind a branch of
//! 100,000 positions.

mod bases;
mod shortcut;
pub(crate) use shortcut::shortcut;

use super::moves::{deal_allowed, links, search_moves, shared_columns, suited_link, SolverMove};
use super::position::{rank, suit, Key, Position, Undo, MAX_COLUMNS, RUN};
use super::table::KeySet;
use super::{Budget, SolverRules};
pub(crate) use bases::bases_stuck;
use bases::BasesCache;

/// The answer of [`dead_end`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DeadEnd {
    /// Nothing can ever turn a card, finish a run or deal again: the game is over.
    Stuck {
        /// Positions visited to prove it.
        states: u64,
    },
    /// Progress is still possible; `line` leads to it (empty if a deal is legal now).
    NotStuck {
        /// Moves that reach a flip, a removed run or a legal deal.
        line: Vec<SolverMove>,
        /// Positions visited.
        states: u64,
    },
    /// The budget ran out before either was shown.
    Undecided {
        /// Positions visited.
        states: u64,
    },
}

impl DeadEnd {
    /// True only for a proven dead end.
    pub fn is_stuck(&self) -> bool {
        matches!(self, DeadEnd::Stuck { .. })
    }
}

struct Frame {
    lo: usize,
    hi: usize,
    next: usize,
    undo: Option<Undo>,
    /// The position's key before `undo`'s move, restored when the frame is left.
    key: Key,
}

/// Decides exactly whether `pos` is a dead end under `rules`. Hidden cards are never read.
///
/// First the two coarser games are asked (`relaxed_progress`, and the count of last cards in
/// `bases`): when either cannot make progress, the position is stuck without a search.
/// Otherwise a short depth-first search runs, then a breadth-first `probe`, then the
/// depth-first search again with the rest of the budget. Each is exhaustive when it ends
/// without running out, and asks the coarser games again at the positions it reaches, so that
/// it never explores the moves out of a position from which nothing can come.
///
/// A way out is given as a shortest one where the breadth-first [`probe`] finds one within
/// `budget`, else with its detours cut ([`shortcut()`]): the depth-first path to it can be
/// tens of thousands of moves.
pub fn dead_end(pos: &Position, rules: &SolverRules, budget: Budget<'_>) -> DeadEnd {
    match search(pos, rules, budget) {
        DeadEnd::NotStuck { line, states } => {
            let masked = pos.masked();
            let cut = shortcut(&masked, rules, line);
            DeadEnd::NotStuck {
                line: shortest(&masked, rules, cut, budget),
                states,
            }
        }
        answer => answer,
    }
}

/// Lines this long are given as they are: no way out is shorter than one move, and a line of
/// a few moves costs the player nothing to follow.
const SHORT_LINE: usize = 4;

/// `line`, a way out from `start`, or a shorter one: the breadth-first [`probe`] is run again
/// with all of `budget` (the check's own probe had only [`PROBE_STATES`]), and its first way
/// out is a shortest one. The depth-first search met its way out after wandering, and cutting
/// its detours keeps only moves between positions it passed: on the position of four-suit
/// deal 13028 that the tests hold (`wandering_way_out`), 147,667 moves cut to 620, where the
/// probe finds a way out of 7. The probe costs at most the check's own budget again, and
/// only where a way out was long.
fn shortest(
    start: &Position,
    rules: &SolverRules,
    line: Vec<SolverMove>,
    budget: Budget<'_>,
) -> Vec<SolverMove> {
    if line.len() <= SHORT_LINE {
        return line;
    }
    match probe(start, rules, budget) {
        Probe::Decided(DeadEnd::NotStuck { line: short, .. }) if short.len() < line.len() => short,
        _ => line,
    }
}

/// Whether [`dead_end`] says stuck, without cutting a way out nobody will follow: what the
/// table's status and the host's dead-end question ask after a move.
pub fn is_dead_end(pos: &Position, rules: &SolverRules, budget: Budget<'_>) -> bool {
    search(pos, rules, budget).is_stuck()
}

/// [`dead_end`]'s search, its way out as the search found it.
fn search(pos: &Position, rules: &SolverRules, budget: Budget<'_>) -> DeadEnd {
    let p = pos.masked();
    if super::moves::is_won(&p, rules) || deal_allowed(&p, rules) {
        return DeadEnd::NotStuck {
            line: Vec::new(),
            states: 0,
        };
    }
    if !relaxed_progress(&p, rules) || bases_stuck(&p, rules) {
        return DeadEnd::Stuck { states: 1 };
    }
    let first = Budget {
        max_states: QUICK_STATES.min(budget.max_states / 8),
        ..budget
    };
    let mut spent = match exhaustive(p.clone(), rules, first, true) {
        DeadEnd::Undecided { states } => states,
        answer => return answer,
    };
    if budget.keep_going.is_some_and(|go| !go(spent)) {
        return DeadEnd::Undecided { states: spent };
    }
    let cap = Budget {
        max_states: PROBE_STATES.min(budget.max_states / 4),
        ..budget
    };
    match probe(&p, rules, cap) {
        Probe::Decided(answer) => return answer.after(spent),
        Probe::Open(states) => spent += states,
    }
    let rest = Budget {
        max_states: budget.max_states.saturating_sub(spent),
        ..budget
    };
    exhaustive(p, rules, rest, true).after(spent)
}

impl DeadEnd {
    /// The same answer, counting `spent` positions visited before it.
    fn after(self, spent: u64) -> DeadEnd {
        match self {
            DeadEnd::Stuck { states } => DeadEnd::Stuck {
                states: states + spent,
            },
            DeadEnd::NotStuck { line, states } => DeadEnd::NotStuck {
                line,
                states: states + spent,
            },
            DeadEnd::Undecided { states } => DeadEnd::Undecided {
                states: states + spent,
            },
        }
    }
}

/// Positions the first, short depth-first search may visit. Most answers come within them, and
/// at one suit the depth-first order, which heads for progress, finds a way out sooner than the
/// breadth-first probe would (with 4,000 here, the 99th percentile there rose from 16 to 22 ms).
const QUICK_STATES: u64 = 20_000;

/// Positions the breadth-first [`probe`] may visit before the depth-first search takes over.
const PROBE_STATES: u64 = 50_000;

/// What [`probe`] found.
enum Probe {
    /// A way out, or the whole closed set seen without one.
    Decided(DeadEnd),
    /// Neither within its positions (the count).
    Open(u64),
}

/// A breadth-first search within `cap`, layer by layer.
///
/// A way out is often a few moves away, yet the depth-first search, which needs far less
/// memory on a large closed set, may first wander through hundreds of thousands of positions
/// down another branch: on one 4-suit table from random play, the way out five moves away took
/// 260,000 positions depth-first and 260 breadth-first. So once the short depth-first search
/// has failed, the nearest positions are looked at first; the first way out met is also a
/// shortest one. The probe proves "stuck" too, when the closed set is small.
fn probe(start: &Position, rules: &SolverRules, cap: Budget<'_>) -> Probe {
    let shared = shared_columns(start, true);
    let mut seen = KeySet::with_capacity(1 << 10);
    seen.insert(start.key(shared));
    let mut work = start.clone();
    // Every position met, packed, with where its bytes start, its parent and the move there.
    let mut packed: Vec<u8> = Vec::new();
    let mut nodes: Vec<(usize, u32, SolverMove)> = Vec::new();
    start.pack(&mut packed);
    nodes.push((0, u32::MAX, SolverMove::Deal));
    let mut buf: Vec<SolverMove> = Vec::with_capacity(256);
    let mut asked = Asked::default();
    let mut bases = BasesCache::default();
    let mut next = 0;
    while next < nodes.len() {
        let (at, _, _) = nodes[next];
        work.unpack(&packed[at..]);
        buf.clear();
        search_moves(&work, rules, shared, &mut buf);
        for &mv in &buf {
            let u = work.apply(mv);
            if u.flipped != 0 || u.removed != 0 || deal_allowed(&work, rules) {
                let mut line = vec![mv];
                let mut i = next;
                while nodes[i].1 != u32::MAX {
                    line.push(nodes[i].2);
                    i = nodes[i].1 as usize;
                }
                line.reverse();
                return Probe::Decided(DeadEnd::NotStuck {
                    line,
                    states: seen.len() as u64,
                });
            }
            if seen.insert(work.key(shared))
                && !bases.stuck(&work, rules)
                && !hopeless(&work, rules, &mut asked)
            {
                let at = packed.len();
                work.pack(&mut packed);
                nodes.push((at, next as u32, mv));
            }
            work.undo(u);
        }
        next += 1;
        let states = seen.len() as u64;
        let full = states >= cap.max_states || seen.bytes() + packed.len() > cap.max_bytes;
        if full || (next.is_multiple_of(1024) && cap.keep_going.is_some_and(|go| !go(states))) {
            return Probe::Open(states);
        }
    }
    Probe::Decided(DeadEnd::Stuck {
        states: seen.len() as u64,
    })
}

/// The exhaustive search behind [`dead_end`]; `relax` lets it skip the moves out of a position
/// the relaxed game proves stuck (off only to cross-check the relaxation in tests).
pub(crate) fn exhaustive(
    mut p: Position,
    rules: &SolverRules,
    budget: Budget<'_>,
    relax: bool,
) -> DeadEnd {
    if super::moves::is_won(&p, rules) || deal_allowed(&p, rules) {
        return DeadEnd::NotStuck {
            line: Vec::new(),
            states: 0,
        };
    }
    // Every column is interchangeable (the search is honest), and nothing in the search
    // changes the stock or the runs removed: a move changes the key only through the two
    // columns it touches, so the key is kept up to date from their shares alone.
    let shared = shared_columns(&p, true);
    let mut key = p.key(shared);
    let mut col_keys = [Key::default(); MAX_COLUMNS];
    for (c, k) in col_keys.iter_mut().enumerate().take(p.columns()) {
        *k = p.column_key(c, shared);
    }
    let mut seen = KeySet::with_capacity(1 << 10);
    seen.insert(key);
    let mut buf: Vec<SolverMove> = Vec::with_capacity(256);
    search_moves(&p, rules, shared, &mut buf);
    toward_progress(&p, &mut buf);
    let mut stack = vec![Frame {
        lo: 0,
        hi: buf.len(),
        next: 0,
        undo: None,
        key,
    }];
    let mut visited = 0u64;
    let mut asked = Asked::default();
    let mut bases = BasesCache::default();
    while let Some(top) = stack.last_mut() {
        if top.next == top.hi {
            buf.truncate(top.lo);
            if let Some(u) = top.undo {
                p.undo(u);
                key = top.key;
                touched(&p, u.mv, shared, &mut col_keys);
            }
            stack.pop();
            continue;
        }
        let mv = buf[top.next];
        top.next += 1;
        let u = p.apply(mv);
        if u.flipped != 0 || u.removed != 0 || deal_allowed(&p, rules) {
            let mut line: Vec<SolverMove> =
                stack.iter().filter_map(|f| f.undo.map(|u| u.mv)).collect();
            line.push(mv);
            return DeadEnd::NotStuck {
                line,
                states: seen.len() as u64,
            };
        }
        let before = key;
        let next = match mv {
            SolverMove::Move { from, to, .. } => {
                let (f, t) = (from as usize, to as usize);
                key.sub(col_keys[f])
                    .sub(col_keys[t])
                    .add(p.column_key(f, shared))
                    .add(p.column_key(t, shared))
            }
            SolverMove::Deal => p.key(shared),
        };
        debug_assert_eq!(next, p.key(shared));
        if !seen.insert(next) {
            p.undo(u);
            continue;
        }
        key = next;
        touched(&p, mv, shared, &mut col_keys);
        visited += 1;
        if seen.len() as u64 >= budget.max_states || seen.bytes() > budget.max_bytes {
            return DeadEnd::Undecided {
                states: seen.len() as u64,
            };
        }
        if visited.is_multiple_of(1024) {
            if let Some(go) = budget.keep_going {
                if !go(visited) {
                    return DeadEnd::Undecided {
                        states: seen.len() as u64,
                    };
                }
            }
        }
        let lo = buf.len();
        if !(relax && (bases.stuck(&p, rules) || hopeless(&p, rules, &mut asked))) {
            search_moves(&p, rules, shared, &mut buf);
            toward_progress(&p, &mut buf[lo..]);
        }
        let hi = buf.len();
        stack.push(Frame {
            lo,
            hi,
            next: lo,
            undo: Some(u),
            key: before,
        });
    }
    DeadEnd::Stuck {
        states: seen.len() as u64,
    }
}

/// How often a search asked the relaxed game, and how often it cut a position.
#[derive(Default)]
struct Asked {
    tries: u64,
    cuts: u64,
    positions: u64,
}

/// Whether the relaxed game proves `p` stuck, so that the moves out of it need not be tried.
///
/// The relaxed game costs about as much as expanding a position, and where targets are plenty
/// (one suit) it almost never proves anything: after a first sample it is asked only while it
/// pays, and then at every 16th position. Skipping it only means expanding a position it might
/// have cut, so a search stays exhaustive.
fn hopeless(p: &Position, rules: &SolverRules, asked: &mut Asked) -> bool {
    asked.positions += 1;
    let ask =
        asked.tries < 256 || asked.cuts * 16 >= asked.tries || asked.positions.is_multiple_of(16);
    if !ask {
        return false;
    }
    asked.tries += 1;
    let stuck = !relaxed_progress(p, rules);
    asked.cuts += u64::from(stuck);
    stuck
}

/// Refreshes the key shares of the columns `mv` touched.
fn touched(p: &Position, mv: SolverMove, shared: u32, col_keys: &mut [Key; MAX_COLUMNS]) {
    match mv {
        SolverMove::Move { from, to, .. } => {
            for c in [from as usize, to as usize] {
                col_keys[c] = p.column_key(c, shared);
            }
        }
        SolverMove::Deal => {
            for (c, k) in col_keys.iter_mut().enumerate().take(p.columns()) {
                *k = p.column_key(c, shared);
            }
        }
    }
}

/// Orders moves so that a way out is met early: first those leaving the fewest face-up cards
/// in their source column (a move leaving none turns a card or empties a column), and among
/// equals those building in suit. The search still tries every move, so the order changes only
/// how soon "not stuck" is found, never the answer.
fn toward_progress(p: &Position, moves: &mut [SolverMove]) {
    moves.sort_by_key(|&mv| match mv {
        SolverMove::Move { from, count, to } => {
            let (f, n) = (from as usize, count as usize);
            let left = p.len(f) - n - p.face_down(f);
            let head = p.at(f, p.len(f) - n);
            let in_suit = p.top(to as usize).is_some_and(|t| suit(t) == suit(head));
            2 * left + usize::from(!in_suit)
        }
        SolverMove::Deal => 0,
    });
}

/// Whether progress (a flip, a finished run, a legal deal) is possible in a relaxed game where
/// a card, once it has been the last card of a column, stays available as a target for ever,
/// and an empty column, once made, stays empty for ever. `false` proves the position stuck.
///
/// Why `false` is a proof. Call "`k` cards of column `c` may remain" (`rem[c][k]`) the
/// relaxed claim; it holds for the whole column (`k = len`), and for `k < len` when the card at
/// height `k` heads a movable group `k..j` with `rem[c][j]`, and that head is *placeable*: some
/// card one rank higher may remain last in some column, or some column may be empty. Claim: in
/// any real line of moves without progress, whenever a card `x` (at height `i` of its column
/// at the start) is the last card of a column, `rem[col(x)][i + 1]` holds. Take the first time
/// `x` is last. Until then nothing was put on `x` (that needs `x` last), so `x` carried its
/// original upper neighbour `y` throughout, moving with it if at all. At that time, a group
/// headed by `y` left `x`: `y` was placeable, since its target was last in a column earlier
/// (induction) or was an empty column (an empty column at the start, or a column with no
/// face-down card emptied: its bottom card left, which is the same claim with `k = 0`; a
/// column with face-down cards cannot empty without a flip). The cards of that group are
/// original cards `i+1..j` still in place, then maybe cards added later; if `j` is below the
/// original top, card `j` left earlier, so card `j - 1` was last earlier and `rem[j]` holds by
/// induction; else `j` is the top and `rem[len]` holds. Cards `i+1..j` lie in one moving group,
/// so they form a movable group, and `rem[i + 1]` follows. The same argument with the first
/// face-down card shows a flip needs `rem[c][down]`.
///
/// A finished run needs all 13 cards of its suit face up, so no flip may come first; look at
/// its King, at height `p`. As above, the cards left on it at the moment the run forms are an
/// original suited chain `p..j` followed by cards added once card `j - 1` was last
/// (`rem[j]`), or the whole original chain up to the top. So a run is possible only if some
/// face-up King heads an original suited chain `p..j` with `rem[j]` and every lower rank of
/// its suit below the chain's end has a face-up card somewhere.
pub(crate) fn relaxed_progress(p: &Position, rules: &SolverRules) -> bool {
    if p.rows_left() > 0 {
        // Filling the columns so that a deal becomes legal is not modelled: no proof.
        return true;
    }
    let ncols = p.columns();
    // `rem` per column as a bit set: bit `k` set when `k` cards may remain.
    let mut rem = [0u64; MAX_COLUMNS];
    // Bit `k` set when card `k` lies on card `k - 1` as in a movable group.
    let mut link = [0u64; MAX_COLUMNS];
    // Ranks (bits 1 to 13) of cards that may be last in a column.
    let mut avail = 0u16;
    let mut empty = false;
    for c in 0..ncols {
        let n = p.len(c);
        if n == 0 {
            empty = true;
        } else if n < 64 {
            rem[c] = 1 << n;
            avail |= 1 << rank(p.at(c, n - 1));
            for k in p.face_down(c) + 1..n {
                if links(p.at(c, k - 1), p.at(c, k), rules.group) {
                    link[c] |= 1 << k;
                }
            }
        } else {
            // Too tall to track (never in a real game): no proof.
            return true;
        }
    }
    // A column's claims depend only on its own cards, `avail` and `empty`, and one pass from
    // the top down reaches its fixed point for them (a claim only helps claims below it), so
    // a column is looked at again only when `avail` or `empty` grew since its last pass.
    let mut seen: [Option<(u16, bool)>; MAX_COLUMNS] = [None; MAX_COLUMNS];
    loop {
        let mut changed = false;
        for c in 0..ncols {
            let n = p.len(c);
            if n == 0 || seen[c] == Some((avail, empty)) {
                continue;
            }
            seen[c] = Some((avail, empty));
            let down = p.face_down(c);
            let before = rem[c];
            let mut r = before;
            // `reach`: `rem[c][j]` holds for some `j > k` such that cards `k..j` may move as
            // one group; from `k + 1` to `k` it needs `rem[c][k + 1]`, or card `k + 1` linked on
            // card `k` and `reach` at `k + 1`.
            let mut reach = true;
            for k in (down..n).rev() {
                if k + 1 < n {
                    reach = r & (1 << (k + 1)) != 0 || (link[c] & (1 << (k + 1)) != 0 && reach);
                }
                if r & (1 << k) != 0 || !reach {
                    continue;
                }
                let head = p.at(c, k);
                if empty || (rank(head) < 13 && avail & (1 << (rank(head) + 1)) != 0) {
                    r |= 1 << k;
                }
            }
            if r != before {
                rem[c] = r;
                changed = true;
                if down > 0 && r & (1 << down) != 0 {
                    return true;
                }
                if down == 0 && r & 1 != 0 {
                    empty = true;
                }
                for k in down + 1..=n {
                    if r & (1 << k) != 0 {
                        avail |= 1 << rank(p.at(c, k - 1));
                    }
                }
            }
        }
        if !changed {
            break;
        }
    }
    run_possible(p, &rem)
}

/// The finished-run half of [`relaxed_progress`]: whether some face-up King heads a suited
/// chain that may be last in its column, with every lower rank of its suit face up somewhere.
fn run_possible(p: &Position, rem: &[u64]) -> bool {
    // Face-up ranks by suit: bits 1 to 13 for each of the four suit values.
    let mut up = [0u16; 4];
    for c in 0..p.columns() {
        for i in p.face_down(c)..p.len(c) {
            let b = p.at(c, i);
            up[(suit(b) >> 4) as usize] |= 1 << rank(b);
        }
    }
    for (c, &r) in rem.iter().enumerate().take(p.columns()) {
        let n = p.len(c);
        for k in p.face_down(c)..n {
            let king = p.at(c, k);
            if rank(king) != 13 {
                continue;
            }
            let mut j = k + 1;
            loop {
                let last = p.at(c, j - 1);
                // Ranks 1 to rank(last) - 1 of the suit must all be face up.
                let need = ((1u16 << rank(last)) - 1) & !1;
                if r & (1 << j) != 0 && up[(suit(king) >> 4) as usize] & need == need {
                    return true;
                }
                if j == n || j - k == RUN || !suited_link(p.at(c, j - 1), p.at(c, j)) {
                    break;
                }
                j += 1;
            }
        }
    }
    false
}
