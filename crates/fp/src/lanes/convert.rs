//! binary32 round-to-integral, binary32 <-> int32 and binary16 -> binary32 on 32 lanes.
//!
//! Why each equals the scalar function of this crate, lane by lane:
//!
//! * **Round to integral** (`floor`/`ceil`/`trunc`/`rndne`, [`crate::f32_round`]): x86
//!   `vroundps` with the direction in its immediate and exceptions suppressed is IEEE
//!   roundToIntegral in that direction (zeros, infinities and the sign of a zero result as
//!   IEEE says; DAZ is off, so subnormals are numbers). It raises nothing, as the ISA's
//!   non-exact rounding must not; a NaN becomes the canonical NaN, NV for a signalling one.
//! * **binary32 -> int32** ([`crate::f32_to_i32`]): round to integral in the mode first
//!   (exact, as above), then `vcvttps2dq`, exact on the integral values in
//!   `[-2^31, 2^31)`. Outside that range or NaN: the RISC-V saturated value and NV;
//!   inside: NX when the integral value differs from the operand. rmm has no `vroundps`
//!   direction: those calls use the scalar function.
//! * **int32 -> binary32** ([`crate::i32_to_f32`]): inexact iff converting the result back
//!   (truncating) does not give the operand; a result of 2^31 converts back to the
//!   "indefinite" `0x80000000`, which is only ever the operand -2^31, whose result is
//!   exact, so the test holds there too. rne is `vcvtdq2ps` in the default (rne)
//!   environment. Avx512: rtz/rdn/rup with embedded rounding (`{rz,rd,ru}-sae`). Avx2:
//!   the rne result is the directed one where it is exact; inexact lanes (|x| > 2^24) are
//!   redone by the scalar function. rmm: the scalar function.
//! * **binary32 -> binary16** ([`crate::f32_to_f16`]): `vcvtps2ph` with the mode in its
//!   immediate (MXCSR.RC is not read) rounds once, IEEE-correctly (its flags are not
//!   used); the
//!   result is inexact iff widening it back differs from the operand. Lanes that may
//!   overflow (`|x| > 65504`), may underflow (inexact with `|result| <= 2^-14`) or are
//!   infinite or NaN are redone by the scalar function, which gives their flags. rmm: the
//!   scalar function.
//! * **binary16 -> binary32** ([`crate::f16_to_f32`], the low or high half of each lane):
//!   exact, in integer lane code: a normal value re-biases its exponent and shifts its
//!   fraction; a subnormal `m * 2^-24` is computed as an `f32` product, exact for
//!   `m < 2^10`; infinities keep their sign; a NaN gives the canonical NaN, NV for a
//!   signalling one. Compiled per level so the loop vectorises.
//!
//! * **fract** ([`crate::f32_fract`]): `s - floor(s)`, the floor from the round kernel
//!   (exact; NV and the canonical NaN for a signalling NaN), the subtraction from the
//!   binary32 sub kernel in the mode (its own flags; `inf - inf` is NV), a result of 1.0
//!   or more (only from a tiny negative `s`) clamped to `0x3f7fffff`. Each step is the
//!   scalar function's step, so the composition is too.
//! * **ldexp** ([`crate::f32_ldexp`]): for a normal `a` whose exponent field plus `e`
//!   stays in 1..=254 the result is exact: the bits plus `e << 23`. Every other lane
//!   (zeros, subnormals, infinities, NaNs, results that overflow or leave the normal
//!   range) is redone by the scalar function. Integer lane code, vectorised per level.
//!
//! Flags come from the active lanes only.

use super::{flag_if, mask_of, set_bits, SimdLevel, Src32, Words, LANES};
use crate::{flags, Rm, RoundOp};

// ------------------------------------------------------------------ binary16 -> binary32

