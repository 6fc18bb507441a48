//! Learn through the board's own input (taps on holes, headless): every lesson played through
//! with its right moves completes and is kept in the saved settings; a wrong move in every
//! lesson is explained in a sentence and taken back; "show me" plays the right move; the
//! first-launch offer is made once and never after it is answered.

mod common;

use bevy::prelude::*;
use common::*;
use std::collections::BTreeMap;
use sternhalma::config::Settings;
use sternhalma::persist::SETTINGS_FILE;
use sternhalma::persist::formats::SettingsFile;
use sternhalma::practice::PracticeBoard;
use sternhalma::selection::HighlightKind;
use sternhalma::state::{Screen, Turn};
use sternhalma::tutorial::{OpenLesson, TutorialCommand};
use sternhalma_rules::Hole;
use sternhalma_rules::tutorial::{Verdict, lessons};

fn board(app: &App) -> &PracticeBoard {
    app.world().resource::<PracticeBoard>()
}

fn lesson(app: &App) -> &OpenLesson {
    app.world().resource::<OpenLesson>()
}

fn settings(app: &App) -> &Settings {
    app.world().resource::<Settings>()
}

/// Settles the practice board, and then the lesson: a refusal is answered the frame after
/// the move.
fn settle_lesson(app: &mut App) {
    settle_practice(app);
    app.update();
    app.update();
}

/// The settings saved in `dir`, if they are there and read.
fn saved_settings(dir: &TempDir) -> Option<Settings> {
    SettingsFile::from_ron(&dir.read(SETTINGS_FILE)?).ok()
}

/// The marbles of the lesson's own game (the engine's side), to compare with the board's.
fn lesson_marbles(app: &App) -> BTreeMap<Hole, usize> {
    let g = lesson(app).practice.game();
    Hole::all()
        .filter_map(|h| g.board().owner(h).map(|s| (h, s)))
        .collect()
}

/// Plays a path as a finger does: a tap on the marble, a tap on where it goes.
fn tap_move(app: &mut App, path: &[Hole]) {
    tap(app, path[0]);
    tap(app, *path.last().unwrap());
    settle_lesson(app);
}

fn open(app: &mut App, id: &str) {
    app.world_mut()
        .write_message(TutorialCommand::Open(id.to_string()));
    run_until(app, 20, |a| {
        screen(a) == Screen::Practice
            && turn(a) == Some(Turn::Human)
            && a.world()
                .get_resource::<OpenLesson>()
                .is_some_and(|l| l.practice.lesson().id == id)
    });
    settle_lesson(app);
}

/// A legal move the step judges wrong, which no right move shares both ends with (a tap on
/// its marble and its hole can mean only a wrong move).
fn wrong_move(app: &App) -> (Vec<Hole>, String) {
    let p = &lesson(app).practice;
    let (game, step) = (p.game(), p.step().unwrap());
    let moves = game.legal_moves();
    let ends = |m: &[Hole]| (m[0], *m.last().unwrap());
    moves
        .iter()
        .filter_map(|m| match step.check(game, &m.path) {
            Verdict::Wrong { why } => Some((m.path.clone(), why)),
            _ => None,
        })
        .find(|(path, _)| {
            moves
                .iter()
                .filter(|m| ends(&m.path) == ends(path))
                .all(|m| !step.check(game, &m.path).is_right())
        })
        .expect("a wrong move")
}

