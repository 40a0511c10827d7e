//! Deck compositions and the deterministic shuffle.

use crate::card::{Card, Rank, Suit};
use rand_chacha::ChaCha20Rng;
use rand_core::{RngCore, SeedableRng};
use serde::{Deserialize, Serialize};

/// A deck made of `packs` packs of 52 cards whose suits are drawn, evenly and in turn, from
/// `suits`.
///
/// This is how one- and two-suit patience decks are made: two packs with the suit set `[S]` are
/// eight Ace-to-King sets of ♠; with `[S, H]` four of each. The number of cards never depends on the
/// suit set.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DeckSpec {
    /// Packs of 52 cards.
    pub packs: u8,
    /// The suits the cards take, in order; each must divide the four suits of a pack evenly.
    pub suits: Vec<Suit>,
}

/// Why a deck composition cannot be built.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DeckError {
    /// No packs.
    #[error("a deck needs at least one pack")]
    NoPacks,
    /// No suits, or a suit listed twice.
    #[error("the suit set must list 1 to 4 different suits")]
    BadSuits,
    /// The suits cannot share the cards evenly.
    #[error("{packs} pack(s) of 52 cannot be shared evenly among {suits} suit(s)")]
    Uneven {
        /// Packs asked for.
        packs: u8,
        /// Suits asked for.
        suits: usize,
    },
}

impl DeckSpec {
    /// A deck of `packs` packs in the given suits.
    pub fn new(packs: u8, suits: Vec<Suit>) -> Result<DeckSpec, DeckError> {
        let spec = DeckSpec { packs, suits };
        spec.validate()?;
        Ok(spec)
    }

    /// Checks that the composition can be built.
    pub fn validate(&self) -> Result<(), DeckError> {
        if self.packs == 0 {
            return Err(DeckError::NoPacks);
        }
        let mut seen = self.suits.clone();
        seen.sort();
        seen.dedup();
        if self.suits.is_empty() || seen.len() != self.suits.len() {
            return Err(DeckError::BadSuits);
        }
        if !(4 * self.packs as usize).is_multiple_of(self.suits.len()) {
            return Err(DeckError::Uneven {
                packs: self.packs,
                suits: self.suits.len(),
            });
        }
        Ok(())
    }

    /// Cards in the deck.
    pub fn len(&self) -> usize {
        52 * self.packs as usize
    }

    /// Never true: a valid deck has at least one pack.
    pub fn is_empty(&self) -> bool {
        self.packs == 0
    }

    /// How many complete Ace-to-King sets of one suit the deck holds.
    pub fn suit_sets(&self) -> usize {
        4 * self.packs as usize
    }

    /// The unshuffled deck: each suit set in turn, Ace to King.
    pub fn cards(&self) -> Vec<Card> {
        let mut cards = Vec::with_capacity(self.len());
        for set in 0..self.suit_sets() {
            let suit = self.suits[set % self.suits.len()];
            cards.extend(Rank::all().map(|r| Card::new(suit, r)));
        }
        cards
    }

    /// The deck shuffled by [`shuffle`] with this seed.
    pub fn shuffled(&self, seed: u64) -> Vec<Card> {
        let mut cards = self.cards();
        shuffle(&mut cards, seed);
        cards
    }
}

/// The seed bytes for ChaCha20: the seed number, little-endian, then zeros.
///
/// Written out by hand rather than with `seed_from_u64`, whose expansion is a convenience of
/// `rand_core` and not part of ChaCha's value-stability promise.
fn seed_bytes(seed: u64) -> [u8; 32] {
    let mut bytes = [0u8; 32];
    bytes[..8].copy_from_slice(&seed.to_le_bytes());
    bytes
}

/// A uniform number in `0..=max` by rejection sampling, so the result depends only on the
/// ChaCha stream and never on a library's range algorithm.
fn below_or_equal(rng: &mut ChaCha20Rng, max: u32) -> u32 {
    let range = max as u64 + 1;
    let zone = (1u64 << 32) - ((1u64 << 32) % range);
    loop {
        let x = rng.next_u32() as u64;
        if x < zone {
            return (x % range) as u32;
        }
    }
}

/// Shuffles `items` in place with Fisher–Yates over ChaCha20 seeded by `seed`.
///
/// ✱ Contract 8: the same seed gives the same order on every platform and in every future
/// version. Golden tests pin it; never change this function.
pub fn shuffle<T>(items: &mut [T], seed: u64) {
    let mut rng = ChaCha20Rng::from_seed(seed_bytes(seed));
    for i in (1..items.len()).rev() {
        let j = below_or_equal(&mut rng, i as u32) as usize;
        items.swap(i, j);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_pack_decks_have_104_cards_whatever_the_suits() {
        for suits in [
            vec![Suit::Spade],
            vec![Suit::Spade, Suit::Heart],
            Suit::ALL.to_vec(),
        ] {
            let deck = DeckSpec::new(2, suits.clone()).expect("valid deck");
            let cards = deck.cards();
            assert_eq!(cards.len(), 104);
            for suit in &suits {
                let n = cards.iter().filter(|c| c.suit() == *suit).count();
                assert_eq!(n, 104 / suits.len());
            }
        }
    }

    #[test]
    fn uneven_suit_sets_are_refused() {
        assert!(DeckSpec::new(1, vec![Suit::Spade, Suit::Heart, Suit::Club]).is_err());
        assert!(DeckSpec::new(0, vec![Suit::Spade]).is_err());
        assert!(DeckSpec::new(1, vec![Suit::Spade, Suit::Spade]).is_err());
    }

    #[test]
    fn shuffle_is_a_permutation_and_reproducible() {
        let deck = DeckSpec::new(2, Suit::ALL.to_vec()).expect("valid deck");
        let a = deck.shuffled(3);
        let b = deck.shuffled(3);
        assert_eq!(a, b);
        assert_ne!(a, deck.shuffled(4));
        let mut sorted = a.clone();
        sorted.sort();
        let mut orig = deck.cards();
        orig.sort();
        assert_eq!(sorted, orig);
    }

    #[test]
    fn golden_shuffle_of_twelve_numbers_never_changes() {
        // Pinned once; if this fails, every game code ever shared would deal differently.
        let mut v: Vec<u32> = (0..12).collect();
        shuffle(&mut v, 3);
        assert_eq!(v, GOLDEN_3);
    }

    const GOLDEN_3: [u32; 12] = [4, 2, 5, 1, 3, 0, 11, 6, 10, 9, 7, 8];
}
