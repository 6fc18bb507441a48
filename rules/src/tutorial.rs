//! Learn: the tutorial's lessons, each a small position the learner plays on the real board.
//!
//! A [`Lesson`] is a position, the rule set it is played under and one or more [`Step`]s,
//! each asking the learner (always seat [`LEARNER`], the bottom seat) for one move. A step
//! judges a move by what it does in the engine (legal moves, jumps made, events such as a
//! finish or a seat put out), never by comparing it with a stored answer, so every move that
//! does what the step asks is right. The other seat's marbles stand still: [`play`] applies a
//! right move and hands the turn straight back to the learner. [`Practice`] runs a lesson
//! from start to end for an app or a test.

use crate::board::Hole;
use crate::game::{Event, Game, GameError, GoalRule, OutReason, holes, jumps};
use crate::guide::ordinal;
use crate::notation::{holes_text, parse_holes, parse_path};
use crate::position::{Board, Layout};
use crate::rules::{RuleSet, Setup};

/// The seat the learner plays in every lesson: the bottom point, goal at the top.
pub const LEARNER: usize = 0;

/// The other seat, whose marbles (where a lesson has any) stand still.
const OTHER: usize = 1;

/// What a step makes of a move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The move does what the step asks; the caller applies it (see [`play`]).
    Right {
        /// A sentence saying what the learner just did.
        note: String,
    },
    /// A legal move that misses the step's aim, with why in one sentence.
    Wrong {
        /// The explanation.
        why: String,
    },
    /// Not a legal move at all; the engine's reason, in a sentence.
    Illegal {
        /// The explanation.
        why: String,
    },
}

impl Verdict {
    /// Whether the move was right.
    pub fn is_right(&self) -> bool {
        matches!(self, Verdict::Right { .. })
    }
}

/// What a step asks for, judged with the engine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Aim {
    /// A step (no jump) that brings the marble nearer the goal.
    StepForward,
    /// Any move with at least one jump.
    Jump,
    /// Any move that ends on this hole.
    Reach(Hole),
    /// Any move that leaves the learner a move coming at least this much nearer the goal
    /// (with short jumps, 4 means a chain of two jumps forward): a ladder built.
    OpenChain(i32),
    /// Any move coming at least this much nearer the goal: a ladder climbed.
    Climb(i32),
    /// Any move after which the leaving-home deadline can still be kept (or is kept).
    InTime,
    /// Any move that finishes the learner's goal.
    Finish,
    /// Any move that shortens the other seat's best move.
    Block,
    /// Any move after which the learner's marble on this hole has a jump toward its goal.
    Unblock(Hole),
}

/// One move the learner is asked for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// What to do, in one or two sentences for a player; hole names only as a help.
    pub instruction: &'static str,
    /// Said when the move is right.
    pub note: &'static str,
    /// The move "show me" plays when it is right in the position reached (it shows the
    /// lesson's idea best); otherwise the first right move is shown.
    show: &'static str,
    aim: Aim,
}

/// A rule that only some rule sets have, taught by a lesson.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RuleTaught {
    /// Every marble must leave home by a deadline ([`crate::rules::LeaveHome`]).
    Deadline,
    /// An opponent's marble in your goal counts as filled ([`crate::rules::Finish`]).
    AntiBlocking,
}

/// One lesson of the tutorial.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lesson {
    /// Stable name, kept in the saved progress: never change a shipped one.
    pub id: &'static str,
    /// Short title for the lesson list.
    pub title: &'static str,
    /// The preset the lesson is played under.
    pub preset: &'static str,
    /// The rule only some rule sets have that the lesson is about, if any: under rules
    /// without it the app can say the lesson does not apply to the player's games.
    pub teaches: Option<RuleTaught>,
    /// The learner's marbles.
    mine: &'static str,
    /// The other seat's marbles.
    theirs: &'static str,
    /// Moves the learner counts as having made (for the deadline).
    moves_made: u16,
    /// The moves asked, in order.
    pub steps: Vec<Step>,
}

/// A hole by line letter and row, checked when the constant is compiled.
const fn at(line: u8, row: i32) -> Hole {
    match Hole::from_line_row((line - b'a') as i32 + 1, row) {
        Some(h) => h,
        None => panic!("not a hole"),
    }
}

const J11: Hole = at(b'j', 11);
const M5: Hole = at(b'm', 5);

