//! How cards and highlights look: glyphs (Unicode or ASCII) and styles (colour or `NO_COLOR`),
//! with the player's choices of contrast, table colour and card backs ([`crate::look`]).

pub use crate::look::{BackColour, Choice, Contrast, TableColour};
use felt_core::{Card, Rank, Suit};
use ratatui::style::{Color, Modifier, Style};

/// The look of the table: what the terminal allows (ASCII, colour) and what the player chose.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Theme {
    /// Draw with ASCII only (`S H D C`, `#` backs).
    pub ascii: bool,
    /// Use colours; false honours `NO_COLOR`.
    pub colour: bool,
    /// A four-colour deck: each suit its own colour.
    pub four_colour: bool,
    /// Standard or high contrast.
    pub contrast: Contrast,
    /// The colour under the cards.
    pub table: TableColour,
    /// The colour of the cards' backs.
    pub backs: BackColour,
}

impl Default for Theme {
    fn default() -> Theme {
        Theme {
            ascii: false,
            colour: true,
            four_colour: false,
            contrast: Contrast::Standard,
            table: TableColour::Terminal,
            backs: BackColour::Blue,
        }
    }
}

/// True when `NO_COLOR` is set to anything non-empty (no-color.org).
pub fn no_color_requested(value: Option<&str>) -> bool {
    value.is_some_and(|v| !v.is_empty())
}

/// True when the locale cannot be trusted to draw ♠ ♥ ♦ ♣: no setting names UTF-8.
///
/// `LC_ALL` overrides `LC_CTYPE`, which overrides `LANG`, as in POSIX.
pub fn ascii_needed(lc_all: Option<&str>, lc_ctype: Option<&str>, lang: Option<&str>) -> bool {
    let locale = [lc_all, lc_ctype, lang]
        .into_iter()
        .flatten()
        .find(|v| !v.is_empty());
    match locale {
        Some(l) => {
            let l = l.to_ascii_lowercase();
            !(l.contains("utf-8") || l.contains("utf8"))
        }
        None => true,
    }
}

/// The glyphs of a box: corners and edges.
pub struct BoxGlyphs {
    /// Top-left, top-right, bottom-left, bottom-right.
    pub corners: [char; 4],
    /// Horizontal edge.
    pub horizontal: char,
    /// Vertical edge.
    pub vertical: char,
}

impl Theme {
    /// Whether the high-contrast theme is in force (it needs colours to mean anything).
    fn high(&self) -> bool {
        self.colour && self.contrast == Contrast::High
    }

    /// The style of the table under the cards: its colour, if one was chosen.
    pub fn table(&self) -> Style {
        if !self.colour {
            return Style::default();
        }
        if self.high() {
            return Style::default().bg(Color::Black);
        }
        match self.table.colour() {
            Some(c) => Style::default().bg(c),
            None => Style::default(),
        }
    }

    /// The style under an overlay window: every colour and emphasis of the table under it
    /// reset (black in high contrast), so its text reads as on a plain screen rather than in
    /// the colours of the cards it covers.
    pub fn window(&self) -> Style {
        if self.high() {
            Style::reset().bg(Color::Black)
        } else {
            Style::reset()
        }
    }

