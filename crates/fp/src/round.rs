//! Exact rounding of `±mag * 2^exp` to binary32 / binary16 in integer code.
//!
//! This is the heart of the fast paths: the host computes an exact (or double-double exact)
//! value, and this module performs the one IEEE rounding with every rounding mode and the exact
//! NX / UF (tininess after rounding) / OF flags, including subnormal and overflowing results.

use crate::{flags, Rm};

/// An IEEE 754 binary interchange format narrower than 32 bits (bits are held in a `u32`).
#[derive(Clone, Copy, Debug)]
pub(crate) struct FloatFormat {
    /// Precision in bits, including the hidden bit (24 for binary32, 11 for binary16).
    pub prec: u32,
    /// Width of the exponent field.
    pub ebits: u32,
}

pub(crate) const F32: FloatFormat = FloatFormat { prec: 24, ebits: 8 };
pub(crate) const F16: FloatFormat = FloatFormat { prec: 11, ebits: 5 };

impl FloatFormat {
    #[inline]
    pub const fn bias(self) -> i64 {
        (1 << (self.ebits - 1)) - 1
    }
    #[inline]
    pub const fn emin(self) -> i64 {
        1 - self.bias()
    }
    #[inline]
    pub const fn emax(self) -> i64 {
        self.bias()
    }
    #[inline]
    pub const fn sign(self) -> u32 {
        1 << (self.ebits + self.prec - 1)
    }
    #[inline]
    pub const fn exp_mask(self) -> u32 {
        ((1 << self.ebits) - 1) << (self.prec - 1)
    }
    #[inline]
    pub const fn frac_mask(self) -> u32 {
        (1 << (self.prec - 1)) - 1
    }
    #[inline]
    pub const fn inf(self) -> u32 {
        self.exp_mask()
    }
    #[inline]
    pub const fn max_finite(self) -> u32 {
        self.exp_mask() - 1
    }
    /// The canonical quiet NaN (positive, only the quiet bit set).
    #[inline]
    pub const fn qnan(self) -> u32 {
        self.exp_mask() | (1 << (self.prec - 2))
    }
    #[inline]
    pub const fn one(self) -> u32 {
        (self.bias() as u32) << (self.prec - 1)
    }
    #[inline]
    pub const fn abs(self, x: u32) -> u32 {
        x & !self.sign()
    }
    #[inline]
    pub const fn is_neg(self, x: u32) -> bool {
        x & self.sign() != 0
    }
    #[inline]
    pub const fn is_nan(self, x: u32) -> bool {
        self.abs(x) > self.exp_mask()
    }
    #[inline]
    pub const fn is_snan(self, x: u32) -> bool {
        self.is_nan(x) && x & (1 << (self.prec - 2)) == 0
    }
    #[inline]
    pub const fn is_inf(self, x: u32) -> bool {
        self.abs(x) == self.exp_mask()
    }
    /// Infinity or NaN.
    #[inline]
    pub const fn is_special(self, x: u32) -> bool {
        x & self.exp_mask() == self.exp_mask()
    }
    #[inline]
    pub const fn is_zero(self, x: u32) -> bool {
        self.abs(x) == 0
    }
    /// A finite value as `(negative, m, e)` with value `m * 2^e` (m = 0 for zeros).
    #[inline]
    pub const fn decode(self, x: u32) -> (bool, u64, i64) {
        let be = ((x & self.exp_mask()) >> (self.prec - 1)) as i64;
        let frac = (x & self.frac_mask()) as u64;
        let shift = (self.prec - 1) as i64;
        if be == 0 {
            (self.is_neg(x), frac, self.emin() - shift)
        } else {
            (
                self.is_neg(x),
                frac | (1 << shift),
                be - self.bias() - shift,
            )
        }
    }
    /// Finite value to f64 (exact).
    #[inline(always)]
    pub fn to_f64(self, x: u32) -> f64 {
        let be = ((x & self.exp_mask()) >> (self.prec - 1)) as u64;
        if be != 0 {
            // Normal: rebias the exponent and widen the fraction.
            let sign = (self.is_neg(x) as u64) << 63;
            let e = be + 1023 - self.bias() as u64;
            let frac = ((x & self.frac_mask()) as u64) << (53 - self.prec);
            return f64::from_bits(sign | (e << 52) | frac);
        }
        let (neg, m, e) = self.decode(x);
        let v = m as f64 * pow2(e);
        if neg {
            -v
        } else {
            v
        }
    }
}

