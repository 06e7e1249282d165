//! binary32 and binary16 compares and minimumNumber / maximumNumber, and binary32 med3, on
//! 32 lanes.
//!
//! These need no rounding: each lane is a few integer operations on the bits, written
//! branch-free so that the compiler vectorises the 32-lane loop. The same source is
//! compiled once per level (baseline, AVX2, AVX-512) and chosen with the arithmetic
//! kernels' level. Why it equals the scalar functions (`crate::f32_cmp`, `f32_min`,
//! `f32_max`), lane by lane:
//!
//! * NaN: `|x| > +inf` in the bits; signalling: a NaN with the quiet bit (22, binary16: 9)
//!   clear. binary16 lanes are the same code with binary16's constants (sign bit 15).
//! * Compare: on ordered lanes the numeric order of binary32 values is the integer order
//!   of the key `sign ? -|x| : |x|` (so `-0 == +0`); unordered lanes (a NaN operand) are
//!   true exactly for `u` and the `*u` predicates. NV: any NaN for the signalling
//!   predicates `lt`, `le`, `gt`, `ge`; a signalling NaN for the others.
//! * min/max: on two numbers the total-order key `sign ? !|x| : |x|` (`-0 < +0`) picks the
//!   result; one NaN gives the other operand, two give the canonical NaN `0x7fc00000`.
//!   NV: a signalling NaN operand.
//! * med3 ([`crate::f32_med3`]): the NaN operands are dropped, the others ordered by the
//!   total-order key: three give the middle one, one or two the smallest, none the
//!   canonical NaN. A NaN's key is replaced by `i32::MAX`, above every number's key
//!   (`+inf` is `0x7f800000`), so the middle of the three keys (three numbers) or the
//!   smallest (one or two NaNs) is the answer; the key maps back to the bits one-to-one.
//!   NV: a signalling NaN operand.
//!
//! Flags come from the active lanes only; inactive lanes' results are unspecified (compare
//! masks are cleared there).

use super::{flag_if, mask_of, Halfs, SimdLevel, Src16, Src32, Words, LANES};
use crate::{flags, CmpOp};

/// The bits of a format: binary32 (`H` false), or binary16 in bits 15:0 of a lane (`H`).
struct FormatBits {
    sign_bit: u32,
    abs: u32,
    inf: u32,
    quiet: u32,
    qnan: u32,
}

#[inline(always)]
const fn fmt<const H: bool>() -> FormatBits {
    if H {
        FormatBits {
            sign_bit: 15,
            abs: 0x7fff,
            inf: 0x7c00,
            quiet: 0x0200,
            qnan: 0x7e00,
        }
    } else {
        FormatBits {
            sign_bit: 31,
            abs: 0x7fff_ffff,
            inf: 0x7f80_0000,
            quiet: 0x0040_0000,
            qnan: 0x7fc0_0000,
        }
    }
}

const QNAN: u32 = fmt::<false>().qnan;

#[inline(always)]
fn is_nan<const H: bool>(x: u32) -> bool {
    x & fmt::<H>().abs > fmt::<H>().inf
}

#[inline(always)]
fn is_snan<const H: bool>(x: u32) -> bool {
    is_nan::<H>(x) & (x & fmt::<H>().quiet == 0)
}

/// All-ones when the sign bit is set, else 0.
#[inline(always)]
fn sign_mask<const H: bool>(x: u32) -> i32 {
    -(((x >> fmt::<H>().sign_bit) & 1) as i32)
}

/// Numeric key of a non-NaN value (`-0 == +0`).
#[inline(always)]
fn value_key<const H: bool>(x: u32) -> i32 {
    let (m, s) = ((x & fmt::<H>().abs) as i32, sign_mask::<H>(x));
    (m ^ s) - s
}

/// Total-order key of a non-NaN value (`-0 < +0`).
#[inline(always)]
fn order_key<const H: bool>(x: u32) -> i32 {
    ((x & fmt::<H>().abs) as i32) ^ sign_mask::<H>(x)
}

