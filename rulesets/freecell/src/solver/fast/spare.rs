//! A scan's tables, kept between solves on one thread.
//!
//! A median four-cell deal takes out about 80 positions; allocating a scan's tables for it
//! and handing them back afterwards costs more than it seems: the positions kept whole are
//! 137 KB, and when a solve hands its tables back the allocator may give the top of its heap
//! back to the system, so the next solve's first touches of that memory fault pages in
//! again (on deals 800001..804000 a build whose allocations fell that way spent about 13 µs a
//! deal in the kernel, a sixth of a median solve). fc-solve keeps its instance between
//! boards for the same reason. So the first scan of a solve takes the tables the last one
//! on this thread left, and leaves its own when it ends, if they never grew past the room
//! they started with: a hard deal's large tables are handed back, not kept. Tables taken
//! from here are empty and of exactly the room a new one has, so a search, its memory count
//! included, is the same either way.

use super::{Buckets, FingerprintSet, Key, Move, Pos, RECENT, START_ROOM};
use std::cell::RefCell;
use std::sync::OnceLock;

/// Room of the positions taken out and of their links when new.
const TAKEN_ROOM: usize = START_ROOM / 8;
/// Room of a position's moves when new.
const MOVES_ROOM: usize = 64;

/// The room of a new scan's set of positions seen: the hash table rounds the room asked for
/// up as it likes, so it is read once from a new one.
fn seen_room() -> usize {
    static ROOM: OnceLock<usize> = OnceLock::new();
    *ROOM.get_or_init(|| {
        FingerprintSet::with_capacity_and_hasher(START_ROOM, Default::default()).capacity()
    })
}

/// The tables of one scan ([`super::Finder`]'s).
pub(super) struct Tables {
    pub(super) seen: FingerprintSet,
    pub(super) taken: Vec<Key>,
    pub(super) links: Vec<(u32, Move, u16)>,
    pub(super) open: Buckets<(u32, Move)>,
    pub(super) moves: Vec<Move>,
    pub(super) recent: Vec<(u32, Pos)>,
}

thread_local! {
    static SPARE: RefCell<Option<Tables>> = const { RefCell::new(None) };
}

impl Tables {
    fn new() -> Tables {
        Tables {
            seen: FingerprintSet::with_capacity_and_hasher(START_ROOM, Default::default()),
            taken: Vec::with_capacity(TAKEN_ROOM),
            links: Vec::with_capacity(TAKEN_ROOM),
            open: Buckets::with_capacity(START_ROOM),
            moves: Vec::with_capacity(MOVES_ROOM),
            recent: Vec::with_capacity(RECENT),
        }
    }

    /// Whether every table still has the room it started with.
    fn as_new(&self) -> bool {
        self.seen.capacity() == seen_room()
            && self.taken.capacity() == TAKEN_ROOM
            && self.links.capacity() == TAKEN_ROOM
            && self.open.capacity() == START_ROOM
            && self.moves.capacity() == MOVES_ROOM
            && self.recent.capacity() == RECENT
    }

    /// Empty tables with a new scan's room: the ones this thread's last scan left, or new.
    pub(super) fn take() -> Tables {
        SPARE
            .try_with(|spare| spare.borrow_mut().take())
            .ok()
            .flatten()
            .unwrap_or_else(Tables::new)
    }

    /// Keeps `self` for this thread's next scan, emptied, if it never grew and no tables are
    /// kept yet; else hands it back to the allocator.
    pub(super) fn give(mut self) {
        if !self.as_new() {
            return;
        }
        self.seen.clear();
        self.taken.clear();
        self.links.clear();
        self.open.clear();
        self.moves.clear();
        self.recent.clear();
        let _ = SPARE.try_with(|spare| {
            let mut spare = spare.borrow_mut();
            if spare.is_none() {
                *spare = Some(self);
            }
        });
    }
}
