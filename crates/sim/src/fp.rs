//! §6.2 floating-point semantics (binary32, binary16, packed 16-bit).
//!
//! The IEEE arithmetic itself is the `warpkit-fp` crate (bit-exact, checked against Berkeley
//! SoftFloat); this module is the ISA layer around it: operand shapes (vector, uniform,
//! literal, half registers, packed halves), the `neg`/`abs`/`sat` modifiers, rounding-mode
//! resolution against MODE, EXEC masking and FFLAGS accumulation. Every decision the seed
//! leaves open is listed in `docs/semantics.md`.
//!
//! Shape of every handler: resolve the rounding mode once per instruction (a reserved MODE
//! value used through `dyn` raises IllegalInsn before anything changes), copy the sources,
//! compute all 32 lanes into an array together with per-lane flags, OR the flags of the
//! active lanes into FFLAGS and blend the results into the destination under EXEC.
//!
//! binary32 add/sub/mul/fma in round-to-nearest-even take a fast path: the operation is
//! done in host `f64` (products of two binary32 values are exact there, TwoSum gives the
//! exact rounding error of the sum) and rounded once to binary32 by the host. A lane whose
//! result is not a normal number strictly above the smallest normal (zero sums excepted),
//! or whose `f64` sum sits exactly on a binary32 rounding midpoint while being inexact, is
//! recomputed by `warpkit-fp`. The unit tests cross-check both paths.

use crate::exec::{Flow, Handler};
use crate::program::Op;
use crate::warp::{fflag, VReg, Warp, LANES};
use warpkit_encoding::Inst;
use warpkit_fp::{self as fp, CmpOp, Rm, RoundOp};

const SIGN32: u32 = 0x8000_0000;
const SIGN16: u16 = 0x8000;

type HReg = [u16; LANES];

// ------------------------------------------------------------------ modifiers

/// The `neg`/`abs`/`sat` modifiers of an X or H instruction, packed into `Op::imm`:
/// bits 2:0 neg, 5:3 abs, 6 sat. Formats with modifiers have no immediate and formats with
/// an immediate have no modifiers, so `make_op` ORs this into the immediate losslessly.
pub(crate) fn pack_mods(inst: &Inst) -> u32 {
    (inst.neg & 7) as u32 | ((inst.abs & 7) as u32) << 3 | ((inst.sat & 1) as u32) << 6
}

#[derive(Clone, Copy)]
struct Mods(u32);

impl Mods {
    #[inline(always)]
    fn of(o: &Op) -> Mods {
        Mods(o.imm & 0x7f)
    }
    #[inline(always)]
    fn any(self) -> bool {
        self.0 != 0
    }
    #[inline(always)]
    fn src(self) -> bool {
        self.0 & 0x3f != 0
    }
    #[inline(always)]
    fn sat(self) -> bool {
        self.0 & 0x40 != 0
    }
    /// (and-mask, xor-mask) for source `k` (0 = s1, 1 = s2, 2 = s3): abs first, then neg.
    #[inline(always)]
    fn masks32(self, k: u32) -> (u32, u32) {
        let abs = (self.0 >> (3 + k)) & 1 != 0;
        let neg = (self.0 >> k) & 1 != 0;
        (
            if abs { !SIGN32 } else { u32::MAX },
            if neg { SIGN32 } else { 0 },
        )
    }
    #[inline(always)]
    fn apply32(self, a: &mut VReg, k: u32) {
        let (and, xor) = self.masks32(k);
        for x in a.iter_mut() {
            *x = (*x & and) ^ xor;
        }
    }
    #[inline(always)]
    fn apply16(self, a: &mut HReg, k: u32) {
        let (and, xor) = self.masks32(k);
        let (and, xor) = ((and >> 16) as u16, (xor >> 16) as u16);
        for x in a.iter_mut() {
            *x = (*x & and) ^ xor;
        }
    }
}

// ------------------------------------------------------------------ rounding modes

/// Early-return IllegalInsn when a rounding mode is reserved.
macro_rules! rm {
    ($e:expr) => {
        match $e {
            Some(r) => r,
            None => return Flow::Illegal,
        }
    };
}

/// The instruction's `rm` field, `dyn` resolved against MODE.rm (binary32 work) or
/// MODE.rm16 (binary16 work). `None` for a reserved value.
#[inline(always)]
fn rm_field(w: &Warp, o: &Op, b16: bool) -> Option<Rm> {
    Rm::from_bits(w.mode.resolve(o.rm, b16))
}

/// MODE.rm / MODE.rm16 (instructions without an `rm` operand). `None` for a reserved value.
#[inline(always)]
fn rm_mode(w: &Warp, b16: bool) -> Option<Rm> {
    Rm::from_bits(if b16 { w.mode.rm16 } else { w.mode.rm })
}

// ------------------------------------------------------------------ operands

/// Where the second binary32 source comes from.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Src {
    /// `rs2` vector register.
    V,
    /// `rs2` uniform register, broadcast.
    U,
    /// The 32-bit literal, broadcast.
    I,
}

#[inline(always)]
fn vreg(w: &Warp, r: u8) -> VReg {
    w.v[(r & 127) as usize]
}

#[inline(always)]
fn src2(w: &Warp, o: &Op, k: Src) -> VReg {
    match k {
        Src::V => vreg(w, o.rs2),
        Src::U => [w.u[(o.rs2 & 63) as usize]; LANES],
        Src::I => [o.imm; LANES],
    }
}

/// A half-register operand (`2*n + half`).
#[inline(always)]
fn hreg(w: &Warp, h: u8) -> HReg {
    let r = &w.v[((h >> 1) & 127) as usize];
    let sh = (h & 1) as u32 * 16;
    let mut out = [0u16; LANES];
    for i in 0..LANES {
        out[i] = (r[i] >> sh) as u16;
    }
    out
}

// ------------------------------------------------------------------ lane loops and writes

/// All-ones byte when lane `i` is active.
#[inline(always)]
fn lane_mask8(exec: u32, i: usize) -> u8 {
    0u8.wrapping_sub(((exec >> i) & 1) as u8)
}

/// Compute every lane; returns the results and the OR of the flags of the active lanes.
#[inline(always)]
fn run<T: Copy + Default>(exec: u32, f: impl Fn(usize, &mut u8) -> T) -> ([T; LANES], u8) {
    let mut r = [T::default(); LANES];
    let mut acc = 0u8;
    for (i, x) in r.iter_mut().enumerate() {
        let mut fl = 0u8;
        *x = f(i, &mut fl);
        acc |= fl & lane_mask8(exec, i);
    }
    (r, acc)
}

