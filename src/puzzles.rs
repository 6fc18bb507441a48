//! The shipped puzzles (issue 23) on the [`crate::practice`] board: finish in 2 or 3 moves,
//! or reach a far hole in one chain of jumps. The learner's moves are checked with the
//! engine's [`Puzzle::check`] once the puzzle's number of moves is played, or at once when
//! the first move already cannot succeed; a wrong answer is explained in a sentence and the
//! board waits for Retry. A solved puzzle is kept in the statistics.

use crate::config::{Palette, point_name};
use crate::persist::AppFiles;
use crate::practice::{Lesson, PracticeBoard, PracticeCommand, PracticeMoved, PracticeSystems};
use crate::state::{AppSystems, Screen};
use crate::stats::{STATS_FILE, Stats};
use bevy::prelude::*;
use sternhalma_rules::ai::puzzles::{Puzzle, PuzzleKind, SHIPPED, read_puzzles};
use sternhalma_rules::{Hole, Move, parse_path};

/// The puzzles the game ships with (none if the list could not be read: never a panic).
#[derive(Resource, Clone, Debug)]
pub struct Puzzles(pub Vec<Puzzle>);

impl Default for Puzzles {
    fn default() -> Self {
        Puzzles(read_puzzles(SHIPPED).unwrap_or_default())
    }
}

/// What the puzzle screens ask for.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum PuzzleCommand {
    /// Play the puzzle at this index of [`Puzzles`].
    Open(usize),
    /// Show the first answer on the board (and play it).
    ShowAnswer,
}

/// The puzzle on the practice board.
#[derive(Resource, Clone, Debug)]
pub struct OpenPuzzle {
    /// Its index in [`Puzzles`].
    pub index: usize,
    /// Solved on this visit.
    pub solved: bool,
    /// The answer was shown (a solve after it is not counted).
    pub shown: bool,
}

/// A puzzle was solved.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct PuzzleSolved {
    /// Its index in [`Puzzles`].
    pub index: usize,
}

/// The prompt in words, naming the learner's seat by its colour under `palette` (the shipped
/// prompts say "White" or "Black" whatever the palette).
pub fn prompt(puzzle: &Puzzle, palette: Palette) -> String {
    let seat = puzzle.position.to_move;
    let colour = puzzle
        .setup()
        .ok()
        .and_then(|s| s.seat_points().get(seat).copied())
        .map_or("Your", |p| point_name(palette, p));
    match puzzle.kind {
        PuzzleKind::FinishIn(n) => format!("You play {colour}: fill your goal in {n} moves."),
        PuzzleKind::FarChain => format!(
            "You play {colour}: reach {} in one move, a single chain of jumps.",
            puzzle.target.as_deref().unwrap_or("the marked hole")
        ),
    }
}

/// Moves a puzzle asks for.
pub fn moves_asked(puzzle: &Puzzle) -> usize {
    match puzzle.kind {
        PuzzleKind::FinishIn(n) => n as usize,
        PuzzleKind::FarChain => 1,
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Puzzles>()
        .add_message::<PuzzleCommand>()
        .add_message::<PuzzleSolved>()
        .add_systems(
            Update,
            open_puzzle
                .before(PracticeSystems::Commands)
                .in_set(AppSystems::Interpret),
        )
        .add_systems(
            Update,
            show_answer
                .run_if(resource_exists::<OpenPuzzle>)
                .in_set(AppSystems::Interpret)
                .after(PracticeSystems::Commands),
        )
        .add_systems(
            Update,
            check_moves
                .run_if(resource_exists::<OpenPuzzle>.and_then(on_message::<PracticeMoved>))
                .in_set(AppSystems::Present)
                .after(PracticeSystems::Moves),
        );
}

fn open_puzzle(
    mut commands: Commands,
    mut requests: MessageReader<PuzzleCommand>,
    puzzles: Res<Puzzles>,
    mut practice: MessageWriter<PracticeCommand>,
) {
    for r in requests.read() {
        let PuzzleCommand::Open(index) = *r else {
            continue;
        };
        let Some(Ok(game)) = puzzles.0.get(index).map(Puzzle::game) else {
            continue;
        };
        practice.write(PracticeCommand::Start(Box::new(Lesson {
            learner: puzzles.0[index].position.to_move,
            start: game,
            back_to: Screen::Puzzles,
            palette: Palette::default(),
        })));
        crate::practice::end_lesson(&mut commands);
        commands.insert_resource(OpenPuzzle {
            index,
            solved: false,
            shown: false,
        });
    }
}

/// Checks the learner's moves: all of them once as many as asked are played; the first one
/// at once when no right answer starts with it.
fn check_moves(
    mut moved: MessageReader<PracticeMoved>,
    puzzles: Res<Puzzles>,
    mut open: ResMut<OpenPuzzle>,
    mut stats: ResMut<Stats>,
    mut files: AppFiles,
    mut practice: MessageWriter<PracticeCommand>,
    mut solved: MessageWriter<PuzzleSolved>,
) {
    let Some(puzzle) = puzzles.0.get(open.index) else {
        return;
    };
    for m in moved.read() {
        let played = &m.moves;
        let verdict = if played.len() >= moves_asked(puzzle) {
            puzzle.check(played)
        } else if played.len() == 1 && !starts_an_answer(puzzle, &played[0]) {
            Err(format!(
                "no finish in {} starts with that move",
                moves_asked(puzzle)
            ))
        } else {
            continue;
        };
        match verdict {
            Ok(()) => {
                open.solved = true;
                if !open.shown && stats.record_puzzle(&Stats::puzzle_key(puzzle)) {
                    files.write(STATS_FILE, &stats.to_ron());
                }
                solved.write(PuzzleSolved { index: open.index });
                practice.write(PracticeCommand::Close("Solved!".into()));
            }
            Err(why) => {
                practice.write(PracticeCommand::Close(format!(
                    "Not quite: {why}. Try again."
                )));
            }
        }
    }
}

/// Whether some right answer begins with the move from and to these holes.
fn starts_an_answer(puzzle: &Puzzle, path: &[Hole]) -> bool {
    let ends = |p: &[Hole]| (p.first().copied(), p.last().copied());
    puzzle.answers.iter().any(|a| {
        a.split_whitespace()
            .next()
            .and_then(|first| parse_path(first).ok())
            .is_some_and(|first| ends(&first) == ends(path))
    })
}

/// "Show answer": back to the start, the answer in words and its first move on the board (a
/// solve after it is not kept in the statistics).
fn show_answer(
    mut requests: MessageReader<PuzzleCommand>,
    puzzles: Res<Puzzles>,
    mut open: ResMut<OpenPuzzle>,
    board: Option<Res<PracticeBoard>>,
    mut practice: MessageWriter<PracticeCommand>,
) {
    if !requests.read().any(|r| *r == PuzzleCommand::ShowAnswer) || board.is_none() {
        return;
    }
    let Some(answer) = puzzles.0.get(open.index).and_then(|p| p.answers.first()) else {
        return;
    };
    open.shown = true;
    practice.write(PracticeCommand::Restart);
    let paths: Vec<_> = answer
        .split_whitespace()
        .filter_map(|t| parse_path(t).ok())
        .collect();
    practice.write(PracticeCommand::Say(format!("The answer: {answer}.")));
    if let Some(first) = paths.first()
        && let (Some(&from), Some(&to)) = (first.first(), first.last())
    {
        practice.write(PracticeCommand::Show(Move {
            from,
            to,
            path: first.clone(),
        }));
    }
}
