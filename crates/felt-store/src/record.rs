//! Recording games as they are played, and resuming them.
//!
//! A game is stored as its code and its action list, not as encoded states: the code and the
//! actions rebuild the exact game (✱ contract 1), replaying them through a [`Session`] rebuilds
//! the undo history too, they are what replays and exported records need anyway, and they stay
//! readable when a ruleset changes its internal state layout. The cost is replaying on resume,
//! a few milliseconds for a long game.

use crate::error::{ReplayError, StoreError};
use crate::lock::{GameLock, LockError};
use crate::model::{GameId, GameResult};
use crate::open::Store;
use crate::text::action_to_text;
use crate::time::Timestamp;
use felt_core::{Action, DynRuleset, Fact, GameCode, Scoreboard, Session, Status};
use rusqlite::{params, OptionalExtension, TransactionBehavior};
use std::sync::Arc;
use std::time::Duration;

/// Ties one [`Session`] to its record. Make one per game with [`Recorder::new`] (or get one
/// from [`Store::resume`]) and hand it to [`Store::record_step`] after every change.
#[derive(Debug, Default)]
pub struct Recorder {
    game: Option<GameId>,
    /// The game's `revision` when this recorder last wrote it.
    revision: i64,
    /// The action list as stored, so a step writes only what changed.
    stored: Vec<Action>,
    /// What the last write stored, to skip writes when nothing changed.
    last: Option<Last>,
    /// The game's lock while this felt plays it ([`crate::lock`]).
    lock: Option<GameLock>,
    /// Whether this game was seen abandoned (the player gave it up, here or in another felt):
    /// it then never comes back in progress, even when a win is undone.
    was_abandoned: bool,
    /// Whether the game was played with help ([`Recorder::set_assisted`]): stored with the
    /// next step, and never taken back.
    assisted: bool,
    /// How long the game has been played by the host's clock: the time the record had when
    /// resumed, then what the host last said ([`Recorder::set_played`]).
    played: Option<Duration>,
}

impl Recorder {
    /// A recorder for a new game, which enters the store at its first action. It ends no
    /// other game: every game in progress stays so until the player gives it up
    /// ([`Store::give_up`], [`Store::abandon`]) or finishes it.
    pub fn new() -> Recorder {
        Recorder::default()
    }

    /// The game was played with help (the demo moved, or a hint was followed where the
    /// player counts hints as help): the next [`Store::record_step`] marks its record
    /// assisted, for good, so it never sets a best and the statistics count it apart.
    pub fn set_assisted(&mut self) {
        self.assisted = true;
    }

    /// Whether the game is known to be assisted (marked here, or in its record when resumed).
    pub fn assisted(&self) -> bool {
        self.assisted
    }

    /// The game's record, once its first action is recorded.
    pub fn game(&self) -> Option<GameId> {
        self.game
    }

    /// How long the game has been played: for a resumed game the time its record kept (so the
    /// host's clock goes on from there), then the latest [`Recorder::set_played`].
    pub fn played(&self) -> Option<Duration> {
        self.played
    }

    /// The host's clock says the game has been played for `time`: the next
    /// [`Store::record_step`] stores it with the step (or [`Store::record_time`] at once).
    pub fn set_played(&mut self, time: Duration) {
        self.played = Some(time);
    }
}

/// What one [`Store::record_step`] did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Recorded {
    /// The game's record; `None` while no action has been made.
    pub game: Option<GameId>,
    /// Where the game stands in the records.
    pub result: Option<GameResult>,
}

/// What one write stored besides the actions.
#[derive(Debug, PartialEq)]
struct Last {
    status: Status,
    board: Scoreboard,
    result: GameResult,
    facts: Vec<Fact>,
    assisted: bool,
}

fn result_of(status: &Status) -> GameResult {
    match status {
        Status::Playing => GameResult::Playing,
        Status::Won { .. } => GameResult::Won,
        Status::Over { .. } => GameResult::Lost,
    }
}

