//! The seats of the match on the board, as entities: what belongs to a seat lives on its entity
//! and every system that asks "who plays this seat, what is it called, how is it doing" reads
//! it there, through [`Seats`].
//!
//! - [`Seat`] — its index in turn order and its point;
//! - [`PlayedBy`] — a person or a computer level: during a match, the only place this is kept
//!   (turn flow, the computer's turn, undo, selection, sound, statistics, the panels read it);
//! - [`SeatLook`] — its colour and name, resolved from the match's palette once, at the start;
//! - [`SeatClock`] and [`SeatStanding`] — its clock, marbles home, place and whether it still
//!   plays, mirrored from the engine's [`Game`](sternhalma_rules::Game), which stays the single
//!   source of truth for the rules: [`mirror_standings`] and [`mirror_clocks`] copy them only on
//!   frames the game changed, and write a component only when its value differs.
//!
//! [`CurrentMatch`](crate::board::CurrentMatch) keeps the recipe of the match (rules, players, first mover, palette) for a
//! rematch and for saving; its `seats` are the ones the match was started with and no system
//! reads them while it is played. A save, a rematch and a match kept aside build their config
//! with [`recipe`], which takes who plays each seat from the entities. The new-game draft
//! (`Res<MatchConfig>`) and `Settings::default_seats` are not copies of these either: they are
//! the player's choices for the *next* match, remembered from a `MatchStarted` (see
//! `persist::remember_match_choices`).

use crate::board::CurrentGame;
pub use crate::board::Seat;
use crate::config::{Controller, MatchConfig, point_colour, point_name};
use crate::play::{BoardChanged, GameEvent, MoveApplied};
use crate::state::AppSystems;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use sternhalma_rules::{Game, Standing};

/// Who plays a seat: a person at this device or the computer at a level.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq, Deref)]
pub struct PlayedBy(pub Controller);

/// How the game shows a seat: its marbles' colour and the colour's name ("Red to move").
#[derive(Component, Debug, Clone, Copy, PartialEq)]
pub struct SeatLook {
    /// The colour's name, which is how the game names the seat.
    pub name: &'static str,
    /// The marbles' colour.
    pub colour: Color,
}

/// The seat's clock reading in milliseconds (reserve left, or time used on the move), as the
/// engine has it; `None` when the rules play without a clock.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct SeatClock(pub Option<u64>);

/// How far a seat has come: still playing, finished or out; the place it has secured; its
/// marbles in the goal.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct SeatStanding {
    /// Playing, finished, or out (and why).
    pub standing: Standing,
    /// The place secured so far (1 = first), if any.
    pub place: Option<u8>,
    /// Own marbles in the goal.
    pub home: u32,
}

impl SeatStanding {
    /// The seat's standing in `game` now.
    pub fn of(game: &Game, seat: usize) -> SeatStanding {
        SeatStanding {
            standing: game.standing(seat),
            place: game.place(seat),
            home: game.progress(seat).in_goal,
        }
    }
}

/// Everything a seat entity carries, read at once.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SeatInfo {
    /// Turn order, 0 = moves first.
    pub index: usize,
    /// Where its marbles start.
    pub point: sternhalma_rules::Point,
    /// Who plays it.
    pub controller: Controller,
    /// Its colour's name.
    pub name: &'static str,
    /// Its colour.
    pub colour: Color,
    /// Its clock.
    pub clock: Option<u64>,
    /// How it is doing.
    pub standing: SeatStanding,
}

/// One seat entity's components, as [`Seats`] queries them.
type SeatItem<'a> = (
    &'a Seat,
    &'a PlayedBy,
    &'a SeatLook,
    &'a SeatClock,
    &'a SeatStanding,
);

impl SeatInfo {
    fn of((seat, by, look, clock, standing): SeatItem) -> SeatInfo {
        SeatInfo {
            index: seat.index,
            point: seat.point,
            controller: by.0,
            name: look.name,
            colour: look.colour,
            clock: clock.0,
            standing: *standing,
        }
    }

    /// Whether a person plays this seat.
    pub fn is_human(&self) -> bool {
        self.controller.is_human()
    }
}

/// The seat entities of the match on the board, by index: what the turn flow, the computer,
/// statistics, saving and the panels read instead of the match's config.
#[derive(SystemParam)]
pub struct Seats<'w, 's> {
    seats: Query<'w, 's, SeatItem<'static>>,
}

