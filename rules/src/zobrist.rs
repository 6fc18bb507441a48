//! Zobrist keys: fixed pseudo-random numbers per (seat, hole) and per side to move, made at
//! compile time from a constant seed so hashes are the same on every run and machine.

/// One step of the splitmix64 generator.
pub const fn splitmix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

const fn build() -> [[u64; 256]; 7] {
    let mut t = [[0u64; 256]; 7];
    let mut x = 0x5EED_5EED_u64;
    let mut s = 0;
    while s < 7 {
        let mut i = 0;
        while i < 256 {
            x = splitmix(x);
            t[s][i] = x;
            i += 1;
        }
        s += 1;
    }
    t
}

static KEYS: [[u64; 256]; 7] = build();

/// Key of a marble of `seat` on the hole with padded index `hole`.
#[inline(always)]
pub fn marble(seat: usize, hole: u8) -> u64 {
    KEYS[seat][hole as usize]
}

/// Key for `seat` being the side to move.
#[inline(always)]
pub fn to_move(seat: usize) -> u64 {
    KEYS[6][seat]
}

/// The hash of a position computed from scratch, key by key: each seat's marbles (`marbles`
/// is indexed by seat) and, if given, the side to move. [`Board`](crate::Board) keeps the
/// marbles' part up to date move by move and [`Game::hash`](crate::Game::hash) adds the side
/// to move; this slow, obviously right version is what the soak test checks them against.
pub fn from_scratch(marbles: &[crate::Bits], to_move: Option<usize>) -> u64 {
    let mut hash = to_move.map_or(0, self::to_move);
    for (seat, own) in marbles.iter().enumerate() {
        for hole in own.iter() {
            hash ^= marble(seat, hole);
        }
    }
    hash
}
