//! The in-game panel: whose turn it is, each seat's standing and clock, the actions (undo,
//! redo, hint, pause, resign, menu, save) and the last moves, with the notices in a strip of
//! their own. In portrait it sits above and below the board, which spans the width; in
//! landscape it is a column beside the board. Its parts have fixed heights, so the board never
//! jumps when the move list grows or a notice comes and goes.

use super::dialogs::AskFirst;
use super::notices::{Notices, notice_strip};
use super::theme::{self, ACCENT, MUTED, TOUCH_TARGET};
use super::{UiPass, clock_text, level_label, seat_status};
use crate::ai::AskHint;
use crate::board::CurrentGame;
use crate::config::Controller;
use crate::look::BoardFrame;
use crate::play::{Command, TurnStarted};
use crate::records::RecordCommand;
use crate::seats::{SeatInfo, Seats};
use crate::state::{Pause, Screen, Turn};
use bevy::prelude::*;
use bevy_egui::egui::{self, RichText};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};
use sternhalma_rules::{Standing, move_list_text};

/// The seat the header names: the one whose turn has started. It changes only once the last
/// move's animation is over, so the header never runs ahead of the board.
#[derive(Resource, Default)]
pub struct HeaderSeat(pub Option<usize>);

/// On the game-over screen: whether the results are folded away to look at the board.
#[derive(Resource, Default)]
pub struct ShowBoard(pub bool);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<HeaderSeat>()
        .init_resource::<ShowBoard>()
        .add_systems(Update, follow_turns)
        .add_systems(
            EguiPrimaryContextPass,
            hud.run_if(
                in_state(Screen::Playing)
                    .or_else(in_state(Screen::GameOver).and_then(|s: Res<ShowBoard>| s.0)),
            )
            .in_set(UiPass::Screens),
        );
}

fn follow_turns(mut started: MessageReader<TurnStarted>, mut header: ResMut<HeaderSeat>) {
    if let Some(t) = started.read().last() {
        header.0 = Some(t.seat);
    }
}

/// What the panel's buttons ask for.
#[derive(Clone, Copy)]
enum Action {
    Undo,
    Redo,
    Hint,
    Pause,
    Resume,
    Resign,
    Menu,
    Save,
    Results,
}

fn hud(
    mut contexts: EguiContexts,
    game: Res<CurrentGame>,
    seats: Seats,
    turn: Option<Res<State<Turn>>>,
    pause: Res<State<Pause>>,
    header: Res<HeaderSeat>,
    notices: Res<Notices>,
    mut frame: ResMut<BoardFrame>,
    mut show_board: ResMut<ShowBoard>,
    mut ask: ResMut<AskFirst>,
    mut screen: ResMut<NextState<Screen>>,
    mut commands: MessageWriter<Command>,
    mut hint: MessageWriter<AskHint>,
    mut records: MessageWriter<RecordCommand>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut panels = super::BoardPanels::new(ctx, "hud");
    let turn = turn.map(|t| *t.get());
    let paused = *pause.get() == Pause::Paused;
    let over = game.is_over();
    let seats = seats.all();
    let resigner = super::resigning_seat(&game, &seats);
    let mut buttons: Vec<(&str, bool, Action)> = vec![];
    if over {
        buttons.push(("Results", true, Action::Results));
    } else {
        let human_turn = turn == Some(Turn::Human) && !paused;
        buttons.push(("⟲ Undo", game.can_undo() && !paused, Action::Undo));
        buttons.push(("⟳ Redo", game.can_redo() && !paused, Action::Redo));
        buttons.push(("💡 Hint", human_turn, Action::Hint));
        if paused {
            buttons.push(("▶ Resume", true, Action::Resume));
        } else {
            buttons.push(("⏸ Pause", true, Action::Pause));
        }
        buttons.push(("Resign", resigner.is_some() && !paused, Action::Resign));
    }
    buttons.push(("💾 Save", true, Action::Save));
    buttons.push(("☰ Menu", true, Action::Menu));
    let mut clicked = None;
    let mut actions = |ui: &mut egui::Ui, per_row: usize| {
        ui.spacing_mut().button_padding = egui::vec2(4.0, 8.0);
        ui.spacing_mut().item_spacing = egui::vec2(8.0, 8.0);
        let gap = ui.spacing().item_spacing.x;
        let w = ((ui.available_width() - gap * (per_row as f32 - 1.0)) / per_row as f32).floor();
        for row in buttons.chunks(per_row) {
            ui.horizontal(|ui| {
                for &(label, enabled, action) in row {
                    // Narrow buttons (a small phone on its side) take a smaller label.
                    let size = if w < 80.0 { 15.0 } else { 17.0 };
                    let b = egui::Button::new(RichText::new(label).size(size))
                        .min_size(egui::vec2(w, TOUCH_TARGET))
                        .truncate();
                    let r = ui.add_enabled(enabled, b);
                    theme::note(ui, theme::Kind::Control, r.rect, label);
                    if r.clicked() {
                        clicked = Some(action);
                    }
                }
            });
        }
    };
    let seat_shown = header.0.filter(|_| !over).or(game.to_move());
    if panels.landscape {
        egui::Panel::right("hud")
            .exact_size(panels.side_width)
            .resizable(false)
            .show(&mut panels.root, |ui| {
                ui.add_space(6.0);
                turn_line(ui, &game, &seats, turn, paused, seat_shown);
                notice_strip(ui, &notices);
                // The buttons stay in view (a phone on its side is only ~390 points tall);
                // the standings and the move list scroll below them.
                let per_row = if ui.available_width() >= 3.0 * 60.0 + 16.0 {
                    3
                } else {
                    2
                };
                actions(ui, per_row);
                ui.separator();
                theme::scrolling(ui, "hud-side", |ui| {
                    players(ui, &game, &seats, 1);
                    move_list(ui, &game, 6);
                });
            });
    } else {
        egui::Panel::top("hud-top").show(&mut panels.root, |ui| {
            ui.spacing_mut().item_spacing.y = 4.0;
            ui.add_space(4.0);
            turn_line(ui, &game, &seats, turn, paused, seat_shown);
            let per_line = ((ui.available_width() / 200.0) as usize).max(1);
            players(ui, &game, &seats, per_line);
        });
        egui::Panel::bottom("hud-bottom").show(&mut panels.root, |ui| {
            ui.add_space(4.0);
            notice_strip(ui, &notices);
            move_list(ui, &game, 2);
            let per_row = if ui.available_width() >= 7.0 * 96.0 {
                8
            } else {
                4
            };
            actions(ui, per_row);
            ui.add_space(4.0);
        });
    }
    panels.leave_rest_to_board(&mut frame);
    match clicked {
        Some(Action::Undo) => {
            commands.write(Command::Undo);
        }
        Some(Action::Redo) => {
            commands.write(Command::Redo);
        }
        Some(Action::Hint) => {
            hint.write(AskHint);
        }
        Some(Action::Pause) => {
            commands.write(Command::Pause);
        }
        Some(Action::Resume) => {
            commands.write(Command::Resume);
        }
        Some(Action::Resign) => {
            if let Some(s) = resigner {
                ask.resign(s);
            }
        }
        Some(Action::Menu) => screen.set(Screen::MainMenu),
        Some(Action::Save) => {
            records.write(RecordCommand::Export);
        }
        Some(Action::Results) => show_board.0 = false,
        None => {}
    }
    Ok(())
}

