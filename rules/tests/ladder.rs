//! The levels stay in order away from two players: a short, fixed match (the levels are bound
//! by nodes, not time, so it plays the same games on every machine) where the hard level must
//! finish first far more often than chance against a table of mediums. The long runs behind
//! the figures are in docs/ai.md.

mod common;

use common::{field, play_match, stdout};

/// Games the level in one seat (rotating) finished first, against `b` in every other seat.
fn firsts(players: &str, a: &str, b: &str, games: &str, seed: &str) -> usize {
    let out = play_match([players, a, b, games], &["--seed", seed, "--jobs", "2"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = stdout(&out);
    let line = text
        .lines()
        .find(|l| l.starts_with("a_wins="))
        .expect("a results line");
    field(line, "a_wins")
        .parse()
        .expect("a count of first places")
}

/// Four players, 12 games: chance is 3 first places. Hard takes 7 (before it raced the whole
/// field and searched 40,000 nodes, 4; a medium in its seat takes 2).
#[test]
fn hard_beats_a_table_of_mediums_at_four_players() {
    let n = firsts("4", "hard", "medium", "12", "1");
    assert!(
        n >= 6,
        "hard finished first in {n} of 12 against three mediums"
    );
}
