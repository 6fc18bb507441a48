//! A game: set-up, rule set and history. The single source of truth for whose turn it is,
//! what is legal, who has finished, and how the game ended.
//!
//! Every action (a move, an automatic pass, a time-out, resigning, a fallen flag) pushes a new
//! snapshot of the whole state, so undo is exact and cheap, and a record is just the list of
//! actions. Clocks are plain numbers advanced by [`Game::tick`]: the engine never reads time.

use crate::bitboard::Bits;
use crate::board::Hole;
use crate::movegen::PathError;
use crate::notation::{NotationError, format_path, parse_path};
use crate::position::{Board, Layout};
use crate::rules::{
    AfterFinish, AfterResign, ClockRule, Finish, PartnerInGoal, RuleSet, RulesError, Setup,
    Undecided,
};
use crate::zobrist;
use std::fmt;

/// One entry of a game's history. Its text (`m1-m3-k5`, `pass`, `timeout`, `resign:N`,
/// `flag:N`) is written and read in [`crate::notation`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// A move, written as the path the player gave (or the shortest one).
    Move(Vec<Hole>),
    /// The side to move had no legal move (inserted automatically).
    Pass,
    /// The side to move ran out of its per-move time: the turn is skipped.
    Timeout,
    /// A seat resigned.
    Resign(usize),
    /// A seat's reserve ran out; handled like resigning.
    Flag(usize),
}

/// A legal move with one shortest path as its written form.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Move {
    /// Where the marble starts.
    pub from: Hole,
    /// Where it ends.
    pub to: Hole,
    /// Every hole it lands on, `from` and `to` included.
    pub path: Vec<Hole>,
}

impl Move {
    /// The jumps in the move: 0 for a step, otherwise the chain's length.
    pub fn jumps(&self) -> u32 {
        jumps(&self.path)
    }

    /// The move hop by hop, in order.
    pub fn hops(&self) -> impl Iterator<Item = Hop> + '_ {
        hops(&self.path)
    }
}

/// One hop of a marble's path: a step to a neighbour or a jump over one marble.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hop {
    /// Where the hop starts.
    pub from: Hole,
    /// Where it lands.
    pub to: Hole,
    /// Whether it jumps (over a marble) rather than steps.
    pub jump: bool,
}

/// The hops along a marble's path (every hole it lands on, the start included), in order:
/// what the app animates, sounds and draws, named once here.
pub fn hops(path: &[Hole]) -> impl Iterator<Item = Hop> + '_ {
    path.windows(2).map(|w| Hop {
        from: w[0],
        to: w[1],
        jump: w[0].is_jump_to(w[1]),
    })
}

/// The jumps along a marble's path (every hole it lands on, the start included): 0 for a
/// step, otherwise the number of jumps in the chain.
pub fn jumps(path: &[Hole]) -> u32 {
    hops(path).filter(|h| h.jump).count() as u32
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&format_path(&self.path))
    }
}

/// Why a player is out of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OutReason {
    /// Marbles still in the start point at the leaving-home deadline.
    Deadline,
    /// A move back into the own start point after the deadline.
    BackIntoStart,
    /// Resigned.
    Resigned,
    /// The clock's reserve ran out.
    Flag,
    /// Too many per-move time-outs in a row.
    MissedTurns,
    /// A partner went out, and teams go out together.
    Partner,
}

/// Where a seat stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Standing {
    /// Still moving.
    Playing,
    /// Goal done; skipped from now on.
    Finished,
    /// Out of the game, marbles removed.
    Out(OutReason),
}

/// Why the game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum EndReason {
    /// Players finished (or only one was left to place).
    Finished,
    /// A player going out (resigning, a fallen flag, the leaving-home deadline) decided it.
    Forfeit,
    /// Every player used the move limit.
    MoveLimit,
    /// The same position occurred a third time.
    Repetition,
    /// A full round passed in which nobody could move.
    NoMoves,
}

/// The result of a finished game.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Outcome {
    /// Place of each seat (1 = first; partners and tied players share a place).
    pub places: Vec<u8>,
    /// Why the game ended.
    pub reason: EndReason,
}

impl Outcome {
    /// Whether nobody won alone: more than one unit shares first place.
    pub fn is_draw(&self, setup: &Setup) -> bool {
        (0..setup.units())
            .filter(|&u| setup.seats_of(u).any(|s| self.places[s] == 1))
            .count()
            > 1
    }

