//! Board geometry: the 121 holes of the star, their names, neighbours and the six points.
//!
//! Coordinates are axial: the hole on slanted line L (a=1 … q=17) and row R (1 … 17) is
//! (q, r) = (L − 9, R − 9), with s = −q − r. The star is the union of two big triangles,
//! {q, r, s ≥ −4} and {q, r, s ≤ 4}. Rotating a hole clockwise by 60° maps (q, r, s) to
//! (−s, −q, −r), which is how the six points and every seat's home are derived from the bottom.

use crate::bitboard::Bits;
use std::fmt;

/// Distance in bits between neighbouring rows of the padded layout.
pub(crate) const ROW: i32 = 14;

/// One of the six directions a marble can step or jump in.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Dir {
    /// Right along the row.
    E,
    /// Up and to the right.
    NE,
    /// Up and to the left.
    NW,
    /// Left along the row.
    W,
    /// Down and to the left.
    SW,
    /// Down and to the right.
    SE,
}

impl Dir {
    /// All six, anticlockwise from east.
    pub const ALL: [Dir; 6] = [Dir::E, Dir::NE, Dir::NW, Dir::W, Dir::SW, Dir::SE];

    /// The axial offset of one step.
    pub const fn delta(self) -> (i8, i8) {
        match self {
            Dir::E => (1, 0),
            Dir::NE => (0, 1),
            Dir::NW => (-1, 1),
            Dir::W => (-1, 0),
            Dir::SW => (0, -1),
            Dir::SE => (1, -1),
        }
    }

    /// The offset of one step in the padded bit layout.
    pub(crate) const fn bit_delta(self) -> i32 {
        let (dq, dr) = self.delta();
        dq as i32 + ROW * dr as i32
    }
}

/// Whether axial (q, r) is a hole of the star.
pub const fn on_star(q: i32, r: i32) -> bool {
    let s = -q - r;
    (q >= -4 && r >= -4 && s >= -4) || (q <= 4 && r <= 4 && s <= 4)
}

const fn padded(q: i32, r: i32) -> i32 {
    ROW * (r + 8) + q
}

/// A hole of the board. Its value is its padded bit index (see [`crate::bitboard`]), so
/// it indexes bit sets and tables directly.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Hole(u8);

/// The six points of the star, clockwise from the bottom.
#[derive(
    Clone, Copy, PartialEq, Eq, Debug, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
pub enum Point {
    /// Rows 1–4, tip m1.
    Bottom,
    /// Tip e5.
    LowerLeft,
    /// Tip a13.
    UpperLeft,
    /// Rows 14–17, tip e17.
    Top,
    /// Tip m13.
    UpperRight,
    /// Tip q5.
    LowerRight,
}

impl Point {
    /// All six, clockwise from the bottom.
    pub const ALL: [Point; 6] = [
        Point::Bottom,
        Point::LowerLeft,
        Point::UpperLeft,
        Point::Top,
        Point::UpperRight,
        Point::LowerRight,
    ];

    /// Position in the clockwise order starting at the bottom (0–5).
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The point across the board: where this point's player is going.
    pub const fn opposite(self) -> Point {
        Point::ALL[(self as usize + 3) % 6]
    }

    /// Short lower-case name used in texts and files.
    pub const fn name(self) -> &'static str {
        match self {
            Point::Bottom => "bottom",
            Point::LowerLeft => "lower-left",
            Point::UpperLeft => "upper-left",
            Point::Top => "top",
            Point::UpperRight => "upper-right",
            Point::LowerRight => "lower-right",
        }
    }

    /// The holes of this point (10 holes, rows of 1–4).
    pub fn holes(self) -> Bits {
        TABLES.point[self as usize]
    }

    /// The triangle of `rows` rows at this point's tip: 3 rows hold 6 marbles, 4 rows are
    /// the point itself (10), 5 rows reach one row into the hexagon (15).
    pub fn triangle(self, rows: u8) -> Bits {
        Hole::all()
            .filter(|h| h.rows_from_tip(self) < rows as i32 && h.in_triangle_of(self))
            .map(|h| h.0)
            .collect()
    }
}