/// The lessons, in the order they are taught.
pub fn lessons() -> Vec<Lesson> {
    let step = |instruction, note, show, aim| Step {
        instruction,
        note,
        show,
        aim,
    };
    vec![
        Lesson {
            id: "step",
            title: "A step",
            preset: "rulebook",
            teaches: None,
            mine: "j5 k5",
            theirs: "",
            moves_made: 0,
            steps: vec![step(
                "Move one of your marbles one hole toward your goal, the point across the \
                 board: pick a marble, then a lit hole right next to it.",
                "That is a step: one hole, into an empty neighbour.",
                "j5-j6",
                Aim::StepForward,
            )],
        },
        Lesson {
            id: "jump",
            title: "A jump",
            preset: "rulebook",
            teaches: None,
            mine: "j5 k5",
            theirs: "j6",
            moves_made: 0,
            steps: vec![step(
                "Jump one of your marbles over a marble right next to it, yours or another \
                 player's, into the empty hole just behind.",
                "That is a jump. Nothing is captured: the marble you jumped over stays.",
                "j5-j7",
                Aim::Jump,
            )],
        },
        Lesson {
            id: "chain",
            title: "A chain of jumps",
            preset: "rulebook",
            teaches: None,
            mine: "j5 j6",
            theirs: "j8 j10",
            moves_made: 0,
            steps: vec![step(
                "After a jump the same marble may jump again, as often as it can. Take your \
                 lowest marble up to the marked hole (j11) in one move.",
                "Three jumps in one move: chains are how marbles cross the board fast.",
                "j5-j7-j9-j11",
                Aim::Reach(J11),
            )],
        },
        Lesson {
            id: "ladder",
            title: "Build a ladder, then climb it",
            preset: "rulebook",
            teaches: None,
            mine: "g5 g6 h7",
            theirs: "",
            moves_made: 0,
            steps: vec![
                step(
                    "A ladder is a line of marbles with an empty hole after each. Move one \
                     marble so that another can jump twice toward your goal next move.",
                    "That is a ladder: the way up is open.",
                    "h7-g8",
                    Aim::OpenChain(4),
                ),
                step(
                    "Now climb it: jump up your ladder in one move, two jumps or more.",
                    "You climbed your own ladder. Others may climb it too: mind what you leave.",
                    "g5-g7-g9",
                    Aim::Climb(4),
                ),
            ],
        },
        Lesson {
            id: "deadline",
            title: "Leave home in time",
            preset: "classic",
            teaches: Some(RuleTaught::Deadline),
            mine: "l3 k4 h8 i8",
            theirs: "",
            moves_made: 28,
            steps: vec![
                step(
                    "Under the classic rules every marble must leave your home point within \
                     your first 30 moves, or you are out. This is your 29th move and two \
                     marbles are still at home: plan so both get out in time.",
                    "Good: the marble that could have been shut in is out first.",
                    "l3-j5",
                    Aim::InTime,
                ),
                step(
                    "Your 30th move: bring the last marble out of home.",
                    "Home is empty in time. From now on no marble may go back into it.",
                    "k4-k5",
                    Aim::InTime,
                ),
            ],
        },
        Lesson {
            id: "goal",
            title: "Fill your goal",
            preset: "casual",
            teaches: Some(RuleTaught::AntiBlocking),
            mine: "e16 f16 e15 f15 g15 e14 f14 g14 h13 i11",
            theirs: "e17",
            moves_made: 0,
            steps: vec![step(
                "Another player's marble is parked in your goal. Under these rules (casual, \
                 like the tournament's) it counts as filled: fill the last open hole to finish.",
                "Finished! Their marble could not stop you: that is the anti-blocking rule. \
                 Under strict rules (the rulebook's) it would have to leave first.",
                "h13-h14",
                Aim::Finish,
            )],
        },
        Lesson {
            id: "block",
            title: "Block and unblock",
            preset: "rulebook",
            teaches: None,
            mine: "i10 j11 j9 m5 m6 m7",
            theirs: "j12",
            moves_made: 0,
            steps: vec![
                step(
                    "Their marble (j12) can run down over your marbles in one chain. Block it: \
                     move a marble into a hole where its chain would land.",
                    "Blocked: with no hole to land in, or no marble to jump, a chain stops.",
                    "i10-j10",
                    Aim::Block,
                ),
                step(
                    "That works against you too: your marble on m5 cannot jump, because your \
                     own marble fills the hole behind the next one. Unblock it.",
                    "Unblocked: keep the landing holes of your own ladders open.",
                    "m7-m8",
                    Aim::Unblock(M5),
                ),
            ],
        },
    ]
}

