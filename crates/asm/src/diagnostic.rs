//! Diagnostics of the assembler: what one error or warning is ([`Diagnostic`]), and the
//! [`Reporter`] that locates them in the source (line, column) and keeps the messages short.
//! Printing them is `render.rs`.

/// How bad a diagnostic is: errors fail the assembly, warnings are printed and the code is
/// still produced.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Severity {
    Error,
    Warning,
}

/// One error or warning, located in the source.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    pub severity: Severity,
    /// Byte range in the source (a leading byte-order mark included).
    pub start: usize,
    pub end: usize,
    /// 1-based line and column (column counts characters, not a byte-order mark).
    pub line: usize,
    pub col: usize,
    pub message: String,
    pub hint: Option<String>,
    /// A second place the message is about (the first definition of a name defined twice).
    pub related: Option<Related>,
}

/// A second location of a [`Diagnostic`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Related {
    pub start: usize,
    pub end: usize,
    pub line: usize,
    pub col: usize,
    pub message: String,
}

impl Diagnostic {
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}

/// A byte range of the source.
#[derive(Clone, Copy)]
pub(crate) struct Span {
    pub start: usize,
    pub end: usize,
}

/// Collects the diagnostics of one source, each located by line and column.
pub(crate) struct Reporter<'s> {
    pub src: &'s str,
    /// In the order reported.
    pub list: Vec<Diagnostic>,
    /// Length of a leading byte-order mark (0 or 3): skipped, not counted in columns.
    pub bom: usize,
    /// "did you mean" searches for unknown symbols made so far (only the first are made).
    pub hints_given: usize,
    /// Byte offset of each line's start (built lazily, on the first error).
    line_starts: Vec<usize>,
    /// The last diagnostic's (line start, offset, column): the next one on the same line
    /// counts characters from there, so many errors on one long line stay linear.
    last_col: (usize, usize, usize),
}

impl<'s> Reporter<'s> {
    pub fn new(src: &'s str) -> Self {
        Reporter {
            src,
            list: Vec::new(),
            bom: 0,
            hints_given: 0,
            line_starts: Vec::new(),
            last_col: (usize::MAX, 0, 0),
        }
    }

    /// The source text of a span.
    pub fn text(&self, s: Span) -> &'s str {
        &self.src[s.start..s.end]
    }

    pub fn error(&mut self, span: Span, message: String, hint: Option<String>) {
        self.push(Severity::Error, span, message, hint, None);
    }

    pub fn warn(&mut self, span: Span, message: String, hint: Option<String>) {
        self.push(Severity::Warning, span, message, hint, None);
    }

    /// 1-based line and column of a byte offset.
    fn locate(&mut self, at: usize) -> (usize, usize) {
        if self.line_starts.is_empty() {
            self.line_starts.push(self.bom);
            self.line_starts
                .extend(memchr::memchr_iter(b'\n', self.src.as_bytes()).map(|i| i + 1));
        }
        // Binary search in the line table: files with many errors stay linear.
        let line = self.line_starts.partition_point(|&ls| ls <= at).max(1);
        let line_start = self.line_starts[line - 1];
        let (ls, from, c) = self.last_col;
        let col = if ls == line_start && from <= at {
            c + self.src[from..at].chars().count()
        } else {
            self.src[line_start..at].chars().count() + 1
        };
        self.last_col = (line_start, at, col);
        (line, col)
    }

    pub fn push(
        &mut self,
        severity: Severity,
        span: Span,
        message: String,
        hint: Option<String>,
        related: Option<(Span, String)>,
    ) {
        let bom = self.bom;
        let clamp = |s: Span, src: &str| {
            let start = floor_char(src, s.start.clamp(bom, src.len().max(bom)));
            (start, s.end.clamp(start, src.len()))
        };
        let (start, end) = clamp(span, self.src);
        let (line, col) = self.locate(start);
        let related = related.map(|(r, message)| {
            let (start, end) = clamp(r, self.src);
            let (line, col) = self.locate(start);
            Related {
                start,
                end,
                line,
                col,
                message,
            }
        });
        self.list.push(Diagnostic {
            severity,
            start,
            end,
            line,
            col,
            message: shorten_quotes(message),
            hint: hint.map(shorten_quotes),
            related,
        });
    }

    /// "`name` is defined twice", pointing at both definitions.
    pub fn defined_twice(&mut self, span: Span, name: &str, first: usize) {
        self.push(
            Severity::Error,
            span,
            format!("`{name}` is defined twice"),
            Some("a label is defined once; .equ and .set may give a name a new value, .equiv may not".into()),
            Some((
                Span {
                    start: first,
                    end: first + name.len(),
                },
                "first defined here".into(),
            )),
        );
    }
}

/// The largest character boundary at or below `i`.
fn floor_char(s: &str, mut i: usize) -> usize {
    while !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// Shorten long `quoted` pieces of a message (source text quoted back), so one error about
/// a megabyte-long operand stays one short line.
fn shorten_quotes(msg: String) -> String {
    const LONG: usize = 48;
    if msg.len() <= 2 * LONG {
        return msg;
    }
    let mut out = String::with_capacity(2 * LONG);
    for (k, piece) in msg.split('`').enumerate() {
        if k > 0 {
            out.push('`');
        }
        if k % 2 == 1 && piece.chars().count() > LONG {
            let head: String = piece.chars().take(LONG / 2).collect();
            let tail_start = piece
                .char_indices()
                .rev()
                .nth(LONG / 4 - 1)
                .map_or(0, |(i, _)| i);
            out.push_str(&head);
            out.push('…');
            out.push_str(&piece[tail_start..]);
        } else {
            out.push_str(piece);
        }
    }
    out
}
