//! Game-tree search: alpha-beta with principal variation search, a transposition table,
//! iterative deepening and move ordering by distance gained, killers and history. With more
//! than two players it is Best-Reply Search (Schadd & Winands 2011): the root player's moves
//! alternate with a single layer holding every opponent's moves, so only the strongest reply
//! of any opponent is considered.

use crate::ai::Budget;
use crate::bitboard::Bits;
use crate::board::{Dir, Hole};
use crate::movegen::{Reach, jumps_ready};
use crate::position::{Board, Layout};
use crate::rules::Finish;
use crate::zobrist;

/// Score of a won position (minus the plies it takes).
pub(crate) const WIN: i32 = 1_000_000;

/// Evaluation weights, tuned by self-play matches (`sternhalma-cli match --a-eval ...`).
/// A position's cost for one player is the sum of these terms; lower is better.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weights {
    /// Per step of distance still to travel (16 is one step).
    pub linear: i32,
    /// Per squared step of a marble's distance: a straggler costs more than its steps.
    pub square: i32,
    /// `square` for the hard and expert levels with three or four sides: a straggler left
    /// behind there is passed by the whole field. (Self-play, hard against three mediums,
    /// first places in 480 four-player games, `--seed` 1 to 4: 302 with 4, 282 with 2 or 3.)
    pub field_square: i32,
    /// Per marble still at home once the leaving-home deadline is near.
    pub late_home: i32,
    /// Taken off per forward jump a marble outside the goal could make now (ladders).
    pub ladder: i32,
    /// Taken off, on top of `ladder`, per forward jump over one's own marble (bridges stay
    /// where they are; other players' marbles may not).
    pub bridge: i32,
    /// Not a weight: how many of its best moves the expert plays out with foresight at a
    /// six-player table (0 turns foresight off).
    pub foresight: i32,
    /// Not a weight: how many of its last moves a seat must have made as the medium level
    /// would have for foresight to count on it.
    pub recognise: i32,
    /// Not a weight: how many of those moves may differ from the medium level's.
    pub misses: i32,
    /// Not a weight: 1 when foresight plays a round out only if every other seat still
    /// playing is foreseeable, 0 when also if some are (the others then stand still).
    pub foresee_all: i32,
}

impl Default for Weights {
    fn default() -> Self {
        Weights {
            linear: 16,
            square: 1,
            field_square: 4,
            late_home: 400,
            // Self-play found no gain from either (docs/ai.md, "Measured").
            ladder: 0,
            bridge: 0,
            foresight: 3,
            // A wrong model costs more than none: against five hard players, and a mixed
            // field where one seat is a medium (docs/ai.md, issue 19).
            recognise: 3,
            misses: 1,
            foresee_all: 1,
        }
    }
}

/// The largest weight [`Weights`] reads from text.
pub const MAX_WEIGHT: i32 = 10_000;

impl std::str::FromStr for Weights {
    type Err = String;

    /// Changes to the defaults, as `name=value` pairs separated by commas: `ladder=8,square=2`.
    fn from_str(s: &str) -> Result<Weights, String> {
        let mut w = Weights::default();
        for pair in s.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let (name, value) = pair
                .split_once('=')
                .ok_or_else(|| format!("'{pair}' is not name=value"))?;
            // Bounded so that no sum of terms can overflow.
            let value: i32 = value
                .trim()
                .parse()
                .ok()
                .filter(|v: &i32| v.abs() <= MAX_WEIGHT)
                .ok_or_else(|| {
                    format!("'{value}' is not a whole number from -{MAX_WEIGHT} to {MAX_WEIGHT}")
                })?;
            let slot = match name.trim() {
                "linear" => &mut w.linear,
                "square" => &mut w.square,
                "field_square" => &mut w.field_square,
                "late_home" => &mut w.late_home,
                "ladder" => &mut w.ladder,
                "bridge" => &mut w.bridge,
                "foresight" => &mut w.foresight,
                "recognise" => &mut w.recognise,
                "misses" => &mut w.misses,
                "foresee_all" => &mut w.foresee_all,
                other => {
                    return Err(format!(
                        "unknown weight '{other}' (linear, square, field_square, late_home, ladder, bridge, foresight, recognise, misses, foresee_all)"
                    ));
                }
            };
            *slot = value;
        }
        Ok(w)
    }
}

