//! A node's key and heuristic split by column, so that each child's are found by redoing only
//! the columns its move touched.
//!
//! The heuristic of [`crate::solver::eval`] is a sum of per-column costs, and a column's cost depends
//! only on how many of its cards are face down and face up and how many breaks (of rank, or of
//! suit only) its face-up part holds. Counting those once ([`Shape`]) serves every set of weights the
//! search alternates between, and a dealt card adds one link to a column's count instead of
//! a rescan of the whole table. Both count links with [`crate::solver::eval::link`] and price
//! the counts with [`crate::solver::eval::cost_of`], so [`Shape::cost`] and
//! [`crate::solver::eval::column_cost`] agree by construction; the tests also pin that on
//! positions from random play.

use crate::solver::eval::{base, cost_of, link, Link, Weights};
use crate::solver::moves::shared_columns;
use crate::solver::position::{rank, Key, Position, Undo, MAX_COLUMNS, UNKNOWN};
use crate::solver::{GroupRule, SolverMove};

/// Most heuristics the search alternates between.
pub(crate) const MAX_VIEWS: usize = 2;

/// What a column's heuristic cost depends on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Shape {
    empty: bool,
    down: u16,
    /// Face-up cards.
    up: u16,
    rank_breaks: u16,
    suit_breaks: u16,
}

impl Shape {
    /// The shape of column `c`.
    #[inline]
    pub(crate) fn of(pos: &Position, c: usize) -> Shape {
        let col = pos.column(c);
        let down = pos.face_down(c);
        let mut s = Shape {
            empty: col.is_empty(),
            down: down as u16,
            up: (col.len() - down) as u16,
            rank_breaks: 0,
            suit_breaks: 0,
        };
        for i in down + 1..col.len() {
            s.link(col[i - 1], col[i]);
        }
        s
    }

    /// The shape of column `c` and its [`movable_group`](crate::solver::moves::movable_group) under `group`, in one pass from the
    /// top: the group is the top card and the links under it that are not breaks (of suit
    /// too, under classic rules).
    #[inline]
    fn with_group(pos: &Position, c: usize, group: GroupRule) -> (Shape, u8) {
        let col = pos.column(c);
        let down = pos.face_down(c);
        let n = col.len();
        let mut s = Shape {
            empty: n == 0,
            down: down as u16,
            up: (n - down) as u16,
            rank_breaks: 0,
            suit_breaks: 0,
        };
        let mut g = u8::from(n > 0 && col[n - 1] != UNKNOWN);
        let mut growing = g > 0;
        let suit_ends = group == GroupRule::Classic;
        for i in (down + 1..n).rev() {
            let class = link(col[i - 1], col[i]);
            match class {
                Link::Rank => s.rank_breaks += 1,
                Link::Suit => s.suit_breaks += 1,
                Link::Suited => {}
            }
            if growing {
                growing = class == Link::Suited || (class == Link::Suit && !suit_ends);
                g += u8::from(growing);
            }
        }
        (s, g)
    }

    /// Counts face-up card `up` lying on face-up card `lo`.
    #[inline]
    fn link(&mut self, lo: u8, up: u8) {
        match link(lo, up) {
            Link::Rank => self.rank_breaks += 1,
            Link::Suit => self.suit_breaks += 1,
            Link::Suited => {}
        }
    }

    /// Adds the links counted in `o`.
    #[inline]
    fn add(&mut self, o: Shape) {
        self.rank_breaks += o.rank_breaks;
        self.suit_breaks += o.suit_breaks;
    }

    /// Takes away the links counted in `o`, which this shape counted.
    #[inline]
    fn sub(&mut self, o: Shape) {
        self.rank_breaks -= o.rank_breaks;
        self.suit_breaks -= o.suit_breaks;
    }

    /// The column's cost under `w`: what [`crate::solver::eval::column_cost`] says.
    #[inline]
    pub(crate) fn cost(self, w: &Weights) -> i32 {
        cost_of(
            self.empty,
            self.down.into(),
            self.up.into(),
            self.rank_breaks.into(),
            self.suit_breaks.into(),
            w,
        )
    }
}

