//! Disassembler: machine code -> canonical assembly that assembles back to the same bytes.

use crate::syntax::{k32_is_float, modifier_default, rm_name, toff_split, DIM_NAMES};
use warpkit_encoding::{decode, DecodeError, Inst};
use warpkit_isa::{OpType, Operand, Slot};

/// What to print besides the instruction text.
#[derive(Clone, Copy, Debug)]
pub struct DisasmOptions {
    /// Append `; OFFSET: RAW` comments (offset and raw words).
    pub comments: bool,
    /// Name branch targets inside the code with synthesized labels.
    pub labels: bool,
}

impl Default for DisasmOptions {
    fn default() -> Self {
        DisasmOptions {
            comments: true,
            labels: true,
        }
    }
}

const HEX: &[u8; 16] = b"0123456789abcdef";

/// The formatter writes ASCII bytes; one UTF-8 check at the end. Short pieces (most of a
/// line) are pushed byte by byte: a library copy call per register name costs more.
struct Out(Vec<u8>);

impl Out {
    #[inline(always)]
    fn push(&mut self, b: u8) {
        self.0.push(b);
    }
    #[inline(always)]
    fn push_str(&mut self, s: &str) {
        self.extend_from_slice(s.as_bytes());
    }
    #[inline(always)]
    fn extend_from_slice(&mut self, s: &[u8]) {
        if s.len() <= 16 {
            for &b in s {
                self.0.push(b);
            }
        } else {
            self.0.extend_from_slice(s);
        }
    }
    #[inline(always)]
    fn len(&self) -> usize {
        self.0.len()
    }
}

/// Two hex digits per byte value: a 32-bit word costs four lookups.
const HEX2: [[u8; 2]; 256] = {
    let mut t = [[0u8; 2]; 256];
    let mut i = 0;
    while i < 256 {
        t[i] = [HEX[i >> 4], HEX[i & 15]];
        i += 1;
    }
    t
};

#[inline]
fn push_hex(out: &mut Out, v: u64, digits: usize) {
    if digits == 8 {
        // Raw words and k32 literals: the common case.
        let b = (v as u32).to_be_bytes();
        let mut buf = [0u8; 8];
        for k in 0..4 {
            buf[2 * k] = HEX2[b[k] as usize][0];
            buf[2 * k + 1] = HEX2[b[k] as usize][1];
        }
        out.0.extend_from_slice(&buf);
        return;
    }
    let mut buf = [0u8; 16];
    let digits = digits.min(16);
    for (i, b) in buf[..digits].iter_mut().enumerate() {
        *b = HEX[((v >> (4 * (digits - 1 - i))) & 0xf) as usize];
    }
    out.extend_from_slice(&buf[..digits]);
}

