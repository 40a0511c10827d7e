//! Cards, suits and ranks, each stored in a single byte.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// One of the four French suits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Suit {
    /// ♠
    Spade = 0,
    /// ♥
    Heart = 1,
    /// ♦
    Diamond = 2,
    /// ♣
    Club = 3,
}

impl Suit {
    /// All four suits, in the order felt uses for deck composition.
    pub const ALL: [Suit; 4] = [Suit::Spade, Suit::Heart, Suit::Diamond, Suit::Club];

    /// The one-letter token used in game files and the headless protocol (`S H D C`).
    pub fn letter(self) -> char {
        match self {
            Suit::Spade => 'S',
            Suit::Heart => 'H',
            Suit::Diamond => 'D',
            Suit::Club => 'C',
        }
    }

    /// The plain text symbol (text presentation, never emoji).
    pub fn symbol(self) -> char {
        match self {
            Suit::Spade => '♠',
            Suit::Heart => '♥',
            Suit::Diamond => '♦',
            Suit::Club => '♣',
        }
    }

    /// True for ♥ and ♦.
    pub fn is_red(self) -> bool {
        matches!(self, Suit::Heart | Suit::Diamond)
    }

    /// Parses `S`, `H`, `D` or `C` (either case).
    pub fn from_letter(c: char) -> Option<Suit> {
        match c.to_ascii_uppercase() {
            'S' => Some(Suit::Spade),
            'H' => Some(Suit::Heart),
            'D' => Some(Suit::Diamond),
            'C' => Some(Suit::Club),
            _ => None,
        }
    }

    fn from_index(i: u8) -> Suit {
        Suit::ALL[(i & 3) as usize]
    }
}

/// A rank from Ace (1) to King (13).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub struct Rank(u8);

impl Rank {
    /// The lowest rank.
    pub const ACE: Rank = Rank(1);
    /// The highest rank.
    pub const KING: Rank = Rank(13);

    /// A rank from its number, 1 (Ace) to 13 (King).
    pub fn new(n: u8) -> Option<Rank> {
        (1..=13).contains(&n).then_some(Rank(n))
    }

    /// The number of the rank, 1 (Ace) to 13 (King).
    pub fn number(self) -> u8 {
        self.0
    }

    /// Every rank, Ace to King.
    pub fn all() -> impl DoubleEndedIterator<Item = Rank> {
        (1..=13).map(Rank)
    }

    /// The rank token: `A 2..9 T J Q K`.
    pub fn letter(self) -> char {
        b"A23456789TJQK"[(self.0 - 1) as usize] as char
    }

    /// Parses a rank token; `10` is accepted as well as `T`.
    pub fn from_token(s: &str) -> Option<Rank> {
        let s = s.to_ascii_uppercase();
        match s.as_str() {
            "10" => Some(Rank(10)),
            _ if s.len() == 1 => {
                let c = s.as_bytes()[0];
                b"A23456789TJQK"
                    .iter()
                    .position(|&r| r == c)
                    .map(|i| Rank(i as u8 + 1))
            }
            _ => None,
        }
    }
}

impl TryFrom<u8> for Rank {
    type Error = String;
    fn try_from(n: u8) -> Result<Self, Self::Error> {
        Rank::new(n).ok_or_else(|| format!("rank must be 1 to 13, not {n}"))
    }
}

impl From<Rank> for u8 {
    fn from(r: Rank) -> u8 {
        r.0
    }
}

/// A playing card packed into one byte: rank in the low four bits, suit in the next two.
///
/// One byte per card keeps game states small enough to snapshot on every move and lets
/// solvers hash and copy positions cheaply.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(into = "String", try_from = "String")]
pub struct Card(u8);

impl Card {
    /// The card of this suit and rank.
    pub const fn new(suit: Suit, rank: Rank) -> Card {
        Card(rank.0 | ((suit as u8) << 4))
    }

    /// Its suit.
    #[inline]
    pub fn suit(self) -> Suit {
        Suit::from_index(self.0 >> 4)
    }

    /// Its rank.
    #[inline]
    pub fn rank(self) -> Rank {
        Rank(self.0 & 0x0f)
    }

    /// The byte the card is stored as; stable, so solvers may use it in hashes.
    #[inline]
    pub fn to_byte(self) -> u8 {
        self.0
    }

    /// The card a byte from [`Card::to_byte`] stands for, if it is one.
    #[inline]
    pub fn from_byte(b: u8) -> Option<Card> {
        let rank = b & 0x0f;
        ((1..=13).contains(&rank) && b < 0x40).then_some(Card(b))
    }

    /// The two-character token, e.g. `TH` or `AS`.
    pub fn token(self) -> String {
        format!("{}{}", self.rank().letter(), self.suit().letter())
    }
}

