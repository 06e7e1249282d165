//! 32-lane batches of binary32 and binary16 add, sub, mul and fma, on the host's vector FPU
//! where that is exact, and of binary32 compares and min/max (`select.rs`), round to
//! integral and conversions (`convert.rs`), with the same result bits and flags as the
//! scalar functions of this crate, lane by lane.
//!
//! Every function computes `out[i] = op(a[i], b[i], c[i])` for the lanes whose bit `i` is set
//! in `exec`, and returns the OR of the flags ([`crate::flags`]) those lanes raise. Inactive
//! lanes raise nothing and their operands do not matter; their `out` value is unspecified
//! (the caller blends under EXEC anyway). Operands are [`Src32`] / [`Src16`]: a lane array or
//! one value broadcast to every lane (the `.vu`/`.vl` forms), which the fast kernels turn into
//! a vector register without building an array.
//!
//! Formats: `f32_*` work on 32 binary32 lanes; `f16_*` on 32 binary16 lanes (the H format's
//! half registers, extracted by the caller); `pk_f16_*` on 32 lanes of two binary16 values
//! each (bits 15:0 and 31:16, like `pkadd.f16`/`pkfma.f16`), both halves under the lane's EXEC
//! bit.
//!
//! # Levels
//! [`SimdLevel::Soft`] runs the scalar functions (`crate::f32_fma` ...) lane by lane on every
//! architecture, with a host-`f64` fast lane for binary32 in rne (`soft.rs` says why it is
//! exact). [`SimdLevel::Avx2`] (x86_64 with AVX2, FMA and F16C) and [`SimdLevel::Avx512`] (also
//! AVX-512F and AVX-512DQ) run the vector kernels below, detected at run time.
//! [`Kernels::new`] gives the kernels of a level if this CPU has it (the tests run every
//! available level on one machine); [`Kernels::best`] and the free functions use the highest.
//!
//! # Why the vector kernels are exact, and where the flags come from
//! Common to all: lanes the fast path cannot settle are *redone* by the scalar function, which
//! also gives their flags: lanes with an infinite or NaN operand, and lanes whose result may
//! overflow or underflow (the exact limits are given below). Typical shader data never takes
//! that path. Inactive lanes are masked out of every flag.
//!
//! * **binary32 rne/rtz/rdn/rup, Avx512**: the operation with embedded rounding
//!   (`{rn,rd,ru,rz}-sae`: the rounding comes from the instruction, MXCSR is neither read nor
//!   written, no flags are raised). The result is inexact iff its rounded-down and rounded-up
//!   versions differ (`-0 == +0`, so exact zero results are exact). An infinite or NaN
//!   operand makes one of them non-finite (infinities are exact in every mode, NaNs
//!   propagate), and so does a result beyond the largest finite value: those lanes are
//!   redone. So are inexact lanes with `|result| <= 2^-126`: elsewhere the result is a normal
//!   number above the smallest normal, which the exact value, rounded in the same direction
//!   with unbounded exponent, is too, so no underflow. Remaining flags: NX only.
//! * **binary32 rmm, Avx512**: rmm and rne differ only when the exact value `x` is the
//!   midpoint of its two binary32 neighbours (the rounded-down and rounded-up results). That
//!   midpoint is exact in binary64, so for a tie `RN64(x)` (one binary64 add, mul or fma of
//!   the widened operands) equals it. Lanes where it does (the ties, and the rare non-ties
//!   within half a binary64 ulp of a midpoint) are redone; all others take the rne result and
//!   flags above.
//! * **binary32 rne/rtz/rdn/rup, Avx2**: the host instruction (`vaddps`, `vsubps`, `vmulps`,
//!   `vfmadd213ps`, 8 lanes each) under MXCSR.RC. SSE/AVX arithmetic is IEEE 754 in that
//!   direction, with no flushing when MXCSR.FTZ/DAZ are clear, and sets sticky flags IE
//!   (including signalling NaN operands), ZE, OE, UE (masked underflow: tiny after rounding
//!   *and* inexact, the rule of SUPPLEMENT §5) and PE, which map onto NV, DZ, OF, UF, NX. One
//!   `asm!` block saves the caller's MXCSR, loads a control word with the wanted RC, every
//!   exception masked, FTZ/DAZ off and no flags, runs the arithmetic, stores MXCSR (the flags)
//!   and restores the caller's word exactly: no compiler-generated code ever runs under the
//!   changed MXCSR, which is what makes this sound (`_mm_setcsr` is not). Inactive lanes are
//!   set to `+0` first (`0 + 0`, `0 * 0`, `0 * 0 + 0` are exact and raise nothing), so the
//!   sticky flags are exactly the OR over the active lanes. Fix-ups for the ISA's NaN rules:
//!   any NaN result (x86 propagates payloads; its default NaN is negative) becomes
//!   `0x7fc00000`, and `fma(0, inf, qNaN)`, which x86 returns without IE, raises NV (checked
//!   only when some lane's result is a NaN). No lane is redone. STMXCSR is slow (about 9 ns
//!   on an AMD Zen 4), which is why Avx512 avoids MXCSR altogether.
//! * **binary32 rmm, Avx2** (no hardware mode): in binary64, `p = a * b` is exact (24 x 24
//!   bits) and TwoSum gives `s + e == p + c` exactly. Rounding `s + e` to odd at 53 bits (`s`,
//!   moved one ulp towards zero when `e` points there, with the last bit set when `e != 0`) and
//!   then once to 24 bits equals one rounding of the exact value (round-to-odd with at least
//!   p + 2 bits, Boldo and Melquiond); that second rounding, ties away, is an integer add of
//!   half an ulp on the binary64 bits and a truncation. NX: bits below the binary32 ulp.
//!   Lanes whose result is not a normal binary32 are redone.
//! * **binary16 (H and packed), both levels**: binary16 values convert exactly to binary32
//!   (`vcvtph2ps`). A product of two binary16 values is exact in binary32 (22 bits, exponents
//!   -48..32); a sum `p + c` is made exact by TwoSum in binary32 and rounded to odd at 24 bits,
//!   which is at least 11 + 2, so one further rounding to binary16 equals one rounding of the
//!   exact value (the odd bit lies below every binary16 ulp, subnormal ones included, and
//!   decides only inexactness and ties). An infinite or NaN operand makes that binary32 sum
//!   (or product) non-finite, and finite binary16 operands cannot: those lanes are redone.
//!   An exact zero sum takes the IEEE sign of the mode (`-0` in rdn for opposite signs),
//!   which the binary32 sum computed in rne lacks: it is patched in rdn. The rounding to
//!   binary16 is `vcvtps2ph` with the mode in its immediate (MXCSR.RC is not read); the result
//!   is inexact iff converting it back differs from the binary32 value. Lanes that may
//!   overflow (`|value| > 65504`) or underflow (inexact, `|result| <= 2^-14`) are redone. In
//!   rmm the rounding is the integer ties-away step on the binary32 bits (13 bits below the
//!   binary16 ulp), for results in the normal binary16 range; other lanes are redone.
//! * **dot2** ([`Kernels::dot2_f32_f16`], `c + a.l*b.l + a.h*b.h`): the halves widen
//!   exactly (`vcvtph2ps`), each product is exact in binary32 (11 x 11 bits, exponents
//!   -48..32), and the products and `c` widen exactly to binary64. TwoSum gives
//!   `s = p1 + p2` and its error: lanes where it is not exact are redone (products more
//!   than about 30 binary exponents apart). TwoSum of `s + c` gives `r + e` exactly;
//!   rounded to odd at 53 bits and then once to 24 bits this equals one rounding of the
//!   exact value, as for binary32 rmm above. That last rounding is, on Avx512, `vcvtpd2ps`
//!   with embedded rounding (rmm: the ties-away integer step, then an exact conversion);
//!   on Avx2 an integer increment on the binary64 magnitude bits and a truncation (half an
//!   ulp minus one plus the last kept bit in rne, half an ulp in rmm, all ones below the
//!   ulp in rup for positive and rdn for negative values, nothing in rtz). NX: bits below
//!   the binary32 ulp. Redone: nonzero results below 2^-126 (`r` rounded to odd is below
//!   2^-126 iff the exact value is, so other lanes cannot underflow), and results beyond
//!   the largest finite value (Avx2: after rounding; Avx512: before, a few more lanes).
//!   Infinite and NaN operands are settled in vector code: the same sums in binary32 (rne)
//!   cannot overflow for finite operands (at most `2^33 + c`), so `(p1 + p2) + c` is
//!   infinite or NaN iff an operand is, and is then the scalar function's outcome (a NaN,
//!   made canonical, or that infinity, exact). NV, worked out only when such a lane
//!   occurs: a signalling NaN operand (from the bits), or a NaN product or sum of operands
//!   that are not NaNs (inf * 0, inf - inf). An exact zero sum (and only that: the other
//!   lanes kept are normal) takes the common sign of the three terms, a product's sign
//!   being the XOR of its factors', else -0 in rdn and +0 otherwise. Flags of the finite
//!   lanes kept: NX only.
//!
//! * **Given NX** ([`Kernels::f32_kernel_given`]): flags are sticky, so a caller whose
//!   flags already hold NX only needs the other flags. The binary32 rne/rtz/rdn/rup
//!   kernels for that case compute the result alone (Avx512: embedded rounding; Avx2, rne
//!   only: the plain instruction in the default environment, no MXCSR access) and redo the
//!   lanes that could raise anything but NX: a non-finite result (infinite or NaN
//!   operands, overflow), in the directed modes a result of magnitude `0x7f7fffff` (a
//!   possible overflow), and for mul and fma a result at or below the smallest normal (a
//!   subnormal sum or difference is exact, so add and sub never underflow).
//!
//! Everything outside the `asm!` blocks is ordinary code that assumes the default
//! floating-point environment (rne, no FTZ/DAZ), as all Rust code does; the flags it raises
//! go to the caller's MXCSR, which Rust code does not read.
//!
//! Dispatch: every (level, operation, rounding mode) has its own compiled kernel, and
//! [`Kernels::f32_kernel`] & co pick it with one table load ([`Kernel32`], [`Kernel16`]);
//! running it is one direct call into the arithmetic. (Dispatching on the level, then the
//! operation, then the mode through nested calls cost about 5 ns per call in the simulator,
//! a third of an instruction.)
//!
//! Operands reach the kernels as a pointer and a value (`Words`), not as the [`Src32`] enum:
//! an enum argument travels through memory, and reading it back in one load after two
//! stores stalls store forwarding on every call (about 10 ns here).

