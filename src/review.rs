//! Game review (issue 23): the engine plays a game through again and marks each move by what
//! it cost, in moves to finish, against its own best move there
//! ([`sternhalma_rules::ai::review`]).
//!
//! A review starts from the results of a finished game or from a record on the replay screen
//! ([`ReviewCommand::Start`]). It runs off the frame loop as a [`ReviewJob`], a
//! [`Background`] that reviews one move per step with the engine's step-by-step [`Reviewer`]:
//! natively on a pool thread that wakes the idle app (reactive winit) once per reviewed move,
//! so frames are drawn only as the progress bar moves; in the browser, one move per frame (a
//! move takes a few tenths of a second at most, so the page answers a Cancel within one move,
//! never seconds later).
//!
//! Cancelling drops the job (its flag stops the engine at once) and leaves everything as it
//! was: the player is back on the screen the review started from. A finished review becomes
//! [`GameReview`], shown on the replay screen over the record: the record opens there when the
//! review started from the results, and closing the review goes back to them.

use crate::background::{Background, Waker};
use crate::board::CurrentGame;
use crate::play::{BoardChanged, Notice};
use crate::records::{RecordCommand, Replay};
use crate::selection::GoBack;
use crate::state::{AppSystems, Screen};
use bevy::prelude::*;
use bevy::window::RequestRedraw;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use sternhalma_rules::GameRecord;
use sternhalma_rules::ai::review::{Review, ReviewError, ReviewOptions, ReviewedMove, Reviewer};

/// What the review screens ask for.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub enum ReviewCommand {
    /// Review the game on the board (the results) or the record shown (the replay): every
    /// seat's moves with two players, else the moves of `seat` (0-based).
    Start {
        /// The seat to review; `None` lets the engine choose (both seats of two).
        seat: Option<usize>,
    },
    /// Stop the review under way: nothing changes.
    Cancel,
    /// Show the position before the reviewed move at this index of [`Review::moves`], with the
    /// played and the better move on the board.
    Show(usize),
    /// Put the review away: back to the results, or to the plain replay.
    Close,
}

/// How reviews judge moves: the engine's defaults (its Hint, the expert) unless a test asks for
/// a cheaper judge.
#[derive(Resource, Clone, Debug, Default)]
pub struct ReviewSettings(pub ReviewOptions);

/// A review under way.
#[derive(Resource)]
pub struct ReviewJob {
    /// The screen it started from, and goes back to if cancelled.
    pub origin: Screen,
    /// The record under review and its title.
    record: GameRecord,
    name: String,
    /// Moves to review in all.
    pub total: usize,
    /// Moves reviewed so far (written by the job).
    done: Arc<AtomicUsize>,
    /// The progress the screen last showed.
    shown: usize,
    /// The review; dropping the job cancels it.
    run: Background<Result<Review, ReviewError>>,
}

impl ReviewJob {
    /// Moves reviewed so far.
    pub fn done(&self) -> usize {
        self.done.load(Ordering::Relaxed)
    }

    /// The part done, from 0 to 1.
    pub fn fraction(&self) -> f32 {
        if self.total == 0 {
            1.0
        } else {
            self.done() as f32 / self.total as f32
        }
    }
}

/// A finished review, shown over its record on the replay screen.
#[derive(Resource, Debug, Clone)]
pub struct GameReview {
    /// The engine's verdict.
    pub review: Review,
    /// The reviewed move shown on the board (an index of `review.moves`).
    pub selected: Option<usize>,
    /// Where closing the review goes: the results it started from, or the plain replay.
    pub back_to: Screen,
    /// Whether the record is shown on the replay screen yet (from the results it opens a
    /// frame or two later).
    opened: bool,
}

