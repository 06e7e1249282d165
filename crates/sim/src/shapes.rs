//! Operand-shape drivers: for each shape of instruction (vector-vector, vector-uniform,
//! pair, compare into a mask, binary32 with modifiers, half registers, packed halves ...)
//! one function that reads the operands through the register-access layer, applies a
//! pure lane function (from [`crate::int`] or [`crate::float`]) to every lane, and writes
//! the result back through it. A handler is one driver applied to one lane function.
//!
//! The floating-point drivers take a whole-register kernel
//! `(s1, s2, c, exec, rm) -> (result, flags)`; the adapters at the end of this file build
//! kernels from lane functions, and a 32-lane host kernel can be plugged in in their place.

use crate::access::{each_lane, lanes, to_mask, HReg};
use crate::commit::Log;
use crate::op::{Flow, Op};
use crate::warp::{VReg, Warp, LANES};
use warpkit_fp::lanes::{Kernels, Op as LaneOp, Operand, Src16, Src32};
use warpkit_fp::{self as fp, CmpOp, Rm};

// ------------------------------------------------------------------ 32-bit vector

/// `d = f(s1, s2)`, vector-vector.
#[inline(always)]
pub(crate) fn vv<L: Log>(w: &mut Warp, o: &Op, l: &mut L, f: impl Fn(u32, u32) -> u32) -> Flow {
    let (a, b) = (w.vr(o.rs1), w.vr(o.rs2));
    let r = lanes(|i| f(a[i], b[i]));
    w.wv(l, o.rd, &r);
    Flow::Next
}

/// `d = f(s1, u2)`, vector-uniform.
#[inline(always)]
pub(crate) fn vu<L: Log>(w: &mut Warp, o: &Op, l: &mut L, f: impl Fn(u32, u32) -> u32) -> Flow {
    let (a, b) = (w.vr(o.rs1), w.ur(o.rs2));
    let r = lanes(|i| f(a[i], b));
    w.wv(l, o.rd, &r);
    Flow::Next
}

/// `d = f(s1, imm)`, vector-immediate (sign-extended `s8`, or a raw `k32` literal).
#[inline(always)]
pub(crate) fn vi<L: Log>(w: &mut Warp, o: &Op, l: &mut L, f: impl Fn(u32, u32) -> u32) -> Flow {
    let (a, b) = (w.vr(o.rs1), o.imm);
    let r = lanes(|i| f(a[i], b));
    w.wv(l, o.rd, &r);
    Flow::Next
}

/// `d = f(d, s1, s2)`: accumulating destination (`v*`).
#[inline(always)]
pub(crate) fn vv_acc<L: Log>(
    w: &mut Warp,
    o: &Op,
    l: &mut L,
    f: impl Fn(u32, u32, u32) -> u32,
) -> Flow {
    let (d, a, b) = (w.vr(o.rd), w.vr(o.rs1), w.vr(o.rs2));
    let r = lanes(|i| f(d[i], a[i], b[i]));
    w.wv(l, o.rd, &r);
    Flow::Next
}

/// `d = f(d, s1, u2)`.
#[inline(always)]
pub(crate) fn vu_acc<L: Log>(
    w: &mut Warp,
    o: &Op,
    l: &mut L,
    f: impl Fn(u32, u32, u32) -> u32,
) -> Flow {
    let (d, a, b) = (w.vr(o.rd), w.vr(o.rs1), w.ur(o.rs2));
    let r = lanes(|i| f(d[i], a[i], b));
    w.wv(l, o.rd, &r);
    Flow::Next
}

/// `d = f(s1, u2, lane)`: lane-indexed vector-uniform (mbcnt).
#[inline(always)]
pub(crate) fn vu_idx<L: Log>(
    w: &mut Warp,
    o: &Op,
    l: &mut L,
    f: impl Fn(u32, u32, u32) -> u32,
) -> Flow {
    let (a, b) = (w.vr(o.rs1), w.ur(o.rs2));
    let r = lanes(|i| f(a[i], b, i as u32));
    w.wv(l, o.rd, &r);
    Flow::Next
}

/// `d = f(d, s1, u2, lane)`: lane-indexed vector-uniform with the old destination
/// (cndmask).
#[inline(always)]
pub(crate) fn vu_lane<L: Log>(
    w: &mut Warp,
    o: &Op,
    l: &mut L,
    f: impl Fn(u32, u32, u32, u32) -> u32,
) -> Flow {
    let (d, a, b) = (w.vr(o.rd), w.vr(o.rs1), w.ur(o.rs2));
    let r = lanes(|i| f(d[i], a[i], b, i as u32));
    w.wv(l, o.rd, &r);
    Flow::Next
}

/// `d = f(s1)`, unary.
#[inline(always)]
pub(crate) fn v1<L: Log>(w: &mut Warp, o: &Op, l: &mut L, f: impl Fn(u32) -> u32) -> Flow {
    let a = w.vr(o.rs1);
    let r = lanes(|i| f(a[i]));
    w.wv(l, o.rd, &r);
    Flow::Next
}

/// `d = f(lane number)`.
#[inline(always)]
pub(crate) fn v_lane<L: Log>(w: &mut Warp, o: &Op, l: &mut L, f: impl Fn(u32) -> u32) -> Flow {
    let r = lanes(|i| f(i as u32));
    w.wv(l, o.rd, &r);
    Flow::Next
}

/// `d = f(u1)` in every lane (uniform broadcast).
#[inline(always)]
pub(crate) fn v_u1<L: Log>(w: &mut Warp, o: &Op, l: &mut L, f: impl Fn(u32) -> u32) -> Flow {
    let x = f(w.ur(o.rs1));
    w.wv(l, o.rd, &[x; LANES]);
    Flow::Next
}

/// `d = f(imm)` in every lane.
#[inline(always)]
pub(crate) fn v_imm<L: Log>(w: &mut Warp, o: &Op, l: &mut L, f: impl Fn(u32) -> u32) -> Flow {
    let x = f(o.imm);
    w.wv(l, o.rd, &[x; LANES]);
    Flow::Next
}

