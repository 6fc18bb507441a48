//! The game played through its input abstraction on a headless app: what a person taps is
//! what the engine decides, moves animate and land, turns pass, the computer answers, undo
//! puts the entities back, the board turns to whoever is to move, and whole games, against the
//! computer or pass-and-play by keyboard and touch, are played to the end.

mod common;

use bevy::prelude::*;
use common::*;
use std::collections::{BTreeMap, BTreeSet, VecDeque};
use std::f32::consts::TAU;
use std::time::Duration;
use sternhalma::ai::{Hint, Purpose, SearchAbandoned};
use sternhalma::animation::{MoveAnimation, rest_translation};
use sternhalma::board::{BoardRoot, BoardView, CurrentGame, HoleSpot, Marble, hole_position};
use sternhalma::config::{AnimSpeed, Settings};
use sternhalma::input::{NavInput, PointerInput};
use sternhalma::play::{
    BoardChanged, Command, MatchStarted, MoveApplied, MoveRequest, Notice, Redone, Undone,
};
use sternhalma::selection::{HighlightKind, HoleMarks, Selection};
use sternhalma::state::{Screen, Turn};
use sternhalma_rules::ai::{Budget, Level, choose_move};
use sternhalma_rules::game::holes;
use sternhalma_rules::{Action, EndReason, Hole, Move, Point, Status};

fn destinations(app: &App, from: Hole) -> BTreeSet<Hole> {
    game(app)
        .moves_from(from)
        .into_iter()
        .map(|m| m.to)
        .collect()
}

#[test]
fn selecting_a_marble_lights_exactly_the_engines_destinations() {
    let mut app = app();
    start(&mut app, people("classic", 2));
    assert_eq!(turn(&app), Some(Turn::Human));
    assert_eq!(marbles(&mut app), engine_marbles(&app));
    for name in ["j4", "k4", "l4", "m4", "k3", "m1"] {
        let h = hole(name);
        tap(&mut app, h);
        assert_eq!(
            marked(&mut app, HighlightKind::Selected),
            BTreeSet::from([h])
        );
        let lit = marked(&mut app, HighlightKind::Reachable);
        assert_eq!(lit, destinations(&app, h), "destinations of {name}");
        // Classic rules: the other points are greyed, and none of them is lit.
        let grey = marked(&mut app, HighlightKind::Forbidden);
        assert!(grey.contains(&hole("a13")) && grey.contains(&hole("q5")));
        assert!(grey.is_disjoint(&lit));
        // The mover's goal is gold: the top point.
        let goal = marked(&mut app, HighlightKind::Goal);
        assert_eq!(goal.len(), 10);
        assert!(goal.iter().all(|h| h.point() == Some(Point::Top)));
    }
    // Some marbles can move, the tip cannot: both cases covered above.
    assert!(!destinations(&app, hole("k4")).is_empty());
    assert!(destinations(&app, hole("m1")).is_empty());
}

/// Highlighting is state on the hole entities: picking marbles spawns and despawns nothing,
/// and changes the marks of exactly the holes whose look changes.
#[test]
fn highlights_are_hole_state_and_only_changed_holes_are_touched() {
    let mut app = app();
    start(&mut app, people("classic", 2));
    let entities = |app: &mut App| app.world_mut().query::<Entity>().iter(app.world()).count();
    let before = entities(&mut app);
    tap(&mut app, hole("k4"));
    assert!(!marked(&mut app, HighlightKind::Reachable).is_empty());
    assert_eq!(entities(&mut app), before, "picking spawns nothing");
    // From k4 to j4: the holes whose marks changed are the two marbles and the destinations
    // that differ; every other hole is untouched (no change for the look to redraw).
    let lit_k4 = marked(&mut app, HighlightKind::Reachable);
    let since = app.world_mut().change_tick();
    tap(&mut app, hole("j4"));
    let lit_j4 = marked(&mut app, HighlightKind::Reachable);
    let now = app.world_mut().change_tick();
    let mut q = app.world_mut().query::<(&HoleSpot, Ref<HoleMarks>)>();
    let touched: BTreeSet<Hole> = q
        .iter(app.world())
        .filter(|(_, marks)| marks.last_changed().is_newer_than(since, now))
        .map(|(spot, _)| spot.0)
        .collect();
    let mut expected: BTreeSet<Hole> = lit_k4.symmetric_difference(&lit_j4).copied().collect();
    expected.extend([hole("k4"), hole("j4")]);
    assert_eq!(touched, expected);
    tap(&mut app, hole("j4"));
    assert!(marked(&mut app, HighlightKind::Selected).is_empty());
    assert!(marked(&mut app, HighlightKind::Reachable).is_empty());
    assert_eq!(
        entities(&mut app),
        before,
        "dropping the pick despawns nothing"
    );
}

#[test]
fn tapping_again_cancels_and_tapping_another_marble_switches() {
    let mut app = app();
    start(&mut app, people("classic", 2));
    tap(&mut app, hole("k4"));
    tap(&mut app, hole("l4"));
    assert_eq!(app.world().resource::<Selection>().from, Some(hole("l4")));
    tap(&mut app, hole("l4"));
    assert_eq!(app.world().resource::<Selection>().from, None);
    assert!(marked(&mut app, HighlightKind::Reachable).is_empty());
    // The opponent's marbles cannot be picked; an empty hole that is not lit cancels.
    tap(&mut app, hole("e14"));
    assert_eq!(app.world().resource::<Selection>().from, None);
    tap(&mut app, hole("k4"));
    tap(&mut app, hole("i9"));
    assert_eq!(app.world().resource::<Selection>().from, None);
    assert!(game(&app).actions().is_empty());
}

