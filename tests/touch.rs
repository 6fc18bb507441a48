//! The game driven by simulated touch screens (Bevy's `TouchInput`, as winit delivers it on
//! Android and iOS) in phone and tablet windows, portrait and landscape: taps select and move,
//! hit areas stay finger-sized, a tap between holes picks the nearest, two fingers zoom and
//! pan, a double-tap resets, and the UI's buttons are thumb-sized on phones.

mod common;

use bevy::input::touch::{TouchInput, TouchPhase};
use bevy::prelude::*;

use common::*;
use sternhalma::board::{BoardView, SPACING, hole_position};
use sternhalma::selection::Selection;
use sternhalma::state::Turn;
use sternhalma::view::{
    BoardZoom, MIN_HIT_MM, MOBILE_PX_PER_MM, ScreenDensity, ViewGeometry, ViewInput,
};
use sternhalma_rules::Hole;

/// Phone and tablet windows in logical pixels, portrait and landscape.
const SIZES: [(u32, u32); 4] = [(390, 844), (844, 390), (820, 1180), (1180, 820)];

/// The core game in a window of `w`×`h` logical pixels, with a pass-and-play match started.
fn touch_app(w: u32, h: u32) -> (App, Entity) {
    let mut app = app();
    // A phone's or tablet's density, whatever this test runs on.
    app.insert_resource(ScreenDensity {
        px_per_mm: MOBILE_PX_PER_MM,
    });
    let window = spawn_window(&mut app, w, h);
    start(&mut app, people("classic", 2));
    (app, window)
}

fn touch(app: &mut App, window: Entity, id: u64, phase: TouchPhase, at: Vec2) {
    app.world_mut().write_message(TouchInput {
        phase,
        position: at,
        window,
        force: None,
        id,
    });
}

/// Where a hole is on the screen (logical pixels, y down).
fn screen_of(app: &App, h: Hole) -> Vec2 {
    let world = app
        .world()
        .resource::<BoardView>()
        .board_to_world(hole_position(h));
    geometry(app).world_to_screen(world)
}

fn geometry(app: &App) -> ViewGeometry {
    *app.world().resource::<ViewGeometry>()
}

/// A finger down and up again at a screen position.
fn tap_at(app: &mut App, window: Entity, at: Vec2) {
    touch(app, window, 1, TouchPhase::Started, at);
    app.update();
    touch(app, window, 1, TouchPhase::Ended, at);
    app.update();
}

fn selected(app: &App) -> Option<Hole> {
    app.world().resource::<Selection>().from
}

/// Whether anything asked for another frame since the last call (the requests are cleared).
fn asked_for_frames(app: &mut App) -> bool {
    let mut requests = app
        .world_mut()
        .resource_mut::<Messages<bevy::window::RequestRedraw>>();
    let asked = !requests.is_empty();
    requests.clear();
    asked
}

/// A quick tap on a slow device: the finger's start and end arrive in the same frame. It
/// selects and moves as a slower tap does, and that frame asks for the next one (an idle app
/// would otherwise show the result only at the next touch).
#[test]
fn a_tap_within_one_frame_selects_moves_and_asks_for_the_next_frame() {
    let (mut app, window) = touch_app(390, 844);
    let quick_tap = |app: &mut App, h: &str| {
        let p = screen_of(app, hole(h));
        touch(app, window, 1, TouchPhase::Started, p);
        touch(app, window, 1, TouchPhase::Ended, p);
        asked_for_frames(app);
        app.update();
        assert!(
            asked_for_frames(app),
            "a tap on {h} asked for no next frame"
        );
    };
    quick_tap(&mut app, "k3");
    assert_eq!(selected(&app), Some(hole("k3")));
    quick_tap(&mut app, "k5");
    settle(&mut app);
    let moves: Vec<String> = game(&app).actions().iter().map(|a| a.to_string()).collect();
    assert_eq!(moves, vec!["k3-k5"]);
}

/// The panels are laid out late in a frame (egui's pass), after the board was fitted: a new
/// free area for the board (the phone turned, a panel grew) asks for one more frame, which
/// fits the board into it, and then the app is idle again.
#[test]
fn a_board_frame_set_after_the_fit_is_applied_in_a_frame_asked_for() {
    let (mut app, _) = touch_app(390, 844);
    settle(&mut app);
    let panels = Rect::new(0.0, 120.0, 390.0, 700.0);
    app.add_systems(
        PostUpdate,
        move |mut frame: ResMut<sternhalma::view::BoardFrame>| {
            frame.set_if_neq(sternhalma::view::BoardFrame(Some(panels)));
        },
    );
    asked_for_frames(&mut app);
    app.update();
    assert_ne!(
        geometry(&app).frame,
        panels,
        "fitted before the panels were laid out"
    );
    assert!(
        asked_for_frames(&mut app),
        "the new board frame asked for no next frame"
    );
    app.update();
    assert_eq!(geometry(&app).frame, panels);
    assert!(
        !asked_for_frames(&mut app),
        "still asking for frames once the board fits"
    );
}