/// `d = f(s1, s2, s3)`, X-format three sources.
#[inline(always)]
pub(crate) fn vvv<L: Log>(
    w: &mut Warp,
    o: &Op,
    l: &mut L,
    f: impl Fn(u32, u32, u32) -> u32,
) -> Flow {
    let (a, b, c) = (w.vr(o.rs1), w.vr(o.rs2), w.vr(o.rs3));
    let r = lanes(|i| f(a[i], b[i], c[i]));
    w.wv(l, o.rd, &r);
    Flow::Next
}

/// `movrel.s`: `d = f(V[rs1 + u2])`; the source is all zeros when that index is not
/// allocated.
#[inline(always)]
pub(crate) fn movrel_s<L: Log>(w: &mut Warp, o: &Op, l: &mut L, f: impl Fn(u32) -> u32) -> Flow {
    let idx = o.rs1 as u64 + w.ur(o.rs2) as u64;
    let src = if idx < w.vgprs as u64 {
        *w.vr(idx as u8)
    } else {
        [0; LANES]
    };
    let r = lanes(|i| f(src[i]));
    w.wv(l, o.rd, &r);
    Flow::Next
}

/// `movrel.d`: `V[rd + u2] = f(s1)`; dropped (nothing written) when that index is not
/// allocated.
#[inline(always)]
pub(crate) fn movrel_d<L: Log>(w: &mut Warp, o: &Op, l: &mut L, f: impl Fn(u32) -> u32) -> Flow {
    let idx = o.rd as u64 + w.ur(o.rs2) as u64;
    if idx < w.vgprs as u64 {
        let a = w.vr(o.rs1);
        let r = lanes(|i| f(a[i]));
        w.wv(l, idx as u8, &r);
    }
    Flow::Next
}

// ------------------------------------------------------------------ 64-bit pairs

/// `d64 = f(s1_64, s2_64)`.
#[inline(always)]
pub(crate) fn p_pp<L: Log>(w: &mut Warp, o: &Op, l: &mut L, f: impl Fn(u64, u64) -> u64) -> Flow {
    let (a, b) = (w.vp(o.rs1), w.vp(o.rs2));
    let r = lanes(|i| f(a[i], b[i]));
    w.wvp(l, o.rd, &r);
    Flow::Next
}

/// `d64 = f(s1_64, s2)`.
#[inline(always)]
pub(crate) fn p_pv<L: Log>(w: &mut Warp, o: &Op, l: &mut L, f: impl Fn(u64, u32) -> u64) -> Flow {
    let (a, b) = (w.vp(o.rs1), w.vr(o.rs2));
    let r = lanes(|i| f(a[i], b[i]));
    w.wvp(l, o.rd, &r);
    Flow::Next
}

/// `d64 = f(s1_64, u2)`.
#[inline(always)]
pub(crate) fn p_pu<L: Log>(w: &mut Warp, o: &Op, l: &mut L, f: impl Fn(u64, u32) -> u64) -> Flow {
    let (a, b) = (w.vp(o.rs1), w.ur(o.rs2));
    let r = lanes(|i| f(a[i], b));
    w.wvp(l, o.rd, &r);
    Flow::Next
}

/// `d64 = f(s1_64, imm32)`.
#[inline(always)]
pub(crate) fn p_pi<L: Log>(w: &mut Warp, o: &Op, l: &mut L, f: impl Fn(u64, u32) -> u64) -> Flow {
    let (a, b) = (w.vp(o.rs1), o.imm);
    let r = lanes(|i| f(a[i], b));
    w.wvp(l, o.rd, &r);
    Flow::Next
}

/// `d64 = f(s1, s2)` (widening).
#[inline(always)]
pub(crate) fn p_vv<L: Log>(w: &mut Warp, o: &Op, l: &mut L, f: impl Fn(u32, u32) -> u64) -> Flow {
    let (a, b) = (w.vr(o.rs1), w.vr(o.rs2));
    let r = lanes(|i| f(a[i], b[i]));
    w.wvp(l, o.rd, &r);
    Flow::Next
}

/// `d64 = f(s1, s2, s3_64)` (mad64).
#[inline(always)]
pub(crate) fn p_vvp<L: Log>(
    w: &mut Warp,
    o: &Op,
    l: &mut L,
    f: impl Fn(u32, u32, u64) -> u64,
) -> Flow {
    let (a, b, c) = (w.vr(o.rs1), w.vr(o.rs2), w.vp(o.rs3));
    let r = lanes(|i| f(a[i], b[i], c[i]));
    w.wvp(l, o.rd, &r);
    Flow::Next
}

/// `d64 = f(s1_64, s2_64, s3)` (sel64).
#[inline(always)]
pub(crate) fn p_ppv<L: Log>(
    w: &mut Warp,
    o: &Op,
    l: &mut L,
    f: impl Fn(u64, u64, u32) -> u64,
) -> Flow {
    let (a, b, c) = (w.vp(o.rs1), w.vp(o.rs2), w.vr(o.rs3));
    let r = lanes(|i| f(a[i], b[i], c[i]));
    w.wvp(l, o.rd, &r);
    Flow::Next
}

/// `d64 = f(s1_64)` (mov64).
#[inline(always)]
pub(crate) fn p_p<L: Log>(w: &mut Warp, o: &Op, l: &mut L, f: impl Fn(u64) -> u64) -> Flow {
    let a = w.vp(o.rs1);
    let r = lanes(|i| f(a[i]));
    w.wvp(l, o.rd, &r);
    Flow::Next
}

/// `d64 = f(U64[u1])` in every lane (mov64.vu).
#[inline(always)]
pub(crate) fn p_u1<L: Log>(w: &mut Warp, o: &Op, l: &mut L, f: impl Fn(u64) -> u64) -> Flow {
    let x = f(w.ur64(o.rs1));
    w.wvp(l, o.rd, &[x; LANES]);
    Flow::Next
}

// ------------------------------------------------------------------ compares into a mask

