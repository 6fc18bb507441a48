//! Practise: short puzzles made by the solver from real positions of engine self-play games.
//!
//! Two kinds:
//! - [`PuzzleKind::FinishIn`]: a race position (the seat's marbles past everyone else's, the
//!   others taken off the board) where the seat can finish in exactly N moves (2 or 3) and not
//!   fewer. The answers are every first move that starts an N-move finish, each with a line.
//! - [`PuzzleKind::FarChain`]: a position mid-game and a hole, the farthest toward the seat's
//!   goal that any of its marbles reaches in one move; only one marble reaches it, by a chain
//!   of jumps. The answer is that marble's move.
//!
//! Every puzzle is played by [`crate::ai::crossing::Crossing::rules`] (short jumps, rest
//! anywhere); the others' marbles, where there are any, stand still.

use super::crossing::{Crossing, Solo};
use super::{Budget, Level, Rng, choose_move};
use crate::board::Hole;
use crate::game::{Game, holes};
use crate::notation::{format_path, holes_text, parse_holes, parse_path};
use crate::position::{Board, Layout};
use crate::record::StartPosition;
use crate::rules::{RuleSet, Setup};
use serde::{Deserialize, Serialize};

/// What a puzzle asks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum PuzzleKind {
    /// Finish (fill the goal) in this many moves.
    FinishIn(u8),
    /// Reach the named hole in one move, a chain of jumps.
    FarChain,
}

/// One puzzle: a position the app can set up, a prompt and the answers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Puzzle {
    /// What it asks.
    pub kind: PuzzleKind,
    /// Marbles per seat in the set-up (two seats; the second may have none).
    pub marbles: u8,
    /// The position, in the records' start-position format; `to_move` is the seat to solve.
    pub position: StartPosition,
    /// For [`PuzzleKind::FarChain`], the hole to reach.
    #[serde(default)]
    pub target: Option<String>,
    /// The prompt, one line in words.
    pub prompt: String,
    /// Every right first move, each with a whole answer (moves in notation, space-separated).
    pub answers: Vec<String>,
    /// Whether the first move is the only right one.
    pub unique: bool,
    /// Where the position comes from (the self-play game and ply).
    pub source: String,
}

/// The puzzles shipped with the game (`assets/puzzles.ron`, made by
/// `sternhalma-cli puzzles --seed 23 --count 8 --out assets/puzzles.ron`).
pub const SHIPPED: &str = include_str!("../../../assets/puzzles.ron");

/// Reads a list of puzzles from RON.
pub fn read_puzzles(text: &str) -> Result<Vec<Puzzle>, String> {
    ron::from_str(text).map_err(|e| format!("not a puzzle list: {e}"))
}

/// Writes a list of puzzles as readable RON.
pub fn write_puzzles(puzzles: &[Puzzle]) -> String {
    let cfg = ron::ser::PrettyConfig::default().compact_arrays(false);
    let mut text = ron::ser::to_string_pretty(&puzzles, cfg).expect("puzzles serialise");
    text.push('\n');
    text
}

fn colour(seat: usize) -> &'static str {
    ["White", "Black"][seat.min(1)]
}

impl Puzzle {
    /// The set-up (two seats).
    pub fn setup(&self) -> Result<Setup, String> {
        Setup::new(2, self.marbles, false).map_err(|e| e.to_string())
    }

    /// The position as a board; errors name what is wrong.
    pub fn board(&self) -> Result<Board, String> {
        if self.position.marbles.len() != 2 {
            return Err("a puzzle lists two seats".into());
        }
        let mut board = Board::empty();
        for (seat, list) in self.position.marbles.iter().enumerate() {
            for h in parse_holes(list) {
                let h = h.map_err(|e| e.to_string())?;
                if board.occupied().has(h.index()) {
                    return Err(format!("two marbles on {h}"));
                }
                board.put(seat, h);
            }
            if board.marbles(seat).count() > self.marbles as u32 {
                return Err(format!("seat {} has too many marbles", seat + 1));
            }
        }
        if self.position.to_move > 1 {
            return Err("the seat to move is 1 or 2".into());
        }
        Ok(board)
    }

