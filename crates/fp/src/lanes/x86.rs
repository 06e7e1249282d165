//! The AVX2 + FMA + F16C kernels (see the module docs of `lanes` for why each is exact).
//!
//! Every function here needs those three features; the callers in `lanes` only reach them
//! through a `Kernels` of level Avx2, which exists only where the CPU has them.

use super::{
    flag_if, op_const, rm_const, scalar_f16, set_bits, settle_f32, F16Fn, F32Fn, Halfs, Words,
    LANES,
};
use crate::{flags, Rm};
use core::arch::asm;
use core::arch::x86_64::*;
use core::marker::PhantomData;

pub(super) const ADD: u8 = 0;
pub(super) const SUB: u8 = 1;
pub(super) const MUL: u8 = 2;
pub(super) const FMA: u8 = 3;

const SIGN32: i32 = i32::MIN;
pub(super) const ABS32: i32 = i32::MAX;
const EXP32: i32 = 0x7f80_0000;
pub(super) const QNAN32: i32 = 0x7fc0_0000;

/// MXCSR.RC for a hardware rounding mode; `None` for rmm, which x86 does not have.
fn rounding_control(rm: Rm) -> Option<u32> {
    match rm {
        Rm::Rne => Some(0),
        Rm::Rdn => Some(1),
        Rm::Rup => Some(2),
        Rm::Rtz => Some(3),
        Rm::Rmm => None,
    }
}

/// The MXCSR image the arithmetic runs under: every exception masked (bits 12:7), no flags,
/// DAZ (bit 6) and FTZ (bit 15) off, RC in bits 14:13. Followed by two slots: the caller's
/// MXCSR, saved and restored by the block, and the flags the arithmetic raised.
fn control_block(rc: u32) -> [u32; 3] {
    [0x1f80 | rc << 13, 0, 0]
}

/// MXCSR flag bits (IE, DE, ZE, OE, UE, PE = bits 0..5) to RISC-V flags; DE (denormal
/// operand) has no RISC-V counterpart and is dropped.
fn riscv_flags(m: u32) -> u8 {
    (((m & 1) << 4) | ((m & 4) << 1) | ((m >> 1) & 4) | ((m >> 3) & 2) | ((m >> 5) & 1)) as u8
}

/// `ops` on `ymm` operands under the MXCSR of `csr[0]`: save the caller's MXCSR in
/// `csr[1]`, load `csr[0]`, run the arithmetic, store the flags into `csr[2]`, restore
/// `csr[1]`. All in one block, so no compiler-generated code runs under the changed MXCSR.
macro_rules! under_mxcsr {
    ($csr:ident, [$($line:expr),* $(,)?], $($operands:tt)*) => {
        asm!(
            "vstmxcsr dword ptr [{csr} + 4]",
            "vldmxcsr dword ptr [{csr}]",
            $($line,)*
            "vstmxcsr dword ptr [{csr} + 8]",
            "vldmxcsr dword ptr [{csr} + 4]",
            csr = in(reg) $csr.as_mut_ptr(),
            $($operands)*
            options(nostack, preserves_flags),
        )
    };
}

/// Active-lane mask of 8 32-bit lanes from the low 8 bits of `bits`.
#[target_feature(enable = "avx2,fma,f16c")]
#[inline]
fn mask8x32(bits: u32) -> __m256i {
    let sel = _mm256_setr_epi32(1, 2, 4, 8, 16, 32, 64, 128);
    _mm256_cmpeq_epi32(_mm256_and_si256(_mm256_set1_epi32(bits as i32), sel), sel)
}

/// The 32 lanes of a 32-bit operand as four vectors.
#[target_feature(enable = "avx2,fma,f16c")]
#[inline]
pub(super) fn load32(s: Words) -> [__m256i; 4] {
    match s.lanes {
        Some(r) => {
            let p = r.as_ptr() as *const __m256i;
            // SAFETY: `r` is 32 u32 = four 32-byte vectors; unaligned loads.
            unsafe { core::array::from_fn(|g| _mm256_loadu_si256(p.add(g))) }
        }
        None => [_mm256_set1_epi32(s.splat as i32); 4],
    }
}

/// The operands of `OP` as vectors (`c`, read by fma only, is zero for the others).
#[target_feature(enable = "avx2,fma,f16c")]
#[inline]
fn operands32<const OP: u8>(a: Words, b: Words, c: Words) -> [[__m256i; 4]; 3] {
    let (x, y) = (load32(a), load32(b));
    let z = if OP == FMA {
        load32(c)
    } else {
        [_mm256_setzero_si256(); 4]
    };
    [x, y, z]
}

/// Stores `v` as lanes `8 g .. 8 g + 8` of `out` (`g < 4`).
#[target_feature(enable = "avx2,fma,f16c")]
#[inline]
pub(super) fn store32(out: &mut [u32; LANES], g: usize, v: __m256i) {
    assert!(g < 4);
    // SAFETY: vector `g < 4` of 32 u32; unaligned store.
    unsafe { _mm256_storeu_si256((out.as_mut_ptr() as *mut __m256i).add(g), v) }
}

/// The lane bits of the 8-lane mask vector `m` (all-ones / zero lanes), at bit `8 g`.
#[target_feature(enable = "avx2,fma,f16c")]
#[inline]
pub(super) fn lane_bits(m: __m256i, g: usize) -> u32 {
    (_mm256_movemask_ps(_mm256_castsi256_ps(m)) as u32) << (8 * g)
}

