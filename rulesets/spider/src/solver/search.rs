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
//! it is expanded, so memory grows with expansions, not with the positions merely seen. When
//! every queue runs dry and no move was left out, every reachable position has been visited:
//! that is the proof of a loss.

use super::eval::{base, column_cost, move_bias, score, Weights};
use super::moves::{self, is_won, search_moves, shared_columns, SolverMove};
use super::position::{Key, Position, MAX_COLUMNS, UNKNOWN};
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

/// Most heuristics the search alternates between.
const MAX_VIEWS: usize = 2;

/// The open queues: `levels × views` heaps and the turn-taking between them.
struct Queues {
    heaps: Vec<BinaryHeap<Open>>,
    views: usize,
    levels: usize,
    per_round: u32,
    level: usize,
    taken: u32,
    view: usize,
    entries: usize,
}

impl Queues {
    fn new(levels: usize, views: usize, per_round: u32) -> Queues {
        Queues {
            heaps: (0..levels * views).map(|_| BinaryHeap::new()).collect(),
            views,
            levels,
            per_round: per_round.max(1),
            level: 0,
            taken: 0,
            view: 0,
            entries: 0,
        }
    }

    fn push(&mut self, level: usize, view: usize, open: Open) {
        self.heaps[level * self.views + view].push(open);
        self.entries += 1;
    }

    /// The next node to expand: levels in turn, `per_round` each; within a level, views in
    /// turn. A node already expanded through another view is skipped.
    fn pop(&mut self, expanded: impl Fn(u32) -> bool) -> Option<u32> {
        let mut tries = 0;
        while tries <= self.levels * self.views {
            if self.taken < self.per_round {
                for _ in 0..self.views {
                    let v = self.view;
                    self.view = (self.view + 1) % self.views;
                    while let Some(o) = self.heaps[self.level * self.views + v].pop() {
                        self.entries -= 1;
                        if !expanded(o.node) {
                            self.taken += 1;
                            return Some(o.node);
                        }
                    }
                }
            }
            self.level = (self.level + 1) % self.levels;
            self.taken = 0;
            tries += 1;
        }
        None
    }
}

