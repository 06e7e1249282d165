//! Unit tests: exact-bit tests of every public function (expected values worked out by hand
//! from the IEEE definitions), and, with the `softfloat-crosscheck` feature, random
//! cross-checks against Berkeley SoftFloat linked in as C. The independent oracles that run by
//! default are in `tests/oracle.rs` (SoftFloat vectors) and `tests/exhaustive.rs`.

use super::*;
use crate::flags::*;
#[cfg(feature = "softfloat-crosscheck")]
mod crosscheck;

/// Deterministic xorshift64* generator.
pub(crate) struct XorShiftStar(u64);

impl XorShiftStar {
    pub fn new(seed: u64) -> Self {
        XorShiftStar(seed | 1)
    }
    pub fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    /// Edge-heavy binary32 operand.
    pub fn f32(&mut self) -> u32 {
        let sign = ((self.next() & 1) as u32) << 31;
        let r = self.below(16);
        let frac = self.next() as u32 & 0x7f_ffff;
        match r {
            0..=4 => self.next() as u32,
            5 => {
                const S: [u32; 14] = [
                    0,
                    1,
                    2,
                    0x7f_ffff,
                    0x80_0000,
                    0x80_0001,
                    0x7f7f_ffff,
                    0x7f7f_fffe,
                    0x3f80_0000,
                    0x7f80_0000,
                    0x7fc0_0000,
                    0x7f80_0001,
                    0x7fa0_0000,
                    0x3f7f_ffff,
                ];
                sign | S[self.below(S.len() as u64) as usize]
            }
            // Tiny and subnormal.
            6 => sign | ((self.below(4) as u32) << 23) | frac,
            // Huge.
            7 => sign | ((250 + self.below(5) as u32) << 23) | frac,
            // Few significant bits (exact products, halfway cases).
            8 => {
                let e = 100 + self.below(56) as u32;
                let keep = self.below(24) as u32;
                sign | (e << 23) | (frac & !((1u32 << keep) - 1) & 0x7f_ffff)
            }
            // Trailing ones / all ones mantissa.
            9 => {
                let e = 1 + self.below(253) as u32;
                let ones = self.below(24) as u32;
                sign | (e << 23) | (frac | ((1u32 << ones) - 1)) & 0x7f_ffff
            }
            // Small integers and simple fractions.
            10 => {
                let i = self.below(2000) as i32 - 1000;
                let x = i as f32 / [1.0f32, 2.0, 4.0, 8.0, 3.0, 10.0][self.below(6) as usize];
                x.to_bits()
            }
            // Around 1.0 / 0.5 / binade edges.
            11 => sign | (((126 + self.below(3) as u32) << 23) | frac),
            _ => sign | ((self.below(255) as u32) << 23) | frac,
        }
    }

    /// Edge-heavy binary16 operand.
    pub fn f16(&mut self) -> u16 {
        let sign = ((self.next() & 1) as u16) << 15;
        let frac = self.next() as u16 & 0x3ff;
        match self.below(10) {
            0..=4 => self.next() as u16,
            5 => {
                const S: [u16; 12] = [
                    0, 1, 0x3ff, 0x400, 0x7bff, 0x7bfe, 0x3c00, 0x7c00, 0x7e00, 0x7c01, 0x7d00,
                    0x3bff,
                ];
                sign | S[self.below(S.len() as u64) as usize]
            }
            6 => sign | ((self.below(3) as u16) << 10) | frac,
            7 => sign | ((28 + self.below(3) as u16) << 10) | frac,
            8 => {
                let keep = self.below(11) as u16;
                sign | ((self.below(31) as u16) << 10) | (frac & !((1u16 << keep) - 1) & 0x3ff)
            }
            _ => sign | ((self.below(31) as u16) << 10) | frac,
        }
    }
}

fn cases() -> usize {
    std::env::var("WARPKIT_FP_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(if cfg!(debug_assertions) {
            30_000
        } else {
            300_000
        })
}

// ------------------------------------------------------------------------------------------
// Exact-bit unit tests.
// ------------------------------------------------------------------------------------------

fn run32(f: impl Fn(&mut u8) -> u32) -> (u32, u8) {
    let mut fl = 0;
    let r = f(&mut fl);
    (r, fl)
}

const QNAN: u32 = 0x7fc0_0000;
const SNAN: u32 = 0x7f80_0001;
const INF: u32 = 0x7f80_0000;
const ONE: u32 = 0x3f80_0000;
const NEG: u32 = 0x8000_0000;

#[test]
fn rm_from_bits() {
    for (i, rm) in Rm::ALL.iter().enumerate() {
        assert_eq!(Rm::from_bits(i as u8), Some(*rm));
        assert_eq!(*rm as u8, i as u8);
    }
    for b in 5..=255u8 {
        assert_eq!(Rm::from_bits(b), None);
    }
}

