//! The moves a position offers ([`Game::moves`]): every one the game allows, or the fewer a
//! win finder's scan tries.

use super::*;

impl Game {
    /// Every move worth trying, each a legal move of the game (FC-SUPERMOVE's limit kept).
    /// Single-card moves to every kind of place are always among them, so a search over these
    /// moves misses no position the game can reach.
    pub fn moves(&self, p: &Pos, out: &mut Vec<Move>) {
        self.moves_with(p, out, true);
    }

    /// [`Game::moves`], or with `every` false, fewer: the moves a win finder's scan may leave
    /// out, since a win through them nearly always has another way round, one move longer
    /// at most. Fewer children scored a position is what makes a scan cheaper; the scan
    /// claims no proof (only the exact search does, over every move), and another scan, or
    /// the exact search, finds the rare win that needs one of these. Left out:
    ///
    /// - a column's single last card into an empty column while a cell is free: the cell
    ///   takes it and leaves the column empty;
    /// - a part of a run into an empty column other than its last card or all that may go;
    /// - a column's last card into a cell where it lies on a card it fits (it breaks a
    ///   built run);
    /// - a part of a run onto another column where the whole run may move (the part moves
    ///   from one card it fits to another alike);
    /// - a column's last card into a cell or an empty column where it may go onto another
    ///   column instead;
    /// - a cell's card into an empty column while another cell is free.
    pub fn moves_with(&self, p: &Pos, out: &mut Vec<Move>, every: bool) {
        out.clear();
        let free = self.free_cells(p);
        let empty = self.empty_cols(p);
        // Foundations (the cards auto did not send up).
        for i in 0..self.ncells {
            let c = p.cells[i];
            if c != 0 && self.playable(p, c) {
                out.push(Move {
                    card: c,
                    dest: Dest::Foundation,
                });
            }
        }
        for i in 0..self.ncols {
            if let Some(c) = self.top(p, i) {
                if self.playable(p, c) {
                    out.push(Move {
                        card: c,
                        dest: Dest::Foundation,
                    });
                }
            }
        }
        // Column groups onto cards and into an empty column. Each card has at most two
        // parents (one under build by suit): look up whether one is a column's last card,
        // rather than trying every pair of columns.
        let cap_onto = crate::rules::capacity(self.empty, free, empty, false);
        let cap_empty = crate::rules::capacity(self.empty, free, empty, true);
        let mut top_of = [u8::MAX; 64];
        // Whether a column's last card may go onto another column.
        let mut has_onto = [false; MAX_COLS];
        for j in 0..self.ncols {
            if let Some(t) = self.top(p, j) {
                top_of[t as usize & 63] = j as u8;
            }
        }
        for (i, onto) in has_onto.iter_mut().enumerate().take(self.ncols) {
            let len = p.lens[i] as usize;
            if len == 0 {
                continue;
            }
            let run = self.run_len(p, i);
            let col = self.col(p, i);
            for k in 1..=run.min(cap_onto) {
                let c = col[len - k];
                let left_out = !every && k < run && run <= cap_onto;
                for on in self.parents(c) {
                    let j = top_of[on as usize & 63];
                    if j != u8::MAX && j as usize != i {
                        *onto |= k == 1;
                        if !left_out {
                            out.push(Move {
                                card: c,
                                dest: Dest::Onto(on),
                            });
                        }
                    }
                }
            }
            if empty > 0 {
                // Moving a whole column into an empty one changes nothing.
                let most = run.min(cap_empty).min(len - 1);
                for k in 1..=most {
                    if !every && ((k == 1 && free > 0) || (k > 1 && k < most)) {
                        continue;
                    }
                    if !every && k == 1 && *onto {
                        continue;
                    }
                    let head = col[len - k];
                    if self.empty == Empty::Kings && rank(head) != 13 {
                        continue;
                    }
                    out.push(Move {
                        card: head,
                        dest: Dest::EmptyColumn,
                    });
                }
            }
        }
        // Cells back to columns.
        for c_i in 0..self.ncells {
            let c = p.cells[c_i];
            if c == 0 {
                continue;
            }
            for on in self.parents(c) {
                if top_of[on as usize & 63] != u8::MAX {
                    out.push(Move {
                        card: c,
                        dest: Dest::Onto(on),
                    });
                }
            }
            if empty > 0 && (self.empty == Empty::Any || rank(c) == 13) && (every || free == 0) {
                out.push(Move {
                    card: c,
                    dest: Dest::EmptyColumn,
                });
            }
        }
        // Column cards into a cell.
        if free > 0 {
            for (i, &onto) in has_onto.iter().enumerate().take(self.ncols) {
                if let Some(c) = self.top(p, i) {
                    let len = p.lens[i] as usize;
                    if !every && len >= 2 && self.fits(c, p.cols[i][len - 2]) {
                        continue;
                    }
                    if !every && onto {
                        continue;
                    }
                    out.push(Move {
                        card: c,
                        dest: Dest::Cell,
                    });
                }
            }
        }
    }

    /// Whether [`Game::park_runs`] holds in this game (rules 4 and 5 of the exact search,
    /// [`super::super::search`](mod@super::super::search)): built by suit (one pack: each card lies on one card only)
    /// and empty columns that take only a King (so a group's room is the free cells and one
    /// more).
    pub fn parks_whole(&self) -> bool {
        self.build == Build::Suit && self.empty == Empty::Kings
    }

    /// Takes out of `moves` (the moves of `p`) each column's last card into a cell where it
    /// lies on the card it fits, and puts in, for each such column whose run (the cards from
    /// its end that each lie on the card they fit) is no *home run* (the whole column, from a
    /// King) and no longer than the free cells, the step that parks the run in the cells: a
    /// move of its first card into a cell, which [`Game::play`] carries out card by card from
    /// the top (rules 4 and 5 of the exact search, where [`Game::parks_whole`]).
    pub fn park_runs(&self, p: &Pos, moves: &mut Vec<Move>) {
        let free = self.free_cells(p);
        let mut tops = [0u8; MAX_COLS];
        let mut n = 0;
        for i in 0..self.ncols {
            let col = self.col(p, i);
            let len = col.len();
            if len < 2 || !self.fits(col[len - 1], col[len - 2]) {
                continue;
            }
            tops[n] = col[len - 1];
            n += 1;
            let run = self.run_len(p, i);
            if !(run == len && rank(col[0]) == 13) && run <= free {
                moves.push(Move {
                    card: col[len - run],
                    dest: Dest::Cell,
                });
            }
        }
        if n > 0 {
            moves.retain(|m| m.dest != Dest::Cell || !tops[..n].contains(&m.card));
        }
    }
}
