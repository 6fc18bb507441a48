//! The seat entities: what a match's seats carry after a start (who plays, colour, name), their
//! clocks and standings kept in step with the engine, and the systems that read them — the
//! turn flow and the computer follow a seat's `PlayedBy`, and saving and rematch take who plays
//! each seat from the entities rather than from the start-time config.

mod common;

use bevy::prelude::*;
use common::*;
use sternhalma::board::CurrentMatch;
use sternhalma::config::{COLOURS, Controller, Palette, point_name};
use sternhalma::persist::SAVE_FILE;
use sternhalma::persist::formats::SavedMatch;
use sternhalma::play::{Command, LoadMatch};
use sternhalma::seats::{PlayedBy, Seat, SeatClock, SeatLook, SeatStanding};
use sternhalma::state::{Screen, Turn};
use sternhalma_rules::ai::Level;
use sternhalma_rules::{OutReason, Point, Standing};

/// Every seat entity's components, in turn order.
fn seats(app: &mut App) -> Vec<(Seat, PlayedBy, SeatLook, SeatClock, SeatStanding)> {
    let mut q = app
        .world_mut()
        .query::<(&Seat, &PlayedBy, &SeatLook, &SeatClock, &SeatStanding)>();
    let mut all: Vec<_> = q
        .iter(app.world())
        .map(|(s, p, l, c, st)| (*s, *p, *l, *c, *st))
        .collect();
    all.sort_by_key(|s| s.0.index);
    all
}

/// Gives the seat at `index` to `controller`, on its entity only.
fn play_seat_by(app: &mut App, index: usize, controller: Controller) {
    let mut q = app.world_mut().query::<(&Seat, &mut PlayedBy)>();
    for (seat, mut by) in q.iter_mut(app.world_mut()) {
        if seat.index == index {
            by.0 = controller;
        }
    }
}

/// The engine's standing of every seat, as the entities should mirror it.
fn engine_standings(app: &App) -> Vec<SeatStanding> {
    let g = game(app);
    (0..usize::from(g.setup().players))
        .map(|s| SeatStanding::of(g, s))
        .collect()
}

fn mirrored_standings(app: &mut App) -> Vec<SeatStanding> {
    seats(app).into_iter().map(|s| s.4).collect()
}

#[test]
fn seat_entities_after_a_start_carry_who_plays_them_their_colour_and_name() {
    let mut app = app();
    let mut config = vs(Level::Easy);
    config.palette = Palette::of_preset("leapstone");
    start(&mut app, config.clone());
    let seats = seats(&mut app);
    assert_eq!(seats.len(), 2);
    let points = [Point::Bottom, Point::Top];
    let controllers = [Controller::Human, Controller::Computer(Level::Easy)];
    for (i, (seat, by, look, clock, standing)) in seats.into_iter().enumerate() {
        assert_eq!(
            seat,
            Seat {
                index: i,
                point: points[i]
            }
        );
        assert_eq!(by.0, controllers[i]);
        assert_eq!(look.name, point_name(config.palette, points[i]));
        assert_eq!(look.colour, COLOURS[config.palette.colour(points[i])]);
        assert_eq!(clock.0, None, "classic rules play without a clock");
        assert_eq!(
            standing,
            SeatStanding {
                standing: Standing::Playing,
                place: None,
                home: 0
            }
        );
    }
    // Leapstone's colours: red at the bottom, yellow at the top.
    assert_eq!(point_name(config.palette, Point::Bottom), "Red");
}

#[test]
fn a_seats_clock_counts_down_with_the_engines_clock() {
    let mut app = app();
    let mut config = people("classic", 2);
    config.rules.clock = Some(sternhalma_rules::rules::ClockRule::Reserve {
        reserve_ms: 60_000,
        increment_ms: 0,
    });
    start(&mut app, config);
    for _ in 0..10 {
        app.update();
    }
    let clocks: Vec<Option<u64>> = seats(&mut app).iter().map(|s| s.3.0).collect();
    let g = game(&app);
    assert_eq!(clocks, vec![g.clock_ms(0), g.clock_ms(1)]);
    assert!(clocks[0].unwrap() < 60_000, "the mover's clock runs");
    assert_eq!(clocks[1], Some(60_000), "the other's stands");
    // After a move, the other seat's clock runs and the entity follows it.
    play(&mut app, "k3-k5");
    for _ in 0..10 {
        app.update();
    }
    let clocks: Vec<Option<u64>> = seats(&mut app).iter().map(|s| s.3.0).collect();
    let g = game(&app);
    assert_eq!(clocks, vec![g.clock_ms(0), g.clock_ms(1)]);
    assert!(clocks[1].unwrap() < 60_000);
}

