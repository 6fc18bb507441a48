//! Menus and the HUD, drawn with egui: main menu, new game, rules guide, settings, the in-game
//! panel (turn, clocks, players, move list, undo/redo/hint/pause/resign), the "this puts you
//! out" question, the hand-over cover and the game-over card. The UI only reads the game and
//! writes [`Command`]s; it also tells the camera which part of the window the board may use.
//! Not part of the headless core: `EguiPlugin` needs the renderer.

mod records;

use crate::ai::AskHint;
use crate::board::{CurrentGame, CurrentMatch};
use crate::config::{AnimSpeed, Controller, MatchConfig, Settings, point_colour, point_name};
use crate::input::PointerOverUi;
use crate::look::BoardFrame;
use crate::play::{Command, Notice, PendingMove};
use crate::records::{RecordCommand, Replay};
use crate::state::{AppSystems, Pause, Screen, Turn};
use bevy::prelude::*;
use bevy::window::{PrimaryWindow, RequestRedraw};
use bevy::winit::{UpdateMode, WinitSettings};
use bevy_egui::egui::{self, Color32, RichText};
use bevy_egui::input::EguiWantsInput;
use bevy_egui::{EguiContexts, EguiPlugin, EguiPrimaryContextPass};
use std::time::{Duration, Instant};
use sternhalma_rules::ai::Level;
use sternhalma_rules::rules::{AfterFinish, ClockRule, Finish, Jumps, LeaveHome};
use sternhalma_rules::{EndReason, Event, OutReason, RuleSet, Standing, Status, move_list_text};

/// Seconds a notice stays on screen.
const NOTICE_SECS: f32 = 3.5;

/// Short-lived messages over the board ("Red had no move and passed").
#[derive(Resource, Default)]
struct Notices(Vec<(String, Instant)>);

/// When the current match began, for the game-over card.
#[derive(Resource)]
struct MatchStart(Instant);

pub(super) fn plugin(app: &mut App) {
    app.add_plugins(EguiPlugin::default())
        .init_resource::<Notices>()
        .init_resource::<records::PastedRecord>()
        .add_systems(
            Update,
            (
                pointer_over_ui.before(AppSystems::ReadInput),
                collect_notices,
                note_match_start,
                redraw_for_clock,
            ),
        )
        .add_systems(
            EguiPrimaryContextPass,
            (
                scale_ui,
                main_menu.run_if(in_state(Screen::MainMenu)),
                new_game.run_if(in_state(Screen::NewGame)),
                rules_guide.run_if(in_state(Screen::Rules)),
                settings_screen.run_if(in_state(Screen::Settings)),
                hud.run_if(in_state(Screen::Playing).or_else(in_state(Screen::GameOver))),
                game_over.run_if(in_state(Screen::GameOver)),
                turn_dialogs.run_if(in_state(Screen::Playing)),
                records::statistics.run_if(in_state(Screen::Statistics)),
                records::records_screen.run_if(in_state(Screen::Records)),
                records::replay_controls
                    .run_if(in_state(Screen::Replay).and_then(resource_exists::<Replay>)),
                records::file_notes,
                show_notices,
            )
                .chain(),
        )
        .add_systems(OnExit(Screen::Playing), free_board_frame)
        .add_systems(OnExit(Screen::GameOver), free_board_frame)
        .add_systems(OnExit(Screen::Replay), free_board_frame);
}

/// Tells the board's input whether egui has the pointer (over a window or panel, or dragging
/// a slider).
fn pointer_over_ui(wants: Option<Res<EguiWantsInput>>, mut over: ResMut<PointerOverUi>) {
    let now = wants.is_some_and(|w| w.wants_pointer_input() || w.is_pointer_over_area());
    if over.0 != now {
        over.0 = now;
    }
}

fn c32(c: Color) -> Color32 {
    let s = c.to_srgba();
    Color32::from_rgb(
        (s.red * 255.0) as u8,
        (s.green * 255.0) as u8,
        (s.blue * 255.0) as u8,
    )
}

/// A marble-coloured dot, for names in lists.
fn swatch(ui: &mut egui::Ui, colour: Color) {
    let (rect, _) = ui.allocate_exact_size(egui::vec2(16.0, 16.0), egui::Sense::hover());
    ui.painter()
        .circle_filled(rect.center(), 7.5, Color32::from_gray(150));
    ui.painter().circle_filled(rect.center(), 6.0, c32(colour));
}

fn big_button(ui: &mut egui::Ui, text: &str) -> bool {
    ui.add_sized(
        [240.0, 44.0],
        egui::Button::new(RichText::new(text).size(20.0)),
    )
    .clicked()
}

