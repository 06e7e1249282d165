//! The one label lexer: what starts a line's code, a label `name:` or the first word (a
//! mnemonic, directive or macro name). The assembler's passes, its front stage and the
//! language server all read labels through it, so they never disagree on what a label is.

use crate::expr::{is_ident_char, is_ident_start};

/// What comes next in a line's code (comment already stripped).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lead {
    /// `name:`: the name's byte range (the colon follows it).
    Label(usize, usize),
    /// The first word starts at `start` (the code's length when there is none). `end` is
    /// known when the word is a name followed by white space or the end; otherwise it runs
    /// to the next white space.
    Word { start: usize, end: Option<usize> },
}

/// What starts at or after `pos` of `b`, white space skipped.
#[inline]
pub fn lead(b: &[u8], pos: usize) -> Lead {
    // Iterator scans (no bounds check per byte): every line of every file comes through here.
    let rest = b.get(pos..).unwrap_or_default();
    let st = pos
        + rest
            .iter()
            .position(|c| !c.is_ascii_whitespace())
            .unwrap_or(rest.len());
    let mut end = None;
    if b.get(st).is_some_and(|&c| is_ident_start(c)) {
        let tail = &b[st + 1..];
        let p = st
            + 1
            + tail
                .iter()
                .position(|&c| !is_ident_char(c))
                .unwrap_or(tail.len());
        match b.get(p) {
            Some(b':') => return Lead::Label(st, p),
            Some(c) if !c.is_ascii_whitespace() => {}
            _ => end = Some(p),
        }
    }
    Lead::Word { start: st, end }
}

/// A byte range of a line.
pub type Range = (usize, usize);

/// Every label of a line's code and its first word (`None` for a line of labels only).
pub fn labels_and_word(code: &str) -> (Vec<Range>, Option<Range>) {
    let b = code.as_bytes();
    let mut labels = Vec::new();
    let mut pos = 0;
    loop {
        match lead(b, pos) {
            Lead::Label(s, e) => {
                labels.push((s, e));
                pos = e + 1;
            }
            Lead::Word { start, .. } if start >= b.len() => return (labels, None),
            Lead::Word { start, end } => {
                let e = end.unwrap_or_else(|| {
                    start
                        + b[start..]
                            .iter()
                            .position(u8::is_ascii_whitespace)
                            .unwrap_or(b.len() - start)
                });
                return (labels, Some((start, e)));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_then_the_word() {
        assert_eq!(
            labels_and_word("a: .b$1:  add v1, v2"),
            (vec![(0, 1), (3, 7)], Some((10, 13)))
        );
        assert_eq!(labels_and_word("  x:  "), (vec![(2, 3)], None));
        assert_eq!(labels_and_word("fadd.f32.m v1"), (vec![], Some((0, 10))));
        // Not a name: the word runs to the white space.
        assert_eq!(labels_and_word("1b: x"), (vec![], Some((0, 3))));
        assert_eq!(
            lead(b" \\r:", 0),
            Lead::Word {
                start: 1,
                end: None
            }
        );
    }
}
