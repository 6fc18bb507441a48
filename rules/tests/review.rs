//! The game review (issue 23): a game of the engine's own best moves marks nothing, a planted
//! blunder is marked and nothing else, race costs are the exact difference in moves to finish,
//! and a cancelled review says so.

mod common;

use common::*;
use std::collections::HashSet;
use std::sync::atomic::{AtomicBool, Ordering};
use sternhalma_rules::ai::Level;
use sternhalma_rules::ai::review::{
    Basis, COSTLY, Cost, ReviewError, ReviewOptions, Reviewer, best_move, review_game,
    review_record,
};
use sternhalma_rules::rules::{Finish, LeaveHome};
use sternhalma_rules::{Board, Game, GameRecord, Layout, Move, RuleSet, Setup};

/// Plies of the test games: the opening and early middle game, where the search judges.
const PLIES: usize = 14;
/// The ply (1-based) of the planted blunder, a move of the bottom seat.
const BLUNDER: usize = 9;

/// The review as the app runs it, but with the hard level's best moves: the expert's search
/// is some twenty times dearer, and what is tested (the best move is the one the engine plays,
/// a worse one is charged) does not depend on the level. The CLI tests run the expert.
fn options() -> ReviewOptions {
    ReviewOptions {
        level: Level::Hard,
        ..ReviewOptions::default()
    }
}

/// The engine (the review's level and seed) playing both sides for `PLIES` plies, except at
/// ply `blunder`, where the bottom seat makes its most backward move.
fn engine_game(blunder: Option<usize>) -> Game {
    let never = AtomicBool::new(false);
    let mut game = Game::from_preset("casual", Some(2), None).unwrap();
    for ply in 1..=PLIES {
        let m = if blunder == Some(ply) {
            worst_move(&game)
        } else {
            best_move(&game, options().level, &never).unwrap()
        };
        game.play(&m.path).unwrap();
    }
    game
}

/// The legal move that goes furthest back toward the mover's own home point.
fn worst_move(game: &Game) -> Move {
    let seat = game.to_move().unwrap();
    let home = game.setup().seat_points()[seat];
    let back = |m: &Move| m.to.rows_from_tip(home) - m.from.rows_from_tip(home);
    game.legal_moves()
        .into_iter()
        .min_by_key(|m| (back(m), m.from.index(), m.to.index()))
        .unwrap()
}

#[test]
fn a_game_of_the_engines_own_best_moves_marks_nothing() {
    let game = engine_game(None);
    let never = AtomicBool::new(false);
    let mut seen = Vec::new();
    let review = review_game(&game, &options(), &mut |d, t| seen.push((d, t)), &never).unwrap();
    assert_eq!(review.seats, vec![0, 1]);
    assert_eq!(review.moves.len(), PLIES);
    for m in &review.moves {
        assert_eq!(
            (m.played.from, m.played.to),
            (m.best.from, m.best.to),
            "ply {}",
            m.ply
        );
        assert_eq!(m.cost, Cost::ZERO);
        assert_eq!(m.basis, Basis::Search);
    }
    assert_eq!((review.costly(), review.total_cost()), (0, Cost::ZERO));
    assert!(review.costliest(3).is_empty());
    // Progress is reported after every move, up to the total.
    assert_eq!(seen, (1..=PLIES).map(|d| (d, PLIES)).collect::<Vec<_>>());
    // The record of the game reviews the same.
    let record = GameRecord::from_game(&game);
    assert_eq!(
        review_record(&record, &options(), &mut |_, _| {}, &never).unwrap(),
        review
    );
}

