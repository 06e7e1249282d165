//! Diagnostics as text, like a compiler prints them (codespan-reporting), with two limits a
//! person needs: at most `max` errors (then "and K more errors"), and of each source line only
//! a window around the error, so one error on a megabyte-long line prints one short line.

use crate::diagnostic::{Diagnostic, Severity};
use codespan_reporting::diagnostic::{Diagnostic as CsDiag, Label};
use codespan_reporting::files::{Error as FilesError, Files};
use codespan_reporting::term::{self, termcolor::Buffer};
use std::fmt;
use std::ops::Range;

/// The diagnostics of one file, ready to print.
#[derive(Clone, Debug)]
pub struct Diagnostics {
    pub file: String,
    pub source: String,
    /// Sorted by position; errors and warnings.
    pub list: Vec<Diagnostic>,
}

impl Diagnostics {
    /// Render like a compiler: `error: ...`, `--> file:line:col`, the line, a caret, the hint;
    /// every diagnostic.
    pub fn render(&self, color: bool) -> String {
        self.render_limited(color, usize::MAX)
    }

    /// Like [`Diagnostics::render`], with at most `max` errors (and `max` warnings), then
    /// "... and K more errors". Long lines are shown as a window around the column.
    pub fn render_limited(&self, color: bool, max: usize) -> String {
        render(&self.file, &self.source, &self.list, color, max)
    }

    pub fn errors(&self) -> usize {
        self.list.iter().filter(|d| d.is_error()).count()
    }
}

impl fmt::Display for Diagnostics {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.render(false))
    }
}

impl std::error::Error for Diagnostics {}

/// Bytes of a line shown before and after the error (cut at character boundaries).
const BEFORE: usize = 64;
const AFTER: usize = 96;
const ELLIPSIS: &str = "…";

/// One shown line: the window of a source line inside the excerpt text.
struct ExLine {
    /// 0-based line index in the real file.
    index: usize,
    /// Its bytes in the excerpt text (ellipses included).
    range: Range<usize>,
    /// Where the real text starts in the excerpt (after a leading ellipsis) and the source
    /// bytes it shows.
    text_start: usize,
    src: Range<usize>,
    /// 1-based real column of the first shown character.
    first_col: usize,
}

/// The few lines one diagnostic shows, cut to windows, as a codespan "file" that reports the
/// real line and column numbers.
struct Excerpt<'a> {
    name: &'a str,
    text: String,
    lines: Vec<ExLine>,
}

