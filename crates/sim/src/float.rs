//! Pure per-lane semantics of the §6.2 floating-point instructions (binary32, binary16,
//! packed 16-bit), in the style of [`crate::int`]: one short function per operation that
//! `warpkit-fp` does not already provide with the right signature. The IEEE arithmetic
//! itself is `warpkit-fp` (bit-exact, checked against Berkeley SoftFloat); the drivers in
//! `shapes.rs` do operand shapes, modifiers, rounding-mode resolution, EXEC masking and
//! FFLAGS. Every decision the seed leaves open is listed in `docs/semantics.md`.
//!
//! binary32 add/sub/mul/fma in round-to-nearest-even also have fast lane functions
//! (`*_rne`): the operation is done in host `f64` (products of two binary32 values are
//! exact there, TwoSum gives the exact rounding error of the sum) and rounded once to
//! binary32 by the host. They report a lane as unusable when the result is not a normal
//! number strictly above the smallest normal (zero sums excepted), or when the `f64` sum
//! sits exactly on a binary32 rounding midpoint while being inexact; the driver then
//! recomputes that lane with `warpkit-fp`. A unit test cross-checks both.

use warpkit_fp::{self as fp, CmpOp, Rm, RoundOp};

const SIGN32: u32 = 0x8000_0000;
const SIGN16: u16 = 0x8000;

// ------------------------------------------------------------------ binary32

/// `s2 - s1` (reverse subtract).
#[inline(always)]
pub fn fsubr_f32(a: u32, b: u32, rm: Rm, fl: &mut u8) -> u32 {
    fp::f32_sub(b, a, rm, fl)
}
/// Magnitude of `a`, sign of `b`.
#[inline(always)]
pub fn fsgnj_f32(a: u32, b: u32) -> u32 {
    (a & !SIGN32) | (b & SIGN32)
}
/// Magnitude of `a`, inverted sign of `b`.
#[inline(always)]
pub fn fsgnjn_f32(a: u32, b: u32) -> u32 {
    (a & !SIGN32) | (!b & SIGN32)
}
/// `a` with its sign xored with the sign of `b`.
#[inline(always)]
pub fn fsgnjx_f32(a: u32, b: u32) -> u32 {
    a ^ (b & SIGN32)
}
/// Compares giving an integer 0 or 1 (`feq`, `flt`, `fle`).
#[inline(always)]
pub fn feq_f32(a: u32, b: u32, fl: &mut u8) -> u32 {
    fp::f32_cmp(CmpOp::Eq, a, b, fl) as u32
}
#[inline(always)]
pub fn flt_f32(a: u32, b: u32, fl: &mut u8) -> u32 {
    fp::f32_cmp(CmpOp::Lt, a, b, fl) as u32
}
#[inline(always)]
pub fn fle_f32(a: u32, b: u32, fl: &mut u8) -> u32 {
    fp::f32_cmp(CmpOp::Le, a, b, fl) as u32
}
/// `a * 2^b` (`b` a signed 32-bit exponent).
#[inline(always)]
pub fn fldexp_f32(a: u32, b: u32, rm: Rm, fl: &mut u8) -> u32 {
    fp::f32_ldexp(a, b as i32, rm, fl)
}
#[inline(always)]
pub fn ffloor_f32(a: u32, fl: &mut u8) -> u32 {
    fp::f32_round(RoundOp::Floor, a, fl)
}
#[inline(always)]
pub fn fceil_f32(a: u32, fl: &mut u8) -> u32 {
    fp::f32_round(RoundOp::Ceil, a, fl)
}
#[inline(always)]
pub fn ftrunc_f32(a: u32, fl: &mut u8) -> u32 {
    fp::f32_round(RoundOp::Trunc, a, fl)
}
#[inline(always)]
pub fn frndne_f32(a: u32, fl: &mut u8) -> u32 {
    fp::f32_round(RoundOp::NearestEven, a, fl)
}
/// binary32 to int32, rounding toward zero (the non-`.m` form).
#[inline(always)]
pub fn fcvt_i32_f32(a: u32, fl: &mut u8) -> u32 {
    fp::f32_to_i32(a, Rm::Rtz, fl)
}
/// binary32 to uint32, rounding toward zero.
#[inline(always)]
pub fn fcvt_u32_f32(a: u32, fl: &mut u8) -> u32 {
    fp::f32_to_u32(a, Rm::Rtz, fl)
}
/// `a` rounded to binary16 into the low half of `d` (high half kept).
#[inline(always)]
pub fn fcvt_f16_f32_lo(a: u32, d: u32, rm: Rm, fl: &mut u8) -> u32 {
    (d & 0xffff_0000) | fp::f32_to_f16(a, rm, fl) as u32
}
/// `a` rounded to binary16 into the high half of `d` (low half kept).
#[inline(always)]
pub fn fcvt_f16_f32_hi(a: u32, d: u32, rm: Rm, fl: &mut u8) -> u32 {
    (d & 0xffff) | (fp::f32_to_f16(a, rm, fl) as u32) << 16
}
/// The binary16 in the low half of `a`, widened (exact).
#[inline(always)]
pub fn fcvt_f32_f16_lo(a: u32, fl: &mut u8) -> u32 {
    fp::f16_to_f32(a as u16, fl)
}
/// The binary16 in the high half of `a`, widened (exact).
#[inline(always)]
pub fn fcvt_f32_f16_hi(a: u32, fl: &mut u8) -> u32 {
    fp::f16_to_f32((a >> 16) as u16, fl)
}
/// Byte `k` of `a` as a binary32 (exact, no flags).
#[inline(always)]
fn ubyte(a: u32, k: u32) -> u32 {
    (((a >> (8 * k)) & 0xff) as f32).to_bits()
}
#[inline(always)]
pub fn fcvt_f32_ubyte0(a: u32) -> u32 {
    ubyte(a, 0)
}
#[inline(always)]
pub fn fcvt_f32_ubyte1(a: u32) -> u32 {
    ubyte(a, 1)
}
#[inline(always)]
pub fn fcvt_f32_ubyte2(a: u32) -> u32 {
    ubyte(a, 2)
}
#[inline(always)]
pub fn fcvt_f32_ubyte3(a: u32) -> u32 {
    ubyte(a, 3)
}
/// `(fclass(a) & b) != 0`.
#[inline(always)]
pub fn class_test_f32(a: u32, b: u32, _: &mut u8) -> bool {
    fp::f32_class(a) & b != 0
}
/// The binary32 compare `op` as a lane predicate.
#[inline(always)]
pub fn cmp_f32(op: CmpOp) -> impl Fn(u32, u32, &mut u8) -> bool {
    move |a, b, fl| fp::f32_cmp(op, a, b, fl)
}

