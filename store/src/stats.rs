//! Statistics of the people at this device, per player count and preset: games, wins, places,
//! fastest win, longest jump chain, and the record against each computer level. A match is
//! counted once, when it ends (the app decides when and writes the file).

use crate::config::{Controller, MatchConfig};
use crate::formats::{self, Problem};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};
use sternhalma_rules::ai::Level;
use sternhalma_rules::{Action, Game, Standing, Status};

/// The statistics file.
pub const STATS_FILE: &str = "stats.ron";
/// The statistics format this build writes.
pub const STATS_VERSION: u32 = 2;

/// How many counted matches are remembered by id.
const REMEMBERED: usize = 64;

/// Every table of statistics.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "bevy", derive(bevy_ecs::resource::Resource))]
#[serde(deny_unknown_fields)]
pub struct Stats {
    /// [`STATS_VERSION`].
    pub version: u32,
    /// One table per "N players, preset".
    pub tables: BTreeMap<String, Table>,
    /// Ids of the last matches counted, newest last: a match restored from a save written
    /// before its count (a crash between the two files) is not counted again.
    #[serde(default)]
    pub counted: Vec<u64>,
    /// Practice: the fewest moves of each solo crossing finished, by its marble count (6, 10
    /// or 15). Practice games are never counted as matches; these are their only results.
    /// Defaulted, so statistics written before practice existed still load.
    #[serde(default)]
    pub crossing_best: BTreeMap<u8, u32>,
    /// Practice: the puzzles solved, by [`Stats::puzzle_key`].
    #[serde(default)]
    pub puzzles_solved: BTreeSet<String>,
}

impl Default for Stats {
    fn default() -> Self {
        Stats {
            version: STATS_VERSION,
            tables: BTreeMap::new(),
            counted: Vec::new(),
            crossing_best: BTreeMap::new(),
            puzzles_solved: BTreeSet::new(),
        }
    }
}

/// The figures of one player count and preset. "You" are the people at the device: in a game
/// with several people, the best placed of them.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Table {
    /// Finished games with at least one person playing.
    pub games: u32,
    /// Games you finished first.
    pub wins: u32,
    /// Games that ended level at the top.
    pub draws: u32,
    /// How often you placed 1st, 2nd, … 6th.
    pub places: [u32; 6],
    /// Fewest moves of yours in a game you won.
    pub fastest_win: Option<u32>,
    /// Most hops in one of your moves.
    pub longest_chain: u32,
    /// Games where you placed ahead of / behind a computer of each level.
    pub versus: BTreeMap<Level, Versus>,
}

/// Your record against one computer level.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Versus {
    /// You placed ahead of it.
    pub wins: u32,
    /// It placed ahead of you.
    pub losses: u32,
}

/// The table name of a match: "2 players, classic", or "2 players, custom (from classic)"
/// once the rules were edited, so edited games never mix with the preset's.
pub fn table_name(players: u8, preset: &str) -> String {
    format!("{players} players, {preset}")
}

impl Stats {
    /// Adds a game once every person's place is settled: when it is over, or earlier when the
    /// rules play on for places after the people finished or went out. Returns false (and
    /// changes nothing) while a person's place is open, or when nobody at the device played.
    pub fn record(&mut self, game: &Game, config: &MatchConfig) -> bool {
        let status = game.status();
        let place_of = |s: usize| match &status {
            Status::Over(o) => Some(o.places[s]),
            Status::InPlay => game.place(s),
        };
        let seats = config.controllers();
        let humans: Vec<usize> = (0..seats.len()).filter(|&s| seats[s].is_human()).collect();
        let Some(places) = humans
            .iter()
            .map(|&s| place_of(s).map(|p| (p, s)))
            .collect::<Option<Vec<_>>>()
        else {
            return false;
        };
        let Some(&(place, best)) = places.iter().min() else {
            return false;
        };
        let table = self
            .tables
            .entry(table_name(config.players, &game.rules().label()))
            .or_default();
        table.games += 1;
        let draw = matches!(&status, Status::Over(o) if o.is_draw(game.setup()));
        if draw {
            table.draws += 1;
        } else if place == 1 {
            table.wins += 1;
            let moves = places
                .iter()
                .filter(|(p, _)| *p == 1)
                .map(|&(_, s)| u32::from(game.moves_made(s)))
                .min()
                .unwrap_or(0);
            table.fastest_win = Some(table.fastest_win.map_or(moves, |m| m.min(moves)));
        }
        if let Some(slot) = table.places.get_mut(usize::from(place).saturating_sub(1)) {
            *slot += 1;
        }
        table.longest_chain = table.longest_chain.max(longest_chain(game, &humans));
        let you_finished = game.standing(best) == Standing::Finished;
        for (s, c) in seats.iter().enumerate() {
            let Controller::Computer(level) = *c else {
                continue;
            };
            // A computer still playing will place behind anyone who finished and ahead of
            // anyone who went out.
            let ahead = match place_of(s) {
                Some(theirs) if theirs == place => continue,
                Some(theirs) => place < theirs,
                None => you_finished,
            };
            let v = table.versus.entry(level).or_default();
            if ahead {
                v.wins += 1;
            } else {
                v.losses += 1;
            }
        }
        true
    }

