//! A pre-decoded instruction ([`Op`]) and the handler types that execute one.

use crate::commit::Commit;
use crate::warp::Warp;

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
    /// Rounding-mode field (7 = dyn).
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
}

const _: () = assert!(std::mem::size_of::<Op>() <= 24);