#[test]
fn hovering_a_lit_hole_shows_the_jump_path() {
    let mut app = app();
    start(&mut app, people("casual", 2));
    // Open with single jumps until someone has a chain of two.
    let m = loop {
        let moves = game(&app).legal_moves();
        if let Some(m) = moves.iter().find(|m| m.path.len() >= 3) {
            break m.clone();
        }
        assert!(game(&app).actions().len() < 12, "no chain of jumps came up");
        let m = moves
            .iter()
            .find(|m| m.from.distance(m.to) == 2)
            .unwrap_or(&moves[0])
            .clone();
        tap(&mut app, m.from);
        tap(&mut app, m.to);
        settle(&mut app);
    };
    tap(&mut app, m.from);
    at(&mut app, PointerInput::Moved, m.to);
    app.update();
    let mut q = app.world_mut().query::<&sternhalma::selection::Segment>();
    let hops: Vec<(Hole, Hole)> = q
        .iter(app.world())
        .filter(|s| s.kind == HighlightKind::Path)
        .map(|s| (s.from, s.to))
        .collect();
    let want: Vec<(Hole, Hole)> = m.path.windows(2).map(|w| (w[0], w[1])).collect();
    assert_eq!(hops.len(), want.len());
    assert!(
        want.iter().all(|h| hops.contains(h)),
        "{hops:?} vs {want:?}"
    );
}

#[test]
fn a_move_animates_along_its_path_lands_and_passes_the_turn() {
    let mut app = app();
    start(&mut app, people("classic", 2));
    let (from, to) = (hole("k3"), hole("k5"));
    tap(&mut app, from);
    tap(&mut app, to);
    // The engine has the move at once; the marble entity already belongs to `to`...
    assert_eq!(game(&app).actions().len(), 1);
    assert_eq!(game(&app).to_move(), Some(1));
    app.update();
    assert_eq!(turn(&app), Some(Turn::Animating));
    assert_eq!(moving(&app), 1);
    // ...but is drawn on its way, lifted over the marble it jumps.
    app.update();
    let mid = marble_translation(&mut app, to);
    assert!(mid.truncate().distance(rest_translation(to).truncate()) > 1.0);
    assert!(mid.z > rest_translation(to).z);
    settle(&mut app);
    assert_eq!(turn(&app), Some(Turn::Human));
    assert_eq!(marble_translation(&mut app, to), rest_translation(to));
    assert_eq!(marbles(&mut app), engine_marbles(&app));
    // The last move stays as a trail; the goal is now the second player's (the bottom).
    let trail = marked(&mut app, HighlightKind::Trail);
    assert_eq!(trail, BTreeSet::from([from]));
    let goal = marked(&mut app, HighlightKind::Goal);
    assert!(goal.iter().all(|h| h.point() == Some(Point::Bottom)));
    // The first player's marbles no longer answer: it is the top's turn.
    tap(&mut app, hole("l4"));
    assert_eq!(app.world().resource::<Selection>().from, None);
    tap(&mut app, hole("e14"));
    assert_eq!(app.world().resource::<Selection>().from, Some(hole("e14")));
}

#[test]
fn input_during_an_animation_finishes_it_at_once() {
    let mut app = app();
    start(&mut app, people("classic", 2));
    tap(&mut app, hole("k3"));
    tap(&mut app, hole("k5"));
    app.update();
    assert_eq!(moving(&app), 1);
    pointer(&mut app, PointerInput::Pressed(Vec2::ZERO));
    app.update();
    assert_eq!(moving(&app), 0);
    assert_eq!(
        marble_translation(&mut app, hole("k5")),
        rest_translation(hole("k5"))
    );
    app.update();
    app.update();
    // The tap only finished the animation: nothing got selected by it.
    assert_eq!(app.world().resource::<Selection>().from, None);
    assert_eq!(turn(&app), Some(Turn::Human));
}

#[test]
fn drag_and_drop_onto_a_lit_hole_moves_without_animation() {
    let mut app = app();
    start(&mut app, people("casual", 2));
    let (from, to) = (hole("l4"), hole("l5"));
    at(&mut app, PointerInput::Pressed, from);
    app.update();
    let halfway = (world_of(&app, from) + world_of(&app, to)) / 2.0;
    pointer(&mut app, PointerInput::Moved(halfway));
    app.update();
    // The marble follows the finger.
    let dragged = marble_translation(&mut app, from);
    assert!(dragged.truncate().distance(halfway) < 1.0);
    at(&mut app, PointerInput::Moved, to);
    at(&mut app, PointerInput::Released, to);
    app.update();
    assert_eq!(game(&app).actions().len(), 1);
    app.update();
    assert_eq!(moving(&app), 0);
    assert_eq!(marble_translation(&mut app, to), rest_translation(to));
    // A drop on a hole that is not lit puts the marble back.
    settle(&mut app);
    let (from, bad) = (hole("e14"), hole("i9"));
    at(&mut app, PointerInput::Pressed, from);
    at(&mut app, PointerInput::Moved, bad);
    at(&mut app, PointerInput::Released, bad);
    app.update();
    assert_eq!(game(&app).actions().len(), 1);
    assert_eq!(marble_translation(&mut app, from), rest_translation(from));
}

#[test]
fn the_keyboard_picks_and_moves() {
    let mut app = app();
    start(&mut app, people("classic", 2));
    key(&mut app, NavInput::Cursor(Vec2::Y));
    let start_at = app
        .world()
        .resource::<Selection>()
        .cursor
        .expect("a cursor");
    assert_eq!(game(&app).board().owner(start_at), Some(0));
    key(&mut app, NavInput::Confirm);
    assert_eq!(app.world().resource::<Selection>().from, Some(start_at));
    // Up from a front-row marble is an empty neighbour: a step.
    key(&mut app, NavInput::Cursor(Vec2::Y));
    let target = app.world().resource::<Selection>().cursor.unwrap();
    assert_eq!(target.distance(start_at), 1);
    assert!(target.row() > start_at.row());
    key(&mut app, NavInput::Confirm);
    assert_eq!(
        game(&app).actions(),
        &[sternhalma_rules::Action::Move(vec![start_at, target])]
    );
    // Esc cancels a selection first, and only then leaves the game.
    settle(&mut app);
    tap(&mut app, hole("e14"));
    key(&mut app, NavInput::Back);
    assert_eq!(app.world().resource::<Selection>().from, None);
    assert_eq!(screen(&app), Screen::Playing);
    key(&mut app, NavInput::Back);
    app.update();
    assert_eq!(screen(&app), Screen::MainMenu);
}

