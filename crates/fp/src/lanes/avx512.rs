//! The AVX-512 kernels (16 lanes per instruction, EXEC as a mask register).
//!
//! binary32 in rne/rtz/rdn/rup: the operation with embedded rounding (`{rn,rd,ru,rz}-sae`),
//! which reads no MXCSR and raises nothing. Inexact iff the rounded-down and rounded-up
//! results differ. A non-finite operand makes one of them non-finite (infinities are exact
//! in every mode, NaNs propagate), and so does a result beyond the largest finite value: such
//! lanes, and inexact ones with |result| <= 2^-126 (possible underflow), are redone by the
//! scalar function. rmm is rne except on exact ties: see `f32_half`.
//!
//! binary16: the AVX2 kernel's method (exact binary32 products, TwoSum, round to odd, one
//! rounding by the `vcvtps2ph` immediate with exceptions suppressed), 16 halves at a time.

use super::x86::{
    halves, packed, rm_of, settle_f16, spread, Halves, ADD, FMA, MUL, RDN, RMM, RNE, RTZ, RUP, SUB,
};
use super::{op_const, settle_f32, F16Fn, F32Fn, Halfs, Words, LANES};
use crate::Rm;
use core::arch::x86_64::*;

const SAE: i32 = _MM_FROUND_NO_EXC;
pub(super) const RN: i32 = _MM_FROUND_TO_NEAREST_INT | SAE;
pub(super) const RD: i32 = _MM_FROUND_TO_NEG_INF | SAE;
pub(super) const RU: i32 = _MM_FROUND_TO_POS_INF | SAE;
pub(super) const RZ: i32 = _MM_FROUND_TO_ZERO | SAE;

/// `vfpclassps` categories: quiet NaN, +inf, -inf, signalling NaN.
pub(super) const NOT_FINITE: i32 = 0x01 | 0x08 | 0x10 | 0x80;

const ABS: i32 = i32::MAX;

/// One row of [`F32`]: `OP` in rne, rtz, rdn, rup, rmm.
macro_rules! sae_row {
    ($op:expr) => {
        [
            f32_sae::<{ $op }, RN, false> as F32Fn,
            f32_sae::<{ $op }, RZ, false> as F32Fn,
            f32_sae::<{ $op }, RD, false> as F32Fn,
            f32_sae::<{ $op }, RU, false> as F32Fn,
            f32_sae::<{ $op }, RN, true> as F32Fn,
        ]
    };
}

/// The kernels by [operation][rounding mode] (see `super::F32_FNS`).
pub(super) const F32: [[F32Fn; 5]; 4] =
    [sae_row!(ADD), sae_row!(SUB), sae_row!(MUL), sae_row!(FMA)];

/// One row of [`F32_NX`]: `OP` in rne, rtz, rdn, rup without inexactness; rmm as in [`F32`].
macro_rules! sae_nx_row {
    ($op:expr) => {
        [
            f32_sae_nx::<{ $op }, RN> as F32Fn,
            f32_sae_nx::<{ $op }, RZ> as F32Fn,
            f32_sae_nx::<{ $op }, RD> as F32Fn,
            f32_sae_nx::<{ $op }, RU> as F32Fn,
            f32_sae::<{ $op }, RN, true> as F32Fn,
        ]
    };
}

/// The kernels for callers that already have NX (see `super::F32_NX_FNS`).
pub(super) const F32_NX: [[F32Fn; 5]; 4] = [
    sae_nx_row!(ADD),
    sae_nx_row!(SUB),
    sae_nx_row!(MUL),
    sae_nx_row!(FMA),
];
/// Lanes `16 h .. 16 h + 16` of a 32-bit operand (`h < 2`).
#[target_feature(enable = "avx512f,avx512dq,avx2,fma,f16c")]
#[inline]
pub(super) fn load(s: Words, h: usize) -> __m512 {
    match s.lanes {
        Some(r) => {
            let v = &r[16 * h..16 * h + 16];
            // SAFETY: `v` is 16 u32 = 64 bytes; unaligned load.
            _mm512_castsi512_ps(unsafe { _mm512_loadu_si512(v.as_ptr() as *const __m512i) })
        }
        None => _mm512_castsi512_ps(_mm512_set1_epi32(s.splat as i32)),
    }
}

