//! The Sternhalma app: a Bevy front end over the `sternhalma-rules` engine.
//!
//! `GamePlugin` holds everything, so the desktop binary and the mobile entry points build the
//! same game. Each feature is its own plugin; the rules engine is the single source of truth.

use bevy::prelude::*;

pub mod board;
pub mod screenshot;

/// The whole game, for any platform.
pub struct GamePlugin;

impl Plugin for GamePlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins((board::plugin, screenshot::plugin));
    }
}

/// Options read from the desktop command line.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct Options {
    /// Save a screenshot here and exit.
    pub screenshot: Option<String>,
    /// Window size in logical pixels.
    pub size: Option<(u32, u32)>,
}

impl Options {
    /// Reads `--screenshot PATH` and `--size WxH`.
    pub fn parse(args: impl IntoIterator<Item = String>) -> Result<Options, String> {
        let mut o = Options::default();
        let mut args = args.into_iter();
        while let Some(a) = args.next() {
            match a.as_str() {
                "--screenshot" => {
                    o.screenshot = Some(args.next().ok_or("--screenshot needs a PATH")?)
                }
                "--size" => {
                    let v = args.next().ok_or("--size needs WxH")?;
                    let (w, h) = v
                        .split_once('x')
                        .ok_or(format!("--size: '{v}' is not WxH"))?;
                    let parse = |s: &str| s.parse::<u32>().ok().filter(|n| *n >= 100);
                    o.size = Some((
                        parse(w).ok_or(format!("--size: bad width '{w}'"))?,
                        parse(h).ok_or(format!("--size: bad height '{h}'"))?,
                    ));
                }
                other => {
                    return Err(format!(
                        "unknown option '{other}' (try --screenshot PATH, --size WxH)"
                    ));
                }
            }
        }
        Ok(o)
    }
}

/// The desktop app: a window and the game.
pub fn run(options: Options) -> AppExit {
    let mut window = Window {
        title: "Sternhalma".into(),
        ..default()
    };
    if let Some((w, h)) = options.size {
        window.resolution = bevy::window::WindowResolution::new(w, h);
    }
    let mut app = App::new();
    app.add_plugins(DefaultPlugins.set(WindowPlugin {
        primary_window: Some(window),
        ..default()
    }))
    .add_plugins(GamePlugin);
    if let Some(path) = options.screenshot {
        app.insert_resource(screenshot::ScreenshotRequest::new(path));
    }
    app.run()
}