/// How a card is written: the one formatter every message and every screen uses, so a message
/// names a card the way the table next to it draws cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CardText {
    /// `10♠`, `K♥`: the terminal's table, and what a ruleset writes in its messages.
    Symbols,
    /// `10S`, `KH`: the terminal's table in `--ascii`.
    Letters,
    /// `TS`, `KH`: the tokens of the headless protocol and of position files.
    Tokens,
}

impl Card {
    /// The card as [`CardText::Symbols`] writes it (`10♠`): what a ruleset puts in a message,
    /// pure of how the host will show it; a host drawing without symbols turns it into its own
    /// form with [`cards_in_text`].
    pub fn label(self) -> String {
        self.text(CardText::Symbols)
    }

    /// The card written in `style`.
    pub fn text(self, style: CardText) -> String {
        let rank = match (style, self.rank().number()) {
            (CardText::Tokens, _) => self.rank().letter().to_string(),
            (_, 10) => "10".to_string(),
            _ => self.rank().letter().to_string(),
        };
        let suit = match style {
            CardText::Symbols => self.suit().symbol(),
            CardText::Letters | CardText::Tokens => self.suit().letter(),
        };
        format!("{rank}{suit}")
    }
}

/// `text` with every card written as [`Card::label`] writes it (`10♠`, `Q♥`) rewritten in
/// `style`: how a host that draws without suit symbols (`--ascii`, the headless mode) shows a
/// ruleset's message in the words of its own table. Other text is left as it is.
pub fn cards_in_text(text: &str, style: CardText) -> String {
    if style == CardText::Symbols {
        return text.to_string();
    }
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < chars.len() {
        let suit = Suit::ALL.iter().find(|s| s.symbol() == chars[i]).copied();
        match suit {
            Some(suit) => {
                // A ten written `10♠` is `T` as a token: the `10` is already out.
                if style == CardText::Tokens && out.ends_with("10") {
                    out.truncate(out.len() - 2);
                    out.push('T');
                }
                out.push(suit.letter());
            }
            None => out.push(chars[i]),
        }
        i += 1;
    }
    out
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.rank().letter(), self.suit().letter())
    }
}

impl fmt::Debug for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Why a card token did not parse.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("'{token}' is not a card: expected a rank (A 2..9 T J Q K) then a suit (S H D C), e.g. TH")]
pub struct CardParseError {
    /// The token as given.
    pub token: String,
}

impl FromStr for Card {
    type Err = CardParseError;
    fn from_str(s: &str) -> Result<Card, CardParseError> {
        let err = || CardParseError {
            token: s.to_string(),
        };
        let s = s.trim();
        let mut chars = s.chars();
        let suit_char = chars.next_back().ok_or_else(err)?;
        let suit = Suit::from_letter(suit_char).ok_or_else(err)?;
        let rank = Rank::from_token(chars.as_str()).ok_or_else(err)?;
        Ok(Card::new(suit, rank))
    }
}

impl From<Card> for String {
    fn from(c: Card) -> String {
        c.token()
    }
}

impl TryFrom<String> for Card {
    type Error = CardParseError;
    fn try_from(s: String) -> Result<Card, CardParseError> {
        s.parse()
    }
}

#[cfg(test)]
mod tests {

    #[test]
    fn one_formatter_writes_a_card_the_way_each_table_draws_it() {
        let ten = Card::new(Suit::Spade, Rank::new(10).expect("ten"));
        let queen = Card::new(Suit::Heart, Rank::new(12).expect("queen"));
        assert_eq!(ten.label(), "10♠");
        assert_eq!(ten.text(CardText::Letters), "10S");
        assert_eq!(ten.text(CardText::Tokens), "TS");
        assert_eq!(queen.text(CardText::Tokens), "QH");
        let message = format!("{} cannot go on {}", ten.label(), queen.label());
        assert_eq!(
            cards_in_text(&message, CardText::Tokens),
            "TS cannot go on QH"
        );
        assert_eq!(
            cards_in_text(&message, CardText::Letters),
            "10S cannot go on QH"
        );
        assert_eq!(cards_in_text(&message, CardText::Symbols), message);
        assert_eq!(
            cards_in_text("move 10 cards", CardText::Tokens),
            "move 10 cards"
        );
    }
    use super::*;

    #[test]
    fn every_card_round_trips_through_its_token_and_byte() {
        for suit in Suit::ALL {
            for rank in Rank::all() {
                let card = Card::new(suit, rank);
                assert_eq!(card.token().parse::<Card>(), Ok(card));
                assert_eq!(Card::from_byte(card.to_byte()), Some(card));
                assert_eq!((card.suit(), card.rank()), (suit, rank));
            }
        }
    }

    #[test]
    fn bad_tokens_are_refused() {
        for bad in ["", "S", "1S", "AX", "KKS", "0H", "??"] {
            assert!(bad.parse::<Card>().is_err(), "{bad} parsed");
        }
        assert_eq!("10h".parse::<Card>().map(|c| c.token()), Ok("TH".into()));
    }
}
