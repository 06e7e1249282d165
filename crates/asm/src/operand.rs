//! Operands: the operand text of a line split at top-level commas, and each operand parsed
//! and checked against the variant's operand list (registers, modifiers, immediates and
//! float literals), with the diagnostics of every way one can be wrong.

use crate::diagnostic::{Reporter, Span};
use crate::expr::{eval, is_operand_break, parse_int, ExprErr, Symbols};
use crate::float::{self, FloatError, BINARY32};
use crate::syntax::{k32_is_float, syntax_of, toff_join, DIM_NAMES, RM_NAMES};
use warpkit_encoding::{check_operand, Inst, OperandError};
use warpkit_isa::{lookup, InsnDesc, InsnId, OpType, Operand, RegFile, Slot};

/// The operands of one instruction line, checked one at a time against its variant.
pub(crate) struct Operands {
    d: &'static InsnDesc,
    inst: Inst,
    /// Positional operands come first in every variant's operand list.
    positional: &'static [Operand],
    next_pos: usize,
    /// Modifiers given so far, by index in the operand list.
    seen_mod: u32,
    ok: bool,
}

impl Operands {
    pub fn new(id: InsnId) -> Self {
        let d = id.desc();
        let npos = d
            .operands
            .iter()
            .take_while(|o| !o.slot.is_modifier())
            .count();
        Operands {
            d,
            inst: Inst::new(id),
            positional: &d.operands[..npos],
            next_pos: 0,
            seen_mod: 0,
            ok: true,
        }
    }

