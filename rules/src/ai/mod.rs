//! Computer players. They see the game only through the engine, so they can never make an
//! illegal move, and they read no clock or randomness of their own: the caller passes a seed,
//! a [`Clock`] for time budgets and an optional cancel flag.

pub mod crossing;
mod evaluation;
mod foresight;
mod ida;
pub mod learned;
pub mod puzzles;
mod race;
pub mod review;
mod search;
mod table;
mod tuning;

pub use race::solo_crossing;

use crate::board::Hole;
use crate::game::{Game, Move, Standing};
use crate::position::Board;
pub use evaluation::Weights;
pub use tuning::{MAX_WEIGHT, Settings, Tuning};

use evaluation::Ctx;
use search::{SMove, Searcher};
use std::fmt;
use std::str::FromStr;
use std::sync::atomic::{AtomicBool, Ordering};

/// How strong a computer player is.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
pub enum Level {
    /// Plays like someone who has just learnt the rules.
    Beginner,
    /// Sees one move ahead, with slips.
    Easy,
    /// A solid club player.
    Medium,
    /// Searches a few moves deep.
    Hard,
    /// As strong as we can make it.
    Expert,
    /// The one-ply baseline: moves the marble that gains the most distance.
    Greedy,
}

impl Level {
    /// Every level, the baseline last.
    pub const ALL: [Level; 6] = [
        Level::Beginner,
        Level::Easy,
        Level::Medium,
        Level::Hard,
        Level::Expert,
        Level::Greedy,
    ];

    /// The five levels offered to players, weakest first.
    pub const PLAYABLE: [Level; 5] = [
        Level::Beginner,
        Level::Easy,
        Level::Medium,
        Level::Hard,
        Level::Expert,
    ];

    /// Lower-case name, as used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Level::Beginner => "beginner",
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Expert => "expert",
            Level::Greedy => "greedy",
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Level {
    type Err = String;
    fn from_str(s: &str) -> Result<Level, String> {
        Level::ALL
            .into_iter()
            .find(|l| l.name() == s)
            .ok_or_else(|| {
                format!("unknown level '{s}' (beginner, easy, medium, hard, expert, greedy)")
            })
    }
}

/// Elapsed time since the search started, supplied by the caller (the engine has no clock).
pub trait Clock: Sync {
    /// Milliseconds since the search began.
    fn elapsed_ms(&self) -> u64;
}

/// A clock that never moves: the search is bounded by nodes and cancellation only, so results
/// are the same on every machine.
pub struct NoClock;

impl Clock for NoClock {
    fn elapsed_ms(&self) -> u64 {
        0
    }
}

/// Limits on one search.
pub struct Budget<'a> {
    /// Stop after about this many milliseconds (measured by `clock`).
    pub max_ms: Option<u64>,
    /// The time source for `max_ms`.
    pub clock: &'a dyn Clock,
    /// Set from another thread to stop the search at once; the best move so far is returned.
    pub cancel: Option<&'a AtomicBool>,
}

impl Budget<'_> {
    /// No time limit and no cancellation: the level's own node budget decides.
    pub fn unlimited() -> Budget<'static> {
        Budget {
            max_ms: None,
            clock: &NoClock,
            cancel: None,
        }
    }

    /// Whether the search must stop now.
    pub fn expired(&self) -> bool {
        self.cancel.is_some_and(|c| c.load(Ordering::Relaxed))
            || self.max_ms.is_some_and(|ms| self.clock.elapsed_ms() >= ms)
    }
}

/// A small seeded generator (splitmix64): the engine has no randomness of its own.
pub(crate) struct Rng(u64);

impl Rng {
    pub(crate) fn new(seed: u64) -> Rng {
        Rng(seed ^ 0x5151_5151_5151_5151)
    }

    pub(crate) fn next(&mut self) -> u64 {
        self.0 = crate::zobrist::splitmix(self.0);
        self.0
    }

    /// A float in [0, 1).
    pub(crate) fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }

    pub(crate) fn shuffle<T>(&mut self, v: &mut [T]) {
        for i in (1..v.len()).rev() {
            let j = (self.next() % (i as u64 + 1)) as usize;
            v.swap(i, j);
        }
    }
}