// ------------------------------------------------------------------ packing

/// Two binary32 values rounded to binary16, packed `{b, a}`.
#[inline(always)]
pub fn pkcvt_f16_f32(a: u32, b: u32, rm: Rm, fl: &mut u8) -> u32 {
    fp::f32_to_f16(a, rm, fl) as u32 | (fp::f32_to_f16(b, rm, fl) as u32) << 16
}
/// Two values to unsigned-normalised 16-bit, packed (conversion flags are not raised).
#[inline(always)]
pub fn pkcvt_unorm16_f32(a: u32, b: u32) -> u32 {
    let mut z = 0u8;
    fp::f32_to_unorm16(a, &mut z) as u32 | (fp::f32_to_unorm16(b, &mut z) as u32) << 16
}
/// Two values to signed-normalised 16-bit, packed (conversion flags are not raised).
#[inline(always)]
pub fn pkcvt_snorm16_f32(a: u32, b: u32) -> u32 {
    let mut z = 0u8;
    fp::f32_to_snorm16(a, &mut z) as u32 | (fp::f32_to_snorm16(b, &mut z) as u32) << 16
}
/// Two uint32 saturated to uint16, packed.
#[inline(always)]
pub fn pkcvt_u16_u32(a: u32, b: u32) -> u32 {
    a.min(0xffff) | b.min(0xffff) << 16
}
/// Two int32 saturated to int16, packed.
#[inline(always)]
pub fn pkcvt_i16_i32(a: u32, b: u32) -> u32 {
    let s = |x: u32| (x as i32).clamp(-32768, 32767) as u16 as u32;
    s(a) | s(b) << 16
}
/// Two values to unorm8 in bytes 1:0 of `d` (bytes 3:2 kept).
#[inline(always)]
pub fn pkcvt_unorm8_f32(a: u32, b: u32, d: u32) -> u32 {
    (d & 0xffff_0000) | unorm8_pair(a, b)
}
/// Two values to unorm8 in bytes 3:2 of `d` (bytes 1:0 kept).
#[inline(always)]
pub fn pkcvt_unorm8h_f32(a: u32, b: u32, d: u32) -> u32 {
    (d & 0xffff) | unorm8_pair(a, b) << 16
}
#[inline(always)]
fn unorm8_pair(a: u32, b: u32) -> u32 {
    let mut z = 0u8;
    fp::f32_to_unorm8(a, &mut z) as u32 | (fp::f32_to_unorm8(b, &mut z) as u32) << 8
}
/// `{b.l, a.l}`.
#[inline(always)]
pub fn pack_lo_b16(a: u32, b: u32) -> u32 {
    (a & 0xffff) | b << 16
}
/// `{b.h, a.h}`.
#[inline(always)]
pub fn pack_hi_b16(a: u32, b: u32) -> u32 {
    a >> 16 | (b & 0xffff_0000)
}
/// `{b.h, a.l}`.
#[inline(always)]
pub fn pack_lohi_b16(a: u32, b: u32) -> u32 {
    (a & 0xffff) | (b & 0xffff_0000)
}