    /// The operand at `op_span`. An immediate that names a symbol not defined yet is
    /// returned, to be resolved in pass 2.
    pub fn operand(
        &mut self,
        rep: &mut Reporter<'_>,
        syms: &Symbols<'_>,
        pc: u64,
        op_span: Span,
    ) -> Option<&'static Operand> {
        let d = self.d;
        let t = rep.text(op_span);
        if t.is_empty() {
            rep.error(
                op_span,
                "empty operand".into(),
                Some(format!("syntax: {}", syntax_of(d))),
            );
            self.ok = false;
            // It stands for the operand of its place: that one is not also "missing".
            self.next_pos = (self.next_pos + 1).min(self.positional.len());
            return None;
        }
        // `key:value` modifier? (a register group like v[4:5] has its colon inside brackets)
        let key_len = t.bytes().take_while(|c| c.is_ascii_alphanumeric()).count();
        if key_len > 0 && t.as_bytes().get(key_len) == Some(&b':') {
            self.modifier(rep, syms, op_span, &t[..key_len]);
            return None;
        }
        if self.seen_mod != 0 {
            rep.error(
                op_span,
                "positional operand after modifiers".into(),
                Some(format!("syntax: {}", syntax_of(d))),
            );
            self.ok = false;
            return None;
        }
        let Some(o) = self.positional.get(self.next_pos) else {
            rep.error(
                op_span,
                format!(
                    "{} takes {} operand{}, this is one too many",
                    d.mnemonic,
                    self.positional.len(),
                    if self.positional.len() == 1 { "" } else { "s" }
                ),
                Some(format!("syntax: {}", syntax_of(d))),
            );
            self.ok = false;
            self.next_pos += 1;
            return None;
        };
        self.next_pos += 1;
        if o.ty.reg().is_some() {
            // parse_reg keeps single registers in range; groups still need the
            // alignment and end-of-file checks.
            match parse_reg(rep, op_span, o.ty, o.slot) {
                Some(v) if !o.check => self.inst.set(o.slot, v),
                Some(v) => match check_operand(d, o, v) {
                    Ok(()) => self.inst.set(o.slot, v),
                    Err(e) => {
                        report_operand_error(rep, op_span, d, o, e);
                        self.ok = false;
                    }
                },
                None => self.ok = false,
            }
            return None;
        }
        self.immediate(rep, syms, pc, op_span, o)
    }

    /// A `key:value` modifier.
    fn modifier(&mut self, rep: &mut Reporter<'_>, syms: &Symbols<'_>, op_span: Span, key: &str) {
        let d = self.d;
        let vspan = Span {
            start: op_span.start + key.len() + 1,
            end: op_span.end,
        };
        match d
            .operands
            .iter()
            .enumerate()
            .find(|(_, o)| o.slot.is_modifier() && o.slot.name().eq_ignore_ascii_case(key))
        {
            Some((idx, o)) => {
                if self.seen_mod >> idx & 1 == 1 {
                    rep.error(op_span, format!("modifier `{key}` given twice"), None);
                    self.ok = false;
                    return;
                }
                self.seen_mod |= 1 << idx;
                match parse_modifier(rep, syms, op_span, vspan, o) {
                    Some(v) => {
                        if let Err(e) = check_operand(d, o, v) {
                            report_operand_error(rep, op_span, d, o, e);
                            self.ok = false;
                        } else {
                            self.inst.set(o.slot, v);
                        }
                    }
                    None => self.ok = false,
                }
            }
            None => {
                let mods: Vec<&str> = d
                    .operands
                    .iter()
                    .filter(|o| o.slot.is_modifier())
                    .map(|o| o.slot.name())
                    .collect();
                let hint = if mods.is_empty() {
                    let alt = format!("{}.m", d.mnemonic);
                    if lookup(&alt).is_some() {
                        format!("{} takes no modifiers; `{alt}` does", d.mnemonic)
                    } else {
                        format!("{} takes no modifiers", d.mnemonic)
                    }
                } else {
                    format!("{} takes {}", d.mnemonic, mods.join(", "))
                };
                rep.error(
                    op_span,
                    format!("`{key}` is not a modifier of {}", d.mnemonic),
                    Some(hint),
                );
                self.ok = false;
            }
        }
    }

    /// A positional immediate: resolved now if possible, else returned for pass 2. Any
    /// 32-bit literal may be a float literal (its binary32 bits).
    fn immediate(
        &mut self,
        rep: &mut Reporter<'_>,
        syms: &Symbols<'_>,
        pc: u64,
        op_span: Span,
        o: &'static Operand,
    ) -> Option<&'static Operand> {
        let d = self.d;
        let t = rep.text(op_span);
        if o.ty == OpType::K32 {
            match float::parse(t, &BINARY32) {
                Some(Ok(bits)) => {
                    self.inst.imm = bits as i32;
                    return None;
                }
                Some(Err(e)) => {
                    float_error(rep, op_span, e, &BINARY32);
                    self.ok = false;
                    return None;
                }
                None => {}
            }
        }
        let tb = t.as_bytes();
        let second = tb.get(1).copied().unwrap_or(0);
        if matches!(tb.first(), Some(b'v' | b'V')) && (second.is_ascii_digit() || second == b'[')
            || (matches!(tb.first(), Some(b'u' | b'U')) && second.is_ascii_digit())
        {
            rep.error(
                op_span,
                format!(
                    "{}:{} is an immediate, found register `{t}`",
                    o.slot.name(),
                    o.ty.name()
                ),
                Some(format!("syntax: {}", syntax_of(d))),
            );
            self.ok = false;
            return None;
        }
        match eval(syms, t, false) {
            Ok(value) => match immediate(rep, op_span, d, o, value, pc) {
                Some(v) => self.inst.set(o.slot, v),
                None => self.ok = false,
            },
            Err(ExprErr::Undefined(_)) => return Some(o),
            Err(e) => {
                let hint = format!(
                    "{}:{} is a number{}",
                    o.slot.name(),
                    o.ty.name(),
                    if o.ty.is_pc_relative() {
                        " or a label"
                    } else {
                        ""
                    }
                );
                bad_expr(rep, syms, op_span, e, Some(hint));
                self.ok = false;
            }
        }
        None
    }

    /// After the last operand (`ops`, of the line whose mnemonic is at `span`): the
    /// missing ones reported; the instruction if every operand was right.
    pub fn finish(mut self, rep: &mut Reporter<'_>, ops: &[Span], span: Span) -> Option<Inst> {
        let d = self.d;
        if self.next_pos < self.positional.len() {
            let missing: Vec<String> = self.positional[self.next_pos..]
                .iter()
                .map(|o| format!("{}:{}", o.slot.name(), o.ty.name()))
                .collect();
            let at = ops.last().map_or(span, |s| Span {
                start: s.end,
                end: s.end,
            });
            rep.error(
                at,
                format!(
                    "{} needs {} more operand{}: {}",
                    d.mnemonic,
                    missing.len(),
                    if missing.len() == 1 { "" } else { "s" },
                    missing.join(", ")
                ),
                Some(format!("syntax: {}", syntax_of(d))),
            );
            self.ok = false;
        }
        self.ok.then_some(self.inst)
    }
}

