//! Statistics per variant: queries over the game records, never counters kept apart.

use crate::error::StoreError;
use crate::model::GameResult;
use crate::open::Store;
use felt_core::{FactSummary, Summary};
use serde::Serialize;
use std::time::Duration;

/// One variant's statistics, computed from its game records.
///
/// Counted games are those with at least one action. "Finished" games are won, lost or
/// abandoned (an abandoned game counts as a loss); the game in progress counts as played but
/// not as finished, so it moves no rate, streak or best until it ends. Every figure but
/// [`VariantStats::assisted`] is over the player's own games: a game played with help (the
/// demo, or hints where the player counts them) is counted there alone, never as a win, a
/// streak, a best or part of a total.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct VariantStats {
    /// The variant's id.
    pub variant: String,
    /// Games played: finished ones plus those in progress.
    pub played: u64,
    /// Games won.
    pub won: u64,
    /// Games lost, abandoned ones included.
    pub lost: u64,
    /// Of the lost games, those abandoned unfinished.
    pub abandoned: u64,
    /// Whether a game is in progress.
    pub in_progress: bool,
    /// The games played with help, counted apart from every other figure.
    pub assisted: Assisted,
    /// Won over finished games (won + lost), from 0 to 1; `None` before any game finished.
    pub win_rate: Option<f64>,
    /// Wins in a row up to the latest finished game (0 if it was lost).
    pub current_win_streak: u64,
    /// Losses in a row up to the latest finished game (0 if it was won).
    pub current_loss_streak: u64,
    /// The longest run of wins in a row.
    pub longest_win_streak: u64,
    /// The longest run of losses in a row.
    pub longest_loss_streak: u64,
    /// The highest final score of a won game, if the variant scores points: a lost game's
    /// score is never a best score, nor an assisted game's.
    pub best_score: Option<i64>,
    /// The fewest moves in a won game.
    pub fewest_moves_won: Option<u32>,
    /// The mean of the moves counter over won games (the variant's own count of moves, not
    /// of actions; undone moves are not in it).
    pub average_moves_won: Option<f64>,
    /// The fastest won game by the host's game clock; a game without a time (played headless,
    /// or recorded before felt kept times), a lost one and an assisted one are never counted.
    #[serde(rename = "best_time_ms", serialize_with = "crate::model::millis")]
    pub best_time: Option<Duration>,
    /// The facts the variant's ruleset states about its games ([`felt_core::Fact`]), summed
    /// up over finished games (abandoned ones with the facts of their last step), in the
    /// order the latest of them states them. Empty for a ruleset that states none.
    pub facts: Vec<FactSummary>,
    /// The sum of the final scores of finished games (abandoned ones at their last step), if
    /// the variant scores points: its running total, for a scoring table whose score runs on
    /// across games (Vegas). The store does not know which tables do; the host shows it for
    /// those.
    pub score_total: Option<i64>,
}

/// The games of a variant played with help (the demo moved, or a hint was followed where the
/// player counts hints as help), as PySolFC and KPatience keep them: apart from the player's.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Assisted {
    /// Assisted games played, finished or in progress.
    pub played: u64,
    /// Of them, those won.
    pub won: u64,
    /// Of them, those lost or abandoned.
    pub lost: u64,
}

/// Streaks over results in play order (`true` = won).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Streaks {
    /// Trailing wins.
    pub current_wins: u64,
    /// Trailing losses.
    pub current_losses: u64,
    /// Longest run of wins.
    pub longest_wins: u64,
    /// Longest run of losses.
    pub longest_losses: u64,
}

impl Streaks {
    /// The streaks of a sequence of finished results, oldest first.
    pub fn of(results: impl IntoIterator<Item = bool>) -> Streaks {
        let mut s = Streaks::default();
        for won in results {
            if won {
                s.current_wins += 1;
                s.current_losses = 0;
                s.longest_wins = s.longest_wins.max(s.current_wins);
            } else {
                s.current_losses += 1;
                s.current_wins = 0;
                s.longest_losses = s.longest_losses.max(s.current_losses);
            }
        }
        s
    }
}

