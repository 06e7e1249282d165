//! One assembly of a document: the assembler's diagnostics, where each line's bytes went,
//! every label and `.equ`; and the lookups the editor features share.

use crate::lex::{self, Kind, Line, Tok};
use crate::text::Document;
use warpkit_asm::{assemble_outline, Diagnostic, Outline, SymbolDef};

/// The assembler's view of a document's current text.
#[derive(Clone, Debug, Default)]
pub struct Analysis {
    /// Errors and warnings, sorted by position, exactly as `warpkit asm` reports them.
    pub diagnostics: Vec<Diagnostic>,
    pub outline: Outline,
    /// The machine code, when the text assembles.
    pub code: Option<Vec<u8>>,
}

impl Analysis {
    pub fn of(text: &str) -> Analysis {
        let (r, outline) = assemble_outline(text);
        let (diagnostics, code) = match r {
            Ok(a) => (a.warnings, Some(a.code)),
            Err(d) => (d, None),
        };
        Analysis {
            diagnostics,
            outline,
            code,
        }
    }

    pub fn symbol(&self, name: &str) -> Option<&SymbolDef> {
        self.outline.symbol(name)
    }
}

/// The parts of the line holding byte `offset`.
pub fn line_at(doc: &Document, offset: usize) -> Line {
    let n = doc.line_of(offset);
    let (s, e) = doc.line_range(n).unwrap_or((0, 0));
    lex::line(doc.text(), s, e)
}

/// The piece of the line under byte `offset` (its end counts, so a cursor just after a
/// word is on it).
pub fn token_at(doc: &Document, l: &Line, offset: usize) -> Option<Tok> {
    let mut toks = Vec::new();
    lex::tokens(doc.text(), l, &mut toks);
    let on = |t: &&Tok| t.start <= offset && offset <= t.end && t.kind != Kind::Comment;
    // Prefer the piece that starts at the offset over one that ends there.
    toks.iter()
        .filter(on)
        .find(|t| t.start == offset)
        .or_else(|| toks.iter().find(on))
        .copied()
}

/// Every name piece (`Kind::Name` or `Kind::LabelDef`) spelled `name`, in document order.
pub fn occurrences(text: &str, name: &str) -> Vec<Tok> {
    let mut out = Vec::new();
    let mut toks = Vec::new();
    for (s, e) in lex::line_ranges(text) {
        // Most lines do not mention the name: one substring search before lexing.
        if memchr::memmem::find(&text.as_bytes()[s..e], name.as_bytes()).is_none() {
            continue;
        }
        let l = lex::line(text, s, e);
        toks.clear();
        lex::tokens(text, &l, &mut toks);
        out.extend(
            toks.iter()
                .filter(|t| matches!(t.kind, Kind::Name | Kind::LabelDef))
                .filter(|t| &text[t.start..t.end] == name),
        );
    }
    out
}
