//! The four foundations built up by suit from the Ace, as Klondike and FreeCell keep them: one
//! count a suit (how many of its cards are up), in [`Suit::ALL`]'s order.

use crate::words::{name, rank_word, suit_plural};
use felt_core::{Card, CardFace, DrawHint, PileId, PileRole, PileView, Place, Rank, Suit};

/// The index of a suit's foundation (its place in [`Suit::ALL`]).
pub fn suit_index(suit: Suit) -> usize {
    suit as usize
}

/// The cards a foundation holding `up` cards of `suit` stands for, Ace first.
pub fn cards(suit: Suit, up: u8) -> impl Iterator<Item = Card> {
    (1..=up)
        .filter_map(Rank::new)
        .map(move |r| Card::new(suit, r))
}

/// Whether `card` is the next card its own suit's foundation takes.
pub fn goes_next(foundations: &[u8; 4], card: Card) -> bool {
    foundations[suit_index(card.suit())] + 1 == card.rank().number()
}

/// Why `card` may not go to its suit's foundation, which holds `up` cards (`None` when it is
/// the next card there): the words of a refusal, the rule id being the ruleset's.
pub fn refusal(card: Card, up: u8) -> Option<String> {
    if card.rank().number() == up + 1 {
        return None;
    }
    let suits = suit_plural(card.suit());
    let needed = if up == 0 {
        format!("the Ace of {suits} starts it")
    } else if up >= 13 {
        "it is complete".to_string()
    } else {
        format!("the {} of {suits} goes next", rank_word(up + 1))
    };
    Some(format!(
        "{} cannot go to the {suits} foundation: {needed}",
        name(card)
    ))
}

/// The news line for cards sent up by themselves (`To the foundations: A♠ 2♠`), if any went.
pub fn sent_up(cards: &[Card]) -> Option<String> {
    if cards.is_empty() {
        return None;
    }
    let names: Vec<String> = cards.iter().map(|&c| name(c)).collect();
    Some(format!("To the foundations: {}", names.join(" ")))
}

/// A foundation as the table draws it: labelled by its suit's letter (one token, so the
/// headless protocol can name it), its cards stacked, the top one showing.
pub fn pile_view(id: PileId, suit: Suit, up: u8, place: Place) -> PileView {
    PileView {
        id,
        role: PileRole::Foundation,
        label: suit.letter().to_string(),
        hint: DrawHint::Stacked,
        place,
        cards: cards(suit, up).map(CardFace::Up).collect(),
        note: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn card(suit: Suit, rank: u8) -> Card {
        Card::new(suit, Rank::new(rank).expect("a rank"))
    }

    #[test]
    fn a_foundation_takes_only_its_next_card_and_says_which_it_wants() {
        let mut up = [0u8; 4];
        assert!(goes_next(&up, card(Suit::Heart, 1)));
        assert!(!goes_next(&up, card(Suit::Heart, 2)));
        assert_eq!(refusal(card(Suit::Heart, 1), 0), None);
        assert_eq!(
            refusal(card(Suit::Heart, 2), 0).as_deref(),
            Some("2♥ cannot go to the hearts foundation: the Ace of hearts starts it")
        );
        up[suit_index(Suit::Club)] = 4;
        assert!(goes_next(&up, card(Suit::Club, 5)));
        assert_eq!(
            refusal(card(Suit::Club, 7), 4).as_deref(),
            Some("7♣ cannot go to the clubs foundation: the Five of clubs goes next")
        );
        assert_eq!(
            refusal(card(Suit::Club, 7), 13).as_deref(),
            Some("7♣ cannot go to the clubs foundation: it is complete")
        );
    }

    #[test]
    fn a_foundation_view_stacks_its_cards_ace_first() {
        let view = pile_view(PileId(3), Suit::Spade, 2, Place::at(0, 4));
        assert_eq!(view.label, "S");
        assert_eq!(
            view.cards,
            vec![
                CardFace::Up(card(Suit::Spade, 1)),
                CardFace::Up(card(Suit::Spade, 2))
            ]
        );
        assert_eq!(sent_up(&[]), None);
        assert_eq!(
            sent_up(&[card(Suit::Spade, 1), card(Suit::Spade, 2)]).as_deref(),
            Some("To the foundations: A♠ 2♠")
        );
    }
}
