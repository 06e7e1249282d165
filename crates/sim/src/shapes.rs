//! Operand-shape drivers: for each shape of instruction (vector-vector, vector-uniform,
//! pair, compare into a mask, 32-bit-lane FP, half registers ...) one function that reads
//! the operands through the register-access layer, applies an operation to every lane,
//! and writes the result back through it. A handler is one driver applied to one
//! operation (`semantics.rs`).
//!
//! The integer drivers take a lane function (`crate::int`). The FP drivers (`f_*` write
//! a vector register, `h_*` a half register, `fc_*` a lane mask into a uniform register)
//! take a [`RegOp`] or a [`MaskOp`]: a 32-lane host kernel (`crate::kernels`) or a lane
//! function wrapped by its signature (`i1` ... `pk_i2`, at the end of this file), so a
//! kernel and a lane function plug into the same driver.

use crate::access::{each_lane, lanes, to_mask, HReg};
use crate::commit::Log;
use crate::op::{Flow, Op};
use crate::warp::{VReg, Warp, LANES};
use warpkit_fp::lanes::{Direct32, DirectOperand, Kernels, Src, Src16, Src32};
use warpkit_fp::{self as fp, Rm};

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

/// `U[d] = f(EXEC)`.
#[inline(always)]
pub(crate) fn u_exec<L: Log>(w: &mut Warp, o: &Op, l: &mut L, f: impl Fn(u32) -> u32) -> Flow {
    let e = f(w.exec);
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

/// Jump to `target(PC, u1, imm)`.
#[inline(always)]
pub(crate) fn jump<L: Log>(
    w: &mut Warp,
    o: &Op,
    _: &mut L,
    target: impl Fn(u32, u32, u32) -> u32,
) -> Flow {
    Flow::Jump(target(w.pc, w.ur(o.rs1), o.imm))
}

/// Jump to `target(PC, u1, imm)` and `U[d] = PC + 4` (the target is computed first: `d`
/// may be `u1`).
#[inline(always)]
pub(crate) fn jump_link<L: Log>(
    w: &mut Warp,
    o: &Op,
    l: &mut L,
    target: impl Fn(u32, u32, u32) -> u32,
) -> Flow {
    let pc = w.pc;
    let t = target(pc, w.ur(o.rs1), o.imm);
    w.wu(l, o.rd, pc.wrapping_add(4));
    Flow::Jump(t)
}

// ------------------------------------------------------------------ floating point
//
// The FP drivers run an operation on whole registers: a [`RegOp`] (result lanes) or a
// [`MaskOp`] (a lane mask). Both are either a 32-lane host kernel of `warpkit_fp::lanes`
// (the types in `kernels.rs`) or a lane function wrapped by its signature (`i1` ...
// `pk_i2` at the end of this file). The driver resolves the rounding mode the operation
// asks for, reads the sources (in place; copied only to apply `neg`/`abs`), runs it,
// applies `sat`, writes `d` under EXEC and raises the flags of the active lanes.

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

/// Where an FP operation's rounding mode comes from (a fact of its table row). Rows
/// name it by the constants below: `Add::<MODE>`, `r1(FIELD, f)`.
#[derive(Clone, Copy, PartialEq, Eq)]
#[repr(u8)]
pub(crate) enum Round {
    /// It does not round (the operation ignores the mode).
    No,
    /// MODE.rm (binary32 results).
    Mode,
    /// MODE.rm16 (binary16 results).
    Mode16,
    /// The `rm` field; `dyn` = MODE.rm.
    Field,
    /// The `rm` field; `dyn` = MODE.rm16.
    Field16,
    /// Always toward zero (the float-to-integer conversions without an `rm` field).
    Rtz,
}

pub(crate) const MODE: u8 = Round::Mode as u8;
pub(crate) const MODE16: u8 = Round::Mode16 as u8;
pub(crate) const FIELD: u8 = Round::Field as u8;
pub(crate) const FIELD16: u8 = Round::Field16 as u8;
pub(crate) const RTZ: u8 = Round::Rtz as u8;

impl Round {
    /// The source with discriminant `r` (`No` for any other value).
    #[inline(always)]
    pub(crate) const fn of(r: u8) -> Round {
        match r {
            MODE => Round::Mode,
            MODE16 => Round::Mode16,
            FIELD => Round::Field,
            FIELD16 => Round::Field16,
            RTZ => Round::Rtz,
            _ => Round::No,
        }
    }
}

/// The rounding mode, or `None` for a reserved MODE value reached through `dyn` (the
/// instruction then raises IllegalInsn before changing anything).
#[inline(always)]
fn rounding(w: &Warp, o: &Op, r: Round) -> Option<Rm> {
    match r {
        Round::No => Some(Rm::Rne),
        Round::Rtz => Some(Rm::Rtz),
        Round::Mode => Rm::from_bits(w.mode.rm),
        Round::Mode16 => Rm::from_bits(w.mode.rm16),
        Round::Field => Rm::from_bits(w.mode.resolve(o.rm_field(), false)),
        Round::Field16 => Rm::from_bits(w.mode.resolve(o.rm_field(), true)),
    }
}

/// What an FP operation gets besides its sources.
#[derive(Clone, Copy)]
pub(crate) struct Env {
    /// The 32-lane kernels of the program's FP level ([`Op::fp_kernels`]).
    pub k: Kernels,
    /// The resolved rounding mode.
    pub rm: Rm,
    pub exec: u32,
    /// FFLAGS before the instruction: a kernel need not look for a flag already raised.
    pub fflags: u8,
}

/// An operation on whole registers of 32 lanes of `T` (`u32`: 32-bit lanes, `u16`:
/// H-format halves) writing result lanes: `run` fills `out` (inactive lanes' values are
/// discarded) and returns the flags of the active lanes.
///
/// Operations are `Copy` values with `#[inline(always)]` methods, so each is compiled
/// into its handler, and so into the handler's AVX2 build.
pub(crate) trait RegOp<T>: Copy {
    /// Where the rounding mode comes from.
    fn round(self) -> Round;
    fn run(self, e: Env, a: Src<T>, b: Src<T>, c: Src<T>, out: &mut [T; LANES]) -> u8;
    /// Whether [`RegOp::direct`] can give a kernel.
    const HAS_DIRECT: bool = false;
    /// The binary32 direct kernel: one that writes `d` itself under EXEC when no active
    /// lane raises a flag FFLAGS lacks (`warpkit_fp::lanes::Direct32`). `None` (the
    /// default) when the operation has none; the driver then takes the ordinary path
    /// inline. With one, the ordinary path is a separate function (see [`Log::out_of_line`]).
    #[inline(always)]
    fn direct(self, _e: Env) -> Option<Direct> {
        None
    }
}

/// A direct kernel and whether it takes the first two sources swapped (`fsubr`).
#[derive(Clone, Copy)]
pub(crate) struct Direct {
    pub kernel: Direct32,
    pub rev: bool,
}

/// An operation on whole registers of 32 lanes of `T` giving a lane mask: `(mask of the
/// active lanes where it holds, flags of the active lanes)`.
pub(crate) trait MaskOp<T>: Copy {
    fn run(self, e: Env, a: Src<T>, b: Src<T>) -> (u32, u8);
}

// The shape of a 32-bit-lane FP driver is in its type (const generic `B`, `C`: the
// discriminants of `Src2`, `Src3`), so that its out-of-line path, compiled once per
// type, is compiled once per shape and operation, with both known.

/// Where the second source of a 32-bit-lane FP instruction comes from.
#[derive(Clone, Copy, PartialEq, Eq)]
#[repr(u8)]
enum Src2 {
    /// Not read (unary).
    No,
    /// `rs2` vector register.
    V,
    /// `rs2` uniform register, broadcast.
    U,
    /// The 32-bit literal, broadcast.
    L,
}

/// Where the third source of a 32-bit-lane FP instruction comes from.
#[derive(Clone, Copy, PartialEq, Eq)]
#[repr(u8)]
enum Src3 {
    No,
    /// The destination's old value (`fmac`, conversions into a part of `d`).
    D,
    /// `rs3`.
    S3,
}

const B_NO: u8 = Src2::No as u8;
const B_V: u8 = Src2::V as u8;
const B_U: u8 = Src2::U as u8;
const B_L: u8 = Src2::L as u8;
const C_NO: u8 = Src3::No as u8;
const C_D: u8 = Src3::D as u8;
const C_S3: u8 = Src3::S3 as u8;

impl Src2 {
    #[inline(always)]
    const fn of(b: u8) -> Src2 {
        match b {
            B_V => Src2::V,
            B_U => Src2::U,
            B_L => Src2::L,
            _ => Src2::No,
        }
    }
}

impl Src3 {
    #[inline(always)]
    const fn of(c: u8) -> Src3 {
        match c {
            C_D => Src3::D,
            C_S3 => Src3::S3,
            _ => Src3::No,
        }
    }
}

/// The second source: `rs2` in place, or a splat.
#[inline(always)]
fn src2<'a>(w: &'a Warp, o: &Op, b: Src2) -> Src32<'a> {
    match b {
        Src2::V => Src32::Lanes(w.vr(o.rs2)),
        Src2::U => Src32::Splat(w.ur(o.rs2)),
        Src2::L => Src32::Splat(o.imm),
        Src2::No => Src32::Splat(0),
    }
}

