//! Best-first search with a transposition table under a memory bound.
//!
//! Every distinct position reached is recorded by its 128-bit key; the open list is ordered by
//! the heuristic (greedy), ties going to the deeper node so plateaus are dived into rather than
//! swept. A node stores only its parent and the move that made it; its packed position is kept
//! once it is expanded, so memory grows with expansions, not with the positions merely seen.
//! When the open list runs dry with nothing dropped, every reachable position has been visited:
//! that is the proof of a loss.

use super::eval::{move_bias, score, Weights};
use super::moves::{is_won, search_moves, shared_columns, SolverMove};
use super::position::Position;
use super::table::KeySet;
use super::{Answer, Budget, SolverRules, Verdict};
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
        SolverMove::Move { from, count, to } => (from as u32) | (count as u32) << 8 | (to as u32) << 16,
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
pub(crate) fn best_first(root: &Position, rules: &SolverRules, honest: bool, budget: Budget<'_>) -> Answer {
    let w = Weights::for_rules(rules);
    let mut seen = KeySet::with_capacity(1 << 16);
    let mut nodes: Vec<Node> = Vec::with_capacity(1 << 16);
    let mut arena: Vec<u8> = Vec::with_capacity(1 << 20);
    let mut open: BinaryHeap<Open> = BinaryHeap::new();
    let mut pos = root.clone();
    let mut moves = Vec::with_capacity(64);
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
    open.push(Open {
        prio: score(&pos, &w),
        depth: 0,
        node: 0,
    });
    let mut expansions = 0u64;
    let debug = std::env::var("SOLVER_DEBUG").is_ok();
    let mut dbg = [(0u64, i32::MAX, 0usize); 8];
    while let Some(Open { node: id, .. }) = open.pop() {
        expansions += 1;
        let bytes = arena.len() + nodes.len() * std::mem::size_of::<Node>() + open.len() * 12 + seen.bytes();
        peak = peak.max(bytes);
        if debug { dbg_levels(&pos, &mut dbg, score(&pos, &w)); }
        if seen.len() as u64 >= budget.max_states || seen.bytes_after_growth() + bytes - seen.bytes() > budget.max_bytes {
            if debug { eprintln!("{:?}", dbg); }
            return answer(Verdict::Undecided, &seen, peak);
        }
        if expansions % CHECK_EVERY == 0 {
            if let Some(go) = budget.keep_going {
                if !go(seen.len() as u64) {
                    if debug { eprintln!("{:?}", dbg); }
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

        moves.clear();
        search_moves(&pos, rules, shared_columns(&pos, honest), &mut moves);
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
            if seen.insert(pos.key(shared_columns(&pos, honest))) {
                let child = nodes.len() as u32;
                nodes.push(Node {
                    parent: id,
                    mv: encode(mv),
                    packed: u32::MAX,
                    depth: node.depth.saturating_add(1),
                });
                open.push(Open {
                    prio: score(&pos, &w) + move_bias(&pos, mv),
                    depth: node.depth.saturating_add(1),
                    node: child,
                });
            }
            pos.undo(undo);
        }
    }
    // Exhausted. In honest mode unknown cards were treated as inert, which proves nothing.
    if honest && root.has_unknown() {
        answer(Verdict::Undecided, &seen, peak)
    } else {
        answer(Verdict::ProvenUnwinnable, &seen, peak)
    }
}

fn dbg_levels(pos: &Position, dbg: &mut [(u64, i32, usize); 8], h: i32) {
    let l = 5 - pos.rows_left().min(5);
    dbg[l].0 += 1;
    if h < dbg[l].1 { dbg[l].1 = h; dbg[l].2 = pos.face_down_total(); }
}
