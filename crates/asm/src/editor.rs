//! What an editor needs of a translation unit besides its diagnostics: the files the front
//! stage read, where the bytes of each written line went and every label and `.equ` name,
//! all placed in the files (not in the expanded text the assembler sees). Built from the
//! same front stage and assembler `assemble` runs, also for units with errors.

use crate::asm::{assemble_core, Core};
use crate::directives::SYNTH_PREFIX;
use crate::expr::is_ident_char;
use crate::origin::{Ctx, CtxKind, Segment};
use crate::outline::{Outline, SymbolDef};
use crate::preprocess::{Expanded, Pre};
use crate::source::{Loader, SourceFile};

/// A place in one of the unit's files (an index into [`UnitOutline::files`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Place {
    pub file: u32,
    /// Byte offset in the file's text.
    pub off: usize,
    /// 1-based line (cpp line markers may make it differ from the text's own count).
    pub line: u32,
}

/// The bytes of one written line: where it starts, and its address and size.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LineBytes {
    /// The start of the line in its file.
    pub at: Place,
    pub pc: u32,
    pub size: u32,
    /// The bytes come from an expansion (a macro or `.irp` used on this line): the line's
    /// own text is not what was assembled.
    pub expanded: bool,
}

/// A label or `.equ` name and where its name is written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlacedSymbol {
    pub def: SymbolDef,
    pub at: Place,
    /// Defined by a line a macro or `.irp` produced: `at` is inside the body.
    pub expanded: bool,
}

/// A translation unit as an editor sees it.
#[derive(Clone, Debug, Default)]
pub struct UnitOutline {
    /// As the front stage read them: the main file first, then each included file (and,
    /// for cpp output, the files its line markers name).
    pub files: Vec<SourceFile>,
    /// In code order.
    pub lines: Vec<LineBytes>,
    /// Sorted by file, then position.
    pub symbols: Vec<PlacedSymbol>,
    /// The unit's code (relocated fields zero), when it assembles without errors.
    pub code: Option<Vec<u8>>,
}

/// The file `path` names in an `.include` of the file named `from`, relative to its
/// directory (an absolute path as it is): where [`crate::unit::FsLoader`] looks first.
pub fn include_path(from: &str, path: &str) -> std::path::PathBuf {
    let p = std::path::Path::new(path);
    if p.is_absolute() {
        return p.to_path_buf();
    }
    std::path::Path::new(from)
        .parent()
        .map_or_else(|| p.to_path_buf(), |d| d.join(p))
}

/// Whether a context or one of its parents is a macro or `.irp` expansion.
fn in_expansion(ctxs: &[Ctx], mut ctx: Option<u32>) -> bool {
    while let Some(c) = ctx.and_then(|c| ctxs.get(c as usize)) {
        if !matches!(c.kind, CtxKind::Include) {
            return true;
        }
        ctx = c.parent;
    }
    false
}

/// The outermost place that used an expansion (the line a macro use is written on).
fn use_site(ctxs: &[Ctx], mut ctx: Option<u32>) -> Option<Place> {
    let mut at = None;
    while let Some(c) = ctx.and_then(|c| ctxs.get(c as usize)) {
        if !matches!(c.kind, CtxKind::Include) {
            at = Some(c.used_at);
        }
        ctx = c.parent;
    }
    at.map(|l| Place {
        file: l.file,
        off: l.off,
        line: l.line,
    })
}

fn segment(segments: &[Segment], off: usize) -> Option<&Segment> {
    let k = segments.partition_point(|s| s.out_start <= off);
    segments.get(k.checked_sub(1)?)
}

fn line_start(text: &str, off: usize) -> usize {
    let off = off.min(text.len());
    text.as_bytes()[..off]
        .iter()
        .rposition(|&c| c == b'\n')
        .map_or(0, |p| p + 1)
}

/// Places offsets of the expanded text in the files; the line count is carried from one
/// call to the next within a segment (callers go forward), so placing every line of a
/// long file stays linear.
#[derive(Default)]
struct Placer {
    /// (segment start in the output, file offset, line) of the last place.
    last: Option<(usize, usize, u32)>,
}

impl Placer {
    fn place(&mut self, files: &[SourceFile], s: &Segment, off: usize) -> Option<Place> {
        let text = &files.get(s.file as usize)?.text;
        let src = s.src_start.min(text.len());
        let mut o = (src + (off - s.out_start)).min(text.len());
        if !s.verbatim {
            // A substituted line: the same column inside the written line.
            o = o.min(text[src..].find('\n').map_or(text.len(), |p| src + p));
        }
        while !text.is_char_boundary(o) {
            o -= 1;
        }
        let ls = line_start(text, o).max(src);
        let (from, base) = match self.last {
            Some((seg, at, line)) if seg == s.out_start && at <= ls => (at, line),
            _ => (src, s.line),
        };
        let line = base
            .saturating_add(memchr::memchr_iter(b'\n', &text.as_bytes()[from..ls]).count() as u32);
        self.last = Some((s.out_start, ls, line));
        Some(Place {
            file: s.file,
            off: o,
            line,
        })
    }
}

