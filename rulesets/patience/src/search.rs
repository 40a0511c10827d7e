//! The types the patience solvers share: how a search ended, what it cost, the hasher of their
//! position keys and the entry of a best-first search's open list.
//!
//! Each game keeps its own positions, moves and search loop (what may be pruned is the
//! game's, and each proof is written beside its search); what is the same in all of them is
//! written once here.

use felt_core::analysis::{Budget, KeepGoing, Report as Figures, Stopped};
use felt_core::{Action, Analysis};
use std::cmp::Ordering;
use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};

/// How a search ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome<M> {
    /// A winning line of solver moves from the start.
    Won(Vec<M>),
    /// Every reachable position was seen and none is won.
    Lost,
    /// The budget ran out first.
    Undecided,
}

/// A search's answer and its cost.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report<M> {
    /// What it found.
    pub outcome: Outcome<M>,
    /// Distinct positions stored.
    pub states: u64,
    /// The most memory the search held, in bytes, as its tables' capacities count it.
    pub peak_bytes: u64,
    /// What stopped it ([`Stopped::Decided`] unless the outcome is undecided).
    pub stopped: Stopped,
}

impl<M> Report<M> {
    /// A decided report of `states` positions that ended as `outcome`.
    pub fn new(outcome: Outcome<M>, states: u64) -> Self {
        Report {
            outcome,
            states,
            peak_bytes: 0,
            stopped: Stopped::Decided,
        }
    }

    /// An undecided report: `stopped` ended the search after `states` positions.
    pub fn undecided(states: u64, stopped: Stopped) -> Self {
        Report {
            outcome: Outcome::Undecided,
            states,
            peak_bytes: 0,
            stopped,
        }
    }

    /// The same report with `peak_bytes` as the memory held.
    pub fn holding(mut self, peak_bytes: u64) -> Self {
        self.peak_bytes = self.peak_bytes.max(peak_bytes);
        self
    }

    /// The figures felt-core's answer carries.
    pub fn figures(&self) -> Figures {
        Figures {
            states: self.states,
            peak_bytes: self.peak_bytes,
            stopped: self.stopped,
        }
    }

    /// The answer felt gives for this report. A won line is handed out only as `replay` turns
    /// it into actions the ruleset accepted to the end (the line replayed on the game itself);
    /// a line it refuses would be a solver bug, and then nothing is claimed either way.
    pub fn into_analysis(self, replay: impl FnOnce(&[M]) -> Option<Vec<Action>>) -> Analysis {
        let report = self.figures();
        match self.outcome {
            Outcome::Won(line) => match replay(&line) {
                Some(actions) => Analysis::Won { actions, report },
                None => Analysis::Undecided { report },
            },
            Outcome::Lost => Analysis::Unwinnable { report },
            Outcome::Undecided => Analysis::Undecided { report },
        }
    }
}

/// How often (in positions stored) a search asks its [`KeepGoing`] and counts its memory:
/// often enough that a CPU budget of a few milliseconds holds, seldom enough that reading the
/// clock costs nothing that shows.
pub const CHECK_EVERY: u64 = 256;

/// A search's whole budget in one place: positions, memory and the host's "keep going?". Each
/// search asks [`Limits::stop`] as it stores positions, so all three are honoured the same way
/// in every solver.
#[derive(Clone, Copy)]
pub struct Limits<'a> {
    max_states: u64,
    max_bytes: usize,
    cpu_ms: Option<u64>,
    keep_going: Option<KeepGoing<'a>>,
}

impl<'a> Limits<'a> {
    /// The limits of `budget`, with the host's `keep_going`.
    pub fn new(budget: &Budget, keep_going: KeepGoing<'a>) -> Limits<'a> {
        Limits {
            max_states: budget.max_states(),
            max_bytes: budget.max_bytes(),
            cpu_ms: budget.cpu_ms,
            keep_going: Some(keep_going),
        }
    }

    /// A budget of `max_states` positions and the default memory, with no clock: a ruleset's
    /// own bounded checks (a status, a dead end), which must answer the same on every machine.
    pub fn states(max_states: u64) -> Limits<'static> {
        Limits {
            max_states,
            max_bytes: Budget::default().max_bytes(),
            cpu_ms: None,
            keep_going: None,
        }
    }

