//! Learn through the board's own input (taps on holes, headless): every lesson played through
//! with its right moves completes and is kept in the saved settings; a wrong move in every
//! lesson is explained in a sentence and taken back; "show me" plays the right move; the
//! first-launch offer is made once and never after it is answered.

mod common;

use bevy::input::InputPlugin;
use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy::time::TimeUpdateStrategy;
use common::*;
use std::collections::BTreeMap;
use std::path::PathBuf;
use sternhalma::board::BoardView;
use sternhalma::config::Settings;
use sternhalma::persist::formats::SettingsFile;
use sternhalma::persist::{DataDir, SETTINGS_FILE};
use sternhalma::practice::PracticeBoard;
use sternhalma::state::{Screen, Turn};
use sternhalma::tutorial::{OpenLesson, TutorialCommand};
use sternhalma_rules::Hole;
use sternhalma_rules::tutorial::{Verdict, lessons};

/// A fresh folder for the app's files, removed afterwards.
struct TempDir(PathBuf);

impl TempDir {
    fn new(name: &str) -> TempDir {
        let dir =
            std::env::temp_dir().join(format!("sternhalma-tutorial-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        TempDir(dir)
    }

    fn settings(&self) -> Option<Settings> {
        let text = std::fs::read_to_string(self.0.join(SETTINGS_FILE)).ok()?;
        SettingsFile::from_ron(&text).ok()
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// The headless game keeping its files in `dir`, with the default settings of a first launch
/// (the hand-over cover off, as elsewhere in the tests).
fn app_in(dir: &TempDir) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin, InputPlugin))
        .insert_resource(DataDir(Some(dir.0.clone())))
        .insert_resource(without_handover())
        .add_plugins(sternhalma::CorePlugin)
        .insert_resource(TimeUpdateStrategy::ManualDuration(FRAME));
    app.update();
    app.update();
    app
}

fn board(app: &App) -> &PracticeBoard {
    app.world().resource::<PracticeBoard>()
}

fn lesson(app: &App) -> &OpenLesson {
    app.world().resource::<OpenLesson>()
}

fn settings(app: &App) -> &Settings {
    app.world().resource::<Settings>()
}

/// Runs until the learner may move (or the lesson is over) and nothing moves.
fn settle_practice(app: &mut App) {
    app.update();
    app.update();
    run_until(app, 2000, |a| {
        let over = a
            .world()
            .get_resource::<PracticeBoard>()
            .is_some_and(|b| b.closed);
        (turn(a) == Some(Turn::Human) || over)
            && !a.world().resource::<BoardView>().is_turning()
            && moving(a) == 0
    });
    // A refusal is answered the frame after the move.
    app.update();
    app.update();
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
    settle_practice(app);
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
    settle_practice(app);
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
    let dir = TempDir::new("through");
    let mut app = app_in(&dir);
    for l in lessons() {
        open(&mut app, l.id);
        for i in 0..l.steps.len() {
            assert_eq!(lesson(&app).practice.steps_done(), i, "{}", l.id);
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
    for _ in 0..40 {
        app.update();
    }
    let saved = dir.settings().expect("settings saved");
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
    settle_practice(&mut app);
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
    let dir = TempDir::new("offer");
    let mut app = app_in(&dir);
    assert!(!settings(&app).tutorial.offered, "a first launch offers it");
    app.world_mut().write_message(TutorialCommand::Offer(false));
    for _ in 0..40 {
        app.update();
    }
    assert!(settings(&app).tutorial.offered);
    assert_eq!(screen(&app), Screen::MainMenu, "not now: stays on the menu");
    assert!(dir.settings().expect("saved").tutorial.offered);
    drop(app);
    // The next launch reads it back: no offer.
    let app = app_in(&dir);
    assert!(settings(&app).tutorial.offered);
    drop(app);

    // Start: the first lesson, and the offer answered too.
    let dir = TempDir::new("offer-start");
    let mut app = app_in(&dir);
    app.world_mut().write_message(TutorialCommand::Offer(true));
    run_until(&mut app, 20, |a| screen(a) == Screen::Practice);
    assert_eq!(lesson(&app).practice.lesson().id, lessons()[0].id);
    for _ in 0..40 {
        app.update();
    }
    assert!(dir.settings().expect("saved").tutorial.offered);
}