// ------------------------------------------------------------------ binary16 and 16-bit integer

/// `a * 2^b` (`b` a signed 16-bit exponent).
#[inline(always)]
pub fn fldexp_f16(a: u16, b: u16, rm: Rm, fl: &mut u8) -> u16 {
    fp::f16_ldexp(a, b as i16 as i32, rm, fl)
}
/// binary16 to int16, rounding toward zero.
#[inline(always)]
pub fn fcvt_i16_f16(a: u16, fl: &mut u8) -> u16 {
    fp::f16_to_i16(a, Rm::Rtz, fl)
}
/// binary16 to uint16, rounding toward zero.
#[inline(always)]
pub fn fcvt_u16_f16(a: u16, fl: &mut u8) -> u16 {
    fp::f16_to_u16(a, Rm::Rtz, fl)
}
#[inline(always)]
pub fn fsgnj_f16(a: u16, b: u16) -> u16 {
    (a & !SIGN16) | (b & SIGN16)
}
#[inline(always)]
pub fn fsgnjn_f16(a: u16, b: u16) -> u16 {
    (a & !SIGN16) | (!b & SIGN16)
}
#[inline(always)]
pub fn fsgnjx_f16(a: u16, b: u16) -> u16 {
    a ^ (b & SIGN16)
}
#[inline(always)]
pub fn ffloor_f16(a: u16, fl: &mut u8) -> u16 {
    fp::f16_round(RoundOp::Floor, a, fl)
}
#[inline(always)]
pub fn fceil_f16(a: u16, fl: &mut u8) -> u16 {
    fp::f16_round(RoundOp::Ceil, a, fl)
}
#[inline(always)]
pub fn ftrunc_f16(a: u16, fl: &mut u8) -> u16 {
    fp::f16_round(RoundOp::Trunc, a, fl)
}
#[inline(always)]
pub fn frndne_f16(a: u16, fl: &mut u8) -> u16 {
    fp::f16_round(RoundOp::NearestEven, a, fl)
}
#[inline(always)]
pub fn mov_b16(a: u16) -> u16 {
    a
}
#[inline(always)]
pub fn add_i16(a: u16, b: u16) -> u16 {
    a.wrapping_add(b)
}
#[inline(always)]
pub fn sub_i16(a: u16, b: u16) -> u16 {
    a.wrapping_sub(b)
}
#[inline(always)]
pub fn mul_i16(a: u16, b: u16) -> u16 {
    a.wrapping_mul(b)
}
/// `a << b[3:0]`.
#[inline(always)]
pub fn sll_i16(a: u16, b: u16) -> u16 {
    a << (b & 15)
}
/// `a >>u b[3:0]`.
#[inline(always)]
pub fn srl_i16(a: u16, b: u16) -> u16 {
    a >> (b & 15)
}
/// `a >>s b[3:0]`.
#[inline(always)]
pub fn sra_i16(a: u16, b: u16) -> u16 {
    ((a as i16) >> (b & 15)) as u16
}
#[inline(always)]
pub fn and_b16(a: u16, b: u16) -> u16 {
    a & b
}
#[inline(always)]
pub fn or_b16(a: u16, b: u16) -> u16 {
    a | b
}
#[inline(always)]
pub fn xor_b16(a: u16, b: u16) -> u16 {
    a ^ b
}
#[inline(always)]
pub fn min_i16(a: u16, b: u16) -> u16 {
    (a as i16).min(b as i16) as u16
}
#[inline(always)]
pub fn max_i16(a: u16, b: u16) -> u16 {
    (a as i16).max(b as i16) as u16
}
#[inline(always)]
pub fn min_u16(a: u16, b: u16) -> u16 {
    a.min(b)
}
#[inline(always)]
pub fn max_u16(a: u16, b: u16) -> u16 {
    a.max(b)
}
/// `(c != 0) ? a : b`.
#[inline(always)]
pub fn sel_b16(a: u16, b: u16, c: u16) -> u16 {
    if c != 0 {
        a
    } else {
        b
    }
}
/// The binary16 compare `op` as a lane predicate.
#[inline(always)]
pub fn cmp_f16(op: CmpOp) -> impl Fn(u16, u16, &mut u8) -> bool {
    move |a, b, fl| fp::f16_cmp(op, a, b, fl)
}
#[inline(always)]
pub fn eq_i16(a: u16, b: u16) -> bool {
    a == b
}
#[inline(always)]
pub fn ne_i16(a: u16, b: u16) -> bool {
    a != b
}
#[inline(always)]
pub fn lt_i16(a: u16, b: u16) -> bool {
    (a as i16) < (b as i16)
}
#[inline(always)]
pub fn ge_i16(a: u16, b: u16) -> bool {
    (a as i16) >= (b as i16)
}
#[inline(always)]
pub fn lt_u16(a: u16, b: u16) -> bool {
    a < b
}
#[inline(always)]
pub fn ge_u16(a: u16, b: u16) -> bool {
    a >= b
}

