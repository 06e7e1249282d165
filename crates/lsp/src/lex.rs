//! Lines of warpkit assembly cut into the pieces an editor shows and navigates: labels,
//! the mnemonic or directive, operands (modifiers split into key and value), registers,
//! literals, names and comments. It follows the assembler's line rules (crates/asm
//! SYNTAX.md); what each piece means comes from the database and the assembler.

use warpkit_asm::expr;
use warpkit_asm::float::{self, BINARY32};
use warpkit_asm::lexline::{lead, Lead};
use warpkit_asm::syntax::{DIM_NAMES, RM_NAMES};

/// What a piece of a line is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PieceKind {
    /// `name:` at the start of a line (the name only).
    LabelDef,
    Mnemonic,
    Directive,
    Register,
    /// The key of a `key:value` modifier.
    ModKey,
    /// A named modifier value (`rtz`, `2d`).
    ModValue,
    Number,
    Float,
    /// A name in an operand: a label or `.equ` reference (or the name a `.equ` defines).
    Name,
    Operator,
    Comment,
}

/// One piece: its kind and byte range in the document.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tok {
    pub kind: PieceKind,
    pub start: usize,
    pub end: usize,
}

/// One operand: its whole range (trimmed), and for a modifier the key's range.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OperandText {
    pub start: usize,
    pub end: usize,
    pub key: Option<(usize, usize)>,
}

/// A line cut into its parts; all ranges are byte offsets in the document.
#[derive(Clone, Debug, Default)]
pub struct LexedLine {
    pub start: usize,
    pub labels: Vec<(usize, usize)>,
    /// The mnemonic or directive.
    pub word: Option<(usize, usize)>,
    /// Where the operand text starts (just after the word).
    pub operands_start: usize,
    pub operands: Vec<OperandText>,
    /// The comment, from its `;` or `//` to the end of the line.
    pub comment: Option<(usize, usize)>,
    /// End of the code part (before the comment, trailing white space removed).
    pub code_end: usize,
}

impl LexedLine {
    pub fn is_directive(&self, text: &str) -> bool {
        self.word.is_some_and(|(s, _)| text.as_bytes()[s] == b'.')
    }
}

/// Whether `c` may start a name, as the assembler reads names.
pub fn is_name_start(c: u8) -> bool {
    expr::is_ident_start(c)
}

/// Whether `c` may continue a name, as the assembler reads names.
pub fn is_name_char(c: u8) -> bool {
    expr::is_ident_char(c)
}

/// Where the comment of a line starts (`;` or `//`), if it has one.
fn comment_start(b: &[u8]) -> Option<usize> {
    let mut i = 0;
    while i < b.len() {
        if b[i] == b';' || (b[i] == b'/' && b.get(i + 1) == Some(&b'/')) {
            return Some(i);
        }
        i += 1;
    }
    None
}

/// Cut the line `text[start..end]` (no line end) into its parts.
pub fn line(text: &str, start: usize, end: usize) -> LexedLine {
    let raw = &text.as_bytes()[start..end];
    let mut l = LexedLine {
        start,
        ..LexedLine::default()
    };
    let code_len = match comment_start(raw) {
        Some(c) => {
            l.comment = Some((start + c, end));
            c
        }
        None => raw.len(),
    };
    let mut n = code_len;
    while n > 0 && raw[n - 1].is_ascii_whitespace() {
        n -= 1;
    }
    l.code_end = start + n;
    let b = &raw[..n];
    let mut pos = 0;
    // Labels and the word as the assembler reads them (its one label lexer).
    let word_end = loop {
        match lead(b, pos) {
            Lead::Label(s, e) => {
                l.labels.push((start + s, start + e));
                pos = e + 1;
            }
            Lead::Word { start: s, end } => {
                pos = s;
                break end;
            }
        }
    };
    if pos >= b.len() {
        l.operands_start = start + b.len();
        return l;
    }
    let st = pos;
    pos = match word_end {
        Some(e) => e,
        None => {
            let mut p = pos;
            while p < b.len() && !b[p].is_ascii_whitespace() {
                p += 1;
            }
            p
        }
    };
    l.word = Some((start + st, start + pos));
    l.operands_start = start + pos;
    // Operands: top-level commas split (parentheses and brackets nest), as the assembler.
    let ops = &b[pos..];
    if ops.iter().all(u8::is_ascii_whitespace) {
        return l;
    }
    let mut depth = 0i32;
    let mut from = 0;
    for i in 0..=ops.len() {
        let c = ops.get(i).copied();
        match c {
            Some(b'(' | b'[') => depth += 1,
            Some(b')' | b']') => depth -= 1,
            _ => {}
        }
        if c.is_none() || (c == Some(b',') && depth <= 0) {
            let (mut s, mut e) = (from, i);
            while s < e && ops[s].is_ascii_whitespace() {
                s += 1;
            }
            while e > s && ops[e - 1].is_ascii_whitespace() {
                e -= 1;
            }
            let key_len = ops[s..e]
                .iter()
                .take_while(|c| c.is_ascii_alphanumeric())
                .count();
            let key = (key_len > 0 && ops.get(s + key_len) == Some(&b':') && s + key_len < e)
                .then(|| (l.operands_start + s, l.operands_start + s + key_len));
            l.operands.push(OperandText {
                start: l.operands_start + s,
                end: l.operands_start + e,
                key,
            });
            from = i + 1;
        }
    }
    l
}