/// Like [`run`] for an operation with a branch-free fast lane function `fast` returning
/// (result, usable, inexact); lanes whose fast result is not usable are redone by `slow`.
#[inline(always)]
fn run_fast(
    exec: u32,
    fast: impl Fn(usize) -> (u32, bool, bool),
    slow: impl Fn(usize, &mut u8) -> u32,
) -> (VReg, u8) {
    #[cfg(target_arch = "x86_64")]
    if has_avx2() {
        // SAFETY: `run_fast_avx2` only needs AVX2, which `has_avx2` detected on this CPU.
        return unsafe { run_fast_avx2(exec, fast, slow) };
    }
    run_fast_body(exec, fast, slow)
}

/// AVX2 is detected once (the macro caches the CPUID answer).
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn has_avx2() -> bool {
    std::is_x86_feature_detected!("avx2")
}

/// The same lane loops compiled for AVX2: four binary64 lanes per instruction instead of
/// two. Rust never contracts `a * b + c` into an fma, so the arithmetic is unchanged.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn run_fast_avx2(
    exec: u32,
    fast: impl Fn(usize) -> (u32, bool, bool),
    slow: impl Fn(usize, &mut u8) -> u32,
) -> (VReg, u8) {
    run_fast_body(exec, fast, slow)
}

#[inline(always)]
fn run_fast_body(
    exec: u32,
    fast: impl Fn(usize) -> (u32, bool, bool),
    slow: impl Fn(usize, &mut u8) -> u32,
) -> (VReg, u8) {
    let mut r = [0u32; LANES];
    let mut ok = [false; LANES];
    let mut nx = [false; LANES];
    for i in 0..LANES {
        let (x, o, n) = fast(i);
        r[i] = x;
        ok[i] = o;
        nx[i] = n & o;
    }
    let mut okm = 0u32;
    let mut nxm = 0u32;
    for i in 0..LANES {
        okm |= (ok[i] as u32) << i;
        nxm |= (nx[i] as u32) << i;
    }
    let mut acc = if nxm & exec != 0 { fflag::NX } else { 0 };
    let mut bad = !okm;
    while bad != 0 {
        let i = bad.trailing_zeros() as usize;
        bad &= bad - 1;
        let mut fl = 0u8;
        r[i] = slow(i, &mut fl);
        acc |= fl & lane_mask8(exec, i);
    }
    (r, acc)
}

/// Masked write of a vector register plus the flags.
#[inline(always)]
fn put_v(w: &mut Warp, rd: u8, r: &VReg, acc: u8) -> Flow {
    let exec = w.exec;
    let d = &mut w.v[(rd & 127) as usize];
    if exec == u32::MAX {
        *d = *r;
    } else {
        for i in 0..LANES {
            let m = 0u32.wrapping_sub((exec >> i) & 1);
            d[i] = (r[i] & m) | (d[i] & !m);
        }
    }
    w.fflags |= acc & fflag::ALL;
    Flow::Next
}

/// Masked write of one half register (the other half is kept) plus the flags.
#[inline(always)]
fn put_h(w: &mut Warp, h: u8, r: &HReg, acc: u8) -> Flow {
    let exec = w.exec;
    let sh = (h & 1) as u32 * 16;
    let keep = !(0xffffu32 << sh);
    let d = &mut w.v[((h >> 1) & 127) as usize];
    for i in 0..LANES {
        let m = 0u32.wrapping_sub((exec >> i) & 1);
        let x = (d[i] & keep) | (r[i] as u32) << sh;
        d[i] = (x & m) | (d[i] & !m);
    }
    w.fflags |= acc & fflag::ALL;
    Flow::Next
}

/// `U[d]` = mask of the active lanes whose predicate holds, plus the flags.
#[inline(always)]
fn put_mask(w: &mut Warp, rd: u8, c: &[bool; LANES], acc: u8) -> Flow {
    let mut m = 0u32;
    for (i, &b) in c.iter().enumerate() {
        m |= (b as u32) << i;
    }
    w.u[(rd & 63) as usize] = m & w.exec;
    w.fflags |= acc & fflag::ALL;
    Flow::Next
}

// ------------------------------------------------------------------ binary32 drivers

/// `d = f(s1, s2)` with source modifiers and `sat` (zero for the R/RU/XL forms).
#[inline(always)]
fn b2(w: &mut Warp, o: &Op, k: Src, f: impl Fn(u32, u32, &mut u8) -> u32) -> Flow {
    let (mut a, mut b) = (vreg(w, o.rs1), src2(w, o, k));
    let m = Mods::of(o);
    if k == Src::V && m.src() {
        m.apply32(&mut a, 0);
        m.apply32(&mut b, 1);
    }
    let (mut r, acc) = run(w.exec, |i, fl| f(a[i], b[i], fl));
    if k == Src::V && m.sat() {
        r.iter_mut().for_each(|x| *x = fp::f32_apply_sat(*x));
    }
    put_v(w, o.rd, &r, acc)
}

/// `d = f(s1, s2)` rounded in `rm`, with the RNE fast path `fast`.
#[inline(always)]
fn b2_fast(
    w: &mut Warp,
    o: &Op,
    k: Src,
    rm: Rm,
    fast: impl Fn(u32, u32) -> (u32, bool, bool),
    slow: impl Fn(u32, u32, Rm, &mut u8) -> u32,
) -> Flow {
    let m = Mods::of(o);
    if rm != Rm::Rne || (k == Src::V && m.any()) {
        return b2(w, o, k, |a, b, fl| slow(a, b, rm, fl));
    }
    let (a, b) = (vreg(w, o.rs1), src2(w, o, k));
    let (r, acc) = run_fast(
        w.exec,
        |i| fast(a[i], b[i]),
        |i, fl| slow(a[i], b[i], Rm::Rne, fl),
    );
    put_v(w, o.rd, &r, acc)
}

