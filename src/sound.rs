//! Sound effects through bevy_kira_audio: a tick when a marble is picked up, a wooden tap for a
//! step, a knock for every hop of a jump chain (each a little higher than the one before), a
//! chime when a marble enters its goal, an arpeggio when a player finishes, a cadence at the
//! end of the game and a soft cue when a person's turn comes after the computer moved.
//!
//! Which sounds a move or an event makes is decided by pure functions ([`sounds_for_move`],
//! [`sounds_for_events`], [`wants_turn_cue`], [`volume_db`]) that the tests check directly;
//! the systems here only feed them messages and time the result: hop sounds land with the
//! animation's hops ([`HopLanded`]), and moves that are not animated (instant speed, drag and
//! drop) play their sounds in quick succession.
//!
//! The files in `assets/sounds/` are made by `cargo run -p sternhalma-sounds`
//! (`tools/sounds`). Without a sound device the game stays silent: a silent probe finds out
//! once, it is logged, and from then on nothing is sent to the audio backend (which would
//! otherwise keep every command queued for ever).

use crate::animation::{AnimationSystems, HopLanded, MoveAnimation};
use crate::board::CurrentGame;
use crate::config::{Controller, Settings};
use crate::play::{GameEvent, MatchStarted, MoveApplied, Redone, TurnStarted, Undone};
use crate::seats::Seats;
use crate::selection::Selection;
use crate::state::AppSystems;
use bevy::prelude::*;
use bevy::window::RequestRedraw;
use bevy_kira_audio::prelude::{
    Audio, AudioControl, AudioInstance, AudioPlugin, AudioSource, Decibels,
};
use sternhalma_rules::{Bits, Event, Hole};

/// One of the game's sounds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SoundKind {
    /// A marble was picked up.
    Select,
    /// A step landed.
    Step,
    /// A hop of a jump chain landed.
    Hop,
    /// A marble entered its goal.
    Goal,
    /// A player finished.
    Finish,
    /// The game is over.
    GameOver,
    /// A person's turn, after the computer moved.
    YourTurn,
}

impl SoundKind {
    /// Every sound, in the order of [`Sounds`]' handles.
    pub const ALL: [SoundKind; 7] = [
        SoundKind::Select,
        SoundKind::Step,
        SoundKind::Hop,
        SoundKind::Goal,
        SoundKind::Finish,
        SoundKind::GameOver,
        SoundKind::YourTurn,
    ];

    /// The asset path of its file.
    pub fn path(self) -> &'static str {
        match self {
            SoundKind::Select => "sounds/select.wav",
            SoundKind::Step => "sounds/step.wav",
            SoundKind::Hop => "sounds/hop.wav",
            SoundKind::Goal => "sounds/goal.wav",
            SoundKind::Finish => "sounds/finish.wav",
            SoundKind::GameOver => "sounds/game-over.wav",
            SoundKind::YourTurn => "sounds/your-turn.wav",
        }
    }
}

/// A sound to play and how fast (1 = as recorded; faster is higher and shorter).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Cue {
    /// Which sound.
    pub kind: SoundKind,
    /// Its playback rate.
    pub rate: f64,
}

impl Cue {
    /// The sound at its own pitch.
    pub fn plain(kind: SoundKind) -> Cue {
        Cue { kind, rate: 1.0 }
    }
}

/// A sound became due: written whether or not it can be heard (muted, no device), so the
/// tests and anything else can follow what the game sounds like.
#[derive(Message, Clone, Copy, Debug, PartialEq)]
pub struct SoundCue(pub Cue);

/// Each hop of a jump chain plays this much faster (higher) than the one before.
pub const CHAIN_RATE_STEP: f64 = 1.06;
/// The highest rate a long chain climbs to (an octave up).
pub const MAX_CHAIN_RATE: f64 = 2.0;
/// Seconds between the hop sounds of a move that is not animated.
const QUICK_GAP: f32 = 0.06;
/// Seconds between the sounds that follow a move (goal, finish, game over, your turn).
const TAIL_GAP: f32 = 0.18;

