//! The screens around saved data: statistics, the records list (open a file or pasted text),
//! the replay controls over the board, and the one-sentence notes about files that had to be
//! set aside.

use super::{big_button, centred_window, level_label};
use crate::board::CurrentGame;
use crate::look::BoardFrame;
use crate::persist::{DataDir, FileNotes};
use crate::records::{RECORDS_DIR, RecordCommand, RecordError, Replay, list_records};
use crate::state::Screen;
use crate::stats::Stats;
use bevy::prelude::*;
use bevy_egui::EguiContexts;
use bevy_egui::egui::{self, Color32, RichText};
use sternhalma_rules::ai::Level;
use sternhalma_rules::{GameRecord, move_list_text};

/// Text pasted into the records screen, kept while the screen is open.
#[derive(Resource, Default)]
pub(super) struct PastedRecord(String);

/// Shows the file notes until the player dismisses them.
pub(super) fn file_notes(mut contexts: EguiContexts, mut notes: ResMut<FileNotes>) -> Result {
    if notes.0.is_empty() {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    egui::Window::new("Please note")
        .anchor(egui::Align2::CENTER_TOP, [0.0, 12.0])
        .collapsible(false)
        .resizable(false)
        .show(ctx, |ui| {
            ui.set_max_width(420.0);
            for note in &notes.0 {
                ui.label(note);
            }
            if ui.button("OK").clicked() {
                notes.0.clear();
            }
        });
    Ok(())
}

pub(super) fn statistics(
    mut contexts: EguiContexts,
    stats: Res<Stats>,
    mut screen: ResMut<NextState<Screen>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let max_h = ctx.content_rect().height() - 90.0;
    centred_window("Statistics").show(ctx, |ui| {
        egui::ScrollArea::vertical()
            .max_height(max_h)
            .show(ui, |ui| {
                ui.set_max_width(460.0);
                if stats.tables.is_empty() {
                    ui.label("No finished games yet. Your results show here, per player count and rules.");
                }
                for (name, t) in &stats.tables {
                    ui.label(RichText::new(name).strong().size(18.0));
                    egui::Grid::new(name).num_columns(2).striped(true).show(ui, |ui| {
                        let row = |ui: &mut egui::Ui, k: &str, v: String| {
                            ui.label(k);
                            ui.label(v);
                            ui.end_row();
                        };
                        row(ui, "Games", t.games.to_string());
                        let pct = (100 * u64::from(t.wins))
                            .checked_div(u64::from(t.games))
                            .unwrap_or(0);
                        row(ui, "Wins", format!("{} ({pct}%)", t.wins));
                        if t.draws > 0 {
                            row(ui, "Draws", t.draws.to_string());
                        }
                        let places: Vec<String> = t
                            .places
                            .iter()
                            .enumerate()
                            .filter(|(_, n)| **n > 0)
                            .map(|(i, n)| format!("{}: {n}", super::ordinal(i as u8 + 1)))
                            .collect();
                        row(ui, "Places", if places.is_empty() { "–".into() } else { places.join(", ") });
                        row(
                            ui,
                            "Fastest win",
                            t.fastest_win.map_or("–".into(), |m| format!("{m} moves")),
                        );
                        row(ui, "Longest jump chain", format!("{} hops", t.longest_chain));
                        for (level, v) in &t.versus {
                            row(
                                ui,
                                &format!("vs {}", level_label(*level)),
                                format!("{} won, {} lost", v.wins, v.losses),
                            );
                        }
                    });
                    ui.add_space(8.0);
                }
            });
        if ui.button("Back").clicked() {
            screen.set(Screen::MainMenu);
        }
    });
    Ok(())
}

pub(super) fn records_screen(
    mut contexts: EguiContexts,
    dir: Res<DataDir>,
    error: Res<RecordError>,
    mut pasted: ResMut<PastedRecord>,
    mut screen: ResMut<NextState<Screen>>,
    mut requests: MessageWriter<RecordCommand>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let max_h = ctx.content_rect().height() - 120.0;
    centred_window("Game records").show(ctx, |ui| {
        ui.set_max_width(480.0);
        if let Some(e) = &error.0 {
            ui.colored_label(Color32::LIGHT_RED, e);
        }
        egui::ScrollArea::vertical()
            .max_height(max_h)
            .show(ui, |ui| {
                let folder = dir.file(RECORDS_DIR);
                let files = folder.as_deref().map(list_records).unwrap_or_default();
                if files.is_empty() {
                    ui.label("No saved records yet: use \"Save record\" during or after a game.");
                }
                for path in files.iter().take(50) {
                    let stem = path.file_stem().unwrap_or_default().to_string_lossy();
                    if ui.button(record_label(&stem)).clicked() {
                        requests.write(RecordCommand::OpenFile(path.clone()));
                    }
                }
                ui.separator();
                ui.label("Or paste a record here:");
                ui.add(
                    egui::TextEdit::multiline(&mut pasted.0)
                        .desired_rows(4)
                        .desired_width(f32::INFINITY)
                        .code_editor(),
                );
            });
        ui.horizontal(|ui| {
            if ui.button("Back").clicked() {
                screen.set(Screen::MainMenu);
            }
            if ui
                .add_enabled(
                    !pasted.0.trim().is_empty(),
                    egui::Button::new("Open pasted record"),
                )
                .clicked()
            {
                requests.write(RecordCommand::Open {
                    name: "Pasted record".into(),
                    text: pasted.0.clone(),
                });
            }
        });
    });
    Ok(())
}

/// "29 Nov 2026, 18:30 UTC — 2 players, classic" for an exported record's file name
/// (`20261129-183000-2p-classic`); other names are shown as they are.
fn record_label(stem: &str) -> String {
    const MONTHS: [&str; 12] = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ];
    let parts: Vec<&str> = stem.splitn(4, '-').collect();
    let [date, time, players, preset] = parts[..] else {
        return stem.to_string();
    };
    let ok = date.len() == 8
        && time.len() == 6
        && date.bytes().chain(time.bytes()).all(|b| b.is_ascii_digit());
    let month = date.get(4..6).and_then(|m| m.parse::<usize>().ok());
    match (ok, month, players.strip_suffix('p')) {
        (true, Some(m @ 1..=12), Some(n)) => format!(
            "{} {} {}, {}:{} UTC — {n} players, {preset}",
            date[6..8].trim_start_matches('0'),
            MONTHS[m - 1],
            &date[..4],
            &time[..2],
            &time[2..4]
        ),
        _ => stem.to_string(),
    }
}

