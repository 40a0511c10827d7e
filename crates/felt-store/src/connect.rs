//! A connection to `felt.db`, checked and set up (write-ahead logging, full syncs, foreign
//! keys, migrations), or why there is none: what both opening the store (`open.rs`) and
//! moving an unusable database aside (`recover.rs`) stand on.

use crate::error::StoreError;
use crate::schema;
use rusqlite::{Connection, ErrorCode, OpenFlags};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// How long a write waits for another felt's transaction before giving up. Transactions here
/// last milliseconds, so this is only reached when something is badly wrong.
pub(crate) const BUSY_TIMEOUT: Duration = Duration::from_secs(10);

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

/// A read-only connection to `path`, `immutable` to do without the `-shm` file; checks that
/// this felt knows the schema exactly, since a read-only database cannot be migrated.
pub(crate) fn read_only_conn(path: &Path, immutable: bool) -> Result<Connection, OpenFailure> {
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