/// 2^e as f64 for -1022 <= e <= 1023.
#[inline]
pub(crate) fn pow2(e: i64) -> f64 {
    f64::from_bits(((e + 1023) as u64) << 52)
}

/// Round `mag * 2^-shift` to an integer in mode `rm` (sign `neg` for the directed modes).
/// Returns the rounded magnitude and whether the value was inexact. For `shift <= 0` the caller
/// guarantees that `mag << -shift` fits in 64 bits.
#[inline]
pub(crate) fn round_shift(mag: u64, shift: i64, neg: bool, rm: Rm) -> (u64, bool) {
    if shift <= 0 {
        return (mag << (-shift) as u32, false);
    }
    // Classify the discarded part against one half: Below, Half, Above.
    let (trunc, rem_zero, cmp_half) = if shift > 64 {
        // mag < 2^64 <= 2^(shift-1): strictly below one half.
        (0u64, mag == 0, core::cmp::Ordering::Less)
    } else if shift == 64 {
        (0u64, mag == 0, mag.cmp(&(1u64 << 63)))
    } else {
        let trunc = mag >> shift;
        let rem = mag & ((1u64 << shift) - 1);
        let half = 1u64 << (shift - 1);
        (trunc, rem == 0, rem.cmp(&half))
    };
    if rem_zero {
        return (trunc, false);
    }
    use core::cmp::Ordering::*;
    let up = match rm {
        Rm::Rne => cmp_half == Greater || (cmp_half == Equal && trunc & 1 == 1),
        Rm::Rmm => cmp_half != Less,
        Rm::Rtz => false,
        Rm::Rdn => neg,
        Rm::Rup => !neg,
    };
    (trunc + up as u64, true)
}

/// Result of an overflow in mode `rm`: infinity or the largest finite value.
#[inline]
pub(crate) fn overflow(fmt: FloatFormat, neg: bool, rm: Rm) -> u32 {
    let to_inf = match rm {
        Rm::Rne | Rm::Rmm => true,
        Rm::Rtz => false,
        Rm::Rdn => neg,
        Rm::Rup => !neg,
    };
    let s = if neg { fmt.sign() } else { 0 };
    s | if to_inf { fmt.inf() } else { fmt.max_finite() }
}

/// Round `±mag * 2^exp` (exact value, `mag > 0`) once to `fmt` in mode `rm`.
/// Raises NX, UF (tiny after rounding and inexact) and OF like IEEE 754 / RISC-V.
pub(crate) fn round_pack(
    fmt: FloatFormat,
    neg: bool,
    mag: u64,
    exp: i64,
    rm: Rm,
    fl: &mut u8,
) -> u32 {
    debug_assert!(mag != 0);
    let p = fmt.prec as i64;
    let nb = 64 - mag.leading_zeros() as i64;
    // The value lies in [2^e, 2^(e+1)).
    let e = exp + nb - 1;
    let q_unb = e - (p - 1);
    let q_min = fmt.emin() - (p - 1);
    let mut q = q_unb.max(q_min);
    let (mut sig, inexact) = round_shift(mag, q - exp, neg, rm);
    let sign = if neg { fmt.sign() } else { 0 };
    let mut f = 0u8;
    if inexact {
        f |= flags::NX;
        // Tininess after rounding: the value rounded to `p` bits with an unbounded exponent
        // is below 2^emin.
        let tiny = if e < fmt.emin() - 1 {
            true
        } else if e == fmt.emin() - 1 {
            let (su, _) = round_shift(mag, q_unb - exp, neg, rm);
            su >> p == 0
        } else {
            false
        };
        if tiny {
            f |= flags::UF;
        }
    }
    if sig >> p != 0 {
        // Rounding carried into a new binade (sig == 2^p).
        sig >>= 1;
        q += 1;
    }
    if sig == 0 {
        *fl |= f;
        return sign;
    }
    let bits = if sig >> (p - 1) != 0 {
        let e_res = q + p - 1;
        if e_res > fmt.emax() {
            *fl |= f | flags::OF | flags::NX;
            return overflow(fmt, neg, rm);
        }
        (((e_res + fmt.bias()) as u32) << (p - 1)) | (sig as u32 & fmt.frac_mask())
    } else {
        // Subnormal: q == q_min.
        sig as u32
    };
    *fl |= f;
    sign | bits
}

