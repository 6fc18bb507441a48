//! Game review: play a finished (or unfinished) game through again and mark each move by what
//! it cost, in moves to finish, against the engine's best move in the same position.
//!
//! Two measures, one unit:
//!
//! - **Races** (every marble of the seat past every other marble, so nothing can meet any
//!   more): the exact race solver counts the moves still needed. The best move is the first
//!   move of the solver's shortest line, and a played move costs
//!   `moves needed after it − moves needed after the best one`, a whole number. Exact as far
//!   as the solver proves its line within [`ReviewOptions::race_nodes`] (short races always
//!   are), among lines that never step back more than one row (those never pay in a race).
//! - **Before that**, the best move is the one [`choose_move`] picks at
//!   [`ReviewOptions::level`] with the seed the app's Hint uses ([`hint_seed`]), and both it
//!   and the played move are scored by the same search, each as the only root move, to a fixed
//!   depth: exact minimax scores at equal depth, so they compare fairly. The difference is in
//!   evaluation units; one move is worth `eval_per_move` of them, the evaluation's worth of
//!   the average move of the fastest known crossing (Bell 2009: ten marbles, 120 steps, 27
//!   moves). So "1 move" before the race means what it means in the race.
//!
//! - A move that **puts the seat out** (the leaving-home rule) when the best one does not costs
//!   every move the seat still needed: no evaluation knows about being out.
//!
//! A move that equals the best one (same marble, same hole) costs 0; a played move that the
//! search likes better than the engine's costs 0 too (it is not a mistake). A move is
//! *costly* from [`COSTLY`] on: a whole move lost.
//!
//! Everything is deterministic (no clock; node and depth limits only), so the same record
//! reviews the same on every machine, and the review can run on any thread: it reports
//! progress through a callback and stops when the cancel flag is set.

use super::evaluation::Ctx;
use super::race::{beam, holes_to_fill, ida_star, is_race};
use super::search::{SMove, Searcher, WIN};
use super::{
    Budget, Level, Settings, choose_move, drop_foreseen_paces, level_context, style, turn_order,
};
use crate::board::Hole;
use crate::game::{Action, Game, Move};
use crate::position::Board;
use crate::record::{GameRecord, RecordError};
use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};

/// A cost in moves to finish, kept in tenths of a move so that sums are exact and the same
/// everywhere. Shown with one decimal: `1.5`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Cost(pub u32);

impl Cost {
    /// No cost: the move was as good as the best.
    pub const ZERO: Cost = Cost(0);

    /// Whole moves.
    pub fn moves(n: u32) -> Cost {
        Cost(n * 10)
    }

    /// The cost in moves.
    pub fn as_moves(self) -> f64 {
        self.0 as f64 / 10.0
    }
}

impl fmt::Display for Cost {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}", self.0 / 10, self.0 % 10)
    }
}

impl std::iter::Sum for Cost {
    fn sum<I: Iterator<Item = Cost>>(iter: I) -> Cost {
        Cost(iter.map(|c| c.0).sum())
    }
}

/// From this cost on a move counts as costly: it lost at least one whole move. Tenths are
/// shown, but below a whole move the search's judgement of near-equal moves decides too
/// much to call a move a mistake.
pub const COSTLY: Cost = Cost(10);

/// How the review judges moves. The default is the app's Hint: the expert.
#[derive(Clone, Debug)]
pub struct ReviewOptions {
    /// The seat to review (0-based); `None` reviews every seat with two players and seat 0
    /// (the bottom seat, where the person sits in a local game) with three or more.
    pub seat: Option<usize>,
    /// The level whose move is the best one.
    pub level: Level,
    /// Plies the search looks ahead from each scored move (the move itself is the first): 8 by
    /// default, the hard level's deepest iteration. Shallower judges see fewer slips: on an
    /// 81-ply expert-against-medium game 6 plies charged 6.4 moves in all, 8 plies 8.7, for
    /// about the same time (the expert's own move search costs most).
    pub depth: u32,
    /// Most nodes one scoring search may visit: a safety net only, since a search cut short
    /// would score at a shallower depth than its rival. At the default depth the scoring
    /// searches of 2-, 3- and 6-player games took at most about 55,000.
    pub nodes: u64,
    /// Most nodes the exact race solver may spend proving one race's length.
    pub race_nodes: u64,
}

