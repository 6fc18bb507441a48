//! A headless app running the game's core exactly as the real one does (no window, no egui),
//! and helpers that play it the way a person would: taps on hole positions, keys, commands.

#![allow(dead_code)]

use bevy::input::InputPlugin;
use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy::time::TimeUpdateStrategy;
use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;
use sternhalma::board::{BoardView, CurrentGame, HoleSpot, Marble, hole_position};
use sternhalma::config::{Controller, MatchConfig};
use sternhalma::input::{NavInput, PointerInput};
use sternhalma::persist::DataDir;
use sternhalma::play::{Command, MoveRequest};
use sternhalma::practice::PracticeBoard;
use sternhalma::selection::{HighlightKind, HoleMarks};
use sternhalma::state::{Screen, Turn};
use sternhalma_rules::{Hole, parse_hole};

/// Frame length the tests simulate.
pub const FRAME: Duration = Duration::from_millis(20);

/// The core game on `MinimalPlugins`, at the main menu.
pub fn app() -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin, InputPlugin))
        .insert_resource(without_handover())
        .add_plugins(sternhalma::CorePlugin)
        .insert_resource(TimeUpdateStrategy::ManualDuration(FRAME));
    app.update();
    app
}

/// Gives the app a primary window of `w`×`h` logical pixels (no real window: the input and
/// view systems read its size and cursor) and runs a frame.
pub fn spawn_window(app: &mut App, w: u32, h: u32) -> Entity {
    let window = app
        .world_mut()
        .spawn((
            Window {
                resolution: bevy::window::WindowResolution::new(w, h),
                ..default()
            },
            bevy::window::PrimaryWindow,
        ))
        .id();
    app.update();
    window
}

/// Settings with the "pass the device" cover off (it is on by default for people sharing a
/// device): tests of other behaviour move for several people without handing over. The cover
/// itself is tested with it on.
pub fn without_handover() -> sternhalma::config::Settings {
    sternhalma::config::Settings {
        handover_screen: false,
        ..Default::default()
    }
}

/// Starts a match and runs until the first turn is ready.
pub fn start(app: &mut App, config: MatchConfig) {
    let players = config.players;
    app.world_mut().write_message(Command::Start(config));
    run_until(app, 20, |a| {
        turn(a) == Some(Turn::Human)
            && a.world()
                .get_resource::<CurrentGame>()
                .is_some_and(|g| g.setup().players == players && g.actions().is_empty())
    });
    settle(app);
}

/// Plays a move (`"k3-k5"`) as the board's input would ask for it, and waits until a person
/// is to move again.
pub fn play(app: &mut App, text: &str) {
    app.world_mut().write_message(MoveRequest {
        path: sternhalma_rules::parse_path(text).unwrap(),
        confirmed: true,
        dropped: false,
    });
    settle(app);
}

/// A pass-and-play match of `players` people under `preset`.
pub fn people(preset: &str, players: u8) -> MatchConfig {
    MatchConfig::preset(preset, players).expect("preset")
}

/// You against the computer at `level`.
pub fn vs(level: sternhalma_rules::ai::Level) -> MatchConfig {
    let mut c = people("classic", 2);
    c.seats[1] = Controller::Computer(level);
    c
}

pub fn hole(name: &str) -> Hole {
    parse_hole(name).expect("hole name")
}

pub fn turn(app: &App) -> Option<Turn> {
    app.world().get_resource::<State<Turn>>().map(|s| *s.get())
}

pub fn screen(app: &App) -> Screen {
    *app.world().resource::<State<Screen>>().get()
}

pub fn game(app: &App) -> &CurrentGame {
    app.world().resource::<CurrentGame>()
}

/// Runs frames until `done` holds; panics after `max` frames.
pub fn run_until(app: &mut App, max: usize, mut done: impl FnMut(&App) -> bool) {
    for _ in 0..max {
        if done(app) {
            return;
        }
        app.update();
    }
    assert!(done(app), "condition not reached in {max} frames");
}

/// Runs until a person (or nobody, at game end) is to act and nothing moves.
pub fn settle(app: &mut App) {
    // Requests take a frame to act on and another for the state to change.
    app.update();
    app.update();
    run_until(app, 2000, |a| {
        let t = turn(a);
        (t == Some(Turn::Human) || t == Some(Turn::Confirm) || screen(a) != Screen::Playing)
            && !a.world().resource::<BoardView>().is_turning()
            && moving(a) == 0
    });
}

/// Where a hole is on screen now (world coordinates, the board turned as it is).
pub fn world_of(app: &App, h: Hole) -> Vec2 {
    app.world()
        .resource::<BoardView>()
        .board_to_world(hole_position(h))
}

pub fn pointer(app: &mut App, p: PointerInput) {
    app.world_mut().write_message(p);
}

/// A tap: press and release on a hole, then one frame.
pub fn tap(app: &mut App, h: Hole) {
    let w = world_of(app, h);
    pointer(app, PointerInput::Pressed(w));
    pointer(app, PointerInput::Released(w));
    app.update();
}

