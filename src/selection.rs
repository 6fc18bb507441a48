//! Picking a move: pointer and keyboard input become a selected marble, its lit destinations
//! (exactly the engine's `Game::moves_from`), a previewed jump path, and finally a
//! [`MoveRequest`]. Also marks the board: each hole entity's [`HoleMarks`] say what it shows
//! (selected, reachable, forbidden, on the previewed path, the mover's goal, the last move, the
//! computer's hint), and [`Segment`] entities join the hops of the paths shown.

use crate::ai::Hint;
use crate::board::{
    BoardRoot, BoardView, CurrentGame, HolePicker, HoleSpot, MARBLE_Z, Marble, SPACING, ShownGame,
    hole_position,
};
use crate::config::Settings;
use crate::input::{NavInput, PointerInput};
use crate::play::{BoardChanged, Command, MoveApplied, MoveRequest, Notice};
use crate::review::GameReview;
use crate::seats::Seats;
use crate::state::{AppSystems, Pause, Screen, Turn};
use crate::tutorial::OpenLesson;
use bevy::prelude::*;
use sternhalma_rules::game::holes as holes_of;
use sternhalma_rules::{Hole, Move};

/// What kind of marker a highlight is; the look plugin gives each its colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HighlightKind {
    /// A hole of the mover's goal (gold).
    Goal,
    /// The last move (faint).
    Trail,
    /// The selected marble.
    Selected,
    /// A hole the selected marble can reach.
    Reachable,
    /// A hole where the rules forbid ending a move.
    Forbidden,
    /// The path to the hovered destination.
    Path,
    /// The keyboard cursor.
    Cursor,
    /// The computer's suggested move.
    Hint,
    /// The hole a lesson asks the learner to reach.
    Target,
    /// A reviewed move as it was played.
    Played,
    /// The engine's better move in the reviewed position.
    Better,
}

impl HighlightKind {
    /// Every kind, in stacking order from the bottom.
    pub const ALL: [HighlightKind; 11] = [
        HighlightKind::Goal,
        HighlightKind::Trail,
        HighlightKind::Forbidden,
        HighlightKind::Reachable,
        HighlightKind::Played,
        HighlightKind::Better,
        HighlightKind::Hint,
        HighlightKind::Target,
        HighlightKind::Path,
        HighlightKind::Selected,
        HighlightKind::Cursor,
    ];

    /// Markers that belong to the current selection and are rebuilt with it.
    const SELECTION: [HighlightKind; 5] = [
        HighlightKind::Selected,
        HighlightKind::Reachable,
        HighlightKind::Forbidden,
        HighlightKind::Path,
        HighlightKind::Cursor,
    ];

    /// Its flag in [`HoleMarks`].
    pub(crate) fn bit(self) -> u16 {
        1 << self as u16
    }
}

/// What a hole shows, one flag per [`HighlightKind`]: the state of the hole entity itself. The
/// highlight systems set and clear flags (touching only holes that change); the look plugin
/// shows a marker for each flag that is on.
#[derive(Component, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HoleMarks(u16);

impl HoleMarks {
    /// Whether the hole shows `kind`.
    pub fn has(self, kind: HighlightKind) -> bool {
        self.0 & kind.bit() != 0
    }

    /// The kinds it shows, bottom first.
    pub fn kinds(self) -> impl Iterator<Item = HighlightKind> {
        HighlightKind::ALL.into_iter().filter(move |&k| self.has(k))
    }
}

/// A marker joining two holes (one hop of a path).
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Segment {
    /// Start of the hop.
    pub from: Hole,
    /// End of the hop.
    pub to: Hole,
    /// What it means.
    pub kind: HighlightKind,
}

/// The marble being moved and what the pointer and keyboard cursor are over.
#[derive(Resource, Default, Debug, Clone)]
pub struct Selection {
    /// The selected marble's hole.
    pub from: Option<Hole>,
    /// Its legal moves, straight from the engine.
    pub moves: Vec<Move>,
    /// The hole under the pointer.
    pub hover: Option<Hole>,
    /// The keyboard cursor.
    pub cursor: Option<Hole>,
    press: Option<Press>,
}

