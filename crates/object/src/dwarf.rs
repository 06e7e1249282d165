//! DWARF line information (`.debug_line`): written with gimli's writer, read back with its
//! reader. One line program covers the whole `.text`, one row per instruction or data item.
//! Relative file names are recorded under the directory they were assembled in (an include
//! directory, as DWARF 4 has no other place for it without a `.debug_info`), so readers
//! elsewhere find the sources: [`source_paths`].

use gimli::write::{Address, EndianVec, LineProgram, LineString};
use gimli::{Encoding, Format, LineEncoding, LittleEndian};
// The line table is the assembler's type, which the debugger uses too.
pub use warpkit_asm::lines::{LineRow, LineTable, SourceLine};

const ENCODING: Encoding = Encoding {
    format: Format::Dwarf32,
    version: 4,
    address_size: 8,
};

/// The `.debug_line` section for code of `code_len` bytes at address 0, relative file names
/// under the current directory.
pub fn write(t: &LineTable, code_len: u32) -> Result<Vec<u8>, String> {
    let cwd = std::env::current_dir().ok();
    write_in(t, code_len, cwd.as_deref().and_then(|d| d.to_str()))
}

/// A file name that names a file relative to where it was assembled (not `<stdin>` and
/// the like, not an absolute path).
fn is_relative(f: &str) -> bool {
    !f.starts_with('<') && std::path::Path::new(f).is_relative()
}

/// [`write`] with relative file names under `dir` (none: no directory recorded).
pub fn write_in(t: &LineTable, code_len: u32, dir: Option<&str>) -> Result<Vec<u8>, String> {
    // gimli's writer panics on these; DWARF names are non-empty NUL-terminated strings.
    if let Some(f) = t.files.iter().find(|f| f.is_empty() || f.contains('\0')) {
        return Err(format!(
            "cannot write .debug_line: the file name {f:?} is empty or holds a NUL byte"
        ));
    }
    let first = t.files.first().map_or("", |s| s.as_str());
    let mut p = LineProgram::new(
        ENCODING,
        LineEncoding::default(),
        LineString::String(Vec::new()),
        LineString::String(first.as_bytes().to_vec()),
        None,
    );
    let default = p.default_directory();
    // gimli's writer panics on an empty or NUL-holding directory too.
    let dir = dir
        .filter(|d| !d.is_empty() && !d.contains('\0'))
        .map(|d| p.add_directory(LineString::String(d.as_bytes().to_vec())));
    let ids: Vec<_> = t
        .files
        .iter()
        .map(|f| {
            let d = dir.filter(|_| is_relative(f)).unwrap_or(default);
            p.add_file(LineString::String(f.as_bytes().to_vec()), d, None)
        })
        .collect();
    p.begin_sequence(Some(Address::Constant(0)));
    let mut last = 0u64;
    for r in &t.rows {
        let Some(&id) = ids.get(r.file as usize) else {
            continue;
        };
        if (r.offset as u64) < last {
            continue; // rows go forward only
        }
        last = r.offset as u64;
        let row = p.row();
        row.address_offset = r.offset as u64;
        row.file = id;
        row.line = r.line as u64;
        row.is_statement = true;
        p.generate_row();
    }
    p.end_sequence(code_len.max(last as u32) as u64);
    let mut w = gimli::write::DebugLine::from(EndianVec::new(LittleEndian));
    p.write(
        &mut w,
        ENCODING,
        &gimli::write::DebugLineStrOffsets::none(),
        &gimli::write::DebugStrOffsets::none(),
    )
    .map_err(|e| format!("cannot write .debug_line: {e}"))?;
    Ok(w.slice().to_vec())
}

