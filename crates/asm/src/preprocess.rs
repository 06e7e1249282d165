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
use crate::syntax::{split_args, strip_comment};
use std::collections::{HashMap, HashSet};

/// Deepest `.include` nesting.
pub(crate) const MAX_INCLUDE_DEPTH: usize = 32;
/// Deepest macro expansion nesting (a macro that uses itself without end stops here).
pub(crate) const MAX_EXPANSION_DEPTH: usize = 64;
/// Bytes of expanded text at most: memory stays bounded whatever the macros do.
pub(crate) const MAX_EXPANDED_BYTES: usize = 1 << 30;
/// Body lines expanded at most: time stays bounded too (`.rept 1000000000` of a comment).
pub(crate) const MAX_BODY_LINES: u64 = 1 << 25;

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

/// A macro parameter: `name`, `name=default`, `name:req`, `name:vararg`.
#[derive(Clone)]
struct Param {
    name: String,
    default: Option<String>,
    req: bool,
    vararg: bool,
}

struct Macro {
    /// As written (the table's key is lowercase: macro names ignore case, as in GNU as).
    name: String,
    params: Vec<Param>,
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

/// How a repeated block (`.endr`) repeats.
enum Rep {
    /// `.irp var, v1, v2`: once per value.
    Irp { var: String, values: Vec<String> },
    /// `.irpc var, chars`: once per character.
    Irpc { var: String, chars: String },
    /// `.rept N`.
    Rept(u64),
}

/// What a multi-line block collects until its end directive.
enum Collect {
    Macro {
        name: String,
        params: Vec<Param>,
        def: Loc,
        body: Vec<BodyLine>,
        nesting: u32,
    },
    Rep {
        rep: Rep,
        at: Loc,
        body: Vec<BodyLine>,
        nesting: u32,
    },
}

pub(crate) struct Pre<'l> {
    pub files: Vec<SourceFile>,
    pub diags: Vec<UnitDiag>,
    loader: &'l dyn Loader,
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
    /// `.altmacro` is on: parameters by bare name, `LOCAL`, `%expr` and `<text>` arguments.
    altmacro: bool,
    /// Macro expansions under way, and an `.exitm` seen in the innermost one.
    macro_depth: usize,
    exitm: bool,
    /// Names made for `LOCAL` so far.
    locals: u64,
    /// Numeric local labels: how often each (`1:`) was defined so far, and references
    /// (`1f`) to a definition still to come: (label, instance, place, length, context).
    num_defs: HashMap<String, u64>,
    num_forward: Vec<(String, u64, Loc, usize, Option<u32>)>,
    body_lines: u64,
}

impl Rep {
    fn word(&self) -> &'static str {
        match self {
            Rep::Irp { .. } => ".irp",
            Rep::Irpc { .. } => ".irpc",
            Rep::Rept(_) => ".rept",
        }
    }
}

/// The name a numeric local label's `k`-th definition goes by (`.L` names stay out of the
/// symbol table).
fn local_label(n: &str, k: u64) -> String {
    format!(".L{n}$loc{k}")
}

/// Whether a main file the front stage passed through unread ([`Expanded::main_text`]) must
/// be read line by line after all, from the assembler's result over it (`Ok(hash_lines)`:
/// it saw a line starting with `#`, a line marker or comment of the front stage's; `Err`:
/// it failed, and the text may use numeric local labels or have `#` lines).
pub(crate) fn needs_lines(assembled: Result<bool, ()>, text: &str) -> bool {
    let t = text.as_bytes();
    match assembled {
        Ok(hash_lines) => hash_lines,
        Err(()) => {
            may_have_numeric_labels(t) || memchr::memchr_iter(b'#', t).any(|p| hash_line(t, p))
        }
    }
}

/// A digit followed by `:`, `b` or `f`: the line may define or use a numeric local label.
pub(crate) fn may_have_numeric_labels(b: &[u8]) -> bool {
    b.windows(2)
        .any(|w| w[0].is_ascii_digit() && matches!(w[1], b':' | b'b' | b'f'))
}

/// The names of an `.altmacro` `LOCAL a, b` line.
fn local_names(text: &str) -> Option<&str> {
    let t = text.trim_start();
    let w = t.get(..5)?;
    let rest = &t[5..];
    (w.eq_ignore_ascii_case("local") && rest.starts_with([' ', '\t'])).then_some(rest)
}

/// A line's first word (start, end) and the text after it.
type Word<'a> = (usize, usize, &'a str);

