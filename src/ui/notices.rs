//! Short messages for the players ("Red has no move and passes", "Record saved"), and the
//! notes about files that had to be set aside. In a game they sit in a strip of the panel
//! that is always there, so they never cover a marble and never move the board; on the
//! other screens they show as a toast at the bottom.

use super::UiPass;
use super::theme::{self, CARD, TEXT};
use crate::persist::FileNotes;
use crate::play::{GameEvent, Notice};
use crate::seats::Seats;
use crate::state::Screen;
use bevy::prelude::*;
use bevy::window::RequestRedraw;
use bevy_egui::egui::{self, RichText};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};
use std::time::Duration;
use sternhalma_rules::Event;
use web_time::Instant;

/// Seconds a notice stays on screen.
const NOTICE_SECS: f32 = 3.5;

/// The notices on screen now, newest last.
#[derive(Resource, Default)]
pub struct Notices(pub Vec<(String, Instant)>);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Notices>()
        .add_systems(Update, (collect_notices, expire_notices).chain())
        .add_systems(
            EguiPrimaryContextPass,
            (
                toast.run_if(not(
                    in_state(Screen::Playing).or_else(in_state(Screen::GameOver))
                )),
                file_notes,
            )
                .in_set(UiPass::Dialogs),
        );
}

/// Words for what the game did: a pass, a time-out, a finisher, someone out, the end. An
/// ordinary move needs none.
/// `name` names a seat ("Red").
pub fn event_text<'a>(e: &Event, name: impl Fn(usize) -> &'a str) -> Option<String> {
    Some(match e {
        Event::Passed { seat } => format!("{} has no move and passes", name(*seat)),
        Event::TimedOut { seat } => format!("{} ran out of time for the move", name(*seat)),
        Event::Finished { seat } => format!("{} has finished!", name(*seat)),
        Event::Out { seat, reason } => {
            format!("{} is out ({})", name(*seat), super::out_reason(*reason))
        }
        Event::Over(_) => "Game over".to_string(),
        Event::Moved { .. } => return None,
    })
}

/// Shows what the engine reported this frame, then what the app had to say (a refusal or a
/// note always follows the events of the same frame).
fn collect_notices(
    mut events: MessageReader<GameEvent>,
    mut notices: MessageReader<Notice>,
    seats: Seats,
    mut shown: ResMut<Notices>,
) {
    // Seats are named by their entities.
    let texts = events
        .read()
        .filter_map(|GameEvent(e)| event_text(e, |s| seats.name(s)))
        .chain(notices.read().map(|n| match n {
            Notice::Refused(why) | Notice::Info(why) => why.clone(),
        }));
    shown.0.extend(texts.map(|t| (t, Instant::now())));
    // The strip shows the latest few; older ones have been read or overtaken.
    let excess = shown.0.len().saturating_sub(3);
    shown.0.drain(..excess);
}

/// Drops old notices; while any shows, the app keeps drawing so it can disappear on time.
fn expire_notices(mut notices: ResMut<Notices>, mut redraw: MessageWriter<RequestRedraw>) {
    if notices.0.is_empty() {
        return;
    }
    let before = notices.0.len();
    notices
        .0
        .retain(|(_, at)| at.elapsed() < Duration::from_secs_f32(NOTICE_SECS));
    if notices.0.len() != before || !notices.0.is_empty() {
        redraw.write(RequestRedraw);
    }
}

/// The panel's notice strip: one line, always the same height, the newest notice or nothing.
pub fn notice_strip(ui: &mut egui::Ui, notices: &Notices) {
    let h = 30.0;
    let (rect, _) =
        ui.allocate_exact_size(egui::vec2(ui.available_width(), h), egui::Sense::hover());
    if let Some((text, _)) = notices.0.last() {
        ui.painter().rect_filled(rect, 8.0, theme::BUTTON);
        let mut child =
            ui.new_child(egui::UiBuilder::new().max_rect(rect.shrink2(egui::vec2(10.0, 4.0))));
        child.add(egui::Label::new(RichText::new(text).color(TEXT).size(16.0)).truncate());
        theme::note(&child, theme::Kind::Text, rect, text);
    }
}

fn toast(mut contexts: EguiContexts, notices: Res<Notices>) -> Result {
    if notices.0.is_empty() {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let area = ctx.content_rect();
    let w = (area.width() - 2.0 * theme::MARGIN).min(440.0);
    egui::Area::new("toast".into())
        .order(egui::Order::Tooltip)
        .pivot(egui::Align2::CENTER_BOTTOM)
        .fixed_pos(egui::pos2(area.center().x, area.bottom() - 84.0))
        .interactable(false)
        .show(ctx, |ui| {
            ui.set_max_width(w);
            for (text, _) in &notices.0 {
                egui::Frame::popup(ui.style()).fill(CARD).show(ui, |ui| {
                    theme::text(ui, RichText::new(text).size(16.0));
                });
            }
        });
    Ok(())
}

/// Shows the file notes until the player dismisses them.
fn file_notes(mut contexts: EguiContexts, mut notes: ResMut<FileNotes>) -> Result {
    if notes.0.is_empty() {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    if theme::dialog(ctx, "file-notes", "Please note", &notes.0, &[("OK", true)]).is_some() {
        notes.0.clear();
    }
    Ok(())
}
