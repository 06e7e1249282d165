//! Encoding facts for hardware and C code, generated from the database the way riscv-opcodes
//! generates `encoding.h` and its SystemVerilog package: `warpkit export --sv` writes
//! [`systemverilog`], `warpkit export --c` writes [`c_header`].
//!
//! Both carry the same facts. Per variant `X` (its [`id`](crate::id) name: the mnemonic
//! upper-cased, `.` -> `_`):
//! - `MATCH_X` / `MASK_X`: `(insn & MASK_X) == MATCH_X` exactly when `insn` encodes `X` with
//!   every reserved and unnamed bit zero. As in riscv-opcodes, the mask covers every bit whose
//!   value is fixed: opcode, function code, reserved bits and slots `X` does not name. They are
//!   as wide as the instruction (a 64-bit variant's second word is bits 63:32).
//! - `OPCODE_X`, `FUNCT_X` (0 where the format has no function code), `SIZE_X` (bytes),
//!   `FORMAT_X`, `LATENCY_X` (cycles; 0 for asynchronous variants), `ASYNC_X` (0, or the
//!   asynchronous unit), `ID_X` (the index in [`INSNS`]).
//!
//! Per format `F` and field `N` (`OP`, `FUNCT`, `RD`, `RS1`, ..., `IMM`, `RM`, ...,
//! `RESERVED`): `FMT_F_N_LO` and `FMT_F_N_WIDTH`; every format has `OP` and `FUNCT` (width 0
//! where it has no function code).
//!
//! In C every name but `MATCH_X`/`MASK_X` starts with `WK_` (`WK_SIZE_MAX` rather than
//! `SIZE_MAX`, which `<stdint.h>` defines); the SystemVerilog names live in the package.
//!
//! The mask includes the bits inside operands that must be zero (aligned groups, `neg`/`abs`
//! of absent sources, branch offsets' low bits). Reserved *values* no mask can express
//! (`rm` 5-6, `dim` 10-15, unaligned `v` groups past v127) are listed per variant
//! ([`reserved_values`]); apart from those a matching word decodes to `X` (a property test
//! in `warpkit-encoding` checks it). Registers past a warp's `vgprs` are a run-time fault.

use crate::search::{find, or_list, Found};
use crate::{
    parse::id_name, FieldDesc, Flags, FormatDesc, InsnDesc, Latency, OpType, RegFile, FORMATS,
    INSNS,
};
use std::fmt::Write as _;

/// Where the repository keeps the generated files (relative to its root).
pub const SV_PATH: &str = "examples/cosim/rtl/warpkit_isa_pkg.sv";
pub const C_PATH: &str = "crates/capi/include/warpkit_encoding.h";

/// The asynchronous units, numbered from 1 in order of first appearance in the database
/// (0 = fixed latency).
fn async_units() -> Vec<&'static str> {
    let mut units = Vec::new();
    for d in INSNS.iter() {
        if let Latency::Async(u) = d.latency {
            if !units.contains(&u) {
                units.push(u);
            }
        }
    }
    units
}

fn unit_name(u: &str) -> String {
    u.to_ascii_uppercase().replace(['.', '-'], "_")
}

/// A field's name in the exported constants: the function code is `FUNCT` whatever its width.
fn field_name(f: &FieldDesc) -> String {
    if f.name.starts_with('f') && f.name[1..].bytes().all(|b| b.is_ascii_digit()) {
        "FUNCT".to_string()
    } else {
        f.name.to_ascii_uppercase()
    }
}

/// (name, lo, width) of every field of a format, `OP` and `FUNCT` first.
fn format_fields(f: &FormatDesc) -> Vec<(String, u8, u8)> {
    let mut out = Vec::new();
    let op = f
        .fields
        .iter()
        .find(|fd| fd.name == "op")
        .expect("every format has op");
    out.push(("OP".to_string(), op.lo, op.width));
    match f.fields.iter().find(|fd| field_name(fd) == "FUNCT") {
        Some(fd) => out.push(("FUNCT".to_string(), fd.lo, fd.width)),
        None => out.push(("FUNCT".to_string(), 0, 0)),
    }
    for fd in f.fields {
        let n = field_name(fd);
        if n != "OP" && n != "FUNCT" {
            out.push((n, fd.lo, fd.width));
        }
    }
    out
}

