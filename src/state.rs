//! The app's screens and the phases of a turn, as Bevy states, plus the system sets that order
//! one frame: read input, act on it, then show the result.

use bevy::prelude::*;
use bevy::window::RequestRedraw;

/// Which screen is up. The board stays spawned under the menus so "continue" is instant.
#[derive(States, Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Screen {
    /// Continue, new game, rules, settings.
    #[default]
    MainMenu,
    /// Players, seats, rules and clock for the next match.
    NewGame,
    /// A short illustrated guide to the rules in force.
    Rules,
    /// Animation speed, colour-blind symbols, board rotation, hand-over screen.
    Settings,
    /// A match in progress.
    Playing,
    /// Places, game length, rematch.
    GameOver,
    /// Games, wins, places and records against the computer levels.
    Statistics,
    /// Saved records to open, or one to paste.
    Records,
    /// A record on the board, stepped through move by move.
    Replay,
    /// Practice: the crossing challenge's sizes and the way to the puzzles.
    PracticeMenu,
    /// The shipped puzzles, solved or not.
    Puzzles,
    /// A practice position on the board, played by one learner (see [`crate::practice`]).
    Practice,
}

/// Where the current turn stands; exists only while a game is played: [`Screen::Playing`], or
/// [`Screen::Practice`], where the learner is always the one to move.
#[derive(SubStates, Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[source(Screen = Screen::Playing | Screen::Practice)]
#[states(scoped_entities)]
pub enum Turn {
    /// Deciding who moves next and how (the turn flow picks the next phase at once).
    #[default]
    Starting,
    /// "Pass the device to …": the board is covered until the next player is ready.
    Handover,
    /// A person picks a move.
    Human,
    /// A person asked for a move that puts them out: waiting for yes or no.
    Confirm,
    /// The computer is thinking off the main thread.
    Thinking,
    /// A move is being animated.
    Animating,
    /// A computer is to move but the game is paused.
    Paused,
}

/// Whether the game runs. A person may pause at any time; a paused game stands still: no
/// selection, move, undo or hint, no computer thinking, no clock ticking.
#[derive(States, Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Pause {
    /// Everything runs.
    #[default]
    Running,
    /// Computers wait, clocks stop.
    Paused,
}

/// The order of work within a frame.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AppSystems {
    /// Raw mouse, touch and keys become [`crate::input`] messages.
    ReadInput,
    /// Input messages become intents: selections, move requests, commands.
    Interpret,
    /// Intents change the game (the only place that does).
    Apply,
    /// Entities follow the game: highlights, animations, the board's turn.
    Present,
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, go_back.in_set(AppSystems::Apply))
        .add_message::<RequestRedraw>()
        .add_systems(Last, wake_for_pending_transitions)
        .init_state::<Screen>()
        .init_state::<Pause>()
        .add_sub_state::<Turn>()
        .configure_sets(
            Update,
            (
                AppSystems::ReadInput,
                AppSystems::Interpret,
                AppSystems::Apply,
                AppSystems::Present,
            )
                .chain(),
        );
}

/// A state change set this frame happens at the start of the next one, and an idle app only
/// runs a next frame when asked: without this, the end of an animation that hands the turn
/// to the computer could wait for the next touch (the browser's event loop showed it).
fn wake_for_pending_transitions(
    screen: Res<NextState<Screen>>,
    pause: Res<NextState<Pause>>,
    turn: Option<Res<NextState<Turn>>>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    if pending(&screen) || pending(&pause) || turn.is_some_and(|t| pending(&t)) {
        redraw.write(RequestRedraw);
    }
}

/// Whether a [`NextState`] holds a transition.
fn pending<S: bevy::state::state::FreelyMutableState>(next: &NextState<S>) -> bool {
    !matches!(next, NextState::Unchanged)
}

/// Esc or the Android back button, when the board did not use it: one screen back.
fn go_back(
    mut back: MessageReader<crate::selection::GoBack>,
    screen: Res<State<Screen>>,
    practice: Option<Res<crate::practice::PracticeBoard>>,
    mut next: ResMut<NextState<Screen>>,
) {
    if back.read().count() == 0 {
        return;
    }
    match screen.get() {
        Screen::MainMenu => {}
        Screen::Replay => next.set(Screen::Records),
        Screen::Practice => next.set(practice.map_or(Screen::PracticeMenu, |p| p.lesson.back_to)),
        Screen::Puzzles => next.set(Screen::PracticeMenu),
        Screen::NewGame
        | Screen::Rules
        | Screen::Settings
        | Screen::Playing
        | Screen::GameOver
        | Screen::Statistics
        | Screen::Records
        | Screen::PracticeMenu => next.set(Screen::MainMenu),
    }
}
