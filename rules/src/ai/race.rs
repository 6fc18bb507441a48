//! Races: once a player's marbles can no longer meet anyone else's, the game is a solo puzzle —
//! fewest moves to fill the goal. A beam search over whole positions (keeping the most
//! advanced few thousand at each depth, duplicates merged by hash) finds short lines fast;
//! the same solver answers `solo`, the crossing of ten marbles alone (27 moves at best).

use super::Budget;
use super::evaluation::Ctx;
use super::ida::{Search, SoloProblem};
use crate::bitboard::Bits;
use crate::board::{Hole, Point};
use crate::game::Game;
use crate::position::{Board, Layout};
use crate::rules::{RuleSet, Setup};
use std::collections::HashSet;

#[derive(Clone, Copy)]
struct Node {
    board: Board,
    parent: u32,
    from: u8,
    to: u8,
}

/// Fewest-moves search for `seat` alone (everyone else stands still). Returns the moves of the
/// shortest line found, or `None` if the beam found none within `max_depth` or the budget.
pub(crate) fn beam(
    ctx: &Ctx,
    start: &Board,
    seat: usize,
    width: usize,
    max_depth: usize,
    budget: &Budget,
) -> Option<Vec<(Hole, Hole)>> {
    let tip = &ctx.seats[seat].tip;
    let mut layers: Vec<Vec<Node>> = vec![vec![Node {
        board: *start,
        parent: 0,
        from: 0,
        to: 0,
    }]];
    let mut seen: HashSet<u64> = HashSet::new();
    seen.insert(start.hash());
    for _ in 0..max_depth {
        if budget.expired() {
            return None;
        }
        let layer = layers.last().expect("a layer");
        let mut next: Vec<(i32, Node)> = Vec::with_capacity(layer.len() * 32);
        for (pi, node) in layer.iter().enumerate() {
            for (f, t) in ctx.layout.moves(&node.board, seat).pairs() {
                // Backward moves never shorten a race by more than they cost.
                if (tip[t.index() as usize] as i32) > tip[f.index() as usize] as i32 + 1 {
                    continue;
                }
                let mut b = node.board;
                b.shift(seat, f, t);
                if !seen.insert(b.hash()) {
                    continue;
                }
                let child = Node {
                    board: b,
                    parent: pi as u32,
                    from: f.index(),
                    to: t.index(),
                };
                if ctx.done(&b, seat) {
                    layers.push(vec![child]);
                    return Some(unwind(&layers));
                }
                next.push((ctx.cost(&b, seat), child));
            }
        }
        if next.is_empty() {
            return None;
        }
        if next.len() > width {
            next.select_nth_unstable_by_key(width, |p| p.0);
            next.truncate(width);
        }
        layers.push(next.into_iter().map(|p| p.1).collect());
    }
    None
}

/// Goal holes `seat` still has to fill with its own marbles (those no marble fills under the
/// rules' [`crate::game::GoalRule`]). One move moves one marble, so it fills at most one of
/// them: this never overestimates the moves left (an admissible bound).
pub(crate) fn holes_to_fill(ctx: &Ctx, board: &Board, seat: usize) -> u32 {
    let (open, own_in) = ctx
        .goal_rule
        .open(board, ctx.seats[seat].goal, seat, ctx.partner[seat]);
    // At least one own marble must stand in the goal.
    if open.is_empty() && !own_in {
        1
    } else {
        open.count()
    }
}

/// IDA* on "moves to finish" for `seat` alone (everyone else stands still), with
/// [`holes_to_fill`] as the bound: the shortest line of at most `max_len` moves, if there is
/// one and it is found within `max_nodes` nodes. Moves that go back more than one step are not tried (they never pay in a race),
/// so "shortest" is among lines of forward and sideways moves.
/// The moves of `seat` that `keep` allows, each with a cheap guess of its worth for ordering a
/// solo search (into the goal first, then the most steps gained towards the goal's far tip):
/// the race solver and the crossing's search try them best first.
pub(crate) fn guessed_order(
    layout: &Layout,
    board: &Board,
    seat: usize,
    tip: &[u8; 256],
    goal: Bits,
    keep: impl Fn(Hole, Hole) -> bool,
) -> Vec<(i32, Hole, Hole)> {
    layout
        .moves(board, seat)
        .pairs()
        .filter(|&(f, t)| keep(f, t))
        .map(|(f, t)| {
            let into = !goal.has(f.index()) && goal.has(t.index());
            let gain = tip[f.index() as usize] as i32 - tip[t.index() as usize] as i32;
            (gain + if into { 100 } else { 0 }, f, t)
        })
        .collect()
}

