//! Assembling a translation unit for a code object: the front stage (includes, macros,
//! conditionals, symbol directives), the two-pass assembler, then the symbol table, kernels,
//! relocations for symbols defined elsewhere and a line table from code offsets to source
//! lines. Diagnostics name the file and line they come from, with the include and macro
//! expansion chain as notes.

use crate::asm::{assemble_core, Core};
use crate::diagnostic::{Diagnostic, Related, Severity};
use crate::lines::LineTable;
use crate::origin::{ctx_notes, loc_text, main_at, CtxKind, Loc, Segment};
use crate::preprocess::{Expanded, Pre};
use std::borrow::Cow;

pub use crate::origin::UnitDiag;
pub use crate::reloc::{Reloc, RelocKind};
pub use crate::source::{FsLoader, Loader, NoIncludes, SearchPath, SourceFile};
pub use crate::symbols::{Binding, Kernel, SymKind, Symbol};

/// One row of the line table (its file indexes [`Unit::files`]).
pub use crate::lines::LineRow;

/// An assembled file with everything a code object holds.
#[derive(Clone, Debug, Default)]
pub struct Unit {
    pub code: Vec<u8>,
    /// Every label with its offset, in definition order (`.L` names too, which `symbols`
    /// leaves out).
    pub labels: Vec<(String, u32)>,
    /// The symbol table: every label but `.L` names, in definition order, as the symbol
    /// directives declare them (with the front stage only; the text alone has `labels`).
    pub symbols: Vec<Symbol>,
    /// Symbols used (relocations) or declared `.globl` but not defined here.
    pub undefined: Vec<String>,
    pub kernels: Vec<Kernel>,
    pub relocs: Vec<Reloc>,
    /// In code order; empty without [`AsmOptions::lines`].
    pub lines: Vec<LineRow>,
    /// The source files the line table names.
    pub files: Vec<String>,
    pub warnings: UnitDiagnostics,
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

/// A diagnostic of `file` with its column (and its related place's).
fn located(d: &UnitDiag, file: &SourceFile) -> Diagnostic {
    let start = d.start.min(file.text.len());
    Diagnostic {
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
    }
}

/// A diagnostic of the text alone (no front stage): its places are the file's own, moved
/// over rather than mapped.
fn in_main(d: Diagnostic) -> UnitDiag {
    UnitDiag {
        severity: d.severity,
        file: 0,
        start: d.start,
        end: d.end,
        line: d.line.min(u32::MAX as usize) as u32,
        message: d.message,
        hint: d.hint,
        related: d.related.map(|r| {
            let line = r.line.min(u32::MAX as usize) as u32;
            (r.start, r.end, line, r.message)
        }),
        notes: Vec::new(),
        main_at: Some(d.start),
    }
}

impl Unit {
    /// The line table (filled with [`AsmOptions::lines`]).
    pub fn line_table(&self) -> LineTable {
        LineTable::new(self.files.clone(), self.lines.clone())
    }
}

impl UnitDiagnostics {
    /// The diagnostics placed in the main file, with line and column: for callers that
    /// look at them one by one (the text alone, without the front stage, has no others).
    pub fn main_file(&self) -> Vec<Diagnostic> {
        let Some(file) = self.files.first() else {
            return Vec::new();
        };
        (self.list.iter())
            .filter(|d| d.file == 0)
            .map(|d| located(d, file))
            .collect()
    }

