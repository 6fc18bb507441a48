//! Computer players and hints: the engine's `ai::choose_move` runs on a copy of the game off
//! the frame loop ([`engine`]: a pool thread, or a Web Worker in the browser), so the frame
//! never waits for it. Its move comes back as an ordinary [`MoveRequest`] and is animated
//! like a person's. Leaving the thinking state (undo, pause, a new game) drops the search,
//! which stops it.

use crate::board::CurrentGame;
use crate::config::Controller;
use crate::play::{BoardChanged, MoveApplied, MoveRequest, TurnStarted};
use crate::seats::Seats;
use crate::state::{AppSystems, Turn};
use bevy::prelude::*;
use bevy::window::RequestRedraw;
use engine::Thinking;
use sternhalma_rules::Move;
use sternhalma_rules::ai::{Clock, Level};
use web_time::Instant;

pub mod engine;

/// The level that suggests moves to people who ask for a hint.
pub const HINT_LEVEL: Level = Level::Expert;

/// The engine's time source for searches: wall-clock time since the search began.
pub struct InstantClock(pub Instant);

impl Clock for InstantClock {
    fn elapsed_ms(&self) -> u64 {
        self.0.elapsed().as_millis() as u64
    }
}

/// Thinking time allowed per level, so stronger levels may search longer but none stalls play.
/// Phones get a third less: their cores are slower and their batteries smaller, and the node
/// budgets usually end the search well before either cap.
pub fn think_ms(level: Level) -> u64 {
    let desktop = match level {
        Level::Beginner | Level::Greedy => 150,
        Level::Easy => 300,
        Level::Medium => 700,
        Level::Hard => 1500,
        Level::Expert => 2500,
    };
    if MOBILE { desktop * 2 / 3 } else { desktop }
}

/// Built for Android or iOS.
const MOBILE: bool = cfg!(any(target_os = "android", target_os = "ios"));

/// The suggested move for the person to move, shown on the board until the position changes.
#[derive(Resource, Default, Debug, Clone, PartialEq)]
pub struct Hint(pub Option<Move>);

/// A person asks for a hint.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct AskHint;

/// A search running off the frame loop; despawning it stops the search.
#[derive(Component)]
pub struct Search {
    thinking: Thinking,
    purpose: Purpose,
}

/// Announced when a search is dropped before it answered (an undo, a pause, a new game, the
/// hint's position gone): its search was told to stop and its answer will never be used.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchAbandoned(pub Purpose);

/// What a search is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Purpose {
    /// The computer's own move.
    Play,
    /// A hint for a person; valid only while the position (by hash) is unchanged.
    Hint(u64),
}

/// The longest a frame has spent in the computer's search (starting one, or asking whether it
/// is done): near nothing while the search runs off the frame loop (a pool thread, a Web
/// Worker); the whole search when it cannot. The web benchmark reads it.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq)]
pub struct SearchTimeOnFrame(pub web_time::Duration);

impl SearchTimeOnFrame {
    /// Keeps the time since `started` if it is the longest yet (changed only then).
    fn record(this: &mut ResMut<Self>, started: web_time::Instant) {
        let took = started.elapsed();
        if took > this.0 {
            this.0 = took;
        }
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Hint>()
        .init_resource::<SearchTimeOnFrame>()
        .add_message::<AskHint>()
        .add_message::<SearchAbandoned>()
        .add_observer(announce_abandoned_search)
        .add_message::<RequestRedraw>()
        .add_systems(OnEnter(Turn::Thinking), start_thinking)
        .add_systems(
            Update,
            (
                start_hint.run_if(in_state(Turn::Human)),
                collect_results,
                keep_awake_while_thinking,
            )
                .chain()
                .in_set(AppSystems::Interpret),
        )
        .add_systems(
            Update,
            clear_hint
                .run_if(
                    on_message::<MoveApplied>
                        .or_else(on_message::<BoardChanged>)
                        .or_else(on_message::<TurnStarted>),
                )
                .in_set(AppSystems::Present)
                .before(crate::selection::HighlightSystems),
        );
}

/// Starts a search of the position on the board.
fn spawn_search(
    commands: &mut Commands,
    game: &CurrentGame,
    level: Level,
    purpose: Purpose,
    scope: Turn,
) {
    let seed = game.hash() ^ game.actions().len() as u64;
    commands.spawn((
        Search {
            thinking: Thinking::start(&game.0, level, seed),
            purpose,
        },
        DespawnOnExit(scope),
    ));
}

fn start_thinking(
    mut commands: Commands,
    game: Res<CurrentGame>,
    seats: Seats,
    mut on_frame: ResMut<SearchTimeOnFrame>,
) {
    // The level that plays the seat to move, from its entity.
    let Some(seat) = seats.to_move(&game) else {
        return;
    };
    if let Controller::Computer(level) = seat.controller {
        let started = web_time::Instant::now();
        spawn_search(&mut commands, &game, level, Purpose::Play, Turn::Thinking);
        SearchTimeOnFrame::record(&mut on_frame, started);
    }
}

fn start_hint(
    mut asks: MessageReader<AskHint>,
    mut commands: Commands,
    game: Res<CurrentGame>,
    searches: Query<&Search>,
    mut on_frame: ResMut<SearchTimeOnFrame>,
) {
    if asks.read().count() == 0 || !searches.is_empty() {
        return;
    }
    let purpose = Purpose::Hint(game.hash());
    let started = web_time::Instant::now();
    spawn_search(&mut commands, &game, HINT_LEVEL, purpose, Turn::Human);
    SearchTimeOnFrame::record(&mut on_frame, started);
}

fn collect_results(
    mut commands: Commands,
    mut searches: Query<(Entity, &mut Search)>,
    game: Option<Res<CurrentGame>>,
    mut hint: ResMut<Hint>,
    mut requests: MessageWriter<MoveRequest>,
    mut on_frame: ResMut<SearchTimeOnFrame>,
) {
    for (e, mut search) in &mut searches {
        let started = web_time::Instant::now();
        let polled = search.thinking.poll();
        SearchTimeOnFrame::record(&mut on_frame, started);
        let Some(result) = polled else {
            continue;
        };
        commands.entity(e).despawn();
        let Some(m) = result else { continue };
        match search.purpose {
            Purpose::Play => {
                requests.write(MoveRequest {
                    path: m.path,
                    confirmed: true,
                    dropped: false,
                });
            }
            Purpose::Hint(hash) => {
                if game.as_ref().is_some_and(|g| g.hash() == hash) {
                    hint.0 = Some(m);
                }
            }
        }
    }
}

/// A search despawned before it finished: dropping its [`Thinking`] stops it.
fn announce_abandoned_search(
    removed: On<Remove, Search>,
    searches: Query<&Search>,
    mut abandoned: MessageWriter<SearchAbandoned>,
) {
    if let Ok(search) = searches.get(removed.entity)
        && !search.thinking.is_finished()
    {
        abandoned.write(SearchAbandoned(search.purpose));
    }
}

/// Reactive redraw would otherwise sleep until the next input while a search runs.
fn keep_awake_while_thinking(
    searches: Query<(), With<Search>>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    if !searches.is_empty() {
        redraw.write(RequestRedraw);
    }
}

pub(crate) fn clear_hint(mut hint: ResMut<Hint>) {
    if hint.0.is_some() {
        hint.0 = None;
    }
}