/// The lesson with this id, if there is one.
pub fn lesson(id: &str) -> Option<Lesson> {
    lessons().into_iter().find(|l| l.id == id)
}

impl Lesson {
    /// Whether the lesson is about the player's rules: false only for a lesson on a rule
    /// these rules do not have (the deadline, anti-blocking).
    pub fn applies_to(&self, rules: &RuleSet) -> bool {
        match self.teaches {
            None => true,
            Some(RuleTaught::Deadline) => rules.leave_home != crate::rules::LeaveHome::Off,
            Some(RuleTaught::AntiBlocking) => rules.finish == crate::rules::Finish::AntiBlocking,
        }
    }

    /// The rule set the lesson is played under.
    pub fn rules(&self) -> Result<RuleSet, String> {
        RuleSet::preset(self.preset).map_err(|e| e.to_string())
    }

    /// The lesson's position as a game, the learner to move (two seats, ten marbles each in
    /// the set-up; the position itself has only the marbles the lesson needs).
    pub fn game(&self) -> Result<Game, String> {
        let rules = self.rules()?;
        let setup = Setup::new(2, 10, false).map_err(|e| e.to_string())?;
        let mut board = Board::empty();
        for (seat, list) in [(LEARNER, self.mine), (OTHER, self.theirs)] {
            for h in parse_holes(list) {
                let h = h.map_err(|e| e.to_string())?;
                if board.owner(h).is_some() {
                    return Err(format!("two marbles on {h}"));
                }
                board.put(seat, h);
            }
        }
        let mut game = Game::from_board(setup, rules, board, LEARNER).map_err(|e| e.to_string())?;
        game.set_moves_made(LEARNER, self.moves_made);
        if game.to_move() != Some(LEARNER) {
            return Err(format!("lesson {}: the learner cannot move", self.id));
        }
        Ok(game)
    }
}

impl Step {
    /// The hole the step asks the learner to reach, for the app to mark, if it names one.
    pub fn target(&self) -> Option<Hole> {
        match self.aim {
            Aim::Reach(h) => Some(h),
            _ => None,
        }
    }

