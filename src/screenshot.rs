//! The command-line driver: `--moves` and `--click` play through the same input messages a
//! mouse or finger produces, and `--screenshot` saves the window once everything has settled
//! (with `--geometry`, also each hole's pixel position, so a test can check the pixels against
//! the engine; with `--layout`, every widget's rectangle in points, so a test can check that
//! nothing is cut off and everything is finger-sized). `--tour DIR` visits every screen in
//! turn and saves a screenshot and a layout of each. `--frame-log PATH` writes a line per
//! frame drawn, so a test can check that the app draws nothing while idle. Lets anyone look at
//! the game from a script, and CI check what is drawn.

use crate::animation::MoveAnimation;
use crate::board::{BoardView, CurrentGame, hole_position};
use crate::config::MatchConfig;
use crate::input::PointerInput;
use crate::play::{Command, LoadMatch};
use crate::records::RecordCommand;
use crate::state::{AppSystems, Screen, Turn};
use crate::ui::theme::{self, layout_text};
use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured, save_to_disk};
use bevy::window::{PrimaryWindow, RequestRedraw};
use bevy_egui::EguiContexts;
use std::collections::VecDeque;
use std::fmt::Write as _;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use sternhalma_rules::{Hole, parse_hole, parse_path};
use web_time::Instant;

/// Frames to wait before the first capture: software renderers compile pipelines over the
/// first frames.
const WARM_UP_FRAMES: u32 = 90;
/// Frames to wait before each later capture of a tour (egui lays a new screen out in two).
const SETTLE_FRAMES: u32 = 12;
/// Frames a scripted click may wait for its turn before the script gives up.
const PATIENCE_FRAMES: u32 = 3000;

/// One scripted input.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Step {
    /// Tap a hole; `expect_move` says a move must be applied afterwards.
    Click { hole: Hole, expect_move: bool },
}

/// A screen a tour shows, and how it gets there.
#[derive(Debug, Clone, PartialEq)]
enum Stop {
    /// A screen reached by setting the state.
    Screen(&'static str, Screen),
    /// A match started with the command line's options (or two people, classic).
    Game,
    /// The record given with `--record`, on the board.
    Replay(PathBuf),
    /// The record given with `--record`, finished, on the results page.
    GameOver(PathBuf),
    /// A crossing of ten marbles on the practice board.
    Crossing,
    /// The first puzzle on the practice board.
    Puzzle,
    /// A tutorial lesson on the practice board.
    Lesson,
}

impl Stop {
    fn name(&self) -> &'static str {
        match self {
            Stop::Screen(name, _) => name,
            Stop::Game => "game",
            Stop::Replay(_) => "replay",
            Stop::GameOver(_) => "game-over",
            Stop::Crossing => "crossing",
            Stop::Puzzle => "puzzle",
            Stop::Lesson => "lesson",
        }
    }
}

/// What the command line asked the running app to do by itself.
#[derive(Resource, Debug, Clone, Default)]
pub struct Script {
    steps: VecDeque<Step>,
    error: Option<String>,
    screenshot: Option<String>,
    geometry: Option<String>,
    layout: Option<String>,
    tour: VecDeque<Stop>,
    tour_dir: Option<PathBuf>,
    game: Option<MatchConfig>,
    waited: u32,
    settled: u32,
    /// Captures taken so far (the first waits longer).
    shots: u32,
    actions_before: usize,
    awaiting_move: bool,
    /// A capture is on its way: wait for it before the next stop.
    capturing: bool,
    /// `--screen review`: review the record given with `--record` and show its costliest move
    /// before the capture.
    review: bool,
}

