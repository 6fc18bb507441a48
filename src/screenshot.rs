//! The command-line driver: `--moves` and `--click` play through the same input messages a
//! mouse or finger produces, and `--screenshot` saves the window once everything has settled
//! (with `--geometry`, also each hole's pixel position, so a test can check the pixels against
//! the engine). Lets anyone look at the game from a script, and CI check what is drawn.

use crate::animation::MoveAnimation;
use crate::board::{BoardView, CurrentGame, hole_position};
use crate::input::PointerInput;
use crate::state::{AppSystems, Screen, Turn};
use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured, save_to_disk};
use bevy::window::{PrimaryWindow, RequestRedraw};
use std::collections::VecDeque;
use std::fmt::Write as _;
use sternhalma_rules::{Hole, parse_hole, parse_path};

/// Frames to wait before capturing: software renderers compile pipelines over the first frames.
const WARM_UP_FRAMES: u32 = 90;
/// Frames a scripted click may wait for its turn before the script gives up.
const PATIENCE_FRAMES: u32 = 3000;

/// One scripted input.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Step {
    /// Tap a hole; `expect_move` says a move must be applied afterwards.
    Click { hole: Hole, expect_move: bool },
}

/// What the command line asked the running app to do by itself.
#[derive(Resource, Debug, Clone, Default)]
pub struct Script {
    steps: VecDeque<Step>,
    error: Option<String>,
    screenshot: Option<String>,
    geometry: Option<String>,
    waited: u32,
    settled: u32,
    actions_before: usize,
    awaiting_move: bool,
    captured: bool,
}

impl Script {
    /// The script for these command-line options (errors show up when it runs).
    pub fn new(options: &crate::Options) -> Script {
        let mut s = Script {
            screenshot: options.screenshot.clone(),
            geometry: options.geometry.clone(),
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
        s
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Script>().add_systems(
        Update,
        (report_errors, drive_script, capture)
            .chain()
            .after(crate::input::PointerDevices)
            .in_set(AppSystems::ReadInput),
    );
}

fn report_errors(script: Res<Script>, mut exit: MessageWriter<AppExit>) {
    if let Some(e) = &script.error {
        error!("{e}");
        eprintln!("sternhalma: {e}");
        exit.write(AppExit::from_code(3));
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

fn capture(
    mut commands: Commands,
    mut script: ResMut<Script>,
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
    if script.captured {
        return;
    }
    redraw.write(RequestRedraw);
    let idle = script.steps.is_empty() && !script.awaiting_move;
    let game_settles = *screen.get() != Screen::Playing || settled(&turn, &moving, &view);
    if !(idle && game_settles) {
        script.settled = 0;
        return;
    }
    script.settled += 1;
    if script.settled < WARM_UP_FRAMES {
        return;
    }
    script.captured = true;
    if let (Some(geometry), Ok((camera, at)), Ok(window)) =
        (script.geometry.clone(), camera.single(), window.single())
    {
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
    commands
        .spawn(Screenshot::primary_window())
        .observe(save_to_disk(path))
        .observe(
            |_: On<ScreenshotCaptured>, mut exit: MessageWriter<AppExit>| {
                exit.write(AppExit::Success);
            },
        );
}
