//! The practice board: a position on the real board, played with the real input by one
//! learner seat that moves again and again (the other seats never move), each move announced
//! so that whoever set the position up can check it. The crossing challenge
//! ([`crate::crossing`]) and the puzzles ([`crate::puzzles`]) are built on it; a tutorial can
//! be too.
//!
//! # How to use it (for a lesson, a puzzle, a challenge)
//!
//! - Write [`PracticeCommand::Start`] with a [`Lesson`]: the position (a [`Game`] whose
//!   `to_move` may be anyone), the learner's seat, the screen Back leads to. The app goes to
//!   [`Screen::Practice`]: the board shows the position, the learner picks moves exactly as in
//!   a match (tap, click, drag, keys). [`PracticeBoard`] holds the lesson and the moves played.
//! - Each move played is announced as [`PracticeMoved`] (the moves so far). Check it in a
//!   system ordered after [`PracticeSystems::Moves`] and answer, if needed, with
//!   [`PracticeCommand::Refuse`] (a one-sentence reason; the move is taken back and the reason
//!   kept in [`PracticeBoard::said`]) or [`PracticeCommand::Close`] (the lesson is over: no
//!   more moves, a sentence to show). Saying nothing accepts the move.
//! - [`PracticeCommand::Show`] marks a move on the board with the hint marks;
//!   [`PracticeCommand::Play`] plays one for the learner ("show me"); `Undo` and `Restart`
//!   take moves back; every take-back is announced as [`PracticeReset`].
//!
//! A practice game is never a match: while the board is in practice the match under way is
//! kept aside and saving and statistics are suspended (the practice position is played in
//! `CurrentGame`, through the real turn flow, so it borrows the match's place); leaving
//! [`Screen::Practice`] puts the match back exactly as it was. There is no hand-over screen,
//! no clock and no computer move: the turn flow's own `decide_turn` runs only in a match, and
//! here [`Turn::Human`] comes back to the learner after every move.

use crate::ai::Hint;
use crate::board::CurrentGame;
use crate::config::{Controller, FirstMove, MatchConfig, Palette};
use crate::persist::SavingSuspended;
use crate::persist::formats::preset_of;
use crate::play::{
    BoardChanged, LoadMatch, MatchOrigin, MatchStarted, MatchUnderWay, MoveApplied, MoveRequest,
    PutBackMatch, TurnStarted,
};
use crate::state::{AppSystems, Screen, Turn};
use bevy::prelude::*;
use sternhalma_rules::ai::Level;
use sternhalma_rules::{Game, Hole, Move};

/// A position to practise on.
#[derive(Clone, Debug)]
pub struct Lesson {
    /// The position; whoever is to move in it, the learner moves.
    pub start: Game,
    /// The seat the learner plays.
    pub learner: usize,
    /// Where Back leads from the board.
    pub back_to: Screen,
    /// The marbles' colours.
    pub palette: Palette,
}

/// What a lesson (or its screen) asks of the practice board.
#[derive(Message, Clone, Debug)]
pub enum PracticeCommand {
    /// Set up this lesson and show the board (boxed: a game is large, the other commands small).
    Start(Box<Lesson>),
    /// Take the last move back.
    Undo,
    /// Back to the lesson's position, everything open again.
    Restart,
    /// The last move is not accepted: take it back and say why (one sentence).
    Refuse(String),
    /// The lesson is over: no more moves; say this.
    Close(String),
    /// Show a sentence under the board (a tip, "well done").
    Say(String),
    /// Mark this move on the board (the hint marks), until the position changes.
    Show(Move),
    /// Play this path for the learner ("show me"), as if they had.
    Play(Vec<Hole>),
}

/// A learner's move was played.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct PracticeMoved {
    /// Every move played since the lesson's position, this one last.
    pub moves: Vec<Vec<Hole>>,
}

/// Moves were taken back (undo, restart, a refusal): this many stay played.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct PracticeReset {
    /// Moves still played.
    pub moves: usize,
}

/// The lesson on the board.
#[derive(Resource, Clone, Debug)]
pub struct PracticeBoard {
    /// Its position and learner.
    pub lesson: Lesson,
    /// The learner's moves, in order.
    pub moves: Vec<Vec<Hole>>,
    /// Over: the board takes no more moves (until an undo or restart).
    pub closed: bool,
    /// The last sentence for the learner.
    pub said: Option<String>,
    /// The move marked on the board ([`PracticeCommand::Show`]), until the position changes.
    pub shown: Option<Move>,
}

/// The match kept aside while practising (`None`: there was none), and whether a new match
/// was started from practice (the board then holds it, and the kept one is not put back).
#[derive(Resource)]
struct Stash {
    kept: Option<LoadMatch>,
    replaced: bool,
}

