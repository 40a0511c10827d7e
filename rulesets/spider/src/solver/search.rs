//! Best-first search with a transposition table under a memory bound.
//!
//! Every distinct position reached is recorded by its 128-bit key. Open positions wait in
//! one queue per level (rows dealt so far) and per heuristic: the levels take turns, so later
//! levels advance while earlier ones keep feeding them better deals, and within a level the
//! heuristics take turns too (two views of "closer to a win" fail on different deals). Each
//! queue is greedy: lowest score first, ties going to the deeper position so plateaus are
//! dived into rather than swept.
//!
//! A node stores only its parent and the move that made it; its packed position is kept once
//! it is expanded with a new child, so memory grows with expansions, not with the positions
//! merely seen. When every queue runs dry and no move was left out, every reachable position
//! has been visited: that is the proof of a loss. What "every" leaves out (permutations of
//! interchangeable columns, dominated moves) and why that loses no win is stated rule by
//! rule in `solver/pruning.rs`.
//!
//! Most of the work per node is redone only where it changed: the node is rebuilt from its
//! parent over the working position its queue used last (a near relative), the per-column
//! summary ([`summary`]) is redone for the columns that differ, and a move's child is scored
//! from the links the move breaks and makes, without making it.

use super::eval::{move_bias, score, Weights};
use super::moves::{self, is_won, search_moves_grouped, shared_columns, SolverMove};
use super::position::{Key, Position};
use super::table::KeySet;
use super::{Answer, Budget, SolverRules, Stopped, Tuning, Verdict};
use queue::{Open, Queues};
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use summary::{Summary, MAX_VIEWS};

mod queue;
mod summary;

/// How often (in expansions) the budget's callback is asked.
const CHECK_EVERY: u64 = 256;

/// [`Node::packed`] of a node expanded without a new child.
const BARE: u32 = u32::MAX - 1;

#[derive(Clone, Copy)]
struct Node {
    parent: u32,
    mv: u32,
    /// Offset of the packed position in the arena once expanded, [`BARE`] if expanded without
    /// a new child (then nothing is ever rebuilt from it, and it is not packed), else
    /// `u32::MAX`.
    packed: u32,
    depth: u16,
}

pub(crate) fn encode(mv: SolverMove) -> u32 {
    match mv {
        SolverMove::Deal => u32::MAX,
        SolverMove::Move { from, count, to } => {
            (from as u32) | (count as u32) << 8 | (to as u32) << 16
        }
    }
}

pub(crate) fn decode(m: u32) -> SolverMove {
    if m == u32::MAX {
        SolverMove::Deal
    } else {
        SolverMove::Move {
            from: m as u8,
            count: (m >> 8) as u8,
            to: (m >> 16) as u8,
        }
    }
}

/// Makes room in `v` for at least `room` more items, growing it by a quarter rather than
/// doubling it: the arena and the nodes are most of the memory a large search holds, and
/// doubling would leave up to half of them reserved but unused against the memory bound.
#[inline]
pub(super) fn grow_gently<T>(v: &mut Vec<T>, room: usize) {
    if v.capacity() - v.len() < room {
        v.reserve_exact(v.capacity() / 4 + room);
    }
}

/// The capacity a vector of `len` items in `cap` slots has after [`grow_gently`] made room for
/// `room` more.
pub(super) fn grown(len: usize, cap: usize, room: usize) -> usize {
    if cap - len < room {
        cap + cap / 4 + room
    } else {
        cap
    }
}

/// A working position of the search: the node it holds and that node's summary.
struct Work {
    pos: Position,
    here: Summary,
    held: u32,
}

/// Why a search stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Stop {
    /// It found a win.
    Answered,
    /// Every queue ran dry.
    Dry,
    /// It visited the positions it was allowed.
    States,
    /// Going on would have passed the memory bound.
    Memory,
    /// The caller's "keep going?" said no.
    Caller,
}

/// Searches from `root` (already masked in honest mode) and says why it stopped. In honest
/// mode a loss can be proven only if the root holds no unknown card.
pub(crate) fn best_first(
    root: &Position,
    rules: &SolverRules,
    honest: bool,
    budget: Budget<'_>,
    tuning: &Tuning,
) -> (Answer, Stop) {
    let (answer, stop, _) = best_first_toward(root, rules, honest, budget, tuning, None);
    (answer, stop)
}

/// The positions of a line that a re-solve from one of its places looks out for: a position
/// the search reaches in fewer moves than the line takes to get there is a shortcut, whether
/// or not the search goes on to win.
pub(crate) struct Targets {
    /// Each position's key, as the search keys it, with its last place on the line.
    pub(crate) places: HashMap<Key, usize, BuildHasherDefault<KeyHasher>>,
    /// The place on the line the search starts from.
    pub(crate) from: usize,
}

