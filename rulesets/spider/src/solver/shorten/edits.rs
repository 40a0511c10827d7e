//! The local edits of [`super::shorten`]: loops, detours of one group, and short shortcut
//! searches between positions of the line.

use super::super::moves::{is_legal, is_won, legal_moves, shared_columns, SolverMove};
use super::super::position::{Key, Position, MAX_COLUMNS};
use super::super::SolverRules;
use super::Effort;
use std::collections::HashMap;

/// `line` (which wins from `start` with its last move) after the local edits, and the moves
/// applied to find them (at most about `effort.steps`). `stop`, asked every few thousand moves
/// applied, ends them early (the caller's time budget): the line found so far is kept. The
/// caller checks the result.
pub(super) fn edit(
    start: &Position,
    rules: &SolverRules,
    line: &[SolverMove],
    effort: Effort,
    stop: Option<&dyn Fn() -> bool>,
) -> (Vec<SolverMove>, u64) {
    let mut work = Work {
        start,
        rules,
        moves: line.to_vec(),
        keys: Vec::new(),
        index: HashMap::new(),
        steps: 0,
        limit: effort.steps,
        stop,
        next_check: std::cell::Cell::new(STOP_EVERY),
        stopped: std::cell::Cell::new(false),
    };
    work.rekey();
    // Cheap edits first, to a fixed point; then the deeper shortcut searches, which cost far
    // more a place, with what is left.
    for depth in [1.min(effort.depth), effort.depth] {
        loop {
            let before = work.moves.len();
            work.pass(depth);
            if work.moves.len() >= before || work.spent() {
                break;
            }
        }
    }
    (work.moves, work.steps)
}

/// The line being edited, with the key of every position along it.
struct Work<'a> {
    start: &'a Position,
    rules: &'a SolverRules,
    moves: Vec<SolverMove>,
    /// `keys[t]`: the key ([`key_of`]) of the position after the first `t` moves.
    keys: Vec<Key>,
    /// Each key's last place on the line.
    index: HashMap<Key, usize>,
    steps: u64,
    limit: u64,
    /// The caller's stop, asked when `steps` passes `next_check`.
    stop: Option<&'a dyn Fn() -> bool>,
    next_check: std::cell::Cell<u64>,
    stopped: std::cell::Cell<bool>,
}

/// Moves applied between two questions to the caller's stop: a question reads a clock, and a
/// few thousand moves take well under a millisecond.
const STOP_EVERY: u64 = 4096;

/// The key of `p` up to the order of its interchangeable columns (those no stock row reaches):
/// once the stock is empty, a line that meets a later position with its columns permuted
/// goes on with the later moves' columns renamed ([`Work::joined`]).
pub(super) fn key_of(p: &Position) -> Key {
    p.key(shared_columns(p, false))
}

/// For each column of `target`, a column of `q` with the same cards and faces, each used
/// once: how the later moves' columns are renamed when `q` meets `target`. A column keeps its
/// own name when it can: one a stock row still reaches must (its key is salted with its place,
/// so it matches in place), or a later deal would land on the wrong cards.
pub(super) fn renaming(q: &Position, target: &Position) -> Option<[u8; MAX_COLUMNS]> {
    let mut map = [0u8; MAX_COLUMNS];
    let mut used = 0u32;
    let same = |c: usize, x: usize| {
        q.face_down(c) == target.face_down(x) && q.column(c) == target.column(x)
    };
    for (x, slot) in map.iter_mut().enumerate().take(target.columns()) {
        let c = std::iter::once(x)
            .chain(0..q.columns())
            .find(|&c| c < q.columns() && used & (1 << c) == 0 && same(c, x))?;
        used |= 1 << c;
        *slot = c as u8;
    }
    Some(map)
}

/// `mv` with its columns renamed by `map`.
pub(super) fn renamed(mv: SolverMove, map: &[u8; MAX_COLUMNS]) -> SolverMove {
    match mv {
        SolverMove::Move { from, count, to } => SolverMove::Move {
            from: map[from as usize],
            count,
            to: map[to as usize],
        },
        SolverMove::Deal => SolverMove::Deal,
    }
}

