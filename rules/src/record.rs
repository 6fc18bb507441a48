//! Game records: set-up, rule set, the actions in notation and the result, saved as readable,
//! versioned RON. Loading replays and validates every action, so a record can never describe
//! an impossible game.

use crate::game::{Action, Game, GameError, Outcome, Status};
use crate::notation::{holes_text, parse_holes};
use crate::position::{Board, MAX_MARBLES};
use crate::rules::{RuleSet, RulesError, Setup};
use serde::{Deserialize, Serialize};
use std::fmt;

/// The record format this build writes. Older versions are migrated on load.
pub const RECORD_VERSION: u32 = 1;

/// A game as a file: enough to replay it exactly.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameRecord {
    /// Format version ([`RECORD_VERSION`]).
    pub version: u32,
    /// Who sat where.
    pub setup: Setup,
    /// The rules played.
    pub rules: RuleSet,
    /// Every action in order: move paths (`m1-m3-k5`), `pass`, `timeout`, `resign:N`, `flag:N`.
    pub moves: Vec<String>,
    /// The result, once the game is over (checked against the replay when present).
    #[serde(default)]
    pub result: Option<Outcome>,
    /// A hand-made start position, when the game did not begin from the usual one.
    #[serde(default)]
    pub start: Option<StartPosition>,
}

/// A start position in notation: each seat's marbles, and who moves first.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StartPosition {
    /// Per seat, the holes of its marbles (`"m1 l2 m2"`).
    pub marbles: Vec<String>,
    /// Seat that moves first (0-based).
    pub to_move: usize,
}

/// Why a record could not be loaded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordError {
    /// Not readable RON of the record's shape.
    Parse(String),
    /// Written by a newer version of the game.
    FutureVersion(u32),
    /// The set-up or rules are not playable.
    Rules(RulesError),
    /// An action could not be read or played; `index` is 1-based.
    BadMove {
        /// Position of the action in the list, from 1.
        index: usize,
        /// The action as written.
        token: String,
        /// Why it failed.
        error: GameError,
    },
    /// The stored result differs from the one the replay reaches.
    WrongResult,
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordError::Parse(e) => write!(f, "not a game record: {e}"),
            RecordError::FutureVersion(v) => write!(
                f,
                "record version {v} was written by a newer Sternhalma (this one reads up to {RECORD_VERSION})"
            ),
            RecordError::Rules(e) => write!(f, "{e}"),
            RecordError::BadMove {
                index,
                token,
                error,
            } => {
                write!(f, "move {index} '{token}': {error}")
            }
            RecordError::WrongResult => write!(f, "the stored result does not match the moves"),
        }
    }
}

impl std::error::Error for RecordError {}

impl GameRecord {
    /// The record of a game so far.
    pub fn from_game(game: &Game) -> GameRecord {
        GameRecord {
            version: RECORD_VERSION,
            setup: *game.setup(),
            rules: game.rules().clone(),
            moves: game.actions().iter().map(|a| a.to_string()).collect(),
            result: match game.status() {
                Status::Over(o) => Some(o),
                Status::InPlay => None,
            },
            start: {
                let (board, to_move) = game.start();
                let usual = Board::start(game.layout());
                (*board != usual || to_move != 0).then(|| StartPosition {
                    marbles: (0..game.setup().players as usize)
                        .map(|seat| holes_text(crate::game::holes(board.marbles(seat))))
                        .collect(),
                    to_move,
                })
            },
        }
    }

    /// Readable RON text.
    pub fn to_ron(&self) -> String {
        let cfg = ron::ser::PrettyConfig::default().compact_arrays(false);
        let mut text = ron::ser::to_string_pretty(self, cfg).expect("a record always serialises");
        text.push('\n');
        text
    }

    /// Reads a record (without replaying it; see [`GameRecord::replay`]).
    pub fn from_ron(text: &str) -> Result<GameRecord, RecordError> {
        // Read the version first, so a newer file gets a clear message rather than a
        // complaint about fields this build does not know.
        if let Ok(v) = ron::from_str::<VersionOnly>(text)
            && v.version > RECORD_VERSION
        {
            return Err(RecordError::FutureVersion(v.version));
        }
        let rec: GameRecord = ron::from_str(text).map_err(|e| RecordError::Parse(e.to_string()))?;
        // Should the version not have been readable on its own, the whole record tells.
        if rec.version > RECORD_VERSION {
            return Err(RecordError::FutureVersion(rec.version));
        }
        if rec.version == 0 {
            return Err(RecordError::Parse("version 0 does not exist".into()));
        }
        Ok(rec)
    }