/// All-ones in the 32-bit lanes holding an infinity or a NaN.
#[target_feature(enable = "avx2,fma,f16c")]
#[inline]
fn special32(x: __m256i) -> __m256i {
    let e = _mm256_set1_epi32(EXP32);
    _mm256_cmpeq_epi32(_mm256_and_si256(x, e), e)
}

/// binary32 `OP` in the mode with encoding `RM`: the hardware mode, or rmm.
#[target_feature(enable = "avx2,fma,f16c")]
fn f32_k<const OP: u8, const RM: u8>(
    a: Words,
    b: Words,
    c: Words,
    exec: u32,
    out: &mut [u32; LANES],
) -> u8 {
    match rounding_control(rm_const(RM)) {
        Some(rc) => f32_hw::<OP>(a, b, c, exec, rc, out),
        None => f32_rmm::<OP>(a, b, c, exec, out),
    }
}

f16_kernels!("avx2,fma,f16c", 4, 8, 0);

/// The kernels by [operation][rounding mode] (see `super::F32_FNS`).
pub(super) const F32: [[F32Fn; 5]; 4] = by_op_rm!(f32_k, F32Fn, [0, 1, 2, 3, 4]);

/// `f32_k` for a caller that already has NX: rne without MXCSR (see `f32_rne_nx`).
#[target_feature(enable = "avx2,fma,f16c")]
fn f32_nx_k<const OP: u8, const RM: u8>(
    a: Words,
    b: Words,
    c: Words,
    exec: u32,
    out: &mut [u32; LANES],
) -> u8 {
    if RM == 0 {
        f32_rne_nx::<OP>(a, b, c, exec, out)
    } else {
        f32_k::<OP, RM>(a, b, c, exec, out)
    }
}

/// The kernels for callers that already have NX (see `super::F32_NX_FNS`).
pub(super) const F32_NX: [[F32Fn; 5]; 4] = by_op_rm!(f32_nx_k, F32Fn, [0, 1, 2, 3, 4]);

/// binary32 `OP` in rne for a caller whose flags already hold NX: the host instruction in
/// the default environment (rne, no FTZ/DAZ: what Rust code runs under), no MXCSR access.
/// Lanes that could raise anything but NX are redone by the scalar function: an infinite
/// or NaN result (infinite or NaN operands, overflow) and, for mul and fma, a result at or
/// below the smallest normal (a subnormal sum or difference is exact). See `avx512.rs`,
/// `f32_sae_nx`, for why the others raise at most NX.
#[target_feature(enable = "avx2,fma,f16c")]
#[inline]
fn f32_rne_nx<const OP: u8>(a: Words, b: Words, c: Words, exec: u32, out: &mut [u32; LANES]) -> u8 {
    let [x, y, z] = operands32::<OP>(a, b, c);
    let mut bad = 0u32;
    for g in 0..4 {
        let (xf, yf) = (_mm256_castsi256_ps(x[g]), _mm256_castsi256_ps(y[g]));
        let r = _mm256_castps_si256(match OP {
            ADD => _mm256_add_ps(xf, yf),
            SUB => _mm256_sub_ps(xf, yf),
            MUL => _mm256_mul_ps(xf, yf),
            _ => _mm256_fmadd_ps(xf, yf, _mm256_castsi256_ps(z[g])),
        });
        let mut m = special32(r);
        if OP == MUL || OP == FMA {
            // |r| <= 2^-126 as signed integers (|r| < 2^31).
            let abs = _mm256_and_si256(r, _mm256_set1_epi32(ABS32));
            m = _mm256_or_si256(m, _mm256_cmpgt_epi32(_mm256_set1_epi32(0x0080_0001), abs));
        }
        bad |= lane_bits(m, g);
        store32(out, g, r);
    }
    settle_f32(op_const(OP), [a, b, c], Rm::Rne, bad & exec, 0, out)
}

