//! `warpkit-fp`: bit-exact IEEE 754-2019 binary32 and binary16 arithmetic for the warpkit GPU
//! simulator, with every rounding mode and exception flag.
//!
//! Rules (ISA supplement): no flushing of subnormals, tininess detected after rounding,
//! exceptions never trap, flags in RISC-V order ([`flags`]), a NaN result of arithmetic is the
//! canonical quiet NaN (binary32 `0x7fc00000`, binary16 `0x7e00`) and a signalling NaN operand
//! raises NV. All values are passed as raw bits; flags are accumulated with `|=` into `fl`.
//! Decisions for the non-IEEE operations are listed in `SEMANTICS.md` beside this crate.
//!
//! # Implementation
//! Pure Rust, no C and no global state. Finite operands of add/sub/mul/fma take a fast path on
//! the host FPU: the exact result is obtained with host f64 arithmetic (products of
//! binary32/binary16 values are exact in f64, sums are made exact with TwoSum as a
//! double-double), and then rounded ONCE in integer code (module `round`) in the requested
//! mode with exact NX/UF/OF flags, subnormal and overflowing results included. Infinite and
//! NaN operands follow the IEEE 754 / RISC-V rules written out below; `dot2` sums its exact
//! terms in 128-bit integers. Every other operation works on the integer significand and
//! exponent and rounds through the same `round` module.
//!
//! Correctness is shown against independent oracles, not against this code: Berkeley
//! SoftFloat vectors (`tools/fp_oracle`, `tests/oracle.rs`), exact rational references in
//! Python, and exact integer references in `tests/exhaustive.rs`. With the non-default
//! feature `softfloat-crosscheck` (needs cmake to build the C library) the unit tests also
//! compare against Berkeley SoftFloat linked in through the `softfloat` module.
//!
//! All functions are pure and thread-safe. No function panics on any input.

mod env;
pub mod lanes;
mod round;
#[cfg(feature = "softfloat-crosscheck")]
pub mod softfloat;

pub use env::{flags, Rm};
use round::{round_dd, round_pack, round_pack_wide, round_shift, round_sum, FloatFormat};
pub(crate) use round::{F16, F32};

/// Comparison predicates. `Eq`, `Ne`, `O`, `U` and the `..u` variants are quiet (NV only for a
/// signalling NaN); `Lt`, `Le`, `Gt`, `Ge` are signalling (NV for any NaN).
/// `Ne` is "ordered and not equal"; `Neu` is "unordered or not equal".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CmpOp {
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    /// Ordered: neither operand is NaN.
    O,
    /// Unordered: at least one operand is NaN.
    U,
    Equ,
    Neu,
    Ltu,
    Leu,
    Gtu,
    Geu,
}

impl CmpOp {
    /// All predicates.
    pub const ALL: [CmpOp; 14] = [
        CmpOp::Eq,
        CmpOp::Ne,
        CmpOp::Lt,
        CmpOp::Le,
        CmpOp::Gt,
        CmpOp::Ge,
        CmpOp::O,
        CmpOp::U,
        CmpOp::Equ,
        CmpOp::Neu,
        CmpOp::Ltu,
        CmpOp::Leu,
        CmpOp::Gtu,
        CmpOp::Geu,
    ];
}

/// Fixed-direction round-to-integral operations (IEEE roundToIntegral: never raise NX).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RoundOp {
    Floor,
    Ceil,
    Trunc,
    NearestEven,
}

impl RoundOp {
    fn rm(self) -> Rm {
        match self {
            RoundOp::Floor => Rm::Rdn,
            RoundOp::Ceil => Rm::Rup,
            RoundOp::Trunc => Rm::Rtz,
            RoundOp::NearestEven => Rm::Rne,
        }
    }
}

// ---------------------------------------------------------------------------------------------
// add / sub / mul / fma
// ---------------------------------------------------------------------------------------------

#[inline(always)]
fn h(a: u32) -> f64 {
    f32::from_bits(a) as f64
}

/// binary32 `a + b`.
#[inline]
pub fn f32_add(a: u32, b: u32, rm: Rm, fl: &mut u8) -> u32 {
    if F32.is_special(a) || F32.is_special(b) {
        return add_special(F32, a, b, fl);
    }
    round_sum(F32, h(a), h(b), rm, fl)
}

/// binary32 `a - b`.
#[inline]
pub fn f32_sub(a: u32, b: u32, rm: Rm, fl: &mut u8) -> u32 {
    if F32.is_special(a) || F32.is_special(b) {
        return add_special(F32, a, b ^ F32.sign(), fl);
    }
    round_sum(F32, h(a), -h(b), rm, fl)
}

