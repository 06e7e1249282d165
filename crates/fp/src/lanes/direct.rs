//! Binary32 add/sub/mul/fma written straight into a register of the caller's register
//! file ([`Direct32`]), for a caller whose flags already hold NX.
//!
//! [`Kernel32::run`](super::Kernel32::run) writes into a separate output array, which the
//! caller then blends into the destination: a copy of 128 bytes per instruction, besides
//! clearing the array. Writing into the destination directly is only simple when no lane
//! needs the scalar path, because the destination may be one of the sources (`fadd v1, v1,
//! v9`) and a lane redone after the store would read its own result. So these kernels
//! compute all 32 lanes in vector registers first, check whether an active lane could
//! raise a flag other than NX (the same tests as the NX-known kernels: see `avx512.rs`,
//! `f32_sae_nx`, and `x86.rs`, `f32_rne_nx`), and store only when none can; otherwise they
//! store nothing and the caller runs the ordinary kernel, which redoes those lanes. Shader
//! data almost never takes that way.
//!
//! Offered for the levels and modes where the NX-known kernel needs no MXCSR access:
//! Avx512 in rne/rtz/rdn/rup (embedded rounding), Avx2 in rne (the default environment).

use super::{ArithOp, Kernels, LANES};
use crate::{flags, Rm};

/// An operand of a [`Direct32`] kernel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DirectOperand {
    /// A register of the file (its index).
    Reg(usize),
    /// One value in every lane.
    Splat(u32),
}

/// An operand as the kernels take it: a pointer to 32 lanes, or null and a value (two
/// scalars, passed in registers; see `Words`).
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))] // only the x86 kernels use it
#[derive(Clone, Copy)]
struct Raw {
    lanes: *const u32,
    splat: u32,
}

/// A direct kernel: `out` may be any of the operands' lanes.
type DirectFn = unsafe fn(Raw, Raw, Raw, u32, *mut u32) -> bool;

/// A binary32 kernel of one level, operation and rounding mode that writes its result into
/// a register of the caller's file ([`Kernels::f32_direct_given`]).
#[derive(Clone, Copy, Debug)]
pub struct Direct32(DirectFn);

impl Direct32 {
    /// `file[d][i] = op(a[i], b[i], c[i])` in the lanes active in `exec` (the others keep
    /// their value), where each operand is a register of `file` (`d` included) or a splat;
    /// `c` is read by fma only. Returns whether it wrote: it does when no active lane can
    /// raise a flag other than NX (so the caller, which holds NX, has nothing to raise).
    /// Otherwise (an infinite or NaN operand or result, a possible overflow or underflow),
    /// or when a register index is outside `file`, it writes nothing and returns false, and
    /// the caller runs the ordinary kernel.
    #[inline(always)]
    pub fn run<const N: usize>(
        self,
        file: &mut [[u32; LANES]; N],
        d: usize,
        a: DirectOperand,
        b: DirectOperand,
        c: DirectOperand,
        exec: u32,
    ) -> bool {
        let base = file.as_mut_ptr() as *mut u32;
        let raw = |x: DirectOperand| match x {
            // SAFETY: `r < N`, so the pointer is to register `r` of `file`.
            DirectOperand::Reg(r) if r < N => Some(Raw {
                lanes: unsafe { base.add(r * LANES) },
                splat: 0,
            }),
            DirectOperand::Reg(_) => None,
            DirectOperand::Splat(v) => Some(Raw {
                lanes: core::ptr::null(),
                splat: v,
            }),
        };
        let (Some(a), Some(b), Some(c)) = (raw(a), raw(b), raw(c)) else {
            return false;
        };
        if d >= N {
            return false;
        }
        // SAFETY: only `Kernels` makes a `Direct32`, from the table of its level, which this
        // CPU runs; every pointer is to a register of `file` (mutably borrowed here, so
        // nothing else reads or writes it), and the kernels read all operands before they
        // store.
        unsafe { (self.0)(a, b, c, exec, base.add(d * LANES)) }
    }
}

impl Kernels {
    /// The direct binary32 kernel of `op` in `rm` at this level ([`Direct32`]), for a
    /// caller whose flags hold every flag in `known`; `None` unless `known` holds NX and the
    /// level has one for `rm` (Avx512: rne, rtz, rdn, rup; Avx2: rne).
    #[inline(always)]
    pub fn f32_direct_given(self, op: ArithOp, rm: Rm, known: u8) -> Option<Direct32> {
        if known & flags::NX == 0 {
            return None;
        }
        DIRECT[self.level as usize][op as usize][rm as usize].map(Direct32)
    }
}

