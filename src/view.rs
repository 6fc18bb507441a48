//! Where the board sits in the window: fitted into the part the UI leaves free, then zoomed and
//! panned by the player (pinch, two-finger drag, mouse wheel; double-tap resets). Kept apart
//! from rendering so pointer positions map to the board the same way on a phone, on a desktop
//! and in headless tests.

use crate::board::SPACING;
use bevy::prelude::*;
use bevy::window::{PrimaryWindow, RequestRedraw};

/// Half the star's width and height in world units, with its tiles and edge: the star is
/// 12 spacings across its side points and 8·√3 between its top and bottom tips.
pub const STAR_HALF: Vec2 = Vec2::new(
    6.0 * SPACING + 0.8 * SPACING,
    6.93 * SPACING + 0.8 * SPACING,
);

/// The closest a player can zoom in.
pub const MAX_ZOOM: f32 = 4.0;

/// Smallest hit area for a hole, as a diameter in millimetres on the screen: fingers need
/// about 7 mm whatever size the holes are drawn.
pub const MIN_HIT_MM: f32 = 7.0;

/// The part of the window the board may use, in logical pixels (the UI sets it; `None` means
/// the whole window).
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq)]
pub struct BoardFrame(pub Option<Rect>);

/// The player's zoom and pan: `zoom` 1 shows the whole star; `centre` is the world point shown
/// in the middle of the board's frame.
#[derive(Resource, Debug, Clone, Copy, PartialEq)]
pub struct BoardZoom {
    /// 1 to [`MAX_ZOOM`].
    pub zoom: f32,
    /// World point at the frame's centre.
    pub centre: Vec2,
}

impl Default for BoardZoom {
    fn default() -> Self {
        BoardZoom {
            zoom: 1.0,
            centre: Vec2::ZERO,
        }
    }
}

impl BoardZoom {
    /// Whether the whole board is shown as fitted.
    pub fn is_default(&self) -> bool {
        *self == BoardZoom::default()
    }

    /// Keeps the zoom in range and the middle of the view over the board.
    fn clamp(&mut self) {
        self.zoom = self.zoom.clamp(1.0, MAX_ZOOM);
        if self.zoom <= 1.0 + 1e-3 {
            *self = BoardZoom::default();
        } else {
            self.centre = self.centre.clamp(-STAR_HALF, STAR_HALF);
        }
    }
}

/// How screen positions map to the world this frame: filled by [`fit_view`].
#[derive(Resource, Debug, Clone, Copy, PartialEq)]
pub struct ViewGeometry {
    /// Window size in logical pixels.
    pub window: Vec2,
    /// The board's frame in logical pixels.
    pub frame: Rect,
    /// World units per logical pixel with the board fitted (zoom 1).
    pub fit_scale: f32,
    /// World units per logical pixel now.
    pub scale: f32,
    /// The camera's position.
    pub translation: Vec2,
    /// Logical pixels per millimetre on this screen.
    pub px_per_mm: f32,
}

impl Default for ViewGeometry {
    fn default() -> Self {
        ViewGeometry {
            window: Vec2::new(1280.0, 800.0),
            frame: Rect::new(0.0, 0.0, 1280.0, 800.0),
            fit_scale: 1.0,
            scale: 1.0,
            translation: Vec2::ZERO,
            px_per_mm: DESKTOP_PX_PER_MM,
        }
    }
}

/// Logical pixels per mm on desktops (96 per inch).
pub const DESKTOP_PX_PER_MM: f32 = 96.0 / 25.4;
/// Logical pixels per mm on Android and iOS (about 160 per inch).
pub const MOBILE_PX_PER_MM: f32 = 160.0 / 25.4;

/// How many logical pixels make a millimetre on this screen (Bevy's logical pixels already
/// account for the display's density, so this is fixed per kind of platform).
#[derive(Resource, Debug, Clone, Copy, PartialEq)]
pub struct ScreenDensity {
    /// Logical pixels per millimetre.
    pub px_per_mm: f32,
}