    /// Seats in first place.
    pub fn winners(&self) -> impl Iterator<Item = usize> + '_ {
        self.places
            .iter()
            .enumerate()
            .filter(|p| *p.1 == 1)
            .map(|p| p.0)
    }
}

/// Whether the game goes on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Status {
    /// Someone is to move.
    InPlay,
    /// The game is over.
    Over(Outcome),
}

/// What happened as the result of an action, in order, for the app's animations and notices.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// A marble moved along this path.
    Moved {
        /// Who moved.
        seat: usize,
        /// The path.
        path: Vec<Hole>,
    },
    /// The seat had no legal move and passed.
    Passed {
        /// Who passed.
        seat: usize,
    },
    /// The seat's per-move time ran out.
    TimedOut {
        /// Whose turn was skipped.
        seat: usize,
    },
    /// The seat's goal is done.
    Finished {
        /// Who finished.
        seat: usize,
    },
    /// The seat is out of the game.
    Out {
        /// Who is out.
        seat: usize,
        /// Why.
        reason: OutReason,
    },
    /// The game ended.
    Over(Outcome),
}

/// How far a seat has come: what ranking by progress compares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    /// Own marbles in the goal.
    pub in_goal: u32,
    /// Total steps still to travel: for each marble, the distance to the nearest goal hole.
    pub distance: u32,
}

/// Why an action was refused. The game is unchanged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameError {
    /// The game is over.
    GameOver,
    /// The move's notation is malformed.
    Notation(NotationError),
    /// The move is not legal here.
    Illegal {
        /// The move as given.
        path: String,
        /// What is wrong with it.
        why: PathError,
    },
    /// The action does not fit the game (wrong seat, no clock, a pass with moves left…).
    NotAllowed(String),
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameError::GameOver => write!(f, "the game is over"),
            GameError::Notation(e) => write!(f, "bad move {e}"),
            GameError::Illegal { path, why } => write!(f, "illegal move '{path}': {why}"),
            GameError::NotAllowed(s) => write!(f, "{s}"),
        }
    }
}

impl std::error::Error for GameError {}

/// The state after each action; see the module notes.
#[derive(Clone, Debug, PartialEq, Eq)]
struct State {
    board: Board,
    to_move: usize,
    over: Option<Outcome>,
    standing: [Standing; 6],
    /// Place per unit (0 = not placed yet).
    place: [u8; 6],
    next_top: u8,
    next_bottom: u8,
    moves: [u16; 6],
    turns: [u16; 6],
    missed: [u8; 6],
    /// Reserve left, or time used on this move, per seat.
    clock_ms: [u64; 6],
    /// Two players: the first has finished and the second makes the equalising move.
    equalising: bool,
}

/// A game in progress or finished.
#[derive(Clone, Debug)]
pub struct Game {
    setup: Setup,
    rules: RuleSet,
    layout: Layout,
    states: Vec<State>,
    actions: Vec<Action>,
    redo: Vec<Action>,
}

impl Game {
    /// A new game at the start position.
    pub fn new(setup: Setup, rules: RuleSet) -> Result<Game, RulesError> {
        rules.validate()?;
        let setup = Setup::new(setup.players, setup.marbles, setup.teams)?;
        let layout = Layout::new(setup, &rules);
        let reserve = match rules.clock {
            Some(ClockRule::Reserve { reserve_ms, .. }) => reserve_ms,
            _ => 0,
        };
        let units = setup.units() as u8;
        let state = State {
            board: Board::start(&layout),
            to_move: 0,
            over: None,
            standing: [Standing::Playing; 6],
            place: [0; 6],
            next_top: 1,
            next_bottom: units,
            moves: [0; 6],
            turns: [0; 6],
            missed: [0; 6],
            clock_ms: [reserve; 6],
            equalising: false,
        };
        Ok(Game {
            setup,
            rules,
            layout,
            states: vec![state],
            actions: vec![],
            redo: vec![],
        })
    }

    /// A game from a hand-made position (puzzles, tests, study): `board` replaces the start
    /// position and `to_move` moves first. Its record cannot be replayed from the start.
    pub fn from_board(
        setup: Setup,
        rules: RuleSet,
        board: Board,
        to_move: usize,
    ) -> Result<Game, RulesError> {
        let mut g = Game::new(setup, rules)?;
        let players = setup.players as usize;
        if to_move >= players {
            return Err(RulesError::Invalid(format!(
                "seat {} does not exist",
                to_move + 1
            )));
        }
        for seat in 0..6 {
            let n = board.marbles(seat).count() as usize;
            if seat >= players && n > 0 {
                return Err(RulesError::Invalid(format!(
                    "marbles for seat {} of {players}",
                    seat + 1
                )));
            }
            if n > crate::position::MAX_MARBLES {
                return Err(RulesError::Invalid(format!(
                    "seat {} has {n} marbles",
                    seat + 1
                )));
            }
        }
        let s = &mut g.states[0];
        s.board = board;
        s.to_move = to_move;
        // Whoever cannot move passes at once, as after any action.
        let _ = g.pass_while_stuck(&mut vec![]);
        Ok(g)
    }