#[test]
fn pass_and_play_turns_the_board_to_the_player_to_move() {
    let mut app = app();
    start(&mut app, people("classic", 3));
    let points = [Point::Bottom, Point::UpperLeft, Point::UpperRight];
    for (i, point) in points.into_iter().enumerate() {
        let view = *app.world().resource::<BoardView>();
        let facing = BoardView::angle_for(point);
        assert!(
            ((view.angle - facing).rem_euclid(std::f32::consts::TAU))
                .min((facing - view.angle).rem_euclid(std::f32::consts::TAU))
                < 1e-3,
            "seat {i} faces the bottom"
        );
        let step = game(&app)
            .legal_moves()
            .into_iter()
            .find(|m| m.from.distance(m.to) == 1)
            .expect("a step");
        tap(&mut app, step.from);
        tap(&mut app, step.to);
        assert_eq!(game(&app).actions().len(), i + 1, "{step} was played");
        // The board turns over several frames, not at once.
        run_until(&mut app, 100, |a| {
            a.world().resource::<BoardView>().is_turning()
        });
        app.update();
        assert!(app.world().resource::<BoardView>().is_turning());
        settle(&mut app);
    }
    let mut q = app
        .world_mut()
        .query_filtered::<&Transform, With<BoardRoot>>();
    let root = q.single(app.world()).unwrap().rotation;
    let view = *app.world().resource::<BoardView>();
    assert!(root.angle_between(Quat::from_rotation_z(view.angle)) < 1e-3);
}

#[test]
fn a_fixed_board_does_not_turn() {
    let mut app = app();
    app.world_mut().resource_mut::<Settings>().rotate_board = false;
    start(&mut app, people("classic", 2));
    tap(&mut app, hole("k4"));
    tap(&mut app, hole("k5"));
    settle(&mut app);
    assert_eq!(game(&app).to_move(), Some(1));
    assert_eq!(app.world().resource::<BoardView>().angle, 0.0);
}

#[test]
fn the_computer_answers_off_the_main_thread_and_is_animated() {
    let mut app = app();
    start(&mut app, vs(Level::Beginner));
    tap(&mut app, hole("k4"));
    tap(&mut app, hole("k5"));
    run_until(&mut app, 500, |a| turn(a) == Some(Turn::Thinking));
    // While it thinks, frames go on.
    run_until(&mut app, 5000, |a| {
        std::thread::sleep(std::time::Duration::from_millis(1));
        turn(a) == Some(Turn::Animating)
    });
    assert_eq!(game(&app).actions().len(), 2);
    settle(&mut app);
    assert_eq!(game(&app).to_move(), Some(0));
    assert_eq!(marbles(&mut app), engine_marbles(&app));
    // Against the computer, the person stays at the bottom.
    assert_eq!(app.world().resource::<BoardView>().angle, 0.0);
}

#[test]
fn undo_against_the_computer_goes_back_to_your_turn_and_restores_entities() {
    let mut app = app();
    start(&mut app, vs(Level::Beginner));
    let start_marbles = marbles(&mut app);
    tap(&mut app, hole("k4"));
    tap(&mut app, hole("k5"));
    run_until(&mut app, 5000, |a| {
        std::thread::sleep(std::time::Duration::from_millis(1));
        game(a).actions().len() == 2
    });
    settle(&mut app);
    command(&mut app, Command::Undo);
    settle(&mut app);
    assert!(game(&app).actions().is_empty());
    assert_eq!(game(&app).to_move(), Some(0));
    assert_eq!(marbles(&mut app), start_marbles);
    assert_eq!(turn(&app), Some(Turn::Human));
    // Redo brings back both moves, entities included.
    command(&mut app, Command::Redo);
    settle(&mut app);
    assert_eq!(game(&app).actions().len(), 2);
    assert_eq!(marbles(&mut app), engine_marbles(&app));
    assert_eq!(turn(&app), Some(Turn::Human));
}

#[test]
fn undo_while_the_computer_thinks_cancels_it() {
    let mut app = app();
    // Every search the app drops unfinished.
    #[derive(Resource, Default)]
    struct Abandoned(Vec<SearchAbandoned>);
    app.init_resource::<Abandoned>().add_systems(
        Last,
        |mut read: MessageReader<SearchAbandoned>, mut seen: ResMut<Abandoned>| {
            seen.0.extend(read.read().copied())
        },
    );
    // The expert's search runs for many frames; the undo comes on the next one.
    start(&mut app, vs(Level::Expert));
    tap(&mut app, hole("k4"));
    tap(&mut app, hole("k5"));
    run_until(&mut app, 500, |a| turn(a) == Some(Turn::Thinking));
    command(&mut app, Command::Undo);
    settle(&mut app);
    assert!(game(&app).actions().is_empty());
    assert_eq!(
        app.world().resource::<Abandoned>().0,
        vec![SearchAbandoned(Purpose::Play)],
        "the computer's search was stopped, not left to finish"
    );
    for _ in 0..50 {
        std::thread::sleep(std::time::Duration::from_millis(2));
        app.update();
    }
    assert!(
        game(&app).actions().is_empty(),
        "the cancelled search must not move"
    );
    assert_eq!(marbles(&mut app), engine_marbles(&app));
}

