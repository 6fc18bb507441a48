//! Races: once a player's marbles can no longer meet anyone else's, the game is a solo puzzle —
//! fewest moves to fill the goal. A beam search over whole positions (keeping the most
//! advanced few thousand at each depth, duplicates merged by hash) finds short lines fast;
//! the same solver answers `solo`, the crossing of ten marbles alone (27 moves at best).

use super::Budget;
use super::search::Ctx;
use crate::board::{Hole, Point};
use crate::game::Game;
use crate::movegen::{Board, Layout};
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
    let point: Point = ctx.layout.seats[seat].point;
    let rows = |bits: crate::bitboard::Bits| {
        bits.iter()
            .map(move |h| Hole::from_index(h).expect("hole").rows_from_tip(point))
    };
    let mine = board.marbles(seat);
    let others = board.occupied() & !mine;
    match (rows(mine).min(), rows(others).max()) {
        (Some(me), Some(them)) => me >= them + 2,
        (Some(_), None) => true,
        _ => false,
    }
}

/// The first move of the shortest race line, when the position is a race.
pub(crate) fn race_move(
    ctx: &Ctx,
    board: &Board,
    seat: usize,
    budget: &Budget,
) -> Option<(Hole, Hole)> {
    if ctx.opponents.len() > 1 || !is_race(ctx, board, seat) {
        return None;
    }
    beam(ctx, board, seat, 60, 60, budget)?.first().copied()
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
    let ctx = super::context(&game, 0, true);
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