/// [`round_pack`] for a magnitude of up to 128 bits. A magnitude wider than 62 bits is first
/// rounded to odd at 62 bits: that sticky bit lies at least 38 bits below any rounding
/// position of a format with at most 24 bits of precision (normal, subnormal, or the
/// unbounded one used for tininess), so the single rounding afterwards and its flags are
/// those of the exact value.
pub(crate) fn round_pack_wide(
    fmt: FloatFormat,
    neg: bool,
    mag: u128,
    exp: i64,
    rm: Rm,
    fl: &mut u8,
) -> u32 {
    let nb = 128 - mag.leading_zeros() as i64;
    if nb <= 62 {
        return round_pack(fmt, neg, mag as u64, exp, rm, fl);
    }
    let sh = nb - 62;
    let lost = mag & ((1u128 << sh) - 1) != 0;
    round_pack(fmt, neg, (mag >> sh) as u64 | lost as u64, exp + sh, rm, fl)
}

/// Round the exact value `s + err` (a double-double with `s` finite and non-zero and
/// `|err| <= ulp(s)/2`, as TwoSum produces) once to `fmt`.
#[inline(always)]
pub(crate) fn round_dd(fmt: FloatFormat, s: f64, err: f64, rm: Rm, fl: &mut u8) -> u32 {
    let bits = s.to_bits();
    let neg = bits >> 63 != 0;
    let be = ((bits >> 52) & 0x7ff) as i64;
    let frac = bits & ((1u64 << 52) - 1);
    // Fast path: 2^(emin+1) <= |s| < 2^emax. The rounded result is then normal, finite and
    // not tiny (it lies in [2^(emin+1) - ulp, 2^emax]), so only NX can be raised and the
    // rounding is a fixed-position integer rounding of the f64 significand.
    if be > 1023 + fmt.emin() && be < 1023 + fmt.emax() {
        let drop = 52 - (fmt.prec - 1);
        // Truncated magnitude in the target encoding (the exponent field is rebased; a carry
        // out of the fraction increments the exponent, which is exactly right).
        let mut t = (((be - 1023 + fmt.bias()) as u32) << (fmt.prec - 1)) | (frac >> drop) as u32;
        // Discarded part in units of ulp(s)/4, with err folded in as +-1 (see below).
        let adj: i64 = if err == 0.0 {
            0
        } else if err.is_sign_negative() == neg {
            1
        } else {
            -1
        };
        let mut rem = (((frac & ((1u64 << drop) - 1)) as i64) << 2) + adj;
        if rem < 0 {
            // The exact magnitude is just below |s| == |t|: one target ulp lower, with a
            // remainder just below a full ulp. |t| - ulp is still normal.
            t -= 1;
            rem += 1i64 << (drop + 2);
        }
        let half = 1i64 << (drop + 1);
        let up = match rm {
            Rm::Rne => rem > half || (rem == half && t & 1 == 1),
            Rm::Rmm => rem >= half,
            Rm::Rtz => false,
            Rm::Rdn => neg && rem != 0,
            Rm::Rup => !neg && rem != 0,
        };
        *fl |= (rem != 0) as u8 * flags::NX;
        let sign = if neg { fmt.sign() } else { 0 };
        return sign | (t + up as u32);
    }
    let (m, e) = if be == 0 {
        (frac, -1074)
    } else {
        (frac | (1u64 << 52), be - 1075)
    };
    // Work in units of ulp(s)/4. The exact value lies strictly between 4m and 4m +- 2 (or is
    // exactly there), and no rounding boundary of a format with at most 24 bits of precision lies
    // strictly inside that interval, so 4m +- 1 rounds exactly like the exact value.
    let mut mag = m << 2;
    if err != 0.0 {
        if err.is_sign_negative() == neg {
            mag += 1;
        } else {
            mag -= 1;
        }
    }
    round_pack(fmt, neg, mag, e - 2, rm, fl)
}

/// Round the exact sum `x + y` of two f64 values whose exact sum TwoSum can represent
/// (no overflow) to `fmt`, with the IEEE sign rules for an exact zero.
#[inline]
pub(crate) fn round_sum(fmt: FloatFormat, x: f64, y: f64, rm: Rm, fl: &mut u8) -> u32 {
    let s = x + y;
    if s == 0.0 {
        // Sums of f64 values in our range never underflow, so this zero is exact.
        let neg = if x == 0.0 && y == 0.0 && x.is_sign_negative() == y.is_sign_negative() {
            x.is_sign_negative()
        } else {
            rm == Rm::Rdn
        };
        return if neg { fmt.sign() } else { 0 };
    }
    // TwoSum (Knuth): s + err == x + y exactly.
    let bb = s - x;
    let err = (x - (s - bb)) + (y - bb);
    round_dd(fmt, s, err, rm, fl)
}