impl Selection {
    /// The move to `to`, if the selected marble can go there.
    pub fn move_to(&self, to: Hole) -> Option<&Move> {
        self.moves.iter().find(|m| m.to == to)
    }

    fn clear(&mut self) {
        self.from = None;
        self.moves.clear();
        self.press = None;
    }
}

/// A pointer press on the board, until it is released.
#[derive(Debug, Clone, Copy)]
struct Press {
    hole: Hole,
    start: Vec2,
    was_selected: bool,
    dragging: bool,
    /// Pressed on a lit hole: the path shows while pressed, the move is made on release.
    destination: bool,
}

/// Rebuilding the markers; runs after the game changed and before drawing.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct HighlightSystems;

/// "Back" that nothing on the board used: the screens go back one step.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct GoBack;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Selection>()
        .add_message::<GoBack>()
        .add_systems(
            Update,
            (handle_pointer, handle_keys)
                .chain()
                .in_set(AppSystems::Interpret),
        )
        .add_systems(OnExit(Turn::Human), drop_selection)
        .add_systems(OnExit(Screen::Playing), forget_cursor)
        .add_systems(OnExit(Screen::Practice), forget_cursor)
        .add_systems(
            Update,
            (
                drop_selection.run_if(on_message::<BoardChanged>),
                show_selection
                    .run_if(resource_changed::<Selection>.or_else(resource_changed::<Settings>)),
                show_goal,
                show_trail,
                show_hint.run_if(resource_changed::<Hint>),
                show_target.run_if(
                    resource_exists_and_changed::<OpenLesson>
                        .or_else(resource_removed::<OpenLesson>),
                ),
                show_review.run_if(
                    resource_exists_and_changed::<GameReview>
                        .or_else(resource_removed::<GameReview>),
                ),
            )
                .chain()
                .in_set(HighlightSystems)
                .in_set(AppSystems::Present),
        );
}

/// The seat to move, if a person plays it.
fn human_to_move(game: &CurrentGame, seats: &Seats) -> Option<usize> {
    game.to_move().filter(|&s| seats.is_human(s))
}

/// Selects the marble on `hole` if the person to move owns it.
fn select(sel: &mut Selection, game: &CurrentGame, seat: usize, hole: Hole) -> bool {
    if game.board().owner(hole) != Some(seat) {
        return false;
    }
    sel.from = Some(hole);
    sel.moves = game.moves_from(hole);
    true
}

fn request(requests: &mut MessageWriter<MoveRequest>, m: &Move, dropped: bool) {
    requests.write(MoveRequest {
        path: m.path.clone(),
        confirmed: false,
        dropped,
    });
}