#[test]
fn arith_corner_cases() {
    // Canonical NaN and NV.
    assert_eq!(run32(|f| f32_add(0x7fc1_2345, ONE, Rm::Rne, f)), (QNAN, 0));
    assert_eq!(run32(|f| f32_add(SNAN, ONE, Rm::Rne, f)), (QNAN, NV));
    assert_eq!(run32(|f| f32_add(INF, INF | NEG, Rm::Rne, f)), (QNAN, NV));
    assert_eq!(run32(|f| f32_mul(INF, 0, Rm::Rne, f)), (QNAN, NV));
    // fma(inf, 0, qNaN) raises NV (RISC-V).
    assert_eq!(run32(|f| f32_fma(INF, 0, QNAN, Rm::Rne, f)), (QNAN, NV));
    // Infinite operands.
    assert_eq!(run32(|f| f32_sub(INF, INF, Rm::Rne, f)), (QNAN, NV));
    assert_eq!(run32(|f| f32_sub(INF, INF | NEG, Rm::Rne, f)), (INF, 0));
    assert_eq!(
        run32(|f| f32_add(ONE, INF | NEG, Rm::Rup, f)),
        (INF | NEG, 0)
    );
    assert_eq!(
        run32(|f| f32_mul(INF | NEG, 0x4000_0000, Rm::Rtz, f)),
        (INF | NEG, 0)
    );
    assert_eq!(run32(|f| f32_mul(NEG, INF, Rm::Rne, f)), (QNAN, NV));
    assert_eq!(run32(|f| f32_mul(QNAN, 0, Rm::Rne, f)), (QNAN, 0));
    assert_eq!(
        run32(|f| f32_fma(INF, ONE | NEG, ONE, Rm::Rne, f)),
        (INF | NEG, 0)
    );
    assert_eq!(
        run32(|f| f32_fma(INF, ONE, INF | NEG, Rm::Rne, f)),
        (QNAN, NV)
    );
    assert_eq!(run32(|f| f32_fma(INF, ONE, INF, Rm::Rne, f)), (INF, 0));
    assert_eq!(
        run32(|f| f32_fma(0x7f7f_ffff, 0x7f7f_ffff, INF | NEG, Rm::Rne, f)),
        (INF | NEG, 0)
    );
    assert_eq!(run32(|f| f32_fma(ONE, ONE, SNAN, Rm::Rne, f)), (QNAN, NV));
    assert_eq!(run32(|f| f32_fma(QNAN, ONE, SNAN, Rm::Rne, f)), (QNAN, NV));
    assert_eq!(run32(|f| f32_fma(QNAN, INF, 0, Rm::Rne, f)), (QNAN, 0));
    assert_eq!(
        run32(|f| f32_fma(0, INF | NEG, ONE, Rm::Rne, f)),
        (QNAN, NV)
    );
    // Exact zero sums: +0 except in RDN.
    assert_eq!(run32(|f| f32_add(ONE, ONE | NEG, Rm::Rne, f)), (0, 0));
    assert_eq!(run32(|f| f32_add(ONE, ONE | NEG, Rm::Rdn, f)), (NEG, 0));
    assert_eq!(run32(|f| f32_add(NEG, NEG, Rm::Rne, f)), (NEG, 0));
    assert_eq!(run32(|f| f32_add(NEG, 0, Rm::Rup, f)), (0, 0));
    assert_eq!(run32(|f| f32_fma(NEG, ONE, 0, Rm::Rdn, f)), (NEG, 0));
    assert_eq!(run32(|f| f32_fma(NEG, ONE, NEG, Rm::Rne, f)), (NEG, 0));
    // Overflow in every mode.
    let max = 0x7f7f_ffff;
    assert_eq!(
        run32(|f| f32_mul(max, 0x4000_0000, Rm::Rne, f)),
        (INF, OF | NX)
    );
    assert_eq!(
        run32(|f| f32_mul(max, 0x4000_0000, Rm::Rtz, f)),
        (max, OF | NX)
    );
    assert_eq!(
        run32(|f| f32_mul(max, 0xc000_0000, Rm::Rup, f)),
        (max | NEG, OF | NX)
    );
    assert_eq!(
        run32(|f| f32_mul(max, 0xc000_0000, Rm::Rdn, f)),
        (INF | NEG, OF | NX)
    );
    // Rounding up to max (no overflow) and just past it.
    assert_eq!(run32(|f| f32_add(max, 1, Rm::Rup, f)), (INF, OF | NX));
    assert_eq!(run32(|f| f32_add(max, 1, Rm::Rne, f)), (max, NX));
    // Subnormal results: exact (no UF) and inexact (UF|NX).
    assert_eq!(
        run32(|f| f32_sub(0x0080_0001, 0x0080_0000, Rm::Rne, f)),
        (1, 0)
    );
    assert_eq!(
        run32(|f| f32_mul(0x0000_0003, 0x3f00_0000, Rm::Rne, f)),
        (2, UF | NX)
    );
    assert_eq!(
        run32(|f| f32_mul(0x0000_0001, 0x3f00_0000, Rm::Rne, f)),
        (0, UF | NX)
    );
    assert_eq!(
        run32(|f| f32_mul(0x0000_0001, 0x3f00_0000, Rm::Rup, f)),
        (1, UF | NX)
    );
    // Tininess after rounding: (2^-126 - 2^-149) * (1 + 2^-23) = 2^-126 - 2^-172 rounds to
    // 2^-126 with an unbounded exponent in RNE: not tiny, so no UF.
    assert_eq!(
        run32(|f| f32_mul(0x007f_ffff, 0x3f80_0001, Rm::Rne, f)),
        (0x0080_0000, NX)
    );
    // The same value rounds down in RTZ: tiny and inexact.
    assert_eq!(
        run32(|f| f32_mul(0x007f_ffff, 0x3f80_0001, Rm::Rtz, f)),
        (0x007f_ffff, UF | NX)
    );
    // Directed rounding of 1 + 2^-30.
    assert_eq!(
        run32(|f| f32_add(ONE, 0x3080_0000, Rm::Rup, f)),
        (0x3f80_0001, NX)
    );
    assert_eq!(run32(|f| f32_add(ONE, 0x3080_0000, Rm::Rne, f)), (ONE, NX));
    assert_eq!(
        run32(|f| f32_sub(ONE, 0x3080_0000, Rm::Rtz, f)),
        (0x3f7f_ffff, NX)
    );
    // Ties: 1 + 2^-24 (RNE -> 1, RMM -> 1+ulp).
    assert_eq!(run32(|f| f32_add(ONE, 0x3380_0000, Rm::Rne, f)), (ONE, NX));
    assert_eq!(
        run32(|f| f32_add(ONE, 0x3380_0000, Rm::Rmm, f)),
        (0x3f80_0001, NX)
    );
    // fma is fused: (1+2^-23)(1-2^-23) - 1 = -2^-46 exactly.
    assert_eq!(
        run32(|f| f32_fma(0x3f80_0001, 0x3f7f_fffe, ONE | NEG, Rm::Rne, f)),
        (0xa880_0000, 0)
    );
    // binary16.
    let mut fl = 0;
    assert_eq!(f16_add(0x7bff, 0x7bff, Rm::Rne, &mut fl), 0x7c00);
    assert_eq!(fl, OF | NX);
    fl = 0;
    assert_eq!(f16_add(0x7bff, 0x7bff, Rm::Rtz, &mut fl), 0x7bff);
    fl = 0;
    assert_eq!(f16_mul(0x0001, 0x3800, Rm::Rne, &mut fl), 0);
    assert_eq!(fl, UF | NX);
    fl = 0;
    assert_eq!(f16_fma(0x7c00, 0, 0x7e00, Rm::Rne, &mut fl), 0x7e00);
    assert_eq!(fl, NV);
    fl = 0;
    assert_eq!(f16_sub(0x3c00, 0x3c00, Rm::Rdn, &mut fl), 0x8000);
    assert_eq!(fl, 0);
    assert_eq!(f16_sub(0xfc00, 0xfc00, Rm::Rne, &mut fl), 0x7e00);
    assert_eq!(fl, NV);
    fl = 0;
    assert_eq!(f16_add(0xfc00, 0x7bff, Rm::Rne, &mut fl), 0xfc00);
    assert_eq!(f16_mul(0x7c00, 0x8001, Rm::Rne, &mut fl), 0xfc00);
    assert_eq!(f16_fma(0x3c00, 0x7c00, 0x7c00, Rm::Rne, &mut fl), 0x7c00);
    assert_eq!(fl, 0);
    assert_eq!(f16_fma(0x3c00, 0x7c00, 0xfc00, Rm::Rne, &mut fl), 0x7e00);
    assert_eq!(fl, NV);
}