    /// Replays every action from the start, checking each, and the result if one is stored.
    pub fn replay(&self) -> Result<Game, RecordError> {
        self.replay_to(self.moves.len())
    }

    /// Replays the first `n` actions (for stepping through a record or continuing from any
    /// point), checking each.
    pub fn replay_to(&self, n: usize) -> Result<Game, RecordError> {
        // A hand-edited set-up is checked before anything is placed for its seats.
        Setup::new(self.setup.players, self.setup.marbles, self.setup.teams)
            .map_err(RecordError::Rules)?;
        let mut game = match &self.start {
            None => Game::new(self.setup, self.rules.clone()).map_err(RecordError::Rules)?,
            Some(start) => {
                let bad = |m: String| RecordError::Parse(format!("start position: {m}"));
                if start.marbles.len() != self.setup.players as usize {
                    return Err(bad(format!(
                        "{} seats listed for {} players",
                        start.marbles.len(),
                        self.setup.players
                    )));
                }
                let mut board = Board::empty();
                for (seat, list) in start.marbles.iter().enumerate() {
                    for h in parse_holes(list) {
                        let h = h.map_err(|e| bad(e.to_string()))?;
                        if board.occupied().has(h.index()) {
                            return Err(bad(format!("two marbles on {h}")));
                        }
                        board.put(seat, h);
                    }
                    if board.marbles(seat).count() as usize > MAX_MARBLES {
                        return Err(bad(format!("seat {} has too many marbles", seat + 1)));
                    }
                }
                Game::from_board(self.setup, self.rules.clone(), board, start.to_move)
                    .map_err(RecordError::Rules)?
            }
        };
        for (i, token) in self.moves.iter().take(n).enumerate() {
            let bad = |error| RecordError::BadMove {
                index: i + 1,
                token: token.clone(),
                error,
            };
            let action: Action = token.parse().map_err(|e| bad(GameError::Notation(e)))?;
            if game.actions().len() > i {
                // Automatic passes are already in place; the record must agree.
                if game.actions()[i] != action {
                    return Err(bad(GameError::NotAllowed(format!(
                        "expected '{}' here (the player had no legal move)",
                        game.actions()[i]
                    ))));
                }
                continue;
            }
            if action == Action::Pass {
                // A pass the engine did not insert: the player had a move.
                return Err(bad(GameError::NotAllowed(
                    "a pass while a move was possible".into(),
                )));
            }
            game.act(action).map_err(bad)?;
        }
        if n == self.moves.len() {
            if game.actions().len() != self.moves.len() {
                // Only automatic passes can follow the last listed action; a complete record
                // lists them, but a shorter one is fine as long as the game agrees.
                let extra = &game.actions()[self.moves.len()..];
                if !extra.iter().all(|a| *a == Action::Pass) {
                    return Err(RecordError::WrongResult);
                }
            }
            if let Some(want) = &self.result {
                match game.status() {
                    Status::Over(got) if got == *want => {}
                    _ => return Err(RecordError::WrongResult),
                }
            }
        }
        Ok(game)
    }
}

/// Reads a record a player pasted or opened: the RON record ("Copy record") or the plain move
/// list ("Copy moves", see [`move_list_text`]), replaying and checking every action. Errors
/// are sentences for players, naming the first bad move ("move 3, k5-k9: k9 is not empty"),
/// never a parser's message.
pub fn read_record_text(text: &str) -> Result<GameRecord, String> {
    let trimmed = text.trim_start();
    let record = if trimmed.starts_with('(') || trimmed.starts_with("GameRecord") {
        GameRecord::from_ron(text).map_err(|e| match e {
            RecordError::Parse(why) => match ron_line(&why) {
                Some(line) => format!(
                    "This record is damaged near line {line}: a value is missing, misspelt or \
                     of the wrong kind."
                ),
                None => "This record is damaged: a value is missing, misspelt or of the wrong \
                         kind."
                    .to_string(),
            },
            other => sentence(&other.to_string()),
        })?
    } else if trimmed.starts_with("Sternhalma") {
        record_from_move_list(text)?
    } else {
        return Err(
            "This is neither a game record (\"Copy record\") nor a move list \
                    (\"Copy moves\")."
                .into(),
        );
    };
    match record.replay() {
        Ok(_) => Ok(record),
        Err(RecordError::BadMove {
            index,
            token,
            error,
        }) => {
            let why = match error {
                GameError::Illegal { why, .. } => why.to_string(),
                GameError::Notation(e) => format!("this is not a move ({e})"),
                other => other.to_string(),
            };
            Err(format!("Move {index}, {token}: {why}."))
        }
        Err(e) => Err(sentence(&e.to_string())),
    }
}