#[test]
fn every_lesson_is_played_through_by_taps_and_kept_in_the_saved_settings() {
    let dir = TempDir::new("tutorial-through");
    let mut app = app_in(&dir);
    for l in lessons() {
        open(&mut app, l.id);
        for i in 0..l.steps.len() {
            assert_eq!(lesson(&app).practice.steps_done(), i, "{}", l.id);
            // The hole a step asks for is ringed on the board (the chain lesson's far hole).
            let target = lesson(&app).practice.step().unwrap().target();
            assert_eq!(
                marked(&mut app, HighlightKind::Target),
                target.into_iter().collect(),
                "{} step {i}",
                l.id
            );
            let answer = lesson(&app).practice.show_me().expect("an answer");
            tap_move(&mut app, &answer);
            assert_eq!(board(&app).moves.len(), i + 1, "{} step {i} kept", l.id);
            // The other seat's marbles stood still.
            assert_eq!(engine_marbles(&app), lesson_marbles(&app), "{}", l.id);
        }
        assert!(lesson(&app).practice.is_done(), "{}", l.id);
        assert!(board(&app).closed);
        let said = board(&app).said.clone().unwrap();
        assert!(said.starts_with("Well done!"), "{said}");
        assert!(settings(&app).tutorial.is_complete(l.id));
    }
    assert_eq!(settings(&app).tutorial.next_lesson(), None);
    assert!(
        lessons()
            .iter()
            .any(|l| l.steps.iter().any(|s| s.target().is_some()))
    );
    for _ in 0..40 {
        app.update();
    }
    let saved = saved_settings(&dir).expect("settings saved");
    assert_eq!(saved.tutorial.done(), lessons().len());
}

#[test]
fn a_wrong_move_in_every_lesson_is_explained_and_taken_back() {
    let mut app = app();
    for l in lessons() {
        open(&mut app, l.id);
        let before = engine_marbles(&app);
        let (wrong, why) = wrong_move(&app);
        tap_move(&mut app, &wrong);
        assert_eq!(board(&app).said.as_deref(), Some(why.as_str()), "{}", l.id);
        assert!(board(&app).moves.is_empty(), "{}", l.id);
        assert_eq!(engine_marbles(&app), before, "{}: taken back", l.id);
        assert_eq!(marbles(&mut app), before, "{}: on the board too", l.id);
        assert_eq!(lesson(&app).practice.steps_done(), 0);
        assert_eq!(turn(&app), Some(Turn::Human), "{}: try again", l.id);
        assert!(!settings(&app).tutorial.is_complete(l.id));
    }
}

#[test]
fn show_me_plays_the_right_move() {
    let mut app = app();
    let l = &lessons()[0];
    open(&mut app, l.id);
    let answer = lesson(&app).practice.show_me().unwrap();
    app.world_mut().write_message(TutorialCommand::ShowMe);
    settle_lesson(&mut app);
    assert_eq!(board(&app).moves, vec![answer]);
    assert_eq!(lesson(&app).practice.steps_done(), 1);
    assert_eq!(engine_marbles(&app), lesson_marbles(&app));
    if l.steps.len() > 1 {
        assert_eq!(turn(&app), Some(Turn::Human), "the learner moves again");
    } else {
        assert!(
            board(&app)
                .said
                .as_deref()
                .unwrap()
                .starts_with("Well done!")
        );
    }
}

#[test]
fn the_first_launch_offer_is_made_once() {
    let dir = TempDir::new("tutorial-offer");
    let mut app = app_in(&dir);
    assert!(!settings(&app).tutorial.offered, "a first launch offers it");
    app.world_mut().write_message(TutorialCommand::Offer(false));
    for _ in 0..40 {
        app.update();
    }
    assert!(settings(&app).tutorial.offered);
    assert_eq!(screen(&app), Screen::MainMenu, "not now: stays on the menu");
    assert!(saved_settings(&dir).expect("saved").tutorial.offered);
    drop(app);
    // The next launch reads it back: no offer.
    let app = app_in(&dir);
    assert!(settings(&app).tutorial.offered);
    drop(app);

    // Start: the first lesson, and the offer answered too.
    let dir = TempDir::new("tutorial-offer-start");
    let mut app = app_in(&dir);
    app.world_mut().write_message(TutorialCommand::Offer(true));
    run_until(&mut app, 20, |a| screen(a) == Screen::Practice);
    assert_eq!(lesson(&app).practice.lesson().id, lessons()[0].id);
    for _ in 0..40 {
        app.update();
    }
    assert!(saved_settings(&dir).expect("saved").tutorial.offered);
}
