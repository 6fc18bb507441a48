//! The position: the fixed frame of a game ([`Layout`]: seats, their homes, goals and where
//! a move may end, the jump rules) and the marbles on the board ([`Board`], bit sets with an
//! incrementally kept hash). Move generation over them is in [`crate::movegen`].

use crate::bitboard::Bits;
use crate::board::{Hole, Point, VALID};
use crate::rules::{Jumps, RuleSet, Setup};
use crate::zobrist;

/// Largest number of marbles one seat can have.
pub const MAX_MARBLES: usize = 15;

/// What a seat needs for move generation and scoring, derived once from the set-up and rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatInfo {
    /// The point this seat starts in.
    pub point: Point,
    /// Holes the seat's marbles start on.
    pub home: Bits,
    /// Holes the seat's marbles must fill.
    pub goal: Bits,
    /// Holes a marble must leave before the leaving-home deadline: the start point and home.
    pub start_area: Bits,
    /// Holes where a move may end (all, or without the other players' points).
    pub end_ok: Bits,
    /// Steps from each hole to the nearest goal hole (by padded index).
    pub dist: [u8; 256],
}

/// The fixed frame of a game: seats, their areas, and the movement rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    /// The set-up it was made for.
    pub setup: Setup,
    /// One entry per seat, in turn order.
    pub seats: Vec<SeatInfo>,
    /// Short or long jumps.
    pub jumps: Jumps,
    /// Marbles in their goal move only inside it.
    pub goal_lock: bool,
}

impl Layout {
    /// Builds the frame for a set-up under a rule set.
    pub fn new(setup: Setup, rules: &RuleSet) -> Layout {
        let rows = setup.home_rows();
        let seats = setup
            .seat_points()
            .iter()
            .map(|&point| {
                let home = point.triangle(rows);
                let goal = point.opposite().triangle(rows);
                let start_area = home | point.holes();
                let mut end_ok = VALID;
                if !rules.rest_in_other_points {
                    for p in Point::ALL {
                        if p != point && p != point.opposite() {
                            end_ok &= !p.holes();
                        }
                    }
                }
                let mut dist = [0u8; 256];
                for h in Hole::all() {
                    dist[h.index() as usize] = goal
                        .iter()
                        .map(|g| h.distance(Hole::from_index(g).expect("goal hole")))
                        .min()
                        .unwrap_or(0) as u8;
                }
                SeatInfo {
                    point,
                    home,
                    goal,
                    start_area,
                    end_ok,
                    dist,
                }
            })
            .collect();
        Layout {
            setup,
            seats,
            jumps: rules.jumps,
            goal_lock: rules.goal_lock,
        }
    }

    /// Number of seats.
    pub fn players(&self) -> usize {
        self.seats.len()
    }
}

/// The marbles on the board, by seat, with an incrementally kept Zobrist hash.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    occ: Bits,
    marbles: [Bits; 6],
    hash: u64,
}

impl Board {
    /// The start position of a layout.
    pub fn start(layout: &Layout) -> Board {
        let mut b = Board::empty();
        for (seat, info) in layout.seats.iter().enumerate() {
            for h in info.home.iter() {
                b.put(seat, Hole::from_index_unchecked(h));
            }
        }
        b
    }

    /// A board with no marbles.
    pub fn empty() -> Board {
        Board {
            occ: Bits::EMPTY,
            marbles: [Bits::EMPTY; 6],
            hash: 0,
        }
    }

    /// Puts a marble of `seat` on an empty hole (for hand-made positions).
    pub fn put(&mut self, seat: usize, h: Hole) {
        assert!(!self.occ.has(h.index()), "{h} is taken");
        self.occ.set(h.index());
        self.marbles[seat].set(h.index());
        self.hash ^= zobrist::marble(seat, h.index());
    }

    /// Takes every marble of `seat` off the board.
    pub fn remove_seat(&mut self, seat: usize) {
        for h in self.marbles[seat].iter() {
            self.hash ^= zobrist::marble(seat, h);
        }
        self.occ &= !self.marbles[seat];
        self.marbles[seat] = Bits::EMPTY;
    }

    /// Moves a marble of `seat` (no legality check: that is the layout's job). Calling it
    /// again with the holes swapped undoes it.
    #[inline(always)]
    pub fn shift(&mut self, seat: usize, from: Hole, to: Hole) {
        let (f, t) = (from.index(), to.index());
        let m = Bits::bit(f) | Bits::bit(t);
        self.occ ^= m;
        self.marbles[seat] ^= m;
        self.hash ^= zobrist::marble(seat, f) ^ zobrist::marble(seat, t);
    }

    /// All occupied holes.
    pub fn occupied(&self) -> Bits {
        self.occ
    }

    /// The marbles of one seat.
    pub fn marbles(&self, seat: usize) -> Bits {
        self.marbles[seat]
    }

    /// Whose marble is on a hole.
    pub fn owner(&self, h: Hole) -> Option<usize> {
        (0..6).find(|&s| self.marbles[s].has(h.index()))
    }

    /// Zobrist hash of the marbles (side to move not included).
    pub fn hash(&self) -> u64 {
        self.hash
    }
}

impl Hole {
    /// A hole from an index known to be on the board.
    #[inline(always)]
    pub(crate) fn from_index_unchecked(i: u8) -> Hole {
        debug_assert!(VALID.has(i));
        // SAFETY-free: Hole is a plain index; the tables keep it on the board.
        Hole::from_index(i).unwrap_or_else(|| unreachable!("hole index {i} off the board"))
    }
}
