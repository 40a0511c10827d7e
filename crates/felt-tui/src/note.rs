//! A line for the player on the message line: news, or a refusal with the rule it cites.
//! Apart from the game because every part of the table (hints, the demo, the pages) and the
//! launcher say things with it.

/// A line for the player in the status bar.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Note {
    /// What they read.
    pub text: String,
    /// A refusal or error, rather than news.
    pub error: bool,
    /// The rule a refusal cites, which `text` ends with after the sentence (`… · SP-GROUP`),
    /// where it is drawn dimmed: the sentence is what a player reads first, and the message
    /// line shortens it rather than cut the id off, since the id is how a player looks the
    /// rule up.
    pub rule: Option<String>,
}

impl Note {
    /// News: what happened, or what a key does now.
    pub fn news(text: impl Into<String>) -> Note {
        Note {
            text: text.into(),
            error: false,
            rule: None,
        }
    }

    /// An error that cites no rule.
    pub fn error(text: impl Into<String>) -> Note {
        Note {
            text: text.into(),
            error: true,
            rule: None,
        }
    }
}
