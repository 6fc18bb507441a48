//! Practise: the crossing. One seat's marbles alone on the board, from their start point into
//! the opposite one in as few moves as possible, with the solver's next move on request.
//!
//! The rules of a crossing ([`Crossing::rules`]): short jumps (over one adjacent marble, which
//! can only be one of your own since nobody else is on the board), chains of any length, a move
//! may rest anywhere (other points too), no goal lock, no leaving-home deadline, no move limit,
//! and the goal is done when every hole of the opposite point holds one of your marbles. The
//! engine's own move generation ([`Layout::moves`]) lists the moves: a crossing is a two-seat
//! position whose second seat has no marbles (a [`Game`] always has two seats or more).
//!
//! The hint ([`Crossing::hint`]) is the race solver's: a beam search over whole positions for a
//! short line, then IDA* for a shorter one under an admissible bound ([`Crossing::lower_bound`]);
//! when IDA* has searched every length below the beam's line without finding one, the line is
//! proved shortest. Everything is counted in nodes, not time, so a hint is the same on every
//! machine.

pub(crate) use super::ida::Search;
use super::ida::{SoloProblem, ida_star};
use super::race::{beam, guessed_order};
use super::{Budget, Weights, context};
use crate::bitboard::Bits;
use crate::board::{Hole, Point};
use crate::game::{GameError, Move};
use crate::movegen::PathError;
use crate::notation::format_path;
use crate::position::{Board, Layout};
use crate::rules::{RuleSet, RulesError, Setup};
use crate::{Game, parse_path};

/// The proved minimum of the 10-marble crossing: 27 moves (George Bell, 2009, by exhaustive
/// search; DESIGN.md). This solver does not prove it (its bound is far too weak from the
/// start); its beam finds a 27-move line at width 8,192 (`sternhalma-cli crossing --best
/// 8192`, 27 s), none at 300, the hint's width (following the hints from the start takes 29).
pub const MIN_MOVES_10: u32 = 27;

/// The shortest 6-marble crossing this solver found: **best found, not proved**. The beam
/// (`sternhalma-cli crossing --marbles 6 --best 65536`: widths 100 to 65,536, 131 s) finds no
/// line shorter than 23, and neither does following the hint from the start (23 moves, the
/// last 11 proved shortest by IDA*). IDA* under [`Crossing::lower_bound`] cannot prove a bound near
/// 23 from the start: the bound says 6 there.
pub const BEST_MOVES_6: u32 = 23;

/// The shortest 15-marble crossing this solver found: **best found, not proved**
/// (`sternhalma-cli crossing --marbles 15 --best 16384`: 34 moves up to width 4,096, 32 at
/// 16,384, 289 s of a shared core).
pub const BEST_MOVES_15: u32 = 32;

/// What is known of the shortest crossing with `marbles` marbles: the move count and whether
/// it is proved minimal (true only for 10, by Bell's search, not by this solver). `None` for
/// a marble count the engine does not support.
pub fn known_minimum(marbles: u8) -> Option<(u32, bool)> {
    match marbles {
        6 => Some((BEST_MOVES_6, false)),
        10 => Some((MIN_MOVES_10, true)),
        15 => Some((BEST_MOVES_15, false)),
        _ => None,
    }
}

/// How much work one hint may do. Both limits are counts, not times, so the hint is
/// deterministic.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HintBudget {
    /// Positions the beam keeps at each depth.
    pub beam_width: usize,
    /// Nodes IDA* may visit looking for (or ruling out) a shorter line than the beam's.
    pub nodes: u64,
}

impl Default for HintBudget {
    /// The UI's hint: a beam of 300 and 30,000 IDA* nodes. Measured (optimised build, one
    /// core of the shared 2-core machine, a CLI call each), following the hints from the start:
    /// at most 115 ms a hint with 6 marbles, 255 ms with 10, 575 ms with 15 (docs/cli.md).
    fn default() -> Self {
        HintBudget {
            beam_width: 300,
            nodes: 30_000,
        }
    }
}

/// A solo crossing in progress.
#[derive(Clone, Debug)]
pub struct Crossing {
    setup: Setup,
    rules: RuleSet,
    layout: Layout,
    start: Board,
    board: Board,
    played: Vec<Move>,
    /// The line of the last hint taken ([`Crossing::take_hint`]), from the present position:
    /// kept while its moves are played, dropped at any other move or an undo.
    plan: Vec<(Hole, Hole)>,
}