/// The per-variant values both outputs print.
struct Facts {
    name: String,
    bits: u32,
    matchv: u64,
    mask: u64,
    funct: u16,
    latency: u8,
    unit: usize,
}

fn facts(d: &InsnDesc, units: &[&str]) -> Facts {
    let (latency, unit) = match d.latency {
        Latency::Fixed(n) => (n, 0),
        Latency::Async(u) => (0, 1 + units.iter().position(|x| *x == u).expect("listed")),
    };
    Facts {
        name: id_name(d.mnemonic),
        bits: d.size as u32 * 8,
        matchv: d.match_bits,
        mask: mask_of(d),
        funct: d.funct.map_or(0, |f| f.value),
        latency,
        unit,
    }
}

/// Bits inside `d`'s operands that must be zero for a word to decode: the low bits of a
/// register group that must start aligned, the `neg`/`abs` bits of sources `d` does not
/// have (SUPPLEMENT §2), the low two bits of a branch offset. A reserved bit is reserved
/// whether a field of its own or part of an operand holds it, so MASK_X covers these too.
pub fn operand_zero_bits(d: &InsnDesc) -> u64 {
    let mut bits = 0u64;
    for o in d.operands {
        bits |= match o.ty {
            OpType::Mod3 => (!d.sources as u64 & 7) << o.lo,
            t if t.is_pc_relative() && d.flags.has(Flags::BR) => 3 << o.lo,
            t => t
                .reg()
                .map_or(0, |(_, _, align)| (align as u64 - 1) << o.lo),
        };
    }
    bits
}

/// Values of an operand field that do not decode although no mask can say so: (field name,
/// low bit, width, first, last), inclusive. Reserved `rm` (5, 6) and `dim` (10..) values,
/// and first registers of unaligned vector groups that would run past v127.
pub fn reserved_values(d: &InsnDesc) -> Vec<(String, u8, u8, u32, u32)> {
    let mut out = Vec::new();
    for o in d.operands {
        // u64: a 32-bit literal's field would overflow a u32 shift.
        let top = ((1u64 << o.width) - 1) as u32;
        let range = match o.ty {
            OpType::Rm => Some((5, 6)),
            OpType::Dim => Some((10, top)),
            t => match t.reg() {
                Some((RegFile::V, count, 1)) if count > 1 => Some((129 - count as u32, top)),
                _ => None,
            },
        };
        if let Some((first, last)) = range {
            out.push((
                o.slot.name().to_ascii_uppercase(),
                o.lo,
                o.width,
                first,
                last,
            ));
        }
    }
    out
}

fn hex(bits: u32, v: u64) -> String {
    format!("{:0w$x}", v, w = bits as usize / 4)
}

const SOURCE_NOTE: &str =
    "Generated from crates/isa/instructions.isa by `warpkit export`; a test fails when \
this file is out of date. Do not edit by hand.";

/// `MASK_X` of a variant: every bit whose value is fixed (see the module documentation). The
/// exported headers and `spec --json` both take it from here.
pub fn mask_of(d: &InsnDesc) -> u64 {
    d.match_mask | d.zero_mask | operand_zero_bits(d)
}

/// The bit layout of a variant, high field first: each field's bits and what is there (the
/// opcode or function-code value, the operand, or 0 for a reserved or unused field).
pub fn layout_json(d: &InsnDesc) -> serde_json::Value {
    let f = d.format_desc();
    f.fields
        .iter()
        .rev()
        .map(|fd| {
            let hi = fd.lo as u32 + fd.width as u32 - 1;
            let operand = d.operands.iter().find(|o| o.slot.name() == fd.name);
            let value = if fd.name == "op" {
                Some(d.opcode as u64)
            } else if let Some(fu) = d.funct.filter(|fu| fu.name == fd.name) {
                Some(fu.value as u64)
            } else if operand.is_none() {
                Some(0)
            } else {
                None
            };
            serde_json::json!({
                "field": fd.name, "hi": hi, "lo": fd.lo,
                "value": value,
                "operand": operand.map(|o| o.ty.name()),
            })
        })
        .collect()
}

