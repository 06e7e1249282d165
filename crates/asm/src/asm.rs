//! Assembler: two passes over the source. Pass 1 parses every line, sizes it and records
//! labels; pass 2 resolves symbols, checks every operand against the database and encodes.
//! Every error of the file is collected and reported with line, column, caret and a hint.

use crate::float::{self, FloatError, BINARY16, BINARY32};
use crate::syntax::{k32_is_float, toff_join, DIM_NAMES, RM_NAMES};
use std::collections::HashMap;
use std::fmt;
use warpkit_encoding::{check_operand, encode_word, Inst, OperandError};
use warpkit_isa::search::{did_you_mean, or_list};
use warpkit_isa::{lookup, InsnDesc, OpType, Operand, RegFile, Slot};

/// How bad a diagnostic is: errors fail the assembly, warnings are printed and the code is
/// still produced.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Severity {
    Error,
    Warning,
}

/// One error or warning, located in the source.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    pub severity: Severity,
    /// Byte range in the source (a leading byte-order mark included).
    pub start: usize,
    pub end: usize,
    /// 1-based line and column (column counts characters, not a byte-order mark).
    pub line: usize,
    pub col: usize,
    pub message: String,
    pub hint: Option<String>,
    /// A second place the message is about (the first definition of a name defined twice).
    pub related: Option<Related>,
}

/// A second location of a [`Diagnostic`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Related {
    pub start: usize,
    pub end: usize,
    pub line: usize,
    pub col: usize,
    pub message: String,
}

impl Diagnostic {
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}

/// The diagnostics of one file, ready to print.
#[derive(Clone, Debug)]
pub struct Diagnostics {
    pub file: String,
    pub source: String,
    /// Sorted by position; errors and warnings.
    pub list: Vec<Diagnostic>,
}

impl Diagnostics {
    /// Render like a compiler: `error: ...`, `--> file:line:col`, the line, a caret, the hint;
    /// every diagnostic.
    pub fn render(&self, color: bool) -> String {
        self.render_limited(color, usize::MAX)
    }

    /// Like [`Diagnostics::render`], with at most `max` errors (and `max` warnings), then
    /// "... and K more errors". Long lines are shown as a window around the column.
    pub fn render_limited(&self, color: bool, max: usize) -> String {
        crate::render::render(&self.file, &self.source, &self.list, color, max)
    }

    pub fn errors(&self) -> usize {
        self.list.iter().filter(|d| d.is_error()).count()
    }
}

impl fmt::Display for Diagnostics {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.render(false))
    }
}

impl std::error::Error for Diagnostics {}

/// The result of assembling a file.
#[derive(Clone, Debug, Default)]
pub struct Assembly {
    pub code: Vec<u8>,
    /// Labels and their byte offsets, in definition order.
    pub labels: Vec<(String, u32)>,
    /// Warnings (sorted by position); they do not stop the assembly.
    pub warnings: Vec<Diagnostic>,
}

/// A symbol and where its name was defined (byte offset, saturated at 4 GiB: only used to
/// point at a first definition), for "defined twice" errors. 16 bytes, like the value alone.
#[derive(Clone, Copy)]
enum Sym {
    Label(u32, u32),
    Equ(i64, u32),
}

impl Sym {
    fn defined_at(self) -> usize {
        match self {
            Sym::Label(_, at) | Sym::Equ(_, at) => at as usize,
        }
    }
}

impl<'s> Asm<'s> {
    /// Every label and `.equ` name with its value and the byte range of its definition.
    fn symbol_defs(&self) -> Vec<crate::outline::SymbolDef> {
        let mut v: Vec<_> = (self.syms.iter())
            .map(|(name, sym)| {
                let (kind, value) = match *sym {
                    Sym::Label(pc, _) => (crate::outline::SymbolKind::Label, pc as i64),
                    Sym::Equ(v, _) => (crate::outline::SymbolKind::Equ, v),
                };
                let start = sym.defined_at();
                crate::outline::SymbolDef {
                    name: name.to_string(),
                    kind,
                    value,
                    start,
                    end: start + name.len(),
                }
            })
            .collect();
        v.sort_by_key(|d| d.start);
        v
    }
}

fn offset32(at: usize) -> u32 {
    at.min(u32::MAX as usize) as u32
}

#[derive(Clone, Copy)]
struct Span {
    start: usize,
    end: usize,
}

/// An operand whose value needs symbols: resolved in pass 2.
struct Deferred {
    op: &'static Operand,
    span: Span,
}

enum ItemKind {
    Inst {
        inst: Inst,
        deferred: (u32, u32),
    },
    /// Data of `width` bytes per value; values resolved in pass 2.
    Data {
        width: u8,
        exprs: (u32, u32),
    },
    Pad,
}

struct Item {
    pc: u32,
    size: u32,
    kind: ItemKind,
}

struct Asm<'s> {
    src: &'s str,
    syms: HashMap<&'s str, Sym>,
    label_order: Vec<(&'s str, u32)>,
    items: Vec<Item>,
    deferred: Vec<Deferred>,
    /// Data operands, with the value when pass 1 could already evaluate it (a `.set`
    /// redefined later must not change it).
    data_exprs: Vec<(Span, Option<i64>)>,
    diags: Vec<Diagnostic>,
    pc: u64,
    scratch: Vec<Span>,
    suggestions: HashMap<&'s str, Option<String>>,
    hints_given: usize,
    /// Byte offset of each line's start (built lazily, on the first error).
    line_starts: Vec<usize>,
    /// Length of a leading byte-order mark (0 or 3): skipped, not counted in columns.
    bom: usize,
    /// The last diagnostic's (line start, offset, column): the next one on the same line
    /// counts characters from there, so many errors on one long line stay linear.
    last_col: (usize, usize, usize),
    /// Try the fast path first (off only to test it against the general path).
    fast: bool,
    /// Object output: references to symbols defined elsewhere become relocations
    /// (`crate::unit`) instead of errors.
    externals: Option<Vec<crate::unit::RawReloc>>,
}

/// Unknown mnemonics searched for a "did you mean" per file.
const MAX_SEARCHES: usize = 256;

/// Character classes by table: bit 0 may start a name, bit 1 may continue one, bit 2
/// separates or opens operands (`,` `(` `[`).
const CLASS: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut c = 0;
    while c < 256 {
        let b = c as u8;
        if b.is_ascii_alphabetic() || b == b'_' || b == b'.' {
            t[c] |= 1;
        }
        if b.is_ascii_alphanumeric() || b == b'_' || b == b'.' || b == b'$' {
            t[c] |= 2;
        }
        if b == b',' || b == b'(' || b == b'[' {
            t[c] |= 4;
        }
        c += 1;
    }
    t
};

#[inline(always)]
fn is_ident_start(c: u8) -> bool {
    CLASS[c as usize] & 1 != 0
}

#[inline(always)]
fn is_ident_char(c: u8) -> bool {
    CLASS[c as usize] & 2 != 0
}

/// Parse an integer literal: decimal, 0x hex, 0b binary, with `_` separators.
/// A `k32` operand takes any 32-bit pattern, written signed or unsigned; stored as the
/// sign-extended pattern (how `Inst::imm` holds it).
pub(crate) fn k32_value(v: i64) -> Option<i64> {
    (i32::MIN as i64..=u32::MAX as i64)
        .contains(&v)
        .then_some(v as u32 as i32 as i64)
}

