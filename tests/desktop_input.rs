//! The game driven at the device level on a desktop, as Bevy's own input tests do: mouse button
//! and keyboard messages go through Bevy's `InputPlugin` into `ButtonInput<MouseButton>` and
//! `ButtonInput<KeyCode>`, the cursor is the window's own position, and the wheel is
//! `MouseWheel`. Nothing here writes the app's internal `PointerInput` or `NavInput`: these
//! tests fail if the step from the device to them breaks.

mod common;

use bevy::input::ButtonState;
use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::input::mouse::{MouseButtonInput, MouseScrollUnit, MouseWheel};
use bevy::input::touch::TouchPhase;
use bevy::prelude::*;

use common::*;
use sternhalma::board::{BoardView, hole_position};
use sternhalma::selection::Selection;
use sternhalma::state::Screen;
use sternhalma::view::{BoardZoom, ViewGeometry};
use sternhalma_rules::Hole;

/// The core game in a 1280×800 desktop window, with a two-player match of people started.
fn desktop_app() -> (App, Entity) {
    let mut app = app();
    let window = spawn_window(&mut app, 1280, 800);
    start(&mut app, people("classic", 2));
    (app, window)
}

/// Where a hole is in the window (logical pixels, y down).
fn screen_of(app: &App, h: Hole) -> Vec2 {
    let world = app
        .world()
        .resource::<BoardView>()
        .board_to_world(hole_position(h));
    app.world()
        .resource::<ViewGeometry>()
        .world_to_screen(world)
}

/// The system cursor moves over the window to `at`.
fn move_cursor(app: &mut App, window: Entity, at: Vec2) {
    app.world_mut()
        .get_mut::<Window>(window)
        .expect("the window")
        .set_cursor_position(Some(at));
    app.update();
}

fn mouse(app: &mut App, window: Entity, button: MouseButton, state: ButtonState) {
    app.world_mut().write_message(MouseButtonInput {
        button,
        state,
        window,
    });
    app.update();
}

/// The cursor to a hole, then a left click there.
fn click(app: &mut App, window: Entity, h: Hole) {
    let at = screen_of(app, h);
    move_cursor(app, window, at);
    mouse(app, window, MouseButton::Left, ButtonState::Pressed);
    mouse(app, window, MouseButton::Left, ButtonState::Released);
}

/// A key pressed and released, as winit reports it.
fn press_key(app: &mut App, window: Entity, key_code: KeyCode, logical_key: Key) {
    for state in [ButtonState::Pressed, ButtonState::Released] {
        app.world_mut().write_message(KeyboardInput {
            key_code,
            logical_key: logical_key.clone(),
            state,
            text: None,
            repeat: false,
            window,
        });
        app.update();
    }
}

fn selection(app: &App) -> Selection {
    app.world().resource::<Selection>().clone()
}

#[test]
fn a_click_picks_a_marble_and_a_second_click_moves_it() {
    let (mut app, window) = desktop_app();
    click(&mut app, window, hole("k4"));
    assert_eq!(selection(&app).from, Some(hole("k4")));
    click(&mut app, window, hole("k5"));
    settle(&mut app);
    assert_eq!(game(&app).actions().len(), 1);
    assert_eq!(game(&app).last_move(), Some(&[hole("k4"), hole("k5")][..]));
    assert_eq!(marbles(&mut app), engine_marbles(&app));
}

#[test]
fn the_wheel_zooms_at_the_cursor_and_the_middle_button_resets_the_view() {
    let (mut app, window) = desktop_app();
    let at = screen_of(&app, hole("e14"));
    move_cursor(&mut app, window, at);
    app.world_mut().write_message(MouseWheel {
        unit: MouseScrollUnit::Line,
        x: 0.0,
        y: 3.0,
        window,
        phase: TouchPhase::Moved,
    });
    app.update();
    app.update();
    let zoomed = *app.world().resource::<BoardZoom>();
    assert!(zoomed.zoom > 1.4, "three lines in zoom in: {zoomed:?}");
    // Zooming keeps the hole under the cursor where it was.
    assert!(
        screen_of(&app, hole("e14")).distance(at) < 2.0,
        "{:?} drifted from {at:?}",
        screen_of(&app, hole("e14"))
    );
    mouse(&mut app, window, MouseButton::Middle, ButtonState::Pressed);
    mouse(&mut app, window, MouseButton::Middle, ButtonState::Released);
    app.update();
    assert_eq!(app.world().resource::<BoardZoom>().zoom, 1.0);
}

#[test]
fn arrow_keys_and_enter_play_a_move_and_escape_drops_the_selection() {
    let (mut app, window) = desktop_app();
    // The first arrow shows the cursor on the marble nearest the centre.
    press_key(&mut app, window, KeyCode::ArrowUp, Key::ArrowUp);
    let marble = selection(&app).cursor.expect("the cursor is shown");
    assert_eq!(game(&app).board().owner(marble), Some(0));
    press_key(&mut app, window, KeyCode::Enter, Key::Enter);
    assert_eq!(selection(&app).from, Some(marble));
    // Escape drops the selection and stays in the game.
    press_key(&mut app, window, KeyCode::Escape, Key::Escape);
    assert_eq!(selection(&app).from, None);
    assert_eq!(screen(&app), Screen::Playing);
    // Pick it again, step the cursor up to a free hole, and play there.
    press_key(&mut app, window, KeyCode::Enter, Key::Enter);
    press_key(&mut app, window, KeyCode::ArrowUp, Key::ArrowUp);
    let to = selection(&app).cursor.expect("the cursor");
    assert!(
        game(&app).moves_from(marble).iter().any(|m| m.to == to),
        "{to} is a move from {marble}"
    );
    press_key(&mut app, window, KeyCode::Space, Key::Space);
    settle(&mut app);
    assert_eq!(game(&app).last_move(), Some(&[marble, to][..]));
}

#[test]
fn the_back_key_with_nothing_selected_leaves_the_board() {
    let (mut app, window) = desktop_app();
    // Android's back button arrives as the logical key only.
    press_key(
        &mut app,
        window,
        KeyCode::Unidentified(bevy::input::keyboard::NativeKeyCode::Unidentified),
        Key::BrowserBack,
    );
    app.update();
    assert_ne!(screen(&app), Screen::Playing);
}
