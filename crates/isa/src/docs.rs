//! Reference documentation generated from the database (`docs/isa.md`) and the
//! per-instruction encoding description used by `warpkit spec`.

use crate::{FieldDesc, InsnDesc, Latency, StateLoc, FORMATS, GROUPS, INSNS};
use std::fmt::Write as _;

fn range(f: &FieldDesc) -> String {
    if f.width == 1 {
        format!("{}", f.lo)
    } else {
        format!("{}:{}", f.lo as u32 + f.width as u32 - 1, f.lo)
    }
}

fn field_label(f: &FieldDesc) -> String {
    match f.file {
        Some(file) => format!("{}:{}", f.name, format!("{file:?}").to_lowercase()),
        None => f.name.to_string(),
    }
}

/// An access column as the data file writes it (`rs1 rs2 exec`, `-` when empty).
pub fn access_text(locs: &[StateLoc]) -> String {
    if locs.is_empty() {
        return "-".to_string();
    }
    locs.iter()
        .map(|l| l.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// The fields of one instruction, high bit first: (bits, field, content).
pub fn encoding_rows(d: &InsnDesc) -> Vec<(String, String, String)> {
    let f = d.format_desc();
    let mut rows = Vec::new();
    for fd in f.fields.iter().rev() {
        let content = if fd.name == "op" {
            format!("0x{:02x}", d.opcode)
        } else if let Some(fu) = d.funct.filter(|fu| fu.name == fd.name) {
            format!("0x{:x}", fu.value)
        } else if let Some(o) = d.operands.iter().find(|o| o.slot.name() == fd.name) {
            if o.width < fd.width {
                format!(
                    "{} (bits {}:{} of the field; rest 0)",
                    o.ty.name(),
                    o.lo as u32 + o.width as u32 - 1,
                    o.lo
                )
            } else {
                o.ty.name().to_string()
            }
        } else {
            "0 (reserved)".to_string()
        };
        rows.push((range(fd), fd.name.to_string(), content));
    }
    rows
}

/// One-screen description of a variant for `warpkit spec MNEMONIC`.
pub fn describe(d: &InsnDesc) -> String {
    let mut s = String::new();
    let g = d.group_desc();
    let _ = writeln!(s, "{}", d.mnemonic);
    let _ = writeln!(
        s,
        "  group:     {} (chapter {}, unit {})",
        g.title, g.chapter, g.unit
    );
    let _ = writeln!(
        s,
        "  format:    {} ({}-bit)",
        d.format_desc().name,
        d.size as u32 * 8
    );
    let _ = write!(s, "  encoding:  opcode 0x{:02x}", d.opcode);
    if let Some(f) = d.funct {
        let _ = write!(s, ", {}=0x{:x}", f.name, f.value);
    }
    let _ = writeln!(s);
    let syntax: Vec<String> = d
        .operands
        .iter()
        .map(|o| format!("{}:{}", o.slot.name(), o.ty.name()))
        .collect();
    let _ = writeln!(s, "  syntax:    {} {}", d.mnemonic, syntax.join(" "));
    let _ = writeln!(s, "  latency:   {}", d.latency_text);
    let flags: Vec<&str> = d.flags.names().collect();
    let _ = writeln!(
        s,
        "  flags:     {}",
        if flags.is_empty() {
            "-".to_string()
        } else {
            flags.join(" ")
        }
    );
    let _ = writeln!(s, "  reads:     {}", access_text(d.reads));
    let _ = writeln!(s, "  writes:    {}", access_text(d.writes));
    let _ = writeln!(s, "  semantics: {}", d.semantics);
    if d.is_unsupported() {
        let _ = writeln!(s, "  execution: not modelled (raises IllegalInsn, cause 1)");
    }
    let _ = writeln!(s, "  bits:");
    for (bits, name, content) in encoding_rows(d) {
        let _ = writeln!(s, "    {bits:>6}  {name:<9} {content}");
    }
    s
}

/// `docs/isa.md`.
pub fn markdown() -> String {
    let mut s = String::new();
    s.push_str("# warpkit ISA reference\n\n");
    s.push_str("Generated from `crates/isa/instructions.isa` by `warpkit docs`; a test fails when this file is out of date. Do not edit by hand.\n\n");
    let _ = writeln!(
        s,
        "{} instruction variants in {} groups, {} formats.\n",
        INSNS.len(),
        GROUPS.len(),
        FORMATS.len()
    );
    s.push_str("## Formats\n\nFields from high bit to low bit. `:v`, `:u`, `:h` name the register file of an operand slot; `reserved` bits must be zero.\n\n");
    for f in FORMATS.iter() {
        let _ = writeln!(s, "### {} ({}-bit)\n", f.name, f.size as u32 * 8);
        let fields: Vec<&FieldDesc> = f.fields.iter().rev().collect();
        s.push('|');
        for fd in &fields {
            let _ = write!(s, " {} |", range(fd));
        }
        s.push_str("\n|");
        for _ in &fields {
            s.push_str("---|");
        }
        s.push_str("\n|");
        for fd in &fields {
            let _ = write!(s, " {} |", field_label(fd));
        }
        s.push_str("\n\n");
    }
    s.push_str("## Flags\n\n| flag | meaning |\n|---|---|\n");
    for (n, m) in crate::Flags::ALL {
        let _ = writeln!(s, "| `{n}` | {m} |");
    }
    s.push_str("\n## Access facts\n\nThe `reads` and `writes` columns list the state an instruction may read and write: `rd`, `rs1`, `rs2`, `rs3` are every register of that operand (the whole pair or group; the whole 32-bit register of an `h` half); `rs1+rs2` is the vector register numbered rs1 + U[rs2] (`movrel`); `rd..` is a chapter 7 run of registers whose length dim, dmask, rsd, a16 and d16 set; `exec`, `mode` (MODE.rm / MODE.rm16), `fflags`, `pc` and `code_base` are the implicit state of SUPPLEMENT §1. A variant with an `rm` operand reads `mode` only when rm is dyn. Immediates and modifiers never appear.\n");
    s.push_str("\n## Instructions by group\n\n");
    for (gi, g) in GROUPS.iter().enumerate() {
        let rows: Vec<&InsnDesc> = INSNS.iter().filter(|d| d.group as usize == gi).collect();
        let _ = writeln!(
            s,
            "### {} (§{}, unit `{}`, {} variants)\n",
            g.title,
            g.chapter,
            g.unit,
            rows.len()
        );
        if g.chapter == "7" {
            s.push_str(
                "Encodings frozen; execution is not modelled and raises IllegalInsn (cause 1).\n\n",
            );
        }
        s.push_str("| mnemonic | format | opcode | funct | latency | operands | flags | reads | writes | semantics |\n|---|---|---|---|---|---|---|---|---|---|\n");
        for d in rows {
            let funct = d
                .funct
                .map_or("-".to_string(), |f| format!("{}=0x{:x}", f.name, f.value));
            let ops: Vec<String> = d
                .operands
                .iter()
                .map(|o| format!("{}:{}", o.slot.name(), o.ty.name()))
                .collect();
            let flags: Vec<&str> = d.flags.names().collect();
            let lat = match d.latency {
                Latency::Fixed(n) => format!("fixed:{n}"),
                Latency::Async(u) => format!("async:{u}"),
            };
            let _ = writeln!(
                s,
                "| `{}` | {} | 0x{:02x} | {} | {} | `{}` | {} | `{}` | `{}` | {} |",
                d.mnemonic,
                d.format_desc().name,
                d.opcode,
                funct,
                lat,
                if ops.is_empty() {
                    "-".to_string()
                } else {
                    ops.join(" ")
                },
                if flags.is_empty() {
                    "-".to_string()
                } else {
                    flags.join(" ")
                },
                access_text(d.reads),
                access_text(d.writes),
                d.semantics.replace('|', "\\|")
            );
        }
        s.push('\n');
    }
    s
}
