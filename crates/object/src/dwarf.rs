//! DWARF line information (`.debug_line`): written with gimli's writer, read back with its
//! reader. One line program covers the whole `.text`, one row per instruction or data item.

use gimli::write::{Address, EndianVec, LineProgram, LineString};
use gimli::{Encoding, Format, LineEncoding, LittleEndian};
// The line table is the assembler's type, which the debugger uses too.
pub use warpkit_asm::lines::{LineRow, LineTable, SourceLine};

const ENCODING: Encoding = Encoding {
    format: Format::Dwarf32,
    version: 4,
    address_size: 8,
};

/// The `.debug_line` section for code of `code_len` bytes at address 0.
pub fn write(t: &LineTable, code_len: u32) -> Result<Vec<u8>, String> {
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
    let dir = p.default_directory();
    let ids: Vec<_> = t
        .files
        .iter()
        .map(|f| p.add_file(LineString::String(f.as_bytes().to_vec()), dir, None))
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
