//! Parser and checker for `instructions.isa`.
//!
//! Shared by the build script (which turns the data file into static tables), the tests and the
//! command line (`warpkit isa check` reads any `.isa` file with it), so the file format and
//! its rules are defined exactly once. Pure `std`, so the build script can include it.

use std::collections::{BTreeMap, BTreeSet};

/// One bit field of a format: `name[:file][hi:lo]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FieldDef {
    pub name: String,
    /// Register file of an operand slot: `v`, `u` or `h`.
    pub file: Option<String>,
    pub hi: u32,
    pub lo: u32,
    /// Where the field is written in its `@format` line.
    pub span: TextSpan,
}

impl FieldDef {
    pub fn width(&self) -> u32 {
        self.hi - self.lo + 1
    }
}

#[derive(Clone, Debug)]
pub struct FormatDef {
    pub name: String,
    pub bits: u32,
    pub fields: Vec<FieldDef>,
    pub line: usize,
    /// Where the format's name is written.
    pub span: TextSpan,
}

impl FormatDef {
    pub fn field(&self, name: &str) -> Option<&FieldDef> {
        self.fields.iter().find(|f| f.name == name)
    }
    /// The function-code field (`fN`), if the format has one.
    pub fn funct(&self) -> Option<&FieldDef> {
        self.fields
            .iter()
            .find(|f| f.name.starts_with('f') && f.name[1..].parse::<u32>().is_ok())
    }
}

#[derive(Clone, Debug)]
pub struct GroupDef {
    pub id: String,
    pub chapter: String,
    pub unit: String,
    pub title: String,
}

#[derive(Clone, Debug)]
pub struct RowDef {
    pub line: usize,
    pub mnemonic: String,
    pub format: String,
    pub opcode: u32,
    pub funct: Option<(String, u32)>,
    pub latency: String,
    /// (slot, type) in syntax order.
    pub operands: Vec<(String, String)>,
    pub flags: Vec<String>,
    /// Access tokens of the `reads` column (see [`access`]).
    pub reads: Vec<String>,
    /// Access tokens of the `writes` column.
    pub writes: Vec<String>,
    pub semantics: String,
    pub group: usize,
    /// Where each cell is written (indices in [`cell`]).
    pub cells: [TextSpan; 10],
    /// Where each operand is written.
    pub operand_spans: Vec<TextSpan>,
}

#[derive(Clone, Debug, Default)]
pub struct Database {
    pub formats: Vec<FormatDef>,
    pub groups: Vec<GroupDef>,
    pub rows: Vec<RowDef>,
}

/// Operand slots in encoding order (SUPPLEMENT §2: rd, rs1, rs2, rs3, then modifiers).
pub const SLOTS: &[&str] = &[
    "rd", "rs1", "rs2", "rs3", "imm", "rm", "neg", "abs", "sat", "dim", "dmask", "voff", "rsd",
    "a16", "d16", "toff",
];

/// Every flag the chapters use.
pub const FLAGS: &[&str] = &[
    "p64", "ir", "re", "ur", "ei", "we", "eb", "br", "cd", "cal", "ix", "fm", "rmo", "h16", "ld",
    "db", "sp", "wqm", "st", "at", "opt", "sy", "fo",
];

/// What the toolchain knows about one operand type: every other place (the build script's
/// tables, the checks, the decoder's validity facts) reads these rows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TypeFacts {
    /// As the manual writes it (`vp^2`, `s8`).
    pub name: &'static str,
    /// The generated `OpType` variant.
    pub variant: &'static str,
    /// Register file (`v`, `u`, `h`), "" for non-registers.
    pub file: &'static str,
    /// Registers covered and the alignment of the first one (0 for non-registers).
    pub count: u32,
    pub align: u32,
    /// Value bits.
    pub bits: u32,
    /// Two's complement in its field (sign-extended when decoded).
    pub signed: bool,
    /// Every field value is valid, so decoders skip the value check (PC-relative offsets
    /// are, except as branch targets, which must be multiples of 4).
    pub always_valid: bool,
    /// A byte offset from the instruction's own address.
    pub pc_relative: bool,
}

const fn reg(
    name: &'static str,
    variant: &'static str,
    file: &'static str,
    count: u32,
    align: u32,
    bits: u32,
    always_valid: bool,
) -> TypeFacts {
    TypeFacts {
        name,
        variant,
        file,
        count,
        align,
        bits,
        signed: false,
        always_valid,
        pc_relative: false,
    }
}

const fn val(
    name: &'static str,
    variant: &'static str,
    bits: u32,
    signed: bool,
    always_valid: bool,
) -> TypeFacts {
    TypeFacts {
        name,
        variant,
        file: "",
        count: 0,
        align: 0,
        bits,
        signed,
        always_valid,
        pc_relative: false,
    }
}

const fn pcrel(name: &'static str, variant: &'static str, bits: u32) -> TypeFacts {
    TypeFacts {
        name,
        variant,
        file: "",
        count: 0,
        align: 0,
        bits,
        signed: true,
        always_valid: false,
        pc_relative: true,
    }
}

