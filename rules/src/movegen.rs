//! The board as bit sets, and move generation: steps, bit-parallel jump chains, long jumps.
//!
//! A move is identified by its (origin, destination) pair; all jump paths to one hole are one
//! move. Jump chains are found a whole frontier at a time: for each direction, the set of holes
//! a marble could jump from ("jump sources") is computed once per position with two shifts,
//! and a marble's reachable set grows by shifting `frontier & sources` by two steps.
//!
//! Two facts keep this both simple and fast. Every landing of a chain from `o` lies at `o`
//! plus twice a lattice vector, so a chain never lands next to its own start and never jumps
//! over the hole it left: the sources computed with the mover still on its hole are exact.
//! And jumps between empty holes go both ways, so the empty holes fall into connected
//! components; a marble's chains end anywhere in the components its first jumps land in.
//! Components are found once per position and shared by every marble that reaches them.

use crate::bitboard::Bits;
use crate::board::{Dir, Hole, VALID};
use crate::position::{Board, Layout, MAX_MARBLES};
use crate::rules::Jumps;
use std::sync::LazyLock;

impl Layout {
    /// Holes a marble of `seat` on `from` may land on during its move (the goal only, when
    /// the goal lock holds it).
    #[inline(always)]
    fn room(&self, seat: usize, from: u8) -> Bits {
        let info = &self.seats[seat];
        if self.goal_lock && info.goal.has(from) {
            info.goal
        } else {
            VALID
        }
    }

    /// Legal destinations of the marble on `from` (which must belong to `seat`).
    pub fn destinations(&self, board: &Board, seat: usize, from: Hole) -> Bits {
        let mut reach = Reach::new(board.occupied());
        self.dests_with(&mut reach, board.occupied(), seat, from.index())
    }

    #[inline(always)]
    fn dests_with(&self, reach: &mut Reach, occ: Bits, seat: usize, o: u8) -> Bits {
        let room = self.room(seat, o);
        let steps = Hole::from_index_unchecked(o).neighbours() & !occ & room;
        let jumps = match self.jumps {
            Jumps::Short if room == VALID => reach.chains(o),
            Jumps::Short => reach.maps.closure(o, room),
            Jumps::Long => long_closure(occ, o, room),
        };
        (steps | jumps) & self.seats[seat].end_ok
    }

    /// Every legal move of `seat`, grouped by origin.
    pub fn moves(&self, board: &Board, seat: usize) -> MoveList {
        self.moves_with(&mut Reach::new(board.occupied()), board, seat)
    }

    /// [`Layout::moves`] with jump components shared between calls on the same board: the
    /// search lists several opponents' moves per node, and they all jump over one position.
    #[inline]
    pub(crate) fn moves_with(&self, reach: &mut Reach, board: &Board, seat: usize) -> MoveList {
        let mut list = MoveList::default();
        let occ = board.occupied();
        for o in board.marbles(seat).iter() {
            let d = self.dests_with(reach, occ, seat, o);
            if !d.is_empty() {
                list.from[list.len] = o;
                list.dests[list.len] = d;
                list.len += 1;
            }
        }
        list
    }

    /// The most one legal move of `seat` lowers `value` (a per-hole cost, with `by_value`
    /// its holes grouped by value, cheapest first), or `floor` if that is more (at least 0):
    /// what the search asks of every seat at every leaf. Marbles that cannot beat the best
    /// so far are skipped, and a chain's best end is looked up once per component of empty
    /// holes, not once per marble reaching it. One `reach` must be used with one `value`
    /// per seat, since each component's best end is kept.
    #[inline]
    pub(crate) fn best_drop(
        &self,
        reach: &mut Reach,
        board: &Board,
        seat: usize,
        value: &[i32; 256],
        by_value: &[(i32, Bits)],
        floor: i32,
    ) -> i32 {
        let mut best = floor.max(0);
        self.each_drop(reach, board, seat, value, by_value, best, |gain| {
            best = best.max(gain);
            best
        });
        best
    }