/// A binary16 operand as 32-bit lanes (zero-extended).
#[inline(always)]
fn lanes_of16(s: Halfs) -> [u32; LANES] {
    let mut v = [s.splat as u32; LANES];
    if let Some(r) = s.lanes {
        for (v, &x) in v.iter_mut().zip(r) {
            *v = x as u32;
        }
    }
    v
}

const EQ: u8 = CmpOp::Eq as u8;
const NE: u8 = CmpOp::Ne as u8;
const LT: u8 = CmpOp::Lt as u8;
const LE: u8 = CmpOp::Le as u8;
const GT: u8 = CmpOp::Gt as u8;
const GE: u8 = CmpOp::Ge as u8;
const O: u8 = CmpOp::O as u8;
const U: u8 = CmpOp::U as u8;
const EQU: u8 = CmpOp::Equ as u8;
const NEU: u8 = CmpOp::Neu as u8;
const LTU: u8 = CmpOp::Ltu as u8;
const LEU: u8 = CmpOp::Leu as u8;
const GTU: u8 = CmpOp::Gtu as u8;

/// Lanes per step of the compare: over all 32 at once LLVM packs the masks through the
/// stack; 16 at a time it keeps them in registers (measured best at every level here).
const CHUNK: usize = 16;

/// `a OP b` on lanes `CHUNK c .. CHUNK (c + 1)`: (mask where true, mask where NV is
/// raised), from bit 0.
#[inline(always)]
fn cmp_chunk<const OP: u8, const H: bool>(
    a: &[u32; LANES],
    b: &[u32; LANES],
    c: usize,
) -> (u32, u32) {
    let (mut r, mut nv) = (0u32, 0u32);
    for j in 0..CHUNK {
        let (x, y) = (a[CHUNK * c + j], b[CHUNK * c + j]);
        let unordered = is_nan::<H>(x) | is_nan::<H>(y);
        let (kx, ky) = (value_key::<H>(x), value_key::<H>(y));
        let ordered_result = match OP {
            EQ | EQU => kx == ky,
            NE | NEU => kx != ky,
            LT | LTU => kx < ky,
            LE | LEU => kx <= ky,
            GT | GTU => kx > ky,
            O | U => false,
            _ => kx >= ky,
        };
        let true_if_unordered = !matches!(OP, EQ | NE | LT | LE | GT | GE | O);
        let t = match OP {
            O => !unordered,
            U => unordered,
            _ if true_if_unordered => ordered_result | unordered,
            _ => ordered_result & !unordered,
        };
        let inv = if matches!(OP, LT | LE | GT | GE) {
            unordered
        } else {
            is_snan::<H>(x) | is_snan::<H>(y)
        };
        r |= (t as u32) << j;
        nv |= (inv as u32) << j;
    }
    (r, nv)
}

/// `a OP b` on every lane: (mask where true, mask where NV is raised).
#[inline(always)]
fn cmp_body<const OP: u8, const H: bool>(a: &[u32; LANES], b: &[u32; LANES]) -> (u32, u32) {
    let (mut r, mut nv) = (0u32, 0u32);
    for c in 0..LANES / CHUNK {
        let (rc, nvc) = cmp_chunk::<OP, H>(a, b, c);
        r |= rc << (CHUNK * c);
        nv |= nvc << (CHUNK * c);
    }
    (r, nv)
}

/// minimumNumber (`MAX` false) or maximumNumber of every lane; returns the NV lanes.
#[inline(always)]
fn minmax_body<const MAX: bool, const H: bool>(
    a: &[u32; LANES],
    b: &[u32; LANES],
    out: &mut [u32; LANES],
) -> u32 {
    let mut nv = [0u32; LANES];
    for i in 0..LANES {
        let (x, y) = (a[i], b[i]);
        let (nx, ny) = (is_nan::<H>(x), is_nan::<H>(y));
        let x_less = order_key::<H>(x) < order_key::<H>(y);
        let pick_x = (x_less != MAX) & !nx | ny;
        let r = if pick_x { x } else { y };
        out[i] = if nx & ny { fmt::<H>().qnan } else { r };
        nv[i] = (is_snan::<H>(x) | is_snan::<H>(y)) as u32;
    }
    mask_of(&nv)
}