/// One binary16 `h` (bits 15:0) widened: (binary32 bits, 1 if NV).
#[inline(always)]
fn widen(h: u32) -> (u32, u32) {
    let sign = (h & 0x8000) << 16;
    let (e, m) = ((h >> 10) & 0x1f, h & 0x3ff);
    let normal = sign | ((e + 112) << 23) | (m << 13);
    // m * 2^-24, exact in binary32 (and +0 for m = 0).
    let sub = sign | (m as f32 * f32::from_bits(0x3380_0000)).to_bits();
    let special = if m == 0 {
        sign | 0x7f80_0000
    } else {
        0x7fc0_0000
    };
    let r = match e {
        0 => sub,
        0x1f => special,
        _ => normal,
    };
    let snan = (e == 0x1f) & (m != 0) & (m & 0x200 == 0);
    (r, snan as u32)
}

per_level! {
    /// The halves widened into `out`: the NV mask.
    fn widen_lanes(a: Words, hi: bool, out: &mut [u32; LANES]) -> u32 {
        let a = a.to_lanes();
        let sh = if hi { 16 } else { 0 };
        let mut nv = [0u32; LANES];
        for i in 0..LANES {
            let (r, n) = widen((a[i] >> sh) & 0xffff);
            out[i] = r;
            nv[i] = n;
        }
        mask_of(&nv)
    }
}

/// See [`super::Kernels::f16_to_f32`].
#[inline(always)]
pub(super) fn f16_to_f32(
    level: SimdLevel,
    a: Src32,
    hi: bool,
    exec: u32,
    out: &mut [u32; LANES],
) -> u8 {
    let nv = widen_lanes(level, a.into(), hi, out);
    flag_if(nv & exec != 0, flags::NV)
}

// ------------------------------------------------------------------ ldexp

per_level! {
    /// The lanes whose `a * 2^e` is exact by an exponent add, with their results in `out`.
    fn ldexp_lanes(a: Words, e: Words, out: &mut [u32; LANES]) -> u32 {
        let (a, e) = (a.to_lanes(), e.to_lanes());
        let mut ok = [0u32; LANES];
        for i in 0..LANES {
            let field = ((a[i] >> 23) & 0xff) as i64;
            let n = field + e[i] as i32 as i64;
            let fast = (field != 0) & (field != 0xff) & (1..=0xfe).contains(&n);
            out[i] = a[i].wrapping_add((e[i] as i32 as u32) << 23);
            ok[i] = fast as u32;
        }
        mask_of(&ok)
    }
}

/// See [`super::Kernels::f32_ldexp`].
#[inline(always)]
pub(super) fn ldexp(
    level: SimdLevel,
    rm: Rm,
    a: Src32,
    e: Src32,
    exec: u32,
    out: &mut [u32; LANES],
) -> u8 {
    let ok = ldexp_lanes(level, a.into(), e.into(), out);
    let mut fl = 0;
    for i in set_bits(exec & !ok) {
        out[i] = crate::f32_ldexp(a.get(i), e.get(i) as i32, rm, &mut fl);
    }
    fl
}

// ------------------------------------------------------------------ the scalar fallbacks

fn soft_each(a: Src32, exec: u32, out: &mut [u32; LANES], f: impl Fn(u32, &mut u8) -> u32) -> u8 {
    let mut fl = 0;
    for i in set_bits(exec) {
        out[i] = f(a.get(i), &mut fl);
    }
    fl
}

/// See [`super::Kernels::f32_round`].
#[inline(always)]
pub(super) fn round(
    level: SimdLevel,
    op: RoundOp,
    a: Src32,
    exec: u32,
    out: &mut [u32; LANES],
) -> u8 {
    if exec == 0 {
        return 0;
    }
    #[cfg(target_arch = "x86_64")]
    if level != SimdLevel::Soft {
        let a = Words::from(a);
        // SAFETY: levels above Soft exist only where the CPU has AVX2, FMA and F16C.
        return unsafe {
            match op {
                RoundOp::Floor => x86::round::<{ x86::FLOOR }>(a, exec, out),
                RoundOp::Ceil => x86::round::<{ x86::CEIL }>(a, exec, out),
                RoundOp::Trunc => x86::round::<{ x86::TRUNC }>(a, exec, out),
                RoundOp::NearestEven => x86::round::<{ x86::NEAREST }>(a, exec, out),
            }
        };
    }
    let _ = level;
    soft_each(a, exec, out, |x, fl| crate::f32_round(op, x, fl))
}

