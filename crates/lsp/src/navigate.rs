//! Labels and `.equ` names: definition, references, rename, document symbols.

use crate::analysis::{line_at, occurrences, token_at, Analysis};
use crate::facts;
use crate::lex::{self, is_name_char, is_name_start, PieceKind};
use crate::text::Document;
use warpkit_asm::SymbolKind;

/// The defined name under the cursor and its range there.
pub fn name_at(doc: &Document, an: &Analysis, offset: usize) -> Option<(String, usize, usize)> {
    let l = line_at(doc, offset);
    let t = token_at(doc, &l, offset)?;
    if !matches!(t.kind, PieceKind::Name | PieceKind::LabelDef) {
        return None;
    }
    let name = &doc.text()[t.start..t.end];
    an.symbol(name)?;
    Some((name.to_string(), t.start, t.end))
}

pub fn definition(doc: &Document, an: &Analysis, offset: usize) -> Option<(usize, usize)> {
    let (name, _, _) = name_at(doc, an, offset)?;
    let s = an.symbol(&name)?;
    Some((s.start, s.end))
}

pub fn references(
    doc: &Document,
    an: &Analysis,
    offset: usize,
    with_definition: bool,
) -> Vec<(usize, usize)> {
    let Some((name, _, _)) = name_at(doc, an, offset) else {
        return Vec::new();
    };
    let def = an.symbol(&name).map(|s| (s.start, s.end));
    occurrences(doc.text(), &name)
        .into_iter()
        .map(|t| (t.start, t.end))
        .filter(|r| with_definition || Some(*r) != def)
        .collect()
}

/// Every place to rewrite to rename the name under the cursor to `new`, or why not.
pub fn rename(
    doc: &Document,
    an: &Analysis,
    offset: usize,
    new: &str,
) -> Result<Vec<(usize, usize)>, String> {
    let Some((name, _, _)) = name_at(doc, an, offset) else {
        return Err("no label or .equ name here".into());
    };
    let b = new.as_bytes();
    if !b.first().is_some_and(|&c| is_name_start(c)) || !b.iter().all(|&c| is_name_char(c)) {
        return Err(format!(
            "`{new}` is not a valid name: a letter, `_` or `.` first, then letters, digits, `_`, `.`, `$`"
        ));
    }
    if lex::is_register(new) || facts::insn(new).is_some() || lex::is_named_value(new) {
        return Err(format!(
            "`{new}` reads as a register, mnemonic or modifier value; choose another name"
        ));
    }
    if new != name && an.symbol(new).is_some() {
        return Err(format!("`{new}` is already defined"));
    }
    Ok(references(doc, an, offset, true))
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SymbolRole {
    /// A label named by `.globl`/`.global`: an entry point.
    Kernel,
    Label,
    Equ,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DocSymbol {
    pub name: String,
    pub role: SymbolRole,
    pub detail: String,
    /// The name where it is defined.
    pub start: usize,
    pub end: usize,
    /// What it covers: a label up to the next label, a `.equ` its line.
    pub full_end: usize,
}

pub fn document_symbols(doc: &Document, an: &Analysis) -> Vec<DocSymbol> {
    let text = doc.text();
    // Names declared global (`.globl name`, `.global name`) are kernels.
    let mut globals = Vec::new();
    for s in an
        .outline
        .symbols
        .iter()
        .filter(|s| s.kind == SymbolKind::Label)
    {
        for t in occurrences(text, &s.name) {
            let l = line_at(doc, t.start);
            if let Some((ws, we)) = l.word {
                let w = &text[ws..we];
                if w.eq_ignore_ascii_case(".globl") || w.eq_ignore_ascii_case(".global") {
                    globals.push(s.name.as_str());
                }
            }
        }
    }
    let labels: Vec<usize> = an
        .outline
        .symbols
        .iter()
        .filter(|s| s.kind == SymbolKind::Label)
        .map(|s| s.start)
        .collect();
    an.outline
        .symbols
        .iter()
        .map(|s| {
            let (role, detail, full_end) = match s.kind {
                SymbolKind::Label => {
                    let next = labels.iter().find(|&&p| p > s.start).copied();
                    let end = next.map_or(text.len(), |p| {
                        doc.line_range(doc.line_of(p).saturating_sub(1))
                            .map_or(p, |(_, e)| e.max(s.end))
                    });
                    let role = if globals.contains(&s.name.as_str()) {
                        SymbolRole::Kernel
                    } else {
                        SymbolRole::Label
                    };
                    (role, format!("offset 0x{:x}", s.value), end)
                }
                SymbolKind::Equ => {
                    let end = doc
                        .line_range(doc.line_of(s.start))
                        .map_or(s.end, |(_, e)| e);
                    (SymbolRole::Equ, format!("= {}", s.value), end)
                }
            };
            DocSymbol {
                name: s.name.clone(),
                role,
                detail,
                start: s.start,
                end: s.end,
                full_end: full_end.max(s.end),
            }
        })
        .collect()
}
