//! File handling shared by every subcommand: outputs are written atomically (temporary file
//! in the same directory, then rename) and never over an input.

use std::io::Write;
use std::path::{Path, PathBuf};

/// Read a file, with the path in the error.
pub fn read(path: &Path) -> Result<Vec<u8>, String> {
    std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))
}

pub fn read_text(path: &Path) -> Result<String, String> {
    let b = read(path)?;
    String::from_utf8(b).map_err(|e| {
        format!(
            "{} is not UTF-8 text (first bad byte at offset {})",
            path.display(),
            e.utf8_error().valid_up_to()
        )
    })
}

fn same_file(a: &Path, b: &Path) -> bool {
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(x), Ok(y)) => x == y,
        _ => false,
    }
}

/// Write `data` to `out` atomically, refusing to overwrite any of `inputs`.
pub fn write_atomic(out: &Path, data: &[u8], inputs: &[&Path]) -> Result<(), String> {
    if inputs.iter().any(|i| same_file(i, out)) {
        return Err(format!(
            "refusing to write {}: it is an input file",
            out.display()
        ));
    }
    let dir = match out.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let name = out
        .file_name()
        .ok_or_else(|| format!("{} is not a file name", out.display()))?;
    let tmp = dir.join(format!(
        ".{}.{}.tmp",
        name.to_string_lossy(),
        std::process::id()
    ));
    let result = (|| {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(data)?;
        f.sync_all()?;
        std::fs::rename(&tmp, out)
    })();
    result.map_err(|e| {
        let _ = std::fs::remove_file(&tmp);
        format!("cannot write {}: {e}", out.display())
    })
}
