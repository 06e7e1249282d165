//! The assembler's front stage for real code: `.include`, `.macro`/`.endm`, `.irp`/`.endr`,
//! `.if`/`.ifdef`/`.ifndef`/`.else`/`.endif`, and the symbol directives (`.globl`, `.kernel`,
//! ...; see `directives.rs`). It turns a file and what it includes into one text for the
//! two-pass assembler, and keeps a map from every line of that text back to its file, line
//! and expansion context (which macro, used where), so diagnostics and the line table name
//! the original place.

use crate::diagnostic::Severity;
use crate::directives::{self, Decl, Front};
use crate::origin::{Ctx, CtxKind, Loc, Segment, UnitDiag};
use crate::source::{Loader, SourceFile};
use crate::syntax::split_args;
use std::collections::{HashMap, HashSet};

/// Deepest `.include` nesting.
pub(crate) const MAX_INCLUDE_DEPTH: usize = 32;
/// Deepest macro expansion nesting (a macro that uses itself without end stops here).
pub(crate) const MAX_EXPANSION_DEPTH: usize = 64;
/// Bytes of expanded text at most: memory stays bounded whatever the macros do.
pub(crate) const MAX_EXPANDED_BYTES: usize = 1 << 30;

/// The result: one text for the assembler and the way back.
pub(crate) struct Expanded {
    /// Empty when [`Expanded::main_text`].
    pub text: String,
    /// The text is the main file's own, unchanged: it stays there, not copied.
    pub main_text: bool,
    pub segments: Vec<Segment>,
    pub ctxs: Vec<Ctx>,
    pub decls: Vec<(Decl, Loc, Option<u32>)>,
    /// `.equ`/`.set` values the front stage could evaluate (for `.size`).
    pub equs: HashMap<String, i64>,
}

struct Macro {
    params: Vec<(String, Option<String>)>,
    body: Vec<BodyLine>,
    def: Loc,
}

/// A line of a macro or `.irp` body, with where it was written.
#[derive(Clone)]
struct BodyLine {
    text: String,
    at: Loc,
}

/// One open conditional.
struct Cond {
    /// This branch is being assembled.
    active: bool,
    /// Some branch of the chain was taken (an `.else` then is inactive).
    taken: bool,
    /// The whole conditional sits in an inactive region.
    outer_inactive: bool,
    seen_else: bool,
    at: Loc,
}

/// What a multi-line block collects until its end directive.
enum Collect {
    Macro {
        name: String,
        params: Vec<(String, Option<String>)>,
        def: Loc,
        body: Vec<BodyLine>,
        nesting: u32,
    },
    Irp {
        var: String,
        values: Vec<String>,
        at: Loc,
        body: Vec<BodyLine>,
        nesting: u32,
    },
}

pub(crate) struct Pre<'l> {
    pub files: Vec<SourceFile>,
    pub diags: Vec<UnitDiag>,
    loader: &'l mut dyn Loader,
    out: String,
    out_lines: u32,
    segments: Vec<Segment>,
    ctxs: Vec<Ctx>,
    macros: HashMap<String, Macro>,
    equs: HashMap<String, i64>,
    labels: HashSet<String>,
    decls: Vec<(Decl, Loc, Option<u32>)>,
    /// Files being read, innermost last (include cycles).
    include_stack: Vec<u32>,
    expansion_depth: usize,
    expansions: u64,
    synth: u32,
    overflow: bool,
    /// An open `.kernel`: its name and where.
    pub open_kernel: Option<(String, Loc)>,
}

/// A line's first word (start, end) and the text after it.
type Word<'a> = (usize, usize, &'a str);

/// The labels (start, end) of a line and its first word after them; `None` for a line of
/// labels only.
fn split_line(text: &str) -> (Vec<(usize, usize)>, Option<Word<'_>>) {
    let (labels, word) = crate::lexline::labels_and_word(text);
    (labels, word.map(|(s, e)| (s, e, &text[e..])))
}