impl Script {
    /// The script for these command-line options (errors show up when it runs).
    pub fn new(options: &crate::Options) -> Script {
        let mut s = Script {
            screenshot: options.screenshot.clone(),
            geometry: options.geometry.clone(),
            layout: options.layout.clone(),
            review: options.screen.as_deref() == Some("review"),
            ..default()
        };
        for m in &options.moves {
            match parse_path(m) {
                Ok(path) if path.len() >= 2 => {
                    s.steps.push_back(Step::Click {
                        hole: path[0],
                        expect_move: false,
                    });
                    s.steps.push_back(Step::Click {
                        hole: *path.last().expect("two holes"),
                        expect_move: true,
                    });
                }
                _ => s.error = Some(format!("--moves: cannot read '{m}'")),
            }
        }
        for c in &options.clicks {
            match parse_hole(c) {
                Ok(hole) => s.steps.push_back(Step::Click {
                    hole,
                    expect_move: false,
                }),
                Err(e) => s.error = Some(format!("--click: {e}")),
            }
        }
        if let Some(dir) = &options.tour {
            s.tour_dir = Some(dir.into());
            s.tour = [
                Stop::Screen("menu", Screen::MainMenu),
                Stop::Screen("new-game", Screen::NewGame),
                Stop::Screen("rules", Screen::Rules),
                Stop::Screen("settings", Screen::Settings),
                Stop::Screen("statistics", Screen::Statistics),
                Stop::Screen("records", Screen::Records),
                Stop::Screen("practice", Screen::PracticeMenu),
                Stop::Screen("puzzles", Screen::Puzzles),
                Stop::Crossing,
                Stop::Puzzle,
                Stop::Screen("learn", Screen::Learn),
                Stop::Lesson,
                Stop::Game,
            ]
            .into();
            if let Some(record) = &options.record {
                // Results before the replay: closing a replay puts the match from before
                // it back on the board, which would cover the finished one.
                s.tour.push_back(Stop::GameOver(record.into()));
                s.tour.push_back(Stop::Replay(record.into()));
            }
            s.game = match options.match_config() {
                Ok(c) => c,
                Err(e) => {
                    s.error = Some(e);
                    None
                }
            };
        }
        s
    }

    /// Whether a tour drives the app (it then starts no match and opens no record itself).
    pub fn is_tour(&self) -> bool {
        self.tour_dir.is_some()
    }
}

/// The frame log's file, when `--frame-log` asked for one.
#[derive(Resource)]
pub struct FrameLog {
    file: std::fs::File,
    start: Instant,
    frames: u64,
}

