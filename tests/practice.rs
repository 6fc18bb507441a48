//! Practice through the board's own input (taps on holes, headless): the solo crossing counts
//! its moves, takes them back, keeps its best in the statistics and shows the solver's hint;
//! a puzzle is solved, or a wrong answer explained and taken back; the match under way and
//! its save are exactly as before after practice, which never counts as a match.

mod common;

use bevy::prelude::*;
use common::*;
use sternhalma::ai::Hint;
use sternhalma::crossing::{CrossingCommand, CrossingSession, hint_budget};
use sternhalma::persist::SAVE_FILE;
use sternhalma::practice::{PracticeBoard, PracticeCommand};
use sternhalma::puzzles::{OpenPuzzle, PuzzleCommand, Puzzles};
use sternhalma::selection::HighlightKind;
use sternhalma::state::{Screen, Turn};
use sternhalma::stats::{STATS_FILE, Stats};
use sternhalma::tutorial::{OpenLesson, TutorialCommand};
use sternhalma_rules::Hole;
use sternhalma_rules::ai::crossing::{Crossing, HintBudget};
use sternhalma_rules::ai::puzzles::PuzzleKind;

fn board(app: &App) -> &PracticeBoard {
    app.world().resource::<PracticeBoard>()
}

fn stats(app: &App) -> &Stats {
    app.world().resource::<Stats>()
}

/// Plays a path as a finger does: a tap on the marble, a tap on where it goes.
fn tap_move(app: &mut App, path: &[Hole]) {
    tap(app, path[0]);
    tap(app, *path.last().unwrap());
    settle_practice(app);
}

/// The path the board would play for a move from and to these holes (its own shortest).
fn board_path(app: &mut App, path: &[Hole]) -> Vec<Hole> {
    game(app)
        .moves_from(path[0])
        .into_iter()
        .find(|m| m.to == *path.last().unwrap())
        .expect("a legal move")
        .path
}

fn start_crossing(app: &mut App, marbles: u8) {
    app.world_mut()
        .write_message(CrossingCommand::Start(marbles));
    run_until(app, 20, |a| {
        screen(a) == Screen::Practice && turn(a) == Some(Turn::Human)
    });
    settle_practice(app);
}

/// A whole crossing by the solver's hints: the moves' paths.
fn solver_line(marbles: u8) -> Vec<Vec<Hole>> {
    let mut c = Crossing::new(marbles).unwrap();
    let mut line = vec![];
    while !c.is_done() {
        let (m, _, _) = c.take_hint(&HintBudget::default()).expect("a line");
        c.play(&m.path).unwrap();
        line.push(m.path);
    }
    line
}

#[test]
fn a_crossing_played_by_taps_counts_undoes_and_keeps_its_best() {
    let dir = TempDir::new("practice-crossing");
    let mut app = app_in(&dir);
    start_crossing(&mut app, 6);
    let start = engine_marbles(&app);
    assert_eq!(start.len(), 6, "six marbles, nobody else's");
    let line = solver_line(6);

    tap_move(&mut app, &line[0]);
    let ends = |p: &[Hole]| (p[0], *p.last().unwrap());
    assert_eq!(board(&app).moves.len(), 1);
    assert_eq!(ends(&board(&app).moves[0]), ends(&line[0]));
    let session = app.world().resource::<CrossingSession>();
    assert_eq!(session.crossing.moves_made(), 1);
    assert_eq!(turn(&app), Some(Turn::Human), "the learner moves again");
    assert_eq!(marbles(&mut app), engine_marbles(&app));

    app.world_mut().write_message(PracticeCommand::Undo);
    settle_practice(&mut app);
    assert!(board(&app).moves.is_empty());
    assert_eq!(
        app.world()
            .resource::<CrossingSession>()
            .crossing
            .moves_made(),
        0
    );
    assert_eq!(engine_marbles(&app), start, "undone on the board");
    assert_eq!(marbles(&mut app), start);

    for path in &line {
        tap_move(&mut app, path);
    }
    let session = app.world().resource::<CrossingSession>();
    let finished = session.finished.expect("crossed");
    assert_eq!(
        (finished.moves, finished.new_best),
        (line.len() as u32, true)
    );
    assert!(board(&app).closed);
    assert_eq!(
        board(&app).said.as_deref(),
        Some(format!("Crossed in {} moves: your best yet!", line.len()).as_str())
    );
    assert_eq!(stats(&app).crossing_best[&6], line.len() as u32);
    assert!(stats(&app).tables.is_empty(), "practice is not a match");
    let on_disk = Stats::from_ron(&dir.read(STATS_FILE).expect("stats written")).unwrap();
    assert_eq!(on_disk.crossing_best[&6], line.len() as u32);
    assert!(dir.read(SAVE_FILE).is_none(), "nothing saved as a match");

    // Over: the board takes no more moves.
    let marbles_before = engine_marbles(&app);
    let (from, _) = marbles_before.iter().next().unwrap();
    tap(&mut app, *from);
    app.update();
    assert_eq!(engine_marbles(&app), marbles_before);
    assert_ne!(turn(&app), Some(Turn::Human));

    // A slower crossing after it (a move there and back first) is no new best.
    app.world_mut().write_message(PracticeCommand::Restart);
    settle_practice(&mut app);
    assert!(!board(&app).closed && board(&app).moves.is_empty());
    let there = board_path(&mut app, &line[0]);
    let back: Vec<Hole> = there.iter().rev().copied().collect();
    tap_move(&mut app, &there);
    tap_move(&mut app, &back);
    for path in &line {
        tap_move(&mut app, path);
    }
    let finished = app.world().resource::<CrossingSession>().finished.unwrap();
    assert_eq!(
        (finished.moves, finished.new_best),
        (line.len() as u32 + 2, false)
    );
    assert_eq!(
        board(&app).said.as_deref(),
        Some(format!("Crossed in {} moves.", line.len() + 2).as_str())
    );
    assert_eq!(stats(&app).crossing_best[&6], line.len() as u32);
}