#[inline]
fn push_dec(out: &mut Out, v: i64) {
    if v < 0 {
        out.push(b'-');
    }
    let n = v.unsigned_abs();
    // Register numbers and small immediates: no division loop.
    if n < 100 {
        if n >= 10 {
            out.push(b'0' + (n / 10) as u8);
        }
        out.push(b'0' + (n % 10) as u8);
        return;
    }
    let mut n = n;
    let mut buf = [0u8; 20];
    let mut i = buf.len();
    loop {
        i -= 1;
        buf[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    out.extend_from_slice(&buf[i..]);
}

/// Hex with at least `min` digits and no truncation.
fn push_hex_min(out: &mut Out, v: u64, min: usize) {
    let digits = (64 - v.leading_zeros() as usize).div_ceil(4);
    push_hex(out, v, digits.max(min));
}

fn push_label(out: &mut Out, target: u32) {
    out.push_str("L_");
    push_hex_min(out, target as u64, 4);
}

fn push_reg(out: &mut Out, file: char, n: u32) {
    out.push(file as u8);
    push_dec(out, n as i64);
}

fn push_group(out: &mut Out, file: char, first: u32, count: u32) {
    out.push(file as u8);
    out.push(b'[');
    push_dec(out, first as i64);
    out.push(b':');
    push_dec(out, (first + count - 1) as i64);
    out.push(b']');
}

/// Labels known to the formatter: `is_label(target)` says whether a target has a name.
pub type LabelFn<'a> = &'a dyn Fn(u32) -> bool;

/// Operand value by its type (no table search for the immediate's signedness).
#[inline]
fn value(inst: &Inst, o: &Operand) -> i64 {
    match o.slot {
        Slot::Imm if o.ty.is_signed() => inst.imm as i64,
        Slot::Imm => inst.imm as u32 as i64,
        s => inst.get(s),
    }
}

fn push_operand(out: &mut Out, inst: &Inst, o: &Operand, pc: u32, labels: Option<LabelFn>) {
    let v = value(inst, o);
    match o.ty {
        OpType::V | OpType::VAcc => push_reg(out, 'v', v as u32),
        OpType::U => push_reg(out, 'u', v as u32),
        OpType::H => {
            push_reg(out, 'v', (v >> 1) as u32);
            out.push_str(if v & 1 == 1 { ".h" } else { ".l" });
        }
        OpType::V2 | OpType::V3 | OpType::V4 | OpType::VP2 => {
            let (_, n, _) = o.ty.reg().unwrap_or((warpkit_isa::RegFile::V, 1, 1));
            push_group(out, 'v', v as u32, n as u32)
        }
        OpType::UP2 | OpType::D4 | OpType::D8 => {
            let (_, n, _) = o.ty.reg().unwrap_or((warpkit_isa::RegFile::U, 1, 1));
            push_group(out, 'u', v as u32, n as u32)
        }
        OpType::K32 => {
            out.push_str("0x");
            push_hex(out, v as u32 as u64, 8);
        }
        t if t.is_pc_relative() => {
            let target = pc as i64 + v;
            match labels {
                Some(f) if target >= 0 && target <= u32::MAX as i64 && f(target as u32) => {
                    push_label(out, target as u32)
                }
                _ => push_dec(out, v),
            }
        }
        _ => push_dec(out, v),
    }
}

fn push_modifier(out: &mut Out, o: &Operand, v: i64) {
    out.push_str(o.slot.name());
    out.push(b':');
    match o.ty {
        OpType::Rm => match rm_name(v as u8) {
            Some(n) => out.push_str(n),
            None => push_dec(out, v),
        },
        OpType::Mod3 => {
            out.push_str("0b");
            for b in (0..3).rev() {
                out.push(if v >> b & 1 == 1 { b'1' } else { b'0' });
            }
        }
        OpType::Dim => match DIM_NAMES.get(v as usize) {
            Some(n) => out.push_str(n),
            None => push_dec(out, v),
        },
        OpType::U4 => {
            out.push_str("0x");
            push_hex(out, v as u64, 1);
        }
        OpType::T12 => {
            let [x, y, z] = toff_split(v as u16);
            out.push(b'(');
            push_dec(out, x as i64);
            out.push(b',');
            push_dec(out, y as i64);
            out.push(b',');
            push_dec(out, z as i64);
            out.push(b')');
        }
        _ => push_dec(out, v),
    }
}

/// Append the canonical text of `inst` at address `pc`. PC-relative targets print as labels
/// where `labels` names them, else as byte offsets.
pub fn format_inst(inst: &Inst, pc: u32, labels: Option<LabelFn>, out: &mut String) {
    let mut v = Out(std::mem::take(out).into_bytes());
    format_inst_bytes(inst, pc, labels, &mut v);
    // Everything the formatter writes is ASCII.
    *out = String::from_utf8(v.0).unwrap_or_default();
}

fn format_inst_bytes(inst: &Inst, pc: u32, labels: Option<LabelFn>, out: &mut Out) {
    let d = inst.desc();
    out.push_str(d.mnemonic);
    let mut first = true;
    for o in d.operands {
        if o.slot.is_modifier() {
            let v = inst.get(o.slot);
            if v == modifier_default(o.ty) {
                continue;
            }
            out.push_str(if first { " " } else { ", " });
            push_modifier(out, o, v);
        } else {
            out.push_str(if first { " " } else { ", " });
            push_operand(out, inst, o, pc, labels);
        }
        first = false;
    }
}

/// Canonical text of one instruction, PC-relative operands as byte offsets.
pub fn inst_to_string(inst: &Inst) -> String {
    let mut s = Out(Vec::with_capacity(48));
    format_inst_bytes(inst, 0, None, &mut s);
    String::from_utf8(s.0).unwrap_or_default()
}

enum Item {
    Inst(Inst, usize),
    Data { size: usize, why: DecodeError },
}

const COMMENT_COL: usize = 44;

fn pad_to(out: &mut Out, line_start: usize, col: usize) {
    const SPACES: &str = "                                                                ";
    let used = out.len() - line_start;
    out.extend_from_slice(&SPACES.as_bytes()[..col.saturating_sub(used).clamp(1, SPACES.len())]);
}

/// Disassemble a code object (little-endian). One line per instruction or data word,
/// labels for branch targets. The output always assembles back to `code`.
pub fn disassemble(code: &[u8], opts: DisasmOptions) -> String {
    let mut items: Vec<(u32, Item)> = Vec::with_capacity(code.len() / 4 + 1);
    let mut off = 0usize;
    while off < code.len() {
        match decode(&code[off..]) {
            Ok((inst, len)) => {
                items.push((off as u32, Item::Inst(inst, len)));
                off += len;
            }
            Err(why) => {
                let rest = code.len() - off;
                let size = match why {
                    DecodeError::Truncated { .. } => rest.min(4),
                    _ if code[off] & 1 == 1 && rest >= 8 => 8,
                    _ => 4,
                };
                let size = size.min(rest);
                items.push((off as u32, Item::Data { size, why }));
                off += size;
            }
        }
    }
    // Targets that land on an item boundary (or the end) get labels.
    let mut boundary = vec![false; code.len() / 4 + 2];
    let mut is_target = vec![false; code.len() / 4 + 2];
    if opts.labels {
        for (pc, _) in &items {
            if pc.is_multiple_of(4) {
                boundary[(*pc / 4) as usize] = true;
            }
        }
        if code.len().is_multiple_of(4) {
            boundary[code.len() / 4] = true;
        }
        for (pc, it) in &items {
            if let Item::Inst(inst, _) = it {
                for o in inst.desc().operands {
                    if o.ty.is_pc_relative() {
                        let t = *pc as i64 + value(inst, o);
                        if t >= 0
                            && t % 4 == 0
                            && ((t / 4) as usize) < boundary.len()
                            && boundary[(t / 4) as usize]
                        {
                            is_target[(t / 4) as usize] = true;
                        }
                    }
                }
            }
        }
    }
    let named =
        |t: u32| t.is_multiple_of(4) && is_target.get((t / 4) as usize).copied().unwrap_or(false);
    // Lines with their comments run to about 90 bytes; reserve once.
    let mut out = Out(Vec::with_capacity(items.len() * 112 + 64));
    let emit_label = |out: &mut Out, pc: u32| {
        if named(pc) {
            push_label(out, pc);
            out.push_str(":\n");
        }
    };
    for (pc, it) in &items {
        emit_label(&mut out, *pc);
        let start = out.len();
        out.push_str("    ");
        let (len, why) = match it {
            Item::Inst(inst, len) => {
                format_inst_bytes(inst, *pc, Some(&named), &mut out);
                (*len, None)
            }
            Item::Data { size, why } => {
                let b = &code[*pc as usize..*pc as usize + size];
                match size {
                    8 => {
                        out.push_str(".dword 0x");
                        let mut a = [0u8; 8];
                        a.copy_from_slice(b);
                        push_hex(&mut out, u64::from_le_bytes(a), 16);
                    }
                    4 => {
                        out.push_str(".word 0x");
                        push_hex(
                            &mut out,
                            u32::from_le_bytes([b[0], b[1], b[2], b[3]]) as u64,
                            8,
                        );
                    }
                    _ => {
                        out.push_str(".byte ");
                        for (i, x) in b.iter().enumerate() {
                            if i > 0 {
                                out.push_str(", ");
                            }
                            out.push_str("0x");
                            push_hex(&mut out, *x as u64, 2);
                        }
                    }
                }
                (*size, Some(why))
            }
        };
        if opts.comments || why.is_some() {
            pad_to(&mut out, start, COMMENT_COL);
            out.push_str("; ");
            push_hex_min(&mut out, *pc as u64, 4);
            out.push(b':');
            let b = &code[*pc as usize..*pc as usize + len];
            for chunk in b.chunks(4) {
                out.push(b' ');
                for x in chunk.iter().rev() {
                    push_hex(&mut out, *x as u64, 2);
                }
            }
            if let Some(why) = why {
                out.push_str("  not an instruction: ");
                out.push_str(&why.to_string());
            } else if let Item::Inst(inst, _) = it {
                // Float literals: show the value too, for people reading FP code.
                let d = inst.desc();
                if let Some(o) = k32_is_float(d).then(|| d.operand(Slot::Imm)).flatten() {
                    if o.ty == OpType::K32 {
                        out.push_str("  (");
                        out.push_str(&format!("{:?}", f32::from_bits(inst.imm as u32)));
                        out.push(b')');
                    }
                }
            }
        }
        out.push(b'\n');
    }
    emit_label(&mut out, code.len() as u32);
    String::from_utf8(out.0).unwrap_or_default()
}