impl GameReview {
    /// The move shown, if any.
    pub fn shown(&self) -> Option<&ReviewedMove> {
        self.selected.and_then(|i| self.review.moves.get(i))
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_message::<ReviewCommand>()
        .add_message::<RequestRedraw>()
        .init_resource::<ReviewSettings>()
        .add_systems(
            Update,
            // Each runs only while it has something to do: nothing on idle frames.
            (
                start_review.run_if(on_message::<ReviewCommand>),
                run_review.run_if(resource_exists::<ReviewJob>),
                (show_move, close_review).run_if(resource_exists::<GameReview>),
            )
                .chain()
                .in_set(AppSystems::Interpret),
        )
        .add_systems(
            Update,
            back_from_review
                .run_if(on_message::<GoBack>)
                .in_set(AppSystems::Present),
        )
        .add_systems(OnExit(Screen::Replay), drop_review);
}

/// Esc or the Android back button during a review goes one step back within it: a review
/// under way is cancelled, one shown is closed (to the results it came from, or to the
/// plain replay), instead of leaving for the screen before.
fn back_from_review(
    mut commands: Commands,
    mut back: MessageReader<GoBack>,
    job: Option<Res<ReviewJob>>,
    review: Option<Res<GameReview>>,
    screen: Res<State<Screen>>,
    mut next: ResMut<NextState<Screen>>,
) {
    if back.read().count() == 0 {
        return;
    }
    if job.is_some() {
        commands.remove_resource::<ReviewJob>();
        *next = NextState::Unchanged;
    } else if let Some(review) = review
        && *screen.get() == Screen::Replay
    {
        commands.remove_resource::<GameReview>();
        match review.back_to {
            Screen::Replay => *next = NextState::Unchanged,
            to => next.set(to),
        }
    }
}

/// Starts a review of the record on the replay screen, or of the finished game on the results.
fn start_review(
    mut commands: Commands,
    mut requests: MessageReader<ReviewCommand>,
    screen: Res<State<Screen>>,
    replay: Option<Res<Replay>>,
    game: Option<Res<CurrentGame>>,
    job: Option<Res<ReviewJob>>,
    settings: Res<ReviewSettings>,
    waker: Waker,
    mut notices: MessageWriter<Notice>,
) {
    for r in requests.read() {
        let ReviewCommand::Start { seat } = *r else {
            continue;
        };
        if job.is_some() {
            continue;
        }
        let origin = *screen.get();
        let (record, name) = match (origin, &replay, &game) {
            (Screen::Replay, Some(replay), _) => (replay.record.clone(), replay.name.clone()),
            (Screen::GameOver, _, Some(game)) => {
                (GameRecord::from_game(game), "This game".to_string())
            }
            _ => continue,
        };
        let options = ReviewOptions {
            seat,
            ..settings.0.clone()
        };
        // Checked here, so the job itself cannot fail but by being cancelled.
        let reviewer = match Reviewer::from_record(&record, &options) {
            Ok(r) => r,
            Err(e) => {
                notices.write(Notice::Refused(format!("No review: {e}")));
                continue;
            }
        };
        let total = reviewer.total();
        let done = Arc::new(AtomicUsize::new(0));
        let run = Background::start(&waker, review_steps(reviewer, done.clone()));
        commands.insert_resource(ReviewJob {
            origin,
            record,
            name,
            total,
            done,
            shown: 0,
            run,
        });
        commands.remove_resource::<GameReview>();
        return;
    }
}

/// Moves the job on (in the browser) and collects its review; a cancel, or leaving the screen
/// it started from, drops it.
fn run_review(
    mut commands: Commands,
    mut requests: MessageReader<ReviewCommand>,
    mut job: ResMut<ReviewJob>,
    screen: Res<State<Screen>>,
    mut records: MessageWriter<RecordCommand>,
    mut notices: MessageWriter<Notice>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    let cancelled = requests.read().any(|r| *r == ReviewCommand::Cancel);
    if cancelled || *screen.get() != job.origin {
        // Dropping the job sets its cancel flag: the engine stops within a node or two.
        commands.remove_resource::<ReviewJob>();
        redraw.write(RequestRedraw);
        return;
    }
    let result = job.run.poll();
    let done = job.done();
    if done != job.shown {
        job.shown = done;
        redraw.write(RequestRedraw);
    }
    match result {
        None => {
            if job.run.needs_frames() {
                redraw.write(RequestRedraw);
            }
        }
        Some(Ok(review)) => {
            commands.remove_resource::<ReviewJob>();
            redraw.write(RequestRedraw);
            let from_results = job.origin == Screen::GameOver;
            if from_results {
                // The finished game opens as a record, viewed beside the match (untouched).
                records.write(RecordCommand::Open {
                    name: job.name.clone(),
                    text: job.record.to_ron(),
                });
            }
            commands.insert_resource(GameReview {
                review,
                selected: None,
                back_to: if from_results {
                    Screen::GameOver
                } else {
                    Screen::Replay
                },
                opened: !from_results,
            });
        }
        Some(Err(ReviewError::Cancelled)) => {
            commands.remove_resource::<ReviewJob>();
        }
        Some(Err(e)) => {
            commands.remove_resource::<ReviewJob>();
            notices.write(Notice::Refused(format!("No review: {e}")));
        }
    }
}

/// Shows a reviewed move: the record at the position before it.
fn show_move(
    mut requests: MessageReader<ReviewCommand>,
    mut review: ResMut<GameReview>,
    replay: Option<Res<Replay>>,
    screen: Res<State<Screen>>,
    mut records: MessageWriter<RecordCommand>,
    mut changed: MessageWriter<BoardChanged>,
) {
    if !review.opened && *screen.get() == Screen::Replay && replay.is_some() {
        review.opened = true;
    }
    for r in requests.read() {
        let ReviewCommand::Show(i) = *r else { continue };
        let Some(m) = review.review.moves.get(i) else {
            continue;
        };
        let before = m.ply - 1;
        review.selected = Some(i);
        if replay.as_ref().is_some_and(|r| r.at != before) {
            records.write(RecordCommand::Goto(before));
        } else {
            // The board is already there: the marks still change.
            changed.write(BoardChanged);
        }
    }
}

/// Puts the review away; from the results, the record closes too.
fn close_review(
    mut commands: Commands,
    mut requests: MessageReader<ReviewCommand>,
    review: Res<GameReview>,
    mut screen: ResMut<NextState<Screen>>,
) {
    if !requests.read().any(|r| *r == ReviewCommand::Close) {
        return;
    }
    commands.remove_resource::<GameReview>();
    if review.back_to != Screen::Replay {
        screen.set(review.back_to);
    }
}

/// Leaving the replay screen ends the review shown there (not one still opening).
fn drop_review(mut commands: Commands, review: Option<Res<GameReview>>) {
    if review.is_some_and(|r| r.opened) {
        commands.remove_resource::<GameReview>();
    }
}

/// "Reviewed 40 moves: 3 costly, 5.5 moves lost in all."
pub fn summary(review: &Review) -> String {
    let n = review.moves.len();
    format!(
        "Reviewed {n} {}: {} costly, {} {} lost in all.",
        if n == 1 { "move" } else { "moves" },
        review.costly(),
        review.total_cost(),
        if review.total_cost().0 == 10 {
            "move"
        } else {
            "moves"
        },
    )
}

/// The review as a [`Background`]'s steps: one move each, the count of moves done kept in
/// `done`; the review once the last is done.
fn review_steps(
    reviewer: Reviewer,
    done: Arc<AtomicUsize>,
) -> impl FnMut(&AtomicBool) -> Option<Result<Review, ReviewError>> + Send + 'static {
    let mut reviewer = Some(reviewer);
    move |cancel: &AtomicBool| {
        let r = reviewer.as_mut()?;
        let step = r.step(cancel);
        done.store(r.done(), Ordering::Relaxed);
        match step {
            Ok(false) => None,
            Ok(true) => reviewer.take().map(|r| Ok(r.finish())),
            Err(e) => Some(Err(e)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sternhalma_rules::Game;
    use sternhalma_rules::ai::review::{Basis, Cost};

    #[test]
    fn the_summary_counts_moves_costly_ones_and_the_total() {
        let game = Game::from_preset("classic", Some(2), None).unwrap();
        let m = game.legal_moves()[0].clone();
        let reviewed = |ply, cost| ReviewedMove {
            ply,
            seat: 0,
            played: m.clone(),
            best: m.clone(),
            cost: Cost(cost),
            basis: Basis::Search,
        };
        let review = Review {
            seats: vec![0, 1],
            moves: vec![reviewed(1, 0), reviewed(3, 15), reviewed(5, 5)],
        };
        assert_eq!(
            summary(&review),
            "Reviewed 3 moves: 1 costly, 2.0 moves lost in all."
        );
    }
}
