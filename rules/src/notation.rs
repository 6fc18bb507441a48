//! Hole and move notation: `i9` for a hole, `m1-m3-k5` for a move written as its path.

use crate::board::Hole;
use std::fmt;

/// Why a piece of notation could not be read. It names the offending token.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotationError {
    /// The token that could not be read, as written.
    pub token: String,
    /// What is wrong with it.
    pub reason: &'static str,
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "'{}': {}", self.token, self.reason)
    }
}

impl std::error::Error for NotationError {}

fn err(token: &str, reason: &'static str) -> NotationError {
    NotationError {
        token: token.to_string(),
        reason,
    }
}

/// Reads a hole name such as `m1`, `e17` or `i9` (letter a–q, row 1–17, on the star).
pub fn parse_hole(token: &str) -> Result<Hole, NotationError> {
    let t = token.trim();
    let mut chars = t.chars();
    let letter = chars
        .next()
        .ok_or_else(|| err(token, "empty hole name"))?
        .to_ascii_lowercase();
    if !('a'..='q').contains(&letter) {
        return Err(err(token, "a hole starts with a letter a-q"));
    }
    let digits = chars.as_str();
    if digits.is_empty() || digits.len() > 2 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(err(token, "a hole is a letter a-q followed by a row 1-17"));
    }
    let row: i32 = digits.parse().map_err(|_| err(token, "bad row number"))?;
    if !(1..=17).contains(&row) || digits.starts_with('0') {
        return Err(err(token, "rows run from 1 to 17"));
    }
    let line = (letter as u8 - b'a') as i32 + 1;
    Hole::from_line_row(line, row).ok_or_else(|| err(token, "no such hole on the star"))
}

/// Reads a move written as its path, holes joined by dashes: `l2-l3`, `m1-m3-k5`.
/// Only the notation is checked here; legality is the game's business.
pub fn parse_path(token: &str) -> Result<Vec<Hole>, NotationError> {
    let t = token.trim();
    if t.is_empty() {
        return Err(err(token, "empty move"));
    }
    let holes = t
        .split('-')
        .map(|part| {
            if part.is_empty() {
                Err(err(
                    token,
                    "a move is holes joined by single dashes, like m1-m3-k5",
                ))
            } else {
                parse_hole(part).map_err(|e| NotationError {
                    token: token.to_string(),
                    reason: e.reason,
                })
            }
        })
        .collect::<Result<Vec<_>, _>>()?;
    if holes.len() < 2 {
        return Err(err(token, "a move needs at least two holes, like l2-l3"));
    }
    Ok(holes)
}

/// Writes a path as notation: holes joined by dashes.
pub fn format_path(path: &[Hole]) -> String {
    let mut s = String::with_capacity(path.len() * 4);
    for (i, h) in path.iter().enumerate() {
        if i > 0 {
            s.push('-');
        }
        s.push_str(&h.to_string());
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_hole_name_round_trips() {
        for h in Hole::all() {
            assert_eq!(parse_hole(&h.to_string()), Ok(h));
        }
    }

    #[test]
    fn paths_round_trip() {
        let p = parse_path("m1-m3-k5").unwrap();
        assert_eq!(p.len(), 3);
        assert_eq!(format_path(&p), "m1-m3-k5");
        assert_eq!(
            parse_path(" L2-l3 ").map(|p| format_path(&p)),
            Ok("l2-l3".into())
        );
    }

    #[test]
    fn bad_notation_names_the_token() {
        for (bad, want) in [
            ("z5", "z5"),
            ("a1", "a1"),
            ("m0", "m0"),
            ("m18", "m18"),
            ("m01", "m01"),
            ("", ""),
            ("m", "m"),
            ("m1x", "m1x"),
        ] {
            let e = parse_hole(bad).unwrap_err();
            assert_eq!(e.token, want);
            assert!(!e.reason.is_empty());
        }
        assert_eq!(parse_path("m1").unwrap_err().token, "m1");
        assert_eq!(parse_path("m1--m3").unwrap_err().token, "m1--m3");
        let e = parse_path("m1-a1").unwrap_err();
        assert_eq!(e.token, "m1-a1");
        assert!(e.to_string().contains("m1-a1"));
    }
}
