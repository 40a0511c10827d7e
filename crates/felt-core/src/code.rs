//! Game codes: `SP1-S1C-AAAAAAD` names a variant, its rules and a shuffle.
//!
//! The scheme (docs/game-codes.md): `{variant code}{rules letter}-{shuffle}`. The variant code
//! comes from the variant file (`code = "SP1-S1"`), the rules letter from the ruleset's rule
//! choices (e.g. `C` classic, `R` relaxed), and the shuffle is the seed written as seven
//! letters in base 26, `A` = 0.

use std::fmt;

/// Letters in a shuffle.
pub const SHUFFLE_LETTERS: usize = 7;
/// One more than the largest shuffle number a code can carry (26⁷).
pub const SHUFFLE_LIMIT: u64 = 26u64.pow(SHUFFLE_LETTERS as u32);

/// A parsed game code, not yet checked against the known variants.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct GameCode {
    /// The variant's code, e.g. `SP1-S1`.
    pub variant: String,
    /// The rules letter, e.g. `C`.
    pub rules: char,
    /// The shuffle number (the seed), below [`SHUFFLE_LIMIT`].
    pub shuffle: u64,
}

/// Why a game code did not parse or resolve.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CodeError {
    /// Not of the shape `XXX-XXX-AAAAAAA`.
    #[error("'{0}' is not a game code: expected something like SP1-S1C-AAAAAAD")]
    Shape(String),
    /// The shuffle part is wrong.
    #[error("shuffle must be 7 letters A–Z, not '{0}'")]
    Shuffle(String),
    /// A seed too large for a code.
    #[error("shuffle number {0} is too large: codes carry numbers below 26^7 = {SHUFFLE_LIMIT}")]
    SeedTooLarge(u64),
    /// The variant's ruleset deals no such shuffle ([`crate::DynRuleset::shuffles`]).
    #[error("{variant} has no deal {shuffle}: it deals {what}, {first} to {last}")]
    NoSuchDeal {
        /// The variant's id.
        variant: String,
        /// The shuffle asked for.
        shuffle: u64,
        /// The lowest it deals.
        first: u64,
        /// The highest it deals.
        last: u64,
        /// What its numbers are.
        what: String,
    },
    /// No variant uses this prefix.
    #[error("unknown variant prefix {0}")]
    UnknownPrefix(String),
    /// The code names a variant whose file was refused: the player is told why, rather than
    /// that no such variant exists.
    #[error("game code {code} is a game of variant '{id}', which was refused, so felt does not offer it:\n{error}")]
    Refused {
        /// The code given.
        code: String,
        /// The id the refused file goes by.
        id: String,
        /// Why the file was refused.
        error: Box<crate::variant::VariantError>,
    },
    /// The prefix is known but not the variant part.
    #[error("unknown variant {variant} (known with prefix {prefix}: {known})")]
    UnknownVariant {
        /// The variant part of the code.
        variant: String,
        /// Its prefix.
        prefix: String,
        /// The variant codes that share the prefix.
        known: String,
    },
    /// The rules letter is not offered by the variant.
    #[error("variant {variant} has no rules '{letter}' (it offers: {offered})")]
    UnknownRules {
        /// The variant code.
        variant: String,
        /// The letter given.
        letter: char,
        /// The letters offered.
        offered: String,
    },
}

/// Writes a shuffle number as seven letters.
pub fn shuffle_letters(mut n: u64) -> Result<String, CodeError> {
    if n >= SHUFFLE_LIMIT {
        return Err(CodeError::SeedTooLarge(n));
    }
    let mut out = [b'A'; SHUFFLE_LETTERS];
    for slot in out.iter_mut().rev() {
        *slot = b'A' + (n % 26) as u8;
        n /= 26;
    }
    Ok(String::from_utf8_lossy(&out).into_owned())
}

/// Reads seven letters A–Z (either case) as a shuffle number.
pub fn parse_shuffle(s: &str) -> Result<u64, CodeError> {
    if s.len() != SHUFFLE_LETTERS || !s.bytes().all(|b| b.is_ascii_alphabetic()) {
        return Err(CodeError::Shuffle(s.to_string()));
    }
    Ok(s.bytes()
        .fold(0u64, |n, b| n * 26 + (b.to_ascii_uppercase() - b'A') as u64))
}

impl GameCode {
    /// A code for the given parts; fails only if the shuffle is too large.
    pub fn new(variant: &str, rules: char, shuffle: u64) -> Result<GameCode, CodeError> {
        if shuffle >= SHUFFLE_LIMIT {
            return Err(CodeError::SeedTooLarge(shuffle));
        }
        Ok(GameCode {
            variant: variant.to_string(),
            rules,
            shuffle,
        })
    }

    /// Parses the text of a code. Case does not matter; surrounding spaces are ignored.
    pub fn parse(text: &str) -> Result<GameCode, CodeError> {
        let text = text.trim().to_ascii_uppercase();
        let shape = || CodeError::Shape(text.clone());
        let (head, shuffle) = text.rsplit_once('-').ok_or_else(shape)?;
        if !head.contains('-') || !head.is_ascii() || head.len() < 3 {
            return Err(shape());
        }
        let shuffle = parse_shuffle(shuffle)?;
        let (variant, rules) = head.split_at(head.len() - 1);
        let rules = rules.chars().next().ok_or_else(shape)?;
        if !rules.is_ascii_alphabetic() || variant.ends_with('-') {
            return Err(shape());
        }
        Ok(GameCode {
            variant: variant.to_string(),
            rules,
            shuffle,
        })
    }

    /// The prefix: the variant code up to its first `-` (e.g. `SP1`).
    pub fn prefix(&self) -> &str {
        self.variant.split('-').next().unwrap_or(&self.variant)
    }
}

impl fmt::Display for GameCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let letters = shuffle_letters(self.shuffle).map_err(|_| fmt::Error)?;
        write!(f, "{}{}-{}", self.variant, self.rules, letters)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn the_apps_example_code_is_shuffle_three() {
        let code = GameCode::parse("SP1-S1C-AAAAAAD").expect("valid code");
        assert_eq!(code.variant, "SP1-S1");
        assert_eq!(code.rules, 'C');
        assert_eq!(code.shuffle, 3);
        assert_eq!(code.prefix(), "SP1");
        assert_eq!(code.to_string(), "SP1-S1C-AAAAAAD");
    }

    #[test]
    fn bad_shuffles_say_what_is_wrong() {
        let err = GameCode::parse("SP1-S1C-AAA").expect_err("short shuffle");
        assert_eq!(err.to_string(), "shuffle must be 7 letters A–Z, not 'AAA'");
        assert!(GameCode::parse("SP1-S1C-AAAAAA1").is_err());
        assert!(GameCode::parse("nonsense").is_err());
        assert!(GameCode::parse("-C-AAAAAAA").is_err());
    }

    #[test]
    fn largest_shuffle_is_zzzzzzz() {
        assert_eq!(shuffle_letters(SHUFFLE_LIMIT - 1).as_deref(), Ok("ZZZZZZZ"));
        assert!(shuffle_letters(SHUFFLE_LIMIT).is_err());
    }

    proptest! {
        #[test]
        fn any_text_parses_or_errors_without_panic(s in "\\PC*") {
            let _ = GameCode::parse(&s);
        }

        #[test]
        fn codes_round_trip(n in 0..SHUFFLE_LIMIT, letter in "[A-Z]") {
            let rules = letter.chars().next().unwrap_or('C');
            let code = GameCode::new("SP1-S2", rules, n).expect("in range");
            prop_assert_eq!(GameCode::parse(&code.to_string()), Ok(code));
        }
    }
}
