//! The line table: code offsets to source file and line, and back. One type for every
//! user: the assembler fills it from the source position of each instruction and data item
//! it places, code objects write and read it as DWARF `.debug_line`, and the debugger, the
//! DAP server and the playground look lines up in it.

/// One row: the item of `size` bytes at `offset` came from `line` of `file`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LineRow {
    pub offset: u32,
    pub size: u32,
    /// Index into [`LineTable::files`].
    pub file: u32,
    /// 1-based.
    pub line: u32,
}

/// A source place borrowed from a table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SourceLine<'a> {
    pub file: &'a str,
    pub line: u32,
}

/// A source place for people (owned).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SourcePos {
    pub file: String,
    pub line: u32,
}

/// Code offsets to source lines.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LineTable {
    pub files: Vec<String>,
    /// In offset order.
    pub rows: Vec<LineRow>,
}

/// `name` is `f`, or one ends in `/` and the other (a path and a bare file name).
fn same_file(name: &str, f: &str) -> bool {
    name == f
        || name.strip_suffix(f).is_some_and(|p| p.ends_with('/'))
        || f.strip_suffix(name).is_some_and(|p| p.ends_with('/'))
}

impl LineTable {
    /// A table from rows in any order: rows naming a file index outside `files` are
    /// dropped, and of rows at one offset the lowest line stays.
    pub fn new(files: Vec<String>, mut rows: Vec<LineRow>) -> LineTable {
        rows.retain(|r| (r.file as usize) < files.len());
        rows.sort_by_key(|r| (r.offset, r.line));
        rows.dedup_by_key(|r| r.offset);
        LineTable { files, rows }
    }

    pub fn files(&self) -> &[String] {
        &self.files
    }

    pub fn rows(&self) -> &[LineRow] {
        &self.rows
    }

    pub fn is_empty(&self) -> bool {
        self.rows.is_empty()
    }

    /// The source line of the code at `offset` when it is inside a row's item.
    pub fn line_of(&self, offset: u32) -> Option<SourceLine<'_>> {
        let k = self.rows.partition_point(|r| r.offset <= offset);
        let r = self.rows.get(k.checked_sub(1)?)?;
        (offset < r.offset.saturating_add(r.size.max(1))).then(|| SourceLine {
            file: self.files.get(r.file as usize).map_or("?", |s| s.as_str()),
            line: r.line,
        })
    }

    /// The first code offset of a line of the file named exactly `file`, if any.
    pub fn offset_of(&self, file: &str, line: u32) -> Option<u32> {
        let f = self.files.iter().position(|n| n == file)? as u32;
        self.rows
            .iter()
            .find(|r| r.file == f && r.line == line)
            .map(|r| r.offset)
    }

    /// The row covering `pc` for a debugger: the last row at or before it.
    pub fn row_of(&self, pc: u32) -> Option<LineRow> {
        let i = self.rows.partition_point(|r| r.offset <= pc);
        i.checked_sub(1).map(|i| self.rows[i])
    }

    /// `pc`'s source position (see [`LineTable::row_of`]).
    pub fn pos_of(&self, pc: u32) -> Option<SourcePos> {
        let r = self.row_of(pc)?;
        Some(SourcePos {
            file: self.files.get(r.file as usize)?.clone(),
            line: r.line,
        })
    }

    /// The offsets where code of `line` starts; `file` `None` means any file, else a file
    /// named exactly so, or a path ending in `/file` (or the other way round).
    pub fn offsets_of(&self, file: Option<&str>, line: u32) -> Vec<u32> {
        let fits = |i: u32| match (file, self.files.get(i as usize)) {
            (None, _) => true,
            (Some(f), Some(name)) => same_file(name, f),
            (Some(_), None) => false,
        };
        self.rows
            .iter()
            .filter(|r| r.line == line && fits(r.file))
            .map(|r| r.offset)
            .collect()
    }

    /// Whether some file of the table has this name (see [`LineTable::offsets_of`]).
    pub fn has_file(&self, f: &str) -> bool {
        self.files.iter().any(|name| same_file(name, f))
    }
}