    /// The positions the search may store.
    pub fn max_states(&self) -> u64 {
        self.max_states
    }

    /// The CPU time the host gives the search, when it gives one. The host's clock, not the
    /// search, enforces it (through the keep-going callback); a search reads it only to share
    /// its work out among stages as the time allows, never to decide an answer.
    pub fn cpu_ms(&self) -> Option<u64> {
        self.cpu_ms
    }

    /// The bytes the search may hold.
    pub fn max_bytes(&self) -> usize {
        self.max_bytes
    }

    /// The same limits with at most `max_states` positions (a search run in stages gives each
    /// stage a share).
    pub fn with_states(mut self, max_states: u64) -> Limits<'a> {
        self.max_states = self.max_states.min(max_states);
        self
    }

    /// The same limits with `max_states` positions, more or fewer (a ruleset that scales the
    /// host's budget for a search it knows to need more, as its request allows).
    pub fn with_room(mut self, max_states: u64) -> Limits<'a> {
        self.max_states = max_states;
        self
    }

    /// What stops a search that has stored `states` positions, if anything does. Every
    /// `CHECK_EVERY` positions it also reads `bytes()`, the memory the search's tables will
    /// hold once they have room for the next `CHECK_EVERY` (see [`room_bytes`]), so a search
    /// stops before a table's growth takes it past the cap, never after; `peak` keeps the
    /// most of those readings that kept within it, the figure the answer reports.
    pub fn stop(
        &self,
        states: u64,
        peak: &mut usize,
        bytes: impl FnOnce() -> usize,
    ) -> Option<Stopped> {
        if states >= self.max_states {
            return Some(Stopped::States);
        }
        if !states.is_multiple_of(CHECK_EVERY) {
            return None;
        }
        let held = bytes();
        if held > self.max_bytes {
            return Some(Stopped::Memory);
        }
        *peak = (*peak).max(held);
        match self.keep_going {
            Some(keep_going) if !keep_going(states) => Some(Stopped::Caller),
            _ => None,
        }
    }
}

/// Whether one stage of a solve made of several, stopped for `stopped`, has only spent its own
/// share: it ran out of positions or of memory. Each stage's tables are dropped when it ends,
/// so the next starts with the whole memory cap again; only the caller (time up, an answer no
/// longer wanted) stops every stage. (Memory once ended every stage: with 4 MB a deal,
/// Thoughtful deals 1..300 left 81 undecided, each at its first stage's 16,384 positions.)
pub fn stage_spent(stopped: Stopped) -> bool {
    matches!(stopped, Stopped::States | Stopped::Memory)
}

/// The bytes a table of `len` entries of `entry` bytes each, with room for `capacity`, holds
/// once it has room for `CHECK_EVERY` more: a `Vec` or a hash table doubles its room when it
/// is full, so one about to fill is counted at its doubled size. A hash table's room is its
/// `capacity()`; it spends about 8/7 of that in slots, each with a control byte (count those in
/// `entry`).
pub fn room_bytes(len: usize, capacity: usize, entry: usize) -> usize {
    let room = if len + CHECK_EVERY as usize > capacity {
        (capacity * 2).max(len + CHECK_EVERY as usize)
    } else {
        capacity
    };
    room * entry
}

/// A multiply-rotate hash over eight bytes at a time: keys are card bytes, and SipHash would
/// cost more than the rest of a step.
#[derive(Default)]
pub struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for chunk in &mut chunks {
            // Whole words read as words: a variable-length copy per word was a call to
            // `memmove` (3 % of a Klondike proof's CPU).
            let mut w = [0u8; 8];
            w.copy_from_slice(chunk);
            self.add(u64::from_le_bytes(w));
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            let mut w = [0u8; 8];
            w[..rest.len()].copy_from_slice(rest);
            self.add(u64::from_le_bytes(w));
        }
    }
    // The same mix as `write` of the word's bytes, without going through them.
    fn write_u64(&mut self, n: u64) {
        self.add(n);
    }
    fn write_usize(&mut self, n: usize) {
        self.add(n as u64);
    }
}

impl KeyHasher {
    /// Mixes one word into the hash.
    #[inline(always)]
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x517c_c1b7_2722_0a95);
    }
}

