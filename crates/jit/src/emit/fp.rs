//! Binary32 add/sub/mul/fma rounded to nearest, ties away from zero (`rm:rmm`), which
//! the host has no rounding mode for.
//!
//! `Em::fop` computes the round-to-nearest-even result `r_n` and the round-toward-zero
//! result `r_z` (embedded rounding); here, before that, each lane's *candidate* bit: the
//! exact value `v` (of `a * b + c`, `a + b`, `a - b` or `a * b`) rounded toward zero to
//! binary64, `s = RZ64(v)`, is a binary32 midpoint, i.e. the low 29 bits of its fraction
//! are `1 << 28`. Then the result is `bits(r_z) + 1` on candidate lanes and `r_n`
//! elsewhere. Why this is exact (for the lanes `fop`'s range check lets through: results
//! of magnitude above the smallest normal for products, below infinity for all):
//!
//! * The binary64 operation is one rounding of the exact `v`: the f32 operands convert
//!   exactly, and the binary64 `fma` / add / sub / mul rounds `v` once.
//! * A binary32 midpoint `m` in `v`'s binade (normal there: `v` is at least the smallest
//!   normal when the rmm result is above it) has 25 significant bits, so it is a binary64
//!   number whose fraction ends in `1 << 28` and 28 zeros; a value with at most 24
//!   significant bits (every binary32 number, subnormals included) never does. So `s` is a
//!   midpoint exactly when `|v|` lies in `[m, m + ulp64(m))` for a midpoint `m`.
//! * There `v` is a tie or above it (in magnitude) but below the next binary32 number:
//!   ties-to-away and nearest both give the neighbour away from zero, `bits(r_z) + 1`
//!   (`r_z` is the neighbour toward zero; adding one to the bits steps the magnitude up,
//!   across a binade too).
//! * Elsewhere `v` is not a midpoint (a midpoint `v` gives `s = v = m`), so ties-to-away
//!   and ties-to-even agree: `r_n`.
//! * NaN and infinite binary64 values end their fraction in 29 zero bits (a binary32 NaN's
//!   payload is shifted up by 29, the default NaN and infinities have none): never
//!   candidates. Flags: the same lanes as in rne raise more than NX (overflow gives
//!   infinity in both; a result above the smallest normal comes from a normal `v`), and
//!   the range check runs on the final result, so `fop` side-exits exactly where it must.

use super::{Em, ONES, R, TC, ZMM};
use crate::plan::{FOp, PlanSrc};
use iced_x86::code_asm::*;
use iced_x86::IcedError;

const YMM: [AsmRegisterYmm; 32] = [
    ymm0, ymm1, ymm2, ymm3, ymm4, ymm5, ymm6, ymm7, ymm8, ymm9, ymm10, ymm11, ymm12, ymm13, ymm14,
    ymm15, ymm16, ymm17, ymm18, ymm19, ymm20, ymm21, ymm22, ymm23, ymm24, ymm25, ymm26, ymm27,
    ymm28, ymm29, ymm30, ymm31,
];

/// The ymm register that is the low half of `z`.
fn ymm_of(z: AsmRegisterZmm) -> AsmRegisterYmm {
    let i = ZMM
        .iter()
        .position(|&r| r == z)
        .expect("every zmm is in ZMM");
    YMM[i]
}

/// The mask registers of the candidate lanes of half 0 and half 1.
const TIES: [AsmRegisterK; 2] = [k5, k6];

impl Em<'_> {
    /// Lanes `8q..8q+8` of half `h` of a binary32 source, widened to binary64 in `dst`
    /// (exact).
    fn f64_chunk(
        &mut self,
        s: PlanSrc,
        h: usize,
        q: usize,
        dst: AsmRegisterZmm,
    ) -> Result<(), IcedError> {
        let yd = ymm_of(dst);
        match s {
            PlanSrc::V(r) => match self.cached(r) {
                Some(z) if q == 0 => self.a.vcvtps2pd(dst, ymm_of(z[h]))?,
                Some(z) => {
                    self.a.vextractf32x8(yd, z[h], 1)?;
                    self.a.vcvtps2pd(dst, yd)?;
                }
                None => self.a.vcvtps2pd(
                    dst,
                    ymmword_ptr(rdi + (r as i32 * 128 + h as i32 * 64 + q as i32 * 32)),
                )?,
            },
            PlanSrc::U(r) => self
                .a
                .vcvtps2pd(dst, dword_bcst(rsi + (r as i32 & 63) * 4))?,
            PlanSrc::Imm(x) => {
                // Widened at compile time (a NaN's payload as the host would: never a
                // candidate either way).
                let w = (f32::from_bits(x) as f64).to_bits();
                self.a.mov(rax, w)?;
                self.a.vpbroadcastq(dst, rax)?;
            }
        }
        Ok(())
    }

    /// The candidate lanes (see the module docs) of `op(a, b, c)` into [`TIES`]. Uses
    /// every temporary (nothing may be live in them).
    pub(super) fn rmm_candidates(
        &mut self,
        op: FOp,
        a: PlanSrc,
        b: PlanSrc,
        c: PlanSrc,
    ) -> Result<(), IcedError> {
        let (pa, pb, s) = (R[0], R[1], TC);
        for (h, &kh) in TIES.iter().enumerate() {
            for (q, kq) in [k7, kh].into_iter().enumerate() {
                self.f64_chunk(a, h, q, pa)?;
                self.f64_chunk(b, h, q, pb)?;
                match op {
                    FOp::Fma => {
                        self.f64_chunk(c, h, q, s)?;
                        self.a.vfmadd231pd(s.rz_sae(), pa, pb)?;
                    }
                    FOp::Add => self.a.vaddpd(s.rz_sae(), pa, pb)?,
                    FOp::Sub => self.a.vsubpd(s.rz_sae(), pa, pb)?,
                    FOp::Mul => self.a.vmulpd(s.rz_sae(), pa, pb)?,
                }
                // The fraction's low 29 bits at the top: 1 << 63 (the bits of -0.0)
                // exactly for a midpoint.
                self.a.vpsllq(s, s, 35)?;
                self.a.vfpclasspd(kq, s, 0x04)?;
            }
            self.a.kunpckbw(kh, kh, k7)?;
        }
        Ok(())
    }

    /// Half `h` of the result in `R[h]` (the rne result, `za` and `zb` the halves of `a`
    /// and `b`): on the candidate lanes, the neighbour away from zero of the toward-zero
    /// result. Uses `TC`.
    pub(super) fn rmm_away(
        &mut self,
        op: FOp,
        c: PlanSrc,
        h: usize,
        za: AsmRegisterZmm,
        zb: AsmRegisterZmm,
    ) -> Result<(), IcedError> {
        if op == FOp::Fma {
            self.src_into(c, h, TC)?;
        }
        match op {
            FOp::Add => self.a.vaddps(TC.rz_sae(), za, zb)?,
            FOp::Sub => self.a.vsubps(TC.rz_sae(), za, zb)?,
            FOp::Mul => self.a.vmulps(TC.rz_sae(), za, zb)?,
            FOp::Fma => self.a.vfmadd231ps(TC.rz_sae(), za, zb)?,
        }
        let ones = self.k_(ONES);
        // r - (-1), merged under the candidate mask.
        let r = if h == 0 { R[0].k5() } else { R[1].k6() };
        debug_assert_eq!(TIES, [k5, k6]);
        self.a.vpsubd(r, TC, ones)
    }
}