/// The line number a RON error starts with ("3:14: Expected ..."), if any.
fn ron_line(why: &str) -> Option<u32> {
    why.split(':').next()?.trim().parse().ok()
}

/// A message with a capital letter and a full stop.
fn sentence(s: &str) -> String {
    let mut c = s.chars();
    let mut out: String = c
        .next()
        .map(|f| f.to_uppercase().collect())
        .unwrap_or_default();
    out.push_str(c.as_str());
    if !out.ends_with('.') {
        out.push('.');
    }
    out
}

/// A record from [`move_list_text`]'s form: the header names the set-up and the preset,
/// the numbered lines hold the actions, a `Result:` line is ignored (the replay decides).
fn record_from_move_list(text: &str) -> Result<GameRecord, String> {
    let mut lines = text.lines().map(str::trim).filter(|l| !l.is_empty());
    let header = lines.next().unwrap_or_default();
    let bad_header = || {
        "The first line must name the players and the rules, as \"Copy moves\" writes it: \
         'Sternhalma — 2 players, 10 marbles — rules: classic'."
            .to_string()
    };
    let parts: Vec<&str> = header.split('—').map(str::trim).collect();
    let [_, setup_text, rules_text] = parts[..] else {
        return Err(bad_header());
    };
    let name = rules_text
        .strip_prefix("rules:")
        .ok_or_else(bad_header)?
        .trim();
    let mut players = None;
    let mut marbles = None;
    let mut teams = false;
    for item in setup_text.split(',').map(str::trim) {
        if let Some(n) = item.strip_suffix(" players") {
            players = n.parse::<u8>().ok();
        } else if let Some(n) = item.strip_suffix(" marbles") {
            marbles = n.parse::<u8>().ok();
        } else if item == "teams" {
            teams = true;
        } else {
            return Err(bad_header());
        }
    }
    let (Some(players), Some(marbles)) = (players, marbles) else {
        return Err(bad_header());
    };
    let setup = Setup::new(players, marbles, teams).map_err(|e| sentence(&e.to_string()))?;
    let rules = RuleSet::preset(name).map_err(|_| {
        format!(
            "The rules '{name}' are not one of the presets: paste the whole record (\"Copy \
             record\") to keep rules of your own."
        )
    })?;
    let mut moves = vec![];
    for line in lines {
        if line.starts_with("Result") {
            continue;
        }
        let Some((number, actions)) = line.split_once(". ") else {
            return Err(format!(
                "'{line}' is not a numbered line of moves like '1. k3-k5 e15-e13'."
            ));
        };
        if number.parse::<u32>().is_err() {
            return Err(format!(
                "'{line}' is not a numbered line of moves like '1. k3-k5 e15-e13'."
            ));
        }
        moves.extend(actions.split_whitespace().map(String::from));
    }
    Ok(GameRecord {
        version: RECORD_VERSION,
        setup,
        rules,
        moves,
        result: None,
        start: None,
    })
}

/// Just the version of a record; every other field is skipped. It answers to the record's
/// struct name, which a record may be written with (`GameRecord(version: 1, ...)`).
#[derive(Deserialize)]
#[serde(rename = "GameRecord")]
struct VersionOnly {
    version: u32,
}