#[test]
fn the_hint_shows_the_solvers_move_and_the_moves_still_needed() {
    let mut app = app();
    start_crossing(&mut app, 10);
    let expected = Crossing::new(10).unwrap().hint(&hint_budget(10)).unwrap();
    app.world_mut().write_message(CrossingCommand::Hint);
    run_until(&mut app, 3000, |a| a.world().resource::<Hint>().0.is_some());
    app.update();
    let hint = app.world().resource::<Hint>().0.clone().unwrap();
    assert_eq!(hint, expected.0);
    let marked = marked(&mut app, HighlightKind::Hint);
    assert_eq!(marked, [hint.from, hint.to].into_iter().collect());
    let session = app.world().resource::<CrossingSession>();
    assert_eq!(session.still_needed(), Some((expected.1, expected.2)));
    // Played, the hint is gone and its count no longer applies.
    tap_move(&mut app, &hint.path);
    assert_eq!(app.world().resource::<Hint>().0, None);
    assert!(marked_empty(&mut app));
    let session = app.world().resource::<CrossingSession>();
    assert_eq!(session.still_needed(), None);
}

fn marked_empty(app: &mut App) -> bool {
    marked(app, HighlightKind::Hint).is_empty()
}

/// The first shipped puzzle of a kind, by index.
fn puzzle_of(app: &App, far_chain: bool) -> usize {
    let puzzles = &app.world().resource::<Puzzles>().0;
    puzzles
        .iter()
        .position(|p| (p.kind == PuzzleKind::FarChain) == far_chain)
        .expect("such a puzzle ships")
}

fn open_puzzle(app: &mut App, index: usize) {
    app.world_mut().write_message(PuzzleCommand::Open(index));
    run_until(app, 20, |a| {
        screen(a) == Screen::Practice && turn(a) == Some(Turn::Human)
    });
    settle_practice(app);
}

fn answer(app: &App, index: usize) -> Vec<Vec<Hole>> {
    app.world().resource::<Puzzles>().0[index].answers[0]
        .split_whitespace()
        .map(|t| sternhalma_rules::parse_path(t).unwrap())
        .collect()
}