/// One variant as `warpkit spec --json` shows it (and `warpkit.spec` returns it).
pub fn spec_json(d: &InsnDesc) -> serde_json::Value {
    serde_json::json!({
        "mnemonic": d.mnemonic,
        "format": d.format_desc().name,
        "opcode": d.opcode,
        "funct": d.funct.map(|f| serde_json::json!({"name": f.name, "value": f.value})),
        "latency": d.latency_text,
        "operands": d.operands.iter().map(|o| serde_json::json!({"slot": o.slot.name(), "type": o.ty.name()})).collect::<Vec<_>>(),
        "flags": d.flags.names().collect::<Vec<_>>(),
        "reads": d.reads.iter().map(|l| l.to_string()).collect::<Vec<_>>(),
        "writes": d.writes.iter().map(|l| l.to_string()).collect::<Vec<_>>(),
        "size": d.size,
        "group": d.group_desc().id,
        "chapter": d.group_desc().chapter,
        "unit": d.group_desc().unit,
        "semantics": d.semantics,
        "executable": !d.is_unsupported(),
        "match": format!("0x{}", hex(d.size as u32 * 8, d.match_bits)),
        "mask": format!("0x{}", hex(d.size as u32 * 8, mask_of(d))),
        "layout": layout_json(d),
    })
}

/// What `warpkit spec --json NAME` prints: one variant's entry for a mnemonic, an array of
/// entries for a family or prefix; else the command's error message.
pub fn spec_lookup(name: &str) -> Result<serde_json::Value, String> {
    match find(name) {
        Found::Exact(id) => Ok(spec_json(id.desc())),
        Found::Many(ids) => Ok(ids.iter().map(|id| spec_json(id.desc())).collect()),
        Found::Nothing(s) => Err(unknown_instruction(name, &s)),
    }
}

/// The error for a name no variant matches, with the closest mnemonics `search::find`
/// suggested (if any).
pub fn unknown_instruction(name: &str, suggestions: &[&str]) -> String {
    if suggestions.is_empty() {
        format!(
            "unknown instruction `{name}` (`warpkit spec` lists all {})",
            INSNS.len()
        )
    } else {
        format!(
            "unknown instruction `{name}`; did you mean {}?",
            or_list(suggestions, 6)
        )
    }
}