    /// The position as a game, the solving seat to move, for the app to draw.
    pub fn game(&self) -> Result<Game, String> {
        Game::from_board(
            self.setup()?,
            RuleSet {
                marbles: self.marbles,
                ..Crossing::rules()
            },
            self.board()?,
            self.position.to_move,
        )
        .map_err(|e| e.to_string())
    }

    fn layout(&self) -> Result<Layout, String> {
        Ok(Layout::new(
            self.setup()?,
            &RuleSet {
                marbles: self.marbles,
                ..Crossing::rules()
            },
        ))
    }

    /// Checks an answer, given as moves in notation separated by spaces: `Ok` when it solves
    /// the puzzle, otherwise why not, in words.
    pub fn check_text(&self, answer: &str) -> Result<(), String> {
        let mut moves = Vec::new();
        for token in answer.split_whitespace() {
            moves.push(parse_path(token).map_err(|e| format!("'{token}': {e}"))?);
        }
        self.check(&moves)
    }

    /// Checks an answer, given as the moves' paths: `Ok` when it solves the puzzle, otherwise
    /// why not, in words.
    pub fn check(&self, moves: &[Vec<Hole>]) -> Result<(), String> {
        let layout = self.layout()?;
        let mut board = self.board()?;
        let seat = self.position.to_move;
        let solo = Solo::new(&layout, seat);
        if moves.is_empty() {
            return Err("no move given".into());
        }
        let limit = match self.kind {
            PuzzleKind::FinishIn(n) => n as usize,
            PuzzleKind::FarChain => 1,
        };
        if moves.len() > limit {
            return Err(match self.kind {
                PuzzleKind::FarChain => format!(
                    "that is {} moves: the puzzle asks for one move",
                    moves.len()
                ),
                PuzzleKind::FinishIn(n) => format!(
                    "that is {} moves: the puzzle asks you to finish in {n}",
                    moves.len()
                ),
            });
        }
        for (i, path) in moves.iter().enumerate() {
            if solo.done(&board) {
                return Err(format!("the goal is already full after move {i}"));
            }
            let (from, to) = layout
                .check_path(&board, seat, path)
                .map_err(|e| format!("move {}, {}: {e}", i + 1, format_path(path)))?;
            board.shift(seat, from, to);
        }
        match self.kind {
            PuzzleKind::FinishIn(n) => {
                if solo.done(&board) {
                    Ok(())
                } else {
                    let open = layout.seats[seat].goal & !board.marbles(seat);
                    let left = solo.needed(&board, n as u32, 200_000);
                    let more = match left {
                        Some(k) => format!("; from there {k} more moves are needed"),
                        None => String::new(),
                    };
                    Err(format!(
                        "after {} moves the goal still has {} open: {}{more}",
                        moves.len(),
                        plural(open.count(), "hole"),
                        holes_text(holes(open))
                    ))
                }
            }
            PuzzleKind::FarChain => {
                let target = self.target.as_deref().unwrap_or_default();
                let to = *moves[0].last().expect("a checked path has an end");
                if to.to_string() != target {
                    return Err(format!(
                        "{} ends on {to}, not on {target}",
                        format_path(&moves[0])
                    ));
                }
                Ok(())
            }
        }
    }
}

fn plural(n: u32, word: &str) -> String {
    if n == 1 {
        format!("1 {word}")
    } else {
        format!("{n} {word}s")
    }
}

/// How [`puzzles`] finds positions.
#[derive(Clone, Debug)]
pub struct PuzzleOptions {
    /// The two levels that play the source games.
    pub levels: [Level; 2],
    /// Marbles per seat.
    pub marbles: u8,
    /// Most self-play games to play before giving up on `count`.
    pub max_games: usize,
    /// Most plies of a source game.
    pub max_plies: usize,
}

impl Default for PuzzleOptions {
    fn default() -> Self {
        PuzzleOptions {
            levels: [Level::Hard, Level::Expert],
            marbles: 10,
            max_games: 40,
            max_plies: 300,
        }
    }
}

/// Whether `seat`'s marbles are past every other marble (at least two rows nearer its goal).
fn is_race(layout: &Layout, board: &Board, seat: usize) -> bool {
    let point = layout.seats[seat].point;
    let rows = |bits: crate::bitboard::Bits| holes(bits).map(move |h| h.rows_from_tip(point));
    let mine = board.marbles(seat);
    let others = board.occupied() & !mine;
    match (rows(mine).min(), rows(others).max()) {
        (Some(me), Some(them)) => me >= them + 2,
        _ => true,
    }
}