#[test]
fn a_puzzle_solved_through_taps_is_kept_as_solved() {
    let dir = TempDir::new("practice-puzzle");
    // Statistics from before practice: they load, and keep their tables.
    std::fs::write(
        dir.0.join(STATS_FILE),
        "(version: 2, tables: {\"2 players, classic\": (games: 4, wins: 2, draws: 0, \
         places: (2, 2, 0, 0, 0, 0), fastest_win: Some(45), longest_chain: 5, versus: {})}, \
         counted: [])",
    )
    .unwrap();
    let mut app = app_in(&dir);
    assert_eq!(stats(&app).tables["2 players, classic"].games, 4);
    for far_chain in [true, false] {
        let index = puzzle_of(&app, far_chain);
        open_puzzle(&mut app, index);
        let learner = app.world().resource::<Puzzles>().0[index].position.to_move;
        assert_eq!(game(&app).to_move(), Some(learner));
        for path in answer(&app, index) {
            assert!(!board(&app).closed);
            tap_move(&mut app, &path);
        }
        assert!(app.world().resource::<OpenPuzzle>().solved, "{index}");
        assert_eq!(board(&app).said.as_deref(), Some("Solved!"));
        let key = Stats::puzzle_key(&app.world().resource::<Puzzles>().0[index]);
        assert!(stats(&app).puzzles_solved.contains(&key));
    }
    let on_disk = Stats::from_ron(&dir.read(STATS_FILE).unwrap()).unwrap();
    assert_eq!(on_disk.puzzles_solved.len(), 2);
    assert_eq!(on_disk.tables["2 players, classic"].games, 4);
}

/// Which lessons follow the board: the crossing, the puzzle, the tutorial lesson.
fn lessons_open(app: &App) -> [bool; 3] {
    let w = app.world();
    [
        w.contains_resource::<CrossingSession>(),
        w.contains_resource::<OpenPuzzle>(),
        w.contains_resource::<OpenLesson>(),
    ]
}

#[test]
fn one_lesson_at_a_time_follows_the_board() {
    let mut app = app();
    // From one to the next without leaving the practice board (as the tour and the "next"
    // buttons go): the one before is over each time.
    start_crossing(&mut app, 6);
    assert_eq!(lessons_open(&app), [true, false, false]);
    app.world_mut()
        .write_message(TutorialCommand::Open("jump".to_string()));
    run_until(&mut app, 20, |a| {
        a.world().contains_resource::<OpenLesson>()
    });
    settle_practice(&mut app);
    assert_eq!(screen(&app), Screen::Practice);
    assert_eq!(lessons_open(&app), [false, false, true]);
    open_puzzle(&mut app, 0);
    assert_eq!(lessons_open(&app), [false, true, false]);
    start_crossing(&mut app, 10);
    assert_eq!(lessons_open(&app), [true, false, false]);
    // Leaving practice ends it.
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::MainMenu);
    app.update();
    app.update();
    assert_eq!(lessons_open(&app), [false, false, false]);
}

#[test]
fn a_wrong_answer_is_explained_and_taken_back() {
    let mut app = app();
    // Straight from a crossing to a puzzle: the crossing is over.
    start_crossing(&mut app, 6);
    let index = puzzle_of(&app, true);
    open_puzzle(&mut app, index);
    assert!(!app.world().contains_resource::<CrossingSession>());
    let start = engine_marbles(&app);
    let puzzle = app.world().resource::<Puzzles>().0[index].clone();
    let target = puzzle.target.clone().unwrap();
    let learner = puzzle.position.to_move;
    // Some other move of the learner's, not to the target.
    let wrong = start
        .iter()
        .filter(|(_, s)| **s == learner)
        .flat_map(|(h, _)| game(&app).moves_from(*h))
        .find(|m| m.to.to_string() != target)
        .expect("a wrong move");
    tap_move(&mut app, &wrong.path);
    let said = board(&app).said.clone().unwrap();
    assert!(said.starts_with("Not quite: "), "{said}");
    assert!(said.contains(&target), "names the target: {said}");
    assert!(board(&app).closed);
    assert!(!app.world().resource::<OpenPuzzle>().solved);
    // Retry takes it back.
    app.world_mut().write_message(PracticeCommand::Restart);
    settle_practice(&mut app);
    assert_eq!(engine_marbles(&app), start);
    assert_eq!(marbles(&mut app), start);
    assert!(!board(&app).closed && board(&app).said.is_none());
    assert_eq!(turn(&app), Some(Turn::Human));
    // Show answer: its first move marked on the board.
    app.world_mut().write_message(PuzzleCommand::ShowAnswer);
    settle_practice(&mut app);
    app.update();
    let first = &answer(&app, index)[0];
    assert_eq!(
        marked(&mut app, HighlightKind::Hint),
        [first[0], *first.last().unwrap()].into_iter().collect()
    );
}

