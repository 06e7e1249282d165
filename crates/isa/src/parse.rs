//! Parser and checker for `instructions.isa`.
//!
//! Shared by the build script (which turns the data file into static tables) and by the
//! crate's tests, so the file format is defined exactly once. Pure `std`, no allocation tricks:
//! it runs at build time only.

use std::collections::{BTreeMap, BTreeSet};

/// One bit field of a format: `name[:file][hi:lo]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FieldDef {
    pub name: String,
    /// Register file of an operand slot: `v`, `u` or `h`.
    pub file: Option<String>,
    pub hi: u32,
    pub lo: u32,
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

/// Properties of an operand type as the build needs them:
/// (name, register file or "" for non-registers, register count, alignment, value bits).
pub const TYPES: &[(&str, &str, u32, u32, u32)] = &[
    ("v", "v", 1, 1, 7),
    ("v*", "v", 1, 1, 7),
    ("v^2", "v", 2, 1, 7),
    ("v^3", "v", 3, 1, 7),
    ("v^4", "v", 4, 1, 7),
    ("vp^2", "v", 2, 2, 7),
    ("u", "u", 1, 1, 6),
    ("up^2", "u", 2, 2, 6),
    ("d4^4", "u", 4, 4, 6),
    ("d8^8", "u", 8, 8, 6),
    ("h", "h", 1, 1, 8),
    ("s8", "", 0, 0, 8),
    ("s10", "", 0, 0, 10),
    ("s17", "", 0, 0, 17),
    ("s18", "", 0, 0, 18),
    ("j10", "", 0, 0, 10),
    ("k32", "", 0, 0, 32),
    ("o17", "", 0, 0, 17),
    ("o19", "", 0, 0, 19),
    ("o22", "", 0, 0, 22),
    ("u1", "", 0, 0, 1),
    ("u4", "", 0, 0, 4),
    ("t7", "", 0, 0, 7),
    ("at7", "", 0, 0, 7),
    ("t12", "", 0, 0, 12),
    ("rm", "", 0, 0, 3),
    ("mod3", "", 0, 0, 3),
    ("dim", "", 0, 0, 4),
];

