//! Sound, headless: the audio plugin loads its files and keeps running with no sound device;
//! the game makes the right sounds at the right moments (a tick on selecting, a tap per step, a
//! knock per landed hop rising along a chain, the cue only after the computer moved, the
//! cadence at the end); the pure decisions behind them; and the committed WAV files: well
//! formed, short, unclipped, and exactly what the synthesiser in `tools/sounds` makes today.

mod common;
#[path = "../tools/sounds/src/synth.rs"]
mod synth;

use bevy::asset::AssetPlugin;
use bevy::input::InputPlugin;
use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy::time::TimeUpdateStrategy;
use bevy_kira_audio::prelude::AudioSource;
use common::*;
use std::time::Duration;
use sternhalma::config::{AnimSpeed, Controller, MatchConfig, Settings};
use sternhalma::play::{Command, MoveRequest};
use sternhalma::sound::{
    CHAIN_RATE_STEP, Cue, MAX_CHAIN_RATE, SoundCue, SoundKind, SoundOutput, Sounds,
    sounds_for_events, sounds_for_move, volume_db, wants_turn_cue,
};
use sternhalma::state::{Screen, Turn};
use sternhalma_rules::ai::Level;
use sternhalma_rules::{Bits, EndReason, Event, Hole, Outcome};

/// Every cue the game made, with the frame it came in.
#[derive(Resource, Default)]
struct Heard(Vec<(u32, Cue)>);

#[derive(Resource, Default)]
struct Frame(u32);

fn listen(mut cues: MessageReader<SoundCue>, mut heard: ResMut<Heard>, mut frame: ResMut<Frame>) {
    frame.0 += 1;
    heard.0.extend(cues.read().map(|c| (frame.0, c.0)));
}

/// The core game, the asset server and the sound plugin on `MinimalPlugins`, quiet (in case
/// the machine has speakers) but not muted, so every path to the backend runs.
fn sound_app() -> App {
    let mut app = App::new();
    app.add_plugins((
        MinimalPlugins,
        StatesPlugin,
        InputPlugin,
        AssetPlugin::default(),
    ))
    .insert_resource(without_handover())
    .add_plugins(sternhalma::CorePlugin)
    .add_plugins(sternhalma::sound::plugin)
    .insert_resource(TimeUpdateStrategy::ManualDuration(FRAME))
    .init_resource::<Heard>()
    .init_resource::<Frame>()
    .add_systems(Last, listen);
    app.update();
    let mut s = app.world_mut().resource_mut::<Settings>();
    s.speed = AnimSpeed::Normal;
    s.volume = 0.05;
    s.muted = false;
    app
}