/// The SystemVerilog package `warpkit_isa_pkg` (Icarus Verilog `-g2012` compiles it).
pub fn systemverilog() -> String {
    let units = async_units();
    let mut s = String::new();
    let _ = writeln!(
        s,
        "// warpkit instruction encodings: SystemVerilog package."
    );
    let _ = writeln!(s, "// {SOURCE_NOTE}");
    let _ = writeln!(s, "//");
    for l in module_doc("") {
        let _ = writeln!(s, "// {l}");
    }
    s.push_str("\npackage warpkit_isa_pkg;\n\n");
    let _ = writeln!(s, "  localparam int NUM_INSNS = {};", INSNS.len());
    let _ = writeln!(s, "  localparam int NUM_FORMATS = {};\n", FORMATS.len());
    s.push_str("  // Asynchronous units (ASYNC_X); 0 = fixed latency.\n");
    for (i, u) in units.iter().enumerate() {
        let _ = writeln!(s, "  localparam int UNIT_{} = {};", unit_name(u), i + 1);
    }
    s.push_str("\n  // Formats (FORMAT_X) and their fields, low bit and width.\n");
    for (i, f) in FORMATS.iter().enumerate() {
        let _ = writeln!(s, "  localparam int FMT_{} = {i};", f.name);
        for (n, lo, w) in format_fields(f) {
            let _ = writeln!(
                s,
                "  localparam int FMT_{0}_{n}_LO = {lo};\n  localparam int FMT_{0}_{n}_WIDTH = {w};",
                f.name
            );
        }
    }
    s.push_str("\n  // Variants.\n");
    for d in INSNS.iter() {
        let x = facts(d, &units);
        let b = x.bits;
        let _ = writeln!(s, "  // {}", d.mnemonic);
        let _ = writeln!(
            s,
            "  localparam logic [{}:0] MATCH_{} = {b}'h{};",
            b - 1,
            x.name,
            hex(b, x.matchv)
        );
        let _ = writeln!(
            s,
            "  localparam logic [{}:0] MASK_{} = {b}'h{};",
            b - 1,
            x.name,
            hex(b, x.mask)
        );
        let _ = writeln!(
            s,
            "  localparam logic [6:0] OPCODE_{} = 7'h{:02x};",
            x.name, d.opcode
        );
        let _ = writeln!(s, "  localparam int FUNCT_{} = 'h{:x};", x.name, x.funct);
        let _ = writeln!(s, "  localparam int SIZE_{} = {};", x.name, d.size);
        let _ = writeln!(
            s,
            "  localparam int FORMAT_{} = FMT_{};",
            x.name,
            d.format_desc().name
        );
        let _ = writeln!(s, "  localparam int LATENCY_{} = {};", x.name, x.latency);
        let _ = writeln!(s, "  localparam int ASYNC_{} = {};", x.name, x.unit);
        let _ = writeln!(s, "  localparam int ID_{} = {};", x.name, d.id.0);
    }
    s.push_str("\n  // Reserved values (no mask can say them): variant, field, bits, values that do not decode.\n");
    for d in INSNS.iter() {
        for (field, lo, width, first, last) in reserved_values(d) {
            let _ = writeln!(
                s,
                "  //   {} {field} [{}:{lo}] {first}..{last}",
                id_name(d.mnemonic),
                lo + width - 1
            );
        }
    }
    s.push_str("\nendpackage\n");
    s
}

