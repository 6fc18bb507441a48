//! One input abstraction for mouse, touch and keyboard: raw device input becomes
//! [`PointerInput`] (in world coordinates) and [`NavInput`] messages. Everything downstream,
//! and the tests, speak only these, so a tap and a click are the same thing.

use crate::play::MoveRequest;
use crate::state::AppSystems;
use crate::view::{BoardZoom, ViewGeometry, ViewInput};
use bevy::input::keyboard::Key;
use bevy::input::mouse::{MouseScrollUnit, MouseWheel};
use bevy::prelude::*;
use bevy::window::PrimaryWindow;

/// A pointer (mouse or the first finger) on the board, in world coordinates.
#[derive(Message, Clone, Copy, Debug, PartialEq)]
pub enum PointerInput {
    /// Button pressed / finger down.
    Pressed(Vec2),
    /// Moved (hovering, or dragging while pressed).
    Moved(Vec2),
    /// Button released / finger lifted.
    Released(Vec2),
    /// The touch was cancelled by the system: forget any drag.
    Cancelled,
}

/// Keyboard (and the Android back button) navigation.
#[derive(Message, Clone, Copy, Debug, PartialEq)]
pub enum NavInput {
    /// Move the hole cursor in this screen direction.
    Cursor(Vec2),
    /// Pick the marble or the destination under the cursor.
    Confirm,
    /// Cancel the selection, or go back one screen.
    Back,
}

/// Reading the pointer devices (scripted input runs after it).
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PointerDevices;

/// Whether the pointer is over a menu or panel (the UI plugin sets it): presses, hovering and
/// the wheel there belong to the UI, but a press that began on the board still ends there,
/// wherever it is released.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct PointerOverUi(pub bool);

pub(super) fn plugin(app: &mut App) {
    app.add_message::<PointerInput>()
        .add_message::<NavInput>()
        .init_resource::<PointerDown>()
        .init_resource::<PointerOverUi>()
        .init_resource::<Gesture>()
        .add_systems(
            Update,
            ((read_mouse, read_touches).in_set(PointerDevices), read_keys)
                .in_set(AppSystems::ReadInput),
        )
        .add_systems(Last, follow_input_with_a_frame);
}

/// A press and its release can arrive in one frame (a quick tap, a slow device), and what the
/// UI decides in that frame (a button's choice, a command queued for the game) is carried out
/// in the next: an idle app would otherwise wait for the next touch to show it. So a frame
/// with a press or a release asks for one more.
fn follow_input_with_a_frame(
    mouse: Res<ButtonInput<MouseButton>>,
    touches: Res<Touches>,
    keys: Res<ButtonInput<KeyCode>>,
    mut redraw: MessageWriter<bevy::window::RequestRedraw>,
) {
    if pressed_or_released(&mouse)
        || pressed_or_released(&keys)
        || touches.any_just_pressed()
        || touches.any_just_released()
        || touches.any_just_canceled()
    {
        redraw.write(bevy::window::RequestRedraw);
    }
}

fn pressed_or_released<T: Copy + Eq + std::hash::Hash + Send + Sync>(b: &ButtonInput<T>) -> bool {
    b.get_just_pressed().len() + b.get_just_released().len() > 0
}

/// The last cursor position sent (to send moves only when the cursor really moved), and
/// whether a press on the board is in progress.
#[derive(Resource, Default)]
struct PointerDown {
    last: Option<Vec2>,
    pressed: bool,
}

/// Seconds within which a second tap makes a double-tap.
const DOUBLE_TAP_SECS: f64 = 0.35;
/// How far apart (logical pixels) the two taps of a double-tap may be.
const DOUBLE_TAP_PX: f32 = 40.0;
/// How far a finger may slide and still count as a tap.
const TAP_SLOP_PX: f32 = 12.0;

/// What the fingers are doing: one finger points (select, move, drag), two fingers zoom and
/// pan the board until every finger is lifted.
#[derive(Resource, Default)]
struct Gesture {
    /// Two fingers are (or were, until all lift) on the screen.
    pinching: bool,
    /// Distance and midpoint of the two fingers last frame.
    last: Option<(f32, Vec2)>,
    /// When and where the last single-finger tap ended.
    last_tap: Option<(f64, Vec2)>,
    /// The finger pointing at the board (one that went down on the UI is the UI's).
    finger: Option<u64>,
}

fn read_mouse(
    buttons: Res<ButtonInput<MouseButton>>,
    mut wheel: MessageReader<MouseWheel>,
    windows: Query<&Window, With<PrimaryWindow>>,
    geometry: Res<ViewGeometry>,
    over_ui: Res<PointerOverUi>,
    mut state: ResMut<PointerDown>,
    mut out: MessageWriter<PointerInput>,
    mut view: MessageWriter<ViewInput>,
) {
    let Ok(window) = windows.single() else {
        return;
    };
    let Some(cursor) = window.cursor_position() else {
        return;
    };
    for w in wheel.read() {
        if over_ui.0 {
            continue;
        }
        let lines = match w.unit {
            MouseScrollUnit::Line => w.y,
            MouseScrollUnit::Pixel => w.y / 40.0,
        };
        if lines != 0.0 {
            view.write(ViewInput::Zoom {
                factor: 1.15_f32.powf(lines),
                at: cursor,
            });
        }
    }
    let world = geometry.screen_to_world(cursor);
    if over_ui.0 && !state.pressed {
        state.last = None;
        return;
    }
    if state.last != Some(world) {
        state.last = Some(world);
        out.write(PointerInput::Moved(world));
    }
    if buttons.just_pressed(MouseButton::Left) {
        state.pressed = true;
        out.write(PointerInput::Pressed(world));
    }
    if buttons.just_released(MouseButton::Left) && state.pressed {
        state.pressed = false;
        out.write(PointerInput::Released(world));
    }
    if buttons.just_pressed(MouseButton::Middle) {
        view.write(ViewInput::Reset);
    }
}