pub(crate) fn ida_star(
    ctx: &Ctx,
    start: &Board,
    seat: usize,
    max_len: u32,
    max_nodes: u64,
    budget: &Budget,
) -> Option<Vec<(Hole, Hole)>> {
    let race = Race { ctx, seat, budget };
    match super::ida::ida_star(&race, start, max_len, max_nodes) {
        Search::Found(line) => Some(line),
        Search::NoLine | Search::OutOfNodes => None,
    }
}

/// A race as a solo problem: the bound is the goal holes still to fill, and only forward and
/// sideways moves are tried.
struct Race<'c, 'a, 'b> {
    ctx: &'c Ctx<'a>,
    seat: usize,
    budget: &'c Budget<'b>,
}

impl SoloProblem for Race<'_, '_, '_> {
    fn seat(&self) -> usize {
        self.seat
    }

    fn done(&self, board: &Board) -> bool {
        self.ctx.done(board, self.seat)
    }

    fn lower_bound(&self, board: &Board) -> u32 {
        holes_to_fill(self.ctx, board, self.seat)
    }

    fn moves(&self, board: &Board) -> Vec<(Hole, Hole)> {
        let tip = &self.ctx.seats[self.seat].tip;
        let goal = self.ctx.seats[self.seat].goal;
        let mut moves = guessed_order(self.ctx.layout, board, self.seat, tip, goal, |f, t| {
            tip[t.index() as usize] <= tip[f.index() as usize] + 1
        });
        moves.sort_unstable_by_key(|m| std::cmp::Reverse(m.0));
        moves.into_iter().map(|(_, f, t)| (f, t)).collect()
    }

    fn expired(&self) -> bool {
        self.budget.expired()
    }
}

fn unwind(layers: &[Vec<Node>]) -> Vec<(Hole, Hole)> {
    let mut out = Vec::with_capacity(layers.len());
    let mut idx = 0usize;
    for d in (1..layers.len()).rev() {
        let n = layers[d][idx];
        out.push((
            Hole::from_index(n.from).expect("hole"),
            Hole::from_index(n.to).expect("hole"),
        ));
        idx = n.parent as usize;
    }
    out.reverse();
    out
}

/// Whether `seat`'s marbles are past every other marble: nothing can jump over or block them
/// any more (every own marble is at least two rows nearer the goal than every other one).
pub(crate) fn is_race(ctx: &Ctx, board: &Board, seat: usize) -> bool {
    past(ctx, board, seat, board.occupied() & !board.marbles(seat))
}

/// Whether every one of `seat`'s marbles is at least two rows nearer its goal than every
/// marble of `others`.
fn past(ctx: &Ctx, board: &Board, seat: usize, others: crate::bitboard::Bits) -> bool {
    let point: Point = ctx.layout.seats[seat].point;
    let rows = |bits: crate::bitboard::Bits| {
        bits.iter()
            .map(move |h| Hole::from_index(h).expect("hole").rows_from_tip(point))
    };
    match (rows(board.marbles(seat)).min(), rows(others).max()) {
        (Some(me), Some(them)) => me >= them + 2,
        (Some(_), None) => true,
        _ => false,
    }
}

/// Nodes the exact race solver may spend on one move before the beam takes over.
const IDA_NODES: u64 = 8_000;

/// The first move of the shortest race line, when the position is a race against one
/// opponent (with more, the others still move while the race is run).
pub(crate) fn race_move(
    ctx: &Ctx,
    board: &Board,
    seat: usize,
    budget: &Budget,
) -> Option<(Hole, Hole)> {
    if ctx.opponents.len() > 1 || !is_race(ctx, board, seat) {
        return None;
    }
    // The beam's line is an upper bound; when it is longer than the lower bound, IDA* looks
    // for a shorter one (and, when it searches every bound below without finding one,
    // proves the beam's line the shortest).
    let line = beam(ctx, board, seat, 60, 60, budget)?;
    let lower = holes_to_fill(ctx, board, seat);
    if line.len() as u32 > lower
        && let Some(better) = ida_star(ctx, board, seat, line.len() as u32 - 1, IDA_NODES, budget)
    {
        return better.first().copied();
    }
    line.first().copied()
}

