//! Reading records back: one game, the latest, by code, the game in progress, a variant's list.

use crate::error::StoreError;
use crate::model::{GameId, GameRecord, GameResult, GameSummary};
use crate::open::Store;
use crate::text::action_from_text;
use crate::time::Timestamp;
use rusqlite::{Connection, Row};

/// The columns [`summary_from_row`] reads, in its order.
const SUMMARY: &str = "id, variant, ruleset, rules, code, started, finished, result, score, moves,
    (SELECT COUNT(*) FROM actions WHERE game = games.id), played_ms, assisted";

/// A row as read, before its result word is checked.
fn summary_from_row(row: &Row<'_>) -> rusqlite::Result<(GameSummary, String)> {
    let word: String = row.get(7)?;
    Ok((
        GameSummary {
            id: GameId(row.get(0)?),
            variant: row.get(1)?,
            ruleset: row.get(2)?,
            rules: row.get(3)?,
            code: row.get(4)?,
            started: Timestamp(row.get(5)?),
            finished: row.get::<_, Option<i64>>(6)?.map(Timestamp),
            // Replaced below once the word is checked.
            result: GameResult::Playing,
            score: row.get(8)?,
            moves: row.get(9)?,
            actions: row.get(10)?,
            played: crate::model::from_millis(row.get(11)?),
            assisted: row.get::<_, i64>(12)? != 0,
        },
        word,
    ))
}

fn checked((mut summary, word): (GameSummary, String)) -> Result<GameSummary, StoreError> {
    summary.result = GameResult::parse(&word).ok_or_else(|| StoreError::Damaged {
        id: summary.id,
        what: format!("unknown result '{word}'"),
    })?;
    Ok(summary)
}

impl Store {
    fn summaries(
        &self,
        conn: &Connection,
        filter: &str,
        params: impl rusqlite::Params,
    ) -> Result<Vec<GameSummary>, StoreError> {
        let sql = format!("SELECT {SUMMARY} FROM games {filter}");
        let mut stmt = conn.prepare_cached(&sql).map_err(|e| self.db_err(e))?;
        let rows = stmt
            .query_map(params, summary_from_row)
            .and_then(Iterator::collect::<Result<Vec<_>, _>>)
            .map_err(|e| self.db_err(e))?;
        rows.into_iter().map(checked).collect()
    }

    fn one(
        &self,
        filter: &str,
        params: impl rusqlite::Params,
    ) -> Result<Option<GameSummary>, StoreError> {
        Ok(self
            .summaries(&self.conn, filter, params)?
            .into_iter()
            .next())
    }

    /// Game `id`'s row.
    pub fn summary(&self, id: GameId) -> Result<GameSummary, StoreError> {
        self.one("WHERE id = ?1", [id.0])?
            .ok_or(StoreError::NoSuchGame(id))
    }

    /// Game `id` with its actions.
    pub fn record(&self, id: GameId) -> Result<GameRecord, StoreError> {
        self.record_in(&self.conn, id)
    }

    pub(crate) fn record_in(
        &self,
        conn: &Connection,
        id: GameId,
    ) -> Result<GameRecord, StoreError> {
        let summary = self
            .summaries(conn, "WHERE id = ?1", [id.0])?
            .into_iter()
            .next()
            .ok_or(StoreError::NoSuchGame(id))?;
        let mut stmt = conn
            .prepare_cached("SELECT seq, action FROM actions WHERE game = ?1 ORDER BY seq")
            .map_err(|e| self.db_err(e))?;
        let rows: Vec<(i64, String)> = stmt
            .query_map([id.0], |row| Ok((row.get(0)?, row.get(1)?)))
            .and_then(Iterator::collect)
            .map_err(|e| self.db_err(e))?;
        let mut actions = Vec::with_capacity(rows.len());
        for (i, (seq, text)) in rows.into_iter().enumerate() {
            if seq != i as i64 {
                return Err(StoreError::Damaged {
                    id,
                    what: format!("action {} is missing", i + 1),
                });
            }
            actions.push(action_from_text(&text).map_err(|what| StoreError::Damaged { id, what })?);
        }
        Ok(GameRecord { summary, actions })
    }

