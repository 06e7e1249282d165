//! What the kernels of every level share: the lane count, the operand types
//! ([`Src`] for callers, `LaneRef` for the kernels), lane-mask helpers, the four
//! operations ([`ArithOp`]) and implementation levels ([`SimdLevel`]), the kernel function
//! types, and the scalar redo of the lanes a vector kernel leaves to the scalar functions.

use crate::Rm;
use std::sync::atomic::{AtomicU8, Ordering};

/// Lanes of a warp.
pub const LANES: usize = 32;

/// A 32-lane operand: a lane array, or one value in every lane. [`Src32`] for 32-bit lanes,
/// [`Src16`] for binary16 lanes.
#[derive(Clone, Copy, Debug)]
pub enum Src<'a, T> {
    /// Lane `i` is `lanes[i]`.
    Lanes(&'a [T; LANES]),
    /// Every lane is this value (a uniform register or a literal).
    Splat(T),
}

/// A 32-lane operand of 32-bit lanes.
pub type Src32<'a> = Src<'a, u32>;
/// A 32-lane operand of binary16 lanes.
pub type Src16<'a> = Src<'a, u16>;

impl<T: Copy> Src<'_, T> {
    /// The value of lane `i` (`i < 32`).
    #[inline(always)]
    pub fn get(self, i: usize) -> T {
        match self {
            Src::Lanes(r) => r[i],
            Src::Splat(x) => x,
        }
    }

    /// Every lane's value, as an array of its own (for a caller that changes them).
    #[inline(always)]
    pub fn to_array(self) -> [T; LANES] {
        match self {
            Src::Lanes(r) => *r,
            Src::Splat(x) => [x; LANES],
        }
    }
}

impl<'a, T> From<&'a [T; LANES]> for Src<'a, T> {
    fn from(r: &'a [T; LANES]) -> Self {
        Src::Lanes(r)
    }
}

// Per lane type: a generic `From<T>` would overlap the array impl above.
impl From<u32> for Src32<'_> {
    fn from(x: u32) -> Self {
        Src::Splat(x)
    }
}

impl From<u16> for Src16<'_> {
    fn from(x: u16) -> Self {
        Src::Splat(x)
    }
}

/// An operand as the kernels take it: two scalars, passed in registers. (An enum argument
/// is passed in memory, written by two stores and read by one load, which defeats store
/// forwarding and costs a stall on every call.)
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))] // only the x86 kernels use it
#[derive(Clone, Copy)]
pub(crate) struct LaneRef<'a, T> {
    pub(crate) lanes: Option<&'a [T; LANES]>,
    pub(crate) splat: T,
}

/// A 32-bit-lane operand as the kernels take it.
pub(crate) type Words<'a> = LaneRef<'a, u32>;
/// A binary16-lane operand as the kernels take it.
pub(crate) type Halfs<'a> = LaneRef<'a, u16>;

impl<T: Copy> LaneRef<'_, T> {
    #[inline(always)]
    pub(crate) fn get(self, i: usize) -> T {
        match self.lanes {
            Some(r) => r[i],
            None => self.splat,
        }
    }

    /// The operand as a lane array. The lane-code kernels call this inside the level's
    /// function so that the array stays in vector registers (a copy made by the caller and
    /// reloaded at another width misses store forwarding).
    #[inline(always)]
    pub(crate) fn to_lanes(self) -> [T; LANES] {
        match self.lanes {
            Some(r) => *r,
            None => [self.splat; LANES],
        }
    }
}

impl<'a, T: Copy + Default> From<Src<'a, T>> for LaneRef<'a, T> {
    #[inline(always)]
    fn from(s: Src<'a, T>) -> Self {
        match s {
            Src::Lanes(r) => LaneRef {
                lanes: Some(r),
                splat: T::default(),
            },
            Src::Splat(x) => LaneRef {
                lanes: None,
                splat: x,
            },
        }
    }
}

impl<'a, T> From<LaneRef<'a, T>> for Src<'a, T> {
    #[inline(always)]
    fn from(w: LaneRef<'a, T>) -> Self {
        match w.lanes {
            Some(r) => Src::Lanes(r),
            None => Src::Splat(w.splat),
        }
    }
}