/// Fused multiply-add `d = s1 * s2 + c`; `c` is `d` (`acc`, the fmac forms) or `s3`
/// (ffma.f32, with modifiers). `k` selects the second factor.
#[inline(always)]
fn fma32(w: &mut Warp, o: &Op, k: Src, acc_form: bool, rm: Rm) -> Flow {
    let (mut a, mut b) = (vreg(w, o.rs1), src2(w, o, k));
    let mut c = vreg(w, if acc_form { o.rd } else { o.rs3 });
    let m = if acc_form { Mods(0) } else { Mods::of(o) };
    if m.src() {
        m.apply32(&mut a, 0);
        m.apply32(&mut b, 1);
        m.apply32(&mut c, 2);
    }
    let exec = w.exec;
    let (mut r, fl) = if rm == Rm::Rne {
        run_fast(
            exec,
            |i| fma_rne(a[i], b[i], c[i]),
            |i, fl| fp::f32_fma(a[i], b[i], c[i], Rm::Rne, fl),
        )
    } else {
        run(exec, |i, fl| fp::f32_fma(a[i], b[i], c[i], rm, fl))
    };
    if m.sat() {
        r.iter_mut().for_each(|x| *x = fp::f32_apply_sat(*x));
    }
    put_v(w, o.rd, &r, fl)
}

/// `d = f(s1)`.
#[inline(always)]
fn u1(w: &mut Warp, o: &Op, f: impl Fn(u32, &mut u8) -> u32) -> Flow {
    let a = vreg(w, o.rs1);
    let (r, acc) = run(w.exec, |i, fl| f(a[i], fl));
    put_v(w, o.rd, &r, acc)
}

/// `d = f(d, s1, s2)` (destination also read: pkcvt.unorm8*, fcvt.f16.f32.lo/hi).
#[inline(always)]
fn dacc(w: &mut Warp, o: &Op, f: impl Fn(u32, u32, u32, &mut u8) -> u32) -> Flow {
    let (d, a, b) = (vreg(w, o.rd), vreg(w, o.rs1), vreg(w, o.rs2));
    let (r, acc) = run(w.exec, |i, fl| f(d[i], a[i], b[i], fl));
    put_v(w, o.rd, &r, acc)
}

/// `d = f(s1, s2, s3)` (fmed3, dot2).
#[inline(always)]
fn t3(w: &mut Warp, o: &Op, f: impl Fn(u32, u32, u32, &mut u8) -> u32) -> Flow {
    let (a, b, c) = (vreg(w, o.rs1), vreg(w, o.rs2), vreg(w, o.rs3));
    let (r, acc) = run(w.exec, |i, fl| f(a[i], b[i], c[i], fl));
    put_v(w, o.rd, &r, acc)
}

