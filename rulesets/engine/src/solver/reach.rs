//! Rule 9 of the solver ([`super`]): a table from which some card can never reach the hole is
//! lost, and a full-information search does not expand it.
//!
//! **Where it holds** ([`Reach::of`]): one foundation, built regardless of suit (Golf's,
//! Black Hole's and Tri Peaks' hole), that no card leaves; no full suit removed elsewhere; the
//! game won once the columns, cells and reserve are clear or every card is up; and a stock,
//! if any, dealt onto the hole itself. Then every card in a column, a cell or the reserve has
//! one way out of play, onto the hole, and the win needs each of them gone.
//!
//! **The argument.** Follow the rank of the hole's top card along any line. It changes only
//! when a card goes onto the hole: a card from a column, a cell or the reserve, which the
//! foundation's rule lets lie on the top before it (one *step*, up or down as the game
//! builds, King to Ace where it wraps), or a card the stock deals there, whatever its rank (a
//! *jump*). A step onto rank `r` takes a card of rank `r` still in play. Cards only leave play
//! (nothing comes back from the hole, and the stock deals only onto it), so the ranks a step
//! can land on are among those of the cards in play now, `T`. So every rank the top ever
//! shows is reached from the top's rank now, or from the rank of a card in the stock now,
//! by steps through ranks of `T` ([`Reach::hopeless`] computes that closure). A card in play
//! whose rank lies outside it never goes onto the hole, and the game is never won. Nothing
//! here reads the order of the columns, the suits of the hole, or the stock's order: the
//! verdict is the same for every table of one key (rules 2, 3, 4 and 5), so a table stored
//! and not expanded is one no line wins from, whichever search stored it.
//!
//! **Once the stock is out** the top moves by steps alone, each onto a card in play, until
//! none is left: a walk on the ranks that lands on each rank as many times as it has cards in
//! play. Where the hole builds up or down by one, whether such a walk exists is a count of its
//! steps between neighbouring ranks (`walk_fails` gives the argument); where none does, the
//! table is lost too. Its verdict reads the counts of the ranks in play and the top's rank,
//! again the same for every table of one key.
//!
//! **Card by card** (`waits_for_good`), where a column's card leaves it only onto the hole
//! (nothing is built on the columns, no free cell) and the columns stand side by side (no
//! rows covering each other, as Tri Peaks' do): a card under another is free only once that
//! one has gone onto the hole. Call a set `H` of the columns' cards *waiting* when each card
//! `X` of it either lies under another card of `H`, or: is not free on a top it may go on
//! now; may go on the rank of no card of the stock, the reserve or the cells; and each card
//! in play it may go on lies in `H`, or under `X`, or higher up in `X`'s column but not right
//! on `X`. Then no card of `H` ever goes onto the hole. For take the first that does, `X`,
//! onto the top `T`. `X` lies under no card of `H` (that card would have gone first), so the
//! rest holds for it. `T` is not the top now (else nothing moved before `X` was free, and
//! `X` was free on it now), nor a stock card (none is of a rank `X` goes on), nor from the
//! reserve or the cells, so `T` was a card of the columns stepped onto the hole, the last
//! card to go before `X`: not in `H` (`X` is the first of `H`), not under `X` (free only
//! after `X`), and not higher up in `X`'s column with a card between (that card went after
//! `T` and before `X` was free, and would be the top). So `T` lay right on `X`, or in
//! another column, which the set rules out. A game whose columns hold `H` is never won.
//! The greatest such set (the sets are closed under union) is found by taking out of all
//! the columns' cards, round after round, each card the conditions no longer hold for. Its
//! verdict reads ranks and where the cards lie, not the suits on the hole nor the columns'
//! order (rules 2 and 5), nor the stock's order (rule 4). (Deals 1..200, paired, at 1 s:
//! Golf 6 → 1 undecided and its lost deals proven at a median 0.57 of the tables; Black
//! Hole 0.67 of the tables.)
//!
//! It reads the face-down cards and the stock, so only a search that sees every card uses it
//! ([`super::search::Mode::Solve`]); an honest one must not know what it says.

use crate::play::{Play, State};
use crate::vocabulary::{Direction, Match, StockDeal, Win};
use felt_core::{Card, Rank, Suit};

/// The ranks that may follow each rank on the hole: bit `x` of `steps[r]` where a card of
/// rank `x` may go on one of rank `r`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reach {
    steps: [u16; 14],
    /// Where the hole builds up or down, whether King and Ace follow each other (the ranks a
    /// ring) or not (a line); `None` where it builds one way only, where the walk's count
    /// (`walk_fails`) does not hold.
    either: Option<bool>,
    /// The ranks each rank may be stepped onto: bit `p` of `onto[x]` where a card of rank `x`
    /// goes on one of rank `p` (`steps` turned round, for the card-by-card check).
    onto: [u16; 14],
    /// Whether a column's card leaves it only onto the hole, the columns side by side and
    /// no cell to park a card in: then the card-by-card check holds (`waits_for_good`).
    in_order: bool,
}

