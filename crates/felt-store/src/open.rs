//! Opening the [`Store`]: writable, or read-only when felt may not write, moving an unusable
//! database aside first (`recover.rs`); the connection itself is made in `connect.rs`.

use crate::connect::{check_mark, open_retrying, read_only_conn, OpenFailure};
use crate::error::StoreError;
use crate::recover::{recover, Recovery, RecoveryLock};
use crate::time::Timestamp;
use rusqlite::{Connection, ErrorCode};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The database's file name inside the data directory.
pub const FILE_NAME: &str = "felt.db";

/// The clock the store reads for `started` and `finished`; replaceable in tests.
pub type Clock = Arc<dyn Fn() -> Timestamp + Send + Sync>;

/// The game database: records, saves and statistics.
pub struct Store {
    pub(crate) conn: Connection,
    path: PathBuf,
    recovery: Option<Recovery>,
    pub(crate) clock: Clock,
    /// Opened without write access ([`Store::open_read_only`]): reads work, writes are refused.
    read_only: bool,
}

impl Store {
    /// Opens `felt.db` in `dir`, creating the directory and the database as needed.
    pub fn open_dir(dir: &Path) -> Result<Store, StoreError> {
        std::fs::create_dir_all(dir).map_err(|source| StoreError::Directory {
            path: dir.to_path_buf(),
            source,
        })?;
        Store::open(&dir.join(FILE_NAME))
    }

    /// Opens the database at `path`, creating it if needed and applying migrations.
    ///
    /// A file that is corrupt, not a database, or another program's database is moved aside to
    /// `<path>.corrupt-<time>` (never overwritten) and a fresh database takes its place;
    /// [`Store::recovery`] then says so. A database written by a newer felt is sound: it is
    /// refused ([`StoreError::TooNew`]) and left exactly as it is, since moving it aside would
    /// hide the user's history from the newer felt too. Errors that moving would not cure
    /// (permissions, a full disk) are returned.
    pub fn open(path: &Path) -> Result<Store, StoreError> {
        let opened = {
            // Held only while opening: a felt moving the file aside waits for it, and this
            // felt waits for one moving it aside.
            let _lock = RecoveryLock::shared(path)?;
            open_retrying(path)
        };
        let (conn, recovery) = match opened {
            Ok(conn) => (conn, None),
            Err(OpenFailure::Unusable(_)) => recover(path)?,
            Err(other) => return Err(other.into_error(path)),
        };
        Ok(Store {
            conn,
            path: path.to_path_buf(),
            recovery,
            clock: Arc::new(Timestamp::now),
            read_only: false,
        })
    }

    /// Opens `felt.db` in `dir` to read it, and to write it if the folder lets felt: as
    /// [`Store::open_dir`], but when that fails for want of write access (a read-only folder
    /// or file system, a database the user may only read) and the database is there, it is
    /// opened read-only instead ([`Store::open_read_only`]), so statistics, replays, exports
    /// and resuming still work on intact data. Any other failure is returned as it is.
    pub fn open_dir_for_reading(dir: &Path) -> Result<Store, StoreError> {
        match Store::open_dir(dir) {
            Err(e) if wants_write_access(&e) && dir.join(FILE_NAME).is_file() => {
                Store::open_read_only(&dir.join(FILE_NAME)).map_err(|_| e)
            }
            other => other,
        }
    }

    /// Opens the database at `path` read-only: nothing is created, migrated, checkpointed or
    /// moved aside, and [`Store::record_step`] refuses with [`StoreError::ReadOnly`].
    ///
    /// A write-ahead-logged database needs its `-shm` index file; in a folder felt cannot
    /// write to, the last felt to close it has removed it and it cannot be made again, so the
    /// file is then opened as immutable (SQLite reads it without any index or lock). That is
    /// sound here because no felt can be writing to a folder that nobody may write to.
    pub fn open_read_only(path: &Path) -> Result<Store, StoreError> {
        let conn = match read_only_conn(path, false) {
            Ok(conn) => conn,
            Err(OpenFailure::Fatal(_)) => {
                read_only_conn(path, true).map_err(|f| f.into_error(path))?
            }
            Err(other) => return Err(other.into_error(path)),
        };
        Ok(Store {
            conn,
            path: path.to_path_buf(),
            recovery: None,
            clock: Arc::new(Timestamp::now),
            read_only: true,
        })
    }

    /// Whether this store was opened read-only: the host says games will not be recorded.
    pub fn read_only(&self) -> bool {
        self.read_only
    }

    /// The database file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The unusable database moved aside while opening, if one was: the host tells the user.
    pub fn recovery(&self) -> Option<&Recovery> {
        self.recovery.as_ref()
    }

    /// Replaces the clock that stamps `started` and `finished` (tests pin time with it).
    pub fn set_clock(&mut self, clock: Clock) {
        self.clock = clock;
    }

    pub(crate) fn now(&self) -> Timestamp {
        (self.clock)()
    }

    /// Wraps a SQLite error with the database's path. Damage met while reading leaves a mark
    /// that makes the next start check the whole file, and move it aside if it must.
    pub(crate) fn db_err(&self, source: rusqlite::Error) -> StoreError {
        let path = self.path.clone();
        match source.sqlite_error_code() {
            Some(ErrorCode::DatabaseCorrupt) | Some(ErrorCode::NotADatabase) => {
                // If even the mark cannot be written, the error below still says what happened.
                let _ = std::fs::write(check_mark(&path), b"felt found damage here\n");
                StoreError::Corrupt { path, source }
            }
            _ => StoreError::Database { path, source },
        }
    }
}

/// Whether opening for writing failed only for want of write access, so that reading the
/// database read-only may still work. SQLite reports a folder it cannot write in as "unable to
/// open" (it must make the `-wal` file) and a file it may only read as "read-only".
fn wants_write_access(e: &StoreError) -> bool {
    match e {
        StoreError::Directory { source, .. } => matches!(
            source.raw_os_error(),
            Some(libc::EACCES | libc::EPERM | libc::EROFS)
        ),
        StoreError::Database { source, .. } => matches!(
            source.sqlite_error_code(),
            Some(ErrorCode::ReadOnly | ErrorCode::CannotOpen | ErrorCode::PermissionDenied)
        ),
        _ => false,
    }
}
