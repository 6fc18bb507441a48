//! The new-game page: rules preset, player count, who plays each seat, the rule options and a
//! clock. It edits the [`MatchConfig`] draft, which starts with the player's last choices.

use super::dialogs::AskFirst;
use super::theme::{self, Kind, MUTED, TOUCH_TARGET, WARN};
use super::{UiPass, controller_label};
use crate::board::CurrentGame;
use crate::config::{COLOUR_NAMES, Controller, FirstMove, MatchConfig, point_colour, point_name};
use crate::state::Screen;
use bevy::prelude::*;
use bevy_egui::egui::{self, RichText};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};
use sternhalma_rules::RuleSet;
use sternhalma_rules::ai::Level;
use sternhalma_rules::rules::{AfterFinish, ClockRule, Finish, Jumps, LeaveHome, PartnerInGoal};

/// Whether the rule options are unfolded.
#[derive(Resource, Default)]
struct ShowOptions(bool);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<ShowOptions>().add_systems(
        EguiPrimaryContextPass,
        new_game
            .run_if(in_state(Screen::NewGame))
            .in_set(UiPass::Screens),
    );
}

fn new_game(
    mut contexts: EguiContexts,
    mut draft: ResMut<MatchConfig>,
    mut show_options: ResMut<ShowOptions>,
    game: Option<Res<CurrentGame>>,
    mut screen: ResMut<NextState<Screen>>,
    mut ask: ResMut<AskFirst>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    // Edit a copy: egui's change flags would otherwise mark the draft changed every frame.
    let mut d = draft.clone();
    let problem = d.build_game_drawing(|| 0).err().map(|e| e.to_string());
    let mut action = None;
    theme::page(
        ctx,
        "new-game",
        "New game",
        |ui| new_game_form(ui, &mut d, &mut show_options.0),
        |ui| {
            if let Some(e) = &problem {
                theme::text(ui, RichText::new(e).color(WARN));
            }
            action = theme::button_row(
                ui,
                &[("Back", true, false), ("Start", problem.is_none(), true)],
            );
        },
    );
    if d != *draft {
        *draft = d;
    }
    match action {
        Some(0) => screen.set(Screen::MainMenu),
        Some(_) => ask.start(draft.clone(), game.as_deref()),
        None => {}
    }
    Ok(())
}

/// A drop-down whose entries are as easy to tap as buttons, as wide as the room left (at most
/// 320 points).
fn pick<T: PartialEq + Copy>(
    ui: &mut egui::Ui,
    id: impl std::hash::Hash + std::fmt::Debug,
    value: &mut T,
    options: &[(T, String)],
) {
    let width = ui.available_width().min(320.0);
    pick_sized(ui, id, value, options, width);
}

/// [`pick`] of a given width.
fn pick_sized<T: PartialEq + Copy>(
    ui: &mut egui::Ui,
    id: impl std::hash::Hash + std::fmt::Debug,
    value: &mut T,
    options: &[(T, String)],
    width: f32,
) {
    let shown = options
        .iter()
        .find(|(v, _)| v == value)
        .map_or(String::new(), |(_, t)| t.clone());
    let r = egui::ComboBox::from_id_salt(id)
        .selected_text(shown.clone())
        .width(width)
        .height(f32::INFINITY)
        .show_ui(ui, |ui| {
            for (v, text) in options {
                let r = ui.add(
                    egui::Button::selectable(*value == *v, text.as_str())
                        .min_size(egui::vec2(width, TOUCH_TARGET)),
                );
                theme::note(ui, Kind::Control, r.rect, text);
                if r.clicked() {
                    *value = *v;
                }
            }
        });
    theme::note(ui, Kind::Control, r.response.rect, &shown);
}

