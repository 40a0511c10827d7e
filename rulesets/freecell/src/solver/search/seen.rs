//! The exact search's table of positions seen: numbers of positions, found by fingerprint and
//! told apart by their whole canonical keys.

use felt_patience::search::room_bytes;
use std::mem::size_of;

/// An open-addressing table of position numbers, each slot a word: the high half of the
/// position's [`super::super::position::Game::fingerprint`] and its number plus one (0 for
/// an empty slot), so most positions that are not the one looked for are passed over without
/// reading their keys. It only says which stored positions *may* be the one looked for: the
/// search compares whole keys before calling a position seen, so two positions that share a
/// fingerprint are still two positions.
pub(super) struct Seen {
    slots: Vec<u64>,
    // Each position's fingerprint, by number: what growing the table places by.
    fingerprints: Vec<u64>,
}

impl Seen {
    /// A table with room for about `n` positions.
    pub(super) fn with_capacity(n: usize) -> Seen {
        Seen {
            slots: vec![0; (2 * n).next_power_of_two().max(64)],
            fingerprints: Vec::with_capacity(n),
        }
    }

    /// Positions stored.
    pub(super) fn len(&self) -> usize {
        self.fingerprints.len()
    }

    /// The first slot to look in for `fingerprint`, and the tag its positions carry.
    fn home(&self, fingerprint: u64) -> (usize, u64) {
        (
            fingerprint as usize & (self.slots.len() - 1),
            fingerprint & 0xffff_ffff_0000_0000,
        )
    }

    /// The stored positions that may have `fingerprint`, one after another, until `same`
    /// says one is the position: then its number. `None` means the position is new (no
    /// stored position with its fingerprint is it).
    pub(super) fn find(&self, fingerprint: u64, mut same: impl FnMut(u32) -> bool) -> Option<u32> {
        let (mut at, tag) = self.home(fingerprint);
        let mask = self.slots.len() - 1;
        loop {
            let slot = self.slots[at];
            if slot == 0 {
                return None;
            }
            if slot & 0xffff_ffff_0000_0000 == tag {
                let number = (slot as u32).wrapping_sub(1);
                if same(number) {
                    return Some(number);
                }
            }
            at = (at + 1) & mask;
        }
    }

    /// The first slot where a position of `fingerprint` may be: a look ahead, so that the
    /// slot is in the cache when [`Seen::find`] asks.
    pub(super) fn first_slot(&self, fingerprint: u64) -> u64 {
        self.slots[self.home(fingerprint).0]
    }

    /// The number of the position in `slot` (a [`Seen::first_slot`]) if it may have
    /// `fingerprint`: a look ahead at its key.
    pub(super) fn candidate(&self, slot: u64, fingerprint: u64) -> Option<u32> {
        let tag = self.home(fingerprint).1;
        (slot != 0 && slot & 0xffff_ffff_0000_0000 == tag).then(|| (slot as u32).wrapping_sub(1))
    }

    /// Stores a new position (the next number, [`Seen::len`]) with `fingerprint`.
    pub(super) fn insert(&mut self, fingerprint: u64) {
        // At most half full: probes stay short.
        if 2 * (self.len() + 1) > self.slots.len() {
            self.grow();
        }
        let number = self.len() as u64 + 1;
        self.fingerprints.push(fingerprint);
        self.place(fingerprint, number);
    }

    fn place(&mut self, fingerprint: u64, number: u64) {
        let (mut at, tag) = self.home(fingerprint);
        let mask = self.slots.len() - 1;
        while self.slots[at] != 0 {
            at = (at + 1) & mask;
        }
        self.slots[at] = tag | number;
    }

    fn grow(&mut self) {
        self.slots = vec![0; self.slots.len() * 2];
        for i in 0..self.fingerprints.len() {
            self.place(self.fingerprints[i], i as u64 + 1);
        }
    }

    /// The memory it will hold once it has room for a few more positions.
    pub(super) fn bytes(&self) -> usize {
        let slots =
            if 2 * (self.len() + felt_patience::search::CHECK_EVERY as usize) > self.slots.len() {
                2 * self.slots.len()
            } else {
                self.slots.len()
            };
        slots * size_of::<u64>()
            + room_bytes(
                self.fingerprints.len(),
                self.fingerprints.capacity(),
                size_of::<u64>(),
            )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // Every position stored is found again by its fingerprint, across the table's growth, and
    // one never stored is not, even where two positions share a fingerprint (here each pair).
    #[test]
    fn stored_positions_are_found_and_others_not() {
        let mut seen = Seen::with_capacity(4);
        let fingerprint = |i: u64| felt_patience::search::mix(i / 2);
        for i in 0..5000u64 {
            assert_eq!(seen.find(fingerprint(i), |n| n as u64 == i), None);
            seen.insert(fingerprint(i));
        }
        for i in 0..5000u64 {
            assert_eq!(seen.find(fingerprint(i), |n| n as u64 == i), Some(i as u32));
        }
        assert_eq!(seen.find(fingerprint(5000), |n| n == 5000), None);
    }
}
