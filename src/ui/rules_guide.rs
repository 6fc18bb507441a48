//! "How to play": the rules in force in plain words, with small drawings of a step and of a
//! chain of jumps. The words come from `sternhalma_rules::guide`, made from the rule set
//! option by option, so they are right for any preset or custom options.

use super::UiPass;
use super::theme;
use crate::board::CurrentGame;
use crate::config::MatchConfig;
use crate::state::Screen;
use bevy::prelude::*;
use bevy_egui::egui::{self, Color32};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};
use sternhalma_rules::guide::guide;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        rules_guide
            .run_if(in_state(Screen::Rules))
            .in_set(UiPass::Screens),
    );
}

fn rules_guide(
    mut contexts: EguiContexts,
    game: Option<Res<CurrentGame>>,
    draft: Res<MatchConfig>,
    mut screen: ResMut<NextState<Screen>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let (rules, marbles) = match &game {
        Some(g) => (g.rules().clone(), g.setup().marbles),
        None => (draft.rules.clone(), draft.rules.marbles),
    };
    let mut back = false;
    let mut learn = false;
    theme::page(
        ctx,
        "rules",
        "How to play",
        |ui| {
            theme::text(
                ui,
                "Race your marbles across the star into the point opposite. On your turn \
                 move one marble:",
            );
            theme::heading(ui, "A step");
            theme::text(ui, "to a neighbouring empty hole.");
            diagram(ui, &[(0, 0, true)], &[(0, 0), (1, 0)]);
            theme::heading(ui, "A chain of jumps");
            theme::text(
                ui,
                "over one marble (any colour) into the empty hole right behind it, again and \
                 again, turning as you like. Stop after any jump. Nothing is captured.",
            );
            diagram(
                ui,
                &[(0, 0, true), (1, 0, false), (3, 0, false), (3, 1, false)],
                &[(0, 0), (2, 0), (4, 0), (2, 2)],
            );
            theme::text(
                ui,
                "Steps and jumps do not mix, and jumping is never compulsory.",
            );
            theme::heading(ui, &format!("Rules in force: {}", rules.label()));
            for section in guide(&rules, marbles) {
                ui.add_space(4.0);
                theme::text(
                    ui,
                    egui::RichText::new(section.heading)
                        .size(19.0)
                        .color(theme::ACCENT),
                );
                for line in &section.lines {
                    theme::text(ui, format!("• {line}"));
                }
            }
            theme::heading(ui, "Playing");
            theme::text(
                ui,
                "Tap one of your marbles: the holes it can reach light up and your goal shows \
                 in gold. Tap a lit hole, or drag the marble there. Pinch to zoom. Keyboard: \
                 arrows, Enter, Esc.",
            );
        },
        |ui| match theme::button_row(ui, &[("Learn", true, false), ("Back", true, false)]) {
            Some(0) => learn = true,
            Some(_) => back = true,
            None => {}
        },
    );
    if back {
        screen.set(Screen::MainMenu);
    }
    if learn {
        screen.set(Screen::Learn);
    }
    Ok(())
}

/// A little hex-board drawing: marbles (`mine` = the mover) and a path drawn over them.
fn diagram(ui: &mut egui::Ui, marbles: &[(i32, i32, bool)], path: &[(i32, i32)]) {
    let (resp, painter) = ui.allocate_painter(egui::vec2(240.0, 90.0), egui::Sense::hover());
    let r = resp.rect;
    let step = 34.0;
    let at = |q: i32, row: i32| {
        egui::pos2(
            r.left() + 30.0 + (q as f32 + row as f32 * 0.5) * step,
            r.bottom() - 22.0 - row as f32 * step * 0.866,
        )
    };
    for row in 0..3 {
        for q in -1..6 {
            painter.circle_filled(at(q, row), 4.0, Color32::from_gray(90));
        }
    }
    for &(q, row, mine) in marbles {
        let c = if mine {
            Color32::from_rgb(240, 238, 228)
        } else {
            Color32::from_rgb(214, 41, 36)
        };
        painter.circle_filled(at(q, row), 11.0, c);
    }
    for w in path.windows(2) {
        painter.line_segment(
            [at(w[0].0, w[0].1), at(w[1].0, w[1].1)],
            egui::Stroke::new(3.0, Color32::from_rgb(115, 217, 255)),
        );
    }
    if let Some(&(q, row)) = path.last() {
        painter.circle_filled(at(q, row), 6.0, Color32::from_rgb(77, 242, 115));
    }
}
