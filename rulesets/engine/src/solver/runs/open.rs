//! The best-first search's open list ([`OpenList`]): its priorities are small integers (an
//! estimate plus the line's length), so a stack for each one beats a heap.

use felt_patience::search::{room_bytes, Open};
use std::mem::size_of;

/// The entries waiting to be expanded, taken out in a [`std::collections::BinaryHeap`] of
/// [`Open`] entries' order: the least priority first, the highest node among equals. Each
/// priority keeps its entries in a stack ordered by node: a search numbers its tables as it
/// stores them, so nearly every entry is pushed on top, and taking one out is a pop from the
/// least stack not empty, where a heap sifts through its levels (Seahaven Towers deal 73:
/// the heap's pops were 5 % of the search's CPU).
pub struct OpenList<T> {
    /// The priority of `stacks[0]`.
    base: i32,
    stacks: Vec<Vec<Open<T>>>,
    /// No entry waits in a stack below this one.
    least: usize,
    len: usize,
}

impl<T> OpenList<T> {
    /// An empty list.
    pub fn new() -> OpenList<T> {
        OpenList {
            base: 0,
            stacks: Vec::new(),
            least: 0,
            len: 0,
        }
    }

    /// Adds `entry`.
    pub fn push(&mut self, entry: Open<T>) {
        if self.stacks.is_empty() {
            self.base = entry.priority;
        } else if entry.priority < self.base {
            // Room below, with some to spare: rare (priorities grow with the lines).
            let more =
                usize::try_from(i64::from(self.base) - i64::from(entry.priority)).unwrap_or(0) + 64;
            let mut stacks: Vec<Vec<Open<T>>> = (0..more).map(|_| Vec::new()).collect();
            stacks.append(&mut self.stacks);
            self.stacks = stacks;
            self.base -= more as i32;
            self.least += more;
        }
        let at = usize::try_from(i64::from(entry.priority) - i64::from(self.base)).unwrap_or(0);
        if at >= self.stacks.len() {
            self.stacks.resize_with(at + 64, Vec::new);
        }
        let stack = &mut self.stacks[at];
        match stack.last() {
            Some(top) if top.node > entry.node => {
                // An older node (an honest search's way on, numbered by its parent) goes
                // below the newer ones, as the heap would take it out after them.
                let k = stack.partition_point(|e| e.node <= entry.node);
                stack.insert(k, entry);
            }
            _ => stack.push(entry),
        }
        self.least = self.least.min(at);
        self.len += 1;
    }

    /// Takes out the entry of the least priority, the highest node among equals.
    pub fn pop(&mut self) -> Option<Open<T>> {
        if self.len == 0 {
            return None;
        }
        while self.stacks[self.least].is_empty() {
            self.least += 1;
        }
        self.len -= 1;
        self.stacks[self.least].pop()
    }

    /// Every entry still waiting, in no order.
    pub fn into_entries(self) -> impl Iterator<Item = Open<T>> {
        self.stacks.into_iter().flatten()
    }

    /// The bytes it holds, each entry counted at `entry_bytes` (its own and what it owns),
    /// as [`room_bytes`] counts a table about to grow.
    pub fn bytes(&self, entry_bytes: usize) -> usize {
        let room: usize = self.stacks.iter().map(Vec::capacity).sum();
        room_bytes(self.len, room, entry_bytes) + self.stacks.capacity() * size_of::<Vec<Open<T>>>()
    }
}

impl<T> Default for OpenList<T> {
    fn default() -> Self {
        OpenList::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BinaryHeap;

    /// Pseudo-random pushes and pops (some nodes older than those on top, some priorities
    /// below the first) come out in the heap's order.
    #[test]
    fn it_takes_entries_out_in_the_heaps_order() {
        let mut list = OpenList::new();
        let mut heap = BinaryHeap::new();
        let mut x: u64 = 7;
        let mut node = 0u32;
        for step in 0..20_000 {
            x = x
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            let r = (x >> 33) as u32;
            if r.is_multiple_of(3) {
                let (a, b) = (list.pop(), heap.pop());
                // Entries of the same priority and node may come out either way round.
                assert_eq!(
                    a.map(|e: Open<u32>| (e.priority, e.node)),
                    b.map(|e: Open<u32>| (e.priority, e.node)),
                    "step {step}"
                );
            } else {
                // Mostly newer nodes; now and then an older one, as an honest way on is.
                let n = if r.is_multiple_of(7) {
                    r % (node + 1)
                } else {
                    node
                };
                node += 1;
                let priority = (r % 50) as i32 - 10;
                list.push(Open {
                    priority,
                    node: n,
                    item: step,
                });
                heap.push(Open {
                    priority,
                    node: n,
                    item: step,
                });
            }
        }
        while let Some(b) = heap.pop() {
            let a = list.pop().map(|e| (e.priority, e.node));
            assert_eq!(a, Some((b.priority, b.node)));
        }
        assert!(list.pop().is_none());
    }
}