/// See [`super::Kernels::f32_to_i32`].
#[inline(always)]
pub(super) fn to_i32(level: SimdLevel, rm: Rm, a: Src32, exec: u32, out: &mut [u32; LANES]) -> u8 {
    if exec == 0 {
        return 0;
    }
    #[cfg(target_arch = "x86_64")]
    if level != SimdLevel::Soft {
        let a = Words::from(a);
        // SAFETY: as in `round`.
        let r = unsafe {
            match rm {
                Rm::Rne => Some(x86::to_i32::<{ x86::NEAREST }>(a, exec, out)),
                Rm::Rtz => Some(x86::to_i32::<{ x86::TRUNC }>(a, exec, out)),
                Rm::Rdn => Some(x86::to_i32::<{ x86::FLOOR }>(a, exec, out)),
                Rm::Rup => Some(x86::to_i32::<{ x86::CEIL }>(a, exec, out)),
                Rm::Rmm => None,
            }
        };
        if let Some(fl) = r {
            return fl;
        }
    }
    let _ = level;
    soft_each(a, exec, out, |x, fl| crate::f32_to_i32(x, rm, fl))
}

/// See [`super::Kernels::i32_to_f32`].
#[inline(always)]
pub(super) fn from_i32(
    level: SimdLevel,
    rm: Rm,
    a: Src32,
    exec: u32,
    out: &mut [u32; LANES],
) -> u8 {
    if exec == 0 {
        return 0;
    }
    #[cfg(target_arch = "x86_64")]
    if level != SimdLevel::Soft && rm != Rm::Rmm {
        let w = Words::from(a);
        // SAFETY: as in `round`; the Avx512 kernels need that level.
        let (fl, redo) = unsafe {
            match (level, rm) {
                (SimdLevel::Avx512, Rm::Rtz) => x86::from_i32_sae::<{ x86::TRUNC }>(w, exec, out),
                (SimdLevel::Avx512, Rm::Rdn) => x86::from_i32_sae::<{ x86::FLOOR }>(w, exec, out),
                (SimdLevel::Avx512, Rm::Rup) => x86::from_i32_sae::<{ x86::CEIL }>(w, exec, out),
                _ => x86::from_i32_rne(w, rm == Rm::Rne, exec, out),
            }
        };
        return fl | soft_each(a, redo, out, |x, fl| crate::i32_to_f32(x, rm, fl));
    }
    let _ = level;
    soft_each(a, exec, out, |x, fl| crate::i32_to_f32(x, rm, fl))
}

/// See [`super::Kernels::f32_to_f16`].
#[inline(always)]
pub(super) fn to_f16(level: SimdLevel, rm: Rm, a: Src32, exec: u32, out: &mut [u16; LANES]) -> u8 {
    if exec == 0 {
        return 0;
    }
    let mut redo = exec;
    let mut fl = 0;
    #[cfg(target_arch = "x86_64")]
    if level != SimdLevel::Soft {
        let w = Words::from(a);
        // SAFETY: as in `round`.
        let r = unsafe {
            match rm {
                Rm::Rne => Some(x86::to_f16::<{ x86::H_NEAREST }>(w, exec, out)),
                Rm::Rtz => Some(x86::to_f16::<{ x86::H_TRUNC }>(w, exec, out)),
                Rm::Rdn => Some(x86::to_f16::<{ x86::H_FLOOR }>(w, exec, out)),
                Rm::Rup => Some(x86::to_f16::<{ x86::H_CEIL }>(w, exec, out)),
                Rm::Rmm => None,
            }
        };
        if let Some((f, r)) = r {
            (fl, redo) = (f, r);
        }
    }
    let _ = level;
    for i in set_bits(redo) {
        out[i] = crate::f32_to_f16(a.get(i), rm, &mut fl);
    }
    fl
}