#[test]
fn a_planted_blunder_is_marked_and_nothing_else() {
    let game = engine_game(Some(BLUNDER));
    let never = AtomicBool::new(false);
    let review = review_game(&game, &options(), &mut |_, _| {}, &never).unwrap();
    assert_eq!(review.moves.len(), PLIES);
    let blunder = &review.moves[BLUNDER - 1];
    assert_eq!((blunder.ply, blunder.seat), (BLUNDER, 0));
    assert!(blunder.costly(), "the blunder cost only {}", blunder.cost);
    assert!(blunder.cost >= COSTLY);
    assert_ne!(blunder.best.to, blunder.played.to);
    for m in review.moves.iter().filter(|m| m.ply != BLUNDER) {
        assert_eq!(
            m.cost,
            Cost::ZERO,
            "ply {} {} (best {})",
            m.ply,
            m.played,
            m.best
        );
    }
    assert_eq!(review.costly(), 1);
    assert_eq!(review.total_cost(), blunder.cost);
    let top = review.costliest(3);
    assert_eq!(top.len(), 1);
    assert_eq!(top[0].ply, BLUNDER);
    // Reviewing the bottom seat alone finds the same; the top seat alone, nothing.
    for (seat, costly) in [(0, 1), (1, 0)] {
        let one = ReviewOptions {
            seat: Some(seat),
            ..options()
        };
        let r = review_game(&game, &one, &mut |_, _| {}, &never).unwrap();
        assert_eq!(r.seats, vec![seat]);
        assert_eq!(r.moves.len(), PLIES / 2);
        assert!(r.moves.iter().all(|m| m.seat == seat));
        assert_eq!(r.costly(), costly, "seat {seat}");
    }
}

/// Fewest moves for seat 0 alone to fill its goal, by breadth-first search over every move
/// (forward, sideways and back): the truth the race solver is checked against.
fn fewest_moves(layout: &Layout, start: &Board, limit: usize) -> Option<usize> {
    let goal = layout.seats[0].goal;
    let done = |b: &Board| b.marbles(0) & goal == goal;
    if done(start) {
        return Some(0);
    }
    let mut seen = HashSet::from([start.hash()]);
    let mut layer = vec![*start];
    for depth in 1..=limit {
        let mut next = Vec::new();
        for b in &layer {
            for (f, t) in layout.moves(b, 0).pairs() {
                let mut c = *b;
                c.shift(0, f, t);
                if done(&c) {
                    return Some(depth);
                }
                if seen.insert(c.hash()) {
                    next.push(c);
                }
            }
        }
        layer = next;
    }
    None
}

#[test]
fn a_race_move_costs_exactly_the_moves_it_loses() {
    // The bottom seat has two marbles left a little short of its goal (the top point, which
    // is full but for two holes of its lowest row); the top seat's marbles are far behind, in
    // the bottom point's first rows but one hole: a race.
    let rules = RuleSet {
        finish: Finish::Strict,
        ..RuleSet::preset("casual").unwrap()
    };
    let setup = Setup::new(2, 10, false).unwrap();
    let b = board(&[
        "e17 e16 f16 e15 f15 g15 e14 h14 f12 g12",
        "m1 l2 m2 k3 l3 m3 j4 k4 l4 i5",
    ]);
    let game = Game::from_board(setup, rules, b, 0).unwrap();
    let layout = game.layout().clone();
    let before = fewest_moves(&layout, &b, 4).expect("a short race");
    // Every move of the bottom seat, judged against the brute-force count.
    let never = AtomicBool::new(false);
    let seat0 = ReviewOptions {
        seat: Some(0),
        ..options()
    };
    let mut costs = HashSet::new();
    for m in game.legal_moves() {
        let mut after = b;
        after.shift(0, m.from, m.to);
        let Some(left) = fewest_moves(&layout, &after, 5) else {
            continue;
        };
        let mut played = game.clone();
        played.play(&m.path).unwrap();
        let review = review_game(&played, &seat0, &mut |_, _| {}, &never).unwrap();
        let r = &review.moves[0];
        assert_eq!(r.basis, Basis::Race, "{m}");
        let want = (left + 1 - before) as u32;
        assert_eq!(r.cost, Cost::moves(want), "{m}: {left} moves left after it");
        // The best move shown is a shortest line's first move.
        let mut best = b;
        best.shift(0, r.best.from, r.best.to);
        assert_eq!(fewest_moves(&layout, &best, 4), Some(before - 1));
        costs.insert(want);
    }
    assert!(
        costs.contains(&0) && costs.iter().any(|&c| c > 0),
        "both good and costly moves checked: {costs:?}"
    );
}

