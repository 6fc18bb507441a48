//! The solo crossing challenge (issue 23): one seat's 6, 10 or 15 marbles alone on the board,
//! from the bottom point into the top one in as few moves as possible, played on the
//! [`crate::practice`] board. The engine's [`Crossing`] follows the moves; Hint asks its
//! solver for the next move (shown with the hint marks) and how many moves are still needed;
//! a finished crossing keeps the fewest moves per size in the statistics.
//!
//! The hint runs off the frame loop as a one-step [`Background`]: natively on a thread of the
//! async compute pool, which wakes the idle app when it answers, and at once on the web (a
//! budget small enough for a frame).

use crate::background::{Background, Waker};
use crate::persist::AppFiles;
use crate::practice::{
    Lesson, PracticeBoard, PracticeCommand, PracticeMoved, PracticeReset, PracticeSystems,
};
use crate::state::{AppSystems, Screen};
use crate::stats::{STATS_FILE, Stats};
use bevy::prelude::*;
use bevy::window::RequestRedraw;
use sternhalma_rules::Move;
use sternhalma_rules::ai::crossing::{Crossing, HintBudget, known_minimum};

/// What the crossing screen asks for.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum CrossingCommand {
    /// A new crossing of this many marbles (6, 10 or 15).
    Start(u8),
    /// The solver's next move from the position on the board.
    Hint,
}

/// A crossing was finished.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct CrossingFinished {
    /// Marbles crossed.
    pub marbles: u8,
    /// In this many moves.
    pub moves: u32,
    /// Fewer than ever before at this size.
    pub new_best: bool,
}

/// The crossing on the practice board.
#[derive(Resource)]
pub struct CrossingSession {
    /// The engine's crossing, in step with the board's moves.
    pub crossing: Crossing,
    /// The last hint's "moves still needed" and whether it is proved, for the position it
    /// was asked in (by moves made).
    pub needed: Option<(u32, bool, u32)>,
    /// The finish, once crossed.
    pub finished: Option<CrossingFinished>,
    /// A hint being worked out.
    job: Option<HintJob>,
}

impl CrossingSession {
    /// Whether the solver is working on a hint.
    pub fn thinking(&self) -> bool {
        self.job.is_some()
    }

    /// The "moves still needed" of the last hint, if it is for the position now.
    pub fn still_needed(&self) -> Option<(u32, bool)> {
        self.needed
            .filter(|n| n.2 == self.crossing.moves_made())
            .map(|n| (n.0, n.1))
    }
}

/// The known shortest crossing in words: "proved minimum 27" or "best known 23".
pub fn known_text(marbles: u8) -> String {
    match known_minimum(marbles) {
        Some((n, true)) => format!("proved minimum {n}"),
        Some((n, false)) => format!("best known {n}"),
        None => String::new(),
    }
}