/// Stores `r` as lanes `16 h .. 16 h + 16` of `out` (`h < 2`).
#[target_feature(enable = "avx512f,avx512dq,avx2,fma,f16c")]
#[inline]
pub(super) fn store(out: &mut [u32; LANES], h: usize, r: __m512) {
    let o = &mut out[16 * h..16 * h + 16];
    // SAFETY: `o` is 16 u32 = 64 bytes; unaligned store.
    unsafe { _mm512_storeu_si512(o.as_mut_ptr() as *mut __m512i, _mm512_castps_si512(r)) };
}

/// The operands of `OP` on lanes `16 h .. 16 h + 16` (`c`, read by fma only, is zero for
/// the others).
#[target_feature(enable = "avx512f,avx512dq,avx2,fma,f16c")]
#[inline]
fn operands<const OP: u8>(a: Words, b: Words, c: Words, h: usize) -> [__m512; 3] {
    let (x, y) = (load(a, h), load(b, h));
    let z = if OP == FMA {
        load(c, h)
    } else {
        _mm512_setzero_ps()
    };
    [x, y, z]
}

/// `OP` with the embedded rounding `R`.
#[target_feature(enable = "avx512f,avx512dq,avx2,fma,f16c")]
#[inline]
fn arith<const OP: u8, const R: i32>(x: __m512, y: __m512, z: __m512) -> __m512 {
    match OP {
        ADD => _mm512_add_round_ps::<R>(x, y),
        SUB => _mm512_sub_round_ps::<R>(x, y),
        MUL => _mm512_mul_round_ps::<R>(x, y),
        _ => _mm512_fmadd_round_ps::<R>(x, y, z),
    }
}