/// By [level][operation][rounding mode].
static DIRECT: [[[Option<DirectFn>; 5]; 4]; 3] = {
    let none = [[None; 5]; 4];
    #[allow(unused_mut)] // not changed off x86_64
    let mut t = [none; 3];
    #[cfg(target_arch = "x86_64")]
    {
        t[super::SimdLevel::Avx2 as usize] = x86::AVX2;
        t[super::SimdLevel::Avx512 as usize] = x86::AVX512;
    }
    t
};

#[cfg(target_arch = "x86_64")]
mod x86 {
    use super::super::avx512::{NOT_FINITE, RD, RN, RU, RZ};
    use super::super::x86::{ABS32 as ABS, ADD, FMA, MUL, SUB};
    use super::{DirectFn, Raw};
    use core::arch::x86_64::*;

    const EXP: i32 = 0x7f80_0000;
    const SMALLEST_NORMAL: i32 = 0x0080_0000;
    /// The largest finite magnitude: in a directed mode, possibly an overflow.
    const MAX_FINITE: i32 = 0x7f7f_ffff;

    macro_rules! row {
        ($k:ident, $op:expr, [$($r:expr),*]) => {
            [$(Some($k::<{ $op }, { $r }> as DirectFn),)* None]
        };
    }

    /// rne, rtz, rdn, rup with embedded rounding; no rmm.
    pub(super) const AVX512: [[Option<DirectFn>; 5]; 4] = [
        row!(sae, ADD, [RN, RZ, RD, RU]),
        row!(sae, SUB, [RN, RZ, RD, RU]),
        row!(sae, MUL, [RN, RZ, RD, RU]),
        row!(sae, FMA, [RN, RZ, RD, RU]),
    ];

    /// rne only (the default environment; other modes need MXCSR).
    pub(super) const AVX2: [[Option<DirectFn>; 5]; 4] = [
        [Some(rne::<ADD> as DirectFn), None, None, None, None],
        [Some(rne::<SUB> as DirectFn), None, None, None, None],
        [Some(rne::<MUL> as DirectFn), None, None, None, None],
        [Some(rne::<FMA> as DirectFn), None, None, None, None],
    ];

    #[target_feature(enable = "avx512f,avx512dq,avx2,fma,f16c")]
    #[inline]
    unsafe fn load16(s: Raw, h: usize) -> __m512 {
        if s.lanes.is_null() {
            _mm512_castsi512_ps(_mm512_set1_epi32(s.splat as i32))
        } else {
            // SAFETY (caller): `s.lanes` points to 32 u32; unaligned load.
            unsafe { _mm512_loadu_ps(s.lanes.add(16 * h) as *const f32) }
        }
    }

    /// `OP` rounded by the embedded rounding `R` (see the module docs).
    ///
    /// # Safety
    /// AVX-512F/DQ; `a`, `b`, `c` splats or pointers to 32 readable u32, `out` to 32
    /// writable u32 (which may be any of them).
    #[target_feature(enable = "avx512f,avx512dq,avx2,fma,f16c")]
    #[inline(never)]
    unsafe fn sae<const OP: u8, const R: i32>(
        a: Raw,
        b: Raw,
        c: Raw,
        exec: u32,
        out: *mut u32,
    ) -> bool {
        let mut r = [_mm512_setzero_ps(); 2];
        let mut bad = 0u32;
        for (h, rh) in r.iter_mut().enumerate() {
            // SAFETY (caller): the operands.
            let (x, y) = unsafe { (load16(a, h), load16(b, h)) };
            *rh = match OP {
                ADD => _mm512_add_round_ps::<R>(x, y),
                SUB => _mm512_sub_round_ps::<R>(x, y),
                MUL => _mm512_mul_round_ps::<R>(x, y),
                // SAFETY (caller): the operand.
                _ => _mm512_fmadd_round_ps::<R>(x, y, unsafe { load16(c, h) }),
            };
            let abs = _mm512_and_si512(_mm512_castps_si512(*rh), _mm512_set1_epi32(ABS));
            let mut m = _mm512_fpclass_ps_mask::<NOT_FINITE>(*rh);
            if R != RN {
                m |= _mm512_cmpeq_epi32_mask(abs, _mm512_set1_epi32(MAX_FINITE));
            }
            if OP == MUL || OP == FMA {
                m |= _mm512_cmple_epu32_mask(abs, _mm512_set1_epi32(SMALLEST_NORMAL));
            }
            bad |= (m as u32) << (16 * h);
        }
        if bad & exec != 0 {
            return false;
        }
        // SAFETY (caller): `out` is 32 writable u32; every load above is done.
        unsafe {
            if exec == u32::MAX {
                _mm512_storeu_ps(out as *mut f32, r[0]);
                _mm512_storeu_ps(out.add(16) as *mut f32, r[1]);
            } else {
                _mm512_mask_storeu_ps(out as *mut f32, exec as u16, r[0]);
                _mm512_mask_storeu_ps(out.add(16) as *mut f32, (exec >> 16) as u16, r[1]);
            }
        }
        true
    }

