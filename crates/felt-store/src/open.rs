//! Opening `felt.db`: pragmas, migrations, and moving an unusable database aside.

use crate::error::StoreError;
use crate::recover::{recover, Recovery, RecoveryLock};
use crate::schema;
use crate::time::Timestamp;
use rusqlite::{Connection, ErrorCode, OpenFlags};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

/// The database's file name inside the data directory.
pub const FILE_NAME: &str = "felt.db";

/// How long a write waits for another felt's transaction before giving up. Transactions here
/// last milliseconds, so this is only reached when something is badly wrong.
pub(crate) const BUSY_TIMEOUT: Duration = Duration::from_secs(10);

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

/// Why opening failed: either moving the file aside cures it, or it does not.
pub(crate) enum OpenFailure {
    /// The file cannot be used as it is (corrupt, not a database, too new): move it aside.
    Unusable(String),
    /// Anything else (permissions, a full disk, a lock held too long): report it.
    Fatal(rusqlite::Error),
    /// The database works but cannot give the guarantees felt needs.
    Unsupported(String),
    /// A newer felt wrote it (its schema version): it is sound, only not for this felt.
    TooNew(i64),
}

impl From<rusqlite::Error> for OpenFailure {
    fn from(e: rusqlite::Error) -> Self {
        match e.sqlite_error_code() {
            Some(ErrorCode::NotADatabase) | Some(ErrorCode::DatabaseCorrupt) => {
                OpenFailure::Unusable(e.to_string())
            }
            _ => OpenFailure::Fatal(e),
        }
    }
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

/// A read-only connection to `path`, `immutable` to do without the `-shm` file; checks that
/// this felt knows the schema exactly, since a read-only database cannot be migrated.
fn read_only_conn(path: &Path, immutable: bool) -> Result<Connection, OpenFailure> {
    let flags = OpenFlags::SQLITE_OPEN_READ_ONLY
        | OpenFlags::SQLITE_OPEN_NO_MUTEX
        | OpenFlags::SQLITE_OPEN_URI;
    let conn = Connection::open_with_flags(file_uri(path, immutable), flags)?;
    conn.busy_timeout(BUSY_TIMEOUT)?;
    let version = schema::version(&conn)?;
    if version > schema::LATEST {
        return Err(OpenFailure::TooNew(version));
    }
    if version < schema::LATEST {
        return Err(OpenFailure::Unsupported(format!(
            "an older felt wrote it (schema version {version}) and it cannot be upgraded without write access to its folder"
        )));
    }
    let check: String = conn.query_row("PRAGMA quick_check(games)", [], |row| row.get(0))?;
    if check != "ok" {
        return Err(OpenFailure::Unsupported(format!(
            "the integrity check failed: {check}"
        )));
    }
    conn.pragma_update(None, "foreign_keys", true)?;
    Ok(conn)
}

/// `path` as an SQLite `file:` URI: the characters a URI gives a meaning to are escaped, so
/// any file name opens as itself.
fn file_uri(path: &Path, immutable: bool) -> String {
    let mut uri = String::from("file:");
    for b in path.as_os_str().as_encoded_bytes() {
        match b {
            b'%' | b'?' | b'#' | b'&' | b'=' | 0..=0x20 | 0x7f..=0xff => {
                uri.push_str(&format!("%{b:02X}"))
            }
            _ => uri.push(char::from(*b)),
        }
    }
    uri.push_str(if immutable {
        "?mode=ro&immutable=1"
    } else {
        "?mode=ro"
    });
    uri
}

/// The file whose presence asks the next start for a full integrity check.
pub(crate) fn check_mark(path: &Path) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(".check");
    PathBuf::from(name)
}

impl OpenFailure {
    /// The error to report when moving the file aside is not (or no longer) the cure.
    pub(crate) fn into_error(self, path: &Path) -> StoreError {
        let path = path.to_path_buf();
        match self {
            OpenFailure::Fatal(source) => StoreError::Database { path, source },
            OpenFailure::Unsupported(reason) => StoreError::Unsupported { path, reason },
            OpenFailure::Unusable(reason) => StoreError::FreshUnusable { path, reason },
            OpenFailure::TooNew(version) => StoreError::TooNew {
                path,
                version,
                known: schema::LATEST,
            },
        }
    }
}

/// [`try_open`], again while another felt holds a lock it needs. Creating a database, turning
/// on write-ahead logging and migrating can each find the file busy in ways SQLite's own busy
/// handler does not wait out when two felts start at the same moment.
pub(crate) fn open_retrying(path: &Path) -> Result<Connection, OpenFailure> {
    let start = std::time::Instant::now();
    loop {
        match try_open(path) {
            Err(OpenFailure::Fatal(e))
                if matches!(
                    e.sqlite_error_code(),
                    Some(ErrorCode::DatabaseBusy | ErrorCode::DatabaseLocked)
                ) && start.elapsed() < BUSY_TIMEOUT =>
            {
                std::thread::sleep(Duration::from_millis(10));
            }
            other => return other,
        }
    }
}

fn try_open(path: &Path) -> Result<Connection, OpenFailure> {
    let flags = OpenFlags::SQLITE_OPEN_READ_WRITE
        | OpenFlags::SQLITE_OPEN_CREATE
        | OpenFlags::SQLITE_OPEN_NO_MUTEX;
    let conn = Connection::open_with_flags(path, flags)?;
    conn.busy_timeout(BUSY_TIMEOUT)?;
    // Reading the header here is what reveals a file that is not a database at all.
    let version = schema::version(&conn)?;
    if version > schema::LATEST {
        return Err(OpenFailure::TooNew(version));
    }
    if version == 0 && schema::has_foreign_tables(&conn)? {
        return Err(OpenFailure::Unusable(
            "it is not a felt database: it holds tables felt did not make".to_string(),
        ));
    }
    // Checking the whole file would take about a second at 100 MB of actions, at every start;
    // the games table is what statistics and "Continue" read, and it stays small. A damaged
    // page of actions is found when that game is read, and leaves a mark asking for the whole
    // check next time.
    let mark = check_mark(path);
    let whole = version == 0 || mark.exists();
    let scope = if whole {
        "quick_check"
    } else {
        "quick_check(games)"
    };
    let check: String = conn.query_row(&format!("PRAGMA {scope}"), [], |row| row.get(0))?;
    if check != "ok" {
        return Err(OpenFailure::Unusable(format!(
            "the integrity check failed: {check}"
        )));
    }
    if whole {
        // Checked and sound: the mark has done its work. A mark that stays only costs a check.
        let _ = std::fs::remove_file(&mark);
    }
    // WAL lets readers (a second felt showing statistics) work while a game is recorded, and a
    // killed process leaves every committed step intact. FULL syncs each commit, so even a power
    // cut loses at most the step being written.
    let mode: String = conn.query_row("PRAGMA journal_mode = WAL", [], |row| row.get(0))?;
    if !mode.eq_ignore_ascii_case("wal") {
        return Err(OpenFailure::Unsupported(format!(
            "it refused write-ahead logging (the journal mode stays {mode}); is it on a network file system?"
        )));
    }
    conn.pragma_update(None, "synchronous", "FULL")?;
    conn.pragma_update(None, "foreign_keys", true)?;
    schema::migrate(&conn)?;
    Ok(conn)
}