impl Store {
    /// Brings the record of `session`'s game up to date, in one transaction: its action list
    /// becomes `session.log()` (so undone actions disappear from it), its moves and score those
    /// of the session, its result that of the session's status.
    ///
    /// Call it after every action, undo, redo or restart. Nothing is written before the first
    /// action: a game counts as played from then on. Starting a game ends no other: the games
    /// in progress stay so, whatever their variant. A game abandoned meanwhile (given up in
    /// another felt) goes on being recorded and still becomes won or lost when it ends, but
    /// does not come back in progress.
    pub fn record_step(
        &self,
        recorder: &mut Recorder,
        session: &Session,
    ) -> Result<Recorded, StoreError> {
        let log = session.log();
        let status = session.status();
        let board = session.scoreboard();
        let facts = session.ruleset().facts(session.state());
        let mut recorded = Recorded {
            game: recorder.game,
            result: None,
        };
        if recorder.game.is_none() && log.is_empty() {
            return Ok(recorded);
        }
        if self.read_only() {
            return Err(StoreError::ReadOnly {
                path: self.path().to_path_buf(),
            });
        }
        if let Some(last) = &recorder.last {
            if recorder.stored.as_slice() == log
                && last.status == status
                && last.board == board
                && last.facts == facts
                && last.assisted == recorder.assisted
            {
                recorded.result = Some(last.result);
                return Ok(recorded);
            }
        }
        let now = self.now();
        let tx = rusqlite::Transaction::new_unchecked(&self.conn, TransactionBehavior::Immediate)
            .map_err(|e| self.db_err(e))?;
        let (game, mut stored_len, mut revision) =
            (recorder.game, recorder.stored.len(), recorder.revision);
        let game = match game {
            Some(game) => game,
            None => {
                let game = self.insert_game(&tx, session, now)?;
                (stored_len, revision) = (0, 0);
                game
            }
        };
        let row: Option<(i64, String, Option<i64>)> = tx
            .query_row(
                "SELECT revision, result, finished FROM games WHERE id = ?1",
                [game.0],
                |row| Ok((row.get(0)?, row.get(1)?, row.get(2)?)),
            )
            .optional()
            .map_err(|e| self.db_err(e))?;
        let (db_revision, db_result, db_finished) = row.ok_or(StoreError::NoSuchGame(game))?;
        let db_result = GameResult::parse(&db_result).ok_or_else(|| StoreError::Damaged {
            id: game,
            what: format!("unknown result '{db_result}'"),
        })?;
        // Another felt wrote this game since (the same save resumed twice): its list is not
        // ours to patch, so ours replaces it whole. Either way the stored list is one session's.
        let keep = if db_revision == revision {
            recorder.stored[..stored_len]
                .iter()
                .zip(log)
                .take_while(|(a, b)| a == b)
                .count()
        } else {
            0
        };
        self.write_actions(&tx, game, log, keep)?;
        // The facts as they stand now; rewritten only when they changed since this recorder
        // wrote them, or another felt wrote the game since.
        let facts_known = db_revision == revision
            && recorder.game.is_some()
            && recorder.last.as_ref().is_some_and(|l| l.facts == facts);
        if !facts_known {
            self.write_facts(&tx, game, &facts)?;
        }
        let was_abandoned = recorder.was_abandoned || db_result == GameResult::Abandoned;
        let result = Self::settle_result(result_of(&status), db_result, was_abandoned);
        let finished = match result {
            GameResult::Playing => None,
            r if r == db_result => db_finished.or(Some(now.0)),
            _ => Some(now.0),
        };
        // A step without a clock (a headless game) keeps whatever time the record has.
        let played = recorder.played.map(crate::model::to_millis);
        // Once assisted, always: a step of another felt that did not know it takes nothing back.
        tx.execute(
            "UPDATE games SET result = ?2, finished = ?3, score = ?4, moves = ?5, revision = ?6,
                 played_ms = COALESCE(?7, played_ms), assisted = MAX(assisted, ?8)
             WHERE id = ?1",
            params![
                game.0,
                result.as_str(),
                finished,
                board.score,
                board.moves,
                db_revision + 1,
                played,
                recorder.assisted
            ],
        )
        .map_err(|e| self.db_err(e))?;
        tx.commit().map_err(|e| self.db_err(e))?;
        // Only now, with the step safely stored, does the recorder believe it.
        if recorder.game.is_none() {
            // A new game: nobody else knows its id yet, so the lock is free (if it cannot be
            // had at all, the game is recorded without one).
            recorder.lock = GameLock::take(self.path(), game).ok();
        }
        if result != GameResult::Playing {
            if let Some(lock) = recorder.lock.take() {
                lock.finish();
            }
        }
        recorder.game = Some(game);
        recorder.was_abandoned = was_abandoned;
        recorder.revision = db_revision + 1;
        recorder.stored.truncate(keep);
        recorder.stored.extend_from_slice(&log[keep..]);
        recorder.last = Some(Last {
            status,
            board,
            result,
            facts,
            assisted: recorder.assisted,
        });
        recorded.game = Some(game);
        recorded.result = Some(result);
        Ok(recorded)
    }