/// The solo crossing: ten marbles from the bottom point into the top one, alone on the board.
/// Widens the beam while time is left and returns the shortest line found, as paths.
pub fn solo_crossing(budget: &Budget) -> Vec<Vec<Hole>> {
    let rules = RuleSet {
        finish: crate::rules::Finish::Strict,
        ..RuleSet::default()
    };
    let setup = Setup::new(2, 10, false).expect("a valid set-up");
    let layout = Layout::new(setup, &rules);
    let mut board = Board::empty();
    for h in layout.seats[0].home.iter() {
        board.put(0, Hole::from_index(h).expect("hole"));
    }
    let game = Game::from_board(setup, rules, board, 0).expect("a valid position");
    let ctx = super::context(&game, 0, super::Weights::default());
    // A narrow beam first, whatever the budget, so there is always an answer.
    let mut best = beam(&ctx, &board, 0, 100, 60, &Budget::unlimited());
    let mut width = 200;
    while !budget.expired() {
        if let Some(line) = beam(&ctx, &board, 0, width, 60, budget)
            && best.as_ref().is_none_or(|b| line.len() < b.len())
        {
            best = Some(line);
        }
        if width >= 1 << 20 {
            break;
        }
        width *= 2;
    }
    let mut b = board;
    best.unwrap_or_default()
        .into_iter()
        .map(|(f, t)| {
            let path = layout.path(&b, 0, f, t).expect("beam moves are legal");
            b.shift(0, f, t);
            path
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Finish;
    use crate::zobrist::splitmix;

    /// White (seat 0, home at the bottom) alone with `outside` marbles a few rows short of its
    /// goal and the rest in it; black has no marbles and passes.
    fn endgame(outside: usize, seed: u64, finish: Finish) -> Game {
        let rules = RuleSet {
            finish,
            ..RuleSet::default()
        };
        let setup = Setup::new(2, 10, false).expect("a set-up");
        let layout = Layout::new(setup, &rules);
        let goal: Vec<Hole> = crate::game::holes(layout.seats[0].goal).collect();
        let point = layout.seats[0].point;
        let near: Vec<Hole> = Hole::all()
            .filter(|h| (11..=12).contains(&h.rows_from_tip(point)))
            .collect();
        let mut x = seed;
        let mut board = Board::empty();
        let mut left_out = std::collections::HashSet::new();
        // Holes left open in the two goal rows nearest the centre, so the race stays short.
        while left_out.len() < outside {
            x = splitmix(x);
            let i = (x % goal.len() as u64) as usize;
            if goal[i].rows_from_tip(point) <= 14 {
                left_out.insert(i);
            }
        }
        for (i, &h) in goal.iter().enumerate() {
            if !left_out.contains(&i) {
                board.put(0, h);
            }
        }
        let mut placed = 0;
        while placed < outside {
            x = splitmix(x);
            let h = near[(x % near.len() as u64) as usize];
            if board.owner(h).is_none() {
                board.put(0, h);
                placed += 1;
            }
        }
        Game::from_board(setup, rules, board, 0).expect("a valid position")
    }

    /// Fewest moves to finish, by breadth-first search over every move.
    fn brute_force(ctx: &Ctx, start: &Board, limit: usize) -> Option<usize> {
        let mut seen = HashSet::from([start.hash()]);
        let mut layer = vec![*start];
        for depth in 1..=limit {
            let mut next = Vec::new();
            for b in &layer {
                for (f, t) in ctx.layout.moves(b, 0).pairs() {
                    let mut c = *b;
                    c.shift(0, f, t);
                    if ctx.done(&c, 0) {
                        return Some(depth);
                    }
                    if seen.insert(c.hash()) {
                        next.push(c);
                    }
                }
            }
            layer = next;
        }
        None
    }

    #[test]
    fn the_exact_race_solver_finds_the_fewest_moves() {
        let mut checked = 0;
        for finish in [Finish::Strict, Finish::AntiBlocking] {
            for seed in 0..20 {
                let game = endgame(2 + (seed % 3 == 0) as usize, seed, finish);
                let ctx = crate::ai::context(&game, 0, crate::ai::Weights::default());
                let board = *game.board();
                let Some(best) = brute_force(&ctx, &board, 4) else {
                    continue;
                };
                let line = ida_star(&ctx, &board, 0, 8, 5_000_000, &Budget::unlimited())
                    .expect("a short race is solved");
                assert_eq!(line.len(), best, "{finish:?} seed {seed}");
                // The line is legal and finishes.
                let mut b = board;
                for &(f, t) in &line {
                    assert!(ctx.layout.moves(&b, 0).pairs().any(|m| m == (f, t)));
                    b.shift(0, f, t);
                }
                assert!(ctx.done(&b, 0));
                // Move by move, the race player follows a shortest line too.
                let mut b = board;
                let mut moves = 0;
                while !ctx.done(&b, 0) {
                    let (f, t) = race_move(&ctx, &b, 0, &Budget::unlimited()).expect("a move");
                    b.shift(0, f, t);
                    moves += 1;
                    assert!(moves <= best, "{finish:?} seed {seed}: longer than {best}");
                }
                checked += 1;
            }
        }
        assert!(checked >= 8, "{checked} races checked");
    }

    /// The two-player endgame's white marbles at a table of three, the other two seats'
    /// marbles all in their own goals: far behind white, so the race is white's alone.
    fn field_endgame(seed: u64) -> Game {
        let duel = endgame(2, seed, Finish::Strict);
        let rules = RuleSet {
            finish: Finish::Strict,
            ..RuleSet::default()
        };
        let setup = Setup::new(3, 10, false).expect("a set-up");
        let layout = Layout::new(setup, &rules);
        let mut board = Board::empty();
        for h in duel.board().marbles(0).iter() {
            board.put(0, Hole::from_index(h).expect("hole"));
        }
        for seat in 1..3 {
            for h in crate::game::holes(layout.seats[seat].goal) {
                board.put(seat, h);
            }
        }
        Game::from_board(setup, rules, board, 0).expect("a valid position")
    }

    /// With three sides, races are left to the search: the race player plays none there,
    /// though the position is a race.
    #[test]
    fn races_at_a_table_of_three_are_left_to_the_search() {
        for seed in 0..20 {
            let game = field_endgame(seed);
            let ctx = crate::ai::context(&game, 0, crate::ai::Weights::default());
            let board = *game.board();
            assert!(is_race(&ctx, &board, 0), "seed {seed}");
            assert_eq!(race_move(&ctx, &board, 0, &Budget::unlimited()), None);
        }
    }

    #[test]
    fn the_bound_never_overestimates() {
        for seed in 0..8 {
            let game = endgame(3, seed, Finish::Strict);
            let ctx = crate::ai::context(&game, 0, crate::ai::Weights::default());
            let board = *game.board();
            let h = holes_to_fill(&ctx, &board, 0) as usize;
            assert_eq!(h, 3);
            if let Some(best) = brute_force(&ctx, &board, 4) {
                assert!(h <= best);
            }
        }
    }

    #[test]
    fn the_solver_counts_a_partners_marbles_as_the_rules_do() {
        use crate::rules::PartnerInGoal;
        // Pairs: seat 0's goal, the top point, holds nine of its partner's (seat 2) marbles;
        // seat 0 is one step from the last hole.
        let nine = "e17 e16 f16 e15 f15 g15 e14 f14 g14";
        let seats = ["h13 m1", "e9", nine, "i5"];
        let h = |name| crate::notation::parse_hole(name).expect("a hole");
        let mut board = Board::empty();
        for (seat, list) in seats.iter().enumerate() {
            for name in list.split_whitespace() {
                board.put(seat, h(name));
            }
        }
        for finish in [Finish::Strict, Finish::AntiBlocking] {
            for p in [PartnerInGoal::Unfilled, PartnerInGoal::Filled] {
                let rules = RuleSet {
                    teams: true,
                    players: vec![4],
                    default_players: 4,
                    finish,
                    partner_in_goal: p,
                    ..RuleSet::default()
                };
                let setup = Setup::new(4, 10, true).expect("a set-up");
                let game = Game::from_board(setup, rules, board, 0).expect("a position");
                let ctx = crate::ai::context(&game, 0, crate::ai::Weights::default());
                let filled = p == PartnerInGoal::Filled;
                // Nine partner holes still open, or only h14.
                let want = if filled { 1 } else { 10 };
                assert_eq!(holes_to_fill(&ctx, &board, 0), want, "{finish:?} {p:?}");
                let mut after = board;
                after.shift(0, h("h13"), h("h14"));
                assert_eq!(ctx.done(&after, 0), filled, "{finish:?} {p:?}");
                let line = ida_star(&ctx, &board, 0, 3, 1_000_000, &Budget::unlimited());
                assert_eq!(
                    line.map(|l| l.len()),
                    filled.then_some(1),
                    "{finish:?} {p:?}"
                );
            }
        }
    }
}