/// Lanes `16 h .. 16 h + 16` of `OP` rounded by `R` (rmm if `MM`, with `R` = RN): stores
/// the results, returns the lanes to redo and the inexact lanes.
#[target_feature(enable = "avx512f,avx512dq,avx2,fma,f16c")]
#[inline]
fn f32_half<const OP: u8, const R: i32, const MM: bool>(
    a: Words,
    b: Words,
    c: Words,
    h: usize,
    out: &mut [u32; LANES],
) -> (u32, u32) {
    let [x, y, z] = operands::<OP>(a, b, c, h);
    let r = arith::<OP, R>(x, y, z);
    let (dn, up) = (arith::<OP, RD>(x, y, z), arith::<OP, RU>(x, y, z));
    // -0 and +0 compare equal (exact zero results).
    let nx = _mm512_cmp_ps_mask::<_CMP_NEQ_OQ>(dn, up);
    let not_finite =
        _mm512_fpclass_ps_mask::<NOT_FINITE>(dn) | _mm512_fpclass_ps_mask::<NOT_FINITE>(up);
    let tiny = _mm512_mask_cmple_epu32_mask(
        nx,
        _mm512_and_si512(_mm512_castps_si512(r), _mm512_set1_epi32(ABS)),
        _mm512_set1_epi32(0x0080_0000),
    );
    let mut bad = not_finite | tiny;
    let mut r = r;
    if MM {
        // rmm differs from rne only on a tie, where the exact result x is the midpoint of
        // `dn` and `up`, exact in binary64; then RN64(x) is that midpoint. Where it is, the
        // TwoSum error of RN64(x) tells whether x is exactly the midpoint (then the result is
        // the neighbour away from zero) or only within half a binary64 ulp of it (rare: the
        // lane is redone). Everywhere else the rne result and flags are the rmm ones.
        let wide = |v: __m512| {
            [
                _mm512_cvtps_pd(_mm512_castps512_ps256(v)),
                _mm512_cvtps_pd(_mm512_extractf32x8_ps::<1>(v)),
            ]
        };
        let (xd, yd, zd, dnd, upd) = (wide(x), wide(y), wide(z), wide(dn), wide(up));
        let (mut away_up, mut away_dn) = (0u16, 0u16);
        for k in 0..2 {
            // x = p + q, with p exact.
            let (p, q) = match OP {
                ADD => (xd[k], yd[k]),
                SUB => (xd[k], _mm512_xor_pd(yd[k], _mm512_set1_pd(-0.0))),
                MUL => (_mm512_mul_pd(xd[k], yd[k]), _mm512_setzero_pd()),
                _ => (_mm512_mul_pd(xd[k], yd[k]), zd[k]),
            };
            let d = _mm512_add_pd(p, q);
            let mid = _mm512_mul_pd(_mm512_add_pd(dnd[k], upd[k]), _mm512_set1_pd(0.5));
            let tie = _mm512_cmp_pd_mask::<_CMP_EQ_OQ>(d, mid) & (nx >> (8 * k)) as u8;
            if tie != 0 {
                let bb = _mm512_sub_pd(d, p);
                let e = _mm512_add_pd(_mm512_sub_pd(p, _mm512_sub_pd(d, bb)), _mm512_sub_pd(q, bb));
                let exact = _mm512_cmp_pd_mask::<_CMP_EQ_OQ>(e, _mm512_setzero_pd());
                let positive = _mm512_cmp_pd_mask::<_CMP_GT_OQ>(mid, _mm512_setzero_pd());
                bad |= ((tie & !exact) as u16) << (8 * k);
                away_up |= ((tie & exact & positive) as u16) << (8 * k);
                away_dn |= ((tie & exact & !positive) as u16) << (8 * k);
            }
        }
        r = _mm512_mask_blend_ps(away_up, r, up);
        r = _mm512_mask_blend_ps(away_dn, r, dn);
    }
    store(out, h, r);
    (bad as u32, nx as u32)
}

/// binary32 `OP` rounded by the embedded rounding `R`, for a caller whose flags already
/// hold NX: only the result is computed, and the lanes that could raise anything but NX
/// are redone by the scalar function. For the others the operands are finite (an infinite
/// or NaN operand makes the result infinite or NaN), the result does not overflow (in
/// rne an overflow gives an infinity; in the directed modes it gives an infinity or the
/// largest finite value, whose lanes are redone) and does not underflow (a sum or
/// difference in the subnormal range is exact; products and fmas at or below the
/// smallest normal are redone), and no NV or DZ is possible: so at most NX.
#[target_feature(enable = "avx512f,avx512dq,avx2,fma,f16c")]
#[inline(never)]
fn f32_sae_nx<const OP: u8, const R: i32>(
    a: Words,
    b: Words,
    c: Words,
    exec: u32,
    out: &mut [u32; LANES],
) -> u8 {
    let mut bad = 0u32;
    for h in 0..2 {
        let [x, y, z] = operands::<OP>(a, b, c, h);
        let r = arith::<OP, R>(x, y, z);
        let abs = _mm512_and_si512(_mm512_castps_si512(r), _mm512_set1_epi32(ABS));
        let mut m = _mm512_fpclass_ps_mask::<NOT_FINITE>(r);
        if R != RN {
            m |= _mm512_cmpeq_epi32_mask(abs, _mm512_set1_epi32(0x7f7f_ffff));
        }
        if OP == MUL || OP == FMA {
            m |= _mm512_cmple_epu32_mask(abs, _mm512_set1_epi32(0x0080_0000));
        }
        bad |= (m as u32) << (16 * h);
        store(out, h, r);
    }
    settle_f32(op_const(OP), [a, b, c], rm_of(R), bad & exec, 0, out)
}