/// The seat that crosses (the bottom point, white).
const SEAT: usize = 0;

impl Crossing {
    /// The rules a crossing is played by (see the module notes).
    pub fn rules() -> RuleSet {
        RuleSet {
            name: "crossing".into(),
            description: "Practise: one seat alone crosses the board (short jumps, rest anywhere, \
                          strict finish)."
                .into(),
            players: vec![2],
            default_players: 2,
            ..RuleSet::default()
        }
    }

    /// A new crossing of 6, 10 or 15 marbles: white's marbles in the bottom point, the rest of
    /// the board empty.
    pub fn new(marbles: u8) -> Result<Crossing, RulesError> {
        let setup = Setup::new(2, marbles, false)?;
        let rules = RuleSet {
            marbles,
            ..Crossing::rules()
        };
        let layout = Layout::new(setup, &rules);
        let mut board = Board::empty();
        for h in crate::game::holes(layout.seats[SEAT].home) {
            board.put(SEAT, h);
        }
        Ok(Crossing::with(setup, rules, layout, board))
    }

    /// A crossing from a hand-made position: `holes` are white's marbles, as many as the
    /// set-up's (6, 10 or 15), on distinct holes.
    pub fn from_holes(marbles: u8, holes: &[Hole]) -> Result<Crossing, RulesError> {
        let mut c = Crossing::new(marbles)?;
        if holes.len() != marbles as usize {
            return Err(RulesError::Invalid(format!(
                "{} marbles given for a {marbles}-marble crossing",
                holes.len()
            )));
        }
        let mut board = Board::empty();
        for &h in holes {
            if board.occupied().has(h.index()) {
                return Err(RulesError::Invalid(format!("two marbles on {h}")));
            }
            board.put(SEAT, h);
        }
        c.start = board;
        c.board = board;
        c.plan.clear();
        Ok(c)
    }

    fn with(setup: Setup, rules: RuleSet, layout: Layout, board: Board) -> Crossing {
        Crossing {
            setup,
            rules,
            layout,
            start: board,
            board,
            played: Vec::new(),
            plan: Vec::new(),
        }
    }

    /// Marbles crossing: 6, 10 or 15.
    pub fn marbles(&self) -> u8 {
        self.setup.marbles
    }

    /// The position now (white is seat 0; seat 1 has no marbles).
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The position the crossing started from.
    pub fn start(&self) -> &Board {
        &self.start
    }

    /// The holes to fill: the top point's.
    pub fn goal(&self) -> Bits {
        self.layout.seats[SEAT].goal
    }

    /// The frame the moves are generated in.
    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// A [`Game`] at the present position (white to move), for screens that draw games.
    pub fn game(&self) -> Game {
        Game::from_board(self.setup, self.rules.clone(), self.board, SEAT)
            .expect("a crossing is a valid position")
    }

    /// Moves made so far.
    pub fn moves_made(&self) -> u32 {
        self.played.len() as u32
    }

    /// The moves made, in order.
    pub fn history(&self) -> &[Move] {
        &self.played
    }

    /// Whether every goal hole holds a marble.
    pub fn is_done(&self) -> bool {
        self.solo().done(&self.board)
    }

    /// Every legal move now (none once done), each with one shortest path.
    pub fn legal_moves(&self) -> Vec<Move> {
        if self.is_done() {
            return Vec::new();
        }
        self.layout
            .moves(&self.board, SEAT)
            .pairs()
            .map(|(from, to)| Move {
                from,
                to,
                path: self
                    .layout
                    .path(&self.board, SEAT, from, to)
                    .expect("listed moves have paths"),
            })
            .collect()
    }

    /// Plays a move given as its path (any valid path, a step or a chain of jumps).
    pub fn play(&mut self, path: &[Hole]) -> Result<(), GameError> {
        if self.is_done() {
            return Err(GameError::GameOver);
        }
        let illegal = |why: PathError| GameError::Illegal {
            path: format_path(path),
            why,
        };
        let (from, to) = self
            .layout
            .check_path(&self.board, SEAT, path)
            .map_err(illegal)?;
        self.board.shift(SEAT, from, to);
        if self.plan.first() == Some(&(from, to)) {
            self.plan.remove(0);
        } else {
            self.plan.clear();
        }
        self.played.push(Move {
            from,
            to,
            path: path.to_vec(),
        });
        Ok(())
    }