/// The fixed facts a search needs about each seat.
#[derive(Clone)]
pub(crate) struct SeatEval {
    /// Steps from each hole to the far tip of the goal.
    pub tip: [u8; 256],
    /// What a marble costs on each hole, by its distance (the weights' linear and square
    /// terms): looked up for every move at every leaf.
    pub value: [i32; 256],
    /// The holes by value, lowest first: the cheapest hole of a set is in the first of
    /// these it meets.
    pub by_value: Vec<(i32, Bits)>,
    pub goal: Bits,
    pub start_area: Bits,
    /// Marbles at home cost `late_home` each (0 when the deadline is far or off).
    pub home_penalty: i32,
    /// For each direction of `Dir::ALL`, the holes from which a jump that way lands nearer
    /// the goal's tip.
    pub forward: [Bits; 6],
}

/// Everything fixed during one search.
pub(crate) struct Ctx<'a> {
    pub layout: &'a Layout,
    pub finish: Finish,
    pub seats: Vec<SeatEval>,
    pub weights: Weights,
    /// The seat searching.
    pub root: usize,
    /// Seats of the root's side (itself and a partner), whose costs add up.
    pub friends: Vec<usize>,
    /// Seats still playing against the root.
    pub opponents: Vec<usize>,
    /// How much of the root's best next move a leaf counts (100 with two players).
    pub own_tempo_percent: i32,
    /// Unit of each seat, to judge anti-blocking fills in team games.
    pub partner: [Option<usize>; 6],
    /// Score against the opponents' average cost instead of the best opponent's.
    pub against_average: bool,
    /// At a leaf with the opponents to move, charge the mean of their best gains rather than
    /// the largest: every one of them moves before the root again, and against the average
    /// each counts for a share. (Self-play, expert against mediums, first places in 120
    /// four-player games: 77, 84 and 81 with `--seed` 1, 2 and 3, against 71, 69 and 67
    /// charging the largest. With six players it loses, 19 against 35: there the largest
    /// stays.)
    pub mean_replies: bool,
}

impl<'a> Ctx<'a> {
    pub fn seat_eval(layout: &Layout, seat: usize, weights: &Weights) -> SeatEval {
        let info = &layout.seats[seat];
        let tip = Hole::from_frame_of(info.point.opposite(), 4, -8).expect("every point has a tip");
        let mut t = [0u8; 256];
        for h in Hole::all() {
            t[h.index() as usize] = h.distance(tip) as u8;
        }
        let mut forward = [Bits::EMPTY; 6];
        for h in Hole::all() {
            for (i, d) in Dir::ALL.into_iter().enumerate() {
                if h.neighbour(d)
                    .and_then(|n| n.neighbour(d))
                    .is_some_and(|l| t[l.index() as usize] < t[h.index() as usize])
                {
                    forward[i].set(h.index());
                }
            }
        }
        let value = t.map(|d| {
            let d = d as i32;
            weights.linear * d + weights.square * d * d
        });
        let mut by_value: Vec<(i32, Bits)> = Vec::new();
        for h in Hole::all() {
            let v = value[h.index() as usize];
            match by_value.iter_mut().find(|(w, _)| *w == v) {
                Some((_, holes)) => holes.set(h.index()),
                None => by_value.push((v, Bits::bit(h.index()))),
            }
        }
        by_value.sort_by_key(|&(v, _)| v);
        SeatEval {
            forward,
            tip: t,
            value,
            by_value,
            goal: info.goal,
            start_area: info.start_area,
            home_penalty: 0,
        }
    }

    /// Distance cost of one seat's marbles.
    #[inline]
    pub fn cost(&self, board: &Board, seat: usize) -> i32 {
        let e = &self.seats[seat];
        let w = &self.weights;
        let mut c = 0;
        for h in board.marbles(seat).iter() {
            c += e.value[h as usize];
        }
        if e.home_penalty > 0 {
            c += e.home_penalty * (board.marbles(seat) & e.start_area).count() as i32;
        }
        if w.ladder != 0 || w.bridge != 0 {
            let own = board.marbles(seat) & !e.goal;
            let (any, mine) = jumps_ready(board.occupied(), own, &e.forward);
            c -= w.ladder * any as i32 + w.bridge * mine as i32;
        }
        c
    }

