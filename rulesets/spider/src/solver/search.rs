//! Best-first search with a transposition table under a memory bound.
//!
//! Every distinct position reached is recorded by its 128-bit key. Open positions wait in
//! one queue per level (rows dealt so far) and per heuristic: the levels take turns, so later
//! levels advance while earlier ones keep feeding them better deals, and within a level the
//! heuristics take turns too (two views of "closer to a win" fail on different deals). Each
//! queue is greedy: lowest score first, ties going to the deeper position so plateaus are
//! dived into rather than swept.
//!
//! A node stores only its parent, the move that made it and its depth, in eight bytes. A
//! node's packed position is kept only when it is expanded with a new child at a depth that
//! is a multiple of [`PACK_EVERY`]; any other node is rebuilt by replaying the few moves from
//! its nearest packed ancestor (or from the working position, when that holds an ancestor).
//! Replaying a move reproduces the position exactly (the stock's order is the search's own), so
//! what is stored changes how much is recomputed, never which positions the search visits.
//! When every queue runs dry and no move was left out, every reachable position
//! has been visited: that is the proof of a loss. What "every" leaves out (permutations of
//! interchangeable columns, dominated moves) and why that loses no win is stated rule by
//! rule in `solver/pruning.rs`.
//!
//! Most of the work per node is redone only where it changed: the node is rebuilt over the
//! working position its queue used last (a near relative), the per-column
//! summary ([`summary`]) is redone for the columns that differ, and a move's child is scored
//! from the links the move breaks and makes, without making it.

use super::eval::{move_bias, score, Weights};
use super::moves::{self, is_won, search_moves_grouped, shared_columns, SolverMove};
use super::position::{Key, Position};
use super::table::KeySet;
use super::{Answer, Budget, SolverRules, Stopped, Tuning, Verdict};
use queue::{Open, Queues, MAX_DEPTH};
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use summary::{Summary, MAX_VIEWS};

mod queue;
mod summary;

/// How often (in expansions) the budget's callback is asked.
const CHECK_EVERY: u64 = 256;

/// A node of the search: its parent, the move that made it, its depth, and whether it has
/// been expanded, in eight bytes: a search holds one for every position it has seen. Where a
/// node's packed position lies, for the few that keep one, is in a map of its own.
#[derive(Clone, Copy)]
struct Node {
    parent: u32,
    /// The move ([`MOVE_BITS`] bits, [`pack_move`]), over it the depth ([`queue::DEPTH_BITS`] bits,
    /// saturated at [`MAX_DEPTH`]: a node deeper than that is counted as that deep), and the top
    /// bit set once the node is expanded.
    bits: u32,
}

/// [`Node::bits`]' flag of an expanded node.
const EXPANDED: u32 = 1 << 31;

/// Of the nodes expanded with a new child, those at a depth that is a multiple of this keep
/// their packed position (and the root, at depth 0; and every node counted [`MAX_DEPTH`] deep,
/// so that a line never replays far); a node's position is rebuilt from the nearest packed
/// ancestor by replaying at most this many moves. Packed positions were most of a large
/// search's memory, and a move is cheap to replay next to the work of an expansion.
const PACK_EVERY: u16 = 8;

/// Whether a node `depth` moves deep keeps its packed position ([`PACK_EVERY`]).
#[inline]
fn packs_at(depth: u16) -> bool {
    depth.is_multiple_of(PACK_EVERY) || depth >= MAX_DEPTH
}

/// Bits of a move in [`Node::bits`]: a column (fewer than 32) twice and a count below 256.
const MOVE_BITS: u32 = 18;

/// The deal, in [`MOVE_BITS`] bits (no move goes from a column to itself).
const PACKED_DEAL: u32 = (1 << MOVE_BITS) - 1;

/// `mv` in [`MOVE_BITS`] bits.
fn pack_move(mv: SolverMove) -> u32 {
    match mv {
        SolverMove::Deal => PACKED_DEAL,
        SolverMove::Move { from, count, to } => {
            debug_assert!((from as usize) < 32 && (to as usize) < 32 && from != to);
            (from as u32) | (to as u32) << 5 | (count as u32) << 10
        }
    }
}

