//! The records page (saved records to open, or one to paste: the RON record or the plain move
//! list), and the replay controls under a record on the board.

use super::UiPass;
use super::notices::{Notices, notice_strip};
use super::theme::{self, Kind, MUTED, TOUCH_TARGET, WARN};
use crate::board::CurrentGame;
use crate::look::BoardFrame;
use crate::persist::DataDir;
use crate::play::Notice;
use crate::records::{RECORDS_DIR, RecordCommand, RecordError, Replay, list_records, record_stem};
use crate::state::Screen;
use crate::transfer::{self, Transferred, Transfers};
use bevy::prelude::*;
use bevy_egui::egui::{self, RichText};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};
use std::path::PathBuf;
use sternhalma_rules::ai::Level;
use sternhalma_rules::move_list_text;

/// Text pasted into the records page, kept while the page is open.
#[derive(Resource, Default)]
struct PastedRecord(String);

/// The records folder's files with their titles, read when the page opens (not every frame).
#[derive(Resource, Default)]
struct RecordList(Vec<(PathBuf, String)>);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<PastedRecord>()
        .init_resource::<RecordList>()
        .add_systems(OnEnter(Screen::Records), read_record_list)
        .add_systems(Update, receive_transfers)
        .add_systems(
            EguiPrimaryContextPass,
            (
                records_screen.run_if(in_state(Screen::Records)),
                replay_controls.run_if(
                    in_state(Screen::Replay)
                        .and_then(resource_exists::<Replay>)
                        .and_then(super::review::screen_free),
                ),
            )
                .in_set(UiPass::Screens),
        );
}

fn read_record_list(dir: Res<DataDir>, mut list: ResMut<RecordList>) {
    let folder = dir.file(RECORDS_DIR);
    let files = folder.as_deref().map(list_records).unwrap_or_default();
    list.0 = files
        .into_iter()
        .take(100)
        .map(|path| {
            let stem = path.file_stem().unwrap_or_default().to_string_lossy();
            let title = super::time::record_title(&stem);
            (path, title)
        })
        .collect();
}

fn records_screen(
    mut contexts: EguiContexts,
    mut transfers: Transfers,
    list: Res<RecordList>,
    error: Res<RecordError>,
    mut pasted: ResMut<PastedRecord>,
    mut screen: ResMut<NextState<Screen>>,
    mut requests: MessageWriter<RecordCommand>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut action = None;
    let open_enabled = !pasted.0.trim().is_empty();
    theme::page(
        ctx,
        "records",
        "Game records",
        |ui| {
            if let Some(e) = &error.0 {
                theme::text(ui, RichText::new(e).color(WARN));
            }
            if list.0.is_empty() {
                theme::text(
                    ui,
                    RichText::new(
                        "No saved records yet: use \"Save\" during a game or on the results.",
                    )
                    .color(MUTED),
                );
            }
            for (path, title) in &list.0 {
                if theme::wide_button(ui, title, false) {
                    requests.write(RecordCommand::OpenFile(path.clone()));
                }
            }
            theme::heading(ui, "Paste a record");
            theme::text(
                ui,
                RichText::new(
                    "The whole record (\"Copy record\") or the move list (\"Copy moves\").",
                )
                .color(MUTED),
            );
            let r = ui.add(
                egui::TextEdit::multiline(&mut pasted.0)
                    .desired_rows(4)
                    .desired_width(f32::INFINITY)
                    .code_editor(),
            );
            theme::note(ui, Kind::Control, r.rect, "pasted record");
            ui.horizontal_wrapped(|ui| {
                // Android pastes by a long press in the text box.
                if transfer::PASTE_BUTTON && theme::button(ui, "📋 Paste").clicked() {
                    transfers.paste();
                }
                if theme::button_with(ui, "Clear", !pasted.0.is_empty(), false).clicked() {
                    pasted.0.clear();
                }
                if transfer::FILES && theme::button(ui, "📂 Open a file").clicked() {
                    transfers.pick_file();
                }
            });
        },
        |ui| {
            action = theme::button_row(
                ui,
                &[("Back", true, false), ("Open pasted", open_enabled, true)],
            );
        },
    );
    match action {
        Some(0) => screen.set(Screen::MainMenu),
        Some(_) => {
            requests.write(RecordCommand::Open {
                name: "Pasted record".into(),
                text: pasted.0.clone(),
            });
        }
        None => {}
    }
    Ok(())
}

/// What came in from outside: a chosen file opens as a record, the clipboard's text goes into
/// the paste box, a refusal is told.
fn receive_transfers(
    mut transferred: MessageReader<Transferred>,
    mut pasted: ResMut<PastedRecord>,
    mut requests: MessageWriter<RecordCommand>,
    mut notices: MessageWriter<Notice>,
) {
    for t in transferred.read() {
        match t {
            Transferred::File { name, text } => {
                // Titled as in the records list when it is one of ours.
                let stem = name.strip_suffix(".ron").unwrap_or(name);
                requests.write(RecordCommand::Open {
                    name: super::time::record_title(stem),
                    text: text.clone(),
                });
            }
            Transferred::Pasted(text) => pasted.0 = text.clone(),
            Transferred::Failed(why) => {
                notices.write(Notice::Refused(why.clone()));
            }
        }
    }
}