pub fn type_info(name: &str) -> Option<(&'static str, u32, u32, u32)> {
    TYPES
        .iter()
        .find(|t| t.0 == name)
        .map(|t| (t.1, t.2, t.3, t.4))
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

fn parse_field(tok: &str, line: usize) -> Result<FieldDef, String> {
    let err = || format!("line {line}: bad field `{tok}` (want name[:file][hi:lo])");
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
    if hi < lo {
        return Err(err());
    }
    Ok(FieldDef { name, file, hi, lo })
}

fn parse_hex(s: &str, line: usize) -> Result<u32, String> {
    s.strip_prefix("0x")
        .and_then(|h| u32::from_str_radix(h, 16).ok())
        .ok_or_else(|| format!("line {line}: `{s}` is not a 0x hex number"))
}

/// Parse the whole file. Syntax errors stop at the first one (the file is ours, not a user's).
pub fn parse(text: &str) -> Result<Database, String> {
    let mut db = Database::default();
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let l = raw.trim();
        if l.is_empty() || l.starts_with('#') {
            continue;
        }
        if let Some(rest) = l.strip_prefix("@format ") {
            let mut toks = rest.split_whitespace();
            let name = toks
                .next()
                .ok_or(format!("line {line}: @format without name"))?;
            let bits = toks
                .next()
                .and_then(|b| b.parse::<u32>().ok())
                .ok_or(format!("line {line}: @format without bit count"))?;
            let fields = toks
                .map(|t| parse_field(t, line))
                .collect::<Result<Vec<_>, _>>()?;
            db.formats.push(FormatDef {
                name: name.to_string(),
                bits,
                fields,
                line,
            });
            continue;
        }
        if let Some(rest) = l.strip_prefix("@group ") {
            let mut toks = rest.splitn(4, ' ');
            let id = toks.next().unwrap_or_default().to_string();
            let chapter = toks.next().and_then(|t| t.strip_prefix("chapter="));
            let unit = toks.next().and_then(|t| t.strip_prefix("unit="));
            let title = toks.next();
            match (chapter, unit, title) {
                (Some(c), Some(u), Some(t)) => db.groups.push(GroupDef {
                    id,
                    chapter: c.to_string(),
                    unit: u.to_string(),
                    title: t.trim().to_string(),
                }),
                _ => {
                    return Err(format!(
                        "line {line}: want `@group ID chapter=C unit=U title`"
                    ))
                }
            }
            continue;
        }
        // The semantics may itself contain '|', so split off the first nine cells only.
        let cells: Vec<&str> = l.splitn(10, '|').map(str::trim).collect();
        if cells.len() != 10 {
            return Err(format!(
                "line {line}: want 10 '|'-separated cells, found {}",
                cells.len()
            ));
        }
        if db.groups.is_empty() {
            return Err(format!("line {line}: row before the first @group"));
        }
        let funct = if cells[3] == "-" {
            None
        } else {
            let (n, v) = cells[3]
                .split_once('=')
                .ok_or(format!("line {line}: funct `{}` is not fN=0xV", cells[3]))?;
            Some((n.to_string(), parse_hex(v, line)?))
        };
        let operands = if cells[5] == "-" {
            Vec::new()
        } else {
            cells[5]
                .split_whitespace()
                .map(|t| {
                    t.split_once(':')
                        .map(|(s, ty)| (s.to_string(), ty.to_string()))
                        .ok_or(format!("line {line}: operand `{t}` is not slot:type"))
                })
                .collect::<Result<Vec<_>, _>>()?
        };
        let flags = if cells[6] == "-" {
            Vec::new()
        } else {
            cells[6].split_whitespace().map(str::to_string).collect()
        };
        let tokens = |cell: &str| -> Vec<String> {
            if cell == "-" {
                Vec::new()
            } else {
                cell.split_whitespace().map(str::to_string).collect()
            }
        };
        db.rows.push(RowDef {
            line,
            mnemonic: cells[0].to_string(),
            format: cells[1].to_string(),
            opcode: parse_hex(cells[2], line)?,
            funct,
            latency: cells[4].to_string(),
            operands,
            flags,
            reads: tokens(cells[7]),
            writes: tokens(cells[8]),
            semantics: cells[9].to_string(),
            group: db.groups.len() - 1,
        });
    }
    Ok(db)
}

