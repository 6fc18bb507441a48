//! A learned evaluation (issue 19): the number of its own moves a seat still needs to finish,
//! fitted by ridge regression to self-play games (`sternhalma-cli train`) over features
//! richer than a marble's distance: stragglers, others' marbles in its goal, blocked marbles,
//! ladders and the crowd ahead, and (`train --holes`) a correction per hole for where across
//! the board a marble runs. The fitted weights ship as small text files under
//! `rules/assets/` read with `include_str!`, so play does no I/O. Used by the hard and expert
//! levels with `--a-eval learned=1` and three or more sides without teams, and by default by
//! the expert at a table of three (`three_learned`, issue 19's eighteenth round).

use super::evaluation::{Ctx, SeatEval};
use super::{Budget, Level, choose_move};
use crate::bitboard::Bits;
use crate::board::{Hole, VALID};
use crate::game::{Game, Standing};
use crate::position::Board;
#[cfg(test)]
use crate::position::Layout;
use crate::rules::{AfterFinish, RuleSet, Setup};
use std::sync::OnceLock;

/// A marble's distance is read as the steps it has beyond 0, 1, ... `STEPS - 1`: the cost of
/// each further step is a weight of its own, and the ridge's shrinking keeps neighbouring
/// steps' costs close (a smooth cost per distance, where one count per distance came out
/// jagged).
const STEPS: usize = 16;

/// Hole costs by distance, 0 to `STEPS` (farther holes cost as `STEPS`).
const BUCKETS: usize = STEPS + 1;

/// The features' names, in the order of [`features`] and of the weights files.
pub const NAMES: [&str; NAMED] = [
    "intercept",
    "beyond0",
    "beyond1",
    "beyond2",
    "beyond3",
    "beyond4",
    "beyond5",
    "beyond6",
    "beyond7",
    "beyond8",
    "beyond9",
    "beyond10",
    "beyond11",
    "beyond12",
    "beyond13",
    "beyond14",
    "beyond15",
    "max_distance",
    "farthest_3",
    "at_home",
    "others_in_goal",
    "others_stuck_in_goal",
    "blocked",
    "ladders",
    "others_ahead",
    "distance_x_crowd",
    "forward_moves",
];

/// The features named in [`NAMES`]; the per-hole ones follow.
const NAMED: usize = 27;

/// Holes up to the mirror through a seat's line from home to goal: each is a feature of its
/// own (the marbles standing there), a correction to the per-distance costs for where across
/// the board a marble runs.
pub const HOLE_CLASSES: usize = 65;

/// How many features a seat has.
pub const FEATURES: usize = NAMED + HOLE_CLASSES;

/// The ridge on the per-hole corrections, as a fraction of the other features' ridge.
const HOLE_RIDGE: f64 = 0.05;

/// The mirror classes' keys, (twice the distance from the line, rows from the home's tip),
/// sorted: a class's index is its key's position.
fn class_keys() -> &'static [(i32, i32)] {
    static KEYS: OnceLock<Vec<(i32, i32)>> = OnceLock::new();
    KEYS.get_or_init(|| {
        let mut keys: Vec<(i32, i32)> = Hole::all()
            .map(|h| {
                let (q, r) = h.in_frame_of(crate::board::Point::ALL[0]);
                ((2 * q + r).abs(), r + 8)
            })
            .collect();
        keys.sort_unstable();
        keys.dedup();
        keys
    })
}

/// Each hole's mirror class in the frame of a seat whose home is at `point` (`u8::MAX` off
/// the board), worked out once per point: every context built for a move reads it.
pub(crate) fn hole_classes(point: crate::board::Point) -> &'static [u8; 256] {
    static CLASSES: OnceLock<[[u8; 256]; 6]> = OnceLock::new();
    let classes = CLASSES.get_or_init(|| {
        let keys = class_keys();
        crate::board::Point::ALL.map(|point| {
            let mut out = [u8::MAX; 256];
            for h in Hole::all() {
                let (q, r) = h.in_frame_of(point);
                if let Ok(i) = keys.binary_search(&((2 * q + r).abs(), r + 8)) {
                    out[h.index() as usize] = i as u8;
                }
            }
            out
        })
    });
    &classes[point.index()]
}

/// Feature `i`'s name in the weights files.
pub fn feature_name(i: usize) -> String {
    match NAMES.get(i) {
        Some(n) => (*n).to_string(),
        None => {
            let (x, r) = class_keys()[i - NAMED];
            format!("hole_x{x}_r{r}")
        }
    }
}

