//! When a game started, as a player reads it: on their own clock (the local time zone), to the
//! minute. The statistics screen and `felt stats --games` say it the same way.

use felt_store::Timestamp;
use felt_tui::local_time::local_minute;

/// `started` as `YYYY-MM-DD HH:MM` in the local time zone; a time the C library cannot
/// convert is still shown, in UTC as the store keeps it, rather than left out.
pub(crate) fn local_start(started: Timestamp) -> String {
    local_minute(started.0).unwrap_or_else(|| {
        started
            .to_rfc3339()
            .replace('T', " ")
            .chars()
            .take(16)
            .collect()
    })
}
