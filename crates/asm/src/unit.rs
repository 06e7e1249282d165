//! Assembling a translation unit for a code object: the front stage (includes, macros,
//! conditionals, symbol directives), the two-pass assembler, then the symbol table, kernels,
//! relocations for symbols defined elsewhere and a line table from code offsets to source
//! lines. Diagnostics name the file and line they come from, with the include and macro
//! expansion chain as notes.

use crate::asm::{assemble_core, Diagnostic, Related, Severity};
use crate::preprocess::{Ctx, CtxKind, Expanded, Loc, Pre, Segment};
use std::collections::HashMap;
use warpkit_isa::OpType;

/// A source file: its name (as diagnostics and the line table show it) and text.
#[derive(Clone, Debug, Default)]
pub struct SourceFile {
    pub name: String,
    pub text: String,
    /// The text is C-preprocessor output: its `# N "file"` line markers are followed.
    pub from_cpp: bool,
}

/// Reads the files `.include` names.
pub trait Loader {
    /// Read `path` as named in a `.include` of the file `from`; returns the name the file
    /// goes by (its path relative to the including file's directory, for example) and text.
    fn load(&mut self, from: &str, path: &str) -> Result<(String, String), String>;
}

/// A loader for text that has no files around it: every `.include` is an error.
pub struct NoIncludes;

impl Loader for NoIncludes {
    fn load(&mut self, _from: &str, _path: &str) -> Result<(String, String), String> {
        Err("this source was given as text, not as a file, so it cannot include files".into())
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Binding {
    Local,
    Global,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SymKind {
    NoType,
    Func,
    Object,
}

/// A symbol defined by the file: a label, with what the directives said of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Symbol {
    pub name: String,
    pub offset: u32,
    pub size: u32,
    pub binding: Binding,
    pub kind: SymKind,
}

/// A kernel: `.kernel NAME` ... `.end_kernel`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Kernel {
    pub name: String,
    pub offset: u32,
    pub size: u32,
}

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

/// One row of the line table (its file indexes [`Unit::files`]).
pub use crate::lines::LineRow;

/// An assembled file with everything a code object holds.
#[derive(Clone, Debug, Default)]
pub struct Unit {
    pub code: Vec<u8>,
    /// Every label, in definition order.
    pub symbols: Vec<Symbol>,
    /// Symbols used (relocations) or declared `.globl` but not defined here.
    pub undefined: Vec<String>,
    pub kernels: Vec<Kernel>,
    pub relocs: Vec<Reloc>,
    /// In code order.
    pub lines: Vec<LineRow>,
    /// The source files the line table names.
    pub files: Vec<String>,
    pub warnings: UnitDiagnostics,
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

/// A diagnostic of a translation unit: in one of its files, with the expansion chain.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnitDiag {
    pub severity: Severity,
    /// Index into [`UnitDiagnostics::files`].
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

/// The diagnostics of a translation unit, ready to print.
#[derive(Clone, Debug, Default)]
pub struct UnitDiagnostics {
    pub files: Vec<SourceFile>,
    pub list: Vec<UnitDiag>,
}

fn col_of(text: &str, off: usize) -> usize {
    let off = off.min(text.len());
    let mut off = off;
    while !text.is_char_boundary(off) {
        off -= 1;
    }
    let ls = text[..off].rfind('\n').map_or(0, |p| p + 1);
    let ls = if ls == 0 && text.starts_with('\u{feff}') {
        3.min(off)
    } else {
        ls
    };
    text[ls..off].chars().count() + 1
}

impl UnitDiagnostics {
    pub fn errors(&self) -> usize {
        self.list
            .iter()
            .filter(|d| d.severity == Severity::Error)
            .count()
    }

    pub fn is_empty(&self) -> bool {
        self.list.is_empty()
    }