/// The third source: `rd` or `rs3` in place, or zero.
#[inline(always)]
fn src3<'a>(w: &'a Warp, o: &Op, c: Src3) -> Src32<'a> {
    match c {
        Src3::D => Src32::Lanes(w.vr(o.rd)),
        Src3::S3 => Src32::Lanes(w.vr(o.rs3)),
        Src3::No => Src32::Splat(0),
    }
}

#[inline(always)]
fn env(w: &Warp, o: &Op, rm: Rm) -> Env {
    Env {
        k: o.fp_kernels(),
        rm,
        exec: w.exec,
        fflags: w.fflags,
    }
}

/// The 32-bit-lane FP driver: `d = op(s1, b, c)`. An operation with a direct kernel
/// (binary32 add, sub, mul, fma) first tries it when the instruction has no modifiers;
/// when it does not apply (or a lane needs the scalar path and it wrote nothing) the
/// ordinary path runs, out of line so that the common case does not set up its large
/// stack frame (measured: see docs/simulator.md).
#[inline(always)]
fn fp_v<L: Log, O: RegOp<u32>, const B: u8, const C: u8>(
    w: &mut Warp,
    o: &Op,
    l: &mut L,
    op: O,
) -> Flow {
    if !O::HAS_DIRECT {
        return fp_v_general::<L, O, B, C>(w, o, l, op);
    }
    let (b, c) = (Src2::of(B), Src3::of(C));
    if o.mods == 0 {
        if let Some(d) = rounding(w, o, op.round()).and_then(|rm| op.direct(env(w, o, rm))) {
            let reg = |r: u8| DirectOperand::Reg((r & 127) as usize);
            let bs = match b {
                Src2::No => DirectOperand::Splat(0),
                Src2::V => reg(o.rs2),
                Src2::U => DirectOperand::Splat(w.ur(o.rs2)),
                Src2::L => DirectOperand::Splat(o.imm),
            };
            let cs = match c {
                Src3::No => DirectOperand::Splat(0),
                Src3::D => reg(o.rd),
                Src3::S3 => reg(o.rs3),
            };
            let (a, bs) = if d.rev {
                (bs, reg(o.rs1))
            } else {
                (reg(o.rs1), bs)
            };
            if w.wv_direct(l, o.rd, d.kernel, a, bs, cs) {
                return Flow::Next;
            }
        }
    }
    l.out_of_line(move |l| fp_v_general::<L, O, B, C>(w, o, l, op))
}