/// binary32 `a * b`.
#[inline]
pub fn f32_mul(a: u32, b: u32, rm: Rm, fl: &mut u8) -> u32 {
    if F32.is_special(a) || F32.is_special(b) {
        return mul_special(F32, a, b, fl);
    }
    // 24 x 24 bit product: exact in f64, far from its overflow/underflow range.
    let p = h(a) * h(b);
    if p == 0.0 {
        return (a ^ b) & F32.sign();
    }
    round_dd(F32, p, 0.0, rm, fl)
}

/// binary32 fused multiply-add `a * b + c`, one rounding.
#[inline]
pub fn f32_fma(a: u32, b: u32, c: u32, rm: Rm, fl: &mut u8) -> u32 {
    if F32.is_special(a) || F32.is_special(b) || F32.is_special(c) {
        return fma_special(F32, a, b, c, fl);
    }
    // a*b is exact in f64; TwoSum makes (a*b) + c exact as a double-double.
    round_sum(F32, h(a) * h(b), h(c), rm, fl)
}

/// NaN operands: the canonical NaN, NV if any operand is signalling.
#[inline]
fn nan_result(fmt: FloatFormat, ops: &[u32], fl: &mut u8) -> u32 {
    if ops.iter().any(|&x| fmt.is_snan(x)) {
        *fl |= flags::NV;
    }
    fmt.qnan()
}

/// `a + b` with an infinite or NaN operand: `inf - inf` is invalid, otherwise the infinity.
#[cold]
fn add_special(fmt: FloatFormat, a: u32, b: u32, fl: &mut u8) -> u32 {
    if fmt.is_nan(a) || fmt.is_nan(b) {
        return nan_result(fmt, &[a, b], fl);
    }
    if fmt.is_inf(a) && fmt.is_inf(b) && a != b {
        *fl |= flags::NV;
        return fmt.qnan();
    }
    if fmt.is_inf(a) {
        a
    } else {
        b
    }
}

/// `a * b` with an infinite or NaN operand: `inf * 0` is invalid, otherwise a signed infinity.
#[cold]
fn mul_special(fmt: FloatFormat, a: u32, b: u32, fl: &mut u8) -> u32 {
    if fmt.is_nan(a) || fmt.is_nan(b) {
        return nan_result(fmt, &[a, b], fl);
    }
    if fmt.is_zero(a) || fmt.is_zero(b) {
        *fl |= flags::NV;
        return fmt.qnan();
    }
    ((a ^ b) & fmt.sign()) | fmt.inf()
}

/// `a * b + c` with an infinite or NaN operand. `inf * 0` is invalid even when `c` is a quiet
/// NaN (RISC-V); `inf + -inf` is invalid.
#[cold]
fn fma_special(fmt: FloatFormat, a: u32, b: u32, c: u32, fl: &mut u8) -> u32 {
    if fmt.is_nan(a) || fmt.is_nan(b) {
        return nan_result(fmt, &[a, b, c], fl);
    }
    let prod_inf = fmt.is_inf(a) || fmt.is_inf(b);
    if prod_inf && (fmt.is_zero(a) || fmt.is_zero(b)) {
        *fl |= flags::NV;
        return fmt.qnan();
    }
    if fmt.is_nan(c) {
        return nan_result(fmt, &[c], fl);
    }
    if !prod_inf {
        // Finite product, infinite addend.
        return c;
    }
    let p = ((a ^ b) & fmt.sign()) | fmt.inf();
    if fmt.is_inf(c) && c != p {
        *fl |= flags::NV;
        return fmt.qnan();
    }
    p
}

/// binary32 minimumNumber (`-0 < +0`; one NaN gives the other operand; sNaN raises NV).
pub fn f32_min(a: u32, b: u32, fl: &mut u8) -> u32 {
    minmax(F32, a, b, false, fl)
}

/// binary32 maximumNumber.
pub fn f32_max(a: u32, b: u32, fl: &mut u8) -> u32 {
    minmax(F32, a, b, true, fl)
}

/// binary16 `a + b`.
#[inline]
pub fn f16_add(a: u16, b: u16, rm: Rm, fl: &mut u8) -> u16 {
    let (a32, b32) = (a as u32, b as u32);
    if F16.is_special(a32) || F16.is_special(b32) {
        return add_special(F16, a32, b32, fl) as u16;
    }
    round_sum(F16, F16.to_f64(a32), F16.to_f64(b32), rm, fl) as u16
}

/// binary16 `a - b`.
#[inline]
pub fn f16_sub(a: u16, b: u16, rm: Rm, fl: &mut u8) -> u16 {
    let (a32, b32) = (a as u32, b as u32);
    if F16.is_special(a32) || F16.is_special(b32) {
        return add_special(F16, a32, b32 ^ F16.sign(), fl) as u16;
    }
    round_sum(F16, F16.to_f64(a32), -F16.to_f64(b32), rm, fl) as u16
}