    /// The text of a rank: `A 2 … 10 J Q K`.
    pub fn rank_text(rank: Rank) -> &'static str {
        const TEXT: [&str; 13] = [
            "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K",
        ];
        TEXT[usize::from(rank.number() - 1)]
    }

    /// A suit's glyph: the text symbol, or its letter in ASCII mode.
    pub fn suit_glyph(&self, suit: Suit) -> char {
        if self.ascii {
            suit.letter()
        } else {
            suit.symbol()
        }
    }

    /// A card's short label, `10♠` or `10S`.
    pub fn card_label(&self, card: Card) -> String {
        format!(
            "{}{}",
            Theme::rank_text(card.rank()),
            self.suit_glyph(card.suit())
        )
    }

    /// The style of a face-up card's face.
    pub fn face(&self, card: Card) -> Style {
        if !self.colour {
            return Style::default();
        }
        let ink = match (self.four_colour, card.suit()) {
            (true, Suit::Diamond) => Color::Blue,
            (true, Suit::Club) => Color::Green,
            (_, s) if s.is_red() => Color::Red,
            _ => Color::Black,
        };
        let face = Style::default().fg(ink).bg(Color::White);
        if self.high() {
            face.add_modifier(Modifier::BOLD)
        } else {
            face
        }
    }

    /// The pattern character of a card's back, for line `row` of the card.
    pub fn back_char(&self, row: u16) -> char {
        match (self.ascii, row % 2) {
            (true, 0) => '#',
            (true, _) => '=',
            (false, 0) => '▚',
            (false, _) => '▞',
        }
    }

    /// The style of a card's back, in the colour chosen (a white pattern in high contrast).
    pub fn back(&self) -> Style {
        if !self.colour {
            return Style::default();
        }
        let (pattern, ground) = self.backs.colours();
        if self.high() {
            Style::default().fg(Color::White).bg(ground)
        } else {
            Style::default().fg(pattern).bg(ground)
        }
    }

    /// The dashed outline of an empty pile.
    pub fn slot_glyphs(&self) -> BoxGlyphs {
        self.glyphs(':', (['┌', '┐', '└', '┘'], '╌', '╎'))
    }

    /// The solid outline of an empty foundation.
    pub fn base_glyphs(&self) -> BoxGlyphs {
        self.glyphs('|', (['┌', '┐', '└', '┘'], '─', '│'))
    }

    /// The outline of an overlay window.
    pub fn window_glyphs(&self) -> BoxGlyphs {
        self.glyphs('|', (['╭', '╮', '╰', '╯'], '─', '│'))
    }

    /// An outline: in ASCII `+` corners, `-` across and `vertical` down; else `unicode`
    /// (corners, across, down).
    fn glyphs(&self, vertical: char, unicode: ([char; 4], char, char)) -> BoxGlyphs {
        if self.ascii {
            BoxGlyphs {
                corners: ['+', '+', '+', '+'],
                horizontal: '-',
                vertical,
            }
        } else {
            BoxGlyphs {
                corners: unicode.0,
                horizontal: unicode.1,
                vertical: unicode.2,
            }
        }
    }

    /// The style of an empty pile's outline.
    pub fn slot(&self) -> Style {
        if self.high() {
            Style::default().fg(Color::White)
        } else if self.colour {
            Style::default().fg(Color::DarkGray)
        } else {
            Style::default()
        }
    }

    /// The cursor mark drawn left of the card under the cursor.
    pub fn cursor_mark(&self) -> char {
        if self.ascii {
            '>'
        } else {
            '▶'
        }
    }

    /// The mark drawn left of every carried card.
    pub fn carry_mark(&self) -> char {
        if self.ascii {
            '|'
        } else {
            '┃'
        }
    }

    /// The mark drawn left of the cards a hint would move.
    pub fn hint_mark(&self) -> char {
        if self.ascii {
            '*'
        } else {
            '»'
        }
    }

    /// The style of a hint's marks.
    pub fn hinted(&self) -> Style {
        let s = Style::default().add_modifier(Modifier::BOLD);
        if self.high() {
            s.fg(Color::LightCyan)
        } else if self.colour {
            s.fg(Color::Cyan)
        } else {
            s
        }
    }

    /// The face of a card of the player's hand that no legal action plays now: greyed, so
    /// the cards that may be played stand out (dimmed where there is no colour).
    pub fn unplayable(&self) -> Style {
        if !self.colour {
            return Style::default().add_modifier(Modifier::DIM);
        }
        let ink = if self.high() {
            Color::Black
        } else {
            Color::DarkGray
        };
        Style::default().fg(ink).bg(Color::Gray)
    }

    /// The line standing for cards hidden to fit the column: `┊+4`.
    pub fn hidden_mark(&self) -> char {
        if self.ascii {
            ':'
        } else {
            '┊'
        }
    }

    /// The style of the cursor mark.
    pub fn cursor(&self) -> Style {
        let s = Style::default().add_modifier(Modifier::BOLD);
        if self.high() {
            s.fg(Color::LightYellow)
        } else if self.colour {
            s.fg(Color::Yellow)
        } else {
            s
        }
    }

    /// The style of carried cards' marks, and of a card being carried.
    pub fn carried(&self) -> Style {
        let s = Style::default().add_modifier(Modifier::BOLD);
        if self.colour {
            s.fg(Color::Yellow)
        } else {
            s.add_modifier(Modifier::REVERSED)
        }
    }

    /// The style of a label whose pile accepts the carried cards.
    pub fn accepting(&self) -> Style {
        let s = Style::default().add_modifier(Modifier::BOLD);
        if self.high() {
            s.fg(Color::Black).bg(Color::LightGreen)
        } else if self.colour {
            s.fg(Color::Black).bg(Color::Green)
        } else {
            s.add_modifier(Modifier::REVERSED)
        }
    }

    /// The style of a pile label.
    pub fn label(&self) -> Style {
        if self.high() {
            Style::default()
                .fg(Color::White)
                .add_modifier(Modifier::BOLD)
        } else if self.colour {
            Style::default().fg(Color::Gray)
        } else {
            Style::default()
        }
    }

    /// The status bar.
    pub fn bar(&self) -> Style {
        if self.high() {
            Style::default()
                .fg(Color::Black)
                .bg(Color::White)
                .add_modifier(Modifier::BOLD)
        } else if self.colour {
            Style::default().fg(Color::White).bg(Color::DarkGray)
        } else {
            Style::default().add_modifier(Modifier::REVERSED)
        }
    }

    /// A refusal or an error.
    pub fn error(&self) -> Style {
        let s = Style::default().add_modifier(Modifier::BOLD);
        if self.colour {
            s.fg(Color::LightRed)
        } else {
            s
        }
    }

    /// News and information.
    pub fn info(&self) -> Style {
        if self.high() {
            Style::default()
                .fg(Color::LightCyan)
                .add_modifier(Modifier::BOLD)
        } else if self.colour {
            Style::default().fg(Color::LightCyan)
        } else {
            Style::default()
        }
    }

    /// Secondary text: descriptions, key hints.
    pub fn dim(&self) -> Style {
        if self.high() {
            Style::default().fg(Color::White)
        } else if self.colour {
            Style::default().fg(Color::Gray)
        } else {
            Style::default()
        }
    }

    /// A heading.
    pub fn heading(&self) -> Style {
        let s = Style::default().add_modifier(Modifier::BOLD);
        if self.colour {
            s.fg(Color::LightYellow)
        } else {
            s
        }
    }

    /// The selected row or option.
    pub fn selected(&self) -> Style {
        let s = Style::default().add_modifier(Modifier::BOLD);
        if self.colour {
            s.fg(Color::Black).bg(Color::LightYellow)
        } else {
            s.add_modifier(Modifier::REVERSED)
        }
    }

    /// The mark before the selected row (visible without colour).
    pub fn select_mark(&self) -> &'static str {
        if self.ascii {
            "> "
        } else {
            "▶ "
        }
    }

    /// The separator between status bar items.
    pub fn separator(&self) -> &'static str {
        if self.ascii {
            " | "
        } else {
            " · "
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suits_are_plain_symbols_or_letters() {
        let card = Card::new(Suit::Heart, Rank::new(10).expect("rank"));
        assert_eq!(Theme::default().card_label(card), "10♥");
        let ascii = Theme {
            ascii: true,
            ..Theme::default()
        };
        assert_eq!(ascii.card_label(card), "10H");
    }

    #[test]
    fn red_suits_are_red_and_four_colour_splits_them() {
        let t = Theme::default();
        let diamond = Card::new(Suit::Diamond, Rank::ACE);
        let club = Card::new(Suit::Club, Rank::ACE);
        assert_eq!(t.face(diamond).fg, Some(Color::Red));
        assert_eq!(t.face(club).fg, Some(Color::Black));
        let four = Theme {
            four_colour: true,
            ..t
        };
        assert_eq!(four.face(diamond).fg, Some(Color::Blue));
        assert_eq!(four.face(club).fg, Some(Color::Green));
    }

    #[test]
    fn no_color_means_no_colour_at_all() {
        let t = Theme {
            colour: false,
            ..Theme::default()
        };
        let card = Card::new(Suit::Heart, Rank::KING);
        for style in [
            t.face(card),
            t.back(),
            t.accepting(),
            t.selected(),
            t.error(),
            t.bar(),
        ] {
            assert_eq!((style.fg, style.bg), (None, None));
        }
        assert!(no_color_requested(Some("1")));
        assert!(!no_color_requested(Some("")));
        assert!(!no_color_requested(None));
    }

    #[test]
    fn a_utf8_locale_draws_suits_and_others_fall_back_to_ascii() {
        assert!(!ascii_needed(None, None, Some("en_GB.UTF-8")));
        assert!(!ascii_needed(Some("C.utf8"), None, Some("C")));
        assert!(ascii_needed(Some("C"), None, Some("en_GB.UTF-8")));
        assert!(ascii_needed(None, None, None));
        assert!(ascii_needed(None, Some("POSIX"), None));
    }
}
