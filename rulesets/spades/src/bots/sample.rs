//! Sampling the hidden hands: the unseen cards dealt to the other seats so that each gets as
//! many as it holds and none gets a suit it has shown it lacks.

use super::bid::likely_tricks;
use super::{below, Knowledge};
use crate::cards::{Hand, C};
use rand_chacha::ChaCha8Rng;

/// One deal of the unseen cards consistent with everything `k`'s seat has seen; `k`'s own
/// hand is in its place. Falls back to a deterministic fill if random tries keep failing.
pub fn deal(k: &Knowledge, rng: &mut ChaCha8Rng) -> [Hand; 4] {
    let p = &k.public;
    let unseen = Hand::FULL.minus(p.played).minus(k.hand);
    let mut need = [0u32; 4];
    for seat in 0..4u8 {
        if seat != k.seat {
            need[seat as usize] = p.hand_size(seat);
        }
    }
    // Cards that fewer seats can hold go first, so the random fill rarely paints itself into
    // a corner.
    let mut cards: Vec<(u32, C)> = unseen
        .iter()
        .map(|c| {
            let takers = (0..4u8)
                .filter(|&s| {
                    s != k.seat && need[s as usize] > 0 && p.voids[s as usize] >> c.suit() & 1 == 0
                })
                .count() as u32;
            (takers, c)
        })
        .collect();
    cards.sort_by_key(|&(takers, c)| (takers, c.0));
    for _ in 0..16 {
        if let Some(hands) = try_fill(k, &cards, need, rng) {
            return hands;
        }
    }
    exact_fill(k, unseen, need)
}

/// Of `tries` deals drawn as [`deal`] draws them, the one that best fits the bids: each other
/// seat's likely tricks (the bidding count on the cards it still holds) against the tricks it
/// still wants (its bid less what it took; a Nil bidder's hand should be weak). Deals that
/// fit what the table has said are the ones worth searching.
pub fn deal_fitting(k: &Knowledge, rng: &mut ChaCha8Rng, tries: u32) -> [Hand; 4] {
    let misfit = |hands: &[Hand; 4]| -> f32 {
        let p = &k.public;
        (0..4u8)
            .filter(|&s| s != k.seat)
            .map(|s| match p.bids[s as usize] {
                None => 0.0,
                Some(0) => (likely_tricks(hands[s as usize]) - 0.8).max(0.0),
                Some(b) => {
                    let wanted = (b as f32 - p.taken[s as usize] as f32).max(0.0);
                    (likely_tricks(hands[s as usize]) - wanted).abs()
                }
            })
            .sum()
    };
    let mut best = deal(k, rng);
    let mut best_misfit = misfit(&best);
    for _ in 1..tries {
        let hands = deal(k, rng);
        let m = misfit(&hands);
        if m < best_misfit {
            best = hands;
            best_misfit = m;
        }
    }
    best
}

fn try_fill(
    k: &Knowledge,
    cards: &[(u32, C)],
    mut need: [u32; 4],
    rng: &mut ChaCha8Rng,
) -> Option<[Hand; 4]> {
    let mut hands = [Hand::EMPTY; 4];
    hands[k.seat as usize] = k.hand;
    for &(_, c) in cards {
        let mut total = 0;
        let mut weights = [0u32; 4];
        for seat in 0..4u8 {
            if seat != k.seat && k.public.voids[seat as usize] >> c.suit() & 1 == 0 {
                weights[seat as usize] = need[seat as usize];
                total += need[seat as usize];
            }
        }
        if total == 0 {
            return None;
        }
        let mut pick = below(rng, total);
        let seat = (0..4).find(|&s| {
            if pick < weights[s] {
                true
            } else {
                pick -= weights[s];
                false
            }
        })?;
        hands[seat].insert(c);
        need[seat] -= 1;
    }
    Some(hands)
}