/// A `k32` operand takes any 32-bit pattern, written signed or unsigned; stored as the
/// sign-extended pattern (how `Inst::imm` holds it).
pub(crate) fn k32_value(v: i64) -> Option<i64> {
    (i32::MIN as i64..=u32::MAX as i64)
        .contains(&v)
        .then_some(v as u32 as i32 as i64)
}

/// Split operands at top-level commas (parentheses and brackets nest).
pub(crate) fn split_operands(s: &str, base: usize, out: &mut Vec<Span>) {
    let b = s.as_bytes();
    let mut push = |start: usize, end: usize| {
        let mut a = start;
        let mut e = end;
        while a < e && b[a].is_ascii_whitespace() {
            a += 1;
        }
        while e > a && b[e - 1].is_ascii_whitespace() {
            e -= 1;
        }
        out.push(Span {
            start: base + a,
            end: base + e,
        });
    };
    let mut start = 0;
    let mut i = 0;
    // At depth 0 jump straight to the next comma or opening bracket; inside brackets
    // (rare: `v[4:5]`, `toff:(1,-2,0)`, parenthesised expressions) walk byte by byte.
    // Operand lists are short: a table-driven scan beats a vector search's set-up cost.
    loop {
        i = next_split_byte(b, i);
        if i >= b.len() {
            break;
        }
        let at = i;
        if b[at] == b',' {
            push(start, at);
            start = at + 1;
            i = at + 1;
            continue;
        }
        let mut depth = 0i32;
        let mut k = at;
        while k < b.len() {
            match b[k] {
                b'(' | b'[' => depth += 1,
                b')' | b']' => depth -= 1,
                _ => {}
            }
            k += 1;
            if depth <= 0 {
                break;
            }
        }
        i = k;
    }
    push(start, b.len());
}

/// Index of the first `,`, `(` or `[` at or after `i` (or `b.len()`): eight bytes at a time
/// with the SWAR zero-byte test, the tail byte by byte.
#[inline]
fn next_split_byte(b: &[u8], mut i: usize) -> usize {
    const LO: u64 = 0x0101_0101_0101_0101;
    const HI: u64 = 0x8080_8080_8080_8080;
    // A byte of `x` is zero  <=>  its lane in `(x - LO) & !x & HI` is set (exact for the
    // lowest such byte, which is the one wanted).
    let zero = |x: u64| x.wrapping_sub(LO) & !x & HI;
    while let Some(chunk) = b.get(i..i + 8) {
        let w = u64::from_le_bytes(chunk.try_into().unwrap_or([0; 8]));
        let hit = zero(w ^ (LO * b',' as u64))
            | zero(w ^ (LO * b'(' as u64))
            | zero(w ^ (LO * b'[' as u64));
        if hit != 0 {
            return i + (hit.trailing_zeros() / 8) as usize;
        }
        i += 8;
    }
    while i < b.len() && !is_operand_break(b[i]) {
        i += 1;
    }
    i
}

/// A non-ASCII character inside something meant to be a name: where it is and what it is.
pub(crate) fn non_ascii_in(s: &str) -> Option<(usize, char)> {
    s.char_indices().find(|(_, c)| !c.is_ascii())
}