/// binary32 in a hardware rounding mode: the host instruction, NaN results canonicalised.
#[target_feature(enable = "avx2,fma,f16c")]
#[inline]
fn f32_hw<const OP: u8>(
    a: Words,
    b: Words,
    c: Words,
    exec: u32,
    rc: u32,
    out: &mut [u32; LANES],
) -> u8 {
    let [mut x, mut y, mut z] = operands32::<OP>(a, b, c);
    if exec != u32::MAX {
        // Inactive lanes compute 0 op 0 (op 0): exact, no flags.
        for g in 0..4 {
            let m = mask8x32(exec >> (8 * g));
            x[g] = _mm256_and_si256(x[g], m);
            y[g] = _mm256_and_si256(y[g], m);
            z[g] = _mm256_and_si256(z[g], m);
        }
    }
    let mut r = x.map(|v| _mm256_castsi256_ps(v));
    let yf = y.map(|v| _mm256_castsi256_ps(v));
    let zf = z.map(|v| _mm256_castsi256_ps(v));
    let mut csr = control_block(rc);
    // SAFETY: the blocks only do register arithmetic and MXCSR accesses to `csr`; the caller's
    // MXCSR is restored before the block ends.
    unsafe {
        // `r = r op y` on the four vectors, `$ins` the AVX instruction.
        macro_rules! binop {
            ($ins:literal) => {
                under_mxcsr!(csr, [
                    concat!($ins, " {r0}, {r0}, {y0}"), concat!($ins, " {r1}, {r1}, {y1}"),
                    concat!($ins, " {r2}, {r2}, {y2}"), concat!($ins, " {r3}, {r3}, {y3}"),
                ],
                    r0 = inout(ymm_reg) r[0], r1 = inout(ymm_reg) r[1],
                    r2 = inout(ymm_reg) r[2], r3 = inout(ymm_reg) r[3],
                    y0 = in(ymm_reg) yf[0], y1 = in(ymm_reg) yf[1],
                    y2 = in(ymm_reg) yf[2], y3 = in(ymm_reg) yf[3],
                )
            };
        }
        match OP {
            ADD => binop!("vaddps"),
            SUB => binop!("vsubps"),
            MUL => binop!("vmulps"),
            // r = y * r + z
            _ => under_mxcsr!(csr, [
                "vfmadd213ps {r0}, {y0}, {z0}", "vfmadd213ps {r1}, {y1}, {z1}",
                "vfmadd213ps {r2}, {y2}, {z2}", "vfmadd213ps {r3}, {y3}, {z3}",
            ],
                r0 = inout(ymm_reg) r[0], r1 = inout(ymm_reg) r[1],
                r2 = inout(ymm_reg) r[2], r3 = inout(ymm_reg) r[3],
                y0 = in(ymm_reg) yf[0], y1 = in(ymm_reg) yf[1],
                y2 = in(ymm_reg) yf[2], y3 = in(ymm_reg) yf[3],
                z0 = in(ymm_reg) zf[0], z1 = in(ymm_reg) zf[1],
                z2 = in(ymm_reg) zf[2], z3 = in(ymm_reg) zf[3],
            ),
        }
    }
    let mut any_nan = _mm256_setzero_si256();
    for (g, v) in r.iter().enumerate() {
        let v = _mm256_castps_si256(*v);
        let nan = is_nan32(v);
        any_nan = _mm256_or_si256(any_nan, nan);
        store32(
            out,
            g,
            _mm256_blendv_epi8(v, _mm256_set1_epi32(QNAN32), nan),
        );
    }
    let mut fl = riscv_flags(csr[2]);
    if OP == FMA && _mm256_testz_si256(any_nan, any_nan) == 0 {
        // x86 gives fma(0, inf, qNaN) the qNaN without IE; IEEE 754 leaves it open and the
        // ISA (like RISC-V) makes it invalid. Only lanes with a NaN result can be such lanes
        // (inactive lanes were zeroed).
        let inf = _mm256_set1_epi32(EXP32);
        let abs = |v: __m256i| _mm256_and_si256(v, _mm256_set1_epi32(ABS32));
        for g in 0..4 {
            let (xa, ya) = (abs(x[g]), abs(y[g]));
            let zero = _mm256_setzero_si256();
            let zero_inf = _mm256_or_si256(
                _mm256_and_si256(_mm256_cmpeq_epi32(xa, zero), _mm256_cmpeq_epi32(ya, inf)),
                _mm256_and_si256(_mm256_cmpeq_epi32(xa, inf), _mm256_cmpeq_epi32(ya, zero)),
            );
            let invalid = _mm256_and_si256(zero_inf, is_nan32(z[g]));
            if _mm256_testz_si256(invalid, invalid) == 0 {
                fl |= flags::NV;
            }
        }
    }
    fl
}

/// All-ones in the 32-bit lanes holding a NaN.
#[target_feature(enable = "avx2,fma,f16c")]
#[inline]
pub(super) fn is_nan32(v: __m256i) -> __m256i {
    let abs = _mm256_and_si256(v, _mm256_set1_epi32(ABS32));
    _mm256_cmpgt_epi32(abs, _mm256_set1_epi32(EXP32))
}

/// `s + e` (an exact binary64 sum `s` = RNE(s + e)) rounded to odd at 53 bits, as bits.
#[target_feature(enable = "avx2,fma,f16c")]
#[inline]
fn round_odd64(s: __m256d, e: __m256d) -> __m256i {
    let (sb, eb) = (_mm256_castpd_si256(s), _mm256_castpd_si256(e));
    let zero = _mm256_setzero_si256();
    let exact = _mm256_cmpeq_epi64(_mm256_and_si256(eb, _mm256_set1_epi64x(i64::MAX)), zero);
    // e points towards zero: the truncation is one ulp below |s|.
    let towards_zero = _mm256_cmpgt_epi64(zero, _mm256_xor_si256(sb, eb));
    let t = _mm256_add_epi64(sb, _mm256_andnot_si256(exact, towards_zero));
    _mm256_or_si256(t, _mm256_andnot_si256(exact, _mm256_set1_epi64x(1)))
}

/// The binary64 bits below a binary32 ulp (of a normal binary32 value widened).
const LOW29: i64 = (1 << 29) - 1;
/// Half a binary32 ulp in those bits.
const HALF_ULP: i64 = 1 << 28;