/// binary16 `a * b`.
#[inline]
pub fn f16_mul(a: u16, b: u16, rm: Rm, fl: &mut u8) -> u16 {
    let (a32, b32) = (a as u32, b as u32);
    if F16.is_special(a32) || F16.is_special(b32) {
        return mul_special(F16, a32, b32, fl) as u16;
    }
    let p = F16.to_f64(a32) * F16.to_f64(b32);
    if p == 0.0 {
        return ((a32 ^ b32) & F16.sign()) as u16;
    }
    round_dd(F16, p, 0.0, rm, fl) as u16
}

/// binary16 fused multiply-add `a * b + c`, one rounding.
#[inline]
pub fn f16_fma(a: u16, b: u16, c: u16, rm: Rm, fl: &mut u8) -> u16 {
    let (a32, b32, c32) = (a as u32, b as u32, c as u32);
    if F16.is_special(a32) || F16.is_special(b32) || F16.is_special(c32) {
        return fma_special(F16, a32, b32, c32, fl) as u16;
    }
    let p = F16.to_f64(a32) * F16.to_f64(b32);
    round_sum(F16, p, F16.to_f64(c32), rm, fl) as u16
}

/// binary16 minimumNumber.
pub fn f16_min(a: u16, b: u16, fl: &mut u8) -> u16 {
    minmax(F16, a as u32, b as u32, false, fl) as u16
}

/// binary16 maximumNumber.
pub fn f16_max(a: u16, b: u16, fl: &mut u8) -> u16 {
    minmax(F16, a as u32, b as u32, true, fl) as u16
}

// ---------------------------------------------------------------------------------------------
// min / max / med3 / compare / class
// ---------------------------------------------------------------------------------------------

/// Total-order key of a non-NaN value with `-0 < +0`.
#[inline]
fn order_key(fmt: FloatFormat, x: u32) -> i64 {
    let m = fmt.abs(x) as i64;
    if fmt.is_neg(x) {
        -m - 1
    } else {
        m
    }
}

/// Numeric key of a non-NaN value (`-0 == +0`).
#[inline]
fn value_key(fmt: FloatFormat, x: u32) -> i64 {
    let m = fmt.abs(x) as i64;
    if fmt.is_neg(x) {
        -m
    } else {
        m
    }
}

fn minmax(fmt: FloatFormat, a: u32, b: u32, max: bool, fl: &mut u8) -> u32 {
    if fmt.is_snan(a) || fmt.is_snan(b) {
        *fl |= flags::NV;
    }
    match (fmt.is_nan(a), fmt.is_nan(b)) {
        (true, true) => fmt.qnan(),
        (true, false) => b,
        (false, true) => a,
        (false, false) => {
            let a_less = order_key(fmt, a) < order_key(fmt, b);
            if a_less != max {
                a
            } else {
                b
            }
        }
    }
}

fn med3(fmt: FloatFormat, a: u32, b: u32, c: u32, fl: &mut u8) -> u32 {
    let v = [a, b, c];
    if v.iter().any(|&x| fmt.is_snan(x)) {
        *fl |= flags::NV;
    }
    let mut nums = [0u32; 3];
    let mut n = 0;
    for &x in &v {
        if !fmt.is_nan(x) {
            nums[n] = x;
            n += 1;
        }
    }
    let nums = &mut nums[..n];
    nums.sort_unstable_by_key(|&x| order_key(fmt, x));
    match n {
        3 => nums[1],
        1 | 2 => nums[0],
        _ => fmt.qnan(),
    }
}

/// binary32 median of three. With any NaN operand: the minimumNumber of the non-NaN operands
/// (canonical NaN if all three are NaN). `-0 < +0`. NV if any operand is a signalling NaN.
pub fn f32_med3(a: u32, b: u32, c: u32, fl: &mut u8) -> u32 {
    med3(F32, a, b, c, fl)
}

/// binary16 median of three (same rules as [`f32_med3`]).
pub fn f16_med3(a: u16, b: u16, c: u16, fl: &mut u8) -> u16 {
    med3(F16, a as u32, b as u32, c as u32, fl) as u16
}