/// A table `[operation][rounding mode]` of the instances `$f::<OP, R>` of a kernel generic
/// over the operation (`ADD` .. `FMA`) and a rounding parameter (one per mode, in `Rm`
/// order), as function pointers of type `$ty`.
macro_rules! by_op_rm {
    ($f:ident, $ty:ty, [$($r:expr),* $(,)?]) => {
        [
            [$($f::<0, $r> as $ty),*],
            [$($f::<1, $r> as $ty),*],
            [$($f::<2, $r> as $ty),*],
            [$($f::<3, $r> as $ty),*],
        ]
    };
}

/// The binary16 kernels of an x86 level over its `f16_kernel::<OP, G, R>` (`G` vectors of
/// halves): `f16_k` on 32 lanes of halves (`G = $g32`), `pk_k` on both halves of 32 lanes
/// (`G = $g64`), and their tables `F16` and `PK_F16` by [operation][rounding mode], `R` the
/// mode's `vcvtps2ph` immediate or'ed with `$sae`. A macro because a generic cannot carry
/// the level's target features.
#[cfg(target_arch = "x86_64")]
macro_rules! f16_kernels {
    ($features:literal, $g32:literal, $g64:literal, $sae:expr) => {
        /// binary16 `OP` on 32 lanes of halves, rounded by `R` (see `f16_kernel`).
        #[target_feature(enable = $features)]
        fn f16_k<const OP: u8, const R: i32>(
            a: Halfs,
            b: Halfs,
            c: Halfs,
            exec: u32,
            out: &mut [u16; LANES],
        ) -> u8 {
            f16_kernel::<OP, $g32, R>(halves(a), halves(b), halves(c), exec as u64, out)
        }

        /// Packed binary16 `OP` on both halves of 32 lanes, rounded by `R`.
        #[target_feature(enable = $features)]
        fn pk_k<const OP: u8, const R: i32>(
            a: Words,
            b: Words,
            c: Words,
            exec: u32,
            out: &mut [u32; LANES],
        ) -> u8 {
            // SAFETY: 32 u32 are 64 u16 in the same memory; x86 is little-endian, so bits
            // 15:0 of lane i are u16 number 2i.
            let out = unsafe { core::slice::from_raw_parts_mut(out.as_mut_ptr() as *mut u16, 64) };
            f16_kernel::<OP, $g64, R>(packed(a), packed(b), packed(c), spread(exec), out)
        }

        pub(super) const F16: [[F16Fn; 5]; 4] = by_op_rm!(
            f16_k,
            F16Fn,
            [
                { RNE | $sae },
                { RTZ | $sae },
                { RDN | $sae },
                { RUP | $sae },
                { RMM | $sae }
            ]
        );
        pub(super) const PK_F16: [[F32Fn; 5]; 4] = by_op_rm!(
            pk_k,
            F32Fn,
            [
                { RNE | $sae },
                { RTZ | $sae },
                { RDN | $sae },
                { RUP | $sae },
                { RMM | $sae }
            ]
        );
    };
}

