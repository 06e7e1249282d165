//! Semantic tokens: what each piece of a line is, with labels and `.equ` names told apart
//! by the assembler's symbol table.

use crate::analysis::Analysis;
use crate::lex::{self, PieceKind};
use warpkit_asm::SymbolKind;

/// Token types, in legend order (the protocol's standard names).
pub const TYPES: &[&str] = &[
    "keyword",    // mnemonic
    "macro",      // directive
    "variable",   // register
    "parameter",  // modifier key
    "enumMember", // named modifier value
    "number",     // integer or float literal
    "label",      // label
    "property",   // .equ name
    "operator",
    "comment",
    "function", // macro
];
/// Token modifiers, in legend order.
pub const MODIFIERS: &[&str] = &["declaration", "readonly"];

/// One token on one line: byte range and its type and modifier bits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Token {
    pub start: usize,
    pub end: usize,
    pub ty: u32,
    pub modifiers: u32,
}

/// The tokens of the lines `first..last` (0-based, `last` excluded) of `text`.
pub fn tokens(text: &str, an: &Analysis, first: usize, last: usize) -> Vec<Token> {
    let mut out = Vec::new();
    let mut toks = Vec::new();
    for (s, e) in lex::line_ranges(text)
        .skip(first)
        .take(last.saturating_sub(first))
    {
        let l = lex::line(text, s, e);
        toks.clear();
        lex::tokens(text, &l, &mut toks);
        let equ_line = l.is_directive(text)
            && l.word.is_some_and(|(ws, we)| {
                let w = &text[ws..we];
                w.eq_ignore_ascii_case(".equ")
                    || w.eq_ignore_ascii_case(".set")
                    || w.eq_ignore_ascii_case(".equiv")
            });
        let macro_line = l.is_directive(text)
            && l.word
                .is_some_and(|(ws, we)| text[ws..we].eq_ignore_ascii_case(".macro"));
        for (i, t) in toks.iter().enumerate() {
            let (ty, modifiers) = match t.kind {
                PieceKind::Mnemonic => {
                    let w = &text[t.start..t.end];
                    if crate::facts::insn(w).is_none() && an.macro_named(w).is_some() {
                        (10, 0)
                    } else {
                        (0, 0)
                    }
                }
                PieceKind::Directive => (1, 0),
                PieceKind::Register => (2, 0),
                PieceKind::ModKey => (3, 0),
                PieceKind::ModValue => (4, 0),
                PieceKind::Number | PieceKind::Float => (5, 0),
                PieceKind::LabelDef => (6, 1),
                PieceKind::Name => match an.symbol(&text[t.start..t.end]).map(|s| s.kind) {
                    Some(SymbolKind::Label) => (6, 0),
                    Some(SymbolKind::Equ) => {
                        // The name a `.equ` defines is its first operand.
                        let defines = equ_line && i == 1;
                        (7, 2 | defines as u32)
                    }
                    // The name a `.macro` line defines.
                    None if i == 1
                        && macro_line
                        && an.macro_named(&text[t.start..t.end]).is_some() =>
                    {
                        (10, 1)
                    }
                    None => continue,
                },
                PieceKind::Operator => (8, 0),
                PieceKind::Comment => (9, 0),
            };
            out.push(Token {
                start: t.start,
                end: t.end,
                ty,
                modifiers,
            });
        }
    }
    out
}
