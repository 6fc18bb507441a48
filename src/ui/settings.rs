//! The settings page: animation speed, colour-blind symbols, turning the board, the hand-over
//! screen, hole names on the board, and sound. Changes apply at once and are saved by
//! [`crate::persist`].

use super::UiPass;
use super::theme::{self, Kind};
use crate::board::CurrentGame;
use crate::config::{AnimSpeed, Settings};
use crate::state::Screen;
use bevy::prelude::*;
use bevy_egui::egui;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        settings_screen
            .run_if(in_state(Screen::Settings))
            .in_set(UiPass::Screens),
    );
}

fn settings_screen(
    mut contexts: EguiContexts,
    mut settings: ResMut<Settings>,
    game: Option<Res<CurrentGame>>,
    mut screen: ResMut<NextState<Screen>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut s = settings.clone();
    let can_continue = game.as_ref().is_some_and(|g| !g.is_over());
    let mut action = None;
    theme::page(
        ctx,
        "settings",
        "Settings",
        |ui| {
            theme::heading(ui, "Animation speed");
            let speeds: Vec<(AnimSpeed, String, bool)> = AnimSpeed::ALL
                .iter()
                .map(|&a| (a, a.label().to_string(), true))
                .collect();
            theme::choice(ui, &mut s.speed, &speeds);
            theme::heading(ui, "Board");
            theme::toggle(ui, &mut s.colour_blind, "Colour-blind symbols on marbles");
            theme::toggle(
                ui,
                &mut s.rotate_board,
                "Turn the board to the player to move",
            );
            theme::toggle(
                ui,
                &mut s.handover_screen,
                "\"Pass the device\" screen between people",
            );
            theme::toggle(ui, &mut s.hole_names, "Hole names on the board (a1 … q17)");
            theme::toggle(
                ui,
                &mut s.show_moves,
                "Light where a marble can go, and its path",
            );
            theme::heading(ui, "Sound");
            ui.horizontal(|ui| {
                ui.label("Volume");
                ui.spacing_mut().slider_width = (ui.available_width() - 90.0).clamp(120.0, 320.0);
                let r = ui.add_enabled(
                    !s.muted,
                    egui::Slider::new(&mut s.volume, 0.0..=1.0)
                        .custom_formatter(|v, _| format!("{:.0} %", v * 100.0)),
                );
                theme::note(ui, Kind::Control, r.rect, "volume");
            });
            theme::toggle(ui, &mut s.muted, "Mute all sounds");
        },
        |ui| {
            let mut buttons = vec![("Back", true, !can_continue)];
            if can_continue {
                buttons.push(("Continue game", true, true));
            }
            action = theme::button_row(ui, &buttons);
        },
    );
    if s != *settings {
        *settings = s;
    }
    match action {
        Some(0) => screen.set(Screen::MainMenu),
        Some(_) => screen.set(Screen::Playing),
        None => {}
    }
    Ok(())
}