    /// Counts `made` moves (and turns) as already played by `seat`, before any action, so a
    /// hand-made position can stand at a given move of the game (the tutorial's lesson on the
    /// leaving-home deadline). Crate-only: a record keeps no such count, so a game started
    /// this way must not be saved as one.
    pub(crate) fn set_moves_made(&mut self, seat: usize, made: u16) {
        if self.actions.is_empty() && seat < self.setup.players as usize {
            let s = &mut self.states[0];
            s.moves[seat] = made;
            s.turns[seat] = made;
        }
    }

    /// A new game under a named preset, with its default set-up unless overridden.
    pub fn from_preset(
        name: &str,
        players: Option<u8>,
        marbles: Option<u8>,
    ) -> Result<Game, RulesError> {
        let rules = RuleSet::preset(name)?;
        let setup = Setup::for_rules(&rules, players, marbles)?;
        Game::new(setup, rules)
    }

    fn state(&self) -> &State {
        self.states.last().expect("a game always has a state")
    }

    /// The position the game started from and the seat that moved first.
    pub fn start(&self) -> (&Board, usize) {
        (&self.states[0].board, self.states[0].to_move)
    }

    /// The set-up.
    pub fn setup(&self) -> &Setup {
        &self.setup
    }

    /// The rule set.
    pub fn rules(&self) -> &RuleSet {
        &self.rules
    }

    /// Seats, areas and movement rules.
    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// The marbles on the board now.
    pub fn board(&self) -> &Board {
        &self.state().board
    }

    /// The seat to move, or `None` once the game is over.
    pub fn to_move(&self) -> Option<usize> {
        let s = self.state();
        s.over.is_none().then_some(s.to_move)
    }

    /// In play, or the outcome.
    pub fn status(&self) -> Status {
        match &self.state().over {
            None => Status::InPlay,
            Some(o) => Status::Over(o.clone()),
        }
    }

    /// Whether the game has ended.
    pub fn is_over(&self) -> bool {
        self.state().over.is_some()
    }

    /// Where a seat stands.
    pub fn standing(&self, seat: usize) -> Standing {
        self.state().standing[seat]
    }

    /// The place a seat has secured so far (finished, or out from the bottom), if any.
    pub fn place(&self, seat: usize) -> Option<u8> {
        let p = self.state().place[self.setup.unit_of(seat)];
        (p > 0).then_some(p)
    }

    /// Moves the seat has made.
    pub fn moves_made(&self, seat: usize) -> u16 {
        self.state().moves[seat]
    }

    /// Turns the seat has taken (moves, passes, time-outs): what the move limit counts.
    pub fn turns_taken(&self, seat: usize) -> u16 {
        self.state().turns[seat]
    }

    /// Every action so far.
    pub fn actions(&self) -> &[Action] {
        &self.actions
    }

