//! One assembly of a document: the assembler's diagnostics, where each line's bytes went,
//! every label and `.equ`; and the lookups the editor features share.

use crate::lex::{self, LexedLine, PieceKind, Tok};
use crate::text::Document;
use std::path::Path;
use warpkit_asm::unit::{FsLoader, UnitDiagnostics};
use warpkit_asm::{
    assemble_outline, assemble_unit, Diagnostic, NoIncludes, Outline, SourceFile, SymbolDef,
};

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
    /// A document with no file around it: `.include` is an error, as for standard input.
    pub fn of(text: &str) -> Analysis {
        Analysis::of_file(text, None)
    }

    /// The diagnostics come from the front stage `warpkit asm` runs (includes read relative
    /// to `path`, macros, conditionals, symbol directives). The outline is the plain
    /// assembler's, kept only when the plain assembler reads the text the same way (it
    /// knows no front-stage directive, and its positions could not name expanded lines).
    pub fn of_file(text: &str, path: Option<&Path>) -> Analysis {
        let main = SourceFile {
            name: path.map_or_else(|| "document".into(), |p| p.display().to_string()),
            text: text.to_string(),
            from_cpp: false,
        };
        let unit = match path {
            Some(_) => assemble_unit(main, &mut FsLoader, false),
            None => assemble_unit(main, &mut NoIncludes, false),
        };
        let (diagnostics, unit_code) = match unit {
            Ok(u) => (in_document(&u.warnings), Some(u.code)),
            Err(d) => (in_document(&d), None),
        };
        // Symbol directives change no byte: blanked (offsets kept), the plain assembler
        // reads such a file as the front stage does.
        let blanked = blank_symbol_directives(text);
        let (r, outline) = assemble_outline(&blanked);
        let (plain_diags, plain_code) = match r {
            Ok(a) => (a.warnings, Some(a.code)),
            Err(d) => (d, None),
        };
        let same = |a: &Diagnostic, b: &Diagnostic| {
            (a.start, a.end, &a.message, a.severity) == (b.start, b.end, &b.message, b.severity)
        };
        let plain = plain_code == unit_code
            && plain_diags.len() == diagnostics.len()
            && plain_diags
                .iter()
                .zip(&diagnostics)
                .all(|(a, b)| same(a, b));
        Analysis {
            diagnostics,
            outline: if plain { outline } else { Outline::default() },
            code: if plain { unit_code } else { None },
        }
    }

    pub fn symbol(&self, name: &str) -> Option<&SymbolDef> {
        self.outline.symbol(name)
    }
}

/// `text` with every line that is only a symbol or section directive turned into spaces.
fn blank_symbol_directives(text: &str) -> String {
    const BLANKED: &[&str] = &[
        ".globl", ".global", ".local", ".type", ".size", ".text", ".section",
    ];
    let mut out = String::with_capacity(text.len());
    for line in text.split_inclusive('\n') {
        let word = line.split_whitespace().next().unwrap_or("");
        if BLANKED.iter().any(|d| d.eq_ignore_ascii_case(word)) {
            let body = line.trim_end_matches(['\n', '\r']);
            out.extend(body.chars().map(|c| if c == '\t' { '\t' } else { ' ' }));
            // Spaces for each byte, so offsets stay (a wide character becomes its bytes).
            let pad = body.len() - body.chars().count();
            out.extend(std::iter::repeat_n(' ', pad));
            out.push_str(&line[body.len()..]);
        } else {
            out.push_str(line);
        }
    }
    out
}

/// A unit's diagnostics placed in its main file: one in an included file goes on the
/// `.include` that leads to it, its own place named in the message, as `warpkit asm`
/// prints it; the expansion chain follows as notes.
fn in_document(d: &UnitDiagnostics) -> Vec<Diagnostic> {
    let main_len = d.files.first().map_or(0, |f| f.text.len());
    d.list
        .iter()
        .filter_map(|u| {
            // Every diagnostic has a place in the main file; the start stands in otherwise.
            let at = u.main_at.unwrap_or(0).min(main_len);
            let mut message = u.message.clone();
            let (start, end) = if u.file == 0 {
                (at, u.end.clamp(at, main_len))
            } else {
                let f = d.files.get(u.file as usize)?;
                let off = u.start.min(f.text.len());
                let col = f.text.get(..off).map_or(1, |t| {
                    t.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1
                });
                message.push_str(&format!("\n--> {}:{}:{col}", f.name, u.line));
                (at, at)
            };
            for n in &u.notes {
                message.push_str("\nnote: ");
                message.push_str(n);
            }
            Some(Diagnostic {
                severity: u.severity,
                start,
                end,
                line: u.line as usize,
                col: 1,
                message,
                hint: u.hint.clone(),
                related: u
                    .related
                    .as_ref()
                    .filter(|_| u.file == 0)
                    .map(|(s, e, l, m)| warpkit_asm::Related {
                        start: (*s).min(main_len),
                        end: (*e).min(main_len),
                        line: *l as usize,
                        col: 1,
                        message: m.clone(),
                    }),
            })
        })
        .collect()
}

/// The parts of the line holding byte `offset`.
pub fn line_at(doc: &Document, offset: usize) -> LexedLine {
    let n = doc.line_of(offset);
    let (s, e) = doc.line_range(n).unwrap_or((0, 0));
    lex::line(doc.text(), s, e)
}

/// The piece of the line under byte `offset` (its end counts, so a cursor just after a
/// word is on it).
pub fn token_at(doc: &Document, l: &LexedLine, offset: usize) -> Option<Tok> {
    let mut toks = Vec::new();
    lex::tokens(doc.text(), l, &mut toks);
    let on = |t: &&Tok| t.start <= offset && offset <= t.end && t.kind != PieceKind::Comment;
    // Prefer the piece that starts at the offset over one that ends there.
    toks.iter()
        .filter(on)
        .find(|t| t.start == offset)
        .or_else(|| toks.iter().find(on))
        .copied()
}

/// Every name piece (`PieceKind::Name` or `PieceKind::LabelDef`) spelled `name`, in document order.
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
                .filter(|t| matches!(t.kind, PieceKind::Name | PieceKind::LabelDef))
                .filter(|t| &text[t.start..t.end] == name),
        );
    }
    out
}