/// Buttons to keep the game: a record in the records folder (and, in the browser, as a
/// download), or on the clipboard.
pub(super) fn export_buttons(
    ui: &mut egui::Ui,
    game: &CurrentGame,
    requests: &mut MessageWriter<RecordCommand>,
    transfers: &mut Transfers,
    notices: &mut MessageWriter<Notice>,
) {
    if theme::button(ui, "💾 Save record").clicked() {
        requests.write(RecordCommand::Export);
    }
    if transfer::FILES && theme::button(ui, "⬇ Download").clicked() {
        let name = format!("{}.ron", record_stem(game, web_time::SystemTime::now()));
        let text = sternhalma_rules::GameRecord::from_game(game).to_ron();
        if let Err(why) = transfers.download(&name, &text) {
            notices.write(Notice::Refused(why));
        }
    }
    if theme::button(ui, "📋 Copy moves").clicked() {
        ui.ctx().copy_text(move_list_text(game));
    }
    if theme::button(ui, "📋 Copy record").clicked() {
        ui.ctx()
            .copy_text(sternhalma_rules::GameRecord::from_game(game).to_ron());
    }
}

/// The controls under a record on the board: first / back / forward / last, a slider to jump to
/// any move, and playing on from the position shown.
fn replay_controls(
    mut contexts: EguiContexts,
    mut ask: ResMut<super::dialogs::AskFirst>,
    replay: Res<Replay>,
    live: Option<Res<CurrentGame>>,
    notices: Res<Notices>,
    mut frame: ResMut<BoardFrame>,
    mut screen: ResMut<NextState<Screen>>,
    mut requests: MessageWriter<RecordCommand>,
    mut choosing: ResMut<super::review::ChoosingSeat>,
    mut reviews: MessageWriter<crate::review::ReviewCommand>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut panels = super::BoardPanels::new(ctx, "replay");
    let game = replay.shown();
    let last = move_list_text(game)
        .lines()
        .skip(1)
        .filter(|l| !l.starts_with("Result"))
        .last()
        .map(str::to_string)
        .unwrap_or_else(|| "Start position".into());
    let title = |ui: &mut egui::Ui| {
        theme::text(ui, RichText::new(&replay.name).strong());
        ui.add(egui::Label::new(RichText::new(&last).monospace()).truncate());
    };
    // The whole record is reviewed, whatever move is shown.
    let players = replay.record.setup.players;
    let moved = replay
        .record
        .moves
        .iter()
        .any(|m| sternhalma_rules::parse_path(m).is_ok());
    let mut controls = |ui: &mut egui::Ui, requests: &mut MessageWriter<RecordCommand>| {
        notice_strip(ui, &notices);
        let at = replay.at;
        let len = replay.len();
        let w = ((ui.available_width() - 18.0) / 4.0).clamp(TOUCH_TARGET, 90.0);
        ui.horizontal(|ui| {
            ui.spacing_mut().item_spacing.x = 6.0;
            ui.spacing_mut().button_padding.x = 4.0;
            for (label, enabled, to) in [
                ("⏮", at > 0, 0),
                ("◀", at > 0, at.saturating_sub(1)),
                ("▶", at < len, at + 1),
                ("⏭", at < len, len),
            ] {
                let b = egui::Button::new(RichText::new(label).size(22.0));
                let r = ui
                    .add_enabled_ui(enabled, |ui| ui.add_sized([w, TOUCH_TARGET], b))
                    .inner;
                theme::note(ui, Kind::Control, r.rect, label);
                if r.clicked() {
                    requests.write(RecordCommand::Goto(to));
                }
            }
        });
        // Wraps: a phone held sideways leaves the side panel too narrow for both.
        ui.horizontal_wrapped(|ui| {
            theme::text(ui, format!("Move {at} of {len}"));
            ui.add_space(8.0);
            super::review::review_button(ui, players, moved, &mut choosing, &mut reviews);
        });
        let mut target = at;
        // The handle reaches past the rail's ends by its radius.
        ui.spacing_mut().slider_width = (ui.available_width() - 24.0).max(120.0);
        if len > 0 {
            let r = ui.add(egui::Slider::new(&mut target, 0..=len).show_value(false));
            theme::note(ui, Kind::Control, r.rect, "move slider");
            if r.changed() {
                requests.write(RecordCommand::Goto(target));
            }
        }
    };
    let mut action = None;
    let playable = !game.is_over();
    let buttons = [
        ("Play on", playable, false),
        ("vs computer", playable, false),
        ("Close", true, true),
    ];
    if panels.landscape {
        egui::Panel::right("replay-side")
            .exact_size(panels.side_width)
            .resizable(false)
            .show(&mut panels.root, |ui| {
                theme::scrolling(ui, "replay-side", |ui| {
                    ui.add_space(6.0);
                    title(ui);
                    controls(ui, &mut requests);
                    action = theme::button_row(ui, &buttons[..2]);
                    if theme::wide_button(ui, "Close", true) {
                        action = Some(2);
                    }
                });
            });
    } else {
        egui::Panel::top("replay-top").show(&mut panels.root, |ui| {
            ui.add_space(4.0);
            title(ui);
        });
        egui::Panel::bottom("replay-bottom").show(&mut panels.root, |ui| {
            ui.add_space(4.0);
            controls(ui, &mut requests);
            action = theme::button_row(ui, &buttons);
            ui.add_space(4.0);
        });
    }
    match action {
        Some(0) => ask.play_on(None, live.as_deref()),
        Some(1) => ask.play_on(Some(Level::Medium), live.as_deref()),
        Some(_) => screen.set(Screen::Records),
        None => {}
    }
    panels.leave_rest_to_board(&mut frame);
    Ok(())
}
