//! Where each line of the expanded text came from: a place in a source file ([`Loc`]),
//! the expansion contexts (includes, macros, `.irp`) that led there, and diagnostics in
//! those terms ([`UnitDiag`]). Written by the front stage (`preprocess.rs`), read by
//! `unit.rs` to map the assembler's diagnostics and line table back to the files.

use crate::diagnostic::Severity;
use crate::source::SourceFile;

/// A place in a source file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Loc {
    pub file: u32,
    /// Byte offset in the file's text.
    pub off: usize,
    /// 1-based line.
    pub line: u32,
}

/// How the lines of a context came to be.
#[derive(Clone, Debug)]
pub(crate) enum CtxKind {
    Include,
    /// An expansion of a macro defined at `def`.
    Macro {
        name: String,
        def: Loc,
    },
    /// An `.irp`, `.irpc` or `.rept` block (the directive).
    Repeat(&'static str),
}

/// An expansion context: where it was used and the context of that use.
#[derive(Clone, Debug)]
pub(crate) struct Ctx {
    pub kind: CtxKind,
    pub used_at: Loc,
    pub parent: Option<u32>,
}

/// A run of expanded lines that come from consecutive lines of one file in one context.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Segment {
    /// First expanded line (0-based) and its byte offset in the expanded text.
    pub out_line: u32,
    pub out_start: usize,
    pub file: u32,
    /// 1-based line of the first line.
    pub line: u32,
    /// Byte offset of the first line in the file.
    pub src_start: usize,
    pub ctx: Option<u32>,
    /// The lines are copied unchanged (offsets map one to one); else one substituted line.
    pub verbatim: bool,
}

/// A diagnostic of a translation unit: in one of its files, with the expansion chain.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnitDiag {
    pub severity: Severity,
    /// Index into [`crate::unit::UnitDiagnostics::files`].
    pub file: u32,
    pub start: usize,
    pub end: usize,
    /// 1-based line (cpp line markers may make it differ from the text's own count).
    pub line: u32,
    pub message: String,
    pub hint: Option<String>,
    /// A second place in the same file.
    pub related: Option<(usize, usize, u32, String)>,
    /// "in expansion of macro ...", "included from ...".
    pub notes: Vec<String>,
    /// The byte offset in the main file (file 0) the diagnostic belongs to: its own start
    /// when it is there, else the outermost `.include` or macro use there that leads to it.
    pub main_at: Option<usize>,
}

/// `file:line`.
pub(crate) fn loc_text(files: &[SourceFile], at: Loc) -> String {
    let name = files.get(at.file as usize).map_or("?", |f| f.name.as_str());
    format!("{name}:{}", at.line)
}

/// The expansion chain of a context as notes, innermost first.
pub(crate) fn ctx_notes(files: &[SourceFile], ctxs: &[Ctx], mut ctx: Option<u32>) -> Vec<String> {
    let mut out = Vec::new();
    while let Some(c) = ctx.and_then(|c| ctxs.get(c as usize)) {
        let used = loc_text(files, c.used_at);
        out.push(match &c.kind {
            CtxKind::Include => format!("included from {used}"),
            CtxKind::Macro { name, def } => format!(
                "in expansion of macro `{name}` (defined at {}), used at {used}",
                loc_text(files, *def)
            ),
            CtxKind::Repeat(w) => format!("in the {w} expansion at {used}"),
        });
        ctx = c.parent;
    }
    // A macro that uses itself makes the same note at every level: one, with the count.
    let mut notes: Vec<String> = Vec::with_capacity(out.len());
    let mut run = 0;
    for (i, n) in out.iter().enumerate() {
        run += 1;
        if out.get(i + 1) != Some(n) {
            notes.push(match run {
                1 => n.clone(),
                k => format!("{n} ({k} levels)"),
            });
            run = 0;
        }
    }
    notes
}

/// Where a diagnostic at `at` (in context `ctx`) shows in the main file.
pub(crate) fn main_at(ctxs: &[Ctx], at: Loc, mut ctx: Option<u32>) -> Option<usize> {
    if at.file == 0 {
        return Some(at.off);
    }
    let mut found = None;
    while let Some(c) = ctx.and_then(|c| ctxs.get(c as usize)) {
        if c.used_at.file == 0 {
            found = Some(c.used_at.off);
        }
        ctx = c.parent;
    }
    found
}