/// The hard level's nodes with three or four players, before sharing them out by the sides.
const HARD_FIELD_NODES: u64 = 40_000;

/// How each level plays.
struct Style {
    /// Nodes for the game-tree search; 0 means no search (one ply).
    nodes: u64,
    /// Deepest iteration.
    depth: u32,
    /// Softmax temperature over one-ply scores (in eval units); 0 plays the best.
    temperature: f64,
    /// Sees jump chains of at most this many hops.
    sight: usize,
    /// Whether stragglers worry it.
    straggler_aware: bool,
    /// Solve races exactly once the armies have passed each other.
    races: bool,
    /// Moves searched at each node below the root.
    width: usize,
}

fn style(level: Level) -> Style {
    let s = |nodes, depth, temperature, sight, straggler_aware, races, width| Style {
        nodes,
        depth,
        temperature,
        sight,
        straggler_aware,
        races,
        width,
    };
    match level {
        Level::Greedy => s(0, 0, 0.0, usize::MAX, false, false, 0),
        Level::Beginner => s(0, 0, 0.6, 2, false, false, 0),
        Level::Easy => s(0, 0, 0.4, usize::MAX, true, false, 0),
        Level::Medium => s(8_000, 3, 0.0, usize::MAX, true, false, 12),
        Level::Hard => s(12_000, 8, 0.0, usize::MAX, true, true, 10),
        Level::Expert => s(200_000, 16, 0.0, usize::MAX, true, true, 10),
    }
}

/// The move `level` chooses for the side to move, or `None` when the game is over.
/// The same game, level and seed give the same move when no time limit cuts the search short.
pub fn choose_move(game: &Game, level: Level, seed: u64, budget: &Budget) -> Option<Move> {
    choose_move_weighted(game, level, seed, budget, &Settings::default())
}

/// [`choose_move`] with other evaluation weights or foresight switches: for tuning by
/// self-play. The lower levels still ignore what they are meant to miss (the beginner does
/// not see stragglers).
pub fn choose_move_weighted(
    game: &Game,
    level: Level,
    seed: u64,
    budget: &Budget,
    settings: &Settings,
) -> Option<Move> {
    choose(game, level, seed, budget, settings, None)
}