fn floor_boundary(s: &str, mut i: usize) -> usize {
    while !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

fn ceil_boundary(s: &str, mut i: usize) -> usize {
    while i < s.len() && !s.is_char_boundary(i) {
        i += 1;
    }
    i
}

impl<'a> Excerpt<'a> {
    /// `points`: (source offset, 0-based line index, 1-based column) of each place shown.
    fn new(name: &'a str, source: &str, bom: usize, points: &[(usize, usize, usize)]) -> Self {
        let mut ex = Excerpt {
            name,
            text: String::new(),
            lines: Vec::new(),
        };
        let mut pts: Vec<(usize, usize, usize)> = points.to_vec();
        pts.sort_by_key(|p| p.1);
        pts.dedup_by_key(|p| p.1);
        let mut with_gaps = Vec::with_capacity(pts.len() + 1);
        for (k, p) in pts.iter().enumerate() {
            // codespan prints a single line between two shown ones instead of a break.
            if k > 0 && p.1 == pts[k - 1].1 + 2 {
                let from = pts[k - 1].0.min(source.len());
                if let Some(nl) = memchr::memchr(b'\n', &source.as_bytes()[from..]) {
                    with_gaps.push((from + nl + 1, p.1 - 1, 1));
                }
            }
            with_gaps.push(*p);
        }
        for (at, index, col) in with_gaps {
            ex.push_line(source, bom, at.min(source.len()), index, col);
        }
        ex
    }

    fn push_line(&mut self, source: &str, bom: usize, at: usize, index: usize, col: usize) {
        let b = source.as_bytes();
        let lo = at.saturating_sub(BEFORE).max(bom);
        let start = match memchr::memrchr(b'\n', &b[lo..at]) {
            Some(p) => lo + p + 1,
            None if lo == bom || (lo > 0 && b[lo - 1] == b'\n') => lo,
            None => ceil_boundary(source, lo),
        };
        let cut_before = start > bom && b[start - 1] != b'\n';
        let end = line_end(source, at, AFTER);
        let full_end = end == source.len() || b[end] == b'\n' || b[end] == b'\r';
        if !self.text.is_empty() {
            self.text.push('\n');
        }
        let line_start = self.text.len();
        if cut_before {
            self.text.push_str(ELLIPSIS);
        }
        let text_start = self.text.len();
        self.text.push_str(&source[start..end]);
        if !full_end {
            self.text.push_str(ELLIPSIS);
        }
        let shown_before = source[start..at].chars().count();
        self.lines.push(ExLine {
            index,
            range: line_start..self.text.len(),
            text_start,
            src: start..end,
            first_col: col.saturating_sub(shown_before).max(1),
        });
    }

    /// A source range in excerpt coordinates (clamped to the window of its line).
    fn map(&self, r: Range<usize>, index: usize) -> Range<usize> {
        let Some(l) = self.lines.iter().find(|l| l.index == index) else {
            return 0..0;
        };
        let f = |x: usize| l.text_start + x.clamp(l.src.start, l.src.end) - l.src.start;
        let (s, e) = (f(r.start), f(r.end.max(r.start)));
        // A range cut at the window's end reaches over the ellipsis, to show it goes on.
        let e = if r.end > l.src.end { l.range.end } else { e };
        s..e
    }
}

/// End of the line containing `at`, or `at + limit` (at a character boundary) if sooner;
/// a trailing `\r` is left out.
fn line_end(source: &str, at: usize, limit: usize) -> usize {
    let b = source.as_bytes();
    let hi = at.saturating_add(limit).min(b.len());
    match memchr::memchr(b'\n', &b[at..hi]) {
        Some(p) => {
            let e = at + p;
            if e > at && b[e - 1] == b'\r' {
                e - 1
            } else {
                e
            }
        }
        None => floor_boundary(source, hi),
    }
}

impl<'f> Files<'f> for Excerpt<'_> {
    type FileId = ();
    type Name = &'f str;
    type Source = &'f str;

    fn name(&'f self, (): ()) -> Result<&'f str, FilesError> {
        Ok(self.name)
    }

    fn source(&'f self, (): ()) -> Result<&'f str, FilesError> {
        Ok(&self.text)
    }

    fn line_index(&'f self, (): (), byte_index: usize) -> Result<usize, FilesError> {
        let k = self
            .lines
            .partition_point(|l| l.range.start <= byte_index)
            .max(1);
        Ok(self.lines.get(k - 1).map_or(0, |l| l.index))
    }

    fn line_range(&'f self, (): (), line_index: usize) -> Result<Range<usize>, FilesError> {
        self.lines
            .iter()
            .find(|l| l.index == line_index)
            .map(|l| l.range.clone())
            .ok_or(FilesError::LineTooLarge {
                given: line_index,
                max: self.lines.last().map_or(0, |l| l.index),
            })
    }

    fn column_number(
        &'f self,
        (): (),
        line_index: usize,
        byte_index: usize,
    ) -> Result<usize, FilesError> {
        let l =
            self.lines
                .iter()
                .find(|l| l.index == line_index)
                .ok_or(FilesError::LineTooLarge {
                    given: line_index,
                    max: 0,
                })?;
        let upto = byte_index.clamp(l.text_start, l.range.end);
        Ok(l.first_col + self.text[l.text_start..upto].chars().count())
    }
}

/// Render `list` (sorted by position) for `file`; at most `max` errors and `max` warnings.
pub(crate) fn render(
    file: &str,
    source: &str,
    list: &[Diagnostic],
    color: bool,
    max: usize,
) -> String {
    render_with_notes(file, source, list, &[], (0, 0), color, max)
}

/// [`render`] with notes per diagnostic (`notes[i]` for `list[i]`; missing entries: none),
/// printed after the hint: where a macro was defined and used, what included the file; and
/// `(errors, warnings)` more that are past `max` and only counted (the caller left them out
/// of `list`).
pub(crate) fn render_with_notes(
    file: &str,
    source: &str,
    list: &[Diagnostic],
    notes: &[Vec<String>],
    more: (usize, usize),
    color: bool,
    max: usize,
) -> String {
    let bom = if source.starts_with('\u{feff}') { 3 } else { 0 };
    let mut buf = if color {
        Buffer::ansi()
    } else {
        Buffer::no_color()
    };
    let config = term::Config::default();
    let (mut errors, mut warnings) = (0usize, 0usize);
    for (i, d) in list.iter().enumerate() {
        let count = match d.severity {
            Severity::Error => &mut errors,
            Severity::Warning => &mut warnings,
        };
        *count += 1;
        if *count > max {
            continue;
        }
        let mut points = vec![(d.start, d.line - 1, d.col)];
        if let Some(r) = &d.related {
            points.push((r.start, r.line - 1, r.col));
        }
        let ex = Excerpt::new(file, source, bom, &points);
        let mut labels = vec![Label::primary((), ex.map(d.start..d.end, d.line - 1))];
        if let Some(r) = &d.related {
            labels.push(
                Label::secondary((), ex.map(r.start..r.end, r.line - 1))
                    .with_message(r.message.as_str()),
            );
        }
        let cs = match d.severity {
            Severity::Error => CsDiag::error(),
            Severity::Warning => CsDiag::warning(),
        };
        let mut cs = cs.with_message(&d.message).with_labels(labels);
        let mut ns: Vec<String> = d.hint.iter().map(|h| format!("hint: {h}")).collect();
        ns.extend(
            notes
                .get(i)
                .into_iter()
                .flatten()
                .map(|n| format!("note: {n}")),
        );
        if !ns.is_empty() {
            cs = cs.with_notes(ns);
        }
        // Rendering into memory fails only for ranges outside the excerpt, which `map`
        // rules out.
        let _ = term::emit(&mut buf, &config, &ex, &cs);
    }
    let mut s = String::from_utf8_lossy(buf.as_slice()).into_owned();
    let (errors, warnings) = (errors + more.0, warnings + more.1);
    let plural = |n: usize, what: &str| format!("{n} {what}{}", if n == 1 { "" } else { "s" });
    if errors > max {
        s.push_str(&format!("... and {}\n", plural(errors - max, "more error")));
    }
    if warnings > max {
        s.push_str(&format!(
            "... and {}\n",
            plural(warnings - max, "more warning")
        ));
    }
    let mut total = Vec::new();
    if errors > 0 || warnings == 0 {
        total.push(plural(errors, "error"));
    }
    if warnings > 0 {
        total.push(plural(warnings, "warning"));
    }
    s.push_str(&format!("{} in {file}\n", total.join(", ")));
    s
}
