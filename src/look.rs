//! What the board looks like: 2D meshes and colours for the entities the core spawns (holes,
//! marbles, highlights), added by observers so the core never needs a renderer, and a camera
//! that fits the round board into whatever part of the window the UI leaves free.

use crate::board::{HOLE_Z, HoleSpot, Marble, SPACING, ShownGame};
use crate::config::{COLOUR_COUNT, COLOURS, Settings};
use crate::play::BoardChanged;
use crate::selection::{HighlightKind, HoleMarks, Segment, z_of};
use bevy::camera::ScalingMode;
use bevy::prelude::*;
use sternhalma_rules::{Game, Point};

/// Colour of the window around the board.
pub const BACKGROUND: Color = Color::srgb(0.12, 0.15, 0.2);
/// The board's wood.
pub const WOOD: Color = Color::srgb(0.78, 0.63, 0.43);
/// Colour of a reachable hole: bright and unlike any marble, so it reads at a glance.
pub const REACHABLE: Color = Color::srgb(0.3, 0.95, 0.45);
/// The mover's goal.
pub const GOLD: Color = Color::srgb(1.0, 0.78, 0.15);
/// A reviewed move as it was played (coral red), on the review screen.
pub const PLAYED: Color = Color::srgb(1.0, 0.36, 0.3);
/// The engine's better move there (bright green), beside the played one.
pub const BETTER: Color = Color::srgb(0.3, 1.0, 0.45);

pub use crate::view::BoardFrame;

/// Meshes and materials shared by every board entity.
#[derive(Resource)]
struct LookAssets {
    circle: Handle<Mesh>,
    ring: Handle<Mesh>,
    thin_ring: Handle<Mesh>,
    bar: Handle<Mesh>,
    symbols: [Handle<Mesh>; COLOUR_COUNT],
    cross_bar: Handle<Mesh>,
    tile: [Handle<ColorMaterial>; COLOUR_COUNT + 1],
    edge: Handle<ColorMaterial>,
    hole: Handle<ColorMaterial>,
    /// The lit lower edge of a hole, which makes it read as recessed.
    lip: Handle<ColorMaterial>,
    shadow: Handle<ColorMaterial>,
    shine: Handle<ColorMaterial>,
    rim: [Handle<ColorMaterial>; COLOUR_COUNT],
    body: [Handle<ColorMaterial>; COLOUR_COUNT],
    symbol: [Handle<ColorMaterial>; COLOUR_COUNT],
    kinds: Vec<(HighlightKind, Handle<ColorMaterial>)>,
}

impl LookAssets {
    fn kind(&self, k: HighlightKind) -> Handle<ColorMaterial> {
        self.kinds
            .iter()
            .find(|(kind, _)| *kind == k)
            .map(|(_, h)| h.clone())
            .expect("every kind has a material")
    }
}

/// Part of a marble's look that depends on the colour-blind setting.
#[derive(Component)]
struct Symbol;

pub(super) fn plugin(app: &mut App) {
    app.insert_resource(ClearColor(BACKGROUND))
        .add_systems(PreStartup, make_assets)
        .add_systems(Startup, spawn_camera)
        .add_observer(dress_hole)
        .add_observer(dress_marble)
        .add_observer(dress_segment)
        .add_observer(dress_flourish)
        .add_systems(
            Update,
            (
                tint_points.run_if(on_message::<BoardChanged>),
                refresh_symbols.run_if(resource_changed::<Settings>),
                fade_flourishes,
                show_hole_marks.after(crate::selection::HighlightSystems),
            ),
        );
}

fn darker(c: Color, f: f32) -> Color {
    let s = c.to_srgba();
    Color::srgb(s.red * f, s.green * f, s.blue * f)
}

fn mix(a: Color, b: Color, t: f32) -> Color {
    a.mix(&b, t)
}

/// The tiles' colours: a tint of each of the six marble colours (indices as [`COLOURS`]), for
/// the point whose marbles wear it, then the plain hexagon.
pub fn tile_colours() -> [Color; COLOUR_COUNT + 1] {
    let base = Color::srgb(0.87, 0.75, 0.56);
    std::array::from_fn(|i| match COLOURS.get(i) {
        // Black would darken its point to a mid-tone that light marbles fade into.
        Some(&c) if c.luminance() < 0.1 => mix(base, c, 0.16),
        Some(&c) => mix(base, c, 0.28),
        None => base,
    })
}

/// WCAG's contrast ratio of two colours (1 to 21): 3 is the least for shapes to tell apart.
pub fn contrast(a: Color, b: Color) -> f32 {
    let y = |c: Color| {
        let l = c.to_linear();
        0.2126 * l.red + 0.7152 * l.green + 0.0722 * l.blue
    };
    let (ya, yb) = (y(a), y(b));
    (ya.max(yb) + 0.05) / (ya.min(yb) + 0.05)
}

