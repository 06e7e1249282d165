//! Relocations: what a reference to a symbol defined elsewhere patches, and how the
//! assembler recognises one (`sym`, `sym + EXPR`).

use warpkit_isa::OpType;

/// What a relocation patches (the ABI numbers are the object crate's).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RelocKind {
    /// The `o17` PC-relative operand (bz/bnz/bnone/bany, upc, upca): S + A - P.
    Pc17,
    /// The `o19` operand of jal: S + A - P.
    Pc19,
    /// The `o22` operand of jmp, bexecz, bexecnz: S + A - P.
    Pc22,
    /// The 32-bit literal (`k32`) of an instruction: S + A.
    K32,
    /// A `.word`: S + A.
    Abs32,
    /// A `.dword`: S + A.
    Abs64,
}

impl RelocKind {
    pub const ALL: [RelocKind; 6] = [
        RelocKind::Pc17,
        RelocKind::Pc19,
        RelocKind::Pc22,
        RelocKind::K32,
        RelocKind::Abs32,
        RelocKind::Abs64,
    ];

    /// The relocation an operand of this type takes.
    pub fn for_operand(ty: OpType) -> Option<RelocKind> {
        match ty {
            OpType::O17 => Some(RelocKind::Pc17),
            OpType::O19 => Some(RelocKind::Pc19),
            OpType::O22 => Some(RelocKind::Pc22),
            OpType::K32 => Some(RelocKind::K32),
            _ => None,
        }
    }

    /// The operand type it patches (none for data).
    pub fn operand(self) -> Option<OpType> {
        match self {
            RelocKind::Pc17 => Some(OpType::O17),
            RelocKind::Pc19 => Some(OpType::O19),
            RelocKind::Pc22 => Some(OpType::O22),
            RelocKind::K32 => Some(OpType::K32),
            _ => None,
        }
    }

    pub fn is_pc_relative(self) -> bool {
        matches!(self, RelocKind::Pc17 | RelocKind::Pc19 | RelocKind::Pc22)
    }
}

/// A reference to a symbol defined elsewhere, as the assembler found it.
#[derive(Clone, Debug)]
pub(crate) struct RawReloc {
    pub offset: u32,
    pub kind: RelocKind,
    pub symbol: String,
    pub addend: i64,
}

/// A relocation of the code at `offset` (the instruction or data item).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reloc {
    pub offset: u32,
    pub kind: RelocKind,
    pub symbol: String,
    pub addend: i64,
}

/// `sym`, `sym + EXPR` or `sym - EXPR`: the name and the rest (negated?).
pub(crate) fn split_reloc_expr(t: &str) -> Option<(&str, Option<(bool, &str)>)> {
    let t = t.trim();
    let b = t.as_bytes();
    if b.is_empty() || !(b[0].is_ascii_alphabetic() || b[0] == b'_' || b[0] == b'.') {
        return None;
    }
    let n = b
        .iter()
        .take_while(|c| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'.' | b'$'))
        .count();
    let (name, rest) = (&t[..n], t[n..].trim_start());
    if rest.is_empty() {
        return Some((name, None));
    }
    match rest.as_bytes()[0] {
        b'+' => Some((name, Some((false, &rest[1..])))),
        b'-' => Some((name, Some((true, &rest[1..])))),
        _ => None,
    }
}