#[test]
fn pause_stops_the_computer_until_resumed() {
    let mut app = app();
    start(&mut app, vs(Level::Beginner));
    tap(&mut app, hole("k4"));
    tap(&mut app, hole("k5"));
    // Paused while the person's move is still on its way: the computer must not start.
    command(&mut app, Command::Pause);
    run_until(&mut app, 200, |a| turn(a) == Some(Turn::Paused));
    for _ in 0..50 {
        std::thread::sleep(std::time::Duration::from_millis(2));
        app.update();
    }
    assert_eq!(game(&app).actions().len(), 1);
    command(&mut app, Command::Resume);
    run_until(&mut app, 5000, |a| {
        std::thread::sleep(std::time::Duration::from_millis(1));
        game(a).actions().len() == 2
    });
}

#[test]
fn a_hint_shows_a_legal_move_on_the_board() {
    let mut app = app();
    start(&mut app, people("classic", 2));
    app.world_mut().write_message(sternhalma::ai::AskHint);
    run_until(&mut app, 5000, |a| {
        std::thread::sleep(std::time::Duration::from_millis(1));
        a.world().resource::<Hint>().0.is_some()
    });
    app.update();
    let m = app.world().resource::<Hint>().0.clone().unwrap();
    assert!(game(&app).legal_moves().contains(&m));
    assert_eq!(
        marked(&mut app, HighlightKind::Hint),
        BTreeSet::from([m.from, m.to])
    );
    // Playing a move clears it.
    tap(&mut app, hole("k4"));
    tap(&mut app, hole("k5"));
    app.update();
    assert!(marked(&mut app, HighlightKind::Hint).is_empty());
}

/// Classic rules without the repetition rule, so two players can shuffle one marble each to
/// the leaving-home deadline.
fn at_the_deadline() -> sternhalma_rules::Game {
    let mut config = people("classic", 2);
    config.rules.repetition_ends = false;
    let mut g = config.build_game().unwrap();
    let shuffles = [["j4-j5", "j5-j4"], ["h14-h13", "h13-h14"]];
    for i in 0..58 {
        let seat = i % 2;
        let round = i / 2;
        g.play_notation(shuffles[seat][round % 2]).unwrap();
    }
    g
}

#[test]
fn a_move_that_puts_you_out_is_asked_first() {
    let mut app = app();
    let mut config = people("classic", 2);
    config.rules.repetition_ends = false;
    start(&mut app, config);
    let g = at_the_deadline();
    let (from, to) = (hole("k4"), hole("k5"));
    assert!(g.would_put_out(&[from, to]));
    app.world_mut().resource_mut::<CurrentGame>().0 = g;
    app.world_mut().write_message(BoardChanged);
    app.world_mut()
        .resource_mut::<NextState<Turn>>()
        .set(Turn::Starting);
    settle(&mut app);
    assert_eq!(game(&app).actions().len(), 58);
    assert_eq!(marbles(&mut app), engine_marbles(&app));
    tap(&mut app, from);
    tap(&mut app, to);
    app.update();
    assert_eq!(turn(&app), Some(Turn::Confirm));
    assert_eq!(game(&app).actions().len(), 58);
    command(&mut app, Command::Confirm(false));
    app.update();
    assert_eq!(turn(&app), Some(Turn::Human));
    assert_eq!(game(&app).actions().len(), 58);
    tap(&mut app, from);
    tap(&mut app, to);
    app.update();
    command(&mut app, Command::Confirm(true));
    settle(&mut app);
    assert_eq!(game(&app).actions().len(), 59);
    assert!(matches!(
        game(&app).standing(0),
        sternhalma_rules::Standing::Out(_)
    ));
    assert_eq!(marbles(&mut app), engine_marbles(&app));
}

#[test]
fn resigning_ends_a_two_player_game() {
    let mut app = app();
    start(&mut app, vs(Level::Beginner));
    command(&mut app, Command::Resign(0));
    settle(&mut app);
    assert_eq!(screen(&app), Screen::GameOver);
    assert!(game(&app).is_over());
    // Rematch starts the same match afresh.
    command(&mut app, Command::Rematch);
    settle(&mut app);
    assert_eq!(screen(&app), Screen::Playing);
    assert!(game(&app).actions().is_empty());
    assert_eq!(marbles(&mut app), engine_marbles(&app));
}

#[test]
fn a_new_game_replaces_every_marble_and_seat() {
    let mut app = app();
    start(&mut app, people("classic", 2));
    tap(&mut app, hole("k4"));
    tap(&mut app, hole("k5"));
    settle(&mut app);
    start(&mut app, people("classic", 6));
    assert_eq!(marbles(&mut app).len(), 60);
    assert_eq!(marbles(&mut app), engine_marbles(&app));
    let mut q = app.world_mut().query::<&sternhalma::board::Seat>();
    assert_eq!(q.iter(app.world()).count(), 6);
    let mut q = app.world_mut().query::<(&Marble, Has<MoveAnimation>)>();
    assert!(q.iter(app.world()).all(|(_, moving)| !moving));
}

#[test]
fn pressing_a_lit_hole_shows_the_path_and_releasing_moves() {
    let mut app = app();
    start(&mut app, people("classic", 2));
    tap(&mut app, hole("k3"));
    at(&mut app, PointerInput::Pressed, hole("k5"));
    app.update();
    // Still pressed: nothing moved yet, the jump path is on the board.
    assert!(game(&app).actions().is_empty());
    let mut q = app.world_mut().query::<&sternhalma::selection::Segment>();
    let path: Vec<_> = q
        .iter(app.world())
        .filter(|s| s.kind == HighlightKind::Path)
        .map(|s| (s.from, s.to))
        .collect();
    assert_eq!(path, vec![(hole("k3"), hole("k5"))]);
    at(&mut app, PointerInput::Released, hole("k5"));
    app.update();
    assert_eq!(game(&app).actions().len(), 1);
}

