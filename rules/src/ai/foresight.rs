//! Foresight at a crowded table. With six players, five opponents move between two of the
//! expert's own moves, and Best-Reply Search lets the single worst reply of any one of them
//! stand for all five. When the other seats play as the medium level does (their last moves
//! say so), the expert can do better: for each of its few best moves it plays the next round
//! out, every foreseeable seat making the medium level's move, then its own best next move
//! and one more round, and keeps the move whose position is best two turns on. Seats it
//! cannot foresee, such as people, stand still in those rounds; with none to foresee, the
//! search decides alone.

use super::search::{SMove, Searcher, WIN};
use super::{Budget, Level, Settings, Weights, choose, choose_move, context};
use crate::game::{Action, Game, Standing};

/// The level whose moves foresight recognises in other seats and plays out for them.
const MODEL: Level = Level::Medium;

/// How many of its own best next moves each candidate is followed by, each with one more
/// round played out (self-play, expert against five mediums, first places: one round
/// 203 of 360 games, a second round after the best next move 231 of 360).
const FOLLOW_UPS: usize = 1;

/// Which seats made their last move just as the medium level would have in their place
/// (whatever the luck of its tie-breaks). The root's own seat, and seats that have not moved
/// yet, are not foreseeable.
#[cfg(test)]
pub(crate) fn predictable(game: &Game, root: usize, seed: u64, budget: &Budget) -> [bool; 6] {
    recognised(game, root, seed, budget, 1, 0, false)
}

/// Which seats made their last `rounds` moves just as the medium level would have in their
/// place, all but at most `misses` of them; a seat that has made fewer moves is not
/// foreseeable. With `all`, either every other seat still playing is foreseeable or none
/// is: seats standing still while the others play the medium's moves is a wrong model.
pub(crate) fn recognised(
    game: &Game,
    root: usize,
    seed: u64,
    budget: &Budget,
    rounds: usize,
    misses: usize,
    all: bool,
) -> [bool; 6] {
    let n = game.setup().players as usize;
    let mut matched = [0usize; 6];
    let mut missed = [0usize; 6];
    let mut past = game.clone();
    let mut back = 0u64;
    // Undo `rounds` rounds of actions (automatic passes go with the move before them).
    while back < (n * rounds) as u64 && !budget.expired() && past.undo() {
        back += 1;
        let (Some(seat), Some(Action::Move(path))) =
            (past.to_move(), past.redo_actions().next().cloned())
        else {
            continue;
        };
        if seat == root || missed[seat] > misses || matched[seat] + missed[seat] >= rounds {
            continue;
        }
        let (Some(&from), Some(&to)) = (path.first(), path.last()) else {
            continue;
        };
        let same = choose(
            &past,
            MODEL,
            seed ^ back,
            budget,
            &Settings::default(),
            Some((from, to)),
        )
        .is_some_and(|m| (m.from, m.to) == (from, to));
        if same {
            matched[seat] += 1;
        } else {
            missed[seat] += 1;
            if all && missed[seat] > misses {
                // One seat it cannot foresee is enough to foresee none.
                return [false; 6];
            }
        }
    }
    let mut known = [false; 6];
    for s in 0..n {
        known[s] = missed[s] <= misses && matched[s] + missed[s] >= rounds && matched[s] > 0;
    }
    if all && (0..n).any(|s| s != root && game.standing(s) == Standing::Playing && !known[s]) {
        return [false; 6];
    }
    known
}

/// One foresight: the root seat, which seats it can foresee, and how it searches.
pub(crate) struct Foresight<'a, 'b> {
    pub seat: usize,
    pub known: [bool; 6],
    pub seed: u64,
    pub budget: &'a Budget<'b>,
    pub weights: Weights,
    /// How many of the search's best moves are played out (`Tuning::foresight`).
    pub candidates: usize,
    /// The root search's node budget, depth and width; each position after a round gets a
    /// quarter of those nodes, which bounds the worst case (the usual search needs fewer).
    pub nodes: u64,
    pub depth: u32,
    pub width: usize,
}

impl Foresight<'_, '_> {
    /// Of `ranked` (the search's root moves, best first), the one whose position is best
    /// once the round has been played out; `None` when no seat can be foreseen or the
    /// budget ran out, so the search's own choice stands.
    pub fn choose(&self, game: &Game, ranked: &[SMove]) -> Option<SMove> {
        if !self.known.iter().any(|&k| k) {
            return None;
        }
        let mut best: Option<(i64, SMove)> = None;
        for (k, &m) in ranked.iter().take(self.candidates).enumerate() {
            let mut after = game.clone();
            after.play_move(m.origin(), m.target()).ok()?;
            let score = self.score_round(after, k as u64, FOLLOW_UPS)?;
            if best.is_none_or(|(s, _)| score > s) {
                best = Some((score, m));
            }
        }
        best.map(|(_, m)| m)
    }