/// `U[d]` = mask of the active lanes where `f(s1, s2)`.
#[inline(always)]
pub(crate) fn c_vv<L: Log>(w: &mut Warp, o: &Op, l: &mut L, f: impl Fn(u32, u32) -> bool) -> Flow {
    let (a, b) = (w.vr(o.rs1), w.vr(o.rs2));
    let m = to_mask(&lanes(|i| f(a[i], b[i])), w.exec);
    w.wu(l, o.rd, m);
    Flow::Next
}

/// `U[d]` = mask of the active lanes where `f(s1, u2)`.
#[inline(always)]
pub(crate) fn c_vu<L: Log>(w: &mut Warp, o: &Op, l: &mut L, f: impl Fn(u32, u32) -> bool) -> Flow {
    let (a, b) = (w.vr(o.rs1), w.ur(o.rs2));
    let m = to_mask(&lanes(|i| f(a[i], b)), w.exec);
    w.wu(l, o.rd, m);
    Flow::Next
}

/// `U[d]` = mask of the active lanes where `f(s1, imm)`.
#[inline(always)]
pub(crate) fn c_vi<L: Log>(w: &mut Warp, o: &Op, l: &mut L, f: impl Fn(u32, u32) -> bool) -> Flow {
    let (a, b) = (w.vr(o.rs1), o.imm);
    let m = to_mask(&lanes(|i| f(a[i], b)), w.exec);
    w.wu(l, o.rd, m);
    Flow::Next
}

/// `U[d]` = mask of the active lanes where `f(s1_64, s2_64)`.
#[inline(always)]
pub(crate) fn c_pp<L: Log>(w: &mut Warp, o: &Op, l: &mut L, f: impl Fn(u64, u64) -> bool) -> Flow {
    let (a, b) = (w.vp(o.rs1), w.vp(o.rs2));
    let m = to_mask(&lanes(|i| f(a[i], b[i])), w.exec);
    w.wu(l, o.rd, m);
    Flow::Next
}

// ------------------------------------------------------------------ uniform

/// `U[d] = f(u1, u2)`.
#[inline(always)]
pub(crate) fn uu<L: Log>(w: &mut Warp, o: &Op, l: &mut L, f: impl Fn(u32, u32) -> u32) -> Flow {
    let r = f(w.ur(o.rs1), w.ur(o.rs2));
    w.wu(l, o.rd, r);
    Flow::Next
}

/// `U[d] = f(u1, imm)` (UI `s10`, UL `k32`).
#[inline(always)]
pub(crate) fn ui<L: Log>(w: &mut Warp, o: &Op, l: &mut L, f: impl Fn(u32, u32) -> u32) -> Flow {
    let r = f(w.ur(o.rs1), o.imm);
    w.wu(l, o.rd, r);
    Flow::Next
}

/// `U[d] = f(u1)`.
#[inline(always)]
pub(crate) fn u1<L: Log>(w: &mut Warp, o: &Op, l: &mut L, f: impl Fn(u32) -> u32) -> Flow {
    let r = f(w.ur(o.rs1));
    w.wu(l, o.rd, r);
    Flow::Next
}

/// `U[d] = f(imm)`.
#[inline(always)]
pub(crate) fn u_imm<L: Log>(w: &mut Warp, o: &Op, l: &mut L, f: impl Fn(u32) -> u32) -> Flow {
    let r = f(o.imm);
    w.wu(l, o.rd, r);
    Flow::Next
}

/// `U64[d] = f(U64[u1], U64[u2])`.
#[inline(always)]
pub(crate) fn up_pp<L: Log>(w: &mut Warp, o: &Op, l: &mut L, f: impl Fn(u64, u64) -> u64) -> Flow {
    let r = f(w.ur64(o.rs1), w.ur64(o.rs2));
    w.wu64(l, o.rd, r);
    Flow::Next
}

/// `U64[d] = f(U64[u1], u2)`.
#[inline(always)]
pub(crate) fn up_pu<L: Log>(w: &mut Warp, o: &Op, l: &mut L, f: impl Fn(u64, u32) -> u64) -> Flow {
    let r = f(w.ur64(o.rs1), w.ur(o.rs2));
    w.wu64(l, o.rd, r);
    Flow::Next
}

/// `U64[d] = f(U64[u1], imm)`.
#[inline(always)]
pub(crate) fn up_pi<L: Log>(w: &mut Warp, o: &Op, l: &mut L, f: impl Fn(u64, u32) -> u64) -> Flow {
    let r = f(w.ur64(o.rs1), o.imm);
    w.wu64(l, o.rd, r);
    Flow::Next
}

/// `U64[d] = f(U64[u1])`.
#[inline(always)]
pub(crate) fn up_p<L: Log>(w: &mut Warp, o: &Op, l: &mut L, f: impl Fn(u64) -> u64) -> Flow {
    let r = f(w.ur64(o.rs1));
    w.wu64(l, o.rd, r);
    Flow::Next
}

/// `U[d] = f(PC, imm)`.
#[inline(always)]
pub(crate) fn u_pc<L: Log>(w: &mut Warp, o: &Op, l: &mut L, f: impl Fn(u32, u32) -> u32) -> Flow {
    let r = f(w.pc, o.imm);
    w.wu(l, o.rd, r);
    Flow::Next
}

/// `U64[d] = f(CODE_BASE, PC, imm)`.
#[inline(always)]
pub(crate) fn up_pc<L: Log>(
    w: &mut Warp,
    o: &Op,
    l: &mut L,
    f: impl Fn(u64, u32, u32) -> u64,
) -> Flow {
    let r = f(w.code_base, w.pc, o.imm);
    w.wu64(l, o.rd, r);
    Flow::Next
}

// ------------------------------------------------------------------ EXEC

/// `U[d] = EXEC`.
#[inline(always)]
pub(crate) fn exec_get<L: Log>(w: &mut Warp, o: &Op, l: &mut L) -> Flow {
    let e = w.exec;
    w.wu(l, o.rd, e);
    Flow::Next
}

