//! The evaluation: what a position costs each seat (distance to the goal's tip, stragglers,
//! marbles late at home, ladders and bridges) and the score the search compares, the
//! opponents' cost minus the root's. Kept apart from the search because it is the part that
//! self-play tunes ([`Weights`]), and the race solver and foresight score with it too.

use super::learned::Learned;
use crate::bitboard::Bits;
use crate::board::{Dir, Hole};
use crate::game::GoalRule;
use crate::movegen::{Reach, jumps_ready};
use crate::position::{Board, Layout};

/// Evaluation weights, tuned by self-play matches (`sternhalma-cli match --a-eval ...`).
/// A position's cost for one player is the sum of these terms; lower is better. The
/// expert's foresight switches, also set by `--a-eval`, are [`Tuning`](super::Tuning)'s.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weights {
    /// Per step of distance still to travel (16 is one step).
    pub linear: i32,
    /// Per squared step of a marble's distance: a straggler costs more than its steps.
    pub square: i32,
    /// `square` for the hard and expert levels with three or four sides: a straggler left
    /// behind there is passed by the whole field. (Self-play, hard against three mediums,
    /// first places in 480 four-player games, `--seed` 1 to 4: 302 with 4, 282 with 2 or 3.)
    pub field_square: i32,
    /// Per marble still at home once the leaving-home deadline is near.
    pub late_home: i32,
    /// Taken off per forward jump a marble outside the goal could make now (ladders).
    pub ladder: i32,
    /// Taken off, on top of `ladder`, per forward jump over one's own marble (bridges stay
    /// where they are; other players' marbles may not).
    pub bridge: i32,
    /// 1: the hard and expert levels with three or more sides (no teams) cost a seat by the
    /// moves it still needs as the shipped learned model predicts them (`ai::learned`), in
    /// place of the distance terms above; 2: the distance terms above plus the model's
    /// other terms (stragglers, others in the goal, blocks, ladders, crowd); 3: the model's
    /// cost per distance alone, in place of the distance terms, without its other terms.
    /// 0 (the default): off.
    pub learned: i32,
    /// Per half hole-spacing a marble outside its goal stands to the side of the straight
    /// line from its home's tip through the centre to its goal's: the distance costs see
    /// only how far ahead a marble is, not where across the board. Added to each hole's cost,
    /// the hand-made one or the learned model's where that is played. Negative favours the
    /// sides. 0 (the default): off.
    pub lane: i32,
    /// Half hole-spacings either side of the line that `lane` leaves free: it charges only
    /// the distance beyond them. 0 (the default): the whole distance.
    pub lane_free: i32,
    /// The rows, counted from the centre's (the home's tip -8, the goal's 8), where `lane`
    /// charges anything: from `lane_low` to `lane_high`. -8 and 8 (the defaults): every row.
    pub lane_low: i32,
    /// See `lane_low`.
    pub lane_high: i32,
    /// Percent of `lane` that the searching side charges the other sides' marbles (its own
    /// and its partner's are charged in full). 100 (the default): all alike.
    pub lane_others: i32,
    /// Half hole-spacings beyond `lane_free` past which `lane` charges no more: steep near
    /// the line, flat far from it. 0 (the default): no cap.
    pub lane_cap: i32,
    /// Half hole-spacings the line of `lane` runs to the seat's right (its home at the
    /// bottom), parallel to the line through the centre: two seats facing each other that
    /// both keep right pass each other twice as far apart instead of meeting on one line.
    /// Negative: to the left. 0 (the default): through the centre.
    pub lane_shift: i32,
}

impl Default for Weights {
    fn default() -> Self {
        Weights {
            linear: 16,
            square: 1,
            field_square: 4,
            late_home: 400,
            // Self-play found no gain from either (docs/ai.md, "Measured").
            ladder: 0,
            bridge: 0,
            learned: 0,
            lane: 0,
            lane_free: 0,
            lane_low: -8,
            lane_high: 8,
            lane_others: 100,
            lane_cap: 0,
            // Keeping one hole right lost at four players: 35 of 120 against three hard
            // players where the centre's line took 54, 1 against lane-keeping hard players
            // (docs/ai.md, issue 19, thirty-first round).
            lane_shift: 0,
        }
    }
}