// ------------------------------------------------------------------ binary32 RNE fast lanes

const MIN_NORMAL32: u32 = 0x0080_0000;
const INF32: u32 = 0x7f80_0000;

/// Host-rounded result `s` (an `f64` whose exact error is `err`) to binary32 in RNE:
/// (bits, usable, inexact). Usable when the result is finite and normal above the smallest
/// normal (no OF/UF possible), or an exact zero; and `s` is not an inexact binary32
/// rounding midpoint (which the host would round twice).
#[inline(always)]
fn finish_rne(s: f64, err: f64) -> (u32, bool, bool) {
    let r = s as f32;
    let bits = r.to_bits();
    let mag = bits & !SIGN32;
    let midpoint = s.to_bits() & 0x1fff_ffff == 0x1000_0000;
    let normal = mag > MIN_NORMAL32 && mag < INF32;
    let exact_err = err == 0.0;
    let ok = (normal & !(midpoint & !exact_err)) | ((s == 0.0) & exact_err);
    let nx = (r as f64 != s) | !exact_err;
    (bits, ok, nx)
}

/// `s = x + y` in f64 and its exact error (TwoSum; no f64 overflow for binary32 inputs and
/// products of them).
#[inline(always)]
fn two_sum(x: f64, y: f64) -> (f64, f64) {
    let s = x + y;
    let bb = s - x;
    let err = (x - (s - bb)) + (y - bb);
    (s, err)
}

#[inline(always)]
fn f(a: u32) -> f64 {
    f32::from_bits(a) as f64
}