fn cmp(fmt: FloatFormat, op: CmpOp, a: u32, b: u32, fl: &mut u8) -> bool {
    use CmpOp::*;
    if fmt.is_nan(a) || fmt.is_nan(b) {
        let signalling = matches!(op, Lt | Le | Gt | Ge);
        if signalling || fmt.is_snan(a) || fmt.is_snan(b) {
            *fl |= flags::NV;
        }
        return matches!(op, U | Equ | Neu | Ltu | Leu | Gtu | Geu);
    }
    let (x, y) = (value_key(fmt, a), value_key(fmt, b));
    match op {
        Eq | Equ => x == y,
        Ne | Neu => x != y,
        Lt | Ltu => x < y,
        Le | Leu => x <= y,
        Gt | Gtu => x > y,
        Ge | Geu => x >= y,
        O => true,
        U => false,
    }
}

/// binary32 comparison.
pub fn f32_cmp(op: CmpOp, a: u32, b: u32, fl: &mut u8) -> bool {
    cmp(F32, op, a, b, fl)
}

/// binary16 comparison.
pub fn f16_cmp(op: CmpOp, a: u16, b: u16, fl: &mut u8) -> bool {
    cmp(F16, op, a as u32, b as u32, fl)
}

fn class(fmt: FloatFormat, x: u32) -> u32 {
    let neg = fmt.is_neg(x);
    let exp = x & fmt.exp_mask();
    let frac = x & fmt.frac_mask();
    let bit = if fmt.is_nan(x) {
        if fmt.is_snan(x) {
            8
        } else {
            9
        }
    } else if exp == fmt.exp_mask() {
        if neg {
            0
        } else {
            7
        }
    } else if exp == 0 && frac == 0 {
        if neg {
            3
        } else {
            4
        }
    } else if exp == 0 {
        if neg {
            2
        } else {
            5
        }
    } else if neg {
        1
    } else {
        6
    };
    1 << bit
}

/// RISC-V `fclass` 10-bit mask of a binary32 value.
pub fn f32_class(a: u32) -> u32 {
    class(F32, a)
}

/// RISC-V `fclass` 10-bit mask of a binary16 value.
pub fn f16_class(a: u16) -> u16 {
    class(F16, a as u32) as u16
}

// ---------------------------------------------------------------------------------------------
// round to integral / fract / sat
// ---------------------------------------------------------------------------------------------

fn round_to_int(fmt: FloatFormat, a: u32, rm: Rm, exact: bool, fl: &mut u8) -> u32 {
    if fmt.is_nan(a) {
        if fmt.is_snan(a) {
            *fl |= flags::NV;
        }
        return fmt.qnan();
    }
    if fmt.is_inf(a) || fmt.is_zero(a) {
        return a;
    }
    let (neg, m, e) = fmt.decode(a);
    if e >= 0 {
        return a;
    }
    let (k, inexact) = round_shift(m, -e, neg, rm);
    if inexact && exact {
        *fl |= flags::NX;
    }
    if k == 0 {
        return a & fmt.sign();
    }
    // k <= 2^prec is representable: this packing is exact and raises nothing.
    let mut none = 0;
    round_pack(fmt, neg, k, 0, rm, &mut none)
}

/// IEEE roundToIntegral in the given direction. Never raises NX (IEEE 754-2019 5.9 and the
/// ISA: floor/ceil/trunc/rndne are not "exact" operations); NV only for a signalling NaN,
/// NaN gives the canonical NaN, infinities and zeros are returned unchanged.
pub fn f32_round(op: RoundOp, a: u32, fl: &mut u8) -> u32 {
    round_to_int(F32, a, op.rm(), false, fl)
}

/// binary16 version of [`f32_round`].
pub fn f16_round(op: RoundOp, a: u16, fl: &mut u8) -> u16 {
    round_to_int(F16, a as u32, op.rm(), false, fl) as u16
}

/// IEEE roundToIntegralTiesToEven/.../roundToIntegralExact in any mode: `exact` raises NX when
/// the result differs from the operand.
pub fn f32_round_to_int(a: u32, rm: Rm, exact: bool, fl: &mut u8) -> u32 {
    round_to_int(F32, a, rm, exact, fl)
}

/// binary16 version of [`f32_round_to_int`].
pub fn f16_round_to_int(a: u16, rm: Rm, exact: bool, fl: &mut u8) -> u16 {
    round_to_int(F16, a as u32, rm, exact, fl) as u16
}

fn fract(fmt: FloatFormat, a: u32, rm: Rm, fl: &mut u8) -> u32 {
    if fmt.is_special(a) {
        // NaN: canonical NaN (NV for sNaN). +-inf: inf - floor(inf) = inf - inf is invalid.
        if fmt.is_snan(a) || fmt.is_inf(a) {
            *fl |= flags::NV;
        }
        return fmt.qnan();
    }
    // floor is exact and raises nothing for a finite operand.
    let mut none = 0;
    let floor = round_to_int(fmt, a, Rm::Rdn, false, &mut none);
    // The subtraction is ordinary work in `rm` with its own flags (it is exact unless `s` is a
    // small negative number); both values are exact in f64 and so is TwoSum's error.
    let r = round_sum(fmt, fmt.to_f64(a), -fmt.to_f64(floor), rm, fl);
    if !fmt.is_neg(r) && r >= fmt.one() {
        // Only +1.0 is possible here (already NX): clamp to the largest value below 1.0.
        fmt.one() - 1
    } else {
        r
    }
}