/// The fixed facts a search needs about each seat.
#[derive(Clone)]
pub(crate) struct SeatEval {
    /// Steps from each hole to the far tip of the goal.
    pub tip: [u8; 256],
    /// What a marble costs on each hole, by its distance (the weights' linear and square
    /// terms): looked up for every move at every leaf.
    pub value: [i32; 256],
    /// The holes by value, lowest first: the cheapest hole of a set is in the first of
    /// these it meets.
    pub by_value: Vec<(i32, Bits)>,
    pub goal: Bits,
    pub start_area: Bits,
    /// Marbles at home cost `late_home` each (0 when the deadline is far or off).
    pub home_penalty: i32,
    /// For each direction of `Dir::ALL`, the holes from which a jump that way lands nearer
    /// the goal's tip.
    pub forward: [Bits; 6],
    /// The same for a step.
    pub step_forward: [Bits; 6],
    /// Holes at most 7 steps from the tip: the goal and its approach, where a crowd blocks.
    pub near_goal: Bits,
    /// Each hole's mirror class in this seat's frame (the learned model's per-hole terms).
    pub class: &'static [u8; 256],
}

impl SeatEval {
    /// Sets each hole's cost, and the holes sorted by it.
    pub fn set_values(&mut self, value: [i32; 256]) {
        let mut by_value: Vec<(i32, Bits)> = Vec::new();
        for h in Hole::all() {
            let v = value[h.index() as usize];
            match by_value.iter_mut().find(|(w, _)| *w == v) {
                Some((_, holes)) => holes.set(h.index()),
                None => by_value.push((v, Bits::bit(h.index()))),
            }
        }
        by_value.sort_by_key(|&(v, _)| v);
        self.value = value;
        self.by_value = by_value;
    }
}

/// Everything fixed during one search.
pub(crate) struct Ctx<'a> {
    pub layout: &'a Layout,
    /// Which marbles fill a goal's holes.
    pub goal_rule: GoalRule,
    pub seats: Vec<SeatEval>,
    pub weights: Weights,
    /// The seat searching.
    pub root: usize,
    /// Seats of the root's side (itself and a partner), whose costs add up.
    pub friends: Vec<usize>,
    /// Seats still playing against the root.
    pub opponents: Vec<usize>,
    /// How much of the root's best next move a leaf counts (100 with two players).
    pub own_tempo_percent: i32,
    /// Each seat's partner, to judge fills in team games.
    pub partner: [Option<usize>; 6],
    /// Score against the opponents' average cost instead of the best opponent's.
    pub against_average: bool,
    /// At a leaf with the opponents to move, charge the mean of their best gains rather than
    /// the largest: every one of them moves before the root again, and against the average
    /// each counts for a share. (Self-play, expert against mediums, first places in 120
    /// four-player games: 77, 84 and 81 with `--seed` 1, 2 and 3, against 71, 69 and 67
    /// charging the largest. With six players it loses, 19 against 35: there the largest
    /// stays.)
    pub mean_replies: bool,
    /// Percent the opponents' average cost counts for against the root's own, when scoring
    /// against the average.
    pub others_percent: i32,
    /// The opponent whose home is the root's goal, and the percent it weighs in the
    /// opponents' average against 100 for each other one (`None`: all alike). It shares the
    /// root's lane, so its marbles are the ones the root meets and blocks most.
    pub head_on: Option<(usize, i32)>,
    /// Each opponent's weight in the field's mean from how fast it has run so far this game
    /// ([`Tuning::crowded_pace`](super::Tuning::crowded_pace)): the one that would finish
    /// soonest at its pace 100, the others less (`None`: 100 each). The head-on percent
    /// applies on top.
    pub paces: Option<[i32; 6]>,
    /// The temperature of the opponents' soft minimum when scoring against the average
    /// ([`Tuning::three_softmin`](super::Tuning::three_softmin)); 0: their plain mean.
    pub softmin: i32,
    /// The learned model's costs beyond a marble's distance, when `weights.learned` is on
    /// (the distances' part is in each seat's `value`).
    pub learned: Option<Learned>,
}