#[test]
fn a_cancelled_review_says_so_and_gives_no_partial_result() {
    let game = engine_game(None);
    let cancel = AtomicBool::new(true);
    assert_eq!(
        review_game(&game, &options(), &mut |_, _| {}, &cancel),
        Err(ReviewError::Cancelled)
    );
    // Cancelled while running: after the first move is reviewed.
    let cancel = AtomicBool::new(false);
    let mut reviewed = 0;
    let result = review_game(
        &game,
        &options(),
        &mut |done, _| {
            reviewed = done;
            cancel.store(true, Ordering::Relaxed);
        },
        &cancel,
    );
    assert_eq!(result, Err(ReviewError::Cancelled));
    assert_eq!(reviewed, 1);
}

/// The step-by-step reviewer (a move per call, as the browser runs it) gives exactly the
/// review of the whole-game call, with a step per reviewed move.
#[test]
fn a_review_step_by_step_is_the_whole_review() {
    let game = engine_game(Some(BLUNDER));
    let never = AtomicBool::new(false);
    let whole = review_game(&game, &options(), &mut |_, _| {}, &never).unwrap();
    let mut reviewer = Reviewer::new(&game, &options()).unwrap();
    assert_eq!((reviewer.done(), reviewer.total()), (0, PLIES));
    let mut steps = 0;
    while !reviewer.step(&never).unwrap() {
        steps += 1;
        assert_eq!(reviewer.done(), steps);
    }
    assert_eq!(steps + 1, PLIES);
    assert_eq!(reviewer.finish(), whole);
}

#[test]
fn a_seat_that_does_not_play_is_refused() {
    let game = Game::from_preset("casual", Some(3), None).unwrap();
    let never = AtomicBool::new(false);
    let bad = ReviewOptions {
        seat: Some(3),
        ..options()
    };
    let err = review_game(&game, &bad, &mut |_, _| {}, &never).unwrap_err();
    assert_eq!(
        err,
        ReviewError::NoSuchSeat {
            seat: 3,
            players: 3
        }
    );
    assert!(err.to_string().contains("seat 4"));
    // With three players and no seat chosen, the bottom seat is reviewed.
    let r = review_game(&game, &options(), &mut |_, _| {}, &never).unwrap();
    assert_eq!((r.seats, r.moves.len()), (vec![0], 0));
}

#[test]
fn a_move_that_puts_the_seat_out_costs_every_move_it_still_needed() {
    // The leaving-home deadline after one move: from the second on, a marble that steps back
    // into its start point puts its seat out. Both seats are out of their homes already.
    let rules = RuleSet {
        leave_home: LeaveHome::Moves(1),
        ..RuleSet::preset("casual").unwrap()
    };
    let setup = Setup::new(2, 10, false).unwrap();
    let b = board(&[
        "k5 l5 m5 i8 i9 h9 h10 j8 j9 g10",
        "f13 g13 h13 i13 g12 h12 i12 j12 h11 i11",
    ]);
    let mut game = Game::from_board(setup, rules, b, 0).unwrap();
    let never = AtomicBool::new(false);
    for _ in 0..2 {
        let m = best_move(&game, options().level, &never).unwrap();
        game.play(&m.path).unwrap();
    }
    let back = game
        .legal_moves()
        .into_iter()
        .find(|m| game.would_put_out(&m.path))
        .expect("a step back into the start point");
    game.play(&back.path).unwrap();
    let seat0 = ReviewOptions {
        seat: Some(0),
        ..options()
    };
    let review = review_game(&game, &seat0, &mut |_, _| {}, &never).unwrap();
    let out = review.moves.last().unwrap();
    assert_eq!((out.ply, out.basis), (3, Basis::PutOut));
    assert!(
        out.cost >= Cost::moves(10),
        "every marble had far to go: {}",
        out.cost
    );
    assert_eq!(review.costly(), 1);
}
