//! Best-first search with a transposition table under a memory bound.
//!
//! Every distinct position reached is recorded by its 128-bit key; the open list is ordered by
//! the heuristic (greedy), ties going to the deeper node so plateaus are dived into rather than
//! swept. A node stores only its parent and the move that made it; its packed position is kept
//! once it is expanded, so memory grows with expansions, not with the positions merely seen.
//! When the open list runs dry with nothing dropped, every reachable position has been visited:
//! that is the proof of a loss.

use super::eval::{base, column_cost, move_bias, score, Weights};
use super::moves::{is_won, search_moves, shared_columns, SolverMove};
use super::position::{Key, Position, MAX_COLUMNS};
use super::table::KeySet;
use super::{Answer, Budget, SolverRules, Tuning, Verdict};
use std::cmp::Ordering;
use std::collections::BinaryHeap;

/// How often (in expansions) the budget's callback is asked.
const CHECK_EVERY: u64 = 256;

#[derive(Clone, Copy)]
struct Node {
    parent: u32,
    mv: u32,
    /// Offset of the packed position in the arena once expanded, else `u32::MAX`.
    packed: u32,
    depth: u16,
}

#[derive(PartialEq, Eq)]
struct Open {
    prio: i32,
    depth: u16,
    node: u32,
}

impl Ord for Open {
    fn cmp(&self, other: &Self) -> Ordering {
        // BinaryHeap pops the greatest: lower score first, then deeper, then newer.
        other
            .prio
            .cmp(&self.prio)
            .then(self.depth.cmp(&other.depth))
            .then(self.node.cmp(&other.node))
    }
}

