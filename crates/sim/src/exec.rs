//! Operand-shape drivers and the semantics table.
//!
//! A driver does, once for every instruction of its shape, the lane loop, EXEC masking,
//! register-pair reads/writes and uniform broadcast; the per-lane work is one of the pure
//! functions of [`crate::int`]. Lane loops compute all 32 results into a `[u32; 32]` and
//! then blend them into the destination under EXEC, which the compiler vectorises.
//!
//! [`semantics_for`] is the one place that says which variants execute.

use crate::int::*;
use crate::program::Op;
use crate::warp::{VReg, Warp, LANES};
use std::sync::OnceLock;
use warpkit_isa::{InsnId, INSNS};

/// Executes one pre-decoded instruction on a warp. `w.pc` is the instruction's own PC.
pub type Handler = fn(&mut Warp, &Op) -> Flow;

/// What a handler tells the fetch loop.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    /// Go on at PC + size.
    Next,
    /// Go on at this PC.
    Jump(u32),
    /// Raise IllegalInsn (nothing was changed).
    Illegal,
    /// Raise FetchFault (nothing was changed).
    FetchFault,
}

// ------------------------------------------------------------------ register access

/// Bit i = lane i, as a per-lane constant (lets the blend loop vectorise without
/// per-lane variable shifts).
const LANE_BIT: [u32; LANES] = {
    let mut a = [0u32; LANES];
    let mut i = 0;
    while i < LANES {
        a[i] = 1 << i;
        i += 1;
    }
    a
};

#[inline(always)]
fn lanes<R: Copy + Default>(f: impl Fn(usize) -> R) -> [R; LANES] {
    let mut r = [R::default(); LANES];
    for (i, x) in r.iter_mut().enumerate() {
        *x = f(i);
    }
    r
}

/// `d[i] = exec[i] ? r[i] : d[i]`.
#[inline(always)]
fn blend(d: &mut VReg, r: &VReg, exec: u32) {
    if exec == u32::MAX {
        *d = *r;
    } else {
        for i in 0..LANES {
            let m = 0u32.wrapping_sub((exec & LANE_BIT[i] != 0) as u32);
            d[i] = (r[i] & m) | (d[i] & !m);
        }
    }
}

impl Warp {
    #[inline(always)]
    pub(crate) fn vr(&self, r: u8) -> &VReg {
        &self.v[(r & 127) as usize]
    }
    #[inline(always)]
    pub(crate) fn ur(&self, r: u8) -> u32 {
        self.u[(r & 63) as usize]
    }
    #[inline(always)]
    fn ur64(&self, r: u8) -> u64 {
        self.ur(r) as u64 | (self.ur(r.wrapping_add(1)) as u64) << 32
    }
    #[inline(always)]
    fn set_ur(&mut self, r: u8, x: u32) {
        self.u[(r & 63) as usize] = x;
    }
    #[inline(always)]
    fn set_ur64(&mut self, r: u8, x: u64) {
        self.set_ur(r, x as u32);
        self.set_ur(r.wrapping_add(1), (x >> 32) as u32);
    }
    /// A 64-bit pair `v[r+1]:v[r]`, per lane.
    #[inline(always)]
    fn vp(&self, r: u8) -> [u64; LANES] {
        let lo = self.vr(r);
        let hi = self.vr(r.wrapping_add(1));
        lanes(|i| lo[i] as u64 | (hi[i] as u64) << 32)
    }
    /// Masked write of one vector register.
    #[inline(always)]
    fn wv(&mut self, rd: u8, r: &VReg) {
        let exec = self.exec;
        blend(&mut self.v[(rd & 127) as usize], r, exec);
    }
    /// Masked write of a 64-bit pair.
    #[inline(always)]
    fn wvp(&mut self, rd: u8, r: &[u64; LANES]) {
        let lo = lanes(|i| r[i] as u32);
        let hi = lanes(|i| (r[i] >> 32) as u32);
        self.wv(rd, &lo);
        self.wv(rd.wrapping_add(1), &hi);
    }
}

// ------------------------------------------------------------------ drivers: 32-bit vector