    /// Calls `found` with the most each marble of `seat` can lower `value` with one move,
    /// skipping marbles that could not lower it by more than `bar`; `found` returns the
    /// next bar.
    #[inline]
    #[allow(clippy::too_many_arguments)]
    fn each_drop(
        &self,
        reach: &mut Reach,
        board: &Board,
        seat: usize,
        value: &[i32; 256],
        by_value: &[(i32, Bits)],
        mut bar: i32,
        mut found: impl FnMut(i32) -> i32,
    ) {
        let occ = board.occupied();
        let end_ok = self.seats[seat].end_ok;
        let cheapest = by_value.first().map_or(0, |&(v, _)| v);
        for o in board.marbles(seat).iter() {
            let before = value[o as usize];
            if before - cheapest <= bar {
                // Not even a move to the cheapest hole would beat the bar.
                continue;
            }
            let room = self.room(seat, o);
            let steps = Hole::from_index_unchecked(o).neighbours() & !occ & room & end_ok;
            let mut low = i32::MAX;
            for t in steps.iter() {
                low = low.min(value[t as usize]);
            }
            let chains = match self.jumps {
                Jumps::Short if room == VALID => {
                    low = low.min(reach.lowest_chain_end(o, seat, end_ok, by_value));
                    Bits::EMPTY
                }
                Jumps::Short => reach.maps.closure(o, room),
                Jumps::Long => long_closure(occ, o, room),
            };
            low = low.min(lowest(chains & end_ok, by_value));
            if low != i32::MAX {
                bar = found(before - low);
            }
        }
    }

    /// Number of legal moves of `seat` (distinct origin and destination).
    ///
    /// Counted without listing them: steps direction by direction over all marbles at once,
    /// and jumps component by component (a component of `c` holes reached by `k` marbles
    /// adds `k · c` moves), so no per-marble loop is needed in the common case.
    pub fn count_moves(&self, board: &Board, seat: usize) -> u64 {
        let occ = board.occupied();
        let info = &self.seats[seat];
        let own = board.marbles(seat);
        let (free, locked) = if self.goal_lock {
            (own & !info.goal, own & info.goal)
        } else {
            (own, Bits::EMPTY)
        };
        let empty = VALID & !occ;
        let mut n = count_steps(free, empty & info.end_ok) as u64;
        match self.jumps {
            Jumps::Short => {
                let maps = JumpMaps::new(occ);
                let mut landings = JumpMaps::expand(&maps.src, free & maps.any);
                while let Some(x) = landings.first() {
                    let comp = component_walk(&maps.src, x);
                    let from = free & maps.reverse(comp);
                    n += from.count() as u64 * (comp & info.end_ok).count() as u64;
                    landings &= !comp;
                }
                for o in locked.iter() {
                    n += (maps.closure(o, info.goal) & info.end_ok).count() as u64;
                }
            }
            Jumps::Long => {
                for o in free.iter() {
                    n += (long_closure(occ, o, VALID) & info.end_ok).count() as u64;
                }
                for o in locked.iter() {
                    n += (long_closure(occ, o, info.goal) & info.end_ok).count() as u64;
                }
            }
        }
        if !locked.is_empty() {
            n += count_steps(locked, empty & info.goal) as u64;
        }
        n
    }

    /// Whether `seat` has any legal move.
    pub fn has_move(&self, board: &Board, seat: usize) -> bool {
        let occ = board.occupied();
        let mut reach = Reach::new(occ);
        board
            .marbles(seat)
            .iter()
            .any(|o| !self.dests_with(&mut reach, occ, seat, o).is_empty())
    }

    /// One shortest path for a legal move: `[from, to]` for a step, the landings of a jump
    /// chain otherwise. `None` if the move is not legal.
    pub fn path(&self, board: &Board, seat: usize, from: Hole, to: Hole) -> Option<Vec<Hole>> {
        if !board.marbles(seat).has(from.index())
            || !self.destinations(board, seat, from).has(to.index())
        {
            return None;
        }
        if from.neighbours().has(to.index()) {
            return Some(vec![from, to]);
        }
        let room = self.room(seat, from.index());
        let path = match self.jumps {
            Jumps::Short => {
                JumpMaps::new(board.occupied()).shortest_path(from.index(), to.index(), room)
            }
            Jumps::Long => long_path(board.occupied(), from.index(), to.index(), room),
        };
        path.map(|p| p.into_iter().map(Hole::from_index_unchecked).collect())
    }

