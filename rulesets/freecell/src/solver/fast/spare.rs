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

/// The tables of one scan ([`super::Finder`]'s).
pub(super) struct Tables {
    pub(super) seen: FingerprintSet,
    pub(super) taken: Vec<Key>,
    pub(super) links: Vec<(u32, Move, u16)>,
    pub(super) open: Buckets<(u32, Move)>,
    pub(super) moves: Vec<Move>,
    pub(super) recent: Vec<(u32, Pos)>,
    /// The room `seen` has when new (the hash table rounds its room up as it likes).
    pub(super) seen_room: usize,
}

thread_local! {
    static SPARE: RefCell<Option<Tables>> = const { RefCell::new(None) };
}

impl Tables {
    fn new() -> Tables {
        let seen = FingerprintSet::with_capacity_and_hasher(START_ROOM, Default::default());
        Tables {
            seen_room: seen.capacity(),
            seen,
            taken: Vec::with_capacity(START_ROOM / 8),
            links: Vec::with_capacity(START_ROOM / 8),
            open: Buckets::with_capacity(START_ROOM),
            moves: Vec::with_capacity(64),
            recent: Vec::with_capacity(RECENT),
        }
    }

    /// Whether every table still has the room it started with.
    fn as_new(&self) -> bool {
        self.seen.capacity() == self.seen_room
            && self.taken.capacity() == START_ROOM / 8
            && self.links.capacity() == START_ROOM / 8
            && self.open.capacity() == START_ROOM
            && self.moves.capacity() == 64
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