/// `d = f(s1, s2)`, vector-vector.
#[inline(always)]
fn vv(w: &mut Warp, o: &Op, f: impl Fn(u32, u32) -> u32) -> Flow {
    let (a, b) = (w.vr(o.rs1), w.vr(o.rs2));
    let r = lanes(|i| f(a[i], b[i]));
    w.wv(o.rd, &r);
    Flow::Next
}

/// `d = f(s1, u2)`, vector-uniform.
#[inline(always)]
fn vu(w: &mut Warp, o: &Op, f: impl Fn(u32, u32) -> u32) -> Flow {
    let (a, b) = (w.vr(o.rs1), w.ur(o.rs2));
    let r = lanes(|i| f(a[i], b));
    w.wv(o.rd, &r);
    Flow::Next
}

/// `d = f(s1, imm)`, vector-immediate (sign-extended `s8`, or a raw `k32` literal).
#[inline(always)]
fn vi(w: &mut Warp, o: &Op, f: impl Fn(u32, u32) -> u32) -> Flow {
    let (a, b) = (w.vr(o.rs1), o.imm);
    let r = lanes(|i| f(a[i], b));
    w.wv(o.rd, &r);
    Flow::Next
}

/// `d = f(d, s1, s2)`: accumulating destination (`v*`).
#[inline(always)]
fn vv_acc(w: &mut Warp, o: &Op, f: impl Fn(u32, u32, u32) -> u32) -> Flow {
    let (d, a, b) = (w.vr(o.rd), w.vr(o.rs1), w.vr(o.rs2));
    let r = lanes(|i| f(d[i], a[i], b[i]));
    w.wv(o.rd, &r);
    Flow::Next
}

/// `d = f(d, s1, u2)`.
#[inline(always)]
fn vu_acc(w: &mut Warp, o: &Op, f: impl Fn(u32, u32, u32) -> u32) -> Flow {
    let (d, a, b) = (w.vr(o.rd), w.vr(o.rs1), w.ur(o.rs2));
    let r = lanes(|i| f(d[i], a[i], b));
    w.wv(o.rd, &r);
    Flow::Next
}

/// `d = f(d, s1, u2, lane)`: lane-indexed vector-uniform (mbcnt, cndmask).
#[inline(always)]
fn vu_lane(w: &mut Warp, o: &Op, f: impl Fn(u32, u32, u32, u32) -> u32) -> Flow {
    let (d, a, b) = (w.vr(o.rd), w.vr(o.rs1), w.ur(o.rs2));
    let r = lanes(|i| f(d[i], a[i], b, i as u32));
    w.wv(o.rd, &r);
    Flow::Next
}

/// `d = f(s1)`, unary.
#[inline(always)]
fn v1(w: &mut Warp, o: &Op, f: impl Fn(u32) -> u32) -> Flow {
    let a = w.vr(o.rs1);
    let r = lanes(|i| f(a[i]));
    w.wv(o.rd, &r);
    Flow::Next
}

/// `d = x` in every active lane (uniform broadcast, immediates).
#[inline(always)]
fn splat(w: &mut Warp, o: &Op, x: u32) -> Flow {
    w.wv(o.rd, &[x; LANES]);
    Flow::Next
}

/// `d = lane number`.
fn laneid(w: &mut Warp, o: &Op) -> Flow {
    let r = lanes(|i| i as u32);
    w.wv(o.rd, &r);
    Flow::Next
}

/// `d = f(s1, s2, s3)`, X-format three sources.
#[inline(always)]
fn vvv(w: &mut Warp, o: &Op, f: impl Fn(u32, u32, u32) -> u32) -> Flow {
    let (a, b, c) = (w.vr(o.rs1), w.vr(o.rs2), w.vr(o.rs3));
    let r = lanes(|i| f(a[i], b[i], c[i]));
    w.wv(o.rd, &r);
    Flow::Next
}

/// `movrel.s`: `d = V[rs1 + u2]`, 0 when that index is not allocated.
fn movrel_s(w: &mut Warp, o: &Op) -> Flow {
    let idx = o.rs1 as u64 + w.ur(o.rs2) as u64;
    let src = if idx < w.vgprs as u64 {
        *w.vr(idx as u8)
    } else {
        [0; LANES]
    };
    w.wv(o.rd, &src);
    Flow::Next
}