/// The first feature after the per-distance counts: the rest are [`Extras`].
const FIRST_EXTRA: usize = 1 + STEPS;

/// Eval units per move: the search adds learned costs to gains read from the same table.
pub(crate) const SCALE: f64 = 64.0;

/// The features that are not a marble's own distance, counted from whole boards.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
struct Extras {
    max_distance: i32,
    farthest_3: i32,
    at_home: i32,
    others_in_goal: i32,
    others_stuck_in_goal: i32,
    blocked: i32,
    ladders: i32,
    others_ahead: i32,
    /// Sum of the seat's distances times the other marbles near its goal, over 100: the crowd
    /// costs more while far.
    distance_x_crowd_100: i32,
    forward_moves: i32,
}

impl Extras {
    fn values(&self) -> [f64; NAMED - FIRST_EXTRA] {
        [
            self.max_distance as f64,
            self.farthest_3 as f64,
            self.at_home as f64,
            self.others_in_goal as f64,
            self.others_stuck_in_goal as f64,
            self.blocked as f64,
            self.ladders as f64,
            self.others_ahead as f64,
            self.distance_x_crowd_100 as f64 / 100.0,
            self.forward_moves as f64,
        ]
    }
}

/// The extras of `seat` on `board`.
fn extras(board: &Board, seat: usize, e: &SeatEval) -> Extras {
    let own = board.marbles(seat);
    let occ = board.occupied();
    let empty = VALID & !occ;
    let others = occ & !own;
    let (mut max_distance, mut top) = (0, [0i32; 3]);
    let mut sum = 0;
    for h in own.iter() {
        let d = e.tip[h as usize] as i32;
        sum += d;
        max_distance = max_distance.max(d);
        if d > top[2] {
            top[2] = d;
            top.sort_unstable_by(|a, b| b.cmp(a));
        }
    }
    let in_goal = others & e.goal;
    let outside = own & !e.goal;
    // Per direction, three shifts serve every count: whether a marble can step or jump at
    // all (others' marbles stuck in the goal), and forward (own blocked marbles, ladders).
    let (mut can_move, mut can_go) = (Bits::EMPTY, Bits::EMPTY);
    let (mut forward_moves, mut ladders) = (0, 0);
    macro_rules! dir {
        ($i:expr, $k:expr) => {{
            let step = empty.shift::<{ -$k }>();
            let jump = occ.shift::<{ -$k }>() & empty.shift::<{ -2 * $k }>();
            can_move |= step | jump;
            let ladder = outside & e.forward[$i] & jump;
            let go = (outside & e.step_forward[$i] & step) | ladder;
            ladders += ladder.count() as i32;
            forward_moves += go.count() as i32;
            can_go |= go;
        }};
    }
    crate::movegen::each_direction!(dir);
    let near = (others & e.near_goal).count() as i32;
    Extras {
        max_distance,
        farthest_3: top.iter().sum(),
        at_home: (own & e.start_area).count() as i32,
        others_in_goal: in_goal.count() as i32,
        others_stuck_in_goal: (in_goal & !can_move).count() as i32,
        blocked: (outside & !can_go).count() as i32,
        ladders,
        others_ahead: (others & e.near_goal & !e.goal).count() as i32,
        distance_x_crowd_100: sum * near,
        forward_moves,
    }
}

/// A seat's features on `board`, in the order of [`NAMES`].
pub(crate) fn features(board: &Board, seat: usize, e: &SeatEval) -> [f64; FEATURES] {
    let mut f = [0.0; FEATURES];
    f[0] = 1.0;
    for h in board.marbles(seat).iter() {
        for x in f[1..]
            .iter_mut()
            .take((e.tip[h as usize] as usize).min(STEPS))
        {
            *x += 1.0;
        }
    }
    f[FIRST_EXTRA..NAMED].copy_from_slice(&extras(board, seat, e).values());
    for h in board.marbles(seat).iter() {
        if let Some(x) = f.get_mut(NAMED + e.class[h as usize] as usize) {
            *x += 1.0;
        }
    }
    f
}

/// A fitted model: one weight per feature, in moves.
#[derive(Clone, Debug, PartialEq)]
pub struct Model {
    /// Players at the table the model was fitted for.
    pub players: u8,
    /// The weights, in the order of [`NAMES`].
    pub weights: [f64; FEATURES],
}

