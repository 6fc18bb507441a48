//! The practice screens (issue 23): the choice of a crossing (6, 10 or 15 marbles, with your
//! best and the known shortest) or the puzzles; the list of puzzles, solved or not; and the
//! panel around the practice board: the move count, Undo, Restart and Hint for a crossing,
//! the prompt, Retry and the answer for a puzzle, and what the lesson said.

use super::theme::{self, ACCENT, MUTED, TOUCH_TARGET};
use super::{BoardPanels, UiPass};
use crate::config::Palette;
use crate::crossing::{CrossingCommand, CrossingSession, known_text};
use crate::look::BoardFrame;
use crate::practice::{PracticeBoard, PracticeCommand};
use crate::puzzles::{OpenPuzzle, PuzzleCommand, Puzzles, prompt};
use crate::state::Screen;
use crate::stats::Stats;
use crate::tutorial::{OpenLesson, TutorialCommand};
use bevy::prelude::*;
use bevy_egui::egui::{self, RichText};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};

/// The crossing sizes offered.
pub const CROSSING_SIZES: [u8; 3] = [6, 10, 15];

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        (
            practice_menu.run_if(in_state(Screen::PracticeMenu)),
            puzzle_list.run_if(in_state(Screen::Puzzles)),
            practice_panel
                .run_if(in_state(Screen::Practice).and_then(resource_exists::<PracticeBoard>)),
        )
            .in_set(UiPass::Screens),
    );
}

/// "your best 29" or "not crossed yet".
fn best_text(stats: &Stats, marbles: u8) -> String {
    stats
        .crossing_best
        .get(&marbles)
        .map_or("not crossed yet".into(), |b| format!("your best {b}"))
}

fn practice_menu(
    mut contexts: EguiContexts,
    stats: Res<Stats>,
    puzzles: Res<Puzzles>,
    mut screen: ResMut<NextState<Screen>>,
    mut crossing: MessageWriter<CrossingCommand>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut back = false;
    theme::page(
        ctx,
        "practice",
        "Practice",
        |ui| {
            theme::heading(ui, "Crossing");
            theme::text(
                ui,
                RichText::new("Bring all your marbles across in as few moves as you can.")
                    .color(MUTED),
            );
            // One row of sizes, so that the page fits a phone held sideways.
            let labels = CROSSING_SIZES.map(|m| format!("{m} marbles"));
            let row: Vec<(&str, bool, bool)> =
                labels.iter().map(|l| (l.as_str(), true, false)).collect();
            if let Some(i) = theme::button_row(ui, &row) {
                crossing.write(CrossingCommand::Start(CROSSING_SIZES[i]));
            }
            // Each size's best and the fewest known under its button.
            best_row(ui, &stats);
            // The puzzles as one button that says how many are solved: with the crossing's
            // bests under its buttons, the page fits a phone held sideways.
            let solved = solved_count(&stats, &puzzles);
            let label = format!("Puzzles · {solved} of {} solved", puzzles.0.len());
            if theme::wide_button(ui, &label, false) {
                screen.set(Screen::Puzzles);
            }
        },
        |ui| back = theme::wide_button(ui, "Back", false),
    );
    if back {
        screen.set(Screen::MainMenu);
    }
    Ok(())
}

/// Under each crossing button, its best and the fewest moves known, centred in its column.
fn best_row(ui: &mut egui::Ui, stats: &Stats) {
    let n = CROSSING_SIZES.len() as f32;
    let gap = ui.spacing().item_spacing.x;
    let w = (ui.available_width() - gap * (n - 1.0)) / n;
    ui.horizontal_top(|ui| {
        for marbles in CROSSING_SIZES {
            ui.allocate_ui_with_layout(
                egui::vec2(w, 0.0),
                egui::Layout::top_down(egui::Align::Center),
                |ui| {
                    ui.set_width(w);
                    for line in [best_text(stats, marbles), known_text(marbles)] {
                        let r = ui.add(
                            egui::Label::new(RichText::new(&line).color(MUTED))
                                .wrap()
                                .halign(egui::Align::Center),
                        );
                        theme::note(ui, theme::Kind::Text, r.rect, &line);
                    }
                },
            );
        }
    });
}