/// `movrel.d`: `V[rd + u2] = s1`, dropped when that index is not allocated.
fn movrel_d(w: &mut Warp, o: &Op) -> Flow {
    let idx = o.rd as u64 + w.ur(o.rs2) as u64;
    if idx < w.vgprs as u64 {
        let src = *w.vr(o.rs1);
        w.wv(idx as u8, &src);
    }
    Flow::Next
}

// ------------------------------------------------------------------ drivers: 64-bit pairs

/// `d64 = f(s1_64, s2_64)`.
#[inline(always)]
fn p_pp(w: &mut Warp, o: &Op, f: impl Fn(u64, u64) -> u64) -> Flow {
    let (a, b) = (w.vp(o.rs1), w.vp(o.rs2));
    let r = lanes(|i| f(a[i], b[i]));
    w.wvp(o.rd, &r);
    Flow::Next
}

/// `d64 = f(s1_64, s2)`.
#[inline(always)]
fn p_pv(w: &mut Warp, o: &Op, f: impl Fn(u64, u32) -> u64) -> Flow {
    let (a, b) = (w.vp(o.rs1), w.vr(o.rs2));
    let r = lanes(|i| f(a[i], b[i]));
    w.wvp(o.rd, &r);
    Flow::Next
}

/// `d64 = f(s1_64, u2)`.
#[inline(always)]
fn p_pu(w: &mut Warp, o: &Op, f: impl Fn(u64, u32) -> u64) -> Flow {
    let (a, b) = (w.vp(o.rs1), w.ur(o.rs2));
    let r = lanes(|i| f(a[i], b));
    w.wvp(o.rd, &r);
    Flow::Next
}

/// `d64 = f(s1_64, imm32)`.
#[inline(always)]
fn p_pi(w: &mut Warp, o: &Op, f: impl Fn(u64, u32) -> u64) -> Flow {
    let (a, b) = (w.vp(o.rs1), o.imm);
    let r = lanes(|i| f(a[i], b));
    w.wvp(o.rd, &r);
    Flow::Next
}

/// `d64 = f(s1, s2)` (widening).
#[inline(always)]
fn p_vv(w: &mut Warp, o: &Op, f: impl Fn(u32, u32) -> u64) -> Flow {
    let (a, b) = (w.vr(o.rs1), w.vr(o.rs2));
    let r = lanes(|i| f(a[i], b[i]));
    w.wvp(o.rd, &r);
    Flow::Next
}

/// `d64 = f(s1, s2, s3_64)` (mad64).
#[inline(always)]
fn p_vvp(w: &mut Warp, o: &Op, f: impl Fn(u32, u32, u64) -> u64) -> Flow {
    let (a, b, c) = (w.vr(o.rs1), w.vr(o.rs2), w.vp(o.rs3));
    let r = lanes(|i| f(a[i], b[i], c[i]));
    w.wvp(o.rd, &r);
    Flow::Next
}

/// `d64 = f(s1_64, s2_64, s3)` (sel64).
#[inline(always)]
fn p_ppv(w: &mut Warp, o: &Op, f: impl Fn(u64, u64, u32) -> u64) -> Flow {
    let (a, b, c) = (w.vp(o.rs1), w.vp(o.rs2), w.vr(o.rs3));
    let r = lanes(|i| f(a[i], b[i], c[i]));
    w.wvp(o.rd, &r);
    Flow::Next
}

/// `d64 = s1_64` (mov64).
fn mov64(w: &mut Warp, o: &Op) -> Flow {
    let a = w.vp(o.rs1);
    w.wvp(o.rd, &a);
    Flow::Next
}

/// `d64 = u1_64` broadcast (mov64.vu).
fn mov64_vu(w: &mut Warp, o: &Op) -> Flow {
    let x = w.ur64(o.rs1);
    w.wvp(o.rd, &[x; LANES]);
    Flow::Next
}

// ------------------------------------------------------------------ drivers: compares

/// Pack per-lane predicates into a lane mask; inactive lanes read 0.
#[inline(always)]
fn to_mask(c: &[bool; LANES], exec: u32) -> u32 {
    let mut m = 0u32;
    for (i, &b) in c.iter().enumerate() {
        m |= (b as u32) << i;
    }
    m & exec
}