    /// The seat that made each action, in the order of [`Game::actions`]: the side to move
    /// for a move, a pass or a time-out, the seat named for a resignation or a fallen flag
    /// (which may come out of turn). Read from the history, without replaying anything.
    pub fn movers(&self) -> impl ExactSizeIterator<Item = usize> + '_ {
        // `states[i]` is the state before `actions[i]`.
        self.actions
            .iter()
            .zip(&self.states)
            .map(|(action, before)| match action {
                Action::Resign(seat) | Action::Flag(seat) => *seat,
                Action::Move(_) | Action::Pass | Action::Timeout => before.to_move,
            })
    }

    /// The path of the last move played (passes, resignations and time-outs skipped), for
    /// showing where the last marble went.
    pub fn last_move(&self) -> Option<&[Hole]> {
        self.actions.iter().rev().find_map(|a| match a {
            Action::Move(p) => Some(p.as_slice()),
            _ => None,
        })
    }

    /// Hash of the position with the side to move: equal hashes mean a repeated position.
    pub fn hash(&self) -> u64 {
        let s = self.state();
        s.board.hash() ^ zobrist::to_move(s.to_move)
    }

    /// Whether these marbles have stood exactly like this at any point of the game so far
    /// (computer players avoid going back to such positions, so games move on).
    pub fn has_occurred(&self, board: &Board) -> bool {
        // Hashes first: the AI asks this of every move it considers.
        self.states
            .iter()
            .any(|s| s.board.hash() == board.hash() && s.board == *board)
    }

    /// Progress of a seat.
    pub fn progress(&self, seat: usize) -> Progress {
        progress(&self.layout, &self.state().board, seat)
    }

    /// Clock reading of a seat: reserve left, or time used on the current move.
    pub fn clock_ms(&self, seat: usize) -> Option<u64> {
        self.rules.clock.map(|_| self.state().clock_ms[seat])
    }

    /// Sets the clock readings of every seat at the current position, as a saved game left
    /// them (a replay alone cannot know how long each move took). Refused, changing nothing,
    /// without a clock, with the wrong number of seats or a reading out of range.
    pub fn restore_clocks(&mut self, ms: &[u64]) -> Result<(), GameError> {
        let players = self.setup.players as usize;
        let limit = match self.rules.clock {
            None => return Err(GameError::NotAllowed("this game has no clock".into())),
            Some(ClockRule::Reserve { .. }) => u64::MAX,
            Some(ClockRule::PerMove { limit_ms, .. }) => limit_ms.saturating_sub(1),
        };
        if ms.len() != players {
            return Err(GameError::NotAllowed(format!(
                "{} clock readings for {players} players",
                ms.len()
            )));
        }
        if let Some(bad) = ms.iter().find(|&&m| m > limit) {
            return Err(GameError::NotAllowed(format!(
                "clock reading {bad} ms is beyond the per-move limit"
            )));
        }
        let s = self.states.last_mut().expect("state");
        s.clock_ms[..players].copy_from_slice(ms);
        Ok(())
    }

    /// Every legal move of the side to move, each with a shortest path.
    pub fn legal_moves(&self) -> Vec<Move> {
        let Some(seat) = self.to_move() else {
            return vec![];
        };
        let b = &self.state().board;
        self.layout
            .moves(b, seat)
            .pairs()
            .map(|(from, to)| self.make_move(from, to))
            .collect()
    }

    /// The legal moves of the marble on `from` (none if it is not the mover's).
    pub fn moves_from(&self, from: Hole) -> Vec<Move> {
        let Some(seat) = self.to_move() else {
            return vec![];
        };
        let b = &self.state().board;
        if !b.marbles(seat).has(from.index()) {
            return vec![];
        }
        self.layout
            .destinations(b, seat, from)
            .iter()
            .map(|t| self.make_move(from, Hole::from_index(t).expect("destination on board")))
            .collect()
    }

    fn make_move(&self, from: Hole, to: Hole) -> Move {
        let seat = self.state().to_move;
        let path = self
            .layout
            .path(&self.state().board, seat, from, to)
            .expect("every generated move has a path");
        Move { from, to, path }
    }

    /// Whether playing this path would put the mover out (the leaving-home deadline), so the
    /// app can ask first. False for illegal moves.
    pub fn would_put_out(&self, path: &[Hole]) -> bool {
        let s = self.state();
        if s.over.is_some() {
            return false;
        }
        match self.layout.check_path(&s.board, s.to_move, path) {
            Ok((from, to)) => self.deadline_breach(s, s.to_move, from, to).is_some(),
            Err(_) => false,
        }
    }

    /// Whether moving `from`→`to` now would break the leaving-home deadline, and how.
    fn deadline_breach(&self, s: &State, seat: usize, from: Hole, to: Hole) -> Option<OutReason> {
        let deadline = self.rules.leave_home_moves(self.setup.marbles)?;
        let area = self.layout.seats[seat].start_area;
        let made = s.moves[seat] + 1;
        if made > deadline && area.has(to.index()) && !area.has(from.index()) {
            return Some(OutReason::BackIntoStart);
        }
        if made == deadline {
            let mut b = s.board;
            b.shift(seat, from, to);
            // Marbles still at home break the deadline unless they cannot move at all.
            let stuck = (b.marbles(seat) & area).iter().all(|h| {
                self.layout
                    .destinations(&b, seat, Hole::from_index(h).expect("hole"))
                    .is_empty()
            });
            if !stuck {
                return Some(OutReason::Deadline);
            }
        }
        None
    }

    /// Plays a move given as its path (any valid path).
    pub fn play(&mut self, path: &[Hole]) -> Result<Vec<Event>, GameError> {
        self.act(Action::Move(path.to_vec()))
    }

    /// Plays a move written in notation, such as `m1-m3-k5`.
    pub fn play_notation(&mut self, text: &str) -> Result<Vec<Event>, GameError> {
        let path = parse_path(text).map_err(GameError::Notation)?;
        self.play(&path)
    }

    /// Plays the move from `from` to `to` along its shortest path.
    pub fn play_move(&mut self, from: Hole, to: Hole) -> Result<Vec<Event>, GameError> {
        let seat = self.to_move().ok_or(GameError::GameOver)?;
        match self.layout.path(self.board(), seat, from, to) {
            Some(p) => self.play(&p),
            None => self.play(&[from, to]),
        }
    }

    /// A seat resigns (at any time, not only on its turn).
    pub fn resign(&mut self, seat: usize) -> Result<Vec<Event>, GameError> {
        self.act(Action::Resign(seat))
    }

    /// Advances the clock of the side to move by `elapsed_ms`; a fallen flag or a per-move
    /// time-out is played as an action and its events returned.
    pub fn tick(&mut self, elapsed_ms: u64) -> Vec<Event> {
        let Some(seat) = self.to_move() else {
            return vec![];
        };
        let Some(clock) = self.rules.clock else {
            return vec![];
        };
        let s = self.states.last_mut().expect("state");
        let action = match clock {
            ClockRule::Reserve { .. } => {
                s.clock_ms[seat] = s.clock_ms[seat].saturating_sub(elapsed_ms);
                (s.clock_ms[seat] == 0).then_some(Action::Flag(seat))
            }
            ClockRule::PerMove { limit_ms, .. } => {
                s.clock_ms[seat] = s.clock_ms[seat].saturating_add(elapsed_ms);
                (s.clock_ms[seat] >= limit_ms).then_some(Action::Timeout)
            }
        };
        match action {
            Some(a) => self.act(a).unwrap_or_default(),
            None => vec![],
        }
    }

    /// Takes back the last action (with the automatic passes that followed it).
    /// Returns false when there is nothing to undo.
    pub fn undo(&mut self) -> bool {
        let Some(i) = self.actions.iter().rposition(|a| *a != Action::Pass) else {
            return false;
        };
        let action = self.actions[i].clone();
        self.actions.truncate(i);
        self.states.truncate(i + 1);
        self.redo.push(action);
        if let Some(ClockRule::PerMove { .. }) = self.rules.clock {
            // The player to move gets a fresh move's time, not what was left before.
            let s = self.states.last_mut().expect("state");
            s.clock_ms[s.to_move] = 0;
        }
        true
    }

    /// Plays again the last undone action. Returns its events, or `None` if there is none.
    pub fn redo(&mut self) -> Option<Vec<Event>> {
        let a = self.redo.pop()?;
        let keep = std::mem::take(&mut self.redo);
        let events = self.act(a).ok();
        self.redo = keep;
        events
    }

    /// Whether there is an action to undo / redo.
    pub fn can_undo(&self) -> bool {
        self.actions.iter().any(|a| *a != Action::Pass)
    }

    /// Whether an undone action can be played again.
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// The undone actions, in the order [`Game::redo`] would play them again (a saved game
    /// keeps them so redo survives a restart).
    pub fn redo_actions(&self) -> impl Iterator<Item = &Action> {
        self.redo.iter().rev()
    }

    /// Applies any action as a player or a record would; the game is unchanged on error.
    pub fn act(&mut self, action: Action) -> Result<Vec<Event>, GameError> {
        let mut events = vec![];
        let next = self.apply(self.state(), &action, &mut events)?;
        self.push(action, next);
        self.redo.clear();
        self.pass_while_stuck(&mut events)?;
        Ok(events)
    }

    /// Players with no legal move pass automatically.
    fn pass_while_stuck(&mut self, events: &mut Vec<Event>) -> Result<(), GameError> {
        while let Some(seat) = self.to_move() {
            if self.layout.has_move(self.board(), seat) {
                break;
            }
            let next = self.apply(self.state(), &Action::Pass, events)?;
            self.push(Action::Pass, next);
        }
        Ok(())
    }

    /// Hands the turn on as if the seat to move had passed, legal moves or not: the computer
    /// players' model of a round in which some seat's move cannot be foreseen.
    pub(crate) fn hand_on(&mut self) {
        let Some(seat) = self.to_move() else { return };
        let mut s = self.state().clone();
        s.turns[seat] = s.turns[seat].saturating_add(1);
        self.settle(&mut s, seat);
        self.push(Action::Pass, s);
        let _ = self.pass_while_stuck(&mut vec![]);
    }

    fn push(&mut self, action: Action, state: State) {
        self.actions.push(action);
        self.states.push(state);
    }

    fn apply(
        &self,
        cur: &State,
        action: &Action,
        events: &mut Vec<Event>,
    ) -> Result<State, GameError> {
        if cur.over.is_some() {
            return Err(GameError::GameOver);
        }
        let mut s = cur.clone();
        let seat = s.to_move;
        match action {
            Action::Move(path) => {
                let (from, to) = self
                    .layout
                    .check_path(&s.board, seat, path)
                    .map_err(|why| GameError::Illegal {
                        path: format_path(path),
                        why,
                    })?;
                let breach = self.deadline_breach(&s, seat, from, to);
                s.board.shift(seat, from, to);
                s.moves[seat] = s.moves[seat].saturating_add(1);
                s.turns[seat] = s.turns[seat].saturating_add(1);
                s.missed[seat] = 0;
                match self.rules.clock {
                    Some(ClockRule::Reserve { increment_ms, .. }) => {
                        s.clock_ms[seat] = s.clock_ms[seat].saturating_add(increment_ms)
                    }
                    Some(ClockRule::PerMove { .. }) => s.clock_ms[seat] = 0,
                    None => {}
                }
                events.push(Event::Moved {
                    seat,
                    path: path.clone(),
                });
                if let Some(reason) = breach {
                    self.eliminate(&mut s, seat, reason, false, events);
                }
                self.check_finishers(&mut s, seat, events);
                self.settle(&mut s, seat);
            }
            Action::Pass => {
                if self.layout.has_move(&s.board, seat) {
                    return Err(GameError::NotAllowed(format!(
                        "seat {} has a legal move and cannot pass",
                        seat + 1
                    )));
                }
                s.turns[seat] = s.turns[seat].saturating_add(1);
                events.push(Event::Passed { seat });
                let n = self.setup.players as usize;
                let anyone_can_move = (0..n).any(|m| {
                    s.standing[m] == Standing::Playing && self.layout.has_move(&s.board, m)
                });
                if anyone_can_move || s.equalising {
                    self.settle(&mut s, seat);
                } else {
                    // Nobody can move, so a full round of passes would change nothing.
                    self.finish_undecided(&mut s, EndReason::NoMoves);
                }
            }
            Action::Timeout => {
                let Some(ClockRule::PerMove { resign_after, .. }) = self.rules.clock else {
                    return Err(GameError::NotAllowed(
                        "a time-out needs a per-move clock".into(),
                    ));
                };
                s.turns[seat] = s.turns[seat].saturating_add(1);
                s.missed[seat] = s.missed[seat].saturating_add(1);
                s.clock_ms[seat] = 0;
                events.push(Event::TimedOut { seat });
                if s.missed[seat] >= resign_after {
                    self.resign_state(&mut s, seat, OutReason::MissedTurns, events);
                }
                self.settle(&mut s, seat);
            }
            Action::Resign(who) | Action::Flag(who) => {
                let who = *who;
                if who >= self.setup.players as usize || s.standing[who] != Standing::Playing {
                    return Err(GameError::NotAllowed(format!(
                        "seat {} is not playing",
                        who + 1
                    )));
                }
                if matches!(action, Action::Flag(_))
                    && !matches!(self.rules.clock, Some(ClockRule::Reserve { .. }))
                {
                    return Err(GameError::NotAllowed(
                        "a fallen flag needs a reserve clock".into(),
                    ));
                }
                let reason = if matches!(action, Action::Flag(_)) {
                    OutReason::Flag
                } else {
                    OutReason::Resigned
                };
                self.resign_state(&mut s, who, reason, events);
                self.settle(&mut s, who);
            }
        }
        if s.over.is_none() && self.rules.repetition_ends && self.occurrences(&s) >= 2 {
            self.finish_undecided(&mut s, EndReason::Repetition);
        }
        if let Some(o) = &s.over {
            events.push(Event::Over(o.clone()));
        }
        Ok(s)
    }

    /// How often the position of `s` (marbles and side to move) occurred before.
    fn occurrences(&self, s: &State) -> usize {
        self.states
            .iter()
            .filter(|o| o.over.is_none() && o.to_move == s.to_move && o.board == s.board)
            .count()
    }

    fn resign_state(&self, s: &mut State, seat: usize, reason: OutReason, events: &mut Vec<Event>) {
        let ends = self.setup.units() > 2 && self.rules.resign == AfterResign::EndAndRank;
        self.eliminate(s, seat, reason, ends, events);
    }

    /// Puts a seat (and its team) out: worst free place, marbles off the board. With
    /// `ends_game`, the rest are ranked at once.
    fn eliminate(
        &self,
        s: &mut State,
        seat: usize,
        reason: OutReason,
        ends_game: bool,
        events: &mut Vec<Event>,
    ) {
        let unit = self.setup.unit_of(seat);
        for m in self.setup.seats_of(unit) {
            if !matches!(s.standing[m], Standing::Out(_)) {
                let r = if m == seat {
                    reason
                } else {
                    OutReason::Partner
                };
                s.standing[m] = Standing::Out(r);
                events.push(Event::Out { seat: m, reason: r });
            }
            s.board.remove_seat(m);
        }
        s.place[unit] = s.next_bottom;
        s.next_bottom = s.next_bottom.saturating_sub(1);
        if s.equalising {
            // The reply never came: the first player's finish stands alone.
            s.equalising = false;
        }
        if ends_game {
            self.rank_rest(s, Undecided::RankByProgress);
            s.over = Some(self.outcome(s, EndReason::Forfeit));
        }
    }

    fn goal_done(&self, b: &Board, seat: usize) -> bool {
        let partner = self
            .setup
            .seats_of(self.setup.unit_of(seat))
            .find(|&p| p != seat);
        GoalRule::of(&self.rules).done(b, self.layout.seats[seat].goal, seat, partner)
    }

    /// Marks every seat whose goal is now done, starting with the mover (a player can finish on
    /// someone else's move), and places the units that are complete.
    fn check_finishers(&self, s: &mut State, mover: usize, events: &mut Vec<Event>) {
        let n = self.setup.players as usize;
        for k in 0..n {
            let seat = (mover + k) % n;
            if s.standing[seat] != Standing::Playing || !self.goal_done(&s.board, seat) {
                continue;
            }
            s.standing[seat] = Standing::Finished;
            events.push(Event::Finished { seat });
            let unit = self.setup.unit_of(seat);
            if !self
                .setup
                .seats_of(unit)
                .all(|m| s.standing[m] == Standing::Finished)
            {
                continue;
            }
            let first = self.first_mover();
            if s.equalising && seat != first {
                // The second player equalised: both share first place.
                s.place[seat] = s.place[first];
            } else {
                s.place[unit] = s.next_top;
                s.next_top += 1;
                if self.rules.equalising_move && n == 2 && seat == first && mover == first {
                    s.equalising = true;
                }
            }
        }
    }

    /// The seat that moved first: with two players, the one the equalising move answers.
    fn first_mover(&self) -> usize {
        self.states[0].to_move
    }

    /// After an action: decide whether the game is over, otherwise pass the turn on.
    fn settle(&self, s: &mut State, actor: usize) {
        if s.over.is_some() {
            return;
        }
        let playing_units: Vec<usize> = (0..self.setup.units())
            .filter(|&u| s.place[u] == 0)
            .collect();
        if s.equalising {
            let first = self.first_mover();
            if actor == first {
                s.to_move = 1 - first;
                return;
            }
            s.equalising = false;
        }
        if playing_units.len() <= 1 {
            for u in playing_units {
                s.place[u] = s.next_top;
            }
            let reason =
                if s.standing.iter().any(|st| matches!(st, Standing::Out(_))) && s.next_top == 1 {
                    EndReason::Forfeit
                } else {
                    EndReason::Finished
                };
            s.over = Some(self.outcome(s, reason));
            return;
        }
        if self.rules.after_first_finish == AfterFinish::EndAndRank && s.next_top > 1 {
            self.rank_rest(s, Undecided::RankByProgress);
            s.over = Some(self.outcome(s, EndReason::Finished));
            return;
        }
        // The turn passes to the next seat still playing (the actor keeps it only if someone
        // else resigned out of turn and the mover is still in).
        let n = self.setup.players as usize;
        let start = if actor == s.to_move {
            actor + 1
        } else {
            s.to_move
        };
        s.to_move = (0..n)
            .map(|k| (start + k) % n)
            .find(|&m| s.standing[m] == Standing::Playing)
            .expect("a unit still plays");
        if let Some(limit) = self.rules.move_limit
            && s.turns[s.to_move] >= limit
        {
            self.finish_undecided(s, EndReason::MoveLimit);
        }
    }

    fn finish_undecided(&self, s: &mut State, reason: EndReason) {
        self.rank_rest(s, self.rules.undecided);
        s.over = Some(self.outcome(s, reason));
    }

    /// Places every unit not yet placed: by progress (ties share), or all sharing (a draw).
    fn rank_rest(&self, s: &mut State, how: Undecided) {
        let mut rest: Vec<(usize, (u32, u32))> = (0..self.setup.units())
            .filter(|&u| s.place[u] == 0)
            .map(|u| {
                let p = self.setup.seats_of(u).fold((0, 0), |acc, seat| {
                    let p = progress(&self.layout, &s.board, seat);
                    (acc.0 + p.in_goal, acc.1 + p.distance)
                });
                (u, p)
            })
            .collect();
        rest.sort_by_key(|&(_, (in_goal, dist))| (std::cmp::Reverse(in_goal), dist));
        let base = s.next_top;
        for i in 0..rest.len() {
            let (u, key) = rest[i];
            s.place[u] = match how {
                Undecided::Draw => base,
                Undecided::RankByProgress => {
                    if i > 0 && rest[i - 1].1 == key {
                        s.place[rest[i - 1].0]
                    } else {
                        base + i as u8
                    }
                }
            };
        }
        s.next_top = base + rest.len() as u8;
    }

    fn outcome(&self, s: &State, reason: EndReason) -> Outcome {
        Outcome {
            places: (0..self.setup.players as usize)
                .map(|seat| s.place[self.setup.unit_of(seat)])
                .collect(),
            reason,
        }
    }
}