impl Model {
    /// The model as the text the weights files hold: `name value` lines after `players N`.
    pub fn to_text(&self, comment: &str) -> String {
        let mut s = String::new();
        for line in comment.lines() {
            s += &format!("# {line}\n");
        }
        s += &format!("players {}\n", self.players);
        for (i, w) in self.weights.iter().enumerate() {
            // Per-hole corrections of 0 are left out, so older files read the same.
            if i < NAMED || *w != 0.0 {
                s += &format!("{} {w:.6}\n", feature_name(i));
            }
        }
        s
    }

    /// Reads [`Model::to_text`]'s text; every feature must be named once.
    pub fn from_text(text: &str) -> Result<Model, String> {
        let mut players = None;
        let mut weights = [None; FEATURES];
        for line in text.lines().map(str::trim) {
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let (name, value) = line
                .split_once(' ')
                .ok_or_else(|| format!("'{line}' is not 'name value'"))?;
            let value = value.trim();
            if name == "players" {
                players = Some(
                    value
                        .parse::<u8>()
                        .ok()
                        .filter(|p| (2..=6).contains(p))
                        .ok_or_else(|| format!("players '{value}' is not 2 to 6"))?,
                );
                continue;
            }
            let i = (0..FEATURES)
                .find(|&i| feature_name(i) == name)
                .ok_or_else(|| format!("unknown feature '{name}'"))?;
            let w: f64 = value
                .parse()
                .ok()
                .filter(|w: &f64| w.is_finite() && w.abs() < 1e4)
                .ok_or_else(|| format!("{name}: '{value}' is not a weight"))?;
            if weights[i].replace(w).is_some() {
                return Err(format!("{name} given twice"));
            }
        }
        let players = players.ok_or("no 'players' line")?;
        let mut out = [0.0; FEATURES];
        for (i, w) in weights.iter().enumerate().take(NAMED) {
            out[i] = w.ok_or_else(|| format!("{} missing", NAMES[i]))?;
        }
        for (o, w) in out.iter_mut().zip(&weights).skip(NAMED) {
            *o = w.unwrap_or(0.0);
        }
        Ok(Model {
            players,
            weights: out,
        })
    }

    /// Predicted moves still needed.
    pub fn predict(&self, f: &[f64; FEATURES]) -> f64 {
        self.weights.iter().zip(f).map(|(w, x)| w * x).sum()
    }
}

/// The shipped weights files, by players.
const SHIPPED: [(u8, &str); 3] = [
    (3, include_str!("../../assets/eval-3p.txt")),
    (4, include_str!("../../assets/eval-4p.txt")),
    (6, include_str!("../../assets/eval-6p.txt")),
];

/// The shipped model for a table of `players`, if there is one.
pub fn shipped(players: u8) -> Option<&'static Model> {
    static MODELS: OnceLock<Vec<Model>> = OnceLock::new();
    MODELS
        .get_or_init(|| {
            SHIPPED
                .iter()
                .filter_map(|(_, text)| Model::from_text(text).ok())
                .collect()
        })
        .iter()
        .find(|m| m.players == players)
}

/// The model in the search's integer units: what [`Ctx::cost`] adds for the extras.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Learned {
    extra: [i32; NAMED - FIRST_EXTRA],
    /// Each mirror class's correction to the per-distance costs, in eval units.
    holes: [i32; HOLE_CLASSES],
}

impl Learned {
    /// Each hole's cost by its distance, and the extras' weights, in eval units.
    pub fn new(model: &Model) -> (Learned, [i32; BUCKETS]) {
        let r = |w: f64| (w * SCALE).round() as i32;
        let mut buckets = [0; BUCKETS];
        let mut sum = 0.0;
        for (d, b) in buckets.iter_mut().enumerate().skip(1) {
            sum += model.weights[d];
            *b = r(sum);
        }
        let mut extra = [0; NAMED - FIRST_EXTRA];
        for (x, w) in extra.iter_mut().zip(&model.weights[FIRST_EXTRA..NAMED]) {
            *x = r(*w);
        }
        let holes = std::array::from_fn(|i| r(model.weights[NAMED + i]));
        (Learned { extra, holes }, buckets)
    }

    /// The extras' cost of `seat` on `board`, in eval units.
    #[inline]
    pub fn cost(&self, board: &Board, seat: usize, e: &SeatEval) -> i32 {
        let x = extras(board, seat, e);
        let v = [
            x.max_distance,
            x.farthest_3,
            x.at_home,
            x.others_in_goal,
            x.others_stuck_in_goal,
            x.blocked,
            x.ladders,
            x.others_ahead,
            0,
            x.forward_moves,
        ];
        let mut c: i32 = self.extra.iter().zip(v).map(|(w, v)| w * v).sum();
        c += self.extra[8] * x.distance_x_crowd_100 / 100;
        c
    }

