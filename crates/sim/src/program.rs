//! A code object decoded once: for every 4-byte-aligned offset, the instruction there (or
//! why it cannot execute) and its resolved handlers, so that [`Warp::step`] does no
//! decoding, no lookup by name and no allocation.
//!
//! [`Warp::step`]: crate::Warp::step

use crate::commit::Commit;
use crate::fault::FaultReason;
use crate::op::{fp_level_bits, FastFn, Flow, LoggedFn, Op, TAGS};
use crate::semantics::handler_for;
use crate::warp::Warp;
use std::any::Any;
use std::sync::OnceLock;
use warpkit_encoding::{decode, DecodeError, Inst};
use warpkit_fp::lanes::SimdLevel;
use warpkit_isa::{RegFile, Slot, StateLoc};

/// Which build of the handlers a [`Program`] runs (the semantics are the same; a test
/// checks every level against the portable one).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HandlerLevel {
    /// x86-64 baseline (or whatever the crate was compiled for).
    Portable,
    /// Compiled for AVX2 (x86-64 CPUs that have it).
    Avx2,
}

impl HandlerLevel {
    /// The fastest level this CPU runs.
    pub fn best() -> HandlerLevel {
        if HandlerLevel::Avx2.is_available() {
            HandlerLevel::Avx2
        } else {
            HandlerLevel::Portable
        }
    }

    /// Every level, slowest first. (An AVX-512 build was measured: no faster than AVX2
    /// on the CPUs at hand, so it is not kept.)
    pub const ALL: [HandlerLevel; 2] = [HandlerLevel::Portable, HandlerLevel::Avx2];

    /// Whether this CPU can run the level.
    pub fn is_available(self) -> bool {
        match self {
            HandlerLevel::Portable => true,
            #[cfg(target_arch = "x86_64")]
            HandlerLevel::Avx2 => std::is_x86_feature_detected!("avx2"),
            #[cfg(not(target_arch = "x86_64"))]
            HandlerLevel::Avx2 => false,
        }
    }
}

/// What only the slow paths need about a slot.
#[derive(Clone, Copy)]
pub(crate) struct OpMeta {
    /// The decoded instruction, if the word decodes (with or without semantics).
    pub inst: Option<Inst>,
    pub logged: LoggedFn,
}

/// A decoded code object. Cheap to share between threads (`&Program` is `Sync`).
pub struct Program {
    code: Vec<u8>,
    pub(crate) ops: Vec<Op>,
    pub(crate) meta: Vec<OpMeta>,
    /// The instructions met walking the code from offset 0 (each slot after the previous
    /// instruction's end), in order: [`Warp::run`](crate::Warp::run) executes straight
    /// along this chain until control flow leaves it.
    pub(crate) chain: Vec<Op>,
    /// For every 4-byte slot, its index in `chain`, or `u32::MAX` when no chained
    /// instruction starts there (the middle of a 64-bit instruction).
    pub(crate) chain_at: Vec<u32>,
    /// The largest [`Op::vreg_end`]: a warp with at least this many vgprs never fails the
    /// per-instruction register check, so the run loop can leave it out.
    pub(crate) vreg_end: u8,
    level: HandlerLevel,
    fp_level: SimdLevel,
    /// The compiling tier's instance for this program (`engine.rs`), made on its first run
    /// through the tier; held here, type-erased, so that every warp that runs the program
    /// shares its compiled code and it is freed with the program. (The engine trait names
    /// `Program`: naming it here would make an import circle.)
    pub(crate) tier: OnceLock<Option<Box<dyn Any + Send + Sync>>>,
}

fn illegal(_: &mut Warp, _: &Op) -> Flow {
    Flow::Illegal
}

fn illegal_logged(_: &mut Warp, _: &Op, _: &mut Commit) -> Flow {
    Flow::Illegal
}

fn cut_by_end(_: &mut Warp, _: &Op) -> Flow {
    Flow::FetchFault
}

fn cut_by_end_logged(_: &mut Warp, _: &Op, _: &mut Commit) -> Flow {
    Flow::FetchFault
}