#[cfg(target_arch = "x86_64")]
mod x86 {
    use super::super::x86::{
        is_nan32 as is_nan, lane_bits as bits, load32 as load, store32 as store,
    };
    use super::super::x86::{ABS32 as ABS, QNAN32 as QNAN};
    use super::super::{avx512, flag_if, Words, LANES};
    use crate::flags;
    use core::arch::x86_64::*;

    // Rounding immediates, exceptions suppressed.
    pub(super) const NEAREST: i32 = _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC;
    pub(super) const FLOOR: i32 = _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC;
    pub(super) const CEIL: i32 = _MM_FROUND_TO_POS_INF | _MM_FROUND_NO_EXC;
    pub(super) const TRUNC: i32 = _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC;
    // `vcvtps2ph` immediates (3 bits: no exception suppression; the flags it sets go to the
    // caller's MXCSR, which Rust code does not read).
    pub(super) const H_NEAREST: i32 = _MM_FROUND_TO_NEAREST_INT;
    pub(super) const H_FLOOR: i32 = _MM_FROUND_TO_NEG_INF;
    pub(super) const H_CEIL: i32 = _MM_FROUND_TO_POS_INF;
    pub(super) const H_TRUNC: i32 = _MM_FROUND_TO_ZERO;

    const QUIET: i32 = 0x0040_0000;

    /// Round to integral in the direction `R` (see the module docs).
    #[target_feature(enable = "avx2,fma,f16c")]
    #[inline(never)]
    pub(super) fn round<const R: i32>(a: Words, exec: u32, out: &mut [u32; LANES]) -> u8 {
        let x = load(a);
        let mut nv = 0;
        for (g, &x) in x.iter().enumerate() {
            let r = _mm256_round_ps::<R>(_mm256_castsi256_ps(x));
            let nan = is_nan(x);
            let r = _mm256_blendv_epi8(_mm256_castps_si256(r), _mm256_set1_epi32(QNAN), nan);
            store(out, g, r);
            let quiet = _mm256_and_si256(x, _mm256_set1_epi32(QUIET));
            let snan =
                _mm256_andnot_si256(_mm256_cmpeq_epi32(quiet, _mm256_set1_epi32(QUIET)), nan);
            nv |= bits(snan, g);
        }
        flag_if(nv & exec != 0, flags::NV)
    }

    /// binary32 -> int32 rounding in the direction `R` (see the module docs).
    #[target_feature(enable = "avx2,fma,f16c")]
    #[inline(never)]
    pub(super) fn to_i32<const R: i32>(a: Words, exec: u32, out: &mut [u32; LANES]) -> u8 {
        let x = load(a);
        let (mut nv, mut nx) = (0, 0);
        let lo = _mm256_set1_ps(-2_147_483_648.0);
        let hi = _mm256_set1_ps(2_147_483_648.0);
        for (g, &xi) in x.iter().enumerate() {
            let xf = _mm256_castsi256_ps(xi);
            let r = _mm256_round_ps::<R>(xf);
            // Ordered compares: false for NaN.
            let in_range = _mm256_and_ps(
                _mm256_cmp_ps::<_CMP_GE_OQ>(r, lo),
                _mm256_cmp_ps::<_CMP_LT_OQ>(r, hi),
            );
            let inexact = _mm256_and_ps(in_range, _mm256_cmp_ps::<_CMP_NEQ_OQ>(r, xf));
            let i = _mm256_cvttps_epi32(r);
            // Out of range: i32::MAX for NaN and positive values, i32::MIN for negative ones.
            let negative = _mm256_andnot_si256(is_nan(xi), _mm256_srai_epi32::<31>(xi));
            let sat = _mm256_xor_si256(_mm256_set1_epi32(i32::MAX), negative);
            let v = _mm256_blendv_epi8(sat, i, _mm256_castps_si256(in_range));
            store(out, g, v);
            let out_of_range =
                _mm256_xor_si256(_mm256_castps_si256(in_range), _mm256_set1_epi32(-1));
            nv |= bits(out_of_range, g);
            nx |= bits(_mm256_castps_si256(inexact), g);
        }
        flag_if(nv & exec != 0, flags::NV) | flag_if(nx & exec != 0, flags::NX)
    }

