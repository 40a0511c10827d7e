//! The simple rule-based player: the baseline the Monte-Carlo bots are measured against, and
//! the policy every seat follows inside a Monte-Carlo rollout.

use super::Public;
use crate::cards::{Hand, C, SPADES};
use crate::game::{legal_cards, partner, side};

/// The weakest card, preferring to keep spades.
pub fn lowest(cards: Hand) -> C {
    let side = cards.side_suits();
    let pool = if side.is_empty() { cards } else { side };
    pool.weakest().unwrap_or(C(0))
}

/// Whether no card outside `hand` and not yet played beats `c` in its suit.
pub fn is_boss(c: C, hand: Hand, played: Hand) -> bool {
    let outstanding = Hand::FULL.minus(played).minus(hand).suit(c.suit());
    outstanding.0 & ((1u64 << c.0) - 1) == 0
}

/// The card the simple player plays from `hand` at `seat`.
pub fn choose(seat: u8, hand: Hand, p: &Public) -> C {
    let legal = legal_cards(hand, p.led(), p.broken);
    if legal.len() <= 1 {
        return legal.first().unwrap_or(C(0));
    }
    let my_nil = p.bids[seat as usize] == Some(0);
    let partner_seat = partner(seat);
    let partner_nil = p.bids[partner_seat as usize] == Some(0);
    let (contract, counted) = p.contract(side(seat));
    let made = counted >= contract;
    let Some(led) = p.led() else {
        // Leading.
        if my_nil {
            return lowest(legal);
        }
        if !made {
            if let Some(boss) = legal
                .side_suits()
                .iter()
                .find(|&c| is_boss(c, hand, p.played))
            {
                return boss;
            }
        }
        // Low from the longest suit led so far allowed, sparing spades.
        let longest = (0..4u8)
            .filter(|&s| s != SPADES || legal.side_suits().is_empty())
            .max_by_key(|&s| (legal.suit(s).len(), s))
            .unwrap_or(SPADES);
        return legal.suit(longest).last().unwrap_or_else(|| lowest(legal));
    };
    let Some((win_seat, win_card)) = p.winning() else {
        return lowest(legal);
    };
    let winners: Hand = legal.iter().filter(|c| c.beats(win_card, led)).collect();
    let losers = legal.minus(winners);
    let last = p.in_trick() == 3;
    if my_nil {
        // Duck as high as possible; if forced to win, win as cheaply as possible.
        return losers
            .iter()
            .max_by_key(|c| (c.suit() != SPADES, c.strength()))
            .or_else(|| winners.weakest())
            .unwrap_or_else(|| lowest(legal));
    }
    if partner_nil {
        let partner_played = p.trick[partner_seat as usize].is_some();
        if partner_played && win_seat == partner_seat {
            if let Some(c) = winners.weakest() {
                return c;
            }
        } else if !partner_played {
            return legal.strongest().unwrap_or_else(|| lowest(legal));
        }
    }
    let partner_has_it = win_seat == partner_seat && (last || is_boss(win_card, hand, p.played));
    if partner_has_it || winners.is_empty() {
        return lowest(legal);
    }
    if made && !losers.is_empty() {
        // Enough tricks already: avoid bags.
        return lowest(losers);
    }
    if last {
        return winners.weakest().unwrap_or_else(|| lowest(legal));
    }
    let top = winners.first().filter(|&c| is_boss(c, hand, p.played));
    top.or_else(|| winners.weakest())
        .unwrap_or_else(|| lowest(legal))
}