impl Default for ReviewOptions {
    fn default() -> Self {
        ReviewOptions {
            seat: None,
            level: Level::Expert,
            depth: 8,
            nodes: 200_000,
            race_nodes: 200_000,
        }
    }
}

/// Which measure judged a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Basis {
    /// The exact race solver: the seat's marbles are past everyone else's.
    Race,
    /// The search's evaluation, converted to moves.
    Search,
    /// The move put the seat out of the game (the leaving-home rule), and the best one did
    /// not: it cost every move the seat still needed to finish, counted by the race solver
    /// with everyone else standing still.
    PutOut,
}

/// One reviewed move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReviewedMove {
    /// Its place in the game's actions, from 1 (as in the record's move list).
    pub ply: usize,
    /// The seat that played it (0-based).
    pub seat: usize,
    /// The move played.
    pub played: Move,
    /// The engine's best move in the same position (the played one when they agree).
    pub best: Move,
    /// What the played move cost against the best, in moves to finish.
    pub cost: Cost,
    /// The measure used.
    pub basis: Basis,
}

impl ReviewedMove {
    /// Whether it lost at least [`COSTLY`].
    pub fn costly(&self) -> bool {
        self.cost >= COSTLY
    }
}

/// The review of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Review {
    /// The seats reviewed (0-based).
    pub seats: Vec<usize>,
    /// Every move of those seats, in game order.
    pub moves: Vec<ReviewedMove>,
}

impl Review {
    /// How many moves are costly.
    pub fn costly(&self) -> usize {
        self.moves.iter().filter(|m| m.costly()).count()
    }

    /// The sum of every move's cost.
    pub fn total_cost(&self) -> Cost {
        self.moves.iter().map(|m| m.cost).sum()
    }

    /// Up to `n` of the moves that cost anything, costliest first (earlier first on ties).
    pub fn costliest(&self, n: usize) -> Vec<&ReviewedMove> {
        let mut list: Vec<&ReviewedMove> =
            self.moves.iter().filter(|m| m.cost > Cost::ZERO).collect();
        list.sort_by_key(|m| (std::cmp::Reverse(m.cost), m.ply));
        list.truncate(n);
        list
    }
}

/// Why there is no review.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReviewError {
    /// The record does not replay.
    Record(RecordError),
    /// The seat asked for does not play in this game (0-based, with the player count).
    NoSuchSeat {
        /// The seat asked for.
        seat: usize,
        /// Players in the game.
        players: usize,
    },
    /// The cancel flag was set: there is no partial review, whose costs could be wrong.
    Cancelled,
}

impl fmt::Display for ReviewError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReviewError::Record(e) => write!(f, "{e}"),
            ReviewError::NoSuchSeat { seat, players } => write!(
                f,
                "seat {} does not play: the game has {players} players (seats 1 to {players})",
                seat + 1
            ),
            ReviewError::Cancelled => write!(f, "the review was cancelled"),
        }
    }
}

impl std::error::Error for ReviewError {}

/// The seed the app's Hint passes to the engine for this position, so that the review's best
/// move is the move a hint would have shown.
pub fn hint_seed(game: &Game) -> u64 {
    game.hash() ^ game.actions().len() as u64
}

/// The engine's best move for the side to move, as the review sees it: [`choose_move`] at
/// `level` with [`hint_seed`] and no clock. `None` when the game is over or `cancel` is set
/// before the search ends.
pub fn best_move(game: &Game, level: Level, cancel: &AtomicBool) -> Option<Move> {
    let budget = Budget {
        max_ms: None,
        clock: &super::NoClock,
        cancel: Some(cancel),
    };
    let m = choose_move(game, level, hint_seed(game), &budget)?;
    (!cancel.load(Ordering::Relaxed)).then_some(m)
}

