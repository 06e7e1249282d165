//! Disassembler: machine code -> canonical assembly that assembles back to the same bytes.

use crate::float::{is_subnormal32, subnormal32_text};
use crate::syntax::{k32_is_float, modifier_default, rm_name, toff_split, DIM_NAMES};
use warpkit_encoding::{decode_stream, DecodeError, Inst};
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

/// The formatter writes ASCII bytes; one UTF-8 check at the end. Short pieces come from
/// fixed-size tables and are written whole, then the surplus cut off with `truncate`: a
/// constant-size copy costs a few instructions, where a byte loop or a variable-length copy
/// call costs tens.
struct Out(Vec<u8>);

impl Out {
    #[inline(always)]
    fn push(&mut self, b: u8) {
        self.0.push(b);
    }
    /// The first `len` bytes of `a` (`len <= N`).
    #[inline(always)]
    fn put<const N: usize>(&mut self, a: &[u8; N], len: usize) {
        self.0.extend_from_slice(a);
        let end = self.0.len() - N + len.min(N);
        self.0.truncate(end);
    }
    #[inline(always)]
    fn put_short(&mut self, s: &Short) {
        self.put(&s.b, s.n as usize);
    }
    #[inline(always)]
    fn push_str(&mut self, s: &str) {
        self.0.extend_from_slice(s.as_bytes());
    }
    #[inline(always)]
    fn len(&self) -> usize {
        self.0.len()
    }
}

/// A short piece of text: up to 8 bytes and its length.
#[derive(Clone, Copy)]
struct Short {
    b: [u8; 8],
    n: u8,
}

/// `prefix` followed by the decimal digits of `v` and `suffix`, at compile time.
const fn short(prefix: &[u8], v: u32, suffix: &[u8]) -> Short {
    let mut s = Short { b: [0; 8], n: 0 };
    let mut i = 0;
    while i < prefix.len() {
        s.b[s.n as usize] = prefix[i];
        s.n += 1;
        i += 1;
    }
    let mut digits = [0u8; 3];
    let (mut k, mut x) = (0, v);
    loop {
        digits[k] = b'0' + (x % 10) as u8;
        k += 1;
        x /= 10;
        if x == 0 {
            break;
        }
    }
    while k > 0 {
        k -= 1;
        s.b[s.n as usize] = digits[k];
        s.n += 1;
    }
    let mut i = 0;
    while i < suffix.len() {
        s.b[s.n as usize] = suffix[i];
        s.n += 1;
        i += 1;
    }
    s
}

/// `v0`..`v255` (a `v` register or the first of a group; 128.. only in error-free groups
/// past the file, which the decoder refuses, but the table is total), `u0`..`u255`,
/// `v0.l`..`v127.h` by `h` operand value, and `0`..`255`.
static NAMES: [[Short; 256]; 4] = {
    let mut t = [[Short { b: [0; 8], n: 0 }; 256]; 4];
    let mut i = 0;
    while i < 256 {
        t[0][i] = short(b"v", i as u32, b"");
        t[1][i] = short(b"u", i as u32, b"");
        t[2][i] = short(b"v", (i / 2) as u32, if i % 2 == 1 { b".h" } else { b".l" });
        t[3][i] = short(b"", i as u32, b"");
        i += 1;
    }
    t
};
const V: usize = 0;
const U: usize = 1;
const H: usize = 2;
const DEC: usize = 3;

/// Per variant: the mnemonic, padded to 32 bytes.
fn padded_mnemonics() -> &'static [([u8; 32], u8)] {
    static T: std::sync::OnceLock<Vec<([u8; 32], u8)>> = std::sync::OnceLock::new();
    T.get_or_init(|| {
        warpkit_isa::INSNS
            .iter()
            .map(|d| {
                let mut b = [b' '; 32];
                let m = d.mnemonic.as_bytes();
                let n = m.len().min(32);
                b[..n].copy_from_slice(&m[..n]);
                (b, n as u8)
            })
            .collect()
    })
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
    if (1..=8).contains(&digits) {
        // Raw words, k32 literals, offsets: the wanted digits moved to the front of a
        // 32-bit value, then two digits per table lookup.
        let b = ((v as u32) << (4 * (8 - digits))).to_be_bytes();
        let mut buf = [0u8; 8];
        for k in 0..4 {
            buf[2 * k] = HEX2[b[k] as usize][0];
            buf[2 * k + 1] = HEX2[b[k] as usize][1];
        }
        out.put(&buf, digits);
        return;
    }
    let mut buf = [0u8; 16];
    let digits = digits.min(16);
    for (i, b) in buf[..digits].iter_mut().enumerate() {
        *b = HEX[((v >> (4 * (digits - 1 - i))) & 0xf) as usize];
    }
    out.put(&buf, digits);
}

