//! The Sternhalma app: a Bevy front end over the `sternhalma-rules` engine.
//!
//! [`CorePlugin`] is the game without a screen (states, board entities, input abstraction,
//! selection, turn flow, animation, computer players): headless tests run exactly this.
//! [`GamePlugin`] adds the look (meshes and colours), the egui menus and HUD, and the
//! command-line screenshot driver, so the desktop binary and the mobile entry points build
//! the same game. The driver that scripts and photographs the game from the command line
//! (`screenshot`) is compiled only with the `dev` feature.

// Bevy systems receive everything they touch as parameters; splitting them only to satisfy
// the argument count would hide what each system reads and writes.
#![allow(clippy::too_many_arguments)]

use bevy::prelude::*;

#[cfg(all(
    target_os = "android",
    not(any(feature = "game-activity", feature = "native-activity"))
))]
compile_error!(
    "an Android build needs its activity glue: `--features game-activity` (the APK) or \
     `--features native-activity` (the check in ./test.sh)"
);

pub mod ai;
pub mod animation;
pub mod background;
pub mod board;
pub mod config;
pub mod crossing;
pub mod input;
pub mod look;
pub mod persist;
pub mod play;
pub mod practice;
pub mod puzzles;
pub mod records;
pub mod review;
#[cfg(feature = "dev")]
pub mod screenshot;
pub mod seats;
pub mod selection;
pub mod sound;
pub mod state;
pub mod stats;
pub mod transfer;
pub mod tutorial;
pub mod ui;
pub mod view;
#[cfg(target_arch = "wasm32")]
pub mod web;

/// The game's logic, with no rendering and no egui: safe on `MinimalPlugins`.
pub struct CorePlugin;

impl Plugin for CorePlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<config::Settings>()
            .init_resource::<config::MatchConfig>()
            .add_plugins((
                state::plugin,
                board::plugin,
                view::plugin,
                input::plugin,
                selection::plugin,
                play::plugin,
                animation::plugin,
                ai::plugin,
                persist::plugin,
                stats::plugin,
                records::plugin,
                review::plugin,
                practice::plugin,
                crossing::plugin,
                puzzles::plugin,
            ))
            .add_plugins((tutorial::plugin, seats::plugin));
    }
}

/// The whole game, for any platform: the core plus what people see.
pub struct GamePlugin;

/// The game and its screens, without the board's look and the sound: egui lays its screens out
/// without a renderer, so the screen tests press their buttons headless with exactly this.
pub struct ScreensPlugin;

impl Plugin for ScreensPlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins((CorePlugin, ui::plugin, transfer::plugin));
    }
}

impl Plugin for GamePlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins((ScreensPlugin, look::plugin, sound::plugin));
        #[cfg(feature = "dev")]
        app.add_plugins(screenshot::plugin);
        #[cfg(target_arch = "wasm32")]
        app.add_plugins(web::plugin);
    }
}

/// Options read from the desktop command line.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct Options {
    /// Save a screenshot here and exit.
    pub screenshot: Option<String>,
    /// Write each hole's pixel position here with the screenshot (for pixel checks).
    pub geometry: Option<String>,
    /// Window size in logical pixels (points).
    pub size: Option<(u32, u32)>,
    /// Physical pixels per point, as a phone's screen has (2 or 3); the window is this many
    /// times larger in pixels, and laid out exactly as at that size in points.
    pub scale: Option<f32>,
    /// Write every widget's rectangle (in points) here with the screenshot.
    pub layout: Option<String>,
    /// Visit every screen and save a screenshot and a layout of each in this folder.
    pub tour: Option<String>,
    /// Write a line for every frame drawn to this file.
    pub frame_log: Option<String>,
    /// End the process after this many seconds, whatever it is doing (for measuring an idle
    /// app, which runs no systems that could notice the time).
    pub exit_after: Option<u64>,
    /// Moves to play through the input path before anything else, e.g. `"k3-k5 e14-e13"`.
    pub moves: Vec<String>,
    /// Holes to click after the moves (e.g. to show a selection in a screenshot).
    pub clicks: Vec<String>,
    /// Start straight into a match with this many players (all people unless `vs` is set).
    pub players: Option<u8>,
    /// Rules preset for that match.
    pub rules: Option<String>,
    /// Play against the computer at this level.
    pub vs: Option<String>,
    /// Which screen to show: menu, new-game, rules, settings, statistics, records, practice,
    /// puzzles, crossing (ten marbles), puzzle (the first), game (and,
    /// in a `dev` build, review: the `--record` reviewed, its costliest move shown).
    pub screen: Option<String>,
    /// Draw symbols on the marbles.
    pub colour_blind: bool,
    /// Keep the board fixed in pass-and-play.
    pub fixed_board: bool,
    /// Show the holes' names on the board.
    pub hole_names: bool,
    /// Where saves and settings live (default: the platform's data directory; screenshot
    /// runs keep nothing unless this is given).
    pub data_dir: Option<String>,
    /// A game record to open in the replay viewer.
    pub record: Option<String>,
}