/// The practice board's own work. Lessons write their commands before [`Self::Commands`]
/// and check moves after [`Self::Moves`].
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PracticeSystems {
    /// Starting, undo, refusals (in [`AppSystems::Interpret`]).
    Commands,
    /// Noting the moves played (in [`AppSystems::Present`]).
    Moves,
}

pub(super) fn plugin(app: &mut App) {
    app.add_message::<PracticeCommand>()
        .add_message::<PracticeMoved>()
        .add_message::<PracticeReset>()
        .add_systems(
            Update,
            (start_practice, obey_commands)
                .chain()
                .in_set(PracticeSystems::Commands)
                .in_set(AppSystems::Interpret),
        )
        .add_systems(
            Update,
            give_turn_to_learner
                .run_if(
                    in_state(Screen::Practice)
                        .and_then(in_state(Turn::Starting))
                        .and_then(resource_exists::<PracticeBoard>)
                        .and_then(resource_exists::<CurrentGame>),
                )
                .in_set(AppSystems::Apply),
        )
        .add_systems(
            Update,
            note_moves
                .run_if(in_state(Screen::Practice).and_then(on_message::<MoveApplied>))
                .in_set(PracticeSystems::Moves)
                .in_set(AppSystems::Present),
        )
        .add_systems(
            Update,
            mark_shown_move
                .run_if(resource_exists::<PracticeBoard>)
                .in_set(AppSystems::Present)
                .after(crate::ai::clear_hint)
                .before(crate::selection::HighlightSystems),
        )
        .add_systems(
            Update,
            note_new_match
                .run_if(resource_exists::<Stash>.and_then(on_message::<MatchStarted>))
                .in_set(AppSystems::Present),
        )
        .add_systems(OnExit(Screen::Practice), leave_practice);
}

/// A match started (not a practice position put on the board) ends practice for good.
fn note_new_match(mut started: MessageReader<MatchStarted>, mut stash: ResMut<Stash>) {
    if started.read().any(|m| m.origin != MatchOrigin::Restored) {
        stash.replaced = true;
    }
}

/// The shown move wears the hint marks (the hint is cleared at every turn and board change:
/// this puts it back while it still stands).
fn mark_shown_move(board: Res<PracticeBoard>, mut hint: ResMut<Hint>) {
    if hint.0 != board.shown {
        hint.0 = board.shown.clone();
    }
}

/// Seats for practice: the learner is the only person; the others are computers that are
/// never asked to move (so the board's input answers the learner only, and no hand-over).
fn practice_config(lesson: &Lesson) -> MatchConfig {
    let mut seats = [Controller::Computer(Level::Beginner); 6];
    seats[lesson.learner] = Controller::Human;
    MatchConfig {
        rules: lesson.start.rules().clone(),
        preset: preset_of(lesson.start.rules()),
        players: lesson.start.setup().players,
        seats,
        first: FirstMove::Seat(lesson.learner),
        palette: lesson.palette,
    }
}

/// The lesson's position after `moves`, the learner to move.
fn position_after(lesson: &Lesson, moves: &[Vec<Hole>]) -> Game {
    let mut game = with_mover(&lesson.start, lesson.learner);
    for path in moves {
        if game.play(path).is_err() {
            break;
        }
        game = with_mover(&game, lesson.learner);
    }
    game
}

/// The same marbles, `seat` to move (the game as it stands when that cannot be).
fn with_mover(game: &Game, seat: usize) -> Game {
    if game.to_move() == Some(seat) {
        return game.clone();
    }
    Game::from_board(*game.setup(), game.rules().clone(), *game.board(), seat)
        .unwrap_or_else(|_| game.clone())
}

fn start_practice(
    mut commands: Commands,
    mut requests: MessageReader<PracticeCommand>,
    screen: Res<State<Screen>>,
    stash: Option<Res<Stash>>,
    under_way: MatchUnderWay,
    mut suspended: ResMut<SavingSuspended>,
    mut loads: ParamSet<(MessageReader<LoadMatch>, MessageWriter<LoadMatch>)>,
    mut next: ResMut<NextState<Screen>>,
    mut turn: Option<ResMut<NextState<Turn>>>,
) {
    // A match being put back this very frame (the saved one, at start-up) is the one to keep.
    let restored = loads.p0().read().last().cloned();
    let Some(lesson) = requests
        .read()
        .filter_map(|r| match r {
            PracticeCommand::Start(l) => Some((**l).clone()),
            _ => None,
        })
        .last()
    else {
        return;
    };
    // The match is kept aside once, on the way in (not when one lesson follows another).
    if stash.is_none() {
        let kept = restored.or_else(|| under_way.kept_aside());
        commands.insert_resource(Stash {
            kept,
            replaced: false,
        });
    }
    suspended.0 = true;
    loads.p1().write(LoadMatch {
        game: with_mover(&lesson.start, lesson.learner),
        config: practice_config(&lesson),
        paused: false,
        stats_counted: true,
        id: None,
        open: false,
    });
    commands.insert_resource(PracticeBoard {
        lesson,
        moves: Vec::new(),
        closed: false,
        said: None,
        shown: None,
    });
    // Not `set`: a same-state transition would put the match back.
    NextState::set_if_neq(&mut next, Screen::Practice);
    if *screen.get() == Screen::Practice
        && let Some(turn) = turn.as_mut()
    {
        turn.set(Turn::Starting);
    }
}