    /// Stores the time the host's clock gives `recorder`'s game, `time`, at once: the time
    /// spent since its last step (thinking before leaving it) counts too. A game not yet in
    /// the store keeps the time for its first step. The time is
    /// not a step: another felt's writes are not disturbed by it.
    pub fn record_time(&self, recorder: &mut Recorder, time: Duration) -> Result<(), StoreError> {
        let Some(game) = recorder.game else {
            recorder.played = Some(time);
            return Ok(());
        };
        if self.read_only() {
            return Err(StoreError::ReadOnly {
                path: self.path().to_path_buf(),
            });
        }
        self.conn
            .execute(
                "UPDATE games SET played_ms = ?2 WHERE id = ?1",
                params![game.0, crate::model::to_millis(time)],
            )
            .map_err(|e| self.db_err(e))?;
        recorder.played = Some(time);
        Ok(())
    }

    /// Inserts the row of a game at its first action.
    fn insert_game(
        &self,
        tx: &rusqlite::Transaction<'_>,
        session: &Session,
        now: Timestamp,
    ) -> Result<GameId, StoreError> {
        let info = session.ruleset().info();
        tx.execute(
            "INSERT INTO games (variant, ruleset, rules, code, started, result, moves, revision)
             VALUES (?1, ?2, ?3, ?4, ?5, 'playing', 0, 0)",
            params![
                info.variant,
                info.ruleset,
                info.rules,
                session.code().to_string(),
                now.0
            ],
        )
        .map_err(|e| self.db_err(e))?;
        Ok(GameId(tx.last_insert_rowid()))
    }

    /// The player gives up `games` (chose so: the launcher's "start a new one"): each still
    /// in progress becomes abandoned now, a loss, in one transaction. A game another felt is
    /// playing is refused ([`StoreError::OpenElsewhere`]) and then nothing changes: its
    /// player is still at it. Returns the games abandoned (one already finished is skipped).
    pub fn give_up(&self, games: &[GameId]) -> Result<Vec<GameId>, StoreError> {
        if games.is_empty() {
            return Ok(Vec::new());
        }
        if self.read_only() {
            return Err(StoreError::ReadOnly {
                path: self.path().to_path_buf(),
            });
        }
        // Each game's lock is held while it is given up, so no felt resumes it meanwhile.
        let mut locks = Vec::new();
        for game in games {
            match GameLock::take(self.path(), *game) {
                Ok(lock) => locks.push(lock),
                Err(LockError::Held) => return Err(StoreError::OpenElsewhere(*game)),
                Err(LockError::Unavailable) => {}
            }
        }
        let now = self.now();
        let tx = rusqlite::Transaction::new_unchecked(&self.conn, TransactionBehavior::Immediate)
            .map_err(|e| self.db_err(e))?;
        let mut abandoned = Vec::new();
        for game in games {
            if self.abandon_row(&tx, *game, now)? {
                abandoned.push(*game);
            }
        }
        tx.commit().map_err(|e| self.db_err(e))?;
        for lock in locks {
            lock.finish();
        }
        Ok(abandoned)
    }