/// A node's per-column keys, costs, last cards and movable groups, kept from one expanded
/// node to the next: only the columns that changed in between are looked at again.
pub(crate) struct Summary {
    keys: [Key; MAX_COLUMNS],
    shapes: [Shape; MAX_COLUMNS],
    tops: [u8; MAX_COLUMNS],
    groups: [u8; MAX_COLUMNS],
    costs: [[i32; MAX_COLUMNS]; MAX_VIEWS],
    key_sum: Key,
    cost_sum: [i32; MAX_VIEWS],
    /// The key's part that no column holds ([`Position::header_key`]).
    header: Key,
    /// The heuristic's part that no column holds, by view.
    base: [i32; MAX_VIEWS],
    /// Bit `b` set when some column ends with card byte `b`.
    free: u64,
    shared: u32,
    /// Cards the next deal puts down (onto the first columns), 0 if none is left.
    deal_width: usize,
}

impl Summary {
    /// The summary of `pos`, whose interchangeable columns are `shared`, with groups that
    /// move under `group`.
    pub(crate) fn of(pos: &Position, shared: u32, views: &[Weights], group: GroupRule) -> Summary {
        let mut s = Summary {
            keys: [Key::default(); MAX_COLUMNS],
            shapes: [Shape::default(); MAX_COLUMNS],
            tops: [UNKNOWN; MAX_COLUMNS],
            groups: [0; MAX_COLUMNS],
            costs: [[0; MAX_COLUMNS]; MAX_VIEWS],
            key_sum: Key::default(),
            cost_sum: [0; MAX_VIEWS],
            header: Key::default(),
            base: [0; MAX_VIEWS],
            free: 0,
            shared,
            deal_width: 0,
        };
        s.update(pos, shared, views, group, u32::MAX);
        s
    }

    /// Brings the summary to `pos`, which differs from the position last summarised at most
    /// in the columns of `changed` (one bit each) and in its header (rows dealt, runs removed).
    pub(crate) fn update(
        &mut self,
        pos: &Position,
        shared: u32,
        views: &[Weights],
        group: GroupRule,
        changed: u32,
    ) {
        let ncols = pos.columns();
        let all = if ncols >= 32 {
            u32::MAX
        } else {
            (1 << ncols) - 1
        };
        let changed = changed & all;
        // A column's key also depends on whether it is interchangeable.
        let mut rekey = (changed | (shared ^ self.shared)) & all;
        while rekey != 0 {
            let c = rekey.trailing_zeros() as usize;
            rekey &= rekey - 1;
            self.keys[c] = pos.column_key(c, shared);
        }
        let mut redo = changed;
        while redo != 0 {
            let c = redo.trailing_zeros() as usize;
            redo &= redo - 1;
            (self.shapes[c], self.groups[c]) = Shape::with_group(pos, c, group);
            self.tops[c] = pos.top(c).unwrap_or(UNKNOWN);
            for (v, w) in views.iter().enumerate() {
                self.costs[v][c] = self.shapes[c].cost(w);
            }
        }
        self.shared = shared;
        self.deal_width = pos.rows_left_sizes().first().map_or(0, |&k| k as usize);
        self.key_sum = Key::default();
        self.cost_sum = [0; MAX_VIEWS];
        self.free = 0;
        for c in 0..ncols {
            self.key_sum = self.key_sum.add(self.keys[c]);
            if self.tops[c] != UNKNOWN {
                self.free |= 1 << self.tops[c];
            }
        }
        for (v, w) in views.iter().enumerate() {
            self.cost_sum[v] = self.costs[v][..ncols].iter().sum();
            self.base[v] = base(pos, w);
        }
        self.header = pos.header_key();
    }

    /// Each column's last card ([`UNKNOWN`] when empty).
    pub(crate) fn tops(&self) -> &[u8; MAX_COLUMNS] {
        &self.tops
    }

    /// Each column's [`movable_group`](crate::solver::moves::movable_group).
    pub(crate) fn groups(&self) -> &[u8; MAX_COLUMNS] {
        &self.groups
    }

    /// Bit `b` set when some column ends with card byte `b`.
    pub(crate) fn free(&self) -> u64 {
        self.free
    }

