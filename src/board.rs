//! The star as entities: a board root that turns, one child per hole and per marble, and one
//! entity per seat. Positions come from the engine's geometry; which marble sits where comes
//! only from the engine's [`Game`] (see [`crate::play`], which keeps them in step).

use crate::config::{MatchConfig, Palette};
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

/// The options the current game was started with: the recipe kept for a rematch and for saving.
/// Its `seats` are written once, when the match starts, and not read while it is played: who
/// plays each seat lives on the seat entities, and a save or a rematch takes it from there
/// ([`crate::seats::Seats::recipe`]).
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

/// What picking resolves to: the hole entity under a point of the screen, and its hole.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PickedHole {
    /// The hole's entity (a [`HoleSpot`] child of the board root).
    pub entity: Entity,
    /// Which hole it is.
    pub hole: Hole,
}

/// Resolves a point of the screen to the hole entity under it, from the hole entities' own
/// places on the turned board: the nearest within `radius`, so a tap between two holes picks
/// the closer one (the view's pick radius is generous for fingers, never ambiguous).
#[derive(SystemParam)]
pub struct HolePicker<'w, 's> {
    view: Res<'w, BoardView>,
    holes: Query<'w, 's, (Entity, &'static HoleSpot, &'static Transform), Without<Marble>>,
}

impl HolePicker<'_, '_> {
    /// The hole entity nearest to `world` (world coordinates) within `radius` world units.
    pub fn pick(&self, world: Vec2, radius: f32) -> Option<PickedHole> {
        let local = self.view.world_to_board(world);
        self.holes
            .iter()
            .map(|(entity, spot, t)| {
                let d = t.translation.truncate().distance_squared(local);
                (
                    PickedHole {
                        entity,
                        hole: spot.0,
                    },
                    d,
                )
            })
            .filter(|(_, d)| *d <= radius * radius)
            // Exactly between two holes, the lower index: the same hole on every run.
            .min_by(|a, b| {
                a.1.total_cmp(&b.1)
                    .then(a.0.hole.index().cmp(&b.0.hole.index()))
            })
            .map(|(picked, _)| picked)
    }
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

    /// The board's hole entities, and a view turned to `angle`.
    fn board_turned(angle: f32) -> App {
        let mut app = App::new();
        app.insert_resource(BoardView {
            angle,
            target: angle,
        })
        .add_systems(Startup, spawn_board);
        app.update();
        app
    }

    #[test]
    fn picking_resolves_to_the_hole_entity_under_the_point() {
        use bevy::ecs::system::RunSystemOnce;
        for point in [Point::ALL[0], Point::ALL[2]] {
            let mut app = board_turned(BoardView::angle_for(point));
            let world = app.world_mut();
            let spots: Vec<(Entity, Hole)> = world
                .query::<(Entity, &HoleSpot)>()
                .iter(world)
                .map(|(e, s)| (e, s.0))
                .collect();
            assert_eq!(spots.len(), 121);
            let view = *world.resource::<BoardView>();
            let picks = world
                .run_system_once(move |picker: HolePicker| {
                    spots
                        .iter()
                        .map(|&(entity, hole)| {
                            let at = view.board_to_world(hole_position(hole));
                            let near = view.board_to_world(
                                hole_position(hole) + Vec2::new(0.4, -0.3) * SPACING,
                            );
                            (
                                entity,
                                hole,
                                picker.pick(at, 0.55 * SPACING),
                                picker.pick(near, 0.55 * SPACING),
                                // Off the board, and near a hole but outside a small radius.
                                picker.pick(Vec2::splat(20.0 * SPACING), 0.55 * SPACING),
                                picker.pick(near, 0.2 * SPACING),
                            )
                        })
                        .collect::<Vec<_>>()
                })
                .unwrap();
            for (entity, hole, at, near, off, tight) in picks {
                let expected = Some(PickedHole { entity, hole });
                assert_eq!(at, expected, "{hole} at {point:?}");
                assert_eq!(near, expected, "{hole} nearby at {point:?}");
                assert_eq!(off, None);
                assert_eq!(tight, None);
            }
        }
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
