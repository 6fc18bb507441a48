//! Learn (issue 23): the tutorial's lessons ([`sternhalma_rules::tutorial`]) on the
//! [`crate::practice`] board. Each move the learner plays is judged by the engine's
//! [`Step::check`](sternhalma_rules::tutorial::Step::check): a right one is kept and its note
//! said, a wrong one taken back with its reason. "Show me" plays the step's answer. A finished
//! lesson is kept in [`Settings::tutorial`], which the settings file saves.

use crate::config::{Palette, Settings};
use crate::practice::{
    Lesson, PracticeBoard, PracticeCommand, PracticeMoved, PracticeReset, PracticeSystems,
};
use crate::state::{AppSystems, Screen};
use bevy::prelude::*;
use sternhalma_rules::tutorial::{self, LEARNER, Practice, Verdict};

/// What the Learn screens ask for.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub enum TutorialCommand {
    /// Play the lesson with this id.
    Open(String),
    /// Play the right move for the step asked ("show me").
    ShowMe,
    /// Answer the first-launch offer: `true` to start the first lesson.
    Offer(bool),
}

/// A lesson was finished.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct LessonDone {
    /// Its id.
    pub id: &'static str,
}

/// The lesson on the practice board, followed step by step.
#[derive(Resource, Clone, Debug)]
pub struct OpenLesson {
    /// The engine's side of the lesson: its game and the step reached.
    pub practice: Practice,
}

impl OpenLesson {
    /// The sentence asking for the next move, or `None` once the lesson is done.
    pub fn instruction(&self) -> Option<&'static str> {
        self.practice.step().map(|s| s.instruction)
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_message::<TutorialCommand>()
        .add_message::<LessonDone>()
        .add_systems(
            Update,
            open_lesson
                .before(PracticeSystems::Commands)
                .in_set(AppSystems::Interpret),
        )
        .add_systems(
            Update,
            show_me
                .run_if(resource_exists::<OpenLesson>)
                .in_set(AppSystems::Interpret)
                .after(PracticeSystems::Commands),
        )
        .add_systems(
            Update,
            (follow_take_backs, check_moves)
                .chain()
                .run_if(resource_exists::<OpenLesson>)
                .in_set(AppSystems::Present)
                .after(PracticeSystems::Moves),
        );
}

/// Opens a lesson, asked for by id or by a yes to the first-launch offer; either answer to
/// the offer marks it made (the settings file keeps it), so it is never made again.
fn open_lesson(
    mut commands: Commands,
    mut requests: MessageReader<TutorialCommand>,
    mut settings: ResMut<Settings>,
    mut practice: MessageWriter<PracticeCommand>,
) {
    for r in requests.read() {
        let id = match r {
            TutorialCommand::Open(id) => id.clone(),
            TutorialCommand::Offer(yes) => {
                if !settings.tutorial.offered {
                    settings.tutorial.offered = true;
                }
                match settings.tutorial.next_lesson() {
                    Some(id) if *yes => id.to_string(),
                    _ => continue,
                }
            }
            TutorialCommand::ShowMe => continue,
        };
        let Some(Ok(p)) = tutorial::lesson(&id).map(Practice::new) else {
            continue;
        };
        practice.write(PracticeCommand::Start(Box::new(Lesson {
            start: p.game().clone(),
            learner: LEARNER,
            back_to: Screen::Learn,
            palette: Palette::default(),
        })));
        crate::practice::end_lesson(&mut commands);
        commands.insert_resource(OpenLesson { practice: p });
    }
}

/// Undo, Restart and refusals: the lesson follows the board back (the moves still played
/// were all right ones, so replaying them gives the step reached).
fn follow_take_backs(
    mut reset: MessageReader<PracticeReset>,
    board: Option<Res<PracticeBoard>>,
    mut open: ResMut<OpenLesson>,
) {
    let Some(last) = reset.read().last() else {
        return;
    };
    let Some(board) = board else { return };
    let Ok(mut p) = Practice::new(open.practice.lesson().clone()) else {
        return;
    };
    for path in board.moves.iter().take(last.moves) {
        p.attempt(path);
    }
    open.practice = p;
}

/// Judges each move: right → its note (and "Well done" at the end, kept in the settings);
/// wrong → taken back with the reason.
fn check_moves(
    mut moved: MessageReader<PracticeMoved>,
    mut open: ResMut<OpenLesson>,
    mut settings: ResMut<Settings>,
    mut practice: MessageWriter<PracticeCommand>,
    mut done: MessageWriter<LessonDone>,
) {
    for m in moved.read() {
        let Some(path) = m.moves.last() else { continue };
        match open.practice.attempt(path) {
            Verdict::Right { note } if open.practice.is_done() => {
                let id = open.practice.lesson().id;
                settings.tutorial.complete(id);
                done.write(LessonDone { id });
                practice.write(PracticeCommand::Close(format!("Well done! {note}")));
            }
            Verdict::Right { note } => {
                practice.write(PracticeCommand::Say(note));
            }
            Verdict::Wrong { why } | Verdict::Illegal { why } => {
                practice.write(PracticeCommand::Refuse(why));
            }
        }
    }
}

fn show_me(
    mut requests: MessageReader<TutorialCommand>,
    open: Res<OpenLesson>,
    mut practice: MessageWriter<PracticeCommand>,
) {
    if !requests.read().any(|r| *r == TutorialCommand::ShowMe) {
        return;
    }
    if let Some(path) = open.practice.show_me() {
        practice.write(PracticeCommand::Play(path));
    }
}