/// [`fp_v`] through the operation's output array.
#[inline(always)]
fn fp_v_general<L: Log, O: RegOp<u32>, const B: u8, const C: u8>(
    w: &mut Warp,
    o: &Op,
    l: &mut L,
    op: O,
) -> Flow {
    let (b, c) = (Src2::of(B), Src3::of(C));
    let Some(rm) = rounding(w, o, op.round()) else {
        return Flow::Illegal;
    };
    let e = env(w, o, rm);
    let m = Mods(o.mods);
    let mut r = Aligned([0u32; LANES]);
    let flags = if m.src() {
        let mut av = *w.vr(o.rs1);
        let mut bv = src2(w, o, b).to_array();
        let mut cv = src3(w, o, c).to_array();
        m.apply32(&mut av, 0);
        m.apply32(&mut bv, 1);
        m.apply32(&mut cv, 2);
        op.run(
            e,
            Src32::Lanes(&av),
            Src32::Lanes(&bv),
            Src32::Lanes(&cv),
            &mut r,
        )
    } else {
        op.run(
            e,
            Src32::Lanes(w.vr(o.rs1)),
            src2(w, o, b),
            src3(w, o, c),
            &mut r,
        )
    };
    if m.sat() {
        r.iter_mut().for_each(|x| *x = fp::f32_apply_sat(*x));
    }
    w.wv(l, o.rd, &r);
    w.raise(l, flags);
    Flow::Next
}

