//! The AVX-512 binary32 kernels: the operation with embedded rounding (`{rn,rd,ru,rz}-sae`),
//! which reads no MXCSR and raises nothing, 16 lanes per instruction. Inexact iff the
//! rounded-down and rounded-up results differ; lanes with an infinite or NaN operand, a
//! result that may overflow (an infinite directed result) or underflow (inexact with
//! |result| <= 2^-126) are redone by the scalar function. rmm and binary16 use the AVX2
//! kernels.

use super::{scalar_f32, Op, Src32, LANES};
use crate::{flags, Rm};
use core::arch::x86_64::*;

const RN: i32 = _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC;
const RD: i32 = _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC;
const RU: i32 = _MM_FROUND_TO_POS_INF | _MM_FROUND_NO_EXC;
const RZ: i32 = _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC;

/// `vfpclassps` categories: quiet NaN, +inf, -inf, signalling NaN.
const NOT_FINITE: i32 = 0x01 | 0x08 | 0x10 | 0x80;
const INFINITE: i32 = 0x08 | 0x10;

/// Entry point of the binary32 kernels.
///
/// # Safety
/// The CPU must have AVX-512F, AVX-512DQ, AVX2, FMA and F16C.
#[target_feature(enable = "avx512f,avx512dq,avx2,fma,f16c")]
pub(super) unsafe fn f32_op(
    op: Op,
    a: Src32,
    b: Src32,
    c: Src32,
    exec: u32,
    rm: Rm,
    out: &mut [u32; LANES],
) -> u8 {
    macro_rules! by_mode {
        ($op:expr) => {
            match rm {
                Rm::Rne => f32_sae::<{ $op }, RN>(a, b, c, exec, out),
                Rm::Rtz => f32_sae::<{ $op }, RZ>(a, b, c, exec, out),
                Rm::Rdn => f32_sae::<{ $op }, RD>(a, b, c, exec, out),
                Rm::Rup => f32_sae::<{ $op }, RU>(a, b, c, exec, out),
                // SAFETY: the AVX2 kernels need a subset of this function's features.
                Rm::Rmm => unsafe { super::x86::f32_op(op, a, b, c, exec, rm, out) },
            }
        };
    }
    match op {
        Op::Add => by_mode!(0),
        Op::Sub => by_mode!(1),
        Op::Mul => by_mode!(2),
        Op::Fma => by_mode!(3),
    }
}

#[target_feature(enable = "avx512f,avx512dq,avx2,fma,f16c")]
#[inline]
fn load(s: Src32, h: usize) -> __m512 {
    match s {
        Src32::Lanes(r) => {
            let v = &r[16 * h..16 * h + 16];
            // SAFETY: `v` is 16 u32 = 64 bytes; unaligned load.
            _mm512_castsi512_ps(unsafe { _mm512_loadu_si512(v.as_ptr() as *const __m512i) })
        }
        Src32::Splat(x) => _mm512_castsi512_ps(_mm512_set1_epi32(x as i32)),
    }
}

/// `OP` (0 add, 1 sub, 2 mul, 3 fma) rounded by the embedded rounding `R`.
#[target_feature(enable = "avx512f,avx512dq,avx2,fma,f16c")]
fn f32_sae<const OP: u8, const R: i32>(
    a: Src32,
    b: Src32,
    c: Src32,
    exec: u32,
    out: &mut [u32; LANES],
) -> u8 {
    let mut redo = 0u32;
    let mut inexact = 0u32;
    for h in 0..2 {
        let active = (exec >> (16 * h)) as __mmask16;
        if active == 0 {
            continue;
        }
        let (x, y) = (load(a, h), load(b, h));
        let z = if OP == 3 {
            load(c, h)
        } else {
            _mm512_setzero_ps()
        };
        let mut special =
            _mm512_fpclass_ps_mask::<NOT_FINITE>(x) | _mm512_fpclass_ps_mask::<NOT_FINITE>(y);
        if OP == 3 {
            special |= _mm512_fpclass_ps_mask::<NOT_FINITE>(z);
        }
        macro_rules! op {
            ($r:expr) => {
                match OP {
                    0 => _mm512_add_round_ps::<{ $r }>(x, y),
                    1 => _mm512_sub_round_ps::<{ $r }>(x, y),
                    2 => _mm512_mul_round_ps::<{ $r }>(x, y),
                    _ => _mm512_fmadd_round_ps::<{ $r }>(x, y, z),
                }
            };
        }
        let (r, dn, up) = (op!(R), op!(RD), op!(RU));
        // Between two neighbours, or on one: -0 and +0 compare equal (exact zero sums).
        let nx = _mm512_cmp_ps_mask::<_CMP_NEQ_OQ>(dn, up);
        let huge = _mm512_fpclass_ps_mask::<INFINITE>(dn) | _mm512_fpclass_ps_mask::<INFINITE>(up);
        let tiny = nx
            & _mm512_cmple_epu32_mask(
                _mm512_and_si512(_mm512_castps_si512(r), _mm512_set1_epi32(i32::MAX)),
                _mm512_set1_epi32(0x0080_0000),
            );
        let bad = (special | huge | tiny) & active;
        redo |= (bad as u32) << (16 * h);
        inexact |= ((nx & active & !bad) as u32) << (16 * h);
        let o = &mut out[16 * h..16 * h + 16];
        // SAFETY: `o` is 16 u32 = 64 bytes; unaligned store.
        unsafe { _mm512_storeu_si512(o.as_mut_ptr() as *mut __m512i, _mm512_castps_si512(r)) };
    }
    let mut fl = if inexact != 0 { flags::NX } else { 0 };
    let op = [Op::Add, Op::Sub, Op::Mul, Op::Fma][OP as usize];
    let rm = match R {
        RN => Rm::Rne,
        RZ => Rm::Rtz,
        RD => Rm::Rdn,
        _ => Rm::Rup,
    };
    while redo != 0 {
        let i = redo.trailing_zeros() as usize;
        redo &= redo - 1;
        out[i] = scalar_f32(op, a.get(i), b.get(i), c.get(i), rm, &mut fl);
    }
    fl
}