/// Of 4 binary64 lanes, `t` (the exact value rounded to odd at 53 bits) and `rounded` (`t`
/// rounded once to 24 bits, as binary64 bits): the lanes the scalar path must redo (a
/// nonzero `t` below 2^-126, a possible underflow; `rounded` beyond the largest finite
/// binary32) and the inexact lanes, as 4-bit masks.
#[target_feature(enable = "avx2,fma,f16c")]
#[inline]
fn to_f32_checks(t: __m256i, rounded: __m256i) -> (u32, u32) {
    // 2^-126 and the largest finite binary32, as binary64 bits.
    const MIN_NORMAL: i64 = 0x3810_0000_0000_0000;
    const MAX_FINITE: i64 = 0x47ef_ffff_e000_0000;
    let zero = _mm256_setzero_si256();
    let abs = _mm256_set1_epi64x(i64::MAX);
    let ta = _mm256_and_si256(t, abs);
    let tiny = _mm256_andnot_si256(
        _mm256_cmpeq_epi64(ta, zero),
        _mm256_cmpgt_epi64(_mm256_set1_epi64x(MIN_NORMAL), ta),
    );
    let huge = _mm256_cmpgt_epi64(
        _mm256_and_si256(rounded, abs),
        _mm256_set1_epi64x(MAX_FINITE),
    );
    let exact = _mm256_cmpeq_epi64(_mm256_and_si256(t, _mm256_set1_epi64x(LOW29)), zero);
    let mask = |v: __m256i| _mm256_movemask_pd(_mm256_castsi256_pd(v)) as u32;
    (mask(_mm256_or_si256(tiny, huge)), mask(exact) ^ 0xf)
}

/// TwoSum: `(s, e)` with `s = RNE(p + q)` and `s + e == p + q` exactly.
#[target_feature(enable = "avx2,fma,f16c")]
#[inline]
fn two_sum64(p: __m256d, q: __m256d) -> (__m256d, __m256d) {
    let s = _mm256_add_pd(p, q);
    let bb = _mm256_sub_pd(s, p);
    let e = _mm256_add_pd(_mm256_sub_pd(p, _mm256_sub_pd(s, bb)), _mm256_sub_pd(q, bb));
    (s, e)
}

/// binary32 in rmm through binary64 (exact products, TwoSum, round to odd, one rounding).
#[target_feature(enable = "avx2,fma,f16c")]
#[inline]
fn f32_rmm<const OP: u8>(a: Words, b: Words, c: Words, exec: u32, out: &mut [u32; LANES]) -> u8 {
    let [x, y, z] = operands32::<OP>(a, b, c);
    let mut redo = 0u32;
    let mut inexact = 0u32;
    let o = out.as_mut_ptr() as *mut f32;
    for g in 0..4 {
        let mut sp = _mm256_or_si256(special32(x[g]), special32(y[g]));
        if OP == FMA {
            sp = _mm256_or_si256(sp, special32(z[g]));
        }
        redo |= lane_bits(sp, g);
        let halves = |v: __m256i| {
            let v = _mm256_castsi256_ps(v);
            [
                _mm256_cvtps_pd(_mm256_castps256_ps128(v)),
                _mm256_cvtps_pd(_mm256_extractf128_ps::<1>(v)),
            ]
        };
        let (xs, ys, zs) = (halves(x[g]), halves(y[g]), halves(z[g]));
        for h in 0..2 {
            let p = if OP == MUL || OP == FMA {
                _mm256_mul_pd(xs[h], ys[h])
            } else {
                xs[h]
            };
            let (s, e) = match OP {
                MUL => (p, _mm256_setzero_pd()),
                ADD => two_sum64(p, ys[h]),
                SUB => two_sum64(p, _mm256_xor_pd(ys[h], _mm256_set1_pd(-0.0))),
                _ => two_sum64(p, zs[h]),
            };
            let t = round_odd64(s, e);
            // Ties away from zero: add half a binary32 ulp to the magnitude, truncate.
            let r = _mm256_andnot_si256(
                _mm256_set1_epi64x(LOW29),
                _mm256_add_epi64(t, _mm256_set1_epi64x(HALF_ULP)),
            );
            let (bad, inexact4) = to_f32_checks(t, r);
            let k = 8 * g + 4 * h;
            redo |= bad << k;
            inexact |= inexact4 << k;
            // Exact: `r` has at most 24 significant bits in the binary32 normal range.
            let v = _mm256_cvtpd_ps(_mm256_castsi256_pd(r));
            // SAFETY: lanes k..k + 4 of `out`.
            unsafe { _mm_storeu_ps(o.add(k), v) };
        }
    }
    settle_f32(
        op_const(OP),
        [a, b, c],
        Rm::Rmm,
        redo & exec,
        inexact & exec,
        out,
    )
}