fn bad_op(pc: u32, inst: Option<Inst>, truncated: bool) -> (Op, OpMeta) {
    let (fast, logged): (fn(&mut Warp, &Op) -> Flow, LoggedFn) = if truncated {
        (cut_by_end, cut_by_end_logged)
    } else {
        (illegal, illegal_logged)
    };
    (
        Op {
            handler: fast,
            rd: 0,
            rs1: 0,
            rs2: 0,
            rs3: 0,
            imm: 0,
            size_tag: 4,
            vreg_end: 0,
            rm: 0,
            mods: 0,
            pc,
        },
        OpMeta { inst, logged },
    )
}

impl Program {
    /// Decode every 4-byte-aligned offset of `code`, with the fastest handlers and FP lane
    /// kernels this CPU runs ([`HandlerLevel::best`], [`SimdLevel::best`]). Never fails: words that
    /// cannot execute become slots that fault when (and only when) they are reached.
    pub fn new(code: &[u8]) -> Program {
        Program::build(code, HandlerLevel::best(), SimdLevel::best())
    }

    /// [`Program::new`] with the handlers of one [`HandlerLevel`]; `None` when this CPU cannot
    /// run it.
    pub fn with_level(code: &[u8], level: HandlerLevel) -> Option<Program> {
        level
            .is_available()
            .then(|| Program::build(code, level, SimdLevel::best()))
    }

    /// [`Program::new`] with the handlers of one [`HandlerLevel`] and the 32-lane FP kernels
    /// (`warpkit_fp::lanes`: binary32/binary16 add, sub, mul, fma) of one [`SimdLevel`];
    /// `None` when this CPU cannot run either. Every pair computes the same results and
    /// flags; tests force each one.
    pub fn with_levels(code: &[u8], level: HandlerLevel, fp: SimdLevel) -> Option<Program> {
        (level.is_available() && fp.is_available()).then(|| Program::build(code, level, fp))
    }

    fn build(code: &[u8], level: HandlerLevel, fp_level: SimdLevel) -> Program {
        let n = code.len().div_ceil(4);
        let mut ops = Vec::with_capacity(n);
        let mut meta = Vec::with_capacity(n);
        for k in 0..n {
            let pc = 4 * k as u32;
            let (op, m) = match decode(&code[4 * k..]) {
                Ok((inst, size)) => match handler_for(inst.id) {
                    Some(h) => {
                        let fast = match level {
                            HandlerLevel::Portable => h.fast,
                            #[cfg(target_arch = "x86_64")]
                            HandlerLevel::Avx2 => h.fast_avx2,
                            #[cfg(not(target_arch = "x86_64"))]
                            HandlerLevel::Avx2 => h.fast,
                        };
                        let mut op = make_op(&inst, pc, size, fast);
                        op.rm |= fp_level_bits(fp_level);
                        (
                            op,
                            OpMeta {
                                inst: Some(inst),
                                logged: h.logged,
                            },
                        )
                    }
                    None => bad_op(pc, Some(inst), false),
                },
                Err(DecodeError::Truncated { .. }) => bad_op(pc, None, true),
                Err(_) => bad_op(pc, None, false),
            };
            ops.push(op);
            meta.push(m);
        }
        let vreg_end = ops.iter().map(|o| o.vreg_end).max().unwrap_or(0);
        // Tags: the handlers of the program numbered in order of first appearance, modulo
        // TAGS, so that neighbouring instructions with different handlers differ in tag.
        let mut seen: Vec<FastFn> = Vec::new();
        for op in ops.iter_mut() {
            let k = match seen
                .iter()
                .position(|&h| std::ptr::fn_addr_eq(h, op.handler))
            {
                Some(k) => k,
                None => {
                    seen.push(op.handler);
                    seen.len() - 1
                }
            };
            op.size_tag = op.size() | ((k % TAGS) as u8) << 4;
        }
        let mut chain = Vec::with_capacity(n);
        let mut chain_at = vec![u32::MAX; n];
        let mut k = 0;
        while k < n {
            let op: Op = ops[k];
            chain_at[k] = chain.len() as u32;
            chain.push(op);
            k += (op.size() as usize / 4).max(1);
        }
        Program {
            code: code.to_vec(),
            ops,
            meta,
            chain,
            chain_at,
            vreg_end,
            level,
            fp_level,
            tier: OnceLock::new(),
        }
    }

