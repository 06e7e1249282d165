//! Assembling a translation unit for a code object: the front stage (includes, macros,
//! conditionals, symbol directives), the two-pass assembler, then the symbol table, kernels,
//! relocations for symbols defined elsewhere and a line table from code offsets to source
//! lines. Diagnostics name the file and line they come from, with the include and macro
//! expansion chain as notes.

use crate::asm::{assemble_core, Core};
use crate::diagnostic::{Diagnostic, Related, Severity};
use crate::origin::{ctx_notes, loc_text, main_at, CtxKind, Loc, Segment};
use crate::preprocess::{Expanded, Pre};

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

/// How a translation unit is assembled.
#[derive(Clone, Debug, Default)]
pub struct AsmOptions {
    /// Branch targets, `k32` literals and `.long`/`.quad`/`.word`/`.dword` values that
    /// name a symbol the unit does not define become relocations (`asm -f elf`); without,
    /// they are errors as in [`crate::assemble`].
    pub externals: bool,
    /// `--defsym NAME=VALUE`: each a `.set NAME, VALUE` before the first line.
    pub defsyms: Vec<(String, i64)>,
}

impl AsmOptions {
    /// For an object file (`asm -f elf`): undefined symbols become relocations.
    pub fn object() -> AsmOptions {
        AsmOptions {
            externals: true,
            ..AsmOptions::default()
        }
    }
}

/// Assemble a translation unit (the one entry for real code): the front stage over `main` and the files `loader` reads
/// for it, the two passes, then symbols, kernels, relocations and the line table.
pub fn assemble_unit_with(
    main: SourceFile,
    loader: &mut dyn Loader,
    opts: &AsmOptions,
) -> Result<Unit, UnitDiagnostics> {
    let externals = opts.externals;
    let core = |text: &str| {
        let core = Core {
            rows: true,
            externals,
            ..Core::default()
        };
        assemble_core(text, core)
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
        return finish(exp, files, pdiags, result);
    }
    finish(exp, files, pdiags, result)
}

/// A unit from the front stage's result and the assembler's.
fn finish(
    exp: Expanded,
    files: Vec<SourceFile>,
    pdiags: Vec<UnitDiag>,
    core: Result<(crate::asm::Assembly, crate::asm::CoreExtra), Vec<Diagnostic>>,
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
        symbols,
        undefined,
        kernels,
        relocs,
        lines,
        files: names,
        warnings,
    })
}