#[inline]
fn push_dec(out: &mut Out, v: i64) {
    if (0..256).contains(&v) {
        out.put_short(&NAMES[DEC][v as usize]);
        return;
    }
    if v < 0 {
        out.push(b'-');
    }
    let mut n = v.unsigned_abs();
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
    out.0.extend_from_slice(&buf[i..]);
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
        OpType::V | OpType::VAcc => out.put_short(&NAMES[V][v as u8 as usize]),
        OpType::U => out.put_short(&NAMES[U][v as u8 as usize]),
        OpType::H => out.put_short(&NAMES[H][v as u8 as usize]),
        OpType::V2 | OpType::V3 | OpType::V4 | OpType::VP2 => {
            let (_, n, _) = o.ty.reg().unwrap_or((warpkit_isa::RegFile::V, 1, 1));
            push_group(out, 'v', v as u32, n as u32)
        }
        OpType::UP2 | OpType::D4 | OpType::D8 => {
            let (_, n, _) = o.ty.reg().unwrap_or((warpkit_isa::RegFile::U, 1, 1));
            push_group(out, 'u', v as u32, n as u32)
        }
        OpType::K32 => {
            let bits = v as u32;
            if is_subnormal32(bits) && k32_is_float(inst.desc()) {
                push_subnormal(out, bits);
            } else {
                out.push_str("0x");
                push_hex(out, bits as u64, 8);
            }
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

/// A subnormal binary32 operand as its exact hex float: an integer there would read as a
/// typo for a float (the assembler warns about it); the same bits either way.
#[cold]
#[inline(never)]
fn push_subnormal(out: &mut Out, bits: u32) {
    out.push_str(&subnormal32_text(bits));
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
    let (m, n) = &padded_mnemonics()[inst.id.0 as usize];
    out.put(m, *n as usize);
    let mut first = true;
    for o in d.operands {
        if o.slot.is_modifier() {
            let v = inst.get(o.slot);
            if v == modifier_default(o.ty) {
                continue;
            }
            out.put(if first { b"  " } else { b", " }, 2 - first as usize);
            push_modifier(out, o, v);
        } else {
            out.put(if first { b"  " } else { b", " }, 2 - first as usize);
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
    let used = out.len() - line_start;
    out.put(&[b' '; 64], col.saturating_sub(used).clamp(1, 64));
}

/// A data item: `.dword`, `.word` or `.byte` by its size.
#[inline(always)]
fn push_data(out: &mut Out, b: &[u8]) {
    match b.len() {
        8 => {
            out.push_str(".dword 0x");
            let mut a = [0u8; 8];
            a.copy_from_slice(b);
            push_hex(out, u64::from_le_bytes(a), 16);
        }
        4 => {
            out.push_str(".word 0x");
            push_hex(out, u32::from_le_bytes([b[0], b[1], b[2], b[3]]) as u64, 8);
        }
        _ => {
            out.push_str(".byte ");
            for (i, x) in b.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                out.push_str("0x");
                push_hex(out, *x as u64, 2);
            }
        }
    }
}

/// The `; OFFSET: WORDS` comment of the item of bytes `b` at `pc`, with why it is not an
/// instruction or the value of a float literal.
#[inline(always)]
fn push_comment(out: &mut Out, pc: u32, b: &[u8], inst: Option<&Inst>, why: Option<&DecodeError>) {
    out.put(b"; ", 2);
    push_hex_min(out, pc as u64, 4);
    out.push(b':');
    for chunk in b.chunks(4) {
        out.push(b' ');
        if let Ok(w) = <[u8; 4]>::try_from(chunk) {
            push_hex(out, u32::from_le_bytes(w) as u64, 8);
        } else {
            for x in chunk.iter().rev() {
                push_hex(out, *x as u64, 2);
            }
        }
    }
    if let Some(why) = why {
        out.push_str("  not an instruction: ");
        out.push_str(&why.to_string());
    } else if let Some(inst) = inst {
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

/// [`push_data`] for the listing of code objects.
pub(crate) fn data_text(b: &[u8]) -> String {
    let mut out = Out(Vec::with_capacity(16 + b.len() * 6));
    push_data(&mut out, b);
    String::from_utf8(out.0).unwrap_or_default()
}

/// Pad `line` to the comment column and append [`push_comment`]'s comment.
pub(crate) fn push_comment_text(
    line: &mut String,
    pc: u32,
    b: &[u8],
    inst: Option<&Inst>,
    why: Option<&DecodeError>,
) {
    let mut out = Out(std::mem::take(line).into_bytes());
    pad_to(&mut out, 0, COMMENT_COL);
    push_comment(&mut out, pc, b, inst, why);
    *line = String::from_utf8(out.0).unwrap_or_default();
}

/// Disassemble a code object (little-endian). One line per instruction or data word,
/// labels for branch targets. The output always assembles back to `code`.
pub fn disassemble(code: &[u8], opts: DisasmOptions) -> String {
    let mut items: Vec<(u32, Item)> = Vec::with_capacity(code.len() / 4 + 1);
    decode_stream(code, |off, r, size| {
        items.push((
            off as u32,
            match r {
                Ok(inst) => Item::Inst(inst, size),
                Err(why) => Item::Data { size, why },
            },
        ))
    });
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
        out.put(b"    ", 4);
        let (len, why) = match it {
            Item::Inst(inst, len) => {
                format_inst_bytes(inst, *pc, Some(&named), &mut out);
                (*len, None)
            }
            Item::Data { size, why } => {
                push_data(&mut out, &code[*pc as usize..*pc as usize + size]);
                (*size, Some(why))
            }
        };
        if opts.comments || why.is_some() {
            pad_to(&mut out, start, COMMENT_COL);
            let inst = match it {
                Item::Inst(inst, _) => Some(inst),
                Item::Data { .. } => None,
            };
            push_comment(
                &mut out,
                *pc,
                &code[*pc as usize..*pc as usize + len],
                inst,
                why,
            );
        }
        out.push(b'\n');
    }
    emit_label(&mut out, code.len() as u32);
    String::from_utf8(out.0).unwrap_or_default()
}
