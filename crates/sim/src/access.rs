//! The register-access layer: the only code that reads or writes a warp's registers on
//! behalf of an instruction. It owns lane masking under EXEC, register pairs, half
//! registers, uniform broadcast, FFLAGS accumulation and the commit record: every write
//! goes through a method here that also reports it to the logger `L` (nothing in the
//! fast copy, a [`Commit`](crate::Commit) in the logged one).
//!
//! Lane loops compute all 32 results into an array first and then blend them into the
//! destination under EXEC, which the compiler vectorises.

use crate::commit::Log;
use crate::warp::{fflag, VReg, Warp, LANES};
use warpkit_fp::lanes::{Direct32, DirectOperand};

/// 32 half registers (one 16-bit value per lane).
pub(crate) type HReg = [u16; LANES];

/// Lane masks of 8 lanes: entry `b` has lane i all ones when bit i of `b` is set.
///
/// The blend reads its mask from this table rather than computing it from EXEC: from a
/// computed mask LLVM recognises a per-lane select of the old value and emits a masked
/// store (`vpmaskmovd`), which AMD CPUs microcode (measured 4x slower on partial EXEC);
/// with a loaded mask it emits a plain and/andn/or blend and a full store.
static LANE_MASKS: [[u32; 8]; 256] = {
    let mut t = [[0u32; 8]; 256];
    let mut b = 0;
    while b < 256 {
        let mut i = 0;
        while i < 8 {
            if b >> i & 1 == 1 {
                t[b][i] = u32::MAX;
            }
            i += 1;
        }
        b += 1;
    }
    t
};

/// `[f(0), f(1), ..., f(31)]`.
#[inline(always)]
pub(crate) fn lanes<R: Copy + Default>(f: impl Fn(usize) -> R) -> [R; LANES] {
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
        let mut m = [0u32; LANES];
        for (k, chunk) in m.chunks_exact_mut(8).enumerate() {
            chunk.copy_from_slice(&LANE_MASKS[(exec >> (8 * k)) as usize & 255]);
        }
        for i in 0..LANES {
            d[i] = (r[i] & m[i]) | (d[i] & !m[i]);
        }
    }
}

/// Per-lane predicates as a lane mask; inactive lanes read 0.
#[inline(always)]
pub(crate) fn to_mask(c: &[bool; LANES], exec: u32) -> u32 {
    let mut m = 0u32;
    for (i, &b) in c.iter().enumerate() {
        m |= (b as u32) << i;
    }
    m & exec
}

/// All-ones byte when lane `i` is active.
#[inline(always)]
fn lane_mask8(exec: u32, i: usize) -> u8 {
    0u8.wrapping_sub(((exec >> i) & 1) as u8)
}

/// The lane loop of an operation that raises flags: every lane's result, and the OR of
/// the flags of the active lanes (inactive lanes are computed but raise nothing).
#[inline(always)]
pub(crate) fn each_lane<T: Copy + Default>(
    exec: u32,
    f: impl Fn(usize, &mut u8) -> T,
) -> ([T; LANES], u8) {
    let mut r = [T::default(); LANES];
    let mut acc = 0u8;
    for (i, x) in r.iter_mut().enumerate() {
        let mut fl = 0u8;
        *x = f(i, &mut fl);
        acc |= fl & lane_mask8(exec, i);
    }
    (r, acc)
}

impl Warp {
    // -------------------------------------------------------------- reads

    /// Vector register `r` (7-bit index).
    #[inline(always)]
    pub(crate) fn vr(&self, r: u8) -> &VReg {
        &self.v[(r & 127) as usize]
    }

    /// Uniform register `r` (6-bit index).
    #[inline(always)]
    pub(crate) fn ur(&self, r: u8) -> u32 {
        self.u[(r & 63) as usize]
    }

    /// Uniform pair `u[r+1]:u[r]`.
    #[inline(always)]
    pub(crate) fn ur64(&self, r: u8) -> u64 {
        self.ur(r) as u64 | (self.ur(r.wrapping_add(1)) as u64) << 32
    }