    /// binary32 -> binary16 rounded by `R`: (NX of the settled active lanes, active lanes
    /// to redo).
    #[target_feature(enable = "avx2,fma,f16c")]
    #[inline(never)]
    pub(super) fn to_f16<const R: i32>(a: Words, exec: u32, out: &mut [u16; LANES]) -> (u8, u32) {
        let x = load(a);
        let (mut nx, mut redo) = (0, 0);
        let abs = _mm256_set1_epi32(ABS);
        for (g, &xi) in x.iter().enumerate() {
            let h = _mm256_cvtps_ph::<R>(_mm256_castsi256_ps(xi));
            let back = _mm256_castps_si256(_mm256_cvtph_ps(h));
            let inexact = _mm256_xor_si256(_mm256_cmpeq_epi32(back, xi), _mm256_set1_epi32(-1));
            let ax = _mm256_and_si256(xi, abs);
            // Beyond the largest binary16 (65504), infinities and NaNs.
            let huge = _mm256_cmpgt_epi32(ax, _mm256_set1_epi32(0x477f_e000));
            // Inexact at or below the smallest binary16 normal (2^-14): may underflow.
            let tiny = _mm256_andnot_si256(
                _mm256_cmpgt_epi32(_mm256_and_si256(back, abs), _mm256_set1_epi32(0x3880_0000)),
                inexact,
            );
            let bad = bits(_mm256_or_si256(huge, tiny), g);
            redo |= bad;
            nx |= bits(inexact, g) & !bad;
            // SAFETY: halves 8g .. 8g + 8 of 32 u16 (16 bytes); unaligned store.
            unsafe { _mm_storeu_si128((out.as_mut_ptr() as *mut __m128i).add(g), h) };
        }
        (flag_if(nx & exec != 0, flags::NX), redo & exec)
    }

    /// int32 -> binary32 in rne (`vcvtdq2ps` in the default environment); returns (flags,
    /// lanes to redo). If `!rne` (a directed mode without AVX-512), the inexact lanes are
    /// to be redone instead of flagged.
    #[target_feature(enable = "avx2,fma,f16c")]
    #[inline(never)]
    pub(super) fn from_i32_rne(
        a: Words,
        rne: bool,
        exec: u32,
        out: &mut [u32; LANES],
    ) -> (u8, u32) {
        let x = load(a);
        let mut nx = 0;
        for (g, &xi) in x.iter().enumerate() {
            let r = _mm256_cvtepi32_ps(xi);
            store(out, g, _mm256_castps_si256(r));
            let back = _mm256_cvttps_epi32(r);
            let exact = _mm256_cmpeq_epi32(back, xi);
            nx |= bits(_mm256_xor_si256(exact, _mm256_set1_epi32(-1)), g);
        }
        let nx = nx & exec;
        match (rne, nx != 0) {
            (true, true) => (flags::NX, 0),
            (true, false) | (false, false) => (0, 0),
            (false, true) => (0, nx),
        }
    }

    /// int32 -> binary32 with the embedded rounding `R` (AVX-512); no lanes to redo.
    #[target_feature(enable = "avx512f,avx512dq,avx512bw,avx512vl,avx2,fma,f16c")]
    #[inline(never)]
    pub(super) fn from_i32_sae<const R: i32>(
        a: Words,
        exec: u32,
        out: &mut [u32; LANES],
    ) -> (u8, u32) {
        let mut nx = 0u32;
        for h in 0..2 {
            let x = _mm512_castps_si512(avx512::load(a, h));
            let r = _mm512_cvt_roundepi32_ps::<R>(x);
            avx512::store(out, h, r);
            let back = _mm512_cvttps_epi32(r);
            nx |= (_mm512_cmpneq_epi32_mask(back, x) as u32) << (16 * h);
        }
        (flag_if(nx & exec != 0, flags::NX), 0)
    }
}