/// What `lane` adds to each hole's cost for `seat`: `lane` per half hole-spacing a hole
/// outside the goal stands beside the line from its home's tip through the centre to its
/// goal's tip, beyond `lane_free` of them and up to `lane_cap` more, in the rows from
/// `lane_low` to `lane_high`.
pub(crate) fn lane_costs(layout: &Layout, seat: usize, weights: &Weights) -> [i32; 256] {
    let mut costs = [0; 256];
    let info = &layout.seats[seat];
    for h in Hole::all() {
        // Turned so the home is at the bottom, the lane is the vertical through the centre:
        // `2q + r` is twice the screen's x, `r` the row from the centre's.
        let (q, r) = h.in_frame_of(info.point);
        if !info.goal.has(h.index()) && (weights.lane_low..=weights.lane_high).contains(&r) {
            let mut beside = ((2 * q + r - weights.lane_shift).abs() - weights.lane_free).max(0);
            if weights.lane_cap > 0 {
                beside = beside.min(weights.lane_cap);
            }
            costs[h.index() as usize] = weights.lane * beside;
        }
    }
    costs
}

impl<'a> Ctx<'a> {
    pub fn seat_eval(layout: &Layout, seat: usize, weights: &Weights) -> SeatEval {
        let info = &layout.seats[seat];
        let tip = Hole::from_frame_of(info.point.opposite(), 4, -8).expect("every point has a tip");
        let mut t = [0u8; 256];
        for h in Hole::all() {
            t[h.index() as usize] = h.distance(tip) as u8;
        }
        let mut forward = [Bits::EMPTY; 6];
        let mut step_forward = [Bits::EMPTY; 6];
        for h in Hole::all() {
            for (i, d) in Dir::ALL.into_iter().enumerate() {
                if h.neighbour(d)
                    .is_some_and(|n| t[n.index() as usize] < t[h.index() as usize])
                {
                    step_forward[i].set(h.index());
                }
                if h.neighbour(d)
                    .and_then(|n| n.neighbour(d))
                    .is_some_and(|l| t[l.index() as usize] < t[h.index() as usize])
                {
                    forward[i].set(h.index());
                }
            }
        }
        let value = t.map(|d| {
            let d = d as i32;
            weights.linear * d + weights.square * d * d
        });
        let mut e = SeatEval {
            forward,
            step_forward,
            near_goal: super::learned::within(&t, 7),
            tip: t,
            value,
            by_value: Vec::new(),
            goal: info.goal,
            start_area: info.start_area,
            home_penalty: 0,
            class: super::learned::hole_classes(info.point),
        };
        e.set_values(value);
        e
    }

    /// Distance cost of one seat's marbles.
    #[inline]
    pub fn cost(&self, board: &Board, seat: usize) -> i32 {
        let e = &self.seats[seat];
        let w = &self.weights;
        let mut c = self.distance(board, seat);
        if e.home_penalty > 0 {
            c += e.home_penalty * (board.marbles(seat) & e.start_area).count() as i32;
        }
        if let Some(l) = &self.learned {
            return c + l.cost(board, seat, e);
        }
        if w.ladder != 0 || w.bridge != 0 {
            let own = board.marbles(seat) & !e.goal;
            let (any, mine) = jumps_ready(board.occupied(), own, &e.forward);
            c -= w.ladder * any as i32 + w.bridge * mine as i32;
        }
        c
    }

    /// What `seat`'s marbles still have to run on `board`: the sum of their holes' costs,
    /// without the terms [`Ctx::cost`] adds for the position (the leave-home deadline's
    /// penalty, ladders, the learned model's other terms).
    pub fn distance(&self, board: &Board, seat: usize) -> i32 {
        let value = &self.seats[seat].value;
        board.marbles(seat).iter().map(|h| value[h as usize]).sum()
    }

    /// Cost of the root's side.
    pub fn root_cost(&self, board: &Board) -> i32 {
        self.friends.iter().map(|&s| self.cost(board, s)).sum()
    }

