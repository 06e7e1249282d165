//! Text about operands, registers and literals, from the database and the assembler.

use warpkit_asm::float::{self, FloatError, BINARY16, BINARY32};
use warpkit_asm::syntax::{modifier_default, rm_name, DIM_NAMES, RM_NAMES};
use warpkit_isa::{lookup, InsnDesc, OpType, Operand, RegFile, StateLoc};

use crate::lex::RegName;

/// Registers in each file (SUPPLEMENT §1: v0..v127, u0..u63).
pub const VGPRS: u32 = 128;
pub const UGPRS: u32 = 64;

/// The variant a mnemonic names; mnemonics ignore case, as in the assembler.
pub fn insn(word: &str) -> Option<&'static InsnDesc> {
    lookup(word)
        .or_else(|| lookup(&word.to_ascii_lowercase()))
        .map(|id| id.desc())
}

/// The positional operands of a variant (registers and the immediate), in syntax order.
pub fn positional(d: &InsnDesc) -> &'static [Operand] {
    let n = d
        .operands
        .iter()
        .take_while(|o| !o.slot.is_modifier())
        .count();
    &d.operands[..n]
}

pub fn modifiers(d: &InsnDesc) -> impl Iterator<Item = &'static Operand> {
    d.operands.iter().filter(|o| o.slot.is_modifier())
}

/// How the assembler's syntax line writes an operand, and the line itself (one definition,
/// in the assembler).
pub use warpkit_asm::syntax::{operand_label, syntax_of as syntax};

/// The values a modifier takes, in words.
pub fn modifier_values(o: &Operand) -> String {
    let default = modifier_default(o.ty);
    match o.ty {
        OpType::Rm => format!(
            "rounding mode: {}; omitted: {}",
            RM_NAMES
                .iter()
                .map(|(n, _)| *n)
                .collect::<Vec<_>>()
                .join(", "),
            rm_name(default as u8).unwrap_or("dyn")
        ),
        OpType::Mod3 => {
            "one bit per source, bit 0 = rs1, bit 1 = rs2, bit 2 = rs3 (0b000..0b111); omitted: 0"
                .into()
        }
        OpType::Dim => format!(
            "dimension: {}; omitted: {}",
            DIM_NAMES.join(", "),
            DIM_NAMES[default as usize]
        ),
        OpType::T12 => "texel offsets (x,y,z), each -8..=7; omitted: (0,0,0)".into(),
        _ => format!(
            "{}-bit value 0..={}; omitted: {default}",
            o.width,
            (1u64 << o.width) - 1
        ),
    }
}

/// The named values of a modifier (for completion): (text, detail).
pub fn modifier_choices(o: &Operand) -> Vec<(String, String)> {
    match o.ty {
        OpType::Rm => RM_NAMES
            .iter()
            .map(|(n, v)| (n.to_string(), format!("rm = {v}")))
            .collect(),
        OpType::Dim => DIM_NAMES
            .iter()
            .enumerate()
            .map(|(v, n)| (n.to_string(), format!("dim = {v}")))
            .collect(),
        OpType::Mod3 => (0..8)
            .map(|v: u32| {
                let srcs: Vec<String> = (0..3)
                    .filter(|b| v >> b & 1 == 1)
                    .map(|b| format!("rs{}", b + 1))
                    .collect();
                (
                    format!("0b{v:03b}"),
                    if srcs.is_empty() {
                        "none".to_string()
                    } else {
                        srcs.join(", ")
                    },
                )
            })
            .collect(),
        OpType::T12 => vec![("(0,0,0)".into(), "texel offsets x, y, z".into())],
        _ if o.width <= 4 => (0..1u32 << o.width)
            .map(|v| (v.to_string(), format!("{} = {v}", o.slot.name())))
            .collect(),
        _ => Vec::new(),
    }
}

/// Whether the variant reads and/or writes an operand, from its access facts.
pub fn access(d: &InsnDesc, o: &Operand) -> &'static str {
    let r = d.reads.contains(&StateLoc::Op(o.slot));
    let w = d.writes.contains(&StateLoc::Op(o.slot));
    match (r, w) {
        (true, true) => "read and written",
        (true, false) => "read",
        (false, true) => "written",
        (false, false) => "neither read nor written as a whole",
    }
}