    /// Checks a path written by a player, hop by hop, and returns the move's
    /// (origin, destination). Any valid path is accepted, not only the shortest.
    pub fn check_path(
        &self,
        board: &Board,
        seat: usize,
        path: &[Hole],
    ) -> Result<(Hole, Hole), PathError> {
        let (&from, &to) = match (path.first(), path.last()) {
            (Some(f), Some(t)) if path.len() >= 2 => (f, t),
            _ => return Err(PathError::TooShort),
        };
        if !board.occupied().has(from.index()) {
            return Err(PathError::NoMarble(from));
        }
        if !board.marbles(seat).has(from.index()) {
            return Err(PathError::NotYours(from));
        }
        let room = self.room(seat, from.index());
        let mut occ = board.occupied();
        occ.clear(from.index());
        let mut landed = Bits::bit(from.index());
        let is_step = path.len() == 2 && from.neighbours().has(to.index());
        for pair in path.windows(2) {
            let (a, b) = (pair[0], pair[1]);
            if occ.has(b.index()) || landed.has(b.index()) {
                return Err(if landed.has(b.index()) {
                    PathError::Revisits(b)
                } else {
                    PathError::Occupied(b)
                });
            }
            if !is_step && !self.is_jump(occ, a, b) {
                return Err(PathError::NotAJump(a, b));
            }
            if !room.has(b.index()) {
                return Err(PathError::LeavesGoal(b));
            }
            landed.set(b.index());
        }
        if !self.seats[seat].end_ok.has(to.index()) {
            return Err(PathError::EndsInOtherPoint(to));
        }
        debug_assert!(self.destinations(board, seat, from).has(to.index()));
        Ok((from, to))
    }

    /// Whether the marble on `a` can jump to `b` given the other marbles `occ`.
    fn is_jump(&self, occ: Bits, a: Hole, b: Hole) -> bool {
        let (aq, ar) = a.axial();
        let (bq, br) = b.axial();
        for d in Dir::ALL {
            let (dq, dr) = d.delta();
            let (dq, dr) = (dq as i32, dr as i32);
            // b = a + 2k·d for some k ≥ 1.
            let (tq, tr) = (bq - aq, br - ar);
            let k2 = if dq != 0 { tq / dq } else { tr / dr };
            if k2 < 2 || k2 % 2 != 0 || tq != k2 * dq || tr != k2 * dr {
                continue;
            }
            let k = k2 / 2;
            if k > 1 && self.jumps == Jumps::Short {
                return false;
            }
            // Exactly one marble, at the middle; everything else between is empty.
            return (1..k2).all(|i| {
                let h = Hole::from_axial(aq + i * dq, ar + i * dr).expect("between two holes");
                occ.has(h.index()) == (i == k)
            });
        }
        false
    }
}

/// Why a written path is not a legal move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PathError {
    /// Fewer than two holes.
    TooShort,
    /// No marble on the first hole.
    NoMarble(Hole),
    /// The marble belongs to another player.
    NotYours(Hole),
    /// A landing hole is taken.
    Occupied(Hole),
    /// The chain lands on a hole it has already been on.
    Revisits(Hole),
    /// A hop that is neither a step nor a jump.
    NotAJump(Hole, Hole),
    /// The goal lock keeps this marble inside its goal.
    LeavesGoal(Hole),
    /// The move ends in a point that is neither the mover's start nor goal.
    EndsInOtherPoint(Hole),
}