    /// Every diagnostic, ready to print (see [`UnitDiagnostics::render_limited`]).
    pub fn render(&self, color: bool) -> String {
        self.render_limited(color, usize::MAX)
    }

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
            let (mut errors, mut warnings) = (0usize, 0usize);
            for d in self.list.iter().filter(|d| d.file == f) {
                let shown = match d.severity {
                    Severity::Error => &mut errors,
                    Severity::Warning => &mut warnings,
                };
                *shown += 1;
                // Past the limit a diagnostic is only counted.
                if *shown > max {
                    continue;
                }
                list.push(located(d, file));
                notes.push(d.notes.clone());
            }
            let more = (errors.saturating_sub(max), warnings.saturating_sub(max));
            out.push_str(&crate::render::render_with_notes(
                &file.name, &file.text, &list, &notes, more, color, max,
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

/// Where the front stage reads the files `.include` names.
#[derive(Clone, Copy, Default)]
pub enum Includes<'l> {
    /// Nowhere: an `.include` is an error (text that is no file: tests, standard input).
    #[default]
    None,
    /// Beside the including file, from disk ([`FsLoader`]).
    Beside,
    /// Beside the including file, then in each directory in order (`asm -I DIR`).
    Search(&'l [std::path::PathBuf]),
    /// Through the caller's loader (an editor's open documents, files in memory).
    With(&'l dyn Loader),
}

impl std::fmt::Debug for Includes<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Includes::None => f.write_str("None"),
            Includes::Beside => f.write_str("Beside"),
            Includes::Search(d) => f.debug_tuple("Search").field(d).finish(),
            Includes::With(_) => f.write_str("With(..)"),
        }
    }
}

/// How [`assemble`] reads and assembles a text, and what it gives back. The default is
/// what programs built in memory want: plain assembly (no front stage), labels and
/// diagnostics against the name `<input>`, undefined symbols as errors, no line table.
#[derive(Clone, Debug)]
pub struct AsmOptions<'l> {
    /// The main file's name, as diagnostics and the line table show it (and the place
    /// `.include`s are looked up beside).
    pub name: String,
    /// Run the front stage: `.include`, macros, conditionals, numeric local labels, `#`
    /// lines, symbol directives (`.globl`, `.type`, `.size`, `.kernel`). Setting
    /// `includes`, `defsyms` or `cpp_output` runs it too.
    pub front: bool,
    pub includes: Includes<'l>,
    /// `--defsym NAME=VALUE`: each a `.set NAME, VALUE` before the first line.
    pub defsyms: Vec<(String, i64)>,
    /// The text is C-preprocessor output (a `.S` file after cpp): its `# N "file"` line
    /// markers are followed.
    pub cpp_output: bool,
    /// Branch targets, `k32` literals and `.long`/`.quad`/`.word`/`.dword` values that
    /// name a symbol the unit does not define become relocations (`asm -f elf`); without,
    /// they are errors.
    pub externals: bool,
    /// Fill [`Unit::lines`] and [`Unit::files`] (the line table).
    pub lines: bool,
}

impl Default for AsmOptions<'_> {
    fn default() -> Self {
        AsmOptions {
            name: "<input>".into(),
            front: false,
            includes: Includes::None,
            defsyms: Vec::new(),
            cpp_output: false,
            externals: false,
            lines: false,
        }
    }
}

impl<'l> AsmOptions<'l> {
    /// The default, with diagnostics and the line table naming `name`.
    pub fn named(name: &str) -> AsmOptions<'l> {
        AsmOptions {
            name: name.to_string(),
            ..AsmOptions::default()
        }
    }

    /// A source file as `warpkit asm` reads it: the front stage and the line table.
    pub fn file(name: &str) -> AsmOptions<'l> {
        AsmOptions {
            front: true,
            lines: true,
            ..AsmOptions::named(name)
        }
    }

    /// A source file for an object file (`asm -f elf`): as [`AsmOptions::file`], and
    /// undefined symbols become relocations.
    pub fn object(name: &str) -> AsmOptions<'l> {
        AsmOptions {
            externals: true,
            ..AsmOptions::file(name)
        }
    }

    fn runs_front(&self) -> bool {
        self.front
            || self.cpp_output
            || !self.defsyms.is_empty()
            || !matches!(self.includes, Includes::None)
    }
}