#[test]
fn the_match_under_way_and_its_save_are_unchanged_after_practice() {
    let dir = TempDir::new("practice-stash");
    let mut app = app_in(&dir);
    start(&mut app, people("classic", 2));
    play(&mut app, "k3-k5");
    play(&mut app, "e14-e13");
    app.update();
    let saved = dir.read(SAVE_FILE).expect("the match is saved");
    let actions = game(&app).actions().to_vec();

    // Practice: a crossing played and a puzzle failed.
    start_crossing(&mut app, 6);
    let line = solver_line(6);
    for path in &line[..3] {
        tap_move(&mut app, path);
    }
    let index = puzzle_of(&app, true);
    open_puzzle(&mut app, index);
    assert_eq!(dir.read(SAVE_FILE).as_deref(), Some(saved.as_str()));
    // Back (Esc) from the puzzle, then from the practice screens.
    key(&mut app, sternhalma::input::NavInput::Back);
    run_until(&mut app, 10, |a| screen(a) == Screen::Puzzles);
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::MainMenu);
    for _ in 0..5 {
        app.update();
    }
    assert_eq!(dir.read(SAVE_FILE).as_deref(), Some(saved.as_str()));
    assert_eq!(game(&app).actions(), actions.as_slice());
    assert!(stats(&app).tables.is_empty());

    // Continue: the same match, saved again as it goes on.
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Playing);
    settle(&mut app);
    assert_eq!(game(&app).to_move(), Some(0));
    play(&mut app, "j4-j5");
    app.update();
    let after = dir.read(SAVE_FILE).unwrap();
    assert_ne!(after, saved);
    assert!(after.contains("j4-j5"), "{after}");
}

/// A crossing asked for before the first frame (`--screen crossing`) keeps the saved match
/// that the same first frame puts back.
#[test]
fn practice_opened_at_start_up_keeps_the_saved_match() {
    let dir = TempDir::new("practice-startup");
    let mut app = app_in(&dir);
    start(&mut app, people("classic", 2));
    play(&mut app, "k3-k5");
    app.update();
    let saved = dir.read(SAVE_FILE).expect("saved");
    drop(app);

    let mut app = app_in_unstarted(&dir);
    app.world_mut().write_message(CrossingCommand::Start(6));
    run_until(&mut app, 20, |a| turn(a) == Some(Turn::Human));
    assert_eq!(screen(&app), Screen::Practice);
    assert_eq!(engine_marbles(&app).len(), 6);
    key(&mut app, sternhalma::input::NavInput::Back);
    for _ in 0..5 {
        app.update();
    }
    assert_eq!(screen(&app), Screen::PracticeMenu);
    assert_eq!(game(&app).actions().len(), 1, "the saved match is back");
    assert_eq!(dir.read(SAVE_FILE).as_deref(), Some(saved.as_str()));
}

/// What a tutorial relies on: a refused move is taken back with its reason, "show me" plays a
/// move for the learner, and a lesson's own position (here a crossing's, any learner seat)
/// comes back after every move.
#[test]
fn a_refused_move_is_taken_back_with_its_reason_and_show_me_plays_one() {
    let mut app = app();
    start_crossing(&mut app, 10);
    let start = engine_marbles(&app);
    let line = solver_line(10);
    tap_move(&mut app, &line[0]);
    assert_eq!(board(&app).moves.len(), 1);
    app.world_mut().write_message(PracticeCommand::Refuse(
        "Jump further: that step wastes a move.".into(),
    ));
    settle_practice(&mut app);
    assert!(board(&app).moves.is_empty());
    assert_eq!(
        board(&app).said.as_deref(),
        Some("Jump further: that step wastes a move.")
    );
    assert_eq!(engine_marbles(&app), start);
    assert_eq!(marbles(&mut app), start);
    assert_eq!(turn(&app), Some(Turn::Human), "the learner tries again");
    assert_eq!(
        app.world()
            .resource::<CrossingSession>()
            .crossing
            .moves_made(),
        0
    );

    let shown = board_path(&mut app, &line[0]);
    app.world_mut()
        .write_message(PracticeCommand::Play(shown.clone()));
    settle_practice(&mut app);
    assert_eq!(board(&app).moves, vec![shown]);
    assert!(
        board(&app).said.is_none(),
        "a move clears the last sentence"
    );
    assert_eq!(turn(&app), Some(Turn::Human));
}