/// The sounds of a move along `path` by a seat whose goal is `goal`: one per hop, in order
/// (a tap for a step; for a jump chain a knock per jump, each [`CHAIN_RATE_STEP`] higher than
/// the one before), then a chime if the move ends in the goal coming from outside it.
pub fn sounds_for_move(path: &[Hole], goal: Bits) -> Vec<Cue> {
    let mut rate = 1.0;
    let mut cues: Vec<Cue> = sternhalma_rules::game::hops(path)
        .map(|hop| {
            if hop.jump {
                let cue = Cue {
                    kind: SoundKind::Hop,
                    rate,
                };
                rate = (rate * CHAIN_RATE_STEP).min(MAX_CHAIN_RATE);
                cue
            } else {
                Cue::plain(SoundKind::Step)
            }
        })
        .collect();
    if let (Some(from), Some(to)) = (path.first(), path.last())
        && goal.has(to.index())
        && !goal.has(from.index())
    {
        cues.push(Cue::plain(SoundKind::Goal));
    }
    cues
}

/// The sounds of what the engine reports: the cadence when the game is over (it says
/// everything, so it replaces a finisher's arpeggio in the same batch), else the arpeggio
/// once if anyone finished. Passes, time-outs and players out are shown, not sounded.
pub fn sounds_for_events<'a>(events: impl IntoIterator<Item = &'a Event>) -> Vec<Cue> {
    let (mut finished, mut over) = (false, false);
    for e in events {
        match e {
            Event::Finished { .. } => finished = true,
            Event::Over(_) => over = true,
            _ => {}
        }
    }
    if over {
        vec![Cue::plain(SoundKind::GameOver)]
    } else if finished {
        vec![Cue::plain(SoundKind::Finish)]
    } else {
        Vec::new()
    }
}

/// Whether `seat`'s turn gets the "your turn" cue: a person is to move and the last move was
/// the computer's (people taking turns at one device need no cue, nor does a person who just
/// moved or undid).
pub fn wants_turn_cue(
    controllers: &[Controller],
    previous_mover: Option<usize>,
    seat: usize,
) -> bool {
    let human = |s: usize| controllers.get(s).is_some_and(|c| c.is_human());
    human(seat) && previous_mover.is_some_and(|p| controllers.get(p).is_some_and(|c| !c.is_human()))
}

/// The main volume for the settings, in decibels, or `None` when nothing should be heard.
/// The slider is perceptual: amplitude grows with the square of its position (−12 dB at half
/// way), down to kira's silence at −60 dB.
pub fn volume_db(settings: &Settings) -> Option<f32> {
    let v = settings.volume.clamp(0.0, 1.0);
    if settings.muted || !v.is_finite() || v <= 0.0 {
        return None;
    }
    let db = 40.0 * v.log10();
    (db > Decibels::SILENCE.0).then_some(db)
}

/// The loaded sounds, one handle per [`SoundKind`] in the order of [`SoundKind::ALL`].
#[derive(Resource, Debug, Clone)]
pub struct Sounds(pub Vec<Handle<AudioSource>>);

impl Sounds {
    /// The handle of a sound.
    pub fn get(&self, kind: SoundKind) -> Option<&Handle<AudioSource>> {
        let i = SoundKind::ALL.iter().position(|k| *k == kind)?;
        self.0.get(i)
    }
}

/// Whether sounds can be heard here: found out once with a silent probe.
#[derive(Resource, Debug, Clone, Default, PartialEq)]
pub enum SoundOutput {
    /// Waiting for the probe: sounds are sent meanwhile.
    #[default]
    Probing,
    /// The probe was sent; its instance appears once the backend plays it.
    Probed {
        /// The probe's instance.
        probe: Handle<AudioInstance>,
        /// Frames since it was sent.
        frames: u32,
    },
    /// A device plays the sounds.
    Ready,
    /// No sound device: nothing is sent to the backend any more.
    Missing,
}

/// Frames the probe may take before the device is declared missing (a working backend plays it
/// in the frame it is sent).
const PROBE_FRAMES: u32 = 30;

/// Sounds waiting for their time, in seconds from now.
#[derive(Resource, Debug, Default)]
struct SoundQueue(Vec<(f32, Cue)>);

impl SoundQueue {
    /// Queues `cues` `gap` seconds apart, starting `gap` after whatever is already waiting
    /// (or now when nothing is).
    fn after_the_rest(&mut self, cues: impl IntoIterator<Item = Cue>, gap: f32) {
        let mut at = self.0.iter().map(|(t, _)| *t + gap).fold(0.0f32, f32::max);
        for cue in cues {
            self.0.push((at, cue));
            at += gap;
        }
    }
}

/// The sounds of the move being animated: one per hop, played as the hop lands, then the
/// rest (goal, finish, game over) once the marble is home.
#[derive(Resource, Debug, Default)]
struct MoveInFlight(Option<MoveSounds>);

