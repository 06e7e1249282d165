//! Encoder and decoder of warpkit machine code, driven entirely by the instruction database.
//!
//! [`Inst`] is one flat `Copy` value per instruction: the variant id plus every slot a
//! format can have. Slots a variant does not name stay zero. [`decode`] is strict: a word
//! with an unknown opcode or function code, non-zero reserved bits, a reserved field value,
//! a misaligned or overflowing register group, or a branch offset that is not a multiple
//! of 4 is refused with a [`DecodeError`] that says why. [`Inst::reads`] and
//! [`Inst::writes`] give the concrete registers an instruction reads and writes.

mod access;
pub mod random;

pub use access::{Reg, RegSet};

use std::fmt;
use warpkit_isa::{
    extract_fields, identify_info, with_raw_fields, DecodeInfo, Flags, IdentifyError, RawFields,
    FORMAT_OF_OPCODE,
};
pub use warpkit_isa::{
    InsnDesc, InsnId, OpType, Operand, RegFile, Slot, StateLoc, MAX_ACCESS_REGS,
};

/// One decoded instruction.
///
/// `repr(C)` in this order, without padding, so the decoder can build it as three 8-byte
/// words (id and registers; immediate and FP modifiers; texture fields) rather than with
/// sixteen small stores.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, bytemuck::Pod, bytemuck::Zeroable)]
#[repr(C)]
pub struct Inst {
    pub id: InsnId,
    /// Register slots: a register number, the first register of a group, `2*n + half`
    /// for `h` operands, or the raw value of `t7`/`at7` in `rs2`.
    pub rd: u8,
    pub rs1: u8,
    pub rs2: u8,
    pub rs3: u8,
    pub dim: u8,
    pub dmask: u8,
    /// Immediate: sign-extended for signed types, zero-extended otherwise, raw for `k32`.
    pub imm: i32,
    /// Rounding mode: 0 rne, 1 rtz, 2 rdn, 3 rup, 4 rmm, 7 dyn.
    pub rm: u8,
    pub neg: u8,
    pub abs: u8,
    pub sat: u8,
    /// Texture offsets: three 4-bit fields in the low 12 bits.
    pub toff: u32,
    pub voff: u8,
    pub rsd: u8,
    pub a16: u8,
    pub d16: u8,
}

const _: () = assert!(std::mem::size_of::<Inst>() <= 24);

/// `rm` value meaning "use MODE.rm / MODE.rm16"; what an omitted `rm:` means.
pub const RM_DYN: u8 = 7;

impl Inst {
    /// A variant with every operand zero, except `rm`, which defaults to dyn.
    pub fn new(id: InsnId) -> Inst {
        let mut i = Inst {
            id,
            ..Inst::default()
        };
        if id.desc().operand(Slot::Rm).is_some() {
            i.rm = RM_DYN;
        }
        i
    }