fn handle_pointer(
    turn: Option<Res<State<Turn>>>,
    pause: Res<State<Pause>>,
    mut pointer: MessageReader<PointerInput>,
    game: Option<Res<CurrentGame>>,
    seats: Seats,
    view: Res<BoardView>,
    holes: HolePicker,
    geometry: Res<crate::view::ViewGeometry>,
    mut sel: ResMut<Selection>,
    mut requests: MessageWriter<MoveRequest>,
    mut notices: MessageWriter<Notice>,
    mut marbles: Query<(&Marble, &mut Transform)>,
) {
    let events: Vec<PointerInput> = pointer.read().copied().collect();
    // The keyboard cursor is for keyboard players: a mouse or a finger puts it away.
    if sel.cursor.is_some() && events.iter().any(|e| matches!(e, PointerInput::Pressed(_))) {
        sel.cursor = None;
    }
    let Some(game) = game else {
        return;
    };
    if turn.is_none_or(|t| *t.get() != Turn::Human) || *pause.get() == Pause::Paused {
        return;
    }
    let Some(seat) = human_to_move(&game, &seats) else {
        return;
    };
    let put_back = |hole: Hole, marbles: &mut Query<(&Marble, &mut Transform)>| {
        if let Some((_, mut t)) = marbles.iter_mut().find(|(m, _)| m.hole == hole) {
            t.translation = hole_position(hole).extend(MARBLE_Z);
            t.scale = Vec3::ONE;
        }
    };
    for ev in events {
        match ev {
            PointerInput::Pressed(w) => {
                let local = view.world_to_board(w);
                let Some(hole) = holes.pick(w, geometry.pick_radius()).map(|p| p.hole) else {
                    sel.clear();
                    continue;
                };
                if sel.move_to(hole).is_some() {
                    sel.hover = Some(hole);
                    sel.press = Some(Press {
                        hole,
                        start: local,
                        was_selected: false,
                        dragging: false,
                        destination: true,
                    });
                } else if game.board().owner(hole) == Some(seat) {
                    let was_selected = sel.from == Some(hole);
                    if !was_selected {
                        select(&mut sel, &game, seat, hole);
                        if sel.moves.is_empty() {
                            notices.write(Notice::Info(why_no_moves(&game, seat, hole)));
                        }
                    }
                    sel.press = Some(Press {
                        hole,
                        start: local,
                        was_selected,
                        dragging: false,
                        destination: false,
                    });
                } else {
                    if sel.from.is_some()
                        && game.board().owner(hole).is_none()
                        && !game.layout().seats[seat].end_ok.has(hole.index())
                    {
                        notices.write(Notice::Info(
                            "A move may not end in another player's point.".into(),
                        ));
                    }
                    sel.clear();
                }
            }
            PointerInput::Moved(w) => {
                let local = view.world_to_board(w);
                let hover = holes.pick(w, geometry.pick_radius()).map(|p| p.hole);
                if sel.hover != hover {
                    sel.hover = hover;
                }
                let Some(mut press) = sel.press else { continue };
                if press.destination {
                    continue;
                }
                if !press.dragging && local.distance(press.start) > 0.35 * SPACING {
                    press.dragging = true;
                    sel.press = Some(press);
                }
                if press.dragging
                    && let Some((_, mut t)) = marbles.iter_mut().find(|(m, _)| m.hole == press.hole)
                {
                    t.translation = local.extend(MARBLE_Z + 3.0);
                    t.scale = Vec3::splat(1.15);
                }
            }
            PointerInput::Released(w) => {
                let Some(press) = sel.press.take() else {
                    continue;
                };
                let hole = holes.pick(w, geometry.pick_radius()).map(|p| p.hole);
                if press.destination {
                    // Released on a lit hole (where it was pressed, or slid to): move there.
                    if let Some(m) = hole.and_then(|h| sel.move_to(h)).cloned() {
                        request(&mut requests, &m, false);
                        sel.clear();
                    }
                } else if press.dragging {
                    match hole.and_then(|h| sel.move_to(h)).cloned() {
                        Some(m) => {
                            request(&mut requests, &m, true);
                            sel.clear();
                        }
                        None => put_back(press.hole, &mut marbles),
                    }
                } else if press.was_selected && hole == Some(press.hole) {
                    sel.clear();
                }
            }
            PointerInput::Cancelled => {
                sel.hover = None;
                if let Some(press) = sel.press.take() {
                    if press.dragging {
                        put_back(press.hole, &mut marbles);
                    }
                    // A press that had just selected (say, the first finger of a pinch) is
                    // taken back with it.
                    if !press.was_selected && !press.destination {
                        sel.clear();
                    }
                }
            }
        }
    }
}

/// Why a marble of the mover cannot move, in a few words.
fn why_no_moves(game: &CurrentGame, seat: usize, hole: Hole) -> String {
    let in_goal = game.layout().seats[seat].goal.has(hole.index());
    if in_goal && game.rules().goal_lock {
        "This marble is in its goal: it may only move within it, and has no room.".into()
    } else {
        "This marble has no move: every hole around it is blocked.".into()
    }
}

