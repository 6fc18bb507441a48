//! The rules of Chinese Checkers (Sternhalma): board, notation, rule sets, move generation,
//! game flow and records. No Bevy, no file I/O, no clock and no randomness of its own: callers
//! pass in whatever time or seeds they use, so every result is reproducible.

pub mod ai;
pub mod bitboard;
pub mod board;
pub mod movegen;
pub mod notation;
pub mod position;
pub mod rules;
pub mod soak;
pub mod tutorial;
pub mod zobrist;

pub use bitboard::Bits;
pub use board::{Dir, Hole, Point};
pub use movegen::{MoveList, PathError, perft};
pub use notation::{NotationError, format_path, holes_text, parse_hole, parse_holes, parse_path};
pub use position::{Board, Layout};
pub use rules::{RuleSet, RulesError, Setup};
pub mod game;
pub mod guide;
pub use game::{
    Action, EndReason, Event, Game, GameError, Hop, Move, OutReason, Outcome, Progress, Standing,
    Status,
};
pub mod record;
pub use record::{GameRecord, RECORD_VERSION, RecordError, move_list_text, read_record_text};