    /// A hole's cost at distance `d`.
    pub fn hole_value(buckets: &[i32; BUCKETS], d: u8) -> i32 {
        buckets[(d as usize).min(BUCKETS - 1)]
    }
}

/// One recorded position of one seat: its features, the moves it still needed, its game,
/// and the seat's next recorded position (for the fit one move later, [`Target::Next`]).
#[derive(Clone, Debug)]
pub struct Row {
    /// The seat's features.
    pub features: [f64; FEATURES],
    /// The moves it still made before finishing.
    pub moves_left: f64,
    /// Which game the row comes from (held-out games are whole).
    pub game: usize,
    /// The seat's features at its next recorded position; `None` once it has finished.
    pub next: Option<[f64; FEATURES]>,
    /// The moves it made between this position and the next (or its finish).
    pub step: f64,
}

/// What a position's value is fitted to.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Target {
    /// The moves the seat still made to the end of its game (Monte Carlo).
    #[default]
    End,
    /// The moves it made until its next recorded position plus the model's own value there
    /// (least-squares temporal differences, LSTD(0)): the fit makes consecutive positions
    /// agree, which is what a search comparing one move's results reads.
    Next,
}

impl std::str::FromStr for Target {
    type Err = String;
    fn from_str(s: &str) -> Result<Target, String> {
        match s {
            "end" => Ok(Target::End),
            "next" => Ok(Target::Next),
            _ => Err(format!("target '{s}' is not 'end' or 'next'")),
        }
    }
}

impl std::fmt::Display for Target {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Target::End => "end",
            Target::Next => "next",
        })
    }
}

/// The casual rules made to play on after the first finish, so that every seat but the last
/// finishes and has a count of moves still needed.
pub fn play_on_rules() -> RuleSet {
    let mut rules = RuleSet::preset("casual").expect("the casual preset loads");
    rules.after_first_finish = AfterFinish::PlayOn;
    rules
}

/// Self-play games of `level` in every seat, under [`play_on_rules`], game `g` from
/// `openings[g % openings.len()]` plies of random forward moves
/// ([`super::play_random_opening`]; 0 or an empty list: from the start), so that `[0, 6]`
/// mixes both kinds of start: every other position after the opening, one row per seat
/// still playing that went on to finish. The same arguments give the same rows.
pub fn self_play(
    players: u8,
    games: usize,
    seed: u64,
    level: Level,
    openings: &[usize],
) -> Result<Vec<Row>, String> {
    let rules = play_on_rules();
    let setup = Setup::for_rules(&rules, Some(players), None).map_err(|e| e.to_string())?;
    let base = Game::new(setup, rules).map_err(|e| e.to_string())?;
    let n = players as usize;
    let mut rows = Vec::new();
    for g in 0..games {
        let mut game = base.clone();
        let evals: Vec<SeatEval> = (0..n)
            .map(|s| Ctx::seat_eval(game.layout(), s, &Default::default()))
            .collect();
        // (seat, features, moves made then)
        let mut seen: Vec<(usize, [f64; FEATURES], u16)> = Vec::new();
        let mut ply = 0u64;
        let game_seed = seed.wrapping_mul(0x9E37_79B9).wrapping_add(g as u64 * 7919);
        let plies = openings
            .get(g % openings.len().max(1))
            .copied()
            .unwrap_or(0);
        super::play_random_opening(&mut game, plies, game_seed ^ 0x5EED_0FE4);
        while game.to_move().is_some() {
            if ply.is_multiple_of(2) {
                for (s, e) in evals.iter().enumerate() {
                    if game.standing(s) == Standing::Playing {
                        seen.push((s, features(game.board(), s, e), game.moves_made(s)));
                    }
                }
            }
            let Some(m) = choose_move(
                &game,
                level,
                game_seed.wrapping_add(ply),
                &Budget::unlimited(),
            ) else {
                break;
            };
            if game.play(&m.path).is_err() {
                break;
            }
            ply += 1;
        }
        for s in (0..n).filter(|&s| game.standing(s) == Standing::Finished) {
            let own: Vec<([f64; FEATURES], u16)> = seen
                .iter()
                .filter(|(seat, ..)| *seat == s)
                .map(|&(_, f, made)| (f, made))
                .collect();
            let total = game.moves_made(s);
            for (i, &(features, made)) in own.iter().enumerate() {
                let (next, then) = match own.get(i + 1) {
                    Some(&(f, m)) => (Some(f), m),
                    None => (None, total),
                };
                rows.push(Row {
                    features,
                    moves_left: f64::from(total - made),
                    game: g,
                    next,
                    step: f64::from(then - made),
                });
            }
        }
    }
    Ok(rows)
}