impl FrameLog {
    /// A log written to `path` (created anew).
    pub fn create(path: &Path) -> std::io::Result<FrameLog> {
        Ok(FrameLog {
            file: std::fs::File::create(path)?,
            start: Instant::now(),
            frames: 0,
        })
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Script>()
        .add_systems(
            Update,
            (
                report_errors,
                hand_over,
                next_stop,
                drive_script,
                drive_review,
                capture,
            )
                .chain()
                .after(crate::input::PointerDevices)
                .in_set(AppSystems::ReadInput),
        )
        .add_systems(Last, log_frame.run_if(resource_exists::<FrameLog>));
}

/// One line per frame: its number and the milliseconds since start.
fn log_frame(mut log: ResMut<FrameLog>) {
    log.frames += 1;
    let line = format!("{} {}\n", log.frames, log.start.elapsed().as_millis());
    // A full disk must not stop the game: the log is a measuring aid.
    let _ = log.file.write_all(line.as_bytes());
}

fn report_errors(script: Res<Script>, mut exit: MessageWriter<AppExit>) {
    if let Some(e) = &script.error {
        error!("{e}");
        eprintln!("sternhalma: {e}");
        exit.write(AppExit::from_code(3));
    }
}

/// A script plays for everyone at the device: it answers "pass the device" itself.
fn hand_over(
    script: Res<Script>,
    turn: Option<Res<State<Turn>>>,
    mut commands: MessageWriter<Command>,
) {
    let scripted = !script.steps.is_empty() || script.awaiting_move || script.is_tour();
    if scripted && turn.is_some_and(|t| *t.get() == Turn::Handover) {
        commands.write(Command::HandedOver);
    }
}

/// Whether nothing moves: a person's turn (or no game running), no animation, no turning.
fn settled(
    turn: &Option<Res<State<Turn>>>,
    moving: &Query<(), With<MoveAnimation>>,
    view: &BoardView,
) -> bool {
    let turn_ok = turn.as_ref().is_none_or(|t| *t.get() == Turn::Human);
    turn_ok && moving.is_empty() && !view.is_turning()
}

/// A tour moves on to its next screen once the last one was captured.
fn next_stop(
    mut script: ResMut<Script>,
    mut screen: ResMut<NextState<Screen>>,
    mut commands: MessageWriter<Command>,
    mut records: MessageWriter<RecordCommand>,
    mut load: MessageWriter<LoadMatch>,
    mut practice: (
        MessageWriter<crate::crossing::CrossingCommand>,
        MessageWriter<crate::puzzles::PuzzleCommand>,
        MessageWriter<crate::tutorial::TutorialCommand>,
    ),
    mut exit: MessageWriter<AppExit>,
) {
    if !script.is_tour() || script.capturing || script.screenshot.is_some() {
        return;
    }
    let Some(stop) = script.tour.pop_front() else {
        exit.write(AppExit::Success);
        return;
    };
    let dir = script.tour_dir.clone().expect("a tour has a folder");
    script.screenshot = Some(
        dir.join(format!("{}.png", stop.name()))
            .display()
            .to_string(),
    );
    script.layout = Some(
        dir.join(format!("{}.layout", stop.name()))
            .display()
            .to_string(),
    );
    script.geometry = Some(
        dir.join(format!("{}.holes", stop.name()))
            .display()
            .to_string(),
    );
    script.settled = 0;
    match stop {
        Stop::Screen(_, s) => screen.set(s),
        Stop::Game => {
            let config = script
                .game
                .clone()
                .unwrap_or_else(|| MatchConfig::preset("classic", 2).expect("classic loads"));
            commands.write(Command::Start(config));
        }
        Stop::Replay(path) => {
            records.write(RecordCommand::OpenFile(path));
        }
        Stop::Crossing => {
            practice
                .0
                .write(crate::crossing::CrossingCommand::Start(10));
        }
        Stop::Puzzle => {
            practice.1.write(crate::puzzles::PuzzleCommand::Open(0));
        }
        Stop::Lesson => {
            // The chain lesson: its target hole is ringed on the board.
            practice
                .2
                .write(crate::tutorial::TutorialCommand::Open("chain".to_string()));
        }
        Stop::GameOver(path) => {
            let finished = std::fs::read_to_string(&path)
                .map_err(|e| e.to_string())
                .and_then(|t| crate::records::check_record(&t))
                .and_then(|r| r.replay().map(|g| (r, g)).map_err(|e| e.to_string()));
            match finished {
                Ok((record, game)) => {
                    load.write(LoadMatch {
                        game,
                        config: crate::records::viewing_config(&record),
                        paused: false,
                        stats_counted: true,
                        id: None,
                        open: true,
                    });
                }
                Err(e) => script.error = Some(format!("--record: {e}")),
            }
        }
    }
}

fn drive_script(
    mut script: ResMut<Script>,
    turn: Option<Res<State<Turn>>>,
    moving: Query<(), With<MoveAnimation>>,
    view: Res<BoardView>,
    game: Option<Res<CurrentGame>>,
    mut pointer: MessageWriter<PointerInput>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    if script.steps.is_empty() && !script.awaiting_move {
        return;
    }
    redraw.write(RequestRedraw);
    let actions = game.as_ref().map_or(0, |g| g.actions().len());
    if !settled(&turn, &moving, &view) || turn.is_none() {
        script.waited += 1;
        if script.waited > PATIENCE_FRAMES {
            script.error = Some("the scripted input never got its turn".into());
        }
        return;
    }
    if script.awaiting_move {
        script.awaiting_move = false;
        if actions <= script.actions_before {
            script.error = Some("a scripted move was not accepted".into());
            return;
        }
    }
    let Some(Step::Click { hole, expect_move }) = script.steps.pop_front() else {
        return;
    };
    script.waited = 0;
    script.actions_before = actions;
    script.awaiting_move = expect_move;
    let world = view.board_to_world(hole_position(hole));
    pointer.write(PointerInput::Pressed(world));
    pointer.write(PointerInput::Released(world));
}

/// `--screen review`: once the record is on the replay screen, reviews it (every seat with
/// two players, the bottom seat with more) and shows its costliest move (or the first).
fn drive_review(
    script: Res<Script>,
    replay: Option<Res<crate::records::Replay>>,
    job: Option<Res<crate::review::ReviewJob>>,
    review: Option<Res<crate::review::GameReview>>,
    mut asked: Local<bool>,
    mut requests: MessageWriter<crate::review::ReviewCommand>,
) {
    use crate::review::ReviewCommand;
    if !script.review || replay.is_none() || job.is_some() {
        return;
    }
    match review {
        None if !*asked => {
            *asked = true;
            requests.write(ReviewCommand::Start { seat: None });
        }
        Some(r) if r.selected.is_none() => {
            let worst = r.review.costliest(1).first().map(|m| m.ply);
            let i = r
                .review
                .moves
                .iter()
                .position(|m| Some(m.ply) == worst)
                .unwrap_or(0);
            if !r.review.moves.is_empty() {
                requests.write(ReviewCommand::Show(i));
            }
        }
        _ => {}
    }
}

/// Whether `--screen review` still waits for its review.
fn review_pending(
    script: &Script,
    job: &Option<Res<crate::review::ReviewJob>>,
    review: &Option<Res<crate::review::GameReview>>,
) -> bool {
    script.review
        && (job.is_some()
            || review
                .as_ref()
                .is_none_or(|r| r.selected.is_none() && !r.review.moves.is_empty()))
}

fn capture(
    mut commands: Commands,
    job: Option<Res<crate::review::ReviewJob>>,
    review: Option<Res<crate::review::GameReview>>,
    mut script: ResMut<Script>,
    mut contexts: EguiContexts,
    turn: Option<Res<State<Turn>>>,
    screen: Res<State<Screen>>,
    moving: Query<(), With<MoveAnimation>>,
    view: Res<BoardView>,
    camera: Query<(&Camera, &GlobalTransform), With<Camera2d>>,
    window: Query<&Window, With<PrimaryWindow>>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    let Some(path) = script.screenshot.clone() else {
        return;
    };
    // Frames until the capture is saved: an idle app would draw none.
    redraw.write(RequestRedraw);
    if script.capturing {
        return;
    }
    let idle =
        script.steps.is_empty() && !script.awaiting_move && !review_pending(&script, &job, &review);
    // A board being played is photographed at rest, not mid-turn (a practice board that is
    // over waits for no one's turn).
    let game_settles = match screen.get() {
        Screen::Playing => settled(&turn, &moving, &view),
        Screen::Practice => moving.is_empty() && !view.is_turning(),
        _ => true,
    };
    if !(idle && game_settles) {
        script.settled = 0;
        return;
    }
    script.settled += 1;
    let wait = if script.shots == 0 {
        WARM_UP_FRAMES
    } else {
        SETTLE_FRAMES
    };
    if script.settled < wait {
        return;
    }
    script.capturing = true;
    script.shots += 1;
    let Ok(window) = window.single() else {
        return;
    };
    if let (Some(geometry), Ok((camera, at))) = (script.geometry.clone(), camera.single()) {
        let mut text = String::new();
        let scale = window.scale_factor();
        for h in Hole::all() {
            let world = view.board_to_world(hole_position(h)).extend(0.0);
            if let Ok(p) = camera.world_to_viewport(at, world) {
                let _ = writeln!(text, "{h} {:.1} {:.1}", p.x * scale, p.y * scale);
            }
        }
        if let Err(e) = std::fs::write(&geometry, text) {
            script.error = Some(format!("cannot write {geometry}: {e}"));
        }
    }
    if let Some(layout) = script.layout.clone() {
        let laid_out = contexts
            .ctx_mut()
            .map(|ctx| theme::laid_out(ctx))
            .unwrap_or_default();
        let text = layout_text(Vec2::new(window.width(), window.height()), &laid_out);
        if let Err(e) = std::fs::write(&layout, text) {
            script.error = Some(format!("cannot write {layout}: {e}"));
        }
    }
    commands
        .spawn(Screenshot::primary_window())
        .observe(save_to_disk(path))
        .observe(
            |_: On<ScreenshotCaptured>,
             mut script: ResMut<Script>,
             mut exit: MessageWriter<AppExit>,
             mut redraw: MessageWriter<RequestRedraw>| {
                script.capturing = false;
                script.screenshot = None;
                if script.is_tour() {
                    // An idle app would sleep here: wake it for the next stop.
                    redraw.write(RequestRedraw);
                } else {
                    exit.write(AppExit::Success);
                }
            },
        );
}