pub fn key(app: &mut App, k: NavInput) {
    app.world_mut().write_message(k);
    app.update();
}

pub fn command(app: &mut App, c: Command) {
    app.world_mut().write_message(c);
    app.update();
}

/// Holes marked with `kind`.
pub fn marked(app: &mut App, kind: HighlightKind) -> BTreeSet<Hole> {
    let mut q = app.world_mut().query::<(&HoleSpot, &HoleMarks)>();
    q.iter(app.world())
        .filter(|(_, marks)| marks.has(kind))
        .map(|(spot, _)| spot.0)
        .collect()
}

/// Marble entities by hole (panics if two share a hole).
pub fn marbles(app: &mut App) -> BTreeMap<Hole, usize> {
    let mut q = app.world_mut().query::<&Marble>();
    let mut out = BTreeMap::new();
    for m in q.iter(app.world()) {
        assert!(
            out.insert(m.hole, m.seat).is_none(),
            "two marbles on {}",
            m.hole
        );
    }
    out
}

/// The engine's marbles by hole.
pub fn engine_marbles(app: &App) -> BTreeMap<Hole, usize> {
    marbles_of(game(app))
}

/// The position the record viewer shows (the replay screen's own game, not the match).
pub fn shown_record(app: &App) -> &sternhalma_rules::Game {
    app.world()
        .resource::<sternhalma::records::Replay>()
        .shown()
}

/// The marbles of a position by hole.
pub fn marbles_of(g: &sternhalma_rules::Game) -> BTreeMap<Hole, usize> {
    Hole::all()
        .filter_map(|h| g.board().owner(h).map(|s| (h, s)))
        .collect()
}

/// Marbles still animating.
pub fn moving(app: &App) -> usize {
    let world = app.world();
    world
        .iter_entities()
        .filter(|e| e.contains::<sternhalma::animation::MoveAnimation>())
        .count()
}

/// Where a marble entity is drawn (board coordinates).
pub fn marble_translation(app: &mut App, h: Hole) -> Vec3 {
    let mut q = app.world_mut().query::<(&Marble, &Transform)>();
    q.iter(app.world())
        .find(|(m, _)| m.hole == h)
        .map(|(_, t)| t.translation)
        .expect("a marble on that hole")
}

/// A pointer event on a hole, e.g. `at(app, PointerInput::Pressed, h)`.
pub fn at(app: &mut App, make: fn(Vec2) -> PointerInput, h: Hole) {
    let w = world_of(app, h);
    pointer(app, make(w));
}

/// A fresh folder for the app's files under the system's temp dir, removed afterwards.
pub struct TempDir(pub PathBuf);

impl TempDir {
    /// A folder of its own: `name` and the process id tell the test binaries apart, a count
    /// the folders of one binary (its tests run in parallel).
    pub fn new(name: &str) -> TempDir {
        static N: AtomicUsize = AtomicUsize::new(0);
        let dir = std::env::temp_dir().join(format!(
            "sternhalma-{name}-{}-{}",
            std::process::id(),
            N.fetch_add(1, Ordering::Relaxed)
        ));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        TempDir(dir)
    }

    /// The path of a file in the folder.
    pub fn file(&self, name: &str) -> PathBuf {
        self.0.join(name)
    }

    /// A file's text, if it is there.
    pub fn read(&self, name: &str) -> Option<String> {
        std::fs::read_to_string(self.file(name)).ok()
    }

    /// Names of the files in the folder, but the running app's instance lock.
    pub fn names(&self) -> Vec<String> {
        let mut v: Vec<String> = std::fs::read_dir(&self.0)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n != sternhalma::persist::LOCK_FILE)
            .collect();
        v.sort();
        v
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// The headless game keeping its files in `dir` (the hand-over cover off, as in [`app`]).
pub fn app_in(dir: &TempDir) -> App {
    app_at(dir.0.clone())
}

/// [`app_in`] before its first frame: for tests that ask for something before the save is
/// read, as the command line does.
pub fn app_in_unstarted(dir: &TempDir) -> App {
    app_unstarted_at(dir.0.clone())
}

/// The headless game keeping its files in `folder` (which may not exist yet), two frames run.
pub fn app_at(folder: PathBuf) -> App {
    let mut app = app_unstarted_at(folder);
    app.update();
    app.update();
    app
}

/// The headless game keeping its files in `folder`, before its first frame.
pub fn app_unstarted_at(folder: PathBuf) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin, InputPlugin))
        .insert_resource(DataDir(Some(folder)))
        .insert_resource(without_handover())
        .add_plugins(sternhalma::CorePlugin)
        .insert_resource(TimeUpdateStrategy::ManualDuration(FRAME));
    app
}

/// Runs until the learner on the practice board may move (or the lesson is over) and
/// nothing moves.
pub fn settle_practice(app: &mut App) {
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
}