    #[inline]
    pub fn desc(&self) -> &'static InsnDesc {
        self.id.desc()
    }

    /// The value of a slot as a signed number (immediates sign-extended by type).
    #[inline]
    pub fn get(&self, slot: Slot) -> i64 {
        match slot {
            Slot::Rd => self.rd as i64,
            Slot::Rs1 => self.rs1 as i64,
            Slot::Rs2 => self.rs2 as i64,
            Slot::Rs3 => self.rs3 as i64,
            Slot::Imm => {
                // k32 and unsigned immediates are raw bits; signed ones are already extended.
                match self.desc().operand(Slot::Imm).map(|o| o.ty) {
                    Some(t) if t.is_signed() => self.imm as i64,
                    _ => self.imm as u32 as i64,
                }
            }
            Slot::Rm => self.rm as i64,
            Slot::Neg => self.neg as i64,
            Slot::Abs => self.abs as i64,
            Slot::Sat => self.sat as i64,
            Slot::Dim => self.dim as i64,
            Slot::Dmask => self.dmask as i64,
            Slot::Voff => self.voff as i64,
            Slot::Rsd => self.rsd as i64,
            Slot::A16 => self.a16 as i64,
            Slot::D16 => self.d16 as i64,
            Slot::Toff => self.toff as i64,
        }
    }

    /// The bits of a slot as stored (immediates as their 32-bit pattern).
    #[inline]
    pub fn raw(&self, slot: Slot) -> u64 {
        match slot {
            Slot::Imm => self.imm as u32 as u64,
            s => self.get(s) as u64,
        }
    }

    /// Set a slot. Values are truncated to the slot's storage; [`check`] says whether
    /// they fit the instruction's field.
    #[inline]
    pub fn set(&mut self, slot: Slot, v: i64) {
        match slot {
            Slot::Rd => self.rd = v as u8,
            Slot::Rs1 => self.rs1 = v as u8,
            Slot::Rs2 => self.rs2 = v as u8,
            Slot::Rs3 => self.rs3 = v as u8,
            Slot::Imm => self.imm = v as i32,
            Slot::Rm => self.rm = v as u8,
            Slot::Neg => self.neg = v as u8,
            Slot::Abs => self.abs = v as u8,
            Slot::Sat => self.sat = v as u8,
            Slot::Dim => self.dim = v as u8,
            Slot::Dmask => self.dmask = v as u8,
            Slot::Voff => self.voff = v as u8,
            Slot::Rsd => self.rsd = v as u8,
            Slot::A16 => self.a16 = v as u8,
            Slot::D16 => self.d16 = v as u8,
            Slot::Toff => self.toff = v as u32,
        }
    }

    /// Size in bytes (4 or 8).
    #[inline]
    pub fn size(&self) -> usize {
        self.desc().size as usize
    }
}

/// What is wrong with one operand value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OperandError {
    /// Value does not fit the field (`min..=max`).
    OutOfRange { value: i64, min: i64, max: i64 },
    /// A register group's first register must be a multiple of `align`.
    Misaligned { reg: u32, align: u8 },
    /// A register group `first .. first+count` runs past the last register.
    PastEnd { first: u32, count: u8, limit: u32 },
    /// A reserved value of `rm` (5, 6) or `dim` (10..15).
    ReservedValue { value: u32 },
    /// A `neg`/`abs` bit for a source the instruction does not have.
    ReservedModBit { value: u32, allowed: u8 },
    /// A branch or jump offset that is not a multiple of 4.
    BranchAlign { offset: i64 },
}

impl fmt::Display for OperandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            OperandError::OutOfRange { value, min, max } => {
                write!(f, "{value} is out of range {min}..={max}")
            }
            OperandError::Misaligned { reg, align } => {
                write!(f, "register group starts at {reg}, which is not a multiple of {align}")
            }
            OperandError::PastEnd { first, count, limit } => write!(
                f,
                "register group {first}..{} runs past the last register {}",
                first + count as u32 - 1,
                limit - 1
            ),
            OperandError::ReservedValue { value } => write!(f, "value {value} is reserved"),
            OperandError::ReservedModBit { value, allowed } => write!(
                f,
                "modifier bits 0b{value:03b} name a source the instruction does not have (allowed 0b{allowed:03b})"
            ),
            OperandError::BranchAlign { offset } => {
                write!(f, "branch offset {offset} is not a multiple of 4")
            }
        }
    }
}