fn handle_keys(
    turn: Option<Res<State<Turn>>>,
    pause: Res<State<Pause>>,
    mut keys: MessageReader<NavInput>,
    game: Option<Res<CurrentGame>>,
    seats: Seats,
    view: Res<BoardView>,
    mut sel: ResMut<Selection>,
    mut requests: MessageWriter<MoveRequest>,
    mut commands: MessageWriter<Command>,
    mut back: MessageWriter<GoBack>,
) {
    let turn = turn.map(|t| *t.get());
    let paused = *pause.get() == Pause::Paused;
    for key in keys.read().copied() {
        let seat = match &game {
            Some(g) if turn == Some(Turn::Human) && !paused => human_to_move(g, &seats),
            _ => None,
        };
        match (key, seat, &game) {
            (NavInput::Back, _, _) if turn == Some(Turn::Confirm) => {
                commands.write(Command::Confirm(false));
            }
            (NavInput::Back, Some(_), _) if sel.from.is_some() => sel.clear(),
            (NavInput::Back, _, _) => {
                back.write(GoBack);
            }
            (NavInput::Cursor(dir), Some(seat), Some(game)) => {
                let from = sel.cursor.or(sel.from).or_else(|| {
                    holes_of(game.board().marbles(seat))
                        .min_by_key(|h| h.distance(Hole::from_line_row(9, 9).expect("centre")))
                });
                sel.cursor = match (from, sel.cursor) {
                    (Some(f), Some(_)) => Some(next_hole(f, dir, &view).unwrap_or(f)),
                    (f, None) => f,
                    (None, c) => c,
                };
            }
            (NavInput::Confirm, Some(seat), Some(game)) => {
                let Some(hole) = sel.cursor else { continue };
                if let Some(m) = sel.move_to(hole).cloned() {
                    request(&mut requests, &m, false);
                    sel.clear();
                } else if sel.from == Some(hole) || !select(&mut sel, game, seat, hole) {
                    sel.clear();
                }
            }
            _ => {}
        }
    }
}

/// The nearest hole from `from` roughly in screen direction `dir` (within 60 degrees).
fn next_hole(from: Hole, dir: Vec2, view: &BoardView) -> Option<Hole> {
    let origin = view.board_to_world(hole_position(from));
    Hole::all()
        .filter(|&h| h != from)
        .filter_map(|h| {
            let v = view.board_to_world(hole_position(h)) - origin;
            let cos = v.normalize().dot(dir);
            (cos > 0.5).then(|| (h, v.length() * (2.0 - cos)))
        })
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(h, _)| h)
}

/// Off the board (menus, replays, a new game) there is no keyboard cursor.
fn forget_cursor(mut sel: ResMut<Selection>) {
    *sel = Selection::default();
}

fn drop_selection(mut sel: ResMut<Selection>) {
    let cursor = sel.cursor;
    *sel = Selection {
        cursor,
        ..default()
    };
}

/// The marks one system owns, wanted on these holes.
struct Wanted {
    kinds: u16,
    /// By the hole's padded index (a `u8`).
    on: [u16; 256],
}

impl Wanted {
    /// Nothing yet of `kinds`.
    fn of(kinds: &[HighlightKind]) -> Wanted {
        Wanted {
            kinds: kinds.iter().fold(0, |bits, k| bits | k.bit()),
            on: [0; 256],
        }
    }

    fn mark(&mut self, hole: Hole, kind: HighlightKind) {
        self.on[usize::from(hole.index())] |= kind.bit();
    }

    /// Sets exactly these marks (of this system's kinds) on the hole entities, leaving the
    /// other systems' kinds alone and unchanged holes untouched.
    fn apply(&self, holes: &mut Query<(&HoleSpot, &mut HoleMarks)>) {
        for (spot, mut marks) in holes {
            let new = HoleMarks(marks.0 & !self.kinds | self.on[usize::from(spot.0.index())]);
            marks.set_if_neq(new);
        }
    }
}

