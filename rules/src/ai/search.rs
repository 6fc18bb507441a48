//! Game-tree search: alpha-beta with principal variation search, a transposition table,
//! iterative deepening and move ordering by distance gained, killers and history. With more
//! than two players it is Best-Reply Search (Schadd & Winands 2011): the root player's moves
//! alternate with a single layer holding every opponent's moves, so only the strongest reply
//! of any opponent is considered. With teams it can instead follow the real turn order
//! ([`Searcher::turn_order`]): each seat moves in turn, partners for the root's side and
//! opponents against it (with two teams that is plain minimax). What a position is worth is
//! `evaluation`'s; this module only decides which positions to look at.

use super::evaluation::Ctx;
use super::table::{EXACT, Entry, LEAF_MAX, LEAF_MIN, LOWER, Table, UPPER};
use crate::ai::Budget;
use crate::board::Hole;
use crate::movegen::Reach;
use crate::position::{Board, Layout};
use crate::zobrist;

/// Score of a won position (minus the plies it takes).
pub(crate) const WIN: i32 = 1_000_000;

/// Told into the keys of turn-order nodes, so that they never meet Best-Reply Search's.
const SEAT_KEY: u64 = 0x7e3a_91c4_5b20_d86f;

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

/// Who moves at a node.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Side {
    /// Best-Reply Search: the root's own move.
    Root,
    /// Best-Reply Search: one move of any opponent.
    Replies,
    /// In turn order: this seat's move.
    Seat(u8),
}

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
    /// Follow the real turn order (seat by seat, partners with the root) instead of
    /// Best-Reply Search's alternation of the root with every opponent at once. A side wins
    /// when all its seats are home.
    pub turn_order: bool,
    /// The seats in play, in turn order: the root's side and its opponents.
    seats: Vec<usize>,
}