/// Casual rules, the top player's single marble boxed in at its tip: it can never move.
fn boxed_in() -> sternhalma_rules::Game {
    let config = people("casual", 2);
    let setup = config.setup().unwrap();
    let mut board = sternhalma_rules::Board::empty();
    for h in ["e16", "f16", "e15", "g15", "m1", "l2"] {
        board.put(0, hole(h));
    }
    board.put(1, hole("e17"));
    sternhalma_rules::Game::from_board(setup, config.rules, board, 0).unwrap()
}

#[test]
fn a_player_without_a_move_is_passed_with_a_notice() {
    let mut app = app();
    start(&mut app, people("casual", 2));
    app.world_mut().resource_mut::<CurrentGame>().0 = boxed_in();
    app.world_mut().write_message(BoardChanged);
    app.world_mut()
        .resource_mut::<NextState<Turn>>()
        .set(Turn::Starting);
    settle(&mut app);
    assert_eq!(marbles(&mut app), engine_marbles(&app));
    tap(&mut app, hole("m1"));
    tap(&mut app, hole("m2"));
    let events = app
        .world()
        .resource::<Messages<sternhalma::play::GameEvent>>()
        .iter_current_update_messages()
        .cloned()
        .collect::<Vec<_>>();
    assert!(
        events.contains(&sternhalma::play::GameEvent(
            sternhalma_rules::Event::Passed { seat: 1 }
        )),
        "{events:?}"
    );
    settle(&mut app);
    assert_eq!(game(&app).to_move(), Some(0));
    assert_eq!(turn(&app), Some(Turn::Human));
}

#[test]
fn pass_and_play_can_cover_the_board_between_turns() {
    let mut app = app();
    app.world_mut().resource_mut::<Settings>().handover_screen = true;
    start(&mut app, people("classic", 2));
    tap(&mut app, hole("k4"));
    tap(&mut app, hole("k5"));
    run_until(&mut app, 500, |a| turn(a) == Some(Turn::Handover));
    // Taps on the covered board do nothing.
    tap(&mut app, hole("e14"));
    assert_eq!(app.world().resource::<Selection>().from, None);
    command(&mut app, Command::HandedOver);
    app.update();
    assert_eq!(turn(&app), Some(Turn::Human));
    tap(&mut app, hole("e14"));
    assert_eq!(app.world().resource::<Selection>().from, Some(hole("e14")));
}

#[test]
fn a_running_clock_ends_the_game_when_the_flag_falls() {
    let mut app = app();
    let mut config = people("classic", 2);
    config.rules.clock = Some(sternhalma_rules::rules::ClockRule::Reserve {
        reserve_ms: 1_000,
        increment_ms: 0,
    });
    start(&mut app, config);
    let before = game(&app).clock_ms(0).unwrap();
    app.update();
    assert!(game(&app).clock_ms(0).unwrap() < before, "the clock runs");
    run_until(&mut app, 200, |a| screen(a) == Screen::GameOver);
    assert!(matches!(
        game(&app).standing(0),
        sternhalma_rules::Standing::Out(sternhalma_rules::OutReason::Flag)
    ));
}

/// Most plies a whole game may take (classic rules stop at 150 moves each).
const MAX_PLIES: usize = 400;
/// Most frames from a person's move to the next person's turn, or to the end.
const MAX_FRAMES_PER_TURN: usize = 2000;

/// Runs frames until a person is to move with nothing moving or turning, or the game is over;
/// the computer's turns are played on the way.
fn await_person(app: &mut App) {
    // A move changes the turn phase only on the next frames.
    app.update();
    app.update();
    for _ in 0..MAX_FRAMES_PER_TURN {
        let t = turn(app);
        let at_rest = !app.world().resource::<BoardView>().is_turning() && moving(app) == 0;
        if screen(app) == Screen::GameOver || (t == Some(Turn::Human) && at_rest) {
            return;
        }
        if t == Some(Turn::Thinking) {
            std::thread::sleep(Duration::from_millis(1));
        }
        app.update();
    }
    panic!(
        "after {} plies: neither a person's turn nor the end within {MAX_FRAMES_PER_TURN} \
         frames (turn {:?}, screen {:?})",
        game(app).actions().len(),
        turn(app),
        screen(app)
    );
}

/// Plays a whole game. Every person's move is the engine's choice at `level`, entered through
/// `enter` (given the move and how many moves people made before it); computers play their
/// own. Checks that each entered move is the one the engine plays. Returns the people's moves.
fn play_to_the_end(
    app: &mut App,
    level: Level,
    mut enter: impl FnMut(&mut App, &Move, usize),
) -> usize {
    let mut entered = 0;
    loop {
        await_person(app);
        if screen(app) == Screen::GameOver {
            return entered;
        }
        let before = game(app).actions().len();
        assert!(before < MAX_PLIES, "no end after {before} plies");
        let m = choose_move(game(app), level, before as u64, &Budget::unlimited())
            .expect("a move while the game is on");
        enter(app, &m, entered);
        if game(app).actions().len() == before {
            // A move that puts the mover out is asked about first.
            app.update();
            assert_eq!(
                turn(app),
                Some(Turn::Confirm),
                "ply {before}: {m} was neither played nor asked about"
            );
            command(app, Command::Confirm(true));
        }
        match game(app).actions().get(before) {
            Some(Action::Move(path)) => assert!(
                path.first() == Some(&m.from) && path.last() == Some(&m.to),
                "ply {before}: {m} was entered, {path:?} played"
            ),
            other => panic!("ply {before}: {m} was entered, the engine has {other:?}"),
        }
        entered += 1;
    }
}