/// `EXEC = f(u1)`.
#[inline(always)]
pub(crate) fn exec_set<L: Log>(w: &mut Warp, o: &Op, l: &mut L, f: impl Fn(u32) -> u32) -> Flow {
    let x = f(w.ur(o.rs1));
    w.wexec(l, x);
    Flow::Next
}

/// `U[d] = old EXEC; EXEC = f(old EXEC)`.
#[inline(always)]
pub(crate) fn exec_self<L: Log>(w: &mut Warp, o: &Op, l: &mut L, f: impl Fn(u32) -> u32) -> Flow {
    let old = w.exec;
    w.wu(l, o.rd, old);
    w.wexec(l, f(old));
    Flow::Next
}

/// `U[d] = old EXEC; EXEC = f(old EXEC, u1)`; u1 is read before U[d] is written.
#[inline(always)]
pub(crate) fn saveexec<L: Log>(
    w: &mut Warp,
    o: &Op,
    l: &mut L,
    f: impl Fn(u32, u32) -> u32,
) -> Flow {
    let (old, s) = (w.exec, w.ur(o.rs1));
    w.wu(l, o.rd, old);
    w.wexec(l, f(old, s));
    Flow::Next
}

// ------------------------------------------------------------------ branches

/// Branch to PC + imm when `taken(EXEC, u1)`.
#[inline(always)]
pub(crate) fn branch<L: Log>(
    w: &mut Warp,
    o: &Op,
    _: &mut L,
    taken: impl Fn(u32, u32) -> bool,
) -> Flow {
    if taken(w.exec, w.ur(o.rs1)) {
        Flow::Jump(w.pc.wrapping_add(o.imm))
    } else {
        Flow::Next
    }
}

/// Jump to `target(PC, u1, imm)`; U[d] = PC + 4 when `link`.
#[inline(always)]
pub(crate) fn jump<L: Log>(
    w: &mut Warp,
    o: &Op,
    l: &mut L,
    link: bool,
    target: impl Fn(u32, u32, u32) -> u32,
) -> Flow {
    let pc = w.pc;
    let t = target(pc, w.ur(o.rs1), o.imm);
    if link {
        w.wu(l, o.rd, pc.wrapping_add(4));
    }
    Flow::Jump(t)
}

// ------------------------------------------------------------------ floating point

const SIGN32: u32 = 0x8000_0000;

/// The `neg`/`abs`/`sat` modifiers ([`Op::mods`]).
#[derive(Clone, Copy)]
struct Mods(u8);

impl Mods {
    #[inline(always)]
    fn src(self) -> bool {
        self.0 & 0x3f != 0
    }
    #[inline(always)]
    fn sat(self) -> bool {
        self.0 & 0x40 != 0
    }
    /// (and-mask, xor-mask) of the sign bit for source `k` (0 = s1, 1 = s2, 2 = s3):
    /// abs first, then neg.
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

/// Where an FP instruction's rounding mode comes from.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Round {
    /// It does not round (the kernel ignores the mode).
    No,
    /// MODE.rm (binary32 results).
    Mode,
    /// MODE.rm16 (binary16 results).
    Mode16,
    /// The `rm` field; `dyn` = MODE.rm.
    Field,
    /// The `rm` field; `dyn` = MODE.rm16.
    Field16,
}

/// The rounding mode, or `None` for a reserved MODE value reached through `dyn` (the
/// instruction then raises IllegalInsn before changing anything).
#[inline(always)]
fn rounding(w: &Warp, o: &Op, r: Round) -> Option<Rm> {
    match r {
        Round::No => Some(Rm::Rne),
        Round::Mode => Rm::from_bits(w.mode.rm),
        Round::Mode16 => Rm::from_bits(w.mode.rm16),
        Round::Field => Rm::from_bits(w.mode.resolve(o.rm_field(), false)),
        Round::Field16 => Rm::from_bits(w.mode.resolve(o.rm_field(), true)),
    }
}

/// Where the second source of a 32-bit FP instruction comes from.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Src {
    /// Not used (unary).
    No,
    /// `rs2` vector register.
    V,
    /// `rs2` uniform register, broadcast.
    U,
    /// The 32-bit literal, broadcast.
    I,
}

/// The third input of a 32-bit FP kernel.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Src3 {
    No,
    /// The destination's old value (`fmac`, conversions into one half of `d`).
    D,
    /// `rs3`.
    S3,
}

/// A whole-register kernel on 32 lanes of `T` (`u32`: binary32 and packed; `u16`: H-format
/// halves): `(s1, s2, c, exec, rm) -> (result, flags of the active lanes)`. Inactive lanes'
/// results are discarded by the driver. This is where a 32-lane host-FPU kernel plugs in
/// (see [`Whole`]); the other kernels below apply a lane function to every lane.
///
/// Kernels are types with an `#[inline(always)]` method rather than closures so that they
/// are always compiled into their handler, and so into its AVX2 build.
pub(crate) trait Kernel<T> {
    fn run(
        self,
        a: &[T; LANES],
        b: &[T; LANES],
        c: &[T; LANES],
        exec: u32,
        rm: Rm,
    ) -> ([T; LANES], u8);
}