/// A set of position keys hashed by [`KeyHasher`].
pub type KeySet<K> = HashSet<K, BuildHasherDefault<KeyHasher>>;

/// A map from position keys, hashed by [`KeyHasher`].
pub type KeyMap<K, V> = HashMap<K, V, BuildHasherDefault<KeyHasher>>;

/// Mixes a word so that every bit of the result depends on every bit of the input (the
/// finalizer of splitmix64; each of its steps can be undone, so no two words mix alike): the
/// building block of the 64-bit fingerprints that searches looking only for a win keep in
/// place of whole keys. Storing eight bytes a position saves most of what a step spent
/// comparing and moving keys. Two positions may share a fingerprint, so a search that keeps
/// fingerprints may skip a position it never saw and miss a win through it; it never claims
/// a win that is not there (each line is replayed) and must never claim a loss. With 2^64
/// values and a few million positions a shared fingerprint comes about once in 10^6 searches.
pub fn mix(mut h: u64) -> u64 {
    h = (h ^ (h >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    h = (h ^ (h >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    h ^ (h >> 31)
}

/// Passes a fingerprint through as its own hash: it is mixed already ([`mix`]).
#[derive(Default)]
pub struct PassHasher(u64);

impl Hasher for PassHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        // Only `write_u64` is used by a set of fingerprints; anything else is folded in.
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

/// A set of fingerprints: what a search that only looks for wins remembers of the
/// positions it saw.
pub type FingerprintSet = HashSet<u64, BuildHasherDefault<PassHasher>>;

/// An entry of a best-first search's open list (a [`std::collections::BinaryHeap`]): the
/// heap pops the lowest `priority` first and, among equals, the highest `node` (the newest
/// position), which keeps a search on the line it was following. `item` rides along and is
/// not compared.
pub struct Open<T> {
    /// The estimate to order by: lower is tried first.
    pub priority: i32,
    /// The position's number in the search's own tables.
    pub node: u32,
    /// What the search keeps with the entry (a key, or nothing).
    pub item: T,
}

impl<T> PartialEq for Open<T> {
    fn eq(&self, other: &Self) -> bool {
        (self.priority, self.node) == (other.priority, other.node)
    }
}
impl<T> Eq for Open<T> {}
impl<T> PartialOrd for Open<T> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl<T> Ord for Open<T> {
    fn cmp(&self, other: &Self) -> Ordering {
        other
            .priority
            .cmp(&self.priority)
            .then(self.node.cmp(&other.node))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BinaryHeap;

    #[test]
    fn the_open_list_pops_the_lowest_priority_then_the_newest_node() {
        let mut heap = BinaryHeap::new();
        for (priority, node) in [(5, 0), (3, 1), (3, 2), (7, 3)] {
            heap.push(Open {
                priority,
                node,
                item: (),
            });
        }
        let order: Vec<u32> = std::iter::from_fn(|| heap.pop().map(|o| o.node)).collect();
        assert_eq!(order, vec![2, 1, 0, 3]);
    }

    #[test]
    fn mixing_keeps_words_apart_and_spreads_each_bit() {
        // No two of a million words mix alike, and flipping one bit of a word flips about
        // half the bits of its mix (every bit depends on every bit).
        let mut mixes: FingerprintSet = FingerprintSet::default();
        for w in 0..1_000_000u64 {
            assert!(mixes.insert(mix(w)), "{w} mixes like another word");
        }
        let mut flipped = 0u64;
        for w in (0..1000u64).map(|i| i.wrapping_mul(0x9e37_79b9_7f4a_7c15)) {
            for bit in 0..64 {
                flipped += u64::from((mix(w) ^ mix(w ^ 1 << bit)).count_ones());
            }
        }
        let mean = flipped as f64 / (1000.0 * 64.0);
        assert!((30.0..34.0).contains(&mean), "{mean} bits flip on average");
    }

    #[test]
    fn equal_keys_hash_equal() {
        let mut set: KeySet<[u8; 11]> = KeySet::default();
        assert!(set.insert([1; 11]));
        assert!(!set.insert([1; 11]));
        assert!(set.insert([2; 11]));
    }
}