/// Reviews a game record: replays it (checking every action) and reviews the moves of the
/// chosen seats. `progress(done, total)` is called after each reviewed move.
pub fn review_record(
    record: &GameRecord,
    options: &ReviewOptions,
    progress: &mut dyn FnMut(usize, usize),
    cancel: &AtomicBool,
) -> Result<Review, ReviewError> {
    let end = record.replay().map_err(ReviewError::Record)?;
    review_game(&end, options, progress, cancel)
}

/// Reviews a game as it stands (finished or not): see [`review_record`].
pub fn review_game(
    game: &Game,
    options: &ReviewOptions,
    progress: &mut dyn FnMut(usize, usize),
    cancel: &AtomicBool,
) -> Result<Review, ReviewError> {
    let mut reviewer = Reviewer::new(game, options)?;
    loop {
        let before = reviewer.done();
        let finished = reviewer.step(cancel)?;
        if reviewer.done() > before {
            progress(reviewer.done(), reviewer.total());
        }
        if finished {
            return Ok(reviewer.finish());
        }
    }
}

/// A review taken one move at a time, for callers that cannot block for the whole game (a
/// browser tab, which has no threads, reviews a move per frame). [`review_game`] is this in a
/// loop, so both give the same review.
#[derive(Clone, Debug)]
pub struct Reviewer {
    options: ReviewOptions,
    seats: Vec<usize>,
    /// The whole game's actions and who made each.
    actions: Vec<Action>,
    movers: Vec<usize>,
    /// The position before `actions[next]`.
    pos: Game,
    next: usize,
    total: usize,
    out: Vec<ReviewedMove>,
}

impl Reviewer {
    /// Ready to review `game`'s moves of the seats `options` chooses.
    pub fn new(game: &Game, options: &ReviewOptions) -> Result<Reviewer, ReviewError> {
        let players = game.setup().players as usize;
        let seats: Vec<usize> = match options.seat {
            Some(seat) if seat >= players => {
                return Err(ReviewError::NoSuchSeat { seat, players });
            }
            Some(seat) => vec![seat],
            None if players == 2 => vec![0, 1],
            None => vec![0],
        };
        // The start again, with the same set-up, rules and start position.
        let (board, to_move) = game.start();
        let pos = Game::from_board(*game.setup(), game.rules().clone(), *board, to_move)
            .expect("a game's own start is a valid position");
        let movers: Vec<usize> = game.movers().collect();
        let actions = game.actions().to_vec();
        let total = actions
            .iter()
            .zip(&movers)
            .filter(|(a, s)| matches!(a, Action::Move(_)) && seats.contains(s))
            .count();
        Ok(Reviewer {
            options: options.clone(),
            seats,
            actions,
            movers,
            pos,
            next: 0,
            total,
            out: Vec::with_capacity(total),
        })
    }

    /// Ready to review a record (replayed and checked first).
    pub fn from_record(
        record: &GameRecord,
        options: &ReviewOptions,
    ) -> Result<Reviewer, ReviewError> {
        let end = record.replay().map_err(ReviewError::Record)?;
        Reviewer::new(&end, options)
    }

    /// Moves to review in all.
    pub fn total(&self) -> usize {
        self.total
    }

    /// Moves reviewed so far.
    pub fn done(&self) -> usize {
        self.out.len()
    }

    /// Reviews the next move of the chosen seats (replaying the others' up to it): `Ok(true)`
    /// once every move is reviewed (at once when there is nothing to review).
    pub fn step(&mut self, cancel: &AtomicBool) -> Result<bool, ReviewError> {
        while self.next < self.actions.len() {
            if cancel.load(Ordering::Relaxed) {
                return Err(ReviewError::Cancelled);
            }
            let i = self.next;
            self.next += 1;
            if self.pos.actions().len() > i {
                // An automatic pass, already in place.
                continue;
            }
            let action = &self.actions[i];
            let mut reviewed = false;
            if let Action::Move(path) = action
                && self.seats.contains(&self.movers[i])
            {
                let played = Move {
                    from: path[0],
                    to: *path.last().expect("a path has an end"),
                    path: path.clone(),
                };
                let judged = judge(&self.pos, &played, &self.options, cancel)
                    .ok_or(ReviewError::Cancelled)?;
                self.out.push(ReviewedMove {
                    ply: i + 1,
                    seat: self.movers[i],
                    played,
                    best: judged.best,
                    cost: judged.cost,
                    basis: judged.basis,
                });
                reviewed = true;
            }
            self.pos
                .act(action.clone())
                .expect("a game's own actions replay");
            if reviewed {
                // The rest need not be replayed once every chosen move is reviewed.
                return Ok(self.done() == self.total);
            }
        }
        Ok(true)
    }