const USAGE: &str = "options: --screenshot PATH [--geometry PATH] [--layout PATH] --size WxH \
--scale S --players N --rules PRESET --vs LEVEL --moves \"k3-k5 ...\" --click HOLE --screen \
menu|new-game|rules|settings|statistics|records|practice|puzzles|crossing|puzzle|game|review \
--colour-blind --fixed-board --hole-names \
--data-dir PATH --record FILE.ron --tour DIR --frame-log PATH --exit-after SECS";
/// Options of the scripting and screenshot driver, which only a `dev` build has.
const DEV_OPTIONS: [&str; 8] = [
    "--screenshot",
    "--geometry",
    "--layout",
    "--tour",
    "--frame-log",
    "--exit-after",
    "--moves",
    "--click",
];
/// Screens `--screen` can open.
const SCREENS: &str = "menu, new-game, rules, settings, statistics, records, practice, puzzles, crossing, puzzle, learn, lesson, game";

impl Options {
    /// Reads the options listed in [`USAGE`]; any mistake is an error, never a panic.
    pub fn parse(args: impl IntoIterator<Item = String>) -> Result<Options, String> {
        let mut o = Options::default();
        let mut args = args.into_iter();
        while let Some(a) = args.next() {
            let mut value = || args.next().ok_or(format!("{a} needs a value ({USAGE})"));
            match a.as_str() {
                "--screenshot" => o.screenshot = Some(value()?),
                "--geometry" => o.geometry = Some(value()?),
                "--size" => {
                    let v = value()?;
                    let (w, h) = v
                        .split_once('x')
                        .ok_or(format!("--size: '{v}' is not WxH"))?;
                    let parse = |s: &str| s.parse::<u32>().ok().filter(|n| *n >= 100);
                    o.size = Some((
                        parse(w).ok_or(format!("--size: bad width '{w}'"))?,
                        parse(h).ok_or(format!("--size: bad height '{h}'"))?,
                    ));
                }
                "--scale" => {
                    let v = value()?;
                    let s = v
                        .parse::<f32>()
                        .ok()
                        .filter(|s| (0.5..=4.0).contains(s))
                        .ok_or(format!("--scale: '{v}' is not a number from 0.5 to 4"))?;
                    o.scale = Some(s);
                }
                "--layout" => o.layout = Some(value()?),
                "--tour" => o.tour = Some(value()?),
                "--frame-log" => o.frame_log = Some(value()?),
                "--exit-after" => {
                    let v = value()?;
                    o.exit_after = Some(
                        v.parse()
                            .map_err(|_| format!("--exit-after: bad seconds '{v}'"))?,
                    );
                }
                "--moves" => o.moves = value()?.split_whitespace().map(String::from).collect(),
                "--click" => o.clicks.push(value()?),
                "--players" => {
                    let v = value()?;
                    o.players = Some(v.parse().map_err(|_| format!("--players: bad '{v}'"))?);
                }
                "--rules" => o.rules = Some(value()?),
                "--vs" => o.vs = Some(value()?),
                "--screen" => o.screen = Some(value()?),
                "--colour-blind" | "--color-blind" => o.colour_blind = true,
                "--fixed-board" => o.fixed_board = true,
                "--hole-names" => o.hole_names = true,
                "--data-dir" => o.data_dir = Some(value()?),
                "--record" => o.record = Some(value()?),
                other => return Err(format!("unknown option '{other}' ({USAGE})")),
            }
            if !cfg!(feature = "dev") && DEV_OPTIONS.contains(&a.as_str()) {
                return Err(format!(
                    "{a} scripts the game for tests and screenshots: build with \
                     `--features dev` to use it"
                ));
            }
        }
        if o.tour.is_some() && (o.screenshot.is_some() || o.screen.is_some()) {
            return Err(
                "--tour takes its own screenshots: leave out --screenshot and --screen".into(),
            );
        }
        Ok(o)
    }

