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

/// The byte ranges of comma-separated arguments, trimmed (commas inside brackets,
/// parentheses and double quotes do not split); none for blank text.
pub(crate) fn arg_ranges(s: &str) -> Vec<(usize, usize)> {
    let b = s.as_bytes();
    if s.trim().is_empty() {
        return Vec::new();
    }
    let mut out = Vec::new();
    let (mut depth, mut q, mut st) = (0i32, false, 0);
    for i in 0..=b.len() {
        let c = b.get(i).copied();
        match c {
            Some(b'"') => q = !q,
            Some(b'(' | b'[') if !q => depth += 1,
            Some(b')' | b']') if !q => depth -= 1,
            Some(b',') | None if !q && depth <= 0 || c.is_none() => {
                let (mut a, mut e) = (st, i);
                while a < e && b[a].is_ascii_whitespace() {
                    a += 1;
                }
                while e > a && b[e - 1].is_ascii_whitespace() {
                    e -= 1;
                }
                out.push((a, e));
                st = i + 1;
            }
            _ => {}
        }
    }
    out
}

/// Comma-separated arguments (see [`arg_ranges`]); a quoted argument loses its quotes.
pub(crate) fn split_args(s: &str) -> Vec<String> {
    arg_ranges(s)
        .into_iter()
        .map(|(a, e)| {
            let a = &s[a..e];
            a.strip_prefix('"')
                .and_then(|x| x.strip_suffix('"'))
                .unwrap_or(a)
                .to_string()
        })
        .collect()
}

/// `NAME = EXPR` (GNU as's other way to write `.set NAME, EXPR`): the name and the
/// expression. `==` is not an assignment.
pub(crate) fn assignment(line: &str) -> Option<(&str, &str)> {
    let t = line.trim_start();
    let b = t.as_bytes();
    let first = *b.first()?;
    if !(first.is_ascii_alphabetic() || first == b'_' || first == b'.') {
        return None;
    }
    let n = b
        .iter()
        .take_while(|&&c| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'.' | b'$'))
        .count();
    let rest = t[n..].trim_start();
    let expr = rest.strip_prefix('=')?;
    if expr.starts_with('=') {
        return None;
    }
    Some((&t[..n], expr.trim()))
}

/// The text before a `;` or `//` comment (outside double quotes).
pub(crate) fn strip_comment(s: &str) -> &str {
    let b = s.as_bytes();
    let mut q = false;
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            // An escaped character in a string (`"a\";b"`) does not end it.
            b'\\' if q => i += 1,
            b'"' => q = !q,
            b';' if !q => return &s[..i],
            b'/' if !q && b.get(i + 1) == Some(&b'/') => return &s[..i],
            _ => {}
        }
        i += 1;
    }
    s
}

/// The bytes of `.ascii`/`.asciz` strings: `"..."` separated by commas, with GNU as's
/// escapes (`\n \t \r \b \f \\ \"`, `\NNN` octal, `\xHH` hex); `nul` ends each with a zero
/// byte. An error is (offset, length, message).
pub(crate) fn strings(t: &str, nul: bool, out: &mut Vec<u8>) -> Result<(), (usize, usize, String)> {
    let b = t.as_bytes();
    let mut i = 0;
    loop {
        while i < b.len() && b[i].is_ascii_whitespace() {
            i += 1;
        }
        if b.get(i) != Some(&b'"') {
            return Err((i, 1, "expected a string in double quotes".into()));
        }
        let open = i;
        i += 1;
        loop {
            let Some(&c) = b.get(i) else {
                return Err((open, 1, "this string has no closing quote".into()));
            };
            i += 1;
            match c {
                b'"' => break,
                b'\\' => {
                    let Some(&e) = b.get(i) else {
                        return Err((open, 1, "this string has no closing quote".into()));
                    };
                    i += 1;
                    match e {
                        b'n' => out.push(b'\n'),
                        b't' => out.push(b'\t'),
                        b'r' => out.push(b'\r'),
                        b'b' => out.push(8),
                        b'f' => out.push(12),
                        b'\\' | b'"' | b'\'' => out.push(e),
                        b'0'..=b'7' => {
                            let mut v = (e - b'0') as u32;
                            for _ in 0..2 {
                                match b.get(i) {
                                    Some(&d @ b'0'..=b'7') => {
                                        v = v * 8 + (d - b'0') as u32;
                                        i += 1;
                                    }
                                    _ => break,
                                }
                            }
                            out.push(v as u8);
                        }
                        b'x' | b'X' => {
                            let n = b[i..].iter().take_while(|c| c.is_ascii_hexdigit()).count();
                            if n == 0 {
                                return Err((i - 2, 2, "`\\x` needs hex digits".into()));
                            }
                            // All the digits are read; the byte is the low 8 bits (GNU as).
                            let v = b[i..i + n].iter().fold(0u8, |v, &d| {
                                v.wrapping_mul(16)
                                    .wrapping_add((d as char).to_digit(16).unwrap_or(0) as u8)
                            });
                            out.push(v);
                            i += n;
                        }
                        _ => {
                            let ch = t[i - 1..].chars().next().unwrap_or('?');
                            return Err((
                                i - 2,
                                1 + ch.len_utf8(),
                                format!("unknown escape `\\{ch}` in a string"),
                            ));
                        }
                    }
                }
                _ => out.push(c),
            }
        }
        if nul {
            out.push(0);
        }
        while i < b.len() && b[i].is_ascii_whitespace() {
            i += 1;
        }
        match b.get(i) {
            None => return Ok(()),
            Some(b',') => i += 1,
            Some(_) => return Err((i, 1, "expected `,` and another string".into())),
        }
    }
}
