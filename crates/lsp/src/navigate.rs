//! Labels, `.equ` names and macros: definition (also of an `.include`'s file),
//! references and rename across the files of the unit, document symbols.

use crate::analysis::{line_at, occurrences, occurrences_of, token_at, Analysis};
use crate::facts;
use crate::lex::{self, is_name_char, is_name_start, PieceKind};
use crate::text::Document;
use std::path::{Path, PathBuf};
use warpkit_asm::SymbolKind;

/// A place the editor can show: a range of the document, of one of the unit's files
/// ([`Analysis::files`]), or the start of a file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Destination {
    Doc(usize, usize),
    File(usize, usize, usize),
    Path(PathBuf),
}

/// What a name under the cursor names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Named {
    Symbol,
    Macro,
}

/// The defined name under the cursor, what it names, and its range there.
pub fn name_at(
    doc: &Document,
    an: &Analysis,
    offset: usize,
) -> Option<(String, Named, usize, usize)> {
    let l = line_at(doc, offset);
    let t = token_at(doc, &l, offset)?;
    let name = &doc.text()[t.start..t.end];
    let named = match t.kind {
        PieceKind::Name | PieceKind::LabelDef if an.symbol(name).is_some() => Named::Symbol,
        PieceKind::Name | PieceKind::Mnemonic if an.macro_named(name).is_some() => Named::Macro,
        _ => return None,
    };
    let name = match named {
        Named::Macro => an.macro_named(name)?.name.clone(),
        Named::Symbol => name.to_string(),
    };
    Some((name, named, t.start, t.end))
}

fn target(file: Option<usize>, s: usize, e: usize) -> Destination {
    match file {
        None => Destination::Doc(s, e),
        Some(f) => Destination::File(f, s, e),
    }
}

fn def_of(an: &Analysis, name: &str, named: Named) -> Option<Destination> {
    match named {
        Named::Symbol => an.definition(name).map(|(f, s, e)| target(f, s, e)),
        Named::Macro => an.macro_named(name).map(|m| target(m.file, m.start, m.end)),
    }
}

/// Where the name under the cursor is defined; on an `.include`'s path, its file.
pub fn definition(
    doc: &Document,
    an: &Analysis,
    path: Option<&Path>,
    offset: usize,
) -> Option<Destination> {
    if let Some(p) = path.and_then(|p| an.include_at(doc, p, offset)) {
        return Some(Destination::Path(p));
    }
    let (name, named, _, _) = name_at(doc, an, offset)?;
    def_of(an, &name, named)
}

/// Every place `name` is written in the document and the unit's files.
pub fn occurrences_in_unit(doc: &str, an: &Analysis, name: &str, named: Named) -> Vec<Destination> {
    let words = named == Named::Macro;
    let mut out: Vec<Destination> = occurrences_of(doc, name, words)
        .into_iter()
        .map(|t| Destination::Doc(t.start, t.end))
        .collect();
    for (i, f) in an.files.iter().enumerate() {
        out.extend(
            occurrences_of(&f.text, name, words)
                .into_iter()
                .map(|t| Destination::File(i, t.start, t.end)),
        );
    }
    out
}

pub fn references(
    doc: &Document,
    an: &Analysis,
    offset: usize,
    with_definition: bool,
) -> Vec<Destination> {
    let Some((name, named, _, _)) = name_at(doc, an, offset) else {
        return Vec::new();
    };
    let def = def_of(an, &name, named);
    occurrences_in_unit(doc.text(), an, &name, named)
        .into_iter()
        .filter(|r| with_definition || Some(r) != def.as_ref())
        .collect()
}

/// Every place to rewrite to rename the name under the cursor to `new`, or why not.
pub fn rename(
    doc: &Document,
    an: &Analysis,
    offset: usize,
    new: &str,
) -> Result<Vec<Destination>, String> {
    let Some((name, named, _, _)) = name_at(doc, an, offset) else {
        return Err("no label, .equ name or macro here".into());
    };
    check_new_name(an, &name, new)?;
    let _ = named;
    Ok(references(doc, an, offset, true))
}

/// Why `new` cannot replace `name`, if it cannot.
pub fn check_new_name(an: &Analysis, name: &str, new: &str) -> Result<(), String> {
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
    if new != name && (an.symbol(new).is_some() || an.macro_named(new).is_some()) {
        return Err(format!("`{new}` is already defined"));
    }
    Ok(())
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SymbolRole {
    /// A label named by `.globl`/`.global` or `.kernel`: an entry point.
    Kernel,
    Macro,
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

/// The symbols defined in the document.
pub fn document_symbols(doc: &Document, an: &Analysis) -> Vec<DocSymbol> {
    symbols_of(doc, an, None)
}

/// The labels, `.equ` names and macros defined in the document (`file` `None`) or in one of
/// the unit's files (`doc` is then that file's text).
pub fn symbols_of(doc: &Document, an: &Analysis, file: Option<usize>) -> Vec<DocSymbol> {
    let text = doc.text();
    let here: Vec<&warpkit_asm::SymbolDef> = an
        .outline
        .symbols
        .iter()
        .zip(&an.symbol_files)
        .filter(|(s, f)| **f == file && s.end <= text.len())
        .map(|(s, _)| s)
        .collect();
    // Names declared global (`.globl name`, `.global name`) or kernels are entry points.
    let mut globals = Vec::new();
    for s in here.iter().filter(|s| s.kind == SymbolKind::Label) {
        for t in occurrences(text, &s.name) {
            let (ls, le) = doc.line_range(doc.line_of(t.start)).unwrap_or((0, 0));
            let l = lex::line(text, ls, le);
            if let Some((ws, we)) = l.word {
                let w = &text[ws..we];
                if [".globl", ".global", ".kernel"]
                    .iter()
                    .any(|d| w.eq_ignore_ascii_case(d))
                {
                    globals.push(s.name.as_str());
                }
            }
        }
    }
    let labels: Vec<usize> = here
        .iter()
        .filter(|s| s.kind == SymbolKind::Label)
        .map(|s| s.start)
        .collect();
    let line_end = |at: usize| doc.line_range(doc.line_of(at)).map_or(at, |(_, e)| e);
    let mut out: Vec<DocSymbol> = here
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
                SymbolKind::Equ => (SymbolRole::Equ, format!("= {}", s.value), line_end(s.start)),
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
        .collect();
    for m in an
        .macros
        .iter()
        .filter(|m| m.file == file && m.end <= text.len())
    {
        out.push(DocSymbol {
            name: m.name.clone(),
            role: SymbolRole::Macro,
            detail: format!("macro {}", m.params),
            start: m.start,
            end: m.end,
            full_end: macro_end(text, m.end).max(m.end),
        });
    }
    out.sort_by_key(|d| d.start);
    out
}

/// The end of the `.endm` line that closes a macro whose name ends at `from`.
fn macro_end(text: &str, from: usize) -> usize {
    let mut depth = 0;
    for (s, e) in lex::line_ranges(&text[from..]) {
        let l = lex::line(&text[from..], s, e);
        let Some((ws, we)) = l.word else { continue };
        let w = &text[from + ws..from + we];
        if w.eq_ignore_ascii_case(".macro") {
            depth += 1;
        } else if w.eq_ignore_ascii_case(".endm") {
            if depth == 0 {
                return from + e;
            }
            depth -= 1;
        }
    }
    text.len()
}
