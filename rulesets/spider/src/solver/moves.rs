//! Moves on a solver [`Position`]: legality under the rules in force, generation, and the
//! dominance pruning that is safe for proofs. Every rule that leaves a move out is stated,
//! with why it is sound, in `solver/pruning.rs` (rules K, E, W, P and S are applied here).

use super::position::{rank, suit, Position, UNKNOWN};
use super::{DealPolicy, GroupRule, SolverRules};

/// A move as the solver names it. The ruleset turns it into a `felt_core::Action`:
/// `Move { from, count, to }` is `Action::Move { from: column from, index: len(from) - count,
/// to: column to }`, and `Deal` is the stock's deal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SolverMove {
    /// The last `count` cards of column `from` (0-based) onto column `to`.
    Move {
        /// Source column, from 0.
        from: u8,
        /// Cards moved, from the end of the column.
        count: u8,
        /// Target column, from 0.
        to: u8,
    },
    /// Deal the next stock row.
    Deal,
}

/// Whether `upper` may lie on `lower` inside a movable group under `group`.
#[inline]
pub fn links(lower: u8, upper: u8, group: GroupRule) -> bool {
    lower != UNKNOWN
        && upper != UNKNOWN
        && rank(lower) == rank(upper) + 1
        && (group == GroupRule::Relaxed || suit(lower) == suit(upper))
}

/// Whether `upper` lies on `lower` as in a finished run: one rank lower and the same suit.
#[inline]
pub fn suited_link(lower: u8, upper: u8) -> bool {
    lower != UNKNOWN && upper != UNKNOWN && lower == upper + 1
}

/// The length of the longest group that may move from the end of column `c`.
pub fn movable_group(pos: &Position, c: usize, group: GroupRule) -> usize {
    let col = pos.column(c);
    let n = col.len();
    if n == 0 {
        return 0;
    }
    if col[n - 1] == UNKNOWN {
        // An honest search's freshly turned card: nothing is known to move.
        return 0;
    }
    let down = pos.face_down(c);
    let mut k = 1;
    while n - k > down && links(col[n - k - 1], col[n - k], group) {
        k += 1;
    }
    k
}

/// Whether the rules allow a deal now.
pub fn deal_allowed(pos: &Position, rules: &SolverRules) -> bool {
    if pos.rows_left() == 0 {
        return false;
    }
    match rules.deal {
        DealPolicy::Any => true,
        DealPolicy::Filled => pos.empty_columns() == 0,
        DealPolicy::FilledUnlessFewerThan(n) => {
            pos.empty_columns() == 0 || pos.table_cards() < n as usize
        }
    }
}

/// Whether the stock can never be dealt again although cards are left in it, and no run can
/// be removed either: the rules want every column filled, fewer cards than columns are on
/// the table (a removed run can leave that few), and fewer than a run's 13. The game is lost,
/// however the table looks (see `pruning`, rule S).
///
/// Without a deal the table only loses cards, 13 at a time with a run, so it never fills its
/// columns again; the 13 matter with more than 13 columns, or with `deal_with_empty_below`,
/// where a removed run could still win, or bring the table below the threshold.
pub fn starved(pos: &Position, rules: &SolverRules) -> bool {
    let cards = pos.table_cards();
    let short = pos.rows_left() > 0 && cards < pos.columns() && cards < super::position::RUN;
    match rules.deal {
        DealPolicy::Any => false,
        DealPolicy::Filled => short,
        DealPolicy::FilledUnlessFewerThan(n) => short && cards >= n as usize,
    }
}

/// Whether the game is won: enough runs removed.
pub fn is_won(pos: &Position, rules: &SolverRules) -> bool {
    pos.removed() >= rules.runs_to_win as usize
}

