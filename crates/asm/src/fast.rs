//! The assembler's fast path: one forward pass over the operands of a line written the way
//! the disassembler writes them (registers, plain numbers, modifiers by name).
//!
//! It accepts a strict subset of the syntax and applies the same checks as the general
//! path. Anything else (labels, expressions, float literals, texel offsets, unusual spacing,
//! any error) returns `None`, and the general path assembles the line again and owns every
//! diagnostic. A test runs both paths on the same text and requires the same result.

use crate::expr::parse_int_bytes;
use crate::float::is_subnormal32;
use crate::operand::k32_value;
use crate::syntax::{k32_is_float, toff_join, DIM_NAMES, RM_NAMES};
use warpkit_encoding::{check_operand, Inst};
use warpkit_isa::{InsnId, OpType, Operand, RegFile};

#[inline]
fn skip_ws(s: &[u8], mut p: usize) -> usize {
    while p < s.len() && s[p].is_ascii_whitespace() {
        p += 1;
    }
    p
}

/// Move past the separator before an operand: nothing before the first, a comma (with
/// optional white space around it) before the others.
#[inline]
fn separator(s: &[u8], p: usize, first: &mut bool) -> Option<usize> {
    let p = skip_ws(s, p);
    if std::mem::take(first) {
        return Some(p);
    }
    (s.get(p) == Some(&b',')).then(|| skip_ws(s, p + 1))
}

/// Decimal digits only (the general path's rule for register numbers).
#[inline]
fn decimal(s: &[u8], mut p: usize) -> Option<(i64, usize)> {
    let st = p;
    let mut v: i64 = 0;
    while p < s.len() && s[p].is_ascii_digit() && p - st < 9 {
        v = v * 10 + (s[p] - b'0') as i64;
        p += 1;
    }
    // Nine digits at most: longer numbers (and leading junk) go the general way.
    (p > st && !s.get(p).is_some_and(u8::is_ascii_digit)).then_some((v, p))
}

/// `vN`, `uN`, `vN.l`/`vN.h` or `v[a:b]`, as the operand type wants it.
#[inline]
fn register(s: &[u8], p: usize, ty: OpType) -> Option<(i64, usize)> {
    let (file, count, _) = ty.reg()?;
    let (file_char, limit) = match file {
        RegFile::U => (b'u', 64),
        _ => (b'v', 128),
    };
    if s.get(p) != Some(&file_char) {
        return None;
    }
    if s.get(p + 1) == Some(&b'[') {
        let (a, q) = decimal(s, p + 2)?;
        if s.get(q) != Some(&b':') {
            return None;
        }
        let (b, q) = decimal(s, q + 1)?;
        let ok = s.get(q) == Some(&b']') && count > 1 && b - a + 1 == count as i64 && b < limit;
        return ok.then_some((a, q + 1));
    }
    let (n, q) = decimal(s, p + 1)?;
    if n >= limit {
        return None;
    }
    match (file, s.get(q), s.get(q + 1)) {
        (RegFile::H, Some(b'.'), Some(b'l')) => Some((2 * n, q + 2)),
        (RegFile::H, Some(b'.'), Some(b'h')) => Some((2 * n + 1, q + 2)),
        (RegFile::H, _, _) => None,
        _ if count == 1 => Some((n, q)),
        _ => None,
    }
}

/// The end of a token: the next white space or comma.
#[inline]
fn token_end(s: &[u8], mut p: usize) -> usize {
    while p < s.len() && s[p] != b',' && !s[p].is_ascii_whitespace() {
        p += 1;
    }
    p
}

/// A plain number: `-`? then a literal `parse_int` accepts.
#[inline]
fn number(s: &[u8], p: usize) -> Option<(i64, usize)> {
    let (neg, st) = match s.get(p) {
        Some(b'-') => (true, p + 1),
        _ => (false, p),
    };
    if !s.get(st).is_some_and(u8::is_ascii_digit) {
        return None;
    }
    let end = token_end(s, st);
    let v = parse_int_bytes(&s[st..end])?;
    Some((if neg { v.wrapping_neg() } else { v }, end))
}

