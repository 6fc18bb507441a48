//! What Sternhalma keeps on disk — the autosave, the settings, the statistics and the player's
//! named rule sets — and the plain data inside them (a match's options, the player's
//! settings). No Bevy and no I/O: the app reads and writes the files, this crate turns their
//! text into checked values and back, so every decoder can be tested and fuzzed directly
//! (fuzz).

pub mod config;
pub mod formats;
pub mod my_rules;
pub mod stats;

pub use formats::Problem;