/// Buttons to keep the game: a file in the records folder, or the clipboard.
pub(super) fn export_buttons(
    ui: &mut egui::Ui,
    game: &CurrentGame,
    requests: &mut MessageWriter<RecordCommand>,
) {
    if ui.button("💾 Save record").clicked() {
        requests.write(RecordCommand::Export);
    }
    if ui.button("📋 Copy moves").clicked() {
        ui.ctx().copy_text(move_list_text(game));
    }
    if ui.button("📋 Copy record").clicked() {
        ui.ctx().copy_text(GameRecord::from_game(game).to_ron());
    }
}

/// The controls under a record on the board: first / back / forward / last, a slider to jump to
/// any move, and playing on from the position shown.
pub(super) fn replay_controls(
    mut contexts: EguiContexts,
    replay: Res<Replay>,
    game: Res<CurrentGame>,
    mut frame: ResMut<BoardFrame>,
    mut screen: ResMut<NextState<Screen>>,
    mut requests: MessageWriter<RecordCommand>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let area = ctx.content_rect();
    let mut root = egui::Ui::new(
        ctx.clone(),
        "replay".into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(area),
    );
    egui::Panel::top("replay-top").show(&mut root, |ui| {
        ui.add_space(4.0);
        ui.label(RichText::new(&replay.name).strong());
        let last = move_list_text(&game)
            .lines()
            .skip(1)
            .filter(|l| !l.starts_with("Result"))
            .last()
            .map(str::to_string)
            .unwrap_or_else(|| "Start position".into());
        ui.monospace(last);
    });
    egui::Panel::bottom("replay-bottom").show(&mut root, |ui| {
        ui.add_space(4.0);
        let at = replay.at;
        let len = replay.len();
        ui.horizontal_wrapped(|ui| {
            let mut go = |ui: &mut egui::Ui, label: &str, enabled: bool, to: usize| {
                if ui
                    .add_enabled(
                        enabled,
                        egui::Button::new(RichText::new(label).size(20.0))
                            .min_size(egui::vec2(48.0, 40.0)),
                    )
                    .clicked()
                {
                    requests.write(RecordCommand::Goto(to));
                }
            };
            go(ui, "⏮", at > 0, 0);
            go(ui, "◀", at > 0, at.saturating_sub(1));
            go(ui, "▶", at < len, at + 1);
            go(ui, "⏭", at < len, len);
            ui.label(format!("Move {at} of {len}"));
        });
        let mut target = at;
        ui.spacing_mut().slider_width = (ui.available_width() - 16.0).max(120.0);
        if len > 0
            && ui
                .add(egui::Slider::new(&mut target, 0..=len).show_value(false))
                .changed()
        {
            requests.write(RecordCommand::Goto(target));
        }
        ui.horizontal_wrapped(|ui| {
            let playable = !game.is_over();
            if ui
                .add_enabled(playable, egui::Button::new("Play on from here"))
                .clicked()
            {
                requests.write(RecordCommand::PlayFromHere(None));
            }
            if ui
                .add_enabled(playable, egui::Button::new("…against the computer"))
                .clicked()
            {
                requests.write(RecordCommand::PlayFromHere(Some(Level::Medium)));
            }
            if ui.button("Close").clicked() {
                screen.set(Screen::Records);
            }
        });
    });
    super::leave_rest_to_board(&root, &mut frame);
    Ok(())
}

/// The main menu's buttons to these screens.
pub(super) fn menu_buttons(ui: &mut egui::Ui, screen: &mut NextState<Screen>) {
    if big_button(ui, "Statistics") {
        screen.set(Screen::Statistics);
    }
    if big_button(ui, "Records") {
        screen.set(Screen::Records);
    }
}

#[cfg(test)]
mod tests {
    use super::record_label;

    #[test]
    fn exported_record_names_read_as_dates() {
        assert_eq!(
            record_label("20261129-183000-2p-classic"),
            "29 Nov 2026, 18:30 UTC — 2 players, classic"
        );
        assert_eq!(
            record_label("20260105-090807-6p-three-pairs"),
            "5 Jan 2026, 09:08 UTC — 6 players, three-pairs"
        );
        // Anything else, including non-ASCII names, is shown as it is.
        for other in [
            "game-001",
            "20261329-183000-2p-x",
            "2026112é-183000-2p-x",
            "é",
            "",
        ] {
            assert_eq!(record_label(other), other);
        }
    }
}