/// `d = op(s1)`.
#[inline(always)]
pub(crate) fn f_v<L: Log>(w: &mut Warp, o: &Op, l: &mut L, op: impl RegOp<u32>) -> Flow {
    fp_v::<L, _, B_NO, C_NO>(w, o, l, op)
}

/// `d = op(s1, d)`: the result replaces a part of `d`.
#[inline(always)]
pub(crate) fn f_vd<L: Log>(w: &mut Warp, o: &Op, l: &mut L, op: impl RegOp<u32>) -> Flow {
    fp_v::<L, _, B_NO, C_D>(w, o, l, op)
}

/// `d = op(s1, s2)`.
#[inline(always)]
pub(crate) fn f_vv<L: Log>(w: &mut Warp, o: &Op, l: &mut L, op: impl RegOp<u32>) -> Flow {
    fp_v::<L, _, B_V, C_NO>(w, o, l, op)
}

/// `d = op(s1, u2)`.
#[inline(always)]
pub(crate) fn f_vu<L: Log>(w: &mut Warp, o: &Op, l: &mut L, op: impl RegOp<u32>) -> Flow {
    fp_v::<L, _, B_U, C_NO>(w, o, l, op)
}

/// `d = op(s1, literal)`.
#[inline(always)]
pub(crate) fn f_vl<L: Log>(w: &mut Warp, o: &Op, l: &mut L, op: impl RegOp<u32>) -> Flow {
    fp_v::<L, _, B_L, C_NO>(w, o, l, op)
}

/// `d = op(s1, s2, d)`.
#[inline(always)]
pub(crate) fn f_vvd<L: Log>(w: &mut Warp, o: &Op, l: &mut L, op: impl RegOp<u32>) -> Flow {
    fp_v::<L, _, B_V, C_D>(w, o, l, op)
}

/// `d = op(s1, u2, d)`.
#[inline(always)]
pub(crate) fn f_vud<L: Log>(w: &mut Warp, o: &Op, l: &mut L, op: impl RegOp<u32>) -> Flow {
    fp_v::<L, _, B_U, C_D>(w, o, l, op)
}

/// `d = op(s1, literal, d)`.
#[inline(always)]
pub(crate) fn f_vld<L: Log>(w: &mut Warp, o: &Op, l: &mut L, op: impl RegOp<u32>) -> Flow {
    fp_v::<L, _, B_L, C_D>(w, o, l, op)
}

/// `d = op(s1, s2, s3)`.
#[inline(always)]
pub(crate) fn f_vvv<L: Log>(w: &mut Warp, o: &Op, l: &mut L, op: impl RegOp<u32>) -> Flow {
    fp_v::<L, _, B_V, C_S3>(w, o, l, op)
}

/// The H-format driver: `d.half = op(s1.half, s2.half, s3.half)` for the `n` sources
/// read (1 to 3; the others are zero), with modifiers and `sat`; the other half of `d`
/// keeps its value.
#[inline(always)]
fn fp_h<L: Log, O: RegOp<u16>>(w: &mut Warp, o: &Op, l: &mut L, n: u8, op: O) -> Flow {
    let Some(rm) = rounding(w, o, op.round()) else {
        return Flow::Illegal;
    };
    let mut a = w.hr(o.rs1);
    let mut b = if n >= 2 { w.hr(o.rs2) } else { [0; LANES] };
    let mut c = if n >= 3 { w.hr(o.rs3) } else { [0; LANES] };
    let m = Mods(o.mods);
    if m.src() {
        m.apply16(&mut a, 0);
        m.apply16(&mut b, 1);
        m.apply16(&mut c, 2);
    }
    let bs = if n >= 2 {
        Src16::Lanes(&b)
    } else {
        Src16::Splat(0)
    };
    let cs = if n >= 3 {
        Src16::Lanes(&c)
    } else {
        Src16::Splat(0)
    };
    let mut r = Aligned([0u16; LANES]);
    let flags = op.run(env(w, o, rm), Src16::Lanes(&a), bs, cs, &mut r);
    if m.sat() {
        r.iter_mut().for_each(|x| *x = fp::f16_apply_sat(*x));
    }
    w.wh(l, o.rd, &r);
    w.raise(l, flags);
    Flow::Next
}