/// A hasher for [`Key`]s, which are already well mixed: their words are folded, not hashed
/// again.
#[derive(Default)]
pub(crate) struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ b as u64;
        }
    }
    fn write_u64(&mut self, x: u64) {
        self.0 = self.0.rotate_left(17) ^ x;
    }
}

/// [`best_first`], and with `targets` the way to the target position that saves the most
/// moves against the line (the moves from `root`), if the search met one.
pub(crate) fn best_first_toward(
    root: &Position,
    rules: &SolverRules,
    honest: bool,
    budget: Budget<'_>,
    tuning: &Tuning,
    targets: Option<&Targets>,
) -> (Answer, Stop, Option<Vec<SolverMove>>) {
    let mut best = None;
    let (answer, stop) = search(root, rules, honest, budget, tuning, targets, &mut best);
    (answer, stop, best.map(|(_, path)| path))
}

/// The search of [`best_first_toward`]; `best` holds the best target met so far, with the
/// moves it saves.
fn search(
    root: &Position,
    rules: &SolverRules,
    honest: bool,
    budget: Budget<'_>,
    tuning: &Tuning,
    targets: Option<&Targets>,
    best: &mut Option<(usize, Vec<SolverMove>)>,
) -> (Answer, Stop) {
    let views: Vec<Weights> = std::iter::once(tuning.weights)
        .chain(tuning.second)
        .take(MAX_VIEWS)
        .collect();
    // The first allocations take at most an eighth of the memory bound each, so that a small
    // bound is kept from the start (the table holds two slots a key).
    let eighth = budget.max_bytes / 8;
    let mut seen = KeySet::with_capacity((eighth / 32).min(1 << 16));
    let mut nodes: Vec<Node> =
        Vec::with_capacity((eighth / std::mem::size_of::<Node>()).min(1 << 16));
    let mut arena: Vec<u8> = Vec::with_capacity(eighth.min(1 << 20));
    let levels = root.rows_left() + 1;
    let mut queues = Queues::new(levels, views.len(), tuning.per_round);
    let pos = root;
    let mut moves = Vec::with_capacity(64);
    let mut kids: Vec<(Key, [i32; MAX_VIEWS], SolverMove, usize)> = Vec::with_capacity(64);
    let mut peak = 0usize;
    let answer = |verdict, seen: &KeySet, peak, stop| {
        let stopped = match stop {
            Stop::Answered => Stopped::Decided,
            Stop::Dry if verdict == Verdict::ProvenUnwinnable => Stopped::Decided,
            Stop::Dry => Stopped::Hidden,
            Stop::States => Stopped::States,
            Stop::Memory => Stopped::Memory,
            Stop::Caller => Stopped::Caller,
        };
        let answer = Answer {
            verdict,
            states: seen.len() as u64,
            peak_bytes: peak,
            stopped,
        };
        (answer, stop)
    };

    if is_won(pos, rules) {
        return answer(Verdict::Won(Vec::new()), &seen, 0, Stop::Answered);
    }
    seen.insert(pos.key(shared_columns(pos, honest)));
    nodes.push(Node {
        parent: u32::MAX,
        mv: 0,
        packed: u32::MAX,
        depth: 0,
    });
    for (v, w) in views.iter().enumerate() {
        let prio = score(pos, w);
        queues.push(0, v, Open::new(prio, 0, 0));
    }
    let mut expansions = 0u64;
    let mut pruned_any = false;
    // One working position for each queue, with the node it holds and its summary: a greedy
    // queue mostly takes a child or a near relative of the node it gave last, so few columns
    // differ from it, while the queues taking turns lie far apart.
    let mut work: Vec<Work> = Vec::new();
    work.resize_with(levels * views.len(), || Work {
        pos: root.clone(),
        here: Summary::of(root, shared_columns(root, honest), &views, rules.group),
        held: 0,
    });
    loop {
        let popped = queues.pop(|id| nodes[id as usize].packed != u32::MAX);
        let Some((id, queue)) = popped else { break };
        let Work { pos, here, held } = &mut work[queue];
        expansions += 1;
        peak = peak.max(
            arena.capacity()
                + nodes.capacity() * std::mem::size_of::<Node>()
                + queues.bytes()
                + seen.bytes(),
        );
        if seen.len() as u64 >= budget.max_states {
            return answer(Verdict::Undecided, &seen, peak, Stop::States);
        }
        if expansions.is_multiple_of(CHECK_EVERY) {
            if let Some(go) = budget.keep_going {
                if !go(seen.len() as u64) {
                    return answer(Verdict::Undecided, &seen, peak, Stop::Caller);
                }
            }
        }
        // Rebuild the node's position from its parent's packed form and its move, unless the
        // parent is already there.
        let node = nodes[id as usize];
        let mut changed = 0u32;
        if node.parent != u32::MAX {
            if node.parent != *held {
                let parent = nodes[node.parent as usize];
                changed = pos.unpack_changed(&arena[parent.packed as usize..]).1;
            }
            changed |= match pos.apply(decode(node.mv)).mv {
                SolverMove::Move { from, to, .. } => 1 << from | 1 << to,
                SolverMove::Deal => u32::MAX,
            };
        }
        *held = id;
        nodes[id as usize].packed = BARE;

        let shared = shared_columns(pos, honest);
        here.update(pos, shared, &views, rules.group, changed);
        let tops = here.tops();
        moves.clear();
        search_moves_grouped(pos, rules, shared, here.groups(), &mut moves);
        // Evaluate every child first and prefetch its table slot: the table is far larger
        // than the caches, and the lookups then overlap.
        kids.clear();
        let level = levels - 1 - pos.rows_left();
        for &mv in &moves {
            if tuning.prune && moves::pruned_with(pos, mv, tops, here.free()) {
                pruned_any = true;
                continue;
            }
            let bias = move_bias(mv) + tuning.depth_weight * (node.depth as i32 + 1);
            // Most moves are scored without being made; one that completes a run, and a deal,
            // are made and taken back.
            let scored = match mv {
                SolverMove::Move { from, count, to } => {
                    here.move_child(pos, from, count, to, &views)
                }
                SolverMove::Deal => None,
            };
            let (key, scores, level) = match scored {
                Some((key, scores)) => (key, scores, level),
                None => {
                    let undo = pos.apply(mv);
                    if is_won(pos, rules) {
                        let line = path_to(&nodes, id, mv);
                        return answer(Verdict::Won(line), &seen, peak, Stop::Answered);
                    }
                    let (key, scores) = here.child(pos, &undo, honest, &views);
                    let child_level = levels - 1 - pos.rows_left();
                    pos.undo(undo);
                    (key, scores, child_level)
                }
            };
            seen.prefetch(key);
            if let Some(t) = targets {
                note_target(t, key, id, mv, node.depth, &nodes, best);
            }
            kids.push((key, scores.map(|s| s + bias), mv, level));
        }
        // Stop before keeping the children would take the search past its memory bound: every
        // structure is counted as it will be once it has grown to hold them, so the bound is
        // never passed, not only checked after the fact.
        let after = grown(arena.len(), arena.capacity(), 4096)
            + grown(nodes.len(), nodes.capacity(), kids.len() + 64) * std::mem::size_of::<Node>()
            + queues.bytes_after(kids.len())
            + seen.bytes_after_inserting(kids.len());
        if after > budget.max_bytes {
            return answer(Verdict::Undecided, &seen, peak, Stop::Memory);
        }
        let depth = node.depth.saturating_add(1);
        for &(key, prios, mv, level) in &kids {
            if seen.insert(key) {
                if nodes[id as usize].packed == BARE {
                    // The first new child: its parent will be unpacked.
                    nodes[id as usize].packed = arena.len() as u32;
                    grow_gently(&mut arena, 4096);
                    pos.pack(&mut arena);
                }
                grow_gently(&mut nodes, 64);
                let child = nodes.len() as u32;
                nodes.push(Node {
                    parent: id,
                    mv: encode(mv),
                    packed: u32::MAX,
                    depth,
                });
                for (v, &prio) in prios.iter().enumerate().take(views.len()) {
                    queues.push(level, v, Open::new(prio, depth, child));
                }
            }
        }
    }
    // Ran dry. In honest mode unknown cards were treated as inert, and pruned moves were
    // never tried: either way this proves nothing.
    let verdict = if (honest && root.has_unknown()) || pruned_any {
        Verdict::Undecided
    } else {
        Verdict::ProvenUnwinnable
    };
    answer(verdict, &seen, peak, Stop::Dry)
}

/// The moves from the root to node `id`, then `mv`.
fn path_to(nodes: &[Node], id: u32, mv: SolverMove) -> Vec<SolverMove> {
    let mut line = vec![mv];
    let mut at = id;
    while nodes[at as usize].parent != u32::MAX {
        line.push(decode(nodes[at as usize].mv));
        at = nodes[at as usize].parent;
    }
    line.reverse();
    line
}

/// Keeps in `best` the way to the child `mv` of node `id` (at `depth`) if its key is one of
/// `targets` and it saves more moves against the line than the best so far.
#[inline]
fn note_target(
    targets: &Targets,
    key: Key,
    id: u32,
    mv: SolverMove,
    depth: u16,
    nodes: &[Node],
    best: &mut Option<(usize, Vec<SolverMove>)>,
) {
    let Some(&t) = targets.places.get(&key) else {
        return;
    };
    let reached = targets.from + depth as usize + 1;
    let saved = t.saturating_sub(reached);
    if saved > best.as_ref().map_or(0, |b| b.0) {
        *best = Some((saved, path_to(nodes, id, mv)));
    }
}