/// binary32 `OP` rounded by the embedded rounding `R`, or in rmm if `MM` (with `R` = RN).
#[target_feature(enable = "avx512f,avx512dq,avx2,fma,f16c")]
#[inline(never)]
fn f32_sae<const OP: u8, const R: i32, const MM: bool>(
    a: Words,
    b: Words,
    c: Words,
    exec: u32,
    out: &mut [u32; LANES],
) -> u8 {
    let (bad0, nx0) = f32_half::<OP, R, MM>(a, b, c, 0, out);
    let (bad1, nx1) = f32_half::<OP, R, MM>(a, b, c, 1, out);
    let (redo, nx) = ((bad0 | bad1 << 16) & exec, (nx0 | nx1 << 16) & exec);
    let rm = if MM { Rm::Rmm } else { rm_of(R) };
    settle_f32(op_const(OP), [a, b, c], rm, redo, nx, out)
}

f16_kernels!("avx512f,avx512dq,avx2,fma,f16c", 2, 4, SAE);

/// `p + q` rounded to odd at 24 bits (TwoSum; see the AVX2 kernel), with the exact-zero
/// sign of rdn if `rdn`; also returns the binary32 sum, not finite iff `p` or `q` is not.
#[target_feature(enable = "avx512f,avx512dq,avx2,fma,f16c")]
#[inline]
fn sum_round_odd(p: __m512, q: __m512, rdn: bool) -> (__m512i, __m512) {
    let s = _mm512_add_ps(p, q);
    let bb = _mm512_sub_ps(s, p);
    let e = _mm512_add_ps(_mm512_sub_ps(p, _mm512_sub_ps(s, bb)), _mm512_sub_ps(q, bb));
    let (sb, eb) = (_mm512_castps_si512(s), _mm512_castps_si512(e));
    let abs = _mm512_set1_epi32(ABS);
    let inexact = _mm512_test_epi32_mask(eb, abs);
    // e points towards zero: the truncation is one ulp below |s|.
    let down = inexact & _mm512_movepi32_mask(_mm512_xor_si512(sb, eb));
    let one = _mm512_set1_epi32(1);
    let t = _mm512_mask_sub_epi32(sb, down, sb, one);
    let mut t = _mm512_mask_or_epi32(t, inexact, t, one);
    if rdn {
        // An exact zero sum in rne has the sign (p & q); in rdn it is (p | q).
        let zero = _mm512_testn_epi32_mask(t, abs);
        let pq = _mm512_or_si512(_mm512_castps_si512(p), _mm512_castps_si512(q));
        t = _mm512_mask_or_epi32(t, zero, t, _mm512_andnot_si512(abs, pq));
    }
    (t, s)
}