#[test]
fn min_max() {
    assert_eq!(run32(|f| f32_min(NEG, 0, f)), (NEG, 0));
    assert_eq!(run32(|f| f32_min(0, NEG, f)), (NEG, 0));
    assert_eq!(run32(|f| f32_max(NEG, 0, f)), (0, 0));
    assert_eq!(run32(|f| f32_min(QNAN, ONE, f)), (ONE, 0));
    assert_eq!(run32(|f| f32_max(ONE, SNAN, f)), (ONE, NV));
    assert_eq!(run32(|f| f32_min(SNAN, 0x7fc1_0000, f)), (QNAN, NV));
    assert_eq!(run32(|f| f32_max(0x7fc1_0000, 0x7fc2_0000, f)), (QNAN, 0));
    assert_eq!(run32(|f| f32_min(INF | NEG, ONE, f)), (INF | NEG, 0));
    assert_eq!(run32(|f| f32_max(0x4000_0000, ONE, f)), (0x4000_0000, 0));
    assert_eq!(
        run32(|f| f32_min(0xc000_0000, ONE | NEG, f)),
        (0xc000_0000, 0)
    );
    let mut fl = 0;
    assert_eq!(f16_min(0x8000, 0x0000, &mut fl), 0x8000);
    assert_eq!(f16_max(0x7e00, 0xbc00, &mut fl), 0xbc00);
    assert_eq!(f16_max(0x7d00, 0x7e00, &mut fl), 0x7e00);
    assert_eq!(fl, NV);
}

#[test]
fn med3_cases() {
    let two = 0x4000_0000;
    assert_eq!(run32(|f| f32_med3(ONE, two, 0, f)), (ONE, 0));
    assert_eq!(run32(|f| f32_med3(two, 0, ONE, f)), (ONE, 0));
    assert_eq!(run32(|f| f32_med3(0, NEG, ONE, f)), (0, 0));
    assert_eq!(run32(|f| f32_med3(NEG, 0, NEG, f)), (NEG, 0));
    // One NaN: min of the other two; two NaNs: the remaining value; three: canonical NaN.
    assert_eq!(run32(|f| f32_med3(QNAN, two, ONE, f)), (ONE, 0));
    assert_eq!(run32(|f| f32_med3(two, SNAN, 0, f)), (0, NV));
    assert_eq!(run32(|f| f32_med3(QNAN, two, QNAN, f)), (two, 0));
    assert_eq!(run32(|f| f32_med3(0x7fc0_0001, QNAN, SNAN, f)), (QNAN, NV));
    assert_eq!(run32(|f| f32_med3(INF, INF | NEG, QNAN, f)), (INF | NEG, 0));
    let mut fl = 0;
    assert_eq!(f16_med3(0x3c00, 0x4000, 0x7e00, &mut fl), 0x3c00);
    assert_eq!(fl, 0);
}