#[test]
fn standing_and_place_follow_a_finish() {
    let mut app = app();
    // Casual rules: the bottom seat's goal is full but for h14, its last marble a step away.
    let config = people("casual", 2);
    let setup = config.setup().unwrap();
    let mut board = sternhalma_rules::Board::empty();
    for h in [
        "e17", "e16", "f16", "e15", "f15", "g15", "e14", "f14", "g14", "h13",
    ] {
        board.put(0, hole(h));
    }
    board.put(1, hole("i9"));
    board.put(1, hole("j9"));
    let g = sternhalma_rules::Game::from_board(setup, config.rules.clone(), board, 0).unwrap();
    app.world_mut().write_message(LoadMatch {
        game: g,
        config,
        paused: false,
        stats_counted: false,
        id: None,
        open: true,
    });
    settle(&mut app);
    assert_eq!(mirrored_standings(&mut app), engine_standings(&app));
    let before = mirrored_standings(&mut app);
    assert_eq!((before[0].standing, before[0].home), (Standing::Playing, 9));
    play(&mut app, "h13-h14");
    let after = mirrored_standings(&mut app);
    assert_eq!(after, engine_standings(&app));
    assert_eq!(after[0].standing, Standing::Finished);
    assert_eq!(after[0].place, Some(1));
    assert_eq!(after[0].home, 10);
}

#[test]
fn standing_follows_a_resignation() {
    let mut app = app();
    start(&mut app, people("classic", 2));
    command(&mut app, Command::Resign(1));
    settle(&mut app);
    assert_eq!(screen(&app), Screen::GameOver);
    let after = mirrored_standings(&mut app);
    assert_eq!(after, engine_standings(&app));
    assert_eq!(after[1].standing, Standing::Out(OutReason::Resigned));
}

#[test]
fn the_computer_plays_a_seat_whose_entity_says_so() {
    let mut app = app();
    // Two people, the cover on: a turn passes through the hand-over screen.
    app.world_mut()
        .resource_mut::<sternhalma::config::Settings>()
        .handover_screen = true;
    start(&mut app, people("classic", 2));
    // The top seat's entity now says the computer plays it: nothing else is changed.
    play_seat_by(&mut app, 1, Controller::Computer(Level::Beginner));
    tap(&mut app, hole("k4"));
    tap(&mut app, hole("k5"));
    run_until(&mut app, 500, |a| turn(a) == Some(Turn::Thinking));
    run_until(&mut app, 5000, |a| {
        std::thread::sleep(std::time::Duration::from_millis(1));
        game(a).actions().len() == 2
    });
    settle(&mut app);
    // One person left: no hand-over, the bottom seat simply moves again.
    assert_eq!(turn(&app), Some(Turn::Human));
    assert_eq!(game(&app).to_move(), Some(0));
}

#[test]
fn saving_and_a_rematch_take_who_plays_each_seat_from_the_entities() {
    let dir = TempDir::new("seats-save");
    let mut app = app_in(&dir);
    start(&mut app, people("classic", 2));
    play_seat_by(&mut app, 1, Controller::Computer(Level::Beginner));
    play(&mut app, "k3-k5");
    run_until(&mut app, 5000, |a| {
        std::thread::sleep(std::time::Duration::from_millis(1));
        game(a).actions().len() == 2
    });
    settle(&mut app);
    let saved = SavedMatch::from_ron(&dir.read(SAVE_FILE).unwrap()).unwrap();
    assert_eq!(
        saved.seats,
        vec![Controller::Human, Controller::Computer(Level::Beginner)]
    );
    // The config the match started with still holds its start-time seats: nothing reads them
    // while the match is played.
    assert_eq!(
        app.world().resource::<CurrentMatch>().controllers(),
        &[Controller::Human, Controller::Human]
    );
    command(&mut app, Command::Resign(0));
    settle(&mut app);
    command(&mut app, Command::Rematch);
    settle(&mut app);
    let by: Vec<Controller> = seats(&mut app).iter().map(|s| s.1.0).collect();
    assert_eq!(
        by,
        vec![Controller::Human, Controller::Computer(Level::Beginner)]
    );
    assert_eq!(
        app.world().resource::<CurrentMatch>().controllers(),
        &[Controller::Human, Controller::Computer(Level::Beginner)]
    );
}
