//! Turn flow and the one place the game changes: starting matches, applying moves, undo and
//! redo, resigning, clocks, and keeping the marble entities in step with the engine.
//!
//! Everyone else asks through messages ([`MoveRequest`], [`Command`]) and hears back through
//! outcome messages, written only for what actually happened: [`MatchStarted`],
//! [`MoveApplied`], [`GameEvent`], [`Undone`], [`Redone`], [`BoardChanged`], [`TurnStarted`]
//! and [`Notice`]. A request the game refuses produces a [`Notice::Refused`] and nothing else,
//! so listeners (sound, saving, statistics, the remembered choices) never react to it.
//!
//! Every system that changes the game runs in one chain (see `plugin`): a new match first,
//! then a move, a confirmation, undo/redo/resign, pause and hand-over, the clock. So a move
//! and an undo arriving in the same frame have one defined result: the move is played, then
//! undone.

use crate::board::{BoardRoot, CurrentGame, CurrentMatch, Marble, Seat, ShownGame, spawn_marble};
use crate::config::{Controller, MatchConfig, Settings};
use crate::seats::{PlayedBy, Seats, seat_bundle};
use crate::state::{AppSystems, Pause, Screen, Turn};
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use std::collections::HashSet;
use sternhalma_rules::{Event, Hole};

/// A move someone wants to make, as the marble's path.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct MoveRequest {
    /// From the marble's hole to its destination.
    pub path: Vec<Hole>,
    /// Already agreed to even if it puts the mover out (the computer, or after asking).
    pub confirmed: bool,
    /// Dragged and dropped: the marble is already there, so it lands without animation.
    pub dropped: bool,
}

/// What the menus and the HUD ask of the game.
#[derive(Message, Clone, Debug, PartialEq)]
pub enum Command {
    /// Start a new match with these options.
    Start(MatchConfig),
    /// Start the same match again.
    Rematch,
    /// Back to the mover's previous turn (against the computer: the last human turn).
    Undo,
    /// Play again what was undone.
    Redo,
    /// This seat gives up.
    Resign(usize),
    /// Stop computer moves and clocks (a computer already thinking starts over later).
    Pause,
    /// Go on after a pause.
    Resume,
    /// The answer to "this move puts you out: play it?".
    Confirm(bool),
    /// The next player has the device (closes the hand-over screen).
    HandedOver,
}

/// Install a game already under way (a restored save, a record continued from some move).
#[derive(Message, Clone, Debug)]
pub struct LoadMatch {
    /// The game, at the position play goes on from.
    pub game: sternhalma_rules::Game,
    /// Rules and seats.
    pub config: MatchConfig,
    /// Start paused (computers and clocks stopped).
    pub paused: bool,
    /// The result is already in the statistics.
    pub stats_counted: bool,
    /// The match's id when it goes on (a restore, a match put back after practice); `None`
    /// starts a new match with a new id.
    pub id: Option<u64>,
    /// Show the board now; otherwise stay on the current screen (the main menu offers
    /// "Continue").
    pub open: bool,
}

/// Where a match that has just begun came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MatchOrigin {
    /// Started from the new-game screen (or the command line) with fresh choices.
    NewGame,
    /// The same match again.
    Rematch,
    /// A game under way put back: a restored save, a record continued.
    Restored,
}

/// A match was installed: the board, seats and `CurrentMatch` are the new ones from the next
/// system on. Not written when a start was refused.
#[derive(Message, Clone, Debug, PartialEq)]
pub struct MatchStarted {
    /// New, again, or restored.
    pub origin: MatchOrigin,
    /// Its rules and seats.
    pub config: MatchConfig,
}

/// Every event the engine reported, in order: moves, passes, finishers, players out, time-outs
/// and the end. Sound, notices and statistics listen here rather than to requests.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct GameEvent(pub Event);

/// Moves were taken back (one or more plies: against the computer, its replies too).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Undone {
    /// How many plies.
    pub plies: usize,
}

/// Undone moves were played again.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Redone {
    /// How many plies.
    pub plies: usize,
}

/// A move was applied; the marble entity already stands on its new hole.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct MoveApplied {
    /// Who moved.
    pub seat: usize,
    /// Along which path.
    pub path: Vec<Hole>,
    /// The marble that moved.
    pub marble: Entity,
    /// Dropped by drag-and-drop: no animation.
    pub dropped: bool,
}