    /// Plays the foreseeable seats' moves until the root is to move again, then scores the
    /// position with the root's search, or by the best of its `follow_ups` best moves with
    /// one more round played out after each. `None` when the budget runs out.
    fn score_round(&self, game: Game, k: u64, follow_ups: usize) -> Option<i64> {
        let game = match self.play_round(game, k)? {
            RoundEnd::Over(score) => return Some(score),
            RoundEnd::Turn(game) => *game,
        };
        let (score, ranked) = self.search_turn(&game)?;
        if follow_ups == 0 || score.abs() > WIN as i64 - 1000 {
            return Some(score);
        }
        let mut best = None;
        for (j, &m) in ranked.iter().take(follow_ups).enumerate() {
            let mut next = game.clone();
            next.play_move(m.origin(), m.target()).ok()?;
            let score = self.score_round(next, k * 31 + j as u64 + 7, 0)?;
            best = best.max(Some(score));
        }
        best.or(Some(score))
    }

    /// The round until the root is to move again: foreseeable seats make the medium
    /// level's move (seeded by `k`), the others hand on. `None` when the budget runs out.
    fn play_round(&self, mut game: Game, k: u64) -> Option<RoundEnd> {
        loop {
            if self.budget.expired() {
                return None;
            }
            if game.is_over() {
                return Some(RoundEnd::Over(if game.place(self.seat) == Some(1) {
                    WIN as i64
                } else {
                    -(WIN as i64) - 1
                }));
            }
            let seat = game.to_move()?;
            if seat == self.seat {
                return Some(RoundEnd::Turn(Box::new(game)));
            }
            if !self.known[seat] {
                game.hand_on();
                continue;
            }
            let reply = choose_move(&game, MODEL, self.seed.wrapping_add(k), self.budget)?;
            game.play(&reply.path).ok()?;
        }
    }

    /// The root's search of its turn: the score, and its moves best first (empty when it
    /// has none, or the search stopped before finishing a depth). `None` when the budget
    /// runs out.
    fn search_turn(&self, game: &Game) -> Option<(i64, Vec<SMove>)> {
        let mut ctx = context(game, self.seat, self.weights);
        ctx.against_average = true;
        let mut board = *game.board();
        let moves = SMove::all(game.layout(), &board, self.seat);
        if moves.is_empty() {
            return Some((ctx.evaluate(&board) as i64, Vec::new()));
        }
        let mut searcher = Searcher::new(&ctx, self.budget, self.nodes / 4);
        searcher.width = self.width;
        let found = searcher.run(&mut board, &moves, self.depth)?;
        if self.budget.expired() {
            return None;
        }
        Some((found.score as i64, std::mem::take(&mut searcher.ranked)))
    }
}

/// Where a round played out ends.
enum RoundEnd {
    /// The game is over: a win or a loss for the root.
    Over(i64),
    /// The root is to move.
    Turn(Box<Game>),
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::{Budget, Tuning};

    /// A six-player casual game after `rounds` rounds in which every seat made the medium
    /// level's move (seeded by the ply).
    fn table_of_mediums(rounds: usize) -> Game {
        let mut game = Game::from_preset("casual", Some(6), None).unwrap();
        for ply in 0..rounds * 6 {
            let m = choose_move(&game, MODEL, ply as u64, &Budget::unlimited()).unwrap();
            game.play(&m.path).unwrap();
        }
        game
    }

    #[test]
    fn seats_that_moved_as_the_medium_level_would_are_foreseeable_and_others_are_not() {
        let budget = Budget::unlimited();
        let mut game = table_of_mediums(3);
        // Seats 0 and 1 move as mediums; seat 2 makes a legal move the medium would not.
        for _ in 0..2 {
            let m = choose_move(&game, MODEL, 99, &budget).unwrap();
            game.play(&m.path).unwrap();
        }
        let medium = choose_move(&game, MODEL, 99, &budget).unwrap();
        let other = game
            .legal_moves()
            .into_iter()
            .find(|m| (m.from, m.to) != (medium.from, medium.to))
            .unwrap();
        game.play(&other.path).unwrap();
        for _ in 3..6 {
            let m = choose_move(&game, MODEL, 99, &budget).unwrap();
            game.play(&m.path).unwrap();
        }
        assert_eq!(game.to_move(), Some(0));
        let known = predictable(&game, 0, 7, &budget);
        assert_eq!(known, [false, true, false, true, true, true]);
        // The round before was the mediums' too: two rounds recognise the same seats.
        assert_eq!(recognised(&game, 0, 7, &budget, 2, 0, false), known);
        // One seat it cannot foresee turns foresight off for the whole table.
        assert_eq!(recognised(&game, 0, 7, &budget, 1, 0, true), [false; 6]);
        // Seat 2 deviated only now: the root in its place foresees every other seat.
        assert_eq!(
            recognised(&game, 2, 7, &budget, 1, 0, true),
            [true, true, false, true, true, true]
        );
        // Before anyone has moved, nobody can be foreseen.
        let fresh = Game::from_preset("casual", Some(6), None).unwrap();
        assert_eq!(predictable(&fresh, 0, 7, &budget), [false; 6]);
    }