/// [`choose_move_weighted`], breaking ties between equally good moves in favour of
/// `favour` where it is among them: foresight asks whether a seat's move is one the medium
/// level could have made, whatever its seed.
fn choose(
    game: &Game,
    level: Level,
    seed: u64,
    budget: &Budget,
    settings: &Settings,
    favour: Option<(Hole, Hole)>,
) -> Option<Move> {
    let seat = game.to_move()?;
    let layout = game.layout();
    let start = *game.board();
    let mut board = start;
    let mut rng = Rng::new(seed ^ game.hash());
    let mut moves: Vec<(Hole, Hole)> = layout.moves(&board, seat).pairs().collect();
    // Never walk into the leaving-home deadline, unless every move does.
    let safe: Vec<(Hole, Hole)> = moves
        .iter()
        .copied()
        .filter(|&(f, t)| {
            layout
                .path(&board, seat, f, t)
                .is_some_and(|p| !game.would_put_out(&p))
        })
        .collect();
    if !safe.is_empty() {
        moves = safe;
    }
    // The leaving-home deadline: when the steps the marbles still at home need to get out
    // come close to the moves left, move them (forward) and nothing else.
    if level != Level::Greedy
        && let Some(deadline) = game.rules().leave_home_moves(game.setup().marbles)
    {
        let area = layout.seats[seat].start_area;
        let point = layout.seats[seat].point;
        let exit_row = game.setup().home_rows().max(4) as i32;
        let row = |h: Hole| h.rows_from_tip(point);
        let needed: i32 = crate::game::holes(board.marbles(seat) & area)
            .map(|h| exit_row - row(h))
            .sum();
        let left = deadline as i32 - game.moves_made(seat) as i32;
        if needed > 0 && left > 0 && needed + 2 >= left {
            let forward: Vec<(Hole, Hole)> = moves
                .iter()
                .copied()
                .filter(|&(f, t)| area.has(f.index()) && row(t) > row(f))
                .collect();
            if !forward.is_empty() {
                moves = forward;
            }
        }
    }
    // Going back to a position seen before leads nowhere: avoid it while anything else is left.
    let fresh: Vec<(Hole, Hole)> = moves
        .iter()
        .copied()
        .filter(|&(f, t)| {
            let mut b = board;
            b.shift(seat, f, t);
            !game.has_occurred(&b)
        })
        .collect();
    if !fresh.is_empty() && level != Level::Greedy {
        moves = fresh;
    }
    rng.shuffle(&mut moves);
    if let Some(i) = favour.and_then(|m| moves.iter().position(|&x| x == m)) {
        moves[..=i].rotate_right(1);
    }
    let pick = |(f, t): (Hole, Hole)| {
        let path = layout
            .path(&start, seat, f, t)
            .expect("generated moves have paths");
        Move {
            from: f,
            to: t,
            path,
        }
    };
    if moves.len() <= 1 {
        return moves.first().copied().map(pick);
    }
    let st = style(level);
    let mut ctx = level_context(game, seat, level, settings);
    let tuning = settings.tuning;
    let weights = ctx.weights;
    if level == Level::Greedy {
        let tip = &ctx.seats[seat].tip;
        let best = moves.iter().copied().max_by_key(|&(f, t)| {
            tip[f.index() as usize] as i32 - tip[t.index() as usize] as i32
        })?;
        return Some(pick(best));
    }
    // Take an immediate finish whenever there is one.
    if let Some(&m) = moves.iter().find(|&&(f, t)| {
        let mut b = board;
        b.shift(seat, f, t);
        ctx.done(&b, seat)
    }) {
        return Some(pick(m));
    }
    if st.races
        && let Some(m) = race::race_move(&ctx, &board, seat, budget)
        && moves.contains(&m)
    {
        return Some(pick(m));
    }
    if st.nodes == 0 {
        return Some(pick(one_ply(&ctx, &mut board, seat, &moves, &st, &mut rng)));
    }
    let root: Vec<SMove> = moves
        .iter()
        .map(|&(f, t)| SMove {
            seat: seat as u8,
            from: f.index(),
            to: t.index(),
        })
        .collect();
    // Nodes grow dearer with every extra side to generate replies for: keep the time per move.
    // The hard level searches more with three or four players, where 12,000 nodes fell far
    // behind (against three mediums: first in 166 of 360 games so, 201 of 360 with 40,000,
    // at some 35 ms a move); with two it needs no more, and with six it searches shallow.
    let units = game.setup().units() as u64;
    let players = game.setup().players as u64;
    let nodes = match level {
        Level::Hard if field(game) => HARD_FIELD_NODES * 2 / units,
        // Shared by the seats, partners too: with teams of two at four players the whole
        // 200,000 took a median 289 ms a move and up to 1.2 s.
        Level::Expert if !crowded(game) => st.nodes * 2 / players,
        _ => st.nodes,
    };
    let racing_field = level == Level::Expert && field(game) && !game.setup().teams;
    let nodes = if racing_field {
        nodes * u64::from(tuning.field_nodes.max(1).unsigned_abs()) / 100
    } else {
        nodes
    };
    // Found only now, when the search is sure to run: only it reads the pace weights, so
    // the moves returned above never need foresight's recognition.
    let known = drop_foreseen_paces(&mut ctx, game, level, settings, seed, budget);
    let mut searcher = Searcher::new(&ctx, budget, nodes);
    searcher.width = st.width;
    searcher.turn_order = turn_order(game, level, settings);
    let mut depth = st.depth;
    if crowded(game) {
        // Best-Reply Search lets one opponent answer each own move, while really five others
        // move in between: deep own plans get too hopeful, so search wider, not deeper.
        // (Self-play: with three or four players deep search wins more, with six it loses.)
        let most = if level == Level::Expert {
            u32::try_from(tuning.crowded_depth.max(1)).unwrap_or(4)
        } else {
            4
        };
        depth = depth.min(most);
        searcher.width = st.width * 2;
    }
    let found = searcher.run(&mut board, &root, depth);
    let mut best = found.map(|f| f.best).unwrap_or(root[0]);
    let (width, ranked) = (searcher.width, std::mem::take(&mut searcher.ranked));
    // Foresight's searches then reuse this one's table rather than need a second.
    drop(searcher);
    if foresees(game, level, settings) {
        let foresight = foresight::Foresight {
            seat,
            known: known.unwrap_or_else(|| recognise(game, seat, seed, budget, settings)),
            seed,
            budget,
            weights,
            candidates: usize::try_from(tuning.foresight).unwrap_or(0),
            nodes,
            depth,
            width,
        };
        if let Some(m) = foresight.choose(game, &ranked) {
            best = m;
        }
    }
    Some(pick((
        Hole::from_index(best.from)?,
        Hole::from_index(best.to)?,
    )))
}