impl std::fmt::Display for PathError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PathError::TooShort => write!(f, "a move needs at least two holes"),
            PathError::NoMarble(h) => write!(f, "there is no marble on {h}"),
            PathError::NotYours(h) => write!(f, "the marble on {h} is not yours"),
            PathError::Occupied(h) => write!(f, "{h} is not empty"),
            PathError::Revisits(h) => write!(f, "the chain lands on {h} twice"),
            PathError::NotAJump(a, b) => write!(f, "{a}-{b} is neither a step nor a jump"),
            PathError::LeavesGoal(h) => {
                write!(f, "a marble in its goal must stay there ({h} is outside)")
            }
            PathError::EndsInOtherPoint(h) => {
                write!(f, "a move may not end in another player's point ({h})")
            }
        }
    }
}

impl std::error::Error for PathError {}

/// The moves of one seat: each origin with its set of destinations.
#[derive(Clone, Copy)]
pub struct MoveList {
    from: [u8; MAX_MARBLES],
    dests: [Bits; MAX_MARBLES],
    len: usize,
}

impl Default for MoveList {
    fn default() -> Self {
        MoveList {
            from: [0; MAX_MARBLES],
            dests: [Bits::EMPTY; MAX_MARBLES],
            len: 0,
        }
    }
}

impl MoveList {
    /// (origin, destinations) for each marble that can move.
    pub fn iter(&self) -> impl Iterator<Item = (Hole, Bits)> + '_ {
        (0..self.len).map(|i| (Hole::from_index_unchecked(self.from[i]), self.dests[i]))
    }

    /// Every (origin, destination) pair.
    pub fn pairs(&self) -> impl Iterator<Item = (Hole, Hole)> + '_ {
        self.iter()
            .flat_map(|(f, d)| d.iter().map(move |t| (f, Hole::from_index_unchecked(t))))
    }

    /// Number of moves.
    pub fn count(&self) -> usize {
        self.dests[..self.len]
            .iter()
            .map(|d| d.count() as usize)
            .sum()
    }

    /// Whether there is no move.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

/// Per direction, the holes a marble could jump from in the current position.
pub(crate) struct JumpMaps {
    src: [Bits; 6],
    any: Bits,
}

impl JumpMaps {
    #[inline(always)]
    pub(crate) fn new(occ: Bits) -> JumpMaps {
        let ev = VALID & !occ;
        // Source h jumps in direction d when h+d is taken and h+2d is an empty hole.
        let src = [
            occ.shift::<-1>() & ev.shift::<-2>(),
            occ.shift::<-14>() & ev.shift::<-28>(),
            occ.shift::<-13>() & ev.shift::<-26>(),
            occ.shift::<1>() & ev.shift::<2>(),
            occ.shift::<14>() & ev.shift::<28>(),
            occ.shift::<13>() & ev.shift::<26>(),
        ];
        let any = src[0] | src[1] | src[2] | src[3] | src[4] | src[5];
        JumpMaps { src, any }
    }

    #[inline(always)]
    fn expand(s: &[Bits; 6], f: Bits) -> Bits {
        (f & s[0]).shift::<2>()
            | (f & s[1]).shift::<28>()
            | (f & s[2]).shift::<26>()
            | (f & s[3]).shift::<-2>()
            | (f & s[4]).shift::<-28>()
            | (f & s[5]).shift::<-26>()
    }

    /// Holes from which one jump lands in `to`.
    #[inline(always)]
    fn reverse(&self, to: Bits) -> Bits {
        let s = &self.src;
        (s[0] & to.shift::<-2>())
            | (s[1] & to.shift::<-28>())
            | (s[2] & to.shift::<-26>())
            | (s[3] & to.shift::<2>())
            | (s[4] & to.shift::<28>())
            | (s[5] & to.shift::<26>())
    }

    /// Every hole the marble on `o` can end a jump chain on, landing only inside `room`.
    #[inline(always)]
    fn closure(&self, o: u8, room: Bits) -> Bits {
        if !self.any.has(o) {
            return Bits::EMPTY;
        }
        let s = &self.src;
        let start = Bits::bit(o);
        let mut seen = start;
        let mut frontier = start;
        loop {
            let next = Self::expand(s, frontier) & room & !seen;
            if next.is_empty() {
                return seen ^ start;
            }
            seen |= next;
            frontier = next;
        }
    }