/// The error for a character outside the name alphabet.
pub(crate) fn bad_name_char(c: char) -> (String, Option<String>) {
    (
        format!("`{c}` (U+{:04X}) cannot be part of a name", c as u32),
        Some("names (labels, .equ) use ASCII letters, digits, `_`, `.` and `$`".into()),
    )
}

fn reg_example(ty: OpType, n: u32) -> String {
    match ty.reg() {
        Some((RegFile::H, _, _)) => format!("v{n}.l or v{n}.h"),
        Some((f, 1, _)) => format!("{}{n}", if f == RegFile::U { 'u' } else { 'v' }),
        Some((f, c, _)) => format!(
            "{}[{n}:{}]",
            if f == RegFile::U { 'u' } else { 'v' },
            n + c as u32 - 1
        ),
        None => String::new(),
    }
}

/// The first register of a group of type `ty` that a hint can suggest for `n`: `n` rounded
/// down to the group's alignment, and low enough for the group to fit below `limit`.
fn group_start(ty: OpType, n: i64, limit: i64) -> u32 {
    let (count, align) = ty.reg().map_or((1, 1), |(_, c, a)| (c as i64, a as i64));
    let n = n.clamp(0, limit - count);
    (n - n % align) as u32
}

/// Report an operand that does not evaluate.
pub(crate) fn bad_expr(
    rep: &mut Reporter<'_>,
    syms: &Symbols<'_>,
    span: Span,
    e: ExprErr,
    hint: Option<String>,
) {
    let t = rep.text(span);
    match e {
        ExprErr::BadChar(at, c) => {
            let (m, h) = bad_name_char(c);
            let start = span.start + at;
            let end = start + c.len_utf8();
            rep.error(Span { start, end }, m, h);
        }
        ExprErr::Undefined(n) => {
            let hint = symbol_hint(rep, syms, &n).or(hint);
            rep.error(span, format!("unknown label or symbol `{n}`"), hint);
        }
        ExprErr::Syntax(_) if float::parse(t, &BINARY32).is_some() => rep.error(
            span,
            format!("float literal `{t}` where an integer is needed"),
            Some(
                "float literals are allowed as 32-bit literals (k32), in .word (binary32) \
                 and .half (binary16)"
                    .into(),
            ),
        ),
        ExprErr::Syntax(m) => rep.error(span, m, hint),
    }
}

pub(crate) fn float_error(
    rep: &mut Reporter<'_>,
    span: Span,
    e: FloatError,
    f: &float::FloatFormat,
) {
    let t = rep.text(span);
    match e {
        FloatError::Overflow => rep.error(
            span,
            format!("`{t}` overflows {}", f.name),
            Some(format!(
                "the largest finite {} is {}; write `inf` for infinity",
                f.name,
                f.max_text()
            )),
        ),
        FloatError::Underflow { nearest } => rep.error(
            span,
            format!(
                "`{t}` underflows {}: the nearest value is {}",
                f.name,
                if f.is_zero(nearest) {
                    "zero".to_string()
                } else {
                    format!(
                        "the subnormal {} (0x{nearest:x}), which is not equal to it",
                        f.tiny_value_text(nearest)
                    )
                }
            ),
            Some(format!(
                "write zero or an exact value (subnormals in hex, e.g. `{}`)",
                f.min_subnormal_text()
            )),
        ),
    }
}

/// "did you mean" for an unknown symbol; searched for the first errors only, so a file
/// with thousands of unknown names stays fast.
fn symbol_hint(rep: &mut Reporter<'_>, syms: &Symbols<'_>, name: &str) -> Option<String> {
    rep.hints_given += 1;
    if rep.hints_given > 16 || syms.len() > 20_000 {
        return None;
    }
    closest_symbol(syms, name).map(|s| format!("did you mean `{s}`?"))
}