    /// The review (complete once [`Reviewer::step`] said so).
    pub fn finish(self) -> Review {
        Review {
            seats: self.seats,
            moves: self.out,
        }
    }
}

/// A judged move: the best one, the played one's cost and the measure.
struct Judged {
    best: Move,
    cost: Cost,
    basis: Basis,
}

/// The same move: the same marble to the same hole (the path taken does not matter).
fn same(a: &Move, b: &Move) -> bool {
    (a.from, a.to) == (b.from, b.to)
}

/// Judges `played` in `game` (before it is played); `None` when cancelled.
fn judge(
    game: &Game,
    played: &Move,
    options: &ReviewOptions,
    cancel: &AtomicBool,
) -> Option<Judged> {
    let seat = game.to_move().expect("a move was played here");
    let budget = Budget {
        max_ms: None,
        clock: &super::NoClock,
        cancel: Some(cancel),
    };
    let settings = Settings::default();
    let mut ctx = level_context(game, seat, options.level, &settings);
    let board = *game.board();
    let after = |m: &Move| {
        let mut b = board;
        b.shift(seat, m.from, m.to);
        b
    };
    let stopped = || cancel.load(Ordering::Relaxed);
    if is_race(&ctx, &board, seat)
        && let Some(line) = race_line(&ctx, &board, seat, options.race_nodes, &budget)
        && let Some(&(from, to)) = line.first()
    {
        let best = Move {
            from,
            to,
            path: game
                .layout()
                .path(&board, seat, from, to)
                .expect("the solver's moves are legal"),
        };
        let needed = if same(&best, played) {
            Some(line.len() - 1)
        } else {
            race_line(&ctx, &after(played), seat, options.race_nodes, &budget).map(|l| l.len())
        };
        if stopped() {
            return None;
        }
        // Should the solver find no line after the played move, the search judges it.
        if let Some(needed) = needed {
            return Some(Judged {
                best,
                cost: Cost::moves((needed as u32 + 1).saturating_sub(line.len() as u32)),
                basis: Basis::Race,
            });
        }
    }
    if stopped() {
        return None;
    }
    let best = best_move(game, options.level, cancel)?;
    if same(&best, played) {
        return Some(Judged {
            best,
            cost: Cost::ZERO,
            basis: Basis::Search,
        });
    }
    if game.would_put_out(&played.path) && !game.would_put_out(&best.path) {
        // No search sees this: the evaluation knows nothing of being out.
        let needed = race_line(&ctx, &board, seat, options.race_nodes, &budget);
        if stopped() {
            return None;
        }
        return Some(Judged {
            best,
            cost: Cost::moves(needed.map_or(1, |l| l.len() as u32)),
            basis: Basis::PutOut,
        });
    }
    // The measure the engine's search used at this move, foresight's dropped weights too:
    // found only here, since only the search below reads the pace weights.
    drop_foreseen_paces(
        &mut ctx,
        game,
        options.level,
        &settings,
        hint_seed(game),
        &budget,
    );
    let width = match style(options.level).width {
        0 => 10,
        w => w,
    };
    let order = turn_order(game, options.level, &settings);
    let score = |m: &Move| {
        let mut searcher = Searcher::new(&ctx, &budget, options.nodes);
        searcher.width = width;
        searcher.turn_order = order;
        let root = [SMove {
            seat: seat as u8,
            from: m.from.index(),
            to: m.to.index(),
        }];
        let mut b = board;
        searcher
            .run(&mut b, &root, options.depth.max(1))
            .map(|f| f.score)
    };
    let (best_score, played_score) = (score(&best)?, score(played)?);
    if stopped() {
        return None;
    }
    let decided = |s: i32| s.abs() > WIN - 1000;
    let cost = if decided(best_score) || decided(played_score) {
        // A finish within the search's sight: count the seat's own moves to finish after each
        // move instead (everyone else standing still), which is what such scores stand for.
        let played_left = race_line(&ctx, &after(played), seat, options.race_nodes, &budget);
        let best_left = race_line(&ctx, &after(&best), seat, options.race_nodes, &budget);
        if stopped() {
            return None;
        }
        match (played_left, best_left) {
            (Some(p), Some(b)) => Cost::moves((p.len() as u32).saturating_sub(b.len() as u32)),
            _ => Cost::ZERO,
        }
    } else {
        let moves = (best_score - played_score) as f64 / eval_per_move(&ctx, seat);
        Cost((moves * 10.0).round().max(0.0) as u32)
    };
    Some(Judged {
        best,
        cost,
        basis: Basis::Search,
    })
}