    /// Whether `seat`'s goal is done on `board`.
    #[inline]
    pub fn done(&self, board: &Board, seat: usize) -> bool {
        self.goal_rule
            .done(board, self.seats[seat].goal, seat, self.partner[seat])
    }

    /// How much `seat`'s best single move would lower its cost: the side to move at a leaf
    /// is about to take it, which a static count of distances cannot see.
    pub fn best_gain(&self, board: &Board, seat: usize) -> i32 {
        self.best_gain_with(&mut Reach::new(board.occupied()), board, seat, 0)
    }

    /// [`Ctx::best_gain`] sharing jump components with other seats' calls on `board`, or
    /// `floor` if that is more: marbles that cannot gain more than it are not looked at.
    pub fn best_gain_with(&self, reach: &mut Reach, board: &Board, seat: usize, floor: i32) -> i32 {
        let e = &self.seats[seat];
        self.layout
            .best_drop(reach, board, seat, &e.value, &e.by_value, floor)
    }

    /// The mean over the opponents of `of(seat)`, the head-on opponent weighing as
    /// [`Ctx::head_on`] says.
    pub fn weighted_mean(&self, mut of: impl FnMut(usize) -> i32) -> i32 {
        let (mut total, mut weight) = (0, 0);
        for &o in &self.opponents {
            let w = self.opponent_weight(o);
            total += of(o) * w;
            weight += w;
        }
        if weight > 0 { total / weight } else { 0 }
    }

    /// An opponent's weight in the field's mean: 100 or its pace's weight, the head-on one
    /// that in its percent.
    fn opponent_weight(&self, o: usize) -> i32 {
        let base = self.paces.map_or(100, |p| p[o]);
        match self.head_on {
            Some((head_on, percent)) if o == head_on => base * percent / 100,
            _ => base,
        }
    }

    /// Each seat's share of the field on `board` under the soft minimum (0 but for the
    /// opponents): its [`Ctx::opponent_weight`] times `exp(-(cost - leader's) / T)`; and the
    /// leader's cost. Fixed arrays: this runs at every leaf while the switch is on.
    fn soft_shares(&self, board: &Board) -> ([f64; 6], i32) {
        let mut costs = [0; 6];
        for &o in &self.opponents {
            costs[o] = self.cost(board, o);
        }
        let of_opponents = self.opponents.iter().map(|&o| costs[o]);
        // Measured from the end the temperature favours, so no share is more than 1.
        let lead = if self.softmin >= 0 {
            of_opponents.min()
        } else {
            of_opponents.max()
        }
        .unwrap_or(0);
        let t = f64::from(self.softmin);
        let mut shares = [0.0; 6];
        for &o in &self.opponents {
            let w = f64::from(self.opponent_weight(o));
            shares[o] = w * (-f64::from(costs[o] - lead) / t).exp();
        }
        (shares, lead)
    }

    /// The opponents' cost on `board` as one number: their soft minimum
    /// `leader - T ln(mean of exp(-(cost - leader) / T))`, the mean weighed as
    /// [`Ctx::opponent_weight`] says.
    fn soft_min(&self, board: &Board) -> i32 {
        self.soft_min_of(&self.soft_shares(board))
    }

    /// [`Ctx::soft_min`] from shares already found by [`Ctx::soft_shares`].
    fn soft_min_of(&self, &(shares, lead): &([f64; 6], i32)) -> i32 {
        let (mut sum, mut total) = (0.0, 0.0);
        for &o in &self.opponents {
            sum += shares[o];
            total += f64::from(self.opponent_weight(o));
        }
        if total <= 0.0 || sum <= 0.0 {
            return lead;
        }
        lead - (f64::from(self.softmin) * (sum / total).ln()).round() as i32
    }

