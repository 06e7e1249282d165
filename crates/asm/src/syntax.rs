//! Names shared by the assembler and the disassembler, so both speak one syntax.

use warpkit_isa::{Flags, InsnDesc, OpType, Operand};

/// `rm` values by name (5 and 6 are reserved).
pub const RM_NAMES: &[(&str, u8)] = &[
    ("rne", 0),
    ("rtz", 1),
    ("rdn", 2),
    ("rup", 3),
    ("rmm", 4),
    ("dyn", 7),
];

/// `dim` values 0..=9 by name (10..15 are reserved).
pub const DIM_NAMES: &[&str] = &[
    "1d",
    "2d",
    "3d",
    "cube",
    "1darray",
    "2darray",
    "cubearray",
    "2dms",
    "2dmsarray",
    "buffer",
];

pub fn rm_name(v: u8) -> Option<&'static str> {
    RM_NAMES.iter().find(|(_, x)| *x == v).map(|(n, _)| *n)
}

/// A `k32` literal of a floating-point instruction also accepts float literals.
pub fn k32_is_float(d: &InsnDesc) -> bool {
    d.flags.has(Flags::FM)
}

/// An operand as the syntax line writes it: `rd:v`, or `[rm:rm]` for a modifier (which may
/// be left out).
pub fn operand_label(o: &Operand) -> String {
    if o.slot.is_modifier() {
        format!("[{}:{}]", o.slot.name(), o.ty.name())
    } else {
        format!("{}:{}", o.slot.name(), o.ty.name())
    }
}

/// The one syntax line of a variant, `fadd.f32 rd:v, rs1:v, rs2:v, [rm:rm]` (the
/// assembler's hints, the language server's signature help), and the byte range of each
/// operand in it.
pub fn syntax_parts(d: &InsnDesc) -> (String, Vec<(usize, usize)>) {
    let mut s = d.mnemonic.to_string();
    let mut parts = Vec::with_capacity(d.operands.len());
    for (i, o) in d.operands.iter().enumerate() {
        s.push_str(if i == 0 { " " } else { ", " });
        let at = s.len();
        s.push_str(&operand_label(o));
        parts.push((at, s.len()));
    }
    (s, parts)
}

/// The syntax line alone (see [`syntax_parts`]).
pub fn syntax_of(d: &InsnDesc) -> String {
    syntax_parts(d).0
}

/// Default value of a modifier when it is omitted.
pub fn modifier_default(ty: OpType) -> i64 {
    if ty == OpType::Rm {
        7
    } else {
        0
    }
}

/// Split `t12` into its three signed 4-bit texel offsets (x, y, z).
pub fn toff_split(v: u16) -> [i8; 3] {
    let f = |s: u32| (((v as u32 >> s) & 0xf) as i8) << 4 >> 4;
    [f(0), f(4), f(8)]
}

pub fn toff_join(x: [i64; 3]) -> u16 {
    ((x[0] as u16) & 0xf) | ((x[1] as u16) & 0xf) << 4 | ((x[2] as u16) & 0xf) << 8
}

/// Comma-separated arguments (commas inside brackets, parentheses and quotes do not split);
/// a quoted argument loses its quotes.
pub(crate) fn split_args(s: &str) -> Vec<String> {
    let s = s.trim();
    if s.is_empty() {
        return Vec::new();
    }
    let mut out = Vec::new();
    let (mut depth, mut q, mut st) = (0i32, false, 0);
    let b = s.as_bytes();
    for i in 0..=b.len() {
        let c = b.get(i).copied();
        match c {
            Some(b'"') => q = !q,
            Some(b'(' | b'[') if !q => depth += 1,
            Some(b')' | b']') if !q => depth -= 1,
            Some(b',') | None if !q && depth <= 0 || c.is_none() => {
                let a = s[st..i].trim();
                let a = a
                    .strip_prefix('"')
                    .and_then(|x| x.strip_suffix('"'))
                    .unwrap_or(a);
                out.push(a.to_string());
                st = i + 1;
            }
            _ => {}
        }
    }
    out
}
