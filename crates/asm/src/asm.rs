//! Assembler: two passes over the source. Pass 1 reads every line (labels, then a
//! directive or an instruction), sizes it and records labels; pass 2 resolves symbols,
//! checks every operand against the database and encodes. Every error of the file is
//! collected and reported with line, column, caret and a hint. Expressions are
//! `expr.rs`, operands `operand.rs`, diagnostics `diagnostic.rs`, the fast path for
//! lines written like the disassembler's output `fast.rs`.

use crate::diagnostic::{Diagnostic, Reporter, Span};
use crate::expr::{eval, is_ident_char, is_ident_start, ExprErr, Sym, Symbols};
use crate::float::{self, BINARY16, BINARY32};
use crate::lexline::{lead, Lead};
use crate::operand::{
    bad_expr, bad_name_char, float_error, immediate, non_ascii_in, split_operands, Operands,
};
use crate::outline::{Outline, SymbolDef, SymbolKind};
use crate::reloc::{split_reloc_expr, RawReloc, RelocKind};
use std::collections::HashMap;
use warpkit_encoding::{encode_word, Inst};
use warpkit_isa::search::{did_you_mean, or_list};
use warpkit_isa::{lookup, InsnId, OpType, Operand};

/// What the two passes make of one text (the public result is [`crate::unit::Unit`]).
#[derive(Clone, Debug, Default)]
pub(crate) struct Assembly {
    pub code: Vec<u8>,
    /// Labels and their byte offsets, in definition order.
    pub labels: Vec<(String, u32)>,
    /// Warnings (sorted by position); they do not stop the assembly.
    pub warnings: Vec<Diagnostic>,
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
    /// Data of `width` bytes per value; values resolved in pass 2 (`floats`: float
    /// literals allowed, `.word` and `.half`).
    Data {
        width: u8,
        floats: bool,
        exprs: (u32, u32),
    },
    /// Bytes known in pass 1 (strings, fills), at `start` in `Asm::blobs`.
    Bytes {
        start: u32,
    },
    Pad,
}

struct Item {
    pc: u32,
    size: u32,
    kind: ItemKind,
}

struct Asm<'s> {
    syms: Symbols<'s>,
    label_order: Vec<(&'s str, u32)>,
    items: Vec<Item>,
    deferred: Vec<Deferred>,
    /// Data operands, with the value when pass 1 could already evaluate it (a `.set`
    /// redefined later must not change it).
    data_exprs: Vec<(Span, Option<i64>)>,
    /// The bytes of `ItemKind::Bytes` items.
    blobs: Vec<u8>,
    rep: Reporter<'s>,
    pc: u64,
    scratch: Vec<Span>,
    suggestions: HashMap<&'s str, Option<String>>,
    /// Try the fast path first (off only to test it against the general path).
    fast: bool,
    /// The source has a double quote somewhere (a `;` may then be inside a string).
    quotes: bool,
    /// A line's first word starts with `#` (see [`CoreExtra::hash_lines`]).
    hash_lines: bool,
    /// Object output: references to symbols defined elsewhere become relocations
    /// (`crate::unit`) instead of errors.
    externals: Option<Vec<RawReloc>>,
}

fn offset32(at: usize) -> u32 {
    at.min(u32::MAX as usize) as u32
}

/// Bytes one `.fill`, `.space`, `.skip` or `.zero` may make.
const MAX_FILL: u64 = 64 << 20;

/// Unknown mnemonics searched for a "did you mean" per file.
const MAX_SEARCHES: usize = 256;

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

