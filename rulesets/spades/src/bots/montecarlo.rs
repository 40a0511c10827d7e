//! The Monte-Carlo card player: for each legal card, play out sampled deals of the unseen
//! cards with the simple policy at every seat, and keep the card with the best average result
//! for its side (points won minus points the other side won, bags and Nils included).

use super::{rng, sample, simple, Knowledge, Public};
use crate::cards::{Hand, C};
use crate::game::{breaks_spades, next, side, trick_winner};
use crate::scoring::score_side;

/// A hand played out to its end from a full deal.
#[derive(Clone, Copy)]
struct Sim {
    hands: [Hand; 4],
    public: Public,
}

impl Sim {
    fn play(&mut self, c: C) {
        let p = &mut self.public;
        let seat = p.turn;
        self.hands[seat as usize].remove(c);
        let led = p.led();
        if let Some(led) = led {
            if c.suit() != led {
                p.voids[seat as usize] |= 1 << led;
            }
        }
        // SPD-BREAK as the game follows it, so a playout leads what the game would allow.
        p.broken |= breaks_spades(c, led);
        p.trick[seat as usize] = Some(c);
        p.played.insert(c);
        if p.trick.iter().all(Option::is_some) {
            let winner = trick_winner(&p.trick, p.leader);
            p.taken[winner as usize] += 1;
            p.tricks_played += 1;
            p.trick = [None; 4];
            p.leader = winner;
            p.turn = winner;
        } else {
            p.turn = next(seat);
        }
    }

    fn finish(mut self) -> [u8; 4] {
        while self.public.tricks_played < 13 {
            let seat = self.public.turn;
            let c = simple::choose(seat, self.hands[seat as usize], &self.public);
            self.play(c);
        }
        self.public.taken
    }
}

/// The value to `k`'s side of playing `c` in the full deal `hands`, the rest of the hand
/// played out by the simple policy at every seat.
pub fn rollout(k: &Knowledge, hands: [Hand; 4], c: C) -> i32 {
    let mut sim = Sim {
        hands,
        public: k.public,
    };
    sim.play(c);
    let taken = sim.finish();
    value(&k.public, taken, side(k.seat))
}

/// The tricks each seat takes when the full deal `hands` is played out from `public` by the
/// simple policy at every seat (every bid filled in).
pub fn play_out(hands: [Hand; 4], public: Public) -> [u8; 4] {
    Sim { hands, public }.finish()
}

/// The value of a finished hand to `side_no`: its points minus the other side's.
fn value(p: &Public, taken: [u8; 4], side_no: usize) -> i32 {
    let delta = |s: usize| {
        let bids = [p.bids[s].unwrap_or(0), p.bids[s + 2].unwrap_or(0)];
        let r = score_side(bids, [taken[s], taken[s + 2]], p.scores[s], p.bags[s]);
        r.score - p.scores[s]
    };
    delta(side_no) - delta(1 - side_no)
}

/// Every legal card with its average value over `samples` sampled deals, best first (ties in
/// display order).
pub fn rank_cards(k: &Knowledge, samples: u32) -> Vec<(C, f64)> {
    let legal: Vec<C> = k.legal().iter().collect();
    if legal.len() <= 1 {
        return legal.into_iter().map(|c| (c, 0.0)).collect();
    }
    let mut rng = rng(k.entropy);
    let mut totals = vec![0i64; legal.len()];
    for _ in 0..samples.max(1) {
        let hands = sample::deal(k, &mut rng);
        let start = Sim {
            hands,
            public: k.public,
        };
        for (i, &c) in legal.iter().enumerate() {
            let mut sim = start;
            sim.play(c);
            let taken = sim.finish();
            totals[i] += value(&k.public, taken, side(k.seat)) as i64;
        }
    }
    let mut ranked: Vec<(C, f64)> = legal
        .into_iter()
        .zip(totals)
        .map(|(c, t)| (c, t as f64 / samples.max(1) as f64))
        .collect();
    // Stable sort: equal values keep display order, so the choice is deterministic.
    ranked.sort_by(|a, b| b.1.total_cmp(&a.1));
    ranked
}

/// The card the Monte-Carlo player plays.
pub fn choose(k: &Knowledge, samples: u32) -> C {
    rank_cards(k, samples).first().map_or(C(0), |&(c, _)| c)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::{card, hand};
    use crate::game::{Phase, State};

    #[test]
    fn a_playout_breaks_spades_as_the_game_does() {
        // SPD-BREAK: East leads a spade from a hand of only spades: the playout, like the
        // game, leaves spades unbroken; a spade on a heart lead breaks them.
        let mut s = State::new(7);
        s.phase = Phase::Playing;
        s.hands = [hand("2H 3S"), hand("4S 5D"), hand("6S 7D"), hand("AS KS")];
        s.tricks_played = 11;
        s.leader = 3;
        s.turn = 3;
        let k = Knowledge::of(&s, 3);
        let mut sim = Sim {
            hands: s.hands,
            public: k.public,
        };
        sim.play(card("KS").expect("card"));
        assert!(!sim.public.broken);
        let mut t = sim;
        t.public.trick = [None; 4];
        t.public.leader = 0;
        t.public.turn = 0;
        t.play(card("2H").expect("card"));
        t.play(card("4S").expect("card"));
        assert!(t.public.broken);
    }
}