fn solved_count(stats: &Stats, puzzles: &Puzzles) -> usize {
    puzzles
        .0
        .iter()
        .filter(|p| stats.puzzles_solved.contains(&Stats::puzzle_key(p)))
        .count()
}

fn puzzle_list(
    mut contexts: EguiContexts,
    stats: Res<Stats>,
    puzzles: Res<Puzzles>,
    mut screen: ResMut<NextState<Screen>>,
    mut requests: MessageWriter<PuzzleCommand>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut back = false;
    theme::page(
        ctx,
        "puzzles",
        "Puzzles",
        |ui| {
            if puzzles.0.is_empty() {
                theme::text(ui, "No puzzles could be read.");
            }
            for (i, p) in puzzles.0.iter().enumerate() {
                let solved = stats.puzzles_solved.contains(&Stats::puzzle_key(p));
                ui.add_space(6.0);
                let mark = if solved {
                    "✔ solved"
                } else {
                    "not solved yet"
                };
                theme::text(
                    ui,
                    RichText::new(format!("Puzzle {} · {mark}", i + 1))
                        .strong()
                        .color(if solved { ACCENT } else { theme::TEXT }),
                );
                theme::text(
                    ui,
                    RichText::new(prompt(p, Palette::default())).color(MUTED),
                );
                if theme::button(ui, &format!("Play puzzle {}", i + 1)).clicked() {
                    requests.write(PuzzleCommand::Open(i));
                }
            }
        },
        |ui| back = theme::wide_button(ui, "Back", false),
    );
    if back {
        screen.set(Screen::PracticeMenu);
    }
    Ok(())
}

/// What the panel shows and offers for the lesson on the board.
struct PanelText {
    title: String,
    lines: Vec<(String, bool)>,
    buttons: Vec<(&'static str, bool, bool)>,
}

fn crossing_text(session: &CrossingSession, board: &PracticeBoard, stats: &Stats) -> PanelText {
    let c = &session.crossing;
    let marbles = c.marbles();
    let mut lines = vec![(
        format!(
            "Moves: {} · {} · {}",
            c.moves_made(),
            best_text(stats, marbles),
            known_text(marbles)
        ),
        false,
    )];
    if session.thinking() {
        lines.push(("Thinking…".into(), false));
    } else if let Some((n, proved)) = session.still_needed() {
        let n = if proved {
            format!("{n} moves still needed")
        } else {
            format!("{n} moves still needed, or fewer")
        };
        lines.push((n, false));
    }
    if let Some(said) = &board.said {
        lines.push((said.clone(), true));
    }
    let done = session.finished.is_some();
    PanelText {
        title: format!("Crossing: {marbles} marbles"),
        lines,
        buttons: vec![
            ("Undo", !board.moves.is_empty(), false),
            ("Restart", !board.moves.is_empty(), false),
            ("Hint", !done && !session.thinking(), !done),
            ("Back", true, done),
        ],
    }
}

fn puzzle_text(open: &OpenPuzzle, puzzles: &Puzzles, board: &PracticeBoard) -> PanelText {
    let mut lines = vec![];
    if let Some(p) = puzzles.0.get(open.index) {
        lines.push((prompt(p, board.lesson.palette), false));
    }
    if let Some(said) = &board.said {
        lines.push((said.clone(), true));
    }
    PanelText {
        title: format!("Puzzle {} of {}", open.index + 1, puzzles.0.len()),
        lines,
        buttons: vec![
            ("Undo", !board.moves.is_empty() && !board.closed, false),
            (
                "Retry",
                !board.moves.is_empty() || board.said.is_some(),
                board.closed && !open.solved,
            ),
            ("Answer", true, false),
            ("Back", true, open.solved),
        ],
    }
}

/// A tutorial lesson: the step's instruction, what was said, Show me; Next once done.
fn lesson_text(open: &OpenLesson, board: &PracticeBoard) -> PanelText {
    let lesson = open.practice.lesson();
    let mut lines = vec![];
    if let Some(instruction) = open.instruction() {
        lines.push((instruction.to_string(), false));
    }
    if let Some(said) = &board.said {
        lines.push((said.clone(), true));
    }
    let done = open.practice.is_done();
    let mut buttons = vec![("Restart", !board.moves.is_empty(), false)];
    if done {
        let more = next_lesson_after(lesson.id).is_some();
        buttons.push(("Next", more, more));
    } else {
        buttons.push(("Show me", true, false));
    }
    buttons.push(("Back", true, done && next_lesson_after(lesson.id).is_none()));
    PanelText {
        title: lesson.title.to_string(),
        lines,
        buttons,
    }
}

/// The lesson after this one in the list, if any.
fn next_lesson_after(id: &str) -> Option<&'static str> {
    let list = sternhalma_rules::tutorial::lessons();
    let at = list.iter().position(|l| l.id == id)?;
    list.get(at + 1).map(|l| l.id)
}

