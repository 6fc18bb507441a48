//! The star as entities: a board root that turns, one child per hole and per marble, and one
//! entity per seat. Positions come from the engine's geometry; which marble sits where comes
//! only from the engine's [`Game`] (see [`crate::play`], which keeps them in step).

use crate::config::{Controller, MatchConfig, Palette};
use crate::records::Replay;
use crate::state::AppSystems;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use sternhalma_rules::{Game, Hole, Point};

/// Distance between neighbouring holes, in world units.
pub const SPACING: f32 = 40.0;

/// The game being played: the engine's state is the single source of truth.
#[derive(Resource, Deref, DerefMut)]
pub struct CurrentGame(pub Game);

/// The options the current game was started with (for rematch and the HUD).
#[derive(Resource, Clone, Debug, Deref)]
pub struct CurrentMatch(pub MatchConfig);

/// The game the board shows, and in which colours: the record being viewed while the replay
/// screen is up ([`Replay`] exists exactly then), else the match under way, if any. The marble
/// entities, the tiles and the last-move trail all draw from here, so viewing a record never
/// touches the match: leaving the viewer re-syncs the board (a [`crate::play::BoardChanged`])
/// and it shows the match again.
#[derive(SystemParam)]
pub struct ShownGame<'w> {
    replay: Option<Res<'w, Replay>>,
    game: Option<Res<'w, CurrentGame>>,
    current: Option<Res<'w, CurrentMatch>>,
}

impl ShownGame<'_> {
    /// The position on the board; `None` when there is nothing to show (an empty board).
    pub fn game(&self) -> Option<&Game> {
        match &self.replay {
            Some(replay) => Some(replay.shown()),
            None => self.game.as_deref().map(|g| &g.0),
        }
    }

    /// The marbles' colours: a record keeps the moves, not who sat where, so it wears the
    /// board's own colours; a match, its chosen ones.
    pub fn palette(&self) -> Option<Palette> {
        match &self.replay {
            Some(_) => Some(Palette::default()),
            None => self.current.as_ref().map(|c| c.palette),
        }
    }

    /// The position and its colours together, when the board shows something.
    pub fn with_palette(&self) -> Option<(&Game, Palette)> {
        Some((self.game()?, self.palette()?))
    }

    /// Whether the board shows a record rather than the match.
    pub fn is_record(&self) -> bool {
        self.replay.is_some()
    }

    /// Whether what the board shows changed since the system last ran.
    pub fn is_changed(&self) -> bool {
        match &self.replay {
            Some(replay) => replay.is_changed(),
            None => self.game.as_ref().is_some_and(|g| g.is_changed()),
        }
    }
}

/// The entity everything on the board hangs from; turning it turns the board.
#[derive(Component, Debug)]
pub struct BoardRoot;

/// A hole of the board; what it shows is its [`HoleMarks`](crate::selection::HoleMarks).
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
#[require(crate::selection::HoleMarks)]
pub struct HoleSpot(pub Hole);

/// A marble: its owner and the hole it stands on (changed only when a move is applied).
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Marble {
    /// Owner.
    pub seat: usize,
    /// Where the engine says it is.
    pub hole: Hole,
}

/// A seat of the current match.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Seat {
    /// Turn order, 0 = moves first.
    pub index: usize,
    /// Where its marbles start.
    pub point: Point,
    /// Who plays it.
    pub controller: Controller,
}

/// Which way the board faces: the point shown at the bottom, and the angle it is turning to.
#[derive(Resource, Debug, Clone, Copy, PartialEq)]
pub struct BoardView {
    /// Current angle of the board root (radians, anticlockwise).
    pub angle: f32,
    /// The angle it is turning towards.
    pub target: f32,
}

impl Default for BoardView {
    fn default() -> Self {
        BoardView {
            angle: 0.0,
            target: 0.0,
        }
    }
}

impl BoardView {
    /// The angle that puts `point` at the bottom of the screen.
    pub fn angle_for(point: Point) -> f32 {
        point.index() as f32 * std::f32::consts::FRAC_PI_3
    }