/// The bits of the non-NaN value with total-order key `k` (inverse of [`order_key`]).
#[inline(always)]
fn from_order_key(k: i32) -> u32 {
    let s = k >> 31;
    ((k ^ s) as u32) | (s as u32 & 0x8000_0000)
}

/// med3 of every lane; returns the NV lanes.
#[inline(always)]
fn med3_body(a: &[u32; LANES], b: &[u32; LANES], c: &[u32; LANES], out: &mut [u32; LANES]) -> u32 {
    let mut nv = [0u32; LANES];
    for i in 0..LANES {
        let v = [a[i], b[i], c[i]];
        let k = v.map(|x| {
            if is_nan::<false>(x) {
                i32::MAX
            } else {
                order_key::<false>(x)
            }
        });
        let nans = v.iter().map(|&x| is_nan::<false>(x) as u32).sum::<u32>();
        let lo = k[0].min(k[1]);
        let mid = lo.max(k[0].max(k[1]).min(k[2]));
        let smallest = lo.min(k[2]);
        let r = from_order_key(if nans == 0 { mid } else { smallest });
        out[i] = if nans == 3 { QNAN } else { r };
        nv[i] = v
            .iter()
            .map(|&x| is_snan::<false>(x) as u32)
            .fold(0, |p, q| p | q);
    }
    mask_of(&nv)
}

/// RISC-V `fclass` of a binary32 value: one of ten bits (-inf, -normal, -subnormal, -0, +0,
/// +subnormal, +normal, +inf, sNaN, qNaN), chosen from the sign, exponent and fraction.
#[inline(always)]
fn class32(x: u32) -> u32 {
    let neg = x >> 31;
    let (e, f) = ((x >> 23) & 0xff, x & 0x7f_ffff);
    // Position among the six signed classes, counted from zero outwards: 0 zero,
    // 1 subnormal, 2 normal, 3 infinity.
    let k = if e == 0xff {
        3
    } else if e != 0 {
        2
    } else {
        (f != 0) as u32
    };
    let signed = if neg == 1 { 1 << (3 - k) } else { 1 << (4 + k) };
    let nan = (e == 0xff) & (f != 0);
    if nan {
        if f & 0x40_0000 != 0 {
            1 << 9
        } else {
            1 << 8
        }
    } else {
        signed
    }
}

per_level! {
    /// RISC-V `fclass` of every lane.
    fn class_lanes(a: Words, out: &mut [u32; LANES]) {
        let a = a.to_lanes();
        for i in 0..LANES {
            out[i] = class32(a[i]);
        }
    }
}

/// See [`super::Kernels::f32_class`].
#[inline(always)]
pub(super) fn class(level: SimdLevel, a: Src32, out: &mut [u32; LANES]) {
    class_lanes(level, a.into(), out)
}

macro_rules! by_cmp_op {
    ($body:ident, $h:expr, $op:expr, $a:expr, $b:expr) => {
        match $op {
            CmpOp::Eq => $body::<EQ, $h>($a, $b),
            CmpOp::Ne => $body::<NE, $h>($a, $b),
            CmpOp::Lt => $body::<LT, $h>($a, $b),
            CmpOp::Le => $body::<LE, $h>($a, $b),
            CmpOp::Gt => $body::<GT, $h>($a, $b),
            CmpOp::Ge => $body::<GE, $h>($a, $b),
            CmpOp::O => $body::<O, $h>($a, $b),
            CmpOp::U => $body::<U, $h>($a, $b),
            CmpOp::Equ => $body::<EQU, $h>($a, $b),
            CmpOp::Neu => $body::<NEU, $h>($a, $b),
            CmpOp::Ltu => $body::<LTU, $h>($a, $b),
            CmpOp::Leu => $body::<LEU, $h>($a, $b),
            CmpOp::Gtu => $body::<GTU, $h>($a, $b),
            CmpOp::Geu => $body::<{ CmpOp::Geu as u8 }, $h>($a, $b),
        }
    };
}

