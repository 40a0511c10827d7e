//! Moving an unusable database aside, one felt at a time, never overwriting anything.

use crate::error::StoreError;
use crate::open::{check_mark, open_retrying, OpenFailure, BUSY_TIMEOUT};
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

/// A lock held while one felt moves the database aside, so that two felts meeting the same
/// corrupt file move it once, and neither moves the fresh database the other just made. It is
/// an exclusive transaction on a small empty SQLite file beside the database: SQLite's file
/// locks work on every platform felt runs on, and are released if the process dies.
struct RecoveryLock {
    // Held, not read: closing the connection ends the transaction and frees the lock.
    _held: Connection,
}

impl RecoveryLock {
    fn take(db: &Path) -> Result<RecoveryLock, StoreError> {
        let path = with_suffix(db, ".lock");
        let lock = |path: &Path| -> rusqlite::Result<Connection> {
            let conn = Connection::open(path)?;
            conn.busy_timeout(BUSY_TIMEOUT)?;
            conn.execute_batch("BEGIN EXCLUSIVE")?;
            Ok(conn)
        };
        match lock(&path) {
            Ok(conn) => Ok(RecoveryLock { _held: conn }),
            // The lock file holds no data: if something scribbled on it, a new one will do.
            Err(e) if e.sqlite_error_code() == Some(ErrorCode::NotADatabase) => {
                let _ = std::fs::remove_file(&path);
                lock(&path).map(|conn| RecoveryLock { _held: conn })
            }
            Err(e) => Err(e),
        }
        .map_err(|source| StoreError::Database { path, source })
    }
}

/// Opens `path` after it was found unusable: under the recovery lock, looks again (another felt
/// may have recovered it meanwhile), and if it is still unusable moves it aside and starts a
/// fresh database.
pub(crate) fn recover(path: &Path) -> Result<(Connection, Option<Recovery>), StoreError> {
    let lock = RecoveryLock::take(path)?;
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
