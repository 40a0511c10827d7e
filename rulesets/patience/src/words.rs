//! How the patience rulesets name cards, ranks and suits in their messages, so that a refusal
//! reads the same in every game.

use felt_core::{Card, Suit};

/// One card's token as players read it (`7♥`).
pub fn name(card: Card) -> String {
    // felt-core's one formatter: `10♠`, as the table draws it (a host drawing without
    // symbols rewrites it in its own form).
    card.label()
}

/// A rank's word (`Ace` for 1 … `King` for 13); the empty string for 0 (no card) and beyond
/// 13, so a message never panics on a damaged number.
pub fn rank_word(rank: u8) -> &'static str {
    const WORDS: [&str; 14] = [
        "", "Ace", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten", "Jack",
        "Queen", "King",
    ];
    WORDS.get(rank as usize).copied().unwrap_or("")
}

/// The suit's name in the plural (`hearts`).
pub fn suit_plural(suit: Suit) -> &'static str {
    match suit {
        Suit::Spade => "spades",
        Suit::Heart => "hearts",
        Suit::Diamond => "diamonds",
        Suit::Club => "clubs",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use felt_core::Rank;

    #[test]
    fn words_for_every_rank_and_suit() {
        assert_eq!(rank_word(1), "Ace");
        assert_eq!(rank_word(13), "King");
        assert_eq!(rank_word(0), "");
        assert_eq!(rank_word(14), "");
        assert_eq!(suit_plural(Suit::Club), "clubs");
        let seven = Card::new(Suit::Heart, Rank::new(7).expect("a rank"));
        assert_eq!(name(seven), "7♥");
    }
}