fn new_game_form(ui: &mut egui::Ui, draft: &mut MatchConfig, show_options: &mut bool) {
    theme::heading(ui, "Rules");
    let names: Vec<&str> = RuleSet::preset_names().collect();
    let mut chosen = names.iter().position(|n| *n == draft.preset);
    let options: Vec<(Option<usize>, String)> = names
        .iter()
        .enumerate()
        .map(|(i, n)| (Some(i), n.to_string()))
        .collect();
    let before = chosen;
    pick(ui, "preset", &mut chosen, &options);
    if chosen != before
        && let Some(name) = chosen.map(|i| names[i])
        && let Ok(rules) = RuleSet::preset(name)
    {
        if !rules.players.contains(&draft.players) {
            draft.players = rules.default_players;
        }
        draft.rules = rules;
        draft.preset = name.to_string();
    }
    theme::text(
        ui,
        RichText::new(draft.rules.description.clone())
            .italics()
            .color(MUTED),
    );
    let label = draft.rules.label();
    if label != draft.preset {
        theme::text(ui, RichText::new(format!("Edited: {label}")).color(WARN));
    }
    offer_move_limit(ui, &mut draft.rules);

    theme::heading(ui, "Players");
    let counts: Vec<(u8, String, bool)> = [2u8, 3, 4, 6]
        .iter()
        .map(|&n| (n, n.to_string(), draft.rules.players.contains(&n)))
        .collect();
    theme::choice(ui, &mut draft.players, &counts);
    draft.first = draft.first.for_players(draft.players);
    let points = draft.setup().map(|s| s.seat_points()).unwrap_or(&[]);
    let mut who: Vec<(Controller, String)> = vec![(Controller::Human, "Person".into())];
    who.extend(Level::PLAYABLE.iter().map(|&l| {
        (
            Controller::Computer(l),
            controller_label(Controller::Computer(l)),
        )
    }));
    // Each seat's colour is the player's choice: taking a colour another point wears swaps
    // the two, so no two seats ever look alike.
    let colours: Vec<(usize, String)> = COLOUR_NAMES
        .iter()
        .enumerate()
        .map(|(i, n)| (i, n.to_string()))
        .collect();
    for (i, p) in points.iter().enumerate() {
        ui.horizontal(|ui| {
            theme::swatch(ui, point_colour(draft.palette, *p), 28.0);
            let mut colour = draft.palette.colour(*p);
            pick_sized(ui, ("colour", i), &mut colour, &colours, 96.0);
            draft.palette.set(*p, colour);
            pick(ui, ("seat", i), &mut draft.seats[i], &who);
        });
    }

    theme::heading(ui, "First move");
    let mut firsts: Vec<(FirstMove, String, bool)> =
        vec![(FirstMove::Random, "Random".into(), true)];
    firsts.extend(points.iter().enumerate().map(|(i, p)| {
        (
            FirstMove::Seat(i),
            point_name(draft.palette, *p).to_string(),
            true,
        )
    }));
    theme::choice(ui, &mut draft.first, &firsts);
    theme::text(
        ui,
        RichText::new("Then the turn goes clockwise.").color(MUTED),
    );

    theme::heading(ui, "Clock");
    let clocks = CLOCKS;
    let clock_options: Vec<(usize, String, bool)> = clocks
        .iter()
        .enumerate()
        .map(|(i, (name, _))| (i, name.to_string(), true))
        .collect();
    // A clock from elsewhere (a loaded game's rules) lights no button.
    let mut clock = clocks
        .iter()
        .position(|(_, c)| *c == draft.rules.clock)
        .unwrap_or(usize::MAX);
    if theme::choice(ui, &mut clock, &clock_options) {
        draft.rules.clock = clocks[clock].1;
    }

    ui.add_space(6.0);
    let label = if *show_options {
        "Hide rule options"
    } else {
        "Rule options…"
    };
    if theme::button(ui, label).clicked() {
        *show_options = !*show_options;
    }
    if *show_options {
        rule_options(ui, &mut draft.rules);
    }
}