/// Undo, restart, refusals, closing, sentences and shown moves.
fn obey_commands(
    mut requests: MessageReader<PracticeCommand>,
    board: Option<ResMut<PracticeBoard>>,
    game: Option<ResMut<CurrentGame>>,
    mut moves: MessageWriter<MoveRequest>,
    mut reset: MessageWriter<PracticeReset>,
    mut changed: MessageWriter<BoardChanged>,
    mut turn: Option<ResMut<NextState<Turn>>>,
) {
    let (Some(mut board), Some(mut game)) = (board, game) else {
        return;
    };
    for r in requests.read() {
        let take_back = match r {
            PracticeCommand::Start(_) => continue,
            PracticeCommand::Undo => {
                board.said = None;
                board.moves.pop().is_some()
            }
            PracticeCommand::Restart => {
                board.said = None;
                board.moves.clear();
                true
            }
            PracticeCommand::Refuse(why) => {
                board.said = Some(why.clone());
                board.moves.pop().is_some()
            }
            PracticeCommand::Close(why) => {
                board.closed = true;
                board.said = Some(why.clone());
                false
            }
            PracticeCommand::Say(what) => {
                board.said = Some(what.clone());
                false
            }
            PracticeCommand::Show(m) => {
                board.shown = Some(m.clone());
                false
            }
            PracticeCommand::Play(path) => {
                moves.write(MoveRequest {
                    path: path.clone(),
                    confirmed: true,
                    dropped: false,
                });
                false
            }
        };
        if take_back {
            board.closed = false;
            board.shown = None;
            game.0 = position_after(&board.lesson, &board.moves);
            changed.write(BoardChanged);
            reset.write(PracticeReset {
                moves: board.moves.len(),
            });
        }
        // The turn is given again (or, closed, taken away) by `give_turn_to_learner`.
        let closing = matches!(r, PracticeCommand::Close(_));
        if (take_back || closing)
            && let Some(turn) = turn.as_mut()
        {
            turn.set(Turn::Starting);
        }
    }
}

/// After every move (and on arrival) the learner is to move again, unless the lesson is over.
fn give_turn_to_learner(
    board: Res<PracticeBoard>,
    mut game: ResMut<CurrentGame>,
    mut turn: ResMut<NextState<Turn>>,
    mut started: MessageWriter<TurnStarted>,
) {
    if board.closed {
        return;
    }
    let learner = board.lesson.learner;
    if game.to_move() != Some(learner) {
        game.0 = with_mover(&game.0, learner);
    }
    started.write(TurnStarted { seat: learner });
    turn.set(Turn::Human);
}

/// Each move the turn flow applied is the learner's: kept and announced.
fn note_moves(
    mut applied: MessageReader<MoveApplied>,
    board: Option<ResMut<PracticeBoard>>,
    mut moved: MessageWriter<PracticeMoved>,
) {
    let Some(mut board) = board else { return };
    for m in applied.read() {
        board.moves.push(m.path.clone());
        board.said = None;
        board.shown = None;
        moved.write(PracticeMoved {
            moves: board.moves.clone(),
        });
    }
}

/// Ends the lesson that has the board, whichever it is (a crossing, a puzzle, a tutorial
/// lesson): when practice is left, and when another lesson takes the board without leaving it
/// (the next puzzle or lesson, a script going from one to the next), so that one lesson at a
/// time follows the board. An opener calls it before it inserts its own.
pub fn end_lesson(commands: &mut Commands) {
    commands.remove_resource::<crate::crossing::CrossingSession>();
    commands.remove_resource::<crate::puzzles::OpenPuzzle>();
    commands.remove_resource::<crate::tutorial::OpenLesson>();
}

/// Leaving practice puts the match that was there back (or clears the board), and saving on.
fn leave_practice(
    mut commands: Commands,
    stash: Option<ResMut<Stash>>,
    mut suspended: ResMut<SavingSuspended>,
    mut hint: ResMut<Hint>,
    mut put_back: PutBackMatch,
) {
    suspended.0 = false;
    hint.0 = None;
    commands.remove_resource::<PracticeBoard>();
    end_lesson(&mut commands);
    let Some(mut stash) = stash else { return };
    if stash.replaced {
        // A new match (the command line's, a script's) took the board: it stays.
        commands.remove_resource::<Stash>();
        return;
    }
    put_back.put_back(stash.kept.take());
    commands.remove_resource::<Stash>();
}