/// Every operand type (SUPPLEMENT §2).
pub const TYPES: &[TypeFacts] = &[
    reg("v", "V", "v", 1, 1, 7, true),
    reg("v*", "VAcc", "v", 1, 1, 7, true),
    reg("v^2", "V2", "v", 2, 1, 7, false),
    reg("v^3", "V3", "v", 3, 1, 7, false),
    reg("v^4", "V4", "v", 4, 1, 7, false),
    reg("vp^2", "VP2", "v", 2, 2, 7, false),
    reg("u", "U", "u", 1, 1, 6, true),
    reg("up^2", "UP2", "u", 2, 2, 6, false),
    reg("d4^4", "D4", "u", 4, 4, 6, false),
    reg("d8^8", "D8", "u", 8, 8, 6, false),
    reg("h", "H", "h", 1, 1, 8, true),
    val("s8", "S8", 8, true, true),
    val("s10", "S10", 10, true, true),
    val("s17", "S17", 17, true, true),
    val("s18", "S18", 18, true, true),
    val("j10", "J10", 10, true, true),
    val("k32", "K32", 32, false, true),
    pcrel("o17", "O17", 17),
    pcrel("o19", "O19", 19),
    pcrel("o22", "O22", 22),
    val("u1", "U1", 1, false, true),
    val("u4", "U4", 4, false, true),
    val("t7", "T7", 7, false, true),
    val("at7", "AT7", 7, false, true),
    val("t12", "T12", 12, false, true),
    val("rm", "Rm", 3, false, false),
    val("mod3", "Mod3", 3, false, false),
    val("dim", "Dim", 4, false, false),
];

/// The facts of an operand type, by its manual name.
pub fn type_facts(name: &str) -> Option<&'static TypeFacts> {
    TYPES.iter().find(|t| t.name == name)
}

/// (register file or "", register count, alignment, value bits) of an operand type.
pub fn type_info(name: &str) -> Option<(&'static str, u32, u32, u32)> {
    type_facts(name).map(|t| (t.file, t.count, t.align, t.bits))
}

/// Implicit machine state an access token can name (SUPPLEMENT 1).
pub const IMPLICIT: &[&str] = &["exec", "mode", "fflags", "pc", "code_base"];

/// One token of a `reads` / `writes` cell, split into its parts; [`check`] validates it
/// against the row.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Access<'a> {
    /// `rd`, `rs1`, ...: every register the operand's type covers.
    Op(&'a str),
    /// `rs1+rs2`: vector register (number in slot `base`) + U[slot `index`].
    Indexed { base: &'a str, index: &'a str },
    /// `rd..`: the operand's register and an unmodelled number of registers after it.
    Run(&'a str),
    /// `exec`, `mode`, `fflags`, `pc`, `code_base`.
    Implicit(&'a str),
}

/// Split an access token (no validation: an unknown word comes back as [`Access::Op`]).
pub fn access(tok: &str) -> Access<'_> {
    if let Some((base, index)) = tok.split_once('+') {
        Access::Indexed { base, index }
    } else if let Some(slot) = tok.strip_suffix("..") {
        Access::Run(slot)
    } else if IMPLICIT.contains(&tok) {
        Access::Implicit(tok)
    } else {
        Access::Op(tok)
    }
}

/// The name of a variant's constant in the generated `id` module: the mnemonic upper-cased,
/// `.` replaced by `_` (`fadd.f32.m` -> `FADD_F32_M`).
pub fn id_name(mnemonic: &str) -> String {
    mnemonic.to_ascii_uppercase().replace('.', "_")
}

/// Where a piece of the text is: 1-based column and length, both in characters.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TextSpan {
    pub col: usize,
    pub len: usize,
}

/// Columns of a row: mnemonic, format, opcode, funct, latency, operands, flags, reads,
/// writes, semantics (the indices of [`RowDef::cells`]).
pub mod cell {
    pub const MNEMONIC: usize = 0;
    pub const FORMAT: usize = 1;
    pub const OPCODE: usize = 2;
    pub const FUNCT: usize = 3;
    pub const LATENCY: usize = 4;
    pub const OPERANDS: usize = 5;
    pub const FLAGS: usize = 6;
    pub const READS: usize = 7;
    pub const WRITES: usize = 8;
    pub const SEMANTICS: usize = 9;
}

/// How two variants' encodings relate (riscv-isa-explorer's classes): `Subset` means every
/// word of the later variant is also a word of the earlier one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Overlap {
    Identical,
    Subset,
    Superset,
    Partial,
}

impl Overlap {
    pub fn name(self) -> &'static str {
        match self {
            Overlap::Identical => "identical",
            Overlap::Subset => "subset",
            Overlap::Superset => "superset",
            Overlap::Partial => "partial",
        }
    }
}

/// One thing wrong with a table, at its place in the text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    pub line: usize,
    pub span: TextSpan,
    /// The variant's mnemonic or the format's name the problem is about ("" for syntax).
    pub subject: String,
    /// What kind of rule it breaks: `syntax`, `format`, `bit-twice`, `bit-uncovered`,
    /// `field-width`, `overlap-identical`, `overlap-subset`, `overlap-superset`,
    /// `overlap-partial`, `opcode`, `funct`, `operand`, `mnemonic`, `latency`, `flag`,
    /// `access`.
    pub class: &'static str,
    pub message: String,
    /// A word that shows the problem: one both overlapping variants decode, or one whose
    /// bit two fields claim.
    pub example: Option<u64>,
    /// The other place the problem is about.
    pub related: Option<Box<RelatedPlace>>,
}

/// A second place a [`Problem`] is about (the other variant of an overlap).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RelatedPlace {
    pub line: usize,
    pub span: TextSpan,
    pub message: String,
}

impl std::fmt::Display for Problem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.subject.is_empty() {
            write!(f, "line {}: {}", self.line, self.message)
        } else {
            write!(f, "line {} ({}): {}", self.line, self.subject, self.message)
        }
    }
}

fn syntax(line: usize, span: TextSpan, message: String) -> Problem {
    Problem {
        line,
        span,
        subject: String::new(),
        class: "syntax",
        message,
        example: None,
        related: None,
    }
}