/// The move list as plain text: a header, one numbered line per round, and the result.
pub fn move_list_text(game: &Game) -> String {
    let setup = game.setup();
    let mut out = format!("Sternhalma — {} — rules: {}\n", setup, game.rules().label());
    let n = setup.players as usize;
    for (round, chunk) in game.actions().chunks(n).enumerate() {
        let line: Vec<String> = chunk.iter().map(|a| a.to_string()).collect();
        out.push_str(&format!("{}. {}\n", round + 1, line.join(" ")));
    }
    match game.status() {
        Status::InPlay => out.push_str("Result: in play\n"),
        Status::Over(o) => {
            let places: Vec<String> = o
                .places
                .iter()
                .enumerate()
                .map(|(s, p)| format!("seat {} place {p}", s + 1))
                .collect();
            out.push_str(&format!("Result: {:?}; {}\n", o.reason, places.join(", ")));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pasted_move_list_or_record_reads_back_to_the_same_game() {
        let mut game = Game::from_preset("classic", Some(3), None).unwrap();
        for m in ["k4-k5", "c11-e11", "j13-i13", "j4-j5"] {
            game.play_notation(m).unwrap();
        }
        let from_list = read_record_text(&move_list_text(&game)).unwrap();
        assert_eq!(from_list.replay().unwrap().board(), game.board());
        assert_eq!(from_list.moves, GameRecord::from_game(&game).moves);
        let ron = GameRecord::from_game(&game).to_ron();
        assert_eq!(
            read_record_text(&ron).unwrap(),
            GameRecord::from_game(&game)
        );
    }

    #[test]
    fn a_bad_paste_is_refused_in_words() {
        let mut game = Game::from_preset("classic", Some(2), None).unwrap();
        game.play_notation("k3-k5").unwrap();
        game.play_notation("e15-e13").unwrap();
        let list = move_list_text(&game).replace("e15-e13", "e15-e13\n2. k5-k9");
        let e = read_record_text(&list).unwrap_err();
        assert!(e.starts_with("Move 3, k5-k9: "), "{e}");
        let e = read_record_text("hello").unwrap_err();
        assert!(e.contains("neither a game record"), "{e}");
        let e = read_record_text("(version: 1, setup: (players: 2))").unwrap_err();
        assert!(e.contains("damaged near line 1"), "{e}");
        let custom = move_list_text(&game).replace("rules: classic", "rules: my own");
        assert!(
            read_record_text(&custom)
                .unwrap_err()
                .contains("not one of the presets")
        );
        // Edited rules are not passed off as the preset they came from.
        let mut edited = RuleSet::preset("classic").unwrap();
        edited.move_limit = Some(90);
        let mut g = Game::new(Setup::new(2, 10, false).unwrap(), edited).unwrap();
        g.play_notation("k3-k5").unwrap();
        let list = move_list_text(&g);
        assert!(list.contains("rules: custom (from classic)"), "{list}");
        let e = read_record_text(&list).unwrap_err();
        assert!(
            e.contains("'custom (from classic)' are not one of the presets"),
            "{e}"
        );
        // The whole record keeps them.
        let back = read_record_text(&GameRecord::from_game(&g).to_ron()).unwrap();
        assert_eq!(back.rules.move_limit, Some(90));
        assert_eq!(back.rules.label(), "custom (from classic)");
        let no_header = "Sternhalma\n1. k3-k5";
        assert!(
            read_record_text(no_header)
                .unwrap_err()
                .contains("first line")
        );
    }

    #[test]
    fn a_newer_record_is_refused_however_it_is_written() {
        // Found by fuzzing (docs/fuzzing.md): with its struct name, a version 2 record was
        // read as if this build understood it.
        let game = Game::from_preset("casual", Some(2), None).unwrap();
        let text = GameRecord::from_game(&game)
            .to_ron()
            .replace("version: 1,", "version: 2,");
        let named = format!("GameRecord{text}");
        let extra = named.replace("version: 2,", "version: 2, colours: [\"red\"],");
        for t in [&text, &named, &extra] {
            assert_eq!(
                GameRecord::from_ron(t),
                Err(RecordError::FutureVersion(2)),
                "{t}"
            );
            let e = read_record_text(t).unwrap_err();
            assert!(e.contains("newer Sternhalma"), "{e}");
        }
        // The name is no obstacle to reading a current record.
        let current = format!("GameRecord{}", GameRecord::from_game(&game).to_ron());
        assert_eq!(
            GameRecord::from_ron(&current),
            Ok(GameRecord::from_game(&game))
        );
    }

    #[test]
    fn the_move_list_text_numbers_rounds_and_states_the_result() {
        let mut game = Game::from_preset("casual", Some(3), None).unwrap();
        for m in ["k4-k5", "c11-e11", "j13-i13", "j4-j5"] {
            game.play_notation(m).unwrap();
        }
        let text = move_list_text(&game);
        let lines: Vec<&str> = text.lines().collect();
        assert!(lines[0].contains("3 players, 10 marbles") && lines[0].contains("casual"));
        assert_eq!(lines[1], "1. k4-k5 c11-e11 j13-i13");
        assert_eq!(lines[2], "2. j4-j5");
        assert_eq!(lines[3], "Result: in play");
        game.resign(1).unwrap();
        game.resign(2).unwrap();
        let text = move_list_text(&game);
        assert!(text.contains("resign:2 resign:3"), "{text}");
        assert!(text.lines().last().unwrap().contains("seat 1 place 1"));
    }
}
