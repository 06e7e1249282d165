//! The portable level's binary32 round-to-nearest-even fast lanes, in host `f64`.
//!
//! Why it is exact: binary32 operands are exact in binary64, and so is a product of two of
//! them (24 x 24 bits, exponents far inside binary64's range); TwoSum gives the exact error
//! `e` of the binary64 sum `s`, so `s + e` is the exact result. The host's `f64 -> f32`
//! conversion rounds `s` to nearest even once. That is one rounding of the exact value
//! unless `s` is itself a binary32 rounding midpoint while `e != 0` (then the exact value is
//! on one side of the midpoint and the conversion may pick the other): such lanes, and
//! lanes whose result is not a normal number above the smallest normal (possible overflow
//! or underflow, infinities, NaNs), are left to the scalar function. Inexact iff the
//! conversion changed `s` or `e != 0`; an exact zero sum is exact and keeps RNE's sign.

const SIGN32: u32 = 0x8000_0000;
const MIN_NORMAL32: u32 = 0x0080_0000;
const INF32: u32 = 0x7f80_0000;

/// `s` (an `f64` whose exact error is `err`) rounded to binary32 in RNE:
/// `Some((bits, inexact))`, or `None` when the lane must be redone (see the module docs).
#[inline(always)]
fn finish(s: f64, err: f64) -> Option<(u32, bool)> {
    let r = s as f32;
    let bits = r.to_bits();
    let mag = bits & !SIGN32;
    let midpoint = s.to_bits() & 0x1fff_ffff == 0x1000_0000;
    let normal = mag > MIN_NORMAL32 && mag < INF32;
    let exact_err = err == 0.0;
    // A normal result not rounded from an inexact midpoint, or an exact zero.
    let ok = (normal && (exact_err || !midpoint)) || (s == 0.0 && exact_err);
    ok.then_some((bits, r as f64 != s || !exact_err))
}

/// `x + y` in `f64` and its exact error (no overflow for binary32 inputs and their
/// products).
#[inline(always)]
fn two_sum(x: f64, y: f64) -> (f64, f64) {
    let s = x + y;
    let bb = s - x;
    (s, (x - (s - bb)) + (y - bb))
}

#[inline(always)]
fn wide(a: u32) -> f64 {
    f32::from_bits(a) as f64
}

/// One binary32 lane of `op` in RNE: `Some((bits, inexact))` where the fast path settles
/// it, `None` where the scalar function must.
#[inline(always)]
pub(super) fn f32_rne(op: super::ArithOp, a: u32, b: u32, c: u32) -> Option<(u32, bool)> {
    use super::ArithOp;
    match op {
        ArithOp::Add => {
            let (s, e) = two_sum(wide(a), wide(b));
            finish(s, e)
        }
        ArithOp::Sub => {
            let (s, e) = two_sum(wide(a), -wide(b));
            finish(s, e)
        }
        ArithOp::Mul => finish(wide(a) * wide(b), 0.0),
        ArithOp::Fma => {
            let (s, e) = two_sum(wide(a) * wide(b), wide(c));
            finish(s, e)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::ArithOp;
    use super::*;
    use crate::{flags, Rm};

    /// The double-rounding trap: (1 + 2^-12)^2 = 1 + 2^-11 + 2^-24 is a binary32 midpoint;
    /// adding 2^-100 makes the exact value round up, but its binary64 sum is the midpoint.
    /// The fast lane must hand it to the scalar function, which rounds up.
    #[test]
    fn inexact_midpoint_is_not_settled() {
        let (a, c) = (0x3f80_0800u32, 0x0d80_0000u32);
        assert_eq!(f32_rne(ArithOp::Fma, a, a, c), None);
        let mut fl = 0;
        assert_eq!(crate::f32_fma(a, a, c, Rm::Rne, &mut fl), 0x3f80_1001);
        assert_eq!(fl, flags::NX);
        // Without the tiny addend the midpoint is exact in binary64 and rounds to even.
        let mut fl = 0;
        let want = crate::f32_mul(a, a, Rm::Rne, &mut fl);
        assert_eq!(f32_rne(ArithOp::Mul, a, a, 0), Some((want, true)));
        assert_eq!(want, 0x3f80_1000);
    }
}
