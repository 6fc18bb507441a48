//! Foresight at a crowded table. With six players, five opponents move between two of the
//! expert's own moves, and Best-Reply Search lets the single worst reply of any one of them
//! stand for all five. When the other seats play as the medium level does (their last moves
//! say so), the expert can do better: for each of its few best moves it plays the next round
//! out, every foreseeable seat making the medium level's move, and keeps the move whose
//! position is best when its own turn comes round again. Seats it cannot foresee, such as
//! people, stand still in that round; with none to foresee, the search decides alone.

use super::search::{SMove, Searcher, WIN};
use super::{Budget, Level, Weights, choose, choose_move, context};
use crate::game::{Action, Game};

/// The level whose moves foresight recognises in other seats and plays out for them.
const MODEL: Level = Level::Medium;

/// How many of the search's best moves are played out.
const CANDIDATES: usize = 3;

/// Which seats made their last move just as the medium level would have in their place
/// (whatever the luck of its tie-breaks). The root's own seat, and seats that have not moved
/// yet, are not foreseeable.
pub(crate) fn predictable(game: &Game, root: usize, seed: u64, budget: &Budget) -> [bool; 6] {
    let n = game.setup().players as usize;
    let mut known = [false; 6];
    let mut checked = [false; 6];
    let mut past = game.clone();
    let mut back = 0u64;
    // Undo one round of actions (automatic passes go with the move before them).
    while back < n as u64 && !budget.expired() && past.undo() {
        back += 1;
        let (Some(seat), Some(Action::Move(path))) =
            (past.to_move(), past.redo_actions().next().cloned())
        else {
            continue;
        };
        if seat == root || checked[seat] {
            continue;
        }
        checked[seat] = true;
        let (Some(&from), Some(&to)) = (path.first(), path.last()) else {
            continue;
        };
        let weights = Weights::default();
        known[seat] = choose(
            &past,
            MODEL,
            seed ^ back,
            budget,
            &weights,
            Some((from, to)),
        )
        .is_some_and(|m| (m.from, m.to) == (from, to));
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
        for (k, &m) in ranked.iter().take(CANDIDATES).enumerate() {
            let mut after = game.clone();
            after.play_move(m.origin(), m.target()).ok()?;
            let score = self.score_round(after, k as u64)?;
            if best.is_none_or(|(s, _)| score > s) {
                best = Some((score, m));
            }
        }
        best.map(|(_, m)| m)
    }

    /// Plays the foreseeable seats' moves until the root is to move again, then scores the
    /// position with the root's search. `None` when the budget runs out.
    fn score_round(&self, mut game: Game, k: u64) -> Option<i64> {
        let lost = -(WIN as i64) - 1;
        loop {
            if self.budget.expired() {
                return None;
            }
            if game.is_over() {
                return Some(if game.place(self.seat) == Some(1) {
                    WIN as i64
                } else {
                    lost
                });
            }
            let seat = game.to_move()?;
            if seat == self.seat {
                break;
            }
            if !self.known[seat] {
                game.hand_on();
                continue;
            }
            let reply = choose_move(&game, MODEL, self.seed.wrapping_add(k), self.budget)?;
            game.play(&reply.path).ok()?;
        }
        let mut ctx = context(&game, self.seat, self.weights);
        ctx.against_average = true;
        let mut board = *game.board();
        let moves: Vec<SMove> = game
            .layout()
            .moves(&board, self.seat)
            .pairs()
            .map(|(f, t)| SMove {
                seat: self.seat as u8,
                from: f.index(),
                to: t.index(),
            })
            .collect();
        if moves.is_empty() {
            return Some(ctx.evaluate(&board) as i64);
        }
        let mut searcher = Searcher::new(&ctx, self.budget, self.nodes / 4);
        searcher.width = self.width;
        let found = searcher.run(&mut board, &moves, self.depth)?;
        if self.budget.expired() {
            return None;
        }
        Some(found.score as i64)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::Budget;

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
        let mut foresight = Foresight {
            seat,
            known: [false; 6],
            seed: 3,
            budget: &budget,
            weights: Weights::default(),
            nodes: 20_000,
            depth: 2,
            width: 10,
        };
        assert_eq!(foresight.choose(&game, &ranked), None);
        foresight.known = predictable(&game, seat, 3, &budget);
        assert!(foresight.known.iter().filter(|&&k| k).count() >= 4);
        let scores: Vec<i64> = ranked[..CANDIDATES]
            .iter()
            .enumerate()
            .map(|(k, m)| {
                let mut after = game.clone();
                after.play_move(m.origin(), m.target()).unwrap();
                foresight.score_round(after, k as u64).unwrap()
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
}