    #[target_feature(enable = "avx2,fma,f16c")]
    #[inline]
    unsafe fn load8(s: Raw, g: usize) -> __m256 {
        if s.lanes.is_null() {
            _mm256_castsi256_ps(_mm256_set1_epi32(s.splat as i32))
        } else {
            // SAFETY (caller): `s.lanes` points to 32 u32; unaligned load.
            unsafe { _mm256_loadu_ps(s.lanes.add(8 * g) as *const f32) }
        }
    }

    /// `OP` in rne by the plain host instruction (the default environment: rne, no
    /// FTZ/DAZ). A partial EXEC is a blend with the old destination (not a masked store,
    /// which AMD CPUs microcode).
    ///
    /// # Safety
    /// AVX2, FMA; the pointers as in [`sae`].
    #[target_feature(enable = "avx2,fma,f16c")]
    #[inline(never)]
    unsafe fn rne<const OP: u8>(a: Raw, b: Raw, c: Raw, exec: u32, out: *mut u32) -> bool {
        let mut r = [_mm256_setzero_ps(); 4];
        let mut bad = 0u32;
        for (g, rg) in r.iter_mut().enumerate() {
            // SAFETY (caller): the operands.
            let (x, y) = unsafe { (load8(a, g), load8(b, g)) };
            *rg = match OP {
                ADD => _mm256_add_ps(x, y),
                SUB => _mm256_sub_ps(x, y),
                MUL => _mm256_mul_ps(x, y),
                // SAFETY (caller): the operand.
                _ => _mm256_fmadd_ps(x, y, unsafe { load8(c, g) }),
            };
            let bits = _mm256_castps_si256(*rg);
            let e = _mm256_set1_epi32(EXP);
            let mut m = _mm256_cmpeq_epi32(_mm256_and_si256(bits, e), e);
            if OP == MUL || OP == FMA {
                // |r| <= 2^-126 as signed integers (|r| < 2^31).
                let abs = _mm256_and_si256(bits, _mm256_set1_epi32(ABS));
                let small = _mm256_cmpgt_epi32(_mm256_set1_epi32(SMALLEST_NORMAL + 1), abs);
                m = _mm256_or_si256(m, small);
            }
            bad |= (_mm256_movemask_ps(_mm256_castsi256_ps(m)) as u32) << (8 * g);
        }
        if bad & exec != 0 {
            return false;
        }
        let p = out as *mut f32;
        for (g, &rg) in r.iter().enumerate() {
            let v = if exec == u32::MAX {
                rg
            } else {
                // Lane i of group g active: bit 8g + i of EXEC moved to the sign bit.
                let shift = _mm256_setr_epi32(31, 30, 29, 28, 27, 26, 25, 24);
                let bits = _mm256_set1_epi32((exec >> (8 * g)) as i32);
                let m = _mm256_castsi256_ps(_mm256_sllv_epi32(bits, shift));
                // SAFETY (caller): `out` is 32 readable u32.
                _mm256_blendv_ps(unsafe { _mm256_loadu_ps(p.add(8 * g)) }, rg, m)
            };
            // SAFETY (caller): `out` is 32 writable u32; every operand load is done.
            unsafe { _mm256_storeu_ps(p.add(8 * g), v) };
        }
        true
    }
}