/// Ridge regression by the normal equations, `(XᵀX + λ·n·I) w = Xᵀy`, the intercept (the
/// first feature) not shrunk. `None` if the system is singular.
pub fn fit(rows: &[&Row], lambda: f64) -> Option<[f64; FEATURES]> {
    fit_to(rows, lambda, Target::End)
}

/// LSTD(0) with ridge: the weights `w` with `Σ φ (φ - φ')ᵀ w = Σ φ r` (φ a row's features,
/// φ' its next position's, zero once finished, r the moves between), plus `λ·n` on the
/// diagonal but for the intercept. `None` if the system is singular.
pub fn fit_next(rows: &[&Row], lambda: f64) -> Option<[f64; FEATURES]> {
    fit_to(rows, lambda, Target::Next)
}

/// Both fits as one system `Σ φ (φ - φ')ᵀ w = Σ φ r`: to the end, φ' is zero and r the
/// moves still made, which is the normal equations of least squares.
fn fit_to(rows: &[&Row], lambda: f64, target: Target) -> Option<[f64; FEATURES]> {
    let mut a = [[0.0f64; FEATURES]; FEATURES];
    let mut b = [0.0f64; FEATURES];
    for r in rows {
        let (next, reward) = match target {
            Target::End => ([0.0; FEATURES], r.moves_left),
            Target::Next => (r.next.unwrap_or([0.0; FEATURES]), r.step),
        };
        for ((row, bi), &fi) in a.iter_mut().zip(b.iter_mut()).zip(&r.features) {
            *bi += fi * reward;
            for ((x, &fj), &nj) in row.iter_mut().zip(&r.features).zip(&next) {
                *x += fi * (fj - nj);
            }
        }
    }
    for (i, row) in a.iter_mut().enumerate().skip(1) {
        let ridge = if i < NAMED {
            lambda
        } else {
            lambda * HOLE_RIDGE
        };
        row[i] += ridge * rows.len() as f64;
    }
    solve(a, b)
}

/// Gaussian elimination with partial pivoting.
fn solve(mut a: [[f64; FEATURES]; FEATURES], mut b: [f64; FEATURES]) -> Option<[f64; FEATURES]> {
    for col in 0..FEATURES {
        let p = (col..FEATURES).max_by(|&i, &j| a[i][col].abs().total_cmp(&a[j][col].abs()))?;
        if a[p][col].abs() < 1e-12 {
            return None;
        }
        a.swap(col, p);
        b.swap(col, p);
        for r in col + 1..FEATURES {
            let k = a[r][col] / a[col][col];
            if k != 0.0 {
                let pivot = a[col];
                for (x, p) in a[r].iter_mut().zip(pivot).skip(col) {
                    *x -= k * p;
                }
                b[r] -= k * b[col];
            }
        }
    }
    let mut x = [0.0; FEATURES];
    for r in (0..FEATURES).rev() {
        let s: f64 = (r + 1..FEATURES).map(|c| a[r][c] * x[c]).sum();
        x[r] = (b[r] - s) / a[r][r];
    }
    Some(x)
}

/// The share of the targets' variance the model explains on `rows`.
pub fn r_squared(model: &Model, rows: &[&Row]) -> f64 {
    if rows.is_empty() {
        return 0.0;
    }
    let mean = rows.iter().map(|r| r.moves_left).sum::<f64>() / rows.len() as f64;
    let (mut res, mut tot) = (0.0, 0.0);
    for r in rows {
        res += (r.moves_left - model.predict(&r.features)).powi(2);
        tot += (r.moves_left - mean).powi(2);
    }
    if tot == 0.0 { 0.0 } else { 1.0 - res / tot }
}

/// The ridge `sternhalma-cli train` uses unless told: enough to keep neighbouring steps'
/// costs close, little against the data (R² on held-out games moves by under 0.01).
pub const RIDGE: f64 = 1.0;

/// What `train` found: the model and how well it fits.
#[derive(Clone, Debug)]
pub struct Trained {
    /// The fitted model.
    pub model: Model,
    /// R² on the games it was fitted to.
    pub r2_fit: f64,
    /// R² on the held-out games (every fifth game).
    pub r2_held: f64,
    /// Rows fitted and held out.
    pub rows: (usize, usize),
}