#[test]
fn compares() {
    use CmpOp::*;
    let t = |op, a, b| run32(|f| f32_cmp(op, a, b, f) as u32);
    assert_eq!(t(Eq, 0, NEG), (1, 0));
    assert_eq!(t(Lt, NEG, 0), (0, 0));
    assert_eq!(t(Le, NEG, 0), (1, 0));
    assert_eq!(t(Ne, ONE, 0), (1, 0));
    assert_eq!(t(Ne, ONE, QNAN), (0, 0));
    assert_eq!(t(Neu, ONE, QNAN), (1, 0));
    assert_eq!(t(Eq, QNAN, QNAN), (0, 0));
    assert_eq!(t(Eq, SNAN, ONE), (0, NV));
    assert_eq!(t(Lt, QNAN, ONE), (0, NV));
    assert_eq!(t(Ge, ONE, QNAN), (0, NV));
    assert_eq!(t(Gt, 0x4000_0000, ONE), (1, 0));
    assert_eq!(t(O, ONE, QNAN), (0, 0));
    assert_eq!(t(O, ONE, INF), (1, 0));
    assert_eq!(t(U, QNAN, ONE), (1, 0));
    assert_eq!(t(U, SNAN, ONE), (1, NV));
    assert_eq!(t(Ltu, QNAN, ONE), (1, 0));
    assert_eq!(t(Leu, ONE, ONE), (1, 0));
    assert_eq!(t(Gtu, ONE, ONE), (0, 0));
    assert_eq!(t(Geu, SNAN, ONE), (1, NV));
    assert_eq!(t(Equ, INF, INF), (1, 0));
    let mut fl = 0;
    assert!(f16_cmp(Lt, 0xbc00, 0x3c00, &mut fl));
    assert!(!f16_cmp(Ge, 0x7e00, 0x3c00, &mut fl));
    assert_eq!(fl, NV);
}

#[test]
fn classes() {
    let cases32 = [
        (INF | NEG, 1 << 0),
        (ONE | NEG, 1 << 1),
        (0x8000_0001, 1 << 2),
        (NEG, 1 << 3),
        (0, 1 << 4),
        (1, 1 << 5),
        (ONE, 1 << 6),
        (INF, 1 << 7),
        (SNAN, 1 << 8),
        (QNAN, 1 << 9),
        (0xffc0_0000, 1 << 9),
        (0xff80_0001, 1 << 8),
    ];
    for (x, c) in cases32 {
        assert_eq!(f32_class(x), c, "{x:08x}");
    }
    let cases16 = [
        (0xfc00, 1 << 0),
        (0xbc00, 1 << 1),
        (0x83ff, 1 << 2),
        (0x8000, 1 << 3),
        (0x0000, 1 << 4),
        (0x0001, 1 << 5),
        (0x7bff, 1 << 6),
        (0x7c00, 1 << 7),
        (0x7c01, 1 << 8),
        (0x7e00, 1 << 9),
    ];
    for (x, c) in cases16 {
        assert_eq!(f16_class(x), c, "{x:04x}");
    }
}

#[test]
fn rounding_ops() {
    use RoundOp::*;
    let r = |op, a| run32(|f| f32_round(op, a, f));
    let m_half = 0xbf00_0000; // -0.5
    let one_half = 0x3fc0_0000; // 1.5
    let two_half = 0x4020_0000; // 2.5
    assert_eq!(r(Floor, m_half), (ONE | NEG, 0));
    assert_eq!(r(Ceil, m_half), (NEG, 0));
    assert_eq!(r(Trunc, m_half), (NEG, 0));
    assert_eq!(r(NearestEven, m_half), (NEG, 0));
    assert_eq!(r(NearestEven, one_half), (0x4000_0000, 0));
    assert_eq!(r(NearestEven, two_half), (0x4000_0000, 0));
    assert_eq!(r(Ceil, 1), (ONE, 0));
    assert_eq!(r(Floor, INF | NEG), (INF | NEG, 0));
    assert_eq!(r(Floor, SNAN), (QNAN, NV));
    assert_eq!(r(Floor, 0x7fc0_1234), (QNAN, 0));
    assert_eq!(r(Trunc, 0x4b00_0001), (0x4b00_0001, 0));
    assert_eq!(
        run32(|f| f32_round_to_int(one_half, Rm::Rmm, true, f)),
        (0x4000_0000, NX)
    );
    assert_eq!(
        run32(|f| f32_round_to_int(one_half, Rm::Rmm, false, f)),
        (0x4000_0000, 0)
    );
    assert_eq!(
        run32(|f| f32_round_to_int(two_half, Rm::Rmm, true, f)),
        (0x4040_0000, NX)
    );
    let mut fl = 0;
    assert_eq!(f16_round(Floor, 0xb800, &mut fl), 0xbc00);
    assert_eq!(f16_round(Ceil, 0x3801, &mut fl), 0x3c00);
    assert_eq!(f16_round(NearestEven, 0x7bff, &mut fl), 0x7bff);
    assert_eq!(f16_round_to_int(0x3e00, Rm::Rne, true, &mut fl), 0x4000);
    assert_eq!(fl, NX);
}