    /// The player abandons `recorder`'s game (confirmed a new deal at the table): it is
    /// abandoned now, a loss, not at the next game's first action, so leaving before that
    /// cannot undo the choice. A game not in the store yet (no action made) or no longer in
    /// progress is left as it is; `None` then.
    pub fn abandon(&self, recorder: &mut Recorder) -> Result<Option<GameId>, StoreError> {
        let Some(game) = recorder.game else {
            return Ok(None);
        };
        if self.read_only() {
            return Err(StoreError::ReadOnly {
                path: self.path().to_path_buf(),
            });
        }
        let now = self.now();
        let tx = rusqlite::Transaction::new_unchecked(&self.conn, TransactionBehavior::Immediate)
            .map_err(|e| self.db_err(e))?;
        let changed = self.abandon_row(&tx, game, now)?;
        tx.commit().map_err(|e| self.db_err(e))?;
        if changed {
            // The write above is this recorder's own: its stored list is still the record's.
            recorder.revision += 1;
        }
        recorder.was_abandoned = true;
        if let Some(lock) = recorder.lock.take() {
            lock.finish();
        }
        Ok(changed.then_some(game))
    }

    /// Abandons `game` if it is in progress; true when it was.
    fn abandon_row(
        &self,
        tx: &rusqlite::Transaction<'_>,
        game: GameId,
        now: Timestamp,
    ) -> Result<bool, StoreError> {
        // The revision moves too: a felt still writing the game learns that it changed.
        let changed = tx
            .execute(
                "UPDATE games SET result = 'abandoned', finished = ?2, revision = revision + 1
                 WHERE id = ?1 AND result = 'playing'",
                params![game.0, now.0],
            )
            .map_err(|e| self.db_err(e))?;
        Ok(changed > 0)
    }

    /// Replaces the stored facts of `game` with `facts`.
    fn write_facts(
        &self,
        tx: &rusqlite::Transaction<'_>,
        game: GameId,
        facts: &[Fact],
    ) -> Result<(), StoreError> {
        tx.execute("DELETE FROM facts WHERE game = ?1", [game.0])
            .map_err(|e| self.db_err(e))?;
        let mut insert = tx
            .prepare_cached(
                "INSERT INTO facts (game, seq, key, label, summary, value, out_of)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
            )
            .map_err(|e| self.db_err(e))?;
        for (seq, fact) in facts.iter().enumerate() {
            insert
                .execute(params![
                    game.0,
                    seq as i64,
                    fact.key,
                    fact.label,
                    fact.summary.as_str(),
                    fact.value,
                    fact.out_of
                ])
                .map_err(|e| self.db_err(e))?;
        }
        Ok(())
    }

    /// Replaces the stored actions from `keep` on with those of `log`.
    fn write_actions(
        &self,
        tx: &rusqlite::Transaction<'_>,
        game: GameId,
        log: &[Action],
        keep: usize,
    ) -> Result<(), StoreError> {
        tx.execute(
            "DELETE FROM actions WHERE game = ?1 AND seq >= ?2",
            params![game.0, keep as i64],
        )
        .map_err(|e| self.db_err(e))?;
        let mut insert = tx
            .prepare_cached("INSERT INTO actions (game, seq, action) VALUES (?1, ?2, ?3)")
            .map_err(|e| self.db_err(e))?;
        for (seq, action) in log.iter().enumerate().skip(keep) {
            insert
                .execute(params![game.0, seq as i64, action_to_text(action)])
                .map_err(|e| self.db_err(e))?;
        }
        Ok(())
    }

