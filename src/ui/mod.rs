//! What people see and tap, drawn with egui: one module per screen (main menu, new game, rules
//! guide, settings, statistics, records and replay, the in-game panel, the results page,
//! practice), the
//! questions asked before anything that cannot be undone, the notices, and the theme every
//! screen shares. Screens read the game and write [`crate::play::Command`]s; the in-game panel
//! also tells the camera which part of the window the board may use.
//!
//! Every screen is laid out for a 360-point-wide phone first: full-screen pages whose body
//! scrolls, controls at least [`TOUCH_TARGET`] points, body text at least 16 points, one
//! column that stops growing at [`theme::COLUMN_WIDTH`] on tablets and desktops.
//!
//! Not part of the headless core: `EguiPlugin` needs the renderer.

pub mod dialogs;
pub mod game_over;
pub mod hole_names;
pub mod hud;
pub mod learn;
mod menu;
mod new_game;
pub mod notices;
pub mod practice;
mod records;
pub mod review;
pub mod rules_guide;
mod settings;
pub mod statistics;
pub mod theme;
pub mod time;

use crate::board::CurrentGame;
use crate::config::Controller;
use crate::input::PointerOverUi;
use crate::look::BoardFrame;
use crate::state::{AppSystems, Screen};
use bevy::prelude::*;
use bevy::window::{PrimaryWindow, RequestRedraw};
use bevy::winit::{UpdateMode, WinitSettings};
use bevy_egui::egui;
use bevy_egui::input::EguiWantsInput;
use bevy_egui::{EguiContexts, EguiInput, EguiPlugin, EguiPreUpdateSet, EguiPrimaryContextPass};
use std::time::Duration;
use sternhalma_rules::ai::Level;
use sternhalma_rules::{OutReason, Standing};

pub use theme::TOUCH_TARGET;

/// The order of the egui pass: the style first, then the screen, then anything over it.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UiPass {
    /// Theme and the list of laid-out widgets.
    Setup,
    /// The screen for the current state.
    Screens,
    /// Questions, notices and covers drawn over the screen.
    Dialogs,
}

pub(super) fn plugin(app: &mut App) {
    app.add_plugins(EguiPlugin::default())
        .configure_sets(
            EguiPrimaryContextPass,
            (UiPass::Setup, UiPass::Screens, UiPass::Dialogs).chain(),
        )
        .add_systems(
            Update,
            (
                pointer_over_ui.before(AppSystems::ReadInput),
                update_mode_for_clock,
            ),
        )
        .add_systems(EguiPrimaryContextPass, start_pass.in_set(UiPass::Setup))
        .add_systems(
            PreUpdate,
            drop_unchanged_modifiers
                .after(EguiPreUpdateSet::ProcessInput)
                .before(EguiPreUpdateSet::BeginPass),
        )
        .add_plugins((
            dialogs::plugin,
            game_over::plugin,
            hole_names::plugin,
            hud::plugin,
            learn::plugin,
            menu::plugin,
            new_game::plugin,
            notices::plugin,
            practice::plugin,
            records::plugin,
            review::plugin,
            rules_guide::plugin,
            settings::plugin,
            statistics::plugin,
        ))
        .add_systems(Last, wake_while_egui_catches_up)
        .add_systems(OnExit(Screen::Playing), free_board_frame)
        .add_systems(OnExit(Screen::GameOver), free_board_frame)
        .add_systems(OnExit(Screen::Replay), free_board_frame)
        .add_systems(OnExit(Screen::Practice), free_board_frame);
}

/// Tells the board's input whether egui has the pointer (over a page or panel, or dragging
/// a slider).
fn pointer_over_ui(wants: Option<Res<EguiWantsInput>>, mut over: ResMut<PointerOverUi>) {
    let now = wants.is_some_and(|w| w.wants_pointer_input() || w.is_pointer_over_area());
    if over.0 != now {
        over.0 = now;
    }
}

/// egui learns a new window size a frame after Bevy does (from the camera's target), so the
/// frame of a resize or a turned phone lays the panels out for the old size: ask for the
/// frames until egui's screen is the window's, or an idle app keeps the old layout (the
/// browser showed it: a turned phone kept its portrait panels).
fn wake_while_egui_catches_up(
    mut contexts: EguiContexts,
    windows: Query<&Window, With<PrimaryWindow>>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    let (Ok(ctx), Ok(window)) = (contexts.ctx_mut(), windows.single()) else {
        return;
    };
    let screen = ctx.viewport_rect().size() * ctx.zoom_factor();
    let size = egui::vec2(window.width(), window.height());
    if (screen - size).length() > 0.5 {
        redraw.write(RequestRedraw);
    }
}