    /// Plays a move written in notation (`m1-m3-k5`).
    pub fn play_notation(&mut self, text: &str) -> Result<(), GameError> {
        let path = parse_path(text).map_err(GameError::Notation)?;
        self.play(&path)
    }

    /// Takes the last move back; false when there is none.
    pub fn undo(&mut self) -> bool {
        match self.played.pop() {
            Some(m) => {
                self.board.shift(SEAT, m.to, m.from);
                self.plan.clear();
                true
            }
            None => false,
        }
    }

    /// A bound the moves still needed never fall below (admissible): one move for each marble
    /// outside the goal, plus parity. Jumps keep a marble's class (both axial coordinates
    /// mod 2) and every step changes it, and at the end each class holds as many marbles as
    /// the goal has holes of it; so each class's excess must step, and a marble not next to
    /// the goal pays a move more for that.
    pub fn lower_bound(&self) -> u32 {
        self.solo().lower_bound(&self.board)
    }

    fn solo(&self) -> Solo<'_> {
        Solo::new(&self.layout, SEAT)
    }

    /// The solver's next move from here, the fewest moves still needed (this move included)
    /// and whether that count is proved exact. `None` once done (or if no line was found,
    /// which the beam has not failed to find in any crossing we tried).
    ///
    /// Deterministic (no clock). Cost with [`HintBudget::default`] (release build, one core of
    /// the 2-core machine): see docs/cli.md, "crossing". Exact near the end (a few marbles to
    /// bring in), an upper bound (the best line found) early on.
    pub fn hint(&self, budget: &HintBudget) -> Option<(Move, u32, bool)> {
        let (line, exact) = self.line(budget)?;
        self.first_of(&line, exact)
    }

    /// [`Crossing::hint`], remembering its line: while the hinted moves are played, the next
    /// hint is never longer than the rest of that line, so "moves still needed" counts down by
    /// one with each hinted move (a fresh beam from the next position can find a longer line
    /// than the one it came from). What a screen should call.
    pub fn take_hint(&mut self, budget: &HintBudget) -> Option<(Move, u32, bool)> {
        let (line, exact) = self.line(budget)?;
        let hint = self.first_of(&line, exact);
        self.plan = line;
        hint
    }

    fn first_of(&self, line: &[(Hole, Hole)], exact: bool) -> Option<(Move, u32, bool)> {
        let &(from, to) = line.first()?;
        let path = self.layout.path(&self.board, SEAT, from, to)?;
        Some((Move { from, to, path }, line.len() as u32, exact))
    }

    /// The whole line behind [`Crossing::hint`]: its moves as (from, to) and whether it is
    /// proved shortest. Empty and exact when done.
    pub fn line(&self, budget: &HintBudget) -> Option<(Vec<(Hole, Hole)>, bool)> {
        let solo = self.solo();
        if solo.done(&self.board) {
            return Some((Vec::new(), true));
        }
        let game = self.game();
        let ctx = context(&game, SEAT, Weights::default());
        let beamed = beam(
            &ctx,
            &self.board,
            SEAT,
            budget.beam_width.max(1),
            200,
            &Budget::unlimited(),
        );
        let lower = solo.lower_bound(&self.board);
        // The remembered line, when it is shorter than the beam's.
        let beamed = match beamed {
            Some(b) if self.plan.is_empty() || b.len() <= self.plan.len() => Some(b),
            _ if !self.plan.is_empty() => Some(self.plan.clone()),
            b => b,
        };
        let Some(line) = beamed else {
            // No line by the beam: IDA* alone, as far as the nodes go.
            return match solo.solve(&self.board, 200, budget.nodes) {
                Search::Found(l) => Some((l, true)),
                _ => None,
            };
        };
        if line.len() as u32 <= lower {
            return Some((line, true));
        }
        match solo.solve(&self.board, line.len() as u32 - 1, budget.nodes) {
            Search::Found(better) => Some((better, true)),
            Search::NoLine => Some((line, true)),
            Search::OutOfNodes => Some((line, false)),
        }
    }
}