    /// Cost of the root's side.
    pub fn root_cost(&self, board: &Board) -> i32 {
        self.friends.iter().map(|&s| self.cost(board, s)).sum()
    }

    /// Whether `seat`'s goal is done on `board`.
    #[inline]
    pub fn done(&self, board: &Board, seat: usize) -> bool {
        let goal = self.seats[seat].goal;
        let own = board.marbles(seat) & goal;
        match self.finish {
            Finish::Strict => own == goal,
            Finish::AntiBlocking => {
                let mut fill = board.occupied();
                if let Some(p) = self.partner[seat] {
                    fill &= !board.marbles(p);
                }
                (fill & goal) == goal && !own.is_empty()
            }
        }
    }

    /// How much `seat`'s best single move would lower its cost: the side to move at a leaf
    /// is about to take it, which a static count of distances cannot see.
    pub fn best_gain(&self, board: &Board, seat: usize) -> i32 {
        self.best_gain_with(&mut Reach::new(board.occupied()), board, seat, 0)
    }

    /// [`Ctx::best_gain`] sharing jump components with other seats' calls on `board`, or
    /// `floor` if that is more: marbles that cannot gain more than it are not looked at.
    pub fn best_gain_with(&self, reach: &mut Reach, board: &Board, seat: usize, floor: i32) -> i32 {
        let e = &self.seats[seat];
        self.layout
            .best_drop(reach, board, seat, &e.value, &e.by_value, floor)
    }

    /// Score from the root's point of view: the best opponent's cost minus the root's.
    pub fn evaluate(&self, board: &Board) -> i32 {
        let mine = self.root_cost(board);
        let theirs = if self.friends.len() > 1 {
            // Teams: add up each opposing team.
            let mut best = i32::MAX;
            for &o in &self.opponents {
                let c = self.cost(board, o) + self.partner[o].map_or(0, |p| self.cost(board, p));
                best = best.min(c);
            }
            best
        } else if self.against_average && !self.opponents.is_empty() {
            let total: i32 = self.opponents.iter().map(|&o| self.cost(board, o)).sum();
            total / self.opponents.len() as i32
        } else {
            self.opponents
                .iter()
                .map(|&o| self.cost(board, o))
                .min()
                .unwrap_or(0)
        };
        theirs - mine
    }
}

/// A move inside the search: who moves, from where, to where.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub(crate) struct SMove {
    pub seat: u8,
    pub from: u8,
    pub to: u8,
}

impl SMove {
    /// Every legal move of `seat`, as the search plays them.
    pub(crate) fn all(layout: &Layout, board: &Board, seat: usize) -> Vec<SMove> {
        layout
            .moves(board, seat)
            .pairs()
            .map(|(f, t)| SMove {
                seat: seat as u8,
                from: f.index(),
                to: t.index(),
            })
            .collect()
    }

    pub(crate) fn origin(self) -> Hole {
        Hole::from_index(self.from).expect("hole")
    }
    pub(crate) fn target(self) -> Hole {
        Hole::from_index(self.to).expect("hole")
    }
}

#[derive(Clone, Copy, Default)]
struct Entry {
    key: u64,
    best: SMove,
    score: i32,
    depth: i8,
    bound: u8,
    /// The search that wrote it: entries of earlier searches count as empty.
    stamp: u32,
}

/// A transposition table that outlives its search, so the next one need not clear it.
struct Table {
    entries: Vec<Entry>,
    /// Leaf scores by position (key, score, stamp): the same leaf is reached by playing the
    /// root's two moves in either order, and scoring it lists every opponent's moves.
    leaves: Vec<(u64, i32, u32)>,
    /// Stamp of the search using it now.
    stamp: u32,
}

impl Table {
    const SIZE: usize = 1 << 18;
    const LEAVES: usize = 1 << 14;

