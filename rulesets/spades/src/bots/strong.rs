//! felt's strong player: determinized sampling of the unseen hands, and for each sampled deal
//! an exact search of the rest of the hand ([`super::dd`]); the card with the best average
//! is played. Bids come from simulating the hand the same way.
//!
//! Bounded by counts alone: `samples` deals a decision and `nodes` search nodes a deal. A
//! deal whose search runs past its nodes (early in a hand, when thirteen tricks are left) is
//! played out by the simple policy instead, as the normal player does.

use super::dd::{Objective, Position, Solver};
use super::{bid, montecarlo, rng, sample, Knowledge};
use crate::cards::{Hand, C};
use crate::game::partner;

/// How hard the strong player thinks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Effort {
    /// Sampled deals a decision.
    pub samples: u32,
    /// Search nodes a sampled deal.
    pub nodes: u64,
}

fn position(k: &Knowledge, hands: [Hand; 4]) -> Position {
    let p = &k.public;
    Position {
        hands,
        trick: p.trick,
        leader: p.leader,
        turn: p.turn,
        taken: p.taken,
        broken: p.broken,
    }
}

/// Every legal card with its average value over the sampled deals, best first (ties in
/// display order).
pub fn rank_cards(k: &Knowledge, effort: Effort) -> Vec<(C, f64)> {
    let legal: Vec<C> = k.legal().iter().collect();
    if legal.len() <= 1 {
        return legal.into_iter().map(|c| (c, 0.0)).collect();
    }
    let objective = Objective::Points {
        bids: k.public.bids.map(|b| b.unwrap_or(1)),
        bags: k.public.bags,
    };
    let samples = effort.samples.max(1);
    let mut rng = rng(k.entropy);
    let mut totals = vec![0i64; legal.len()];
    // Once one deal's search runs past its nodes, the others of this decision (as many cards
    // left) would too: they are played out at once, so no more nodes are spent in vain.
    let mut searching = k.public.tricks_played + EXACT_TRICKS >= 13;
    for _ in 0..samples {
        let hands = sample::deal_fitting(k, &mut rng, FIT_TRIES);
        let mut solver = Solver::new(objective, k.side(), effort.nodes);
        let values = if searching {
            solver.root_values(&position(k, hands))
        } else {
            None
        };
        searching &= values.is_some();
        match values {
            Some(values) => {
                for (i, c) in legal.iter().enumerate() {
                    let v = values.iter().find(|(d, _)| d == c).map_or(0, |&(_, v)| v);
                    totals[i] += v as i64;
                }
            }
            None => {
                for (i, &c) in legal.iter().enumerate() {
                    totals[i] += montecarlo::rollout(k, hands, c) as i64;
                }
            }
        }
    }
    let mut ranked: Vec<(C, f64)> = legal
        .into_iter()
        .zip(totals)
        .map(|(c, t)| (c, t as f64 / samples as f64))
        .collect();
    ranked.sort_by(|a, b| b.1.total_cmp(&a.1));
    ranked
}

/// Tricks left (the current one included) from which the deals are searched exactly: with
/// more, a search of a sampled deal takes millions of nodes (measured: under a tenth of the
/// searches of nine tricks finish in 100,000 nodes), so the deals are played out instead.
pub const EXACT_TRICKS: u8 = 8;

/// Deals drawn for each one kept: the one that fits the bids best is kept.
pub const FIT_TRIES: u32 = 8;

/// The card the strong player plays.
pub fn choose(k: &Knowledge, effort: Effort) -> C {
    rank_cards(k, effort).first().map_or(C(0), |&(c, _)| c)
}

/// What an overtrick is worth in a bid: its point, less the share of a bag penalty that ten
/// bags cost (not the whole 10: a game often ends before the tenth bag).
const OVERTRICK: f64 = -6.0;

/// The points a contract of `contract` brings when `tricks` are taken.
fn contract_value(contract: u8, tricks: f64) -> f64 {
    let c = contract as f64;
    if tricks + 1e-9 >= c {
        10.0 * c + (tricks - c) * OVERTRICK
    } else {
        -10.0 * c
    }
}