struct Tables {
    valid: Bits,
    /// Neighbour in each direction, or `NONE`.
    neighbour: [[u8; 6]; 256],
    /// Set of neighbours.
    neighbours: [Bits; 256],
    point: [Bits; 6],
    hexagon: Bits,
    all: [Hole; 121],
    axial: [(i8, i8); 256],
}

/// Marks a missing neighbour in the tables.
pub(crate) const NONE: u8 = 255;

const fn rotate_ccw(q: i32, r: i32) -> (i32, i32) {
    // CW(q, r, s) = (−s, −q, −r); its inverse is (q, r, s) → (−r, −s, −q).
    let s = -q - r;
    (-r, -s)
}

/// Point membership of (q, r), or 6 for the hexagon.
const fn point_of(q: i32, r: i32) -> usize {
    let s = -q - r;
    if r < -4 {
        0
    } else if s > 4 {
        1
    } else if q < -4 {
        2
    } else if r > 4 {
        3
    } else if s < -4 {
        4
    } else if q > 4 {
        5
    } else {
        6
    }
}

const fn build() -> Tables {
    let mut t = Tables {
        valid: Bits::EMPTY,
        neighbour: [[NONE; 6]; 256],
        neighbours: [Bits::EMPTY; 256],
        point: [Bits::EMPTY; 6],
        hexagon: Bits::EMPTY,
        all: [Hole(0); 121],
        axial: [(0, 0); 256],
    };
    let mut n = 0;
    let mut r = -8;
    while r <= 8 {
        let mut q = -8;
        while q <= 8 {
            if on_star(q, r) {
                let i = padded(q, r) as u8;
                t.all[n] = Hole(i);
                t.axial[i as usize] = (q as i8, r as i8);
                n += 1;
                t.valid.0[(i >> 6) as usize] |= 1 << (i & 63);
                let p = point_of(q, r);
                if p < 6 {
                    t.point[p].0[(i >> 6) as usize] |= 1 << (i & 63);
                } else {
                    t.hexagon.0[(i >> 6) as usize] |= 1 << (i & 63);
                }
                let mut d = 0;
                while d < 6 {
                    let (dq, dr) = Dir::ALL[d].delta();
                    let (nq, nr) = (q + dq as i32, r + dr as i32);
                    if on_star(nq, nr) {
                        let j = padded(nq, nr) as u8;
                        t.neighbour[i as usize][d] = j;
                        t.neighbours[i as usize].0[(j >> 6) as usize] |= 1 << (j & 63);
                    }
                    d += 1;
                }
            }
            q += 1;
        }
        r += 1;
    }
    t
}

static TABLES: Tables = build();

/// Every hole of the star.
pub(crate) const VALID: Bits = build().valid;

impl Hole {
    /// Number of holes on the board.
    pub const COUNT: usize = 121;

    /// The hole at axial (q, r), if it is on the star.
    pub const fn from_axial(q: i32, r: i32) -> Option<Hole> {
        if q < -8 || q > 8 || r < -8 || r > 8 || !on_star(q, r) {
            None
        } else {
            Some(Hole(padded(q, r) as u8))
        }
    }

    /// The hole at slanted line `line` (1 = a … 17 = q) and row `row` (1 … 17).
    pub const fn from_line_row(line: i32, row: i32) -> Option<Hole> {
        Hole::from_axial(line - 9, row - 9)
    }

    /// The hole whose padded index is `i`, if there is one.
    pub fn from_index(i: u8) -> Option<Hole> {
        VALID.has(i).then_some(Hole(i))
    }

    /// Padded index (for bit sets and tables).
    #[inline(always)]
    pub const fn index(self) -> u8 {
        self.0
    }

    /// Axial coordinates (q, r).
    #[inline]
    pub fn axial(self) -> (i32, i32) {
        let (q, r) = TABLES.axial[self.0 as usize];
        (q as i32, r as i32)
    }

    /// Slanted line number, 1 (a) … 17 (q).
    pub fn line(self) -> i32 {
        self.axial().0 + 9
    }

