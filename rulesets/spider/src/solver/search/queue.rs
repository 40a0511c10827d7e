//! The open queues of the search: one per level and view, taking turns.
//!
//! Each queue is a four-way heap rather than the standard binary one: the search pops about
//! as often as it pushes and the queues outgrow the caches, and a four-way heap is half as
//! deep with each node's children side by side. The order is the same total order either way
//! (no two entries are equal), so the search visits the same positions.

/// An entry of an open queue: a node and its rank, greatest first, in one 64-bit integer so
/// that the heap compares once and an entry takes eight bytes (each child waits in one queue of
/// each view, so the entries are a large share of a search's memory). From the top bits down:
/// the score, inverted so that the lowest is greatest ([`SCORE_BITS`], saturated), the depth
/// ([`DEPTH_BITS`], saturated), then the node, so that the newer of two otherwise equal
/// entries comes first.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(super) struct Open(u64);

/// Bits of an [`Open`]'s score: scores beyond ±2¹⁸ are saturated. With the tuned weights a
/// score stays within ±30,000 plus the depth's cost (5 a move at most deep as [`MAX_DEPTH`]),
/// well inside; a saturated score only ties with others at the bound, which the depth and the
/// node then order.
const SCORE_BITS: u32 = 19;

/// Bits of an [`Open`]'s depth.
pub(super) const DEPTH_BITS: u32 = 13;

/// The deepest depth an entry (and a node) tells apart: deeper ones count as this deep.
pub(super) const MAX_DEPTH: u16 = (1 << DEPTH_BITS) - 1;

impl Open {
    /// The entry of `node`, `depth` moves from the root, with score `prio`.
    pub(super) fn new(prio: i32, depth: u16, node: u32) -> Open {
        let half = 1i32 << (SCORE_BITS - 1);
        // Offsetting the saturated score makes it unsigned; inverting puts the lowest score
        // highest.
        let score = (prio.clamp(-half, half - 1) + half) as u64;
        let score = !score & ((1 << SCORE_BITS) - 1);
        let depth = depth.min(MAX_DEPTH) as u64;
        Open(score << (32 + DEPTH_BITS) | depth << 32 | node as u64)
    }

    /// The node.
    pub(super) fn node(self) -> u32 {
        self.0 as u32
    }
}

/// A four-way max-heap of [`Open`] entries (the greatest, by [`Open`]'s order, on top).
#[derive(Default)]
struct Heap {
    v: Vec<Open>,
}

impl Heap {
    fn push(&mut self, o: Open) {
        // By a quarter, not doubling, like the search's other large vectors, so that the memory
        // bound counts what the queues really hold.
        super::grow_gently(&mut self.v, 1);
        let mut i = self.v.len();
        self.v.push(o);
        while i > 0 {
            let p = (i - 1) / 4;
            if self.v[p] >= o {
                break;
            }
            self.v[i] = self.v[p];
            i = p;
        }
        self.v[i] = o;
    }

    fn pop(&mut self) -> Option<Open> {
        let last = self.v.pop()?;
        if self.v.is_empty() {
            return Some(last);
        }
        let top = self.v[0];
        let n = self.v.len();
        let mut i = 0;
        loop {
            let first = 4 * i + 1;
            if first >= n {
                break;
            }
            let mut best = first;
            for c in first + 1..(first + 4).min(n) {
                if self.v[c] > self.v[best] {
                    best = c;
                }
            }
            if self.v[best] <= last {
                break;
            }
            self.v[i] = self.v[best];
            i = best;
        }
        self.v[i] = last;
        Some(top)
    }
}

/// The open queues: `levels × views` heaps and the turn-taking between them.
pub(super) struct Queues {
    heaps: Vec<Heap>,
    views: usize,
    levels: usize,
    per_round: u32,
    level: usize,
    taken: u32,
    view: usize,
    /// Entries held by all queues.
    pub(super) entries: usize,
}