    /// Landings of one shortest chain from `o` to `t`, both ends included.
    fn shortest_path(&self, o: u8, t: u8, room: Bits) -> Option<Vec<u8>> {
        let s = &self.src;
        let mut layers = vec![Bits::bit(o)];
        let mut seen = Bits::bit(o);
        while !seen.has(t) {
            let next = Self::expand(s, *layers.last()?) & room & !seen;
            if next.is_empty() {
                return None;
            }
            seen |= next;
            layers.push(next);
        }
        let mut path = vec![t];
        let mut cur = t as i32;
        for layer in layers[..layers.len() - 1].iter().rev() {
            let prev = Dir::ALL.iter().enumerate().find_map(|(d, dir)| {
                let p = cur - 2 * dir.bit_delta();
                ((0..256).contains(&p) && layer.has(p as u8) && s[d].has(p as u8)).then_some(p)
            })?;
            path.push(prev as u8);
            cur = prev;
        }
        path.reverse();
        Some(path)
    }
}

/// Jump chains of one position, with the components of empty holes found so far.
pub(crate) struct Reach {
    maps: JumpMaps,
    comps: [Bits; 16],
    n: usize,
    covered: Bits,
    /// Per seat, the lowest value of a legal end in each component found so far (valid
    /// where the seat's bit in `lowest_known` is set).
    lowest: [[i32; 16]; 6],
    lowest_known: [u16; 6],
}

impl Reach {
    #[inline(always)]
    pub(crate) fn new(occ: Bits) -> Reach {
        Reach {
            maps: JumpMaps::new(occ),
            comps: [Bits::EMPTY; 16],
            n: 0,
            covered: Bits::EMPTY,
            lowest: [[0; 16]; 6],
            lowest_known: [0; 6],
        }
    }

    /// The lowest `value` over the holes in `end_ok` where a jump chain from `o` can end
    /// (`i32::MAX` when there is none), kept per component for `seat`.
    #[inline(always)]
    fn lowest_chain_end(
        &mut self,
        o: u8,
        seat: usize,
        end_ok: Bits,
        by_value: &[(i32, Bits)],
    ) -> i32 {
        let mut low = i32::MAX;
        self.for_each_landing(o, |reach, comp, index| {
            let here = match index {
                Some(i) if reach.lowest_known[seat] & (1 << i) != 0 => reach.lowest[seat][i],
                Some(i) => {
                    let v = lowest(comp & end_ok, by_value);
                    reach.lowest[seat][i] = v;
                    reach.lowest_known[seat] |= 1 << i;
                    v
                }
                None => lowest(comp & end_ok, by_value),
            };
            low = low.min(here);
        });
        low
    }

    /// Every end of a jump chain from `o`, landing anywhere.
    #[inline(always)]
    fn chains(&mut self, o: u8) -> Bits {
        let mut out = Bits::EMPTY;
        self.for_each_landing(o, |_, comp, _| out |= comp);
        out
    }

    /// Calls `f` once for each component a first jump from `o` lands in, with its place
    /// among the kept components (`None` once they are full).
    #[inline(always)]
    fn for_each_landing(&mut self, o: u8, mut f: impl FnMut(&mut Self, Bits, Option<usize>)) {
        if !self.maps.any.has(o) {
            return;
        }
        let mut dirs = jump_dirs(&self.maps.src, o);
        let mut seen = Bits::EMPTY;
        while dirs != 0 {
            let d = dirs.trailing_zeros() as usize;
            dirs &= dirs - 1;
            let land = (o as i32 + 2 * Dir::ALL[d].bit_delta()) as u8;
            if !seen.has(land) {
                let (comp, index) = self.component_at(land);
                seen |= comp;
                f(self, comp, index);
            }
        }
    }

    /// The component of empty holes joined by jumps that contains the empty hole `x`,
    /// with its place among the kept components (`None` once they are full).
    #[inline(always)]
    fn component_at(&mut self, x: u8) -> (Bits, Option<usize>) {
        if self.covered.has(x)
            && let Some(i) = self.comps[..self.n].iter().position(|c| c.has(x))
        {
            return (self.comps[i], Some(i));
        }
        let seen = component(&self.maps.src, x);
        if self.n < self.comps.len() {
            self.comps[self.n] = seen;
            self.n += 1;
            self.covered |= seen;
            return (seen, Some(self.n - 1));
        }
        (seen, None)
    }
}