fn closest_symbol<'s>(syms: &Symbols<'s>, name: &str) -> Option<&'s str> {
    syms.keys()
        .filter(|k| k.len().abs_diff(name.len()) <= 2.max(k.len() / 3))
        .map(|k| (warpkit_isa::edit_distance(name, k), *k))
        .filter(|(d, k)| *d <= 2.max(k.len() / 3))
        .min()
        .map(|(_, k)| k)
}

/// Parse a register operand of type `ty`; returns the slot value.
fn parse_reg(rep: &mut Reporter<'_>, span: Span, ty: OpType, slot: Slot) -> Option<i64> {
    let t = rep.text(span);
    let (file, count, _) = ty.reg()?;
    let want = |rep: &mut Reporter<'_>, msg: String| -> Option<i64> {
        let hint = Some(format!(
            "{} takes {}",
            slot.name(),
            reg_example(ty, 0).replace('0', "N")
        ));
        rep.error(span, msg, hint);
        None
    };
    let tb = t.as_bytes();
    // Register names ignore case (`V1`, `U[2:3]`, `v1.L`), like mnemonics.
    let fc = tb.first().copied().unwrap_or(0).to_ascii_lowercase();
    let file_char = match file {
        RegFile::U => b'u',
        _ => b'v',
    };
    if fc != b'v' && fc != b'u' {
        return want(
            rep,
            format!(
                "expected a register for {}:{}, found `{t}`",
                slot.name(),
                ty.name()
            ),
        );
    }
    if fc != file_char {
        let other = if fc == b'u' {
            "a uniform register"
        } else {
            "a vector register"
        };
        return want(
            rep,
            format!(
                "{}:{} needs a {} register, `{t}` is {other}",
                slot.name(),
                ty.name(),
                if file_char == b'u' {
                    "uniform (u)"
                } else {
                    "vector (v)"
                }
            ),
        );
    }
    let limit: i64 = if file == RegFile::U { 64 } else { 128 };
    let rest = &t[1..];
    if let Some(inner) = rest.strip_prefix('[').and_then(|r| r.strip_suffix(']')) {
        let Some((a, b)) = inner.split_once(':') else {
            return want(
                rep,
                format!(
                    "register group `{t}` needs the form {}[first:last]",
                    file_char as char
                ),
            );
        };
        let (Some(a), Some(b)) = (parse_int(a.trim()), parse_int(b.trim())) else {
            return want(rep, format!("bad register group `{t}`"));
        };
        if count == 1 {
            rep.error(
                span,
                format!(
                    "{}:{} is a single register, not a group",
                    slot.name(),
                    ty.name()
                ),
                Some(format!("write {}{a}", file_char as char)),
            );
            return None;
        }
        if b - a + 1 != count as i64 {
            rep.error(
                span,
                format!(
                    "{}:{} needs {count} registers, `{t}` names {}",
                    slot.name(),
                    ty.name(),
                    (b - a + 1).max(0)
                ),
                Some(format!(
                    "write {}",
                    reg_example(ty, group_start(ty, a.min(b), limit))
                )),
            );
            return None;
        }
        if a >= limit || b >= limit {
            rep.error(
                span,
                format!(
                    "register group `{t}` runs past {}{}",
                    file_char as char,
                    limit - 1
                ),
                None,
            );
            return None;
        }
        return Some(a);
    }
    // Register text is a few bytes: a plain scan beats a vector search's set-up.
    let (num, half) = match rest.bytes().position(|c| c == b'.') {
        Some(p) => (&rest[..p], Some(&rest[p + 1..])),
        None => (rest, None),
    };
    let Some(n) = parse_int(num).filter(|_| num.bytes().all(|c| c.is_ascii_digit())) else {
        return want(rep, format!("`{t}` is not a register"));
    };
    if n >= limit {
        rep.error(
            span,
            format!(
                "`{t}` does not exist: {} registers are {}0..{}{}",
                if file == RegFile::U {
                    "uniform"
                } else {
                    "vector"
                },
                file_char as char,
                file_char as char,
                limit - 1
            ),
            None,
        );
        return None;
    }
    match (file, half) {
        (RegFile::H, Some("l" | "L")) => Some(2 * n),
        (RegFile::H, Some("h" | "H")) => Some(2 * n + 1),
        (RegFile::H, _) => {
            rep.error(
                span,
                format!("{}:h needs a half register, found `{t}`", slot.name()),
                Some(format!("write v{n}.l (bits 15:0) or v{n}.h (bits 31:16)")),
            );
            None
        }
        (_, Some(_)) => {
            rep.error(
                span,
                format!(
                    "{}:{} is a full register; `{t}` names a half",
                    slot.name(),
                    ty.name()
                ),
                Some(format!("write v{n}")),
            );
            None
        }
        (_, None) if count > 1 => {
            rep.error(
                span,
                format!(
                    "{}:{} needs a register group, found `{t}`",
                    slot.name(),
                    ty.name()
                ),
                Some(format!(
                    "write {}",
                    reg_example(ty, group_start(ty, n, limit))
                )),
            );
            None
        }
        _ => Some(n),
    }
}