    /// A table that looks empty: a spare one of this thread's when there is one. Foresight
    /// runs some forty small searches a move, and clearing a fresh 6 MB table cost more time
    /// than many of them.
    fn take() -> Table {
        let mut table = SPARE_TABLES
            .with_borrow_mut(Vec::pop)
            .unwrap_or_else(|| Table {
                entries: vec![Entry::default(); Self::SIZE],
                leaves: vec![(0, 0, 0); Self::LEAVES],
                stamp: 0,
            });
        table.stamp = table.stamp.wrapping_add(1);
        if table.stamp == 0 {
            table.entries.fill(Entry::default());
            table.leaves.fill((0, 0, 0));
            table.stamp = 1;
        }
        table
    }

    /// Keeps the table for the next search on this thread: one, as a thread's searches run
    /// one after another, so a worker thread keeps some 6.5 MB.
    fn give_back(self) {
        SPARE_TABLES.with_borrow_mut(|spare| {
            if spare.is_empty() {
                spare.push(self);
            }
        });
    }
}

thread_local! {
    /// Tables of finished searches on this thread, for the next ones.
    static SPARE_TABLES: std::cell::RefCell<Vec<Table>> = const { std::cell::RefCell::new(Vec::new()) };
}

const EXACT: u8 = 0;
/// Mixed into a leaf's key by who is to move there (the root, or its opponents).
const LEAF_MAX: u64 = 0x5851_F42D_4C95_7F2D;
const LEAF_MIN: u64 = 0x1405_7B7E_F767_814F;
const LOWER: u8 = 1;
const UPPER: u8 = 2;

/// The searcher: tables that live for one move decision.
pub(crate) struct Searcher<'a, 'b> {
    ctx: &'a Ctx<'a>,
    budget: &'a Budget<'b>,
    tt: Table,
    history: Vec<i32>,
    killers: [[SMove; 2]; 64],
    pub nodes: u64,
    max_nodes: u64,
    stopped: bool,
    /// Moves whose gain is below this are not searched below the root.
    min_gain: i32,
    /// Below the root only this many moves (best first) are searched at a node.
    pub width: usize,
    /// The root moves of the last iteration searched in full, best first (foresight plays
    /// the first few out).
    pub ranked: Vec<SMove>,
}

impl Drop for Searcher<'_, '_> {
    fn drop(&mut self) {
        let table = std::mem::replace(
            &mut self.tt,
            Table {
                entries: Vec::new(),
                leaves: Vec::new(),
                stamp: 0,
            },
        );
        table.give_back();
    }
}

/// Where a search ended.
pub(crate) struct Found {
    pub best: SMove,
    pub score: i32,
}

impl<'a, 'b> Searcher<'a, 'b> {
    pub fn new(ctx: &'a Ctx<'a>, budget: &'a Budget<'b>, max_nodes: u64) -> Self {
        Searcher {
            ctx,
            budget,
            tt: Table::take(),
            history: vec![0; 6 * 256 * 256 / 64],
            killers: [[SMove::default(); 2]; 64],
            nodes: 0,
            max_nodes,
            stopped: false,
            min_gain: -1,
            width: usize::MAX,
            ranked: Vec::new(),
        }
    }

    fn hist_index(m: SMove) -> usize {
        // Fold (seat, from, to) into a small table; collisions only blur the ordering.
        ((m.seat as usize * 256 + m.from as usize) * 256 + m.to as usize) % (6 * 256 * 256 / 64)
    }

    #[inline]
    fn gain(&self, m: SMove) -> i32 {
        let t = &self.ctx.seats[m.seat as usize].tip;
        t[m.from as usize] as i32 - t[m.to as usize] as i32
    }

    /// Moves of the side to move at a node, best first by a cheap estimate.
    fn generate(
        &self,
        board: &Board,
        maximizing: bool,
        tt_move: SMove,
        ply: usize,
        root: bool,
    ) -> Vec<SMove> {
        let mut out: Vec<(i32, SMove)> = Vec::with_capacity(64);
        let ctx = self.ctx;
        let seats: &[usize] = if maximizing {
            std::slice::from_ref(&ctx.root)
        } else {
            &ctx.opponents
        };
        let mut reach = Reach::new(board.occupied());
        for &seat in seats {
            let list = ctx.layout.moves_with(&mut reach, board, seat);
            for (from, dests) in list.iter() {
                for to in dests.iter() {
                    let m = SMove {
                        seat: seat as u8,
                        from: from.index(),
                        to,
                    };
                    let g = self.gain(m);
                    if !root && g < self.min_gain {
                        continue;
                    }
                    let mut key = g * 1_000_000 + self.history[Self::hist_index(m)].min(999_999);
                    if m == tt_move {
                        key = i32::MAX;
                    } else if ply < 64 && (self.killers[ply][0] == m || self.killers[ply][1] == m) {
                        key += 500_000;
                    }
                    out.push((key, m));
                }
            }
        }
        if out.is_empty() && !root {
            // Everything was pruned: fall back to all moves.
            for &seat in seats {
                for m in SMove::all(ctx.layout, board, seat) {
                    out.push((self.gain(m), m));
                }
            }
        }
        out.sort_unstable_by_key(|p| std::cmp::Reverse(p.0));
        if !root {
            out.truncate(self.width);
        }
        out.into_iter().map(|p| p.1).collect()
    }

