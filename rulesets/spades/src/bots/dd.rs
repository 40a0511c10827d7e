//! The exact trick-taking search of one full deal (double dummy: every hand seen), by
//! alpha-beta with a transposition table.
//!
//! The value of a finished hand is a number of points for the searching side: its score for
//! the hand less the other side's, bids, Nils, bags and bag penalties counted as the hand
//! would score them ([`Objective::Points`]); or simply the side's tricks
//! ([`Objective::Tricks`], for bidding before any bid is known). Partners play together for
//! their side; the other side plays against it (the game is zero-sum between sides).
//!
//! Bags cost more than the point each brings: ten of them cost 100 when the tenth comes,
//! however far off that is. So besides the penalties of the hand itself, each bag a side
//! takes counts [`BAG_COST`] against it: a side that has made its bid ducks rather than take
//! a trick it does not need.
//!
//! Every pruning rule is exact:
//! - alpha-beta cut-offs (fail-soft), sound for any numeric leaf value;
//! - the table stores, for a position at the start of a trick, the bounds a search proved;
//!   the position is the four hands, the leader, whether spades are broken, and what of the
//!   tricks taken so far can still change the value (each side's tricks by non-Nil bidders
//!   and each Nil bidder's own tricks), so two positions sharing a key have the same value;
//! - of two cards of one hand with no unplayed card of another hand between them, only the
//!   higher is tried: whichever is played, the trick goes the same way and the other stays
//!   exactly as good later, since no card still in play separates them.
//!
//! The search is bounded by a count of nodes, never a clock: past it, the answer is `None`.

use crate::cards::{Hand, C, SPADES};
use crate::game::{breaks_spades, legal_cards, next, side, trick_winner};
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// What a finished hand is worth to the searching side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Objective {
    /// Points as the hand scores: the side's score change less the other side's.
    Points {
        /// Every seat's bid (0 is Nil).
        bids: [u8; 4],
        /// Bags each side carries into the hand.
        bags: [u32; 2],
    },
    /// The side's tricks.
    Tricks,
}

/// A position: the hands, the trick in progress and what has been taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Position {
    /// Cards left in each hand.
    pub hands: [Hand; 4],
    /// The trick in progress, by seat.
    pub trick: [Option<C>; 4],
    /// Who led it.
    pub leader: u8,
    /// Whose turn it is.
    pub turn: u8,
    /// Tricks taken so far this hand, by seat.
    pub taken: [u8; 4],
    /// Whether spades are broken.
    pub broken: bool,
}

impl Position {
    fn led(&self) -> Option<u8> {
        self.trick[self.leader as usize].map(C::suit)
    }

    fn legal(&self) -> Hand {
        legal_cards(self.hands[self.turn as usize], self.led(), self.broken)
    }

    /// Plays `c` for the seat to play; completes the trick when it is the fourth card.
    pub fn play(&mut self, c: C) {
        let seat = self.turn;
        // SPD-BREAK as the game follows it: the search plays the game's own rules.
        self.broken |= breaks_spades(c, self.led());
        self.hands[seat as usize].remove(c);
        self.trick[seat as usize] = Some(c);
        if self.trick.iter().all(Option::is_some) {
            let winner = trick_winner(&self.trick, self.leader);
            self.taken[winner as usize] += 1;
            self.trick = [None; 4];
            self.leader = winner;
            self.turn = winner;
        } else {
            self.turn = next(seat);
        }
    }

    fn cards_left(&self) -> u32 {
        self.hands.iter().map(|h| h.len()).sum()
    }
}

/// What a bag counts against the side that takes it, beyond its point: its share of the 100
/// that ten bags cost.
pub const BAG_COST: i32 = 2;

/// A side's points for a hand, penalties included, without the words of
/// [`crate::scoring::score_side`]: the search scores millions of leaves.
fn side_delta(bids: [u8; 2], tricks: [u8; 2], bags: u32) -> i32 {
    let mut points = 0;
    let mut bags_gained = 0u32;
    let mut contract = 0u8;
    let mut counted = 0u8;
    for (bid, took) in bids.into_iter().zip(tricks) {
        if bid == 0 {
            if took == 0 {
                points += 100;
            } else {
                points += took as i32 - 100;
                bags_gained += took as u32;
            }
        } else {
            contract += bid;
            counted += took;
        }
    }
    if contract > 0 {
        if counted >= contract {
            let over = counted - contract;
            points += 10 * contract as i32 + over as i32;
            bags_gained += over as u32;
        } else {
            points -= 10 * contract as i32;
        }
    }
    points - 100 * ((bags + bags_gained) / 10) as i32 - BAG_COST * bags_gained as i32
}

/// The value of a finished hand with `taken` tricks to `side_no`.
pub fn final_value(objective: Objective, side_no: usize, taken: [u8; 4]) -> i32 {
    match objective {
        Objective::Tricks => (taken[side_no] + taken[side_no + 2]) as i32,
        Objective::Points { bids, bags } => {
            let delta =
                |s: usize| side_delta([bids[s], bids[s + 2]], [taken[s], taken[s + 2]], bags[s]);
            delta(side_no) - delta(1 - side_no)
        }
    }
}