/// Bit `i` = `v[i]` (0 or 1), 16 lanes at a time: over all 32 at once LLVM packs the bits
/// through the stack. From 32-bit lanes, not `bool`s: a `[bool; 32]` is packed through the
/// stack with byte loads, several times slower.
#[inline(always)]
pub(crate) fn mask_of(v: &[u32; LANES]) -> u32 {
    let mut m = 0;
    for c in 0..2 {
        let mut h = 0;
        for j in 0..16 {
            h |= v[16 * c + j] << j;
        }
        m |= h << (16 * c);
    }
    m
}

/// The indices of the set bits of `m`, lowest first (the active or redone lanes of a mask).
#[inline(always)]
pub(crate) fn set_bits(m: impl Into<u64>) -> impl Iterator<Item = usize> {
    let mut m: u64 = m.into();
    core::iter::from_fn(move || {
        (m != 0).then(|| {
            let i = m.trailing_zeros() as usize;
            m &= m - 1;
            i
        })
    })
}

/// `flag` if `raised`, else no flag.
#[inline(always)]
pub(crate) fn flag_if(raised: bool, flag: u8) -> u8 {
    if raised {
        flag
    } else {
        0
    }
}

/// The four operations of the kernels.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ArithOp {
    /// `a + b`
    Add,
    /// `a - b`
    Sub,
    /// `a * b`
    Mul,
    /// `a * b + c`, one rounding
    Fma,
}

impl ArithOp {
    /// All four.
    pub const ALL: [ArithOp; 4] = [ArithOp::Add, ArithOp::Sub, ArithOp::Mul, ArithOp::Fma];
}

/// An implementation level the kernels can run at.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum SimdLevel {
    /// The scalar functions of this crate, lane by lane (every architecture).
    Soft,
    /// x86_64 AVX2 + FMA + F16C vector kernels.
    Avx2,
    /// AVX-512F/DQ/BW/VL kernels (binary32 rmm: the Avx2 kernel, which this level includes).
    Avx512,
}

impl SimdLevel {
    /// Every level, lowest first.
    pub const ALL: [SimdLevel; 3] = [SimdLevel::Soft, SimdLevel::Avx2, SimdLevel::Avx512];

    /// Whether this CPU can run the level.
    pub fn is_available(self) -> bool {
        match self {
            SimdLevel::Soft => true,
            SimdLevel::Avx2 => avx2_available(),
            SimdLevel::Avx512 => avx2_available() && avx512_available(),
        }
    }

    /// The highest level this CPU can run (detected once).
    pub fn best() -> SimdLevel {
        static BEST: AtomicU8 = AtomicU8::new(0);
        // 0: not detected yet, else 1 + the index in ALL.
        match BEST.load(Ordering::Relaxed) {
            0 => {
                let (i, l) = (0..SimdLevel::ALL.len())
                    .rev()
                    .map(|i| (i, SimdLevel::ALL[i]))
                    .find(|(_, l)| l.is_available())
                    .unwrap_or((0, SimdLevel::Soft));
                BEST.store(i as u8 + 1, Ordering::Relaxed);
                l
            }
            n => SimdLevel::ALL[(n as usize - 1).min(SimdLevel::ALL.len() - 1)],
        }
    }
}

#[cfg(target_arch = "x86_64")]
fn avx2_available() -> bool {
    std::is_x86_feature_detected!("avx2")
        && std::is_x86_feature_detected!("fma")
        && std::is_x86_feature_detected!("f16c")
}

#[cfg(target_arch = "x86_64")]
fn avx512_available() -> bool {
    std::is_x86_feature_detected!("avx512f")
        && std::is_x86_feature_detected!("avx512dq")
        && std::is_x86_feature_detected!("avx512bw")
        && std::is_x86_feature_detected!("avx512vl")
}

#[cfg(not(target_arch = "x86_64"))]
fn avx2_available() -> bool {
    false
}

#[cfg(not(target_arch = "x86_64"))]
fn avx512_available() -> bool {
    false
}

/// A kernel on lanes of `T` specialised to one level, operation and rounding mode.
pub(crate) type KernelFn<T> =
    unsafe fn(LaneRef<T>, LaneRef<T>, LaneRef<T>, u32, &mut [T; LANES]) -> u8;
/// A kernel on 32-bit lanes (binary32 or packed binary16).
pub(crate) type F32Fn = KernelFn<u32>;
/// A kernel on binary16 lanes.
pub(crate) type F16Fn = KernelFn<u16>;