impl Queues {
    pub(super) fn new(levels: usize, views: usize, per_round: u32) -> Queues {
        Queues {
            heaps: (0..levels * views).map(|_| Heap::default()).collect(),
            views,
            levels,
            per_round: per_round.max(1),
            level: 0,
            taken: 0,
            view: 0,
            entries: 0,
        }
    }

    /// Bytes the queues hold.
    pub(super) fn bytes(&self) -> usize {
        let slots: usize = self.heaps.iter().map(|h| h.v.capacity()).sum();
        slots * std::mem::size_of::<Open>()
    }

    /// Bytes the queues hold once any of them has grown to take `room` more entries (each
    /// child goes into one queue of each view, and which queue is not known in advance).
    pub(super) fn bytes_after(&self, room: usize) -> usize {
        let slots: usize = self
            .heaps
            .iter()
            .map(|h| super::grown(h.v.len(), h.v.capacity(), room))
            .sum();
        slots * std::mem::size_of::<Open>()
    }

    pub(super) fn push(&mut self, level: usize, view: usize, open: Open) {
        self.heaps[level * self.views + view].push(open);
        self.entries += 1;
    }

    /// The next node to expand and the queue it came from: levels in turn, `per_round` each;
    /// within a level, views in turn. A node already expanded through another view is skipped.
    pub(super) fn pop(&mut self, expanded: impl Fn(u32) -> bool) -> Option<(u32, usize)> {
        let mut tries = 0;
        while tries <= self.levels * self.views {
            if self.taken < self.per_round {
                for _ in 0..self.views {
                    let q = self.level * self.views + self.view;
                    self.view = (self.view + 1) % self.views;
                    while let Some(o) = self.heaps[q].pop() {
                        self.entries -= 1;
                        if !expanded(o.node()) {
                            self.taken += 1;
                            return Some((o.node(), q));
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

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// A queue gives its entries back in the search's order: lowest score first, then
        /// deepest, then newest, whatever order they came in.
        #[test]
        fn a_heap_pops_lowest_score_then_deepest_then_newest(
            entries in prop::collection::vec((-3000i32..3000, 0u16..4, any::<bool>()), 0..300),
        ) {
            let mut heap = Heap::default();
            let mut expected: Vec<(i32, u16, u32)> = Vec::new();
            for (node, &(prio, depth, pop_now)) in entries.iter().enumerate() {
                heap.push(Open::new(prio, depth, node as u32));
                expected.push((prio, depth, node as u32));
                if pop_now {
                    // Interleave pops with pushes, as the search does.
                    expected.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)).then(a.2.cmp(&b.2)));
                    let best = expected.pop().map(|e| e.2);
                    prop_assert_eq!(heap.pop().map(Open::node), best);
                }
            }
            expected.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)).then(a.2.cmp(&b.2)));
            while let Some(e) = expected.pop() {
                prop_assert_eq!(heap.pop().map(Open::node), Some(e.2));
            }
            prop_assert!(heap.pop().is_none());
        }
    }
}

#[cfg(test)]
mod saturation {
    use super::*;

    /// Scores and depths beyond what an entry holds are saturated, never wrapped: a huge
    /// score still comes last, a hugely negative one first, and a node too deep to count
    /// comes before a shallower one of the same score.
    #[test]
    fn an_entry_saturates_its_score_and_depth_without_wrapping() {
        let mut heap = Heap::default();
        heap.push(Open::new(i32::MAX, 0, 1));
        heap.push(Open::new(0, 0, 2));
        heap.push(Open::new(i32::MIN, 0, 3));
        heap.push(Open::new(0, u16::MAX, 4));
        heap.push(Open::new(0, MAX_DEPTH - 1, 5));
        let order: Vec<u32> = std::iter::from_fn(|| heap.pop().map(Open::node)).collect();
        assert_eq!(order, [3, 4, 5, 2, 1]);
    }
}