/// Contrast every marble keeps against every tile, by its body or its rim.
pub const MIN_MARBLE_CONTRAST: f32 = 3.0;

/// A marble's rim: its colour darkened only as far as needed for the marble to stand out from
/// every tile it can rest on (black marbles stand out by their body and get a grey rim).
pub fn rim_colour(c: Color) -> Color {
    if c.luminance() < 0.1 {
        return Color::srgb(0.32, 0.32, 0.36);
    }
    let tiles = tile_colours();
    let stands_out = |rim: Color| {
        tiles
            .iter()
            .all(|&t| contrast(c, t).max(contrast(rim, t)) >= MIN_MARBLE_CONTRAST)
    };
    (0..=12)
        .map(|i| darker(c, 0.62 - 0.04 * i as f32))
        .find(|&rim| stands_out(rim))
        .unwrap_or(Color::srgb(0.1, 0.1, 0.1))
}

fn make_assets(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    let mut mat = |c: Color| materials.add(c);
    let edge = mat(darker(WOOD, 0.55));
    let tile = tile_colours().map(&mut mat);
    let rim = COLOURS.map(|c| mat(rim_colour(c)));
    let body = COLOURS.map(&mut mat);
    let symbol = COLOURS.map(|c| {
        if c.luminance() > 0.45 {
            mat(Color::srgb(0.1, 0.1, 0.12))
        } else {
            mat(Color::srgb(0.97, 0.97, 0.97))
        }
    });
    use HighlightKind as K;
    let kinds = vec![
        (K::Goal, mat(GOLD.with_alpha(0.55))),
        (K::Trail, mat(Color::srgba(1.0, 1.0, 1.0, 0.38))),
        (K::Selected, mat(Color::srgb(1.0, 1.0, 1.0))),
        (K::Reachable, mat(REACHABLE)),
        (K::Forbidden, mat(Color::srgba(0.35, 0.35, 0.38, 0.9))),
        (K::Path, mat(Color::srgb(0.45, 0.85, 1.0))),
        (K::Cursor, mat(Color::srgb(1.0, 0.5, 0.05))),
        (K::Hint, mat(Color::srgb(0.78, 0.42, 1.0))),
        (K::Target, mat(Color::srgb(0.3, 0.95, 0.45))),
        (K::Played, mat(PLAYED)),
        (K::Better, mat(BETTER)),
    ];
    let hole = mat(Color::srgb(0.3, 0.21, 0.13));
    let lip = mat(Color::srgba(1.0, 0.95, 0.85, 0.45));
    let shadow = mat(Color::srgba(0.0, 0.0, 0.0, 0.3));
    let shine = mat(Color::srgba(1.0, 1.0, 1.0, 0.7));
    commands.insert_resource(LookAssets {
        circle: meshes.add(Circle::new(1.0)),
        ring: meshes.add(Annulus::new(0.8, 1.0)),
        thin_ring: meshes.add(Annulus::new(0.86, 1.0)),
        bar: meshes.add(Rectangle::new(1.0, 1.0)),
        symbols: [
            meshes.add(RegularPolygon::new(1.0, 3)),
            meshes.add(Rectangle::new(1.4, 1.4)),
            meshes.add(RegularPolygon::new(1.0, 4)),
            meshes.add(Annulus::new(0.55, 1.0)),
            meshes.add(RegularPolygon::new(1.0, 6)),
            meshes.add(Rectangle::new(2.0, 0.6)),
            meshes.add(RegularPolygon::new(1.0, 5)),
            meshes.add(Circle::new(0.75)),
        ],
        cross_bar: meshes.add(Rectangle::new(0.6, 2.0)),
        tile,
        edge,
        hole,
        lip,
        shadow,
        shine,
        rim,
        body,
        symbol,
        kinds,
    });
}

fn spawn_camera(mut commands: Commands) {
    commands.spawn((
        Camera2d,
        Projection::Orthographic(OrthographicProjection {
            scaling_mode: ScalingMode::WindowSize,
            ..OrthographicProjection::default_2d()
        }),
    ));
}

fn circle(mesh: &Handle<Mesh>, mat: Handle<ColorMaterial>, at: Vec3, r: f32) -> impl Bundle {
    (
        Mesh2d(mesh.clone()),
        MeshMaterial2d(mat),
        Transform::from_translation(at).with_scale(Vec3::splat(r)),
    )
}

/// The point a hole belongs to, as a tile colour index under the board's own colours
/// ([`COLOUR_COUNT`] = the hexagon); [`tint_points`] follows the match's colours.
fn tile_index(point: Option<Point>) -> usize {
    point.map_or(COLOUR_COUNT, |p| p.index())
}