/// Whether `level` foresees the other seats of `game` (the expert at six players).
fn foresees(game: &Game, level: Level, settings: &Settings) -> bool {
    level == Level::Expert && crowded(game) && settings.tuning.foresight > 0
}

/// Which seats foresight recognises as playing the medium level's moves (see
/// [`foresight::recognised`], with the tuning's rounds and misses).
fn recognise(
    game: &Game,
    seat: usize,
    seed: u64,
    budget: &Budget,
    settings: &Settings,
) -> [bool; 6] {
    let t = &settings.tuning;
    foresight::recognised(
        game,
        seat,
        seed,
        budget,
        t.recognise.max(1) as usize,
        t.misses.max(0) as usize,
        t.foresee_all > 0,
    )
}

/// Turns `ctx` ([`level_context`]) into what the search reads: where foresight recognises
/// a seat, the pace weights are dropped (`foresee_pace=0`). Returns the seats it recognised
/// when finding that out needed them. Shared by [`choose`] and the review, so a review of a
/// table the expert foresees judges moves without the weights its search went without.
pub(super) fn drop_foreseen_paces(
    ctx: &mut Ctx,
    game: &Game,
    level: Level,
    settings: &Settings,
    seed: u64,
    budget: &Budget,
) -> Option<[bool; 6]> {
    if !foresees(game, level, settings) || settings.tuning.foresee_pace != 0 || ctx.paces.is_none()
    {
        return None;
    }
    let known = recognise(game, ctx.root, seed, budget, settings);
    if known.iter().any(|&k| k) {
        ctx.paces = None;
    }
    Some(known)
}

/// The evaluation context `level` scores `seat`'s moves with: its weights (stragglers
/// weighed or not) and how it counts the opponents. Shared by [`choose`] and the review,
/// so a review judges moves by the same measure the engine plays by.
fn level_context<'g>(game: &'g Game, seat: usize, level: Level, settings: &Settings) -> Ctx<'g> {
    let st = style(level);
    // The hard and expert levels race the whole field (below) and weigh its stragglers.
    let field_racer = matches!(level, Level::Expert | Level::Hard);
    let searching_field = field_racer && field(game);
    // The levels whose lane weight is set per table, not by `lane` alone.
    let plays_own_lane =
        level == Level::Expert || level == Level::Hard && settings.tuning.hard_lane > 0;
    let weights = Weights {
        square: if !st.straggler_aware {
            0
        } else if searching_field {
            settings.weights.field_square
        } else {
            settings.weights.square
        },
        // The learned model was fitted to the levels that race the field.
        learned: if !field_racer {
            0
        } else if settings.weights.learned == 0
            && level == Level::Expert
            && game.setup().units() == 3
            && !game.setup().teams
        {
            settings.tuning.three_learned
        } else {
            settings.weights.learned
        },
        // A `lane` set by hand holds for every level and table; otherwise the expert's own
        // per table (four sides are four players, never teams), and the hard level's with
        // `hard_lane`.
        lane: if settings.weights.lane != 0 || !plays_own_lane {
            settings.weights.lane
        } else if game.setup().units() == 4 {
            settings.tuning.four_lane
        } else if crowded(game) {
            settings.tuning.crowded_lane
        } else {
            0
        },
        ..settings.weights
    };
    let mut ctx = context(game, seat, weights);
    // With three or more players, racing the whole field beats chasing whoever leads
    // (self-play, expert against mediums, first places in 40 games against the average or
    // the leader: 25 or 23 with four players, 15 or 8 with six). The hard level too: against
    // three mediums it came first in 166 of 360 games so, 90 of 240 against the leader.
    ctx.against_average = field_racer;
    ctx.mean_replies = ctx.against_average && ctx.friends.len() == 1 && !crowded(game);
    if level == Level::Expert && !game.setup().teams {
        // How much slowing the others is worth against its own progress, and how the field
        // is weighed seat by seat, by table.
        let t = &settings.tuning;
        ctx.others_percent = match game.setup().units() {
            3 => t.three_others,
            4 => t.field_others,
            u if u >= 5 => t.crowded_others,
            _ => ctx.others_percent,
        };
        // Only at three does the expert weigh the field as a soft minimum (the leader most).
        if game.setup().units() == 3 {
            ctx.softmin = t.three_softmin;
        }
        let head_on = settings.tuning.head_on;
        let goal = game.layout().seats[seat].point.opposite();
        if head_on != 100
            && let Some(&o) = ctx
                .opponents
                .iter()
                .find(|&&o| game.layout().seats[o].point == goal)
        {
            ctx.head_on = Some((o, head_on));
        }
    }
    // Each opponent weighed by how soon it would finish at its pace so far, by table.
    let pace = if crowded(game) {
        settings.tuning.crowded_pace
    } else {
        0
    };
    if level == Level::Expert && pace > 0 {
        ctx.paces = paces(&ctx, game, pace);
    }
    if level == Level::Expert && crowded(game) {
        ctx.own_tempo_percent = settings.tuning.crowded_tempo;
    } else if level == Level::Expert && field(game) && !game.setup().teams {
        ctx.own_tempo_percent = settings.tuning.field_tempo;
    }
    ctx
}