/// A value given by name (`rm:rtz`, `dim:2d`) or as a literal.
#[inline]
fn named(
    s: &[u8],
    p: usize,
    names: impl Iterator<Item = (&'static str, i64)>,
) -> Option<(i64, usize)> {
    let end = token_end(s, p);
    let tok = &s[p..end];
    for (n, v) in names {
        if n.as_bytes() == tok {
            return Some((v, end));
        }
    }
    parse_int_bytes(tok).map(|v| (v, end))
}

/// `(x,y,z)`, each a decimal in -8..=7, no spaces.
#[inline]
fn texel_offsets(s: &[u8], p: usize) -> Option<(i64, usize)> {
    if s.get(p) != Some(&b'(') {
        return None;
    }
    let mut p = p + 1;
    let mut x = [0i64; 3];
    for (k, v) in x.iter_mut().enumerate() {
        let neg = s.get(p) == Some(&b'-');
        let (n, q) = decimal(s, p + neg as usize)?;
        *v = if neg { -n } else { n };
        if !(-8..=7).contains(v) || s.get(q) != Some(if k == 2 { &b')' } else { &b',' }) {
            return None;
        }
        p = q + 1;
    }
    Some((toff_join(x) as i64, p))
}

/// Check and store one operand value the way the general path does.
#[inline]
fn store(inst: &mut Inst, o: &Operand, v: i64) -> Option<()> {
    let d = inst.desc();
    let v = if o.ty == OpType::K32 {
        let k = k32_value(v)?;
        // A subnormal pattern in a binary32 operand gets a warning: the general path's job.
        if is_subnormal32(k as u32) && k32_is_float(d) {
            return None;
        }
        k
    } else {
        // Registers were range-checked by the parser; groups still need alignment.
        if o.ty.reg().is_none() || o.check {
            check_operand(d, o, v).ok()?;
        }
        v
    };
    inst.set(o.slot, v);
    Some(())
}

/// The instruction `id` with operand text `s` (after the mnemonic, comment and trailing
/// white space removed), or `None` for anything the general path should look at.
pub(crate) fn instruction(id: InsnId, s: &[u8]) -> Option<Inst> {
    let d = id.desc();
    let mut inst = Inst::new(id);
    let mut p = 0;
    let mut first = true;
    let npos = d
        .operands
        .iter()
        .take_while(|o| !o.slot.is_modifier())
        .count();
    for o in &d.operands[..npos] {
        p = separator(s, p, &mut first)?;
        let (v, q) = if o.ty.reg().is_some() {
            register(s, p, o.ty)?
        } else {
            number(s, p)?
        };
        store(&mut inst, o, v)?;
        p = q;
    }
    let mods = &d.operands[npos..];
    let mut seen = 0u32;
    loop {
        if skip_ws(s, p) == s.len() {
            return Some(inst);
        }
        p = separator(s, p, &mut first)?;
        let key_start = p;
        while p < s.len() && s[p].is_ascii_alphanumeric() {
            p += 1;
        }
        if s.get(p) != Some(&b':') {
            return None;
        }
        let key = &s[key_start..p];
        let (k, o) = mods
            .iter()
            .enumerate()
            .find(|(_, o)| o.slot.name().as_bytes() == key)?;
        if seen >> k & 1 == 1 {
            return None;
        }
        seen |= 1 << k;
        let (v, q) = match o.ty {
            OpType::Rm => named(s, p + 1, RM_NAMES.iter().map(|&(n, v)| (n, v as i64)))?,
            OpType::Dim => named(
                s,
                p + 1,
                DIM_NAMES.iter().enumerate().map(|(v, &n)| (n, v as i64)),
            )?,
            OpType::T12 => texel_offsets(s, p + 1)?,
            _ => number(s, p + 1)?,
        };
        store(&mut inst, o, v)?;
        p = q;
    }
}