/// The end of a game: the game-over screen, a result, every marble entity at rest on the
/// engine's hole.
fn assert_over(app: &mut App) {
    assert_eq!(screen(app), Screen::GameOver);
    assert_eq!(turn(app), None, "no turn phase after the end");
    let Status::Over(outcome) = game(app).status() else {
        panic!("the game-over screen is up but the engine's game goes on");
    };
    // The moves people are given finish classic games (rather than, say, leaving a marble at
    // home past the deadline): if the engine's levels change, pick ones that still do.
    assert_eq!(outcome.reason, EndReason::Finished, "{outcome:?}");
    assert_eq!(outcome.places.len(), 2);
    assert_eq!(marbles(app), engine_marbles(app));
    // The winner's marble entities fill its goal.
    let winner = outcome
        .places
        .iter()
        .position(|&p| p == 1)
        .expect("a winner");
    let goal: BTreeSet<Hole> = holes(game(app).layout().seats[winner].goal).collect();
    let home: BTreeSet<Hole> = marbles(app)
        .into_iter()
        .filter(|&(_, seat)| seat == winner)
        .map(|(h, _)| h)
        .collect();
    assert_eq!(home, goal, "seat {winner} won");
    assert_eq!(moving(app), 0);
    let mut q = app.world_mut().query::<(&Marble, &Transform)>();
    for (m, t) in q.iter(app.world()) {
        assert_eq!(
            t.translation,
            rest_translation(m.hole),
            "marble on {}",
            m.hole
        );
    }
}

#[test]
fn a_full_game_against_the_computer_can_be_played_to_the_end() {
    let mut app = app();
    app.world_mut().resource_mut::<Settings>().speed = AnimSpeed::Instant;
    start(&mut app, vs(Level::Easy));
    let entered = play_to_the_end(&mut app, Level::Easy, |app, m, _| {
        tap(app, m.from);
        tap(app, m.to);
    });
    assert_over(&mut app);
    let (person, computer) = (game(&app).moves_made(0), game(&app).moves_made(1));
    assert_eq!(usize::from(person), entered);
    assert!(
        computer > 0 && person.abs_diff(computer) <= 1,
        "{person} vs {computer}"
    );
    // Against the computer, the person stays at the bottom throughout.
    assert_eq!(app.world().resource::<BoardView>().angle, 0.0);
}

/// The four arrow keys, as screen directions.
const ARROWS: [Vec2; 4] = [Vec2::Y, Vec2::NEG_Y, Vec2::NEG_X, Vec2::X];

/// Where each arrow takes the keyboard cursor from each hole, the board turned as in `view`:
/// the nearest hole on screen within 60 degrees of the arrow (the app's rule, used here only to
/// plan key presses; the cursor itself is read back after every press).
fn arrow_map(view: &BoardView) -> BTreeMap<Hole, [Option<Hole>; 4]> {
    let on_screen = |h: Hole| view.board_to_world(hole_position(h));
    Hole::all()
        .map(|from| {
            let next = ARROWS.map(|dir| {
                Hole::all()
                    .filter(|&h| h != from)
                    .filter_map(|h| {
                        let v = on_screen(h) - on_screen(from);
                        let cos = v.normalize().dot(dir);
                        (cos > 0.5).then(|| (h, v.length() * (2.0 - cos)))
                    })
                    .min_by(|a, b| a.1.total_cmp(&b.1))
                    .map(|(h, _)| h)
            });
            (from, next)
        })
        .collect()
}

/// The first arrow of a shortest run of presses taking the cursor from `from` to `to`.
fn first_arrow(arrows: &BTreeMap<Hole, [Option<Hole>; 4]>, from: Hole, to: Hole) -> Option<Vec2> {
    let mut first = BTreeMap::from([(from, None)]);
    let mut queue = VecDeque::from([from]);
    while let Some(h) = queue.pop_front() {
        if h == to {
            return first[&h];
        }
        for (i, next) in arrows[&h].iter().enumerate() {
            if let Some(n) = *next
                && !first.contains_key(&n)
            {
                first.insert(n, first[&h].or(Some(ARROWS[i])));
                queue.push_back(n);
            }
        }
    }
    None
}

fn cursor(app: &App) -> Option<Hole> {
    app.world().resource::<Selection>().cursor
}

/// Arrow presses until the keyboard cursor is on `to`.
fn cursor_to(app: &mut App, to: Hole) {
    let arrows = arrow_map(app.world().resource::<BoardView>());
    if cursor(app).is_none() {
        // The first arrow only shows the cursor.
        key(app, NavInput::Cursor(Vec2::Y));
    }
    for _ in 0..60 {
        let from = cursor(app).expect("a cursor on the board");
        if from == to {
            return;
        }
        let dir = first_arrow(&arrows, from, to)
            .unwrap_or_else(|| panic!("no arrow keys lead from {from} to {to}"));
        key(app, NavInput::Cursor(dir));
    }
    panic!("the cursor did not reach {to} in 60 presses");
}

/// A move with the arrow keys and Enter: cursor to the marble, pick it, cursor to the
/// destination, confirm.
fn by_keyboard(app: &mut App, m: &Move) {
    cursor_to(app, m.from);
    key(app, NavInput::Confirm);
    assert_eq!(app.world().resource::<Selection>().from, Some(m.from));
    cursor_to(app, m.to);
    key(app, NavInput::Confirm);
}

/// A move by touch: a finger down on the marble, slid to the destination and lifted there.
fn by_drag(app: &mut App, m: &Move) {
    at(app, PointerInput::Pressed, m.from);
    app.update();
    at(app, PointerInput::Moved, m.to);
    at(app, PointerInput::Released, m.to);
    app.update();
}

/// Whether the board shows `point` at the bottom (angles compared round the circle).
fn faces(view: &BoardView, point: Point) -> bool {
    let gap = (view.angle - BoardView::angle_for(point)).rem_euclid(TAU);
    gap.min(TAU - gap) < 1e-3
}