impl Reach {
    /// The rule for `play`'s game, where it holds (module docs).
    pub fn of(play: &Play) -> Option<Reach> {
        let g = &play.game;
        let f = &g.foundations;
        let holds = f.count == 1
            && f.by == Match::Any
            && f.build != Direction::None
            && !f.back
            && !g.remove_suits
            && matches!(g.win, Win::Foundations | Win::Columns)
            && g.stock.is_none_or(|s| s.deal == StockDeal::Foundation);
        if !holds {
            return None;
        }
        let card = |r: u8| Rank::new(r).map(|r| Card::new(Suit::Spade, r));
        let mut steps = [0u16; 14];
        for (r, row) in steps.iter_mut().enumerate().skip(1) {
            for x in 1..=13u8 {
                // Regardless of suit: one suit stands for all.
                if let (Some(below), Some(above)) = (card(r as u8), card(x)) {
                    if play.foundation.follows(below, above) {
                        *row |= 1 << x;
                    }
                }
            }
        }
        let either = (f.build == Direction::Either).then_some(f.wrap);
        let mut onto = [0u16; 14];
        for (r, row) in onto.iter_mut().enumerate() {
            *row = (1..14).fold(0, |m, p| m | u16::from(steps[p] >> r & 1 == 1) << p);
        }
        let in_order = g.build == Direction::None && g.cells == 0 && g.tableau.places.is_empty();
        Some(Reach {
            steps,
            either,
            onto,
            in_order,
        })
    }

    /// Whether some card in play in `s` can never go onto the hole (module docs): then no
    /// line from `s` wins.
    pub fn hopeless(&self, s: &State) -> bool {
        let Some(top) = s.foundations.first().and_then(|f| f.last()) else {
            // An empty hole takes its first card by the base's rule, not by a step.
            return false;
        };
        let bit = |c: &Card| 1u16 << c.rank().number();
        // The cards in play of each rank, and the ranks they show.
        let mut count = [0u8; 14];
        let reserve = s.reserve.iter().flatten();
        let cells = s.cells.iter().flatten();
        for c in s
            .columns
            .iter()
            .flat_map(|c| &c.cards)
            .chain(reserve)
            .chain(cells)
        {
            count[usize::from(c.rank().number())] += 1;
        }
        let in_play = (1..14).fold(0u16, |m, r| m | u16::from(count[r] > 0) << r);
        let mut reach = s.stock.iter().fold(bit(top), |m, c| m | bit(c));
        loop {
            let mut next = reach;
            let mut left = reach;
            while left != 0 {
                let r = left.trailing_zeros() as usize;
                left &= left - 1;
                next |= self.steps[r] & in_play;
            }
            if next == reach {
                break;
            }
            reach = next;
        }
        if in_play & !reach != 0 {
            return true;
        }
        if self.in_order && self.waits_for_good(s, top) {
            return true;
        }
        // The walk's count, the dearer check, only where every rank is reached.
        match self.either {
            Some(ring) if s.stock.is_empty() && in_play != 0 => {
                walk_fails(&count, usize::from(top.rank().number()), ring)
            }
            _ => false,
        }
    }

    /// Whether some cards of the columns wait for good (module docs, "Card by card"): the
    /// greatest set of them each of which lies under another of the set, or else is not
    /// playable now and has every card it could be played on (in play) lying under it or in
    /// the set, none such among the stock's, the reserve's and the cells' cards. Found by
    /// taking cards out of all the columns' cards, round after round, until none leaves.
    fn waits_for_good(&self, s: &State, top: &Card) -> bool {
        let on = &self.onto;
        let bit = |c: &Card| 1u16 << c.rank().number();
        // The ranks a card may lie on at any time: the stock's, the reserve's, the cells'.
        let free = s
            .stock
            .iter()
            .chain(s.reserve.iter().flatten())
            .chain(s.cells.iter().flatten())
            .fold(0u16, |m, c| m | bit(c));
        // The columns' cards, one bit each (at most 64 looked at): by rank, and the cards
        // under each.
        let mut of_rank = [0u64; 14];
        let mut under = [0u64; 64];
        let mut column_of = [0u64; 64];
        let mut cards = [0u8; 64];
        let mut exposed = 0u64;
        let mut n = 0usize;
        for column in &s.columns {
            let first = n;
            for c in &column.cards {
                if n == 64 {
                    return false;
                }
                cards[n] = c.rank().number();
                of_rank[usize::from(cards[n])] |= 1 << n;
                under[n] = ((1u64 << n) - 1) & !((1u64 << first) - 1);
                n += 1;
            }
            if n > first {
                exposed |= 1 << (n - 1);
                let whole = under[n - 1] | 1 << (n - 1);
                column_of[first..n].fill(whole);
            }
        }
        let top = bit(top);
        let mut held = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
        // Cards that go on a rank always at hand, or on the top now while they lie free,
        // may go: they are never held.
        for (x, rank) in cards.iter().enumerate().take(n) {
            let on = on[usize::from(*rank)];
            if on & free != 0 || (exposed & 1 << x != 0 && on & top != 0) {
                held &= !(1 << x);
            }
        }
        loop {
            let mut kept = held;
            let mut rest = held;
            while rest != 0 {
                let x = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                // Under a card held: never uncovered.
                if column_of[x] & !under[x] & !(1 << x) & held != 0 {
                    continue;
                }
                let mut on = on[usize::from(cards[x])];
                let mut could = 0u64;
                while on != 0 {
                    could |= of_rank[on.trailing_zeros() as usize];
                    on &= on - 1;
                }
                // In its own column only the card right on it: one higher up leaves the
                // hole's top to the cards between before this one is free.
                let right_on = column_of[x] & 1u64.checked_shl(x as u32 + 1).unwrap_or(0);
                if could & !held & (!column_of[x] | right_on) != 0 {
                    kept &= !(1 << x);
                }
            }
            if kept == held {
                return held != 0;
            }
            held = kept;
        }
    }
}

