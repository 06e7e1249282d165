//! One assembly of a document: the assembler's diagnostics, where each line's bytes went,
//! every label and `.equ`; and the lookups the editor features share.

use crate::lex::{self, LexedLine, PieceKind, Tok};
use crate::text::Document;
use std::path::{Path, PathBuf};
use warpkit_asm::editor::{include_path, outline_unit, UnitOutline};
use warpkit_asm::unit::{FsLoader, UnitDiagnostics};
use warpkit_asm::{
    assemble, AsmOptions, Diagnostic, Includes, Loader, NoIncludes, Outline, Placement, Severity,
    SourceFile, SymbolDef,
};

/// A file of the unit besides the document (an included one).
#[derive(Clone, Debug, Default)]
pub struct UnitFile {
    pub path: PathBuf,
    pub text: String,
}

/// Where a place of the unit is: in the document, in one of [`Analysis::files`], or in
/// text the editor does not show (cpp's built-ins, a header cpp read).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Where {
    Doc(usize),
    File(usize, usize),
    Nowhere,
}

/// A `.macro` of the unit: its name where it is defined, and the parameter list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MacroDef {
    pub name: String,
    /// `None`: the document; else an index into [`Analysis::files`].
    pub file: Option<usize>,
    pub start: usize,
    pub end: usize,
    /// The `.macro` line's text after the name.
    pub params: String,
}

/// The assembler's view of a document's current text.
#[derive(Clone, Debug, Default)]
pub struct Analysis {
    /// Errors and warnings, sorted by position, exactly as `warpkit asm -f elf` reports
    /// them; one in another file sits on the `.include` or macro use that leads to it.
    pub diagnostics: Vec<Diagnostic>,
    /// For each diagnostic, where it really is when that is in another file: (file, start, end).
    pub elsewhere: Vec<Option<(usize, usize, usize)>>,
    /// Placements: the document's lines whose own text made bytes (keyed by line start);
    /// symbols: every label and `.equ` of the unit, each placed in its file.
    pub outline: Outline,
    /// For each of `outline.symbols`: `None` in the document, else its file.
    pub symbol_files: Vec<Option<usize>>,
    /// The document's lines that use a macro or `.irp`: the bytes their expansion made.
    pub uses: Vec<Placement>,
    /// The unit's code (relocated fields zero), when it assembles.
    pub code: Option<Vec<u8>>,
    pub files: Vec<UnitFile>,
    pub macros: Vec<MacroDef>,
    /// The document went through cpp (a `.S` file).
    pub cpp: bool,
}

/// The texts of the files open in the editor, by path: an open included file is read from
/// there, with its unsaved edits.
pub type OpenTexts<'a> = &'a dyn Fn(&Path) -> Option<String>;

/// Reads includes from the open documents first, then from disk, and keeps what it read.
struct EditorLoader<'a> {
    open: OpenTexts<'a>,
}

impl Loader for EditorLoader<'_> {
    fn load(&self, from: &str, path: &str) -> Result<(String, String), String> {
        let full = include_path(from, path);
        if let Some(t) = (self.open)(&full) {
            return Ok((full.to_string_lossy().into_owned(), t));
        }
        FsLoader.load(from, path)
    }
}

/// Places of cpp output in the document: for each output line, the document's line it
/// came from (0-based), if any.
struct CppLines {
    starts: Vec<usize>,
    doc_line: Vec<Option<u32>>,
}

impl CppLines {
    fn new(out: &str, name: &str) -> CppLines {
        let mut starts = Vec::new();
        let mut doc_line = Vec::new();
        let mut cur: Option<u32> = None;
        let mut pos = 0;
        for l in out.split_inclusive('\n') {
            starts.push(pos);
            pos += l.len();
            match marker(l) {
                Some((n, f)) => {
                    doc_line.push(None);
                    // The marker names the line after it.
                    cur = (f == name).then(|| n.saturating_sub(1));
                }
                None => {
                    doc_line.push(cur);
                    cur = cur.map(|c| c + 1);
                }
            }
        }
        CppLines { starts, doc_line }
    }

    fn doc_offset(&self, out: &str, off: usize, doc: &Document) -> Option<usize> {
        let k = self.starts.partition_point(|&s| s <= off).checked_sub(1)?;
        let line = (*self.doc_line.get(k)?)? as usize;
        let col = out.get(self.starts[k]..off)?.len();
        let (s, e) = doc.line_range(line)?;
        let mut o = (s + col).min(e);
        while !doc.text().is_char_boundary(o) {
            o -= 1;
        }
        Some(o)
    }
}