#[test]
fn fract_cases() {
    use Rm::*;
    let below_one = 0x3f7f_ffff;
    let t = |a: u32, rm: Rm| run32(|f| f32_fract(a, rm, f));
    for rm in Rm::ALL {
        // Exact differences: the mode does not matter.
        assert_eq!(t(0x3fc0_0000, rm), (0x3f00_0000, 0), "{rm:?}"); // 1.5 -> 0.5
        assert_eq!(t(0xbfc0_0000, rm), (0x3f00_0000, 0), "{rm:?}"); // -1.5 -> -1.5 + 2 = 0.5
        assert_eq!(t(0xbe80_0000, rm), (0x3f40_0000, 0), "{rm:?}"); // -0.25 -> 0.75
        assert_eq!(t(0xb380_0000, rm), (below_one, 0), "{rm:?}"); // -2^-24 + 1 is exact
        assert_eq!(t(1, rm), (1, 0), "{rm:?}"); // floor(2^-149) = 0
        assert_eq!(t(INF, rm), (QNAN, NV), "{rm:?}");
        assert_eq!(t(INF | NEG, rm), (QNAN, NV), "{rm:?}");
        assert_eq!(t(QNAN, rm), (QNAN, 0), "{rm:?}");
        assert_eq!(t(SNAN, rm), (QNAN, NV), "{rm:?}");
        // Integers (±0 included): x - x is an exact zero, -0 only in rdn.
        let zero = if rm == Rdn { NEG } else { 0 };
        for x in [0, NEG, ONE, 0xc040_0000, 0x4b80_0001, 0xcb80_0001] {
            assert_eq!(t(x, rm), (zero, 0), "{rm:?} {x:08x}");
        }
    }
    // -2^-149 - (-1) = 1 - 2^-149: rounds to 1.0 in rne/rup/rmm (clamped, NX), down in rtz/rdn.
    for rm in Rm::ALL {
        assert_eq!(t(0x8000_0001, rm), (below_one, NX), "{rm:?}");
    }
    // -2^-25 + 1 = 1 - 2^-25: a tie between 1 - 2^-24 and 1.0 (rne: even = 1.0, clamped).
    assert_eq!(t(0xb300_0000, Rne), (below_one, NX));
    assert_eq!(t(0xb300_0000, Rtz), (below_one, NX));
    // -(1 + 2^-23) * 2^-2 = -0.25 - 2^-25: fract = 0.75 - 2^-25, half an ulp below 0.75
    // (ulp(0.75) = 2^-24): rne ties to even 0.75 (0x3f400000, even), rdn/rtz 0x3f3fffff.
    assert_eq!(t(0xbe80_0001, Rne), (0x3f40_0000, NX));
    assert_eq!(t(0xbe80_0001, Rdn), (0x3f3f_ffff, NX));
    assert_eq!(t(0xbe80_0001, Rtz), (0x3f3f_ffff, NX));
    assert_eq!(t(0xbe80_0001, Rup), (0x3f40_0000, NX));
    assert_eq!(t(0xbe80_0001, Rmm), (0x3f40_0000, NX));
    // binary16.
    let t16 = |a: u16, rm: Rm| run32(|f| f16_fract(a, rm, f) as u32);
    assert_eq!(t16(0x8001, Rne), (0x3bff, NX));
    assert_eq!(t16(0x8001, Rup), (0x3bff, NX));
    assert_eq!(t16(0x3e00, Rdn), (0x3800, 0)); // 1.5 -> 0.5
    assert_eq!(t16(0x0000, Rdn), (0x8000, 0));
    assert_eq!(t16(0xc000, Rdn), (0x8000, 0)); // -2 -> -0
    assert_eq!(t16(0xc000, Rup), (0x0000, 0));
    assert_eq!(t16(0xfc00, Rne), (0x7e00, NV));
}

#[test]
fn sat_cases() {
    assert_eq!(run32(|f| f32_sat(NEG, f)), (0, 0));
    assert_eq!(run32(|f| f32_sat(0x3f00_0000, f)), (0x3f00_0000, 0));
    assert_eq!(run32(|f| f32_sat(0x3f80_0001, f)), (ONE, 0));
    assert_eq!(run32(|f| f32_sat(INF, f)), (ONE, 0));
    assert_eq!(run32(|f| f32_sat(INF | NEG, f)), (0, 0));
    assert_eq!(run32(|f| f32_sat(0xbf00_0000, f)), (0, 0));
    assert_eq!(run32(|f| f32_sat(QNAN, f)), (0, 0));
    assert_eq!(run32(|f| f32_sat(SNAN, f)), (0, NV));
    assert_eq!(run32(|f| f32_sat(1, f)), (1, 0));
    assert_eq!(f32_apply_sat(0xffc0_0000), 0);
    assert_eq!(f32_apply_sat(SNAN), 0);
    assert_eq!(f32_apply_sat(ONE), ONE);
    assert_eq!(f32_apply_sat(0x4000_0000), ONE);
    assert_eq!(f16_apply_sat(0x8000), 0);
    assert_eq!(f16_apply_sat(0x3c01), 0x3c00);
    assert_eq!(f16_apply_sat(0x7e00), 0);
    assert_eq!(f16_apply_sat(0x3bff), 0x3bff);
    let mut fl = 0;
    assert_eq!(f16_sat(0x7d00, &mut fl), 0);
    assert_eq!(fl, NV);
}