// The operands become lane arrays inside each level's function (see `Words::to_lanes`).
per_level! {
    /// binary32 `a op b`: (true mask, NV mask).
    fn cmp_lanes(op: CmpOp, a: Words, b: Words) -> (u32, u32) {
        let (a, b) = (a.to_lanes(), b.to_lanes());
        by_cmp_op!(cmp_body, false, op, &a, &b)
    }
}

per_level! {
    /// binary16 `a op b`: (true mask, NV mask).
    fn cmp16_lanes(op: CmpOp, a: Halfs, b: Halfs) -> (u32, u32) {
        let (a, b) = (lanes_of16(a), lanes_of16(b));
        by_cmp_op!(cmp_body, true, op, &a, &b)
    }
}

per_level! {
    /// binary32 maximumNumber (`max`) or minimumNumber: the NV mask.
    fn minmax_lanes(max: bool, a: Words, b: Words, out: &mut [u32; LANES]) -> u32 {
        let (a, b) = (a.to_lanes(), b.to_lanes());
        if max {
            minmax_body::<true, false>(&a, &b, out)
        } else {
            minmax_body::<false, false>(&a, &b, out)
        }
    }
}

per_level! {
    /// binary16 maximumNumber (`max`) or minimumNumber: the NV mask.
    fn minmax16_lanes(max: bool, a: Halfs, b: Halfs, out: &mut [u16; LANES]) -> u32 {
        let (a, b) = (lanes_of16(a), lanes_of16(b));
        let mut r = [0u32; LANES];
        let nv = if max {
            minmax_body::<true, true>(&a, &b, &mut r)
        } else {
            minmax_body::<false, true>(&a, &b, &mut r)
        };
        for (o, &x) in out.iter_mut().zip(&r) {
            *o = x as u16;
        }
        nv
    }
}

per_level! {
    /// binary32 med3: the NV mask.
    fn med3_lanes(a: Words, b: Words, c: Words, out: &mut [u32; LANES]) -> u32 {
        let (a, b, c) = (a.to_lanes(), b.to_lanes(), c.to_lanes());
        med3_body(&a, &b, &c, out)
    }
}

/// See [`super::Kernels::f32_cmp`].
#[inline(always)]
pub(super) fn cmp(level: SimdLevel, op: CmpOp, a: Src32, b: Src32, exec: u32) -> (u32, u8) {
    let (r, nv) = cmp_lanes(level, op, a.into(), b.into());
    (r & exec, flag_if(nv & exec != 0, flags::NV))
}

/// See [`super::Kernels::f32_min`].
#[inline(always)]
pub(super) fn minmax(
    level: SimdLevel,
    max: bool,
    a: Src32,
    b: Src32,
    exec: u32,
    out: &mut [u32; LANES],
) -> u8 {
    let nv = minmax_lanes(level, max, a.into(), b.into(), out);
    flag_if(nv & exec != 0, flags::NV)
}

/// See [`super::Kernels::f32_med3`].
#[inline(always)]
pub(super) fn med3(
    level: SimdLevel,
    a: Src32,
    b: Src32,
    c: Src32,
    exec: u32,
    out: &mut [u32; LANES],
) -> u8 {
    let nv = med3_lanes(level, a.into(), b.into(), c.into(), out);
    flag_if(nv & exec != 0, flags::NV)
}

/// See [`super::Kernels::f16_cmp`].
#[inline(always)]
pub(super) fn cmp16(level: SimdLevel, op: CmpOp, a: Src16, b: Src16, exec: u32) -> (u32, u8) {
    let (r, nv) = cmp16_lanes(level, op, a.into(), b.into());
    (r & exec, flag_if(nv & exec != 0, flags::NV))
}

/// See [`super::Kernels::f16_min`].
#[inline(always)]
pub(super) fn minmax16(
    level: SimdLevel,
    max: bool,
    a: Src16,
    b: Src16,
    exec: u32,
    out: &mut [u16; LANES],
) -> u8 {
    let nv = minmax16_lanes(level, max, a.into(), b.into(), out);
    flag_if(nv & exec != 0, flags::NV)
}
