//! Cards as numbers 0–51 and hands as 52-bit sets, ordered as a hand is shown.
//!
//! Index = suit × 13 + rank position, suits in the order ♠ ♥ ♣ ♦ (colours alternate) and
//! ranks from Ace down to Two. So a hand's set bits, lowest first, are the hand as displayed,
//! and within a suit a lower index is a higher card.

use felt_core::{Card, Rank, Suit};
use serde::{Deserialize, Serialize};

/// Suits in display order; the index of a suit is its position here.
pub const SUITS: [Suit; 4] = [Suit::Spade, Suit::Heart, Suit::Club, Suit::Diamond];
/// The index of spades.
pub const SPADES: u8 = 0;

/// One card of the 52.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct C(pub u8);

impl C {
    /// Its suit index (see [`SUITS`]).
    pub fn suit(self) -> u8 {
        self.0 / 13
    }

    /// How strong it is within its suit: 12 for the Ace, 0 for the Two.
    pub fn strength(self) -> u8 {
        12 - self.0 % 13
    }

    /// The felt card.
    pub fn card(self) -> Card {
        let strength = self.strength();
        let number = if strength == 12 { 1 } else { strength + 2 };
        // Numbers 1..=13 are always valid ranks.
        let rank = Rank::new(number).unwrap_or(Rank::ACE);
        Card::new(SUITS[self.suit() as usize], rank)
    }

    /// The index of a felt card.
    pub fn of(card: Card) -> C {
        let suit = SUITS.iter().position(|&s| s == card.suit()).unwrap_or(0) as u8;
        let n = card.rank().number();
        let strength = if n == 1 { 12 } else { n - 2 };
        C(suit * 13 + (12 - strength))
    }

    /// Whether it beats `other` given the suit led (spades trump).
    pub fn beats(self, other: C, led: u8) -> bool {
        let rank = |c: C| -> u16 {
            let class = if c.suit() == SPADES {
                2
            } else if c.suit() == led {
                1
            } else {
                0
            };
            class * 16 + c.strength() as u16
        };
        rank(self) > rank(other)
    }
}

impl std::fmt::Display for C {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let card = self.card();
        write!(f, "{}{}", card.rank().letter(), card.suit().symbol())
    }
}

/// A card as a person writes it, `10♥` rather than `T♥`: what messages and pages show.
pub fn card_text(c: C) -> String {
    // felt-core's one formatter, so messages name a card as the table draws it.
    c.card().label()
}

/// A set of cards.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Hand(pub u64);

const SUIT_BITS: u64 = (1 << 13) - 1;

impl Hand {
    /// All 52 cards.
    pub const FULL: Hand = Hand((1 << 52) - 1);

    /// No card.
    pub const EMPTY: Hand = Hand(0);

    /// Cards in the set.
    pub fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// True when empty.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether `c` is in the set.
    pub fn contains(self, c: C) -> bool {
        self.0 >> c.0 & 1 == 1
    }

    /// Adds a card.
    pub fn insert(&mut self, c: C) {
        self.0 |= 1 << c.0;
    }

    /// Removes a card.
    pub fn remove(&mut self, c: C) {
        self.0 &= !(1 << c.0);
    }

    /// The cards of one suit.
    pub fn suit(self, suit: u8) -> Hand {
        Hand(self.0 & (SUIT_BITS << (suit * 13)))
    }

    /// The cards of every suit but spades.
    pub fn side_suits(self) -> Hand {
        Hand(self.0 & !SUIT_BITS)
    }

    /// The highest card (the lowest bit), if any.
    pub fn first(self) -> Option<C> {
        (self.0 != 0).then(|| C(self.0.trailing_zeros() as u8))
    }

    /// The last card in display order: within one suit, its lowest card.
    pub fn last(self) -> Option<C> {
        (self.0 != 0).then(|| C(63 - self.0.leading_zeros() as u8))
    }

    /// Cards in display order.
    pub fn iter(self) -> impl Iterator<Item = C> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            if bits == 0 {
                return None;
            }
            let c = bits.trailing_zeros() as u8;
            bits &= bits - 1;
            Some(C(c))
        })
    }

    /// The card at a display position.
    pub fn nth(self, index: usize) -> Option<C> {
        self.iter().nth(index)
    }

    /// The display position of a card in the set.
    pub fn position(self, c: C) -> Option<usize> {
        self.contains(c)
            .then(|| (self.0 & ((1u64 << c.0) - 1)).count_ones() as usize)
    }

    /// Cards in both.
    pub fn and(self, other: Hand) -> Hand {
        Hand(self.0 & other.0)
    }

    /// Cards of `self` not in `other`.
    pub fn minus(self, other: Hand) -> Hand {
        Hand(self.0 & !other.0)
    }

    /// The weakest card across suits (lowest strength; ties to the later suit), if any.
    pub fn weakest(self) -> Option<C> {
        self.iter()
            .min_by_key(|c| (c.strength(), std::cmp::Reverse(c.0)))
    }

    /// The strongest card across suits by strength alone, if any.
    pub fn strongest(self) -> Option<C> {
        self.iter()
            .max_by_key(|c| (c.strength(), std::cmp::Reverse(c.0)))
    }
}

impl FromIterator<C> for Hand {
    fn from_iter<I: IntoIterator<Item = C>>(iter: I) -> Hand {
        let mut hand = Hand::EMPTY;
        for c in iter {
            hand.insert(c);
        }
        hand
    }
}

/// Parses tokens like `AS KH 2C` into a set (for tests and docs).
pub fn hand(tokens: &str) -> Hand {
    tokens
        .split_whitespace()
        .filter_map(|t| t.parse::<Card>().ok())
        .map(C::of)
        .collect()
}

/// The card of a token like `QH`, if it is one.
pub fn card(token: &str) -> Option<C> {
    token.parse::<Card>().ok().map(C::of)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_card_maps_to_its_felt_card_and_back() {
        for i in 0..52 {
            assert_eq!(C::of(C(i).card()), C(i));
        }
        assert_eq!(card("AS"), Some(C(0)));
        assert_eq!(card("2S"), Some(C(12)));
        assert_eq!(card("AH"), Some(C(13)));
    }

    #[test]
    fn a_hand_is_shown_by_suit_ace_first() {
        let h = hand("2C AS KH 3S AH TD");
        let shown: Vec<String> = h.iter().map(|c| c.card().token()).collect();
        assert_eq!(shown, ["AS", "3S", "AH", "KH", "2C", "TD"]);
        assert_eq!(h.position(C::of("KH".parse().expect("card"))), Some(3));
        assert_eq!(h.nth(4).map(|c| c.card().token()), Some("2C".to_string()));
    }

    #[test]
    fn spades_trump_and_off_suits_never_win() {
        let (two_s, ace_h, king_h, ace_c) = (card("2S"), card("AH"), card("KH"), card("AC"));
        let led = 1; // hearts
        assert!(two_s.zip(ace_h).is_some_and(|(s, h)| s.beats(h, led)));
        assert!(ace_h.zip(king_h).is_some_and(|(a, k)| a.beats(k, led)));
        assert!(king_h.zip(ace_c).is_some_and(|(k, c)| k.beats(c, led)));
    }
}