/// Check one operand value (as [`Inst::get`] returns it) against its type and field.
pub fn check_operand(d: &InsnDesc, o: &Operand, v: i64) -> Result<(), OperandError> {
    let w = o.width as u32;
    let (min, max) = if o.ty.is_signed() {
        (-(1i64 << (w - 1)), (1i64 << (w - 1)) - 1)
    } else {
        (0, (1i64 << w) - 1)
    };
    if v < min || v > max {
        return Err(OperandError::OutOfRange { value: v, min, max });
    }
    match o.ty {
        OpType::Rm if v == 5 || v == 6 => Err(OperandError::ReservedValue { value: v as u32 }),
        OpType::Dim if v >= 10 => Err(OperandError::ReservedValue { value: v as u32 }),
        OpType::Mod3 => {
            let allowed = d.source_mask();
            if v as u8 & !allowed != 0 {
                Err(OperandError::ReservedModBit {
                    value: v as u32,
                    allowed,
                })
            } else {
                Ok(())
            }
        }
        t if t.is_pc_relative() && d.flags.has(Flags::BR) && v & 3 != 0 => {
            Err(OperandError::BranchAlign { offset: v })
        }
        t => match t.reg() {
            Some((file, count, align)) => {
                let limit = match file {
                    RegFile::V => 128,
                    RegFile::U => 64,
                    RegFile::H => 256,
                };
                let r = v as u32;
                if !r.is_multiple_of(align as u32) {
                    Err(OperandError::Misaligned { reg: r, align })
                } else if r + count as u32 > limit {
                    Err(OperandError::PastEnd {
                        first: r,
                        count,
                        limit,
                    })
                } else {
                    Ok(())
                }
            }
            None => Ok(()),
        },
    }
}

/// Check every operand of an instruction; the first bad one with its slot.
pub fn check(inst: &Inst) -> Result<(), (Slot, OperandError)> {
    let d = inst.desc();
    for o in d.operands {
        check_operand(d, o, inst.get(o.slot)).map_err(|e| (o.slot, e))?;
    }
    Ok(())
}

/// Encode into an instruction word (low 32 bits only for 32-bit instructions).
/// Out-of-range values are truncated to their fields; [`check`] first where that matters.
#[inline]
pub fn encode_word(inst: &Inst) -> u64 {
    let d = inst.desc();
    let mut w = d.match_bits;
    for o in d.operands {
        let mask = if o.width >= 64 {
            u64::MAX
        } else {
            (1u64 << o.width) - 1
        };
        w |= (inst.raw(o.slot) & mask) << o.lo;
    }
    w
}

/// Encode to little-endian bytes (4 or 8).
pub fn encode(inst: &Inst) -> Vec<u8> {
    let mut v = Vec::with_capacity(8);
    encode_into(inst, &mut v);
    v
}

/// Append the little-endian encoding to `out`.
#[inline]
pub fn encode_into(inst: &Inst, out: &mut Vec<u8>) {
    let w = encode_word(inst).to_le_bytes();
    out.extend_from_slice(&w[..inst.size()]);
}

/// Why bytes do not decode.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DecodeError {
    /// Fewer bytes than the instruction needs (4, or 8 for an odd opcode).
    Truncated {
        need: usize,
        have: usize,
    },
    UnknownOpcode {
        opcode: u8,
    },
    UnknownFunct {
        opcode: u8,
        funct: u32,
    },
    /// Reserved bits or bits of slots the variant does not name are set.
    ReservedBits {
        id: InsnId,
        bits: u64,
    },
    /// An operand field holds a value the variant refuses.
    BadOperand {
        id: InsnId,
        slot: Slot,
        error: OperandError,
    },
}

impl DecodeError {
    /// Bytes the refused instruction would occupy, so a disassembler can step past it as data.
    pub fn size_hint(&self, first_byte: u8) -> usize {
        match self {
            DecodeError::Truncated { have, .. } => (*have).clamp(1, 4),
            _ => warpkit_isa::size_of_opcode(first_byte & 0x7f),
        }
    }
}

impl fmt::Display for DecodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            DecodeError::Truncated { need, have } => {
                write!(f, "truncated: needs {need} bytes, {have} left")
            }
            DecodeError::UnknownOpcode { opcode } => write!(f, "unknown opcode 0x{opcode:02x}"),
            DecodeError::UnknownFunct { opcode, funct } => {
                write!(
                    f,
                    "unknown function code 0x{funct:x} for opcode 0x{opcode:02x}"
                )
            }
            DecodeError::ReservedBits { id, bits } => {
                write!(
                    f,
                    "{}: reserved bits set (mask 0x{bits:x})",
                    id.desc().mnemonic
                )
            }
            DecodeError::BadOperand { id, slot, error } => {
                write!(f, "{}: {} {error}", id.desc().mnemonic, slot.name())
            }
        }
    }
}