/// Runs frames (with real time passing, for the asset server's loading threads) until every
/// sound has loaded and the probe has decided whether there is a device.
fn wait_for_sounds(app: &mut App) {
    for _ in 0..1000 {
        app.update();
        let loaded = app.world().get_resource::<Sounds>().is_some_and(|s| {
            let sources = app.world().resource::<Assets<AudioSource>>();
            s.0.iter().all(|h| sources.contains(h))
        });
        let decided = matches!(
            app.world().resource::<SoundOutput>(),
            SoundOutput::Ready | SoundOutput::Missing
        );
        if loaded && decided {
            return;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    panic!("the sounds did not load, or the probe never decided");
}

fn heard(app: &App) -> Vec<Cue> {
    app.world()
        .resource::<Heard>()
        .0
        .iter()
        .map(|(_, c)| *c)
        .collect()
}

fn kinds(cues: &[Cue]) -> Vec<SoundKind> {
    cues.iter().map(|c| c.kind).collect()
}

fn forget(app: &mut App) {
    app.world_mut().resource_mut::<Heard>().0.clear();
}

fn frame(app: &App) -> u32 {
    app.world().resource::<Frame>().0
}

/// Plays a move as the engine lists it, then lets it land and the next turn begin.
fn play(app: &mut App, path: &[Hole]) {
    app.world_mut().write_message(MoveRequest {
        path: path.to_vec(),
        confirmed: true,
        dropped: false,
    });
    settle(app);
}

/// The legal move with the most hops (the longest jump chain).
fn longest_move(app: &App) -> Vec<Hole> {
    game(app)
        .legal_moves()
        .into_iter()
        .max_by_key(|m| (m.path.len(), m.path.clone()))
        .expect("a legal move")
        .path
}

fn goal_of(app: &App, seat: usize) -> Bits {
    game(app).layout().seats[seat].goal
}

#[test]
fn audio_plugin_runs_headless_with_no_device() {
    let mut app = sound_app();
    wait_for_sounds(&mut app);
    // On CI and on the build machine there is no device: the probe says so and the game goes
    // on; on a machine with speakers it is Ready. Either way nothing panics or stalls below.
    let output = app.world().resource::<SoundOutput>().clone();
    assert!(matches!(output, SoundOutput::Ready | SoundOutput::Missing));
    start(&mut app, vs(Level::Beginner));
    for turn_no in 0..6 {
        if screen(&app) != Screen::Playing {
            break;
        }
        let path = longest_move(&app);
        tap(&mut app, path[0]);
        play(&mut app, &path);
        // Volume and mute changes on the way.
        let mut s = app.world_mut().resource_mut::<Settings>();
        s.muted = turn_no % 2 == 1;
        s.volume = 0.02 * turn_no as f32;
    }
    for _ in 0..200 {
        app.update();
    }
    let kinds = kinds(&heard(&app));
    for k in [SoundKind::Select, SoundKind::Hop, SoundKind::YourTurn] {
        assert!(kinds.contains(&k), "{k:?} never came: {kinds:?}");
    }
}

#[test]
fn selecting_a_marble_ticks_and_cancelling_is_silent() {
    let mut app = sound_app();
    start(&mut app, people("classic", 2));
    forget(&mut app);
    tap(&mut app, hole("k4"));
    app.update();
    assert_eq!(kinds(&heard(&app)), [SoundKind::Select]);
    tap(&mut app, hole("k4"));
    app.update();
    assert_eq!(kinds(&heard(&app)), [SoundKind::Select], "cancel is silent");
    tap(&mut app, hole("k4"));
    tap(&mut app, hole("l4"));
    app.update();
    assert_eq!(
        kinds(&heard(&app)),
        [SoundKind::Select, SoundKind::Select, SoundKind::Select],
        "switching to another marble ticks again"
    );
}

#[test]
fn a_step_taps_when_it_lands_and_hops_knock_one_by_one_rising() {
    let mut app = sound_app();
    start(&mut app, people("classic", 2));
    // A step, through taps: the tap sound comes with the landing, not with the tap.
    let step = game(&app)
        .legal_moves()
        .into_iter()
        .find(|m| m.path.len() == 2 && m.from.distance(m.to) == 1)
        .expect("a step");
    tap(&mut app, step.from);
    forget(&mut app);
    let asked = frame(&app);
    tap(&mut app, step.to);
    settle(&mut app);
    let got: Vec<(u32, Cue)> = app.world().resource::<Heard>().0.clone();
    assert_eq!(
        kinds(&got.iter().map(|c| c.1).collect::<Vec<_>>()),
        [SoundKind::Step]
    );
    // 0.16 s of animation at 20 ms a frame.
    assert!(got[0].0 >= asked + 6, "the step sounded before it landed");

    // Play the longest chains on offer until one has two jumps or more.
    let mut chain_seen = false;
    for _ in 0..16 {
        if screen(&app) != Screen::Playing {
            break;
        }
        let path = longest_move(&app);
        let seat = game(&app).to_move().expect("someone to move");
        let expected = sounds_for_move(&path, goal_of(&app, seat));
        forget(&mut app);
        play(&mut app, &path);
        let got = app.world().resource::<Heard>().0.clone();
        let hops: Vec<(u32, Cue)> = got
            .iter()
            .copied()
            .filter(|(_, c)| matches!(c.kind, SoundKind::Hop | SoundKind::Step))
            .collect();
        assert_eq!(
            hops.iter().map(|h| h.1).collect::<Vec<_>>(),
            expected[..path.len() - 1],
            "one sound per hop of {path:?}"
        );
        if hops.len() >= 2 {
            chain_seen = true;
            for w in hops.windows(2) {
                assert!(w[1].1.rate > w[0].1.rate, "the chain rises: {hops:?}");
                // A jump takes 0.26 s: the knocks come with the landings, frames apart.
                assert!(w[1].0 >= w[0].0 + 8, "knocks not timed with hops: {hops:?}");
            }
        }
    }
    assert!(chain_seen, "no jump chain of two or more came up");
}

#[test]
fn at_instant_speed_a_chain_still_knocks_hop_by_hop_in_quick_succession() {
    let mut app = sound_app();
    app.world_mut().resource_mut::<Settings>().speed = AnimSpeed::Instant;
    start(&mut app, people("classic", 2));
    let mut chain_seen = false;
    for _ in 0..16 {
        if screen(&app) != Screen::Playing {
            break;
        }
        let path = longest_move(&app);
        let seat = game(&app).to_move().expect("someone to move");
        let expected = sounds_for_move(&path, goal_of(&app, seat));
        forget(&mut app);
        let asked = frame(&app);
        play(&mut app, &path);
        for _ in 0..30 {
            app.update();
        }
        let got = app.world().resource::<Heard>().0.clone();
        let hops: Vec<(u32, Cue)> = got
            .iter()
            .copied()
            .filter(|(_, c)| matches!(c.kind, SoundKind::Hop | SoundKind::Step))
            .collect();
        assert_eq!(
            hops.iter().map(|h| h.1).collect::<Vec<_>>(),
            expected[..path.len() - 1]
        );
        if hops.len() >= 2 {
            chain_seen = true;
            // All within a few frames of the move, in order.
            assert!(
                hops.last().unwrap().0 <= asked + 5 * hops.len() as u32,
                "{hops:?}"
            );
            assert!(hops.windows(2).all(|w| w[1].0 > w[0].0), "{hops:?}");
        }
    }
    assert!(chain_seen, "no jump chain of two or more came up");
}

#[test]
fn the_turn_cue_comes_after_the_computer_moved_and_never_in_pass_and_play() {
    let mut app = sound_app();
    start(&mut app, vs(Level::Beginner));
    forget(&mut app);
    for _ in 0..3 {
        let path = longest_move(&app);
        play(&mut app, &path);
        // settle() waited for the computer's reply and for the next human turn.
        assert_eq!(turn(&app), Some(Turn::Human));
        for _ in 0..20 {
            app.update();
        }
        let cues = kinds(&heard(&app));
        assert_eq!(
            cues.iter().filter(|k| **k == SoundKind::YourTurn).count(),
            1,
            "one cue per reply: {cues:?}"
        );
        assert_eq!(cues.last(), Some(&SoundKind::YourTurn), "{cues:?}");
        forget(&mut app);
    }
    // Undo is the person's own doing: no cue for it.
    command(&mut app, Command::Undo);
    settle(&mut app);
    for _ in 0..20 {
        app.update();
    }
    assert!(!kinds(&heard(&app)).contains(&SoundKind::YourTurn));

    let mut app = sound_app();
    start(&mut app, people("classic", 2));
    for _ in 0..6 {
        let path = longest_move(&app);
        play(&mut app, &path);
    }
    for _ in 0..20 {
        app.update();
    }
    assert!(!kinds(&heard(&app)).contains(&SoundKind::YourTurn));
}

#[test]
fn resigning_a_two_player_game_plays_the_cadence_once() {
    let mut app = sound_app();
    start(&mut app, people("classic", 2));
    forget(&mut app);
    command(&mut app, Command::Resign(1));
    for _ in 0..30 {
        app.update();
    }
    let cues = kinds(&heard(&app));
    assert_eq!(cues, [SoundKind::GameOver], "{cues:?}");
}

fn h(q: i32, r: i32) -> Hole {
    Hole::from_axial(q, r).expect("a hole")
}

#[test]
fn move_sounds_rise_along_a_chain_and_chime_only_on_entering_the_goal() {
    // A step: one tap.
    let step = [h(0, 0), h(1, 0)];
    assert_eq!(
        sounds_for_move(&step, Bits::EMPTY),
        [Cue::plain(SoundKind::Step)]
    );

    // A chain of four jumps: four knocks, each CHAIN_RATE_STEP higher.
    let chain = [h(-4, 0), h(-2, 0), h(0, 0), h(2, 0), h(4, 0)];
    let cues = sounds_for_move(&chain, Bits::EMPTY);
    assert_eq!(kinds(&cues), [SoundKind::Hop; 4]);
    for (i, c) in cues.iter().enumerate() {
        let want = CHAIN_RATE_STEP.powi(i as i32);
        assert!(
            (c.rate - want).abs() < 1e-9,
            "hop {i}: {} vs {want}",
            c.rate
        );
    }

    // However long the chain, the pitch stops climbing at an octave.
    let long: Vec<Hole> = (0..30)
        .map(|i| if i % 2 == 0 { h(0, 0) } else { h(2, 0) })
        .collect();
    let cues = sounds_for_move(&long, Bits::EMPTY);
    assert_eq!(cues.len(), 29);
    assert!(cues.windows(2).all(|w| w[1].rate >= w[0].rate));
    assert_eq!(cues.last().unwrap().rate, MAX_CHAIN_RATE);

    // The goal: the real one of the first seat of a classic game (the top point).
    let game = MatchConfig::preset("classic", 2)
        .unwrap()
        .build_game()
        .unwrap();
    let goal = game.layout().seats[0].goal;
    let in_goal = |x: Hole| goal.has(x.index());
    let edge = Hole::all()
        .find(|&g| in_goal(g) && Hole::all().any(|o| !in_goal(o) && o.distance(g) == 1))
        .unwrap();
    let outside = Hole::all()
        .find(|&o| !in_goal(o) && o.distance(edge) == 1)
        .unwrap();
    let inside = Hole::all()
        .find(|&o| in_goal(o) && o != edge && o.distance(edge) == 1)
        .unwrap();
    assert_eq!(
        sounds_for_move(&[outside, edge], goal),
        [Cue::plain(SoundKind::Step), Cue::plain(SoundKind::Goal)],
        "entering the goal chimes after the landing"
    );
    assert_eq!(
        kinds(&sounds_for_move(&[inside, edge], goal)),
        [SoundKind::Step],
        "moving within"
    );
    assert_eq!(
        kinds(&sounds_for_move(&[edge, outside], goal)),
        [SoundKind::Step],
        "leaving"
    );
    // The other seat's goal is not this seat's: no chime for a marble passing through it.
    let their_goal = game.layout().seats[1].goal;
    assert_eq!(
        kinds(&sounds_for_move(&[outside, edge], their_goal)),
        [SoundKind::Step]
    );
}

#[test]
fn event_sounds_finish_once_and_the_end_says_it_all() {
    let over = Event::Over(Outcome {
        places: vec![1, 2],
        reason: EndReason::Finished,
    });
    let finished = |seat| Event::Finished { seat };
    assert_eq!(
        kinds(&sounds_for_events(&[finished(0)])),
        [SoundKind::Finish]
    );
    assert_eq!(
        kinds(&sounds_for_events(&[finished(0), finished(2)])),
        [SoundKind::Finish]
    );
    assert_eq!(
        kinds(&sounds_for_events(&[finished(0), over.clone()])),
        [SoundKind::GameOver]
    );
    assert_eq!(kinds(&sounds_for_events(&[over])), [SoundKind::GameOver]);
    assert!(sounds_for_events(&[Event::Passed { seat: 1 }]).is_empty());
    assert!(sounds_for_events(&[]).is_empty());
}

#[test]
fn the_turn_cue_is_for_a_person_after_a_computer() {
    let c = Controller::Computer(Level::Easy);
    let p = Controller::Human;
    assert!(wants_turn_cue(&[p, c], Some(1), 0));
    assert!(!wants_turn_cue(&[p, c], Some(0), 0), "after their own move");
    assert!(
        !wants_turn_cue(&[p, c], None, 0),
        "at the start or after undo"
    );
    assert!(!wants_turn_cue(&[p, c], Some(0), 1), "the computer's turn");
    assert!(!wants_turn_cue(&[p, p], Some(1), 0), "pass and play");
    assert!(wants_turn_cue(&[p, c, c], Some(2), 0));
    assert!(
        !wants_turn_cue(&[p, c], Some(7), 0),
        "unknown seats are not computers"
    );
}

#[test]
fn volume_follows_the_slider_and_mute() {
    let at = |volume: f32, muted: bool| {
        volume_db(&Settings {
            volume,
            muted,
            ..Settings::default()
        })
    };
    assert_eq!(at(1.0, false), Some(0.0));
    assert!((at(0.5, false).unwrap() + 12.04).abs() < 0.01);
    assert_eq!(at(0.8, true), None, "muted");
    assert_eq!(at(0.0, false), None, "zero is silence");
    assert_eq!(at(f32::NAN, false), None);
    assert_eq!(at(3.0, false), Some(0.0), "clamped");
    let mut last = f32::NEG_INFINITY;
    for i in 1..=100 {
        if let Some(db) = at(i as f32 / 100.0, false) {
            assert!(db > last);
            last = db;
        }
    }
}

/// The fields of a 16-bit mono PCM WAV file this test cares about.
struct Wav {
    rate: u32,
    samples: Vec<i16>,
}

fn parse_wav(bytes: &[u8]) -> Result<Wav, String> {
    let u16_at = |i: usize| u16::from_le_bytes([bytes[i], bytes[i + 1]]);
    let u32_at = |i: usize| u32::from_le_bytes(bytes[i..i + 4].try_into().unwrap());
    if bytes.len() < 44 || &bytes[0..4] != b"RIFF" || &bytes[8..12] != b"WAVE" {
        return Err("not a RIFF WAVE file".into());
    }
    if u32_at(4) as usize != bytes.len() - 8 {
        return Err("RIFF size does not match the file".into());
    }
    if &bytes[12..16] != b"fmt " || u32_at(16) != 16 {
        return Err("no plain fmt chunk".into());
    }
    let (format, channels, rate, bits) = (u16_at(20), u16_at(22), u32_at(24), u16_at(34));
    if format != 1 || channels != 1 || bits != 16 {
        return Err(format!(
            "format {format}, {channels} channels, {bits} bits: want PCM 1 16"
        ));
    }
    if u32_at(28) != rate * 2 || u16_at(32) != 2 {
        return Err("inconsistent byte rate or block align".into());
    }
    if &bytes[36..40] != b"data" || u32_at(40) as usize != bytes.len() - 44 {
        return Err("data chunk does not fill the file".into());
    }
    let samples = bytes[44..]
        .chunks_exact(2)
        .map(|c| i16::from_le_bytes([c[0], c[1]]))
        .collect();
    Ok(Wav { rate, samples })
}

fn sound_file(kind: SoundKind) -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("assets")
        .join(kind.path())
}

#[test]
fn the_sound_files_are_short_unclipped_16_bit_mono_wavs() {
    for kind in SoundKind::ALL {
        let path = sound_file(kind);
        let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let wav = parse_wav(&bytes).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert_eq!(wav.rate, synth::SAMPLE_RATE);
        let secs = wav.samples.len() as f64 / f64::from(wav.rate);
        let limit = if kind == SoundKind::GameOver {
            1.5
        } else {
            0.6
        };
        assert!(secs > 0.03 && secs <= limit, "{kind:?} lasts {secs} s");
        let peak = wav.samples.iter().map(|s| s.unsigned_abs()).max().unwrap();
        // Headroom: nothing near full scale, nothing inaudible.
        assert!(peak <= 29_000, "{kind:?} peaks at {peak}");
        assert!(peak >= 6_000, "{kind:?} is too quiet ({peak})");
        // Faded in and out: silent ends, no click.
        let (first, last) = (wav.samples[0], *wav.samples.last().unwrap());
        assert!(
            first.abs() <= 16 && last.abs() <= 16,
            "{kind:?} ends {first}, {last}"
        );
    }
}

#[test]
fn the_synthesiser_is_deterministic_and_made_the_committed_files() {
    let once = synth::all_files();
    let twice = synth::all_files();
    assert_eq!(once, twice);
    assert_eq!(once.len(), SoundKind::ALL.len());
    for kind in SoundKind::ALL {
        let name = kind.path().strip_prefix("sounds/").unwrap();
        let (_, made) = once
            .iter()
            .find(|(n, _)| *n == name)
            .unwrap_or_else(|| panic!("the synthesiser makes no {name}"));
        let committed = std::fs::read(sound_file(kind)).unwrap();
        assert!(
            committed == *made,
            "{name} differs from what `cargo run -p sternhalma-sounds` makes now: rerun it"
        );
    }
}

#[test]
fn the_synthesisers_maths_matches_the_platforms() {
    for i in -2000..2000 {
        let x = f64::from(i) * 0.0137;
        assert!((synth::sin(x) - x.sin()).abs() < 1e-9, "sin {x}");
        let y = f64::from(i) * 0.01;
        assert!(
            (synth::exp(y) - y.exp()).abs() <= 1e-12 * y.exp().max(1.0),
            "exp {y}"
        );
    }
    assert!((synth::note(69) - 440.0).abs() < 1e-9);
    assert!((synth::note(81) - 880.0).abs() < 1e-9);
}

#[test]
fn the_game_sounds_are_all_loaded_by_path() {
    // Every kind has its own file, and the resource holds them in SoundKind::ALL order.
    let mut app = sound_app();
    wait_for_sounds(&mut app);
    let sounds = app.world().resource::<Sounds>();
    let server = app.world().resource::<AssetServer>();
    for kind in SoundKind::ALL {
        let handle = sounds.get(kind).expect("a handle");
        let path = server.get_path(handle.id()).expect("loaded from a path");
        assert_eq!(path.path().to_str(), Some(kind.path()));
    }
}
