//! The review screens (issue 23): the "Review" button on the results and under a record, the
//! seat to review with three or more players (by its colour), the progress page with Cancel
//! while the engine works, and the review itself over the record on the board: a summary, the
//! three costliest moves, every reviewed move with its cost, and the move tapped shown on the
//! board as played (coral) beside the engine's better move (green).

use super::theme::{self, ACCENT, Kind, MUTED, TOUCH_TARGET, WARN};
use super::{BoardPanels, UiPass};
use crate::board::ShownGame;
use crate::config::{Palette, point_name};
use crate::look::{BETTER, BoardFrame, PLAYED};
use crate::records::Replay;
use crate::review::{GameReview, ReviewCommand, ReviewJob, summary};
use crate::state::Screen;
use bevy::prelude::*;
use bevy_egui::egui::{self, RichText};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};
use sternhalma_rules::ai::review::ReviewedMove;
use sternhalma_rules::{Game, format_path};

/// The question "which seat?" is up (three or more players).
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct ChoosingSeat(pub bool);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<ChoosingSeat>()
        .add_systems(OnExit(Screen::GameOver), stop_choosing)
        .add_systems(OnExit(Screen::Replay), stop_choosing)
        .add_systems(
            EguiPrimaryContextPass,
            (
                progress_page.run_if(resource_exists::<ReviewJob>),
                review_panel.run_if(
                    in_state(Screen::Replay)
                        .and_then(resource_exists::<GameReview>)
                        .and_then(resource_exists::<Replay>)
                        .and_then(not(resource_exists::<ReviewJob>)),
                ),
            )
                .in_set(UiPass::Screens),
        )
        .add_systems(
            EguiPrimaryContextPass,
            seat_question
                .run_if(|c: Res<ChoosingSeat>| c.0)
                .in_set(UiPass::Dialogs),
        );
}

/// Whether the screen under a review shows as usual: no review running and none shown (nor
/// one about to open over its record).
pub(super) fn screen_free(job: Option<Res<ReviewJob>>, review: Option<Res<GameReview>>) -> bool {
    job.is_none() && review.is_none()
}

fn stop_choosing(mut choosing: ResMut<ChoosingSeat>) {
    choosing.0 = false;
}

/// The "Review" button: with two players it starts at once (both seats), with more it asks
/// which seat. Greyed out before the first move.
pub(super) fn review_button(
    ui: &mut egui::Ui,
    players: u8,
    moved: bool,
    choosing: &mut ChoosingSeat,
    requests: &mut MessageWriter<ReviewCommand>,
) {
    if theme::button_with(ui, "🔍 Review", moved, false).clicked() {
        if players == 2 {
            requests.write(ReviewCommand::Start { seat: None });
        } else {
            choosing.0 = true;
        }
    }
}

/// The seat a review looks at, by its colour.
fn seat_name(game: &Game, palette: Palette, seat: usize) -> &'static str {
    game.setup()
        .seat_points()
        .get(seat)
        .map_or("?", |&p| point_name(palette, p))
}

fn seat_question(
    mut contexts: EguiContexts,
    shown: ShownGame,
    mut choosing: ResMut<ChoosingSeat>,
    mut requests: MessageWriter<ReviewCommand>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    // The game on the board: the finished match on the results, the record on the replay.
    let Some((game, palette)) = shown.with_palette() else {
        choosing.0 = false;
        return Ok(());
    };
    let seats = game.setup().players as usize;
    let names: Vec<String> = (0..seats)
        .map(|s| seat_name(game, palette, s).to_string())
        .collect();
    let mut answers: Vec<(&str, bool)> = names.iter().map(|n| (n.as_str(), false)).collect();
    answers.push(("Cancel", true));
    let body = ["The engine goes through every move of one player.".to_string()];
    if let Some(i) = theme::dialog(ctx, "review-seat", "Review whose moves?", &body, &answers) {
        choosing.0 = false;
        if i < seats {
            requests.write(ReviewCommand::Start { seat: Some(i) });
        }
    }
    Ok(())
}