#[test]
fn a_full_pass_and_play_game_with_keyboard_and_touch() {
    let mut app = app();
    app.world_mut().resource_mut::<Settings>().speed = AnimSpeed::Instant;
    start(&mut app, people("classic", 2));
    let mut turned = 0;
    let entered = play_to_the_end(&mut app, Level::Medium, |app, m, n| {
        let seat = game(app).to_move().expect("someone to move");
        let point = game(app).setup().seat_points()[seat];
        let view = app.world().resource::<BoardView>();
        assert!(
            faces(view, point),
            "move {n}: seat {seat} does not face the bottom"
        );
        if !faces(view, Point::Bottom) {
            turned += 1;
        }
        // Each seat gets every input method in turn.
        match n % 3 {
            0 => by_keyboard(app, m),
            1 => {
                tap(app, m.from);
                tap(app, m.to);
            }
            _ => by_drag(app, m),
        }
    });
    assert_over(&mut app);
    let made = game(&app).moves_made(0) + game(&app).moves_made(1);
    assert_eq!(usize::from(made), entered);
    assert!(turned > 0, "the board never turned to the second player");
}

#[test]
fn a_paused_game_stands_still_for_people_too() {
    let mut app = app();
    start(&mut app, people("classic", 2));
    tap(&mut app, hole("k4"));
    tap(&mut app, hole("k5"));
    settle(&mut app);
    assert_eq!(game(&app).actions().len(), 1);
    command(&mut app, Command::Pause);
    app.update();
    // No selection, no move, no undo while paused.
    tap(&mut app, hole("e14"));
    assert_eq!(app.world().resource::<Selection>().from, None);
    app.world_mut()
        .write_message(sternhalma::play::MoveRequest {
            path: vec![hole("e14"), hole("e13")],
            confirmed: true,
            dropped: false,
        });
    app.update();
    command(&mut app, Command::Undo);
    settle(&mut app);
    assert_eq!(
        game(&app).actions().len(),
        1,
        "nothing changed while paused"
    );
    command(&mut app, Command::Resume);
    app.update();
    tap(&mut app, hole("e14"));
    assert_eq!(app.world().resource::<Selection>().from, Some(hole("e14")));
    command(&mut app, Command::Undo);
    settle(&mut app);
    assert!(
        game(&app).actions().is_empty(),
        "undo works again after resuming"
    );
}

#[test]
fn the_gold_goal_shows_only_while_a_person_picks_a_move() {
    let mut app = app();
    start(&mut app, vs(Level::Beginner));
    let goal = marked(&mut app, HighlightKind::Goal);
    assert_eq!(goal.len(), 10);
    assert!(goal.iter().all(|h| h.point() == Some(Point::Top)));
    tap(&mut app, hole("k4"));
    tap(&mut app, hole("k5"));
    // The computer's turn: no goal shown, neither the person's nor the computer's.
    run_until(&mut app, 200, |a| turn(a) == Some(Turn::Thinking));
    assert!(marked(&mut app, HighlightKind::Goal).is_empty());
    run_until(&mut app, 5000, |a| {
        std::thread::sleep(Duration::from_millis(1));
        turn(a) == Some(Turn::Human)
    });
    app.update();
    assert_eq!(marked(&mut app, HighlightKind::Goal).len(), 10);
    // Off the board screen the rings go.
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::MainMenu);
    app.update();
    app.update();
    assert!(marked(&mut app, HighlightKind::Goal).is_empty());
}

/// Every notice the game gave, collected as it goes.
#[derive(Resource, Default)]
struct Heard(Vec<sternhalma::play::Notice>);

fn listen(app: &mut App) {
    app.init_resource::<Heard>().add_systems(
        Update,
        (|mut notices: MessageReader<sternhalma::play::Notice>, mut heard: ResMut<Heard>| {
            heard.0.extend(notices.read().cloned());
        })
        .after(sternhalma::state::AppSystems::Present),
    );
}

fn heard_info(app: &App, part: &str) -> bool {
    app.world()
        .resource::<Heard>()
        .0
        .iter()
        .any(|n| matches!(n, sternhalma::play::Notice::Info(t) if t.contains(part)))
}

#[test]
fn tapping_a_hole_where_no_move_may_end_says_why() {
    let mut app = app();
    listen(&mut app);
    start(&mut app, people("classic", 2));
    tap(&mut app, hole("k4"));
    // a13 is in the upper-left point: neither White's start nor its goal.
    tap(&mut app, hole("a13"));
    assert!(heard_info(&app, "may not end in another player's point"));
    // The tip marble has no move: selecting it says so.
    assert!(!heard_info(&app, "no move"));
    tap(&mut app, hole("m1"));
    assert!(heard_info(&app, "no move"));
}

#[test]
fn the_keyboard_cursor_goes_away_when_a_finger_or_mouse_is_used() {
    let mut app = app();
    start(&mut app, people("classic", 2));
    key(&mut app, NavInput::Cursor(Vec2::Y));
    assert!(app.world().resource::<Selection>().cursor.is_some());
    assert_eq!(marked(&mut app, HighlightKind::Cursor).len(), 1);
    tap(&mut app, hole("k4"));
    app.update();
    assert_eq!(app.world().resource::<Selection>().cursor, None);
    assert!(marked(&mut app, HighlightKind::Cursor).is_empty());
    // And it does not come back with the board after a trip to the menu.
    key(&mut app, NavInput::Cursor(Vec2::Y));
    assert!(app.world().resource::<Selection>().cursor.is_some());
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::MainMenu);
    app.update();
    app.update();
    assert_eq!(app.world().resource::<Selection>().cursor, None);
}

