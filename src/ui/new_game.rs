//! The new-game page: rules preset, player count, who plays each seat, the rule options and a
//! clock. It edits the [`MatchConfig`] draft, which starts with the player's last choices.
//! Changed rules can be saved under a name of the player's; those named rule sets follow the
//! presets in the picker, and can be deleted.

use super::dialogs::AskFirst;
use super::theme::{self, Kind, MUTED, TOUCH_TARGET, WARN};
use super::{UiPass, controller_label};
use crate::board::CurrentGame;
use crate::config::{
    COLOUR_NAMES, COLOURS, Controller, FirstMove, MatchConfig, Palette, point_name,
};
use crate::persist::MyRules;
use crate::state::Screen;
use bevy::prelude::*;
use bevy_egui::egui::{self, RichText};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};
use sternhalma_rules::ai::Level;
use sternhalma_rules::rules::{AfterFinish, ClockRule, Finish, Jumps, LeaveHome, PartnerInGoal};
use sternhalma_rules::{Point, RuleSet};
use sternhalma_store::my_rules::{NAME_MAX, Refused};

/// Whether the rule options are unfolded.
#[derive(Resource, Default)]
struct ShowOptions(bool);

/// Saving changed rules under a name, and deleting a named rule set.
#[derive(Resource, Default)]
struct Naming {
    /// The name field is open ("Save rules…" was tapped).
    open: bool,
    /// The name typed so far.
    name: String,
    /// Why the last try was refused.
    refused: Option<Refused>,
    /// What the last save or delete did, in a sentence.
    done: Option<String>,
    /// The named rule set whose deletion waits for a yes.
    deleting: Option<String>,
}