/// What a register name is.
pub fn register_text(r: &RegName) -> String {
    let (file, limit) = if r.file == b'u' {
        ("uniform", UGPRS)
    } else {
        ("vector", VGPRS)
    };
    let c = r.file as char;
    let per = if r.file == b'u' {
        "one 32-bit value for the whole warp"
    } else {
        "32 bits in each of the 32 lanes"
    };
    let mut s = match (r.half, r.count) {
        (Some(h), _) => format!(
            "{} half (bits {}) of vector register v{}",
            if h { "high" } else { "low" },
            if h { "31:16" } else { "15:0" },
            r.first
        ),
        (None, 1) => format!("{file} register {c}{} ({per})", r.first),
        (None, 2) => format!(
            "{file} register pair {c}{}..{c}{}: a 64-bit value, low word in {c}{}",
            r.first,
            r.first + 1,
            r.first
        ),
        (None, n) => format!(
            "{file} register group of {n}: {c}{}..{c}{}",
            r.first,
            r.first + n.max(1) - 1
        ),
    };
    let last = r.first + r.count.max(1) - 1;
    if last >= limit {
        s.push_str(&format!(
            " — does not exist: {file} registers are {c}0..{c}{}",
            limit - 1
        ));
    }
    s
}

/// The register file an operand type addresses, in words.
pub fn reg_kind(ty: OpType) -> Option<String> {
    let (file, count, align) = ty.reg()?;
    Some(match (file, count) {
        (RegFile::H, _) => "a half of a vector register (vN.l or vN.h)".into(),
        (RegFile::V, 1) => "a vector register (v0..v127)".into(),
        (RegFile::U, 1) => "a uniform register (u0..u63)".into(),
        (f, n) => format!(
            "{n} {} registers{}",
            if f == RegFile::U { "uniform" } else { "vector" },
            if align > 1 {
                format!(", the first a multiple of {align}")
            } else {
                String::new()
            }
        ),
    })
}

/// The value of an integer literal as the assembler reads it (64-bit data).
pub fn integer_value(t: &str) -> Option<i64> {
    if !t.bytes().next().is_some_and(|c| c.is_ascii_digit()) {
        return None;
    }
    let a = warpkit_asm::assemble(format!(".dword {t}"), &Default::default()).ok()?;
    Some(i64::from_le_bytes(a.code.get(..8)?.try_into().ok()?))
}

fn f16_value(bits: u16) -> f32 {
    let mut flags = 0;
    f32::from_bits(warpkit_fp::f16_to_f32(bits, &mut flags))
}

/// Hover text of an integer literal: hex, decimal, and its bits as binary32/binary16.
pub fn integer_text(v: i64) -> String {
    let mut s = format!("`{v}` = `0x{v:x}`", v = v);
    if v < 0 {
        s = format!("`{v}` = `0x{:x}` (64-bit two's complement)", v as u64);
    }
    if (i32::MIN as i64..=u32::MAX as i64).contains(&v) {
        let bits = v as u32;
        s.push_str(&format!(
            "\n\n32-bit pattern `0x{bits:08x}`: unsigned {bits}, signed {}; as binary32: {:?}",
            bits as i32,
            f32::from_bits(bits)
        ));
    }
    if (i16::MIN as i64..=u16::MAX as i64).contains(&v) {
        let bits = v as u16;
        s.push_str(&format!(
            "\n\n16-bit pattern `0x{bits:04x}`: as binary16: {:?}",
            f16_value(bits)
        ));
    }
    s
}

fn float_line(t: &str, f: &float::FloatFormat) -> String {
    let digits = if f.name == "binary16" { 4 } else { 8 };
    match float::parse(t, f) {
        Some(Ok(bits)) => {
            let value = if digits == 4 {
                f16_value(bits as u16)
            } else {
                f32::from_bits(bits)
            };
            format!("as {}: `0x{bits:0digits$x}` (value {value:?})", f.name)
        }
        Some(Err(FloatError::Overflow)) => format!("as {}: overflows (an error)", f.name),
        Some(Err(FloatError::Underflow { .. })) => {
            format!("as {}: underflows (an error)", f.name)
        }
        None => format!("as {}: not a float literal", f.name),
    }
}

/// Hover text of a float literal: its binary32 and binary16 encodings.
pub fn float_text(t: &str) -> String {
    format!(
        "float literal `{t}`\n\n{}\n\n{}",
        float_line(t, &BINARY32),
        float_line(t, &BINARY16)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn literal_values_agree_with_an_independent_binary16_conversion() {
        for bits in [
            0u16, 1, 0x3c00, 0x7bff, 0x7c00, 0x8001, 0xc000, 0x03ff, 0x3555,
        ] {
            let want = format!("as binary16: {:?}", half::f16::from_bits(bits).to_f32());
            assert!(integer_text(bits as i64).contains(&want), "{bits:#x}");
        }
        assert_eq!(integer_value("0x10"), Some(16));
        assert_eq!(integer_value("0b101"), Some(5));
        assert_eq!(integer_value("1_000"), Some(1000));
        assert_eq!(integer_value("zz"), None);
        let t = float_text("1.5");
        assert!(
            t.contains("binary32: `0x3fc00000`") && t.contains("binary16: `0x3e00`"),
            "{t}"
        );
        assert!(float_text("1e999").contains("overflows"));
    }
}