/// bevy_egui 0.42 tells egui the modifier keys on every frame, as an input event; egui answers
/// any input event by asking for another frame, so the app would never go idle. Only a real
/// change of the modifiers is passed on.
fn drop_unchanged_modifiers(
    mut inputs: Query<&mut EguiInput>,
    mut last: Local<Option<egui::Modifiers>>,
) {
    for mut input in &mut inputs {
        let before = *last;
        input.events.retain(|e| match e {
            egui::Event::ModifiersChanged(m) => {
                *last = Some(*m);
                before != Some(*m)
            }
            _ => true,
        });
    }
}

/// Applies the theme once, and starts this pass's list of laid-out widgets.
fn start_pass(mut contexts: EguiContexts, mut styled: Local<bool>) -> Result {
    let ctx = contexts.ctx_mut()?;
    if !*styled {
        *styled = true;
        theme::apply(ctx);
    }
    theme::clear_laid_out(ctx);
    Ok(())
}

fn free_board_frame(mut frame: ResMut<BoardFrame>) {
    frame.0 = None;
}

/// Where the panels around the board are laid out: a root over the whole window on the
/// background layer, and whether the window is landscape (panels beside the board) or
/// portrait (panels above and below).
struct BoardPanels {
    root: egui::Ui,
    landscape: bool,
    /// Width of the side panel in landscape.
    side_width: f32,
}

impl BoardPanels {
    fn new(ctx: &egui::Context, id: &str) -> BoardPanels {
        let area = ctx.content_rect();
        let root = egui::Ui::new(
            ctx.clone(),
            egui::Id::new(id),
            egui::UiBuilder::new()
                .layer_id(egui::LayerId::background())
                .max_rect(area),
        );
        BoardPanels {
            root,
            landscape: area.width() > area.height() * 1.15,
            side_width: (area.width() * 0.36).clamp(220.0, 340.0),
        }
    }

    /// Gives the board whatever the panels left free.
    fn leave_rest_to_board(&self, frame: &mut BoardFrame) {
        // egui works in zoomed points; the camera wants logical window pixels.
        let free = self.root.available_rect_before_wrap();
        let z = self.root.ctx().zoom_factor();
        let rect = Rect::new(
            free.left() * z,
            free.top() * z,
            free.right() * z,
            free.bottom() * z,
        );
        if frame.0 != Some(rect) {
            frame.0 = Some(rect);
        }
    }
}

/// How the window updates while nothing happens: only on input, on a redraw request (animations,
/// a computer thinking, a notice, a sound due) or once an hour. Bevy's own presets wake up every
/// 5 s (desktop) or 60 times a second (mobile), which would draw frames while idle.
pub fn idle_updates() -> WinitSettings {
    WinitSettings {
        focused_mode: UpdateMode::reactive(IDLE_WAKE),
        unfocused_mode: UpdateMode::reactive_low_power(IDLE_WAKE),
    }
}

/// The longest the app sleeps with nothing to do.
const IDLE_WAKE: Duration = Duration::from_secs(3600);

/// The window's update mode has one owner: idle (see [`idle_updates`]), but a few frames a
/// second while a clock runs on the board.
fn update_mode_for_clock(
    game: Option<Res<CurrentGame>>,
    screen: Res<State<Screen>>,
    pause: Res<State<crate::state::Pause>>,
    settings: Option<ResMut<WinitSettings>>,
) {
    let Some(mut settings) = settings else { return };
    let ticking = *screen.get() == Screen::Playing
        && *pause.get() == crate::state::Pause::Running
        && game.is_some_and(|g| g.rules().clock.is_some() && !g.is_over());
    let wanted = if ticking {
        UpdateMode::reactive(Duration::from_millis(200))
    } else {
        idle_updates().focused_mode
    };
    if settings.focused_mode != wanted {
        settings.focused_mode = wanted;
    }
}

fn level_label(level: Level) -> String {
    let name = level.name();
    let mut c = name.chars();
    c.next()
        .map(|f| f.to_uppercase().collect::<String>() + c.as_str())
        .unwrap_or_default()
}