/// The finish-in-N puzzle of `seat` on `board` (others taken off), if it needs exactly 2 or 3
/// moves: every right first move with a line.
fn finish_puzzle(layout: &Layout, board: &Board, seat: usize) -> Option<(u8, Board, Vec<String>)> {
    let mut solo_board = Board::empty();
    for h in holes(board.marbles(seat)) {
        solo_board.put(seat, h);
    }
    let solo = Solo::new(layout, seat);
    let n = solo.needed(&solo_board, 3, 400_000)?;
    if !(2..=3).contains(&n) {
        return None;
    }
    let mut answers = Vec::new();
    for (f, t) in layout.moves(&solo_board, seat).pairs() {
        let mut b = solo_board;
        b.shift(seat, f, t);
        if let super::crossing::Search::Found(rest) = solo.solve(&b, n - 1, 400_000) {
            let mut text = vec![format_path(&layout.path(&solo_board, seat, f, t)?)];
            let mut c = b;
            for (a, z) in rest {
                text.push(format_path(&layout.path(&c, seat, a, z)?));
                c.shift(seat, a, z);
            }
            answers.push(text.join(" "));
        }
    }
    answers.sort();
    Some((n as u8, solo_board, answers))
}

/// The far-chain puzzle of the side to move: the hole nearest its goal's tip that one move
/// reaches, when only one marble reaches it, by a chain of at least `min_hops` jumps, and
/// nearer than any step or shorter move reaches. Returns the target, the move's path.
fn chain_puzzle(
    layout: &Layout,
    board: &Board,
    seat: usize,
    min_hops: usize,
) -> Option<(Hole, Vec<Hole>)> {
    let point = layout.seats[seat].point;
    let far = Hole::from_frame_of(point.opposite(), 4, -8)?;
    let goal = layout.seats[seat].goal;
    let moves: Vec<(Hole, Hole)> = layout.moves(board, seat).pairs().collect();
    let best = moves.iter().map(|&(_, t)| t.distance(far)).min()?;
    let at_best: Vec<(Hole, Hole)> = moves
        .iter()
        .copied()
        .filter(|&(_, t)| t.distance(far) == best)
        .collect();
    let [(from, to)] = at_best[..] else {
        return None;
    };
    // Into the goal from far away is fine; but not a move inside the goal.
    if goal.has(from.index()) {
        return None;
    }
    let path = layout.path(board, seat, from, to)?;
    if path.len() - 1 < min_hops || !from.is_jump_to(path[1]) {
        return None;
    }
    // The gain must be real: the marble moves well forward.
    if from.distance(far) - to.distance(far) < 4 {
        return None;
    }
    Some((to, path))
}