/// Whether `mv` is legal in `pos`.
pub fn is_legal(pos: &Position, rules: &SolverRules, mv: SolverMove) -> bool {
    match mv {
        SolverMove::Deal => deal_allowed(pos, rules),
        SolverMove::Move { from, count, to } => {
            let (f, t, n) = (from as usize, to as usize, count as usize);
            if f == t || f >= pos.columns() || t >= pos.columns() || n == 0 {
                return false;
            }
            if n > movable_group(pos, f, rules.group) {
                return false;
            }
            let first = pos.at(f, pos.len(f) - n);
            match pos.top(t) {
                None => true,
                Some(top) => top != UNKNOWN && rank(top) == rank(first) + 1,
            }
        }
    }
}

/// Every legal move, moves first (by source, then target, then count), the deal last.
pub fn legal_moves(pos: &Position, rules: &SolverRules, out: &mut Vec<SolverMove>) {
    for f in 0..pos.columns() {
        let g = movable_group(pos, f, rules.group);
        for t in 0..pos.columns() {
            if t == f {
                continue;
            }
            for n in 1..=g {
                let mv = SolverMove::Move {
                    from: f as u8,
                    count: n as u8,
                    to: t as u8,
                };
                if is_legal(pos, rules, mv) {
                    out.push(mv);
                }
            }
        }
    }
    if deal_allowed(pos, rules) {
        out.push(SolverMove::Deal);
    }
}

/// The columns that are interchangeable: no stock row still to deal reaches them (a row of
/// `k` cards goes onto the first `k` columns, so the widest row left decides), or `honest`
/// (the stock is unknown, so which column gets which card does not matter to a player who
/// cannot see it). Why merging them is sound: `pruning`, rules K, H and D1.
pub fn shared_columns(pos: &Position, honest: bool) -> u32 {
    let all = if pos.columns() >= 32 {
        u32::MAX
    } else {
        (1u32 << pos.columns()) - 1
    };
    if honest {
        return all;
    }
    let reach = pos.rows_left_sizes().iter().copied().max().unwrap_or(0) as u32;
    all & !((1u32 << reach) - 1)
}

/// The moves a search needs to consider: every legal move except those dominated by
/// another one, safely (an exhaustive search over these still proves a loss; `pruning`):
/// - among interchangeable empty columns (`shared`), only the first is a target (rule E);
/// - moving a whole column into an empty column, both interchangeable, only permutes the
///   columns (rule W); while a stock row still reaches either it is tried, since the deal
///   then lands on different cards.
pub fn search_moves(pos: &Position, rules: &SolverRules, shared: u32, out: &mut Vec<SolverMove>) {
    let mut groups = [0u8; super::position::MAX_COLUMNS];
    for (c, g) in groups.iter_mut().enumerate().take(pos.columns()) {
        *g = movable_group(pos, c, rules.group) as u8;
    }
    search_moves_grouped(pos, rules, shared, &groups, out);
}