    /// The score on `board` ([`Ctx::evaluate`]) and the mean over the opponents of
    /// `of(seat)` as the field's cost counts them: weighed by their shares of the soft
    /// minimum when there is one (a gain of the leader's lowers it most), else as
    /// [`Ctx::weighted_mean`]. A leaf charging the opponents' replies needs both, and finds
    /// the shares once for the two.
    pub fn evaluate_with_field_mean(
        &self,
        board: &Board,
        mut of: impl FnMut(usize) -> i32,
    ) -> (i32, i32) {
        if self.softmin == 0 {
            return (self.evaluate(board), self.weighted_mean(of));
        }
        let soft = self.soft_shares(board);
        let score = self.score(board, Some(&soft));
        let shares = soft.0;
        let (mut total, mut weight) = (0.0, 0.0);
        for &o in &self.opponents {
            total += f64::from(of(o)) * shares[o];
            weight += shares[o];
        }
        let mean = if weight > 0.0 {
            (total / weight).round() as i32
        } else {
            0
        };
        (score, mean)
    }

    /// Score from the root's point of view: the best opponent's cost minus the root's.
    pub fn evaluate(&self, board: &Board) -> i32 {
        self.score(board, None)
    }

    /// [`Ctx::evaluate`], with the soft minimum's shares on `board` if already found.
    fn score(&self, board: &Board, soft: Option<&([f64; 6], i32)>) -> i32 {
        let mine = self.root_cost(board);
        let theirs = if self.friends.len() > 1 {
            // Teams: add up each opposing team.
            let mut best = i32::MAX;
            for &o in &self.opponents {
                let c = self.cost(board, o) + self.partner[o].map_or(0, |p| self.cost(board, p));
                best = best.min(c);
            }
            best
        } else if self.against_average && !self.opponents.is_empty() {
            let field = match soft {
                Some(soft) => self.soft_min_of(soft),
                None if self.softmin != 0 => self.soft_min(board),
                None => self.weighted_mean(|o| self.cost(board, o)),
            };
            field * self.others_percent / 100
        } else {
            self.opponents
                .iter()
                .map(|&o| self.cost(board, o))
                .min()
                .unwrap_or(0)
        };
        theirs - mine
    }
}

