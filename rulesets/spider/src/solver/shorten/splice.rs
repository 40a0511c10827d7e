//! Splicing: the shortest winning line through a line and branches off it. A re-solve from
//! place `i` of the line gives a branch: a win, or a path to a position the line reaches
//! later. Replacing the rest of the line by a winning branch only when the branch is shorter
//! throws away what either does better: the branch may reach a position of the line in fewer
//! moves than the line does and then play worse, or play a worse opening and a better ending.
//! [`splice`] keeps the best of both: it joins every position the line and its branches share
//! (the same key, [`super::edits::key_of`]) and takes the shortest way from the start to a win
//! over all of them, each line's later moves renamed where it meets a position with its
//! interchangeable columns in another order.

use super::super::moves::{is_legal, is_won, SolverMove};
use super::super::position::{Key, Position};
use super::super::SolverRules;
use super::edits::{key_of, renamed, renaming};
use std::collections::HashMap;

/// A branch off the line: from place `at` of the line, these moves.
pub(super) struct Branch<'a> {
    /// The line's place it starts from (the position after `line[..at]`).
    pub at: usize,
    /// Its moves: a win, or a way to a position the line or another branch reaches.
    pub moves: &'a [SolverMove],
}

/// One path of the union: its start position and moves (the line is path 0).
struct Path<'a> {
    first: usize,
    moves: &'a [SolverMove],
    /// The position after each number of its moves, from its start.
    positions: Vec<Position>,
}

/// The shortest winning line from `start` through `line` (a win from `start`) and `branches`,
/// if it is shorter than `line`. The caller replays the result before keeping it (a key shared
/// by two different positions, or a renaming that fails, is caught there).
pub(super) fn splice(
    start: &Position,
    rules: &SolverRules,
    line: &[SolverMove],
    branches: &[Branch<'_>],
) -> Option<Vec<SolverMove>> {
    // The positions along the line, then along each branch from where it leaves the line.
    let along = |from: &Position, moves: &[SolverMove]| {
        let mut p = from.clone();
        let mut out = Vec::with_capacity(moves.len() + 1);
        out.push(p.clone());
        for &mv in moves {
            p.apply(mv);
            out.push(p.clone());
        }
        out
    };
    let mut paths = vec![Path {
        first: 0,
        moves: line,
        positions: along(start, line),
    }];
    for b in branches.iter().filter(|b| b.at < line.len()) {
        let from = paths[0].positions[b.at].clone();
        paths.push(Path {
            first: 0,
            moves: b.moves,
            positions: along(&from, b.moves),
        });
    }
    // Number the positions of every path in one range; nodes with the same key are one.
    let mut total = 0;
    for p in &mut paths {
        p.first = total;
        total += p.positions.len();
    }
    let node_of = |path: usize, t: usize| paths[path].first + t;
    let mut by_key: HashMap<Key, Vec<usize>> = HashMap::new();
    let mut where_is = Vec::with_capacity(total);
    let mut keys = Vec::with_capacity(total);
    for (k, p) in paths.iter().enumerate() {
        for (t, q) in p.positions.iter().enumerate() {
            let key = key_of(q);
            by_key.entry(key).or_default().push(node_of(k, t));
            where_is.push((k, t));
            keys.push(key);
        }
    }
    // Breadth-first from the start (0-1: a move costs one, meeting an equal position
    // nothing), so the first won position taken off the queue is the nearest.
    const NONE: usize = usize::MAX;
    let mut dist = vec![NONE; total];
    // `came[n]`: the node n was reached from; `met[n]`: by meeting (same key), not by a move.
    let mut came = vec![NONE; total];
    let mut met = vec![false; total];
    let mut queue = std::collections::VecDeque::new();
    dist[0] = 0;
    queue.push_back(0);
    let mut goal = NONE;
    while let Some(n) = queue.pop_front() {
        let (k, t) = where_is[n];
        if is_won(&paths[k].positions[t], rules) {
            goal = n;
            break;
        }
        for &m in &by_key[&keys[n]] {
            if dist[n] < dist[m] {
                dist[m] = dist[n];
                came[m] = n;
                met[m] = true;
                queue.push_front(m);
            }
        }
        if t < paths[k].moves.len() && dist[n] + 1 < dist[n + 1] {
            dist[n + 1] = dist[n] + 1;
            came[n + 1] = n;
            met[n + 1] = false;
            queue.push_back(n + 1);
        }
    }
    if goal == NONE || dist[goal] >= line.len() {
        return None;
    }
    // The nodes from the start to the goal, then the moves, replayed so that each meeting
    // renames the later moves to the columns the position really has.
    let mut chain = vec![goal];
    while came[*chain.last()?] != NONE {
        chain.push(came[*chain.last()?]);
    }
    chain.reverse();
    let mut p = start.clone();
    let mut map = None;
    let mut out = Vec::with_capacity(dist[goal]);
    for w in chain.windows(2) {
        let (k, t) = where_is[w[1]];
        if met[w[1]] {
            let target = &paths[k].positions[t];
            map = if p == *target {
                None
            } else {
                Some(renaming(&p, target)?)
            };
        } else {
            let mv = paths[k].moves[t - 1];
            let mv = map.as_ref().map_or(mv, |m| renamed(mv, m));
            if !is_legal(&p, rules, mv) {
                return None;
            }
            p.apply(mv);
            out.push(mv);
        }
    }
    Some(out)
}