#[derive(Debug)]
struct MoveSounds {
    marble: Entity,
    hops: Vec<Cue>,
    tail: Vec<Cue>,
}

/// The seat that made the last move, for the "your turn" cue.
#[derive(Resource, Debug, Default)]
struct LastMover(Option<usize>);

/// Adds the audio backend, loads the sounds and plays them. Public so headless tests can run
/// it without the rest of the look.
pub fn plugin(app: &mut App) {
    app.add_plugins(AudioPlugin)
        .add_message::<SoundCue>()
        .add_message::<RequestRedraw>()
        .init_resource::<SoundOutput>()
        .init_resource::<SoundQueue>()
        .init_resource::<MoveInFlight>()
        .init_resource::<LastMover>()
        .add_systems(Startup, load_sounds)
        .add_systems(
            Update,
            (
                probe_output,
                apply_volume,
                forget_on_new_position,
                select_sound,
                plan_move_sounds,
                hop_sounds,
                event_sounds,
                turn_cue,
                play_due_sounds,
            )
                .chain()
                .in_set(AppSystems::Present)
                .after(AnimationSystems),
        );
}

fn load_sounds(mut commands: Commands, assets: Res<AssetServer>) {
    commands.insert_resource(Sounds(
        SoundKind::ALL
            .iter()
            .map(|k| assets.load(k.path()))
            .collect(),
    ));
}

/// Plays the select sound silently once it has loaded; if the backend never makes an
/// instance of it, there is no device.
fn probe_output(
    mut output: ResMut<SoundOutput>,
    sounds: Option<Res<Sounds>>,
    sources: Res<Assets<AudioSource>>,
    instances: Res<Assets<AudioInstance>>,
    audio: Res<Audio>,
) {
    match &mut *output {
        SoundOutput::Probing => {
            let Some(source) = sounds.as_ref().and_then(|s| s.get(SoundKind::Select)) else {
                return;
            };
            if sources.contains(source) {
                let probe = audio
                    .play(source.clone())
                    .with_volume(Decibels::SILENCE)
                    .handle();
                *output = SoundOutput::Probed { probe, frames: 0 };
            }
        }
        SoundOutput::Probed { probe, frames } => {
            if instances.contains(&*probe) {
                info!("sound: playing through the default output device");
                *output = SoundOutput::Ready;
            } else if *frames >= PROBE_FRAMES {
                warn!("sound: no output device, the game stays silent");
                *output = SoundOutput::Missing;
            } else {
                *frames += 1;
            }
        }
        SoundOutput::Ready | SoundOutput::Missing => {}
    }
}

/// Settings changes reach sounds already playing at once.
fn apply_volume(settings: Res<Settings>, output: Res<SoundOutput>, audio: Res<Audio>) {
    if settings.is_changed() && *output != SoundOutput::Missing {
        audio.set_volume(volume_db(&settings).map_or(Decibels::SILENCE, Decibels));
    }
}

/// A new match, undo or redo: sounds of the old position are dropped and nobody "just moved".
/// Only what happened counts: a refused undo leaves the sounds alone.
fn forget_on_new_position(
    mut started: MessageReader<MatchStarted>,
    mut undone: MessageReader<Undone>,
    mut redone: MessageReader<Redone>,
    mut queue: ResMut<SoundQueue>,
    mut in_flight: ResMut<MoveInFlight>,
    mut last: ResMut<LastMover>,
) {
    // Every reader is drained, so an old message cannot count on a later frame.
    let new_position = started.read().count() + undone.read().count() + redone.read().count() > 0;
    if new_position {
        queue.0.clear();
        in_flight.0 = None;
        last.0 = None;
    }
}

/// The tick when a marble is picked up (or another one instead).
fn select_sound(
    selection: Option<Res<Selection>>,
    mut previous: Local<Option<Hole>>,
    mut queue: ResMut<SoundQueue>,
) {
    let Some(selection) = selection else { return };
    if !selection.is_changed() || selection.from == *previous {
        return;
    }
    *previous = selection.from;
    if selection.from.is_some() {
        queue.0.push((0.0, Cue::plain(SoundKind::Select)));
    }
}