impl Seats<'_, '_> {
    /// Every seat, in turn order.
    pub fn all(&self) -> Vec<SeatInfo> {
        let mut all: Vec<SeatInfo> = self.seats.iter().map(SeatInfo::of).collect();
        all.sort_by_key(|s| s.index);
        all
    }

    /// The seat at `index` in turn order, if the match has one.
    pub fn by_index(&self, index: usize) -> Option<SeatInfo> {
        self.seats
            .iter()
            .find(|(s, ..)| s.index == index)
            .map(SeatInfo::of)
    }

    /// The seat whose turn it is in `game`.
    pub fn to_move(&self, game: &Game) -> Option<SeatInfo> {
        self.by_index(game.to_move()?)
    }

    /// Who plays the seat at `index` (`None`: no such seat).
    pub fn controller(&self, index: usize) -> Option<Controller> {
        self.seats
            .iter()
            .find(|(s, ..)| s.index == index)
            .map(|(_, by, ..)| by.0)
    }

    /// Whether a person plays the seat at `index`.
    pub fn is_human(&self, index: usize) -> bool {
        self.controller(index).is_some_and(Controller::is_human)
    }

    /// How many seats people play.
    pub fn humans(&self) -> usize {
        self.seats
            .iter()
            .filter(|(_, by, ..)| by.is_human())
            .count()
    }

    /// The seat's name ("Red"), or "?" for a seat the match does not have.
    pub fn name(&self, index: usize) -> &'static str {
        self.seats
            .iter()
            .find(|(s, ..)| s.index == index)
            .map_or("?", |(_, _, look, ..)| look.name)
    }

    /// The match's config as it is played: `current` with who plays each seat taken from the
    /// entities (see [`recipe`]).
    pub fn recipe(&self, current: &MatchConfig) -> MatchConfig {
        recipe(
            current,
            self.seats.iter().map(|(s, by, ..)| (s.index, by.0)),
        )
    }
}

/// `current` with the seats' controllers from the entities (`(index, controller)`): what a
/// save, a rematch or a match kept aside is built from, so they always agree with the seats
/// that were played.
pub fn recipe(
    current: &MatchConfig,
    seats: impl IntoIterator<Item = (usize, Controller)>,
) -> MatchConfig {
    let mut config = current.clone();
    for (index, controller) in seats {
        if let Some(c) = config.seats.get_mut(index) {
            *c = controller;
        }
    }
    config
}

/// The components of one seat of a match just installed: played by `config`'s choice, in its
/// palette's colour, with its clock and standing read from `game`.
pub fn seat_bundle(
    game: &Game,
    config: &MatchConfig,
    index: usize,
    point: sternhalma_rules::Point,
) -> impl Bundle {
    (
        Seat { index, point },
        PlayedBy(
            config
                .seats
                .get(index)
                .copied()
                .unwrap_or(Controller::Human),
        ),
        SeatLook {
            name: point_name(config.palette, point),
            colour: point_colour(config.palette, point),
        },
        SeatClock(game.clock_ms(index)),
        SeatStanding::of(game, index),
    )
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            // The position changes only through play's outcomes (a move, a re-sync after a
            // new match, undo, redo, resigning, a fallen flag, a record or practice board).
            mirror_standings.run_if(
                resource_exists::<CurrentGame>.and_then(
                    on_message::<BoardChanged>
                        .or_else(on_message::<MoveApplied>)
                        .or_else(on_message::<GameEvent>),
                ),
            ),
            // Clocks run between outcomes: read them on the frames the game changed (a tick).
            mirror_clocks.run_if(resource_exists_and_changed::<CurrentGame>),
        )
            .in_set(AppSystems::Present),
    );
}

/// Copies each seat's standing, place and marbles home from the engine after an outcome.
fn mirror_standings(game: Res<CurrentGame>, mut seats: Query<(&Seat, &mut SeatStanding)>) {
    for (seat, mut standing) in &mut seats {
        if seat.index < usize::from(game.setup().players) {
            standing.set_if_neq(SeatStanding::of(&game, seat.index));
        }
    }
}

/// Copies each seat's clock reading from the engine when the game changed.
fn mirror_clocks(game: Res<CurrentGame>, mut seats: Query<(&Seat, &mut SeatClock)>) {
    if game.rules().clock.is_none() {
        return;
    }
    for (seat, mut clock) in &mut seats {
        if seat.index < usize::from(game.setup().players) {
            clock.set_if_neq(SeatClock(game.clock_ms(seat.index)));
        }
    }
}
