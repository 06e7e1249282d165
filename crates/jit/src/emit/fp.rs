//! Binary32 add/sub/mul/fma rounded to nearest, ties away from zero (`rm:rmm`), which
//! the host has no rounding mode for; packed binary16 add/sub/mul/fma, which the host
//! (no AVX512-FP16) has no arithmetic for ([`Em::pk16`]).
//!
//! ## rmm
//!
//! First a fast path ([`Em::rmm_fast`]: one more operation rounded toward zero, of the
//! exact value plus half an ulp); when an active lane is outside what it does exactly,
//! the general way below runs. The general way: `Em::fop` computes the
//! round-to-nearest-even result `r_n` and the round-toward-zero result `r_z` (embedded
//! rounding); here, before that, each lane's *candidate* bit: the exact value `v` (of
//! `a * b + c`, `a + b`, `a - b` or `a * b`) rounded toward zero to binary64,
//! `s = RZ64(v)`, is a binary32 midpoint, i.e. the low 29 bits of its fraction are
//! `1 << 28`. Then the result is `bits(r_z) + 1` on candidate lanes and `r_n` elsewhere.
//! Why this is exact (for the lanes `fop`'s range check lets through: results of
//! magnitude above the smallest normal for products, below the largest finite for all):
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

use super::{
    bound16, twice, vmem, Em, Masked, ABS16, BIAS16, HALF, ONES, PK16_RMM, R, RMM, RMM_FAST, TA,
    TB, TC, ZMM,
};
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

    /// The fast path of rmm for `op`: the results in `R`, or a jump to `general` (nothing
    /// written) when an active lane is not one it does exactly.
    ///
    /// With `r_n` the rne result and `H = sign(r_n) 2^(e - 24)` (half an ulp of its binade
    /// `e`), rmm(v) = RZ(v + H): for `v` of `r_n`'s binade, `v + H` reaches the next
    /// binary32 number exactly when `v` is at or above the midpoint; when `r_n` carried into
    /// the next binade (`r_n = 2^e`, `v` at least the midpoint below it), `H` is a whole
    /// ulp of `v`'s binade and `v + H` lies in `[2^e, 2^e + ulp)`, which rounds toward zero
    /// to `2^e`. So the result is `fma(a, b, H)` (mul), `fma(a, b, c + H)` (fma),
    /// `a + (b + H)` (add) or `a + (H - b)` (sub) rounded toward zero, one rounding of
    /// `v + H`, where the inner sum is exact (its downward and upward roundings agree) and
    /// `e >= -102` (`H` normal). Lanes outside that go the general
    /// way. Past the largest finite value `v + H` rounds toward zero to it, where rmm
    /// overflows: `fop`'s range check (limit: the largest finite value) takes the side
    /// exit there, and for NaN.
    pub(super) fn rmm_fast(
        &mut self,
        op: FOp,
        a: PlanSrc,
        b: PlanSrc,
        c: PlanSrc,
        general: CodeLabel,
    ) -> Result<(), IcedError> {
        let [exp, min_exp, sign_exp, e24] = RMM_FAST.map(|x| self.k_(x));
        for (h, k) in TIES.into_iter().enumerate() {
            let x = R[h];
            let za = self.src(a, h, TA)?;
            let zb = self.src(b, h, TB)?;
            match op {
                FOp::Fma => {
                    self.src_into(c, h, x)?;
                    self.a.vfmadd231ps(x.rn_sae(), za, zb)?;
                }
                FOp::Mul => self.a.vmulps(x.rn_sae(), za, zb)?,
                FOp::Add => self.a.vaddps(x.rn_sae(), za, zb)?,
                FOp::Sub => self.a.vsubps(x.rn_sae(), za, zb)?,
            }
            // k: the active lanes whose binade is at least 2^-102 (and not zero).
            self.a.vpandd(TC, x, exp)?;
            self.a.vpcmpud(k.k(h), TC, min_exp, crate::plan::CMP_GE)?;
            // x = H.
            self.a.vpandd(x, x, sign_exp)?;
            self.a.vpsubd(x, x, e24)?;
            if op != FOp::Mul {
                // x = c + H (fma), b + H (add) or H - b (sub) where exact (k: and it is).
                self.src_into(if op == FOp::Fma { c } else { b }, h, TC)?;
                if op == FOp::Sub {
                    self.a.vsubps(TA.ru_sae(), x, TC)?;
                    self.a.vsubps(x.rd_sae(), x, TC)?;
                } else {
                    self.a.vaddps(TA.ru_sae(), TC, x)?;
                    self.a.vaddps(x.rd_sae(), TC, x)?;
                }
                // Predicate 0: equal, ordered.
                let kk = if h == 0 { k5.k5() } else { k6.k6() };
                self.a.vcmpps(kk, x, TA, 0)?;
            }
        }
        // An active lane not done here: the general way.
        self.a.kandnw(k3, k5, k1)?;
        self.a.kandnw(k4, k6, k2)?;
        self.a.kortestw(k3, k4)?;
        self.a.jne(general)?;
        for (h, r) in R.into_iter().enumerate() {
            let za = self.src(a, h, TA)?;
            if matches!(op, FOp::Add | FOp::Sub) {
                self.a.vaddps(r.rz_sae(), za, r)?;
            } else {
                let zb = self.src(b, h, TB)?;
                self.a.vfmadd231ps(r.rz_sae(), za, zb)?;
            }
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

    /// Lanes `8q..8q+8` of half `h` of `V[r]`, their 16 binary16 halves widened to
    /// binary32 in `dst` (exact; in memory order, which the narrowing keeps).
    fn f16_chunk(
        &mut self,
        r: u8,
        h: usize,
        q: usize,
        dst: AsmRegisterZmm,
        swap: bool,
    ) -> Result<(), IcedError> {
        if swap {
            // The halves of each lane exchanged first (a scalar row's source whose half
            // is not the destination's).
            let z = match self.cached(r) {
                Some(z) => z[h],
                None => {
                    self.a.vmovdqu32(dst, vmem(r, h))?;
                    dst
                }
            };
            self.a.vprold(dst, z, 16)?;
            if q == 1 {
                self.a.vextracti32x8(ymm_of(dst), dst, 1)?;
            }
            return self.a.vcvtph2ps(dst, ymm_of(dst));
        }
        match self.cached(r) {
            Some(z) if q == 0 => self.a.vcvtph2ps(dst, ymm_of(z[h])),
            Some(z) => {
                self.a.vextracti32x8(ymm_of(dst), z[h], 1)?;
                self.a.vcvtph2ps(dst, ymm_of(dst))
            }
            None => self.a.vcvtph2ps(
                dst,
                ymmword_ptr(rdi + (r as i32 * 128 + h as i32 * 64 + q as i32 * 32)),
            ),
        }
    }

    /// In rmm: `TC` (a binary32 value `s`, the exact result rounded to odd at 24 bits)
    /// plus half a binary16 ulp of its binade, `H = sign(s) max(2^(e - 11), 2^-25)`, rounded
    /// toward zero; narrowed toward zero after, that is the result rounded to nearest, ties
    /// away (`v + H` reaches the next binary16 number exactly when `v` is at or above the
    /// midpoint; `s` and `v` lie on the same side of every midpoint, a number of at most 12
    /// significant bits, as rounding to odd at 24 bits keeps; toward zero twice is toward
    /// zero once). Past the largest finite value that gives it where rmm overflows: the
    /// range check (limit: the largest finite value) takes the side exit. An exact zero
    /// gives `H` of its sign, which narrows back to that zero. Uses `TA`.
    fn pk16_half_ulp_up(&mut self) -> Result<(), IcedError> {
        let [exp, e11, min, sign] = PK16_RMM.map(|x| self.k_(x));
        self.a.vpandd(TA, TC, exp)?;
        self.a.vpsubd(TA, TA, e11)?;
        self.a.vpmaxsd(TA, TA, min)?;
        // TA | (TC & sign): truth table over (A = TA, B = TC, C = sign).
        self.a.vpternlogd(TA, TC, sign, 0xf8)?;
        self.a.vaddps(TC.rz_sae(), TC, TA)
    }

    /// Packed binary16 `V[d].x = op(V[a].x, V[b].x, V[c].x)` rounded `rm` (0..=4); the
    /// side exit's label. Why it is exact:
    ///
    /// * Binary16 operands widen exactly to binary32, and a product of two (11 x 11
    ///   significant bits, magnitude in [2^-48, 2^32)) is exact in binary32.
    /// * A sum (of two binary16 values, or of the product and `c`) is rounded to odd at
    ///   24 bits: of its downward and upward roundings, the one with its last bit set when
    ///   they differ (inexact), else the one in `rm`'s direction (the sign of an exact
    ///   zero). Rounding that to 11 bits in any of the four modes gives
    ///   the correctly rounded result of the exact value (24 >= 11 + 2), subnormal
    ///   binary16 results included (their quantum, 2^-24, is far above binary32's at the
    ///   same magnitude, and every nonzero exact value here is at least 2^-48, a normal
    ///   binary32 number). A product is narrowed directly.
    /// * Flags: as for binary32 (`fop`), only NX may be raised on a lane whose result's
    ///   magnitude is below infinity (rne) or the largest finite value (directed modes),
    ///   and, for a product or fma, above the smallest normal; any active lane's half
    ///   outside that range (NaN included, which the interpreter canonicalises) takes the
    ///   side exit.
    ///
    /// A scalar row (`halves`, see `PlanItem::Pk16`): each source whose half is not the
    /// destination's has its halves exchanged, the same is computed, only the
    /// destination's half is range-checked and written.
    pub(super) fn pk16(
        &mut self,
        op: FOp,
        rm: u8,
        d: u8,
        srcs: [u8; 3],
        halves: Option<u8>,
    ) -> Result<CodeLabel, IcedError> {
        // Which sources to exchange the halves of.
        let swap = halves.map_or([false; 3], |x| [1, 2, 3].map(|i| (x >> i & 1) != (x & 1)));
        let bits = halves.map(|x| self.k_(HALF[x as usize & 1]));
        let abs = self.k_(ABS16);
        let bias = self.k_(twice(BIAS16));
        let bound = self.k_(bound16(op, rm));
        // Directly where that is exact (see `pk16_halves`): products, directed modes. (In
        // rne, going directly unless a binary32 result lies on a binary16 midpoint was
        // measured slower on fp_loop.py's loop, whose fixed points are such midpoints.)
        let direct = op == FOp::Mul || (rm != 0 && rm != RMM);
        self.pk16_halves(op, rm, srcs, swap, !direct)?;
        if bits.is_none() {
            return self.pk16_check_both(op, bias, bound, d);
        }
        for (h, k) in [k3, k4].into_iter().enumerate() {
            // The range check on each half of each lane, then per lane under EXEC.
            self.a.vpandd(TA, R[h], abs)?;
            if matches!(op, FOp::Mul | FOp::Fma) {
                self.a.vpsubw(TA, TA, bias)?;
            }
            self.a.vpcmpuw(k7, TA, bound, crate::plan::CMP_GE)?;
            self.a.vpmovm2w(TA, k7)?;
            self.a.vptestmd(k.k(h), TA, bits.unwrap_or(TA))?;
        }
        self.exit_or_commit_bits(d, bits)
    }

    /// The range check of a packed row (both halves of every lane written) and the commit:
    /// the tested word of each binary16 half (its magnitude, less `bias` for a product) of
    /// both zmm halves in one unsigned word compare with `bound` and one branch, as
    /// `f_tested` does for binary32. Inactive lanes test 0, below every bound: a product's
    /// starts as `bias` (the magnitude merged in under EXEC), so 0 after the subtraction.
    /// The lane-wise unsigned maximum of the two is at or above `bound` exactly when a
    /// word of an active lane of either is. The side exit's label.
    fn pk16_check_both(
        &mut self,
        op: FOp,
        bias: AsmRegisterZmm,
        bound: AsmRegisterZmm,
        d: u8,
    ) -> Result<CodeLabel, IcedError> {
        let abs = self.k_(ABS16);
        for (h, t) in [TA, TB].into_iter().enumerate() {
            if matches!(op, FOp::Mul | FOp::Fma) {
                self.a.vmovdqa32(t, bias)?;
                self.a.vpandd(t.k(h), R[h], abs)?;
                self.a.vpsubw(t, t, bias)?;
            } else {
                self.a.vpandd(t.k(h).z(), R[h], abs)?;
            }
        }
        self.a.vpmaxuw(TA, TA, TB)?;
        self.a.vpcmpuw(k3, TA, bound, crate::plan::CMP_GE)?;
        let side = self.a.create_label();
        self.a.kortestd(k3, k3)?;
        self.a.jne(side)?;
        self.commit(d, R, None)?;
        Ok(side)
    }

    /// Both halves of the packed binary16 result into `R`, rounded to odd at 24 bits
    /// first (`odd`), or directly: the binary32 operation in `rm`, then narrowed in `rm`.
    /// Directly is exact for a product (exact in binary32) and in a directed mode (binary16
    /// numbers are binary32 numbers, and rounding twice in one direction is rounding
    /// once), not in rne (a binary32 result may have been rounded onto a binary16
    /// midpoint).
    fn pk16_halves(
        &mut self,
        op: FOp,
        rm: u8,
        [a, b, c]: [u8; 3],
        [sa, sb, sc]: [bool; 3],
        odd: bool,
    ) -> Result<(), IcedError> {
        // vcvtps2ph's rounding field: 0 nearest-even, 1 down, 2 up, 3 toward zero.
        // (rmm: toward zero, of the value plus half an ulp, below.)
        let narrow = [0b00, 0b11, 0b01, 0b10, 0b11][rm as usize % 5];
        let round = |r: AsmRegisterZmm| match rm {
            0 => r.rn_sae(),
            1 => r.rz_sae(),
            2 => r.rd_sae(),
            _ => r.ru_sae(),
        };
        let (x, y) = (TA, TB);
        for (h, r) in R.into_iter().enumerate() {
            for q in 0..2 {
                self.f16_chunk(a, h, q, x, sa)?;
                self.f16_chunk(b, h, q, y, sb)?;
                if op == FOp::Mul {
                    self.a.vmulps(TC, x, y)?;
                } else if !odd {
                    match op {
                        FOp::Add => self.a.vaddps(round(TC), x, y)?,
                        FOp::Sub => self.a.vsubps(round(TC), x, y)?,
                        _ => {
                            self.f16_chunk(c, h, q, TC, sc)?;
                            self.a.vfmadd231ps(round(TC), x, y)?;
                        }
                    }
                } else {
                    let one = self.k_(1);
                    if op == FOp::Fma {
                        self.a.vmulps(x, x, y)?;
                        self.f16_chunk(c, h, q, y, sc)?;
                    }
                    // TC upward, x downward: adjacent binary32 numbers when inexact, equal
                    // (or the two zeros of an exact zero sum, or the same NaN) when exact.
                    if op == FOp::Sub {
                        self.a.vsubps(TC.ru_sae(), x, y)?;
                        self.a.vsubps(x.rd_sae(), x, y)?;
                    } else {
                        self.a.vaddps(TC.ru_sae(), x, y)?;
                        self.a.vaddps(x.rd_sae(), x, y)?;
                    }
                    // Rounded to odd in integer operations, no mask register (those bound
                    // the loop): the two have the same sign unless the sum is an exact zero,
                    // so the one of smaller bits (unsigned) is the one toward zero, and
                    // adjacent numbers' bits differ by one, so their last bits differ
                    // exactly when inexact: RZ | ((down ^ up) & 1), rounded to odd. An exact
                    // zero sum is +0 (+0 is below -0 as bits, and the last bits agree): its
                    // sign in rne and rmm, the modes that come here.
                    debug_assert!(rm == 0 || rm == RMM);
                    self.a.vpxord(y, x, TC)?;
                    self.a.vpminud(TC, x, TC)?;
                    // TC | (y & 1): truth table over (A = TC, B = y, C = one).
                    self.a.vpternlogd(TC, y, one, 0xf8)?;
                }
                if rm == RMM {
                    self.pk16_half_ulp_up()?;
                }
                if q == 0 {
                    self.a.vcvtps2ph(ymm_of(r), TC, narrow)?;
                } else {
                    self.a.vcvtps2ph(ymm_of(y), TC, narrow)?;
                    self.a.vinserti32x8(r, r, ymm_of(y), 1)?;
                }
            }
        }
        Ok(())
    }
}