/// binary32 `s - floor(s)`: `floor` exact, the subtraction rounded in `rm` with its own flags,
/// a result of 1.0 clamped to `0x3f7fffff` (the largest value below 1.0). NX when the
/// subtraction is inexact (small negative inputs); an integer `s` (`±0` included) gives +0,
/// or -0 in `Rm::Rdn` (IEEE sign of an exact zero difference); `±inf` -> canonical NaN with
/// NV; NaN -> canonical NaN (NV for sNaN).
pub fn f32_fract(a: u32, rm: Rm, fl: &mut u8) -> u32 {
    fract(F32, a, rm, fl)
}

/// binary16 version of [`f32_fract`] (clamp to `0x3bff`).
pub fn f16_fract(a: u16, rm: Rm, fl: &mut u8) -> u16 {
    fract(F16, a as u32, rm, fl) as u16
}

fn apply_sat(fmt: FloatFormat, r: u32) -> u32 {
    if fmt.is_nan(r) || fmt.is_neg(r) {
        0
    } else if r > fmt.one() {
        fmt.one()
    } else {
        r
    }
}

/// The `sat` modifier on a rounded binary32 result: clamp to [+0.0, 1.0]; NaN -> +0.0;
/// `-0.0 -> +0.0`. A pure bit operation, no flags.
pub fn f32_apply_sat(r: u32) -> u32 {
    apply_sat(F32, r)
}

/// The `sat` modifier on a rounded binary16 result.
pub fn f16_apply_sat(r: u16) -> u16 {
    apply_sat(F16, r as u32) as u16
}

/// binary32 `clamp(a, 0.0, 1.0)`, NaN -> +0.0, `-0.0 -> +0.0`; NV only for a signalling NaN.
pub fn f32_sat(a: u32, fl: &mut u8) -> u32 {
    if F32.is_snan(a) {
        *fl |= flags::NV;
    }
    apply_sat(F32, a)
}

/// binary16 version of [`f32_sat`].
pub fn f16_sat(a: u16, fl: &mut u8) -> u16 {
    if F16.is_snan(a as u32) {
        *fl |= flags::NV;
    }
    apply_sat(F16, a as u32) as u16
}

// ---------------------------------------------------------------------------------------------
// ldexp / frexp
// ---------------------------------------------------------------------------------------------

fn ldexp(fmt: FloatFormat, a: u32, e: i32, rm: Rm, fl: &mut u8) -> u32 {
    if fmt.is_nan(a) {
        if fmt.is_snan(a) {
            *fl |= flags::NV;
        }
        return fmt.qnan();
    }
    if fmt.is_inf(a) || fmt.is_zero(a) {
        return a;
    }
    let (neg, m, ea) = fmt.decode(a);
    round_pack(fmt, neg, m, ea + e as i64, rm, fl)
}

/// binary32 `a * 2^e`, computed exactly and rounded once (any `e`, no intermediate overflow).
pub fn f32_ldexp(a: u32, e: i32, rm: Rm, fl: &mut u8) -> u32 {
    ldexp(F32, a, e, rm, fl)
}

/// binary16 `a * 2^e`, computed exactly and rounded once.
pub fn f16_ldexp(a: u16, e: i32, rm: Rm, fl: &mut u8) -> u16 {
    ldexp(F16, a as u32, e, rm, fl) as u16
}

fn frexp(fmt: FloatFormat, a: u32) -> (u32, i32) {
    if fmt.is_special(a) || fmt.is_zero(a) {
        return (a, 0);
    }
    let (neg, m, e) = fmt.decode(a);
    let nb = 64 - m.leading_zeros();
    let frac = ((m << (fmt.prec - nb)) as u32) & fmt.frac_mask();
    let mant = (((fmt.bias() - 1) as u32) << (fmt.prec - 1)) | frac;
    let sign = if neg { fmt.sign() } else { 0 };
    (sign | mant, (e + nb as i64) as i32)
}

/// binary32 frexp mantissa: `|m|` in [0.5, 1) with the sign of `a`, `a = m * 2^exp`
/// (subnormals are normalised). Zeros, infinities and NaNs (even signalling) are returned
/// unchanged and never raise a flag.
pub fn f32_frexp_mant(a: u32, fl: &mut u8) -> u32 {
    let _ = fl;
    frexp(F32, a).0
}

