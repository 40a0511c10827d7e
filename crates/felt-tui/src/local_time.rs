//! Dates in the player's own time zone, for the screens that show when a game was played.
//!
//! The records keep seconds since 1970 in UTC; a player reads the hour on their own clock.
//! The time zone rules are the C library's (`localtime_r`, which reads `TZ` and the system's
//! zone files), never worked out here.

/// `unix` seconds as `YYYY-MM-DD HH:MM` in the local time zone; `None` when the C library
/// cannot convert it (a time out of its range).
pub fn local_minute(unix: i64) -> Option<String> {
    let tm = local(unix)?;
    Some(format!(
        "{:04}-{:02}-{:02} {:02}:{:02}",
        i64::from(tm.tm_year) + 1900,
        tm.tm_mon + 1,
        tm.tm_mday,
        tm.tm_hour,
        tm.tm_min
    ))
}

/// `unix` seconds as the local date, `YYYY-MM-DD`.
pub fn local_date(unix: i64) -> Option<String> {
    local_minute(unix).map(|t| t.chars().take(10).collect())
}

/// The broken-down local time of `unix` seconds.
fn local(unix: i64) -> Option<libc::tm> {
    let t = libc::time_t::try_from(unix).ok()?;
    // SAFETY: `tm` is plain data that localtime_r fills; all zeros is a valid value of it.
    let mut tm: libc::tm = unsafe { std::mem::zeroed() };
    // SAFETY: both pointers are valid for the call; localtime_r is the thread-safe form (it
    // writes only into `tm`) and returns null on failure, which is checked.
    let out = unsafe { libc::localtime_r(&t, &mut tm) };
    (!out.is_null()).then_some(tm)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_time_reads_as_a_date_and_a_minute() {
        let text = local_minute(1_740_832_200).expect("a time in range");
        assert_eq!(text.len(), 16, "{text}");
        assert_eq!(&text[4..5], "-");
        assert_eq!(&text[13..14], ":");
        assert_eq!(local_date(1_740_832_200).map(|d| d.len()), Some(10));
    }
}