/// The label of the name field, for the layout list and the tests.
const NAME_FIELD: &str = "rules name";
/// The button that opens the name field.
const SAVE_RULES: &str = "Save rules…";

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<ShowOptions>()
        .init_resource::<Naming>()
        // A question belongs to the visit it was asked on.
        .add_systems(OnExit(Screen::NewGame), |mut n: ResMut<Naming>| {
            n.deleting = None
        })
        .add_systems(
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
    mut mine: ResMut<MyRules>,
    mut naming: ResMut<Naming>,
    game: Option<Res<CurrentGame>>,
    mut screen: ResMut<NextState<Screen>>,
    mut ask: ResMut<AskFirst>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    // Edit a copy: egui's change flags would otherwise mark the draft changed every frame.
    let mut d = draft.clone();
    let mut m = mine.clone();
    let problem = d.build_game_drawing(|| 0).err().map(|e| e.to_string());
    let mut action = None;
    theme::page(
        ctx,
        "new-game",
        "New game",
        |ui| new_game_form(ui, &mut d, &mut show_options.0, &mut m, &mut naming),
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
    // Only a real save or delete marks them changed: that is what writes the file.
    if m != *mine {
        *mine = m;
    }
    match action {
        Some(0) => screen.set(Screen::MainMenu),
        Some(_) => ask.start(draft.clone(), game.as_deref()),
        None => {}
    }
    Ok(())
}

/// A seat's colour: a finger-sized drop-down that shows the colour itself (narrow, so the
/// seat's row still fits a 360-point phone) and lists the colours with their names.
fn pick_colour(
    ui: &mut egui::Ui,
    id: impl std::hash::Hash + std::fmt::Debug,
    palette: &mut Palette,
    point: Point,
) {
    let current = palette.colour(point);
    let mut chosen = current;
    let dot = |ui: &egui::Ui, at: egui::Pos2, colour: usize| {
        theme::paint_swatch(ui, at, 22.0, COLOURS[colour]);
    };
    let r = egui::ComboBox::from_id_salt(id)
        // Room for the colour before the arrow.
        .selected_text("     ")
        .width(44.0)
        .height(f32::INFINITY)
        .show_ui(ui, |ui| {
            for (c, name) in COLOUR_NAMES.iter().enumerate() {
                let r = ui.add(
                    egui::Button::selectable(c == current, format!("       {name}"))
                        .min_size(egui::vec2(150.0, TOUCH_TARGET)),
                );
                dot(ui, r.rect.left_center() + egui::vec2(22.0, 0.0), c);
                theme::note(ui, Kind::Control, r.rect, name);
                if r.clicked() {
                    chosen = c;
                }
            }
        });
    let rect = r.response.rect;
    // Left of the drop-down's arrow.
    dot(ui, rect.left_center() + egui::vec2(22.0, 0.0), current);
    theme::note(ui, Kind::Control, rect, COLOUR_NAMES[current]);
    palette.set(point, chosen);
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

/// An entry of the rules picker: a built-in preset or one of the player's named rule sets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Rules {
    Preset(usize),
    Mine(usize),
}

fn new_game_form(
    ui: &mut egui::Ui,
    draft: &mut MatchConfig,
    show_options: &mut bool,
    mine: &mut MyRules,
    naming: &mut Naming,
) {
    theme::heading(ui, "Rules");
    let names: Vec<&str> = RuleSet::preset_names().collect();
    let mut chosen = match &draft.rules.based_on {
        Some(_) => mine
            .all()
            .iter()
            .position(|r| r.name == draft.rules.name)
            .map(Rules::Mine),
        None => names
            .iter()
            .position(|n| *n == draft.preset)
            .map(Rules::Preset),
    };
    let mut options: Vec<(Option<Rules>, String)> = names
        .iter()
        .enumerate()
        .map(|(i, n)| (Some(Rules::Preset(i)), n.to_string()))
        .collect();
    options.extend(
        mine.all()
            .iter()
            .enumerate()
            .map(|(i, r)| (Some(Rules::Mine(i)), r.label())),
    );
    let before = chosen;
    pick(ui, "preset", &mut chosen, &options);
    if chosen != before {
        let rules = match chosen {
            Some(Rules::Preset(i)) => RuleSet::preset(names[i]).ok(),
            Some(Rules::Mine(i)) => mine.all().get(i).cloned(),
            None => None,
        };
        if let Some(rules) = rules
            && let Some(origin) = rules.origin()
        {
            if !rules.players.contains(&draft.players) {
                draft.players = rules.default_players;
            }
            // Colours the table has not changed follow the preset's own (the Leapstone
            // app's); colours it chose stay.
            if draft.palette == Palette::of_preset(&draft.preset) {
                draft.palette = Palette::of_preset(origin);
            }
            draft.preset = origin.to_string();
            draft.rules = rules;
            *naming = Naming::default();
        }
    }
    theme::text(
        ui,
        RichText::new(draft.rules.description.clone())
            .italics()
            .color(MUTED),
    );
    let label = draft.rules.label();
    if draft.rules.based_on.is_none() && label != draft.preset {
        theme::text(ui, RichText::new(format!("Edited: {label}")).color(WARN));
    }
    name_rules(ui, draft, mine, naming);
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
    for (i, p) in points.iter().enumerate() {
        ui.horizontal(|ui| {
            pick_colour(ui, ("colour", i), &mut draft.palette, *p);
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
    // A named rule set changed here (or deleted) is "custom (from …)" again.
    mine.unname_if_changed(&mut draft.rules);
}

/// "Save rules…" under changed rules: a name field, Save (or Replace, for a name already
/// taken) and Cancel; under a named rule set, "Delete …" with a question first.
fn name_rules(ui: &mut egui::Ui, draft: &mut MatchConfig, mine: &mut MyRules, naming: &mut Naming) {
    if MyRules::can_save(&draft.rules) {
        if !naming.open {
            if theme::button(ui, SAVE_RULES).clicked() {
                naming.open = true;
                naming.refused = None;
                naming.done = None;
            }
        } else {
            name_field(ui, draft, mine, naming);
        }
    } else {
        naming.open = false;
        naming.refused = None;
        if draft.rules.based_on.is_some()
            && mine.get(&draft.rules.name).is_some()
            && theme::button(ui, &delete_label(&draft.rules.name)).clicked()
        {
            naming.deleting = Some(draft.rules.name.clone());
            naming.done = None;
        }
    }
    if let Some(done) = &naming.done {
        theme::text(ui, RichText::new(done.as_str()).color(MUTED));
    }
    if let Some(name) = naming.deleting.clone() {
        let body = [
            format!("\"{name}\" will no longer be offered."),
            "Games already played keep its name in records and statistics.".to_string(),
        ];
        match theme::dialog(
            ui.ctx(),
            "delete-rules",
            "Delete these rules?",
            &body,
            &[("Delete", false), ("Keep", true)],
        ) {
            Some(0) => {
                mine.delete(&name);
                naming.deleting = None;
                naming.done = Some(format!("Deleted \"{name}\"."));
            }
            Some(_) => naming.deleting = None,
            None => {}
        }
    }
}

/// The delete button's words for the rule set named `name`.
fn delete_label(name: &str) -> String {
    format!("Delete \"{name}\"…")
}

fn name_field(ui: &mut egui::Ui, draft: &mut MatchConfig, mine: &mut MyRules, naming: &mut Naming) {
    theme::text(
        ui,
        format!("A name for these rules (up to {NAME_MAX} characters):"),
    );
    let r = ui.add_sized(
        [ui.available_width(), TOUCH_TARGET],
        egui::TextEdit::singleline(&mut naming.name)
            .hint_text("e.g. family rules")
            .vertical_align(egui::Align::Center),
    );
    theme::note(ui, Kind::Control, r.rect, NAME_FIELD);
    if r.changed() {
        naming.refused = None;
    }
    let entered = r.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
    if let Some(refused) = &naming.refused {
        theme::text(ui, RichText::new(refused.to_string()).color(WARN));
    }
    let mut buttons = vec![("Cancel", true, false)];
    if matches!(naming.refused, Some(Refused::Taken(_))) {
        buttons.push(("Replace", true, false));
    }
    buttons.push(("Save", true, true));
    let replace = match theme::button_row(ui, &buttons).map(|i| buttons[i].0) {
        Some("Cancel") => {
            *naming = Naming::default();
            return;
        }
        Some("Replace") => true,
        Some(_) => false,
        None if entered => false,
        None => return,
    };
    match mine.save(&naming.name, &draft.rules, replace) {
        Ok(saved) => {
            naming.done = Some(format!("Saved as \"{}\".", saved.label()));
            draft.rules = saved;
            naming.open = false;
            naming.name.clear();
            naming.refused = None;
        }
        Err(refused) => naming.refused = Some(refused),
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
        mine: MyRules,
        naming: Naming,
    }

    impl Form {
        fn new() -> Form {
            let ctx = egui::Context::default();
            theme::apply(&ctx);
            Form {
                ctx,
                time: 0.0,
                mine: MyRules::default(),
                naming: Naming::default(),
            }
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
            let (mine, naming) = (&mut self.mine, &mut self.naming);
            let mut out = self.ctx.run_ui(input, |ui| {
                new_game_form(ui, draft, &mut show, mine, naming)
            });
            out.textures_delta.clear();
            theme::laid_out(&self.ctx)
        }

        /// Where the `nth` control labelled `label` is (from 0, top to bottom), and the part of
        /// the screen it shows in.
        fn find(
            &mut self,
            draft: &mut MatchConfig,
            label: &str,
            nth: usize,
        ) -> (egui::Pos2, egui::Rect) {
            let notes = self.pass(draft, vec![]);
            let n = notes
                .iter()
                .filter(|n| n.kind == Kind::Control && n.label == label)
                .nth(nth)
                .unwrap_or_else(|| panic!("no control '{label}' number {nth}"));
            (n.rect.center(), n.clip)
        }

        /// Taps the (first) control labelled `label`, as a finger would.
        fn tap(&mut self, draft: &mut MatchConfig, label: &str) {
            self.tap_nth(draft, label, 0);
        }

        /// Taps the `nth` control labelled `label` (from 0, top to bottom), as a finger would
        /// (scrolling its list to it first, as a finger would, when it lies beyond what the
        /// list shows).
        fn tap_nth(&mut self, draft: &mut MatchConfig, label: &str, nth: usize) {
            let (mut at, clip) = self.find(draft, label, nth);
            if !clip.contains(at) {
                let wheel = egui::Event::MouseWheel {
                    unit: egui::MouseWheelUnit::Point,
                    delta: egui::vec2(0.0, clip.center().y - at.y),
                    phase: egui::TouchPhase::Move,
                    modifiers: Default::default(),
                };
                // Over the list itself, which may be narrower than its clip.
                let over = egui::pos2(at.x, clip.center().y);
                self.pass(draft, vec![egui::Event::PointerMoved(over), wheel]);
                for _ in 0..20 {
                    self.pass(draft, vec![]);
                }
                at = self.find(draft, label, nth).0;
                assert!(
                    clip.contains(at),
                    "'{label}' scrolled into view: {at:?} {clip:?}"
                );
            }
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

    impl Form {
        /// Taps the name field and types `text` over whatever it held.
        fn type_name(&mut self, draft: &mut MatchConfig, text: &str) {
            self.tap(draft, NAME_FIELD);
            let all = egui::Modifiers {
                ctrl: true,
                command: true,
                ..Default::default()
            };
            self.pass(
                draft,
                vec![
                    egui::Event::Key {
                        key: egui::Key::A,
                        physical_key: None,
                        pressed: true,
                        repeat: false,
                        modifiers: all,
                    },
                    egui::Event::Text(text.into()),
                ],
            );
        }

        fn controls(&mut self, draft: &mut MatchConfig) -> Vec<String> {
            self.pass(draft, vec![])
                .into_iter()
                .filter(|n| n.kind == Kind::Control)
                .map(|n| n.label)
                .collect()
        }

        /// Opens the rules picker (shown as `shown`) and taps its entry `entry`.
        fn choose_rules(&mut self, draft: &mut MatchConfig, shown: &str, entry: &str) {
            self.tap(draft, shown);
            let open = self.controls(draft);
            assert!(open.iter().any(|l| l == entry), "{entry} among {open:?}");
            self.tap(draft, entry);
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
        // Colours the table chose stay whatever the preset.
        form.tap(&mut draft, "classic");
        form.tap(&mut draft, "leapstone");
        assert_eq!(draft.preset, "leapstone");
        assert_eq!(point_name(draft.palette, bottom), "Black");
    }

    #[test]
    fn the_leapstone_preset_brings_its_own_colours_until_the_table_changes_them() {
        use sternhalma_rules::Point;
        let mut form = Form::new();
        let mut draft = MatchConfig::preset("classic", 2).unwrap();
        form.tap(&mut draft, "classic");
        form.tap(&mut draft, "leapstone");
        assert_eq!(draft.preset, "leapstone");
        let names = |d: &MatchConfig| Point::ALL.map(|p| point_name(d.palette, p));
        assert_eq!(
            names(&draft),
            ["Red", "Blue", "Green", "Yellow", "Purple", "Silver"]
        );
        // Purple is offered to every seat, and back to the board's colours with another preset.
        form.tap(&mut draft, "Red");
        form.tap(&mut draft, "Silver");
        assert_eq!(point_name(draft.palette, Point::Bottom), "Silver");
        form.tap(&mut draft, "leapstone");
        form.tap(&mut draft, "classic");
        assert_eq!(
            point_name(draft.palette, Point::Bottom),
            "Silver",
            "a choice stays"
        );
        let mut fresh = MatchConfig::preset("leapstone", 2).unwrap();
        form.tap(&mut fresh, "leapstone");
        form.tap(&mut fresh, "classic");
        assert_eq!(
            fresh.palette,
            Palette::default(),
            "the board's own colours again"
        );
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

    #[test]
    fn changed_rules_are_saved_under_a_name_and_follow_the_presets_in_the_picker() {
        let mut form = Form::new();
        let mut draft = MatchConfig::preset("classic", 2).unwrap();
        assert!(!form.controls(&mut draft).contains(&SAVE_RULES.to_string()));
        form.tap(&mut draft, "15 s a move");
        assert_eq!(draft.rules.label(), "custom (from classic)");
        form.tap(&mut draft, SAVE_RULES);
        // A bad name: told why, and nothing saved.
        form.tap(&mut draft, "Save");
        let notes = form.pass(&mut draft, vec![]);
        assert!(says(&notes, Kind::Text, "Type a name for these rules."));
        form.type_name(&mut draft, "Classic");
        form.tap(&mut draft, "Save");
        let notes = form.pass(&mut draft, vec![]);
        assert!(says(
            &notes,
            Kind::Text,
            "\"classic\" is the name of a built-in preset"
        ));
        assert!(form.mine.all().is_empty());
        assert_eq!(draft.rules.label(), "custom (from classic)");
        // A good one, trimmed.
        form.type_name(&mut draft, " family rules ");
        form.tap(&mut draft, "Save");
        assert_eq!(draft.rules.label(), "family rules (from classic)");
        assert_eq!(form.mine.all(), std::slice::from_ref(&draft.rules));
        let notes = form.pass(&mut draft, vec![]);
        assert!(says(
            &notes,
            Kind::Text,
            "Saved as \"family rules (from classic)\"."
        ));
        assert!(!says(&notes, Kind::Text, "Edited:"));
        assert!(!says(&notes, Kind::Control, SAVE_RULES));
        assert!(says(&notes, Kind::Control, "Delete \"family rules\"…"));
        // In the picker after the presets, chosen like one.
        form.choose_rules(&mut draft, "family rules (from classic)", "casual");
        assert_eq!(draft.rules, RuleSet::preset("casual").unwrap());
        form.tap(&mut draft, "casual");
        let entries = form.controls(&mut draft);
        let at = |l: &str| entries.iter().position(|e| e == l).unwrap();
        assert!(
            at("family rules (from classic)") > at("leapstone"),
            "{entries:?}"
        );
        form.tap(&mut draft, "family rules (from classic)");
        assert_eq!(Some(&draft.rules), form.mine.get("family rules"));
        assert_eq!(draft.preset, "classic");
        // Changed again, it is custom again, and the saved set stays as it was.
        form.tap(&mut draft, "60 s a move");
        assert_eq!(draft.rules.label(), "custom (from classic)");
        assert_eq!(
            form.mine.all()[0].clock,
            Some(ClockRule::PerMove {
                limit_ms: 15_000,
                resign_after: 3
            })
        );
        // Every control of the naming stays big enough for a finger.
        form.tap(&mut draft, SAVE_RULES);
        for n in form.pass(&mut draft, vec![]) {
            if n.kind == Kind::Control {
                assert!(n.rect.height() >= TOUCH_TARGET - 0.5, "{n:?}");
            }
        }
    }

    #[test]
    fn a_name_already_taken_is_replaced_only_when_asked() {
        let mut form = Form::new();
        let mut draft = MatchConfig::preset("classic", 2).unwrap();
        form.tap(&mut draft, "15 s a move");
        form.tap(&mut draft, SAVE_RULES);
        form.type_name(&mut draft, "ours");
        form.tap(&mut draft, "Save");
        form.choose_rules(&mut draft, "ours (from classic)", "casual");
        form.tap(&mut draft, "60 s a move");
        form.tap(&mut draft, SAVE_RULES);
        form.type_name(&mut draft, "Ours");
        form.tap(&mut draft, "Save");
        let notes = form.pass(&mut draft, vec![]);
        assert!(says(
            &notes,
            Kind::Text,
            "You already have rules named \"ours\""
        ));
        assert_eq!(form.mine.all()[0].origin(), Some("classic"), "unchanged");
        form.tap(&mut draft, "Replace");
        assert_eq!(form.mine.all().len(), 1);
        assert_eq!(draft.rules.label(), "Ours (from casual)");
        assert_eq!(form.mine.all()[0], draft.rules);
    }

    #[test]
    fn a_named_rule_set_is_deleted_after_a_yes() {
        let mut form = Form::new();
        let mut draft = MatchConfig::preset("classic", 2).unwrap();
        form.tap(&mut draft, "15 s a move");
        form.tap(&mut draft, SAVE_RULES);
        form.type_name(&mut draft, "family");
        form.tap(&mut draft, "Save");
        let delete = delete_label("family");
        form.tap(&mut draft, &delete);
        let notes = form.pass(&mut draft, vec![]);
        assert!(says(&notes, Kind::Text, "Delete these rules?"));
        form.tap(&mut draft, "Keep");
        assert!(form.mine.get("family").is_some(), "kept");
        form.tap(&mut draft, &delete);
        form.tap(&mut draft, "Delete");
        assert!(form.mine.all().is_empty());
        // Gone from the picker; the rules on the page are custom again, and can be saved anew.
        assert_eq!(draft.rules.label(), "custom (from classic)");
        let notes = form.pass(&mut draft, vec![]);
        assert!(says(&notes, Kind::Text, "Deleted \"family\"."));
        assert!(says(&notes, Kind::Control, SAVE_RULES));
        form.tap(&mut draft, "classic");
        assert!(
            !form
                .controls(&mut draft)
                .iter()
                .any(|l| l.contains("family"))
        );
    }
}
