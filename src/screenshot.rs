//! `--screenshot PATH`: render the board, save it as a PNG, and exit — so anyone can look at
//! the game from the command line (and CI can check the pixels).

use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured, save_to_disk};

/// Frames to wait before capturing: software renderers compile pipelines over the first frames.
const WARM_UP_FRAMES: u32 = 90;

/// A pending screenshot request from the command line.
#[derive(Resource, Debug, Clone)]
pub struct ScreenshotRequest {
    /// Where the PNG goes.
    pub path: String,
    frames: u32,
}

impl ScreenshotRequest {
    /// A request to save the window to `path` once the scene is ready.
    pub fn new(path: impl Into<String>) -> Self {
        ScreenshotRequest {
            path: path.into(),
            frames: 0,
        }
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, capture.run_if(resource_exists::<ScreenshotRequest>));
}

fn capture(mut commands: Commands, mut request: ResMut<ScreenshotRequest>) {
    request.frames += 1;
    if request.frames == WARM_UP_FRAMES {
        commands
            .spawn(Screenshot::primary_window())
            .observe(save_to_disk(request.path.clone()))
            .observe(
                |_: On<ScreenshotCaptured>, mut exit: MessageWriter<AppExit>| {
                    exit.write(AppExit::Success);
                },
            );
    }
}