    fn check_stop(&mut self) -> bool {
        if self.stopped {
            return true;
        }
        if self.nodes >= self.max_nodes || (self.nodes & 1023 == 0 && self.budget.expired()) {
            self.stopped = true;
        }
        self.stopped
    }

    /// Iterative deepening over `root_moves` (already filtered by the caller). When the
    /// budget runs out mid-iteration, the moves searched fully at that depth still count:
    /// the previous best is searched first, so the result is never worse informed.
    pub fn run(
        &mut self,
        board: &mut Board,
        root_moves: &[SMove],
        max_depth: u32,
    ) -> Option<Found> {
        let mut found: Option<Found> = None;
        let mut order: Vec<SMove> = root_moves.to_vec();
        order.sort_by_key(|&m| -self.gain(m));
        for depth in 1..=max_depth {
            let mut alpha = -WIN - 1;
            let mut scored: Vec<(i32, SMove)> = Vec::with_capacity(order.len());
            for (i, &m) in order.iter().enumerate() {
                let score = self.child(board, m, depth as i32 - 1, alpha, WIN + 1, 1, i == 0);
                if self.stopped {
                    break;
                }
                scored.push((score, m));
                alpha = alpha.max(score);
            }
            // Stable sort: equal scores keep the previous order.
            scored.sort_by_key(|p| std::cmp::Reverse(p.0));
            if let Some(&(score, best)) = scored.first() {
                found = Some(Found { best, score });
            }
            if self.stopped {
                break;
            }
            order = scored.into_iter().map(|p| p.1).collect();
            self.ranked.clone_from(&order);
            if found.as_ref().is_some_and(|f| f.score.abs() > WIN - 1000) {
                break;
            }
        }
        found
    }

    /// Score of playing root move `m` (from the root's view).
    #[allow(clippy::too_many_arguments)]
    fn child(
        &mut self,
        board: &mut Board,
        m: SMove,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
        full: bool,
    ) -> i32 {
        board.shift(m.seat as usize, m.origin(), m.target());
        let score = if self.ctx.done(board, m.seat as usize) {
            WIN - ply as i32
        } else if full {
            self.search(board, depth, alpha, beta, false, ply)
        } else {
            // Principal variation search: prove the move is no better with a null window.
            let s = self.search(board, depth, alpha, alpha + 1, false, ply);
            if s > alpha && s < beta && !self.stopped {
                self.search(board, depth, alpha, beta, false, ply)
            } else {
                s
            }
        };
        board.shift(m.seat as usize, m.target(), m.origin());
        score
    }

    /// Static score plus the move the side to move is about to make.
    fn leaf(&self, board: &Board, maximizing: bool) -> i32 {
        let ctx = self.ctx;
        let base = ctx.evaluate(board);
        if maximizing {
            base + ctx.best_gain(board, ctx.root) * ctx.own_tempo_percent / 100
        } else {
            let mut reach = Reach::new(board.occupied());
            let opponents = &ctx.opponents;
            if ctx.mean_replies && !opponents.is_empty() {
                let gains = opponents
                    .iter()
                    .map(|&o| ctx.best_gain_with(&mut reach, board, o, 0));
                base - gains.sum::<i32>() / opponents.len() as i32
            } else {
                // The largest gain: each opponent only has to beat the ones before it.
                let most = opponents
                    .iter()
                    .fold(0, |most, &o| ctx.best_gain_with(&mut reach, board, o, most));
                base - most
            }
        }
    }