/// When a goal is done: the two options that decide which marbles fill its holes. The one
/// place that judges it, for the game and for the computer players alike.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GoalRule {
    /// Whether an opponent's marble fills a hole ([`Finish::AntiBlocking`]) or only your own
    /// do ([`Finish::Strict`]).
    pub finish: Finish,
    /// With teams, whether a partner's marble fills a hole.
    pub partner_in_goal: PartnerInGoal,
}

impl GoalRule {
    /// The goal rule of a rule set.
    pub fn of(rules: &RuleSet) -> GoalRule {
        GoalRule {
            finish: rules.finish,
            partner_in_goal: rules.partner_in_goal,
        }
    }

    /// The marbles on `board` that fill holes of `seat`'s goal; `partner` is its partner's
    /// seat (`None` without teams).
    #[inline]
    pub fn fill(self, board: &Board, seat: usize, partner: Option<usize>) -> Bits {
        let own = board.marbles(seat);
        let partner = partner.map_or(Bits::EMPTY, |p| board.marbles(p));
        let fill = match self.finish {
            Finish::Strict => own | partner,
            Finish::AntiBlocking => board.occupied(),
        };
        match self.partner_in_goal {
            // Only a partner's marbles are taken out: under the strict finish that leaves
            // your own, under anti-blocking your own and the opponents'.
            PartnerInGoal::Unfilled => fill & !partner,
            PartnerInGoal::Filled => fill,
        }
    }