    /// Whether the board is still turning.
    pub fn is_turning(&self) -> bool {
        (self.angle - self.target).abs() > 1e-4
    }

    /// From world coordinates to the board's own (unturned) coordinates.
    pub fn world_to_board(&self, world: Vec2) -> Vec2 {
        Vec2::from_angle(-self.angle).rotate(world)
    }

    /// From board coordinates to world coordinates.
    pub fn board_to_world(&self, local: Vec2) -> Vec2 {
        Vec2::from_angle(self.angle).rotate(local)
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<BoardView>()
        .add_systems(Startup, spawn_board)
        .add_systems(
            Update,
            turn_board_root
                .in_set(AppSystems::Present)
                .after(crate::animation::AnimationSystems),
        );
}

/// Position of a hole on the unturned board.
pub fn hole_position(h: Hole) -> Vec2 {
    let (x, y) = h.xy();
    Vec2::new(x, y) * SPACING
}

/// The hole under a point of the unturned board, if it is close enough to one to count as a
/// tap on it (within 0.55 spacings: generous for fingers, never ambiguous).
pub fn hole_at(local: Vec2) -> Option<Hole> {
    hole_near(local, 0.55 * SPACING)
}

/// The nearest hole to a point of the unturned board within `radius` (world units): a tap
/// between two holes picks the closer one.
pub fn hole_near(local: Vec2, radius: f32) -> Option<Hole> {
    Hole::all()
        .map(|h| (h, hole_position(h).distance_squared(local)))
        .filter(|(_, d)| *d <= radius * radius)
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(h, _)| h)
}

/// The root and the 121 holes: the same for every match.
fn spawn_board(mut commands: Commands) {
    commands
        .spawn((BoardRoot, Transform::default(), Visibility::default()))
        .with_children(|root| {
            for h in Hole::all() {
                root.spawn((
                    HoleSpot(h),
                    Transform::from_translation(hole_position(h).extend(HOLE_Z)),
                    Visibility::default(),
                ));
            }
        });
}

/// One marble standing on `hole`.
pub fn spawn_marble(commands: &mut Commands, root: Entity, seat: usize, hole: Hole) -> Entity {
    commands
        .spawn((
            Marble { seat, hole },
            Transform::from_translation(hole_position(hole).extend(MARBLE_Z)),
            Visibility::default(),
            ChildOf(root),
        ))
        .id()
}

/// Depth of resting marbles (above holes and highlights, below lifted ones).
pub const MARBLE_Z: f32 = 5.0;

/// Where the holes stand: above the board's wood, below the markers and marbles.
pub const HOLE_Z: f32 = 1.0;

/// Applies the view angle to the board root.
fn turn_board_root(view: Res<BoardView>, mut root: Query<&mut Transform, With<BoardRoot>>) {
    if view.is_changed() {
        for mut t in &mut root {
            t.rotation = Quat::from_rotation_z(view.angle);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_hole_is_found_at_its_own_position() {
        for h in Hole::all() {
            assert_eq!(hole_at(hole_position(h)), Some(h));
            assert_eq!(
                hole_at(hole_position(h) + Vec2::new(0.4, -0.3) * SPACING),
                Some(h)
            );
        }
        assert_eq!(hole_at(Vec2::splat(20.0 * SPACING)), None);
    }

    #[test]
    fn the_view_puts_each_point_at_the_bottom() {
        for p in Point::ALL {
            let view = BoardView {
                angle: BoardView::angle_for(p),
                target: BoardView::angle_for(p),
            };
            // The point's tip must be the lowest hole on screen.
            let lowest = Hole::all()
                .min_by(|a, b| {
                    let ya = view.board_to_world(hole_position(*a)).y;
                    let yb = view.board_to_world(hole_position(*b)).y;
                    ya.total_cmp(&yb)
                })
                .unwrap();
            assert_eq!(lowest.point(), Some(p), "{p:?}");
            let back = view.world_to_board(view.board_to_world(Vec2::new(3.0, 4.0)));
            assert!(back.distance(Vec2::new(3.0, 4.0)) < 1e-3);
        }
    }
}