impl Work<'_> {
    fn spent(&self) -> bool {
        if self.steps >= self.limit || self.stopped.get() {
            return true;
        }
        if let Some(stop) = self.stop {
            if self.steps >= self.next_check.get() {
                self.next_check.set(self.steps + STOP_EVERY);
                self.stopped.set(stop());
            }
        }
        self.stopped.get()
    }

    /// Recomputes the keys of the positions along the line.
    fn rekey(&mut self) {
        self.keys.clear();
        self.index.clear();
        let mut p = self.start.clone();
        self.keys.push(key_of(&p));
        for &mv in &self.moves {
            p.apply(mv);
            self.keys.push(key_of(&p));
        }
        self.steps += self.moves.len() as u64;
        for (t, &k) in self.keys.iter().enumerate() {
            self.index.insert(k, t);
        }
    }

    /// The first `i` moves, then `made` (which lead to `q`), then the line's moves from place
    /// `t` on, whose position `q` has the key of: with their columns renamed if `q` holds
    /// that position's columns in another order. `None` if it is not that position after all.
    fn joined(
        &mut self,
        i: usize,
        made: &[SolverMove],
        q: &Position,
        t: usize,
    ) -> Option<Vec<SolverMove>> {
        let mut target = self.start.clone();
        for &mv in &self.moves[..t] {
            target.apply(mv);
        }
        self.steps += t as u64;
        let mut line = Vec::with_capacity(i + made.len() + self.moves.len() - t);
        line.extend_from_slice(&self.moves[..i]);
        line.extend_from_slice(made);
        if *q == target {
            line.extend_from_slice(&self.moves[t..]);
        } else {
            let map = renaming(q, &target)?;
            line.extend(self.moves[t..].iter().map(|&mv| renamed(mv, &map)));
        }
        Some(line)
    }

    /// One pass over the line, left to right; at each place the first edit that pays is kept.
    fn pass(&mut self, depth: u8) {
        let mut p = self.start.clone();
        let mut i = 0;
        while i < self.moves.len() && !self.spent() {
            if let Some(line) = self.improve_at(&p, i, depth) {
                debug_assert!(line.len() < self.moves.len());
                self.moves = line;
                self.rekey();
                continue;
            }
            p.apply(self.moves[i]);
            self.steps += 1;
            i += 1;
        }
    }

    /// The line with the first edit at place `i` (position `p`) that makes it shorter.
    fn improve_at(&mut self, p: &Position, i: usize, depth: u8) -> Option<Vec<SolverMove>> {
        // A later place of the line with this very position: a loop.
        if let Some(&t) = self.index.get(&self.keys[i]) {
            if t > i {
                if let Some(line) = self.joined(i, &[], p, t) {
                    return Some(line);
                }
            }
        }
        if let Some(line) = self.shortcut(p, i, depth) {
            return Some(line);
        }
        let SolverMove::Move { from, count, .. } = self.moves[i] else {
            return None;
        };
        let mut candidates: Vec<(Vec<SolverMove>, usize)> = vec![(Vec::new(), i + 1)];
        if let Some((j, c2, t2)) = self.next_move_of_group(p, i) {
            let between = &self.moves[i + 1..j];
            // Both moves left out: the group stays where it was.
            candidates.push((between.to_vec(), j + 1));
            if t2 != from {
                // The group goes straight to its second place, at the first move's time...
                let mut first = vec![SolverMove::Move {
                    from,
                    count,
                    to: t2,
                }];
                first.extend_from_slice(between);
                candidates.push((first, j + 1));
                // ... or at the second move's.
                let mut second = between.to_vec();
                second.push(SolverMove::Move {
                    from,
                    count: c2,
                    to: t2,
                });
                candidates.push((second, j + 1));
            }
        }
        for (repl, r) in candidates {
            if let Some(line) = self.attempt(p, i, &repl, r) {
                return Some(line);
            }
        }
        None
    }

    /// The next move after `i` that moves the group move `i` moved, starting from the same
    /// card (cards laid on it since may come along): its place, its count and its target.
    fn next_move_of_group(&mut self, p: &Position, i: usize) -> Option<(usize, u8, u8)> {
        let SolverMove::Move { to, .. } = self.moves[i] else {
            return None;
        };
        let mut q = p.clone();
        // Where the group's first card lies: its column and height.
        let (mut col, mut h) = (to as usize, q.len(to as usize));
        q.apply(self.moves[i]);
        self.steps += 1;
        if h >= q.len(col) {
            // It completed a run, which left the table.
            return None;
        }
        for j in i + 1..self.moves.len() {
            let mv = self.moves[j];
            if let SolverMove::Move { from, count, to } = mv {
                let (f, n, t) = (from as usize, count as usize, to as usize);
                let base = q.len(f) - n;
                if f == col && base <= h {
                    if base == h {
                        return Some((j, count, to));
                    }
                    // Moved along with cards under it.
                    h = q.len(t) + h - base;
                    col = t;
                }
            }
            q.apply(mv);
            self.steps += 1;
            if h >= q.len(col) || self.spent() {
                return None;
            }
        }
        None
    }

    /// The line with moves `i..r` replaced by `repl`, if it is shorter and wins, or meets the
    /// old line further on.
    fn attempt(
        &mut self,
        p: &Position,
        i: usize,
        repl: &[SolverMove],
        r: usize,
    ) -> Option<Vec<SolverMove>> {
        let n = self.moves.len();
        let mut q = p.clone();
        let mut made: Vec<SolverMove> = Vec::with_capacity(repl.len() + 8);
        let rest = self.moves[r..].to_vec();
        for &mv in repl.iter().chain(&rest) {
            if self.steps >= self.limit || !is_legal(&q, self.rules, mv) {
                return None;
            }
            q.apply(mv);
            self.steps += 1;
            made.push(mv);
            let len = i + made.len();
            if is_won(&q, self.rules) {
                return (len < n).then(|| [&self.moves[..i], &made[..]].concat());
            }
            if let Some(&t) = self.index.get(&key_of(&q)) {
                if len + (n - t) < n {
                    return self.joined(i, &made, &q, t);
                }
            }
        }
        None
    }

    /// A line that leaves place `i` (position `p`) by a path of at most `depth` moves to a
    /// later position of the line (or a win), skipping more moves than the path makes.
    fn shortcut(&mut self, p: &Position, i: usize, depth: u8) -> Option<Vec<SolverMove>> {
        if depth == 0 {
            return None;
        }
        let mut q = p.clone();
        let mut path = Vec::with_capacity(depth as usize);
        let mut best: Option<(Vec<SolverMove>, usize)> = None;
        self.dive(&mut q, i, depth, &mut path, &mut best);
        let (path, t) = best?;
        let mut q = p.clone();
        for &mv in &path {
            q.apply(mv);
        }
        if t == self.moves.len() && is_won(&q, self.rules) {
            return Some([&self.moves[..i], &path[..]].concat());
        }
        self.joined(i, &path, &q, t)
    }

    fn dive(
        &mut self,
        q: &mut Position,
        i: usize,
        depth: u8,
        path: &mut Vec<SolverMove>,
        best: &mut Option<(Vec<SolverMove>, usize)>,
    ) {
        let mut moves = Vec::with_capacity(32);
        legal_moves(q, self.rules, &mut moves);
        for mv in moves {
            if self.spent() {
                return;
            }
            let undo = q.apply(mv);
            self.steps += 1;
            path.push(mv);
            let won = is_won(q, self.rules);
            let reached = if won {
                Some(self.moves.len())
            } else {
                self.index.get(&key_of(q)).copied()
            };
            if let Some(t) = reached {
                let saving = t as isize - i as isize - path.len() as isize;
                let so_far = best
                    .as_ref()
                    .map_or(0, |(bp, bt)| *bt as isize - i as isize - bp.len() as isize);
                if saving > so_far {
                    *best = Some((path.clone(), t));
                }
            }
            if path.len() < depth as usize && !won {
                self.dive(q, i, depth, path, best);
            }
            path.pop();
            q.undo(undo);
        }
    }
}