/// Makes up to `count` puzzles from self-play games (seeded by `seed`; the same seed and
/// options give the same puzzles), alternating the kinds: finish in 2, a far chain, finish
/// in 3, a far chain, and so on. At most one puzzle of each kind is taken from one game.
pub fn puzzles(seed: u64, count: usize, options: &PuzzleOptions) -> Vec<Puzzle> {
    let want = |i: usize| match i % 4 {
        0 => PuzzleKind::FinishIn(2),
        2 => PuzzleKind::FinishIn(3),
        _ => PuzzleKind::FarChain,
    };
    let mut out: Vec<Puzzle> = Vec::new();
    let mut rng = Rng::new(seed);
    let setup = Setup::new(2, options.marbles, false).expect("a valid set-up");
    let rules = RuleSet {
        marbles: options.marbles,
        ..Crossing::rules()
    };
    for g in 0..options.max_games {
        if out.len() >= count {
            break;
        }
        let game_seed = rng.next();
        let mut game = Game::new(setup, rules.clone()).expect("a valid game");
        let mut taken: Vec<PuzzleKind> = Vec::new();
        let first = g % 2;
        let mut ply = 0;
        while let Some(seat) = game.to_move() {
            if ply >= options.max_plies || out.len() >= count {
                break;
            }
            let layout = game.layout().clone();
            let board = *game.board();
            let next = want(out.len());
            let source = format!(
                "{} ({}) against {} ({}), game seed {game_seed}, after {ply} plies",
                options.levels[first],
                colour(0),
                options.levels[1 - first],
                colour(1)
            );
            if !taken.contains(&next) {
                match next {
                    PuzzleKind::FinishIn(n) if is_race(&layout, &board, seat) => {
                        if let Some((got, solo_board, answers)) =
                            finish_puzzle(&layout, &board, seat)
                            && got == n
                            && !answers.is_empty()
                        {
                            let unique = answers.len() == 1;
                            out.push(Puzzle {
                                kind: next,
                                marbles: options.marbles,
                                position: start_position(&solo_board, seat),
                                target: None,
                                // "You": the app names the seat by the colour its palette
                                // gives it, which need not be white or black.
                                prompt: format!("You alone: fill your goal in {n} moves."),
                                answers,
                                unique,
                                source,
                            });
                            taken.push(next);
                        }
                    }
                    PuzzleKind::FarChain if ply >= 10 && !is_race(&layout, &board, seat) => {
                        if let Some((to, path)) = chain_puzzle(&layout, &board, seat, 3) {
                            out.push(Puzzle {
                                kind: next,
                                marbles: options.marbles,
                                position: start_position(&board, seat),
                                target: Some(to.to_string()),
                                prompt: format!(
                                    "Your move: reach {to} in one move, a single chain of jumps."
                                ),
                                answers: vec![format_path(&path)],
                                unique: true,
                                source,
                            });
                            taken.push(next);
                        }
                    }
                    _ => {}
                }
            }
            let level = options.levels[(seat + first) % 2];
            let Some(m) = choose_move(&game, level, game_seed ^ ply as u64, &Budget::unlimited())
            else {
                break;
            };
            if game.play(&m.path).is_err() {
                break;
            }
            ply += 1;
        }
    }
    out
}