/// Whether no walk on the ranks, one rank up or down a step (round the corner where `ring`),
/// starts at rank `from` and lands on each rank `r` exactly `count[r]` times: the walk the
/// hole's top makes once the stock is out, every card in play stepped onto it (module docs).
///
/// The argument (Euler's, on trails). Number a line's tops `v0 = from, v1, …, vN`, each
/// `vi` after the first the rank of a card in play, so rank `r` is some `vi` with `i ≥ 1`
/// exactly `count[r]` times. Count how often the line steps between `r` and the rank after
/// it (`e[r]`, either way): each visit to `r` but the first top and the last is entered and
/// left, so the steps at `r`, `e[r-1] + e[r]`, are `2·count[r]`, plus one where `r` is
/// `from`, less one where it is the end. Given the end, those equations fix every `e`: down
/// a line one after another, and round a ring of 13 (odd) through one unknown that closing
/// the ring settles. A line exists only if for some end every `e` is a whole number not
/// below zero, and the steps with `e > 0` join every rank the line visits to `from`.
fn walk_fails(count: &[u8; 14], from: usize, ring: bool) -> bool {
    !(1..14)
        .filter(|&end| count[end] > 0)
        .any(|end| walk_exists(count, from, end, ring))
}

/// Whether the counts of steps a walk from `from` to `end` needs (see [`walk_fails`]) are
/// whole, none below zero, and join every rank the walk visits to `from`.
fn walk_exists(count: &[u8; 14], from: usize, end: usize, ring: bool) -> bool {
    let mut degree = [0i32; 14];
    for (r, d) in degree.iter_mut().enumerate().skip(1) {
        *d = 2 * i32::from(count[r]) + i32::from(r == from) - i32::from(r == end);
    }
    // e[r]: steps between r and r + 1 (and, in a ring, e[13] between the King and the Ace).
    let mut e = [0i32; 14];
    if ring {
        // e[r] = a[r] + sign[r]·x with e[1] = x; closing at the Ace, e[13] + e[1] = degree[1].
        let mut a = [0i32; 14];
        let mut sign = [0i32; 14];
        sign[1] = 1;
        for r in 2..14 {
            a[r] = degree[r] - a[r - 1];
            sign[r] = -sign[r - 1];
        }
        // 13 is odd: sign[13] is 1, so e[13] + e[1] = a[13] + 2x.
        let twice = degree[1] - a[13];
        if twice % 2 != 0 {
            return false;
        }
        let x = twice / 2;
        for r in 1..14 {
            e[r] = a[r] + sign[r] * x;
        }
    } else {
        e[1] = degree[1];
        for r in 2..13 {
            e[r] = degree[r] - e[r - 1];
        }
        if e[12] != degree[13] {
            return false;
        }
    }
    if e.iter().any(|&x| x < 0) {
        return false;
    }
    // Every rank of a step count above zero is joined to `from` through such steps: bit r of
    // `used` is the step between r and the rank after it (the King's, round to the Ace, in a
    // ring only), and the ranks joined grow a step each way at a time.
    const RANKS: u16 = 0x3ffe;
    let used = (1..14).fold(0u16, |m, r| {
        m | u16::from(e[r] > 0 && (ring || r < 13)) << r
    });
    let needed = (1..14).fold(0u16, |m, r| m | u16::from(degree[r] > 0) << r);
    let mut joined = 1u16 << from;
    loop {
        let mut next = joined | ((joined & used) << 1) | ((joined >> 1) & used);
        if ring {
            // Round the corner: the King's step joins the Ace, and back.
            if joined & used & 1 << 13 != 0 {
                next |= 1 << 1;
            }
            if joined & 1 << 1 != 0 && used & 1 << 13 != 0 {
                next |= 1 << 13;
            }
        }
        next &= RANKS;
        if next == joined {
            break;
        }
        joined = next;
    }
    needed & !joined == 0
}
