//! Reference implementations taken straight from Berkeley SoftFloat 3e (RISC-V specialisation).
//!
//! These are the slow path of the public API (special operands) and the reference the fast
//! paths are cross-checked against in the tests.
//!
//! # Thread safety
//! SoftFloat keeps its rounding mode, tininess mode and exception flags in global variables.
//! `softfloat-sys` compiles them as C `_Thread_local`, so every thread has its own copy.
//! Every function here sets the rounding mode, the tininess mode (after rounding) and clears the
//! flags before the SoftFloat call, and reads the flags right after it, on the same thread and
//! without any call in between that could touch that state. So the functions are safe to call
//! from any number of threads at once and never leak state from one call to the next.
//! (`softfloat-wrapper` uses the same thread-local state: it writes the rounding mode before each
//! operation and exposes the flags through `ExceptionFlags::set/get`.)

use crate::Rm;
use softfloat_sys as sys;
use softfloat_wrapper::{ExceptionFlags, Float, RoundingMode, F16, F32};

fn wrm(rm: Rm) -> RoundingMode {
    match rm {
        Rm::Rne => RoundingMode::TiesToEven,
        Rm::Rtz => RoundingMode::TowardZero,
        Rm::Rdn => RoundingMode::TowardNegative,
        Rm::Rup => RoundingMode::TowardPositive,
        Rm::Rmm => RoundingMode::TiesToAway,
    }
}

/// Run `f` with SoftFloat's thread-local state prepared for `rm`, accumulate the raised flags.
#[inline]
fn run<T>(rm: Rm, fl: &mut u8, f: impl FnOnce() -> T) -> T {
    // SAFETY: the helpers only read/write SoftFloat's thread-local state variables.
    unsafe {
        sys::softfloat_detectTininess_write_helper(sys::softfloat_tininess_afterRounding);
        sys::softfloat_roundingMode_write_helper(rm as u8);
    }
    ExceptionFlags::from_bits(0).set();
    let r = f();
    let mut ef = ExceptionFlags::default();
    ef.get();
    // SoftFloat's flag bits are NX=1, UF=2, OF=4, DZ(infinite)=8, NV=16: the RISC-V order.
    *fl |= ef.to_bits() & 0x1f;
    r
}