    /// Key and heuristic scores of the child that moving the last `count` cards of column
    /// `from` onto column `to` makes from `pos` (the summarised position), found without
    /// making the move: only the links the move breaks or makes are counted. `None` when the
    /// move completes a run: apply it and ask [`Summary::child`].
    #[inline]
    pub(crate) fn move_child(
        &self,
        pos: &Position,
        from: u8,
        count: u8,
        to: u8,
        views: &[Weights],
    ) -> Option<(Key, [i32; MAX_VIEWS])> {
        let (f, n, t) = (from as usize, count as usize, to as usize);
        if rank(self.tops[f]) == 1 && pos.move_completes_run(f, n, t) {
            return None;
        }
        let (kf, kt) = pos.moved_column_keys(f, n, t);
        let key = self
            .header
            .add(self.key_sum.sub(self.keys[f]).sub(self.keys[t]))
            .add(Position::share_of(kf, f, self.shared))
            .add(Position::share_of(kt, t, self.shared));
        let len = pos.len(f);
        let rest = len - n;
        let down = pos.face_down(f);
        let first = pos.at(f, rest);
        // The links inside the moved group go with it.
        let mut inner = Shape::default();
        for i in rest + 1..len {
            inner.link(pos.at(f, i - 1), pos.at(f, i));
        }
        let sf = if rest == 0 {
            Shape {
                empty: true,
                ..Shape::default()
            }
        } else if rest == down {
            // The card left on top turns face up: no face-up card lies on it.
            let mut s = self.shapes[f];
            s.sub(inner);
            s.down -= 1;
            s.up = 1;
            s
        } else {
            let mut s = self.shapes[f];
            s.sub(inner);
            let mut junction = Shape::default();
            junction.link(pos.at(f, rest - 1), first);
            s.sub(junction);
            s.up -= n as u16;
            s
        };
        let st = if self.shapes[t].empty {
            Shape {
                up: n as u16,
                ..inner
            }
        } else {
            let mut s = self.shapes[t];
            s.add(inner);
            s.link(self.tops[t], first);
            s.up += n as u16;
            s
        };
        let mut scores = [0; MAX_VIEWS];
        for (v, w) in views.iter().enumerate() {
            scores[v] = self.base[v] + self.cost_sum[v] - self.costs[v][f] - self.costs[v][t]
                + sf.cost(w)
                + st.cost(w);
        }
        Some((key, scores))
    }

    /// Key and heuristic scores of `pos`, reached from the summarised node by the move that
    /// `undo` takes back: the same as [`Position::key`] and [`crate::solver::eval::score`] afresh.
    #[inline]
    pub(crate) fn child(
        &self,
        pos: &Position,
        undo: &Undo,
        honest: bool,
        views: &[Weights],
    ) -> (Key, [i32; MAX_VIEWS]) {
        let mut scores = [0; MAX_VIEWS];
        match undo.mv {
            SolverMove::Move { from, to, .. } => {
                let (f, t) = (from as usize, to as usize);
                let key = pos
                    .header_key()
                    .add(self.key_sum.sub(self.keys[f]).sub(self.keys[t]))
                    .add(pos.column_key(f, self.shared))
                    .add(pos.column_key(t, self.shared));
                let (sf, st) = (Shape::of(pos, f), Shape::of(pos, t));
                for (v, w) in views.iter().enumerate() {
                    scores[v] =
                        base(pos, w) + self.cost_sum[v] - self.costs[v][f] - self.costs[v][t]
                            + sf.cost(w)
                            + st.cost(w);
                }
                (key, scores)
            }
            SolverMove::Deal => {
                // Which columns are interchangeable may change once the row is down.
                let shared = shared_columns(pos, honest);
                let changed = ((1u32 << self.deal_width) - 1) | (shared ^ self.shared);
                let mut key = pos.header_key().add(self.key_sum);
                let mut bits = changed;
                while bits != 0 {
                    let c = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    key = key.sub(self.keys[c]).add(pos.column_key(c, shared));
                }
                for (v, w) in views.iter().enumerate() {
                    scores[v] = base(pos, w) + self.cost_sum[v];
                }
                for c in 0..self.deal_width {
                    // A dealt card adds one link to a column that keeps its other cards;
                    // a column that was empty or lost a run is counted afresh.
                    let shape = if self.shapes[c].empty || undo.removed & (1 << c) != 0 {
                        Shape::of(pos, c)
                    } else {
                        let mut s = self.shapes[c];
                        s.link(self.tops[c], pos.at(c, pos.len(c) - 1));
                        s.up += 1;
                        s
                    };
                    for (v, w) in views.iter().enumerate() {
                        scores[v] += shape.cost(w) - self.costs[v][c];
                    }
                }
                (key, scores)
            }
        }
    }
}

#[cfg(test)]
mod tests;