/// Whether `level` searches `game` in the real turn order rather than by Best-Reply Search:
/// team games as `team_order` says (two teams by default, plain minimax there).
fn turn_order(game: &Game, level: Level, settings: &Settings) -> bool {
    matches!(level, Level::Hard | Level::Expert)
        && game.setup().teams
        && settings.tuning.team_order >= game.setup().units() as i32 - 1
}

/// One ply: score every move by the evaluation, then pick by softmax (temperature 0: best).
fn one_ply(
    ctx: &Ctx,
    board: &mut Board,
    seat: usize,
    moves: &[(Hole, Hole)],
    st: &Style,
    rng: &mut Rng,
) -> (Hole, Hole) {
    let layout = ctx.layout;
    let mut scored: Vec<(f64, (Hole, Hole))> = Vec::with_capacity(moves.len());
    for &(f, t) in moves {
        if st.sight != usize::MAX {
            let hops = layout.path(board, seat, f, t).map_or(0, |p| p.len() - 1);
            if hops > st.sight {
                continue;
            }
        }
        board.shift(seat, f, t);
        let score = ctx.evaluate(board) as f64;
        board.shift(seat, t, f);
        scored.push((score, (f, t)));
    }
    if scored.is_empty() {
        return moves[0];
    }
    let best = scored.iter().map(|p| p.0).fold(f64::MIN, f64::max);
    if st.temperature <= 0.0 {
        return scored.iter().find(|p| p.0 == best).expect("a best move").1;
    }
    let weights: Vec<f64> = scored
        .iter()
        .map(|p| ((p.0 - best) / (16.0 * st.temperature)).exp())
        .collect();
    let total: f64 = weights.iter().sum();
    let mut r = rng.unit() * total;
    for (w, p) in weights.iter().zip(&scored) {
        if r < *w {
            return p.1;
        }
        r -= w;
    }
    scored[0].1
}

/// Plays `plies` random moves drawn from `seed`, each one that takes a marble further from
/// its seat's home point (any move where none does): varied positions for matches and
/// training (`sternhalma-cli match --openings`, `train --openings`), where levels that break
/// no ties would replay the same games. Independent of who sits where, so the same opening
/// can be played with a level in every seat. Stops early if the game ends.
pub fn play_random_opening(game: &mut Game, plies: usize, seed: u64) {
    let mut state = seed ^ 0x0BE4_1265;
    for _ in 0..plies {
        let Some(seat) = game.to_move() else { return };
        let point = game.layout().seats[seat].point;
        let all = game.legal_moves();
        let forward: Vec<&Move> = all
            .iter()
            .filter(|m| m.to.rows_from_tip(point) > m.from.rows_from_tip(point))
            .collect();
        let pool = if forward.is_empty() {
            all.iter().collect()
        } else {
            forward
        };
        if pool.is_empty() {
            return;
        }
        state = crate::zobrist::splitmix(state);
        let path = pool[(state % pool.len() as u64) as usize].path.clone();
        if game.play(&path).is_err() {
            return;
        }
    }
}