#[test]
fn ldexp_cases() {
    assert_eq!(run32(|f| f32_ldexp(ONE, 1, Rm::Rne, f)), (0x4000_0000, 0));
    assert_eq!(run32(|f| f32_ldexp(ONE, -149, Rm::Rne, f)), (1, 0));
    assert_eq!(run32(|f| f32_ldexp(ONE, -150, Rm::Rne, f)), (0, UF | NX));
    assert_eq!(
        run32(|f| f32_ldexp(0x3fc0_0000, -150, Rm::Rne, f)),
        (1, UF | NX)
    );
    assert_eq!(run32(|f| f32_ldexp(ONE, 128, Rm::Rne, f)), (INF, OF | NX));
    assert_eq!(
        run32(|f| f32_ldexp(ONE, i32::MAX, Rm::Rtz, f)),
        (0x7f7f_ffff, OF | NX)
    );
    assert_eq!(
        run32(|f| f32_ldexp(ONE | NEG, i32::MIN, Rm::Rne, f)),
        (NEG, UF | NX)
    );
    assert_eq!(
        run32(|f| f32_ldexp(ONE | NEG, i32::MIN, Rm::Rdn, f)),
        (NEG | 1, UF | NX)
    );
    assert_eq!(run32(|f| f32_ldexp(1, 149, Rm::Rne, f)), (ONE, 0));
    assert_eq!(
        run32(|f| f32_ldexp(1, i32::MAX, Rm::Rne, f)),
        (INF, OF | NX)
    );
    assert_eq!(
        run32(|f| f32_ldexp(0x0000_0003, -1, Rm::Rne, f)),
        (2, UF | NX)
    );
    assert_eq!(run32(|f| f32_ldexp(NEG, 5, Rm::Rne, f)), (NEG, 0));
    assert_eq!(run32(|f| f32_ldexp(INF, -500, Rm::Rne, f)), (INF, 0));
    assert_eq!(run32(|f| f32_ldexp(SNAN, 1, Rm::Rne, f)), (QNAN, NV));
    let mut fl = 0;
    assert_eq!(f16_ldexp(0x3c00, -24, Rm::Rne, &mut fl), 0x0001);
    assert_eq!(f16_ldexp(0x3c00, 15, Rm::Rne, &mut fl), 0x7800);
    assert_eq!(fl, 0);
    assert_eq!(f16_ldexp(0x3c00, 16, Rm::Rne, &mut fl), 0x7c00);
    assert_eq!(fl, OF | NX);
}

#[test]
fn frexp_cases() {
    let t = |a: u32| {
        let mut fl = 0;
        let m = f32_frexp_mant(a, &mut fl);
        assert_eq!(fl, 0);
        (m, f32_frexp_exp(a) as i32)
    };
    assert_eq!(t(ONE), (0x3f00_0000, 1));
    assert_eq!(t(0x3f00_0000), (0x3f00_0000, 0));
    assert_eq!(t(0xc100_0000), (0xbf00_0000, 4)); // -8
    assert_eq!(t(1), (0x3f00_0000, -148));
    assert_eq!(t(0x0040_0000), (0x3f00_0000, -126));
    assert_eq!(t(0x807f_ffff), (0xbf7f_fffe, -126));
    assert_eq!(t(0x7f7f_ffff), (0x3f7f_ffff, 128));
    assert_eq!(t(0), (0, 0));
    assert_eq!(t(NEG), (NEG, 0));
    assert_eq!(t(INF | NEG), (INF | NEG, 0));
    assert_eq!(t(SNAN), (SNAN, 0));
    assert_eq!(t(0x7fc1_2345), (0x7fc1_2345, 0));
    let mut fl = 0;
    assert_eq!(f16_frexp_mant(0x0001, &mut fl), 0x3800);
    assert_eq!(f16_frexp_exp(0x0001) as i32, -23);
    assert_eq!(f16_frexp_mant(0x7bff, &mut fl), 0x3bff);
    assert_eq!(f16_frexp_exp(0x7bff) as i32, 16);
    assert_eq!(fl, 0);
    // Round trip through ldexp for many values.
    let mut rng = XorShiftStar::new(5);
    for _ in 0..10_000 {
        let a = rng.f32();
        if F32.is_special(a) {
            continue;
        }
        let (m, e) = t(a);
        let mut fl = 0;
        assert_eq!(f32_ldexp(m, e, Rm::Rne, &mut fl), a);
        assert_eq!(fl, 0);
    }
}

