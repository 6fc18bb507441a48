//! Playouts for the expert with three or more sides, no teams (issue 19, eighth round):
//! Best-Reply Search lets one opponent answer each own move, while really every opponent
//! moves. So the search's best few root moves are each played on for a few rounds in which
//! every seat still playing, the expert too, makes a noisy greedy move (the one that lowers
//! its own cost most, with random noise: nobody's level is assumed), and the move whose
//! positions score best on average is played. Every candidate meets the same noise in its
//! n-th playout, so the candidates differ by their own merit, not by luck.

use super::evaluation::Ctx;
use super::search::SMove;
use super::{Budget, Rng};
use crate::board::Hole;
use crate::position::Board;

/// What a playout that the root wins (or loses) is worth: beyond any evaluation.
const DECIDED: i64 = 1 << 40;

/// The settings of one playout choice.
pub(crate) struct Playouts<'a> {
    pub ctx: &'a Ctx<'a>,
    pub budget: &'a Budget<'a>,
    /// How many of the search's best moves are played out.
    pub candidates: usize,
    /// Playouts per candidate.
    pub samples: usize,
    /// Rounds each playout lasts after the candidate.
    pub rounds: usize,
    /// Scale of the noise added to each move's gain (eval units; 16 is a step).
    pub noise: f64,
    pub seed: u64,
}