/// A cpp line marker `# 12 "file" 1`: the line and the name.
fn marker(l: &str) -> Option<(u32, &str)> {
    let r = l.strip_prefix('#')?.trim_start();
    let n = r.bytes().take_while(u8::is_ascii_digit).count();
    let line = r[..n].parse().ok()?;
    let r = r[n..].trim_start().strip_prefix('"')?;
    Some((line, &r[..r.find('"')?]))
}

/// Maps places of a unit's files to the document and the other files.
struct Locator<'a> {
    doc: &'a Document,
    units: &'a [SourceFile],
    /// For each unit file: `Some(i)` for `files[i]`.
    index: Vec<Option<usize>>,
    cpp: Option<CppLines>,
}

impl Locator<'_> {
    fn at(&self, file: u32, off: usize) -> Where {
        let f = file as usize;
        let Some(u) = self.units.get(f) else {
            return Where::Nowhere;
        };
        match (&self.cpp, f) {
            (Some(c), _) if u.from_cpp => c
                .doc_offset(&u.text, off, self.doc)
                .map_or(Where::Nowhere, Where::Doc),
            (None, 0) => Where::Doc(off.min(self.doc.text().len())),
            _ => match self.index.get(f).copied().flatten() {
                Some(i) => Where::File(i, off.min(u.text.len())),
                None => Where::Nowhere,
            },
        }
    }
}

impl Analysis {
    /// A document with no file around it: `.include` is an error, as for standard input.
    pub fn of(text: &str) -> Analysis {
        Analysis::of_file(text, None)
    }

    /// A document that may be a file: its includes are read from disk.
    pub fn of_file(text: &str, path: Option<&Path>) -> Analysis {
        Analysis::of_project(text, path, &|_| None)
    }

    /// The document as `warpkit asm -f elf` assembles it (includes read relative to `path`,
    /// an open included file's text taken from `open`, a `.S` through cpp): its
    /// diagnostics, and where its lines' bytes and its unit's symbols are.
    pub fn of_project(text: &str, path: Option<&Path>, open: OpenTexts) -> Analysis {
        let doc = Document::new(text.to_string());
        let name = path.map_or_else(|| "document".into(), |p| p.display().to_string());
        let cpp = path.is_some_and(|p| p.extension().is_some_and(|e| e == "S"));
        let main_text = if cpp {
            match warpkit_asm::cpp::cpp_text(&name, text, path.and_then(Path::parent)) {
                Ok(t) => t,
                Err(m) => {
                    return Analysis {
                        diagnostics: vec![Diagnostic {
                            severity: Severity::Error,
                            start: 0,
                            end: 0,
                            line: 1,
                            col: 1,
                            message: m,
                            hint: None,
                            related: None,
                        }],
                        elsewhere: vec![None],
                        cpp,
                        ..Analysis::default()
                    }
                }
            }
        } else {
            text.to_string()
        };
        let loader = EditorLoader { open };
        let loader: &dyn Loader = match path {
            Some(_) => &loader,
            None => &NoIncludes,
        };
        // The diagnostics `asm -f elf` gives (no line table: an editor has no use for it).
        let opts = AsmOptions {
            front: true,
            includes: Includes::With(loader),
            cpp_output: cpp,
            externals: true,
            ..AsmOptions::named(&name)
        };
        let unit = assemble(&main_text, &opts);
        let main = SourceFile {
            name: name.clone(),
            text: main_text,
            from_cpp: cpp,
        };
        let o = outline_unit(main, loader, true);
        let mut an = Analysis {
            cpp,
            ..Analysis::default()
        };
        let index = an.take_files(&o);
        let loc = Locator {
            doc: &doc,
            units: &o.files,
            index,
            cpp: cpp.then(|| CppLines::new(&o.files[0].text, &name)),
        };
        an.place_outline(&o, &loc);
        let diags = match &unit {
            Ok(u) => &u.warnings,
            Err(d) => d,
        };
        an.place_diagnostics(diags, &doc, &name);
        an.code = o.code.filter(|_| unit.is_ok());
        an.find_macros(&doc);
        an
    }