/// The C header `warpkit_encoding.h` (C99; riscv-opcodes `encoding.h` conventions, including
/// the `DECLARE_INSN(name, MATCH, MASK)` table).
pub fn c_header() -> String {
    let units = async_units();
    let mut s = String::new();
    s.push_str("/* warpkit instruction encodings: C header.\n");
    let _ = writeln!(s, " * {SOURCE_NOTE}\n *");
    for l in module_doc("WK_") {
        let _ = writeln!(s, " * {l}");
    }
    s.push_str(" *\n * Tables: define DECLARE_INSN(name, match, mask) (name = the variant's id in lower case)\n");
    s.push_str(" * or DECLARE_WK_RESERVED(name, FIELD, lo, width, first, last) (the reserved values below)\n");
    s.push_str(" * or DECLARE_WK_INSN(mnemonic, ID) (mnemonic string; paste MATCH_##ID, WK_SIZE_##ID ...) before\n");
    s.push_str(" * including this file; each is expanded once per variant.\n */\n");
    s.push_str("#ifndef WARPKIT_ENCODING_H\n#define WARPKIT_ENCODING_H\n\n#include <stdint.h>\n\n");
    let _ = writeln!(s, "#define WK_NUM_INSNS {}", INSNS.len());
    let _ = writeln!(s, "#define WK_NUM_FORMATS {}\n", FORMATS.len());
    s.push_str("/* Asynchronous units (ASYNC_X); 0 = fixed latency. */\n");
    for (i, u) in units.iter().enumerate() {
        let _ = writeln!(s, "#define WK_UNIT_{} {}", unit_name(u), i + 1);
    }
    s.push_str("\n/* Formats (FORMAT_X) and their fields, low bit and width. */\n");
    for (i, f) in FORMATS.iter().enumerate() {
        let _ = writeln!(s, "#define WK_FMT_{} {i}", f.name);
        for (n, lo, w) in format_fields(f) {
            let _ = writeln!(
                s,
                "#define WK_FMT_{0}_{n}_LO {lo}\n#define WK_FMT_{0}_{n}_WIDTH {w}",
                f.name
            );
        }
    }
    s.push_str("\n/* Variants. */\n");
    for d in INSNS.iter() {
        let x = facts(d, &units);
        let c = if x.bits == 64 { "UINT64_C" } else { "UINT32_C" };
        let _ = writeln!(s, "/* {} */", d.mnemonic);
        let _ = writeln!(
            s,
            "#define MATCH_{} {c}(0x{})",
            x.name,
            hex(x.bits, x.matchv)
        );
        let _ = writeln!(s, "#define MASK_{} {c}(0x{})", x.name, hex(x.bits, x.mask));
        let _ = writeln!(s, "#define WK_OPCODE_{} 0x{:02x}", x.name, d.opcode);
        let _ = writeln!(s, "#define WK_FUNCT_{} 0x{:x}", x.name, x.funct);
        let _ = writeln!(s, "#define WK_SIZE_{} {}", x.name, d.size);
        let _ = writeln!(
            s,
            "#define WK_FORMAT_{} WK_FMT_{}",
            x.name,
            d.format_desc().name
        );
        let _ = writeln!(s, "#define WK_LATENCY_{} {}", x.name, x.latency);
        let _ = writeln!(s, "#define WK_ASYNC_{} {}", x.name, x.unit);
        let _ = writeln!(s, "#define WK_ID_{} {}", x.name, d.id.0);
    }
    s.push_str("\n#endif /* WARPKIT_ENCODING_H */\n");
    s.push_str("\n#ifdef DECLARE_INSN\n");
    for d in INSNS.iter() {
        let n = id_name(d.mnemonic);
        let _ = writeln!(
            s,
            "DECLARE_INSN({}, MATCH_{n}, MASK_{n})",
            n.to_ascii_lowercase()
        );
    }
    s.push_str("#endif\n\n#ifdef DECLARE_WK_RESERVED\n");
    for d in INSNS.iter() {
        for (field, lo, width, first, last) in reserved_values(d) {
            let _ = writeln!(
                s,
                "DECLARE_WK_RESERVED({}, {field}, {lo}, {width}, {first}, {last})",
                id_name(d.mnemonic).to_ascii_lowercase()
            );
        }
    }
    s.push_str("#endif\n\n#ifdef DECLARE_WK_INSN\n");
    for d in INSNS.iter() {
        let _ = writeln!(
            s,
            "DECLARE_WK_INSN(\"{}\", {})",
            d.mnemonic,
            id_name(d.mnemonic)
        );
    }
    s.push_str("#endif\n");
    s
}

/// The conventions, as comment lines shared by both outputs.
fn module_doc(p: &str) -> Vec<String> {
    [
        "Per variant X (mnemonic upper-cased, '.' -> '_'):",
        "  MATCH_X, MASK_X  (insn & MASK_X) == MATCH_X exactly when insn encodes X with every",
        "                   reserved and unnamed bit zero: the mask covers opcode, function code,",
        "                   reserved bits and the slots X does not name. As wide as the instruction",
        "                   (a 64-bit variant's second word is bits 63:32).",
        "  @OPCODE_X, @FUNCT_X (0 where the format has none), @SIZE_X (bytes),",
        "  @FORMAT_X (@FMT_*), @LATENCY_X (cycles; 0 for asynchronous variants),",
        "  @ASYNC_X (0 or @UNIT_*), @ID_X (index of X in warpkit-isa's table).",
        "Per format F and field N: @FMT_F_N_LO, @FMT_F_N_WIDTH (every format has OP and FUNCT;",
        "FUNCT width 0 where it has no function code).",
        "The mask also covers the bits inside operands that must be zero: the low bits of an",
        "aligned register group, neg/abs bits of sources X lacks, a branch offset's low 2 bits.",
        "A matching word decodes to X except where a field holds a reserved value no mask can",
        "express (rm 5-6, dim 10-15, a v group running past v127): those are listed per",
        "variant at the end (\"Reserved values\"); warpkit's decoder refuses them (IllegalInsn).",
    ]
    .iter()
    .map(|l| l.replace('@', p))
    .collect()
}