/// The strong player's bid: the hand simulated on sampled deals of the unseen cards, each
/// played out by the simple policy at every seat (the bids not yet made filled in by the
/// rule-based count), and the bid with the best average score over this seat's tricks (or,
/// once the partner has bid, the side's). A hand the counting rule finds fit for Nil is played
/// out on the same deals as a Nil too (the simple policy ducks as a Nil bidder and covers a
/// Nil partner), and Nil is bid only when its average beats the best bid's by
/// [`NIL_MARGIN`]: the simulation vetoes the Nils that fail too often.
pub fn choose_bid(k: &Knowledge, effort: Effort) -> u8 {
    let partner_seat = partner(k.seat);
    let partner_bid = k.public.bids[partner_seat as usize];
    // Nil is tried only on the hands the counting rule finds fit for it: the play-outs'
    // opponents (the simple policy) do not try to set a Nil, so the simulation thinks too
    // well of Nils; asked of every low hand, it bid too many (measured in the README).
    let try_nil =
        partner_bid != Some(0) && bid::suits_nil(k.hand) && partner_bid.is_none_or(|b| b >= 3);
    // Play-outs are cheap next to searches: several a sampled deal's worth.
    let deals = (effort.samples * BID_DEALS_PER_SAMPLE).max(MIN_BID_DEALS);
    let mut rng = rng(k.entropy);
    let mut outcomes: Vec<(f64, f64)> = Vec::with_capacity(deals as usize);
    let mut nil_total = 0.0;
    for _ in 0..deals {
        let hands = sample::deal_fitting(k, &mut rng, FIT_TRIES);
        let mut public = k.public;
        for (bid, hand) in public.bids.iter_mut().zip(hands) {
            if bid.is_none() {
                *bid = Some(bid::simple_bid(hand));
            }
        }
        public.turn = public.leader;
        let taken = montecarlo::play_out(hands, public);
        let own = taken[k.seat as usize] as f64;
        let side_tricks = own + taken[partner_seat as usize] as f64;
        outcomes.push((side_tricks, own));
        if try_nil {
            public.bids[k.seat as usize] = Some(0);
            let taken = montecarlo::play_out(hands, public);
            let own = taken[k.seat as usize];
            let nil = if own == 0 {
                NIL
            } else {
                -NIL + own as f64 * OVERTRICK
            };
            let partners = match partner_bid {
                Some(p) if p > 0 => contract_value(p, taken[partner_seat as usize] as f64),
                _ => 0.0,
            };
            nil_total += nil + partners;
        }
    }
    let expected = |b: u8| -> f64 {
        outcomes
            .iter()
            .map(|&(side_tricks, own)| match partner_bid {
                Some(p) if p > 0 => contract_value(b + p, side_tricks),
                _ => contract_value(b, own),
            })
            .sum::<f64>()
    };
    let mut best = 1u8;
    for b in 2..=13u8 {
        if expected(b) > expected(best) + 1e-9 {
            best = b;
        }
    }
    if try_nil && nil_total > expected(best) + NIL_MARGIN * deals as f64 {
        return 0;
    }
    best
}

/// Points a Nil brings when it holds (and costs when it fails).
const NIL: f64 = 100.0;

/// How much a Nil's simulated average must beat the best bid's, in points: the play-outs'
/// opponents (the simple policy) do not try to set a Nil, real ones do.
pub const NIL_MARGIN: f64 = 25.0;

/// Play-outs a bid makes per sampled deal of a card decision, and at least.
const BID_DEALS_PER_SAMPLE: u32 = 8;
const MIN_BID_DEALS: u32 = 64;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::State;

    #[test]
    fn a_hand_of_top_spades_bids_high_and_a_weak_hand_low() {
        let mut state = State::new(3);
        state.hands[state.turn as usize] =
            crate::cards::hand("AS KS QS JS TS 9S 8S AH KH AC KC AD KD");
        let k = Knowledge::of(&state, state.turn);
        let effort = Effort {
            samples: 4,
            nodes: 20_000,
        };
        assert!(choose_bid(&k, effort) >= 10);
    }

    #[test]
    fn a_hand_without_a_trick_in_it_bids_nil_by_simulation() {
        // SPD-NIL: low cards everywhere and one low spade: the play-outs hold the Nil.
        let mut state = State::new(5);
        let seat = state.turn as usize;
        let low = crate::cards::hand("2S 3H 4H 5H 2C 3C 4C 5C 2D 3D 4D 5D 6D");
        let rest = Hand::FULL.minus(low);
        // The other cards dealt round the other seats, 13 each.
        let mut others = rest.iter();
        for s in (0..4).filter(|&s| s != seat) {
            state.hands[s] = others.by_ref().take(13).collect();
        }
        state.hands[seat] = low;
        let effort = Effort {
            samples: 4,
            nodes: 20_000,
        };
        assert_eq!(choose_bid(&Knowledge::of(&state, state.turn), effort), 0);
    }

    #[test]
    fn the_choice_is_the_same_for_the_same_position() {
        let state = State::new(9);
        let mut s = state.clone();
        s.phase = crate::game::Phase::Playing;
        s.bids = [Some(3), Some(4), Some(3), Some(2)];
        let k = Knowledge::of(&s, s.turn);
        let effort = Effort {
            samples: 3,
            nodes: 5_000,
        };
        assert_eq!(choose(&k, effort), choose(&k, effort));
    }
}