    #[test]
    fn handing_on_skips_a_turn_and_moves_nothing() {
        let mut game = table_of_mediums(1);
        let board = *game.board();
        let seat = game.to_move().unwrap();
        let turns = game.turns_taken(seat);
        game.hand_on();
        assert_eq!(*game.board(), board);
        assert_eq!(game.to_move(), Some((seat + 1) % 6));
        assert_eq!(game.turns_taken(seat), turns + 1);
    }

    /// Foresight with a small search, for tests.
    fn small_foresight<'a, 'b>(
        seat: usize,
        known: [bool; 6],
        budget: &'a Budget<'b>,
    ) -> Foresight<'a, 'b> {
        Foresight {
            seat,
            known,
            seed: 3,
            budget,
            weights: Weights::default(),
            candidates: Tuning::default().foresight as usize,
            nodes: 20_000,
            depth: 2,
            width: 10,
        }
    }

    /// Foresight keeps the search's move when it can foresee nobody, and otherwise picks,
    /// among the search's best moves, the one that scores best after the round is played out.
    #[test]
    fn foresight_picks_the_move_that_is_best_after_the_foreseen_round() {
        let budget = Budget::unlimited();
        let game = table_of_mediums(8);
        let seat = game.to_move().unwrap();
        let ranked: Vec<SMove> = game
            .legal_moves()
            .iter()
            .take(6)
            .map(|m| SMove {
                seat: seat as u8,
                from: m.from.index(),
                to: m.to.index(),
            })
            .collect();
        let mut foresight = small_foresight(seat, [false; 6], &budget);
        assert_eq!(foresight.choose(&game, &ranked), None);
        foresight.known = predictable(&game, seat, 3, &budget);
        assert!(foresight.known.iter().filter(|&&k| k).count() >= 4);
        let scores: Vec<i64> = ranked[..Tuning::default().foresight as usize]
            .iter()
            .enumerate()
            .map(|(k, m)| {
                let mut after = game.clone();
                after.play_move(m.origin(), m.target()).unwrap();
                foresight.score_round(after, k as u64, FOLLOW_UPS).unwrap()
            })
            .collect();
        let top = *scores.iter().max().unwrap();
        let first_best = scores.iter().position(|&s| s == top).unwrap();
        assert!(
            scores.iter().any(|&s| s != top),
            "the position must tell the moves apart: {scores:?}"
        );
        assert_eq!(foresight.choose(&game, &ranked), Some(ranked[first_best]));
    }

    /// A second round: a candidate scores what the root's best next move scores after one
    /// more round, and the first round alone scores the search of the root's next turn.
    #[test]
    fn a_second_round_follows_the_best_next_move_with_another_round() {
        let budget = Budget::unlimited();
        let game = table_of_mediums(8);
        let seat = game.to_move().unwrap();
        let foresight = small_foresight(seat, predictable(&game, seat, 3, &budget), &budget);
        let mut after = game.clone();
        let first = &game.legal_moves()[0];
        after.play_move(first.from, first.to).unwrap();
        let Some(RoundEnd::Turn(turn)) = foresight.play_round(after.clone(), 0) else {
            panic!("the game goes on");
        };
        assert_eq!(turn.to_move(), Some(seat));
        for other in (0..6).filter(|&s| s != seat) {
            let moved = turn.board().marbles(other) != after.board().marbles(other);
            assert_eq!(moved, foresight.known[other], "seat {other}");
        }
        let (score, ranked) = foresight.search_turn(&turn).unwrap();
        assert_eq!(foresight.score_round(after.clone(), 0, 0), Some(score));
        let mut next = turn.clone();
        next.play_move(ranked[0].origin(), ranked[0].target())
            .unwrap();
        let followed = foresight.score_round(*next, 7, 0).unwrap();
        assert_eq!(foresight.score_round(after, 0, 1), Some(followed));
    }
}