/// Every soundness rule of the table; returns all violations (empty = sound).
pub fn check(db: &Database) -> Vec<String> {
    let mut errs = Vec::new();
    let mut fmt_names = BTreeSet::new();
    for f in &db.formats {
        if !fmt_names.insert(f.name.clone()) {
            errs.push(format!("line {}: format {} defined twice", f.line, f.name));
        }
        if f.bits != 32 && f.bits != 64 {
            errs.push(format!(
                "line {}: format {} has {} bits",
                f.line, f.name, f.bits
            ));
        }
        // Fields must cover every bit exactly once.
        let mut owner: Vec<Option<&str>> = vec![None; f.bits as usize];
        for fd in &f.fields {
            for b in fd.lo..=fd.hi {
                match owner.get_mut(b as usize) {
                    None => errs.push(format!(
                        "line {}: {}.{} bit {b} beyond {} bits",
                        f.line, f.name, fd.name, f.bits
                    )),
                    Some(Some(o)) => errs.push(format!(
                        "line {}: {} bit {b} in both {o} and {}",
                        f.line, f.name, fd.name
                    )),
                    Some(slot) => *slot = Some(&fd.name),
                }
            }
            let known = fd.name == "op"
                || fd.name == "reserved"
                || SLOTS.contains(&fd.name.as_str())
                || (fd.name.starts_with('f') && fd.name[1..].parse::<u32>().is_ok());
            if !known {
                errs.push(format!(
                    "line {}: {} has unknown field {}",
                    f.line, f.name, fd.name
                ));
            }
        }
        for (b, o) in owner.iter().enumerate() {
            if o.is_none() {
                errs.push(format!(
                    "line {}: {} bit {b} belongs to no field",
                    f.line, f.name
                ));
            }
        }
        match f.field("op") {
            Some(op) if op.lo == 0 && op.hi == 6 => {}
            _ => errs.push(format!("line {}: {} must have op[6:0]", f.line, f.name)),
        }
    }
    let mut seen_code: BTreeMap<(u32, u32), &str> = BTreeMap::new();
    let mut op_format: BTreeMap<u32, &str> = BTreeMap::new();
    let mut mnemonics = BTreeSet::new();
    let mut id_names: BTreeMap<String, &str> = BTreeMap::new();
    for r in &db.rows {
        let at = format!("line {} ({})", r.line, r.mnemonic);
        if !mnemonics.insert(r.mnemonic.clone()) {
            errs.push(format!("{at}: mnemonic defined twice"));
        }
        // Generated `id::NAME` constants must be distinct Rust identifiers.
        let idn = id_name(&r.mnemonic);
        if !idn.starts_with(|c: char| c.is_ascii_alphabetic())
            || !idn.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        {
            errs.push(format!("{at}: id name {idn} is not a Rust identifier"));
        } else if let Some(prev) = id_names.insert(idn.clone(), &r.mnemonic) {
            if prev != r.mnemonic {
                errs.push(format!("{at}: id name {idn} also names {prev}"));
            }
        }
        let Some(f) = db.formats.iter().find(|f| f.name == r.format) else {
            errs.push(format!("{at}: unknown format {}", r.format));
            continue;
        };
        if r.opcode > 0x7f {
            errs.push(format!("{at}: opcode 0x{:x} wider than 7 bits", r.opcode));
        }
        if (r.opcode & 1 == 1) != (f.bits == 64) {
            errs.push(format!(
                "{at}: opcode 0x{:x} parity disagrees with {}-bit format {}",
                r.opcode, f.bits, f.name
            ));
        }
        if let Some(prev) = op_format.insert(r.opcode, &r.format) {
            if prev != r.format {
                errs.push(format!(
                    "{at}: opcode 0x{:x} used by formats {prev} and {}",
                    r.opcode, r.format
                ));
            }
        }
        let fv = match (&r.funct, f.funct()) {
            (Some((n, v)), Some(fd)) => {
                if *n != fd.name {
                    errs.push(format!(
                        "{at}: funct field {n} but format {} has {}",
                        f.name, fd.name
                    ));
                }
                if *v >> fd.width() != 0 {
                    errs.push(format!("{at}: funct 0x{v:x} wider than {}", fd.name));
                }
                *v
            }
            (None, None) => 0,
            (Some((n, _)), None) => {
                errs.push(format!("{at}: funct {n} but format {} has none", f.name));
                0
            }
            (None, Some(fd)) => {
                errs.push(format!("{at}: format {} needs a funct {}", f.name, fd.name));
                0
            }
        };
        if let Some(prev) = seen_code.insert((r.opcode, fv), &r.mnemonic) {
            errs.push(format!(
                "{at}: (opcode 0x{:x}, funct 0x{fv:x}) also used by {prev}",
                r.opcode
            ));
        }
        let lat_ok = match r.latency.split_once(':') {
            Some(("fixed", n)) => n.parse::<u8>().is_ok(),
            Some(("async", u)) => !u.is_empty() && u.chars().all(|c| c.is_ascii_alphanumeric()),
            _ => false,
        };
        if !lat_ok {
            errs.push(format!(
                "{at}: latency `{}` is not fixed:N or async:UNIT",
                r.latency
            ));
        }
        for fl in &r.flags {
            if !FLAGS.contains(&fl.as_str()) {
                errs.push(format!("{at}: unknown flag {fl}"));
            }
        }
        // Assembly syntax: positional operands (registers, immediates) before modifiers.
        let positional = |s: &str| matches!(s, "rd" | "rs1" | "rs2" | "rs3" | "imm");
        if r.operands
            .windows(2)
            .any(|w| !positional(&w[0].0) && positional(&w[1].0))
        {
            errs.push(format!("{at}: positional operand after a modifier"));
        }
        let mut slots = BTreeSet::new();
        for (slot, ty) in &r.operands {
            if !slots.insert(slot) {
                errs.push(format!("{at}: slot {slot} named twice"));
            }
            let Some((file, _count, _align, bits)) = type_info(ty) else {
                errs.push(format!("{at}: unknown operand type {ty}"));
                continue;
            };
            let Some(fd) = f.field(slot) else {
                errs.push(format!("{at}: format {} has no slot {slot}", f.name));
                continue;
            };
            if !file.is_empty() {
                if fd.file.as_deref() != Some(file) {
                    errs.push(format!(
                        "{at}: {slot}:{ty} needs a {file} slot, format {} gives {:?}",
                        f.name, fd.file
                    ));
                }
            } else if fd.file.is_some() {
                // Non-register values in a register slot use its low bits (t7, at7).
                if bits > fd.width() {
                    errs.push(format!(
                        "{at}: {slot}:{ty} ({bits} bits) does not fit {} bits",
                        fd.width()
                    ));
                }
            } else if bits != fd.width() {
                errs.push(format!(
                    "{at}: {slot}:{ty} has {bits} bits, field has {}",
                    fd.width()
                ));
            }
        }
        check_access(r, &at, &mut errs);
    }
    errs
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
    at: &str,
    errs: &mut Vec<String>,
) -> Column<'a> {
    let mut c = Column::default();
    let mut seen = BTreeSet::new();
    for t in toks {
        if !seen.insert(t.as_str()) {
            errs.push(format!("{at}: {col} lists {t} twice"));
        }
        // A token names a register operand of this variant or known implicit state;
        // immediates and modifiers are encoding, not state.
        let reg_slot = |s: &str, errs: &mut Vec<String>| match op_type(r, s) {
            Some(_) if !op_file(r, s).is_empty() => true,
            Some(ty) => {
                errs.push(format!(
                    "{at}: {col} names {s}, a {ty} operand, not a register"
                ));
                false
            }
            None => {
                errs.push(format!(
                    "{at}: {col} token {t}: {s} is neither an operand slot of the variant nor one of {}",
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
                            "{at}: {t}: runs are for vector operands of variants with a dim operand"
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
                        "{at}: {t}: the base of an indexed register is a v operand"
                    ));
                }
                if reg_slot(index, errs) && op_type(r, index) != Some("u") {
                    errs.push(format!(
                        "{at}: {t}: the index of an indexed register is a u operand"
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
                    errs.push(format!("{at}: no instruction {col} {n}"));
                }
                c.implicit.insert(n);
            }
        }
    }
    c
}