/// A consistent deal found by a small max-flow from suits to seats; used only when random
/// tries fail.
fn exact_fill(k: &Knowledge, unseen: Hand, need: [u32; 4]) -> [Hand; 4] {
    // flow[suit][seat]: how many cards of the suit the seat gets.
    let mut flow = [[0u32; 4]; 4];
    let mut left: [u32; 4] = std::array::from_fn(|s| unseen.suit(s as u8).len());
    let mut room = need;
    let open =
        |suit: usize, seat: usize| seat != k.seat as usize && k.public.voids[seat] >> suit & 1 == 0;
    // Augmenting paths source -> suit -> seat (-> back along a used suit->seat edge -> seat)* -> sink.
    loop {
        let mut found = None;
        'search: for start in 0..4 {
            if left[start] == 0 {
                continue;
            }
            // Breadth-first over suits, remembering how each suit was reached.
            let mut from: [Option<(usize, usize)>; 4] = [None; 4];
            let mut seen = [false; 4];
            seen[start] = true;
            let mut queue = vec![start];
            while let Some(suit) = queue.pop() {
                for seat in 0..4 {
                    if !open(suit, seat) {
                        continue;
                    }
                    if room[seat] > 0 {
                        found = Some((start, suit, seat, from));
                        break 'search;
                    }
                    // Move a card of another suit off this seat to make room.
                    for other in 0..4 {
                        if !seen[other] && flow[other][seat] > 0 {
                            seen[other] = true;
                            from[other] = Some((suit, seat));
                            queue.push(other);
                        }
                    }
                }
            }
        }
        let Some((start, mut suit, seat, from)) = found else {
            break;
        };
        left[start] -= 1;
        room[seat] -= 1;
        flow[suit][seat] += 1;
        while let Some((prev, via)) = from[suit] {
            // `suit` gave up one place at `via` to `prev`'s card.
            flow[suit][via] -= 1;
            flow[prev][via] += 1;
            suit = prev;
        }
    }
    let mut hands = [Hand::EMPTY; 4];
    hands[k.seat as usize] = k.hand;
    for (suit, row) in flow.iter().enumerate() {
        let mut cards = unseen.suit(suit as u8).iter();
        for (seat, &n) in row.iter().enumerate() {
            for c in cards.by_ref().take(n as usize) {
                hands[seat].insert(c);
            }
        }
        // Only if the flow was short (impossible for a real deal): ignore voids for the rest.
        for c in cards {
            if let Some(seat) = (0..4).find(|&s| s != k.seat as usize && hands[s].len() < need[s]) {
                hands[seat].insert(c);
            }
        }
    }
    hands
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::{rng, Knowledge};
    use crate::game::State;

    /// South holds every diamond; West has shown it holds nothing but spades; North and East
    /// hold no spade. Only one split of suits is possible.
    fn tight() -> Knowledge {
        let mut state = State::new(1);
        state.hands[0] = Hand::FULL.suit(3);
        state.voids = [0, 0b1110, 0b1001, 0b1001];
        Knowledge::of(&state, 0)
    }

    fn check(k: &Knowledge, hands: &[Hand; 4]) {
        assert_eq!(hands[0], k.hand);
        let all = hands.iter().fold(Hand::EMPTY, |a, h| Hand(a.0 | h.0));
        assert_eq!(all, Hand::FULL.minus(k.public.played));
        for seat in 1..4u8 {
            assert_eq!(hands[seat as usize].len(), k.public.hand_size(seat));
            for suit in 0..4 {
                if k.public.voids[seat as usize] >> suit & 1 == 1 {
                    assert!(
                        hands[seat as usize].suit(suit).is_empty(),
                        "seat {seat} got a void suit"
                    );
                }
            }
        }
    }

    #[test]
    fn the_exact_fill_solves_a_deal_with_one_answer() {
        let k = tight();
        let hands = exact_fill(&k, Hand::FULL.minus(k.hand), [0, 13, 13, 13]);
        check(&k, &hands);
        assert_eq!(hands[1], Hand::FULL.suit(0), "West has all the spades");
    }

    #[test]
    fn sampled_deals_respect_counts_and_shown_voids() {
        let k = tight();
        let mut r = rng(5);
        for _ in 0..50 {
            check(&k, &deal(&k, &mut r));
        }
    }
}