/// Removes the path segments of `kinds`.
fn clear_segments(
    commands: &mut Commands,
    kinds: &[HighlightKind],
    segments: &Query<(Entity, &Segment)>,
) {
    for (e, s) in segments {
        if kinds.contains(&s.kind) {
            commands.entity(e).despawn();
        }
    }
}

fn spawn_path(commands: &mut Commands, root: Entity, path: &[Hole], kind: HighlightKind) {
    for hop in sternhalma_rules::game::hops(path) {
        let (a, b) = (hole_position(hop.from), hole_position(hop.to));
        let mid = (a + b) / 2.0;
        commands.spawn((
            Segment {
                from: hop.from,
                to: hop.to,
                kind,
            },
            Transform::from_translation(mid.extend(z_of(kind) - 0.1))
                .with_rotation(Quat::from_rotation_z((b - a).to_angle())),
            Visibility::default(),
            ChildOf(root),
        ));
    }
}

/// Stacking order of markers: under the marbles, except the ones that must show on top.
pub fn z_of(kind: HighlightKind) -> f32 {
    match kind {
        HighlightKind::Goal => 2.0,
        HighlightKind::Trail => 2.5,
        HighlightKind::Forbidden => 3.0,
        HighlightKind::Reachable => 3.5,
        HighlightKind::Played => 3.6,
        HighlightKind::Better => 3.7,
        HighlightKind::Hint => 3.8,
        HighlightKind::Target => 3.9,
        HighlightKind::Path => 4.0,
        HighlightKind::Selected => 4.5,
        HighlightKind::Cursor => MARBLE_Z + 1.0,
    }
}

fn show_selection(
    mut commands: Commands,
    sel: Res<Selection>,
    settings: Res<Settings>,
    game: Option<Res<CurrentGame>>,
    root: Single<Entity, With<BoardRoot>>,
    mut holes: Query<(&HoleSpot, &mut HoleMarks)>,
    segments: Query<(Entity, &Segment)>,
) {
    clear_segments(&mut commands, &HighlightKind::SELECTION, &segments);
    let mut wanted = Wanted::of(&HighlightKind::SELECTION);
    if let Some(cursor) = sel.cursor {
        wanted.mark(cursor, HighlightKind::Cursor);
    }
    // A selection is made in the match: with none, there is only the cursor.
    if let Some(game) = game
        && let (Some(from), Some(seat)) = (sel.from, game.to_move())
    {
        wanted.mark(from, HighlightKind::Selected);
        // Without help the player finds the moves alone; where a move may not end is a rule,
        // and stays shown.
        let moves: &[Move] = if settings.show_moves { &sel.moves } else { &[] };
        for m in moves {
            wanted.mark(m.to, HighlightKind::Reachable);
        }
        let end_ok = game.layout().seats[seat].end_ok;
        for h in Hole::all() {
            if !end_ok.has(h.index()) && game.board().owner(h).is_none() {
                wanted.mark(h, HighlightKind::Forbidden);
            }
        }
        if let Some(m) = sel
            .hover
            .and_then(|h| sel.move_to(h))
            .filter(|_| settings.show_moves)
        {
            spawn_path(&mut commands, *root, &m.path, HighlightKind::Path);
            for &h in &m.path[1..m.path.len() - 1] {
                wanted.mark(h, HighlightKind::Path);
            }
        }
    }
    wanted.apply(&mut holes);
}

/// The goal of the person to move, as faint gold rings: shown while a person picks a move,
/// gone on a computer's turn, during animations and off the board screen (menus, replays).
fn show_goal(
    screen: Res<State<Screen>>,
    turn: Option<Res<State<Turn>>>,
    game: Option<Res<CurrentGame>>,
    seats: Seats,
    mut holes: Query<(&HoleSpot, &mut HoleMarks)>,
    mut shown: Local<Option<Option<sternhalma_rules::Bits>>>,
) {
    let picking = turn.is_some_and(|t| matches!(t.get(), Turn::Human | Turn::Confirm));
    let goal = game.and_then(|game| {
        game.to_move()
            .filter(|&s| {
                picking
                    && matches!(screen.get(), Screen::Playing | Screen::Practice)
                    && seats.is_human(s)
            })
            .map(|s| game.layout().seats[s].goal)
    });
    if *shown == Some(goal) {
        return;
    }
    *shown = Some(goal);
    let mut wanted = Wanted::of(&[HighlightKind::Goal]);
    for h in goal.map(holes_of).into_iter().flatten() {
        wanted.mark(h, HighlightKind::Goal);
    }
    wanted.apply(&mut holes);
}

