//! Bidding: count the tricks a hand is likely to take.

use super::Knowledge;
use crate::cards::{Hand, SPADES};

const ACE: u8 = 12;
const KING: u8 = 11;
const QUEEN: u8 = 10;
const JACK: u8 = 9;

fn has(cards: Hand, strength: u8) -> bool {
    cards.iter().any(|c| c.strength() == strength)
}

/// Tricks `hand` is likely to take: aces, protected kings and queens, spade honours and
/// length, and ruffs from short side suits backed by spare spades.
pub fn likely_tricks(hand: Hand) -> f32 {
    let spades = hand.suit(SPADES);
    let n_spades = spades.len() as f32;
    let mut tricks = 0.0;
    let mut spade_winners = 0.0;
    if has(spades, ACE) {
        spade_winners += 1.0;
    }
    if has(spades, KING) {
        spade_winners += if spades.len() >= 2 { 1.0 } else { 0.4 };
    }
    if has(spades, QUEEN) {
        spade_winners += if spades.len() >= 3 { 0.8 } else { 0.2 };
    }
    if has(spades, JACK) && spades.len() >= 4 {
        spade_winners += 0.4;
    }
    // Length beyond four spades wins tricks once the others run out.
    let long = (n_spades - 4.0).max(0.0);
    tricks += spade_winners + long * 0.9;
    let mut spare = (n_spades - spade_winners).max(0.0);
    for suit in 1..4 {
        let cards = hand.suit(suit);
        let n = cards.len();
        if has(cards, ACE) {
            tricks += if n <= 6 { 1.0 } else { 0.6 };
        }
        if has(cards, KING) {
            tricks += match n {
                0 | 1 => 0.1,
                2..=4 => {
                    if has(cards, ACE) {
                        0.9
                    } else {
                        0.7
                    }
                }
                5 => 0.5,
                _ => 0.2,
            };
        }
        if has(cards, QUEEN) && (3..=4).contains(&n) {
            tricks += if has(cards, ACE) || has(cards, KING) {
                0.4
            } else {
                0.2
            };
        }
        // Ruffs: a short suit lets spare spades win tricks.
        let ruffs: f32 = match n {
            0 => 1.6,
            1 => 0.8,
            2 => 0.3,
            _ => 0.0,
        };
        let used = ruffs.min(spare);
        tricks += used * 0.85;
        spare -= used;
    }
    tricks
}

/// Whether a hand suits Nil: no spade above the ten, at most three spades, no ace, no
/// unprotected high cards.
pub fn suits_nil(hand: Hand) -> bool {
    let spades = hand.suit(SPADES);
    if spades.len() > 3 || spades.iter().any(|c| c.strength() >= 9) {
        return false;
    }
    for suit in 1..4 {
        let cards = hand.suit(suit);
        let high = cards.iter().filter(|c| c.strength() >= QUEEN).count() as u32;
        let low = cards.iter().filter(|c| c.strength() <= 5).count() as u32;
        if has(cards, ACE) || (high > 0 && low < 2 + high) {
            return false;
        }
    }
    likely_tricks(hand) < 2.0
}

/// The Monte-Carlo team's bid: likely tricks rounded, Nil on suitable hands when the
/// partner has not bid Nil, and a look at the side's total.
pub fn montecarlo_bid(k: &Knowledge) -> u8 {
    let partner_bid = k.public.bids[k.partner() as usize];
    if partner_bid != Some(0) && suits_nil(k.hand) && partner_bid.is_none_or(|b| b >= 3) {
        return 0;
    }
    let estimate = likely_tricks(k.hand);
    let mut bid = estimate.round().max(1.0) as u8;
    // The four bids rarely add to more than 13: trim when the table is already full.
    let others: u8 = k.public.bids.iter().flatten().sum();
    if others + bid > 13 && estimate.fract() < 0.6 && bid > 1 {
        bid -= 1;
    }
    bid.min(13)
}

/// The simple player's bid: aces, kings with a guard, and spades past three. Never Nil.
pub fn simple_bid(hand: Hand) -> u8 {
    let mut bid = 0u8;
    for suit in 0..4 {
        let cards = hand.suit(suit);
        if has(cards, ACE) {
            bid += 1;
        }
        if has(cards, KING) && cards.len() >= 2 {
            bid += 1;
        }
    }
    let spades = hand.suit(SPADES).len() as u8;
    bid += spades.saturating_sub(3);
    bid.clamp(1, 13)
}

/// The rule-based reference player's bid: [`simple_bid`]'s count, plus the queen of spades
/// guarded by two more; Nil when that count is at most one on a hand fit for Nil and the
/// partner has not bid Nil.
pub fn reference_bid(k: &Knowledge) -> u8 {
    let spades = k.hand.suit(SPADES);
    let mut count = simple_bid(k.hand);
    if has(spades, QUEEN) && spades.len() >= 3 {
        count += 1;
    }
    let partner_nil = k.public.bids[k.partner() as usize] == Some(0);
    if count <= 1 && !partner_nil && suits_nil(k.hand) {
        return 0;
    }
    count.min(13)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::hand;

    #[test]
    fn aces_and_spade_length_count() {
        let strong = hand("AS KS QS JS 9S 5S AH KH AC 4C 3D 2D 7H");
        let weak = hand("2S 3H 4H 5H 6C 7C 8C 2D 3D 4D 5D 6D 7D");
        assert!(likely_tricks(strong) >= 7.0, "{}", likely_tricks(strong));
        assert!(likely_tricks(weak) < 1.0, "{}", likely_tricks(weak));
    }

    #[test]
    fn nil_only_on_low_hands() {
        assert!(suits_nil(hand("2S 3H 4H 5H 6C 7C 8C 2D 3D 4D 5D 6D 7D")));
        assert!(!suits_nil(hand("AS 3H 4H 5H 6C 7C 8C 2D 3D 4D 5D 6D 7D")));
        assert!(
            !suits_nil(hand("2S 3S 4S 5S 6C 7C 8C 2D 3D 4D 5D 6D 7D")),
            "four spades"
        );
    }

    #[test]
    fn the_simple_bid_is_never_nil() {
        assert_eq!(
            simple_bid(hand("2S 3H 4H 5H 6C 7C 8C 2D 3D 4D 5D 6D 7D")),
            1
        );
        assert_eq!(
            simple_bid(hand("AS KS 5S 4S 3S AH 2H AC 2C 3D 4D 5D 6D")),
            6
        );
    }
}