/// The rounding mode with encoding `r` (for const-generic kernels; 4 and above: rmm).
pub(crate) const fn rm_const(r: u8) -> Rm {
    match r {
        0 => Rm::Rne,
        1 => Rm::Rtz,
        2 => Rm::Rdn,
        3 => Rm::Rup,
        _ => Rm::Rmm,
    }
}

/// The operation with index `k` (`ArithOp as u8`).
pub(crate) const fn op_const(k: u8) -> ArithOp {
    match k {
        0 => ArithOp::Add,
        1 => ArithOp::Sub,
        2 => ArithOp::Mul,
        _ => ArithOp::Fma,
    }
}

/// Recompute the dot2 lanes in the bit set `lanes` with the scalar function; returns their
/// flags.
#[cold]
#[inline(never)]
pub(crate) fn redo_dot2([a, b, c]: [Words; 3], rm: Rm, lanes: u32, out: &mut [u32; LANES]) -> u8 {
    let mut fl = 0;
    for i in set_bits(lanes) {
        out[i] = crate::dot2_f32_f16(a.get(i), b.get(i), c.get(i), rm, &mut fl);
    }
    fl
}

/// [`settle_f32`] for the dot2 kernel.
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))] // only the x86 kernel uses it
#[inline(always)]
pub(crate) fn settle_dot2(
    src: [Words; 3],
    rm: Rm,
    redo: u32,
    inexact: u32,
    out: &mut [u32; LANES],
) -> u8 {
    let fl = flag_if(inexact & !redo != 0, crate::flags::NX);
    if redo == 0 {
        return fl;
    }
    fl | redo_dot2(src, rm, redo, out)
}

/// The scalar binary32 operation (the reference of every kernel).
#[inline(always)]
pub(crate) fn scalar_f32(op: ArithOp, a: u32, b: u32, c: u32, rm: Rm, fl: &mut u8) -> u32 {
    match op {
        ArithOp::Add => crate::f32_add(a, b, rm, fl),
        ArithOp::Sub => crate::f32_sub(a, b, rm, fl),
        ArithOp::Mul => crate::f32_mul(a, b, rm, fl),
        ArithOp::Fma => crate::f32_fma(a, b, c, rm, fl),
    }
}

/// The scalar binary16 operation.
#[inline(always)]
pub(crate) fn scalar_f16(op: ArithOp, a: u16, b: u16, c: u16, rm: Rm, fl: &mut u8) -> u16 {
    match op {
        ArithOp::Add => crate::f16_add(a, b, rm, fl),
        ArithOp::Sub => crate::f16_sub(a, b, rm, fl),
        ArithOp::Mul => crate::f16_mul(a, b, rm, fl),
        ArithOp::Fma => crate::f16_fma(a, b, c, rm, fl),
    }
}

/// Recompute the lanes in the bit set `lanes` with the scalar functions (the kernels' rare
/// lanes: specials, possible overflow or underflow); returns their flags. Out of line, so
/// the kernels' hot code stays small.
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))] // only the x86 kernels use it
#[cold]
#[inline(never)]
pub(crate) fn redo_f32(
    op: ArithOp,
    a: Words,
    b: Words,
    c: Words,
    rm: Rm,
    lanes: u32,
    out: &mut [u32; LANES],
) -> u8 {
    let mut fl = 0;
    for i in set_bits(lanes) {
        out[i] = scalar_f32(op, a.get(i), b.get(i), c.get(i), rm, &mut fl);
    }
    fl
}

/// What a vector kernel returns once it has stored its lanes: NX if an active lane it
/// settled is inexact (`inexact` and not `redo`), and the flags of the active lanes in
/// `redo`, which the scalar function recomputes into `out`. `redo` and `inexact` are masked
/// by EXEC already.
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))] // only the x86 kernels use it
#[inline(always)]
pub(crate) fn settle_f32(
    op: ArithOp,
    [a, b, c]: [Words; 3],
    rm: Rm,
    redo: u32,
    inexact: u32,
    out: &mut [u32; LANES],
) -> u8 {
    let fl = flag_if(inexact & !redo != 0, crate::flags::NX);
    if redo == 0 {
        return fl;
    }
    fl | redo_f32(op, a, b, c, rm, redo, out)
}