/// The labels (start, end) of a line and its first word after them; `None` for a line of
/// labels only.
fn split_line(text: &str) -> (Vec<(usize, usize)>, Option<Word<'_>>) {
    let (labels, word) = crate::lexline::labels_and_word(text);
    (labels, word.map(|(s, e)| (s, e, &text[e..])))
}

fn is_name(s: &str) -> bool {
    let b = s.as_bytes();
    !b.is_empty()
        && (b[0].is_ascii_alphabetic() || b[0] == b'_' || b[0] == b'.')
        && b.iter()
            .all(|&c| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'.' | b'$'))
}

/// Replace `\name` by its value, `\@` by the expansion number and `\()` by nothing; with
/// `bare` (`.altmacro`) also a name standing alone outside quotes. A `\name` that is not
/// one of `vals` stays as written: it belongs to an inner `.irp`, `.irpc`, `.rept` or
/// macro, as in GNU as (what is left at the end is reported by [`unresolved`]).
fn substitute(line: &str, vals: &[(String, String)], count: u64, bare: bool) -> String {
    if !bare && !line.contains('\\') {
        return line.to_string();
    }
    let word = |c: u8| c.is_ascii_alphanumeric() || c == b'_' || c == b'$';
    let mut out = String::with_capacity(line.len() + 16);
    let b = line.as_bytes();
    let mut i = 0;
    let mut quoted = false;
    while i < b.len() {
        if b[i] == b'"' {
            quoted = !quoted;
        }
        if bare && !quoted && word(b[i]) && (i == 0 || !word(b[i - 1]) && b[i - 1] != b'\\') {
            let n = b[i..].iter().take_while(|&&c| word(c)).count();
            let name = &line[i..i + n];
            match vals.iter().find(|(k, _)| k == name) {
                Some((_, v)) => out.push_str(v),
                None => out.push_str(name),
            }
            i += n;
            continue;
        }
        if b[i] != b'\\' {
            let ch = line[i..].chars().next().unwrap_or(' ');
            out.push(ch);
            i += ch.len_utf8();
            continue;
        }
        let rest = &line[i + 1..];
        if rest.starts_with('@') {
            out.push_str(&count.to_string());
            i += 2;
        } else if rest.starts_with("()") {
            i += 3;
        } else {
            let n = rest.bytes().take_while(|&c| word(c)).count();
            match vals.iter().find(|(k, _)| k == &rest[..n]) {
                Some((_, v)) if n > 0 => out.push_str(v),
                _ => out.push_str(&line[i..i + 1 + n]),
            }
            i += 1 + n;
        }
    }
    out
}

/// The first `\name` outside quotes no block replaced: (offset, length).
fn unresolved(line: &str) -> Option<(usize, usize)> {
    let b = line.as_bytes();
    let mut quoted = false;
    for (i, &c) in b.iter().enumerate() {
        match c {
            b'"' => quoted = !quoted,
            b'\\' if !quoted => {
                let n = b[i + 1..]
                    .iter()
                    .take_while(|c| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'$'))
                    .count();
                if n > 0 {
                    return Some((i, n + 1));
                }
            }
            _ => {}
        }
    }
    None
}

/// A directive word the front stage handles (lowercase).
fn is_block_word(w: &str) -> bool {
    matches!(
        w,
        ".macro"
            | ".endm"
            | ".irp"
            | ".irpc"
            | ".rept"
            | ".endr"
            | ".exitm"
            | ".purgem"
            | ".altmacro"
            | ".noaltmacro"
            | ".include"
            | ".else"
            | ".elseif"
            | ".endif"
            | ".error"
            | ".warning"
            | ".print"
            | ".err"
    ) || (w.starts_with(".if") && IF_WORDS.contains(&w))
}

/// The conditional directives that open a block.
const IF_WORDS: &[&str] = &[
    ".if", ".ifdef", ".ifndef", ".ifc", ".ifnc", ".ifeqs", ".ifnes", ".ifb", ".ifnb", ".ifeq",
    ".ifne", ".ifgt", ".ifge", ".iflt", ".ifle",
];

/// A line that starts (after blanks) with `#`: a comment (`#APP`, `#NO_APP`) or a cpp line
/// marker, both the front stage's.
fn hash_line(t: &[u8], p: usize) -> bool {
    let ls = t[..p]
        .iter()
        .rposition(|&c| c == b'\n')
        .map_or(0, |q| q + 1);
    t[ls..p].iter().all(|&c| c == b' ' || c == b'\t')
}