impl<'s> Asm<'s> {
    /// Every label and `.equ` name with its value and the byte range of its definition.
    fn symbol_defs(&self) -> Vec<SymbolDef> {
        let mut v: Vec<_> = (self.syms.iter())
            .map(|(name, sym)| {
                let (kind, value) = match *sym {
                    Sym::Label(pc, _) => (SymbolKind::Label, pc as i64),
                    Sym::Equ(v, _) => (SymbolKind::Equ, v),
                };
                let start = sym.defined_at();
                SymbolDef {
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

impl<'s> Asm<'s> {
    fn diag(&mut self, span: Span, message: String, hint: Option<String>) {
        self.rep.error(span, message, hint);
    }

    fn text(&self, s: Span) -> &'s str {
        self.rep.text(s)
    }

    fn line(&mut self, line_start: usize, raw: &'s str) {
        // Strip the comment (`;` or `//`): a vectorised search for either byte.
        let rb = raw.as_bytes();
        let mut end = raw.len();
        let mut from = 0;
        while let Some(p) = memchr::memchr2(b';', b'/', &rb[from..]) {
            let at = from + p;
            if rb[at] == b';' || rb.get(at + 1) == Some(&b'/') {
                // In a string (`.ascii "a;b"`) it is no comment: the careful scan decides
                // (only files with a double quote somewhere pay for the look).
                end = match self.quotes && memchr::memchr(b'"', &rb[..at]).is_some() {
                    true => crate::syntax::strip_comment(raw).len(),
                    false => at,
                };
                break;
            }
            from = at + 1;
        }
        let text = trim_end_fast(&raw[..end]);
        let b = text.as_bytes();
        let mut pos = 0;
        // Labels: `name:` at the start, possibly several. The name scanned last, when no
        // colon follows, is the mnemonic.
        let word_end = loop {
            match lead(b, pos) {
                Lead::Label(st, p) => {
                    let name = &text[st..p];
                    let span = Span {
                        start: line_start + st,
                        end: line_start + p,
                    };
                    if self.pc > u32::MAX as u64 {
                        self.diag(span, "code object larger than 4 GiB".into(), None);
                    } else if let Some(sym) = self.syms.get(name).copied() {
                        self.rep.defined_twice(span, name, sym.defined_at());
                    } else {
                        self.syms
                            .insert(name, Sym::Label(self.pc as u32, offset32(span.start)));
                        self.label_order.push((name, self.pc as u32));
                    }
                    pos = p + 1;
                }
                Lead::Word { start, end } => {
                    pos = start;
                    break end;
                }
            }
        };
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
        // `#APP`, `#NO_APP`, `# 1 "file.c"`: a line starting with `#` is a comment (looked
        // at only here, off the fast path: no mnemonic starts with `#`).
        if word.starts_with('#') {
            self.hash_lines = true;
            return;
        }
        // `NAME = EXPR` is `.set NAME, EXPR` (never an instruction: the fast path declines it).
        // Only where `syntax::assignment` can find it: in the word, or first after it (white
        // space as `str::trim_start` has it: tab to carriage return and space in ASCII).
        let eq_next = b[pos..]
            .iter()
            .find(|&&c| !matches!(c, b'\t'..=b'\r' | b' '))
            == Some(&b'=');
        if word.contains('=')
            || eq_next
            || (!text.is_ascii() && memchr::memchr(b'=', &b[st..]).is_some())
        {
            if let Some((name, expr)) = crate::syntax::assignment(&text[st..]) {
                let n0 = line_start + st;
                let e0 = line_start + (expr.as_ptr() as usize - text.as_ptr() as usize);
                let ops = [
                    Span {
                        start: n0,
                        end: n0 + name.len(),
                    },
                    Span {
                        start: e0,
                        end: e0 + expr.len(),
                    },
                ];
                self.directive(".set", ops[0], &ops);
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
            ".word" | ".dword" | ".byte" | ".half" | ".long" | ".int" | ".short" | ".quad"
            | ".2byte" | ".4byte" | ".8byte" => {
                let width: u8 = match word {
                    ".byte" => 1,
                    ".half" | ".short" | ".2byte" => 2,
                    ".word" | ".long" | ".int" | ".4byte" => 4,
                    _ => 8,
                };
                // GNU as's names take integers only; `.word` and `.half` also floats.
                let floats = matches!(word, ".word" | ".half");
                if ops.is_empty() {
                    self.diag(span, format!("{word} needs at least one value"), None);
                    return;
                }
                let first = self.data_exprs.len() as u32;
                for o in ops {
                    let now = self.data_now(*o, width, floats);
                    self.data_exprs.push((*o, now));
                }
                let size = width as u32 * ops.len() as u32;
                self.items.push(Item {
                    pc: self.pc as u32,
                    size,
                    kind: ItemKind::Data {
                        width,
                        floats,
                        exprs: (first, self.data_exprs.len() as u32),
                    },
                });
                self.pc += size as u64;
            }
            ".ascii" | ".asciz" | ".string" => {
                let Some(all) = ops.first().map(|f| Span {
                    start: f.start,
                    end: ops[ops.len() - 1].end,
                }) else {
                    self.diag(span, format!("{word} needs a string"), None);
                    return;
                };
                let mut bytes = Vec::new();
                if let Err((at, len, m)) =
                    crate::syntax::strings(self.text(all), word != ".ascii", &mut bytes)
                {
                    let start = all.start + at;
                    self.diag(
                        Span {
                            start,
                            end: start + len,
                        },
                        m,
                        Some(format!("{word} \"text\", \"more\\n\"")),
                    );
                    return;
                }
                self.push_bytes(&bytes, span);
            }
            ".align" | ".balign" | ".p2align" => self.align(word, span, ops),
            ".zero" | ".space" | ".skip" | ".fill" => {
                let max = match word {
                    ".zero" => 1,
                    ".fill" => 3,
                    _ => 2,
                };
                let mut v = [0i64; 3];
                if ops.is_empty() || ops.len() > max {
                    let form = match word {
                        ".zero" => ".zero COUNT",
                        ".fill" => ".fill REPEAT, SIZE, VALUE",
                        _ => "COUNT, FILL",
                    };
                    self.diag(span, format!("{word} takes {form}"), None);
                    return;
                }
                for (k, o) in ops.iter().enumerate() {
                    match self.known_now(*o, word) {
                        Some(x) => v[k] = x,
                        None => return,
                    }
                }
                // `.fill`: SIZE defaults to 1 and is at most 8; the value's bits above the
                // low 4 bytes are zero, as GNU as writes it.
                let (count, size, value) = match word {
                    ".fill" => (
                        v[0],
                        if ops.len() > 1 { v[1] } else { 1 },
                        v[2] as u32 as u64,
                    ),
                    _ => (v[0], 1, v[1] as u8 as u64),
                };
                if count < 0 || size < 0 {
                    let o = if count < 0 { ops[0] } else { ops[1] };
                    self.diag(o, format!("{word}: {} is negative", self.text(o)), None);
                    return;
                }
                let size = size.min(8) as u64;
                let total = (count as u64).saturating_mul(size);
                if total > MAX_FILL {
                    self.diag(
                        ops[0],
                        format!("{word}: {total} bytes is more than {} MiB", MAX_FILL >> 20),
                        None,
                    );
                    return;
                }
                if value == 0 {
                    self.pad(total);
                } else {
                    let unit = &value.to_le_bytes()[..size as usize];
                    let bytes: Vec<u8> =
                        unit.iter().copied().cycle().take(total as usize).collect();
                    self.push_bytes(&bytes, span);
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
                        self.rep.defined_twice(ops[0], name, sym.defined_at());
                        return;
                    }
                    None => {}
                }
                match eval(&self.syms, self.text(ops[1]), true) {
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
                    Err(e) => bad_expr(&mut self.rep, &self.syms, ops[1], e, None),
                }
            }
            _ => self.diag(
                span,
                format!("unknown directive `{}`", self.text(span)),
                Some(
                    "data: .byte .short .long .quad .word .dword .half .ascii .asciz .zero \
                     .space .fill; .align .balign .p2align; symbols: .equ .set .equiv"
                        .into(),
                ),
            ),
        }
    }

    /// An operand's value now (counts and sizes cannot wait for later labels).
    fn known_now(&mut self, o: Span, word: &str) -> Option<i64> {
        match eval(&self.syms, self.text(o), true) {
            Ok((v, _)) => Some(v),
            Err(ExprErr::Undefined(n)) => {
                self.diag(
                    o,
                    format!("`{n}` is not defined (yet)"),
                    Some(format!("{word} needs values known where it stands")),
                );
                None
            }
            Err(e) => {
                bad_expr(&mut self.rep, &self.syms, o, e, None);
                None
            }
        }
    }

    /// `.align N` / `.balign N` (bytes) and `.p2align P` (2^P bytes), each with an optional
    /// fill byte and a most bytes to skip (beyond that the directive does nothing).
    fn align(&mut self, word: &str, span: Span, ops: &[Span]) {
        if ops.is_empty() || ops.len() > 3 {
            self.diag(
                span,
                format!("{word} takes ALIGNMENT, FILL, MAX"),
                Some(format!(
                    "e.g. {word} {}",
                    if word == ".p2align" { 3 } else { 8 }
                )),
            );
            return;
        }
        let mut v = [0i64; 3];
        for (k, o) in ops.iter().enumerate() {
            match self.known_now(*o, word) {
                Some(x) => v[k] = x,
                None => return,
            }
        }
        let n = if word == ".p2align" {
            if !(0..=12).contains(&v[0]) {
                self.diag(ops[0], ".p2align needs a power from 0 to 12".into(), None);
                return;
            }
            1i64 << v[0]
        } else {
            v[0]
        };
        if !(n > 0 && n <= 4096 && (n & (n - 1)) == 0) {
            self.diag(
                ops[0],
                format!("{word} needs one power of two from 1 to 4096"),
                Some(format!("e.g. {word} 8")),
            );
            return;
        }
        let pad = (n as u64 - self.pc % n as u64) % n as u64;
        if ops.len() == 3 && pad > v[2].max(0) as u64 {
            return;
        }
        let fill = v[1] as u8;
        if fill == 0 {
            self.pad(pad);
        } else {
            self.push_bytes(&vec![fill; pad as usize], span);
        }
    }

    /// `n` zero bytes.
    fn pad(&mut self, n: u64) {
        if n > 0 {
            self.items.push(Item {
                pc: self.pc as u32,
                size: n as u32,
                kind: ItemKind::Pad,
            });
            self.pc += n;
        }
    }

    /// Bytes known now.
    fn push_bytes(&mut self, bytes: &[u8], _span: Span) {
        if bytes.is_empty() {
            return;
        }
        let start = self.blobs.len() as u32;
        self.blobs.extend_from_slice(bytes);
        self.items.push(Item {
            pc: self.pc as u32,
            size: bytes.len() as u32,
            kind: ItemKind::Bytes { start },
        });
        self.pc += bytes.len() as u64;
    }

    /// The variant a mnemonic names (case ignored, as in LLVM's assemblers), or `None`
    /// after reporting it unknown, with a "did you mean".
    fn mnemonic(&mut self, word: &'s str, span: Span) -> Option<InsnId> {
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
                return None;
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
            return None;
        };
        Some(id)
    }

    /// An instruction line, in three passes: the mnemonic, each operand (resolved now or
    /// left for pass 2), then the instruction placed at the current address.
    fn instruction(&mut self, word: &'s str, span: Span, ops: &[Span]) {
        let Some(id) = self.mnemonic(word, span) else {
            return;
        };
        let first_def = self.deferred.len() as u32;
        let mut operands = Operands::new(id);
        for &op_span in ops {
            if let Some(op) = operands.operand(&mut self.rep, &self.syms, self.pc, op_span) {
                self.deferred.push(Deferred { op, span: op_span });
            }
        }
        match operands.finish(&mut self.rep, ops, span) {
            Some(inst) => self.push_inst(inst, (first_def, self.deferred.len() as u32)),
            None => {
                self.deferred.truncate(first_def as usize);
                // Keep addresses right even when the line is wrong, so later labels stay
                // correct.
                self.pc += id.desc().size as u64;
            }
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

    /// A data item's value from the names defined so far (what a later `.set` cannot
    /// change), or `None` for floats, forward references and errors (left to pass 2).
    fn data_now(&self, span: Span, width: u8, floats: bool) -> Option<i64> {
        let t = self.text(span);
        let fmt = match width {
            4 if floats => &BINARY32,
            2 if floats => &BINARY16,
            _ => return eval(&self.syms, t, false).ok().map(|(v, _)| v),
        };
        match float::parse(t, fmt) {
            Some(_) => None,
            None => eval(&self.syms, t, false).ok().map(|(v, _)| v),
        }
    }

    /// The value of one data item (`.word 1.5`, `.byte N+1`), or `None` after reporting why
    /// it has none. Float literals: binary32 in .word, binary16 in .half.
    fn data_value(&mut self, span: Span, width: u8, floats: bool) -> Option<i64> {
        let t = self.text(span);
        let fmt = match width {
            4 if floats => Some(&BINARY32),
            2 if floats => Some(&BINARY16),
            _ => None,
        };
        if let Some(f) = fmt {
            match float::parse(t, f) {
                Some(Ok(bits)) => return Some(bits as i64),
                Some(Err(e)) => {
                    float_error(&mut self.rep, span, e, f);
                    return None;
                }
                None => {}
            }
        }
        match eval(&self.syms, t, true) {
            Ok((v, _)) => Some(v),
            Err(e) => {
                let kind = match width {
                    4 => Some(RelocKind::Abs32),
                    8 => Some(RelocKind::Abs64),
                    _ => None,
                };
                let hint = self.reloc_hint(kind, OpType::K32);
                bad_expr(&mut self.rep, &self.syms, span, e, hint);
                None
            }
        }
    }

    /// What to say of a symbol this file does not define, in a slot that takes the
    /// relocation `kind` (or none; `ty` names an operand's type).
    fn reloc_hint(&self, kind: Option<RelocKind>, ty: OpType) -> Option<String> {
        match (kind, self.externals.is_some()) {
            (Some(_), false) => Some(
                "defined in another file? `asm -f elf` leaves it to the linker (a relocation)"
                    .into(),
            ),
            (Some(_), true) => {
                Some("a relocation carries `SYM`, `SYM + EXPR` or `SYM - EXPR` only".into())
            }
            (None, true) => Some(format!(
                "only branch and jal targets (o17, o19, o22), 32-bit literals (k32: mov.vl, \
                 umov.l, ...) and .long/.quad/.word/.dword values can name a symbol of another \
                 file{}",
                match ty {
                    OpType::K32 => String::new(),
                    t => format!("; this operand is {}", t.name()),
                }
            )),
            (None, false) => None,
        }
    }

    /// Object output: a deferred operand naming a symbol this file does not define becomes
    /// a relocation when its type can carry one. The addend is evaluated here.
    fn external(&mut self, pc: u32, ty: OpType, span: Span) -> bool {
        let Some(kind) = RelocKind::for_operand(ty) else {
            return false;
        };
        self.push_external(pc, kind, span)
    }

    /// `.word sym` / `.dword sym` with `sym` defined elsewhere (`inf` and `nan` stay
    /// float literals).
    fn data_external(&mut self, at: u32, width: u8, span: Span) -> bool {
        let kind = match width {
            4 if float::parse(self.text(span), &BINARY32).is_none() => RelocKind::Abs32,
            8 => RelocKind::Abs64,
            _ => return false,
        };
        self.push_external(at, kind, span)
    }

    fn push_external(&mut self, at: u32, kind: RelocKind, span: Span) -> bool {
        if self.externals.is_none() {
            return false;
        }
        let t = self.text(span);
        let Some((name, rest)) = split_reloc_expr(t) else {
            return false;
        };
        if self.syms.contains_key(name) {
            return false;
        }
        let addend = match rest {
            None => 0,
            Some((neg, r)) => match eval(&self.syms, r, true) {
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
            list.push(RawReloc {
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
                        match eval(&self.syms, t, true) {
                            Ok(value) => {
                                match immediate(&mut self.rep, span, d, op, value, it.pc as u64) {
                                    Some(v) => inst.set(op.slot, v),
                                    None => ok = false,
                                }
                            }
                            Err(ExprErr::Undefined(_)) if self.external(it.pc, op.ty, span) => {}
                            Err(e) => {
                                let hint = self.reloc_hint(RelocKind::for_operand(op.ty), op.ty);
                                bad_expr(&mut self.rep, &self.syms, span, e, hint);
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
                ItemKind::Data {
                    width,
                    floats,
                    exprs,
                } => {
                    for (k, e) in (exprs.0..exprs.1).enumerate() {
                        let (span, now) = self.data_exprs[e as usize];
                        let at = it.pc + (k as u32) * *width as u32;
                        if now.is_none() && self.data_external(at, *width, span) {
                            continue;
                        }
                        let Some(v) = now.or_else(|| self.data_value(span, *width, *floats)) else {
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
                ItemKind::Bytes { start } => {
                    let (at, s) = (it.pc as usize, *start as usize);
                    let n = it.size as usize;
                    code[at..at + n].copy_from_slice(&self.blobs[s..s + n]);
                }
                ItemKind::Pad => {}
            }
        }
        code
    }
}

/// What the two passes do besides assembling (one value for every entry point).
#[derive(Default)]
pub(crate) struct Core<'o> {
    /// Skip the fast path (only to test it against the general path).
    pub general_only: bool,
    /// Report where each item came from ([`CoreExtra::rows`]).
    pub rows: bool,
    /// References to undefined symbols that a relocation can carry are left to the linker.
    pub externals: bool,
    /// Where each line's bytes went and every symbol (for editors).
    pub outline: Option<&'o mut Outline>,
}

/// What an assembly for an object file has besides [`Assembly`].
pub(crate) struct CoreExtra {
    /// (offset, size, 0-based line) of every instruction and data item, in code order.
    pub rows: Vec<(u32, u32, u32)>,
    /// References to symbols defined elsewhere (only with `externals`).
    pub relocs: Vec<RawReloc>,
    /// Some line starts with `#`: a comment here, but maybe a line marker for the front stage.
    pub hash_lines: bool,
}

/// Assemble `src` as `opts` says.
pub(crate) fn assemble_core(
    src: &str,
    opts: Core<'_>,
) -> Result<(Assembly, CoreExtra), Vec<Diagnostic>> {
    let Core {
        general_only,
        rows,
        externals,
        mut outline,
    } = opts;
    let mut a = Asm {
        externals: externals.then(Vec::new),
        fast: !general_only,
        quotes: memchr::memchr(b'"', src.as_bytes()).is_some(),
        hash_lines: false,
        syms: HashMap::new(),
        label_order: Vec::new(),
        // One item per line at most (labels and blank lines make none).
        items: Vec::with_capacity(memchr::memchr_iter(b'\n', src.as_bytes()).count() + 1),
        deferred: Vec::new(),
        data_exprs: Vec::new(),
        blobs: Vec::new(),
        rep: Reporter::new(src),
        pc: 0,
        scratch: Vec::new(),
        suggestions: HashMap::new(),
    };
    // A byte-order mark (editors on Windows write one) is not part of the first line.
    let mut line_start = if src.starts_with('\u{feff}') { 3 } else { 0 };
    a.rep.bom = line_start;
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
    // Sized up front: a filtered collect would grow (and copy) the vector step by step.
    let mut rows = Vec::with_capacity(item_lines.len());
    rows.extend(
        a.items
            .iter()
            .zip(&item_lines)
            .filter(|(it, _)| !matches!(it.kind, ItemKind::Pad))
            .map(|(it, &l)| (it.pc, it.size, l)),
    );
    if a.pc > u32::MAX as u64 {
        a.diag(
            Span { start: 0, end: 0 },
            "code object larger than 4 GiB".into(),
            None,
        );
        return Err(a.rep.list);
    }
    let code = a.pass2();
    let mut diags = a.rep.list;
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
    let hash_lines = a.hash_lines;
    Ok((
        assembly,
        CoreExtra {
            rows,
            relocs,
            hash_lines,
        },
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

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
            let fast = assemble_core(line, Core::default()).map(|(a, _)| a);
            let general = Core {
                general_only: true,
                ..Core::default()
            };
            let slow = assemble_core(line, general).map(|(a, _)| a);
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
}
