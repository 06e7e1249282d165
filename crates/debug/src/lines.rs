//! Source positions of code offsets: a table of rows (offset → file, line), filled from
//! assembling a `.s` file here, or from any other line table (an object file's) by
//! [`LineTable::new`].

use serde::Serialize;

/// One row: the instruction (or data) starting at `offset` comes from `line` of `file`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct LineRow {
    pub offset: u32,
    /// Index into [`LineTable::files`].
    pub file: u32,
    /// 1-based.
    pub line: u32,
}

/// A source position for people.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SourcePos {
    pub file: String,
    pub line: u32,
}

/// Offset → file:line, and back.
#[derive(Clone, Debug, Default)]
pub struct LineTable {
    files: Vec<String>,
    /// Sorted by offset.
    rows: Vec<LineRow>,
}

/// The label prefix the source mapping inserts; no real program uses it.
const MARK: &str = "__warpkit_debug_line_";

impl LineTable {
    /// A table from rows in any order (rows naming a file index outside `files` are
    /// dropped).
    pub fn new(files: Vec<String>, mut rows: Vec<LineRow>) -> LineTable {
        rows.retain(|r| (r.file as usize) < files.len());
        rows.sort_by_key(|r| (r.offset, r.line));
        rows.dedup_by_key(|r| r.offset);
        LineTable { files, rows }
    }

    /// The rows of assembling `src` (named `file`), which must assemble to `code`: each
    /// line's offset is found by assembling the text once more with a label in front of
    /// every line (labels emit no bytes). An empty table if that does not reproduce `code`.
    pub fn from_assembly(file: &str, src: &str, code: &[u8]) -> LineTable {
        let src = src.strip_prefix('\u{feff}').unwrap_or(src);
        let mut marked = String::with_capacity(src.len() * 2);
        let lines: Vec<&str> = src.split('\n').collect();
        for (i, l) in lines.iter().enumerate() {
            marked.push_str(MARK);
            marked.push_str(&(i + 1).to_string());
            marked.push_str(":\n");
            marked.push_str(l);
            marked.push('\n');
        }
        let Ok(a) = warpkit_asm::assemble(&marked) else {
            return LineTable::default();
        };
        if a.code != code {
            return LineTable::default();
        }
        let mut at = vec![u32::MAX; lines.len() + 2];
        for (name, off) in &a.labels {
            if let Some(n) = name
                .strip_prefix(MARK)
                .and_then(|n| n.parse::<usize>().ok())
            {
                if n < at.len() {
                    at[n] = *off;
                }
            }
        }
        at[lines.len() + 1] = code.len() as u32;
        let mut rows = Vec::new();
        for n in 1..=lines.len() {
            // A line emits bytes when the next line starts further on.
            if at[n] != u32::MAX && at[n + 1] != u32::MAX && at[n + 1] > at[n] {
                rows.push(LineRow {
                    offset: at[n],
                    file: 0,
                    line: n as u32,
                });
            }
        }
        LineTable::new(vec![file.to_string()], rows)
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

    /// The row covering `pc`: the last row at or before it.
    pub fn row_of(&self, pc: u32) -> Option<LineRow> {
        let i = self.rows.partition_point(|r| r.offset <= pc);
        i.checked_sub(1).map(|i| self.rows[i])
    }

    /// `pc`'s source position.
    pub fn pos_of(&self, pc: u32) -> Option<SourcePos> {
        self.row_of(pc).map(|r| SourcePos {
            file: self.files[r.file as usize].clone(),
            line: r.line,
        })
    }

    /// The offsets where code of `line` starts; `file` `None` means any file, else a file
    /// named exactly so or ending in `/file`.
    pub fn offsets_of(&self, file: Option<&str>, line: u32) -> Vec<u32> {
        let fits = |i: u32| match file {
            None => true,
            Some(f) => {
                let name = &self.files[i as usize];
                name == f || name.ends_with(&format!("/{f}")) || f.ends_with(&format!("/{name}"))
            }
        };
        self.rows
            .iter()
            .filter(|r| r.line == line && fits(r.file))
            .map(|r| r.offset)
            .collect()
    }

    /// Whether some file of the table has this name (see [`LineTable::offsets_of`]).
    pub fn has_file(&self, f: &str) -> bool {
        self.files.iter().any(|name| {
            name == f || name.ends_with(&format!("/{f}")) || f.ends_with(&format!("/{name}"))
        })
    }
}
