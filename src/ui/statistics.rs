//! The statistics page: per player count and preset, games, wins, places, the fastest win,
//! the longest jump chain and the record against each computer level.

use super::theme::{self, MUTED};
use super::{UiPass, level_label, ordinal};
use crate::state::Screen;
use crate::stats::{Stats, Table};
use bevy::prelude::*;
use bevy_egui::egui::{self, RichText};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        statistics
            .run_if(in_state(Screen::Statistics))
            .in_set(UiPass::Screens),
    );
}

/// The rows of one table, as (what, value).
pub fn table_rows(t: &Table) -> Vec<(String, String)> {
    let mut rows = vec![("Games".to_string(), t.games.to_string())];
    let pct = (100 * u64::from(t.wins))
        .checked_div(u64::from(t.games))
        .unwrap_or(0);
    rows.push(("Wins".into(), format!("{} ({pct}%)", t.wins)));
    if t.draws > 0 {
        rows.push(("Draws".into(), t.draws.to_string()));
    }
    let places: Vec<String> = t
        .places
        .iter()
        .enumerate()
        .filter(|(_, n)| **n > 0)
        .map(|(i, n)| format!("{}: {n}", ordinal(i as u32 + 1)))
        .collect();
    rows.push((
        "Places".into(),
        if places.is_empty() {
            "–".into()
        } else {
            places.join(", ")
        },
    ));
    rows.push((
        "Fastest win".into(),
        t.fastest_win.map_or("–".into(), |m| format!("{m} moves")),
    ));
    rows.push((
        "Longest jump chain".into(),
        format!("{} jumps", t.longest_chain),
    ));
    for (level, v) in &t.versus {
        rows.push((
            format!("vs {}", level_label(*level)),
            format!("{} won, {} lost", v.wins, v.losses),
        ));
    }
    rows
}

/// Practice results, as (what, value): the fewest moves of each crossing size and the
/// puzzles solved. Empty before any practice.
pub fn practice_table(stats: &Stats) -> Vec<(String, String)> {
    let mut rows: Vec<(String, String)> = stats
        .crossing_best
        .iter()
        .map(|(marbles, best)| {
            (
                format!("Crossing, {marbles} marbles"),
                format!("{best} moves ({})", crate::crossing::known_text(*marbles)),
            )
        })
        .collect();
    if !stats.puzzles_solved.is_empty() {
        rows.push((
            "Puzzles solved".into(),
            stats.puzzles_solved.len().to_string(),
        ));
    }
    rows
}

fn practice_rows(ui: &mut egui::Ui, stats: &Stats) {
    let rows = practice_table(stats);
    if rows.is_empty() {
        return;
    }
    theme::heading(ui, "Practice");
    egui::Frame::group(ui.style()).show(ui, |ui| {
        ui.set_width(ui.available_width());
        for (k, v) in rows {
            ui.horizontal_wrapped(|ui| {
                theme::text(ui, RichText::new(k).color(MUTED));
                theme::text(ui, RichText::new(v).strong());
            });
        }
    });
}

fn statistics(
    mut contexts: EguiContexts,
    stats: Res<Stats>,
    mut screen: ResMut<NextState<Screen>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut back = false;
    theme::page(
        ctx,
        "statistics",
        "Statistics",
        |ui| {
            practice_rows(ui, &stats);
            if stats.tables.is_empty() {
                theme::text(
                    ui,
                    "No finished games yet. Your results show here, per player count and rules \
                     (practice never counts as a game).",
                );
            }
            for (name, t) in &stats.tables {
                theme::heading(ui, name);
                egui::Frame::group(ui.style()).show(ui, |ui| {
                    ui.set_width(ui.available_width());
                    for (k, v) in table_rows(t) {
                        ui.horizontal_wrapped(|ui| {
                            theme::text(ui, RichText::new(k).color(MUTED));
                            theme::text(ui, RichText::new(v).strong());
                        });
                    }
                });
            }
        },
        |ui| back = theme::wide_button(ui, "Back", false),
    );
    if back {
        screen.set(Screen::MainMenu);
    }
    Ok(())
}