    /// The result to store, given the session's and the stored one: a game the player gave
    /// up stays abandoned until it ends, and is abandoned again when its end is undone;
    /// any other game undone out of a win or loss is back in progress, since several games of
    /// a variant may be in progress at once.
    fn settle_result(session: GameResult, stored: GameResult, was_abandoned: bool) -> GameResult {
        match (session, stored) {
            (GameResult::Playing, GameResult::Abandoned) => GameResult::Abandoned,
            (GameResult::Playing, _) if was_abandoned => GameResult::Abandoned,
            (ended, _) => ended,
        }
    }

    /// Rebuilds the game in progress `id` as a session with `ruleset` (built by the host for the
    /// record's variant and rules), by replaying its actions from the deal, so undo reaches back
    /// as far as `undo_depth` allows. Redo does not survive quitting.
    pub fn resume(
        &self,
        id: GameId,
        ruleset: Arc<dyn DynRuleset>,
        undo_depth: usize,
    ) -> Result<(Session, Recorder), StoreError> {
        // One read transaction, so the actions and the revision belong together.
        let tx = rusqlite::Transaction::new_unchecked(&self.conn, TransactionBehavior::Deferred)
            .map_err(|e| self.db_err(e))?;
        let record = self.record_in(&tx, id)?;
        let revision: i64 = tx
            .query_row("SELECT revision FROM games WHERE id = ?1", [id.0], |row| {
                row.get(0)
            })
            .map_err(|e| self.db_err(e))?;
        tx.commit().map_err(|e| self.db_err(e))?;
        if record.summary.result != GameResult::Playing {
            return Err(StoreError::NotInProgress {
                id,
                result: record.summary.result,
            });
        }
        let session = session_for(&record.summary, &record.actions, ruleset, undo_depth)?;
        let lock = match GameLock::take(self.path(), id) {
            Ok(lock) => Some(lock),
            Err(LockError::Held) => return Err(StoreError::OpenElsewhere(id)),
            Err(LockError::Unavailable) => None,
        };
        let recorder = Recorder {
            game: Some(id),
            revision,
            stored: record.actions,
            last: Some(Last {
                status: session.status(),
                board: session.scoreboard(),
                result: GameResult::Playing,
                // Not read back: the first step writes the facts then (a record from before
                // facts were kept has none stored).
                facts: Vec::new(),
                assisted: record.summary.assisted,
            }),
            lock,
            was_abandoned: false,
            assisted: record.summary.assisted,
            played: record.summary.played,
        };
        Ok((session, recorder))
    }
}

/// A session at the end of a record's actions, checking first that `ruleset` is the record's.
pub(crate) fn session_for(
    summary: &crate::model::GameSummary,
    actions: &[Action],
    ruleset: Arc<dyn DynRuleset>,
    undo_depth: usize,
) -> Result<Session, StoreError> {
    let mut session = start_session(summary, ruleset, undo_depth)?;
    session.replay(actions).map_err(|(i, violation)| {
        StoreError::Replay(ReplayError {
            number: i + 1,
            action: action_to_text(&actions[i]),
            violation,
        })
    })?;
    Ok(session)
}

/// A session at the deal of a record's game, checking first that `ruleset` is the record's.
pub(crate) fn start_session(
    summary: &crate::model::GameSummary,
    ruleset: Arc<dyn DynRuleset>,
    undo_depth: usize,
) -> Result<Session, StoreError> {
    let info = ruleset.info();
    if info.variant != summary.variant || info.rules != summary.rules {
        return Err(StoreError::WrongRuleset {
            id: summary.id,
            variant: summary.variant.clone(),
            rules: summary.rules.clone(),
            given_variant: info.variant.clone(),
            given_rules: info.rules.clone(),
        });
    }
    let code = GameCode::parse(&summary.code).map_err(|e| StoreError::Damaged {
        id: summary.id,
        what: format!("its game code does not read: {e}"),
    })?;
    Ok(Session::new(ruleset, code, undo_depth))
}