#[test]
fn conversion_cases() {
    // f32 -> f16
    assert_eq!(
        run32(|f| f32_to_f16(0x7fc1_2345, Rm::Rne, f) as u32),
        (0x7e00, 0)
    );
    assert_eq!(run32(|f| f32_to_f16(SNAN, Rm::Rne, f) as u32), (0x7e00, NV));
    assert_eq!(
        run32(|f| f32_to_f16(0x477f_f000, Rm::Rne, f) as u32),
        (0x7c00, OF | NX)
    ); // 65520
       // 65520 in RTZ is 65504 with an unbounded exponent too: no overflow.
    assert_eq!(
        run32(|f| f32_to_f16(0x477f_f000, Rm::Rtz, f) as u32),
        (0x7bff, NX)
    );
    assert_eq!(
        run32(|f| f32_to_f16(0x4780_0000, Rm::Rtz, f) as u32),
        (0x7bff, OF | NX)
    ); // 65536
    assert_eq!(
        run32(|f| f32_to_f16(0x3380_0000, Rm::Rne, f) as u32),
        (0x0001, 0)
    ); // 2^-24
    assert_eq!(
        run32(|f| f32_to_f16(0x3300_0000, Rm::Rne, f) as u32),
        (0x0000, UF | NX)
    );
    assert_eq!(
        run32(|f| f32_to_f16(0xb300_0001, Rm::Rne, f) as u32),
        (0x8001, UF | NX)
    );
    // f16 -> f32
    assert_eq!(run32(|f| f16_to_f32(0x7c01, f)), (QNAN, NV));
    assert_eq!(run32(|f| f16_to_f32(0xfe00, f)), (QNAN, 0));
    assert_eq!(run32(|f| f16_to_f32(0x0001, f)), (0x3380_0000, 0));
    assert_eq!(run32(|f| f16_to_f32(0x8000, f)), (NEG, 0));
    // float -> int
    assert_eq!(run32(|f| f32_to_i32(QNAN, Rm::Rne, f)), (0x7fff_ffff, NV));
    assert_eq!(
        run32(|f| f32_to_i32(INF | NEG, Rm::Rne, f)),
        (0x8000_0000, NV)
    );
    assert_eq!(
        run32(|f| f32_to_i32(0x4f00_0000, Rm::Rne, f)),
        (0x7fff_ffff, NV)
    ); // 2^31
    assert_eq!(
        run32(|f| f32_to_i32(0xcf00_0000, Rm::Rne, f)),
        (0x8000_0000, 0)
    ); // -2^31
    assert_eq!(
        run32(|f| f32_to_i32(0xbfc0_0000, Rm::Rne, f)),
        (-2i32 as u32, NX)
    );
    assert_eq!(
        run32(|f| f32_to_i32(0xbfc0_0000, Rm::Rtz, f)),
        (-1i32 as u32, NX)
    );
    assert_eq!(run32(|f| f32_to_u32(QNAN, Rm::Rne, f)), (0xffff_ffff, NV));
    assert_eq!(run32(|f| f32_to_u32(0xbf00_0000, Rm::Rne, f)), (0, NX)); // -0.5 -> -0
    assert_eq!(run32(|f| f32_to_u32(0xbf40_0000, Rm::Rne, f)), (0, NV)); // -0.75 -> -1
    assert_eq!(
        run32(|f| f32_to_u32(0x4f80_0000, Rm::Rne, f)),
        (0xffff_ffff, NV)
    ); // 2^32
    let t16 = |a: u16, rm, g: fn(u16, Rm, &mut u8) -> u16| run32(|f| g(a, rm, f) as u32);
    assert_eq!(t16(0x7e00, Rm::Rne, f16_to_i16), (0x7fff, NV));
    assert_eq!(t16(0xfe00, Rm::Rne, f16_to_i16), (0x7fff, NV));
    assert_eq!(t16(0x7800, Rm::Rne, f16_to_i16), (0x7fff, NV)); // 32768
    assert_eq!(t16(0xf800, Rm::Rne, f16_to_i16), (0x8000, 0)); // -32768
    assert_eq!(t16(0x7bff, Rm::Rne, f16_to_u16), (65504, 0));
    assert_eq!(t16(0x7c00, Rm::Rne, f16_to_u16), (0xffff, NV));
    assert_eq!(t16(0x7e00, Rm::Rne, f16_to_u16), (0xffff, NV));
    assert_eq!(t16(0xbc00, Rm::Rne, f16_to_u16), (0, NV));
    assert_eq!(t16(0x3e00, Rm::Rtz, f16_to_u16), (1, NX));
    // int -> float
    assert_eq!(
        run32(|f| i32_to_f32(0x8000_0000, Rm::Rne, f)),
        (0xcf00_0000, 0)
    );
    assert_eq!(
        run32(|f| i32_to_f32(0x7fff_ffff, Rm::Rne, f)),
        (0x4f00_0000, NX)
    );
    assert_eq!(
        run32(|f| i32_to_f32(0x7fff_ffff, Rm::Rtz, f)),
        (0x4eff_ffff, NX)
    );
    assert_eq!(
        run32(|f| u32_to_f32(0xffff_ffff, Rm::Rdn, f)),
        (0x4f7f_ffff, NX)
    );
    assert_eq!(run32(|f| u32_to_f32(0, Rm::Rdn, f)), (0, 0));
    assert_eq!(t16(0xffff, Rm::Rne, u16_to_f16), (0x7c00, OF | NX));
    assert_eq!(t16(0xffff, Rm::Rtz, u16_to_f16), (0x7bff, NX));
    assert_eq!(t16(0x8000, Rm::Rne, i16_to_f16), (0xf800, 0));
    assert_eq!(t16(0x0801, Rm::Rne, i16_to_f16), (0x6800, NX)); // 2049 -> 2048
}

#[test]
fn norm_conversions() {
    let t = |a: u32| {
        let mut fl = 0;
        let r = (
            f32_to_unorm16(a, &mut fl),
            f32_to_snorm16(a, &mut fl),
            f32_to_unorm8(a, &mut fl),
        );
        assert_eq!(fl, 0);
        r
    };
    assert_eq!(t(0), (0, 0, 0));
    assert_eq!(t(NEG), (0, 0, 0));
    assert_eq!(t(ONE), (0xffff, 0x7fff, 0xff));
    assert_eq!(t(ONE | NEG), (0, 0x8001, 0));
    assert_eq!(t(0xc000_0000), (0, 0x8001, 0));
    assert_eq!(t(INF), (0xffff, 0x7fff, 0xff));
    assert_eq!(t(INF | NEG), (0, 0x8001, 0));
    assert_eq!(t(QNAN), (0, 0, 0));
    assert_eq!(t(SNAN), (0, 0, 0));
    assert_eq!(t(0x3f00_0000), (32768, 16384, 128)); // 0.5: 32767.5 -> 32768, 16383.5 -> 16384, 127.5 -> 128
    assert_eq!(t(0xbf00_0000), (0, 0xc000, 0)); // -0.5 -> -16384
                                                // 1/255 * 255 rounds to 1.
    assert_eq!(t((1.0f32 / 255.0).to_bits()).2, 1);
    assert_eq!(t(0x3b00_0000).2, 0); // 2^-9 * 255 = 0.498 -> 0
}