    /// The most recently started game, if any.
    pub fn latest(&self) -> Result<Option<GameSummary>, StoreError> {
        self.one("ORDER BY id DESC LIMIT 1", [])
    }

    /// The most recently started game dealt from `code` (a code may be played many times).
    pub fn latest_with_code(&self, code: &str) -> Result<Option<GameSummary>, StoreError> {
        let code = code.trim().to_ascii_uppercase();
        self.one("WHERE code = ?1 ORDER BY id DESC LIMIT 1", [code])
    }

    /// The newest game of `variant` in progress, if any: what `felt play --resume` continues.
    pub fn in_progress(&self, variant: &str) -> Result<Option<GameSummary>, StoreError> {
        self.one(
            "WHERE variant = ?1 AND result = 'playing' ORDER BY id DESC LIMIT 1",
            [variant],
        )
    }

    /// Every game in progress, by variant id and newest first within a variant (a player may
    /// keep several of one variant).
    pub fn all_in_progress(&self) -> Result<Vec<GameSummary>, StoreError> {
        self.summaries(
            &self.conn,
            "WHERE result = 'playing' ORDER BY variant, id DESC",
            [],
        )
    }

    /// The games of `variant` in progress, newest first.
    pub fn all_in_progress_of(&self, variant: &str) -> Result<Vec<GameSummary>, StoreError> {
        self.summaries(
            &self.conn,
            "WHERE variant = ?1 AND result = 'playing' ORDER BY id DESC",
            [variant],
        )
    }

    /// The last `limit` of the player's own games of `variant` (all of them for `None`),
    /// oldest first: the results a chart of recent games draws. Assisted games are counted
    /// apart ([`VariantStats::assisted`](crate::VariantStats::assisted)), so they are not here.
    pub fn recent(
        &self,
        variant: &str,
        limit: Option<usize>,
    ) -> Result<Vec<GameSummary>, StoreError> {
        let limit = limit.map_or(-1, |n| i64::try_from(n).unwrap_or(i64::MAX));
        let mut games = self.summaries(
            &self.conn,
            "WHERE variant = ?1 AND assisted = 0 ORDER BY id DESC LIMIT ?2",
            rusqlite::params![variant, limit],
        )?;
        games.reverse();
        Ok(games)
    }

    /// The last `limit` games of every variant (or of `variant` alone), newest first: the list
    /// of past games a player picks one from to replay or export.
    pub fn games(
        &self,
        variant: Option<&str>,
        limit: usize,
    ) -> Result<Vec<GameSummary>, StoreError> {
        let limit = i64::try_from(limit).unwrap_or(i64::MAX);
        match variant {
            Some(v) => self.summaries(
                &self.conn,
                "WHERE variant = ?1 ORDER BY id DESC LIMIT ?2",
                rusqlite::params![v, limit],
            ),
            None => self.summaries(
                &self.conn,
                "ORDER BY id DESC LIMIT ?1",
                rusqlite::params![limit],
            ),
        }
    }

    /// Renames variant `old` to `new` in every record: a variant file lists its former ids
    /// as aliases, and the host renames them so old games count, resume and list under the
    /// variant's id now. Returns the games renamed; a read-only store renames nothing.
    pub fn rename_variant(&self, old: &str, new: &str) -> Result<usize, StoreError> {
        if self.read_only() || old == new {
            return Ok(0);
        }
        self.conn
            .execute(
                "UPDATE games SET variant = ?2 WHERE variant = ?1",
                rusqlite::params![old, new],
            )
            .map_err(|e| self.db_err(e))
    }

    /// The variants that have games, by id.
    pub fn variants(&self) -> Result<Vec<String>, StoreError> {
        let mut stmt = self
            .conn
            .prepare_cached("SELECT DISTINCT variant FROM games ORDER BY variant")
            .map_err(|e| self.db_err(e))?;
        stmt.query_map([], |row| row.get(0))
            .and_then(Iterator::collect)
            .map_err(|e| self.db_err(e))
    }
}