/// `dot2.f32.f16` (`c + a.l*b.l + a.h*b.h`, one rounding) in the mode with encoding `RM`, on
/// 32 lanes: see the module docs of `lanes` for why it is exact. Per 8 lanes: the halves
/// are widened (`vcvtph2ps`) and multiplied exactly in binary32, the products and `c`
/// widened to binary64, `p1 + p2` summed by TwoSum (the lane is redone unless that is
/// exact), `+ c` by TwoSum and rounded to odd at 53 bits, then rounded once to binary32 by
/// integer code on the binary64 bits. Infinite and NaN lanes take the host's IEEE result.
#[target_feature(enable = "avx2,fma,f16c")]
fn dot2_k<const RM: u8>(a: Words, b: Words, c: Words, exec: u32, out: &mut [u32; LANES]) -> u8 {
    let rm = rm_const(RM);
    let (x, y, z) = (load32(a), load32(b), load32(c));
    let zero = _mm256_setzero_si256();
    let low29 = _mm256_set1_epi64x(LOW29);
    let sign = _mm256_set1_epi32(SIGN32);
    let (mut redo, mut inexact, mut nv) = (0u32, 0u32, 0u32);
    for g in 0..4 {
        // [a.l of lanes 0..8 | a.h of lanes 0..8] as 16 halves, widened exactly.
        let split = |v: __m256i| {
            let lo = _mm256_and_si256(v, _mm256_set1_epi32(0xffff));
            let p = _mm256_packus_epi32(lo, _mm256_srli_epi32::<16>(v));
            let p = _mm256_permute4x64_epi64::<0b11_01_10_00>(p);
            (
                _mm256_cvtph_ps(_mm256_castsi256_si128(p)),
                _mm256_cvtph_ps(_mm256_extracti128_si256::<1>(p)),
            )
        };
        let ((al, ah), (bl, bh)) = (split(x[g]), split(y[g]));
        // 11 x 11 bits, exponents -48..32: exact in binary32.
        let (p1, p2) = (_mm256_mul_ps(al, bl), _mm256_mul_ps(ah, bh));
        let cf = _mm256_castsi256_ps(z[g]);
        // The same sums in binary32 (rne): finite products add up to at most 2^33, so
        // neither sum overflows; `r32` is infinite or NaN iff an operand is, and is then
        // the IEEE result.
        let s32 = _mm256_add_ps(p1, p2);
        let r32 = _mm256_add_ps(s32, cf);
        let special = special32(_mm256_castps_si256(r32));
        let special_bits = lane_bits(special, g);
        if special_bits != 0 {
            nv |= lane_bits(
                dot2_invalid([x[g], y[g], z[g]], [al, bl, ah, bh, p1, p2, s32, r32]),
                g,
            );
        }
        let wide = |v: __m256, h: usize| {
            if h == 0 {
                _mm256_cvtps_pd(_mm256_castps256_ps128(v))
            } else {
                _mm256_cvtps_pd(_mm256_extractf128_ps::<1>(v))
            }
        };
        let mut res = [_mm_setzero_ps(); 2];
        for (h, res) in res.iter_mut().enumerate() {
            let (s, e1) = two_sum64(wide(p1, h), wide(p2, h));
            let (r, e) = two_sum64(s, wide(cf, h));
            let t = round_odd64(r, e);
            // One rounding of the magnitude to 24 bits: add the mode's increment, truncate.
            let inc = match rm {
                Rm::Rne => _mm256_add_epi64(
                    _mm256_set1_epi64x(HALF_ULP - 1),
                    _mm256_and_si256(_mm256_srli_epi64::<29>(t), _mm256_set1_epi64x(1)),
                ),
                Rm::Rtz => zero,
                Rm::Rmm => _mm256_set1_epi64x(HALF_ULP),
                // Up for positive values in rup, for negative ones in rdn.
                Rm::Rup => _mm256_andnot_si256(_mm256_cmpgt_epi64(zero, t), low29),
                Rm::Rdn => _mm256_and_si256(_mm256_cmpgt_epi64(zero, t), low29),
            };
            let rounded = _mm256_andnot_si256(low29, _mm256_add_epi64(t, inc));
            // Redone: an inexact `p1 + p2`, a nonzero result below 2^-126 (possible
            // underflow), or beyond the largest finite value after rounding.
            let e1_nonzero =
                _mm256_movemask_pd(_mm256_cmp_pd::<_CMP_NEQ_UQ>(e1, _mm256_setzero_pd())) as u32;
            let (bad, inexact4) = to_f32_checks(t, rounded);
            let k = 8 * g + 4 * h;
            redo |= (e1_nonzero | bad) << k;
            inexact |= inexact4 << k;
            // Exact: at most 24 significant bits in the binary32 normal range (or zero).
            *res = _mm256_cvtpd_ps(_mm256_castsi256_pd(rounded));
        }
        // Infinite and NaN lanes are settled here, not redone, and exact.
        redo &= !special_bits;
        inexact &= !special_bits;
        let v = _mm256_castps_si256(_mm256_set_m128(res[1], res[0]));
        // An exact zero sum: the common sign of the three terms (a product's sign is the
        // XOR of its factors'), else -0 in rdn and +0 otherwise.
        let ab = _mm256_xor_si256(x[g], y[g]);
        let (n1, n2, nc) = (_mm256_slli_epi32::<16>(ab), ab, z[g]);
        let mixed = _mm256_and_si256(
            _mm256_or_si256(_mm256_xor_si256(n1, n2), _mm256_xor_si256(n2, nc)),
            sign,
        );
        let mixed = _mm256_cmpeq_epi32(mixed, sign);
        let rdn_sign = if rm == Rm::Rdn { sign } else { zero };
        let zero_sign = _mm256_blendv_epi8(_mm256_and_si256(nc, sign), rdn_sign, mixed);
        let is_zero = _mm256_cmpeq_epi32(_mm256_and_si256(v, _mm256_set1_epi32(ABS32)), zero);
        let v = _mm256_blendv_epi8(v, zero_sign, is_zero);
        // NaN results are the canonical NaN.
        let r32 = _mm256_castps_si256(r32);
        let r32 = _mm256_blendv_epi8(r32, _mm256_set1_epi32(QNAN32), is_nan32(r32));
        store32(out, g, _mm256_blendv_epi8(v, r32, special));
    }
    flag_if(nv & exec != 0, flags::NV)
        | super::settle_dot2([a, b, c], rm, redo & exec, inexact & exec, out)
}

