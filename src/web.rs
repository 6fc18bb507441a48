//! The browser page: the canvas the game draws into, and a small public state on `window`
//! (`window.sternhalma`) that the page's own scripts and the browser tests read: where each
//! hole is on the page, where each control is (egui draws into the canvas, so there is no DOM
//! to find a button in), the game as a record, the screen shown, how many frames have run and
//! the longest a frame spent on the computer's search. It is written only on frames that run anyway
//! (the frame count on each, the rest only when it changed), so an idle page stays idle.

use crate::board::{BoardView, ShownGame, hole_position};
use crate::state::Screen;
use crate::ui::theme;
use crate::view::ViewGeometry;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::EguiContexts;
use std::fmt::Write as _;
use sternhalma_rules::{GameRecord, Hole};
use wasm_bindgen::JsValue;

/// The canvas in `web/index.html`: it fills the page and Bevy keeps it at the page's size and
/// device pixel ratio; the game, not the browser, handles touches and keys on it.
pub fn configure_window(window: &mut Window) {
    window.canvas = Some("#sternhalma".into());
    window.fit_canvas_to_parent = true;
    window.prevent_default_event_handling = true;
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Last, publish_state);
}

/// Writes `window.sternhalma` when the board's place, the game, the screen or the controls
/// changed.
fn publish_state(
    mut contexts: EguiContexts,
    mut last_layout: Local<String>,
    view: Option<Res<BoardView>>,
    shown: ShownGame,
    screen: Res<State<Screen>>,
    windows: Query<Ref<Window>, With<PrimaryWindow>>,
    geometry: Res<ViewGeometry>,
    mut frames: Local<u64>,
    search: Res<crate::ai::SearchTimeOnFrame>,
) {
    let Ok(window) = windows.single() else { return };
    // Every frame counts, so a test can tell an idle page (the count stands still) from one
    // with frames still to come.
    *frames += 1;
    let size = Vec2::new(window.width(), window.height());
    let layout = contexts
        .ctx_mut()
        .map(|ctx| theme::layout_text(size, &theme::laid_out(ctx)))
        .unwrap_or_default();
    let changed = *last_layout != layout
        || view.as_ref().is_some_and(|v| v.is_changed())
        || shown.is_changed()
        || screen.is_changed()
        || window.is_changed()
        || geometry.is_changed()
        || search.is_changed();
    if !changed {
        if let Some(state) = web_sys::window()
            .and_then(|w| js_sys::Reflect::get(&w, &JsValue::from_str("sternhalma")).ok())
            .filter(|s| s.is_object())
        {
            let _ = js_sys::Reflect::set(&state, &"frames".into(), &(*frames as f64).into());
        }
        return;
    }
    let mut holes = String::new();
    if let Some(view) = &view {
        // The same mapping the pointer input picks holes with.
        for h in Hole::all() {
            let p = geometry.world_to_screen(view.board_to_world(hole_position(h)));
            let _ = writeln!(holes, "{h} {:.1} {:.1}", p.x, p.y);
        }
    }
    let record = shown
        .game()
        .map(|g| GameRecord::from_game(g).to_ron())
        .unwrap_or_default();
    let state = js_sys::Object::new();
    let set = |k: &str, v: JsValue| {
        let _ = js_sys::Reflect::set(&state, &JsValue::from_str(k), &v);
    };
    set("holes", holes.into());
    set("layout", layout.clone().into());
    *last_layout = layout;
    set("record", record.into());
    set("screen", format!("{:?}", screen.get()).into());
    set("width", window.width().into());
    set("height", window.height().into());
    set("scale", window.scale_factor().into());
    set("frames", (*frames as f64).into());
    set("searchMs", (search.0.as_secs_f64() * 1000.0).into());
    if let Some(w) = web_sys::window() {
        let _ = js_sys::Reflect::set(&w, &JsValue::from_str("sternhalma"), &state);
    }
}