impl Drop for Searcher<'_, '_> {
    fn drop(&mut self) {
        std::mem::replace(&mut self.tt, Table::empty()).give_back();
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
            turn_order: false,
            seats: {
                let mut seats: Vec<usize> =
                    ctx.friends.iter().chain(&ctx.opponents).copied().collect();
                seats.sort_unstable();
                seats
            },
        }
    }

    /// Whether `side` plays for the root.
    #[inline]
    fn friendly(&self, side: Side) -> bool {
        match side {
            Side::Root => true,
            Side::Replies => false,
            Side::Seat(s) => self.ctx.friends.contains(&(s as usize)),
        }
    }

    /// Who moves after `side` on `board`: in turn order, the next seat not yet home.
    fn next(&self, side: Side, board: &Board) -> Side {
        match side {
            Side::Root => Side::Replies,
            Side::Replies => Side::Root,
            Side::Seat(s) => {
                let n = self.seats.len();
                let at = self
                    .seats
                    .iter()
                    .position(|&x| x == s as usize)
                    .unwrap_or(0);
                (1..=n)
                    .map(|k| self.seats[(at + k) % n])
                    .find(|&o| !self.ctx.done(board, o))
                    .map_or(side, |o| Side::Seat(o as u8))
            }
        }
    }

    /// The side that moves after the root's move.
    fn after_root(&self, board: &Board) -> Side {
        if self.turn_order {
            self.next(Side::Seat(self.ctx.root as u8), board)
        } else {
            Side::Replies
        }
    }

    /// Whether `seat`'s move just ended the search's game: its seat is home (in turn
    /// order: its whole side).
    #[inline]
    fn ends(&self, board: &Board, seat: usize) -> bool {
        self.ctx.done(board, seat)
            && (!self.turn_order || self.ctx.partner[seat].is_none_or(|p| self.ctx.done(board, p)))
    }

    /// The transposition key of `board` with `side` to move.
    #[inline]
    fn key(board: &Board, side: Side) -> u64 {
        board.hash()
            ^ match side {
                Side::Root => 0,
                Side::Replies => zobrist::to_move(5),
                Side::Seat(s) => zobrist::to_move(s as usize) ^ SEAT_KEY,
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
        side: Side,
        tt_move: SMove,
        ply: usize,
        root: bool,
    ) -> Vec<SMove> {
        let mut out: Vec<(i32, SMove)> = Vec::with_capacity(64);
        let ctx = self.ctx;
        let one;
        let seats: &[usize] = match side {
            Side::Root => std::slice::from_ref(&ctx.root),
            Side::Replies => &ctx.opponents,
            Side::Seat(s) => {
                one = [s as usize];
                &one
            }
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
                let score = self.child(board, m, depth as i32 - 1, alpha, WIN + 1, i == 0);
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
        full: bool,
    ) -> i32 {
        board.shift(m.seat as usize, m.origin(), m.target());
        let side = self.after_root(board);
        let score = if self.ends(board, m.seat as usize) {
            WIN - 1
        } else if full {
            self.search(board, depth, alpha, beta, side, 1)
        } else {
            // Principal variation search: prove the move is no better with a null window.
            let s = self.search(board, depth, alpha, alpha + 1, side, 1);
            if s > alpha && s < beta && !self.stopped {
                self.search(board, depth, alpha, beta, side, 1)
            } else {
                s
            }
        };
        board.shift(m.seat as usize, m.target(), m.origin());
        score
    }

    /// Static score plus the move the side to move is about to make.
    fn leaf(&self, board: &Board, side: Side) -> i32 {
        let ctx = self.ctx;
        let opponents = &ctx.opponents;
        if side == Side::Replies && ctx.mean_replies && !opponents.is_empty() {
            // The mean of the opponents' best next gains, weighed as their costs are.
            let mut reach = Reach::new(board.occupied());
            let (base, gains) = ctx
                .evaluate_with_field_mean(board, |o| ctx.best_gain_with(&mut reach, board, o, 0));
            return base - gains;
        }
        let base = ctx.evaluate(board);
        // A seat of the root's side counts its share of its best next move, an opponent all.
        let own = |seat: usize| base + ctx.best_gain(board, seat) * ctx.own_tempo_percent / 100;
        match side {
            Side::Root => own(ctx.root),
            Side::Seat(s) if self.friendly(side) => own(s as usize),
            Side::Seat(s) => base - ctx.best_gain(board, s as usize),
            Side::Replies => {
                // The largest gain: each opponent only has to beat the ones before it.
                let mut reach = Reach::new(board.occupied());
                base - opponents
                    .iter()
                    .fold(0, |most, &o| ctx.best_gain_with(&mut reach, board, o, most))
            }
        }
    }

    fn search(
        &mut self,
        board: &mut Board,
        depth: i32,
        mut alpha: i32,
        mut beta: i32,
        side: Side,
        ply: usize,
    ) -> i32 {
        self.nodes += 1;
        if self.check_stop() {
            return self.ctx.evaluate(board);
        }
        let maximizing = self.friendly(side);
        if depth <= 0 {
            let key = match side {
                Side::Root => board.hash() ^ LEAF_MAX,
                Side::Replies => board.hash() ^ LEAF_MIN,
                Side::Seat(_) => Self::key(board, side) ^ LEAF_MAX,
            };
            let slot = (key as usize) & (Table::LEAVES - 1);
            let (k, score, stamp) = self.tt.leaves[slot];
            if k == key && stamp == self.tt.stamp {
                return score;
            }
            let score = self.leaf(board, side);
            self.tt.leaves[slot] = (key, score, self.tt.stamp);
            return score;
        }
        let key = Self::key(board, side);
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
        let moves = self.generate(board, side, tt_move, ply, false);
        if moves.is_empty() {
            // This side cannot move: it passes.
            let next = self.next(side, board);
            return self.search(board, depth - 1, alpha, beta, next, ply + 1);
        }
        let (a0, b0) = (alpha, beta);
        let mut best = if maximizing { -WIN - 1 } else { WIN + 1 };
        let mut best_move = moves[0];
        for (i, &m) in moves.iter().enumerate() {
            let seat = m.seat as usize;
            board.shift(seat, m.origin(), m.target());
            let next = self.next(side, board);
            let score = if self.ends(board, seat) {
                if maximizing {
                    WIN - ply as i32
                } else {
                    -WIN + ply as i32
                }
            } else if i == 0 {
                self.search(board, depth - 1, alpha, beta, next, ply + 1)
            } else {
                // Principal variation search: prove the move is no better than the best so
                // far with a null window, and search it in full only if it is.
                let (lo, hi) = if maximizing {
                    (alpha, alpha + 1)
                } else {
                    (beta - 1, beta)
                };
                let s = self.search(board, depth - 1, lo, hi, next, ply + 1);
                if s > alpha && s < beta && !self.stopped {
                    self.search(board, depth - 1, alpha, beta, next, ply + 1)
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
    use crate::ai::{Weights, context};
    use crate::rules::{RuleSet, Setup};
    use crate::zobrist::splitmix;

    /// With the opponents to move, a leaf charges the mean of their best next gains when
    /// `mean_replies` is set, and the largest otherwise; the root's own move is unaffected.
    #[test]
    fn a_leaf_charges_the_mean_or_the_largest_of_the_opponents_next_gains() {
        use crate::ai::Budget;
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
            assert_eq!(searcher.leaf(&board, Side::Replies), base - charged);
            assert_eq!(searcher.leaf(&board, Side::Root), base + own);
        }
    }

    /// Plain minimax in the real turn order, worked out here from the set-up (seats in
    /// turn, skipping those home; a side wins when all its seats are home), with the
    /// search's leaves and move filter but no pruning, table or ordering.
    fn minimax(s: &Searcher, setup: Setup, board: &mut Board, depth: i32, seat: usize) -> i32 {
        let ctx = s.ctx;
        let n = setup.players as usize;
        if depth <= 0 {
            return s.leaf(board, Side::Seat(seat as u8));
        }
        let next = |board: &Board| {
            (1..=n)
                .map(|k| (seat + k) % n)
                .find(|&o| !ctx.done(board, o))
                .unwrap()
        };
        let all = SMove::all(ctx.layout, board, seat);
        let kept: Vec<SMove> = all.iter().copied().filter(|&m| s.gain(m) >= -1).collect();
        let moves = if kept.is_empty() { all } else { kept };
        if moves.is_empty() {
            let after = next(board);
            return minimax(s, setup, board, depth - 1, after);
        }
        let ours = setup.unit_of(seat) == setup.unit_of(ctx.root);
        let mut best = if ours { i32::MIN } else { i32::MAX };
        for m in moves {
            board.shift(seat, m.origin(), m.target());
            let home = setup
                .seats_of(setup.unit_of(seat))
                .all(|o| ctx.done(board, o));
            let score = if home {
                (WIN - DEPTH as i32 + depth) * if ours { 1 } else { -1 }
            } else {
                let after = next(board);
                minimax(s, setup, board, depth - 1, after)
            };
            board.shift(seat, m.target(), m.origin());
            best = if ours {
                best.max(score)
            } else {
                best.min(score)
            };
        }
        best
    }

    /// The depth of the searches compared with plain minimax.
    const DEPTH: u32 = 3;

    /// With teams, the turn-order search moves each seat in turn (partners for the root's
    /// side, opponents against it) and, with no width or node limit, scores the root's best
    /// move exactly as plain minimax over that order does, through a game's opening, middle
    /// and end (where seats already home are passed over).
    #[test]
    fn the_turn_order_search_of_two_teams_is_minimax_over_the_seats_in_turn() {
        use crate::ai::{Budget, Level, Settings, choose_move, choose_move_weighted};
        use crate::game::Game;
        let mut game = Game::from_preset("pairs", Some(4), None).unwrap();
        let budget = Budget::unlimited();
        let mut checked = 0;
        let mut saw_home = false;
        for turn in 0..400 {
            let Some(seat) = game.to_move() else { break };
            if turn % 23 == 0 {
                let ctx = context(&game, seat, Weights::default());
                assert_eq!(ctx.friends.len(), 2, "pairs is played in teams");
                let mut board = *game.board();
                saw_home |= (0..4).any(|s| ctx.done(&board, s));
                let root = SMove::all(game.layout(), &board, seat);
                let mut searcher = Searcher::new(&ctx, &budget, u64::MAX);
                searcher.turn_order = true;
                let found = searcher.run(&mut board, &root, DEPTH).unwrap();
                let after = |m: SMove, board: &mut Board| {
                    board.shift(seat, m.origin(), m.target());
                    let partner = ctx.partner[seat].unwrap();
                    let score = if ctx.done(board, seat) && ctx.done(board, partner) {
                        WIN - 1
                    } else {
                        let next = (1..4)
                            .map(|k| (seat + k) % 4)
                            .find(|&o| !ctx.done(board, o));
                        minimax(
                            &searcher,
                            *game.setup(),
                            board,
                            DEPTH as i32 - 1,
                            next.unwrap(),
                        )
                    };
                    board.shift(seat, m.target(), m.origin());
                    score
                };
                let best = root.iter().map(|&m| after(m, &mut board)).max().unwrap();
                assert_eq!(found.score, best, "turn {turn}");
                assert_eq!(after(found.best, &mut board), best, "turn {turn}");
                checked += 1;
            }
            let settings: Settings = "team_order=1".parse().unwrap();
            let m = choose_move_weighted(&game, Level::Hard, turn, &budget, &settings)
                .or_else(|| choose_move(&game, Level::Medium, turn, &budget))
                .unwrap();
            game.play(&m.path).unwrap();
        }
        assert!(checked >= 8, "{checked} positions checked");
        assert!(saw_home, "a seat came home while the others played on");
    }

    /// Searches reuse their thread's tables: a search repeated after others on the same
    /// thread finds the same move and score with the same number of nodes, as a fresh
    /// table would.
    #[test]
    fn a_search_is_unchanged_by_the_searches_before_it_on_its_thread() {
        use crate::ai::Budget;
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
