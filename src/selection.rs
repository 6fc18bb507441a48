//! Picking a move: pointer and keyboard input become a selected marble, its lit destinations
//! (exactly the engine's `Game::moves_from`), a previewed jump path, and finally a
//! [`MoveRequest`]. Also draws the other board markers as [`Highlight`] and [`Segment`]
//! entities: the mover's goal in gold, the last move's trail and the computer's hint.

use crate::ai::Hint;
use crate::board::{
    BoardRoot, BoardView, CurrentGame, CurrentMatch, MARBLE_Z, Marble, SPACING, hole_near,
    hole_position,
};
use crate::config::Settings;
use crate::input::{NavInput, PointerInput};
use crate::play::{BoardChanged, Command, MoveApplied, MoveRequest, Notice};
use crate::state::{AppSystems, Pause, Screen, Turn};
use bevy::prelude::*;
use sternhalma_rules::game::holes;
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
}

impl HighlightKind {
    /// Markers that belong to the current selection and are rebuilt with it.
    const SELECTION: [HighlightKind; 5] = [
        HighlightKind::Selected,
        HighlightKind::Reachable,
        HighlightKind::Forbidden,
        HighlightKind::Path,
        HighlightKind::Cursor,
    ];
}

/// A marker on one hole.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Highlight {
    /// Where.
    pub hole: Hole,
    /// What it means.
    pub kind: HighlightKind,
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
        .add_systems(
            Update,
            (
                drop_selection.run_if(on_message::<BoardChanged>),
                show_selection
                    .run_if(resource_changed::<Selection>.or_else(resource_changed::<Settings>)),
                show_goal,
                show_trail,
                show_hint.run_if(resource_changed::<Hint>),
            )
                .chain()
                .in_set(HighlightSystems)
                .in_set(AppSystems::Present)
                .run_if(resource_exists::<CurrentGame>),
        );
}