#[derive(Default)]
struct Mix(u64);

impl Hasher for Mix {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(b as u64);
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0 ^ n)
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
            .rotate_left(29);
    }
}

/// The key of a position at the start of a trick (see the module's notes).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct Key {
    hands: [u64; 4],
    meta: u32,
}

/// Bounds proved for a position's value.
#[derive(Clone, Copy)]
struct Bounds {
    lower: i32,
    upper: i32,
}

/// One search: the objective, the side it serves, the table and the node count.
pub struct Solver {
    objective: Objective,
    side: usize,
    table: HashMap<Key, Bounds, BuildHasherDefault<Mix>>,
    nodes: u64,
    budget: u64,
}

const INF: i32 = 1 << 20;

impl Solver {
    /// A solver for `side_no` that gives up after `budget` nodes in all.
    pub fn new(objective: Objective, side_no: usize, budget: u64) -> Solver {
        Solver {
            objective,
            side: side_no,
            table: HashMap::default(),
            nodes: 0,
            budget,
        }
    }

    /// Nodes visited so far.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    fn key(&self, p: &Position) -> Key {
        let mut meta = p.leader as u32 | (p.broken as u32) << 2;
        let mut counted = [0u32; 2];
        let mut shift = 3;
        for seat in 0..4 {
            let nil = matches!(self.objective, Objective::Points { bids, .. } if bids[seat] == 0);
            if nil {
                meta |= (p.taken[seat] as u32) << shift;
                shift += 4;
            } else {
                counted[side(seat as u8)] += p.taken[seat] as u32;
            }
        }
        meta |= counted[0] << shift | counted[1] << (shift + 4);
        Key {
            hands: p.hands.map(|h| h.0),
            meta,
        }
    }

    /// The moves worth trying at `p`, one card of each run of equivalent cards, in the order
    /// most likely to cut the search short first.
    fn moves(p: &Position, out: &mut Vec<C>) {
        out.clear();
        let mine = p.hands[p.turn as usize];
        let legal = p.legal();
        let in_trick: Hand = p.trick.iter().flatten().copied().collect();
        let live = Hand(p.hands.iter().fold(in_trick.0, |a, h| a | h.0));
        let others = live.minus(mine);
        let mut reps: Vec<C> = Vec::with_capacity(13);
        for suit in 0..4 {
            let mut last: Option<C> = None;
            for c in legal.suit(suit).iter() {
                let equal = last.is_some_and(|l| {
                    let between = ((1u64 << c.0) - 1) & !((1u64 << (l.0 + 1)) - 1);
                    others.0 & between == 0
                });
                if !equal {
                    reps.push(c);
                }
                last = Some(c);
            }
        }
        match p.led() {
            None => {
                // Leading: high cards first (they win or clear the way), then the rest.
                reps.sort_by_key(|c| std::cmp::Reverse(c.strength()));
            }
            Some(led) => {
                let mut best = (p.leader, p.trick[p.leader as usize].unwrap_or(C(0)));
                for k in 1..4 {
                    let seat = (p.leader + k) % 4;
                    if let Some(c) = p.trick[seat as usize] {
                        if c.beats(best.1, led) {
                            best = (seat, c);
                        }
                    }
                }
                let partner_wins = side(best.0) == side(p.turn);
                // Winners cheapest first, then losers lowest first; with the partner on top,
                // low cards first.
                reps.sort_by_key(|c| {
                    let wins = c.beats(best.1, led);
                    let rank = c.strength() as i32 + if c.suit() == SPADES { 13 } else { 0 };
                    (u8::from(!partner_wins && !wins), rank)
                });
            }
        }
        out.extend(reps);
    }

    /// The value of `p` for the solver's side, or `None` once the budget is spent.
    pub fn value(&mut self, p: &Position, alpha: i32, beta: i32) -> Option<i32> {
        self.nodes += 1;
        if self.nodes > self.budget {
            return None;
        }
        let start_of_trick = p.trick.iter().all(Option::is_none);
        let (mut a, mut b) = (alpha, beta);
        let mut key = None;
        if start_of_trick {
            if p.cards_left() == 0 {
                return Some(final_value(self.objective, self.side, p.taken));
            }
            let k = self.key(p);
            if let Some(bounds) = self.table.get(&k) {
                if bounds.lower == bounds.upper {
                    return Some(bounds.lower);
                }
                if bounds.lower >= b {
                    return Some(bounds.lower);
                }
                if bounds.upper <= a {
                    return Some(bounds.upper);
                }
                a = a.max(bounds.lower);
                b = b.min(bounds.upper);
            }
            key = Some(k);
        }
        let maxing = side(p.turn) == self.side;
        let mut moves = Vec::with_capacity(13);
        Solver::moves(p, &mut moves);
        let mut best = if maxing { -INF } else { INF };
        for c in moves {
            let mut child = *p;
            child.play(c);
            if maxing {
                let v = self.value(&child, a.max(best), b)?;
                best = best.max(v);
                if best >= b {
                    break;
                }
            } else {
                let v = self.value(&child, a, b.min(best))?;
                best = best.min(v);
                if best <= a {
                    break;
                }
            }
        }
        if let Some(k) = key {
            let entry = self.table.entry(k).or_insert(Bounds {
                lower: -INF,
                upper: INF,
            });
            if best <= a {
                entry.upper = entry.upper.min(best);
            } else if best >= b {
                entry.lower = entry.lower.max(best);
            } else {
                entry.lower = best;
                entry.upper = best;
            }
        }
        Some(best)
    }

    /// The exact value of each legal card of the seat to play, or `None` once the budget is
    /// spent. Equivalent cards share their run's value.
    pub fn root_values(&mut self, p: &Position) -> Option<Vec<(C, i32)>> {
        let legal = p.legal();
        let mut reps = Vec::new();
        Solver::moves(p, &mut reps);
        let mut values: Vec<(C, i32)> = Vec::with_capacity(reps.len());
        for &c in &reps {
            let mut child = *p;
            child.play(c);
            values.push((c, self.value(&child, -INF, INF)?));
        }
        // A card not tried takes the value of the next higher card of its run.
        Some(
            legal
                .iter()
                .map(|c| {
                    let v = values
                        .iter()
                        .filter(|(r, _)| r.suit() == c.suit() && r.0 <= c.0)
                        .max_by_key(|(r, _)| r.0)
                        .map_or(0, |&(_, v)| v);
                    (c, v)
                })
                .collect(),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::hand;

    fn position(hands: [&str; 4], leader: u8) -> Position {
        Position {
            hands: hands.map(hand),
            trick: [None; 4],
            leader,
            turn: leader,
            taken: [0; 4],
            broken: true,
        }
    }

    /// Every line played out: the plain minimax the pruned search must agree with.
    fn minimax(objective: Objective, side_no: usize, p: &Position) -> i32 {
        if p.cards_left() == 0 {
            return final_value(objective, side_no, p.taken);
        }
        let values = p.legal().iter().map(|c| {
            let mut child = *p;
            child.play(c);
            minimax(objective, side_no, &child)
        });
        if side(p.turn) == side_no {
            values.max().unwrap_or(0)
        } else {
            values.min().unwrap_or(0)
        }
    }

    #[test]
    fn the_search_breaks_spades_as_the_game_does() {
        // SPD-BREAK: a spade led from a hand of only spades breaks nothing; a spade on a
        // heart lead does.
        let mut p = position(["AS KS", "2H 3S", "QS JS", "4H 5H"], 0);
        p.broken = false;
        p.play(crate::cards::card("AS").expect("card"));
        assert!(!p.broken, "a spade lead");
        let mut q = position(["AH 2C", "2S 3D", "QD JD", "4H 5H"], 0);
        q.broken = false;
        q.play(crate::cards::card("AH").expect("card"));
        q.play(crate::cards::card("2S").expect("card"));
        assert!(q.broken, "a spade on a heart lead");
    }

    #[test]
    fn the_side_with_the_top_spades_takes_the_tricks() {
        let p = position(["AS KS", "2H 3H", "QS JS", "4H 5H"], 0);
        let mut solver = Solver::new(Objective::Tricks, 0, 1_000_000);
        assert_eq!(solver.value(&p, -INF, INF), Some(2));
    }

    #[test]
    fn the_pruned_search_agrees_with_plain_minimax_on_small_deals() {
        let deals = [
            (["AH 2S 3C", "KH 4S 5C", "QH AC 6D", "JH KC 7D"], 0u8),
            (["AS 2H 3D", "KH 4H 5D", "QS AD 6H", "JS KD 7H"], 1),
            (["2S 3S 4H", "5H 6H 7C", "AC KC QH", "8D 9D TD"], 2),
        ];
        let objectives = [
            Objective::Tricks,
            Objective::Points {
                bids: [1, 0, 1, 1],
                bags: [9, 0],
            },
            Objective::Points {
                bids: [0, 1, 2, 1],
                bags: [0, 5],
            },
        ];
        for (hands, leader) in deals {
            let mut p = position(hands, leader);
            p.broken = false;
            p.taken = [3, 3, 2, 2];
            for objective in objectives {
                for side_no in 0..2 {
                    let mut solver = Solver::new(objective, side_no, 10_000_000);
                    let got = solver.value(&p, -INF, INF);
                    assert_eq!(got, Some(minimax(objective, side_no, &p)), "{hands:?}");
                    let roots = solver.root_values(&p).expect("within budget");
                    for (c, v) in roots {
                        let mut child = p;
                        child.play(c);
                        assert_eq!(v, minimax(objective, side_no, &child), "{hands:?} {c}");
                    }
                }
            }
        }
    }

    #[test]
    fn a_spent_budget_answers_none() {
        let p = position(["AS KS", "2H 3H", "QS JS", "4H 5H"], 0);
        let mut solver = Solver::new(Objective::Tricks, 0, 3);
        assert_eq!(solver.value(&p, -INF, INF), None);
    }
}
