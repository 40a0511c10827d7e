//! Facts a ruleset wants kept about a game: named numbers the records store per game and
//! the statistics sum up across games, each in the way the ruleset says.
//!
//! A patience game is summed up well enough by its result, score and moves; a game such as a
//! trick game is not ("bids made", "points a hand"), and only its ruleset knows what counts.
//! The host stores and sums the numbers without knowing what they mean.

use serde::{Deserialize, Serialize};

/// How the statistics sum a fact up across the finished games of a variant.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Summary {
    /// How many games had a value other than 0 ("games with a Nil made").
    Count,
    /// The sum of the values ("bags taken").
    Total,
    /// The sum of the values over the sum of `out_of` ("points a hand": points over hands).
    Mean,
    /// As `Mean`, shown as a share from 0 to 1 ("bids made": contracts made over bid).
    Rate,
}

impl Summary {
    /// The word stored in the records.
    pub fn as_str(self) -> &'static str {
        match self {
            Summary::Count => "count",
            Summary::Total => "total",
            Summary::Mean => "mean",
            Summary::Rate => "rate",
        }
    }

    /// The summary a stored word names.
    pub fn parse(word: &str) -> Option<Summary> {
        [Summary::Count, Summary::Total, Summary::Mean, Summary::Rate]
            .into_iter()
            .find(|s| s.as_str() == word)
    }
}

/// One fact about one game, as its ruleset states it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Fact {
    /// A stable id, the same in every game of the ruleset (`bids-made`): the statistics sum
    /// the facts of one key.
    pub key: String,
    /// What a player reads (`Bids made`).
    pub label: String,
    /// The number.
    pub value: i64,
    /// What `value` is out of, for [`Summary::Mean`] and [`Summary::Rate`] (hands played,
    /// contracts bid); 1 for a fact that is one number a game.
    pub out_of: i64,
    /// How the statistics sum it up.
    pub summary: Summary,
}

impl Fact {
    /// A fact of `value` out of `out_of`.
    pub fn new(
        key: impl Into<String>,
        label: impl Into<String>,
        value: i64,
        out_of: i64,
        summary: Summary,
    ) -> Fact {
        Fact {
            key: key.into(),
            label: label.into(),
            value,
            out_of,
            summary,
        }
    }
}

/// A fact summed up over the finished games of a variant.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FactSummary {
    /// The fact's key.
    pub key: String,
    /// Its label, as the latest game stated it.
    pub label: String,
    /// How it is summed up.
    pub summary: Summary,
    /// Finished games that stated it.
    pub games: u64,
    /// The sum of its values.
    pub total: i64,
    /// The sum of what they were out of.
    pub out_of: i64,
    /// Games whose value was not 0.
    pub nonzero: u64,
}

impl FactSummary {
    /// The figure the summary stands for: a count, a total, a mean or a rate from 0 to 1
    /// (`None` for a mean or rate out of nothing).
    pub fn figure(&self) -> Option<f64> {
        match self.summary {
            Summary::Count => Some(self.nonzero as f64),
            Summary::Total => Some(self.total as f64),
            Summary::Mean | Summary::Rate => {
                (self.out_of != 0).then(|| self.total as f64 / self.out_of as f64)
            }
        }
    }

    /// The figure in words: `12`, `41.5`, `63.0% (5 of 8)`, or `-` when there is none.
    pub fn text(&self) -> String {
        match (self.summary, self.figure()) {
            (_, None) => "-".to_string(),
            (Summary::Count, _) => format!("{} of {} games", self.nonzero, self.games),
            (Summary::Total, _) => self.total.to_string(),
            (Summary::Mean, Some(m)) => format!("{m:.1} (over {})", self.out_of),
            (Summary::Rate, Some(r)) => {
                format!("{:.1}% ({} of {})", r * 100.0, self.total, self.out_of)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn summary(summary: Summary, total: i64, out_of: i64) -> FactSummary {
        FactSummary {
            key: "k".into(),
            label: "K".into(),
            summary,
            games: 4,
            total,
            out_of,
            nonzero: 3,
        }
    }

    #[test]
    fn each_summary_reads_as_its_kind_of_figure() {
        assert_eq!(summary(Summary::Count, 9, 4).text(), "3 of 4 games");
        assert_eq!(summary(Summary::Total, 9, 4).text(), "9");
        assert_eq!(summary(Summary::Mean, 166, 4).text(), "41.5 (over 4)");
        assert_eq!(summary(Summary::Rate, 5, 8).text(), "62.5% (5 of 8)");
        assert_eq!(summary(Summary::Rate, 0, 0).text(), "-");
    }

    #[test]
    fn summaries_read_back_from_their_words() {
        for s in [Summary::Count, Summary::Total, Summary::Mean, Summary::Rate] {
            assert_eq!(Summary::parse(s.as_str()), Some(s));
        }
        assert_eq!(Summary::parse("median"), None);
    }
}