#[test]
fn a_marble_reaching_its_goal_gets_a_flourish_and_a_finish_lights_the_whole_goal() {
    use sternhalma::animation::Flourish;
    use sternhalma_rules::{Board, Game, RuleSet, Setup};
    let mut app = app();
    // White (seat 0) has nine marbles home in the top point and the tenth one step away;
    // Black sits in the bottom point.
    let rules = RuleSet::preset("simple").unwrap();
    let setup = Setup::new(2, 10, false).unwrap();
    let mut board = Board::empty();
    let layout = sternhalma_rules::Layout::new(setup, &rules);
    let goal: Vec<Hole> = holes(layout.seats[0].goal).collect();
    let last = *goal.iter().min_by_key(|h| h.row()).unwrap();
    for &h in goal.iter().filter(|&&h| h != last) {
        board.put(0, h);
    }
    let outside = Hole::all()
        .find(|h| h.distance(last) == 1 && h.point().is_none())
        .unwrap();
    board.put(0, outside);
    for h in holes(layout.seats[1].goal) {
        board.put(1, h);
    }
    let g = Game::from_board(setup, rules, board, 0).unwrap();
    let mut config = people("simple", 2);
    config.rules = g.rules().clone();
    app.world_mut().write_message(sternhalma::play::LoadMatch {
        game: g,
        config,
        paused: false,
        stats_counted: true,
        id: None,
        open: true,
    });
    settle(&mut app);
    tap(&mut app, outside);
    tap(&mut app, last);
    let mut seen = 0;
    for _ in 0..200 {
        app.update();
        let mut q = app.world_mut().query::<&Flourish>();
        seen = seen.max(q.iter(app.world()).count());
    }
    assert_eq!(seen, 10, "the finish lights every hole of the goal");
    let mut q = app.world_mut().query::<&Flourish>();
    assert_eq!(q.iter(app.world()).count(), 0, "and the rings fade away");
}

/// Every outcome the game announced, in order, as text (kept in a resource by a system in
/// `Last`, so nothing is missed between frames).
#[derive(Resource, Default)]
struct Outcomes(Vec<String>);

fn log_outcomes(app: &mut App) {
    app.init_resource::<Outcomes>().add_systems(
        Last,
        |mut started: MessageReader<MatchStarted>,
         mut undone: MessageReader<Undone>,
         mut redone: MessageReader<Redone>,
         mut applied: MessageReader<MoveApplied>,
         mut notices: MessageReader<Notice>,
         mut log: ResMut<Outcomes>| {
            log.0
                .extend(started.read().map(|m| format!("started {:?}", m.origin)));
            log.0
                .extend(applied.read().map(|m| format!("moved {}", m.seat)));
            log.0
                .extend(undone.read().map(|u| format!("undone {}", u.plies)));
            log.0
                .extend(redone.read().map(|r| format!("redone {}", r.plies)));
            log.0.extend(notices.read().map(|n| match n {
                Notice::Refused(_) => "refused".to_string(),
                Notice::Info(_) => "info".to_string(),
            }));
        },
    );
}

fn outcomes(app: &mut App) -> Vec<String> {
    std::mem::take(&mut app.world_mut().resource_mut::<Outcomes>().0)
}

#[test]
fn outcomes_are_announced_only_for_what_happened() {
    let mut app = app();
    log_outcomes(&mut app);
    start(&mut app, people("classic", 2));
    assert_eq!(outcomes(&mut app), ["started NewGame"]);
    // Nothing to undo or redo yet: refused, and nothing announced as done.
    command(&mut app, Command::Undo);
    command(&mut app, Command::Redo);
    settle(&mut app);
    assert_eq!(outcomes(&mut app), ["refused", "refused"]);
    tap(&mut app, hole("k4"));
    tap(&mut app, hole("k5"));
    settle(&mut app);
    command(&mut app, Command::Undo);
    settle(&mut app);
    command(&mut app, Command::Redo);
    settle(&mut app);
    assert_eq!(outcomes(&mut app), ["moved 0", "undone 1", "redone 1"]);
    command(&mut app, Command::Rematch);
    settle(&mut app);
    assert_eq!(outcomes(&mut app), ["started Rematch"]);
    // A start the rules refuse (pairs is for four players) starts nothing.
    let mut six_in_pairs = people("pairs", 4);
    six_in_pairs.players = 6;
    command(&mut app, Command::Start(six_in_pairs));
    settle(&mut app);
    assert_eq!(outcomes(&mut app), ["refused"]);
    assert_eq!(game(&app).setup().players, 2);
}

#[test]
fn a_move_and_an_undo_in_one_frame_play_the_move_then_take_it_back() {
    let mut app = app();
    log_outcomes(&mut app);
    start(&mut app, people("classic", 2));
    outcomes(&mut app);
    app.world_mut().write_message(MoveRequest {
        path: vec![hole("k4"), hole("k5")],
        confirmed: false,
        dropped: false,
    });
    command(&mut app, Command::Undo);
    settle(&mut app);
    assert_eq!(outcomes(&mut app), ["moved 0", "undone 1"]);
    assert!(game(&app).actions().is_empty());
    assert_eq!(marbles(&mut app), engine_marbles(&app));
}

#[test]
fn without_help_a_picked_marble_lights_no_moves_but_still_moves_and_the_goal_stays() {
    let mut app = app();
    app.world_mut().resource_mut::<Settings>().show_moves = false;
    start(&mut app, people("classic", 2));
    tap(&mut app, hole("k4"));
    app.update();
    assert_eq!(
        app.world().resource::<Selection>().from,
        Some(hole("k4")),
        "the marble is picked"
    );
    assert_eq!(
        marked(&mut app, HighlightKind::Selected),
        [hole("k4")].into()
    );
    assert!(marked(&mut app, HighlightKind::Reachable).is_empty());
    assert!(marked(&mut app, HighlightKind::Path).is_empty());
    assert!(!marked(&mut app, HighlightKind::Goal).is_empty());
    // Turned back on, the same pick lights its moves at once.
    app.world_mut().resource_mut::<Settings>().show_moves = true;
    app.update();
    assert!(marked(&mut app, HighlightKind::Reachable).contains(&hole("k5")));
    tap(&mut app, hole("k5"));
    settle(&mut app);
    assert_eq!(game(&app).last_move(), Some(&[hole("k4"), hole("k5")][..]));
}