/// Where only the player's own marbles fill a goal, one parked marble can block a game
/// forever: the move limit is offered right here, not only among the rule options.
fn offer_move_limit(ui: &mut egui::Ui, r: &mut RuleSet) {
    if r.finish != Finish::Strict {
        return;
    }
    if r.move_limit.is_none() {
        let ends = if r.repetition_ends {
            "only a repeated position ends it"
        } else {
            "nothing in these rules ends it"
        };
        theme::text(
            ui,
            RichText::new(format!(
                "A marble parked in someone's goal can block them for good, and {ends}."
            ))
            .color(MUTED),
        );
    }
    let mut limited = r.move_limit.is_some();
    if theme::toggle(ui, &mut limited, MOVE_LIMIT_OFFER) {
        r.move_limit = limited.then_some(DEFAULT_MOVE_LIMIT);
    }
}

/// The clocks a table can choose, per game: none, the usual limits per move (a missed turn
/// is skipped, three in a row resign) and the usual reserves with an increment.
const CLOCKS: [(&str, Option<ClockRule>); 7] = [
    ("None", None),
    ("15 s a move", per_move(15)),
    ("30 s a move", per_move(30)),
    ("60 s a move", per_move(60)),
    ("3 min + 2 s", reserve(3, 2)),
    ("5 min + 3 s", reserve(5, 3)),
    ("15 min + 10 s", reserve(15, 10)),
];

const fn per_move(seconds: u64) -> Option<ClockRule> {
    Some(ClockRule::PerMove {
        limit_ms: seconds * 1000,
        resign_after: 3,
    })
}

const fn reserve(minutes: u64, increment_s: u64) -> Option<ClockRule> {
    Some(ClockRule::Reserve {
        reserve_ms: minutes * 60_000,
        increment_ms: increment_s * 1000,
    })
}

/// The offer's words.
const MOVE_LIMIT_OFFER: &str = "Move limit, so a blocked game still ends";
/// Turns each when a move limit is switched on: the tournament table's number.
const DEFAULT_MOVE_LIMIT: u16 = 150;