    /// Like [`crate::Diagnostics::render_limited`], per file, with the notes.
    pub fn render_limited(&self, color: bool, max: usize) -> String {
        let mut out = String::new();
        let mut order: Vec<u32> = Vec::new();
        for d in &self.list {
            if !order.contains(&d.file) {
                order.push(d.file);
            }
        }
        for f in order {
            let Some(file) = self.files.get(f as usize) else {
                continue;
            };
            let mut list = Vec::new();
            let mut notes = Vec::new();
            for d in self.list.iter().filter(|d| d.file == f) {
                let start = d.start.min(file.text.len());
                list.push(Diagnostic {
                    severity: d.severity,
                    start,
                    end: d.end.clamp(start, file.text.len()),
                    line: d.line.max(1) as usize,
                    col: col_of(&file.text, start),
                    message: d.message.clone(),
                    hint: d.hint.clone(),
                    related: d.related.as_ref().map(|(s, e, l, m)| {
                        let s2 = (*s).min(file.text.len());
                        Related {
                            start: s2,
                            end: (*e).clamp(s2, file.text.len()),
                            line: (*l).max(1) as usize,
                            col: col_of(&file.text, s2),
                            message: m.clone(),
                        }
                    }),
                });
                notes.push(d.notes.clone());
            }
            out.push_str(&crate::render::render_with_notes(
                &file.name, &file.text, &list, &notes, color, max,
            ));
        }
        out
    }
}

impl std::fmt::Display for UnitDiagnostics {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.render_limited(false, usize::MAX))
    }
}

impl std::error::Error for UnitDiagnostics {}

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
            CtxKind::Irp => format!("in the .irp expansion at {used}"),
        });
        ctx = c.parent;
    }
    out
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

/// Includes resolved relative to the including file's directory, read from disk.
pub struct FsLoader;

impl Loader for FsLoader {
    fn load(&mut self, from: &str, path: &str) -> Result<(String, String), String> {
        use std::path::{Path, PathBuf};
        let p = Path::new(path);
        let full: PathBuf = if p.is_absolute() {
            p.to_path_buf()
        } else {
            Path::new(from)
                .parent()
                .map_or_else(|| p.to_path_buf(), |d| d.join(p))
        };
        let meta = std::fs::metadata(&full).map_err(|e| e.to_string())?;
        if !meta.is_file() {
            return Err("not a regular file".into());
        }
        let text = std::fs::read_to_string(&full).map_err(|e| e.to_string())?;
        Ok((full.to_string_lossy().into_owned(), text))
    }
}

/// Maps offsets and lines of the expanded text back to the files.
struct Back<'a> {
    exp: &'a Expanded,
    files: &'a [SourceFile],
}

impl Back<'_> {
    fn seg_by_off(&self, off: usize) -> Option<&Segment> {
        let k = self.exp.segments.partition_point(|s| s.out_start <= off);
        self.exp.segments.get(k.checked_sub(1)?)
    }

    fn seg_by_line(&self, line: u32) -> Option<&Segment> {
        let k = self.exp.segments.partition_point(|s| s.out_line <= line);
        self.exp.segments.get(k.checked_sub(1)?)
    }

    /// The file place of an expanded offset on expanded line `line0` (0-based).
    fn place(&self, off: usize, line0: u32) -> Option<(Loc, Option<u32>)> {
        let s = self.seg_by_off(off)?;
        let text = &self.files.get(s.file as usize)?.text;
        if s.verbatim {
            let o = (s.src_start + (off - s.out_start)).min(text.len());
            let line = s.line + line0.saturating_sub(s.out_line);
            return Some((
                Loc {
                    file: s.file,
                    off: o,
                    line,
                },
                s.ctx,
            ));
        }
        // A substituted line: the same column, inside the written line.
        let le = text[s.src_start.min(text.len())..]
            .find('\n')
            .map_or(text.len(), |p| s.src_start + p);
        let o = (s.src_start + (off - s.out_start)).min(le);
        Some((
            Loc {
                file: s.file,
                off: o,
                line: s.line,
            },
            s.ctx,
        ))
    }

    fn diag(&self, d: &Diagnostic) -> UnitDiag {
        let line0 = (d.line as u32).saturating_sub(1);
        let (at, ctx) = self.place(d.start, line0).unwrap_or((
            Loc {
                file: 0,
                off: 0,
                line: 1,
            },
            None,
        ));
        let len = d.end.saturating_sub(d.start);
        let mut notes = ctx_notes(self.files, &self.exp.ctxs, ctx);
        let mut related = None;
        if let Some(r) = &d.related {
            if let Some((rat, _)) = self.place(r.start, (r.line as u32).saturating_sub(1)) {
                if rat.file == at.file {
                    let rl = r.end.saturating_sub(r.start);
                    related = Some((rat.off, rat.off + rl, rat.line, r.message.clone()));
                } else {
                    notes.insert(0, format!("{} at {}", r.message, loc_text(self.files, rat)));
                }
            }
        }
        UnitDiag {
            severity: d.severity,
            file: at.file,
            start: at.off,
            end: at.off + len,
            line: at.line,
            message: d.message.clone(),
            hint: d.hint.clone(),
            related,
            notes,
            main_at: main_at(&self.exp.ctxs, at, ctx),
        }
    }

    /// The line a code offset is attributed to: its own line, or for lines a macro or
    /// `.irp` produced, the line that used it (as GNU as does).
    fn row_loc(&self, line0: u32) -> Option<Loc> {
        let s = self.seg_by_line(line0)?;
        let mut at = Loc {
            file: s.file,
            off: s.src_start,
            line: if s.verbatim {
                s.line + (line0 - s.out_line)
            } else {
                s.line
            },
        };
        let mut c = s.ctx;
        while let Some(ctx) = c.and_then(|c| self.exp.ctxs.get(c as usize)) {
            if !matches!(ctx.kind, CtxKind::Include) {
                at = ctx.used_at;
            }
            c = ctx.parent;
        }
        Some(at)
    }
}