impl Store {
    /// Statistics of `variant`; all zero if it has no games.
    pub fn stats(&self, variant: &str) -> Result<VariantStats, StoreError> {
        // One read transaction: the totals and the streaks see the same records.
        let tx = rusqlite::Transaction::new_unchecked(
            &self.conn,
            rusqlite::TransactionBehavior::Deferred,
        )
        .map_err(|e| self.db_err(e))?;
        let mut stats = tx
            .query_row(
                "SELECT COUNT(*),
                        COUNT(*) FILTER (WHERE result = 'won'),
                        COUNT(*) FILTER (WHERE result IN ('lost', 'abandoned')),
                        COUNT(*) FILTER (WHERE result = 'abandoned'),
                        COUNT(*) FILTER (WHERE result = 'playing'),
                        MAX(score) FILTER (WHERE result = 'won'),
                        MIN(moves) FILTER (WHERE result = 'won'),
                        AVG(moves) FILTER (WHERE result = 'won'),
                        MIN(played_ms) FILTER (WHERE result = 'won'),
                        SUM(score) FILTER (WHERE result != 'playing')
                 FROM games WHERE variant = ?1 AND assisted = 0",
                [variant],
                |row| {
                    Ok(VariantStats {
                        variant: variant.to_string(),
                        played: row.get(0)?,
                        won: row.get(1)?,
                        lost: row.get(2)?,
                        abandoned: row.get(3)?,
                        in_progress: row.get::<_, i64>(4)? > 0,
                        best_score: row.get(5)?,
                        fewest_moves_won: row.get(6)?,
                        average_moves_won: row.get(7)?,
                        best_time: crate::model::from_millis(row.get(8)?),
                        score_total: row.get(9)?,
                        ..VariantStats::default()
                    })
                },
            )
            .map_err(|e| self.db_err(e))?;
        stats.assisted = tx
            .query_row(
                "SELECT COUNT(*),
                        COUNT(*) FILTER (WHERE result = 'won'),
                        COUNT(*) FILTER (WHERE result IN ('lost', 'abandoned'))
                 FROM games WHERE variant = ?1 AND assisted = 1",
                [variant],
                |row| {
                    Ok(Assisted {
                        played: row.get(0)?,
                        won: row.get(1)?,
                        lost: row.get(2)?,
                    })
                },
            )
            .map_err(|e| self.db_err(e))?;
        let finished = stats.won + stats.lost;
        stats.win_rate = (finished > 0).then(|| stats.won as f64 / finished as f64);
        let results: Vec<String> = {
            let mut stmt = tx
                .prepare_cached(
                    "SELECT result FROM games
                     WHERE variant = ?1 AND assisted = 0 AND result != 'playing' ORDER BY id",
                )
                .map_err(|e| self.db_err(e))?;
            let rows = stmt
                .query_map([variant], |row| row.get(0))
                .and_then(Iterator::collect);
            rows.map_err(|e| self.db_err(e))?
        };
        stats.facts = self.fact_summaries(&tx, variant)?;
        tx.commit().map_err(|e| self.db_err(e))?;
        let streaks = Streaks::of(
            results
                .iter()
                .map(|r| GameResult::parse(r) == Some(GameResult::Won)),
        );
        stats.current_win_streak = streaks.current_wins;
        stats.current_loss_streak = streaks.current_losses;
        stats.longest_win_streak = streaks.longest_wins;
        stats.longest_loss_streak = streaks.longest_losses;
        Ok(stats)
    }

    /// The facts of `variant`'s finished games, summed up per key.
    fn fact_summaries(
        &self,
        tx: &rusqlite::Transaction<'_>,
        variant: &str,
    ) -> Result<Vec<FactSummary>, StoreError> {
        // Newest game first, so each key's label and summary are the latest game's and the
        // keys come in its order. Summed here rather than in SQL: SUM fails on overflow.
        let mut stmt = tx
            .prepare_cached(
                "SELECT f.key, f.label, f.summary, f.value, f.out_of
                 FROM facts f JOIN games g ON g.id = f.game
                 WHERE g.variant = ?1 AND g.assisted = 0 AND g.result != 'playing'
                 ORDER BY g.id DESC, f.seq",
            )
            .map_err(|e| self.db_err(e))?;
        let rows = stmt
            .query_map([variant], |row| {
                Ok((
                    row.get::<_, String>(0)?,
                    row.get::<_, String>(1)?,
                    row.get::<_, String>(2)?,
                    row.get::<_, i64>(3)?,
                    row.get::<_, i64>(4)?,
                ))
            })
            .and_then(Iterator::collect::<Result<Vec<_>, _>>)
            .map_err(|e| self.db_err(e))?;
        let mut out: Vec<FactSummary> = Vec::new();
        for (key, label, summary, value, out_of) in rows {
            let i = match out.iter().position(|f| f.key == key) {
                Some(i) => i,
                None => {
                    // A word the schema's CHECK allows always parses; Total is the harmless
                    // reading of anything else.
                    let summary = Summary::parse(&summary).unwrap_or(Summary::Total);
                    out.push(FactSummary {
                        key,
                        label,
                        summary,
                        games: 0,
                        total: 0,
                        out_of: 0,
                        nonzero: 0,
                    });
                    out.len() - 1
                }
            };
            let f = &mut out[i];
            f.games += 1;
            f.total = f.total.saturating_add(value);
            f.out_of = f.out_of.saturating_add(out_of);
            f.nonzero += u64::from(value != 0);
        }
        Ok(out)
    }

    /// Statistics of every variant that has games, by variant id.
    pub fn all_stats(&self) -> Result<Vec<VariantStats>, StoreError> {
        self.variants()?.iter().map(|v| self.stats(v)).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn streaks_of_a_short_history() {
        let s = Streaks::of([true, true, false, true, true, true, false, false]);
        assert_eq!(
            s,
            Streaks {
                current_wins: 0,
                current_losses: 2,
                longest_wins: 3,
                longest_losses: 2
            }
        );
    }

    proptest! {
        #[test]
        fn streaks_match_runs_counted_the_long_way(results in proptest::collection::vec(any::<bool>(), 0..60)) {
            let s = Streaks::of(results.iter().copied());
            // Longest run of `want`: the longest window made only of `want`.
            let longest = |want: bool| (0..=results.len())
                .flat_map(|i| (i..=results.len()).map(move |j| (i, j)))
                .filter(|&(i, j)| results[i..j].iter().all(|&r| r == want))
                .map(|(i, j)| (j - i) as u64)
                .max()
                .unwrap_or(0);
            let trailing = |want: bool| results.iter().rev().take_while(|&&r| r == want).count() as u64;
            prop_assert_eq!(s.longest_wins, longest(true));
            prop_assert_eq!(s.longest_losses, longest(false));
            prop_assert_eq!(s.current_wins, trailing(true));
            prop_assert_eq!(s.current_losses, trailing(false));
        }
    }
}