    /// Vector pair `v[r+1]:v[r]`, per lane.
    #[inline(always)]
    pub(crate) fn vp(&self, r: u8) -> [u64; LANES] {
        let lo = self.vr(r);
        let hi = self.vr(r.wrapping_add(1));
        lanes(|i| lo[i] as u64 | (hi[i] as u64) << 32)
    }

    /// Half register `h` (encoded `2*n + half`: `.l` = bits 15:0, `.h` = bits 31:16).
    #[inline(always)]
    pub(crate) fn hr(&self, h: u8) -> HReg {
        let r = self.vr(h >> 1);
        let sh = (h & 1) as u32 * 16;
        lanes(|i| (r[i] >> sh) as u16)
    }

    // -------------------------------------------------------------- writes

    /// Vector register `rd` = `r` in the active lanes.
    #[inline(always)]
    pub(crate) fn wv<L: Log>(&mut self, l: &mut L, rd: u8, r: &VReg) {
        let (rd, exec) = (rd & 127, self.exec);
        let d = &mut self.v[rd as usize];
        blend(d, r, exec);
        l.vreg(rd, d, exec);
    }

    /// Vector register `rd` = the direct kernel `k` on `a`, `b`, `c` (registers of this
    /// warp, `rd` among them, or splats) in the active lanes, if `k` takes it (see
    /// [`Direct32::run`]); otherwise nothing is written and the caller runs the ordinary
    /// kernel. When it writes, the active lanes raised at most NX, which FFLAGS holds.
    #[inline(always)]
    pub(crate) fn wv_direct<L: Log>(
        &mut self,
        l: &mut L,
        rd: u8,
        k: Direct32,
        a: DirectOperand,
        b: DirectOperand,
        c: DirectOperand,
    ) -> bool {
        let (rd, exec) = (rd & 127, self.exec);
        if !k.run(&mut self.v.0, rd as usize, a, b, c, exec) {
            return false;
        }
        l.vreg(rd, &self.v[rd as usize], exec);
        true
    }

    /// Vector pair `v[rd+1]:v[rd]` = `r` in the active lanes.
    #[inline(always)]
    pub(crate) fn wvp<L: Log>(&mut self, l: &mut L, rd: u8, r: &[u64; LANES]) {
        let lo = lanes(|i| r[i] as u32);
        let hi = lanes(|i| (r[i] >> 32) as u32);
        self.wv(l, rd, &lo);
        self.wv(l, rd.wrapping_add(1), &hi);
    }

    /// Half register `h` = `r` in the active lanes; the other half of the register keeps
    /// its value. The record holds the whole 32-bit register.
    #[inline(always)]
    pub(crate) fn wh<L: Log>(&mut self, l: &mut L, h: u8, r: &HReg) {
        let sh = (h & 1) as u32 * 16;
        let keep = !(0xffffu32 << sh);
        let d = self.vr(h >> 1);
        let full = lanes(|i| (d[i] & keep) | (r[i] as u32) << sh);
        self.wv(l, h >> 1, &full);
    }

    /// Uniform register `rd` = `x` (uniform writes ignore EXEC).
    #[inline(always)]
    pub(crate) fn wu<L: Log>(&mut self, l: &mut L, rd: u8, x: u32) {
        let rd = rd & 63;
        self.u[rd as usize] = x;
        l.ureg(rd, x);
    }

    /// Uniform pair `u[rd+1]:u[rd]` = `x`.
    #[inline(always)]
    pub(crate) fn wu64<L: Log>(&mut self, l: &mut L, rd: u8, x: u64) {
        self.wu(l, rd, x as u32);
        self.wu(l, rd.wrapping_add(1), (x >> 32) as u32);
    }

    /// EXEC = `x` (recorded when it changes).
    #[inline(always)]
    pub(crate) fn wexec<L: Log>(&mut self, l: &mut L, x: u32) {
        if x != self.exec {
            l.exec(x);
        }
        self.exec = x;
    }

    /// FFLAGS |= `acc` (sticky; recorded when a new flag is raised).
    #[inline(always)]
    pub(crate) fn raise<L: Log>(&mut self, l: &mut L, acc: u8) {
        let new = self.fflags | (acc & fflag::ALL);
        if new != self.fflags {
            self.fflags = new;
            l.fflags(new);
        }
    }
}
