//! Inlay hints: each instruction's encoded size and address, and the byte offset a branch
//! to a label encodes.

use crate::analysis::Analysis;
use crate::facts;
use crate::lex;
use warpkit_encoding::decode;
use warpkit_isa::Slot;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hint {
    /// Byte offset the hint is shown at.
    pub at: usize,
    pub label: String,
}

/// Hints for the lines `first..last` (0-based, `last` excluded).
pub fn hints(text: &str, an: &Analysis, first: usize, last: usize) -> Vec<Hint> {
    let mut out = Vec::new();
    for (s, e) in lex::line_ranges(text)
        .skip(first)
        .take(last.saturating_sub(first))
    {
        let l = lex::line(text, s, e);
        let Some((ws, we)) = l.word else { continue };
        if l.is_directive(text) {
            continue;
        }
        let Some(d) = facts::insn(&text[ws..we]) else {
            // A macro use: the bytes its expansion made.
            if let Some(p) = an.use_at(s) {
                out.push(Hint {
                    at: l.code_end,
                    label: format!("  {} B @0x{:x}", p.size, p.pc),
                });
            }
            continue;
        };
        let Some(p) = an.outline.placement_at(s) else {
            continue;
        };
        // The branch offset the instruction encodes: from the code when the file
        // assembles, else from the symbol table for a plain label.
        let inst = an.code.as_deref().and_then(|c| {
            let at = p.pc as usize;
            decode(c.get(at..at + p.size as usize)?)
                .ok()
                .map(|(i, _)| i)
        });
        for (n, o) in l.operands.iter().filter(|o| o.key.is_none()).enumerate() {
            let Some(op) = facts::positional(d).get(n) else {
                break;
            };
            if !op.ty.is_pc_relative() {
                continue;
            }
            let t = &text[o.start..o.end];
            if facts::integer_value(t).is_some() || t.starts_with('-') {
                continue; // already an offset
            }
            let off = match &inst {
                Some(i) if op.slot == Slot::Imm => Some(i.imm as i64),
                Some(i) => Some(i.get(op.slot)),
                None => an.symbol(t).map(|sym| sym.value - p.pc as i64),
            };
            if let Some(off) = off {
                out.push(Hint {
                    at: o.end,
                    label: format!(" = {off:+}"),
                });
            }
        }
        out.push(Hint {
            at: l.code_end,
            label: format!("  {} B @0x{:x}", p.size, p.pc),
        });
    }
    out
}
