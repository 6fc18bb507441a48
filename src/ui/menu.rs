//! The main menu: Continue, the one-tap game against the computer, and the way to every other
//! screen. Starting a new game while one is under way asks first (see [`super::dialogs`]).

use super::dialogs::AskFirst;
use super::theme::{self, ACCENT, MUTED};
use crate::board::CurrentGame;
use crate::config::{Controller, MatchConfig, Settings};
use crate::state::Screen;
use bevy::prelude::*;
use bevy_egui::egui::{self, RichText};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};
use sternhalma_rules::ai::Level;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        main_menu
            .run_if(in_state(Screen::MainMenu))
            .in_set(super::UiPass::Screens),
    );
}

/// What a menu button leads to.
#[derive(Clone, Copy, PartialEq)]
enum Entry {
    Continue,
    VsComputer,
    NewGame,
    Go(Screen),
    Quit,
}

fn main_menu(
    mut contexts: EguiContexts,
    game: Option<Res<CurrentGame>>,
    settings: Res<Settings>,
    mut screen: ResMut<NextState<Screen>>,
    mut ask: ResMut<AskFirst>,
    mut exit: MessageWriter<AppExit>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let can_continue = game.as_ref().is_some_and(|g| !g.is_over());
    let mut entries: Vec<(&str, Entry)> = vec![];
    if can_continue {
        entries.push(("Continue", Entry::Continue));
    }
    entries.extend([
        ("Play vs computer", Entry::VsComputer),
        ("New game", Entry::NewGame),
        ("Practice", Entry::Go(Screen::PracticeMenu)),
        ("Rules", Entry::Go(Screen::Rules)),
        ("Statistics", Entry::Go(Screen::Statistics)),
        ("Records", Entry::Go(Screen::Records)),
        ("Settings", Entry::Go(Screen::Settings)),
    ]);
    if !cfg!(any(
        target_os = "android",
        target_os = "ios",
        target_arch = "wasm32"
    )) {
        entries.push(("Quit", Entry::Quit));
    }
    let mut picked = None;
    theme::page(
        ctx,
        "menu",
        "",
        |ui| {
            // Two columns when one would not fit the height but two fit the width (phones
            // turned sideways).
            let title = 90.0;
            let rows_one = entries.len() as f32 * 62.0;
            let two = ui.available_height() < title + rows_one
                && ui.available_width() >= 2.0 * 200.0 + 10.0;
            let cols = if two { 2 } else { 1 };
            // Centred in the height when it fits, as a title screen.
            let needed = title + entries.len().div_ceil(cols) as f32 * 62.0;
            ui.add_space(((ui.available_height() - needed) / 2.0).max(0.0));
            ui.vertical_centered(|ui| {
                theme::text(
                    ui,
                    RichText::new("Sternhalma")
                        .size(40.0)
                        .strong()
                        .color(ACCENT),
                );
                theme::text(ui, RichText::new("Chinese Checkers").color(MUTED));
            });
            ui.add_space(12.0);
            let gap = ui.spacing().item_spacing.x;
            let w = (ui.available_width() - gap * (cols as f32 - 1.0)) / cols as f32;
            for row in entries.chunks(cols) {
                ui.horizontal(|ui| {
                    for &(label, entry) in row {
                        ui.allocate_ui(egui::vec2(w, 52.0), |ui| {
                            let first = entry == entries[0].1;
                            if theme::wide_button(ui, label, first) {
                                picked = Some(entry);
                            }
                        });
                    }
                });
            }
        },
        |_| {},
    );
    match picked {
        Some(Entry::Continue) => screen.set(Screen::Playing),
        Some(Entry::VsComputer) => {
            // At the level played last, if the last game had a computer.
            let level = settings
                .default_seats
                .iter()
                .find_map(|c| match c {
                    Controller::Computer(l) => Some(*l),
                    Controller::Human => None,
                })
                .unwrap_or(Level::Medium);
            ask.start(MatchConfig::vs_computer(level), game.as_deref());
        }
        Some(Entry::NewGame) => screen.set(Screen::NewGame),
        Some(Entry::Go(s)) => screen.set(s),
        Some(Entry::Quit) => {
            exit.write(AppExit::Success);
        }
        None => {}
    }
    Ok(())
}
