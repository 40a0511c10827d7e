//! The set the portfolio's searches store their tables in ([`Fingerprints`]): each table's
//! 128-bit fingerprint (the solver's rule 7) with the flags of the searches that stored it,
//! 16 bytes a table in one flat array probed in line.
//!
//! Why not a general-purpose hash map: storing is most of a search's time (a table's key is
//! looked up once for every child made, nearly always a miss in a table far larger than the
//! cache), and such a map keeps its control bytes apart from its entries, so a lookup reads two
//! places of memory where this reads one; and its `(u128, u8)` entry is padded to 32 bytes.

/// The flags' bits, kept in the low bits of a fingerprint's second word: the fingerprint is
/// the other 123 bits (rule 7's odds hold for them as for 128).
const FLAG_BITS: u64 = 0b1_1111;

use felt_patience::search::CHECK_EVERY;

/// An empty slot. No stored slot is all zero: every one stored holds a flag.
const EMPTY: [u64; 2] = [0, 0];

/// The most a table is filled, as a share of its slots (in eighths): past it, lookups run
/// long, so it doubles.
const FULL_EIGHTHS: usize = 6;

/// Fingerprints with up to five flags each, in a table of open addressing.
pub struct Fingerprints {
    slots: Vec<[u64; 2]>,
    len: usize,
}

impl Fingerprints {
    /// An empty set.
    pub fn new() -> Fingerprints {
        Fingerprints {
            slots: vec![EMPTY; 1 << 12],
            len: 0,
        }
    }

    /// The slot `fingerprint` is stored in, or the empty one where it would go.
    fn slot(&self, fingerprint: u128) -> (usize, bool) {
        let (first, second) = split(fingerprint);
        let mask = self.slots.len() - 1;
        // The first word is a hash's output, uniform: its low bits pick the slot.
        let mut i = first as usize & mask;
        loop {
            let [a, b] = self.slots[i];
            if a == first && b & !FLAG_BITS == second {
                return (i, true);
            }
            if [a, b] == EMPTY {
                return (i, false);
            }
            i = (i + 1) & mask;
        }
    }

    /// Asks the processor to fetch the memory where `fingerprint` would be looked up first,
    /// without waiting for it: a lookup made a little later finds it in the cache.
    pub fn prefetch(&self, fingerprint: u128) {
        let i = split(fingerprint).0 as usize & (self.slots.len() - 1);
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            let at = self.slots[i..].as_ptr().cast::<i8>();
            // SAFETY: a prefetch is a hint: it reads nothing into the program and never
            // faults, whatever the address; SSE, its instruction set, is part of every
            // x86_64 processor.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(at) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = i;
    }

    /// The flags of `fingerprint`: none where it is not stored.
    pub fn flags(&self, fingerprint: u128) -> u8 {
        match self.slot(fingerprint) {
            (i, true) => (self.slots[i][1] & FLAG_BITS) as u8,
            _ => 0,
        }
    }

    /// Adds `flags` (not none: a stored fingerprint has a flag) to those of `fingerprint`,
    /// storing it if it is not, unless it has one of the flags `unless`; the flags it had
    /// (none if it was not stored). One lookup where asking first and adding then took two.
    pub fn add(&mut self, fingerprint: u128, flags: u8, unless: u8) -> u8 {
        debug_assert!(flags != 0 && u64::from(flags) & !FLAG_BITS == 0);
        let (i, found) = self.slot(fingerprint);
        if found {
            let had = (self.slots[i][1] & FLAG_BITS) as u8;
            if had & unless == 0 {
                self.slots[i][1] |= u64::from(flags);
            }
            return had;
        }
        let (first, second) = split(fingerprint);
        self.slots[i] = [first, second | u64::from(flags)];
        self.len += 1;
        if self.len * 8 > self.slots.len() * FULL_EIGHTHS {
            self.grow();
        }
        0
    }

    /// Doubles the slots, every fingerprint moved to its place in the new table.
    fn grow(&mut self) {
        let doubled = vec![EMPTY; self.slots.len() * 2];
        let old = std::mem::replace(&mut self.slots, doubled);
        let mask = self.slots.len() - 1;
        for slot in old.into_iter().filter(|s| *s != EMPTY) {
            let mut i = slot[0] as usize & mask;
            while self.slots[i] != EMPTY {
                i = (i + 1) & mask;
            }
            self.slots[i] = slot;
        }
    }

    /// Fingerprints stored.
    pub fn len(&self) -> usize {
        self.len
    }

    /// The bytes held, and, where the table is near doubling, those it is about to take: the
    /// new table's while the old one is still held.
    pub fn bytes(&self) -> usize {
        let slot = std::mem::size_of::<[u64; 2]>();
        let now = self.slots.len() * slot;
        if (self.len + CHECK_EVERY as usize) * 8 > self.slots.len() * FULL_EIGHTHS {
            3 * now
        } else {
            now
        }
    }
}

/// A fingerprint's two words, the flags' bits cleared from the second.
fn split(fingerprint: u128) -> (u64, u64) {
    (fingerprint as u64, (fingerprint >> 64) as u64 & !FLAG_BITS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flags_add_up_and_survive_growing() {
        let mut set = Fingerprints::new();
        let fp = |i: u128| xxhash_rust::xxh3::xxh3_128(&i.to_le_bytes());
        for i in 0..20_000u128 {
            assert_eq!(set.add(fp(i), 1, 0), 0);
        }
        assert_eq!(set.len(), 20_000);
        for i in 0..20_000u128 {
            assert_eq!(set.add(fp(i), 2, 0), 1, "{i}");
            assert_eq!(set.flags(fp(i)), 3);
            // A flag of `unless` leaves it as it was.
            assert_eq!(set.add(fp(i), 4, 1), 3);
            assert_eq!(set.flags(fp(i)), 3);
        }
        assert_eq!(set.flags(fp(20_001)), 0);
        assert_eq!(set.len(), 20_000);
        // A fingerprint whose words are all zero but for its flags is stored like any other.
        assert_eq!(set.add(0, 4, 0), 0);
        assert_eq!(set.flags(0), 4);
    }
}