impl std::error::Error for DecodeError {}

/// Decode one instruction from the start of `bytes` (little-endian).
/// Returns the instruction and its size in bytes. Never panics.
#[inline]
pub fn decode(bytes: &[u8]) -> Result<(Inst, usize), DecodeError> {
    if let Some(b8) = bytes.first_chunk::<8>() {
        // Common case: read 8 bytes and keep 4 or 8 of them without a branch on the size,
        // which a mixed stream would mispredict half the time.
        let raw = u64::from_le_bytes(*b8);
        let long = raw & 1;
        let word = raw & (0xffff_ffff | long.wrapping_neg() << 32);
        return decode_word_inline(word).map(|i| (i, 4 + 4 * long as usize));
    }
    let Some(b4) = bytes.first_chunk::<4>() else {
        return Err(DecodeError::Truncated {
            need: 4,
            have: bytes.len(),
        });
    };
    let w0 = u32::from_le_bytes(*b4);
    if w0 & 1 == 1 {
        return Err(DecodeError::Truncated {
            need: 8,
            have: bytes.len(),
        });
    }
    decode_word(w0 as u64).map(|i| (i, 4))
}

/// Decode `bytes` from start to end: `f(offset, result, size)` for each instruction, or for
/// each unit that does not decode (then `size` is [`DecodeError::size_hint`], so the caller
/// can show it as data and go on). The same results as calling [`decode`] at each offset.
pub fn decode_stream(bytes: &[u8], f: impl FnMut(usize, Result<Inst, DecodeError>, usize)) {
    stream_with(bytes, f, decode_word_inline)
}

/// The stream loop around a word decoder.
#[inline(always)]
fn stream_with(
    bytes: &[u8],
    mut f: impl FnMut(usize, Result<Inst, DecodeError>, usize),
    word_decoder: impl Fn(u64) -> Result<Inst, DecodeError>,
) {
    let mut off = 0;
    while let Some(rest) = bytes.get(off..).filter(|r| !r.is_empty()) {
        let (r, size) = match rest.first_chunk::<8>() {
            Some(b8) => {
                let raw = u64::from_le_bytes(*b8);
                let long = raw & 1;
                let word = raw & (0xffff_ffff | long.wrapping_neg() << 32);
                match word_decoder(word) {
                    Ok(i) => (Ok(i), 4 + 4 * long as usize),
                    Err(e) => (Err(e), e.size_hint(rest[0])),
                }
            }
            None => match decode(rest) {
                Ok((i, n)) => (Ok(i), n),
                Err(e) => (Err(e), e.size_hint(rest[0]).min(rest.len())),
            },
        };
        f(off, r, size);
        off += size;
    }
}

/// Decode an instruction word (for 32-bit instructions the high half must be zero).
///
/// The format's code extracts every field with constant shifts, and the variant's
/// [`DecodeInfo`] drives a branch-free validity test; only a refused word takes the slow
/// path, which checks operand by operand to say why.
#[inline]
pub fn decode_word(word: u64) -> Result<Inst, DecodeError> {
    decode_word_inline(word)
}

#[inline(always)]
fn decode_word_inline(word: u64) -> Result<Inst, DecodeError> {
    // One arm per format (constant shifts); well predicted on real code, where a few
    // formats dominate. The format comes straight from the opcode, so a mispredicted arm
    // is found out early, without waiting for identification.
    let format = FORMAT_OF_OPCODE[(word & 0x7f) as usize];
    with_raw_fields!(format, word, |r| {
        let Ok(h) = identify_info(word as u32) else {
            return explain(word);
        };
        if word & h.zero_mask != 0 {
            return explain(word);
        }
        finish(h, word, r)
    })
}