/// A six-seat board with about a third of the holes taken by random seats, from the seed `r`
/// (advanced): for tests that check a whole-board count against a hole-by-hole one.
#[cfg(test)]
pub(crate) fn random_crowd(r: &mut u64) -> Board {
    let mut board = Board::empty();
    for h in Hole::all() {
        *r = crate::zobrist::splitmix(*r);
        if r.is_multiple_of(3) {
            board.put((*r >> 8) as usize % 6, h);
        }
    }
    board
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{RuleSet, Setup};
    use crate::zobrist::splitmix;

    /// A game of `players` with ten marbles each, at the start.
    fn new_game(players: u8) -> crate::game::Game {
        let setup = Setup::new(players, 10, false).unwrap();
        crate::game::Game::new(setup, RuleSet::default()).unwrap()
    }

    /// `lane` costs nothing on the line from a seat's home tip through the centre to its
    /// goal's tip, more the farther a hole stands to either side (the same both ways), and
    /// nothing inside the goal.
    #[test]
    fn lane_costs_grow_away_from_the_line_through_the_centre() {
        let game = new_game(6);
        let layout = game.layout();
        let plain = Weights::default();
        let (plain, lane) = (
            super::super::context(&game, 0, plain),
            super::super::context(&game, 0, Weights { lane: 5, ..plain }),
        );
        let centre = Hole::from_axial(0, 0).unwrap();
        for seat in 0..6 {
            let (a, b) = (&plain.seats[seat], &lane.seats[seat]);
            let extra = |h: Hole| b.value[h.index() as usize] - a.value[h.index() as usize];
            let point = layout.seats[seat].point;
            let home_tip = Hole::from_frame_of(point, 4, -8).unwrap();
            let home_row = |x: i32| Hole::from_frame_of(point, 1 + x, -5).unwrap();
            assert_eq!(extra(centre), 0, "seat {seat}");
            assert_eq!(extra(home_tip), 0, "seat {seat}");
            // The fourth row of the home (four holes): the two middle ones one half-spacing
            // to the side, the two outer ones three.
            let row: Vec<i32> = (0..4).map(|x| extra(home_row(x))).collect();
            assert_eq!(row, [15, 5, 5, 15], "seat {seat}");
            for h in layout.seats[seat].goal.iter() {
                assert_eq!(extra(Hole::from_index(h).unwrap()), 0, "seat {seat}");
            }
        }
    }

    /// `lane_free` leaves that many half-spacings either side of the line free and charges
    /// the rest; `lane_cap` charges no more past that many; `lane_low` and `lane_high`
    /// charge only the rows between them.
    #[test]
    fn lane_free_cap_and_rows_shape_the_lane() {
        let game = new_game(6);
        let layout = game.layout();
        let lane = Weights {
            lane: 5,
            ..Weights::default()
        };
        for seat in 0..6 {
            let point = layout.seats[seat].point;
            let cost = |w: &Weights, q: i32, r: i32| {
                let h = Hole::from_frame_of(point, q, r).unwrap();
                lane_costs(layout, seat, w)[h.index() as usize]
            };
            let home_row = |w: &Weights| (0..4).map(|x| cost(w, 1 + x, -5)).collect::<Vec<_>>();
            let free = Weights {
                lane_free: 2,
                ..lane
            };
            assert_eq!(home_row(&lane), [15, 5, 5, 15], "seat {seat}");
            assert_eq!(home_row(&free), [5, 0, 0, 5], "seat {seat}");
            // The centre's row: four half-spacings to the side of the centre at q = 2.
            assert_eq!(cost(&free, 2, 0), 10, "seat {seat}");
            let cap = Weights {
                lane_cap: 2,
                ..lane
            };
            assert_eq!(home_row(&cap), [10, 5, 5, 10], "seat {seat}");
            assert_eq!(cost(&cap, 3, 0), 10, "seat {seat}");
            let rows = Weights {
                lane_low: -4,
                lane_high: 4,
                ..lane
            };
            assert_eq!(home_row(&rows), [0, 0, 0, 0], "seat {seat}");
            assert_eq!(cost(&rows, 2, 0), 20, "seat {seat}");
            // The row next to the home's: charged, the home's row not.
            assert_eq!(cost(&rows, 2, -4), 0, "seat {seat}: on the line");
            assert_eq!(cost(&rows, 4, -4), 20, "seat {seat}");
            let home = Weights {
                lane_high: -5,
                ..lane
            };
            assert_eq!(home_row(&home), [15, 5, 5, 15], "seat {seat}");
            assert_eq!(cost(&home, 4, -4), 0, "seat {seat}");
            let out = Weights {
                lane_low: -4,
                ..lane
            };
            assert_eq!(home_row(&out), [0, 0, 0, 0], "seat {seat}");
            assert_eq!(cost(&out, 4, -4), 20, "seat {seat}");
        }
    }

    /// `lane_shift` moves the line to the seat's right, so two seats facing each other that
    /// both keep right run lines apart: one's line costs the other twice the shift.
    #[test]
    fn lane_shift_moves_the_line_to_the_seats_right() {
        let game = new_game(6);
        let layout = game.layout();
        let right = Weights {
            lane: 5,
            lane_shift: 2,
            ..Weights::default()
        };
        for seat in 0..6 {
            let point = layout.seats[seat].point;
            let facing = (0..6)
                .find(|&s| layout.seats[s].point == point.opposite())
                .expect("six seats face each other in pairs");
            let hole = |q: i32, r: i32| Hole::from_frame_of(point, q, r).unwrap();
            let cost = |s: usize, h: Hole| lane_costs(layout, s, &right)[h.index() as usize];
            // The home's fourth row, 3 and 1 half-spacings left of the centre's line, then 1
            // and 3 right of it: the shifted line runs one half-spacing right of its middle.
            let row: Vec<i32> = (1..5).map(|q| cost(seat, hole(q, -5))).collect();
            assert_eq!(row, [25, 15, 5, 5], "seat {seat}");
            // One hole right of the centre: on the seat's line, and four half-spacings off the
            // facing seat's, which keeps to its own right.
            let beside_centre = hole(1, 0);
            assert_eq!(cost(seat, beside_centre), 0, "seat {seat}");
            assert_eq!(cost(facing, beside_centre), 20, "seat {seat}");
            assert_eq!(cost(seat, hole(0, 0)), 10, "seat {seat}: the centre");
        }
    }

    /// `lane_others` scales the lane the searching seat charges everyone else's marbles,
    /// never its own.
    #[test]
    fn lane_others_scales_the_lane_of_the_other_seats_alone() {
        let game = new_game(4);
        let lane = Weights {
            lane: 6,
            ..Weights::default()
        };
        let plain = super::super::context(&game, 1, Weights::default());
        for (percent, expected) in [(100, 6), (50, 3), (0, 0)] {
            let ctx = super::super::context(
                &game,
                1,
                Weights {
                    lane_others: percent,
                    ..lane
                },
            );
            for seat in 0..4 {
                let full = lane_costs(game.layout(), seat, &lane);
                let charged = if seat == 1 { 6 } else { expected };
                for h in Hole::all() {
                    let i = h.index() as usize;
                    assert_eq!(
                        ctx.seats[seat].value[i] - plain.seats[seat].value[i],
                        full[i] / 6 * charged,
                        "seat {seat}, {h}, {percent}%"
                    );
                }
            }
        }
    }

    /// Where the learned model's costs per distance replace the hand-made ones (three
    /// players), `lane` is added to them just the same.
    #[test]
    fn lane_adds_to_the_learned_models_costs() {
        let game = new_game(3);
        let model = Weights {
            learned: 1,
            ..Weights::default()
        };
        let plain = super::super::context(&game, 0, model);
        let lane = super::super::context(&game, 0, Weights { lane: 3, ..model });
        assert!(plain.learned.is_some(), "three players have a model");
        for seat in 0..3 {
            let added = lane_costs(game.layout(), seat, &Weights { lane: 3, ..model });
            assert!(added.iter().any(|&a| a > 0));
            for h in Hole::all() {
                let i = h.index() as usize;
                assert_eq!(
                    lane.seats[seat].value[i] - plain.seats[seat].value[i],
                    added[i],
                    "seat {seat}, {h}"
                );
            }
        }
    }

    /// Ladders and bridges counted with shifts agree with a hole-by-hole count, for every
    /// seat of a six-player board filled at random.
    #[test]
    fn ready_jumps_match_a_hole_by_hole_count() {
        let setup = Setup::new(6, 10, false).unwrap();
        let layout = Layout::new(setup, &RuleSet::default());
        let mut r = 7u64;
        for _ in 0..200 {
            let board = random_crowd(&mut r);
            for seat in 0..6 {
                let e = Ctx::seat_eval(&layout, seat, &Weights::default());
                let own = board.marbles(seat);
                let (mut any, mut mine) = (0, 0);
                for h in own.iter().map(|i| Hole::from_index(i).unwrap()) {
                    for d in Dir::ALL {
                        let (Some(over), Some(land)) =
                            (h.neighbour(d), h.neighbour(d).and_then(|n| n.neighbour(d)))
                        else {
                            continue;
                        };
                        if e.tip[land.index() as usize] >= e.tip[h.index() as usize] {
                            continue;
                        }
                        if board.owner(over).is_some() && board.owner(land).is_none() {
                            any += 1;
                            if board.owner(over) == Some(seat) {
                                mine += 1;
                            }
                        }
                    }
                }
                assert_eq!(jumps_ready(board.occupied(), own, &e.forward), (any, mine));
            }
        }
    }

    /// The leaves' best gain, skipping marbles and sharing chain ends between marbles and
    /// seats, equals the best of every listed move: for short and long jumps, with and
    /// without goal lock and resting in other points, for weights whose cost is not
    /// monotonic in the distance, and with floors below and above the answer.
    #[test]
    fn best_gains_match_the_best_of_all_listed_moves() {
        let setup = Setup::new(6, 10, false).unwrap();
        let casual = RuleSet::preset("casual").unwrap();
        let rule_sets = [
            casual.clone(),
            RuleSet::preset("classic").unwrap(),
            RuleSet::preset("long-jumps").unwrap(),
            RuleSet {
                goal_lock: true,
                ..casual
            },
        ];
        let weight_sets = [Weights::default(), "linear=30, square=-2".parse().unwrap()];
        let holes: Vec<Hole> = Hole::all().collect();
        let mut r = 11u64;
        let mut checked = 0;
        for rules in &rule_sets {
            let layout = Layout::new(setup, rules);
            for weights in &weight_sets {
                let evals: Vec<SeatEval> = (0..6)
                    .map(|s| Ctx::seat_eval(&layout, s, weights))
                    .collect();
                for round in 0..60 {
                    let mut board = Board::empty();
                    for &h in &holes {
                        r = splitmix(r);
                        let seat = (r >> 8) as usize % 6;
                        if r % 7 < 2 + round % 4 && board.marbles(seat).count() < 10 {
                            board.put(seat, h);
                        }
                    }
                    let mut reach = Reach::new(board.occupied());
                    for (seat, e) in evals.iter().enumerate() {
                        let listed = layout
                            .moves(&board, seat)
                            .pairs()
                            .map(|(f, t)| e.value[f.index() as usize] - e.value[t.index() as usize])
                            .max()
                            .unwrap_or(0)
                            .max(0);
                        r = splitmix(r);
                        let floor = (r % 400) as i32 - 100;
                        for floor in [0, floor] {
                            let found = layout.best_drop(
                                &mut reach,
                                &board,
                                seat,
                                &e.value,
                                &e.by_value,
                                floor,
                            );
                            assert_eq!(found, listed.max(floor), "seat {seat}, floor {floor}");
                            checked += 1;
                        }
                    }
                }
            }
        }
        assert_eq!(checked, 4 * 2 * 60 * 6 * 2);
    }

    /// The opponents' soft minimum lies between their lowest cost and their mean, rises with
    /// its temperature from the one towards the other, and weighs their gains the same way;
    /// with a negative temperature it is a soft maximum, from the highest cost down towards
    /// the mean; on random four-player boards.
    #[test]
    fn the_soft_minimum_runs_from_the_leader_to_the_mean() {
        let game = new_game(4);
        let mut ctx = super::super::context(&game, 0, Weights::default());
        assert_eq!(ctx.opponents.len(), 3);
        let mut r = 5u64;
        for _ in 0..200 {
            let board = random_crowd(&mut r);
            let costs: Vec<i32> = ctx.opponents.iter().map(|&o| ctx.cost(&board, o)).collect();
            let lead = *costs.iter().min().unwrap();
            ctx.softmin = 0;
            let mean = ctx.weighted_mean(|o| ctx.cost(&board, o));
            let (score, plain) = ctx.evaluate_with_field_mean(&board, |o| ctx.cost(&board, o));
            assert_eq!((score, plain), (ctx.evaluate(&board), mean));
            let mut before = lead;
            for t in [1, 10, 100, 250, 1000, 5000] {
                ctx.softmin = t;
                let soft = ctx.soft_min(&board);
                assert!(lead <= soft && soft <= mean + 1, "{lead} {soft} {mean}");
                assert!(soft >= before, "temperature {t}: {soft} after {before}");
                before = soft;
                let (score, weighed) =
                    ctx.evaluate_with_field_mean(&board, |o| ctx.cost(&board, o));
                assert_eq!(score, ctx.evaluate(&board));
                assert!(
                    lead <= weighed && weighed <= mean + 1,
                    "{lead} {weighed} {mean}"
                );
            }
            // A negative temperature is a soft maximum: between the mean and the last.
            let last = *costs.iter().max().unwrap();
            let mut before = last;
            for t in [-1, -10, -100, -250, -1000, -5000] {
                ctx.softmin = t;
                let soft = ctx.soft_min(&board);
                assert!(mean - 1 <= soft && soft <= last, "{mean} {soft} {last}");
                assert!(soft <= before, "temperature {t}: {soft} after {before}");
                before = soft;
            }
            ctx.softmin = -1;
            assert!(ctx.soft_min(&board) >= last - 2);
            ctx.softmin = 1;
            assert!(ctx.soft_min(&board) <= lead + 2);
            if costs.iter().all(|&c| c == lead) {
                continue;
            }
            // A cold soft minimum is the leader's cost; a hot one tends to the mean.
            ctx.softmin = 1_000_000;
            assert!((ctx.soft_min(&board) - mean).abs() <= 1 + (mean - lead) / 50);
        }
    }
}