fn centred_window(title: &str) -> egui::Window<'_> {
    egui::Window::new(title)
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .collapsible(false)
        .resizable(false)
}

/// Logical pixels a finger needs for a button: 7 mm at Android's and iOS's 160 per inch.
pub const TOUCH_TARGET: f32 = 44.0;

/// How the UI is sized for a window: egui's zoom on top of the screen's density (which Bevy
/// already applies), and whether controls get finger-sized.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct UiMetrics {
    /// egui zoom factor.
    pub zoom: f32,
    /// Finger-sized buttons and larger text.
    pub touch: bool,
}

/// The UI size for a window of `w`×`h` logical pixels: big portrait windows (phones emulated
/// at scale 1) and large tablets zoom in; phones and small windows get touch-sized controls.
pub fn ui_metrics(w: f32, h: f32, mobile: bool) -> UiMetrics {
    let zoom = if w < h {
        (w / 500.0).clamp(1.0, 2.5)
    } else {
        (h.min(w) / 800.0).clamp(1.0, 2.0)
    };
    UiMetrics {
        zoom,
        touch: mobile || w.min(h) / zoom < 600.0,
    }
}

/// Height of a button with the style of `metrics`, in logical pixels.
pub fn button_height(metrics: UiMetrics) -> f32 {
    let points = if metrics.touch { TOUCH_TARGET } else { 20.0 };
    points * metrics.zoom
}

fn scale_ui(
    mut contexts: EguiContexts,
    window: Query<&Window, With<PrimaryWindow>>,
    mut touch_styled: Local<Option<bool>>,
) -> Result {
    let Ok(window) = window.single() else {
        return Ok(());
    };
    let m = ui_metrics(
        window.width(),
        window.height(),
        cfg!(any(target_os = "android", target_os = "ios")),
    );
    let ctx = contexts.ctx_mut()?;
    if (ctx.zoom_factor() - m.zoom).abs() > 0.01 {
        ctx.set_zoom_factor(m.zoom);
    }
    if *touch_styled != Some(m.touch) {
        *touch_styled = Some(m.touch);
        let touch = m.touch;
        ctx.all_styles_mut(|style| {
            let base = egui::Style::default();
            style.spacing.interact_size.y = button_height(UiMetrics { zoom: 1.0, touch });
            style.spacing.button_padding = if touch {
                egui::vec2(12.0, 10.0)
            } else {
                base.spacing.button_padding
            };
            style.spacing.item_spacing = if touch {
                egui::vec2(10.0, 8.0)
            } else {
                base.spacing.item_spacing
            };
            let grow = if touch { 1.25 } else { 1.0 };
            for (name, font) in style.text_styles.iter_mut() {
                if let Some(b) = base.text_styles.get(name) {
                    font.size = b.size * grow;
                }
            }
        });
    }
    Ok(())
}

