//! The types the patience solvers share: how a search ended, what it cost, the hasher of their
//! position keys and the entry of a best-first search's open list.
//!
//! Each game keeps its own positions, moves and search loop (what may be pruned is the
//! game's, and each proof is written beside its search); what is the same in all of them is
//! written once here.

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
}

impl<M> Report<M> {
    /// A report of `states` positions that ended as `outcome`.
    pub fn new(outcome: Outcome<M>, states: u64) -> Self {
        Report { outcome, states }
    }

    /// The answer felt gives for this report. A won line is handed out only as `replay` turns
    /// it into actions the ruleset accepted to the end (the line replayed on the game itself);
    /// a line it refuses would be a solver bug, and then nothing is claimed either way.
    pub fn into_analysis(self, replay: impl FnOnce(&[M]) -> Option<Vec<Action>>) -> Analysis {
        let states = self.states;
        match self.outcome {
            Outcome::Won(line) => match replay(&line) {
                Some(actions) => Analysis::Won { actions, states },
                None => Analysis::Undecided { states },
            },
            Outcome::Lost => Analysis::Unwinnable { states },
            Outcome::Undecided => Analysis::Undecided { states },
        }
    }
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
        for chunk in bytes.chunks(8) {
            let mut w = [0u8; 8];
            w[..chunk.len()].copy_from_slice(chunk);
            self.0 =
                (self.0.rotate_left(5) ^ u64::from_le_bytes(w)).wrapping_mul(0x517c_c1b7_2722_0a95);
        }
    }
}

/// A set of position keys hashed by [`KeyHasher`].
pub type KeySet<K> = HashSet<K, BuildHasherDefault<KeyHasher>>;

/// A map from position keys, hashed by [`KeyHasher`].
pub type KeyMap<K, V> = HashMap<K, V, BuildHasherDefault<KeyHasher>>;

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
    fn equal_keys_hash_equal() {
        let mut set: KeySet<[u8; 11]> = KeySet::default();
        assert!(set.insert([1; 11]));
        assert!(!set.insert([1; 11]));
        assert!(set.insert([2; 11]));
    }
}