/// binary16 `OP` on `16 * G` halves (G = 2: 32 lanes of halves; G = 4: packed), rounded by
/// `R` (a `vcvtps2ph` rounding immediate with exceptions suppressed, or `RMM | SAE`).
#[target_feature(enable = "avx512f,avx512dq,avx2,fma,f16c")]
#[inline(never)]
fn f16_kernel<const OP: u8, const G: usize, const R: i32>(
    a: Halves,
    b: Halves,
    c: Halves,
    exec: u64,
    out: &mut [u16],
) -> u8 {
    let abs = _mm512_set1_epi32(ABS);
    let o = out.as_mut_ptr() as *mut __m256i;
    let mut redo = 0u64;
    let mut inexact = 0u64;
    for g in 0..G {
        let active = (exec >> (16 * g)) as __mmask16;
        let (x, mut y) = (a.load16(g), b.load16(g));
        if OP == SUB {
            y = _mm256_xor_si256(y, _mm256_set1_epi16(i16::MIN));
        }
        let (xf, yf) = (_mm512_cvtph_ps(x), _mm512_cvtph_ps(y));
        let (t, s) = match OP {
            // 11 x 11 bits: exact in binary32 (and finite for finite operands).
            MUL => {
                let p = _mm512_mul_ps(xf, yf);
                (_mm512_castps_si512(p), p)
            }
            ADD | SUB => sum_round_odd(xf, yf, R == RDN | SAE),
            _ => sum_round_odd(
                _mm512_mul_ps(xf, yf),
                _mm512_cvtph_ps(c.load16(g)),
                R == RDN | SAE,
            ),
        };
        let special = _mm512_fpclass_ps_mask::<NOT_FINITE>(s);
        // Inactive and special lanes round +0: exact.
        let t = _mm512_maskz_mov_epi32(active & !special, t);
        let (h, bad, nx) = if R == RMM | SAE {
            // Ties away on the binary32 bits, for results in the binary16 normal range.
            let r = _mm512_andnot_si512(
                _mm512_set1_epi32(0x1fff),
                _mm512_add_epi32(t, _mm512_set1_epi32(0x1000)),
            );
            let (ta, ra) = (_mm512_and_si512(t, abs), _mm512_and_si512(r, abs));
            let tiny = _mm512_mask_cmplt_epu32_mask(
                _mm512_test_epi32_mask(ta, ta),
                ta,
                _mm512_set1_epi32(0x3880_0000),
            );
            let huge = _mm512_cmpgt_epu32_mask(ra, _mm512_set1_epi32(0x477f_e000));
            let nx = _mm512_test_epi32_mask(t, _mm512_set1_epi32(0x1fff));
            // Exact: `r` has at most 11 significant bits in the binary16 normal range.
            let h = _mm512_cvtps_ph::<{ RNE | SAE }>(_mm512_castsi512_ps(r));
            (h, tiny | huge, nx)
        } else {
            let h = _mm512_cvtps_ph::<R>(_mm512_castsi512_ps(t));
            let back = _mm512_castps_si512(_mm512_cvtph_ps(h));
            let nx = _mm512_cmpneq_epi32_mask(back, t);
            let tiny = _mm512_mask_cmple_epu32_mask(
                nx,
                _mm512_and_si512(back, abs),
                _mm512_set1_epi32(0x3880_0000),
            );
            let huge =
                _mm512_cmpgt_epu32_mask(_mm512_and_si512(t, abs), _mm512_set1_epi32(0x477f_e000));
            (h, tiny | huge, nx)
        };
        let bad = (special | bad) as u64;
        redo |= bad << (16 * g);
        inexact |= ((nx as u64) & !bad) << (16 * g);
        // SAFETY: `out` holds `16 * G` halves = G 32-byte vectors.
        unsafe { _mm256_storeu_si256(o.add(g), h) };
    }
    settle_f16(OP, [a, b, c], rm_of(R), redo & exec, inexact & exec, out)
}