/// Why a search stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Stop {
    /// It found a win.
    Answered,
    /// Every queue ran dry.
    Dry,
    /// Its states or memory ran out.
    Budget,
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
    let views: Vec<Weights> = std::iter::once(tuning.weights)
        .chain(tuning.second)
        .take(MAX_VIEWS)
        .collect();
    let mut seen = KeySet::with_capacity(1 << 16);
    let mut nodes: Vec<Node> = Vec::with_capacity(1 << 16);
    let mut arena: Vec<u8> = Vec::with_capacity(1 << 20);
    let levels = root.rows_left() + 1;
    let mut queues = Queues::new(levels, views.len(), tuning.per_round);
    let mut pos = root.clone();
    let mut moves = Vec::with_capacity(64);
    let mut kids: Vec<(Key, [i32; MAX_VIEWS], SolverMove, usize)> = Vec::with_capacity(64);
    let mut peak = 0usize;
    let answer = |verdict, seen: &KeySet, peak| Answer {
        verdict,
        states: seen.len() as u64,
        peak_bytes: peak,
    };

    if is_won(&pos, rules) {
        return (answer(Verdict::Won(Vec::new()), &seen, 0), Stop::Answered);
    }
    seen.insert(pos.key(shared_columns(&pos, honest)));
    nodes.push(Node {
        parent: u32::MAX,
        mv: 0,
        packed: u32::MAX,
        depth: 0,
    });
    for (v, w) in views.iter().enumerate() {
        let prio = score(&pos, w);
        queues.push(
            0,
            v,
            Open {
                prio,
                depth: 0,
                node: 0,
            },
        );
    }
    let mut expansions = 0u64;
    let mut pruned_any = false;
    let mut tops = [UNKNOWN; MAX_COLUMNS];
    loop {
        let popped = queues.pop(|id| nodes[id as usize].packed != u32::MAX);
        let Some(id) = popped else { break };
        expansions += 1;
        let bytes = arena.capacity()
            + nodes.capacity() * std::mem::size_of::<Node>()
            + queues.entries * std::mem::size_of::<Open>();
        peak = peak.max(bytes + seen.bytes());
        // Stop before the table's next growth would pass the memory bound.
        if seen.len() as u64 >= budget.max_states
            || bytes + seen.bytes_after_growth() > budget.max_bytes
        {
            return (answer(Verdict::Undecided, &seen, peak), Stop::Budget);
        }
        if expansions.is_multiple_of(CHECK_EVERY) {
            if let Some(go) = budget.keep_going {
                if !go(seen.len() as u64) {
                    return (answer(Verdict::Undecided, &seen, peak), Stop::Caller);
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
        for (c, t) in tops.iter_mut().enumerate().take(pos.columns()) {
            *t = pos.top(c).unwrap_or(UNKNOWN);
        }
        let here = Summary::of(&pos, shared, &views);
        moves.clear();
        search_moves(&pos, rules, shared, &mut moves);
        // Evaluate every child first and prefetch its table slot: the table is far larger
        // than the caches, and the lookups then overlap.
        kids.clear();
        for &mv in &moves {
            if tuning.prune && moves::pruned(&pos, mv, &tops) {
                pruned_any = true;
                continue;
            }
            let undo = pos.apply(mv);
            if is_won(&pos, rules) {
                let mut line = vec![mv];
                let mut at = id;
                while nodes[at as usize].parent != u32::MAX {
                    line.push(decode(nodes[at as usize].mv));
                    at = nodes[at as usize].parent;
                }
                line.reverse();
                return (answer(Verdict::Won(line), &seen, peak), Stop::Answered);
            }
            let (key, scores) = here.child(&pos, mv, honest, &views);
            seen.prefetch(key);
            let bias = move_bias(&pos, mv) + tuning.depth_weight * (node.depth as i32 + 1);
            kids.push((
                key,
                scores.map(|s| s + bias),
                mv,
                levels - 1 - pos.rows_left(),
            ));
            pos.undo(undo);
        }
        let depth = node.depth.saturating_add(1);
        for &(key, prios, mv, level) in &kids {
            if seen.insert(key) {
                let child = nodes.len() as u32;
                nodes.push(Node {
                    parent: id,
                    mv: encode(mv),
                    packed: u32::MAX,
                    depth,
                });
                for (v, &prio) in prios.iter().enumerate().take(views.len()) {
                    queues.push(
                        level,
                        v,
                        Open {
                            prio,
                            depth,
                            node: child,
                        },
                    );
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
    (answer(verdict, &seen, peak), Stop::Dry)
}

/// A node's key and scores split by column, so that a child's are found by redoing only the
/// columns its move touched.
struct Summary {
    keys: [Key; MAX_COLUMNS],
    costs: [[i32; MAX_COLUMNS]; MAX_VIEWS],
    key_sum: Key,
    cost_sum: [i32; MAX_VIEWS],
    shared: u32,
}

impl Summary {
    fn of(pos: &Position, shared: u32, views: &[Weights]) -> Summary {
        let mut s = Summary {
            keys: [Key::default(); MAX_COLUMNS],
            costs: [[0; MAX_COLUMNS]; MAX_VIEWS],
            key_sum: Key::default(),
            cost_sum: [0; MAX_VIEWS],
            shared,
        };
        for c in 0..pos.columns() {
            s.keys[c] = pos.column_key(c, shared);
            s.key_sum = s.key_sum.add(s.keys[c]);
            for (v, w) in views.iter().enumerate() {
                s.costs[v][c] = column_cost(pos, c, w);
                s.cost_sum[v] += s.costs[v][c];
            }
        }
        s
    }

    /// Key and scores of `pos`, reached from the summarised node by `mv`.
    #[inline]
    fn child(
        &self,
        pos: &Position,
        mv: SolverMove,
        honest: bool,
        views: &[Weights],
    ) -> (Key, [i32; MAX_VIEWS]) {
        let mut scores = [0; MAX_VIEWS];
        match mv {
            SolverMove::Move { from, to, .. } => {
                let (f, t) = (from as usize, to as usize);
                let key = pos
                    .header_key()
                    .add(self.key_sum.sub(self.keys[f]).sub(self.keys[t]))
                    .add(pos.column_key(f, self.shared))
                    .add(pos.column_key(t, self.shared));
                for (v, w) in views.iter().enumerate() {
                    scores[v] =
                        base(pos, w) + self.cost_sum[v] - self.costs[v][f] - self.costs[v][t]
                            + column_cost(pos, f, w)
                            + column_cost(pos, t, w);
                }
                (key, scores)
            }
            SolverMove::Deal => {
                for (v, w) in views.iter().enumerate() {
                    scores[v] = score(pos, w);
                }
                (pos.key(shared_columns(pos, honest)), scores)
            }
        }
    }
}