/// A register name: `v5`, `u3`, `v1.h`, `v[2:3]`, `u[8:15]` (any case).
pub fn is_register(t: &str) -> bool {
    register(t).is_some()
}

/// What a register name names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RegName {
    /// `v` or `u`.
    pub file: u8,
    pub first: u32,
    /// Registers named (1 for a single register or a half).
    pub count: u32,
    /// `Some(false)` low half, `Some(true)` high half.
    pub half: Option<bool>,
}

pub fn register(t: &str) -> Option<RegName> {
    let b = t.as_bytes();
    let file = b.first()?.to_ascii_lowercase();
    if file != b'v' && file != b'u' {
        return None;
    }
    let rest = &t[1..];
    let digits = |s: &str| !s.is_empty() && s.len() <= 4 && s.bytes().all(|c| c.is_ascii_digit());
    if let Some(inner) = rest.strip_prefix('[').and_then(|r| r.strip_suffix(']')) {
        let (a, b) = inner.split_once(':')?;
        let (a, b) = (a.trim(), b.trim());
        if !digits(a) || !digits(b) {
            return None;
        }
        let (a, b): (u32, u32) = (a.parse().ok()?, b.parse().ok()?);
        return Some(RegName {
            file,
            first: a,
            count: (b + 1).saturating_sub(a),
            half: None,
        });
    }
    let (num, half) = match rest.split_once('.') {
        Some((n, h)) if file == b'v' && h.eq_ignore_ascii_case("l") => (n, Some(false)),
        Some((n, h)) if file == b'v' && h.eq_ignore_ascii_case("h") => (n, Some(true)),
        Some(_) => return None,
        None => (rest, None),
    };
    if !digits(num) {
        return None;
    }
    Some(RegName {
        file,
        first: num.parse().ok()?,
        count: 1,
        half,
    })
}

/// Named modifier values the assembler knows (`rm`, `dim`).
pub fn is_named_value(t: &str) -> bool {
    RM_NAMES.iter().any(|(n, _)| n.eq_ignore_ascii_case(t))
        || DIM_NAMES.iter().any(|n| n.eq_ignore_ascii_case(t))
}

/// The pieces of a line, in order.
pub fn tokens(text: &str, l: &LexedLine, out: &mut Vec<Tok>) {
    let tok = |kind, (start, end): (usize, usize)| Tok { kind, start, end };
    for &r in &l.labels {
        out.push(tok(PieceKind::LabelDef, r));
    }
    if let Some(w) = l.word {
        let kind = if text.as_bytes()[w.0] == b'.' {
            PieceKind::Directive
        } else {
            PieceKind::Mnemonic
        };
        out.push(tok(kind, w));
    }
    for o in &l.operands {
        let mut s = o.start;
        if let Some(k) = o.key {
            out.push(tok(PieceKind::ModKey, k));
            s = k.1 + 1;
            while s < o.end && text.as_bytes()[s].is_ascii_whitespace() {
                s += 1;
            }
            if is_named_value(&text[s..o.end]) {
                out.push(tok(PieceKind::ModValue, (s, o.end)));
                continue;
            }
        }
        operand_tokens(text, s, o.end, out);
    }
    if let Some(c) = l.comment {
        out.push(tok(PieceKind::Comment, c));
    }
}

