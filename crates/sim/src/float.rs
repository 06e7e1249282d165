//! Pure per-lane semantics of the §6.2 floating-point instructions (binary32, binary16,
//! packed 16-bit), in the style of [`crate::int`]: one short function per operation that
//! neither `warpkit-fp` provides with the right signature nor a 32-lane kernel
//! (`kernels.rs`) runs. The IEEE arithmetic itself is `warpkit-fp` (bit-exact, checked
//! against Berkeley SoftFloat); the drivers in `shapes.rs` do operand shapes, modifiers,
//! rounding-mode resolution, EXEC masking and FFLAGS. Every decision the seed leaves open
//! is listed in `docs/semantics.md`.

use warpkit_fp::{self as fp, Rm, RoundOp};

const SIGN32: u32 = 0x8000_0000;
const SIGN16: u16 = 0x8000;

// ------------------------------------------------------------------ binary32

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
/// binary32 to uint32, rounding toward zero.
#[inline(always)]
pub fn fcvt_u32_f32(a: u32, fl: &mut u8) -> u32 {
    fp::f32_to_u32(a, Rm::Rtz, fl)
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