/// [`search_moves`] given each column's [`movable_group`] under `rules.group`, for a caller
/// that keeps them from one position to the next (most columns do not change).
pub(crate) fn search_moves_grouped(
    pos: &Position,
    rules: &SolverRules,
    shared: u32,
    groups: &[u8],
    out: &mut Vec<SolverMove>,
) {
    let ncols = pos.columns();
    let mut empties: [u8; super::position::MAX_COLUMNS] = [0; super::position::MAX_COLUMNS];
    let mut ne = 0;
    let mut seen_shared_empty = false;
    for c in 0..ncols {
        if pos.is_empty(c) {
            if shared & (1 << c) != 0 {
                if seen_shared_empty {
                    continue;
                }
                seen_shared_empty = true;
            }
            empties[ne] = c as u8;
            ne += 1;
        }
    }
    // Columns by the rank of their top card, one bit each, so that a group finds its targets
    // without looking at every column.
    let mut by_rank = [0u32; 16];
    let mut top_ranks = [0u8; super::position::MAX_COLUMNS];
    for (c, r) in top_ranks.iter_mut().enumerate().take(ncols) {
        if let Some(top) = pos.top(c) {
            *r = rank(top);
            by_rank[rank(top) as usize] |= 1 << c;
        }
    }
    for f in 0..ncols {
        let len = pos.len(f);
        if len == 0 {
            continue;
        }
        let g = groups[f] as usize;
        if g == 0 {
            continue;
        }
        let top_rank = top_ranks[f] as usize;
        // The group's first card must be one rank below the target's top card.
        let mut targets = 0u32;
        for &mask in &by_rank[top_rank + 1..=(top_rank + g).min(15)] {
            targets |= mask;
        }
        targets &= !(1 << f);
        while targets != 0 {
            let t = targets.trailing_zeros() as usize;
            targets &= targets - 1;
            out.push(SolverMove::Move {
                from: f as u8,
                count: (top_ranks[t] as usize - top_rank) as u8,
                to: t as u8,
            });
        }
        // The whole column rule (see `pruning`): only between interchangeable columns.
        let whole = pos.face_down(f) == 0 && shared & (1 << f) != 0;
        for &t in &empties[..ne] {
            let same = whole && shared & (1 << t) != 0;
            for n in 1..=g {
                if same && n == len {
                    continue;
                }
                out.push(SolverMove::Move {
                    from: f as u8,
                    count: n as u8,
                    to: t,
                });
            }
        }
    }
    if deal_allowed(pos, rules) {
        out.push(SolverMove::Deal);
    }
}

/// Whether the fast search leaves a move out: it takes a group
/// - that is a whole column into an empty column (it only changes which cards a later deal
///   puts on the group; rule W leaves it out for good where no deal reaches either column);
/// - off the card one rank higher of its own suit, into an empty column or onto a card of
///   another suit (a one-suit link broken for nothing better);
/// - off a card one rank higher of another suit, onto another card of another suit (the
///   group only changes which wrong-suit card it lies on);
/// - onto a card of another suit while the card one rank higher of its own suit lies free at
///   the end of a column (the better place is open).
///
/// A winning line rarely needs one of these, so leaving them out makes the search far
/// faster; a search that did so proves nothing when it runs dry, and a complete one takes over
/// (`pruning`, rule P).
/// `tops` holds each column's last card ([`UNKNOWN`] when empty).
#[inline]
pub fn pruned(pos: &Position, mv: SolverMove, tops: &[u8]) -> bool {
    if let SolverMove::Move { from, count, .. } = mv {
        let f = from as usize;
        let first = pos.at(f, pos.len(f) - count as usize);
        if rank(first) < 13
            && tops
                .iter()
                .enumerate()
                .any(|(c, &t)| c != f && t == first + 1)
        {
            // The higher card of the group's own suit lies free elsewhere.
            return pruned_with(pos, mv, tops, 1 << (first + 1));
        }
    }
    pruned_with(pos, mv, tops, 0)
}

/// [`pruned`], given `free`: bit `b` set when some column ends with card byte `b` (card bytes
/// are below 64). The moved group's own column cannot end with the card one rank above the
/// group's first card (the group descends from that card), so `free` may include it.
#[inline]
pub(crate) fn pruned_with(pos: &Position, mv: SolverMove, tops: &[u8], free: u64) -> bool {
    let SolverMove::Move { from, count, to } = mv else {
        return false;
    };
    let (f, n) = (from as usize, count as usize);
    let len = pos.len(f);
    let first = pos.at(f, len - n);
    let target = tops[to as usize];
    // An empty column's top is `UNKNOWN`; a turned unknown card is never a target.
    if n == len && pos.face_down(f) == 0 && target == UNKNOWN {
        return true;
    }
    let onto_other_suit = target != UNKNOWN && suit(target) != suit(first);
    if onto_other_suit && rank(first) < 13 && free & (1 << (first + 1)) != 0 {
        return true;
    }
    if len - n <= pos.face_down(f) {
        return false;
    }
    let base = pos.at(f, len - n - 1);
    if suited_link(base, first) {
        target == UNKNOWN || onto_other_suit
    } else {
        rank(base) == rank(first) + 1 && onto_other_suit
    }
}