/// The dot2 lanes (8) that raise NV, as all-ones 32-bit lanes, from the operands
/// `[a, b, c]` and the binary32 steps `[a.l, b.l, a.h, b.h, p1, p2, s, r]` (`s = p1 + p2`,
/// `r = s + c`): a signalling NaN operand, or a NaN made from no NaN (inf * 0, inf - inf),
/// as the scalar function evaluates IEEE `(a.l*b.l + a.h*b.h) + c`.
#[target_feature(enable = "avx2,fma,f16c")]
#[cold]
#[inline(never)]
fn dot2_invalid([a, b, c]: [__m256i; 3], [al, bl, ah, bh, p1, p2, s, r]: [__m256; 8]) -> __m256i {
    let nan = |v: __m256| _mm256_cmp_ps::<_CMP_UNORD_Q>(v, v);
    let made =
        |r: __m256, p: __m256, q: __m256| _mm256_andnot_ps(_mm256_or_ps(nan(p), nan(q)), nan(r));
    let made = _mm256_or_ps(
        _mm256_or_ps(made(p1, al, bl), made(p2, ah, bh)),
        _mm256_or_ps(made(s, p1, p2), made(r, s, _mm256_castsi256_ps(c))),
    );
    let zero = _mm256_setzero_si256();
    let mut invalid = _mm256_castps_si256(made);
    for v in [a, b] {
        // Either half a signalling NaN: exponent all ones, quiet bit 0, payload != 0.
        let snan = _mm256_andnot_si256(
            _mm256_cmpeq_epi16(_mm256_and_si256(v, _mm256_set1_epi16(0x1ff)), zero),
            _mm256_cmpeq_epi16(
                _mm256_and_si256(v, _mm256_set1_epi16(0x7e00)),
                _mm256_set1_epi16(0x7c00),
            ),
        );
        let none = _mm256_cmpeq_epi32(snan, zero);
        invalid = _mm256_or_si256(invalid, _mm256_xor_si256(none, _mm256_set1_epi32(-1)));
    }
    let c_snan = _mm256_andnot_si256(
        _mm256_cmpeq_epi32(_mm256_and_si256(c, _mm256_set1_epi32(0x3f_ffff)), zero),
        _mm256_cmpeq_epi32(
            _mm256_and_si256(c, _mm256_set1_epi32(0x7fc0_0000)),
            _mm256_set1_epi32(EXP32),
        ),
    );
    _mm256_or_si256(invalid, c_snan)
}

/// The dot2 kernels by rounding mode (see `super::DOT2_FNS`).
pub(super) const DOT2: [F32Fn; 5] = [
    dot2_k::<0>,
    dot2_k::<1>,
    dot2_k::<2>,
    dot2_k::<3>,
    dot2_k::<4>,
];

/// A binary16 operand of the 16-bit kernels: `ptr` to as many halves as the kernel works on,
/// or null and a 32-bit `pattern` repeated (so halves alternate bits 15:0 and 31:16). Two
/// scalars, passed in registers (see `Words`).
#[derive(Clone, Copy)]
pub(super) struct Halves<'a> {
    ptr: *const u16,
    pattern: u32,
    _lanes: PhantomData<&'a [u16]>,
}

impl Halves<'_> {
    /// Halves `8 * g .. 8 * g + 8`.
    #[target_feature(enable = "avx2,fma,f16c")]
    #[inline]
    fn load(self, g: usize) -> __m128i {
        if self.ptr.is_null() {
            _mm_set1_epi32(self.pattern as i32)
        } else {
            // SAFETY: the kernel asks only for halves inside the operand (see `packed` and
            // `halves`); unaligned load.
            unsafe { _mm_loadu_si128(self.ptr.add(8 * g) as *const __m128i) }
        }
    }

    /// Halves `16 * g .. 16 * g + 16`.
    #[target_feature(enable = "avx2,fma,f16c")]
    #[inline]
    pub(super) fn load16(self, g: usize) -> __m256i {
        if self.ptr.is_null() {
            _mm256_set1_epi32(self.pattern as i32)
        } else {
            // SAFETY: as in `load`.
            unsafe { _mm256_loadu_si256(self.ptr.add(16 * g) as *const __m256i) }
        }
    }

    /// Half `j` (inside the operand).
    pub(super) fn get(self, j: usize) -> u16 {
        if self.ptr.is_null() {
            (self.pattern >> (16 * (j & 1))) as u16
        } else {
            // SAFETY: as in `load`.
            unsafe { *self.ptr.add(j) }
        }
    }
}

/// The 64 halves of a packed operand: lane `i` gives halves `2i` (bits 15:0) and `2i + 1`
/// (x86 is little-endian).
#[inline]
pub(super) fn packed(s: Words) -> Halves {
    match s.lanes {
        Some(r) => Halves {
            ptr: r.as_ptr() as *const u16,
            pattern: 0,
            _lanes: PhantomData,
        },
        None => Halves {
            ptr: core::ptr::null(),
            pattern: s.splat,
            _lanes: PhantomData,
        },
    }
}

