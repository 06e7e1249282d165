//! Source bytes to text: UTF-8, except that comments may hold any bytes (a Latin-1 name in a
//! comment should not reject a file). Code outside comments must be UTF-8; the error says
//! where, as line and column. And the files of a translation unit: [`SourceFile`], and the
//! [`Loader`] that reads what `.include` names.

use std::borrow::Cow;
use std::fmt;

/// A byte outside comments that is not UTF-8.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotUtf8 {
    /// 1-based line and column (column in characters, as the assembler's diagnostics).
    pub line: usize,
    pub col: usize,
    /// Byte offset in the file.
    pub offset: usize,
    pub byte: u8,
}

impl fmt::Display for NotUtf8 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:{}: byte 0x{:02x} is not UTF-8 text (byte offset {}); only comments may hold \
             other bytes",
            self.line, self.col, self.byte, self.offset
        )
    }
}

/// Where a line's comment starts (`;` or `//`), if it has one.
fn comment_start(line: &[u8]) -> Option<usize> {
    let semi = memchr::memchr(b';', line);
    let slashes = memchr::memmem::find(line, b"//");
    match (semi, slashes) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

/// The text of assembly source bytes: the bytes themselves when they are UTF-8; otherwise
/// each comment's bytes that are not UTF-8 become U+FFFD (comments mean nothing to the
/// assembler), and a bad byte anywhere else is an error.
pub fn source_text(bytes: &[u8]) -> Result<Cow<'_, str>, NotUtf8> {
    if let Ok(s) = std::str::from_utf8(bytes) {
        return Ok(Cow::Borrowed(s));
    }
    let mut out = String::with_capacity(bytes.len() + 16);
    let mut at = 0usize;
    for (k, line) in bytes.split_inclusive(|&b| b == b'\n').enumerate() {
        let code_end = comment_start(line).unwrap_or(line.len());
        let code = &line[..code_end];
        match std::str::from_utf8(code) {
            Ok(s) => out.push_str(s),
            Err(e) => {
                let good = e.valid_up_to();
                let col = String::from_utf8_lossy(&code[..good]).chars().count() + 1;
                return Err(NotUtf8 {
                    line: k + 1,
                    col,
                    offset: at + good,
                    byte: code[good],
                });
            }
        }
        out.push_str(&String::from_utf8_lossy(&line[code_end..]));
        at += line.len();
    }
    Ok(Cow::Owned(out))
}

/// A source file: its name (as diagnostics and the line table show it) and text.
#[derive(Clone, Debug, Default)]
pub struct SourceFile {
    pub name: String,
    pub text: String,
    /// The text is C-preprocessor output: its `# N "file"` line markers are followed.
    pub from_cpp: bool,
}

/// Reads the files `.include` names.
pub trait Loader {
    /// Read `path` as named in a `.include` of the file `from`; returns the name the file
    /// goes by (its path relative to the including file's directory, for example) and text.
    fn load(&self, from: &str, path: &str) -> Result<(String, String), String>;
}

/// A loader for text that has no files around it: every `.include` is an error.
pub struct NoIncludes;

impl Loader for NoIncludes {
    fn load(&self, _from: &str, _path: &str) -> Result<(String, String), String> {
        Err("this source was given as text, not as a file, so it cannot include files".into())
    }
}

/// Includes resolved relative to the including file's directory, read from disk.
pub struct FsLoader;

impl Loader for FsLoader {
    fn load(&self, from: &str, path: &str) -> Result<(String, String), String> {
        search(from, path, &[])
    }
}

/// Includes resolved relative to the including file's directory, then in each directory
/// of the list in order (`asm -I DIR`), read from disk.
pub struct SearchPath(pub Vec<std::path::PathBuf>);

impl Loader for SearchPath {
    fn load(&self, from: &str, path: &str) -> Result<(String, String), String> {
        search(from, path, &self.0)
    }
}

/// Read `path` (named in a `.include` of `from`): an absolute path as it is, else the
/// first that exists of `from`'s directory and `dirs`. The error names every path tried.
fn search(from: &str, path: &str, dirs: &[std::path::PathBuf]) -> Result<(String, String), String> {
    use std::path::{Path, PathBuf};
    let p = Path::new(path);
    let mut tried: Vec<PathBuf> = Vec::new();
    if p.is_absolute() {
        tried.push(p.to_path_buf());
    } else {
        let here = Path::new(from).parent().unwrap_or(Path::new(""));
        tried.push(here.join(p));
        tried.extend(dirs.iter().map(|d| d.join(p)));
    }
    for full in &tried {
        let Ok(meta) = std::fs::metadata(full) else {
            continue;
        };
        if !meta.is_file() {
            return Err(format!("{} is not a regular file", full.display()));
        }
        let text = std::fs::read_to_string(full).map_err(|e| format!("{}: {e}", full.display()))?;
        return Ok((full.to_string_lossy().into_owned(), text));
    }
    let list: Vec<String> = tried.iter().map(|t| t.display().to_string()).collect();
    Err(if dirs.is_empty() {
        format!(
            "{} does not exist (a relative name is looked up beside the including file; -I DIR adds directories)",
            list[0]
        )
    } else {
        format!("not found; looked for {}", list.join(", "))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn comments_may_hold_any_bytes_code_may_not() {
        assert_eq!(
            source_text(b"add v1, v2, v3\n").unwrap(),
            "add v1, v2, v3\n"
        );
        let t = source_text(b"add v1, v2, v3 ; caf\xe9\n// \xff\xfe\nnop\n").unwrap();
        assert_eq!(
            t,
            "add v1, v2, v3 ; caf\u{fffd}\n// \u{fffd}\u{fffd}\nnop\n"
        );
        let e = source_text(b"nop\n  jmp l\xc3\xa4bel\xff\n").unwrap_err();
        assert_eq!((e.line, e.col, e.offset, e.byte), (2, 12, 16, 0xff));
        let e = source_text(b"\xc3 ; x").unwrap_err();
        assert_eq!((e.line, e.col), (1, 1));
    }
}