#[test]
fn taps_select_and_move_at_every_phone_and_tablet_size() {
    for (w, h) in SIZES {
        let (mut app, window) = touch_app(w, h);
        let g = geometry(&app);
        assert_eq!(g.window, Vec2::new(w as f32, h as f32));
        // The whole star is on the screen.
        for hole in Hole::all() {
            let p = screen_of(&app, hole);
            assert!(
                p.x >= 0.0 && p.y >= 0.0 && p.x <= w as f32 && p.y <= h as f32,
                "{hole} off screen at {w}x{h}"
            );
        }
        let from = hole("k3");
        let p = screen_of(&app, from);
        tap_at(&mut app, window, p);
        assert_eq!(selected(&app), Some(from), "{w}x{h}");
        let to = hole("k5");
        let p = screen_of(&app, to);
        tap_at(&mut app, window, p);
        settle(&mut app);
        let g = game(&app);
        assert_eq!(
            g.actions()
                .iter()
                .map(|a| a.to_string())
                .collect::<Vec<_>>(),
            vec!["k3-k5"],
            "{w}x{h}"
        );
        assert_eq!(turn(&app), Some(Turn::Human));
    }
}

#[test]
fn a_tap_between_two_holes_picks_the_nearest_and_hit_areas_are_finger_sized() {
    let (mut app, window) = touch_app(390, 844);
    let g = geometry(&app);
    // On a phone the holes are small: less than 7 mm apart on the screen...
    let spacing_px = SPACING / g.scale;
    let spacing_mm = spacing_px / g.px_per_mm;
    assert!(spacing_mm < MIN_HIT_MM, "{spacing_mm} mm");
    // ...but the hit area is 7 mm across.
    assert!(2.0 * g.pick_radius() / g.scale / g.px_per_mm >= MIN_HIT_MM - 1e-3);
    // A tap 40% of the way from l3 to k3 picks l3, 60% of the way picks k3.
    let (a, b) = (screen_of(&app, hole("l3")), screen_of(&app, hole("k3")));
    tap_at(&mut app, window, a.lerp(b, 0.4));
    assert_eq!(selected(&app), Some(hole("l3")));
    tap_at(&mut app, window, a.lerp(b, 0.6));
    assert_eq!(selected(&app), Some(hole("k3")));
    // A tap 3 mm beside a marble (outside its drawn hole) still picks it.
    let off = Vec2::new(0.0, 3.0 * g.px_per_mm);
    let m1 = hole("m1");
    let p = screen_of(&app, m1) + off;
    tap_at(&mut app, window, p);
    assert_eq!(selected(&app), Some(m1));
}

#[test]
fn two_fingers_zoom_and_pan_without_moving_a_marble_and_a_double_tap_resets() {
    let (mut app, window) = touch_app(390, 844);
    let k3 = screen_of(&app, hole("k3"));
    // First finger on a marble (a selection starts), second finger joins: a pinch.
    touch(&mut app, window, 1, TouchPhase::Started, k3);
    app.update();
    touch(
        &mut app,
        window,
        2,
        TouchPhase::Started,
        k3 + Vec2::new(60.0, 0.0),
    );
    app.update();
    let mid = k3 + Vec2::new(30.0, 0.0);
    let world_under_mid = geometry(&app).screen_to_world(mid);
    // Spread the fingers to three times their distance, about the same midpoint.
    for step in 1..=4 {
        let half = 30.0 * (1.0 + step as f32 * 0.5);
        touch(
            &mut app,
            window,
            1,
            TouchPhase::Moved,
            mid - Vec2::new(half, 0.0),
        );
        touch(
            &mut app,
            window,
            2,
            TouchPhase::Moved,
            mid + Vec2::new(half, 0.0),
        );
        app.update();
    }
    app.update();
    let zoom = *app.world().resource::<BoardZoom>();
    assert!((zoom.zoom - 3.0).abs() < 0.05, "zoom {}", zoom.zoom);
    assert_eq!(
        selected(&app),
        None,
        "the first finger's selection went with the pinch"
    );
    let drift = geometry(&app)
        .screen_to_world(mid)
        .distance(world_under_mid);
    assert!(
        drift < 1.0,
        "the point between the fingers stays put ({drift})"
    );
    // Both fingers drag 50 px to the right: the board follows them.
    let before = screen_of(&app, hole("i9"));
    touch(
        &mut app,
        window,
        1,
        TouchPhase::Moved,
        mid - Vec2::new(90.0, 0.0) + Vec2::X * 50.0,
    );
    touch(
        &mut app,
        window,
        2,
        TouchPhase::Moved,
        mid + Vec2::new(90.0, 0.0) + Vec2::X * 50.0,
    );
    app.update();
    app.update();
    let after = screen_of(&app, hole("i9"));
    assert!(
        (after - before - Vec2::X * 50.0).length() < 1.0,
        "{before} -> {after}"
    );
    // Lifting the fingers moves nothing.
    touch(&mut app, window, 1, TouchPhase::Ended, mid);
    touch(&mut app, window, 2, TouchPhase::Ended, mid);
    app.update();
    app.update();
    assert!(game(&app).actions().is_empty());
    // Taps work on the zoomed board, and a double-tap shows the whole board again.
    let p = screen_of(&app, hole("m1"));
    tap_at(&mut app, window, p);
    assert_eq!(selected(&app), Some(hole("m1")));
    tap_at(&mut app, window, p);
    app.update();
    assert!(app.world().resource::<BoardZoom>().is_default());
}