/// The front stage's result for a file that uses none of its constructs, without looking at
/// it line by line: the text itself (newline-terminated) as one verbatim segment. `None` when
/// the file may use one: a word of [`is_block_word`] or a symbol directive anywhere (even in a
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
    // `#` lines are not looked for here (a second search would cost every file): the
    // assembler reports them and `assemble` then takes the line-by-line path
    // ([`needs_lines`]).
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
        if is_block_word(w) || directives::is_symbol_directive(w) {
            return None;
        }
    }
    // Numeric local labels are not looked for here: the assembler fails on them, and
    // `assemble` then takes the line-by-line path.
    // A last line without its newline gets one from the line-by-line path: that text is
    // not the file's.
    if !f.text.is_empty() && !f.text.ends_with('\n') {
        return None;
    }
    Some(Expanded::verbatim(&f.text))
}

impl Expanded {
    /// The main file's text as it is, one verbatim segment: what the front stage makes of
    /// a file it has nothing to do in, and the text the assembler reads without it.
    pub(crate) fn verbatim(text: &str) -> Expanded {
        let segments = if text.is_empty() {
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
        Expanded {
            text: String::new(),
            main_text: true,
            segments,
            ctxs: Vec::new(),
            decls: Vec::new(),
            equs: HashMap::new(),
        }
    }
}

impl<'l> Pre<'l> {
    pub(crate) fn new(loader: &'l dyn Loader) -> Pre<'l> {
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
            altmacro: false,
            macro_depth: 0,
            exitm: false,
            locals: 0,
            num_defs: HashMap::new(),
            num_forward: Vec::new(),
            body_lines: 0,
        }
    }

    /// Run the front stage over the main file.
    pub(crate) fn run_main(
        mut self,
        main: SourceFile,
        defsyms: &[(String, i64)],
        line_by_line: bool,
    ) -> (Expanded, Vec<SourceFile>, Vec<UnitDiag>) {
        if defsyms.is_empty() && !line_by_line {
            if let Some(exp) = pass_through(&main) {
                self.files.push(main);
                return (exp, self.files, self.diags);
            }
        }
        self.files.push(main);
        // `--defsym`: set before the first line (placed there for diagnostics).
        let start = Loc {
            file: 0,
            off: 0,
            line: 1,
        };
        for (n, v) in defsyms {
            self.equs.insert(n.clone(), *v);
            self.emit(&format!(".set {n}, {v}"), start, None, false);
        }
        self.run_file(0, None);
        for (n, k, at, len, ctx) in std::mem::take(&mut self.num_forward) {
            if self.num_defs.get(&n).copied().unwrap_or(0) < k {
                self.error_hint(
                    at,
                    len,
                    ctx,
                    format!("`{n}f` refers forward to a `{n}:`, and there is none after it"),
                    Some(format!(
                        "define `{n}:` below, or write `{n}b` for the last one"
                    )),
                );
            }
        }
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
        // A copy: diagnostics look at the file's text while its lines are read.
        let text = self.files[file as usize].text.clone();
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
            let marker = if body.starts_with('#') {
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
            Some(Collect::Rep { rep, at, .. }) => {
                let w = rep.word();
                self.error(at, w.len(), ctx, format!("this {w} has no .endr"))
            }
            None => {}
        }
    }

