//! Motion on the board: a moved marble follows its path hop by hop (a slide for a step, an arc
//! over the jumped marble for a jump), and the board turns smoothly to face the player to move.
//! Only transforms change here; which hole a marble is on was already settled by the move.

use crate::board::{BoardView, CurrentGame, MARBLE_Z, Marble, hole_position};
use crate::config::Settings;
use crate::input::{NavInput, PointerInput};
use crate::play::{MoveApplied, TurnStarted};
use crate::seats::Seats;
use crate::state::{AppSystems, Turn};
use bevy::prelude::*;
use bevy::window::RequestRedraw;
use std::f32::consts::{PI, TAU};
use sternhalma_rules::Hole;

/// Seconds for one step at normal speed.
const STEP_SECS: f32 = 0.16;
/// Seconds for one jump at normal speed.
const JUMP_SECS: f32 = 0.26;
/// How fast the board turns at normal speed, in radians per second.
const TURN_RATE: f32 = 3.2;
/// Seconds for the small bounce a marble makes as it lands, at normal speed.
const BOUNCE_SECS: f32 = 0.14;
/// Seconds a flourish grows and fades, at normal speed.
const FLOURISH_SECS: f32 = 0.6;

/// A marble on its way along a path (board coordinates, one entry per hop).
#[derive(Component, Debug, Clone)]
pub struct MoveAnimation {
    hops: Vec<Hop>,
    hop: usize,
    t: f32,
    /// Progress of the landing bounce, 0 to 1, once every hop is done.
    bounce: f32,
}

#[derive(Debug, Clone, Copy)]
struct Hop {
    from: Vec2,
    to: Vec2,
    jump: bool,
}

impl MoveAnimation {
    /// The animation of a marble along `path`.
    pub fn along(path: &[Hole]) -> MoveAnimation {
        let hops = sternhalma_rules::game::hops(path)
            .map(|h| Hop {
                from: hole_position(h.from),
                to: hole_position(h.to),
                jump: h.jump,
            })
            .collect();
        MoveAnimation {
            hops,
            hop: 0,
            t: 0.0,
            bounce: 0.0,
        }
    }

    /// Advances by `secs` (already scaled by the speed); returns the marble's translation and
    /// scale, or `None` once it has landed.
    fn advance(&mut self, mut secs: f32) -> Option<(Vec3, f32)> {
        loop {
            let Some(&hop) = self.hops.get(self.hop) else {
                // Landed: a small squash and rebound on the hole, then rest.
                let to = self.hops.last()?.to;
                self.bounce += secs / BOUNCE_SECS;
                if self.bounce >= 1.0 {
                    return None;
                }
                let b = (PI * self.bounce).sin() * (1.0 - self.bounce);
                return Some((to.extend(MARBLE_Z + 2.0), 1.0 + 0.12 * b));
            };
            let len = if hop.jump { JUMP_SECS } else { STEP_SECS };
            self.t += secs / len;
            if self.t < 1.0 {
                let e = ease(self.t);
                let pos = hop.from.lerp(hop.to, e);
                let lift = if hop.jump { (PI * e).sin() } else { 0.0 };
                return Some((pos.extend(MARBLE_Z + 2.0 + lift), 1.0 + 0.3 * lift));
            }
            secs = (self.t - 1.0) * len;
            self.t = 0.0;
            self.hop += 1;
        }
    }
}

fn ease(t: f32) -> f32 {
    t * t * (3.0 - 2.0 * t)
}

/// The resting transform parts of a marble on `hole`: what an animation ends with.
pub fn rest_translation(hole: Hole) -> Vec3 {
    hole_position(hole).extend(MARBLE_Z)
}

/// A moving marble landed at the end of one hop of its path (the sounds follow these).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct HopLanded {
    /// The marble.
    pub marble: Entity,
    /// Which hop of its path, from 0.
    pub hop: usize,
    /// A jump (or else a step).
    pub jump: bool,
}

/// A gold ring that grows from a hole and fades: a marble reached its goal, or (on every hole
/// of the goal, one after another) a player finished. The look plugin gives it its mesh.
#[derive(Component, Debug, Clone, Copy, PartialEq)]
pub struct Flourish {
    /// Seconds to wait before it starts (at normal speed).
    pub delay: f32,
    /// Progress, 0 to 1.
    pub t: f32,
}

impl Flourish {
    /// The ring's radius (in spacings) and opacity now.
    pub fn shape(&self) -> (f32, f32) {
        if self.delay > 0.0 {
            return (0.0, 0.0);
        }
        (0.4 + 0.5 * self.t, 0.9 * (1.0 - self.t))
    }
}

/// Runs the animations; other plugins order themselves around it.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct AnimationSystems;