/// Read a `.debug_line` section of code of `code_len` bytes; every program in it. Bad
/// DWARF is an error, never a panic; at most a few rows per code byte are kept.
pub fn read(data: &[u8], code_len: u32) -> Result<LineTable, String> {
    let dl = gimli::DebugLine::new(data, LittleEndian);
    let mut t = LineTable::default();
    let mut at = 0usize;
    let limit = (code_len as usize).saturating_mul(2).saturating_add(64);
    let bad = |e: gimli::Error| format!(".debug_line: {e}");
    let mut raw: Vec<(u64, u32, u32)> = Vec::new();
    while at < data.len() {
        let prog = dl
            .program(gimli::DebugLineOffset(at), 8, None, None)
            .map_err(bad)?;
        let header = prog.header().clone();
        let unit_len = header.unit_length() + 4;
        let mut file_ids: Vec<(u64, u32)> = Vec::new();
        let mut rows = prog.rows();
        while let Some((h, row)) = rows.next_row().map_err(bad)? {
            if row.end_sequence() {
                continue;
            }
            if raw.len() >= limit {
                return Err(format!(
                    ".debug_line: more rows than the code has items ({code_len} bytes)"
                ));
            }
            let fi = row.file_index();
            let id = match file_ids.iter().find(|(f, _)| *f == fi) {
                Some(&(_, id)) => id,
                None => {
                    let name = match h.file(fi).map(|f| f.path_name()) {
                        Some(gimli::AttributeValue::String(s)) => {
                            String::from_utf8_lossy(s.slice()).into_owned()
                        }
                        _ => format!("<file {fi}>"),
                    };
                    if name.is_empty() {
                        return Err(format!(".debug_line: file {fi} has an empty name"));
                    }
                    let id = match t.files.iter().position(|n| *n == name) {
                        Some(i) => i as u32,
                        None => {
                            t.files.push(name);
                            (t.files.len() - 1) as u32
                        }
                    };
                    file_ids.push((fi, id));
                    id
                }
            };
            let line = row
                .line()
                .map_or(0, |l| l.get().min(u32::MAX as u64) as u32);
            raw.push((row.address(), id, line));
        }
        at = at
            .checked_add(unit_len)
            .ok_or(".debug_line: bad unit length")?;
    }
    raw.sort_by_key(|r| r.0);
    for (i, &(a, file, line)) in raw.iter().enumerate() {
        if a >= code_len as u64 {
            return Err(format!(
                ".debug_line: address 0x{a:x} is past the end of the code (0x{code_len:x})"
            ));
        }
        let next = raw.get(i + 1).map_or(code_len as u64, |r| r.0);
        t.rows.push(LineRow {
            offset: a as u32,
            size: (next - a) as u32,
            file,
            line,
        });
    }
    Ok(t)
}

/// For each file of a code object's line table named relative to a recorded directory, the
/// path to read it from: `dir/name`. Files without a directory are not listed (read them by
/// their names); a file without `.debug_line` or with bad DWARF gives none.
pub fn source_paths(elf: &[u8]) -> Vec<(String, std::path::PathBuf)> {
    use object::{Object, ObjectSection};
    let Ok(f) = object::read::elf::ElfFile64::<object::LittleEndian>::parse(elf) else {
        return Vec::new();
    };
    f.section_by_name(".debug_line")
        .and_then(|s| s.data().ok())
        .map_or_else(Vec::new, line_paths)
}

/// [`source_paths`] of a `.debug_line` section.
pub fn line_paths(data: &[u8]) -> Vec<(String, std::path::PathBuf)> {
    let dl = gimli::DebugLine::new(data, LittleEndian);
    let mut out: Vec<(String, std::path::PathBuf)> = Vec::new();
    let mut at = 0usize;
    let text = |v: Option<gimli::AttributeValue<gimli::EndianSlice<'_, LittleEndian>>>| match v {
        Some(gimli::AttributeValue::String(s)) => {
            Some(String::from_utf8_lossy(s.slice()).into_owned())
        }
        _ => None,
    };
    while at < data.len() {
        let Ok(prog) = dl.program(gimli::DebugLineOffset(at), 8, None, None) else {
            break;
        };
        let h = prog.header();
        for fe in h.file_names() {
            let (Some(name), Some(dir)) = (
                text(Some(fe.path_name())),
                text(fe.directory(h)).filter(|d| !d.is_empty()),
            ) else {
                continue;
            };
            if is_relative(&name) && !out.iter().any(|(n, _)| *n == name) {
                out.push((name.clone(), std::path::Path::new(&dir).join(&name)));
            }
        }
        match h
            .unit_length()
            .checked_add(4)
            .and_then(|n| at.checked_add(n))
        {
            Some(n) => at = n,
            None => break,
        }
    }
    out
}
