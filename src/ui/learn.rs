//! The Learn screen (issue 23): the tutorial's lessons, each with what it teaches and a ✔ when
//! done, Start (or Continue) for the next one not done; and the first-launch offer, a card on
//! the main menu rather than a question over it, so nothing on the menu is ever covered.

use super::UiPass;
use super::theme::{self, ACCENT, MUTED};
use crate::config::Settings;
use crate::state::Screen;
use crate::tutorial::TutorialCommand;
use bevy::prelude::*;
use bevy_egui::egui::{self, RichText};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};
use sternhalma_rules::tutorial::lessons;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        learn
            .run_if(in_state(Screen::Learn))
            .in_set(UiPass::Screens),
    );
}

/// The first-launch card: "New to Chinese Checkers?" with Start and Not now. Returns the
/// answer when one is tapped.
pub fn offer_card(ui: &mut egui::Ui) -> Option<bool> {
    let mut answer = None;
    egui::Frame::group(ui.style()).show(ui, |ui| {
        ui.set_width(ui.available_width());
        theme::text(
            ui,
            RichText::new("New to Chinese Checkers? Learn in 2 minutes.").strong(),
        );
        match theme::button_row(ui, &[("Start", true, true), ("Not now", true, false)]) {
            Some(0) => answer = Some(true),
            Some(_) => answer = Some(false),
            None => {}
        }
    });
    answer
}

fn learn(
    mut contexts: EguiContexts,
    settings: Res<Settings>,
    mut screen: ResMut<NextState<Screen>>,
    mut open: MessageWriter<TutorialCommand>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let progress = &settings.tutorial;
    let list = lessons();
    let mut back = false;
    theme::page(
        ctx,
        "learn",
        "Learn",
        |ui| {
            theme::text(
                ui,
                RichText::new(format!(
                    "Short lessons on the real board, a move or two each: {} of {} done.",
                    progress.done(),
                    list.len()
                ))
                .color(MUTED),
            );
            if let Some(next) = progress.next_lesson() {
                let label = if progress.done() == 0 {
                    "Start"
                } else {
                    "Continue"
                };
                if theme::wide_button(ui, label, true) {
                    open.write(TutorialCommand::Open(next.to_string()));
                }
            }
            for (i, l) in list.iter().enumerate() {
                ui.add_space(6.0);
                let done = progress.is_complete(l.id);
                let mark = if done { " ✔" } else { "" };
                if theme::wide_button(ui, &format!("{}. {}{mark}", i + 1, l.title), false) {
                    open.write(TutorialCommand::Open(l.id.to_string()));
                }
                if l.teaches.is_some() {
                    theme::text(
                        ui,
                        RichText::new("Played under its own rules, whatever yours are.")
                            .color(if done { ACCENT } else { MUTED }),
                    );
                }
            }
        },
        |ui| back = theme::wide_button(ui, "Back", false),
    );
    if back {
        screen.set(Screen::MainMenu);
    }
    Ok(())
}