    /// Keeps a finished crossing of `marbles` marbles in `moves` moves; true when it is the
    /// fewest yet (the first one always is).
    pub fn record_crossing(&mut self, marbles: u8, moves: u32) -> bool {
        let best = self.crossing_best.entry(marbles).or_insert(u32::MAX);
        if moves < *best {
            *best = moves;
            true
        } else {
            false
        }
    }

    /// Marks a puzzle solved (by its [`Stats::puzzle_key`]); true when it was not before.
    pub fn record_puzzle(&mut self, key: &str) -> bool {
        self.puzzles_solved.insert(key.to_string())
    }

    /// What identifies a puzzle in the statistics: its kind and where its position comes from
    /// (the self-play game and ply), which stay when its wording changes.
    pub fn puzzle_key(puzzle: &sternhalma_rules::ai::puzzles::Puzzle) -> String {
        format!("{:?}, {}", puzzle.kind, puzzle.source)
    }

    /// Whether the match with this id was counted already (0, an unknown id, never was).
    pub fn has_counted(&self, id: u64) -> bool {
        id != 0 && self.counted.contains(&id)
    }

    /// Remembers that the match with this id is counted.
    pub fn mark_counted(&mut self, id: u64) {
        if id == 0 || self.has_counted(id) {
            return;
        }
        self.counted.push(id);
        let extra = self.counted.len().saturating_sub(REMEMBERED);
        self.counted.drain(..extra);
    }

    /// Readable RON.
    pub fn to_ron(&self) -> String {
        let cfg = ron::ser::PrettyConfig::default();
        let mut text = ron::ser::to_string_pretty(self, cfg).expect("plain data serialises");
        text.push('\n');
        text
    }

    /// Reads statistics, refusing newer or damaged files.
    pub fn from_ron(text: &str) -> Result<Stats, Problem> {
        let stats: Stats =
            ron::from_str(text).map_err(|e| Problem::new(formats::DAMAGED, e.to_string()))?;
        match stats.version {
            // Version 1 lacks only the list of counted matches.
            1 | STATS_VERSION => Ok(Stats {
                version: STATS_VERSION,
                ..stats
            }),
            v if v > STATS_VERSION => Err(Problem::new(
                formats::NEWER,
                format!("statistics version {v}"),
            )),
            v => Err(Problem::new(
                formats::DAMAGED,
                format!("statistics version {v} does not exist"),
            )),
        }
    }
}

/// The most hops in one move by any of `seats`.
fn longest_chain(game: &Game, seats: &[usize]) -> u32 {
    let by_seat = moves_by_seat(game);
    seats
        .iter()
        .filter_map(|&s| by_seat.get(s))
        .flatten()
        .map(|p| sternhalma_rules::game::jumps(p))
        .max()
        .unwrap_or(0)
}

/// The paths each seat moved along (indexed by seat), by who made each action as the
/// game's history tells ([`Game::movers`]).
pub fn moves_by_seat(game: &Game) -> Vec<Vec<Vec<sternhalma_rules::Hole>>> {
    let mut paths = vec![vec![]; game.setup().players as usize];
    for (action, mover) in game.actions().iter().zip(game.movers()) {
        if let Action::Move(path) = action
            && let Some(own) = paths.get_mut(mover)
        {
            own.push(path.clone());
        }
    }
    paths
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A statistics file written before practice existed (no practice fields) still loads,
    /// with no practice results; the fields written now read back.
    #[test]
    fn statistics_from_before_practice_still_load() {
        let old = "(version: 2, tables: {\"2 players, classic\": (games: 3, wins: 1, draws: 0, \
                   places: (1, 2, 0, 0, 0, 0), fastest_win: Some(40), longest_chain: 4, \
                   versus: {})}, counted: [7])";
        let stats = Stats::from_ron(old).expect("an old file loads");
        assert_eq!(stats.tables["2 players, classic"].games, 3);
        assert!(stats.crossing_best.is_empty() && stats.puzzles_solved.is_empty());
        let mut newer = stats.clone();
        assert!(newer.record_crossing(10, 31));
        assert!(!newer.record_crossing(10, 33), "not fewer");
        assert!(newer.record_crossing(10, 29));
        assert!(newer.record_puzzle("FarChain, game 1"));
        assert!(!newer.record_puzzle("FarChain, game 1"));
        let back = Stats::from_ron(&newer.to_ron()).unwrap();
        assert_eq!(back.crossing_best[&10], 29);
        assert_eq!(back, newer);
    }

    #[test]
    fn edited_rules_count_apart_from_their_preset() {
        let config = MatchConfig::preset("classic", 2).unwrap();
        let mut edited = config.clone();
        edited.rules.move_limit = Some(90);
        let mut stats = Stats::default();
        for c in [&config, &edited, &edited] {
            let mut g = c.build_game().unwrap();
            g.resign(1).unwrap();
            assert!(stats.record(&g, c));
        }
        assert_eq!(stats.tables["2 players, classic"].games, 1);
        assert_eq!(stats.tables["2 players, custom (from classic)"].games, 2);
    }
}