/// The page while the engine works: what it does, how far it is, and Cancel.
fn progress_page(
    mut contexts: EguiContexts,
    job: Res<ReviewJob>,
    mut requests: MessageWriter<ReviewCommand>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut cancel = false;
    theme::page(
        ctx,
        "review-progress",
        "Reviewing the game",
        |ui| {
            theme::text(
                ui,
                RichText::new(
                    "The engine plays the game through again and compares each move with its \
                     own best move in the same position.",
                )
                .color(MUTED),
            );
            ui.add_space(12.0);
            let (done, total) = (job.done(), job.total);
            let bar = ui.add(
                egui::ProgressBar::new(job.fraction())
                    .desired_height(28.0)
                    .fill(ACCENT)
                    .text(
                        RichText::new(format!("{done} of {total} moves")).color(theme::ON_ACCENT),
                    ),
            );
            theme::note(
                ui,
                Kind::Text,
                bar.rect,
                &format!("{done} of {total} moves"),
            );
        },
        |ui| {
            cancel = theme::wide_button(ui, "Cancel", false);
        },
    );
    if cancel {
        requests.write(ReviewCommand::Cancel);
    }
    Ok(())
}

/// A reviewed move in a line: "12. Red k3-k5 · 1.5".
fn row_text(m: &ReviewedMove, game: &Game, palette: Palette) -> String {
    let cost = if (m.played.from, m.played.to) == (m.best.from, m.best.to) {
        "best".to_string()
    } else if m.cost.0 == 0 {
        "fine".to_string()
    } else {
        format!("−{}", m.cost)
    };
    format!(
        "{}. {} {} · {cost}",
        m.ply,
        seat_name(game, palette, m.seat),
        format_path(&m.played.path)
    )
}

/// One tappable row of the list: the whole width, marked when costly, lit when shown.
fn move_row(ui: &mut egui::Ui, text: &str, costly: bool, selected: bool) -> bool {
    let mut label = RichText::new(if costly {
        format!("⚠ {text}")
    } else {
        text.to_string()
    });
    if costly {
        label = label.color(WARN).strong();
    }
    if selected {
        label = label.color(theme::ON_ACCENT).strong();
    }
    let mut b = egui::Button::new(label)
        .truncate()
        .min_size(egui::vec2(ui.available_width(), TOUCH_TARGET));
    if selected {
        b = b.fill(ACCENT);
    }
    let r = ui.add(b);
    theme::note(ui, Kind::Control, r.rect, text);
    r.clicked()
}