/// The lowest value of a hole in `holes` (`i32::MAX` for none), given the holes by value.
#[inline(always)]
fn lowest(holes: Bits, by_value: &[(i32, Bits)]) -> i32 {
    if holes.is_empty() {
        return i32::MAX;
    }
    by_value
        .iter()
        .find(|(_, layer)| !(holes & *layer).is_empty())
        .map_or(i32::MAX, |&(v, _)| v)
}

/// Expands `$m!(i, k)` for each of the six directions: `i` indexes the per-direction tables
/// ([`Dir::ALL`] order), `k` is how far a hole's padded index moves one step that way, for
/// the bitboard shifts (`shift::<{ -k }>()` brings each hole's neighbour onto it).
macro_rules! each_direction {
    ($m:ident) => {
        $m!(0, 1);
        $m!(1, 14);
        $m!(2, 13);
        $m!(3, -1);
        $m!(4, -14);
        $m!(5, -13);
    };
}
pub(crate) use each_direction;

/// Single jumps the marbles `own` could make now, in direction `Dir::ALL[d]` from the holes
/// `from[d]` only: (over any marble, over one of `own`).
#[inline]
pub(crate) fn jumps_ready(occ: Bits, own: Bits, from: &[Bits; 6]) -> (u32, u32) {
    let empty = VALID & !occ;
    let (mut any, mut mine) = (0, 0);
    macro_rules! dir {
        ($i:expr, $k:expr) => {
            // Marbles with their neighbour's hole taken and the hole beyond it empty.
            let ready = own & from[$i] & empty.shift::<{ -2 * $k }>();
            if !ready.is_empty() {
                any += (ready & occ.shift::<{ -$k }>()).count();
                mine += (ready & own.shift::<{ -$k }>()).count();
            }
        };
    }
    each_direction!(dir);
    (any, mine)
}

/// The component of empty holes joined by jumps that contains the empty hole `x`.
#[inline(always)]
fn component(src: &[Bits; 6], x: u8) -> Bits {
    components(src, Bits::bit(x))
}

/// Every hole joined by jumps between empty holes to one of the empty holes `holes`, those
/// included: the union of their components.
#[inline(always)]
fn components(src: &[Bits; 6], holes: Bits) -> Bits {
    // Layer by layer over whole boards: on the search's crowded boards faster than walking
    // hole by hole (`component_walk`), whose branches the processor cannot predict.
    let mut seen = holes;
    let mut frontier = seen;
    loop {
        let next = JumpMaps::expand(src, frontier) & !seen;
        if next.is_empty() {
            return seen;
        }
        seen |= next;
        frontier = next;
    }
}

/// [`component`] found hole by hole: faster where components are small and few, as in
/// counting the moves of two-player positions (perft), slower at the AI's crowded boards.
#[inline(always)]
fn component_walk(src: &[Bits; 6], x: u8) -> Bits {
    let mut seen = Bits::bit(x);
    let mut stack = [0u8; 128];
    stack[0] = x;
    let mut n = 1;
    while n > 0 {
        n -= 1;
        let h = stack[n];
        let mut dirs = jump_dirs(src, h);
        while dirs != 0 {
            let d = dirs.trailing_zeros() as usize;
            dirs &= dirs - 1;
            let l = (h as i32 + 2 * Dir::ALL[d].bit_delta()) as u8;
            if !seen.has(l) {
                seen.set(l);
                stack[n] = l;
                n += 1;
            }
        }
    }
    seen
}

/// The directions the marble on `h` can jump in, as six bits.
#[inline(always)]
fn jump_dirs(src: &[Bits; 6], h: u8) -> u32 {
    let (w, b) = ((h >> 6) as usize, h & 63);
    let mut dirs = 0u32;
    for (d, s) in src.iter().enumerate() {
        dirs |= (((s.0[w] >> b) & 1) as u32) << d;
    }
    dirs
}