/// Plays [`self_play`] games (from `openings` random plies, in turn) and fits a model to
/// four fifths of them (ridge `ridge` per row, to `target`), holding every fifth game out to
/// measure it (R² against the moves still made, whatever the target). Without `holes` the
/// per-hole features are left out (their weights are 0), as the shipped models were fitted.
#[allow(clippy::too_many_arguments)]
pub fn train(
    players: u8,
    games: usize,
    seed: u64,
    level: Level,
    ridge: f64,
    target: Target,
    openings: &[usize],
    holes: bool,
) -> Result<Trained, String> {
    let mut rows = self_play(players, games, seed, level, openings)?;
    if !holes {
        for r in &mut rows {
            r.features[NAMED..].fill(0.0);
            if let Some(next) = &mut r.next {
                next[NAMED..].fill(0.0);
            }
        }
    }
    let (held, fitted): (Vec<&Row>, Vec<&Row>) = rows.iter().partition(|r| r.game % 5 == 4);
    if fitted.is_empty() {
        return Err("no finished seats to fit: play more games".into());
    }
    let weights =
        fit_to(&fitted, ridge, target).ok_or("the features are degenerate: play more games")?;
    let model = Model { players, weights };
    Ok(Trained {
        r2_fit: r_squared(&model, &fitted),
        r2_held: r_squared(&model, &held),
        rows: (fitted.len(), held.len()),
        model,
    })
}

/// Holes whose distance to the tip is at most `d`.
pub(crate) fn within(tip: &[u8; 256], d: u8) -> Bits {
    Hole::all()
        .filter(|h| tip[h.index() as usize] <= d)
        .map(|h| h.index())
        .collect()
}