    /// `at` moved `i` bytes into its line, kept inside the line as written (a substituted
    /// line may be longer than the one in the file).
    fn within(&self, at: Loc, i: usize) -> Loc {
        let text = self
            .files
            .get(at.file as usize)
            .map_or("", |f| f.text.as_str());
        let st = at.off.min(text.len());
        let le = memchr::memchr(b'\n', &text.as_bytes()[st..]).map_or(text.len(), |p| st + p);
        Loc {
            off: (st + i).min(le),
            ..at
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
        if collect.is_some() {
            self.collect_line(raw, at, ctx, collect);
            return;
        }
        // Numeric local labels become unique names before anything else reads the line.
        let active = conds.last().is_none_or(|c| c.active);
        if active && may_have_numeric_labels(raw.as_bytes()) {
            if let Some(t) = self.numeric_labels(strip_comment(raw), at, ctx) {
                self.line_inner(&t, at, ctx, false, conds, collect);
                return;
            }
        }
        self.line_inner(raw, at, ctx, verbatim, conds, collect);
    }

    /// Inside a `.macro` or repeated block: collect until the matching end.
    fn collect_line(
        &mut self,
        raw: &str,
        at: Loc,
        ctx: Option<u32>,
        collect: &mut Option<Collect>,
    ) {
        let code = strip_comment(raw);
        let (_, word) = split_line(code);
        let wl = word.map_or(String::new(), |(s, e, _)| code[s..e].to_ascii_lowercase());
        let wl = wl.as_str();
        let Some(c) = collect.as_mut() else {
            return;
        };
        let (nesting, is_end, opens) = match c {
            Collect::Macro { nesting, .. } => (nesting, wl == ".endm", wl == ".macro"),
            Collect::Rep { nesting, .. } => (
                nesting,
                wl == ".endr",
                matches!(wl, ".irp" | ".irpc" | ".rept"),
            ),
        };
        if opens {
            *nesting += 1;
        } else if is_end {
            if *nesting == 0 {
                let done = collect.take();
                self.close_block(done, ctx);
                return;
            }
            *nesting -= 1;
        }
        let (Collect::Macro { body, .. } | Collect::Rep { body, .. }) = c;
        body.push(BodyLine {
            text: raw.to_string(),
            at,
        });
    }

    /// `1:` becomes a name of its own, `1b` the `1:` defined last, `1f` the next one (GNU
    /// as's local labels); `None` when the line has none.
    fn numeric_labels(&mut self, code: &str, at: Loc, ctx: Option<u32>) -> Option<String> {
        let b = code.as_bytes();
        let mut out = String::new();
        let mut last = 0;
        let mut pos = 0;
        loop {
            while pos < b.len() && b[pos].is_ascii_whitespace() {
                pos += 1;
            }
            let d = b[pos..].iter().take_while(|c| c.is_ascii_digit()).count();
            if d == 0 || b.get(pos + d) != Some(&b':') {
                break;
            }
            let n = &code[pos..pos + d];
            let k = self.num_defs.entry(n.to_string()).or_insert(0);
            *k += 1;
            out.push_str(&code[last..pos]);
            out.push_str(&local_label(n, *k));
            last = pos + d;
            pos += d + 1;
        }
        let name_char = |c: u8| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'.' | b'$');
        let mut quoted = false;
        let mut i = pos;
        while i < b.len() {
            let c = b[i];
            if c == b'"' {
                quoted = !quoted;
            }
            if quoted || !c.is_ascii_digit() || (i > 0 && name_char(b[i - 1])) {
                i += 1;
                continue;
            }
            let d = b[i..].iter().take_while(|c| c.is_ascii_digit()).count();
            let dir = b.get(i + d).copied();
            if !matches!(dir, Some(b'b' | b'f')) || b.get(i + d + 1).is_some_and(|&c| name_char(c))
            {
                i += d;
                continue;
            }
            let n = &code[i..i + d];
            let have = self.num_defs.get(n).copied().unwrap_or(0);
            let where_ = self.within(at, i);
            let k = if dir == Some(b'b') {
                if have == 0 {
                    self.error_hint(
                        where_,
                        d + 1,
                        ctx,
                        format!("`{n}b` refers back to a `{n}:`, and there is none before it"),
                        Some(format!(
                            "define `{n}:` above, or write `{n}f` for the next one"
                        )),
                    );
                }
                have
            } else {
                self.num_forward
                    .push((n.to_string(), have + 1, where_, d + 1, ctx));
                have + 1
            };
            out.push_str(&code[last..i]);
            out.push_str(&local_label(n, k));
            last = i + d + 1;
            i += d + 1;
        }
        if last == 0 {
            return None;
        }
        out.push_str(&code[last..]);
        Some(out)
    }