pub(super) fn plugin(app: &mut App) {
    app.add_message::<HopLanded>();
    app.add_message::<RequestRedraw>().add_systems(
        Update,
        (
            finish_on_input.in_set(AppSystems::Interpret),
            (
                start_move_animations,
                animate_marbles,
                flourish_on_landing,
                grow_flourishes,
                aim_view,
                turn_view,
                keep_marbles_upright,
            )
                .chain()
                .in_set(AnimationSystems)
                .in_set(AppSystems::Present),
        ),
    );
}

fn start_move_animations(
    mut applied: MessageReader<MoveApplied>,
    settings: Res<Settings>,
    mut commands: Commands,
    mut marbles: Query<&mut Transform, With<Marble>>,
) {
    for m in applied.read() {
        let Some(&to) = m.path.last() else { continue };
        if m.dropped || settings.speed.rate().is_none() {
            if let Ok(mut t) = marbles.get_mut(m.marble) {
                t.translation = rest_translation(to);
                t.scale = Vec3::ONE;
            }
        } else if let Ok(mut e) = commands.get_entity(m.marble) {
            e.insert(MoveAnimation::along(&m.path));
        }
    }
}

/// A marble that has come to rest in its goal from outside it gets a flourish; a move that
/// finishes its player lights the whole goal, hole after hole.
fn flourish_on_landing(
    mut stopped: RemovedComponents<MoveAnimation>,
    mut applied: MessageReader<MoveApplied>,
    settings: Res<Settings>,
    game: Option<Res<CurrentGame>>,
    marbles: Query<&Marble>,
    root: Query<Entity, With<crate::board::BoardRoot>>,
    mut commands: Commands,
    mut pending: Local<Vec<(Entity, Hole)>>,
) {
    // Remember where each moved marble came from; celebrate when it lands.
    for m in applied.read() {
        pending.retain(|(e, _)| *e != m.marble);
        if let (Some(&from), false) = (m.path.first(), m.dropped) {
            pending.push((m.marble, from));
        }
    }
    let (Some(game), Ok(root)) = (game, root.single()) else {
        return;
    };
    for e in stopped.read() {
        let Some(i) = pending.iter().position(|(m, _)| *m == e) else {
            continue;
        };
        let (_, from) = pending.swap_remove(i);
        let (Ok(marble), true) = (marbles.get(e), settings.speed.rate().is_some()) else {
            continue;
        };
        let goal = game.layout().seats[marble.seat].goal;
        if !goal.has(marble.hole.index()) || goal.has(from.index()) {
            continue;
        }
        let finished = game.standing(marble.seat) == sternhalma_rules::Standing::Finished;
        let holes: Vec<Hole> = if finished {
            let mut all: Vec<Hole> = sternhalma_rules::game::holes(goal).collect();
            all.sort_by_key(|h| h.distance(marble.hole));
            all
        } else {
            vec![marble.hole]
        };
        for (i, h) in holes.into_iter().enumerate() {
            commands.spawn((
                Flourish {
                    delay: 0.06 * i as f32,
                    t: 0.0,
                },
                Transform::from_translation(hole_position(h).extend(MARBLE_Z + 1.5))
                    .with_scale(Vec3::ZERO),
                Visibility::default(),
                ChildOf(root),
            ));
        }
    }
    // Animations cut short by a new position leave nothing to celebrate.
    if pending.len() > 8 {
        pending.clear();
    }
}

fn grow_flourishes(
    time: Res<Time>,
    settings: Res<Settings>,
    mut commands: Commands,
    mut rings: Query<(Entity, &mut Flourish, &mut Transform)>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    let rate = settings.speed.rate();
    for (e, mut f, mut t) in &mut rings {
        let Some(rate) = rate else {
            commands.entity(e).despawn();
            continue;
        };
        let mut secs = time.delta_secs() * rate;
        if f.delay > 0.0 {
            let used = secs.min(f.delay);
            f.delay -= used;
            secs -= used;
        }
        f.t += secs / FLOURISH_SECS;
        if f.t >= 1.0 {
            commands.entity(e).despawn();
            continue;
        }
        t.scale = Vec3::splat(f.shape().0 * crate::board::SPACING);
        redraw.write(RequestRedraw);
    }
}

fn animate_marbles(
    time: Res<Time>,
    settings: Res<Settings>,
    mut commands: Commands,
    mut moving: Query<(Entity, &Marble, &mut MoveAnimation, &mut Transform)>,
    mut redraw: MessageWriter<RequestRedraw>,
    mut landed: MessageWriter<HopLanded>,
) {
    let rate = settings.speed.rate();
    for (e, marble, mut anim, mut t) in &mut moving {
        let step = rate.map_or(f32::INFINITY, |r| time.delta_secs() * r);
        let before = anim.hop;
        let advanced = anim.advance(step);
        for (hop, h) in anim.hops.iter().enumerate().take(anim.hop).skip(before) {
            landed.write(HopLanded {
                marble: e,
                hop,
                jump: h.jump,
            });
        }
        match advanced {
            Some((pos, scale)) => {
                t.translation = pos;
                t.scale = Vec3::splat(scale);
                redraw.write(RequestRedraw);
            }
            None => {
                t.translation = rest_translation(marble.hole);
                t.scale = Vec3::ONE;
                commands.entity(e).remove::<MoveAnimation>();
                redraw.write(RequestRedraw);
            }
        }
    }
}