pub(crate) fn parse_int(s: &str) -> Option<i64> {
    parse_int_bytes(s.as_bytes())
}

/// [`parse_int`] over bytes.
pub(crate) fn parse_int_bytes(s: &[u8]) -> Option<i64> {
    let (radix, digits): (u64, &[u8]) = match s {
        [b'0', b'x' | b'X', rest @ ..] => (16, rest),
        [b'0', b'b' | b'B', rest @ ..] => (2, rest),
        b => (10, b),
    };
    if digits.is_empty() {
        return None;
    }
    // Up to 64 bits; values above i64::MAX keep their bit pattern (for .dword). One pass,
    // `_` separators allowed.
    let mut v: u64 = 0;
    for &c in digits {
        let d = match c {
            b'0'..=b'9' => c - b'0',
            b'a'..=b'f' => c - b'a' + 10,
            b'A'..=b'F' => c - b'A' + 10,
            b'_' => continue,
            _ => return None,
        } as u64;
        if d >= radix {
            return None;
        }
        v = v.checked_mul(radix)?.checked_add(d)?;
    }
    Some(v as i64)
}

/// Split operands at top-level commas (parentheses and brackets nest).
fn split_operands(s: &str, base: usize, out: &mut Vec<Span>) {
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
    while i < b.len() && CLASS[b[i] as usize] & 4 == 0 {
        i += 1;
    }
    i
}

/// `s` without trailing ASCII white space, eight bytes at a time over runs of spaces (the
/// padding before an end-of-line comment).
fn trim_end_fast(s: &str) -> &str {
    let b = s.as_bytes();
    let mut e = b.len();
    while e >= 8 && b[e - 8..e] == *b"        " {
        e -= 8;
    }
    while e > 0 && b[e - 1].is_ascii_whitespace() {
        e -= 1;
    }
    &s[..e]
}