    fn line_inner(
        &mut self,
        raw: &str,
        at: Loc,
        ctx: Option<u32>,
        verbatim: bool,
        conds: &mut Vec<Cond>,
        collect: &mut Option<Collect>,
    ) {
        let code = strip_comment(raw);
        // `#APP`, `#NO_APP` and other lines starting with `#` are comments (cpp's line
        // markers were read by `run_file`).
        if code.trim_start().starts_with('#') {
            return;
        }
        let (labels, word) = split_line(code);
        let word_lc = word.map(|(s, e, _)| code[s..e].to_ascii_lowercase());
        let wl = word_lc.as_deref().unwrap_or("");
        let active = conds.last().is_none_or(|c| c.active);
        // Conditionals are followed even in inactive regions.
        let (ws, we, rest) = word.unwrap_or((0, 0, ""));
        let wat = Loc {
            off: at.off + ws,
            ..at
        };
        // The operands: where they start, for a caret on them.
        let rest_t = rest.trim();
        let rat = self.within(at, we + (rest.len() - rest.trim_start().len()));
        let rlen = rest_t.len().max(1);
        if IF_WORDS.contains(&wl) {
            let value = if active {
                self.condition(wl, rest, wat, we - ws, (rat, rlen), ctx)
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
        match wl {
            ".else" | ".elseif" => {
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
                    self.condition(".if", rest, wat, we - ws, (rat, rlen), ctx)
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
                    self.error(wat, we - ws, ctx, ".endif without .if".into());
                }
                return;
            }
            _ => {}
        }
        if !active {
            return;
        }
        // A `\name` no macro, `.irp`, `.irpc` or `.rept` replaced.
        if let Some((i, n)) = unresolved(code) {
            let name = &code[i..i + n];
            let line = &self.files[at.file as usize].text
                [at.off.min(self.files[at.file as usize].text.len())..];
            let k = line.find(name).unwrap_or(i);
            self.error(
                self.within(at, k),
                n,
                ctx,
                format!("`{name}` is not a parameter here"),
            );
            return;
        }
        for &(s, e) in &labels {
            self.labels.insert(code[s..e].to_string());
        }
        let Some((ws, we, rest)) = word else {
            self.emit(raw, at, ctx, verbatim);
            return;
        };
        let wlen = we - ws;
        let is_macro = self.macros.contains_key(wl);
        let is_block = is_block_word(wl) || is_macro;
        let is_decl = directives::is_symbol_directive(wl);
        if (is_block || is_decl) && !labels.is_empty() {
            // The labels before a block directive stay where they are.
            let upto = labels.last().map_or(0, |l| l.1 + 1);
            self.emit(&code[..upto], at, ctx, false);
        }
        match wl {
            ".macro" => self.open_macro(rest, wat, wlen, ctx, collect),
            ".irp" | ".irpc" | ".rept" => {
                let rep = self.open_rep(wl, rest_t, wat, wlen, (rat, rlen), ctx);
                *collect = Some(Collect::Rep {
                    rep,
                    at: wat,
                    body: Vec::new(),
                    nesting: 0,
                });
            }
            ".endm" | ".endr" => {
                self.error(wat, wlen, ctx, format!("{wl} without an open block"));
            }
            ".exitm" => {
                if self.macro_depth == 0 {
                    self.error(wat, wlen, ctx, ".exitm outside a macro".into());
                } else {
                    self.exitm = true;
                }
            }
            ".purgem" => {
                if self.macros.remove(&rest_t.to_ascii_lowercase()).is_none() {
                    self.error(rat, rlen, ctx, format!("macro `{rest_t}` is not defined"));
                }
            }
            ".altmacro" | ".noaltmacro" => self.altmacro = wl == ".altmacro",
            ".error" | ".err" | ".warning" | ".print" => {
                let text = rest_t
                    .strip_prefix('"')
                    .and_then(|r| r.strip_suffix('"'))
                    .map(str::to_string);
                let msg = match (wl, text) {
                    (".err", _) => ".err encountered".to_string(),
                    (".print", Some(t)) => format!(".print: {t}"),
                    (_, Some(t)) => t,
                    (".print", None) => {
                        self.error(rat, rlen, ctx, ".print needs a quoted string".into());
                        return;
                    }
                    _ if rest_t.is_empty() => format!("{wl} directive invoked in source file"),
                    _ => {
                        self.error(rat, rlen, ctx, format!("{wl} needs a quoted string"));
                        return;
                    }
                };
                let notes = crate::origin::ctx_notes(&self.files, &self.ctxs, ctx);
                self.diags.push(UnitDiag {
                    severity: if matches!(wl, ".error" | ".err") {
                        Severity::Error
                    } else {
                        Severity::Warning
                    },
                    file: wat.file,
                    start: wat.off,
                    end: wat.off + wlen,
                    line: wat.line,
                    message: msg,
                    hint: None,
                    related: None,
                    notes,
                    main_at: crate::origin::main_at(&self.ctxs, wat, ctx),
                });
            }
            ".include" => self.include(rest_t, wat, wlen, ctx),
            _ if is_decl => directives::handle(self, wl, rest, wat, wlen, ctx),
            _ if is_macro => self.expand(wl, rest, wat, wlen, ctx),
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
            _ => {
                if let Some((name, expr)) = crate::syntax::assignment(&code[ws..]) {
                    if let Ok(v) = crate::expr::eval_const(expr, &self.equs) {
                        self.equs.insert(name.to_string(), v);
                    }
                }
                self.emit(raw, at, ctx, verbatim)
            }
        }
    }

    /// `.macro NAME p1, p2=default, p3:req, p4:vararg`: start collecting its body. A bad
    /// definition still collects (to its `.endm`), so that the body is not read as code.
    fn open_macro(
        &mut self,
        rest: &str,
        wat: Loc,
        wlen: usize,
        ctx: Option<u32>,
        collect: &mut Option<Collect>,
    ) {
        let args = split_args(&rest.replace(' ', ","));
        let args: Vec<String> = args.into_iter().filter(|a| !a.is_empty()).collect();
        let mut name = args.first().cloned().unwrap_or_default();
        let mut params: Vec<Param> = Vec::new();
        for p in args.iter().skip(1) {
            let (n, d) = match p.split_once('=') {
                Some((n, d)) => (n.trim(), Some(d.trim().to_string())),
                None => (p.trim(), None),
            };
            let (n, qual) = n.split_once(':').unwrap_or((n, ""));
            let qual = qual.to_ascii_lowercase();
            if !is_name(n) || n.contains('.') || !matches!(qual.as_str(), "" | "req" | "vararg") {
                self.error(wat, wlen, ctx, format!("`{p}` is not a valid parameter"));
                name.clear();
                break;
            }
            if params.last().is_some_and(|p| p.vararg) {
                self.error(
                    wat,
                    wlen,
                    ctx,
                    format!("`{n}` follows a :vararg parameter, which must be the last"),
                );
                name.clear();
                break;
            }
            params.push(Param {
                name: n.to_string(),
                default: d,
                req: qual == "req",
                vararg: qual == "vararg",
            });
        }
        let lower = name.to_ascii_lowercase();
        if args.is_empty() {
            self.error(wat, wlen, ctx, ".macro needs a name".into());
        } else if name.is_empty() {
        } else if !is_name(&name) {
            self.error(
                wat,
                wlen,
                ctx,
                format!("`{name}` is not a valid macro name"),
            );
            name.clear();
        } else if warpkit_isa::lookup(&lower).is_some() || lower.starts_with('.') {
            self.error_hint(
                wat,
                wlen,
                ctx,
                format!("macro `{name}` would hide an instruction or directive"),
                Some("give the macro another name".into()),
            );
            name.clear();
        }
        *collect = Some(Collect::Macro {
            name,
            params,
            def: wat,
            body: Vec::new(),
            nesting: 0,
        });
    }

    /// What `.irp`, `.irpc` or `.rept` repeats; after an error, nothing (the block is
    /// still collected to its `.endr`).
    fn open_rep(
        &mut self,
        wl: &str,
        rest: &str,
        wat: Loc,
        wlen: usize,
        (rat, rlen): (Loc, usize),
        ctx: Option<u32>,
    ) -> Rep {
        let nothing = Rep::Rept(0);
        if wl == ".rept" {
            return match crate::expr::eval_const(rest, &self.equs) {
                Ok(n) if n >= 0 => Rep::Rept(n as u64),
                Ok(n) => {
                    self.error(rat, rlen, ctx, format!(".rept count {n} is negative"));
                    nothing
                }
                Err(m) => {
                    self.error_hint(
                        rat,
                        rlen,
                        ctx,
                        format!(".rept: {m}"),
                        Some(".rept takes numbers and .equ/.set names defined before it".into()),
                    );
                    nothing
                }
            };
        }
        let args = split_args(rest);
        let Some(var) = args.first().cloned().filter(|v| is_name(v)) else {
            self.error_hint(
                wat,
                wlen,
                ctx,
                format!("{wl} needs a parameter name and values"),
                Some(format!("{wl} r, v1, v2, v3")),
            );
            return nothing;
        };
        // No values: the body once, with the parameter empty (GNU as).
        if wl == ".irpc" {
            let chars = rest.split_once(',').map_or("", |(_, c)| c.trim());
            Rep::Irpc {
                var,
                chars: chars.to_string(),
            }
        } else if args.len() == 1 {
            Rep::Irp {
                var,
                values: vec![String::new()],
            }
        } else {
            Rep::Irp {
                var,
                values: args[1..].to_vec(),
            }
        }
    }

    /// The value of a conditional's test (`.if`, `.ifdef`, `.ifc`, `.ifb`, `.ifeq`, ...);
    /// errors point at the operands `(rat, rlen)`.
    fn condition(
        &mut self,
        wl: &str,
        rest: &str,
        at: Loc,
        len: usize,
        (rat, rlen): (Loc, usize),
        ctx: Option<u32>,
    ) -> bool {
        let rest = rest.trim();
        match wl {
            ".ifdef" | ".ifndef" => {
                if !is_name(rest) {
                    self.error(at, len, ctx, format!("{wl} needs one symbol name"));
                    return false;
                }
                let def = self.equs.contains_key(rest)
                    || self.labels.contains(rest)
                    || self.macros.contains_key(&rest.to_ascii_lowercase());
                def == (wl == ".ifdef")
            }
            ".ifb" | ".ifnb" => rest.is_empty() == (wl == ".ifb"),
            ".ifc" | ".ifnc" | ".ifeqs" | ".ifnes" => {
                let strings = rest.split_once(',').map(|(a, b)| (a.trim(), b.trim()));
                let quoted = |s: &str| s.len() >= 2 && s.starts_with('"') && s.ends_with('"');
                match strings {
                    Some((a, b)) if matches!(wl, ".ifc" | ".ifnc") => (a == b) == (wl == ".ifc"),
                    Some((a, b)) if quoted(a) && quoted(b) => (a == b) == (wl == ".ifeqs"),
                    _ => {
                        let how = if wl.ends_with('s') {
                            "two quoted strings"
                        } else {
                            "two strings"
                        };
                        self.error(
                            rat,
                            rlen,
                            ctx,
                            format!("{wl} needs {how} separated by a comma"),
                        );
                        false
                    }
                }
            }
            _ => match crate::expr::eval_const(rest, &self.equs) {
                Ok(v) => match wl {
                    ".ifeq" => v == 0,
                    ".ifgt" => v > 0,
                    ".ifge" => v >= 0,
                    ".iflt" => v < 0,
                    ".ifle" => v <= 0,
                    _ => v != 0,
                },
                Err(m) => {
                    self.error_hint(
                        rat,
                        rlen,
                        ctx,
                        format!("{wl}: {m}"),
                        Some(format!(
                            "{wl} takes numbers and .equ/.set names defined before it"
                        )),
                    );
                    false
                }
            },
        }
    }

    fn close_block(&mut self, done: Option<Collect>, ctx: Option<u32>) {
        match done {
            Some(Collect::Macro {
                name,
                params,
                def,
                body,
                ..
            }) => {
                // A definition that was wrong is dropped (its error is reported).
                if name.is_empty() {
                    return;
                }
                let key = name.to_ascii_lowercase();
                if let Some(m) = self.macros.get(&key) {
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
                self.macros.insert(
                    key,
                    Macro {
                        name,
                        params,
                        body,
                        def,
                    },
                );
            }
            Some(Collect::Rep { rep, at, body, .. }) => {
                let c = self.push_ctx(CtxKind::Repeat(rep.word()), at, ctx);
                let one = |var: &String, v: String| [(var.clone(), v)];
                match rep {
                    Rep::Irp { var, values } => {
                        for v in values {
                            if !self.run_body(&body, &one(&var, v), Some(c), false) {
                                break;
                            }
                        }
                    }
                    Rep::Irpc { var, chars } => {
                        let chars: Vec<String> = if chars.is_empty() {
                            vec![String::new()]
                        } else {
                            chars.chars().map(String::from).collect()
                        };
                        for v in chars {
                            if !self.run_body(&body, &one(&var, v), Some(c), false) {
                                break;
                            }
                        }
                    }
                    Rep::Rept(n) => {
                        for _ in 0..n {
                            if !self.run_body(&body, &[], Some(c), false) {
                                break;
                            }
                        }
                    }
                }
            }
            None => {}
        }
    }

    fn push_ctx(&mut self, kind: CtxKind, used_at: Loc, parent: Option<u32>) -> u32 {
        self.ctxs.push(Ctx {
            kind,
            used_at,
            parent,
        });
        (self.ctxs.len() - 1) as u32
    }

    /// Expand body lines with parameter values (`bare`: also by bare name, and `LOCAL`, in
    /// `.altmacro` mode); false when expansion must stop (too deep, too large, `.exitm`).
    fn run_body(
        &mut self,
        body: &[BodyLine],
        vals: &[(String, String)],
        ctx: Option<u32>,
        bare: bool,
    ) -> bool {
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
        self.body_lines += body.len() as u64 + 1;
        if self.body_lines > MAX_BODY_LINES {
            if !self.overflow {
                self.overflow = true;
                let at = body.first().map_or(
                    Loc {
                        file: 0,
                        off: 0,
                        line: 1,
                    },
                    |b| b.at,
                );
                self.error(
                    at,
                    0,
                    ctx,
                    format!(
                        "more than {MAX_BODY_LINES} lines of macro and .rept bodies expanded \
                         (a block that repeats without end?)"
                    ),
                );
            }
            return false;
        }
        self.expansion_depth += 1;
        self.expansions += 1;
        let count = self.expansions;
        let mut vals = vals.to_vec();
        let mut conds = Vec::new();
        let mut collect = None;
        for b in body {
            let text = substitute(&b.text, &vals, count, bare);
            if bare && collect.is_none() {
                if let Some(names) = local_names(&text) {
                    for n in split_args(names) {
                        self.locals += 1;
                        vals.push((n, format!(".LL{:04}", self.locals)));
                    }
                    continue;
                }
            }
            let verbatim = text == b.text;
            self.line(&text, b.at, ctx, verbatim, &mut conds, &mut collect);
            if self.overflow || self.exitm {
                break;
            }
        }
        if !self.exitm {
            self.finish_block(conds, collect, ctx);
        }
        self.expansion_depth -= 1;
        !self.overflow && !self.exitm
    }

    /// Use the macro `key` (its lowercase name).
    fn expand(&mut self, key: &str, rest: &str, at: Loc, len: usize, ctx: Option<u32>) {
        let Some(m) = self.macros.get(key) else {
            return;
        };
        let (name, params, body, def) = (m.name.clone(), m.params.clone(), m.body.clone(), m.def);
        let defined = format!("defined at {}", crate::origin::loc_text(&self.files, def));
        let ranges = crate::syntax::arg_ranges(rest);
        let mut vals: Vec<Option<String>> = vec![None; params.len()];
        let mut k = 0;
        for &(s, e) in &ranges {
            let a = &rest[s..e];
            // `name=value` for a parameter of that name.
            if let Some((n, v)) = a.split_once('=') {
                if let Some(i) = params.iter().position(|p| p.name == n.trim()) {
                    vals[i] = Some(self.arg_value(v.trim(), at, len, ctx));
                    continue;
                }
            }
            if k >= params.len() {
                let n = params.len();
                let hint = defined.clone();
                self.error_hint(
                    at,
                    len,
                    ctx,
                    format!(
                        "macro `{name}` takes {n} argument{}, {} given",
                        if n == 1 { "" } else { "s" },
                        ranges.len()
                    ),
                    Some(hint),
                );
                return;
            }
            if params[k].vararg {
                vals[k] = Some(rest[s..].trim().to_string());
                break;
            }
            vals[k] = Some(self.arg_value(a, at, len, ctx));
            k += 1;
        }
        let mut out = Vec::with_capacity(params.len());
        for (p, v) in params.iter().zip(vals) {
            let v = match v.filter(|v| !v.is_empty()) {
                Some(v) => v,
                None => match (&p.default, p.req) {
                    (Some(d), _) => d.clone(),
                    (None, true) => {
                        let hint = defined.clone();
                        self.error_hint(
                            at,
                            len,
                            ctx,
                            format!("macro `{name}` needs a value for `{}` (:req)", p.name),
                            Some(hint),
                        );
                        return;
                    }
                    // A parameter without a value is empty, as in GNU as.
                    (None, false) => String::new(),
                },
            };
            out.push((p.name.clone(), v));
        }
        let c = self.push_ctx(CtxKind::Macro { name, def }, at, ctx);
        self.macro_depth += 1;
        let bare = self.altmacro;
        self.run_body(&body, &out, Some(c), bare);
        self.macro_depth -= 1;
        self.exitm = false;
    }

    /// An argument's value: without its double quotes; in `.altmacro` mode `<text>` is the
    /// text and `%expr` the expression's value.
    fn arg_value(&mut self, a: &str, at: Loc, len: usize, ctx: Option<u32>) -> String {
        if let Some(q) = a.strip_prefix('"').and_then(|x| x.strip_suffix('"')) {
            return q.to_string();
        }
        if self.altmacro {
            if let Some(t) = a.strip_prefix('<').and_then(|x| x.strip_suffix('>')) {
                return t.to_string();
            }
            if let Some(e) = a.strip_prefix('%') {
                match crate::expr::eval_const(e, &self.equs) {
                    Ok(v) => return v.to_string(),
                    Err(m) => self.error(at, len, ctx, format!("`{a}`: {m}")),
                }
            }
        }
        a.to_string()
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
        let n = format!("{}{}", directives::SYNTH_PREFIX, self.synth);
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
        let mut pre = Pre::new(&NoIncludes);
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