/// The whitespace-separated tokens of `text`, which starts at column `col`, with their spans.
fn tokens_at(text: &str, col: usize) -> Vec<(&str, TextSpan)> {
    let mut out = Vec::new();
    let mut start: Option<(usize, usize)> = None;
    for (k, (i, c)) in text.char_indices().enumerate() {
        match (c.is_whitespace(), start) {
            (true, Some((b, kb))) => {
                out.push((
                    &text[b..i],
                    TextSpan {
                        col: col + kb,
                        len: k - kb,
                    },
                ));
                start = None;
            }
            (false, None) => start = Some((i, k)),
            _ => {}
        }
    }
    if let Some((b, kb)) = start {
        let n = text[b..].chars().count();
        out.push((
            &text[b..],
            TextSpan {
                col: col + kb,
                len: n,
            },
        ));
    }
    out
}

/// Split a row into its first ten '|'-separated cells (the semantics may itself contain
/// '|'), each trimmed, with its span in the line.
fn split_cells(raw: &str) -> Vec<(&str, TextSpan)> {
    let mut out = Vec::new();
    let mut from = 0;
    let mut col = 1;
    let mut rest = raw;
    loop {
        let (cell, more) = match rest.find('|') {
            Some(p) if out.len() < 9 => (&rest[..p], Some(&rest[p + 1..])),
            _ => (rest, None),
        };
        let lead = cell.len() - cell.trim_start().len();
        let t = cell.trim();
        let t_col = col + cell[..lead].chars().count();
        out.push((
            t,
            TextSpan {
                col: t_col,
                len: t.chars().count().max(1),
            },
        ));
        col += cell.chars().count() + 1;
        from += cell.len() + 1;
        match more {
            Some(m) => rest = m,
            None => break,
        }
    }
    let _ = from;
    out
}

fn parse_field(tok: &str, line: usize, span: TextSpan) -> Result<FieldDef, Problem> {
    let err = || {
        syntax(
            line,
            span,
            format!("bad field `{tok}` (want name[:file][hi:lo])"),
        )
    };
    let open = tok.find('[').ok_or_else(err)?;
    if !tok.ends_with(']') {
        return Err(err());
    }
    let (head, range) = (&tok[..open], &tok[open + 1..tok.len() - 1]);
    let (name, file) = match head.split_once(':') {
        Some((n, f)) => (n.to_string(), Some(f.to_string())),
        None => (head.to_string(), None),
    };
    let (hi, lo) = match range.split_once(':') {
        Some((h, l)) => (
            h.parse::<u32>().map_err(|_| err())?,
            l.parse::<u32>().map_err(|_| err())?,
        ),
        None => {
            let b = range.parse::<u32>().map_err(|_| err())?;
            (b, b)
        }
    };
    // Bits past 63 cannot exist in any format; refusing them here keeps masks in range.
    if hi < lo || hi > 63 {
        return Err(err());
    }
    Ok(FieldDef {
        name,
        file,
        hi,
        lo,
        span,
    })
}

fn parse_hex(s: &str, line: usize, span: TextSpan) -> Result<u32, Problem> {
    s.strip_prefix("0x")
        .and_then(|h| u32::from_str_radix(h, 16).ok())
        .ok_or_else(|| syntax(line, span, format!("`{s}` is not a 0x hex number")))
}

/// Parse the whole file; the first syntax error stops it (see [`parse_all`] for all of
/// them).
pub fn parse(text: &str) -> Result<Database, Problem> {
    let (db, mut errs) = parse_all(text);
    if errs.is_empty() {
        Ok(db)
    } else {
        Err(errs.swap_remove(0))
    }
}

/// Parse every line: the rows and formats that parse, and a problem for each line that
/// does not.
pub fn parse_all(text: &str) -> (Database, Vec<Problem>) {
    let mut db = Database::default();
    let mut errs = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        if let Err(e) = parse_line(&mut db, raw, i + 1) {
            errs.push(e);
        }
    }
    (db, errs)
}

