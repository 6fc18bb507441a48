//! One input abstraction for mouse, touch and keyboard: raw device input becomes
//! [`PointerInput`] (in world coordinates) and [`NavInput`] messages. Everything downstream,
//! and the tests, speak only these, so a tap and a click are the same thing.

use crate::state::AppSystems;
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

/// Reading the devices; the UI plugin gates it while egui uses the pointer.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PointerDevices;

pub(super) fn plugin(app: &mut App) {
    app.add_message::<PointerInput>()
        .add_message::<NavInput>()
        .init_resource::<PointerDown>()
        .add_systems(
            Update,
            ((read_mouse, read_touches).in_set(PointerDevices), read_keys)
                .in_set(AppSystems::ReadInput),
        );
}

/// Whether the mouse button is held, and the last cursor position sent (to send moves only
/// when the cursor really moved).
#[derive(Resource, Default)]
struct PointerDown {
    last: Option<Vec2>,
}

fn cursor_world(window: &Window, camera: &Camera, at: &GlobalTransform) -> Option<Vec2> {
    let cursor = window.cursor_position()?;
    camera.viewport_to_world_2d(at, cursor).ok()
}

fn read_mouse(
    buttons: Res<ButtonInput<MouseButton>>,
    windows: Query<&Window, With<PrimaryWindow>>,
    cameras: Query<(&Camera, &GlobalTransform), With<Camera2d>>,
    mut state: ResMut<PointerDown>,
    mut out: MessageWriter<PointerInput>,
) {
    let (Ok(window), Some((camera, at))) = (windows.single(), cameras.iter().next()) else {
        return;
    };
    let Some(world) = cursor_world(window, camera, at) else {
        return;
    };
    if state.last != Some(world) {
        state.last = Some(world);
        out.write(PointerInput::Moved(world));
    }
    if buttons.just_pressed(MouseButton::Left) {
        out.write(PointerInput::Pressed(world));
    }
    if buttons.just_released(MouseButton::Left) {
        out.write(PointerInput::Released(world));
    }
}

fn read_touches(
    touches: Res<Touches>,
    cameras: Query<(&Camera, &GlobalTransform), With<Camera2d>>,
    mut out: MessageWriter<PointerInput>,
) {
    let Some((camera, at)) = cameras.iter().next() else {
        return;
    };
    let world = |p: Vec2| camera.viewport_to_world_2d(at, p).ok();
    for t in touches.iter_just_pressed() {
        if let Some(w) = world(t.position()) {
            out.write(PointerInput::Pressed(w));
        }
    }
    for t in touches.iter() {
        if t.delta() != Vec2::ZERO
            && let Some(w) = world(t.position())
        {
            out.write(PointerInput::Moved(w));
        }
    }
    for t in touches.iter_just_released() {
        if let Some(w) = world(t.position()) {
            out.write(PointerInput::Released(w));
        }
    }
    if touches.any_just_canceled() {
        out.write(PointerInput::Cancelled);
    }
}

fn read_keys(keys: Res<ButtonInput<KeyCode>>, mut out: MessageWriter<NavInput>) {
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
    if keys.any_just_pressed([KeyCode::Escape, KeyCode::BrowserBack]) {
        out.write(NavInput::Back);
    }
}