/// H format: `d.half = op(s1.half)`.
#[inline(always)]
pub(crate) fn h_h<L: Log>(w: &mut Warp, o: &Op, l: &mut L, op: impl RegOp<u16>) -> Flow {
    fp_h(w, o, l, 1, op)
}

/// H format: `d.half = op(s1.half, s2.half)`.
#[inline(always)]
pub(crate) fn h_hh<L: Log>(w: &mut Warp, o: &Op, l: &mut L, op: impl RegOp<u16>) -> Flow {
    fp_h(w, o, l, 2, op)
}

/// H format: `d.half = op(s1.half, s2.half, s3.half)`.
#[inline(always)]
pub(crate) fn h_hhh<L: Log>(w: &mut Warp, o: &Op, l: &mut L, op: impl RegOp<u16>) -> Flow {
    fp_h(w, o, l, 3, op)
}

/// `U[d]` = the mask `op(s1, b)` gives, raising its flags.
#[inline(always)]
fn fp_mask<L: Log, O: MaskOp<u32>>(w: &mut Warp, o: &Op, l: &mut L, b: Src2, op: O) -> Flow {
    let (m, flags) = op.run(env(w, o, Rm::Rne), Src32::Lanes(w.vr(o.rs1)), src2(w, o, b));
    w.wu(l, o.rd, m);
    w.raise(l, flags);
    Flow::Next
}

/// `U[d]` = mask of the active lanes where `op(s1, s2)`.
#[inline(always)]
pub(crate) fn fc_vv<L: Log>(w: &mut Warp, o: &Op, l: &mut L, op: impl MaskOp<u32>) -> Flow {
    fp_mask(w, o, l, Src2::V, op)
}

/// `U[d]` = mask of the active lanes where `op(s1, u2)`.
#[inline(always)]
pub(crate) fn fc_vu<L: Log>(w: &mut Warp, o: &Op, l: &mut L, op: impl MaskOp<u32>) -> Flow {
    fp_mask(w, o, l, Src2::U, op)
}

