//! The star as entities: a board root that turns, one child per hole and per marble, and one
//! entity per seat. Positions come from the engine's geometry; which marble sits where comes
//! only from the engine's [`Game`] (see [`crate::play`], which keeps them in step).

use crate::config::MatchConfig;
use crate::state::AppSystems;
use bevy::prelude::*;
use sternhalma_rules::{Game, Hole, Point};

/// Distance between neighbouring holes, in world units.
pub const SPACING: f32 = 40.0;

/// The game being played: the engine's state is the single source of truth.
#[derive(Resource, Deref, DerefMut)]
pub struct CurrentGame(pub Game);

/// The options the current game was started with: the recipe kept for a rematch and for saving.
/// Its `seats` are written once, when the match starts, and not read while it is played: who
/// plays each seat lives on the seat entities, and a save or a rematch takes it from there
/// ([`crate::seats::Seats::recipe`]).
#[derive(Resource, Clone, Debug, Deref)]
pub struct CurrentMatch(pub MatchConfig);

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

/// A seat of the current match: its place in the turn order and its point. The entity also
/// carries who plays it, its look, clock and standing (see [`crate::seats`]).
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Seat {
    /// Turn order, 0 = moves first.
    pub index: usize,
    /// Where its marbles start.
    pub point: Point,
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