fn rule_options(ui: &mut egui::Ui, r: &mut RuleSet) {
    theme::toggle(
        ui,
        &mut r.rest_in_other_points,
        "Moves may end in other players' points",
    );
    theme::toggle(ui, &mut r.goal_lock, "Marbles in the goal stay in it");
    let mut anti = r.finish == Finish::AntiBlocking;
    if theme::toggle(
        ui,
        &mut anti,
        "Anti-blocking (a blocked goal counts as filled)",
    ) {
        r.finish = if anti {
            Finish::AntiBlocking
        } else {
            Finish::Strict
        };
    }
    let mut partner_fills = r.partner_in_goal == PartnerInGoal::Filled;
    if r.teams && theme::toggle(ui, &mut partner_fills, "A partner's marble fills your goal") {
        r.partner_in_goal = if partner_fills {
            PartnerInGoal::Filled
        } else {
            PartnerInGoal::Unfilled
        };
    }
    let mut play_on = r.after_first_finish == AfterFinish::PlayOn;
    if theme::toggle(
        ui,
        &mut play_on,
        "Play on for places after the first finisher",
    ) {
        r.after_first_finish = if play_on {
            AfterFinish::PlayOn
        } else {
            AfterFinish::EndAndRank
        };
    }
    theme::toggle(ui, &mut r.equalising_move, "Equalising move (two players)");
    let mut deadline = r.leave_home != LeaveHome::Off;
    if theme::toggle(ui, &mut deadline, "Leaving-home deadline") {
        r.leave_home = if deadline {
            LeaveHome::Standard
        } else {
            LeaveHome::Off
        };
    }
    let mut long = r.jumps == Jumps::Long;
    if theme::toggle(ui, &mut long, "Long jumps") {
        r.jumps = if long { Jumps::Long } else { Jumps::Short };
    }
    theme::toggle(
        ui,
        &mut r.repetition_ends,
        "Threefold repetition ends the game",
    );
    let mut limited = r.move_limit.is_some();
    ui.horizontal(|ui| {
        if theme::toggle(ui, &mut limited, "Move limit") {
            r.move_limit = limited.then_some(DEFAULT_MOVE_LIMIT);
        }
        if let Some(n) = &mut r.move_limit {
            let resp = ui.add_sized(
                [72.0, TOUCH_TARGET],
                egui::DragValue::new(n).range(20..=1000),
            );
            theme::note(ui, Kind::Control, resp.rect, "move limit");
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The form in a phone-wide egui context, with a clock that only goes forward.
    struct Form {
        ctx: egui::Context,
        time: f64,
    }

    impl Form {
        fn new() -> Form {
            let ctx = egui::Context::default();
            theme::apply(&ctx);
            Form { ctx, time: 0.0 }
        }

        /// One pass; what it laid out.
        fn pass(
            &mut self,
            draft: &mut MatchConfig,
            events: Vec<egui::Event>,
        ) -> Vec<theme::LaidOut> {
            self.time += 0.1;
            let input = egui::RawInput {
                time: Some(self.time),
                screen_rect: Some(egui::Rect::from_min_size(
                    egui::Pos2::ZERO,
                    egui::vec2(390.0, 3000.0),
                )),
                events,
                ..Default::default()
            };
            theme::clear_laid_out(&self.ctx);
            let mut show = false;
            let mut out = self
                .ctx
                .run_ui(input, |ui| new_game_form(ui, draft, &mut show));
            out.textures_delta.clear();
            theme::laid_out(&self.ctx)
        }

        /// Taps the (first) control labelled `label`, as a finger would.
        fn tap(&mut self, draft: &mut MatchConfig, label: &str) {
            self.tap_nth(draft, label, 0);
        }

        /// Taps the `nth` control labelled `label` (from 0, top to bottom).
        fn tap_nth(&mut self, draft: &mut MatchConfig, label: &str, nth: usize) {
            let notes = self.pass(draft, vec![]);
            let at = notes
                .iter()
                .filter(|n| n.kind == Kind::Control && n.label == label)
                .nth(nth)
                .unwrap_or_else(|| panic!("no control '{label}' number {nth}"))
                .rect
                .center();
            let button = |pressed| egui::Event::PointerButton {
                pos: at,
                button: egui::PointerButton::Primary,
                pressed,
                modifiers: Default::default(),
            };
            self.pass(draft, vec![egui::Event::PointerMoved(at), button(true)]);
            self.pass(draft, vec![button(false)]);
            self.pass(draft, vec![]);
        }
    }

    fn says(notes: &[theme::LaidOut], kind: Kind, text: &str) -> bool {
        notes
            .iter()
            .any(|n| n.kind == kind && n.label.contains(text))
    }

    #[test]
    fn each_seat_takes_the_colour_its_player_chooses_and_no_two_look_alike() {
        use sternhalma_rules::Point;
        let mut form = Form::new();
        let mut draft = MatchConfig::preset("classic", 2).unwrap();
        let (bottom, top) = (Point::Bottom, Point::Top);
        assert_eq!(point_name(draft.palette, bottom), "White");
        assert_eq!(point_name(draft.palette, top), "Black");
        // The bottom seat's colour list, then green from it.
        form.tap(&mut draft, "White");
        form.tap(&mut draft, "Green");
        assert_eq!(point_name(draft.palette, bottom), "Green");
        assert_eq!(
            point_name(draft.palette, top),
            "Black",
            "the other seat keeps its own"
        );
        let notes = form.pass(&mut draft, vec![]);
        assert!(
            says(&notes, Kind::Control, "Green"),
            "the first-move choice names it"
        );
        // Black, which the top seat wears: the two seats swap.
        form.tap(&mut draft, "Green");
        form.tap(&mut draft, "Black");
        assert_eq!(point_name(draft.palette, bottom), "Black");
        assert_eq!(point_name(draft.palette, top), "Green");
        let mut worn: Vec<usize> = Point::ALL
            .iter()
            .map(|&p| draft.palette.colour(p))
            .collect();
        worn.sort();
        assert_eq!(worn, [0, 1, 2, 3, 4, 5]);
    }

    #[test]
    fn a_strict_finish_offers_the_move_limit_on_the_page() {
        let mut form = Form::new();
        let mut draft = MatchConfig::preset("rulebook", 2).unwrap();
        let notes = form.pass(&mut draft, vec![]);
        assert!(says(&notes, Kind::Control, MOVE_LIMIT_OFFER));
        assert!(says(&notes, Kind::Text, "nothing in these rules ends it"));
        form.tap(&mut draft, MOVE_LIMIT_OFFER);
        assert_eq!(draft.rules.move_limit, Some(DEFAULT_MOVE_LIMIT));
        let notes = form.pass(&mut draft, vec![]);
        assert!(says(&notes, Kind::Text, "Edited: custom (from rulebook)"));
        assert!(!says(&notes, Kind::Text, "nothing in these rules ends it"));
        // Where an opponent's marble fills the goal, nothing can block: no offer.
        let mut classic = MatchConfig::preset("classic", 2).unwrap();
        let notes = form.pass(&mut classic, vec![]);
        assert!(!says(&notes, Kind::Control, MOVE_LIMIT_OFFER));
        assert!(!says(&notes, Kind::Text, "Edited:"));
    }

    #[test]
    fn every_usual_clock_can_be_set_per_game() {
        let mut form = Form::new();
        let mut draft = MatchConfig::preset("classic", 2).unwrap();
        for (label, ms) in [("15 s a move", 15_000), ("60 s a move", 60_000)] {
            form.tap(&mut draft, label);
            assert_eq!(
                draft.rules.clock,
                Some(ClockRule::PerMove {
                    limit_ms: ms,
                    resign_after: 3
                })
            );
        }
        form.tap(&mut draft, "3 min + 2 s");
        assert_eq!(
            draft.rules.clock,
            Some(ClockRule::Reserve {
                reserve_ms: 180_000,
                increment_ms: 2_000
            })
        );
        form.tap(&mut draft, "None");
        assert_eq!(draft.rules.clock, None);
        // The Leapstone preset's own clock is one of them, so it shows as chosen.
        let leap = RuleSet::preset("leapstone").unwrap();
        assert!(CLOCKS.iter().any(|(_, c)| *c == leap.clock));
    }

    #[test]
    fn any_seat_or_chance_moves_first() {
        let mut form = Form::new();
        let mut draft = MatchConfig::preset("rulebook", 4).unwrap();
        // Four players: white, red, black and yellow sit bottom, lower left, top, upper right.
        // Each name is first a seat's colour list, then its first-move choice.
        form.tap_nth(&mut draft, "Black", 1);
        assert_eq!(draft.first, FirstMove::Seat(2));
        assert_eq!(draft.build_game().unwrap().to_move(), Some(2));
        form.tap(&mut draft, "Random");
        assert_eq!(draft.first, FirstMove::Random);
        form.tap_nth(&mut draft, "Yellow", 1);
        assert_eq!(draft.first, FirstMove::Seat(3));
        // Fewer players: a seat that no longer plays gives the first move back to white.
        form.tap(&mut draft, "2");
        assert_eq!(draft.players, 2);
        assert_eq!(draft.first, FirstMove::Seat(0));
        // Every control stays big enough for a finger.
        for n in form.pass(&mut draft, vec![]) {
            if n.kind == Kind::Control {
                assert!(n.rect.height() >= TOUCH_TARGET - 0.5, "{n:?}");
            }
        }
    }
}