/// The position changed other than by one animated move (new game, undo, redo, a player
/// out): marble entities are re-synced and highlights rebuilt.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardChanged;

/// A seat's turn begins (after animations, before any input or thinking).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct TurnStarted {
    /// Who is to move.
    pub seat: usize,
}

/// Something to tell the players.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub enum Notice {
    /// A request that was refused, with the reason.
    Refused(String),
    /// Something done that the player should know of ("Record saved as …").
    Info(String),
}

/// A move waiting for the mover's "yes, put me out".
#[derive(Resource, Clone, Debug, PartialEq, Eq)]
pub struct PendingMove(pub MoveRequest);

/// The last human seat that had the device, to know when to show the hand-over screen.
#[derive(Resource, Default, Clone, Copy, Debug)]
struct LastHuman(Option<usize>);

/// Milliseconds not yet given to the engine's clock (frames are not whole milliseconds).
#[derive(Resource, Default)]
struct ClockCarry(f64);

pub(super) fn plugin(app: &mut App) {
    app.add_message::<MoveRequest>()
        .add_message::<Command>()
        .add_message::<LoadMatch>()
        .add_message::<MoveApplied>()
        .add_message::<MatchStarted>()
        .add_message::<GameEvent>()
        .add_message::<Undone>()
        .add_message::<Redone>()
        .add_message::<BoardChanged>()
        .add_message::<TurnStarted>()
        .add_message::<Notice>()
        .init_resource::<LastHuman>()
        .init_resource::<ClockCarry>()
        .add_systems(
            Update,
            (
                start_match,
                (
                    apply_moves.run_if(
                        in_state(Pause::Running)
                            .and_then(in_state(Turn::Human).or_else(in_state(Turn::Thinking))),
                    ),
                    answer_confirm.run_if(in_state(Turn::Confirm)),
                    undo_redo_resign,
                    pause_and_handover,
                    tick_clock.run_if(
                        in_state(Pause::Running)
                            .and_then(in_state(Turn::Human).or_else(in_state(Turn::Thinking))),
                    ),
                )
                    .chain()
                    .run_if(resource_exists::<CurrentGame>),
                // Practice gives the turn back to its learner itself (crate::practice).
                decide_turn.run_if(
                    in_state(Screen::Playing)
                        .and_then(in_state(Turn::Starting))
                        .and_then(resource_exists::<CurrentGame>),
                ),
                end_animation.run_if(in_state(Turn::Animating)),
            )
                .chain()
                .in_set(AppSystems::Apply),
        )
        .add_systems(
            Update,
            sync_marbles
                .run_if(on_message::<BoardChanged>)
                .in_set(AppSystems::Present)
                .before(crate::animation::AnimationSystems),
        );
}

fn start_match(
    mut commands: Commands,
    mut requests: MessageReader<Command>,
    mut loads: MessageReader<LoadMatch>,
    mut counted: ResMut<crate::persist::StatsCounted>,
    mut match_id: ResMut<crate::persist::MatchId>,
    mut pause: ResMut<NextState<Pause>>,
    current: Option<Res<CurrentMatch>>,
    seats: Query<(Entity, &Seat, &PlayedBy)>,
    mut started: MessageWriter<MatchStarted>,
    mut changed: MessageWriter<BoardChanged>,
    mut notices: MessageWriter<Notice>,
    mut screen: ResMut<NextState<Screen>>,
    mut turn: ResMut<NextState<Turn>>,
    mut last_human: ResMut<LastHuman>,
) {
    let mut config = None;
    for c in requests.read() {
        match c {
            Command::Start(c) => config = Some((c.clone(), MatchOrigin::NewGame)),
            Command::Rematch => {
                // The same seats as played: who plays each is kept on the seat entities.
                config = current.as_ref().map(|m| {
                    let seats = seats.iter().map(|(_, s, by)| (s.index, by.0));
                    (crate::seats::recipe(m, seats), MatchOrigin::Rematch)
                });
            }
            _ => {}
        }
    }
    let load = loads.read().last().cloned();
    // Asking for a new match wins over quietly restoring one (the start-up load): the player
    // (or the command line) asked for it after the save was read.
    let start_wins = config.is_some() && load.as_ref().is_none_or(|l| !l.open);
    let (game, config, origin, open, paused, stats_counted, id) = match (load, config) {
        (_, Some((config, origin))) if start_wins => match config.build_game() {
            Ok(g) => (g, config, origin, true, false, false, None),
            Err(e) => {
                notices.write(Notice::Refused(e.to_string()));
                return;
            }
        },
        (Some(l), _) => (
            l.game,
            l.config,
            MatchOrigin::Restored,
            l.open,
            l.paused,
            l.stats_counted,
            l.id,
        ),
        _ => return,
    };
    counted.0 = stats_counted;
    match_id.0 = id.unwrap_or_else(crate::persist::MatchId::fresh);
    // A new match never inherits the last one's pause.
    pause.set(if paused {
        Pause::Paused
    } else {
        Pause::Running
    });
    for (e, ..) in &seats {
        commands.entity(e).despawn();
    }
    for (index, &point) in game.setup().seat_points().iter().enumerate() {
        commands.spawn(seat_bundle(&game, &config, index, point));
    }
    commands.insert_resource(CurrentGame(game));
    commands.insert_resource(CurrentMatch(config.clone()));
    commands.remove_resource::<PendingMove>();
    *last_human = LastHuman(None);
    started.write(MatchStarted { origin, config });
    changed.write(BoardChanged);
    if open {
        screen.set(Screen::Playing);
        turn.set(Turn::Starting);
    }
}