/// The pieces of one operand (or a modifier's value) `text[start..end]`.
fn operand_tokens(text: &str, start: usize, end: usize, out: &mut Vec<Tok>) {
    let t = &text[start..end];
    if t.is_empty() {
        return;
    }
    if is_register(t) {
        out.push(Tok {
            kind: PieceKind::Register,
            start,
            end,
        });
        return;
    }
    if float::parse(t, &BINARY32).is_some() {
        out.push(Tok {
            kind: PieceKind::Float,
            start,
            end,
        });
        return;
    }
    let b = t.as_bytes();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        let st = i;
        let kind = if c.is_ascii_whitespace() {
            i += 1;
            continue;
        } else if c.is_ascii_digit() {
            // Cut where the assembler's expression scanner cuts a literal.
            i += expr::number_at(&b[i..]).0;
            PieceKind::Number
        } else if is_name_start(c) {
            while i < b.len() && is_name_char(b[i]) {
                i += 1;
            }
            PieceKind::Name
        } else {
            // A non-ASCII character is one piece (the assembler reports it).
            i += text[start + i..].chars().next().map_or(1, char::len_utf8);
            PieceKind::Operator
        };
        out.push(Tok {
            kind,
            start: start + st,
            end: start + i,
        });
    }
}

/// Every line of a text with its byte range (line ends and a final `\r` excluded).
pub fn line_ranges(text: &str) -> impl Iterator<Item = (usize, usize)> + '_ {
    let b = text.as_bytes();
    let mut start = 0;
    let mut done = false;
    std::iter::from_fn(move || {
        if done {
            return None;
        }
        let (end, next) = match memchr::memchr(b'\n', &b[start..]) {
            Some(p) => (start + p, start + p + 1),
            None => {
                done = true;
                (b.len(), b.len())
            }
        };
        let e = if end > start && b[end - 1] == b'\r' {
            end - 1
        } else {
            end
        };
        let r = (start, e);
        start = next;
        Some(r)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(src: &str) -> Vec<(PieceKind, &str)> {
        let l = line(src, 0, src.len());
        let mut v = Vec::new();
        tokens(src, &l, &mut v);
        v.iter().map(|t| (t.kind, &src[t.start..t.end])).collect()
    }

    #[test]
    fn a_line_in_pieces() {
        use PieceKind::*;
        assert_eq!(
            kinds("top: fadd.f16 v1.h, V2.l, v3.h, RM:rtz, neg:0b01 ; hi"),
            vec![
                (LabelDef, "top"),
                (Mnemonic, "fadd.f16"),
                (Register, "v1.h"),
                (Register, "V2.l"),
                (Register, "v3.h"),
                (ModKey, "RM"),
                (ModValue, "rtz"),
                (ModKey, "neg"),
                (Number, "0b01"),
                (Comment, "; hi"),
            ]
        );
        assert_eq!(
            kinds("  bz u1, end+4 // x"),
            vec![
                (Mnemonic, "bz"),
                (Register, "u1"),
                (Name, "end"),
                (Operator, "+"),
                (Number, "4"),
                (Comment, "// x"),
            ]
        );
        assert_eq!(
            kinds(".equ N, 8"),
            vec![(Directive, ".equ"), (Name, "N"), (Number, "8")]
        );
        assert_eq!(
            kinds("add64 v[2:3], v[4:5], -0x1p-3"),
            vec![
                (Mnemonic, "add64"),
                (Register, "v[2:3]"),
                (Register, "v[4:5]"),
                (Float, "-0x1p-3"),
            ]
        );
    }

    #[test]
    fn operands_split_like_the_assembler() {
        let src = "tex.sample v0, v4, u[8:15], u[4:7], dim:2d, toff:(1,-2,0)";
        let l = line(src, 0, src.len());
        let ops: Vec<&str> = l.operands.iter().map(|o| &src[o.start..o.end]).collect();
        assert_eq!(
            ops,
            vec!["v0", "v4", "u[8:15]", "u[4:7]", "dim:2d", "toff:(1,-2,0)"]
        );
        assert!(l.operands[4].key.is_some() && l.operands[2].key.is_none());
    }

    #[test]
    fn numbers_are_cut_as_the_assembler_cuts_them() {
        use PieceKind::*;
        // `12ab` is one malformed literal to the assembler, not `12` and a name.
        assert_eq!(
            kinds(".word 12ab+0x1_f"),
            vec![
                (Directive, ".word"),
                (Number, "12ab"),
                (Operator, "+"),
                (Number, "0x1_f")
            ]
        );
        assert_eq!(warpkit_asm::expr::number_at(b"12ab+0x1_f").0, 4);
    }

    #[test]
    fn registers_by_name() {
        assert_eq!(
            register("V[2:3]"),
            Some(RegName {
                file: b'v',
                first: 2,
                count: 2,
                half: None
            })
        );
        assert_eq!(register("v7.H").map(|r| r.half), Some(Some(true)));
        assert_eq!(register("u1.h"), None);
        assert_eq!(register("value"), None);
        assert_eq!(register("v"), None);
    }
}