impl PartialOrd for Open {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
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

/// Searches from `root`. With `honest`, the root is masked and a loss can be proven only if it
/// holds no unknown card.
pub(crate) fn best_first(
    root: &Position,
    rules: &SolverRules,
    honest: bool,
    budget: Budget<'_>,
    tuning: &Tuning,
) -> Answer {
    let w = tuning.weights;
    let mut seen = KeySet::with_capacity(1 << 16);
    let mut nodes: Vec<Node> = Vec::with_capacity(1 << 16);
    let mut arena: Vec<u8> = Vec::with_capacity(1 << 20);
    let levels = root.rows_left() + 1;
    let mut open: Vec<BinaryHeap<Open>> = (0..levels).map(|_| BinaryHeap::new()).collect();
    let mut open_len = 0usize;
    let per_round = tuning.per_round.max(1);
    let mut cur = 0usize;
    let mut taken = 0u32;
    let mut pos = root.clone();
    let mut moves = Vec::with_capacity(64);
    let mut kids: Vec<(Key, i32, SolverMove, usize)> = Vec::with_capacity(64);
    let mut peak = 0usize;
    let answer = |verdict, seen: &KeySet, peak| Answer {
        verdict,
        states: seen.len() as u64,
        peak_bytes: peak,
    };

    if is_won(&pos, rules) {
        return answer(Verdict::Won(Vec::new()), &seen, 0);
    }
    seen.insert(pos.key(shared_columns(&pos, honest)));
    nodes.push(Node {
        parent: u32::MAX,
        mv: 0,
        packed: u32::MAX,
        depth: 0,
    });
    open[0].push(Open {
        prio: score(&pos, &w),
        depth: 0,
        node: 0,
    });
    open_len += 1;
    let mut expansions = 0u64;
    loop {
        // Round robin over the levels (rows dealt): each gets `per_round` expansions in turn,
        // so later levels advance while earlier ones keep feeding them better deals.
        let mut id = None;
        for _ in 0..=levels {
            if taken < per_round {
                if let Some(o) = open[cur].pop() {
                    taken += 1;
                    id = Some(o.node);
                    break;
                }
            }
            cur = (cur + 1) % levels;
            taken = 0;
        }
        let Some(id) = id else { break };
        open_len -= 1;
        expansions += 1;
        let bytes =
            arena.len() + nodes.len() * std::mem::size_of::<Node>() + open_len * 12 + seen.bytes();
        peak = peak.max(bytes);
        if seen.len() as u64 >= budget.max_states
            || seen.bytes_after_growth() + bytes - seen.bytes() > budget.max_bytes
        {
            return answer(Verdict::Undecided, &seen, peak);
        }
        if expansions.is_multiple_of(CHECK_EVERY) {
            if let Some(go) = budget.keep_going {
                if !go(seen.len() as u64) {
                    return answer(Verdict::Undecided, &seen, peak);
                }
            }
        }
        // Rebuild the node's position from its parent's packed form and its move.
        let node = nodes[id as usize];
        if node.parent != u32::MAX {
            let parent = nodes[node.parent as usize];
            pos.unpack(&arena[parent.packed as usize..]);
            pos.apply(decode(node.mv));
        }
        nodes[id as usize].packed = arena.len() as u32;
        pos.pack(&mut arena);

        let shared = shared_columns(&pos, honest);
        let here = Summary::of(&pos, shared, &w);
        moves.clear();
        search_moves(&pos, rules, shared, &mut moves);
        // Evaluate every child first and prefetch its table slot: the table is far larger
        // than the caches, and the lookups then overlap.
        kids.clear();
        for &mv in &moves {
            let undo = pos.apply(mv);
            if is_won(&pos, rules) {
                let mut line = vec![mv];
                let mut at = id;
                while nodes[at as usize].parent != u32::MAX {
                    line.push(decode(nodes[at as usize].mv));
                    at = nodes[at as usize].parent;
                }
                line.reverse();
                return answer(Verdict::Won(line), &seen, peak);
            }
            let (key, h) = here.child(&pos, mv, honest, &w);
            seen.prefetch(key);
            kids.push((
                key,
                h + move_bias(&pos, mv),
                mv,
                levels - 1 - pos.rows_left(),
            ));
            pos.undo(undo);
        }
        for &(key, prio, mv, level) in &kids {
            if seen.insert(key) {
                let child = nodes.len() as u32;
                nodes.push(Node {
                    parent: id,
                    mv: encode(mv),
                    packed: u32::MAX,
                    depth: node.depth.saturating_add(1),
                });
                open_len += 1;
                open[level].push(Open {
                    prio,
                    depth: node.depth.saturating_add(1),
                    node: child,
                });
            }
        }
    }
    // Exhausted. In honest mode unknown cards were treated as inert, which proves nothing.
    if honest && root.has_unknown() {
        answer(Verdict::Undecided, &seen, peak)
    } else {
        answer(Verdict::ProvenUnwinnable, &seen, peak)
    }
}

/// A node's key and score split by column, so that a child's are found by redoing only the
/// columns its move touched.
struct Summary {
    keys: [Key; MAX_COLUMNS],
    costs: [i32; MAX_COLUMNS],
    key_sum: Key,
    cost_sum: i32,
    shared: u32,
}

impl Summary {
    fn of(pos: &Position, shared: u32, w: &Weights) -> Summary {
        let mut s = Summary {
            keys: [Key::default(); MAX_COLUMNS],
            costs: [0; MAX_COLUMNS],
            key_sum: Key::default(),
            cost_sum: 0,
            shared,
        };
        for c in 0..pos.columns() {
            s.keys[c] = pos.column_key(c, shared);
            s.costs[c] = column_cost(pos, c, w);
            s.key_sum = s.key_sum.add(s.keys[c]);
            s.cost_sum += s.costs[c];
        }
        s
    }

    /// Key and score of `pos`, reached from the summarised node by `mv`.
    #[inline]
    fn child(&self, pos: &Position, mv: SolverMove, honest: bool, w: &Weights) -> (Key, i32) {
        match mv {
            SolverMove::Move { from, to, .. } => {
                let (f, t) = (from as usize, to as usize);
                let key = pos
                    .header_key()
                    .add(self.key_sum.sub(self.keys[f]).sub(self.keys[t]))
                    .add(pos.column_key(f, self.shared))
                    .add(pos.column_key(t, self.shared));
                let h = base(pos, w) + self.cost_sum - self.costs[f] - self.costs[t]
                    + column_cost(pos, f, w)
                    + column_cost(pos, t, w);
                (key, h)
            }
            SolverMove::Deal => (pos.key(shared_columns(pos, honest)), score(pos, w)),
        }
    }
}
