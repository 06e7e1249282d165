//! A seedable operand stream and the EXEC patterns, shared by the 32-lane kernel tests
//! here and the FP instruction tests of warpkit-sim (which include this file by path).
#![allow(dead_code)]

/// xorshift64*: a fixed, seedable stream, so a failing case can be replayed.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
    pub fn bit(&mut self) -> bool {
        self.next() >> 63 != 0
    }
}

/// EXEC: full, empty, one random lane, lane 31 alone, alternating both ways, random.
pub fn exec_patterns(rng: &mut Rng) -> [u32; 7] {
    [
        u32::MAX,
        0,
        1 << rng.below(32),
        1 << 31,
        0x5555_5555,
        0xaaaa_aaaa,
        rng.next() as u32,
    ]
}