/// Validate and pack the raw fields; expanded into every format's arm of
/// [`with_raw_fields!`], where the fields a format lacks are constant zeros.
#[inline(always)]
fn finish(h: &DecodeInfo, word: u64, r: RawFields) -> Result<Inst, DecodeError> {
    let regs = r.regs;
    let sh = h.imm_shift as u32;
    let imm = ((r.imm << sh) as i32) >> sh;
    let (md, tx) = (r.md as u64, r.tx as u64);
    // Absent slots extract as zero, and zero passes every value check, so the checks need
    // no per-variant condition except the branch-offset rule.
    let rm = md & 7;
    let bad = (regs & h.reg_align64)
        | ((regs + h.reg_bias64) & 0x8000_8000_8000_8000)
        | ((rm == 5) | (rm == 6) | (tx & 15 >= 10)) as u64
        | ((md >> 3 | md >> 6) & 7 & !h.sources as u64)
        | (imm & h.branch_mask as i32) as u64;
    if bad != 0 {
        return explain(word);
    }
    // The three words of `Inst` (little-endian, see its layout).
    let regs8 = (regs | regs >> 8) & 0xffff | (regs >> 16 | regs >> 24) & 0xffff_0000;
    let a = h.id.0 as u64 | regs8 << 16 | (tx & 0xf) << 48 | (tx & 0xf0) << 52;
    let b = imm as u32 as u64
        | (md & 7) << 32
        | (md & 0x38) << 37
        | (md & 0x1c0) << 42
        | (md & 0x200) << 47;
    let c = tx >> 12
        | (tx & 0x100) << 24
        | (tx & 0x200) << 31
        | (tx & 0x400) << 38
        | (tx & 0x800) << 45;
    Ok(bytemuck::cast([a.to_le(), b.to_le(), c.to_le()]))
}

/// The reference decoder, operand by operand: the slow path, taken only for words the fast
/// path refused, to find the first rule they break.
#[cold]
#[inline(never)]
fn explain(word: u64) -> Result<Inst, DecodeError> {
    let h = match identify_info(word as u32) {
        Ok(h) => h,
        Err(IdentifyError::UnknownOpcode(opcode)) => {
            return Err(DecodeError::UnknownOpcode { opcode })
        }
        Err(IdentifyError::UnknownFunct { opcode, funct }) => {
            return Err(DecodeError::UnknownFunct { opcode, funct })
        }
    };
    let id = h.id;
    let bits = word & h.zero_mask;
    if bits != 0 {
        return Err(DecodeError::ReservedBits { id, bits });
    }
    let d = id.desc();
    let f = extract_fields(h.format, word);
    let mut inst = Inst::new(id);
    for o in d.operands {
        let raw = match o.slot {
            Slot::Rd => f.rd as u32,
            Slot::Rs1 => f.rs1 as u32,
            Slot::Rs2 => f.rs2 as u32,
            Slot::Rs3 => f.rs3 as u32,
            Slot::Imm => f.imm,
            Slot::Rm => f.rm as u32,
            Slot::Neg => f.neg as u32,
            Slot::Abs => f.abs as u32,
            Slot::Sat => f.sat as u32,
            Slot::Dim => f.dim as u32,
            Slot::Dmask => f.dmask as u32,
            Slot::Voff => f.voff as u32,
            Slot::Rsd => f.rsd as u32,
            Slot::A16 => f.a16 as u32,
            Slot::D16 => f.d16 as u32,
            Slot::Toff => f.toff as u32,
        };
        let v = if o.slot == Slot::Imm {
            let sh = h.imm_shift as u32;
            (((raw << sh) as i32) >> sh) as i64
        } else {
            raw as i64
        };
        inst.set(o.slot, v);
    }
    for o in d.operands.iter().filter(|o| o.check) {
        check_operand(d, o, inst.get(o.slot)).map_err(|error| DecodeError::BadOperand {
            id,
            slot: o.slot,
            error,
        })?;
    }
    Ok(inst)
}