/// The move [`pack_move`] packed.
fn unpack_move(m: u32) -> SolverMove {
    let m = m & PACKED_DEAL;
    if m == PACKED_DEAL {
        SolverMove::Deal
    } else {
        SolverMove::Move {
            from: (m & 31) as u8,
            to: (m >> 5 & 31) as u8,
            count: (m >> 10) as u8,
        }
    }
}

impl Node {
    fn new(parent: u32, mv: SolverMove, depth: u16) -> Node {
        Node {
            parent,
            bits: pack_move(mv) | (depth.min(MAX_DEPTH) as u32) << MOVE_BITS,
        }
    }

    fn mv(self) -> SolverMove {
        unpack_move(self.bits)
    }

    fn depth(self) -> u16 {
        (self.bits >> MOVE_BITS & MAX_DEPTH as u32) as u16
    }

    fn expanded(self) -> bool {
        self.bits & EXPANDED != 0
    }
}

/// Where the packed positions of the nodes that keep one lie in the arena, by node.
type PackedAt = HashMap<u32, u32, BuildHasherDefault<IdHasher>>;

/// Bytes a [`PackedAt`] of `capacity` holds: its buckets (a power of two, at most seven
/// eighths full) of an entry and a control byte each, and a group of control bytes more.
fn packed_at_bytes(capacity: usize) -> usize {
    if capacity == 0 {
        return 0;
    }
    (capacity * 8 / 7 + 1).next_power_of_two() * (std::mem::size_of::<(u32, u32)>() + 1) + 16
}

/// A hasher for node numbers: one multiplication spreads consecutive numbers.
#[derive(Default)]
struct IdHasher(u64);