    /// Judges the learner's move, given as its path, in `game` (the learner to move). The
    /// game is not changed: on [`Verdict::Right`] the caller applies the move with [`play`].
    pub fn check(&self, game: &Game, path: &[Hole]) -> Verdict {
        let wrong = |why: String| Verdict::Wrong { why };
        let illegal = |why: String| Verdict::Illegal { why };
        match game.to_move() {
            None => return illegal("The lesson's game is over.".into()),
            Some(LEARNER) => {}
            Some(_) => return illegal("It is not your turn.".into()),
        }
        let (layout, board) = (game.layout(), game.board());
        let (from, to) = match layout.check_path(board, LEARNER, path) {
            Ok(m) => m,
            Err(e) => return illegal(format!("That move is not allowed: {e}.")),
        };
        let mut after = game.clone();
        let events = match play(&mut after, path) {
            Ok(e) => e,
            Err(e) => return illegal(format!("That move is not allowed: {e}.")),
        };
        let deadline = game
            .rules()
            .leave_home_moves(game.setup().marbles)
            .unwrap_or(0);
        for e in &events {
            match e {
                Event::Out {
                    seat: LEARNER,
                    reason: OutReason::BackIntoStart,
                } => {
                    return wrong(
                        "That move is legal, but after the deadline a marble may not go back \
                         into your home point: you would be out."
                            .into(),
                    );
                }
                Event::Out { seat: LEARNER, .. } => {
                    return wrong(format!(
                        "That move is legal, but it leaves a marble at home after your {} \
                         move: you would be out.",
                        ordinal(deadline.into())
                    ));
                }
                _ => {}
            }
        }
        let gain = nearer(layout, from, to);
        let hops = jumps(path);
        let go_on = || could_go_on(game, path);
        let right = || Verdict::Right {
            note: self.note.to_string(),
        };
        match self.aim {
            Aim::StepForward if hops > 0 => wrong(
                "That was a jump: this lesson wants a step, into an empty hole right next to \
                 the marble."
                    .into(),
            ),
            Aim::StepForward if gain <= 0 => wrong(
                "That step does not bring the marble nearer your goal, the point across the \
                 board: step forward."
                    .into(),
            ),
            Aim::StepForward => right(),
            Aim::Jump if hops == 0 => wrong(
                "That was a step: this lesson wants a jump, over a marble next to yours into \
                 the empty hole behind it."
                    .into(),
            ),
            Aim::Jump => right(),
            Aim::Reach(t) if to == t && hops > 0 => right(),
            Aim::Reach(t) if hops == 0 => wrong(format!(
                "That was a step: only a chain of jumps gets to {t}."
            )),
            Aim::Reach(t) if go_on() => wrong(format!(
                "That jump could have gone on: a chain can continue from where it lands, all \
                 the way to {t}."
            )),
            Aim::Reach(t) => wrong(format!("That move ends on {to}, not on {t}.")),
            Aim::Climb(need) if gain >= need => right(),
            Aim::Climb(_) if hops == 0 => {
                wrong("That was a step: climb the ladder with a chain of jumps.".into())
            }
            Aim::Climb(_) if go_on() => wrong(
                "That jump could have gone on: a chain can continue from where it lands.".into(),
            ),
            Aim::Climb(_) => wrong(
                "That move does not climb the whole ladder: jump up it twice in one move.".into(),
            ),
            Aim::OpenChain(need) if best(after.layout(), after.board(), LEARNER).0 >= need => {
                right()
            }
            Aim::OpenChain(_) if hops > 0 => wrong(
                "That jumped over the marbles as they stand: build the ladder first, then \
                 climb it next move."
                    .into(),
            ),
            Aim::OpenChain(_) => wrong(
                "After that no marble can jump twice toward your goal: put a marble one hole \
                 past where a jump lands, so the climber can jump again."
                    .into(),
            ),
            Aim::InTime if in_time(&after, 2) => right(),
            Aim::InTime => wrong(format!(
                "That move is legal, but then a marble left at home cannot get out by your {} \
                 move: you would be out.",
                ordinal(deadline.into())
            )),
            Aim::Finish if events.contains(&Event::Finished { seat: LEARNER }) => right(),
            Aim::Finish => {
                let b = after.board();
                let goal = after.layout().seats[LEARNER].goal;
                let (open, _) = GoalRule::of(after.rules()).open(b, goal, LEARNER, None);
                wrong(format!(
                    "That does not fill your goal: {} still open.",
                    holes_text(holes(open))
                ))
            }
            Aim::Block => {
                let (was, _) = best(layout, board, OTHER);
                match best(after.layout(), after.board(), OTHER) {
                    (now, _) if now < was => right(),
                    (_, Some((f, t))) => wrong(format!(
                        "Their marble can still go from {f} to {t}: put one of yours on a hole \
                         where its chain lands."
                    )),
                    (_, None) => right(),
                }
            }
            Aim::Unblock(h) if from == h => wrong(format!(
                "Leave the marble on {h} where it is: move the marble that fills the hole it \
                 needs."
            )),
            Aim::Unblock(h) => {
                let dests = after.layout().destinations(after.board(), LEARNER, h);
                if holes(dests).any(|d| nearer(after.layout(), h, d) >= 2) {
                    right()
                } else {
                    wrong(format!(
                        "The marble on {h} still cannot jump forward: the hole behind the \
                         marble in front of it must be empty."
                    ))
                }
            }
        }
    }

    /// A right move for "show me": the step's own example when it is right here, otherwise
    /// the first legal move the step accepts, as its shortest path; empty when none is.
    pub fn answer(&self, game: &Game) -> Vec<Hole> {
        if let Ok(path) = parse_path(self.show)
            && self.check(game, &path).is_right()
        {
            return path;
        }
        game.legal_moves()
            .into_iter()
            .find(|m| self.check(game, &m.path).is_right())
            .map(|m| m.path)
            .unwrap_or_default()
    }
}

/// Plays the learner's move and hands the turn back to the learner: the other seat's marbles
/// stand still in a lesson. The game is unchanged on error.
pub fn play(game: &mut Game, path: &[Hole]) -> Result<Vec<Event>, GameError> {
    let events = game.play(path)?;
    // Two seats: one hand-on reaches the learner again, or the game is over.
    for _ in 0..6 {
        match game.to_move() {
            Some(seat) if seat != LEARNER => game.hand_on(),
            _ => break,
        }
    }
    Ok(events)
}

