//! Hole and move notation: `i9` for a hole, `m1-m3-k5` for a move written as its path,
//! `m1 l2 m2` for a list of holes, and the text of every [`Action`] (`pass`, `timeout`,
//! `resign:N`, `flag:N` or a path).

use crate::board::Hole;
use crate::game::Action;
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

/// Writes holes as notation separated by single spaces: `m1 l2 m2` (empty for none).
pub fn holes_text(holes: impl IntoIterator<Item = Hole>) -> String {
    let mut s = String::new();
    for (i, h) in holes.into_iter().enumerate() {
        if i > 0 {
            s.push(' ');
        }
        s.push_str(&h.to_string());
    }
    s
}

/// Reads a list of holes separated by white space, such as `m1 l2 m2`, one hole at a time,
/// in order; each item is that hole or why its token could not be read.
pub fn parse_holes(text: &str) -> impl Iterator<Item = Result<Hole, NotationError>> + '_ {
    text.split_whitespace().map(parse_hole)
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Move(p) => write!(f, "{}", format_path(p)),
            Action::Pass => write!(f, "pass"),
            Action::Timeout => write!(f, "timeout"),
            Action::Resign(s) => write!(f, "resign:{}", s + 1),
            Action::Flag(s) => write!(f, "flag:{}", s + 1),
        }
    }
}

impl std::str::FromStr for Action {
    type Err = NotationError;
    /// Reads `m1-m3-k5`, `pass`, `timeout`, `resign:N` or `flag:N` (N = seat, 1-based).
    fn from_str(s: &str) -> Result<Action, NotationError> {
        let t = s.trim();
        let seat = |n: &str| -> Result<usize, NotationError> {
            match n.parse::<usize>() {
                Ok(k) if (1..=6).contains(&k) => Ok(k - 1),
                _ => Err(NotationError {
                    token: s.to_string(),
                    reason: "seat numbers run from 1 to 6",
                }),
            }
        };
        match t {
            "pass" => Ok(Action::Pass),
            "timeout" => Ok(Action::Timeout),
            _ => {
                if let Some(n) = t.strip_prefix("resign:") {
                    Ok(Action::Resign(seat(n)?))
                } else if let Some(n) = t.strip_prefix("flag:") {
                    Ok(Action::Flag(seat(n)?))
                } else {
                    parse_path(t).map(Action::Move)
                }
            }
        }
    }
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

    #[test]
    fn action_text_round_trips() {
        let m1 = parse_hole("m1").unwrap();
        let m3 = parse_hole("m3").unwrap();
        for (text, action) in [
            ("pass", Action::Pass),
            ("timeout", Action::Timeout),
            ("resign:1", Action::Resign(0)),
            ("resign:6", Action::Resign(5)),
            ("flag:2", Action::Flag(1)),
            ("m1-m3", Action::Move(vec![m1, m3])),
        ] {
            assert_eq!(action.to_string(), text);
            assert_eq!(text.parse::<Action>(), Ok(action.clone()));
            assert_eq!(format!(" {text} ").parse::<Action>(), Ok(action));
        }
    }

    #[test]
    fn bad_action_text_names_the_token() {
        for bad in [
            "resign:0", "resign:7", "flag:x", "flag:", "Pass", "m1", "resign 2",
        ] {
            let e = bad.parse::<Action>().unwrap_err();
            assert!(e.token.contains(bad.trim()), "{bad}: {e}");
            assert!(!e.reason.is_empty());
        }
        assert_eq!("resign:9".parse::<Action>().unwrap_err().token, "resign:9");
        assert_eq!(
            "resign:9".parse::<Action>().unwrap_err().reason,
            "seat numbers run from 1 to 6"
        );
    }

    #[test]
    fn hole_lists_round_trip() {
        assert_eq!(holes_text([]), "");
        let holes: Vec<Hole> = parse_holes(" m1  L2\tm2 ")
            .collect::<Result<_, _>>()
            .unwrap();
        assert_eq!(holes_text(holes.iter().copied()), "m1 l2 m2");
        assert_eq!(parse_holes("").count(), 0);
        let all = holes_text(Hole::all());
        let back: Vec<Hole> = parse_holes(&all).collect::<Result<_, _>>().unwrap();
        assert_eq!(back, Hole::all().collect::<Vec<_>>());
        let read: Vec<_> = parse_holes("m1 z5 m2").collect();
        assert_eq!(read.len(), 3);
        assert_eq!(read[1].as_ref().unwrap_err().token, "z5");
        assert!(read[0].is_ok() && read[2].is_ok());
    }
}