/// binary32 frexp exponent as a two's complement i32; 0 for zeros, infinities and NaNs.
pub fn f32_frexp_exp(a: u32) -> u32 {
    frexp(F32, a).1 as u32
}

/// binary16 frexp mantissa (same rules as [`f32_frexp_mant`]).
pub fn f16_frexp_mant(a: u16, fl: &mut u8) -> u16 {
    let _ = fl;
    frexp(F16, a as u32).0 as u16
}

/// binary16 frexp exponent as a two's complement i32; 0 for zeros, infinities and NaNs.
pub fn f16_frexp_exp(a: u16) -> u32 {
    frexp(F16, a as u32).1 as u32
}

// ---------------------------------------------------------------------------------------------
// conversions
// ---------------------------------------------------------------------------------------------

fn convert(from: FloatFormat, to: FloatFormat, a: u32, rm: Rm, fl: &mut u8) -> u32 {
    let sign = if from.is_neg(a) { to.sign() } else { 0 };
    if from.is_nan(a) {
        if from.is_snan(a) {
            *fl |= flags::NV;
        }
        return to.qnan();
    }
    if from.is_inf(a) {
        return sign | to.inf();
    }
    let (neg, m, e) = from.decode(a);
    if m == 0 {
        return sign;
    }
    round_pack(to, neg, m, e, rm, fl)
}

/// binary32 -> binary16, rounded in `rm` (NaN -> canonical `0x7e00`, NV for sNaN).
pub fn f32_to_f16(a: u32, rm: Rm, fl: &mut u8) -> u16 {
    convert(F32, F16, a, rm, fl) as u16
}

/// binary16 -> binary32, exact (NaN -> canonical `0x7fc00000`, NV for sNaN).
pub fn f16_to_f32(a: u16, fl: &mut u8) -> u32 {
    convert(F16, F32, a as u32, Rm::Rne, fl)
}

/// Float to integer in `rm` with the RISC-V rules: saturate to [lo, hi], NaN -> hi,
/// NV when saturated or NaN, otherwise NX when inexact.
fn to_int(fmt: FloatFormat, a: u32, rm: Rm, lo: i64, hi: i64, fl: &mut u8) -> i64 {
    if fmt.is_nan(a) {
        *fl |= flags::NV;
        return hi;
    }
    let neg = fmt.is_neg(a);
    if fmt.is_inf(a) {
        *fl |= flags::NV;
        return if neg { lo } else { hi };
    }
    let (_, m, e) = fmt.decode(a);
    let (mag, inexact) = if e > 40 {
        // >= 2^40: out of range of every target.
        *fl |= flags::NV;
        return if neg { lo } else { hi };
    } else {
        round_shift(m, -e, neg, rm)
    };
    let v = if neg { -(mag as i128) } else { mag as i128 };
    if v < lo as i128 {
        *fl |= flags::NV;
        lo
    } else if v > hi as i128 {
        *fl |= flags::NV;
        hi
    } else {
        if inexact {
            *fl |= flags::NX;
        }
        v as i64
    }
}

/// binary32 -> i32 (two's complement bits) in `rm`, saturating, NaN -> `0x7fffffff`.
pub fn f32_to_i32(a: u32, rm: Rm, fl: &mut u8) -> u32 {
    to_int(F32, a, rm, i32::MIN as i64, i32::MAX as i64, fl) as i32 as u32
}

/// binary32 -> u32 in `rm`, saturating, NaN -> `0xffffffff`.
pub fn f32_to_u32(a: u32, rm: Rm, fl: &mut u8) -> u32 {
    to_int(F32, a, rm, 0, u32::MAX as i64, fl) as u32
}

/// binary16 -> i16 (two's complement bits) in `rm`, saturating, NaN -> `0x7fff`.
pub fn f16_to_i16(a: u16, rm: Rm, fl: &mut u8) -> u16 {
    to_int(F16, a as u32, rm, i16::MIN as i64, i16::MAX as i64, fl) as i16 as u16
}

/// binary16 -> u16 in `rm`, saturating, NaN -> `0xffff`.
pub fn f16_to_u16(a: u16, rm: Rm, fl: &mut u8) -> u16 {
    to_int(F16, a as u32, rm, 0, u16::MAX as i64, fl) as u16
}

fn from_int(fmt: FloatFormat, neg: bool, mag: u64, rm: Rm, fl: &mut u8) -> u32 {
    if mag == 0 {
        return 0;
    }
    round_pack(fmt, neg, mag, 0, rm, fl)
}