/// The 32 halves of an H-format operand.
#[inline]
pub(super) fn halves(s: Halfs) -> Halves {
    match s.lanes {
        Some(r) => Halves {
            ptr: r.as_ptr(),
            pattern: 0,
            _lanes: PhantomData,
        },
        None => Halves {
            ptr: core::ptr::null(),
            pattern: s.splat as u32 * 0x1_0001,
            _lanes: PhantomData,
        },
    }
}

/// Each bit of `x` twice: lane `i` active makes halves `2i` and `2i + 1` active.
pub(super) fn spread(x: u32) -> u64 {
    let mut x = x as u64;
    x = (x | x << 16) & 0x0000_ffff_0000_ffff;
    x = (x | x << 8) & 0x00ff_00ff_00ff_00ff;
    x = (x | x << 4) & 0x0f0f_0f0f_0f0f_0f0f;
    x = (x | x << 2) & 0x3333_3333_3333_3333;
    x = (x | x << 1) & 0x5555_5555_5555_5555;
    x | x << 1
}

// Rounding of the binary16 kernels: the `vcvtps2ph` immediates, and rmm.
pub(super) const RNE: i32 = _MM_FROUND_TO_NEAREST_INT;
pub(super) const RDN: i32 = _MM_FROUND_TO_NEG_INF;
pub(super) const RUP: i32 = _MM_FROUND_TO_POS_INF;
pub(super) const RTZ: i32 = _MM_FROUND_TO_ZERO;
// Never reaches `vcvtps2ph` (rmm takes its own branch); a valid immediate all the same.
pub(super) const RMM: i32 = 4;

/// All-ones in the 32-bit lanes holding an infinity or a NaN.
#[target_feature(enable = "avx2,fma,f16c")]
#[inline]
fn non_finite32(v: __m256i) -> __m256i {
    special32(v)
}

/// `p + q` of binary32 values rounded to odd at 24 bits, as bits (TwoSum: `s` and its exact
/// error `e`; the truncation of `s + e` is `s` or one ulp below it, then the last bit is set
/// if `e != 0`). Exact zero sums get the IEEE sign of the rounding mode (`rdn`: -0 unless
/// both addends are +0). Also returns `s`, which is not finite iff `p` or `q` is not.
#[target_feature(enable = "avx2,fma,f16c")]
#[inline]
fn sum_round_odd32(p: __m256, q: __m256, rdn: bool) -> (__m256i, __m256i) {
    let s = _mm256_add_ps(p, q);
    let bb = _mm256_sub_ps(s, p);
    let e = _mm256_add_ps(_mm256_sub_ps(p, _mm256_sub_ps(s, bb)), _mm256_sub_ps(q, bb));
    let (sb, eb) = (_mm256_castps_si256(s), _mm256_castps_si256(e));
    let zero = _mm256_setzero_si256();
    let abs = _mm256_set1_epi32(ABS32);
    let exact = _mm256_cmpeq_epi32(_mm256_and_si256(eb, abs), zero);
    let towards_zero = _mm256_srai_epi32::<31>(_mm256_xor_si256(sb, eb));
    let t = _mm256_add_epi32(sb, _mm256_andnot_si256(exact, towards_zero));
    let mut t = _mm256_or_si256(t, _mm256_andnot_si256(exact, _mm256_set1_epi32(1)));
    if rdn {
        // An exact zero sum in rne has the sign (p & q); in rdn it is (p | q).
        let zero_sum = _mm256_cmpeq_epi32(_mm256_and_si256(t, abs), zero);
        let pq = _mm256_or_si256(_mm256_castps_si256(p), _mm256_castps_si256(q));
        let sign = _mm256_and_si256(pq, _mm256_set1_epi32(SIGN32));
        t = _mm256_or_si256(t, _mm256_and_si256(zero_sum, sign));
    }
    (t, sb)
}