fn parse_line(db: &mut Database, raw: &str, line: usize) -> Result<(), Problem> {
    let l = raw.trim();
    if l.is_empty() || l.starts_with('#') {
        return Ok(());
    }
    let indent = raw.len() - raw.trim_start().len();
    let whole = TextSpan {
        col: 1 + raw[..indent].chars().count(),
        len: l.chars().count(),
    };
    if l.starts_with("@format ") {
        let toks = tokens_at(&raw[indent..], whole.col);
        let name = toks
            .get(1)
            .ok_or_else(|| syntax(line, whole, "@format without name".into()))?;
        let bits = toks
            .get(2)
            .and_then(|(b, _)| b.parse::<u32>().ok())
            .ok_or_else(|| syntax(line, name.1, "@format without bit count".into()))?;
        let fields = toks[3..]
            .iter()
            .map(|(t, s)| parse_field(t, line, *s))
            .collect::<Result<Vec<_>, _>>()?;
        db.formats.push(FormatDef {
            name: name.0.to_string(),
            bits,
            fields,
            line,
            span: name.1,
        });
        return Ok(());
    }
    if let Some(rest) = l.strip_prefix("@group ") {
        let mut toks = rest.splitn(4, ' ');
        let id = toks.next().unwrap_or_default().to_string();
        let chapter = toks.next().and_then(|t| t.strip_prefix("chapter="));
        let unit = toks.next().and_then(|t| t.strip_prefix("unit="));
        let title = toks.next();
        return match (chapter, unit, title) {
            (Some(c), Some(u), Some(t)) => {
                db.groups.push(GroupDef {
                    id,
                    chapter: c.to_string(),
                    unit: u.to_string(),
                    title: t.trim().to_string(),
                });
                Ok(())
            }
            _ => Err(syntax(
                line,
                whole,
                "want `@group ID chapter=C unit=U title`".into(),
            )),
        };
    }
    let cells = split_cells(raw);
    if cells.len() != 10 {
        return Err(syntax(
            line,
            whole,
            format!("want 10 '|'-separated cells, found {}", cells.len()),
        ));
    }
    if db.groups.is_empty() {
        return Err(syntax(line, whole, "row before the first @group".into()));
    }
    let (funct_text, funct_span) = cells[cell::FUNCT];
    let funct = if funct_text == "-" {
        None
    } else {
        let (n, v) = funct_text.split_once('=').ok_or_else(|| {
            syntax(
                line,
                funct_span,
                format!("funct `{funct_text}` is not fN=0xV"),
            )
        })?;
        Some((n.to_string(), parse_hex(v, line, funct_span)?))
    };
    let (ops_text, ops_span) = cells[cell::OPERANDS];
    let mut operands = Vec::new();
    let mut operand_spans = Vec::new();
    if ops_text != "-" {
        for (t, s) in tokens_at(ops_text, ops_span.col) {
            let (slot, ty) = t
                .split_once(':')
                .ok_or_else(|| syntax(line, s, format!("operand `{t}` is not slot:type")))?;
            operands.push((slot.to_string(), ty.to_string()));
            operand_spans.push(s);
        }
    }
    let tokens = |cell: &str| -> Vec<String> {
        if cell == "-" {
            Vec::new()
        } else {
            cell.split_whitespace().map(str::to_string).collect()
        }
    };
    let spans: Vec<TextSpan> = cells.iter().map(|c| c.1).collect();
    db.rows.push(RowDef {
        line,
        mnemonic: cells[cell::MNEMONIC].0.to_string(),
        format: cells[cell::FORMAT].0.to_string(),
        opcode: parse_hex(cells[cell::OPCODE].0, line, cells[cell::OPCODE].1)?,
        funct,
        latency: cells[cell::LATENCY].0.to_string(),
        operands,
        flags: tokens(cells[cell::FLAGS].0),
        reads: tokens(cells[cell::READS].0),
        writes: tokens(cells[cell::WRITES].0),
        semantics: cells[cell::SEMANTICS].0.to_string(),
        group: db.groups.len() - 1,
        cells: spans.try_into().unwrap_or_default(),
        operand_spans,
    });
    Ok(())
}

/// `width` one bits from bit `lo` (clipped to 64 bits).
pub fn bit_range(lo: u32, width: u32) -> u64 {
    if lo >= 64 {
        return 0;
    }
    let ones = if width >= 64 {
        u64::MAX
    } else {
        (1u64 << width) - 1
    };
    ones << lo
}

/// Which bits identify a variant: `word & match_mask == match_bits` for its opcode and
/// function code, and `word & zero_mask == 0` for the bits it leaves unused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Masks {
    pub match_mask: u64,
    pub match_bits: u64,
    /// Bits that must be zero: reserved fields and slots the variant does not name (and
    /// the high half of a 32-bit variant's 64-bit word is not part of it).
    pub zero_mask: u64,
}

impl Masks {
    /// Every bit whose value is fixed (riscv-opcodes' MASK).
    pub fn fixed(&self) -> u64 {
        self.match_mask | self.zero_mask
    }
}

/// The masks of row `r` in its format `f`: opcode and function code matched (the function
/// code as wide as its field, as a decoder reads it), every bit neither they nor a named
/// operand occupy must be zero. A non-register value in a register slot (t7, at7) uses the
/// slot's low bits only. Every mask of the toolchain (the generated tables, the exported
/// MATCH_/MASK_, the overlap checks) is computed here.
pub fn encoding_masks(r: &RowDef, f: &FormatDef) -> Masks {
    let mut match_mask: u64 = 0x7f;
    let mut match_bits: u64 = (r.opcode & 0x7f) as u64;
    if let (Some((_, v)), Some(fd)) = (&r.funct, f.funct()) {
        let m = bit_range(fd.lo, fd.width());
        match_mask |= m;
        match_bits |= ((*v as u64) << fd.lo) & m;
    }
    let mut used = match_mask;
    for (slot, ty) in &r.operands {
        let (Some(fd), Some(t)) = (f.field(slot), type_facts(ty)) else {
            continue;
        };
        let width = if fd.file.is_some() && t.file.is_empty() {
            t.bits
        } else {
            fd.width()
        };
        used |= bit_range(fd.lo, width);
    }
    let size_mask: u64 = if f.bits == 64 { u64::MAX } else { 0xffff_ffff };
    Masks {
        match_mask,
        match_bits,
        zero_mask: size_mask & !used,
    }
}

/// How the words of `b` relate to those of `a`, if they share any, and one word both match.
pub fn overlap(a: &Masks, b: &Masks) -> Option<(Overlap, u64)> {
    let (fa, fb) = (a.fixed(), b.fixed());
    let (ma, mb) = (a.match_bits & fa, b.match_bits & fb);
    if (ma ^ mb) & fa & fb != 0 {
        return None;
    }
    let class = if fa == fb {
        Overlap::Identical
    } else if fb & !fa != 0 && fa & !fb == 0 {
        // b fixes more bits: its words are a subset of a's.
        Overlap::Subset
    } else if fa & !fb != 0 && fb & !fa == 0 {
        Overlap::Superset
    } else {
        Overlap::Partial
    };
    Some((class, ma | mb))
}