/// `fn $name(level, args..) -> $ret` computing `$body` with the code compiled once per level
/// (baseline, AVX2, AVX-512), so that the lane loops of `$body` vectorise at each level's
/// width. `$body` is plain lane code (no intrinsics); a generic cannot carry the target
/// features, hence the macro.
macro_rules! per_level {
    ($(#[$doc:meta])* fn $name:ident($($arg:ident: $ty:ty),* $(,)?) $(-> $ret:ty)? $body:block) => {
        $(#[$doc])*
        #[inline(always)]
        fn $name(level: super::SimdLevel, $($arg: $ty),*) $(-> $ret)? {
            #[inline(never)]
            fn soft($($arg: $ty),*) $(-> $ret)? $body
            #[cfg(target_arch = "x86_64")]
            #[target_feature(enable = "avx2")]
            #[inline(never)]
            fn avx2($($arg: $ty),*) $(-> $ret)? $body
            #[cfg(target_arch = "x86_64")]
            #[target_feature(enable = "avx512f,avx512bw,avx512vl,avx2")]
            #[inline(never)]
            fn avx512($($arg: $ty),*) $(-> $ret)? $body
            match level {
                #[cfg(target_arch = "x86_64")]
                // SAFETY: a `Kernels` of level Avx2 exists only if the CPU has AVX2.
                super::SimdLevel::Avx2 => unsafe { avx2($($arg),*) },
                #[cfg(target_arch = "x86_64")]
                // SAFETY: level Avx512 exists only with AVX-512F/DQ/BW/VL and AVX2.
                super::SimdLevel::Avx512 => unsafe { avx512($($arg),*) },
                _ => soft($($arg),*),
            }
        }
    };
}

#[cfg(target_arch = "x86_64")]
mod avx512;
mod convert;
mod direct;
mod select;
mod shared;
mod soft;
#[cfg(target_arch = "x86_64")]
mod x86;

use crate::{CmpOp, Rm, RoundOp};
pub use direct::{Direct32, DirectOperand};
pub(crate) use shared::{
    flag_if, mask_of, op_const, redo_dot2, rm_const, scalar_f16, scalar_f32, set_bits, settle_dot2,
    settle_f32, F16Fn, F32Fn, Halfs, KernelFn, Words,
};
pub use shared::{ArithOp, SimdLevel, Src, Src16, Src32, LANES};

/// The kernels of one level. Only [`Kernels::new`] and [`Kernels::best`] make one, so a value
/// of this type proves its level runs on this CPU. Small and `Copy`: keep one and call it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Kernels {
    level: SimdLevel,
}

impl Kernels {
    /// The kernels of `level`, or `None` if this CPU cannot run it.
    pub fn new(level: SimdLevel) -> Option<Kernels> {
        level.is_available().then_some(Kernels { level })
    }

    /// The kernels of `level` without checking the CPU: for callers that checked
    /// [`SimdLevel::is_available`] once (e.g. when decoding a program) and keep only the level.
    ///
    /// # Safety
    /// This CPU must be able to run `level` (`level.is_available()`): the kernels of a level
    /// execute its instructions, which fault or worse on a CPU without them.
    #[inline(always)]
    pub unsafe fn new_unchecked(level: SimdLevel) -> Kernels {
        Kernels { level }
    }

    /// The kernels of [`SimdLevel::best`].
    #[inline]
    pub fn best() -> Kernels {
        Kernels {
            level: SimdLevel::best(),
        }
    }

    /// The level these kernels run at.
    pub fn level(self) -> SimdLevel {
        self.level
    }

    /// binary32 compare `a op b` (as [`crate::f32_cmp`]) on 32 lanes: the mask of the
    /// active lanes where it holds, and the flags (NV) of the active lanes.
    #[inline]
    pub fn f32_cmp(self, op: CmpOp, a: Src32, b: Src32, exec: u32) -> (u32, u8) {
        select::cmp(self.level, op, a, b, exec)
    }

    /// binary32 minimumNumber (as [`crate::f32_min`]) on the active lanes; returns their
    /// flags.
    #[inline]
    pub fn f32_min(self, a: Src32, b: Src32, exec: u32, out: &mut [u32; LANES]) -> u8 {
        select::minmax(self.level, false, a, b, exec, out)
    }

    /// binary32 maximumNumber (as [`crate::f32_max`]) on the active lanes; returns their
    /// flags.
    #[inline]
    pub fn f32_max(self, a: Src32, b: Src32, exec: u32, out: &mut [u32; LANES]) -> u8 {
        select::minmax(self.level, true, a, b, exec, out)
    }

    /// binary16 compare `a op b` (as [`crate::f16_cmp`]) on 32 lanes: the mask of the
    /// active lanes where it holds, and the flags (NV) of the active lanes.
    #[inline]
    pub fn f16_cmp(self, op: CmpOp, a: Src16, b: Src16, exec: u32) -> (u32, u8) {
        select::cmp16(self.level, op, a, b, exec)
    }

    /// binary16 minimumNumber (as [`crate::f16_min`]) on the active lanes; returns their
    /// flags.
    #[inline]
    pub fn f16_min(self, a: Src16, b: Src16, exec: u32, out: &mut [u16; LANES]) -> u8 {
        select::minmax16(self.level, false, a, b, exec, out)
    }

    /// binary16 maximumNumber (as [`crate::f16_max`]) on the active lanes; returns their
    /// flags.
    #[inline]
    pub fn f16_max(self, a: Src16, b: Src16, exec: u32, out: &mut [u16; LANES]) -> u8 {
        select::minmax16(self.level, true, a, b, exec, out)
    }

    /// RISC-V `fclass` of every lane (as [`crate::f32_class`]; raises nothing, so every lane
    /// is written).
    #[inline]
    pub fn f32_class(self, a: Src32, out: &mut [u32; LANES]) {
        select::class(self.level, a, out)
    }

    /// binary32 median of three (as [`crate::f32_med3`]) on the active lanes; returns
    /// their flags.
    #[inline]
    pub fn f32_med3(self, a: Src32, b: Src32, c: Src32, exec: u32, out: &mut [u32; LANES]) -> u8 {
        select::med3(self.level, a, b, c, exec, out)
    }

    /// binary32 round to integral in the direction of `op` (as [`crate::f32_round`]: never
    /// NX, NV for a signalling NaN) on the active lanes; returns their flags.
    #[inline]
    pub fn f32_round(self, op: RoundOp, a: Src32, exec: u32, out: &mut [u32; LANES]) -> u8 {
        convert::round(self.level, op, a, exec, out)
    }

    /// binary32 `s - floor(s)` in `rm`, clamped below 1.0 (as [`crate::f32_fract`]) on the
    /// active lanes; returns their flags.
    #[inline]
    pub fn f32_fract(self, a: Src32, rm: Rm, exec: u32, out: &mut [u32; LANES]) -> u8 {
        let mut floor = [0u32; LANES];
        let f1 = self.f32_round(RoundOp::Floor, a, exec, &mut floor);
        let f2 = self.f32_kernel(ArithOp::Sub, rm).run(
            a,
            Src32::Lanes(&floor),
            Src32::Splat(0),
            exec,
            out,
        );
        for r in out.iter_mut() {
            // 1.0 up to +inf (never NaN): only +1.0 occurs, from a tiny negative `s`.
            if (0x3f80_0000..0x7f80_0000).contains(r) {
                *r = 0x3f7f_ffff;
            }
        }
        f1 | f2
    }

    /// binary32 `a * 2^e` (`e` an int32 per lane) in `rm` (as [`crate::f32_ldexp`]) on the
    /// active lanes; returns their flags.
    #[inline]
    pub fn f32_ldexp(self, a: Src32, e: Src32, rm: Rm, exec: u32, out: &mut [u32; LANES]) -> u8 {
        convert::ldexp(self.level, rm, a, e, exec, out)
    }

    /// binary32 -> int32 in `rm` (as [`crate::f32_to_i32`]: saturating, NaN -> `i32::MAX`)
    /// on the active lanes; returns their flags.
    #[inline]
    pub fn f32_to_i32(self, a: Src32, rm: Rm, exec: u32, out: &mut [u32; LANES]) -> u8 {
        convert::to_i32(self.level, rm, a, exec, out)
    }

    /// int32 -> binary32 in `rm` (as [`crate::i32_to_f32`]) on the active lanes; returns
    /// their flags.
    #[inline]
    pub fn i32_to_f32(self, a: Src32, rm: Rm, exec: u32, out: &mut [u32; LANES]) -> u8 {
        convert::from_i32(self.level, rm, a, exec, out)
    }

    /// binary32 -> binary16 in `rm` (as [`crate::f32_to_f16`]) on the active lanes;
    /// returns their flags.
    #[inline]
    pub fn f32_to_f16(self, a: Src32, rm: Rm, exec: u32, out: &mut [u16; LANES]) -> u8 {
        convert::to_f16(self.level, rm, a, exec, out)
    }

    /// The binary16 in bits 15:0 (`hi`: bits 31:16) of each lane, widened to binary32 (as
    /// [`crate::f16_to_f32`]: exact, NaN -> canonical, NV for a signalling NaN), on the
    /// active lanes; returns their flags.
    #[inline]
    pub fn f16_to_f32(self, a: Src32, hi: bool, exec: u32, out: &mut [u32; LANES]) -> u8 {
        convert::f16_to_f32(self.level, a, hi, exec, out)
    }

    /// `dot2.f32.f16` (as [`crate::dot2_f32_f16`]: `c + a.l*b.l + a.h*b.h`, `a` and `b`
    /// two binary16 values per lane, `c` binary32, one rounding in `rm`) on the active
    /// lanes; returns their flags.
    #[inline]
    pub fn dot2_f32_f16(
        self,
        a: Src32,
        b: Src32,
        c: Src32,
        rm: Rm,
        exec: u32,
        out: &mut [u32; LANES],
    ) -> u8 {
        HostKernel(DOT2_FNS[self.level as usize][rm as usize]).run(a, b, c, exec, out)
    }

    /// The binary32 kernel of `op` in `rm` at this level: one table load, after which
    /// [`Kernel32::run`] calls the arithmetic directly (no further dispatch on level,
    /// operation or mode). What a caller that executes one operation many times keeps.
    #[inline(always)]
    pub fn f32_kernel(self, op: ArithOp, rm: Rm) -> Kernel32 {
        HostKernel(F32_FNS[self.level as usize][op as usize][rm as usize])
    }

    /// [`Kernels::f32_kernel`] for a caller whose flags already hold every flag in
    /// `known`: the kernel may leave those out of what it returns (the result bits are the
    /// same). Flags are sticky, so once NX is raised, which most FP code does at its first
    /// inexact operation, the rne/rtz/rdn/rup kernels need not work out inexactness: they
    /// compute the result alone and redo only the lanes that could raise another flag.
    #[inline(always)]
    pub fn f32_kernel_given(self, op: ArithOp, rm: Rm, known: u8) -> Kernel32 {
        let t = if known & crate::flags::NX != 0 {
            &F32_NX_FNS
        } else {
            &F32_FNS
        };
        HostKernel(t[self.level as usize][op as usize][rm as usize])
    }

    /// The binary16 kernel (32 lanes of halves) of `op` in `rm` at this level.
    #[inline(always)]
    pub fn f16_kernel(self, op: ArithOp, rm: Rm) -> Kernel16 {
        HostKernel(F16_FNS[self.level as usize][op as usize][rm as usize])
    }

    /// The packed binary16 kernel of `op` in `rm` at this level.
    #[inline(always)]
    pub fn pk_f16_kernel(self, op: ArithOp, rm: Rm) -> Kernel32 {
        HostKernel(PK_F16_FNS[self.level as usize][op as usize][rm as usize])
    }
}

/// One kernel of a level, operation and rounding mode, on lanes of `T`: [`Kernel32`] or
/// [`Kernel16`].
#[derive(Clone, Copy, Debug)]
pub struct HostKernel<T>(KernelFn<T>);

/// One binary32 or packed binary16 kernel ([`Kernels::f32_kernel`],
/// [`Kernels::pk_f16_kernel`]).
pub type Kernel32 = HostKernel<u32>;
/// One binary16 kernel, 32 lanes of halves ([`Kernels::f16_kernel`]).
pub type Kernel16 = HostKernel<u16>;

impl<T: Copy + Default> HostKernel<T> {
    /// `out[i] = op(a[i], b[i], c[i])` on the lanes active in `exec`; returns their flags
    /// (see the module docs; `c` is read by fma only).
    #[inline(always)]
    pub fn run(self, a: Src<T>, b: Src<T>, c: Src<T>, exec: u32, out: &mut [T; LANES]) -> u8 {
        if exec == 0 {
            return 0;
        }
        // SAFETY: only `Kernels` makes a `HostKernel`, from the table of its level, and a
        // `Kernels` exists only for a level this CPU runs.
        unsafe { (self.0)(a.into(), b.into(), c.into(), exec, out) }
    }
}

const SOFT_F32: [[F32Fn; 5]; 4] = by_op_rm!(soft_f32, F32Fn, [0, 1, 2, 3, 4]);
const SOFT_F16: [[F16Fn; 5]; 4] = by_op_rm!(soft_f16, F16Fn, [0, 1, 2, 3, 4]);
const SOFT_PK_F16: [[F32Fn; 5]; 4] = by_op_rm!(soft_pk_f16, F32Fn, [0, 1, 2, 3, 4]);

/// Every kernel by [level][operation][rounding mode] (levels this architecture lacks hold
/// the soft kernels; no `Kernels` of such a level can exist).
#[cfg(target_arch = "x86_64")]
static F32_FNS: [[[F32Fn; 5]; 4]; 3] = [SOFT_F32, x86::F32, avx512::F32];
/// [`F32_FNS`] for callers that already have NX (see [`Kernels::f32_kernel_given`]).
#[cfg(target_arch = "x86_64")]
static F32_NX_FNS: [[[F32Fn; 5]; 4]; 3] = [SOFT_F32, x86::F32_NX, avx512::F32_NX];
#[cfg(target_arch = "x86_64")]
static F16_FNS: [[[F16Fn; 5]; 4]; 3] = [SOFT_F16, x86::F16, avx512::F16];
#[cfg(target_arch = "x86_64")]
static PK_F16_FNS: [[[F32Fn; 5]; 4]; 3] = [SOFT_PK_F16, x86::PK_F16, avx512::PK_F16];
#[cfg(not(target_arch = "x86_64"))]
static F32_FNS: [[[F32Fn; 5]; 4]; 3] = [SOFT_F32; 3];
#[cfg(not(target_arch = "x86_64"))]
static F32_NX_FNS: [[[F32Fn; 5]; 4]; 3] = [SOFT_F32; 3];
#[cfg(not(target_arch = "x86_64"))]
static F16_FNS: [[[F16Fn; 5]; 4]; 3] = [SOFT_F16; 3];
#[cfg(not(target_arch = "x86_64"))]
static PK_F16_FNS: [[[F32Fn; 5]; 4]; 3] = [SOFT_PK_F16; 3];

/// The Soft dot2 kernel in the mode with encoding `RM`: the scalar function lane by lane.
fn soft_dot2<const RM: u8>(a: Words, b: Words, c: Words, exec: u32, out: &mut [u32; LANES]) -> u8 {
    redo_dot2([a, b, c], rm_const(RM), exec, out)
}

const SOFT_DOT2: [F32Fn; 5] = [
    soft_dot2::<0>,
    soft_dot2::<1>,
    soft_dot2::<2>,
    soft_dot2::<3>,
    soft_dot2::<4>,
];

/// The dot2 kernels by [level][rounding mode].
#[cfg(target_arch = "x86_64")]
static DOT2_FNS: [[F32Fn; 5]; 3] = [SOFT_DOT2, x86::DOT2, avx512::DOT2];
#[cfg(not(target_arch = "x86_64"))]
static DOT2_FNS: [[F32Fn; 5]; 3] = [SOFT_DOT2; 3];

/// The Soft kernel of binary32 `OP` in the mode with encoding `RM`.
fn soft_f32<const OP: u8, const RM: u8>(
    a: Words,
    b: Words,
    c: Words,
    exec: u32,
    out: &mut [u32; LANES],
) -> u8 {
    let (op, rm) = (op_const(OP), rm_const(RM));
    let mut fl = 0;
    for i in set_bits(exec) {
        let (x, y, z) = (a.get(i), b.get(i), c.get(i));
        // RNE: the host-f64 fast lane where it is exact (see `soft.rs`).
        match (rm == Rm::Rne)
            .then(|| soft::f32_rne(op, x, y, z))
            .flatten()
        {
            Some((r, inexact)) => {
                out[i] = r;
                fl |= inexact as u8 * crate::flags::NX;
            }
            None => out[i] = scalar_f32(op, x, y, z, rm, &mut fl),
        }
    }
    fl
}

/// The Soft kernel of binary16 `OP` in the mode with encoding `RM`.
fn soft_f16<const OP: u8, const RM: u8>(
    a: Halfs,
    b: Halfs,
    c: Halfs,
    exec: u32,
    out: &mut [u16; LANES],
) -> u8 {
    let (op, rm) = (op_const(OP), rm_const(RM));
    let mut fl = 0;
    for i in set_bits(exec) {
        out[i] = scalar_f16(op, a.get(i), b.get(i), c.get(i), rm, &mut fl);
    }
    fl
}

/// The Soft kernel of packed binary16 `OP` in the mode with encoding `RM`.
fn soft_pk_f16<const OP: u8, const RM: u8>(
    a: Words,
    b: Words,
    c: Words,
    exec: u32,
    out: &mut [u32; LANES],
) -> u8 {
    let (op, rm) = (op_const(OP), rm_const(RM));
    let mut fl = 0;
    for i in set_bits(exec) {
        let (x, y, z) = (a.get(i), b.get(i), c.get(i));
        let lo = scalar_f16(op, x as u16, y as u16, z as u16, rm, &mut fl);
        let hi = scalar_f16(
            op,
            (x >> 16) as u16,
            (y >> 16) as u16,
            (z >> 16) as u16,
            rm,
            &mut fl,
        );
        out[i] = lo as u32 | (hi as u32) << 16;
    }
    fl
}

/// The methods taking the operation as an argument (table-driven callers; see also the
/// per-operation ones): `$name(op, a, b, c, exec, rm, out)` runs `self.$kernel(op, rm)`.
macro_rules! op_entry_points {
    ($($(#[$doc:meta])* $name:ident => $kernel:ident, $src:ident, $out:ty;)*) => {
        impl Kernels {
            $(
                $(#[$doc])*
                #[allow(clippy::too_many_arguments)]
                #[inline]
                pub fn $name(
                    self,
                    op: ArithOp,
                    a: $src,
                    b: $src,
                    c: $src,
                    exec: u32,
                    rm: Rm,
                    out: &mut [$out; LANES],
                ) -> u8 {
                    self.$kernel(op, rm).run(a, b, c, exec, out)
                }
            )*
        }
    };
}

op_entry_points! {
    /// binary32 `op` on 32 lanes (`c` is read by [`ArithOp::Fma`] only).
    f32 => f32_kernel, Src32, u32;
    /// binary16 `op` on 32 lanes of halves (`c` is read by [`ArithOp::Fma`] only).
    f16 => f16_kernel, Src16, u16;
    /// Packed binary16 `op` on both halves of 32 lanes (`c` is read by [`ArithOp::Fma`] only).
    pk_f16 => pk_f16_kernel, Src32, u32;
}

macro_rules! entry_points {
    ($($(#[$doc:meta])* $name:ident => $kind:ident, $op:expr, $src:ident, $out:ty, ($($arg:ident),*);)*) => {
        impl Kernels {
            $(
                $(#[$doc])*
                #[inline]
                pub fn $name<'a>(
                    self,
                    $($arg: impl Into<$src<'a>>,)*
                    exec: u32,
                    rm: Rm,
                    out: &mut [$out; LANES],
                ) -> u8 {
                    entry_points!(@call self, $kind, $op, $src, exec, rm, out, $($arg),*)
                }
            )*
        }

        $(
            $(#[$doc])*
            ///
            /// At [`SimdLevel::best`]; see [`Kernels`] for a chosen level.
            #[inline]
            pub fn $name<'a>(
                $($arg: impl Into<$src<'a>>,)*
                exec: u32,
                rm: Rm,
                out: &mut [$out; LANES],
            ) -> u8 {
                Kernels::best().$name($($arg,)* exec, rm, out)
            }
        )*
    };
    (@call $k:ident, $kind:ident, $op:expr, $src:ident, $exec:ident, $rm:ident, $out:ident, $a:ident, $b:ident) => {
        $k.$kind($op, $a.into(), $b.into(), $src::Splat(0), $exec, $rm, $out)
    };
    (@call $k:ident, $kind:ident, $op:expr, $src:ident, $exec:ident, $rm:ident, $out:ident, $a:ident, $b:ident, $c:ident) => {
        $k.$kind($op, $a.into(), $b.into(), $c.into(), $exec, $rm, $out)
    };
}

entry_points! {
    /// binary32 `a + b` on the active lanes; returns their flags.
    f32_add => f32, ArithOp::Add, Src32, u32, (a, b);
    /// binary32 `a - b` on the active lanes; returns their flags.
    f32_sub => f32, ArithOp::Sub, Src32, u32, (a, b);
    /// binary32 `a * b` on the active lanes; returns their flags.
    f32_mul => f32, ArithOp::Mul, Src32, u32, (a, b);
    /// binary32 `a * b + c` (one rounding) on the active lanes; returns their flags.
    f32_fma => f32, ArithOp::Fma, Src32, u32, (a, b, c);
    /// binary16 `a + b` on the active lanes; returns their flags.
    f16_add => f16, ArithOp::Add, Src16, u16, (a, b);
    /// binary16 `a - b` on the active lanes; returns their flags.
    f16_sub => f16, ArithOp::Sub, Src16, u16, (a, b);
    /// binary16 `a * b` on the active lanes; returns their flags.
    f16_mul => f16, ArithOp::Mul, Src16, u16, (a, b);
    /// binary16 `a * b + c` (one rounding) on the active lanes; returns their flags.
    f16_fma => f16, ArithOp::Fma, Src16, u16, (a, b, c);
    /// Packed binary16 `a.x + b.x` for x in {bits 15:0, bits 31:16} (`pkadd.f16`).
    pk_f16_add => pk_f16, ArithOp::Add, Src32, u32, (a, b);
    /// Packed binary16 `a.x - b.x` (`pksub.f16`).
    pk_f16_sub => pk_f16, ArithOp::Sub, Src32, u32, (a, b);
    /// Packed binary16 `a.x * b.x` (`pkmul.f16`).
    pk_f16_mul => pk_f16, ArithOp::Mul, Src32, u32, (a, b);
    /// Packed binary16 `a.x * b.x + c.x`, one rounding (`pkfma.f16`, `pkfmac.f16`).
    pk_f16_fma => pk_f16, ArithOp::Fma, Src32, u32, (a, b, c);
}