/// How much nearer its goal the learner's marble comes moving `from` → `to` (negative:
/// farther).
fn nearer(layout: &Layout, from: Hole, to: Hole) -> i32 {
    let dist = &layout.seats[LEARNER].dist;
    dist[from.index() as usize] as i32 - dist[to.index() as usize] as i32
}

/// The most any move of `seat` brings a marble nearer its goal, with such a move.
fn best(layout: &Layout, board: &Board, seat: usize) -> (i32, Option<(Hole, Hole)>) {
    let dist = &layout.seats[seat].dist;
    layout
        .moves(board, seat)
        .pairs()
        .map(|(f, t)| {
            let g = dist[f.index() as usize] as i32 - dist[t.index() as usize] as i32;
            (g, Some((f, t)))
        })
        .max_by_key(|m| m.0)
        .unwrap_or((i32::MIN, None))
}

/// Whether the chain `path` could have jumped once more from where it ended.
fn could_go_on(game: &Game, path: &[Hole]) -> bool {
    if jumps(path) == 0 {
        return false;
    }
    let mut longer = path.to_vec();
    longer.push(path[0]);
    Hole::all().any(|next| {
        if let Some(last) = longer.last_mut() {
            *last = next;
        }
        game.layout()
            .check_path(game.board(), LEARNER, &longer)
            .is_ok()
    })
}

/// Whether the learner can still keep the leaving-home deadline in `game`: home is empty,
/// the deadline is past or absent, or (looking at most `depth` own moves ahead, which is all
/// a lesson needs) some move keeps it; further off, whether fewer marbles are at home than
/// moves are left.
fn in_time(game: &Game, depth: u32) -> bool {
    let Some(deadline) = game.rules().leave_home_moves(game.setup().marbles) else {
        return true;
    };
    if game.to_move() != Some(LEARNER) {
        return true;
    }
    let made = game.moves_made(LEARNER);
    let home = game.board().marbles(LEARNER) & game.layout().seats[LEARNER].start_area;
    if made >= deadline || home.is_empty() {
        return true;
    }
    let left = u32::from(deadline - made);
    if left > depth {
        return home.count() <= left;
    }
    game.legal_moves().into_iter().any(|m| {
        let mut next = game.clone();
        match play(&mut next, &m.path) {
            Ok(events) => {
                !events
                    .iter()
                    .any(|e| matches!(e, Event::Out { seat: LEARNER, .. }))
                    && in_time(&next, depth.saturating_sub(1))
            }
            Err(_) => false,
        }
    })
}

/// A lesson being played: the game, the step reached, and the checks in order.
#[derive(Clone, Debug)]
pub struct Practice {
    lesson: Lesson,
    game: Game,
    step: usize,
}

impl Practice {
    /// Starts a lesson from its position.
    pub fn new(lesson: Lesson) -> Result<Practice, String> {
        let game = lesson.game()?;
        Ok(Practice {
            lesson,
            game,
            step: 0,
        })
    }

    /// The lesson.
    pub fn lesson(&self) -> &Lesson {
        &self.lesson
    }

    /// The game as it stands, for drawing and for the lit holes.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The step asked now, or `None` once the lesson is done.
    pub fn step(&self) -> Option<&Step> {
        self.lesson.steps.get(self.step)
    }

    /// How many steps are done.
    pub fn steps_done(&self) -> usize {
        self.step
    }

    /// Whether every step is done.
    pub fn is_done(&self) -> bool {
        self.step >= self.lesson.steps.len()
    }

    /// Judges a move; a right one is played and the next step comes.
    pub fn attempt(&mut self, path: &[Hole]) -> Verdict {
        let Some(step) = self.step() else {
            return Verdict::Illegal {
                why: "The lesson is already done.".into(),
            };
        };
        let verdict = step.check(&self.game, path);
        if verdict.is_right() {
            if let Err(e) = play(&mut self.game, path) {
                return Verdict::Illegal {
                    why: format!("That move is not allowed: {e}."),
                };
            }
            self.step += 1;
        }
        verdict
    }