impl Default for ScreenDensity {
    fn default() -> Self {
        ScreenDensity {
            px_per_mm: if cfg!(any(target_os = "android", target_os = "ios")) {
                MOBILE_PX_PER_MM
            } else {
                DESKTOP_PX_PER_MM
            },
        }
    }
}

impl ViewGeometry {
    /// The world point under a window position (logical pixels, y down).
    pub fn screen_to_world(&self, p: Vec2) -> Vec2 {
        let d = p - self.window / 2.0;
        self.translation + Vec2::new(d.x, -d.y) * self.scale
    }

    /// The window position of a world point.
    pub fn world_to_screen(&self, w: Vec2) -> Vec2 {
        let d = (w - self.translation) / self.scale;
        self.window / 2.0 + Vec2::new(d.x, -d.y)
    }

    /// The radius within which a tap picks a hole, in world units: at least half a spacing and
    /// at least [`MIN_HIT_MM`] across on the screen.
    pub fn pick_radius(&self) -> f32 {
        (0.55 * SPACING).max(MIN_HIT_MM / 2.0 * self.px_per_mm * self.scale)
    }

    /// The camera translation that puts `zoom.centre` in the middle of the frame.
    fn translation_for(&self, zoom: &BoardZoom, scale: f32) -> Vec2 {
        let c = self.frame.center() - self.window / 2.0;
        zoom.centre - Vec2::new(c.x, -c.y) * scale
    }
}

/// A change of zoom or pan asked for by a gesture, the wheel or a double-tap.
#[derive(Message, Clone, Copy, Debug, PartialEq)]
pub enum ViewInput {
    /// Zoom by `factor` keeping the world point under `at` (window position) still.
    Zoom {
        /// Above 1 zooms in.
        factor: f32,
        /// Window position, logical pixels.
        at: Vec2,
    },
    /// Move the board with the fingers by this many logical pixels.
    Pan(Vec2),
    /// Show the whole board again.
    Reset,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<BoardFrame>()
        .init_resource::<ScreenDensity>()
        .init_resource::<BoardZoom>()
        .init_resource::<ViewGeometry>()
        .add_message::<ViewInput>()
        .add_systems(
            Update,
            (apply_view_input, fit_view)
                .chain()
                .in_set(crate::state::AppSystems::Interpret),
        )
        .add_systems(Last, wake_for_pending_fit);
}

/// The panels around the board are laid out after [`fit_view`] ran (egui's pass comes late in
/// the frame), so a new frame for the board, after a turn of the phone or a panel that grew,
/// is applied in the next frame: ask for it, or an idle app would show the board out of place
/// and pick holes by where it was, until the next touch.
fn wake_for_pending_fit(
    window: Query<&Window, With<PrimaryWindow>>,
    frame: Res<BoardFrame>,
    geometry: Res<ViewGeometry>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    let Some((size, wanted)) = board_area(&window, &frame) else {
        return;
    };
    if geometry.frame != wanted || geometry.window != size {
        redraw.write(RequestRedraw);
    }
}

/// The window's size and the part of it the board may use (logical pixels), or `None` while
/// there is no window worth fitting into.
fn board_area(
    window: &Query<&Window, With<PrimaryWindow>>,
    frame: &BoardFrame,
) -> Option<(Vec2, Rect)> {
    let window = window.single().ok()?;
    let (w, h) = (window.width(), window.height());
    if w < 1.0 || h < 1.0 {
        return None;
    }
    Some((
        Vec2::new(w, h),
        frame.0.unwrap_or(Rect::new(0.0, 0.0, w, h)),
    ))
}

fn apply_view_input(
    mut inputs: MessageReader<ViewInput>,
    mut zoom: ResMut<BoardZoom>,
    geometry: Res<ViewGeometry>,
) {
    let mut z = *zoom;
    for input in inputs.read() {
        match *input {
            ViewInput::Zoom { factor, at } => {
                let scale = geometry.fit_scale / z.zoom;
                let now = ViewGeometry {
                    scale,
                    translation: geometry.translation_for(&z, scale),
                    ..*geometry
                };
                let under = now.screen_to_world(at);
                z.zoom = (z.zoom * factor).clamp(1.0, MAX_ZOOM);
                let new_scale = geometry.fit_scale / z.zoom;
                // Keep the point under the fingers where it is.
                let d = at - geometry.window / 2.0;
                let translation = under - Vec2::new(d.x, -d.y) * new_scale;
                let c = geometry.frame.center() - geometry.window / 2.0;
                z.centre = translation + Vec2::new(c.x, -c.y) * new_scale;
                z.clamp();
            }
            ViewInput::Pan(delta) => {
                let scale = geometry.fit_scale / z.zoom;
                z.centre -= Vec2::new(delta.x, -delta.y) * scale;
                z.clamp();
            }
            ViewInput::Reset => z = BoardZoom::default(),
        }
    }
    if z != *zoom {
        *zoom = z;
    }
}

