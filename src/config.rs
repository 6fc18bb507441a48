//! What a match is made of and the player's settings (plain data, in [`sternhalma_store`], where
//! the file formats that keep them live), plus the marble colours the app draws.

use bevy::prelude::*;
use sternhalma_rules::Point;
pub use sternhalma_store::config::*;

/// The marble colours. A match's [`Palette`] says which point wears which; by default point by
/// point, clockwise from the bottom: white, red, blue, black, yellow, green. Purple and silver
/// are the Leapstone app's own, for its preset or anyone's choice.
pub const COLOURS: [Color; COLOUR_COUNT] = [
    Color::srgb(0.94, 0.93, 0.89),
    Color::srgb(0.84, 0.16, 0.14),
    Color::srgb(0.16, 0.36, 0.86),
    Color::srgb(0.13, 0.13, 0.15),
    Color::srgb(0.97, 0.79, 0.12),
    Color::srgb(0.12, 0.62, 0.27),
    Color::srgb(0.52, 0.24, 0.70),
    Color::srgb(0.66, 0.69, 0.73),
];

/// The colours' names, matching [`COLOURS`], for texts like "Red to move".
pub const COLOUR_NAMES: [&str; COLOUR_COUNT] = [
    "White", "Red", "Blue", "Black", "Yellow", "Green", "Purple", "Silver",
];

/// The colour of the marbles starting in `point`, under `palette`.
pub fn point_colour(palette: Palette, point: Point) -> Color {
    COLOURS[palette.colour(point)]
}

/// The name of the colour starting in `point`, under `palette`: how the game names that seat.
pub fn point_name(palette: Palette, point: Point) -> &'static str {
    COLOUR_NAMES[palette.colour(point)]
}
