//! Small random positions for the cross-checks: one pack of one, two or four suits with some
//! runs already removed, four to eight columns (up to twelve when few cards are left), empty
//! columns, columns without face-down cards, stock rows of every width (short rows reach only
//! the first columns) and every deal policy and group rule.
//!
//! A seeded generator rather than proptest strategies: the cases are made to hit the shapes
//! that matter (an empty column and a whole face-up column that a stock row still reaches),
//! and a failure names its seed, which rebuilds it exactly.

use crate::solver::position::{byte, Position, RUN};
use crate::solver::{DealPolicy, GroupRule, SolverRules};
use felt_core::Suit;

/// A small deterministic generator (SplitMix64): the tests need repeatable cases, not
/// cryptographic ones.
pub(super) struct Rng(u64);

impl Rng {
    /// The generator of `seed`.
    pub(super) fn new(seed: u64) -> Rng {
        Rng(seed ^ 0x9e37_79b9_7f4a_7c15)
    }

    /// The next 64 random bits.
    pub(super) fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (0 when `n` is 0).
    pub(super) fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next() % n as u64) as usize
        }
    }

    /// True with probability `num / den`.
    pub(super) fn chance(&mut self, num: usize, den: usize) -> bool {
        self.below(den) < num
    }

    /// Shuffles `v` in place.
    pub(super) fn shuffle<T>(&mut self, v: &mut [T]) {
        for i in (1..v.len()).rev() {
            let j = self.below(i + 1);
            v.swap(i, j);
        }
    }
}

/// What a case is made of, for the failure message.
pub(super) struct Case {
    /// The position.
    pub(super) pos: Position,
    /// The rules it is played under.
    pub(super) rules: SolverRules,
}

impl std::fmt::Debug for Case {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(f, "{:?}", self.rules)?;
        writeln!(f, "{:?}", self.pos)?;
        let rows: Vec<String> = self
            .pos
            .rows_left_sizes()
            .iter()
            .scan(0usize, |at, &k| {
                let row = &self.pos.stock_left()[*at..*at + k as usize];
                *at += k as usize;
                Some(
                    row.iter()
                        .map(|&b| Position::card(b).map_or("??".into(), |c| c.token()))
                        .collect::<Vec<_>>()
                        .join(" "),
                )
            })
            .collect();
        write!(f, "stock rows (first dealt first): {rows:?}")
    }
}

/// How a case's stock is shaped.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Stock {
    /// Any number of rows, zero included.
    Any,
    /// No stock at all.
    Empty,
}

/// A random case of seed `seed`: `max_left` bounds the runs still to remove (1 to 3), and
/// `stock` the stock's shape.
pub(super) fn case(seed: u64, max_left: usize, stock: Stock) -> Option<Case> {
    let mut rng = Rng::new(seed);
    // One pack: four runs of one suit, two of two, or one of each of four.
    let suits: &[Suit] = match rng.below(3) {
        0 => &[Suit::Spade],
        1 => &[Suit::Spade, Suit::Heart],
        _ => &[Suit::Spade, Suit::Heart, Suit::Diamond, Suit::Club],
    };
    let mut runs: Vec<Suit> = suits.iter().copied().cycle().take(4).collect::<Vec<_>>();
    rng.shuffle(&mut runs);
    // Half the cases keep one run: small enough for the reference to see everything.
    let left = if rng.chance(1, 2) {
        1
    } else {
        1 + rng.below(max_left.clamp(1, 3))
    };
    let removed = 4 - left;
    // Usually every run must go; sometimes one fewer, so a game can be won with cards left.
    let runs_to_win = if left > 1 && rng.chance(1, 5) { 3 } else { 4 };
    let mut cards: Vec<u8> = runs[..left]
        .iter()
        .flat_map(|&s| (1..=RUN as u8).map(move |r| byte(s, r)))
        .collect();
    rng.shuffle(&mut cards);

    let ncols = if left == 1 && rng.chance(1, 4) {
        7 + rng.below(6)
    } else {
        4 + rng.below(5)
    };
    // The stock: rows of any width from 1 to `ncols`, short ones often (they reach only the
    // first columns), never more than half the cards.
    let mut rows: Vec<usize> = Vec::new();
    if stock == Stock::Any {
        let nrows = rng.below(4);
        let mut budget = cards.len() / 2;
        for _ in 0..nrows {
            let k = if rng.chance(1, 2) {
                1 + rng.below(ncols.min(4))
            } else {
                1 + rng.below(ncols)
            };
            if k > budget {
                break;
            }
            budget -= k;
            rows.push(k);
        }
    }
    let in_stock: usize = rows.iter().sum();
    let table = cards.len() - in_stock;
    // Column lengths: cut the table's cards at random points, then empty some columns.
    let mut lens = vec![0usize; ncols];
    for _ in 0..table {
        let c = rng.below(ncols);
        lens[c] += 1;
    }
    let empties = rng.below(3);
    for _ in 0..empties {
        let from = rng.below(ncols);
        let to = rng.below(ncols);
        lens[to] += lens[from];
        lens[from] = 0;
    }
    // The bug's shape, often: an empty column and a short face-up column among the first ones,
    // where a stock row will land.
    let bug_shape = !rows.is_empty() && ncols >= 3 && rng.chance(1, 2);
    let mut face_up = usize::MAX;
    if bug_shape {
        let reach = *rows.iter().max().unwrap_or(&1);
        let e = rng.below(reach.min(ncols));
        let w = (e + 1 + rng.below(ncols - 1)) % ncols;
        let moved = lens[e];
        lens[e] = 0;
        let keep = 1 + rng.below(2);
        let spare = lens[w].saturating_sub(keep);
        lens[w] -= spare;
        // Whatever left the two columns goes to another one.
        let other = (0..ncols).find(|&c| c != e && c != w).unwrap_or(w);
        lens[other] += moved + spare;
        face_up = w;
    }
    let mut columns = Vec::with_capacity(ncols);
    let mut at = 0;
    for (c, &n) in lens.iter().enumerate() {
        let col = cards[at..at + n].to_vec();
        at += n;
        let down = if n == 0 || rng.chance(2, 5) || c == face_up {
            0
        } else {
            rng.below(n)
        };
        columns.push((col, down));
    }
    let mut stock_rows = Vec::with_capacity(rows.len());
    for &k in &rows {
        stock_rows.push(cards[at..at + k].to_vec());
        at += k;
    }
    let group = if rng.chance(1, 2) {
        GroupRule::Classic
    } else {
        GroupRule::Relaxed
    };
    let deal = match rng.below(10) {
        0..=4 => DealPolicy::Filled,
        5..=6 => DealPolicy::Any,
        _ => DealPolicy::FilledUnlessFewerThan(1 + rng.below(ncols + 4) as u16),
    };
    let rules = SolverRules {
        group,
        deal,
        runs_to_win,
        columns: ncols as u8,
    };
    let pos = from_bytes(&columns, &stock_rows, removed)?;
    // A finished run still on the table is not a position the ruleset leaves.
    if (0..ncols).any(|c| pos.complete_run_on_top(c)) {
        return None;
    }
    Some(Case { pos, rules })
}