/// The match on the board as it stands, to keep aside while the practice board borrows the
/// board and put back with [`PutBackMatch`].
#[derive(SystemParam)]
pub struct MatchUnderWay<'w, 's> {
    game: Option<Res<'w, CurrentGame>>,
    current: Option<Res<'w, CurrentMatch>>,
    seats: Seats<'w, 's>,
    pause: Res<'w, State<Pause>>,
    counted: Res<'w, crate::persist::StatsCounted>,
    match_id: Res<'w, crate::persist::MatchId>,
}

impl MatchUnderWay<'_, '_> {
    /// The match as a [`LoadMatch`] that puts it back exactly as it is (paused or not, counted
    /// or not, its id), without showing it; `None` with no match on the board.
    pub fn kept_aside(&self) -> Option<LoadMatch> {
        let (game, current) = (self.game.as_ref()?, self.current.as_ref()?);
        Some(LoadMatch {
            game: game.0.clone(),
            config: self.seats.recipe(current),
            paused: *self.pause.get() == Pause::Paused,
            stats_counted: self.counted.0,
            id: Some(self.match_id.0),
            open: false,
        })
    }
}

/// Puts a match kept aside (for a practice board) back on the board, or clears the board
/// when none was kept.
#[derive(SystemParam)]
pub struct PutBackMatch<'w, 's> {
    commands: Commands<'w, 's>,
    load: MessageWriter<'w, LoadMatch>,
    marbles: Query<'w, 's, Entity, With<Marble>>,
    seats: Query<'w, 's, Entity, With<Seat>>,
}

impl PutBackMatch<'_, '_> {
    /// `kept` goes back as it was (through [`LoadMatch`]); with none, the board is emptied.
    pub fn put_back(&mut self, kept: Option<LoadMatch>) {
        match kept {
            Some(kept) => {
                self.load.write(kept);
            }
            None => {
                self.commands.remove_resource::<CurrentGame>();
                self.commands.remove_resource::<CurrentMatch>();
                for e in self.marbles.iter().chain(&self.seats) {
                    self.commands.entity(e).despawn();
                }
            }
        }
    }
}

/// Who moves next, and how: computer, person, hand-over first, or the game is over.
fn decide_turn(
    game: Res<CurrentGame>,
    pause: Res<State<Pause>>,
    seats: Seats,
    settings: Res<Settings>,
    mut last_human: ResMut<LastHuman>,
    mut screen: ResMut<NextState<Screen>>,
    mut turn: ResMut<NextState<Turn>>,
    mut started: MessageWriter<TurnStarted>,
) {
    let Some(seat) = game.to_move() else {
        screen.set(Screen::GameOver);
        return;
    };
    started.write(TurnStarted { seat });
    // A seat the match does not have is nobody's to wait for: a person gets the board.
    match seats.controller(seat).unwrap_or(Controller::Human) {
        Controller::Computer(_) if *pause.get() == Pause::Paused => turn.set(Turn::Paused),
        Controller::Computer(_) => turn.set(Turn::Thinking),
        Controller::Human => {
            let handover = settings.handover_screen
                && seats.humans() > 1
                && last_human.0.is_some_and(|last| last != seat);
            last_human.0 = Some(seat);
            turn.set(if handover {
                Turn::Handover
            } else {
                Turn::Human
            });
        }
    }
}