/// binary16 `OP` on `8 * G` halves (G = 4: 32 lanes of halves; G = 8: packed), rounded by
/// `R` (a `vcvtps2ph` rounding immediate, or `RMM`).
#[target_feature(enable = "avx2,fma,f16c")]
#[inline(never)]
fn f16_kernel<const OP: u8, const G: usize, const R: i32>(
    a: Halves,
    b: Halves,
    c: Halves,
    exec: u64,
    out: &mut [u16],
) -> u8 {
    let rdn = R == RDN;
    let abs = _mm256_set1_epi32(ABS32);
    let z32 = _mm256_setzero_si256();
    let o = out.as_mut_ptr() as *mut __m128i;
    let mut redo = 0u64;
    let mut inexact = 0u64;
    for g in 0..G {
        let bits = (exec >> (8 * g)) as u32 & 0xff;
        if bits == 0 {
            continue;
        }
        let active = mask8x32(bits);
        let (x, mut y) = (a.load(g), b.load(g));
        if OP == SUB {
            y = _mm_xor_si128(y, _mm_set1_epi16(i16::MIN));
        }
        // Exact conversions; infinities and NaNs give a non-finite sum or product below.
        let (xf, yf) = (_mm256_cvtph_ps(x), _mm256_cvtph_ps(y));
        let (t, s) = match OP {
            // 11 x 11 bits: exact in binary32 (and finite for finite operands).
            MUL => {
                let p = _mm256_castps_si256(_mm256_mul_ps(xf, yf));
                (p, p)
            }
            ADD | SUB => sum_round_odd32(xf, yf, rdn),
            _ => sum_round_odd32(_mm256_mul_ps(xf, yf), _mm256_cvtph_ps(c.load(g)), rdn),
        };
        let special = _mm256_and_si256(non_finite32(s), active);
        // Inactive and special lanes round +0: exact.
        let t = _mm256_and_si256(t, _mm256_andnot_si256(special, active));
        let (h, bad, nx) = if R == RMM {
            // Ties away on the binary32 bits (13 bits below the binary16 ulp), for results in
            // the binary16 normal range; other lanes are redone.
            let r = _mm256_andnot_si256(
                _mm256_set1_epi32(0x1fff),
                _mm256_add_epi32(t, _mm256_set1_epi32(0x1000)),
            );
            let (ta, ra) = (_mm256_and_si256(t, abs), _mm256_and_si256(r, abs));
            // Below 2^-14 (tiny), or above 65504 (overflow).
            let tiny = _mm256_andnot_si256(
                _mm256_cmpeq_epi32(ta, z32),
                _mm256_cmpgt_epi32(_mm256_set1_epi32(0x3880_0000), ta),
            );
            let huge = _mm256_cmpgt_epi32(ra, _mm256_set1_epi32(0x477f_e000));
            let exact = _mm256_cmpeq_epi32(_mm256_and_si256(t, _mm256_set1_epi32(0x1fff)), z32);
            // Exact: `r` has at most 11 significant bits in the binary16 normal range.
            let h = _mm256_cvtps_ph::<RNE>(_mm256_castsi256_ps(r));
            (
                h,
                _mm256_or_si256(tiny, huge),
                _mm256_andnot_si256(exact, active),
            )
        } else {
            // One rounding by the immediate (MXCSR.RC is not read). Inexact iff the binary16
            // result differs from `t`. Results that may overflow (|t| > 65504) or underflow
            // (inexact, |result| <= 2^-14) are redone.
            let h = _mm256_cvtps_ph::<R>(_mm256_castsi256_ps(t));
            let back = _mm256_castps_si256(_mm256_cvtph_ps(h));
            let nx = _mm256_xor_si256(_mm256_cmpeq_epi32(back, t), _mm256_set1_epi32(-1));
            let tiny = _mm256_and_si256(
                nx,
                _mm256_cmpgt_epi32(_mm256_set1_epi32(0x3880_0001), _mm256_and_si256(back, abs)),
            );
            let huge = _mm256_cmpgt_epi32(_mm256_and_si256(t, abs), _mm256_set1_epi32(0x477f_e000));
            (h, _mm256_or_si256(tiny, huge), nx)
        };
        let lane_bits = |m: __m256i| _mm256_movemask_ps(_mm256_castsi256_ps(m)) as u64;
        let bad = lane_bits(_mm256_or_si256(special, bad));
        redo |= bad << (8 * g);
        inexact |= (lane_bits(nx) & !bad) << (8 * g);
        // SAFETY: `out` holds `8 * G` halves = G 16-byte vectors.
        unsafe { _mm_storeu_si128(o.add(g), h) };
    }
    settle_f16(OP, [a, b, c], rm_of(R), redo & exec, inexact & exec, out)
}

/// The rounding mode of a rounding immediate (`vcvtps2ph`'s, or `_MM_FROUND_*` with or
/// without SAE), or of `RMM`.
pub(super) const fn rm_of(r: i32) -> Rm {
    match r & 7 {
        RNE => Rm::Rne,
        RTZ => Rm::Rtz,
        RDN => Rm::Rdn,
        RUP => Rm::Rup,
        _ => Rm::Rmm,
    }
}

/// `super::settle_f32` for the binary16 kernels: NX if a settled active half is inexact
/// (`inexact`, which excludes `redo`), and the flags of the halves in `redo`, recomputed by
/// the scalar function. Both masks are masked by EXEC already.
#[inline(always)]
pub(super) fn settle_f16(
    op: u8,
    [a, b, c]: [Halves; 3],
    rm: Rm,
    redo: u64,
    inexact: u64,
    out: &mut [u16],
) -> u8 {
    let fl = flag_if(inexact != 0, flags::NX);
    if redo == 0 {
        return fl;
    }
    fl | redo_f16(op, a, b, c, rm, redo, out)
}

/// Recompute the halves in the bit set `redo` with the scalar functions; returns their flags.
#[cold]
#[inline(never)]
fn redo_f16(op: u8, a: Halves, b: Halves, c: Halves, rm: Rm, redo: u64, out: &mut [u16]) -> u8 {
    let op = op_const(op);
    let mut fl = 0;
    for j in set_bits(redo) {
        out[j] = scalar_f16(op, a.get(j), b.get(j), c.get(j), rm, &mut fl);
    }
    fl
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flag_map() {
        assert_eq!(riscv_flags(1), flags::NV);
        assert_eq!(riscv_flags(2), 0);
        assert_eq!(riscv_flags(4), flags::DZ);
        assert_eq!(riscv_flags(8), flags::OF);
        assert_eq!(riscv_flags(16), flags::UF);
        assert_eq!(riscv_flags(32), flags::NX);
        assert_eq!(riscv_flags(0x3f), 0x1f);
    }

    #[test]
    fn spread_doubles_bits() {
        assert_eq!(spread(0), 0);
        assert_eq!(spread(1), 3);
        assert_eq!(spread(0x8000_0000), 0xc000_0000_0000_0000);
        assert_eq!(spread(u32::MAX), u64::MAX);
        assert_eq!(spread(0b101), 0b11_00_11);
    }
}
