//! Every rule option on small hand-made positions. Each option is played both ways, so each
//! test fails if the engine ignored the option.

mod common;

use common::{board, h};
use sternhalma_rules::rules::{
    AfterFinish, AfterResign, ClockRule, Finish, Jumps, LeaveHome, PartnerInGoal, Undecided,
};
use sternhalma_rules::{
    Action, Board, EndReason, Event, Game, GameError, Hole, OutReason, PathError, RuleSet, Setup,
    Standing, Status, parse_path,
};

fn game(players: u8, rules: RuleSet, seats: &[&str]) -> Game {
    let setup = Setup::new(players, 10, rules.teams).unwrap();
    Game::from_board(setup, rules, board(seats), 0).unwrap()
}

fn dests(g: &Game, from: &str) -> Vec<String> {
    let mut v: Vec<String> = g
        .moves_from(h(from))
        .iter()
        .map(|m| m.to.to_string())
        .collect();
    v.sort();
    v
}

fn play(g: &mut Game, path: &str) -> Vec<Event> {
    g.play_notation(path)
        .unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn outcome(g: &Game) -> sternhalma_rules::Outcome {
    match g.status() {
        Status::Over(o) => o,
        Status::InPlay => panic!("the game should be over"),
    }
}

/// The top point (white's goal with two players), as holes.
const TOP: [&str; 10] = [
    "e17", "e16", "f16", "e15", "f15", "g15", "e14", "f14", "g14", "h14",
];

#[test]
fn resting_in_other_points_forbidden_but_passing_through_allowed() {
    // White on m5; black marbles on n5 and n6 (the lower-right point) form a chain that goes
    // m5 → o5 (lower-right point) → m7 (hexagon).
    let seats = ["m5 a13", "n5 n6 e17"];
    let free = game(2, RuleSet::default(), &seats);
    let strict = game(
        2,
        RuleSet {
            rest_in_other_points: false,
            ..RuleSet::default()
        },
        &seats,
    );
    assert!(dests(&free, "m5").contains(&"o5".into()));
    assert!(!dests(&strict, "m5").contains(&"o5".into()));
    assert!(
        dests(&strict, "m5").contains(&"m7".into()),
        "passing through is allowed"
    );
    let mut g = strict.clone();
    play(&mut g, "m5-o5-m7");
    assert!(matches!(
        strict.clone().play_notation("m5-o5"),
        Err(GameError::Illegal {
            why: PathError::EndsInOtherPoint(_),
            ..
        })
    ));
    // A plain step into the point is refused too, and the game is unchanged.
    let mut g = game(
        2,
        RuleSet {
            rest_in_other_points: false,
            ..RuleSet::default()
        },
        &["m5", "e17"],
    );
    let before = g.hash();
    assert!(g.play_notation("m5-n5").is_err());
    assert_eq!(g.hash(), before);
    assert!(g.actions().is_empty());
    // A move inside one's own start point or goal is fine.
    let g = game(
        2,
        RuleSet {
            rest_in_other_points: false,
            ..RuleSet::default()
        },
        &["l4", "e17"],
    );
    assert!(dests(&g, "l4").contains(&"l3".into()));
}

#[test]
fn goal_lock_keeps_every_landing_inside_the_goal() {
    // White's marble on e14 (in its goal, the top point) can chain e14-e12-g12-g14 out of the
    // goal and back in, or step out to f13.
    let seats = ["e14 m1", "e13 f12 g13"];
    let open = game(2, RuleSet::default(), &seats);
    let locked = game(
        2,
        RuleSet {
            goal_lock: true,
            ..RuleSet::default()
        },
        &seats,
    );
    let d = dests(&open, "e14");
    for want in ["e12", "g12", "g14", "f13"] {
        assert!(d.contains(&want.to_string()), "{want} in {d:?}");
    }
    let d = dests(&locked, "e14");
    assert!(d.iter().all(|t| TOP.contains(&t.as_str())), "{d:?}");
    assert!(
        !d.contains(&"g14".to_string()),
        "the chain leaves the goal on the way"
    );
    assert!(matches!(
        locked.clone().play_notation("e14-e12-g12-g14"),
        Err(GameError::Illegal {
            why: PathError::LeavesGoal(_),
            ..
        })
    ));
    // Marbles outside the goal are not held back.
    assert!(dests(&locked, "m1").len() == dests(&open, "m1").len());
}

/// White one step from filling its goal, with a black marble parked in one goal hole.
fn parked_blocker(finish: Finish) -> Game {
    // Goal holes: 8 white + e17 black + h14 empty; white's last marble waits on h13.
    let white = "e16 f16 e15 f15 g15 e14 f14 g14 h13";
    let rules = RuleSet {
        finish,
        ..RuleSet::default()
    };
    game(2, rules, &[white, "e17 m1 m2"])
}

#[test]
fn anti_blocking_finish_counts_an_opponents_marble_in_the_goal() {
    let mut strict = parked_blocker(Finish::Strict);
    play(&mut strict, "h13-h14");
    assert_eq!(strict.status(), Status::InPlay);
    let mut anti = parked_blocker(Finish::AntiBlocking);
    let events = play(&mut anti, "h13-h14");
    assert!(events.contains(&Event::Finished { seat: 0 }));
    assert_eq!(outcome(&anti).places, vec![1, 2]);
}

#[test]
fn a_player_can_finish_on_someone_elses_move() {
    // Nine white marbles in the goal; black steps into the tenth hole, h14.
    let white = "e17 e16 f16 e15 f15 g15 e14 f14 g14 m1";
    for (finish, finished) in [(Finish::AntiBlocking, true), (Finish::Strict, false)] {
        let rules = RuleSet {
            finish,
            ..RuleSet::default()
        };
        let mut g = game(2, rules, &[white, "i13 i5"]);
        play(&mut g, "m1-m2");
        let events = play(&mut g, "i13-h14");
        assert_eq!(
            events.contains(&Event::Finished { seat: 0 }),
            finished,
            "{finish:?}"
        );
        if finished {
            assert_eq!(outcome(&g).places, vec![1, 2]);
            assert_eq!(outcome(&g).reason, EndReason::Finished);
        }
    }
}

/// Three players; white (bottom) is one step from finishing into the top point.
fn white_about_to_finish(after: AfterFinish) -> Game {
    let white = "e17 e16 f16 e15 f15 g15 e14 f14 g14 h13";
    let rules = RuleSet {
        after_first_finish: after,
        ..RuleSet::default()
    };
    // Blue (upper-left) has two marbles in its goal, the lower-right point; yellow
    // (upper-right) has none in its goal.
    let setup = Setup::new(3, 10, false).unwrap();
    let blue = "q5 p5 i9";
    let yellow = "i5 j5";
    Game::from_board(setup, rules, board(&[white, blue, yellow]), 0).unwrap()
}

#[test]
fn the_game_ends_at_the_first_finisher_or_plays_on_for_places() {
    let mut g = white_about_to_finish(AfterFinish::EndAndRank);
    play(&mut g, "h13-h14");
    let o = outcome(&g);
    // Blue has two marbles in its goal (the lower-right point), yellow none.
    assert_eq!(o.places, vec![1, 2, 3]);

    let mut g = white_about_to_finish(AfterFinish::PlayOn);
    play(&mut g, "h13-h14");
    assert_eq!(g.status(), Status::InPlay);
    assert_eq!(g.standing(0), Standing::Finished);
    assert_eq!(g.place(0), Some(1));
    // White is skipped from now on: blue, yellow, blue, yellow…
    for _ in 0..3 {
        assert_eq!(g.to_move(), Some(1));
        let m = g.legal_moves()[0].clone();
        g.play(&m.path).unwrap();
        assert_eq!(g.to_move(), Some(2));
        let m = g.legal_moves()[0].clone();
        g.play(&m.path).unwrap();
    }
}

#[test]
fn the_second_player_gets_an_equalising_move() {
    // White finishes with h13-h14; black's goal (the bottom point) lacks only m4, and its
    // last marble waits next to it on m5.
    let white = "e17 e16 f16 e15 f15 g15 e14 f14 g14 h13";
    let black = "m1 l2 m2 k3 l3 m3 j4 k4 l4 m5";
    for (equalise, black_finishes) in [(true, true), (true, false), (false, true)] {
        let rules = RuleSet {
            equalising_move: equalise,
            ..RuleSet::default()
        };
        let mut g = game(2, rules, &[white, black]);
        let events = play(&mut g, "h13-h14");
        assert!(events.contains(&Event::Finished { seat: 0 }));
        if !equalise {
            assert_eq!(outcome(&g).places, vec![1, 2]);
            continue;
        }
        assert_eq!(g.status(), Status::InPlay, "black still moves");
        assert_eq!(g.to_move(), Some(1));
        if black_finishes {
            play(&mut g, "m5-m4");
            let o = outcome(&g);
            assert_eq!(o.places, vec![1, 1]);
            assert!(o.is_draw(g.setup()));
        } else {
            play(&mut g, "m5-n5");
            let o = outcome(&g);
            assert_eq!(o.places, vec![1, 2]);
            assert!(!o.is_draw(g.setup()));
        }
    }
}

/// Two players from the start, with a per-move clock.
fn per_move_clock_game(limit_ms: u64, resign_after: u8) -> Game {
    let clock = ClockRule::PerMove {
        limit_ms,
        resign_after,
    };
    start_game(
        2,
        RuleSet {
            clock: Some(clock),
            ..RuleSet::default()
        },
    )
}

fn start_game(players: u8, rules: RuleSet) -> Game {
    Game::new(
        Setup::new(players, rules.marbles, rules.teams).unwrap(),
        rules,
    )
    .unwrap()
}

#[test]
fn marbles_left_at_home_at_the_deadline_put_the_player_out() {
    let rules = RuleSet {
        leave_home: LeaveHome::Moves(2),
        ..RuleSet::default()
    };
    // Two players: a loss.
    let mut g = start_game(2, rules.clone());
    play(&mut g, "k4-k5");
    play(&mut g, "e14-e13");
    assert!(g.would_put_out(&parse_path("j4-j5").unwrap()));
    let events = play(&mut g, "j4-j5");
    assert!(events.contains(&Event::Out {
        seat: 0,
        reason: OutReason::Deadline
    }));
    assert_eq!(outcome(&g).places, vec![2, 1]);
    assert_eq!(outcome(&g).reason, EndReason::Forfeit);
    // Without the deadline the same moves are harmless.
    let mut g = start_game(2, RuleSet::default());
    for m in ["k4-k5", "e14-e13", "j4-j5"] {
        assert!(!g.would_put_out(&parse_path(m).unwrap()));
        play(&mut g, m);
    }
    assert_eq!(g.status(), Status::InPlay);
    // Three players: the worst free place, marbles removed, the others play on.
    let mut g = start_game(3, rules);
    for m in ["k4-k5", "c11-e11", "j13-i13", "j4-j5"] {
        play(&mut g, m);
    }
    assert_eq!(g.standing(0), Standing::Out(OutReason::Deadline));
    assert_eq!(g.place(0), Some(3));
    assert!(g.board().marbles(0).is_empty());
    assert_eq!(g.status(), Status::InPlay);
    assert_eq!(g.to_move(), Some(1));
}

#[test]
fn the_standard_deadline_is_thirty_moves_or_forty_with_fifteen_marbles() {
    let classic = RuleSet::preset("classic").unwrap();
    assert_eq!(classic.leave_home_moves(10), Some(30));
    assert_eq!(classic.leave_home_moves(15), Some(40));
    assert_eq!(
        RuleSet::preset("casual").unwrap().leave_home_moves(10),
        None
    );
}

#[test]
fn a_marble_that_cannot_move_at_the_deadline_is_excused() {
    // White's m1 is boxed in by black marbles on m2, l2, m3 and k3.
    let rules = RuleSet {
        leave_home: LeaveHome::Moves(1),
        ..RuleSet::default()
    };
    let mut g = game(2, rules.clone(), &["m1 i9", "m2 l2 m3 k3 e17"]);
    assert!(!g.would_put_out(&parse_path("i9-i10").unwrap()));
    play(&mut g, "i9-i10");
    assert_eq!(g.standing(0), Standing::Playing);
    // Had k3 been free, m1 could have jumped out, and white would be out.
    let mut g = game(2, rules, &["m1 i9", "m2 l2 m3 e17"]);
    assert!(g.would_put_out(&parse_path("i9-i10").unwrap()));
    play(&mut g, "i9-i10");
    assert_eq!(g.standing(0), Standing::Out(OutReason::Deadline));
}

#[test]
fn coming_back_into_the_start_point_after_the_deadline_puts_the_player_out() {
    let rules = RuleSet {
        leave_home: LeaveHome::Moves(1),
        ..RuleSet::default()
    };
    let mut g = game(2, rules, &["l5 i9", "g12 g11"]);
    play(&mut g, "i9-i10");
    play(&mut g, "g12-g13");
    let back = parse_path("l5-l4").unwrap();
    assert!(g.would_put_out(&back));
    assert!(!g.would_put_out(&parse_path("l5-l6").unwrap()));
    let events = g.play(&back).unwrap();
    assert!(events.contains(&Event::Out {
        seat: 0,
        reason: OutReason::BackIntoStart
    }));
    assert_eq!(outcome(&g).places, vec![2, 1]);
}

/// White and black shuffle a marble back and forth each.
fn shuffle(g: &mut Game, rounds: usize) {
    for _ in 0..rounds {
        for m in ["k4-k5", "e14-e13", "k5-k4", "e13-e14"] {
            if g.is_over() {
                return;
            }
            play(g, m);
        }
    }
}

#[test]
fn the_move_limit_ends_the_game_by_progress_or_as_a_draw() {
    let limit = |undecided| RuleSet {
        move_limit: Some(3),
        undecided,
        ..RuleSet::default()
    };
    let mut g = start_game(2, limit(Undecided::RankByProgress));
    // White gets a marble further than black does.
    for m in ["k4-k5", "e14-e13", "k5-k6", "e13-e14", "k6-k7"] {
        play(&mut g, m);
    }
    assert_eq!(g.status(), Status::InPlay);
    play(&mut g, "e14-e13");
    let o = outcome(&g);
    assert_eq!(o.reason, EndReason::MoveLimit);
    assert_eq!(o.places, vec![1, 2], "white is closer to its goal");
    let mut g = start_game(2, limit(Undecided::Draw));
    shuffle(&mut g, 2);
    let o = outcome(&g);
    assert_eq!(
        (o.reason, o.places.clone()),
        (EndReason::MoveLimit, vec![1, 1])
    );
    assert!(o.is_draw(g.setup()));
    // No limit, no end.
    let mut g = start_game(2, RuleSet::default());
    shuffle(&mut g, 3);
    assert_eq!(g.status(), Status::InPlay);
}

#[test]
fn a_third_repetition_ends_the_game() {
    let mut g = start_game(
        2,
        RuleSet {
            repetition_ends: true,
            ..RuleSet::default()
        },
    );
    shuffle(&mut g, 1);
    assert_eq!(
        g.status(),
        Status::InPlay,
        "the start position has occurred twice"
    );
    shuffle(&mut g, 1);
    let o = outcome(&g);
    assert_eq!(o.reason, EndReason::Repetition);
    assert_eq!(o.places, vec![1, 1], "level progress ranks equal");
    let mut g = start_game(2, RuleSet::default());
    shuffle(&mut g, 3);
    assert_eq!(g.status(), Status::InPlay);
}

#[test]
fn a_player_without_a_move_passes_and_a_round_without_moves_ends_the_game() {
    // Black's only marble, e17, is boxed in; white moves, black passes automatically.
    let mut g = game(2, RuleSet::default(), &["i9 e16 f16 e15 g15", "e17"]);
    let events = play(&mut g, "i9-i10");
    assert!(events.contains(&Event::Passed { seat: 1 }));
    assert_eq!(g.to_move(), Some(0));
    assert_eq!(g.actions().last(), Some(&Action::Pass));
    // Undo takes the move back together with the pass it caused.
    assert!(g.undo());
    assert!(g.actions().is_empty());
    assert_eq!(g.to_move(), Some(0));
    // Nobody can move at all: the game ends at once.
    let g = game(2, RuleSet::default(), &["", ""]);
    assert_eq!(outcome(&g).reason, EndReason::NoMoves);
    assert!(!g.can_undo());
}

#[test]
fn resigning_with_two_players_loses() {
    let mut g = start_game(2, RuleSet::default());
    play(&mut g, "k4-k5");
    let events = g.resign(0).unwrap();
    assert!(events.contains(&Event::Out {
        seat: 0,
        reason: OutReason::Resigned
    }));
    assert_eq!(outcome(&g).places, vec![2, 1]);
    assert!(g.board().marbles(0).is_empty());
    assert_eq!(g.resign(1), Err(GameError::GameOver));
}

#[test]
fn resigning_at_a_larger_table_plays_on_or_ends_for_everyone() {
    let mut g = start_game(
        3,
        RuleSet {
            resign: AfterResign::PlayOn,
            ..RuleSet::default()
        },
    );
    g.resign(1).unwrap();
    assert_eq!(g.place(1), Some(3));
    assert_eq!(g.status(), Status::InPlay);
    assert_eq!(
        g.to_move(),
        Some(0),
        "an out-of-turn resignation keeps the turn"
    );
    play(&mut g, "k4-k5");
    assert_eq!(g.to_move(), Some(2), "the resigned seat is skipped");
    g.resign(2).unwrap();
    let o = outcome(&g);
    assert_eq!(o.places, vec![1, 3, 2], "the last player left wins");

    let mut g = start_game(
        3,
        RuleSet {
            resign: AfterResign::EndAndRank,
            ..RuleSet::default()
        },
    );
    play(&mut g, "k4-k5");
    g.resign(2).unwrap();
    let o = outcome(&g);
    assert_eq!(o.reason, EndReason::Forfeit);
    assert_eq!(
        o.places,
        vec![1, 2, 3],
        "white has made more progress than blue"
    );
}

#[test]
fn the_history_says_who_made_each_action() {
    let movers = |g: &Game| g.movers().collect::<Vec<_>>();
    // An out-of-turn resignation is the resigner's, and the turn it kept is the mover's.
    let mut g = start_game(
        3,
        RuleSet {
            resign: AfterResign::PlayOn,
            ..RuleSet::default()
        },
    );
    assert!(movers(&g).is_empty());
    g.resign(1).unwrap();
    play(&mut g, "k4-k5");
    assert_eq!(movers(&g), vec![1, 0]);
    let m = g.legal_moves()[0].clone();
    g.play(&m.path).unwrap();
    assert_eq!(movers(&g), vec![1, 0, 2], "the resigned seat is skipped");
    // An automatic pass is the stuck seat's; undo takes its entries back too.
    let mut g = game(2, RuleSet::default(), &["i9 e16 f16 e15 g15", "e17"]);
    play(&mut g, "i9-i10");
    assert_eq!(g.actions().last(), Some(&Action::Pass));
    assert_eq!(movers(&g), vec![0, 1]);
    assert!(g.undo());
    assert!(movers(&g).is_empty());
    // A time-out is the seat whose turn was skipped; a fallen flag is the flagged seat's.
    let mut g = per_move_clock_game(1_000, 3);
    g.tick(1_000);
    play(&mut g, "e14-e13");
    assert_eq!(g.actions()[0], Action::Timeout);
    assert_eq!(movers(&g), vec![0, 1]);
    let clock = ClockRule::Reserve {
        reserve_ms: 1_000,
        increment_ms: 0,
    };
    let mut g = start_game(
        2,
        RuleSet {
            clock: Some(clock),
            ..RuleSet::default()
        },
    );
    play(&mut g, "k4-k5");
    g.tick(1_000);
    assert_eq!(g.actions()[1], Action::Flag(1));
    assert_eq!(movers(&g), vec![0, 1]);
    // Over a longer game, the movers of the moves are the seats the events named.
    let mut g = start_game(3, RuleSet::default());
    let mut moved = vec![];
    for k in 0..60 {
        let moves = g.legal_moves();
        let m = moves[k * 7 % moves.len()].clone();
        for e in g.play(&m.path).unwrap() {
            if let Event::Moved { seat, .. } = e {
                moved.push(seat);
            }
        }
    }
    assert_eq!(g.movers().len(), g.actions().len());
    let from_history: Vec<usize> = g
        .actions()
        .iter()
        .zip(g.movers())
        .filter(|(a, _)| matches!(a, Action::Move(_)))
        .map(|(_, seat)| seat)
        .collect();
    assert_eq!(from_history, moved);
}

#[test]
fn a_reserve_clock_adds_increments_and_a_fallen_flag_resigns() {
    let clock = ClockRule::Reserve {
        reserve_ms: 1_000,
        increment_ms: 500,
    };
    let mut g = start_game(
        2,
        RuleSet {
            clock: Some(clock),
            ..RuleSet::default()
        },
    );
    assert!(g.tick(400).is_empty());
    play(&mut g, "k4-k5");
    assert_eq!(g.clock_ms(0), Some(1_100));
    assert_eq!(g.clock_ms(1), Some(1_000));
    let events = g.tick(1_000);
    assert!(events.contains(&Event::Out {
        seat: 1,
        reason: OutReason::Flag
    }));
    assert_eq!(outcome(&g).places, vec![1, 2]);
    // Without a clock, time means nothing.
    let mut g = start_game(2, RuleSet::default());
    assert!(g.tick(10_000_000).is_empty());
    assert_eq!(g.clock_ms(0), None);
}

#[test]
fn a_per_move_limit_skips_turns_and_three_misses_resign() {
    let mut g = per_move_clock_game(30_000, 3);
    for round in 0..3 {
        assert_eq!(g.to_move(), Some(0));
        let events = g.tick(30_000);
        assert!(events.contains(&Event::TimedOut { seat: 0 }));
        if round < 2 {
            assert_eq!(g.to_move(), Some(1), "the turn is skipped");
            g.tick(10_000);
            let m = g.legal_moves()[0].clone();
            g.play(&m.path).unwrap();
        }
    }
    assert_eq!(g.standing(0), Standing::Out(OutReason::MissedTurns));
    assert_eq!(outcome(&g).places, vec![2, 1]);
}

#[test]
fn a_move_resets_the_missed_turns() {
    let mut g = per_move_clock_game(1_000, 2);
    g.tick(1_000);
    play(&mut g, "e14-e13");
    play(&mut g, "k4-k5");
    play(&mut g, "e13-e12");
    g.tick(1_000);
    assert_eq!(g.status(), Status::InPlay, "the misses were not in a row");
}

#[test]
fn partners_finish_as_a_team_and_a_finished_partner_is_skipped() {
    // Pairs: seats 0 (bottom) and 2 (top) against 1 (lower-left) and 3 (upper-right).
    // Seat 0 needs h13-h14 to fill the top; seat 2 needs m5-m4 to fill the bottom.
    let rules = RuleSet {
        teams: true,
        players: vec![4],
        default_players: 4,
        ..RuleSet::default()
    };
    let s0 = "e17 e16 f16 e15 f15 g15 e14 f14 g14 h13";
    let s2 = "m1 l2 m2 k3 l3 m3 j4 k4 l4 m5";
    let setup = Setup::new(4, 10, true).unwrap();
    let mut g = Game::from_board(setup, rules, board(&[s0, "e9 f9", s2, "m9 l9"]), 0).unwrap();
    play(&mut g, "h13-h14");
    assert_eq!(g.standing(0), Standing::Finished);
    assert_eq!(g.place(0), None, "the team is not done yet");
    play(&mut g, "e9-e10");
    play(&mut g, "m5-l5");
    play(&mut g, "m9-m10");
    assert_eq!(g.to_move(), Some(1), "the finished partner is skipped");
    play(&mut g, "e10-e9");
    play(&mut g, "l5-m4");
    let o = outcome(&g);
    assert_eq!(o.places, vec![1, 2, 1, 2]);
    assert!(!o.is_draw(g.setup()));
}

#[test]
fn long_jumps_clear_a_distant_marble_over_empty_holes() {
    let seats = ["i9", "k9 e17"];
    let short = game(2, RuleSet::default(), &seats);
    let long = game(
        2,
        RuleSet {
            jumps: Jumps::Long,
            ..RuleSet::default()
        },
        &seats,
    );
    assert!(!dests(&short, "i9").contains(&"m9".into()));
    assert!(dests(&long, "i9").contains(&"m9".into()));
    assert!(long.clone().play_notation("i9-m9").is_ok());
    assert!(short.clone().play_notation("i9-m9").is_err());
    // A marble in between on either side spoils it.
    for extra in ["j9", "l9"] {
        let g = game(
            2,
            RuleSet {
                jumps: Jumps::Long,
                ..RuleSet::default()
            },
            &[&format!("i9 {extra}"), "k9 e17"],
        );
        assert!(!dests(&g, "i9").contains(&"m9".into()), "{extra}");
    }
}

#[test]
fn any_valid_path_is_accepted_and_the_generated_one_is_shortest() {
    // From i5, one jump over i6 reaches i7; a three-jump detour i5-k5-k7-i7 exists too.
    let seats = ["i5", "i6 j5 k6 j7 e17"];
    let g = game(2, RuleSet::default(), &seats);
    let m = g
        .moves_from(h("i5"))
        .into_iter()
        .find(|m| m.to == h("i7"))
        .unwrap();
    assert_eq!(m.to_string(), "i5-i7");
    let mut detour = g.clone();
    play(&mut detour, "i5-k5-k7-i7");
    let mut direct = g.clone();
    play(&mut direct, "i5-i7");
    assert_eq!(detour.board(), direct.board());
    // A chain may not come back to a hole it has been on, the start included.
    assert!(matches!(
        g.clone().play_notation("i5-k5-i5-i7"),
        Err(GameError::Illegal {
            why: PathError::Revisits(_),
            ..
        })
    ));
    // Steps and jumps never mix.
    assert!(g.clone().play_notation("i5-i7-i8").is_err());
}

#[test]
fn illegal_moves_name_the_problem_and_change_nothing() {
    let mut g = start_game(2, RuleSet::default());
    let before = (g.hash(), g.to_move(), g.actions().len());
    for (text, check) in [
        ("e14-e13", "not yours"),
        ("i9-i10", "no marble"),
        ("k4-k3", "not empty"),
        ("k4-k6", "neither a step nor a jump"),
        ("k3-k5-k7", "neither a step nor a jump"),
        ("zz-k5", "'zz-k5'"),
    ] {
        let e = g.play_notation(text).unwrap_err().to_string();
        assert!(e.contains(check), "{text}: {e}");
        assert_eq!((g.hash(), g.to_move(), g.actions().len()), before);
    }
}

#[test]
fn undo_and_redo_walk_the_history() {
    let mut g = start_game(2, RuleSet::default());
    let start = g.hash();
    play(&mut g, "k4-k5");
    let after = g.hash();
    play(&mut g, "e14-e13");
    assert!(g.undo());
    assert_eq!(g.hash(), after);
    assert!(g.undo());
    assert_eq!(g.hash(), start);
    assert!(!g.undo());
    assert!(g.redo().is_some());
    assert_eq!(g.hash(), after);
    assert!(g.can_redo());
    // A new move drops what could have been redone.
    play(&mut g, "f14-f13");
    assert!(!g.can_redo());
    assert!(g.redo().is_none());
}

#[test]
fn six_and_fifteen_marble_set_ups_fill_their_triangles() {
    let quick = Game::from_preset("quick", Some(3), None).unwrap();
    for seat in 0..3 {
        assert_eq!(quick.board().marbles(seat).count(), 6);
        assert_eq!(quick.layout().seats[seat].goal.count(), 6);
    }
    let fifteen = Game::from_preset("fifteen", None, None).unwrap();
    assert_eq!(fifteen.board().marbles(0).count(), 15);
    // The five-row home reaches one row into the hexagon: row 5, i5 to m5.
    for name in ["i5", "m5", "m1"] {
        assert_eq!(fifteen.board().owner(h(name)), Some(0), "{name}");
    }
    assert_eq!(fifteen.board().owner(h("h5")), None);
}

#[test]
fn a_partners_marbles_do_not_fill_your_goal() {
    // Pairs, anti-blocking: nine holes of the top point (seat 0's goal) are taken and seat 0
    // steps into the tenth. If the nine are its partner's (seat 2, who never left home), that
    // is no finish; if they are an opponent's, the anti-blocking rule counts them.
    let nine = "e17 e16 f16 e15 f15 g15 e14 f14 g14";
    let setup = Setup::new(4, 10, true).unwrap();
    for (seats, finished) in [([nine, "e9", "i5"], false), (["e9", nine, "i5"], true)] {
        let rules = RuleSet::preset("pairs").unwrap();
        let b = board(&["h13 m1", seats[1], seats[0], seats[2]]);
        let mut g = Game::from_board(setup, rules, b, 0).unwrap();
        let events = play(&mut g, "h13-h14");
        assert_eq!(
            events.contains(&Event::Finished { seat: 0 }),
            finished,
            "{seats:?}"
        );
    }
}

/// Two teams of two (seats 0 and 2 against 1 and 3) under `finish` and `partner_in_goal`.
fn pairs(finish: Finish, partner_in_goal: PartnerInGoal) -> RuleSet {
    RuleSet {
        teams: true,
        players: vec![4],
        default_players: 4,
        finish,
        partner_in_goal,
        ..RuleSet::default()
    }
}

const FINISHES: [Finish; 2] = [Finish::Strict, Finish::AntiBlocking];
const PARTNER: [PartnerInGoal; 2] = [PartnerInGoal::Unfilled, PartnerInGoal::Filled];

#[test]
fn a_partners_marble_fills_your_goal_only_when_the_rules_say_so() {
    // Seat 0 steps h13-h14 into the last open hole of its goal, the top point. The other nine
    // hold its partner's marbles (seat 2, whose start the top point is), an opponent's (seat
    // 1), or eight of the partner's and one of the opponent's.
    let nine = "e17 e16 f16 e15 f15 g15 e14 f14 g14";
    let eight = "e16 f16 e15 f15 g15 e14 f14 g14";
    let cases = [
        ("partner's", ["e9", nine]),
        ("opponent's", [nine, "m5"]),
        ("mixed", ["e17 e9", eight]),
    ];
    let setup = Setup::new(4, 10, true).unwrap();
    for finish in FINISHES {
        for p in PARTNER {
            for (what, [s1, s2]) in cases {
                let filled_by_partner = p == PartnerInGoal::Filled;
                let filled_by_opponent = finish == Finish::AntiBlocking;
                let want = match what {
                    "partner's" => filled_by_partner,
                    "opponent's" => filled_by_opponent,
                    _ => filled_by_partner && filled_by_opponent,
                };
                let b = board(&["h13 m1", s1, s2, "i5"]);
                let mut g = Game::from_board(setup, pairs(finish, p), b, 0).unwrap();
                let events = play(&mut g, "h13-h14");
                assert_eq!(
                    events.contains(&Event::Finished { seat: 0 }),
                    want,
                    "{finish:?} {p:?}, the {what} marbles"
                );
            }
        }
    }
}

#[test]
fn with_partner_marbles_filling_a_team_finishes_on_one_marble_each() {
    // Each partner keeps nine marbles at home, which is the other's goal, and brings one
    // marble to the last open hole of its own goal: seat 0 h13-h14 into the top point, seat 2
    // m5-m4 into the bottom point. Only the partner's marbles complete either goal.
    let s0 = "m1 l2 m2 k3 l3 m3 j4 k4 l4 h13";
    let s2 = "e17 e16 f16 e15 f15 g15 e14 f14 g14 m5";
    let setup = Setup::new(4, 10, true).unwrap();
    for finish in FINISHES {
        for p in PARTNER {
            let b = board(&[s0, "e9 f9", s2, "m9 l9"]);
            let mut g = Game::from_board(setup, pairs(finish, p), b, 0).unwrap();
            play(&mut g, "h13-h14");
            play(&mut g, "e9-e10");
            play(&mut g, "m5-m4");
            if p == PartnerInGoal::Filled {
                assert_eq!(g.standing(0), Standing::Finished, "{finish:?}");
                assert_eq!(g.standing(2), Standing::Finished, "{finish:?}");
                let o = outcome(&g);
                assert_eq!(o.places, vec![1, 2, 1, 2], "{finish:?}");
                assert_eq!(o.reason, EndReason::Finished);
            } else {
                assert_eq!(g.status(), Status::InPlay, "{finish:?}");
                assert_eq!(g.standing(0), Standing::Playing, "{finish:?}");
                assert_eq!(g.standing(2), Standing::Playing, "{finish:?}");
            }
        }
    }
}

#[test]
fn a_partner_can_fill_the_last_hole_of_your_goal_on_their_move() {
    // Seat 0 has one marble in its goal (e17); its partner, seat 2, holds eight more holes
    // and steps back home into the last one, h14.
    let s2 = "e16 f16 e15 f15 g15 e14 f14 g14 h13";
    let setup = Setup::new(4, 10, true).unwrap();
    for finish in FINISHES {
        for p in PARTNER {
            let b = board(&["e17 m1", "e9", s2, "m9"]);
            let mut g = Game::from_board(setup, pairs(finish, p), b, 2).unwrap();
            let events = play(&mut g, "h13-h14");
            assert_eq!(
                events.contains(&Event::Finished { seat: 0 }),
                p == PartnerInGoal::Filled,
                "{finish:?} {p:?}"
            );
        }
    }
}

#[test]
fn a_goal_full_of_partner_marbles_alone_is_not_a_finish() {
    // At the start every goal is full of the partner's marbles; with none of your own there
    // nobody has finished, whatever the option says.
    for p in PARTNER {
        for name in ["pairs", "three-pairs"] {
            let rules = RuleSet {
                partner_in_goal: p,
                ..RuleSet::preset(name).unwrap()
            };
            let setup = Setup::for_rules(&rules, None, None).unwrap();
            let g = Game::new(setup, rules).unwrap();
            assert_eq!(g.status(), Status::InPlay);
            for seat in 0..setup.players as usize {
                assert_eq!(g.standing(seat), Standing::Playing, "{name} {p:?}");
            }
            assert!(!g.legal_moves().is_empty());
        }
    }
}

#[test]
fn without_teams_the_partner_option_changes_nothing() {
    // Four players each for themselves: seat 2 sits opposite seat 0 but is an opponent, so
    // its nine marbles in seat 0's goal count as an opponent's, whatever the option says.
    let nine = "e17 e16 f16 e15 f15 g15 e14 f14 g14";
    let setup = Setup::new(4, 10, false).unwrap();
    for finish in FINISHES {
        for p in PARTNER {
            let rules = RuleSet {
                finish,
                partner_in_goal: p,
                ..RuleSet::default()
            };
            assert_eq!(rules.validate(), Ok(()), "ignored, not refused");
            let b = board(&["h13 m1", "e9", nine, "i5"]);
            let mut g = Game::from_board(setup, rules, b, 0).unwrap();
            let events = play(&mut g, "h13-h14");
            assert_eq!(
                events.contains(&Event::Finished { seat: 0 }),
                finish == Finish::AntiBlocking,
                "{finish:?} {p:?}"
            );
        }
    }
}

#[test]
fn rule_files_without_the_partner_option_read_as_before() {
    // Older files and saves have no partner_in_goal: they read as Unfilled, today's rule.
    for name in RuleSet::preset_names() {
        assert_eq!(
            RuleSet::preset(name).unwrap().partner_in_goal,
            PartnerInGoal::Unfilled,
            "{name}"
        );
    }
    let old = "(name: \"ours\", players: [4], default_players: 4, teams: true)";
    assert_eq!(
        RuleSet::from_ron(old).unwrap().partner_in_goal,
        PartnerInGoal::Unfilled
    );
    let new = "(players: [4], default_players: 4, teams: true, partner_in_goal: Filled)";
    let r = RuleSet::from_ron(new).unwrap();
    assert_eq!(r.partner_in_goal, PartnerInGoal::Filled);
    assert_eq!(RuleSet::from_ron(&r.to_ron()).unwrap(), r);
    assert!(r.to_ron().contains("partner_in_goal: Filled"));
    assert!(RuleSet::from_ron("(partner_in_goal: Both)").is_err());
    // An edited preset is custom.
    let mut pairs = RuleSet::preset("pairs").unwrap();
    pairs.partner_in_goal = PartnerInGoal::Filled;
    assert_eq!(pairs.label(), "custom (from pairs)");
}

#[test]
fn a_time_out_does_not_end_the_game_while_someone_can_move() {
    // White's only marble is boxed in, so white passes; black times out twice but could move.
    let clock = ClockRule::PerMove {
        limit_ms: 1_000,
        resign_after: 5,
    };
    let rules = RuleSet {
        clock: Some(clock),
        ..RuleSet::default()
    };
    let mut g = game(2, rules, &["e17", "e16 f16 e15 g15 i9"]);
    assert_eq!(g.to_move(), Some(1), "white passed at once");
    g.tick(1_000);
    g.tick(1_000);
    assert_eq!(g.status(), Status::InPlay);
    assert_eq!(g.to_move(), Some(1));
}

#[test]
fn the_equalising_move_answers_whoever_moved_first() {
    // Black (seat 1) moves first here and finishes into the bottom point with m5-m4, so
    // white gets the reply.
    let white = "i9";
    let black = "m1 l2 m2 k3 l3 m3 j4 k4 l4 m5";
    let rules = RuleSet {
        equalising_move: true,
        ..RuleSet::default()
    };
    let setup = Setup::new(2, 10, false).unwrap();
    let mut g = Game::from_board(setup, rules, board(&[white, black]), 1).unwrap();
    let events = play(&mut g, "m5-m4");
    assert!(events.contains(&Event::Finished { seat: 1 }));
    assert_eq!(g.to_move(), Some(0), "the second mover still moves");
    play(&mut g, "i9-i10");
    assert_eq!(outcome(&g).places, vec![2, 1]);
}

#[test]
fn hand_made_positions_are_checked() {
    let setup = Setup::new(2, 10, false).unwrap();
    let mut b = Board::empty();
    b.put(3, h("i9"));
    assert!(
        Game::from_board(setup, RuleSet::default(), b, 0).is_err(),
        "seat 4 of 2"
    );
    assert!(Game::from_board(setup, RuleSet::default(), Board::empty(), 2).is_err());
    let mut b = Board::empty();
    for hole in Hole::all().take(16) {
        b.put(0, hole);
    }
    assert!(
        Game::from_board(setup, RuleSet::default(), b, 0).is_err(),
        "16 marbles"
    );
}

#[test]
fn undo_gives_the_player_a_fresh_move_clock() {
    let mut g = per_move_clock_game(30_000, 3);
    g.tick(29_000);
    play(&mut g, "k4-k5");
    play(&mut g, "e14-e13");
    g.undo();
    g.undo();
    assert_eq!(g.clock_ms(0), Some(0));
    assert!(g.tick(1_000).is_empty(), "no time-out after a second");
}

#[test]
fn oversized_clock_values_are_refused() {
    let clock = ClockRule::Reserve {
        reserve_ms: 1_000,
        increment_ms: u64::MAX,
    };
    assert!(
        RuleSet {
            clock: Some(clock),
            ..RuleSet::default()
        }
        .validate()
        .is_err()
    );
    assert!(
        RuleSet {
            move_limit: Some(u16::MAX),
            ..RuleSet::default()
        }
        .validate()
        .is_err()
    );
}

#[test]
fn the_last_move_and_its_jumps_are_read_from_the_game() {
    let mut g = start_game(2, RuleSet::default());
    assert_eq!(g.last_move(), None);
    let step = g
        .moves_from(h("k4"))
        .iter()
        .find(|m| m.to == h("k5"))
        .cloned()
        .expect("k4-k5 is a step");
    assert_eq!(step.jumps(), 0);
    assert!(!h("k4").is_jump_to(h("k5")));
    g.play(&step.path).unwrap();
    assert_eq!(g.last_move(), Some(&[h("k4"), h("k5")][..]));
    // A resignation after it is not a move: the last move is still the step.
    g.resign(1).unwrap();
    assert_eq!(g.actions().last(), Some(&Action::Resign(1)));
    assert_eq!(g.last_move(), Some(&[h("k4"), h("k5")][..]));
    assert_eq!(
        sternhalma_rules::game::jumps(&[h("k4"), h("k6"), h("k8")]),
        2
    );
    assert!(h("k4").is_jump_to(h("k6")));
    // Hop by hop: a jump chain then a step, as the app animates and sounds them.
    let hops: Vec<sternhalma_rules::Hop> =
        sternhalma_rules::game::hops(&[h("k4"), h("k6"), h("k8"), h("k9")]).collect();
    assert_eq!(
        hops.iter()
            .map(|p| (p.from, p.to, p.jump))
            .collect::<Vec<_>>(),
        [
            (h("k4"), h("k6"), true),
            (h("k6"), h("k8"), true),
            (h("k8"), h("k9"), false)
        ]
    );
    assert_eq!(step.hops().count(), 1);
    assert!(step.hops().all(|p| !p.jump));
}