/// Where `name` is written on the line holding `at`: the place itself when the name is
/// there, else the first whole-word occurrence on the line (a `.kernel NAME` label is
/// produced at the directive), else none.
fn name_on_line(text: &str, at: usize, name: &str) -> Option<usize> {
    let b = text.as_bytes();
    if text.get(at..at + name.len()) == Some(name) {
        return Some(at);
    }
    let ls = line_start(text, at);
    let le = text[ls..].find('\n').map_or(text.len(), |p| ls + p);
    let line = &text[ls..le];
    let mut from = 0;
    while let Some(p) = line[from..].find(name) {
        let s = ls + from + p;
        let e = s + name.len();
        let before = s == 0 || !is_ident_char(b[s - 1]);
        let after = e >= b.len() || !is_ident_char(b[e]);
        if before && after {
            return Some(s);
        }
        from += p + 1;
    }
    None
}

/// Run the front stage and the assembler over a unit (`externals`: names defined
/// elsewhere are relocations, as for an object) and place everything in its files.
pub fn outline_unit(main: SourceFile, loader: &dyn Loader, externals: bool) -> UnitOutline {
    let (mut exp, mut files, _) = Pre::new(loader).run_main(main, &[], false);
    let assemble = |exp: &Expanded, files: &[SourceFile], outline: &mut Outline| {
        let text = if exp.main_text {
            &files[0].text
        } else {
            &exp.text
        };
        let core = Core {
            externals,
            outline: Some(outline),
            ..Core::default()
        };
        assemble_core(text, core).map(|(a, x)| (a.code, x.hash_lines))
    };
    let mut outline = Outline::default();
    let mut code = assemble(&exp, &files, &mut outline);
    let seen = code.as_ref().map(|&(_, h)| h).map_err(|_| ());
    if exp.main_text && crate::preprocess::needs_lines(seen, &files[0].text) {
        // As the assembler does: `#` lines and numeric local labels are read line by line.
        let main = files.into_iter().next().unwrap_or_default();
        (exp, files, _) = Pre::new(loader).run_main(main, &[], true);
        outline = Outline::default();
        code = assemble(&exp, &files, &mut outline);
    }
    let mut lines = Vec::with_capacity(outline.placements.len());
    let mut placer = Placer::default();
    for p in &outline.placements {
        let Some(s) = segment(&exp.segments, p.line_start) else {
            continue;
        };
        let (at, expanded) = match use_site(&exp.ctxs, s.ctx) {
            Some(u) => (u, true),
            None => match placer.place(&files, s, p.line_start) {
                Some(at) => (at, false),
                None => continue,
            },
        };
        let at = Place {
            off: line_start(&files[at.file as usize].text, at.off),
            ..at
        };
        // The lines of one expansion, in code order, make one run on the use's line.
        if let Some(last) = lines.last_mut().filter(|l: &&mut LineBytes| {
            expanded && l.expanded && l.at == at && l.pc + l.size == p.pc
        }) {
            last.size += p.size;
            continue;
        }
        lines.push(LineBytes {
            at,
            pc: p.pc,
            size: p.size,
            expanded,
        });
    }
    let mut symbols = Vec::with_capacity(outline.symbols.len());
    let mut placer = Placer::default();
    for d in outline.symbols {
        if d.name.starts_with(SYNTH_PREFIX) {
            continue;
        }
        let Some(s) = segment(&exp.segments, d.start) else {
            continue;
        };
        let Some(mut at) = placer.place(&files, s, d.start) else {
            continue;
        };
        let ftext = &files[at.file as usize].text;
        if let Some(o) = name_on_line(ftext, at.off, &d.name) {
            at.off = o;
        }
        let len = d.end - d.start;
        symbols.push(PlacedSymbol {
            def: SymbolDef {
                start: at.off,
                end: (at.off + len).min(ftext.len()),
                ..d
            },
            at,
            expanded: in_expansion(&exp.ctxs, s.ctx),
        });
    }
    symbols.sort_by_key(|s| (s.at.file, s.at.off));
    UnitOutline {
        files,
        lines,
        symbols,
        code: code.ok().map(|(c, _)| c),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::source::NoIncludes;
    use crate::SymbolKind;

    #[test]
    fn symbols_and_lines_are_placed_in_the_written_text() {
        let src = ".macro two d\n    add \\d, v1, v2\n    add \\d, \\d, v2\n.endm\n.equ N, 4\n\
                   .kernel k\n    jr u62, 0\nback: two v3\n.if N\n    bz u1, back\n.endif\n.end_kernel\n";
        let main = SourceFile {
            name: "m.s".into(),
            text: src.into(),
            from_cpp: false,
        };
        let o = outline_unit(main, &NoIncludes, true);
        assert!(o.code.is_some());
        let at = |n: &str| {
            let s = o.symbols.iter().find(|s| s.def.name == n).unwrap();
            (
                &src[s.def.start..s.def.end],
                s.at.line,
                s.def.kind,
                s.expanded,
            )
        };
        assert_eq!(at("N"), ("N", 5, SymbolKind::Equ, false));
        assert_eq!(at("k"), ("k", 6, SymbolKind::Label, false));
        assert_eq!(at("back"), ("back", 8, SymbolKind::Label, false));
        let rows: Vec<(u32, u32, u32, bool)> = o
            .lines
            .iter()
            .map(|l| (l.at.line, l.pc, l.size, l.expanded))
            .collect();
        let nop = crate::assemble("jr u62, 0", &Default::default())
            .unwrap()
            .code
            .len() as u32;
        let add = crate::assemble("add v1, v2, v3", &Default::default())
            .unwrap()
            .code
            .len() as u32;
        assert_eq!(
            rows,
            vec![
                (7, 0, nop, false),
                (8, nop, 2 * add, true),
                (10, nop + 2 * add, rows[2].2, false)
            ]
        );
        assert_eq!(&src[o.lines[1].at.off..o.lines[1].at.off + 4], "back");
    }
}