/// i32 (two's complement bits) -> binary32 in `rm`.
pub fn i32_to_f32(a: u32, rm: Rm, fl: &mut u8) -> u32 {
    let v = a as i32;
    from_int(F32, v < 0, v.unsigned_abs() as u64, rm, fl)
}

/// u32 -> binary32 in `rm`.
pub fn u32_to_f32(a: u32, rm: Rm, fl: &mut u8) -> u32 {
    from_int(F32, false, a as u64, rm, fl)
}

/// i16 (two's complement bits) -> binary16 in `rm`.
pub fn i16_to_f16(a: u16, rm: Rm, fl: &mut u8) -> u16 {
    let v = a as i16;
    from_int(F16, v < 0, v.unsigned_abs() as u64, rm, fl) as u16
}

/// u16 -> binary16 in `rm` (65520..=65535 overflow to infinity in RNE).
pub fn u16_to_f16(a: u16, rm: Rm, fl: &mut u8) -> u16 {
    from_int(F16, false, a as u64, rm, fl) as u16
}

/// Clamp a binary32 to [lo, hi] as f64; NaN -> 0.
fn clamp_f64(a: u32, lo: f64, hi: f64) -> f64 {
    if F32.is_nan(a) {
        return 0.0;
    }
    h(a).clamp(lo, hi)
}

/// binary32 -> unorm16: clamp to [0, 1], times 65535, round to nearest even. NaN -> 0.
/// Raises no flags (the ISA's pack conversions do not touch fflags).
pub fn f32_to_unorm16(a: u32, fl: &mut u8) -> u16 {
    let _ = fl;
    // The product of a 24-bit and a 16-bit value is exact in f64.
    (clamp_f64(a, 0.0, 1.0) * 65535.0).round_ties_even() as u16
}

/// binary32 -> snorm16: clamp to [-1, 1], times 32767, round to nearest even, as two's
/// complement bits; -1.0 -> -32767 (`0x8001`), `0x8000` is never produced. NaN -> 0. No flags.
pub fn f32_to_snorm16(a: u32, fl: &mut u8) -> u16 {
    let _ = fl;
    (clamp_f64(a, -1.0, 1.0) * 32767.0).round_ties_even() as i16 as u16
}

/// binary32 -> unorm8: clamp to [0, 1], times 255, round to nearest even. NaN -> 0. No flags.
pub fn f32_to_unorm8(a: u32, fl: &mut u8) -> u8 {
    let _ = fl;
    (clamp_f64(a, 0.0, 1.0) * 255.0).round_ties_even() as u8
}

/// `c + a.l*b.l + a.h*b.h` where `a.l` = bits 15:0 of `a` as binary16 and `a.h` = bits 31:16;
/// products and sum exact, one rounding to binary32 in `rm`. IEEE invalid cases (inf*0,
/// inf - inf, sNaN) raise NV and give the canonical NaN; an exact zero sum takes the common
/// sign of the three terms, else -0 in `Rm::Rdn` and +0 otherwise (the IEEE addition rule).
pub fn dot2_f32_f16(a: u32, b: u32, c: u32, rm: Rm, fl: &mut u8) -> u32 {
    let h = [a & 0xffff, b & 0xffff, a >> 16, b >> 16];
    if h.iter().any(|&x| F16.is_special(x)) || F32.is_special(c) {
        return dot2_special(h, c, rm, fl);
    }
    dot2_finite(h, c, rm, fl)
}

/// dot2 of finite operands `h = [a.l, b.l, a.h, b.h]`.
fn dot2_finite(h: [u32; 4], c: u32, rm: Rm, fl: &mut u8) -> u32 {
    // Each product is an exact 22-bit integer times 2^(e1 + e2) with e1 + e2 >= -48, so the sum
    // of both is exact in units of 2^-48 (|s| < 2^82).
    let prod = |x: u32, y: u32| -> (bool, i128) {
        let (nx, mx, ex) = F16.decode(x);
        let (ny, my, ey) = F16.decode(y);
        let m = ((mx * my) as i128) << (ex + ey + 48);
        (nx != ny, if nx != ny { -m } else { m })
    };
    let (n1, p1) = prod(h[0], h[1]);
    let (n2, p2) = prod(h[2], h[3]);
    let s = p1 + p2;
    let (nc, mc, ec) = F32.decode(c);
    let cs = if nc { -(mc as i128) } else { mc as i128 };
    match sum_exact(s, -48, cs, ec) {
        Some((neg, mag, exp)) => round_pack_wide(F32, neg, mag, exp, rm, fl),
        None => {
            // Exact zero: the common sign of the three terms, else +0 (-0 in rdn).
            let neg = if n1 == n2 && n2 == nc {
                nc
            } else {
                rm == Rm::Rdn
            };
            if neg {
                F32.sign()
            } else {
                0
            }
        }
    }
}

