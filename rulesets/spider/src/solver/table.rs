//! The transposition table: a set of 128-bit position keys.
//!
//! The keys are split by their top bits into [`SEGMENTS`] segments, each an open-addressing
//! table with linear probing that grows on its own. A table that doubles as one piece holds its
//! old slots and its new, three times its size, while it copies; the search's largest table
//! then costs a third more than it holds at the moment it grows, which is when a search's
//! memory peaks. Segments grow one at a time, so growing costs one segment's copy. The keys are
//! well mixed, so the segments fill alike and the low bits of the first word are the slot.
//!
//! The whole key is stored, never a shorter fingerprint: two positions are the same to the
//! search only when their 128-bit keys are (rule K in `solver/pruning.rs` prices that risk).

use super::position::Key;

/// Segments of a [`KeySet`] (a power of two).
const SEGMENT_BITS: u32 = 2;
const SEGMENTS: usize = 1 << SEGMENT_BITS;

/// Slots of a segment at least.
const MIN_SLOTS: usize = 64;

/// A segment grows once more than this share of its slots (in eighths) would be taken: linear
/// probing stays short (about two slots looked at a hit, eight a miss, most within one cache
/// line) while the table needs a third fewer slots than at half full.
const LOAD_EIGHTHS: usize = 7;

/// The empty slot. A real key equal to it is stored as [`ZERO_STANDIN`].
const EMPTY: Key = Key(0, 0);
const ZERO_STANDIN: Key = Key(0, 1);

/// One segment: an open-addressing table of keys.
struct Segment {
    slots: Vec<Key>,
    len: usize,
}

impl Segment {
    fn new(slots: usize) -> Segment {
        Segment {
            slots: vec![EMPTY; slots],
            len: 0,
        }
    }

    /// Whether `more` keys would take the segment past its load.
    #[inline]
    fn full_after(&self, more: usize) -> bool {
        (self.len + more) * 8 > self.slots.len() * LOAD_EIGHTHS
    }

    /// The slot where `key`'s probe starts: the high bits of its first word scaled to the
    /// segment's size, so that a segment may have any size.
    #[inline]
    fn home(&self, key: Key) -> usize {
        ((key.0 as u128 * self.slots.len() as u128) >> 64) as usize
    }

    /// The slot after `i`, round the end.
    #[inline]
    fn next(&self, i: usize) -> usize {
        if i + 1 == self.slots.len() {
            0
        } else {
            i + 1
        }
    }

    /// Grows by half: a table that doubles is between a quarter and a half empty more of the
    /// time than one that grows by half.
    fn grow(&mut self) {
        let old = std::mem::take(&mut self.slots);
        self.slots = vec![EMPTY; old.len() + old.len() / 2];
        for k in old {
            if k != EMPTY {
                let mut i = self.home(k);
                while self.slots[i] != EMPTY {
                    i = self.next(i);
                }
                self.slots[i] = k;
            }
        }
    }
}

/// A set of [`Key`]s.
pub(crate) struct KeySet {
    segments: Vec<Segment>,
    len: usize,
    /// Slots of all segments.
    slots: usize,
}

impl KeySet {
    /// An empty set with room for about `capacity` keys before it grows.
    pub(crate) fn with_capacity(capacity: usize) -> KeySet {
        let per = (capacity * 8 / LOAD_EIGHTHS / SEGMENTS + 1).max(MIN_SLOTS);
        KeySet {
            segments: (0..SEGMENTS).map(|_| Segment::new(per)).collect(),
            len: 0,
            slots: per * SEGMENTS,
        }
    }

    /// Keys held.
    pub(crate) fn len(&self) -> usize {
        self.len
    }

    /// Bytes the table holds.
    pub(crate) fn bytes(&self) -> usize {
        self.slots * std::mem::size_of::<Key>() + SEGMENTS * std::mem::size_of::<Segment>()
    }

    /// Bytes the table holds at most while `room` more keys are inserted: every segment that
    /// might grow (were all of them to fall in it) counted at its grown size, and the largest
    /// of those once more for its old slots while it copies (segments grow one at a time).
    pub(crate) fn bytes_after_inserting(&self, room: usize) -> usize {
        let (mut grown, mut copying) = (0, 0);
        for s in &self.segments {
            if s.full_after(room + 1) {
                let b = s.slots.len() * std::mem::size_of::<Key>();
                grown += b / 2;
                copying = copying.max(b);
            }
        }
        self.bytes() + grown + copying
    }

    #[inline]
    fn segment_of(key: Key) -> usize {
        (key.1 >> (64 - SEGMENT_BITS)) as usize
    }

    /// Adds `key`; true if it was not there.
    pub(crate) fn insert(&mut self, key: Key) -> bool {
        let key = if key == EMPTY { ZERO_STANDIN } else { key };
        let seg = &mut self.segments[Self::segment_of(key)];
        if seg.full_after(1) {
            self.slots -= seg.slots.len();
            seg.grow();
            self.slots += seg.slots.len();
        }
        let mut i = seg.home(key);
        loop {
            let s = seg.slots[i];
            if s == EMPTY {
                seg.slots[i] = key;
                seg.len += 1;
                self.len += 1;
                return true;
            }
            if s == key {
                return false;
            }
            i = seg.next(i);
        }
    }

    /// Asks the processor to fetch `key`'s slot ahead of an [`KeySet::insert`].
    #[inline]
    pub(crate) fn prefetch(&self, key: Key) {
        #[cfg(target_arch = "x86_64")]
        {
            let seg = &self.segments[Self::segment_of(key)];
            let i = seg.home(key);
            // SAFETY: `i` is below the segment's length; prefetching has no effect on
            // memory contents.
            unsafe {
                std::arch::x86_64::_mm_prefetch(
                    seg.slots.as_ptr().add(i) as *const i8,
                    std::arch::x86_64::_MM_HINT_T0,
                );
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::zobrist::mix;

    /// Every key goes in once, whatever segment it falls in and however often its segment
    /// grows, and a key met again is known.
    #[test]
    fn a_key_set_holds_each_key_once_across_growth() {
        let mut set = KeySet::with_capacity(0);
        let keys: Vec<Key> = (0..20_000u64)
            .map(|i| Key(mix(i), mix(i ^ 0xABCD)))
            .collect();
        for &k in &keys {
            assert!(set.insert(k));
        }
        for &k in &keys {
            assert!(!set.insert(k));
        }
        assert_eq!(set.len(), keys.len());
        // The zero key, the empty slot's pattern, is held too (as its stand-in).
        assert!(set.insert(Key(0, 0)));
        assert!(!set.insert(Key(0, 0)));
    }

    /// The bound the search checks before inserting covers what the table holds after.
    #[test]
    fn the_bound_before_inserting_covers_the_table_after() {
        let mut set = KeySet::with_capacity(0);
        for i in 0..50_000u64 {
            let bound = set.bytes_after_inserting(1);
            set.insert(Key(mix(i), mix(i + 7)));
            assert!(set.bytes() <= bound);
        }
    }
}