/// Works out a move's sounds: kept for the animation's hops, or queued at once when the move
/// is not animated.
fn plan_move_sounds(
    mut applied: MessageReader<MoveApplied>,
    game: Option<Res<CurrentGame>>,
    settings: Res<Settings>,
    mut queue: ResMut<SoundQueue>,
    mut in_flight: ResMut<MoveInFlight>,
    mut last: ResMut<LastMover>,
) {
    for m in applied.read() {
        last.0 = Some(m.seat);
        let goal = game
            .as_ref()
            .and_then(|g| g.layout().seats.get(m.seat).map(|s| s.goal))
            .unwrap_or_default();
        let mut cues = sounds_for_move(&m.path, goal);
        let hops = m.path.len().saturating_sub(1).min(cues.len());
        // The same test the animation makes: dropped and instant moves do not move.
        if m.dropped || settings.speed.rate().is_none() {
            let tail = cues.split_off(hops);
            queue.after_the_rest(cues, QUICK_GAP);
            queue.after_the_rest(tail, TAIL_GAP);
        } else {
            let tail = cues.split_off(hops);
            in_flight.0 = Some(MoveSounds {
                marble: m.marble,
                hops: cues,
                tail,
            });
        }
    }
}

/// One sound per landed hop; once the marble is home (or the animation was cut short), what
/// follows the move.
fn hop_sounds(
    mut landed: MessageReader<HopLanded>,
    mut stopped: RemovedComponents<MoveAnimation>,
    mut in_flight: ResMut<MoveInFlight>,
    mut queue: ResMut<SoundQueue>,
) {
    for l in landed.read() {
        let Some(m) = in_flight.0.as_ref().filter(|m| m.marble == l.marble) else {
            continue;
        };
        if let Some(&cue) = m.hops.get(l.hop) {
            queue.0.push((0.0, cue));
        }
        if l.hop + 1 >= m.hops.len()
            && let Some(m) = in_flight.0.take()
        {
            queue.after_the_rest(m.tail, TAIL_GAP);
        }
    }
    for e in stopped.read() {
        if in_flight.0.as_ref().is_some_and(|m| m.marble == e)
            && let Some(m) = in_flight.0.take()
        {
            queue.after_the_rest(m.tail, TAIL_GAP);
        }
    }
}

/// A finisher or the end of the game: after the move that caused it, if one is under way.
fn event_sounds(
    mut events: MessageReader<GameEvent>,
    mut in_flight: ResMut<MoveInFlight>,
    mut queue: ResMut<SoundQueue>,
) {
    let events: Vec<&Event> = events.read().map(|GameEvent(e)| e).collect();
    let cues = sounds_for_events(events);
    if cues.is_empty() {
        return;
    }
    match &mut in_flight.0 {
        Some(m) => m.tail.extend(cues),
        None => queue.after_the_rest(cues, TAIL_GAP),
    }
}

/// The soft cue when a person's turn comes after the computer moved.
fn turn_cue(
    mut started: MessageReader<TurnStarted>,
    seats: Seats,
    last: Res<LastMover>,
    mut queue: ResMut<SoundQueue>,
) {
    if started.is_empty() {
        return;
    }
    let controllers: Vec<Controller> = seats.all().iter().map(|s| s.controller).collect();
    for s in started.read() {
        if wants_turn_cue(&controllers, last.0, s.seat) {
            queue.after_the_rest([Cue::plain(SoundKind::YourTurn)], TAIL_GAP);
        }
    }
}

/// Plays what is due, at the volume of the settings, unless muted or there is no device.
/// Keeps frames coming while sounds wait (the app is otherwise idle between events).
fn play_due_sounds(
    time: Res<Time<Real>>,
    settings: Res<Settings>,
    output: Res<SoundOutput>,
    sounds: Option<Res<Sounds>>,
    sources: Res<Assets<AudioSource>>,
    audio: Res<Audio>,
    mut queue: ResMut<SoundQueue>,
    mut cues: MessageWriter<SoundCue>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    let dt = time.delta_secs();
    let mut due = Vec::new();
    queue.0.retain_mut(|(at, cue)| {
        if *at <= 0.0 {
            due.push(*cue);
            false
        } else {
            *at -= dt;
            true
        }
    });
    if !queue.0.is_empty() {
        redraw.write(RequestRedraw);
    }
    let volume = volume_db(&settings);
    for cue in due {
        cues.write(SoundCue(cue));
        let (Some(db), Some(sounds)) = (volume, sounds.as_ref()) else {
            continue;
        };
        if *output == SoundOutput::Missing {
            continue;
        }
        // Not loaded (yet, or the file is bad): skip rather than let the backend retry it
        // every frame.
        if let Some(source) = sounds.get(cue.kind).filter(|s| sources.contains(*s)) {
            audio
                .play(source.clone())
                .with_playback_rate(cue.rate)
                .with_volume(db);
        }
    }
}