/// `x * 2^ex + y * 2^ey` for `|x| < 2^100` and `|y| < 2^100`, as `(negative, magnitude,
/// exponent)` that rounds exactly like the exact sum (`None` when the sum is zero).
///
/// Both terms are aligned to a 100-bit window below the larger one. A term below the window
/// (only ever the smaller one) is truncated towards zero; its lost part `f` (0 < f < 1 unit)
/// is kept as a half unit with its sign: `2t ± 1` in half units lies strictly between the
/// same two integers as the exact sum, and every rounding boundary of the result is an
/// integer in those units (the sum is then above 2^98 units), so both round alike.
fn sum_exact(x: i128, ex: i64, y: i128, ey: i64) -> Option<(bool, u128, i64)> {
    let bits = |v: i128| 128 - v.unsigned_abs().leading_zeros() as i64;
    let top = match (x != 0, y != 0) {
        (false, false) => return None,
        (true, false) => ex + bits(x),
        (false, true) => ey + bits(y),
        (true, true) => (ex + bits(x)).max(ey + bits(y)),
    };
    let base = top - 100;
    // (aligned value, sign of a lost part or 0).
    let align = |v: i128, e: i64| -> (i128, i128) {
        if v == 0 || e >= base {
            return (v << (e - base).clamp(0, 127), 0);
        }
        let sh = base - e;
        let m = v.unsigned_abs();
        let (t, lost) = if sh >= 128 {
            (0, true)
        } else {
            (m >> sh, m & ((1u128 << sh) - 1) != 0)
        };
        let t = t as i128;
        match (v < 0, lost) {
            (true, l) => (-t, -(l as i128)),
            (false, l) => (t, l as i128),
        }
    };
    let (tx, lx) = align(x, ex);
    let (ty, ly) = align(y, ey);
    let t = tx + ty;
    let lost = lx + ly;
    let (v, e) = if lost == 0 {
        (t, base)
    } else {
        (2 * t + lost, base - 1)
    };
    if v == 0 {
        return None;
    }
    Some((v < 0, v.unsigned_abs(), e))
}

/// Class of an intermediate of dot2 when an operand is infinite or NaN.
#[derive(Clone, Copy, PartialEq)]
enum Dot2Class {
    Nan,
    Inf(bool),
    Finite,
}

/// dot2 with an infinite or NaN operand, evaluated as IEEE `(a.l*b.l + a.h*b.h) + c`:
/// NV for a signalling NaN operand, `inf * 0`, or a sum of opposite infinities.
#[cold]
fn dot2_special(h: [u32; 4], c: u32, rm: Rm, fl: &mut u8) -> u32 {
    if h.iter().any(|&x| F16.is_snan(x)) || F32.is_snan(c) {
        *fl |= flags::NV;
    }
    let mut nv = false;
    let mut prod = |x: u32, y: u32| {
        if F16.is_nan(x) || F16.is_nan(y) {
            Dot2Class::Nan
        } else if F16.is_inf(x) || F16.is_inf(y) {
            if F16.is_zero(x) || F16.is_zero(y) {
                nv = true;
                Dot2Class::Nan
            } else {
                Dot2Class::Inf(F16.is_neg(x) != F16.is_neg(y))
            }
        } else {
            Dot2Class::Finite
        }
    };
    let (p1, p2) = (prod(h[0], h[1]), prod(h[2], h[3]));
    let mut add = |p: Dot2Class, q: Dot2Class| match (p, q) {
        (Dot2Class::Nan, _) | (_, Dot2Class::Nan) => Dot2Class::Nan,
        (Dot2Class::Inf(s), Dot2Class::Inf(t)) if s != t => {
            nv = true;
            Dot2Class::Nan
        }
        (Dot2Class::Inf(s), _) | (_, Dot2Class::Inf(s)) => Dot2Class::Inf(s),
        _ => Dot2Class::Finite,
    };
    let kc = if F32.is_nan(c) {
        Dot2Class::Nan
    } else if F32.is_inf(c) {
        Dot2Class::Inf(F32.is_neg(c))
    } else {
        Dot2Class::Finite
    };
    let s = add(p1, p2);
    let t = add(s, kc);
    if nv {
        *fl |= flags::NV;
    }
    match t {
        Dot2Class::Nan => F32.qnan(),
        Dot2Class::Inf(neg) => (if neg { F32.sign() } else { 0 }) | F32.inf(),
        // Not reached (a special operand makes the sum NaN or infinite); correct anyway.
        Dot2Class::Finite => dot2_finite(h, c, rm, fl),
    }
}

#[cfg(test)]
mod tests;