/// The last move of the board shown (the match, or a record being viewed) stays visible as a
/// faint trail until the next one.
fn show_trail(
    mut commands: Commands,
    mut applied: MessageReader<MoveApplied>,
    mut changed: MessageReader<BoardChanged>,
    shown: ShownGame,
    root: Single<Entity, With<BoardRoot>>,
    mut holes: Query<(&HoleSpot, &mut HoleMarks)>,
    segments: Query<(Entity, &Segment)>,
) {
    let moved = applied.read().count() > 0;
    let reset = changed.read().count() > 0;
    if !(moved || reset) {
        return;
    }
    clear_segments(&mut commands, &[HighlightKind::Trail], &segments);
    let mut wanted = Wanted::of(&[HighlightKind::Trail]);
    if let Some(path) = shown.game().and_then(|g| g.last_move()) {
        spawn_path(&mut commands, *root, path, HighlightKind::Trail);
        wanted.mark(path[0], HighlightKind::Trail);
    }
    wanted.apply(&mut holes);
}

fn show_hint(
    mut commands: Commands,
    hint: Res<Hint>,
    root: Single<Entity, With<BoardRoot>>,
    mut holes: Query<(&HoleSpot, &mut HoleMarks)>,
    segments: Query<(Entity, &Segment)>,
) {
    clear_segments(&mut commands, &[HighlightKind::Hint], &segments);
    let mut wanted = Wanted::of(&[HighlightKind::Hint]);
    if let Some(m) = &hint.0 {
        spawn_path(&mut commands, *root, &m.path, HighlightKind::Hint);
        wanted.mark(m.from, HighlightKind::Hint);
        wanted.mark(m.to, HighlightKind::Hint);
    }
    wanted.apply(&mut holes);
}

/// The hole the lesson's step asks the learner to reach, ringed on the board (the chain
/// lesson's far hole): the instruction names it, the ring shows where it is.
fn show_target(lesson: Option<Res<OpenLesson>>, mut holes: Query<(&HoleSpot, &mut HoleMarks)>) {
    let mut wanted = Wanted::of(&[HighlightKind::Target]);
    if let Some(target) = lesson
        .as_ref()
        .and_then(|l| l.practice.step())
        .and_then(|s| s.target())
    {
        wanted.mark(target, HighlightKind::Target);
    }
    wanted.apply(&mut holes);
}

/// A reviewed move on the board: the move played and the engine's better one, each with its
/// path, in colours of their own (the position shown is the one before the move).
fn show_review(
    mut commands: Commands,
    review: Option<Res<GameReview>>,
    root: Single<Entity, With<BoardRoot>>,
    mut holes: Query<(&HoleSpot, &mut HoleMarks)>,
    segments: Query<(Entity, &Segment)>,
) {
    let kinds = [HighlightKind::Played, HighlightKind::Better];
    clear_segments(&mut commands, &kinds, &segments);
    let mut wanted = Wanted::of(&kinds);
    if let Some(m) = review.as_ref().and_then(|r| r.shown()) {
        let better = (m.best.from, m.best.to) != (m.played.from, m.played.to);
        let mut shown = vec![(&m.played, HighlightKind::Played)];
        if better {
            shown.push((&m.best, HighlightKind::Better));
        }
        for (mv, kind) in shown {
            spawn_path(&mut commands, *root, &mv.path, kind);
            wanted.mark(mv.from, kind);
            wanted.mark(mv.to, kind);
        }
    }
    wanted.apply(&mut holes);
}