/// `U[d] = mask of active lanes where f(s1, s2)`.
#[inline(always)]
fn c32(w: &mut Warp, o: &Op, k: Src, f: impl Fn(u32, u32, &mut u8) -> bool) -> Flow {
    let (a, b) = (vreg(w, o.rs1), src2(w, o, k));
    let (r, acc) = run(w.exec, |i, fl| f(a[i], b[i], fl));
    put_mask(w, o.rd, &r, acc)
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

#[inline(always)]
fn add_rne(a: u32, b: u32) -> (u32, bool, bool) {
    let (s, e) = two_sum(f(a), f(b));
    finish_rne(s, e)
}

#[inline(always)]
fn sub_rne(a: u32, b: u32) -> (u32, bool, bool) {
    let (s, e) = two_sum(f(a), -f(b));
    finish_rne(s, e)
}

#[inline(always)]
fn mul_rne(a: u32, b: u32) -> (u32, bool, bool) {
    // 24 x 24-bit product: exact in f64.
    finish_rne(f(a) * f(b), 0.0)
}

#[inline(always)]
fn fma_rne(a: u32, b: u32, c: u32) -> (u32, bool, bool) {
    let (s, e) = two_sum(f(a) * f(b), f(c));
    finish_rne(s, e)
}

// ------------------------------------------------------------------ binary16 drivers

/// H format: `d.half = f(s1, s2, s3)` on half registers, with modifiers and `sat`.
#[inline(always)]
fn h3(w: &mut Warp, o: &Op, f: impl Fn(u16, u16, u16, &mut u8) -> u16) -> Flow {
    let (mut a, mut b, mut c) = (hreg(w, o.rs1), hreg(w, o.rs2), hreg(w, o.rs3));
    let m = Mods::of(o);
    if m.src() {
        m.apply16(&mut a, 0);
        m.apply16(&mut b, 1);
        m.apply16(&mut c, 2);
    }
    let (mut r, acc) = run(w.exec, |i, fl| f(a[i], b[i], c[i], fl));
    if m.sat() {
        r.iter_mut().for_each(|x| *x = fp::f16_apply_sat(*x));
    }
    put_h(w, o.rd, &r, acc)
}

/// HC format: `U[d] = mask of active lanes where f(s1, s2)` on half registers.
#[inline(always)]
fn hc(w: &mut Warp, o: &Op, f: impl Fn(u16, u16, &mut u8) -> bool) -> Flow {
    let (a, b) = (hreg(w, o.rs1), hreg(w, o.rs2));
    let (r, acc) = run(w.exec, |i, fl| f(a[i], b[i], fl));
    put_mask(w, o.rd, &r, acc)
}

/// Packed: `d.x = f(s1.x, s2.x, c.x)` for x in {l, h}; `c` is `d` (`acc_form`) or `s3`.
#[inline(always)]
fn pk(w: &mut Warp, o: &Op, acc_form: bool, f: impl Fn(u16, u16, u16, &mut u8) -> u16) -> Flow {
    let (a, b) = (vreg(w, o.rs1), vreg(w, o.rs2));
    let c = vreg(w, if acc_form { o.rd } else { o.rs3 });
    let (r, acc) = run(w.exec, |i, fl| {
        let lo = f(a[i] as u16, b[i] as u16, c[i] as u16, fl);
        let hi = f(
            (a[i] >> 16) as u16,
            (b[i] >> 16) as u16,
            (c[i] >> 16) as u16,
            fl,
        );
        lo as u32 | (hi as u32) << 16
    });
    put_v(w, o.rd, &r, acc)
}

/// Packed integer helper: apply `f` to both halves, no flags.
#[inline(always)]
fn pki(w: &mut Warp, o: &Op, f: impl Fn(u16, u16) -> u16) -> Flow {
    pk(w, o, false, |a, b, _, _| f(a, b))
}

// ------------------------------------------------------------------ 16-bit integer helpers

#[inline(always)]
fn min_s16(a: u16, b: u16) -> u16 {
    (a as i16).min(b as i16) as u16
}
#[inline(always)]
fn max_s16(a: u16, b: u16) -> u16 {
    (a as i16).max(b as i16) as u16
}
#[inline(always)]
fn sll16(a: u16, b: u16) -> u16 {
    a << (b & 15)
}
#[inline(always)]
fn srl16(a: u16, b: u16) -> u16 {
    a >> (b & 15)
}
#[inline(always)]
fn sra16(a: u16, b: u16) -> u16 {
    ((a as i16) >> (b & 15)) as u16
}

/// `d = f32(byte k of s1)`: exact, no flags.
#[inline(always)]
fn ubyte(a: u32, k: u32) -> u32 {
    (((a >> (8 * k)) & 0xff) as f32).to_bits()
}

/// `(fclass(s1) & s2) != 0`.
#[inline(always)]
fn class_test(a: u32, b: u32) -> bool {
    fp::f32_class(a) & b != 0
}

// ------------------------------------------------------------------ the semantics table

macro_rules! h {
    ($handler:expr) => {
        $handler as Handler
    };
}

/// binary32 compares into a uniform mask: C and CU forms.
macro_rules! cmp32 {
    ($k:expr, $op:expr) => {
        h!(|w: &mut Warp, o: &Op| c32(w, o, $k, |a, b, fl| fp::f32_cmp($op, a, b, fl)))
    };
}

/// binary16 compares (HC).
macro_rules! cmp16 {
    ($op:expr) => {
        h!(|w: &mut Warp, o: &Op| hc(w, o, |a, b, fl| fp::f16_cmp($op, a, b, fl)))
    };
}

/// Rounded binary32 binary op with RNE fast path; MODE.rm unless `field` (rm operand).
macro_rules! ar32 {
    ($k:expr, $field:expr, $fast:expr, $slow:expr) => {
        h!(|w: &mut Warp, o: &Op| {
            let rm = rm!(if $field {
                rm_field(w, o, false)
            } else {
                rm_mode(w, false)
            });
            b2_fast(w, o, $k, rm, $fast, $slow)
        })
    };
}

/// binary32 op without rounding: `d = f(s1, s2, &mut flags)`.
macro_rules! nr32 {
    ($k:expr, $f:expr) => {
        h!(|w: &mut Warp, o: &Op| b2(w, o, $k, $f))
    };
}

/// Rounded binary16 H-format op, `f(s1, s2, s3, rm, flags)`; MODE.rm16 unless `field`.
macro_rules! ar16 {
    ($field:expr, $f:expr) => {
        h!(|w: &mut Warp, o: &Op| {
            let rm = rm!(if $field {
                rm_field(w, o, true)
            } else {
                rm_mode(w, true)
            });
            h3(w, o, |a, b, c, fl| $f(a, b, c, rm, fl))
        })
    };
}

/// Non-rounding H-format op, `f(s1, s2, s3, flags)`.
macro_rules! nr16 {
    ($f:expr) => {
        h!(|w: &mut Warp, o: &Op| h3(w, o, $f))
    };
}

/// Rounded packed-f16 op, `f(s1.x, s2.x, c.x, rm, flags)`, MODE.rm16 unless `field`.
macro_rules! arpk {
    ($acc:expr, $field:expr, $f:expr) => {
        h!(|w: &mut Warp, o: &Op| {
            let rm = rm!(if $field {
                rm_field(w, o, true)
            } else {
                rm_mode(w, true)
            });
            pk(w, o, $acc, |a, b, c, fl| $f(a, b, c, rm, fl))
        })
    };
}

/// The handler of a §6.2 variant (`None` for a mnemonic that is not §6.2).
pub(crate) fn fp_semantics(mnemonic: &str) -> Option<Handler> {
    use Src::{I, U, V};
    Some(match mnemonic {
        // ---- fp32-arith: add / sub / mul
        "fadd.f32" => ar32!(V, false, add_rne, fp::f32_add),
        "fadd.f32.vu" => ar32!(U, false, add_rne, fp::f32_add),
        "fadd.f32.m" => ar32!(V, true, add_rne, fp::f32_add),
        "fadd.f32.vl" => ar32!(I, false, add_rne, fp::f32_add),
        "fsub.f32" => ar32!(V, false, sub_rne, fp::f32_sub),
        "fsub.f32.vu" => ar32!(U, false, sub_rne, fp::f32_sub),
        "fsubr.f32.vu" => ar32!(U, false, |a, b| sub_rne(b, a), |a, b, rm, fl| {
            fp::f32_sub(b, a, rm, fl)
        }),
        "fsubr.f32.vl" => ar32!(I, false, |a, b| sub_rne(b, a), |a, b, rm, fl| {
            fp::f32_sub(b, a, rm, fl)
        }),
        "fmul.f32" => ar32!(V, false, mul_rne, fp::f32_mul),
        "fmul.f32.vu" => ar32!(U, false, mul_rne, fp::f32_mul),
        "fmul.f32.m" => ar32!(V, true, mul_rne, fp::f32_mul),
        "fmul.f32.vl" => ar32!(I, false, mul_rne, fp::f32_mul),
        // ---- fused multiply-add
        "fmac.f32" => h!(|w: &mut Warp, o: &Op| {
            let rm = rm!(rm_mode(w, false));
            fma32(w, o, V, true, rm)
        }),
        "fmac.f32.vu" => h!(|w: &mut Warp, o: &Op| {
            let rm = rm!(rm_mode(w, false));
            fma32(w, o, U, true, rm)
        }),
        "fmac.f32.vl" => h!(|w: &mut Warp, o: &Op| {
            let rm = rm!(rm_mode(w, false));
            fma32(w, o, I, true, rm)
        }),
        "ffma.f32" => h!(|w: &mut Warp, o: &Op| {
            let rm = rm!(rm_field(w, o, false));
            fma32(w, o, V, false, rm)
        }),
        // ---- min / max / sign injection / 0-1 compares
        "fmin.f32" => nr32!(V, fp::f32_min),
        "fmin.f32.vu" => nr32!(U, fp::f32_min),
        "fmin.f32.vl" => nr32!(I, fp::f32_min),
        "fmax.f32" => nr32!(V, fp::f32_max),
        "fmax.f32.vu" => nr32!(U, fp::f32_max),
        "fmax.f32.vl" => nr32!(I, fp::f32_max),
        "fsgnj.f32" => nr32!(V, |a, b, _| (a & !SIGN32) | (b & SIGN32)),
        "fsgnj.f32.vu" => nr32!(U, |a, b, _| (a & !SIGN32) | (b & SIGN32)),
        "fsgnjn.f32" => nr32!(V, |a, b, _| (a & !SIGN32) | (!b & SIGN32)),
        "fsgnjn.f32.vu" => nr32!(U, |a, b, _| (a & !SIGN32) | (!b & SIGN32)),
        "fsgnjx.f32" => nr32!(V, |a, b, _| a ^ (b & SIGN32)),
        "fsgnjx.f32.vu" => nr32!(U, |a, b, _| a ^ (b & SIGN32)),
        "feq.f32" => nr32!(V, |a, b, fl| fp::f32_cmp(CmpOp::Eq, a, b, fl) as u32),
        "feq.f32.vu" => nr32!(U, |a, b, fl| fp::f32_cmp(CmpOp::Eq, a, b, fl) as u32),
        "flt.f32" => nr32!(V, |a, b, fl| fp::f32_cmp(CmpOp::Lt, a, b, fl) as u32),
        "flt.f32.vu" => nr32!(U, |a, b, fl| fp::f32_cmp(CmpOp::Lt, a, b, fl) as u32),
        "fle.f32" => nr32!(V, |a, b, fl| fp::f32_cmp(CmpOp::Le, a, b, fl) as u32),
        "fle.f32.vu" => nr32!(U, |a, b, fl| fp::f32_cmp(CmpOp::Le, a, b, fl) as u32),
        // ---- ldexp (exponent = int32 s2), MODE.rm
        "fldexp.f32" => h!(|w: &mut Warp, o: &Op| {
            let rm = rm!(rm_mode(w, false));
            b2(w, o, V, |a, b, fl| fp::f32_ldexp(a, b as i32, rm, fl))
        }),
        "fldexp.f32.vu" => h!(|w: &mut Warp, o: &Op| {
            let rm = rm!(rm_mode(w, false));
            b2(w, o, U, |a, b, fl| fp::f32_ldexp(a, b as i32, rm, fl))
        }),
        // ---- packed binary16 (MODE.rm16)
        "pkadd.f16" => arpk!(false, false, |a, b, _c, rm, fl| fp::f16_add(a, b, rm, fl)),
        "pksub.f16" => arpk!(false, false, |a, b, _c, rm, fl| fp::f16_sub(a, b, rm, fl)),
        "pkmul.f16" => arpk!(false, false, |a, b, _c, rm, fl| fp::f16_mul(a, b, rm, fl)),
        "pkfmac.f16" => arpk!(true, false, fp::f16_fma),
        "pkfma.f16" => arpk!(false, true, fp::f16_fma),
        "pkmin.f16" => {
            h!(|w: &mut Warp, o: &Op| pk(w, o, false, |a, b, _, fl| fp::f16_min(a, b, fl)))
        }
        "pkmax.f16" => {
            h!(|w: &mut Warp, o: &Op| pk(w, o, false, |a, b, _, fl| fp::f16_max(a, b, fl)))
        }
        // ---- packed 16-bit integer (no flags)
        "pkadd.i16" => h!(|w: &mut Warp, o: &Op| pki(w, o, u16::wrapping_add)),
        "pksub.i16" => h!(|w: &mut Warp, o: &Op| pki(w, o, u16::wrapping_sub)),
        "pkmul.i16" => h!(|w: &mut Warp, o: &Op| pki(w, o, u16::wrapping_mul)),
        "pkmin.i16" => h!(|w: &mut Warp, o: &Op| pki(w, o, min_s16)),
        "pkmax.i16" => h!(|w: &mut Warp, o: &Op| pki(w, o, max_s16)),
        "pkmin.u16" => h!(|w: &mut Warp, o: &Op| pki(w, o, u16::min)),
        "pkmax.u16" => h!(|w: &mut Warp, o: &Op| pki(w, o, u16::max)),
        "pksll.i16" => h!(|w: &mut Warp, o: &Op| pki(w, o, sll16)),
        "pksrl.i16" => h!(|w: &mut Warp, o: &Op| pki(w, o, srl16)),
        "pksra.i16" => h!(|w: &mut Warp, o: &Op| pki(w, o, sra16)),
        // ---- pack conversions
        "pkcvt.f16.f32" => h!(|w: &mut Warp, o: &Op| {
            let rm = rm!(rm_mode(w, true));
            b2(w, o, V, |a, b, fl| {
                fp::f32_to_f16(a, rm, fl) as u32 | (fp::f32_to_f16(b, rm, fl) as u32) << 16
            })
        }),
        "pkcvt.f16.f32.m" => h!(|w: &mut Warp, o: &Op| {
            let rm = rm!(rm_field(w, o, true));
            b2(w, o, V, |a, b, fl| {
                fp::f32_to_f16(a, rm, fl) as u32 | (fp::f32_to_f16(b, rm, fl) as u32) << 16
            })
        }),
        "pkcvt.unorm16.f32" => nr32!(V, |a, b, _| {
            let mut z = 0u8;
            fp::f32_to_unorm16(a, &mut z) as u32 | (fp::f32_to_unorm16(b, &mut z) as u32) << 16
        }),
        "pkcvt.snorm16.f32" => nr32!(V, |a, b, _| {
            let mut z = 0u8;
            fp::f32_to_snorm16(a, &mut z) as u32 | (fp::f32_to_snorm16(b, &mut z) as u32) << 16
        }),
        "pkcvt.u16.u32" => nr32!(V, |a, b, _| a.min(0xffff) | b.min(0xffff) << 16),
        "pkcvt.i16.i32" => nr32!(V, |a, b, _| {
            let s = |x: u32| (x as i32).clamp(-32768, 32767) as u16 as u32;
            s(a) | s(b) << 16
        }),
        "pkcvt.unorm8.f32" => h!(|w: &mut Warp, o: &Op| dacc(w, o, |d, a, b, _| {
            let mut z = 0u8;
            let p =
                fp::f32_to_unorm8(a, &mut z) as u32 | (fp::f32_to_unorm8(b, &mut z) as u32) << 8;
            (d & 0xffff_0000) | p
        })),
        "pkcvt.unorm8h.f32" => h!(|w: &mut Warp, o: &Op| dacc(w, o, |d, a, b, _| {
            let mut z = 0u8;
            let p =
                fp::f32_to_unorm8(a, &mut z) as u32 | (fp::f32_to_unorm8(b, &mut z) as u32) << 8;
            (d & 0xffff) | p << 16
        })),
        "pack.lo.b16" => nr32!(V, |a, b, _| (a & 0xffff) | b << 16),
        "pack.hi.b16" => nr32!(V, |a, b, _| a >> 16 | (b & 0xffff_0000)),
        "pack.lohi.b16" => nr32!(V, |a, b, _| (a & 0xffff) | (b & 0xffff_0000)),
        // ---- three-source X forms
        "fmed3.f32" => h!(|w: &mut Warp, o: &Op| t3(w, o, fp::f32_med3)),
        "dot2.f32.f16" => h!(|w: &mut Warp, o: &Op| {
            let rm = rm!(rm_mode(w, false));
            t3(w, o, |a, b, c, fl| fp::dot2_f32_f16(a, b, c, rm, fl))
        }),
        // ---- conversions with an explicit rm (dyn: MODE.rm, MODE.rm16 for f16 results)
        "fcvt.f32.i32.m" => h!(|w: &mut Warp, o: &Op| {
            let rm = rm!(rm_field(w, o, false));
            u1(w, o, |a, fl| fp::i32_to_f32(a, rm, fl))
        }),
        "fcvt.f32.u32.m" => h!(|w: &mut Warp, o: &Op| {
            let rm = rm!(rm_field(w, o, false));
            u1(w, o, |a, fl| fp::u32_to_f32(a, rm, fl))
        }),
        "fcvt.i32.f32.m" => h!(|w: &mut Warp, o: &Op| {
            let rm = rm!(rm_field(w, o, false));
            u1(w, o, |a, fl| fp::f32_to_i32(a, rm, fl))
        }),
        "fcvt.u32.f32.m" => h!(|w: &mut Warp, o: &Op| {
            let rm = rm!(rm_field(w, o, false));
            u1(w, o, |a, fl| fp::f32_to_u32(a, rm, fl))
        }),
        "fcvt.f16.f32.lo.m" => h!(|w: &mut Warp, o: &Op| {
            let rm = rm!(rm_field(w, o, true));
            dacc(w, o, |d, a, _, fl| {
                (d & 0xffff_0000) | fp::f32_to_f16(a, rm, fl) as u32
            })
        }),
        "fcvt.f16.f32.hi.m" => h!(|w: &mut Warp, o: &Op| {
            let rm = rm!(rm_field(w, o, true));
            dacc(w, o, |d, a, _, fl| {
                (d & 0xffff) | (fp::f32_to_f16(a, rm, fl) as u32) << 16
            })
        }),
        // ---- fp32-unary (R1)
        "fclass.f32" => h!(|w: &mut Warp, o: &Op| u1(w, o, |a, _| fp::f32_class(a))),
        "ffloor.f32" => {
            h!(|w: &mut Warp, o: &Op| u1(w, o, |a, fl| fp::f32_round(RoundOp::Floor, a, fl)))
        }
        "fceil.f32" => {
            h!(|w: &mut Warp, o: &Op| u1(w, o, |a, fl| fp::f32_round(RoundOp::Ceil, a, fl)))
        }
        "ftrunc.f32" => {
            h!(|w: &mut Warp, o: &Op| u1(w, o, |a, fl| fp::f32_round(RoundOp::Trunc, a, fl)))
        }
        "frndne.f32" => {
            h!(|w: &mut Warp, o: &Op| u1(w, o, |a, fl| fp::f32_round(RoundOp::NearestEven, a, fl)))
        }
        "ffract.f32" => h!(|w: &mut Warp, o: &Op| {
            let rm = rm!(rm_mode(w, false));
            u1(w, o, |a, fl| fp::f32_fract(a, rm, fl))
        }),
        "fsat.f32" => h!(|w: &mut Warp, o: &Op| u1(w, o, fp::f32_sat)),
        "fcvt.i32.f32" => {
            h!(|w: &mut Warp, o: &Op| u1(w, o, |a, fl| fp::f32_to_i32(a, Rm::Rtz, fl)))
        }
        "fcvt.u32.f32" => {
            h!(|w: &mut Warp, o: &Op| u1(w, o, |a, fl| fp::f32_to_u32(a, Rm::Rtz, fl)))
        }
        "fcvt.f32.i32" => h!(|w: &mut Warp, o: &Op| {
            let rm = rm!(rm_mode(w, false));
            u1(w, o, |a, fl| fp::i32_to_f32(a, rm, fl))
        }),
        "fcvt.f32.u32" => h!(|w: &mut Warp, o: &Op| {
            let rm = rm!(rm_mode(w, false));
            u1(w, o, |a, fl| fp::u32_to_f32(a, rm, fl))
        }),
        "fcvt.f16.f32.lo" => h!(|w: &mut Warp, o: &Op| {
            let rm = rm!(rm_mode(w, true));
            dacc(w, o, |d, a, _, fl| {
                (d & 0xffff_0000) | fp::f32_to_f16(a, rm, fl) as u32
            })
        }),
        "fcvt.f16.f32.hi" => h!(|w: &mut Warp, o: &Op| {
            let rm = rm!(rm_mode(w, true));
            dacc(w, o, |d, a, _, fl| {
                (d & 0xffff) | (fp::f32_to_f16(a, rm, fl) as u32) << 16
            })
        }),
        "fcvt.f32.f16.lo" => {
            h!(|w: &mut Warp, o: &Op| u1(w, o, |a, fl| fp::f16_to_f32(a as u16, fl)))
        }
        "fcvt.f32.f16.hi" => {
            h!(|w: &mut Warp, o: &Op| u1(w, o, |a, fl| fp::f16_to_f32((a >> 16) as u16, fl)))
        }
        "fcvt.f32.ubyte0" => h!(|w: &mut Warp, o: &Op| u1(w, o, |a, _| ubyte(a, 0))),
        "fcvt.f32.ubyte1" => h!(|w: &mut Warp, o: &Op| u1(w, o, |a, _| ubyte(a, 1))),
        "fcvt.f32.ubyte2" => h!(|w: &mut Warp, o: &Op| u1(w, o, |a, _| ubyte(a, 2))),
        "fcvt.f32.ubyte3" => h!(|w: &mut Warp, o: &Op| u1(w, o, |a, _| ubyte(a, 3))),
        "frexp.mant.f32" => h!(|w: &mut Warp, o: &Op| u1(w, o, fp::f32_frexp_mant)),
        "frexp.exp.f32" => h!(|w: &mut Warp, o: &Op| u1(w, o, |a, _| fp::f32_frexp_exp(a))),
        // ---- fp32-cmp (C / CU)
        "cmp.eq.f32" => cmp32!(V, CmpOp::Eq),
        "cmp.ne.f32" => cmp32!(V, CmpOp::Ne),
        "cmp.lt.f32" => cmp32!(V, CmpOp::Lt),
        "cmp.le.f32" => cmp32!(V, CmpOp::Le),
        "cmp.gt.f32" => cmp32!(V, CmpOp::Gt),
        "cmp.ge.f32" => cmp32!(V, CmpOp::Ge),
        "cmp.o.f32" => cmp32!(V, CmpOp::O),
        "cmp.u.f32" => cmp32!(V, CmpOp::U),
        "cmp.equ.f32" => cmp32!(V, CmpOp::Equ),
        "cmp.neu.f32" => cmp32!(V, CmpOp::Neu),
        "cmp.ltu.f32" => cmp32!(V, CmpOp::Ltu),
        "cmp.leu.f32" => cmp32!(V, CmpOp::Leu),
        "cmp.gtu.f32" => cmp32!(V, CmpOp::Gtu),
        "cmp.geu.f32" => cmp32!(V, CmpOp::Geu),
        "cmp.class.f32" => h!(|w: &mut Warp, o: &Op| c32(w, o, V, |a, b, _| class_test(a, b))),
        "cmp.eq.f32.vu" => cmp32!(U, CmpOp::Eq),
        "cmp.ne.f32.vu" => cmp32!(U, CmpOp::Ne),
        "cmp.lt.f32.vu" => cmp32!(U, CmpOp::Lt),
        "cmp.le.f32.vu" => cmp32!(U, CmpOp::Le),
        "cmp.gt.f32.vu" => cmp32!(U, CmpOp::Gt),
        "cmp.ge.f32.vu" => cmp32!(U, CmpOp::Ge),
        "cmp.o.f32.vu" => cmp32!(U, CmpOp::O),
        "cmp.u.f32.vu" => cmp32!(U, CmpOp::U),
        "cmp.equ.f32.vu" => cmp32!(U, CmpOp::Equ),
        "cmp.neu.f32.vu" => cmp32!(U, CmpOp::Neu),
        "cmp.ltu.f32.vu" => cmp32!(U, CmpOp::Ltu),
        "cmp.leu.f32.vu" => cmp32!(U, CmpOp::Leu),
        "cmp.gtu.f32.vu" => cmp32!(U, CmpOp::Gtu),
        "cmp.geu.f32.vu" => cmp32!(U, CmpOp::Geu),
        "cmp.class.f32.vu" => h!(|w: &mut Warp, o: &Op| c32(w, o, U, |a, b, _| class_test(a, b))),
        // ---- half (H): binary16 arithmetic, MODE.rm16 / explicit rm
        "fadd.f16" => ar16!(true, |a, b, _c, rm, fl| fp::f16_add(a, b, rm, fl)),
        "fsub.f16" => ar16!(true, |a, b, _c, rm, fl| fp::f16_sub(a, b, rm, fl)),
        "fmul.f16" => ar16!(true, |a, b, _c, rm, fl| fp::f16_mul(a, b, rm, fl)),
        "ffma.f16" => ar16!(true, fp::f16_fma),
        "fldexp.f16" => ar16!(false, |a, b: u16, _c, rm, fl| fp::f16_ldexp(
            a,
            b as i16 as i32,
            rm,
            fl
        )),
        "fcvt.f16.i16" => ar16!(false, |a, _b, _c, rm, fl| fp::i16_to_f16(a, rm, fl)),
        "fcvt.f16.u16" => ar16!(false, |a, _b, _c, rm, fl| fp::u16_to_f16(a, rm, fl)),
        "fcvt.i16.f16" => nr16!(|a, _b, _c, fl| fp::f16_to_i16(a, Rm::Rtz, fl)),
        "fcvt.u16.f16" => nr16!(|a, _b, _c, fl| fp::f16_to_u16(a, Rm::Rtz, fl)),
        "fmin.f16" => nr16!(|a, b, _c, fl| fp::f16_min(a, b, fl)),
        "fmax.f16" => nr16!(|a, b, _c, fl| fp::f16_max(a, b, fl)),
        "fsgnj.f16" => nr16!(|a, b, _c, _| (a & !SIGN16) | (b & SIGN16)),
        "fsgnjn.f16" => nr16!(|a, b, _c, _| (a & !SIGN16) | (!b & SIGN16)),
        "fsgnjx.f16" => nr16!(|a, b, _c, _| a ^ (b & SIGN16)),
        "ffloor.f16" => nr16!(|a, _b, _c, fl| fp::f16_round(RoundOp::Floor, a, fl)),
        "fceil.f16" => nr16!(|a, _b, _c, fl| fp::f16_round(RoundOp::Ceil, a, fl)),
        "ftrunc.f16" => nr16!(|a, _b, _c, fl| fp::f16_round(RoundOp::Trunc, a, fl)),
        "frndne.f16" => nr16!(|a, _b, _c, fl| fp::f16_round(RoundOp::NearestEven, a, fl)),
        "ffract.f16" => ar16!(false, |a, _b, _c, rm, fl| fp::f16_fract(a, rm, fl)),
        "fclass.f16" => nr16!(|a, _b, _c, _| fp::f16_class(a)),
        // ---- half (H): 16-bit integer and bit operations (no flags)
        "mov.b16" => nr16!(|a, _b, _c, _| a),
        "add.i16" => nr16!(|a: u16, b, _c, _| a.wrapping_add(b)),
        "sub.i16" => nr16!(|a: u16, b, _c, _| a.wrapping_sub(b)),
        "mul.i16" => nr16!(|a: u16, b, _c, _| a.wrapping_mul(b)),
        "sll.i16" => nr16!(|a, b, _c, _| sll16(a, b)),
        "srl.i16" => nr16!(|a, b, _c, _| srl16(a, b)),
        "sra.i16" => nr16!(|a, b, _c, _| sra16(a, b)),
        "and.b16" => nr16!(|a, b, _c, _| a & b),
        "or.b16" => nr16!(|a, b, _c, _| a | b),
        "xor.b16" => nr16!(|a, b, _c, _| a ^ b),
        "min.i16" => nr16!(|a, b, _c, _| min_s16(a, b)),
        "max.i16" => nr16!(|a, b, _c, _| max_s16(a, b)),
        "min.u16" => nr16!(|a: u16, b, _c, _| a.min(b)),
        "max.u16" => nr16!(|a: u16, b, _c, _| a.max(b)),
        "sel.b16" => nr16!(|a, b, c, _| if c != 0 { a } else { b }),
        // ---- half-cmp (HC)
        "cmp.eq.f16" => cmp16!(CmpOp::Eq),
        "cmp.ne.f16" => cmp16!(CmpOp::Ne),
        "cmp.lt.f16" => cmp16!(CmpOp::Lt),
        "cmp.le.f16" => cmp16!(CmpOp::Le),
        "cmp.gt.f16" => cmp16!(CmpOp::Gt),
        "cmp.ge.f16" => cmp16!(CmpOp::Ge),
        "cmp.o.f16" => cmp16!(CmpOp::O),
        "cmp.u.f16" => cmp16!(CmpOp::U),
        "cmp.equ.f16" => cmp16!(CmpOp::Equ),
        "cmp.neu.f16" => cmp16!(CmpOp::Neu),
        "cmp.ltu.f16" => cmp16!(CmpOp::Ltu),
        "cmp.leu.f16" => cmp16!(CmpOp::Leu),
        "cmp.gtu.f16" => cmp16!(CmpOp::Gtu),
        "cmp.geu.f16" => cmp16!(CmpOp::Geu),
        "cmp.eq.i16" => h!(|w: &mut Warp, o: &Op| hc(w, o, |a, b, _| a == b)),
        "cmp.ne.i16" => h!(|w: &mut Warp, o: &Op| hc(w, o, |a, b, _| a != b)),
        "cmp.lt.i16" => h!(|w: &mut Warp, o: &Op| hc(w, o, |a, b, _| (a as i16) < (b as i16))),
        "cmp.ge.i16" => h!(|w: &mut Warp, o: &Op| hc(w, o, |a, b, _| (a as i16) >= (b as i16))),
        "cmp.lt.u16" => h!(|w: &mut Warp, o: &Op| hc(w, o, |a, b, _| a < b)),
        "cmp.ge.u16" => h!(|w: &mut Warp, o: &Op| hc(w, o, |a, b, _| a >= b)),
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::program::Program;
    use warpkit_encoding::encode;
    use warpkit_isa::{lookup, INSNS};

    /// Every §6.2 mnemonic has a handler here, and nothing else does.
    #[test]
    fn table_covers_chapter_6_2_exactly() {
        let mut n = 0;
        for d in INSNS.iter() {
            let is = d.group_desc().chapter == "6.2";
            assert_eq!(fp_semantics(d.mnemonic).is_some(), is, "{}", d.mnemonic);
            n += is as usize;
        }
        assert_eq!(n, 178);
    }

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
            ];
            for (k, (r, ok, nx)) in checks.into_iter().enumerate() {
                let mut fl = 0u8;
                let want = match k {
                    0 => fp::f32_add(a, b, Rm::Rne, &mut fl),
                    1 => fp::f32_sub(a, b, Rm::Rne, &mut fl),
                    2 => fp::f32_mul(a, b, Rm::Rne, &mut fl),
                    _ => fp::f32_fma(a, b, c, Rm::Rne, &mut fl),
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

    /// The dispatched lane loop (AVX2 where the CPU has it) and the plain one give the
    /// library's results and flags, lane by lane, for every EXEC pattern tried.
    #[test]
    fn dispatched_and_plain_lane_loops_agree_with_warpkit_fp() {
        let mut seed = 0x0bad_cafe_dead_beefu64;
        for round in 0..20_000 {
            let a: VReg = std::array::from_fn(|_| gen(&mut seed));
            let b: VReg = std::array::from_fn(|_| gen(&mut seed));
            let c: VReg = std::array::from_fn(|_| gen(&mut seed));
            let exec = gen(&mut seed) | if round % 3 == 0 { u32::MAX } else { 0 };
            let mut want = [0u32; LANES];
            let mut want_fl = 0u8;
            for i in 0..LANES {
                let mut fl = 0;
                want[i] = fp::f32_fma(a[i], b[i], c[i], Rm::Rne, &mut fl);
                if exec >> i & 1 == 1 {
                    want_fl |= fl;
                }
            }
            let fast = |i: usize| fma_rne(a[i], b[i], c[i]);
            let slow = |i: usize, fl: &mut u8| fp::f32_fma(a[i], b[i], c[i], Rm::Rne, fl);
            assert_eq!(
                run_fast(exec, fast, slow),
                (want, want_fl),
                "dispatched, round {round}"
            );
            assert_eq!(
                run_fast_body(exec, fast, slow),
                (want, want_fl),
                "plain, round {round}"
            );
        }
    }

    fn op_for(inst: &warpkit_encoding::Inst) -> (Program, Op) {
        let p = Program::new(&encode(inst));
        let o = p.ops[0];
        (p, o)
    }

    /// A reserved MODE value used through `dyn` raises IllegalInsn and changes nothing;
    /// an explicit rm ignores MODE.
    #[test]
    fn reserved_mode_faults_precisely() {
        let mut i = warpkit_encoding::Inst::new(lookup("ffma.f32").unwrap());
        i.rd = 1;
        i.rs1 = 2;
        i.rs2 = 3;
        i.rs3 = 4;
        let (_p, o) = op_for(&i);
        let mut w = Warp::new();
        w.v[2] = [0x3f80_0000; LANES];
        w.v[3] = [0x3f80_0000; LANES];
        w.v[4] = [0x3f80_0000; LANES];
        w.mode.rm = 5;
        let before = w.clone();
        assert_eq!((o.handler)(&mut w, &o), Flow::Illegal);
        assert_eq!(w, before);
        i.rm = 1;
        let (_p, o) = op_for(&i);
        assert_eq!((o.handler)(&mut w, &o), Flow::Next);
        assert_eq!(w.v[1], [0x4000_0000; LANES]);
        // binary16 work looks at MODE.rm16 only.
        let mut h = warpkit_encoding::Inst::new(lookup("fadd.f16").unwrap());
        h.rd = 2;
        h.rs1 = 3;
        h.rs2 = 4;
        let (_p, o) = op_for(&h);
        let mut w = Warp::new();
        w.mode.rm = 6;
        assert_eq!((o.handler)(&mut w, &o), Flow::Next);
        w.mode.rm16 = 7;
        let before = w.clone();
        assert_eq!((o.handler)(&mut w, &o), Flow::Illegal);
        assert_eq!(w, before);
        // Non-rounding FP ops do not care about MODE.
        let m = warpkit_encoding::Inst::new(lookup("fmin.f32").unwrap());
        let (_p, o) = op_for(&m);
        assert_eq!((o.handler)(&mut w, &o), Flow::Next);
        for (name, sel) in [
            ("fadd.f32", false),
            ("pkadd.f16", true),
            ("dot2.f32.f16", false),
            ("ffract.f32", false),
            ("ffract.f16", true),
        ] {
            let i = warpkit_encoding::Inst::new(lookup(name).unwrap());
            let (_p, o) = op_for(&i);
            let mut w = Warp::new();
            if sel {
                w.mode.rm16 = 5;
            } else {
                w.mode.rm = 5;
            }
            let before = w.clone();
            assert_eq!((o.handler)(&mut w, &o), Flow::Illegal, "{name}");
            assert_eq!(w, before);
        }
    }
}
