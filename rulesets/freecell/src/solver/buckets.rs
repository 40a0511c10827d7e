//! The open list of felt's best-first searches: priorities are small integers, so a stack
//! for each one beats a heap.

use felt_patience::search::room_bytes;
use std::mem::size_of;

/// A best-first search's open list: for each priority, a stack of the positions waiting with
/// it (what the search keeps of each: the win finder a parent and a move, the exact search a
/// position's number), the newest on top. Priorities are small integers,
/// so a push is a store and taking out the least a few steps up from the last least, where
/// a heap sifts through its levels. The order is a heap's of
/// [`felt_patience::search::Open`] entries numbered as they come: the least priority first,
/// the newest among equals (paired on deals 1..1000, the same searches for 10 % less CPU).
pub(super) struct Buckets<T> {
    // The priority of `heads[0]`.
    base: i32,
    // For each priority, its newest entry (`NONE` for none).
    heads: Vec<u32>,
    // Every entry pushed: the next older entry of its priority, and the item.
    entries: Vec<(u32, T)>,
    // No entry waits below this bucket.
    least: usize,
    len: usize,
}

const NONE: u32 = u32::MAX;

impl<T> Default for Buckets<T> {
    fn default() -> Self {
        Buckets {
            base: 0,
            heads: Vec::new(),
            entries: Vec::new(),
            least: 0,
            len: 0,
        }
    }
}

impl<T: Copy> Buckets<T> {
    /// An empty list with room for `n` entries.
    pub(super) fn with_capacity(n: usize) -> Buckets<T> {
        Buckets {
            base: 0,
            heads: Vec::new(),
            entries: Vec::with_capacity(n),
            least: 0,
            len: 0,
        }
    }

    /// Adds `item` with `priority`.
    // Inlined, as it was in the win finder's loop before the exact search used it too: a
    // call of its own cost four-cell deals about 1 % at the median.
    #[inline(always)]
    pub(super) fn push(&mut self, priority: i32, item: T) {
        if self.heads.is_empty() {
            self.base = priority - 256;
        } else if priority < self.base {
            // Room below, with some to spare: rare.
            let more = (self.base - priority) as usize + 256;
            let mut heads = vec![NONE; more];
            heads.extend_from_slice(&self.heads);
            self.heads = heads;
            self.base -= more as i32;
            self.least += more;
        }
        let b = (priority - self.base) as usize;
        if b >= self.heads.len() {
            self.heads.resize(b + 256, NONE);
        }
        self.entries.push((self.heads[b], item));
        self.heads[b] = (self.entries.len() - 1) as u32;
        self.least = self.least.min(b);
        self.len += 1;
    }

    /// Takes out the newest item of the least priority.
    #[inline(always)]
    pub(super) fn pop(&mut self) -> Option<T> {
        if self.len == 0 {
            return None;
        }
        while self.heads[self.least] == NONE {
            self.least += 1;
        }
        let (next, item) = self.entries[self.heads[self.least] as usize];
        self.heads[self.least] = next;
        self.len -= 1;
        Some(item)
    }

    /// Room for entries.
    pub(super) fn capacity(&self) -> usize {
        self.entries.capacity()
    }

    /// Empties the list, keeping its room for entries (not for priorities: a list emptied
    /// holds the memory of a new one with the same room).
    pub(super) fn clear(&mut self) {
        let mut entries = std::mem::take(&mut self.entries);
        entries.clear();
        *self = Buckets {
            entries,
            ..Buckets::default()
        };
    }

    /// The memory its tables will hold once they have room for a few more entries.
    pub(super) fn bytes(&self) -> usize {
        room_bytes(
            self.entries.len(),
            self.entries.capacity(),
            size_of::<(u32, T)>(),
        ) + self.heads.capacity() * size_of::<u32>()
    }
}