    /// Row number, 1 (bottom) … 17 (top).
    pub fn row(self) -> i32 {
        self.axial().1 + 9
    }

    /// Every hole, bottom row first, left to right.
    pub fn all() -> impl Iterator<Item = Hole> + Clone {
        TABLES.all.iter().copied()
    }

    /// The neighbour in direction `d`, if on the board.
    #[inline(always)]
    pub fn neighbour(self, d: Dir) -> Option<Hole> {
        let j = TABLES.neighbour[self.0 as usize][d as usize];
        (j != NONE).then_some(Hole(j))
    }

    /// The set of this hole's neighbours.
    #[inline(always)]
    pub fn neighbours(self) -> Bits {
        TABLES.neighbours[self.0 as usize]
    }

    /// The point this hole belongs to, or `None` for the central hexagon.
    pub fn point(self) -> Option<Point> {
        let (q, r) = self.axial();
        Point::ALL.get(point_of(q, r)).copied()
    }

    /// Whether a hop from this hole to `to` is a jump over a marble rather than a step to a
    /// neighbour (long jumps, under the rules that allow them, are jumps too).
    pub fn is_jump_to(self, to: Hole) -> bool {
        self.distance(to) > 1
    }

    /// Hex distance in steps to `other`.
    pub fn distance(self, other: Hole) -> i32 {
        let (q1, r1) = self.axial();
        let (q2, r2) = other.axial();
        let (dq, dr) = (q1 - q2, r1 - r2);
        (dq.abs() + dr.abs() + (dq + dr).abs()) / 2
    }

    /// Rows between this hole and the tip of `p`, measured along `p`'s axis
    /// (0 at the tip, 4 at the edge of the hexagon, 16 at the opposite tip).
    pub fn rows_from_tip(self, p: Point) -> i32 {
        self.in_frame_of(p).1 + 8
    }

    /// Whether this hole is inside the big triangle whose tip is `p`'s tip.
    fn in_triangle_of(self, p: Point) -> bool {
        let (q, r) = self.in_frame_of(p);
        let s = -q - r;
        q <= 4 && r <= 4 && s <= 4
    }

    /// Coordinates after turning the board so that `p` is at the bottom.
    pub fn in_frame_of(self, p: Point) -> (i32, i32) {
        let (mut q, mut r) = self.axial();
        for _ in 0..p.index() {
            (q, r) = rotate_ccw(q, r);
        }
        (q, r)
    }

    /// Position on screen in units of the distance between neighbouring holes, centre at the
    /// origin, y up (row 1 at the bottom).
    pub fn xy(self) -> (f32, f32) {
        let (q, r) = self.axial();
        (q as f32 + r as f32 * 0.5, r as f32 * (3f32.sqrt() / 2.0))
    }

    /// The hole at `(q, r)` in the frame where `p` is at the bottom.
    pub fn from_frame_of(p: Point, q: i32, r: i32) -> Option<Hole> {
        let (mut q, mut r) = (q, r);
        for _ in 0..p.index() {
            // Clockwise: (q, r, s) → (−s, −q, −r).
            let s = -q - r;
            (q, r) = (-s, -q);
        }
        Hole::from_axial(q, r)
    }
}

impl fmt::Display for Hole {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let letter = (b'a' + (self.line() - 1) as u8) as char;
        write!(f, "{letter}{}", self.row())
    }
}

impl fmt::Debug for Hole {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// The holes of the central hexagon (61).
pub fn hexagon() -> Bits {
    TABLES.hexagon
}

/// Every hole of the star (121).
pub fn all_holes() -> Bits {
    VALID
}

#[cfg(test)]
mod tests {
    use super::*;

    fn h(name: &str) -> Hole {
        crate::notation::parse_hole(name).unwrap()
    }