/// Assemble `src` as `opts` says (the one entry of the assembler): with the front stage,
/// over it and the files it includes, else the text alone; then the two passes, the symbol
/// table, kernels, relocations (with `externals`) and the line table (with `lines`). On
/// error, every diagnostic of every file, in the order of the main file.
///
/// `src` is borrowed (`&str`) or given (`String`): the text is copied only where the result
/// keeps it (diagnostics, the front stage's files) and the caller still holds it.
pub fn assemble<'s>(
    src: impl Into<Cow<'s, str>>,
    opts: &AsmOptions<'_>,
) -> Result<Unit, UnitDiagnostics> {
    let src: Cow<'s, str> = src.into();
    let core = |text: &str| {
        let core = Core {
            rows: opts.lines,
            externals: opts.externals,
            ..Core::default()
        };
        assemble_core(text, core)
    };
    let file = |text: String| SourceFile {
        name: opts.name.clone(),
        text,
        from_cpp: opts.cpp_output,
    };
    if !opts.runs_front() {
        let result = core(&src);
        let exp = Expanded::verbatim(&src);
        // Only diagnostics read the text (to place and show them).
        let quiet = matches!(&result, Ok((a, _)) if a.warnings.is_empty());
        let text = if quiet {
            String::new()
        } else {
            src.into_owned()
        };
        return match result {
            Err(list) => Err(UnitDiagnostics {
                files: vec![file(text)],
                list: list.into_iter().map(in_main).collect(),
            }),
            ok => finish(exp, vec![file(text)], Vec::new(), ok, false),
        };
    }
    let main = file(src.into_owned());
    let search;
    let loader: &dyn Loader = match opts.includes {
        Includes::None => &NoIncludes,
        Includes::Beside => &FsLoader,
        Includes::Search(dirs) => {
            search = SearchPath(dirs.to_vec());
            &search
        }
        Includes::With(l) => l,
    };
    let (exp, files, pdiags) = Pre::new(loader).run_main(main, &opts.defsyms, false);
    // The assembler runs even after the front stage failed: every error is reported at once.
    let result = core(if exp.main_text {
        &files[0].text
    } else {
        &exp.text
    });
    let seen = result.as_ref().map(|(_, x)| x.hash_lines).map_err(|_| ());
    if exp.main_text && crate::preprocess::needs_lines(seen, &files[0].text) {
        // The front stage passed the text through unread, and the assembler saw `#` lines or
        // failed (numeric local labels, `1:` `1b`): only the line-by-line front stage reads
        // those (looking for them in every file would slow every file down).
        let main = files.into_iter().next().unwrap_or_default();
        let (exp, files, pdiags) = Pre::new(loader).run_main(main, &opts.defsyms, true);
        let result = core(&exp.text);
        return finish(exp, files, pdiags, result, true);
    }
    finish(exp, files, pdiags, result, true)
}

/// A unit from the front stage's result and the assembler's.
fn finish(
    exp: Expanded,
    files: Vec<SourceFile>,
    pdiags: Vec<UnitDiag>,
    core: Result<(crate::asm::Assembly, crate::asm::CoreExtra), Vec<Diagnostic>>,
    table: bool,
) -> Result<Unit, UnitDiagnostics> {
    let pre_failed = pdiags.iter().any(|d| d.severity == Severity::Error);
    let back = Back {
        exp: &exp,
        files: &files,
    };
    let (asm, extra) = match core {
        Ok(x) if !pre_failed => x,
        Ok(_) => {
            return Err(UnitDiagnostics {
                list: pdiags,
                files,
            })
        }
        Err(list) => {
            let mut all = pdiags;
            all.extend(list.iter().map(|d| back.diag(d)));
            // In the order of the main file (a stable sort keeps each place's own order).
            all.sort_by_key(|d| d.main_at.unwrap_or(usize::MAX));
            return Err(UnitDiagnostics { list: all, files });
        }
    };
    let mut errs = Vec::new();
    // The symbol table is the front stage's product (it reads the symbol directives); the
    // text alone has its labels only, and pays nothing for a table.
    let (symbols, kernels, mut undefined) = match table {
        false => Default::default(),
        true => crate::directives::resolve(&exp.decls, &asm.labels, &exp.equs, |at, ctx, m| {
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
        }),
    };
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
    let mut file_ids: Vec<Option<u32>> = vec![None; files.len()];
    let mut names = Vec::new();
    let mut lines = Vec::with_capacity(extra.rows.len());
    for &(offset, size, l) in &extra.rows {
        let Some(at) = back.row_loc(l) else {
            continue;
        };
        let Some(slot) = file_ids.get_mut(at.file as usize) else {
            continue;
        };
        let id = *slot.get_or_insert_with(|| {
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
    // Warnings are rare: the files (the whole source text) are copied only for them.
    let mut wlist = pdiags;
    wlist.extend(asm.warnings.iter().map(|d| back.diag(d)));
    wlist.sort_by_key(|d| d.main_at.unwrap_or(usize::MAX));
    let warnings = if wlist.is_empty() {
        UnitDiagnostics::default()
    } else {
        UnitDiagnostics {
            list: wlist,
            files: files.clone(),
        }
    };
    Ok(Unit {
        code: asm.code,
        labels: asm.labels,
        symbols,
        undefined,
        kernels,
        relocs,
        lines,
        files: names,
        warnings,
    })
}