/// `U[d] = mask of active lanes where f(s1, s2)`.
#[inline(always)]
fn c_vv(w: &mut Warp, o: &Op, f: impl Fn(u32, u32) -> bool) -> Flow {
    let (a, b) = (w.vr(o.rs1), w.vr(o.rs2));
    let m = to_mask(&lanes(|i| f(a[i], b[i])), w.exec);
    w.set_ur(o.rd, m);
    Flow::Next
}

#[inline(always)]
fn c_vu(w: &mut Warp, o: &Op, f: impl Fn(u32, u32) -> bool) -> Flow {
    let (a, b) = (w.vr(o.rs1), w.ur(o.rs2));
    let m = to_mask(&lanes(|i| f(a[i], b)), w.exec);
    w.set_ur(o.rd, m);
    Flow::Next
}

#[inline(always)]
fn c_vi(w: &mut Warp, o: &Op, f: impl Fn(u32, u32) -> bool) -> Flow {
    let (a, b) = (w.vr(o.rs1), o.imm);
    let m = to_mask(&lanes(|i| f(a[i], b)), w.exec);
    w.set_ur(o.rd, m);
    Flow::Next
}

#[inline(always)]
fn c_pp(w: &mut Warp, o: &Op, f: impl Fn(u64, u64) -> bool) -> Flow {
    let (a, b) = (w.vp(o.rs1), w.vp(o.rs2));
    let m = to_mask(&lanes(|i| f(a[i], b[i])), w.exec);
    w.set_ur(o.rd, m);
    Flow::Next
}

// ------------------------------------------------------------------ drivers: uniform

/// `U[d] = f(u1, u2)`.
#[inline(always)]
fn uu(w: &mut Warp, o: &Op, f: impl Fn(u32, u32) -> u32) -> Flow {
    let r = f(w.ur(o.rs1), w.ur(o.rs2));
    w.set_ur(o.rd, r);
    Flow::Next
}

/// `U[d] = f(u1, imm)` (UI `s10`, UL `k32`).
#[inline(always)]
fn ui(w: &mut Warp, o: &Op, f: impl Fn(u32, u32) -> u32) -> Flow {
    let r = f(w.ur(o.rs1), o.imm);
    w.set_ur(o.rd, r);
    Flow::Next
}

/// `U[d] = f(u1)`.
#[inline(always)]
fn u1(w: &mut Warp, o: &Op, f: impl Fn(u32) -> u32) -> Flow {
    let r = f(w.ur(o.rs1));
    w.set_ur(o.rd, r);
    Flow::Next
}

/// `U[d] = imm` (umovi, umov.l).
fn u_imm(w: &mut Warp, o: &Op) -> Flow {
    w.set_ur(o.rd, o.imm);
    Flow::Next
}

/// `U64[d] = f(U64[u1], U64[u2])`.
#[inline(always)]
fn up_pp(w: &mut Warp, o: &Op, f: impl Fn(u64, u64) -> u64) -> Flow {
    let r = f(w.ur64(o.rs1), w.ur64(o.rs2));
    w.set_ur64(o.rd, r);
    Flow::Next
}

/// `U64[d] = f(U64[u1], u2)`.
#[inline(always)]
fn up_pu(w: &mut Warp, o: &Op, f: impl Fn(u64, u32) -> u64) -> Flow {
    let r = f(w.ur64(o.rs1), w.ur(o.rs2));
    w.set_ur64(o.rd, r);
    Flow::Next
}

/// `U64[d] = f(U64[u1], imm)`.
#[inline(always)]
fn up_pi(w: &mut Warp, o: &Op, f: impl Fn(u64, u32) -> u64) -> Flow {
    let r = f(w.ur64(o.rs1), o.imm);
    w.set_ur64(o.rd, r);
    Flow::Next
}

/// `U64[d] = U64[u1]`.
fn umov64(w: &mut Warp, o: &Op) -> Flow {
    let r = w.ur64(o.rs1);
    w.set_ur64(o.rd, r);
    Flow::Next
}

/// `U[d] = PC + imm`.
fn upc(w: &mut Warp, o: &Op) -> Flow {
    let r = w.pc.wrapping_add(o.imm);
    w.set_ur(o.rd, r);
    Flow::Next
}

/// `U64[d] = CODE_BASE + PC + imm` (imm sign-extended to 64 bits).
fn upca(w: &mut Warp, o: &Op) -> Flow {
    let r = w
        .code_base
        .wrapping_add(w.pc as u64)
        .wrapping_add(o.imm as i32 as i64 as u64);
    w.set_ur64(o.rd, r);
    Flow::Next
}