/// The panel around the practice board: above and below it on a phone held upright, beside it
/// held sideways.
fn practice_panel(
    mut contexts: EguiContexts,
    board: Res<PracticeBoard>,
    session: Option<Res<CrossingSession>>,
    open: Option<Res<OpenPuzzle>>,
    puzzles: Res<Puzzles>,
    stats: Res<Stats>,
    mut frame: ResMut<BoardFrame>,
    mut screen: ResMut<NextState<Screen>>,
    mut practice: MessageWriter<PracticeCommand>,
    mut crossing: MessageWriter<CrossingCommand>,
    mut puzzle: MessageWriter<PuzzleCommand>,
    lesson: Option<Res<OpenLesson>>,
    mut tutorial: MessageWriter<TutorialCommand>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let text = match (&session, &open, &lesson) {
        (Some(s), _, _) => crossing_text(s, &board, &stats),
        (None, Some(o), _) => puzzle_text(o, &puzzles, &board),
        (None, None, Some(l)) => lesson_text(l, &board),
        (None, None, None) => PanelText {
            title: "Practice".into(),
            lines: board.said.iter().map(|s| (s.clone(), true)).collect(),
            buttons: vec![
                ("Undo", !board.moves.is_empty(), false),
                ("Restart", !board.moves.is_empty(), false),
                ("Back", true, false),
            ],
        },
    };
    let mut panels = BoardPanels::new(ctx, "practice");
    let header = |ui: &mut egui::Ui| {
        theme::text(ui, RichText::new(&text.title).strong());
        for (line, said) in &text.lines {
            let t = RichText::new(line.as_str());
            theme::text(ui, if *said { t.color(ACCENT).strong() } else { t });
        }
    };
    let mut action = None;
    if panels.landscape {
        egui::Panel::right("practice-side")
            .exact_size(panels.side_width)
            .resizable(false)
            .show(&mut panels.root, |ui| {
                ui.add_space(6.0);
                theme::scrolling(ui, "practice-side-body", |ui| {
                    header(ui);
                    ui.add_space(6.0);
                    // Two rows of two: each button keeps a finger's width in a narrow panel.
                    for (row, pair) in text.buttons.chunks(2).enumerate() {
                        if let Some(i) = theme::button_row(ui, pair) {
                            action = Some(text.buttons[row * 2 + i].0);
                        }
                    }
                });
            });
    } else {
        egui::Panel::top("practice-top")
            .resizable(false)
            .show(&mut panels.root, |ui| {
                ui.add_space(4.0);
                header(ui);
            });
        egui::Panel::bottom("practice-bottom")
            .resizable(false)
            .exact_size(TOUCH_TARGET + 20.0)
            .show(&mut panels.root, |ui| {
                ui.add_space(6.0);
                if let Some(i) = theme::button_row(ui, &text.buttons) {
                    action = Some(text.buttons[i].0);
                }
            });
    }
    match action {
        Some("Undo") => {
            practice.write(PracticeCommand::Undo);
        }
        Some("Restart" | "Retry") => {
            practice.write(PracticeCommand::Restart);
        }
        Some("Hint") => {
            crossing.write(CrossingCommand::Hint);
        }
        Some("Answer") => {
            puzzle.write(PuzzleCommand::ShowAnswer);
        }
        Some("Show me") => {
            tutorial.write(TutorialCommand::ShowMe);
        }
        Some("Next") => {
            if let Some(next) = lesson
                .as_ref()
                .and_then(|l| next_lesson_after(l.practice.lesson().id))
            {
                tutorial.write(TutorialCommand::Open(next.to_string()));
            }
        }
        Some("Back") => screen.set(board.lesson.back_to),
        _ => {}
    }
    panels.leave_rest_to_board(&mut frame);
    Ok(())
}
