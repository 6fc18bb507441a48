//! Hole names on the board (a setting): each hole's name in the game's notation, small, just
//! under the hole, so the move list ("k3-k5") can be read against the board.

use super::UiPass;
use crate::board::{BoardView, SPACING, hole_position};
use crate::config::Settings;
use crate::look::BoardFrame;
use crate::state::Screen;
use crate::view::ViewGeometry;
use bevy::prelude::*;
use bevy_egui::egui::{self, Color32};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};
use sternhalma_rules::Hole;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        hole_names
            .run_if(|s: Res<Settings>, screen: Res<State<Screen>>| {
                s.hole_names
                    && matches!(
                        screen.get(),
                        Screen::Playing | Screen::Replay | Screen::GameOver
                    )
            })
            .in_set(UiPass::Screens),
    );
}

/// The label size in points for holes `spacing` points apart: readable, never crowding.
pub fn label_size(spacing: f32) -> f32 {
    (spacing * 0.3).clamp(7.0, 13.0)
}

fn hole_names(
    mut contexts: EguiContexts,
    geometry: Res<ViewGeometry>,
    view: Res<BoardView>,
    frame: Res<BoardFrame>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let spacing = SPACING / geometry.scale;
    let size = label_size(spacing);
    let clip = frame.0.map_or(ctx.content_rect(), |r| {
        egui::Rect::from_min_max(egui::pos2(r.min.x, r.min.y), egui::pos2(r.max.x, r.max.y))
    });
    let painter = ctx
        .layer_painter(egui::LayerId::new(
            egui::Order::Background,
            egui::Id::new("hole-names"),
        ))
        .with_clip_rect(clip);
    let font = egui::FontId::proportional(size);
    for h in Hole::all() {
        let p = geometry.world_to_screen(view.board_to_world(hole_position(h)));
        let at = egui::pos2(p.x, p.y + 0.3 * spacing);
        // A light halo under dark text reads on wood and on every marble.
        painter.text(
            at + egui::vec2(0.6, 0.6),
            egui::Align2::CENTER_TOP,
            h.to_string(),
            font.clone(),
            Color32::from_white_alpha(170),
        );
        painter.text(
            at,
            egui::Align2::CENTER_TOP,
            h.to_string(),
            font.clone(),
            Color32::from_rgb(40, 28, 16),
        );
    }
    Ok(())
}