/// Everything needed to play a path on the engine and move the marble entity with it:
/// shared by fresh move requests and confirmed ones.
#[derive(SystemParam)]
struct MovePlayer<'w, 's> {
    game: ResMut<'w, CurrentGame>,
    marbles: Query<'w, 's, (Entity, &'static mut Marble)>,
    applied: MessageWriter<'w, MoveApplied>,
    changed: MessageWriter<'w, BoardChanged>,
    events: MessageWriter<'w, GameEvent>,
    notices: MessageWriter<'w, Notice>,
    turn: ResMut<'w, NextState<Turn>>,
}

impl MovePlayer<'_, '_> {
    /// Plays a path on the engine and moves the marble entity with it.
    fn play(&mut self, request: &MoveRequest) {
        let Some(seat) = self.game.to_move() else {
            return;
        };
        let path = &request.path;
        let (Some(&from), Some(&to)) = (path.first(), path.last()) else {
            return;
        };
        match self.game.play(path) {
            Ok(events) => {
                let marble = self
                    .marbles
                    .iter_mut()
                    .find(|(_, m)| m.hole == from && m.seat == seat);
                if let Some((entity, mut m)) = marble {
                    m.hole = to;
                    self.applied.write(MoveApplied {
                        seat,
                        path: path.to_vec(),
                        marble: entity,
                        dropped: request.dropped,
                    });
                } else {
                    self.changed.write(BoardChanged);
                }
                if events.iter().any(|e| matches!(e, Event::Out { .. })) {
                    self.changed.write(BoardChanged);
                }
                self.events.write_batch(events.into_iter().map(GameEvent));
                self.turn.set(Turn::Animating);
            }
            Err(e) => {
                self.notices.write(Notice::Refused(e.to_string()));
            }
        }
    }
}

fn apply_moves(
    mut requests: MessageReader<MoveRequest>,
    mut commands: Commands,
    mut player: MovePlayer,
) {
    // One move per turn: the first request wins, the rest are stale.
    let Some(request) = requests.read().next().cloned() else {
        return;
    };
    requests.clear();
    if !request.confirmed && player.game.would_put_out(&request.path) {
        commands.insert_resource(PendingMove(request));
        player.turn.set(Turn::Confirm);
        return;
    }
    player.play(&request);
}

fn answer_confirm(
    mut commands: Commands,
    mut answers: MessageReader<Command>,
    pending: Option<Res<PendingMove>>,
    mut player: MovePlayer,
) {
    for a in answers.read() {
        let Command::Confirm(yes) = a else { continue };
        commands.remove_resource::<PendingMove>();
        match (&pending, yes) {
            (Some(p), true) => player.play(&p.0),
            _ => player.turn.set(Turn::Human),
        }
        return;
    }
}

/// Undo goes back to the previous turn of a person: against the computer, its replies are
/// taken back too. Redo plays forward to the next person's turn.
fn undo_redo_resign(
    mut commands: MessageReader<Command>,
    pause: Res<State<Pause>>,
    mut game: ResMut<CurrentGame>,
    seats: Seats,
    mut changed: MessageWriter<BoardChanged>,
    mut outcomes: MessageWriter<GameEvent>,
    mut undone: MessageWriter<Undone>,
    mut redone: MessageWriter<Redone>,
    mut notices: MessageWriter<Notice>,
    mut turn: ResMut<NextState<Turn>>,
) {
    let is_human = |seat: Option<usize>| seat.is_some_and(|s| seats.is_human(s));
    let any_human = seats.humans() > 0;
    for c in commands.read() {
        if *pause.get() == Pause::Paused
            && matches!(c, Command::Undo | Command::Redo | Command::Resign(_))
        {
            notices.write(Notice::Refused(
                "The game is paused: resume it first.".into(),
            ));
            continue;
        }
        let done = match c {
            Command::Undo => {
                let mut plies = 0;
                if game.undo() {
                    plies += 1;
                    // Never stop on a computer's turn after undoing: it would just move again.
                    while any_human && !is_human(game.to_move()) && game.can_undo() {
                        game.undo();
                        plies += 1;
                    }
                    undone.write(Undone { plies });
                } else {
                    notices.write(Notice::Refused("There is nothing to undo.".into()));
                }
                plies > 0
            }
            Command::Redo => {
                let mut plies = 0;
                while game.redo().is_some() {
                    plies += 1;
                    if !(any_human && !is_human(game.to_move()) && game.can_redo()) {
                        break;
                    }
                }
                if plies > 0 {
                    redone.write(Redone { plies });
                } else {
                    notices.write(Notice::Refused("There is nothing to redo.".into()));
                }
                plies > 0
            }
            Command::Resign(seat) => match game.resign(*seat) {
                Ok(events) => {
                    outcomes.write_batch(events.into_iter().map(GameEvent));
                    true
                }
                Err(e) => {
                    notices.write(Notice::Refused(e.to_string()));
                    false
                }
            },
            _ => false,
        };
        if done {
            changed.write(BoardChanged);
            turn.set(Turn::Starting);
        }
    }
}

fn pause_and_handover(
    mut commands: MessageReader<Command>,
    state: Option<Res<State<Turn>>>,
    mut pause: ResMut<NextState<Pause>>,
    mut turn: ResMut<NextState<Turn>>,
) {
    let state = state.map(|s| *s.get());
    for c in commands.read() {
        match (c, state) {
            (Command::Pause, Some(Turn::Thinking)) => {
                pause.set(Pause::Paused);
                // Drops the search; the turn is decided again, now paused.
                turn.set(Turn::Starting);
            }
            (Command::Pause, _) => pause.set(Pause::Paused),
            (Command::Resume, Some(Turn::Paused)) => {
                pause.set(Pause::Running);
                turn.set(Turn::Starting);
            }
            (Command::Resume, _) => pause.set(Pause::Running),
            (Command::HandedOver, Some(Turn::Handover)) => turn.set(Turn::Human),
            _ => {}
        }
    }
}

/// Advances the engine's clock of the side to move; a time-out or fallen flag re-syncs.
fn tick_clock(
    time: Res<Time<Real>>,
    mut carry: ResMut<ClockCarry>,
    mut game: ResMut<CurrentGame>,
    mut changed: MessageWriter<BoardChanged>,
    mut outcomes: MessageWriter<GameEvent>,
    mut turn: ResMut<NextState<Turn>>,
) {
    if game.rules().clock.is_none() {
        return;
    }
    carry.0 += time.delta_secs_f64() * 1000.0;
    let ms = carry.0.floor();
    carry.0 -= ms;
    let events = game.tick(ms as u64);
    if events.is_empty() {
        return;
    }
    outcomes.write_batch(events.into_iter().map(GameEvent));
    changed.write(BoardChanged);
    turn.set(Turn::Starting);
}

fn end_animation(
    moving: Query<(), With<crate::animation::MoveAnimation>>,
    mut turn: ResMut<NextState<Turn>>,
) {
    if moving.is_empty() {
        turn.set(Turn::Starting);
    }
}

/// Makes the marble entities match the board shown (the match, or a record being viewed):
/// keeps those already right (snapped to their holes), removes the rest, adds the missing.
/// With nothing shown, the board is emptied.
fn sync_marbles(
    mut commands: Commands,
    shown: ShownGame,
    root: Single<Entity, With<BoardRoot>>,
    mut marbles: Query<(Entity, &Marble, &mut Transform)>,
) {
    let game = shown.game();
    let owner = |h: Hole| game.and_then(|g| g.board().owner(h));
    let mut kept = HashSet::new();
    for (e, m, mut t) in &mut marbles {
        if owner(m.hole) == Some(m.seat) && kept.insert(m.hole) {
            commands
                .entity(e)
                .remove::<crate::animation::MoveAnimation>();
            t.translation = crate::animation::rest_translation(m.hole);
            t.scale = Vec3::ONE;
        } else {
            commands.entity(e).despawn();
        }
    }
    for h in Hole::all() {
        if let Some(seat) = owner(h)
            && !kept.contains(&h)
        {
            spawn_marble(&mut commands, *root, seat, h);
        }
    }
}
