//! A beam search for short wins: the positions one move deeper than the last layer, each new
//! one scored by the heuristic, and the `width` best of them kept as the next layer. Every
//! layer is one move deeper, so the first win found is as short as any in the beam, while the
//! best-first search, however much depth costs, dives down the line it likes and seldom
//! looks back. It is incomplete (a position left out of a layer is never taken up again) and
//! bounded by positions: a way to a short line, never a proof.

use super::super::eval::score;
use super::super::moves::{is_won, pruned, search_moves, shared_columns, SolverMove};
use super::super::position::{Position, MAX_COLUMNS, UNKNOWN};
use super::super::search::{decode, encode, grow_gently, grown, PACK_ROOM};
use super::super::table::KeySet;
use super::super::{Budget, SolverRules};
use super::resolve::Beam;

/// How often (in positions expanded) the budget's callback is asked.
const CHECK_EVERY: u64 = 256;

/// What a beam search found and what it cost.
pub(super) struct Beamed {
    /// The win it found, if any, from the position it started at.
    pub line: Option<Vec<SolverMove>>,
    /// Positions it kept in its table.
    pub states: u64,
    /// Most bytes it held.
    pub peak_bytes: usize,
    /// Whether the caller's `keep_going` stopped it.
    pub stopped: bool,
}

/// A child met in a layer: its score, the node it came from and its packed form.
struct Child {
    level: u8,
    score: i32,
    tie: u64,
    parent: u32,
    mv: u32,
    at: u32,
}

/// The beam search `b` from `root` (the search's view: masked in honest mode), within
/// `budget` (positions and bytes), its layers no deeper than `max_depth`.
pub(super) fn beam(
    root: &Position,
    rules: &SolverRules,
    honest: bool,
    b: &Beam,
    max_depth: usize,
    budget: Budget<'_>,
) -> Beamed {
    let mut out = Beamed {
        line: None,
        states: 0,
        peak_bytes: 0,
        stopped: false,
    };
    let weights = &b.weights;
    if is_won(root, rules) {
        out.line = Some(Vec::new());
        return out;
    }
    // Every node ever kept in a layer: its parent and move, for the line back.
    let mut nodes: Vec<(u32, u32)> = vec![(u32::MAX, 0)];
    let mut seen = KeySet::with_capacity(1 << 14);
    seen.insert(root.key(shared_columns(root, honest)));
    let mut layer_arena: Vec<u8> = Vec::new();
    root.pack(&mut layer_arena);
    let mut layer: Vec<(u32, u32)> = vec![(0, 0)];
    let mut pos = root.clone();
    let mut moves = Vec::with_capacity(64);
    let mut kids: Vec<Child> = Vec::new();
    let mut kid_arena: Vec<u8> = Vec::new();
    let mut expanded = 0u64;
    let mut tops = [UNKNOWN; MAX_COLUMNS];
    for _ in 0..max_depth {
        kids.clear();
        kid_arena.clear();
        for &(node, at) in &layer {
            expanded += 1;
            if expanded.is_multiple_of(CHECK_EVERY) {
                if let Some(go) = budget.keep_going {
                    if !go(out.states) {
                        out.stopped = true;
                        return out;
                    }
                }
            }
            pos.unpack(&layer_arena[at as usize..]);
            for (c, t) in tops.iter_mut().enumerate().take(pos.columns()) {
                *t = pos.top(c).unwrap_or(UNKNOWN);
            }
            moves.clear();
            search_moves(&pos, rules, shared_columns(&pos, honest), &mut moves);
            for &mv in &moves {
                if pruned(&pos, mv, &tops[..pos.columns()]) {
                    continue;
                }
                let undo = pos.apply(mv);
                if is_won(&pos, rules) {
                    let mut line = vec![mv];
                    let mut at = node;
                    while nodes[at as usize].0 != u32::MAX {
                        line.push(decode(nodes[at as usize].1));
                        at = nodes[at as usize].0;
                    }
                    line.reverse();
                    out.line = Some(line);
                    return out;
                }
                let key = pos.key(shared_columns(&pos, honest));
                // Stop before keeping a child would take the beam past its memory bound: each
                // structure counted as it will be once grown to hold it, so the bound is never
                // passed.
                let after = held(
                    seen.bytes_after_inserting(1),
                    grown(kid_arena.len(), kid_arena.capacity(), PACK_ROOM),
                    grown(kids.len(), kids.capacity(), 1),
                    layer_arena.capacity(),
                    nodes.capacity() + layer.capacity(),
                );
                if after > budget.max_bytes {
                    return out;
                }
                out.peak_bytes = out.peak_bytes.max(after);
                if seen.insert(key) {
                    out.states += 1;
                    if out.states >= budget.max_states {
                        return out;
                    }
                    grow_gently(&mut kids, 1);
                    grow_gently(&mut kid_arena, PACK_ROOM);
                    kids.push(Child {
                        level: pos.rows_left() as u8,
                        score: score(&pos, weights),
                        tie: key.1,
                        parent: node,
                        mv: encode(mv),
                        at: kid_arena.len() as u32,
                    });
                    pos.pack(&mut kid_arena);
                }
                pos.undo(undo);
            }
        }
        if kids.is_empty() || out.states >= budget.max_states {
            return out;
        }
        select(&mut kids, b.width, b.per_level);
        // The next layer's nodes and entries, counted before they are made.
        let bytes = held(
            seen.bytes(),
            kid_arena.capacity(),
            kids.capacity(),
            layer_arena.capacity(),
            grown(nodes.len(), nodes.capacity(), kids.len())
                + grown(0, layer.capacity(), kids.len()),
        );
        if bytes > budget.max_bytes {
            return out;
        }
        out.peak_bytes = out.peak_bytes.max(bytes);
        layer.clear();
        grow_gently(&mut layer, kids.len());
        grow_gently(&mut nodes, kids.len());
        for k in &kids {
            layer.push((nodes.len() as u32, k.at));
            nodes.push((k.parent, k.mv));
        }
        std::mem::swap(&mut layer_arena, &mut kid_arena);
    }
    out
}

/// Bytes the beam holds with a table of `seen` bytes, arenas of `kid_arena` and `layer_arena`
/// bytes, room for `kids` children and for `entries` nodes and layer entries together.
fn held(seen: usize, kid_arena: usize, kids: usize, layer_arena: usize, entries: usize) -> usize {
    seen + kid_arena
        + kids * std::mem::size_of::<Child>()
        + layer_arena
        + entries * std::mem::size_of::<(u32, u32)>()
}

/// Keeps the best `width` of `kids`, and of each level (rows left) at least its best
/// `per_level` too, so that a deal's children are not crowded out by the many positions one
/// move deeper that have not dealt.
fn select(kids: &mut Vec<Child>, width: usize, per_level: usize) {
    if kids.len() <= width {
        return;
    }
    kids.sort_unstable_by_key(|k| (k.score, k.tie));
    let mut taken = [0usize; 256];
    let mut kept = 0;
    let mut keep = vec![false; kids.len()];
    for (i, k) in kids.iter().enumerate() {
        if kept < width || taken[k.level as usize] < per_level {
            keep[i] = true;
            kept += 1;
            taken[k.level as usize] += 1;
        }
    }
    let mut i = 0;
    kids.retain(|_| {
        i += 1;
        keep[i - 1]
    });
}