/// Value of a modifier (`key:value`).
fn parse_modifier(
    rep: &mut Reporter<'_>,
    syms: &Symbols<'_>,
    span: Span,
    vspan: Span,
    o: &'static Operand,
) -> Option<i64> {
    let v = rep.text(vspan).trim();
    match o.ty {
        OpType::Rm => {
            if let Some((_, x)) = RM_NAMES.iter().find(|(n, _)| n.eq_ignore_ascii_case(v)) {
                return Some(*x as i64);
            }
            if let Some(x) = parse_int(v) {
                return Some(x);
            }
            rep.error(
                vspan,
                format!("unknown rounding mode `{v}`"),
                Some("rm is one of rne, rtz, rdn, rup, rmm, dyn".into()),
            );
            None
        }
        OpType::Dim => {
            if let Some(x) = DIM_NAMES.iter().position(|n| n.eq_ignore_ascii_case(v)) {
                return Some(x as i64);
            }
            if let Some(x) = parse_int(v) {
                return Some(x);
            }
            rep.error(
                vspan,
                format!("unknown dimension `{v}`"),
                Some(format!("dim is one of {}", DIM_NAMES.join(", "))),
            );
            None
        }
        OpType::T12 => {
            if let Some(inner) = v.strip_prefix('(').and_then(|r| r.strip_suffix(')')) {
                // Exactly three offsets, each in -8..=7 (no allocation: one per T line).
                let mut x = [0i64; 3];
                let mut n = 0;
                let mut good = true;
                for p in inner.split(',').map(str::trim) {
                    let val = match p.strip_prefix('-') {
                        Some(m) => parse_int(m).map(i64::wrapping_neg),
                        None => parse_int(p),
                    };
                    match (x.get_mut(n), val) {
                        (Some(slot), Some(val @ -8..=7)) => *slot = val,
                        _ => good = false,
                    }
                    n += 1;
                }
                if good && n == 3 {
                    return Some(toff_join(x) as i64);
                }
            }
            rep.error(
                span,
                format!("bad texel offset `{v}`"),
                Some("toff:(x,y,z) with each offset in -8..=7".into()),
            );
            None
        }
        _ => match eval(syms, v, false) {
            Ok((x, _)) => Some(x),
            Err(_) => {
                rep.error(
                    vspan,
                    format!("bad value `{v}` for {}", o.slot.name()),
                    Some(format!("{} is a number ({})", o.slot.name(), o.ty.name())),
                );
                None
            }
        },
    }
}

