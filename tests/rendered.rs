//! The real binary in a real (virtual) window: under Xvfb with Mesa's software Vulkan, play
//! moves through the input path, select a marble, save a screenshot and the holes' pixel
//! positions, then check the pixels against the engine: every marble of every seat where
//! the engine says, empty holes empty, and exactly the selected marble's destinations lit.
//!
//! Needs `xvfb-run` and Vulkan (`scripts/deps.sh --headless`), so it is ignored by a plain
//! `cargo test`; `./test.sh` runs it with `--ignored`. Screenshots stay in
//! `target/screenshots/` for people to look at.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::Command;
use sternhalma::config::COLOURS;
use sternhalma::look::REACHABLE;
use sternhalma_rules::{Game, Hole, parse_hole};

struct Shot {
    name: &'static str,
    /// Points.
    size: (u32, u32),
    /// Pixels per point.
    scale: u32,
    players: u8,
    moves: &'static str,
    click: &'static str,
    extra: &'static [&'static str],
}

/// The virtual screen for a window of `w`×`h` pixels: twice as wide, so that X's pointer,
/// which starts in the middle of the screen, is outside the window and hovers over nothing.
fn xvfb_screen(w: u32, h: u32) -> String {
    format!("-screen 0 {}x{}x24", 2 * w + 32, h + 16)
}

fn out_dir() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .parent()
        .expect("target dir")
        .join("screenshots");
    std::fs::create_dir_all(&dir).expect("screenshot dir");
    dir
}

fn rgb(c: bevy::prelude::Color) -> [f32; 3] {
    let s = c.to_srgba();
    [s.red * 255.0, s.green * 255.0, s.blue * 255.0]
}

fn dist(a: [f32; 3], b: [u8; 3]) -> f32 {
    (0..3)
        .map(|i| (a[i] - b[i] as f32).powi(2))
        .sum::<f32>()
        .sqrt()
}