impl Playouts<'_> {
    /// Of `ranked` (the search's root moves, best first), the one whose playouts from `board`
    /// score best on average; `None` when there is nothing to choose between or the budget
    /// runs out, so the search's move stands.
    pub fn choose(&self, board: &Board, ranked: &[SMove]) -> Option<SMove> {
        let candidates = &ranked[..ranked.len().min(self.candidates)];
        if candidates.len() < 2 || self.samples == 0 {
            return None;
        }
        let order = self.order();
        let mut best: Option<(i64, SMove)> = None;
        for &m in candidates {
            let mut total: i64 = 0;
            for i in 0..self.samples {
                if self.budget.expired() {
                    return None;
                }
                total += self.play_out(board, m, &order, &mut self.noise_of(i));
            }
            if best.is_none_or(|(s, _)| total > s) {
                best = Some((total, m));
            }
        }
        best.map(|(_, m)| m)
    }

    /// Every seat still playing, in turn order from the one after the root.
    fn order(&self) -> Vec<usize> {
        let n = self.ctx.seats.len();
        let root = self.ctx.root;
        (1..=n)
            .map(|k| (root + k) % n)
            .filter(|s| *s == root || self.ctx.opponents.contains(s))
            .collect()
    }

    /// The noise of every candidate's `i`-th playout.
    fn noise_of(&self, i: usize) -> Rng {
        Rng::new(self.seed ^ (i as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15))
    }

    /// The root plays `m`, then every seat in `order` its noisy greedy move for the rounds;
    /// the end position's score from the root's side.
    fn play_out(&self, board: &Board, m: SMove, order: &[usize], rng: &mut Rng) -> i64 {
        let ctx = self.ctx;
        let root = ctx.root;
        let mut b = *board;
        b.shift(root, m.origin(), m.target());
        if ctx.done(&b, root) {
            return DECIDED;
        }
        for _ in 0..self.rounds {
            for &s in order {
                if ctx.done(&b, s) {
                    continue;
                }
                let Some((f, t)) = self.policy(&b, s, rng) else {
                    continue;
                };
                b.shift(s, f, t);
                if ctx.done(&b, s) {
                    return if s == root { DECIDED } else { -DECIDED };
                }
            }
        }
        i64::from(ctx.evaluate(&b))
    }

    /// `seat`'s move in a playout: the most gain in its own cost plus noise.
    fn policy(&self, b: &Board, seat: usize, rng: &mut Rng) -> Option<(Hole, Hole)> {
        let value = &self.ctx.seats[seat].value;
        let mut best: Option<(f64, (Hole, Hole))> = None;
        for (f, t) in self.ctx.layout.moves(b, seat).pairs() {
            let gain = f64::from(value[f.index() as usize] - value[t.index() as usize]);
            // Gumbel noise: the argmax then samples a softmax over the gains.
            let u = rng.unit().max(1e-12);
            let score = gain - self.noise * (-u.ln()).ln();
            if best.is_none_or(|(s, _)| score > s) {
                best = Some((score, (f, t)));
            }
        }
        best.map(|(_, m)| m)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::evaluation::Weights;
    use crate::ai::{Level, choose_move, context};
    use crate::game::Game;

    /// A four-player casual game after `plies` moves of the medium level.
    fn field_game(plies: u64) -> Game {
        let mut game = Game::from_preset("casual", Some(4), None).unwrap();
        for ply in 0..plies {
            let m = choose_move(&game, Level::Medium, ply, &Budget::unlimited()).unwrap();
            game.play(&m.path).unwrap();
        }
        game
    }

    fn playouts<'a>(ctx: &'a Ctx<'a>, budget: &'a Budget<'a>, noise: f64) -> Playouts<'a> {
        Playouts {
            ctx,
            budget,
            candidates: 4,
            samples: 12,
            rounds: 2,
            noise,
            seed: 5,
        }
    }

    /// Of the candidates, the one whose playouts add up to the most is chosen, each
    /// candidate meeting the same noise; nothing is chosen among fewer than two or with no
    /// playouts.
    #[test]
    fn the_candidate_whose_playouts_score_best_is_chosen() {
        let game = field_game(16);
        let seat = game.to_move().unwrap();
        let mut ctx = context(&game, seat, Weights::default());
        ctx.against_average = true;
        let budget = Budget::unlimited();
        let p = playouts(&ctx, &budget, 16.0);
        let board = *game.board();
        let ranked: Vec<SMove> = SMove::all(game.layout(), &board, seat)
            .into_iter()
            .take(6)
            .collect();
        let order = p.order();
        assert_eq!(order.len(), 4);
        assert_eq!(order[3], seat);
        let totals: Vec<i64> = ranked[..4]
            .iter()
            .map(|&m| {
                (0..p.samples)
                    .map(|i| p.play_out(&board, m, &order, &mut p.noise_of(i)))
                    .sum()
            })
            .collect();
        let top = *totals.iter().max().unwrap();
        assert!(totals.iter().any(|&t| t != top), "{totals:?}");
        let first_best = totals.iter().position(|&t| t == top).unwrap();
        assert_eq!(p.choose(&board, &ranked), Some(ranked[first_best]));
        assert_eq!(p.choose(&board, &ranked[..1]), None);
        let none = Playouts { samples: 0, ..p };
        assert_eq!(none.choose(&board, &ranked), None);
    }

    /// Without noise a seat's playout move is the one that lowers its own cost most; with
    /// noise the moves vary from playout to playout.
    #[test]
    fn playout_moves_are_greedy_without_noise_and_vary_with_it() {
        let game = field_game(12);
        let ctx = context(&game, 0, Weights::default());
        let budget = Budget::unlimited();
        let board = *game.board();
        let gain = |s: usize, (f, t): (Hole, Hole)| {
            let v = &ctx.seats[s].value;
            v[f.index() as usize] - v[t.index() as usize]
        };
        let exact = playouts(&ctx, &budget, 0.0);
        let noisy = playouts(&ctx, &budget, 64.0);
        for s in 0..4 {
            let most = game
                .layout()
                .moves(&board, s)
                .pairs()
                .map(|m| gain(s, m))
                .max();
            let picked = exact.policy(&board, s, &mut exact.noise_of(0)).unwrap();
            assert_eq!(Some(gain(s, picked)), most, "seat {s}");
            let picks: std::collections::HashSet<_> = (0..40)
                .map(|i| noisy.policy(&board, s, &mut noisy.noise_of(i)).unwrap())
                .collect();
            assert!(picks.len() > 1, "seat {s}");
        }
    }
}
