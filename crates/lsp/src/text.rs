//! The text of one open document: edits by range, and positions in UTF-16 code units (the
//! protocol's default) converted to and from byte offsets.

/// A position as the protocol counts it: 0-based line, UTF-16 code units into the line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Pos {
    pub line: u32,
    pub character: u32,
}

/// Why a position names no place in the document.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PosError {
    /// The line is past the last one.
    NoSuchLine { line: u32, lines: usize },
    /// The column is past the end of the line.
    PastLineEnd { line: u32, character: u32, len: u32 },
    /// The column falls between the two halves of a surrogate pair.
    InsideCharacter { line: u32, character: u32 },
}

impl std::fmt::Display for PosError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            PosError::NoSuchLine { line, lines } => {
                write!(f, "line {line} does not exist (the document has {lines})")
            }
            PosError::PastLineEnd {
                line,
                character,
                len,
            } => write!(
                f,
                "character {character} is past the end of line {line} ({len} UTF-16 units)"
            ),
            PosError::InsideCharacter { line, character } => write!(
                f,
                "character {character} of line {line} falls inside a surrogate pair"
            ),
        }
    }
}

#[derive(Clone, Debug, Default)]
pub struct Document {
    text: String,
    /// Byte offset of each line's start; the first is 0.
    line_starts: Vec<usize>,
}

impl Document {
    pub fn new(text: String) -> Document {
        let mut d = Document {
            text,
            line_starts: Vec::new(),
        };
        d.index();
        d
    }

    fn index(&mut self) {
        self.line_starts.clear();
        self.line_starts.push(0);
        self.line_starts
            .extend(memchr::memchr_iter(b'\n', self.text.as_bytes()).map(|i| i + 1));
    }

    pub fn text(&self) -> &str {
        &self.text
    }

    /// Number of lines (a final line without a newline counts; an empty text has one).
    pub fn lines(&self) -> usize {
        self.line_starts.len()
    }

    /// Byte range of a line's text, without its line end.
    pub fn line_range(&self, line: usize) -> Option<(usize, usize)> {
        let start = *self.line_starts.get(line)?;
        let mut end = self
            .line_starts
            .get(line + 1)
            .map_or(self.text.len(), |&n| n - 1);
        if end > start && self.text.as_bytes()[end - 1] == b'\r' {
            end -= 1;
        }
        Some((start, end))
    }

    pub fn line_text(&self, line: usize) -> &str {
        self.line_range(line).map_or("", |(s, e)| &self.text[s..e])
    }

    /// The 0-based line holding byte `offset`.
    pub fn line_of(&self, offset: usize) -> usize {
        self.line_starts.partition_point(|&s| s <= offset).max(1) - 1
    }

    /// Byte offset of a position, strictly: the line must exist, the column must not pass
    /// the line's end or split a character.
    pub fn offset(&self, p: Pos) -> Result<usize, PosError> {
        let (start, end) = self
            .line_range(p.line as usize)
            .ok_or(PosError::NoSuchLine {
                line: p.line,
                lines: self.lines(),
            })?;
        let mut units = 0u32;
        for (i, c) in self.text[start..end].char_indices() {
            if units == p.character {
                return Ok(start + i);
            }
            units += c.len_utf16() as u32;
            if units > p.character {
                return Err(PosError::InsideCharacter {
                    line: p.line,
                    character: p.character,
                });
            }
        }
        if units == p.character {
            Ok(end)
        } else {
            Err(PosError::PastLineEnd {
                line: p.line,
                character: p.character,
                len: units,
            })
        }
    }

    /// Byte offset of a position the way the protocol says edits treat bad ones: a column
    /// past the line's end means the end, a line past the last one the document's end; a
    /// column inside a surrogate pair moves to the pair's start.
    pub fn offset_lenient(&self, p: Pos) -> usize {
        let Some((start, end)) = self.line_range(p.line as usize) else {
            return self.text.len();
        };
        let mut units = 0u32;
        for (i, c) in self.text[start..end].char_indices() {
            units += c.len_utf16() as u32;
            if units > p.character {
                return start + i;
            }
        }
        end
    }

    /// The position of a byte offset (clamped to the text, moved back to a character start).
    pub fn pos(&self, offset: usize) -> Pos {
        let mut offset = offset.min(self.text.len());
        while !self.text.is_char_boundary(offset) {
            offset -= 1;
        }
        let line = self.line_of(offset);
        let start = self.line_starts[line];
        let character: usize = self.text[start..offset].chars().map(char::len_utf16).sum();
        Pos {
            line: line as u32,
            character: character.min(u32::MAX as usize) as u32,
        }
    }

    /// Replace bytes `start..end` (clamped and ordered) with `new`.
    pub fn replace(&mut self, start: usize, end: usize, new: &str) {
        let (a, b) = (start.min(self.text.len()), end.min(self.text.len()));
        let (start, end) = (a.min(b), a.max(b));
        self.text.replace_range(start..end, new);
        self.index();
    }

    /// Replace the whole text.
    pub fn set_text(&mut self, text: String) {
        self.text = text;
        self.index();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(line: u32, character: u32) -> Pos {
        Pos { line, character }
    }

    #[test]
    fn utf16_columns_count_surrogate_pairs_twice() {
        let d = Document::new("a😀b\r\nxé\n".into());
        assert_eq!(d.lines(), 3);
        assert_eq!(d.line_text(0), "a😀b");
        assert_eq!(d.offset(p(0, 3)), Ok(5));
        assert_eq!(d.offset(p(0, 4)), Ok(6));
        assert_eq!(
            d.offset(p(0, 2)),
            Err(PosError::InsideCharacter {
                line: 0,
                character: 2
            })
        );
        assert!(matches!(
            d.offset(p(0, 5)),
            Err(PosError::PastLineEnd { .. })
        ));
        assert!(matches!(
            d.offset(p(7, 0)),
            Err(PosError::NoSuchLine { .. })
        ));
        assert_eq!(d.pos(5), p(0, 3));
        assert_eq!(d.pos(d.text().find('é').unwrap() + 2), p(1, 2));
        assert_eq!(d.offset_lenient(p(0, 2)), 1);
        assert_eq!(d.offset_lenient(p(0, 99)), 6);
        assert_eq!(d.offset_lenient(p(99, 0)), d.text().len());
        assert_eq!(d.offset(p(2, 0)), Ok(d.text().len()));
    }

    #[test]
    fn replace_keeps_the_line_index() {
        let mut d = Document::new("one\ntwo\nthree".into());
        let (s, e) = (d.offset(p(1, 0)).unwrap(), d.offset(p(2, 2)).unwrap());
        d.replace(s, e, "X\nY");
        assert_eq!(d.text(), "one\nX\nYree");
        assert_eq!(d.line_text(2), "Yree");
        d.replace(99, 120, "!");
        assert_eq!(d.text(), "one\nX\nYree!");
    }
}
