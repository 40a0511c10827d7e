//! The building rules every pile follows, and the sentences that say them: one predicate for
//! the columns, the foundations and a moving group, so a refusal always says the rule the
//! check applied.

use crate::vocabulary::{Direction, Match};
use felt_core::{Card, Suit};
use felt_patience::words::{rank_word, suit_plural};

/// How cards follow each other on one kind of pile.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rule {
    /// Which way the ranks go.
    pub direction: Direction,
    /// What a card shares with the one under it.
    pub by: Match,
    /// Whether King and Ace follow each other.
    pub wrap: bool,
}

impl Rule {
    /// Whether `above` may lie on `below`.
    pub fn follows(self, below: Card, above: Card) -> bool {
        if self.direction == Direction::None {
            return false;
        }
        let matched = match self.by {
            Match::Suit => below.suit() == above.suit(),
            Match::Alternate => below.suit().is_red() != above.suit().is_red(),
            Match::Any => true,
            Match::NotSuit => below.suit() != above.suit(),
            // Building by rank repeats the rank, whatever the direction says.
            Match::Rank => return below.rank() == above.rank(),
        };
        // The same ranks as `ranks_below` says, without building its list: this is asked
        // for every pair of cards the solver looks at.
        let (a, b) = (above.rank().number(), below.rank().number());
        let higher = if a == 13 {
            self.wrap && b == 1
        } else {
            b == a + 1
        };
        let lower = if a == 1 {
            self.wrap && b == 13
        } else {
            b + 1 == a
        };
        matched
            && match self.direction {
                Direction::Down => higher,
                Direction::Up => lower,
                Direction::Either => higher || lower,
                Direction::None => false,
            }
    }

    /// The ranks a card of `rank` may lie on: one for up or down, two for either, none past
    /// the end of a pack without wrap.
    fn ranks_below(self, rank: u8) -> Vec<u8> {
        let higher = if rank == 13 {
            self.wrap.then_some(1)
        } else {
            Some(rank + 1)
        };
        let lower = if rank == 1 {
            self.wrap.then_some(13)
        } else {
            Some(rank - 1)
        };
        match self.direction {
            Direction::Down => higher.into_iter().collect(),
            Direction::Up => lower.into_iter().collect(),
            Direction::Either => higher.into_iter().chain(lower).collect(),
            Direction::None => Vec::new(),
        }
    }

    /// What `card` may lie on, as a player reads it: "a black Nine", "a Five of clubs or
    /// Seven of clubs", "another Eight"; `None` when it may lie on no card at all.
    pub fn wants(self, card: Card) -> Option<String> {
        if self.direction == Direction::None {
            return None;
        }
        if self.by == Match::Rank {
            return Some(format!("another {}", rank_word(card.rank().number())));
        }
        let ranks = self.ranks_below(card.rank().number());
        if ranks.is_empty() {
            return None;
        }
        let colour = if card.suit().is_red() { "black" } else { "red" };
        let words: Vec<String> = ranks
            .iter()
            .map(|&r| {
                let rank = rank_word(r);
                match self.by {
                    Match::Suit => format!("{rank} of {}", suit_plural(card.suit())),
                    Match::NotSuit => format!("{rank} of another suit"),
                    _ => rank.to_string(),
                }
            })
            .collect();
        let first = match self.by {
            Match::Alternate => format!("{colour} {}", words.join(" or ")),
            _ => words.join(" or "),
        };
        Some(format!("{} {first}", article(&first)))
    }

    /// The rule in a few words, for the help text: "down in alternate colours".
    pub fn describe(self) -> String {
        let direction = match self.direction {
            Direction::Down => "down",
            Direction::Up => "up",
            Direction::Either => "up or down",
            Direction::None => return "not at all".into(),
        };
        let by = match self.by {
            Match::Suit => " in suit",
            Match::Alternate => " in alternate colours",
            Match::Any => " regardless of suit",
            Match::NotSuit => " in any other suit",
            Match::Rank => return "by equal rank".into(),
        };
        let wrap = if self.wrap {
            ", King and Ace following each other"
        } else {
            ""
        };
        format!("{direction}{by}{wrap}")
    }
}

/// A [`Rule`] read once for every pair of cards: whether one follows another is then one bit,
/// as the solver asks it of every pile of every table it makes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Follows([u64; 64]);

impl Follows {
    /// `rule`, for every pair of cards (by their bytes, all below 64).
    pub fn of(rule: Rule) -> Follows {
        let mut bits = [0u64; 64];
        for (b, row) in bits.iter_mut().enumerate() {
            let Some(below) = Card::from_byte(b as u8) else {
                continue;
            };
            for a in 0..64u8 {
                if Card::from_byte(a).is_some_and(|above| rule.follows(below, above)) {
                    *row |= 1 << a;
                }
            }
        }
        Follows(bits)
    }

    /// Every card that may lie on `below`, as bits by card byte.
    #[inline]
    pub fn row(&self, below: Card) -> u64 {
        self.0[usize::from(below.to_byte() & 63)]
    }

    /// Whether `above` may lie on `below`: [`Rule::follows`] of the rule it was made from.
    #[inline]
    pub fn follows(&self, below: Card, above: Card) -> bool {
        self.0[usize::from(below.to_byte() & 63)] >> (above.to_byte() & 63) & 1 != 0
    }
}

/// `a` or `an`, as the word after it is spoken.
pub fn article(word: &str) -> &'static str {
    if word.starts_with(['A', 'E', 'I', 'O', 'U', 'a', 'e', 'i', 'o', 'u']) {
        "an"
    } else {
        "a"
    }
}

/// A rank's word with its article: "an Ace", "a King".
pub fn a_rank(rank: u8) -> String {
    let word = rank_word(rank);
    format!("{} {word}", article(word))
}

/// Whether `cards` are one suit from the King down to the Ace (a full suit, Spider's set).
pub fn full_suit(cards: &[Card]) -> bool {
    let Some(first) = cards.first() else {
        return false;
    };
    let suit: Suit = first.suit();
    cards.len() == 13
        && cards
            .iter()
            .enumerate()
            .all(|(i, c)| c.suit() == suit && usize::from(c.rank().number()) == 13 - i)
}
