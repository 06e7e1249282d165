//! The generator's random numbers: PCG (`rand_pcg::Pcg64Mcg`, a small, fast, well-tested
//! generator from the rust-random project), seeded from the run's seed and the program's
//! index, so program `i` of seed `s` is the same bytes whichever other programs are made
//! with it (a Slurm array task can generate its slice alone).

use rand_core::{Rng as _, SeedableRng};
use rand_pcg::Pcg64Mcg;

/// SplitMix64 finaliser: spreads nearby seeds (0, 1, 2 ...) over the whole state space.
fn mix64(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

pub struct Rng(Pcg64Mcg);

impl Rng {
    /// The generator of program `index` of run `seed`.
    pub fn new(seed: u64, index: u64) -> Rng {
        let mut s = [0u8; 16];
        s[..8].copy_from_slice(&mix64(seed).to_le_bytes());
        s[8..].copy_from_slice(&mix64(index ^ 0x5851_f42d_4c95_7f2d).to_le_bytes());
        Rng(Pcg64Mcg::from_seed(s))
    }

    #[inline]
    pub fn u64(&mut self) -> u64 {
        self.0.next_u64()
    }

    #[inline]
    pub fn u32(&mut self) -> u32 {
        (self.0.next_u64() >> 32) as u32
    }

    /// Uniform in `0..n` (Lemire's multiply-shift; the bias, below n / 2^64, is irrelevant
    /// for test generation). `n == 0` gives 0.
    #[inline]
    pub fn below(&mut self, n: u64) -> u64 {
        ((self.u64() as u128 * n as u128) >> 64) as u64
    }

    /// Uniform in `lo..=hi`.
    #[inline]
    pub fn range(&mut self, lo: u64, hi: u64) -> u64 {
        lo + self.below(hi - lo + 1)
    }

    /// True with probability `num / den`.
    #[inline]
    pub fn chance(&mut self, num: u64, den: u64) -> bool {
        self.below(den) < num
    }

    #[inline]
    pub fn pick<'a, T>(&mut self, xs: &'a [T]) -> &'a T {
        &xs[self.below(xs.len() as u64) as usize]
    }

    /// An index drawn with the given weights (all zero: index 0).
    pub fn weighted(&mut self, w: &[u32]) -> usize {
        let total: u64 = w.iter().map(|&x| x as u64).sum();
        if total == 0 {
            return 0;
        }
        let mut r = self.u64() % total;
        for (i, &x) in w.iter().enumerate() {
            if r < x as u64 {
                return i;
            }
            r -= x as u64;
        }
        w.len() - 1
    }
}
