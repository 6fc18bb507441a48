//! What the fuzz targets share.

use sternhalma_rules::{Action, Board, Game, Status};

/// The position: what a record must replay to.
pub type Position = (Board, Vec<Action>, Option<usize>, Status, u64);

/// A game's position, to compare a replay with the game it came from.
pub fn position(g: &Game) -> Position {
    (
        *g.board(),
        g.actions().to_vec(),
        g.to_move(),
        g.status(),
        g.hash(),
    )
}