    fn search(
        &mut self,
        board: &mut Board,
        depth: i32,
        mut alpha: i32,
        mut beta: i32,
        maximizing: bool,
        ply: usize,
    ) -> i32 {
        self.nodes += 1;
        if self.check_stop() {
            return self.ctx.evaluate(board);
        }
        if depth <= 0 {
            let key = board.hash() ^ if maximizing { LEAF_MAX } else { LEAF_MIN };
            let slot = (key as usize) & (Table::LEAVES - 1);
            let (k, score, stamp) = self.tt.leaves[slot];
            if k == key && stamp == self.tt.stamp {
                return score;
            }
            let score = self.leaf(board, maximizing);
            self.tt.leaves[slot] = (key, score, self.tt.stamp);
            return score;
        }
        let key = board.hash() ^ if maximizing { 0 } else { zobrist::to_move(5) };
        let slot = (key as usize) & (Table::SIZE - 1);
        let e = self.tt.entries[slot];
        let mut tt_move = SMove::default();
        if e.stamp == self.tt.stamp && e.key == key {
            tt_move = e.best;
            if e.depth as i32 >= depth {
                match e.bound {
                    EXACT => return e.score,
                    LOWER => alpha = alpha.max(e.score),
                    _ => beta = beta.min(e.score),
                }
                if alpha >= beta {
                    return e.score;
                }
            }
        }
        let moves = self.generate(board, maximizing, tt_move, ply, false);
        if moves.is_empty() {
            // This side cannot move: it passes.
            return self.search(board, depth - 1, alpha, beta, !maximizing, ply + 1);
        }
        let (a0, b0) = (alpha, beta);
        let mut best = if maximizing { -WIN - 1 } else { WIN + 1 };
        let mut best_move = moves[0];
        for (i, &m) in moves.iter().enumerate() {
            let seat = m.seat as usize;
            board.shift(seat, m.origin(), m.target());
            let score = if self.ctx.done(board, seat) {
                if maximizing {
                    WIN - ply as i32
                } else {
                    -WIN + ply as i32
                }
            } else if i == 0 {
                self.search(board, depth - 1, alpha, beta, !maximizing, ply + 1)
            } else if maximizing {
                let s = self.search(board, depth - 1, alpha, alpha + 1, false, ply + 1);
                if s > alpha && s < beta && !self.stopped {
                    self.search(board, depth - 1, alpha, beta, false, ply + 1)
                } else {
                    s
                }
            } else {
                let s = self.search(board, depth - 1, beta - 1, beta, true, ply + 1);
                if s < beta && s > alpha && !self.stopped {
                    self.search(board, depth - 1, alpha, beta, true, ply + 1)
                } else {
                    s
                }
            };
            board.shift(seat, m.target(), m.origin());
            if self.stopped {
                return if i == 0 { score } else { best };
            }
            if maximizing {
                if score > best {
                    best = score;
                    best_move = m;
                }
                alpha = alpha.max(score);
            } else {
                if score < best {
                    best = score;
                    best_move = m;
                }
                beta = beta.min(score);
            }
            if alpha >= beta {
                if ply < 64 && self.killers[ply][0] != m {
                    self.killers[ply][1] = self.killers[ply][0];
                    self.killers[ply][0] = m;
                }
                let h = &mut self.history[Self::hist_index(m)];
                *h = h.saturating_add(depth * depth);
                break;
            }
        }
        // Scores are from the root's view at every node, so bounds mean the same at both kinds.
        let bound = if best <= a0 {
            UPPER
        } else if best >= b0 {
            LOWER
        } else {
            EXACT
        };
        self.tt.entries[slot] = Entry {
            key,
            best: best_move,
            score: best,
            depth: depth as i8,
            bound,
            stamp: self.tt.stamp,
        };
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{RuleSet, Setup};
    use crate::zobrist::splitmix;

    #[test]
    fn weights_read_from_name_value_pairs_and_refuse_anything_else() {
        let w: Weights = "ladder=8, bridge=-2,square=3".parse().unwrap();
        assert_eq!(
            w,
            Weights {
                ladder: 8,
                bridge: -2,
                square: 3,
                ..Weights::default()
            }
        );
        assert_eq!("".parse::<Weights>().unwrap(), Weights::default());
        assert!("ladder".parse::<Weights>().is_err());
        assert!("ladder=x".parse::<Weights>().is_err());
        assert!("ladder=10001".parse::<Weights>().is_err());
        assert!("linear=-99999999999".parse::<Weights>().is_err());
        assert_eq!("square=-10000".parse::<Weights>().unwrap().square, -10_000);
        assert!("rungs=3".parse::<Weights>().is_err());
        assert_eq!("field_square=2".parse::<Weights>().unwrap().field_square, 2);
        assert_eq!("foresight=0".parse::<Weights>().unwrap().foresight, 0);
        let w: Weights = "recognise=3,misses=1,foresee_all=1".parse().unwrap();
        assert_eq!((w.recognise, w.misses, w.foresee_all), (3, 1, 1));
    }

    /// With the opponents to move, a leaf charges the mean of their best next gains when
    /// `mean_replies` is set, and the largest otherwise; the root's own move is unaffected.
    #[test]
    fn a_leaf_charges_the_mean_or_the_largest_of_the_opponents_next_gains() {
        use crate::ai::{Budget, context};
        use crate::game::Game;
        let setup = Setup::new(4, 10, false).unwrap();
        let mut game = Game::new(setup, RuleSet::preset("casual").unwrap()).unwrap();
        // Each seat in turn plays its greediest or second-greediest move (seeded), which
        // leaves the three opponents of seat 0 with different best next gains.
        let mut r = 3u64;
        for _ in 0..23 {
            let seat = game.to_move().unwrap();
            let ctx = context(&game, seat, Weights::default());
            let tip = &ctx.seats[seat].tip;
            let mut moves: Vec<_> = game.layout().moves(game.board(), seat).pairs().collect();
            moves.sort_by_key(|&(f, t)| {
                tip[t.index() as usize] as i32 - tip[f.index() as usize] as i32
            });
            r = splitmix(r);
            let (f, t) = moves[(r % 2) as usize];
            let path = game.layout().path(game.board(), seat, f, t).unwrap();
            game.play(&path).unwrap();
        }
        let board = *game.board();
        let mut ctx = context(&game, 0, Weights::default());
        ctx.against_average = true;
        let gains: Vec<i32> = ctx
            .opponents
            .iter()
            .map(|&o| ctx.best_gain(&board, o))
            .collect();
        assert_eq!(gains.len(), 3);
        let mean = gains.iter().sum::<i32>() / 3;
        let max = *gains.iter().max().unwrap();
        assert!(
            mean < max,
            "the position must tell the two apart: {gains:?}"
        );
        let budget = Budget::unlimited();
        let base = ctx.evaluate(&board);
        let own = ctx.best_gain(&board, 0);
        for (mean_replies, charged) in [(false, max), (true, mean)] {
            ctx.mean_replies = mean_replies;
            let searcher = Searcher::new(&ctx, &budget, 1);
            assert_eq!(searcher.leaf(&board, false), base - charged);
            assert_eq!(searcher.leaf(&board, true), base + own);
        }
    }

    /// Ladders and bridges counted with shifts agree with a hole-by-hole count, for every
    /// seat of a six-player board filled at random.
    #[test]
    fn ready_jumps_match_a_hole_by_hole_count() {
        let setup = Setup::new(6, 10, false).unwrap();
        let layout = Layout::new(setup, &RuleSet::default());
        let holes: Vec<Hole> = Hole::all().collect();
        let mut r = 7u64;
        for _ in 0..200 {
            let mut board = Board::empty();
            for &h in &holes {
                r = splitmix(r);
                if r.is_multiple_of(3) {
                    board.put((r >> 8) as usize % 6, h);
                }
            }
            for seat in 0..6 {
                let e = Ctx::seat_eval(&layout, seat, &Weights::default());
                let own = board.marbles(seat);
                let (mut any, mut mine) = (0, 0);
                for h in own.iter().map(|i| Hole::from_index(i).unwrap()) {
                    for d in Dir::ALL {
                        let (Some(over), Some(land)) =
                            (h.neighbour(d), h.neighbour(d).and_then(|n| n.neighbour(d)))
                        else {
                            continue;
                        };
                        if e.tip[land.index() as usize] >= e.tip[h.index() as usize] {
                            continue;
                        }
                        if board.owner(over).is_some() && board.owner(land).is_none() {
                            any += 1;
                            if board.owner(over) == Some(seat) {
                                mine += 1;
                            }
                        }
                    }
                }
                assert_eq!(jumps_ready(board.occupied(), own, &e.forward), (any, mine));
            }
        }
    }

    /// The leaves' best gain, skipping marbles and sharing chain ends between marbles and
    /// seats, equals the best of every listed move: for short and long jumps, with and
    /// without goal lock and resting in other points, for weights whose cost is not
    /// monotonic in the distance, and with floors below and above the answer.
    #[test]
    fn best_gains_match_the_best_of_all_listed_moves() {
        let setup = Setup::new(6, 10, false).unwrap();
        let casual = RuleSet::preset("casual").unwrap();
        let rule_sets = [
            casual.clone(),
            RuleSet::preset("classic").unwrap(),
            RuleSet::preset("long-jumps").unwrap(),
            RuleSet {
                goal_lock: true,
                ..casual
            },
        ];
        let weight_sets = [Weights::default(), "linear=30, square=-2".parse().unwrap()];
        let holes: Vec<Hole> = Hole::all().collect();
        let mut r = 11u64;
        let mut checked = 0;
        for rules in &rule_sets {
            let layout = Layout::new(setup, rules);
            for weights in &weight_sets {
                let evals: Vec<SeatEval> = (0..6)
                    .map(|s| Ctx::seat_eval(&layout, s, weights))
                    .collect();
                for round in 0..60 {
                    let mut board = Board::empty();
                    for &h in &holes {
                        r = splitmix(r);
                        let seat = (r >> 8) as usize % 6;
                        if r % 7 < 2 + round % 4 && board.marbles(seat).count() < 10 {
                            board.put(seat, h);
                        }
                    }
                    let mut reach = Reach::new(board.occupied());
                    for (seat, e) in evals.iter().enumerate() {
                        let listed = layout
                            .moves(&board, seat)
                            .pairs()
                            .map(|(f, t)| e.value[f.index() as usize] - e.value[t.index() as usize])
                            .max()
                            .unwrap_or(0)
                            .max(0);
                        r = splitmix(r);
                        let floor = (r % 400) as i32 - 100;
                        for floor in [0, floor] {
                            let found = layout.best_drop(
                                &mut reach,
                                &board,
                                seat,
                                &e.value,
                                &e.by_value,
                                floor,
                            );
                            assert_eq!(found, listed.max(floor), "seat {seat}, floor {floor}");
                            checked += 1;
                        }
                    }
                }
            }
        }
        assert_eq!(checked, 4 * 2 * 60 * 6 * 2);
    }

    /// Searches reuse their thread's tables: a search repeated after others on the same
    /// thread finds the same move and score with the same number of nodes, as a fresh
    /// table would.
    #[test]
    fn a_search_is_unchanged_by_the_searches_before_it_on_its_thread() {
        use crate::ai::{Budget, context};
        use crate::game::Game;
        let search = |game: &Game| {
            let seat = game.to_move().unwrap();
            let ctx = context(game, seat, Weights::default());
            let budget = Budget::unlimited();
            let mut board = *game.board();
            let root = SMove::all(game.layout(), &board, seat);
            let mut searcher = Searcher::new(&ctx, &budget, 30_000);
            let found = searcher.run(&mut board, &root, 4).unwrap();
            (found.best, found.score, searcher.nodes)
        };
        let mut game = Game::from_preset("casual", Some(3), None).unwrap();
        let first = search(&game);
        let mut others = Vec::new();
        for _ in 0..5 {
            let (best, ..) = search(&game);
            let path = game
                .layout()
                .path(
                    game.board(),
                    game.to_move().unwrap(),
                    best.origin(),
                    best.target(),
                )
                .unwrap();
            game.play(&path).unwrap();
            others.push(search(&game));
        }
        let start = Game::from_preset("casual", Some(3), None).unwrap();
        assert_eq!(search(&start), first);
        assert!(
            others.iter().any(|o| o.2 != first.2),
            "the other searches differ"
        );
    }
}