    /// The right move for "show me", or `None` when the lesson is done or no move fits.
    pub fn show_me(&self) -> Option<Vec<Hole>> {
        let path = self.step()?.answer(&self.game);
        (!path.is_empty()).then_some(path)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::format_path;
    use crate::rules::Finish;
    use std::collections::HashSet;

    fn path(text: &str) -> Vec<Hole> {
        parse_path(text).unwrap()
    }

    fn why(v: Verdict) -> String {
        match v {
            Verdict::Wrong { why } | Verdict::Illegal { why } => why,
            Verdict::Right { note } => panic!("right, not wrong: {note}"),
        }
    }

    /// The practice after playing the lesson's own answers to the first `steps` steps.
    fn at_step(id: &str, steps: usize) -> Practice {
        let mut p = Practice::new(lesson(id).unwrap()).unwrap();
        for _ in 0..steps {
            let a = p.show_me().unwrap();
            assert!(p.attempt(&a).is_right());
        }
        p
    }

    #[test]
    fn the_lessons_are_six_to_eight_with_stable_ids_and_short_player_texts() {
        let list = lessons();
        assert!((6..=8).contains(&list.len()));
        let ids: HashSet<&str> = list.iter().map(|l| l.id).collect();
        assert_eq!(ids.len(), list.len(), "ids are unique");
        for l in &list {
            assert!(!l.title.is_empty() && !l.steps.is_empty() && l.steps.len() <= 2);
            assert!(l.rules().is_ok(), "{}", l.id);
            for s in &l.steps {
                let sentences = s.instruction.matches(". ").count() + 1;
                assert!(
                    sentences <= 3 && s.instruction.len() < 240,
                    "{}",
                    s.instruction
                );
                assert!(!s.note.is_empty());
            }
        }
    }

    #[test]
    fn every_lesson_is_played_through_by_its_own_answers() {
        for l in lessons() {
            let mut p = Practice::new(l.clone()).unwrap();
            assert_eq!(p.game().to_move(), Some(LEARNER), "{}", l.id);
            for i in 0..l.steps.len() {
                assert_eq!(p.steps_done(), i);
                let answer = p.show_me().unwrap_or_else(|| panic!("{}: no answer", l.id));
                // Along the lesson's own line, "show me" plays the step's example.
                assert_eq!(answer, path(l.steps[i].show), "{} step {i}", l.id);
                assert!(
                    p.game()
                        .layout()
                        .check_path(p.game().board(), LEARNER, &answer)
                        .is_ok()
                );
                let v = p.attempt(&answer);
                assert!(
                    v.is_right(),
                    "{} step {i}: {}: {v:?}",
                    l.id,
                    format_path(&answer)
                );
                // The other seat stood still: the learner moves again (or the game ended).
                assert!(matches!(p.game().to_move(), Some(LEARNER) | None));
            }
            assert!(p.is_done() && p.step().is_none() && p.show_me().is_none());
            assert!(matches!(
                p.attempt(&answer_any(&p)),
                Verdict::Illegal { .. }
            ));
        }
    }

    fn answer_any(p: &Practice) -> Vec<Hole> {
        p.game()
            .legal_moves()
            .first()
            .map(|m| m.path.clone())
            .unwrap_or_default()
    }

    #[test]
    fn every_legal_move_of_every_step_is_judged_and_every_right_one_leads_on() {
        for l in lessons() {
            let mut p = Practice::new(l.clone()).unwrap();
            while let Some(step) = p.step().cloned() {
                let (mut right, mut wrong) = (0, 0);
                for m in p.game().legal_moves() {
                    match step.check(p.game(), &m.path) {
                        Verdict::Right { .. } => {
                            right += 1;
                            // Whichever right move the learner makes, the lesson goes on.
                            let mut q = p.clone();
                            assert!(q.attempt(&m.path).is_right());
                            if let Some(next) = q.show_me() {
                                assert!(q.attempt(&next).is_right(), "{}: after {m}", l.id);
                            }
                            assert!(q.is_done() || q.steps_done() > p.steps_done());
                        }
                        Verdict::Wrong { why } => {
                            wrong += 1;
                            assert!(why.ends_with('.') && !why.contains('\n'), "{why}");
                        }
                        Verdict::Illegal { why } => panic!("{}: {m} legal, yet {why}", l.id),
                    }
                }
                assert!(
                    right > 0 && wrong > 0,
                    "{}: {right} right, {wrong} wrong",
                    l.id
                );
                let a = p.show_me().unwrap();
                p.attempt(&a);
            }
        }
    }

    #[test]
    fn typical_mistakes_are_explained_in_a_sentence() {
        // A jump where a step is asked, and a step sideways.
        let p = at_step("step", 0);
        let (g, s) = (p.game(), p.step().unwrap());
        let jump = g.legal_moves().into_iter().find(|m| m.jumps() > 0).unwrap();
        assert!(why(s.check(g, &jump.path)).starts_with("That was a jump"));
        assert!(why(s.check(g, &path("j5-i5"))).contains("nearer your goal"));
        // A step where a jump is asked.
        let p = at_step("jump", 0);
        let (g, s) = (p.game(), p.step().unwrap());
        let step = g
            .legal_moves()
            .into_iter()
            .find(|m| m.jumps() == 0)
            .unwrap();
        assert!(why(s.check(g, &step.path)).starts_with("That was a step"));
        // A chain stopped short, with either one jump or two.
        let p = at_step("chain", 0);
        let (g, s) = (p.game(), p.step().unwrap());
        for short in ["j5-j7", "j5-j7-j9"] {
            assert!(why(s.check(g, &path(short))).starts_with("That jump could have gone on"));
        }
        // Climbing before building; then, built, climbing one rung only.
        let p = at_step("ladder", 0);
        let (g, s) = (p.game(), p.step().unwrap());
        assert!(why(s.check(g, &path("g5-g7"))).contains("build the ladder first"));
        let p = at_step("ladder", 1);
        let (g, s) = (p.game(), p.step().unwrap());
        assert!(why(s.check(g, &path("g5-g7"))).starts_with("That jump could have gone on"));
        // The marble that is not shut in goes first; then a marble is left at home.
        let p = at_step("deadline", 0);
        let (g, s) = (p.game(), p.step().unwrap());
        let e = why(s.check(g, &path("k4-k5")));
        assert!(e.contains("legal, but") && e.contains("30th move"), "{e}");
        let p = at_step("deadline", 1);
        let (g, s) = (p.game(), p.step().unwrap());
        assert!(g.would_put_out(&path("h8-h9")));
        assert!(why(s.check(g, &path("h8-h9"))).contains("leaves a marble at home"));
        // A move that leaves the last hole of the goal open names it.
        let p = at_step("goal", 0);
        let (g, s) = (p.game(), p.step().unwrap());
        assert!(why(s.check(g, &path("i11-i12"))).contains("h14 still open"));
        // Their chain left open; the blocked marble moved instead of the blocker.
        let p = at_step("block", 0);
        let (g, s) = (p.game(), p.step().unwrap());
        assert!(why(s.check(g, &path("m7-m8"))).contains("can still go from j12"));
        let p = at_step("block", 1);
        let (g, s) = (p.game(), p.step().unwrap());
        assert!(why(s.check(g, &path("m5-l5"))).starts_with("Leave the marble on m5"));
        assert!(why(s.check(g, &path("m6-m8"))).contains("still cannot jump forward"));
    }

    #[test]
    fn illegal_paths_get_the_engines_reason() {
        for l in lessons() {
            let p = Practice::new(l.clone()).unwrap();
            let (g, s) = (p.game(), p.step().unwrap());
            let board = g.board();
            let empty = Hole::all().find(|h| board.owner(*h).is_none()).unwrap();
            let next = holes(empty.neighbours()).next().unwrap();
            let e = why(s.check(g, &[empty, next]));
            assert_eq!(
                e,
                format!("That move is not allowed: there is no marble on {empty}.")
            );
            assert!(matches!(s.check(g, &[]), Verdict::Illegal { .. }));
            let mine = holes(board.marbles(LEARNER)).next().unwrap();
            assert!(matches!(s.check(g, &[mine, mine]), Verdict::Illegal { .. }));
            if let Some(theirs) = holes(board.marbles(OTHER)).next() {
                let to = holes(theirs.neighbours()).next().unwrap();
                assert!(why(s.check(g, &[theirs, to])).contains("is not yours"));
            }
        }
        // Out of turn: the other seat to move.
        let l = lesson("jump").unwrap();
        let mut g = l.game().unwrap();
        g.play(&path("j5-l5")).unwrap();
        assert_eq!(g.to_move(), Some(OTHER));
        let e = why(l.steps[0].check(&g, &path("k5-k6")));
        assert_eq!(e, "It is not your turn.");
    }

    #[test]
    fn the_deadline_lesson_is_the_classic_rule_at_the_29th_move() {
        let l = lesson("deadline").unwrap();
        let g = l.game().unwrap();
        assert_eq!(g.rules().label(), "classic", "the preset, unchanged");
        assert_eq!(g.rules().leave_home_moves(10), Some(30));
        assert_eq!(g.moves_made(LEARNER), 28);
        // After the lesson, going back home puts the learner out too, and is explained.
        let p = at_step("deadline", 2);
        let g = p.game();
        let back = g
            .legal_moves()
            .into_iter()
            .find(|m| g.layout().seats[LEARNER].start_area.has(m.to.index()))
            .unwrap();
        assert!(g.would_put_out(&back.path));
        let e = why(l.steps[1].check(g, &back.path));
        assert!(e.contains("may not go back into your home point"), "{e}");
    }

    #[test]
    fn the_goal_lesson_needs_its_anti_blocking_rule() {
        let l = lesson("goal").unwrap();
        let game = l.game().unwrap();
        assert_eq!(game.rules().finish, Finish::AntiBlocking);
        let answer = l.steps[0].answer(&game);
        let mut g = game.clone();
        let events = play(&mut g, &answer).unwrap();
        assert!(events.contains(&Event::Finished { seat: LEARNER }));
        // The same move under strict rules leaves the parked marble blocking the goal.
        let strict = RuleSet::preset("rulebook").unwrap();
        assert_eq!(strict.finish, Finish::Strict);
        let mut g = Game::from_board(*game.setup(), strict, *game.board(), LEARNER).unwrap();
        let events = g.play(&answer).unwrap();
        assert!(!events.contains(&Event::Finished { seat: LEARNER }));
    }

    #[test]
    fn a_played_move_hands_the_turn_back_and_can_be_taken_back() {
        let l = lesson("block").unwrap();
        let mut g = l.game().unwrap();
        let before = *g.board();
        play(&mut g, &path("i10-j10")).unwrap();
        assert_eq!(g.to_move(), Some(LEARNER));
        assert_eq!(g.board().marbles(OTHER), before.marbles(OTHER));
        assert!(g.undo());
        assert_eq!((*g.board(), g.to_move()), (before, Some(LEARNER)));
        assert!(play(&mut g, &path("i10-i8")).is_err());
        assert_eq!(*g.board(), before);
        assert_eq!(lesson("nope"), None);
    }

    #[test]
    fn any_path_at_all_gets_a_verdict_and_only_illegal_ones_are_called_illegal() {
        for l in lessons() {
            let g = l.game().unwrap();
            let s = &l.steps[0];
            let layout = g.layout();
            for from in Hole::all() {
                for to in Hole::all() {
                    for p in [vec![from, to], vec![from, to, from], vec![from; 3]] {
                        let legal = layout.check_path(g.board(), LEARNER, &p).is_ok();
                        let illegal = matches!(s.check(&g, &p), Verdict::Illegal { .. });
                        assert_eq!(legal, !illegal, "{}: {}", l.id, format_path(&p));
                    }
                }
            }
        }
    }

    #[test]
    fn a_lesson_on_a_rule_applies_where_the_rules_have_it() {
        let applies = |preset: &str| -> Vec<&str> {
            let rules = RuleSet::preset(preset).unwrap();
            lessons()
                .into_iter()
                .filter(|l| l.applies_to(&rules))
                .map(|l| l.id)
                .collect()
        };
        let all: Vec<&str> = lessons().into_iter().map(|l| l.id).collect();
        assert_eq!(applies("classic"), all, "deadline and anti-blocking both");
        let rulebook = applies("rulebook");
        assert!(!rulebook.contains(&"deadline") && !rulebook.contains(&"goal"));
        assert_eq!(rulebook.len(), all.len() - 2);
        for l in lessons() {
            // Each lesson is played under rules it applies to.
            assert!(l.applies_to(&l.rules().unwrap()), "{}", l.id);
        }
    }

    #[test]
    fn deadlines_are_named_as_moves_in_words() {
        let named: Vec<String> = [1, 2, 3, 11, 12, 21, 30, 40, 102, 111].map(ordinal).into();
        assert_eq!(
            named,
            [
                "1st", "2nd", "3rd", "11th", "12th", "21st", "30th", "40th", "102nd", "111th"
            ]
        );
    }

    #[test]
    fn show_me_finds_another_right_move_when_the_example_no_longer_fits() {
        let l = lesson("step").unwrap();
        let mut g = l.game().unwrap();
        play(&mut g, &path(l.steps[0].show)).unwrap();
        let other = l.steps[0].answer(&g);
        assert_ne!(other, path(l.steps[0].show));
        assert!(l.steps[0].check(&g, &other).is_right());
    }
}