/// Every soundness rule of the table; returns all violations (empty = sound).
pub fn check(db: &Database) -> Vec<String> {
    problems(db).iter().map(|p| p.to_string()).collect()
}

/// Every soundness rule of the table and every overlap between two variants' encodings,
/// each at its place in the text, in line order.
pub fn problems(db: &Database) -> Vec<Problem> {
    let mut out: Vec<Problem> = Vec::new();
    let mut fmt_names = BTreeMap::new();
    for f in &db.formats {
        let mut put =
            |span: TextSpan, class: &'static str, message: String, example: Option<u64>| {
                out.push(Problem {
                    line: f.line,
                    span,
                    subject: f.name.clone(),
                    class,
                    message,
                    example,
                    related: None,
                })
            };
        if let Some(first) = fmt_names.insert(f.name.clone(), f.line) {
            put(
                f.span,
                "format",
                format!("format {} defined twice (first on line {first})", f.name),
                None,
            );
        }
        if f.bits != 32 && f.bits != 64 {
            put(
                f.span,
                "format",
                format!("format {} has {} bits", f.name, f.bits),
                None,
            );
        }
        // Fields must cover every bit exactly once.
        // Fields never reach past bit 63 (the parser refuses them), so 64 entries bound the
        // table whatever bit count a line claims.
        let mut owner: Vec<Option<&FieldDef>> = vec![None; f.bits.min(64) as usize];
        for fd in &f.fields {
            for b in fd.lo..=fd.hi {
                match owner.get_mut(b as usize) {
                    None => put(
                        fd.span,
                        "format",
                        format!("{}.{} bit {b} beyond {} bits", f.name, fd.name, f.bits),
                        None,
                    ),
                    Some(Some(o)) => put(
                        fd.span,
                        "bit-twice",
                        format!(
                            "{} bit {b} in both {} and {} (a word with bit {b} set sets bit {} of {} and bit {} of {} at once)",
                            f.name,
                            o.name,
                            fd.name,
                            b - o.lo,
                            o.name,
                            b - fd.lo,
                            fd.name
                        ),
                        Some(1u64 << b),
                    ),
                    Some(slot) => *slot = Some(fd),
                }
            }
            let known = fd.name == "op"
                || fd.name == "reserved"
                || SLOTS.contains(&fd.name.as_str())
                || (fd.name.starts_with('f') && fd.name[1..].parse::<u32>().is_ok());
            if !known {
                put(
                    fd.span,
                    "format",
                    format!("{} has unknown field {}", f.name, fd.name),
                    None,
                );
            }
        }
        for (b, o) in owner.iter().enumerate() {
            if o.is_none() {
                put(
                    f.span,
                    "bit-uncovered",
                    format!("{} bit {b} belongs to no field", f.name),
                    None,
                );
            }
        }
        match f.field("op") {
            Some(op) if op.lo == 0 && op.hi == 6 => {}
            _ => put(
                f.span,
                "format",
                format!("{} must have op[6:0]", f.name),
                None,
            ),
        }
    }
    let mut op_format: BTreeMap<u32, &RowDef> = BTreeMap::new();
    let mut mnemonics: BTreeMap<&str, usize> = BTreeMap::new();
    let mut id_names: BTreeMap<String, &str> = BTreeMap::new();
    for r in &db.rows {
        let mut errs: Vec<(usize, &'static str, String)> = Vec::new();
        row_problems(
            db,
            r,
            &mut errs,
            &mut op_format,
            &mut mnemonics,
            &mut id_names,
        );
        for (c, class, message) in errs {
            let span = match c.checked_sub(OPERAND_AT) {
                Some(k) => r
                    .operand_spans
                    .get(k)
                    .copied()
                    .unwrap_or(r.cells[cell::OPERANDS]),
                None => r.cells[c],
            };
            out.push(Problem {
                line: r.line,
                span,
                subject: r.mnemonic.clone(),
                class,
                message,
                example: None,
                related: None,
            });
        }
    }
    overlaps(db, &mut out);
    out.sort_by_key(|p| (p.line, p.span.col));
    out
}

/// Every pair of variants whose encodings share a word, reported at the later one.
fn overlaps(db: &Database, out: &mut Vec<Problem>) {
    let mut by_opcode: BTreeMap<u32, Vec<(&RowDef, Masks)>> = BTreeMap::new();
    for r in &db.rows {
        if let Some(f) = db.formats.iter().find(|f| f.name == r.format) {
            by_opcode
                .entry(r.opcode & 0x7f)
                .or_default()
                .push((r, encoding_masks(r, f)));
        }
    }
    for rows in by_opcode.values() {
        for (j, (b, mb)) in rows.iter().enumerate() {
            for (a, ma) in &rows[..j] {
                let Some((class, word)) = overlap(ma, mb) else {
                    continue;
                };
                let digits = if (ma.fixed() | mb.fixed()) >> 32 != 0 {
                    16
                } else {
                    8
                };
                let both = format!("both decode 0x{word:0digits$x}");
                let message = match class {
                    Overlap::Identical => format!(
                        "(opcode 0x{:x}, funct 0x{:x}) also used by {} (line {}): identical encodings, {both}",
                        b.opcode,
                        b.funct.as_ref().map_or(0, |f| f.1),
                        a.mnemonic,
                        a.line
                    ),
                    Overlap::Subset => format!(
                        "every word of {} is also a word of {} (line {}): subset overlap, {both}",
                        b.mnemonic, a.mnemonic, a.line
                    ),
                    Overlap::Superset => format!(
                        "{} takes every word of {} (line {}) and more: superset overlap, {both}",
                        b.mnemonic, a.mnemonic, a.line
                    ),
                    Overlap::Partial => format!(
                        "{} and {} (line {}) share some words: partial overlap, {both}",
                        b.mnemonic, a.mnemonic, a.line
                    ),
                };
                let at = if b.funct.is_some() {
                    cell::FUNCT
                } else {
                    cell::OPCODE
                };
                out.push(Problem {
                    line: b.line,
                    span: b.cells[at],
                    subject: b.mnemonic.clone(),
                    class: match class {
                        Overlap::Identical => "overlap-identical",
                        Overlap::Subset => "overlap-subset",
                        Overlap::Superset => "overlap-superset",
                        Overlap::Partial => "overlap-partial",
                    },
                    message,
                    example: Some(word),
                    related: Some(Box::new(RelatedPlace {
                        line: a.line,
                        span: a.cells[if a.funct.is_some() {
                            cell::FUNCT
                        } else {
                            cell::OPCODE
                        }],
                        message: format!("{} is encoded here", a.mnemonic),
                    })),
                });
            }
        }
    }
}