/// The access facts of one row, against its operands and the manual's flags. Each rule is
/// one fact of SUPPLEMENT 1-5 that the table could otherwise get wrong silently.
fn check_access(r: &RowDef, at: &str, errs: &mut Vec<String>) {
    let flag = |f: &str| r.flags.iter().any(|x| x == f);
    let ty = |slot: &str| op_type(r, slot);
    let file = |slot: &str| op_file(r, slot);
    let rd = scan_column(r, &r.reads, "reads", at, errs);
    let wr = scan_column(r, &r.writes, "writes", at, errs);
    let touched = |s: &str| {
        [&rd, &wr]
            .iter()
            .any(|c| c.plain.contains(s) || c.base.contains(s) || c.index.contains(s))
    };
    // Every register operand is state the instruction reads or writes.
    for (slot, t) in &r.operands {
        if !file(slot).is_empty() && !touched(slot) {
            errs.push(format!(
                "{at}: register operand {slot}:{t} is in neither reads nor writes"
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
                "{at}: {slot}:{t} is {}read and {}written (only v* is both)",
                not(read),
                not(written)
            ));
        }
    }
    // Source slots are never destinations.
    for s in ["rs1", "rs2", "rs3"] {
        if wr.plain.contains(s) || wr.base.contains(s) {
            errs.push(format!("{at}: source operand {s} written"));
        }
    }
    // rd is a destination except for the data of stores and non-returning atomics
    // (SUPPLEMENT 2: rd of tile.st.* is a source).
    let rd_written = wr.plain.contains("rd") || wr.base.contains("rd");
    let store_like = flag("st") || flag("at");
    if !file("rd").is_empty() && !rd_written && !store_like {
        errs.push(format!(
            "{at}: rd is not written, but the variant is no store or atomic"
        ));
    }
    if ty("rd") != Some("v*") && rd.plain.contains("rd") && !store_like {
        errs.push(format!(
            "{at}: rd read as a source, but the variant is no store or atomic"
        ));
    }
    // Indexed addressing is the manual's 'ir', and its index register is read.
    if (rd.indexed || wr.indexed) != flag("ir") {
        errs.push(format!("{at}: indexed access tokens disagree with flag ir"));
    }
    for i in rd.index.iter().chain(&wr.index) {
        if !rd.plain.contains(i) {
            errs.push(format!("{at}: index register {i} must be listed as read"));
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
            "{at}: exec is {}read, but the variant {why}",
            not(rd.implicit.contains("exec"))
        ));
    }
    if wr.implicit.contains("exec") != flag("we") {
        errs.push(format!("{at}: exec written disagrees with flag we"));
    }
    // 'ur' writes a uniform register from the lanes.
    if flag("ur") && !wr.plain.iter().any(|s| file(s) == "u") {
        errs.push(format!("{at}: flag ur but no uniform register written"));
    }
    // PC: written exactly by control flow ('br' relative, 'ix' indirect), which ends a
    // basic block ('eb'); read by PC-relative operands and by links ('cal').
    let pc_w = wr.implicit.contains("pc");
    if pc_w != (flag("br") || flag("ix")) {
        errs.push(format!("{at}: pc written disagrees with flags br / ix"));
    }
    if pc_w != flag("eb") {
        errs.push(format!("{at}: pc written disagrees with flag eb"));
    }
    let pc_rel = r
        .operands
        .iter()
        .any(|(_, t)| matches!(t.as_str(), "o17" | "o19" | "o22"));
    if rd.implicit.contains("pc") != (pc_rel || flag("cal")) {
        errs.push(format!(
            "{at}: pc read disagrees with the PC-relative operands and flag cal"
        ));
    }
    if flag("cal") && !wr.plain.iter().any(|s| !file(s).is_empty()) {
        errs.push(format!("{at}: flag cal but no link register written"));
    }
    if flag("ix") && rd.plain.is_empty() {
        errs.push(format!("{at}: indirect jump reads no register"));
    }
    if flag("cd") && rd.plain.is_empty() && !rd.implicit.contains("exec") {
        errs.push(format!("{at}: conditional branch reads no condition"));
    }
    // CODE_BASE + PC + imm is a 64-bit address (upca).
    if rd.implicit.contains("code_base") && !(rd.implicit.contains("pc") && flag("p64")) {
        errs.push(format!(
            "{at}: code_base read without pc and a 64-bit result"
        ));
    }
    // FP state: only FP work ('fm') touches it; an rm operand (rm:dyn) reads MODE, and work
    // that rounds can be inexact, so it writes FFLAGS.
    let mode = rd.implicit.contains("mode");
    let fflags = wr.implicit.contains("fflags");
    if (mode || fflags) && !flag("fm") {
        errs.push(format!("{at}: mode / fflags without flag fm"));
    }
    if ty("rm").is_some() && !mode {
        errs.push(format!("{at}: an rm operand (rm:dyn) reads mode"));
    }
    if mode && !fflags {
        errs.push(format!("{at}: rounds with mode but writes no fflags (NX)"));
    }
    // An instruction that writes nothing acts on state the model does not hold.
    if r.writes.is_empty() && !["st", "at", "sy", "fo"].iter().any(|f| flag(f)) {
        errs.push(format!("{at}: writes nothing"));
    }
}