/// Three or four sides: a field to race, not yet crowded.
fn field(game: &Game) -> bool {
    matches!(game.setup().units(), 3 | 4)
}

/// Five or more sides: six players without teams.
fn crowded(game: &Game) -> bool {
    game.setup().units() >= 5
}

/// The evaluation context for `seat` in the game as it stands.
fn context(game: &Game, seat: usize, weights: Weights) -> Ctx<'_> {
    let layout = game.layout();
    let setup = game.setup();
    let n = setup.players as usize;
    let deadline = game.rules().leave_home_moves(setup.marbles);
    let mut seats: Vec<_> = (0..n)
        .map(|s| Ctx::seat_eval(layout, s, &weights))
        .collect();
    for (s, e) in seats.iter_mut().enumerate() {
        if let Some(dl) = deadline {
            // From ten moves before the deadline, marbles at home cost dearly.
            if game.moves_made(s) + 10 >= dl {
                e.home_penalty = weights.late_home;
            }
        }
    }
    let playing = |s: usize| game.standing(s) == Standing::Playing;
    let unit = setup.unit_of(seat);
    let friends: Vec<usize> = setup.seats_of(unit).collect();
    let opponents: Vec<usize> = (0..n)
        .filter(|&s| setup.unit_of(s) != unit && playing(s))
        .collect();
    let mut partner = [None; 6];
    for (s, p) in partner.iter_mut().enumerate().take(n) {
        *p = setup.seats_of(setup.unit_of(s)).find(|&o| o != s);
    }
    // The learned model: fitted for three or more seats each on its own, never two players.
    let mut learned = None;
    if weights.learned != 0
        && setup.units() >= 3
        && friends.len() == 1
        && let Some(model) = learned::shipped(setup.players)
    {
        let (l, buckets) = learned::Learned::new(model);
        // 2: the usual distance costs, with only the model's other terms added; 3: the
        // model's cost per distance alone, as cheap a leaf as the usual costs.
        if matches!(weights.learned, 1 | 3) {
            for e in seats.iter_mut() {
                learned::apply(e, &buckets, &l);
            }
        }
        if weights.learned != 3 {
            learned = Some(l);
        }
    }
    // The lane, added to whichever distance costs are played (hand-made or the model's):
    // neither knows where across the board a marble runs.
    if weights.lane != 0 {
        for (s, e) in seats.iter_mut().enumerate() {
            let percent = if friends.contains(&s) {
                100
            } else {
                weights.lane_others
            };
            let scaled = Weights {
                lane: weights.lane * percent / 100,
                ..weights
            };
            let lane = evaluation::lane_costs(layout, s, &scaled);
            e.set_values(std::array::from_fn(|h| e.value[h] + lane[h]));
        }
    }
    Ctx {
        learned,
        layout,
        // At a crowded table everyone else moves before a ladder built now can be used.
        own_tempo_percent: if crowded(game) { 20 } else { 100 },
        goal_rule: crate::game::GoalRule::of(game.rules()),
        seats,
        weights,
        root: seat,
        friends,
        opponents,
        partner,
        against_average: false,
        mean_replies: false,
        others_percent: 100,
        head_on: None,
        paces: None,
        softmin: 0,
    }
}