/// Assemble a translation unit (its main file and what it includes). With `externals`,
/// branch targets, `k32` literals and `.word`/`.dword` values that name a symbol the unit
/// does not define become relocations; without, they are errors as in [`crate::assemble`].
pub fn assemble_unit(
    main: SourceFile,
    loader: &mut dyn Loader,
    externals: bool,
) -> Result<Unit, UnitDiagnostics> {
    let (exp, files, pdiags) = Pre::new(loader).run_main(main);
    if pdiags.iter().any(|d| d.severity == Severity::Error) {
        return Err(UnitDiagnostics {
            files,
            list: pdiags,
        });
    }
    let back = Back {
        exp: &exp,
        files: &files,
    };
    let (asm, extra) = match assemble_core(&exp.text, true, true, externals, None) {
        Ok(x) => x,
        Err(list) => {
            return Err(UnitDiagnostics {
                list: list.iter().map(|d| back.diag(d)).collect(),
                files,
            })
        }
    };
    let mut errs = Vec::new();
    let (symbols, kernels, mut undefined) =
        crate::directives::resolve(&exp.decls, &asm.labels, &exp.equs, |at, ctx, m| {
            errs.push(UnitDiag {
                severity: Severity::Error,
                file: at.file,
                start: at.off,
                end: at.off,
                line: at.line,
                message: m,
                hint: None,
                related: None,
                notes: ctx_notes(&files, &exp.ctxs, ctx),
                main_at: main_at(&exp.ctxs, at, ctx),
            })
        });
    if !errs.is_empty() {
        return Err(UnitDiagnostics { files, list: errs });
    }
    let relocs: Vec<Reloc> = extra
        .relocs
        .iter()
        .map(|r| Reloc {
            offset: r.offset,
            kind: r.kind,
            symbol: r.symbol.clone(),
            addend: r.addend,
        })
        .collect();
    for r in &relocs {
        if !undefined.contains(&r.symbol) {
            undefined.push(r.symbol.clone());
        }
    }
    // The line table names files by index; only files that have rows are listed.
    let mut file_ids: HashMap<u32, u32> = HashMap::new();
    let mut names = Vec::new();
    let mut lines = Vec::with_capacity(extra.rows.len());
    for &(offset, size, l) in &extra.rows {
        let Some(at) = back.row_loc(l) else {
            continue;
        };
        let id = *file_ids.entry(at.file).or_insert_with(|| {
            names.push(files[at.file as usize].name.clone());
            (names.len() - 1) as u32
        });
        lines.push(LineRow {
            offset,
            size,
            file: id,
            line: at.line,
        });
    }
    let warnings = UnitDiagnostics {
        list: asm.warnings.iter().map(|d| back.diag(d)).collect(),
        files: files.clone(),
    };
    Ok(Unit {
        code: asm.code,
        symbols,
        undefined,
        kernels,
        relocs,
        lines,
        files: names,
        warnings,
    })
}
