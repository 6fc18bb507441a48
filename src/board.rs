//! The star: one entity per hole and per marble, placed from the engine's geometry.

use bevy::prelude::*;
use sternhalma_rules::{Game, Hole};

/// Distance between neighbouring holes, in world units.
pub const SPACING: f32 = 40.0;

/// The game being played: the engine's state is the single source of truth.
#[derive(Resource)]
pub struct Rules(pub Game);

/// A hole of the board.
#[derive(Component, Debug, Clone, Copy)]
pub struct HoleSpot(pub Hole);

/// A marble, with the seat that owns it.
#[derive(Component, Debug, Clone, Copy)]
pub struct Marble {
    /// Owner.
    pub seat: usize,
}

/// Seat colours, clockwise from the bottom point: white, red, blue, black, yellow, green.
pub const POINT_COLOURS: [Color; 6] = [
    Color::srgb(0.95, 0.95, 0.92),
    Color::srgb(0.85, 0.15, 0.15),
    Color::srgb(0.15, 0.35, 0.85),
    Color::srgb(0.12, 0.12, 0.14),
    Color::srgb(0.95, 0.8, 0.1),
    Color::srgb(0.1, 0.6, 0.25),
];

pub(super) fn plugin(app: &mut App) {
    app.insert_resource(Rules(
        Game::from_preset("classic", None, None).expect("the classic preset loads"),
    ))
    .insert_resource(ClearColor(Color::srgb(0.16, 0.2, 0.26)))
    .add_systems(Startup, (spawn_camera, spawn_board));
}

/// World position of a hole.
pub fn hole_position(h: Hole) -> Vec2 {
    let (x, y) = h.xy();
    Vec2::new(x, y) * SPACING
}

fn spawn_camera(mut commands: Commands) {
    commands.spawn((
        Camera2d,
        Projection::Orthographic(OrthographicProjection {
            scaling_mode: bevy::camera::ScalingMode::AutoMin {
                min_width: 17.0 * SPACING,
                min_height: 17.0 * SPACING,
            },
            ..OrthographicProjection::default_2d()
        }),
    ));
}

fn spawn_board(
    mut commands: Commands,
    rules: Res<Rules>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    let hole_mesh = meshes.add(Circle::new(SPACING * 0.2));
    let hole_material = materials.add(Color::srgb(0.08, 0.1, 0.13));
    let marble_mesh = meshes.add(Circle::new(SPACING * 0.38));
    let game = &rules.0;
    let points = game.setup().seat_points();
    let marble_materials: Vec<_> = points
        .iter()
        .map(|p| materials.add(POINT_COLOURS[p.index()]))
        .collect();
    for h in Hole::all() {
        let pos = hole_position(h);
        commands.spawn((
            HoleSpot(h),
            Mesh2d(hole_mesh.clone()),
            MeshMaterial2d(hole_material.clone()),
            Transform::from_translation(pos.extend(0.0)),
        ));
        if let Some(seat) = game.board().owner(h) {
            commands.spawn((
                Marble { seat },
                Mesh2d(marble_mesh.clone()),
                MeshMaterial2d(marble_materials[seat].clone()),
                Transform::from_translation(pos.extend(1.0)),
            ));
        }
    }
}