fn read_touches(
    touches: Res<Touches>,
    time: Res<Time<Real>>,
    geometry: Res<ViewGeometry>,
    zoom: Res<BoardZoom>,
    over_ui: Res<PointerOverUi>,
    mut gesture: ResMut<Gesture>,
    mut moves: MessageReader<MoveRequest>,
    mut out: MessageWriter<PointerInput>,
    mut view: MessageWriter<ViewInput>,
) {
    if !moves.is_empty() {
        // A tap that played a move starts no double-tap: tapping the marble that just
        // landed must not throw the zoomed view away.
        moves.clear();
        gesture.last_tap = None;
    }
    // The first two fingers, without allocating: this runs every frame.
    let mut fingers = touches.iter().map(|t| t.position());
    let (first, second) = (fingers.next(), fingers.next());
    if let (Some(a), Some(b)) = (first, second) {
        if !gesture.pinching {
            // A second finger turns a tap or drag into a pinch: drop what the first began.
            gesture.pinching = true;
            gesture.last = None;
            if gesture.finger.take().is_some() {
                out.write(PointerInput::Cancelled);
            }
        }
        let (dist, mid) = (a.distance(b), (a + b) / 2.0);
        if let Some((last_dist, last_mid)) = gesture.last
            && last_dist > 1.0
        {
            // Zoom about where the fingers were, then follow them to where they are.
            if (dist / last_dist - 1.0).abs() > 1e-4 {
                view.write(ViewInput::Zoom {
                    factor: dist / last_dist,
                    at: last_mid,
                });
            }
            if mid != last_mid {
                view.write(ViewInput::Pan(mid - last_mid));
            }
        }
        gesture.last = Some((dist, mid));
        return;
    }
    if gesture.pinching {
        // Fingers lift one by one after a pinch: nothing points until all are up.
        if first.is_none() {
            *gesture = Gesture {
                last_tap: gesture.last_tap,
                ..default()
            };
        }
        return;
    }
    for t in touches.iter_just_pressed() {
        // A finger that lands on a menu or panel is the UI's.
        if !over_ui.0 && gesture.finger.is_none() {
            gesture.finger = Some(t.id());
            out.write(PointerInput::Pressed(
                geometry.screen_to_world(t.position()),
            ));
        }
    }
    for t in touches.iter() {
        if Some(t.id()) == gesture.finger && t.delta() != Vec2::ZERO {
            out.write(PointerInput::Moved(geometry.screen_to_world(t.position())));
        }
    }
    for t in touches.iter_just_released() {
        if Some(t.id()) != gesture.finger {
            continue;
        }
        gesture.finger = None;
        out.write(PointerInput::Released(
            geometry.screen_to_world(t.position()),
        ));
        if t.position().distance(t.start_position()) > TAP_SLOP_PX {
            // A drag, not a tap: it starts no double-tap.
            gesture.last_tap = None;
            continue;
        }
        let now = time.elapsed_secs_f64();
        let double = gesture.last_tap.is_some_and(|(at, p)| {
            now - at <= DOUBLE_TAP_SECS && p.distance(t.position()) <= DOUBLE_TAP_PX
        });
        if double && !zoom.is_default() {
            view.write(ViewInput::Reset);
            gesture.last_tap = None;
        } else {
            gesture.last_tap = Some((now, t.position()));
        }
    }
    if touches
        .iter_just_canceled()
        .any(|t| Some(t.id()) == gesture.finger)
    {
        gesture.finger = None;
        out.write(PointerInput::Cancelled);
    }
}

fn read_keys(
    keys: Res<ButtonInput<KeyCode>>,
    logical: Res<ButtonInput<Key>>,
    mut out: MessageWriter<NavInput>,
) {
    for (key, dir) in [
        (KeyCode::ArrowUp, Vec2::Y),
        (KeyCode::ArrowDown, Vec2::NEG_Y),
        (KeyCode::ArrowLeft, Vec2::NEG_X),
        (KeyCode::ArrowRight, Vec2::X),
    ] {
        if keys.just_pressed(key) {
            out.write(NavInput::Cursor(dir));
        }
    }
    if keys.any_just_pressed([KeyCode::Enter, KeyCode::NumpadEnter, KeyCode::Space]) {
        out.write(NavInput::Confirm);
    }
    // Android's back button arrives as the logical key only (its key code is unidentified).
    if keys.any_just_pressed([KeyCode::Escape, KeyCode::BrowserBack])
        || logical.just_pressed(Key::BrowserBack)
    {
        out.write(NavInput::Back);
    }
}