/// The seat to move, if a person plays it.
fn human_to_move(game: &CurrentGame, current: &CurrentMatch) -> Option<usize> {
    game.to_move().filter(|&s| current.seats[s].is_human())
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
    current: Option<Res<CurrentMatch>>,
    view: Res<BoardView>,
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
    let (Some(game), Some(current)) = (game, current) else {
        return;
    };
    if turn.is_none_or(|t| *t.get() != Turn::Human) || *pause.get() == Pause::Paused {
        return;
    }
    let Some(seat) = human_to_move(&game, &current) else {
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
                let Some(hole) = hole_near(local, geometry.pick_radius()) else {
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
                let hover = hole_near(local, geometry.pick_radius());
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
                let hole = hole_near(view.world_to_board(w), geometry.pick_radius());
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
    current: Option<Res<CurrentMatch>>,
    view: Res<BoardView>,
    mut sel: ResMut<Selection>,
    mut requests: MessageWriter<MoveRequest>,
    mut commands: MessageWriter<Command>,
    mut back: MessageWriter<GoBack>,
) {
    let turn = turn.map(|t| *t.get());
    let paused = *pause.get() == Pause::Paused;
    for key in keys.read().copied() {
        let seat = match (&game, &current) {
            (Some(g), Some(c)) if turn == Some(Turn::Human) && !paused => human_to_move(g, c),
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
                    holes(game.board().marbles(seat))
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

fn clear_kinds(
    commands: &mut Commands,
    kinds: &[HighlightKind],
    marks: &Query<(Entity, &Highlight)>,
    segments: &Query<(Entity, &Segment)>,
) {
    for (e, h) in marks {
        if kinds.contains(&h.kind) {
            commands.entity(e).despawn();
        }
    }
    for (e, s) in segments {
        if kinds.contains(&s.kind) {
            commands.entity(e).despawn();
        }
    }
}

fn spawn_mark(commands: &mut Commands, root: Entity, hole: Hole, kind: HighlightKind) {
    commands.spawn((
        Highlight { hole, kind },
        Transform::from_translation(hole_position(hole).extend(z_of(kind))),
        Visibility::default(),
        ChildOf(root),
    ));
}

fn spawn_path(commands: &mut Commands, root: Entity, path: &[Hole], kind: HighlightKind) {
    for w in path.windows(2) {
        let (a, b) = (hole_position(w[0]), hole_position(w[1]));
        let mid = (a + b) / 2.0;
        commands.spawn((
            Segment {
                from: w[0],
                to: w[1],
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
fn z_of(kind: HighlightKind) -> f32 {
    match kind {
        HighlightKind::Goal => 2.0,
        HighlightKind::Trail => 2.5,
        HighlightKind::Forbidden => 3.0,
        HighlightKind::Reachable => 3.5,
        HighlightKind::Hint => 3.8,
        HighlightKind::Path => 4.0,
        HighlightKind::Selected => 4.5,
        HighlightKind::Cursor => MARBLE_Z + 1.0,
    }
}

fn show_selection(
    mut commands: Commands,
    sel: Res<Selection>,
    settings: Res<Settings>,
    game: Res<CurrentGame>,
    root: Single<Entity, With<BoardRoot>>,
    marks: Query<(Entity, &Highlight)>,
    segments: Query<(Entity, &Segment)>,
) {
    clear_kinds(&mut commands, &HighlightKind::SELECTION, &marks, &segments);
    let root = *root;
    if let Some(cursor) = sel.cursor {
        spawn_mark(&mut commands, root, cursor, HighlightKind::Cursor);
    }
    let (Some(from), Some(seat)) = (sel.from, game.to_move()) else {
        return;
    };
    spawn_mark(&mut commands, root, from, HighlightKind::Selected);
    // Without help the player finds the moves alone; where a move may not end is a rule, and
    // stays shown.
    let moves: &[Move] = if settings.show_moves { &sel.moves } else { &[] };
    for m in moves {
        spawn_mark(&mut commands, root, m.to, HighlightKind::Reachable);
    }
    let end_ok = game.layout().seats[seat].end_ok;
    for h in Hole::all() {
        if !end_ok.has(h.index()) && game.board().owner(h).is_none() {
            spawn_mark(&mut commands, root, h, HighlightKind::Forbidden);
        }
    }
    if let Some(m) = sel
        .hover
        .and_then(|h| sel.move_to(h))
        .filter(|_| settings.show_moves)
    {
        spawn_path(&mut commands, root, &m.path, HighlightKind::Path);
        for &h in &m.path[1..m.path.len() - 1] {
            spawn_mark(&mut commands, root, h, HighlightKind::Path);
        }
    }
}

/// The goal of the person to move, as faint gold rings: shown while a person picks a move,
/// gone on a computer's turn, during animations and off the board screen (menus, replays).
fn show_goal(
    mut commands: Commands,
    screen: Res<State<Screen>>,
    turn: Option<Res<State<Turn>>>,
    game: Res<CurrentGame>,
    current: Res<CurrentMatch>,
    root: Single<Entity, With<BoardRoot>>,
    marks: Query<(Entity, &Highlight)>,
    segments: Query<(Entity, &Segment)>,
    mut shown: Local<Option<sternhalma_rules::Bits>>,
) {
    let picking = turn.is_some_and(|t| matches!(t.get(), Turn::Human | Turn::Confirm));
    let wanted = game
        .to_move()
        .filter(|&s| picking && *screen.get() == Screen::Playing && current.seats[s].is_human())
        .map(|s| game.layout().seats[s].goal);
    if *shown == wanted {
        return;
    }
    *shown = wanted;
    clear_kinds(&mut commands, &[HighlightKind::Goal], &marks, &segments);
    for h in wanted.map(holes).into_iter().flatten() {
        spawn_mark(&mut commands, *root, h, HighlightKind::Goal);
    }
}

/// The last move stays visible as a faint trail until the next one.
fn show_trail(
    mut commands: Commands,
    mut applied: MessageReader<MoveApplied>,
    mut changed: MessageReader<BoardChanged>,
    game: Res<CurrentGame>,
    root: Single<Entity, With<BoardRoot>>,
    marks: Query<(Entity, &Highlight)>,
    segments: Query<(Entity, &Segment)>,
) {
    let moved = applied.read().count() > 0;
    let reset = changed.read().count() > 0;
    if !(moved || reset) {
        return;
    }
    clear_kinds(&mut commands, &[HighlightKind::Trail], &marks, &segments);
    if let Some(path) = game.last_move() {
        spawn_path(&mut commands, *root, path, HighlightKind::Trail);
        spawn_mark(&mut commands, *root, path[0], HighlightKind::Trail);
    }
}

fn show_hint(
    mut commands: Commands,
    hint: Res<Hint>,
    root: Single<Entity, With<BoardRoot>>,
    marks: Query<(Entity, &Highlight)>,
    segments: Query<(Entity, &Segment)>,
) {
    clear_kinds(&mut commands, &[HighlightKind::Hint], &marks, &segments);
    if let Some(m) = &hint.0 {
        spawn_path(&mut commands, *root, &m.path, HighlightKind::Hint);
        spawn_mark(&mut commands, *root, m.from, HighlightKind::Hint);
        spawn_mark(&mut commands, *root, m.to, HighlightKind::Hint);
    }
}
