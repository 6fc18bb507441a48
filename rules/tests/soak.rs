//! The soak run through the library's public face: a short run is clean, and its checker
//! refuses a position whose bookkeeping was tampered with.

use sternhalma_rules::soak::{self, Checker, Invariant, Snapshot};
use sternhalma_rules::{Game, zobrist};

#[test]
fn a_short_soak_plays_every_game_and_breaks_nothing() {
    let report = soak::soak(30, 2024);
    let failures: Vec<String> = report
        .failures
        .iter()
        .map(|f| format!("{f}\n{}", f.record.to_ron()))
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert_eq!(report.games, 30);
    assert!(report.moves > 0);
    assert_eq!(
        report.summary(),
        format!("games=30 moves={} failures=0", report.moves)
    );
    // Thirty games cover the first thirty tables-and-players of the rotation, and the rules
    // ended all but those that hit the cap.
    let ended: usize = report.endings.iter().map(|e| e.1).sum();
    assert_eq!(ended + report.capped, 30);
}

#[test]
fn the_checker_refuses_a_tampered_position() {
    let mut game = Game::from_preset("classic", Some(3), None).unwrap();
    let checker = Checker::new(&game);
    for text in ["k4-k5", "c11-e11", "j13-i13"] {
        game.play_notation(text).unwrap();
    }
    let good = Snapshot::of(&game);
    checker.position(&good).unwrap();
    // The kept hash and the side to move disagree.
    let mut bad = good.clone();
    bad.hash ^= zobrist::to_move(0) ^ zobrist::to_move(2);
    let e = checker.position(&bad).unwrap_err();
    assert_eq!(e.invariant, Invariant::Hash, "{e}");
    // A marble gone missing from the occupied set.
    let mut bad = good.clone();
    let h = bad.marbles[1].first().unwrap();
    bad.occupied.clear(h);
    let e = checker.position(&bad).unwrap_err();
    assert_eq!(e.invariant, Invariant::Occupancy, "{e}");
}