/// Number of (marble, neighbouring target) pairs: all steps of `marbles` into `targets`.
#[inline(always)]
fn count_steps(marbles: Bits, targets: Bits) -> u32 {
    (marbles.shift::<1>() & targets).count()
        + (marbles.shift::<14>() & targets).count()
        + (marbles.shift::<13>() & targets).count()
        + (marbles.shift::<-1>() & targets).count()
        + (marbles.shift::<-14>() & targets).count()
        + (marbles.shift::<-13>() & targets).count()
}

/// Holes along each direction from each hole, nearest first (for long jumps).
static RAYS: LazyLock<Vec<[Vec<u8>; 6]>> = LazyLock::new(|| {
    (0..256u16)
        .map(|i| {
            std::array::from_fn(|d| {
                let mut ray = Vec::new();
                if let Some(mut h) = Hole::from_index(i as u8) {
                    while let Some(n) = h.neighbour(Dir::ALL[d]) {
                        ray.push(n.index());
                        h = n;
                    }
                }
                ray
            })
        })
        .collect()
});

/// Landing of a long jump from `h` in direction `d`, if there is one.
#[inline]
fn long_landing(occ: Bits, h: u8, d: usize) -> Option<u8> {
    let ray = &RAYS[h as usize][d];
    let k = ray.iter().position(|&x| occ.has(x))?; // marble at distance k+1
    let land = *ray.get(2 * k + 1)?;
    ray[k + 1..=2 * k + 1]
        .iter()
        .all(|&x| !occ.has(x))
        .then_some(land)
}

fn long_closure(occ: Bits, o: u8, room: Bits) -> Bits {
    let mut occ = occ;
    occ.clear(o);
    let mut seen = Bits::bit(o);
    let mut stack = [0u8; 128];
    stack[0] = o;
    let mut n = 1;
    while n > 0 {
        n -= 1;
        let h = stack[n];
        for d in 0..6 {
            if let Some(l) = long_landing(occ, h, d)
                && room.has(l)
                && !seen.has(l)
            {
                seen.set(l);
                stack[n] = l;
                n += 1;
            }
        }
    }
    seen.clear(o);
    seen
}

fn long_path(occ: Bits, o: u8, t: u8, room: Bits) -> Option<Vec<u8>> {
    let mut occ = occ;
    occ.clear(o);
    let mut parent = [u8::MAX; 256];
    let mut queue = std::collections::VecDeque::from([o]);
    parent[o as usize] = o;
    while let Some(h) = queue.pop_front() {
        if h == t {
            let mut path = vec![t];
            let mut c = t;
            while c != o {
                c = parent[c as usize];
                path.push(c);
            }
            path.reverse();
            return Some(path);
        }
        for d in 0..6 {
            if let Some(l) = long_landing(occ, h, d)
                && room.has(l)
                && parent[l as usize] == u8::MAX
            {
                parent[l as usize] = h;
                queue.push_back(l);
            }
        }
    }
    None
}

