//! The presets that follow a source as a whole, played: the classic rulebook and the
//! Leapstone app's rules, at every player count they allow.

mod common;

use common::board;
use sternhalma_rules::{EndReason, Event, Game, OutReason, RuleSet, Setup, Standing, Status};

fn preset_game(preset: &str, players: u8, seats: &[&str]) -> Game {
    let rules = RuleSet::preset(preset).unwrap();
    let setup = Setup::new(players, 10, rules.teams).unwrap();
    Game::from_board(setup, rules, board(seats), 0).unwrap()
}

/// White (the bottom seat, aiming at the top point) with nine marbles in the goal and the
/// tenth on h13, one step from h14; seat 1 has a marble parked on e17 when `blocked`.
fn white_one_step_from_home(preset: &str, players: u8, blocked: bool) -> Game {
    let white = if blocked {
        "e16 f16 e15 f15 g15 e14 f14 g14 h13"
    } else {
        "e17 e16 f16 e15 f15 g15 e14 f14 g14 h13"
    };
    // Every other seat: a marble or two far from home, so it can always move.
    let mut seats = vec![white.to_string()];
    let spare = ["i9 i5", "k9 k5", "g9 g7", "j10 h7", "l9 l7"];
    for s in 1..players as usize {
        seats.push(spare[s - 1].to_string());
    }
    if blocked {
        seats[1].push_str(" e17");
    }
    let seats: Vec<&str> = seats.iter().map(String::as_str).collect();
    preset_game(preset, players, &seats)
}

fn over(g: &Game) -> sternhalma_rules::Outcome {
    match g.status() {
        Status::Over(o) => o,
        Status::InPlay => panic!("the game should be over"),
    }
}

#[test]
fn the_rulebook_ends_at_the_first_finisher_at_every_table() {
    for players in [2, 3, 4, 6] {
        let mut g = white_one_step_from_home("rulebook", players, false);
        let events = g.play_notation("h13-h14").unwrap();
        assert!(events.contains(&Event::Finished { seat: 0 }), "{players}");
        let o = over(&g);
        assert_eq!(o.reason, EndReason::Finished);
        assert_eq!(o.places[0], 1, "{players}: the finisher wins");
        assert_eq!(o.winners().count(), 1, "{players}: one winner");
    }
}

#[test]
fn in_both_presets_only_your_own_marbles_fill_the_goal() {
    for preset in ["rulebook", "leapstone"] {
        for players in [2, 3, 4, 6] {
            let mut g = white_one_step_from_home(preset, players, true);
            let events = g.play_notation("h13-h14").unwrap();
            assert!(!events.contains(&Event::Finished { seat: 0 }), "{preset}");
            assert_eq!(g.status(), Status::InPlay, "{preset} {players}");
        }
    }
}

#[test]
fn the_rulebook_has_no_deadline_and_no_move_limit() {
    let mut g = Game::from_preset("rulebook", Some(2), None).unwrap();
    // 200 turns each of two marbles stepping to and fro, eight marbles never leaving home.
    let shuffle = [["k4-k5", "g14-g13"], ["k5-k4", "g13-g14"]];
    for i in 0..200 {
        for path in shuffle[i % 2] {
            g.play_notation(path)
                .unwrap_or_else(|e| panic!("turn {i}: {path}: {e}"));
        }
    }
    assert_eq!(g.status(), Status::InPlay);
    assert!((0..2).all(|s| g.standing(s) == Standing::Playing));
}

#[test]
fn leapstone_plays_on_for_places_after_the_first_finisher() {
    for players in [3, 4, 6] {
        let mut g = white_one_step_from_home("leapstone", players, false);
        g.play_notation("h13-h14").unwrap();
        assert_eq!(g.status(), Status::InPlay, "{players}");
        assert_eq!(g.place(0), Some(1));
        assert_eq!(g.to_move(), Some(1), "the others play on");
    }
    // Two players: the first to finish wins and the game is over.
    let mut g = white_one_step_from_home("leapstone", 2, false);
    g.play_notation("h13-h14").unwrap();
    assert_eq!(over(&g).places, vec![1, 2]);
}

#[test]
fn leapstone_resigning_removes_the_marbles_and_the_last_player_left_wins() {
    let mut g = Game::from_preset("leapstone", Some(4), None).unwrap();
    let before = g.board().marbles(2).count();
    assert_eq!(before, 10);
    g.resign(2).unwrap();
    assert_eq!(
        g.board().marbles(2).count(),
        0,
        "the marbles leave the board"
    );
    assert_eq!(g.status(), Status::InPlay, "the game goes on");
    assert_eq!(g.place(2), Some(4));
    g.resign(0).unwrap();
    assert_eq!(g.status(), Status::InPlay);
    g.resign(3).unwrap();
    let o = over(&g);
    assert_eq!(o.places, vec![3, 1, 4, 2], "the last player left wins");
}

#[test]
fn leapstone_skips_a_turn_after_thirty_seconds_and_three_misses_resign() {
    let mut g = Game::from_preset("leapstone", Some(3), None).unwrap();
    assert!(g.tick(29_999).is_empty(), "under 30 s nothing happens");
    for missed in 1..=3 {
        assert_eq!(g.to_move(), Some(0));
        let events = if missed == 1 {
            g.tick(1)
        } else {
            g.tick(30_000)
        };
        assert!(events.contains(&Event::TimedOut { seat: 0 }), "{missed}");
        if missed < 3 {
            assert_eq!(g.to_move(), Some(1), "the turn is skipped");
            assert_eq!(g.standing(0), Standing::Playing);
            for _ in 0..2 {
                let m = g.legal_moves()[0].clone();
                g.play(&m.path).unwrap();
            }
        }
    }
    assert_eq!(g.standing(0), Standing::Out(OutReason::MissedTurns));
    assert_eq!(g.board().marbles(0).count(), 0);
    assert_eq!(
        g.status(),
        Status::InPlay,
        "three players: the game goes on"
    );
}