/// The shortest line to finish `seat`'s goal from `board` with everyone else standing still:
/// the race player's beam gives a line, then IDA* looks for a shorter one within `nodes`
/// (and proves the beam's shortest when it searches every bound below without finding one).
/// Empty when the goal is already done; `None` when no line was found or the budget ran out.
fn race_line(
    ctx: &Ctx,
    board: &Board,
    seat: usize,
    nodes: u64,
    budget: &Budget,
) -> Option<Vec<(Hole, Hole)>> {
    if ctx.done(board, seat) {
        return Some(Vec::new());
    }
    let line = beam(ctx, board, seat, 200, 80, budget)?;
    if line.len() as u32 > holes_to_fill(ctx, board, seat)
        && let Some(better) = ida_star(ctx, board, seat, line.len() as u32 - 1, nodes, budget)
    {
        return Some(better);
    }
    (!budget.expired()).then_some(line)
}

/// Steps a move covers on average in the fastest known crossing: ten marbles travel 120 steps
/// from their home into the opposite point in 27 moves at best (Bell 2009).
const STEPS_PER_MOVE: f64 = 120.0 / 27.0;

/// Evaluation units worth one move to `seat`: what the evaluation charges per step, averaged
/// over a whole crossing from home to goal (the square term makes far steps dearer than near
/// ones), times the steps a move covers on average ([`STEPS_PER_MOVE`]). With ten marbles
/// this is the evaluation's whole crossing divided by 27 moves.
fn eval_per_move(ctx: &Ctx, seat: usize) -> f64 {
    let e = &ctx.seats[seat];
    let home = ctx.layout.seats[seat].home;
    let sum = |bits: crate::bitboard::Bits, f: &dyn Fn(usize) -> i64| -> i64 {
        bits.iter().map(|h| f(h as usize)).sum()
    };
    let value = |h: usize| e.value[h] as i64;
    let steps = |h: usize| e.tip[h] as i64;
    let worth = (sum(home, &value) - sum(e.goal, &value)) as f64;
    let travel = (sum(home, &steps) - sum(e.goal, &steps)) as f64;
    if worth <= 0.0 || travel <= 0.0 {
        // Weights that make no crossing worth anything: fall back to the distance term alone.
        return 16.0 * STEPS_PER_MOVE;
    }
    worth / travel * STEPS_PER_MOVE
}

#[cfg(test)]
mod tests {
    use super::*;

    /// With ten marbles, one move is the evaluation's crossing over 27 moves.
    #[test]
    fn a_move_is_a_27th_of_the_crossing_with_ten_marbles() {
        let game = Game::from_preset("casual", Some(2), None).unwrap();
        let ctx = level_context(&game, 0, Level::Expert, &Settings::default());
        let e = &ctx.seats[0];
        let home = ctx.layout.seats[0].home;
        let worth: i32 = home.iter().map(|h| e.value[h as usize]).sum::<i32>()
            - e.goal.iter().map(|h| e.value[h as usize]).sum::<i32>();
        let per = eval_per_move(&ctx, 0);
        assert!((per * 27.0 - worth as f64).abs() < 1e-6, "{per} {worth}");
    }
}