// ------------------------------------------------------------------ drivers: EXEC

fn exec_get(w: &mut Warp, o: &Op) -> Flow {
    let e = w.exec;
    w.set_ur(o.rd, e);
    Flow::Next
}

fn exec_set(w: &mut Warp, o: &Op) -> Flow {
    w.exec = w.ur(o.rs1);
    Flow::Next
}

fn exec_wqm(w: &mut Warp, o: &Op) -> Flow {
    let old = w.exec;
    w.set_ur(o.rd, old);
    w.exec = wqm(old);
    Flow::Next
}

/// `U[d] = old EXEC; EXEC = f(old EXEC, u1)`; u1 is read before U[d] is written.
#[inline(always)]
fn saveexec(w: &mut Warp, o: &Op, f: impl Fn(u32, u32) -> u32) -> Flow {
    let (old, s) = (w.exec, w.ur(o.rs1));
    w.set_ur(o.rd, old);
    w.exec = f(old, s);
    Flow::Next
}

// ------------------------------------------------------------------ drivers: branches

#[inline(always)]
fn branch_if(w: &Warp, o: &Op, taken: bool) -> Flow {
    if taken {
        Flow::Jump(w.pc.wrapping_add(o.imm))
    } else {
        Flow::Next
    }
}

fn jal(w: &mut Warp, o: &Op) -> Flow {
    let pc = w.pc;
    w.set_ur(o.rd, pc.wrapping_add(4));
    Flow::Jump(pc.wrapping_add(o.imm))
}

fn jr(w: &mut Warp, o: &Op) -> Flow {
    Flow::Jump(w.ur(o.rs1).wrapping_add(o.imm) & !3)
}

fn jalr(w: &mut Warp, o: &Op) -> Flow {
    let t = w.ur(o.rs1).wrapping_add(o.imm) & !3;
    let pc = w.pc;
    w.set_ur(o.rd, pc.wrapping_add(4));
    Flow::Jump(t)
}

// ------------------------------------------------------------------ the semantics table

macro_rules! h {
    ($driver:ident, $f:expr) => {
        (|w: &mut Warp, o: &Op| $driver(w, o, $f)) as Handler
    };
    ($handler:expr) => {
        $handler as Handler
    };
}

/// The handler of a variant, or `None` when the model cannot execute it: §7 tex/gfx
/// (never: unit not modelled). §6.1 handlers are below, §6.2 ones in `crate::fp`.
/// Executing a variant without a handler raises IllegalInsn.
pub fn semantics_for(id: InsnId) -> Option<Handler> {
    let d = INSNS.get(id.0 as usize)?;
    match d.group_desc().chapter {
        "6.1" => int_semantics(d.mnemonic),
        "6.2" => crate::fp::fp_semantics(d.mnemonic),
        _ => None,
    }
}

/// Whether the model executes this variant.
pub fn has_semantics(id: InsnId) -> bool {
    handler_for(id).is_some()
}

/// Cached [`semantics_for`] of every variant, indexed by id (built once per process).
pub(crate) fn handler_for(id: InsnId) -> Option<Handler> {
    static TABLE: OnceLock<Vec<Option<Handler>>> = OnceLock::new();
    let t = TABLE.get_or_init(|| {
        (0..INSNS.len())
            .map(|i| semantics_for(InsnId(i as u16)))
            .collect()
    });
    t.get(id.0 as usize).copied().flatten()
}