/// HC format: `U[d]` = mask of the active lanes where `op(s1.half, s2.half)`.
#[inline(always)]
pub(crate) fn fc_hh<L: Log>(w: &mut Warp, o: &Op, l: &mut L, op: impl MaskOp<u16>) -> Flow {
    let (a, b) = (w.hr(o.rs1), w.hr(o.rs2));
    let (m, flags) = op.run(env(w, o, Rm::Rne), Src16::Lanes(&a), Src16::Lanes(&b));
    w.wu(l, o.rd, m);
    w.raise(l, flags);
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

// ------------------------------------------------------------------ lane functions as operations

/// Defines `$name<F>`, a [`RegOp`] that applies a lane function `F: $bound` to every
/// lane, and its constructor `$ctor` (`$ctor(f)`, or `$ctor(round, f)` with `round`).
/// `|f, a, b, c, exec, rm| body` gives `(result lanes, flags of the active lanes)` from
/// the sources as arrays. `<T>` makes it generic over the lane type, `u32` fixes it.
macro_rules! lane_op {
    ($(#[$doc:meta])* $name:ident $ctor:ident <$t:ident> [$($bound:tt)+] $($round:ident)?
     |$f:ident, $a:ident, $b:ident, $c:ident, $exec:ident, $rm:ident| $body:expr) => {
        lane_op!(@def $(#[$doc])* $name $ctor $($round)?);
        impl<$t: Copy + Default, F: $($bound)+ + Copy> RegOp<$t> for $name<F> {
            lane_op!(@run $t $($round)? |$f, $a, $b, $c, $exec, $rm| $body);
        }
    };
    ($(#[$doc:meta])* $name:ident $ctor:ident $t:ident [$($bound:tt)+] $($round:ident)?
     |$f:ident, $a:ident, $b:ident, $c:ident, $exec:ident, $rm:ident| $body:expr) => {
        lane_op!(@def $(#[$doc])* $name $ctor $($round)?);
        impl<F: $($bound)+ + Copy> RegOp<$t> for $name<F> {
            lane_op!(@run $t $($round)? |$f, $a, $b, $c, $exec, $rm| $body);
        }
    };
    (@def $(#[$doc:meta])* $name:ident $ctor:ident) => {
        $(#[$doc])*
        #[derive(Clone, Copy)]
        pub(crate) struct $name<F>(F);

        $(#[$doc])*
        #[inline(always)]
        pub(crate) fn $ctor<F>(f: F) -> $name<F> {
            $name(f)
        }
    };
    (@def $(#[$doc:meta])* $name:ident $ctor:ident round) => {
        $(#[$doc])*
        #[derive(Clone, Copy)]
        pub(crate) struct $name<F>(Round, F);

        $(#[$doc])*
        #[inline(always)]
        pub(crate) fn $ctor<F>(round: u8, f: F) -> $name<F> {
            $name(Round::of(round), f)
        }
    };
    (@run $t:ident |$f:ident, $a:ident, $b:ident, $c:ident, $exec:ident, $rm:ident| $body:expr) => {
        #[inline(always)]
        fn round(self) -> Round {
            Round::No
        }
        lane_op!(@body $t |$f, $a, $b, $c, $exec, $rm| 0, $body);
    };
    (@run $t:ident round |$f:ident, $a:ident, $b:ident, $c:ident, $exec:ident, $rm:ident| $body:expr) => {
        #[inline(always)]
        fn round(self) -> Round {
            self.0
        }
        lane_op!(@body $t |$f, $a, $b, $c, $exec, $rm| 1, $body);
    };
    (@body $t:ident |$f:ident, $a:ident, $b:ident, $c:ident, $exec:ident, $rm:ident| $field:tt, $body:expr) => {
        #[inline(always)]
        #[allow(unused_variables)]
        fn run(self, e: Env, a: Src<$t>, b: Src<$t>, c: Src<$t>, out: &mut [$t; LANES]) -> u8 {
            let ($f, $exec, $rm) = (self.$field, e.exec, e.rm);
            let ($a, $b, $c) = (a.to_array(), b.to_array(), c.to_array());
            let (r, flags): ([$t; LANES], u8) = $body;
            *out = r;
            flags
        }
    };
}

lane_op!(
    /// `f(s1, rm)`.
    R1 r1 <T> [Fn(T, Rm, &mut u8) -> T] round
    |f, a, b, c, exec, rm| each_lane(exec, |i, fl| f(a[i], rm, fl))
);
lane_op!(
    /// `f(s1)`, may raise flags.
    N1 n1 <T> [Fn(T, &mut u8) -> T]
    |f, a, b, c, exec, rm| each_lane(exec, |i, fl| f(a[i], fl))
);
lane_op!(
    /// `f(s1)`, raises nothing.
    I1 i1 <T> [Fn(T) -> T]
    |f, a, b, c, exec, rm| (lanes(|i| f(a[i])), 0)
);
lane_op!(
    /// `f(s1, s2, rm)`.
    R2 r2 <T> [Fn(T, T, Rm, &mut u8) -> T] round
    |f, a, b, c, exec, rm| each_lane(exec, |i, fl| f(a[i], b[i], rm, fl))
);
lane_op!(
    /// `f(s1, s2)`, raises nothing.
    I2 i2 <T> [Fn(T, T) -> T]
    |f, a, b, c, exec, rm| (lanes(|i| f(a[i], b[i])), 0)
);
lane_op!(
    /// `f(s1, s2, c)`, raises nothing.
    I3 i3 <T> [Fn(T, T, T) -> T]
    |f, a, b, c, exec, rm| (lanes(|i| f(a[i], b[i], c[i])), 0)
);
lane_op!(
    /// Packed halves `f(s1.x, s2.x)` for x in {bits 15:0, bits 31:16}, raises nothing
    /// (16-bit integer).
    PkI2 pk_i2 u32 [Fn(u16, u16) -> u16]
    |f, a, b, c, exec, rm| (lanes(|i| halves(a[i], b[i], f)), 0)
);

/// Both halves of two lanes through a flagless 16-bit `f`.
#[inline(always)]
fn halves(a: u32, b: u32, f: impl Fn(u16, u16) -> u16) -> u32 {
    f(a as u16, b as u16) as u32 | (f((a >> 16) as u16, (b >> 16) as u16) as u32) << 16
}