fn free_board_frame(mut frame: ResMut<BoardFrame>) {
    frame.0 = None;
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

fn main_menu(
    mut contexts: EguiContexts,
    game: Option<Res<CurrentGame>>,
    settings: Res<Settings>,
    mut screen: ResMut<NextState<Screen>>,
    mut commands: MessageWriter<Command>,
    mut exit: MessageWriter<AppExit>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    centred_window("Sternhalma")
        .title_bar(false)
        .show(ctx, |ui| {
            ui.vertical_centered(|ui| {
                ui.add_space(8.0);
                ui.label(RichText::new("Sternhalma").size(34.0).strong());
                ui.label("Chinese Checkers");
                ui.add_space(12.0);
                let can_continue = game.as_ref().is_some_and(|g| !g.is_over());
                if can_continue && big_button(ui, "Continue") {
                    screen.set(Screen::Playing);
                }
                if big_button(ui, "Play vs computer") {
                    // At the level played last, if the last game had a computer.
                    let level = settings
                        .default_seats
                        .iter()
                        .find_map(|c| match c {
                            Controller::Computer(l) => Some(*l),
                            Controller::Human => None,
                        })
                        .unwrap_or(Level::Medium);
                    commands.write(Command::Start(MatchConfig::vs_computer(level)));
                }
                if big_button(ui, "New game") {
                    screen.set(Screen::NewGame);
                }
                if big_button(ui, "Rules") {
                    screen.set(Screen::Rules);
                }
                records::menu_buttons(ui, &mut screen);
                if big_button(ui, "Settings") {
                    screen.set(Screen::Settings);
                }
                if !cfg!(any(target_os = "android", target_os = "ios")) && big_button(ui, "Quit") {
                    exit.write(AppExit::Success);
                }
                ui.add_space(8.0);
            });
        });
    Ok(())
}

fn new_game(
    mut contexts: EguiContexts,
    mut draft: ResMut<MatchConfig>,
    mut screen: ResMut<NextState<Screen>>,
    mut commands: MessageWriter<Command>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let max_h = ctx.content_rect().height() - 60.0;
    centred_window("New game").show(ctx, |ui| {
        egui::ScrollArea::vertical()
            .max_height(max_h)
            .show(ui, |ui| new_game_form(ui, &mut draft));
        ui.separator();
        let problem = draft.build_game().err();
        if let Some(e) = &problem {
            ui.colored_label(Color32::LIGHT_RED, e.to_string());
        }
        ui.horizontal(|ui| {
            if ui.button("Back").clicked() {
                screen.set(Screen::MainMenu);
            }
            if ui
                .add_enabled(
                    problem.is_none(),
                    egui::Button::new(RichText::new("Start").size(20.0)),
                )
                .clicked()
            {
                commands.write(Command::Start(draft.clone()));
            }
        });
    });
    Ok(())
}

fn new_game_form(ui: &mut egui::Ui, draft: &mut MatchConfig) {
    ui.horizontal(|ui| {
        ui.label("Rules");
        egui::ComboBox::from_id_salt("preset")
            .selected_text(draft.preset.clone())
            .show_ui(ui, |ui| {
                for name in RuleSet::preset_names() {
                    if ui.selectable_label(draft.preset == name, name).clicked()
                        && let Ok(rules) = RuleSet::preset(name)
                    {
                        if !rules.players.contains(&draft.players) {
                            draft.players = rules.default_players;
                        }
                        draft.rules = rules;
                        draft.preset = name.to_string();
                    }
                }
            });
    });
    ui.label(RichText::new(draft.rules.description.clone()).italics());
    ui.horizontal(|ui| {
        ui.label("Players");
        for n in [2u8, 3, 4, 6] {
            let ok = draft.rules.players.contains(&n);
            if ui
                .add_enabled(
                    ok,
                    egui::Button::selectable(draft.players == n, n.to_string()),
                )
                .clicked()
            {
                draft.players = n;
            }
        }
    });
    let points = draft.setup().map(|s| s.seat_points()).unwrap_or(&[]);
    for (i, p) in points.iter().enumerate() {
        ui.horizontal(|ui| {
            swatch(ui, point_colour(*p));
            ui.label(format!("{:<7}", point_name(*p)));
            egui::ComboBox::from_id_salt(("seat", i))
                .selected_text(controller_label(draft.seats[i]))
                .show_ui(ui, |ui| {
                    ui.selectable_value(&mut draft.seats[i], Controller::Human, "Person");
                    for l in Level::PLAYABLE {
                        ui.selectable_value(
                            &mut draft.seats[i],
                            Controller::Computer(l),
                            controller_label(Controller::Computer(l)),
                        );
                    }
                });
        });
    }
    egui::CollapsingHeader::new("Rule options")
        .default_open(false)
        .show(ui, |ui| rule_options(ui, &mut draft.rules));
    ui.horizontal(|ui| {
        ui.label("Clock");
        let clocks: [(&str, Option<ClockRule>); 4] = [
            ("None", None),
            (
                "5 min + 3 s",
                Some(ClockRule::Reserve {
                    reserve_ms: 300_000,
                    increment_ms: 3_000,
                }),
            ),
            (
                "15 min + 10 s",
                Some(ClockRule::Reserve {
                    reserve_ms: 900_000,
                    increment_ms: 10_000,
                }),
            ),
            (
                "30 s a move",
                Some(ClockRule::PerMove {
                    limit_ms: 30_000,
                    resign_after: 3,
                }),
            ),
        ];
        for (name, clock) in clocks {
            if ui
                .add(egui::Button::selectable(draft.rules.clock == clock, name))
                .clicked()
            {
                draft.rules.clock = clock;
            }
        }
    });
}

fn rule_options(ui: &mut egui::Ui, r: &mut RuleSet) {
    ui.checkbox(
        &mut r.rest_in_other_points,
        "Moves may end in other players' points",
    );
    ui.checkbox(&mut r.goal_lock, "Marbles in the goal stay in it");
    let mut anti = r.finish == Finish::AntiBlocking;
    if ui
        .checkbox(&mut anti, "Anti-blocking (a blocked goal counts as filled)")
        .changed()
    {
        r.finish = if anti {
            Finish::AntiBlocking
        } else {
            Finish::Strict
        };
    }
    let mut play_on = r.after_first_finish == AfterFinish::PlayOn;
    if ui
        .checkbox(&mut play_on, "Play on for places after the first finisher")
        .changed()
    {
        r.after_first_finish = if play_on {
            AfterFinish::PlayOn
        } else {
            AfterFinish::EndAndRank
        };
    }
    ui.checkbox(&mut r.equalising_move, "Equalising move (two players)");
    let mut deadline = r.leave_home != LeaveHome::Off;
    if ui
        .checkbox(&mut deadline, "Leaving-home deadline (30 moves)")
        .changed()
    {
        r.leave_home = if deadline {
            LeaveHome::Standard
        } else {
            LeaveHome::Off
        };
    }
    let mut long = r.jumps == Jumps::Long;
    if ui.checkbox(&mut long, "Long jumps").changed() {
        r.jumps = if long { Jumps::Long } else { Jumps::Short };
    }
    ui.checkbox(&mut r.repetition_ends, "Threefold repetition ends the game");
    let mut limited = r.move_limit.is_some();
    ui.horizontal(|ui| {
        if ui.checkbox(&mut limited, "Move limit").changed() {
            r.move_limit = limited.then_some(150);
        }
        if let Some(n) = &mut r.move_limit {
            ui.add(egui::DragValue::new(n).range(20..=1000));
        }
    });
}

/// The rules in force, in plain words, with small drawings of a step and a jump chain.
fn rules_guide(
    mut contexts: EguiContexts,
    game: Option<Res<CurrentGame>>,
    draft: Res<MatchConfig>,
    mut screen: ResMut<NextState<Screen>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let rules = game
        .as_ref()
        .map(|g| g.rules().clone())
        .unwrap_or_else(|| draft.rules.clone());
    let max_h = ctx.content_rect().height() - 80.0;
    centred_window("How to play").show(ctx, |ui| {
        egui::ScrollArea::vertical()
            .max_height(max_h)
            .show(ui, |ui| {
                ui.set_max_width(440.0);
                ui.label(
                    "Race your marbles across the star into the point opposite. \
                 On your turn move one marble:",
                );
                ui.label(RichText::new("A step").strong());
                ui.label("to a neighbouring empty hole.");
                diagram(ui, &[(0, 0, true)], &[(0, 0), (1, 0)]);
                ui.label(RichText::new("A chain of jumps").strong());
                ui.label(
                    "over one marble (any colour) into the empty hole right behind it, \
                 again and again, turning as you like. Stop after any jump. \
                 Nothing is captured.",
                );
                diagram(
                    ui,
                    &[(0, 0, true), (1, 0, false), (3, 0, false), (3, 1, false)],
                    &[(0, 0), (2, 0), (4, 0), (2, 2)],
                );
                ui.label("Steps and jumps do not mix, and jumping is never compulsory.");
                ui.separator();
                ui.label(RichText::new(format!("Rules in force: {}", rules.name)).strong());
                for line in rule_lines(&rules) {
                    ui.label(format!("• {line}"));
                }
                ui.separator();
                ui.label(
                    "Tap one of your marbles: the holes it can reach light up and the goal \
                 shows in gold. Tap a lit hole (or drag the marble there). Keyboard: \
                 arrows, Enter, Esc.",
                );
            });
        if ui.button("Back").clicked() {
            screen.set(Screen::MainMenu);
        }
    });
    Ok(())
}

fn rule_lines(r: &RuleSet) -> Vec<String> {
    let mut v = vec![];
    v.push(if r.rest_in_other_points {
        "A move may end anywhere.".to_string()
    } else {
        "A move may not end in a point that is neither your start nor your goal (passing \
         through is fine)."
            .into()
    });
    if r.goal_lock {
        v.push("Once in your goal, a marble stays inside it.".into());
    }
    if r.finish == Finish::AntiBlocking {
        v.push("A goal blocked by an opponent's marble counts as filled once it is full.".into());
    }
    v.push(match r.after_first_finish {
        AfterFinish::EndAndRank => {
            "The first to fill the goal wins; the rest rank by progress.".into()
        }
        AfterFinish::PlayOn => "Play goes on for second place and beyond.".into(),
    });
    if r.equalising_move {
        v.push("With two players, the second still gets a move to equalise.".into());
    }
    if r.leave_home != LeaveHome::Off {
        v.push("Every marble must have left home by your 30th move (40 with 15 marbles).".into());
    }
    if r.jumps == Jumps::Long {
        v.push("Long jumps: over a distant marble, landing as far beyond it.".into());
    }
    if let Some(n) = r.move_limit {
        v.push(format!("At most {n} turns each."));
    }
    if r.repetition_ends {
        v.push("A position repeated three times ends the game.".into());
    }
    if r.teams {
        v.push("Partners sit opposite and win together.".into());
    }
    v
}

/// A little hex-board drawing: marbles (`mine` = the mover) and a path drawn over them.
fn diagram(ui: &mut egui::Ui, marbles: &[(i32, i32, bool)], path: &[(i32, i32)]) {
    let (resp, painter) = ui.allocate_painter(egui::vec2(240.0, 90.0), egui::Sense::hover());
    let r = resp.rect;
    let step = 34.0;
    let at = |q: i32, row: i32| {
        egui::pos2(
            r.left() + 30.0 + (q as f32 + row as f32 * 0.5) * step,
            r.bottom() - 22.0 - row as f32 * step * 0.866,
        )
    };
    for row in 0..3 {
        for q in -1..6 {
            painter.circle_filled(at(q, row), 4.0, Color32::from_gray(90));
        }
    }
    for &(q, row, mine) in marbles {
        let c = if mine {
            Color32::from_rgb(240, 238, 228)
        } else {
            Color32::from_rgb(214, 41, 36)
        };
        painter.circle_filled(at(q, row), 11.0, c);
    }
    for w in path.windows(2) {
        painter.line_segment(
            [at(w[0].0, w[0].1), at(w[1].0, w[1].1)],
            egui::Stroke::new(3.0, Color32::from_rgb(115, 217, 255)),
        );
    }
    if let Some(&(q, row)) = path.last() {
        painter.circle_filled(at(q, row), 6.0, Color32::from_rgb(77, 242, 115));
    }
}

fn settings_screen(
    mut contexts: EguiContexts,
    mut settings: ResMut<Settings>,
    game: Option<Res<CurrentGame>>,
    mut screen: ResMut<NextState<Screen>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut s = settings.clone();
    centred_window("Settings").show(ctx, |ui| {
        ui.label("Animation speed");
        ui.horizontal(|ui| {
            for speed in AnimSpeed::ALL {
                ui.radio_value(&mut s.speed, speed, speed.label());
            }
        });
        ui.checkbox(&mut s.colour_blind, "Colour-blind symbols on marbles");
        ui.checkbox(&mut s.rotate_board, "Turn the board to the player to move");
        ui.checkbox(
            &mut s.handover_screen,
            "\"Pass the device\" screen between turns",
        );
        ui.add_space(4.0);
        ui.horizontal(|ui| {
            ui.label("Sound volume");
            ui.add_enabled(
                !s.muted,
                egui::Slider::new(&mut s.volume, 0.0..=1.0)
                    .custom_formatter(|v, _| format!("{:.0} %", v * 100.0)),
            );
        });
        ui.checkbox(&mut s.muted, "Mute all sounds");
        ui.add_space(8.0);
        ui.horizontal(|ui| {
            if ui.button("Back").clicked() {
                screen.set(Screen::MainMenu);
            }
            if game.as_ref().is_some_and(|g| !g.is_over()) && ui.button("Continue game").clicked() {
                screen.set(Screen::Playing);
            }
        });
    });
    if s != *settings {
        *settings = s;
    }
    Ok(())
}

fn clock_text(ms: u64) -> String {
    let s = ms.div_ceil(1000);
    format!("{}:{:02}", s / 60, s % 60)
}

fn ordinal(n: u8) -> String {
    match n {
        1 => "1st".into(),
        2 => "2nd".into(),
        3 => "3rd".into(),
        n => format!("{n}th"),
    }
}

fn seat_status(game: &CurrentGame, seat: usize) -> String {
    let place = game.place(seat).map(ordinal);
    match (game.standing(seat), place) {
        (Standing::Finished, Some(p)) => format!("finished, {p}"),
        (Standing::Finished, None) => "finished".into(),
        (Standing::Out(r), _) => format!("out ({})", out_reason(r)),
        (Standing::Playing, Some(p)) => p,
        (Standing::Playing, None) => {
            let pr = game.progress(seat);
            format!("{} home", pr.in_goal)
        }
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

/// The seat the HUD's resign button speaks for: the person to move, or the only person.
fn resigning_seat(game: &CurrentGame, current: &CurrentMatch) -> Option<usize> {
    let humans: Vec<usize> = (0..current.players as usize)
        .filter(|&s| current.seats[s].is_human() && game.standing(s) == Standing::Playing)
        .collect();
    match game.to_move() {
        Some(s) if humans.contains(&s) => Some(s),
        _ if humans.len() == 1 => Some(humans[0]),
        _ => None,
    }
}

fn hud(
    mut contexts: EguiContexts,
    game: Res<CurrentGame>,
    current: Res<CurrentMatch>,
    turn: Option<Res<State<Turn>>>,
    pause: Res<State<Pause>>,
    mut frame: ResMut<BoardFrame>,
    mut screen: ResMut<NextState<Screen>>,
    mut commands: MessageWriter<Command>,
    mut hint: MessageWriter<AskHint>,
    mut records: MessageWriter<RecordCommand>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let area = ctx.content_rect();
    let landscape = area.width() > area.height() * 1.15;
    let mut root = egui::Ui::new(
        ctx.clone(),
        "hud".into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(area),
    );
    let turn = turn.map(|t| *t.get());
    let paused = *pause.get() == Pause::Paused;
    let mut actions = |ui: &mut egui::Ui| {
        ui.horizontal_wrapped(|ui| {
            let human_turn = turn == Some(Turn::Human);
            if ui
                .add_enabled(game.can_undo(), egui::Button::new("⟲ Undo"))
                .clicked()
            {
                commands.write(Command::Undo);
            }
            if ui
                .add_enabled(game.can_redo(), egui::Button::new("⟳ Redo"))
                .clicked()
            {
                commands.write(Command::Redo);
            }
            if ui
                .add_enabled(human_turn, egui::Button::new("💡 Hint"))
                .clicked()
            {
                hint.write(AskHint);
            }
            if paused {
                if ui.button("▶ Resume").clicked() {
                    commands.write(Command::Resume);
                }
            } else if ui.button("⏸ Pause").clicked() {
                commands.write(Command::Pause);
            }
            let resigner = resigning_seat(&game, &current);
            if ui
                .add_enabled(resigner.is_some(), egui::Button::new("🏳 Resign"))
                .clicked()
                && let Some(s) = resigner
            {
                commands.write(Command::Resign(s));
            }
            if ui.button("☰ Menu").clicked() {
                screen.set(Screen::MainMenu);
            }
            if ui.button("💾 Save record").clicked() {
                records.write(RecordCommand::Export);
            }
        });
    };
    if landscape {
        egui::Panel::right("hud")
            .exact_size(270.0_f32.min(area.width() * 0.34))
            .show(&mut root, |ui| {
                ui.add_space(6.0);
                turn_line(ui, &game, &current, turn);
                ui.separator();
                players(ui, &game, &current, true);
                ui.separator();
                actions(ui);
                ui.separator();
                move_list(ui, &game, None);
            });
    } else {
        egui::Panel::top("hud-top").show(&mut root, |ui| {
            ui.add_space(4.0);
            turn_line(ui, &game, &current, turn);
            players(ui, &game, &current, false);
        });
        egui::Panel::bottom("hud-bottom").show(&mut root, |ui| {
            ui.add_space(4.0);
            actions(ui);
            move_list(ui, &game, Some(2));
        });
    }
    leave_rest_to_board(&root, &mut frame);
    Ok(())
}

/// Gives the board whatever the panels of `root` left free.
fn leave_rest_to_board(root: &egui::Ui, frame: &mut BoardFrame) {
    // egui works in zoomed points; the camera wants logical window pixels.
    let free = root.available_rect_before_wrap();
    let z = root.ctx().zoom_factor();
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

fn turn_line(ui: &mut egui::Ui, game: &CurrentGame, current: &CurrentMatch, turn: Option<Turn>) {
    let points = game.setup().seat_points();
    // Text rows, not buttons: no finger-sized height.
    ui.spacing_mut().interact_size.y = 20.0;
    ui.horizontal(|ui| match game.to_move() {
        Some(seat) => {
            swatch(ui, point_colour(points[seat]));
            let name = point_name(points[seat]);
            let text = match (turn, current.seats[seat]) {
                (Some(Turn::Paused), _) => format!("{name} to move — paused"),
                (_, Controller::Computer(_)) => format!("{name} is thinking…"),
                _ => format!("{name} to move"),
            };
            ui.label(RichText::new(text).size(18.0).strong());
            if turn == Some(Turn::Thinking) {
                ui.spinner();
            }
        }
        None => {
            ui.label(RichText::new("Game over").size(18.0).strong());
        }
    });
}

/// The seats and how far each has come: one per line in a side panel, flowing side by side
/// across the top of a portrait screen.
fn players(ui: &mut egui::Ui, game: &CurrentGame, current: &CurrentMatch, one_per_line: bool) {
    let points = game.setup().seat_points();
    ui.spacing_mut().interact_size.y = 20.0;
    let humans = current
        .controllers()
        .iter()
        .filter(|c| c.is_human())
        .count();
    // egui cannot wrap a group it has not measured: decide how many fit on a line up front.
    let per_line = if one_per_line {
        1
    } else {
        ((ui.available_width() / 185.0) as usize).max(1)
    };
    for line in (0..points.len()).collect::<Vec<_>>().chunks(per_line) {
        ui.horizontal(|ui| {
            for &seat in line {
                let p = points[seat];
                swatch(ui, point_colour(p));
                let who = match current.seats[seat] {
                    Controller::Human if humans == 1 => "You".to_string(),
                    Controller::Human => point_name(p).to_string(),
                    Controller::Computer(l) => format!("{} ({})", point_name(p), level_label(l)),
                };
                let mut text = RichText::new(format!("{who}: {}", seat_status(game, seat)));
                if game.to_move() == Some(seat) {
                    text = text.strong();
                }
                ui.label(text);
                if let Some(ms) = game.clock_ms(seat) {
                    ui.monospace(clock_text(ms));
                }
                ui.add_space(12.0);
            }
        });
    }
}

fn move_list(ui: &mut egui::Ui, game: &CurrentGame, last_rows: Option<usize>) {
    let text = move_list_text(game);
    let rows: Vec<&str> = text
        .lines()
        .skip(1)
        .filter(|l| !l.starts_with("Result"))
        .collect();
    let shown = match last_rows {
        Some(n) => &rows[rows.len().saturating_sub(n)..],
        None => &rows[..],
    };
    egui::ScrollArea::vertical()
        .stick_to_bottom(true)
        .auto_shrink([false, true])
        .show(ui, |ui| {
            if shown.is_empty() {
                ui.weak("No moves yet");
            }
            for row in shown {
                ui.monospace(*row);
            }
        });
}

fn turn_dialogs(
    mut contexts: EguiContexts,
    turn: Option<Res<State<Turn>>>,
    game: Res<CurrentGame>,
    pending: Option<Res<PendingMove>>,
    mut commands: MessageWriter<Command>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    match turn.map(|t| *t.get()) {
        Some(Turn::Confirm) => {
            let path = pending
                .map(|p| sternhalma_rules::format_path(&p.0.path))
                .unwrap_or_default();
            centred_window("Are you sure?").show(ctx, |ui| {
                ui.label(format!(
                    "{path} breaks the leaving-home rule: it puts you out of the game."
                ));
                ui.horizontal(|ui| {
                    if ui.button("Play it anyway").clicked() {
                        commands.write(Command::Confirm(true));
                    }
                    if ui.button("Choose another move").clicked() {
                        commands.write(Command::Confirm(false));
                    }
                });
            });
        }
        Some(Turn::Handover) => {
            let seat = game.to_move().unwrap_or(0);
            let point = game.setup().seat_points()[seat];
            egui::Area::new("handover".into())
                .order(egui::Order::Foreground)
                .fixed_pos(egui::pos2(0.0, 0.0))
                .show(ctx, |ui| {
                    let rect = ctx.content_rect();
                    ui.painter()
                        .rect_filled(rect, 0.0, Color32::from_rgb(24, 30, 40));
                    ui.scope_builder(egui::UiBuilder::new().max_rect(rect), |ui| {
                        ui.vertical_centered(|ui| {
                            ui.add_space(rect.height() * 0.35);
                            ui.label(
                                RichText::new(format!("Pass the device to {}", point_name(point)))
                                    .size(28.0)
                                    .color(c32(point_colour(point))),
                            );
                            ui.add_space(16.0);
                            if big_button(ui, "Ready") {
                                commands.write(Command::HandedOver);
                            }
                        });
                    });
                });
        }
        _ => {}
    }
    Ok(())
}

fn game_over(
    mut contexts: EguiContexts,
    game: Res<CurrentGame>,
    current: Res<CurrentMatch>,
    start: Option<Res<MatchStart>>,
    mut screen: ResMut<NextState<Screen>>,
    mut commands: MessageWriter<Command>,
    mut records: MessageWriter<RecordCommand>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let Status::Over(outcome) = game.status() else {
        return Ok(());
    };
    let setup = *game.setup();
    let points = setup.seat_points();
    egui::Window::new("Game over")
        .anchor(egui::Align2::CENTER_BOTTOM, [0.0, -70.0])
        .collapsible(false)
        .resizable(false)
        .show(ctx, |ui| {
            ui.label(RichText::new(end_reason(outcome.reason)).italics());
            let mut order: Vec<usize> = (0..points.len()).collect();
            order.sort_by_key(|&s| (outcome.places[s], s));
            for s in order {
                ui.horizontal(|ui| {
                    ui.label(RichText::new(ordinal(outcome.places[s])).strong());
                    swatch(ui, point_colour(points[s]));
                    let mut name = point_name(points[s]).to_string();
                    if setup.teams {
                        let mates: Vec<&str> = setup
                            .seats_of(setup.unit_of(s))
                            .filter(|&m| m != s)
                            .map(|m| point_name(points[m]))
                            .collect();
                        name += &format!(" (team with {})", mates.join(", "));
                    }
                    ui.label(format!("{name} — {}", controller_label(current.seats[s])));
                });
            }
            let moves = game
                .actions()
                .iter()
                .filter(|a| matches!(a, sternhalma_rules::Action::Move(_)))
                .count();
            let mins = start.map_or(0, |s| s.0.elapsed().as_secs() / 60);
            ui.label(format!("{moves} moves, {mins} min"));
            ui.horizontal(|ui| {
                if ui.button("Rematch").clicked() {
                    commands.write(Command::Rematch);
                }
                if ui.button("New game").clicked() {
                    screen.set(Screen::NewGame);
                }
                if ui.button("Main menu").clicked() {
                    screen.set(Screen::MainMenu);
                }
            });
            ui.horizontal(|ui| records::export_buttons(ui, &game, &mut records));
        });
    Ok(())
}

fn end_reason(r: EndReason) -> &'static str {
    match r {
        EndReason::Finished => "The goals are filled.",
        EndReason::Forfeit => "Decided by a player going out.",
        EndReason::MoveLimit => "The move limit was reached.",
        EndReason::Repetition => "The same position came up three times.",
        EndReason::NoMoves => "Nobody could move.",
    }
}

fn note_match_start(
    mut commands: Commands,
    current: Option<Res<CurrentMatch>>,
    game: Option<Res<CurrentGame>>,
) {
    if current.is_some_and(|c| c.is_added()) || game.is_some_and(|g| g.is_added()) {
        commands.insert_resource(MatchStart(Instant::now()));
    }
}

fn collect_notices(
    mut notices: MessageReader<Notice>,
    game: Option<Res<CurrentGame>>,
    mut shown: ResMut<Notices>,
) {
    let name = |seat: usize| {
        game.as_ref()
            .and_then(|g| g.setup().seat_points().get(seat).copied())
            .map_or("?", point_name)
    };
    for n in notices.read() {
        let text = match n {
            Notice::Engine(Event::Passed { seat }) => {
                format!("{} has no move and passes", name(*seat))
            }
            Notice::Engine(Event::TimedOut { seat }) => {
                format!("{} ran out of time for the move", name(*seat))
            }
            Notice::Engine(Event::Finished { seat }) => format!("{} has finished!", name(*seat)),
            Notice::Engine(Event::Out { seat, reason }) => {
                format!("{} is out ({})", name(*seat), out_reason(*reason))
            }
            Notice::Engine(Event::Over(_)) => "Game over".to_string(),
            Notice::Engine(Event::Moved { .. }) => continue,
            Notice::Refused(why) | Notice::Info(why) => why.clone(),
        };
        shown.0.push((text, Instant::now()));
    }
}

fn show_notices(
    mut contexts: EguiContexts,
    mut notices: ResMut<Notices>,
    frame: Res<BoardFrame>,
    mut redraw: MessageWriter<RequestRedraw>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    notices
        .0
        .retain(|(_, at)| at.elapsed() < Duration::from_secs_f32(NOTICE_SECS));
    if notices.0.is_empty() {
        return Ok(());
    }
    redraw.write(RequestRedraw);
    let z = ctx.zoom_factor();
    let top = frame.0.map_or(8.0, |r| r.min.y / z + 8.0);
    let centre_x = frame
        .0
        .map_or(ctx.content_rect().center().x, |r| r.center().x / z);
    egui::Area::new("notices".into())
        .order(egui::Order::Foreground)
        .pivot(egui::Align2::CENTER_TOP)
        .fixed_pos(egui::pos2(centre_x, top))
        .interactable(false)
        .show(ctx, |ui| {
            for (text, _) in &notices.0 {
                egui::Frame::popup(ui.style()).show(ui, |ui| {
                    ui.label(RichText::new(text).size(16.0));
                });
            }
        });
    Ok(())
}

/// Reactive redraw sleeps between inputs; a running clock needs a few frames a second.
fn redraw_for_clock(
    game: Option<Res<CurrentGame>>,
    screen: Res<State<Screen>>,
    settings: Option<ResMut<WinitSettings>>,
) {
    let Some(mut settings) = settings else { return };
    let ticking = *screen.get() == Screen::Playing
        && game.is_some_and(|g| g.rules().clock.is_some() && !g.is_over());
    let wanted = if ticking {
        UpdateMode::reactive(Duration::from_millis(200))
    } else {
        WinitSettings::desktop_app().focused_mode
    };
    if settings.focused_mode != wanted {
        settings.focused_mode = wanted;
    }
}