/// Each hole: a tile (together the tiles make the star's shape, over a slightly larger dark
/// edge) and the hole itself.
fn dress_hole(
    add: On<Add, HoleSpot>,
    holes: Query<&HoleSpot>,
    look: Res<LookAssets>,
    mut commands: Commands,
) {
    let Ok(spot) = holes.get(add.entity) else {
        return;
    };
    let tile = look.tile[tile_index(spot.0.point())].clone();
    commands.entity(add.entity).with_children(|h| {
        h.spawn(circle(
            &look.circle,
            look.edge.clone(),
            Vec3::new(0.0, 0.0, -0.95),
            0.74 * SPACING,
        ));
        h.spawn((
            circle(
                &look.circle,
                tile,
                Vec3::new(0.0, 0.0, -0.9),
                0.64 * SPACING,
            ),
            TileOf(spot.0.point()),
        ));
        // Light from the upper left: the hole's lower right rim catches it.
        h.spawn(circle(
            &look.circle,
            look.lip.clone(),
            Vec3::new(0.025 * SPACING, -0.025 * SPACING, -0.05),
            0.21 * SPACING,
        ));
        h.spawn(circle(
            &look.circle,
            look.hole.clone(),
            Vec3::ZERO,
            0.2 * SPACING,
        ));
    });
}

/// Marks a tile with its point, so tiles of points nobody plays can be shown plain.
#[derive(Component)]
struct TileOf(Option<Point>);

/// Colours the points the seats of the current game start in, each in its seat's colour;
/// points nobody starts in stay neutral.
fn tint_points(
    shown: ShownGame,
    look: Res<LookAssets>,
    mut tiles: Query<(&TileOf, &mut MeshMaterial2d<ColorMaterial>)>,
) {
    let Some((game, palette)) = shown.with_palette() else {
        return;
    };
    let used = used_points(game);
    for (tile, mut m) in &mut tiles {
        let i = match tile.0 {
            Some(p) if used.contains(&p) => palette.colour(p),
            _ => COLOUR_COUNT,
        };
        if m.0 != look.tile[i] {
            m.0 = look.tile[i].clone();
        }
    }
}

fn used_points(game: &Game) -> Vec<Point> {
    game.setup().seat_points().to_vec()
}

/// A marble with depth: a soft shadow, a darker rim, the body, and a small light highlight.
fn dress_marble(
    add: On<Add, Marble>,
    marbles: Query<&Marble>,
    shown: ShownGame,
    settings: Res<Settings>,
    look: Res<LookAssets>,
    mut commands: Commands,
) {
    let (Ok(m), Some((game, palette))) = (marbles.get(add.entity), shown.with_palette()) else {
        return;
    };
    let Some(&point) = game.setup().seat_points().get(m.seat) else {
        return;
    };
    let c = palette.colour(point);
    let s = SPACING;
    commands.entity(add.entity).with_children(|b| {
        b.spawn(circle(
            &look.circle,
            look.shadow.clone(),
            Vec3::new(0.05 * s, -0.06 * s, -0.3),
            0.41 * s,
        ));
        b.spawn(circle(
            &look.circle,
            look.rim[c].clone(),
            Vec3::new(0.0, 0.0, -0.2),
            0.4 * s,
        ));
        b.spawn(circle(
            &look.circle,
            look.body[c].clone(),
            Vec3::new(-0.02 * s, 0.02 * s, -0.1),
            0.33 * s,
        ));
        b.spawn(circle(
            &look.circle,
            look.shine.clone(),
            Vec3::new(-0.13 * s, 0.14 * s, 0.0),
            0.09 * s,
        ));
    });
    if settings.colour_blind {
        add_symbol(&mut commands, add.entity, &look, c);
    }
}

fn add_symbol(commands: &mut Commands, marble: Entity, look: &LookAssets, c: usize) {
    let mat = look.symbol[c].clone();
    // Down and right of the centre, clear of the shine at the upper left.
    let at = Vec3::new(0.03 * SPACING, -0.04 * SPACING, 0.05);
    let r = 0.13 * SPACING;
    commands.entity(marble).with_children(|b| {
        b.spawn((circle(&look.symbols[c], mat.clone(), at, r), Symbol));
        if c == 5 {
            // The sixth symbol is a plus: a second bar across the first.
            b.spawn((circle(&look.cross_bar, mat, at, r), Symbol));
        }
    });
}

fn refresh_symbols(
    mut commands: Commands,
    settings: Res<Settings>,
    look: Res<LookAssets>,
    shown: ShownGame,
    symbols: Query<Entity, With<Symbol>>,
    marbles: Query<(Entity, &Marble)>,
) {
    for e in &symbols {
        commands.entity(e).despawn();
    }
    let Some((game, palette)) = shown.with_palette() else {
        return;
    };
    if !settings.colour_blind {
        return;
    }
    let points = game.setup().seat_points();
    for (e, m) in &marbles {
        if let Some(&p) = points.get(m.seat) {
            add_symbol(&mut commands, e, &look, palette.colour(p));
        }
    }
}