fn start_position(board: &Board, to_move: usize) -> StartPosition {
    StartPosition {
        marbles: (0..2)
            .map(|s| holes_text(holes(board.marbles(s))))
            .collect(),
        to_move,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    /// Every position reachable in exactly `depth` own moves (all moves, none pruned) and
    /// whether one of them finishes at each depth up to it: brute force.
    fn finishes_within(layout: &Layout, board: &Board, seat: usize, depth: u32) -> Option<u32> {
        let goal = layout.seats[seat].goal;
        let done = |b: &Board| goal & !b.marbles(seat) == crate::bitboard::Bits::EMPTY;
        if done(board) {
            return Some(0);
        }
        let mut seen = HashSet::from([board.hash()]);
        let mut layer = vec![*board];
        for d in 1..=depth {
            let mut next = Vec::new();
            for b in &layer {
                for (f, t) in layout.moves(b, seat).pairs() {
                    let mut n = *b;
                    n.shift(seat, f, t);
                    if done(&n) {
                        return Some(d);
                    }
                    if seen.insert(n.hash()) {
                        next.push(n);
                    }
                }
            }
            layer = next;
        }
        None
    }

    #[test]
    fn the_shipped_puzzles_are_right_and_shortest() {
        let list = read_puzzles(SHIPPED).expect("the shipped puzzles read");
        assert!(list.len() >= 6, "{} puzzles", list.len());
        let mut kinds = HashSet::new();
        for (i, p) in list.iter().enumerate() {
            kinds.insert(std::mem::discriminant(&p.kind));
            let layout = p.layout().unwrap();
            let board = p.board().unwrap();
            let seat = p.position.to_move;
            assert!(p.game().is_ok(), "puzzle {i}");
            assert!(!p.prompt.is_empty() && !p.prompt.contains('\n'));
            assert!(!p.answers.is_empty());
            assert_eq!(p.unique, p.answers.len() == 1, "puzzle {i}");
            for a in &p.answers {
                p.check_text(a)
                    .unwrap_or_else(|e| panic!("puzzle {i}, {a}: {e}"));
            }
            // The answers' first moves are all the right ones, and no other move is.
            let firsts: HashSet<(Hole, Hole)> = p
                .answers
                .iter()
                .map(|a| {
                    let path = parse_path(a.split_whitespace().next().unwrap()).unwrap();
                    (path[0], *path.last().unwrap())
                })
                .collect();
            assert_eq!(
                firsts.len(),
                p.answers.len(),
                "puzzle {i}: one answer a first move"
            );
            match p.kind {
                PuzzleKind::FinishIn(n) => {
                    let n = n as u32;
                    assert_eq!(board.marbles(1 - seat).count(), 0);
                    assert_eq!(
                        finishes_within(&layout, &board, seat, n),
                        Some(n),
                        "puzzle {i}"
                    );
                    for (f, t) in layout.moves(&board, seat).pairs() {
                        let mut b = board;
                        b.shift(seat, f, t);
                        let right = finishes_within(&layout, &b, seat, n - 1).is_some();
                        assert_eq!(right, firsts.contains(&(f, t)), "puzzle {i}: {f}-{t}");
                    }
                }
                PuzzleKind::FarChain => {
                    let target = p.target.as_deref().unwrap();
                    let reach: Vec<(Hole, Hole)> = layout
                        .moves(&board, seat)
                        .pairs()
                        .filter(|&(_, t)| t.to_string() == target)
                        .collect();
                    assert_eq!(reach.len(), p.answers.len(), "puzzle {i}");
                    assert!(reach.iter().all(|m| firsts.contains(m)));
                    // Nothing reaches nearer the goal's tip.
                    let point = layout.seats[seat].point;
                    let far = Hole::from_frame_of(point.opposite(), 4, -8).unwrap();
                    let to = reach[0].1;
                    assert!(
                        layout
                            .moves(&board, seat)
                            .pairs()
                            .all(|(_, t)| t.distance(far) >= to.distance(far))
                    );
                    let path = parse_path(&p.answers[0]).unwrap();
                    assert!(
                        path.len() >= 4,
                        "puzzle {i}: a chain of three jumps or more"
                    );
                }
            }
        }
        assert_eq!(kinds.len(), 2, "both kinds shipped");
    }

    #[test]
    fn wrong_answers_are_explained() {
        let list = read_puzzles(SHIPPED).unwrap();
        let finish = list
            .iter()
            .find(|p| matches!(p.kind, PuzzleKind::FinishIn(_)))
            .unwrap();
        let PuzzleKind::FinishIn(n) = finish.kind else {
            unreachable!()
        };
        let right: Vec<&str> = finish.answers[0].split_whitespace().collect();
        // Too short: stops before the goal is full.
        let e = finish
            .check_text(&right[..right.len() - 1].join(" "))
            .unwrap_err();
        assert!(e.contains("still has") && e.contains("open"), "{e}");
        // Too many moves.
        let e = finish
            .check_text(&vec![right[0]; n as usize + 1].join(" "))
            .unwrap_err();
        assert!(e.contains("asks you to finish in"), "{e}");
        // An illegal move is named.
        let board = finish.board().unwrap();
        let empty = Hole::all().find(|h| board.owner(*h).is_none()).unwrap();
        let next = crate::game::holes(empty.neighbours()).next().unwrap();
        let wrong = format!("{empty}-{next}");
        let e = finish.check_text(&wrong).unwrap_err();
        assert_eq!(e, format!("move 1, {wrong}: there is no marble on {empty}"));
        assert!(finish.check_text("").is_err());
        assert!(finish.check_text("m1-").unwrap_err().contains("m1-"));
        let chain = list
            .iter()
            .find(|p| p.kind == PuzzleKind::FarChain)
            .unwrap();
        let target = chain.target.clone().unwrap();
        // A legal move that ends elsewhere.
        let game = chain.game().unwrap();
        let other = game
            .legal_moves()
            .into_iter()
            .find(|m| m.to.to_string() != target)
            .unwrap();
        let e = chain.check(std::slice::from_ref(&other.path)).unwrap_err();
        assert!(e.contains(&format!("not on {target}")), "{e}");
        let e = chain
            .check_text(&format!("{} {}", chain.answers[0], chain.answers[0]))
            .unwrap_err();
        assert!(e.contains("one move"), "{e}");
    }

    #[test]
    fn puzzles_round_trip_through_ron() {
        let list = read_puzzles(SHIPPED).unwrap();
        assert_eq!(read_puzzles(&write_puzzles(&list)).unwrap(), list);
        assert!(read_puzzles("(nonsense").is_err());
    }
}