pub(crate) fn report_operand_error(
    rep: &mut Reporter<'_>,
    span: Span,
    d: &InsnDesc,
    o: &Operand,
    e: OperandError,
) {
    let hint = match e {
        OperandError::Misaligned { reg, align } => {
            let lo = reg / align as u32 * align as u32;
            Some(format!(
                "{} must start on a multiple of {align}: try {}",
                reg_example(o.ty, reg),
                reg_example(o.ty, lo)
            ))
        }
        OperandError::BranchAlign { .. } => {
            Some("instructions are 4-byte aligned; branch to a label".into())
        }
        OperandError::ReservedValue { .. } if o.ty == OpType::Rm => {
            Some("rm is one of rne, rtz, rdn, rup, rmm, dyn".into())
        }
        OperandError::ReservedModBit { allowed, .. } => {
            Some(format!("{} has sources 0b{allowed:03b}", d.mnemonic))
        }
        OperandError::OutOfRange { .. } if o.ty.is_pc_relative() => {
            Some("the target is too far for this branch".into())
        }
        _ => None,
    };
    rep.error(span, format!("{} {}: {e}", d.mnemonic, o.slot.name()), hint);
}

/// A resolved immediate: a label becomes an offset from the instruction at `pc`, then
/// the value is range-checked. The same in pass 1 and pass 2.
pub(crate) fn immediate(
    rep: &mut Reporter<'_>,
    span: Span,
    d: &InsnDesc,
    o: &Operand,
    (v, is_label): (i64, bool),
    pc: u64,
) -> Option<i64> {
    let v = if o.ty.is_pc_relative() && is_label {
        v - pc as i64
    } else {
        v
    };
    check_imm(rep, span, d, o, v)
}

/// Range-check an immediate; `k32` accepts any 32-bit pattern, signed or not.
fn check_imm(rep: &mut Reporter<'_>, span: Span, d: &InsnDesc, o: &Operand, v: i64) -> Option<i64> {
    if o.ty == OpType::K32 {
        let k = k32_value(v);
        match k {
            None => rep.error(
                span,
                format!("{} {}: {v} does not fit 32 bits", d.mnemonic, o.slot.name()),
                Some("k32 takes -0x80000000..=0xffffffff".into()),
            ),
            Some(k) if k32_is_float(d) && float::is_subnormal32(k as u32) => {
                subnormal_warning(rep, span, k as u32)
            }
            Some(_) => {}
        }
        return k;
    }
    match check_operand(d, o, v) {
        Ok(()) => Some(v),
        Err(e) => {
            report_operand_error(rep, span, d, o, e);
            None
        }
    }
}

/// An integer in a binary32 operand is its bit pattern; a small one is a subnormal,
/// which is rarely what was meant (`2` is 2.8e-45, not 2.0).
fn subnormal_warning(rep: &mut Reporter<'_>, span: Span, bits: u32) {
    let t = rep.text(span);
    let value = f32::from_bits(bits);
    let keep = float::subnormal32_text(bits);
    let hint = if bits >> 31 == 0 {
        format!("did you mean `{bits}.0`? (to keep the subnormal, write it as `{keep}`)")
    } else {
        format!("to keep the subnormal, write it as a float: `{keep}`")
    };
    rep.warn(
        span,
        format!(
            "integer `{t}` in a binary32 operand is the bit pattern 0x{bits:08x}, \
             the subnormal {value:.2e}"
        ),
        Some(hint),
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn word_at_a_time_split_scan_agrees_with_the_byte_scan() {
        let alphabet = b"v1, u[2:3](x)-_ \t\xc3\xa9;,[(";
        let mut x: u64 = 0x2545_F491_4F6C_DD1D;
        for len in 0..40 {
            for _ in 0..300 {
                let b: Vec<u8> = (0..len)
                    .map(|_| {
                        x ^= x << 13;
                        x ^= x >> 7;
                        x ^= x << 17;
                        alphabet[(x % alphabet.len() as u64) as usize]
                    })
                    .collect();
                for start in 0..=len {
                    let want = (start..len)
                        .find(|&k| matches!(b[k], b',' | b'(' | b'['))
                        .unwrap_or(len);
                    assert_eq!(next_split_byte(&b, start), want, "{b:?} from {start}");
                }
            }
        }
    }
}