/// The text before a `;` or `//` comment (outside double quotes).
pub(crate) fn strip_comment(s: &str) -> &str {
    let b = s.as_bytes();
    let mut q = false;
    for i in 0..b.len() {
        match b[i] {
            b'"' => q = !q,
            b';' if !q => return &s[..i],
            b'/' if !q && b.get(i + 1) == Some(&b'/') => return &s[..i],
            _ => {}
        }
    }
    s
}

fn is_name(s: &str) -> bool {
    let b = s.as_bytes();
    !b.is_empty()
        && (b[0].is_ascii_alphabetic() || b[0] == b'_' || b[0] == b'.')
        && b.iter()
            .all(|&c| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'.' | b'$'))
}

/// Replace `\name` by its value, `\@` by the expansion number and `\()` by nothing.
fn substitute(line: &str, vals: &[(String, String)], count: u64) -> Result<String, String> {
    if !line.contains('\\') {
        return Ok(line.to_string());
    }
    let mut out = String::with_capacity(line.len() + 16);
    let b = line.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i] != b'\\' {
            let st = i;
            while i < b.len() && b[i] != b'\\' {
                i += 1;
            }
            out.push_str(&line[st..i]);
            continue;
        }
        let rest = &line[i + 1..];
        if rest.starts_with('@') {
            out.push_str(&count.to_string());
            i += 2;
        } else if rest.starts_with("()") {
            i += 3;
        } else {
            let n = rest
                .bytes()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == b'_' || *c == b'$')
                .count();
            let name = &rest[..n];
            match vals.iter().find(|(k, _)| k == name) {
                Some((_, v)) if n > 0 => {
                    out.push_str(v);
                    i += 1 + n;
                }
                _ => {
                    return Err(if n == 0 {
                        "`\\` outside a parameter reference".into()
                    } else {
                        format!("`\\{name}` is not a parameter here")
                    })
                }
            }
        }
    }
    Ok(out)
}

/// Directive words the front stage handles (lowercase).
const BLOCK_WORDS: &[&str] = &[
    ".macro", ".endm", ".irp", ".endr", ".include", ".if", ".ifdef", ".ifndef", ".else", ".elseif",
    ".endif",
];

/// The front stage's result for a file that uses none of its constructs, without looking at
/// it line by line: the text itself (newline-terminated) as one verbatim segment. `None` when
/// the file may use one: a word of [`BLOCK_WORDS`] or a symbol directive anywhere (even in a
/// comment: such a file just takes the line-by-line path), cpp output, a byte-order mark or
/// a carriage return (both change offsets), or a size the line-by-line path would refuse.
fn pass_through(f: &SourceFile) -> Option<Expanded> {
    let t = f.text.as_bytes();
    if f.from_cpp
        || t.len() + 1 > MAX_EXPANDED_BYTES
        || f.text.starts_with('\u{feff}')
        || memchr::memchr(b'\r', t).is_some()
    {
        return None;
    }
    let word_byte = |c: u8| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'.' | b'$');
    let mut buf = [0u8; 16];
    for p in memchr::memchr_iter(b'.', t) {
        if p > 0 && word_byte(t[p - 1]) {
            continue;
        }
        let n = t[p..].iter().take_while(|&&c| word_byte(c)).count();
        // Every word looked for is shorter than the buffer.
        if n >= buf.len() {
            continue;
        }
        buf[..n].copy_from_slice(&t[p..p + n]);
        buf[..n].make_ascii_lowercase();
        let w = std::str::from_utf8(&buf[..n]).unwrap_or("");
        if BLOCK_WORDS.contains(&w) || directives::is_symbol_directive(w) {
            return None;
        }
    }
    // A last line without its newline gets one from the line-by-line path: that text is
    // not the file's.
    if !f.text.is_empty() && !f.text.ends_with('\n') {
        return None;
    }
    let segments = if f.text.is_empty() {
        Vec::new()
    } else {
        vec![Segment {
            out_line: 0,
            out_start: 0,
            file: 0,
            line: 1,
            src_start: 0,
            ctx: None,
            verbatim: true,
        }]
    };
    Some(Expanded {
        text: String::new(),
        main_text: true,
        segments,
        ctxs: Vec::new(),
        decls: Vec::new(),
        equs: HashMap::new(),
    })
}