/// "Red to move", "Red is thinking…", "Paused" or "Game over", in the mover's colour.
fn turn_line(
    ui: &mut egui::Ui,
    game: &CurrentGame,
    seats: &[SeatInfo],
    turn: Option<Turn>,
    paused: bool,
    seat: Option<usize>,
) {
    let humans = seats.iter().filter(|s| s.is_human()).count();
    ui.horizontal(|ui| {
        ui.set_min_height(32.0);
        match seat.and_then(|s| seats.iter().find(|i| i.index == s)) {
            Some(seat) if !game.is_over() => {
                theme::swatch(ui, seat.colour, 26.0);
                let name = seat.name;
                let text = if paused {
                    format!("Paused — {name} to move")
                } else {
                    match seat.controller {
                        Controller::Computer(_) if turn == Some(Turn::Thinking) => {
                            format!("{name} is thinking…")
                        }
                        Controller::Human if humans == 1 => "Your move".to_string(),
                        _ => format!("{name} to move"),
                    }
                };
                theme::text(ui, RichText::new(text).size(20.0).strong());
                if turn == Some(Turn::Thinking) && !paused {
                    ui.spinner();
                }
            }
            _ => theme::text(
                ui,
                RichText::new("Game over").size(20.0).strong().color(ACCENT),
            ),
        }
    });
}

/// The seats and how far each has come, `per_line` to a line.
fn players(ui: &mut egui::Ui, game: &CurrentGame, seats: &[SeatInfo], per_line: usize) {
    let humans = seats.iter().filter(|s| s.is_human()).count();
    let gap = ui.spacing().item_spacing.x;
    let col_w = (ui.available_width() - gap * (per_line as f32 - 1.0)) / per_line as f32;
    for line in seats.chunks(per_line) {
        ui.horizontal(|ui| {
            for seat in line {
                let cell = egui::vec2(col_w, 26.0);
                let layout = egui::Layout::left_to_right(egui::Align::Center);
                ui.allocate_ui_with_layout(cell, layout, |ui| {
                    ui.set_min_size(cell);
                    ui.spacing_mut().item_spacing.x = 6.0;
                    {
                        theme::swatch(ui, seat.colour, 18.0);
                        let who = match seat.controller {
                            Controller::Human if humans == 1 => "You".to_string(),
                            Controller::Human => seat.name.to_string(),
                            Controller::Computer(l) => {
                                format!("{} ({})", seat.name, level_label(l))
                            }
                        };
                        let status = seat_status(&seat.standing);
                        let mut text = RichText::new(format!("{who}: {status}")).size(16.0);
                        if game.to_move() == Some(seat.index) {
                            text = text.strong();
                        } else if seat.standing.standing != Standing::Playing {
                            text = text.color(MUTED);
                        }
                        ui.add(egui::Label::new(text).truncate());
                        if let Some(ms) = seat.clock {
                            ui.label(RichText::new(clock_text(ms)).monospace());
                        }
                    }
                });
            }
        });
    }
}

/// The latest `rows` moves, in a box of fixed height so nothing around it moves as the game
/// goes on.
fn move_list(ui: &mut egui::Ui, game: &CurrentGame, rows: usize) {
    let text = move_list_text(game);
    let lines: Vec<&str> = text
        .lines()
        .skip(1)
        .filter(|l| !l.starts_with("Result"))
        .collect();
    let row_h = ui.text_style_height(&egui::TextStyle::Monospace) + ui.spacing().item_spacing.y;
    let (rect, _) = ui.allocate_exact_size(
        egui::vec2(ui.available_width(), row_h * rows as f32),
        egui::Sense::hover(),
    );
    let mut inner = ui.new_child(egui::UiBuilder::new().max_rect(rect));
    inner.set_clip_rect(rect.intersect(ui.clip_rect()));
    let shown = &lines[lines.len().saturating_sub(rows)..];
    if shown.is_empty() {
        inner.label(RichText::new("No moves yet").color(MUTED));
    }
    for line in shown {
        inner.add(egui::Label::new(RichText::new(*line).monospace()).truncate());
    }
}