/// The hint's work: the UI's default, less for 15 marbles (measured with `sternhalma-cli
/// crossing --marbles 15`: 0.6 s at the default from the start, 0.4 s at width 150 on one
/// core of this machine) so that it answers well under a second.
pub fn hint_budget(marbles: u8) -> HintBudget {
    if marbles >= 15 {
        HintBudget {
            beam_width: 150,
            nodes: 20_000,
        }
    } else {
        HintBudget::default()
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_message::<CrossingCommand>()
        .add_message::<CrossingFinished>()
        .add_message::<RequestRedraw>()
        .add_systems(
            Update,
            start_crossing
                .before(PracticeSystems::Commands)
                .in_set(AppSystems::Interpret),
        )
        .add_systems(
            Update,
            (ask_hint, collect_hint)
                .chain()
                .run_if(resource_exists::<CrossingSession>)
                .in_set(AppSystems::Interpret)
                .after(PracticeSystems::Commands),
        )
        .add_systems(
            Update,
            follow_board
                .run_if(
                    resource_exists::<CrossingSession>
                        .and_then(on_message::<PracticeMoved>.or_else(on_message::<PracticeReset>)),
                )
                .in_set(AppSystems::Present)
                .after(PracticeSystems::Moves),
        );
}

fn start_crossing(
    mut commands: Commands,
    mut requests: MessageReader<CrossingCommand>,
    mut practice: MessageWriter<PracticeCommand>,
) {
    for r in requests.read() {
        let CrossingCommand::Start(marbles) = *r else {
            continue;
        };
        let Ok(crossing) = Crossing::new(marbles) else {
            continue;
        };
        practice.write(PracticeCommand::Start(Box::new(Lesson {
            start: crossing.game(),
            learner: 0,
            back_to: Screen::PracticeMenu,
            palette: Default::default(),
        })));
        crate::practice::end_lesson(&mut commands);
        commands.insert_resource(CrossingSession {
            crossing,
            needed: None,
            finished: None,
            job: None,
        });
    }
}

/// Keeps the engine's crossing at the board's moves; a full goal is a finish.
fn follow_board(
    board: Option<Res<PracticeBoard>>,
    mut session: ResMut<CrossingSession>,
    mut stats: ResMut<Stats>,
    mut files: AppFiles,
    mut practice: MessageWriter<PracticeCommand>,
    mut finished: MessageWriter<CrossingFinished>,
) {
    let Some(board) = board else { return };
    let s = &mut *session;
    while s.crossing.moves_made() as usize > board.moves.len() {
        s.crossing.undo();
    }
    let made = s.crossing.moves_made() as usize;
    for path in &board.moves[made..] {
        if s.crossing.play(path).is_err() {
            break;
        }
    }
    s.job = None;
    if !s.crossing.is_done() {
        s.finished = None;
        return;
    }
    if s.finished.is_some() {
        return;
    }
    let (marbles, moves) = (s.crossing.marbles(), s.crossing.moves_made());
    let new_best = stats.record_crossing(marbles, moves);
    files.write(STATS_FILE, &stats.to_ron());
    let done = CrossingFinished {
        marbles,
        moves,
        new_best,
    };
    s.finished = Some(done);
    finished.write(done);
    let best = if new_best { ": your best yet!" } else { "." };
    practice.write(PracticeCommand::Close(format!(
        "Crossed in {moves} moves{best}"
    )));
}

fn ask_hint(
    mut requests: MessageReader<CrossingCommand>,
    mut session: ResMut<CrossingSession>,
    mut redraw: MessageWriter<RequestRedraw>,
    waker: Waker,
) {
    if !requests.read().any(|r| *r == CrossingCommand::Hint) {
        return;
    }
    if session.job.is_some() || session.crossing.is_done() {
        return;
    }
    let marbles = session.crossing.marbles();
    session.job = Some(HintJob::start(
        session.crossing.clone(),
        hint_budget(marbles),
        &waker,
    ));
    redraw.write(RequestRedraw);
}

fn collect_hint(
    mut session: ResMut<CrossingSession>,
    mut practice: MessageWriter<PracticeCommand>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    let Some(job) = session.job.as_mut() else {
        return;
    };
    let Some(answer) = job.run.poll() else {
        if job.run.needs_frames() {
            redraw.write(RequestRedraw);
        }
        return;
    };
    let for_moves = job.moves;
    session.job = None;
    redraw.write(RequestRedraw);
    // An answer for a position already left is dropped (the board moved on meanwhile).
    if for_moves != session.crossing.moves_made() {
        return;
    }
    if let Some((m, needed, proved)) = answer {
        session.needed = Some((needed, proved, for_moves));
        practice.write(PracticeCommand::Show(m));
    }
}

type HintAnswer = Option<(Move, u32, bool)>;

/// A hint being worked out off the frame loop.
struct HintJob {
    run: Background<HintAnswer>,
    /// Moves made when it was asked.
    moves: u32,
}

impl HintJob {
    fn start(crossing: Crossing, budget: HintBudget, waker: &Waker) -> HintJob {
        let moves = crossing.moves_made();
        let mut work = Some((crossing, budget));
        HintJob {
            run: Background::start(waker, move |_| work.take().map(|(c, b)| c.hint(&b))),
            moves,
        }
    }
}
