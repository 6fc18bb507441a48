//! A 256-bit set of holes laid out so that every board direction is a constant shift.
//!
//! Hole (q, r) in axial coordinates sits at bit `14 * (r + 8) + q` (bits 4..=220). With rows
//! 14 bits apart, a step or a jump that leaves the star never lands on the bit of another hole
//! (checked by a test in `board`), so jump generation can move whole sets of holes at once.

use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

/// A set of holes (bit `i` is the hole whose padded index is `i`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, Debug)]
pub struct Bits(pub [u64; 4]);

impl Bits {
    /// The empty set.
    pub const EMPTY: Bits = Bits([0; 4]);

    /// The set holding only bit `i`.
    #[inline(always)]
    pub const fn bit(i: u8) -> Bits {
        let mut w = [0u64; 4];
        w[(i >> 6) as usize] = 1u64 << (i & 63);
        Bits(w)
    }

    /// Whether bit `i` is set.
    #[inline(always)]
    pub const fn has(self, i: u8) -> bool {
        (self.0[(i >> 6) as usize] >> (i & 63)) & 1 != 0
    }

    /// Sets bit `i`.
    #[inline(always)]
    pub fn set(&mut self, i: u8) {
        self.0[(i >> 6) as usize] |= 1u64 << (i & 63);
    }

    /// Clears bit `i`.
    #[inline(always)]
    pub fn clear(&mut self, i: u8) {
        self.0[(i >> 6) as usize] &= !(1u64 << (i & 63));
    }

    /// Flips bit `i`.
    #[inline(always)]
    pub fn toggle(&mut self, i: u8) {
        self.0[(i >> 6) as usize] ^= 1u64 << (i & 63);
    }

    /// Whether no bit is set.
    #[inline(always)]
    pub const fn is_empty(self) -> bool {
        (self.0[0] | self.0[1] | self.0[2] | self.0[3]) == 0
    }

    /// Number of set bits.
    #[inline(always)]
    pub const fn count(self) -> u32 {
        self.0[0].count_ones()
            + self.0[1].count_ones()
            + self.0[2].count_ones()
            + self.0[3].count_ones()
    }

    /// Index of the lowest set bit, if any.
    #[inline(always)]
    pub fn first(self) -> Option<u8> {
        for (w, word) in self.0.iter().enumerate() {
            if *word != 0 {
                return Some((w as u32 * 64 + word.trailing_zeros()) as u8);
            }
        }
        None
    }

    /// Removes and returns the lowest set bit.
    #[inline(always)]
    pub fn pop(&mut self) -> Option<u8> {
        for w in 0..4 {
            let word = self.0[w];
            if word != 0 {
                self.0[w] = word & (word - 1);
                return Some((w as u32 * 64 + word.trailing_zeros()) as u8);
            }
        }
        None
    }

    /// Iterates the set bits, lowest first.
    #[inline]
    pub fn iter(self) -> BitsIter {
        BitsIter {
            words: self.0,
            w: 0,
        }
    }

    /// Shifts every bit by `S` places (towards higher indices when positive); bits pushed
    /// past either end vanish. `S` must lie in -63..=63.
    #[inline(always)]
    pub fn shift<const S: i32>(self) -> Bits {
        let a = self.0;
        if S > 0 {
            let k = S as u32;
            let j = 64 - k;
            Bits([
                a[0] << k,
                (a[1] << k) | (a[0] >> j),
                (a[2] << k) | (a[1] >> j),
                (a[3] << k) | (a[2] >> j),
            ])
        } else if S < 0 {
            let k = (-S) as u32;
            let j = 64 - k;
            Bits([
                (a[0] >> k) | (a[1] << j),
                (a[1] >> k) | (a[2] << j),
                (a[2] >> k) | (a[3] << j),
                a[3] >> k,
            ])
        } else {
            self
        }
    }
}

/// Iterator over the set bits of a [`Bits`].
pub struct BitsIter {
    words: [u64; 4],
    /// The word being emptied: the ones before it are done.
    w: usize,
}

impl Iterator for BitsIter {
    type Item = u8;
    #[inline(always)]
    fn next(&mut self) -> Option<u8> {
        while self.w < 4 {
            let word = self.words[self.w];
            if word != 0 {
                self.words[self.w] = word & (word - 1);
                return Some((self.w as u32 * 64 + word.trailing_zeros()) as u8);
            }
            self.w += 1;
        }
        None
    }
}

macro_rules! bitop {
    ($tr:ident, $f:ident, $tra:ident, $fa:ident, $op:tt) => {
        impl $tr for Bits {
            type Output = Bits;
            #[inline(always)]
            fn $f(self, o: Bits) -> Bits {
                Bits([
                    self.0[0] $op o.0[0],
                    self.0[1] $op o.0[1],
                    self.0[2] $op o.0[2],
                    self.0[3] $op o.0[3],
                ])
            }
        }
        impl $tra for Bits {
            #[inline(always)]
            fn $fa(&mut self, o: Bits) {
                *self = *self $op o;
            }
        }
    };
}
bitop!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
bitop!(BitOr, bitor, BitOrAssign, bitor_assign, |);
bitop!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Not for Bits {
    type Output = Bits;
    #[inline(always)]
    fn not(self) -> Bits {
        Bits([!self.0[0], !self.0[1], !self.0[2], !self.0[3]])
    }
}

impl FromIterator<u8> for Bits {
    fn from_iter<I: IntoIterator<Item = u8>>(iter: I) -> Bits {
        let mut b = Bits::EMPTY;
        for i in iter {
            b.set(i);
        }
        b
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shifts_cross_word_boundaries_and_drop_overflow() {
        let b = Bits::bit(63) | Bits::bit(200) | Bits::bit(2);
        assert_eq!(
            b.shift::<1>(),
            Bits::bit(64) | Bits::bit(201) | Bits::bit(3)
        );
        assert_eq!(b.shift::<-3>(), Bits::bit(60) | Bits::bit(197));
        assert_eq!(Bits::bit(250).shift::<28>(), Bits::EMPTY);
        assert_eq!(Bits::bit(127).shift::<28>(), Bits::bit(155));
        assert_eq!(Bits::bit(130).shift::<-28>(), Bits::bit(102));
    }

    #[test]
    fn pop_and_count_agree() {
        let b: Bits = [4u8, 63, 64, 128, 220].into_iter().collect();
        assert_eq!(b.count(), 5);
        assert_eq!(b.iter().collect::<Vec<_>>(), vec![4, 63, 64, 128, 220]);
        assert_eq!(b.first(), Some(4));
        assert!(!b.is_empty());
        assert!(Bits::EMPTY.is_empty());
    }
}
