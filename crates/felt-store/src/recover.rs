//! Moving an unusable database aside, one felt at a time, never overwriting anything.

use crate::connect::{check_mark, open_retrying, OpenFailure, BUSY_TIMEOUT};
use crate::error::StoreError;
use crate::time::Timestamp;
use rusqlite::{Connection, ErrorCode};
use std::fmt;
use std::path::{Path, PathBuf};

/// The database that was found unusable and moved aside when the store opened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Recovery {
    /// Where the database was.
    pub path: PathBuf,
    /// Where it is now, untouched.
    pub moved_to: PathBuf,
    /// Why it could not be used.
    pub reason: String,
}

impl fmt::Display for Recovery {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "felt could not use the game database {} ({}). It was moved, untouched, to {} and a fresh database was started; the old records are still in the moved file.",
            self.path.display(),
            self.reason,
            self.moved_to.display()
        )
    }
}

fn with_suffix(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(suffix);
    PathBuf::from(name)
}

/// The lock that keeps moving the database aside apart from opening it. The felt that moves an
/// unusable database aside holds it exclusively; every felt that opens the database holds it
/// shared while it opens (not while it plays). Without the shared side a felt starting a moment
/// late could create the fresh database between the move of `felt.db` and the move of its
/// `-wal` and `-shm` files, and then lose its write-ahead log to the move: its games would go
/// into the moved-aside file's log instead of the live database. With it, two felts meeting
/// the same corrupt file move it once, neither moves the fresh database the other just made,
/// and no felt has a connection to the old file open while it is moved.
///
/// It is a transaction on a small empty SQLite file beside the database (`felt.db.lock`):
/// SQLite's file locks work on every platform felt runs on, are shared or exclusive, and are
/// released if the process dies. The exclusive side is `BEGIN EXCLUSIVE`; the shared side is a
/// read transaction, which holds SQLite's shared lock on the file until it ends.
pub(crate) struct RecoveryLock {
    // Held, not read: closing the connection ends the transaction and frees the lock.
    _held: Connection,
}

/// Which side of the [`RecoveryLock`] to take.
#[derive(Clone, Copy)]
enum Side {
    Shared,
    Exclusive,
}

impl RecoveryLock {
    /// Takes the lock exclusively, waiting for felts opening the database to finish opening.
    fn exclusive(db: &Path) -> Result<RecoveryLock, StoreError> {
        RecoveryLock::take(db, Side::Exclusive)
            .map_err(|(path, source)| StoreError::Database { path, source })
    }

    /// Takes the lock shared, waiting for a felt moving the database aside to finish. `None`
    /// when the lock file cannot be made or read at all (a folder felt may not write to):
    /// the database cannot be moved aside there either, so opening needs no lock. Waiting
    /// longer than [`BUSY_TIMEOUT`] is an error.
    pub(crate) fn shared(db: &Path) -> Result<Option<RecoveryLock>, StoreError> {
        match RecoveryLock::take(db, Side::Shared) {
            Ok(lock) => Ok(Some(lock)),
            Err((path, source))
                if matches!(
                    source.sqlite_error_code(),
                    Some(ErrorCode::DatabaseBusy | ErrorCode::DatabaseLocked)
                ) =>
            {
                Err(StoreError::Database { path, source })
            }
            Err(_) => Ok(None),
        }
    }

    fn take(db: &Path, side: Side) -> Result<RecoveryLock, (PathBuf, rusqlite::Error)> {
        let path = with_suffix(db, ".lock");
        let lock = |path: &Path| -> rusqlite::Result<Connection> {
            let conn = Connection::open(path)?;
            conn.busy_timeout(BUSY_TIMEOUT)?;
            match side {
                Side::Exclusive => conn.execute_batch("BEGIN EXCLUSIVE")?,
                Side::Shared => {
                    conn.execute_batch("BEGIN")?;
                    // The read is what takes the shared lock; the transaction keeps it.
                    conn.query_row("SELECT count(*) FROM sqlite_master", [], |_| Ok(()))?;
                }
            }
            Ok(conn)
        };
        match lock(&path) {
            Ok(conn) => Ok(RecoveryLock { _held: conn }),
            // The lock file holds no data: if something scribbled on it, a new one will do.
            // Nobody holds a lock on it meanwhile: SQLite takes none on a file it cannot read.
            Err(e) if e.sqlite_error_code() == Some(ErrorCode::NotADatabase) => {
                let _ = std::fs::remove_file(&path);
                lock(&path).map(|conn| RecoveryLock { _held: conn })
            }
            Err(e) => Err(e),
        }
        .map_err(|source| (path, source))
    }
}

/// Opens `path` after it was found unusable: under the recovery lock, looks again (another felt
/// may have recovered it meanwhile), and if it is still unusable moves it aside and starts a
/// fresh database.
pub(crate) fn recover(path: &Path) -> Result<(Connection, Option<Recovery>), StoreError> {
    let lock = RecoveryLock::exclusive(path)?;
    let reason = match open_retrying(path) {
        Ok(conn) => return Ok((conn, None)),
        Err(OpenFailure::Unusable(reason)) => reason,
        Err(other) => return Err(other.into_error(path)),
    };
    let moved_to = move_aside(path, &reason)?;
    let conn = open_retrying(path).map_err(|failure| failure.into_error(path))?;
    drop(lock);
    let recovery = moved_to.map(|moved_to| Recovery {
        path: path.to_path_buf(),
        moved_to,
        reason,
    });
    Ok((conn, recovery))
}

/// Moves the database and its write-ahead log to `<name>.corrupt-<time>` (numbered if that is
/// taken), so nothing in them is lost. `None` if the file vanished first.
fn move_aside(path: &Path, reason: &str) -> Result<Option<PathBuf>, StoreError> {
    let base = with_suffix(path, &format!(".corrupt-{}", Timestamp::now().compact()));
    let fail = |to: &Path, source| StoreError::MoveAside {
        path: path.to_path_buf(),
        to: to.to_path_buf(),
        reason: reason.to_string(),
        source,
    };
    let mut n = 1;
    let target = loop {
        let target = if n == 1 {
            base.clone()
        } else {
            with_suffix(&base, &format!("-{n}"))
        };
        match move_no_clobber(path, &target) {
            Ok(()) => break target,
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => n += 1,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(fail(&target, e)),
        }
    };
    // A check mark was about the moved file; the fresh one needs none.
    let _ = std::fs::remove_file(check_mark(path));
    // The log and shared-memory files belong to the moved database: SQLite finds them by name.
    for suffix in ["-wal", "-shm"] {
        let (from, to) = (with_suffix(path, suffix), with_suffix(&target, suffix));
        match move_no_clobber(&from, &to) {
            Ok(()) => {}
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
            Err(e) => return Err(fail(&to, e)),
        }
    }
    Ok(Some(target))
}

/// Renames `from` to `to`, failing with `AlreadyExists` rather than replacing a file at `to`.
fn move_no_clobber(from: &Path, to: &Path) -> std::io::Result<()> {
    match std::fs::hard_link(from, to) {
        Ok(()) => std::fs::remove_file(from),
        Err(e)
            if matches!(
                e.kind(),
                std::io::ErrorKind::AlreadyExists | std::io::ErrorKind::NotFound
            ) =>
        {
            Err(e)
        }
        // No hard links on this file system: check, then rename.
        Err(_) if to.exists() => Err(std::io::ErrorKind::AlreadyExists.into()),
        Err(_) => std::fs::rename(from, to),
    }
}