/// In [`row_problems`]' output, `OPERAND_AT + k` stands for the row's operand `k`.
const OPERAND_AT: usize = 100;

/// The rules of one row, as (cell, class, message).
fn row_problems<'a>(
    db: &Database,
    r: &'a RowDef,
    errs: &mut Vec<(usize, &'static str, String)>,
    op_format: &mut BTreeMap<u32, &'a RowDef>,
    mnemonics: &mut BTreeMap<&'a str, usize>,
    id_names: &mut BTreeMap<String, &'a str>,
) {
    use cell::*;
    if let Some(first) = mnemonics.insert(&r.mnemonic, r.line) {
        errs.push((
            MNEMONIC,
            "mnemonic",
            format!("mnemonic defined twice (first on line {first})"),
        ));
    }
    // Generated `id::NAME` constants must be distinct Rust identifiers.
    let idn = id_name(&r.mnemonic);
    if !idn.starts_with(|c: char| c.is_ascii_alphabetic())
        || !idn.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
    {
        errs.push((
            MNEMONIC,
            "mnemonic",
            format!("id name {idn} is not a Rust identifier"),
        ));
    } else if let Some(prev) = id_names.insert(idn.clone(), &r.mnemonic) {
        if prev != r.mnemonic {
            errs.push((
                MNEMONIC,
                "mnemonic",
                format!("id name {idn} also names {prev}"),
            ));
        }
    }
    let Some(f) = db.formats.iter().find(|f| f.name == r.format) else {
        errs.push((FORMAT, "format", format!("unknown format {}", r.format)));
        return;
    };
    if r.opcode > 0x7f {
        errs.push((
            OPCODE,
            "field-width",
            format!("opcode 0x{:x} wider than 7 bits", r.opcode),
        ));
    }
    if (r.opcode & 1 == 1) != (f.bits == 64) {
        errs.push((
            OPCODE,
            "opcode",
            format!(
                "opcode 0x{:x} parity disagrees with {}-bit format {}",
                r.opcode, f.bits, f.name
            ),
        ));
    }
    if let Some(prev) = op_format.get(&r.opcode) {
        if prev.format != r.format {
            errs.push((
                FORMAT,
                "opcode",
                format!(
                    "opcode 0x{:x} used by formats {} (line {}) and {}",
                    r.opcode, prev.format, prev.line, r.format
                ),
            ));
        }
    } else {
        op_format.insert(r.opcode, r);
    }
    match (&r.funct, f.funct()) {
        (Some((n, v)), Some(fd)) => {
            if *n != fd.name {
                errs.push((
                    FUNCT,
                    "funct",
                    format!("funct field {n} but format {} has {}", f.name, fd.name),
                ));
            }
            let fits = bit_range(0, fd.width());
            if *v as u64 & !fits != 0 {
                errs.push((
                    FUNCT,
                    "field-width",
                    format!(
                        "funct 0x{v:x} wider than {} ({} bits: a decoder reads 0x{:x})",
                        fd.name,
                        fd.width(),
                        *v as u64 & fits
                    ),
                ));
            }
        }
        (None, None) => {}
        (Some((n, _)), None) => errs.push((
            FUNCT,
            "funct",
            format!("funct {n} but format {} has none", f.name),
        )),
        (None, Some(fd)) => errs.push((
            FUNCT,
            "funct",
            format!("format {} needs a funct {}", f.name, fd.name),
        )),
    }
    let lat_ok = match r.latency.split_once(':') {
        Some(("fixed", n)) => n.parse::<u8>().is_ok(),
        Some(("async", u)) => !u.is_empty() && u.chars().all(|c| c.is_ascii_alphanumeric()),
        _ => false,
    };
    if !lat_ok {
        errs.push((
            LATENCY,
            "latency",
            format!("latency `{}` is not fixed:N or async:UNIT", r.latency),
        ));
    }
    for fl in &r.flags {
        if !self::FLAGS.contains(&fl.as_str()) {
            errs.push((cell::FLAGS, "flag", format!("unknown flag {fl}")));
        }
    }
    // Assembly syntax: positional operands (registers, immediates) before modifiers.
    let positional = |s: &str| matches!(s, "rd" | "rs1" | "rs2" | "rs3" | "imm");
    if r.operands
        .windows(2)
        .any(|w| !positional(&w[0].0) && positional(&w[1].0))
    {
        errs.push((
            OPERANDS,
            "operand",
            "positional operand after a modifier".into(),
        ));
    }
    let mut slots = BTreeSet::new();
    for (k, (slot, ty)) in r.operands.iter().enumerate() {
        let at = OPERAND_AT + k;
        if !slots.insert(slot) {
            errs.push((at, "operand", format!("slot {slot} named twice")));
        }
        let Some(t) = type_facts(ty) else {
            errs.push((at, "operand", format!("unknown operand type {ty}")));
            continue;
        };
        let Some(fd) = f.field(slot) else {
            errs.push((
                at,
                "operand",
                format!("format {} has no slot {slot}", f.name),
            ));
            continue;
        };
        let (file, bits) = (t.file, t.bits);
        if !file.is_empty() {
            if fd.file.as_deref() != Some(file) {
                errs.push((
                    at,
                    "operand",
                    format!(
                        "{slot}:{ty} needs a {file} slot, format {} gives {:?}",
                        f.name, fd.file
                    ),
                ));
            }
        } else if fd.file.is_some() {
            // Non-register values in a register slot use its low bits (t7, at7).
            if bits > fd.width() {
                errs.push((
                    at,
                    "field-width",
                    format!("{slot}:{ty} ({bits} bits) does not fit {} bits", fd.width()),
                ));
            }
        } else if bits != fd.width() {
            errs.push((
                at,
                "field-width",
                format!("{slot}:{ty} has {bits} bits, field has {}", fd.width()),
            ));
        }
    }
    let mut access = Vec::new();
    check_access(r, &mut access);
    for m in access {
        // Point at the column the rule is about.
        let c = if m.starts_with("writes") || m.contains("written") || m.contains("writes ") {
            WRITES
        } else {
            READS
        };
        errs.push((c, "access", m));
    }
}