/// The largest character boundary at or below `i`.
fn floor_char(s: &str, mut i: usize) -> usize {
    while !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// Shorten long `quoted` pieces of a message (source text quoted back), so one error about
/// a megabyte-long operand stays one short line.
fn shorten_quotes(msg: String) -> String {
    const LONG: usize = 48;
    if msg.len() <= 2 * LONG {
        return msg;
    }
    let mut out = String::with_capacity(2 * LONG);
    for (k, piece) in msg.split('`').enumerate() {
        if k > 0 {
            out.push('`');
        }
        if k % 2 == 1 && piece.chars().count() > LONG {
            let head: String = piece.chars().take(LONG / 2).collect();
            let tail_start = piece
                .char_indices()
                .rev()
                .nth(LONG / 4 - 1)
                .map_or(0, |(i, _)| i);
            out.push_str(&head);
            out.push('…');
            out.push_str(&piece[tail_start..]);
        } else {
            out.push_str(piece);
        }
    }
    out
}

/// How deep parentheses and unary operators may nest in one expression: far beyond
/// anything written by hand, and shallow enough for any thread's stack.
pub const MAX_EXPR_DEPTH: usize = 256;

/// The binary operator at the start of `b`: (operator code, C precedence, length). Codes:
/// the character for one-character operators, `<` and `>` for `<<` and `>>`, `L` `l` `G` `g`
/// for `<` `<=` `>` `>=`, `=` for `==`, `!` for `!=` (and GNU as's `<>`), `A` for `&&`, `O`
/// for `||`. Longer operators are matched first (`<<` before `<=` before `<`).
fn binary_op(b: &[u8]) -> Option<(u8, u8, usize)> {
    Some(match b {
        [b'|', b'|', ..] => (b'O', 1, 2),
        [b'&', b'&', ..] => (b'A', 2, 2),
        [b'|', ..] => (b'|', 3, 1),
        [b'^', ..] => (b'^', 4, 1),
        [b'&', ..] => (b'&', 5, 1),
        [b'=', b'=', ..] => (b'=', 6, 2),
        [b'!', b'=', ..] | [b'<', b'>', ..] => (b'!', 6, 2),
        [b'<', b'<', ..] => (b'<', 8, 2),
        [b'>', b'>', ..] => (b'>', 8, 2),
        [b'<', b'=', ..] => (b'l', 7, 2),
        [b'>', b'=', ..] => (b'g', 7, 2),
        [b'<', ..] => (b'L', 7, 1),
        [b'>', ..] => (b'G', 7, 1),
        [c @ (b'+' | b'-'), ..] => (*c, 9, 1),
        [c @ (b'*' | b'/' | b'%'), ..] => (*c, 10, 1),
        _ => return None,
    })
}

/// One binary operation on 64-bit two's complement values (wrapping, as GNU as); division
/// truncates toward zero; shifts by 64 or more give 0 (`>>` is arithmetic: the sign).
/// Comparisons are signed and give -1 for true, `&&` and `||` give 1, false is 0 (GNU as
/// and llvm-mc).
fn apply_binary(op: u8, v: i64, w: i64) -> Result<i64, ExprErr> {
    let cmp = |c: bool| -(c as i64);
    Ok(match op {
        b'O' => (v != 0 || w != 0) as i64,
        b'A' => (v != 0 && w != 0) as i64,
        b'|' => v | w,
        b'^' => v ^ w,
        b'&' => v & w,
        b'=' => cmp(v == w),
        b'!' => cmp(v != w),
        b'L' => cmp(v < w),
        b'l' => cmp(v <= w),
        b'G' => cmp(v > w),
        b'g' => cmp(v >= w),
        b'+' => v.wrapping_add(w),
        b'-' => v.wrapping_sub(w),
        b'*' => v.wrapping_mul(w),
        b'/' | b'%' if w == 0 => {
            return Err(ExprErr::Syntax(format!(
                "division by zero (`{}` with a zero right side)",
                op as char
            )))
        }
        b'/' => v.wrapping_div(w),
        b'%' => v.wrapping_rem(w),
        b'<' if !(0..64).contains(&w) => 0,
        b'<' => v.wrapping_shl(w as u32),
        b'>' if !(0..64).contains(&w) => v >> 63,
        b'>' => v >> w,
        _ => unreachable!("binary_op returns only these operators"),
    })
}

/// Whether `t` is a well-formed integer literal whose value needs more than 64 bits.
fn int_too_large(t: &str) -> bool {
    let (radix, digits) = match t.as_bytes() {
        [b'0', b'x' | b'X', rest @ ..] => (16, rest),
        [b'0', b'b' | b'B', rest @ ..] => (2, rest),
        b => (10, b),
    };
    !digits.is_empty()
        && digits
            .iter()
            .all(|&c| c == b'_' || (c as char).is_digit(radix))
}

fn bad_char_at(s: &str, at: usize) -> ExprErr {
    ExprErr::BadChar(at, s[at..].chars().next().unwrap_or('?'))
}

/// A non-ASCII character inside something meant to be a name: where it is and what it is.
fn non_ascii_in(s: &str) -> Option<(usize, char)> {
    s.char_indices().find(|(_, c)| !c.is_ascii())
}

/// The error for a character outside the name alphabet.
fn bad_name_char(c: char) -> (String, Option<String>) {
    (
        format!("`{c}` (U+{:04X}) cannot be part of a name", c as u32),
        Some("names (labels, .equ) use ASCII letters, digits, `_`, `.` and `$`".into()),
    )
}

fn syntax_of(d: &InsnDesc) -> String {
    let mut s = d.mnemonic.to_string();
    for (i, o) in d.operands.iter().enumerate() {
        s.push_str(if i == 0 { " " } else { ", " });
        if o.slot.is_modifier() {
            s.push_str(&format!("[{}:{}]", o.slot.name(), o.ty.name()));
        } else {
            s.push_str(&format!("{}:{}", o.slot.name(), o.ty.name()));
        }
    }
    s
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

enum ExprErr {
    Syntax(String),
    Undefined(String),
    /// A character outside the name alphabet at this byte offset of the expression.
    BadChar(usize, char),
}

impl<'s> Asm<'s> {
    fn diag(&mut self, span: Span, message: String, hint: Option<String>) {
        self.push_diag(Severity::Error, span, message, hint, None);
    }

    fn warn(&mut self, span: Span, message: String, hint: Option<String>) {
        self.push_diag(Severity::Warning, span, message, hint, None);
    }

    /// 1-based line and column of a byte offset.
    fn locate(&mut self, at: usize) -> (usize, usize) {
        if self.line_starts.is_empty() {
            self.line_starts.push(self.bom);
            self.line_starts
                .extend(memchr::memchr_iter(b'\n', self.src.as_bytes()).map(|i| i + 1));
        }
        // Binary search in the line table: files with many errors stay linear.
        let line = self.line_starts.partition_point(|&ls| ls <= at).max(1);
        let line_start = self.line_starts[line - 1];
        let (ls, from, c) = self.last_col;
        let col = if ls == line_start && from <= at {
            c + self.src[from..at].chars().count()
        } else {
            self.src[line_start..at].chars().count() + 1
        };
        self.last_col = (line_start, at, col);
        (line, col)
    }

    fn push_diag(
        &mut self,
        severity: Severity,
        span: Span,
        message: String,
        hint: Option<String>,
        related: Option<(Span, String)>,
    ) {
        let bom = self.bom;
        let clamp = |s: Span, src: &str| {
            let start = floor_char(src, s.start.clamp(bom, src.len().max(bom)));
            (start, s.end.clamp(start, src.len()))
        };
        let (start, end) = clamp(span, self.src);
        let (line, col) = self.locate(start);
        let related = related.map(|(r, message)| {
            let (start, end) = clamp(r, self.src);
            let (line, col) = self.locate(start);
            Related {
                start,
                end,
                line,
                col,
                message,
            }
        });
        self.diags.push(Diagnostic {
            severity,
            start,
            end,
            line,
            col,
            message: shorten_quotes(message),
            hint: hint.map(shorten_quotes),
            related,
        });
    }

    /// "`name` is defined twice", pointing at both definitions.
    fn defined_twice(&mut self, span: Span, name: &str, first: usize) {
        self.push_diag(
            Severity::Error,
            span,
            format!("`{name}` is defined twice"),
            Some("a label is defined once; .equ and .set may give a name a new value, .equiv may not".into()),
            Some((
                Span {
                    start: first,
                    end: first + name.len(),
                },
                "first defined here".into(),
            )),
        );
    }

    fn text(&self, s: Span) -> &'s str {
        &self.src[s.start..s.end]
    }

    /// Evaluate an expression; also says whether it refers to a label.
    fn eval(&self, s: &'s str, pass2: bool) -> Result<(i64, bool), ExprErr> {
        let b = s.as_bytes();
        let mut pos = 0usize;
        let r = self.eval_sum(s, b, &mut pos, pass2)?;
        while pos < b.len() && b[pos].is_ascii_whitespace() {
            pos += 1;
        }
        if pos != b.len() {
            return Err(ExprErr::Syntax(format!(
                "unexpected `{}` in expression",
                &s[pos..]
            )));
        }
        Ok(r)
    }

    /// A whole expression from `pos`: binary operators with C's precedence and
    /// associativity (as llvm-mc), lowest first `||`, `&&`, `|`, `^`, `&`, `== !=`,
    /// `< <= > >=`, `<< >>`, `+ -`, `* / %`. Recursion happens only through parentheses and unary operators, which count
    /// against [`MAX_EXPR_DEPTH`].
    fn eval_sum(
        &self,
        s: &'s str,
        b: &[u8],
        pos: &mut usize,
        pass2: bool,
    ) -> Result<(i64, bool), ExprErr> {
        self.eval_prec(s, b, pos, pass2, 0, 0)
    }

    fn eval_prec(
        &self,
        s: &'s str,
        b: &[u8],
        pos: &mut usize,
        pass2: bool,
        min_prec: u8,
        depth: usize,
    ) -> Result<(i64, bool), ExprErr> {
        let (mut v, mut lab) = self.eval_unary(s, b, pos, pass2, depth)?;
        loop {
            while *pos < b.len() && b[*pos].is_ascii_whitespace() {
                *pos += 1;
            }
            let Some((op, prec, len)) = binary_op(&b[*pos..]) else {
                return Ok((v, lab));
            };
            if prec < min_prec {
                return Ok((v, lab));
            }
            *pos += len;
            // Left-associative: the right side binds only tighter operators (at most six
            // levels of recursion, so not counted as nesting).
            let (w, l2) = self.eval_prec(s, b, pos, pass2, prec + 1, depth)?;
            v = apply_binary(op, v, w)?;
            lab = match op {
                // label - label is a plain distance.
                b'-' if lab && l2 => false,
                // A truth value is a plain number, whatever was compared.
                b'O' | b'A' | b'=' | b'!' | b'L' | b'l' | b'G' | b'g' => false,
                _ => lab || l2,
            };
        }
    }

    fn eval_unary(
        &self,
        s: &'s str,
        b: &[u8],
        pos: &mut usize,
        pass2: bool,
        depth: usize,
    ) -> Result<(i64, bool), ExprErr> {
        if depth >= MAX_EXPR_DEPTH {
            return Err(ExprErr::Syntax(format!(
                "expression nested more than {MAX_EXPR_DEPTH} levels deep"
            )));
        }
        while *pos < b.len() && b[*pos].is_ascii_whitespace() {
            *pos += 1;
        }
        match b.get(*pos) {
            None => Err(ExprErr::Syntax("missing value".into())),
            Some(b'-') => {
                *pos += 1;
                let (v, l) = self.eval_unary(s, b, pos, pass2, depth + 1)?;
                Ok((v.wrapping_neg(), l))
            }
            Some(b'+') => {
                *pos += 1;
                self.eval_unary(s, b, pos, pass2, depth + 1)
            }
            Some(b'~') => {
                *pos += 1;
                let (v, l) = self.eval_unary(s, b, pos, pass2, depth + 1)?;
                Ok((!v, l))
            }
            // Logical not (llvm-mc): 1 for 0, else 0.
            Some(b'!') => {
                *pos += 1;
                let (v, _) = self.eval_unary(s, b, pos, pass2, depth + 1)?;
                Ok(((v == 0) as i64, false))
            }
            Some(b'(') => {
                *pos += 1;
                let r = self.eval_prec(s, b, pos, pass2, 0, depth + 1)?;
                while *pos < b.len() && b[*pos].is_ascii_whitespace() {
                    *pos += 1;
                }
                match b.get(*pos) {
                    Some(b')') => {}
                    None => return Err(ExprErr::Syntax("missing `)`".into())),
                    Some(_) => {
                        return Err(ExprErr::Syntax(format!(
                            "unexpected `{}` in expression (expected `)` or an operator: \
                             + - * / % << >> & | ^ == != < <= > >= && ||)",
                            &s[*pos..]
                        )))
                    }
                }
                *pos += 1;
                Ok(r)
            }
            Some(c) if c.is_ascii_digit() => {
                let st = *pos;
                while *pos < b.len() && (b[*pos].is_ascii_alphanumeric() || b[*pos] == b'_') {
                    *pos += 1;
                }
                let t = &s[st..*pos];
                parse_int(t).map(|v| (v, false)).ok_or_else(|| {
                    ExprErr::Syntax(if int_too_large(t) {
                        format!("`{t}` is out of range (integers have at most 64 bits)")
                    } else {
                        format!("`{t}` is not a number")
                    })
                })
            }
            Some(&c) if is_ident_start(c) => {
                let st = *pos;
                while *pos < b.len() && is_ident_char(b[*pos]) {
                    *pos += 1;
                }
                if b.get(*pos).is_some_and(|c| !c.is_ascii()) {
                    return Err(bad_char_at(s, *pos));
                }
                let name = &s[st..*pos];
                match self.syms.get(name) {
                    Some(Sym::Equ(v, _)) => Ok((*v, false)),
                    Some(Sym::Label(a, _)) => Ok((*a as i64, true)),
                    None if pass2 => Err(ExprErr::Undefined(name.to_string())),
                    None => Err(ExprErr::Undefined(String::new())),
                }
            }
            Some(c) if !c.is_ascii() => Err(bad_char_at(s, *pos)),
            Some(_) => Err(ExprErr::Syntax(format!("unexpected `{}`", &s[*pos..]))),
        }
    }

    /// Report an operand that does not evaluate.
    fn bad_expr(&mut self, span: Span, e: ExprErr, hint: Option<String>) {
        let t = self.text(span);
        match e {
            ExprErr::BadChar(at, c) => {
                let (m, h) = bad_name_char(c);
                let start = span.start + at;
                let end = start + c.len_utf8();
                self.diag(Span { start, end }, m, h);
            }
            ExprErr::Undefined(n) => {
                let hint = self.symbol_hint(&n);
                self.diag(span, format!("unknown label or symbol `{n}`"), hint);
            }
            ExprErr::Syntax(_) if float::parse(t, &BINARY32).is_some() => self.diag(
                span,
                format!("float literal `{t}` where an integer is needed"),
                Some(
                    "float literals are allowed as 32-bit literals (k32), in .word (binary32) \
                     and .half (binary16)"
                        .into(),
                ),
            ),
            ExprErr::Syntax(m) => self.diag(span, m, hint),
        }
    }

    fn float_error(&mut self, span: Span, e: FloatError, f: &float::FloatFormat) {
        let t = self.text(span);
        match e {
            FloatError::Overflow => self.diag(
                span,
                format!("`{t}` overflows {}", f.name),
                Some(format!(
                    "the largest finite {} is {}; write `inf` for infinity",
                    f.name,
                    f.max_text()
                )),
            ),
            FloatError::Underflow { nearest } => self.diag(
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
    fn symbol_hint(&mut self, name: &str) -> Option<String> {
        self.hints_given += 1;
        if self.hints_given > 16 || self.syms.len() > 20_000 {
            return None;
        }
        self.closest_symbol(name)
            .map(|s| format!("did you mean `{s}`?"))
    }

    fn closest_symbol(&self, name: &str) -> Option<&'s str> {
        self.syms
            .keys()
            .filter(|k| k.len().abs_diff(name.len()) <= 2.max(k.len() / 3))
            .map(|k| (warpkit_isa::edit_distance(name, k), *k))
            .filter(|(d, k)| *d <= 2.max(k.len() / 3))
            .min()
            .map(|(_, k)| k)
    }

    /// Parse a register operand of type `ty`; returns the slot value.
    fn parse_reg(&mut self, span: Span, ty: OpType, slot: Slot) -> Option<i64> {
        let t = self.text(span);
        let (file, count, _) = ty.reg()?;
        let want = |this: &mut Self, msg: String| {
            let hint = Some(format!(
                "{} takes {}",
                slot.name(),
                reg_example(ty, 0).replace('0', "N")
            ));
            this.diag(span, msg, hint);
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
                self,
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
                self,
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
                    self,
                    format!(
                        "register group `{t}` needs the form {}[first:last]",
                        file_char as char
                    ),
                );
            };
            let (Some(a), Some(b)) = (parse_int(a.trim()), parse_int(b.trim())) else {
                return want(self, format!("bad register group `{t}`"));
            };
            if count == 1 {
                self.diag(
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
                self.diag(
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
                self.diag(
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
            return want(self, format!("`{t}` is not a register"));
        };
        if n >= limit {
            self.diag(
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
                self.diag(
                    span,
                    format!("{}:h needs a half register, found `{t}`", slot.name()),
                    Some(format!("write v{n}.l (bits 15:0) or v{n}.h (bits 31:16)")),
                );
                None
            }
            (_, Some(_)) => {
                self.diag(
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
                self.diag(
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
    fn parse_modifier(&mut self, span: Span, vspan: Span, o: &'static Operand) -> Option<i64> {
        let v = self.text(vspan).trim();
        match o.ty {
            OpType::Rm => {
                if let Some((_, x)) = RM_NAMES.iter().find(|(n, _)| n.eq_ignore_ascii_case(v)) {
                    return Some(*x as i64);
                }
                if let Some(x) = parse_int(v) {
                    return Some(x);
                }
                self.diag(
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
                self.diag(
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
                self.diag(
                    span,
                    format!("bad texel offset `{v}`"),
                    Some("toff:(x,y,z) with each offset in -8..=7".into()),
                );
                None
            }
            _ => match self.eval(v, false) {
                Ok((x, _)) => Some(x),
                Err(_) => {
                    self.diag(
                        vspan,
                        format!("bad value `{v}` for {}", o.slot.name()),
                        Some(format!("{} is a number ({})", o.slot.name(), o.ty.name())),
                    );
                    None
                }
            },
        }
    }

    fn report_operand_error(&mut self, span: Span, d: &InsnDesc, o: &Operand, e: OperandError) {
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
        self.diag(span, format!("{} {}: {e}", d.mnemonic, o.slot.name()), hint);
    }

    fn line(&mut self, line_start: usize, raw: &'s str) {
        // Strip the comment (`;` or `//`): a vectorised search for either byte.
        let rb = raw.as_bytes();
        let mut end = raw.len();
        let mut from = 0;
        while let Some(p) = memchr::memchr2(b';', b'/', &rb[from..]) {
            let at = from + p;
            if rb[at] == b';' || rb.get(at + 1) == Some(&b'/') {
                end = at;
                break;
            }
            from = at + 1;
        }
        let text = trim_end_fast(&raw[..end]);
        let b = text.as_bytes();
        let mut pos = 0;
        // Labels: `name:` at the start, possibly several. The name scanned last, when no
        // colon follows, is the mnemonic.
        let mut word_end = None;
        loop {
            while pos < b.len() && b[pos].is_ascii_whitespace() {
                pos += 1;
            }
            let st = pos;
            let mut p = pos;
            if p < b.len() && is_ident_start(b[p]) {
                while p < b.len() && is_ident_char(b[p]) {
                    p += 1;
                }
                if p < b.len() && b[p] == b':' {
                    let name = &text[st..p];
                    let span = Span {
                        start: line_start + st,
                        end: line_start + p,
                    };
                    if self.pc > u32::MAX as u64 {
                        self.diag(span, "code object larger than 4 GiB".into(), None);
                    } else if let Some(sym) = self.syms.get(name).copied() {
                        self.defined_twice(span, name, sym.defined_at());
                    } else {
                        self.syms
                            .insert(name, Sym::Label(self.pc as u32, offset32(span.start)));
                        self.label_order.push((name, self.pc as u32));
                    }
                    pos = p + 1;
                    continue;
                }
                if p == b.len() || b[p].is_ascii_whitespace() {
                    word_end = Some(p);
                }
            }
            break;
        }
        if pos >= b.len() {
            return;
        }
        let st = pos;
        match word_end {
            Some(e) => pos = e,
            None => {
                while pos < b.len() && !b[pos].is_ascii_whitespace() {
                    pos += 1;
                }
            }
        }
        let word = &text[st..pos];
        let word_span = Span {
            start: line_start + st,
            end: line_start + pos,
        };
        // Most lines take the fast path; it declines anything unusual, and the general path
        // below then assembles the line with full diagnostics.
        if self.fast && !word.starts_with('.') {
            if let Some(inst) = lookup(word).and_then(|id| crate::fast::instruction(id, &b[pos..]))
            {
                let n = self.deferred.len() as u32;
                self.push_inst(inst, (n, n));
                return;
            }
        }
        // One operand buffer for the whole file: no allocation per line.
        let mut ops = std::mem::take(&mut self.scratch);
        ops.clear();
        split_operands(&text[pos..], line_start + pos, &mut ops);
        if ops.len() == 1 && ops[0].start == ops[0].end {
            ops.clear();
        }
        if word.starts_with('.') {
            self.directive(word, word_span, &ops);
        } else {
            self.instruction(word, word_span, &ops);
        }
        self.scratch = ops;
    }

    fn directive(&mut self, word: &'s str, span: Span, ops: &[Span]) {
        for o in ops {
            if o.start == o.end {
                self.diag(*o, format!("empty operand in {word}"), None);
                return;
            }
        }
        let lower = word.to_ascii_lowercase();
        let word = lower.as_str();
        match word {
            ".word" | ".dword" | ".byte" | ".half" => {
                let width: u8 = match word {
                    ".byte" => 1,
                    ".half" => 2,
                    ".word" => 4,
                    _ => 8,
                };
                if ops.is_empty() {
                    self.diag(span, format!("{word} needs at least one value"), None);
                    return;
                }
                let first = self.data_exprs.len() as u32;
                for o in ops {
                    let now = self.data_now(*o, width);
                    self.data_exprs.push((*o, now));
                }
                let size = width as u32 * ops.len() as u32;
                self.items.push(Item {
                    pc: self.pc as u32,
                    size,
                    kind: ItemKind::Data {
                        width,
                        exprs: (first, self.data_exprs.len() as u32),
                    },
                });
                self.pc += size as u64;
            }
            ".align" => {
                let v = ops
                    .first()
                    .and_then(|o| self.eval(self.text(*o), false).ok());
                match v {
                    Some((n, _)) if ops.len() == 1 && n > 0 && n <= 4096 && (n & (n - 1)) == 0 => {
                        let pad = (n as u64 - self.pc % n as u64) % n as u64;
                        if pad > 0 {
                            self.items.push(Item {
                                pc: self.pc as u32,
                                size: pad as u32,
                                kind: ItemKind::Pad,
                            });
                            self.pc += pad;
                        }
                    }
                    _ => self.diag(
                        span,
                        ".align needs one power of two from 1 to 4096".into(),
                        Some("e.g. .align 8".into()),
                    ),
                }
            }
            ".equ" | ".set" | ".equiv" => {
                if ops.len() != 2 {
                    self.diag(
                        span,
                        format!("{word} needs a name and a value"),
                        Some(format!("{word} NAME, 42")),
                    );
                    return;
                }
                let name = self.text(ops[0]);
                if let Some((at, c)) = non_ascii_in(name) {
                    let (m, h) = bad_name_char(c);
                    let start = ops[0].start + at;
                    let end = start + c.len_utf8();
                    self.diag(Span { start, end }, m, h);
                    return;
                }
                if !name.bytes().next().is_some_and(is_ident_start)
                    || !name.bytes().all(is_ident_char)
                {
                    self.diag(ops[0], format!("`{name}` is not a valid name"), None);
                    return;
                }
                // `.equ`/`.set` may give a name a new value (GNU as): uses after it see the new
                // value, earlier uses keep theirs. A label is defined once, and `.equiv` refuses a
                // name already defined.
                match self.syms.get(name).copied() {
                    Some(Sym::Equ(..)) if word != ".equiv" => {}
                    Some(sym) => {
                        self.defined_twice(ops[0], name, sym.defined_at());
                        return;
                    }
                    None => {}
                }
                match self.eval(self.text(ops[1]), true) {
                    Ok((v, _)) => {
                        self.syms.insert(name, Sym::Equ(v, offset32(ops[0].start)));
                    }
                    Err(ExprErr::Undefined(n)) => self.diag(
                        ops[1],
                        format!("`{n}` is not defined (yet)"),
                        Some(
                            ".equ values may use numbers, earlier .equ names and earlier labels"
                                .into(),
                        ),
                    ),
                    Err(e) => self.bad_expr(ops[1], e, None),
                }
            }
            _ => self.diag(
                span,
                format!("unknown directive `{}`", self.text(span)),
                Some(
                    "directives are .word, .dword, .half, .byte, .align, .equ, .set, .equiv".into(),
                ),
            ),
        }
    }

    fn instruction(&mut self, word: &'s str, span: Span, ops: &[Span]) {
        // Mnemonics ignore case, as in LLVM's assemblers.
        let found = lookup(word).or_else(|| {
            word.bytes()
                .any(|c| c.is_ascii_uppercase())
                .then(|| lookup(&word.to_ascii_lowercase()))
                .flatten()
        });
        let Some(id) = found else {
            if let Some((at, c)) = non_ascii_in(word) {
                let (m, h) = bad_name_char(c);
                let start = span.start + at;
                let end = start + c.len_utf8();
                self.diag(Span { start, end }, m, h);
                return;
            }
            // The same typo on many lines costs one search, and only the first few hundred
            // different ones are searched, so a file of garbage stays fast.
            let searched = self.suggestions.len();
            let hint = self
                .suggestions
                .entry(word)
                .or_insert_with(|| {
                    if searched >= MAX_SEARCHES {
                        return None;
                    }
                    let names = did_you_mean(word);
                    (!names.is_empty()).then(|| format!("did you mean {}?", or_list(&names, 4)))
                })
                .clone();
            self.diag(span, format!("unknown instruction `{word}`"), hint);
            return;
        };
        let d = id.desc();
        let mut inst = Inst::new(id);
        let first_def = self.deferred.len() as u32;
        // Positional operands come first in every variant's operand list.
        let npos = d
            .operands
            .iter()
            .take_while(|o| !o.slot.is_modifier())
            .count();
        let positional = &d.operands[..npos];
        let mut next_pos = 0usize;
        let mut seen_mod = 0u32;
        let mut ok = true;
        for &op_span in ops {
            let t = self.text(op_span);
            if t.is_empty() {
                self.diag(
                    op_span,
                    "empty operand".into(),
                    Some(format!("syntax: {}", syntax_of(d))),
                );
                ok = false;
                continue;
            }
            // `key:value` modifier? (a register group like v[4:5] has its colon inside brackets)
            let key_len = t.bytes().take_while(|c| c.is_ascii_alphanumeric()).count();
            let key =
                (key_len > 0 && t.as_bytes().get(key_len) == Some(&b':')).then(|| &t[..key_len]);
            if let Some(key) = key {
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
                        if seen_mod >> idx & 1 == 1 {
                            self.diag(op_span, format!("modifier `{key}` given twice"), None);
                            ok = false;
                            continue;
                        }
                        seen_mod |= 1 << idx;
                        match self.parse_modifier(op_span, vspan, o) {
                            Some(v) => {
                                if let Err(e) = check_operand(d, o, v) {
                                    self.report_operand_error(op_span, d, o, e);
                                    ok = false;
                                } else {
                                    inst.set(o.slot, v);
                                }
                            }
                            None => ok = false,
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
                        self.diag(
                            op_span,
                            format!("`{key}` is not a modifier of {}", d.mnemonic),
                            Some(hint),
                        );
                        ok = false;
                    }
                }
                continue;
            }
            if seen_mod != 0 {
                self.diag(
                    op_span,
                    "positional operand after modifiers".into(),
                    Some(format!("syntax: {}", syntax_of(d))),
                );
                ok = false;
                continue;
            }
            let Some(o) = positional.get(next_pos) else {
                self.diag(
                    op_span,
                    format!(
                        "{} takes {} operand{}, this is one too many",
                        d.mnemonic,
                        positional.len(),
                        if positional.len() == 1 { "" } else { "s" }
                    ),
                    Some(format!("syntax: {}", syntax_of(d))),
                );
                ok = false;
                next_pos += 1;
                continue;
            };
            next_pos += 1;
            if o.ty.reg().is_some() {
                // parse_reg keeps single registers in range; groups still need the
                // alignment and end-of-file checks.
                match self.parse_reg(op_span, o.ty, o.slot) {
                    Some(v) if !o.check => inst.set(o.slot, v),
                    Some(v) => match check_operand(d, o, v) {
                        Ok(()) => inst.set(o.slot, v),
                        Err(e) => {
                            self.report_operand_error(op_span, d, o, e);
                            ok = false;
                        }
                    },
                    None => ok = false,
                }
            } else {
                // Immediates: resolve now if possible, else in pass 2. Any 32-bit literal
                // may be a float literal (its binary32 bits).
                if o.ty == OpType::K32 {
                    match float::parse(t, &BINARY32) {
                        Some(Ok(bits)) => {
                            inst.imm = bits as i32;
                            continue;
                        }
                        Some(Err(e)) => {
                            self.float_error(op_span, e, &BINARY32);
                            ok = false;
                            continue;
                        }
                        None => {}
                    }
                }
                let tb = t.as_bytes();
                let second = tb.get(1).copied().unwrap_or(0);
                if matches!(tb.first(), Some(b'v' | b'V'))
                    && (second.is_ascii_digit() || second == b'[')
                    || (matches!(tb.first(), Some(b'u' | b'U')) && second.is_ascii_digit())
                {
                    self.diag(
                        op_span,
                        format!(
                            "{}:{} is an immediate, found register `{t}`",
                            o.slot.name(),
                            o.ty.name()
                        ),
                        Some(format!("syntax: {}", syntax_of(d))),
                    );
                    ok = false;
                    continue;
                }
                match self.eval(t, false) {
                    Ok(value) => match self.immediate(op_span, d, o, value, self.pc) {
                        Some(v) => inst.set(o.slot, v),
                        None => ok = false,
                    },
                    Err(ExprErr::Undefined(_)) => self.deferred.push(Deferred {
                        op: o,
                        span: op_span,
                    }),
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
                        self.bad_expr(op_span, e, Some(hint));
                        ok = false;
                    }
                }
            }
        }
        if next_pos < positional.len() {
            let missing: Vec<String> = positional[next_pos..]
                .iter()
                .map(|o| format!("{}:{}", o.slot.name(), o.ty.name()))
                .collect();
            let at = ops.last().map_or(span, |s| Span {
                start: s.end,
                end: s.end,
            });
            self.diag(
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
            ok = false;
        }
        if ok {
            self.push_inst(inst, (first_def, self.deferred.len() as u32));
        } else {
            self.deferred.truncate(first_def as usize);
            // Keep addresses right even when the line is wrong, so later labels stay correct.
            self.pc += d.size as u64;
        }
    }

    /// Place an instruction at the current address; `deferred` are its operands left for
    /// pass 2.
    fn push_inst(&mut self, inst: Inst, deferred: (u32, u32)) {
        let size = inst.desc().size as u32;
        self.items.push(Item {
            pc: self.pc as u32,
            size,
            kind: ItemKind::Inst { inst, deferred },
        });
        self.pc += size as u64;
    }

    /// A resolved immediate: a label becomes an offset from the instruction at `pc`, then
    /// the value is range-checked. The same in pass 1 and pass 2.
    fn immediate(
        &mut self,
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
        self.check_imm(span, d, o, v)
    }

    /// Range-check an immediate; `k32` accepts any 32-bit pattern, signed or not.
    fn check_imm(&mut self, span: Span, d: &InsnDesc, o: &Operand, v: i64) -> Option<i64> {
        if o.ty == OpType::K32 {
            let k = k32_value(v);
            match k {
                None => self.diag(
                    span,
                    format!("{} {}: {v} does not fit 32 bits", d.mnemonic, o.slot.name()),
                    Some("k32 takes -0x80000000..=0xffffffff".into()),
                ),
                Some(k) if k32_is_float(d) && float::is_subnormal32(k as u32) => {
                    self.subnormal_warning(span, k as u32)
                }
                Some(_) => {}
            }
            return k;
        }
        match check_operand(d, o, v) {
            Ok(()) => Some(v),
            Err(e) => {
                self.report_operand_error(span, d, o, e);
                None
            }
        }
    }

    /// An integer in a binary32 operand is its bit pattern; a small one is a subnormal,
    /// which is rarely what was meant (`2` is 2.8e-45, not 2.0).
    fn subnormal_warning(&mut self, span: Span, bits: u32) {
        let t = self.text(span);
        let value = f32::from_bits(bits);
        let keep = float::subnormal32_text(bits);
        let hint = if bits >> 31 == 0 {
            format!("did you mean `{bits}.0`? (to keep the subnormal, write it as `{keep}`)")
        } else {
            format!("to keep the subnormal, write it as a float: `{keep}`")
        };
        self.warn(
            span,
            format!(
                "integer `{t}` in a binary32 operand is the bit pattern 0x{bits:08x}, \
                 the subnormal {value:.2e}"
            ),
            Some(hint),
        );
    }

    /// A data item's value from the names defined so far (what a later `.set` cannot
    /// change), or `None` for floats, forward references and errors (left to pass 2).
    fn data_now(&self, span: Span, width: u8) -> Option<i64> {
        let t = self.text(span);
        let fmt = match width {
            4 => &BINARY32,
            2 => &BINARY16,
            _ => return self.eval(t, false).ok().map(|(v, _)| v),
        };
        match float::parse(t, fmt) {
            Some(_) => None,
            None => self.eval(t, false).ok().map(|(v, _)| v),
        }
    }

    /// The value of one data item (`.word 1.5`, `.byte N+1`), or `None` after reporting why
    /// it has none. Float literals: binary32 in .word, binary16 in .half.
    fn data_value(&mut self, span: Span, width: u8) -> Option<i64> {
        let t = self.text(span);
        let fmt = match width {
            4 => Some(&BINARY32),
            2 => Some(&BINARY16),
            _ => None,
        };
        if let Some(f) = fmt {
            match float::parse(t, f) {
                Some(Ok(bits)) => return Some(bits as i64),
                Some(Err(e)) => {
                    self.float_error(span, e, f);
                    return None;
                }
                None => {}
            }
        }
        match self.eval(t, true) {
            Ok((v, _)) => Some(v),
            Err(e) => {
                self.bad_expr(span, e, None);
                None
            }
        }
    }

    /// Object output: a deferred operand naming a symbol this file does not define becomes
    /// a relocation when its type can carry one. The addend is evaluated here.
    fn external(&mut self, pc: u32, ty: OpType, span: Span) -> bool {
        let Some(kind) = crate::unit::RelocKind::for_operand(ty) else {
            return false;
        };
        self.push_external(pc, kind, span)
    }

    /// `.word sym` / `.dword sym` with `sym` defined elsewhere (`inf` and `nan` stay
    /// float literals).
    fn data_external(&mut self, at: u32, width: u8, span: Span) -> bool {
        let kind = match width {
            4 if float::parse(self.text(span), &BINARY32).is_none() => {
                crate::unit::RelocKind::Abs32
            }
            8 => crate::unit::RelocKind::Abs64,
            _ => return false,
        };
        self.push_external(at, kind, span)
    }

    fn push_external(&mut self, at: u32, kind: crate::unit::RelocKind, span: Span) -> bool {
        if self.externals.is_none() {
            return false;
        }
        let t = self.text(span);
        let Some((name, rest)) = crate::unit::split_reloc_expr(t) else {
            return false;
        };
        if self.syms.contains_key(name) {
            return false;
        }
        let addend = match rest {
            None => 0,
            Some((neg, r)) => match self.eval(r, true) {
                Ok((v, false)) => {
                    if neg {
                        v.wrapping_neg()
                    } else {
                        v
                    }
                }
                _ => return false,
            },
        };
        if let Some(list) = self.externals.as_mut() {
            list.push(crate::unit::RawReloc {
                offset: at,
                kind,
                symbol: name.to_string(),
                addend,
            });
        }
        true
    }

    fn pass2(&mut self) -> Vec<u8> {
        let mut code = vec![0u8; self.pc.min(u32::MAX as u64) as usize];
        let items = std::mem::take(&mut self.items);
        for it in &items {
            match &it.kind {
                ItemKind::Inst { inst, deferred } => {
                    let mut inst = *inst;
                    let d = inst.desc();
                    let mut ok = true;
                    for k in deferred.0..deferred.1 {
                        let Deferred { op, span } = self.deferred[k as usize];
                        let t = self.text(span);
                        match self.eval(t, true) {
                            Ok(value) => match self.immediate(span, d, op, value, it.pc as u64) {
                                Some(v) => inst.set(op.slot, v),
                                None => ok = false,
                            },
                            Err(ExprErr::Undefined(_)) if self.external(it.pc, op.ty, span) => {}
                            Err(e) => {
                                self.bad_expr(span, e, None);
                                ok = false;
                            }
                        }
                    }
                    if ok {
                        let w = encode_word(&inst).to_le_bytes();
                        let at = it.pc as usize;
                        code[at..at + it.size as usize].copy_from_slice(&w[..it.size as usize]);
                    }
                }
                ItemKind::Data { width, exprs } => {
                    for (k, e) in (exprs.0..exprs.1).enumerate() {
                        let (span, now) = self.data_exprs[e as usize];
                        let at = it.pc + (k as u32) * *width as u32;
                        if now.is_none() && self.data_external(at, *width, span) {
                            continue;
                        }
                        let Some(v) = now.or_else(|| self.data_value(span, *width)) else {
                            continue;
                        };
                        let w = *width as u32 * 8;
                        let fits = w == 64 || (v >= -(1i64 << (w - 1)) && v < (1i64 << w));
                        if !fits {
                            self.diag(span, format!("{v} does not fit {w} bits"), None);
                            continue;
                        }
                        let at = it.pc as usize + k * *width as usize;
                        code[at..at + *width as usize]
                            .copy_from_slice(&v.to_le_bytes()[..*width as usize]);
                    }
                }
                ItemKind::Pad => {}
            }
        }
        code
    }
}

/// Assemble source text. On error, every diagnostic of the file, sorted by position.
pub fn assemble(src: &str) -> Result<Assembly, Vec<Diagnostic>> {
    assemble_with(src, true)
}

fn assemble_with(src: &str, fast: bool) -> Result<Assembly, Vec<Diagnostic>> {
    assemble_core(src, fast, false, false, None).map(|(a, _)| a)
}

/// What an assembly for an object file has besides [`Assembly`].
pub(crate) struct CoreExtra {
    /// (offset, size, 0-based line) of every instruction and data item, in code order.
    pub rows: Vec<(u32, u32, u32)>,
    /// References to symbols defined elsewhere (only with `externals`).
    pub relocs: Vec<crate::unit::RawReloc>,
}

/// Assemble and also report where each item came from; with `externals`, references to
/// undefined symbols that a relocation can carry are left to the linker; with `outline`,
/// where each line's bytes went and every symbol (for editors).
pub(crate) fn assemble_core(
    src: &str,
    fast: bool,
    rows: bool,
    externals: bool,
    mut outline: Option<&mut crate::outline::Outline>,
) -> Result<(Assembly, CoreExtra), Vec<Diagnostic>> {
    let mut a = Asm {
        externals: externals.then(Vec::new),
        fast,
        src,
        syms: HashMap::new(),
        label_order: Vec::new(),
        // One item per line at most (labels and blank lines make none).
        items: Vec::with_capacity(memchr::memchr_iter(b'\n', src.as_bytes()).count() + 1),
        deferred: Vec::new(),
        data_exprs: Vec::new(),
        diags: Vec::new(),
        pc: 0,
        scratch: Vec::new(),
        suggestions: HashMap::new(),
        hints_given: 0,
        line_starts: Vec::new(),
        bom: 0,
        last_col: (usize::MAX, 0, 0),
    };
    // A byte-order mark (editors on Windows write one) is not part of the first line.
    let mut line_start = if src.starts_with('\u{feff}') { 3 } else { 0 };
    a.bom = line_start;
    let sb = src.as_bytes();
    // The line of each item (at most one item per line).
    let mut item_lines: Vec<u32> = Vec::new();
    let mut line_no = 0u32;
    while line_start < src.len() {
        let end = memchr::memchr(b'\n', &sb[line_start..]).map_or(src.len(), |p| line_start + p);
        let body = &src[line_start..end];
        let body = body.strip_suffix('\r').unwrap_or(body);
        let before = a.items.len();
        let pc = a.pc;
        a.line(line_start, body);
        if rows {
            item_lines.resize(a.items.len().max(before), line_no);
        }
        if let Some(o) = outline.as_deref_mut() {
            o.placed(line_start, pc, a.pc);
        }
        line_no = line_no.saturating_add(1);
        line_start = end + 1;
    }
    if let Some(o) = outline {
        o.symbols = a.symbol_defs();
    }
    let rows = a
        .items
        .iter()
        .zip(&item_lines)
        .filter(|(it, _)| !matches!(it.kind, ItemKind::Pad))
        .map(|(it, &l)| (it.pc, it.size, l))
        .collect();
    if a.pc > u32::MAX as u64 {
        a.diag(
            Span { start: 0, end: 0 },
            "code object larger than 4 GiB".into(),
            None,
        );
        return Err(a.diags);
    }
    let code = a.pass2();
    let mut diags = a.diags;
    diags.sort_by_key(|x| (x.start, x.end));
    if diags.iter().any(Diagnostic::is_error) {
        return Err(diags);
    }
    let assembly = Assembly {
        code,
        labels: a
            .label_order
            .iter()
            .map(|(n, p)| (n.to_string(), *p))
            .collect(),
        warnings: diags,
    };
    let relocs = a.externals.take().unwrap_or_default();
    Ok((assembly, CoreExtra { rows, relocs }))
}

/// Evaluate a constant expression with the assembler's evaluator; `names` are the values
/// of the symbols it may use (`.if`, `.size`).
pub(crate) fn eval_const(expr: &str, names: &HashMap<String, i64>) -> Result<i64, String> {
    let a = Asm {
        externals: None,
        fast: false,
        src: expr,
        syms: names
            .iter()
            .map(|(k, v)| (k.as_str(), Sym::Equ(*v, 0)))
            .collect(),
        label_order: Vec::new(),
        items: Vec::new(),
        deferred: Vec::new(),
        data_exprs: Vec::new(),
        diags: Vec::new(),
        pc: 0,
        scratch: Vec::new(),
        suggestions: HashMap::new(),
        hints_given: 0,
        line_starts: Vec::new(),
        bom: 0,
        last_col: (usize::MAX, 0, 0),
    };
    match a.eval(expr, true) {
        Ok((v, _)) => Ok(v),
        Err(ExprErr::Undefined(n)) => Err(format!("`{n}` is not defined")),
        Err(ExprErr::Syntax(m)) => Err(m),
        #[allow(unreachable_patterns)]
        Err(_) => Err(format!("`{expr}` is not a valid expression")),
    }
}

/// Assemble a named file; errors come back ready to print.
/// Warnings of a successful assembly are in [`Assembly::warnings`]; [`warnings_of`] makes
/// them printable.
pub fn assemble_file(name: &str, src: &str) -> Result<Assembly, Diagnostics> {
    assemble(src).map_err(|list| Diagnostics {
        file: name.to_string(),
        source: src.to_string(),
        list,
    })
}

/// The warnings of a successful assembly of `src`, ready to print.
pub fn warnings_of(name: &str, src: &str, a: &Assembly) -> Diagnostics {
    Diagnostics {
        file: name.to_string(),
        source: src.to_string(),
        list: a.warnings.clone(),
    }
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

    /// The fast path must never change a result: on every line it takes, the general path
    /// gives the same bytes. Lines are disassembler output for every variant with random
    /// operands, plus random edits of those lines.
    #[test]
    fn fast_path_agrees_with_the_general_path() {
        use warpkit_encoding::random::random_program;
        let code = random_program(20_000, false, 99);
        let plain = crate::disassemble(
            &code,
            crate::DisasmOptions {
                comments: false,
                labels: false,
            },
        );
        let mut lines: Vec<String> = plain.lines().map(str::to_string).collect();
        let edits: &[&str] = &[
            "",
            " ",
            ",",
            ":",
            "-",
            "0",
            "9",
            "x",
            "v",
            "u",
            "[",
            "]",
            ".",
            "l",
            "h",
            "0x",
            "0b",
            "_",
            "rm:",
            "rtz",
            "neg:",
            "sat:1",
            "128",
            "64",
            "255",
            "4294967296",
            ";",
            "(",
            ")",
            "+",
            "~",
            "v[4:5]",
            "u[2:3]",
            "dyn",
            "2d",
            "dim:",
            "toff:(1,-2,0)",
            "(-8,",
        ];
        let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
        let mut rnd = |n: usize| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x % n as u64) as usize
        };
        for k in 0..40_000 {
            let base = lines[k % 20_000].clone();
            let mut b = base.into_bytes();
            for _ in 0..1 + rnd(3) {
                // Half the edits change one digit: the text stays well formed, the value
                // moves (out of range, misaligned, past the end of a file, reserved).
                let digits: Vec<usize> = (0..b.len()).filter(|&i| b[i].is_ascii_digit()).collect();
                if rnd(2) == 0 && !digits.is_empty() {
                    let at = digits[rnd(digits.len())];
                    b[at] = b'0' + rnd(10) as u8;
                    continue;
                }
                let at = rnd(b.len() + 1);
                let del = rnd(3).min(b.len() - at);
                let ins = edits[rnd(edits.len())].as_bytes();
                b.splice(at..at + del, ins.iter().copied());
            }
            lines.push(String::from_utf8_lossy(&b).into_owned());
        }
        let mut ok_lines = 0;
        for line in &lines {
            let fast = assemble_with(line, true);
            let slow = assemble_with(line, false);
            match (&fast, &slow) {
                (Ok(f), Ok(s)) => {
                    assert_eq!(f.code, s.code, "{line:?}");
                    assert_eq!(f.warnings, s.warnings, "{line:?}");
                    ok_lines += 1;
                }
                (Err(f), Err(s)) => assert_eq!(f, s, "{line:?}"),
                _ => panic!("{line:?}: fast {fast:?} general {slow:?}"),
            }
        }
        // Both the plain lines and the edited ones must take the fast path often for this
        // test to mean anything; count it directly.
        let takes = |l: &String| {
            let t = l.trim();
            let (w, rest) = t.split_once(' ').unwrap_or((t, ""));
            lookup(w)
                .and_then(|id| crate::fast::instruction(id, rest.as_bytes()))
                .is_some()
        };
        let plain_taken = lines[..20_000].iter().filter(|l| takes(l)).count();
        let edited_taken = lines[20_000..].iter().filter(|l| takes(l)).count();
        if std::env::var_os("WARPKIT_SHOW_FALLBACKS").is_some() {
            for l in lines[..20_000].iter().filter(|l| !takes(l)).take(40) {
                eprintln!("general path: {l}");
            }
        }
        assert!(
            plain_taken > 19_000,
            "fast path on {plain_taken} of 20000 plain lines"
        );
        assert!(
            edited_taken > 5_000,
            "fast path on {edited_taken} edited lines"
        );
        assert!(ok_lines > 20_000, "{ok_lines}");
    }

    #[test]
    fn integers_in_every_radix() {
        assert_eq!(parse_int("0"), Some(0));
        assert_eq!(parse_int("1_000"), Some(1000));
        assert_eq!(parse_int("0x7fFF"), Some(0x7fff));
        assert_eq!(parse_int("0b1010"), Some(10));
        assert_eq!(parse_int("0xffffffffffffffff"), Some(-1));
        assert_eq!(parse_int("0x1_0000_0000_0000_0000"), None);
        assert_eq!(parse_int("0b102"), None);
        assert_eq!(parse_int("12a"), None);
        assert_eq!(parse_int("0x"), None);
        assert_eq!(parse_int(""), None);
    }
}
