//! Timestamps: whole seconds since 1970 in UTC, written as `2025-03-01T12:30:00Z`.
//!
//! The host reads the clock (rulesets never do, ✱ contract 1); the store keeps the number, and
//! writes and reads the calendar form itself so it needs no date library.

use serde::{Serialize, Serializer};
use std::fmt;
use std::time::{SystemTime, UNIX_EPOCH};

/// A moment, in whole seconds since 1970-01-01T00:00:00Z.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Timestamp(pub i64);

const SECONDS_PER_DAY: i64 = 86_400;
// Days in a 400-year cycle of the Gregorian calendar, and the day number of 0000-03-01.
const DAYS_PER_ERA: i64 = 146_097;
const EPOCH_SHIFT: i64 = 719_468;

impl Timestamp {
    /// The system clock now; a clock set before 1970 reads as 1970.
    pub fn now() -> Timestamp {
        let secs = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map(|d| d.as_secs())
            .unwrap_or(0);
        Timestamp(i64::try_from(secs).unwrap_or(i64::MAX))
    }

    /// The calendar form, `2025-03-01T12:30:00Z`.
    pub fn to_rfc3339(self) -> String {
        self.to_string()
    }

    /// Reads `YYYY-MM-DDTHH:MM:SSZ` (the form [`Timestamp`] writes), or says what is wrong.
    pub fn parse(text: &str) -> Result<Timestamp, String> {
        let bad = || format!("expected a UTC time like 2025-03-01T12:30:00Z, not '{text}'");
        let b = text.trim().as_bytes();
        if b.len() != 20
            || b[4] != b'-'
            || b[7] != b'-'
            || b[10] != b'T'
            || b[13] != b':'
            || b[16] != b':'
            || b[19] != b'Z'
        {
            return Err(bad());
        }
        let num = |range: std::ops::Range<usize>| -> Result<i64, String> {
            let digits = &b[range];
            if !digits.iter().all(u8::is_ascii_digit) {
                return Err(bad());
            }
            Ok(digits.iter().fold(0, |n, d| n * 10 + i64::from(d - b'0')))
        };
        let (year, month, day) = (num(0..4)?, num(5..7)?, num(8..10)?);
        let (hour, minute, second) = (num(11..13)?, num(14..16)?, num(17..19)?);
        if !(1..=12).contains(&month)
            || day < 1
            || day > days_in_month(year, month)
            || hour > 23
            || minute > 59
            || second > 59
        {
            return Err(bad());
        }
        let days = days_from_civil(year, month, day);
        Ok(Timestamp(
            days * SECONDS_PER_DAY + hour * 3600 + minute * 60 + second,
        ))
    }

    /// A name-safe compact form, `20250301T123000Z`, for file names.
    pub fn compact(self) -> String {
        self.to_string().replace(['-', ':'], "")
    }
}

fn is_leap(year: i64) -> bool {
    (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
}

fn days_in_month(year: i64, month: i64) -> i64 {
    match month {
        2 if is_leap(year) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// Day number since 1970-01-01 of a proleptic Gregorian date. Years are counted from March so
/// the leap day falls last, which makes the day of the year a linear formula in the month.
fn days_from_civil(year: i64, month: i64, day: i64) -> i64 {
    let year = if month <= 2 { year - 1 } else { year };
    let era = year.div_euclid(400);
    let year_of_era = year - era * 400;
    let month_from_march = (month + 9) % 12;
    let day_of_year = (153 * month_from_march + 2) / 5 + day - 1;
    let day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
    era * DAYS_PER_ERA + day_of_era - EPOCH_SHIFT
}

/// The date of a day number since 1970-01-01: the inverse of [`days_from_civil`].
fn civil_from_days(days: i64) -> (i64, i64, i64) {
    let z = days + EPOCH_SHIFT;
    let era = z.div_euclid(DAYS_PER_ERA);
    let day_of_era = z - era * DAYS_PER_ERA;
    let year_of_era =
        (day_of_era - day_of_era / 1460 + day_of_era / 36524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let month_from_march = (5 * day_of_year + 2) / 153;
    let day = day_of_year - (153 * month_from_march + 2) / 5 + 1;
    let month = if month_from_march < 10 {
        month_from_march + 3
    } else {
        month_from_march - 9
    };
    let year = year_of_era + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

impl fmt::Display for Timestamp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let days = self.0.div_euclid(SECONDS_PER_DAY);
        let secs = self.0.rem_euclid(SECONDS_PER_DAY);
        let (year, month, day) = civil_from_days(days);
        write!(
            f,
            "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}Z",
            secs / 3600,
            secs / 60 % 60,
            secs % 60
        )
    }
}

impl Serialize for Timestamp {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn known_moments_are_written_in_utc() {
        assert_eq!(Timestamp(0).to_string(), "1970-01-01T00:00:00Z");
        assert_eq!(Timestamp(951_782_400).to_string(), "2000-02-29T00:00:00Z");
        assert_eq!(Timestamp(1_740_832_200).to_string(), "2025-03-01T12:30:00Z");
        assert_eq!(Timestamp(1_740_832_200).compact(), "20250301T123000Z");
    }

    #[test]
    fn impossible_dates_are_refused() {
        assert!(Timestamp::parse("2025-02-29T00:00:00Z").is_err());
        assert!(Timestamp::parse("2025-13-01T00:00:00Z").is_err());
        assert!(Timestamp::parse("2025-03-01 12:30:00").is_err());
        assert!(Timestamp::parse("2025-03-01T24:00:00Z").is_err());
        assert_eq!(
            Timestamp::parse("2024-02-29T23:59:59Z"),
            Ok(Timestamp(1_709_251_199))
        );
    }

    proptest! {
        #[test]
        fn the_calendar_form_reads_back(secs in 0i64..253_402_300_799) {
            let t = Timestamp(secs);
            prop_assert_eq!(Timestamp::parse(&t.to_string()), Ok(t));
        }
    }
}