#[test]
fn tapping_the_marble_that_just_moved_keeps_the_zoomed_view() {
    let (mut app, window) = touch_app(390, 844);
    let centre = Vec2::new(195.0, 422.0);
    app.world_mut().write_message(ViewInput::Zoom {
        factor: 2.0,
        at: centre,
    });
    app.update();
    app.update();
    assert!(!app.world().resource::<BoardZoom>().is_default());
    let p = screen_of(&app, hole("k3"));
    tap_at(&mut app, window, p);
    assert_eq!(selected(&app), Some(hole("k3")));
    let to = screen_of(&app, hole("k5"));
    tap_at(&mut app, window, to);
    // Straight away, a tap on the same spot: not a double-tap, since the first tap moved.
    tap_at(&mut app, window, to);
    settle(&mut app);
    assert_eq!(game(&app).actions()[0].to_string(), "k3-k5");
    assert!(
        !app.world().resource::<BoardZoom>().is_default(),
        "the view stays zoomed"
    );
    // Two taps that do nothing on the board still reset it.
    let empty = screen_of(&app, hole("i9"));
    tap_at(&mut app, window, empty);
    tap_at(&mut app, window, empty);
    app.update();
    assert!(app.world().resource::<BoardZoom>().is_default());
}

#[test]
fn the_board_stays_under_both_fingers_while_they_spread_and_slide() {
    let (mut app, window) = touch_app(390, 844);
    let (a0, b0) = (Vec2::new(150.0, 420.0), Vec2::new(230.0, 420.0));
    touch(&mut app, window, 1, TouchPhase::Started, a0);
    touch(&mut app, window, 2, TouchPhase::Started, b0);
    app.update();
    app.update();
    let (wa, wb) = (
        geometry(&app).screen_to_world(a0),
        geometry(&app).screen_to_world(b0),
    );
    // Spread to twice the distance while the pair slides right and down.
    let (mut a, mut b) = (a0, b0);
    for _ in 0..5 {
        let mid = (a + b) / 2.0 + Vec2::new(6.0, 4.0);
        let half = (b - a) / 2.0 * 1.1487; // 1.1487^5 ≈ 2
        (a, b) = (mid - half, mid + half);
        touch(&mut app, window, 1, TouchPhase::Moved, a);
        touch(&mut app, window, 2, TouchPhase::Moved, b);
        app.update();
    }
    app.update();
    let g = geometry(&app);
    assert!((app.world().resource::<BoardZoom>().zoom - 2.0).abs() < 0.02);
    assert!(
        g.screen_to_world(a).distance(wa) < 0.5,
        "first finger drifted"
    );
    assert!(
        g.screen_to_world(b).distance(wb) < 0.5,
        "second finger drifted"
    );
    // Lifting one finger, then the other, points at nothing.
    touch(&mut app, window, 1, TouchPhase::Ended, a);
    app.update();
    touch(
        &mut app,
        window,
        2,
        TouchPhase::Moved,
        b + Vec2::new(30.0, 0.0),
    );
    app.update();
    touch(
        &mut app,
        window,
        2,
        TouchPhase::Ended,
        b + Vec2::new(30.0, 0.0),
    );
    app.update();
    assert_eq!(selected(&app), None);
    assert!(game(&app).actions().is_empty());
}

#[test]
fn a_drag_released_over_a_panel_puts_the_marble_back() {
    let (mut app, window) = touch_app(390, 844);
    let from = hole("k3");
    let start_at = screen_of(&app, from);
    touch(&mut app, window, 1, TouchPhase::Started, start_at);
    app.update();
    let over_panel = Vec2::new(195.0, 830.0);
    touch(
        &mut app,
        window,
        1,
        TouchPhase::Moved,
        start_at.lerp(over_panel, 0.5),
    );
    app.update();
    // The finger reaches the bottom panel, which now has the pointer.
    app.world_mut()
        .resource_mut::<sternhalma::input::PointerOverUi>()
        .0 = true;
    touch(&mut app, window, 1, TouchPhase::Moved, over_panel);
    app.update();
    touch(&mut app, window, 1, TouchPhase::Ended, over_panel);
    app.update();
    app.update();
    let mut q = app
        .world_mut()
        .query::<(&sternhalma::board::Marble, &Transform)>();
    let (_, t) = q
        .iter(app.world())
        .find(|(m, _)| m.hole == from)
        .expect("the marble is still on k3");
    assert_eq!(t.scale, Vec3::ONE, "not left lifted");
    assert_eq!(t.translation.truncate(), hole_position(from));
    assert!(game(&app).actions().is_empty());
    // The marble stays selected, and a finger that lands where the UI has the pointer does
    // nothing to the board.
    assert_eq!(selected(&app), Some(from));
    let l3 = screen_of(&app, hole("l3"));
    tap_at(&mut app, window, l3);
    assert_eq!(selected(&app), Some(from));
}