/// The review over the record: summary, the three costliest moves, every move; the move tapped
/// is on the board as the position before it, with the played and the better move.
fn review_panel(
    mut contexts: EguiContexts,
    review: Res<GameReview>,
    shown: ShownGame,
    mut frame: ResMut<BoardFrame>,
    mut requests: MessageWriter<ReviewCommand>,
) -> Result {
    let Some((game, palette)) = shown.with_palette() else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let mut panels = BoardPanels::new(ctx, "review");
    let r = &review.review;
    let seats: Vec<&str> = r
        .seats
        .iter()
        .map(|&s| seat_name(game, palette, s))
        .collect();
    let title = format!("Review: {}", seats.join(" and "));
    let mut show = None;
    let header = |ui: &mut egui::Ui| {
        theme::text(ui, RichText::new(&title).strong());
        theme::text(ui, RichText::new(summary(r)).color(MUTED).size(16.0));
    };
    let detail = |ui: &mut egui::Ui| match review.shown() {
        Some(m) => {
            ui.horizontal_wrapped(|ui| {
                theme::text(
                    ui,
                    RichText::new(format!(
                        "Move {} ({})",
                        m.ply,
                        seat_name(game, palette, m.seat)
                    ))
                    .strong(),
                );
                let cost = if m.cost.0 == 0 {
                    "no loss".to_string()
                } else {
                    format!("cost {} moves", m.cost)
                };
                let c = if m.costly() { WARN } else { MUTED };
                theme::text(ui, RichText::new(cost).color(c));
            });
            // A line each, the colour beside its move.
            let labelled = |ui: &mut egui::Ui, colour, text: String| {
                ui.horizontal(|ui| {
                    theme::swatch(ui, colour, 18.0);
                    theme::text(ui, RichText::new(text).monospace());
                });
            };
            labelled(
                ui,
                PLAYED,
                format!("played {}", format_path(&m.played.path)),
            );
            if (m.best.from, m.best.to) != (m.played.from, m.played.to) {
                labelled(ui, BETTER, format!("better {}", format_path(&m.best.path)));
            } else {
                theme::text(ui, RichText::new("The engine's own choice.").color(MUTED));
            }
        }
        None => theme::text(
            ui,
            RichText::new("Tap a move to see it on the board beside the engine's better one.")
                .color(MUTED),
        ),
    };
    let list = |ui: &mut egui::Ui, show: &mut Option<usize>| {
        let worst = r.costliest(3);
        if !worst.is_empty() {
            theme::heading(ui, "Costliest");
            for m in worst {
                let i = r.moves.iter().position(|x| x == m).unwrap_or(0);
                let text = row_text(m, game, palette);
                if move_row(ui, &text, m.costly(), review.selected == Some(i)) {
                    *show = Some(i);
                }
            }
        }
        theme::heading(ui, "Every move");
        for (i, m) in r.moves.iter().enumerate() {
            let text = row_text(m, game, palette);
            if move_row(ui, &text, m.costly(), review.selected == Some(i)) {
                *show = Some(i);
            }
        }
    };
    let n = r.moves.len();
    let at = review.selected;
    let buttons = [
        ("◀ Prev", at.is_some_and(|i| i > 0), false),
        ("Next ▶", at.is_none_or(|i| i + 1 < n) && n > 0, false),
        ("Close", true, true),
    ];
    let mut action = None;
    if panels.landscape {
        egui::Panel::right("review-side")
            .exact_size(panels.side_width)
            .resizable(false)
            .show(&mut panels.root, |ui| {
                ui.add_space(6.0);
                header(ui);
                detail(ui);
                action = theme::button_row(ui, &buttons);
                theme::scrolling(ui, "review-list", |ui| list(ui, &mut show));
            });
    } else {
        let h = panels.root.available_rect_before_wrap().height();
        egui::Panel::top("review-top")
            .resizable(false)
            .show(&mut panels.root, |ui| {
                ui.add_space(4.0);
                header(ui);
            });
        // A fixed height, so that one frame lays it out (a panel sized by a scrolling list
        // would take several frames to settle, and an idle app draws only one).
        egui::Panel::bottom("review-bottom")
            .resizable(false)
            .exact_size((h * 0.48).clamp(250.0, 480.0))
            .show(&mut panels.root, |ui| {
                ui.add_space(4.0);
                detail(ui);
                let gaps = 8.0 + 3.0 * ui.spacing().item_spacing.y;
                let list_h = (ui.available_height() - 48.0 - gaps).max(TOUCH_TARGET);
                egui::ScrollArea::vertical()
                    .id_salt("review-list")
                    .max_height(list_h)
                    .min_scrolled_height(list_h)
                    .auto_shrink([false, false])
                    .show(ui, |ui| {
                        ui.set_width(ui.available_width());
                        list(ui, &mut show);
                    });
                action = theme::button_row(ui, &buttons);
            });
    }
    match action {
        Some(0) => show = at.map(|i| i.saturating_sub(1)),
        Some(1) => show = Some(at.map_or(0, |i| i + 1)),
        Some(_) => {
            requests.write(ReviewCommand::Close);
        }
        None => {}
    }
    if let Some(i) = show {
        requests.write(ReviewCommand::Show(i));
    }
    panels.leave_rest_to_board(&mut frame);
    Ok(())
}
