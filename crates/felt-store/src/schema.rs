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
