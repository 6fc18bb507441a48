//! Dates for people: exported records are named by their UTC time
//! (`20261129-183000-2p-classic`); the records list shows them as "2 players, classic,
//! 29 Nov 19:30" in the device's own time zone (read by `jiff`, which knows the system zone
//! on every platform we ship).

use jiff::tz::TimeZone;
use jiff::{Timestamp, civil};

/// What an exported record's file name says: when (UTC), how many players, which rules.
fn parse_stem(stem: &str) -> Option<(Timestamp, &str, &str)> {
    let mut parts = stem.splitn(4, '-');
    let (date, time, players, preset) =
        (parts.next()?, parts.next()?, parts.next()?, parts.next()?);
    if date.len() != 8 || time.len() != 6 {
        return None;
    }
    let num = |s: &str| -> Option<i32> {
        s.bytes()
            .all(|b| b.is_ascii_digit())
            .then(|| s.parse().ok())?
    };
    let dt = civil::DateTime::new(
        i16::try_from(num(&date[..4])?).ok()?,
        i8::try_from(num(&date[4..6])?).ok()?,
        i8::try_from(num(&date[6..8])?).ok()?,
        i8::try_from(num(&time[..2])?).ok()?,
        i8::try_from(num(&time[2..4])?).ok()?,
        i8::try_from(num(&time[4..6])?).ok()?,
        0,
    )
    .ok()?;
    let at = dt.to_zoned_datetime(TimeZone::UTC).ok()?.timestamp();
    let players = players.strip_suffix('p')?;
    players.parse::<u8>().ok()?;
    Some((at, players, preset))
}

/// The record's title in the zone `tz`, with the year only when it is not `now`'s.
pub fn record_title_in(stem: &str, tz: &TimeZone, now: Timestamp) -> String {
    let Some((at, players, preset)) = parse_stem(stem) else {
        return stem.to_string();
    };
    let local = at.to_zoned_datetime(tz.clone());
    let this_year = now.to_zoned_datetime(tz.clone()).year() == local.year();
    let when = if this_year {
        local.strftime("%-d %b %H:%M").to_string()
    } else {
        local.strftime("%-d %b %Y %H:%M").to_string()
    };
    format!("{players} players, {preset}, {when}")
}

/// The record's title in the device's time zone.
pub fn record_title(stem: &str) -> String {
    record_title_in(stem, &TimeZone::system(), Timestamp::now())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exported_record_names_read_as_local_dates() {
        let now: Timestamp = "2026-12-01T12:00:00Z".parse().unwrap();
        let berlin = TimeZone::fixed(jiff::tz::offset(1));
        assert_eq!(
            record_title_in("20261129-183000-2p-classic", &berlin, now),
            "2 players, classic, 29 Nov 19:30"
        );
        assert_eq!(
            record_title_in("20260105-090807-6p-three-pairs", &TimeZone::UTC, now),
            "6 players, three-pairs, 5 Jan 09:08"
        );
        // Edited rules keep their name, dashes and brackets and all.
        assert_eq!(
            record_title_in(
                "20260105-090807-4p-custom (from three-pairs)",
                &TimeZone::UTC,
                now
            ),
            "4 players, custom (from three-pairs), 5 Jan 09:08"
        );
        // Another year shows its year; New Year's Eve in UTC is New Year in Berlin.
        assert_eq!(
            record_title_in("20251231-233000-3p-casual", &berlin, now),
            "3 players, casual, 1 Jan 00:30"
        );
        assert_eq!(
            record_title_in("20241231-120000-3p-casual", &berlin, now),
            "3 players, casual, 31 Dec 2024 13:00"
        );
        // Anything else, including non-ASCII names and impossible dates, is shown as it is.
        for other in [
            "game-001",
            "20261329-183000-2p-x",
            "2026112é-183000-2p-x",
            "20261129-183000-xp-x",
            "é",
            "",
        ] {
            assert_eq!(record_title_in(other, &TimeZone::UTC, now), other);
        }
    }
}