/// `dot2.f32.f16` on 32 lanes, rounded by `R` (embedded rounding; rmm if `MM`, with `R` =
/// RN): the AVX2 kernel's method (`x86::dot2_k`) 16 lanes at a time, binary64 steps on 8
/// lanes per instruction, and the final rounding of the round-to-odd value by
/// `vcvtpd2ps` with embedded rounding (rmm: the integer ties-away step). Lanes with a
/// result beyond the largest finite binary32 before rounding are redone (a slightly
/// larger set than the overflowing ones; rare).
#[target_feature(enable = "avx512f,avx512dq,avx2,fma,f16c")]
fn dot2_k<const R: i32, const MM: bool>(
    a: Words,
    b: Words,
    c: Words,
    exec: u32,
    out: &mut [u32; LANES],
) -> u8 {
    const LOW29: i64 = (1 << 29) - 1;
    // 2^-126 and the largest finite binary32, as binary64 bits.
    const MIN_NORMAL: i64 = 0x3810_0000_0000_0000;
    const MAX_FINITE: i64 = 0x47ef_ffff_e000_0000;
    let rm = if MM { Rm::Rmm } else { rm_of(R) };
    let (mut redo, mut inexact, mut nv) = (0u32, 0u32, 0u32);
    let abs64 = _mm512_set1_epi64(i64::MAX);
    let low29 = _mm512_set1_epi64(LOW29);
    let sign = _mm512_set1_epi32(i32::MIN);
    for h in 0..2 {
        let (x, y, cf) = (load(a, h), load(b, h), load(c, h));
        let (x, y) = (_mm512_castps_si512(x), _mm512_castps_si512(y));
        // Bits 15:0 and 31:16 of every lane, widened exactly.
        let lo = |v: __m512i| _mm512_cvtph_ps(_mm512_cvtepi32_epi16(v));
        let hi = |v: __m512i| _mm512_cvtph_ps(_mm512_cvtepi32_epi16(_mm512_srli_epi32::<16>(v)));
        let (al, ah, bl, bh) = (lo(x), hi(x), lo(y), hi(y));
        // 11 x 11 bits, exponents -48..32: exact in binary32.
        let (p1, p2) = (_mm512_mul_ps(al, bl), _mm512_mul_ps(ah, bh));
        // The sums in binary32 (rne): infinite or NaN iff an operand is, and then the IEEE
        // result (see `x86::dot2_k`).
        let s32 = _mm512_add_ps(p1, p2);
        let r32 = _mm512_add_ps(s32, cf);
        let special = _mm512_fpclass_ps_mask::<NOT_FINITE>(r32);
        if special != 0 {
            nv |= (dot2_invalid([x, y], [al, bl, ah, bh, p1, p2, s32, r32, cf]) as u32) << (16 * h);
        }
        let mut res = [_mm256_setzero_ps(); 2];
        for (q, res) in res.iter_mut().enumerate() {
            let wide = |v: __m512| {
                _mm512_cvtps_pd(if q == 0 {
                    _mm512_castps512_ps256(v)
                } else {
                    _mm256_castpd_ps(_mm512_extractf64x4_pd::<1>(_mm512_castps_pd(v)))
                })
            };
            let two_sum = |p: __m512d, q: __m512d| {
                let s = _mm512_add_pd(p, q);
                let bb = _mm512_sub_pd(s, p);
                let e = _mm512_add_pd(_mm512_sub_pd(p, _mm512_sub_pd(s, bb)), _mm512_sub_pd(q, bb));
                (s, e)
            };
            let (s, e1) = two_sum(wide(p1), wide(p2));
            let (r, e) = two_sum(s, wide(cf));
            // `r + e` rounded to odd at 53 bits: one ulp towards zero when `e` points
            // there, the last bit set when `e != 0`.
            let (rb, eb) = (_mm512_castpd_si512(r), _mm512_castpd_si512(e));
            let inexact53 = _mm512_test_epi64_mask(eb, abs64);
            let towards_zero = inexact53
                & _mm512_cmplt_epi64_mask(_mm512_xor_si512(rb, eb), _mm512_setzero_si512());
            let t = _mm512_mask_sub_epi64(rb, towards_zero, rb, _mm512_set1_epi64(1));
            let t = _mm512_mask_or_epi64(t, inexact53, t, _mm512_set1_epi64(1));
            let ta = _mm512_and_si512(t, abs64);
            let tiny = _mm512_mask_cmplt_epu64_mask(
                _mm512_test_epi64_mask(ta, ta),
                ta,
                _mm512_set1_epi64(MIN_NORMAL),
            );
            let huge = _mm512_cmpgt_epu64_mask(ta, _mm512_set1_epi64(MAX_FINITE));
            let e1_nonzero = _mm512_cmp_pd_mask::<_CMP_NEQ_UQ>(e1, _mm512_setzero_pd());
            let k = 16 * h + 8 * q;
            redo |= ((e1_nonzero | tiny | huge) as u32) << k;
            inexact |= (_mm512_test_epi64_mask(t, low29) as u32) << k;
            let t = if MM {
                // Ties away: half an ulp added to the magnitude, truncated; then exact.
                _mm512_andnot_si512(low29, _mm512_add_epi64(t, _mm512_set1_epi64(1 << 28)))
            } else {
                t
            };
            *res = _mm512_cvt_roundpd_ps::<R>(_mm512_castsi512_pd(t));
        }
        // Infinite and NaN lanes are settled here, not redone, and exact.
        redo &= !((special as u32) << (16 * h));
        inexact &= !((special as u32) << (16 * h));
        let v = _mm512_castpd_si512(_mm512_insertf64x4::<1>(
            _mm512_castpd256_pd512(_mm256_castps_pd(res[0])),
            _mm256_castps_pd(res[1]),
        ));
        // An exact zero sum: the common sign of the three terms (a product's sign is the
        // XOR of its factors'), else -0 in rdn and +0 otherwise.
        let ab = _mm512_xor_si512(x, y);
        let nc = _mm512_castps_si512(cf);
        let mixed = _mm512_test_epi32_mask(
            _mm512_or_si512(
                _mm512_xor_si512(_mm512_slli_epi32::<16>(ab), ab),
                _mm512_xor_si512(ab, nc),
            ),
            sign,
        );
        let rdn_sign = if rm == Rm::Rdn {
            sign
        } else {
            _mm512_setzero_si512()
        };
        let zero_sign = _mm512_mask_blend_epi32(mixed, _mm512_and_si512(nc, sign), rdn_sign);
        let is_zero = !_mm512_test_epi32_mask(v, _mm512_set1_epi32(ABS));
        let v = _mm512_mask_blend_epi32(is_zero, v, zero_sign);
        // Infinite lanes: `r32`; NaN lanes: the canonical NaN.
        let nan = _mm512_fpclass_ps_mask::<0x81>(r32);
        let v = _mm512_mask_blend_epi32(special, v, _mm512_castps_si512(r32));
        let v = _mm512_mask_blend_epi32(nan, v, _mm512_set1_epi32(0x7fc0_0000));
        store(out, h, _mm512_castsi512_ps(v));
    }
    super::flag_if(nv & exec != 0, crate::flags::NV)
        | super::settle_dot2([a, b, c], rm, redo & exec, inexact & exec, out)
}

