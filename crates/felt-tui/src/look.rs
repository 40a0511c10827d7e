//! The looks a player chooses in the settings screen: contrast, the table's colour and the
//! cards' backs. Each is a closed list with the word the settings file keeps and a name the
//! screen shows, so a file with a word felt does not know is answered with the words it does.

use ratatui::style::Color;
use serde::{Deserialize, Serialize};

/// A closed list of choices, as the settings file and the settings screen know it.
pub trait Choice: Copy + PartialEq + Sized + 'static {
    /// Every choice, in the order the screen steps through them; the first is the default.
    const ALL: &'static [Self];
    /// What the setting is called in the settings file.
    const KEY: &'static str;

    /// The word the settings file keeps.
    fn word(self) -> &'static str;

    /// The name the settings screen shows.
    fn name(self) -> &'static str;

    /// The choice a settings-file word names.
    fn parse(word: &str) -> Option<Self> {
        Self::ALL.iter().copied().find(|c| c.word() == word)
    }

    /// The next choice (`dir` 1) or the one before (-1), round.
    fn step(self, dir: i32) -> Self {
        let i = Self::ALL.iter().position(|c| *c == self).unwrap_or(0) as i32;
        Self::ALL[(i + dir).rem_euclid(Self::ALL.len() as i32) as usize]
    }

    /// The words the settings file may hold, for a message: `a, b or c`.
    fn words() -> String {
        let words: Vec<&str> = Self::ALL.iter().map(|c| c.word()).collect();
        match words.split_last() {
            Some((last, [])) => (*last).to_string(),
            Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
            None => String::new(),
        }
    }
}

/// Standard colours, or a theme of the strongest contrasts: black table, white text and
/// outlines, bold card faces, a white pattern on the backs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Contrast {
    /// The usual colours.
    #[default]
    Standard,
    /// The strongest contrasts the terminal's colours give.
    #[serde(rename = "high-contrast")]
    High,
}

impl Choice for Contrast {
    const ALL: &'static [Contrast] = &[Contrast::Standard, Contrast::High];
    const KEY: &'static str = "theme";

    fn word(self) -> &'static str {
        match self {
            Contrast::Standard => "standard",
            Contrast::High => "high-contrast",
        }
    }

    fn name(self) -> &'static str {
        match self {
            Contrast::Standard => "standard",
            Contrast::High => "high contrast",
        }
    }
}

/// The colour under the cards.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum TableColour {
    /// The terminal's own background.
    #[default]
    Terminal,
    /// Dark green, as card tables are.
    Green,
    /// Dark blue.
    Blue,
    /// Dark red.
    Red,
}

impl TableColour {
    /// The background colour; `None` leaves the terminal's own. Dark shades from the 256-colour
    /// palette, so the cards' white faces and the grey labels stand out on them.
    pub fn colour(self) -> Option<Color> {
        match self {
            TableColour::Terminal => None,
            TableColour::Green => Some(Color::Indexed(22)),
            TableColour::Blue => Some(Color::Indexed(17)),
            TableColour::Red => Some(Color::Indexed(52)),
        }
    }
}

impl Choice for TableColour {
    const ALL: &'static [TableColour] = &[
        TableColour::Terminal,
        TableColour::Green,
        TableColour::Blue,
        TableColour::Red,
    ];
    const KEY: &'static str = "table";

    fn word(self) -> &'static str {
        match self {
            TableColour::Terminal => "terminal",
            TableColour::Green => "green",
            TableColour::Blue => "blue",
            TableColour::Red => "red",
        }
    }

    fn name(self) -> &'static str {
        match self {
            TableColour::Terminal => "the terminal's background",
            TableColour::Green => "green felt",
            TableColour::Blue => "blue",
            TableColour::Red => "red",
        }
    }
}

/// The colour of the cards' backs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum BackColour {
    /// Blue.
    #[default]
    Blue,
    /// Red.
    Red,
    /// Green.
    Green,
    /// Grey.
    Grey,
}

impl BackColour {
    /// The pattern's colour and the ground's.
    pub fn colours(self) -> (Color, Color) {
        match self {
            BackColour::Blue => (Color::LightBlue, Color::Blue),
            BackColour::Red => (Color::LightRed, Color::Red),
            BackColour::Green => (Color::LightGreen, Color::Green),
            BackColour::Grey => (Color::Gray, Color::DarkGray),
        }
    }
}

impl Choice for BackColour {
    const ALL: &'static [BackColour] = &[
        BackColour::Blue,
        BackColour::Red,
        BackColour::Green,
        BackColour::Grey,
    ];
    const KEY: &'static str = "backs";

    fn word(self) -> &'static str {
        match self {
            BackColour::Blue => "blue",
            BackColour::Red => "red",
            BackColour::Green => "green",
            BackColour::Grey => "grey",
        }
    }

    fn name(self) -> &'static str {
        self.word()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round_trip<C: Choice + std::fmt::Debug>() {
        for c in C::ALL {
            assert_eq!(C::parse(c.word()), Some(*c));
            assert_eq!(c.step(1).step(-1), *c);
        }
        assert_eq!(C::ALL[0].step(-1), C::ALL[C::ALL.len() - 1]);
    }

    #[test]
    fn every_choice_reads_back_from_its_word() {
        round_trip::<Contrast>();
        round_trip::<TableColour>();
        round_trip::<BackColour>();
        assert_eq!(TableColour::words(), "terminal, green, blue or red");
    }
}