impl<'l> Pre<'l> {
    pub(crate) fn new(loader: &'l mut dyn Loader) -> Pre<'l> {
        Pre {
            files: Vec::new(),
            diags: Vec::new(),
            loader,
            out: String::new(),
            out_lines: 0,
            segments: Vec::new(),
            ctxs: Vec::new(),
            macros: HashMap::new(),
            equs: HashMap::new(),
            labels: HashSet::new(),
            decls: Vec::new(),
            include_stack: Vec::new(),
            expansion_depth: 0,
            expansions: 0,
            synth: 0,
            overflow: false,
            open_kernel: None,
        }
    }

    /// Run the front stage over the main file.
    pub(crate) fn run_main(
        mut self,
        main: SourceFile,
    ) -> (Expanded, Vec<SourceFile>, Vec<UnitDiag>) {
        if let Some(exp) = pass_through(&main) {
            self.files.push(main);
            return (exp, self.files, self.diags);
        }
        self.files.push(main);
        self.run_file(0, None);
        if let Some((k, at)) = self.open_kernel.take() {
            self.error(
                at,
                k.len(),
                None,
                format!("kernel `{k}` has no .end_kernel"),
            );
        }
        (
            Expanded {
                text: self.out,
                main_text: false,
                segments: self.segments,
                ctxs: self.ctxs,
                decls: self.decls,
                equs: self.equs,
            },
            self.files,
            self.diags,
        )
    }

    /// Add a file the loader read (a `.S` file already through cpp sets `from_cpp`).
    pub(crate) fn add_file(&mut self, f: SourceFile) -> u32 {
        self.files.push(f);
        (self.files.len() - 1) as u32
    }

    fn emit(&mut self, text: &str, at: Loc, ctx: Option<u32>, verbatim: bool) {
        if self.overflow {
            return;
        }
        if self.out.len() + text.len() + 1 > MAX_EXPANDED_BYTES {
            self.overflow = true;
            self.error(
                at,
                0,
                ctx,
                format!(
                    "the expanded program is larger than {} MiB (a macro or .irp that \
                     expands without end?)",
                    MAX_EXPANDED_BYTES >> 20
                ),
            );
            return;
        }
        let extend = verbatim
            && self.segments.last().is_some_and(|s| {
                s.verbatim
                    && s.file == at.file
                    && s.ctx == ctx
                    && s.line + (self.out_lines - s.out_line) == at.line
                    && s.src_start + (self.out.len() - s.out_start) == at.off
            });
        if !extend {
            self.segments.push(Segment {
                out_line: self.out_lines,
                out_start: self.out.len(),
                file: at.file,
                line: at.line,
                src_start: at.off,
                ctx,
                verbatim,
            });
        }
        self.out.push_str(text);
        self.out.push('\n');
        self.out_lines += 1;
    }

    fn run_file(&mut self, file: u32, ctx: Option<u32>) {
        self.include_stack.push(file);
        let text = std::mem::take(&mut self.files[file as usize].text);
        let from_cpp = self.files[file as usize].from_cpp;
        // (start, end, place) of every line; cpp's line markers set the presumed file and
        // line of the lines after them.
        let mut lines: Vec<(usize, usize, Option<Loc>)> = Vec::new();
        let mut st = if text.starts_with('\u{feff}') { 3 } else { 0 };
        let mut line_no = 1u32;
        let mut cur_file = file;
        let mut delta: i64 = 0;
        let tb = text.as_bytes();
        while st < text.len() {
            let end = memchr::memchr(b'\n', &tb[st..]).map_or(text.len(), |p| st + p);
            let body = &text[st..end];
            let marker = if from_cpp && body.starts_with('#') {
                line_marker(body)
            } else {
                None
            };
            match marker {
                Some((n, name)) => {
                    delta = n as i64 - (line_no as i64 + 1);
                    cur_file = match self.files.iter().position(|f| f.name == name && f.from_cpp) {
                        Some(i) if i as u32 != file => i as u32,
                        _ if name == self.files[file as usize].name => file,
                        _ => {
                            // The same text under the presumed name: offsets stay valid.
                            self.files.push(SourceFile {
                                name: name.to_string(),
                                text: text.clone(),
                                from_cpp: true,
                            });
                            (self.files.len() - 1) as u32
                        }
                    };
                    lines.push((st, end, None));
                }
                None => lines.push((
                    st,
                    end,
                    Some(Loc {
                        file: cur_file,
                        off: st,
                        line: (line_no as i64 + delta).clamp(1, u32::MAX as i64) as u32,
                    }),
                )),
            }
            line_no = line_no.saturating_add(1);
            st = end + 1;
        }
        let mut conds = Vec::new();
        let mut collect = None;
        for (s, e, at) in lines {
            let Some(at) = at else {
                continue;
            };
            let t = &text[s..e];
            let t = t.strip_suffix('\r').unwrap_or(t);
            self.line(t, at, ctx, true, &mut conds, &mut collect);
            if self.overflow {
                break;
            }
        }
        self.files[file as usize].text = text;
        self.finish_block(conds, collect, ctx);
        self.include_stack.pop();
    }

    /// Errors for blocks still open at the end of a file or a body.
    fn finish_block(&mut self, conds: Vec<Cond>, collect: Option<Collect>, ctx: Option<u32>) {
        for c in conds {
            self.error(c.at, 3, ctx, "this .if has no .endif".into());
        }
        match collect {
            Some(Collect::Macro { name, def, .. }) => {
                self.error(def, 6, ctx, format!("macro `{name}` has no .endm"))
            }
            Some(Collect::Irp { at, .. }) => {
                self.error(at, 4, ctx, "this .irp has no .endr".into())
            }
            None => {}
        }
    }

    /// One line of a file (`verbatim`) or of an expanded body.
    fn line(
        &mut self,
        raw: &str,
        at: Loc,
        ctx: Option<u32>,
        verbatim: bool,
        conds: &mut Vec<Cond>,
        collect: &mut Option<Collect>,
    ) {
        let code = strip_comment(raw);
        let (labels, word) = split_line(code);
        let word_lc = word.map(|(s, e, _)| code[s..e].to_ascii_lowercase());
        let wl = word_lc.as_deref().unwrap_or("");

        // Inside a .macro or .irp body: collect until the matching end.
        if let Some(c) = collect {
            let (nesting, is_end, opens) = match c {
                Collect::Macro { nesting, .. } => (nesting, wl == ".endm", wl == ".macro"),
                Collect::Irp { nesting, .. } => (nesting, wl == ".endr", wl == ".irp"),
            };
            if opens {
                *nesting += 1;
            } else if is_end {
                if *nesting == 0 {
                    let done = collect.take();
                    self.close_block(done, at, ctx);
                    return;
                }
                *nesting -= 1;
            }
            let body = match collect {
                Some(Collect::Macro { body, .. }) | Some(Collect::Irp { body, .. }) => body,
                None => return,
            };
            body.push(BodyLine {
                text: raw.to_string(),
                at,
            });
            return;
        }

        let active = conds.last().is_none_or(|c| c.active);
        // Conditionals are followed even in inactive regions.
        match wl {
            ".if" | ".ifdef" | ".ifndef" => {
                let (ws, we, rest) = word.unwrap_or((0, 0, ""));
                let wat = Loc {
                    off: at.off + ws,
                    ..at
                };
                let value = if active {
                    self.condition(wl, rest.trim(), wat, we - ws, ctx)
                } else {
                    false
                };
                conds.push(Cond {
                    active: active && value,
                    taken: value,
                    outer_inactive: !active,
                    seen_else: false,
                    at: wat,
                });
                return;
            }
            ".else" | ".elseif" => {
                let (ws, we, rest) = word.unwrap_or((0, 0, ""));
                let wat = Loc {
                    off: at.off + ws,
                    ..at
                };
                let Some(c) = conds.last_mut() else {
                    self.error(wat, we - ws, ctx, format!("{wl} without .if"));
                    return;
                };
                if c.seen_else {
                    self.error(wat, we - ws, ctx, format!("{wl} after .else"));
                    return;
                }
                let (outer, taken) = (c.outer_inactive, c.taken);
                let v = if wl == ".else" {
                    !taken
                } else if !taken && !outer {
                    self.condition(".if", rest.trim(), wat, we - ws, ctx)
                } else {
                    false
                };
                let c = conds.last_mut().expect("checked above");
                c.seen_else = wl == ".else";
                c.active = !outer && v;
                c.taken |= v;
                return;
            }
            ".endif" => {
                if conds.pop().is_none() {
                    let (ws, we, _) = word.unwrap_or((0, 0, ""));
                    self.error(
                        Loc {
                            off: at.off + ws,
                            ..at
                        },
                        we - ws,
                        ctx,
                        ".endif without .if".into(),
                    );
                }
                return;
            }
            _ => {}
        }
        if !active {
            return;
        }
        for &(s, e) in &labels {
            self.labels.insert(code[s..e].to_string());
        }
        let Some((ws, we, rest)) = word else {
            self.emit(raw, at, ctx, verbatim);
            return;
        };
        let wat = Loc {
            off: at.off + ws,
            ..at
        };
        let wlen = we - ws;
        let is_block = BLOCK_WORDS.contains(&wl) || self.macros.contains_key(&code[ws..we]);
        let is_decl = directives::is_symbol_directive(wl);
        if (is_block || is_decl) && !labels.is_empty() {
            // The labels before a block directive stay where they are.
            let upto = labels.last().map_or(0, |l| l.1 + 1);
            self.emit(&code[..upto], at, ctx, false);
        }
        match wl {
            ".macro" => {
                let args = split_args(&rest.replace(' ', ","));
                let args: Vec<String> = args.into_iter().filter(|a| !a.is_empty()).collect();
                let Some(name) = args.first().cloned() else {
                    self.error(wat, wlen, ctx, ".macro needs a name".into());
                    return;
                };
                let mut params = Vec::new();
                for p in &args[1..] {
                    let (n, d) = match p.split_once('=') {
                        Some((n, d)) => (n.trim().to_string(), Some(d.trim().to_string())),
                        None => (p.trim().to_string(), None),
                    };
                    if !is_name(&n) || n.contains('.') {
                        self.error(
                            wat,
                            wlen,
                            ctx,
                            format!("`{n}` is not a valid parameter name"),
                        );
                        return;
                    }
                    params.push((n, d));
                }
                let lower = name.to_ascii_lowercase();
                if !is_name(&name) {
                    self.error(
                        wat,
                        wlen,
                        ctx,
                        format!("`{name}` is not a valid macro name"),
                    );
                } else if warpkit_isa::lookup(&lower).is_some() || lower.starts_with('.') {
                    self.error_hint(
                        wat,
                        wlen,
                        ctx,
                        format!("macro `{name}` would hide an instruction or directive"),
                        Some("give the macro another name".into()),
                    );
                }
                *collect = Some(Collect::Macro {
                    name,
                    params,
                    def: wat,
                    body: Vec::new(),
                    nesting: 0,
                });
            }
            ".irp" => {
                let args = split_args(rest);
                let Some(var) = args.first().cloned().filter(|v| is_name(v)) else {
                    self.error_hint(
                        wat,
                        wlen,
                        ctx,
                        ".irp needs a parameter name and values".into(),
                        Some(".irp r, v1, v2, v3".into()),
                    );
                    return;
                };
                *collect = Some(Collect::Irp {
                    var,
                    values: args[1..].to_vec(),
                    at: wat,
                    body: Vec::new(),
                    nesting: 0,
                });
            }
            ".endm" | ".endr" => {
                self.error(wat, wlen, ctx, format!("{wl} without an open block"));
            }
            ".include" => self.include(rest.trim(), wat, wlen, ctx),
            _ if is_decl => directives::handle(self, wl, rest, wat, wlen, ctx),
            _ if self.macros.contains_key(&code[ws..we]) => {
                self.expand(&code[ws..we], rest, wat, wlen, ctx)
            }
            // `.equ`/`.set` may give a name a new value: later `.if`s see it. `.equiv` of a
            // name already defined is the assembler's error, and keeps the old value.
            ".equ" | ".set" | ".equiv" => {
                let a = split_args(rest);
                if a.len() == 2 && !(wl == ".equiv" && self.equs.contains_key(&a[0])) {
                    if let Ok(v) = crate::expr::eval_const(&a[1], &self.equs) {
                        self.equs.insert(a[0].clone(), v);
                    }
                }
                self.emit(raw, at, ctx, verbatim);
            }
            _ => self.emit(raw, at, ctx, verbatim),
        }
    }

    /// The value of a `.if`/`.ifdef`/`.ifndef` condition.
    fn condition(&mut self, wl: &str, rest: &str, at: Loc, len: usize, ctx: Option<u32>) -> bool {
        match wl {
            ".ifdef" | ".ifndef" => {
                if !is_name(rest) {
                    self.error(at, len, ctx, format!("{wl} needs one symbol name"));
                    return false;
                }
                let def = self.equs.contains_key(rest)
                    || self.labels.contains(rest)
                    || self.macros.contains_key(rest);
                def == (wl == ".ifdef")
            }
            _ => match crate::expr::eval_const(rest, &self.equs) {
                Ok(v) => v != 0,
                Err(m) => {
                    self.error_hint(
                        at,
                        len,
                        ctx,
                        format!(".if: {m}"),
                        Some(".if takes numbers and .equ/.set names defined before it".into()),
                    );
                    false
                }
            },
        }
    }

    fn close_block(&mut self, done: Option<Collect>, end_at: Loc, ctx: Option<u32>) {
        match done {
            Some(Collect::Macro {
                name,
                params,
                def,
                body,
                ..
            }) => {
                if let Some(m) = self.macros.get(&name) {
                    let first = m.def;
                    let notes = vec![format!(
                        "first defined at {}",
                        crate::origin::loc_text(&self.files, first)
                    )];
                    self.diags.push(UnitDiag {
                        severity: Severity::Error,
                        file: def.file,
                        start: def.off,
                        end: def.off + 6,
                        line: def.line,
                        message: format!("macro `{name}` is defined twice"),
                        hint: None,
                        related: None,
                        notes,
                        main_at: crate::origin::main_at(&self.ctxs, def, ctx),
                    });
                    return;
                }
                self.macros.insert(name, Macro { params, body, def });
            }
            Some(Collect::Irp {
                var,
                values,
                at,
                body,
                ..
            }) => {
                let c = self.push_ctx(CtxKind::Irp, at, ctx);
                for v in values {
                    let vals = [(var.clone(), v)];
                    if !self.run_body(&body, &vals, Some(c)) {
                        break;
                    }
                }
            }
            None => {}
        }
        let _ = end_at;
    }

    fn push_ctx(&mut self, kind: CtxKind, used_at: Loc, parent: Option<u32>) -> u32 {
        self.ctxs.push(Ctx {
            kind,
            used_at,
            parent,
        });
        (self.ctxs.len() - 1) as u32
    }

    /// Expand body lines with parameter values; false when expansion must stop.
    fn run_body(&mut self, body: &[BodyLine], vals: &[(String, String)], ctx: Option<u32>) -> bool {
        if self.expansion_depth >= MAX_EXPANSION_DEPTH {
            let at = body.first().map_or(
                Loc {
                    file: 0,
                    off: 0,
                    line: 1,
                },
                |b| b.at,
            );
            self.error_hint(
                at,
                0,
                ctx,
                format!("macro expansion nested more than {MAX_EXPANSION_DEPTH} deep"),
                Some("a macro that uses itself needs an .if that ends it".into()),
            );
            return false;
        }
        self.expansion_depth += 1;
        self.expansions += 1;
        let count = self.expansions;
        let mut conds = Vec::new();
        let mut collect = None;
        for b in body {
            let text = match substitute(&b.text, vals, count) {
                Ok(t) => t,
                Err(m) => {
                    self.error(b.at, 0, ctx, m);
                    continue;
                }
            };
            let verbatim = text == b.text;
            self.line(&text, b.at, ctx, verbatim, &mut conds, &mut collect);
            if self.overflow {
                break;
            }
        }
        self.finish_block(conds, collect, ctx);
        self.expansion_depth -= 1;
        !self.overflow
    }

    fn expand(&mut self, name: &str, rest: &str, at: Loc, len: usize, ctx: Option<u32>) {
        let Some(m) = self.macros.get(name) else {
            return;
        };
        let (params, body, def) = (m.params.clone(), m.body.clone(), m.def);
        let args = split_args(rest);
        if args.len() > params.len() {
            self.error_hint(
                at,
                len,
                ctx,
                format!(
                    "macro `{name}` takes {} argument{}, {} given",
                    params.len(),
                    if params.len() == 1 { "" } else { "s" },
                    args.len()
                ),
                Some(format!(
                    "defined at {}",
                    crate::origin::loc_text(&self.files, def)
                )),
            );
            return;
        }
        let mut vals = Vec::new();
        for (i, (p, d)) in params.iter().enumerate() {
            let v = match args.get(i) {
                Some(a) if !a.is_empty() => a.clone(),
                _ => match d {
                    Some(d) => d.clone(),
                    None => {
                        self.error_hint(
                            at,
                            len,
                            ctx,
                            format!("macro `{name}` needs a value for `{p}`"),
                            Some(format!(
                                "defined at {}",
                                crate::origin::loc_text(&self.files, def)
                            )),
                        );
                        return;
                    }
                },
            };
            vals.push((p.clone(), v));
        }
        let c = self.push_ctx(
            CtxKind::Macro {
                name: name.to_string(),
                def,
            },
            at,
            ctx,
        );
        self.run_body(&body, &vals, Some(c));
    }

    fn include(&mut self, arg: &str, at: Loc, len: usize, ctx: Option<u32>) {
        let Some(path) = arg
            .strip_prefix('"')
            .and_then(|a| a.strip_suffix('"'))
            .filter(|p| !p.is_empty())
        else {
            self.error_hint(
                at,
                len,
                ctx,
                ".include needs a quoted file name".into(),
                Some(".include \"macros.inc\"".into()),
            );
            return;
        };
        if self.include_stack.len() >= MAX_INCLUDE_DEPTH {
            self.error(
                at,
                len,
                ctx,
                format!(".include nested more than {MAX_INCLUDE_DEPTH} deep"),
            );
            return;
        }
        let from = self.files[at.file as usize].name.clone();
        let loaded = self.loader.load(&from, path);
        let (name, text) = match loaded {
            Ok(x) => x,
            Err(m) => {
                self.error(at, len, ctx, format!("cannot include \"{path}\": {m}"));
                return;
            }
        };
        if let Some(k) = self
            .include_stack
            .iter()
            .position(|&f| self.files[f as usize].name == name)
        {
            let chain: Vec<&str> = self.include_stack[k..]
                .iter()
                .map(|&f| self.files[f as usize].name.as_str())
                .chain(std::iter::once(name.as_str()))
                .collect();
            self.error(
                at,
                len,
                ctx,
                format!("include cycle: {}", chain.join(" -> ")),
            );
            return;
        }
        let file = self.add_file(SourceFile {
            name,
            text,
            from_cpp: false,
        });
        let c = self.push_ctx(CtxKind::Include, at, ctx);
        self.run_file(file, Some(c));
    }
}

/// The symbol directives (`directives.rs`) report and emit through the front stage.
impl directives::Front for Pre<'_> {
    fn error_hint(
        &mut self,
        at: Loc,
        len: usize,
        ctx: Option<u32>,
        msg: String,
        hint: Option<String>,
    ) {
        let notes = crate::origin::ctx_notes(&self.files, &self.ctxs, ctx);
        self.diags.push(UnitDiag {
            severity: Severity::Error,
            file: at.file,
            start: at.off,
            end: at.off + len,
            line: at.line,
            message: msg,
            hint,
            related: None,
            notes,
            main_at: crate::origin::main_at(&self.ctxs, at, ctx),
        });
    }