/// The slots and implicit names one access column mentions, by role.
#[derive(Default)]
struct Column<'a> {
    /// `rd`, `rd..`: the operand's own registers.
    plain: BTreeSet<&'a str>,
    /// Base and index slots of `B+I` tokens.
    base: BTreeSet<&'a str>,
    index: BTreeSet<&'a str>,
    implicit: BTreeSet<&'a str>,
    indexed: bool,
}

/// The type of a row's operand in `slot`.
fn op_type<'a>(r: &'a RowDef, slot: &str) -> Option<&'a str> {
    r.operands
        .iter()
        .find(|(s, _)| s == slot)
        .map(|(_, t)| t.as_str())
}

/// The register file (`v`, `u`, `h`) of a row's operand, "" for non-registers and absent slots.
fn op_file(r: &RowDef, slot: &str) -> &'static str {
    op_type(r, slot).and_then(type_info).map_or("", |t| t.0)
}

/// Sort the tokens of one access column by role, reporting tokens that name no register
/// operand of the row and no implicit state the column can hold.
fn scan_column<'a>(
    r: &RowDef,
    toks: &'a [String],
    col: &str,
    errs: &mut Vec<String>,
) -> Column<'a> {
    let mut c = Column::default();
    let mut seen = BTreeSet::new();
    for t in toks {
        if !seen.insert(t.as_str()) {
            errs.push(format!("{col} lists {t} twice"));
        }
        // A token names a register operand of this variant or known implicit state;
        // immediates and modifiers are encoding, not state.
        let reg_slot = |s: &str, errs: &mut Vec<String>| match op_type(r, s) {
            Some(_) if !op_file(r, s).is_empty() => true,
            Some(ty) => {
                errs.push(format!("{col} names {s}, a {ty} operand, not a register"));
                false
            }
            None => {
                errs.push(format!(
                    "{col} token {t}: {s} is neither an operand slot of the variant nor one of {}",
                    IMPLICIT.join(" ")
                ));
                false
            }
        };
        match access(t) {
            Access::Op(s) => {
                if reg_slot(s, errs) {
                    c.plain.insert(s);
                }
            }
            Access::Run(s) => {
                // Runs only exist where dim/dmask size them (chapter 7 T format).
                if reg_slot(s, errs) {
                    if op_type(r, "dim").is_none() || op_file(r, s) != "v" {
                        errs.push(format!(
                            "{t}: runs are for vector operands of variants with a dim operand"
                        ));
                    }
                    c.plain.insert(s);
                }
            }
            Access::Indexed { base, index } => {
                // movrel addressing: a vector register number plus a uniform index.
                c.indexed = true;
                if reg_slot(base, errs) && op_type(r, base) != Some("v") {
                    errs.push(format!(
                        "{t}: the base of an indexed register is a v operand"
                    ));
                }
                if reg_slot(index, errs) && op_type(r, index) != Some("u") {
                    errs.push(format!(
                        "{t}: the index of an indexed register is a u operand"
                    ));
                }
                c.base.insert(base);
                c.index.insert(index);
            }
            Access::Implicit(n) => {
                // No instruction reads FFLAGS or writes MODE / CODE_BASE: they are set at
                // launch and read back by the host.
                let ok = match col {
                    "reads" => n != "fflags",
                    _ => n != "mode" && n != "code_base",
                };
                if !ok {
                    errs.push(format!("no instruction {col} {n}"));
                }
                c.implicit.insert(n);
            }
        }
    }
    c
}