/// Counts move sequences of length `depth` from `board`, seats moving in turn from `seat`.
/// The last ply is counted without being played.
pub fn perft(layout: &Layout, board: &mut Board, seat: usize, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if depth == 1 {
        return layout.count_moves(board, seat);
    }
    let next = (seat + 1) % layout.players();
    let list = layout.moves(board, seat);
    let mut total = 0;
    for (from, dests) in list.iter() {
        for t in dests.iter() {
            let to = Hole::from_index_unchecked(t);
            board.shift(seat, from, to);
            total += perft(layout, board, next, depth - 1);
            board.shift(seat, to, from);
        }
    }
    total
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::parse_hole;
    use crate::rules::{RuleSet, Setup};
    use crate::zobrist;

    fn h(s: &str) -> Hole {
        parse_hole(s).unwrap()
    }

    fn layout(players: u8, marbles: u8, rules: &RuleSet) -> Layout {
        Layout::new(Setup::new(players, marbles, false).unwrap(), rules)
    }

    /// A scalar reference generator: depth-first search of jump chains one hole at a time.
    fn reference_dests(layout: &Layout, board: &Board, seat: usize, from: Hole) -> Bits {
        let room = layout.room(seat, from.index());
        let mut occ = board.occupied();
        occ.clear(from.index());
        let mut out = from.neighbours() & !occ & room;
        let mut seen = Bits::bit(from.index());
        let mut stack = vec![from];
        while let Some(a) = stack.pop() {
            for d in Dir::ALL {
                let Some(mid) = a.neighbour(d) else { continue };
                let Some(land) = mid.neighbour(d) else {
                    continue;
                };
                if occ.has(mid.index())
                    && !occ.has(land.index())
                    && room.has(land.index())
                    && !seen.has(land.index())
                {
                    seen.set(land.index());
                    out.set(land.index());
                    stack.push(land);
                }
            }
        }
        out & layout.seats[seat].end_ok
    }

    #[test]
    fn bit_parallel_jumps_match_a_scalar_search_on_random_boards() {
        let rules = RuleSet::default();
        let l = layout(6, 10, &rules);
        let mut seed = 0x1234_5678u64;
        for _ in 0..300 {
            let mut b = Board::empty();
            for hole in Hole::all() {
                seed = zobrist::splitmix(seed);
                if seed % 100 < 40 {
                    b.put((seed >> 32) as usize % 6, hole);
                }
            }
            for seat in 0..6 {
                for o in b.marbles(seat).iter() {
                    let o = Hole::from_index(o).unwrap();
                    let got = l.destinations(&b, seat, o);
                    assert_eq!(got, reference_dests(&l, &b, seat, o));
                    for t in got.iter() {
                        let t = Hole::from_index(t).unwrap();
                        let path = l.path(&b, seat, o, t).expect("a path to every destination");
                        assert_eq!(l.check_path(&b, seat, &path), Ok((o, t)), "{path:?}");
                    }
                }
            }
        }
    }

    /// The two ways of finding a component of empty holes (layer by layer for the search,
    /// hole by hole for counting moves) agree on random boards of every density.
    #[test]
    fn components_found_by_layers_and_by_walking_agree() {
        let mut seed = 0x9e37_79b9u64;
        for round in 0..200 {
            let mut occ = Bits::EMPTY;
            for hole in Hole::all() {
                seed = zobrist::splitmix(seed);
                if seed % 100 < 10 + round % 70 {
                    occ.set(hole.index());
                }
            }
            let maps = JumpMaps::new(occ);
            for x in (VALID & !occ).iter() {
                assert_eq!(component(&maps.src, x), component_walk(&maps.src, x));
            }
        }
    }

    #[test]
    fn perft_matches_the_design_table() {
        let rules = RuleSet::default();
        for (players, marbles, want) in [
            (2, 10, [14u64, 196, 4760]),
            (3, 10, [14, 196, 2744]),
            (4, 10, [14, 199, 2786]),
            (6, 10, [14, 199, 2828]),
            (2, 15, [22, 484, 15752]),
        ] {
            let l = layout(players, marbles, &rules);
            let mut b = Board::start(&l);
            for (d, w) in want.iter().enumerate() {
                assert_eq!(
                    perft(&l, &mut b, 0, d as u32 + 1),
                    *w,
                    "{players}p {marbles}m d{}",
                    d + 1
                );
            }
            assert_eq!(b, Board::start(&l), "perft leaves the board as it found it");
        }
    }

    #[test]
    fn a_jump_over_the_moving_marbles_own_start_is_impossible() {
        // White on i9 with a marble on i10: it can jump to i11 but never back over i9.
        let l = layout(2, 10, &RuleSet::default());
        let mut b = Board::empty();
        b.put(0, h("i9"));
        b.put(1, h("i10"));
        b.put(1, h("h11"));
        let d = l.destinations(&b, 0, h("i9"));
        assert!(d.has(h("i11").index()));
        // From i11 over h11? h11 is NW of i11? Whatever the geometry, i9 itself is never a
        // destination and nothing lands beyond the vacated i9.
        assert!(!d.has(h("i9").index()));
        assert!(!d.has(h("i7").index()));
    }
}
