//! Reading the files a user hands felt (variants, scoring tables, positions, exported games)
//! within bounds: only a regular file is read, and only up to a size limit, so a FIFO named
//! `*.toml` cannot make a command wait for ever and a link to `/dev/zero` cannot fill memory.
//! A crate of its own so the binary and the terminal (`tui.toml`) share it: felt-core reads no
//! files.

#![warn(missing_docs)]

use std::fmt;
use std::io::Read;
use std::path::Path;

/// The most a variant, scoring or position file may hold. The largest shipped file is a few
/// kilobytes; a megabyte leaves room for comments and lists without letting a stray large
/// file be parsed and echoed in errors.
pub const TEXT_FILE_LIMIT: u64 = 1 << 20;

/// The most an exported game record may hold: a game of a million actions is a few
/// megabytes of text.
pub const RECORD_FILE_LIMIT: u64 = 64 << 20;

/// Why a file was not read.
#[derive(Debug)]
pub enum ReadError {
    /// The path names something other than a regular file.
    NotAFile {
        /// What it is instead ("a folder", "a FIFO", "a device").
        kind: &'static str,
    },
    /// The file is larger than the limit.
    TooLarge {
        /// Its size, or at least how much was read before giving up.
        size: u64,
        /// The limit.
        limit: u64,
    },
    /// The file holds bytes that are not UTF-8 text.
    NotText,
    /// The system refused (missing file, no permission, ...).
    Io(std::io::Error),
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadError::NotAFile { kind } => {
                write!(
                    f,
                    "it is {kind}, not a regular file: felt reads only regular files"
                )
            }
            ReadError::TooLarge { size, limit } => write!(
                f,
                "it holds {}, more than the {} such a file may hold",
                size_text(*size),
                size_text(*limit)
            ),
            ReadError::NotText => write!(f, "it is not UTF-8 text"),
            ReadError::Io(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for ReadError {}

fn size_text(bytes: u64) -> String {
    if bytes >= 1 << 20 {
        format!("{} MB", bytes.div_ceil(1 << 20))
    } else if bytes >= 1 << 10 {
        format!("{} KB", bytes.div_ceil(1 << 10))
    } else {
        format!("{bytes} bytes")
    }
}

/// The text of the regular file at `path`, if it holds at most `limit` bytes of UTF-8.
///
/// The file is opened without waiting (a FIFO would otherwise block the open until a writer
/// came), then what was opened is checked, not the path, so a link swapped in between cannot
/// slip a device through; and at most `limit + 1` bytes are ever read, whatever the file
/// claims its size is.
pub fn read_text(path: &Path, limit: u64) -> Result<String, ReadError> {
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK);
    }
    let file = options.open(path).map_err(ReadError::Io)?;
    let meta = file.metadata().map_err(ReadError::Io)?;
    if !meta.is_file() {
        return Err(ReadError::NotAFile {
            kind: kind_of(&meta),
        });
    }
    if meta.len() > limit {
        return Err(ReadError::TooLarge {
            size: meta.len(),
            limit,
        });
    }
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    file.take(limit + 1)
        .read_to_end(&mut bytes)
        .map_err(ReadError::Io)?;
    if bytes.len() as u64 > limit {
        return Err(ReadError::TooLarge {
            size: bytes.len() as u64,
            limit,
        });
    }
    String::from_utf8(bytes).map_err(|_| ReadError::NotText)
}

fn kind_of(meta: &std::fs::Metadata) -> &'static str {
    if meta.is_dir() {
        return "a folder";
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        let t = meta.file_type();
        if t.is_fifo() {
            return "a FIFO";
        }
        if t.is_socket() {
            return "a socket";
        }
        if t.is_char_device() || t.is_block_device() {
            return "a device";
        }
    }
    "not a regular file"
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_regular_file_within_the_limit_is_read() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let path = dir.path().join("v.toml");
        std::fs::write(&path, "id = \"x\"\n").expect("written");
        assert_eq!(read_text(&path, 100).expect("read"), "id = \"x\"\n");
    }

    #[test]
    fn a_file_over_the_limit_is_refused_with_its_size() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let path = dir.path().join("big.toml");
        std::fs::write(&path, vec![b'a'; 3000]).expect("written");
        let err = read_text(&path, 1024).expect_err("too large");
        assert_eq!(
            err.to_string(),
            "it holds 3 KB, more than the 1 KB such a file may hold"
        );
    }

    #[cfg(unix)]
    #[test]
    fn a_fifo_is_refused_at_once_instead_of_waiting_for_a_writer() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let path = dir.path().join("fifo.toml");
        let c = std::ffi::CString::new(path.as_os_str().as_encoded_bytes()).expect("a path");
        // SAFETY: `mkfifo` reads the NUL-terminated path it is given.
        assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
        let err = read_text(&path, 1024).expect_err("a FIFO");
        assert!(err.to_string().contains("a FIFO"), "{err}");
    }

    #[cfg(unix)]
    #[test]
    fn a_link_to_a_device_is_refused() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let path = dir.path().join("zero.toml");
        std::os::unix::fs::symlink("/dev/zero", &path).expect("a link");
        let err = read_text(&path, 1024).expect_err("a device");
        assert!(err.to_string().contains("a device"), "{err}");
    }
}