    /// The included files of an outline (not the document, nor cpp's); their index map.
    fn take_files(&mut self, o: &UnitOutline) -> Vec<Option<usize>> {
        let mut index = vec![None; o.files.len()];
        for (i, f) in o.files.iter().enumerate().skip(1) {
            if f.from_cpp {
                continue;
            }
            index[i] = Some(self.files.len());
            self.files.push(UnitFile {
                path: PathBuf::from(&f.name),
                text: f.text.clone(),
            });
        }
        index
    }

    fn place_outline(&mut self, o: &UnitOutline, loc: &Locator) {
        let doc = loc.doc;
        let line_start = |off: usize| doc.line_range(doc.line_of(off)).map_or(0, |r| r.0);
        for l in &o.lines {
            let Where::Doc(at) = loc.at(l.at.file, l.at.off) else {
                continue;
            };
            let p = Placement {
                line_start: line_start(at),
                pc: l.pc,
                size: l.size,
            };
            if l.expanded {
                self.uses.push(p);
            } else {
                self.outline.placements.push(p);
            }
        }
        self.outline.placements.sort_by_key(|p| p.line_start);
        self.outline.placements.dedup_by_key(|p| p.line_start);
        self.uses.sort_by_key(|p| p.line_start);
        for s in &o.symbols {
            let (file, start) = match loc.at(s.at.file, s.at.off) {
                Where::Doc(a) => (None, a),
                Where::File(i, a) => (Some(i), a),
                Where::Nowhere => continue,
            };
            let len = s.def.end - s.def.start;
            self.outline.symbols.push(SymbolDef {
                start,
                end: start + len,
                ..s.def.clone()
            });
            self.symbol_files.push(file);
        }
    }

    /// A unit's diagnostics placed in the document: one in an included file goes on the
    /// `.include` that leads to it, its own place named in the message (as `warpkit asm`
    /// prints it) and kept in [`Analysis::elsewhere`]; the expansion chain follows as notes.
    fn place_diagnostics(&mut self, d: &UnitDiagnostics, doc: &Document, name: &str) {
        let index: Vec<Option<usize>> = d
            .files
            .iter()
            .map(|f| {
                (!f.from_cpp)
                    .then(|| self.files.iter().position(|x| x.path == Path::new(&f.name)))
                    .flatten()
            })
            .collect();
        let loc = Locator {
            doc,
            units: &d.files,
            index,
            cpp: self
                .cpp
                .then(|| d.files.first().map(|f| CppLines::new(&f.text, name)))
                .flatten(),
        };
        let len = doc.text().len();
        for u in &d.list {
            let mut message = u.message.clone();
            let main_at = match loc.at(0, u.main_at.unwrap_or(0)) {
                Where::Doc(a) => a,
                _ => 0,
            };
            let (start, end, other) = match loc.at(u.file, u.start) {
                Where::Doc(a) => (a, (a + u.end.saturating_sub(u.start)).min(len), None),
                w => {
                    if let Some(f) = d.files.get(u.file as usize) {
                        let off = u.start.min(f.text.len());
                        let col = f.text.get(..off).map_or(1, |t| {
                            t.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1
                        });
                        message.push_str(&format!("\n--> {}:{}:{col}", f.name, u.line));
                    }
                    let other = match w {
                        Where::File(i, a) => {
                            Some((i, a, (a + u.end.saturating_sub(u.start)).max(a)))
                        }
                        _ => None,
                    };
                    (main_at, main_at, other)
                }
            };
            for n in &u.notes {
                message.push_str("\nnote: ");
                message.push_str(n);
            }
            let related = u.related.as_ref().and_then(|(s, e, l, m)| {
                let Where::Doc(a) = loc.at(u.file, *s) else {
                    return None;
                };
                Some(warpkit_asm::Related {
                    start: a,
                    end: (a + e.saturating_sub(*s)).min(len),
                    line: *l as usize,
                    col: 1,
                    message: m.clone(),
                })
            });
            self.diagnostics.push(Diagnostic {
                severity: u.severity,
                start,
                end,
                line: u.line as usize,
                col: 1,
                message,
                hint: u.hint.clone(),
                related,
            });
            self.elsewhere.push(other);
        }
    }

    /// The `.macro` lines of the document and of its files.
    fn find_macros(&mut self, doc: &Document) {
        let mut found = Vec::new();
        macros_in(doc.text(), None, &mut found);
        for (i, f) in self.files.iter().enumerate() {
            macros_in(&f.text, Some(i), &mut found);
        }
        self.macros = found;
    }

