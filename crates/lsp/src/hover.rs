//! Hover text: an instruction's full description from the database, what a register,
//! modifier, label, `.equ` or literal is.

use crate::analysis::{line_at, token_at, Analysis};
use crate::directives;
use crate::facts;
use crate::lex::{self, LexedLine, PieceKind};
use crate::text::Document;
use warpkit_asm::SymbolKind;
use warpkit_isa::{docs, InsnDesc, Operand};

/// Markdown and the byte range it is about.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hover {
    pub markdown: String,
    pub start: usize,
    pub end: usize,
}

/// The operand of the line's instruction under byte `offset`: its index among the line's
/// operands and what the database says it is.
pub fn operand_at(
    text: &str,
    l: &LexedLine,
    offset: usize,
) -> Option<(usize, Option<&'static Operand>)> {
    let (ws, _) = l.word?;
    if l.is_directive(text) || offset < l.operands_start {
        return None;
    }
    let d = facts::insn(&text[ws..l.word?.1]);
    let idx = l
        .operands
        .iter()
        .position(|o| offset <= o.end)
        .unwrap_or(l.operands.len());
    let o = l.operands.get(idx)?;
    let Some(d) = d else {
        return Some((idx, None));
    };
    let op = match o.key {
        Some((ks, ke)) => {
            facts::modifiers(d).find(|m| m.slot.name().eq_ignore_ascii_case(&text[ks..ke]))
        }
        None => {
            // Positional operands are numbered among themselves.
            let n = l.operands[..idx].iter().filter(|o| o.key.is_none()).count();
            facts::positional(d).get(n)
        }
    };
    Some((idx, op))
}

fn instruction(text: &str, l: &LexedLine) -> Option<&'static InsnDesc> {
    l.word
        .filter(|_| !l.is_directive(text))
        .and_then(|(s, e)| facts::insn(&text[s..e]))
}

pub fn hover(doc: &Document, an: &Analysis, offset: usize) -> Option<Hover> {
    let text = doc.text();
    let l = line_at(doc, offset);
    let t = token_at(doc, &l, offset)?;
    let word = &text[t.start..t.end];
    let markdown = match t.kind {
        PieceKind::Mnemonic => match facts::insn(word) {
            Some(d) => format!("```text\n{}```", docs::describe(d)),
            None => macro_text(doc, an, &l, word)?,
        },
        PieceKind::Directive => {
            let (name, doc) = directives::find(word)?;
            format!("`{name}`: {doc}")
        }
        PieceKind::Register => {
            let r = lex::register(word)?;
            let mut s = format!("`{word}`: {}", facts::register_text(&r));
            if let (Some(d), Some((_, Some(o)))) =
                (instruction(text, &l), operand_at(text, &l, offset))
            {
                s.push_str(&format!(
                    "\n\noperand `{}` of `{}`: {}, {}",
                    facts::operand_label(o),
                    d.mnemonic,
                    facts::reg_kind(o.ty).unwrap_or_else(|| "not a register".into()),
                    facts::access(d, o)
                ));
            }
            s
        }
        PieceKind::ModKey | PieceKind::ModValue => {
            let d = instruction(text, &l)?;
            let (_, o) = operand_at(text, &l, offset)?;
            let o = o?;
            format!(
                "modifier `{}` of `{}` (bits {}..{} of the word): {}",
                facts::operand_label(o),
                d.mnemonic,
                o.lo,
                o.lo as u32 + o.width as u32 - 1,
                facts::modifier_values(o)
            )
        }
        PieceKind::Name if an.symbol(word).is_none() => macro_text(doc, an, &l, word)?,
        PieceKind::LabelDef | PieceKind::Name => {
            let s = an.symbol(word)?;
            match s.kind {
                SymbolKind::Label => format!(
                    "label `{word}`: byte offset `0x{:x}` ({}) in the code",
                    s.value, s.value
                ),
                SymbolKind::Equ => format!("`.equ {word}`: {}", facts::integer_text(s.value)),
            }
        }
        PieceKind::Number => facts::integer_text(facts::integer_value(word)?),
        PieceKind::Float => facts::float_text(word),
        PieceKind::Operator | PieceKind::Comment => return None,
    };
    Some(Hover {
        markdown,
        start: t.start,
        end: t.end,
    })
}

/// A macro: its parameters, where it is defined, and what a use on this line expanded to.
fn macro_text(doc: &Document, an: &Analysis, l: &LexedLine, word: &str) -> Option<String> {
    let m = an.macro_named(word)?;
    let text = match m.file {
        None => doc.text(),
        Some(f) => an.file_text(f),
    };
    let line = 1 + memchr::memchr_iter(b'\n', &text.as_bytes()[..m.start.min(text.len())]).count();
    let file = m
        .file
        .and_then(|f| an.files.get(f))
        .map_or("this file".to_string(), |f| f.path.display().to_string());
    let mut s = format!("macro `{} {}`, defined at {file}:{line}", m.name, m.params);
    if let Some(p) = an.use_at(l.start) {
        s.push_str(&format!(
            "\n\nthis use expands to {} bytes at byte offset `0x{:x}`",
            p.size, p.pc
        ));
    }
    Some(s)
}