/// Fast RNE lane of `a + b`: (bits, usable, inexact).
#[inline(always)]
pub fn add_rne(a: u32, b: u32) -> (u32, bool, bool) {
    let (s, e) = two_sum(f(a), f(b));
    finish_rne(s, e)
}

/// Fast RNE lane of `a - b`.
#[inline(always)]
pub fn sub_rne(a: u32, b: u32) -> (u32, bool, bool) {
    let (s, e) = two_sum(f(a), -f(b));
    finish_rne(s, e)
}

/// Fast RNE lane of `b - a`.
#[inline(always)]
pub fn subr_rne(a: u32, b: u32) -> (u32, bool, bool) {
    sub_rne(b, a)
}

/// Fast RNE lane of `a * b` (a 24 x 24-bit product is exact in f64).
#[inline(always)]
pub fn mul_rne(a: u32, b: u32) -> (u32, bool, bool) {
    finish_rne(f(a) * f(b), 0.0)
}

/// Fast RNE lane of `a * b + c`.
#[inline(always)]
pub fn fma_rne(a: u32, b: u32, c: u32) -> (u32, bool, bool) {
    let (s, e) = two_sum(f(a) * f(b), f(c));
    finish_rne(s, e)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A small deterministic generator of binary32 bit patterns biased to interesting
    /// values (near-midpoints, tiny, huge, specials).
    fn gen(seed: &mut u64) -> u32 {
        *seed ^= *seed << 13;
        *seed ^= *seed >> 7;
        *seed ^= *seed << 17;
        let x = *seed as u32;
        match (*seed >> 40) % 8 {
            0 => x & 0x807f_ffff,                             // subnormal / zero exponent
            1 => (x & 0x81ff_ffff) | 0x0080_0000,             // tiny normal
            2 => (x & 0x80ff_ffff) | 0x7e00_0000,             // huge
            3 => (x & 0x8000_0000) | 0x3f80_0000 | (x & 0xf), // near 1.0
            4 => [0, SIGN32, INF32, INF32 | SIGN32, 0x7fc0_0000, 0x7f80_0001][(x % 6) as usize],
            _ => x,
        }
    }

    /// The RNE fast lanes agree with `warpkit-fp` bit for bit (result and flags) wherever
    /// they claim to be usable.
    #[test]
    fn rne_fast_paths_match_warpkit_fp() {
        let mut seed = 0x1234_5678_9abc_def1u64;
        let mut used = 0u32;
        for _ in 0..400_000 {
            let (a, b, c) = (gen(&mut seed), gen(&mut seed), gen(&mut seed));
            let checks = [
                add_rne(a, b),
                sub_rne(a, b),
                mul_rne(a, b),
                fma_rne(a, b, c),
                subr_rne(a, b),
            ];
            for (k, (r, ok, nx)) in checks.into_iter().enumerate() {
                let mut fl = 0u8;
                let want = match k {
                    0 => fp::f32_add(a, b, Rm::Rne, &mut fl),
                    1 => fp::f32_sub(a, b, Rm::Rne, &mut fl),
                    2 => fp::f32_mul(a, b, Rm::Rne, &mut fl),
                    3 => fp::f32_fma(a, b, c, Rm::Rne, &mut fl),
                    _ => fsubr_f32(a, b, Rm::Rne, &mut fl),
                };
                if ok {
                    used += 1;
                    assert_eq!((r, nx as u8), (want, fl), "op {k} {a:08x} {b:08x} {c:08x}");
                }
            }
        }
        assert!(used > 500_000);
        // Double-rounding trap: (1 + 2^-12)^2 = 1 + 2^-11 + 2^-24 is a binary32 midpoint;
        // + 2^-100 makes the exact value round up, but the f64 sum rounds to the midpoint.
        let (a, c) = (0x3f80_0800u32, 0x0d80_0000u32);
        let (_, ok, _) = fma_rne(a, a, c);
        assert!(!ok);
        let mut fl = 0;
        assert_eq!(fp::f32_fma(a, a, c, Rm::Rne, &mut fl), 0x3f80_1001);
        assert_eq!(fl, fp::flags::NX);
    }
}