impl Hasher for IdHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(8) ^ b as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        }
    }
    fn write_u32(&mut self, x: u32) {
        self.0 = (x as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
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

/// Bytes made free in an arena before a position is packed into it: more than any packed
/// position takes (a byte a card and a few a column), so that the memory bound can count the
/// arena as it will be before the packing.
pub(super) const PACK_ROOM: usize = 4096;

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
    // bound is kept from the start (a key takes 16 bytes, in a table begun under 7/8 full).
    let eighth = budget.max_bytes / 8;
    let mut seen = KeySet::with_capacity((eighth / 32).min(1 << 16));
    let mut nodes: Vec<Node> =
        Vec::with_capacity((eighth / std::mem::size_of::<Node>()).min(1 << 16));
    let mut arena: Vec<u8> = Vec::with_capacity(eighth.min(1 << 20));
    let mut packed_at = PackedAt::default();
    let levels = root.rows_left() + 1;
    let mut queues = Queues::new(levels, views.len(), tuning.per_round);
    let pos = root;
    let mut moves = Vec::with_capacity(64);
    let mut replay: Vec<SolverMove> = Vec::with_capacity(PACK_EVERY as usize);
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
    nodes.push(Node::new(u32::MAX, SolverMove::Deal, 0));
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
        let popped = queues.pop(|id| nodes[id as usize].expanded());
        let Some((id, queue)) = popped else { break };
        let Work { pos, here, held } = &mut work[queue];
        expansions += 1;
        peak = peak.max(
            arena.capacity()
                + packed_at_bytes(packed_at.capacity())
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
        // Rebuild the node's position: from the nearest ancestor the working position holds,
        // or else from the nearest one packed, replaying the moves down from there.
        let node = nodes[id as usize];
        let mut changed = 0u32;
        if node.parent != u32::MAX {
            replay.clear();
            replay.push(node.mv());
            let mut at = node.parent;
            while at != *held {
                let a = nodes[at as usize];
                if packs_at(a.depth()) {
                    // Every ancestor has a child, so it was expanded with a new child: at a
                    // depth that packs, its position was packed then.
                    let at = packed_at[&at] as usize;
                    changed = pos.unpack_changed(&arena[at..]).1;
                    break;
                }
                replay.push(a.mv());
                at = a.parent;
            }
            for &mv in replay.iter().rev() {
                changed |= match pos.apply(mv).mv {
                    SolverMove::Move { from, to, .. } => 1 << from | 1 << to,
                    SolverMove::Deal => u32::MAX,
                };
            }
        }
        *held = id;
        nodes[id as usize].bits |= EXPANDED;
        let mut packed = false;

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
            let bias = move_bias(mv) + tuning.depth_weight * (node.depth() as i32 + 1);
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
                note_target(t, key, id, mv, node.depth(), &nodes, best);
            }
            let noise = tie_noise(key, tuning);
            kids.push((key, scores.map(|s| s + bias + noise), mv, level));
        }
        // Stop before keeping the children would take the search past its memory bound: every
        // structure is counted as it will be once it has grown to hold them, so the bound is
        // never passed, not only checked after the fact.
        // The map of packed positions takes one more entry at most, and holds its old buckets
        // and its new, twice as many, while it grows.
        let map = packed_at_bytes(packed_at.capacity());
        let map = if packed_at.len() == packed_at.capacity() {
            map + packed_at_bytes(packed_at.capacity() * 2 + 1)
        } else {
            map
        };
        let after = grown(arena.len(), arena.capacity(), PACK_ROOM)
            + map
            + grown(nodes.len(), nodes.capacity(), kids.len() + 64) * std::mem::size_of::<Node>()
            + queues.bytes_after(kids.len())
            + seen.bytes_after_inserting(kids.len());
        if after > budget.max_bytes {
            return answer(Verdict::Undecided, &seen, peak, Stop::Memory);
        }
        let depth = (node.depth() + 1).min(MAX_DEPTH);
        for &(key, prios, mv, level) in &kids {
            if seen.insert(key) {
                if !packed && packs_at(node.depth()) {
                    // The first new child: its parent will be unpacked.
                    packed = true;
                    packed_at.insert(id, arena.len() as u32);
                    grow_gently(&mut arena, PACK_ROOM);
                    pos.pack(&mut arena);
                }
                grow_gently(&mut nodes, 64);
                let child = nodes.len() as u32;
                nodes.push(Node::new(id, mv, depth));
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
/// The tie-breaking noise of the child with `key` ([`Tuning::noise`]): 0 to `noise`. A key is
/// already a uniform hash of its position, so one multiply by the seed spreads it enough; this
/// runs for every child scored.
fn tie_noise(key: Key, tuning: &Tuning) -> i32 {
    if tuning.noise == 0 {
        return 0;
    }
    let h = (key.0 ^ tuning.seed).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 32;
    (h % (u64::from(tuning.noise) + 1)) as i32
}

fn path_to(nodes: &[Node], id: u32, mv: SolverMove) -> Vec<SolverMove> {
    let mut line = vec![mv];
    let mut at = id;
    while nodes[at as usize].parent != u32::MAX {
        line.push(nodes[at as usize].mv());
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
    if depth >= MAX_DEPTH {
        // Its true depth is not kept: a node this deep saves no moves on any line felt plays.
        return;
    }
    let reached = targets.from + depth as usize + 1;
    let saved = t.saturating_sub(reached);
    if saved > best.as_ref().map_or(0, |b| b.0) {
        *best = Some((saved, path_to(nodes, id, mv)));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A node gives back the move and the depth it was made with, deep ones counted as
    /// [`MAX_DEPTH`] deep, and the expanded flag touches neither.
    #[test]
    fn a_node_keeps_its_move_and_depth_in_one_word() {
        let mut moves = vec![SolverMove::Deal];
        for from in 0..20u8 {
            for to in (0..20u8).filter(|&t| t != from) {
                for count in [1u8, 2, 13, 255] {
                    moves.push(SolverMove::Move { from, count, to });
                }
            }
        }
        for mv in moves {
            for depth in [
                0u16,
                1,
                7,
                8,
                MAX_DEPTH - 1,
                MAX_DEPTH,
                MAX_DEPTH + 1,
                u16::MAX,
            ] {
                let mut node = Node::new(3, mv, depth);
                assert!(!node.expanded());
                node.bits |= EXPANDED;
                assert_eq!(node.mv(), mv);
                assert_eq!(node.depth(), depth.min(MAX_DEPTH));
                assert!(node.expanded());
            }
        }
    }

    /// Packed positions are kept at every [`PACK_EVERY`]-th depth, the root's included, and
    /// at the saturated depth, so a rebuild never replays more than [`PACK_EVERY`] moves.
    #[test]
    fn a_rebuild_replays_at_most_pack_every_moves() {
        assert!(packs_at(0));
        assert!(packs_at(MAX_DEPTH));
        for start in 0..MAX_DEPTH {
            let gap = (start..=MAX_DEPTH).take_while(|&d| !packs_at(d)).count();
            assert!(gap < PACK_EVERY as usize, "from depth {start}: {gap}");
        }
    }
}