/// Renders one shot and returns the image and each hole's pixel position.
fn render(shot: &Shot) -> (image::RgbImage, BTreeMap<Hole, (u32, u32)>) {
    let dir = out_dir();
    let png = dir.join(format!("{}.png", shot.name));
    let geometry = dir.join(format!("{}.txt", shot.name));
    let _ = std::fs::remove_file(&png);
    let (w, h) = (shot.size.0 * shot.scale, shot.size.1 * shot.scale);
    let mut cmd = Command::new("xvfb-run");
    // Sounds and other assets load from the source tree, as under `cargo run`.
    cmd.env("BEVY_ASSET_ROOT", env!("CARGO_MANIFEST_DIR"))
        .args(["-a", "-s", &xvfb_screen(w, h)])
        .arg(env!("CARGO_BIN_EXE_sternhalma"))
        .args(["--screenshot", png.to_str().unwrap()])
        .args(["--geometry", geometry.to_str().unwrap()])
        .args(["--size", &format!("{}x{}", shot.size.0, shot.size.1)])
        .args(["--scale", &shot.scale.to_string()])
        .args([
            "--players",
            &shot.players.to_string(),
            "--moves",
            shot.moves,
            "--click",
            shot.click,
        ])
        .args(shot.extra);
    let out = cmd
        .output()
        .expect("xvfb-run runs (scripts/deps.sh --headless)");
    assert!(
        out.status.success(),
        "{} failed: {}\n{}",
        shot.name,
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    let img = image::open(&png).expect("a PNG").to_rgb8();
    assert_eq!((img.width(), img.height()), (w, h), "window size");
    let text = std::fs::read_to_string(&geometry).expect("geometry");
    let holes = text
        .lines()
        .map(|l| {
            let mut p = l.split_whitespace();
            let h = parse_hole(p.next().unwrap()).unwrap();
            let x: f32 = p.next().unwrap().parse().unwrap();
            let y: f32 = p.next().unwrap().parse().unwrap();
            (h, (x.round() as u32, y.round() as u32))
        })
        .collect::<BTreeMap<_, _>>();
    assert_eq!(holes.len(), 121, "every hole is on screen");
    (img, holes)
}

/// What the engine says after the same moves, and the clicked marble's destinations.
fn expected(shot: &Shot) -> (Game, Vec<Hole>) {
    let mut g = Game::from_preset("classic", Some(shot.players), None).unwrap();
    for m in shot.moves.split_whitespace() {
        let path = sternhalma_rules::parse_path(m).unwrap();
        g.play_move(path[0], *path.last().unwrap()).unwrap();
    }
    let dests = g
        .moves_from(parse_hole(shot.click).unwrap())
        .into_iter()
        .map(|m| m.to)
        .collect();
    (g, dests)
}

fn check(shot: Shot) {
    let (img, holes) = render(&shot);
    let (game, dests) = expected(&shot);
    assert!(!dests.is_empty(), "the clicked marble can move");
    let points = game.setup().seat_points();
    let px = |h: Hole| img.get_pixel(holes[&h].0, holes[&h].1).0;
    // Marbles are sampled right of centre, clear of the shine and of colour-blind symbols.
    let (a, b) = (
        holes[&parse_hole("i9").unwrap()],
        holes[&parse_hole("j9").unwrap()],
    );
    let spacing = ((a.0 as f32 - b.0 as f32).powi(2) + (a.1 as f32 - b.1 as f32).powi(2)).sqrt();
    assert!(
        spacing > 10.0,
        "holes are {spacing} px apart: the board is too small"
    );
    let side = |h: Hole| {
        let (x, y) = holes[&h];
        img.get_pixel(x + (0.24 * spacing) as u32, y).0
    };
    let mut problems = vec![];
    for h in Hole::all() {
        let c = if game.board().owner(h).is_some() {
            side(h)
        } else {
            px(h)
        };
        let green = dist(rgb(REACHABLE), c) < 60.0;
        match game.board().owner(h) {
            Some(seat) => {
                let want = rgb(COLOURS[points[seat].index()]);
                // Nearest of the seats' colours must be this seat's.
                let nearest = (0..points.len())
                    .min_by(|&a, &b| {
                        let da = dist(rgb(COLOURS[points[a].index()]), c);
                        let db = dist(rgb(COLOURS[points[b].index()]), c);
                        da.total_cmp(&db)
                    })
                    .unwrap();
                if nearest != seat || dist(want, c) > 70.0 {
                    problems.push(format!("{h}: marble of seat {seat} expected, pixel {c:?}"));
                }
            }
            None if dests.contains(&h) => {
                if !green {
                    problems.push(format!("{h}: lit destination expected, pixel {c:?}"));
                }
            }
            None => {
                let marble_like = points
                    .iter()
                    .any(|p| dist(rgb(COLOURS[p.index()]), c) < 40.0);
                if green || marble_like {
                    problems.push(format!("{h}: empty hole expected, pixel {c:?}"));
                }
            }
        }
    }
    assert!(
        problems.is_empty(),
        "{}:\n{}",
        shot.name,
        problems.join("\n")
    );
}

#[test]
#[ignore = "needs xvfb-run and Vulkan; ./test.sh runs it"]
fn desktop_after_one_move_the_board_faces_the_second_player() {
    check(Shot {
        name: "desktop-1280x800",
        size: (1280, 800),
        scale: 1,
        players: 2,
        moves: "k3-k5",
        click: "e14",
        extra: &[],
    });
}

#[test]
#[ignore = "needs xvfb-run and Vulkan; ./test.sh runs it"]
fn phone_portrait_after_two_moves() {
    check(Shot {
        name: "phone-390x844@3",
        size: (390, 844),
        scale: 3,
        players: 2,
        moves: "k3-k5 f14-f13",
        click: "l4",
        extra: &[],
    });
}

#[test]
#[ignore = "needs xvfb-run and Vulkan; ./test.sh runs it"]
fn tablet_with_colour_blind_symbols() {
    check(Shot {
        name: "tablet-1024x768@2",
        size: (1024, 768),
        scale: 2,
        players: 2,
        moves: "l4-l5 e14-e13 m3-k5",
        click: "e13",
        extra: &["--colour-blind"],
    });
}

#[test]
#[ignore = "needs xvfb-run and Vulkan; ./test.sh runs it"]
fn phone_landscape_with_the_panel_beside_the_board() {
    check(Shot {
        name: "phone-landscape-844x390@3",
        size: (844, 390),
        scale: 3,
        players: 2,
        moves: "k3-k5",
        click: "e14",
        extra: &[],
    });
}

#[test]
#[ignore = "needs xvfb-run and Vulkan; ./test.sh runs it"]
fn tablet_portrait_three_players() {
    check(Shot {
        name: "tablet-portrait-768x1024",
        size: (768, 1024),
        scale: 1,
        players: 3,
        moves: "k3-k5",
        click: "d13",
        extra: &[],
    });
}

/// A finished two-player game as a record file, for the results page and the replay.
fn finished_record(dir: &std::path::Path) -> PathBuf {
    use sternhalma_rules::ai::{Budget, Level, choose_move};
    let mut g = Game::from_preset("classic", Some(2), None).unwrap();
    let mut turn = 0;
    while !g.is_over() {
        let m = choose_move(&g, Level::Medium, turn, &Budget::unlimited()).expect("a move");
        g.play_move(m.from, m.to).unwrap();
        turn += 1;
        assert!(turn < 600, "the game ends");
    }
    let path = dir.join("finished.ron");
    std::fs::write(&path, sternhalma_rules::GameRecord::from_game(&g).to_ron()).unwrap();
    path
}

/// One widget of a layout file.
#[derive(Debug)]
struct Widget {
    kind: String,
    rect: [f32; 4],
    clip: [f32; 4],
    label: String,
}

fn read_layout(path: &std::path::Path) -> ((f32, f32), Vec<Widget>) {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
    let mut lines = text.lines();
    let window: Vec<f32> = lines
        .next()
        .unwrap()
        .split_whitespace()
        .skip(1)
        .map(|v| v.parse().unwrap())
        .collect();
    let widgets = lines
        .map(|l| {
            let mut p = l.splitn(11, ' ');
            let kind = p.next().unwrap().to_string();
            let mut num = || p.next().unwrap().parse::<f32>().unwrap();
            let rect = [num(), num(), num(), num()];
            assert_eq!(p.next(), Some("clip"));
            let mut num = || p.next().unwrap().parse::<f32>().unwrap();
            let clip = [num(), num(), num(), num()];
            let label = p.next().unwrap_or_default().to_string();
            Widget {
                kind,
                rect,
                clip,
                label,
            }
        })
        .collect();
    ((window[0], window[1]), widgets)
}

fn inside(inner: [f32; 4], outer: [f32; 4], slack: f32) -> bool {
    inner[0] >= outer[0] - slack
        && inner[1] >= outer[1] - slack
        && inner[2] <= outer[2] + slack
        && inner[3] <= outer[3] + slack
}

/// The screens a tour visits, with a control each must show.
const TOUR: [(&str, &str); 15] = [
    ("menu", "New game"),
    ("new-game", "Start"),
    ("rules", "Back"),
    ("settings", "Back"),
    ("statistics", "Back"),
    ("records", "Back"),
    ("practice", "Back"),
    ("puzzles", "Back"),
    ("crossing", "Hint"),
    ("puzzle", "Answer"),
    ("learn", "Back"),
    ("lesson", "Show me"),
    ("game", "☰ Menu"),
    ("game-over", "Rematch"),
    ("replay", "Close"),
];

/// Runs the real binary's tour of every screen into `dir`, at `w`×`h` points and `scale`
/// pixels per point, with `record` for the results page and the replay.
fn run_tour(dir: &std::path::Path, (w, h): (u32, u32), scale: u32, record: &std::path::Path) {
    let out = Command::new("xvfb-run")
        .env("BEVY_ASSET_ROOT", env!("CARGO_MANIFEST_DIR"))
        .args(["-a", "-s", &xvfb_screen(w * scale, h * scale)])
        .arg(env!("CARGO_BIN_EXE_sternhalma"))
        .args(["--size", &format!("{w}x{h}"), "--scale", &scale.to_string()])
        .args(["--tour", dir.to_str().unwrap()])
        .args(["--record", record.to_str().unwrap()])
        .output()
        .expect("xvfb-run runs (scripts/deps.sh --headless)");
    assert!(
        out.status.success(),
        "tour {w}x{h}@{scale} failed: {}\n{}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
}

/// Runs the real binary through every screen at `w`×`h` points and `scale` pixels per point,
/// and checks each screen's layout: every control and text inside the window (or inside a
/// scrolling body that lies inside it), nothing cut at the sides, every control at least
/// 44×44 points, and the screen's main control there.
fn check_tour(w: u32, h: u32, scale: u32) {
    let dir = out_dir().join(format!("tour-{w}x{h}@{scale}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let record = finished_record(&dir);
    let (pw, ph) = (w * scale, h * scale);
    run_tour(&dir, (w, h), scale, &record);
    let mut problems = vec![];
    for (screen, must) in TOUR {
        let img = image::open(dir.join(format!("{screen}.png"))).expect("a PNG");
        assert_eq!(
            (img.width(), img.height()),
            (pw, ph),
            "{screen}: window pixels"
        );
        let ((ww, wh), widgets) = read_layout(&dir.join(format!("{screen}.layout")));
        assert_eq!((ww, wh), (w as f32, h as f32), "{screen}: window points");
        let window = [0.0, 0.0, ww, wh];
        let scrolls: Vec<[f32; 4]> = widgets
            .iter()
            .filter(|x| x.kind == "scroll")
            .map(|x| x.rect)
            .collect();
        for s in &scrolls {
            if !inside(*s, window, 0.5) {
                problems.push(format!("{screen}: scrolling body {s:?} leaves the window"));
            }
        }
        if !widgets
            .iter()
            .any(|x| x.kind == "control" && x.label == must)
        {
            problems.push(format!("{screen}: no '{must}' control"));
        }
        for x in widgets.iter().filter(|x| x.kind != "scroll") {
            // Never cut at the sides: one column, wrapped text.
            let across = x.rect[0] >= -0.5 && x.rect[2] <= ww + 0.5;
            let in_window = inside(x.rect, window, 0.5);
            // Inside a scrolling body: its clip is the body's height (egui widens it a little
            // at the sides).
            let scrolled = scrolls
                .iter()
                .any(|s| x.clip[1] >= s[1] - 4.0 && x.clip[3] <= s[3] + 4.0);
            if !across || !(in_window || scrolled) {
                problems.push(format!(
                    "{screen}: {} '{}' at {:?} is cut off",
                    x.kind, x.label, x.rect
                ));
            }
            // The game's buttons are in view without scrolling, whatever the orientation.
            let board_screen = matches!(screen, "game" | "crossing" | "puzzle" | "lesson");
            if board_screen && x.kind == "control" && !inside(x.rect, x.clip, 0.5) {
                problems.push(format!(
                    "{screen}: '{}' at {:?} is scrolled out of view",
                    x.label, x.rect
                ));
            }
            let (rw, rh) = (x.rect[2] - x.rect[0], x.rect[3] - x.rect[1]);
            if x.kind == "control" && (rw < 43.5 || rh < 43.5) {
                problems.push(format!(
                    "{screen}: control '{}' is {rw:.0}×{rh:.0} points, under 44×44",
                    x.label
                ));
            }
        }
    }
    assert!(
        problems.is_empty(),
        "{w}x{h}@{scale}:\n{}",
        problems.join("\n")
    );
}

#[test]
#[ignore = "needs xvfb-run and Vulkan; ./test.sh runs it"]
fn every_screen_fits_a_phone_at_its_real_scale() {
    for (w, h) in [(390, 844), (844, 390)] {
        for scale in [2, 3] {
            check_tour(w, h, scale);
        }
    }
    // An iPad.
    check_tour(768, 1024, 2);
}

#[test]
#[ignore = "needs xvfb-run and Vulkan; ./test.sh runs it"]
fn every_screen_fits_every_size_from_small_phones_to_desktops() {
    for (w, h) in [
        (360, 640),
        (390, 844),
        (430, 932),
        (640, 360),
        (844, 390),
        (768, 1024),
        (1024, 768),
        (1366, 1024),
        (1280, 800),
    ] {
        check_tour(w, h, 1);
    }
}

/// Seconds the idle runs last.
const IDLE_RUN_SECS: u64 = 16;

/// Runs the real binary with `args` and a frame log for [`IDLE_RUN_SECS`], and returns how
/// long it drew nothing at the end of the run (from the last frame to the end), in seconds.
fn quiet_at_the_end(name: &str, args: &[&str]) -> f32 {
    let log = out_dir().join(format!("{name}.frames"));
    let _ = std::fs::remove_file(&log);
    let out = Command::new("xvfb-run")
        .env("BEVY_ASSET_ROOT", env!("CARGO_MANIFEST_DIR"))
        .args(["-a", "-s", &xvfb_screen(1280, 800)])
        .arg(env!("CARGO_BIN_EXE_sternhalma"))
        .args(["--size", "1280x800", "--frame-log", log.to_str().unwrap()])
        .args(["--exit-after", &IDLE_RUN_SECS.to_string()])
        .args(args)
        .output()
        .expect("xvfb-run runs (scripts/deps.sh --headless)");
    assert!(
        out.status.success(),
        "{name}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = std::fs::read_to_string(&log).expect("a frame log");
    let last_ms: u64 = text
        .lines()
        .last()
        .expect("at least one frame drawn")
        .split_whitespace()
        .nth(1)
        .unwrap()
        .parse()
        .unwrap();
    IDLE_RUN_SECS as f32 - last_ms as f32 / 1000.0
}

#[test]
#[ignore = "needs xvfb-run and Vulkan; ./test.sh runs it"]
fn nothing_is_drawn_while_idle() {
    // Start-up takes a few seconds under software rendering; after it, nothing should be drawn.
    let menu = quiet_at_the_end("idle-menu", &["--screen", "menu"]);
    assert!(
        menu >= 5.0,
        "the menu drew frames until {menu:.1} s before the end"
    );
    let game = quiet_at_the_end("idle-game", &["--vs", "easy", "--moves", "k3-k5"]);
    assert!(
        game >= 5.0,
        "the game drew frames until {game:.1} s before the end, waiting for a person"
    );
}

/// The centre of the control labelled `label` in a tour's layout of `screen`, in points.
fn control_centre(dir: &std::path::Path, screen: &str, label: &str) -> (f32, f32) {
    let (_, widgets) = read_layout(&dir.join(format!("{screen}.layout")));
    let w = widgets
        .iter()
        .find(|w| w.kind == "control" && w.label == label)
        .unwrap_or_else(|| panic!("{screen}: no control '{label}'"));
    ((w.rect[0] + w.rect[2]) / 2.0, (w.rect[1] + w.rect[3]) / 2.0)
}

#[test]
#[ignore = "needs xvfb-run, Vulkan, xdotool and xclip; ./test.sh runs it"]
fn paste_takes_a_move_list_from_the_system_clipboard_and_play_on_continues_it() {
    let (w, h) = (390, 844);
    // Where the buttons are, from a tour at the same size.
    let tour = out_dir().join("clipboard-tour");
    let _ = std::fs::remove_dir_all(&tour);
    std::fs::create_dir_all(&tour).unwrap();
    let record = finished_record(&tour);
    run_tour(&tour, (w, h), 1, &record);
    let paste = control_centre(&tour, "records", "📋 Paste");
    let open = control_centre(&tour, "records", "Open pasted");
    let play_on = control_centre(&tour, "replay", "Play on");

    // A person pastes what "Copy moves" gives, opens it and plays on from its end.
    let moves = "Sternhalma — 2 players, 10 marbles — rules: classic\n1. k3-k5 e15-e13\n2. l4-l5\n";
    let data = out_dir().join("clipboard-data");
    let _ = std::fs::remove_dir_all(&data);
    std::fs::create_dir_all(&data).unwrap();
    let frames = data.join("frames");
    let click = |(x, y): (f32, f32)| format!("xdotool mousemove {x:.0} {y:.0} click 1; sleep 3");
    let script = format!(
        "printf '%s' \"$MOVES\" | xclip -selection clipboard -i >/dev/null 2>&1
         \"$APP\" --size {w}x{h} --screen records --data-dir \"$DATA\" --frame-log \"$FRAMES\" \
           --exit-after 90 >\"$DATA/log\" 2>&1 &
         app=$!
         for i in $(seq 120); do [ -s \"$FRAMES\" ] && break; sleep 0.5; done
         sleep 4
         {}
         {}
         {}
         kill $app; wait $app; true",
        click(paste),
        click(open),
        click(play_on)
    );
    let out = Command::new("xvfb-run")
        .env("BEVY_ASSET_ROOT", env!("CARGO_MANIFEST_DIR"))
        .env("APP", env!("CARGO_BIN_EXE_sternhalma"))
        .env("MOVES", moves)
        .env("DATA", &data)
        .env("FRAMES", &frames)
        .args(["-a", "-s", &xvfb_screen(w, h)])
        .args(["sh", "-c", &script])
        .output()
        .expect("xvfb-run runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // The match played on from the pasted moves is the one saved.
    let saved = std::fs::read_to_string(data.join("game.ron"))
        .expect("playing on from the pasted record saved the match");
    for m in ["\"k3-k5\"", "\"e15-e13\"", "\"l4-l5\""] {
        assert!(saved.contains(m), "{m} missing from the save:\n{saved}");
    }
}

/// The review screen (issue 23) on a phone and a desktop: the first 24 plies of a game between
/// two computers reviewed by the app's own judge, the costliest move on the board as played
/// (coral) beside the engine's better move (green). Every control inside the window (or its
/// scrolling list) and finger-sized; both highlight colours on screen.
#[test]
#[ignore = "needs xvfb-run and Vulkan; ./test.sh runs it"]
fn a_review_at_phone_and_desktop_sizes() {
    use sternhalma_rules::ai::{Budget, Level, choose_move};
    let dir = out_dir();
    let mut g = Game::from_preset("classic", Some(2), None).unwrap();
    for turn in 0..24 {
        let level = if turn % 2 == 0 {
            Level::Easy
        } else {
            Level::Medium
        };
        let m = choose_move(&g, level, turn, &Budget::unlimited()).expect("a move");
        g.play_move(m.from, m.to).unwrap();
    }
    let record = dir.join("review-record.ron");
    std::fs::write(
        &record,
        sternhalma_rules::GameRecord::from_game(&g).to_ron(),
    )
    .unwrap();
    for (w, h, scale) in [(390u32, 844u32, 3u32), (1280, 800, 1)] {
        let name = format!("review-{w}x{h}@{scale}");
        let png = dir.join(format!("{name}.png"));
        let layout = dir.join(format!("{name}.layout"));
        let out = Command::new("xvfb-run")
            .env("BEVY_ASSET_ROOT", env!("CARGO_MANIFEST_DIR"))
            .args(["-a", "-s", &xvfb_screen(w * scale, h * scale)])
            .arg(env!("CARGO_BIN_EXE_sternhalma"))
            .args(["--size", &format!("{w}x{h}"), "--scale", &scale.to_string()])
            .args(["--screen", "review", "--record", record.to_str().unwrap()])
            .args(["--screenshot", png.to_str().unwrap()])
            .args(["--layout", layout.to_str().unwrap()])
            .output()
            .expect("xvfb-run runs (scripts/deps.sh --headless)");
        assert!(
            out.status.success(),
            "{name}: {}\n{}",
            out.status,
            String::from_utf8_lossy(&out.stderr)
        );
        let ((ww, wh), widgets) = read_layout(&layout);
        assert_eq!((ww, wh), (w as f32, h as f32));
        let window = [0.0, 0.0, ww, wh];
        let labels: Vec<&str> = widgets.iter().map(|x| x.label.as_str()).collect();
        for must in ["Close", "Next ▶", "◀ Prev"] {
            assert!(labels.contains(&must), "{name}: no '{must}' in {labels:?}");
        }
        for x in &widgets {
            // A row of the list may lie beyond its scrolling window, never beyond the screen's
            // sides; everything else is inside the window.
            let clipped = !inside(x.rect, x.clip, 0.5);
            assert!(
                x.rect[0] >= -0.5
                    && x.rect[2] <= ww + 0.5
                    && (clipped || inside(x.rect, window, 0.5)),
                "{name}: '{}' at {:?} is cut off",
                x.label,
                x.rect
            );
            let (rw, rh) = (x.rect[2] - x.rect[0], x.rect[3] - x.rect[1]);
            assert!(
                x.kind != "control" || (rw >= 43.5 && rh >= 43.5),
                "{name}: '{}' is {rw:.0}×{rh:.0} points",
                x.label
            );
        }
        let img = image::open(&png).expect("a PNG").to_rgb8();
        let near = |c| img.pixels().filter(|p| dist(rgb(c), p.0) < 40.0).count();
        assert!(
            near(sternhalma::look::PLAYED) > 20,
            "{name}: the played move is not shown"
        );
    }
}