    /// The holes of `goal` that `seat` still has to fill, and whether one of its own marbles
    /// stands in the goal (needed too: nobody finishes on others' marbles alone).
    #[inline]
    pub fn open(
        self,
        board: &Board,
        goal: Bits,
        seat: usize,
        partner: Option<usize>,
    ) -> (Bits, bool) {
        let open = goal & !self.fill(board, seat, partner);
        (open, !(board.marbles(seat) & goal).is_empty())
    }

    /// Whether `seat`'s `goal` is done: every hole filled, at least one by its own marble.
    #[inline]
    pub fn done(self, board: &Board, goal: Bits, seat: usize, partner: Option<usize>) -> bool {
        let (open, own_in) = self.open(board, goal, seat, partner);
        open.is_empty() && own_in
    }
}

/// Progress of `seat` on `board`.
pub fn progress(layout: &Layout, board: &Board, seat: usize) -> Progress {
    let info = &layout.seats[seat];
    let own = board.marbles(seat);
    Progress {
        in_goal: (own & info.goal).count(),
        distance: own.iter().map(|h| info.dist[h as usize] as u32).sum(),
    }
}

/// The holes of `bits`, as holes.
pub fn holes(bits: Bits) -> impl Iterator<Item = Hole> {
    bits.iter()
        .map(|i| Hole::from_index(i).expect("bit sets hold holes only"))
}