pub fn f32_add(a: u32, b: u32, rm: Rm, fl: &mut u8) -> u32 {
    run(rm, fl, || {
        F32::from_bits(a).add(F32::from_bits(b), wrm(rm)).to_bits()
    })
}
pub fn f32_sub(a: u32, b: u32, rm: Rm, fl: &mut u8) -> u32 {
    run(rm, fl, || {
        F32::from_bits(a).sub(F32::from_bits(b), wrm(rm)).to_bits()
    })
}
pub fn f32_mul(a: u32, b: u32, rm: Rm, fl: &mut u8) -> u32 {
    run(rm, fl, || {
        F32::from_bits(a).mul(F32::from_bits(b), wrm(rm)).to_bits()
    })
}
/// `a * b + c` with one rounding.
pub fn f32_fma(a: u32, b: u32, c: u32, rm: Rm, fl: &mut u8) -> u32 {
    run(rm, fl, || {
        F32::from_bits(a)
            .fused_mul_add(F32::from_bits(b), F32::from_bits(c), wrm(rm))
            .to_bits()
    })
}
pub fn f16_add(a: u16, b: u16, rm: Rm, fl: &mut u8) -> u16 {
    run(rm, fl, || {
        F16::from_bits(a).add(F16::from_bits(b), wrm(rm)).to_bits()
    })
}
pub fn f16_sub(a: u16, b: u16, rm: Rm, fl: &mut u8) -> u16 {
    run(rm, fl, || {
        F16::from_bits(a).sub(F16::from_bits(b), wrm(rm)).to_bits()
    })
}
pub fn f16_mul(a: u16, b: u16, rm: Rm, fl: &mut u8) -> u16 {
    run(rm, fl, || {
        F16::from_bits(a).mul(F16::from_bits(b), wrm(rm)).to_bits()
    })
}
pub fn f16_fma(a: u16, b: u16, c: u16, rm: Rm, fl: &mut u8) -> u16 {
    run(rm, fl, || {
        F16::from_bits(a)
            .fused_mul_add(F16::from_bits(b), F16::from_bits(c), wrm(rm))
            .to_bits()
    })
}
pub fn f32_to_f16(a: u32, rm: Rm, fl: &mut u8) -> u16 {
    run(rm, fl, || F32::from_bits(a).to_f16(wrm(rm)).to_bits())
}
pub fn f16_to_f32(a: u16, fl: &mut u8) -> u32 {
    run(Rm::Rne, fl, || {
        F16::from_bits(a).to_f32(RoundingMode::TiesToEven).to_bits()
    })
}
/// RISC-V rules: saturating, NaN -> 0x7fffffff, NV on saturation/NaN, NX otherwise when inexact.
pub fn f32_to_i32(a: u32, rm: Rm, fl: &mut u8) -> u32 {
    run(rm, fl, || F32::from_bits(a).to_i32(wrm(rm), true) as u32)
}
/// RISC-V rules: saturating, NaN -> 0xffffffff.
pub fn f32_to_u32(a: u32, rm: Rm, fl: &mut u8) -> u32 {
    run(rm, fl, || F32::from_bits(a).to_u32(wrm(rm), true))
}
pub fn i32_to_f32(a: u32, rm: Rm, fl: &mut u8) -> u32 {
    run(rm, fl, || F32::from_i32(a as i32, wrm(rm)).to_bits())
}
pub fn u32_to_f32(a: u32, rm: Rm, fl: &mut u8) -> u32 {
    run(rm, fl, || F32::from_u32(a, wrm(rm)).to_bits())
}
pub fn i16_to_f16(a: u16, rm: Rm, fl: &mut u8) -> u16 {
    run(rm, fl, || F16::from_i32(a as i16 as i32, wrm(rm)).to_bits())
}
pub fn u16_to_f16(a: u16, rm: Rm, fl: &mut u8) -> u16 {
    run(rm, fl, || F16::from_u32(a as u32, wrm(rm)).to_bits())
}
/// SoftFloat has no 16-bit integer conversions: f16 -> i32, then the ISA's saturation rules.
pub fn f16_to_i16(a: u16, rm: Rm, fl: &mut u8) -> u16 {
    let mut f = 0;
    let v = run(rm, &mut f, || F16::from_bits(a).to_i32(wrm(rm), true));
    let (r, f) = if crate::F16.is_nan(a as u32) || v > i16::MAX as i32 {
        (0x7fff, crate::flags::NV)
    } else if v < i16::MIN as i32 {
        (0x8000, crate::flags::NV)
    } else {
        (v as i16 as u16, f)
    };
    *fl |= f;
    r
}
/// f16 -> u32, then the ISA's saturation rules.
pub fn f16_to_u16(a: u16, rm: Rm, fl: &mut u8) -> u16 {
    let mut f = 0;
    let v = run(rm, &mut f, || F16::from_bits(a).to_u32(wrm(rm), true));
    let (r, f) = if crate::F16.is_nan(a as u32) || v > u16::MAX as u32 {
        (0xffff, crate::flags::NV)
    } else {
        (v as u16, f)
    };
    *fl |= f;
    r
}
/// IEEE roundToIntegral (exact = false) / roundToIntegralExact (exact = true, raises NX).
pub fn f32_round_to_int(a: u32, rm: Rm, exact: bool, fl: &mut u8) -> u32 {
    // SAFETY: plain C function on values.
    run(rm, fl, || unsafe {
        sys::f32_roundToInt(sys::float32_t { v: a }, rm as u8, exact).v
    })
}
pub fn f16_round_to_int(a: u16, rm: Rm, exact: bool, fl: &mut u8) -> u16 {
    // SAFETY: plain C function on values.
    run(rm, fl, || unsafe {
        sys::f16_roundToInt(sys::float16_t { v: a }, rm as u8, exact).v
    })
}
/// Quiet equality (NV only for sNaN).
pub fn f32_eq(a: u32, b: u32, fl: &mut u8) -> bool {
    run(Rm::Rne, fl, || F32::from_bits(a).eq(F32::from_bits(b)))
}
/// Signalling less-than (NV for any NaN).
pub fn f32_lt(a: u32, b: u32, fl: &mut u8) -> bool {
    run(Rm::Rne, fl, || F32::from_bits(a).lt(F32::from_bits(b)))
}
/// Signalling less-or-equal (NV for any NaN).
pub fn f32_le(a: u32, b: u32, fl: &mut u8) -> bool {
    run(Rm::Rne, fl, || F32::from_bits(a).le(F32::from_bits(b)))
}
/// Quiet less-than (NV only for sNaN).
pub fn f32_lt_quiet(a: u32, b: u32, fl: &mut u8) -> bool {
    run(Rm::Rne, fl, || {
        F32::from_bits(a).lt_quiet(F32::from_bits(b))
    })
}
/// Quiet less-or-equal (NV only for sNaN).
pub fn f32_le_quiet(a: u32, b: u32, fl: &mut u8) -> bool {
    run(Rm::Rne, fl, || {
        F32::from_bits(a).le_quiet(F32::from_bits(b))
    })
}

fn f128_is_zero(x: sys::float128_t) -> bool {
    x.v[0] == 0 && (x.v[1] & 0x7fff_ffff_ffff_ffff) == 0
}

/// `c + a.l*b.l + a.h*b.h` with exact products and sum and one rounding to binary32.
///
/// Products of two binary16 values and their sum are exact in binary128. The final sum with `c`
/// is done in binary128 with round-to-odd, which is then rounded once to binary32 in `rm`:
/// round-to-odd to 113 bits followed by a rounding to 24 bits equals a single correct rounding,
/// including the inexact, underflow (tininess after rounding) and overflow flags.
pub fn dot2_f32_f16(a: u32, b: u32, c: u32, rm: Rm, fl: &mut u8) -> u32 {
    use sys::{float128_t as Q, float16_t as H, float32_t as S};
    run(rm, fl, || {
        // SAFETY: plain C functions on values; state is thread-local (see module docs).
        unsafe {
            let al = sys::f16_to_f128(H { v: a as u16 });
            let ah = sys::f16_to_f128(H {
                v: (a >> 16) as u16,
            });
            let bl = sys::f16_to_f128(H { v: b as u16 });
            let bh = sys::f16_to_f128(H {
                v: (b >> 16) as u16,
            });
            let cq = sys::f32_to_f128(S { v: c });
            let p1: Q = sys::f128_mul(al, bl);
            let p2: Q = sys::f128_mul(ah, bh);
            // Exact (|p| < 2^33, quantum 2^-48): the rounding mode only fixes the sign of a zero.
            let s = sys::f128_add(p1, p2);
            sys::softfloat_roundingMode_write_helper(sys::softfloat_round_odd);
            let mut t = sys::f128_add(s, cq);
            sys::softfloat_roundingMode_write_helper(rm as u8);
            if f128_is_zero(t) {
                // An exact zero: redo it in `rm` to get the IEEE sign of a zero sum.
                t = sys::f128_add(s, cq);
            }
            sys::f128_to_f32(t).v
        }
    })
}
