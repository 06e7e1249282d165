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
        // The semantics may itself contain '|', so split off the first seven cells only.
        let cells: Vec<&str> = l.splitn(8, '|').map(str::trim).collect();
        if cells.len() != 8 {
            return Err(format!(
                "line {line}: want 8 '|'-separated cells, found {}",
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
        db.rows.push(RowDef {
            line,
            mnemonic: cells[0].to_string(),
            format: cells[1].to_string(),
            opcode: parse_hex(cells[2], line)?,
            funct,
            latency: cells[4].to_string(),
            operands,
            flags,
            semantics: cells[7].to_string(),
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
    for r in &db.rows {
        let at = format!("line {} ({})", r.line, r.mnemonic);
        if !mnemonics.insert(r.mnemonic.clone()) {
            errs.push(format!("{at}: mnemonic defined twice"));
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
    }
    errs
}
