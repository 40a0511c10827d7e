//! One game, one felt: a lock that the felt playing a game holds, so a second felt that tries
//! to resume the same game is told so instead of the two overwriting each other's moves.
//!
//! The lock is an advisory `flock` on a small file per game in `locks/` beside the database.
//! The system drops it when its holder ends in any way (a crash or `kill -9` included), so a
//! game is never left locked by a felt that is gone. The file of a finished game is removed;
//! that of a game left in progress stays for the next felt that resumes it. Where `flock` is
//! not available the lock is always granted: felt then behaves as before.

use crate::model::GameId;
use std::fs::File;
use std::path::{Path, PathBuf};

/// A held game lock; dropping it releases the game.
#[derive(Debug)]
pub(crate) struct GameLock {
    file: File,
    path: PathBuf,
}

/// Why a game lock was not taken.
pub(crate) enum LockError {
    /// Another felt holds it.
    Held,
    /// The lock file could not be made (a read-only folder): no lock, and no refusal either.
    Unavailable,
}

/// The lock file of game `id` of the database at `db`.
fn lock_path(db: &Path, id: GameId) -> PathBuf {
    let dir = db.parent().unwrap_or_else(|| Path::new("."));
    dir.join("locks").join(format!("game-{}.lock", id.0))
}

impl GameLock {
    /// Takes the lock of game `id`, without waiting.
    pub(crate) fn take(db: &Path, id: GameId) -> Result<GameLock, LockError> {
        let path = lock_path(db, id);
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).map_err(|_| LockError::Unavailable)?;
        }
        let file = std::fs::OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(&path)
            .map_err(|_| LockError::Unavailable)?;
        if !try_lock(&file)? {
            return Err(LockError::Held);
        }
        Ok(GameLock { file, path })
    }

    /// Releases a finished game for good: its lock file goes too.
    pub(crate) fn finish(self) {
        // Removed while still held, so no other felt can take the lock between the two steps
        // and then lose it to the removal.
        let _ = std::fs::remove_file(&self.path);
        drop(self.file);
    }
}

#[cfg(unix)]
fn try_lock(file: &File) -> Result<bool, LockError> {
    use std::os::unix::io::AsRawFd;
    // SAFETY: `flock` only reads the descriptor of a file this function borrows.
    let rc = unsafe { libc::flock(file.as_raw_fd(), libc::LOCK_EX | libc::LOCK_NB) };
    if rc == 0 {
        return Ok(true);
    }
    match std::io::Error::last_os_error().raw_os_error() {
        Some(libc::EWOULDBLOCK) => Ok(false),
        _ => Err(LockError::Unavailable),
    }
}

#[cfg(not(unix))]
fn try_lock(_file: &File) -> Result<bool, LockError> {
    Ok(true)
}