/// A hole's marker of one kind: a child of the hole, made the first time the hole shows that
/// kind and then only shown or hidden.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
struct MarkOf(HighlightKind);

/// Shows each hole's marks: one child per kind that is on, hidden when it goes off.
fn show_hole_marks(
    holes: Query<(Entity, &HoleMarks, Option<&Children>), Changed<HoleMarks>>,
    mut markers: Query<(&MarkOf, &mut Visibility)>,
    look: Res<LookAssets>,
    mut commands: Commands,
) {
    for (hole, marks, children) in &holes {
        let mut made = 0u16;
        for child in children.into_iter().flatten() {
            if let Ok((kind, mut visibility)) = markers.get_mut(*child) {
                made |= kind.0.bit();
                visibility.set_if_neq(if marks.has(kind.0) {
                    Visibility::Inherited
                } else {
                    Visibility::Hidden
                });
            }
        }
        for kind in marks.kinds().filter(|&k| made & k.bit() == 0) {
            commands.entity(hole).with_child(marker(&look, kind));
        }
    }
}

/// The look of a marker of `kind` on a hole (a child of the hole, so its z is relative to it).
fn marker(look: &LookAssets, kind: HighlightKind) -> impl Bundle {
    let s = SPACING;
    let (mesh, r) = match kind {
        HighlightKind::Goal => (&look.thin_ring, 0.56 * s),
        HighlightKind::Trail => (&look.circle, 0.2 * s),
        HighlightKind::Selected => (&look.ring, 0.54 * s),
        HighlightKind::Reachable => (&look.circle, 0.33 * s),
        HighlightKind::Forbidden => (&look.circle, 0.21 * s),
        HighlightKind::Path => (&look.circle, 0.12 * s),
        HighlightKind::Cursor => (&look.ring, 0.56 * s),
        HighlightKind::Hint => (&look.ring, 0.52 * s),
        HighlightKind::Target => (&look.ring, 0.5 * s),
        // The better move's ring sits inside the played one's where both use a hole.
        HighlightKind::Played => (&look.ring, 0.56 * s),
        HighlightKind::Better => (&look.ring, 0.44 * s),
    };
    (
        MarkOf(kind),
        Mesh2d(mesh.clone()),
        MeshMaterial2d(look.kind(kind)),
        Transform::from_xyz(0.0, 0.0, z_of(kind) - HOLE_Z).with_scale(Vec3::splat(r)),
        Visibility::Inherited,
    )
}

/// A flourish is a thin gold ring with a material of its own, so it can fade alone.
fn dress_flourish(
    add: On<Add, crate::animation::Flourish>,
    look: Res<LookAssets>,
    mut materials: ResMut<Assets<ColorMaterial>>,
    mut commands: Commands,
) {
    commands.entity(add.entity).insert((
        Mesh2d(look.thin_ring.clone()),
        MeshMaterial2d(materials.add(GOLD.with_alpha(0.0))),
    ));
}

fn fade_flourishes(
    rings: Query<(&crate::animation::Flourish, &MeshMaterial2d<ColorMaterial>)>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    for (f, m) in &rings {
        if let Some(mut mat) = materials.get_mut(&m.0) {
            mat.color = GOLD.with_alpha(f.shape().1);
        }
    }
}

fn dress_segment(
    add: On<Add, Segment>,
    segs: Query<&Segment>,
    look: Res<LookAssets>,
    mut commands: Commands,
) {
    let Ok(seg) = segs.get(add.entity) else {
        return;
    };
    let len = crate::board::hole_position(seg.from).distance(crate::board::hole_position(seg.to));
    let width = match seg.kind {
        HighlightKind::Trail => 0.12,
        HighlightKind::Hint | HighlightKind::Played | HighlightKind::Better => 0.1,
        _ => 0.09,
    } * SPACING;
    commands.entity(add.entity).insert((
        Mesh2d(look.bar.clone()),
        MeshMaterial2d(look.kind(seg.kind)),
    ));
    commands
        .entity(add.entity)
        .entry::<Transform>()
        .and_modify(move |mut t| t.scale = Vec3::new(len, width, 1.0));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_marble_stands_out_from_every_tile() {
        for c in COLOURS {
            let rim = rim_colour(c);
            for t in tile_colours() {
                let best = contrast(c, t).max(contrast(rim, t));
                assert!(best >= MIN_MARBLE_CONTRAST, "{c:?} on {t:?}: {best:.2}");
            }
        }
    }
}