    /// The match these options ask for, if they ask to start straight into one.
    pub fn match_config(&self) -> Result<Option<config::MatchConfig>, String> {
        // Moves and clicks for the practice board play there, not in a match.
        let practice = matches!(self.screen.as_deref(), Some("crossing" | "puzzle"));
        let wants_game = !practice
            && (self.players.is_some()
                || self.rules.is_some()
                || self.vs.is_some()
                || !self.moves.is_empty()
                || !self.clicks.is_empty()
                || self.screen.as_deref() == Some("game")
                || (self.screenshot.is_some() && self.screen.is_none()));
        if !wants_game {
            return Ok(None);
        }
        let preset = self.rules.as_deref().unwrap_or("classic");
        let rules =
            sternhalma_rules::RuleSet::preset(preset).map_err(|e| format!("--rules: {e}"))?;
        let players = self.players.unwrap_or(rules.default_players);
        let mut c = config::MatchConfig::preset(preset, players).map_err(|e| e.to_string())?;
        if let Some(level) = &self.vs {
            let level = level.parse().map_err(|e| format!("--vs: {e}"))?;
            for seat in 1..6 {
                c.seats[seat] = config::Controller::Computer(level);
            }
        }
        Ok(Some(c))
    }
}

/// The mobile entry point. On Android `#[bevy_main]` wraps it in the `android_main` that
/// GameActivity calls; iOS's launcher calls [`main_rs`]. Desktop has its own `main.rs` so it can
/// read command-line options.
#[bevy_main]
pub fn main() {
    run(Options::default());
}

/// iOS entry point, called from the Xcode project's `main.m` (iOS has no `android_main`).
#[cfg(target_os = "ios")]
#[unsafe(no_mangle)]
pub extern "C" fn main_rs() {
    main();
}

/// The app on any platform: a window and the game.
pub fn run(options: Options) -> AppExit {
    let start = match options.match_config() {
        Ok(c) => c,
        Err(e) => {
            eprintln!("sternhalma: {e}");
            return AppExit::error();
        }
    };
    let mut window = Window {
        title: "Sternhalma".into(),
        // Phones: rotate with the device, no status bar or home indicator over the board.
        recognize_rotation_gesture: false,
        prefers_home_indicator_hidden: true,
        prefers_status_bar_hidden: true,
        ..default()
    };
    #[cfg(target_arch = "wasm32")]
    web::configure_window(&mut window);
    if let Some((w, h)) = options.size {
        let s = options.scale.unwrap_or(1.0);
        let px = |points: u32| (points as f32 * s).round() as u32;
        window.resolution = bevy::window::WindowResolution::new(px(w), px(h));
    }
    if let Some(s) = options.scale {
        window.resolution.set_scale_factor_override(Some(s));
    }
    let mut app = App::new();
    let plugins = DefaultPlugins.set(WindowPlugin {
        primary_window: Some(window),
        ..default()
    });
    // The web fetches assets over HTTP: asking for `.meta` files that do not exist costs a
    // failed request per sound.
    #[cfg(target_arch = "wasm32")]
    let plugins = plugins.set(bevy::asset::AssetPlugin {
        meta_check: bevy::asset::AssetMetaCheck::Never,
        ..default()
    });
    app.add_plugins(plugins)
        // Idle means idle: no frames unless something moves, thinks, ticks or is touched.
        .insert_resource(ui::idle_updates())
        .add_plugins(GamePlugin);
    let data_dir = match (&options.data_dir, &options.screenshot) {
        (Some(dir), _) => persist::DataDir(Some(dir.into())),
        // A scripted screenshot must neither show nor overwrite the player's own game.
        (None, Some(_)) => persist::DataDir(None),
        (None, None) if options.tour.is_some() => persist::DataDir(None),
        (None, None) => persist::DataDir::platform(),
    };
    app.insert_resource(data_dir);
    // Command-line choices win over the saved settings, so they apply after loading.
    let (colour_blind, fixed_board, hole_names) = (
        options.colour_blind,
        options.fixed_board,
        options.hole_names,
    );
    app.add_systems(
        Startup,
        (move |mut settings: ResMut<config::Settings>| {
            if colour_blind {
                settings.colour_blind = true;
            }
            if fixed_board {
                settings.rotate_board = false;
            }
            if hole_names {
                settings.hole_names = true;
            }
        })
        .after(persist::LoadSystems),
    );
    #[cfg(feature = "dev")]
    let script = match dev_driver(&mut app, &options) {
        Ok(script) => script,
        Err(exit) => return exit,
    };
    #[cfg(not(feature = "dev"))]
    let script = NoScript;
    if script.is_tour() {
        // The tour starts its own game and opens the record itself.
    } else if let Some(c) = start {
        app.world_mut().write_message(play::Command::Start(c));
    } else if let Some(screen) = &options.screen {
        let s = match screen.as_str() {
            "new-game" => state::Screen::NewGame,
            "rules" => state::Screen::Rules,
            "settings" => state::Screen::Settings,
            "statistics" => state::Screen::Statistics,
            "records" => state::Screen::Records,
            "menu" => state::Screen::MainMenu,
            "practice" => state::Screen::PracticeMenu,
            "puzzles" => state::Screen::Puzzles,
            "learn" => state::Screen::Learn,
            // The practice board opens with its lesson (below).
            "crossing" | "puzzle" | "lesson" => state::Screen::MainMenu,
            // The record opens below; the script reviews it once it is on the board.
            #[cfg(feature = "dev")]
            "review" if options.record.is_some() => state::Screen::Records,
            #[cfg(feature = "dev")]
            "review" => {
                eprintln!("sternhalma: --screen review needs --record FILE.ron");
                return AppExit::error();
            }
            other => {
                eprintln!("sternhalma: --screen: no screen '{other}' (one of {SCREENS})");
                return AppExit::error();
            }
        };
        app.world_mut()
            .resource_mut::<NextState<state::Screen>>()
            .set(s);
        match screen.as_str() {
            "crossing" => {
                app.world_mut()
                    .write_message(crossing::CrossingCommand::Start(10));
            }
            "puzzle" => {
                app.world_mut()
                    .write_message(puzzles::PuzzleCommand::Open(0));
            }
            "lesson" => {
                app.world_mut()
                    .write_message(tutorial::TutorialCommand::Open("chain".to_string()));
            }
            _ => {}
        }
    }
    if let (Some(path), false) = (&options.record, script.is_tour()) {
        app.world_mut()
            .write_message(records::RecordCommand::OpenFile(path.into()));
    }
    #[cfg(feature = "dev")]
    app.insert_resource(script);
    app.run()
}