/// Each opponent's weight in `ctx`'s field from how fast it has run so far: its moves still
/// to go at its pace (distance now over distance run a move since the start), the soonest
/// weighing 100 and each other `exp(-d / T)` as much, d its moves more and T `tenths` / 10
/// moves. `None` until every opponent has made 4 moves, when a pace says little.
fn paces(ctx: &Ctx, game: &Game, tenths: i32) -> Option<[i32; 6]> {
    let (start, _) = game.start();
    let board = game.board();
    let mut left = [0.0f64; 6];
    for &o in &ctx.opponents {
        let made = game.moves_made(o);
        if made < 4 {
            return None;
        }
        let now = ctx.distance(board, o).max(0);
        let run = (ctx.distance(start, o) - now).max(1);
        left[o] = f64::from(now) * f64::from(made) / f64::from(run);
    }
    let soonest = ctx
        .opponents
        .iter()
        .map(|&o| left[o])
        .fold(f64::INFINITY, f64::min);
    let t = f64::from(tenths.max(1)) / 10.0;
    let mut weights = [0; 6];
    for &o in &ctx.opponents {
        weights[o] = ((100.0 * (-(left[o] - soonest) / t).exp()).round() as i32).max(1);
    }
    Some(weights)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// At a six-player table the expert foresees (every other seat plays as the medium level
    /// does) the search goes without its pace weights, and the review, which shares
    /// `drop_foreseen_paces`, too; where one seat plays otherwise the weights stay.
    #[test]
    fn foresight_drops_the_pace_weights_only_at_a_table_it_foresees() {
        let settings = Settings::default();
        for greedy_seat in [None, Some(3)] {
            let mut game = Game::from_preset("casual", Some(6), None).unwrap();
            for ply in 0..60u64 {
                let seat = game.to_move().unwrap();
                let level = if Some(seat) == greedy_seat {
                    Level::Greedy
                } else {
                    Level::Medium
                };
                let m = choose_move(&game, level, ply, &Budget::unlimited()).unwrap();
                game.play(&m.path).unwrap();
            }
            assert_eq!(game.to_move(), Some(0));
            let mut ctx = level_context(&game, 0, Level::Expert, &settings);
            assert!(
                ctx.paces.is_some(),
                "ten moves each: the pace weights are set"
            );
            let known = drop_foreseen_paces(
                &mut ctx,
                &game,
                Level::Expert,
                &settings,
                7,
                &Budget::unlimited(),
            )
            .expect("the pace weights were set, so foresight looked");
            match greedy_seat {
                None => {
                    assert_eq!(known, [false, true, true, true, true, true]);
                    assert_eq!(ctx.paces, None);
                }
                Some(_) => {
                    assert_eq!(known, [false; 6], "not every seat plays as the medium");
                    assert!(ctx.paces.is_some());
                }
            }
            // The hard level never foresees, and keeps its context as it was.
            let mut hard = level_context(&game, 0, Level::Hard, &settings);
            let before = hard.paces;
            assert_eq!(
                drop_foreseen_paces(
                    &mut hard,
                    &game,
                    Level::Hard,
                    &settings,
                    7,
                    &Budget::unlimited()
                ),
                None
            );
            assert_eq!(hard.paces, before);
        }
    }

    /// After whole rounds, when every seat has made as many moves, an opponent's pace weight
    /// follows its distance still to run: the one with least left weighs 100, one with more
    /// weighs less (at least 1); before each opponent has made 4 moves there are none.
    #[test]
    fn paces_weigh_the_opponent_that_would_finish_soonest_most() {
        let mut game = Game::from_preset("casual", Some(6), None).unwrap();
        let settings = Settings::default();
        for round in 0..10 {
            if round < 4 {
                let ctx = level_context(&game, 0, Level::Expert, &settings);
                assert_eq!(paces(&ctx, &game, 30), None, "round {round}");
            }
            for ply in 0..6 {
                let m = choose_move(&game, Level::Medium, round * 6 + ply, &Budget::unlimited())
                    .unwrap();
                game.play(&m.path).unwrap();
            }
        }
        let ctx = level_context(&game, 0, Level::Expert, &settings);
        let weights = paces(&ctx, &game, 30).expect("ten moves each");
        let left = |o: usize| ctx.distance(game.board(), o);
        let leader = *ctx.opponents.iter().min_by_key(|&&o| left(o)).unwrap();
        assert_eq!(weights[leader], 100);
        for &a in &ctx.opponents {
            assert!((1..=100).contains(&weights[a]));
            for &b in &ctx.opponents {
                if left(a) < left(b) {
                    assert!(weights[a] >= weights[b], "{a} {b} {weights:?}");
                }
            }
        }
        // The spread is real: at three moves' temperature someone weighs less than the leader.
        assert!(ctx.opponents.iter().any(|&o| weights[o] < 100));
        assert_eq!(weights[0], 0, "the root is no opponent");
    }
}