/// Defines a kernel type `$name<F>` wrapping a lane function `F: $bound` and its
/// constructor `$ctor(f)`; `|f, a, b, c, exec, rm| body` computes the kernel's result.
/// `<T>` makes it generic over the lane type, `u32` fixes it (packed halves).
macro_rules! kernel {
    ($(#[$doc:meta])* $name:ident $ctor:ident <$t:ident> [$($bound:tt)+]
     |$f:ident, $a:ident, $b:ident, $c:ident, $exec:ident, $rm:ident| $body:expr) => {
        kernel!(@def $(#[$doc])* $name $ctor);
        impl<$t: Copy + Default, F: $($bound)+> Kernel<$t> for $name<F> {
            kernel!(@run $t |$f, $a, $b, $c, $exec, $rm| $body);
        }
    };
    ($(#[$doc:meta])* $name:ident $ctor:ident $t:ident [$($bound:tt)+]
     |$f:ident, $a:ident, $b:ident, $c:ident, $exec:ident, $rm:ident| $body:expr) => {
        kernel!(@def $(#[$doc])* $name $ctor);
        impl<F: $($bound)+> Kernel<$t> for $name<F> {
            kernel!(@run $t |$f, $a, $b, $c, $exec, $rm| $body);
        }
    };
    (@def $(#[$doc:meta])* $name:ident $ctor:ident) => {
        $(#[$doc])*
        pub(crate) struct $name<F>(F);

        $(#[$doc])*
        #[inline(always)]
        pub(crate) fn $ctor<F>(f: F) -> $name<F> {
            $name(f)
        }
    };
    (@run $t:ident |$f:ident, $a:ident, $b:ident, $c:ident, $exec:ident, $rm:ident| $body:expr) => {
        #[inline(always)]
        #[allow(unused_variables)]
        fn run(
            self,
            $a: &[$t; LANES],
            $b: &[$t; LANES],
            $c: &[$t; LANES],
            $exec: u32,
            $rm: Rm,
        ) -> ([$t; LANES], u8) {
            let $f = self.0;
            $body
        }
    };
}

/// The one driver of 32-bit-lane FP instructions (binary32, packed binary16, packed
/// 16-bit integers, conversions): resolve the rounding mode, read the sources, apply
/// `neg`/`abs`, run the kernel, apply `sat`, write `d` under EXEC and raise the flags.
#[inline(always)]
pub(crate) fn fp32<L: Log>(
    w: &mut Warp,
    o: &Op,
    l: &mut L,
    b: Src,
    c: Src3,
    round: Round,
    kernel: impl Kernel<u32>,
) -> Flow {
    let Some(rm) = rounding(w, o, round) else {
        return Flow::Illegal;
    };
    let mut av = *w.vr(o.rs1);
    let mut bv = src2(w, o, b).to_array();
    let mut cv = src3(w, o, c).to_array();
    let m = Mods(o.mods);
    if m.src() {
        m.apply32(&mut av, 0);
        m.apply32(&mut bv, 1);
        m.apply32(&mut cv, 2);
    }
    let (mut r, flags) = kernel.run(&av, &bv, &cv, w.exec, rm);
    if m.sat() {
        r.iter_mut().for_each(|x| *x = fp::f32_apply_sat(*x));
    }
    w.wv(l, o.rd, &r);
    w.raise(l, flags);
    Flow::Next
}

/// H format: `d.half = kernel(s1, s2, s3)` on half registers, with modifiers and `sat`;
/// the other half of `d` keeps its value.
#[inline(always)]
pub(crate) fn fp16<L: Log>(
    w: &mut Warp,
    o: &Op,
    l: &mut L,
    round: Round,
    kernel: impl Kernel<u16>,
) -> Flow {
    let Some(rm) = rounding(w, o, round) else {
        return Flow::Illegal;
    };
    let (mut a, mut b, mut c) = (w.hr(o.rs1), w.hr(o.rs2), w.hr(o.rs3));
    let m = Mods(o.mods);
    if m.src() {
        m.apply16(&mut a, 0);
        m.apply16(&mut b, 1);
        m.apply16(&mut c, 2);
    }
    let (mut r, flags) = kernel.run(&a, &b, &c, w.exec, rm);
    if m.sat() {
        r.iter_mut().for_each(|x| *x = fp::f16_apply_sat(*x));
    }
    w.wh(l, o.rd, &r);
    w.raise(l, flags);
    Flow::Next
}

/// A kernel's output buffer on the stack, aligned to 64 bytes: the AVX-512 kernels store
/// whole 64-byte vectors, and a buffer that straddles cache lines made `fadd.f32` take
/// 12 ns instead of 8 depending on where the caller's stack frame happened to fall.
#[repr(C, align(64))]
pub(crate) struct Aligned<T>(pub T);

impl<T> std::ops::Deref for Aligned<T> {
    type Target = T;
    #[inline(always)]
    fn deref(&self) -> &T {
        &self.0
    }
}

impl<T> std::ops::DerefMut for Aligned<T> {
    #[inline(always)]
    fn deref_mut(&mut self) -> &mut T {
        &mut self.0
    }
}

/// The 32-bit-lane formats of the 32-lane host kernels (`warpkit_fp::lanes`).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Lanes32 {
    /// binary32.
    F32,
    /// Packed binary16: both halves of every lane.
    PkF16,
}

/// Binary32 add, sub, mul and fma on the 32-lane host kernels of the program's level
/// ([`Op::fp_kernels`]) are this, then [`fp32_kernel`] when it returns `None` (semantics.rs
/// `lanes32!`; packed binary16 goes to [`fp32_kernel`] directly). This is the common case: binary32, no modifiers, NX
/// already raised. The kernel writes the destination itself ([`Warp::wv_direct`]),
/// without the output array and its copy. `None` when it does not apply or a lane needs
/// the scalar path (then nothing was written).
#[allow(clippy::too_many_arguments)] // the arguments of `fp32_kernel` but the format
#[inline(always)]
pub(crate) fn fp32_direct<L: Log>(
    w: &mut Warp,
    o: &Op,
    l: &mut L,
    b: Src,
    c: Src3,
    round: Round,
    op: LaneOp,
    rev: bool,
) -> Option<Flow> {
    if o.mods != 0 {
        return None;
    }
    let rm = rounding(w, o, round)?;
    let k = o.fp_kernels().f32_direct_given(op, rm, w.fflags)?;
    let reg = |r: u8| Operand::Reg((r & 127) as usize);
    let bs = match b {
        Src::No => Operand::Splat(0),
        Src::V => reg(o.rs2),
        Src::U => Operand::Splat(w.ur(o.rs2)),
        Src::I => Operand::Splat(o.imm),
    };
    let cs = match c {
        Src3::No => Operand::Splat(0),
        Src3::D => reg(o.rd),
        Src3::S3 => reg(o.rs3),
    };
    let (a, bs) = if rev {
        (bs, reg(o.rs1))
    } else {
        (reg(o.rs1), bs)
    };
    w.wv_direct(l, o.rd, k, a, bs, cs).then_some(Flow::Next)
}

/// [`fp32`] for binary32 and packed binary16 add, sub, mul and fma through the kernel's
/// output array (see [`fp32_direct`] for the common case). Without source modifiers the
/// registers are passed in place and a uniform or literal source as a splat, so nothing is
/// copied before the kernel; `rev` swaps the first two sources (`fsubr`: `s2 - s1`). The
/// kernel returns the flags of the active lanes only; the write blends under EXEC.
#[allow(clippy::too_many_arguments)] // the one driver of these rows; each argument is a fact of the row
#[inline(always)]
pub(crate) fn fp32_kernel<L: Log>(
    w: &mut Warp,
    o: &Op,
    l: &mut L,
    b: Src,
    c: Src3,
    round: Round,
    fmt: Lanes32,
    op: LaneOp,
    rev: bool,
) -> Flow {
    let Some(rm) = rounding(w, o, round) else {
        return Flow::Illegal;
    };
    let kernel = match fmt {
        // Flags are sticky: with NX already raised the kernel need not find inexactness.
        Lanes32::F32 => o.fp_kernels().f32_kernel_given(op, rm, w.fflags),
        Lanes32::PkF16 => o.fp_kernels().pk_f16_kernel(op, rm),
    };
    let exec = w.exec;
    let m = Mods(o.mods);
    let mut r = Aligned([0u32; LANES]);
    let mut run = |a: Src32, b: Src32, c: Src32| {
        let (a, b) = if rev { (b, a) } else { (a, b) };
        kernel.run(a, b, c, exec, &mut r)
    };
    let flags = if m.src() {
        let mut av = *w.vr(o.rs1);
        let mut bv = src2(w, o, b).to_array();
        let mut cv = src3(w, o, c).to_array();
        m.apply32(&mut av, 0);
        m.apply32(&mut bv, 1);
        m.apply32(&mut cv, 2);
        run(Src32::Lanes(&av), Src32::Lanes(&bv), Src32::Lanes(&cv))
    } else {
        run(Src32::Lanes(w.vr(o.rs1)), src2(w, o, b), src3(w, o, c))
    };
    if m.sat() {
        r.iter_mut().for_each(|x| *x = fp::f32_apply_sat(*x));
    }
    w.wv(l, o.rd, &r);
    w.raise(l, flags);
    Flow::Next
}

/// [`fp16`] for binary16 add, sub, mul and fma (H format) on the 32-lane host kernels of
/// the program's level; the third source is read by fma only.
#[inline(always)]
pub(crate) fn fp16_lanes<L: Log>(
    w: &mut Warp,
    o: &Op,
    l: &mut L,
    round: Round,
    op: LaneOp,
) -> Flow {
    let Some(rm) = rounding(w, o, round) else {
        return Flow::Illegal;
    };
    let fma = op == LaneOp::Fma;
    let (mut a, mut b) = (w.hr(o.rs1), w.hr(o.rs2));
    let mut c = if fma { w.hr(o.rs3) } else { [0; LANES] };
    let m = Mods(o.mods);
    if m.src() {
        m.apply16(&mut a, 0);
        m.apply16(&mut b, 1);
        m.apply16(&mut c, 2);
    }
    let mut r = Aligned([0u16; LANES]);
    let cs = if fma {
        Src16::Lanes(&c)
    } else {
        Src16::Splat(0)
    };
    let flags = o.fp_kernels().f16_kernel(op, rm).run(
        Src16::Lanes(&a),
        Src16::Lanes(&b),
        cs,
        w.exec,
        &mut r,
    );
    if m.sat() {
        r.iter_mut().for_each(|x| *x = fp::f16_apply_sat(*x));
    }
    w.wh(l, o.rd, &r);
    w.raise(l, flags);
    Flow::Next
}

/// The second source of a binary32 instruction: `rs2` in place, or a splat.
#[inline(always)]
fn src2<'a>(w: &'a Warp, o: &Op, b: Src) -> Src32<'a> {
    match b {
        Src::V => Src32::Lanes(w.vr(o.rs2)),
        Src::U => Src32::Splat(w.ur(o.rs2)),
        Src::I => Src32::Splat(o.imm),
        Src::No => Src32::Splat(0),
    }
}

/// The third source of a binary32 instruction: `rd` (fmac) or `rs3` in place, or zero.
#[inline(always)]
fn src3<'a>(w: &'a Warp, o: &Op, c: Src3) -> Src32<'a> {
    match c {
        Src3::D => Src32::Lanes(w.vr(o.rd)),
        Src3::S3 => Src32::Lanes(w.vr(o.rs3)),
        Src3::No => Src32::Splat(0),
    }
}

/// `U[d]` = mask of the active lanes where `s1 op s2` (binary32, C / CU forms), on the
/// 32-lane compare of the program's FP level.
#[inline(always)]
pub(crate) fn fcmp32_lanes<L: Log>(w: &mut Warp, o: &Op, l: &mut L, b: Src, op: CmpOp) -> Flow {
    let (m, flags) = o
        .fp_kernels()
        .f32_cmp(op, Src32::Lanes(w.vr(o.rs1)), src2(w, o, b), w.exec);
    w.wu(l, o.rd, m);
    w.raise(l, flags);
    Flow::Next
}

/// `d = (s1 op s2) ? 1 : 0` in the active lanes (`feq`/`flt`/`fle`), on the 32-lane compare.
#[inline(always)]
pub(crate) fn fcmp01_lanes<L: Log>(w: &mut Warp, o: &Op, l: &mut L, b: Src, op: CmpOp) -> Flow {
    let (m, flags) = o
        .fp_kernels()
        .f32_cmp(op, Src32::Lanes(w.vr(o.rs1)), src2(w, o, b), w.exec);
    let r = lanes(|i| (m >> i) & 1);
    w.wv(l, o.rd, &r);
    w.raise(l, flags);
    Flow::Next
}

/// `d = min(s1, s2)` or `max` (binary32 minimumNumber / maximumNumber) in the active
/// lanes, on the 32-lane kernel.
#[inline(always)]
pub(crate) fn fminmax32_lanes<L: Log>(w: &mut Warp, o: &Op, l: &mut L, b: Src, max: bool) -> Flow {
    let k = o.fp_kernels();
    let mut r = Aligned([0u32; LANES]);
    let (a, bs, exec) = (Src32::Lanes(w.vr(o.rs1)), src2(w, o, b), w.exec);
    let flags = if max {
        k.f32_max(a, bs, exec, &mut r)
    } else {
        k.f32_min(a, bs, exec, &mut r)
    };
    w.wv(l, o.rd, &r);
    w.raise(l, flags);
    Flow::Next
}

/// `d = f(s1)` on a whole register through a 32-lane kernel of the program's FP level
/// (round to integral, conversions): `f(kernels, s1, rm, exec, out) -> flags`; `s1` is
/// passed in place, the write blends under EXEC.
#[inline(always)]
pub(crate) fn unary_lanes<L: Log>(
    w: &mut Warp,
    o: &Op,
    l: &mut L,
    round: Round,
    f: impl Fn(Kernels, Src32, Rm, u32, &mut VReg) -> u8,
) -> Flow {
    let Some(rm) = rounding(w, o, round) else {
        return Flow::Illegal;
    };
    let mut r = Aligned([0u32; LANES]);
    let flags = f(
        o.fp_kernels(),
        Src32::Lanes(w.vr(o.rs1)),
        rm,
        w.exec,
        &mut r,
    );
    w.wv(l, o.rd, &r);
    w.raise(l, flags);
    Flow::Next
}

/// `d.half = f32_to_f16(s1)` (`hi`: bits 31:16) in the active lanes, the other half of `d`
/// kept, on the 32-lane kernel (`fcvt.f16.f32.lo/hi`).
#[inline(always)]
pub(crate) fn fnarrow_lanes<L: Log>(
    w: &mut Warp,
    o: &Op,
    l: &mut L,
    round: Round,
    hi: bool,
) -> Flow {
    let Some(rm) = rounding(w, o, round) else {
        return Flow::Illegal;
    };
    let mut h = Aligned([0u16; LANES]);
    let flags = o
        .fp_kernels()
        .f32_to_f16(Src32::Lanes(w.vr(o.rs1)), rm, w.exec, &mut h);
    let sh = if hi { 16 } else { 0 };
    let d = w.vr(o.rd);
    let r = lanes(|i| (d[i] & !(0xffff << sh)) | (h[i] as u32) << sh);
    w.wv(l, o.rd, &r);
    w.raise(l, flags);
    Flow::Next
}

/// `d = med3(s1, s2, s3)` (binary32) in the active lanes, on the 32-lane kernel.
#[inline(always)]
pub(crate) fn fmed3_lanes<L: Log>(w: &mut Warp, o: &Op, l: &mut L) -> Flow {
    let mut r = Aligned([0u32; LANES]);
    let flags = o.fp_kernels().f32_med3(
        Src32::Lanes(w.vr(o.rs1)),
        Src32::Lanes(w.vr(o.rs2)),
        Src32::Lanes(w.vr(o.rs3)),
        w.exec,
        &mut r,
    );
    w.wv(l, o.rd, &r);
    w.raise(l, flags);
    Flow::Next
}

/// H format: `d.half = min(s1, s2)` or `max` (binary16) in the active lanes, on the
/// 32-lane kernel; the other half of `d` keeps its value.
#[inline(always)]
pub(crate) fn fminmax16_lanes<L: Log>(w: &mut Warp, o: &Op, l: &mut L, max: bool) -> Flow {
    let (a, b) = (w.hr(o.rs1), w.hr(o.rs2));
    let (k, exec) = (o.fp_kernels(), w.exec);
    let mut r = Aligned([0u16; LANES]);
    let flags = if max {
        k.f16_max(Src16::Lanes(&a), Src16::Lanes(&b), exec, &mut r)
    } else {
        k.f16_min(Src16::Lanes(&a), Src16::Lanes(&b), exec, &mut r)
    };
    w.wh(l, o.rd, &r);
    w.raise(l, flags);
    Flow::Next
}

/// Packed: `d.x = min(s1.x, s2.x)` or `max` for x in {bits 15:0, bits 31:16}, on the
/// 32-lane binary16 kernel (once per half).
#[inline(always)]
pub(crate) fn pkminmax_lanes<L: Log>(w: &mut Warp, o: &Op, l: &mut L, max: bool) -> Flow {
    let (k, exec) = (o.fp_kernels(), w.exec);
    let (a, b) = (w.vr(o.rs1), w.vr(o.rs2));
    let mut halves = Aligned([[0u16; LANES]; 2]);
    let mut flags = 0;
    for (h, out) in halves.iter_mut().enumerate() {
        let x = lanes(|i| (a[i] >> (16 * h)) as u16);
        let y = lanes(|i| (b[i] >> (16 * h)) as u16);
        flags |= if max {
            k.f16_max(Src16::Lanes(&x), Src16::Lanes(&y), exec, out)
        } else {
            k.f16_min(Src16::Lanes(&x), Src16::Lanes(&y), exec, out)
        };
    }
    let r = lanes(|i| halves[0][i] as u32 | (halves[1][i] as u32) << 16);
    w.wv(l, o.rd, &r);
    w.raise(l, flags);
    Flow::Next
}

/// HC format: `U[d]` = mask of the active lanes where `s1 op s2` (binary16 halves), on the
/// 32-lane compare.
#[inline(always)]
pub(crate) fn fcmp16_lanes<L: Log>(w: &mut Warp, o: &Op, l: &mut L, op: CmpOp) -> Flow {
    let (a, b) = (w.hr(o.rs1), w.hr(o.rs2));
    let (m, flags) = o
        .fp_kernels()
        .f16_cmp(op, Src16::Lanes(&a), Src16::Lanes(&b), w.exec);
    w.wu(l, o.rd, m);
    w.raise(l, flags);
    Flow::Next
}

/// `d = s1 * 2^s2` (binary32, `s2` an int32: vector or uniform) in MODE.rm, on the 32-lane
/// kernel.
#[inline(always)]
pub(crate) fn fldexp32_lanes<L: Log>(w: &mut Warp, o: &Op, l: &mut L, b: Src) -> Flow {
    let Some(rm) = rounding(w, o, Round::Mode) else {
        return Flow::Illegal;
    };
    let mut r = Aligned([0u32; LANES]);
    let flags =
        o.fp_kernels()
            .f32_ldexp(Src32::Lanes(w.vr(o.rs1)), src2(w, o, b), rm, w.exec, &mut r);
    w.wv(l, o.rd, &r);
    w.raise(l, flags);
    Flow::Next
}

/// `d = s3 + s1.l*s2.l + s1.h*s2.h` (`dot2.f32.f16`, MODE.rm) in the active lanes, on the
/// 32-lane dot2 kernel.
#[inline(always)]
pub(crate) fn dot2_lanes<L: Log>(w: &mut Warp, o: &Op, l: &mut L) -> Flow {
    let Some(rm) = rounding(w, o, Round::Mode) else {
        return Flow::Illegal;
    };
    let mut r = Aligned([0u32; LANES]);
    let flags = o.fp_kernels().dot2_f32_f16(
        Src32::Lanes(w.vr(o.rs1)),
        Src32::Lanes(w.vr(o.rs2)),
        Src32::Lanes(w.vr(o.rs3)),
        rm,
        w.exec,
        &mut r,
    );
    w.wv(l, o.rd, &r);
    w.raise(l, flags);
    Flow::Next
}

/// `U[d]` = mask of the active lanes whose `fclass(s1)` shares a bit with `s2` (vector or
/// uniform), on the 32-lane fclass kernel (`cmp.class.f32`; raises nothing).
#[inline(always)]
pub(crate) fn fclass_test_lanes<L: Log>(w: &mut Warp, o: &Op, l: &mut L, b: Src) -> Flow {
    let mut c = Aligned([0u32; LANES]);
    o.fp_kernels().f32_class(Src32::Lanes(w.vr(o.rs1)), &mut c);
    let m = match src2(w, o, b) {
        Src32::Lanes(t) => to_mask(&lanes(|i| c[i] & t[i] != 0), w.exec),
        Src32::Splat(t) => to_mask(&lanes(|i| c[i] & t != 0), w.exec),
    };
    w.wu(l, o.rd, m);
    Flow::Next
}

/// HC format, integer: `U[d]` = mask of the active lanes where `f(s1, s2)` on half
/// registers.
#[inline(always)]
pub(crate) fn c_hh<L: Log>(w: &mut Warp, o: &Op, l: &mut L, f: impl Fn(u16, u16) -> bool) -> Flow {
    let (a, b) = (w.hr(o.rs1), w.hr(o.rs2));
    let m = to_mask(&lanes(|i| f(a[i], b[i])), w.exec);
    w.wu(l, o.rd, m);
    Flow::Next
}

// ------------------------------------------------------------------ kernels

kernel!(
    /// `f(s1, rm)`.
    R1 r1 <T> [Fn(T, Rm, &mut u8) -> T]
    |f, a, b, c, exec, rm| each_lane(exec, |i, fl| f(a[i], rm, fl))
);
kernel!(
    /// `f(s1)`, may raise flags.
    N1 n1 <T> [Fn(T, &mut u8) -> T]
    |f, a, b, c, exec, rm| each_lane(exec, |i, fl| f(a[i], fl))
);
kernel!(
    /// `f(s1)`, raises nothing.
    I1 i1 <T> [Fn(T) -> T]
    |f, a, b, c, exec, rm| (lanes(|i| f(a[i])), 0)
);
kernel!(
    /// `f(s1, s2, rm)`.
    R2 r2 <T> [Fn(T, T, Rm, &mut u8) -> T]
    |f, a, b, c, exec, rm| each_lane(exec, |i, fl| f(a[i], b[i], rm, fl))
);
kernel!(
    /// `f(s1, s2)`, raises nothing.
    I2 i2 <T> [Fn(T, T) -> T]
    |f, a, b, c, exec, rm| (lanes(|i| f(a[i], b[i])), 0)
);
kernel!(
    /// `f(s1, s2, c)`, raises nothing.
    I3 i3 <T> [Fn(T, T, T) -> T]
    |f, a, b, c, exec, rm| (lanes(|i| f(a[i], b[i], c[i])), 0)
);
kernel!(
    /// Packed halves `f(s1.x, s2.x)`, raises nothing (16-bit integer).
    PkI2 pk_i2 u32 [Fn(u16, u16) -> u16]
    |f, a, b, c, exec, rm| (lanes(|i| halves(a[i], b[i], &f)), 0)
);

/// Both halves of two lanes through a flagless 16-bit `f`.
#[inline(always)]
fn halves(a: u32, b: u32, f: impl Fn(u16, u16) -> u16) -> u32 {
    f(a as u16, b as u16) as u32 | (f((a >> 16) as u16, (b >> 16) as u16) as u32) << 16
}

/// A whole-register kernel given as one function (e.g. a 32-lane host-FPU kernel).
#[allow(dead_code)]
pub(crate) struct Whole<F>(pub F);

impl<T, F: FnOnce(&[T; LANES], &[T; LANES], &[T; LANES], u32, Rm) -> ([T; LANES], u8)> Kernel<T>
    for Whole<F>
{
    #[inline(always)]
    fn run(
        self,
        a: &[T; LANES],
        b: &[T; LANES],
        c: &[T; LANES],
        exec: u32,
        rm: Rm,
    ) -> ([T; LANES], u8) {
        (self.0)(a, b, c, exec, rm)
    }
}