    pub fn symbol(&self, name: &str) -> Option<&SymbolDef> {
        self.outline.symbol(name)
    }

    /// A symbol's definition: its file (`None`: the document) and name range.
    pub fn definition(&self, name: &str) -> Option<(Option<usize>, usize, usize)> {
        let i = self.outline.symbols.iter().position(|s| s.name == name)?;
        let s = &self.outline.symbols[i];
        Some((self.symbol_files[i], s.start, s.end))
    }

    /// The macro a word names (macro names ignore case, as in GNU as).
    pub fn macro_named(&self, word: &str) -> Option<&MacroDef> {
        self.macros.iter().find(|m| m.name == word).or_else(|| {
            self.macros
                .iter()
                .find(|m| m.name.eq_ignore_ascii_case(word))
        })
    }

    /// The placement of a line that uses a macro or `.irp`.
    pub fn use_at(&self, line_start: usize) -> Option<&Placement> {
        self.uses
            .binary_search_by_key(&line_start, |p| p.line_start)
            .ok()
            .map(|i| &self.uses[i])
    }

    /// The text of a file of the unit (`None`: the document's own, which the caller has).
    pub fn file_text(&self, file: usize) -> &str {
        self.files.get(file).map_or("", |f| f.text.as_str())
    }

    /// The file an `.include` at byte `offset` of the document names, if the cursor is on
    /// its quoted path.
    pub fn include_at(&self, doc: &Document, path: &Path, offset: usize) -> Option<PathBuf> {
        let text = doc.text();
        let l = line_at(doc, offset);
        let (ws, we) = l.word?;
        if !text[ws..we].eq_ignore_ascii_case(".include") {
            return None;
        }
        let o = l.operands.first()?;
        if offset < o.start || offset > o.end {
            return None;
        }
        let p = text[o.start..o.end].strip_prefix('"')?.strip_suffix('"')?;
        let full = include_path(&path.display().to_string(), p);
        // The name the front stage read it under, else the file as it would be looked for.
        Some(
            self.files
                .iter()
                .find(|f| f.path == full)
                .map_or(full, |f| f.path.clone()),
        )
    }
}

/// The `.macro NAME ...` lines of `text`.
fn macros_in(text: &str, file: Option<usize>, out: &mut Vec<MacroDef>) {
    for (s, e) in lex::line_ranges(text) {
        let line = &text[s..e];
        let Some(p) = memchr::memmem::find(line.as_bytes(), b".macro") else {
            continue;
        };
        let l = lex::line(text, s, e);
        let Some((ws, we)) = l.word else { continue };
        if ws != s + p || !text[ws..we].eq_ignore_ascii_case(".macro") {
            continue;
        }
        let b = text.as_bytes();
        let mut ns = we;
        while ns < l.code_end && b[ns].is_ascii_whitespace() {
            ns += 1;
        }
        let mut ne = ns;
        while ne < l.code_end && lex::is_name_char(b[ne]) {
            ne += 1;
        }
        if ne == ns {
            continue;
        }
        out.push(MacroDef {
            name: text[ns..ne].to_string(),
            file,
            start: ns,
            end: ne,
            params: text[ne..l.code_end]
                .trim()
                .trim_start_matches(',')
                .trim()
                .to_string(),
        });
    }
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
    occurrences_of(text, name, false)
}

/// Like [`occurrences`]; with `words`, also mnemonic pieces (macro uses), in any case.
pub fn occurrences_of(text: &str, name: &str, words: bool) -> Vec<Tok> {
    let mut out = Vec::new();
    let mut toks = Vec::new();
    let lower = name.to_ascii_lowercase();
    for (s, e) in lex::line_ranges(text) {
        // Most lines do not mention the name: one substring search before lexing.
        let line = &text.as_bytes()[s..e];
        let found = memchr::memmem::find(line, name.as_bytes()).is_some()
            || (words
                && line
                    .to_ascii_lowercase()
                    .windows(lower.len())
                    .any(|w| w == lower.as_bytes()));
        if !found {
            continue;
        }
        let l = lex::line(text, s, e);
        toks.clear();
        lex::tokens(text, &l, &mut toks);
        out.extend(toks.iter().filter(|t| match t.kind {
            PieceKind::Name | PieceKind::LabelDef => &text[t.start..t.end] == name,
            PieceKind::Mnemonic if words => text[t.start..t.end].eq_ignore_ascii_case(name),
            _ => false,
        }));
    }
    out
}
