//! A position as 64 bytes: its canonical key (cells and columns sorted, so that positions
//! equal up to their order share one), the same bytes as it lies (what the win finder keeps),
//! and the position a key stands for.

use super::*;

impl Game {
    /// The canonical key of a position (see [`Key`]).
    pub fn key(&self, p: &Pos) -> Key {
        let mut cells = p.cells;
        cells[..self.ncells].sort_unstable();
        let mut order: [usize; MAX_COLS] = [0; MAX_COLS];
        for (i, o) in order.iter_mut().enumerate() {
            *o = i;
        }
        let order = &mut order[..self.ncols];
        // Columns in the order of their kept hashes, not of their cards: comparing two words
        // is cheaper than comparing two columns. Equal columns have equal hashes, so every
        // arrangement of the same columns gets the same key. Two different columns with the
        // same hash (about once in 2^64) may be put either way round: then one position may
        // have two keys, which costs the search a position stored twice, never a wrong
        // answer, since a key still holds every card.
        order.sort_unstable_by_key(|&i| p.hash[i]);
        self.write(p, &cells[..self.ncells], order)
    }

    /// The position packed in a key's 64 bytes as it lies (cells and columns in their own
    /// order, not sorted): what the win finder keeps of a position it has taken out, an
    /// eighth of a [`Pos`]. [`Game::from_key`] unpacks it.
    pub fn pack(&self, p: &Pos) -> Key {
        let order: [usize; MAX_COLS] = std::array::from_fn(|i| i);
        self.write(p, &p.cells[..self.ncells], &order[..self.ncols])
    }

    /// The bytes of a key: the cards of `cells` (the empty ones left out), a 0, then `p`'s
    /// columns in `order`, each followed by a 0.
    fn write(&self, p: &Pos, cells: &[u8], order: &[usize]) -> Key {
        let mut key = [0u8; KEY_LEN];
        let mut at = 0;
        for &c in cells {
            if c != 0 {
                key[at] = c;
                at += 1;
            }
        }
        at += 1;
        for &i in order {
            let col = self.col(p, i);
            key[at..at + col.len()].copy_from_slice(col);
            at += col.len() + 1;
        }
        key
    }

    /// The position a key stands for (its columns and cells in key order).
    pub fn from_key(&self, key: &Key) -> Pos {
        let mut p = self.unpack_unweighed(key);
        self.refresh_terms(&mut p);
        p
    }

    /// [`Game::from_key`] without the distance shares worked out: for
    /// [`Game::parent_settling`], which works them out on its way.
    #[inline]
    pub(in crate::solver) fn unpack_unweighed(&self, key: &Key) -> Pos {
        let mut p = Pos {
            cols: [[0; MAX_LEN]; MAX_COLS],
            lens: [0; MAX_COLS],
            cells: [0; MAX_CELLS],
            found: [13; 4],
            hash: [0; MAX_COLS],
            term: [0; MAX_COLS],
        };
        let mut at = 0;
        let mut i = 0;
        while key[at] != 0 {
            p.cells[i] = key[at];
            p.found[suit(key[at])] -= 1;
            i += 1;
            at += 1;
        }
        at += 1;
        for j in 0..self.ncols {
            let mut n = 0;
            while key[at] != 0 {
                p.cols[j][n] = key[at];
                p.found[suit(key[at])] -= 1;
                n += 1;
                at += 1;
            }
            p.lens[j] = n as u8;
            p.hash[j] = Self::column_hash(&p.cols[j][..n]);
            at += 1;
        }
        p
    }
}