/// A finished-stock case of seed `seed` for the dead-end check: two runs of two or four suits
/// left, five to seven columns each holding a card, half of them without face-down cards.
pub(super) fn full_table_case(seed: u64) -> Option<Case> {
    let mut rng = Rng::new(seed ^ 0x00ab_cdef);
    let suits: &[Suit] = if rng.chance(1, 2) {
        &[Suit::Spade, Suit::Heart]
    } else {
        &[Suit::Spade, Suit::Heart, Suit::Diamond, Suit::Club]
    };
    let mut runs: Vec<Suit> = suits.iter().copied().cycle().take(4).collect();
    rng.shuffle(&mut runs);
    let mut cards: Vec<u8> = runs[..2]
        .iter()
        .flat_map(|&s| (1..=RUN as u8).map(move |r| byte(s, r)))
        .collect();
    rng.shuffle(&mut cards);
    let ncols = 5 + rng.below(3);
    let mut lens = vec![1usize; ncols];
    for _ in 0..cards.len() - ncols {
        lens[rng.below(ncols)] += 1;
    }
    let mut columns = Vec::with_capacity(ncols);
    let mut at = 0;
    for &n in &lens {
        let down = if rng.chance(1, 2) { 0 } else { rng.below(n) };
        columns.push((cards[at..at + n].to_vec(), down));
        at += n;
    }
    let group = if rng.chance(1, 2) {
        GroupRule::Classic
    } else {
        GroupRule::Relaxed
    };
    let rules = SolverRules {
        group,
        deal: DealPolicy::Filled,
        runs_to_win: 4,
        columns: ncols as u8,
    };
    let pos = from_bytes(&columns, &[], 2)?;
    if (0..ncols).any(|c| pos.complete_run_on_top(c)) {
        return None;
    }
    Some(Case { pos, rules })
}

/// A position from card bytes.
fn from_bytes(columns: &[(Vec<u8>, usize)], rows: &[Vec<u8>], removed: usize) -> Option<Position> {
    let card = |b: &u8| Position::card(*b).expect("a card byte");
    let cols: Vec<(Vec<felt_core::Card>, usize)> = columns
        .iter()
        .map(|(c, d)| (c.iter().map(card).collect(), *d))
        .collect();
    let rows: Vec<Vec<felt_core::Card>> =
        rows.iter().map(|r| r.iter().map(card).collect()).collect();
    Position::from_parts(&cols, &rows, removed).ok()
}

/// How many cases a cross-check runs: `FELT_CROSSCHECK_CASES` if set, else `default`.
pub(super) fn cases(default: u64) -> u64 {
    std::env::var("FELT_CROSSCHECK_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}
