//! The database schema and its migrations, applied at start.
//!
//! `PRAGMA user_version` holds the number of migrations applied. Migrations only ever get
//! appended: a released one is never edited, so every felt.db ever written upgrades by running
//! the ones it lacks, in order, each in its own transaction.

use rusqlite::{Connection, TransactionBehavior};

/// Migration `i` brings a database from version `i` to `i + 1`.
const MIGRATIONS: &[&str] = &[
    // 1: games and their actions.
    "CREATE TABLE games (
        id       INTEGER PRIMARY KEY AUTOINCREMENT,
        variant  TEXT NOT NULL,
        ruleset  TEXT NOT NULL,
        rules    TEXT NOT NULL,
        code     TEXT NOT NULL,
        started  INTEGER NOT NULL,
        finished INTEGER,
        result   TEXT NOT NULL CHECK (result IN ('playing', 'won', 'lost', 'abandoned')),
        score    INTEGER,
        moves    INTEGER NOT NULL DEFAULT 0 CHECK (moves >= 0),
        -- Bumped by every recorded step, so a writer notices another felt wrote the game since.
        revision INTEGER NOT NULL DEFAULT 0,
        CHECK ((result = 'playing') = (finished IS NULL))
    );
    CREATE INDEX games_by_variant ON games (variant, id);
    CREATE INDEX games_by_code ON games (code, id);
    -- One game in progress per variant, enforced by the database itself.
    CREATE UNIQUE INDEX one_game_in_progress ON games (variant) WHERE result = 'playing';
    CREATE TABLE actions (
        game   INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        seq    INTEGER NOT NULL CHECK (seq >= 0),
        action TEXT NOT NULL,
        PRIMARY KEY (game, seq)
    ) WITHOUT ROWID;",
    // 2: one game in progress per variant and rules, so a game of rules this felt no longer
    // has (its plugin removed, its variant file changed) is not given up by a new game.
    "DROP INDEX one_game_in_progress;
    CREATE UNIQUE INDEX one_game_in_progress_per_rules
        ON games (variant, ruleset, rules) WHERE result = 'playing';",
    // 3: several games of one variant may stay in progress (the player keeps the old one when
    // starting a new one); the index stays for finding them, no longer unique.
    "DROP INDEX one_game_in_progress_per_rules;
    CREATE INDEX games_in_progress
        ON games (variant, ruleset, rules, id) WHERE result = 'playing';",
    // 4: how long a game was played, in milliseconds of the host's game clock (which stops
    // while the player is away); NULL where no clock was kept (a headless game, or a game
    // recorded before this column): such a game has no time and is never a best time.
    "ALTER TABLE games ADD COLUMN played_ms INTEGER CHECK (played_ms IS NULL OR played_ms >= 0);",
    // 5: the facts a ruleset states about each game (`Ruleset::facts`), as of its last
    // recorded step, in the ruleset's order; the statistics sum them up per key.
    "CREATE TABLE facts (
        game    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        seq     INTEGER NOT NULL CHECK (seq >= 0),
        key     TEXT NOT NULL,
        label   TEXT NOT NULL,
        summary TEXT NOT NULL CHECK (summary IN ('count', 'total', 'mean', 'rate')),
        value   INTEGER NOT NULL,
        out_of  INTEGER NOT NULL,
        PRIMARY KEY (game, seq)
    ) WITHOUT ROWID;",
    // 6: whether the game was played with help (the demo moved, or a hint was followed where
    // the player counts hints as help): such a game never sets a best time or score, and the
    // statistics count it apart. Games recorded before this column read as the player's own.
    "ALTER TABLE games ADD COLUMN assisted INTEGER NOT NULL DEFAULT 0 CHECK (assisted IN (0, 1));",
];

/// The schema version this felt writes.
pub const LATEST: i64 = MIGRATIONS.len() as i64;

/// The database's schema version.
pub fn version(conn: &Connection) -> rusqlite::Result<i64> {
    conn.query_row("PRAGMA user_version", [], |row| row.get(0))
}

/// Whether a version-0 database holds tables: then it is some other program's database.
pub fn has_foreign_tables(conn: &Connection) -> rusqlite::Result<bool> {
    conn.query_row(
        "SELECT EXISTS (SELECT 1 FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%')",
        [],
        |row| row.get(0),
    )
}

/// Applies the migrations the database lacks. The version is read again inside each write
/// transaction, so two felts starting at once do not both apply the same migration.
pub fn migrate(conn: &Connection) -> rusqlite::Result<()> {
    loop {
        let tx = rusqlite::Transaction::new_unchecked(conn, TransactionBehavior::Immediate)?;
        let current = version(&tx)?;
        let Some(sql) = usize::try_from(current)
            .ok()
            .and_then(|i| MIGRATIONS.get(i))
        else {
            return tx.commit();
        };
        tx.execute_batch(sql)?;
        tx.pragma_update(None, "user_version", current + 1)?;
        tx.commit()?;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A database as a felt of schema version `version` left it, with one finished game.
    fn at_version(version: usize) -> Connection {
        let conn = Connection::open_in_memory().expect("in memory");
        for sql in &MIGRATIONS[..version] {
            conn.execute_batch(sql).expect("an old migration");
        }
        conn.pragma_update(None, "user_version", version as i64)
            .expect("version");
        conn.execute(
            "INSERT INTO games (variant, ruleset, rules, code, started, finished, result, score, moves)
             VALUES ('v', 'r', 'classic', 'SP-C1-1', 1, 2, 'won', 10, 5)",
            [],
        )
        .expect("a game");
        conn
    }

    #[test]
    fn a_database_from_before_facts_upgrades_and_keeps_its_games() {
        let conn = at_version(3);
        migrate(&conn).expect("upgrades");
        assert_eq!(version(&conn).expect("version"), LATEST);
        let (games, facts): (i64, i64) = conn
            .query_row(
                "SELECT (SELECT COUNT(*) FROM games), (SELECT COUNT(*) FROM facts)",
                [],
                |row| Ok((row.get(0)?, row.get(1)?)),
            )
            .expect("both tables read");
        assert_eq!((games, facts), (1, 0));
        // The new table takes a game's facts, and refuses a summary it does not know.
        conn.execute(
            "INSERT INTO facts (game, seq, key, label, summary, value, out_of)
             VALUES (1, 0, 'bags', 'Bags', 'total', 3, 1)",
            [],
        )
        .expect("a fact");
        assert!(conn
            .execute(
                "INSERT INTO facts (game, seq, key, label, summary, value, out_of)
                 VALUES (1, 1, 'x', 'X', 'median', 3, 1)",
                [],
            )
            .is_err());
    }

    #[test]
    fn a_database_from_before_assisted_games_upgrades_with_its_games_the_players_own() {
        let conn = at_version(5);
        migrate(&conn).expect("upgrades");
        let assisted: i64 = conn
            .query_row("SELECT assisted FROM games", [], |row| row.get(0))
            .expect("the new column reads");
        assert_eq!(assisted, 0, "an old game was the player's own");
        assert!(
            conn.execute("UPDATE games SET assisted = 2", []).is_err(),
            "only 0 or 1"
        );
    }

    #[test]
    fn every_version_upgrades_to_the_latest() {
        for v in 1..MIGRATIONS.len() {
            let conn = at_version(v);
            migrate(&conn).expect("upgrades");
            assert_eq!(version(&conn).expect("version"), LATEST, "from {v}");
        }
    }
}