/// A click, tap or key during an animation finishes it at once (and does nothing else).
fn finish_on_input(
    turn: Option<Res<State<Turn>>>,
    mut pointer: MessageReader<PointerInput>,
    mut keys: MessageReader<NavInput>,
    mut commands: Commands,
    mut moving: Query<(Entity, &Marble, &mut Transform), With<MoveAnimation>>,
    mut view: ResMut<BoardView>,
) {
    let pressed = pointer
        .read()
        .any(|p| matches!(p, PointerInput::Pressed(_)));
    let key = keys.read().count() > 0;
    if !(pressed || key) || turn.is_none_or(|t| *t.get() != Turn::Animating) {
        return;
    }
    for (e, marble, mut t) in &mut moving {
        t.translation = rest_translation(marble.hole);
        t.scale = Vec3::ONE;
        commands.entity(e).remove::<MoveAnimation>();
    }
    view.angle = view.target;
}

/// At each turn, chooses which point faces the bottom: the single person against computers
/// always; in pass-and-play the person to move (unless the board is kept fixed).
fn aim_view(
    mut started: MessageReader<TurnStarted>,
    settings: Res<Settings>,
    game: Option<Res<CurrentGame>>,
    seats: Seats,
    mut view: ResMut<BoardView>,
) {
    let (Some(seat), Some(game)) = (started.read().last().map(|s| s.seat), game.as_ref()) else {
        return;
    };
    let points = game.setup().seat_points();
    let humans: Vec<usize> = (0..points.len()).filter(|&s| seats.is_human(s)).collect();
    let facing = match humans.as_slice() {
        [] => 0,
        [only] => *only,
        _ if !settings.rotate_board => humans[0],
        _ if humans.contains(&seat) => seat,
        // A computer moves between people: keep facing the last person.
        _ => return,
    };
    let wanted = BoardView::angle_for(points[facing]);
    // Turn the short way round.
    let mut target = wanted + TAU * ((view.angle - wanted) / TAU).round();
    if (target - view.angle).abs() > PI {
        target -= TAU * (target - view.angle).signum();
    }
    if (view.target - target).abs() > 1e-4 {
        view.target = target;
    }
}

fn turn_view(
    time: Res<Time>,
    settings: Res<Settings>,
    mut view: ResMut<BoardView>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    if !view.is_turning() {
        return;
    }
    let Some(rate) = settings.speed.rate() else {
        view.angle = view.target;
        return;
    };
    let step = TURN_RATE * rate * time.delta_secs();
    let gap = view.target - view.angle;
    view.angle = if gap.abs() <= step {
        view.target
    } else {
        view.angle + step * gap.signum()
    };
    redraw.write(RequestRedraw);
}

/// Marbles keep their shading and symbols upright on screen however the board is turned.
fn keep_marbles_upright(view: Res<BoardView>, mut marbles: Query<(&mut Transform, Ref<Marble>)>) {
    for (mut t, m) in &mut marbles {
        if view.is_changed() || m.is_added() {
            t.rotation = Quat::from_rotation_z(-view.angle);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sternhalma_rules::parse_path;

    #[test]
    fn a_marble_bounces_on_landing_then_rests_on_its_hole() {
        let path = parse_path("k3-k5").unwrap();
        let mut a = MoveAnimation::along(&path);
        // Through the jump: lifted over the jumped marble half-way.
        let (mid, scale) = a.advance(JUMP_SECS / 2.0).unwrap();
        assert!(mid.z > MARBLE_Z + 2.5 && scale > 1.2);
        // Landed: on the hole, a little larger for a moment, then at rest.
        let (at, scale) = a.advance(JUMP_SECS / 2.0 + BOUNCE_SECS / 2.0).unwrap();
        assert_eq!(at.truncate(), hole_position(path[1]));
        assert!(scale > 1.02 && scale < 1.15, "{scale}");
        assert!(a.advance(BOUNCE_SECS).is_none());
    }

    #[test]
    fn a_flourish_grows_and_fades_after_its_delay() {
        let waiting = Flourish { delay: 0.1, t: 0.0 };
        assert_eq!(waiting.shape(), (0.0, 0.0));
        let early = Flourish { delay: 0.0, t: 0.1 }.shape();
        let late = Flourish { delay: 0.0, t: 0.9 }.shape();
        assert!(late.0 > early.0, "it grows");
        assert!(late.1 < early.1, "and fades");
    }
}
