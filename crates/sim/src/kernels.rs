//! The 32-lane host kernels of `warpkit_fp::lanes` as operations of the FP drivers
//! ([`RegOp`], [`MaskOp`] in `shapes.rs`): each type here is one operation, run a whole
//! register at a time at the program's FP level (host FPU where exact, the scalar
//! functions of `warpkit-fp` for the rest: same bits and flags). A semantics row names one
//! with a driver, as it names a lane function: `id::FMIN_F32 => h!(f_vv, Min)`.
//!
//! An operation that rounds takes where its rounding mode comes from as a parameter
//! (`Add::<MODE>`, `Dot2::<FIELD>`: the constants of [`Round`]).

use crate::shapes::{Direct, Env, MaskOp, RegOp, Round};
use warpkit_fp::lanes::{ArithOp, Src, Src16, Src32, LANES};
use warpkit_fp::{CmpOp, RoundOp};

/// Binary32 (and H-format binary16) add, sub, mul, fma and reverse subtract (`s2 - s1`),
/// the kernels of `Kernels::f32_kernel_given` / `f16_kernel`; binary32 has a direct
/// kernel. [`Pk`] of one is the packed-binary16 kernel.
macro_rules! arith {
    ($($(#[$doc:meta])* $name:ident $op:ident $rev:literal;)*) => {$(
        $(#[$doc])*
        #[derive(Clone, Copy)]
        pub(crate) struct $name<const R: u8>;

        impl<const R: u8> RegOp<u32> for $name<R> {
            const HAS_DIRECT: bool = true;
            #[inline(always)]
            fn round(self) -> Round {
                Round::of(R)
            }
            #[inline(always)]
            fn run(self, e: Env, a: Src32, b: Src32, c: Src32, out: &mut [u32; LANES]) -> u8 {
                let (a, b) = if $rev { (b, a) } else { (a, b) };
                // Flags are sticky: with NX already raised the kernel need not find inexactness.
                e.k.f32_kernel_given(ArithOp::$op, e.rm, e.fflags)
                    .run(a, b, c, e.exec, out)
            }
            #[inline(always)]
            fn direct(self, e: Env) -> Option<Direct> {
                let kernel = e.k.f32_direct_given(ArithOp::$op, e.rm, e.fflags)?;
                Some(Direct { kernel, rev: $rev })
            }
        }

        impl<const R: u8> RegOp<u16> for $name<R> {
            #[inline(always)]
            fn round(self) -> Round {
                Round::of(R)
            }
            #[inline(always)]
            fn run(self, e: Env, a: Src16, b: Src16, c: Src16, out: &mut [u16; LANES]) -> u8 {
                let (a, b) = if $rev { (b, a) } else { (a, b) };
                e.k.f16_kernel(ArithOp::$op, e.rm).run(a, b, c, e.exec, out)
            }
        }

        impl<const R: u8> RegOp<u32> for Pk<$name<R>> {
            #[inline(always)]
            fn round(self) -> Round {
                Round::of(R)
            }
            #[inline(always)]
            fn run(self, e: Env, a: Src32, b: Src32, c: Src32, out: &mut [u32; LANES]) -> u8 {
                let (a, b) = if $rev { (b, a) } else { (a, b) };
                e.k.pk_f16_kernel(ArithOp::$op, e.rm).run(a, b, c, e.exec, out)
            }
        }
    )*};
}

arith! {
    /// `s1 + s2`.
    Add Add false;
    /// `s1 - s2`.
    Sub Sub false;
    /// `s2 - s1` (`fsubr`).
    SubR Sub true;
    /// `s1 * s2`.
    Mul Mul false;
    /// `s1 * s2 + c`, one rounding.
    Fma Fma false;
}

/// Packed binary16: the operation on both halves of every 32-bit lane.
#[derive(Clone, Copy)]
pub(crate) struct Pk<O>(pub O);

/// minimumNumber (binary32, binary16; [`Pk`]: packed).
#[derive(Clone, Copy)]
pub(crate) struct Min;

/// maximumNumber (binary32, binary16; [`Pk`]: packed).
#[derive(Clone, Copy)]
pub(crate) struct Max;

macro_rules! minmax {
    ($name:ident $f32:ident $f16:ident) => {
        impl RegOp<u32> for $name {
            #[inline(always)]
            fn round(self) -> Round {
                Round::No
            }
            #[inline(always)]
            fn run(self, e: Env, a: Src32, b: Src32, _: Src32, out: &mut [u32; LANES]) -> u8 {
                e.k.$f32(a, b, e.exec, out)
            }
        }

        impl RegOp<u16> for $name {
            #[inline(always)]
            fn round(self) -> Round {
                Round::No
            }
            #[inline(always)]
            fn run(self, e: Env, a: Src16, b: Src16, _: Src16, out: &mut [u16; LANES]) -> u8 {
                e.k.$f16(a, b, e.exec, out)
            }
        }

        impl RegOp<u32> for Pk<$name> {
            #[inline(always)]
            fn round(self) -> Round {
                Round::No
            }
            /// The binary16 kernel once per half.
            #[inline(always)]
            fn run(self, e: Env, a: Src32, b: Src32, _: Src32, out: &mut [u32; LANES]) -> u8 {
                let mut halves = crate::shapes::Aligned([[0u16; LANES]; 2]);
                let mut flags = 0;
                for (h, r) in halves.iter_mut().enumerate() {
                    let x: [u16; LANES] = std::array::from_fn(|i| (a.get(i) >> (16 * h)) as u16);
                    let y: [u16; LANES] = std::array::from_fn(|i| (b.get(i) >> (16 * h)) as u16);
                    flags |= e.k.$f16(Src16::Lanes(&x), Src16::Lanes(&y), e.exec, r);
                }
                *out = std::array::from_fn(|i| halves[0][i] as u32 | (halves[1][i] as u32) << 16);
                flags
            }
        }
    };
}

minmax!(Min f32_min f16_min);
minmax!(Max f32_max f16_max);

/// Defines a unit or rounding-parameterised binary32 operation on one kernel call:
/// `|e, a, b, c, out| body` (flags of the active lanes).
macro_rules! op32 {
    ($(#[$doc:meta])* $name:ident<R> |$e:ident, $a:ident, $b:ident, $c:ident, $out:ident| $body:expr) => {
        $(#[$doc])*
        #[derive(Clone, Copy)]
        pub(crate) struct $name<const R: u8>;

        impl<const R: u8> RegOp<u32> for $name<R> {
            #[inline(always)]
            fn round(self) -> Round {
                Round::of(R)
            }
            #[inline(always)]
            #[allow(unused_variables)]
            fn run(self, $e: Env, $a: Src32, $b: Src32, $c: Src32, $out: &mut [u32; LANES]) -> u8 {
                $body
            }
        }
    };
    ($(#[$doc:meta])* $name:ident |$e:ident, $a:ident, $b:ident, $c:ident, $out:ident| $body:expr) => {
        $(#[$doc])*
        #[derive(Clone, Copy)]
        pub(crate) struct $name;

        impl RegOp<u32> for $name {
            #[inline(always)]
            fn round(self) -> Round {
                Round::No
            }
            #[inline(always)]
            #[allow(unused_variables)]
            fn run(self, $e: Env, $a: Src32, $b: Src32, $c: Src32, $out: &mut [u32; LANES]) -> u8 {
                $body
            }
        }
    };
}

op32!(
    /// `med3(s1, s2, s3)`.
    Med3 |e, a, b, c, out| e.k.f32_med3(a, b, c, e.exec, out)
);
op32!(
    /// `c + s1.l * s2.l + s1.h * s2.h` (binary16 products, binary32 sum).
    Dot2<R> |e, a, b, c, out| e.k.dot2_f32_f16(a, b, c, e.rm, e.exec, out)
);
op32!(
    /// `fclass(s1)`: the class bits (raises nothing).
    Class |e, a, b, c, out| {
        e.k.f32_class(a, out);
        0
    }
);
op32!(
    /// `s1 - floor(s1)`.
    Fract<R> |e, a, b, c, out| e.k.f32_fract(a, e.rm, e.exec, out)
);
op32!(
    /// `s1 * 2^s2` (`s2` an int32).
    Ldexp<R> |e, a, b, c, out| e.k.f32_ldexp(a, b, e.rm, e.exec, out)
);
op32!(
    /// int32 to binary32.
    I32ToF32<R> |e, a, b, c, out| e.k.i32_to_f32(a, e.rm, e.exec, out)
);
op32!(
    /// binary32 to int32 (saturating, NV on NaN and out of range).
    F32ToI32<R> |e, a, b, c, out| e.k.f32_to_i32(a, e.rm, e.exec, out)
);
op32!(
    /// The binary16 in bits 15:0 of `s1`, widened (exact).
    WidenLo |e, a, b, c, out| e.k.f16_to_f32(a, false, e.exec, out)
);
op32!(
    /// The binary16 in bits 31:16 of `s1`, widened (exact).
    WidenHi |e, a, b, c, out| e.k.f16_to_f32(a, true, e.exec, out)
);
op32!(
    /// `s1` rounded to binary16 into bits 15:0 of `c` (the old `d`; bits 31:16 kept).
    NarrowLo<R> |e, a, b, c, out| narrow(e, a, c, 0, out)
);
op32!(
    /// `s1` rounded to binary16 into bits 31:16 of `c` (the old `d`; bits 15:0 kept).
    NarrowHi<R> |e, a, b, c, out| narrow(e, a, c, 16, out)
);

#[inline(always)]
fn narrow(e: Env, a: Src32, d: Src32, sh: u32, out: &mut [u32; LANES]) -> u8 {
    let mut h = crate::shapes::Aligned([0u16; LANES]);
    let flags = e.k.f32_to_f16(a, e.rm, e.exec, &mut h);
    *out = std::array::from_fn(|i| (d.get(i) & !(0xffff << sh)) | (h[i] as u32) << sh);
    flags
}

/// Round to an integral value in the direction of its [`RoundOp`] (binary32).
#[derive(Clone, Copy)]
pub(crate) struct RoundTo(pub RoundOp);

impl RegOp<u32> for RoundTo {
    #[inline(always)]
    fn round(self) -> Round {
        Round::No
    }
    #[inline(always)]
    fn run(self, e: Env, a: Src32, _: Src32, _: Src32, out: &mut [u32; LANES]) -> u8 {
        e.k.f32_round(self.0, a, e.exec, out)
    }
}

/// An IEEE compare (binary32, binary16): the mask of the active lanes where it holds.
#[derive(Clone, Copy)]
pub(crate) struct Cmp(pub CmpOp);

impl MaskOp<u32> for Cmp {
    #[inline(always)]
    fn run(self, e: Env, a: Src32, b: Src32) -> (u32, u8) {
        e.k.f32_cmp(self.0, a, b, e.exec)
    }
}

impl MaskOp<u16> for Cmp {
    #[inline(always)]
    fn run(self, e: Env, a: Src16, b: Src16) -> (u32, u8) {
        e.k.f16_cmp(self.0, a, b, e.exec)
    }
}

/// `(fclass(s1) & s2) != 0` (binary32; raises nothing).
#[derive(Clone, Copy)]
pub(crate) struct ClassTest;

impl MaskOp<u32> for ClassTest {
    #[inline(always)]
    fn run(self, e: Env, a: Src32, b: Src32) -> (u32, u8) {
        let mut c = crate::shapes::Aligned([0u32; LANES]);
        e.k.f32_class(a, &mut c);
        let hit: [bool; LANES] = match b {
            Src::Lanes(t) => std::array::from_fn(|i| c[i] & t[i] != 0),
            Src::Splat(t) => std::array::from_fn(|i| c[i] & t != 0),
        };
        (crate::access::to_mask(&hit, e.exec), 0)
    }
}

/// A mask operation as integer lanes: 1 where it holds, else 0 (`feq`, `flt`, `fle`).
#[derive(Clone, Copy)]
pub(crate) struct ZeroOne<M>(pub M);

impl<M: MaskOp<u32>> RegOp<u32> for ZeroOne<M> {
    #[inline(always)]
    fn round(self) -> Round {
        Round::No
    }
    #[inline(always)]
    fn run(self, e: Env, a: Src32, b: Src32, _: Src32, out: &mut [u32; LANES]) -> u8 {
        let (m, flags) = self.0.run(e, a, b);
        *out = std::array::from_fn(|i| (m >> i) & 1);
        flags
    }
}