#[test]
fn dot2_cases() {
    let pack = |h: u16, l: u16| ((h as u32) << 16) | l as u32;
    let one = 0x3c00;
    let two = 0x4000;
    // 1*1 + 2*2 + 1 = 6
    assert_eq!(
        run32(|f| dot2_f32_f16(pack(two, one), pack(two, one), ONE, Rm::Rne, f)),
        (0x40c0_0000, 0)
    );
    // Exactness: 2^-24 * 2^-24 + 1 rounds once: RNE -> 1 (NX), RUP -> 1 + ulp.
    let tiny = 0x0001;
    assert_eq!(
        run32(|f| dot2_f32_f16(pack(0, tiny), pack(0, tiny), ONE, Rm::Rne, f)),
        (ONE, NX)
    );
    assert_eq!(
        run32(|f| dot2_f32_f16(pack(0, tiny), pack(0, tiny), ONE, Rm::Rup, f)),
        (0x3f80_0001, NX)
    );
    // Products exact: 2^-48 alone is exact in binary32.
    assert_eq!(
        run32(|f| dot2_f32_f16(pack(0, tiny), pack(0, tiny), 0, Rm::Rne, f)),
        (0x2780_0000, 0)
    );
    // Cancellation: 65504*65504 - 65504*65504 + c = c exactly.
    let max = 0x7bff;
    assert_eq!(
        run32(|f| dot2_f32_f16(pack(max, max), pack(0xfbff, max), 0x0000_0001, Rm::Rne, f)),
        (1, 0)
    );
    // Exact zero sign: +0 in RNE, -0 in RDN.
    assert_eq!(
        run32(|f| dot2_f32_f16(pack(one, one), pack(0xbc00, one), 0, Rm::Rne, f)),
        (0, 0)
    );
    assert_eq!(
        run32(|f| dot2_f32_f16(pack(one, one), pack(0xbc00, one), 0, Rm::Rdn, f)),
        (NEG, 0)
    );
    assert_eq!(
        run32(|f| dot2_f32_f16(pack(0x8000, 0x8000), pack(one, one), NEG, Rm::Rne, f)),
        (NEG, 0)
    );
    // Invalid: inf * 0, inf - inf, sNaN; NaN propagation gives the canonical NaN.
    assert_eq!(
        run32(|f| dot2_f32_f16(pack(0, 0x7c00), pack(0, 0), 0, Rm::Rne, f)),
        (QNAN, NV)
    );
    assert_eq!(
        run32(|f| dot2_f32_f16(pack(0x7c00, 0x7c00), pack(0xbc00, one), 0, Rm::Rne, f)),
        (QNAN, NV)
    );
    assert_eq!(
        run32(|f| dot2_f32_f16(pack(0, 0x7c00), pack(0, one), INF | NEG, Rm::Rne, f)),
        (QNAN, NV)
    );
    assert_eq!(
        run32(|f| dot2_f32_f16(pack(0, 0x7c00), pack(0, one), ONE, Rm::Rne, f)),
        (INF, 0)
    );
    assert_eq!(
        run32(|f| dot2_f32_f16(pack(0, 0x7d00), pack(0, one), ONE, Rm::Rne, f)),
        (QNAN, NV)
    );
    assert_eq!(
        run32(|f| dot2_f32_f16(0, 0, 0x7fc1_2345, Rm::Rne, f)),
        (QNAN, 0)
    );
    // Overflow of the final rounding.
    assert_eq!(
        run32(|f| dot2_f32_f16(pack(0, one), pack(0, one), 0x7f7f_ffff, Rm::Rup, f)),
        (INF, OF | NX)
    );
    // Underflow: c tiny, products zero.
    assert_eq!(run32(|f| dot2_f32_f16(0, 0, 1, Rm::Rne, f)), (1, 0));
}

/// dot2 against an independent exact model built from f64 arithmetic where it is exact.
#[test]
fn dot2_vs_model() {
    let mut rng = XorShiftStar::new(77);
    for _ in 0..cases() {
        let (a, b) = (
            rng.f16() as u32 | ((rng.f16() as u32) << 16),
            rng.f16() as u32 | ((rng.f16() as u32) << 16),
        );
        let c = rng.f32();
        let parts = [a as u16, (a >> 16) as u16, b as u16, (b >> 16) as u16];
        if parts.iter().any(|&x| F16.is_special(x as u32)) || F32.is_special(c) {
            continue;
        }
        let p1 = F16.to_f64(parts[0] as u32) * F16.to_f64(parts[2] as u32);
        let p2 = F16.to_f64(parts[1] as u32) * F16.to_f64(parts[3] as u32);
        // When p1 + p2 is exact in f64, the whole thing is an fma-like double-double sum.
        let s = p1 + p2;
        // Skip when p1 + p2 is not exact in f64, and exact zeros (the model's host addition
        // would give a zero sum the RNE sign; zero signs are covered by `dot2_cases`).
        if s - p1 != p2 || s - p2 != p1 || s + h(c) == 0.0 {
            continue;
        }
        for rm in Rm::ALL {
            let (mut f1, mut f2) = (0, 0);
            let r1 = dot2_f32_f16(a, b, c, rm, &mut f1);
            let r2 = round_sum(F32, s, h(c), rm, &mut f2);
            assert_eq!((r1, f1), (r2, f2), "{rm:?} {a:08x} {b:08x} {c:08x}");
        }
    }
}