/// The best crossing the beam finds for `marbles` marbles with beams from 100 wide, doubling
/// up to `max_width`: the moves, as paths. Deterministic; the work grows with `max_width`
/// (65,536 took about a minute for ten marbles in a release build).
pub fn best_crossing(marbles: u8, max_width: usize) -> Result<Vec<Vec<Hole>>, RulesError> {
    let c = Crossing::new(marbles)?;
    let game = c.game();
    let ctx = context(&game, SEAT, Weights::default());
    let mut best: Option<Vec<(Hole, Hole)>> = None;
    let mut width = 100;
    loop {
        if let Some(line) = beam(&ctx, &c.board, SEAT, width, 200, &Budget::unlimited())
            && best.as_ref().is_none_or(|b| line.len() < b.len())
        {
            best = Some(line);
        }
        if width >= max_width {
            break;
        }
        width = (width * 2).min(max_width);
    }
    let mut b = c.board;
    Ok(best
        .unwrap_or_default()
        .into_iter()
        .map(|(f, t)| {
            let path = c.layout.path(&b, SEAT, f, t).expect("beam moves are legal");
            b.shift(SEAT, f, t);
            path
        })
        .collect())
}

/// Where a hole stands under jumps: a jump moves a marble two steps along a line, so it never
/// changes either axial coordinate's parity, and only a step can. Four classes.
fn class(h: u8) -> usize {
    let (q, r) = Hole::from_index_unchecked(h).axial();
    ((q.rem_euclid(2)) * 2 + r.rem_euclid(2)) as usize
}

/// One seat alone: its goal, and the exact search over its moves (everyone else stands still).
pub(crate) struct Solo<'a> {
    layout: &'a Layout,
    seat: usize,
    goal: Bits,
    /// Goal holes of each class.
    goal_class: [u32; 4],
    /// Holes outside the goal next to a goal hole.
    adjacent: Bits,
    /// Steps to the goal's far tip, to order moves.
    tip: [u8; 256],
}

impl<'a> Solo<'a> {
    pub(crate) fn new(layout: &'a Layout, seat: usize) -> Solo<'a> {
        let goal = layout.seats[seat].goal;
        let mut goal_class = [0; 4];
        let mut adjacent = Bits::EMPTY;
        for g in goal.iter() {
            goal_class[class(g)] += 1;
            adjacent |= Hole::from_index_unchecked(g).neighbours();
        }
        adjacent &= !goal;
        let point: Point = layout.seats[seat].point;
        let far = Hole::from_frame_of(point.opposite(), 4, -8).expect("every point has a tip");
        let mut tip = [0u8; 256];
        for h in Hole::all() {
            tip[h.index() as usize] = h.distance(far) as u8;
        }
        Solo {
            layout,
            seat,
            goal,
            goal_class,
            adjacent,
            tip,
        }
    }

    /// Whether every goal hole holds one of the seat's marbles.
    pub(crate) fn done(&self, board: &Board) -> bool {
        self.goal & !board.marbles(self.seat) == Bits::EMPTY
    }

    /// Moves still needed, at least (admissible). Each marble outside the goal needs a move.
    /// On top of that, parity: jumps keep a marble's class (both axial coordinates mod 2) and
    /// every step changes it, and at the end each class holds as many marbles as the goal has
    /// holes of it. So at least the excess of each class must change class, each with a step;
    /// a marble next to the goal can step into it (no extra move), but one in the goal or
    /// farther out needs a move more than it was counted for.
    pub(crate) fn lower_bound(&self, board: &Board) -> u32 {
        let own = board.marbles(self.seat);
        let out = own & !self.goal;
        let mut count = [0u32; 4];
        let mut near = [0u32; 4];
        for h in own.iter() {
            count[class(h)] += 1;
        }
        for h in (out & self.adjacent).iter() {
            near[class(h)] += 1;
        }
        let mut extra = 0;
        for c in 0..4 {
            let excess = count[c].saturating_sub(self.goal_class[c]);
            extra += excess.saturating_sub(near[c]);
        }
        out.count() + extra
    }

    /// IDA* over every move of the seat (none pruned), bounded by [`Solo::lower_bound`]: the
    /// shortest line of at most `max_len` moves, if any, within `max_nodes` nodes.
    pub(crate) fn solve(&self, start: &Board, max_len: u32, max_nodes: u64) -> Search {
        ida_star(self, start, max_len, max_nodes)
    }

    /// Fewest moves to finish from `board`, if at most `max_len` and found within the nodes.
    pub(crate) fn needed(&self, board: &Board, max_len: u32, max_nodes: u64) -> Option<u32> {
        match self.solve(board, max_len, max_nodes) {
            Search::Found(l) => Some(l.len() as u32),
            _ => None,
        }
    }
}

impl SoloProblem for Solo<'_> {
    fn seat(&self) -> usize {
        self.seat
    }

    fn done(&self, board: &Board) -> bool {
        Solo::done(self, board)
    }