/// Without the `dev` feature nothing is scripted: no tour, no moves, no screenshot.
#[cfg(not(feature = "dev"))]
struct NoScript;

#[cfg(not(feature = "dev"))]
impl NoScript {
    fn is_tour(&self) -> bool {
        false
    }
}

/// Sets up the `dev` driver's frame log and exit timer, and its script.
#[cfg(feature = "dev")]
fn dev_driver(app: &mut App, options: &Options) -> Result<screenshot::Script, AppExit> {
    if let Some(path) = &options.frame_log {
        match screenshot::FrameLog::create(std::path::Path::new(path)) {
            Ok(log) => {
                app.insert_resource(log);
            }
            Err(e) => {
                eprintln!("sternhalma: --frame-log: cannot write {path}: {e}");
                return Err(AppExit::error());
            }
        }
    }
    if let Some(secs) = options.exit_after {
        // An idle app runs no systems, so a timer inside it would never fire: a thread ends
        // the process (the frame log is written unbuffered, so nothing is lost).
        std::thread::spawn(move || {
            std::thread::sleep(std::time::Duration::from_secs(secs));
            std::process::exit(0);
        });
    }
    Ok(screenshot::Script::new(options))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(args: &[&str]) -> Result<Options, String> {
        Options::parse(args.iter().map(|a| a.to_string()))
    }

    #[test]
    fn players_options_parse_and_mistakes_are_errors_in_words() {
        let o = parse(&[
            "--players",
            "3",
            "--vs",
            "hard",
            "--size",
            "390x844",
            "--scale",
            "3",
        ])
        .unwrap();
        assert_eq!(
            (o.players, o.size, o.scale),
            (Some(3), Some((390, 844)), Some(3.0))
        );
        assert!(parse(&["--size", "390"]).unwrap_err().contains("WxH"));
        assert!(parse(&["--players"]).unwrap_err().contains("needs a value"));
        assert!(parse(&["--fly"]).unwrap_err().contains("unknown option"));
    }

    /// The scripting options exist only in a `dev` build; elsewhere they are refused in words
    /// (a shipped game never takes moves or screenshots from its command line).
    #[test]
    fn scripting_options_need_the_dev_feature() {
        for option in DEV_OPTIONS {
            let value = if option == "--exit-after" { "1" } else { "x" };
            let result = parse(&[option, value]);
            if cfg!(feature = "dev") {
                assert!(result.is_ok(), "{option}: {result:?}");
            } else {
                let e = result.unwrap_err();
                assert!(e.contains("--features dev"), "{option}: {e}");
            }
        }
    }
}
