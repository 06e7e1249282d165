//! A code object decoded once: for every 4-byte-aligned offset, the instruction there (or
//! why it cannot execute) and its resolved handler, so that [`Warp::step`] does no decoding,
//! no lookup by name and no allocation.
//!
//! [`Warp::step`]: crate::Warp::step

use crate::exec::{handler_for, Flow, Handler};
use crate::fault::FaultReason;
use crate::Warp;
use warpkit_encoding::{decode, DecodeError, Inst};
use warpkit_isa::{Flags, OpType, RegFile, Slot};

/// One pre-decoded instruction slot: everything `step` needs, in 24 bytes.
#[derive(Clone, Copy)]
pub struct Op {
    pub(crate) handler: Handler,
    pub(crate) rd: u8,
    pub(crate) rs1: u8,
    pub(crate) rs2: u8,
    pub(crate) rs3: u8,
    /// The immediate's bits (sign-extended for signed types, raw for `k32`).
    pub(crate) imm: u32,
    /// Bytes (4 or 8).
    pub(crate) size: u8,
    /// One past the highest vector register the instruction names (0 if none); the warp's
    /// `vgprs` must be at least this. `movrel` bases are excluded (their index is dynamic).
    pub(crate) vreg_end: u8,
    /// Rounding-mode field (7 = dyn), kept for the FP semantics.
    #[allow(dead_code)]
    pub(crate) rm: u8,
}

/// Registers an instruction writes, for the trace (computed once, read only when tracing).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct WriteSet {
    /// First vector register and count.
    pub v: Option<(u8, u8)>,
    /// First uniform register and count.
    pub u: Option<(u8, u8)>,
    pub exec: bool,
    /// `movrel.d`: the destination is `rd + u[rs2]`, known only at run time.
    pub movrel_d: bool,
}

#[derive(Clone, Copy)]
pub(crate) struct OpMeta {
    /// The decoded instruction, if the word decodes (with or without semantics).
    pub inst: Option<Inst>,
    pub writes: WriteSet,
}

/// A decoded code object. Cheap to share between threads (`&Program` is `Sync`).
pub struct Program {
    code: Vec<u8>,
    pub(crate) ops: Vec<Op>,
    pub(crate) meta: Vec<OpMeta>,
}

fn illegal(_: &mut Warp, _: &Op) -> Flow {
    Flow::Illegal
}

fn cut_by_end(_: &mut Warp, _: &Op) -> Flow {
    Flow::FetchFault
}

fn bad_op(handler: Handler) -> Op {
    Op {
        handler,
        rd: 0,
        rs1: 0,
        rs2: 0,
        rs3: 0,
        imm: 0,
        size: 4,
        vreg_end: 0,
        rm: 0,
    }
}

impl Program {
    /// Decode every 4-byte-aligned offset of `code`. Never fails: words that cannot execute
    /// become slots that fault when (and only when) they are reached.
    pub fn new(code: &[u8]) -> Program {
        let n = code.len().div_ceil(4);
        let mut ops = Vec::with_capacity(n);
        let mut meta = Vec::with_capacity(n);
        for k in 0..n {
            let (op, m) = match decode(&code[4 * k..]) {
                Ok((inst, size)) => match handler_for(inst.id) {
                    Some(h) => (
                        make_op(&inst, size, h),
                        OpMeta {
                            inst: Some(inst),
                            writes: write_set(&inst),
                        },
                    ),
                    None => (
                        bad_op(illegal),
                        OpMeta {
                            inst: Some(inst),
                            writes: WriteSet::default(),
                        },
                    ),
                },
                Err(DecodeError::Truncated { .. }) => (
                    bad_op(cut_by_end),
                    OpMeta {
                        inst: None,
                        writes: WriteSet::default(),
                    },
                ),
                Err(_) => (
                    bad_op(illegal),
                    OpMeta {
                        inst: None,
                        writes: WriteSet::default(),
                    },
                ),
            };
            ops.push(op);
            meta.push(m);
        }
        Program {
            code: code.to_vec(),
            ops,
            meta,
        }
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

fn make_op(inst: &Inst, size: usize, handler: Handler) -> Op {
    let d = inst.desc();
    let mut vreg_end = 0u32;
    let movrel_s = d.mnemonic == "movrel.s";
    let movrel_d = d.mnemonic == "movrel.d";
    for o in d.operands {
        if (movrel_s && o.slot == Slot::Rs1) || (movrel_d && o.slot == Slot::Rd) {
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
        // X/H formats have no immediate: their neg/abs/sat modifiers ride in `imm`
        // (see `crate::fp::pack_mods`); every other format has these modifiers at zero.
        imm: inst.imm as u32 | crate::fp::pack_mods(inst),
        size: size as u8,
        vreg_end: vreg_end.min(255) as u8,
        rm: inst.rm,
    }
}

fn write_set(inst: &Inst) -> WriteSet {
    let d = inst.desc();
    let mut w = WriteSet {
        exec: d.flags.has(Flags::WE),
        ..WriteSet::default()
    };
    if d.mnemonic == "movrel.d" {
        w.movrel_d = true;
        return w;
    }
    if let Some(o) = d.operand(Slot::Rd) {
        let n = match o.ty {
            OpType::V | OpType::VAcc | OpType::U => 1,
            OpType::VP2 | OpType::UP2 => 2,
            _ => 0,
        };
        match o.ty.reg() {
            Some((RegFile::V, ..)) if n > 0 => w.v = Some((inst.rd, n)),
            Some((RegFile::U, ..)) if n > 0 => w.u = Some((inst.rd, n)),
            _ => {}
        }
    }
    w
}