/// Fits the star (plus a small margin) into the free part of the window, then applies the
/// player's zoom and pan; the camera, if there is one, follows.
pub fn fit_view(
    window: Query<&Window, With<PrimaryWindow>>,
    frame: Res<BoardFrame>,
    zoom: Res<BoardZoom>,
    density: Res<ScreenDensity>,
    mut geometry: ResMut<ViewGeometry>,
    mut camera: Query<(&mut Projection, &mut Transform), With<Camera2d>>,
) {
    let Some((size, rect)) = board_area(&window, &frame) else {
        return;
    };
    let fit_scale = (2.0 * STAR_HALF.x / rect.width().max(50.0))
        .max(2.0 * STAR_HALF.y / rect.height().max(50.0))
        * 1.03;
    let scale = fit_scale / zoom.zoom;
    let mut g = ViewGeometry {
        window: size,
        frame: rect,
        fit_scale,
        scale,
        translation: Vec2::ZERO,
        px_per_mm: density.px_per_mm,
    };
    g.translation = g.translation_for(&zoom, scale);
    if *geometry != g {
        *geometry = g;
    }
    let Ok((mut projection, mut transform)) = camera.single_mut() else {
        return;
    };
    if let Projection::Orthographic(o) = projection.as_ref()
        && (o.scale - scale).abs() < 1e-6
        && transform.translation.truncate().distance(g.translation) < 1e-4
    {
        return;
    }
    if let Projection::Orthographic(o) = projection.as_mut() {
        o.scale = scale;
    }
    transform.translation = g.translation.extend(transform.translation.z);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn geometry() -> ViewGeometry {
        ViewGeometry {
            window: Vec2::new(400.0, 800.0),
            frame: Rect::new(0.0, 100.0, 400.0, 700.0),
            fit_scale: 1.5,
            scale: 1.5,
            translation: Vec2::new(3.0, -7.0),
            px_per_mm: MOBILE_PX_PER_MM,
        }
    }

    #[test]
    fn screen_and_world_positions_round_trip() {
        let g = geometry();
        for p in [Vec2::ZERO, Vec2::new(123.0, 456.0), Vec2::new(400.0, 800.0)] {
            assert!(g.world_to_screen(g.screen_to_world(p)).distance(p) < 1e-3);
        }
        // The window's middle shows the camera's position.
        assert_eq!(g.screen_to_world(Vec2::new(200.0, 400.0)), g.translation);
    }

    #[test]
    fn the_hit_area_is_never_below_seven_millimetres() {
        let mut g = geometry();
        // Holes drawn small: 40 world units at 3 world units per pixel is about 2 mm apart.
        g.scale = 3.0;
        let diameter_px = 2.0 * g.pick_radius() / g.scale;
        assert!(diameter_px / g.px_per_mm >= MIN_HIT_MM - 1e-3);
        // Holes drawn large: half a spacing is already more than 7 mm.
        g.scale = 0.2;
        assert_eq!(g.pick_radius(), 0.55 * SPACING);
    }

    #[test]
    fn zoom_stays_in_range_and_snaps_back_to_the_whole_board() {
        let mut z = BoardZoom {
            zoom: 9.0,
            centre: Vec2::splat(1e4),
        };
        z.clamp();
        assert_eq!(z.zoom, MAX_ZOOM);
        assert_eq!(z.centre, STAR_HALF);
        z.zoom = 0.5;
        z.clamp();
        assert!(z.is_default());
    }
}
