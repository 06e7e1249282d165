//! A pre-decoded instruction ([`Op`]) and the handler types that execute one.

use crate::commit::Commit;
use crate::warp::Warp;
use warpkit_fp::lanes::{Kernels, SimdLevel};

/// What a handler tells the fetch loop.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Flow {
    /// Go on at PC + size.
    Next,
    /// Go on at this PC.
    Jump(u32),
    /// Raise IllegalInsn (nothing was changed).
    Illegal,
    /// Raise FetchFault (nothing was changed).
    FetchFault,
}

/// The fast copy of a handler. `unsafe` because one build of it may use CPU features
/// (AVX2) that [`Program`](crate::Program) checked for before choosing it; callers only
/// call the handler stored in an [`Op`] made by `Program`.
pub(crate) type FastFn = unsafe fn(&mut Warp, &Op) -> Flow;

/// Distinct values of [`Op::tag`].
pub(crate) const TAGS: usize = 4;

/// The logged copy of a handler: the same semantics, reporting every write to the record.
pub(crate) type LoggedFn = fn(&mut Warp, &Op, &mut Commit) -> Flow;

/// The compiled copies of one variant's semantics.
#[derive(Clone, Copy)]
pub(crate) struct Handler {
    /// Portable build (x86-64 baseline).
    pub fast: FastFn,
    /// The same code compiled for AVX2 (x86-64 only; chosen at run time).
    #[cfg(target_arch = "x86_64")]
    pub fast_avx2: FastFn,
    pub logged: LoggedFn,
}

/// One pre-decoded instruction slot: everything a handler needs, in 24 bytes.
#[derive(Clone, Copy)]
pub struct Op {
    pub(crate) handler: FastFn,
    pub(crate) rd: u8,
    pub(crate) rs1: u8,
    pub(crate) rs2: u8,
    pub(crate) rs3: u8,
    /// The immediate's bits (sign-extended for signed types, raw for `k32`).
    pub(crate) imm: u32,
    /// Bits 3:0: bytes (4 or 8); bits 6:4: a tag that tells this instruction's handler
    /// from the handlers of the instructions around it (see `run.rs`, `tag_branches`).
    pub(crate) size_tag: u8,
    /// One past the highest vector register the instruction names (0 if none); the warp's
    /// `vgprs` must be at least this. `movrel` bases are excluded (their index is dynamic).
    pub(crate) vreg_end: u8,
    /// Bits 2:0: the rounding-mode field (7 = dyn). Bits 7:6: the level of the 32-lane FP
    /// kernels (`warpkit_fp::lanes`) the handler runs, checked by [`Program`](crate::Program)
    /// to be one this CPU runs (stored here because every byte of the 24 is taken).
    pub(crate) rm: u8,
    /// The `neg`/`abs`/`sat` modifiers of X and H instructions: bits 2:0 neg, 5:3 abs,
    /// 6 sat (0 for every other variant: the decoder refuses modifiers a variant lacks).
    pub(crate) mods: u8,
    /// The instruction's own PC (its offset in the code object).
    pub(crate) pc: u32,
}

impl Op {
    /// Bytes (4 or 8).
    #[inline(always)]
    pub(crate) fn size(&self) -> u8 {
        self.size_tag & 15
    }

    #[inline(always)]
    pub(crate) fn tag(&self) -> u8 {
        self.size_tag >> 4
    }

    /// The rounding-mode field (7 = dyn).
    #[inline(always)]
    pub(crate) fn rm_field(&self) -> u8 {
        self.rm & 7
    }

    /// The FP lane kernels of the program's level.
    #[inline(always)]
    pub(crate) fn fp_kernels(&self) -> Kernels {
        let level = FP_LEVELS[(self.rm >> 6) as usize & 3];
        // SAFETY: only `Program` makes an `Op` with handlers, and it stores a level in these
        // bits only after checking that this CPU runs it (index 0, `Soft`, runs anywhere).
        unsafe { Kernels::new_unchecked(level) }
    }
}

/// The FP kernel levels by the index stored in [`Op::rm`] bits 7:6.
const FP_LEVELS: [SimdLevel; 4] = [
    SimdLevel::Soft,
    SimdLevel::Avx2,
    SimdLevel::Avx512,
    SimdLevel::Soft,
];

/// The value of [`Op::rm`] bits 7:6 for `level`.
pub(crate) fn fp_level_bits(level: SimdLevel) -> u8 {
    (FP_LEVELS.iter().position(|&l| l == level).unwrap_or(0) as u8) << 6
}

const _: () = assert!(std::mem::size_of::<Op>() <= 24);
