//! IDA* for one seat alone (everyone else stands still): the race solver's exact search and
//! the crossing's share it. A problem says when the seat is done, gives an admissible bound on
//! the moves still needed and lists the moves to try, best first; the search does the rest.

use crate::board::Hole;
use crate::position::Board;
use std::collections::HashMap;

/// A one-seat search problem.
pub(crate) trait SoloProblem {
    /// The seat that moves.
    fn seat(&self) -> usize;
    /// Whether the seat has finished on `board`.
    fn done(&self, board: &Board) -> bool;
    /// Moves still needed from `board`, never more than the truth (admissible), so that the
    /// first line found within a bound is a shortest one.
    fn lower_bound(&self, board: &Board) -> u32;
    /// The moves to try from `board`, in the order to try them (best first; a fixed order for
    /// equal guesses keeps the line found deterministic).
    fn moves(&self, board: &Board) -> Vec<(Hole, Hole)>;
    /// Whether to give up now (a clock, say); asked every 1,024 nodes.
    fn expired(&self) -> bool {
        false
    }
}

/// What an exact search came to.
pub(crate) enum Search {
    /// A shortest line (no shorter one exists among the moves the problem lists).
    Found(Vec<(Hole, Hole)>),
    /// No line within the length asked for.
    NoLine,
    /// The nodes (or the problem's time) ran out first.
    OutOfNodes,
}

/// The shortest line of at most `max_len` moves from `start`, searched with bounds growing
/// from the problem's lower bound, within `max_nodes` nodes.
pub(crate) fn ida_star<P: SoloProblem>(
    problem: &P,
    start: &Board,
    max_len: u32,
    max_nodes: u64,
) -> Search {
    let mut ida = Ida {
        problem,
        nodes: 0,
        max_nodes,
        tried: HashMap::new(),
        line: Vec::new(),
    };
    for bound in problem.lower_bound(start)..=max_len {
        match ida.dfs(start, bound) {
            None => return Search::OutOfNodes,
            Some(true) => return Search::Found(ida.line),
            Some(false) => {}
        }
    }
    Search::NoLine
}

struct Ida<'p, P> {
    problem: &'p P,
    nodes: u64,
    max_nodes: u64,
    /// Hash → the most moves already tried from there without success.
    tried: HashMap<u64, u32>,
    line: Vec<(Hole, Hole)>,
}

impl<P: SoloProblem> Ida<'_, P> {
    /// Whether a line of at most `left` more moves finishes from `board`; `None` when out of
    /// nodes.
    fn dfs(&mut self, board: &Board, left: u32) -> Option<bool> {
        let p = self.problem;
        if p.done(board) {
            return Some(true);
        }
        if p.lower_bound(board) > left {
            return Some(false);
        }
        let key = board.hash();
        if self.tried.get(&key).is_some_and(|&t| t >= left) {
            return Some(false);
        }
        self.nodes += 1;
        if self.nodes > self.max_nodes || (self.nodes & 1023 == 0 && p.expired()) {
            return None;
        }
        for (f, t) in p.moves(board) {
            let mut b = *board;
            b.shift(p.seat(), f, t);
            self.line.push((f, t));
            if self.dfs(&b, left - 1)? {
                return Some(true);
            }
            self.line.pop();
        }
        self.tried.insert(key, left);
        Some(false)
    }
}