fn controller_label(c: Controller) -> String {
    match c {
        Controller::Human => "Person".into(),
        Controller::Computer(l) => format!("Computer ({})", level_label(l)),
    }
}

fn clock_text(ms: u64) -> String {
    let s = ms.div_ceil(1000);
    format!("{}:{:02}", s / 60, s % 60)
}

/// "1st", "2nd", "23rd", "11th": the rules guide's words for places.
pub use sternhalma_rules::guide::ordinal;

/// "3 home", "2nd", "finished, 1st" or "out (time)": a seat's standing in the panel.
fn seat_status(standing: &crate::seats::SeatStanding) -> String {
    let place = standing.place.map(|p| ordinal(u32::from(p)));
    match (standing.standing, place) {
        (Standing::Finished, Some(p)) => format!("finished, {p}"),
        (Standing::Finished, None) => "finished".into(),
        (Standing::Out(r), _) => format!("out ({})", out_reason(r)),
        (Standing::Playing, Some(p)) => p,
        (Standing::Playing, None) => format!("{} home", standing.home),
    }
}

fn out_reason(r: OutReason) -> &'static str {
    match r {
        OutReason::Deadline => "deadline",
        OutReason::BackIntoStart => "went back home",
        OutReason::Resigned => "resigned",
        OutReason::Flag => "time",
        OutReason::MissedTurns => "missed turns",
        OutReason::Partner => "partner out",
    }
}

/// The seat the panel's resign button speaks for: the person to move, or the only person.
fn resigning_seat(game: &CurrentGame, seats: &[crate::seats::SeatInfo]) -> Option<usize> {
    let humans: Vec<usize> = seats
        .iter()
        .filter(|s| s.is_human() && s.standing.standing == Standing::Playing)
        .map(|s| s.index)
        .collect();
    match game.to_move() {
        Some(s) if humans.contains(&s) => Some(s),
        _ if humans.len() == 1 => Some(humans[0]),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Lays out every kind of control the screens use in a bare egui context with the theme,
    /// as on the narrowest phone, and returns what was noted.
    fn lay_out_controls() -> Vec<theme::LaidOut> {
        let ctx = egui::Context::default();
        theme::apply(&ctx);
        let input = egui::RawInput {
            screen_rect: Some(egui::Rect::from_min_size(
                egui::Pos2::ZERO,
                egui::vec2(360.0, 640.0),
            )),
            ..Default::default()
        };
        let mut noted = vec![];
        // Two frames, as the app draws them: the first measures the page's footer.
        for _ in 0..2 {
            let mut out = ctx.run_ui(input.clone(), |ui| {
                let ctx = ui.ctx().clone();
                theme::clear_laid_out(&ctx);
                let (mut on, mut speed) = (false, 1);
                theme::page(
                    &ctx,
                    "test",
                    "A page",
                    |ui| {
                        theme::button(ui, "Undo");
                        theme::toggle(ui, &mut on, "Colour-blind symbols on marbles");
                        theme::choice(
                            ui,
                            &mut speed,
                            &[(0, "Slow".into(), true), (1, "Normal".into(), true)],
                        );
                        theme::text(
                            ui,
                            "Some words that are long enough to wrap on a phone screen.",
                        );
                    },
                    |ui| {
                        theme::button_row(ui, &[("Back", true, false), ("Start", true, true)]);
                    },
                );
                noted = theme::laid_out(&ctx);
            });
            // No renderer here: the font atlas is not uploaded anywhere.
            out.textures_delta.clear();
        }
        noted
    }

    #[test]
    fn every_control_is_finger_sized_and_inside_a_phone_screen() {
        let noted = lay_out_controls();
        let controls: Vec<_> = noted
            .iter()
            .filter(|w| w.kind == theme::Kind::Control)
            .collect();
        // Undo, the toggle, two choices, Back and Start.
        assert_eq!(controls.len(), 6, "{noted:?}");
        let screen = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(360.0, 640.0));
        for w in &noted {
            assert!(screen.contains_rect(w.rect), "{w:?} is outside the screen");
            if w.kind == theme::Kind::Control {
                assert!(
                    w.rect.width() >= TOUCH_TARGET && w.rect.height() >= TOUCH_TARGET,
                    "{w:?} is smaller than a finger"
                );
            }
        }
    }
}
