//! A look at a library file before the system loader maps it.
//!
//! The loader maps a library's segments straight from the file; a segment that the headers
//! place past the end of a truncated file is mapped all the same, and the first touch of it
//! kills the process with SIGBUS — every felt command that looked for plugins, Spider
//! included. So before loading, the ELF headers are read and every part they describe (program
//! headers, loadable segments, section headers) must lie inside the file. This reads only the
//! headers (a few kilobytes) and is no check of the code itself: a plugin is still trusted
//! native code.

use std::io::{Read, Seek, SeekFrom};
use std::path::Path;

/// Why a file is not a whole ELF library.
pub(crate) fn check(path: &Path) -> Result<(), String> {
    let mut file = std::fs::File::open(path).map_err(|e| e.to_string())?;
    let meta = file.metadata().map_err(|e| e.to_string())?;
    if !meta.is_file() {
        return Err("not a regular file".to_string());
    }
    let size = meta.len();
    let mut head = [0u8; 64];
    let got = read_at(&mut file, 0, &mut head)?;
    if got < 16 || &head[..4] != b"\x7fELF" {
        return Err("not an ELF library".to_string());
    }
    let wide = match head[4] {
        1 => false,
        2 => true,
        _ => return Err("an ELF file of unknown class".to_string()),
    };
    let big = match head[5] {
        1 => false,
        2 => true,
        _ => return Err("an ELF file of unknown byte order".to_string()),
    };
    let need = if wide { 64 } else { 52 };
    if got < need {
        return Err(truncated(size, need as u64));
    }
    let h = Fields { big };
    let (phoff, shoff, phentsize, phnum, shentsize, shnum) = if wide {
        (
            h.u64(&head[32..]),
            h.u64(&head[40..]),
            h.u16(&head[54..]),
            h.u16(&head[56..]),
            h.u16(&head[58..]),
            h.u16(&head[60..]),
        )
    } else {
        (
            h.u32(&head[28..]) as u64,
            h.u32(&head[32..]) as u64,
            h.u16(&head[42..]),
            h.u16(&head[44..]),
            h.u16(&head[46..]),
            h.u16(&head[48..]),
        )
    };
    let mut end = need as u64;
    let table_end = |off: u64, ent: u16, num: u16| {
        off.checked_add(ent as u64 * num as u64)
            .ok_or_else(|| "an ELF header points past any file".to_string())
    };
    let ph_end = table_end(phoff, phentsize, phnum)?;
    end = end.max(ph_end);
    if shnum > 0 {
        end = end.max(table_end(shoff, shentsize, shnum)?);
    }
    if ph_end > size {
        return Err(truncated(size, end));
    }
    let min_entry = if wide { 56 } else { 32 };
    if phnum > 0 && (phentsize as usize) < min_entry {
        return Err("an ELF file with malformed program headers".to_string());
    }
    let mut ph = vec![0u8; phentsize as usize * phnum as usize];
    read_at(&mut file, phoff, &mut ph)?;
    for entry in ph.chunks(phentsize.max(1) as usize) {
        const PT_LOAD: u32 = 1;
        if h.u32(entry) != PT_LOAD {
            continue;
        }
        let (offset, filesz) = if wide {
            (h.u64(&entry[8..]), h.u64(&entry[32..]))
        } else {
            (h.u32(&entry[4..]) as u64, h.u32(&entry[16..]) as u64)
        };
        let seg_end = offset
            .checked_add(filesz)
            .ok_or_else(|| "an ELF segment points past any file".to_string())?;
        end = end.max(seg_end);
    }
    if end > size {
        return Err(truncated(size, end));
    }
    Ok(())
}

fn truncated(size: u64, end: u64) -> String {
    format!("the file is cut short: it holds {size} bytes, but its headers describe {end}")
}

/// Reads into `buf` from `offset`; how many bytes there were.
fn read_at(file: &mut std::fs::File, offset: u64, buf: &mut [u8]) -> Result<usize, String> {
    file.seek(SeekFrom::Start(offset))
        .map_err(|e| e.to_string())?;
    let mut got = 0;
    while got < buf.len() {
        match file.read(&mut buf[got..]) {
            Ok(0) => break,
            Ok(n) => got += n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e.to_string()),
        }
    }
    Ok(got)
}

/// Integers of the file's byte order.
struct Fields {
    big: bool,
}

impl Fields {
    fn u16(&self, b: &[u8]) -> u16 {
        let a = [b[0], b[1]];
        if self.big {
            u16::from_be_bytes(a)
        } else {
            u16::from_le_bytes(a)
        }
    }

    fn u32(&self, b: &[u8]) -> u32 {
        let a = [b[0], b[1], b[2], b[3]];
        if self.big {
            u32::from_be_bytes(a)
        } else {
            u32::from_le_bytes(a)
        }
    }

    fn u64(&self, b: &[u8]) -> u64 {
        let mut a = [0u8; 8];
        a.copy_from_slice(&b[..8]);
        if self.big {
            u64::from_be_bytes(a)
        } else {
            u64::from_le_bytes(a)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// This test binary is an ELF file of the same machine: whole, it passes.
    fn me() -> std::path::PathBuf {
        std::env::current_exe().expect("the test binary")
    }

    #[test]
    fn a_whole_library_passes() {
        assert_eq!(check(&me()), Ok(()));
    }

    #[test]
    fn a_library_cut_short_is_refused_with_its_sizes() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let cut = dir.path().join("libcut.so");
        let bytes = std::fs::read(me()).expect("the test binary");
        std::fs::write(&cut, &bytes[..3000]).expect("written");
        let err = check(&cut).expect_err("cut short");
        assert!(
            err.starts_with("the file is cut short: it holds 3000 bytes"),
            "{err}"
        );
    }

    #[test]
    fn a_file_that_is_no_elf_is_refused() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let text = dir.path().join("libtext.so");
        std::fs::write(&text, "not a library").expect("written");
        assert_eq!(check(&text), Err("not an ELF library".to_string()));
    }
}