/// The access facts of one row, against its operands and the manual's flags. Each rule is
/// one fact of SUPPLEMENT 1-5 that the table could otherwise get wrong silently.
fn check_access(r: &RowDef, errs: &mut Vec<String>) {
    let flag = |f: &str| r.flags.iter().any(|x| x == f);
    let ty = |slot: &str| op_type(r, slot);
    let file = |slot: &str| op_file(r, slot);
    let rd = scan_column(r, &r.reads, "reads", errs);
    let wr = scan_column(r, &r.writes, "writes", errs);
    let touched = |s: &str| {
        [&rd, &wr]
            .iter()
            .any(|c| c.plain.contains(s) || c.base.contains(s) || c.index.contains(s))
    };
    // Every register operand is state the instruction reads or writes.
    for (slot, t) in &r.operands {
        if !file(slot).is_empty() && !touched(slot) {
            errs.push(format!(
                "register operand {slot}:{t} is in neither reads nor writes"
            ));
        }
    }
    // v* is exactly "destination that is also read": read and written, and nothing else is.
    let not = |b: bool| if b { "" } else { "not " };
    for (slot, t) in &r.operands {
        let (read, written) = (
            rd.plain.contains(slot.as_str()),
            wr.plain.contains(slot.as_str()),
        );
        if (t == "v*") != (read && written) {
            errs.push(format!(
                "{slot}:{t} is {}read and {}written (only v* is both)",
                not(read),
                not(written)
            ));
        }
    }
    // Source slots are never destinations.
    for s in ["rs1", "rs2", "rs3"] {
        if wr.plain.contains(s) || wr.base.contains(s) {
            errs.push(format!("source operand {s} written"));
        }
    }
    // rd is a destination except for the data of stores and non-returning atomics
    // (SUPPLEMENT 2: rd of tile.st.* is a source).
    let rd_written = wr.plain.contains("rd") || wr.base.contains("rd");
    let store_like = flag("st") || flag("at");
    if !file("rd").is_empty() && !rd_written && !store_like {
        errs.push("rd is not written, but the variant is no store or atomic".to_string());
    }
    if ty("rd") != Some("v*") && rd.plain.contains("rd") && !store_like {
        errs.push("rd read as a source, but the variant is no store or atomic".to_string());
    }
    // Indexed addressing is the manual's 'ir', and its index register is read.
    if (rd.indexed || wr.indexed) != flag("ir") {
        errs.push("indexed access tokens disagree with flag ir".to_string());
    }
    for i in rd.index.iter().chain(&wr.index) {
        if !rd.plain.contains(i) {
            errs.push(format!("index register {i} must be listed as read"));
        }
    }
    // EXEC: every per-lane instruction reads it (it masks), 'ei' ones only when 're';
    // written exactly by 'we'.
    let lane = !flag("ei");
    if rd.implicit.contains("exec") != (lane || flag("re")) {
        let why = if lane {
            "runs per lane (not ei)"
        } else if flag("re") {
            "has flag re"
        } else {
            "is ei without re"
        };
        errs.push(format!(
            "exec is {}read, but the variant {why}",
            not(rd.implicit.contains("exec"))
        ));
    }
    if wr.implicit.contains("exec") != flag("we") {
        errs.push("exec written disagrees with flag we".to_string());
    }
    // 'ur' writes a uniform register from the lanes.
    if flag("ur") && !wr.plain.iter().any(|s| file(s) == "u") {
        errs.push("flag ur but no uniform register written".to_string());
    }
    // PC: written exactly by control flow ('br' relative, 'ix' indirect), which ends a
    // basic block ('eb'); read by PC-relative operands and by links ('cal').
    let pc_w = wr.implicit.contains("pc");
    if pc_w != (flag("br") || flag("ix")) {
        errs.push("pc written disagrees with flags br / ix".to_string());
    }
    if pc_w != flag("eb") {
        errs.push("pc written disagrees with flag eb".to_string());
    }
    let pc_rel = r
        .operands
        .iter()
        .any(|(_, t)| matches!(t.as_str(), "o17" | "o19" | "o22"));
    if rd.implicit.contains("pc") != (pc_rel || flag("cal")) {
        errs.push("pc read disagrees with the PC-relative operands and flag cal".to_string());
    }
    if flag("cal") && !wr.plain.iter().any(|s| !file(s).is_empty()) {
        errs.push("flag cal but no link register written".to_string());
    }
    if flag("ix") && rd.plain.is_empty() {
        errs.push("indirect jump reads no register".to_string());
    }
    if flag("cd") && rd.plain.is_empty() && !rd.implicit.contains("exec") {
        errs.push("conditional branch reads no condition".to_string());
    }
    // CODE_BASE + PC + imm is a 64-bit address (upca).
    if rd.implicit.contains("code_base") && !(rd.implicit.contains("pc") && flag("p64")) {
        errs.push("code_base read without pc and a 64-bit result".to_string());
    }
    // FP state: only FP work ('fm') touches it; an rm operand (rm:dyn) reads MODE, and work
    // that rounds can be inexact, so it writes FFLAGS.
    let mode = rd.implicit.contains("mode");
    let fflags = wr.implicit.contains("fflags");
    if (mode || fflags) && !flag("fm") {
        errs.push("mode / fflags without flag fm".to_string());
    }
    if ty("rm").is_some() && !mode {
        errs.push("an rm operand (rm:dyn) reads mode".to_string());
    }
    if mode && !fflags {
        errs.push("rounds with mode but writes no fflags (NX)".to_string());
    }
    // An instruction that writes nothing acts on state the model does not hold.
    if r.writes.is_empty() && !["st", "at", "sy", "fo"].iter().any(|f| flag(f)) {
        errs.push("writes nothing".to_string());
    }
}

/// FNV-1a, the hash of the generated mnemonic table (the build script fills it, `lookup`
/// probes it: one definition for both).
#[inline]
pub fn fnv1a(b: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &c in b {
        h ^= c as u64;
        h = h.wrapping_mul(0x100_0000_01b3);
    }
    h
}
