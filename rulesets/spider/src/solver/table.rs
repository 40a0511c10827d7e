//! The transposition table: a set of 128-bit position keys, open addressing with linear
//! probing. The keys are already well mixed, so the first half is the slot.

use super::position::Key;

/// A set of [`Key`]s.
pub(crate) struct KeySet {
    slots: Vec<Key>,
    len: usize,
    mask: usize,
}

/// The empty slot. A real key equal to it is stored as [`ZERO_STANDIN`].
const EMPTY: Key = Key(0, 0);
const ZERO_STANDIN: Key = Key(0, 1);

impl KeySet {
    /// An empty set with room for about `capacity` keys before it grows.
    pub(crate) fn with_capacity(capacity: usize) -> KeySet {
        let slots = (capacity * 2).next_power_of_two().max(1024);
        KeySet {
            slots: vec![EMPTY; slots],
            len: 0,
            mask: slots - 1,
        }
    }

    /// Keys held.
    pub(crate) fn len(&self) -> usize {
        self.len
    }

    /// Bytes the table holds.
    pub(crate) fn bytes(&self) -> usize {
        self.slots.len() * std::mem::size_of::<Key>()
    }

    /// Bytes the table holds at most while `room` more keys are inserted: three times its
    /// size while it grows (the old slots and the new, twice as many), since it grows once it
    /// is half full.
    pub(crate) fn bytes_after_inserting(&self, room: usize) -> usize {
        if (self.len + room + 64) * 2 > self.slots.len() {
            self.bytes() * 3
        } else {
            self.bytes()
        }
    }

    /// Adds `key`; true if it was not there.
    pub(crate) fn insert(&mut self, key: Key) -> bool {
        let key = if key == EMPTY { ZERO_STANDIN } else { key };
        if (self.len + 64) * 2 > self.slots.len() {
            self.grow();
        }
        let mut i = key.0 as usize & self.mask;
        loop {
            let s = self.slots[i];
            if s == EMPTY {
                self.slots[i] = key;
                self.len += 1;
                return true;
            }
            if s == key {
                return false;
            }
            i = (i + 1) & self.mask;
        }
    }

    /// Asks the processor to fetch `key`'s slot ahead of an [`KeySet::insert`].
    #[inline]
    pub(crate) fn prefetch(&self, key: Key) {
        #[cfg(target_arch = "x86_64")]
        {
            let i = key.0 as usize & self.mask;
            // SAFETY: `i` is masked into bounds; prefetching has no effect on memory contents.
            unsafe {
                std::arch::x86_64::_mm_prefetch(
                    self.slots.as_ptr().add(i) as *const i8,
                    std::arch::x86_64::_MM_HINT_T0,
                );
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    fn grow(&mut self) {
        let old = std::mem::take(&mut self.slots);
        let n = old.len() * 2;
        self.slots = vec![EMPTY; n];
        self.mask = n - 1;
        self.len = 0;
        for k in old {
            if k != EMPTY {
                let mut i = k.0 as usize & self.mask;
                while self.slots[i] != EMPTY {
                    i = (i + 1) & self.mask;
                }
                self.slots[i] = k;
                self.len += 1;
            }
        }
    }
}