/// The dot2 lanes (16) that raise NV, from the operands `a`, `b` and the binary32 steps
/// `[a.l, b.l, a.h, b.h, p1, p2, s, r, c]` (see `x86::dot2_invalid`).
#[target_feature(enable = "avx512f,avx512dq,avx2,fma,f16c")]
#[cold]
#[inline(never)]
fn dot2_invalid([a, b]: [__m512i; 2], [al, bl, ah, bh, p1, p2, s, r, c]: [__m512; 9]) -> __mmask16 {
    let nan = |v: __m512| _mm512_fpclass_ps_mask::<0x81>(v);
    let made = |r: __m512, p: __m512, q: __m512| nan(r) & !(nan(p) | nan(q));
    // Either half a signalling NaN: exponent all ones, quiet bit 0, payload != 0.
    let snan = |v: __m512i| {
        let f = |m: i32| _mm512_set1_epi32(m);
        let sig_lo = _mm512_cmpeq_epi32_mask(_mm512_and_si512(v, f(0x7e00)), f(0x7c00));
        let sig_hi = _mm512_cmpeq_epi32_mask(_mm512_and_si512(v, f(0x7e00_0000)), f(0x7c00_0000));
        (sig_lo & _mm512_test_epi32_mask(v, f(0x1ff)))
            | (sig_hi & _mm512_test_epi32_mask(v, f(0x01ff_0000)))
    };
    made(p1, al, bl)
        | made(p2, ah, bh)
        | made(s, p1, p2)
        | made(r, s, c)
        | snan(a)
        | snan(b)
        | _mm512_fpclass_ps_mask::<0x80>(c)
}

/// The dot2 kernels by rounding mode (see `super::DOT2_FNS`).
pub(super) const DOT2: [F32Fn; 5] = [
    dot2_k::<RN, false>,
    dot2_k::<RZ, false>,
    dot2_k::<RD, false>,
    dot2_k::<RU, false>,
    dot2_k::<RN, true>,
];