    #[test]
    fn star_has_121_holes_hexagon_61_and_points_of_10() {
        assert_eq!(Hole::all().count(), 121);
        assert_eq!(VALID.count(), 121);
        assert_eq!(hexagon().count(), 61);
        for p in Point::ALL {
            assert_eq!(p.holes().count(), 10, "{p:?}");
            assert_eq!(p.triangle(4), p.holes(), "{p:?}");
            assert_eq!(p.triangle(3).count(), 6);
            assert_eq!(p.triangle(5).count(), 15);
            assert!((p.triangle(5) & p.opposite().triangle(5)).is_empty());
        }
    }

    #[test]
    fn named_holes_match_the_design_notes() {
        assert_eq!(h("m1").axial(), (4, -8));
        assert_eq!(h("e17").axial(), (-4, 8));
        assert_eq!(h("i9").axial(), (0, 0));
        assert_eq!(h("m1").point(), Some(Point::Bottom));
        assert_eq!(h("e5").point(), Some(Point::LowerLeft));
        assert_eq!(h("a13").point(), Some(Point::UpperLeft));
        assert_eq!(h("e17").point(), Some(Point::Top));
        assert_eq!(h("m13").point(), Some(Point::UpperRight));
        assert_eq!(h("q5").point(), Some(Point::LowerRight));
        assert_eq!(h("i9").point(), None);
        // Each named tip is the single hole of its point farthest from the centre.
        for (p, tip) in Point::ALL
            .iter()
            .zip(["m1", "e5", "a13", "e17", "m13", "q5"])
        {
            assert_eq!(
                p.triangle(1).iter().collect::<Vec<_>>(),
                vec![h(tip).index()]
            );
            assert_eq!(h(tip).rows_from_tip(*p), 0);
            assert_eq!(h(tip).distance(h("i9")), 8);
        }
    }

    #[test]
    fn axial_round_trips_for_every_hole() {
        for hole in Hole::all() {
            let (q, r) = hole.axial();
            assert_eq!(Hole::from_axial(q, r), Some(hole));
            assert_eq!(Hole::from_line_row(hole.line(), hole.row()), Some(hole));
        }
    }

    #[test]
    fn off_board_steps_and_landings_never_alias_a_hole() {
        // The bit-parallel move generator relies on this.
        for hole in Hole::all() {
            let (q, r) = hole.axial();
            for d in Dir::ALL {
                let (dq, dr) = d.delta();
                let (dq, dr) = (dq as i32, dr as i32);
                let step = hole.index() as i32 + d.bit_delta();
                let on = on_star(q + dq, r + dr);
                if !on && (0..256).contains(&step) {
                    assert!(!VALID.has(step as u8), "{hole} {d:?}");
                }
                if on && !on_star(q + 2 * dq, r + 2 * dr) {
                    let land = hole.index() as i32 + 2 * d.bit_delta();
                    if (0..256).contains(&land) {
                        assert!(!VALID.has(land as u8), "{hole} {d:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn neighbours_are_symmetric_and_interior_holes_have_six() {
        for hole in Hole::all() {
            for d in Dir::ALL {
                if let Some(n) = hole.neighbour(d) {
                    assert_eq!(n.neighbour(Dir::ALL[(d as usize + 3) % 6]), Some(hole));
                    assert_eq!(hole.distance(n), 1);
                }
            }
        }
        // Inside the hexagon every hole has six neighbours, but its six corners have five:
        // the two points beside a corner leave a notch.
        let hex: Vec<_> = Hole::all().filter(|h| h.point().is_none()).collect();
        let five = hex.iter().filter(|h| h.neighbours().count() == 5).count();
        assert_eq!(five, 6);
        assert!(hex.iter().all(|h| h.neighbours().count() >= 5));
        assert_eq!(h("i9").neighbours().count(), 6);
        assert_eq!(h("m1").neighbours().count(), 2);
    }

    #[test]
    fn frames_rotate_points_onto_the_bottom() {
        for p in Point::ALL {
            for hole in p.holes().iter().map(|i| Hole::from_index(i).unwrap()) {
                let (q, r) = hole.in_frame_of(p);
                assert_eq!(Hole::from_axial(q, r).unwrap().point(), Some(Point::Bottom));
                assert_eq!(Hole::from_frame_of(p, q, r), Some(hole));
            }
        }
    }
}