    /// A synthetic label (`.L$N`) no source can collide with in practice.
    fn synth_label(&mut self, at: Loc, ctx: Option<u32>) -> String {
        let n = format!(".L$wk{}", self.synth);
        self.synth += 1;
        self.emit(&format!("{n}:"), at, ctx, false);
        n
    }

    fn emit_line(&mut self, text: &str, at: Loc, ctx: Option<u32>) {
        self.emit(text, at, ctx, false);
    }

    fn add_decl(&mut self, d: Decl, at: Loc, ctx: Option<u32>) {
        self.decls.push((d, at, ctx));
    }

    fn open_kernel(&mut self) -> &mut Option<(String, Loc)> {
        &mut self.open_kernel
    }
}

/// A cpp line marker `# 12 "file.S" 1`: the line number and file name.
fn line_marker(s: &str) -> Option<(u32, &str)> {
    let r = s.strip_prefix('#')?.trim_start();
    let r = r.strip_prefix("line").unwrap_or(r).trim_start();
    let n = r.bytes().take_while(u8::is_ascii_digit).count();
    let line = r[..n].parse().ok()?;
    let r = r[n..].trim_start().strip_prefix('"')?;
    let e = r.find('"')?;
    Some((line, &r[..e]))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::source::NoIncludes;

    /// The line-by-line path's result, as text to compare.
    fn by_lines(f: &SourceFile) -> String {
        let mut l = NoIncludes;
        let mut pre = Pre::new(&mut l);
        pre.files.push(f.clone());
        pre.run_file(0, None);
        assert!(pre.diags.is_empty() && pre.decls.is_empty() && pre.ctxs.is_empty());
        format!("{:?}\n{}", pre.segments, pre.out)
    }

    fn file(text: &str) -> SourceFile {
        SourceFile {
            name: "t.s".into(),
            text: text.into(),
            from_cpp: false,
        }
    }

    #[test]
    fn pass_through_equals_the_line_by_line_path() {
        let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");
        let mut texts: Vec<String> = [
            "",
            "\n",
            "nop\n\n\nl: .l2: add v1, v2, v3 ; x\n  .equ n, 3\n.word n\n",
            "a.if: nop // .text is a word here, .IF.x is not\n",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        for dir in ["examples", "tools/bench"] {
            for e in std::fs::read_dir(format!("{root}/{dir}")).unwrap() {
                let p = e.unwrap().path();
                if p.extension().is_some_and(|x| x == "s") {
                    texts.push(std::fs::read_to_string(p).unwrap());
                }
            }
        }
        let mut passed = 0;
        for t in &texts {
            let f = file(t);
            if let Some(e) = pass_through(&f) {
                assert!(e.main_text && e.text.is_empty());
                assert_eq!(format!("{:?}\n{}", e.segments, f.text), by_lines(&f), "{t}");
                passed += 1;
            }
        }
        assert!(passed >= 10, "only {passed} texts took the pass-through");
        // Any word the front stage handles, in any case, anywhere, takes the long path.
        for t in [
            ".MACRO m\n.endm\n",
            "nop ; .include \"x\"\n",
            "l:.if 1\n.endif\n",
            "\t.globl main\n",
            ".End_Kernel\n",
            "nop\r\n",
            "\u{feff}nop\n",
            "nop",
        ] {
            assert!(pass_through(&file(t)).is_none(), "{t:?}");
        }
        let mut cpp = file("nop\n");
        cpp.from_cpp = true;
        assert!(pass_through(&cpp).is_none());
    }
}