    /// The index in the chain of the instruction at `pc`, if one of the chain starts there.
    #[inline(always)]
    pub(crate) fn chain_index(&self, pc: u32) -> Option<usize> {
        match self.chain_at.get((pc >> 2) as usize) {
            Some(&i) if i != u32::MAX && pc & 3 == 0 => Some(i as usize),
            _ => None,
        }
    }

    /// The handler build this program runs.
    pub fn level(&self) -> HandlerLevel {
        self.level
    }

    /// The level of the 32-lane FP kernels this program runs.
    pub fn fp_level(&self) -> SimdLevel {
        self.fp_level
    }

    /// The code object's bytes.
    pub fn code(&self) -> &[u8] {
        &self.code
    }

    /// Size of the code object in bytes; a warp whose PC reaches it has exited.
    pub fn len(&self) -> usize {
        self.code.len()
    }

    pub fn is_empty(&self) -> bool {
        self.code.is_empty()
    }

    /// The decoded instruction at `pc`, if one decodes there (whether or not it can execute).
    pub fn inst_at(&self, pc: u32) -> Option<Inst> {
        if pc & 3 != 0 {
            return None;
        }
        self.meta.get((pc >> 2) as usize)?.inst
    }

    /// The raw instruction bits at `pc`: 64 bits when the opcode is odd and 8 bytes are
    /// there, otherwise the (zero-padded) 32 bits that are there. Returns (bits, bytes).
    pub fn raw_word(&self, pc: u32) -> (u64, u8) {
        let start = pc as usize;
        let Some(rest) = self.code.get(start..) else {
            return (0, 4);
        };
        if rest.is_empty() {
            return (0, 4);
        }
        if rest[0] & 1 == 1 && rest.len() >= 8 {
            let mut b = [0u8; 8];
            b.copy_from_slice(&rest[..8]);
            return (u64::from_le_bytes(b), 8);
        }
        let mut b = [0u8; 4];
        for (d, s) in b.iter_mut().zip(rest.iter()) {
            *d = *s;
        }
        (u32::from_le_bytes(b) as u64, 4)
    }

    /// Why the instruction slot at an aligned, in-range `pc` cannot execute (slow path,
    /// used only to describe a fault).
    pub(crate) fn illegal_reason(&self, pc: u32) -> FaultReason {
        match self.code.get(pc as usize..).map(decode) {
            Some(Ok((inst, _))) => {
                if inst.desc().is_unsupported() {
                    FaultReason::Unsupported(inst.id)
                } else {
                    FaultReason::NotImplemented(inst.id)
                }
            }
            Some(Err(DecodeError::Truncated { .. })) | None => FaultReason::Truncated,
            Some(Err(e)) => FaultReason::Decode(e),
        }
    }
}

fn make_op(inst: &Inst, pc: u32, size: usize, handler: FastFn) -> Op {
    let d = inst.desc();
    let mut vreg_end = 0u32;
    // The base of an indexed operand (movrel) names no register by itself: the register
    // is base + U[index], checked when the instruction runs.
    let indexed_base = |slot: Slot| {
        d.reads
            .iter()
            .chain(d.writes)
            .any(|l| matches!(l, StateLoc::Indexed { base, .. } if *base == slot))
    };
    for o in d.operands {
        if indexed_base(o.slot) {
            continue;
        }
        if let Some((file, count, _)) = o.ty.reg() {
            let r = inst.get(o.slot) as u32;
            let end = match file {
                RegFile::V => r + count as u32,
                RegFile::H => (r >> 1) + 1,
                RegFile::U => 0,
            };
            vreg_end = vreg_end.max(end);
        }
    }
    Op {
        handler,
        rd: inst.rd,
        rs1: inst.rs1,
        rs2: inst.rs2,
        rs3: inst.rs3,
        imm: inst.imm as u32,
        size_tag: size as u8,
        vreg_end: vreg_end.min(255) as u8,
        rm: inst.rm & 7,
        mods: (inst.neg & 7) | (inst.abs & 7) << 3 | (inst.sat & 1) << 6,
        pc,
    }
}