/// Sets `e`'s hole costs to the model's per-distance weights and per-hole corrections.
pub(crate) fn apply(e: &mut SeatEval, buckets: &[i32; BUCKETS], l: &Learned) {
    let value = std::array::from_fn(|h| {
        Learned::hole_value(buckets, e.tip[h])
            + l.holes.get(e.class[h] as usize).copied().unwrap_or(0)
    });
    e.set_values(value);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::zobrist::splitmix;

    /// Random weights from -10 to 10, drawn from `r`.
    fn random_weights(r: &mut u64) -> [f64; FEATURES] {
        let mut w = [0.0; FEATURES];
        for x in w.iter_mut() {
            *r = splitmix(*r);
            *x = (*r % 2000) as f64 / 100.0 - 10.0;
        }
        w
    }

    /// Random features from 0 to 20 after an intercept of 1, drawn from `r`.
    fn random_features(r: &mut u64) -> [f64; FEATURES] {
        let mut f = [1.0; FEATURES];
        for x in f.iter_mut().skip(1) {
            *r = splitmix(*r);
            *x = (*r % 1000) as f64 / 50.0;
        }
        f
    }

    /// On synthetic rows made from known weights, the fit gives those weights back.
    #[test]
    fn the_fit_recovers_known_weights() {
        let mut r = 5u64;
        let truth = random_weights(&mut r);
        let rows: Vec<Row> = (0..2000)
            .map(|g| {
                let f = random_features(&mut r);
                Row {
                    moves_left: truth.iter().zip(&f).map(|(w, x)| w * x).sum(),
                    features: f,
                    game: g,
                    next: None,
                    step: 0.0,
                }
            })
            .collect();
        let refs: Vec<&Row> = rows.iter().collect();
        let w = fit(&refs, 0.0).unwrap();
        for (got, want) in w.iter().zip(truth) {
            assert!((got - want).abs() < 1e-6, "{got} vs {want}");
        }
        let model = Model {
            players: 6,
            weights: w,
        };
        assert!(r_squared(&model, &refs) > 0.999_999);
    }

    /// On synthetic games whose moves between positions are exactly the drop in a known
    /// linear value (and the whole value at the last position), the fit one move later
    /// gives those weights back; the end-of-game fit of the same rows agrees.
    #[test]
    fn the_next_move_fit_recovers_known_values() {
        let mut r = 11u64;
        let truth = random_weights(&mut r);
        let value = |f: &[f64; FEATURES]| truth.iter().zip(f).map(|(w, x)| w * x).sum::<f64>();
        let mut rows = Vec::new();
        for g in 0..300 {
            let chain: Vec<[f64; FEATURES]> = (0..8).map(|_| random_features(&mut r)).collect();
            for (i, f) in chain.iter().enumerate() {
                let next = chain.get(i + 1).copied();
                rows.push(Row {
                    features: *f,
                    moves_left: value(f),
                    game: g,
                    next,
                    step: value(f) - next.map_or(0.0, |n| value(&n)),
                });
            }
        }
        let refs: Vec<&Row> = rows.iter().collect();
        for w in [fit_next(&refs, 0.0).unwrap(), fit(&refs, 0.0).unwrap()] {
            for (got, want) in w.iter().zip(truth) {
                assert!((got - want).abs() < 1e-6, "{got} vs {want}");
            }
        }
        // Steps that do not add up to a linear value give other weights than the end's.
        for row in rows.iter_mut() {
            row.step += 1.0;
        }
        let refs: Vec<&Row> = rows.iter().collect();
        assert_ne!(fit_next(&refs, 0.0).unwrap(), fit(&refs, 0.0).unwrap());
    }

    /// A small training run gives the same model twice, and a model survives its own text.
    #[test]
    fn training_is_deterministic_for_a_seed() {
        let a = train(3, 5, 9, Level::Easy, RIDGE, Target::End, &[], false).unwrap();
        let b = train(3, 5, 9, Level::Easy, RIDGE, Target::End, &[], false).unwrap();
        assert_eq!(a.model, b.model);
        assert_eq!(a.rows, b.rows);
        assert!(a.rows.0 > 100, "{:?}", a.rows);
        let text = a.model.to_text("test");
        let back = Model::from_text(&text).unwrap();
        for (x, y) in back.weights.iter().zip(a.model.weights) {
            assert!((x - y).abs() < 1e-5);
        }
    }

    /// Self-play from random openings records other positions than from the start, the
    /// same ones for the same arguments.
    #[test]
    fn self_play_from_openings_starts_elsewhere() {
        let from_start = self_play(3, 2, 9, Level::Easy, &[]).unwrap();
        let opened = self_play(3, 2, 9, Level::Easy, &[6]).unwrap();
        let again = self_play(3, 2, 9, Level::Easy, &[6]).unwrap();
        assert_eq!(opened.len(), again.len());
        assert!(
            opened
                .iter()
                .zip(&again)
                .all(|(x, y)| x.features == y.features)
        );
        let setup = Setup::for_rules(&play_on_rules(), Some(3), None).unwrap();
        let start = Game::new(setup, play_on_rules()).unwrap();
        let at_start: Vec<[f64; FEATURES]> = (0..3)
            .map(|s| {
                features(
                    start.board(),
                    s,
                    &Ctx::seat_eval(start.layout(), s, &Default::default()),
                )
            })
            .collect();
        // Each game's first row is its first finished seat's first recorded position: the
        // starting position, or after six plies (two moves a seat forward) another.
        for g in 0..2 {
            let first = |rows: &[Row]| rows.iter().find(|r| r.game == g).unwrap().features;
            assert!(at_start.contains(&first(&from_start)), "game {g}");
            assert!(!at_start.contains(&first(&opened)), "game {g}");
        }
        // A list takes its openings in turn: game 0 as from the start, game 1 as opened.
        let mixed = self_play(3, 2, 9, Level::Easy, &[0, 6]).unwrap();
        let game = |rows: &[Row], g: usize| -> Vec<[f64; FEATURES]> {
            rows.iter()
                .filter(|r| r.game == g)
                .map(|r| r.features)
                .collect()
        };
        assert_eq!(game(&mixed, 0), game(&from_start, 0));
        assert_eq!(game(&mixed, 1), game(&opened, 1));
        assert_ne!(game(&mixed, 1), game(&from_start, 1));
    }

    /// Every shipped weights file parses, for its own table size, and bad text is refused.
    #[test]
    fn shipped_weights_parse_and_bad_text_is_refused() {
        for (players, text) in SHIPPED {
            let m = Model::from_text(text).unwrap();
            assert_eq!(m.players, players);
            assert_eq!(shipped(players), Some(&m));
        }
        assert!(shipped(2).is_none());
        assert!(Model::from_text("").is_err());
        assert!(Model::from_text("players 6\nbeyond0 x").is_err());
        assert!(Model::from_text("players 9").is_err());
        let ok = Model {
            players: 4,
            weights: [1.0; FEATURES],
        }
        .to_text("");
        assert!(Model::from_text(&ok).is_ok());
        assert!(Model::from_text(&ok.replace("ladders", "rungs")).is_err());
        assert!(Model::from_text(&format!("{ok}beyond3 1.0\n")).is_err());
        assert!(Model::from_text(&ok.replace("beyond3 1.000000\n", "")).is_err());
    }

    /// Each seat's holes fall into the same mirror classes in its own frame: a hole shares
    /// its class with its mirror image across the seat's line from home to goal (and so its
    /// distance to the goal's tip), with no other hole; a seat's per-hole features count its
    /// marbles, and a class's weight moves the costs of that class's holes alone.
    #[test]
    fn hole_classes_pair_each_hole_with_its_mirror_image() {
        let setup = Setup::new(6, 10, false).unwrap();
        let layout = Layout::new(setup, &RuleSet::default());
        for seat in 0..6 {
            let e = Ctx::seat_eval(&layout, seat, &Default::default());
            let point = layout.seats[seat].point;
            let mut members = vec![Vec::new(); HOLE_CLASSES];
            for h in Hole::all() {
                let c = e.class[h.index() as usize] as usize;
                assert!(c < HOLE_CLASSES, "seat {seat}: {h:?} has no class");
                members[c].push(h);
            }
            for (c, holes) in members.iter().enumerate() {
                let (q, r) = holes[0].in_frame_of(point);
                let mirror = Hole::from_frame_of(point, -q - r, r).unwrap();
                let mut want = vec![holes[0], mirror];
                want.sort();
                want.dedup();
                assert_eq!(holes, &want, "seat {seat}, class {c}");
                assert_eq!(
                    e.tip[holes[0].index() as usize],
                    e.tip[mirror.index() as usize]
                );
            }
            let board = Board::start(&layout);
            let f = features(&board, seat, &e);
            assert_eq!(f[NAMED..].iter().sum::<f64>(), 10.0);
            // One class weighed: its holes cost 64 eval units (a move) more, no other hole.
            let mut weights = [0.0; FEATURES];
            let c = e.class[board.marbles(seat).first().unwrap() as usize] as usize;
            weights[NAMED + c] = 1.0;
            let (l, buckets) = Learned::new(&Model {
                players: 6,
                weights,
            });
            let mut moved = e.clone();
            apply(&mut moved, &buckets, &l);
            for h in Hole::all() {
                let i = h.index() as usize;
                let more = if e.class[i] as usize == c { 64 } else { 0 };
                assert_eq!(moved.value[i], more, "seat {seat}, {h:?}");
            }
        }
        // Files without the holes' lines (the shipped ones) read them as 0.
        let shipped = shipped(3).unwrap();
        assert!(shipped.weights[NAMED..].iter().all(|&w| w == 0.0));
    }

    /// Whole-board counts of the extras agree with a hole-by-hole count.
    #[test]
    fn extras_match_a_hole_by_hole_count() {
        let setup = Setup::new(6, 10, false).unwrap();
        let layout = Layout::new(setup, &RuleSet::default());
        let holes: Vec<Hole> = Hole::all().collect();
        let mut r = 3u64;
        for _ in 0..100 {
            let board = super::super::evaluation::random_crowd(&mut r);
            for seat in 0..6 {
                let e = Ctx::seat_eval(&layout, seat, &Default::default());
                let x = extras(&board, seat, &e);
                let t = |h: Hole| e.tip[h.index() as usize];
                let free = |h: Option<Hole>| h.is_some_and(|h| board.owner(h).is_none());
                let taken = |h: Option<Hole>| h.is_some_and(|h| board.owner(h).is_some());
                let (mut stuck, mut blocked, mut fwd) = (0, 0, 0);
                for h in holes.iter().copied() {
                    let Some(o) = board.owner(h) else { continue };
                    let in_goal = e.goal.has(h.index());
                    let moves: Vec<Hole> = crate::board::Dir::ALL
                        .into_iter()
                        .filter_map(|d| {
                            let n = h.neighbour(d);
                            let l = n.and_then(|n| n.neighbour(d));
                            if free(n) {
                                n
                            } else if taken(n) && free(l) {
                                l
                            } else {
                                None
                            }
                        })
                        .collect();
                    if o != seat && in_goal && moves.is_empty() {
                        stuck += 1;
                    }
                    if o == seat && !in_goal {
                        let f = moves.iter().filter(|&&m| t(m) < t(h)).count();
                        fwd += f;
                        if f == 0 {
                            blocked += 1;
                        }
                    }
                }
                assert_eq!(
                    (x.others_stuck_in_goal, x.blocked, x.forward_moves),
                    (stuck, blocked, fwd as i32)
                );
            }
        }
    }
}