fn int_semantics(mnemonic: &str) -> Option<Handler> {
    Some(match mnemonic {
        // ---- valu-int-arith (R / RU / I8)
        "add" => h!(vv, add),
        "add.vu" => h!(vu, add),
        "add.vi" => h!(vi, add),
        "sub" => h!(vv, sub),
        "sub.vu" => h!(vu, sub),
        "sll" => h!(vv, sll),
        "sll.vu" => h!(vu, sll),
        "sll.vi" => h!(vi, sll),
        "slt" => h!(vv, slt),
        "slt.vu" => h!(vu, slt),
        "slt.vi" => h!(vi, slt),
        "sltu" => h!(vv, sltu),
        "sltu.vu" => h!(vu, sltu),
        "sltu.vi" => h!(vi, sltu),
        "xor" => h!(vv, xor),
        "xor.vu" => h!(vu, xor),
        "xor.vi" => h!(vi, xor),
        "srl" => h!(vv, srl),
        "srl.vu" => h!(vu, srl),
        "srl.vi" => h!(vi, srl),
        "sra" => h!(vv, sra),
        "sra.vu" => h!(vu, sra),
        "sra.vi" => h!(vi, sra),
        "or" => h!(vv, or),
        "or.vu" => h!(vu, or),
        "or.vi" => h!(vi, or),
        "and" => h!(vv, and),
        "and.vu" => h!(vu, and),
        "and.vi" => h!(vi, and),
        "min" => h!(vv, min),
        "min.vu" => h!(vu, min),
        "min.vi" => h!(vi, min),
        "max" => h!(vv, max),
        "max.vu" => h!(vu, max),
        "max.vi" => h!(vi, max),
        "minu" => h!(vv, minu),
        "minu.vu" => h!(vu, minu),
        "minu.vi" => h!(vi, minu),
        "maxu" => h!(vv, maxu),
        "maxu.vu" => h!(vu, maxu),
        "maxu.vi" => h!(vi, maxu),
        "andn" => h!(vv, andn),
        "andn.vu" => h!(vu, andn),
        "orn" => h!(vv, orn),
        "orn.vu" => h!(vu, orn),
        "mul" => h!(vv, mul),
        "mul.vu" => h!(vu, mul),
        "mul.vi" => h!(vi, mul),
        "mulh" => h!(vv, mulh),
        "mulh.vu" => h!(vu, mulh),
        "mulhsu" => h!(vv, mulhsu),
        "mulhu" => h!(vv, mulhu),
        "mulhu.vu" => h!(vu, mulhu),
        "mac" => h!(vv_acc, mac),
        "mac.vu" => h!(vu_acc, mac),
        "xnor" => h!(vv, xnor),
        "rol" => h!(vv, rol),
        "ror" => h!(vv, ror),
        "czero.eqz" => h!(vv, czero_eqz),
        "czero.nez" => h!(vv, czero_nez),
        "addsat.i32" => h!(vv, addsat_i32),
        "addsat.u32" => h!(vv, addsat_u32),
        "subsat.i32" => h!(vv, subsat_i32),
        "subsat.u32" => h!(vv, subsat_u32),
        "bfm" => h!(vv, bfm),
        "mulwu" => h!(p_vv, mulwu),
        "add64" => h!(p_pp, add64),
        "sub64" => h!(p_pp, sub64),
        "addsx64" => h!(p_pv, addsx64),
        "addzx64" => h!(p_pv, addzx64),
        "addzx64.vu" => h!(p_pu, addzx64),
        "sll64" => h!(p_pv, sll64),
        "srl64" => h!(p_pv, srl64),
        "sra64" => h!(p_pv, sra64),
        "mulw" => h!(p_vv, mulw),
        "subr.vu" => h!(vu, subr),
        "subr.vi" => h!(vi, subr),
        "sllr.vu" => h!(vu, sllr),
        "srlr.vu" => h!(vu, srlr),
        "srar.vu" => h!(vu, srar),
        "mbcnt" => h!(vu_lane, |_d, a, m, lane| mbcnt(a, m, lane)),
        "cndmask" => h!(vu_lane, cndmask),
        "movrel.s" => h!(movrel_s),
        "movrel.d" => h!(movrel_d),
        // ---- valu-int-unary (R1 / R1U / LI)
        "mov" => h!(v1, mov),
        "mov.vu" => h!(|w: &mut Warp, o: &Op| {
            let x = w.ur(o.rs1);
            splat(w, o, x)
        }),
        "not" => h!(v1, not),
        "clz" => h!(v1, clz),
        "ctz" => h!(v1, ctz),
        "cpop" => h!(v1, cpop),
        "brev" => h!(v1, brev),
        "rev8" => h!(v1, rev8),
        "sext.b" => h!(v1, sext_b),
        "sext.h" => h!(v1, sext_h),
        "zext.b" => h!(v1, zext_b),
        "zext.h" => h!(v1, zext_h),
        "laneid" => h!(laneid),
        "neg" => h!(v1, neg),
        "abs" => h!(v1, abs),
        "mov64" => h!(mov64),
        "mov64.vu" => h!(mov64_vu),
        "movi" => h!(|w: &mut Warp, o: &Op| splat(w, o, o.imm)),
        // ---- valu-int-cmp (C / CU / CI)
        "cmp.eq.i32" => h!(c_vv, eq),
        "cmp.ne.i32" => h!(c_vv, ne),
        "cmp.lt.i32" => h!(c_vv, lt_i),
        "cmp.ge.i32" => h!(c_vv, ge_i),
        "cmp.lt.u32" => h!(c_vv, lt_u),
        "cmp.ge.u32" => h!(c_vv, ge_u),
        "cmp.eq.i32.vu" => h!(c_vu, eq),
        "cmp.ne.i32.vu" => h!(c_vu, ne),
        "cmp.lt.i32.vu" => h!(c_vu, lt_i),
        "cmp.ge.i32.vu" => h!(c_vu, ge_i),
        "cmp.lt.u32.vu" => h!(c_vu, lt_u),
        "cmp.ge.u32.vu" => h!(c_vu, ge_u),
        "cmp.eq.i64" => h!(c_pp, eq64),
        "cmp.ne.i64" => h!(c_pp, ne64),
        "cmp.lt.i64" => h!(c_pp, lt_i64),
        "cmp.ge.i64" => h!(c_pp, ge_i64),
        "cmp.lt.u64" => h!(c_pp, lt_u64),
        "cmp.ge.u64" => h!(c_pp, ge_u64),
        "cmp.eq.i32.vi" => h!(c_vi, eq),
        "cmp.ne.i32.vi" => h!(c_vi, ne),
        "cmp.lt.i32.vi" => h!(c_vi, lt_i),
        "cmp.ge.i32.vi" => h!(c_vi, ge_i),
        "cmp.lt.u32.vi" => h!(c_vi, lt_u),
        "cmp.ge.u32.vi" => h!(c_vi, ge_u),
        "cmp.gt.i32.vi" => h!(c_vi, gt_i),
        "cmp.gt.u32.vi" => h!(c_vi, gt_u),
        // ---- valu-int-x (X)
        "sel" => h!(vvv, sel),
        "bfe.u32" => h!(vvv, bfe_u32),
        "bfe.i32" => h!(vvv, bfe_i32),
        "bfi" => h!(vvv, bfi),
        "perm.b32" => h!(vvv, perm_b32),
        "mad.u32" => h!(vvv, mad_u32),
        "mad64.u32" => h!(p_vvp, mad64_u32),
        "mad64.i32" => h!(p_vvp, mad64_i32),
        "alignbit" => h!(vvv, alignbit),
        "med3.i32" => h!(vvv, med3_i32),
        "med3.u32" => h!(vvv, med3_u32),
        "dp4a.i32" => h!(vvv, dp4a_i32),
        "dp4a.u32" => h!(vvv, dp4a_u32),
        "sel64" => h!(p_ppv, sel64),
        // ---- valu-int-lit (XL)
        "mov.vl" => h!(|w: &mut Warp, o: &Op| splat(w, o, o.imm)),
        "add.vl" => h!(vi, add),
        "subr.vl" => h!(vi, subr),
        "and.vl" => h!(vi, and),
        "or.vl" => h!(vi, or),
        "xor.vl" => h!(vi, xor),
        "mul.vl" => h!(vi, mul),
        "addsx64.vl" => h!(p_pi, addsx64),
        // ---- salu-arith (UR / UI)
        "uadd" => h!(uu, add),
        "usub" => h!(uu, sub),
        "usll" => h!(uu, sll),
        "uslt" => h!(uu, slt),
        "usltu" => h!(uu, sltu),
        "uxor" => h!(uu, xor),
        "usrl" => h!(uu, srl),
        "usra" => h!(uu, sra),
        "uor" => h!(uu, or),
        "uand" => h!(uu, and),
        "umin" => h!(uu, min),
        "umax" => h!(uu, max),
        "uminu" => h!(uu, minu),
        "umaxu" => h!(uu, maxu),
        "uandn" => h!(uu, andn),
        "uorn" => h!(uu, orn),
        "uxnor" => h!(uu, xnor),
        "umul" => h!(uu, mul),
        "umulh" => h!(uu, mulh),
        "umulhu" => h!(uu, mulhu),
        "umulhsu" => h!(uu, mulhsu),
        "uczero.eqz" => h!(uu, czero_eqz),
        "uczero.nez" => h!(uu, czero_nez),
        "useq" => h!(uu, seq),
        "usne" => h!(uu, sne),
        "usge" => h!(uu, sge),
        "usgeu" => h!(uu, sgeu),
        "ubfm" => h!(uu, ubfm),
        "ubfe.u32" => h!(uu, ubfe_u32),
        "ubfe.i32" => h!(uu, ubfe_i32),
        "uadd64" => h!(up_pp, add64),
        "usub64" => h!(up_pp, sub64),
        "uaddsx64" => h!(up_pu, addsx64),
        "uaddzx64" => h!(up_pu, addzx64),
        "urol" => h!(uu, rol),
        "uror" => h!(uu, ror),
        "uaddi" => h!(ui, add),
        "uandi" => h!(ui, and),
        "uori" => h!(ui, or),
        "uxori" => h!(ui, xor),
        "uslli" => h!(ui, sll),
        "usrli" => h!(ui, srl),
        "usrai" => h!(ui, sra),
        "uslti" => h!(ui, slt),
        "usltiu" => h!(ui, sltu),
        "useqi" => h!(ui, seq),
        "usnei" => h!(ui, sne),
        "umuli" => h!(ui, mul),
        "uadd64i" => h!(up_pi, addsx64),
        // ---- salu-unary-exec (U1)
        "umov" => h!(u1, mov),
        "unot" => h!(u1, not),
        "uclz" => h!(u1, clz),
        "uctz" => h!(u1, ctz),
        "ucpop" => h!(u1, cpop),
        "ubrev" => h!(u1, brev),
        "usext.b" => h!(u1, sext_b),
        "usext.h" => h!(u1, sext_h),
        "umov64" => h!(umov64),
        "uwqm" => h!(u1, wqm),
        "exec.get" => h!(exec_get),
        "exec.set" => h!(exec_set),
        "exec.wqm" => h!(exec_wqm),
        "saveexec.and" => h!(saveexec, |e, s| e & s),
        "saveexec.or" => h!(saveexec, |e, s| e | s),
        "saveexec.xor" => h!(saveexec, |e, s| e ^ s),
        "saveexec.andn1" => h!(saveexec, |e, s| s & !e),
        "saveexec.andn2" => h!(saveexec, |e, s| e & !s),
        "saveexec.mov" => h!(saveexec, |_e, s| s),
        // ---- salu-imm (ULI)
        "umovi" => h!(u_imm),
        "upc" => h!(upc),
        "upca" => h!(upca),
        // ---- salu-lit (UL)
        "umov.l" => h!(u_imm),
        "uadd.l" => h!(ui, add),
        "uand.l" => h!(ui, and),
        "uor.l" => h!(ui, or),
        "uxor.l" => h!(ui, xor),
        "umul.l" => h!(ui, mul),
        "useq.l" => h!(ui, seq),
        "uslt.l" => h!(ui, slt),
        "usltu.l" => h!(ui, sltu),
        "uadd64.l" => h!(up_pi, addsx64),
        // ---- branch
        "jmp" => h!(|w: &mut Warp, o: &Op| branch_if(w, o, true)),
        "bexecz" => h!(|w: &mut Warp, o: &Op| branch_if(w, o, w.exec == 0)),
        "bexecnz" => h!(|w: &mut Warp, o: &Op| branch_if(w, o, w.exec != 0)),
        "jal" => h!(jal),
        "bz" => h!(|w: &mut Warp, o: &Op| branch_if(w, o, w.ur(o.rs1) == 0)),
        "bnz" => h!(|w: &mut Warp, o: &Op| branch_if(w, o, w.ur(o.rs1) != 0)),
        "bnone" => h!(|w: &mut Warp, o: &Op| branch_if(w, o, w.ur(o.rs1) & w.exec == 0)),
        "bany" => h!(|w: &mut Warp, o: &Op| branch_if(w, o, w.ur(o.rs1) & w.exec != 0)),
        "jr" => h!(jr),
        "jalr" => h!(jalr),
        _ => return None,
    })
}
