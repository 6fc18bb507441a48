//! "How to play": the rules in force in plain words, with small drawings of a step and of a
//! chain of jumps. The rule lines come from the rule set, so they are right for any preset or
//! custom options.

use super::UiPass;
use super::theme;
use crate::board::CurrentGame;
use crate::config::MatchConfig;
use crate::state::Screen;
use bevy::prelude::*;
use bevy_egui::egui::{self, Color32};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};
use sternhalma_rules::RuleSet;
use sternhalma_rules::rules::{AfterFinish, Finish, Jumps};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        rules_guide
            .run_if(in_state(Screen::Rules))
            .in_set(UiPass::Screens),
    );
}

fn rules_guide(
    mut contexts: EguiContexts,
    game: Option<Res<CurrentGame>>,
    draft: Res<MatchConfig>,
    mut screen: ResMut<NextState<Screen>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let (rules, marbles) = match &game {
        Some(g) => (g.rules().clone(), g.setup().marbles),
        None => (draft.rules.clone(), draft.rules.marbles),
    };
    let mut back = false;
    theme::page(
        ctx,
        "rules",
        "How to play",
        |ui| {
            theme::text(
                ui,
                "Race your marbles across the star into the point opposite. On your turn \
                 move one marble:",
            );
            theme::heading(ui, "A step");
            theme::text(ui, "to a neighbouring empty hole.");
            diagram(ui, &[(0, 0, true)], &[(0, 0), (1, 0)]);
            theme::heading(ui, "A chain of jumps");
            theme::text(
                ui,
                "over one marble (any colour) into the empty hole right behind it, again and \
                 again, turning as you like. Stop after any jump. Nothing is captured.",
            );
            diagram(
                ui,
                &[(0, 0, true), (1, 0, false), (3, 0, false), (3, 1, false)],
                &[(0, 0), (2, 0), (4, 0), (2, 2)],
            );
            theme::text(
                ui,
                "Steps and jumps do not mix, and jumping is never compulsory.",
            );
            theme::heading(ui, &format!("Rules in force: {}", rules.name));
            for line in rule_lines(&rules, marbles) {
                theme::text(ui, format!("• {line}"));
            }
            theme::heading(ui, "Playing");
            theme::text(
                ui,
                "Tap one of your marbles: the holes it can reach light up and your goal shows \
                 in gold. Tap a lit hole, or drag the marble there. Pinch to zoom. Keyboard: \
                 arrows, Enter, Esc.",
            );
        },
        |ui| back = theme::wide_button(ui, "Back", false),
    );
    if back {
        screen.set(Screen::MainMenu);
    }
    Ok(())
}

/// The rules of `r` in plain words, for a game of `marbles` marbles each.
pub fn rule_lines(r: &RuleSet, marbles: u8) -> Vec<String> {
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
    if let Some(n) = r.leave_home_moves(marbles) {
        v.push(format!(
            "Every marble must have left home by your {} move, and may not go back into \
             it afterwards: breaking this puts you out.",
            super::ordinal(u32::from(n))
        ));
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_deadline_is_told_from_the_rule_set() {
        let classic = RuleSet::preset("classic").unwrap();
        let lines = rule_lines(&classic, 10).join(" ");
        assert!(lines.contains("by your 30th move"), "{lines}");
        assert!(
            rule_lines(&classic, 15)
                .join(" ")
                .contains("by your 40th move")
        );
        let mut custom = classic.clone();
        custom.leave_home = sternhalma_rules::rules::LeaveHome::Moves(25);
        assert!(
            rule_lines(&custom, 10)
                .join(" ")
                .contains("by your 25th move")
        );
        custom.leave_home = sternhalma_rules::rules::LeaveHome::Off;
        assert!(!rule_lines(&custom, 10).join(" ").contains("left home"));
    }
}