    fn lower_bound(&self, board: &Board) -> u32 {
        Solo::lower_bound(self, board)
    }

    /// Every move (none pruned), best guess first; ties keep board order, so the line is
    /// deterministic.
    fn moves(&self, board: &Board) -> Vec<(Hole, Hole)> {
        let mut moves = guessed_order(
            self.layout,
            board,
            self.seat,
            &self.tip,
            self.goal,
            |_, _| true,
        );
        moves.sort_by_key(|m| std::cmp::Reverse(m.0));
        moves.into_iter().map(|(_, f, t)| (f, t)).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::parse_hole;
    use crate::zobrist::splitmix;
    use std::collections::HashSet;

    fn h(name: &str) -> Hole {
        parse_hole(name).expect("a hole")
    }

    /// Fewest moves to finish by breadth-first search over every move, if at most `limit`.
    fn brute_force(c: &Crossing, board: &Board, limit: u32) -> Option<u32> {
        let solo = c.solo();
        if solo.done(board) {
            return Some(0);
        }
        let mut seen = HashSet::from([board.hash()]);
        let mut layer = vec![*board];
        for depth in 1..=limit {
            let mut next = Vec::new();
            for b in &layer {
                for (f, t) in c.layout.moves(b, SEAT).pairs() {
                    let mut n = *b;
                    n.shift(SEAT, f, t);
                    if solo.done(&n) {
                        return Some(depth);
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

    /// A crossing nearly done: `outside` marbles taken from the goal's inner rows and put a
    /// few rows short of it (seeded).
    fn near_goal(marbles: u8, outside: usize, seed: u64) -> Crossing {
        let c = Crossing::new(marbles).unwrap();
        let goal: Vec<Hole> = crate::game::holes(c.goal()).collect();
        let point = c.layout.seats[SEAT].point;
        let edge = goal.iter().map(|g| g.rows_from_tip(point)).min().unwrap();
        let mut x = seed;
        let mut left_out = HashSet::new();
        while left_out.len() < outside {
            x = splitmix(x);
            let i = (x % goal.len() as u64) as usize;
            if goal[i].rows_from_tip(point) <= edge + 1 {
                left_out.insert(i);
            }
        }
        let mut holes: Vec<Hole> = goal
            .iter()
            .enumerate()
            .filter(|(i, _)| !left_out.contains(i))
            .map(|(_, &g)| g)
            .collect();
        let near: Vec<Hole> = Hole::all()
            .filter(|g| (edge - 2..edge).contains(&g.rows_from_tip(point)))
            .collect();
        while holes.len() < marbles as usize {
            x = splitmix(x);
            let n = near[(x % near.len() as u64) as usize];
            if !holes.contains(&n) {
                holes.push(n);
            }
        }
        Crossing::from_holes(marbles, &holes).unwrap()
    }

    #[test]
    fn the_start_and_the_moves() {
        for (marbles, first_moves) in [(6, 6), (10, 14), (15, 22)] {
            let c = Crossing::new(marbles).unwrap();
            assert_eq!(c.board().marbles(SEAT).count(), marbles as u32);
            assert_eq!(c.board().marbles(1).count(), 0);
            assert!(!c.is_done());
            assert_eq!(c.moves_made(), 0);
            assert_eq!(c.lower_bound(), marbles as u32);
            if marbles != 6 {
                assert_eq!(c.legal_moves().len(), first_moves, "{marbles}");
            }
        }
        assert!(Crossing::new(7).is_err());
        let mut c = Crossing::new(10).unwrap();
        c.play_notation("m4-l5").unwrap();
        c.play_notation("l4-l6").unwrap();
        assert_eq!(c.moves_made(), 2);
        // Wrong moves are refused in words, and leave the crossing as it was.
        let e = c.play_notation("l6-l8").unwrap_err().to_string();
        assert!(e.contains("neither a step nor a jump"), "{e}");
        assert!(c.play_notation("zz").is_err());
        assert_eq!(c.moves_made(), 2);
        assert!(c.undo() && c.undo() && !c.undo());
        assert_eq!(c.board(), c.start());
    }

    #[test]
    fn done_is_every_goal_hole_filled() {
        let c = Crossing::new(10).unwrap();
        let goal: Vec<Hole> = crate::game::holes(c.goal()).collect();
        let done = Crossing::from_holes(10, &goal).unwrap();
        assert!(done.is_done());
        assert!(done.legal_moves().is_empty());
        assert_eq!(done.hint(&HintBudget::default()), None);
        let mut almost = goal.clone();
        almost[0] = h("i9");
        assert!(!Crossing::from_holes(10, &almost).unwrap().is_done());
        assert!(Crossing::from_holes(10, &goal[..9]).is_err());
    }

    #[test]
    fn the_bound_and_the_hint_agree_with_brute_force() {
        let mut checked = 0;
        for seed in 0..40u64 {
            let marbles = [6, 10, 15][seed as usize % 3];
            let outside = 1 + (seed as usize / 3) % 3;
            let c = near_goal(marbles, outside, seed);
            let Some(best) = brute_force(&c, c.board(), 3) else {
                continue;
            };
            assert!(c.lower_bound() <= best, "seed {seed}");
            let (m, needed, exact) = c.hint(&HintBudget::default()).expect("a hint");
            assert!(exact, "seed {seed}: near the end the hint is proved");
            assert_eq!(needed, best, "seed {seed}");
            // The hint's move lies on a shortest line.
            let mut b = *c.board();
            b.shift(SEAT, m.from, m.to);
            assert_eq!(brute_force(&c, &b, best), Some(best - 1), "seed {seed}");
            // Following hints finishes in exactly that many moves.
            let mut follow = c.clone();
            while let Some((m, _, _)) = follow.hint(&HintBudget::default()) {
                follow.play(&m.path).unwrap();
            }
            assert!(follow.is_done());
            assert_eq!(follow.moves_made(), best, "seed {seed}");
            checked += 1;
        }
        assert!(checked >= 12, "{checked} positions checked");
    }

    #[test]
    fn the_bound_counts_parity() {
        // Nine marbles home at the top, the tenth on a hole of the wrong class, far out: it
        // needs a step and a jump at least.
        let c = Crossing::new(10).unwrap();
        let mut goal: Vec<Hole> = crate::game::holes(c.goal()).collect();
        let tip = h("e17");
        goal.retain(|&g| g != tip);
        let mut wrong = goal.clone();
        wrong.push(h("i12"));
        let w = Crossing::from_holes(10, &wrong).unwrap();
        assert_ne!(class(h("i12").index()), class(tip.index()));
        assert_eq!(w.lower_bound(), 2);
        let best = brute_force(&w, w.board(), 4).expect("a short finish");
        assert!(best >= 2);
        // On the right class, one move could do (the bound says 1).
        let mut right = goal.clone();
        right.push(h("i13"));
        let r = Crossing::from_holes(10, &right).unwrap();
        assert_eq!(class(h("i13").index()), class(tip.index()));
        assert_eq!(r.lower_bound(), 1);
    }

    #[test]
    fn the_six_marble_crossing_following_hints() {
        let mut c = Crossing::new(6).unwrap();
        let budget = HintBudget::default();
        let mut last = None;
        while let Some((m, needed, exact)) = c.take_hint(&budget) {
            // Each hint's line is one shorter than the one before: the count never jumps.
            if let Some(before) = last {
                assert_eq!(needed + 1, before, "after {} moves", c.moves_made());
            }
            // The last moves are proved.
            assert!(exact || needed > 11, "{needed} needed, not proved");
            last = Some(needed);
            c.play(&m.path).unwrap();
        }
        assert!(c.is_done());
        assert_eq!(c.moves_made(), BEST_MOVES_6);
    }

    #[test]
    fn taken_hints_count_down_and_an_other_move_forgets_the_line() {
        let mut c = Crossing::new(10).unwrap();
        let budget = HintBudget::default();
        let (_, first, _) = c.take_hint(&budget).unwrap();
        let mut last = first;
        while let Some((m, needed, _)) = c.take_hint(&budget) {
            assert!(
                needed < last || c.moves_made() == 0,
                "{needed} after {last}"
            );
            last = needed;
            c.play(&m.path).unwrap();
        }
        assert!(c.is_done());
        assert!(c.moves_made() <= first);
        assert!(c.moves_made() >= MIN_MOVES_10);
        // The line is kept only while it is followed.
        let mut c = Crossing::new(10).unwrap();
        let (m, _, _) = c.take_hint(&budget).unwrap();
        assert!(!c.plan.is_empty());
        let other = c.legal_moves().into_iter().find(|o| o.to != m.to).unwrap();
        c.play(&other.path).unwrap();
        assert!(c.plan.is_empty());
        c.take_hint(&budget).unwrap();
        assert!(c.undo() && c.plan.is_empty());
    }
}
