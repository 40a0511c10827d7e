//! A position's packed form: what the search stores of each expanded node, and how a working
//! position is brought back to one of them cheaply.

use super::Position;

impl Position {
    /// Appends the position's packed form (dealt rows, removed runs, then each column's length,
    /// face-down count and cards) to `out`. The stock's contents are shared by every position
    /// of one search and are not packed.
    pub(crate) fn pack(&self, out: &mut Vec<u8>) {
        out.push(self.dealt);
        out.push(self.removed);
        for c in 0..self.ncols {
            out.push(self.len[c]);
            out.push(self.down[c]);
            out.extend_from_slice(self.column(c));
        }
    }

    /// Restores a packed position of the same search into `self`; returns the bytes read.
    ///
    /// A column's key depends only on its cards and face-down count, so a column that already
    /// holds what the packed one holds keeps its key: positions met one after another in a
    /// search share most columns, and hashing every card afresh was most of the cost.
    pub(crate) fn unpack(&mut self, data: &[u8]) -> usize {
        self.unpack_changed(data).0
    }

    /// [`Position::unpack`], also saying which columns it changed (one bit each), so that
    /// what the caller derived from the other columns can be kept.
    pub(crate) fn unpack_changed(&mut self, data: &[u8]) -> (usize, u32) {
        let mut changed = 0u32;
        if self.dealt != data[0] {
            self.dealt = data[0];
            self.next = self.rows[..self.dealt as usize]
                .iter()
                .map(|&r| r as u16)
                .sum();
        }
        self.removed = data[1];
        let mut i = 2;
        for c in 0..self.ncols {
            let n = data[i] as usize;
            let down = data[i + 1];
            i += 2;
            let start = c * self.stride;
            let column = &data[i..i + n];
            if self.len[c] as usize != n
                || self.down[c] != down
                || self.cards[start..start + n] != *column
            {
                self.len[c] = n as u8;
                self.down[c] = down;
                self.cards[start..start + n].copy_from_slice(column);
                self.rehash_column(c);
                changed |= 1 << c;
            }
            i += n;
        }
        (i, changed)
    }
}
